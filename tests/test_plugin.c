/* layer: strategies */
/*
 * test_plugin.c - strategies loaded from shared objects: the example plugin built by CMake
 * loads, takes its own parameters and plays; a library without the entry symbol, a missing
 * file, a table of another interface version or without its functions are clear errors (the
 * first two also as real shared objects built from tests/plugins/).
 */
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "plugin.h"
#include "strategy.h"

#define EXAMPLE CS_BINARY_DIR "/cs_example_plugin.so"

static void test_example_plugin_loads_with_its_name_and_defaults(void) {
    char err[512];
    cs_player *p = cs_player_create("plugin:" EXAMPLE, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_name(p), "example-low");
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "plugin:" EXAMPLE ":keep=low");
    cs_player_destroy(p);
}

static void test_example_plugin_rejects_an_unknown_parameter(void) {
    char err[512];
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:" EXAMPLE ":depth=2", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "no parameter 'depth'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "keep"));
    /* The plugin's own create() judges values. */
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:" EXAMPLE ":keep=middle", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "keep=middle"));
}

/* Plays games between the plugin (seat 0) and random; returns games completed. */
static int play(const char *spec, int games, cs_game_record *last) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    char err[512];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    cs_player *q = cs_player_create("random", err, sizeof err);
    if (p == NULL || q == NULL) return -1;
    cs_agent agents[2] = {cs_player_agent(p), cs_player_agent(q)};
    cs_game *g = cs_game_new();
    int done = 0;
    for (int i = 0; i < games; i++) {
        cs_player_new_game(p, &rules, 9, (uint64_t)i, 0);
        cs_player_new_game(q, &rules, 9, (uint64_t)i, 1);
        cs_game_begin(g, &rules, 9, (uint64_t)i, CS_FIRST_DEALER_CUT, agents);
        if (cs_game_run(g, NULL, NULL, last) == CS_OK) done++;
    }
    cs_game_free(g);
    cs_player_destroy(p);
    cs_player_destroy(q);
    return done;
}

static void test_example_plugin_plays_and_is_reproducible(void) {
    cs_game_record a, b;
    CU_ASSERT_EQUAL(play("plugin:" EXAMPLE, 200, &a), 200);
    CU_ASSERT_EQUAL(play("plugin:" EXAMPLE, 200, &b), 200);
    CU_ASSERT_EQUAL(memcmp(&a, &b, sizeof a), 0);
    CU_ASSERT_EQUAL(play("plugin:" EXAMPLE ":keep=high", 50, &a), 50);
}

static void test_missing_file_is_a_clear_error(void) {
    char err[512];
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:/nonexistent/x.so", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot load plugin '/nonexistent/x.so'"));
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs a path"));
    /* a bare name is looked up in the system's folders, not here: the message says to give a
     * path (and says nothing of it when a path was given) */
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:cs_no_such_plugin.so", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "give a path, ./NAME.so"));
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:/nonexistent/x.so", err, sizeof err));
    CU_ASSERT_PTR_NULL(strstr(err, "give a path"));
}

static void test_library_without_the_entry_symbol_is_a_clear_error(void) {
    char err[512];
    /* The C maths library is a shared object that is certainly not a plugin. */
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:libm.so.6", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "has no symbol cs_plugin_entry"));
}

/* Shared objects built by CMake from tests/plugins/, loaded as a user would load them. */
#define WRONG_VERSION CS_BINARY_DIR "/cs_bad_plugin_wrong_version.so"
#define NO_ENTRY      CS_BINARY_DIR "/cs_bad_plugin_no_entry.so"

static void test_built_plugin_of_another_interface_version_is_refused(void) {
    char err[512] = "";
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:" WRONG_VERSION, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "plugin '" WRONG_VERSION "'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "interface version 2"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs version 1"));
}

static void test_built_plugin_without_the_entry_symbol_is_refused(void) {
    char err[512] = "";
    CU_ASSERT_PTR_NULL(cs_player_create("plugin:" NO_ENTRY, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "plugin '" NO_ENTRY "'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "has no symbol cs_plugin_entry"));
}

static int nop_create(const char *const v[], void **self, char *err, size_t len) {
    (void)v;
    (void)err;
    (void)len;
    *self = NULL;
    return 0;
}
static void nop_destroy(void *self) {
    (void)self;
}
static void nop_new_game(void *self, const cs_plugin_rules *r, int32_t seat, uint64_t seed) {
    (void)self;
    (void)r;
    (void)seat;
    (void)seed;
}
static int nop_discard(void *self, const cs_plugin_view *v, uint8_t out[2]) {
    (void)self;
    (void)v;
    (void)out;
    return 0;
}
static int nop_play(void *self, const cs_plugin_view *v, uint8_t *out) {
    (void)self;
    (void)v;
    (void)out;
    return 0;
}

static cs_plugin_table good_table(void) {
    cs_plugin_table t = {CS_PLUGIN_INTERFACE_VERSION,
                         "nop",
                         1,
                         "does nothing",
                         NULL,
                         0,
                         nop_create,
                         nop_destroy,
                         nop_new_game,
                         nop_discard,
                         nop_play,
                         NULL};
    return t;
}

static void test_table_of_another_interface_version_is_refused(void) {
    char err[512];
    cs_plugin_table t = good_table();
    CU_ASSERT_EQUAL(cs_plugin_check_table(&t, "x.so", err, sizeof err), CS_OK);
    t.interface_version = CS_PLUGIN_INTERFACE_VERSION + 1;
    CU_ASSERT_EQUAL(cs_plugin_check_table(&t, "x.so", err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "interface version 2"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs version 1"));
    CU_ASSERT_EQUAL(cs_plugin_check_table(NULL, "x.so", err, sizeof err), CS_ECONFIG);
}

static void test_table_missing_a_function_is_refused(void) {
    char err[512];
    cs_plugin_table t = good_table();
    t.play = NULL;
    CU_ASSERT_EQUAL(cs_plugin_check_table(&t, "x.so", err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "has no play"));
    t = good_table();
    t.n_params = CS_PLUGIN_PARAMS_MAX + 1;
    CU_ASSERT_EQUAL(cs_plugin_check_table(&t, "x.so", err, sizeof err), CS_ECONFIG);
}

const char cs_suite_name[] = "plugin";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_example_plugin_loads_with_its_name_and_defaults),
    CS_TEST(test_example_plugin_rejects_an_unknown_parameter),
    CS_TEST(test_example_plugin_plays_and_is_reproducible),
    CS_TEST(test_missing_file_is_a_clear_error),
    CS_TEST(test_library_without_the_entry_symbol_is_a_clear_error),
    CS_TEST(test_built_plugin_of_another_interface_version_is_refused),
    CS_TEST(test_built_plugin_without_the_entry_symbol_is_refused),
    CS_TEST(test_table_of_another_interface_version_is_refused),
    CS_TEST(test_table_missing_a_function_is_refused),
    {NULL, NULL},
};

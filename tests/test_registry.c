/* layer: strategies */
/*
 * test_registry.c - the one list of built-in strategies: well formed, the ladder in order,
 * lookups that reject unknown names (listing what exists) and names registered twice.
 */
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "registry.h"

static void test_registry_passes_its_own_checks(void) {
    char err[256] = "";
    CU_ASSERT_EQUAL(cs_registry_validate(err, sizeof err), CS_OK);
    CU_ASSERT_STRING_EQUAL(err, "");
}

static void test_registry_lists_the_ladder_weakest_first(void) {
    /* The ladder, then the trained players: model (a linear model file) and nn (a network),
     * then habit (the second yardstick's players). */
    const char *ladder[] = {"random", "greedy", "expected", "expert", "mc", "model", "nn", "habit"};
    CU_ASSERT_EQUAL_FATAL(cs_registry_count(), 8);
    for (int i = 0; i < 8; i++) CU_ASSERT_STRING_EQUAL(cs_registry_at(i)->name, ladder[i]);
    CU_ASSERT_PTR_NULL(cs_registry_at(8));
    CU_ASSERT_PTR_NULL(cs_registry_at(-1));
}

/*
 * Each strategy's version, as `cribsim strategies` prints it and the results pages and
 * commit messages cite it ("mc version 8"): a version changes only when the strategy's
 * decisions do, deliberately, and then here too, so a slip of the number is caught.
 */
static void test_each_strategy_has_its_recorded_version(void) {
    const struct {
        const char *name;
        int version;
    } want[] = {{"random", 1}, {"greedy", 1}, {"expected", 1}, {"expert", 2},
                {"mc", 8},     {"model", 1},  {"nn", 1},       {"habit", 1}};
    int n = (int)(sizeof want / sizeof want[0]);
    CU_ASSERT_EQUAL_FATAL(cs_registry_count(), n);
    for (int i = 0; i < n; i++) {
        CU_ASSERT_STRING_EQUAL(cs_registry_at(i)->name, want[i].name);
        CU_ASSERT_EQUAL(cs_registry_at(i)->version, want[i].version);
    }
}

static void test_find_returns_each_strategy_by_its_name(void) {
    char err[256];
    for (int i = 0; i < cs_registry_count(); i++) {
        const char *name = cs_registry_at(i)->name;
        CU_ASSERT_PTR_EQUAL(cs_registry_find(name, strlen(name), err, sizeof err),
                            cs_registry_at(i));
    }
    /* The length bounds the name: "expected:peg=greedy" looks up "expected". */
    CU_ASSERT_PTR_EQUAL(cs_registry_find("expected:peg=greedy", 8, err, sizeof err),
                        cs_registry_at(2));
}

static void test_find_rejects_an_unknown_name_listing_the_strategies(void) {
    char err[512];
    CU_ASSERT_PTR_NULL(cs_registry_find("expectimax", 10, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown strategy 'expectimax'"));
    for (int i = 0; i < cs_registry_count(); i++)
        CU_ASSERT_PTR_NOT_NULL(strstr(err, cs_registry_at(i)->name));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "plugin:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "exec:"));
    /* A prefix of a name is not the name. */
    CU_ASSERT_PTR_NULL(cs_registry_find("ex", 2, err, sizeof err));
}

static int dummy_create(const cs_strategy_args *a, void **self, char *err, size_t len) {
    (void)a;
    (void)err;
    (void)len;
    *self = NULL;
    return 0;
}
static void dummy_destroy(void *self) {
    (void)self;
}
static void dummy_new_game(void *self, const cs_rules *r, int seat, cs_pcg32 rng) {
    (void)self;
    (void)r;
    (void)seat;
    (void)rng;
}
static int dummy_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    (void)self;
    (void)v;
    (void)out;
    return 0;
}
static int dummy_play(void *self, const cs_view *v, cs_card *out) {
    (void)self;
    (void)v;
    (void)out;
    return 0;
}

#define DUMMY(n)                                                                                   \
    {                                                                                              \
        n, 1, "test", NULL, NULL, 0, dummy_create, dummy_destroy, dummy_new_game, dummy_discard,   \
            dummy_play, NULL, NULL, NULL                                                           \
    }

static void test_a_name_registered_twice_is_rejected(void) {
    static const cs_strategy a = DUMMY("twin"), b = DUMMY("twin"), c = DUMMY("other");
    const cs_strategy *const list[] = {&a, &c, &b};
    char err[256];
    CU_ASSERT_EQUAL(cs_registry_check(list, 3, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "'twin' is registered twice"));
    CU_ASSERT_PTR_NULL(cs_registry_find_in(list, 3, "twin", 4, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "registered twice"));
    CU_ASSERT_PTR_EQUAL(cs_registry_find_in(list, 3, "other", 5, err, sizeof err), &c);
}

static void test_check_rejects_reserved_and_malformed_names(void) {
    static const cs_strategy plugin = DUMMY("plugin"), exec = DUMMY("exec"),
                             upper = DUMMY("Expected"), spaced = DUMMY("two words"),
                             empty = DUMMY("");
    const cs_strategy *const bad[] = {&plugin, &exec, &upper, &spaced, &empty};
    char err[256];
    for (int i = 0; i < 5; i++)
        CU_ASSERT_EQUAL(cs_registry_check(&bad[i], 1, err, sizeof err), CS_ECONFIG);
}

static void test_check_rejects_a_table_without_play(void) {
    static cs_strategy t = DUMMY("noplay");
    t.play = NULL;
    const cs_strategy *const list[] = {&t};
    char err[256];
    CU_ASSERT_EQUAL(cs_registry_check(list, 1, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "noplay"));
}

static void test_check_rejects_a_parameter_declared_twice(void) {
    static const cs_strategy_param params[] = {{"depth", "2", "d"}, {"depth", "3", "d"}};
    static cs_strategy t = DUMMY("twice");
    t.params = params;
    t.n_params = 2;
    const cs_strategy *const list[] = {&t};
    char err[256];
    CU_ASSERT_EQUAL(cs_registry_check(list, 1, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "'depth' is declared twice"));
}

const char cs_suite_name[] = "registry";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_registry_passes_its_own_checks),
    CS_TEST(test_registry_lists_the_ladder_weakest_first),
    CS_TEST(test_each_strategy_has_its_recorded_version),
    CS_TEST(test_find_returns_each_strategy_by_its_name),
    CS_TEST(test_find_rejects_an_unknown_name_listing_the_strategies),
    CS_TEST(test_a_name_registered_twice_is_rejected),
    CS_TEST(test_check_rejects_reserved_and_malformed_names),
    CS_TEST(test_check_rejects_a_table_without_play),
    CS_TEST(test_check_rejects_a_parameter_declared_twice),
    {NULL, NULL},
};

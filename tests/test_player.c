/* layer: strategies */
/*
 * test_player.c - seat specs: parsing "name:k=v,k=v", defaults filled in, the normalised spec
 * that parses back to itself, and clear errors for unknown strategies, unknown or repeated
 * parameters and bad values. Also the parameter helpers of spec.h.
 */
#include <stdio.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "spec.h"
#include "strategy.h"

static cs_player *make(const char *spec, char *err, size_t len) {
    return cs_player_create(spec, err, len);
}

static void test_defaults_are_spelled_out_in_the_normal_spec(void) {
    char err[256];
    cs_player *p = make("random", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "random");
    CU_ASSERT_STRING_EQUAL(cs_player_name(p), "random");
    cs_player_destroy(p);
    p = make("mc", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_name(p), "mc");
    CU_ASSERT_PTR_NOT_NULL(strstr(cs_player_spec(p), "mc:samples="));
    CU_ASSERT_PTR_NOT_NULL(strstr(cs_player_spec(p), ",objective="));
    cs_player_destroy(p);
}

static void test_parameters_come_out_in_declared_order(void) {
    char err[256];
    cs_player *p = make("mc:width=3,objective=points,samples=17", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(
        cs_player_spec(p),
        "mc:samples=17,objective=points,width=3,rollout=lookahead,hidden=plays,race=on,"
        "discard_samples=0,equal=0,rank=expert,opening=table,endwidth=2,tree=4,net=builtin,cutoff="
        "0,"
        "value=none");
    cs_player_destroy(p);
}

static void test_normal_spec_parses_back_to_itself(void) {
    const char *specs[] = {"random",
                           "greedy",
                           "expected",
                           "expected:peg=greedy",
                           "mc",
                           "mc:samples=9,objective=points",
                           "plugin:" CS_BINARY_DIR "/cs_example_plugin.so",
                           "plugin:" CS_BINARY_DIR "/cs_example_plugin.so:keep=high"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        char err[256], first[CS_SPEC_MAX];
        cs_player *p = make(specs[i], err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        snprintf(first, sizeof first, "%s", cs_player_spec(p));
        cs_player_destroy(p);
        p = make(first, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        CU_ASSERT_STRING_EQUAL(cs_player_spec(p), first);
        cs_player_destroy(p);
    }
}

static void test_unknown_strategy_lists_the_strategies(void) {
    char err[512];
    CU_ASSERT_PTR_NULL(make("minimax:depth=3", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown strategy 'minimax'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "random, greedy, expected, expert, mc"));
    CU_ASSERT_PTR_NULL(make("", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "empty seat spec"));
}

static void test_unknown_parameter_lists_the_parameters(void) {
    char err[512];
    CU_ASSERT_PTR_NULL(make("mc:budget=400", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "no parameter 'budget'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "samples, objective, width"));
    CU_ASSERT_PTR_NULL(make("random:seed=1", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "its parameters: none"));
}

static void test_malformed_and_repeated_parameters_are_errors(void) {
    char err[512];
    const char *bad[] = {
        "mc:samples",           "mc:=4", "mc:samples=", "mc:samples=4,", "mc:samples=4,samples=5",
        "mc:samples=4,,width=2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        CU_ASSERT_PTR_NULL(make(bad[i], err, sizeof err));
        CU_ASSERT(strlen(err) > 0);
    }
    CU_ASSERT_PTR_NULL(make("mc:samples=4,samples=5", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "given twice"));
}

static void test_bad_values_name_the_parameter_and_what_is_allowed(void) {
    char err[512];
    CU_ASSERT_PTR_NULL(make("mc:samples=lots", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "samples=lots"));
    CU_ASSERT_PTR_NULL(make("mc:samples=0", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "from 1 to"));
    CU_ASSERT_PTR_NULL(make("mc:objective=glory", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "points, win"));
    CU_ASSERT_PTR_NULL(make("expected:peg=psychic", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "lookahead, greedy"));
}

static void test_player_stream_depends_on_game_and_seat(void) {
    /* Two random players given the same view decide alike only with the same stream. */
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    char err[256];
    cs_player *p = make("random", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_card hand[6] = {0, 5, 10, 15, 20, 25};
    int left[2] = {6, 6}, score[2] = {0, 0};
    cs_view v = {.rules = &rules,
                 .seat = 0,
                 .dealer = 1,
                 .n_hand = 6,
                 .hand = hand,
                 .starter = CS_NO_CARD,
                 .cards_left = left,
                 .score = score};
    cs_agent a = cs_player_agent(p);
    int differ = 0;
    for (uint64_t game = 0; game < 20; game++) {
        cs_card x[2], y[2], z[2];
        cs_player_new_game(p, &rules, 3, game, 0);
        a.discard(a.self, &v, x);
        cs_player_new_game(p, &rules, 3, game, 0);
        a.discard(a.self, &v, y);
        CU_ASSERT(x[0] == y[0] && x[1] == y[1]);
        cs_player_new_game(p, &rules, 3, game, 1);
        a.discard(a.self, &v, z);
        differ += x[0] != z[0] || x[1] != z[1];
    }
    CU_ASSERT(differ > 10);
    cs_player_destroy(p);
}

static void test_agent_carries_the_spec_as_its_name(void) {
    char err[256];
    cs_player *p = make("expected", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_agent a = cs_player_agent(p);
    CU_ASSERT_STRING_EQUAL(a.name, cs_player_spec(p));
    CU_ASSERT_STRING_EQUAL(cs_player_error(p), "");
    CU_ASSERT_PTR_NOT_NULL(cs_player_strategy(p));
    cs_player_destroy(p);
}

static void test_spec_helpers_parse_integers_and_choices(void) {
    char err[256];
    long v;
    CU_ASSERT_EQUAL(cs_spec_int("s", "k", "42", 1, 100, &v, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL(v, 42);
    CU_ASSERT_EQUAL(cs_spec_int("s", "k", "101", 1, 100, &v, err, sizeof err), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_spec_int("s", "k", "4x", 1, 100, &v, err, sizeof err), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_spec_int("s", "k", "", 1, 100, &v, err, sizeof err), CS_ERANGE);
    const char *const choices[] = {"a", "b", NULL};
    int c;
    CU_ASSERT_EQUAL(cs_spec_choice("s", "k", "b", choices, &c, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL(c, 1);
    CU_ASSERT_EQUAL(cs_spec_choice("s", "k", "c", choices, &c, err, sizeof err), CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "not one of a, b"));
}

const char cs_suite_name[] = "player";
/* The counting-error keys are the seat's: taken out before the strategy reads its own, given
 * after them in the normal spec (miss=P when every kind is the same), and carried to the game
 * by the agent; a player without them carries none. */
static void test_counting_error_keys_belong_to_the_seat(void) {
    char err[256];
    cs_player *p = make("expected:miss=0.1", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "expected:peg=lookahead,miss=0.1");
    cs_agent a = cs_player_agent(p);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a.miss);
    for (int k = 0; k < CS_MISS_KINDS; k++)
        CU_ASSERT_EQUAL(a.miss->p[k], k == CS_MISS_RENEGE ? 0 : 0.1); /* miss= is the counts */
    cs_player_destroy(p);
    p = make("expected:miss_renege=0.2,miss=0.1", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "expected:peg=lookahead,miss=0.1,miss_renege=0.2");
    CU_ASSERT_EQUAL(cs_player_agent(p).miss->p[CS_MISS_RENEGE], 0.2);
    cs_player_destroy(p);

    /* an outside program's seat: the keys are in the block before the command (test_exec_agent
     * starts one with them) */
    cs_miss back;
    CU_ASSERT_EQUAL(
        cs_spec_miss("exec:timeout_ms=10000,miss_nobs=0.5:./agent --x=1", &back, err, sizeof err),
        1);
    CU_ASSERT_EQUAL(back.p[CS_MISS_NOBS], 0.5);
    CU_ASSERT_EQUAL(cs_spec_miss("exec:./agent miss=0.5", &back, err, sizeof err), 0);
    CU_ASSERT_EQUAL(cs_spec_miss("plugin:/x/y.so:k=1,miss=0.25", &back, err, sizeof err), 1);
    CU_ASSERT_EQUAL(back.p[CS_MISS_PAIRS], 0.25);
    CU_ASSERT_EQUAL(cs_spec_miss("expected:peg=lookahead", &back, err, sizeof err), 0);

    /* miss_KIND wins over miss= in either order; a kind at 0 is left out. */
    p = make("random:miss_nobs=0.25,miss=0.05,miss_last=0", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p),
                           "random:miss_fifteens=0.05,miss_pairs=0.05,miss_runs=0.05,"
                           "miss_flush=0.05,miss_nobs=0.25,miss_play=0.05");
    a = cs_player_agent(p);
    CU_ASSERT_EQUAL(a.miss->p[CS_MISS_NOBS], 0.25);
    CU_ASSERT_EQUAL(a.miss->p[CS_MISS_LAST], 0);
    CU_ASSERT_EQUAL(a.miss->p[CS_MISS_FIFTEENS], 0.05);
    /* the normal spec parses back to the same player */
    cs_player *q = make(cs_player_spec(p), err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(q), cs_player_spec(p));
    cs_player_destroy(q);
    cs_player_destroy(p);

    /* every chance 0: no model at all */
    p = make("greedy:miss=0", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "greedy");
    CU_ASSERT_PTR_NULL(cs_player_agent(p).miss);
    cs_player_destroy(p);
    p = make("greedy", err, sizeof err);
    CU_ASSERT_PTR_NULL(cs_player_agent(p).miss);
    cs_player_destroy(p);
}

static void test_counting_error_keys_refuse_bad_values_by_name(void) {
    char err[256];
    CU_ASSERT_PTR_NULL(make("expected:miss_nob=0.2", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown counting-error key 'miss_nob'"));
    const char *bad[] = {
        "expected:miss=1.5",      "expected:miss=-0.1", "expected:miss=",   "expected:miss",
        "expected:miss_runs=abc", "expected:miss=0.1x", "expected:miss=nan"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        CU_ASSERT_PTR_NULL(make(bad[i], err, sizeof err));
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "a number from 0 to 1"));
    }
    CU_ASSERT_PTR_NULL(make("expected:miss=0.1,miss=0.2", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "'miss' is given twice"));
    /* a strategy's own unknown key is still the strategy's error */
    CU_ASSERT_PTR_NULL(make("expected:missing=1", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "missing"));
}

const cs_test cs_suite_tests[] = {
    CS_TEST(test_defaults_are_spelled_out_in_the_normal_spec),
    CS_TEST(test_parameters_come_out_in_declared_order),
    CS_TEST(test_normal_spec_parses_back_to_itself),
    CS_TEST(test_unknown_strategy_lists_the_strategies),
    CS_TEST(test_unknown_parameter_lists_the_parameters),
    CS_TEST(test_malformed_and_repeated_parameters_are_errors),
    CS_TEST(test_bad_values_name_the_parameter_and_what_is_allowed),
    CS_TEST(test_player_stream_depends_on_game_and_seat),
    CS_TEST(test_agent_carries_the_spec_as_its_name),
    CS_TEST(test_spec_helpers_parse_integers_and_choices),
    CS_TEST(test_counting_error_keys_belong_to_the_seat),
    CS_TEST(test_counting_error_keys_refuse_bad_values_by_name),
    {NULL, NULL},
};

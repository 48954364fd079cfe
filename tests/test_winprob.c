/* layer: strategies */
/*
 * test_winprob.c - the win-probability tables behind mc's objective=win: probabilities, the
 * two sides' chances from one state adding to one (the dynamic programme is consistent), the
 * dealer's advantage, and the end of a fixed number of deals.
 */
#include "cu_main.h"
#include "error.h"
#include "winprob.h"

static cs_winprob build(cs_preset p, cs_crib_model *m) {
    cs_rules r;
    cs_rules_preset(p, &r);
    cs_crib_model_build(m, r.crib_flush_min);
    cs_winprob w;
    CU_ASSERT_EQUAL_FATAL(cs_winprob_build(&w, &r, m, 4000), CS_OK);
    return w;
}

/* The two sides' chances from the same state, one asked from each side, add to one. */
static void check_complement(const cs_winprob *w, int deals_done) {
    for (int a = 0; a < w->target; a += 7)
        for (int b = 0; b < w->target; b += 5)
            for (int dealer = 0; dealer < 2; dealer++) {
                int score[2] = {a, b};
                double p0 = cs_winprob_get(w, score, 0, dealer, deals_done);
                double p1 = cs_winprob_get(w, score, 1, dealer, deals_done);
                CU_ASSERT(p0 >= 0.0 && p0 <= 1.0);
                CU_ASSERT_DOUBLE_EQUAL(p0 + p1, 1.0, 1e-4);
            }
}

static void test_two_player_chances_are_complementary(void) {
    cs_crib_model m;
    cs_winprob w = build(CS_PRESET_TWO, &m);
    check_complement(&w, 3);
    cs_winprob_free(&w);
}

static void test_first_dealer_is_favoured_and_the_leader_more(void) {
    cs_crib_model m;
    cs_winprob w = build(CS_PRESET_TWO, &m);
    int even[2] = {0, 0}, ahead[2] = {60, 30}, over[2] = {121, 100};
    double deal = cs_winprob_get(&w, even, 0, 0, 0);
    CU_ASSERT(deal > 0.5 && deal < 0.65);
    CU_ASSERT(cs_winprob_get(&w, ahead, 0, 1, 0) > deal);
    CU_ASSERT_DOUBLE_EQUAL(cs_winprob_get(&w, over, 0, 1, 0), 1.0, 0);
    CU_ASSERT_DOUBLE_EQUAL(cs_winprob_get(&w, over, 1, 1, 0), 0.0, 0);
    /* Near the end the pone, who counts first, is the favourite when both need little. */
    int close[2] = {118, 118};
    CU_ASSERT(cs_winprob_get(&w, close, 0, 1, 0) > 0.6);
    cs_winprob_free(&w);
}

static void test_fixed_deals_end_with_the_higher_score(void) {
    cs_crib_model m;
    cs_winprob w = build(CS_PRESET_NZ_TOURNAMENT, &m);
    int ahead[2] = {50, 40}, tied[2] = {50, 50};
    /* After the last deal the scores decide; a tie is half a win. */
    CU_ASSERT_DOUBLE_EQUAL(cs_winprob_get(&w, ahead, 0, 0, 4), 1.0, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(cs_winprob_get(&w, tied, 0, 0, 4), 0.5, 1e-6);
    /* With deals left, ten points are a lead, not a certainty. */
    double p = cs_winprob_get(&w, ahead, 0, 0, 2);
    CU_ASSERT(p > 0.5 && p < 1.0);
    check_complement(&w, 1);
    cs_winprob_free(&w);
}

static void test_three_sides_share_the_whole_chance(void) {
    cs_crib_model m;
    cs_winprob w = build(CS_PRESET_THREE, &m);
    int score[3] = {40, 70, 55};
    double total = 0;
    for (int s = 0; s < 3; s++) total += cs_winprob_get(&w, score, s, 0, 2);
    CU_ASSERT_DOUBLE_EQUAL(total, 1.0, 1e-9);
    CU_ASSERT(cs_winprob_get(&w, score, 1, 0, 2) > cs_winprob_get(&w, score, 0, 0, 2));
    cs_winprob_free(&w);
}

const char cs_suite_name[] = "winprob";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_two_player_chances_are_complementary),
    CS_TEST(test_first_dealer_is_favoured_and_the_leader_more),
    CS_TEST(test_fixed_deals_end_with_the_higher_score),
    CS_TEST(test_three_sides_share_the_whole_chance),
    {NULL, NULL},
};

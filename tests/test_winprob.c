/* layer: strategies */
/*
 * test_winprob.c - the win-probability tables behind mc's objective=win: probabilities, the
 * two sides' chances from one state adding to one (the dynamic programme is consistent), the
 * dealer's advantage, the end of the game in the order a deal counts its points (checked
 * against deals played out with the real target), the end of a fixed number of deals and the
 * layer of the deals left, and the three- and four-hand mixture of the dealer's and the pones'
 * points (exact in a race to one point).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cu_main.h"
#include "dealsim.h"
#include "error.h"
#include "pcg32.h"
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
    /* Near the end the order of the points decides: the pegging comes before the shows, so
     * a dealer needing one point wins far more often than a pone needing four, who shows
     * first (a table that took the pone's whole deal first would give the pone 97%). */
    int near[2] = {120, 117};
    CU_ASSERT(cs_winprob_get(&w, near, 0, 0, 0) > 0.85);
    cs_winprob_free(&w);
}

/*
 * Plays `deals` deals of two hands of six from scores dealer_score and pone_score with the
 * real target: each seat lays away by expected's value, then the play by the rollout pegging
 * and the show in order, stopping at the target (dealsim.h), as a game does. Returns the
 * share the dealer wins; *open gets the share in which neither side reached the target.
 */
static double dealer_wins(const cs_rules *r, const cs_crib_model *m, int dealer_score,
                          int pone_score, int deals, double *open) {
    cs_pcg32 rng = cs_pcg32_derive(99, 1, CS_STREAM_STRATEGY, 0);
    int won = 0, undecided = 0;
    for (int d = 0; d < deals; d++) {
        cs_sim s;
        memset(&s, 0, sizeof s);
        s.rules = r;
        s.players = 2;
        s.hand_size = 4;
        s.dealer = d % 2;
        s.score[s.dealer] = dealer_score;
        s.score[1 - s.dealer] = pone_score;
        cs_cardset deck = CS_FULL_DECK;
        int n_crib = 0;
        for (int p = 0; p < 2; p++) {
            cs_card dealt[CS_MAX_DEALT];
            cs_cardset mine = 0;
            for (int i = 0; i < 6; i++) {
                dealt[i] = cs_cardset_draw(&deck, &rng);
                mine |= cs_cardset_of(dealt[i]);
            }
            cs_pool pool;
            cs_pool_init(&pool, CS_FULL_DECK & ~mine);
            cs_split splits[CS_SPLITS_MAX];
            int k = cs_splits(dealt, 6, 2, splits), best;
            cs_discard_best(r, splits, k, &pool, m, cs_crib_weight(r, p, s.dealer), &best, NULL);
            s.known[p] = mine;
            memcpy(s.kept[p], splits[best].keep, sizeof s.kept[p]);
            memcpy(s.hand[p], splits[best].keep, sizeof s.hand[p]);
            s.n_hand[p] = 4;
            for (int i = 0; i < 2; i++) s.crib[n_crib++] = splits[best].toss[i];
        }
        s.starter = cs_cardset_draw(&deck, &rng);
        cs_sim_heels(&s);
        cs_sim_start_play(&s);
        cs_sim_play_out(&s);
        cs_sim_show(&s);
        won += s.over && s.winner == s.dealer;
        undecided += !s.over;
    }
    *open = (double)undecided / deals;
    return (double)won / deals;
}

/* Where a deal all but surely ends the game, the table's chance is the chance of winning that
 * deal, measured here by playing deals out independently (other cards, the real target). */
static void test_the_end_follows_the_order_of_the_points(void) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_crib_model m;
    cs_crib_model_build(&m, r.crib_flush_min);
    cs_winprob w;
    CU_ASSERT_EQUAL_FATAL(cs_winprob_build(&w, &r, &m, 10000), CS_OK);
    const int need[][2] = {{1, 4}, {4, 1}, {3, 3}, {2, 6}, {6, 2}, {5, 5}};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
        int dealer = r.target - need[i][0], pone = r.target - need[i][1];
        double open, sim = dealer_wins(&r, &m, dealer, pone, 4000, &open);
        int score[2] = {dealer, pone};
        double table = cs_winprob_get(&w, score, 0, 0, 0);
        CU_ASSERT(open < 0.01);
        /* 4,000 deals here and 10,000 in the table: a standard error under 0.009 */
        if (fabs(table - sim) > 0.035)
            printf("\n  needs %d and %d: table %.3f, deals %.3f\n", need[i][0], need[i][1], table,
                   sim);
        CU_ASSERT(fabs(table - sim) <= 0.035);
    }
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

/*
 * With three or four sides every player's points per deal are the mixture of one dealer's and
 * n - 1 pones' (f + (n - 1) g) / n. A race to one point shows it exactly: from 0-0 with m0 the
 * mixture's chance of scoring nothing in a deal, the side that counts second (the dealer)
 * wins m0 (1 - m0) + m0^2 V0 and the side that counts first (1 - m0) + m0^2 V1, so
 * V1 = m0 / (1 + m0^2) and V0 = (1 - m0 + m0^2) / (1 + m0^2) (winprob.h's w[dealer is mine]).
 */
static void test_three_and_four_hand_tables_mix_one_dealer_with_the_pones(void) {
    const cs_preset presets[2] = {CS_PRESET_THREE, CS_PRESET_FOUR};
    for (int i = 0; i < 2; i++) {
        cs_rules r;
        cs_rules_preset(presets[i], &r);
        r.target = 1;
        cs_crib_model m;
        cs_crib_model_build(&m, r.crib_flush_min);
        cs_winprob w;
        CU_ASSERT_EQUAL_FATAL(cs_winprob_build(&w, &r, &m, 4000), CS_OK);
        int n = r.players;
        double m0 = (w.f[0] + (n - 1) * w.g[0]) / n;
        /* the pones score nothing in a deal far more often than the dealer (with the crib) */
        CU_ASSERT_TRUE(w.g[0] > w.f[0] + 1e-3);
        CU_ASSERT_DOUBLE_EQUAL(w.w[1], m0 / (1 + m0 * m0), 1e-6);
        CU_ASSERT_DOUBLE_EQUAL(w.w[0], (1 - m0 + m0 * m0) / (1 + m0 * m0), 1e-6);
        cs_winprob_free(&w);
    }
}

/* With a fixed number of deals the table reads the layer of the deals left: after the third of
 * four deals one deal is left, so a tie is not yet half a win (the last dealer is favoured,
 * the other side's chance the complement) and a one-point lead is not yet a win; a lead is
 * worth more with one deal left than with two. */
static void test_fixed_deals_read_the_layer_of_the_deals_left(void) {
    cs_crib_model m;
    cs_winprob w = build(CS_PRESET_NZ_TOURNAMENT, &m);
    CU_ASSERT_EQUAL_FATAL(w.layers, 5);
    int tied[2] = {60, 60}, ahead[2] = {61, 60}, far[2] = {80, 50};
    double deal = cs_winprob_get(&w, tied, 0, 0, 3), pone = cs_winprob_get(&w, tied, 0, 1, 3);
    CU_ASSERT(deal > 0.55 && deal < 0.8);
    CU_ASSERT_DOUBLE_EQUAL(deal + pone, 1.0, 1e-4);
    double lead = cs_winprob_get(&w, ahead, 0, 1, 3);
    CU_ASSERT(lead > pone && lead < 0.99);
    CU_ASSERT_DOUBLE_EQUAL(cs_winprob_get(&w, ahead, 0, 1, 4), 1.0, 1e-6);
    double one_left = cs_winprob_get(&w, far, 0, 1, 3), two_left = cs_winprob_get(&w, far, 0, 1, 2);
    CU_ASSERT(one_left > two_left && one_left < 1.0 && two_left > 0.5);
    cs_winprob_free(&w);
}

const char cs_suite_name[] = "winprob";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_two_player_chances_are_complementary),
    CS_TEST(test_first_dealer_is_favoured_and_the_leader_more),
    CS_TEST(test_the_end_follows_the_order_of_the_points),
    CS_TEST(test_fixed_deals_end_with_the_higher_score),
    CS_TEST(test_three_sides_share_the_whole_chance),
    CS_TEST(test_three_and_four_hand_tables_mix_one_dealer_with_the_pones),
    CS_TEST(test_fixed_deals_read_the_layer_of_the_deals_left),
    {NULL, NULL},
};

/* layer: experiments */
/*
 * test_stats.c - Wilson intervals, Elo conversions and the SPRT (experiments/runner/stats.h).
 */
#include <math.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "stats.h"

/* Newcombe (1998), table I: Wilson score intervals at 95%, the published reference values. */
static void test_wilson_matches_newcombe_reference_values(void) {
    double lo, hi;
    cs_wilson(81, 263, CS_Z95, &lo, &hi); /* 81/263: 0.2553 to 0.3662 */
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.2553, 5e-4);
    CU_ASSERT_DOUBLE_EQUAL(hi, 0.3662, 5e-4);
    cs_wilson(15, 148, CS_Z95, &lo, &hi); /* 15/148: 0.0624 to 0.1605 */
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.0624, 5e-4);
    CU_ASSERT_DOUBLE_EQUAL(hi, 0.1605, 5e-4);
    cs_wilson(0, 20, CS_Z95, &lo, &hi); /* 0/20: 0 to 0.1611 */
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(hi, 0.1611, 5e-4);
    cs_wilson(1, 29, CS_Z95, &lo, &hi); /* 1/29: 0.0061 to 0.1718 */
    CU_ASSERT_DOUBLE_EQUAL(lo, 0.0061, 5e-4);
    CU_ASSERT_DOUBLE_EQUAL(hi, 0.1718, 5e-4);
}

static void test_wilson_contains_rate_and_narrows_with_more_games(void) {
    double lo1, hi1, lo2, hi2;
    cs_wilson(60, 100, CS_Z95, &lo1, &hi1);
    cs_wilson(6000, 10000, CS_Z95, &lo2, &hi2);
    CU_ASSERT(lo1 < 0.6 && 0.6 < hi1);
    CU_ASSERT(lo2 < 0.6 && 0.6 < hi2);
    CU_ASSERT(hi2 - lo2 < (hi1 - lo1) / 5);
}

static void test_wilson_with_no_games_is_everything(void) {
    double lo, hi;
    cs_wilson(0, 0, CS_Z95, &lo, &hi);
    CU_ASSERT_EQUAL(lo, 0.0);
    CU_ASSERT_EQUAL(hi, 1.0);
}

static void test_wilson_all_wins_stays_within_one(void) {
    double lo, hi;
    cs_wilson(50, 50, CS_Z95, &lo, &hi);
    CU_ASSERT(hi <= 1.0);
    CU_ASSERT(lo > 0.9 && lo < 1.0);
}

static void test_elo_and_score_are_inverse(void) {
    CU_ASSERT_DOUBLE_EQUAL(cs_elo_from_score(0.5), 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_score_from_elo(0.0), 0.5, 1e-12);
    /* 400 Elo means ten to one: a score of 10/11. */
    CU_ASSERT_DOUBLE_EQUAL(cs_score_from_elo(400.0), 10.0 / 11.0, 1e-12);
    for (double s = 0.05; s < 1.0; s += 0.1)
        CU_ASSERT_DOUBLE_EQUAL(cs_score_from_elo(cs_elo_from_score(s)), s, 1e-12);
    /* known values of the logistic model: three to one is 400 log10(3), nine to one
     * 400 log10(9) */
    CU_ASSERT_DOUBLE_EQUAL(cs_elo_from_score(0.75), 190.848501887865, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(cs_elo_from_score(0.9), 381.697003775730, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(cs_elo_from_score(0.25), -190.848501887865, 1e-9);
    CU_ASSERT(isinf(cs_elo_from_score(1.0)) && cs_elo_from_score(1.0) > 0);
    CU_ASSERT(isinf(cs_elo_from_score(0.0)) && cs_elo_from_score(0.0) < 0);
}

static void test_sprt_bounds_are_walds(void) {
    cs_sprt t;
    CU_ASSERT_EQUAL(cs_sprt_init(&t, 0, 10, 0.05, 0.05), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.upper, log(19.0), 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(t.lower, -log(19.0), 1e-12);
    CU_ASSERT_EQUAL(cs_sprt_init(&t, 0, 10, 0.01, 0.2), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.upper, log(0.8 / 0.01), 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(t.lower, log(0.2 / 0.99), 1e-12);
}

static void test_sprt_wins_accept_h1_and_losses_accept_h0(void) {
    cs_sprt t;
    cs_sprt_init(&t, 0, 20, 0.05, 0.05);
    int n = 0;
    while (cs_sprt_decide(&t) == CS_SPRT_CONTINUE && n < 100000) cs_sprt_add(&t, 1), n++;
    CU_ASSERT_EQUAL(cs_sprt_decide(&t), CS_SPRT_H1);
    CU_ASSERT(n > 1);
    cs_sprt_init(&t, 0, 20, 0.05, 0.05);
    n = 0;
    while (cs_sprt_decide(&t) == CS_SPRT_CONTINUE && n < 100000) cs_sprt_add(&t, -1), n++;
    CU_ASSERT_EQUAL(cs_sprt_decide(&t), CS_SPRT_H0);
    CU_ASSERT_EQUAL(t.losses, (uint64_t)n);
}

static void test_sprt_llr_is_the_bernoulli_likelihood_ratio(void) {
    cs_sprt t;
    cs_sprt_init(&t, -10, 10, 0.05, 0.05);
    double p0 = 1 / (1 + pow(10, 10.0 / 400)), p1 = 1 / (1 + pow(10, -10.0 / 400));
    for (int i = 0; i < 7; i++) cs_sprt_add(&t, 1);
    for (int i = 0; i < 3; i++) cs_sprt_add(&t, -1);
    cs_sprt_add(&t, 0);
    double want = 7 * log(p1 / p0) + 3 * log((1 - p1) / (1 - p0)) +
                  0.5 * (log(p1 / p0) + log((1 - p1) / (1 - p0)));
    CU_ASSERT_DOUBLE_EQUAL(t.llr, want, 1e-12);
    CU_ASSERT_EQUAL(t.wins, 7);
    CU_ASSERT_EQUAL(t.losses, 3);
    CU_ASSERT_EQUAL(t.ties, 1);
}

static void test_sprt_parse_reads_two_or_four_numbers(void) {
    cs_sprt t;
    char why[256];
    CU_ASSERT_EQUAL(cs_sprt_parse("0,10", &t, why, sizeof why), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.alpha, 0.05, 1e-12);
    CU_ASSERT_EQUAL(cs_sprt_parse("-5,5,0.01,0.1", &t, why, sizeof why), 0);
    CU_ASSERT_DOUBLE_EQUAL(t.elo0, -5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(t.beta, 0.1, 1e-12);
}

static void test_sprt_parse_rejects_bad_text_naming_it(void) {
    cs_sprt t;
    char why[256];
    const char *bad[] = {
        "",     "10",          "0,10,",         "0,10,0.05", "a,b", "0,10,0.05,0.05,1",
        "10,0", "0,10,0,0.05", "0,10,0.05,0.9", "0;10"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        CU_ASSERT_NOT_EQUAL(cs_sprt_parse(bad[i], &t, why, sizeof why), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(why, "--sprt"));
    }
}

const char cs_suite_name[] = "stats";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_wilson_matches_newcombe_reference_values),
    CS_TEST(test_wilson_contains_rate_and_narrows_with_more_games),
    CS_TEST(test_wilson_with_no_games_is_everything),
    CS_TEST(test_wilson_all_wins_stays_within_one),
    CS_TEST(test_elo_and_score_are_inverse),
    CS_TEST(test_sprt_bounds_are_walds),
    CS_TEST(test_sprt_wins_accept_h1_and_losses_accept_h0),
    CS_TEST(test_sprt_llr_is_the_bernoulli_likelihood_ratio),
    CS_TEST(test_sprt_parse_reads_two_or_four_numbers),
    CS_TEST(test_sprt_parse_rejects_bad_text_naming_it),
    {NULL, NULL},
};

/* layer: engine */
/*
 * test_pcg32.c - the generator against O'Neill's reference vectors, its bounded draws, its
 * jumps and the stream derivation the seeding scheme relies on.
 */
#include <math.h>
#include <string.h>

#include "cu_main.h"
#include "pcg32.h"

/* pcg32-global-demo's first outputs for seed 42, stream 54 (the published reference run). */
static void test_pcg32_reference_vectors_seed42_stream54(void) {
    static const uint32_t expected[6] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                         0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
    cs_pcg32 rng;
    cs_pcg32_seed(&rng, 42u, 54u);
    for (int i = 0; i < 6; i++) CU_ASSERT_EQUAL(cs_pcg32_next(&rng), expected[i]);
}

static void test_pcg32_bounded_stays_in_range(void) {
    cs_pcg32 rng;
    cs_pcg32_seed(&rng, 1u, 2u);
    static const uint32_t bounds[] = {1, 2, 3, 7, 52, 1000, 0x80000001u, 0xFFFFFFFFu};
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
        int ok = 1;
        for (int i = 0; i < 20000; i++) ok &= cs_pcg32_bounded(&rng, bounds[b]) < bounds[b];
        CU_ASSERT_TRUE(ok);
    }
}

/*
 * Chi-square of 520,000 draws in [0, 52): with 51 degrees of freedom the statistic exceeds
 * 90 with probability about 0.0006, so a correct generator passes and a biased one (say,
 * next() % 52 with a broken generator, or an off-by-one bound) fails.
 */
static void test_pcg32_bounded_is_uniform_chi_square(void) {
    cs_pcg32 rng;
    cs_pcg32_seed(&rng, 12345u, 678u);
    enum { BINS = 52, DRAWS = 520000 };
    int counts[BINS];
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < DRAWS; i++) counts[cs_pcg32_bounded(&rng, BINS)]++;
    double expected = (double)DRAWS / BINS, chi = 0;
    for (int i = 0; i < BINS; i++)
        chi += (counts[i] - expected) * (counts[i] - expected) / expected;
    CU_ASSERT_TRUE(chi < 90.0);
    CU_ASSERT_TRUE(chi > 20.0); /* far too even is as suspicious: P(chi < 20) ~ 3e-5 */
}

/*
 * A bound of 3 * 2^30 shows both classic biases plainly. Modulo (next() % bound) maps the
 * outputs below 2^30 twice, so the low half [0, 1.5 * 2^30) would come up with p = 0.625.
 * Lemire's multiply-shift without its rejection step gives every value v = 0 (mod 3) two of
 * the 2^32 inputs and the others one, so v % 3 == 0 would come up with p = 1/2 instead of
 * 1/3, while the halves stay balanced. The rejection step must remove both.
 */
static void test_pcg32_bounded_large_bound_unbiased(void) {
    cs_pcg32 rng;
    cs_pcg32_seed(&rng, 99u, 7u);
    const uint32_t bound = 0xC0000000u; /* 3 * 2^30 */
    int low = 0, multiple_of_3 = 0;
    const int draws = 300000;
    for (int i = 0; i < draws; i++) {
        uint32_t v = cs_pcg32_bounded(&rng, bound);
        low += v < bound / 2;
        multiple_of_3 += v % 3 == 0;
    }
    /* Unbiased: p = 1/2 (sd 274) and p = 1/3 (sd 258); five sd either side. */
    CU_ASSERT_TRUE(fabs(low - draws / 2.0) < 5 * 274);
    CU_ASSERT_TRUE(fabs(multiple_of_3 - draws / 3.0) < 5 * 258);
}

static void test_pcg32_advance_matches_stepping(void) {
    cs_pcg32 a, b;
    cs_pcg32_seed(&a, 42u, 54u);
    b = a;
    for (int i = 0; i < 1000; i++) (void)cs_pcg32_next(&a);
    cs_pcg32_advance(&b, 1000);
    CU_ASSERT_EQUAL(a.state, b.state);
    CU_ASSERT_EQUAL(cs_pcg32_next(&a), cs_pcg32_next(&b));
}

static void test_pcg32_advance_then_back_restores_state(void) {
    cs_pcg32 rng, start;
    cs_pcg32_seed(&rng, 42u, 54u);
    start = rng;
    const int64_t jumps[] = {1, 7, 1000003, (int64_t)1 << 40, INT64_MAX};
    for (size_t i = 0; i < sizeof jumps / sizeof jumps[0]; i++) {
        cs_pcg32_advance(&rng, jumps[i]);
        CU_ASSERT_NOT_EQUAL(rng.state, start.state);
        cs_pcg32_advance(&rng, -jumps[i]);
        CU_ASSERT_EQUAL(rng.state, start.state);
        CU_ASSERT_EQUAL(rng.inc, start.inc);
    }
    /* Going back one step then drawing repeats the last output. */
    uint32_t x = cs_pcg32_next(&rng);
    cs_pcg32_advance(&rng, -1);
    CU_ASSERT_EQUAL(cs_pcg32_next(&rng), x);
}

static void test_pcg32_derive_is_deterministic_and_separates_streams(void) {
    cs_pcg32 a = cs_pcg32_derive(7, 100, CS_STREAM_DEAL, 3);
    cs_pcg32 b = cs_pcg32_derive(7, 100, CS_STREAM_DEAL, 3);
    CU_ASSERT_EQUAL(a.state, b.state);
    CU_ASSERT_EQUAL(a.inc, b.inc);
    /* Changing any one of seed, game, purpose or index changes the first outputs. */
    cs_pcg32 others[4] = {
        cs_pcg32_derive(8, 100, CS_STREAM_DEAL, 3), cs_pcg32_derive(7, 101, CS_STREAM_DEAL, 3),
        cs_pcg32_derive(7, 100, CS_STREAM_STRATEGY, 3), cs_pcg32_derive(7, 100, CS_STREAM_DEAL, 4)};
    uint32_t first[4];
    for (int i = 0; i < 4; i++) first[i] = cs_pcg32_next(&others[i]);
    uint32_t base = cs_pcg32_next(&a);
    for (int i = 0; i < 4; i++) CU_ASSERT_NOT_EQUAL(first[i], base);
}

/* The seeding scheme is a contract (the same seed deals the same cards in every version), so
 * its stream derivation is pinned to values computed once and kept: a change to the mixing of
 * (seed, game, purpose, index) fails here. */
static void test_pcg32_derive_pinned_known_values(void) {
    cs_pcg32 deal = cs_pcg32_derive(1, 0, CS_STREAM_DEAL, 0);
    CU_ASSERT_EQUAL(cs_pcg32_next(&deal), 1186128048u);
    CU_ASSERT_EQUAL(cs_pcg32_next(&deal), 393792368u);
    cs_pcg32 strat = cs_pcg32_derive(20240501, 12345, CS_STREAM_STRATEGY, 3);
    CU_ASSERT_EQUAL(cs_pcg32_next(&strat), 498411127u);
    cs_pcg32 cut = cs_pcg32_derive(7, 99, CS_STREAM_CUT, 0);
    CU_ASSERT_EQUAL(cs_pcg32_next(&cut), 1257397493u);
    cs_pcg32 event = cs_pcg32_derive(1, 2, CS_STREAM_EVENT, 0);
    CU_ASSERT_EQUAL(cs_pcg32_next(&event), 1158232518u);
}

const char cs_suite_name[] = "pcg32";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_pcg32_reference_vectors_seed42_stream54),
    CS_TEST(test_pcg32_bounded_stays_in_range),
    CS_TEST(test_pcg32_bounded_is_uniform_chi_square),
    CS_TEST(test_pcg32_bounded_large_bound_unbiased),
    CS_TEST(test_pcg32_advance_matches_stepping),
    CS_TEST(test_pcg32_advance_then_back_restores_state),
    CS_TEST(test_pcg32_derive_is_deterministic_and_separates_streams),
    CS_TEST(test_pcg32_derive_pinned_known_values),
    {NULL, NULL},
};

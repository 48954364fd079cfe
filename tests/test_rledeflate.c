/* layer: experiments */
/*
 * test_rledeflate.c - the run file's deflate (experiments/io/rledeflate.h): whatever the planes
 * hold, zlib's own inflate gives back the very bytes (and so checks the Adler-32 too); runs,
 * matches at 256 and one-value planes are as small as they should be; a code that would be
 * longer than the format allows is cut down; incompressible bytes go stored; a buffer too small
 * or too large is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cu_main.h"
#include "pcg32.h"
#include "rledeflate.h"

/* Deflates in[0..n) in planes of `plane`, checks zlib inflates it back to the same bytes, and
 * returns the compressed size (0 on any failure, after a failed assertion). */
static size_t round_trip(const unsigned char *in, size_t n, size_t plane) {
    cs_rle_deflater *z = cs_rle_deflate_new(n, plane);
    CU_ASSERT_PTR_NOT_NULL_FATAL(z);
    size_t cap = cs_rle_deflate_bound(n, plane);
    unsigned char *out = malloc(cap), *back = malloc(n + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    size_t m = cs_rle_deflate(z, in, n, out, cap);
    CU_ASSERT(m > 0 && m <= cap);
    uLongf got = (uLongf)n + 1;
    int rc = uncompress(back, &got, out, (uLong)m);
    CU_ASSERT_EQUAL(rc, Z_OK);
    CU_ASSERT_EQUAL(got, n);
    int same = rc == Z_OK && got == n && memcmp(back, in, n) == 0;
    CU_ASSERT(same);
    if (!same)
        fprintf(stderr, "round trip failed: %zu bytes in planes of %zu (zlib %d)\n", n, plane, rc);
    free(out);
    free(back);
    cs_rle_deflate_free(z);
    return same ? m : 0;
}

/* Plane kinds, as a shuffled chunk of run-file rows has them. */
enum { ONE_VALUE, CARDS, TWO_RANDOM, ALTERNATING, RUNS, COUNTER, SKEWED, BYTES, KINDS };

static void fill_plane(unsigned char *p, size_t len, int kind, cs_pcg32 *rng) {
    unsigned v = cs_pcg32_bounded(rng, 256);
    for (size_t i = 0; i < len; i++) {
        switch (kind) {
        case ONE_VALUE: p[i] = (unsigned char)v; break;
        case CARDS: p[i] = (unsigned char)cs_pcg32_bounded(rng, 52); break;
        case TWO_RANDOM: p[i] = (unsigned char)cs_pcg32_bounded(rng, 2); break;
        case ALTERNATING: p[i] = (unsigned char)(i % 2); break;
        case RUNS: /* a game's number, repeated for its dozen deals or so */
            if (cs_pcg32_bounded(rng, 12) == 0) v++;
            p[i] = (unsigned char)v;
            break;
        case COUNTER: p[i] = (unsigned char)(v + i); break;
        case SKEWED: /* mostly one value, now and then one of eight others */
            p[i] = (unsigned char)(cs_pcg32_bounded(rng, 16) ? 0xff : cs_pcg32_bounded(rng, 8));
            break;
        default: p[i] = (unsigned char)cs_pcg32_next(rng); break;
        }
    }
}

static void test_rledeflate_every_plane_kind_round_trips(void) {
    enum { ROWS = 8192 };
    unsigned char *in = malloc((size_t)ROWS * KINDS * 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    cs_pcg32 rng = cs_pcg32_derive(7, 0, CS_STREAM_DEAL, 0);
    /* every kind after every other (a block joins one-value planes to its neighbour) */
    for (int k = 0; k < 2 * KINDS; k++)
        fill_plane(in + (size_t)k * ROWS, ROWS, k < KINDS ? k : (k * 3) % KINDS, &rng);
    CU_ASSERT(round_trip(in, (size_t)ROWS * KINDS * 2, ROWS) > 0);
    free(in);
}

/* A few shapes of chunk, many times, from a fixed seed: plane sizes from 1 to past a stored
 * block's 65,535 bytes, lengths that are not a whole number of planes, any mix of kinds. */
static void test_rledeflate_random_shapes_round_trip(void) {
    cs_pcg32 rng = cs_pcg32_derive(11, 0, CS_STREAM_DEAL, 0);
    static const size_t planes[] = {1, 2, 3, 7, 255, 256, 257, 1000, 8192, 70000};
    for (int trial = 0; trial < 200; trial++) {
        size_t plane = planes[cs_pcg32_bounded(&rng, 10)];
        size_t n_planes = 1 + cs_pcg32_bounded(&rng, plane > 10000 ? 3 : 40);
        size_t n = plane * n_planes - cs_pcg32_bounded(&rng, (uint32_t)plane);
        unsigned char *in = malloc(n + 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(in);
        for (size_t at = 0; at < n; at += plane)
            fill_plane(in + at, n - at < plane ? n - at : plane, (int)cs_pcg32_bounded(&rng, KINDS),
                       &rng);
        if (round_trip(in, n, plane) == 0) {
            fprintf(stderr, "trial %d\n", trial);
            free(in);
            return;
        }
        free(in);
    }
}

static void test_rledeflate_empty_and_tiny_inputs(void) {
    unsigned char one = 42, two[2] = {1, 2};
    CU_ASSERT(round_trip(&one, 0, 8) > 0);
    CU_ASSERT(round_trip(&one, 1, 8) > 0);
    CU_ASSERT(round_trip(two, 2, 1) > 0);
    CU_ASSERT(round_trip(two, 2, 2) > 0);
}

/* One-value planes and runs cost a few bytes per 258; a counter's low byte costs its first
 * 256 bytes and then a few bytes per 258; bytes of eight random bits are stored, a few bytes
 * over their size. */
static void test_rledeflate_sizes_are_what_the_planes_allow(void) {
    enum { ROWS = 16384 };
    unsigned char *in = malloc(4 * ROWS);
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    cs_pcg32 rng = cs_pcg32_derive(3, 0, CS_STREAM_DEAL, 0);
    memset(in, 0xff, 4 * ROWS);
    size_t flat = round_trip(in, 4 * ROWS, ROWS);
    CU_ASSERT(flat > 0 && flat < 4 * ROWS / 258 * 3 + 64);
    fill_plane(in, ROWS, COUNTER, &rng);
    size_t counter = round_trip(in, ROWS, ROWS);
    CU_ASSERT(counter > 0 && counter < 256 + ROWS / 258 * 4 + 200);
    fill_plane(in, 4 * ROWS, BYTES, &rng);
    size_t random = round_trip(in, 4 * ROWS, ROWS);
    CU_ASSERT(random >= 4 * ROWS && random <= cs_rle_deflate_bound(4 * ROWS, ROWS));
    fill_plane(in, ROWS, CARDS, &rng); /* about 5.7 bits a card */
    size_t cards = round_trip(in, ROWS, ROWS);
    CU_ASSERT(cards > ROWS * 5.6 / 8 && cards < ROWS * 5.9 / 8 + 100);
    /* four planes of cards share one block and code, no larger than four blocks */
    for (int k = 1; k < 4; k++) fill_plane(in + k * ROWS, ROWS, CARDS, &rng);
    size_t four = round_trip(in, 4 * ROWS, ROWS);
    CU_ASSERT(four > 0 && four <= 4 * cards);
    free(in);
}

/* Frequencies in a Fibonacci sequence make an optimal code as deep as there are symbols; the
 * deflate format allows 15 bits, so the code must be cut down and still be complete. */
static void test_rledeflate_deep_code_is_limited(void) {
    unsigned char *in = malloc(1 << 20);
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    size_t n = 0;
    uint64_t a = 1, b = 1;
    for (int sym = 0; sym < 28 && n + b <= (1 << 20); sym++) {
        for (uint64_t k = 0; k < b; k++) in[n++] = (unsigned char)(sym * 5);
        uint64_t c = a + b;
        a = b;
        b = c;
    }
    cs_pcg32 rng = cs_pcg32_derive(5, 0, CS_STREAM_DEAL, 0);
    for (size_t i = n - 1; i > 0; i--) { /* shuffle */
        size_t j = cs_pcg32_bounded(&rng, (uint32_t)i + 1);
        unsigned char t = in[i];
        in[i] = in[j];
        in[j] = t;
    }
    size_t m = round_trip(in, n, n);
    CU_ASSERT(m > 0 && m < n / 2); /* most bytes are the two commonest symbols */
    free(in);
}

/* A one-value plane longer than Adler-32's modulus: its sum is taken in closed form. */
static void test_rledeflate_long_run_checksum(void) {
    size_t n = 300000;
    unsigned char *in = malloc(n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    memset(in, 0xfe, n);
    CU_ASSERT(round_trip(in, n, n) > 0);
    in[n - 1] = 1; /* and as the tail of a plane that is not */
    CU_ASSERT(round_trip(in, n, 100000) > 0);
    free(in);
}

static void test_rledeflate_refuses_what_does_not_fit(void) {
    CU_ASSERT_PTR_NULL(cs_rle_deflate_new(100, 0));
    cs_rle_deflater *z = cs_rle_deflate_new(1000, 100);
    CU_ASSERT_PTR_NOT_NULL_FATAL(z);
    unsigned char in[2000] = {0}, out[4000];
    size_t cap = cs_rle_deflate_bound(1000, 100);
    CU_ASSERT(cap <= sizeof out);
    CU_ASSERT_EQUAL(cs_rle_deflate(z, in, 1000, out, cap - 1), 0);    /* room too small */
    CU_ASSERT_EQUAL(cs_rle_deflate(z, in, 1001, out, sizeof out), 0); /* more than made for */
    CU_ASSERT(cs_rle_deflate(z, in, 1000, out, cap) > 0);
    cs_rle_deflate_free(z);
    cs_rle_deflate_free(NULL);
}

const char cs_suite_name[] = "rledeflate";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_rledeflate_every_plane_kind_round_trips),
    CS_TEST(test_rledeflate_random_shapes_round_trip),
    CS_TEST(test_rledeflate_empty_and_tiny_inputs),
    CS_TEST(test_rledeflate_sizes_are_what_the_planes_allow),
    CS_TEST(test_rledeflate_deep_code_is_limited),
    CS_TEST(test_rledeflate_long_run_checksum),
    CS_TEST(test_rledeflate_refuses_what_does_not_fit),
    {NULL, NULL},
};

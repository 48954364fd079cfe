/* layer: strategies */
/*
 * test_handvalue.c - the exact expectations behind expected's discards, held to brute force:
 * the hand over every starter against the mean of cs_show_score(), and the crib model against
 * an enumeration of every crib and starter card by card.
 */
#include <math.h>
#include <string.h>

#include "cu_main.h"
#include "handvalue.h"
#include "pcg32.h"
#include "score.h"

static cs_card draw(cs_cardset *deck, cs_pcg32 *rng) {
    for (;;) {
        cs_card c = (cs_card)cs_pcg32_bounded(rng, CS_DECK_SIZE);
        if (cs_cardset_has(*deck, c)) {
            *deck &= ~cs_cardset_of(c);
            return c;
        }
    }
}

static void test_hand_expectation_is_the_mean_over_every_starter(void) {
    cs_pcg32 rng = cs_pcg32_derive(11, 0, CS_STREAM_STRATEGY, 0);
    for (int trial = 0; trial < 2000; trial++) {
        int n = trial % 3 == 0 ? 3 : 4;
        int flush_min = n == 3 ? 3 : (trial & 1 ? 4 : 5);
        cs_cardset deck = CS_FULL_DECK;
        cs_card hand[4];
        /* Often a one-suit hand with a jack, to exercise flush and nobs. */
        for (int i = 0; i < n; i++) hand[i] = draw(&deck, &rng);
        if (trial % 4 == 1) {
            for (int i = 0; i < n; i++) deck |= cs_cardset_of(hand[i]);
            int suit = trial % 16 / 4;
            hand[0] = cs_card_make(CS_JACK, suit);
            deck &= ~cs_cardset_of(hand[0]);
            for (int i = 1; i < n; i++) {
                cs_card c;
                do c = cs_card_make((int)cs_pcg32_bounded(&rng, 13), suit);
                while (!cs_cardset_has(deck, c));
                hand[i] = c;
                deck &= ~cs_cardset_of(c);
            }
        }
        /* The pool also misses a few more cards, as a seat's unseen cards do. */
        for (int i = 0; i < 2; i++) draw(&deck, &rng);
        cs_pool pool;
        cs_pool_init(&pool, deck);
        double sum = 0;
        for (int c = 0; c < CS_DECK_SIZE; c++)
            if (cs_cardset_has(deck, (cs_card)c))
                sum += cs_show_score(hand, n, (cs_card)c, flush_min);
        CU_ASSERT_DOUBLE_EQUAL(cs_hand_expect(hand, n, &pool, flush_min), sum / pool.n, 1e-9);
    }
}

/* E[crib] for discards d[0..k-1], enumerating every other crib card set and starter. */
static double crib_brute(const cs_card d[], int k, int flush_min) {
    cs_cardset deck = CS_FULL_DECK;
    for (int i = 0; i < k; i++) deck &= ~cs_cardset_of(d[i]);
    cs_card rest[CS_DECK_SIZE];
    int n = 0;
    for (int c = 0; c < CS_DECK_SIZE; c++)
        if (cs_cardset_has(deck, (cs_card)c)) rest[n++] = (cs_card)c;
    double sum = 0, count = 0;
    cs_card crib[4];
    for (int i = 0; i < k; i++) crib[i] = d[i];
    if (k == 2) {
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                crib[2] = rest[a];
                crib[3] = rest[b];
                for (int s = 0; s < n; s++) {
                    if (s == a || s == b) continue;
                    sum += cs_show_score(crib, 4, rest[s], flush_min);
                    count++;
                }
            }
    } else {
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++)
                for (int c = b + 1; c < n; c++) {
                    crib[1] = rest[a];
                    crib[2] = rest[b];
                    crib[3] = rest[c];
                    for (int s = 0; s < n; s++) {
                        if (s == a || s == b || s == c) continue;
                        sum += cs_show_score(crib, 4, rest[s], flush_min);
                        count++;
                    }
                }
    }
    return sum / count;
}

static cs_card card(const char *text) {
    cs_card c = CS_NO_CARD;
    cs_card_parse(text, &c);
    return c;
}

static void test_crib_model_equals_enumeration_of_two_discards(void) {
    cs_crib_model m;
    cs_crib_model_build(&m, 5);
    const char *pairs[][2] = {{"5H", "5S"}, {"5H", "JH"}, {"5H", "JD"}, {"JC", "QC"},
                              {"AD", "KS"}, {"7C", "8C"}, {"2H", "3D"}, {"JS", "JD"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        cs_card d[2] = {card(pairs[i][0]), card(pairs[i][1])};
        CU_ASSERT_DOUBLE_EQUAL(cs_crib_expect(&m, d, 2), crib_brute(d, 2, 5), 1e-9);
    }
}

static void test_crib_model_with_four_card_crib_flush(void) {
    cs_crib_model m;
    cs_crib_model_build(&m, 4);
    cs_card d[2] = {card("9H"), card("TH")};
    CU_ASSERT_DOUBLE_EQUAL(cs_crib_expect(&m, d, 2), crib_brute(d, 2, 4), 1e-9);
}

static void test_crib_model_equals_enumeration_of_one_discard(void) {
    cs_crib_model m;
    cs_crib_model_build(&m, 5);
    const char *cards[] = {"5D", "JS"};
    for (int i = 0; i < 2; i++) {
        cs_card d[1] = {card(cards[i])};
        CU_ASSERT_DOUBLE_EQUAL(cs_crib_expect(&m, d, 1), crib_brute(d, 1, 5), 1e-9);
    }
}

static void test_crib_model_is_symmetric_and_fives_are_worth_most(void) {
    cs_crib_model m;
    cs_crib_model_build(&m, 5);
    for (int a = 0; a < 13; a++)
        for (int b = 0; b < 13; b++)
            for (int eq = 0; eq < 2; eq++) CU_ASSERT_EQUAL(m.two[a][b][eq], m.two[b][a][eq]);
    for (int r = 0; r < 13; r++)
        if (r != 4) CU_ASSERT(m.one[4] > m.one[r]);
    CU_ASSERT(m.two[4][4][0] > m.two[0][12][0]);
}

static void test_splits_enumerate_every_way_to_lay_away(void) {
    cs_card dealt[6] = {1, 2, 3, 4, 5, 6};
    cs_split s[CS_SPLITS_MAX];
    CU_ASSERT_EQUAL(cs_splits(dealt, 6, 2, s), 15);
    CU_ASSERT_EQUAL(cs_splits(dealt, 5, 2, s), 10);
    CU_ASSERT_EQUAL(cs_splits(dealt, 5, 1, s), 5);
    int seen[64] = {0};
    int n = cs_splits(dealt, 6, 2, s);
    for (int i = 0; i < n; i++) {
        CU_ASSERT(s[i].toss[0] != s[i].toss[1]);
        seen[(1 << (s[i].toss[0] - 1)) | (1 << (s[i].toss[1] - 1))]++;
        cs_cardset all = cs_cardset_of(s[i].toss[0]) | cs_cardset_of(s[i].toss[1]);
        for (int k = 0; k < 4; k++) all |= cs_cardset_of(s[i].keep[k]);
        CU_ASSERT_EQUAL(cs_cardset_count(all), 6);
    }
    for (int i = 0; i < 64; i++) CU_ASSERT(seen[i] <= 1);
}

static void test_crib_weight_counts_the_partners_crib_as_own(void) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_PARTNERS, &r);
    CU_ASSERT_DOUBLE_EQUAL(cs_crib_weight(&r, 2, 0), 1.0, 0);
    CU_ASSERT_DOUBLE_EQUAL(cs_crib_weight(&r, 1, 0), -1.0, 0);
    cs_rules_preset(CS_PRESET_THREE, &r);
    CU_ASSERT_DOUBLE_EQUAL(cs_crib_weight(&r, 1, 0), -0.5, 0);
    CU_ASSERT_DOUBLE_EQUAL(cs_crib_weight(&r, 0, 0), 1.0, 0);
    cs_rules_preset(CS_PRESET_FOUR, &r);
    CU_ASSERT_DOUBLE_EQUAL(cs_crib_weight(&r, 2, 0), -1.0 / 3, 1e-12);
}

const char cs_suite_name[] = "handvalue";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_hand_expectation_is_the_mean_over_every_starter),
    CS_TEST(test_crib_model_equals_enumeration_of_two_discards),
    CS_TEST(test_crib_model_with_four_card_crib_flush),
    CS_TEST(test_crib_model_equals_enumeration_of_one_discard),
    CS_TEST(test_crib_model_is_symmetric_and_fives_are_worth_most),
    CS_TEST(test_splits_enumerate_every_way_to_lay_away),
    CS_TEST(test_crib_weight_counts_the_partners_crib_as_own),
    {NULL, NULL},
};

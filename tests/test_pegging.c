/* layer: strategies */
/*
 * test_pegging.c - the pegging arithmetic on ranks agrees with the engine's scorer, and the
 * policies make the plays a player would: the greedy one takes the points, the lookahead one
 * does not open a count that hands the next seat an easy fifteen.
 */
#include <string.h>

#include "cu_main.h"
#include "play_view.h"
#include "inference.h"
#include "pegging.h"
#include "score.h"

static void test_gain_agrees_with_the_engine_scorer_on_random_series(void) {
    cs_pcg32 rng = cs_pcg32_derive(3, 0, CS_STREAM_STRATEGY, 0);
    for (int trial = 0; trial < 20000; trial++) {
        cs_card pile[CS_PEG_PILE_MAX];
        cs_peg_pile p = {0, 0, {0}};
        int n = 0, count = 0;
        /* A random legal series; small ranks make long ones with runs and pairs. */
        int top = trial % 2 ? 13 : 6;
        for (;;) {
            int r = (int)cs_pcg32_bounded(&rng, (uint32_t)top);
            if (count + cs_rank_value(r) > 31 || n == CS_PEG_PILE_MAX - 1) break;
            cs_card c = cs_card_make(r, (int)cs_pcg32_bounded(&rng, 4));
            pile[n++] = c;
            int gains[CS_RANKS];
            cs_peg_gain_all(&p, gains);
            CU_ASSERT_EQUAL(cs_peg_gain(&p, r), cs_peg_score(pile, n));
            CU_ASSERT_EQUAL(gains[r], cs_peg_score(pile, n));
            cs_peg_push(&p, r);
            count += cs_rank_value(r);
            CU_ASSERT_EQUAL(p.count, count);
        }
    }
}

/* Every pile of a random series, every reply q and every follow-up x that fit: the table of
 * two cards ahead says what pushing q and asking cs_peg_gain() for x says. */
static void test_two_ahead_agrees_with_gain_after_the_reply(void) {
    cs_pcg32 rng = cs_pcg32_derive(4, 0, CS_STREAM_STRATEGY, 0);
    long compared = 0, mismatches = 0;
    for (int trial = 0; trial < 4000; trial++) {
        cs_peg_pile p = {0, 0, {0}};
        int top = trial % 3 == 0 ? 13 : trial % 3 == 1 ? 7 : 5;
        for (;;) {
            cs_peg_two two;
            cs_peg_two_init(&two, &p);
            for (int q = 0; q < CS_RANKS; q++) {
                if (p.count + cs_rank_value(q) > 31 || p.n + 2 > CS_PEG_PILE_MAX) continue;
                cs_peg_pile after = p;
                cs_peg_push(&after, q);
                for (int x = 0; x < CS_RANKS; x++) {
                    if (after.count + cs_rank_value(x) > 31) continue;
                    compared++;
                    if (cs_peg_two_gain(&two, q, x) != cs_peg_gain(&after, x) && mismatches++ == 0)
                        CU_FAIL("two ahead disagrees with cs_peg_gain");
                }
            }
            int r = (int)cs_pcg32_bounded(&rng, (uint32_t)top);
            if (p.count + cs_rank_value(r) > 31 || p.n == CS_PEG_PILE_MAX - 2) break;
            cs_peg_push(&p, r);
        }
    }
    CU_ASSERT(compared > 1000000);
    CU_ASSERT_EQUAL(mismatches, 0);
}

static void test_greedy_takes_the_thirty_one(void) {
    play_view s;
    const char *hand[] = {"TD", "4S"}, *pile[] = {"KH", "4H", "7D"};
    play_view_make(&s, hand, 2, pile, 3, 0, 0);
    CU_ASSERT_EQUAL(cs_peg_greedy(&s.v), card("TD"));
}

static void test_greedy_breaks_ties_with_the_higher_card(void) {
    play_view s;
    const char *hand[] = {"2D", "9S", "3H"};
    play_view_make(&s, hand, 3, NULL, 0, 0, 0);
    CU_ASSERT_EQUAL(cs_peg_greedy(&s.v), card("9S"));
}

static void test_lookahead_does_not_lead_a_five_into_the_tens(void) {
    play_view s;
    const char *hand[] = {"5C", "KD", "2H", "3S"};
    play_view_make(&s, hand, 4, NULL, 0, 0, 0);
    cs_seen seen;
    cs_seen_from_view(&s.v, &seen);
    cs_card c = cs_peg_lookahead(&s.v, &seen);
    CU_ASSERT_NOT_EQUAL(c, card("5C"));
    CU_ASSERT(c == card("KD") || c == card("2H") || c == card("3S"));
}

static void test_lookahead_takes_a_sure_fifteen_over_a_risky_card(void) {
    play_view s;
    /* On a 7, the 8 makes fifteen; the 6 opens a run for the reply. */
    const char *hand[] = {"8C", "6D"}, *pile[] = {"7H"};
    play_view_make(&s, hand, 2, pile, 1, 0, 0);
    cs_seen seen;
    cs_seen_from_view(&s.v, &seen);
    CU_ASSERT_EQUAL(cs_peg_lookahead(&s.v, &seen), card("8C"));
}

static void test_lookahead_plays_the_only_card_that_fits(void) {
    play_view s;
    const char *hand[] = {"KC", "AD"}, *pile[] = {"TH", "QH", "9D"};
    play_view_make(&s, hand, 2, pile, 3, 0, 0);
    cs_seen seen;
    cs_seen_from_view(&s.v, &seen);
    CU_ASSERT_EQUAL(cs_peg_lookahead(&s.v, &seen), card("AD"));
}

/* Four players, seat 0 leads holding 4C and 5D; seat 1 is out of cards, so seat 2 answers.
 * A 5 led invites a ten-card for fifteen 2: into an opponent it is the wrong lead, but when
 * seat 2 is my partner its fifteen is my side's, and the 5 is the right one. */
static cs_card lead_before_seat_2(int partnership) {
    cs_card hand[2] = {card("4C"), card("5D")};
    int left[4] = {2, 0, 3, 2}, bounds[4] = {0, 0, 0, 0};
    cs_peg_pile pile = {0};
    cs_peg_situation sit = {
        .players = 4,
        .seat = 0,
        .partnership = partnership,
        .hand = hand,
        .n_hand = 2,
        .pile = &pile,
        .cards_left = left,
        .unseen = CS_FULL_DECK & ~(cs_cardset_of(hand[0]) | cs_cardset_of(hand[1])),
        .no_value_upto = bounds,
    };
    int i = cs_peg_lookahead_pick(&sit);
    return i >= 0 ? hand[i] : CS_NO_CARD;
}

static void test_lookahead_counts_a_partners_reply_for_its_side(void) {
    CU_ASSERT_EQUAL(lead_before_seat_2(0), card("4C"));
    CU_ASSERT_EQUAL(lead_before_seat_2(1), card("5D"));
}

const char cs_suite_name[] = "pegging";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_gain_agrees_with_the_engine_scorer_on_random_series),
    CS_TEST(test_two_ahead_agrees_with_gain_after_the_reply),
    CS_TEST(test_greedy_takes_the_thirty_one),
    CS_TEST(test_greedy_breaks_ties_with_the_higher_card),
    CS_TEST(test_lookahead_does_not_lead_a_five_into_the_tens),
    CS_TEST(test_lookahead_takes_a_sure_fifteen_over_a_risky_card),
    CS_TEST(test_lookahead_plays_the_only_card_that_fits),
    CS_TEST(test_lookahead_counts_a_partners_reply_for_its_side),
    {NULL, NULL},
};

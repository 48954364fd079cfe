/* layer: engine */
/*
 * test_score.c - the show and pegging scores: the exhaustive distribution against its known
 * answers (this project's perft), the fast paths against the plain ones on every hand and on
 * many piles, every worked example of the rule sources (corrected where
 * docs/rules.md says they are wrong) and the classic edge cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "cu_main.h"
#include "error.h"
#include "pcg32.h"
#include "score.h"

/* ---- helpers ---- */

/* Parses "5H 5C ..." into cards; the texts here are fixed, so a failure is a test bug. */
static int parse(const char *line, cs_card out[], int max) {
    const char *bad = NULL;
    int n = cs_cards_parse_line(line, out, max, &bad);
    CU_ASSERT_FATAL(n > 0);
    return n;
}

/* The plain breakdown of "C1 .. Cn STARTER" with flush_min, after checking that the fast path
 * gives the same total. */
static cs_show_points show(const char *text, int flush_min) {
    cs_card c[CS_SHOW_HAND_MAX + 1];
    int n = parse(text, c, CS_SHOW_HAND_MAX + 1) - 1;
    CU_ASSERT_FATAL(n == 3 || n == 4);
    cs_show_points p;
    int total = cs_show_breakdown(c, n, c[n], flush_min, &p);
    CU_ASSERT_EQUAL(total, p.total);
    CU_ASSERT_EQUAL(p.total, p.fifteens + p.pairs + p.runs + p.flush + p.nobs);
    CU_ASSERT_EQUAL(cs_show_score(c, n, c[n], flush_min), p.total);
    return p;
}

static void assert_show(const char *text, int flush_min, int fifteens, int pairs, int runs,
                        int flush, int nobs, int total) {
    cs_show_points p = show(text, flush_min);
    CU_ASSERT_EQUAL(p.fifteens, fifteens);
    CU_ASSERT_EQUAL(p.pairs, pairs);
    CU_ASSERT_EQUAL(p.runs, runs);
    CU_ASSERT_EQUAL(p.flush, flush);
    CU_ASSERT_EQUAL(p.nobs, nobs);
    CU_ASSERT_EQUAL(p.total, total);
    if (p.total != total) {
        printf("\n  %s (flush_min %d): total %d, expected %d\n", text, flush_min, p.total, total);
    }
}

/* The pegging breakdown of the pile "C1 .. Cn", after checking the fast path agrees. */
static cs_peg_points peg(const char *text) {
    cs_card c[CS_PEG_PILE_MAX];
    int n = parse(text, c, CS_PEG_PILE_MAX);
    cs_peg_points p;
    int total = cs_peg_breakdown(c, n, &p);
    CU_ASSERT_EQUAL(total, p.total);
    CU_ASSERT_EQUAL(p.total, p.fifteen + p.thirty_one + p.pairs + p.run);
    CU_ASSERT_EQUAL(cs_peg_score(c, n), p.total);
    return p;
}

static void assert_peg(const char *text, int fifteen, int thirty_one, int pairs, int run,
                       int total) {
    cs_peg_points p = peg(text);
    CU_ASSERT_EQUAL(p.fifteen, fifteen);
    CU_ASSERT_EQUAL(p.thirty_one, thirty_one);
    CU_ASSERT_EQUAL(p.pairs, pairs);
    CU_ASSERT_EQUAL(p.run, run);
    CU_ASSERT_EQUAL(p.total, total);
    if (p.total != total) printf("\n  peg %s: total %d, expected %d\n", text, p.total, total);
}

static uint64_t total_points(const uint64_t counts[CS_SHOW_MAX + 1]) {
    uint64_t total = 0;
    for (int s = 0; s <= CS_SHOW_MAX; s++) total += (uint64_t)s * counts[s];
    return total;
}

static uint64_t total_hands(const uint64_t counts[CS_SHOW_MAX + 1]) {
    uint64_t n = 0;
    for (int s = 0; s <= CS_SHOW_MAX; s++) n += counts[s];
    return n;
}

/* ---- the exhaustive distribution: known answers ---- */

/* C(52,4) = 270,725 hands, each with the 48 other cards as starter: 12,994,800. */
#define FOUR_CARD_HANDS 12994800u
/* C(52,3) = 22,100 hands, each with 49 starters. */
#define THREE_CARD_HANDS 1082900u

static void test_show_distribution_hand_rule_matches_known_answers(void) {
    uint64_t counts[CS_SHOW_MAX + 1];
    CU_ASSERT_EQUAL(cs_show_distribution(4, 0, counts), FOUR_CARD_HANDS);
    CU_ASSERT_EQUAL(total_hands(counts), FOUR_CARD_HANDS);
    CU_ASSERT_EQUAL(counts[0], 1009008u);
    CU_ASSERT_EQUAL(counts[28], 76u);
    CU_ASSERT_EQUAL(counts[29], 4u);
    CU_ASSERT_EQUAL(total_points(counts), 61974180u);
    double mean = (double)total_points(counts) / FOUR_CARD_HANDS;
    CU_ASSERT_DOUBLE_EQUAL(mean, 4.769152, 5e-7);
}

static void test_show_distribution_crib_rule_matches_known_answers(void) {
    uint64_t counts[CS_SHOW_MAX + 1];
    CU_ASSERT_EQUAL(cs_show_distribution(4, 1, counts), FOUR_CARD_HANDS);
    CU_ASSERT_EQUAL(total_hands(counts), FOUR_CARD_HANDS);
    CU_ASSERT_EQUAL(counts[0], 1022208u);
    CU_ASSERT_EQUAL(total_points(counts), 61528020u);
}

/* the weekly league's rules: "19 points is not possible in a single cribbage hand. Possible scores
 * are 0-18, 20-24, 28 and 29." True of the hand rule and of the crib rule. */
static void test_show_possible_scores_are_0_to_18_20_to_24_28_29(void) {
    for (int crib = 0; crib <= 1; crib++) {
        uint64_t counts[CS_SHOW_MAX + 1];
        cs_show_distribution(4, crib, counts);
        for (int s = 0; s <= CS_SHOW_MAX; s++) {
            int possible = s <= 18 || (s >= 20 && s <= 24) || s >= 28;
            CU_ASSERT_EQUAL(counts[s] > 0, possible);
        }
        CU_ASSERT_EQUAL(counts[19], 0u);
        CU_ASSERT_EQUAL(counts[25] + counts[26] + counts[27], 0u);
    }
}

/*
 * The two rules differ only on four-card flushes: 4 suits x C(13,4) = 2,860 flush hands, each
 * with 39 starters of another suit that the hand rule pays 4 and the crib rule nothing (the 9
 * starters of the same suit pay 5 under both): 2,860 x 39 x 4 = 446,160 points.
 */
static void test_show_distribution_rules_differ_by_four_card_flushes_only(void) {
    uint64_t hand[CS_SHOW_MAX + 1], crib[CS_SHOW_MAX + 1];
    cs_show_distribution(4, 0, hand);
    cs_show_distribution(4, 1, crib);
    CU_ASSERT_EQUAL(total_points(hand) - total_points(crib), 2860u * 39u * 4u);
}

/*
 * Three-card hands: C(52,3) x 49 hands. A three-card flush is worth at most 4, below the crib
 * minimum of 5, so the crib rule never pays one, and the hand rule pays 4 x C(13,3) = 1,144
 * flush hands 3 with each of 39 starters of another suit and 4 with each of the 10 of the same
 * suit: 1,144 x (39 x 3 + 10 x 4) = 179,608 points more.
 */
static void test_show_distribution_three_card_hands_counted_and_flushes_consistent(void) {
    uint64_t hand[CS_SHOW_MAX + 1], crib[CS_SHOW_MAX + 1];
    CU_ASSERT_EQUAL(cs_show_distribution(3, 0, hand), THREE_CARD_HANDS);
    CU_ASSERT_EQUAL(cs_show_distribution(3, 1, crib), THREE_CARD_HANDS);
    CU_ASSERT_EQUAL(total_hands(hand), THREE_CARD_HANDS);
    CU_ASSERT_EQUAL(total_hands(crib), THREE_CARD_HANDS);
    CU_ASSERT_EQUAL(total_points(hand) - total_points(crib), 1144u * (39u * 3u + 10u * 4u));
}

static void test_show_distribution_rejects_other_hand_sizes(void) {
    uint64_t counts[CS_SHOW_MAX + 1];
    counts[0] = 123;
    CU_ASSERT_EQUAL(cs_show_distribution(5, 0, counts), 0u);
    CU_ASSERT_EQUAL(total_hands(counts), 0u);
    CU_ASSERT_EQUAL(cs_show_distribution(2, 1, counts), 0u);
}

/* ---- the fast show against the plain show, on every hand with every starter ---- */

/*
 * Scores every hand of n cards with every starter both ways under both rules (and, for three
 * cards, the flush minimum of 4 that `hand_flush_min` allows), counts the
 * disagreements (printing the first), and checks that the plain totals, histogrammed, are the
 * distribution cs_show_distribution() computes by its own hoisted route.
 */
static void compare_every_hand(int n) {
    uint64_t plain_hist[2][CS_SHOW_MAX + 1];
    memset(plain_hist, 0, sizeof plain_hist);
    uint64_t compared = 0, mismatches = 0;
    cs_card h[CS_SHOW_HAND_MAX];
    for (int a = 0; a < CS_DECK_SIZE; a++) {
        for (int b = a + 1; b < CS_DECK_SIZE; b++) {
            for (int c = b + 1; c < CS_DECK_SIZE; c++) {
                for (int d = n == 4 ? c + 1 : CS_DECK_SIZE - 1; d < CS_DECK_SIZE; d++) {
                    h[0] = (cs_card)a, h[1] = (cs_card)b, h[2] = (cs_card)c, h[3] = (cs_card)d;
                    for (int s = 0; s < CS_DECK_SIZE; s++) {
                        if (s == a || s == b || s == c || (n == 4 && s == d)) continue;
                        /* rule 0: the hand (flush_min n), 1: the crib (5), 2: a hand flush
                         * that needs the starter too (n + 1; new only for n = 3) */
                        for (int rule = 0; rule <= (n == 3 ? 2 : 1); rule++) {
                            int flush_min = rule == 1 ? 5 : rule == 2 ? n + 1 : n;
                            int slow = cs_show_breakdown(h, n, (cs_card)s, flush_min, NULL);
                            int fast = cs_show_score(h, n, (cs_card)s, flush_min);
                            compared++;
                            if (rule < 2 && slow >= 0 && slow <= CS_SHOW_MAX)
                                plain_hist[rule][slow]++;
                            if (slow != fast && mismatches++ == 0) {
                                printf("\n  hand %d %d %d %d starter %d flush_min %d: plain %d "
                                       "fast %d\n",
                                       a, b, c, n == 4 ? d : -1, s, flush_min, slow, fast);
                            }
                        }
                    }
                }
            }
        }
    }
    uint64_t hands = n == 4 ? FOUR_CARD_HANDS : THREE_CARD_HANDS;
    CU_ASSERT_EQUAL(compared, (n == 3 ? 3 : 2) * hands);
    CU_ASSERT_EQUAL(mismatches, 0u);
    for (int crib = 0; crib <= 1; crib++) {
        uint64_t dist[CS_SHOW_MAX + 1];
        cs_show_distribution(n, crib, dist);
        CU_ASSERT_EQUAL(memcmp(dist, plain_hist[crib], sizeof dist), 0);
    }
}

static void test_show_fast_equals_plain_every_four_card_hand_both_rules(void) {
    compare_every_hand(4);
}

static void test_show_fast_equals_plain_every_three_card_hand_every_flush_rule(void) {
    compare_every_hand(3);
}

/* ---- the fast pegging score against the plain one ---- */

typedef struct {
    cs_card pile[CS_PEG_PILE_MAX];
    int held[CS_RANKS]; /* cards of each rank in the pile: the next one takes that suit */
    int count;
    uint64_t compared, mismatches;
} peg_walk;

/* Lays rank r on the walk's pile (with the next unused suit) and compares the two paths on it;
 * returns 0 when r cannot be laid (no suit left, or the count would pass 31). */
static int peg_push(peg_walk *w, int n, int r) {
    cs_card c = cs_card_make(r, w->held[r]);
    if (w->held[r] == CS_SUITS || w->count + cs_card_value(c) > 31 || n == CS_PEG_PILE_MAX) {
        return 0;
    }
    w->pile[n] = c;
    w->held[r]++;
    w->count += cs_card_value(c);
    int slow = cs_peg_breakdown(w->pile, n + 1, NULL);
    int fast = cs_peg_score(w->pile, n + 1);
    int counted = cs_peg_score_counted(w->pile, n + 1, w->count);
    w->compared++;
    if ((slow != fast || slow != counted) && w->mismatches++ == 0) {
        printf("\n  pile of %d ending rank %d: plain %d fast %d counted %d\n", n + 1, r, slow, fast,
               counted);
    }
    return 1;
}

static void peg_pop(peg_walk *w, int n) {
    cs_card c = w->pile[n];
    w->held[cs_card_rank(c)]--;
    w->count -= cs_card_value(c);
}

/* Every legal sequence of ranks of length up to `depth` laid on the first n cards. */
static void peg_every_sequence(peg_walk *w, int n, int depth) {
    if (n == depth) return;
    for (int r = 0; r < CS_RANKS; r++) {
        if (!peg_push(w, n, r)) continue;
        peg_every_sequence(w, n + 1, depth);
        peg_pop(w, n);
    }
}

/* Every legal pile of up to six cards, as sequences of ranks (suits do not matter in the play,
 * and each rank takes its suits in order so the cards are distinct): 969,137 piles. */
static void test_peg_fast_equals_plain_every_pile_up_to_six_cards(void) {
    peg_walk w;
    memset(&w, 0, sizeof w);
    peg_every_sequence(&w, 0, 6);
    CU_ASSERT(w.compared > 900000u);
    CU_ASSERT_EQUAL(w.mismatches, 0u);
}

/*
 * Random legal piles to the end of the series, drawn from a pcg32 stream: ranks from the whole
 * deck, from ace to seven (long piles, up to 13 cards) and from a window of five ranks (runs
 * and pairs everywhere). Every prefix of every pile is compared.
 */
static void test_peg_fast_equals_plain_random_long_piles(void) {
    cs_pcg32 rng;
    cs_pcg32_seed(&rng, 2024, 7);
    peg_walk w;
    memset(&w, 0, sizeof w);
    int longest = 0;
    for (int pile = 0; pile < 60000; pile++) {
        int lo = 0, width = CS_RANKS;
        if (pile % 3 == 1) width = 7;
        if (pile % 3 == 2) lo = (int)cs_pcg32_bounded(&rng, CS_RANKS - 4), width = 5;
        memset(w.held, 0, sizeof w.held);
        w.count = 0;
        int n = 0;
        for (int tries = 0; tries < 40; tries++) {
            if (peg_push(&w, n, lo + (int)cs_pcg32_bounded(&rng, (uint32_t)width))) n++;
        }
        if (n > longest) longest = n;
    }
    CU_ASSERT(longest >= 10);
    CU_ASSERT(w.compared > 300000u);
    CU_ASSERT_EQUAL(w.mismatches, 0u);
}

/* ---- the show: the modern rule sheet's worked examples ---- */

static void test_show_modern_sheet_example1_three_fives_and_runs_scores_23(void) {
    /* 5+5+5 and 4+5+6 three times: 8; three 5s: 6; 4-5-6 three times: 9 */
    assert_show("4H 5C 5D 6S 5S", 4, 8, 6, 9, 0, 0, 23);
}

static void test_show_modern_sheet_example2_flush_run_and_nobs_scores_14(void) {
    /* A+J+4 and 2+3+J: 4; A-2-3-4: 4; five hearts: 5; jack of hearts: 1 */
    assert_show("AH 2H 3H JH 4H", 4, 4, 0, 4, 5, 1, 14);
}

/* the modern rule sheet: "In the crib, a 4-card flush does not score. Only a 5-card flush scores."
 * All the cards are even, so nothing else scores. */
static void test_score_crib_four_flush_scores_nothing(void) {
    assert_show("2H 4H 6H 8H KC", 5, 0, 0, 0, 0, 0, 0);
    assert_show("2H 4H 6H 8H KH", 5, 0, 0, 0, 5, 0, 5);
}

static void test_show_hand_four_flush_scores_4_and_5_with_starter(void) {
    assert_show("2H 4H 6H 8H KC", 4, 0, 0, 0, 4, 0, 4);
    assert_show("2H 4H 6H 8H KH", 4, 0, 0, 0, 5, 0, 5);
    /* three of the hand and the starter in one suit is no flush */
    assert_show("2H 4H 6H 8C KH", 4, 0, 0, 0, 0, 0, 0);
}

static void test_show_three_card_hand_flush_scores_3_and_4_with_starter(void) {
    assert_show("2H 4H 8H KC", 3, 0, 0, 0, 3, 0, 3);
    assert_show("2H 4H 8H KH", 3, 0, 0, 0, 4, 0, 4);
    /* a crib needs five: a three-card hand under the crib rule never has a flush */
    assert_show("2H 4H 8H KH", 5, 0, 0, 0, 0, 0, 0);
}

/* ---- the show: the doubles tournament sheet's runs ---- */

static void test_show_doubles_sheet_double_run_of_three_scores_6_for_runs(void) {
    /* A-2-3-3 with an 8: A+3+3+8 is the only fifteen */
    assert_show("AC 2D 3H 3S 8C", 4, 2, 2, 6, 0, 0, 10);
}

static void test_show_doubles_sheet_double_run_of_four_scores_8_for_runs(void) {
    /* A-2-3-3-4 sums to 13: no fifteen */
    assert_show("AC 2D 3H 3S 4C", 4, 0, 2, 8, 0, 0, 10);
}

static void test_show_doubles_sheet_double_double_run_scores_16(void) {
    /* 8-8-9-9-10: four runs of three, two pairs; no two cards make less than 16 */
    assert_show("8C 8D 9H 9S TC", 4, 0, 4, 12, 0, 0, 16);
}

static void test_show_doubles_sheet_triple_run_scores_15(void) {
    /* J-Q-Q-Q-K: three runs of three, three of a kind; the jack is not of the starter's suit */
    assert_show("JC QD QH QS KD", 4, 0, 6, 9, 0, 0, 15);
}

/* ---- the show: the weekly league's rules's 28 and 29 ---- */

static void test_show_league_twenty_nine_hand(void) {
    /* J+5 four times and 5+5+5 four times: 16; four 5s: 12; jack of the starter's suit: 1 */
    assert_show("5C 5D 5H JS 5S", 4, 16, 12, 0, 0, 1, 29);
}

static void test_show_league_twenty_eight_is_four_fives_and_a_ten_card(void) {
    assert_show("5C 5D 5H 5S KC", 4, 16, 12, 0, 0, 0, 28);
    assert_show("5C 5D 5H TC 5S", 4, 16, 12, 0, 0, 0, 28);
    assert_show("5C 5D 5H QD 5S", 5, 16, 12, 0, 0, 0, 28);
}

/*
 * the weekly league's rules: a 29 is "a 216,580 to 1 shot" and the odds of a 28 are "15,028 to
 * one". Both are the chance that six cards dealt and the starter allow the hand (keeping the best
 * four) to score exactly that, out of C(52,6) x 46 = 936,491,920 deals; "to one" is used loosely
 * for "one in". Every such deal holds a four-card hand that scores 28 or 29 with its starter, so
 * the deals are found from those hands (the distribution's 76 and 4) plus any two of the 47
 * other cards, without duplicates, and each is judged by its best keep with the plain scorer:
 *   29: the starter 5 (4 ways), the jack of its suit and the three other 5s, any two others:
 *       4 x C(47,2) = 4,324 deals, exactly 1 in 216,580;
 *   28: 62,316 deals, 1 in 15,028.1.
 */
typedef struct {
    cs_cardset six;
    cs_card starter;
} six_card_deal;

static int compare_deals(const void *a, const void *b) {
    const six_card_deal *x = a, *y = b;
    if (x->six != y->six) return x->six < y->six ? -1 : 1;
    return (x->starter > y->starter) - (x->starter < y->starter);
}

/* The best show of any four of the six cards in `six` with the starter. */
static int best_keep(cs_cardset six, cs_card starter) {
    cs_card c[6];
    int n = 0;
    for (int k = 0; k < CS_DECK_SIZE; k++)
        if (cs_cardset_has(six, (cs_card)k)) c[n++] = (cs_card)k;
    int best = 0;
    for (int i = 0; i < 6; i++) {
        for (int j = i + 1; j < 6; j++) {
            cs_card keep[4];
            int m = 0;
            for (int k = 0; k < 6; k++)
                if (k != i && k != j) keep[m++] = c[k];
            int points = cs_show_breakdown(keep, 4, starter, 4, NULL);
            if (points > best) best = points;
        }
    }
    return best;
}

static void test_show_league_odds_of_28_and_29_from_six_cards_and_the_starter(void) {
    enum { MAX_DEALS = 80 * 1081 }; /* (76 + 4) hands x C(47,2) */
    six_card_deal *deals = malloc(MAX_DEALS * sizeof *deals);
    CU_ASSERT_FATAL(deals != NULL);
    int n = 0, hands28 = 0, hands29 = 0;
    cs_card h[4];
    for (int a = 0; a < CS_DECK_SIZE; a++)
        for (int b = a + 1; b < CS_DECK_SIZE; b++)
            for (int c = b + 1; c < CS_DECK_SIZE; c++)
                for (int d = c + 1; d < CS_DECK_SIZE; d++) {
                    h[0] = (cs_card)a, h[1] = (cs_card)b, h[2] = (cs_card)c, h[3] = (cs_card)d;
                    cs_cardset held = cs_cardset_of(h[0]) | cs_cardset_of(h[1]) |
                                      cs_cardset_of(h[2]) | cs_cardset_of(h[3]);
                    for (int s = 0; s < CS_DECK_SIZE; s++) {
                        if (cs_cardset_has(held, (cs_card)s)) continue;
                        int points = cs_show_score(h, 4, (cs_card)s, 4);
                        if (points < 28) continue;
                        hands28 += points == 28;
                        hands29 += points == 29;
                        cs_cardset used = held | cs_cardset_of((cs_card)s);
                        for (int x = 0; x < CS_DECK_SIZE; x++)
                            for (int y = x + 1; y < CS_DECK_SIZE; y++) {
                                if (cs_cardset_has(used, (cs_card)x) ||
                                    cs_cardset_has(used, (cs_card)y))
                                    continue;
                                CU_ASSERT_FATAL(n < MAX_DEALS);
                                deals[n].six =
                                    held | cs_cardset_of((cs_card)x) | cs_cardset_of((cs_card)y);
                                deals[n].starter = (cs_card)s;
                                n++;
                            }
                    }
                }
    CU_ASSERT_EQUAL(hands28, 76);
    CU_ASSERT_EQUAL(hands29, 4);
    qsort(deals, (size_t)n, sizeof *deals, compare_deals);
    int deals28 = 0, deals29 = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && compare_deals(&deals[i - 1], &deals[i]) == 0) continue;
        int best = best_keep(deals[i].six, deals[i].starter);
        deals28 += best == 28;
        deals29 += best == 29;
    }
    free(deals);
    const uint64_t all_deals = 20358520ull * 46; /* C(52,6) six-card hands x 46 starters */
    CU_ASSERT_EQUAL(deals29, 4324);
    CU_ASSERT_EQUAL(all_deals % 4324, 0u);
    CU_ASSERT_EQUAL(all_deals / 4324, 216580u);
    CU_ASSERT_EQUAL(deals28, 62316);
    CU_ASSERT_EQUAL((all_deals + deals28 / 2) / (uint64_t)deals28, 15028u); /* rounded */
}

/* ---- the show: nobs and the ace ---- */

static void test_show_nobs_is_the_jack_of_the_starters_suit(void) {
    /* all even values: nothing else scores */
    assert_show("JC 2D 4H 6S 8C", 4, 0, 0, 0, 0, 1, 1);
    assert_show("JC 2D 4H 6S 8D", 4, 0, 0, 0, 0, 0, 0);
    assert_show("JC 2D 4H 6S 8C", 5, 0, 0, 0, 0, 1, 1); /* in the crib as well */
    assert_show("2D JC 4H 8C", 3, 0, 0, 0, 0, 1, 1);    /* and in a three-card hand */
}

static void test_show_starter_jack_is_not_nobs(void) {
    /* his heels is the dealer's 2 at the cut, never a point in the show */
    assert_show("2C 4C 6D 8H JC", 4, 0, 0, 0, 0, 0, 0);
}

static void test_show_ace_is_low_only_king_ace_does_not_connect(void) {
    /* Q-K-A-2-3: only A-2-3 is a run; 10+2+3 twice (queen, king) */
    assert_show("QC KD AH 2S 3C", 4, 4, 0, 3, 0, 0, 7);
    /* Q-K-A-2 and a 7: no run, no fifteen */
    assert_show("QC KD AH 2S 7C", 4, 0, 0, 0, 0, 0, 0);
}

static void test_show_run_of_five_scores_5_once(void) {
    /* 3-4-5-6-7: one run of five (its runs of three and four are not counted again);
     * 7+3+5, 4+5+6: 4 */
    assert_show("3C 4D 5H 6S 7C", 4, 4, 0, 5, 0, 0, 9);
}

/* ---- pegging: the modern rule sheet's examples ---- */

static void test_peg_modern_sheet_fifteens(void) {
    assert_peg("JC 5D", 2, 0, 0, 0, 2);
    /* the last 4 makes 15; no pair (a 3 came between) and no run (4-3-4 repeats a rank) */
    assert_peg("2C 2D 4C 3C 4D", 2, 0, 0, 0, 2);
}

/* the modern rule sheet's running total: "Player 1 plays 5 -> total is 5, Player 2 plays Queen ->
 * total is 15, Player 3 plays Jack -> total is 25, Player 1 plays Ace -> total is 26": face cards
 * count 10 and the ace 1; the queen makes fifteen for 2 and the other cards score nothing. */
static void test_peg_modern_sheet_running_total_5_queen_jack_ace(void) {
    static const char *const piles[4] = {"5C", "5C QD", "5C QD JH", "5C QD JH AS"};
    static const int totals[4] = {5, 15, 25, 26}, points[4] = {0, 2, 0, 0};
    for (int i = 0; i < 4; i++) {
        cs_card c[4];
        int n = parse(piles[i], c, 4), count = 0;
        for (int k = 0; k < n; k++) count += cs_card_value(c[k]);
        CU_ASSERT_EQUAL(count, totals[i]);
        cs_peg_points p = peg(piles[i]);
        CU_ASSERT_EQUAL(p.total, points[i]);
        CU_ASSERT_EQUAL(p.fifteen, i == 1 ? 2 : 0);
    }
}

/* the modern rule sheet lists "7, 7, -> 15 -> 2 points" among the fifteens, but 7 + 7 is 14: the
 * second 7 scores its pair and no fifteen. The trailing comma suggests a lost third card: an ace
 * after the two 7s makes the 15 (and no pair). */
static void test_peg_modern_sheet_corrected_7_7_is_14_a_pair_not_a_fifteen(void) {
    assert_peg("7C 7D", 0, 0, 2, 0, 2);
    assert_peg("7C 7D AH", 2, 0, 0, 0, 2);
}

static void test_peg_modern_sheet_pairs_2_6_12(void) {
    assert_peg("8C 8D", 0, 0, 2, 0, 2);
    assert_peg("8C 8D 8H", 0, 0, 6, 0, 6);
    /* The document's "8, 8, 8, 8 -> 12" cannot be played: the fourth 8 would take the count to
     * 32. Four of a kind in the play needs a rank of 7 or less (4 x 7 = 28). */
    CU_ASSERT(4 * cs_card_value(cs_card_make(7, 0)) > 31);
    assert_peg("7C 7D 7H 7S", 0, 0, 12, 0, 12);
}

static void test_peg_modern_sheet_runs(void) {
    assert_peg("5C 7D 6H", 0, 0, 0, 3, 3);
    assert_peg("5C 7D 6H 5D", 0, 0, 0, 3, 3); /* the last three, 7-6-5 */
    assert_peg("5C 7D 6H 4S", 0, 0, 0, 4, 4);
}

static void test_peg_modern_sheet_combinations(void) {
    assert_peg("5C 5D 5H", 2, 0, 6, 0, 8);
    assert_peg("3C 6D 6H", 2, 0, 2, 0, 4);
    assert_peg("5C 2D 3H 4S AC", 2, 0, 0, 5, 7);
}

/* the modern rule sheet says 5; standard scoring: the last four cards 1-4-3-2 are a run of 4 and
 * the count is 15, so the card scores 6. */
static void test_peg_modern_sheet_corrected_2_3_1_4_3_2_scores_6(void) {
    assert_peg("2C 3D AH 4S 3C 2D", 2, 0, 0, 4, 6);
}

/* the modern rule sheet says 5; standard scoring: three of a kind is 6 and the count reaches 31
 * for 2. */
static void test_peg_modern_sheet_corrected_king_7_7_7_scores_8(void) {
    assert_peg("KC 7D 7H 7S", 0, 2, 6, 0, 8);
}

/* ---- pegging: the doubles tournament sheet, the weekly league's rules, the classic rules ---- */

/* the doubles tournament sheet: 3-5-6-7-4 "counts three when the 7 is played and counts five when
 * the 4 is played". */
static void test_peg_doubles_sheet_run_3_at_the_7_and_5_at_the_4(void) {
    assert_peg("3C 5D 6H 7S", 0, 0, 0, 3, 3);
    assert_peg("3C 5D 6H 7S 4C", 0, 0, 0, 5, 5);
}

/* the weekly league's rules: "a 6, then a 4, then a 5 is a run of three"; the count is 15 as well.
 */
static void test_peg_league_six_four_five_is_a_run_and_fifteen(void) {
    assert_peg("6C 4D 5H", 2, 0, 0, 3, 5);
}

/* the weekly league's rules: "if the first three cards played are 5s, the third one scores eight
 * points". */
static void test_peg_league_three_fives_score_8(void) {
    assert_peg("5S 5H 5D", 2, 0, 6, 0, 8);
}

/* the classic rules: "5-4-3-3. The 5-4-3 is a sequence of three cards, but the second 3 is not a
 * sequence": the second 3 pairs, and makes the count 15. */
static void test_peg_classic_second_three_of_5_4_3_3_pairs_but_no_run(void) {
    assert_peg("5C 4D 3H", 0, 0, 0, 3, 3);
    assert_peg("5C 4D 3H 3S", 2, 0, 2, 0, 4);
}

/* the classic rules: pair royal of queens 6, double pair royal of four twos 12; Q-K-A no sequence.
 */
static void test_peg_classic_pair_royal_double_pair_royal_and_no_king_ace(void) {
    assert_peg("QH QC QS", 0, 0, 6, 0, 6);
    assert_peg("2H 2D 2C 2S", 0, 0, 12, 0, 12);
    assert_peg("QC KD AH", 0, 0, 0, 0, 0);
}

/* ---- pegging: classic edge cases ---- */

static void test_peg_four_of_a_kind_scores_12(void) {
    assert_peg("AC AD AH AS", 0, 0, 12, 0, 12);
    assert_peg("3C 3D 3H 3S", 0, 0, 12, 0, 12);
    /* a pair royal and then a fourth card of another rank: nothing for the pairs */
    assert_peg("3C 3D 3H 4S", 0, 0, 0, 0, 0);
}

static void test_peg_run_completed_out_of_order(void) {
    assert_peg("9C 7D 8H", 0, 0, 0, 3, 3);
    assert_peg("2C 4D 3H", 0, 0, 0, 3, 3);
    /* 1-4-3 is no run but 2-1-4-3 is: the run is found only over all four */
    assert_peg("2C AD 4H 3S", 0, 0, 0, 4, 4);
}

static void test_peg_run_broken_by_a_pair(void) {
    assert_peg("4C 5D 5H 6S", 0, 0, 0, 0, 0);    /* 5-5-6 repeats a rank */
    assert_peg("3C 4D 5H 5S", 0, 0, 2, 0, 2);    /* the pair scores, the run does not */
    assert_peg("3C 4D 5H 4S 6C", 0, 0, 0, 3, 3); /* 5-4-6 after the duplicate 4 */
}

static void test_peg_run_broken_by_an_intervening_card(void) {
    assert_peg("3C 4D 9H 5S", 0, 0, 0, 0, 0);
    assert_peg("AC 2D 3H 9S 4C", 0, 0, 0, 0, 0);
}

static void test_peg_thirty_one_pays_two_not_three(void) {
    assert_peg("KC QD 5H 6S", 0, 2, 0, 0, 2);
    /* 31 with a pair: 2 + 2 */
    assert_peg("TC 5D 8H 4S 2C 2D", 0, 2, 2, 0, 4);
}

static void test_peg_single_card_scores_nothing(void) {
    assert_peg("5C", 0, 0, 0, 0, 0);
    assert_peg("KC", 0, 0, 0, 0, 0);
}

const char cs_suite_name[] = "score";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_show_distribution_hand_rule_matches_known_answers),
    CS_TEST(test_show_distribution_crib_rule_matches_known_answers),
    CS_TEST(test_show_possible_scores_are_0_to_18_20_to_24_28_29),
    CS_TEST(test_show_distribution_rules_differ_by_four_card_flushes_only),
    CS_TEST(test_show_distribution_three_card_hands_counted_and_flushes_consistent),
    CS_TEST(test_show_distribution_rejects_other_hand_sizes),
    CS_TEST(test_show_fast_equals_plain_every_four_card_hand_both_rules),
    CS_TEST(test_show_fast_equals_plain_every_three_card_hand_every_flush_rule),
    CS_TEST(test_peg_fast_equals_plain_every_pile_up_to_six_cards),
    CS_TEST(test_peg_fast_equals_plain_random_long_piles),
    CS_TEST(test_show_modern_sheet_example1_three_fives_and_runs_scores_23),
    CS_TEST(test_show_modern_sheet_example2_flush_run_and_nobs_scores_14),
    CS_TEST(test_score_crib_four_flush_scores_nothing),
    CS_TEST(test_show_hand_four_flush_scores_4_and_5_with_starter),
    CS_TEST(test_show_three_card_hand_flush_scores_3_and_4_with_starter),
    CS_TEST(test_show_doubles_sheet_double_run_of_three_scores_6_for_runs),
    CS_TEST(test_show_doubles_sheet_double_run_of_four_scores_8_for_runs),
    CS_TEST(test_show_doubles_sheet_double_double_run_scores_16),
    CS_TEST(test_show_doubles_sheet_triple_run_scores_15),
    CS_TEST(test_show_league_twenty_nine_hand),
    CS_TEST(test_show_league_twenty_eight_is_four_fives_and_a_ten_card),
    CS_TEST(test_show_league_odds_of_28_and_29_from_six_cards_and_the_starter),
    CS_TEST(test_show_nobs_is_the_jack_of_the_starters_suit),
    CS_TEST(test_show_starter_jack_is_not_nobs),
    CS_TEST(test_show_ace_is_low_only_king_ace_does_not_connect),
    CS_TEST(test_show_run_of_five_scores_5_once),
    CS_TEST(test_peg_modern_sheet_fifteens),
    CS_TEST(test_peg_modern_sheet_running_total_5_queen_jack_ace),
    CS_TEST(test_peg_modern_sheet_corrected_7_7_is_14_a_pair_not_a_fifteen),
    CS_TEST(test_peg_modern_sheet_pairs_2_6_12),
    CS_TEST(test_peg_modern_sheet_runs),
    CS_TEST(test_peg_modern_sheet_combinations),
    CS_TEST(test_peg_modern_sheet_corrected_2_3_1_4_3_2_scores_6),
    CS_TEST(test_peg_modern_sheet_corrected_king_7_7_7_scores_8),
    CS_TEST(test_peg_doubles_sheet_run_3_at_the_7_and_5_at_the_4),
    CS_TEST(test_peg_league_six_four_five_is_a_run_and_fifteen),
    CS_TEST(test_peg_league_three_fives_score_8),
    CS_TEST(test_peg_classic_second_three_of_5_4_3_3_pairs_but_no_run),
    CS_TEST(test_peg_classic_pair_royal_double_pair_royal_and_no_king_ace),
    CS_TEST(test_peg_four_of_a_kind_scores_12),
    CS_TEST(test_peg_run_completed_out_of_order),
    CS_TEST(test_peg_run_broken_by_a_pair),
    CS_TEST(test_peg_run_broken_by_an_intervening_card),
    CS_TEST(test_peg_thirty_one_pays_two_not_three),
    CS_TEST(test_peg_single_card_scores_nothing),
    {NULL, NULL},
};

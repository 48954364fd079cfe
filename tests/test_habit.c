/* layer: strategies */
/*
 * test_habit.c - the players of fixed habits (habit.h), the ladder's second yardstick: the
 * rule-of-thumb worth of a toss, each discard habit on a hand where it parts from expected's
 * choice, and each pegging habit on a pile where the habits part, worked by hand.
 */
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "habit.h"
#include "play_view.h"
#include "score.h"
#include "strategy.h"

static int worth_of(const char *a, const char *b) {
    cs_card d[2] = {card(a), b ? card(b) : CS_NO_CARD};
    return cs_habit_toss_worth(d, b ? 2 : 1);
}

/* A five 3, a pair 2, two cards making fifteen 2, two ranks one or two apart 1. */
static void test_toss_worth_counts_fives_pairs_fifteens_and_near_cards(void) {
    CU_ASSERT_EQUAL(worth_of("5H", "5C"), 8); /* two fives and a pair; 5 + 5 is 10 */
    CU_ASSERT_EQUAL(worth_of("5H", "KC"), 5); /* a five making fifteen */
    CU_ASSERT_EQUAL(worth_of("7H", "8C"), 3); /* fifteen, one apart */
    CU_ASSERT_EQUAL(worth_of("4H", "6C"), 1); /* two apart */
    CU_ASSERT_EQUAL(worth_of("4H", "7C"), 0); /* three apart */
    CU_ASSERT_EQUAL(worth_of("9H", "9C"), 2); /* a pair, 18 */
    CU_ASSERT_EQUAL(worth_of("JH", "KC"), 1); /* J and K are two ranks apart, 20 */
    CU_ASSERT_EQUAL(worth_of("AH", "KC"), 0); /* the ace is not next to the king */
    CU_ASSERT_EQUAL(worth_of("5D", NULL), 3); /* one card laid away (three players) */
    CU_ASSERT_EQUAL(worth_of("6D", NULL), 0);
}

/* The two cards `spec` lays away from cards (two players) as the dealer or the pone; out[2]
 * must stay untouched (discard_under, play_view.h). */
static void discard_of(const char *spec, const char *const cards[6], int dealer, cs_card out[3]) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    discard_under(spec, &rules, cards, NULL, dealer ? 0 : 1, out);
}

/*
 * 5H 5S 9D 8C 7C 2H by rules of thumb. The dealer lays away the fives: 9-8-7-2 shows 5 on its
 * own (7-8 fifteen, the run 7-8-9) and the two fives are worth 8 to its crib, 13; keeping them
 * instead scores at most 8 (5-5-8-2 keeps 6, plus 9-7's 1; 5-5-9-8 keeps 4 ...). The pone gives
 * away nothing near a five: 9D 7C (two apart, -1) leave 5-5-8-2 with 6 (5-8-2 twice, the pair),
 * 5; 9D 2H leave 5-5-8-7 with 4 and cost nothing, 4.
 */
static void test_thumb_dealer_feeds_its_crib_the_fives_and_the_pone_keeps_them(void) {
    const char *const cards[] = {"5H", "5S", "9D", "8C", "7C", "2H"};
    cs_card out[3];
    discard_of("habit:toss=thumb", cards, 1, out);
    CU_ASSERT(tossed(out, "5H", "5S"));
    discard_of("habit:toss=thumb", cards, 0, out);
    CU_ASSERT(tossed(out, "9D", "7C"));
}

/*
 * Two pones by rules of thumb, where the weight of what a toss gives decides. With 5D AS QC 3S
 * 7S 2C, A-Q-3-2 shows 5 on its own (Q-3-2 fifteen, the run A-2-3) but costs the five and the
 * seven (a five 3, two apart 1): 1; 5-Q-3-2 shows 4 (5-Q, Q-3-2) and A-7 gives nothing: 4, the
 * best. With 3H 4C 8H 3C 5S 7S, 3-4-3-5 shows 10 (the double run 3-4-5, the pair, 3-3-4-5
 * fifteen) less 3 for 8-7 (fifteen, one apart): 7; 3-3-5-7 shows 6 (3-5-7 twice, the pair) and
 * 4-8 gives nothing: 6.
 */
static void test_thumb_pone_weighs_each_toss_by_its_worth(void) {
    const char *const five[] = {"5D", "AS", "QC", "3S", "7S", "2C"};
    const char *const run[] = {"3H", "4C", "8H", "3C", "5S", "7S"};
    cs_card out[3];
    discard_of("habit:toss=thumb", five, 0, out);
    CU_ASSERT(tossed(out, "AS", "7S"));
    discard_of("habit:toss=thumb", run, 0, out);
    CU_ASSERT(tossed(out, "8H", "7S"));
}

/* The mean show of keep over the 46 starters not among the dealt cards, by cs_show_score. */
static double hand_mean(const cs_card keep[4], const cs_card dealt[6]) {
    int sum = 0, n = 0;
    for (cs_card s = 0; s < 52; s++) {
        int seen = 0;
        for (int i = 0; i < 6; i++) seen |= dealt[i] == s;
        if (seen) continue;
        sum += cs_show_score(keep, 4, s, 4);
        n++;
    }
    return (double)sum / n;
}

/*
 * The pone with 6C KC 6S TH 5C 5S. Kept for the hand alone, K-T-5-5 is best by far: it shows 10
 * before the starter (four fifteens and the pair), 548 points over the 46 starters, 11.91 a
 * deal; the next best keep, 6-T-5-5, makes 9.35. expected (and any player minding the crib)
 * will not give the other's crib two sixes beside its fives' fifteens and keeps 6-T-5-5;
 * toss=hand, blind to the crib, lays the sixes away.
 */
static void test_hand_keeps_the_best_mean_show_whatever_the_crib(void) {
    const char *const cards[] = {"6C", "KC", "6S", "TH", "5C", "5S"};
    cs_card dealt[6], out[3];
    for (int i = 0; i < 6; i++) dealt[i] = card(cards[i]);
    const cs_card best[4] = {card("KC"), card("TH"), card("5C"), card("5S")};
    const cs_card next[4] = {card("6C"), card("TH"), card("5C"), card("5S")};
    CU_ASSERT_DOUBLE_EQUAL(hand_mean(best, dealt), 548.0 / 46, 1e-9);
    CU_ASSERT(hand_mean(next, dealt) < hand_mean(best, dealt) - 2.5);
    discard_of("habit:toss=hand", cards, 0, out);
    CU_ASSERT(tossed(out, "6C", "6S"));
    discard_of("expected", cards, 0, out);
    CU_ASSERT(!tossed(out, "6C", "6S"));
    /* The dealer with KD TS 6D 5H 7C 2C: 6-5-7-2 makes the best hand (8.46 a deal, against
     * 7.85 for K-6-5-7), so toss=hand lays the king and ten away; expected, counting its own
     * crib (4.06 for T-2 against 3.41 for K-T), keeps the king and lays T-2 away. */
    const char *const dealer[] = {"KD", "TS", "6D", "5H", "7C", "2C"};
    discard_of("habit:toss=hand", dealer, 1, out);
    CU_ASSERT(tossed(out, "KD", "TS"));
    discard_of("expected", dealer, 1, out);
    CU_ASSERT(tossed(out, "TS", "2C"));
}

/*
 * The dealer with 6C JH 5D 8D 5H 9C. expected keeps 6-J-5-5 (a hand of 9.67 over the starters
 * and a crib of 4.93 from 8-9: 14.60); the pair of fives is worth 8.99 in one's own crib but
 * leaves 6-J-8-9 a hand of 4.15 (13.14). Weighing the crib twice, the fives go: 4.15 + 17.99
 * against 9.67 + 9.85.
 */
static void test_crib_dealer_lays_away_a_pair_of_fives_that_expected_keeps(void) {
    const char *const cards[] = {"6C", "JH", "5D", "8D", "5H", "9C"};
    cs_card out[3];
    discard_of("habit:toss=crib", cards, 1, out);
    CU_ASSERT(tossed(out, "5D", "5H"));
    discard_of("expected", cards, 1, out);
    CU_ASSERT(tossed(out, "8D", "9C"));
}

/* On 7 the eight makes fifteen: every habit takes the 2 points first. */
static void test_every_peg_habit_takes_the_points(void) {
    const char *hand[] = {"KD", "8C", "2S"}, *pile[] = {"7H"};
    CU_ASSERT_EQUAL(play_of("habit:peg=low", hand, 3, pile, 1), card("8C"));
    CU_ASSERT_EQUAL(play_of("habit:peg=bold", hand, 3, pile, 1), card("8C"));
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", hand, 3, pile, 1), card("8C"));
}

/*
 * On A-K (11) nothing scores: the queen makes 21, the nine 20, the three 14 (A-K-Q is no run:
 * the ace is low). low lays the three, bold the queen; safe will not leave 21, where any
 * ten-card makes 31, and lays the higher of the others, the nine.
 */
static void test_peg_habits_part_when_nothing_scores(void) {
    const char *hand[] = {"QD", "9C", "3S"}, *pile[] = {"AH", "KS"};
    CU_ASSERT_EQUAL(play_of("habit:peg=low", hand, 3, pile, 2), card("3S"));
    CU_ASSERT_EQUAL(play_of("habit:peg=bold", hand, 3, pile, 2), card("QD"));
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", hand, 3, pile, 2), card("9C"));
}

/*
 * Leading from K-2-3-3: low leads the two, bold the king; safe leads under 5 (no fifteen can
 * answer) and from its pair, so a three paired is answered by a pair royal: the first three.
 * From 5-9-K no lead is under 5, so none is quiet and safe leads the highest, the king.
 */
static void test_safe_leads_low_from_a_pair(void) {
    const char *hand[] = {"KD", "2C", "3C", "3S"};
    CU_ASSERT_EQUAL(play_of("habit:peg=low", hand, 4, NULL, 0), card("2C"));
    CU_ASSERT_EQUAL(play_of("habit:peg=bold", hand, 4, NULL, 0), card("KD"));
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", hand, 4, NULL, 0), card("3C"));
    const char *high[] = {"5D", "9C", "KS"};
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", high, 3, NULL, 0), card("KS"));
    CU_ASSERT_EQUAL(play_of("habit:peg=low", high, 3, NULL, 0), card("5D"));
}

/*
 * Leading from 2-K-2-4, every card but the king leaves a count under 5; safe leads from its
 * pair of twos (a two paired is answered by a pair royal) rather than the higher four. From
 * K-4 it leads the four, under 5, not the higher king (on 10 a five makes fifteen).
 */
static void test_safe_leads_from_its_pair_and_under_five(void) {
    const char *pair[] = {"2C", "KD", "2S", "4H"}, *one[] = {"KD", "4C"};
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", pair, 4, NULL, 0), card("2C"));
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", one, 2, NULL, 0), card("4C"));
    CU_ASSERT_EQUAL(play_of("habit:peg=bold", one, 2, NULL, 0), card("KD"));
}

/* On K-5-Q (25) the six makes 31 for 2 and the seven does not fit: bold plays the six; from
 * seven and two alone, the two. */
static void test_peg_habits_play_only_what_fits(void) {
    const char *six[] = {"7D", "6C", "2S"}, *seven[] = {"7D", "2S"}, *pile[] = {"KH", "5D", "QS"};
    CU_ASSERT_EQUAL(play_of("habit:peg=bold", six, 3, pile, 3), card("6C"));
    CU_ASSERT_EQUAL(play_of("habit:peg=bold", seven, 2, pile, 3), card("2S"));
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", seven, 2, pile, 3), card("2S"));
}

/* Not leading, a count of 5 or more is quiet: on an ace, safe lays the king (11) as bold does,
 * not the three (4). */
static void test_safe_keeps_the_lead_rule_to_the_lead(void) {
    const char *hand[] = {"3C", "KD"}, *pile[] = {"AH"};
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", hand, 2, pile, 1), card("KD"));
    CU_ASSERT_EQUAL(play_of("habit:peg=low", hand, 2, pile, 1), card("3C"));
}

/* On a three, neither the two (5) nor the ace (4) scores: bold lays the two, safe the ace,
 * since on 5 any of the sixteen ten-cards makes fifteen. */
static void test_safe_leaves_no_count_of_five(void) {
    const char *hand[] = {"2C", "AS"}, *pile[] = {"3H"};
    CU_ASSERT_EQUAL(play_of("habit:peg=bold", hand, 2, pile, 1), card("2C"));
    CU_ASSERT_EQUAL(play_of("habit:peg=safe", hand, 2, pile, 1), card("AS"));
}

/* Its keys are checked by name and value; the defaults are spelled out. */
static void test_habit_refuses_an_unknown_habit_and_spells_out_its_defaults(void) {
    char err[256] = "";
    CU_ASSERT_PTR_NULL(cs_player_create("habit:toss=flush", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "flush"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "thumb"));
    CU_ASSERT_PTR_NULL(cs_player_create("habit:peg=timid", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "timid"));
    cs_player *p = cs_player_create("habit", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "habit:toss=hand,peg=safe");
    cs_player_destroy(p);
}

const char cs_suite_name[] = "habit";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_toss_worth_counts_fives_pairs_fifteens_and_near_cards),
    CS_TEST(test_thumb_dealer_feeds_its_crib_the_fives_and_the_pone_keeps_them),
    CS_TEST(test_thumb_pone_weighs_each_toss_by_its_worth),
    CS_TEST(test_hand_keeps_the_best_mean_show_whatever_the_crib),
    CS_TEST(test_crib_dealer_lays_away_a_pair_of_fives_that_expected_keeps),
    CS_TEST(test_every_peg_habit_takes_the_points),
    CS_TEST(test_peg_habits_part_when_nothing_scores),
    CS_TEST(test_safe_leads_low_from_a_pair),
    CS_TEST(test_safe_leaves_no_count_of_five),
    CS_TEST(test_safe_keeps_the_lead_rule_to_the_lead),
    CS_TEST(test_safe_leads_from_its_pair_and_under_five),
    CS_TEST(test_peg_habits_play_only_what_fits),
    CS_TEST(test_habit_refuses_an_unknown_habit_and_spells_out_its_defaults),
    {NULL, NULL},
};

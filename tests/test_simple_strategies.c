/* layer: strategies */
/*
 * test_simple_strategies.c - exact decisions of the three simple strategies (greedy, expected,
 * random), each asked once through a player created from its seat spec, on a stacked hand or
 * a given pile worked out from the rules and the strategy's documented rule. Fast, so that
 * tests/mutate.sh runs it on each mutant of greedy.c, expected.c and random.c in seconds;
 * test_strategies plays the same strategies through whole games.
 */
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "expected.h"
#include "greedy.h"
#include "play_view.h"
#include "strategy.h"

/* ---- greedy's count of four (or three) cards without a starter ---- */

/* Parses n cards into out (which may be larger: the tests put a card past n that would score
 * if it were read). */
static void parse(const char *const texts[], int n, cs_card out[]) {
    int bad;
    CU_ASSERT_EQUAL_FATAL(cs_cards_parse(n, texts, out, &bad), CS_OK);
}

static int points_of(const char *a, const char *b, const char *c, const char *d, int flush_min) {
    const char *texts[4] = {a, b, c, d};
    cs_card h[4];
    parse(texts, 4, h);
    return cs_greedy_hand_points(h, 4, flush_min);
}

static void test_greedy_hand_points_count_fifteens_pairs_runs_and_flush(void) {
    /* 5+5+5 and three 5+J: 8; three pairs of fives: 6. */
    CU_ASSERT_EQUAL(points_of("5C", "5D", "5H", "JS", 4), 14);
    /* 4+5+6: 2; a run of four: 4; a flush: 4, but not where a flush needs five cards. */
    CU_ASSERT_EQUAL(points_of("3H", "4H", "5H", "6H", 4), 10);
    CU_ASSERT_EQUAL(points_of("3H", "4H", "5H", "6H", 5), 6);
    /* 7+8 twice: 4; a pair: 2; a double run of three: 6. */
    CU_ASSERT_EQUAL(points_of("7C", "7D", "8H", "9S", 4), 12);
}

static void test_greedy_hand_points_run_from_the_ace_and_to_the_king(void) {
    /* A-2-3: 3; 2+3+K: 2. */
    CU_ASSERT_EQUAL(points_of("AC", "2D", "3H", "KS", 4), 5);
    /* J-Q-K: 3; 5+J, 5+Q, 5+K: 6. */
    CU_ASSERT_EQUAL(points_of("JC", "QD", "KH", "5S", 4), 9);
}

static void test_greedy_hand_points_pair_of_aces(void) {
    /* A pair: 2; 7+8: 2. */
    CU_ASSERT_EQUAL(points_of("AC", "AD", "7H", "8S", 4), 4);
}

/* Two ranks in a row are no run, and these four cards make no fifteen (the two smallest of
 * any three already make 19 or more, and no two of 3, 7, 9, 10 make 15). */
static void test_greedy_hand_points_two_in_a_row_score_nothing(void) {
    CU_ASSERT_EQUAL(points_of("9C", "TD", "3H", "7S", 4), 0);
}

/* One card of another suit spoils the flush wherever it stands. No fifteen (the pairs make
 * at most 14, the triples 12, 14, 16 and 18), no pair, no run. */
static void test_greedy_hand_points_no_flush_with_one_card_off_suit(void) {
    CU_ASSERT_EQUAL(points_of("2C", "4H", "6H", "8H", 4), 0);
    CU_ASSERT_EQUAL(points_of("4H", "2C", "6H", "8H", 4), 0);
    CU_ASSERT_EQUAL(points_of("4H", "6H", "8H", "2C", 4), 0);
    CU_ASSERT_EQUAL(points_of("2H", "4H", "6H", "8H", 4), 4);
}

/* The count reads n cards and no more: a fifth five past them (a double pair royal with it)
 * and a club after four hearts (no flush with it) change nothing. */
static void test_greedy_hand_points_read_only_the_cards_given(void) {
    const char *fives[5] = {"5C", "5D", "5H", "JS", "5S"};
    const char *hearts[5] = {"3H", "4H", "5H", "6H", "2C"};
    cs_card h[5];
    parse(fives, 5, h);
    CU_ASSERT_EQUAL(cs_greedy_hand_points(h, 4, 4), 14);
    parse(hearts, 5, h);
    CU_ASSERT_EQUAL(cs_greedy_hand_points(h, 4, 4), 10);
    /* A three-card hand (the five-card game): 3-4-5 is a run, and the three hearts a flush
     * where three cards make one; the six and the club are past n. */
    CU_ASSERT_EQUAL(cs_greedy_hand_points(h, 3, 3), 3 + 3);
}

/* ---- discards through a player ---- */

/* discard_under (play_view.h) under a preset's rules, seat 0 with `dealer` dealing. */
static void discard_of(const char *spec, cs_preset preset, const char *const cards[], int dealer,
                       cs_card out[3]) {
    cs_rules rules;
    cs_rules_preset(preset, &rules);
    discard_under(spec, &rules, cards, NULL, dealer, out);
}

static void test_greedy_keeps_the_most_points_on_their_own(void) {
    /* 5-5-5-J holds 14; no other four of these cards holds 8. */
    const char *cards[6] = {"5C", "5D", "5H", "JS", "2C", "9D"};
    cs_card out[3];
    discard_of("greedy", CS_PRESET_TWO, cards, 1, out);
    CU_ASSERT(tossed(out, "2C", "9D"));
}

/* No four of A, 3, 7, 9, J, K score (no fifteen: no two make 15, 1+3+10 = 14 is the nearest
 * three; no pair; 9 and J, J and K are not in a row; four suits): every split ties at 0, and a
 * tie goes to the first split, which lays away the first two cards. */
static void test_greedy_breaks_a_tie_with_the_first_split(void) {
    const char *cards[6] = {"AC", "3D", "7H", "9S", "JC", "KD"};
    cs_card out[3];
    discard_of("greedy", CS_PRESET_TWO, cards, 0, out);
    CU_ASSERT(tossed(out, "AC", "3D"));
}

/* Three players: five cards dealt, one laid away, four kept. 5-5-5-J holds 14; keeping the
 * two instead of the jack holds 8 (5+5+5, three pairs), instead of a five 6 (a pair, 5+J
 * twice). */
static void test_greedy_lays_one_card_away_with_three_players(void) {
    const char *cards[5] = {"5C", "5D", "5H", "JS", "2C"};
    cs_card out[3];
    discard_of("greedy", CS_PRESET_THREE, cards, 0, out);
    CU_ASSERT_EQUAL(out[0], card("2C"));
}

static void test_expected_keeps_three_fives_and_a_jack(void) {
    /* 5-5-5-J holds 14 before the starter; no other four of these cards holds 8. */
    const char *cards[6] = {"5C", "5D", "5H", "JS", "2C", "9D"};
    for (int dealer = 0; dealer < 2; dealer++) {
        cs_card out[3];
        discard_of("expected", CS_PRESET_TWO, cards, dealer, out);
        CU_ASSERT(tossed(out, "2C", "9D"));
    }
}

static void test_expected_pone_keeps_its_fifteens_and_gives_away_no_five(void) {
    /* As pone, the pair of fives would feed the dealer's crib: keep 5-5-T-J (16 in hand,
     * whatever the starter) rather than lay a five away. */
    const char *cards[6] = {"5C", "5D", "TH", "JS", "2C", "9D"};
    cs_card out[3];
    discard_of("expected", CS_PRESET_TWO, cards, 1, out);
    CU_ASSERT(tossed(out, "2C", "9D"));
}

/* JD and JC are twins: no other diamond or club is dealt, so swapping the two suits maps
 * every split keeping one jack onto one keeping the other with the same value (the same
 * starters left; the same crib value, neither jack suited with the king). The pone keeps 4-5-6
 * and a jack and gives the dealer the other jack and the king; between the twins the tie goes
 * to the first split in cs_splits() order, which lays the first card, JD, away. A wrong pool
 * of starters breaks the tie: a dealt jack left in it would score his nobs as its own
 * starter, and a club taken out of it (the AC lying past the hand, say) would cost the kept
 * JC some of its nobs. */
static void test_expected_breaks_a_tie_between_twin_jacks_with_the_first_split(void) {
    const char *cards[6] = {"JD", "JC", "4S", "5H", "6S", "KH"};
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_card out[3];
    discard_under("expected", &rules, cards, "AC", 1, out);
    CU_ASSERT(tossed(out, "JD", "KH"));
}

/* Where a four-card crib flush counts, the dealer's crib model changes (handvalue.h), and
 * with it this dealer's discard: the player must build its model for the game's rule, laying
 * away what cs_expected_discard() lays with a model for 4, not the default model's choice. */
static void test_expected_models_the_crib_under_the_games_flush_rule(void) {
    const char *cards[6] = {"JS", "9D", "8H", "TC", "2S", "9S"};
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    rules.crib_flush_min = 4;
    cs_card got[3], with4[2], with5[2];
    discard_view d;
    discard_view_make(&d, &rules, cards, 0, 0, 0, 0);
    static cs_crib_model m4, m5;
    cs_crib_model_build(&m4, 4);
    cs_crib_model_build(&m5, 5);
    cs_expected_discard(&d.v, &m4, with4);
    cs_expected_discard(&d.v, &m5, with5);
    /* The rule changes the choice on this hand: otherwise the test would prove nothing. */
    CU_ASSERT_FALSE(with4[0] == with5[0] && with4[1] == with5[1]);
    discard_under("expected", &rules, cards, NULL, 0, got);
    CU_ASSERT(got[0] == with4[0] && got[1] == with4[1]);
}

/* ---- plays through a player ---- */

/* On K-4-7 (21), the ten makes 31 for 2; the four scores nothing. */
static void test_greedy_plays_the_thirty_one(void) {
    const char *hand[] = {"4S", "TD"}, *pile[] = {"KH", "4H", "7D"};
    CU_ASSERT_EQUAL(play_of("greedy", hand, 2, pile, 3), card("TD"));
}

/* Leading, nothing scores: greedy keeps the low card and leads the five (its tie rule, the
 * higher value); expected's lookahead leads the two, since a five led gives the reply fifteen
 * with any of the sixteen ten-cards and a two gives it only a pair. With peg=greedy expected
 * leads as greedy does. */
static void test_expected_leads_the_two_and_greedy_the_five(void) {
    const char *hand[] = {"5C", "2H"};
    CU_ASSERT_EQUAL(play_of("greedy", hand, 2, NULL, 0), card("5C"));
    CU_ASSERT_EQUAL(play_of("expected", hand, 2, NULL, 0), card("2H"));
    CU_ASSERT_EQUAL(play_of("expected:peg=greedy", hand, 2, NULL, 0), card("5C"));
    CU_ASSERT_EQUAL(play_of("expected:peg=lookahead", hand, 2, NULL, 0), card("2H"));
}

/* On T-Q-9 (29) only the ace fits under 31, whatever the policy. */
static void test_every_simple_strategy_plays_the_only_card_that_fits(void) {
    const char *hand[] = {"KC", "AD"}, *pile[] = {"TH", "QH", "9D"};
    CU_ASSERT_EQUAL(play_of("expected", hand, 2, pile, 3), card("AD"));
    CU_ASSERT_EQUAL(play_of("expected:peg=greedy", hand, 2, pile, 3), card("AD"));
    CU_ASSERT_EQUAL(play_of("greedy", hand, 2, pile, 3), card("AD"));
    CU_ASSERT_EQUAL(play_of("random", hand, 2, pile, 3), card("AD"));
}

/* ---- random: the engine's random agent on the player's own stream ---- */

/* A random player's discards and plays are the engine's random agent's, drawn from the stream
 * cs_player_new_game() gives it (strategy.h): seed, game, CS_STREAM_STRATEGY, seat. */
static void test_random_draws_from_its_game_and_seat_stream(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    const char *texts[6] = {"AC", "3D", "7H", "9S", "JC", "KD"};
    discard_view d;
    discard_view_make(&d, &rules, texts, 1, 0, 0, 0);
    char err[256];
    cs_player *p = cs_player_create("random", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_agent a = cs_player_agent(p);
    int differ = 0;
    for (uint64_t game = 0; game < 8; game++) {
        cs_player_new_game(p, &rules, 99, game, 1);
        cs_pcg32 rng = cs_pcg32_derive(99, game, CS_STREAM_STRATEGY, 1);
        cs_card got[2], want[2];
        CU_ASSERT_EQUAL(a.discard(a.self, &d.v, got), CS_OK);
        CU_ASSERT_EQUAL(cs_random_discard(&rng, &d.v, want), CS_OK);
        CU_ASSERT(got[0] == want[0] && got[1] == want[1]);
        differ += game > 0 && !(got[0] == d.hand[0] && got[1] == d.hand[1]);
    }
    /* The streams differ by game, so the eight discards are not all the first two cards. */
    CU_ASSERT(differ > 0);
    cs_player_destroy(p);
}

const char cs_suite_name[] = "simple_strategies";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_greedy_hand_points_count_fifteens_pairs_runs_and_flush),
    CS_TEST(test_greedy_hand_points_run_from_the_ace_and_to_the_king),
    CS_TEST(test_greedy_hand_points_pair_of_aces),
    CS_TEST(test_greedy_hand_points_two_in_a_row_score_nothing),
    CS_TEST(test_greedy_hand_points_no_flush_with_one_card_off_suit),
    CS_TEST(test_greedy_hand_points_read_only_the_cards_given),
    CS_TEST(test_greedy_keeps_the_most_points_on_their_own),
    CS_TEST(test_greedy_breaks_a_tie_with_the_first_split),
    CS_TEST(test_greedy_lays_one_card_away_with_three_players),
    CS_TEST(test_expected_keeps_three_fives_and_a_jack),
    CS_TEST(test_expected_pone_keeps_its_fifteens_and_gives_away_no_five),
    CS_TEST(test_expected_breaks_a_tie_between_twin_jacks_with_the_first_split),
    CS_TEST(test_expected_models_the_crib_under_the_games_flush_rule),
    CS_TEST(test_greedy_plays_the_thirty_one),
    CS_TEST(test_expected_leads_the_two_and_greedy_the_five),
    CS_TEST(test_every_simple_strategy_plays_the_only_card_that_fits),
    CS_TEST(test_random_draws_from_its_game_and_seat_stream),
    {NULL, NULL},
};

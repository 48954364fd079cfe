/* layer: strategies */
/*
 * test_mc_match.c - mc's objective=match: outside a match (no context, or a plain game) it
 * decides exactly as objective=win; with a league's points, where the seat cannot win the game
 * but each point it scores before the loss is worth one, it takes the points that
 * objective=win gives up to keep the winner's margin down. And the race's equal=N.
 */
#include <string.h>

#include "cu_main.h"
#include "play_view.h"
#include "error.h"
#include "strategy.h"

static cs_card decide(const char *spec, play_view *s, uint64_t game) {
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, &s->rules, 1, game, 0);
    cs_agent a = cs_player_agent(p);
    cs_card out = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.play(a.self, &s->v, &out), CS_OK);
    cs_player_destroy(p);
    return out;
}

/* A league's "lowest total wins" points, negated (engine/game.h): a win 0, 1 for a skunk, 2 for
 * a double; a loss the shortfall to 121. */
static const cs_match_context LEAGUE = {.kind = CS_MATCH_POINTS,
                                        .points_win = {0, 1, 2, 2},
                                        .points_loss = -121,
                                        .points_per_score = 1};

static void test_match_without_a_match_is_win(void) {
    static const char *hands[][3] = {
        {"5D", "6S", "7H"}, {"QD", "QH", "4C"}, {"4H", "AH", "9S"}, {"3S", "4H", "4D"}};
    static const char *piles[][2] = {{"8H", "2C"}, {"KD", "3C"}, {"5H", "9C"}, {"6S", "7C"}};
    static const int scores[][2] = {{30, 40}, {100, 110}, {60, 120}, {119, 117}};
    const cs_match_context game = {.kind = CS_MATCH_GAME};
    for (int i = 0; i < 4; i++)
        for (int with_game = 0; with_game < 2; with_game++) {
            play_view s;
            play_view_make(&s, hands[i], 3, piles[i], 2, scores[i][0], scores[i][1]);
            if (s.v.count > 31) continue;
            s.v.match = with_game ? &game : NULL;
            for (uint64_t g = 0; g < 3; g++)
                CU_ASSERT_EQUAL(decide("mc:objective=match", &s, g),
                                decide("mc:objective=win", &s, g));
        }
}

/*
 * At 60 against the dealer's 120 the pone has lost: the dealer needs one point and the pone
 * cannot make 61 in a deal. On the dealer's 5D the pone holds 5S QS 7D. Under the league's
 * points every point the pone pegs before the dealer's first is worth one: the 5S pairs the
 * dealer's five, two points now (the dealer's reply ends the game whatever it is).
 * objective=win scores every card a loss and goes by the margin, which the pair worsens (the
 * dealer may answer with a third five, a pair royal and fifteen), so it plays another card:
 * the context changes the move.
 */
static void test_match_takes_the_points_a_lost_game_still_pays(void) {
    play_view s;
    const char *hand[] = {"5S", "QS", "7D"}, *pile[] = {"5D"};
    play_view_make(&s, hand, 3, pile, 1, 60, 120);
    s.v.match = &LEAGUE;
    for (uint64_t g = 0; g < 3; g++) {
        CU_ASSERT_EQUAL(decide("mc:objective=match", &s, g), card("5S"));
        CU_ASSERT_NOT_EQUAL(decide("mc:objective=win", &s, g), card("5S"));
    }
}

/*
 * equal=N stops sampling the moves that are surely within N thousandths of a game of the
 * best. With N = 1000 (a whole game) every move but the leader goes at the race's first look,
 * after 32 samples, so the decision is the one 32 samples make (the same stream, the same
 * samples); on these views (at 70 against 80) the default's 100 samples decide otherwise.
 * With equal=0 the decision is the default's. (The views were found with the discard model of
 * the hidden cards, hidden=expected, which all four specs use, and with tree=0: the race is
 * the play's only with the one-step search.)
 */
static void test_equal_stops_at_the_first_look(void) {
    static const char *hands[][3] = {
        {"JD", "KH", "4S"}, {"9H", "8C", "3D"}, {"AH", "TC", "4S"}, {"TS", "KH", "AH"}};
    static const char *piles[][2] = {{"2D", "6H"}, {"6S", "5C"}, {"9D", "9S"}, {"4C", "3D"}};
    for (int i = 0; i < 4; i++) {
        play_view s;
        play_view_make(&s, hands[i], 3, piles[i], 2, 70, 80);
        cs_card first_look = decide("mc:samples=32,hidden=expected,tree=0", &s, 1),
                full = decide("mc:hidden=expected,tree=0", &s, 1);
        CU_ASSERT_NOT_EQUAL(first_look, full);
        CU_ASSERT_EQUAL(decide("mc:equal=1000,hidden=expected,tree=0", &s, 1), first_look);
        CU_ASSERT_EQUAL(decide("mc:equal=0,hidden=expected,tree=0", &s, 1), full);
    }
}

const char cs_suite_name[] = "mc_match";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_match_without_a_match_is_win),
    CS_TEST(test_match_takes_the_points_a_lost_game_still_pays),
    CS_TEST(test_equal_stops_at_the_first_look),
    {NULL, NULL},
};

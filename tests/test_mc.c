/* layer: strategies */
/*
 * test_mc.c - the Monte Carlo strategy: each parameter checked against its own range;
 * reproducible from its stream, different with another stream; the opening table used only
 * more than 30 points from the target; with objective=win it takes the play that wins the
 * game on the spot, and near the target it takes the play that gives the opponent the fewest
 * ways to win, where objective=points takes another; in the last deal of a game with a deal
 * limit, where every line wins, it plays and discards for the margin as objective=points does;
 * objective=match weighs the games a skunk counts in a best-of match; its play does not change
 * with the seats' numbers swapped or with the order of its kept hand. A tree it cannot allocate
 * is refused when it is made; objective=points lays away the same whatever the scores; endwidth
 * takes over from exactly 40 points out; the triple skunk by lines and four-hand's sides in
 * objective=match.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cu_main.h"
#include "play_view.h"
#include "error.h"
#include "mc.h"
#include "model_file.h"
#include "nn_file.h"
#include "rules.h"
#include "strategy.h"

static cs_card decide_as(const char *spec, play_view *s, uint64_t game, int seat) {
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, &s->rules, 1, game, seat);
    cs_agent a = cs_player_agent(p);
    cs_card out = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.play(a.self, &s->v, &out), CS_OK);
    cs_player_destroy(p);
    return out;
}

static cs_card decide(const char *spec, play_view *s, uint64_t game) {
    return decide_as(spec, s, game, 0);
}

static void test_mc_is_reproducible_from_its_stream(void) {
    play_view s;
    const char *hand[] = {"5D", "6S", "7H", "9C"};
    play_view_make(&s, hand, 4, NULL, 0, 30, 30);
    for (uint64_t game = 0; game < 5; game++)
        CU_ASSERT_EQUAL(decide("mc:samples=20", &s, game), decide("mc:samples=20", &s, game));
}

/* opening=table (the default): far from the target the opening lead is expert's lead table's
 * for every stream and any budget, even one sample, which alone could not find it. */
static void test_mc_leads_from_expert_table_far_from_the_target(void) {
    play_view s;
    const char *hand[] = {"AC", "2D", "4H", "TS"};
    play_view_make(&s, hand, 4, NULL, 0, 30, 30);
    cs_card table = decide("expert", &s, 0), four;
    CU_ASSERT_EQUAL_FATAL(cs_card_parse("4H", &four), CS_OK);
    CU_ASSERT_EQUAL(table, four);
    int other = 0;
    for (uint64_t game = 0; game < 8; game++) {
        CU_ASSERT_EQUAL(decide("mc:samples=1,race=off", &s, game), table);
        other += decide("mc:samples=1,race=off,opening=search", &s, game) != table;
    }
    CU_ASSERT(other > 0); /* one sample's search does not always find it */
}

/* The table holds while both sides are more than 30 points from the target (mc.h): at 90 every
 * stream leads from it; at 91, for either side, the lead is searched, and one sample's search
 * does not always find the table's card. */
static void test_mc_leads_from_the_table_only_more_than_thirty_from_the_target(void) {
    const char *hand[] = {"AC", "2D", "4H", "TS"};
    const int scores[3][2] = {{90, 90}, {91, 90}, {90, 91}};
    for (int k = 0; k < 3; k++) {
        play_view s;
        play_view_make(&s, hand, 4, NULL, 0, scores[k][0], scores[k][1]);
        int other = 0;
        for (uint64_t game = 0; game < 5; game++)
            other += decide("mc:samples=1,race=off", &s, game) != card("4H");
        CU_ASSERT(k == 0 ? other == 0 : other > 0);
    }
}

/* Each parameter is read from its own place in the spec and checked against its own range:
 * a value just outside is refused with a message naming the parameter, one at the edge is
 * taken. */
static void test_mc_checks_each_parameter_against_its_range(void) {
    static const char *const refused[][2] = {
        {"mc:samples=0", "samples="},
        {"mc:samples=1000001", "samples="},
        {"mc:objective=most", "objective="},
        {"mc:width=-1", "width="},
        {"mc:width=16", "width="},
        {"mc:rollout=random", "rollout="},
        {"mc:hidden=all", "hidden="},
        {"mc:race=maybe", "race="},
        {"mc:discard_samples=-1", "discard_samples="},
        {"mc:discard_samples=1000001", "discard_samples="},
        {"mc:equal=-1", "equal="},
        {"mc:equal=1001", "equal="},
        {"mc:rank=model", "rank="},
        {"mc:opening=book", "opening="},
        {"mc:endwidth=-1", "endwidth="},
        {"mc:endwidth=16", "endwidth="},
        {"mc:tree=-1", "tree="},
        {"mc:tree=1000001", "tree="},
        {"mc:cutoff=-1", "cutoff="},
        {"mc:cutoff=17", "cutoff="},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char err[512] = "";
        cs_player *p = cs_player_create(refused[i][0], err, sizeof err);
        CU_ASSERT_PTR_NULL(p);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, refused[i][1]));
        cs_player_destroy(p);
    }
    static const char *const taken[] = {
        "mc:samples=1", "mc:width=0",         "mc:width=15",       "mc:discard_samples=0",
        "mc:equal=0",   "mc:equal=1000",      "mc:endwidth=0",     "mc:endwidth=15",
        "mc:tree=0",    "mc:objective=match", "mc:hidden=uniform", "mc:rank=expected",
    };
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        char err[512] = "";
        cs_player *p = cs_player_create(taken[i], err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL(p);
        cs_player_destroy(p);
    }
}

/*
 * tree=N searches my later plays on the samples grouped by what I would see; a group smaller
 * than N plays on as expected does. With N above the budget every group is smaller, so the
 * search is the one-step search on the same samples: the same card as tree=0 with race=off
 * (which draws the same samples in the same order) in every position and stream.
 */
static void test_mc_tree_beyond_its_samples_is_the_one_step_search(void) {
    const char *lead[] = {"AC", "2D", "4H", "TS"}, *three[] = {"4D", "5S", "KH"};
    const char *pile[] = {"8H", "2C"}, *two[] = {"6C", "9D"}, *pile3[] = {"7S", "8D", "4C"};
    play_view s[3];
    play_view_make(&s[0], lead, 4, NULL, 0, 100, 96);
    play_view_make(&s[1], three, 3, pile, 2, 90, 104);
    play_view_make(&s[2], two, 2, pile3, 3, 111, 108);
    for (int i = 0; i < 3; i++)
        for (uint64_t game = 0; game < 6; game++)
            CU_ASSERT_EQUAL(decide("mc:samples=40,race=off,tree=41", &s[i], game),
                            decide("mc:samples=40,race=off,tree=0", &s[i], game));
}

static void test_mc_discards_are_reproducible_and_legal(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    char err[256];
    cs_player *p = cs_player_create("mc:samples=30", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    const char *texts[6] = {"5C", "6D", "7H", "8S", "JC", "KD"};
    discard_view d;
    discard_view_make(&d, &rules, texts, 0, 0, 10, 20);
    cs_agent a = cs_player_agent(p);
    cs_card x[2], y[2];
    cs_player_new_game(p, &rules, 1, 3, 0);
    CU_ASSERT_EQUAL(a.discard(a.self, &d.v, x), CS_OK);
    cs_player_new_game(p, &rules, 1, 3, 0);
    CU_ASSERT_EQUAL(a.discard(a.self, &d.v, y), CS_OK);
    CU_ASSERT(x[0] == y[0] && x[1] == y[1] && x[0] != x[1]);
    int held = 0;
    for (int i = 0; i < 6; i++) held += d.hand[i] == x[0] || d.hand[i] == x[1];
    CU_ASSERT_EQUAL(held, 2);
    cs_player_destroy(p);
}

/* ---- the play: what numbers and orders must not change ---- */

/* The same position with the seats' numbers swapped: the other seat's cards, scores and plays
 * are its own whichever number it has, and the dealer is the other number. */
static void swap_seat_numbers(play_view *s) {
    s->v.seat = 1 - s->v.seat;
    s->v.dealer = 1 - s->v.dealer;
    int left = s->left[0], score = s->score[0];
    s->left[0] = s->left[1], s->left[1] = left;
    s->score[0] = s->score[1], s->score[1] = score;
    for (int i = 0; i < s->v.n_plays; i++) s->seats[i] = (uint8_t)(1 - s->seats[i]);
}

/*
 * Which seat deals is a number, not a rule, in the play too: the dealer at 113 against 106,
 * holding 8S 7H 5H 6C (laid away 6H QS), the starter TH, answering the pone's TS (10), and the
 * dealer at 106 against 100 holding 8C 5D 7D 9C (laid away 9H JS), the starter KD, answering
 * the pone's JH: each decided with the same stream as seat 1 and, numbers swapped, as seat 0,
 * the same card. mc deals every other seat the cards it
 * samples for it, whatever its number.
 */
static void test_mc_plays_the_same_with_the_seats_numbers_swapped(void) {
    const char *kept1[4] = {"8S", "7H", "5H", "6C"}, *tossed1[2] = {"6H", "QS"};
    const char *plays1[1] = {"TS"};
    const char *kept2[4] = {"8C", "5D", "7D", "9C"}, *tossed2[2] = {"9H", "JS"};
    const char *plays2[1] = {"JH"};
    const struct {
        const char **kept, **tossed, **plays, *starter;
        int pone, dealer;
    } pos[2] = {{kept1, tossed1, plays1, "TH", 106, 113}, {kept2, tossed2, plays2, "KD", 100, 106}};
    for (int k = 0; k < 2; k++)
        for (uint64_t game = 0; game < 2; game++) {
            play_view s;
            play_view_at(&s, 1, pos[k].kept, pos[k].tossed, pos[k].starter, pos[k].plays, 1,
                         pos[k].pone, pos[k].dealer);
            cs_card as_one = decide("mc:samples=60", &s, game);
            swap_seat_numbers(&s);
            CU_ASSERT_EQUAL(decide("mc:samples=60", &s, game), as_one);
        }
}

/*
 * My kept hand is a set: its order in the view changes nothing, the show counts all four
 * cards. The pone at 119 against 104 on QD 4S (14), holding 9C 2C 7D of QD 9C 2C 7D (laid away
 * 3S QC), the starter JC; the pone at 114 against 111 on AS 7C (8), holding 3H 3C 9C of 3H 3C 9C
 * AS (laid away QH 5C), the starter 6C: objective=win, the kept hand in each of its four
 * rotations, the same card.
 */
static void test_mc_plays_the_same_whatever_the_order_of_its_kept_hand(void) {
    const char *kept1[4] = {"QD", "9C", "2C", "7D"}, *tossed1[2] = {"3S", "QC"};
    const char *plays1[2] = {"QD", "4S"};
    const char *kept2[4] = {"3H", "3C", "9C", "AS"}, *tossed2[2] = {"QH", "5C"};
    const char *plays2[2] = {"AS", "7C"};
    const struct {
        const char **kept, **tossed, **plays, *starter;
        int pone, dealer;
    } pos[2] = {{kept1, tossed1, plays1, "JC", 119, 104}, {kept2, tossed2, plays2, "6C", 114, 111}};
    for (int k = 0; k < 2; k++) {
        cs_card first = CS_NO_CARD;
        for (int turn = 0; turn < 4; turn++) {
            play_view s;
            play_view_at(&s, 0, pos[k].kept, pos[k].tossed, pos[k].starter, pos[k].plays, 2,
                         pos[k].pone, pos[k].dealer);
            cs_card rotated[4];
            for (int i = 0; i < 4; i++) rotated[i] = s.kept[(i + turn) % 4];
            memcpy(s.kept, rotated, sizeof rotated);
            cs_card c = decide("mc:objective=win,samples=60", &s, 1);
            if (turn == 0) first = c;
            CU_ASSERT_EQUAL(c, first);
        }
    }
}

static void test_mc_win_takes_the_fifteen_that_wins_the_game(void) {
    /* At 119 against 120, on 8-2: the 5 makes fifteen and the game; the 4 and the king
     * score nothing and leave the opponent a point to win with. */
    play_view s;
    const char *hand[] = {"4D", "5S", "KH"}, *pile[] = {"8H", "2C"};
    play_view_make(&s, hand, 3, pile, 2, 119, 120);
    CU_ASSERT_EQUAL(decide("mc:samples=50,objective=win", &s, 1), card("5S"));
}

/*
 * At 120 against 100 every card wins: the pone counts first, and the dealer cannot peg 21
 * before it. The win chance ties at 1 in every sample, and the point margin must decide: the
 * 3 pairs the dealer's 3 and goes out now, +2; any other card scores later, if anything,
 * with the dealer pegging meanwhile. (Without the margin the first card examined, the ace,
 * would be played.)
 */
static void test_mc_win_breaks_ties_by_the_margin(void) {
    play_view s;
    const char *hand[] = {"AS", "4D", "3D"}, *pile[] = {"KD", "3C"};
    play_view_make(&s, hand, 3, pile, 2, 120, 100);
    for (uint64_t game = 0; game < 3; game++)
        CU_ASSERT_EQUAL(decide("mc:objective=win", &s, game), card("3D"));
}

/*
 * The dealer (seat 1) at 120 needs one point; the pone (seat 0) at 119 needs two and counts
 * first, and the two queens it has laid are a pair in its hand: if nobody goes out in the
 * play, the pone wins at the show. On QC 4C QS (24) the dealer holds 3D 4H AC and must take a
 * point before the pone takes two. Playing 4H (28) loses only if the pone holds a 3 (31);
 * after a 2 (30) the ace makes 31, after an ace (29) the ace pairs it, after a go the 3 makes
 * 31. Playing 3D (27) loses to a 4 (31), a 3 (a pair) and to a 2 with an ace (29, 30, 31);
 * AC (25) loses to a 6, an ace, ... So the holdings that beat 4H are a strict subset of those
 * that beat the others: objective=win must play 4H. objective=points rates the cards by the
 * point margin of the whole play, blind to the target, and plays another (3D, whose margin
 * it rates higher; at 2,000 samples that ranking is stable): the objective changes the move.
 * Both draw the holdings by the discard model alone (hidden=expected): the plays here are not
 * ones expected would have made, and the model of its pegging would leave too few holdings.
 */
static void test_mc_win_plays_the_board_where_points_plays_the_hand(void) {
    play_view s;
    memset(&s, 0, sizeof s);
    cs_rules_preset(CS_PRESET_TWO, &s.rules);
    const char *hand[] = {"3D", "4H", "AC"}, *kept[] = {"4C", "3D", "4H", "AC"};
    const char *pile[] = {"QC", "4C", "QS"};
    for (int i = 0; i < 3; i++) s.hand[i] = card(hand[i]), s.pile[i] = card(pile[i]);
    for (int i = 0; i < 4; i++) s.kept[i] = card(kept[i]);
    s.seats[0] = 0, s.seats[1] = 1, s.seats[2] = 0;
    s.discards[0] = card("9D");
    s.discards[1] = card("6D");
    s.left[0] = 2;
    s.left[1] = 3;
    s.score[0] = 119;
    s.score[1] = 120;
    s.v = (cs_view){.rules = &s.rules,
                    .game = 3,
                    .seat = 1,
                    .dealer = 1,
                    .deal = 6,
                    .n_hand = 3,
                    .hand = s.hand,
                    .n_kept = 4,
                    .kept = s.kept,
                    .n_discards = 2,
                    .discards = s.discards,
                    .starter = card("KC"),
                    .count = 24,
                    .n_pile = 3,
                    .pile = s.pile,
                    .n_plays = 3,
                    .play_seat = s.seats,
                    .play_card = s.pile,
                    .cards_left = s.left,
                    .score = s.score};
    for (uint64_t game = 0; game < 3; game++) {
        CU_ASSERT_EQUAL(decide_as("mc:objective=win,hidden=expected", &s, game, 1), card("4H"));
        CU_ASSERT_NOT_EQUAL(
            decide_as("mc:objective=points,samples=2000,hidden=expected", &s, game, 1), card("4H"));
    }
}

/*
 * The last deal of a game with a deal limit (max_deals: the game ends after deal 6 of 7, the
 * higher score winning). The dealer is at 90 and the pone at 60, and the pone cannot make up
 * thirty in what is left of the deal: on KS/5H/8C below its hand (2D 9C, two cards unseen,
 * the starter QH) counts at most 8, on 3H/JS/JD at most 16 (5C 2C, the starter 3D), and its
 * two cards left peg a few points at most. So every line of play wins for the dealer, in every
 * sample: objective=win's chance is 1 throughout and the point margin decides, on the same
 * samples (race=off) exactly as objective=points decides. A win table read one deal early
 * would see a deal still to come, in which a lead of thirty is not yet safe and its chance
 * moves with both scores; that model plays the 5 and the jack instead.
 *
 * - The dealer holding 8C KS 5H (kept with AC; laid away 5C 4D) on 2D AC 9C (12): the king (22),
 *   as the margin rates it best.
 * - The dealer holding 3H JS JD (kept with AS; laid away 6C 4S) on 5C AS 2C (8): the 3 (11).
 */
static void test_mc_last_deal_plays_for_the_margin_when_every_line_wins(void) {
    const char *kept[2][4] = {{"8C", "KS", "5H", "AC"}, {"JS", "3H", "AS", "JD"}};
    const char *tossed[2][2] = {{"5C", "4D"}, {"6C", "4S"}};
    const char *starter[2] = {"QH", "3D"}, *want[2] = {"KS", "3H"};
    const char *plays[2][3] = {{"2D", "AC", "9C"}, {"5C", "AS", "2C"}};
    for (int i = 0; i < 2; i++) {
        play_view s;
        play_view_at(&s, 1, kept[i], tossed[i], starter[i], plays[i], 3, 60, 90);
        s.rules.max_deals = 7;
        s.v.deal = 6;
        for (uint64_t game = 1; game <= 3; game++) {
            CU_ASSERT_EQUAL(decide_as("mc:objective=win,race=off,samples=40", &s, game, 1),
                            card(want[i]));
            CU_ASSERT_EQUAL(decide_as("mc:objective=points,race=off,samples=40", &s, game, 1),
                            card(want[i]));
        }
    }
}

/*
 * The discard in the last deal of a game with a deal limit: the dealer at 95 against 50, with
 * 8H AD 5D QC TD 9H. No deal of the hidden cards lets the pone make up 45 points (a hand
 * counts 29 at most, and four cards peg a handful), so every discard wins in every sample and
 * the margin decides, as with objective=points: 5D QC into its own crib (fifteen two there),
 * 8-9-T and the ace kept. Read one deal early, the win table would rate the discards by a deal
 * still to come and lay away others (AD QC, 8H 9H, 8H TD on these streams).
 */
static void test_mc_last_deal_discards_for_the_margin_when_every_discard_wins(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    rules.max_deals = 7;
    const char *texts[6] = {"8H", "AD", "5D", "QC", "TD", "9H"};
    discard_view d;
    discard_view_make(&d, &rules, texts, 1, 1, 95, 50);
    d.v.deal = 6;
    static const char *const specs[2] = {"mc:objective=win,race=off,samples=30,width=4",
                                         "mc:objective=points,race=off,samples=30,width=4"};
    for (int k = 0; k < 2; k++)
        for (uint64_t game = 1; game <= 3; game++) {
            char err[256];
            cs_player *p = cs_player_create(specs[k], err, sizeof err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(p);
            cs_player_new_game(p, &d.rules, 1, game, 1);
            cs_agent a = cs_player_agent(p);
            cs_card out[2] = {CS_NO_CARD, CS_NO_CARD};
            CU_ASSERT_EQUAL(a.discard(a.self, &d.v, out), CS_OK);
            CU_ASSERT((out[0] == card("5D") && out[1] == card("QC")) ||
                      (out[0] == card("QC") && out[1] == card("5D")));
            cs_player_destroy(p);
        }
}

/*
 * objective=match in a best-of match, where a skunk may count more than one game. The pone at
 * 119 holds QH 3C (kept with 4D 8D; laid away QD 5D; the starter 2H) on 4D 3D 8D 3S (18). The
 * 3 pairs the dealer's 3 and goes out now; the queen (28) scores nothing, and the pone goes
 * out later: its hand (2-3-4 and two fifteens) counts seven at the show, first, and the
 * dealer cannot reach 121 from where it is. Every card wins the game.
 *
 * - objective=win: every card wins, so the margin decides, and the queen's, which lets the
 *   hand count, beats the pair's two: QH.
 * - Best of three (two games to win, none won yet) where a skunk counts two games, the dealer
 *   at 89: the pair wins now with the dealer under 91, a skunk and the match (1); after the
 *   queen the dealer may peg the two points that lift it to 91 (a 3 makes 31) and the win is
 *   one game (a match chance of 3/4 then): 3C.
 * - First to four games, a double skunk counting three and a triple four, the dealer at 31: a
 *   triple skunk is a score under 31, so winning now or later is a double skunk alike (3 games,
 *   15/16) and the margin decides again: QH.
 */
static void test_mc_match_weighs_the_skunk_a_best_of_counts(void) {
    const char *kept[4] = {"4D", "QH", "3C", "8D"}, *tossed[2] = {"QD", "5D"};
    const char *plays[4] = {"4D", "3D", "8D", "3S"};
    const cs_match_context two = {
        .kind = CS_MATCH_BEST_OF, .games_to_win = 2, .game_wins = {1, 2, 2, 2}};
    const cs_match_context four = {
        .kind = CS_MATCH_BEST_OF, .games_to_win = 4, .game_wins = {1, 2, 3, 4}};
    play_view s;
    for (uint64_t game = 1; game <= 3; game++) {
        play_view_at(&s, 0, kept, tossed, "2H", plays, 4, 119, 89);
        CU_ASSERT_EQUAL(decide("mc:objective=win,race=off,samples=40", &s, game), card("QH"));
        s.v.match = &two;
        CU_ASSERT_EQUAL(decide("mc:objective=match,race=off,samples=40", &s, game), card("3C"));
        play_view_at(&s, 0, kept, tossed, "2H", plays, 4, 119, 31);
        s.v.match = &four;
        CU_ASSERT_EQUAL(decide("mc:objective=match,race=off,samples=40", &s, game), card("QH"));
    }
}

/*
 * rank=expert and width=0 (the defaults): with two hands of six, far from the target, one
 * discard is examined, the best by expert's value (expected's hand over every starter, the
 * crib from expert's crib table, the pegging table's value of the kept ranks: expert.h), so
 * nothing is sampled and mc lays away exactly what expert lays away, every split rated alike.
 * The pone, at 0 all: from 2C QS KC 8H 7D TC the ten and king; from AD TC 9S 7D 3C 3H the 7
 * and ten; from 8C 9C AH JD QS AC the 8 and queen.
 */
static void test_mc_discards_as_expert_far_from_the_target(void) {
    static const char *const hands[3][6] = {{"2C", "QS", "KC", "8H", "7D", "TC"},
                                            {"AD", "TC", "9S", "7D", "3C", "3H"},
                                            {"8C", "9C", "AH", "JD", "QS", "AC"}};
    static const char *const want[3][2] = {{"TC", "KC"}, {"7D", "TC"}, {"8C", "QS"}};
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    static const char *const specs[2] = {"mc:samples=10", "expert"};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 2; k++) {
            discard_view d;
            discard_view_make(&d, &rules, hands[i], 0, 1, 0, 0);
            char err[256];
            cs_player *p = cs_player_create(specs[k], err, sizeof err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(p);
            cs_player_new_game(p, &d.rules, 1, 1, 0);
            cs_agent a = cs_player_agent(p);
            cs_card out[2] = {CS_NO_CARD, CS_NO_CARD};
            CU_ASSERT_EQUAL(a.discard(a.self, &d.v, out), CS_OK);
            cs_card x = card(want[i][0]), y = card(want[i][1]);
            CU_ASSERT((out[0] == x && out[1] == y) || (out[0] == y && out[1] == x));
            cs_player_destroy(p);
        }
}

/* The pair mc:`spec` lays away from six cards as the pone at 80 against the dealer's 85, the
 * pone at seat `seat` (the dealer the other), on the stream of game `game` and seat 0. */
static void pone_lays_away(const char *spec, const char *const six[6], int seat, uint64_t game,
                           cs_card out[2]) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    discard_view d;
    discard_view_make(&d, &rules, six, seat, 1 - seat, 80, 85);
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, &d.rules, 1, game, 0);
    cs_agent a = cs_player_agent(p);
    out[0] = out[1] = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.discard(a.self, &d.v, out), CS_OK);
    cs_player_destroy(p);
}

/*
 * Which seat deals is a number, not a rule: with the seats' numbers swapped (the pone at seat
 * 1, seat 0 dealing) and the same stream, mc draws the same samples and must lay away the same
 * cards. The pone at 80 against 85, objective=win, four discards sampled: from 2C QS KC 8H 7D
 * TC the ten and king, from 9H 5H TD 7S AD 7D the 9 and ten. The win table's next dealer is
 * the other seat either way.
 */
static void test_mc_discards_the_same_with_the_seats_numbers_swapped(void) {
    static const char *const hands[2][6] = {{"2C", "QS", "KC", "8H", "7D", "TC"},
                                            {"9H", "5H", "TD", "7S", "AD", "7D"}};
    static const char *const want[2][2] = {{"TC", "KC"}, {"9H", "TD"}};
    const char *spec = "mc:objective=win,race=off,samples=30,width=4";
    for (int i = 0; i < 2; i++)
        for (uint64_t game = 1; game <= 2; game++) {
            cs_card a[2], b[2];
            pone_lays_away(spec, hands[i], 0, game, a);
            pone_lays_away(spec, hands[i], 1, game, b);
            CU_ASSERT(a[0] == b[0] && a[1] == b[1]);
            if (game == 1) {
                cs_card x = card(want[i][0]), y = card(want[i][1]);
                CU_ASSERT((a[0] == x && a[1] == y) || (a[0] == y && a[1] == x));
            }
        }
}

/*
 * objective=match's worth of each result under each event format's scoring (mc.h), worked by
 * hand. League nights (partners, skunks below 91 and 61, points negated so more is better): a
 * win 0, a skunk +1, a double skunk +2, a loss minus the shortfall to 121.
 */
static void league_rules(cs_rules *r, cs_match_context *ctx) {
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_name("partners", r), CS_OK);
    r->skunk_line = 91;
    r->double_skunk_line = 61;
    r->triple_skunk_line = 0;
    *ctx = (cs_match_context){.kind = CS_MATCH_POINTS,
                              .points_win = {0, 1, 2, 2},
                              .points_loss = -121,
                              .points_per_score = 1};
}

static void test_mc_match_league_result_worth(void) {
    cs_rules r;
    cs_match_context ctx;
    league_rules(&r, &ctx);
    const int won[] = {121, 91}, skunk[] = {121, 90}, double_skunk[] = {121, 60};
    const int lost[] = {81, 121}, close[] = {120, 121};
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, won, 0, 0.5), 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, skunk, 0, 0.5), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, double_skunk, 0, 0.5), 2.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost, 1, 0.5), -40.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, close, 1, 0.5), -1.0, 1e-12);
    /* the other side's view of the same games (81 is a skunk) */
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 1, skunk, 0, 0.5), -31.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 1, lost, 1, 0.5), 1.0, 1e-12);
    /* outside a match (or objective=win) a win is 1 and a loss 0 */
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(NULL, &r, 0, skunk, 0, 0.5), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(NULL, &r, 0, lost, 1, 0.5), 0.0, 1e-12);
}

/*
 * An open league game: my side at m points from the leader, my chance p, the final margin
 * normal about m with standard deviation sd.
 *
 * - Level at 0-0, p = 1/2, sd 20: a loss falls short by the mean of the margin given that it
 *   is negative, 20 * phi(0) / Phi(0) = 20 * 0.398942 * 2 = 15.9577 points; a win skunks when
 *   the margin is 31 or more, P = Phi(-31/20) / Phi(0) = 2 * 0.060571 = 0.121142 (tables), and
 *   double skunks at 61 or more, 2 * Phi(-3.05) = 2 * 0.0011442 = 0.0022884: a win is worth
 *   0.121142 + 0.0022884 = 0.123431. The whole: (0.123431 - 15.9577) / 2 = -7.9171. (The
 *   model of version 7, every side scoring as fast as the winner, counted the loss 1 point
 *   short: -0.5.)
 * - A side 40 behind (70 to 110) with two deals left (sd 15), p = 0.05: a loss costs
 *   40 + 15 * phi(8/3) / Phi(8/3) = 40 + 15 * 0.011396 / 0.996170 = 40.1716 points, a win is
 *   worth a skunk only if the margin reaches 31 from -40 (Phi(-71/15) / Phi(-8/3), some
 *   0.0003): -0.95 * 40.1716 + 0.05 * 0.0003 = -38.163.
 * - With no spread left (sd 0) the margins are today's: a loss from 40 behind costs 40, and
 *   p = 0.05 of a win (no skunk) is worth 0: -38 exactly; a loss from 5 ahead costs the least
 *   shortfall, 1 point.
 */
static void test_mc_match_league_open_worth(void) {
    cs_rules r;
    cs_match_context ctx;
    league_rules(&r, &ctx);
    const int level[] = {0, 0}, behind[] = {70, 110}, ahead[] = {100, 95};
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, level, 0.5, 20, 0.5), -7.9171, 1e-3);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, behind, 0.05, 15, 0.5), -38.163, 1e-3);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, behind, 0.05, 0, 0.5), -38.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, ahead, 0.8, 0, 0.5), -0.2, 1e-12);
    /* a point of margin behind is worth about (1 - p) league points: 69 to 110 costs 0.95 */
    const int one_less[] = {69, 110};
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, behind, 0.05, 0, 0.5) -
                               cs_mc_open_worth(&ctx, &r, 0, one_less, 0.05, 0, 0.5),
                           0.95, 1e-12);
    /* outside a match the worth is the chance itself */
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(NULL, &r, 0, behind, 0.05, 15, 0.5), 0.05, 1e-12);
}

/*
 * The double-elimination match, best of three, skunks by the winning margin (31, 61) counting
 * two and three games, the loser of each game dealing the next, the side dealing first winning
 * a game with chance e = 0.6. From 0-0 in games:
 * - a win by 30 (121-91) is one game and the other side deals the second: I take it with
 *   1 - e, or lose it (e), deal the third and take that with e: 0.4 + 0.6 * 0.6 = 0.76;
 * - a win by 31 (121-90) is a skunk, two games: the match, 1;
 * - a loss by 21 (100-121) is one game to the other side; I deal the second and must take
 *   both: e, then the other side deals the third and I take it with 1 - e: 0.6 * 0.4 = 0.24
 *   (were the winner to deal next: 0.4 * 0.4 = 0.16);
 * - a loss by 31 is two games to the other side: 0.
 * One game up (1-0): a win is the match; a loss by 21 makes it 1-1 with me dealing the third:
 * 0.6. With e = 1/2 the deal order does not matter: 0.75 and 0.25, the even race. A tie (none
 * in a game to 121, but the context allows one) is played again, either side dealing: from
 * 0-0, e * 0.76 + (1 - e) * 0.24 = 0.552 if I deal, (1 - e) * 0.76 + e * 0.24 = 0.448 if
 * not: 0.5.
 */
static void test_mc_match_best_of_three_worth(void) {
    cs_rules r;
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_name("partners", &r), CS_OK);
    r.skunk_line = r.double_skunk_line = r.triple_skunk_line = r.lurch_line = 0;
    r.skunk_margin = 31;
    r.double_skunk_margin = 61;
    cs_match_context ctx = {.kind = CS_MATCH_BEST_OF, .games_to_win = 2, .game_wins = {1, 2, 3, 3}};
    const int by30[] = {121, 91}, by31[] = {121, 90}, lost21[] = {100, 121}, lost31[] = {90, 121};
    const int tie[] = {100, 100};
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, by30, 0, 0.6), 0.76, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, by31, 0, 0.6), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost21, 1, 0.6), 0.24, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost31, 1, 0.6), 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, tie, -1, 0.6), 0.5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, by30, 0, 0.5), 0.75, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost21, 1, 0.5), 0.25, 1e-12);
    ctx.won[0] = 1;
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, by30, 0, 0.6), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost21, 1, 0.6), 0.6, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost31, 1, 0.6), 0.0, 1e-12);
    /* skunks counting nothing extra (as the event scores them): two results, a win and a
     * loss, so the worth is affine in the chance of winning and the play is objective=win's */
    ctx.won[0] = 0;
    for (int k = 0; k < 4; k++) ctx.game_wins[k] = 1;
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, by31, 0, 0.6), 0.76, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost31, 1, 0.6), 0.24, 1e-12);
}

/*
 * New Zealand clips (four deals or 121, ties possible): a win 2, a tie 1, a loss 0, skunks
 * nothing. An open game is worth 2p whatever the margin's spread, the win table counting a tie
 * at the fourth deal as half a win: objective=match is objective=win scaled by two.
 */
static void test_mc_match_clips_worth(void) {
    cs_rules r;
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_name("nz-tournament", &r), CS_OK);
    const cs_match_context ctx = {
        .kind = CS_MATCH_POINTS, .points_win = {2, 2, 2, 2}, .points_tie = 1};
    const int won[] = {121, 60}, tied[] = {88, 88}, lost[] = {95, 97}, open[] = {50, 40};
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, won, 0, 0.5), 2.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, tied, -1, 0.5), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, lost, 1, 0.5), 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, open, 0.3, 20, 0.5), 0.6, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, open, 0.3, 0, 0.5), 0.6, 1e-12);
}

/* clang's way of saying it builds with a sanitizer */
#ifdef __has_feature
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MC_TEST_SANITIZED 1
#endif
#endif
#ifndef MC_TEST_SANITIZED
#define MC_TEST_SANITIZED 0
#endif

/* ---- made to tell apart what the mutation samples left alive (docs/testing.md) ---- */

/*
 * A tree the machine cannot hold is refused when mc is made, not met in the middle of a
 * decision: with the address space capped 256 MB above what the test uses,
 * mc:samples=1000000,tree=1 (its tree alone 5,000,000 samples of over 200 bytes, about 1 GB)
 * is not created, while mc:samples=1000000,tree=0 (no tree, the rest under 1 MB) is. Linux
 * only, and not under the sanitizers, which reserve far more address space than the cap.
 */
static void test_mc_refuses_a_tree_it_cannot_allocate(void) {
#if defined(__linux__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__) &&       \
    !MC_TEST_SANITIZED
    struct rlimit old;
    CU_ASSERT_EQUAL_FATAL(getrlimit(RLIMIT_AS, &old), 0);
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(fscanf(f, "%ld", &pages), 1);
    fclose(f);
    rlim_t cap = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)256 << 20);
    if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur <= cap) return; /* already tighter */
    if (old.rlim_max != RLIM_INFINITY && old.rlim_max < cap) return;
    struct rlimit tight = {cap, old.rlim_max};
    CU_ASSERT_EQUAL_FATAL(setrlimit(RLIMIT_AS, &tight), 0);
    char err[256] = "";
    cs_player *with_tree = cs_player_create("mc:samples=1000000,tree=1", err, sizeof err);
    cs_player *without = cs_player_create("mc:samples=1000000,tree=0", err, sizeof err);
    CU_ASSERT_EQUAL(setrlimit(RLIMIT_AS, &old), 0);
    CU_ASSERT_PTR_NULL(with_tree);
    CU_ASSERT_PTR_NOT_NULL(without);
    cs_player_destroy(with_tree);
    cs_player_destroy(without);
#endif
}

/*
 * Skunks by lines, the triple's too (the loser under 91, 61 or 31: margins of 31, 61 and 91
 * from 121), in a best-of to four games where a skunk counts two, a double three and a triple
 * four. With no spread left (sd 0) the final margin is today's, and with p = 1 I win: at
 * 111-20 (91 ahead) by a triple skunk, the match: 1; at 110-20 (90) by a double skunk, three
 * games, and one more to take before the other side takes four, an even race with e = 1/2:
 * 1 - 1/2^4 = 0.9375. The same for games over: 121-30 is a triple skunk, 1; 121-31 a double,
 * 0.9375.
 */
static void test_mc_match_triple_skunk_by_lines_worth(void) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    r.skunk_margin = r.double_skunk_margin = 0;
    r.skunk_line = 91;
    r.double_skunk_line = 61;
    r.triple_skunk_line = 31;
    const cs_match_context ctx = {
        .kind = CS_MATCH_BEST_OF, .games_to_win = 4, .game_wins = {1, 2, 3, 4}};
    const int by91[] = {111, 20}, by90[] = {110, 20};
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, by91, 1.0, 0, 0.5), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_open_worth(&ctx, &r, 0, by90, 1.0, 0, 0.5), 0.9375, 1e-12);
    const int triple[] = {121, 30}, dbl[] = {121, 31};
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, triple, 0, 0.5), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_result_worth(&ctx, &r, 0, dbl, 0, 0.5), 0.9375, 1e-12);
}

/*
 * objective=match in four-hand (four sides, each its own): the three others at 120, 110 and
 * 100, I (seat 0, the dealer's left) at 119, on 9C 2C 3D KS (24), holding 7H 4D AS (kept with
 * 9C; laid away QD; the starter 5C), in a best of three. The 7 makes 31 and wins the game now;
 * after the 4 or the ace, seat 1 needs one point and may peg it before I count. So the 7: its
 * worth is the most a game can give, the others' less.
 */
static void test_mc_match_plays_the_thirty_one_that_wins_in_four_hand(void) {
    play_view s;
    memset(&s, 0, sizeof s);
    cs_rules_preset(CS_PRESET_FOUR, &s.rules);
    const char *hand[] = {"7H", "4D", "AS"}, *kept[] = {"9C", "7H", "4D", "AS"};
    const char *pile[] = {"9C", "2C", "3D", "KS"};
    for (int i = 0; i < 3; i++) s.hand[i] = card(hand[i]);
    for (int i = 0; i < 4; i++) s.kept[i] = card(kept[i]), s.pile[i] = card(pile[i]);
    for (int i = 0; i < 4; i++) s.seats[i] = (uint8_t)i;
    s.discards[0] = card("QD");
    int left[4] = {3, 3, 3, 3}, score[4] = {119, 120, 110, 100};
    const cs_match_context three = {
        .kind = CS_MATCH_BEST_OF, .games_to_win = 2, .game_wins = {1, 1, 1, 1}};
    s.v = (cs_view){.rules = &s.rules,
                    .game = 3,
                    .seat = 0,
                    .dealer = 3,
                    .deal = 6,
                    .n_hand = 3,
                    .hand = s.hand,
                    .n_kept = 4,
                    .kept = s.kept,
                    .n_discards = 1,
                    .discards = s.discards,
                    .starter = card("5C"),
                    .count = 24,
                    .n_pile = 4,
                    .pile = s.pile,
                    .n_plays = 4,
                    .play_seat = s.seats,
                    .play_card = s.pile,
                    .cards_left = left,
                    .score = score,
                    .match = &three};
    for (uint64_t game = 1; game <= 2; game++)
        CU_ASSERT_EQUAL(decide("mc:objective=match,samples=40", &s, game), card("7H"));
}

/* The pair `spec` lays away from six cards as seat 0 (the pone) at `mine` against the dealer's
 * `theirs`, on the stream of game `game`. */
static void lays_away_at(const char *spec, const char *const six[6], int mine, int theirs,
                         uint64_t game, cs_card out[2]) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    discard_view d;
    discard_view_make(&d, &rules, six, 0, 1, mine, theirs);
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, &d.rules, 1, game, 0);
    cs_agent a = cs_player_agent(p);
    out[0] = out[1] = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.discard(a.self, &d.v, out), CS_OK);
    cs_player_destroy(p);
}

static int same_pair(const cs_card a[2], const cs_card b[2]) {
    return (a[0] == b[0] && a[1] == b[1]) || (a[0] == b[1] && a[1] == b[0]);
}

/*
 * objective=points rates a discard by the deal's point margin, whatever the scores: its
 * samples are played under the rules with no target. So at 120 all, where the first point of
 * the play would end a game, it lays away what it lays away at 0 all, on the same stream
 * (width=4, endwidth=0 and rank=expected keep the candidates the same near the target).
 */
static void test_mc_points_discards_the_same_whatever_the_scores(void) {
    static const char *const hands[3][6] = {{"5C", "6D", "7H", "8S", "JC", "KD"},
                                            {"2C", "QS", "KC", "8H", "7D", "TC"},
                                            {"9H", "5H", "TD", "7S", "AD", "7D"}};
    const char *spec = "mc:objective=points,race=off,samples=30,width=4,endwidth=0,rank=expected";
    for (int i = 0; i < 3; i++)
        for (uint64_t game = 1; game <= 2; game++) {
            cs_card far[2], near[2];
            lays_away_at(spec, hands[i], 0, 0, game, far);
            lays_away_at(spec, hands[i], 120, 120, game, near);
            CU_ASSERT(same_pair(far, near));
        }
}

/*
 * Near the end, a side 40 points or less from the target (mc.h), mc examines endwidth=
 * discards where width= says elsewhere. With mc:width=1,endwidth=3: the pone at 81 against
 * 70, or the dealer at 81 against the pone's 70, lays away what mc:width=3 lays away on the
 * same stream; at 80 all, what mc:width=1,endwidth=0 does (expert's first discard). From
 * {"2C", "QS", "KC", "8H", "7D", "TC"}, at 81 against 70, those two differ.
 */
static void test_mc_examines_endwidth_discards_from_forty_points_out(void) {
    static const char *const six[6] = {"8C", "9C", "AH", "JD", "QS", "AC"};
    const char *spec = "mc:width=1,endwidth=3,samples=30,race=off";
    const char *one = "mc:width=1,endwidth=0,samples=30,race=off";
    const char *three = "mc:width=3,samples=30,race=off";
    for (uint64_t game = 1; game <= 2; game++) {
        cs_card a[2], b[2], out[2];
        lays_away_at(one, six, 81, 70, game, a);
        lays_away_at(three, six, 81, 70, game, b);
        CU_ASSERT(!same_pair(a, b));
        lays_away_at(spec, six, 81, 70, game, out);
        CU_ASSERT(same_pair(out, b));
        lays_away_at(one, six, 70, 81, game, a);
        lays_away_at(three, six, 70, 81, game, b);
        CU_ASSERT(!same_pair(a, b));
        lays_away_at(spec, six, 70, 81, game, out);
        CU_ASSERT(same_pair(out, b));
        lays_away_at(one, six, 80, 80, game, a);
        lays_away_at(spec, six, 80, 80, game, out);
        CU_ASSERT(same_pair(out, a));
    }
}

/* rollout=nn: a one-layer network (CS_OBS_SIZE -> 53) scoring each card the seat holds
 * (observation byte CS_OBS_HAND + code) by sign * its code, written to path: with sign +1 the
 * seat lays its highest card that fits, with -1 its lowest. */
#define TMP_NN CS_BINARY_DIR "/test_mc_tmp.nn"
static void write_net(const char *path, float sign, int extra_a, int extra_i, float extra_w);
static void write_linear_net(const char *path, float sign) {
    write_net(path, sign, -1, -1, 0.0f);
}

/* As write_linear_net(), plus extra_w times input extra_i in action extra_a's score. */
static void write_net(const char *path, float sign, int extra_a, int extra_i, float extra_w) {
    static unsigned char b[4 * (CS_OBS_SIZE + 1) * CS_ACT_COUNT + 64];
    uint32_t head[] = {CS_NN_VERSION, CS_OBS_VERSION, 1, 0, CS_OBS_SIZE, CS_ACT_COUNT};
    size_t n = CS_NN_MAGIC_LEN;
    memcpy(b, CS_NN_MAGIC, CS_NN_MAGIC_LEN);
    for (size_t k = 0; k < sizeof head / sizeof head[0]; k++, n += 4)
        for (int i = 0; i < 4; i++) b[n + i] = (unsigned char)(head[k] >> (8 * i));
    for (int a = 0; a < CS_ACT_COUNT; a++) /* the weights [a][i], then the biases (0) */
        for (int i = 0; i < CS_OBS_SIZE; i++, n += 4) {
            float w = a < 52 && i == CS_OBS_HAND + a ? sign * (float)a : 0.0f;
            if (a == extra_a && i == extra_i) w = extra_w;
            memcpy(b + n, &w, 4);
        }
    memset(b + n, 0, 4 * CS_ACT_COUNT);
    n += 4 * CS_ACT_COUNT;
    uint32_t crc = cs_model_crc32(b, n);
    for (int i = 0; i < 4; i++) b[n++] = (unsigned char)(crc >> (8 * i));
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(fwrite(b, 1, n, f), n);
    fclose(f);
}

/*
 * rollout=nn plays the rest of the deal as the network would. I deal (seat 1) and lead a new
 * series with 6C 7C 9C; the pone has laid all its cards (KH, 6H, AH and 3S, round my KS), so
 * nothing is hidden and the rollout is my own two cards after the one I choose (objective=points
 * counts the play only). If the network lays the highest card: 6C then 9C (fifteen, 2) then 7C
 * (the last card, 1) makes 3, and 7C or 9C first make 1 each; if it lays the lowest: 9C then 6C
 * (fifteen) then 7C makes 3, 6C or 7C first 1 each. So mc leads 6C under the first network and
 * 9C under the second.
 */
static void test_mc_rollout_nn_plays_the_rest_as_the_network_would(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_card hand[3] = {card("6C"), card("7C"), card("9C")};
    cs_card kept[4] = {card("KS"), card("6C"), card("7C"), card("9C")};
    cs_card discards[2] = {card("QC"), card("JD")};
    cs_card plays[5] = {card("KH"), card("KS"), card("6H"), card("AH"), card("3S")};
    uint8_t seats[5] = {0, 1, 0, 0, 0};
    int left[2] = {0, 3}, score[2] = {40, 40};
    cs_view v = {.rules = &rules,
                 .game = 3,
                 .seat = 1,
                 .dealer = 1,
                 .deal = 4,
                 .n_hand = 3,
                 .hand = hand,
                 .n_kept = 4,
                 .kept = kept,
                 .n_discards = 2,
                 .discards = discards,
                 .starter = card("2D"),
                 .count = 0,
                 .n_pile = 0,
                 .pile = plays,
                 .n_plays = 5,
                 .play_seat = seats,
                 .play_card = plays,
                 .cards_left = left,
                 .score = score};
    const char *spec = "mc:samples=8,objective=points,race=off,tree=0,hidden=uniform,rollout=nn,"
                       "net=" TMP_NN;
    for (int sign = 1; sign >= -1; sign -= 2) {
        write_linear_net(TMP_NN, (float)sign);
        char err[256];
        cs_player *p = cs_player_create(spec, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        cs_player_new_game(p, &rules, 1, 3, 1);
        cs_agent a = cs_player_agent(p);
        cs_card out = CS_NO_CARD;
        CU_ASSERT_EQUAL(a.play(a.self, &v, &out), CS_OK);
        CU_ASSERT_EQUAL(out, sign > 0 ? card("6C") : card("9C"));
        cs_player_destroy(p);
    }
    remove(TMP_NN);
}

/* net= names a file that must be a network (refused at create, naming it), and is read only by
 * rollout=nn and hidden=nn (a net given otherwise would be silently unused); the network's
 * checksum is the player's identity, so a run resumed with another file is noticed. */
static void test_mc_net_is_checked_and_needs_rollout_nn(void) {
    char err[256];
    CU_ASSERT_PTR_NULL(cs_player_create("mc:rollout=nn,net=/nonexistent/x.nn", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent/x.nn"));
    CU_ASSERT_PTR_NULL(cs_player_create("mc:net=/nonexistent/x.nn", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "rollout=nn"));
    /* The built-in network, named by its checksum as nn names it; without one, nothing. */
    cs_player *p = cs_player_create("mc:rollout=nn", err, sizeof err);
    cs_player *q = cs_player_create("nn", err, sizeof err);
    cs_player *plain = cs_player_create("mc", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    CU_ASSERT_PTR_NOT_NULL_FATAL(plain);
    CU_ASSERT_STRING_EQUAL(cs_player_identity(p), cs_player_identity(q));
    CU_ASSERT_PTR_NOT_NULL(strstr(cs_player_identity(p), "crc32="));
    CU_ASSERT_STRING_EQUAL(cs_player_identity(plain), "");
    cs_player_destroy(p);
    cs_player_destroy(q);
    cs_player_destroy(plain);
}

/* rollout=nn with the built-in network decides the same from the same stream. */
static void test_mc_rollout_nn_is_reproducible_from_its_stream(void) {
    play_view s;
    const char *hand[] = {"5D", "6S", "7H", "9C"};
    play_view_make(&s, hand, 4, NULL, 0, 95, 95);
    for (uint64_t game = 0; game < 3; game++)
        CU_ASSERT_EQUAL(decide("mc:samples=20,rollout=nn", &s, game),
                        decide("mc:samples=20,rollout=nn", &s, game));
}

/*
 * hidden=nn weighs a drawn deal by the chance the network gives the other seat's plays. The
 * pone (seat 0) led 5H (code 18) and I (seat 1, the dealer) am to answer; the network scores
 * each held card by minus its code (it leads its lowest). Held with 9C TD KS (codes 32, 37,
 * 51), 5H was its lowest: chance 1 / (1 + e^-14 + e^-19 + e^-33). Held with 2C TD KS (2C is
 * code 4), the network would have led 2C: chance e^-14 / (1 + e^-14 + e^-33 + e^-47). My own
 * plays are not weighed (none yet: 1), and a holding without 5H does not fit the plays (0).
 */
static void test_mc_nn_weight_is_the_network_s_chance_of_the_plays(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_card mine[4] = {card("4C"), card("6D"), card("7H"), card("8S")};
    cs_card discards[2] = {card("QC"), card("JD")};
    cs_card plays[1] = {card("5H")};
    uint8_t seats[1] = {0};
    int left[2] = {3, 4}, score[2] = {10, 20};
    cs_view v = {.rules = &rules,
                 .seat = 1,
                 .dealer = 1,
                 .deal = 2,
                 .n_hand = 4,
                 .hand = mine,
                 .n_kept = 4,
                 .kept = mine,
                 .n_discards = 2,
                 .discards = discards,
                 .starter = card("2D"),
                 .count = 5,
                 .n_pile = 1,
                 .pile = plays,
                 .n_plays = 1,
                 .play_seat = seats,
                 .play_card = plays,
                 .cards_left = left,
                 .score = score};
    write_linear_net(TMP_NN, -1.0f);
    cs_nn net;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(cs_nn_load(TMP_NN, &net, err, sizeof err), CS_OK);
    remove(TMP_NN);
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND] = {{card("5H"), card("9C"), card("TD"), card("KS")},
                                                 {mine[0], mine[1], mine[2], mine[3]}};
    cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD] = {{card("3S"), card("AH")},
                                                      {discards[0], discards[1]}};
    int n_tossed[CS_MAX_PLAYERS] = {2, 2};
    double lowest = 1.0 / (1.0 + exp(-14.0) + exp(-19.0) + exp(-33.0));
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_nn_weight(&net, &v, kept, tossed, n_tossed, 1u), lowest, 1e-12);
    kept[0][1] = card("2C");
    double higher = exp(-14.0) / (1.0 + exp(-14.0) + exp(-33.0) + exp(-47.0));
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_nn_weight(&net, &v, kept, tossed, n_tossed, 1u), higher, 1e-15);
    CU_ASSERT(higher < 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_nn_weight(&net, &v, kept, tossed, n_tossed, 2u), 1.0, 0.0);
    kept[0][0] = card("5S");
    CU_ASSERT_DOUBLE_EQUAL(cs_mc_nn_weight(&net, &v, kept, tossed, n_tossed, 1u), 0.0, 0.0);
    cs_nn_free(&net);
}

/*
 * hidden=nn replays the plays with the scores as they were then: the view's less what the
 * plays pegged. The pone led 5H, I answered TH (fifteen: my 20 became 22), the pone laid 5D.
 * The network leads its lowest card by code, but 5D's score also carries -0.7 times the other
 * side's score (observation byte CS_OBS_SCORE + 1). At the lead (me at 20) 5H scores -18, 5D
 * -17 - 14 = -31, 9C -32, KS -51; at the pone's second card (me at 22) 5D -17 - 15.4 = -32.4
 * against 9C's -32 and KS's -51. With the view's 22 at the start (24 by then) 5D's chance would
 * fall from 0.40 to 0.14.
 */
static void test_mc_nn_weight_replays_the_scores_of_the_time(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_card mine[4] = {card("TH"), card("4C"), card("6D"), card("8S")};
    cs_card discards[2] = {card("QC"), card("JD")};
    cs_card plays[3] = {card("5H"), card("TH"), card("5D")};
    uint8_t seats[3] = {0, 1, 0};
    int left[2] = {2, 3}, score[2] = {10, 22};
    cs_view v = {.rules = &rules,
                 .seat = 1,
                 .dealer = 1,
                 .deal = 2,
                 .n_hand = 3,
                 .hand = mine + 1,
                 .n_kept = 4,
                 .kept = mine,
                 .n_discards = 2,
                 .discards = discards,
                 .starter = card("2D"),
                 .count = 20,
                 .n_pile = 3,
                 .pile = plays,
                 .n_plays = 3,
                 .play_seat = seats,
                 .play_card = plays,
                 .cards_left = left,
                 .score = score};
    const float c = -0.7f;
    write_net(TMP_NN, -1.0f, card("5D"), CS_OBS_SCORE + 1, c);
    cs_nn net;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(cs_nn_load(TMP_NN, &net, err, sizeof err), CS_OK);
    remove(TMP_NN);
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND] = {{card("5H"), card("5D"), card("9C"), card("KS")},
                                                 {mine[0], mine[1], mine[2], mine[3]}};
    cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD] = {{card("3S"), card("AH")},
                                                      {discards[0], discards[1]}};
    int n_tossed[CS_MAX_PLAYERS] = {2, 2};
    double five_d = -17.0 + (double)c * 20, lead = exp(-18.0);
    lead /= exp(-18.0) + exp(five_d) + exp(-32.0) + exp(-51.0);
    five_d = -17.0 + (double)c * 22;
    double second = exp(five_d) / (exp(five_d) + exp(-32.0) + exp(-51.0));
    CU_ASSERT(second > 0.35 && second < 0.45);
    double w = cs_mc_nn_weight(&net, &v, kept, tossed, n_tossed, 1u);
    CU_ASSERT_DOUBLE_EQUAL(w / (lead * second), 1.0, 1e-4);
    cs_nn_free(&net);
}

/* cutoff's value network: one layer (CS_OBS_SIZE -> 53) whose every output is the sum of f[c]
 * over the cards c in the observation's plane of the cards seat +1 played this deal (the same
 * for every action, so the best legal output is that sum, whatever the seat holds), its note
 * `note`. */
static void write_value_net(const char *path, const float f[52], const char *note) {
    static unsigned char b[4 * (CS_OBS_SIZE + 1) * CS_ACT_COUNT + 128];
    uint32_t note_len = (uint32_t)strlen(note);
    uint32_t head[] = {CS_NN_VERSION, CS_OBS_VERSION, 1, note_len, CS_OBS_SIZE, CS_ACT_COUNT};
    size_t n = CS_NN_MAGIC_LEN;
    memcpy(b, CS_NN_MAGIC, CS_NN_MAGIC_LEN);
    for (size_t k = 0; k < sizeof head / sizeof head[0]; k++, n += 4)
        for (int i = 0; i < 4; i++) b[n + i] = (unsigned char)(head[k] >> (8 * i));
    for (int a = 0; a < CS_ACT_COUNT; a++)
        for (int i = 0; i < CS_OBS_SIZE; i++, n += 4) {
            int c = i - (CS_OBS_PLAYED + 52);
            float w = c >= 0 && c < 52 ? f[c] : 0.0f;
            memcpy(b + n, &w, 4);
        }
    memset(b + n, 0, 4 * CS_ACT_COUNT);
    n += 4 * CS_ACT_COUNT;
    memcpy(b + n, note, note_len);
    n += note_len;
    uint32_t crc = cs_model_crc32(b, n);
    for (int i = 0; i < 4; i++) b[n++] = (unsigned char)(crc >> (8 * i));
    FILE *f_out = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f_out);
    CU_ASSERT_EQUAL(fwrite(b, 1, n, f_out), n);
    fclose(f_out);
}

/*
 * cutoff=1 stops each rollout at the first turn after my move, the other seat's, and takes the
 * rest of the deal from the value network on that seat's observation, negated (it is the other
 * side's margin). I am the pone (seat 0) and lead 3D, 7H, 9S or KC to the play's first series;
 * a lead scores nothing, and the dealer, holding four cards of which any two fit, has a choice.
 * The network reads the dealer's plane of the cards seat +1 (me) played: f = 2, -3, 1 and 0 for
 * 3D, 7H, 9S and KC, scale=2, so the dealer's rest is worth 4, -6, 2 and 0 points to it and my
 * leads -4, +6, -2 and 0 to me: I lead 7H, in every sample alike. Read from my own seat (whose
 * plane of seat +1 holds nothing yet) every lead is worth 0 and the first, 3D, is kept; with the
 * sign kept (the dealer's margin taken as mine) 3D is best; cut one card later, at my next turn,
 * my plane of seat +1 holds the dealer's card, never one of mine: every lead is worth 0 but what
 * the dealer's reply pegs, so 7H (paired, or made fifteen with an eight) is not best. With
 * objective=win at 30-30 no side can reach 121 in the deal (30 + the shows + 15 a card left), so
 * the cut is taken there too, and the deal's end at a larger margin is worth more: 7H again.
 */
static void test_mc_cutoff_takes_the_rest_from_the_value_network_on_the_next_seat(void) {
    float f[52] = {0};
    f[card("3D")] = 2.0f;
    f[card("7H")] = -3.0f;
    f[card("9S")] = 1.0f;
    write_value_net(TMP_NN, f, "test value network; scale=2");
    play_view s;
    const char *hand[] = {"3D", "7H", "9S", "KC"};
    play_view_make(&s, hand, 4, NULL, 0, 30, 30);
    static const char *const specs[] = {
        "mc:samples=40,objective=points,race=off,tree=0,opening=search,cutoff=1,value=" TMP_NN,
        "mc:samples=40,objective=win,race=off,tree=0,opening=search,cutoff=1,value=" TMP_NN,
        "mc:samples=40,objective=win,opening=search,cutoff=1,value=" TMP_NN};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
        for (uint64_t game = 0; game < 3; game++)
            CU_ASSERT_EQUAL(decide(specs[k], &s, game), card("7H"));
    remove(TMP_NN);
}

/* cutoff and value need each other; the value network must record its scale (a policy network,
 * such as nn's, records none), and is named in the player's identity; cutoff plays two hands of
 * six only, and says so at the first decision of any other game. */
static void test_mc_cutoff_and_value_are_checked(void) {
    char err[256];
    CU_ASSERT_PTR_NULL(cs_player_create("mc:cutoff=2", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "value=FILE"));
    CU_ASSERT_PTR_NULL(cs_player_create("mc:value=x.nn", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "cutoff"));
    CU_ASSERT_PTR_NULL(cs_player_create("mc:cutoff=2,value=/nonexistent/v.nn", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent/v.nn"));
    CU_ASSERT_PTR_NULL(cs_player_create("mc:cutoff=2,value=builtin", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "scale=S"));
    float f[52] = {0};
    write_value_net(TMP_NN, f, "scaled=2");
    CU_ASSERT_PTR_NULL(cs_player_create("mc:cutoff=2,value=" TMP_NN, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "scale=S"));
    write_value_net(TMP_NN, f, "q; scale=10; hidden 128");
    cs_player *p = cs_player_create("mc:cutoff=2,value=" TMP_NN, err, sizeof err);
    remove(TMP_NN);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_PTR_NOT_NULL(strstr(cs_player_identity(p), "value_crc32="));
    play_view s;
    const char *hand[] = {"3D", "7H", "9S", "KC"};
    play_view_make(&s, hand, 4, NULL, 0, 30, 30);
    cs_rules three;
    cs_rules_preset(CS_PRESET_THREE, &three);
    cs_player_new_game(p, &three, 1, 0, 0);
    cs_agent a = cs_player_agent(p);
    cs_card out = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.play(a.self, &s.v, &out), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(cs_player_error(p), "two hands of six"));
    cs_player_destroy(p);
}

const char cs_suite_name[] = "mc";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_mc_is_reproducible_from_its_stream),
    CS_TEST(test_mc_leads_from_expert_table_far_from_the_target),
    CS_TEST(test_mc_leads_from_the_table_only_more_than_thirty_from_the_target),
    CS_TEST(test_mc_checks_each_parameter_against_its_range),
    CS_TEST(test_mc_tree_beyond_its_samples_is_the_one_step_search),
    CS_TEST(test_mc_discards_are_reproducible_and_legal),
    CS_TEST(test_mc_plays_the_same_with_the_seats_numbers_swapped),
    CS_TEST(test_mc_plays_the_same_whatever_the_order_of_its_kept_hand),
    CS_TEST(test_mc_win_takes_the_fifteen_that_wins_the_game),
    CS_TEST(test_mc_win_breaks_ties_by_the_margin),
    CS_TEST(test_mc_win_plays_the_board_where_points_plays_the_hand),
    CS_TEST(test_mc_last_deal_plays_for_the_margin_when_every_line_wins),
    CS_TEST(test_mc_last_deal_discards_for_the_margin_when_every_discard_wins),
    CS_TEST(test_mc_match_weighs_the_skunk_a_best_of_counts),
    CS_TEST(test_mc_discards_as_expert_far_from_the_target),
    CS_TEST(test_mc_discards_the_same_with_the_seats_numbers_swapped),
    CS_TEST(test_mc_match_league_result_worth),
    CS_TEST(test_mc_match_league_open_worth),
    CS_TEST(test_mc_match_best_of_three_worth),
    CS_TEST(test_mc_match_clips_worth),
    CS_TEST(test_mc_refuses_a_tree_it_cannot_allocate),
    CS_TEST(test_mc_match_triple_skunk_by_lines_worth),
    CS_TEST(test_mc_match_plays_the_thirty_one_that_wins_in_four_hand),
    CS_TEST(test_mc_points_discards_the_same_whatever_the_scores),
    CS_TEST(test_mc_examines_endwidth_discards_from_forty_points_out),
    CS_TEST(test_mc_rollout_nn_plays_the_rest_as_the_network_would),
    CS_TEST(test_mc_net_is_checked_and_needs_rollout_nn),
    CS_TEST(test_mc_rollout_nn_is_reproducible_from_its_stream),
    CS_TEST(test_mc_nn_weight_is_the_network_s_chance_of_the_plays),
    CS_TEST(test_mc_nn_weight_replays_the_scores_of_the_time),
    CS_TEST(test_mc_cutoff_takes_the_rest_from_the_value_network_on_the_next_seat),
    CS_TEST(test_mc_cutoff_and_value_are_checked),
    {NULL, NULL},
};

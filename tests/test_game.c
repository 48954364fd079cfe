/* layer: engine */
/*
 * test_game.c - the game state machine: hand-built deals whose every point is worked out
 * below (go chains with three and four players, 31, the last card, his heels winning, the
 * pone winning in the show, the five-card single series and three for last, a fixed-deal
 * tie), and a referee that replays 10,000 random games of every preset from their records,
 * checking the cards, the legality of every play, every point by the plain scorers, the end
 * of the game and the skunk and lurch flags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "game.h"
#include "scripted.h"

/* ---- helpers ---- */

static cs_card C(const char *text) {
    cs_card c = CS_NO_CARD;
    CU_ASSERT_EQUAL_FATAL(cs_card_parse(text, &c), CS_OK);
    return c;
}

/* Runs a game's phases until `until` (or the end). */
static int run_until(cs_game *g, cs_phase until) {
    while (cs_game_phase(g) != until && cs_game_phase(g) != CS_PHASE_OVER) {
        int rc = cs_game_step(g);
        if (rc != CS_OK) return rc;
    }
    return CS_OK;
}

/* A preset played to a small target, with the skunk and lurch lines (which must not exceed
 * it) turned off. */
static cs_rules race_to(const char *name, int target) {
    cs_rules r = preset(name);
    r.target = target;
    r.skunk_line = r.double_skunk_line = r.triple_skunk_line = r.lurch_line = 0;
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_rules_validate(&r, why, sizeof why), CS_OK);
    return r;
}

/* ---- hand-built deals ---- */

/*
 * Four players, dealer seat 0, so the play starts at seat 1. Kept hands:
 *   s1: KC 2C AC 4D    s2: KD QD JD TD    s3: 5C 3C 5H 6H    s0: QH QS JH JS
 * Series 1: s1 KC 10, s2 KD 20 (pair, 2), s3 5C 25, s0 go (only tens), s1 2C 27, s2 go,
 *   s3 3C 30, s0 go, s1 AC 31 (31 for 2, run A-2-3 for 3: 5).
 * Series 2, led by s2 (after s1): s2 QD 10, s3 5H 15 (2), s0 QH 25, s1 4D 29; nobody can
 *   play: s1's go, 1.
 * Series 3, led by s2: JD 10, s3 6H 16, s0 QS 26, s1 has no cards, s2 TD would pass 31, s3
 *   is out: s0's go, 1.
 * Series 4, led by s1's successor with cards, s2: TD 10, s0 JH 20, s0 JS 30 (pair, 2), last
 *   card to s0, 1.
 * Pegging: s0 4, s1 6, s2 2, s3 2.
 */
static const char *FOUR_DECK = /* dealt one at a time from seat 1; the fifth round are discards */
    "KC KD 5C QH  2C QD 3C QS  AC JD 5H JH  4D TD 6H JS  9S 8S 7S 6S  2S";
static const char *FOUR_PLAYS[4] = {"QH QS JH JS", "KC 2C AC 4D", "KD QD JD TD", "5C 3C 5H 6H"};
static const char *FOUR_DISCARDS[4] = {"6S", "9S", "8S", "7S"};

static void play_four_handed(const char *rules_name, cs_deal_record *out, int side_score[2]) {
    cs_rules r = preset(rules_name);
    scripted s[4];
    cs_agent agents[4];
    for (int i = 0; i < 4; i++) {
        memset(&s[i], 0, sizeof s[i]);
        cards(FOUR_DISCARDS[i], s[i].discards);
        cards(FOUR_PLAYS[i], s[i].plays);
        agents[i] = scripted_agent(&s[i]);
    }
    cs_card deck[CS_DECK_SIZE];
    int n = cards(FOUR_DECK, deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_SHOW), CS_OK);
    *out = *cs_game_deal_record(g);
    side_score[0] = cs_game_score(g, 0);
    side_score[1] = cs_game_score(g, 1);
    cs_game_free(g);
}

static void test_game_four_player_go_chain_and_players_running_out(void) {
    cs_deal_record rec;
    int score[2];
    play_four_handed("four", &rec, score);
    CU_ASSERT_EQUAL(rec.peg[0], 4);
    CU_ASSERT_EQUAL(rec.peg[1], 6);
    CU_ASSERT_EQUAL(rec.peg[2], 2);
    CU_ASSERT_EQUAL(rec.peg[3], 2);
    CU_ASSERT_EQUAL(rec.n_plays, 16);
    static const int seats[16] = {1, 2, 3, 1, 3, 1, 2, 3, 0, 1, 2, 3, 0, 2, 0, 0};
    static const int points[16] = {0, 2, 0, 0, 0, 5, 0, 2, 0, 1, 0, 0, 1, 0, 0, 3};
    for (int i = 0; i < 16; i++) {
        CU_ASSERT_EQUAL(rec.play_seat[i], seats[i]);
        CU_ASSERT_EQUAL(rec.play_points[i], points[i]);
    }
    CU_ASSERT_EQUAL(rec.play_card[5], C("AC"));
    CU_ASSERT_EQUAL(rec.play_card[15], C("JS"));
}

static void test_game_partners_pegging_credits_each_seat_and_team(void) {
    cs_deal_record rec;
    int score[2];
    play_four_handed("partners", &rec, score);
    CU_ASSERT_EQUAL(rec.peg[0] + rec.peg[2], 6);
    CU_ASSERT_EQUAL(rec.peg[1] + rec.peg[3], 8);
    CU_ASSERT_EQUAL(score[0], 6); /* seats 0 and 2 */
    CU_ASSERT_EQUAL(score[1], 8); /* seats 1 and 3 */
}

/*
 * The four-handed deal shown, starter 2S, from the dealer's left: s1 KC 2C AC 4D: K+A+4 and
 * K+2+2+A, pair of 2s: 6; s2 KD QD JD TD: run of four 4, diamond flush 4: 8; s3 5C 3C 5H 6H:
 * 5+5+3+2, pair of 5s: 4; s0 QH QS JH JS: two pairs 4, the jack of spades (nobs) 1: 5; the
 * crib 6S 9S 8S 7S: 6+9, 8+7, 6+7+2: 6, run of four 4, five spades 5: 15.
 * With the pegging (s0 4, s1 6, s2 2, s3 2) the deal is worth s0 24, s1 12, s2 10, s3 6.
 */
static const int FOUR_HAND_POINTS[4] = {5, 6, 8, 4};
static const int FOUR_CRIB_POINTS = 15;
static const int FOUR_DEAL_POINTS[4] = {24, 12, 10, 6};

/* Plays the four-handed deal (dealer seat 0) to the end of the game with the rules given. */
static void four_handed_game(const cs_rules *r, cs_game_record *sum, cs_deal_record *rec) {
    scripted s[4];
    cs_agent agents[4];
    for (int i = 0; i < 4; i++) {
        memset(&s[i], 0, sizeof s[i]);
        cards(FOUR_DISCARDS[i], s[i].discards);
        cards(FOUR_PLAYS[i], s[i].plays);
        agents[i] = scripted_agent(&s[i]);
    }
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_rules_validate(r, why, sizeof why), CS_OK);
    cs_card deck[CS_DECK_SIZE];
    int n = cards(FOUR_DECK, deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, sum), CS_OK);
    *rec = *cs_game_deal_record(g);
    cs_game_free(g);
}

/* To a target of 24 the dealer wins with the crib, the last thing counted; each loser gets its
 * own skunk level from the lines 13, 11 and 7 (below the line, not at it): s1 12 skunked, s2
 * 10 double, s3 6 triple, and every loser below the lurch line 13 makes it a lurch. */
static void test_game_per_loser_skunk_levels_and_lurch(void) {
    cs_rules r = preset("four");
    r.target = 24;
    r.skunk_line = 13;
    r.double_skunk_line = 11;
    r.triple_skunk_line = 7;
    r.lurch_line = 13;
    cs_game_record sum;
    cs_deal_record rec;
    four_handed_game(&r, &sum, &rec);
    for (int seat = 0; seat < 4; seat++) {
        CU_ASSERT_EQUAL(rec.hand[seat], FOUR_HAND_POINTS[seat]);
        CU_ASSERT_EQUAL(sum.score[seat], FOUR_DEAL_POINTS[seat]);
    }
    CU_ASSERT_EQUAL(rec.crib, FOUR_CRIB_POINTS);
    CU_ASSERT_EQUAL(sum.winner, 0);
    CU_ASSERT_EQUAL(sum.deals, 1);
    CU_ASSERT_EQUAL(sum.skunk[0], 0);
    CU_ASSERT_EQUAL(sum.skunk[1], 1);
    CU_ASSERT_EQUAL(sum.skunk[2], 2);
    CU_ASSERT_EQUAL(sum.skunk[3], 3);
    CU_ASSERT_EQUAL(sum.lurch, 1);
    /* A loser exactly on a line is not below it: s1's 12 against lines of 12 escapes the
     * skunk, and the lurch. */
    r.skunk_line = 12;
    r.lurch_line = 12;
    four_handed_game(&r, &sum, &rec);
    CU_ASSERT_EQUAL(sum.winner, 0);
    CU_ASSERT_EQUAL(sum.skunk[1], 0);
    CU_ASSERT_EQUAL(sum.skunk[2], 2);
    CU_ASSERT_EQUAL(sum.skunk[3], 3);
    CU_ASSERT_EQUAL(sum.lurch, 0);
}

/*
 * Scripts for seats by their place relative to the dealer (0 the dealer, 1 on its left, ...),
 * so that every deal of a game can be the same deal turned round the table.
 */
typedef struct {
    cs_card discards[CS_MAX_PLAYERS][CS_MAX_DISCARD];
    cs_card plays[CS_MAX_PLAYERS][CS_MAX_HAND];
    int next[CS_MAX_PLAYERS]; /* by seat: plays made this deal */
} relative_script;

static int relative_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    relative_script *rs = self;
    int place = (v->seat - v->dealer + v->rules->players) % v->rules->players;
    rs->next[v->seat] = 0; /* the discard starts every deal */
    for (int i = 0; i < v->rules->discards; i++) out[i] = rs->discards[place][i];
    return CS_OK;
}

static int relative_play(void *self, const cs_view *v, cs_card *out) {
    relative_script *rs = self;
    int place = (v->seat - v->dealer + v->rules->players) % v->rules->players;
    *out = rs->plays[place][rs->next[v->seat]++];
    return CS_OK;
}

/*
 * the New Zealand tournament rules: four deals, one each, then the higher side wins and equal sides
 * tie. Every deal is the four-handed deal above turned to its dealer, so the dealer's side takes 24
 * + 10 = 34 and the other 12 + 6 = 18 each deal: 34-18, 52-52, 86-70, 104-104. Nobody reaches 121;
 * the deals run out with the sides level: a tie, with no skunk and no lurch.
 */
static void test_game_fixed_deal_tie_after_four_deals(void) {
    cs_rules r = preset("nz-tournament");
    relative_script rs;
    memset(&rs, 0, sizeof rs);
    for (int place = 0; place < 4; place++) {
        cards(FOUR_DISCARDS[place], rs.discards[place]);
        cards(FOUR_PLAYS[place], rs.plays[place]);
    }
    cs_agent agents[4];
    for (int i = 0; i < 4; i++)
        agents[i] = (cs_agent){relative_discard, relative_play, NULL, &rs, "relative", NULL, NULL};
    cs_card deck[CS_DECK_SIZE];
    int n = cards(FOUR_DECK, deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    static const int team0[4] = {34, 52, 86, 104}, team1[4] = {18, 52, 70, 104};
    int deal = 0;
    while (cs_game_phase(g) != CS_PHASE_OVER) {
        cs_phase phase = cs_game_phase(g);
        if (phase == CS_PHASE_DEAL) CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
        CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);
        if (phase != CS_PHASE_DEAL_DONE) continue;
        const cs_deal_record *rec = cs_game_deal_record(g);
        CU_ASSERT_FATAL(deal < 4);
        CU_ASSERT_EQUAL(rec->dealer, deal);
        CU_ASSERT_EQUAL(rec->score[0], team0[deal]);
        CU_ASSERT_EQUAL(rec->score[2], team0[deal]);
        CU_ASSERT_EQUAL(rec->score[1], team1[deal]);
        CU_ASSERT_EQUAL(rec->score[3], team1[deal]);
        CU_ASSERT_EQUAL(rec->ended, deal == 3);
        deal++;
    }
    cs_game_record sum;
    cs_game_summary(g, &sum);
    CU_ASSERT_EQUAL(deal, 4);
    CU_ASSERT_EQUAL(sum.deals, 4);
    CU_ASSERT_EQUAL(sum.winner, -1);
    for (int seat = 0; seat < 4; seat++) {
        CU_ASSERT_EQUAL(sum.score[seat], 104);
        CU_ASSERT_EQUAL(sum.skunk[seat], 0);
        /* each seat sat once in every place: pegging 4+6+2+2, hands 5+6+8+4, one crib */
        CU_ASSERT_EQUAL(sum.peg[seat], 14);
        CU_ASSERT_EQUAL(sum.hand[seat], 23);
        CU_ASSERT_EQUAL(sum.crib[seat], 15);
    }
    CU_ASSERT_EQUAL(sum.lurch, 0);
    cs_game_free(g);
}

/*
 * Three players, dealer seat 0, the crib's fourth card from the deck. Kept hands:
 *   s1: KC QC JC TC    s2: AH AD 2H 2D    s0: 9S 9H 8S 8H
 * s1 KC 10, s2 AH 11, s0 9S 20, s1 QC 30, s2 AD 31 (2). Led by s0: 9H 9, s1 JC 19, s2 2H 21,
 * s0 8S 29, s1 go, s2 2D 31 (2). Led by s0: 8H 8, s1 TC 18, s2 is out, s0 is out: the last
 * card to s1 (1). Pegging: s0 0, s1 1, s2 4.
 * The show, starter 5H, from the dealer's left: s1 16 (four fifteens 8, run T-J-Q-K 4, club
 * flush 4), s2 4 (two pairs), s0 4 (two pairs), and the dealer's crib 3S 4S 6C + 7D from the
 * deck: 9 (run of five 3-7, fifteens 3+5+7 and 4+5+6).
 */
static cs_game *three_handed(const cs_rules *r, scripted s[3], cs_agent agents[3]) {
    static const char *plays[3] = {"9S 9H 8S 8H", "KC QC JC TC", "AH AD 2H 2D"};
    static const char *discards[3] = {"3S", "4S", "6C"};
    for (int i = 0; i < 3; i++) {
        memset(&s[i], 0, sizeof s[i]);
        cards(discards[i], s[i].discards);
        cards(plays[i], s[i].plays);
        agents[i] = scripted_agent(&s[i]);
    }
    cs_card deck[CS_DECK_SIZE];
    int n = cards("KC AH 9S  QC AD 9H  JC 2H 8S  TC 2D 8H  4S 6C 3S  7D  5H", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL(cs_game_stack_deck(g, deck, n), CS_OK);
    return g;
}

static void test_game_three_player_31_resets_and_last_card(void) {
    cs_rules r = preset("three");
    scripted s[3];
    cs_agent agents[3];
    cs_game *g = three_handed(&r, s, agents);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_SHOW), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(rec->crib_extra, C("7D"));
    CU_ASSERT_EQUAL(rec->peg[0], 0);
    CU_ASSERT_EQUAL(rec->peg[1], 1);
    CU_ASSERT_EQUAL(rec->peg[2], 4);
    CU_ASSERT_EQUAL(rec->n_plays, 12);
    CU_ASSERT_EQUAL(rec->play_seat[5], 0); /* the new series is led by the seat after s2 */
    CU_ASSERT_EQUAL(rec->play_points[9], 2);
    CU_ASSERT_EQUAL(rec->play_points[11], 1);
    cs_game_free(g);
}

/* In the three-hand game the pone (the dealer's left) leads, the hands are shown from there
 * round to the dealer, and the crib with its card from the deck is the dealer's. */
static void test_game_three_hand_pone_leads_and_dealer_takes_the_crib(void) {
    cs_rules r = preset("three");
    scripted s[3];
    cs_agent agents[3];
    cs_game *g = three_handed(&r, s, agents);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_DEAL_DONE), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(rec->play_seat[0], 1);
    CU_ASSERT_EQUAL(rec->play_card[0], C("KC"));
    CU_ASSERT_EQUAL(rec->hand[1], 16);
    CU_ASSERT_EQUAL(rec->hand[2], 4);
    CU_ASSERT_EQUAL(rec->hand[0], 4);
    CU_ASSERT_EQUAL(rec->crib, 9);
    CU_ASSERT_EQUAL(cs_game_score(g, 0), 0 + 4 + 9);
    CU_ASSERT_EQUAL(cs_game_score(g, 1), 1 + 16);
    CU_ASSERT_EQUAL(cs_game_score(g, 2), 4 + 4);
    cs_game_free(g);
}

/* The same deal to a target of 8: s2 (4 + 4) and the dealer (4 + 9) would both get there in
 * the show, but s1, on the dealer's left, counts first and wins with 17; nobody else counts. */
static void test_game_three_hand_show_order_decides_the_race(void) {
    cs_rules r = race_to("three", 8);
    scripted s[3];
    cs_agent agents[3];
    cs_game *g = three_handed(&r, s, agents);
    cs_game_record sum;
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &sum), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(sum.winner, 1);
    CU_ASSERT_EQUAL(sum.score[1], 17);
    CU_ASSERT_EQUAL(sum.score[2], 4);
    CU_ASSERT_EQUAL(sum.score[0], 0);
    CU_ASSERT_EQUAL(rec->hand[1], 16);
    CU_ASSERT_EQUAL(rec->hand[2], 0);
    CU_ASSERT_EQUAL(rec->hand[0], 0);
    CU_ASSERT_EQUAL(rec->crib, 0);
    CU_ASSERT_EQUAL(rec->ended, 1);
    cs_game_free(g);
}

/*
 * Two players, dealer seat 0. Kept: s1 TC 9C 2C 2D, s0 KD 5D 5H 3S; starter 6S.
 * Series 1: s1 TC 10, s0 KD 20, s1 9C 29; s0 holds nothing under 3 and says go; s1 2C makes
 * 31: 2, and no point more for the go (the doubles tournament sheet and the classic rules: 31 pays
 * 2, never 3). Series 2, led by s0 (after s1): 5D 5, s1 2D 7, s0 5H 12 (the 2 between: no pair), s0
 * 3S 15, the last card of the deal: 2 for the fifteen and 1 for the last card, 3 (the classic
 * rules: "If the last card that can be played makes 15, the player scores three points").
 */
static const char *TWO_DECK = "TC KD 9C 5D 2C 5H 2D 3S 7H AH 8H 4H 6S";

static cs_game *two_handed(const cs_rules *r, scripted s[2], cs_agent agents[2]) {
    memset(s, 0, 2 * sizeof s[0]);
    cards("AH 4H", s[0].discards);
    cards("KD 5D 5H 3S", s[0].plays);
    cards("7H 8H", s[1].discards);
    cards("TC 9C 2C 2D", s[1].plays);
    agents[0] = scripted_agent(&s[0]);
    agents[1] = scripted_agent(&s[1]);
    cs_card deck[13];
    int n = cards(TWO_DECK, deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL(cs_game_stack_deck(g, deck, n), CS_OK);
    return g;
}

static void test_game_thirty_one_after_a_go_pays_2_and_last_card_fifteen_pays_3(void) {
    cs_rules r = preset("two");
    scripted s[2];
    cs_agent agents[2];
    cs_game *g = two_handed(&r, s, agents);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_SHOW), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    static const int seats[8] = {1, 0, 1, 1, 0, 1, 0, 0};
    static const int points[8] = {0, 0, 0, 2, 0, 0, 0, 3};
    CU_ASSERT_EQUAL_FATAL(rec->n_plays, 8);
    for (int i = 0; i < 8; i++) {
        CU_ASSERT_EQUAL(rec->play_seat[i], seats[i]);
        CU_ASSERT_EQUAL(rec->play_points[i], points[i]);
    }
    CU_ASSERT_EQUAL(rec->play_card[3], C("2C"));
    CU_ASSERT_EQUAL(rec->play_card[7], C("3S"));
    CU_ASSERT_EQUAL(rec->peg[1], 2);
    CU_ASSERT_EQUAL(rec->peg[0], 3);
    cs_game_free(g);
}

/*
 * Two players, dealer seat 0. Kept: s1 TC QC 4C 6C, s0 KD QH 5D 3S; starter 2S.
 * Series 1: s1 TC 10, s0 KD 20, s1 QC 30; nobody holds an ace: s1 takes the go, 1.
 * Series 2, led by s0: QH 10 scores nothing: it follows s1's QC, but the weekly league's rules says
 * "card combinations cannot span a reset". s1 4C 14, s0 5D 19, s1 6C 25: run 4-5-6, 3; s0 3S 28:
 * run 3-4-5-6 in any order, 4, and the last card, 1: 5. Pegging: s1 4, s0 5.
 */
static void test_game_no_pair_across_a_reset_and_runs_across_players(void) {
    cs_rules r = preset("two");
    scripted s[2];
    memset(s, 0, sizeof s);
    cards("AH 9H", s[0].discards);
    cards("KD QH 5D 3S", s[0].plays);
    cards("7H 8H", s[1].discards);
    cards("TC QC 4C 6C", s[1].plays);
    cs_agent agents[2] = {scripted_agent(&s[0]), scripted_agent(&s[1])};
    cs_card deck[13];
    int n = cards("TC KD QC QH 4C 5D 6C 3S 7H AH 8H 9H 2S", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_SHOW), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    static const int seats[8] = {1, 0, 1, 0, 1, 0, 1, 0};
    static const int points[8] = {0, 0, 1, 0, 0, 0, 3, 5};
    CU_ASSERT_EQUAL_FATAL(rec->n_plays, 8);
    for (int i = 0; i < 8; i++) {
        CU_ASSERT_EQUAL(rec->play_seat[i], seats[i]);
        CU_ASSERT_EQUAL(rec->play_points[i], points[i]);
    }
    CU_ASSERT_EQUAL(rec->play_card[3], C("QH"));
    CU_ASSERT_EQUAL(rec->peg[1], 4);
    CU_ASSERT_EQUAL(rec->peg[0], 5);
    cs_game_free(g);
}

/* The same deal to a target of 2: s1's 31 wins in the middle of the play; the four cards
 * still held are never played, nothing more is scored or recorded, and nobody counts. */
static void test_game_ends_mid_play_the_moment_a_side_reaches_the_target(void) {
    cs_rules r = race_to("two", 2);
    scripted s[2];
    cs_agent agents[2];
    cs_game *g = two_handed(&r, s, agents);
    cs_game_record sum;
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &sum), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(sum.winner, 1);
    CU_ASSERT_EQUAL(sum.deals, 1);
    CU_ASSERT_EQUAL(sum.score[1], 2);
    CU_ASSERT_EQUAL(sum.score[0], 0);
    CU_ASSERT_EQUAL(rec->ended, 1);
    CU_ASSERT_EQUAL(rec->n_plays, 4);
    CU_ASSERT_EQUAL(rec->play_points[3], 2);
    CU_ASSERT_EQUAL(rec->play_card[4], CS_NO_CARD);
    CU_ASSERT_EQUAL(rec->hand[0] + rec->hand[1] + rec->crib, 0);
    CU_ASSERT_EQUAL(s[0].next, 1); /* each seat was asked for exactly the cards it played */
    CU_ASSERT_EQUAL(s[1].next, 3);
    cs_game_free(g);
}

/* With a target of 2, a jack turned as the starter wins the game for the dealer at once. */
static void test_game_his_heels_wins_the_game(void) {
    cs_rules r = race_to("two", 2);
    scripted s[2] = {{{C("2D"), C("3D")}, {0}, 0}, {{C("4D"), C("5D")}, {0}, 0}};
    cs_agent agents[2] = {scripted_agent(&s[0]), scripted_agent(&s[1])};
    cs_card deck[13];
    int n = cards("4D 2D 5D 3D 6C 7C 8C 9C TC KC QC KH JD", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    cs_game_record sum;
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &sum), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(sum.winner, 0);
    CU_ASSERT_EQUAL(sum.heels[0], 2);
    CU_ASSERT_EQUAL(sum.score[0], 2);
    CU_ASSERT_EQUAL(sum.score[1], 0);
    CU_ASSERT_EQUAL(rec->heels, 2);
    CU_ASSERT_EQUAL(rec->n_plays, 0);
    CU_ASSERT_EQUAL(rec->ended, 1);
    cs_game_free(g);
}

/*
 * Two players, dealer seat 0, target 20. The pone (s1) holds 5C 5D 5H JS and the starter is
 * 5S: 29 in the show. The dealer holds TC TD TH KC (14 with the starter). The play: s1 5C,
 * s0 TC 15 (2), s1 5D 20, s0 TD 30, both stuck: go to s0 (1); s1 5H, s0 TH 15 (2), s1 JS 25,
 * s0 stuck, s1 out: go to s1 (1); s0 KC, last card (1). After the play s0 has 6, s1 1. The
 * pone counts first and reaches 30; the dealer's 14 would have made 20 too, but never counts.
 */
static void test_game_pone_wins_in_show_before_dealer_counts(void) {
    cs_rules r = race_to("two", 20);
    scripted s[2];
    memset(s, 0, sizeof s);
    cards("8D 9D", s[0].discards);
    cards("TC TD TH KC", s[0].plays);
    cards("3D 4D", s[1].discards);
    cards("5C 5D 5H JS", s[1].plays);
    cs_agent agents[2] = {scripted_agent(&s[0]), scripted_agent(&s[1])};
    cs_card deck[13];
    int n = cards("5C TC 5D TD 5H TH JS KC 3D 8D 4D 9D 5S", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    cs_game_record sum;
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &sum), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(sum.winner, 1);
    CU_ASSERT_EQUAL(rec->peg[0], 6);
    CU_ASSERT_EQUAL(rec->peg[1], 1);
    CU_ASSERT_EQUAL(rec->hand[1], 29);
    CU_ASSERT_EQUAL(rec->hand[0], 0); /* never counted */
    CU_ASSERT_EQUAL(rec->crib, 0);
    CU_ASSERT_EQUAL(sum.score[1], 30);
    CU_ASSERT_EQUAL(sum.score[0], 6);
    CU_ASSERT_EQUAL(rec->ended, 1);
    cs_game_free(g);
}

/*
 * Five-card game, dealer seat 0: the pone gets three for last before the first deal. Kept:
 * s1 KC QC JC, s0 KD QD 2C. s1 KC 10, s0 KD 20 (pair, 2), s1 QC 30; nobody can play: s1's go
 * (1), and with a single series the play ends there, JC, QD and 2C unplayed.
 */
static void test_game_five_card_single_series_and_three_for_last(void) {
    cs_rules r = preset("five-card");
    scripted s[2];
    memset(s, 0, sizeof s);
    cards("7H 8H", s[0].discards);
    cards("KD QD 2C", s[0].plays);
    cards("7S 8S", s[1].discards);
    cards("KC QC JC", s[1].plays);
    cs_agent agents[2] = {scripted_agent(&s[0]), scripted_agent(&s[1])};
    cs_card deck[11];
    int n = cards("KC KD QC QD JC 2C 7S 7H 8S 8H 4D", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_SHOW), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(rec->bonus[1], 3);
    CU_ASSERT_EQUAL(rec->bonus[0], 0);
    CU_ASSERT_EQUAL(rec->n_plays, 3);
    CU_ASSERT_EQUAL(rec->peg[0], 2);
    CU_ASSERT_EQUAL(rec->peg[1], 1);
    CU_ASSERT_EQUAL(cs_game_score(g, 1), 4);
    /* The three-card hands are shown with the three-card flush rule. */
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);
    CU_ASSERT_EQUAL(rec->hand[1], 6); /* JC QC KC + 4D: run of three 3, three-card flush 3 */
    CU_ASSERT_EQUAL(rec->hand[0], 0); /* KD QD 2C + 4D: nothing */
    cs_game_free(g);
}

/*
 * The default lines against the documents, by a deal that ends at the cut: the pone starts
 * with `bonus` points (start_bonus) and a jack turned as the starter pays the dealer the whole
 * target (heels). the weekly league's rules and the modern rule sheet: a loser on 61 to 90 is
 * skunked, on 60 or less double skunked; the rules model: below 31 triple; the classic rules: a win
 * "before the opponent get 91" (or 31 in the 61-point game) is a lurch.
 */
static void end_at_the_cut(const char *preset_name, int bonus, cs_game_record *sum) {
    cs_rules r = preset(preset_name);
    r.start_bonus = bonus;
    r.heels = r.target;
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_rules_validate(&r, why, sizeof why), CS_OK);
    cs_pcg32 rng[2];
    rng[0] = cs_pcg32_derive(5, 0, CS_STREAM_STRATEGY, 0);
    rng[1] = cs_pcg32_derive(5, 0, CS_STREAM_STRATEGY, 1);
    cs_agent agents[2] = {cs_agent_random(&rng[0]), cs_agent_random(&rng[1])};
    cs_card deck[13];
    int n = cards(r.cards_dealt == 6 ? "AC 2C 3C 4C 5C 6C 7C 8C 9C TC QC KC JD"
                                     : "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JD",
                  deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, sum), CS_OK);
    CU_ASSERT_EQUAL(sum->winner, 0);
    CU_ASSERT_EQUAL(sum->score[0], r.target);
    CU_ASSERT_EQUAL(sum->score[1], bonus);
    cs_game_free(g);
}

static void test_game_default_skunk_and_lurch_lines_match_the_documents(void) {
    static const struct {
        int loser, skunk, lurch;
    } cases[] = {{91, 0, 0}, {90, 1, 1}, {61, 1, 1}, {60, 2, 1}, {31, 2, 1}, {30, 3, 1}, {0, 3, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cs_game_record sum;
        end_at_the_cut("two", cases[i].loser, &sum);
        CU_ASSERT_EQUAL(sum.skunk[1], cases[i].skunk);
        CU_ASSERT_EQUAL(sum.lurch, cases[i].lurch);
        CU_ASSERT_EQUAL(sum.skunk[0], 0);
    }
    /* The 61-point game: a lurch (and a skunk) below 31. */
    cs_game_record sum;
    end_at_the_cut("five-card", 31, &sum);
    CU_ASSERT_EQUAL(sum.lurch, 0);
    CU_ASSERT_EQUAL(sum.skunk[1], 0);
    end_at_the_cut("five-card", 30, &sum);
    CU_ASSERT_EQUAL(sum.lurch, 1);
    CU_ASSERT_EQUAL(sum.skunk[1], 1);
}

/* An agent that answers with a card it does not hold stops the game with a message naming
 * the seat, the game and the deal. */
static int bad_play(void *self, const cs_view *v, cs_card *out) {
    (void)self;
    (void)v;
    *out = 51; /* KS, held by nobody in this deal */
    return CS_OK;
}

static void test_game_illegal_play_is_an_error_naming_seat_game_and_deal(void) {
    cs_rules r = preset("two");
    scripted s[2];
    memset(s, 0, sizeof s);
    cards("8D 9D", s[0].discards);
    cards("3D 4D", s[1].discards);
    cs_agent agents[2] = {scripted_agent(&s[0]),
                          {scripted_discard, bad_play, NULL, &s[1], "bad", NULL, NULL}};
    /* A long name (an outside agent's command line, a plugin's path) is told whole, and the
     * game, the deal and the reason still follow it. */
    char long_name[201];
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    for (int pass = 0; pass < 2; pass++) {
        agents[1].name = pass ? "bad" : long_name;
        cs_card deck[13];
        int n = cards("5C TC 5D TD 5H TH JS KC 3D 8D 4D 9D 5S", deck);
        cs_game *g = cs_game_new();
        cs_game_begin(g, &r, 1, 7, 0, agents);
        CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
        cs_game_record sum;
        CU_ASSERT_EQUAL(cs_game_run(g, NULL, NULL, &sum), CS_EILLEGAL);
        CU_ASSERT_EQUAL(cs_game_error_seat(g), 1);
        const char *msg = cs_game_error(g);
        char want[sizeof long_name + 64];
        snprintf(want, sizeof want, "seat 1 (%s) in game 7, deal 0: ", agents[1].name);
        CU_ASSERT_PTR_NOT_NULL(strstr(msg, want));
        CU_ASSERT_PTR_NOT_NULL(strstr(msg, "KS"));
        cs_game_free(g);
    }
}

static void test_game_illegal_discard_is_an_error(void) {
    cs_rules r = preset("two");
    scripted s[2];
    memset(s, 0, sizeof s);
    s[0].discards[0] = s[0].discards[1] = C("8D"); /* the same card twice */
    cards("3D 4D", s[1].discards);
    cs_agent agents[2] = {scripted_agent(&s[0]), scripted_agent(&s[1])};
    cs_card deck[13];
    int n = cards("5C TC 5D TD 5H TH JS KC 3D 8D 4D 9D 5S", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 3, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    cs_game_record sum;
    CU_ASSERT_EQUAL(cs_game_run(g, NULL, NULL, &sum), CS_EILLEGAL);
    CU_ASSERT_EQUAL(cs_game_error_seat(g), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(cs_game_error(g), "8D"));
    cs_game_free(g);
}

static void test_game_stack_deck_rejects_wrong_count_and_duplicates(void) {
    cs_rules r = preset("two");
    cs_pcg32 rng[2];
    cs_agent agents[2] = {cs_agent_random(&rng[0]), cs_agent_random(&rng[1])};
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    cs_card deck[13];
    int n = cards("5C TC 5D TD 5H TH JS KC 3D 8D 4D 9D 5S", deck);
    CU_ASSERT_EQUAL(cs_game_stack_deck(g, deck, n - 1), CS_ECOUNT);
    deck[3] = deck[0];
    CU_ASSERT_EQUAL(cs_game_stack_deck(g, deck, n), CS_EDUPCARD);
    cs_game_free(g);
}

/* ---- the referee: random games replayed from their records ---- */

#define MAX_DEALS 512

typedef struct {
    cs_deal_record deals[MAX_DEALS];
    int n;
} deal_log;

static int log_deal(void *ctx, const cs_deal_record *d) {
    deal_log *log = ctx;
    if (log->n == MAX_DEALS) return 1;
    log->deals[log->n++] = *d;
    return 0;
}

/* A referee's running state for one game. */
typedef struct {
    const cs_rules *r;
    int side[CS_MAX_PLAYERS];
    int over, winner;
    int failures;
} referee;

static void ref_check(referee *f, int ok, const char *what, uint64_t game, int deal) {
    if (!ok) {
        if (f->failures < 5)
            fprintf(stderr, "\n  referee: game %llu deal %d: %s", (unsigned long long)game, deal,
                    what);
        f->failures++;
    }
}

/* Credits points; returns 1 when the game is over (so nothing later may score). */
static int ref_credit(referee *f, int seat, int points) {
    if (f->over || points == 0) return f->over;
    int side = cs_rules_side(f->r, seat);
    f->side[side] += points;
    if (f->side[side] >= f->r->target) {
        f->over = 1;
        f->winner = side;
    }
    return f->over;
}

/*
 * Whether `points` is the sum of some of items[0..n) (each used at most once): overlooked
 * points must be made of whole scoring items.
 */
static int ref_subset_sum(const int items[], int n, int points) {
    unsigned long long reach = 1; /* bit v: v is reachable; shows score at most 29 */
    for (int i = 0; i < n; i++) reach |= reach << items[i];
    return points >= 0 && points < 64 && (reach >> points & 1);
}

/* The items of a show a counter can overlook (game.h's cs_miss kinds): each fifteen and pair,
 * each run after the first of a repeated run, the starter's flush point (the whole flush when
 * it needs the starter) and nobs. Returns how many. */
static int ref_show_items(const cs_show_points *sp, int n_cards, int flush_min, int items[]) {
    int k = 0;
    for (int i = 0; i < sp->fifteens / 2; i++) items[k++] = 2;
    for (int i = 0; i < sp->pairs / 2; i++) items[k++] = 2;
    if (sp->runs) {
        int len = sp->runs == 5 ? 5 : sp->runs == 4 || sp->runs == 8 ? 4 : 3;
        for (int i = 1; i < sp->runs / len; i++) items[k++] = len;
    }
    if (sp->flush && flush_min > n_cards)
        items[k++] = sp->flush;
    else if (sp->flush == n_cards + 1)
        items[k++] = 1;
    if (sp->nobs) items[k++] = 1;
    return k;
}

/*
 * A count the seat may have overlooked part of: the record's counted points plus the missed
 * must be the rules' points, the missed made of whole items, the claimed part of them; the
 * counter is credited first, then the seat after it with the claim. Returns 1 when the game
 * ended. counted/missed/mugged are the record's; mugged[] collects the claims by claimer.
 */
static int ref_count(referee *f, int seat, int rules_points, int counted, int missed, int mugged,
                     const int items[], int n_items, int claims[], uint64_t game, int deal) {
    ref_check(f, counted + missed == rules_points, "counted and overlooked points", game, deal);
    ref_check(f, ref_subset_sum(items, n_items, missed), "overlooked points not whole items", game,
              deal);
    ref_check(f, mugged >= 0 && mugged <= missed && ref_subset_sum(items, n_items, mugged),
              "claimed points", game, deal);
    ref_check(f, f->r->muggins || mugged == 0, "a claim without muggins", game, deal);
    if (ref_credit(f, seat, counted)) return 1;
    int claimer = (seat + 1) % f->r->players;
    claims[claimer] += mugged;
    return ref_credit(f, claimer, mugged);
}

/* Would seat be able to play on count with these unplayed cards? */
static int ref_can_play(const cs_card *hand, const int *played, int n, int count) {
    for (int i = 0; i < n; i++)
        if (!played[i] && count + cs_card_value(hand[i]) <= 31) return 1;
    return 0;
}

/* The most items a show can overlook: 8 fifteens, 6 pairs, 3 more runs, a flush, nobs. */
#define MISS_ITEMS_MAX 20

/* Each seat's muggins points in the record are the claims the replay credited it. */
static void ref_check_claims(referee *f, const cs_deal_record *d, const int claims[],
                             uint64_t game) {
    for (int s = 0; s < CS_MAX_PLAYERS; s++)
        ref_check(f, d->mugged[s] == claims[s], "muggins points by seat", game, d->deal);
}

/*
 * Replays one deal from its record with the plain scorers and an explicit go rule (a set of
 * players who have said go), and checks every recorded number against it.
 */
static void referee_deal(referee *f, const cs_deal_record *d, uint64_t game, int first) {
    const cs_rules *r = f->r;
    int n = r->players, hs = cs_rules_hand_size(r);
    cs_cardset seen = 0;
    int ok = 1;
    /* The cards: every dealt card, the crib card and the starter distinct. */
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        for (int i = 0; i < CS_MAX_DEALT; i++) {
            cs_card c = d->dealt[s][i];
            int expect = s < n && i < r->cards_dealt;
            ref_check(f, expect == (c != CS_NO_CARD), "dealt padding", game, d->deal);
            if (c == CS_NO_CARD) continue;
            ok &= cs_card_valid(c) && !cs_cardset_has(seen, c);
            seen |= cs_cardset_of(c);
        }
    }
    if (r->crib_from_deck) {
        ok &= cs_card_valid(d->crib_extra) && !cs_cardset_has(seen, d->crib_extra);
        seen |= cs_cardset_of(d->crib_extra);
    } else {
        ok &= d->crib_extra == CS_NO_CARD;
    }
    ref_check(f, ok, "cards not distinct", game, d->deal);
    /* Padding: no discards past the rule's count or for absent seats, no plays past n_plays,
     * no points for absent seats. */
    int pad = 1;
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        for (int j = 0; j < CS_MAX_DISCARD; j++)
            if (s >= n || j >= r->discards) pad &= d->discard[s][j] == CS_NO_CARD;
        if (s >= n) pad &= d->peg[s] == 0 && d->hand[s] == 0 && d->bonus[s] == 0;
    }
    for (int k = d->n_plays; k < CS_MAX_PLAYS; k++)
        pad &= d->play_card[k] == CS_NO_CARD && d->play_points[k] == 0 && d->play_missed[k] == 0 &&
               d->play_mugged[k] == 0;
    ref_check(f, pad, "padding", game, d->deal);

    int s_bonus = first && r->start_bonus ? (d->dealer + 1) % n : -1;
    if (s_bonus >= 0) {
        ref_check(f, d->bonus[s_bonus] == r->start_bonus, "start bonus", game, d->deal);
        ref_credit(f, s_bonus, r->start_bonus);
    }
    if (f->over) return;

    /* Discards come from the dealt cards; the kept hand is the rest. */
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_DEALT], crib[CS_CRIB_SIZE];
    int nc = 0;
    for (int s = 0; s < n; s++) {
        int k = 0;
        for (int i = 0; i < r->cards_dealt; i++) {
            cs_card c = d->dealt[s][i];
            int discarded = 0;
            for (int j = 0; j < r->discards; j++) discarded |= d->discard[s][j] == c;
            if (discarded)
                crib[nc++] = c;
            else
                kept[s][k++] = c;
        }
        ref_check(f, k == hs, "discards not from the dealt cards", game, d->deal);
    }
    if (r->crib_from_deck) crib[nc++] = d->crib_extra;
    ref_check(f, nc == CS_CRIB_SIZE, "crib size", game, d->deal);
    ref_check(f, cs_card_valid(d->starter) && !cs_cardset_has(seen, d->starter), "starter", game,
              d->deal);
    if (f->failures) return;

    int heels = cs_card_rank(d->starter) == CS_JACK ? r->heels : 0;
    ref_check(f, d->heels == heels, "heels", game, d->deal);
    if (ref_credit(f, d->dealer, heels)) {
        ref_check(f, d->n_plays == 0 && d->ended, "play after heels won", game, d->deal);
        return;
    }

    /* The play, with the go rule as people say it. */
    int played[CS_MAX_PLAYERS][CS_MAX_DEALT] = {{0}};
    int left[CS_MAX_PLAYERS], peg[CS_MAX_PLAYERS] = {0};
    for (int s = 0; s < n; s++) left[s] = hs;
    cs_card pile[CS_PEG_PILE_MAX];
    int np = 0, count = 0, turn = (d->dealer + 1) % n, last = -1, i = 0, total_left = n * hs;
    int said_go[CS_MAX_PLAYERS] = {0};
    int expected_points[CS_MAX_PLAYS] = {0};
    int claims[CS_MAX_PLAYERS] = {0}; /* points each seat took by muggins in the deal */
    int penalties[CS_MAX_PLAYERS] = {0};
    unsigned long long reneges_seen = 0; /* bit s * 16 + k: seat s's renege after k plays */
    for (;;) {
        /* Whose turn: the next player who has not said go and can play; others say go. */
        int p = -1, penalty_ended = 0;
        for (int k = 0; k < n; k++) {
            int s = (turn + k) % n;
            if (said_go[s]) continue;
            if (ref_can_play(kept[s], played[s], hs, count)) {
                if (!(d->renege[s] >> i & 1) || reneges_seen >> (s * CS_MAX_PLAYS + i) & 1) {
                    p = s;
                    break;
                }
                /* A renege: never on a lead; the seat is passed over for the series; with
                 * the penalty every card that fitted is dead and the next seat scores. */
                reneges_seen |= 1ull << (s * CS_MAX_PLAYS + i);
                ref_check(f, count > 0, "a renege on a lead", game, d->deal);
                said_go[s] = 1;
                if (r->renege_penalty > 0) {
                    for (int c = 0; c < hs; c++) {
                        if (played[s][c] || count + cs_card_value(kept[s][c]) > 31) continue;
                        played[s][c] = 1;
                        left[s]--;
                        total_left--;
                    }
                    penalties[(s + 1) % n] += r->renege_penalty;
                    if (ref_credit(f, (s + 1) % n, r->renege_penalty)) {
                        penalty_ended = 1;
                        break;
                    }
                }
                continue;
            }
            said_go[s] = 1;
        }
        if (penalty_ended) break;
        if (p < 0) {
            int go = last >= 0 && count != 31;
            if (go) {
                ref_check(f, i > 0 && d->play_seat[i - 1] == last, "go seat", game, d->deal);
                expected_points[i - 1] += 1; /* the record folds the go into the last card */
                int card = expected_points[i - 1] - 1, item[1] = {1};
                int go_missed =
                    d->play_missed[i - 1] - (card > 0 && d->play_missed[i - 1] >= card ? card : 0);
                int go_mugged =
                    d->play_mugged[i - 1] - (card > 0 && d->play_mugged[i - 1] >= card ? card : 0);
                peg[last] += 1 - go_missed;
                if (ref_count(f, last, 1, 1 - go_missed, go_missed, go_mugged, item, 1, claims,
                              game, d->deal))
                    break;
            }
            if (total_left == 0 || r->single_series) break;
            count = np = 0;
            memset(said_go, 0, sizeof said_go);
            turn = (last + 1) % n;
            while (left[turn] == 0) turn = (turn + 1) % n;
            continue;
        }
        if (i >= d->n_plays) {
            ref_check(f, 0, "fewer plays than the cards allow", game, d->deal);
            return;
        }
        cs_card c = d->play_card[i];
        ref_check(f, d->play_seat[i] == p, "wrong player's turn", game, d->deal);
        int at = -1;
        for (int k = 0; k < hs; k++)
            if (kept[p][k] == c && !played[p][k]) at = k;
        if (at < 0 || count + cs_card_value(c) > 31) {
            ref_check(f, 0, "illegal play", game, d->deal);
            return;
        }
        played[p][at] = 1;
        left[p]--;
        total_left--;
        pile[np++] = c;
        count += cs_card_value(c);
        cs_peg_points pts;
        int points = cs_peg_breakdown(pile, np, &pts);
        expected_points[i] = points;
        /* The entry's overlooked and claimed points hold the card's and, later, the go's: the
         * card's are all or none of points (never 1), the go's 1, so they come apart. */
        int card_missed = points > 0 && d->play_missed[i] >= points ? points : 0;
        int card_mugged = points > 0 && d->play_mugged[i] >= points ? points : 0;
        int item[1] = {points};
        peg[p] += points - card_missed;
        last = p;
        i++;
        if (ref_count(f, p, points, points - card_missed, card_missed, card_mugged, item, 1, claims,
                      game, d->deal))
            break;
        turn = (p + 1) % n;
    }
    ref_check(f, i == d->n_plays, "recorded plays beyond the end", game, d->deal);
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        unsigned long long met = reneges_seen >> (s * CS_MAX_PLAYS) & 0xffff;
        ref_check(f, s < n ? d->renege[s] == met : d->renege[s] == 0,
                  "a recorded renege the replay did not meet", game, d->deal);
        ref_check(f, d->penalty[s] == (s < n ? penalties[s] : 0), "renege penalties", game,
                  d->deal);
    }
    for (int k = 0; k < i; k++)
        ref_check(f, d->play_points[k] == expected_points[k], "play points", game, d->deal);
    int sum_points = 0;
    for (int k = 0; k < d->n_plays; k++) sum_points += d->play_points[k] - d->play_missed[k];
    int sum_peg = 0;
    for (int s = 0; s < n; s++) {
        ref_check(f, d->peg[s] == peg[s], "pegging points", game, d->deal);
        sum_peg += peg[s];
    }
    ref_check(f, sum_points == sum_peg, "play points do not add up", game, d->deal);
    if (!r->single_series && !f->over)
        ref_check(f, total_left == 0, "cards left unplayed", game, d->deal);
    if (f->over) {
        ref_check(f, d->ended, "ended flag", game, d->deal);
        for (int s = 0; s < n; s++)
            ref_check(f, d->hand[s] == 0 && d->hand_missed[s] == 0, "show after the end", game,
                      d->deal);
        ref_check_claims(f, d, claims, game);
        return;
    }

    /* The show, in order, with the plain scorer. */
    int items[MISS_ITEMS_MAX];
    for (int k = 1; k <= n; k++) {
        int s = (d->dealer + k) % n;
        cs_show_points sp;
        int pts = cs_show_breakdown(kept[s], hs, d->starter, r->hand_flush_min, &sp);
        int n_items = ref_show_items(&sp, hs, r->hand_flush_min, items);
        if (ref_count(f, s, pts, d->hand[s], d->hand_missed[s], d->hand_mugged[s], items, n_items,
                      claims, game, d->deal)) {
            for (int m = k + 1; m <= n; m++)
                ref_check(f, d->hand[(d->dealer + m) % n] == 0, "counted after the end", game,
                          d->deal);
            ref_check(f, d->crib == 0 && d->crib_missed == 0 && d->ended, "crib after the end",
                      game, d->deal);
            ref_check_claims(f, d, claims, game);
            return;
        }
    }
    cs_show_points sp;
    int cp = cs_show_breakdown(crib, CS_CRIB_SIZE, d->starter, r->crib_flush_min, &sp);
    int n_items = ref_show_items(&sp, CS_CRIB_SIZE, r->crib_flush_min, items);
    ref_count(f, d->dealer, cp, d->crib, d->crib_missed, d->crib_mugged, items, n_items, claims,
              game, d->deal);
    ref_check_claims(f, d, claims, game);
}

/* Plays `games` random games of a preset and referees every one, seat s counting with
 * miss[s] (NULL: perfectly; miss itself NULL: every seat perfectly). */
static void referee_rules_miss(cs_rules r, int games, const cs_miss *const miss[]) {
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_rules_validate(&r, why, sizeof why), CS_OK);
    int n = r.players;
    cs_pcg32 rng[CS_MAX_PLAYERS];
    cs_agent agents[CS_MAX_PLAYERS];
    for (int s = 0; s < n; s++) {
        agents[s] = cs_agent_random(&rng[s]);
        agents[s].miss = miss ? miss[s] : NULL;
    }
    cs_game *g = cs_game_new();
    deal_log *log = malloc(sizeof *log);
    long missed_points = 0, mugged_points = 0;
    referee f = {.r = &r};
    long ties = 0, wins = 0;
    for (int gi = 0; gi < games && f.failures == 0; gi++) {
        for (int s = 0; s < n; s++)
            rng[s] = cs_pcg32_derive(99, (uint64_t)gi, CS_STREAM_STRATEGY, (uint32_t)s);
        log->n = 0;
        cs_game_begin(g, &r, 2024, (uint64_t)gi, CS_FIRST_DEALER_CUT, agents);
        cs_game_record sum;
        int rc = cs_game_run(g, log_deal, log, &sum);
        ref_check(&f, rc == CS_OK, cs_game_error(g), (uint64_t)gi, -1);
        if (rc != CS_OK) break;
        memset(f.side, 0, sizeof f.side);
        f.over = 0;
        f.winner = -1;
        int16_t src[CS_MAX_PLAYERS] = {0};
        int missed[CS_MAX_PLAYERS] = {0}, mugged[CS_MAX_PLAYERS] = {0};
        for (int k = 0; k < log->n; k++) {
            const cs_deal_record *d = &log->deals[k];
            ref_check(&f, d->deal == k && d->game == (uint64_t)gi, "deal numbering", (uint64_t)gi,
                      k);
            ref_check(&f, k == 0 || d->dealer == (log->deals[k - 1].dealer + 1) % n,
                      "dealer rotation", (uint64_t)gi, k);
            ref_check(&f, !f.over, "a deal after the end", (uint64_t)gi, k);
            referee_deal(&f, d, (uint64_t)gi, k == 0);
            for (int s = 0; s < CS_MAX_PLAYERS; s++) {
                int expect = s < n ? f.side[cs_rules_side(&r, s)] : -1;
                ref_check(&f, d->score[s] == expect, "score after the deal", (uint64_t)gi, k);
                if (s < n)
                    src[s] += d->peg[s] + d->hand[s] + d->bonus[s] + d->mugged[s] + d->penalty[s];
            }
            src[d->dealer] += d->crib + d->heels;
            for (int j = 0; j < d->n_plays; j++) missed[d->play_seat[j]] += d->play_missed[j];
            for (int s = 0; s < n; s++) {
                missed[s] += d->hand_missed[s];
                mugged[s] += d->mugged[s];
            }
            missed[d->dealer] += d->crib_missed;
            ref_check(&f, d->ended == (k == log->n - 1), "ended only on the last deal",
                      (uint64_t)gi, k);
        }
        /* The summary agrees with the deals, and the sources add up to the scores. */
        ref_check(&f, sum.deals == log->n, "deal count", (uint64_t)gi, -1);
        ref_check(&f, sum.first_dealer == log->deals[0].dealer, "first dealer", (uint64_t)gi, -1);
        ref_check(&f, r.first_dealer == CS_FIRST_DEALER_CUT || sum.first_dealer == r.first_dealer,
                  "fixed first dealer", (uint64_t)gi, -1);
        int side_src[CS_MAX_PLAYERS] = {0};
        for (int s = 0; s < n; s++) {
            int total = sum.peg[s] + sum.hand[s] + sum.crib[s] + sum.heels[s] + sum.bonus[s] +
                        sum.mugged[s] + sum.penalty[s];
            ref_check(&f, sum.missed[s] == missed[s] && sum.mugged[s] == mugged[s],
                      "overlooked and muggins points in the summary", (uint64_t)gi, -1);
            missed_points += missed[s];
            mugged_points += mugged[s];
            ref_check(&f, total == src[s], "sources by seat", (uint64_t)gi, -1);
            side_src[cs_rules_side(&r, s)] += total;
        }
        for (int s = 0; s < CS_MAX_PLAYERS; s++) {
            int expect = s < n ? f.side[cs_rules_side(&r, s)] : -1;
            ref_check(&f, sum.score[s] == expect, "final score", (uint64_t)gi, -1);
            if (s < n)
                ref_check(&f, side_src[cs_rules_side(&r, s)] == expect, "sources add up",
                          (uint64_t)gi, -1);
        }
        /* The end: at the target, or after the fixed deals with the higher side winning. */
        int sides = cs_rules_sides(&r), best = 0, tied = 0;
        for (int side = 1; side < sides; side++) {
            if (f.side[side] > f.side[best]) {
                best = side;
                tied = 0;
            } else if (f.side[side] == f.side[best]) {
                tied = 1;
            }
        }
        if (f.over) {
            ref_check(&f, sum.winner == f.winner, "winner at the target", (uint64_t)gi, -1);
        } else {
            ref_check(&f, r.max_deals > 0 && sum.deals == r.max_deals, "ended early", (uint64_t)gi,
                      -1);
            ref_check(&f, sum.winner == (tied ? -1 : best), "winner by deals", (uint64_t)gi, -1);
        }
        ties += sum.winner < 0;
        wins += sum.winner >= 0;
        /* Skunk and lurch from the scores. */
        int lurch = f.over && r.lurch_line > 0;
        for (int s = 0; s < n; s++) {
            int side = cs_rules_side(&r, s), sc = f.side[side], lvl = 0;
            if (side == sum.winner || !f.over) {
                ref_check(&f, sum.skunk[s] == 0, "skunk on a winner", (uint64_t)gi, -1);
                continue;
            }
            if (r.triple_skunk_line && sc < r.triple_skunk_line)
                lvl = 3;
            else if (r.double_skunk_line && sc < r.double_skunk_line)
                lvl = 2;
            else if (r.skunk_line && sc < r.skunk_line)
                lvl = 1;
            ref_check(&f, sum.skunk[s] == lvl, "skunk level", (uint64_t)gi, -1);
            if (sc >= r.lurch_line) lurch = 0;
        }
        ref_check(&f, sum.lurch == lurch, "lurch flag", (uint64_t)gi, -1);
    }
    if (r.max_deals > 0) {
        /* Fixed-deal games: ties must occur and be scored as ties over this many games. */
        CU_ASSERT_TRUE(ties > 0);
    } else {
        CU_ASSERT_EQUAL(ties, 0);
    }
    if (f.failures) {
        char json[1024];
        cs_rules_to_json(&r, json, sizeof json);
        fprintf(stderr, "\n  rules: %s\n", json);
    }
    CU_ASSERT_TRUE(wins > 0);
    CU_ASSERT_EQUAL(f.failures, 0);
    /* a seat with chances above 0 overlooks points over many games; claims need muggins */
    int any_miss = 0;
    for (int s = 0; s < n && miss; s++) any_miss |= miss[s] != NULL;
    CU_ASSERT_EQUAL(missed_points > 0, any_miss);
    CU_ASSERT_EQUAL(mugged_points > 0, any_miss && r.muggins);
    free(log);
    cs_game_free(g);
}

static void referee_rules(cs_rules r, int games) {
    referee_rules_miss(r, games, NULL);
}

/*
 * Random games where seats overlook every kind of point with chance 0.3 (some seats count
 * perfectly), with muggins on and off, in the two-player, three-player, four-player and
 * partnership games: the referee accounts for every overlooked and claimed point.
 */
static void test_game_referee_overlooked_points_and_muggins(void) {
    cs_miss careless = {{0}};
    for (int k = 0; k < CS_MISS_KINDS; k++) careless.p[k] = 0.3;
    const cs_miss *const mixed[4] = {&careless, NULL, &careless, &careless};
    const char *presets[] = {"two", "three", "four", "partners", "five-card", "nz-tournament"};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        for (int variant = 0; variant < 3; variant++) {
            cs_rules r = preset(presets[i]);
            r.muggins = variant > 0;
            if (variant == 2) r.renege_penalty = r.renege_penalty ? 0 : 3;
            referee_rules_miss(r, 1000, mixed);
        }
    }
}

static void referee_preset(const char *name, int games) {
    referee_rules(preset(name), games);
}

/*
 * Rules no preset uses, each field away from its preset value, refereed like the presets:
 * a four-card crib flush that counts and a hand flush that needs the starter, no heels, a
 * single series with four players, three-card hands with three and four players (dealt four),
 * a bonus and a lower target, and a fixed number of deals for three players on their own.
 */
static void test_game_referee_overridden_rules(void) {
    static const struct {
        const char *preset;
        const char *sets[6][2];
    } variants[] = {
        {"two", {{"crib_flush_min", "4"}, {"hand_flush_min", "5"}, {"heels", "0"}}},
        {"four",
         {{"single_series", "yes"},
          {"target", "61"},
          {"skunk_line", "31"},
          {"double_skunk_line", "0"},
          {"triple_skunk_line", "0"},
          {"lurch_line", "31"}}},
        {"three", {{"cards_dealt", "4"}, {"hand_flush_min", "3"}, {"start_bonus", "5"}}},
        {"partners", {{"cards_dealt", "4"}, {"hand_flush_min", "4"}, {"first_dealer", "2"}}},
        {"three", {{"max_deals", "3"}, {"lurch_line", "0"}}},
    };
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        cs_rules r = preset(variants[v].preset);
        for (int k = 0; k < 6 && variants[v].sets[k][0]; k++)
            CU_ASSERT_EQUAL_FATAL(cs_rules_set(&r, variants[v].sets[k][0], variants[v].sets[k][1]),
                                  CS_OK);
        referee_rules(r, 2000);
    }
}

#define REFEREE_GAMES 10000
static void test_game_referee_two(void) {
    referee_preset("two", REFEREE_GAMES);
}
static void test_game_referee_three(void) {
    referee_preset("three", REFEREE_GAMES);
}
static void test_game_referee_four(void) {
    referee_preset("four", REFEREE_GAMES);
}
static void test_game_referee_partners(void) {
    referee_preset("partners", REFEREE_GAMES);
}
static void test_game_referee_five_card(void) {
    referee_preset("five-card", REFEREE_GAMES);
}
static void test_game_referee_nz_tournament_with_ties(void) {
    referee_preset("nz-tournament", REFEREE_GAMES);
}

/* ---- determinism and the cut ---- */

/* The cards of every deal depend on (seed, game, deal) only: the same seed with different
 * agents deals the same cards while both games last. */
static void test_game_cards_do_not_depend_on_the_agents(void) {
    cs_rules r = preset("two");
    cs_pcg32 rng[4];
    cs_agent a[2] = {cs_agent_random(&rng[0]), cs_agent_random(&rng[1])};
    cs_agent b[2] = {cs_agent_random(&rng[2]), cs_agent_random(&rng[3])};
    rng[0] = cs_pcg32_derive(1, 0, CS_STREAM_STRATEGY, 0);
    rng[1] = cs_pcg32_derive(1, 0, CS_STREAM_STRATEGY, 1);
    rng[2] = cs_pcg32_derive(2, 0, CS_STREAM_STRATEGY, 0);
    rng[3] = cs_pcg32_derive(2, 0, CS_STREAM_STRATEGY, 1);
    deal_log *la = malloc(sizeof *la), *lb = malloc(sizeof *lb);
    la->n = lb->n = 0;
    cs_game *g = cs_game_new();
    cs_game_record sa, sb;
    cs_game_begin(g, &r, 555, 3, CS_FIRST_DEALER_CUT, a);
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, log_deal, la, &sa), CS_OK);
    cs_game_begin(g, &r, 555, 3, CS_FIRST_DEALER_CUT, b);
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, log_deal, lb, &sb), CS_OK);
    CU_ASSERT_EQUAL(sa.first_dealer, sb.first_dealer);
    int n = la->n < lb->n ? la->n : lb->n, differ = 0;
    for (int k = 0; k < n; k++) {
        CU_ASSERT_EQUAL(memcmp(la->deals[k].dealt, lb->deals[k].dealt, sizeof la->deals[k].dealt),
                        0);
        CU_ASSERT_EQUAL(la->deals[k].starter, lb->deals[k].starter);
        differ |= memcmp(la->deals[k].discard, lb->deals[k].discard, sizeof la->deals[k].discard);
    }
    CU_ASSERT_TRUE(differ != 0); /* the agents did choose differently */
    free(la);
    free(lb);
    cs_game_free(g);
}

/* Cut for deal: each seat deals first about equally often, and a given game always cuts the
 * same way. */
static void test_game_cut_for_deal_is_fair_and_repeatable(void) {
    cs_rules r = preset("four");
    cs_pcg32 rng[4];
    cs_agent agents[4];
    for (int s = 0; s < 4; s++) agents[s] = cs_agent_random(&rng[s]);
    cs_game *g = cs_game_new();
    int counts[4] = {0};
    for (int gi = 0; gi < 4000; gi++) {
        cs_game_begin(g, &r, 77, (uint64_t)gi, CS_FIRST_DEALER_CUT, agents);
        CU_ASSERT_EQUAL(cs_game_step(g), CS_OK);
        CU_ASSERT_EQUAL(cs_game_phase(g), CS_PHASE_DEAL);
        cs_game_record a, b;
        cs_game_summary(g, &a);
        cs_game_begin(g, &r, 77, (uint64_t)gi, CS_FIRST_DEALER_CUT, agents);
        cs_game_step(g);
        cs_game_summary(g, &b);
        CU_ASSERT_EQUAL(a.first_dealer, b.first_dealer);
        counts[a.first_dealer]++;
    }
    for (int s = 0; s < 4; s++) CU_ASSERT_TRUE(counts[s] > 900 && counts[s] < 1100);
    cs_game_free(g);
}

/* The cut for deal, redone here by hand from its stream: each seat in the cut draws a card
 * from the shuffled deck, the lowest rank (ace low) deals, players tied for lowest cut again.
 * The engine's first dealer must be the low card's seat in every game. */
static void test_game_cut_for_deal_low_card_deals(void) {
    cs_rules r = preset("four");
    cs_pcg32 rng[4];
    cs_agent agents[4];
    for (int s = 0; s < 4; s++) agents[s] = cs_agent_random(&rng[s]);
    cs_game *g = cs_game_new();
    int recuts = 0;
    for (int gi = 0; gi < 2000; gi++) {
        cs_game_begin(g, &r, 31, (uint64_t)gi, CS_FIRST_DEALER_CUT, agents);
        CU_ASSERT_EQUAL(cs_game_step(g), CS_OK);
        cs_game_record sum;
        cs_game_summary(g, &sum);
        cs_pcg32 cut = cs_pcg32_derive(31, (uint64_t)gi, CS_STREAM_CUT, 0);
        int in[4] = {0, 1, 2, 3}, n = 4, rounds = 0;
        while (n > 1) {
            cs_card deck[CS_DECK_SIZE];
            for (int c = 0; c < CS_DECK_SIZE; c++) deck[c] = (cs_card)c;
            int rank[4], low = 99;
            for (int i = 0; i < n; i++) {
                int j = i + (int)cs_pcg32_bounded(&cut, (uint32_t)(CS_DECK_SIZE - i));
                cs_card t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
                rank[i] = cs_card_rank(deck[i]);
                if (rank[i] < low) low = rank[i];
            }
            int k = 0;
            for (int i = 0; i < n; i++)
                if (rank[i] == low) in[k++] = in[i];
            n = k;
            rounds++;
        }
        recuts += rounds > 1;
        CU_ASSERT_EQUAL(sum.first_dealer, in[0]);
    }
    CU_ASSERT_TRUE(recuts > 0); /* ties for low were cut again */
    cs_game_free(g);
}

const char cs_suite_name[] = "game";
/* ---- overlooked points and muggins ---- */

/* A cs_miss that overlooks every item of the kinds listed (chance 1) and no other. */
static cs_miss always_misses(const int kinds[], int n) {
    cs_miss m = {{0}};
    for (int i = 0; i < n; i++) m.p[kinds[i]] = 1;
    return m;
}

/*
 * The deal of test_game_pone_wins_in_show_before_dealer_counts at 121, each seat's agent
 * carrying miss[seat] (NULL: counts every point), played to the end of the deal. Without
 * mistakes: the play pegs s0 6 (TC 15 for 2, the go after TD 30 for 1, TH 15 for 2, KC last
 * for 1) and s1 1 (the go after JS); the pone's 5C 5D 5H JS with the 5S starter is 29 (eight
 * fifteens 16, six pairs 12, nobs 1), the dealer's TC TD TH KC 14 (four fifteens 8, three pairs
 * 6), the crib 3D 8D 4D 9D 5 (3-4-8 for 2, the run 3-4-5 for 3).
 */
static void play_the_29_deal_under(cs_rules r, const cs_miss *miss[2], cs_deal_record *rec,
                                   cs_game_record *sum) {
    scripted s[2];
    memset(s, 0, sizeof s);
    cards("8D 9D", s[0].discards);
    cards("TC TD TH KC", s[0].plays);
    cards("3D 4D", s[1].discards);
    cards("5C 5D 5H JS", s[1].plays);
    cs_agent agents[2] = {scripted_agent(&s[0]), scripted_agent(&s[1])};
    agents[0].miss = miss[0];
    agents[1].miss = miss[1];
    cs_card deck[13];
    int n = cards("5C TC 5D TD 5H TH JS KC 3D 8D 4D 9D 5S", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_DEAL_DONE), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK); /* the deal's record completed */
    *rec = *cs_game_deal_record(g);
    cs_game_summary(g, sum);
    cs_game_free(g);
}

/* The same in the two-player rules with muggins on or off. */
static void play_the_29_deal(int muggins, const cs_miss *miss[2], cs_deal_record *rec,
                             cs_game_record *sum) {
    cs_rules r = preset("two");
    r.muggins = muggins;
    play_the_29_deal_under(r, miss, rec, sum);
}

/* The pone overlooks every fifteen of its 29 (16 of it) and pegs 13; with muggins the dealer,
 * who counts perfectly, claims all 16; without it they are lost. */
static void test_game_muggins_claims_the_fifteens_the_pone_overlooked(void) {
    const int kinds[] = {CS_MISS_FIFTEENS};
    cs_miss pone = always_misses(kinds, 1);
    const cs_miss *miss[2] = {NULL, &pone};
    cs_deal_record rec;
    cs_game_record sum;
    play_the_29_deal(1, miss, &rec, &sum);
    CU_ASSERT_EQUAL(rec.hand[1], 13);
    CU_ASSERT_EQUAL(rec.hand_missed[1], 16);
    CU_ASSERT_EQUAL(rec.hand_mugged[1], 16);
    CU_ASSERT_EQUAL(rec.mugged[0], 16);
    CU_ASSERT_EQUAL(rec.mugged[1], 0);
    CU_ASSERT_EQUAL(rec.hand[0], 14);
    CU_ASSERT_EQUAL(rec.crib, 5);
    CU_ASSERT_EQUAL(rec.peg[0], 6);
    CU_ASSERT_EQUAL(rec.peg[1], 1);
    CU_ASSERT_EQUAL(rec.score[0], 6 + 16 + 14 + 5);
    CU_ASSERT_EQUAL(rec.score[1], 1 + 13);
    CU_ASSERT_EQUAL(sum.missed[1], 16);
    CU_ASSERT_EQUAL(sum.missed[0], 0);
    CU_ASSERT_EQUAL(sum.mugged[0], 16);

    play_the_29_deal(0, miss, &rec, &sum);
    CU_ASSERT_EQUAL(rec.hand[1], 13);
    CU_ASSERT_EQUAL(rec.hand_missed[1], 16);
    CU_ASSERT_EQUAL(rec.hand_mugged[1], 0);
    CU_ASSERT_EQUAL(rec.mugged[0], 0);
    CU_ASSERT_EQUAL(rec.score[0], 6 + 14 + 5);
    CU_ASSERT_EQUAL(rec.score[1], 1 + 13);
    CU_ASSERT_EQUAL(sum.missed[1], 16);
    CU_ASSERT_EQUAL(sum.mugged[0], 0);
}

/* Both seats blind to fifteens: each overlooks its own (the pone 16; the dealer 8 in its hand
 * and 2 in the crib) and neither sees the other's, so muggins claims nothing. Fifteens made in
 * the play are the play's kind and are pegged. */
static void test_game_muggins_claims_only_what_the_claimer_sees(void) {
    const int kinds[] = {CS_MISS_FIFTEENS};
    cs_miss blind = always_misses(kinds, 1);
    const cs_miss *miss[2] = {&blind, &blind};
    cs_deal_record rec;
    cs_game_record sum;
    play_the_29_deal(1, miss, &rec, &sum);
    CU_ASSERT_EQUAL(rec.peg[0], 6);
    CU_ASSERT_EQUAL(rec.hand[1], 13);
    CU_ASSERT_EQUAL(rec.hand[0], 6);
    CU_ASSERT_EQUAL(rec.hand_missed[0], 8);
    CU_ASSERT_EQUAL(rec.crib, 3);
    CU_ASSERT_EQUAL(rec.crib_missed, 2);
    CU_ASSERT_EQUAL(rec.crib_mugged, 0);
    CU_ASSERT_EQUAL(rec.mugged[0] + rec.mugged[1], 0);
    CU_ASSERT_EQUAL(rec.score[0], 6 + 6 + 3);
    CU_ASSERT_EQUAL(rec.score[1], 1 + 13);
    CU_ASSERT_EQUAL(sum.missed[0], 10);
    CU_ASSERT_EQUAL(sum.missed[1], 16);
}

/*
 * The dealer overlooks whatever it scores in the play (its two fifteens and its three go and
 * last-card points: 6); the pone, which counts the play perfectly, claims each one as it
 * happens. The pone overlooks its six pairs and nobs (13 of its 29), which the dealer claims.
 */
static void test_game_muggins_in_the_play_card_by_card(void) {
    const int dealer_kinds[] = {CS_MISS_PLAY, CS_MISS_LAST};
    const int pone_kinds[] = {CS_MISS_PAIRS, CS_MISS_NOBS};
    cs_miss dealer = always_misses(dealer_kinds, 2), pone = always_misses(pone_kinds, 2);
    const cs_miss *miss[2] = {&dealer, &pone};
    cs_deal_record rec;
    cs_game_record sum;
    play_the_29_deal(1, miss, &rec, &sum);
    /* 5C, TC 15, 5D, TD 30 and go, 5H, TH 15, JS and go, KC and last */
    static const int points[8] = {0, 2, 0, 1, 0, 2, 1, 1};
    static const int missed[8] = {0, 2, 0, 1, 0, 2, 0, 1};
    CU_ASSERT_EQUAL_FATAL(rec.n_plays, 8);
    for (int k = 0; k < 8; k++) {
        CU_ASSERT_EQUAL(rec.play_points[k], points[k]);
        CU_ASSERT_EQUAL(rec.play_missed[k], missed[k]);
        CU_ASSERT_EQUAL(rec.play_mugged[k], missed[k]);
    }
    CU_ASSERT_EQUAL(rec.peg[0], 0);
    CU_ASSERT_EQUAL(rec.peg[1], 1);
    CU_ASSERT_EQUAL(rec.hand[1], 16);
    CU_ASSERT_EQUAL(rec.hand_missed[1], 13);
    CU_ASSERT_EQUAL(rec.hand_mugged[1], 13);
    CU_ASSERT_EQUAL(rec.mugged[0], 13);
    CU_ASSERT_EQUAL(rec.mugged[1], 6);
    CU_ASSERT_EQUAL(rec.score[0], 0 + 13 + 14 + 5);
    CU_ASSERT_EQUAL(rec.score[1], 1 + 6 + 16);
    CU_ASSERT_EQUAL(sum.missed[0], 6);
    CU_ASSERT_EQUAL(sum.missed[1], 13);
}

/*
 * Two players, dealer seat 0. The pone keeps 3H 3C 4H 5S and lays away AD 2D; the dealer keeps
 * TC TD TH KC and lays away 7D QD; the starter is 9D.
 * The play: s1 3H, s0 TC 13, s1 3C 16, s0 TD 26, s1 4H 30; neither can play: s1's go, 1.
 * s0 TH 10, s1 5S 15 for 2, s0 KC 25, last card 1. Pegging: s1 3, s0 1.
 * The show: the pone's 3H 3C 4H 5S 9D is 12: the double run 3-4-5 (6), the pair of threes (2),
 * 3-3-9 and 3-3-4-5 (4). Overlooking the second run loses 3. The dealer's TC TD TH KC 9D is 6
 * (three pairs). The crib AD 2D 7D QD with the 9D is the five-card flush, 5 and nothing else;
 * a dealer blind to the starter's suit loses it whole (a crib of four in one suit scores
 * nothing). With muggins each claims the other's.
 */
static void test_game_muggins_second_run_and_the_crib_flush(void) {
    cs_rules r = preset("two");
    r.muggins = 1;
    scripted s[2];
    memset(s, 0, sizeof s);
    cards("7D QD", s[0].discards);
    cards("TC TD TH KC", s[0].plays);
    cards("AD 2D", s[1].discards);
    cards("3H 3C 4H 5S", s[1].plays);
    const int dealer_kinds[] = {CS_MISS_FLUSH}, pone_kinds[] = {CS_MISS_RUNS};
    cs_miss dealer = always_misses(dealer_kinds, 1), pone = always_misses(pone_kinds, 1);
    cs_agent agents[2] = {scripted_agent(&s[0]), scripted_agent(&s[1])};
    agents[0].miss = &dealer;
    agents[1].miss = &pone;
    cs_card deck[13];
    int n = cards("3H TC 3C TD 4H TH 5S KC AD 7D 2D QD 9D", deck);
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, n), CS_OK);
    CU_ASSERT_EQUAL_FATAL(run_until(g, CS_PHASE_DEAL_DONE), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);
    const cs_deal_record *rec = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(rec->peg[1], 3);
    CU_ASSERT_EQUAL(rec->peg[0], 1);
    CU_ASSERT_EQUAL(rec->hand[1], 9);
    CU_ASSERT_EQUAL(rec->hand_missed[1], 3);
    CU_ASSERT_EQUAL(rec->hand_mugged[1], 3);
    CU_ASSERT_EQUAL(rec->hand[0], 6);
    CU_ASSERT_EQUAL(rec->crib, 0);
    CU_ASSERT_EQUAL(rec->crib_missed, 5);
    CU_ASSERT_EQUAL(rec->crib_mugged, 5);
    CU_ASSERT_EQUAL(rec->mugged[0], 3);
    CU_ASSERT_EQUAL(rec->mugged[1], 5);
    CU_ASSERT_EQUAL(rec->score[0], 1 + 3 + 6);
    CU_ASSERT_EQUAL(rec->score[1], 3 + 9 + 5);
    cs_game_free(g);
}

/*
 * The 29 deal (play_the_29_deal) with the pone reneging whenever it can (never on a lead).
 * With the two-point penalty: s1 5C; s0 TC 15 (2); s1 holds 5D 5H JS, all of which fit at 15,
 * and says go: s0 scores 2 and the three cards are dead. s0 TD 25 pairs the ten (2), TH would
 * pass 31: s0's go (1). s0 leads TH, then KC 20, last card (1). Pegging s0 6, s1 0; the pone
 * still shows its 29 with the dead cards.
 * Without the penalty the renege stands and the cards stay: s1 5C; s0 TC 15 (2); s1 reneges;
 * s0 TD 25 (2) and go (1). s1 leads 5D; s0 TH 15 (2); s1 reneges holding 5H JS; s0 KC 25 and
 * go (1). s1 leads 5H; s0 has no cards; s1 reneges holding JS (5 on the count): go to s1 (1).
 * s1 leads JS, last card (1). Pegging s0 8, s1 2.
 */
static void test_game_renege_with_and_without_the_penalty(void) {
    const int kinds[] = {CS_MISS_RENEGE};
    cs_miss reneger = always_misses(kinds, 1);
    const cs_miss *miss[2] = {NULL, &reneger};
    cs_rules r = preset("two");
    for (int penalty = 0; penalty <= 2; penalty += 2) {
        r.renege_penalty = penalty;
        cs_deal_record deal;
        cs_game_record sum;
        play_the_29_deal_under(r, miss, &deal, &sum);
        const cs_deal_record *rec = &deal;
        if (penalty) {
            static const int points[5] = {0, 2, 3, 0, 1};
            CU_ASSERT_EQUAL_FATAL(rec->n_plays, 5);
            for (int k = 0; k < 5; k++) CU_ASSERT_EQUAL(rec->play_points[k], points[k]);
            CU_ASSERT_EQUAL(rec->renege[1], 1u << 2);
            CU_ASSERT_EQUAL(rec->penalty[0], 2);
            CU_ASSERT_EQUAL(rec->peg[0], 6);
            CU_ASSERT_EQUAL(rec->peg[1], 0);
            CU_ASSERT_EQUAL(rec->score[0], 6 + 2 + 14 + 5);
        } else {
            static const int points[8] = {0, 2, 3, 0, 2, 1, 1, 1};
            static const int seats[8] = {1, 0, 0, 1, 0, 0, 1, 1};
            CU_ASSERT_EQUAL_FATAL(rec->n_plays, 8);
            for (int k = 0; k < 8; k++) {
                CU_ASSERT_EQUAL(rec->play_points[k], points[k]);
                CU_ASSERT_EQUAL(rec->play_seat[k], seats[k]);
            }
            CU_ASSERT_EQUAL(rec->renege[1], (1u << 2) | (1u << 5) | (1u << 7));
            CU_ASSERT_EQUAL(rec->penalty[0], 0);
            CU_ASSERT_EQUAL(rec->peg[0], 8);
            CU_ASSERT_EQUAL(rec->peg[1], 2);
            CU_ASSERT_EQUAL(rec->score[0], 8 + 14 + 5);
        }
        CU_ASSERT_EQUAL(rec->renege[0], 0);
        CU_ASSERT_EQUAL(rec->hand[1], 29);
        CU_ASSERT_EQUAL(rec->score[1], rec->peg[1] + 29);
    }
}

const cs_test cs_suite_tests[] = {
    CS_TEST(test_game_four_player_go_chain_and_players_running_out),
    CS_TEST(test_game_partners_pegging_credits_each_seat_and_team),
    CS_TEST(test_game_three_player_31_resets_and_last_card),
    CS_TEST(test_game_three_hand_pone_leads_and_dealer_takes_the_crib),
    CS_TEST(test_game_three_hand_show_order_decides_the_race),
    CS_TEST(test_game_thirty_one_after_a_go_pays_2_and_last_card_fifteen_pays_3),
    CS_TEST(test_game_ends_mid_play_the_moment_a_side_reaches_the_target),
    CS_TEST(test_game_no_pair_across_a_reset_and_runs_across_players),
    CS_TEST(test_game_per_loser_skunk_levels_and_lurch),
    CS_TEST(test_game_fixed_deal_tie_after_four_deals),
    CS_TEST(test_game_default_skunk_and_lurch_lines_match_the_documents),
    CS_TEST(test_game_his_heels_wins_the_game),
    CS_TEST(test_game_pone_wins_in_show_before_dealer_counts),
    CS_TEST(test_game_five_card_single_series_and_three_for_last),
    CS_TEST(test_game_illegal_play_is_an_error_naming_seat_game_and_deal),
    CS_TEST(test_game_illegal_discard_is_an_error),
    CS_TEST(test_game_stack_deck_rejects_wrong_count_and_duplicates),
    CS_TEST(test_game_referee_two),
    CS_TEST(test_game_referee_three),
    CS_TEST(test_game_referee_four),
    CS_TEST(test_game_referee_partners),
    CS_TEST(test_game_referee_five_card),
    CS_TEST(test_game_referee_nz_tournament_with_ties),
    CS_TEST(test_game_referee_overridden_rules),
    CS_TEST(test_game_cards_do_not_depend_on_the_agents),
    CS_TEST(test_game_cut_for_deal_is_fair_and_repeatable),
    CS_TEST(test_game_cut_for_deal_low_card_deals),
    CS_TEST(test_game_muggins_claims_the_fifteens_the_pone_overlooked),
    CS_TEST(test_game_muggins_claims_only_what_the_claimer_sees),
    CS_TEST(test_game_muggins_in_the_play_card_by_card),
    CS_TEST(test_game_muggins_second_run_and_the_crib_flush),
    CS_TEST(test_game_referee_overlooked_points_and_muggins),
    CS_TEST(test_game_renege_with_and_without_the_penalty),
    {NULL, NULL},
};

/* layer: strategies */
/*
 * test_positions.c - games begun from a board position (cs_game_set_scores), the ground of
 * results/win-grid: hand-built deals from given scores whose every point is worked out below
 * (the pone's 31 wins at 120 each, the dealer's last card wins at 118, his heels win before
 * the play), the start bonus not given, partners' seats sharing a score, the refusals, a game
 * begun from 0 to 0 the same game as one begun plainly, and the cells of the win table that the
 * rules decide whatever the cards: with both at 120 every game ends in the first deal's play
 * (or his heels), the dealer wins every game whose starter is a jack, and the winner is the
 * first to score; a player at 119 against one at 0 wins every game, dealing or not.
 */
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "game.h"
#include "scripted.h"
#include "strategy.h"

/* ---- helpers ---- */

/*
 * Two players, seat 0 deals. Dealt one at a time from seat 1: seat 1 TC 9C 2C 2D 7H 8H, seat 0
 * KD 5D 5H 3S AH 4H; starter the last card. Seat 1 lays away 7H 8H and plays TC 9C 2C 2D; seat 0
 * lays away AH 4H and plays KD 5D 5H 3S.
 * Series 1: s1 TC 10, s0 KD 20, s1 9C 29, s0 go (no card fits), s1 2C 31 for 2 (the pone's
 *   first points).
 * Series 2, led by s0: 5D 5, s1 2D 7, s0 5H 12, s1 has none left, s0 3S 15: fifteen 2 and the
 *   last card 1, 3 (the dealer's first points).
 */
#define DEAL_CARDS "TC KD 9C 5D 2C 5H 2D 3S 7H AH 8H 4H"

static cs_game *position(const cs_rules *r, scripted s[2], cs_agent agents[2], const char *starter,
                         int dealer_score, int pone_score) {
    memset(s, 0, 2 * sizeof s[0]);
    cards("AH 4H", s[0].discards);
    cards("KD 5D 5H 3S", s[0].plays);
    cards("7H 8H", s[1].discards);
    cards("TC 9C 2C 2D", s[1].plays);
    for (int i = 0; i < 2; i++) agents[i] = scripted_agent(&s[i]);
    char text[64];
    strcpy(text, DEAL_CARDS " ");
    strcat(text, starter);
    cs_card deck[13];
    CU_ASSERT_EQUAL_FATAL(cards(text, deck), 13);
    cs_game *g = cs_game_new();
    cs_game_begin(g, r, 1, 0, 0, agents);
    int scores[2] = {dealer_score, pone_score};
    CU_ASSERT_EQUAL_FATAL(cs_game_set_scores(g, scores), CS_OK);
    CU_ASSERT_EQUAL(cs_game_score(g, 0), dealer_score);
    CU_ASSERT_EQUAL(cs_game_score(g, 1), pone_score);
    CU_ASSERT_EQUAL_FATAL(cs_game_stack_deck(g, deck, 13), CS_OK);
    return g;
}

/* ---- hand-built deals from a position ---- */

/* 120 each: the pone's 31 (the deal's first points) takes it to 122; nothing else is scored. */
static void test_positions_both_at_120_the_first_points_win(void) {
    cs_rules r = preset("two");
    scripted s[2];
    cs_agent agents[2];
    cs_game *g = position(&r, s, agents, "6S", 120, 120);
    cs_game_record rec;
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec), CS_OK);
    CU_ASSERT_EQUAL(rec.winner, 1);
    CU_ASSERT_EQUAL(rec.score[1], 122);
    CU_ASSERT_EQUAL(rec.score[0], 120);
    CU_ASSERT_EQUAL(rec.deals, 1);
    CU_ASSERT_EQUAL(rec.peg[1], 2);
    CU_ASSERT_EQUAL(rec.peg[0], 0);
    CU_ASSERT_EQUAL(rec.hand[0] + rec.hand[1] + rec.crib[0] + rec.crib[1], 0);
    const cs_deal_record *d = cs_game_deal_record(g);
    CU_ASSERT_EQUAL(d->n_plays, 4); /* TC KD 9C 2C: the game ends on the fourth card */
    CU_ASSERT_EQUAL(d->score[1], 122);
    CU_ASSERT_EQUAL(d->ended, 1);
    CU_ASSERT_EQUAL(rec.skunk[0], 0); /* 120 is no skunk */
    cs_game_free(g);
}

/* 118 against 100: the pone's 31 takes it to 102; the dealer's 15 and last card, 3, to 121
 * on the eighth card. */
static void test_positions_dealer_at_118_pegs_out_on_the_last_card(void) {
    cs_rules r = preset("two");
    scripted s[2];
    cs_agent agents[2];
    cs_game *g = position(&r, s, agents, "6S", 118, 100);
    cs_game_record rec;
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec), CS_OK);
    CU_ASSERT_EQUAL(rec.winner, 0);
    CU_ASSERT_EQUAL(rec.score[0], 121);
    CU_ASSERT_EQUAL(rec.score[1], 102);
    CU_ASSERT_EQUAL(rec.deals, 1);
    CU_ASSERT_EQUAL(cs_game_deal_record(g)->n_plays, 8);
    CU_ASSERT_EQUAL(rec.hand[1], 0); /* the pone never counts: the dealer is out first */
    cs_game_free(g);
}

/* 119 against 120 with a jack turned: his heels, 2, take the dealer out before any card is
 * played; at 118 the heels leave him at 120 and the pone's 31 wins. */
static void test_positions_his_heels_win_before_the_play(void) {
    cs_rules r = preset("two");
    scripted s[2];
    cs_agent agents[2];
    cs_game *g = position(&r, s, agents, "JS", 119, 120);
    cs_game_record rec;
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec), CS_OK);
    CU_ASSERT_EQUAL(rec.winner, 0);
    CU_ASSERT_EQUAL(rec.score[0], 121);
    CU_ASSERT_EQUAL(rec.heels[0], 2);
    CU_ASSERT_EQUAL(cs_game_deal_record(g)->n_plays, 0);
    cs_game_free(g);

    g = position(&r, s, agents, "JS", 118, 120);
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec), CS_OK);
    CU_ASSERT_EQUAL(rec.winner, 1);
    CU_ASSERT_EQUAL(rec.score[0], 120);
    CU_ASSERT_EQUAL(rec.score[1], 122);
    cs_game_free(g);
}

/* The five-card game's three for last goes to the first pone at the start of a game; a game
 * begun from a position is past its start. */
static void test_positions_no_start_bonus_from_a_position(void) {
    cs_rules r = preset("five-card");
    CU_ASSERT_FATAL(r.start_bonus == 3);
    cs_pcg32 rng[2] = {cs_pcg32_derive(1, 0, CS_STREAM_STRATEGY, 0),
                       cs_pcg32_derive(1, 0, CS_STREAM_STRATEGY, 1)};
    cs_agent agents[2] = {cs_agent_random(&rng[0]), cs_agent_random(&rng[1])};
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 5, 0, 0, agents);
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK); /* the deal */
    CU_ASSERT_EQUAL(cs_game_score(g, 1), 3);       /* plainly begun: the bonus */
    cs_game_begin(g, &r, 5, 0, 0, agents);
    int scores[2] = {10, 20};
    CU_ASSERT_EQUAL_FATAL(cs_game_set_scores(g, scores), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);
    CU_ASSERT_EQUAL(cs_game_score(g, 0), 10);
    CU_ASSERT_EQUAL(cs_game_score(g, 1), 20);
    CU_ASSERT_EQUAL(cs_game_deal_record(g)->bonus[1], 0);
    cs_game_free(g);
}

/* Partners: side 0 is seats 0 and 2, side 1 seats 1 and 3; the views see it too. */
static void test_positions_partners_share_a_score(void) {
    cs_rules r = preset("partners");
    cs_pcg32 rng = cs_pcg32_derive(3, 0, CS_STREAM_STRATEGY, 0);
    cs_agent a = cs_agent_random(&rng);
    cs_agent agents[4] = {a, a, a, a};
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, 1, agents);
    int scores[2] = {44, 77};
    CU_ASSERT_EQUAL_FATAL(cs_game_set_scores(g, scores), CS_OK);
    for (int s = 0; s < 4; s++) {
        CU_ASSERT_EQUAL(cs_game_score(g, s), s % 2 ? 77 : 44);
        cs_view v;
        cs_game_view(g, s, &v);
        CU_ASSERT_EQUAL(v.score[s], s % 2 ? 77 : 44);
    }
    cs_game_record rec;
    cs_game_summary(g, &rec);
    CU_ASSERT_EQUAL(rec.score[2], 44);
    CU_ASSERT_EQUAL(rec.score[3], 77);
    CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec), CS_OK);
    CU_ASSERT_EQUAL(rec.score[0], rec.score[2]);
    CU_ASSERT_EQUAL(rec.score[1], rec.score[3]);
    CU_ASSERT(rec.score[rec.winner] >= 121);
    cs_game_free(g);
}

/* Refused with nothing changed: a score below 0 or at the target, and any call once a deal has
 * begun. */
static void test_positions_refusals(void) {
    cs_rules r = preset("two");
    cs_pcg32 rng = cs_pcg32_derive(4, 0, CS_STREAM_STRATEGY, 0);
    cs_agent a = cs_agent_random(&rng);
    cs_agent agents[2] = {a, a};
    cs_game *g = cs_game_new();
    cs_game_begin(g, &r, 1, 0, CS_FIRST_DEALER_CUT, agents);
    int bad[3][2] = {{-1, 5}, {5, 121}, {121, 0}};
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL(cs_game_set_scores(g, bad[i]), CS_ERANGE);
        CU_ASSERT_EQUAL(cs_game_score(g, 0), 0);
        CU_ASSERT_EQUAL(cs_game_score(g, 1), 0);
    }
    int ok[2] = {0, 120};
    CU_ASSERT_EQUAL(cs_game_set_scores(g, ok), CS_OK); /* before the cut for deal */
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);     /* the cut */
    CU_ASSERT_EQUAL(cs_game_set_scores(g, ok), CS_OK); /* still before the first deal */
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);     /* the deal */
    int late[2] = {50, 50};
    CU_ASSERT_EQUAL(cs_game_set_scores(g, late), CS_ESTATE);
    CU_ASSERT_EQUAL(cs_game_score(g, 0), 0);
    CU_ASSERT_EQUAL(cs_game_score(g, 1), 120);
    /* Between deals (the DEAL phase again, after a whole deal from 0 to 0): refused too. */
    cs_game_begin(g, &r, 1, 0, 0, agents);
    while (cs_game_phase(g) != CS_PHASE_DEAL_DONE) CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_game_phase(g), CS_PHASE_DEAL);
    int before[2] = {cs_game_score(g, 0), cs_game_score(g, 1)};
    CU_ASSERT_EQUAL(cs_game_set_scores(g, late), CS_ESTATE);
    CU_ASSERT_EQUAL(cs_game_score(g, 0), before[0]);
    CU_ASSERT_EQUAL(cs_game_score(g, 1), before[1]);
    cs_game_free(g);
}

/* ---- the win table's cells the rules decide, under expert self-play ---- */

typedef struct {
    cs_card starter;
    int first_scorer; /* seat of the first points of the deal (heels or a play), or -1 */
    int shown;        /* points of the show */
} first_deal;

static int record_first_deal(void *ctx, const cs_deal_record *d) {
    first_deal *f = ctx;
    if (d->deal != 0) return 0;
    f->starter = d->starter;
    f->first_scorer = d->heels > 0 ? d->dealer : -1;
    for (int k = 0; k < d->n_plays && f->first_scorer < 0; k++)
        if (d->play_points[k] > 0) f->first_scorer = d->play_seat[k];
    f->shown = d->hand[0] + d->hand[1] + d->crib;
    return 0;
}

/* Plays `games` expert games from (dealer, pone), seat 0 dealing; calls check on each. */
static void expert_games(int dealer, int pone, int games,
                         void (*check)(const cs_game_record *, const first_deal *, long *),
                         long counts[4]) {
    cs_rules r = preset("two");
    char err[256];
    cs_player *p[2] = {cs_player_create("expert", err, sizeof err),
                       cs_player_create("expert", err, sizeof err)};
    CU_ASSERT_FATAL(p[0] != NULL && p[1] != NULL);
    cs_game *g = cs_game_new();
    int scores[2] = {dealer, pone};
    for (int i = 0; i < games; i++) {
        cs_agent agents[2];
        for (int s = 0; s < 2; s++) {
            cs_player_new_game(p[s], &r, 20261126, (uint64_t)i, s);
            agents[s] = cs_player_agent(p[s]);
        }
        cs_game_begin(g, &r, 20261126, (uint64_t)i, 0, agents);
        CU_ASSERT_EQUAL_FATAL(cs_game_set_scores(g, scores), CS_OK);
        first_deal f = {CS_NO_CARD, -1, 0};
        cs_game_record rec;
        CU_ASSERT_EQUAL_FATAL(cs_game_run(g, record_first_deal, &f, &rec), CS_OK);
        check(&rec, &f, counts);
    }
    cs_game_free(g);
    cs_player_destroy(p[0]);
    cs_player_destroy(p[1]);
}

/* 120 each: the game ends in the first deal before the show (the play always scores a point);
 * a jack turned wins for the dealer; otherwise whoever pegs first wins. */
static void check_both_120(const cs_game_record *rec, const first_deal *f, long counts[4]) {
    CU_ASSERT_EQUAL(rec->deals, 1);
    CU_ASSERT_EQUAL(f->shown, 0);
    CU_ASSERT_EQUAL(rec->winner, f->first_scorer);
    int jack = cs_card_rank(f->starter) == 10;
    if (jack) CU_ASSERT_EQUAL(rec->winner, 0);
    counts[0] += rec->winner == 0;
    counts[1] += jack;
    counts[2]++;
}

static void test_positions_expert_both_at_120(void) {
    long counts[4] = {0};
    expert_games(120, 120, 1000, check_both_120, counts);
    /* The dealer wins at least the games with a jack turned, and some more by pegging first. */
    CU_ASSERT(counts[1] > 0);
    CU_ASSERT(counts[0] > counts[1]);
    CU_ASSERT(counts[0] < counts[2]);
}

/* At 119 against 0 the player at 119 wins every game: 0 cannot reach 121 in the deals it
 * takes the other to score 2 (a deal's points are at most some 60 a side). */
static void check_119_dealer(const cs_game_record *rec, const first_deal *f, long counts[4]) {
    (void)f;
    CU_ASSERT_EQUAL(rec->winner, 0);
    counts[0]++;
}

static void check_119_pone(const cs_game_record *rec, const first_deal *f, long counts[4]) {
    (void)f;
    CU_ASSERT_EQUAL(rec->winner, 1);
    counts[0]++;
}

static void test_positions_expert_119_against_0(void) {
    long counts[4] = {0};
    expert_games(119, 0, 300, check_119_dealer, counts);
    expert_games(0, 119, 300, check_119_pone, counts);
    CU_ASSERT_EQUAL(counts[0], 600);
}

/* From 0 to 0 the game is the game begun plainly with the same first dealer: the same record. */
static void test_positions_from_nought_is_the_plain_game(void) {
    cs_rules r = preset("two");
    char err[256];
    cs_player *p[2] = {cs_player_create("expert", err, sizeof err),
                       cs_player_create("expert", err, sizeof err)};
    CU_ASSERT_FATAL(p[0] != NULL && p[1] != NULL);
    cs_game *g = cs_game_new();
    for (uint64_t i = 0; i < 20; i++) {
        cs_game_record rec[2];
        for (int k = 0; k < 2; k++) {
            cs_agent agents[2];
            for (int s = 0; s < 2; s++) {
                cs_player_new_game(p[s], &r, 9, i, s);
                agents[s] = cs_player_agent(p[s]);
            }
            cs_game_begin(g, &r, 9, i, 1, agents);
            int zero[2] = {0, 0};
            if (k) CU_ASSERT_EQUAL_FATAL(cs_game_set_scores(g, zero), CS_OK);
            CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec[k]), CS_OK);
        }
        CU_ASSERT_EQUAL(rec[0].winner, rec[1].winner);
        CU_ASSERT_EQUAL(rec[0].deals, rec[1].deals);
        for (int s = 0; s < 2; s++) {
            CU_ASSERT_EQUAL(rec[0].score[s], rec[1].score[s]);
            CU_ASSERT_EQUAL(rec[0].peg[s], rec[1].peg[s]);
            CU_ASSERT_EQUAL(rec[0].hand[s], rec[1].hand[s]);
            CU_ASSERT_EQUAL(rec[0].crib[s], rec[1].crib[s]);
        }
    }
    cs_game_free(g);
    cs_player_destroy(p[0]);
    cs_player_destroy(p[1]);
}

const char cs_suite_name[] = "positions";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_positions_both_at_120_the_first_points_win),
    CS_TEST(test_positions_dealer_at_118_pegs_out_on_the_last_card),
    CS_TEST(test_positions_his_heels_win_before_the_play),
    CS_TEST(test_positions_no_start_bonus_from_a_position),
    CS_TEST(test_positions_partners_share_a_score),
    CS_TEST(test_positions_refusals),
    CS_TEST(test_positions_expert_both_at_120),
    CS_TEST(test_positions_expert_119_against_0),
    CS_TEST(test_positions_from_nought_is_the_plain_game),
    {NULL, NULL},
};

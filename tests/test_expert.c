/* layer: experiments */
/*
 * test_expert.c - the expert strategy (strategies/builtin/expert.h; test_strategies.c plays it
 * on every preset): a run with it writes the same tables on one thread and on two, its compiled-in
 * tables are whole and consistent (every state that can occur has an answer among the cards
 * held), and it keeps its edge in decisions where it must choose otherwise than expected:
 * the dealer's answer to an opening lead, and a discard that values the kept cards' pegging;
 * the crib table read with its suited flag (a pair in its own crib, never in the dealer's),
 * and the end-of-game model's heels paid to the dealer (its tables and board play's discard);
 * board play in the pegging (pegboard=N) counting the pone out at exactly the target, keeping
 * the lookahead's points where no reply matters, weighing the reply that would win, and
 * departing from the lookahead's card; the crib model rebuilt when the flush rule changes.
 */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu_main.h"
#include "endgame.h"
#include "error.h"
#include "expected.h"
#include "expert.h"
#include "game.h"
#include "play_view.h"
#include "runner.h"
#include "strategy.h"

/* ---- one thread or two, the same run ---- */

static char dir[64];
static char made[4][128];
static int n_made;

static void remove_dir(void) {
    for (int i = 0; i < n_made; i++) unlink(made[i]);
    rmdir(dir);
}

static const char *path_in_dir(const char *name) {
    if (dir[0] == '\0') {
        snprintf(dir, sizeof dir, "/tmp/cs_test_expert_XXXXXX");
        if (mkdtemp(dir) == NULL) return NULL;
        atexit(remove_dir);
    }
    char *p = made[n_made < 3 ? n_made++ : 3];
    snprintf(p, sizeof made[0], "%s/%s", dir, name);
    unlink(p);
    return p;
}

/* The dataset's bytes as stored; NULL if it is missing. */
static unsigned char *table_bytes(const char *path, const char *name, size_t *len) {
    *len = 0;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return NULL;
    unsigned char *buf = NULL;
    if (H5Lexists(f, name, H5P_DEFAULT) > 0) {
        hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
        hid_t t = H5Dget_type(d), s = H5Dget_space(d);
        *len = (size_t)H5Sget_simple_extent_npoints(s) * H5Tget_size(t);
        buf = malloc(*len + 1);
        if (buf != NULL && H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0) {
            free(buf);
            buf = NULL;
        }
        H5Sclose(s);
        H5Tclose(t);
        H5Dclose(d);
    }
    H5Fclose(f);
    return buf;
}

static int same_table(const char *a, const char *b, const char *name) {
    size_t la, lb;
    unsigned char *x = table_bytes(a, name, &la), *y = table_bytes(b, name, &lb);
    int same = x != NULL && y != NULL && la == lb && la > 0 && memcmp(x, y, la) == 0;
    free(x);
    free(y);
    return same;
}

static void test_expert_runs_the_same_on_one_and_two_threads(void) {
    const char *p[2] = {path_in_dir("t1.h5"), path_in_dir("t2.h5")};
    CU_ASSERT_PTR_NOT_NULL_FATAL(p[0]);
    for (int i = 0; i < 2; i++) {
        cs_experiment e;
        cs_experiment_defaults(&e);
        snprintf(e.seats[0], CS_H5_SPEC_MAX, "expert");
        snprintf(e.seats[1], CS_H5_SPEC_MAX, "expected");
        e.games = 2000;
        e.seed = 41;
        e.output = p[i];
        e.quiet = 1;
        e.duplicate = 1;
        e.record_deals = 1;
        e.threads = i + 1;
        cs_run_result res;
        char err[1024];
        int rc = cs_run(&e, &res, err, sizeof err);
        if (rc != 0) fprintf(stderr, "\n  cs_run: %s\n", err);
        CU_ASSERT_EQUAL_FATAL(rc, 0);
        CU_ASSERT_EQUAL(res.games, 2000);
    }
    CU_ASSERT(same_table(p[0], p[1], "games"));
    CU_ASSERT(same_table(p[0], p[1], "deals"));
}

/* ---- the tables ---- */

static void test_expert_hand_index_numbers_every_four_ranks_once(void) {
    static char seen[CS_EXPERT_HANDS];
    memset(seen, 0, sizeof seen);
    int r[4], n = 0, bad = 0;
    for (r[0] = 0; r[0] < CS_RANKS; r[0]++)
        for (r[1] = r[0]; r[1] < CS_RANKS; r[1]++)
            for (r[2] = r[1]; r[2] < CS_RANKS; r[2]++)
                for (r[3] = r[2]; r[3] < CS_RANKS; r[3]++) {
                    int h = cs_expert_hand_index(r);
                    if (h < 0 || h >= CS_EXPERT_HANDS || seen[h]++) bad++;
                    n++;
                }
    CU_ASSERT_EQUAL(n, CS_EXPERT_HANDS);
    CU_ASSERT_EQUAL(bad, 0);
}

static char response[CS_RANKS][CS_EXPERT_HANDS + 1];
static char leads[CS_EXPERT_HANDS + 1];
static char seconds[CS_RANKS][CS_EXPERT_HANDS + 1];
static short peg[2][CS_EXPERT_HANDS];
static short crib[2][CS_RANKS][CS_RANKS][2];

static void copy_tables(void) {
    memcpy(response, cs_expert_response, sizeof response);
    memcpy(leads, cs_expert_lead, sizeof leads);
    memcpy(seconds, cs_expert_second, sizeof seconds);
    memcpy(peg, cs_expert_peg, sizeof peg);
    memcpy(crib, cs_expert_crib, sizeof crib);
}

/* Checks the copies; returns the code, with the message in err. */
static int check(char *err, size_t len) {
    err[0] = '\0';
    return cs_expert_tables_check((const char(*)[CS_EXPERT_HANDS + 1]) response, leads,
                                  (const char(*)[CS_EXPERT_HANDS + 1]) seconds,
                                  (const short(*)[CS_EXPERT_HANDS])peg,
                                  (const short(*)[CS_RANKS][CS_RANKS][2])crib, err, len);
}

static void test_expert_compiled_tables_pass_their_check(void) {
    char err[256];
    copy_tables();
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_OK);
    CU_ASSERT_STRING_EQUAL(err, "");
}

static void test_expert_check_refuses_a_response_not_held_and_names_it(void) {
    char err[256];
    int r[4] = {3, 4, 5, 9}; /* 4 5 6 T on a king's lead: the answer must be one of them */
    int h = cs_expert_hand_index(r);
    copy_tables();
    response[12][h] = 'a'; /* an ace */
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
    char want[64];
    snprintf(want, sizeof want, "lead rank 12 and hand %d is 'a'", h);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
    /* A state that cannot occur (four kings held, a king led) must stay unanswered. */
    int kings[4] = {12, 12, 12, 12};
    copy_tables();
    CU_ASSERT_EQUAL(response[12][cs_expert_hand_index(kings)], '.');
    response[12][cs_expert_hand_index(kings)] = 'm';
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
}

static void test_expert_check_refuses_a_lead_or_second_card_not_held_and_names_it(void) {
    char err[256];
    int r[4] = {3, 4, 5, 9}; /* 4 5 6 T: the lead must be one of them */
    int h = cs_expert_hand_index(r);
    copy_tables();
    leads[h] = 'm'; /* a king */
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
    char want[96];
    snprintf(want, sizeof want, "lead table entry for hand %d is 'm'", h);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
    /* The second card is one of the three left after the lead. */
    copy_tables();
    seconds[0][h] = leads[h];
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
    snprintf(want, sizeof want, "answer rank 0 and hand %d is '%c'", h, leads[h]);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
    /* Four fives held: the dealer cannot answer with a five, and the entry must say so. */
    int fives[4] = {4, 4, 4, 4};
    copy_tables();
    CU_ASSERT_EQUAL(seconds[4][cs_expert_hand_index(fives)], '.');
    CU_ASSERT_EQUAL(seconds[3][cs_expert_hand_index(fives)], 'e');
    seconds[4][cs_expert_hand_index(fives)] = 'e';
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
    /* A truncated table (its end cut off, as a short file would leave it) is refused. */
    copy_tables();
    seconds[12][CS_EXPERT_HANDS - 1] = '\0';
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
}

static void test_expert_check_refuses_pegging_and_crib_values_out_of_range(void) {
    char err[256];
    copy_tables();
    peg[1][77] = 1500;
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "pegging table entry 77 of role 1 is 1500"));
    copy_tables();
    crib[0][4][4][1] = 300; /* two fives of one suit cannot be laid away */
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "crib table entry [0][4][4][1] is 300"));
    copy_tables();
    crib[1][0][12][0] = 0; /* an ace and a king: a crib worth nothing is a truncated table */
    CU_ASSERT_EQUAL(check(err, sizeof err), CS_ECONFIG);
}

/* ---- decisions where expert must differ from expected ---- */

/* Seat `seat` (1 deals) holding the four cards it kept less those it has laid, after n_plays
 * cards of the opening exchange laid alternately from the pone (seat 0); both laid away AS KC
 * and the starter is 9H, at 40 all. */
static cs_card decide_play(const char *spec, int seat, const char *hand[4], int n_plays,
                           const char *plays[], uint64_t game) {
    const char *tossed[2] = {"AS", "KC"};
    play_view s;
    play_view_at(&s, seat, hand, tossed, "9H", plays, n_plays, 40, 40);
    s.v.game = game;
    s.v.deal = 4;
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, &s.rules, 1, game, seat);
    cs_agent a = cs_player_agent(p);
    cs_card out = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.play(a.self, &s.v, &out), CS_OK);
    cs_player_destroy(p);
    return out;
}

/* The dealer (seat 1) holding four cards on the pone's opening lead. */
static cs_card decide_answer(const char *spec, const char *lead, const char *hand[4],
                             uint64_t game) {
    const char *plays[1] = {lead};
    return decide_play(spec, 1, hand, 1, plays, game);
}

/* mc scoring the rest of the play on 3,000 deals of the hidden cards, every move on all. */
#define MC_JUDGE "mc:width=1,objective=points,samples=3000,race=off"

static void expect_answer(const char *lead, const char *hand[4], const char *right,
                          const char *expected_plays) {
    cs_card want, theirs;
    CU_ASSERT_EQUAL_FATAL(cs_card_parse(right, &want), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_card_parse(expected_plays, &theirs), CS_OK);
    CU_ASSERT_EQUAL(decide_answer("expected", lead, hand, 1), theirs);
    CU_ASSERT_EQUAL(decide_answer(MC_JUDGE, lead, hand, 2), want);
    CU_ASSERT_EQUAL(decide_answer("expert", lead, hand, 1), want);
    /* Without its tables expert answers as expected's lookahead does here. */
    CU_ASSERT_EQUAL(decide_answer("expert:tables=off,peg=lookahead", lead, hand, 1), theirs);
}

/* On a 7 led, the 8 makes fifteen for two but leaves 7-8 open to a run; mc, playing the
 * rest of the play out, lays the ten (17). */
static void test_expert_answers_a_seven_with_the_ten_not_the_fifteen(void) {
    const char *hand[4] = {"3C", "TS", "4S", "8C"};
    expect_answer("7S", hand, "TS", "8C");
}

/* On a ten led, expected spends the 6 (16); mc keeps 6-4 with the other 4 and lays a 4 (14). */
static void test_expert_answers_a_ten_with_a_four(void) {
    const char *hand[4] = {"4H", "6S", "9D", "4S"};
    expect_answer("TH", hand, "4H", "6S");
}

/* The pone (seat 0) before its opening lead (n_plays 0) or after its lead and the dealer's
 * answer (n_plays 2: plays[0] its own, plays[1] the dealer's). */
static cs_card decide_pone(const char *spec, const char *hand[4], int n_plays,
                           const char *plays[2]) {
    return decide_play(spec, 0, hand, n_plays, plays, 1);
}

static void expect_pone(const char *hand[4], int n_plays, const char *plays[2], const char *right,
                        const char *expected_plays, const char *without) {
    cs_card want, theirs;
    CU_ASSERT_EQUAL_FATAL(cs_card_parse(right, &want), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_card_parse(expected_plays, &theirs), CS_OK);
    CU_ASSERT_EQUAL(decide_pone("expected", hand, n_plays, plays), theirs);
    CU_ASSERT_EQUAL(decide_pone(MC_JUDGE, hand, n_plays, plays), want);
    CU_ASSERT_EQUAL(decide_pone("expert", hand, n_plays, plays), want);
    /* The table, not the rest of expert, makes the choice. */
    CU_ASSERT_EQUAL(decide_pone(without, hand, n_plays, plays), theirs);
}

/* Holding A 2 4 T, expected leads the ace; the lead table, like mc, leads the four (nothing
 * makes fifteen on it, and the ace and two are kept for the end of a series). */
static void test_expert_leads_the_four_from_ace_two_four_ten(void) {
    const char *hand[4] = {"AC", "2D", "4H", "TS"};
    expect_pone(hand, 0, NULL, "4H", "AC", "expert:lead=off,peg=lookahead");
}

/* A 3 7 9 kept, the 3 led and answered with a 4 (seven): expected lays the 9 for sixteen; the
 * second-card table, like mc, the 7 for fourteen. */
static void test_expert_second_card_seven_not_nine_on_three_four(void) {
    const char *hand[4] = {"AC", "3D", "7H", "9S"}, *plays[2] = {"3D", "4D"};
    expect_pone(hand, 2, plays, "7H", "9S", "expert:second=off,peg=lookahead");
}

/* A 4 6 7 kept, the 4 led and answered with a 2 (six): expected lays the 7 for thirteen, the
 * table and mc the 6 for twelve. */
static void test_expert_second_card_six_not_seven_on_four_two(void) {
    const char *hand[4] = {"AC", "4D", "6H", "7S"}, *plays[2] = {"4D", "2D"};
    expect_pone(hand, 2, plays, "6H", "7S", "expert:second=off,peg=lookahead");
}

/* ---- the end-of-game model (endgame.h, expert's board play) ---- */

/* The pone at a, the dealer at b: the chance with a hand of `sure` points on every starter,
 * and with one of 0 or `high` points, half the starters each. */
static void deal_chances(const cs_endgame *g, int a, int b, int sure, int high, double *p_sure,
                         double *p_swing) {
    int points[46], heels[46] = {0};
    cs_endgame_ctx ctx;
    cs_endgame_begin(&ctx, g, a, b, 0);
    for (int i = 0; i < 46; i++) points[i] = sure;
    *p_sure = cs_endgame_deal(&ctx, points, heels, 46, 0, 0);
    for (int i = 0; i < 46; i++) points[i] = i % 2 ? high : 0;
    *p_swing = cs_endgame_deal(&ctx, points, heels, 46, 0, 0);
}

/* Far from the end more points are worth more; eight short of the target, as the pone (who
 * shows first), a hand sure to count out beats one with more points on average that fails
 * half the time: the choice board play makes where points play would not. */
static void test_endgame_takes_a_sure_count_out_over_more_points(void) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_crib_model m;
    cs_crib_model_build(&m, r.crib_flush_min);
    cs_endgame g;
    CU_ASSERT_EQUAL_FATAL(cs_endgame_build(&g, &r, &m, 4000), CS_OK);
    double sure, swing;
    deal_chances(&g, 0, 0, 8, 20, &sure, &swing);
    CU_ASSERT(sure > 0.3 && sure < 0.7);
    CU_ASSERT(swing > sure);
    deal_chances(&g, r.target - 8, r.target - 30, 8, 20, &sure, &swing);
    CU_ASSERT(sure > 0.9 && sure <= 1.0);
    /* The swing hand still has its pegging, and the next deal, to fall back on. */
    CU_ASSERT(swing < sure - 0.1);
    /* As the dealer, a pegging shift toward me helps; my crib's too. */
    int points[46], heels[46] = {0};
    for (int i = 0; i < 46; i++) points[i] = 8;
    cs_endgame_ctx ctx;
    cs_endgame_begin(&ctx, &g, 100, 100, 1);
    double base = cs_endgame_deal(&ctx, points, heels, 46, 0, 0);
    CU_ASSERT(cs_endgame_deal(&ctx, points, heels, 46, 1.5, 0) > base);
    CU_ASSERT(cs_endgame_deal(&ctx, points, heels, 46, 0, 1.5) > base);
    cs_endgame_free(&g);
    /* Partners are not modelled. */
    cs_rules_preset(CS_PRESET_PARTNERS, &r);
    CU_ASSERT_FALSE(cs_endgame_supports(&r));
    CU_ASSERT_EQUAL(cs_endgame_build(&g, &r, &m, 4000), CS_ECONFIG);
    cs_endgame_free(&g);
}

/* ---- the discard: the crib table and board play ---- */

/* Player p at seat `seat` (1 deals) laying away two of six cards, at its score `mine` and the
 * other's `theirs`; the two cards laid away go to out. (One player serves every call: its
 * tables are built for the rules once.) */
static void expert_lays_away(cs_player *p, const char *six[6], int seat, int mine, int theirs,
                             cs_card out[2]) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    discard_view d;
    discard_view_make(&d, &rules, six, seat, 1, mine, theirs);
    d.v.game = 1;
    d.v.deal = 4;
    cs_player_new_game(p, &d.rules, 1, 1, seat);
    cs_agent a = cs_player_agent(p);
    CU_ASSERT_EQUAL(a.discard(a.self, &d.v, out), CS_OK);
}

static cs_player *new_expert(void) {
    char err[256];
    cs_player *p = cs_player_create("expert", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    return p;
}

/* Whether out holds the two cards named (in any order). */
static int laid(const cs_card out[2], const char *x, const char *y) {
    cs_card a, b;
    if (cs_card_parse(x, &a) != CS_OK || cs_card_parse(y, &b) != CS_OK) return 0;
    return (out[0] == a && out[1] == b) || (out[0] == b && out[1] == a);
}

/*
 * A pair reads the crib table's unsuited entry (two cards of one rank never share a suit; the
 * suited entry of a pair is 0). So expert lays a pair into its own crib, and keeps it out of
 * the dealer's: with TS 5S KD KH 2S TH the dealer lays away the tens, the pone KD 2S; with 9D
 * 5D 5H 9C 4D TD the dealer the nines, the pone 9D 4D. Board play near the end reads the same
 * table: the pone at 100 against 105 still lays away KD 2S.
 */
static void test_expert_lays_a_pair_in_its_own_crib_not_in_the_dealers(void) {
    for (int a = 0; a < CS_RANKS; a++) {
        CU_ASSERT_EQUAL(cs_expert_crib[0][a][a][1], 0);
        CU_ASSERT_EQUAL(cs_expert_crib[1][a][a][1], 0);
        CU_ASSERT_TRUE(cs_expert_crib[1][a][a][0] > 0);
    }
    cs_player *p = new_expert();
    const char *tens[6] = {"TS", "5S", "KD", "KH", "2S", "TH"};
    const char *nines[6] = {"9D", "5D", "5H", "9C", "4D", "TD"};
    cs_card out[2];
    expert_lays_away(p, tens, 1, 0, 0, out);
    CU_ASSERT_TRUE(laid(out, "TS", "TH"));
    expert_lays_away(p, tens, 0, 0, 0, out);
    CU_ASSERT_TRUE(laid(out, "KD", "2S"));
    expert_lays_away(p, nines, 1, 0, 0, out);
    CU_ASSERT_TRUE(laid(out, "9D", "9C"));
    expert_lays_away(p, nines, 0, 0, 0, out);
    CU_ASSERT_TRUE(laid(out, "9D", "4D"));
    expert_lays_away(p, tens, 0, 100, 105, out);
    CU_ASSERT_TRUE(laid(out, "KD", "2S"));
    cs_player_destroy(p);
}

/*
 * His heels pay the dealer. The pone on 119 (needing two, against 110) wins on a cut jack
 * only if its hand counts two with it: holding the jack it pairs it (and takes nobs on a
 * starter of its suit), so it keeps the jack: from TC AS 7S JH 6H KC it lays away TC KC, from
 * KS 7C 4C JD 2D TC KS TC. A model crediting the jack to the pone counts every cut jack as
 * its win already and keeps the king or the ten instead.
 */
static void test_expert_board_discard_credits_his_heels_to_the_dealer(void) {
    cs_player *p = new_expert();
    const char *one[6] = {"TC", "AS", "7S", "JH", "6H", "KC"};
    const char *two[6] = {"KS", "7C", "4C", "JD", "2D", "TC"};
    cs_card out[2];
    expert_lays_away(p, one, 0, 119, 110, out);
    CU_ASSERT_TRUE(laid(out, "TC", "KC"));
    expert_lays_away(p, two, 0, 119, 110, out);
    CU_ASSERT_TRUE(laid(out, "KS", "TC"));
    cs_player_destroy(p);
}

/* The other side's pegging in the end-of-game model: as the pone I face the dealer's, with
 * his heels (2 more on the one starter in 13 that is a jack); as the dealer, the pone's alone. */
static void test_endgame_credits_his_heels_to_the_dealer(void) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_crib_model m;
    cs_crib_model_build(&m, r.crib_flush_min);
    cs_endgame g;
    CU_ASSERT_EQUAL_FATAL(cs_endgame_build(&g, &r, &m, 4000), CS_OK);
    cs_endgame_ctx c;
    cs_endgame_begin(&c, &g, 100, 100, 0);
    for (int k = 0; k < CS_ENDGAME_PTS; k++) {
        double want = g.peg[1][k] * 12.0 / 13.0 + (k >= 2 ? g.peg[1][k - 2] / 13.0 : 0.0);
        CU_ASSERT_DOUBLE_EQUAL(c.theirs[k], want, 1e-12);
    }
    cs_endgame_begin(&c, &g, 100, 100, 1);
    for (int k = 0; k < CS_ENDGAME_PTS; k++) CU_ASSERT_DOUBLE_EQUAL(c.theirs[k], g.peg[0][k], 0);
    cs_endgame_free(&g);
}

/* ---- board play in the pegging (pegboard=N) ---- */

/* `spec` deciding at `seat` in the view play_view_at() makes of the rest (play_view.h). */
static cs_card board_decides(const char *spec, int seat, const char *kept[4], const char *tossed[2],
                             const char *starter, const char *plays[], int n_plays, int pone,
                             int dealer) {
    play_view s;
    play_view_at(&s, seat, kept, tossed, starter, plays, n_plays, pone, dealer);
    CU_ASSERT_FATAL(n_plays % 2 == seat && s.v.count <= 31); /* my turn, a legal pile */
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, &s.rules, 1, 1, seat);
    cs_agent a = cs_player_agent(p);
    cs_card out = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.play(a.self, &s.v, &out), CS_OK);
    cs_player_destroy(p);
    return out;
}

/*
 * The pone counting out at the show with exactly the target. Board play (pegboard=1: a card
 * replaces the lookahead's when its chance is a thousandth higher) rates a line in which the
 * pone's score after the play plus its hand reaches 121 as won, 121 itself included.
 *
 * - At 119 against 107, holding 7S AH of 7S 2H AH 4S (laid away 5S QS), the starter 6S, on
 *   4S AS 2H 9C (16): the hand counts 7-6-2, two, to exactly 121, and the dealer cannot peg
 *   the fourteen it needs with its last two cards: every card wins, and the lookahead's ace
 *   stands. Were 121 not out, only the lines that peg a point as well would win, and another
 *   card (the 7) would be played.
 * - At 118 against 100, holding QC 2S of 7C QC 2S 3S (laid away TD 7D), the starter 9C, on
 *   3S 3H 7C 4C (17): the hand counts Q-3-2, two, to 120; one point in the play makes exactly
 *   121. The queen (27) lets the dealer answer only with a card of four or less, and the 2
 *   still fits on an ace or a 2 (on the 2, a pair and 31): the go or the last card is mostly
 *   the pone's. The 2 first (19) lets every card answer, and the queen then fits only on an
 *   ace or a 2.
 */
static void test_expert_board_play_counts_out_at_exactly_the_target(void) {
    const char *kept1[4] = {"7S", "2H", "AH", "4S"}, *tossed1[2] = {"5S", "QS"};
    const char *plays1[4] = {"4S", "AS", "2H", "9C"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 0, kept1, tossed1, "6S", plays1, 4, 119, 107),
        card("AH"));
    const char *kept2[4] = {"7C", "QC", "2S", "3S"}, *tossed2[2] = {"TD", "7D"};
    const char *plays2[4] = {"3S", "3H", "7C", "4C"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 0, kept2, tossed2, "9C", plays2, 4, 118, 100),
        card("QC"));
}

/*
 * Board play weighs each reply the other may hold, best for it first; where no reply changes
 * the outcome it keeps the lookahead's card, the one worth most points now.
 *
 * - The pone at 113 against 102, holding 7D 8H of 6D 7D 8H 6S (laid away 4S JD), the starter
 *   2C, on 6S 6C 6D 5C (23): the hand counts fourteen (7-8, 7-6-2 twice, the pair of sixes,
 *   6-7-8 twice), out at the show whatever happens, and the dealer needs nineteen. The 7
 *   makes a run of 5-6-7 (three at 30), the 8 a 31 (two): the 7.
 * - The dealer at 106 against 105, holding 3H TS 7H of 3H TS 7H 5C (laid away 5S AS), the
 *   starter 8H, on KH 5C 6H (21): the 7 makes a run of 5-6-7 for three, the ten a 31 for two,
 *   the 3 nothing; neither side is near enough to count out on a reply: the 7.
 */
static void test_expert_board_play_keeps_the_points_when_no_reply_matters(void) {
    const char *kept1[4] = {"6D", "7D", "8H", "6S"}, *tossed1[2] = {"4S", "JD"};
    const char *plays1[4] = {"6S", "6C", "6D", "5C"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 0, kept1, tossed1, "2C", plays1, 4, 113, 102),
        card("7D"));
    const char *kept2[4] = {"3H", "TS", "7H", "5C"}, *tossed2[2] = {"5S", "AS"};
    const char *plays2[3] = {"KH", "5C", "6H"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 1, kept2, tossed2, "8H", plays2, 3, 105, 106),
        card("7H"));
}

/*
 * Board play weighs the other's replies by the chance it holds each rank, best for it first,
 * with my answer to each. The dealer at 103 against the pone's 115, holding 3D 8H QC of 2D 3D
 * 8H QC (laid away AH AC), the starter 6H, on 2H 2D 8C (12): the 3 makes fifteen, the 8 pairs
 * the 8, two points either way. But the pone needs six, and after the 8 a third 8 (two are
 * unseen) is a pair royal, six, and the game; after the 3 its best reply is a pair of threes
 * for two. So the 3. And the dealer at 101 against 111, holding 8S 4H of 3S 8S 4H 4C (laid
 * away TC AC), the starter 6S, on 4S 4C 7C 3S 2H (20): the 4 makes a run of 2-3-4 for three,
 * the 8 nothing, and the pone, needing ten, cannot peg them with its one card left: the 4.
 */
static void test_expert_board_play_weighs_the_reply_that_wins(void) {
    const char *kept1[4] = {"2D", "3D", "8H", "QC"}, *tossed1[2] = {"AH", "AC"};
    const char *plays1[3] = {"2H", "2D", "8C"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 1, kept1, tossed1, "6H", plays1, 3, 115, 103),
        card("3D"));
    const char *kept2[4] = {"3S", "8S", "4H", "4C"}, *tossed2[2] = {"TC", "AC"};
    const char *plays2[5] = {"4S", "4C", "7C", "3S", "2H"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 1, kept2, tossed2, "6S", plays2, 5, 111, 101),
        card("4H"));
}

/*
 * Board play departs from the lookahead's card where the chance of the game says so; the same
 * position without board play (pegboard=0) plays the lookahead's card, so each case shows board
 * play acting, not standing aside. The chances come from the end-game tables (endgame.h); the
 * cases below pin the card they choose and say what is at stake.
 *
 * - The pone at 116 against 110, holding 6H JH QS of 5C 6H JH QS (laid away AS 6C), the starter
 *   2H, on 5C TS (15). Its hand, all four cards with the starter, counts exactly the five it
 *   needs (5-J and 5-Q, two fifteens, and his nobs, the jack of the starter's suit), and the
 *   pone shows first: it wins unless the dealer pegs eleven before. No card pegs now (21 or
 *   25); the lookahead plays the jack, board play the 6.
 * - The dealer at 112 against 114, holding 6C KS 4H of 6C KS 4H 5S (laid away 8D 3C), the
 *   starter 7C, on KH 5S 9C (24): the king does not fit; the 6 makes 30, after which only an
 *   ace answers and the series is not over at 30, the 4 makes 28. Neither pegs; the lookahead
 *   plays the 6, board play the 4.
 * - The dealer at 109 against 111, holding 5D AH of 5D AH 3S 2H (laid away KC 9C), the starter
 *   6S, on TD 2H TH 3S AC (26): the 5 makes exactly 31, for two, and fits as much as the ace
 *   (27) does; the lookahead plays the ace, board play the 5.
 * - The dealer at 111 against 100, holding 3D 7S AC of 3D 7S 2S AC, a pair of fours laid away
 *   into its own crib (4C 4H: the crib table's unsuited entry, a pair never being suited), the
 *   starter KS, on 4D 2S AS (7): the lookahead plays the 3, board play the 7.
 * - The pone at 117 against 105, holding JS 5S AH of JS 5S AH 8C (laid away 7H 3D), the starter
 *   8D, on 8C 8S (16): its hand counts exactly the four it needs (J-5, the pair of eights); the
 *   jack makes 26, the 5 21, the ace 17; the lookahead plays the jack, board play the ace.
 */
static void test_expert_board_play_departs_from_the_lookahead(void) {
    const char *kept1[4] = {"5C", "6H", "JH", "QS"}, *tossed1[2] = {"AS", "6C"};
    const char *plays1[2] = {"5C", "TS"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 0, kept1, tossed1, "2H", plays1, 2, 116, 110),
        card("6H"));
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=0", 0, kept1, tossed1, "2H", plays1, 2, 116, 110),
        card("JH"));
    const char *kept2[4] = {"6C", "KS", "4H", "5S"}, *tossed2[2] = {"8D", "3C"};
    const char *plays2[3] = {"KH", "5S", "9C"};
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=1", 1, kept2, tossed2, "7C", plays2, 3, 114, 112),
        card("4H"));
    CU_ASSERT_EQUAL(
        board_decides("expert:pegboard=0", 1, kept2, tossed2, "7C", plays2, 3, 114, 112),
        card("6C"));
    static const struct {
        const char *kept[4], *tossed[2], *starter, *plays[5];
        int seat, n_plays, pone, dealer;
        const char *board, *lookahead;
    } more[3] = {
        {{"5D", "AH", "3S", "2H"},
         {"KC", "9C"},
         "6S",
         {"TD", "2H", "TH", "3S", "AC"},
         1,
         5,
         111,
         109,
         "5D",
         "AH"},
        {{"3D", "7S", "2S", "AC"},
         {"4C", "4H"},
         "KS",
         {"4D", "2S", "AS"},
         1,
         3,
         100,
         111,
         "7S",
         "3D"},
        {{"JS", "5S", "AH", "8C"}, {"7H", "3D"}, "8D", {"8C", "8S"}, 0, 2, 117, 105, "AH", "JS"},
    };
    for (int k = 0; k < 3; k++) {
        const char *kept[4], *tossed[2], *plays[5];
        memcpy(kept, more[k].kept, sizeof kept);
        memcpy(tossed, more[k].tossed, sizeof tossed);
        memcpy(plays, more[k].plays, sizeof plays);
        CU_ASSERT_EQUAL(board_decides("expert:pegboard=1", more[k].seat, kept, tossed,
                                      more[k].starter, plays, more[k].n_plays, more[k].pone,
                                      more[k].dealer),
                        card(more[k].board));
        CU_ASSERT_EQUAL(board_decides("expert:pegboard=0", more[k].seat, kept, tossed,
                                      more[k].starter, plays, more[k].n_plays, more[k].pone,
                                      more[k].dealer),
                        card(more[k].lookahead));
    }
}

/*
 * Outside the two-hand game (here the five-card game: five dealt, two laid away, three kept)
 * expert lays away as expected does with its crib model, which must follow the game's crib
 * flush rule, rebuilt when a later game's rules change it. The dealer holding 3H JH QC 9D 7D
 * keeps 3H JH QC and gives its own crib the two diamonds where a four-card crib flush counts
 * (cs_expected_discard() with a model for 4), but keeps the diamonds and lays away JH QC where
 * it takes five (a model for 5): one player, the rule changed between two games.
 */
static void test_expert_rebuilds_its_crib_model_when_the_flush_rule_changes(void) {
    const char *five[5] = {"3H", "JH", "QC", "9D", "7D"};
    cs_rules rules;
    cs_rules_preset(CS_PRESET_FIVE_CARD, &rules);
    CU_ASSERT_EQUAL_FATAL(rules.crib_flush_min, 5);
    cs_player *p = new_expert();
    cs_agent a = cs_player_agent(p);
    static cs_crib_model m4, m5;
    cs_crib_model_build(&m4, 4);
    cs_crib_model_build(&m5, 5);
    for (int game = 0; game < 3; game++) {
        rules.crib_flush_min = game == 1 ? 4 : 5;
        discard_view d;
        discard_view_make(&d, &rules, five, 0, 0, 0, 0);
        cs_player_new_game(p, &rules, 1, (uint64_t)game, 0);
        cs_card out[2], want[2];
        CU_ASSERT_EQUAL(a.discard(a.self, &d.v, out), CS_OK);
        cs_expected_discard(&d.v, game == 1 ? &m4 : &m5, want);
        CU_ASSERT(laid(out, game == 1 ? "9D" : "JH", game == 1 ? "7D" : "QC"));
        CU_ASSERT(out[0] == want[0] && out[1] == want[1]);
    }
    cs_player_destroy(p);
}

const char cs_suite_name[] = "expert";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_expert_runs_the_same_on_one_and_two_threads),
    CS_TEST(test_expert_hand_index_numbers_every_four_ranks_once),
    CS_TEST(test_expert_compiled_tables_pass_their_check),
    CS_TEST(test_expert_check_refuses_a_response_not_held_and_names_it),
    CS_TEST(test_expert_check_refuses_a_lead_or_second_card_not_held_and_names_it),
    CS_TEST(test_expert_check_refuses_pegging_and_crib_values_out_of_range),
    CS_TEST(test_expert_answers_a_seven_with_the_ten_not_the_fifteen),
    CS_TEST(test_expert_answers_a_ten_with_a_four),
    CS_TEST(test_expert_leads_the_four_from_ace_two_four_ten),
    CS_TEST(test_expert_second_card_seven_not_nine_on_three_four),
    CS_TEST(test_expert_second_card_six_not_seven_on_four_two),
    CS_TEST(test_endgame_takes_a_sure_count_out_over_more_points),
    CS_TEST(test_expert_lays_a_pair_in_its_own_crib_not_in_the_dealers),
    CS_TEST(test_expert_board_discard_credits_his_heels_to_the_dealer),
    CS_TEST(test_endgame_credits_his_heels_to_the_dealer),
    CS_TEST(test_expert_board_play_counts_out_at_exactly_the_target),
    CS_TEST(test_expert_board_play_keeps_the_points_when_no_reply_matters),
    CS_TEST(test_expert_board_play_weighs_the_reply_that_wins),
    CS_TEST(test_expert_board_play_departs_from_the_lookahead),
    CS_TEST(test_expert_rebuilds_its_crib_model_when_the_flush_rule_changes),
    {NULL, NULL},
};

/* layer: experiments */
/*
 * test_events.c - the event formats (experiments/events/): the movement, brackets and scoring
 * of the New Zealand tournament, the double-elimination doubles sheet and the weekly league,
 * driven round by round with results made here, and the event spec reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "event.h"

int cs_league_forced(const void *state);
void cs_league_money(int players, const cs_event_params *p, int64_t out[6]);

static cs_field field_of(int n) {
    cs_field f;
    memset(&f, 0, sizeof f);
    f.n = n;
    for (int i = 0; i < n; i++) snprintf(f.entrant[i].name, sizeof f.entrant[i].name, "e%d", i);
    return f;
}

/* A finished game's record: side `winner` (-1 a tie) with the scores given per side. */
static cs_game_record record_of(const cs_event_game *g, int winner, const int side_score[4]) {
    cs_game_record r;
    memset(&r, 0, sizeof r);
    r.winner = (int8_t)winner;
    int sides = g->rules->partnership ? 2 : g->n_seats;
    for (int s = 0; s < 4; s++) {
        int side = g->rules->partnership ? s & 1 : s;
        r.score[s] = (int16_t)(s < g->n_seats ? side_score[side] : -1);
    }
    for (int s = 0; s < g->n_seats && s < 4; s++) {
        int side = g->rules->partnership ? s & 1 : s;
        if (winner >= 0 && side != winner) {
            int sc = side_score[side];
            r.skunk[s] = sc < g->rules->double_skunk_line ? 2 : sc < g->rules->skunk_line ? 1 : 0;
        }
    }
    (void)sides;
    return r;
}

static void give(const cs_event_format *f, void *state, int i, const cs_event_game *g,
                 const cs_game_record *r) {
    cs_event_result res = {g, r};
    f->record(state, i, &res);
}

/* ---- league ---- */

static void test_league_prizes_match_the_worked_example_for_20_players(void) {
    cs_event_params p;
    cs_event_params_defaults(&p);
    int64_t m[6];
    cs_league_money(20, &p, m);
    /* $64, $38 and $26 for the top three, $20 to the 50/50 winner, $20 supplies, $32
     * activities */
    CU_ASSERT_EQUAL(m[0], 6400);
    CU_ASSERT_EQUAL(m[1], 3800);
    CU_ASSERT_EQUAL(m[2], 2600);
    CU_ASSERT_EQUAL(m[3], 2000);
    CU_ASSERT_EQUAL(m[4], 2000);
    CU_ASSERT_EQUAL(m[5], 3200);
    /* 13 players: pot $83.20; second $24.96 -> $25, third $16.64 -> $17, first the rest */
    cs_league_money(13, &p, m);
    CU_ASSERT_EQUAL(m[1], 2500);
    CU_ASSERT_EQUAL(m[2], 1700);
    CU_ASSERT_EQUAL(m[0] + m[1] + m[2], 8320);
}

/* Plays a league night with results drawn from rng; checks the movement at every step. */
static void run_night(int n, uint64_t seed, int *repeats_unforced, int *games_seen) {
    cs_field f = field_of(n);
    cs_event_params p;
    cs_event_params_defaults(&p);
    const cs_event_format *fmt = &cs_event_format_league;
    void *st = calloc(1, fmt->state_size);
    cs_pcg32 rng = cs_pcg32_derive(seed, 0, CS_STREAM_EVENT, 0), res_rng = rng;
    char why[256];
    CU_ASSERT_EQUAL_FATAL(fmt->init(st, &p, &f, &rng, why, sizeof why), 0);
    static uint8_t partnered[CS_EVENT_ENTRANTS_MAX][CS_EVENT_ENTRANTS_MAX];
    memset(partnered, 0, sizeof partnered);
    cs_event_game games[CS_EVENT_ROUND_MAX], prev[CS_EVENT_ROUND_MAX];
    int moved[CS_EVENT_ROUND_MAX][2], stayed[CS_EVENT_ROUND_MAX][2], n_prev = 0, round = 0, k;
    while ((k = fmt->next_round(st, games, CS_EVENT_ROUND_MAX)) > 0) {
        int seen[CS_EVENT_ENTRANTS_MAX] = {0};
        for (int t = 0; t < k; t++) {
            const cs_event_game *g = &games[t];
            for (int s = 0; s < g->n_seats; s++) seen[g->entrant[s]]++;
            if (round > 0) {
                /* the two players the table before sent are here, with those who stayed */
                int from = t == 0 ? k - 1 : t - 1, have = 0;
                for (int s = 0; s < g->n_seats; s++)
                    have += g->entrant[s] == moved[from][0] || g->entrant[s] == moved[from][1];
                CU_ASSERT_EQUAL(have, 2);
                if (g->n_seats >= 3) CU_ASSERT_EQUAL(g->entrant[0], stayed[t][0]);
                if (g->n_seats == 4) {
                    CU_ASSERT_EQUAL(g->entrant[1], stayed[t][1]);
                    /* each stayer partners an incoming player; a repeat only when forced */
                    int a = g->entrant[0], b = g->entrant[1], x = g->entrant[2], y = g->entrant[3];
                    int chosen = partnered[a][x] + partnered[b][y];
                    int other = partnered[a][y] + partnered[b][x];
                    if (chosen > 0 && other == 0) (*repeats_unforced)++;
                    CU_ASSERT_TRUE(chosen <= other);
                }
            }
            if (g->n_seats == 4) {
                partnered[g->entrant[0]][g->entrant[2]] = partnered[g->entrant[2]][g->entrant[0]] =
                    1;
                partnered[g->entrant[1]][g->entrant[3]] = partnered[g->entrant[3]][g->entrant[1]] =
                    1;
            }
        }
        for (int e = 0; e < n; e++) CU_ASSERT_EQUAL(seen[e], 1); /* everyone plays once */
        for (int t = 0; t < k; t++) {
            const cs_event_game *g = &games[t];
            int sides = g->n_seats == 4 ? 2 : g->n_seats;
            int w = (int)cs_pcg32_bounded(&res_rng, (uint32_t)sides);
            int score[4];
            for (int s = 0; s < 4; s++) score[s] = 40 + (int)cs_pcg32_bounded(&res_rng, 80);
            score[w] = 121;
            cs_game_record r = record_of(g, w, score);
            give(fmt, st, t, g, &r);
            if (g->n_seats == 4) {
                moved[t][0] = g->entrant[w], moved[t][1] = g->entrant[w + 2];
                stayed[t][0] = g->entrant[w ^ 1], stayed[t][1] = g->entrant[(w ^ 1) + 2];
            } else if (g->n_seats == 3) {
                int low = 0;
                for (int s = 1; s < 3; s++)
                    if (score[s] < score[low]) low = s;
                int dup = 0; /* a tie for lowest is cut: skip the check then */
                for (int s = 0; s < 3; s++) dup += s != low && score[s] == score[low];
                stayed[t][0] = dup ? -1 : g->entrant[low];
                int m = 0;
                for (int s = 0; s < 3; s++)
                    if (s != low) moved[t][m++] = g->entrant[s];
                if (dup) moved[t][0] = moved[t][1] = -2;
            } else {
                moved[t][0] = g->entrant[0], moved[t][1] = g->entrant[1];
            }
            prev[t] = *g;
            (*games_seen)++;
        }
        n_prev = k;
        round++;
        /* a cut for lowest at a table of three makes the next checks unknowable: stop */
        int cut = 0;
        for (int t = 0; t < k; t++) cut |= moved[t][0] == -2 || stayed[t][0] == -1;
        if (cut) break;
    }
    (void)prev;
    (void)n_prev;
    free(st);
}

static void test_league_movement_and_partners_over_many_nights(void) {
    int unforced = 0, games = 0;
    for (int n = 8; n <= 24; n++)
        for (uint64_t seed = 1; seed <= 20; seed++) run_night(n, seed, &unforced, &games);
    CU_ASSERT_EQUAL(unforced, 0);
    CU_ASSERT_TRUE(games > 1000);
}

static void test_league_tables_of_three_and_two_for_odd_fields(void) {
    const int n_of[] = {13, 15, 14, 5};
    const int want3[] = {1, 1, 0, 1}, want2[] = {1, 0, 1, 1};
    for (int c = 0; c < 4; c++) {
        cs_field f = field_of(n_of[c]);
        cs_event_params p;
        cs_event_params_defaults(&p);
        void *st = calloc(1, cs_event_format_league.state_size);
        cs_pcg32 rng = cs_pcg32_derive(7, 0, CS_STREAM_EVENT, 0);
        char why[256];
        CU_ASSERT_EQUAL_FATAL(cs_event_format_league.init(st, &p, &f, &rng, why, sizeof why), 0);
        cs_event_game g[CS_EVENT_ROUND_MAX];
        int k = cs_event_format_league.next_round(st, g, CS_EVENT_ROUND_MAX), threes = 0, twos = 0;
        for (int t = 0; t < k; t++) {
            threes += g[t].n_seats == 3;
            twos += g[t].n_seats == 2;
            if (g[t].n_seats == 3) CU_ASSERT_EQUAL(g[t].rules->players, 3);
            if (g[t].n_seats == 2) CU_ASSERT_EQUAL(g[t].rules->players, 2);
            if (g[t].n_seats == 4) CU_ASSERT_TRUE(g[t].rules->partnership);
        }
        CU_ASSERT_EQUAL(threes, want3[c]);
        CU_ASSERT_EQUAL(twos, want2[c]);
        free(st);
    }
}

/* League points: a win 0, a skunk win -1, a double skunk -2; a loss the shortfall to 121. */
static void test_league_points_for_wins_skunks_and_losses(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 1;
    void *st = calloc(1, cs_event_format_league.state_size);
    cs_pcg32 rng = cs_pcg32_derive(3, 0, CS_STREAM_EVENT, 0);
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_event_format_league.init(st, &p, &f, &rng, why, sizeof why), 0);
    cs_event_game g[4];
    CU_ASSERT_EQUAL_FATAL(cs_event_format_league.next_round(st, g, 4), 2);
    int s0[4] = {121, 75}; /* skunk: loser on 61..90 */
    int s1[4] = {60, 121}; /* double skunk: loser on 60 or less */
    cs_game_record r0 = record_of(&g[0], 0, s0), r1 = record_of(&g[1], 1, s1);
    give(&cs_event_format_league, st, 0, &g[0], &r0);
    give(&cs_event_format_league, st, 1, &g[1], &r1);
    CU_ASSERT_EQUAL(cs_event_format_league.next_round(st, g + 2, 2), 0);
    cs_standing rows[8];
    cs_event_format_league.standings(st, rows);
    double want[CS_EVENT_ENTRANTS_MAX];
    want[g[0].entrant[0]] = want[g[0].entrant[2]] = -1;
    want[g[0].entrant[1]] = want[g[0].entrant[3]] = 121 - 75;
    want[g[1].entrant[1]] = want[g[1].entrant[3]] = -2;
    want[g[1].entrant[0]] = want[g[1].entrant[2]] = 121 - 60;
    for (int i = 0; i < 8; i++) CU_ASSERT_DOUBLE_EQUAL(rows[i].points, want[rows[i].entrant], 1e-9);
    /* lowest total first: the double skunk's winners, then the skunk's */
    CU_ASSERT_DOUBLE_EQUAL(rows[0].points, -2, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(rows[2].points, -1, 1e-9);
    CU_ASSERT_EQUAL(rows[0].prize_cents + rows[1].prize_cents + rows[2].prize_cents, 8 * 640);
    free(st);
}

/* ---- the New Zealand tournament ---- */

static void test_nz_winners_move_right_losers_stay_opposite_with_new_partners(void) {
    cs_field f = field_of(12);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 4;
    p.day_one_games = 4;
    void *st = calloc(1, cs_event_format_nz.state_size);
    cs_pcg32 rng = cs_pcg32_derive(11, 0, CS_STREAM_EVENT, 0);
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_event_format_nz.init(st, &p, &f, &rng, why, sizeof why), 0);
    cs_event_game g[8], prev[8];
    int k = cs_event_format_nz.next_round(st, g, 8);
    CU_ASSERT_EQUAL_FATAL(k, 3);
    int winners[3] = {0, 1, 0};
    for (int round = 0; round < 3; round++) {
        for (int t = 0; t < k; t++) {
            int sc[4] = {100, 100};
            sc[winners[t]] = 121;
            cs_game_record r = record_of(&g[t], winners[t], sc);
            give(&cs_event_format_nz, st, t, &g[t], &r);
            prev[t] = g[t];
        }
        CU_ASSERT_EQUAL_FATAL(cs_event_format_nz.next_round(st, g, 8), 3);
        for (int t = 0; t < 3; t++) {
            int from = (t + 2) % 3, w = winners[from], l = winners[t] ^ 1;
            /* the losers of this table stay, on opposite sides (seats 0 and 1) */
            CU_ASSERT_EQUAL(g[t].entrant[0], prev[t].entrant[l]);
            CU_ASSERT_EQUAL(g[t].entrant[1], prev[t].entrant[l + 2]);
            /* the winners of the table to the left come in, one partnering each loser */
            int a = prev[from].entrant[w], b = prev[from].entrant[w + 2];
            CU_ASSERT_TRUE((g[t].entrant[2] == a && g[t].entrant[3] == b) ||
                           (g[t].entrant[2] == b && g[t].entrant[3] == a));
        }
    }
    free(st);
}

static void test_nz_sitters_keep_their_seat_and_move_others_as_the_tournament_rules_say(void) {
    cs_field f = field_of(14); /* two sitters make four tables */
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 5;
    p.day_one_games = 5;
    void *st = calloc(1, cs_event_format_nz.state_size);
    cs_pcg32 rng = cs_pcg32_derive(5, 0, CS_STREAM_EVENT, 0);
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_event_format_nz.init(st, &p, &f, &rng, why, sizeof why), 0);
    cs_event_game g[8], prev[8];
    int k = cs_event_format_nz.next_round(st, g, 8);
    CU_ASSERT_EQUAL_FATAL(k, 4);
    int sitters = 0;
    for (int t = 0; t < 4; t++) sitters += g[t].entrant[0] >= 14;
    CU_ASSERT_EQUAL(sitters, 2);
    for (int round = 0; round < 4; round++) {
        for (int t = 0; t < 4; t++) {
            int sc[4] = {90, 121};
            cs_game_record r = record_of(&g[t], 1, sc);
            give(&cs_event_format_nz, st, t, &g[t], &r);
            prev[t] = g[t];
        }
        CU_ASSERT_EQUAL_FATAL(cs_event_format_nz.next_round(st, g, 8), 4);
        for (int t = 0; t < 4; t++) {
            if (prev[t].entrant[0] < 14) continue;
            /* the sitter stays; the left seat moves to the right seat; the partner and the
             * right seat leave, win or lose (the sitter's side lost here) */
            CU_ASSERT_EQUAL(g[t].entrant[0], prev[t].entrant[0]);
            CU_ASSERT_EQUAL(g[t].entrant[3], prev[t].entrant[1]);
            for (int s = 1; s < 4; s++) {
                CU_ASSERT_NOT_EQUAL(g[t].entrant[s], prev[t].entrant[2]);
                if (s != 3) CU_ASSERT_NOT_EQUAL(g[t].entrant[s], prev[t].entrant[3]);
            }
            int next = (t + 1) % 4, arrived = 0;
            for (int s = 0; s < 4; s++)
                arrived += g[next].entrant[s] == prev[t].entrant[2] ||
                           g[next].entrant[s] == prev[t].entrant[3];
            CU_ASSERT_EQUAL(arrived, 2);
        }
    }
    free(st);
}

/* Clips 2/1/0; a tie is cut for who moves on; a tie on clips at the top is played off. */
static void test_nz_clips_tie_cut_and_playoff(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 1;
    p.day_one_games = 1;
    void *st = calloc(1, cs_event_format_nz.state_size);
    cs_pcg32 rng = cs_pcg32_derive(9, 0, CS_STREAM_EVENT, 0);
    char why[256];
    CU_ASSERT_EQUAL_FATAL(cs_event_format_nz.init(st, &p, &f, &rng, why, sizeof why), 0);
    cs_event_game g[4];
    CU_ASSERT_EQUAL_FATAL(cs_event_format_nz.next_round(st, g, 4), 2);
    int tie[4] = {110, 110}, win[4] = {121, 80};
    cs_game_record r0 = record_of(&g[0], -1, tie), r1 = record_of(&g[1], 0, win);
    give(&cs_event_format_nz, st, 0, &g[0], &r0);
    give(&cs_event_format_nz, st, 1, &g[1], &r1);
    /* two players share the top with 2 clips: a play-off between them, two-player rules */
    cs_event_game po[4];
    CU_ASSERT_EQUAL_FATAL(cs_event_format_nz.next_round(st, po, 4), 1);
    CU_ASSERT_EQUAL(po[0].n_seats, 2);
    CU_ASSERT_EQUAL(po[0].rules->max_deals, 4);
    int a = po[0].entrant[0], b = po[0].entrant[1];
    CU_ASSERT_TRUE((a == g[1].entrant[0] && b == g[1].entrant[2]) ||
                   (a == g[1].entrant[2] && b == g[1].entrant[0]));
    /* b wins two games: b is first */
    for (int i = 0; i < 2; i++) {
        int sc[4] = {50, 60};
        cs_game_record r = record_of(&po[0], 1, sc);
        give(&cs_event_format_nz, st, 0, &po[0], &r);
        int more = cs_event_format_nz.next_round(st, po, 4);
        CU_ASSERT_EQUAL(more, i == 0 ? 1 : 0);
    }
    cs_standing rows[8];
    cs_event_format_nz.standings(st, rows);
    CU_ASSERT_EQUAL(rows[0].entrant, b);
    CU_ASSERT_DOUBLE_EQUAL(rows[0].points, 2, 1e-9);
    int ones = 0, zeros = 0;
    for (int i = 0; i < 8; i++) {
        ones += rows[i].points == 1;
        zeros += rows[i].points == 0;
    }
    CU_ASSERT_EQUAL(ones, 4);
    CU_ASSERT_EQUAL(zeros, 2);
    cs_event_totals t;
    cs_event_format_nz.totals(st, &t);
    CU_ASSERT_EQUAL(t.playoff_games, 2);
    free(st);
}

/* ---- double elimination ---- */

static void play_bracket(int teams, int reset, uint64_t seed, int *matches, int *max_losses_ok) {
    cs_field f = field_of(2 * teams);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.reset = reset;
    void *st = calloc(1, cs_event_format_double_elimination.state_size);
    cs_pcg32 rng = cs_pcg32_derive(seed, 0, CS_STREAM_EVENT, 0), res = rng;
    char why[256];
    CU_ASSERT_EQUAL_FATAL(
        cs_event_format_double_elimination.init(st, &p, &f, &rng, why, sizeof why), 0);
    int match_losses[CS_EVENT_ENTRANTS_MAX] = {0};
    int last_loser[CS_EVENT_ENTRANTS_MAX], k, first = 1; /* by the match's first entrant */
    cs_event_game g[CS_EVENT_ROUND_MAX];
    while ((k = cs_event_format_double_elimination.next_round(st, g, CS_EVENT_ROUND_MAX)) > 0) {
        if (first) { /* byes bring the winners' bracket to a power of two */
            int pow2 = 1;
            while (pow2 < teams) pow2 *= 2;
            CU_ASSERT_EQUAL(k, teams - pow2 / 2);
            first = 0;
        }
        for (int i = 0; i < k; i++) {
            CU_ASSERT_EQUAL(g[i].match.kind, CS_MATCH_BEST_OF);
            CU_ASSERT_EQUAL(g[i].match.games_to_win, 2);
            int played = g[i].match.won[0] + g[i].match.won[1];
            if (played == 0) {
                CU_ASSERT_EQUAL(g[i].first_dealer, CS_FIRST_DEALER_CUT);
            } else { /* the loser of the last game deals */
                CU_ASSERT_EQUAL(g[i].first_dealer & 1, last_loser[g[i].entrant[0]]);
            }
            int w = (int)cs_pcg32_bounded(&res, 2);
            int sc[4] = {90, 90};
            sc[w] = 121;
            cs_game_record r = record_of(&g[i], w, sc);
            r.first_dealer = (uint8_t)(g[i].first_dealer < 0 ? 0 : g[i].first_dealer);
            cs_event_result er = {&g[i], &r};
            cs_event_format_double_elimination.record(st, i, &er);
            last_loser[g[i].entrant[0]] = w ^ 1;
            if (g[i].match.won[w] + 1 == 2) { /* the match is decided */
                match_losses[g[i].entrant[w ^ 1]]++;
                match_losses[g[i].entrant[(w ^ 1) + 2]]++;
            }
        }
        /* the next round's matches keep their slots while they go on */
    }
    cs_event_totals t;
    cs_event_format_double_elimination.totals(st, &t);
    *matches = t.matches;
    cs_standing rows[CS_EVENT_ENTRANTS_MAX];
    cs_event_format_double_elimination.standings(st, rows);
    /* everyone but the champion lost exactly two matches (one, for a finalist without reset) */
    int champ = rows[0].entrant;
    *max_losses_ok = match_losses[champ] <= 1;
    for (int i = 2; i < 2 * teams; i++) {
        int e = rows[i].entrant;
        if (rows[i].rank > 2) *max_losses_ok &= match_losses[e] == 2;
    }
    CU_ASSERT_EQUAL(rows[0].rank, rows[1].rank); /* partners share a rank */
    free(st);
}

static void test_double_elimination_matches_losses_and_byes(void) {
    for (int teams = 2; teams <= 13; teams++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            int m, ok;
            play_bracket(teams, 1, seed, &m, &ok);
            CU_ASSERT_TRUE(m == 2 * teams - 2 || m == 2 * teams - 1);
            CU_ASSERT_TRUE(ok);
            play_bracket(teams, 0, seed, &m, &ok);
            CU_ASSERT_EQUAL(m, 2 * teams - 2);
        }
}

/* The sheet's skunks are by winning margin: 31 or more, 61 or more; the game engine scores
 * them so when the rules say so. */
static void test_double_elimination_skunks_are_winning_margins(void) {
    cs_rules r;
    cs_event_default_rules(&cs_event_format_double_elimination, &r);
    cs_game *g = cs_game_new();
    cs_pcg32 rng[4];
    cs_agent agents[4];
    int seen[3] = {0};
    for (int s = 0; s < 4; s++) {
        rng[s] = cs_pcg32_derive(2, 0, CS_STREAM_STRATEGY, (uint32_t)s);
        agents[s] = cs_agent_random(&rng[s]);
    }
    for (uint64_t i = 0; i < 400; i++) {
        cs_game_record rec;
        cs_game_begin(g, &r, 2, i, CS_FIRST_DEALER_CUT, agents);
        CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec), 0);
        int w = rec.winner, margin = rec.score[w] - rec.score[w ^ 1];
        int want = margin >= 61 ? 2 : margin >= 31 ? 1 : 0;
        CU_ASSERT_EQUAL(rec.skunk[w ^ 1], want);
        CU_ASSERT_EQUAL(rec.skunk[(w ^ 1) + 2], want);
        seen[want]++;
    }
    CU_ASSERT_TRUE(seen[0] > 0 && seen[1] > 0);
    cs_game_free(g);
}

/* ---- specs ---- */

static int parse(const char *text, char *err, size_t len) {
    static cs_event_spec spec;
    int rc = cs_event_spec_parse(text, strlen(text), "t.yaml", &spec, err, len);
    cs_event_spec_free(&spec);
    return rc;
}

static void test_event_spec_errors_name_the_line(void) {
    char err[1024];
    CU_ASSERT_EQUAL(
        parse("format: league\nfield:\n  - {count: 8, strategy: greedy}\n", err, sizeof err), 0);
    CU_ASSERT_EQUAL(parse("format: bowls\nfield: []\n", err, sizeof err), CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:1:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "bowls"));
    CU_ASSERT_EQUAL(parse("name: x\nfield:\n  - {count: 8, strategy: greedy}\n", err, sizeof err),
                    CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "format"));
    /* a field too small for the format */
    CU_ASSERT_EQUAL(
        parse("format: nz\nfield:\n  - {count: 5, strategy: greedy}\n", err, sizeof err),
        CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2:"));
    CU_ASSERT_EQUAL(parse("format: double-elimination\nfield:\n  - {count: 7, strategy: greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
    /* unknown keys and strategies, contradictions */
    CU_ASSERT_EQUAL(parse("format: league\nfeild: []\n", err, sizeof err), CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2:"));
    CU_ASSERT_EQUAL(
        parse("format: league\nfield:\n  - {count: 8, strategy: nosuch}\n", err, sizeof err),
        CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:3:"));
    CU_ASSERT_EQUAL(parse("format: double-elimination\ngames: 4\nfield:\n  - {count: 8, "
                          "strategy: greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2:"));
    CU_ASSERT_EQUAL(parse("format: league\ndraw_cents: 5000\nfield:\n  - {count: 8, strategy: "
                          "greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_EQUAL(parse("format: league\nrules: {players: 3, partnership: no}\nfield:\n  - "
                          "{count: 8, strategy: greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
}

const char cs_suite_name[] = "events";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_league_prizes_match_the_worked_example_for_20_players),
    CS_TEST(test_league_movement_and_partners_over_many_nights),
    CS_TEST(test_league_tables_of_three_and_two_for_odd_fields),
    CS_TEST(test_league_points_for_wins_skunks_and_losses),
    CS_TEST(test_nz_winners_move_right_losers_stay_opposite_with_new_partners),
    CS_TEST(test_nz_sitters_keep_their_seat_and_move_others_as_the_tournament_rules_say),
    CS_TEST(test_nz_clips_tie_cut_and_playoff),
    CS_TEST(test_double_elimination_matches_losses_and_byes),
    CS_TEST(test_double_elimination_skunks_are_winning_margins),
    CS_TEST(test_event_spec_errors_name_the_line),
    {NULL, NULL},
};

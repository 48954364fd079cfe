/* layer: experiments */
/*
 * test_events.c - the event formats (experiments/events/): the movement, brackets and scoring
 * of the New Zealand tournament, the double-elimination doubles sheet and the weekly league,
 * driven round by round with results made here (hand-worked scenarios with their exact
 * outcomes: a tie cut, a three-way play-off, the team trophy, a bracket with a reset, a table of
 * three, a two-night season), the event spec reader, and what the runner writes (each game
 * replayed from its card key, each standings row's strategy).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <hdf5.h>

#include "cu_main.h"
#include "error.h"
#include "event.h"
#include "eventfile.h"
#include "strategy.h"

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
        /* the seats a small table lacks hold no entrant (-1), in the first round and the next */
        for (int round = 0; round < 2; round++) {
            for (int t = 0; t < k; t++) {
                for (int seat = g[t].n_seats; seat < 4; seat++)
                    CU_ASSERT_EQUAL(g[t].entrant[seat], -1);
                int sc[4] = {121, 100, 90, 0};
                cs_game_record r = record_of(&g[t], 0, sc);
                give(&cs_event_format_league, st, t, &g[t], &r);
            }
            CU_ASSERT_EQUAL_FATAL(cs_event_format_league.next_round(st, g, CS_EVENT_ROUND_MAX), k);
        }
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

/* The league and the doubles sheet forbid muggins; the New Zealand day may play it; a
 * careless entrant is any strategy with counting-error keys. */
static void test_event_spec_muggins_only_where_the_rules_allow(void) {
    char err[1024];
    CU_ASSERT_EQUAL(parse("format: league\nrules: {muggins: on}\nfield:\n  - {count: 8, "
                          "strategy: greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "muggins is forbidden in the league"));
    CU_ASSERT_EQUAL(parse("format: double-elimination\nrules: {muggins: yes}\nfield:\n  - "
                          "{count: 8, strategy: greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "double-elimination doubles tournament"));
    CU_ASSERT_EQUAL(parse("format: nz\nrules: {muggins: on}\nfield:\n  - {count: 8, strategy: "
                          "'expected:miss=0.1'}\n",
                          err, sizeof err),
                    0);
    CU_ASSERT_EQUAL(parse("format: league\nfield:\n  - {count: 8, strategy: "
                          "'greedy:miss_nobs=0.2'}\n",
                          err, sizeof err),
                    0);
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
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "5 players make 2 tables with 3 sitters"));
    CU_ASSERT_EQUAL(
        parse("format: nz\nfield:\n  - {count: 4, strategy: greedy}\n", err, sizeof err),
        CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "4 players make 1 table with 0 sitters"));
    CU_ASSERT_EQUAL(
        parse("format: nz\nfield:\n  - {count: 3, strategy: greedy}\n", err, sizeof err),
        CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "3 players make 1 table with 1 sitter "));
    CU_ASSERT_EQUAL(parse("format: double-elimination\nfield:\n  - {count: 7, strategy: greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
    /* unknown keys and strategies, contradictions */
    CU_ASSERT_EQUAL(parse("format: league\nfeild: []\n", err, sizeof err), CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2:"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(err, "unknown key 'feild' in the event spec (known: name, description, format, "
                    "events, seed, threads, field, rules, games, set_size, day_one_games, playoff, "
                    "sitter, weeks, fee_cents, draw_cents, pot_percent, split, best_of, reset, "
                    "random_teams)"));
    /* a percentage of the pot is at most 100 */
    CU_ASSERT_EQUAL(parse("format: league\npot_percent: 101\nfield:\n  - {count: 8, strategy: "
                          "greedy}\n",
                          err, sizeof err),
                    CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "'pot_percent' must be a whole number from 0 to 100"));
    CU_ASSERT_EQUAL(
        parse("format: league\nfield:\n  - {count: 8, strategy: nosuch}\n", err, sizeof err),
        CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:3:"));
    CU_ASSERT_EQUAL(parse("format: league\nfield:\n  - {count: 8, strategy: x}\n", err, sizeof err),
                    CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:3: strategy 'x': "));
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

/* A field nested 80,000 deep (libyaml would take seconds, growing with the square of the
 * depth) is refused where the 65th level opens, before the spec is loaded. */
static void test_event_spec_nested_too_deep_is_refused_at_once(void) {
    const char head[] = "format: league\nfield: ";
    enum { DEPTH = 80000 };
    char *text = malloc(sizeof head + 2 * DEPTH + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    memcpy(text, head, sizeof head - 1);
    memset(text + sizeof head - 1, '[', DEPTH);
    memset(text + sizeof head - 1 + DEPTH, ']', DEPTH);
    strcpy(text + sizeof head - 1 + 2 * DEPTH, "\n");
    char err[1024];
    clock_t t0 = clock();
    CU_ASSERT_EQUAL(parse(text, err, sizeof err), CS_ESYNTAX);
    CU_ASSERT((double)(clock() - t0) / CLOCKS_PER_SEC < 1.0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2: nested deeper than 64 levels"));
    free(text);
}

/* The parameters a spec leaves out, as event.h documents them. */
static void test_event_params_defaults_are_the_documented_ones(void) {
    cs_event_params p;
    memset(&p, 0x5a, sizeof p);
    cs_event_params_defaults(&p);
    CU_ASSERT_EQUAL(p.games, 0); /* the format's, set by the parser */
    CU_ASSERT_EQUAL(p.set_size, 9);
    CU_ASSERT_EQUAL(p.day_one_games, 0);
    CU_ASSERT_EQUAL(p.playoff, 1);
    CU_ASSERT_EQUAL(p.sitter, 0);
    CU_ASSERT_EQUAL(p.weeks, 1);
    CU_ASSERT_EQUAL(p.fee_cents, 1000);
    CU_ASSERT_EQUAL(p.draw_cents, 200);
    CU_ASSERT_EQUAL(p.pot_percent, 80);
    CU_ASSERT_EQUAL(p.split[0], 50);
    CU_ASSERT_EQUAL(p.split[1], 30);
    CU_ASSERT_EQUAL(p.split[2], 20);
    CU_ASSERT_EQUAL(p.best_of, 3);
    CU_ASSERT_EQUAL(p.reset, 1);
    CU_ASSERT_EQUAL(p.random_teams, 0);
    CU_ASSERT_EQUAL(p.game_rules_given, 0);
}

/* Each format's own game: a league skunks a loser below 91 and double-skunks one below 61; a
 * bracket counts skunks by the winning margin (31, 61) and has no lines; nz plays the
 * nz-tournament preset. */
static void test_event_default_rules_are_each_formats_own(void) {
    cs_rules r, want;
    cs_event_default_rules(&cs_event_format_league, &r);
    CU_ASSERT_EQUAL(r.players, 4);
    CU_ASSERT_TRUE(r.partnership);
    CU_ASSERT_EQUAL(r.skunk_line, 91);
    CU_ASSERT_EQUAL(r.double_skunk_line, 61);
    CU_ASSERT_EQUAL(r.triple_skunk_line, 0);
    cs_event_default_rules(&cs_event_format_double_elimination, &r);
    CU_ASSERT_EQUAL(r.skunk_line, 0);
    CU_ASSERT_EQUAL(r.double_skunk_line, 0);
    CU_ASSERT_EQUAL(r.triple_skunk_line, 0);
    CU_ASSERT_EQUAL(r.lurch_line, 0);
    CU_ASSERT_EQUAL(r.skunk_margin, 31);
    CU_ASSERT_EQUAL(r.double_skunk_margin, 61);
    cs_event_default_rules(&cs_event_format_nz, &r);
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_name("nz-tournament", &want), 0);
    CU_ASSERT_EQUAL(memcmp(&r, &want, sizeof r), 0);
}

/*
 * The cut for who goes first, with the draws of seed 7's event generator: ranks 7, 0, 0, 12
 * (entrants 1 and 2 tie for lowest with aces), then the re-cut between those two draws 7 and 8:
 * entrant 1 wins, and the cut took exactly those six draws from the generator.
 */
static void test_event_cut_recuts_a_tie_for_lowest_among_the_tied_only(void) {
    cs_pcg32 rng = cs_pcg32_derive(7, 0, CS_STREAM_EVENT, 0), draws = rng;
    const uint32_t want[7] = {7, 0, 0, 12, 7, 8, 4};
    for (int i = 0; i < 7; i++) CU_ASSERT_EQUAL_FATAL(cs_pcg32_bounded(&draws, 13), want[i]);
    CU_ASSERT_EQUAL(cs_event_cut(4, &rng), 1);
    CU_ASSERT_EQUAL(cs_pcg32_bounded(&rng, 13), 4); /* the seventh draw comes next */
    /* among three the same draws 7, 0, 0 tie entrants 1 and 2; the re-cut 12, 7 names 2 */
    rng = cs_pcg32_derive(7, 0, CS_STREAM_EVENT, 0);
    CU_ASSERT_EQUAL(cs_event_cut(3, &rng), 2);
    CU_ASSERT_EQUAL(cs_pcg32_bounded(&rng, 13), 8);
}

/* A spec that gives only a format and a field gets the format's game count, every game on day
 * one, 1,000 events, seed 1 and the file's base name; a count makes exactly that many
 * entrants, each strategy listed once however many play it. */
static void test_event_spec_defaults_by_format(void) {
    static cs_event_spec spec;
    char err[1024];
    const char nz[] = "format: nz\nfield:\n  - {count: 16, strategy: greedy}\n";
    CU_ASSERT_EQUAL_FATAL(
        cs_event_spec_parse(nz, strlen(nz), "clubs/nz-day.yaml", &spec, err, sizeof err), 0);
    CU_ASSERT_EQUAL(spec.params.games, 18);
    CU_ASSERT_EQUAL(spec.params.day_one_games, 18);
    CU_ASSERT_EQUAL(spec.events, 1000);
    CU_ASSERT_EQUAL(spec.seed, 1);
    CU_ASSERT_STRING_EQUAL(spec.name, "nz-day");
    CU_ASSERT_EQUAL(spec.field.n, 16);
    CU_ASSERT_EQUAL(spec.n_strategies, 1);
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[15].name, "greedy-16");
    CU_ASSERT_STRING_EQUAL(spec.text, nz);
    cs_event_spec_free(&spec);
    const char league[] = "format: league\ngames: 3\nfield:\n  - {count: 8, strategy: greedy}\n";
    CU_ASSERT_EQUAL_FATAL(
        cs_event_spec_parse(league, strlen(league), "l.yaml", &spec, err, sizeof err), 0);
    CU_ASSERT_EQUAL(spec.params.games, 3);
    CU_ASSERT_EQUAL(spec.params.day_one_games, 3);
    CU_ASSERT_EQUAL(spec.field.n, 8);
    cs_event_spec_free(&spec);
    const char night[] = "format: league\nfield:\n  - {count: 8, strategy: greedy}\n";
    CU_ASSERT_EQUAL_FATAL(
        cs_event_spec_parse(night, strlen(night), "l.yaml", &spec, err, sizeof err), 0);
    CU_ASSERT_EQUAL(spec.params.games, 4);
    cs_event_spec_free(&spec);
}

/* Every key a spec may give is read into its place, at the ends of the ranges allowed (a seed
 * and a fee of 0), booleans written true and false, and mixed strategies indexed in the order
 * they first appear. */
static void test_event_spec_reads_each_key_into_its_place(void) {
    static cs_event_spec spec;
    char err[1024];
    const char text[] = "name: season\n"
                        "format: league\n"
                        "events: 7\n"
                        "seed: 0\n"
                        "threads: 2\n"
                        "weeks: 2\n"
                        "fee_cents: 0\n"
                        "draw_cents: 0\n"
                        "pot_percent: 100\n"
                        "split: [60, 30, 10]\n"
                        "playoff: false\n"
                        "reset: false\n"
                        "random_teams: true\n"
                        "best_of: 5\n"
                        "set_size: 6\n"
                        "rules: {target: 61}\n"
                        "field:\n"
                        "  - Ann: expected\n"
                        "  - {name: Bob, strategy: greedy, club: Hornby, nominated: true}\n"
                        "  - {count: 2, strategy: expected, club: Rangiora}\n"
                        "  - {count: 4, strategy: random}\n";
    CU_ASSERT_EQUAL_FATAL(cs_event_spec_parse(text, strlen(text), "t.yaml", &spec, err, sizeof err),
                          0);
    CU_ASSERT_STRING_EQUAL(spec.name, "season");
    CU_ASSERT_EQUAL(spec.events, 7);
    CU_ASSERT_EQUAL(spec.seed, 0);
    CU_ASSERT_EQUAL(spec.threads, 2);
    const cs_event_params *p = &spec.params;
    CU_ASSERT_EQUAL(p->weeks, 2);
    CU_ASSERT_EQUAL(p->fee_cents, 0);
    CU_ASSERT_EQUAL(p->draw_cents, 0);
    CU_ASSERT_EQUAL(p->pot_percent, 100);
    CU_ASSERT_EQUAL(p->split[0], 60);
    CU_ASSERT_EQUAL(p->split[1], 30);
    CU_ASSERT_EQUAL(p->split[2], 10);
    CU_ASSERT_EQUAL(p->playoff, 0);
    CU_ASSERT_EQUAL(p->reset, 0);
    CU_ASSERT_EQUAL(p->random_teams, 1);
    CU_ASSERT_EQUAL(p->best_of, 5);
    CU_ASSERT_EQUAL(p->set_size, 6);
    CU_ASSERT_EQUAL(spec.rules.target, 61);
    CU_ASSERT_TRUE(spec.rules_given);
    CU_ASSERT_EQUAL(p->game_rules.target, 61);
    CU_ASSERT_EQUAL_FATAL(spec.field.n, 8);
    CU_ASSERT_EQUAL_FATAL(spec.n_strategies, 3);
    CU_ASSERT_STRING_EQUAL(spec.strategies[0], "expected");
    CU_ASSERT_STRING_EQUAL(spec.strategies[1], "greedy");
    CU_ASSERT_STRING_EQUAL(spec.strategies[2], "random");
    const int strategy[8] = {0, 1, 0, 0, 2, 2, 2, 2};
    for (int i = 0; i < 8; i++) CU_ASSERT_EQUAL(spec.field.entrant[i].strategy, strategy[i]);
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[0].name, "Ann");
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[1].name, "Bob");
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[1].club, "Hornby");
    CU_ASSERT_EQUAL(spec.field.entrant[1].nominated, 1);
    CU_ASSERT_EQUAL(spec.field.entrant[0].nominated, 0);
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[2].name, "expected-3");
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[3].club, "Rangiora");
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[7].name, "random-8");
    cs_event_spec_free(&spec);
    /* a mapping whose only entrant key is `strategy` is one entrant, named for it */
    static const char one[] = "format: league\n"
                              "field:\n"
                              "  - {count: 7, strategy: random}\n"
                              "  - {strategy: greedy, club: Lincoln}\n";
    CU_ASSERT_EQUAL_FATAL(cs_event_spec_parse(one, strlen(one), "t.yaml", &spec, err, sizeof err),
                          0);
    CU_ASSERT_EQUAL_FATAL(spec.field.n, 8);
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[7].name, "greedy-8");
    CU_ASSERT_STRING_EQUAL(spec.field.entrant[7].club, "Lincoln");
    cs_event_spec_free(&spec);
    /* yes/no and on/off are booleans too; a split must be three numbers in a list */
    CU_ASSERT_EQUAL(parse("format: league\nreset: no\nplayoff: on\nfield:\n  - {count: 8, "
                          "strategy: greedy}\n",
                          err, sizeof err),
                    0);
    CU_ASSERT_EQUAL(parse("format: league\nsplit: [60, 40]\nfield:\n  - {count: 8, strategy: "
                          "greedy}\n",
                          err, sizeof err),
                    CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2: 'split' is three percentages"));
    CU_ASSERT_EQUAL(parse("format: league\nsplit: 60\nfield:\n  - {count: 8, strategy: greedy}\n",
                          err, sizeof err),
                    CS_ESYNTAX);
    CU_ASSERT_EQUAL(parse("format: league\nsplit: [60, 40, 10]\nfield:\n  - {count: 8, "
                          "strategy: greedy}\n",
                          err, sizeof err),
                    CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "adds up to 110%"));
    CU_ASSERT_EQUAL(parse("format: league\nreset: maybe\nfield:\n  - {count: 8, strategy: "
                          "greedy}\n",
                          err, sizeof err),
                    CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2: 'reset' must be true or false, not 'maybe'"));
    CU_ASSERT_EQUAL(parse("format: league\nfield:\n  - {name: Al, count: 2, strategy: greedy}\n",
                          err, sizeof err),
                    CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "give no 'name'"));
    /* a key given twice in one entrant, even apart */
    CU_ASSERT_EQUAL(parse("format: league\nfield:\n  - {strategy: greedy, name: Al, strategy: "
                          "random}\n  - {count: 7, strategy: greedy}\n",
                          err, sizeof err),
                    CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:3: key 'strategy' repeated"));
    /* an entrant's name given twice, the first entrant's included */
    CU_ASSERT_EQUAL(parse("format: league\nfield:\n  - Ann: greedy\n  - Bob: greedy\n  - Ann: "
                          "random\n",
                          err, sizeof err),
                    CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:5: entrant name 'Ann' repeated"));
    /* a number of 400 digits is out of range, not read in part (nor past the reader's buffer) */
    char big[600];
    int at = snprintf(big, sizeof big, "format: league\nseed: ");
    memset(big + at, '7', 400);
    snprintf(big + at + 400, sizeof big - (size_t)at - 400,
             "\nfield:\n  - {count: 8, strategy: greedy}\n");
    CU_ASSERT_EQUAL(parse(big, err, sizeof err), CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2: 'seed' must be a whole number from 0 to"));
    /* the largest fee and draw allowed, $100,000 each */
    CU_ASSERT_EQUAL(parse("format: league\nfee_cents: 10000000\ndraw_cents: 10000000\nfield:\n  "
                          "- {count: 8, strategy: greedy}\n",
                          err, sizeof err),
                    0);
    CU_ASSERT_EQUAL(parse("format: league\ndraw_cents: 10000001\nfield:\n  - {count: 8, "
                          "strategy: greedy}\n",
                          err, sizeof err),
                    CS_ERANGE);
    /* four players without partnerships are not a format's game either */
    CU_ASSERT_EQUAL(parse("format: league\nrules: {partnership: no}\nfield:\n  - {count: 8, "
                          "strategy: greedy}\n",
                          err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2: every format's game is played by two"));
}

#define SPEC_FILE CS_BINARY_DIR "/test_events_spec_tmp.yaml"

/* A spec longer than the reader's first 64 KB buffer (65,537 bytes: a comment pads it) is read
 * whole, to its last byte: the seed's last digit. */
static void test_event_spec_load_reads_past_its_first_buffer(void) {
    const char head[] = "format: league\nfield:\n  - {count: 8, strategy: greedy}\n#";
    const char tail[] = "\nseed: 42";
    const size_t size = 65537;
    FILE *fp = fopen(SPEC_FILE, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
    fputs(head, fp);
    for (size_t i = strlen(head) + strlen(tail); i < size; i++) fputc('x', fp);
    fputs(tail, fp);
    CU_ASSERT_EQUAL(ftell(fp), (long)size);
    fclose(fp);
    static cs_event_spec spec;
    char err[1024];
    CU_ASSERT_EQUAL(cs_event_spec_load(SPEC_FILE, &spec, err, sizeof err), 0);
    CU_ASSERT_EQUAL(spec.seed, 42);
    CU_ASSERT_EQUAL(spec.field.n, 8);
    CU_ASSERT_STRING_EQUAL(spec.name, "test_events_spec_tmp");
    cs_event_spec_free(&spec);
    /* one byte over 16 MB is refused before it is parsed */
    fp = fopen(SPEC_FILE, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
    static char pad[1 << 16];
    memset(pad, '#', sizeof pad);
    for (int i = 0; i < 256; i++) fwrite(pad, 1, sizeof pad, fp);
    fputc('\n', fp);
    fclose(fp);
    CU_ASSERT_EQUAL(cs_event_spec_load(SPEC_FILE, &spec, err, sizeof err), CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "is larger than 16 MB"));
    remove(SPEC_FILE);
}

/* ---- hand-worked scenarios: each pins one rule with its exact outcome ---- */

/* One event of a format driven by hand: the state, the generator it keeps a pointer to, and
 * the field and parameters it reads (heap-held: none of them may move while it runs). */
typedef struct {
    const cs_event_format *f;
    void *st;
    cs_pcg32 rng;
    cs_field field;
    cs_event_params p;
} hand_event;

static hand_event *hand_start(const cs_event_format *f, const cs_field *field,
                              const cs_event_params *p, uint64_t seed) {
    hand_event *x = calloc(1, sizeof *x);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    x->f = f;
    x->field = *field;
    x->p = *p;
    x->st = calloc(1, f->state_size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x->st);
    x->rng = cs_pcg32_derive(seed, 0, CS_STREAM_EVENT, 0);
    char why[256];
    CU_ASSERT_EQUAL_FATAL(f->init(x->st, &x->p, &x->field, &x->rng, why, sizeof why), 0);
    return x;
}

static void hand_free(hand_event *x) {
    free(x->st);
    free(x);
}

static int hand_next(hand_event *x, cs_event_game g[]) {
    return x->f->next_round(x->st, g, CS_EVENT_ROUND_MAX);
}

/* Records game i of the round: side `winner` (-1 a tie) with side scores a (side 0), b (side
 * 1) and, at a table of three, c (side 2); the first dealer is the game's seat, or seat 0 when
 * it was cut for. */
static void hand_give(hand_event *x, int i, const cs_event_game *g, int winner, int a, int b,
                      int c) {
    int sc[4] = {a, b, c, 0};
    cs_game_record r = record_of(g, winner, sc);
    r.first_dealer = (uint8_t)(g->first_dealer < 0 ? 0 : g->first_dealer);
    give(x->f, x->st, i, g, &r);
}

/* The standings row of entrant e (NULL if none). */
static const cs_standing *row_of(const cs_standing rows[], int n, int e) {
    for (int i = 0; i < n; i++)
        if (rows[i].entrant == e) return &rows[i];
    return NULL;
}

static int same_pair(int a, int b, int x, int y) {
    return (a == x && b == y) || (a == y && b == x);
}

/* A tie at every table, three rounds: each table's movers are the side the cut (low card, drawn
 * from the event's generator at that moment) names, and the other side stays. */
static void test_nz_tied_game_goes_to_a_cut(void) {
    cs_field f = field_of(12);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 4;
    p.day_one_games = 4;
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 21);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 3);
    int cut_to[2] = {0, 0};
    for (int round = 0; round < 3; round++) {
        int move[3][2], stay[3][2];
        for (int t = 0; t < 3; t++) {
            cs_pcg32 copy = x->rng;
            int w = cs_event_cut(2, &copy);
            cut_to[w]++;
            move[t][0] = g[t].entrant[w];
            move[t][1] = g[t].entrant[w + 2];
            stay[t][0] = g[t].entrant[w ^ 1];
            stay[t][1] = g[t].entrant[(w ^ 1) + 2];
            hand_give(x, t, &g[t], -1, 100, 100, 0);
        }
        CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 3);
        for (int t = 0; t < 3; t++) {
            int from = (t + 2) % 3;
            CU_ASSERT_EQUAL(g[t].entrant[0], stay[t][0]);
            CU_ASSERT_EQUAL(g[t].entrant[1], stay[t][1]);
            CU_ASSERT_TRUE(
                same_pair(g[t].entrant[2], g[t].entrant[3], move[from][0], move[from][1]));
        }
    }
    /* the scenario has cuts won by each side */
    CU_ASSERT_TRUE(cut_to[0] > 0 && cut_to[1] > 0);
    for (int t = 0; t < 3; t++) hand_give(x, t, &g[t], -1, 100, 100, 0);
    CU_ASSERT_EQUAL(hand_next(x, g), 1); /* all twelve tie on four clips: a play-off */
    hand_free(x);
}

/* One game at two tables, 121-100 and 110-100, no play-off: clips first, then points for
 * (121 above 110), then fewer points against (100 losing to 110 above 100 losing to 121). */
static void test_nz_standings_rank_clips_then_points_for_then_fewer_against(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 1;
    p.day_one_games = 1;
    p.playoff = 0;
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 4);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
    hand_give(x, 0, &g[0], 0, 121, 100, 0);
    hand_give(x, 1, &g[1], 0, 110, 100, 0);
    cs_event_game more[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL(hand_next(x, more), 0);
    cs_standing rows[8];
    x->f->standings(x->st, rows);
    /* [place pair] = (table, side): 121 winners, 110 winners, losers to 110, losers to 121 */
    const int table[4] = {0, 1, 1, 0}, side[4] = {0, 0, 1, 1};
    const int clips[4] = {2, 2, 0, 0}, pf[4] = {121, 110, 100, 100}, pa[4] = {100, 100, 110, 121};
    for (int k = 0; k < 4; k++) {
        const cs_event_game *t = &g[table[k]];
        CU_ASSERT_TRUE(same_pair(rows[2 * k].entrant, rows[2 * k + 1].entrant, t->entrant[side[k]],
                                 t->entrant[side[k] + 2]));
        for (int m = 0; m < 2; m++) {
            const cs_standing *r = &rows[2 * k + m];
            CU_ASSERT_EQUAL(r->rank, 2 * k + m + 1);
            CU_ASSERT_DOUBLE_EQUAL(r->points, clips[k], 1e-9);
            CU_ASSERT_EQUAL(r->points_for, pf[k]);
            CU_ASSERT_EQUAL(r->points_against, pa[k]);
            CU_ASSERT_EQUAL(r->wins, k < 2);
            CU_ASSERT_EQUAL(r->losses, k >= 2);
            CU_ASSERT_EQUAL(r->ties, 0);
        }
    }
    hand_free(x);
}

/*
 * Two games at two tables leave three players on 3 clips. Game 1: table 0's side 0 (A, A')
 * wins 121-80, table 1 ties 100-100. Game 2: at table 0 the losers B, B' stay and take table
 * 1's movers C, C' as partners; B + C (seats 0 + 2) win 121-90; at table 1 the stayers D, D'
 * and the incoming A, A' tie 105-105. Clips: A, A' 2 + 1, C 1 + 2, B 0 + 2, D, D' 1 + 1, C'
 * 1 + 0, B' 0. Points for: A, A' 121 + 105 = 226, C 100 + 121 = 221, D 205, B 201. So the
 * play-off: A against A' (the first two in the tie-break order), the winner against C, who
 * wins 2-1 after a tied game is played again; C is first, then A and A' in their order.
 */
static void test_nz_three_way_tie_on_clips_plays_off_all_three(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 2;
    p.day_one_games = 2;
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 8);
    cs_event_game g1[CS_EVENT_ROUND_MAX], g2[CS_EVENT_ROUND_MAX], po[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g1), 2);
    hand_give(x, 0, &g1[0], 0, 121, 80, 0);
    hand_give(x, 1, &g1[1], -1, 100, 100, 0);
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g2), 2);
    int A = g1[0].entrant[0], A2 = g1[0].entrant[2];
    int B = g1[0].entrant[1], B2 = g1[0].entrant[3];
    CU_ASSERT_EQUAL_FATAL(g2[0].entrant[0], B); /* the losers stay, on opposite sides */
    CU_ASSERT_EQUAL_FATAL(g2[0].entrant[1], B2);
    CU_ASSERT_TRUE_FATAL(same_pair(g2[1].entrant[2], g2[1].entrant[3], A, A2));
    int C = g2[0].entrant[2], C2 = g2[0].entrant[3], D = g2[1].entrant[0], D2 = g2[1].entrant[1];
    hand_give(x, 0, &g2[0], 0, 121, 90, 0);
    hand_give(x, 1, &g2[1], -1, 105, 105, 0);
    /* the play-off: the first two of the tie-break order, A and A' (their order is the cut) */
    CU_ASSERT_EQUAL_FATAL(hand_next(x, po), 1);
    CU_ASSERT_EQUAL(po[0].n_seats, 2);
    /* two-player rules, two deals each, no skunks; the other two seats empty */
    CU_ASSERT_EQUAL(po[0].rules->players, 2);
    CU_ASSERT_EQUAL(po[0].rules->max_deals, 4);
    CU_ASSERT_EQUAL(po[0].rules->skunk_line, 0);
    CU_ASSERT_EQUAL(po[0].rules->double_skunk_line, 0);
    CU_ASSERT_EQUAL(po[0].rules->triple_skunk_line, 0);
    CU_ASSERT_EQUAL(po[0].rules->lurch_line, 0);
    CU_ASSERT_EQUAL(po[0].entrant[2], -1);
    CU_ASSERT_EQUAL(po[0].entrant[3], -1);
    CU_ASSERT_TRUE_FATAL(same_pair(po[0].entrant[0], po[0].entrant[1], A, A2));
    int first = po[0].entrant[0], second = po[0].entrant[1];
    /* the second in order wins two: it plays C next */
    hand_give(x, 0, &po[0], 1, 40, 62, 0);
    CU_ASSERT_EQUAL_FATAL(hand_next(x, po), 1);
    CU_ASSERT_EQUAL(po[0].entrant[0], first);
    CU_ASSERT_EQUAL(po[0].entrant[1], second);
    /* what the players are told: best of three, the second one game up, each win one game */
    CU_ASSERT_EQUAL(po[0].match.kind, CS_MATCH_BEST_OF);
    CU_ASSERT_EQUAL(po[0].match.games_to_win, 2);
    CU_ASSERT_EQUAL(po[0].match.won[0], 0);
    CU_ASSERT_EQUAL(po[0].match.won[1], 1);
    for (int k = 0; k < 4; k++) CU_ASSERT_EQUAL(po[0].match.game_wins[k], 1);
    hand_give(x, 0, &po[0], 1, 50, 61, 0);
    CU_ASSERT_EQUAL_FATAL(hand_next(x, po), 1);
    CU_ASSERT_EQUAL(po[0].entrant[0], second);
    CU_ASSERT_EQUAL_FATAL(po[0].entrant[1], C);
    hand_give(x, 0, &po[0], -1, 55, 55, 0); /* a tied play-off game is played again */
    const int po_winner[3] = {0, 1, 1};     /* then 1-0 up, and C wins the next two */
    for (int k = 0; k < 3; k++) {
        CU_ASSERT_EQUAL_FATAL(hand_next(x, po), 1);
        CU_ASSERT_EQUAL(po[0].entrant[1], C);
        CU_ASSERT_EQUAL(po[0].match.won[0], k > 0);
        CU_ASSERT_EQUAL(po[0].match.won[1], k > 1);
        int w = po_winner[k];
        hand_give(x, 0, &po[0], w, w == 0 ? 61 : 48, w == 1 ? 66 : 50, 0);
    }
    CU_ASSERT_EQUAL(hand_next(x, po), 0);
    cs_standing rows[8];
    x->f->standings(x->st, rows);
    cs_event_totals t;
    x->f->totals(x->st, &t);
    CU_ASSERT_EQUAL(t.playoff_games, 6);
    const int order[8] = {C, first, second, -1, -1, B, C2, B2};
    for (int k = 0; k < 8; k++) {
        CU_ASSERT_EQUAL(rows[k].rank, k + 1);
        if (order[k] >= 0) CU_ASSERT_EQUAL(rows[k].entrant, order[k]);
    }
    CU_ASSERT_TRUE(same_pair(rows[3].entrant, rows[4].entrant, D, D2));
    const int who[8] = {A, A2, C, B, D, D2, C2, B2};
    const int clips[8] = {3, 3, 3, 2, 2, 2, 1, 0};
    const int pf[8] = {226, 226, 221, 201, 205, 205, 190, 170};
    const int pa[8] = {185, 185, 190, 211, 205, 205, 221, 242};
    for (int k = 0; k < 8; k++) {
        const cs_standing *r = row_of(rows, 8, who[k]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        CU_ASSERT_DOUBLE_EQUAL(r->points, clips[k], 1e-9);
        CU_ASSERT_EQUAL(r->points_for, pf[k]);
        CU_ASSERT_EQUAL(r->points_against, pa[k]);
    }
    hand_free(x);
}

/* A play-off that never finds a winner ends after 65 games: the first in the tie-break order
 * keeps first place (here the challenger won the first game, and every game after is tied). */
static void test_nz_playoff_of_endless_ties_stops_with_the_leader_first(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 1;
    p.day_one_games = 1;
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 17);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
    hand_give(x, 0, &g[0], 0, 121, 90, 0); /* two on 2 clips, differing by the cut only */
    hand_give(x, 1, &g[1], -1, 100, 100, 0);
    int n = 0, leader = -1;
    while (hand_next(x, g) == 1) {
        if (n == 0) leader = g[0].entrant[0];
        CU_ASSERT_EQUAL(g[0].match.won[1], n > 0); /* the challenger won the first game */
        hand_give(x, 0, &g[0], n == 0 ? 1 : -1, 60, n == 0 ? 61 : 60, 0);
        n++;
        CU_ASSERT_TRUE_FATAL(n <= 65);
    }
    CU_ASSERT_EQUAL(n, 65);
    cs_event_totals t;
    x->f->totals(x->st, &t);
    CU_ASSERT_EQUAL(t.playoff_games, 65);
    cs_standing rows[8];
    x->f->standings(x->st, rows);
    CU_ASSERT_EQUAL(rows[0].entrant, leader);
    hand_free(x);
}

/* With `games` left at 0 the format plays its own default, two sets of nine: 18 rounds at the
 * two tables of eight players (side 0 winning every game, so no play-off). */
static void test_nz_plays_eighteen_games_by_default(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    CU_ASSERT_EQUAL(p.games, 0);
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 5);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    int rounds = 0, n;
    while ((n = hand_next(x, g)) == 2 && rounds < 100) {
        for (int t = 0; t < 2; t++) hand_give(x, t, &g[t], 0, 121, 100, 0);
        rounds++;
    }
    CU_ASSERT_EQUAL(rounds, 18);
    hand_free(x);
}

/* Side of entrant e at a game (-1 if not seated). */
static int side_of(const cs_event_game *g, int e) {
    for (int s = 0; s < g->n_seats; s++)
        if (g->entrant[s] == e) return s & 1;
    return -1;
}

/*
 * Plays two games where Hornby's nominated player (entrant 0) wins the first and loses the
 * second and Avon's two (1 and 2) lose the first and win the second: Hornby 2 clips to 0 on day
 * one, 2 to 4 over both games. Returns the trophy's club.
 */
static int trophy_after_two_games(int day_one_games) {
    cs_field f = field_of(8);
    snprintf(f.entrant[0].club, sizeof f.entrant[0].club, "Hornby");
    snprintf(f.entrant[1].club, sizeof f.entrant[1].club, "Avon");
    snprintf(f.entrant[2].club, sizeof f.entrant[2].club, "Avon");
    snprintf(f.entrant[5].club, sizeof f.entrant[5].club, "Avon"); /* not nominated */
    f.entrant[0].nominated = f.entrant[1].nominated = f.entrant[2].nominated = 1;
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 2;
    p.day_one_games = day_one_games;
    p.playoff = 0;
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 6);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    int won[3] = {0, 0, 0};
    for (int game = 0; game < 2; game++) {
        CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
        for (int t = 0; t < 2; t++) {
            int h = side_of(&g[t], 0), a1 = side_of(&g[t], 1), a2 = side_of(&g[t], 2), w = 0;
            if (game == 0)
                w = h >= 0 ? h : a1 >= 0 ? a1 ^ 1 : a2 >= 0 ? a2 ^ 1 : 0;
            else
                w = a1 >= 0 ? a1 : a2 >= 0 ? a2 : h >= 0 ? h ^ 1 : 0;
            won[0] += h == w;
            won[1] += a1 == w;
            won[2] += a2 == w;
            hand_give(x, t, &g[t], w, w == 0 ? 121 : 95, w == 1 ? 121 : 95, 0);
        }
    }
    /* the scenario: entrant 0 won game 1 only, entrants 1 and 2 game 2 only */
    CU_ASSERT_EQUAL_FATAL(won[0], 1);
    CU_ASSERT_EQUAL_FATAL(won[1], 1);
    CU_ASSERT_EQUAL_FATAL(won[2], 1);
    CU_ASSERT_EQUAL(hand_next(x, g), 0);
    cs_standing rows[8];
    x->f->standings(x->st, rows);
    cs_event_totals t;
    x->f->totals(x->st, &t);
    hand_free(x);
    return t.team_winner;
}

static void test_nz_team_trophy_counts_only_the_first_days_games(void) {
    CU_ASSERT_EQUAL(trophy_after_two_games(1), 0); /* Hornby 2, Avon 0 */
    CU_ASSERT_EQUAL(trophy_after_two_games(2), 1); /* Hornby 2, Avon 4 */
}

/* Every game tied: three clubs' nominated players each on one clip; the club listed first in
 * the field (Riccarton, entrant 0) takes the trophy. */
static void test_nz_team_trophy_tie_goes_to_the_club_listed_first(void) {
    cs_field f = field_of(8);
    const char *club[3] = {"Riccarton", "Avon", "Hornby"};
    const int who[3] = {0, 3, 5};
    for (int c = 0; c < 3; c++) {
        snprintf(f.entrant[who[c]].club, sizeof f.entrant[0].club, "%s", club[c]);
        f.entrant[who[c]].nominated = 1;
    }
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 1;
    p.day_one_games = 1;
    p.playoff = 0;
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 2);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
    for (int t = 0; t < 2; t++) hand_give(x, t, &g[t], -1, 99, 99, 0);
    CU_ASSERT_EQUAL(hand_next(x, g), 0);
    cs_standing rows[8];
    x->f->standings(x->st, rows);
    cs_event_totals t;
    x->f->totals(x->st, &t);
    CU_ASSERT_EQUAL(t.team_winner, 0);
    hand_free(x);
}

/*
 * Plays a bracket of four teams to its end by a script. Stage 1: W beats X, Y beats Z (W, X,
 * Y, Z in bracket order). Stage 2: W beats Y in the winners' bracket; X beats Z, who is out.
 * Stage 3: Y (dropped first) against X (back of the queue): X wins, Y is out. The grand final:
 * X beats W; with a reset the final is played again and W wins it. Every match 2-0. Checks
 * each match's teams as it starts; returns the totals and fills rows and the teams' order.
 */
static cs_event_totals bracket_of_four(int reset, cs_standing rows[8], int team[4]) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.reset = reset;
    hand_event *x = hand_start(&cs_event_format_double_elimination, &f, &p, 6);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    int n = hand_next(x, g);
    CU_ASSERT_EQUAL_FATAL(n, 2);
    enum { W, X, Y, Z };
    team[W] = g[0].entrant[0] / 2; /* teams pair entrants in field order: 0+1, 2+3 ... */
    team[X] = g[0].entrant[1] / 2;
    team[Y] = g[1].entrant[0] / 2;
    team[Z] = g[1].entrant[1] / 2;
    const int side0[7] = {W, Y, W, X, Y, W, X}, side1[7] = {X, Z, Y, Z, X, X, W};
    const int winner[7] = {W, Y, W, X, X, X, W};
    int started = 0, slot_winner[CS_EVENT_ROUND_MAX];
    do {
        for (int i = 0; i < n; i++) {
            if (g[i].match.won[0] + g[i].match.won[1] == 0) { /* a new match */
                CU_ASSERT_TRUE_FATAL(started < 7);
                CU_ASSERT_EQUAL(g[i].entrant[0] / 2, team[side0[started]]);
                CU_ASSERT_EQUAL(g[i].entrant[1] / 2, team[side1[started]]);
                slot_winner[i] = g[i].entrant[0] / 2 == team[winner[started]] ? 0 : 1;
                started++;
            }
            int w = slot_winner[i];
            hand_give(x, i, &g[i], w, w == 0 ? 121 : 95, w == 1 ? 121 : 95, 0);
        }
    } while ((n = hand_next(x, g)) > 0);
    CU_ASSERT_EQUAL(started, reset ? 7 : 6);
    x->f->standings(x->st, rows);
    cs_event_totals t;
    x->f->totals(x->st, &t);
    hand_free(x);
    return t;
}

static void test_double_elimination_final_is_reset_when_the_once_beaten_team_wins_it(void) {
    cs_standing rows[8];
    int team[4];
    cs_event_totals t = bracket_of_four(1, rows, team);
    CU_ASSERT_EQUAL(t.matches, 7); /* 2t - 1 with the reset */
    /* W, X, Y, Z: champion, runner-up, out in stage 3, out in stage 2 */
    const int matches_won[4] = {3, 3, 1, 0}, games_won[4] = {6, 6, 2, 0};
    const int games_lost[4] = {2, 4, 4, 4};
    for (int k = 0; k < 8; k++) {
        int x = k / 2; /* every game 121 to 95 */
        CU_ASSERT_EQUAL(rows[k].entrant / 2, team[x]);
        CU_ASSERT_EQUAL(rows[k].rank, x + 1);
        CU_ASSERT_DOUBLE_EQUAL(rows[k].points, matches_won[x], 1e-9);
        CU_ASSERT_EQUAL(rows[k].wins, games_won[x]);
        CU_ASSERT_EQUAL(rows[k].losses, games_lost[x]);
        CU_ASSERT_EQUAL(rows[k].ties, 0);
        CU_ASSERT_EQUAL(rows[k].points_for, 121 * games_won[x] + 95 * games_lost[x]);
        CU_ASSERT_EQUAL(rows[k].points_against, 95 * games_won[x] + 121 * games_lost[x]);
        CU_ASSERT_EQUAL(rows[k].prize_cents, 0);
    }
    /* without the reset the once-beaten team's win of the final takes the event */
    t = bracket_of_four(0, rows, team);
    CU_ASSERT_EQUAL(t.matches, 6);
    const int place[4] = {1, 0, 2, 3}; /* X, W, Y, Z */
    for (int k = 0; k < 8; k++) {
        CU_ASSERT_EQUAL(rows[k].entrant / 2, team[place[k / 2]]);
        CU_ASSERT_EQUAL(rows[k].rank, k / 2 + 1);
    }
}

/* best_of N: a match goes to N / 2 + 1 wins. Two teams, best of 5: the first match 3-2 (five
 * games), the final 3-0; best of 1: each match one game. */
static void test_double_elimination_best_of_five_and_of_one(void) {
    const int best_of[2] = {5, 1}, games[2][2] = {{5, 3}, {1, 1}};
    for (int c = 0; c < 2; c++) {
        cs_field f = field_of(4);
        cs_event_params p;
        cs_event_params_defaults(&p);
        p.best_of = best_of[c];
        hand_event *x = hand_start(&cs_event_format_double_elimination, &f, &p, 2);
        cs_event_game g[CS_EVENT_ROUND_MAX];
        for (int m = 0; m < 2; m++)
            for (int k = 0; k < games[c][m]; k++) {
                CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 1);
                CU_ASSERT_EQUAL(g[0].match.games_to_win, best_of[c] / 2 + 1);
                CU_ASSERT_EQUAL(g[0].match.won[0] + g[0].match.won[1], k);
                /* the first match: side 1 wins the first two, side 0 the last three */
                int w = m == 0 && k < 2 ? 1 : 0;
                hand_give(x, 0, &g[0], w, w == 0 ? 121 : 90, w == 1 ? 121 : 90, 0);
            }
        CU_ASSERT_EQUAL(hand_next(x, g), 0); /* the unbeaten team took the final */
        cs_event_totals t;
        x->f->totals(x->st, &t);
        CU_ASSERT_EQUAL(t.matches, 2);
        hand_free(x);
    }
    /* an even best_of, none and a negative one cannot decide a match: refused */
    const int refused[4] = {0, 2, 4, -1};
    for (int c = 0; c < 4; c++) {
        cs_field f = field_of(4);
        cs_event_params p;
        cs_event_params_defaults(&p);
        p.best_of = refused[c];
        void *st = calloc(1, cs_event_format_double_elimination.state_size);
        CU_ASSERT_PTR_NOT_NULL_FATAL(st);
        cs_pcg32 rng = cs_pcg32_derive(1, 0, CS_STREAM_EVENT, 0);
        char why[256] = "";
        CU_ASSERT_EQUAL(cs_event_format_double_elimination.init(st, &p, &f, &rng, why, sizeof why),
                        CS_ECONFIG);
        CU_ASSERT_PTR_NOT_NULL(strstr(why, "best_of must be odd"));
        free(st);
    }
}

static void test_double_elimination_ranks_teams_out_later_above_those_out_earlier(void) {
    cs_standing rows[8];
    int team[4];
    bracket_of_four(1, rows, team);
    /* Y went out in stage 3 with one match won, Z in stage 2 with none */
    CU_ASSERT_EQUAL(rows[4].entrant / 2, team[2]);
    CU_ASSERT_EQUAL(rows[6].entrant / 2, team[3]);
    CU_ASSERT_EQUAL(rows[4].rank, 3);
    CU_ASSERT_EQUAL(rows[6].rank, 4);
}

/*
 * Seven teams (fourteen entrants paired in field order, team t = entrants 2t and 2t + 1), best
 * of one, seed 3, which draws team 1 the bye. Stage 1: 2 beats 3, 5 beats 4, 6 beats 0. Stage
 * 2: 1 beats 2 and 5 beats 6 in the winners' bracket, 3 beats 4 in the losers' (4 out). Stage
 * 3: 1 beats 5; in the losers' bracket 2 beats 0 and 3 beats 6, so 0 and 6 go out in the same
 * stage, 6 with a match won (over 0) and 0 with none: 6 takes fifth place, 0 sixth. Stage 4: 5
 * beats 2; stage 5: 3 beats 5; the final: 1 beats 3, whose second loss it is. Every game a
 * player is dealt says only what a best-of-one match means.
 */
static void test_double_elimination_teams_out_together_rank_by_matches_won(void) {
    cs_field f = field_of(14);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.best_of = 1;
    hand_event *x = hand_start(&cs_event_format_double_elimination, &f, &p, 3);
    enum { MATCHES = 12 };
    const int side0[MATCHES] = {2, 5, 6, 1, 5, 3, 1, 0, 6, 5, 3, 1};
    const int side1[MATCHES] = {3, 4, 0, 2, 6, 4, 5, 2, 3, 2, 5, 3};
    const int winner[MATCHES] = {2, 5, 6, 1, 5, 3, 1, 2, 3, 5, 3, 1};
    const int round_size[6] = {3, 3, 3, 1, 1, 1};
    cs_event_game g[CS_EVENT_ROUND_MAX];
    int n, played = 0, rounds = 0;
    while ((n = hand_next(x, g)) > 0) {
        CU_ASSERT_TRUE_FATAL(rounds < 6);
        CU_ASSERT_EQUAL_FATAL(n, round_size[rounds]);
        rounds++;
        for (int i = 0; i < n; i++, played++) {
            const cs_match_context *m = &g[i].match;
            CU_ASSERT_EQUAL(g[i].entrant[0] / 2, side0[played]);
            CU_ASSERT_EQUAL(g[i].entrant[1] / 2, side1[played]);
            CU_ASSERT_EQUAL(m->kind, CS_MATCH_BEST_OF);
            CU_ASSERT_EQUAL(m->format, CS_EVENT_FORMAT_DOUBLE_ELIMINATION);
            CU_ASSERT_EQUAL(m->games_to_win, 1);
            for (int k = 0; k < 4; k++) {
                CU_ASSERT_EQUAL(m->won[k], 0);
                CU_ASSERT_EQUAL(m->game_wins[k], 1);
                CU_ASSERT_DOUBLE_EQUAL(m->points_win[k], 0, 0);
            }
            CU_ASSERT_DOUBLE_EQUAL(m->points_tie + m->points_loss + m->points_per_score, 0, 0);
            int w = g[i].entrant[0] / 2 == winner[played] ? 0 : 1;
            hand_give(x, i, &g[i], w, w == 0 ? 121 : 95, w == 1 ? 121 : 95, 0);
        }
    }
    CU_ASSERT_EQUAL(played, MATCHES);
    cs_standing rows[14];
    x->f->standings(x->st, rows);
    cs_event_totals t;
    x->f->totals(x->st, &t);
    CU_ASSERT_EQUAL(t.matches, MATCHES);
    const int place[7] = {1, 3, 5, 2, 6, 0, 4}, matches_won[7] = {3, 3, 3, 2, 1, 0, 0};
    for (int k = 0; k < 14; k++) {
        CU_ASSERT_EQUAL(rows[k].entrant / 2, place[k / 2]);
        CU_ASSERT_EQUAL(rows[k].rank, k / 2 + 1);
        CU_ASSERT_DOUBLE_EQUAL(rows[k].points, matches_won[k / 2], 1e-9);
    }
    hand_free(x);
}

/*
 * The draws an nz event starts with, from its generator: the field shuffled once and dealt to
 * the tables in order (seat 0 to 3 of table 0, then table 1 ...), then one tie-break key per
 * player, and nothing more; the first cut for a tied game is the next draw.
 */
static void test_nz_seating_is_one_shuffle_dealt_table_by_table(void) {
    cs_field f = field_of(12);
    cs_event_params p;
    cs_event_params_defaults(&p);
    hand_event *x = hand_start(&cs_event_format_nz, &f, &p, 9);
    cs_pcg32 draws = cs_pcg32_derive(9, 0, CS_STREAM_EVENT, 0);
    int order[12];
    for (int i = 0; i < 12; i++) order[i] = i;
    cs_event_shuffle(order, 12, &draws);
    for (int i = 0; i < 12; i++) (void)cs_pcg32_next(&draws); /* the keys */
    cs_event_game g[3]; /* room for the round's three tables, no more */
    CU_ASSERT_EQUAL_FATAL(x->f->next_round(x->st, g, 3), 3);
    for (int t = 0; t < 3; t++)
        for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(g[t].entrant[s], order[4 * t + s]);
    CU_ASSERT_EQUAL(cs_pcg32_next(&x->rng), cs_pcg32_next(&draws));
    hand_free(x);
}

/*
 * Five players: a table of three and a table of two. The format takes a round's results in
 * any order: recording the two's result before the three's seats the next game exactly as
 * recording them in table order does (the three's winner on 121, its others on 110 and 90: the
 * one on 90 stays).
 */
static void test_league_results_may_be_recorded_in_any_order(void) {
    cs_event_game next[2][CS_EVENT_ROUND_MAX];
    for (int reverse = 0; reverse < 2; reverse++) {
        cs_field f = field_of(5);
        cs_event_params p;
        cs_event_params_defaults(&p);
        p.games = 2;
        hand_event *x = hand_start(&cs_event_format_league, &f, &p, 4);
        cs_event_game g[CS_EVENT_ROUND_MAX];
        CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
        CU_ASSERT_EQUAL_FATAL(g[0].n_seats, 3);
        CU_ASSERT_EQUAL_FATAL(g[1].n_seats, 2);
        if (reverse) hand_give(x, 1, &g[1], 0, 121, 100, 0);
        hand_give(x, 0, &g[0], 0, 121, 110, 90);
        if (!reverse) hand_give(x, 1, &g[1], 0, 121, 100, 0);
        CU_ASSERT_EQUAL_FATAL(hand_next(x, next[reverse]), 2);
        /* the three: the one on 90 stays, the two's players come in */
        CU_ASSERT_EQUAL(next[reverse][0].entrant[0], g[0].entrant[2]);
        CU_ASSERT_EQUAL(next[reverse][0].entrant[1], g[1].entrant[0]);
        CU_ASSERT_EQUAL(next[reverse][0].entrant[2], g[1].entrant[1]);
        /* the two: the three's other players */
        CU_ASSERT_EQUAL(next[reverse][1].entrant[0], g[0].entrant[0]);
        CU_ASSERT_EQUAL(next[reverse][1].entrant[1], g[0].entrant[1]);
        hand_free(x);
    }
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(next[0][t].entrant[s], next[1][t].entrant[s]);
}

/* A league game tells the players what each result is worth, the league's way: a loss the
 * shortfall to 121 (negated, more is better), a win nothing, a skunk 1, a double or triple 2;
 * nothing else. A league of no weeks is refused. */
static void test_league_game_says_what_each_result_is_worth(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    hand_event *x = hand_start(&cs_event_format_league, &f, &p, 2);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
    const double win[4] = {0, 1, 2, 2};
    for (int t = 0; t < 2; t++) {
        const cs_match_context *m = &g[t].match;
        CU_ASSERT_EQUAL(m->kind, CS_MATCH_POINTS);
        CU_ASSERT_EQUAL(m->format, CS_EVENT_FORMAT_LEAGUE);
        CU_ASSERT_EQUAL(m->games_to_win, 0);
        for (int k = 0; k < 4; k++) {
            CU_ASSERT_DOUBLE_EQUAL(m->points_win[k], win[k], 0);
            CU_ASSERT_EQUAL(m->won[k], 0);
            CU_ASSERT_EQUAL(m->game_wins[k], 0);
        }
        CU_ASSERT_DOUBLE_EQUAL(m->points_tie, 0, 0);
        CU_ASSERT_DOUBLE_EQUAL(m->points_loss, -121, 0);
        CU_ASSERT_DOUBLE_EQUAL(m->points_per_score, 1, 0);
        CU_ASSERT_EQUAL(g[t].first_dealer, CS_FIRST_DEALER_CUT);
    }
    hand_free(x);
    p.weeks = 0;
    void *st = calloc(1, cs_event_format_league.state_size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    cs_pcg32 rng = cs_pcg32_derive(2, 0, CS_STREAM_EVENT, 0);
    char why[256];
    CU_ASSERT_EQUAL(cs_event_format_league.init(st, &p, &f, &rng, why, sizeof why), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "one week"));
    free(st);
}

/*
 * Two teams play two three-game matches (the first match and the final): the cut for game 1
 * of match m goes to seat cut_dealer[m], side winners[m][k] wins game k, and each game's
 * first dealer must be want_dealer[m][k] (-1: cut for). Returns the event, to check on.
 */
static hand_event *two_three_game_matches(const int cut_dealer[2], const int winners[2][3],
                                          const int want_dealer[2][3]) {
    cs_field f = field_of(4);
    cs_event_params p;
    cs_event_params_defaults(&p);
    hand_event *x = hand_start(&cs_event_format_double_elimination, &f, &p, 12);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    for (int m = 0; m < 2; m++)
        for (int k = 0; k < 3; k++) {
            CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 1);
            CU_ASSERT_EQUAL(g[0].match.won[0] + g[0].match.won[1], k);
            CU_ASSERT_EQUAL(g[0].first_dealer, k == 0 ? CS_FIRST_DEALER_CUT : want_dealer[m][k]);
            int w = winners[m][k], sc[4] = {w == 0 ? 121 : 100, w == 1 ? 121 : 100};
            cs_game_record r = record_of(&g[0], w, sc);
            r.first_dealer = (uint8_t)(k == 0 ? cut_dealer[m] : g[0].first_dealer);
            give(x->f, x->st, 0, &g[0], &r);
        }
    return x;
}

/*
 * Two teams: the first match and the grand final each go to three games. In the first match
 * seat 0 deals game 1 (the cut) and side 0 loses it, so side 0 deals game 2 with the partner
 * who has not dealt, seat 2; side 1 loses game 2 and deals game 3 with its first player, seat
 * 1. In the final seat 1 deals first and side 1 loses: seat 3 deals game 2; side 0 loses it:
 * seat 0 deals game 3.
 */
static void test_double_elimination_losing_team_deals_with_the_partner_who_has_not_dealt(void) {
    const int cut_dealer[2] = {0, 1};
    const int winners[2][3] = {{1, 0, 0}, {0, 1, 1}}, want_dealer[2][3] = {{-1, 2, 1}, {-1, 3, 0}};
    hand_free(two_three_game_matches(cut_dealer, winners, want_dealer));
}

/*
 * The cut goes to a partner in seat 2 or 3: who dealt is the seat, not the side. Two teams,
 * two three-game matches. First match: seat 2 wins the cut and deals game 1; side 0 loses it
 * and deals game 2 with seat 0, the partner who has not dealt (not seat 2 again); side 1
 * loses game 2 and deals game 3 with seat 1 (neither of its seats has dealt: the first
 * player). The final: seat 3 wins the cut; side 0 loses game 1: seat 0 deals game 2; side 1
 * loses game 2: seat 1 deals game 3 (seat 3 dealt game 1). Side 0 wins both matches 2-1.
 */
static void test_double_elimination_cut_winner_in_seat_2_or_3_does_not_deal_twice(void) {
    const int cut_dealer[2] = {2, 3};
    const int winners[2][3] = {{1, 0, 0}, {1, 0, 0}}, want_dealer[2][3] = {{-1, 0, 1}, {-1, 0, 1}};
    hand_event *x = two_three_game_matches(cut_dealer, winners, want_dealer);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL(hand_next(x, g), 0); /* side 0 won the final: no reset */
    hand_free(x);
}

/* Seven players: a table of four and a table of three. At the three, the winner's skunk is the
 * least skunked loser's: losers on 85 (a skunk) and 50 (a double) make it a skunk, -1. */
static void test_league_table_of_three_skunk_is_the_least_skunked_losers(void) {
    for (int order = 0; order < 2; order++) {
        cs_field f = field_of(7);
        cs_event_params p;
        cs_event_params_defaults(&p);
        p.games = 1;
        hand_event *x = hand_start(&cs_event_format_league, &f, &p, 5);
        cs_event_game g[CS_EVENT_ROUND_MAX];
        CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
        CU_ASSERT_EQUAL_FATAL(g[1].n_seats, 3);
        CU_ASSERT_EQUAL(g[1].entrant[3], -1); /* no one in the empty seat */
        int lo1 = order ? 50 : 85, lo2 = order ? 85 : 50;
        hand_give(x, 0, &g[0], 0, 121, 100, 0);
        hand_give(x, 1, &g[1], 0, 121, lo1, lo2);
        CU_ASSERT_EQUAL(hand_next(x, g + 2), 0);
        cs_standing rows[7];
        x->f->standings(x->st, rows);
        const int who[7] = {g[1].entrant[0], g[1].entrant[1], g[1].entrant[2], g[0].entrant[0],
                            g[0].entrant[2], g[0].entrant[1], g[0].entrant[3]};
        const double want[7] = {-1, 121 - lo1, 121 - lo2, 0, 0, 21, 21};
        /* points against: the best opposing side's score */
        const int against[7] = {85, 121, 121, 100, 100, 121, 121};
        for (int k = 0; k < 7; k++) {
            const cs_standing *r = row_of(rows, 7, who[k]);
            CU_ASSERT_PTR_NOT_NULL_FATAL(r);
            CU_ASSERT_DOUBLE_EQUAL(r->points, want[k], 1e-9);
            CU_ASSERT_EQUAL(r->points_against, against[k]);
        }
        CU_ASSERT_EQUAL(rows[0].entrant, g[1].entrant[0]);
        hand_free(x);
    }
}

/*
 * Five players, a table of three (P, Q, R) and one of two (S, U), two games. Game 1: P wins
 * the three with Q on 118 and R on 116 (R, lowest, stays); S beats U, on 95. Game 2: R, S and U
 * at the three, U wins with R on 116 and S on 111; Q beats P, on 115, at the two. League
 * points: Q 3, P 6, S 0 + 10 = 10 with a win, R 5 + 5 = 10 without, U 26. S is third on wins
 * (points for are even: 121 + 111 and 116 + 116). With five players the pot is $32: $16, $10
 * and $6.
 */
static void test_league_night_tie_break_prefers_more_wins(void) {
    cs_field f = field_of(5);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 2;
    hand_event *x = hand_start(&cs_event_format_league, &f, &p, 9);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
    CU_ASSERT_EQUAL_FATAL(g[0].n_seats, 3);
    CU_ASSERT_EQUAL_FATAL(g[1].n_seats, 2);
    int P = g[0].entrant[0], Q = g[0].entrant[1], R = g[0].entrant[2];
    int S = g[1].entrant[0], U = g[1].entrant[1];
    hand_give(x, 0, &g[0], 0, 121, 118, 116);
    hand_give(x, 1, &g[1], 0, 121, 95, 0);
    CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
    /* the lowest at the three stays; the two come over; the three's others go to the two */
    CU_ASSERT_EQUAL_FATAL(g[0].entrant[0], R);
    CU_ASSERT_EQUAL_FATAL(g[0].entrant[1], S);
    CU_ASSERT_EQUAL_FATAL(g[0].entrant[2], U);
    CU_ASSERT_EQUAL_FATAL(g[1].entrant[0], P);
    CU_ASSERT_EQUAL_FATAL(g[1].entrant[1], Q);
    hand_give(x, 0, &g[0], 2, 116, 111, 121);
    hand_give(x, 1, &g[1], 1, 115, 121, 0);
    CU_ASSERT_EQUAL(hand_next(x, g), 0);
    cs_standing rows[5];
    x->f->standings(x->st, rows);
    const int order[5] = {Q, P, S, R, U};
    const double points[5] = {3, 6, 10, 10, 26};
    const int wins[5] = {1, 1, 1, 0, 1};
    const int64_t prize[5] = {1600, 1000, 600, 0, 0};
    for (int k = 0; k < 5; k++) {
        CU_ASSERT_EQUAL(rows[k].entrant, order[k]);
        CU_ASSERT_DOUBLE_EQUAL(rows[k].points, points[k], 1e-9);
        CU_ASSERT_EQUAL(rows[k].wins, wins[k]);
        CU_ASSERT_EQUAL(rows[k].prize_cents, prize[k]);
    }
    hand_free(x);
}

/*
 * A season of two nights of one game, eight players. Night 1: table 0's side 0 wins 121-100
 * (0 and 21), table 1's side 0 121-80 (a skunk: -1 and 41). Night 2, seated afresh: side 1
 * wins both, 121-110 (0 and 11) and 121-55 (a double: -2 and 66). Each player's season is
 * the sum of its two nights, and each night's $51.20 pot is paid once.
 */
static void test_league_season_adds_each_nights_points_once(void) {
    cs_field f = field_of(8);
    cs_event_params p;
    cs_event_params_defaults(&p);
    p.games = 1;
    p.weeks = 2;
    hand_event *x = hand_start(&cs_event_format_league, &f, &p, 14);
    cs_event_game g[CS_EVENT_ROUND_MAX];
    double want[8] = {0};
    int wins[8] = {0};
    const int winner[2] = {0, 1}, lose_score[2][2] = {{100, 80}, {110, 55}};
    const int win_points[2][2] = {{0, -1}, {0, -2}};
    for (int night = 0; night < 2; night++) {
        CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 2);
        CU_ASSERT_EQUAL(g[0].round, night); /* the round counts the season's games */
        for (int t = 0; t < 2; t++) {
            int w = winner[night], lo = lose_score[night][t];
            for (int s = 0; s < 4; s++) {
                int e = g[t].entrant[s];
                want[e] += (s & 1) == w ? win_points[night][t] : 121 - lo;
                wins[e] += (s & 1) == w;
            }
            hand_give(x, t, &g[t], w, w == 0 ? 121 : lo, w == 1 ? 121 : lo, 0);
        }
    }
    CU_ASSERT_EQUAL(hand_next(x, g), 0);
    cs_standing rows[8];
    x->f->standings(x->st, rows);
    int64_t paid = 0;
    for (int e = 0; e < 8; e++) {
        const cs_standing *r = row_of(rows, 8, e);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        CU_ASSERT_DOUBLE_EQUAL(r->points, want[e], 1e-9);
        CU_ASSERT_EQUAL(r->wins, wins[e]);
        CU_ASSERT_EQUAL(r->losses, 2 - wins[e]);
        paid += r->prize_cents;
    }
    CU_ASSERT_EQUAL(paid, 2 * 5120);
    hand_free(x);
}

/*
 * Partner memory lasts one night: over seasons of three nights of eight games (4, 8 and 12
 * players), every pairing at a table of four repeats no more of that night's partnerships than
 * the other pairing would, and the repeats the format counts as forced are exactly those of its
 * own night (four players at one table must repeat some).
 */
static void test_league_partners_are_remembered_for_one_night_only(void) {
    int forced_at_one_table = 0;
    for (int n = 4; n <= 12; n += 4)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            cs_field f = field_of(n);
            cs_event_params p;
            cs_event_params_defaults(&p);
            p.games = 8;
            p.weeks = 3;
            hand_event *x = hand_start(&cs_event_format_league, &f, &p, seed);
            cs_pcg32 res = cs_pcg32_derive(seed, 1, CS_STREAM_EVENT, 0);
            static uint8_t partnered[CS_EVENT_ENTRANTS_MAX][CS_EVENT_ENTRANTS_MAX];
            cs_event_game g[CS_EVENT_ROUND_MAX];
            int k, forced = 0, nights = 0;
            while ((k = hand_next(x, g)) > 0) {
                if (g[0].round % p.games == 0) {
                    memset(partnered, 0, sizeof partnered);
                    nights++;
                }
                for (int t = 0; t < k; t++) {
                    const int *e = g[t].entrant;
                    if (g[0].round % p.games != 0) {
                        int chosen = partnered[e[0]][e[2]] + partnered[e[1]][e[3]];
                        int other = partnered[e[0]][e[3]] + partnered[e[1]][e[2]];
                        CU_ASSERT_TRUE(chosen <= other);
                        forced += chosen > 0;
                    }
                    partnered[e[0]][e[2]] = partnered[e[2]][e[0]] = 1;
                    partnered[e[1]][e[3]] = partnered[e[3]][e[1]] = 1;
                    int w = (int)cs_pcg32_bounded(&res, 2);
                    int lo = 60 + (int)cs_pcg32_bounded(&res, 60);
                    hand_give(x, t, &g[t], w, w == 0 ? 121 : lo, w == 1 ? 121 : lo, 0);
                }
            }
            CU_ASSERT_EQUAL(nights, 3);
            CU_ASSERT_EQUAL(cs_league_forced(x->st), forced);
            if (n == 4) forced_at_one_table += forced;
            hand_free(x);
        }
    /* four players at one table run out of new partners by the third game of a night */
    CU_ASSERT_TRUE(forced_at_one_table > 0);
}

/* next_round fills at most `max` games: given exactly the round's size (two tables or two
 * matches of eight players) it fills those and leaves the slot after them alone; given one
 * fewer it hands out no round at all. */
static void test_event_rounds_fill_no_more_than_max_games(void) {
    const cs_event_format *formats[3] = {&cs_event_format_league, &cs_event_format_nz,
                                         &cs_event_format_double_elimination};
    for (int k = 0; k < 3; k++) {
        cs_field f = field_of(8);
        cs_event_params p;
        cs_event_params_defaults(&p);
        hand_event *x = hand_start(formats[k], &f, &p, 3);
        cs_event_game g[3];
        memset(g, 0x5a, sizeof g);
        CU_ASSERT_EQUAL(x->f->next_round(x->st, g, 1), 0);
        CU_ASSERT_EQUAL(x->f->next_round(x->st, g, 2), 2);
        const unsigned char *guard = (const unsigned char *)&g[2];
        size_t untouched = 0;
        while (untouched < sizeof g[2] && guard[untouched] == 0x5a) untouched++;
        CU_ASSERT_EQUAL(untouched, sizeof g[2]);
        CU_ASSERT_TRUE(g[0].n_seats == 4 && g[1].n_seats == 4);
        hand_free(x);
    }
}

/* ---- the runner: what it writes for each event ---- */

#define EVENT_FILE CS_BINARY_DIR "/test_events_tmp.h5"

/* Three league events of eight players of three strategies (none of which draws on what a
 * game means to the event), written to EVENT_FILE. */
static const char MIXED_LEAGUE[] = "name: mixed\n"
                                   "format: league\n"
                                   "events: 3\n"
                                   "seed: 5\n"
                                   "games: 2\n"
                                   "field:\n"
                                   "  - {count: 3, strategy: greedy}\n"
                                   "  - {count: 3, strategy: expected}\n"
                                   "  - {count: 2, strategy: random}\n";

static void run_mixed_league(cs_event_spec *spec) {
    char err[1024];
    CU_ASSERT_EQUAL_FATAL(cs_event_spec_parse(MIXED_LEAGUE, strlen(MIXED_LEAGUE), "mixed.yaml",
                                              spec, err, sizeof err),
                          0);
    cs_event_options o;
    memset(&o, 0, sizeof o);
    o.output = EVENT_FILE;
    o.force = 1;
    o.quiet = 1;
    o.threads = 1;
    cs_event_run_result res;
    CU_ASSERT_EQUAL_FATAL(cs_event_run(spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(res.events_done, 3);
}

/* Reads the whole of table `name` of EVENT_FILE as mtype; returns the rows (malloc'd). */
static void *read_table(const char *name, hid_t mtype, size_t row_size, size_t *n) {
    hid_t file = H5Fopen(EVENT_FILE, H5F_ACC_RDONLY, H5P_DEFAULT);
    CU_ASSERT_TRUE_FATAL(file >= 0);
    hid_t d = H5Dopen2(file, name, H5P_DEFAULT);
    CU_ASSERT_TRUE_FATAL(d >= 0);
    hid_t space = H5Dget_space(d);
    hsize_t rows = 0;
    H5Sget_simple_extent_dims(space, &rows, NULL);
    void *buf = calloc(rows ? rows : 1, row_size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    CU_ASSERT_TRUE(H5Dread(d, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) >= 0);
    H5Sclose(space);
    H5Dclose(d);
    H5Fclose(file);
    *n = (size_t)rows;
    return buf;
}

typedef struct {
    uint64_t event;
    uint32_t game;
    int16_t entrant[4];
    uint8_t first_dealer;
    uint16_t deals;
    int8_t winner;
    int16_t score[4];
} game_read;

/*
 * Game k of event e is dealt from card key e * 65536 + k: every game in the file is the very
 * game the engine plays from that key with the seats' strategies (same cut for the deal, same
 * deals, winner and scores), so no two events deal the same cards.
 */
static void test_event_games_are_dealt_from_the_event_and_game_key(void) {
    static cs_event_spec spec;
    run_mixed_league(&spec);
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(game_read));
    hsize_t four = 4;
    hid_t i16x4 = H5Tarray_create2(H5T_NATIVE_INT16, 1, &four);
    H5Tinsert(t, "event", HOFFSET(game_read, event), H5T_NATIVE_UINT64);
    H5Tinsert(t, "game", HOFFSET(game_read, game), H5T_NATIVE_UINT32);
    H5Tinsert(t, "entrant", HOFFSET(game_read, entrant), i16x4);
    H5Tinsert(t, "first_dealer", HOFFSET(game_read, first_dealer), H5T_NATIVE_UINT8);
    H5Tinsert(t, "deals", HOFFSET(game_read, deals), H5T_NATIVE_UINT16);
    H5Tinsert(t, "winner", HOFFSET(game_read, winner), H5T_NATIVE_INT8);
    H5Tinsert(t, "score", HOFFSET(game_read, score), i16x4);
    size_t n = 0;
    game_read *rows = read_table("games", t, sizeof *rows, &n);
    H5Tclose(i16x4);
    H5Tclose(t);
    CU_ASSERT_EQUAL(n, 3 * 2 * 2); /* three events of two games at two tables */
    cs_rules rules;
    cs_event_game_rules(spec.format, &spec.params, &rules);
    cs_player *players[CS_EVENT_STRATEGIES_MAX][4] = {{NULL}};
    char err[512];
    for (int s = 0; s < spec.n_strategies; s++)
        for (int seat = 0; seat < 4; seat++) {
            players[s][seat] = cs_player_create(spec.strategies[s], err, sizeof err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(players[s][seat]);
        }
    cs_game *game = cs_game_new();
    for (size_t i = 0; i < n; i++) {
        const game_read *r = &rows[i];
        uint64_t key = r->event * 65536 + r->game;
        cs_agent agents[4];
        for (int seat = 0; seat < 4; seat++) {
            cs_player *pl = players[spec.field.entrant[r->entrant[seat]].strategy][seat];
            cs_player_new_game(pl, &rules, spec.seed, key, seat);
            agents[seat] = cs_player_agent(pl);
        }
        cs_game_begin_keyed(game, &rules, spec.seed, key, key, CS_FIRST_DEALER_CUT, agents);
        cs_game_record rec;
        CU_ASSERT_EQUAL_FATAL(cs_game_run(game, NULL, NULL, &rec), 0);
        CU_ASSERT_EQUAL(rec.first_dealer, r->first_dealer);
        CU_ASSERT_EQUAL(rec.deals, r->deals);
        CU_ASSERT_EQUAL(rec.winner, r->winner);
        for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(rec.score[s], r->score[s]);
    }
    cs_game_free(game);
    for (int s = 0; s < spec.n_strategies; s++)
        for (int seat = 0; seat < 4; seat++) cs_player_destroy(players[s][seat]);
    free(rows);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

typedef struct {
    uint64_t event;
    uint16_t entrant, strategy, rank;
} standing_read;

/* Each standings row's strategy is its entrant's, whatever place the entrant took. */
static void test_event_standings_strategy_is_the_entrants(void) {
    static cs_event_spec spec;
    run_mixed_league(&spec);
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(standing_read));
    H5Tinsert(t, "event", HOFFSET(standing_read, event), H5T_NATIVE_UINT64);
    H5Tinsert(t, "entrant", HOFFSET(standing_read, entrant), H5T_NATIVE_UINT16);
    H5Tinsert(t, "strategy", HOFFSET(standing_read, strategy), H5T_NATIVE_UINT16);
    H5Tinsert(t, "rank", HOFFSET(standing_read, rank), H5T_NATIVE_UINT16);
    size_t n = 0;
    standing_read *rows = read_table("standings", t, sizeof *rows, &n);
    H5Tclose(t);
    CU_ASSERT_EQUAL_FATAL(n, 3 * 8);
    int moved = 0; /* rows whose place's entrant plays another strategy than the row's */
    for (size_t i = 0; i < n; i++) {
        const standing_read *r = &rows[i];
        CU_ASSERT_EQUAL(r->event, i / 8);
        CU_ASSERT_EQUAL(r->rank, i % 8 + 1);
        CU_ASSERT_EQUAL(r->strategy, spec.field.entrant[r->entrant].strategy);
        moved += spec.field.entrant[i % 8].strategy != spec.field.entrant[r->entrant].strategy;
    }
    CU_ASSERT_TRUE(moved > 0);
    free(rows);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/* Root attribute `name` of EVENT_FILE: a number, or a fixed-length string into buf. */
static uint64_t file_u64(const char *name) {
    uint64_t v = UINT64_MAX;
    hid_t file = H5Fopen(EVENT_FILE, H5F_ACC_RDONLY, H5P_DEFAULT);
    CU_ASSERT_TRUE_FATAL(file >= 0);
    hid_t a = H5Aopen(file, name, H5P_DEFAULT);
    CU_ASSERT_TRUE(a >= 0 && H5Aread(a, H5T_NATIVE_UINT64, &v) >= 0);
    if (a >= 0) H5Aclose(a);
    H5Fclose(file);
    return v;
}

static void file_text(const char *name, char *buf, size_t len) {
    memset(buf, 0, len);
    hid_t file = H5Fopen(EVENT_FILE, H5F_ACC_RDONLY, H5P_DEFAULT);
    CU_ASSERT_TRUE_FATAL(file >= 0);
    hid_t a = H5Aopen(file, name, H5P_DEFAULT);
    CU_ASSERT_TRUE_FATAL(a >= 0);
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, len);
    H5Tset_cset(t, H5T_CSET_UTF8);
    CU_ASSERT_TRUE(H5Aread(a, t, buf) >= 0);
    buf[len - 1] = '\0';
    H5Tclose(t);
    H5Aclose(a);
    H5Fclose(file);
}

static cs_event_options options_for(int force, int resume) {
    cs_event_options o;
    memset(&o, 0, sizeof o);
    o.output = EVENT_FILE;
    o.force = force;
    o.resume = resume;
    o.quiet = 1;
    o.threads = 1;
    return o;
}

/* The whole of /games and /standings of EVENT_FILE as read by game_read and standing_read. */
typedef struct {
    game_read *games;
    size_t n_games;
    standing_read *standings;
    size_t n_standings;
} event_tables;

static event_tables read_event_tables(void) {
    event_tables x;
    hid_t g = H5Tcreate(H5T_COMPOUND, sizeof(game_read));
    hsize_t four = 4;
    hid_t i16x4 = H5Tarray_create2(H5T_NATIVE_INT16, 1, &four);
    H5Tinsert(g, "event", HOFFSET(game_read, event), H5T_NATIVE_UINT64);
    H5Tinsert(g, "game", HOFFSET(game_read, game), H5T_NATIVE_UINT32);
    H5Tinsert(g, "entrant", HOFFSET(game_read, entrant), i16x4);
    H5Tinsert(g, "first_dealer", HOFFSET(game_read, first_dealer), H5T_NATIVE_UINT8);
    H5Tinsert(g, "deals", HOFFSET(game_read, deals), H5T_NATIVE_UINT16);
    H5Tinsert(g, "winner", HOFFSET(game_read, winner), H5T_NATIVE_INT8);
    H5Tinsert(g, "score", HOFFSET(game_read, score), i16x4);
    x.games = read_table("games", g, sizeof *x.games, &x.n_games);
    H5Tclose(i16x4);
    H5Tclose(g);
    hid_t s = H5Tcreate(H5T_COMPOUND, sizeof(standing_read));
    H5Tinsert(s, "event", HOFFSET(standing_read, event), H5T_NATIVE_UINT64);
    H5Tinsert(s, "entrant", HOFFSET(standing_read, entrant), H5T_NATIVE_UINT16);
    H5Tinsert(s, "strategy", HOFFSET(standing_read, strategy), H5T_NATIVE_UINT16);
    H5Tinsert(s, "rank", HOFFSET(standing_read, rank), H5T_NATIVE_UINT16);
    x.standings = read_table("standings", s, sizeof *x.standings, &x.n_standings);
    H5Tclose(s);
    return x;
}

static int same_game(const game_read *a, const game_read *b) {
    int same = a->event == b->event && a->game == b->game && a->first_dealer == b->first_dealer &&
               a->deals == b->deals && a->winner == b->winner;
    for (int s = 0; s < 4; s++)
        same = same && a->entrant[s] == b->entrant[s] && a->score[s] == b->score[s];
    return same;
}

/* A run ends with the file marked complete, every event counted; a second run onto the file
 * is refused without --force (the first file kept) and replaces it with --force. */
static void test_event_run_marks_the_file_complete_and_keeps_it_without_force(void) {
    static cs_event_spec spec;
    char err[1024], status[32];
    remove(EVENT_FILE);
    CU_ASSERT_EQUAL_FATAL(cs_event_spec_parse(MIXED_LEAGUE, strlen(MIXED_LEAGUE), "mixed.yaml",
                                              &spec, err, sizeof err),
                          0);
    cs_event_options o = options_for(0, 0);
    cs_event_run_result res;
    CU_ASSERT_EQUAL_FATAL(cs_event_run(&spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_EQUAL(res.events_begin, 0);
    CU_ASSERT_EQUAL(res.events_done, 3);
    CU_ASSERT_EQUAL(res.events_requested, 3);
    CU_ASSERT_EQUAL(res.games, 12);
    CU_ASSERT_FALSE(res.interrupted);
    file_text("status", status, sizeof status);
    CU_ASSERT_STRING_EQUAL(status, "complete");
    CU_ASSERT_EQUAL(file_u64("events_completed"), 3);
    CU_ASSERT_EQUAL(file_u64("events_requested"), 3);
    CU_ASSERT_EQUAL(file_u64("seed"), 5);
    CU_ASSERT_EQUAL(file_u64("weeks"), 1);
    CU_ASSERT_EQUAL(cs_event_run(&spec, &o, &res, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "exists (use --force"));
    CU_ASSERT_EQUAL(file_u64("events_completed"), 3);
    o.force = 1;
    o.threads = 0; /* every core: at least one thread */
    CU_ASSERT_EQUAL(cs_event_run(&spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_EQUAL(res.events_done, 3);
    CU_ASSERT_TRUE(res.threads >= 1);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/*
 * An event file stopped after its first event (marked interrupted, one event counted) and then
 * completed with --resume holds exactly the rows of one uninterrupted run: the partial chunks
 * it left are read back and continued, and the counts it is checked against agree.
 */
static void test_event_resume_completes_an_interrupted_run_as_one_run_would(void) {
    static cs_event_spec spec;
    run_mixed_league(&spec);
    event_tables whole = read_event_tables();
    CU_ASSERT_EQUAL_FATAL(whole.n_games, 12);
    CU_ASSERT_EQUAL_FATAL(whole.n_standings, 24);
    char err[1024], status[32];
    cs_event_options o = options_for(1, 0);
    o.interrupt_after = 1;
    cs_event_run_result res;
    CU_ASSERT_EQUAL_FATAL(cs_event_run(&spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_TRUE(res.interrupted);
    CU_ASSERT_EQUAL(res.events_done, 1);
    file_text("status", status, sizeof status);
    CU_ASSERT_STRING_EQUAL(status, "interrupted");
    CU_ASSERT_EQUAL(file_u64("events_completed"), 1);
    o = options_for(0, 1);
    CU_ASSERT_EQUAL_FATAL(cs_event_run(&spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_EQUAL(res.events_begin, 1);
    CU_ASSERT_EQUAL(res.events_done, 3);
    CU_ASSERT_EQUAL(res.games, 8);
    file_text("status", status, sizeof status);
    CU_ASSERT_STRING_EQUAL(status, "complete");
    CU_ASSERT_EQUAL(file_u64("events_completed"), 3);
    CU_ASSERT_EQUAL(file_u64("threads"), 1);
    event_tables resumed = read_event_tables();
    CU_ASSERT_EQUAL_FATAL(resumed.n_games, whole.n_games);
    CU_ASSERT_EQUAL_FATAL(resumed.n_standings, whole.n_standings);
    for (size_t i = 0; i < whole.n_games; i++)
        CU_ASSERT_TRUE(same_game(&resumed.games[i], &whole.games[i]));
    CU_ASSERT_EQUAL(
        memcmp(resumed.standings, whole.standings, whole.n_standings * sizeof *whole.standings), 0);
    /* a complete file resumed again plays nothing */
    CU_ASSERT_EQUAL(cs_event_run(&spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_TRUE(res.already_done);
    CU_ASSERT_FALSE(res.started);
    CU_ASSERT_EQUAL(res.events_done, 3);
    CU_ASSERT_EQUAL(file_u64("threads"), 0); /* no thread played */
    free(whole.games);
    free(whole.standings);
    free(resumed.games);
    free(resumed.standings);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/* Sets the rank of /standings row `row` of EVENT_FILE, leaving its other columns. */
static void forge_rank(hsize_t row, uint16_t rank) {
    hid_t file = H5Fopen(EVENT_FILE, H5F_ACC_RDWR, H5P_DEFAULT);
    CU_ASSERT_TRUE_FATAL(file >= 0);
    hid_t d = H5Dopen2(file, "standings", H5P_DEFAULT);
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof rank);
    H5Tinsert(t, "rank", 0, H5T_NATIVE_UINT16);
    hsize_t one = 1;
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(1, &one, NULL);
    H5Sselect_hyperslab(fs, H5S_SELECT_SET, &row, NULL, &one, NULL);
    CU_ASSERT_TRUE(H5Dwrite(d, t, ms, fs, H5P_DEFAULT, &rank) >= 0);
    H5Sclose(ms);
    H5Sclose(fs);
    H5Tclose(t);
    H5Dclose(d);
    H5Fclose(file);
}

/* --resume refuses a file whose /standings row of a complete event has a rank out of 1..8
 * (0, or 9 in a field of eight), naming the row; with the rank put back it is accepted. */
static void test_event_resume_refuses_a_standings_rank_out_of_range(void) {
    static cs_event_spec spec;
    run_mixed_league(&spec);
    event_tables whole = read_event_tables();
    char err[1024];
    cs_event_options o = options_for(0, 1);
    cs_event_run_result res;
    const uint16_t forged[2] = {0, 9};
    for (int k = 0; k < 2; k++) {
        forge_rank(13, forged[k]);
        CU_ASSERT_EQUAL(cs_event_run(&spec, &o, &res, err, sizeof err), CS_ECONFIG);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "/standings row 13 (event 1, entrant"));
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "does not belong to complete event 1: refused"));
    }
    forge_rank(13, whole.standings[13].rank);
    CU_ASSERT_EQUAL(cs_event_run(&spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_TRUE(res.already_done);
    free(whole.games);
    free(whole.standings);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/* Replaces root attribute `strategy_models` of EVENT_FILE with n fixed-length strings. */
static void forge_models(int n, const char *const *models) {
    hid_t file = H5Fopen(EVENT_FILE, H5F_ACC_RDWR, H5P_DEFAULT);
    CU_ASSERT_TRUE_FATAL(file >= 0);
    CU_ASSERT_TRUE(H5Adelete(file, "strategy_models") >= 0);
    char buf[4][16];
    memset(buf, 0, sizeof buf);
    for (int i = 0; i < n; i++) snprintf(buf[i], sizeof buf[i], "%s", models[i]);
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, sizeof buf[0]);
    H5Tset_cset(t, H5T_CSET_UTF8);
    hsize_t dims = (hsize_t)n;
    hid_t space = H5Screate_simple(1, &dims, NULL);
    hid_t a = H5Acreate2(file, "strategy_models", t, space, H5P_DEFAULT, H5P_DEFAULT);
    CU_ASSERT_TRUE(a >= 0 && H5Awrite(a, t, buf) >= 0);
    H5Aclose(a);
    H5Sclose(space);
    H5Tclose(t);
    H5Fclose(file);
}

/* --resume refuses a file whose strategies played from other data than they now do (the
 * recorded model identity differs), naming the strategy and both identities; the file's own
 * record is accepted. */
static void test_event_resume_refuses_a_strategy_that_played_from_another_model(void) {
    static cs_event_spec spec;
    run_mixed_league(&spec);
    CU_ASSERT_EQUAL_FATAL(spec.n_strategies, 3);
    char err[1024];
    cs_event_options o = options_for(0, 1);
    cs_event_run_result res;
    const char *forged[3] = {"", "", "sha256:0bad"};
    forge_models(3, forged);
    CU_ASSERT_EQUAL(cs_event_run(&spec, &o, &res, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(err, "strategy 'random' played from sha256:0bad; it now plays from nothing"));
    const char *same[3] = {"", "", ""};
    forge_models(3, same);
    CU_ASSERT_EQUAL(cs_event_run(&spec, &o, &res, err, sizeof err), 0);
    CU_ASSERT_TRUE(res.already_done);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/* Runs `text` (an event spec) into EVENT_FILE with one thread; returns cs_event_run's code. */
static int run_spec(const char *text, cs_event_spec *spec, cs_event_run_result *res, char *err,
                    size_t err_len) {
    CU_ASSERT_EQUAL_FATAL(cs_event_spec_parse(text, strlen(text), "t.yaml", spec, err, err_len), 0);
    cs_event_options o = options_for(1, 0);
    return cs_event_run(spec, &o, res, err, err_len);
}

/* What each strategy plays from: the built-in model its checksum (the one a model player made
 * here reports), a strategy of rules alone and an outside program nothing, in spec order. */
static void test_event_strategy_models_are_each_strategys_own(void) {
    static const char text[] = "format: league\n"
                               "field:\n"
                               "  - {count: 2, strategy: model}\n"
                               "  - {count: 1, strategy: random}\n"
                               "  - {count: 1, strategy: 'exec:/nonexistent/agent'}\n";
    static cs_event_spec spec;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_event_spec_parse(text, strlen(text), "t.yaml", &spec, err, sizeof err),
                          0);
    CU_ASSERT_EQUAL_FATAL(spec.n_strategies, 3);
    char out[CS_EVENT_STRATEGIES_MAX][CS_IDENTITY_MAX];
    memset(out, 'x', sizeof out);
    CU_ASSERT_EQUAL(cs_event_strategy_models(&spec, out, err, sizeof err), 0);
    cs_player *model = cs_player_create("model", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    CU_ASSERT_EQUAL(strncmp(cs_player_identity(model), "crc32=", 6), 0);
    CU_ASSERT_STRING_EQUAL(out[0], cs_player_identity(model));
    CU_ASSERT_STRING_EQUAL(out[1], "");
    CU_ASSERT_STRING_EQUAL(out[2], "");
    cs_player_destroy(model);
    /* only the prefixes exec: and plugin: name outside code; the rest is checked on reading */
    CU_ASSERT_TRUE(cs_event_strategy_is_outside("exec:x"));
    CU_ASSERT_TRUE(cs_event_strategy_is_outside("plugin:x"));
    CU_ASSERT_FALSE(cs_event_strategy_is_outside("exec"));
    CU_ASSERT_FALSE(cs_event_strategy_is_outside("pluginx"));
    CU_ASSERT_FALSE(cs_event_strategy_is_outside("random"));
    cs_event_spec_free(&spec);
}

/* An outside agent that cannot start stops the run before any event, naming the strategy: the
 * file is left failed with nothing counted, and the failure is the input's (not started). */
static void test_event_run_stops_when_an_agent_cannot_start(void) {
    static const char text[] = "format: league\n"
                               "field:\n"
                               "  - {count: 2, strategy: greedy}\n"
                               "  - {count: 2, strategy: 'exec:/nonexistent/agent'}\n";
    static cs_event_spec spec;
    char err[1024], status[32];
    cs_event_run_result res;
    remove(EVENT_FILE);
    CU_ASSERT_EQUAL(run_spec(text, &spec, &res, err, sizeof err), CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "strategy 'exec:/nonexistent/agent'"));
    CU_ASSERT_FALSE(res.started);
    CU_ASSERT_FALSE(res.interrupted);
    CU_ASSERT_EQUAL(res.events_done, 0);
    file_text("status", status, sizeof status);
    CU_ASSERT_STRING_EQUAL(status, "failed");
    CU_ASSERT_EQUAL(file_u64("events_completed"), 0);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/* A SIGINT while an outside agent starts (this agent sends it to the test before saying
 * `ready`) interrupts the run: no event played, the file marked interrupted, the call 0. */
static void test_event_run_interrupted_while_an_agent_starts(void) {
    const char *script = CS_BINARY_DIR "/test_events_agent_tmp.sh";
    FILE *sh = fopen(script, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(sh);
    fprintf(sh, "read -r greeting\nkill -INT %ld\nsleep 20\n", (long)getpid());
    fclose(sh);
    char text[1024];
    snprintf(text, sizeof text,
             "format: league\n"
             "field:\n"
             "  - {count: 2, strategy: 'exec:sh %s'}\n"
             "  - {count: 2, strategy: greedy}\n",
             script);
    static cs_event_spec spec;
    char err[1024], status[32];
    cs_event_run_result res;
    remove(EVENT_FILE);
    CU_ASSERT_EQUAL(run_spec(text, &spec, &res, err, sizeof err), 0);
    CU_ASSERT_TRUE(res.interrupted);
    CU_ASSERT_FALSE(res.started);
    CU_ASSERT_EQUAL(res.events_done, 0);
    CU_ASSERT_EQUAL(res.games, 0);
    file_text("status", status, sizeof status);
    CU_ASSERT_STRING_EQUAL(status, "interrupted");
    CU_ASSERT_EQUAL(file_u64("events_completed"), 0);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
    remove(script);
}

/* An outside agent that answers every request with nonsense, seated at seat 0 of the first
 * game (the seed is chosen so), stops the run there: the message names the event and game,
 * the engine's complaint and the agent's own; the file is left failed, with no event counted,
 * and the failure is the play's (started). Every agent started (one a seat at least) is
 * stopped when the run ends: none is left running. */
static void test_event_run_stops_at_a_game_an_agent_breaks(void) {
    const char *script = CS_BINARY_DIR "/test_events_agent_tmp.sh";
    const char *pids = CS_BINARY_DIR "/test_events_agent_pids_tmp.txt";
    remove(pids);
    FILE *sh = fopen(script, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(sh);
    fprintf(sh,
            "echo $$ >>%s\nread -r greeting\necho ready\nwhile read -r line; do echo nonsense; "
            "done\n",
            pids);
    fclose(sh);
    /* a seed whose first event seats entrant 0 (the agent) at seat 0 of table 0 */
    cs_field f = field_of(4);
    cs_event_params p;
    cs_event_params_defaults(&p);
    int seed = 0;
    for (int found = 0; !found;) {
        hand_event *x = hand_start(&cs_event_format_league, &f, &p, (uint64_t)++seed);
        cs_event_game g[CS_EVENT_ROUND_MAX];
        CU_ASSERT_EQUAL_FATAL(hand_next(x, g), 1);
        found = g[0].entrant[0] == 0;
        hand_free(x);
    }
    char text[1024];
    snprintf(text, sizeof text,
             "format: league\n"
             "seed: %d\n"
             "field:\n"
             "  - {name: agent, strategy: 'exec:sh %s'}\n"
             "  - {count: 3, strategy: greedy}\n",
             seed, script);
    static cs_event_spec spec;
    char err[1024], status[32];
    cs_event_run_result res;
    remove(EVENT_FILE);
    CU_ASSERT_EQUAL(run_spec(text, &spec, &res, err, sizeof err), CS_EAGENT);
    CU_ASSERT_EQUAL(strncmp(err, "event 0, game 0: seat 0 (exec:", 30), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "failed to choose its discards; exec agent"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "answered 'nonsense' to a request for its discards"));
    CU_ASSERT_TRUE(res.started);
    CU_ASSERT_FALSE(res.interrupted);
    CU_ASSERT_EQUAL(res.events_done, 0);
    file_text("status", status, sizeof status);
    CU_ASSERT_STRING_EQUAL(status, "failed");
    CU_ASSERT_EQUAL(file_u64("events_completed"), 0);
    FILE *in = fopen(pids, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    long pid;
    int agents = 0, alive = 0;
    while (fscanf(in, "%ld", &pid) == 1) {
        agents++;
        int tries = 0; /* an agent stopped is gone within moments */
        const struct timespec pause = {0, 10 * 1000 * 1000};
        while (kill((pid_t)pid, 0) == 0 && tries++ < 200) nanosleep(&pause, NULL);
        alive += kill((pid_t)pid, 0) == 0;
    }
    fclose(in);
    CU_ASSERT_TRUE(agents >= 4); /* one a seat at least (a broken one may be started again) */
    CU_ASSERT_EQUAL(alive, 0);
    remove(pids);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
    remove(script);
}

/* A run that is not quiet but lasts under two seconds writes no progress line (nor the newline
 * that ends them) to stderr. */
static void test_event_run_under_two_seconds_prints_no_progress(void) {
    const char *log = CS_BINARY_DIR "/test_events_stderr_tmp.txt";
    static cs_event_spec spec;
    char err[1024];
    CU_ASSERT_EQUAL_FATAL(cs_event_spec_parse(MIXED_LEAGUE, strlen(MIXED_LEAGUE), "mixed.yaml",
                                              &spec, err, sizeof err),
                          0);
    cs_event_options o = options_for(1, 0);
    o.quiet = 0;
    cs_event_run_result res;
    fflush(stderr);
    int saved = dup(2), fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CU_ASSERT_TRUE_FATAL(saved >= 0 && fd >= 0);
    dup2(fd, 2);
    int rc = cs_event_run(&spec, &o, &res, err, sizeof err);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(fd);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_TRUE(res.seconds < 2.0);
    FILE *in = fopen(log, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    fseek(in, 0, SEEK_END);
    CU_ASSERT_EQUAL(ftell(in), 0);
    fclose(in);
    remove(log);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/* The largest field, 256 players, through the runner: a league night of 64 tables whose
 * standings hold every entrant once, ranked 1 to 256. */
static void test_event_largest_field_is_written_whole(void) {
    static const char text[] = "format: league\n"
                               "events: 1\n"
                               "seed: 2\n"
                               "games: 1\n"
                               "field:\n"
                               "  - {count: 256, strategy: random}\n";
    static cs_event_spec spec;
    char err[1024];
    cs_event_run_result res;
    remove(EVENT_FILE);
    CU_ASSERT_EQUAL_FATAL(run_spec(text, &spec, &res, err, sizeof err), 0);
    CU_ASSERT_EQUAL(spec.field.n, CS_EVENT_ENTRANTS_MAX);
    CU_ASSERT_EQUAL(res.games, 64);
    event_tables x = read_event_tables();
    CU_ASSERT_EQUAL_FATAL(x.n_standings, 256);
    int seen[256] = {0};
    for (size_t i = 0; i < 256; i++) {
        CU_ASSERT_EQUAL(x.standings[i].rank, i + 1);
        CU_ASSERT_TRUE_FATAL(x.standings[i].entrant < 256);
        seen[x.standings[i].entrant]++;
    }
    for (int e = 0; e < 256; e++) CU_ASSERT_EQUAL(seen[e], 1);
    free(x.games);
    free(x.standings);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/* The /events table as read here. */
typedef struct {
    uint64_t event;
    int16_t winner;
    uint32_t games, matches;
    int16_t team_winner;
    uint16_t playoff_games;
} events_read;

static events_read *read_events_table(size_t *n) {
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(events_read));
    H5Tinsert(t, "event", HOFFSET(events_read, event), H5T_NATIVE_UINT64);
    H5Tinsert(t, "winner", HOFFSET(events_read, winner), H5T_NATIVE_INT16);
    H5Tinsert(t, "games", HOFFSET(events_read, games), H5T_NATIVE_UINT32);
    H5Tinsert(t, "matches", HOFFSET(events_read, matches), H5T_NATIVE_UINT32);
    H5Tinsert(t, "team_winner", HOFFSET(events_read, team_winner), H5T_NATIVE_INT16);
    H5Tinsert(t, "playoff_games", HOFFSET(events_read, playoff_games), H5T_NATIVE_UINT16);
    events_read *rows = read_table("events", t, sizeof *rows, n);
    H5Tclose(t);
    return rows;
}

/* Each league event's row: its games (two games at two tables), its winner the first of its
 * standings, and no matches, play-off games or team trophy (-1). */
static void test_event_league_rows_count_games_and_no_matches(void) {
    static cs_event_spec spec;
    run_mixed_league(&spec);
    size_t n = 0;
    events_read *ev = read_events_table(&n);
    event_tables x = read_event_tables();
    CU_ASSERT_EQUAL_FATAL(n, 3);
    CU_ASSERT_EQUAL_FATAL(x.n_standings, 24);
    for (size_t e = 0; e < 3; e++) {
        CU_ASSERT_EQUAL(ev[e].event, e);
        CU_ASSERT_EQUAL(ev[e].games, 4);
        CU_ASSERT_EQUAL(ev[e].winner, x.standings[8 * e].entrant);
        CU_ASSERT_EQUAL(ev[e].matches, 0);
        CU_ASSERT_EQUAL(ev[e].playoff_games, 0);
        CU_ASSERT_EQUAL(ev[e].team_winner, -1);
    }
    free(ev);
    free(x.games);
    free(x.standings);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/*
 * Two New Zealand days of nine players (three sitters, one at each table, who play the spec's
 * `sitter` strategy, greedy, while every entrant plays random), 44 games each (132 an event: more
 * than the runner's first buffer of games holds), no play-off. Each event is seated
 * from its own stream (seed, event): its first round is the one the format seats from that
 * stream; every game is the game the engine plays from its key with the strategies of the
 * players seated (a sitter's greedy); each event's row counts its games and names the first of
 * its standings, with no matches, play-off games or clubs.
 */
static void test_event_nz_sitters_play_the_sitter_strategy_in_games_keyed_by_event(void) {
    static const char text[] = "format: nz\n"
                               "events: 2\n"
                               "seed: 11\n"
                               "games: 44\n"
                               "playoff: false\n"
                               "sitter: greedy\n"
                               "field:\n"
                               "  - {count: 9, strategy: random}\n";
    static cs_event_spec spec;
    char err[1024];
    cs_event_run_result res;
    remove(EVENT_FILE);
    CU_ASSERT_EQUAL_FATAL(run_spec(text, &spec, &res, err, sizeof err), 0);
    CU_ASSERT_EQUAL(spec.params.sitter, 1);
    CU_ASSERT_EQUAL(res.games, 2 * 44 * 3); /* two events of 44 games at three tables */
    event_tables x = read_event_tables();
    CU_ASSERT_EQUAL_FATAL(x.n_games, 264);
    CU_ASSERT_EQUAL_FATAL(x.n_standings, 18);
    size_t n_events = 0;
    events_read *ev = read_events_table(&n_events);
    CU_ASSERT_EQUAL_FATAL(n_events, 2);
    for (int e = 0; e < 2; e++) {
        CU_ASSERT_EQUAL(ev[e].event, (uint64_t)e);
        CU_ASSERT_EQUAL(ev[e].games, 132);
        CU_ASSERT_EQUAL(ev[e].matches, 0);
        CU_ASSERT_EQUAL(ev[e].playoff_games, 0);
        CU_ASSERT_EQUAL(ev[e].team_winner, -1);
        CU_ASSERT_EQUAL(ev[e].winner, x.standings[9 * e].entrant);
        /* the first round: the format's seating from the event's own stream */
        void *st = calloc(1, spec.format->state_size);
        CU_ASSERT_PTR_NOT_NULL_FATAL(st);
        cs_pcg32 rng = cs_pcg32_derive(spec.seed, (uint64_t)e, CS_STREAM_EVENT, 0);
        char why[256];
        CU_ASSERT_EQUAL_FATAL(
            spec.format->init(st, &spec.params, &spec.field, &rng, why, sizeof why), 0);
        cs_event_game g[CS_EVENT_ROUND_MAX];
        CU_ASSERT_EQUAL_FATAL(spec.format->next_round(st, g, CS_EVENT_ROUND_MAX), 3);
        for (int t = 0; t < 3; t++) {
            const game_read *r = &x.games[132 * e + t];
            CU_ASSERT_EQUAL(r->game, (uint32_t)t);
            for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(r->entrant[s], g[t].entrant[s]);
        }
        free(st);
    }
    cs_rules rules;
    cs_event_game_rules(spec.format, &spec.params, &rules);
    cs_player *players[2][4] = {{NULL}};
    for (int s = 0; s < 2; s++)
        for (int seat = 0; seat < 4; seat++) {
            players[s][seat] = cs_player_create(spec.strategies[s], err, sizeof err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(players[s][seat]);
        }
    cs_game *game = cs_game_new();
    int sitter_games = 0;
    for (size_t i = 0; i < x.n_games; i++) {
        const game_read *r = &x.games[i];
        uint64_t key = r->event * 65536 + r->game;
        cs_agent agents[4];
        for (int seat = 0; seat < 4; seat++) {
            int ent = r->entrant[seat];
            CU_ASSERT_TRUE_FATAL(ent >= 0 && ent < 12);
            sitter_games += ent >= 9;
            cs_player *pl = players[ent < 9 ? spec.field.entrant[ent].strategy : 1][seat];
            cs_player_new_game(pl, &rules, spec.seed, key, seat);
            agents[seat] = cs_player_agent(pl);
        }
        cs_game_begin_keyed(game, &rules, spec.seed, key, key, CS_FIRST_DEALER_CUT, agents);
        cs_game_record rec;
        CU_ASSERT_EQUAL_FATAL(cs_game_run(game, NULL, NULL, &rec), 0);
        CU_ASSERT_EQUAL(rec.first_dealer, r->first_dealer);
        CU_ASSERT_EQUAL(rec.deals, r->deals);
        CU_ASSERT_EQUAL(rec.winner, r->winner);
        for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(rec.score[s], r->score[s]);
    }
    CU_ASSERT_EQUAL(sitter_games, (int)x.n_games); /* a sitter at every game */
    cs_game_free(game);
    for (int s = 0; s < 2; s++)
        for (int seat = 0; seat < 4; seat++) cs_player_destroy(players[s][seat]);
    free(ev);
    free(x.games);
    free(x.standings);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
}

/*
 * Two double-elimination brackets of four teams through the runner: each plays 2t - 2 = 6
 * matches, or 7 when the final is reset, one game row per game in match order (the final a
 * round of one game), the event's row names the champion's first partner, and the team's
 * two partners share first place.
 */
static void test_event_double_elimination_through_the_runner(void) {
    static const char text[] = "format: double-elimination\n"
                               "events: 2\n"
                               "seed: 3\n"
                               "field:\n"
                               "  - {count: 8, strategy: greedy}\n";
    static cs_event_spec spec;
    char err[1024];
    cs_event_run_result res;
    remove(EVENT_FILE);
    CU_ASSERT_EQUAL_FATAL(run_spec(text, &spec, &res, err, sizeof err), 0);
    event_tables x = read_event_tables();
    size_t n_events = 0;
    events_read *ev = read_events_table(&n_events);
    CU_ASSERT_EQUAL_FATAL(n_events, 2);
    CU_ASSERT_EQUAL_FATAL(x.n_standings, 16);
    size_t row = 0;
    uint64_t games = 0;
    for (int e = 0; e < 2; e++) {
        CU_ASSERT_TRUE(ev[e].matches == 6 || ev[e].matches == 7);
        CU_ASSERT_EQUAL(ev[e].team_winner, -1);
        CU_ASSERT_EQUAL(ev[e].playoff_games, 0);
        /* two or three games a match */
        CU_ASSERT_TRUE(ev[e].games >= 2 * ev[e].matches && ev[e].games <= 3 * ev[e].matches);
        const standing_read *st = &x.standings[8 * e];
        CU_ASSERT_EQUAL(ev[e].winner, st[0].entrant);
        CU_ASSERT_EQUAL(st[0].rank, 1);
        CU_ASSERT_EQUAL(st[1].rank, 1);
        CU_ASSERT_EQUAL(st[0].entrant / 2, st[1].entrant / 2); /* partners: 0+1, 2+3, ... */
        for (uint32_t k = 0; k < ev[e].games; k++, row++) {
            CU_ASSERT_FATAL(row < x.n_games);
            CU_ASSERT_EQUAL(x.games[row].event, (uint64_t)e);
            CU_ASSERT_EQUAL(x.games[row].game, k);
        }
        games += ev[e].games;
    }
    CU_ASSERT_EQUAL(row, x.n_games);
    CU_ASSERT_EQUAL(res.games, games);
    free(ev);
    free(x.games);
    free(x.standings);
    cs_event_spec_free(&spec);
    remove(EVENT_FILE);
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
    CS_TEST(test_event_spec_muggins_only_where_the_rules_allow),
    CS_TEST(test_event_spec_nested_too_deep_is_refused_at_once),
    CS_TEST(test_event_params_defaults_are_the_documented_ones),
    CS_TEST(test_event_default_rules_are_each_formats_own),
    CS_TEST(test_event_cut_recuts_a_tie_for_lowest_among_the_tied_only),
    CS_TEST(test_event_spec_defaults_by_format),
    CS_TEST(test_event_spec_reads_each_key_into_its_place),
    CS_TEST(test_event_spec_load_reads_past_its_first_buffer),
    CS_TEST(test_nz_tied_game_goes_to_a_cut),
    CS_TEST(test_nz_standings_rank_clips_then_points_for_then_fewer_against),
    CS_TEST(test_nz_three_way_tie_on_clips_plays_off_all_three),
    CS_TEST(test_nz_playoff_of_endless_ties_stops_with_the_leader_first),
    CS_TEST(test_nz_team_trophy_counts_only_the_first_days_games),
    CS_TEST(test_nz_team_trophy_tie_goes_to_the_club_listed_first),
    CS_TEST(test_double_elimination_final_is_reset_when_the_once_beaten_team_wins_it),
    CS_TEST(test_double_elimination_ranks_teams_out_later_above_those_out_earlier),
    CS_TEST(test_double_elimination_teams_out_together_rank_by_matches_won),
    CS_TEST(test_double_elimination_best_of_five_and_of_one),
    CS_TEST(test_double_elimination_losing_team_deals_with_the_partner_who_has_not_dealt),
    CS_TEST(test_double_elimination_cut_winner_in_seat_2_or_3_does_not_deal_twice),
    CS_TEST(test_league_table_of_three_skunk_is_the_least_skunked_losers),
    CS_TEST(test_league_night_tie_break_prefers_more_wins),
    CS_TEST(test_league_season_adds_each_nights_points_once),
    CS_TEST(test_league_partners_are_remembered_for_one_night_only),
    CS_TEST(test_nz_seating_is_one_shuffle_dealt_table_by_table),
    CS_TEST(test_nz_plays_eighteen_games_by_default),
    CS_TEST(test_league_results_may_be_recorded_in_any_order),
    CS_TEST(test_league_game_says_what_each_result_is_worth),
    CS_TEST(test_event_games_are_dealt_from_the_event_and_game_key),
    CS_TEST(test_event_standings_strategy_is_the_entrants),
    CS_TEST(test_event_run_marks_the_file_complete_and_keeps_it_without_force),
    CS_TEST(test_event_resume_completes_an_interrupted_run_as_one_run_would),
    CS_TEST(test_event_resume_refuses_a_standings_rank_out_of_range),
    CS_TEST(test_event_resume_refuses_a_strategy_that_played_from_another_model),
    CS_TEST(test_event_rounds_fill_no_more_than_max_games),
    CS_TEST(test_event_strategy_models_are_each_strategys_own),
    CS_TEST(test_event_run_stops_when_an_agent_cannot_start),
    CS_TEST(test_event_run_interrupted_while_an_agent_starts),
    CS_TEST(test_event_run_stops_at_a_game_an_agent_breaks),
    CS_TEST(test_event_run_under_two_seconds_prints_no_progress),
    CS_TEST(test_event_largest_field_is_written_whole),
    CS_TEST(test_event_league_rows_count_games_and_no_matches),
    CS_TEST(test_event_nz_sitters_play_the_sitter_strategy_in_games_keyed_by_event),
    CS_TEST(test_event_double_elimination_through_the_runner),
    {NULL, NULL},
};

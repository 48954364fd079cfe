/*
 * nz.c - the New Zealand national tournament: a singles tournament played with partners.
 *
 * Every game is the nz-tournament game (four players, partners opposite, four deals or 121,
 * whichever comes first; ties possible). Each player plays `games` games (18 by default: two
 * sets of 9; the breaks between sets change nothing in play).
 *
 * Movement. Tables stand in a ring. After each game the winners move to the next table to the
 * right (t + 1, the last to the first); the losers stay and sit opposite each other, on the two
 * sides of the table, so each takes one of the incoming winners as a partner (a coin decides
 * which). A tied game is cut for who moves on: low card, ace low, ties re-cut.
 *
 * Sitters. When the number of players is not a multiple of four, 4 - n mod 4 sitters make up the
 * tables: fill-in players (they play the spec's `sitter` strategy) who are not ranked, each
 * seated for the whole tournament at its own table (the last tables of the ring; so a field of
 * 4k + 1 needs three such tables and at least 9 players). At a sitter's table the incoming
 * player on the sitter's side (its partner) plays one game and moves on, win or lose; on the
 * opposite side an incoming player takes the left seat (seat 1), plays one game, moves to the
 * right seat (seat 3), plays another, then moves on, win or lose. So a sitter's table, like any
 * other, sends two players to the next table after every game and takes two from the one before.
 *
 * Results. Clips per individual: 2 for a win, 1 for a tie, 0 for a loss. Standings: clips, then
 * points for (the sum of the player's side's final scores), then fewer points against, then a
 * cut. A tie on clips at the top is played off: a game of two deals each (two-player rules,
 * four deals) best of three, a tied play-off game played again; with more than two tied, the
 * first two in the tie-break order play, the winner plays the next, and so on. The play-off's
 * winner is first; the others keep their order.
 *
 * Team trophy. Entrants may carry a club and be nominated for it: the club whose nominated
 * players took the most clips in the first `day_one_games` games wins (ties: the club listed
 * first in the field).
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "event.h"

#define NZ_PLAYERS_MAX (CS_EVENT_ENTRANTS_MAX + 3)
#define NZ_CLUBS_MAX   CS_EVENT_ENTRANTS_MAX

typedef struct {
    const cs_event_params *p;
    const cs_field *field;
    cs_pcg32 *rng;
    cs_rules game_rules, playoff_rules;
    int n, sitters, n_tables, game, games, day_one_games;
    bool pending; /* a round was handed out: its results are recorded before the next */
    int seat[CS_EVENT_ROUND_MAX][CS_MAX_PLAYERS]; /* player at each seat of each table */
    int is_sitter_table[CS_EVENT_ROUND_MAX];
    int moving[CS_EVENT_ROUND_MAX][2];
    int staying[CS_EVENT_ROUND_MAX][2]; /* normal table: the losers; sitter table: seat 1 */
    int clips[NZ_PLAYERS_MAX], wins[NZ_PLAYERS_MAX], losses[NZ_PLAYERS_MAX], ties[NZ_PLAYERS_MAX];
    int64_t pf[NZ_PLAYERS_MAX], pa[NZ_PLAYERS_MAX];
    uint32_t key[NZ_PLAYERS_MAX];
    int club_of[CS_EVENT_ENTRANTS_MAX], n_clubs;
    int club_clips[NZ_CLUBS_MAX];
    /* the play-off */
    int order[NZ_PLAYERS_MAX]; /* standings order before the play-off */
    bool playoff_on;
    int tied, champion, challenger, next_challenger, po_wins[2], po_games;
} nz;

static int nz_init(void *state, const void *params, const cs_field *field, cs_pcg32 *rng, char *why,
                   size_t why_len) {
    nz *z = state;
    const cs_event_params *p = params;
    memset(z, 0, sizeof *z);
    int n = field->n, sitters = (4 - n % 4) % 4;
    int tables = (n + sitters) / 4;
    if (tables < 2 || tables < sitters) {
        snprintf(why, why_len,
                 "the nz format needs at least two tables and a table for each sitter: %d "
                 "players make %d table%s with %d sitter%s (at least 8 players; 9 for 4k+1)",
                 n, tables, tables == 1 ? "" : "s", sitters, sitters == 1 ? "" : "s");
        return CS_ECONFIG;
    }
    if (p->games < 0) {
        snprintf(why, why_len, "the nz format needs at least one game");
        return CS_ECONFIG;
    }
    z->p = p;
    z->games = p->games > 0 ? p->games : 18; /* two sets of nine */
    z->day_one_games = p->day_one_games > 0 ? p->day_one_games : z->games;
    z->field = field;
    z->rng = rng;
    z->n = n;
    z->sitters = sitters;
    z->n_tables = tables;
    cs_event_game_rules(&cs_event_format_nz, p, &z->game_rules);
    cs_rules_from_name("two", &z->playoff_rules);
    z->playoff_rules.max_deals = 4; /* two deals each */
    z->playoff_rules.skunk_line = z->playoff_rules.double_skunk_line = 0;
    z->playoff_rules.triple_skunk_line = z->playoff_rules.lurch_line = 0;
    /* clubs, in order of first appearance */
    for (int i = 0; i < n; i++) {
        z->club_of[i] = -1; /* mutate: equivalent 1->2: only its sign is read */
        if (!field->entrant[i].club[0]) continue;
        int c = 0;
        while (c < i &&
               (z->club_of[c] < 0 || strcmp(field->entrant[c].club, field->entrant[i].club) != 0))
            c++;
        z->club_of[i] = c < i ? z->club_of[c] : z->n_clubs++;
    }
    /* random seating; sitters (players n..n+sitters-1) at seat 0 of the last tables */
    int order[NZ_PLAYERS_MAX];
    for (int i = 0; i < n; i++) order[i] = i;
    cs_event_shuffle(order, n, rng);
    int next = 0;
    for (int t = 0; t < tables; t++) {
        int sitter_table = t >= tables - sitters;
        z->is_sitter_table[t] = sitter_table;
        for (int s = 0; s < CS_MAX_PLAYERS; s++)
            z->seat[t][s] = sitter_table && s == 0 ? n + (tables - 1 - t) : order[next++];
    }
    for (int i = 0; i < n; i++) z->key[i] = cs_pcg32_next(rng);
    return CS_OK;
}

static void fill_game(const nz *z, cs_event_game *g, int table, const cs_rules *rules) {
    memset(g, 0, sizeof *g);
    g->table = table;
    g->round = z->game;
    g->rules = rules;
    g->n_seats = rules->players;
    for (int s = 0; s < CS_MAX_PLAYERS; s++) g->entrant[s] = -1;
    g->first_dealer = CS_FIRST_DEALER_CUT;
    g->match.kind = CS_MATCH_POINTS;
    g->match.format = CS_EVENT_FORMAT_NZ;
    for (int k = 0; k < 4; k++) g->match.points_win[k] = 2;
    g->match.points_tie = 1;
}

static int better(const void *state, int a, int b) {
    const nz *z = state;
    if (z->clips[a] != z->clips[b]) return z->clips[a] > z->clips[b];
    if (z->pf[a] != z->pf[b]) return z->pf[a] > z->pf[b];
    if (z->pa[a] != z->pa[b]) return z->pa[a] < z->pa[b];
    return z->key[a] < z->key[b];
}

/* Moves everyone for the next game (see the top of the file). */
static void move(nz *z) {
    int next[CS_EVENT_ROUND_MAX][CS_MAX_PLAYERS];
    for (int t = 0; t < z->n_tables; t++) {
        int from = t == 0 ? z->n_tables - 1 : t - 1;
        const int *in = z->moving[from];
        int flip = cs_pcg32_next(z->rng) & 1;
        if (z->is_sitter_table[t]) {
            next[t][0] = z->seat[t][0];
            next[t][3] = z->staying[t][0]; /* left seat moves to the right seat */
            next[t][2] = in[flip];         /* the sitter's partner for one game */
            next[t][1] = in[!flip];        /* takes the left seat */
        } else {
            next[t][0] = z->staying[t][0];
            next[t][1] = z->staying[t][1];
            next[t][2] = in[flip];
            next[t][3] = in[!flip];
        }
    }
    memcpy(z->seat, next, sizeof next[0] * (size_t)z->n_tables);
}

static int playoff_round(nz *z, cs_event_game games[]) {
    cs_event_game *g = &games[0];
    fill_game(z, g, 0, &z->playoff_rules);
    g->round = z->games + z->po_games;
    g->entrant[0] = z->champion;
    g->entrant[1] = z->challenger;
    g->match.kind = CS_MATCH_BEST_OF;
    g->match.games_to_win = 2;
    g->match.won[0] = z->po_wins[0];
    g->match.won[1] = z->po_wins[1];
    for (int k = 0; k < 4; k++) g->match.game_wins[k] = 1;
    return 1;
}

static int nz_next_round(void *state, cs_event_game games[], int max) {
    nz *z = state;
    if (z->pending) {
        z->pending = false;
        if (z->playoff_on) {
            /* the play-off game just recorded decided nothing new, or moved the play-off on */
            if (z->po_wins[0] == 2 || z->po_wins[1] == 2) {
                if (z->po_wins[1] == 2) z->champion = z->challenger;
                if (z->next_challenger < z->tied) {
                    z->challenger = z->order[z->next_challenger++];
                    z->po_wins[0] = z->po_wins[1] = 0;
                } else
                    z->playoff_on = false;
            }
            if (!z->playoff_on) return 0;
            return playoff_round(z, games);
        }
        if (++z->game < z->games)
            move(z);
        else {
            cs_event_rank(z->order, z->n, better, z);
            z->tied = 1;
            while (z->tied < z->n && z->clips[z->order[z->tied]] == z->clips[z->order[0]])
                z->tied++;
            z->champion = z->order[0];
            if (!z->p->playoff || z->tied < 2) return 0;
            z->playoff_on = true;
            z->challenger = z->order[1];
            z->next_challenger = 2;
            z->pending = true;
            return playoff_round(z, games);
        }
    }
    if (z->game >= z->games || z->n_tables > max) return 0;
    for (int t = 0; t < z->n_tables; t++) {
        fill_game(z, &games[t], t, &z->game_rules);
        memcpy(games[t].entrant, z->seat[t], sizeof games[t].entrant);
    }
    z->pending = true;
    return z->n_tables;
}

static void tally(nz *z, int player, int side, const cs_game_record *r, int counts_day_one) {
    int other = r->score[side ^ 1];
    int clips = r->winner < 0 ? 1 : r->winner == side ? 2 : 0;
    z->pf[player] += r->score[side];
    z->pa[player] += other;
    z->clips[player] += clips;
    if (r->winner < 0)
        z->ties[player]++;
    else if (r->winner == side)
        z->wins[player]++;
    else
        z->losses[player]++;
    if (counts_day_one && player < z->n && z->club_of[player] >= 0 &&
        z->field->entrant[player].nominated)
        z->club_clips[z->club_of[player]] += clips;
}

static void nz_record(void *state, int i, const cs_event_result *res) {
    nz *z = state;
    const cs_game_record *r = res->record;
    if (z->playoff_on) {
        z->po_games++;
        if (r->winner >= 0) z->po_wins[r->winner]++;
        /* after 64 games the one in first place keeps it (unless this game won the challenger
         * the match, which next_round reads first) */
        if (z->po_games > 64) z->po_wins[0] = 2;
        z->pending = true;
        return;
    }
    int day_one = z->game < z->day_one_games;
    const int *seat = z->seat[i];
    for (int s = 0; s < CS_MAX_PLAYERS; s++)
        if (seat[s] < z->n) tally(z, seat[s], s & 1, r, day_one);
    int w = r->winner;
    if (w < 0) w = cs_event_cut(2, z->rng); /* a tie: the cut decides who moves on */
    if (z->is_sitter_table[i]) {
        z->moving[i][0] = seat[2];
        z->moving[i][1] = seat[3];
        z->staying[i][0] = seat[1];
    } else {
        z->moving[i][0] = seat[w];
        z->moving[i][1] = seat[w + 2];
        z->staying[i][0] = seat[w ^ 1];
        z->staying[i][1] = seat[(w ^ 1) + 2];
    }
}

static void nz_standings(const void *state, cs_standing rows[]) {
    const nz *z = state;
    int k = 0;
    /* the play-off's winner first, then the rest in order */
    int first = z->champion;
    const int *order = z->order;
    rows[k].entrant = first;
    for (int i = 0; i < z->n; i++)
        if (order[i] != first) rows[++k].entrant = order[i];
    for (k = 0; k < z->n; k++) {
        int e = rows[k].entrant;
        cs_standing *row = &rows[k];
        memset(row, 0, sizeof *row);
        row->entrant = e;
        row->rank = k + 1;
        row->points = z->clips[e];
        row->wins = z->wins[e];
        row->losses = z->losses[e];
        row->ties = z->ties[e];
        row->points_for = z->pf[e];
        row->points_against = z->pa[e];
    }
}

static void nz_totals(const void *state, cs_event_totals *out) {
    const nz *z = state;
    out->matches = 0;
    out->playoff_games = z->po_games;
    out->team_winner = -1;
    int best = INT_MIN;
    for (int c = 0; c < z->n_clubs; c++)
        if (z->club_clips[c] > best) {
            best = z->club_clips[c];
            out->team_winner = c;
        }
}

const cs_event_format cs_event_format_nz = {
    .name = "nz",
    .id = CS_EVENT_FORMAT_NZ,
    .state_size = sizeof(nz),
    .init = nz_init,
    .next_round = nz_next_round,
    .record = nz_record,
    .standings = nz_standings,
    .totals = nz_totals,
};

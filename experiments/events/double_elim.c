/*
 * double_elim.c - a double-elimination doubles tournament of best-of-three matches.
 *
 * Teams of two (entrants 0+1, 2+3, ... in field order, or paired at random with random_teams)
 * play the partners rules, with skunks measured by the winning margin as the tournament sheet
 * does: a win by 31 or more is a skunk, by 61 or more a double skunk. Skunks are reported but
 * count nothing extra: a match is won by the first team to win two games (best_of 3).
 *
 * A match. The first game's dealer is cut for (low card deals). After each game the losing
 * team deals the next: the partner who has not dealt for the team yet in the match, else its
 * first player (seat 0 or 1: also when neither has dealt). Who dealt is kept by seat, so a
 * partner in seat 2 or 3 who won the first cut does not deal again while the other has not.
 *
 * The bracket. The teams are bracketed at random. Every team starts in the winners' bracket;
 * a team that loses a match drops to the losers' bracket, and a team that loses a second match
 * is out. The tournament goes in stages: each stage pairs the unbeaten teams in bracket order,
 * and the once-beaten teams in the order they dropped (the teams that won in the losers'
 * bracket rejoining its end); an odd team out in either bracket waits for the next stage. In
 * the first stage byes bring the winners' bracket to a power of two: with t teams and P the
 * smallest power of two not below t, the first P - t teams in bracket order wait. When one
 * unbeaten and one once-beaten team are left they meet in the grand final; if the once-beaten
 * team wins it and `reset` is on (the default), the final is played again, since both teams
 * then have one loss. So t teams play 2t - 2 matches, or 2t - 1 when the final is reset.
 *
 * Standings: the champion first, the runner-up second, then teams by how late they went out
 * (ties: more matches won, then a cut); both partners of a team share its rank. `points` is
 * matches won.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "event.h"

#define DE_TEAMS_MAX (CS_EVENT_ENTRANTS_MAX / 2)

typedef struct {
    int team[2];      /* side 0 (seats 0+2) and side 1 (seats 1+3) */
    int won[2];       /* games won */
    unsigned dealt;   /* the seats (bit s) that have dealt a game of this match */
    int last_loser;   /* side that lost the last game; -1 before the first */
    bool grand_final; /* the final or its reset */
} match;

typedef struct {
    const cs_event_params *p;
    const cs_field *field;
    cs_pcg32 *rng;
    cs_rules rules;
    int teams, member[DE_TEAMS_MAX][2];
    int losses[DE_TEAMS_MAX], matches_won[DE_TEAMS_MAX];
    int games_won[DE_TEAMS_MAX], games_lost[DE_TEAMS_MAX];
    int64_t pf[DE_TEAMS_MAX], pa[DE_TEAMS_MAX];
    int out_stage[DE_TEAMS_MAX]; /* the stage a team went out in; INT_MAX for the champion */
    uint32_t key[DE_TEAMS_MAX];
    int wb[DE_TEAMS_MAX], n_wb; /* unbeaten, in bracket order */
    int lb[DE_TEAMS_MAX], n_lb; /* once beaten, in the order they came */
    match live[DE_TEAMS_MAX];
    int n_live, stage, matches;
    bool pending, final_played;
    int round;
} bracket;

static int de_init(void *state, const void *params, const cs_field *field, cs_pcg32 *rng, char *why,
                   size_t why_len) {
    bracket *b = state;
    const cs_event_params *p = params;
    memset(b, 0, sizeof *b);
    if (field->n % 2 || field->n < 4) {
        snprintf(why, why_len,
                 "double-elimination pairs entrants into teams of two and needs an even field "
                 "of at least 4, not %d",
                 field->n);
        return CS_ECONFIG;
    }
    if (p->best_of % 2 != 1) { /* also 0 and any negative */
        snprintf(why, why_len, "best_of must be odd (3: two wins take the match), not %d",
                 p->best_of);
        return CS_ECONFIG;
    }
    b->p = p;
    b->field = field;
    b->rng = rng;
    b->teams = field->n / 2;
    cs_event_game_rules(&cs_event_format_double_elimination, p, &b->rules);
    int order[CS_EVENT_ENTRANTS_MAX];
    for (int i = 0; i < field->n; i++) order[i] = i;
    if (p->random_teams) cs_event_shuffle(order, field->n, rng);
    for (int t = 0; t < b->teams; t++) {
        b->member[t][0] = order[2 * t];
        b->member[t][1] = order[2 * t + 1];
        b->wb[t] = t;
        b->key[t] = cs_pcg32_next(rng);
    }
    b->n_wb = b->teams;
    cs_event_shuffle(b->wb, b->n_wb, rng); /* bracketing at random */
    return CS_OK;
}

static void start_match(bracket *b, int t0, int t1, bool final) {
    match *m = &b->live[b->n_live++];
    memset(m, 0, sizeof *m);
    m->team[0] = t0;
    m->team[1] = t1;
    m->last_loser = -1;
    m->grand_final = final;
}

/* Pairs the next stage's matches; returns how many. */
static int pair_stage(bracket *b) {
    b->n_live = 0;
    b->stage++;
    if (b->n_wb == 1 && b->n_lb == 1) {
        start_match(b, b->wb[0], b->lb[0], true);
        return b->n_live;
    }
    if (b->n_wb == 0 && b->n_lb == 2 && b->final_played) {
        start_match(b, b->lb[0], b->lb[1], true); /* the reset */
        return b->n_live;
    }
    int first = 0;
    if (b->stage == 1) {
        int pow2 = 1;
        while (pow2 < b->n_wb) pow2 *= 2;
        first = pow2 - b->n_wb;
    }
    for (int i = first; i + 1 < b->n_wb; i += 2) start_match(b, b->wb[i], b->wb[i + 1], false);
    for (int i = 0; i + 1 < b->n_lb; i += 2) start_match(b, b->lb[i], b->lb[i + 1], false);
    return b->n_live;
}

static void remove_team(int *list, int *n, int team) {
    int k = 0;
    for (int i = 0; i < *n; i++)
        if (list[i] != team) list[k++] = list[i];
    *n = k;
}

static void finish_match(bracket *b, match *m, int winner_side) {
    int w = m->team[winner_side], l = m->team[winner_side ^ 1];
    b->matches++;
    b->matches_won[w]++;
    b->losses[l]++;
    if (m->grand_final) {
        b->final_played = true;
        if (b->losses[l] >= 2 || !b->p->reset) { /* over (a reset's loser has two losses) */
            b->out_stage[l] = b->stage;
            b->out_stage[w] = INT_MAX; /* the champion never goes out */
            b->n_wb = b->n_lb = 0;     /* so no stage follows */
            return;
        }
        /* the once-beaten team won the first final: both have one loss, play it again */
        remove_team(b->wb, &b->n_wb, l);
        b->n_lb = 0;
        b->lb[b->n_lb++] = w;
        b->lb[b->n_lb++] = l;
        return;
    }
    if (b->losses[l] == 1) {
        remove_team(b->wb, &b->n_wb, l);
        b->lb[b->n_lb++] = l;
    } else {
        remove_team(b->lb, &b->n_lb, l);
        b->out_stage[l] = b->stage;
    }
    if (b->losses[w] == 1) { /* a losers' bracket winner goes to the back of the queue */
        remove_team(b->lb, &b->n_lb, w);
        b->lb[b->n_lb++] = w;
    }
}

static int de_next_round(void *state, cs_event_game games[], int max) {
    bracket *b = state;
    if (b->pending) { /* finish the matches the last round decided */
        b->pending = false;
        int k = 0;
        for (int i = 0; i < b->n_live; i++) {
            match *m = &b->live[i];
            int need = b->p->best_of / 2 + 1;
            if (m->won[0] >= need || m->won[1] >= need)
                finish_match(b, m, m->won[1] >= need);
            else
                b->live[k++] = *m;
        }
        b->n_live = k;
    }
    if (b->n_live == 0 && pair_stage(b) == 0) return 0;
    if (b->n_live > max) return 0;
    for (int i = 0; i < b->n_live; i++) {
        match *m = &b->live[i];
        cs_event_game *g = &games[i];
        memset(g, 0, sizeof *g);
        g->table = i;
        g->round = b->round;
        g->rules = &b->rules;
        g->n_seats = 4;
        for (int side = 0; side < 2; side++) {
            g->entrant[side] = b->member[m->team[side]][0];
            g->entrant[side + 2] = b->member[m->team[side]][1];
        }
        if (m->last_loser < 0)
            g->first_dealer = CS_FIRST_DEALER_CUT;
        else { /* the losers' partner who has not dealt in the match, else the first */
            int side = m->last_loser;
            int first_has = (m->dealt >> side) & 1u, second_has = (m->dealt >> (side + 2)) & 1u;
            g->first_dealer = first_has && !second_has ? side + 2 : side;
        }
        g->match.kind = CS_MATCH_BEST_OF;
        g->match.format = CS_EVENT_FORMAT_DOUBLE_ELIMINATION;
        g->match.games_to_win = b->p->best_of / 2 + 1;
        g->match.won[0] = m->won[0];
        g->match.won[1] = m->won[1];
        for (int k = 0; k < 4; k++) g->match.game_wins[k] = 1;
    }
    b->round++;
    b->pending = true;
    return b->n_live;
}

static void de_record(void *state, int i, const cs_event_result *res) {
    bracket *b = state;
    match *m = &b->live[i];
    const cs_game_record *r = res->record;
    if (r->first_dealer < 4) m->dealt |= 1u << r->first_dealer;
    for (int side = 0; side < 2; side++) {
        int t = m->team[side];
        b->pf[t] += r->score[side];
        b->pa[t] += r->score[side ^ 1];
    }
    if (r->winner < 0) return; /* no ties in a game to 121; replayed if one came */
    m->won[r->winner]++;
    b->games_won[m->team[r->winner]]++;
    b->games_lost[m->team[r->winner ^ 1]]++;
    m->last_loser = r->winner ^ 1;
}

static int team_better(const void *state, int x, int y) {
    const bracket *b = state;
    if (b->out_stage[x] != b->out_stage[y]) return b->out_stage[x] > b->out_stage[y];
    if (b->matches_won[x] != b->matches_won[y]) return b->matches_won[x] > b->matches_won[y];
    return b->key[x] < b->key[y];
}

static void de_standings(const void *state, cs_standing rows[]) {
    const bracket *b = state;
    int order[DE_TEAMS_MAX];
    cs_event_rank(order, b->teams, team_better, b);
    for (int k = 0; k < b->teams; k++) {
        int t = order[k];
        for (int m = 0; m < 2; m++) {
            cs_standing *row = &rows[2 * k + m];
            memset(row, 0, sizeof *row);
            row->entrant = b->member[t][m];
            row->rank = k + 1;
            row->points = b->matches_won[t];
            row->wins = b->games_won[t];
            row->losses = b->games_lost[t];
            row->points_for = b->pf[t];
            row->points_against = b->pa[t];
        }
    }
}

static void de_totals(const void *state, cs_event_totals *out) {
    const bracket *b = state;
    out->matches = b->matches;
    out->team_winner = -1;
    out->playoff_games = 0;
}

const cs_event_format cs_event_format_double_elimination = {
    .name = "double-elimination",
    .id = CS_EVENT_FORMAT_DOUBLE_ELIMINATION,
    .state_size = sizeof(bracket),
    .init = de_init,
    .next_round = de_next_round,
    .record = de_record,
    .standings = de_standings,
    .totals = de_totals,
};

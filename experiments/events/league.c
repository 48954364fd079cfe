/*
 * league.c - a weekly legion league's night of doubles, and a season of such nights.
 *
 * A night is `games` (4) games. The players are seated at random for the first game: tables of
 * four play the partners rules (seats 0+2 against 1+3). A field that is not a multiple of four
 * adds small tables, as the league does for an odd number of players: n = 4k + 3 adds a table of
 * three (three-hand rules, each for himself), n = 4k + 1 a table of three and a table of two
 * (two-player rules), and n = 4k + 2, which the league does not mention, a table of two.
 *
 * Movement. Every table sends two players to the next table (the last to the first) after each
 * game and keeps the rest: a table of four sends its two winners and keeps its two losers; a
 * table of three keeps its lowest scorer (a tie for lowest is cut, low card stays) and sends
 * the other two; a table of two sends both, win or lose. So each table receives two players
 * from the table before it. At a table of four each incoming player partners one of the two
 * losers who stayed; of the two ways to pair them, the one that repeats fewer partnerships of
 * the night is taken (a coin decides between equals). Nobody partners the same player twice in
 * a night unless both pairings at a table repeat one: that is what "forced" means here.
 *
 * League points, lowest total best: a win scores 0, a win that skunks scores -1 and one that
 * double skunks -2 (the league's skunk: the loser finishes on 61 to 90; double: 60 or less;
 * at a table of three the winner's skunk is the best loser's); a loss scores the points the
 * loser was short of 121. The night's standings: league points, then more wins, then more
 * points scored, then a cut.
 *
 * Money (whole cents). Each player pays fee_cents (1000); draw_cents (200) of it go to a 50/50
 * draw whose winner (a player drawn at random) takes half while the other half buys supplies;
 * of the rest, pot_percent (80) makes the prize pot and the remainder goes to activities. The
 * pot is split 50/30/20 among the night's top three: second and third are rounded to the
 * nearest dollar (half up) and first takes what is left, so the pot is paid in full. With 20
 * players: $20 to the 50/50 winner, $64, $38 and $26 to the top three, $20 supplies, $32
 * activities. Places are never shared: the night's tie-breaks order every player. prize_cents
 * in the standings is the place money; the draw, which is pure luck, is not included.
 *
 * A season is `weeks` nights, each seated afresh, with standings summed over the nights.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "event.h"

typedef struct {
    int entrant[CS_MAX_PLAYERS];
    int size;
} table;

typedef struct {
    const cs_event_params *p;
    const cs_field *field;
    cs_pcg32 *rng;
    cs_rules four, three, two;
    int n, n_tables, week, game, games;
    table tab[CS_EVENT_ROUND_MAX];
    int moving[CS_EVENT_ROUND_MAX][2];  /* who each table sends on after the game */
    int staying[CS_EVENT_ROUND_MAX][2]; /* a table of four keeps two, of three one, of two none */
    uint8_t partnered[CS_EVENT_ENTRANTS_MAX][CS_EVENT_ENTRANTS_MAX]; /* tonight */
    /* tonight's and the season's tallies, by entrant */
    double night_points[CS_EVENT_ENTRANTS_MAX], points[CS_EVENT_ENTRANTS_MAX];
    int night_wins[CS_EVENT_ENTRANTS_MAX], night_for[CS_EVENT_ENTRANTS_MAX];
    uint32_t night_key[CS_EVENT_ENTRANTS_MAX], season_key[CS_EVENT_ENTRANTS_MAX];
    int wins[CS_EVENT_ENTRANTS_MAX], losses[CS_EVENT_ENTRANTS_MAX];
    int64_t pf[CS_EVENT_ENTRANTS_MAX], pa[CS_EVENT_ENTRANTS_MAX], prize[CS_EVENT_ENTRANTS_MAX];
    int forced;   /* pairings that had to repeat a partnership (for tests) */
    bool pending; /* a round was asked for and its movement is still to be made */
} league;

int cs_league_forced(const void *state);
void cs_league_money(int players, const cs_event_params *p, int64_t out[6]);

/* Table sizes for n players: fours, then a three and/or a two (see above). */
static int plan_tables(int n, int sizes[]) {
    int k = 0, fours = n / 4;
    switch (n % 4) {
    case 1: fours--; break;
    default: break;
    }
    for (int i = 0; i < fours; i++) sizes[k++] = 4;
    if (n % 4 == 3 || n % 4 == 1) sizes[k++] = 3;
    if (n % 4 == 1 || n % 4 == 2) sizes[k++] = 2;
    return k;
}

static void seat_night(league *L) {
    int order[CS_EVENT_ENTRANTS_MAX], sizes[CS_EVENT_ROUND_MAX];
    for (int i = 0; i < L->n; i++) order[i] = i;
    cs_event_shuffle(order, L->n, L->rng);
    L->n_tables = plan_tables(L->n, sizes);
    int next = 0;
    for (int t = 0; t < L->n_tables; t++) {
        L->tab[t].size = sizes[t];
        for (int s = 0; s < CS_MAX_PLAYERS; s++)
            L->tab[t].entrant[s] = s < sizes[t] ? order[next++] : -1;
        if (sizes[t] == 4) {
            const int *e = L->tab[t].entrant;
            L->partnered[e[0]][e[2]] = L->partnered[e[2]][e[0]] = 1;
            L->partnered[e[1]][e[3]] = L->partnered[e[3]][e[1]] = 1;
        }
    }
    memset(L->night_points, 0, sizeof L->night_points);
    memset(L->night_wins, 0, sizeof L->night_wins);
    memset(L->night_for, 0, sizeof L->night_for);
    for (int i = 0; i < L->n; i++) L->night_key[i] = cs_pcg32_next(L->rng);
}

static int league_init(void *state, const void *params, const cs_field *field, cs_pcg32 *rng,
                       char *why, size_t why_len) {
    league *L = state;
    const cs_event_params *p = params;
    memset(L, 0, sizeof *L);
    if (field->n < 4) {
        snprintf(why, why_len, "a league night needs at least 4 players, not %d", field->n);
        return CS_ECONFIG;
    }
    if (p->games < 0 || p->weeks < 1) {
        snprintf(why, why_len, "a league needs at least one game a night and one week");
        return CS_ECONFIG;
    }
    L->p = p;
    L->games = p->games > 0 ? p->games : 4; /* a night of four games */
    L->field = field;
    L->rng = rng;
    L->n = field->n;
    cs_event_game_rules(&cs_event_format_league, p, &L->four);
    cs_rules_from_name("three", &L->three);
    cs_rules_from_name("two", &L->two);
    /* The small tables keep the main game's target and skunks (the league's skunk: loser on
     * 61..90; double skunk: 60 or less; nothing deeper). */
    cs_rules *small[2] = {&L->three, &L->two};
    for (int i = 0; i < 2; i++) {
        small[i]->target = L->four.target;
        small[i]->skunk_line = L->four.skunk_line;
        small[i]->double_skunk_line = L->four.double_skunk_line;
        small[i]->triple_skunk_line = L->four.triple_skunk_line;
        small[i]->lurch_line = 0;
    }
    for (int i = 0; i < L->n; i++) L->season_key[i] = cs_pcg32_next(rng);
    seat_night(L);
    return CS_OK;
}

static const cs_rules *rules_for(const league *L, int size) {
    return size == 4 ? &L->four : size == 3 ? &L->three : &L->two;
}

static int league_next_round(void *state, cs_event_game games[], int max) {
    league *L = state;
    if (L->week >= L->p->weeks || L->n_tables > max) return 0;
    for (int t = 0; t < L->n_tables; t++) {
        cs_event_game *g = &games[t];
        memset(g, 0, sizeof *g);
        g->table = t;
        g->round = L->week * L->games + L->game;
        g->rules = rules_for(L, L->tab[t].size);
        g->n_seats = L->tab[t].size;
        memcpy(g->entrant, L->tab[t].entrant, sizeof g->entrant);
        g->first_dealer = CS_FIRST_DEALER_CUT;
        g->match.kind = CS_MATCH_POINTS;
        g->match.format = CS_EVENT_FORMAT_LEAGUE;
        g->match.points_win[1] = 1;
        g->match.points_win[2] = g->match.points_win[3] = 2;
        g->match.points_loss = -g->rules->target;
        g->match.points_per_score = 1;
    }
    return L->n_tables;
}

/* The lowest score at a table of three stays; a tie for lowest is cut. */
static int lowest_seat(league *L, const cs_game_record *r) {
    int low = r->score[0], tied[3], n = 0;
    for (int s = 1; s < 3; s++)
        if (r->score[s] < low) low = r->score[s]; /* mutate: equivalent <-><=: the same low */
    for (int s = 0; s < 3; s++)
        if (r->score[s] == low) tied[n++] = s;
    return n == 1 ? tied[0] : tied[cs_event_cut(n, L->rng)];
}

static void league_record(void *state, int i, const cs_event_result *res) {
    league *L = state;
    const cs_game_record *r = res->record;
    const table *t = &L->tab[i];
    const cs_rules *rules = rules_for(L, t->size);
    int sides = rules->partnership ? 2 : rules->players;
    int winner = r->winner;
    /* the winner's skunk: the least skunked of the losers */
    int level = 3;
    for (int s = 0; s < t->size; s++)
        if (cs_rules_side(rules, s) != winner && r->skunk[s] < level) level = r->skunk[s];
    if (level > 2) level = 2;
    for (int s = 0; s < t->size; s++) {
        int e = t->entrant[s];
        int side = cs_rules_side(rules, s);
        int best_other = 0;
        for (int o = 0; o < sides; o++)
            if (o != side && r->score[o] > best_other) best_other = r->score[o];
        L->pf[e] += r->score[side];
        L->pa[e] += best_other;
        L->night_for[e] += r->score[side];
        if (side == winner) {
            L->night_points[e] -= level;
            L->night_wins[e]++;
            L->wins[e]++;
        } else {
            int short_of = rules->target - r->score[side];
            L->night_points[e] += short_of > 0 ? short_of : 0;
            L->losses[e]++;
        }
    }
    /* who moves on */
    if (t->size == 4) {
        int w = winner < 0 ? 0 : winner;
        L->moving[i][0] = t->entrant[w];
        L->moving[i][1] = t->entrant[w + 2];
        L->staying[i][0] = t->entrant[w ^ 1];
        L->staying[i][1] = t->entrant[(w ^ 1) + 2];
    } else if (t->size == 3) {
        int low = lowest_seat(L, r), k = 0;
        for (int s = 0; s < 3; s++)
            if (s != low) L->moving[i][k++] = t->entrant[s];
        L->staying[i][0] = t->entrant[low];
    } else {
        L->moving[i][0] = t->entrant[0];
        L->moving[i][1] = t->entrant[1];
    }
}

/* Seats a table of four: the two who stayed (opposite sides) each take an incoming partner. */
static void pair_four(league *L, table *t, const int stay[2], const int in[2]) {
    int a = L->partnered[stay[0]][in[0]] + L->partnered[stay[1]][in[1]];
    int b = L->partnered[stay[0]][in[1]] + L->partnered[stay[1]][in[0]];
    int swap = b < a || (a == b && (cs_pcg32_next(L->rng) & 1));
    if ((swap ? b : a) > 0) L->forced++;
    t->entrant[0] = stay[0];
    t->entrant[1] = stay[1];
    t->entrant[2] = in[swap ? 1 : 0];
    t->entrant[3] = in[swap ? 0 : 1];
    L->partnered[t->entrant[0]][t->entrant[2]] = L->partnered[t->entrant[2]][t->entrant[0]] = 1;
    L->partnered[t->entrant[1]][t->entrant[3]] = L->partnered[t->entrant[3]][t->entrant[1]] = 1;
}

/* The night's tie-breaks: fewer league points, more wins, more points scored, the cut. */
static int night_better(const void *state, int e, int o) {
    const league *L = state;
    if (L->night_points[e] != L->night_points[o]) return L->night_points[e] < L->night_points[o];
    if (L->night_wins[e] != L->night_wins[o]) return L->night_wins[e] > L->night_wins[o];
    if (L->night_for[e] != L->night_for[o]) return L->night_for[e] > L->night_for[o];
    return L->night_key[e] < L->night_key[o];
}

/* The season's: fewer league points, more wins, more points for, the cut. */
static int season_better(const void *state, int e, int o) {
    const league *L = state;
    if (L->points[e] != L->points[o]) return L->points[e] < L->points[o];
    if (L->wins[e] != L->wins[o]) return L->wins[e] > L->wins[o];
    if (L->pf[e] != L->pf[o]) return L->pf[e] > L->pf[o];
    return L->season_key[e] < L->season_key[o];
}

static void end_night(league *L) {
    int order[CS_EVENT_ENTRANTS_MAX];
    cs_event_rank(order, L->n, night_better, L);
    int64_t money[6];
    cs_league_money(L->n, L->p, money);
    for (int k = 0; k < 3 && k < L->n; k++) L->prize[order[k]] += money[k];
    (void)cs_pcg32_bounded(L->rng, (uint32_t)L->n); /* the 50/50 draw's winner */
    for (int i = 0; i < L->n; i++) L->points[i] += L->night_points[i];
}

static void league_advance(league *L) {
    if (++L->game < L->games) {
        table next[CS_EVENT_ROUND_MAX];
        for (int t = 0; t < L->n_tables; t++) {
            int from = t == 0 ? L->n_tables - 1 : t - 1;
            const int *in = L->moving[from];
            next[t].size = L->tab[t].size;
            /* mutate: equivalent 0->1: seat 0 is filled below at every size */
            for (int s = 0; s < CS_MAX_PLAYERS; s++) next[t].entrant[s] = -1;
            if (next[t].size == 4)
                pair_four(L, &next[t], L->staying[t], in);
            else if (next[t].size == 3) {
                next[t].entrant[0] = L->staying[t][0];
                next[t].entrant[1] = in[0];
                next[t].entrant[2] = in[1];
            } else {
                next[t].entrant[0] = in[0];
                next[t].entrant[1] = in[1];
            }
        }
        memcpy(L->tab, next, sizeof next[0] * (size_t)L->n_tables);
        return;
    }
    end_night(L);
    L->game = 0;
    if (++L->week < L->p->weeks) {
        memset(L->partnered, 0, sizeof L->partnered);
        seat_night(L);
    }
}

static void league_standings(const void *state, cs_standing rows[]) {
    const league *L = state;
    int order[CS_EVENT_ENTRANTS_MAX];
    cs_event_rank(order, L->n, season_better, L);
    for (int k = 0; k < L->n; k++) {
        int e = order[k];
        cs_standing *row = &rows[k];
        memset(row, 0, sizeof *row);
        row->entrant = e;
        row->rank = k + 1;
        row->points = L->points[e];
        row->wins = L->wins[e];
        row->losses = L->losses[e];
        row->points_for = L->pf[e];
        row->points_against = L->pa[e];
        row->prize_cents = L->prize[e];
    }
}

static void league_totals(const void *state, cs_event_totals *out) {
    (void)state;
    out->matches = 0;
    out->team_winner = -1;
    out->playoff_games = 0;
}

int cs_league_forced(const void *state) {
    return ((const league *)state)->forced;
}

/* Rounds cents to the nearest whole dollar, half up. */
static int64_t to_dollar(int64_t cents) {
    return (cents + 50) / 100 * 100;
}

/* out: first, second, third, the 50/50 winner, supplies, activities (cents). */
void cs_league_money(int players, const cs_event_params *p, int64_t out[6]) {
    int64_t fees = (int64_t)players * p->fee_cents;
    int64_t draw = (int64_t)players * p->draw_cents;
    int64_t rest = fees - draw;
    int64_t pot = rest * p->pot_percent / 100;
    out[1] = to_dollar(pot * p->split[1] / 100);
    out[2] = to_dollar(pot * p->split[2] / 100);
    out[0] = pot * (p->split[0] + p->split[1] + p->split[2]) / 100 - out[1] - out[2];
    out[3] = draw / 2;
    out[4] = draw - draw / 2;
    out[5] = rest - pot;
}

/* The runner records every game of a round before it asks for the next, so the movement
 * after a round is made when the next round is asked for. */
static int league_next(void *state, cs_event_game games[], int max) {
    league *L = state;
    if (L->pending) {
        L->pending = false;
        league_advance(L);
    }
    int n = league_next_round(L, games, max);
    L->pending = n > 0;
    return n;
}

const cs_event_format cs_event_format_league = {
    .name = "league",
    .id = CS_EVENT_FORMAT_LEAGUE,
    .state_size = sizeof(league),
    .init = league_init,
    .next_round = league_next,
    .record = league_record,
    .standings = league_standings,
    .totals = league_totals,
};

/*
 * mc_match_value.c - what playing for an event's scoring is worth: duplicate play of strategy
 * A (by default mc:samples=40,objective=match) against B (mc:samples=40,objective=win) in the
 * game of each event format, with the match context each format gives its players
 * (cs_game_set_match, as experiments/events sets it), and the paired difference.
 *
 *   cs_mc_match_value FORMAT [--from N] [--to N] [--seed S] [--threads T] [--a SPEC]
 *                     [--b SPEC] [--decisions] [--examples K] [--near]
 *
 * FORMAT and its unit, each card sequence played twice, A's team at side 0 (seats 0 and 2) and
 * then at side 1, the same cards (the card key is the sequence's) with the sides swapped:
 *
 *   league          a league night's game (partners, skunks below 91 and 61): league points,
 *                   negated so that more is better (a win 0, +1 a skunk, +2 a double, a loss
 *                   minus the shortfall to 121). A night's points are the sum of its four
 *                   games' points, each game scored alone, so the night's difference is four
 *                   times the game's.
 *   best-of         a double-elimination match (partners, skunks by a margin of 31 and 61):
 *                   the first team to two game wins takes it, skunks counting nothing extra
 *                   (as the event scores it); the first dealer is cut, then the losing team
 *                   deals the next game (its partner who has not dealt in the match, else its
 *                   first player). Unit: the match (1 won, 0 lost); a bracket's standings
 *                   depend on its matches only through who wins each.
 *   best-of-skunks  the same with a skunk counting two games and a double skunk three.
 *   nz              a New Zealand tournament game (four deals or 121, partners): clips, 2 a
 *                   win, 1 a tie, 0 a loss; a day's clips are the sum of its games'.
 *
 * Sequences --from..--to-1 (default 0..100); run shards with disjoint ranges and add the
 * sums. Both rotations of a game share its cards and each seat's stream (seed, game, seat), so
 * where A and B would decide alike the two games are the same game and the difference is
 * exactly 0. Every game's streams come from the seed and the sequence alone, and each thread
 * has its own players, so the figures are the same for any number of threads.
 *
 * --decisions also asks, at every decision of an A seat, two fresh players (A's spec and B's,
 * started with the same stream for that decision, so both draw the same samples) what they
 * would do on that very view, and counts where they differ, by phase and by the board (both
 * sides more than 40 from the target; my side ahead or level near the end; behind near the
 * end); --examples K narrates the first K differences (one a sequence; --near: only those
 * near the end).
 */
#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "event.h"
#include "game.h"
#include "strategy.h"

enum { F_LEAGUE, F_BEST_OF, F_BEST_OF_SKUNKS, F_NZ };
static const char *const FORMATS[] = {"league", "best-of", "best-of-skunks", "nz", NULL};

/* Decision-difference counts: [phase: discard, play][board: far, ahead, behind]. */
enum { N_PHASE = 2, N_BOARD = 3 };
static const char *const PHASE[N_PHASE] = {"discard", "play"};
static const char *const BOARD[N_BOARD] = {"both sides more than 40 from the target",
                                           "near the end, my side ahead or level",
                                           "near the end, my side behind"};
#define EXAMPLE_TEXT 768

typedef struct {
    long asked[N_PHASE][N_BOARD], differ[N_PHASE][N_BOARD];
} tally;

/* One A seat as the game sees it: the player, and with --decisions the two shadows. */
typedef struct {
    cs_player *real, *shadow[2]; /* shadow[0]: A's spec, shadow[1]: B's */
    const cs_rules *rules;
    uint64_t seed, stream;
    int seat;
    long decision;
    tally *t;
    char *example; /* the first difference of the sequence, "" until one comes */
    int near;      /* narrate only differences on boards from this one on (--near: 1) */
} watch;

static int board_of(const cs_view *v) {
    const cs_rules *r = v->rules;
    int mine = v->score[v->seat], other = -1, near = 0;
    for (int s = 0; s < r->players; s++) {
        near |= r->target - v->score[s] <= 40;
        if (cs_rules_side(r, s) != cs_rules_side(r, v->seat) && v->score[s] > other)
            other = v->score[s];
    }
    return !near ? 0 : mine >= other ? 1 : 2;
}

static void cards_text(char *out, size_t len, const cs_card *c, int n) {
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < n && at + CS_CARD_TEXT_MAX + 1 < len; i++) {
        char b[CS_CARD_TEXT_MAX];
        cs_card_format(c[i], b);
        at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " " : "", b);
    }
}

static void narrate(watch *w, const cs_view *v, int phase, const cs_card a[], const cs_card b[],
                    int n) {
    char hand[64], pile[64], ca[32], cb[32], st[CS_CARD_TEXT_MAX] = "-";
    cards_text(hand, sizeof hand, v->hand, v->n_hand);
    cards_text(pile, sizeof pile, v->pile, v->n_pile);
    cards_text(ca, sizeof ca, a, n);
    cards_text(cb, sizeof cb, b, n);
    if (v->starter != CS_NO_CARD) cs_card_format(v->starter, st);
    int other = (v->seat + 1) % v->rules->players;
    char ctx[64] = "";
    if (v->match && v->match->kind == CS_MATCH_BEST_OF)
        snprintf(ctx, sizeof ctx, ", games won %d-%d",
                 v->match->won[cs_rules_side(v->rules, v->seat)],
                 v->match->won[cs_rules_side(v->rules, other)]);
    snprintf(w->example, EXAMPLE_TEXT,
             "game %llu, deal %d (seat %d dealt), seat %d: my side %d, the other %d%s; %s: "
             "hand %s, starter %s, count %d, pile [%s]: objective=match %s %s, objective=win "
             "%s",
             (unsigned long long)v->game, v->deal + 1, v->dealer, v->seat, v->score[v->seat],
             v->score[other], ctx, PHASE[phase], hand, st, v->count, pile,
             phase == 0 ? "lays away" : "lays", ca, cb);
}

/* Asks both shadows on the view (the same stream for both); counts whether they differ. */
static int compare(watch *w, const cs_view *v, int phase) {
    cs_card got[2][CS_MAX_DISCARD];
    int n = phase == 0 ? v->rules->discards : 1;
    for (int k = 0; k < 2; k++) {
        cs_player_new_game(w->shadow[k], w->rules, w->seed,
                           w->stream * 4096 + (uint64_t)w->decision, w->seat);
        cs_agent a = cs_player_agent(w->shadow[k]);
        int rc = phase == 0 ? a.discard(a.self, v, got[k]) : a.play(a.self, v, got[k]);
        if (rc != 0) return rc;
    }
    w->decision++;
    int board = board_of(v), same = 1;
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < n; j++) found |= got[0][i] == got[1][j];
        same &= found;
    }
    w->t->asked[phase][board]++;
    if (!same) {
        w->t->differ[phase][board]++;
        if (w->example && !w->example[0] && board >= w->near)
            narrate(w, v, phase, got[0], got[1], n);
    }
    return 0;
}

static int watch_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    watch *w = self;
    int rc = compare(w, v, 0);
    if (rc != 0) return rc;
    cs_agent a = cs_player_agent(w->real);
    return a.discard(a.self, v, out);
}

static int watch_play(void *self, const cs_view *v, cs_card *out) {
    watch *w = self;
    int rc = compare(w, v, 1);
    if (rc != 0) return rc;
    cs_agent a = cs_player_agent(w->real);
    return a.play(a.self, v, out);
}

static void watch_observe(void *self, const cs_view *v, const cs_event *e) {
    watch *w = self;
    cs_agent a = cs_player_agent(w->real);
    if (a.observe) a.observe(a.self, v, e);
}

/* A thread's players: A's two seats and B's two, and the shadows. */
typedef struct {
    cs_player *a[2], *b[2], *shadow[2][2];
    watch w[2];
} lineup;

typedef struct {
    int format;
    cs_rules rules;
    uint64_t seed;
    int decisions, near;
    const char *spec[2];
} setup;

/*
 * Plays one game of sequence c, game k of its match, with A's team at side `a_side`; ctx is
 * the match context. Returns 0 or the game's error (printed).
 */
static int play_game(const setup *S, lineup *L, cs_game *g, long c, int k, int a_side,
                     const cs_match_context *ctx, int first_dealer, tally *t, char *example,
                     cs_game_record *rec) {
    /* the same cards and the same seat streams in both rotations: a seat's player differs only in
     * its objective, so a game whose decisions all agree is played identically */
    uint64_t key = (uint64_t)c * 4 + (uint64_t)k, index = key;
    cs_agent agents[CS_MAX_PLAYERS];
    for (int seat = 0; seat < 4; seat++) {
        int is_a = seat % 2 == a_side, j = seat / 2;
        cs_player *p = is_a ? L->a[j] : L->b[j];
        cs_player_new_game(p, &S->rules, S->seed, index, seat);
        agents[seat] = cs_player_agent(p);
        if (is_a && S->decisions) {
            watch *w = &L->w[j];
            *w = (watch){.real = p,
                         .shadow = {L->shadow[j][0], L->shadow[j][1]},
                         .rules = &S->rules,
                         .seed = S->seed ^ 0x6d617463686f626aull,
                         .stream = (index * 2 + (uint64_t)a_side) * 4 + (uint64_t)seat,
                         .seat = seat,
                         .t = t,
                         .example = example,
                         .near = S->near};
            agents[seat] = (cs_agent){.discard = watch_discard,
                                      .play = watch_play,
                                      .observe = watch_observe,
                                      .self = w,
                                      .name = cs_player_name(p)};
        }
    }
    cs_game_begin_keyed(g, &S->rules, S->seed, index, key, first_dealer, agents);
    cs_game_set_match(g, ctx);
    int rc = cs_game_run(g, NULL, NULL, rec);
    if (rc != 0)
        fprintf(stderr, "cs_mc_match_value: sequence %ld, game %d: %s\n", c, k, cs_game_error(g));
    return rc;
}

/* What the game's result is worth to `side` under the league's or the clips' scoring. */
static double game_value(const setup *S, const cs_match_context *ctx, const cs_game_record *rec,
                         int side) {
    if (rec->winner < 0) return ctx->points_tie;
    if (rec->winner == side) {
        int level = 3;
        for (int seat = 0; seat < 4; seat++)
            if (cs_rules_side(&S->rules, seat) != side && rec->skunk[seat] < level)
                level = rec->skunk[seat];
        return ctx->points_win[level];
    }
    return ctx->points_loss + ctx->points_per_score * rec->score[side];
}

/* Sequence c: A's result minus B's, over the two rotations, halved. */
static int sequence(const setup *S, lineup *L, cs_game *g, long c, double *diff, long *games,
                    tally *t, char *example) {
    *diff = 0;
    cs_game_record rec;
    for (int a_side = 0; a_side < 2; a_side++) {
        if (S->format == F_LEAGUE || S->format == F_NZ) {
            cs_match_context ctx = {.kind = CS_MATCH_POINTS};
            if (S->format == F_LEAGUE) {
                ctx.format = CS_EVENT_FORMAT_LEAGUE;
                ctx.points_win[1] = 1;
                ctx.points_win[2] = ctx.points_win[3] = 2;
                ctx.points_loss = -S->rules.target;
                ctx.points_per_score = 1;
            } else {
                ctx.format = CS_EVENT_FORMAT_NZ;
                for (int k = 0; k < 4; k++) ctx.points_win[k] = 2;
                ctx.points_tie = 1;
            }
            if (play_game(S, L, g, c, 0, a_side, &ctx, CS_FIRST_DEALER_CUT, t, example, &rec))
                return 1;
            (*games)++;
            *diff +=
                (game_value(S, &ctx, &rec, a_side) - game_value(S, &ctx, &rec, 1 - a_side)) / 2;
            continue;
        }
        cs_match_context ctx = {.kind = CS_MATCH_BEST_OF,
                                .format = CS_EVENT_FORMAT_DOUBLE_ELIMINATION,
                                .games_to_win = 2,
                                .game_wins = {1, 1, 1, 1}};
        if (S->format == F_BEST_OF_SKUNKS) {
            ctx.game_wins[1] = 2;
            ctx.game_wins[2] = ctx.game_wins[3] = 3;
        }
        unsigned dealt = 0;
        int dealer = CS_FIRST_DEALER_CUT;
        for (int k = 0; k < 8 && ctx.won[0] < 2 && ctx.won[1] < 2; k++) {
            if (play_game(S, L, g, c, k, a_side, &ctx, dealer, t, example, &rec)) return 1;
            (*games)++;
            dealt |= 1u << rec.first_dealer;
            if (rec.winner < 0) continue; /* no ties in a game to 121; replayed if one came */
            int loser = 1 - rec.winner, level = rec.skunk[loser];
            ctx.won[rec.winner] += ctx.game_wins[level];
            /* the losing team deals: its partner who has not dealt yet, else its first */
            dealer = dealt >> loser & 1 ? (dealt >> (loser + 2) & 1 ? loser : loser + 2) : loser;
        }
        int a_won = ctx.won[a_side] >= 2;
        *diff += (a_won - !a_won) / 2.0;
    }
    return 0;
}

static int parse_long(const char *opt, const char *s, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    const char *digits = *s == '-' ? s + 1 : s;
    if (!isdigit((unsigned char)*digits) || *end != '\0' || errno != 0 || x < lo || x > hi) {
        fprintf(stderr, "cs_mc_match_value: %s must be a whole number from %ld to %ld, not '%s'\n",
                opt, lo, hi, s);
        return 1;
    }
    *out = x;
    return 0;
}

static void usage(void) {
    fprintf(stderr, "usage: cs_mc_match_value league|best-of|best-of-skunks|nz [--from N] "
                    "[--to N] [--seed S] [--threads T] [--a SPEC] [--b SPEC] [--decisions] "
                    "[--examples K] [--near]\n");
}

int main(int argc, char **argv) {
    setup S = {.format = -1,
               .seed = 1,
               .spec = {"mc:samples=40,objective=match", "mc:samples=40,objective=win"}};
    long from = 0, to = 100, threads = 1, examples = 0, seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        int more = i + 1 < argc;
        if (S.format < 0 && o[0] != '-') {
            for (int f = 0; FORMATS[f]; f++)
                if (strcmp(o, FORMATS[f]) == 0) S.format = f;
            if (S.format < 0) {
                fprintf(stderr, "cs_mc_match_value: unknown format '%s'\n", o);
                usage();
                return 2;
            }
        } else if (strcmp(o, "--decisions") == 0) {
            S.decisions = 1;
        } else if (strcmp(o, "--near") == 0) {
            S.near = 1;
        } else if (!more) {
            fprintf(stderr, "cs_mc_match_value: '%s' needs a value (or is unknown)\n", o);
            usage();
            return 2;
        } else if (strcmp(o, "--from") == 0) {
            if (parse_long(o, argv[++i], 0, 1L << 40, &from)) return 2;
        } else if (strcmp(o, "--to") == 0) {
            if (parse_long(o, argv[++i], 1, 1L << 40, &to)) return 2;
        } else if (strcmp(o, "--seed") == 0) {
            if (parse_long(o, argv[++i], 0, 1L << 62, &seed)) return 2;
        } else if (strcmp(o, "--threads") == 0) {
            if (parse_long(o, argv[++i], 1, 256, &threads)) return 2;
        } else if (strcmp(o, "--examples") == 0) {
            if (parse_long(o, argv[++i], 0, 1000, &examples)) return 2;
        } else if (strcmp(o, "--a") == 0) {
            S.spec[0] = argv[++i];
        } else if (strcmp(o, "--b") == 0) {
            S.spec[1] = argv[++i];
        } else {
            fprintf(stderr, "cs_mc_match_value: unknown option '%s'\n", o);
            usage();
            return 2;
        }
    }
    if (S.format < 0 || to <= from) {
        if (S.format >= 0) fprintf(stderr, "cs_mc_match_value: --to must be above --from\n");
        usage();
        return 2;
    }
    S.seed = (uint64_t)seed;
    for (int i = 0; i < 2; i++) { /* a bad spec is bad input: say so before any game */
        char err[256];
        cs_player *p = cs_player_create(S.spec[i], err, sizeof err);
        if (p == NULL) {
            fprintf(stderr, "cs_mc_match_value: %s\n", err);
            return 2;
        }
        cs_player_destroy(p);
    }
    const cs_event_format *f = S.format == F_LEAGUE ? &cs_event_format_league
                               : S.format == F_NZ   ? &cs_event_format_nz
                                                    : &cs_event_format_double_elimination;
    cs_event_default_rules(f, &S.rules);
    long n = to - from;
    double *diff = calloc((size_t)n, sizeof *diff);
    long *games = calloc((size_t)n, sizeof *games);
    char *text = S.decisions ? calloc((size_t)n, EXAMPLE_TEXT) : NULL;
    tally total = {0};
    int failed = 0;
    if (diff == NULL || games == NULL || (S.decisions && text == NULL)) {
        fprintf(stderr, "cs_mc_match_value: out of memory\n");
        return 1;
    }
#ifdef _OPENMP
    omp_set_num_threads((int)threads);
#endif
#pragma omp parallel reduction(| : failed)
    {
        char err[256];
        lineup L;
        memset(&L, 0, sizeof L);
        cs_player **all[] = {&L.a[0],         &L.a[1],         &L.b[0],         &L.b[1],
                             &L.shadow[0][0], &L.shadow[0][1], &L.shadow[1][0], &L.shadow[1][1]};
        int made = 1;
        for (int i = 0; i < (S.decisions ? 8 : 4) && made; i++) {
            const char *spec = S.spec[i < 4 ? i / 2 : i % 2];
            *all[i] = cs_player_create(spec, err, sizeof err);
            if (*all[i] == NULL) {
#pragma omp critical
                fprintf(stderr, "cs_mc_match_value: %s\n", err);
                made = 0;
            }
        }
        cs_game *g = cs_game_new();
        tally t = {0};
        if (!made || g == NULL) failed = 1;
#pragma omp for schedule(dynamic, 1)
        for (long c = from; c < to; c++) {
            if (failed) continue;
            char *ex = text ? text + (size_t)(c - from) * EXAMPLE_TEXT : NULL;
            if (sequence(&S, &L, g, c, &diff[c - from], &games[c - from], &t, ex)) failed = 1;
        }
#pragma omp critical
        for (int p = 0; p < N_PHASE; p++)
            for (int b = 0; b < N_BOARD; b++) {
                total.asked[p][b] += t.asked[p][b];
                total.differ[p][b] += t.differ[p][b];
            }
        cs_game_free(g);
        for (int i = 0; i < 8; i++) cs_player_destroy(*all[i]);
    }
    if (failed) return 1;
    double sum = 0, sum2 = 0;
    long n_games = 0;
    for (long i = 0; i < n; i++) {
        sum += diff[i];
        sum2 += diff[i] * diff[i];
        n_games += games[i];
    }
    double mean = sum / (double)n;
    double sd = n > 1 ? sqrt(fmax(0, (sum2 - (double)n * mean * mean) / (double)(n - 1))) : 0;
    double half = 1.96 * sd / sqrt((double)n);
    printf("%s: A %s against B %s, sequences %ld..%ld, each played twice with the sides swapped "
           "(%ld games, seed %llu)\n",
           FORMATS[S.format], S.spec[0], S.spec[1], from, to - 1, n_games,
           (unsigned long long)S.seed);
    const char *unit = S.format == F_LEAGUE ? "league points a game (more is better)"
                       : S.format == F_NZ   ? "clips a game"
                                            : "matches won a match";
    printf("  A minus B, %s: %+.4f [%+.4f, %+.4f] (95%%, paired by sequence, sd %.3f)\n", unit,
           mean, mean - half, mean + half, sd);
    if (S.format == F_LEAGUE)
        printf("  a night of four games, league points (lower is better), A minus B: %+.3f "
               "[%+.3f, %+.3f]\n",
               -4 * mean, -4 * (mean + half), -4 * (mean - half));
    printf("  sums for shards: n %ld sum %.6f sum2 %.6f games %ld\n", n, sum, sum2, n_games);
    if (S.decisions) {
        printf("  decisions of A's seats where A's spec and B's (the same view and samples) "
               "differ:\n");
        for (int p = 0; p < N_PHASE; p++)
            for (int b = 0; b < N_BOARD; b++)
                printf("    %-7s %-42s %6ld of %7ld (%.2f%%)\n", PHASE[p], BOARD[b],
                       total.differ[p][b], total.asked[p][b],
                       total.asked[p][b]
                           ? 100.0 * (double)total.differ[p][b] / (double)total.asked[p][b]
                           : 0.0);
        long shown = 0;
        for (long i = 0; i < n && shown < examples; i++)
            if (text[(size_t)i * EXAMPLE_TEXT]) {
                printf("  sequence %ld: %s\n", from + i, text + (size_t)i * EXAMPLE_TEXT);
                shown++;
            }
    }
    free(diff);
    free(games);
    free(text);
    return 0;
}

/*
 * crib_toss.c - the crib toss table (results/crib-toss/): for each of the 91 pairs of ranks a
 * seat can lay away, the crib's mean when it is the seat's own (the dealer's toss) and when it
 * is the opponent's (the pone's toss into the dealer's crib), the crib's other two cards laid
 * away by the other seat as the `expected` strategy lays away, by Monte Carlo with a 95%
 * interval, beside the published tables (Hessel's, Cribbage Pro's) and expected's own crib model
 * (the other two at random, exact: handvalue.h).
 *
 * One sample of a cell (role, ranks a <= b): the pair's suits at random (two different cards;
 * with a != b suited one time in four, as dealt), the laying seat's four kept cards at random
 * from the rest, the other seat dealt six of the rest and laying two away as expected does
 * (its crib weight -1 as the pone, +1 as the dealer, its starters the 46 cards it has not
 * seen), the starter at random from the 40 left. Each sample is scored twice on the same
 * cards (common random numbers): with crib flushes (a five-card flush, the `two` rules) and
 * without (the other seat's expected then also ignores crib flushes), the assumption of the
 * published Hessel table. The rank pair's figure mixes suited and unsuited as dealt; suited and
 * unsuited are also kept apart.
 *
 * Every cell draws from its own stream, cs_pcg32_derive(seed, cell, CS_STREAM_STRATEGY, 3), so
 * the figures are the same for any number of threads (OpenMP spreads the cells).
 *
 * With --other SPEC the other seat lays away as that strategy does instead (`expert`, `mc`, any
 * seat spec), asked through the strategy interface at 0-0 in the first deal of a game, one
 * player for each thread and rule (with and without crib flushes), each sample a new game of
 * its own (the player's streams derived from the cell's seed and the sample), so the figures
 * do not depend on which thread plays a cell.
 *
 *   cs_crib_toss [--samples N] [--seed S] [--other SPEC] OUT_DIR
 *
 * writes OUT_DIR/table.md (the tables, the published figures beside) and OUT_DIR/crib-toss.csv
 * (every cell: role, ranks, samples, means and half-widths), and prints a summary.
 */
#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "expert.h"
#include "handvalue.h"
#include "inference.h"
#include "pcg32.h"
#include "rules.h"
#include "strategy.h"
#include "score.h"

#define DEFAULT_SAMPLES 100000
#define DEFAULT_SEED    20261126ull
#define NO_FLUSH        6 /* a crib flush minimum no five cards reach: flushes never count */
#define PAIRS           91

/*
 * The published figures, by ranks (A = 0 .. K = 12), the table's lower triangle read row by
 * row; NAN where the source gives none.
 *
 * Hessel, pone's toss into the dealer's crib ("Discarding to opponent's crib (Hessel)", Michael
 * Schell, Cribbage Forum, http://cribbageforum.com/OppCrib.htm): computed by Craig Hessel over
 * all 18,395 suitless six-card hands, iterating optimal discards until the 91 averages settled,
 * crib flushes ignored (http://cribbageforum.com/YourCrib.htm).
 */
static const double HESSEL_PONE[13][13] = {
    {6.07},
    {5.07, 6.43},
    {5.17, 7.34, 6.78},
    {5.74, 5.44, 6.10, 6.59},
    {6.06, 6.17, 6.85, 7.46, 9.39},
    {4.93, 5.13, 4.92, 5.47, 7.66, 7.17},
    {4.95, 5.12, 5.16, 4.91, 7.08, 6.64, 7.25},
    {4.92, 5.03, 5.08, 5.02, 6.36, 6.05, 7.88, 6.76},
    {4.66, 4.82, 4.82, 4.75, 6.22, 6.31, 5.46, 5.97, 6.44},
    {4.46, 4.64, 4.70, 4.55, 7.46, 4.41, 4.44, 5.02, 5.52, 6.11},
    {4.72, 4.91, 4.97, 4.80, 7.75, 4.61, 4.73, 4.65, 4.98, 5.60, 6.56},
    {4.41, 4.60, 4.66, 4.49, 7.42, 4.29, 4.44, 4.38, 4.14, 4.65, 5.55, 5.89},
    {4.34, 4.53, 4.59, 4.43, 7.31, 4.25, 4.38, 4.31, 4.13, 3.99, 4.89, 4.56, 5.72},
};

/* Cribbage Pro's dealer discard table (one decimal; "Dealer discard table", blog.cribbagepro.net,
 * 2012, https://blog.cribbagepro.net/search?max-results=2&reverse-paginate=true&updated-max=
 * 2012-10-25T10%3A07%3A00-07%3A00): the dealer's own crib by the two cards it laid away, from
 * the games played in its app (the page gives no method beyond "the data"). */
static const double PRO_DEALER[13][13] = {
    {5.2},
    {4.4, 5.8},
    {4.6, 6.9, 5.9},
    {5.2, 4.6, 5.0, 5.5},
    {5.2, 5.2, 5.9, 6.3, 8.5},
    {3.7, 3.9, 3.8, 3.9, 6.4, 5.6},
    {3.7, 3.9, 3.8, 3.7, 5.8, 4.9, 5.8},
    {3.7, 3.7, 3.9, 3.9, 5.3, 4.6, 6.4, 5.3},
    {3.3, 3.7, 3.7, 3.6, 5.1, 4.9, 4.0, 4.5, 4.9},
    {3.3, 3.6, 3.6, 3.4, 6.3, 3.0, 3.1, 3.7, 4.1, 4.6},
    {3.5, 3.8, 3.9, 3.7, 6.7, 3.2, 3.3, 3.3, 3.7, 4.3, 5.1},
    {3.3, 3.6, 3.7, 3.5, 6.4, 3.0, 3.1, 3.1, 2.8, 3.3, 4.5, 4.5},
    {3.3, 3.6, 3.7, 3.5, 6.3, 2.9, 3.1, 3.0, 2.8, 2.7, 3.8, 3.4, 4.4},
};

/* Hessel's dealer figures quoted in "How to analyze discards, part 2" (Cribbage Forum,
 * http://cribbageforum.com/AnalyzeDiscardsPart2.htm): 7-9 4.06 and J-Q 4.90 to one's own crib;
 * the full dealer table is not in the stored sources. */
static double hessel_dealer(int a, int b) {
    if (a == 6 && b == 8) return 4.06;
    if (a == 10 && b == 11) return 4.90;
    return NAN;
}

typedef struct {
    int role; /* 1: the seat's own crib (dealer), 0: the opponent's (pone's toss) */
    int a, b; /* ranks, a <= b */
    long n, n_suited;
    double sum, sq;            /* with crib flushes, every sample */
    double sum_s, sq_s;        /* with flushes, suited samples */
    double sum_nf, sq_nf;      /* without crib flushes, every sample */
    double sum_d, sq_d;        /* with minus without, every sample (common cards) */
    double uniform, uniform_s; /* expected's crib model (exact): mixed as dealt, suited */
    int failed;                /* --other: a discard failed */
} cell;

/* The other seat's discard: expected's, from its six cards, for its crib weight. */
static void expected_toss(const cs_rules *r, const cs_crib_model *m, const cs_card six[6],
                          cs_cardset mine, double weight, cs_card out[2]) {
    cs_pool pool;
    cs_pool_init(&pool, CS_FULL_DECK & ~mine);
    cs_split splits[CS_SPLITS_MAX];
    int n = cs_splits(six, 6, 2, splits), best;
    cs_discard_best(r, splits, n, &pool, m, weight, &best, NULL);
    out[0] = splits[best].toss[0];
    out[1] = splits[best].toss[1];
}

/* The other seat's discard by a strategy: seat `seat` of a two-player game (seat 1 deals),
 * its six cards dealt, 0-0, the first deal of game `game`. */
static int player_toss(cs_player *p, const cs_rules *r, uint64_t seed, uint64_t game, int seat,
                       const cs_card six[6], cs_card out[2]) {
    cs_player_new_game(p, r, seed, game, seat);
    int left[2] = {6, 6}, score[2] = {0, 0};
    cs_view v = {.rules = r,
                 .game = game,
                 .seat = seat,
                 .dealer = 1,
                 .deal = 0,
                 .n_hand = 6,
                 .hand = six,
                 .starter = CS_NO_CARD,
                 .cards_left = left,
                 .score = score};
    cs_agent a = cs_player_agent(p);
    cs_card toss[CS_MAX_DISCARD];
    if (a.discard(a.self, &v, toss) != 0) return -1;
    out[0] = toss[0];
    out[1] = toss[1];
    return 0;
}

/* The other seat: expected's exact discard, or a player of each rule (with and without crib
 * flushes) when --other names a strategy. */
typedef struct {
    cs_player *with, *without;
    const cs_rules *r, *r_nf;
} other_seat;

static void run_cell(cell *c, long samples, uint64_t seed, uint64_t index, const cs_rules *r,
                     const cs_crib_model *with, const cs_crib_model *without, const other_seat *o) {
    cs_pcg32 rng = cs_pcg32_derive(seed, index, CS_STREAM_STRATEGY, 3);
    /* The other seat lays into the dealer's crib: as the pone (weight -1) when the laying
     * seat deals, as the dealer (+1) when the laying seat is the pone. */
    double weight = c->role ? -1.0 : 1.0;
    for (long k = 0; k < samples; k++) {
        int sa = (int)cs_pcg32_bounded(&rng, 4), sb;
        do sb = (int)cs_pcg32_bounded(&rng, 4);
        while (c->a == c->b && sb == sa);
        cs_card crib[4] = {cs_card_make(c->a, sa), cs_card_make(c->b, sb)};
        cs_cardset deck = CS_FULL_DECK & ~cs_cardset_of(crib[0]) & ~cs_cardset_of(crib[1]);
        for (int i = 0; i < 4; i++) cs_cardset_draw(&deck, &rng); /* the seat's kept cards */
        cs_card six[6];
        cs_cardset theirs = 0;
        for (int i = 0; i < 6; i++) {
            six[i] = cs_cardset_draw(&deck, &rng);
            theirs |= cs_cardset_of(six[i]);
        }
        cs_card starter = cs_cardset_draw(&deck, &rng);
        double x, y;
        if (o->with == NULL) {
            expected_toss(r, with, six, theirs, weight, crib + 2);
            x = cs_show_score(crib, 4, starter, 5);
            expected_toss(r, without, six, theirs, weight, crib + 2);
            y = cs_show_score(crib, 4, starter, NO_FLUSH);
        } else {
            /* The other seat is the pone (seat 0) when the laying seat deals. */
            uint64_t game = index * (uint64_t)samples + (uint64_t)k;
            int seat = c->role ? 0 : 1;
            if (player_toss(o->with, o->r, seed, game, seat, six, crib + 2) != 0) c->failed = 1;
            x = cs_show_score(crib, 4, starter, 5);
            if (player_toss(o->without, o->r_nf, seed, game, seat, six, crib + 2) != 0)
                c->failed = 1;
            y = cs_show_score(crib, 4, starter, NO_FLUSH);
        }
        c->n++;
        c->sum += x;
        c->sq += x * x;
        c->sum_nf += y;
        c->sq_nf += y * y;
        c->sum_d += x - y;
        c->sq_d += (x - y) * (x - y);
        if (c->a != c->b && sa == sb) {
            c->n_suited++;
            c->sum_s += x;
            c->sq_s += x * x;
        }
    }
}

static double mean(double sum, long n) {
    return n > 0 ? sum / n : NAN;
}

/* Half the width of the 95% interval of a mean (normal: the samples are many). */
static double half95(double sum, double sq, long n) {
    if (n < 2) return NAN;
    double m = sum / n, var = (sq - n * m * m) / (n - 1);
    return 1.96 * sqrt(var > 0 ? var : 0) / sqrt((double)n);
}

static const char RANKS[] = "A23456789TJQK";

static void pair_name(int a, int b, char out[8]) {
    const char *ten = "10";
    char x[3] = {RANKS[a], 0, 0}, y[3] = {RANKS[b], 0, 0};
    if (a == 9) strcpy(x, ten);
    if (b == 9) strcpy(y, ten);
    snprintf(out, 8, "%s-%s", x, y);
}

static void fmt(char *buf, size_t len, double v) {
    if (isnan(v))
        buf[0] = '\0';
    else
        snprintf(buf, len, "%.2f", v);
}

/* The rows of one role's table (1: the dealer's toss, 0: the pone's), A-A to K-K. */
static void write_table(FILE *f, const cell cells[], int role) {
    fprintf(f, "| toss | cribsim | 95%% | unsuited | suited | no crib flush | Hessel | "
               "Cribbage Pro | random toss |\n"
               "|---|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < 2 * PAIRS; i++) {
        const cell *c = &cells[i];
        if (c->role != role) continue;
        char name[8], un[16], su[16], nf[16], he[16], pro[16], uni[16];
        pair_name(c->a, c->b, name);
        long n_un = c->n - c->n_suited;
        fmt(un, sizeof un, c->a == c->b ? NAN : mean(c->sum - c->sum_s, n_un));
        fmt(su, sizeof su, c->a == c->b ? NAN : mean(c->sum_s, c->n_suited));
        fmt(nf, sizeof nf, mean(c->sum_nf, c->n));
        fmt(he, sizeof he, role ? hessel_dealer(c->a, c->b) : HESSEL_PONE[c->b][c->a]);
        fmt(pro, sizeof pro, role ? PRO_DEALER[c->b][c->a] : NAN);
        fmt(uni, sizeof uni, c->uniform);
        fprintf(f, "| %s | %.2f | ±%.3f | %s | %s | %s | %s | %s | %s |\n", name,
                mean(c->sum, c->n), half95(c->sum, c->sq, c->n), un, su, nf, he, pro, uni);
    }
}

/* One role's figures as the published tables print them: a 13 x 13 grid by rank. */
static void write_grid(FILE *f, const cell cells[], int role) {
    fprintf(f, "|   |");
    for (int b = 0; b < 13; b++) fprintf(f, " %s |", b == 9 ? "10" : (char[2]){RANKS[b], 0});
    fprintf(f, "\n|---|");
    for (int b = 0; b < 13; b++) fprintf(f, "---|");
    fprintf(f, "\n");
    for (int a = 0; a < 13; a++) {
        fprintf(f, "| %s |", a == 9 ? "10" : (char[2]){RANKS[a], 0});
        for (int b = 0; b < 13; b++) {
            int lo = a < b ? a : b, hi = a < b ? b : a;
            for (int i = 0; i < 2 * PAIRS; i++)
                if (cells[i].role == role && cells[i].a == lo && cells[i].b == hi)
                    fprintf(f, " %.2f |", mean(cells[i].sum, cells[i].n));
        }
        fprintf(f, "\n");
    }
}

/* Mean and largest absolute difference of `pub` from the no-flush figure over the pairs the
 * source gives; writes the worst pair's name. Returns how many pairs were compared. */
static int compare(const cell cells[], int role, int flush, double (*pub)(int, int), double *mad,
                   double *worst, char name[8]) {
    int k = 0;
    double total = 0;
    *worst = 0;
    for (int i = 0; i < 2 * PAIRS; i++) {
        const cell *c = &cells[i];
        if (c->role != role) continue;
        double p = pub(c->a, c->b);
        if (isnan(p)) continue;
        double v = flush ? mean(c->sum, c->n) : mean(c->sum_nf, c->n);
        double d = v - p;
        total += fabs(d);
        k++;
        if (fabs(d) > fabs(*worst)) {
            *worst = d;
            pair_name(c->a, c->b, name);
        }
    }
    *mad = k ? total / k : NAN;
    return k;
}

static double pub_hessel_pone(int a, int b) {
    return HESSEL_PONE[b][a];
}
static double pub_pro(int a, int b) {
    return PRO_DEALER[b][a];
}

/* expert's crib table (expert.h) made the same way from 20,000 samples a cell (another seed):
 * the mean and largest absolute difference from this table's unsuited and suited figures, a
 * check that the two agree within their sampling. */
static void against_expert(const cell cells[], double *mad, double *worst) {
    double total = 0;
    int k = 0;
    *worst = 0;
    for (int i = 0; i < 2 * PAIRS; i++) {
        const cell *c = &cells[i];
        for (int same = 0; same < 2; same++) {
            if (same && c->a == c->b) continue;
            double v =
                same ? mean(c->sum_s, c->n_suited) : mean(c->sum - c->sum_s, c->n - c->n_suited);
            double d = v - cs_expert_crib[c->role][c->a][c->b][same] / 100.0;
            total += fabs(d);
            k++;
            if (fabs(d) > *worst) *worst = fabs(d);
        }
    }
    *mad = total / k;
}

int main(int argc, char **argv) {
    long samples = DEFAULT_SAMPLES;
    uint64_t seed = DEFAULT_SEED;
    const char *dir = NULL, *other = "expected";
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--samples") && i + 1 < argc) {
            errno = 0;
            samples = strtol(argv[++i], &end, 10);
            if (!isdigit((unsigned char)argv[i][0]) || *end != '\0' || errno != 0 || samples < 2 ||
                samples > 100000000) {
                fprintf(stderr, "cs_crib_toss: --samples '%s': expected 2 to 100000000\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            errno = 0;
            seed = strtoull(argv[++i], &end, 10);
            if (*end != '\0' || argv[i][0] < '0' || argv[i][0] > '9' || errno != 0) {
                fprintf(stderr, "cs_crib_toss: --seed '%s': expected a whole number\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--other") && i + 1 < argc) {
            other = argv[++i];
        } else if (argv[i][0] != '-' && dir == NULL) {
            dir = argv[i];
        } else {
            fprintf(stderr,
                    "usage: cs_crib_toss [--samples N] [--seed S] [--other SPEC] OUT_DIR "
                    "('%s'?)\n",
                    argv[i]);
            return 2;
        }
    }
    if (dir == NULL) {
        fprintf(stderr, "usage: cs_crib_toss [--samples N] [--seed S] [--other SPEC] OUT_DIR\n");
        return 2;
    }
    int by_player = strcmp(other, "expected") != 0;
    char err[512];
    if (by_player) { /* the spec checked once, before any work */
        cs_player *p = cs_player_create(other, err, sizeof err);
        if (p == NULL) {
            fprintf(stderr, "cs_crib_toss: --other '%s': %s\n", other, err);
            return 2;
        }
        cs_player_destroy(p);
    }
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_crib_model with, without;
    cs_crib_model_build(&with, 5);
    cs_crib_model_build(&without, NO_FLUSH);
    cs_rules r_nf = r; /* no five cards reach a flush: crib flushes never count */
    r_nf.crib_flush_min = NO_FLUSH;
    static cell cells[2 * PAIRS];
    int k = 0;
    for (int role = 1; role >= 0; role--)
        for (int a = 0; a < 13; a++)
            for (int b = a; b < 13; b++) {
                cell *c = &cells[k++];
                memset(c, 0, sizeof *c);
                c->role = role;
                c->a = a;
                c->b = b;
                /* The random-toss model mixed as dealt: 4 of the 16 suit pairs of a != b share
                 * a suit; a pair of one rank never does. */
                c->uniform_s = a == b ? NAN : with.two[a][b][1];
                c->uniform = a == b ? with.two[a][a][0]
                                    : 0.75 * with.two[a][b][0] + 0.25 * with.two[a][b][1];
            }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int failed = 0;
    /* A player of each rule per thread, made once: every toss starts a new game of its own. */
#pragma omp parallel reduction(| : failed)
    {
        other_seat o = {NULL, NULL, &r, &r_nf};
        char why[512];
        if (by_player) {
            o.with = cs_player_create(other, why, sizeof why);
            o.without = cs_player_create(other, why, sizeof why);
        }
        int broken = by_player && (o.with == NULL || o.without == NULL);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < 2 * PAIRS; i++) {
            if (broken)
                cells[i].failed = 1;
            else
                run_cell(&cells[i], samples, seed, (uint64_t)i, &r, &with, &without, &o);
            failed |= cells[i].failed;
        }
        if (o.with) cs_player_destroy(o.with);
        if (o.without) cs_player_destroy(o.without);
    }
    if (failed) {
        fprintf(stderr, "cs_crib_toss: --other '%s': a discard failed\n", other);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;

    char path[4096];
    snprintf(path, sizeof path, "%s/crib-toss.csv", dir);
    FILE *csv = fopen(path, "w");
    if (csv == NULL) {
        perror(path);
        return 1;
    }
    fprintf(csv, "role,toss,samples,mean,half95,unsuited,suited_samples,suited,suited_half95,"
                 "no_flush,no_flush_half95,flush_part,flush_part_half95,random_toss,"
                 "random_toss_suited\n");
    for (int i = 0; i < 2 * PAIRS; i++) {
        const cell *c = &cells[i];
        char name[8];
        pair_name(c->a, c->b, name);
        long n_un = c->n - c->n_suited;
        fprintf(csv, "%s,%s,%ld,%.4f,%.4f,%.4f,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f\n",
                c->role ? "dealer" : "pone", name, c->n, mean(c->sum, c->n),
                half95(c->sum, c->sq, c->n), mean(c->sum - c->sum_s, n_un), c->n_suited,
                mean(c->sum_s, c->n_suited), half95(c->sum_s, c->sq_s, c->n_suited),
                mean(c->sum_nf, c->n), half95(c->sum_nf, c->sq_nf, c->n), mean(c->sum_d, c->n),
                half95(c->sum_d, c->sq_d, c->n), c->uniform, c->uniform_s);
    }
    if (fclose(csv) != 0) {
        perror(path);
        return 1;
    }

    snprintf(path, sizeof path, "%s/table.md", dir);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    double mad_h, worst_h, mad_h5, worst_h5, mad_p, worst_p;
    char name_h[8] = "", name_h5[8] = "", name_p[8] = "";
    compare(cells, 0, 0, pub_hessel_pone, &mad_h, &worst_h, name_h);
    compare(cells, 0, 1, pub_hessel_pone, &mad_h5, &worst_h5, name_h5);
    compare(cells, 1, 1, pub_pro, &mad_p, &worst_p, name_p);
    double mad_e, worst_e;
    against_expert(cells, &mad_e, &worst_e);
    fprintf(
        f,
        "# Crib toss tables: the tables\n\n"
        "Written by `build/cs_crib_toss --samples %ld --seed %llu --other %s DIR` "
        "(experiments/tools/"
        "crib_toss.c; `results/regenerate.sh crib-toss`): %ld samples a rank pair and role, "
        "%.0f s on this machine. README.md says what each column is and why the columns "
        "differ.\n\n"
        "cribsim: the crib's mean with the other seat laying away as `%s` does, crib "
        "flushes counted (five cards), suited and unsuited mixed as dealt; 95%%: the half-width "
        "of its interval. unsuited, suited: the same, apart (suited has a quarter of the "
        "samples). no crib flush: the same cards with crib flushes not counted (and the other "
        "seat not counting them either), Hessel's assumption. random toss: "
        "expected's crib model, the other two cards at random (exact).\n\n"
        "Against Hessel (pone's toss, 91 pairs), no crib flush: mean absolute difference "
        "%.3f, largest %+.2f (%s); with flushes %.3f, largest %+.2f (%s). Against Cribbage "
        "Pro (dealer, 91 pairs, one decimal): %.3f, largest %+.2f (%s). Against expert's crib "
        "table (made with the other seat laying away as expected does, 20,000 samples a cell; 338 "
        "unsuited and suited cells): %.3f, "
        "largest %.2f.\n\n",
        samples, (unsigned long long)seed, other, samples, secs, other, mad_h, worst_h, name_h,
        mad_h5, worst_h5, name_h5, mad_p, worst_p, name_p, mad_e, worst_e);
    fprintf(f, "## The grids (the cribsim column by rank)\n\nInto one's own crib (dealer):\n\n");
    write_grid(f, cells, 1);
    fprintf(f, "\nInto the opponent's crib (pone):\n\n");
    write_grid(f, cells, 0);
    fprintf(f, "\n## Into one's own crib (the dealer's toss; the pone lays away as %s)\n\n", other);
    write_table(f, cells, 1);
    fprintf(f, "\n## Into the opponent's crib (the pone's toss; the dealer lays away as %s)\n\n",
            other);
    write_table(f, cells, 0);
    if (fclose(f) != 0) {
        perror(path);
        return 1;
    }
    printf("crib toss: %ld samples a cell, %d cells, %.1f s\n", samples, 2 * PAIRS, secs);
    printf("pone's toss against Hessel, no crib flush: mean |d| %.3f, largest %+.2f (%s)\n", mad_h,
           worst_h, name_h);
    printf("pone's toss against Hessel, crib flushes: mean |d| %.3f, largest %+.2f (%s)\n", mad_h5,
           worst_h5, name_h5);
    printf("dealer's toss against Cribbage Pro: mean |d| %.3f, largest %+.2f (%s)\n", mad_p,
           worst_p, name_p);
    printf("against expert's crib table (unsuited and suited): mean |d| %.3f, largest %.2f\n",
           mad_e, worst_e);
    return 0;
}

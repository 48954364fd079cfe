/*
 * win_grid.c - the board-position win table (results/win-grid/): for each pair of scores, the
 * dealer's d and the pone's p before a deal (the dealer about to deal), the chance that the
 * dealer wins the game when one strategy plays both seats, by playing games from that position
 * (cs_game_set_scores), with a 95% Wilson interval.
 *
 * Seat 0 deals the first deal from the position; game i of cell (d, p) is game index
 * (d * SCORES_MAX + p) * games + i of the run with the seed, which fixes its cards and both seats'
 * streams (cs_player_new_game), so a cell's figures are the same for any number of threads
 * (OpenMP spreads the cells, each thread with its own players and game) and two grids of the
 * same seed and games a cell (expert's, mc's) play the same cards in the cells they share.
 *
 *   cs_win_grid [--strategy SPEC] [--games N] [--step K] [--seed S] [--preset NAME] OUT.csv
 *
 * SPEC is a seat spec (default expert); the scores run 0, K, 2K, ... below the target (K = 1:
 * every score), and the target less one is always the last row and column. The preset must
 * have two sides (two, five-card, partners, nz-tournament; a tie counts as no dealer win). Writes
 * OUT.csv, one row a cell (d, p, games, dealer wins, rate, the interval, the mean deals the game
 * lasted), and prints the time taken. Bad arguments: a message and status 2.
 */
#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "game.h"
#include "rules.h"
#include "strategy.h"

#define DEFAULT_GAMES 1000
#define DEFAULT_SEED  20261126ull
#define SCORES_MAX    200 /* the largest target the cell index allows */

typedef struct {
    int d, p;   /* dealer's and pone's scores before the deal */
    long games; /* played */
    long wins;  /* by the dealer */
    long deals; /* summed over the games */
    int failed; /* a game stopped with an error (the message is printed) */
} cell;

static double wilson(double k, double n, double sign) {
    double z = 1.96, p = k / n, d = 1 + z * z / n;
    return (p + z * z / (2 * n) + sign * z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / d;
}

/* Plays the cell's games with the two players (seat 0 deals first). */
static void run_cell(cell *c, long games, uint64_t seed, const cs_rules *r, cs_player *pl[2],
                     cs_game *g) {
    uint64_t base = ((uint64_t)c->d * SCORES_MAX + (uint64_t)c->p) * (uint64_t)games;
    int scores[2] = {c->d, c->p};
    for (long i = 0; i < games; i++) {
        uint64_t index = base + (uint64_t)i;
        cs_agent agents[2];
        for (int s = 0; s < 2; s++) {
            cs_player_new_game(pl[s], r, seed, index, s);
            agents[s] = cs_player_agent(pl[s]);
        }
        cs_game_begin(g, r, seed, index, 0, agents);
        cs_game_record rec;
        int rc = cs_game_set_scores(g, scores);
        if (rc == CS_OK) rc = cs_game_run(g, NULL, NULL, &rec);
        if (rc != CS_OK) {
#pragma omp critical
            fprintf(stderr, "cs_win_grid: cell %d-%d, game %llu: %s\n", c->d, c->p,
                    (unsigned long long)index, cs_game_error(g));
            c->failed = 1;
            return;
        }
        c->games++;
        c->wins += rec.winner == 0;
        c->deals += rec.deals;
    }
}

static int usage(const char *bad) {
    if (bad) fprintf(stderr, "cs_win_grid: bad argument '%s'\n", bad);
    fprintf(stderr, "usage: cs_win_grid [--strategy SPEC] [--games N] [--step K] [--seed S] "
                    "[--preset NAME] OUT.csv\n");
    return 2;
}

static int parse_long(const char *s, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!isdigit((unsigned char)*s) || *end != '\0' || errno != 0 || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv) {
    const char *spec = "expert", *out = NULL, *preset = "two";
    long games = DEFAULT_GAMES, step = 1;
    uint64_t seed = DEFAULT_SEED;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (strcmp(a, "--strategy") == 0 && has) {
            spec = argv[++i];
        } else if (strcmp(a, "--preset") == 0 && has) {
            preset = argv[++i];
        } else if (strcmp(a, "--games") == 0 && has) {
            if (parse_long(argv[++i], 1, 100000000, &games) != 0) return usage(argv[i]);
        } else if (strcmp(a, "--step") == 0 && has) {
            if (parse_long(argv[++i], 1, 100, &step) != 0) return usage(argv[i]);
        } else if (strcmp(a, "--seed") == 0 && has) {
            char *end;
            errno = 0;
            seed = strtoull(argv[++i], &end, 10);
            if (!isdigit((unsigned char)argv[i][0]) || *end != '\0' || errno != 0)
                return usage(argv[i]);
        } else if (a[0] != '-' && out == NULL) {
            out = a;
        } else {
            return usage(a);
        }
    }
    if (out == NULL) return usage(NULL);
    cs_rules r;
    if (cs_rules_from_name(preset, &r) != CS_OK) {
        fprintf(stderr, "cs_win_grid: unknown preset '%s'\n", preset);
        return 2;
    }
    if (cs_rules_sides(&r) != 2 || r.target > SCORES_MAX) {
        fprintf(stderr,
                "cs_win_grid: preset '%s' has %d sides and target %d; the grid needs two "
                "sides and a target up to %d\n",
                preset, cs_rules_sides(&r), r.target, SCORES_MAX);
        return 2;
    }
    char err[512];
    cs_player *probe = cs_player_create(spec, err, sizeof err);
    if (probe == NULL) {
        fprintf(stderr, "cs_win_grid: %s\n", err);
        return 2;
    }
    cs_player_destroy(probe);

    /* The scores: 0, step, 2 step, ... below the target, and target - 1 always. */
    int score[SCORES_MAX], n = 0;
    for (int s = 0; s < r.target; s += (int)step) score[n++] = s;
    if (score[n - 1] != r.target - 1) score[n++] = r.target - 1;
    int n_cells = n * n;
    cell *cells = calloc((size_t)n_cells, sizeof *cells);
    if (cells == NULL) {
        fprintf(stderr, "cs_win_grid: out of memory\n");
        return 1;
    }
    for (int i = 0; i < n_cells; i++) {
        cells[i].d = score[i / n];
        cells[i].p = score[i % n];
    }
    FILE *f = fopen(out, "w"); /* before the games: a bad path fails at once */
    if (f == NULL) {
        perror(out);
        free(cells);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int failed = 0;
#pragma omp parallel reduction(| : failed)
    {
        cs_player *pl[2];
        pl[0] = cs_player_create(spec, err, sizeof err);
        pl[1] = cs_player_create(spec, err, sizeof err);
        cs_game *g = cs_game_new();
        if (pl[0] == NULL || pl[1] == NULL || g == NULL) {
            failed = 1;
        } else {
#pragma omp for schedule(dynamic, 1)
            for (int i = 0; i < n_cells; i++) {
                run_cell(&cells[i], games, seed, &r, pl, g);
                failed |= cells[i].failed;
            }
        }
        cs_game_free(g);
        for (int s = 0; s < 2; s++)
            if (pl[s]) cs_player_destroy(pl[s]);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    if (failed) {
        fprintf(stderr, "cs_win_grid: some games failed; %s left empty\n", out);
        fclose(f);
        free(cells);
        return 1;
    }
    fprintf(f, "dealer,pone,games,dealer_wins,rate,lo95,hi95,mean_deals\n");
    long total = 0;
    for (int i = 0; i < n_cells; i++) {
        const cell *c = &cells[i];
        double k = (double)c->wins, m = (double)c->games;
        fprintf(f, "%d,%d,%ld,%ld,%.4f,%.4f,%.4f,%.3f\n", c->d, c->p, c->games, c->wins, k / m,
                wilson(k, m, -1), wilson(k, m, 1), (double)c->deals / m);
        total += c->games;
    }
    int bad = fclose(f) != 0;
    if (bad) perror(out);
    free(cells);
    printf("win grid: %s, %s, seed %llu, %d x %d cells, %ld games a cell, %ld games, %.1f s\n",
           spec, preset, (unsigned long long)seed, n, n, games, total, secs);
    return bad;
}

/*
 * mc_paired.c - paired comparisons of strategy variants against one opponent: every variant
 * plays the same card sequences (cribsim match's duplicate games: sequence c is game 2c and
 * 2c + 1, the variant first in one and second in the other, the same cards and streams as
 * `cribsim match VARIANT OPP --seed SEED` deals), so the difference between two variants is
 * measured on the same cards. Prints each variant's win rate and margin, and for every variant
 * after the first the paired difference from the first (mean of the per-sequence differences,
 * +- 1.96 standard errors of that mean) and its user CPU time relative to the first.
 *
 * Built by hand (not part of the build; it links the libraries the build makes):
 *   gcc -O2 -std=gnu11 -Iengine -Istrategies experiments/tools/mc_paired.c \
 *       build/libcs_strategies.a build/libcs_engine.a -lm -ldl -lpthread -o build/mc_paired
 *   build/mc_paired SEED FIRST END OPP VARIANT...
 * plays sequences FIRST..END-1 (run shards side by side for more cores; the sums add up).
 */
#include <limits.h>
#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "game.h"
#include "strategy.h"

#define MAX_VARIANTS 16

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A whole number of digits only (no sign or blank), all of s, not wrapped. Returns 0 or -1. */
static int whole(const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!isdigit((unsigned char)s[0]) || *end != '\0' || errno != 0) return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 6 || argc - 5 > MAX_VARIANTS) {
        fprintf(stderr, "usage: mc_paired SEED FIRST END OPP VARIANT... (at most %d)\n",
                MAX_VARIANTS);
        return 2;
    }
    uint64_t seed, first_at, end_at;
    if (whole(argv[1], &seed) || whole(argv[2], &first_at) || whole(argv[3], &end_at) ||
        first_at > end_at || end_at > (uint64_t)LONG_MAX) {
        fprintf(stderr, "mc_paired: SEED, FIRST and END are whole numbers, FIRST <= END\n");
        return 2;
    }
    long first = (long)first_at, end = (long)end_at;
    int nv = argc - 5;
    char err[256];
    cs_player *a[MAX_VARIANTS], *b[MAX_VARIANTS];
    for (int i = 0; i < nv; i++) {
        a[i] = cs_player_create(argv[5 + i], err, sizeof err);
        b[i] = a[i] ? cs_player_create(argv[4], err, sizeof err) : NULL;
        if (a[i] == NULL || b[i] == NULL) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    }
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_game *g = cs_game_new();
    double t[MAX_VARIANTS] = {0}, win[MAX_VARIANTS] = {0}, marg[MAX_VARIANTS] = {0};
    double d[MAX_VARIANTS] = {0}, d2[MAX_VARIANTS] = {0}, n = 0;
    for (long c = first; c < end; c++) {
        double w[MAX_VARIANTS];
        for (int i = 0; i < nv; i++) {
            double t0 = cpu();
            w[i] = 0;
            for (int rot = 0; rot < 2; rot++) {
                uint64_t gi = (uint64_t)c * 2 + (uint64_t)rot;
                cs_player *lineup[2] = {a[i], b[i]};
                cs_agent agents[2];
                for (int seat = 0; seat < 2; seat++) {
                    cs_player_new_game(lineup[(seat + rot) % 2], &rules, seed, gi, seat);
                    agents[seat] = cs_player_agent(lineup[(seat + rot) % 2]);
                }
                cs_game_begin_keyed(g, &rules, seed, gi, (uint64_t)c, CS_FIRST_DEALER_CUT, agents);
                cs_game_record rec;
                if (cs_game_run(g, NULL, NULL, &rec) != 0) {
                    fprintf(stderr, "game %llu, %s: %s\n", (unsigned long long)gi, argv[5 + i],
                            cs_game_error(g));
                    return 1;
                }
                int mine = rot; /* the variant sits at seat rot */
                w[i] += (rec.winner == mine) / 2.0;
                marg[i] += (rec.score[mine] - rec.score[1 - mine]) / 2.0;
            }
            win[i] += w[i];
            t[i] += cpu() - t0;
        }
        for (int i = 1; i < nv; i++) {
            d[i] += w[i] - w[0];
            d2[i] += (w[i] - w[0]) * (w[i] - w[0]);
        }
        n++;
    }
    printf("%.0f card sequences (%.0f games a variant) against %s, seed %llu\n", n, 2 * n, argv[4],
           (unsigned long long)seed);
    for (int i = 0; i < nv && n > 1; i++) {
        printf("  %6.2f%%  margin %+5.2f  %7.1f s", 100 * win[i] / n, marg[i] / n, t[i]);
        if (i > 0) {
            double m = d[i] / n, sd = sqrt((d2[i] - n * m * m) / (n - 1));
            printf("  vs first %+5.2f%% +- %.2f, time x%.2f", 100 * m, 196 * sd / sqrt(n),
                   t[i] / t[0]);
        }
        printf("  %s\n", argv[5 + i]);
    }
    cs_game_free(g);
    for (int i = 0; i < nv; i++) {
        cs_player_destroy(a[i]);
        cs_player_destroy(b[i]);
    }
    return 0;
}

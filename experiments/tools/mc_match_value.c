/*
 * mc_match_value.c - what mc's objective=match is worth against objective=win, in duplicate
 * play with a match context set through cs_game_set_match (until the event runner can say it).
 *
 *   best-of   best-of-three matches (two game wins take it) where a skunk counts two games
 *             and a double skunk three: each card sequence is played as a match twice, A in
 *             the first seat and then in the second; prints A's share of the matches.
 *   league    single games scored by a league's "lowest total wins" points, negated (a win
 *             0, +1 for a skunk, +2 for a double; a loss minus the shortfall to 121): each
 *             card sequence twice, the seats swapped; prints A's mean points minus B's.
 *
 * Built by hand (not part of the build; it links the libraries the build makes):
 *   gcc -O2 -std=c11 -Iengine -Istrategies experiments/tools/mc_match_value.c \
 *       build/libcs_strategies.a build/libcs_engine.a -lm -ldl -lpthread -o build/mc_match_value
 *   build/mc_match_value best-of|league SEQUENCES SEED [A [B]]
 * A and B default to mc:objective=match and mc:objective=win.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "strategy.h"

/* Plays one game of the sequence `key` with players[0] at seat 0; returns its record. */
static int play(cs_game *g, const cs_rules *rules, cs_player *at[2], uint64_t seed, uint64_t index,
                uint64_t key, const cs_match_context *ctx, cs_game_record *rec) {
    cs_agent agents[2];
    for (int s = 0; s < 2; s++) {
        cs_player_new_game(at[s], rules, seed, index, s);
        agents[s] = cs_player_agent(at[s]);
    }
    cs_game_begin_keyed(g, rules, seed, index, key, CS_FIRST_DEALER_CUT, agents);
    cs_game_set_match(g, ctx);
    int rc = cs_game_run(g, NULL, NULL, rec);
    if (rc != 0) fprintf(stderr, "game %llu: %s\n", (unsigned long long)index, cs_game_error(g));
    return rc;
}

static double wilson_lo(double k, double n) {
    double z = 1.96, p = k / n, d = 1 + z * z / n;
    return (p + z * z / (2 * n) - z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / d;
}

static double wilson_hi(double k, double n) {
    double z = 1.96, p = k / n, d = 1 + z * z / n;
    return (p + z * z / (2 * n) + z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / d;
}

int main(int argc, char **argv) {
    if (argc < 4 || (strcmp(argv[1], "best-of") != 0 && strcmp(argv[1], "league") != 0)) {
        fprintf(stderr, "usage: mc_match_value best-of|league SEQUENCES SEED [A [B]]\n");
        return 2;
    }
    int best_of = strcmp(argv[1], "best-of") == 0;
    long sequences = strtol(argv[2], NULL, 10);
    uint64_t seed = strtoull(argv[3], NULL, 10);
    const char *spec[2] = {argc > 4 ? argv[4] : "mc:objective=match",
                           argc > 5 ? argv[5] : "mc:objective=win"};
    char err[256];
    cs_player *p[2];
    for (int i = 0; i < 2; i++)
        if ((p[i] = cs_player_create(spec[i], err, sizeof err)) == NULL) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_game *g = cs_game_new();
    double a_wins = 0, n = 0, sum_d = 0, sum_d2 = 0, games = 0;
    for (long c = 0; c < sequences; c++) {
        double diff = 0;
        for (int rot = 0; rot < 2; rot++) {
            cs_player *at[2] = {p[rot], p[1 - rot]}; /* at[s]: the player at seat s */
            int a_seat = rot;
            cs_game_record rec;
            if (best_of) {
                cs_match_context ctx = {
                    .kind = CS_MATCH_BEST_OF, .games_to_win = 2, .game_wins = {1, 2, 3, 3}};
                for (int k = 0; ctx.won[0] < 2 && ctx.won[1] < 2; k++) {
                    uint64_t key = (uint64_t)c * 8 + (uint64_t)k;
                    if (play(g, &rules, at, seed, key * 2 + (uint64_t)rot, key, &ctx, &rec))
                        return 1;
                    games++;
                    int w = rec.winner;
                    if (w < 0) continue;
                    ctx.won[w] += ctx.game_wins[rec.skunk[1 - w]];
                }
                a_wins += ctx.won[a_seat] >= 2;
                n++;
            } else {
                const cs_match_context ctx = {.kind = CS_MATCH_POINTS,
                                              .points_win = {0, 1, 2, 2},
                                              .points_loss = -121,
                                              .points_per_score = 1};
                uint64_t key = (uint64_t)c;
                if (play(g, &rules, at, seed, key * 2 + (uint64_t)rot, key, &ctx, &rec)) return 1;
                games++;
                double pts[2];
                for (int s = 0; s < 2; s++)
                    pts[s] = rec.winner == s ? ctx.points_win[rec.skunk[1 - s]]
                                             : ctx.points_loss + rec.score[s];
                diff += pts[a_seat] - pts[1 - a_seat];
                a_wins += rec.winner == a_seat;
                n++;
            }
        }
        sum_d += diff / 2;
        sum_d2 += diff / 2 * (diff / 2);
    }
    printf("%s: A %s against B %s, %ld card sequences each played twice (%.0f games, seed "
           "%llu)\n",
           argv[1], spec[0], spec[1], sequences, games, (unsigned long long)seed);
    printf("  A won %.0f of %.0f %s: %.2f%% [%.2f%%, %.2f%%]\n", a_wins, n,
           best_of ? "matches" : "games", 100 * a_wins / n, 100 * wilson_lo(a_wins, n),
           100 * wilson_hi(a_wins, n));
    if (!best_of) {
        double m = sum_d / sequences, var = sum_d2 / sequences - m * m;
        printf("  league points, A minus B, per game: %+.3f +- %.3f (95%%, paired by sequence)\n",
               m, 1.96 * sqrt(var / sequences));
    }
    cs_game_free(g);
    cs_player_destroy(p[0]);
    cs_player_destroy(p[1]);
    return 0;
}

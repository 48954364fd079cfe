/*
 * cmd_match.c - `cribsim match A B`: duplicate games between two strategies (every card
 * sequence played with the seats swapped, so the luck of the deal cancels), then each side's
 * win rate with a 95% Wilson interval, points and margin per game, and the Elo difference.
 *
 * Every preset: two players (A against B), four in partnership or alone (A, B, A, B round the
 * table), three alone (A, B, B: A against two of B). Each card sequence is played in every
 * distinct rotation of the lineup, so each strategy sits at every seat over the same deals.
 * With more than two sides (three or four each for himself) the table per side is followed by
 * one per strategy: the games any of its seats won, against its fair share (its seats over the
 * players). No file is written unless -o names one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cliopts.h"
#include "commands.h"
#include "error.h"
#include "report.h"
#include "runner.h"
#include "stats.h"

#define MATCH_GAMES_DEFAULT 10000
#define MAX_SETS            64

static void usage(FILE *out) {
    fprintf(out,
            "usage: cribsim match A B [options]\n"
            "\n"
            "Plays duplicate games between strategies A and B: each card sequence is dealt once\n"
            "in every rotation of the seats, so each strategy sits at every seat over the same\n"
            "cards. Prints each side's win rate with a 95%% Wilson interval, points per game and\n"
            "the margin. With four players the seats go A, B, A, B (two rotations); with three,\n"
            "A, B, B (A alone against two of B, three rotations: swap A and B for the other\n"
            "way). With more than two sides a table per strategy follows: the games any of its\n"
            "seats won, against its fair share (its seats over the players).\n"
            "\n"
            "options:\n"
            "  --games N             games (default %d; a multiple of the rotations: 2, or 3\n"
            "                        with three players)\n"
            "  --rules PRESET        two (default), three, four, partners, five-card,\n"
            "                        nz-tournament\n"
            "  --set KEY=VALUE       change one rule (repeatable)\n"
            "  --seed S              seed of the cards and strategies (default 1)\n"
            "  --threads T           threads (default every core)\n"
            "  --sprt E0,E1[,A,B]    stop early when Wald's SPRT decides (Elo of A over B; two\n"
            "                        sides only)\n"
            "  -o FILE               also write the games to an HDF5 file\n"
            "  --record games|deals  what the file records (default games)\n"
            "  --force               overwrite FILE\n"
            "  --quiet               no progress on standard error\n",
            MATCH_GAMES_DEFAULT);
}

/*
 * With more than two sides: each strategy's games won by any of its seats (a seat is its own
 * side, so those are disjoint), with the Wilson interval, against its fair share, the part of
 * the table it holds. Each strategy is named by its first seat's normalised spec.
 */
static void report_by_strategy(const cs_run_result *res, const char *const names[2],
                               const int plays_b[]) {
    uint64_t wins[2] = {0, 0};
    int seats[2] = {0, 0};
    const char *spec[2] = {names[0], names[1]};
    for (int s = res->n_seats - 1; s >= 0; s--) {
        wins[plays_b[s]] += res->seat[s].wins;
        seats[plays_b[s]]++;
        spec[plays_b[s]] = res->seats[s];
    }
    uint64_t ties = res->n_seats ? res->seat[0].ties : 0;
    int width = 8;
    for (int k = 0; k < 2; k++)
        if ((int)strlen(spec[k]) > width) width = (int)strlen(spec[k]);
    if (width > 60) width = 60;
    printf("  by strategy (its seats together; a tie is no win):\n");
    printf("  %-*s %6s %9s %9s %8s  %-17s %10s\n", width, "strategy", "seats", "games", "wins",
           "win rate", "95% interval", "fair share");
    for (int k = 0; k < 2; k++) {
        double g = (double)res->games, lo, hi;
        cs_wilson((double)wins[k], g, CS_Z95, &lo, &hi);
        char interval[32], held[16];
        snprintf(interval, sizeof interval, "[%.1f%%, %.1f%%]", 100 * lo, 100 * hi);
        snprintf(held, sizeof held, "%d of %d", seats[k], res->n_seats);
        printf("  %-*.*s %6s %9llu %9llu %7.1f%%  %-17s %9.1f%%\n", width, width, spec[k], held,
               (unsigned long long)res->games, (unsigned long long)wins[k],
               g > 0 ? 100 * (double)wins[k] / g : 0.0, interval, 100.0 * seats[k] / res->n_seats);
    }
    if (ties) printf("  ties: %llu games\n", (unsigned long long)ties);
}

int cs_cmd_match(int argc, char **argv) {
    cs_args a = {.cmd = "match", .argc = argc, .argv = argv};
    cs_experiment e;
    cs_experiment_defaults(&e);
    e.games = MATCH_GAMES_DEFAULT;
    e.duplicate = 1;
    const char *names[2] = {NULL, NULL}, *preset = NULL, *sets[MAX_SETS];
    int n_names = 0, n_sets = 0, bad = 0;
    for (a.i = 1; a.i < argc && !bad; a.i++) {
        const char *arg = argv[a.i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return CS_EXIT_OK;
        } else if (cs_args_match(&a, "--games", 1, &bad)) {
            if (bad || cs_args_u64(&a, "--games", 1, UINT64_MAX / 4, &e.games))
                return CS_EXIT_USAGE;
        } else if (cs_args_match(&a, "--rules", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            cs_rules probe;
            if (cs_rules_from_name(a.value, &probe) != 0) {
                char list[256] = "";
                for (int p = 0; p < CS_PRESET_COUNT; p++)
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                             list[0] ? ", " : "", cs_preset_name((cs_preset)p));
                cs_args_error(&a, "unknown rules preset '%s' (presets: %s)", a.value, list);
                return CS_EXIT_USAGE;
            }
            preset = a.value;
        } else if (cs_args_match(&a, "--set", 1, &bad)) {
            if (bad) break;
            if (n_sets == MAX_SETS) {
                cs_args_error(&a, "at most %d --set options", MAX_SETS);
                return CS_EXIT_USAGE;
            }
            sets[n_sets++] = a.value;
        } else if (cs_args_match(&a, "--seed", 1, &bad)) {
            if (bad || cs_args_u64(&a, "--seed", 0, UINT64_MAX, &e.seed)) return CS_EXIT_USAGE;
        } else if (cs_args_match(&a, "--threads", 1, &bad)) {
            if (bad || cs_args_int(&a, "--threads", 1, 256, &e.threads)) return CS_EXIT_USAGE;
        } else if (cs_args_match(&a, "--sprt", 1, &bad)) {
            if (bad) break;
            cs_sprt t;
            char why[256];
            if (cs_sprt_parse(a.value, &t, why, sizeof why) != 0) {
                cs_args_error(&a, "%s", why);
                return CS_EXIT_USAGE;
            }
            e.use_sprt = 1;
            e.sprt_elo0 = t.elo0;
            e.sprt_elo1 = t.elo1;
            e.sprt_alpha = t.alpha;
            e.sprt_beta = t.beta;
        } else if (cs_args_match(&a, "-o", 1, &bad) || cs_args_match(&a, "--output", 1, &bad)) {
            if (bad) break;
            e.output = a.value;
        } else if (cs_args_match(&a, "--record", 1, &bad)) {
            if (bad) break;
            if (strcmp(a.value, "games") != 0 && strcmp(a.value, "deals") != 0) {
                cs_args_error(&a, "--record '%s': expected games or deals", a.value);
                return CS_EXIT_USAGE;
            }
            e.record_deals = strcmp(a.value, "deals") == 0;
        } else if (cs_args_match(&a, "--force", 0, &bad)) {
            e.force = 1;
        } else if (cs_args_match(&a, "--quiet", 0, &bad) || cs_args_match(&a, "-q", 0, &bad)) {
            e.quiet = 1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            cs_args_error(&a, "unknown option '%s' (see cribsim match --help)", arg);
            return CS_EXIT_USAGE;
        } else if (n_names < 2) {
            names[n_names++] = arg;
        } else {
            cs_args_error(&a, "two strategies only ('%s' is a third)", arg);
            return CS_EXIT_USAGE;
        }
    }
    if (bad) return CS_EXIT_USAGE;
    if (n_names != 2) {
        cs_args_error(&a, "name two strategies: cribsim match A B (see cribsim strategies)");
        return CS_EXIT_USAGE;
    }
    if (cs_args_rules(&a, preset, sets, n_sets, &e.rules) != 0) return CS_EXIT_USAGE;
    e.n_seats = e.rules.players;
    /* A, B, A, B round the table; with three players A, B, B */
    int plays_b[CS_MAX_PLAYERS];
    for (int s = 0; s < e.n_seats; s++) {
        plays_b[s] = e.n_seats == 3 ? s > 0 : s % 2;
        if (strlen(names[plays_b[s]]) >= CS_H5_SPEC_MAX) {
            cs_args_error(&a, "strategy spec too long");
            return CS_EXIT_USAGE;
        }
        snprintf(e.seats[s], CS_H5_SPEC_MAX, "%s", names[plays_b[s]]);
    }
    if (e.use_sprt && cs_rules_sides(&e.rules) != 2) {
        cs_args_error(&a, "--sprt needs two sides (Elo of A over B); these rules have %d",
                      cs_rules_sides(&e.rules));
        return CS_EXIT_USAGE;
    }
    int rotations = cs_lineup_rotations(e.n_seats, (const char(*)[CS_H5_SPEC_MAX])e.seats);
    if (e.games % (uint64_t)rotations != 0) {
        if (rotations == 2)
            cs_args_error(&a, "--games %llu: duplicate games come in pairs; give an even number",
                          (unsigned long long)e.games);
        else
            cs_args_error(&a,
                          "--games %llu: duplicate games come in sets of %d (one a rotation of "
                          "the seats); give a multiple of %d",
                          (unsigned long long)e.games, rotations, rotations);
        return CS_EXIT_USAGE;
    }
    char command_line[CS_H5_TEXT_MAX];
    cs_args_command_line(argc, argv, command_line, sizeof command_line);
    e.command_line = command_line;
    e.label = "match";
    cs_run_result *res = malloc(sizeof *res);
    if (res == NULL) return CS_EXIT_FAILURE;
    char err[2048];
    int rc = cs_run(&e, res, err, sizeof err);
    int status = cs_run_exit_status(rc, res);
    if (rc != 0) {
        fprintf(stderr, "cribsim match: %s\n", err);
    } else {
        char title[2 * CS_H5_SPEC_MAX + 64];
        snprintf(title, sizeof title, "%s vs %s, rules %s", res->seats[0], res->seats[1],
                 preset ? preset : "two");
        cs_report_run(stdout, title, res);
        if (res->sides > 2) report_by_strategy(res, names, plays_b);
        if (e.output) printf("  games written to %s\n", e.output);
        if (res->interrupted)
            fprintf(stderr, "cribsim match: interrupted after %llu games\n",
                    (unsigned long long)res->games);
    }
    free(res);
    return status;
}

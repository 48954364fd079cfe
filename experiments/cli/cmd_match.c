/*
 * cmd_match.c - `cribsim match A B`: duplicate games between two strategies (every card
 * sequence played with the seats swapped, so the luck of the deal cancels), then each side's
 * win rate with a 95% Wilson interval, points and margin per game, and the Elo difference.
 *
 * Two-sided rules only: two players (A against B) or four in partnership or alone (A, B, A, B
 * round the table). No file is written unless -o names one.
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
            "with A in the first seat and once with the seats rotated, so both sides see the\n"
            "same cards. Prints each side's win rate with a 95%% Wilson interval, points per\n"
            "game and the margin. With four players the seats go A, B, A, B.\n"
            "\n"
            "options:\n"
            "  --games N             games (default %d; a multiple of 2)\n"
            "  --rules PRESET        two (default), five-card, partners, nz-tournament, four\n"
            "  --set KEY=VALUE       change one rule (repeatable)\n"
            "  --seed S              seed of the cards and strategies (default 1)\n"
            "  --threads T           threads (default every core)\n"
            "  --sprt E0,E1[,A,B]    stop early when Wald's SPRT decides (Elo of A over B)\n"
            "  -o FILE               also write the games to an HDF5 file\n"
            "  --record games|deals  what the file records (default games)\n"
            "  --force               overwrite FILE\n"
            "  --quiet               no progress on standard error\n",
            MATCH_GAMES_DEFAULT);
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
            if (cs_rules_from_name(a.value, &probe) != 0 || probe.players == 3) {
                /* only the presets a match between two strategies can play */
                char list[256] = "";
                for (int p = 0; p < CS_PRESET_COUNT; p++) {
                    cs_rules_preset((cs_preset)p, &probe);
                    if (probe.players != 3)
                        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                                 list[0] ? ", " : "", cs_preset_name((cs_preset)p));
                }
                cs_args_error(&a, "rules preset '%s' is not one a match can play (presets: %s)",
                              a.value, list);
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
    if (e.rules.players == 3) {
        cs_args_error(&a, "a match needs two sides; three players cannot be split evenly "
                          "(use cribsim run --seats A,B,C --duplicate)");
        return CS_EXIT_USAGE;
    }
    e.n_seats = e.rules.players;
    for (int s = 0; s < e.n_seats; s++) {
        if (strlen(names[s % 2]) >= CS_H5_SPEC_MAX) {
            cs_args_error(&a, "strategy spec too long");
            return CS_EXIT_USAGE;
        }
        snprintf(e.seats[s], CS_H5_SPEC_MAX, "%s", names[s % 2]);
    }
    if (e.games % 2 != 0) {
        cs_args_error(&a, "--games %llu: duplicate games come in pairs; give an even number",
                      (unsigned long long)e.games);
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
        if (e.output) printf("  games written to %s\n", e.output);
        if (res->interrupted)
            fprintf(stderr, "cribsim match: interrupted after %llu games\n",
                    (unsigned long long)res->games);
    }
    free(res);
    return status;
}

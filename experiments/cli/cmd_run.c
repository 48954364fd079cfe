/*
 * cmd_run.c - `cribsim run [SPEC] [options]`: one experiment from options, or every arm of a
 * spec file (the built-in default spec when neither a spec nor seats are given), each written
 * to its HDF5 file, then the summary table.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cliopts.h"
#include "commands.h"
#include "defaultspec.h"
#include "error.h"
#include "report.h"
#include "runner.h"
#include "specfile.h"
#include "stats.h"
#include "strategy.h"

#define MAX_SETS       64
#define MAX_ARM_FILTER 32

static void usage(FILE *out) {
    fprintf(
        out,
        "usage: cribsim run [SPEC.yaml] [options]\n"
        "\n"
        "Plays an experiment and writes its games to an HDF5 file, then prints each side's\n"
        "win rate with a 95%% interval. With no SPEC and none of --seats, --seat, --rules,\n"
        "--set or --sprt it runs the built-in default experiment "
        "(experiments/specs/default.yaml):\n"
        "the strategy ladder on two-player rules, one file per arm in the folder ladder/.\n"
        "\n"
        "the experiment (without a spec):\n"
        "  --rules PRESET        two, three, four, partners, five-card, nz-tournament\n"
        "                        (default two)\n"
        "  --set KEY=VALUE       change one rule (repeatable), e.g. --set target=61\n"
        "  --seats S1,S2[,..]    the strategy at each seat (default random at every seat);\n"
        "                        parameters follow their strategy: mc:samples=200,objective=win\n"
        "  --seat SPEC           add one seat (repeatable), for specs holding commas\n"
        "  --sprt E0,E1[,A,B]    stop when Wald's SPRT decides between Elo E0 and E1 for the\n"
        "                        first seat's side (alpha A, beta B, default 0.05 each)\n"
        "  --sprt-every N        check the SPRT every N games (default %d)\n"
        "for any run (with a spec these override it for every arm):\n"
        "  --games N             games to play (default 10000)\n"
        "  --seed S              the seed the cards and strategies derive from (default 1)\n"
        "  --duplicate           play each card sequence once per rotation of the seats\n"
        "  --no-duplicate        do not (overrides a spec)\n"
        "  --record games|deals  record /games only (default) or also every deal in /deals\n"
        "  --threads T           threads (default every core)\n"
        "  -o, --output PATH     a single experiment writes the file PATH (default run.h5); a\n"
        "                        spec or the default experiment writes one file per arm into\n"
        "                        the folder PATH. Without a spec, a PATH ending in .h5 asks\n"
        "                        for a single experiment (random seats unless --seats), while\n"
        "                        -o foo alone runs the default ladder into the folder foo\n"
        "  --force               overwrite existing output\n"
        "  --resume              continue an interrupted file to its count (or --games);\n"
        "                        the experiment is read from the file, options must match it;\n"
        "                        seats that run outside code (exec:, plugin:) must be given\n"
        "                        again with --seats: a file never chooses a program to run\n"
        "  --trust-file          with --resume, run the exec:/plugin: seats the file names\n"
        "                        (only for a file you wrote yourself)\n"
        "  --shard K/N           play only part K of N of the games (join with cribsim merge)\n"
        "  --arm NAME            with a spec, run only this arm (repeatable)\n"
        "  --quiet               no progress on standard error\n"
        "  --interrupt-after N   (testing) stop as if interrupted once N games are written\n"
        "\n"
        "The file holds /games (and /deals) and the experiment as attributes, as "
        "docs/file-schema.md\n"
        "and experiments/io/h5io.h describe them.\n"
        "SIGINT or SIGTERM finishes the games in hand, writes them and closes a valid file;\n"
        "--resume continues it. Exit status: 0 done, 1 failed or interrupted, 2 bad input.\n",
        CS_RUNNER_SPRT_EVERY);
    /* The rule keys --set takes, wrapped under a heading (docs/rules.md says what each does). */
    fputs("\nRule keys for --set (docs/rules.md):\n ", out);
    int col = 1;
    for (int i = 0; cs_rules_key(i) != NULL; i++) {
        const char *k = cs_rules_key(i);
        int w = (int)strlen(k) + 1;
        if (col + w > 92) fputs("\n ", out), col = 1;
        fprintf(out, " %s", k);
        col += w;
    }
    fputc('\n', out);
}

typedef struct {
    int have_spec_options; /* rules, set, seats, sprt given */
    const char *spec_path;
    const char *output;
    const char *preset;
    const char *sets[MAX_SETS];
    int n_sets;
    const char *arms[MAX_ARM_FILTER];
    int n_arms;
    cs_experiment over; /* values given on the command line */
    int threads;
    int duplicate_set, no_duplicate;
} run_options;

static int parse(cs_args *a, run_options *o) {
    cs_experiment *e = &o->over;
    int bad = 0;
    for (a->i = 1; a->i < a->argc && !bad; a->i++) {
        const char *arg = a->argv[a->i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 1;
        } else if (cs_args_match(a, "--rules", 1, &bad)) {
            if (bad) break;
            if (cs_args_preset(a, a->value) != 0) return -1;
            o->preset = a->value;
            e->given |= CS_GIVEN_RULES;
            o->have_spec_options = 1;
        } else if (cs_args_match(a, "--set", 1, &bad)) {
            if (bad) break;
            if (o->n_sets == MAX_SETS) {
                cs_args_error(a, "at most %d --set options", MAX_SETS);
                return -1;
            }
            o->sets[o->n_sets++] = a->value;
            e->given |= CS_GIVEN_RULES;
            o->have_spec_options = 1;
        } else if (cs_args_match(a, "--seats", 1, &bad)) {
            if (bad) break;
            int n = cs_seats_split(a->value, e->seats + e->n_seats, CS_MAX_PLAYERS - e->n_seats);
            if (n < 1) {
                cs_args_error(a, "--seats '%s': give 2 to %d seat specs separated by commas",
                              a->value, CS_MAX_PLAYERS);
                return -1;
            }
            e->n_seats += n;
            e->given |= CS_GIVEN_SEATS;
            o->have_spec_options = 1;
        } else if (cs_args_match(a, "--seat", 1, &bad)) {
            if (bad) break;
            if (e->n_seats == CS_MAX_PLAYERS || a->value[0] == '\0' ||
                strlen(a->value) >= CS_H5_SPEC_MAX) {
                cs_args_error(a, "--seat '%s': at most %d seats, each a non-empty spec", a->value,
                              CS_MAX_PLAYERS);
                return -1;
            }
            snprintf(e->seats[e->n_seats++], CS_H5_SPEC_MAX, "%s", a->value);
            e->given |= CS_GIVEN_SEATS;
            o->have_spec_options = 1;
        } else if (cs_args_match(a, "--sprt-every", 1, &bad)) {
            if (bad || cs_args_u64(a, "--sprt-every", 1, UINT64_MAX / 4, &e->sprt_every)) return -1;
        } else if (cs_args_match(a, "--sprt", 1, &bad)) {
            if (bad) break;
            cs_sprt t;
            char why[256];
            if (cs_sprt_parse(a->value, &t, why, sizeof why) != 0) {
                cs_args_error(a, "%s", why);
                return -1;
            }
            e->use_sprt = 1;
            e->sprt_elo0 = t.elo0;
            e->sprt_elo1 = t.elo1;
            e->sprt_alpha = t.alpha;
            e->sprt_beta = t.beta;
            e->given |= CS_GIVEN_SPRT;
            o->have_spec_options = 1;
        } else if (cs_args_match(a, "--games", 1, &bad)) {
            if (bad || cs_args_u64(a, "--games", 1, UINT64_MAX / 4, &e->games)) return -1;
            e->given |= CS_GIVEN_GAMES;
        } else if (cs_args_match(a, "--seed", 1, &bad)) {
            if (bad || cs_args_u64(a, "--seed", 0, UINT64_MAX, &e->seed)) return -1;
            e->given |= CS_GIVEN_SEED;
        } else if (cs_args_match(a, "--threads", 1, &bad)) {
            if (bad || cs_args_int(a, "--threads", 1, 256, &o->threads)) return -1;
        } else if (cs_args_match(a, "--duplicate", 0, &bad)) {
            e->duplicate = 1;
            o->duplicate_set = 1;
            e->given |= CS_GIVEN_DUPLICATE;
        } else if (cs_args_match(a, "--no-duplicate", 0, &bad)) {
            e->duplicate = 0;
            o->duplicate_set = 1;
            e->given |= CS_GIVEN_DUPLICATE;
        } else if (cs_args_match(a, "--record", 1, &bad)) {
            if (bad) break;
            if (strcmp(a->value, "games") != 0 && strcmp(a->value, "deals") != 0) {
                cs_args_error(a, "--record '%s': expected games or deals", a->value);
                return -1;
            }
            e->record_deals = strcmp(a->value, "deals") == 0;
            e->given |= CS_GIVEN_RECORD;
        } else if (cs_args_match(a, "-o", 1, &bad) || cs_args_match(a, "--output", 1, &bad)) {
            if (bad) break;
            o->output = a->value;
        } else if (cs_args_match(a, "--force", 0, &bad)) {
            e->force = 1;
        } else if (cs_args_match(a, "--quiet", 0, &bad) || cs_args_match(a, "-q", 0, &bad)) {
            e->quiet = 1;
        } else if (cs_args_match(a, "--resume", 0, &bad)) {
            e->resume = 1;
        } else if (cs_args_match(a, "--trust-file", 0, &bad)) {
            e->trust_file = 1;
        } else if (cs_args_match(a, "--shard", 1, &bad)) {
            if (bad) break;
            if (cs_shard_parse(a->value, &e->shard_index, &e->shard_count) != 0) {
                cs_args_error(a, "--shard '%s': expected K/N, whole numbers with 1 <= K <= N <= %d",
                              a->value, INT_MAX);
                return -1;
            }
            e->given |= CS_GIVEN_SHARD;
        } else if (cs_args_match(a, "--arm", 1, &bad)) {
            if (bad) break;
            if (o->n_arms == MAX_ARM_FILTER) {
                cs_args_error(a, "at most %d --arm options", MAX_ARM_FILTER);
                return -1;
            }
            o->arms[o->n_arms++] = a->value;
        } else if (cs_args_match(a, "--interrupt-after", 1, &bad)) {
            if (bad || cs_args_u64(a, "--interrupt-after", 1, UINT64_MAX, &e->interrupt_after))
                return -1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            cs_args_error(a, "unknown option '%s' (see cribsim run --help)", arg);
            return -1;
        } else if (o->spec_path == NULL) {
            o->spec_path = arg;
        } else {
            cs_args_error(a, "one spec file only ('%s' and '%s')", o->spec_path, arg);
            return -1;
        }
    }
    return bad ? -1 : 0;
}

static int report_failure(const char *title, const char *output, int rc, const char *err,
                          const cs_run_result *res) {
    int status = cs_run_exit_status(rc, res);
    fprintf(stderr, "cribsim run: %s%s%s\n", title ? title : "", title ? ": " : "", err);
    if (res->started && output != NULL)
        fprintf(stderr,
                "cribsim run: %s keeps its first %llu games (games_completed); continue it with "
                "--resume once the cause is fixed\n",
                output, (unsigned long long)res->saved);
    return status;
}

static int run_single(cs_args *a, run_options *o, const char *command_line) {
    cs_experiment e = o->over;
    e.threads = o->threads;
    e.command_line = command_line;
    if (o->n_sets > 0 || o->preset != NULL || !e.resume)
        if (cs_args_rules(a, o->preset, o->sets, o->n_sets, &e.rules) != 0) return CS_EXIT_USAGE;
    if (e.n_seats == 0 && !e.resume) { /* random at every seat */
        e.n_seats = e.rules.players;
        for (int i = 0; i < e.n_seats; i++) snprintf(e.seats[i], CS_H5_SPEC_MAX, "random");
    }
    e.output = o->output ? o->output : "run.h5";
    cs_run_result *res = malloc(sizeof *res);
    char err[2048];
    if (res == NULL) return CS_EXIT_FAILURE;
    int rc = cs_run(&e, res, err, sizeof err);
    int status;
    if (rc != 0) {
        status = report_failure(NULL, e.output, rc, err, res);
    } else {
        cs_report_run(stdout, e.output, res);
        if (res->interrupted)
            fprintf(stderr,
                    "cribsim run: interrupted after %llu of %llu games; %s is valid, continue it "
                    "with: cribsim run --resume -o %s\n",
                    (unsigned long long)res->games,
                    (unsigned long long)(res->game_end - res->game_begin), e.output, e.output);
        status = cs_run_exit_status(rc, res);
    }
    free(res);
    return status;
}

static int ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

static int arm_selected(const run_options *o, const char *name) {
    if (o->n_arms == 0) return 1;
    for (int i = 0; i < o->n_arms; i++)
        if (strcmp(o->arms[i], name) == 0) return 1;
    return 0;
}

static int run_spec(cs_args *a, run_options *o, const char *command_line) {
    cs_spec spec;
    char err[2048];
    int rc = o->spec_path ? cs_spec_load(o->spec_path, &spec, err, sizeof err)
                          : cs_spec_parse(cs_default_spec, strlen(cs_default_spec),
                                          "default.yaml (built in)", &spec, err, sizeof err);
    if (rc != 0) {
        cs_args_error(a, "%s", err);
        return rc == CS_ENOMEM ? CS_EXIT_FAILURE : CS_EXIT_USAGE;
    }
    if (o->output) cs_spec_set_output(&spec, o->output);
    const cs_experiment *ov = &o->over;
    for (int i = 0; i < o->n_arms; i++) {
        int found = 0;
        for (int k = 0; k < spec.n_arms; k++) found |= strcmp(spec.arms[k].name, o->arms[i]) == 0;
        if (!found) {
            char list[1024] = "";
            for (int k = 0; k < spec.n_arms; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
                         spec.arms[k].name);
            cs_args_error(a, "--arm '%s': the spec has no such arm (arms: %s)", o->arms[i], list);
            cs_spec_free(&spec);
            return CS_EXIT_USAGE;
        }
    }
    /* The command line overrides every arm; everything the spec states is "given". */
    for (int k = 0; k < spec.n_arms; k++) {
        cs_experiment *e = &spec.arms[k].e;
        if (ov->given & CS_GIVEN_GAMES) e->games = ov->games;
        if (ov->given & CS_GIVEN_SEED) e->seed = ov->seed;
        if (ov->given & CS_GIVEN_RECORD) e->record_deals = ov->record_deals;
        if (o->duplicate_set) e->duplicate = ov->duplicate;
        if (ov->given & CS_GIVEN_SHARD) {
            e->shard_index = ov->shard_index;
            e->shard_count = ov->shard_count;
        }
        e->threads = o->threads > 0 ? o->threads : spec.threads;
        e->force = ov->force;
        e->quiet = ov->quiet;
        e->interrupt_after = ov->interrupt_after;
        e->command_line = command_line;
        e->given = CS_GIVEN_RULES | CS_GIVEN_SEATS | CS_GIVEN_SEED | CS_GIVEN_GAMES |
                   CS_GIVEN_DUPLICATE | CS_GIVEN_RECORD | CS_GIVEN_SPRT |
                   (ov->given & CS_GIVEN_SHARD);
    }
    /* Check every selected arm's seats, and its games against its rotations, before playing
     * any arm: a mistake in the last arm must not surface after the first has run. */
    for (int k = 0; k < spec.n_arms; k++) {
        cs_spec_arm *arm = &spec.arms[k];
        if (!arm_selected(o, arm->name)) continue;
        char specs[CS_MAX_PLAYERS][CS_H5_SPEC_MAX];
        for (int i = 0; i < arm->e.n_seats; i++) {
            char why[1024];
            /* An outside agent starts here: a signal while it starts stops it (no orphan). */
            cs_runner_signals(1);
            cs_player *p = cs_player_create(arm->e.seats[i], why, sizeof why);
            int stopped = p == NULL && cs_runner_interrupted(0);
            cs_runner_signals(0);
            if (p == NULL) {
                cs_args_error(a, "%s:%d: arm '%s': 'seats': seat %d '%s': %s", spec.source,
                              arm->seats_line, arm->name, i, arm->e.seats[i], why);
                cs_spec_free(&spec);
                return stopped ? CS_EXIT_FAILURE : CS_EXIT_USAGE;
            }
            snprintf(specs[i], CS_H5_SPEC_MAX, "%s", cs_player_spec(p));
            cs_player_destroy(p);
        }
        int rotations = arm->e.duplicate ? cs_lineup_rotations(arm->e.n_seats, specs) : 1;
        if (arm->e.games % (uint64_t)rotations != 0) {
            cs_args_error(a,
                          "%s:%d: arm '%s': %llu games is not a multiple of the %d rotations "
                          "duplicate deals play for this lineup",
                          spec.source, arm->line, arm->name, (unsigned long long)arm->e.games,
                          rotations);
            cs_spec_free(&spec);
            return CS_EXIT_USAGE;
        }
    }
    /* Refuse before playing anything if an output exists (without --force or --resume). */
    const char *folder = spec.n_arms ? spec.arms[0].output : "";
    char dir[CS_SPEC_PATH_MAX + 8];
    snprintf(dir, sizeof dir, "%.*s", (int)(strrchr(folder, '/') - folder), folder);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        cs_args_error(a, "cannot create the output folder %s: %s", dir, strerror(errno));
        cs_spec_free(&spec);
        return CS_EXIT_USAGE;
    }
    struct stat st;
    for (int k = 0; k < spec.n_arms; k++) {
        cs_spec_arm *arm = &spec.arms[k];
        if (!arm_selected(o, arm->name)) continue;
        int exists = stat(arm->output, &st) == 0;
        if (exists && !ov->force && !ov->resume) {
            cs_args_error(a,
                          "%s exists; use --force to overwrite it, --resume to continue it, "
                          "or -o to write elsewhere",
                          arm->output);
            cs_spec_free(&spec);
            return CS_EXIT_USAGE;
        }
        arm->e.resume = ov->resume && exists; /* a missing arm is played from the start */
        if (arm->e.resume) arm->e.force = 0;
    }
    if (!ov->quiet && spec.description[0])
        fprintf(stderr, "cribsim run: %s: %s\n", spec.name, spec.description);
    int status = CS_EXIT_OK;
    cs_run_result *res = malloc(sizeof *res);
    if (res == NULL) {
        cs_spec_free(&spec);
        return CS_EXIT_FAILURE;
    }
    cs_run_result *done = calloc((size_t)spec.n_arms, sizeof *done);
    const cs_run_result *done_ptr[64];
    const char *done_names[64];
    int n_done = 0;
    if (done == NULL) {
        free(res);
        cs_spec_free(&spec);
        return CS_EXIT_FAILURE;
    }
    cs_runner_signals(1);
    for (int k = 0; k < spec.n_arms; k++) {
        cs_spec_arm *arm = &spec.arms[k];
        if (!arm_selected(o, arm->name)) continue;
        rc = cs_run(&arm->e, res, err, sizeof err);
        if (rc == 0 && n_done < 64) {
            done[n_done] = *res;
            done_ptr[n_done] = &done[n_done];
            done_names[n_done++] = arm->name;
        }
        if (rc != 0) {
            status = report_failure(arm->name, arm->output, rc, err, res);
            break;
        }
        cs_report_run(stdout, arm->output, res);
        fflush(stdout);
        if (res->interrupted || cs_runner_interrupted(0)) {
            fprintf(stderr,
                    "cribsim run: interrupted in arm %s after %llu of %llu games; the files are "
                    "valid, continue with the same command and --resume\n",
                    arm->name, (unsigned long long)res->games,
                    (unsigned long long)(res->game_end - res->game_begin));
            status = CS_EXIT_FAILURE;
            break;
        }
    }
    cs_runner_signals(0);
    if (n_done > 1) cs_report_arms(stdout, spec.name, done_names, done_ptr, n_done);
    free(done);
    free(res);
    cs_spec_free(&spec);
    return status;
}

int cs_cmd_run(int argc, char **argv) {
    cs_args a = {.cmd = "run", .argc = argc, .argv = argv};
    run_options *o = calloc(1, sizeof *o);
    if (o == NULL) return CS_EXIT_FAILURE;
    cs_experiment_defaults(&o->over);
    o->over.n_seats = 0;
    o->over.given = 0;
    int rc = parse(&a, o);
    if (rc != 0) {
        free(o);
        return rc > 0 ? CS_EXIT_OK : CS_EXIT_USAGE;
    }
    char command_line[CS_H5_TEXT_MAX];
    cs_args_command_line(argc, argv, command_line, sizeof command_line);
    int status;
    if (o->spec_path != NULL && o->have_spec_options) {
        cs_args_error(&a, "give the rules, seats and SPRT in the spec %s, not as options",
                      o->spec_path);
        status = CS_EXIT_USAGE;
    } else if (o->have_spec_options ||
               (o->spec_path == NULL && o->output != NULL && ends_with(o->output, ".h5"))) {
        status = run_single(&a, o, command_line);
    } else {
        status = run_spec(&a, o, command_line);
    }
    free(o);
    return status;
}

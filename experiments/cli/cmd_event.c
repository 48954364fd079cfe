/*
 * cmd_event.c - `cribsim event SPEC.yaml [options] -o OUT.h5`: simulates many independent
 * club events (a New Zealand tournament day, a double-elimination bracket, a league night or
 * season) and writes them to an event file (experiments/events/event.h, eventrun.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cliopts.h"
#include "commands.h"
#include "error.h"
#include "event.h"
#include "h5io.h"
#include "runner.h"

static void usage(FILE *out) {
    char formats[128];
    cs_event_format_list(formats, sizeof formats);
    fprintf(out,
            "usage: cribsim event SPEC.yaml -o OUT.h5 [--events N] [--seed S] [--threads T]\n"
            "                     [--shard K/N] [--force] [--resume] [--quiet]\n"
            "\n"
            "Simulates N independent events of the spec (formats: %s) across threads and\n"
            "writes /events (one row per event), /standings (one row per event and entrant)\n"
            "and /games (every game played) to OUT.h5. The spec names its format on a line\n"
            "'format: NAME', its field of entrants (each seated by a strategy spec) and the\n"
            "format's parameters; docs/events.md describes each format, parameter and field.\n"
            "The same spec and seed give the same file for any thread count.\n"
            "\n"
            "  -o, --output FILE  the event file (refused if it exists, without --force)\n"
            "  --events N         events to simulate (default: the spec's, else 1000)\n"
            "  --seed S           seed (default: the spec's, else 1)\n"
            "  --threads T        threads (default: every core)\n"
            "  --shard K/N        play only part K of N: the K-th of N contiguous ranges of the\n"
            "                     events (event e's cards depend only on the seed and e, so the\n"
            "                     N files joined by cribsim merge equal one machine's file)\n"
            "  --force            replace OUT.h5 if it exists\n"
            "  --resume           complete an interrupted file (the same spec and seed)\n"
            "  --quiet            no progress on standard error\n"
            "\n"
            "SIGINT or SIGTERM finishes the events in hand, writes them and closes the file\n"
            "(status interrupted); --resume then plays the rest of the events the file was\n"
            "started for, as one run would have. A file another cribsim is writing is refused.\n"
            "Exit status: 0 done, 1 failed or interrupted, 2 bad input.\n"
            "Analyse the file with cribsim-events (the Python package's command).\n",
            formats);
}

int cs_cmd_event(int argc, char **argv) {
    cs_args a = {"event", argc, argv, 1, NULL};
    const char *spec_path = NULL;
    cs_event_options o = {0};
    uint64_t events = 0, seed = 0, interrupt_after = 0;
    int threads = -1, have_seed = 0, bad = 0;
    for (; a.i < argc; a.i++) {
        const char *arg = argv[a.i];
        if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            usage(stdout);
            return CS_EXIT_OK;
        } else if (cs_args_match(&a, "-o", 1, &bad) || cs_args_match(&a, "--output", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            o.output = a.value;
        } else if (cs_args_match(&a, "--events", 1, &bad)) {
            if (bad || cs_args_u64(&a, "--events", 1, UINT64_C(1) << 40, &events))
                return CS_EXIT_USAGE;
        } else if (cs_args_match(&a, "--seed", 1, &bad)) {
            if (bad || cs_args_u64(&a, "--seed", 0, INT64_MAX, &seed)) return CS_EXIT_USAGE;
            have_seed = 1;
        } else if (cs_args_match(&a, "--shard", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            if (cs_shard_parse(a.value, &o.shard_index, &o.shard_count) != 0) {
                cs_args_error(&a,
                              "--shard '%s': expected K/N, whole numbers with 1 <= K <= N <= %d",
                              a.value, INT_MAX);
                return CS_EXIT_USAGE;
            }
        } else if (cs_args_match(&a, "--threads", 1, &bad)) {
            if (bad || cs_args_int(&a, "--threads", 1, 256, &threads)) return CS_EXIT_USAGE;
        } else if (cs_args_match(&a, "--interrupt-after", 1, &bad)) { /* for tests */
            if (bad || cs_args_u64(&a, "--interrupt-after", 1, UINT64_MAX, &interrupt_after))
                return CS_EXIT_USAGE;
        } else if (!strcmp(arg, "--force")) {
            o.force = 1;
        } else if (!strcmp(arg, "--resume")) {
            o.resume = 1;
        } else if (!strcmp(arg, "--quiet")) {
            o.quiet = 1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            cs_args_error(&a, "unknown option '%s' (see cribsim event --help)", arg);
            return CS_EXIT_USAGE;
        } else if (spec_path == NULL) {
            spec_path = arg;
        } else {
            cs_args_error(&a, "one spec only ('%s' after '%s')", arg, spec_path);
            return CS_EXIT_USAGE;
        }
    }
    if (spec_path == NULL) {
        cs_args_error(&a, "no event spec given (cribsim event SPEC.yaml -o OUT.h5)");
        return CS_EXIT_USAGE;
    }
    if (o.output == NULL) {
        cs_args_error(&a, "no output file given (-o OUT.h5)");
        return CS_EXIT_USAGE;
    }
    if (o.force && o.resume) {
        cs_args_error(&a, "--force and --resume contradict each other: pick one");
        return CS_EXIT_USAGE;
    }
    static cs_event_spec spec;
    char err[2048];
    int rc = cs_event_spec_load(spec_path, &spec, err, sizeof err);
    if (rc != 0) {
        cs_args_error(&a, "%s", err);
        return CS_EXIT_USAGE;
    }
    if (events) spec.events = events;
    o.events_given = events != 0;
    if (have_seed) spec.seed = seed;
    o.threads = threads > 0 ? threads : spec.threads;
    o.interrupt_after = interrupt_after;
    char command_line[CS_H5_TEXT_MAX];
    cs_args_command_line(argc, argv, command_line, sizeof command_line);
    o.command_line = command_line;
    cs_event_run_result res;
    rc = cs_event_run(&spec, &o, &res, err, sizeof err);
    cs_event_spec_free(&spec);
    if (rc != 0) {
        cs_args_error(&a, "%s", err);
        return res.started ? CS_EXIT_FAILURE : CS_EXIT_USAGE;
    }
    char shard[96] = "";
    if (res.shard_count > 1)
        snprintf(shard, sizeof shard, " (shard %d/%d: events %llu to %llu)", res.shard_index,
                 res.shard_count, (unsigned long long)res.event_begin,
                 (unsigned long long)res.event_end - 1);
    if (res.already_done)
        printf("%s: all %llu events%s were already complete\n", o.output,
               (unsigned long long)res.events_done, shard);
    else
        printf("%s: %s %llu of %llu events%s (%llu games) in %.1f s on %d thread%s: %.1f events "
               "a second\n",
               o.output, res.interrupted ? "interrupted after" : "wrote",
               (unsigned long long)res.events_done, (unsigned long long)res.events_requested, shard,
               (unsigned long long)res.games, res.seconds, res.threads, res.threads == 1 ? "" : "s",
               res.seconds > 0 ? (double)(res.events_done - res.events_begin) / res.seconds : 0.0);
    if (res.interrupted) { /* as `cribsim run`: an interrupted command did not do its work */
        fprintf(stderr,
                "cribsim event: interrupted after %llu of %llu events; %s is valid, continue it "
                "with the same command and --resume\n",
                (unsigned long long)res.events_done, (unsigned long long)res.events_requested,
                o.output);
        return CS_EXIT_FAILURE;
    }
    return CS_EXIT_OK;
}

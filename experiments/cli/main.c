/*
 * main.c - the cribsim executable: dispatches to the subcommands listed in commands.h.
 *
 * Threads that never hurt: OpenMP's threads (libgomp) by default spin for a while when they
 * wait (GOMP_SPINCOUNT 300,000 turns, milliseconds), which on a machine busy with other work
 * takes the core from the thread that has work, and two threads ran slower than one (2 to 60
 * times, the environment API's batch). A wait that sleeps at once (OMP_WAIT_POLICY=passive)
 * costs a wake-up at every parallel region instead, which on an idle machine held two threads
 * to 1.2 times one on the batch. So the executable has its threads spin CS_OMP_SPINCOUNT
 * (1,000) turns, microseconds, and then sleep: 1.7 times one thread idle, and a busy machine
 * loses at most those microseconds a wait (docs/python.md, Threads). libgomp reads its settings
 * once, when it is loaded, before main(): so when the caller has set neither OMP_WAIT_POLICY
 * nor GOMP_SPINCOUNT, the executable sets GOMP_SPINCOUNT and starts itself again (the same
 * process, the same arguments). Set either variable to choose otherwise. The Python package
 * sets the same count (analysis/cribsim/__init__.py).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "version.h"

typedef struct {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
} command;

static const command COMMANDS[] = {
#define CS_COMMAND_ENTRY(name, fn, summary) {name, fn, summary},
    CS_COMMAND_LIST(CS_COMMAND_ENTRY)
#undef CS_COMMAND_ENTRY
};

static void usage(FILE *out) {
    fprintf(out,
            "usage: cribsim COMMAND [options]   (cribsim COMMAND --help for each)\n\n"
            "A research engine for cribbage, version %s (%s).\n\ncommands:\n",
            cs_version, cs_git_commit);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(out, "  %-12s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
}

/* The spin count of OpenMP's waits. */
#define CS_OMP_SPINCOUNT "1000"

/* GOMP_SPINCOUNT=CS_OMP_SPINCOUNT, by starting again, unless the caller chose a wait policy;
 * returns (with libgomp's default) only if the restart fails. */
static void omp_wait_short(char **argv) {
    if (getenv("OMP_WAIT_POLICY") || getenv("GOMP_SPINCOUNT")) return;
    if (setenv("GOMP_SPINCOUNT", CS_OMP_SPINCOUNT, 1) != 0) return;
    execv("/proc/self/exe", argv);
}

int main(int argc, char **argv) {
    omp_wait_short(argv);
    if (argc < 2) {
        usage(stderr);
        return CS_EXIT_USAGE;
    }
    if (strcmp(argv[1], "help") == 0 && argc >= 3 &&
        (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        usage(stdout); /* cribsim help --help: help about help is the usage */
        return CS_EXIT_OK;
    }
    if (strcmp(argv[1], "help") == 0 && argc >= 3) { /* cribsim help COMMAND */
        for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
            if (strcmp(argv[2], COMMANDS[i].name) == 0) {
                char *help_argv[] = {argv[2], "--help", NULL};
                return COMMANDS[i].fn(2, help_argv);
            }
        fprintf(stderr, "cribsim help: unknown command '%s'\n", argv[2]);
        usage(stderr);
        return CS_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return CS_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("cribsim %s (%s)\n", cs_version, cs_git_commit);
        return CS_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(argv[1], COMMANDS[i].name) == 0) return COMMANDS[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "cribsim: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return CS_EXIT_USAGE;
}

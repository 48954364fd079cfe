/*
 * cliopts.h - what the experiment commands share on the command line: reading option values
 * with messages that name the option, and the command line recorded in files.
 *
 * Options take their value as the next argument or after '=' (--games 100, --games=100).
 * Every parser prints "cribsim CMD: ..." to standard error itself and returns non-zero, so a
 * command only has to return CS_EXIT_USAGE.
 */
#ifndef CS_CLIOPTS_H
#define CS_CLIOPTS_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

typedef struct {
    const char *cmd; /* "run", for messages */
    int argc;
    char **argv;
    int i;             /* the argument being read */
    const char *value; /* the value of the option just matched */
} cs_args;

/*
 * Whether argv[i] is the option `name` (or `name=value`). When takes_value, the value is
 * taken from "=value" or the next argument (advancing i) into a->value; a missing value is
 * reported, *bad is set, and 1 returned so the caller stops.
 */
int cs_args_match(cs_args *a, const char *name, int takes_value, int *bad);

/* Reads a->value as a whole number in [min, max]; prints an error naming opt otherwise. */
int cs_args_u64(const cs_args *a, const char *opt, uint64_t min, uint64_t max, uint64_t *out);
int cs_args_int(const cs_args *a, const char *opt, int min, int max, int *out);

/* Checks a --rules preset name, listing the presets if it is unknown. Returns 0 or -1. */
int cs_args_preset(const cs_args *a, const char *name);

/* The rules of preset (NULL: two) changed by each "KEY=VALUE" of sets in order. Returns 0, or
 * -1 after naming the bad setting (and listing the rule names for an unknown one). */
int cs_args_rules(const cs_args *a, const char *preset, const char *const sets[], int n_sets,
                  cs_rules *out);

/* Prints "cribsim CMD: MESSAGE" to standard error. */
void cs_args_error(const cs_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "cribsim CMD ARGS..." with arguments holding spaces or quotes single-quoted. */
void cs_args_command_line(int argc, char **argv, char *out, size_t len);

#endif

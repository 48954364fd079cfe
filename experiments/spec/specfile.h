/*
 * specfile.h - experiment specifications: YAML files a person writes, with comments, naming
 * the rules, the seats, the games, the seed and what to record, for one or several arms.
 *
 *     # the ladder on two-player rules            (comments are free)
 *     name: ladder
 *     output: ladder            # folder for the arms' files (default: the name)
 *     rules: two                # a preset, or a mapping {preset: two, target: 61, ...}
 *     games: 20000              # everything above "arms" is a default for every arm
 *     seed: 1
 *     duplicate: true
 *     record: games             # or deals
 *     arms:
 *       - name: random-greedy   # the arm's file is OUTPUT/NAME.h5
 *         seats: [random, greedy]
 *       - name: greedy-expected
 *         seats: [greedy, expected]
 *         games: 4000
 *
 * Without `seats`, random plays every seat (as on the command line).
 * Keys: name, description, output, threads, arms, and the arm keys rules, seats, games, seed,
 * duplicate, record, sprt ("elo0,elo1[,alpha,beta]"), sprt_every. An arm's `rules` mapping
 * without a preset changes the rules above it; with one it starts from that preset. Without
 * `arms` the file is one arm named after the spec (its `name`, else the file's stem). Unknown
 * keys, repeated keys, bad values and a second YAML document are errors that name the file,
 * the line and the key; so is nesting deeper than CS_YAML_DEPTH_MAX (yamlcheck.h), refused
 * before the text is loaded.
 */
#ifndef CS_SPECFILE_H
#define CS_SPECFILE_H

#include <stddef.h>

#include "runner.h"

#define CS_SPEC_NAME_MAX 64
#define CS_SPEC_PATH_MAX 512

typedef struct {
    char name[CS_SPEC_NAME_MAX];
    int line;        /* where the arm starts in the file (1-based) */
    int seats_line;  /* where its seats were given (the arm's or the defaults') */
    cs_experiment e; /* output and label point into this arm */
    char output[CS_SPEC_PATH_MAX + CS_SPEC_NAME_MAX + 8]; /* FOLDER/NAME.h5 */
    char label[CS_SPEC_NAME_MAX + 8];
    char experiment[CS_SPEC_NAME_MAX]; /* the spec's name, for the file's attributes */
} cs_spec_arm;

typedef struct {
    char source[CS_SPEC_PATH_MAX]; /* the file name, for messages */
    char name[CS_SPEC_NAME_MAX];   /* the spec's, else the file's stem */
    char description[512];
    char output[CS_SPEC_PATH_MAX]; /* folder the arms' files go into */
    int threads;                   /* 0: not given */
    int n_arms;
    cs_spec_arm *arms;
} cs_spec;

/*
 * Parses spec text; `source` names it in messages (the file name). Returns 0, or CS_ESYNTAX /
 * CS_EUNKNOWN / CS_ERANGE / CS_ECONFIG with "SOURCE:LINE: ..." in err. Rules are checked with
 * cs_rules_validate() and seats against the player count here; strategy names are checked
 * when the run creates the players.
 */
int cs_spec_parse(const char *text, size_t len, const char *source, cs_spec *out, char *err,
                  size_t err_len);

/* Reads and parses a spec file (its stem is the default name). */
int cs_spec_load(const char *path, cs_spec *out, char *err, size_t err_len);

/* Sets every arm's output to OUTPUT/NAME.h5 under the given folder (or the spec's own). */
void cs_spec_set_output(cs_spec *s, const char *folder);

void cs_spec_free(cs_spec *s);

#endif

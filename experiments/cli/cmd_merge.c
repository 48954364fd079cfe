/*
 * cmd_merge.c - `cribsim merge OUT PARTS...`: joins the files of `cribsim run --shard K/N`
 * into one whose /games and /deals equal the single-process run's, row for row; or the files
 * of `cribsim event --shard K/N` into one whose tables equal one machine's (cs_event_merge).
 *
 * The parts must be the N shards of one experiment (same rules, seats, seed, games, record and
 * duplicate settings), each complete, given in any order. Their rows are copied in shard order
 * through the normal writer (so the output is chunked and compressed like any run file); the
 * attributes are the experiment's, with the merge's command line. A failure leaves no output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cliopts.h"
#include "commands.h"
#include "error.h"
#include "event.h"
#include "eventfile.h"
#include "h5file.h"
#include "h5io.h"
#include "progress.h"

#define COPY_BLOCK 16384

static void usage(FILE *out) {
    fprintf(out,
            "usage: cribsim merge OUT PART1 PART2 ... [--force] [--quiet]\n"
            "\n"
            "Joins the shard files of cribsim run --shard K/N, or of cribsim event --shard K/N\n"
            "(all N of them, each complete, any order; run and event files do not mix) into\n"
            "OUT, whose tables equal those of the same run or events in one process. Parts of\n"
            "another experiment (spec, seed, games or events, cribsim version), unfinished,\n"
            "missing or given twice are refused, naming the part, and nothing is written.\n"
            "\n"
            "  --force  replace OUT if it exists\n"
            "  --quiet  no progress on standard error\n"
            "\n"
            "Exit status: 0 merged, 1 failed writing, 2 bad input.\n");
}

typedef struct {
    const char *path;
    cs_h5_reader *r;
    cs_h5_meta m;
} part;

/* The first attribute that differs between two parts of one experiment, or NULL. */
static const char *differs(const cs_h5_meta *a, const cs_h5_meta *b) {
    if (strcmp(a->rules, b->rules) != 0) return "rules";
    if (a->n_seats != b->n_seats) return "seats";
    for (int i = 0; i < a->n_seats; i++)
        if (strcmp(a->seats[i], b->seats[i]) != 0) return "seats";
    if (a->seed != b->seed) return "seed";
    if (a->games_requested != b->games_requested) return "games_requested";
    if (a->record_deals != b->record_deals) return "record";
    if (a->duplicate != b->duplicate || a->rotations != b->rotations) return "duplicate";
    if (a->shard_count != b->shard_count) return "shard_count";
    if (a->schema_version != b->schema_version) return "schema_version";
    if (strcmp(a->engine_version, b->engine_version) != 0) return "engine_version";
    if (a->has_seat_models != b->has_seat_models) return "seat_models";
    for (int i = 0; a->has_seat_models && i < a->n_seats; i++)
        if (strcmp(a->seat_models[i], b->seat_models[i]) != 0) return "seat_models";
    return NULL;
}

static int cmp_parts(const void *x, const void *y) {
    const part *a = x, *b = y;
    return (a->m.shard_index > b->m.shard_index) - (a->m.shard_index < b->m.shard_index);
}

/* Copies every row of the parts, in order. Returns 0 or a cs_err with the message in err:
 * CS_ECONFIG when a part's rows cannot be read (a damaged part: bad input), CS_EIO when the
 * output cannot be written. */
static int copy_rows(part *parts, int n, cs_h5_writer *w, int quiet, char *err, size_t err_len) {
    cs_games_row *games = malloc(COPY_BLOCK * sizeof *games);
    cs_deal_record *deals = malloc(COPY_BLOCK * sizeof *deals);
    int rc = 0;
    if (games == NULL || deals == NULL) {
        snprintf(err, err_len, "out of memory");
        rc = CS_ENOMEM;
    }
    cs_progress progress;
    cs_progress_start(&progress, "merge", 0, parts[0].m.games_requested, quiet);
    uint64_t done = 0;
    for (int k = 0; k < n && rc == 0; k++) {
        cs_h5_reader *r = parts[k].r;
        uint64_t rows = cs_h5_reader_games(r);
        for (uint64_t at = 0; at < rows && rc == 0; at += COPY_BLOCK) {
            size_t m = rows - at < COPY_BLOCK ? (size_t)(rows - at) : COPY_BLOCK;
            if (cs_h5_read_games(r, at, m, games) != 0) {
                snprintf(err, err_len, "%s", cs_h5_reader_error(r));
                rc = CS_ECONFIG;
            } else if (cs_h5_write_games(w, games, m) != 0) {
                snprintf(err, err_len, "%s", cs_h5_writer_error(w));
                rc = CS_EIO;
            }
            done += m;
            cs_progress_update(&progress, done);
        }
        uint64_t n_deals = cs_h5_reader_has_deals(r) ? cs_h5_reader_deals(r) : 0;
        for (uint64_t at = 0; at < n_deals && rc == 0; at += COPY_BLOCK) {
            size_t m = n_deals - at < COPY_BLOCK ? (size_t)(n_deals - at) : COPY_BLOCK;
            if (cs_h5_read_deals(r, at, m, deals) != 0) {
                snprintf(err, err_len, "%s", cs_h5_reader_error(r));
                rc = CS_ECONFIG;
            } else if (cs_h5_write_deals(w, deals, m) != 0) {
                snprintf(err, err_len, "%s", cs_h5_writer_error(w));
                rc = CS_EIO;
            }
        }
    }
    if (rc == 0) cs_progress_finish(&progress, done);
    free(games);
    free(deals);
    return rc;
}

int cs_cmd_merge(int argc, char **argv) {
    cs_args a = {.cmd = "merge", .argc = argc, .argv = argv};
    const char **paths = calloc((size_t)argc, sizeof *paths);
    int n_paths = 0, force = 0, quiet = 0, bad = 0;
    if (paths == NULL) return CS_EXIT_FAILURE;
    for (a.i = 1; a.i < argc && !bad; a.i++) {
        const char *arg = argv[a.i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            free(paths);
            return CS_EXIT_OK;
        } else if (cs_args_match(&a, "--force", 0, &bad)) {
            force = 1;
        } else if (cs_args_match(&a, "--quiet", 0, &bad) || cs_args_match(&a, "-q", 0, &bad)) {
            quiet = 1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            cs_args_error(&a, "unknown option '%s' (see cribsim merge --help)", arg);
            bad = 1;
        } else {
            paths[n_paths++] = arg;
        }
    }
    if (bad || n_paths < 2) {
        if (!bad) usage(stderr);
        free(paths);
        return CS_EXIT_USAGE;
    }
    const char *out = paths[0];
    int n = n_paths - 1, status = CS_EXIT_USAGE;
    part *parts = calloc((size_t)n, sizeof *parts);
    cs_h5_meta *m = malloc(sizeof *m);
    cs_h5_writer *w = NULL;
    int held = -1; /* the lock on out while the merge is written beside it */
    char err[2048];
    if (parts == NULL || m == NULL) {
        status = CS_EXIT_FAILURE;
        goto done;
    }
    struct stat out_st, st;
    int out_exists = stat(out, &out_st) == 0, n_events = 0, an_event = -1, a_run = -1;
    for (int k = 0; k < n; k++) {
        if (out_exists && stat(paths[k + 1], &st) == 0 && st.st_dev == out_st.st_dev &&
            st.st_ino == out_st.st_ino) {
            cs_args_error(&a, "the output %s is also a part", out);
            goto done;
        }
        if (!cs_event_file_probe(paths[k + 1]))
            a_run = a_run < 0 ? k : a_run; /* the first of each kind, for the message */
        else if (n_events++ == 0)
            an_event = k;
    }
    if (n_events > 0 && n_events < n) {
        cs_args_error(&a,
                      "%s is an event file and %s is not: merge joins the shards of one run or "
                      "of one event experiment, not both",
                      paths[an_event + 1], paths[a_run + 1]);
        goto done;
    }
    if (n_events > 0) {
        char command_line[CS_H5_TEXT_MAX];
        cs_args_command_line(argc, argv, command_line, sizeof command_line);
        uint64_t events, games;
        int bad_input;
        if (cs_event_merge(out, paths + 1, n, force, command_line, &events, &games, &bad_input, err,
                           sizeof err) != 0) {
            cs_args_error(&a, "%s", err);
            status = bad_input ? CS_EXIT_USAGE : CS_EXIT_FAILURE;
            goto done;
        }
        printf("merged %d shard%s into %s: %llu events, %llu games\n", n, n == 1 ? "" : "s", out,
               (unsigned long long)events, (unsigned long long)games);
        status = CS_EXIT_OK;
        goto done;
    }
    for (int k = 0; k < n; k++) {
        parts[k].path = paths[k + 1];
        if (cs_h5_open(parts[k].path, &parts[k].m, &parts[k].r, err, sizeof err) != 0) {
            cs_args_error(&a, "%s", err);
            goto done;
        }
        if (!cs_h5_reader_same_layout(parts[k].r)) {
            cs_args_error(&a, "%s has a different table layout (schema) from this cribsim's",
                          parts[k].path);
            goto done;
        }
    }
    const cs_h5_meta *m0 = &parts[0].m;
    for (int k = 0; k < n; k++) {
        const cs_h5_meta *mk = &parts[k].m;
        const char *what = differs(m0, mk);
        if (what != NULL && strcmp(what, "seat_models") == 0) {
            int i = 0;
            while (i + 1 < mk->n_seats && m0->has_seat_models && mk->has_seat_models &&
                   strcmp(m0->seat_models[i], mk->seat_models[i]) == 0)
                i++;
            cs_args_error(&a,
                          "%s and %s are not parts of one experiment: seat %d '%.200s' played "
                          "from %s in one and from %s in the other (a model file changed "
                          "between them)",
                          parts[0].path, parts[k].path, i, mk->seats[i],
                          !m0->has_seat_models    ? "an unrecorded model"
                          : m0->seat_models[i][0] ? m0->seat_models[i]
                                                  : "nothing",
                          !mk->has_seat_models    ? "an unrecorded model"
                          : mk->seat_models[i][0] ? mk->seat_models[i]
                                                  : "nothing");
            goto done;
        }
        if (what != NULL && strcmp(what, "engine_version") == 0) {
            cs_args_error(&a,
                          "%s and %s are not parts of one experiment: written by cribsim %s and "
                          "cribsim %s",
                          parts[0].path, parts[k].path, m0->engine_version, mk->engine_version);
            goto done;
        }
        if (what != NULL) {
            cs_args_error(&a, "%s and %s are not parts of one experiment: their %s differ",
                          parts[0].path, parts[k].path, what);
            goto done;
        }
        if (mk->games_completed != mk->game_end - mk->game_begin) {
            cs_args_error(&a,
                          "%s (shard %d/%d) holds %llu of its %llu games; finish it with "
                          "cribsim run --resume -o %s",
                          parts[k].path, mk->shard_index, mk->shard_count,
                          (unsigned long long)mk->games_completed,
                          (unsigned long long)(mk->game_end - mk->game_begin), parts[k].path);
            goto done;
        }
    }
    if (m0->shard_count != n) {
        cs_args_error(&a, "the parts are shards of %d, but %d file%s given", m0->shard_count, n,
                      n == 1 ? " was" : "s were");
        goto done;
    }
    qsort(parts, (size_t)n, sizeof *parts, cmp_parts);
    uint64_t expect = 0;
    for (int k = 0; k < n; k++) {
        if (parts[k].m.shard_index != k + 1) {
            cs_args_error(&a, "shard %d/%d is missing (or given twice: %s)", k + 1, n,
                          parts[k].path);
            goto done;
        }
        if (parts[k].m.game_begin != expect) {
            cs_args_error(&a, "%s starts at game %llu, expected %llu", parts[k].path,
                          (unsigned long long)parts[k].m.game_begin, (unsigned long long)expect);
            goto done;
        }
        expect = parts[k].m.game_end;
    }
    if (expect != m0->games_requested) {
        cs_args_error(&a, "the shards cover games 0 to %llu of %llu", (unsigned long long)expect,
                      (unsigned long long)m0->games_requested);
        goto done;
    }

    /* The merged file: the experiment's attributes, whole. */
    *m = parts[0].m;
    cs_h5_meta_provenance(m);
    m->shard_index = m->shard_count = 1;
    m->game_begin = 0;
    m->game_end = m0->games_requested;
    m->games_completed = 0;
    cs_args_command_line(argc, argv, m->command_line, sizeof m->command_line);
    snprintf(m->status, sizeof m->status, "running");
    /* Written beside out and renamed over it only when whole, as the event merge does: a
     * failed merge (a damaged part, a full disk) leaves out as it was, absent or the file
     * --force would have replaced. out is held meanwhile, so no writer starts on it. */
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.merging-%ld", out, (long)getpid()) >= (int)sizeof tmp) {
        cs_args_error(&a, "%s: the output's name is too long", out);
        goto done;
    }
    int rc = cs_h5_file_hold(out, force, &held, err, sizeof err);
    if (rc == 0) rc = cs_h5_create(tmp, 0, m, &w, err, sizeof err);
    if (rc != 0) {
        cs_args_error(&a, "%s", err);
        goto done;
    }
    status = CS_EXIT_FAILURE;
    rc = copy_rows(parts, n, w, quiet, err, sizeof err);
    if (rc == 0) {
        m->games_completed = m->game_end;
        snprintf(m->status, sizeof m->status, "complete");
        if (cs_h5_sync(w, m, 1) != 0) {
            snprintf(err, sizeof err, "%s", cs_h5_writer_error(w));
            rc = CS_EIO;
        }
    }
    if (cs_h5_close(w) != 0 && rc == 0) {
        snprintf(err, sizeof err, "closing %s failed", out);
        rc = CS_EIO;
    }
    w = NULL;
    if (rc == 0 && rename(tmp, out) != 0) {
        snprintf(err, sizeof err, "cannot rename the merged file to %s: %s", out, strerror(errno));
        rc = CS_EIO;
    }
    if (rc != 0) {
        unlink(tmp);
        cs_args_error(&a, "%s; %s left as it was", err, out);
        if (rc == CS_ECONFIG) status = CS_EXIT_USAGE; /* a damaged part */
        goto done;
    }
    printf("merged %d shards into %s: %llu games\n", n, out, (unsigned long long)m->game_end);
    status = CS_EXIT_OK;
done:
    if (held >= 0) close(held);
    if (parts != NULL)
        for (int k = 0; k < n; k++) cs_h5_reader_close(parts[k].r);
    free(parts);
    free(m);
    free(paths);
    return status;
}

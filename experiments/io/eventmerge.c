/* eventmerge.c - `cribsim merge` of event shards (cs_event_merge, eventfile.h): checks that the
 * parts are the complete shards of one experiment, then copies their rows, in shard order,
 * into a file beside the output that is renamed over it once whole. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "h5err.h"
#include "eventfile.h"
#include "h5attr.h"
#include "h5file.h"
#include "h5io.h"

/* Root attributes that differ between the shards of one experiment: the shard's place and
 * progress and the command that wrote it, and git_commit (shards from builds of one engine
 * version merge, as run shards do). Every other attribute must hold the same bytes in every
 * part. */
static const char *const shard_own[] = {"shard_index",      "event_begin", "event_end",
                                        "events_completed", "status",      "threads",
                                        "command_line",     "created_utc", "git_commit"};
/* Also not copied into the merged file: the merge writes them (the whole experiment's). */
static const char *const merge_writes[] = {"shard_count"};

static int listed(const char *name, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, list[i]) == 0) return 1;
    return 0;
}

#define N_OWN (sizeof shard_own / sizeof *shard_own)

typedef struct {
    hid_t other;       /* the file compared with */
    const char *first; /* the first attribute that differs, or NULL */
    char name[64];
    int count;
} attr_walk;

static herr_t compare_one(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
    (void)info;
    attr_walk *w = data;
    w->count++;
    if (w->first != NULL || listed(name, shard_own, N_OWN)) return 0;
    if (!cs_h5_attr_same(loc, w->other, name)) {
        snprintf(w->name, sizeof w->name, "%s", name);
        w->first = w->name;
    }
    return 0;
}

static herr_t count_one(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
    (void)loc, (void)name, (void)info;
    ((attr_walk *)data)->count++;
    return 0;
}

/* The first root attribute, not a shard's own, that differs between two parts of one
 * experiment (the telling ones first), or NULL. */
static const char *attrs_differ(hid_t a, hid_t b, char *buf, size_t len) {
    static const char *const telling[] = {"schema",      "schema_version", "engine_version",
                                          "spec",        "seed",           "events_requested",
                                          "shard_count", "strategy_models"};
    const char *what = NULL;
    for (size_t i = 0; i < sizeof telling / sizeof *telling && what == NULL; i++)
        if (!cs_h5_attr_same(a, b, telling[i])) what = telling[i];
    attr_walk wa = {b, NULL, "", 0}, wb = {a, NULL, "", 0};
    hsize_t at = 0;
    if (what == NULL) {
        H5Aiterate2(a, H5_INDEX_NAME, H5_ITER_INC, &at, compare_one, &wa);
        at = 0;
        H5Aiterate2(b, H5_INDEX_NAME, H5_ITER_INC, &at, count_one, &wb);
        what = wa.first != NULL ? wa.first : wa.count != wb.count ? "attribute names" : NULL;
    }
    if (what == NULL) return NULL;
    snprintf(buf, len, "%s", what);
    return buf;
}

typedef struct {
    hid_t out;
    int rc;
} attr_copy;

/* Copies one root attribute of the first part into the merged file, unless the merge writes
 * it itself. */
static herr_t copy_one(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
    (void)info;
    attr_copy *c = data;
    if (listed(name, shard_own, N_OWN) || listed(name, merge_writes, 1)) return 0;
    if (cs_h5_attr_copy(loc, c->out, name) != 0) c->rc = -1;
    return 0;
}

/* One part of a merge, opened read-only. */
typedef struct {
    const char *path;
    cs_ef_file f; /* file, tables, types, first and entrants: read only */
    uint64_t requested, completed, end, games;
    int k, n;
} epart;

static int open_part(epart *p, char *err, size_t err_len) {
    struct stat st;
    cs_ef_file *f = &p->f;
    if (stat(p->path, &st) != 0) {
        snprintf(err, err_len, "cannot open %s: %s", p->path, strerror(errno));
        return CS_EIO;
    }
    if (S_ISDIR(st.st_mode) || H5Fis_hdf5(p->path) <= 0) {
        snprintf(err, err_len, "%s is not an HDF5 file", p->path);
        return CS_ECONFIG;
    }
    f->file = H5Fopen(p->path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f->file < 0) {
        cs_h5_open_failure(p->path, err, err_len);
        return CS_EIO;
    }
    char *schema = cs_h5_attr_get_text(f->file, "schema");
    int ours = schema != NULL && strcmp(schema, "cribsim-events") == 0;
    free(schema);
    uint64_t version = 0;
    if (!ours || cs_h5_attr_get_u64(f->file, "events_requested", &p->requested) ||
        cs_h5_attr_get_u64(f->file, "events_completed", &p->completed) ||
        cs_h5_attr_get_u64(f->file, "schema_version", &version)) {
        snprintf(err, err_len, "%s is not an event file (no cribsim-events attributes)", p->path);
        return CS_ECONFIG;
    }
    if (version != 1) {
        snprintf(err, err_len, "%s has event file schema version %llu; this cribsim reads 1",
                 p->path, (unsigned long long)version);
        return CS_ECONFIG;
    }
    if (p->requested == 0 || p->requested > CS_EVENT_EVENTS_MAX ||
        cs_ef_read_shard(f->file, p->requested, &p->k, &p->n, &f->first, &p->end) != 0) {
        snprintf(err, err_len,
                 "%s: its events_requested and shard attributes (shard_index, shard_count, "
                 "event_begin, event_end) do not describe a shard of an experiment: refused",
                 p->path);
        return CS_ECONFIG;
    }
    hid_t a = H5Aexists(f->file, "entrants") > 0 ? H5Aopen(f->file, "entrants", H5P_DEFAULT) : -1;
    hid_t sp = a >= 0 ? H5Aget_space(a) : -1;
    hssize_t entrants = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : 0;
    if (sp >= 0) H5Sclose(sp);
    if (a >= 0) H5Aclose(a);
    if (entrants < 1 || entrants > CS_EVENT_ENTRANTS_MAX) {
        snprintf(err, err_len, "%s: attribute 'entrants' is missing or unreadable: refused",
                 p->path);
        return CS_ECONFIG;
    }
    f->entrants = (uint64_t)entrants;
    f->events.d = H5Dopen2(f->file, "events", H5P_DEFAULT);
    f->standings.d = H5Dopen2(f->file, "standings", H5P_DEFAULT);
    f->games.d = H5Dopen2(f->file, "games", H5P_DEFAULT);
    if (!cs_h5_table_same_layout(f->events.d, f->t_event) ||
        !cs_h5_table_same_layout(f->standings.d, f->t_standing) ||
        !cs_h5_table_same_layout(f->games.d, f->t_game)) {
        snprintf(err, err_len,
                 "%s lacks /events, /standings or /games, or has another table layout than this "
                 "cribsim's",
                 p->path);
        return CS_ECONFIG;
    }
    return 0;
}

static int cmp_part(const void *x, const void *y) {
    const epart *a = x, *b = y;
    return (a->k > b->k) - (a->k < b->k);
}

/* Checks that the parts are the N complete shards of one experiment, and sorts them by shard.
 * Returns 0 or CS_ECONFIG with the message naming the part. */
static int check_parts(epart *p, int n, char *err, size_t err_len) {
    for (int i = 1; i < n; i++) {
        char what[64];
        if (attrs_differ(p[0].f.file, p[i].f.file, what, sizeof what) == NULL) continue;
        if (strcmp(what, "engine_version") == 0) {
            char *va = cs_h5_attr_get_text(p[0].f.file, what),
                 *vb = cs_h5_attr_get_text(p[i].f.file, what);
            snprintf(err, err_len,
                     "%s and %s are not parts of one experiment: written by cribsim %s and "
                     "cribsim %s",
                     p[0].path, p[i].path, va ? va : "(none)", vb ? vb : "(none)");
            free(va);
            free(vb);
        } else {
            snprintf(err, err_len,
                     "%s and %s are not parts of one experiment: their attribute '%s' differs",
                     p[0].path, p[i].path, what);
        }
        return CS_ECONFIG;
    }
    for (int i = 0; i < n; i++)
        if (p[i].completed != p[i].end - p[i].f.first) {
            snprintf(err, err_len,
                     "%s (shard %d/%d) holds %llu of its %llu events; finish it with cribsim "
                     "event SPEC --resume -o %s",
                     p[i].path, p[i].k, p[i].n, (unsigned long long)p[i].completed,
                     (unsigned long long)(p[i].end - p[i].f.first), p[i].path);
            return CS_ECONFIG;
        }
    qsort(p, (size_t)n, sizeof *p, cmp_part);
    for (int i = 1; i < n; i++)
        if (p[i].k == p[i - 1].k) {
            snprintf(err, err_len, "%s and %s are both shard %d/%d", p[i - 1].path, p[i].path,
                     p[i].k, p[i].n);
            return CS_ECONFIG;
        }
    for (int i = 0; i < p[0].n; i++)
        if (i >= n || p[i].k != i + 1) {
            snprintf(err, err_len,
                     "shard %d/%d is missing: the parts are shards of %d, but %d file%s given",
                     i + 1, p[0].n, p[0].n, n, n == 1 ? " was" : "s were");
            return CS_ECONFIG;
        }
    return 0;
}

/* Copies the complete rows of one table of a part into the merged file. Returns 0, or -1 with
 * *bad set when the part could not be read (and not when the output could not be written). */
static int copy_table(cs_ef_file *out, cs_h5_table *to, hid_t from, hid_t mtype, uint64_t rows,
                      void *buf, int *bad) {
    for (uint64_t a = 0; a < rows; a += CS_EF_BLOCK_ROWS) {
        size_t count = rows - a < CS_EF_BLOCK_ROWS ? (size_t)(rows - a) : CS_EF_BLOCK_ROWS;
        if (cs_h5_table_read(from, mtype, a, count, buf) != 0) {
            *bad = 1;
            return -1;
        }
        if (cs_ef_append(out, to, buf, count) != 0) return -1;
    }
    return 0;
}

static void part_close(epart *p) {
    cs_ef_file *f = &p->f;
    hid_t d[3] = {f->events.d, f->standings.d, f->games.d};
    for (int i = 0; i < 3; i++)
        if (d[i] >= 0) H5Dclose(d[i]);
    if (f->file >= 0) H5Fclose(f->file);
    cs_ef_close_types(f);
}

/* Writes the merged file at tmp: part 1's attributes bar the shard's own, the whole
 * experiment's range, and every part's complete rows in shard order. Returns 0, or CS_ECONFIG
 * (a part could not be read) / CS_EIO / CS_ENOMEM with the message in err. */
static int write_merged(const char *tmp, const char *out, epart *p, int n, const char *command_line,
                        char *err, size_t err_len) {
    cs_ef_file w;
    memset(&w, 0, sizeof w);
    w.file = w.events.d = w.standings.d = w.games.d = -1;
    w.lock = -1;
    w.entrants = p[0].f.entrants;
    w.shard_index = w.shard_count = 1;
    cs_ef_make_types(&w);
    cs_h5_file hf;
    int rc = cs_h5_file_create(tmp, 0, &hf, err, err_len);
    if (rc != 0) {
        cs_ef_close_types(&w);
        return rc;
    }
    w.file = hf.file;
    w.lock = hf.lock;
    cs_h5_meta prov;
    memset(&prov, 0, sizeof prov);
    cs_h5_meta_provenance(&prov);
    attr_copy c = {w.file, 0};
    hsize_t at = 0;
    uint64_t threads = 1;
    cs_h5_attr_get_u64(p[0].f.file, "threads", &threads);
    w.events.d = cs_h5_table_create(w.file, "events", w.t_event, CS_EF_EVENTS_CHUNK);
    w.standings.d = cs_h5_table_create(w.file, "standings", w.t_standing, CS_EF_STANDINGS_CHUNK);
    w.games.d = cs_h5_table_create(w.file, "games", w.t_game, CS_EF_GAMES_CHUNK);
    char *commit = cs_h5_attr_get_text(p[0].f.file, "git_commit");
    int bad = 0;
    if (w.events.d < 0 || w.standings.d < 0 || w.games.d < 0 || cs_ef_tables_stage(&w, 0, 0) ||
        H5Aiterate2(p[0].f.file, H5_INDEX_NAME, H5_ITER_INC, &at, copy_one, &c) < 0 || c.rc ||
        cs_h5_attr_put_u64(w.file, "shard_index", 1) ||
        cs_h5_attr_put_u64(w.file, "shard_count", 1) ||
        cs_h5_attr_put_u64(w.file, "event_begin", 0) ||
        cs_h5_attr_put_u64(w.file, "event_end", p[0].requested) ||
        cs_h5_attr_put_string(w.file, "git_commit", commit ? commit : "") ||
        cs_h5_attr_put_string(w.file, "created_utc", prov.created_utc) ||
        cs_h5_attr_put_string(w.file, "command_line", command_line ? command_line : "")) {
        cs_ef_write_failed(&w);
        rc = CS_EIO;
    }
    free(commit);
    /* A buffer for a block of the widest row. */
    size_t widest = sizeof(cs_ef_game_row) > sizeof(cs_ef_standing_row)
                        ? sizeof(cs_ef_game_row)
                        : sizeof(cs_ef_standing_row);
    if (sizeof(cs_ef_event_row) > widest) widest = sizeof(cs_ef_event_row);
    void *buf = rc == 0 ? malloc(CS_EF_BLOCK_ROWS * widest) : NULL;
    if (rc == 0 && buf == NULL) rc = CS_ENOMEM;
    for (int i = 0; i < n && rc == 0; i++) {
        cs_ef_file *f = &p[i].f;
        if (copy_table(&w, &w.events, f->events.d, w.t_event, p[i].completed, buf, &bad) ||
            copy_table(&w, &w.standings, f->standings.d, w.t_standing, p[i].completed * f->entrants,
                       buf, &bad) ||
            copy_table(&w, &w.games, f->games.d, w.t_game, p[i].games, buf, &bad))
            rc = bad ? CS_ECONFIG : CS_EIO;
        if (bad)
            snprintf(err, err_len, "%s: its rows cannot be read (truncated or damaged?)",
                     p[i].path);
    }
    free(buf);
    if (rc == 0 && cs_ef_write_progress(&w, 1, "complete", (int)threads) != 0) rc = CS_EIO;
    if (cs_ef_close(&w) != 0 && rc == 0) rc = CS_EIO;
    if (rc == CS_EIO)
        snprintf(err, err_len, "cannot write %s: %s", out,
                 w.reason[0] ? w.reason : "HDF5 reported a failure");
    if (rc == CS_ENOMEM) snprintf(err, err_len, "out of memory");
    return rc;
}

int cs_event_merge(const char *out, const char *const *paths, int n, int force,
                   const char *command_line, uint64_t *events, uint64_t *games, int *bad_input,
                   char *err, size_t err_len) {
    cs_h5_library_init();
    *bad_input = 1;
    *events = *games = 0;
    epart *p = calloc((size_t)n, sizeof *p);
    if (p == NULL) {
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    for (int i = 0; i < n; i++) {
        p[i].path = paths[i];
        p[i].f.file = p[i].f.events.d = p[i].f.standings.d = p[i].f.games.d = -1;
        cs_ef_make_types(&p[i].f);
    }
    int rc = 0, held = -1;
    for (int i = 0; i < n && rc == 0; i++) rc = open_part(&p[i], err, err_len);
    if (rc == 0) rc = check_parts(p, n, err, err_len);
    for (int i = 0; i < n && rc == 0; i++) {
        rc = cs_ef_check_complete(&p[i].f, p[i].completed, &p[i].games, err, err_len, p[i].path);
        *games += p[i].games;
    }
    /* The merge is written beside out and renamed over it only when whole, so a failure leaves
     * out as it was (absent, or the file --force would have replaced). */
    char tmp[4096];
    if (rc == 0 &&
        snprintf(tmp, sizeof tmp, "%s.merging-%ld", out, (long)getpid()) >= (int)sizeof tmp) {
        snprintf(err, err_len, "%s: the output's name is too long", out);
        rc = CS_ECONFIG;
    }
    if (rc == 0) rc = cs_h5_file_hold(out, force, &held, err, err_len);
    if (rc == 0) {
        *bad_input = 0;
        rc = write_merged(tmp, out, p, n, command_line, err, err_len);
        if (rc == CS_ECONFIG) *bad_input = 1; /* a damaged part */
        if (rc == 0 && rename(tmp, out) != 0) {
            snprintf(err, err_len, "cannot rename %s to %s: %s", tmp, out, strerror(errno));
            rc = CS_EIO;
        }
        if (rc != 0) unlink(tmp);
    }
    if (held >= 0) close(held);
    for (int i = 0; i < n; i++) part_close(&p[i]);
    *events = p[0].requested;
    free(p);
    return rc;
}

int cs_event_file_probe(const char *path) {
    cs_h5_library_init();
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || H5Fis_hdf5(path) <= 0) return 0;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return 0;
    char *schema = cs_h5_attr_get_text(f, "schema");
    int ours = schema != NULL && strcmp(schema, "cribsim-events") == 0;
    free(schema);
    H5Fclose(f);
    return ours;
}

/*
 * h5io.c - the run file's writer and reader (see h5io.h for the layout): its attributes, the
 * writer's life (create, reopen, helpers, checkpoints, close) and the reader. The tables
 * themselves, their fields, slabs and chunk writes, are runtable.c's.
 */
#include "h5io.h"
#include "runcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <hdf5.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "condwait.h"
#include "h5attr.h"
#include "h5err.h"
#include "h5file.h"
#include "error.h"
#include "pcg32.h"
#include "rledeflate.h"
#include "runtable.h"
#include "version.h"

/* Before the first HDF5 call (h5file.h says why). */
static void h5_init(void) {
    cs_h5_library_init();
}

void cs_h5_meta_provenance(cs_h5_meta *m) {
    m->schema_version = CS_H5_SCHEMA_VERSION;
    snprintf(m->engine_version, sizeof m->engine_version, "%s", cs_version);
    snprintf(m->git_commit, sizeof m->git_commit, "%s", cs_git_commit);
    snprintf(m->rng, sizeof m->rng, "%s", CS_RNG_DESCRIPTION);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(m->created_utc, sizeof m->created_utc, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The attributes that change while a run goes on. */
static int meta_put_progress(hid_t f, const cs_h5_meta *m) {
    int rc = 0;
    rc |= cs_h5_attr_put_u64(f, "games_requested", m->games_requested);
    rc |= cs_h5_attr_put_u64(f, "games_completed", m->games_completed);
    rc |= cs_h5_attr_put_u64(f, "game_end", m->game_end);
    rc |= cs_h5_attr_put_int(f, "threads", m->threads);
    rc |= cs_h5_attr_put_string(f, "status", m->status);
    if (m->has_sprt) {
        rc |= cs_h5_attr_put_string(f, "sprt", m->sprt);
        rc |= cs_h5_attr_put_string(f, "sprt_decision", m->sprt_decision);
        rc |= cs_h5_attr_put_double(f, "sprt_llr", m->sprt_llr);
        rc |= cs_h5_attr_put_double(f, "sprt_lower", m->sprt_lower);
        rc |= cs_h5_attr_put_double(f, "sprt_upper", m->sprt_upper);
    }
    return rc;
}

static int meta_put_all(hid_t f, const cs_h5_meta *m) {
    const char *seats[CS_MAX_PLAYERS];
    for (int i = 0; i < m->n_seats; i++) seats[i] = m->seats[i];
    int rc = 0;
    rc |= cs_h5_attr_put_int(f, "schema_version", m->schema_version);
    rc |= cs_h5_attr_put_string(f, "engine_version", m->engine_version);
    rc |= cs_h5_attr_put_string(f, "git_commit", m->git_commit);
    rc |= cs_h5_attr_put_string(f, "rules", m->rules);
    rc |= cs_h5_attr_put_strings(f, "seats", m->n_seats, seats, 0);
    const char *models[CS_MAX_PLAYERS];
    for (int i = 0; i < m->n_seats; i++) models[i] = m->seat_models[i];
    if (m->has_seat_models) rc |= cs_h5_attr_put_strings(f, "seat_models", m->n_seats, models, 0);
    rc |= cs_h5_attr_put_u64(f, "seed", m->seed);
    rc |= cs_h5_attr_put_string(f, "rng", m->rng);
    rc |= cs_h5_attr_put_string(f, "created_utc", m->created_utc);
    rc |= cs_h5_attr_put_string(f, "command_line", m->command_line);
    rc |= cs_h5_attr_put_string(f, "record", m->record_deals ? "deals" : "games");
    rc |= cs_h5_attr_put_int(f, "duplicate", m->duplicate);
    rc |= cs_h5_attr_put_int(f, "rotations", m->rotations);
    rc |= cs_h5_attr_put_string(f, "rotation_scheme",
                                "seat s is played by seats[(s + rotation) % players]");
    rc |= cs_h5_attr_put_int(f, "shard_index", m->shard_index);
    rc |= cs_h5_attr_put_int(f, "shard_count", m->shard_count);
    rc |= cs_h5_attr_put_u64(f, "game_begin", m->game_begin);
    if (m->arm[0]) {
        rc |= cs_h5_attr_put_string(f, "experiment", m->experiment);
        rc |= cs_h5_attr_put_string(f, "arm", m->arm);
        rc |= cs_h5_attr_put_int(f, "arm_index", m->arm_index);
    }
    rc |= meta_put_progress(f, m);
    return rc;
}

/* Reads the attributes into *m. Returns 0, or -1 with the reason in err. */
static int meta_get(hid_t f, const char *path, cs_h5_meta *m, char *err, size_t err_len) {
    memset(m, 0, sizeof *m);
    static const char *const required[] = {"schema_version", "rules",           "seats",
                                           "seed",           "games_requested", "games_completed"};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        if (H5Aexists(f, required[i]) <= 0) {
            snprintf(err, err_len, "%s is not a cribsim run file (no attribute '%s')", path,
                     required[i]);
            return -1;
        }
    }
    const char *bad = NULL;
    int n_seats = 0;
    if (cs_h5_attr_get_number(f, "schema_version", H5T_NATIVE_INT, &m->schema_version) != 0)
        bad = "schema_version";
    else if (cs_h5_attr_get_string_at(f, "rules", 0, m->rules, sizeof m->rules, NULL) != 0)
        bad = "rules";
    else if (cs_h5_attr_get_string_at(f, "seats", 0, m->seats[0], CS_H5_SPEC_MAX, &n_seats) != 0 ||
             n_seats < 1 || n_seats > CS_MAX_PLAYERS)
        bad = "seats";
    else if (cs_h5_attr_get_number(f, "seed", H5T_NATIVE_UINT64, &m->seed) != 0)
        bad = "seed";
    else if (cs_h5_attr_get_number(f, "games_requested", H5T_NATIVE_UINT64, &m->games_requested) !=
             0)
        bad = "games_requested";
    else if (cs_h5_attr_get_number(f, "games_completed", H5T_NATIVE_UINT64, &m->games_completed) !=
             0)
        bad = "games_completed";
    if (bad == NULL) {
        m->n_seats = n_seats;
        for (int i = 1; i < n_seats && bad == NULL; i++)
            if (cs_h5_attr_get_string_at(f, "seats", i, m->seats[i], CS_H5_SPEC_MAX, NULL) != 0)
                bad = "seats";
    }
    if (bad != NULL) {
        snprintf(err, err_len, "%s: attribute '%s' is unreadable or has the wrong type", path, bad);
        return -1;
    }
    if (m->schema_version > CS_H5_SCHEMA_VERSION) {
        snprintf(err, err_len, "%s has schema version %d; this cribsim reads version %d and older",
                 path, m->schema_version, CS_H5_SCHEMA_VERSION);
        return -1;
    }
    /* Optional attributes, with the values a file without them implies. */
    int n_models = 0;
    int got = cs_h5_attr_get_string_at(f, "seat_models", 0, m->seat_models[0], CS_H5_MODEL_MAX,
                                       &n_models);
    if (got < 0) {
        snprintf(err, err_len, "%s: attribute 'seat_models' is unreadable or not strings", path);
        return -1;
    }
    if (got == 0) {
        if (n_models > CS_MAX_PLAYERS) n_models = CS_MAX_PLAYERS + 1; /* runcheck refuses it */
        for (int i = 1; i < n_models && i < CS_MAX_PLAYERS; i++)
            if (cs_h5_attr_get_string_at(f, "seat_models", i, m->seat_models[i], CS_H5_MODEL_MAX,
                                         NULL) != 0) {
                snprintf(err, err_len, "%s: attribute 'seat_models' is unreadable", path);
                return -1;
            }
        m->has_seat_models = 1;
        m->n_seat_models = n_models;
    }
    char record[16] = "games";
    cs_h5_attr_get_string_at(f, "engine_version", 0, m->engine_version, sizeof m->engine_version,
                             NULL);
    cs_h5_attr_get_string_at(f, "git_commit", 0, m->git_commit, sizeof m->git_commit, NULL);
    cs_h5_attr_get_string_at(f, "rng", 0, m->rng, sizeof m->rng, NULL);
    cs_h5_attr_get_string_at(f, "created_utc", 0, m->created_utc, sizeof m->created_utc, NULL);
    cs_h5_attr_get_string_at(f, "command_line", 0, m->command_line, sizeof m->command_line, NULL);
    cs_h5_attr_get_string_at(f, "record", 0, record, sizeof record, NULL);
    m->record_deals = strcmp(record, "deals") == 0;
    cs_h5_attr_get_number(f, "threads", H5T_NATIVE_INT, &m->threads);
    cs_h5_attr_get_number(f, "duplicate", H5T_NATIVE_INT, &m->duplicate);
    m->rotations = 1;
    cs_h5_attr_get_number(f, "rotations", H5T_NATIVE_INT, &m->rotations);
    m->shard_index = m->shard_count = 1;
    cs_h5_attr_get_number(f, "shard_index", H5T_NATIVE_INT, &m->shard_index);
    cs_h5_attr_get_number(f, "shard_count", H5T_NATIVE_INT, &m->shard_count);
    m->game_end = m->games_requested;
    cs_h5_attr_get_number(f, "game_begin", H5T_NATIVE_UINT64, &m->game_begin);
    cs_h5_attr_get_number(f, "game_end", H5T_NATIVE_UINT64, &m->game_end);
    snprintf(m->status, sizeof m->status, "unknown");
    cs_h5_attr_get_string_at(f, "status", 0, m->status, sizeof m->status, NULL);
    if (cs_h5_attr_get_string_at(f, "arm", 0, m->arm, sizeof m->arm, NULL) == 0) {
        cs_h5_attr_get_string_at(f, "experiment", 0, m->experiment, sizeof m->experiment, NULL);
        cs_h5_attr_get_number(f, "arm_index", H5T_NATIVE_INT, &m->arm_index);
    }
    if (cs_h5_attr_get_string_at(f, "sprt", 0, m->sprt, sizeof m->sprt, NULL) == 0) {
        m->has_sprt = 1;
        cs_h5_attr_get_string_at(f, "sprt_decision", 0, m->sprt_decision, sizeof m->sprt_decision,
                                 NULL);
        cs_h5_attr_get_number(f, "sprt_llr", H5T_NATIVE_DOUBLE, &m->sprt_llr);
        cs_h5_attr_get_number(f, "sprt_lower", H5T_NATIVE_DOUBLE, &m->sprt_lower);
        cs_h5_attr_get_number(f, "sprt_upper", H5T_NATIVE_DOUBLE, &m->sprt_upper);
    }
    return 0;
}

/* ---- the writer ---- */

struct cs_h5_writer {
    hid_t file;
    int lock; /* the descriptor holding the file's lock (h5file.h) */
    table games, deals;
    int has_deals;
    int checked;      /* reopened: meta and rules below hold the file's, checked */
    cs_h5_meta *meta; /* (allocated when reopened) */
    cs_rules rules;
    int broken; /* a write failed: the file is left as the last sync made it */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    atomic_int full; /* queued slabs waiting for a thread to compress them */
    char path[512];  /* for messages */
    char err[1024];
};

static void writer_fail(cs_h5_writer *w, const char *what) {
    snprintf(w->err, sizeof w->err, "%s: %s failed: %s", w->path, what, cs_h5_take_reason());
}

static cs_h5_writer *writer_new(const char *path) {
    cs_h5_writer *w = calloc(1, sizeof *w);
    if (w == NULL) return NULL;
    w->file = -1;
    w->lock = -1;
    cs_rt_table_init(&w->games, &GAMES_DEF);
    cs_rt_table_init(&w->deals, &DEALS_DEF);
    pthread_mutex_init(&w->mu, NULL);
    cs_cond_init(&w->cv);
    atomic_init(&w->full, 0);
    table *tables[2] = {&w->games, &w->deals};
    for (int i = 0; i < 2; i++) {
        tables[i]->mu = &w->mu;
        tables[i]->cv = &w->cv;
        tables[i]->full = &w->full;
    }
    snprintf(w->path, sizeof w->path, "%s", path);
    return w;
}

/* Frees the writer's own memory and releases its lock, not its HDF5 handles: a file still
 * open is left so (see cs_h5_close). */
static void writer_release(cs_h5_writer *w) {
    cs_h5_file hf = {-1, w->lock};
    cs_h5_file_close(&hf, 1);
    free(w->meta);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
}

static void writer_free(cs_h5_writer *w) {
    cs_rt_table_free(&w->games);
    cs_rt_table_free(&w->deals);
    if (w->file >= 0) H5Fclose(w->file);
    writer_release(w);
}

int cs_h5_writer_helpers(cs_h5_writer *w, int helpers) {
    if (helpers < 0) helpers = 0;
    if (helpers > CS_H5_MAX_HELPERS) helpers = CS_H5_MAX_HELPERS;
    if (cs_rt_table_add_slabs(&w->games, helpers + SPARE_SLABS) < 0 ||
        (w->has_deals && cs_rt_table_add_slabs(&w->deals, helpers + SPARE_SLABS) < 0)) {
        snprintf(w->err, sizeof w->err, "out of memory");
        return CS_ENOMEM;
    }
    return 0;
}

/* Claims the oldest queued slab nobody compresses yet, of either table, or returns NULL. */
static slab *claim_full(cs_h5_writer *w, table **owner) {
    table *tables[2] = {&w->games, &w->deals};
    for (int i = 0; i < 2; i++) {
        table *t = tables[i];
        for (int q = 0; q < t->q_len; q++) {
            slab *b = &t->slabs[t->queue[(t->q_head + q) % MAX_SLABS]];
            if (b->state == SLAB_FULL) {
                b->state = SLAB_COMPRESSING;
                atomic_fetch_sub(&w->full, 1);
                *owner = t;
                return b;
            }
        }
    }
    return NULL;
}

int cs_h5_writer_compress_one(cs_h5_writer *w) {
    if (atomic_load_explicit(&w->full, memory_order_relaxed) == 0) return 0;
    table *t = NULL;
    pthread_mutex_lock(&w->mu);
    slab *b = claim_full(w, &t);
    pthread_mutex_unlock(&w->mu);
    if (b == NULL) return 0;
    cs_rt_slab_compress(t, b, t->def->chunk);
    pthread_mutex_lock(&w->mu);
    b->state = SLAB_DONE;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return 1;
}

int cs_h5_writer_has_work(cs_h5_writer *w) {
    return atomic_load_explicit(&w->full, memory_order_relaxed) > 0;
}

int cs_h5_create(const char *path, int force, const cs_h5_meta *m, cs_h5_writer **out, char *err,
                 size_t err_len) {
    h5_init();
    *out = NULL;
    cs_h5_file hf;
    int rc = cs_h5_file_create(path, force, &hf, err, err_len);
    if (rc != 0) return rc;
    cs_h5_writer *w = writer_new(path);
    if (w == NULL) {
        unlink(path);
        cs_h5_file_close(&hf, 0);
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    w->file = hf.file;
    w->lock = hf.lock;
    w->has_deals = m->record_deals;
    const char *what = NULL;
    if (cs_rt_table_create(&w->games, w->file) < 0)
        what = "creating /games";
    else if (w->has_deals && cs_rt_table_create(&w->deals, w->file) < 0)
        what = "creating /deals";
    else if (meta_put_all(w->file, m) != 0)
        what = "writing the attributes";
    else if (H5Fflush(w->file, H5F_SCOPE_GLOBAL) < 0 && cs_h5_failed())
        what = "flushing";
    if (what != NULL) {
        writer_fail(w, what);
        snprintf(err, err_len, "%s", w->err);
        unlink(path); /* while still holding the lock */
        writer_free(w);
        return CS_EIO;
    }
    *out = w;
    return 0;
}

/* Opens path (read-only or for writing) with HDF5, with a clear message for each way it can
 * fail. Returns the file id or -1. */
static hid_t open_file(const char *path, int writable, char *err, size_t err_len) {
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "%s is a directory, not a run file", path);
        return -1;
    }
    if (access(path, writable ? R_OK | W_OK : R_OK) != 0) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    htri_t is_h5 = H5Fis_hdf5(path);
    if (is_h5 <= 0) {
        snprintf(err, err_len, "%s is not an HDF5 file (no HDF5 signature)", path);
        return -1;
    }
    hid_t f = H5Fopen(path, writable ? H5F_ACC_RDWR : H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) cs_h5_open_failure(path, err, err_len);
    return f;
}

int cs_h5_reopen(const char *path, cs_h5_meta *m, cs_h5_writer **out, char *err, size_t err_len) {
    h5_init();
    *out = NULL;
    cs_h5_file hf;
    int rc = cs_h5_file_open_rw(path, &hf, err, err_len);
    if (rc != 0) return rc;
    cs_h5_writer *w = writer_new(path);
    if (w == NULL) {
        cs_h5_file_close(&hf, 0);
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    w->file = hf.file;
    w->lock = hf.lock;
    hid_t f = hf.file;
    if (meta_get(f, path, m, err, err_len) < 0 ||
        cs_runcheck_meta(m, path, &w->rules, err, err_len) != 0 ||
        cs_rt_table_open(&w->games, f, path, err, err_len) < 0 ||
        (m->record_deals && cs_rt_table_open(&w->deals, f, path, err, err_len) < 0)) {
        writer_free(w);
        return CS_ECONFIG;
    }
    w->has_deals = m->record_deals;
    if (!cs_rt_table_same_layout(&w->games) ||
        (w->has_deals && !cs_rt_table_same_layout(&w->deals))) {
        snprintf(err, err_len, "%s was written with a different table layout; cannot continue it",
                 path);
        writer_free(w);
        return CS_ECONFIG;
    }
    if (m->games_completed > w->games.extent) {
        snprintf(err, err_len, "%s claims %llu complete games but /games holds %llu rows", path,
                 (unsigned long long)m->games_completed, (unsigned long long)w->games.extent);
        writer_free(w);
        return CS_ECONFIG;
    }
    uint64_t deal_rows = 0;
    const char *what = NULL;
    if (w->has_deals && cs_rt_deals_lower_bound(&w->deals, w->deals.extent,
                                                m->game_begin + m->games_completed, &deal_rows) < 0)
        what = "reading /deals";
    else if (cs_rt_table_resume_at(&w->games, m->games_completed) < 0)
        what = "positioning /games";
    else if (w->has_deals && cs_rt_table_resume_at(&w->deals, deal_rows) < 0)
        what = "positioning /deals";
    if (what != NULL) {
        writer_fail(w, what);
        snprintf(err, err_len, "%s", w->err);
        writer_free(w);
        return CS_EIO;
    }
    w->meta = malloc(sizeof *w->meta);
    if (w->meta == NULL) {
        snprintf(err, err_len, "out of memory");
        writer_free(w);
        return CS_ENOMEM;
    }
    *w->meta = *m;
    *out = w;
    return 0;
}

int cs_h5_write_games(cs_h5_writer *w, const cs_games_row *rows, size_t n) {
    if (w->broken) return CS_EIO;
    if (cs_rt_table_append(&w->games, rows, n) < 0) {
        w->broken = 1;
        writer_fail(w, "writing /games");
        return CS_EIO;
    }
    return 0;
}

int cs_h5_write_deals(cs_h5_writer *w, const cs_deal_record *rows, size_t n) {
    if (!w->has_deals) return 0;
    if (w->broken) return CS_EIO;
    if (cs_rt_table_append(&w->deals, rows, n) < 0) {
        w->broken = 1;
        writer_fail(w, "writing /deals");
        return CS_EIO;
    }
    return 0;
}

int cs_h5_writer_read_games(cs_h5_writer *w, uint64_t first, size_t n, cs_games_row *out) {
    if (cs_rt_table_read(&w->games, w->games.mtype, first, n, out) < 0) {
        writer_fail(w, "reading /games");
        return CS_EIO;
    }
    if (w->meta != NULL &&
        cs_runcheck_games(w->meta, &w->rules, w->path, first, out, n, w->err, sizeof w->err) != 0)
        return CS_ECONFIG;
    return 0;
}

uint64_t cs_h5_writer_games(const cs_h5_writer *w) {
    return w->games.stage_first + w->games.staged;
}

uint64_t cs_h5_writer_deals(const cs_h5_writer *w) {
    return w->deals.stage_first + w->deals.staged;
}

/* Games (from game_begin) whose rows, and deals, are all in whole chunks on disk. */
/* Games (from game_begin) whose rows, and deals, are all in chunks written to the file. */
static uint64_t durable_games(const cs_h5_writer *w, uint64_t game_begin) {
    const table *g = &w->games, *d = &w->deals;
    uint64_t rows =
        g->q_len > 0 ? g->slabs[g->queue[g->q_head]].first : g->stage_first + g->written;
    const unsigned char *first_unwritten = NULL; /* the first deal row not on disk */
    size_t stride = d->def->chunk;               /* between its bytes */
    if (w->has_deals && d->q_len > 0) {
        first_unwritten = d->slabs[d->queue[d->q_head]].stage;
    } else if (w->has_deals && d->staged > d->written) {
        size_t part = d->staged % SCATTER_BLOCK, row = d->written;
        if (row >= d->staged - part) { /* only in the partial block's records */
            first_unwritten = d->pend + (row - (d->staged - part)) * d->def->struct_size;
            stride = 1;
        } else {
            first_unwritten = d->slabs[d->cur].stage + row;
        }
    }
    if (first_unwritten != NULL) {
        /* `game` is the first field of a deal row: in a record its first bytes, in a packed row
         * its bytes are in the first planes */
        unsigned char b[sizeof(uint64_t)];
        for (size_t j = 0; j < sizeof b; j++) b[j] = first_unwritten[j * stride];
        uint64_t game;
        memcpy(&game, b, sizeof game);
        if (game - game_begin < rows) rows = game - game_begin;
    }
    return rows;
}

uint64_t cs_h5_writer_durable(const cs_h5_writer *w, uint64_t game_begin) {
    return durable_games(w, game_begin);
}

int cs_h5_sync(cs_h5_writer *w, const cs_h5_meta *m, int final) {
    const char *what = NULL;
    if (w->broken) return CS_EIO;
    errno = 0;
    cs_h5_meta *now = malloc(sizeof *now);
    if (now == NULL) return CS_ENOMEM;
    *now = *m;
    if (final && cs_rt_table_write_stage(&w->games) < 0)
        what = "writing /games";
    else if (final && w->has_deals && cs_rt_table_write_stage(&w->deals) < 0)
        what = "writing /deals";
    if (what == NULL) {
        uint64_t durable = durable_games(w, m->game_begin);
        if (now->games_completed > durable) now->games_completed = durable;
        if (meta_put_progress(w->file, now) != 0)
            what = "writing the attributes";
        else if (H5Fflush(w->file, H5F_SCOPE_GLOBAL) < 0 && cs_h5_failed())
            what = "flushing";
    }
    free(now);
    if (what != NULL) {
        w->broken = 1;
        writer_fail(w, what);
        return CS_EIO;
    }
    return 0;
}

int cs_h5_log_resume(cs_h5_writer *w, const char *command_line) {
    char *log = malloc(4 * CS_H5_TEXT_MAX);
    if (log == NULL) return CS_ENOMEM;
    size_t len = 0;
    log[0] = '\0';
    if (cs_h5_attr_get_string_at(w->file, "resume_log", 0, log, 3 * CS_H5_TEXT_MAX, NULL) == 0)
        len = strlen(log);
    cs_h5_meta t;
    cs_h5_meta_provenance(&t);
    snprintf(log + len, 4 * CS_H5_TEXT_MAX - len, "%s%s %s", len ? "\n" : "", t.created_utc,
             command_line);
    int rc = cs_h5_attr_put_string(w->file, "resume_log", log);
    free(log);
    if (rc != 0) {
        writer_fail(w, "writing resume_log");
        return CS_EIO;
    }
    return 0;
}

int cs_h5_close(cs_h5_writer *w) {
    if (w == NULL) return 0;
    int rc = 0;
    if (!w->broken && (cs_rt_table_write_stage(&w->games) < 0 ||
                       (w->has_deals && cs_rt_table_write_stage(&w->deals) < 0))) {
        w->broken = 1;
        writer_fail(w, "writing the last rows");
    }
    if (w->broken) {
        /* Abandon the HDF5 objects unclosed: the file stays as the last sync left it, valid
         * with the games it counted then. The process is about to report the failure. */
        cs_rt_table_free_memory(&w->games);
        cs_rt_table_free_memory(&w->deals);
        writer_release(w);
        return CS_EIO;
    }
    cs_rt_table_free(&w->games);
    cs_rt_table_free(&w->deals);
    errno = 0;
    if (w->file >= 0 && H5Fclose(w->file) < 0 && cs_h5_failed()) {
        writer_fail(w, "closing");
        rc = CS_EIO;
    }
    w->file = -1;
    writer_release(w);
    return rc;
}

const char *cs_h5_writer_error(const cs_h5_writer *w) {
    return w->err;
}

/* ---- the reader ---- */

struct cs_h5_reader {
    hid_t file;
    table games, deals;
    int has_deals;
    uint64_t n_games, n_deals;
    cs_h5_meta meta;          /* as read and checked (runcheck.h) */
    cs_rules rules;           /* the file's rules */
    cs_deal_record last_deal; /* the last /deals row read, for the order of the next */
    uint64_t last_deal_row;   /* its row + 1; 0 before any */
    char path[512];           /* for messages */
    char err[1024];
};

void cs_h5_reader_close(cs_h5_reader *r) {
    if (r == NULL) return;
    cs_rt_table_free(&r->games);
    cs_rt_table_free(&r->deals);
    if (r->file >= 0) H5Fclose(r->file);
    free(r);
}

int cs_h5_open(const char *path, cs_h5_meta *m, cs_h5_reader **out, char *err, size_t err_len) {
    h5_init();
    *out = NULL;
    hid_t f = open_file(path, 0, err, err_len);
    if (f < 0) return CS_EIO;
    cs_h5_reader *r = calloc(1, sizeof *r);
    if (r == NULL) {
        H5Fclose(f);
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    r->file = f;
    cs_rt_table_init(&r->games, &GAMES_DEF);
    cs_rt_table_init(&r->deals, &DEALS_DEF);
    snprintf(r->path, sizeof r->path, "%s", path);
    if (meta_get(f, path, m, err, err_len) < 0 ||
        cs_runcheck_meta(m, path, &r->rules, err, err_len) != 0 ||
        cs_rt_table_open(&r->games, f, path, err, err_len) < 0) {
        cs_h5_reader_close(r);
        return CS_ECONFIG;
    }
    r->meta = *m;
    r->n_games = m->games_completed < r->games.extent ? m->games_completed : r->games.extent;
    htri_t has = H5Lexists(f, "deals", H5P_DEFAULT);
    if (has > 0) {
        if (cs_rt_table_open(&r->deals, f, path, err, err_len) < 0) {
            cs_h5_reader_close(r);
            return CS_ECONFIG;
        }
        r->has_deals = 1;
        if (cs_rt_deals_lower_bound(&r->deals, r->deals.extent, m->game_begin + r->n_games,
                                    &r->n_deals) < 0) {
            snprintf(err, err_len, "%s: reading /deals failed (truncated or damaged?): %s", path,
                     cs_h5_take_reason());
            cs_h5_reader_close(r);
            return CS_EIO;
        }
    }
    *out = r;
    return 0;
}

uint64_t cs_h5_reader_games(const cs_h5_reader *r) {
    return r->n_games;
}
int cs_h5_reader_has_deals(const cs_h5_reader *r) {
    return r->has_deals;
}
uint64_t cs_h5_reader_deals(const cs_h5_reader *r) {
    return r->n_deals;
}

static int reader_read(cs_h5_reader *r, table *t, uint64_t limit, uint64_t first, size_t n,
                       void *out) {
    if (first > limit || n > limit - first) {
        snprintf(r->err, sizeof r->err, "%s: rows %llu..%llu of /%s requested, it has %llu",
                 r->path, (unsigned long long)first, (unsigned long long)(first + n), t->def->name,
                 (unsigned long long)limit);
        return CS_ERANGE;
    }
    if (cs_rt_table_read(t, t->mtype, first, n, out) < 0) {
        snprintf(r->err, sizeof r->err, "%s: reading /%s failed (truncated or damaged?): %s",
                 r->path, t->def->name, cs_h5_take_reason());
        return CS_EIO;
    }
    return 0;
}

int cs_h5_read_games(cs_h5_reader *r, uint64_t first, size_t n, cs_games_row *out) {
    int rc = reader_read(r, &r->games, r->n_games, first, n, out);
    if (rc == 0)
        rc = cs_runcheck_games(&r->meta, &r->rules, r->path, first, out, n, r->err, sizeof r->err);
    return rc;
}

int cs_h5_read_deals(cs_h5_reader *r, uint64_t first, size_t n, cs_deal_record *out) {
    if (!r->has_deals) {
        snprintf(r->err, sizeof r->err, "%s has no /deals table", r->path);
        return CS_ERANGE;
    }
    int rc = reader_read(r, &r->deals, r->n_deals, first, n, out);
    if (rc == 0) {
        const cs_deal_record *prev = first > 0 && r->last_deal_row == first ? &r->last_deal : NULL;
        rc = cs_runcheck_deals(&r->meta, &r->rules, r->path, first, prev, out, n, r->err,
                               sizeof r->err);
    }
    if (rc == 0 && n > 0) {
        r->last_deal = out[n - 1];
        r->last_deal_row = first + n;
    }
    return rc;
}

int cs_h5_find_deals(cs_h5_reader *r, uint64_t game, uint64_t *first, uint64_t *count) {
    uint64_t lo, hi;
    if (!r->has_deals) {
        snprintf(r->err, sizeof r->err, "%s has no /deals table", r->path);
        return CS_ERANGE;
    }
    if (cs_rt_deals_lower_bound(&r->deals, r->n_deals, game, &lo) < 0 ||
        cs_rt_deals_lower_bound(&r->deals, r->n_deals, game + 1, &hi) < 0) {
        snprintf(r->err, sizeof r->err, "%s: reading /deals failed: %s", r->path,
                 cs_h5_take_reason());
        return CS_EIO;
    }
    *first = lo;
    *count = hi - lo;
    return 0;
}

int cs_h5_reader_same_layout(const cs_h5_reader *r) {
    return cs_rt_table_same_layout(&r->games) &&
           (!r->has_deals || cs_rt_table_same_layout(&r->deals));
}

const char *cs_h5_reader_error(const cs_h5_reader *r) {
    return r->err;
}

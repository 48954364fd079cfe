/*
 * h5io.c - the run file's writer and reader (see h5io.h for the layout).
 *
 * Each table is described once, by a list of fields naming the member of the in-memory record
 * it comes from. From that list come the packed type stored in the file (fields back to back,
 * native integers), the in-memory type HDF5 converts to when reading (members matched by name,
 * so a reader tolerates added fields), and the packing of rows into the staged chunk.
 */
#include "h5io.h"
#include "runcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <hdf5.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
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
#include "version.h"

/*
 * ThreadSanitizer (CRIBSIM_TSAN, tests/race_check.sh) sees only instrumented code, so it misses
 * ISA-L summing a slab's stage (the deflate's checksum) and HDF5 reading zbuf: the very buffers
 * the writer and its helpers hand each other. These tell it about those accesses, so a slab handed
 * over without the lock is reported like any other race. They are nothing in other builds.
 */
#if defined(__SANITIZE_THREAD__)
#define CS_TSAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CS_TSAN_BUILD 1
#endif
#endif
#ifdef CS_TSAN_BUILD
void __tsan_read_range(void *addr, unsigned long size);  /* the TSan runtime's, undeclared */
void __tsan_write_range(void *addr, unsigned long size); /* in its public headers */
#define TSAN_READS(p, n)  __tsan_read_range((void *)(p), (unsigned long)(n))
#define TSAN_WRITES(p, n) __tsan_write_range((void *)(p), (unsigned long)(n))
#else
#define TSAN_READS(p, n)  ((void)0)
#define TSAN_WRITES(p, n) ((void)0)
#endif

/* ---- the tables ---- */

typedef enum { K_U8, K_I8, K_U16, K_I16, K_U64 } field_kind;

typedef struct {
    const char *name;
    size_t offset; /* of the member in the in-memory record */
    size_t size;   /* of the member */
    field_kind kind;
    int d0, d1; /* array dimensions; 0 for none */
} field;

#define FIELD(T, name, member, kind, d0, d1)                                                       \
    { name, offsetof(T, member), sizeof(((T *)0)->member), kind, d0, d1 }

static const field GAMES_FIELDS[] = {
    FIELD(cs_games_row, "game", game.game, K_U64, 0, 0),
    FIELD(cs_games_row, "first_dealer", game.first_dealer, K_U8, 0, 0),
    FIELD(cs_games_row, "deals", game.deals, K_U16, 0, 0),
    FIELD(cs_games_row, "winner", game.winner, K_I8, 0, 0),
    FIELD(cs_games_row, "score", game.score, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "peg", game.peg, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "hand", game.hand, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "crib", game.crib, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "heels", game.heels, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "bonus", game.bonus, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "skunk", game.skunk, K_U8, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "lurch", game.lurch, K_U8, 0, 0),
    FIELD(cs_games_row, "rotation", rotation, K_U8, 0, 0),
    FIELD(cs_games_row, "card_game", card_game, K_U64, 0, 0),
};

static const field DEALS_FIELDS[] = {
    FIELD(cs_deal_record, "game", game, K_U64, 0, 0),
    FIELD(cs_deal_record, "deal", deal, K_U16, 0, 0),
    FIELD(cs_deal_record, "dealer", dealer, K_U8, 0, 0),
    FIELD(cs_deal_record, "dealt", dealt, K_U8, CS_MAX_PLAYERS, CS_MAX_DEALT),
    FIELD(cs_deal_record, "crib_extra", crib_extra, K_U8, 0, 0),
    FIELD(cs_deal_record, "discard", discard, K_U8, CS_MAX_PLAYERS, CS_MAX_DISCARD),
    FIELD(cs_deal_record, "starter", starter, K_U8, 0, 0),
    FIELD(cs_deal_record, "n_plays", n_plays, K_U8, 0, 0),
    FIELD(cs_deal_record, "play_seat", play_seat, K_U8, CS_MAX_PLAYS, 0),
    FIELD(cs_deal_record, "play_card", play_card, K_U8, CS_MAX_PLAYS, 0),
    FIELD(cs_deal_record, "play_points", play_points, K_U8, CS_MAX_PLAYS, 0),
    FIELD(cs_deal_record, "peg", peg, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_deal_record, "hand", hand, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_deal_record, "crib", crib, K_I16, 0, 0),
    FIELD(cs_deal_record, "heels", heels, K_I16, 0, 0),
    FIELD(cs_deal_record, "score", score, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_deal_record, "ended", ended, K_U8, 0, 0),
    FIELD(cs_deal_record, "bonus", bonus, K_I16, CS_MAX_PLAYERS, 0),
};

#define N_FIELDS(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_FIELDS  24

typedef struct {
    const char *name; /* dataset name under "/" */
    const field *fields;
    size_t n_fields;
    size_t struct_size; /* of the in-memory record */
    hsize_t chunk;      /* rows per chunk */
} table_def;

static const table_def GAMES_DEF = {"games", GAMES_FIELDS, N_FIELDS(GAMES_FIELDS),
                                    sizeof(cs_games_row), CS_H5_GAMES_CHUNK};
static const table_def DEALS_DEF = {"deals", DEALS_FIELDS, N_FIELDS(DEALS_FIELDS),
                                    sizeof(cs_deal_record), CS_H5_DEALS_CHUNK};

static hid_t kind_type(field_kind k) {
    switch (k) {
    case K_U8: return H5T_NATIVE_UINT8;
    case K_I8: return H5T_NATIVE_INT8;
    case K_U16: return H5T_NATIVE_UINT16;
    case K_I16: return H5T_NATIVE_INT16;
    default: return H5T_NATIVE_UINT64;
    }
}

static size_t kind_size(field_kind k) {
    switch (k) {
    case K_U8:
    case K_I8: return 1;
    case K_U16:
    case K_I16: return 2;
    default: return 8;
    }
}

static size_t field_elements(const field *f) {
    return (size_t)(f->d0 ? f->d0 : 1) * (size_t)(f->d1 ? f->d1 : 1);
}

static size_t packed_row_size(const table_def *d) {
    size_t n = 0;
    for (size_t i = 0; i < d->n_fields; i++) n += d->fields[i].size;
    return n;
}

/* The compound type: packed (file layout) or at the in-memory record's offsets. Returns a
 * type id or a negative value. */
static hid_t make_type(const table_def *d, int packed) {
    hid_t t = H5Tcreate(H5T_COMPOUND, packed ? packed_row_size(d) : d->struct_size);
    if (t < 0) return -1;
    size_t off = 0;
    for (size_t i = 0; i < d->n_fields; i++) {
        const field *f = &d->fields[i];
        if (kind_size(f->kind) * field_elements(f) != f->size) {
            /* The table disagrees with the record's declaration: a programming error. */
            H5Tclose(t);
            return -1;
        }
        hid_t ft;
        if (f->d0 == 0) {
            ft = H5Tcopy(kind_type(f->kind));
        } else {
            hsize_t dims[2] = {(hsize_t)f->d0, (hsize_t)f->d1};
            ft = H5Tarray_create2(kind_type(f->kind), f->d1 ? 2u : 1u, dims);
        }
        if (ft < 0 || H5Tinsert(t, f->name, packed ? off : f->offset, ft) < 0) {
            if (ft >= 0) H5Tclose(ft);
            H5Tclose(t);
            return -1;
        }
        H5Tclose(ft);
        off += f->size;
    }
    return t;
}

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

/* ---- a table being written or read ---- */

/*
 * A chunk in memory. The writer fills one slab at a time; a full slab joins the table's queue,
 * is compressed by whichever thread gets to it first (cs_h5_writer_compress_one, or the writer
 * itself when it needs the slab back), and is written by the writer, strictly in order. With
 * one slab this is the plain fill, compress, write; with more, compression, which costs more
 * than playing the games when deals are recorded, runs on the threads that play.
 */
typedef enum { SLAB_FREE, SLAB_FILLING, SLAB_FULL, SLAB_COMPRESSING, SLAB_DONE } slab_state;

typedef struct {
    /* The chunk, already shuffled: byte j of the packed row i is at stage[j * chunk + i]
     * (HDF5's shuffle filter with the row as the element). Rows are scattered into it as they
     * come (table_append), so packing and shuffling are one pass. */
    unsigned char *stage;
    unsigned char *zbuf; /* deflated (also scratch for rows read back on --resume) */
    size_t zlen;         /* bytes in zbuf; 0 if deflate failed */
    cs_rle_deflater *zd; /* the deflate's working memory */
    uint64_t first;      /* row of stage[0]; a multiple of the chunk */
    slab_state state;    /* under the writer's lock once the slab is queued */
} slab;

/* Records scattered at a time. Each plane's part of a block is SCATTER_BLOCK bytes, eight
 * cache lines streamed out together; the block's planes (t->planes, 128 KB) stay in the L2
 * cache. Measured with `cribsim bench --only deals` (random vs random, one thread, the /deals
 * overhead over /games alone, runs alternated on a quiet machine): blocks of 64 rows +55% to
 * +69%, 256 +47% to +51%, 512 +46% to +47% (the files the same bytes). */
#define SCATTER_BLOCK      512
#define SCATTER_MAX_STRUCT 256 /* bytes of a record the block transpose takes (136 now) */

/* Slabs per table beyond one for each helper. With too few, the writer needing a free slab often
 * finds the oldest still being compressed by a helper and waits for it. Two spare (the first
 * version) left two threads idle some 10% of a --record deals run, random vs random; four, 5%
 * (CPU time against wall time); the bench's deals overhead on two threads went from +62% and
 * +63% to +52% and +57% (runs alternated with the previous binary). */
#define SPARE_SLABS 4
#define MAX_SLABS   (CS_H5_MAX_HELPERS + SPARE_SLABS) /* per table */

typedef struct {
    const table_def *def;
    hid_t dset, ftype, mtype;
    hid_t gtype; /* just the `game` field, for bisection (made on first use) */
    size_t row_size;
    uint16_t *src_of;      /* byte j of a packed row is byte src_of[j] of the record */
    unsigned char *pend;   /* the records of the current slab's last, partial scatter block */
    unsigned char *planes; /* scatter_block's transpose (whoever appends: one at a time) */
    size_t zcap;           /* room for a deflated chunk */
    slab slabs[MAX_SLABS];
    int n_slabs;
    int cur;              /* the slab being filled */
    int queue[MAX_SLABS]; /* full slabs not yet written, oldest first (changed by the */
    int q_head, q_len;    /* writer under the lock; the writer reads it without) */
    uint64_t stage_first; /* = slabs[cur].first */
    size_t staged;        /* rows in the current slab */
    size_t written;       /* of those, rows already written (by a final sync) */
    uint64_t extent;      /* rows the dataset has now */
    pthread_mutex_t *mu;  /* the writer's, guarding slab states and the queue */
    pthread_cond_t *cv;   /* signalled when a slab is compressed */
    atomic_int *full;     /* the writer's count of queued slabs nobody compresses yet */
} table;

static void table_init(table *t, const table_def *def) {
    memset(t, 0, sizeof *t);
    t->def = def;
    t->dset = t->ftype = t->mtype = t->gtype = -1;
    t->row_size = packed_row_size(def);
}

static void slab_free(slab *b) {
    free(b->stage);
    free(b->zbuf);
    cs_rle_deflate_free(b->zd);
    memset(b, 0, sizeof *b);
}

/* Frees what the table allocated itself (not its HDF5 handles). */
static void table_free_memory(table *t) {
    for (int i = 0; i < t->n_slabs; i++) slab_free(&t->slabs[i]);
    free(t->src_of);
    free(t->pend);
    free(t->planes);
    t->src_of = NULL;
    t->pend = NULL;
    t->planes = NULL;
    t->n_slabs = 0;
}

static void table_free(table *t) {
    if (t->dset >= 0) H5Dclose(t->dset);
    if (t->ftype >= 0) H5Tclose(t->ftype);
    if (t->mtype >= 0) H5Tclose(t->mtype);
    if (t->gtype >= 0) H5Tclose(t->gtype);
    table_free_memory(t);
    t->dset = t->ftype = t->mtype = t->gtype = -1;
}

/*
 * The writer compresses chunks itself and hands them to H5Dwrite_chunk: HDF5's own filter
 * pipeline allocates and zeroes buffers for every chunk and its deflate cannot be tuned. The
 * result is exactly what the declared filters mean (shuffle, then deflate in a zlib stream),
 * so any HDF5 reader inflates and unshuffles it as usual, with no plugin.
 *
 * The deflate is rledeflate.c's: a Huffman code per byte plane (or per run of alike planes),
 * runs of a repeated byte and matches 256 bytes back, without the search for other matches a
 * general deflate makes, which in a shuffled chunk finds little (see rledeflate.h). On twenty
 * /deals chunks of random vs random games, each compressed 15 times in turn with the other and
 * the fastest kept: ISA-L's igzip at level 1 with a 256-byte window, used before, 0.79 to 0.95
 * ms and 217,459 bytes a chunk; this 62% to 70% of that time and 210,807 bytes. Whole files,
 * 300,000 games: /deals 3.0% and /games 12.5% smaller (a game's number repeats its low byte
 * every 256 rows, which only the matches at 256 catch). zlib's level 1 with its run-length
 * strategy, used before ISA-L, took about four times ISA-L's time. ISA-L still sums the zlib
 * stream's Adler-32 (vectorised).
 */
static int slab_alloc(table *t, slab *b) {
    size_t bytes = t->def->chunk * t->row_size;
    memset(b, 0, sizeof *b);
    b->stage = aligned_alloc(64, (bytes + 63) / 64 * 64); /* blocks fill whole cache lines */
    b->zbuf = malloc(t->zcap);
    b->zd = cs_rle_deflate_new(bytes, t->def->chunk);
    if (b->stage == NULL || b->zbuf == NULL || b->zd == NULL) return -1;
    return 0;
}

/* Makes the table writable with n slabs (the first being filled from row 0). */
static int table_alloc_writing(table *t, int n) {
    size_t bytes = t->def->chunk * t->row_size;
    t->src_of = malloc(t->row_size * sizeof *t->src_of);
    t->pend = calloc(SCATTER_BLOCK, t->def->struct_size);
    t->planes = aligned_alloc(64, SCATTER_MAX_STRUCT * SCATTER_BLOCK);
    /* Room for the chunk deflated at its worst (stored), which is also room for its raw rows
     * (scratch on --resume). */
    t->zcap = cs_rle_deflate_bound(bytes, t->def->chunk);
    if (t->src_of == NULL || t->pend == NULL || t->planes == NULL) return -1;
    size_t j = 0;
    for (size_t k = 0; k < t->def->n_fields; k++)
        for (size_t b = 0; b < t->def->fields[k].size; b++)
            t->src_of[j++] = (uint16_t)(t->def->fields[k].offset + b);
    for (t->n_slabs = 0; t->n_slabs < n; t->n_slabs++)
        if (slab_alloc(t, &t->slabs[t->n_slabs]) < 0) {
            t->n_slabs++;
            return -1;
        }
    t->cur = 0;
    t->slabs[0].state = SLAB_FILLING;
    return 0;
}

/* Adds slabs up to n (right after creating or reopening: nothing queued). */
static int table_add_slabs(table *t, int n) {
    if (t->src_of == NULL) return 0; /* not written (no /deals) */
    if (n > MAX_SLABS) n = MAX_SLABS;
    for (; t->n_slabs < n; t->n_slabs++)
        if (slab_alloc(t, &t->slabs[t->n_slabs]) < 0) {
            slab_free(&t->slabs[t->n_slabs]);
            return -1;
        }
    return 0;
}

/* Deflates the slab's first `rows` rows as a whole chunk (the rest zeros). Touches only the
 * slab and the table's constant description, so any thread may run it on a slab it owns. */
static void slab_compress(const table *t, slab *b, size_t rows) {
    size_t n = t->def->chunk, bytes = n * t->row_size;
    if (rows < n)
        for (size_t j = 0; j < t->row_size; j++) memset(b->stage + j * n + rows, 0, n - rows);
    TSAN_READS(b->stage, bytes);
    b->zlen = cs_rle_deflate(b->zd, b->stage, bytes, b->zbuf, t->zcap);
    TSAN_WRITES(b->zbuf, b->zlen);
}

/* Writes a compressed slab holding `rows` rows (the writer only), growing the dataset. */
static int slab_write(table *t, const slab *b, size_t rows) {
    if (b->zlen == 0) { return cs_h5_failed_because("deflate failed"); }
    hsize_t end[1] = {b->first + rows};
    errno = 0;
    if (end[0] > t->extent) {
        if (H5Dset_extent(t->dset, end) < 0) return cs_h5_failed();
        t->extent = end[0];
    }
    hsize_t offset[1] = {b->first};
    TSAN_READS(b->zbuf, b->zlen);
    if (H5Dwrite_chunk(t->dset, H5P_DEFAULT, 0, offset, b->zlen, b->zbuf) < 0)
        return cs_h5_failed();
    return 0;
}

/*
 * Writes queued slabs in order (the writer only): those already compressed; with `until_free`
 * also the oldest one whatever its state (compressing it here, or waiting for the thread that
 * is), until a slab is free; with `all`, every queued slab. Returns 0 or -1.
 */
static int table_flush(table *t, int until_free, int all) {
    for (;;) {
        if (t->q_len == 0) return 0;
        int k = t->queue[t->q_head];
        slab *b = &t->slabs[k];
        pthread_mutex_lock(t->mu);
        int any_free = 0;
        for (int i = 0; i < t->n_slabs; i++) any_free |= t->slabs[i].state == SLAB_FREE;
        int must = all || (until_free && !any_free);
        if (b->state == SLAB_FULL && must) { /* nobody took it: compress it here */
            b->state = SLAB_COMPRESSING;
            atomic_fetch_sub(t->full, 1);
            pthread_mutex_unlock(t->mu);
            slab_compress(t, b, t->def->chunk);
            pthread_mutex_lock(t->mu);
            b->state = SLAB_DONE;
        }
        while (b->state == SLAB_COMPRESSING && must) cs_cond_wait(t->cv, t->mu);
        int done = b->state == SLAB_DONE;
        pthread_mutex_unlock(t->mu);
        if (!done) return 0;
        if (slab_write(t, b, t->def->chunk) < 0) return -1;
        pthread_mutex_lock(t->mu);
        b->state = SLAB_FREE;
        t->q_head = (t->q_head + 1) % MAX_SLABS;
        t->q_len--;
        pthread_mutex_unlock(t->mu);
    }
}

/* Queues the full current slab and takes a free one for the rows from stage_first + chunk. */
static int table_next_slab(table *t) {
#if defined(__SSE2__)
    _mm_sfence(); /* scatter_block's streamed stores reach the slab before anyone reads it */
#endif
    pthread_mutex_lock(t->mu);
    t->slabs[t->cur].state = SLAB_FULL;
    t->queue[(t->q_head + t->q_len) % MAX_SLABS] = t->cur;
    t->q_len++;
    atomic_fetch_add(t->full, 1);
    pthread_mutex_unlock(t->mu);
    if (table_flush(t, 1, 0) < 0) return -1;
    int k = -1;
    pthread_mutex_lock(t->mu);
    for (int i = 0; i < t->n_slabs && k < 0; i++)
        if (t->slabs[i].state == SLAB_FREE) k = i;
    if (k >= 0) t->slabs[k].state = SLAB_FILLING;
    pthread_mutex_unlock(t->mu);
    if (k < 0) return -1; /* cannot happen: table_flush freed one */
    t->cur = k;
    t->stage_first += t->def->chunk;
    t->slabs[k].first = t->stage_first;
    t->staged = t->written = 0;
    return 0;
}

/* Scatters n packed rows of `size` bytes into the first rows of a shuffled chunk. */
static void shuffle_rows_in(const unsigned char *in, unsigned char *stage, size_t chunk, size_t n,
                            size_t size) {
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < size; j++) stage[j * chunk + i] = in[i * size + j];
}

/* Dataset access: room in the chunk cache for a few chunks, whole chunks evicted first. */
static hid_t table_access(const table *t) {
    hid_t dapl = H5Pcreate(H5P_DATASET_ACCESS);
    if (dapl >= 0) H5Pset_chunk_cache(dapl, 521, 4 * t->def->chunk * t->row_size, 1.0);
    return dapl;
}

static int table_create(table *t, hid_t file) {
    t->ftype = make_type(t->def, 1);
    t->mtype = make_type(t->def, 0);
    if (t->ftype < 0 || t->mtype < 0 || table_alloc_writing(t, 1) < 0) return -1;
    hsize_t dims[1] = {0}, maxdims[1] = {H5S_UNLIMITED}, chunk[1] = {t->def->chunk};
    hid_t space = H5Screate_simple(1, dims, maxdims);
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    hid_t dapl = table_access(t);
    int rc = -1;
    if (space >= 0 && dcpl >= 0 && dapl >= 0 && H5Pset_chunk(dcpl, 1, chunk) >= 0 &&
        H5Pset_shuffle(dcpl) >= 0 && H5Pset_deflate(dcpl, CS_H5_DEFLATE_LEVEL) >= 0 &&
        H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER) >= 0) {
        t->dset = H5Dcreate2(file, t->def->name, t->ftype, space, H5P_DEFAULT, dcpl, dapl);
        if (t->dset >= 0) rc = 0;
    }
    if (rc < 0) cs_h5_failed();
    if (space >= 0) H5Sclose(space);
    if (dcpl >= 0) H5Pclose(dcpl);
    if (dapl >= 0) H5Pclose(dapl);
    return rc;
}

/* Opens an existing table and checks its fields. Returns 0, or -1 with the reason in err. */
static int table_open(table *t, hid_t file, const char *path, char *err, size_t err_len) {
    hid_t dapl = table_access(t);
    t->dset = H5Dopen2(file, t->def->name, dapl);
    if (dapl >= 0) H5Pclose(dapl);
    if (t->dset < 0) {
        snprintf(err, err_len, "%s is not a cribsim run file (no /%s table)", path, t->def->name);
        return -1;
    }
    hid_t dtype = H5Dget_type(t->dset), space = H5Dget_space(t->dset);
    int ok = dtype >= 0 && space >= 0 && H5Tget_class(dtype) == H5T_COMPOUND &&
             H5Sget_simple_extent_ndims(space) == 1;
    hsize_t dims[1] = {0};
    if (ok) H5Sget_simple_extent_dims(space, dims, NULL);
    t->extent = dims[0];
    const char *missing = NULL;
    for (size_t i = 0; ok && i < t->def->n_fields; i++)
        if (H5Tget_member_index(dtype, t->def->fields[i].name) < 0) {
            missing = t->def->fields[i].name;
            ok = 0;
        }
    if (dtype >= 0) H5Tclose(dtype);
    if (space >= 0) H5Sclose(space);
    if (!ok) {
        if (missing != NULL)
            snprintf(err, err_len, "%s: /%s has no field '%s'; not a cribsim run file", path,
                     t->def->name, missing);
        else
            snprintf(err, err_len, "%s: /%s is not a one-dimensional table of records", path,
                     t->def->name);
        return -1;
    }
    t->ftype = make_type(t->def, 1);
    t->mtype = make_type(t->def, 0);
    if (t->ftype < 0 || t->mtype < 0) {
        snprintf(err, err_len, "%s: cannot build the record types", path);
        return -1;
    }
    return 0;
}

static int table_same_layout(const table *t) {
    hid_t dtype = H5Dget_type(t->dset);
    int same = dtype >= 0 && H5Tequal(dtype, t->ftype) > 0;
    if (dtype >= 0) H5Tclose(dtype);
    return same;
}

/* Reads n rows from `first` with memory type mtype into buf. */
static int table_read(const table *t, hid_t mtype, uint64_t first, size_t n, void *buf) {
    if (n == 0) return 0;
    hsize_t start[1] = {first}, count[1] = {n};
    errno = 0;
    hid_t fspace = H5Dget_space(t->dset);
    hid_t mspace = H5Screate_simple(1, count, NULL);
    /* HDF5 allocates (and clears) a conversion buffer of the transfer's buffer size for every
     * read, a megabyte by default: size it to the rows asked for, so the one-row reads of a
     * bisection cost one row. */
    hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
    size_t row = t->def->struct_size > t->row_size ? t->def->struct_size : t->row_size;
    size_t want = n * row < ((size_t)1 << 20) ? n * row : (size_t)1 << 20;
    int rc = -1;
    if (fspace >= 0 && mspace >= 0 && dxpl >= 0 &&
        H5Pset_buffer(dxpl, want < 4096 ? 4096 : want, NULL, NULL) >= 0 &&
        H5Sselect_hyperslab(fspace, H5S_SELECT_SET, start, NULL, count, NULL) >= 0 &&
        H5Dread(t->dset, mtype, mspace, fspace, dxpl, buf) >= 0)
        rc = 0;
    else
        cs_h5_failed();
    if (fspace >= 0) H5Sclose(fspace);
    if (mspace >= 0) H5Sclose(mspace);
    if (dxpl >= 0) H5Pclose(dxpl);
    return rc;
}

/* The `game` value of deal row i (only the field is converted). */
static int deal_game_at(table *t, uint64_t i, uint64_t *game) {
    if (t->gtype < 0) {
        t->gtype = H5Tcreate(H5T_COMPOUND, sizeof(uint64_t));
        if (t->gtype < 0 || H5Tinsert(t->gtype, "game", 0, H5T_NATIVE_UINT64) < 0) return -1;
    }
    return table_read(t, t->gtype, i, 1, game);
}

/* First deal row whose game is >= game, by bisection (deals are in game order). */
static int deals_lower_bound(table *t, uint64_t rows, uint64_t game, uint64_t *out) {
    uint64_t lo = 0, hi = rows;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2, g;
        if (deal_game_at(t, mid, &g) < 0) return -1;
        if (g < game)
            lo = mid + 1;
        else
            hi = mid;
    }
    *out = lo;
    return 0;
}

/* Writes every queued slab, then the current one's rows [stage_first, stage_first + staged)
 * as one chunk (padded with zeros: rows past the extent are never read). */
static void scatter_block(table *t, const unsigned char *src, unsigned char *dst);

static int table_write_stage(table *t) {
    if (table_flush(t, 0, 1) < 0) return -1;
    if (t->staged == t->written) return 0;
    slab *b = &t->slabs[t->cur];
    size_t part = t->staged % SCATTER_BLOCK;
    if (part > 0) scatter_block(t, t->pend, b->stage + (t->staged - part));
    slab_compress(t, b, t->staged);
    if (slab_write(t, b, t->staged) < 0) return -1;
    t->written = t->staged;
    return 0;
}

/*
 * Rows are scattered into the shuffled chunk a block at a time: the block's records are
 * transposed into byte planes in the cache (with SSE2 sixteen records by eight bytes at a
 * time: sixteen 8-byte loads, 32 byte interleaves, eight 16-byte stores; elsewhere eight by
 * eight in 64-bit words), whose packed fields are then copied to the chunk a cache line each,
 * with streaming stores where SSE2 has them (the 1 MB stage does not stay in the cache, and a
 * plain store would first read each line it fills). Row by row, the bytes of one row would
 * go to row_size addresses a chunk apart (8 or 16 KB, a multiple of 4 KB), which all fall in
 * one set of the first-level cache and evict each other. Measured with perf (random vs random,
 * one thread, recording deals): the row-by-row scatter took 38% of the run, a byte-at-a-time
 * block scatter 19%, the 64-bit word transpose 9% (17.5% of the time the games took), this
 * one 6.5% (14%).
 */

/* Transposes the 8x8 byte matrix in w[0..7] (byte k of w[i] is element (i, k), little-endian
 * byte order as loaded): afterwards byte k of w[i] is element (k, i). */
static void transpose8(uint64_t w[8]) {
    static const uint64_t m1 = 0x00FF00FF00FF00FFull, m2 = 0x0000FFFF0000FFFFull,
                          m4 = 0x00000000FFFFFFFFull;
    for (int i = 0; i < 8; i += 2) { /* swap the off-diagonal bytes of each 2x2 */
        uint64_t a = w[i], b = w[i + 1];
        w[i] = (a & m1) | ((b & m1) << 8);
        w[i + 1] = ((a >> 8) & m1) | (b & ~m1);
    }
    for (int i = 0; i < 8; i += 4) /* then of each 4x4, in 2-byte units */
        for (int k = 0; k < 2; k++) {
            uint64_t a = w[i + k], b = w[i + k + 2];
            w[i + k] = (a & m2) | ((b & m2) << 16);
            w[i + k + 2] = ((a >> 16) & m2) | (b & ~m2);
        }
    for (int k = 0; k < 4; k++) { /* then of the 8x8, in 4-byte units */
        uint64_t a = w[k], b = w[k + 4];
        w[k] = (a & m4) | (b << 32);
        w[k + 4] = (a >> 32) | (b & ~m4);
    }
}

/* Scatters SCATTER_BLOCK records into plane positions dst[j * chunk + r] (r < the block):
 * transposes the records' bytes into planes of the block (in the cache), then copies the
 * packed row's planes out, a cache line each. */
static void scatter_block(table *t, const unsigned char *restrict src,
                          unsigned char *restrict dst) {
    size_t struct_size = t->def->struct_size, row_size = t->row_size, chunk = t->def->chunk;
    const uint16_t *src_of = t->src_of;
    unsigned char *restrict planes = t->planes;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    size_t c8 = struct_size / 8 * 8; /* the word transpose reads bytes in little-endian order */
#else
    size_t c8 = 0;
#endif
    size_t c0 = 0;
#if defined(__SSE2__)
    /* sixteen records by eight bytes at a time, in sixteen registers: records i and i + 8
     * interleaved, then three rounds that interleave register i with i + 4 */
    for (; c0 < c8; c0 += 8)
        for (size_t r = 0; r < SCATTER_BLOCK; r += 16) {
            __m128i x[8], y[8];
            for (int i = 0; i < 8; i++)
                x[i] = _mm_unpacklo_epi8(
                    _mm_loadl_epi64((const void *)(src + (r + (size_t)i) * struct_size + c0)),
                    _mm_loadl_epi64((const void *)(src + (r + (size_t)i + 8) * struct_size + c0)));
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 4; i++) {
                    y[2 * i] = _mm_unpacklo_epi8(x[i], x[i + 4]);
                    y[2 * i + 1] = _mm_unpackhi_epi8(x[i], x[i + 4]);
                }
                memcpy(x, y, sizeof x);
            }
            for (int k = 0; k < 8; k++)
                _mm_store_si128((void *)(planes + (c0 + (size_t)k) * SCATTER_BLOCK + r), x[k]);
        }
#endif
    for (size_t c = c0; c < c8; c += 8)
        for (size_t r = 0; r < SCATTER_BLOCK; r += 8) {
            uint64_t w[8];
            for (int i = 0; i < 8; i++) memcpy(&w[i], src + (r + i) * struct_size + c, 8);
            transpose8(w);
            for (int k = 0; k < 8; k++) memcpy(planes + (c + k) * SCATTER_BLOCK + r, &w[k], 8);
        }
    for (size_t c = c8; c < struct_size; c++) /* the last few bytes of the record */
        for (size_t r = 0; r < SCATTER_BLOCK; r++)
            planes[c * SCATTER_BLOCK + r] = src[r * struct_size + c];
#if defined(__SSE2__)
    /* Whole cache lines of a stage too large for the cache: stored past it (no read of the
     * line first). table_next_slab fences them before the slab changes hands. */
    for (size_t j = 0; j < row_size; j++) {
        const __m128i *from = (const void *)(planes + (size_t)src_of[j] * SCATTER_BLOCK);
        __m128i *to = (void *)(dst + j * chunk);
        for (int k = 0; k < SCATTER_BLOCK / 16; k++) _mm_stream_si128(to + k, from[k]);
    }
#else
    for (size_t j = 0; j < row_size; j++)
        memcpy(dst + j * chunk, planes + (size_t)src_of[j] * SCATTER_BLOCK, SCATTER_BLOCK);
#endif
}

/*
 * Rows reach the stage a whole scatter block at a time: straight from the caller's records
 * when a block starts and the caller has one whole, else through t->pend, which gathers the
 * rows of a block begun or ended in the middle of a call and is scattered when it is full or
 * the partial chunk is written (table_write_stage). So `staged` counts the rows in the stage
 * plus the staged % SCATTER_BLOCK rows held only in t->pend. (Scattered one row at a time,
 * each row's bytes went to row_size cache lines a chunk apart: 2% of a run that records deals,
 * for the rows at each end of every batch.)
 */
_Static_assert(sizeof(cs_deal_record) <= SCATTER_MAX_STRUCT &&
                   sizeof(cs_games_row) <= SCATTER_MAX_STRUCT,
               "records must fit scatter_block's planes");
_Static_assert(CS_H5_GAMES_CHUNK % SCATTER_BLOCK == 0 && CS_H5_DEALS_CHUNK % SCATTER_BLOCK == 0,
               "chunks hold whole scatter blocks");

static int table_append(table *t, const void *rows, size_t n) {
    const unsigned char *src = rows;
    size_t struct_size = t->def->struct_size, chunk = t->def->chunk;
    if (t->q_len > 0 && table_flush(t, 0, 0) < 0) return -1; /* what others compressed */
    for (size_t i = 0; i < n;) {
        unsigned char *stage = t->slabs[t->cur].stage;
        size_t part = t->staged % SCATTER_BLOCK;
        if (part == 0 && n - i >= SCATTER_BLOCK) {
            scatter_block(t, src, stage + t->staged);
            src += SCATTER_BLOCK * struct_size;
            i += SCATTER_BLOCK;
            t->staged += SCATTER_BLOCK;
        } else {
            size_t m = SCATTER_BLOCK - part < n - i ? SCATTER_BLOCK - part : n - i;
            memcpy(t->pend + part * struct_size, src, m * struct_size);
            src += m * struct_size;
            i += m;
            t->staged += m;
            if (part + m == SCATTER_BLOCK)
                scatter_block(t, t->pend, stage + t->staged - SCATTER_BLOCK);
        }
        if (t->staged == chunk && table_next_slab(t) < 0) return -1;
    }
    return 0;
}

/* Positions the writer after `rows` rows: cuts the dataset there and stages the rows of the
 * last, partial chunk. */
static int table_resume_at(table *t, uint64_t rows) {
    if (table_alloc_writing(t, 1) < 0) return -1;
    if (rows != t->extent) {
        hsize_t dims[1] = {rows};
        if (H5Dset_extent(t->dset, dims) < 0) return cs_h5_failed();
        t->extent = rows;
    }
    t->stage_first = rows / t->def->chunk * t->def->chunk;
    t->slabs[t->cur].first = t->stage_first;
    t->staged = t->written = (size_t)(rows - t->stage_first);
    slab *b = &t->slabs[t->cur];
    if (table_read(t, t->ftype, t->stage_first, t->staged, b->zbuf) < 0) return -1;
    shuffle_rows_in(b->zbuf, b->stage, t->def->chunk, t->staged, t->row_size);
    size_t part = t->staged % SCATTER_BLOCK; /* the partial block's records, for table_append */
    for (size_t r = 0; r < part; r++)
        for (size_t j = 0; j < t->row_size; j++)
            t->pend[r * t->def->struct_size + t->src_of[j]] =
                b->zbuf[(t->staged - part + r) * t->row_size + j];
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
    table_init(&w->games, &GAMES_DEF);
    table_init(&w->deals, &DEALS_DEF);
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
    table_free(&w->games);
    table_free(&w->deals);
    if (w->file >= 0) H5Fclose(w->file);
    writer_release(w);
}

int cs_h5_writer_helpers(cs_h5_writer *w, int helpers) {
    if (helpers < 0) helpers = 0;
    if (helpers > CS_H5_MAX_HELPERS) helpers = CS_H5_MAX_HELPERS;
    if (table_add_slabs(&w->games, helpers + SPARE_SLABS) < 0 ||
        (w->has_deals && table_add_slabs(&w->deals, helpers + SPARE_SLABS) < 0)) {
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
    slab_compress(t, b, t->def->chunk);
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
    if (table_create(&w->games, w->file) < 0)
        what = "creating /games";
    else if (w->has_deals && table_create(&w->deals, w->file) < 0)
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
    if (f < 0) {
        char why[300];
        cs_h5_reason(why, sizeof why);
        if (strstr(why, "lock"))
            snprintf(err, err_len,
                     "%s is locked by another process (a cribsim still running, or a program "
                     "it started): %s",
                     path, why);
        else
            snprintf(err, err_len, "%s cannot be read as HDF5 (truncated or damaged?): %s", path,
                     why);
    }
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
        table_open(&w->games, f, path, err, err_len) < 0 ||
        (m->record_deals && table_open(&w->deals, f, path, err, err_len) < 0)) {
        writer_free(w);
        return CS_ECONFIG;
    }
    w->has_deals = m->record_deals;
    if (!table_same_layout(&w->games) || (w->has_deals && !table_same_layout(&w->deals))) {
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
    if (w->has_deals && deals_lower_bound(&w->deals, w->deals.extent,
                                          m->game_begin + m->games_completed, &deal_rows) < 0)
        what = "reading /deals";
    else if (table_resume_at(&w->games, m->games_completed) < 0)
        what = "positioning /games";
    else if (w->has_deals && table_resume_at(&w->deals, deal_rows) < 0)
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
    if (table_append(&w->games, rows, n) < 0) {
        w->broken = 1;
        writer_fail(w, "writing /games");
        return CS_EIO;
    }
    return 0;
}

int cs_h5_write_deals(cs_h5_writer *w, const cs_deal_record *rows, size_t n) {
    if (!w->has_deals) return 0;
    if (w->broken) return CS_EIO;
    if (table_append(&w->deals, rows, n) < 0) {
        w->broken = 1;
        writer_fail(w, "writing /deals");
        return CS_EIO;
    }
    return 0;
}

int cs_h5_writer_read_games(cs_h5_writer *w, uint64_t first, size_t n, cs_games_row *out) {
    if (table_read(&w->games, w->games.mtype, first, n, out) < 0) {
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
    if (final && table_write_stage(&w->games) < 0)
        what = "writing /games";
    else if (final && w->has_deals && table_write_stage(&w->deals) < 0)
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
    if (!w->broken &&
        (table_write_stage(&w->games) < 0 || (w->has_deals && table_write_stage(&w->deals) < 0))) {
        w->broken = 1;
        writer_fail(w, "writing the last rows");
    }
    if (w->broken) {
        /* Abandon the HDF5 objects unclosed: the file stays as the last sync left it, valid
         * with the games it counted then. The process is about to report the failure. */
        table_free_memory(&w->games);
        table_free_memory(&w->deals);
        writer_release(w);
        return CS_EIO;
    }
    table_free(&w->games);
    table_free(&w->deals);
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
    table_free(&r->games);
    table_free(&r->deals);
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
    table_init(&r->games, &GAMES_DEF);
    table_init(&r->deals, &DEALS_DEF);
    snprintf(r->path, sizeof r->path, "%s", path);
    if (meta_get(f, path, m, err, err_len) < 0 ||
        cs_runcheck_meta(m, path, &r->rules, err, err_len) != 0 ||
        table_open(&r->games, f, path, err, err_len) < 0) {
        cs_h5_reader_close(r);
        return CS_ECONFIG;
    }
    r->meta = *m;
    r->n_games = m->games_completed < r->games.extent ? m->games_completed : r->games.extent;
    htri_t has = H5Lexists(f, "deals", H5P_DEFAULT);
    if (has > 0) {
        if (table_open(&r->deals, f, path, err, err_len) < 0) {
            cs_h5_reader_close(r);
            return CS_ECONFIG;
        }
        r->has_deals = 1;
        if (deals_lower_bound(&r->deals, r->deals.extent, m->game_begin + r->n_games, &r->n_deals) <
            0) {
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
    if (table_read(t, t->mtype, first, n, out) < 0) {
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
    if (deals_lower_bound(&r->deals, r->n_deals, game, &lo) < 0 ||
        deals_lower_bound(&r->deals, r->n_deals, game + 1, &hi) < 0) {
        snprintf(r->err, sizeof r->err, "%s: reading /deals failed: %s", r->path,
                 cs_h5_take_reason());
        return CS_EIO;
    }
    *first = lo;
    *count = hi - lo;
    return 0;
}

int cs_h5_reader_same_layout(const cs_h5_reader *r) {
    return table_same_layout(&r->games) && (!r->has_deals || table_same_layout(&r->deals));
}

const char *cs_h5_reader_error(const cs_h5_reader *r) {
    return r->err;
}

/* runtable.c - the tables of a run file: fields and types, slabs, the scatter that packs and
 * shuffles rows in one pass, compression, whole-chunk writes and reads (see runtable.h). */
#include "runtable.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "condwait.h"
#include "error.h"
#include "h5err.h"

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
    FIELD(cs_games_row, "missed", game.missed, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "mugged", game.mugged, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_games_row, "penalty", game.penalty, K_I16, CS_MAX_PLAYERS, 0),
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
    FIELD(cs_deal_record, "play_missed", play_missed, K_U8, CS_MAX_PLAYS, 0),
    FIELD(cs_deal_record, "play_mugged", play_mugged, K_U8, CS_MAX_PLAYS, 0),
    FIELD(cs_deal_record, "hand_missed", hand_missed, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_deal_record, "hand_mugged", hand_mugged, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_deal_record, "crib_missed", crib_missed, K_I16, 0, 0),
    FIELD(cs_deal_record, "crib_mugged", crib_mugged, K_I16, 0, 0),
    FIELD(cs_deal_record, "mugged", mugged, K_I16, CS_MAX_PLAYERS, 0),
    FIELD(cs_deal_record, "renege", renege, K_U16, CS_MAX_PLAYERS, 0),
    FIELD(cs_deal_record, "penalty", penalty, K_I16, CS_MAX_PLAYERS, 0),
};

const table_def GAMES_DEF = {"games", GAMES_FIELDS, N_FIELDS(GAMES_FIELDS), sizeof(cs_games_row),
                             CS_H5_GAMES_CHUNK};
const table_def DEALS_DEF = {"deals", DEALS_FIELDS, N_FIELDS(DEALS_FIELDS), sizeof(cs_deal_record),
                             CS_H5_DEALS_CHUNK};

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

void cs_rt_table_init(table *t, const table_def *def) {
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
void cs_rt_table_free_memory(table *t) {
    for (int i = 0; i < t->n_slabs; i++) slab_free(&t->slabs[i]);
    free(t->src_of);
    free(t->pend);
    free(t->planes);
    t->src_of = NULL;
    t->pend = NULL;
    t->planes = NULL;
    t->n_slabs = 0;
}

void cs_rt_table_free(table *t) {
    if (t->dset >= 0) H5Dclose(t->dset);
    if (t->ftype >= 0) H5Tclose(t->ftype);
    if (t->mtype >= 0) H5Tclose(t->mtype);
    if (t->gtype >= 0) H5Tclose(t->gtype);
    cs_rt_table_free_memory(t);
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
int cs_rt_table_add_slabs(table *t, int n) {
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
void cs_rt_slab_compress(const table *t, slab *b, size_t rows) {
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
            cs_rt_slab_compress(t, b, t->def->chunk);
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

int cs_rt_table_create(table *t, hid_t file) {
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
int cs_rt_table_open(table *t, hid_t file, const char *path, char *err, size_t err_len) {
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

int cs_rt_table_same_layout(const table *t) {
    hid_t dtype = H5Dget_type(t->dset);
    int same = dtype >= 0 && H5Tequal(dtype, t->ftype) > 0;
    if (dtype >= 0) H5Tclose(dtype);
    return same;
}

/* Reads n rows from `first` with memory type mtype into buf. */
int cs_rt_table_read(const table *t, hid_t mtype, uint64_t first, size_t n, void *buf) {
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
    return cs_rt_table_read(t, t->gtype, i, 1, game);
}

/* First deal row whose game is >= game, by bisection (deals are in game order). */
int cs_rt_deals_lower_bound(table *t, uint64_t rows, uint64_t game, uint64_t *out) {
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

int cs_rt_table_write_stage(table *t) {
    if (table_flush(t, 0, 1) < 0) return -1;
    if (t->staged == t->written) return 0;
    slab *b = &t->slabs[t->cur];
    size_t part = t->staged % SCATTER_BLOCK;
    if (part > 0) scatter_block(t, t->pend, b->stage + (t->staged - part));
    cs_rt_slab_compress(t, b, t->staged);
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

int cs_rt_table_append(table *t, const void *rows, size_t n) {
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
int cs_rt_table_resume_at(table *t, uint64_t rows) {
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
    if (cs_rt_table_read(t, t->ftype, t->stage_first, t->staged, b->zbuf) < 0) return -1;
    shuffle_rows_in(b->zbuf, b->stage, t->def->chunk, t->staged, t->row_size);
    size_t part = t->staged % SCATTER_BLOCK; /* the partial block's records, for table_append */
    for (size_t r = 0; r < part; r++)
        for (size_t j = 0; j < t->row_size; j++)
            t->pend[r * t->def->struct_size + t->src_of[j]] =
                b->zbuf[(t->staged - part + r) * t->row_size + j];
    return 0;
}

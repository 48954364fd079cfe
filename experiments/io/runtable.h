/*
 * runtable.h - the tables of a run file (/games, /deals) as the run writer and reader see
 * them: each table's fields, its packed file type, and the slabs in which rows are scattered,
 * shuffled, compressed by any thread and written whole chunks at a time (runtable.c); the file
 * around them is h5io.c's. Internal to io/.
 *
 * Each table is described once, by a list of fields naming the member of the in-memory record
 * it comes from. From that list come the packed type stored in the file (fields back to back,
 * native integers), the in-memory type HDF5 converts to when reading (members matched by name,
 * so a reader tolerates added fields), and the packing of rows into the staged chunk.
 */
#ifndef CS_RUNTABLE_H
#define CS_RUNTABLE_H

#include <hdf5.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "h5io.h"
#include "rledeflate.h"

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

#define N_FIELDS(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_FIELDS  32

typedef struct {
    const char *name; /* dataset name under "/" */
    const field *fields;
    size_t n_fields;
    size_t struct_size; /* of the in-memory record */
    hsize_t chunk;      /* rows per chunk */
} table_def;

/* The two tables' definitions. */
extern const table_def GAMES_DEF, DEALS_DEF;

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

void cs_rt_table_init(table *t, const table_def *def);

/* Frees what the table allocated itself (not its HDF5 handles). */
void cs_rt_table_free_memory(table *t);

void cs_rt_table_free(table *t);

/* Adds slabs up to n (right after creating or reopening: nothing queued). */
int cs_rt_table_add_slabs(table *t, int n);

/* Deflates the slab's first `rows` rows as a whole chunk (the rest zeros). Touches only the
 * slab and the table's constant description, so any thread may run it on a slab it owns. */
void cs_rt_slab_compress(const table *t, slab *b, size_t rows);

int cs_rt_table_create(table *t, hid_t file);

/* Opens an existing table and checks its fields. Returns 0, or -1 with the reason in err. */
int cs_rt_table_open(table *t, hid_t file, const char *path, char *err, size_t err_len);

int cs_rt_table_same_layout(const table *t);

/* Reads n rows from `first` with memory type mtype into buf. */
int cs_rt_table_read(const table *t, hid_t mtype, uint64_t first, size_t n, void *buf);

/* First deal row whose game is >= game, by bisection (deals are in game order). */
int cs_rt_deals_lower_bound(table *t, uint64_t rows, uint64_t game, uint64_t *out);

int cs_rt_table_write_stage(table *t);

int cs_rt_table_append(table *t, const void *rows, size_t n);

/* Positions the writer after `rows` rows: cuts the dataset there and stages the rows of the
 * last, partial chunk. */
int cs_rt_table_resume_at(table *t, uint64_t rows);

#endif

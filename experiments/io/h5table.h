/*
 * h5table.h - chunked tables of compound rows, one dimension, extendible: created packed,
 * shuffled and deflated (level 1), opened with no chunk cache, read by row ranges, and written
 * through a stage that hands HDF5 whole chunks only. The event file's tables (eventfile.h); the
 * run file's, which compress on the playing threads, are runtable.h's. Internal to io/.
 */
#ifndef CS_H5TABLE_H
#define CS_H5TABLE_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A table being written a whole chunk at a time, as the run writer writes its tables
 * (runtable.h): rows are
 * staged in memory and reach HDF5 only as whole chunks (the last, partial one when the file is
 * finished). HDF5 moves a compressed chunk that is rewritten and may give its old space to the
 * next allocation, so a partial chunk a checkpoint pointed to could be overwritten by a later
 * write; whole chunks are written once and never rewritten. A checkpoint then counts only the
 * rows are all in written chunks (`safe`; the event file's cs_ef_durable_events), and a run that
 * dies later (a full disk, a kill) leaves a file valid as of its last checkpoint. Whole chunks are
 * written straight to the disk (no chunk cache), so a failed write is seen at once and the file is
 * left alone from then on (cs_ef_close).
 */
typedef struct {
    hid_t d;              /* the dataset */
    hid_t mtype;          /* its memory type (the caller's) */
    size_t row_size;      /* of a row in memory */
    size_t chunk;         /* rows per chunk */
    unsigned char *stage; /* rows from `written` on, at most a chunk */
    size_t staged;
    uint64_t written; /* rows handed to HDF5: whole chunks until the file is finished */
    uint64_t safe;    /* rows in chunks no later write rewrites */
    int err;          /* errno when a write failed (0: HDF5's own failure) */
} cs_h5_table;

/* Creates table `name` of file for rows of memory type mtype (stored packed), `chunk` rows a
 * chunk. Returns the dataset or -1. */
hid_t cs_h5_table_create(hid_t file, const char *name, hid_t mtype, hsize_t chunk);
/* Opens table `name` for writing. Returns the dataset or -1. */
hid_t cs_h5_table_open(hid_t file, const char *name);
/* The rows a table holds (its extent). */
uint64_t cs_h5_table_rows(hid_t d);
/* Reads rows [first, first + count) of a table into rows. Returns 0 or -1. */
int cs_h5_table_read(hid_t d, hid_t mtype, uint64_t first, size_t count, void *rows);
/* Whether a table is stored with exactly mtype's packed layout (rows are then copied as they
 * are). */
int cs_h5_table_same_layout(hid_t d, hid_t mtype);

/* Sets up the stage of t (t->d open) for a table holding `rows` rows: the last partial chunk's
 * rows are read back into the stage so that chunks stay whole. Returns 0 or -1. */
int cs_h5_table_stage(cs_h5_table *t, hid_t mtype, size_t row_size, size_t chunk, uint64_t rows);
/* Rows appended to a table: written and staged. */
uint64_t cs_h5_table_size(const cs_h5_table *t);
/* Appends rows to the stage, handing each chunk to HDF5 as it fills. Returns 0, or -1 with
 * t->err set. */
int cs_h5_table_append(cs_h5_table *t, const void *rows, size_t n);
/* Hands the staged rows to HDF5: a whole chunk, or the last rows when the file is finished.
 * Returns 0, or -1 with t->err set. */
int cs_h5_table_flush(cs_h5_table *t);

#endif

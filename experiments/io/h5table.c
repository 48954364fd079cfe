/* h5table.c - chunked tables of compound rows, staged and written a whole chunk at a time
 * (see h5table.h). */
#include "h5table.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The tables' access list: no chunk cache, so each whole chunk written goes to the disk in its
 * H5Dwrite (a full disk is reported there, not later inside a flush that would still write the
 * superblock) and nothing is left in memory for a checkpoint to write. Returns -1 on failure. */
static hid_t table_access(void) {
    hid_t dapl = H5Pcreate(H5P_DATASET_ACCESS);
    if (dapl >= 0 && H5Pset_chunk_cache(dapl, 0, 0, 1.0) < 0) {
        H5Pclose(dapl);
        return -1;
    }
    return dapl;
}

hid_t cs_h5_table_open(hid_t file, const char *name) {
    hid_t dapl = table_access();
    hid_t d = dapl < 0 ? -1 : H5Dopen2(file, name, dapl);
    if (dapl >= 0) H5Pclose(dapl);
    return d;
}

hid_t cs_h5_table_create(hid_t file, const char *name, hid_t mtype, hsize_t chunk) {
    hsize_t dims = 0, max = H5S_UNLIMITED;
    hid_t space = H5Screate_simple(1, &dims, &max);
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    hid_t ftype = H5Tcopy(mtype);
    H5Tpack(ftype);
    H5Pset_chunk(dcpl, 1, &chunk);
    H5Pset_shuffle(dcpl);
    H5Pset_deflate(dcpl, 1);
    hid_t dapl = table_access();
    hid_t d = dapl < 0 ? -1 : H5Dcreate2(file, name, ftype, space, H5P_DEFAULT, dcpl, dapl);
    if (dapl >= 0) H5Pclose(dapl);
    H5Tclose(ftype);
    H5Pclose(dcpl);
    H5Sclose(space);
    return d;
}

/* Reads rows [first, first + count) of a table into rows. Returns 0 or -1. */
int cs_h5_table_read(hid_t d, hid_t mtype, uint64_t first, size_t count, void *rows) {
    hsize_t start = first, n = count;
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(1, &n, NULL);
    int rc = fs < 0 || ms < 0 ||
                     H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &n, NULL) < 0 ||
                     H5Dread(d, mtype, ms, fs, H5P_DEFAULT, rows) < 0
                 ? -1
                 : 0;
    if (ms >= 0) H5Sclose(ms);
    if (fs >= 0) H5Sclose(fs);
    return rc;
}

uint64_t cs_h5_table_rows(hid_t d) {
    hsize_t rows = 0;
    hid_t s = H5Dget_space(d);
    if (s >= 0) {
        H5Sget_simple_extent_dims(s, &rows, NULL);
        H5Sclose(s);
    }
    return rows;
}

/* Whether a table has the layout this cribsim writes (rows are copied as they are). */
int cs_h5_table_same_layout(hid_t d, hid_t mtype) {
    hid_t t = d >= 0 ? H5Dget_type(d) : -1, packed = H5Tcopy(mtype);
    H5Tpack(packed);
    int same = t >= 0 && H5Tequal(t, packed) > 0;
    if (t >= 0) H5Tclose(t);
    H5Tclose(packed);
    return same;
}

uint64_t cs_h5_table_size(const cs_h5_table *t) {
    return t->written + t->staged;
}

/* Sets up a table's stage; rows: the rows the table holds (after a resume), the last partial
 * chunk's read back into the stage so that chunks stay whole. Returns 0 or -1. */
int cs_h5_table_stage(cs_h5_table *t, hid_t mtype, size_t row_size, size_t chunk, uint64_t rows) {
    t->mtype = mtype;
    t->row_size = row_size;
    t->chunk = chunk;
    t->stage = malloc(chunk * row_size);
    if (t->stage == NULL) return -1;
    t->written = rows / chunk * chunk;
    t->staged = (size_t)(rows - t->written);
    t->safe = rows; /* the partial chunk is on disk until it is written whole */
    if (t->staged == 0) return 0;
    hsize_t start = t->written, count = t->staged;
    hid_t fs = H5Dget_space(t->d), ms = H5Screate_simple(1, &count, NULL);
    int rc = fs < 0 || ms < 0 ||
                     H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL) < 0 ||
                     H5Dread(t->d, mtype, ms, fs, H5P_DEFAULT, t->stage) < 0
                 ? -1
                 : 0;
    if (ms >= 0) H5Sclose(ms);
    if (fs >= 0) H5Sclose(fs);
    return rc;
}

/* Hands the staged rows to HDF5 (whole chunks, or the last rows when the file is finished). */
int cs_h5_table_flush(cs_h5_table *t) {
    if (t->staged == 0) return 0;
    errno = 0;
    hsize_t start = t->written, count = t->staged, size = t->written + t->staged;
    if (H5Dset_extent(t->d, &size) < 0) {
        t->err = errno;
        return -1;
    }
    hid_t fs = H5Dget_space(t->d);
    hid_t ms = H5Screate_simple(1, &count, NULL);
    int rc = fs < 0 || ms < 0 ||
             H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL) < 0 ||
             H5Dwrite(t->d, t->mtype, ms, fs, H5P_DEFAULT, t->stage) < 0;
    if (rc) t->err = errno; /* before closing anything */
    if (ms >= 0) H5Sclose(ms);
    if (fs >= 0) H5Sclose(fs);
    if (rc) return -1;
    t->written = size;
    t->safe = size;
    t->staged = 0;
    return 0;
}

/* Appends rows to a table's stage, writing each chunk as it fills. Returns 0 or -1. */
int cs_h5_table_append(cs_h5_table *t, const void *rows, size_t n) {
    const unsigned char *p = rows;
    while (n > 0) {
        size_t k = t->chunk - t->staged < n ? t->chunk - t->staged : n;
        memcpy(t->stage + t->staged * t->row_size, p, k * t->row_size);
        t->staged += k;
        p += k * t->row_size;
        n -= k;
        if (t->staged == t->chunk && cs_h5_table_flush(t) != 0) return -1;
    }
    return 0;
}

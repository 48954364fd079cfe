/*
 * h5file.h - an HDF5 output file held by one writer at a time (run files and event files).
 *
 * A writer first opens the path itself and takes an exclusive flock(2) on it, without
 * blocking, and holds it until the file is closed. Only then is anything truncated, replaced
 * or reopened for writing, so a second cribsim given the same path (with --force or --resume)
 * is refused with a message naming the file and leaves the first one's output as it was.
 * HDF5's own locking is turned off for the files opened here: it locks only after truncating
 * (too late), and its flock on a second descriptor would collide with ours. Programs that open
 * the file with HDF5's locking (h5py, cribsim replay) still see the lock and wait for the
 * writer to finish. The descriptor is close-on-exec, so outside agents never inherit it.
 *
 * Files are created in the HDF5 1.8 format: its superblock, object headers and indexes carry
 * checksums, so a damaged file is refused by the library instead of read, and unlike the 1.10
 * format's it has no "open for writing" flag, so a file abandoned after a kill or a write
 * error still opens for --resume.
 *
 * Internal to experiments/ (it exposes HDF5's types); h5io.h is the public face of run files.
 */
#ifndef CS_H5FILE_H
#define CS_H5FILE_H

#include <hdf5.h>
#include <stddef.h>

/* Before the first HDF5 call of a process that writes: no automatic error printing (every
 * failure is reported by its caller), and no closing of open files at exit. A file whose disk
 * filled up is abandoned rather than closed (closing would flush metadata describing rows
 * that never reached the disk), and HDF5's exit handler would try to close it anyway. */
void cs_h5_library_init(void);

/* An output file and the lock held on it. */
typedef struct {
    hid_t file; /* the HDF5 file, or -1 */
    int lock;   /* the locked descriptor, or -1 */
} cs_h5_file;

/*
 * Locks path and creates it as an empty HDF5 file. An existing path is refused unless force
 * (CS_ECONFIG), a directory always (CS_ECONFIG); a path another process holds is refused
 * before anything is changed (CS_EIO); a path that cannot be made is CS_EIO. The message names
 * the path. On failure nothing is left behind that was not there (a new file is removed).
 */
int cs_h5_file_create(const char *path, int force, cs_h5_file *out, char *err, size_t err_len);

/* Locks path and opens it for writing (to resume it). Returns 0, or CS_EIO (missing, not
 * writable, held by another process, not HDF5) with the message naming the path. */
int cs_h5_file_open_rw(const char *path, cs_h5_file *out, char *err, size_t err_len);

/* Before a file is put in place of path by renaming (a merge): refuses a directory, an
 * existing path without force (CS_ECONFIG) and a path another process holds (CS_EIO), and
 * otherwise locks an existing path until *fd is closed (-1 when there is none), so no writer
 * starts on it meanwhile. The message names the path. */
int cs_h5_file_hold(const char *path, int force, int *fd, char *err, size_t err_len);

/* Closes the HDF5 file (unless abandon: after a failed write its handles are left unclosed so
 * nothing more reaches the disk), then releases the lock. Returns 0 or -1 (closing failed). */
int cs_h5_file_close(cs_h5_file *f, int abandon);

#endif

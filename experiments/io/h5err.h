/*
 * h5err.h - why an HDF5 call failed, in words. HDF5's automatic error printing is off
 * (cs_h5_library_init, h5file.h); instead the code under io/ records the reason the moment a
 * call fails, since any later HDF5 call clears HDF5's error stack. Internal to io/; one thread
 * at a time (HDF5 is built without thread safety).
 */
#ifndef CS_H5ERR_H
#define CS_H5ERR_H

#include <stddef.h>

/* HDF5's reason for the failure just reported (call before any other HDF5 call). */
void cs_h5_reason(char *buf, size_t len);

/* Records why the HDF5 call just made failed (errno's reason when a system call failed, else
 * HDF5's); returns -1 so it can end a condition. */
int cs_h5_failed(void);

/* Records a failure of cribsim's own (not HDF5's) with its reason; returns -1. */
int cs_h5_failed_because(const char *reason);

/*
 * After H5Fopen() of path failed (call before any other HDF5 call): writes what went wrong,
 * naming path, into err. A file another process holds is "locked by another process"; one cut
 * short (HDF5's "truncated file" from its superblock check) or otherwise unreadable is
 * "damaged". The kind is read from HDF5's error codes (H5E_CANTLOCKFILE, H5E_TRUNCATED), never
 * from the words of its message: its superblock's "sblock" holds "lock".
 */
void cs_h5_open_failure(const char *path, char *err, size_t err_len);

/* The reason cs_h5_failed() recorded, or HDF5's current one; then forgets it. */
const char *cs_h5_take_reason(void);

#endif

/* h5file.c - HDF5 output files held under an exclusive lock (see h5file.h). */
#include "h5file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "h5err.h"

void cs_h5_library_init(void) {
    static int done;
    if (done) return;
    done = 1;
    H5dont_atexit();
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
}

/* The file access list every writer uses: the 1.8 format, and HDF5's own locking off (the
 * caller holds the lock). Returns the list or -1. */
static hid_t writer_fapl(void) {
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    if (fapl < 0) return -1;
    if (H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_V18) < 0 ||
        H5Pset_file_locking(fapl, 0, 1) < 0) {
        H5Pclose(fapl);
        return -1;
    }
    return fapl;
}

/* Takes the lock on fd without waiting. Returns 0, or CS_EIO with the message. */
static int take_lock(int fd, const char *path, char *err, size_t err_len) {
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR) continue;
        if (errno == EWOULDBLOCK)
            snprintf(err, err_len,
                     "%s is being written by another process (a cribsim still running?); "
                     "refused, the file is left as it is",
                     path);
        else
            snprintf(err, err_len, "cannot lock %s: %s", path, strerror(errno));
        return CS_EIO;
    }
    return 0;
}

int cs_h5_file_create(const char *path, int force, cs_h5_file *out, char *err, size_t err_len) {
    out->file = -1;
    out->lock = -1;
    struct stat st;
    int existed = stat(path, &st) == 0;
    if (existed && S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "%s is a directory, not an output file", path);
        return CS_ECONFIG;
    }
    if (existed && !force) {
        snprintf(err, err_len, "%s exists; use --force to overwrite it", path);
        return CS_ECONFIG;
    }
    /* Opened without truncating: the file is only emptied once it is ours. */
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (force ? 0 : O_EXCL), 0644);
    if (fd < 0) {
        int e = errno;
        snprintf(err, err_len, "cannot create %s: %s", path, strerror(e));
        return e == EEXIST ? CS_ECONFIG : CS_EIO;
    }
    int rc = take_lock(fd, path, err, err_len);
    if (rc != 0) {
        close(fd); /* someone else's file: not removed */
        return rc;
    }
    hid_t fapl = writer_fapl();
    hid_t file = fapl < 0 ? -1 : H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    if (fapl >= 0) H5Pclose(fapl);
    if (file < 0) {
        snprintf(err, err_len, "cannot create %s as an HDF5 file", path);
        unlink(path);
        close(fd);
        return CS_EIO;
    }
    out->file = file;
    out->lock = fd;
    return 0;
}

int cs_h5_file_hold(const char *path, int force, int *fd, char *err, size_t err_len) {
    *fd = -1;
    struct stat st;
    if (stat(path, &st) != 0) return 0;
    if (S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "%s is a directory, not an output file", path);
        return CS_ECONFIG;
    }
    if (!force) {
        snprintf(err, err_len, "%s exists; use --force to overwrite it", path);
        return CS_ECONFIG;
    }
    int f = open(path, O_RDWR | O_CLOEXEC);
    if (f < 0) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return CS_EIO;
    }
    int rc = take_lock(f, path, err, err_len);
    if (rc != 0) {
        close(f);
        return rc;
    }
    *fd = f;
    return 0;
}

/* Whether the file at fd starts with HDF5's signature (at offset 0, where cribsim writes it). */
static int has_signature(int fd) {
    static const unsigned char sig[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
    unsigned char b[8];
    return pread(fd, b, sizeof b, 0) == (ssize_t)sizeof b && memcmp(b, sig, sizeof b) == 0;
}

int cs_h5_file_open_rw(const char *path, cs_h5_file *out, char *err, size_t err_len) {
    out->file = -1;
    out->lock = -1;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "%s is a directory, not a cribsim file", path);
        return CS_EIO;
    }
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return CS_EIO;
    }
    int rc = take_lock(fd, path, err, err_len);
    if (rc != 0) {
        close(fd);
        return rc;
    }
    if (!has_signature(fd)) {
        snprintf(err, err_len, "%s is not an HDF5 file (no HDF5 signature)", path);
        close(fd);
        return CS_EIO;
    }
    hid_t fapl = writer_fapl();
    hid_t file = fapl < 0 ? -1 : H5Fopen(path, H5F_ACC_RDWR, fapl);
    if (file < 0) cs_h5_open_failure(path, err, err_len); /* before H5Pclose clears the stack */
    if (fapl >= 0) H5Pclose(fapl);
    if (file < 0) {
        close(fd);
        return CS_EIO;
    }
    out->file = file;
    out->lock = fd;
    return 0;
}

int cs_h5_file_close(cs_h5_file *f, int abandon) {
    int rc = 0;
    if (f->file >= 0 && !abandon && H5Fclose(f->file) < 0) rc = -1;
    f->file = -1;
    if (f->lock >= 0) close(f->lock); /* releases the lock */
    f->lock = -1;
    return rc;
}

/* h5err.c - why an HDF5 call failed, in words (see h5err.h). */
#include "h5err.h"

#include <errno.h>
#include <hdf5.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t len;
} reason_ctx;

/* Keeps the innermost description on the stack: the most specific one. */
static herr_t reason_walk(unsigned n, const H5E_error2_t *e, void *data) {
    (void)n;
    reason_ctx *ctx = data;
    if (e->desc != NULL && e->desc[0] != '\0') snprintf(ctx->buf, ctx->len, "%s", e->desc);
    return 0;
}

/* HDF5's reason for the failure just reported (call before any other HDF5 call). */
void cs_h5_reason(char *buf, size_t len) {
    reason_ctx ctx = {buf, len};
    snprintf(buf, len, "unknown HDF5 error");
    H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, reason_walk, &ctx);
}

typedef struct {
    int locked, truncated;
} open_kind;

static herr_t kind_walk(unsigned n, const H5E_error2_t *e, void *data) {
    (void)n;
    open_kind *k = data;
    if (e->min_num == H5E_CANTLOCKFILE) k->locked = 1;
    if (e->min_num == H5E_TRUNCATED) k->truncated = 1;
    return 0;
}

void cs_h5_open_failure(const char *path, char *err, size_t err_len) {
    open_kind kind = {0, 0};
    char why[300];
    H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, kind_walk, &kind);
    cs_h5_reason(why, sizeof why);
    if (kind.truncated)
        snprintf(err, err_len,
                 "%s is damaged: truncated (shorter than its contents say: a copy or a write cut "
                 "short?): %s",
                 path, why);
    else if (kind.locked)
        snprintf(err, err_len,
                 "%s is locked by another process (a cribsim still running, or a program it "
                 "started): %s",
                 path, why);
    else
        snprintf(err, err_len, "%s is damaged: it cannot be read as HDF5: %s", path, why);
}

/*
 * The reason for the last failure, captured the moment an HDF5 call fails: any later HDF5 call
 * (closing a dataspace, say) clears HDF5's error stack. Only one thread uses this module.
 */
static char g_reason[420];
static int g_reason_fresh;

/* Records why the HDF5 call just made failed (and errno, which a failed write leaves set);
 * returns -1 so it can end a condition. */
int cs_h5_failed(void) {
    int e = errno;
    char inner[300];
    cs_h5_reason(inner, sizeof inner);
    if (e != 0) /* a system call failed: its reason says it best (HDF5's is a dump) */
        snprintf(g_reason, sizeof g_reason, "%s", strerror(e));
    else
        snprintf(g_reason, sizeof g_reason, "%s", inner);
    g_reason_fresh = 1;
    return -1;
}

int cs_h5_failed_because(const char *reason) {
    snprintf(g_reason, sizeof g_reason, "%s", reason);
    g_reason_fresh = 1;
    return -1;
}

/* The reason captured by failed(), or HDF5's current one; then forgets it. */
const char *cs_h5_take_reason(void) {
    if (!g_reason_fresh) cs_h5_failed();
    g_reason_fresh = 0;
    return g_reason;
}

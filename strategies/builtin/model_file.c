/* model_file.c - reading and checking the model files of model_file.h. */
#include "model_file.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

uint32_t cs_model_crc32(const unsigned char *bytes, size_t n) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        crc ^= bytes[i];
        for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
}

static uint32_t read_u32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static double read_f64(const unsigned char *p) {
    uint64_t bits = 0; /* mutate: equivalent 0->1: shifted 64 places out before it is read */
    for (int i = 7; i >= 0; i--) bits = bits << 8 | p[i];
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* Checks one block of names against the build's; returns 0 or CS_ECONFIG with a message. */
static int check_names(const unsigned char *p, int n, const char *const expect[], const char *what,
                       const char *name, char *err, size_t err_len) {
    for (int i = 0; i < n; i++, p += CS_MODEL_NAME_LEN) {
        char got[CS_MODEL_NAME_LEN];
        memcpy(got, p, CS_MODEL_NAME_LEN);
        if (got[CS_MODEL_NAME_LEN - 1] != '\0') {
            snprintf(err, err_len, "model file '%s': %s feature %d's name is not terminated", name,
                     what, i);
            return CS_ESYNTAX;
        }
        if (strcmp(got, expect[i]) != 0) {
            char shown[CS_MODEL_NAME_LEN];
            size_t k = 0;
            /* mutate: equivalent 1->0: got ends in a NUL (checked above), where the copy stops */
            for (; got[k] && k < sizeof shown - 1; k++)
                shown[k] = got[k] >= 0x20 && got[k] < 0x7F ? got[k] : '?';
            shown[k] = '\0';
            snprintf(err, err_len,
                     "model file '%s' was trained on another feature set: %s feature %d is '%s', "
                     "this cribsim computes '%s'",
                     name, what, i, shown, expect[i]);
            return CS_ECONFIG;
        }
    }
    return CS_OK;
}

static int read_weights(const unsigned char *p, int n, double out[], const char *what,
                        const char *name, char *err, size_t err_len) {
    for (int i = 0; i < n; i++) {
        out[i] = read_f64(p + 8 * (size_t)i);
        if (!isfinite(out[i]) || fabs(out[i]) > CS_MODEL_WEIGHT_MAX) {
            snprintf(err, err_len,
                     "model file '%s': %s weight %d is %g (weights must be finite and at most "
                     "%g in size)",
                     name, what, i, out[i], CS_MODEL_WEIGHT_MAX);
            return CS_ERANGE;
        }
    }
    return CS_OK;
}

int cs_model_parse(const unsigned char *bytes, size_t n, const char *name,
                   const cs_model_features *fs, cs_model *out, char *err, size_t err_len) {
    const size_t magic_len = sizeof CS_MODEL_MAGIC - 1, header = magic_len + 16;
    if (n < magic_len || memcmp(bytes, CS_MODEL_MAGIC, magic_len) != 0) {
        snprintf(err, err_len, "'%s' is not a cribsim model file (no CSMODEL magic at its start)",
                 name);
        return CS_ESYNTAX;
    }
    if (n < header + 4) {
        snprintf(err, err_len, "model file '%s' is truncated: %zu bytes, not even a header", name,
                 n);
        return CS_ECOUNT;
    }
    uint32_t version = read_u32(bytes + 8), n_discard = read_u32(bytes + 12),
             n_play = read_u32(bytes + 16), note_len = read_u32(bytes + 20);
    if (version != CS_MODEL_VERSION) {
        snprintf(err, err_len, "model file '%s' has format version %u; this cribsim reads %u", name,
                 (unsigned)version, (unsigned)CS_MODEL_VERSION);
        return CS_ESYNTAX;
    }
    if (n_discard != (uint32_t)fs->n_discard || n_play != (uint32_t)fs->n_play) {
        snprintf(err, err_len,
                 "model file '%s' has %u discard and %u play features; this cribsim computes %d "
                 "and %d (a model for another feature set)",
                 name, (unsigned)n_discard, (unsigned)n_play, fs->n_discard, fs->n_play);
        return CS_ECONFIG;
    }
    if (note_len > CS_MODEL_NOTE_MAX) {
        snprintf(err, err_len, "model file '%s' declares a note of %u bytes (at most %d)", name,
                 (unsigned)note_len, CS_MODEL_NOTE_MAX);
        return CS_ESYNTAX;
    }
    size_t names = (size_t)(n_discard + n_play) * CS_MODEL_NAME_LEN;
    size_t size = header + names + 8 * (size_t)(n_discard + n_play) + note_len + 4;
    if (n != size) {
        snprintf(err, err_len, "model file '%s' is %s: %zu bytes where its header promises %zu",
                 name, n < size ? "truncated" : "too long (bytes after its end)", n, size);
        return CS_ECOUNT;
    }
    uint32_t stored = read_u32(bytes + n - 4), computed = cs_model_crc32(bytes, n - 4);
    if (stored != computed) {
        snprintf(err, err_len,
                 "model file '%s' is corrupt: its checksum is %08x, its bytes give %08x", name,
                 (unsigned)stored, (unsigned)computed);
        return CS_ESYNTAX;
    }
    const unsigned char *p = bytes + header;
    int rc = check_names(p, fs->n_discard, fs->discard_names, "discard", name, err, err_len);
    if (rc == CS_OK)
        rc = check_names(p + (size_t)n_discard * CS_MODEL_NAME_LEN, fs->n_play, fs->play_names,
                         "play", name, err, err_len);
    if (rc != CS_OK) return rc;
    p += names;
    rc = read_weights(p, fs->n_discard, out->discard, "discard", name, err, err_len);
    if (rc == CS_OK)
        rc = read_weights(p + 8 * (size_t)n_discard, fs->n_play, out->play, "play", name, err,
                          err_len);
    if (rc != CS_OK) return rc;
    p += 8 * (size_t)(n_discard + n_play);
    for (uint32_t i = 0; i < note_len; i++) {
        if (p[i] < 0x20 || p[i] > 0x7E) {
            snprintf(err, err_len,
                     "model file '%s': its note holds a byte %u that is not "
                     "printable ASCII",
                     name, p[i]);
            return CS_ESYNTAX;
        }
        out->note[i] = (char)p[i];
    }
    out->note[note_len] = '\0';
    out->n_discard = fs->n_discard;
    out->n_play = fs->n_play;
    out->crc = stored;
    return CS_OK;
}

int cs_model_load(const char *path, const cs_model_features *fs, cs_model *out, char *err,
                  size_t err_len) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_len, "cannot read model file '%s': %s", path, strerror(errno));
        return CS_EIO;
    }
    /* One byte more than the largest valid file, so an oversized one is seen as such. */
    unsigned char buf[CS_MODEL_FILE_MAX + 1];
    size_t n = fread(buf, 1, sizeof buf, f);
    /* A failed read sets errno (POSIX); EIO where a system would not say why. */
    int why = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (why) {
        snprintf(err, err_len, "cannot read model file '%s': %s", path, strerror(why));
        return CS_EIO;
    }
    if (n > CS_MODEL_FILE_MAX) {
        snprintf(err, err_len, "'%s' is larger than any model file (%d bytes at most)", path,
                 CS_MODEL_FILE_MAX);
        return CS_ECOUNT;
    }
    return cs_model_parse(buf, n, path, fs, out, err, err_len);
}

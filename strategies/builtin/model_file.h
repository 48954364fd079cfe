/*
 * model_file.h - the file a `model` strategy plays from: a linear scorer's weights for the
 * discard and for the play, with the feature set they were trained on (docs/model-format.md).
 *
 * Layout (every integer little-endian, every weight an IEEE-754 double, little-endian):
 *
 *   offset  bytes            field
 *   0       8                magic "CSMODEL\n"
 *   8       4                version, u32: CS_MODEL_VERSION (1)
 *   12      4                n_discard, u32: discard features
 *   16      4                n_play, u32: play features
 *   20      4                note_len, u32: bytes of the note, at most CS_MODEL_NOTE_MAX
 *   24      24 * n_discard   discard feature names, each NUL-padded to 24 bytes
 *   ..      24 * n_play      play feature names, the same way
 *   ..      8 * n_discard    discard weights
 *   ..      8 * n_play       play weights
 *   ..      note_len         the note: printable ASCII (what data, seed and commit made it)
 *   end-4   4                CRC-32 (zlib's polynomial) of every byte before it
 *
 * A model file is hostile input: cs_model_parse() checks the magic, the version, that the
 * dimensions and every feature name are exactly this build's feature set (model.h lists it),
 * that the size is exactly what the header says (so a truncated or padded file is refused), the
 * checksum, that every weight is finite and at most CS_MODEL_WEIGHT_MAX in size, and the note.
 * Each refusal is a message naming the file and what was wrong; nothing is half loaded.
 */
#ifndef CS_MODEL_FILE_H
#define CS_MODEL_FILE_H

#include <stddef.h>
#include <stdint.h>

#define CS_MODEL_MAGIC   "CSMODEL\n"
#define CS_MODEL_VERSION 1u
/* A feature name's field: 23 characters and the terminating NUL. */
#define CS_MODEL_NAME_LEN 24
#define CS_MODEL_NOTE_MAX 1024
/* Weights are scores per unit of a feature; a trained model's are a few tens at most, so a
 * bigger one is a damaged or foreign file. */
#define CS_MODEL_WEIGHT_MAX 1e6
/* The feature counts a file may declare at all (this build then needs its own exactly). */
#define CS_MODEL_FEATURES_MAX 64
/* The largest file a valid header can describe: header, names, weights, note, checksum. */
#define CS_MODEL_FILE_MAX                                                                          \
    (24 + 2 * CS_MODEL_FEATURES_MAX * (CS_MODEL_NAME_LEN + 8) + CS_MODEL_NOTE_MAX + 4)

/* The feature set a build computes: its names, in order, for each decision. */
typedef struct {
    int n_discard, n_play;
    const char *const *discard_names;
    const char *const *play_names;
} cs_model_features;

typedef struct {
    double discard[CS_MODEL_FEATURES_MAX];
    double play[CS_MODEL_FEATURES_MAX];
    int n_discard, n_play;
    char note[CS_MODEL_NOTE_MAX + 1];
    uint32_t crc; /* the file's CRC-32 (its last four bytes): what identifies it */
} cs_model;

/* CRC-32 as zlib computes it (reflected polynomial 0xEDB88320), so Python's zlib.crc32()
 * gives the same value. */
uint32_t cs_model_crc32(const unsigned char *bytes, size_t n);

/*
 * Reads a model from bytes (n of them) that came from `name` (a path, for messages) and
 * checks it against the feature set fs. Returns 0 and fills *out, or CS_ESYNTAX (not a model
 * file, bad version, corrupt), CS_ECOUNT (truncated or too long) or CS_ECONFIG (a model for
 * another feature set) with a message naming the file in err; *out is then unspecified.
 */
int cs_model_parse(const unsigned char *bytes, size_t n, const char *name,
                   const cs_model_features *fs, cs_model *out, char *err, size_t err_len);

/* Reads the file at path and parses it as above; CS_EIO when it cannot be read. */
int cs_model_load(const char *path, const cs_model_features *fs, cs_model *out, char *err,
                  size_t err_len);

#endif

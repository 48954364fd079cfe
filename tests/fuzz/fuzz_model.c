/*
 * fuzz_model.c - libFuzzer harness: a model file from outside, as `model:path=FILE` reads it
 * (cs_model_parse against this build's feature set). The input is read twice: as it is, and
 * with its last four bytes replaced by the CRC-32 of the rest, so that mutations reach the
 * checks behind the checksum (names, weights, note) instead of stopping at it. Any input may
 * be refused; none may crash the reader, and a model it accepts must hold what model_file.h
 * promises: this build's feature counts, finite weights at most CS_MODEL_WEIGHT_MAX in size,
 * and a printable note.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parses bytes; aborts if an accepted model breaks the reader's promises. */
static void check(const unsigned char *bytes, size_t n) {
    const cs_model_features *fs = cs_model_feature_set();
    static cs_model m;
    char err[512];
    if (cs_model_parse(bytes, n, "fuzz.model", fs, &m, err, sizeof err) != 0) return;
    if (m.n_discard != fs->n_discard || m.n_play != fs->n_play) abort();
    for (int i = 0; i < m.n_discard; i++)
        if (!isfinite(m.discard[i]) || fabs(m.discard[i]) > CS_MODEL_WEIGHT_MAX) abort();
    for (int i = 0; i < m.n_play; i++)
        if (!isfinite(m.play[i]) || fabs(m.play[i]) > CS_MODEL_WEIGHT_MAX) abort();
    size_t note = strlen(m.note);
    if (note > CS_MODEL_NOTE_MAX) abort();
    for (size_t i = 0; i < note; i++)
        if (m.note[i] < 0x20 || m.note[i] > 0x7E) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    check(data, size);
    if (size < 4 || size > CS_MODEL_FILE_MAX) return 0;
    unsigned char *fixed = malloc(size);
    if (fixed == NULL) return 0;
    memcpy(fixed, data, size);
    uint32_t crc = cs_model_crc32(fixed, size - 4);
    for (int i = 0; i < 4; i++) fixed[size - 4 + i] = (unsigned char)(crc >> (8 * i));
    check(fixed, size);
    free(fixed);
    return 0;
}

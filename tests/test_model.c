/* layer: strategies */
/*
 * test_model.c - the model file and the `model` strategy: the loader accepts a well-formed
 * file and the model compiled in, and refuses a missing, truncated (at every length),
 * oversized, foreign, wrong-version, wrong-dimension, wrong-feature-set or corrupt file with a
 * message naming the file; the weights it reads are the ones written and decide the play.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "model.h"
#include "strategy.h"

#define TMP_MODEL CS_BINARY_DIR "/test_model_tmp.model"

/* A well-formed model file for this build's feature set: weights w0 + k for discard feature k
 * and w0 - k for play feature k, with a note. Returns its size. */
static size_t make_model(unsigned char *out, double w0, const char *note) {
    const cs_model_features *fs = cs_model_feature_set();
    size_t at = 0, note_len = strlen(note);
    memcpy(out, CS_MODEL_MAGIC, 8);
    at = 8;
    uint32_t header[4] = {CS_MODEL_VERSION, (uint32_t)fs->n_discard, (uint32_t)fs->n_play,
                          (uint32_t)note_len};
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 4; b++) out[at++] = (unsigned char)(header[i] >> (8 * b));
    for (int i = 0; i < fs->n_discard + fs->n_play; i++, at += CS_MODEL_NAME_LEN) {
        memset(out + at, 0, CS_MODEL_NAME_LEN);
        const char *name =
            i < fs->n_discard ? fs->discard_names[i] : fs->play_names[i - fs->n_discard];
        memcpy(out + at, name, strlen(name));
    }
    for (int i = 0; i < fs->n_discard + fs->n_play; i++) {
        double w = i < fs->n_discard ? w0 + i : w0 - (i - fs->n_discard);
        uint64_t bits;
        memcpy(&bits, &w, sizeof bits);
        for (int b = 0; b < 8; b++) out[at++] = (unsigned char)(bits >> (8 * b));
    }
    memcpy(out + at, note, note_len);
    at += note_len;
    uint32_t crc = cs_model_crc32(out, at);
    for (int b = 0; b < 4; b++) out[at++] = (unsigned char)(crc >> (8 * b));
    return at;
}

/* Puts the CRC of the first n - 4 bytes back at the end, as a careful forger would. */
static void reseal(unsigned char *bytes, size_t n) {
    uint32_t crc = cs_model_crc32(bytes, n - 4);
    for (int b = 0; b < 4; b++) bytes[n - 4 + b] = (unsigned char)(crc >> (8 * b));
}

static void write_file(const char *path, const unsigned char *bytes, size_t n) {
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(fwrite(bytes, 1, n, f), n);
    fclose(f);
}

/* Parses bytes as a file named "m.model": the return code, with the message in err. */
static int parse(const unsigned char *bytes, size_t n, char *err, size_t err_len) {
    cs_model m;
    err[0] = '\0';
    return cs_model_parse(bytes, n, "m.model", cs_model_feature_set(), &m, err, err_len);
}

static void test_model_crc32_matches_zlib_check_value(void) {
    /* The CRC-32 check value of "123456789" (zlib, PNG, gzip). */
    CU_ASSERT_EQUAL(cs_model_crc32((const unsigned char *)"123456789", 9), 0xCBF43926u);
}

static void test_model_reads_back_the_weights_and_note_written(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 0.25, "made by a test");
    write_file(TMP_MODEL, bytes, n);
    cs_model m;
    char err[512] = "";
    CU_ASSERT_EQUAL_FATAL(cs_model_load(TMP_MODEL, cs_model_feature_set(), &m, err, sizeof err),
                          CS_OK);
    CU_ASSERT_EQUAL(m.n_discard, CS_MODEL_DISCARD_FEATURES);
    CU_ASSERT_EQUAL(m.n_play, CS_MODEL_PLAY_FEATURES);
    CU_ASSERT_DOUBLE_EQUAL(m.discard[3], 3.25, 0);
    CU_ASSERT_DOUBLE_EQUAL(m.play[2], -1.75, 0);
    CU_ASSERT_STRING_EQUAL(m.note, "made by a test");
    remove(TMP_MODEL);
}

static void test_model_built_in_default_is_a_valid_model(void) {
    char err[512] = "";
    CU_ASSERT_EQUAL(parse(cs_model_default_bytes, cs_model_default_size, err, sizeof err), CS_OK);
    CU_ASSERT_STRING_EQUAL(err, "");
}

static void test_model_refuses_a_missing_file_naming_it(void) {
    cs_model m;
    char err[512];
    CU_ASSERT_EQUAL(
        cs_model_load(CS_BINARY_DIR "/no/such.model", cs_model_feature_set(), &m, err, sizeof err),
        CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "no/such.model"));
}

static void test_model_refuses_every_truncation(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 1.0, "note");
    char err[512];
    int refused = 0;
    for (size_t len = 0; len < n; len++) {
        int rc = parse(bytes, len, err, sizeof err);
        refused += rc != CS_OK && strstr(err, "m.model") != NULL;
    }
    CU_ASSERT_EQUAL(refused, (int)n);
    /* Past the magic, a cut says so. */
    CU_ASSERT_EQUAL(parse(bytes, n - 1, err, sizeof err), CS_ECOUNT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "truncated"));
}

static void test_model_refuses_bytes_after_its_end(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX + 1];
    size_t n = make_model(bytes, 1.0, "");
    bytes[n] = 0;
    char err[512];
    CU_ASSERT_EQUAL(parse(bytes, n + 1, err, sizeof err), CS_ECOUNT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "too long"));
}

static void test_model_refuses_a_foreign_file(void) {
    const char *text = "#!/bin/sh\necho this is no model\n";
    char err[512];
    CU_ASSERT_EQUAL(parse((const unsigned char *)text, strlen(text), err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a cribsim model file"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "m.model"));
}

static void test_model_refuses_another_version(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 1.0, "");
    bytes[8] = 2;
    reseal(bytes, n);
    char err[512];
    CU_ASSERT_EQUAL(parse(bytes, n, err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "version 2"));
}

static void test_model_refuses_other_dimensions(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 1.0, "");
    bytes[16] = CS_MODEL_PLAY_FEATURES + 1; /* n_play */
    reseal(bytes, n);
    char err[512];
    CU_ASSERT_EQUAL(parse(bytes, n, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "another feature set"));
}

static void test_model_refuses_another_feature_set(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 1.0, "");
    /* The same dimensions, but the second play feature renamed. */
    size_t at = 24 + (size_t)(CS_MODEL_DISCARD_FEATURES + 1) * CS_MODEL_NAME_LEN;
    memset(bytes + at, 0, CS_MODEL_NAME_LEN);
    memcpy(bytes + at, "reply_max", 9);
    reseal(bytes, n);
    char err[512];
    CU_ASSERT_EQUAL(parse(bytes, n, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "'reply_max'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "'reply_threat'"));
}

static void test_model_refuses_a_flipped_bit_anywhere_after_the_header(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 1.0, "note");
    char err[512];
    int refused = 0, checked = 0;
    for (size_t at = 24; at < n; at++) {
        bytes[at] ^= 0x10;
        refused += parse(bytes, n, err, sizeof err) == CS_ESYNTAX && strstr(err, "corrupt");
        checked++;
        bytes[at] ^= 0x10;
    }
    CU_ASSERT_EQUAL(refused, checked);
    CU_ASSERT_EQUAL(parse(bytes, n, err, sizeof err), CS_OK);
}

static void test_model_refuses_a_resealed_nan_weight_and_bad_note(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 1.0, "note");
    size_t weights = 24 + (size_t)(CS_MODEL_DISCARD_FEATURES + CS_MODEL_PLAY_FEATURES) * 24;
    double nan = NAN;
    uint64_t bits;
    memcpy(&bits, &nan, sizeof bits);
    for (int b = 0; b < 8; b++) bytes[weights + 8 + b] = (unsigned char)(bits >> (8 * b));
    reseal(bytes, n);
    char err[512];
    CU_ASSERT_EQUAL(parse(bytes, n, err, sizeof err), CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "discard weight 1"));

    n = make_model(bytes, 1.0, "note");
    bytes[n - 5] = '\n';
    reseal(bytes, n);
    CU_ASSERT_EQUAL(parse(bytes, n, err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "note"));
}

/* Puts weight w at weight slot k (the discard weights, then the play weights) and reseals. */
static void set_weight(unsigned char *bytes, size_t n, int k, double w) {
    size_t at = 24 +
                (size_t)(CS_MODEL_DISCARD_FEATURES + CS_MODEL_PLAY_FEATURES) * CS_MODEL_NAME_LEN +
                8 * (size_t)k;
    uint64_t bits;
    memcpy(&bits, &w, sizeof bits);
    for (int b = 0; b < 8; b++) bytes[at + b] = (unsigned char)(bits >> (8 * b));
    reseal(bytes, n);
}

/* A finite weight beyond CS_MODEL_WEIGHT_MAX in size is refused like a NaN, in either block;
 * the largest allowed, +-CS_MODEL_WEIGHT_MAX itself, is read back exactly. */
static void test_model_refuses_a_resealed_oversized_finite_weight(void) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    char err[512];
    const double over[3] = {nextafter(CS_MODEL_WEIGHT_MAX, INFINITY), -2 * CS_MODEL_WEIGHT_MAX,
                            1e300};
    const int slot[2] = {2, CS_MODEL_DISCARD_FEATURES + 1};
    const char *named[2] = {"discard weight 2", "play weight 1"};
    for (int b = 0; b < 2; b++) {
        for (int i = 0; i < 3; i++) {
            size_t n = make_model(bytes, 1.0, "note");
            set_weight(bytes, n, slot[b], over[i]);
            CU_ASSERT_EQUAL(parse(bytes, n, err, sizeof err), CS_ERANGE);
            CU_ASSERT_PTR_NOT_NULL(strstr(err, named[b]));
        }
        for (int sign = -1; sign <= 1; sign += 2) {
            size_t n = make_model(bytes, 1.0, "note");
            set_weight(bytes, n, slot[b], sign * CS_MODEL_WEIGHT_MAX);
            cs_model m;
            CU_ASSERT_EQUAL_FATAL(
                cs_model_parse(bytes, n, "m.model", cs_model_feature_set(), &m, err, sizeof err),
                CS_OK);
            double got = b == 0 ? m.discard[2] : m.play[1];
            CU_ASSERT_DOUBLE_EQUAL(got, sign * CS_MODEL_WEIGHT_MAX, 0);
        }
    }
}

static void test_model_strategy_refuses_a_bad_path_at_create(void) {
    char err[512] = "";
    cs_player *p = cs_player_create("model:path=" CS_BINARY_DIR "/missing.model", err, sizeof err);
    CU_ASSERT_PTR_NULL(p);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "missing.model"));
    cs_player_destroy(p);
}

/* The weights decide the play: with only `card_value` weighted the model lays the highest
 * card that fits, with it negated the lowest. */
static void test_model_plays_what_its_weights_say(void) {
    const char *spec = "model:path=" TMP_MODEL;
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_card hand[4], kept[4];
    const char *text[4] = {"3C", "KD", "7H", "9S"};
    for (int i = 0; i < 4; i++) cs_card_parse(text[i], &hand[i]), kept[i] = hand[i];
    int score[2] = {0, 0}, left[2] = {4, 4};
    cs_view v = {.rules = &rules,
                 .seat = 1,
                 .dealer = 0,
                 .n_hand = 4,
                 .hand = hand,
                 .n_kept = 4,
                 .kept = kept,
                 .starter = 0,
                 .score = score,
                 .cards_left = left};
    for (int sign = -1; sign <= 1; sign += 2) {
        unsigned char bytes[CS_MODEL_FILE_MAX];
        size_t n = make_model(bytes, 0.0, "");
        size_t at = 24 + (size_t)(CS_MODEL_DISCARD_FEATURES + CS_MODEL_PLAY_FEATURES) * 24;
        memset(bytes + at, 0, 8 * (size_t)(CS_MODEL_DISCARD_FEATURES + CS_MODEL_PLAY_FEATURES));
        double w = sign;
        uint64_t bits;
        memcpy(&bits, &w, sizeof bits);
        at += 8 * (size_t)(CS_MODEL_DISCARD_FEATURES + 5); /* play feature 5: card_value */
        for (int b = 0; b < 8; b++) bytes[at + b] = (unsigned char)(bits >> (8 * b));
        reseal(bytes, n);
        write_file(TMP_MODEL, bytes, n);
        char err[512];
        cs_player *p = cs_player_create(spec, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        cs_agent a = cs_player_agent(p);
        cs_card out = CS_NO_CARD;
        CU_ASSERT_EQUAL(a.play(a.self, &v, &out), CS_OK);
        CU_ASSERT_EQUAL(out, sign > 0 ? hand[1] : hand[0]);
        cs_player_destroy(p);
    }
    remove(TMP_MODEL);
}

const char cs_suite_name[] = "model";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_model_crc32_matches_zlib_check_value),
    CS_TEST(test_model_reads_back_the_weights_and_note_written),
    CS_TEST(test_model_built_in_default_is_a_valid_model),
    CS_TEST(test_model_refuses_a_missing_file_naming_it),
    CS_TEST(test_model_refuses_every_truncation),
    CS_TEST(test_model_refuses_bytes_after_its_end),
    CS_TEST(test_model_refuses_a_foreign_file),
    CS_TEST(test_model_refuses_another_version),
    CS_TEST(test_model_refuses_other_dimensions),
    CS_TEST(test_model_refuses_another_feature_set),
    CS_TEST(test_model_refuses_a_flipped_bit_anywhere_after_the_header),
    CS_TEST(test_model_refuses_a_resealed_nan_weight_and_bad_note),
    CS_TEST(test_model_refuses_a_resealed_oversized_finite_weight),
    CS_TEST(test_model_strategy_refuses_a_bad_path_at_create),
    CS_TEST(test_model_plays_what_its_weights_say),
    {NULL, NULL},
};

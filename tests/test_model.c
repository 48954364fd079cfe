/* layer: strategies */
/*
 * test_model.c - the model file and the `model` strategy: the loader accepts a well-formed
 * file (a note of the longest length included) and the model compiled in, and refuses a
 * missing, unreadable, truncated (at every length), oversized, foreign, wrong-version,
 * wrong-dimension, wrong-feature-set or corrupt file with a message naming the file; the
 * weights it reads are the ones written and decide the play and the discard (with the crib
 * model of the game's rules); the features of a discard and of a play have the values worked
 * out by hand.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "model.h"
#include "play_view.h"
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

/* A folder opens but does not read: the loader says so, naming it and why. */
static void test_model_refuses_a_folder_it_cannot_read(void) {
    cs_model m;
    char err[512] = "";
    CU_ASSERT_EQUAL(cs_model_load(CS_BINARY_DIR, cs_model_feature_set(), &m, err, sizeof err),
                    CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot read model file"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, strerror(EISDIR)));
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
    /* Past the magic (8 bytes), a file without room for the header (16 bytes) and a checksum
     * (4) has not even a header; from 28 bytes on, the cut is measured against the size the
     * header promises, n. */
    char promised[64];
    snprintf(promised, sizeof promised, "%zu bytes where its header promises %zu", n - 1, n);
    for (size_t len = 8; len < 28; len++) {
        CU_ASSERT_EQUAL(parse(bytes, len, err, sizeof err), CS_ECOUNT);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "not even a header"));
    }
    CU_ASSERT_EQUAL(parse(bytes, 28, err, sizeof err), CS_ECOUNT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "28 bytes where its header promises"));
    CU_ASSERT_EQUAL(parse(bytes, n - 1, err, sizeof err), CS_ECOUNT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, promised));
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

/* Loaded from a file padded with zeros: at CS_MODEL_FILE_MAX bytes, the most a header can
 * describe, the file is still read and judged by its header (too long); one byte more and it
 * is refused unread as larger than any model file. */
static void test_model_load_reads_a_file_of_the_largest_size_and_no_larger(void) {
    static unsigned char bytes[CS_MODEL_FILE_MAX + 1];
    memset(bytes, 0, sizeof bytes);
    make_model(bytes, 1.0, "");
    cs_model m;
    char err[512];
    for (size_t extra = 0; extra < 2; extra++) {
        write_file(TMP_MODEL, bytes, CS_MODEL_FILE_MAX + extra);
        CU_ASSERT_EQUAL(cs_model_load(TMP_MODEL, cs_model_feature_set(), &m, err, sizeof err),
                        CS_ECOUNT);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, extra ? "larger than any model file" : "too long"));
    }
    remove(TMP_MODEL);
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

/* A note may be CS_MODEL_NOTE_MAX bytes long, and no longer. */
static void test_model_takes_a_note_of_the_longest_length_and_no_longer(void) {
    char note[CS_MODEL_NOTE_MAX + 2], err[512];
    memset(note, 'a', sizeof note - 1);
    note[CS_MODEL_NOTE_MAX + 1] = '\0';
    unsigned char bytes[CS_MODEL_FILE_MAX + 2];
    size_t n = make_model(bytes, 1.0, note);
    CU_ASSERT_NOT_EQUAL(parse(bytes, n, err, sizeof err), CS_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "note"));
    note[CS_MODEL_NOTE_MAX] = '\0';
    n = make_model(bytes, 1.0, note);
    cs_model m;
    CU_ASSERT_EQUAL_FATAL(
        cs_model_parse(bytes, n, "m.model", cs_model_feature_set(), &m, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL(strlen(m.note), CS_MODEL_NOTE_MAX);
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

/* Writes TMP_MODEL with every weight 0 but the one of feature k (discard features first, then
 * play features), which is w. */
static void write_one_weight_model(int k, double w) {
    unsigned char bytes[CS_MODEL_FILE_MAX];
    size_t n = make_model(bytes, 0.0, "");
    size_t at = 24 + (size_t)(CS_MODEL_DISCARD_FEATURES + CS_MODEL_PLAY_FEATURES) * 24;
    memset(bytes + at, 0, 8 * (size_t)(CS_MODEL_DISCARD_FEATURES + CS_MODEL_PLAY_FEATURES));
    uint64_t bits;
    memcpy(&bits, &w, sizeof bits);
    at += 8 * (size_t)k;
    for (int b = 0; b < 8; b++) bytes[at + b] = (unsigned char)(bits >> (8 * b));
    reseal(bytes, n);
    write_file(TMP_MODEL, bytes, n);
}

/* The weights decide the play: with only `card_value` weighted the model lays the highest
 * card that fits, with it negated the lowest; a card past 31 is never among them. */
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
        write_one_weight_model(CS_MODEL_DISCARD_FEATURES + 5, sign); /* card_value */
        char err[512];
        cs_player *p = cs_player_create(spec, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        cs_agent a = cs_player_agent(p);
        cs_card out = CS_NO_CARD;
        CU_ASSERT_EQUAL(a.play(a.self, &v, &out), CS_OK);
        CU_ASSERT_EQUAL(out, sign > 0 ? hand[1] : hand[0]);
        /* At 22 the king would make 32 and does not fit: the highest card that fits is the 9,
         * which makes exactly 31. */
        v.count = 22;
        CU_ASSERT_EQUAL(a.play(a.self, &v, &out), CS_OK);
        CU_ASSERT_EQUAL(out, sign > 0 ? hand[3] : hand[0]);
        v.count = 0;
        cs_player_destroy(p);
    }
    remove(TMP_MODEL);
}

/*
 * With only crib_expected weighted, the model lays away what makes its own crib best (dealing).
 * From 6D 5H 3H 9C TH 6S a five with a six or a ten is the crib's best start; where a crib
 * flush needs five cards 6-5 is worth the most (7.09 points), but where four make one the
 * suited 5H TH gains a flush chance and passes it (7.21). The player must build its crib model
 * for the rules of the game it is given.
 */
static void test_model_models_the_crib_under_the_games_flush_rule(void) {
    write_one_weight_model(1, 1.0); /* crib_expected */
    const char *text[6] = {"6D", "5H", "3H", "9C", "TH", "6S"};
    cs_card hand[6];
    for (int i = 0; i < 6; i++) hand[i] = card(text[i]);
    for (int flush_min = 5; flush_min >= 4; flush_min--) {
        cs_rules rules;
        cs_rules_preset(CS_PRESET_TWO, &rules);
        rules.crib_flush_min = flush_min;
        int score[2] = {0, 0}, left[2] = {6, 6};
        cs_view v = {.rules = &rules,
                     .seat = 0,
                     .dealer = 0,
                     .n_hand = 6,
                     .hand = hand,
                     .starter = CS_NO_CARD,
                     .score = score,
                     .cards_left = left};
        char err[512];
        cs_player *p = cs_player_create("model:path=" TMP_MODEL, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        cs_player_new_game(p, &rules, 1, 0, 0);
        cs_agent a = cs_player_agent(p);
        cs_card out[2];
        CU_ASSERT_EQUAL(a.discard(a.self, &v, out), CS_OK);
        CU_ASSERT_EQUAL(out[0], card(flush_min == 5 ? "6D" : "5H"));
        CU_ASSERT_EQUAL(out[1], card(flush_min == 5 ? "5H" : "TH"));
        cs_player_destroy(p);
    }
    remove(TMP_MODEL);
}

/* ---- the features, worked by hand ---- */

/* The discard features of keeping keep[4] and laying away toss[n_toss] from the six (or five)
 * dealt cards, with the crib's sign s; f[0] and f[1] are checked against the expectations
 * they are defined as (handvalue.h, tested in test_handvalue). */
static void discard_features(const char *const keep[4], const char *const toss[], int n_toss,
                             double s, double f[CS_MODEL_DISCARD_FEATURES]) {
    cs_split sp;
    cs_cardset dealt = 0;
    for (int i = 0; i < 4; i++) sp.keep[i] = card(keep[i]), dealt |= cs_cardset_of(sp.keep[i]);
    sp.toss[1] = CS_NO_CARD;
    for (int i = 0; i < n_toss; i++) sp.toss[i] = card(toss[i]), dealt |= cs_cardset_of(sp.toss[i]);
    cs_pool pool;
    cs_pool_init(&pool, CS_FULL_DECK & ~dealt);
    static cs_crib_model crib;
    cs_crib_model_build(&crib, 5);
    cs_model_discard_features(&sp, 4, n_toss, &pool, 4, &crib, s, f);
    CU_ASSERT_DOUBLE_EQUAL(f[0], cs_hand_expect(sp.keep, 4, &pool, 4), 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(f[1], s * cs_crib_expect(&crib, sp.toss, n_toss), 1e-12);
}

static void expect_features(const double f[], const double want[], int from, int n) {
    for (int k = from; k < n; k++) CU_ASSERT_DOUBLE_EQUAL(f[k], want[k], 1e-12);
}

/* The two-card features of four pairs laid away, and what the kept cards add. */
static void test_model_discard_features_of_two_cards_laid_away(void) {
    double f[CS_MODEL_DISCARD_FEATURES];
    const char *keep[4] = {"5H", "4S", "2D", "KC"};
    /* 5 and 10: a fifteen, one five, ranks five apart, two suits, worth 15; kept, one five
     * and two cards worth 4 or less (4, 2). */
    const char *fifteen[2] = {"5C", "TD"};
    discard_features(keep, fifteen, 2, 1.0, f);
    expect_features(f, (double[]){0, 0, 0, 1, 0, 1, 0, 0, 0, 1.5, 1, 2}, 2, 12);
    /* 3 and 2 of clubs into the other side's crib: a sum of five, ranks one apart, one suit,
     * worth 5, each counted against the seat (s = -1). */
    const char *low[2] = {"3C", "2C"};
    const char *keep2[4] = {"5H", "4S", "6D", "KC"};
    discard_features(keep2, low, 2, -1.0, f);
    expect_features(f, (double[]){0, 0, 0, 0, -1, 0, 0, -1, -1, -0.5, 1, 1}, 2, 12);
    /* Two jacks: a pair (rank gap 0 is no run chance), two jacks, worth 20. */
    const char *jacks[2] = {"JH", "JS"};
    discard_features(keep2, jacks, 2, 1.0, f);
    expect_features(f, (double[]){0, 0, 1, 0, 0, 0, 2, 0, 0, 2.0, 1, 1}, 2, 12);
    /* 9 and J: ranks two apart (a run chance with a ten), worth 19. */
    const char *gap[2] = {"JD", "9C"};
    discard_features(keep2, gap, 2, 1.0, f);
    expect_features(f, (double[]){0, 0, 0, 0, 0, 0, 1, 1, 0, 1.9, 1, 1}, 2, 12);
}

/* One card laid away (three or four players): the two-card features stay 0. */
static void test_model_discard_features_of_one_card_laid_away(void) {
    double f[CS_MODEL_DISCARD_FEATURES];
    const char *keep[4] = {"5H", "5S", "AD", "KC"}, *toss[1] = {"5D"};
    discard_features(keep, toss, 1, -1.0, f);
    expect_features(f, (double[]){0, 0, 0, 0, 0, -1, 0, 0, 0, -0.5, 2, 1}, 2, 12);
}

/* The chance that k of `total` unseen cards include one of `hits`, by the formula of model.h. */
static double any_of(int total, int hits, int k) {
    double miss = 1;
    for (int j = 0; j < k; j++) miss *= (double)(total - hits - j) / (total - j);
    return 1 - miss;
}

/*
 * Seat 0 holds TS 9D 3H and has laid KH; the dealer answered 6D (16). Seen: the four kept
 * cards, the discards AC 2C, the starter KC and 6D: 8 cards, so 44 unseen, and the dealer
 * holds 3 of them (play_view.h). Unseen by rank: A 3, 2 3, 3 3, 4 4, 5 4, 6 3, 9 3, T 3, K 2.
 *   TS (26): pegs nothing; of the replies that fit (A to 5, 17 unseen) only a five scores
 *     (31 for 2; no pair with the ten, no run with 6 and T); it keeps 3H, which fits after.
 *   3H (19): pegs nothing; every card fits; only a three scores (a pair: 3 unseen); TS fits
 *     after (29).
 */
static void test_model_play_features_of_a_series_in_progress(void) {
    play_view s;
    const char *hand[] = {"TS", "9D", "3H"}, *pile[] = {"KH", "6D"};
    play_view_make(&s, hand, 3, pile, 2, 0, 0);
    cs_model_reply reply;
    cs_model_reply_init(&s.v, &reply);
    CU_ASSERT_EQUAL(reply.total, 44);
    CU_ASSERT_EQUAL(reply.held, 3);
    const int unseen[CS_RANKS] = {3, 3, 3, 4, 4, 3, 4, 4, 3, 3, 4, 4, 2};
    for (int r = 0; r < CS_RANKS; r++) CU_ASSERT_EQUAL(reply.unseen[r], unseen[r]);
    for (int h = 0; h <= 4; h++)
        CU_ASSERT_DOUBLE_EQUAL(reply.rank_chance[h], any_of(44, h, 3), 1e-12);
    double f[CS_MODEL_PLAY_FEATURES];
    cs_model_play_features(&s.v, 0, &reply, f);
    double ten[] = {
        0, 2 * any_of(44, 4, 3), any_of(44, 4, 3), any_of(44, 17, 3), 26 / 31.0, 1.0, 0, 1, 0};
    expect_features(f, ten, 0, CS_MODEL_PLAY_FEATURES);
    cs_model_play_features(&s.v, 2, &reply, f);
    double three[] = {0, 2 * any_of(44, 3, 3), any_of(44, 3, 3), 1.0, 19 / 31.0, 0.3, 0, 1, 0};
    expect_features(f, three, 0, CS_MODEL_PLAY_FEATURES);
}

/* On K-Q-A (21) the ten makes 31 for 2 and the next seat leads a new series: nothing it lays
 * scores, everything fits, and the seat follows on no card of its own (the count is reset,
 * not 31 plus the two). */
/* The replies come from the next seat's cards, not mine: the pone holding TS 9D 3H (it laid 9C)
 * on KH 9C 6D (25), the dealer with two cards left. 43 cards unseen (the pone's four kept, the
 * discards AC 2C, the starter KC, the dealer's KH 6D), two of them held. */
static void test_model_reply_counts_the_next_seats_cards(void) {
    play_view s;
    const char *hand[] = {"TS", "9D", "3H"}, *pile[] = {"KH", "9C", "6D"};
    play_view_make(&s, hand, 3, pile, 3, 0, 0);
    CU_ASSERT_EQUAL_FATAL(s.left[1], 2);
    cs_model_reply reply;
    cs_model_reply_init(&s.v, &reply);
    CU_ASSERT_EQUAL(reply.total, 43);
    CU_ASSERT_EQUAL(reply.held, 2);
    for (int h = 0; h <= 4; h++)
        CU_ASSERT_DOUBLE_EQUAL(reply.rank_chance[h], any_of(43, h, 2), 1e-12);
}

static void test_model_play_features_after_thirty_one(void) {
    play_view s;
    const char *hand[] = {"TS", "2D"}, *pile[] = {"KH", "QD", "AS"};
    play_view_make(&s, hand, 2, pile, 3, 0, 0);
    cs_model_reply reply;
    cs_model_reply_init(&s.v, &reply);
    double f[CS_MODEL_PLAY_FEATURES];
    cs_model_play_features(&s.v, 0, &reply, f);
    expect_features(f, (double[]){2, 0, 0, 1, 1, 1, 0, 0, 0}, 0, CS_MODEL_PLAY_FEATURES);
}

/* On K-6 (16), TS and 6H each bring the count to 32 for the other: no card follows. */
static void test_model_play_features_no_follow_past_thirty_one(void) {
    play_view s;
    const char *hand[] = {"TS", "6H"}, *pile[] = {"KH", "6D"};
    play_view_make(&s, hand, 2, pile, 2, 0, 0);
    cs_model_reply reply;
    cs_model_reply_init(&s.v, &reply);
    double f[CS_MODEL_PLAY_FEATURES];
    for (int i = 0; i < 2; i++) {
        cs_model_play_features(&s.v, i, &reply, f);
        CU_ASSERT_EQUAL(f[7], 0);
    }
    /* The six pairs the dealer's six: 2. */
    cs_model_play_features(&s.v, 1, &reply, f);
    CU_ASSERT_EQUAL(f[0], 2);
}

/* Leading: a four is a low lead and the seat keeps its pair; a nine is neither. */
static void test_model_play_features_of_a_lead(void) {
    play_view s;
    const char *hand[] = {"4C", "4D", "9S"};
    play_view_make(&s, hand, 3, NULL, 0, 0, 0);
    cs_model_reply reply;
    cs_model_reply_init(&s.v, &reply);
    double f[CS_MODEL_PLAY_FEATURES];
    cs_model_play_features(&s.v, 0, &reply, f);
    CU_ASSERT_EQUAL(f[6], 1);
    CU_ASSERT_EQUAL(f[8], 1);
    cs_model_play_features(&s.v, 2, &reply, f);
    CU_ASSERT_EQUAL(f[6], 0);
    CU_ASSERT_EQUAL(f[8], 0);
}

const char cs_suite_name[] = "model";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_model_crc32_matches_zlib_check_value),
    CS_TEST(test_model_reads_back_the_weights_and_note_written),
    CS_TEST(test_model_built_in_default_is_a_valid_model),
    CS_TEST(test_model_refuses_a_missing_file_naming_it),
    CS_TEST(test_model_refuses_a_folder_it_cannot_read),
    CS_TEST(test_model_refuses_every_truncation),
    CS_TEST(test_model_refuses_bytes_after_its_end),
    CS_TEST(test_model_refuses_a_foreign_file),
    CS_TEST(test_model_refuses_another_version),
    CS_TEST(test_model_refuses_other_dimensions),
    CS_TEST(test_model_refuses_another_feature_set),
    CS_TEST(test_model_refuses_a_flipped_bit_anywhere_after_the_header),
    CS_TEST(test_model_takes_a_note_of_the_longest_length_and_no_longer),
    CS_TEST(test_model_load_reads_a_file_of_the_largest_size_and_no_larger),
    CS_TEST(test_model_refuses_a_resealed_nan_weight_and_bad_note),
    CS_TEST(test_model_refuses_a_resealed_oversized_finite_weight),
    CS_TEST(test_model_strategy_refuses_a_bad_path_at_create),
    CS_TEST(test_model_plays_what_its_weights_say),
    CS_TEST(test_model_models_the_crib_under_the_games_flush_rule),
    CS_TEST(test_model_discard_features_of_two_cards_laid_away),
    CS_TEST(test_model_discard_features_of_one_card_laid_away),
    CS_TEST(test_model_play_features_of_a_series_in_progress),
    CS_TEST(test_model_reply_counts_the_next_seats_cards),
    CS_TEST(test_model_play_features_after_thirty_one),
    CS_TEST(test_model_play_features_no_follow_past_thirty_one),
    CS_TEST(test_model_play_features_of_a_lead),
    {NULL, NULL},
};

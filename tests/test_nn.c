/* layer: strategies */
/*
 * test_nn.c - the network file and the `nn` strategy: the loader accepts a well-formed file
 * and the network compiled in, and refuses a missing, unreadable, foreign, wrong-version,
 * wrong-encoding, wrong-size, truncated (at every length), padded, corrupt, non-finite or
 * oversized file with a message naming it; the forward pass gives the hand-computed scores,
 * and its vector versions a plain forward pass's to the bit; the strategy plays and lays away what
 * its weights say, one card at a time.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "model_file.h"
#include "nn.h"
#include "strategy.h"

#define TMP_NN CS_BINARY_DIR "/test_nn_tmp.nn"

/* A file under construction: bytes and how many are written. */
typedef struct {
    unsigned char *b;
    size_t n;
} buf;

static void put_u32(buf *o, uint32_t v) {
    for (int k = 0; k < 4; k++) o->b[o->n++] = (unsigned char)(v >> (8 * k));
}

static void put_f32(buf *o, float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    put_u32(o, bits);
}

/* Puts the CRC of the first n - 4 bytes back at the end, as a careful forger would. */
static void reseal(unsigned char *bytes, size_t n) {
    uint32_t crc = cs_model_crc32(bytes, n - 4);
    for (int k = 0; k < 4; k++) bytes[n - 4 + k] = (unsigned char)(crc >> (8 * k));
}

/* Starts a network file in o: the magic, the format and encoding versions, the layer count,
 * the note's length and the n_layers + 1 sizes. */
static void put_header(buf *o, int n_layers, size_t note_len, const int *sizes) {
    memcpy(o->b, CS_NN_MAGIC, CS_NN_MAGIC_LEN);
    o->n = CS_NN_MAGIC_LEN;
    put_u32(o, CS_NN_VERSION);
    put_u32(o, CS_OBS_VERSION);
    put_u32(o, (uint32_t)n_layers);
    put_u32(o, (uint32_t)note_len);
    for (int l = 0; l <= n_layers; l++) put_u32(o, (uint32_t)sizes[l]);
}

/* The tiny network of the forward test: CS_OBS_SIZE -> 2 -> 53.
 *   h0 = relu(x[0] + 0.5 x[422] - 1), h1 = relu(-x[0] + 0.25 x[1] + 2)
 *   score[a] = 0.5 (a mod 4) h0 + w h1 + (a == 7 ? 3 : 0), w = -1 for a = 52, else 0.25 */
static float tiny_w0(int j, int i) {
    if (j == 0) return i == 0 ? 1.0f : i == 422 ? 0.5f : 0.0f;
    return i == 0 ? -1.0f : i == 1 ? 0.25f : 0.0f;
}
static float tiny_w1(int a, int j) {
    return j == 0 ? 0.5f * (float)(a % 4) : a == 52 ? -1.0f : 0.25f;
}

/* Writes the tiny network with a note into o (o->b has room: 8192 bytes). */
static void make_tiny(buf *o, const char *note) {
    const int sizes[] = {CS_OBS_SIZE, 2, CS_ACT_COUNT};
    put_header(o, 2, strlen(note), sizes);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < CS_OBS_SIZE; i++) put_f32(o, tiny_w0(j, i));
    put_f32(o, -1.0f);
    put_f32(o, 2.0f);
    for (int a = 0; a < CS_ACT_COUNT; a++)
        for (int j = 0; j < 2; j++) put_f32(o, tiny_w1(a, j));
    for (int a = 0; a < CS_ACT_COUNT; a++) put_f32(o, a == 7 ? 3.0f : 0.0f);
    memcpy(o->b + o->n, note, strlen(note));
    o->n += strlen(note);
    put_u32(o, 0);
    reseal(o->b, o->n);
}

/* Offsets in the tiny file. */
#define TINY_SIZES   24                                         /* the three sizes */
#define TINY_WEIGHTS (TINY_SIZES + 12)                          /* layer 0's weights */
#define TINY_BIAS1   (TINY_WEIGHTS + 4 * (2 * CS_OBS_SIZE + 2)) /* layer 1's weights */

/* A one-layer network CS_OBS_SIZE -> 53 whose score for a card is sign * its code where the seat
 * holds it (weight [a][CS_OBS_HAND + a]), 0 otherwise. */
static size_t make_linear(unsigned char *bytes, float sign) {
    buf o = {bytes, 0};
    const int sizes[] = {CS_OBS_SIZE, CS_ACT_COUNT};
    put_header(&o, 1, 0, sizes);
    for (int a = 0; a < CS_ACT_COUNT; a++)
        for (int i = 0; i < CS_OBS_SIZE; i++)
            put_f32(&o, a < 52 && i == CS_OBS_HAND + a ? sign * (float)a : 0.0f);
    for (int a = 0; a < CS_ACT_COUNT; a++) put_f32(&o, 0.0f);
    put_u32(&o, 0);
    reseal(o.b, o.n);
    return o.n;
}

static void write_file(const char *path, const unsigned char *bytes, size_t n) {
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(fwrite(bytes, 1, n, f), n);
    fclose(f);
}

/* Parses bytes as a file named "t.nn": the return code, with the message in err. */
static int parse(const unsigned char *bytes, size_t n, char *err, size_t err_len) {
    cs_nn net;
    err[0] = '\0';
    int rc = cs_nn_parse(bytes, n, "t.nn", &net, err, err_len);
    if (rc == CS_OK) cs_nn_free(&net);
    return rc;
}

static unsigned char tiny_bytes[8192];

/* The tiny file with the u32 at offset `at` set to v, resealed: the return code. */
static int parse_with_u32(size_t at, uint32_t v, char *err, size_t err_len) {
    buf o = {tiny_bytes, 0};
    make_tiny(&o, "");
    buf w = {tiny_bytes, at};
    put_u32(&w, v);
    reseal(o.b, o.n);
    return parse(o.b, o.n, err, err_len);
}

static void test_nn_forward_pass_gives_the_hand_computed_scores(void) {
    buf o = {tiny_bytes, 0};
    make_tiny(&o, "tiny");
    cs_nn net;
    char err[512] = "";
    CU_ASSERT_EQUAL_FATAL(cs_nn_parse(o.b, o.n, "t.nn", &net, err, sizeof err), CS_OK);
    CU_ASSERT_STRING_EQUAL(net.note, "tiny");
    CU_ASSERT_EQUAL(net.n_layers, 2);
    CU_ASSERT_EQUAL(net.sizes[1], 2);
    uint8_t obs[CS_OBS_SIZE] = {0};
    float scratch[2 * CS_NN_WIDTH_MAX], scores[CS_ACT_COUNT];
    /* x0 = 1, x1 = 4, x422 = 10: h0 = relu(1 + 5 - 1) = 5, h1 = relu(-1 + 1 + 2) = 2 */
    obs[0] = 1, obs[1] = 4, obs[422] = 10;
    cs_nn_forward(&net, obs, scratch, scores);
    int exact = 0;
    for (int a = 0; a < CS_ACT_COUNT; a++) {
        float want = 2.5f * (float)(a % 4) + (a == 52 ? -2.0f : 0.5f) + (a == 7 ? 3.0f : 0.0f);
        exact += scores[a] == want;
    }
    CU_ASSERT_EQUAL(exact, CS_ACT_COUNT);
    CU_ASSERT_EQUAL(scores[7], 11.0f);
    CU_ASSERT_EQUAL(scores[52], -2.0f);
    /* x0 = 3 alone: h0 = relu(3 - 1) = 2, h1 = relu(-3 + 2) = 0 (the relu cuts it) */
    memset(obs, 0, sizeof obs);
    obs[0] = 3;
    cs_nn_forward(&net, obs, scratch, scores);
    exact = 0;
    for (int a = 0; a < CS_ACT_COUNT; a++)
        exact += scores[a] == 1.0f * (float)(a % 4) + (a == 7 ? 3.0f : 0.0f);
    CU_ASSERT_EQUAL(exact, CS_ACT_COUNT);
    /* x0 = 1, x422 = 1: h0 = relu(1 + 0.5 - 1) = 0.5 and h1 = relu(-1 + 2) = 1, both above 0
     * (units below 1 count): score[a] = 0.25 (a mod 4) + w + (a == 7 ? 3 : 0) */
    memset(obs, 0, sizeof obs);
    obs[0] = 1, obs[422] = 1;
    cs_nn_forward(&net, obs, scratch, scores);
    exact = 0;
    for (int a = 0; a < CS_ACT_COUNT; a++) {
        float want = 0.25f * (float)(a % 4) + (a == 52 ? -1.0f : 0.25f) + (a == 7 ? 3.0f : 0.0f);
        exact += scores[a] == want;
    }
    CU_ASSERT_EQUAL(exact, CS_ACT_COUNT);
    CU_ASSERT_EQUAL(scores[7], 4.0f);
    /* the argmax takes legal actions only, the lowest on a tie */
    uint8_t mask[CS_ACT_COUNT] = {0};
    mask[3] = mask[52] = 1;
    CU_ASSERT_EQUAL(cs_nn_argmax(scores, mask), 3);
    memset(mask, 0, sizeof mask);
    mask[5] = mask[1] = 1; /* both score 1 */
    CU_ASSERT_EQUAL(cs_nn_argmax(scores, mask), 1);
    memset(mask, 0, sizeof mask);
    CU_ASSERT_EQUAL(cs_nn_argmax(scores, mask), -1);
    cs_nn_free(&net);
}

static void test_nn_reads_a_written_file_and_the_built_in_network(void) {
    buf o = {tiny_bytes, 0};
    make_tiny(&o, "made by a test");
    write_file(TMP_NN, o.b, o.n);
    cs_nn net;
    char err[512] = "";
    CU_ASSERT_EQUAL_FATAL(cs_nn_load(TMP_NN, &net, err, sizeof err), CS_OK);
    CU_ASSERT_STRING_EQUAL(net.note, "made by a test");
    cs_nn_free(&net);
    remove(TMP_NN);
    CU_ASSERT_EQUAL(
        cs_nn_parse(cs_nn_default_bytes, cs_nn_default_size, "default.nn", &net, err, sizeof err),
        CS_OK);
    CU_ASSERT_STRING_EQUAL(err, "");
    CU_ASSERT_EQUAL(net.sizes[0], CS_OBS_SIZE);
    CU_ASSERT_EQUAL(net.sizes[net.n_layers], CS_ACT_COUNT);
    cs_nn_free(&net);
}

static void test_nn_refuses_a_missing_file_naming_it(void) {
    cs_nn net;
    char err[512];
    CU_ASSERT_EQUAL(cs_nn_load(CS_BINARY_DIR "/no/such.nn", &net, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "no/such.nn"));
    CU_ASSERT_PTR_NULL(net.params);
}

/* A folder opens but does not read: the loader says so, naming it and why. */
static void test_nn_refuses_a_folder_it_cannot_read(void) {
    cs_nn net;
    char err[512] = "";
    CU_ASSERT_EQUAL(cs_nn_load(CS_BINARY_DIR, &net, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot read network file"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, strerror(EISDIR)));
}

static void test_nn_refuses_a_foreign_file(void) {
    const char *text = "#!/bin/sh\necho this is no network\n";
    char err[512];
    CU_ASSERT_EQUAL(parse((const unsigned char *)text, strlen(text), err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a cribsim network file"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.nn"));
}

static void test_nn_refuses_another_version_and_encoding(void) {
    char err[512];
    CU_ASSERT_EQUAL(parse_with_u32(8, 2, err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "format version 2"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.nn"));
    CU_ASSERT_EQUAL(parse_with_u32(12, CS_OBS_VERSION + 1, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "observation encoding"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.nn"));
}

static void test_nn_refuses_wrong_sizes(void) {
    char err[512];
    /* layer counts */
    CU_ASSERT_EQUAL(parse_with_u32(16, 0, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "0 layers"));
    CU_ASSERT_EQUAL(parse_with_u32(16, CS_NN_LAYERS_MAX + 1, err, sizeof err), CS_ECONFIG);
    /* inputs and outputs */
    CU_ASSERT_EQUAL(parse_with_u32(TINY_SIZES, CS_OBS_SIZE - 1, err, sizeof err), CS_ECONFIG);
    char want[32];
    snprintf(want, sizeof want, "%d inputs", CS_OBS_SIZE - 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
    CU_ASSERT_EQUAL(parse_with_u32(TINY_SIZES + 8, CS_ACT_COUNT + 1, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "54 outputs"));
    /* hidden sizes: none, too wide, and one that disagrees with the bytes */
    CU_ASSERT_EQUAL(parse_with_u32(TINY_SIZES + 4, 0, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "hidden layer 1 has 0 units"));
    CU_ASSERT_EQUAL(parse_with_u32(TINY_SIZES + 4, CS_NN_WIDTH_MAX + 1, err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_EQUAL(parse_with_u32(TINY_SIZES + 4, 3, err, sizeof err), CS_ECOUNT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "truncated"));
    /* a note longer than allowed */
    CU_ASSERT_EQUAL(parse_with_u32(20, CS_NN_NOTE_MAX + 1, err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "note"));
}

static void test_nn_refuses_every_truncation_and_bytes_after_its_end(void) {
    buf o = {tiny_bytes, 0};
    make_tiny(&o, "note");
    char err[512];
    int refused = 0;
    for (size_t len = 0; len < o.n; len++) {
        int rc = parse(o.b, len, err, sizeof err);
        refused += rc != CS_OK && strstr(err, "t.nn") != NULL;
    }
    CU_ASSERT_EQUAL(refused, (int)o.n);
    CU_ASSERT_EQUAL(parse(o.b, o.n - 1, err, sizeof err), CS_ECOUNT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "truncated"));
    /* each check from the byte where it begins: under the header and a checksum (24 + 4 bytes)
     * there is not even a header; under the three sizes and a checksum (24 + 12 + 4) the sizes
     * are cut off; from there the file is measured against its header's promise */
    const struct {
        size_t len;
        const char *says;
    } cut[4] = {{27, "not even a header"},
                {28, "its sizes cut off"},
                {39, "its sizes cut off"},
                {40, "its header promises"}};
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(parse(o.b, cut[i].len, err, sizeof err), CS_ECOUNT);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, cut[i].says));
    }
    o.b[o.n] = 0;
    CU_ASSERT_EQUAL(parse(o.b, o.n + 1, err, sizeof err), CS_ECOUNT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "too long"));
}

static void test_nn_refuses_a_flipped_bit_anywhere_after_the_header(void) {
    buf o = {tiny_bytes, 0};
    make_tiny(&o, "some note");
    char err[512];
    int checked = 0, refused = 0;
    for (size_t at = TINY_WEIGHTS; at < o.n; at += 7) {
        o.b[at] ^= 0x10;
        checked++;
        refused += parse(o.b, o.n, err, sizeof err) == CS_ESYNTAX && strstr(err, "corrupt");
        o.b[at] ^= 0x10;
    }
    CU_ASSERT_EQUAL(refused, checked);
    CU_ASSERT_EQUAL(parse(o.b, o.n, err, sizeof err), CS_OK);
}

static void test_nn_refuses_resealed_bad_weights_and_note(void) {
    buf o = {tiny_bytes, 0};
    char err[512];
    const float bad[] = {NAN, INFINITY, -INFINITY, 2e4f, -1.5e4f};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        make_tiny(&o, "");
        buf w = {o.b, TINY_WEIGHTS + 4 * 5}; /* layer 0, weight [0][5] */
        put_f32(&w, bad[k]);
        reseal(o.b, o.n);
        CU_ASSERT_EQUAL(parse(o.b, o.n, err, sizeof err), CS_ERANGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "layer 0 weight [0][5]"));
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.nn"));
    }
    make_tiny(&o, "");
    buf w = {o.b, TINY_BIAS1 + 4 * (106 + 9)}; /* layer 1, bias 9 */
    put_f32(&w, NAN);
    reseal(o.b, o.n);
    CU_ASSERT_EQUAL(parse(o.b, o.n, err, sizeof err), CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "layer 1 bias 9"));
    /* the largest allowed weight loads */
    make_tiny(&o, "");
    w.n = TINY_WEIGHTS;
    put_f32(&w, 1e4f);
    reseal(o.b, o.n);
    CU_ASSERT_EQUAL(parse(o.b, o.n, err, sizeof err), CS_OK);
    /* a note with a control byte */
    make_tiny(&o, "a note");
    o.b[o.n - 5] = '\n';
    reseal(o.b, o.n);
    CU_ASSERT_EQUAL(parse(o.b, o.n, err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "note"));
    /* the printable bytes' two ends, a space and a tilde, are taken; DEL (0x7F) past them is not */
    make_tiny(&o, " ~");
    CU_ASSERT_EQUAL(parse(o.b, o.n, err, sizeof err), CS_OK);
    make_tiny(&o, "a note");
    o.b[o.n - 5] = 0x7F;
    reseal(o.b, o.n);
    CU_ASSERT_EQUAL(parse(o.b, o.n, err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "note"));
}

static void test_nn_strategy_refuses_a_bad_path_at_create(void) {
    char err[512] = "";
    cs_player *p = cs_player_create("nn:path=" CS_BINARY_DIR "/missing.nn", err, sizeof err);
    CU_ASSERT_PTR_NULL(p);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "missing.nn"));
    cs_player_destroy(p);
}

/* The weights decide: scoring a held card by +code the strategy plays the highest code that
 * fits and lays away the two highest, one after the other; by -code the lowest. */
static void test_nn_plays_and_lays_away_what_its_weights_say(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    const char *text[6] = {"3C", "KD", "7H", "9S", "AD", "QC"};
    cs_card dealt[6];
    for (int i = 0; i < 6; i++) cs_card_parse(text[i], &dealt[i]);
    int score[2] = {0, 0}, left[2] = {6, 6};
    cs_view discard = {.rules = &rules,
                       .seat = 1,
                       .dealer = 0,
                       .n_hand = 6,
                       .hand = dealt,
                       .starter = CS_NO_CARD,
                       .score = score,
                       .cards_left = left};
    /* the play: 3C 7H 9S AD held, the count 23: 9S does not fit */
    cs_card held[4] = {dealt[0], dealt[2], dealt[3], dealt[4]};
    cs_card pile[2];
    cs_card_parse("KH", &pile[0]), cs_card_parse("2S", &pile[1]);
    uint8_t pseat[2] = {0, 1};
    int left4[2] = {3, 4};
    cs_view play = {.rules = &rules,
                    .seat = 1,
                    .dealer = 0,
                    .n_hand = 4,
                    .hand = held,
                    .n_kept = 4,
                    .kept = held,
                    .starter = dealt[5],
                    .count = 12,
                    .n_pile = 2,
                    .pile = pile,
                    .n_plays = 2,
                    .play_seat = pseat,
                    .play_card = pile,
                    .score = score,
                    .cards_left = left4};
    play.count = 23;
    static unsigned char bytes[4 * (CS_OBS_SIZE + 2) * CS_ACT_COUNT + 64];
    for (int sign = -1; sign <= 1; sign += 2) {
        write_file(TMP_NN, bytes, make_linear(bytes, (float)sign));
        char err[512];
        cs_player *p = cs_player_create("nn:path=" TMP_NN, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        cs_agent a = cs_player_agent(p);
        cs_card out[CS_MAX_DISCARD] = {CS_NO_CARD, CS_NO_CARD};
        CU_ASSERT_EQUAL(a.discard(a.self, &discard, out), CS_OK);
        /* codes: AD 1, 3C 8, 7H 26, 9S 35, QC 44, KD 49 */
        CU_ASSERT_EQUAL(out[0], sign > 0 ? dealt[1] : dealt[4]);
        CU_ASSERT_EQUAL(out[1], sign > 0 ? dealt[5] : dealt[0]);
        cs_card card = CS_NO_CARD;
        CU_ASSERT_EQUAL(a.play(a.self, &play, &card), CS_OK);
        CU_ASSERT_EQUAL(card, sign > 0 ? dealt[2] : dealt[4]); /* 7H fits (30); 9S does not */
        /* At 25 two cards fit, AD (26) and 3C (28): the weights choose between the two (a
         * choice between two is no forced move), the higher code 3C or the lower AD. */
        play.count = 25;
        CU_ASSERT_EQUAL(a.play(a.self, &play, &card), CS_OK);
        CU_ASSERT_EQUAL(card, sign > 0 ? dealt[0] : dealt[4]);
        /* Holding 3C 7H 9S at 29 none fits: the network has nothing to choose, and the play is
         * refused (a go is the engine's, never the strategy's answer), the card left as it
         * was. */
        play.n_hand = 3;
        play.count = 29;
        card = CS_NO_CARD;
        CU_ASSERT_EQUAL(a.play(a.self, &play, &card), CS_EILLEGAL);
        CU_ASSERT_EQUAL(card, CS_NO_CARD);
        /* Holding AD 3C 4S (codes 1, 8, 15) at 12, all fit: the weights read each input once,
         * 3C's too, which starts the observation's second eight bytes after AD in the first:
         * the highest code 4S or the lowest AD. */
        cs_card trio[3];
        cs_card_parse("AD", &trio[0]), cs_card_parse("3C", &trio[1]), cs_card_parse("4S", &trio[2]);
        play.hand = trio;
        play.count = 12;
        CU_ASSERT_EQUAL(a.play(a.self, &play, &card), CS_OK);
        CU_ASSERT_EQUAL(card, sign > 0 ? trio[2] : trio[0]);
        play.hand = held;
        play.n_hand = 4;
        play.count = 23;
        /* One card held and two to lay away: the first is that card, the second has no
         * choice left, and the discard is refused. */
        discard.n_hand = 1;
        out[1] = CS_NO_CARD;
        CU_ASSERT_EQUAL(a.discard(a.self, &discard, out), CS_EILLEGAL);
        CU_ASSERT_EQUAL(out[1], CS_NO_CARD);
        discard.n_hand = 6;
        cs_player_destroy(p);
    }
    remove(TMP_NN);
}

/* The built-in network plays whole games against expected without an illegal move. */
static void test_nn_built_in_network_plays_legal_games(void) {
    char err[512];
    cs_player *p = cs_player_create("nn", err, sizeof err);
    cs_player *q = cs_player_create("expected", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "nn:path=builtin");
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_game *g = cs_game_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    cs_agent agents[2] = {cs_player_agent(p), cs_player_agent(q)};
    for (uint64_t game = 0; game < 20; game++) {
        cs_player_new_game(p, &rules, 5, game, 0);
        cs_player_new_game(q, &rules, 5, game, 1);
        cs_game_begin(g, &rules, 5, game, CS_FIRST_DEALER_CUT, agents);
        cs_game_record rec;
        CU_ASSERT_EQUAL(cs_game_run(g, NULL, NULL, &rec), CS_OK);
    }
    cs_game_free(g);
    cs_player_destroy(p);
    cs_player_destroy(q);
}

/* The forward pass written plainly: each layer's output j is its bias plus x[i] * w[j][i] for
 * the inputs i above 0 in increasing order, the order every version of the forward pass keeps,
 * so the scores must agree to the bit. */
static void plain_forward(const cs_nn *net, const uint8_t *obs, float *scores) {
    float in[CS_NN_WIDTH_MAX > CS_OBS_SIZE ? CS_NN_WIDTH_MAX : CS_OBS_SIZE], out[CS_NN_WIDTH_MAX];
    for (int i = 0; i < CS_OBS_SIZE; i++) in[i] = (float)obs[i];
    for (int l = 0; l < net->n_layers; l++) {
        int n_in = net->sizes[l], n_out = net->sizes[l + 1];
        const float *w = net->params + net->w_at[l], *bias = net->params + net->b_at[l];
        for (int j = 0; j < n_out; j++) {
            float acc = bias[j];
            for (int i = 0; i < n_in; i++)
                if (in[i] > 0) acc += in[i] * w[(size_t)i * n_out + j];
            out[j] = acc;
        }
        if (l == net->n_layers - 1)
            memcpy(scores, out, sizeof *scores * (size_t)n_out);
        else
            for (int j = 0; j < n_out; j++) in[j] = out[j] > 0 ? out[j] : 0.0f;
    }
}

static uint64_t xorshift(uint64_t *x) {
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

/* A network of the given sizes (CS_OBS_SIZE first, CS_ACT_COUNT last) with weights drawn in
 * [-0.5, 0.5) and biases in [-0.25, 0.25), into bytes (room for it given); its length. */
static size_t make_random(unsigned char *bytes, const int *sizes, int n_layers, uint64_t seed) {
    buf o = {bytes, 0};
    put_header(&o, n_layers, 0, sizes);
    for (int l = 0; l < n_layers; l++) {
        for (int k = 0; k < sizes[l] * sizes[l + 1]; k++)
            put_f32(&o, (float)(xorshift(&seed) >> 40) / (float)(1 << 24) - 0.5f);
        for (int j = 0; j < sizes[l + 1]; j++)
            put_f32(&o, (float)(xorshift(&seed) >> 40) / (float)(1 << 25) - 0.25f);
    }
    put_u32(&o, 0);
    reseal(o.b, o.n);
    return o.n;
}

/*
 * cs_nn_forward() and cs_nn_choose() (the vector versions on a processor that has them, the
 * plain ones under the sanitizers) give plain_forward()'s scores to the bit: on the built-in
 * network and on random networks whose widths are not multiples of 4, 8 or 64, for 2,000
 * observations each, from all zeros to all set, the nonzero bytes 1 or anything up to 255.
 */
static void test_nn_forward_pass_equals_the_plain_one_to_the_bit(void) {
    static unsigned char bytes[4 * (CS_OBS_SIZE * 131 + 131 * 70 + 70 * 13 + 13 * CS_ACT_COUNT +
                                    131 + 70 + 13 + CS_ACT_COUNT) +
                               64];
    const int odd[] = {CS_OBS_SIZE, 131, 70, 13, CS_ACT_COUNT},
              narrow[] = {CS_OBS_SIZE, 7, CS_ACT_COUNT};
    char err[512] = "";
    for (int which = 0; which < 3; which++) {
        cs_nn net;
        if (which == 0)
            CU_ASSERT_EQUAL_FATAL(cs_nn_parse(cs_nn_default_bytes, cs_nn_default_size, "default.nn",
                                              &net, err, sizeof err),
                                  CS_OK);
        if (which > 0) {
            size_t n =
                which == 1 ? make_random(bytes, odd, 4, 11) : make_random(bytes, narrow, 2, 12);
            CU_ASSERT_EQUAL_FATAL(cs_nn_parse(bytes, n, "r.nn", &net, err, sizeof err), CS_OK);
        }
        uint64_t x = 0x9e3779b97f4a7c15ull + (uint64_t)which;
        int equal = 0, chosen = 0, trials = 2000;
        for (int t = 0; t < trials; t++) {
            uint8_t obs[CS_OBS_SIZE], mask[CS_ACT_COUNT];
            int density = t % 17; /* in sixteenths; 16 and over: every byte set */
            for (int i = 0; i < CS_OBS_SIZE; i++) {
                uint64_t r = xorshift(&x);
                int set = density >= 16 || (int)(r & 15) < density;
                obs[i] = !set ? 0 : t % 2 ? 1 : (uint8_t)(1 + (r >> 8) % 255);
            }
            for (int a = 0; a < CS_ACT_COUNT; a++) mask[a] = (xorshift(&x) & 3) == 0;
            float scratch[2 * CS_NN_WIDTH_MAX], want[CS_ACT_COUNT], got[CS_ACT_COUNT],
                part[CS_ACT_COUNT];
            plain_forward(&net, obs, want);
            cs_nn_forward(&net, obs, scratch, got);
            int same = memcmp(want, got, sizeof want) == 0;
            int best = cs_nn_choose(&net, obs, mask, scratch, part);
            for (int a = 0; a < CS_ACT_COUNT; a++)
                if (mask[a] && memcmp(&part[a], &want[a], sizeof want[a]) != 0) same = 0;
            equal += same;
            chosen += best == cs_nn_argmax(want, mask);
        }
        CU_ASSERT_EQUAL(equal, trials);
        CU_ASSERT_EQUAL(chosen, trials);
        if (equal != trials) fprintf(stderr, "network %d: %d of %d equal\n", which, equal, trials);
        cs_nn_free(&net);
    }
}

/*
 * cs_nn_choose() computes the last layer for the legal actions only: on the built-in network
 * and 3,000 random sparse observations with random masks it picks what cs_nn_argmax() picks on
 * cs_nn_forward()'s scores, with the legal actions' scores equal to the bit; on the tiny
 * network a tie goes to the lower action, and no legal action gives -1.
 */
static void test_nn_choose_is_the_argmax_of_the_full_forward_pass(void) {
    cs_nn net;
    char err[512] = "";
    CU_ASSERT_EQUAL_FATAL(
        cs_nn_parse(cs_nn_default_bytes, cs_nn_default_size, "default.nn", &net, err, sizeof err),
        CS_OK);
    uint64_t x = 0x2545f4914f6cdd1dull;
    int same = 0, bits = 0, trials = 3000;
    for (int t = 0; t < trials; t++) {
        uint8_t obs[CS_OBS_SIZE], mask[CS_ACT_COUNT] = {0};
        for (int i = 0; i < CS_OBS_SIZE; i++) {
            uint64_t r = xorshift(&x);
            obs[i] = (r & 15) == 0 ? (uint8_t)(r >> 32) : (r & 15) == 1 ? 1 : 0;
        }
        for (int a = 0; a < CS_ACT_COUNT; a++) mask[a] = (xorshift(&x) & 7) == 0;
        mask[t % CS_ACT_COUNT] = 1;
        float scratch[2 * CS_NN_WIDTH_MAX], full[CS_ACT_COUNT], part[CS_ACT_COUNT];
        cs_nn_forward(&net, obs, scratch, full);
        int want = cs_nn_argmax(full, mask);
        same += cs_nn_choose(&net, obs, mask, scratch, part) == want;
        int equal = 1;
        for (int a = 0; a < CS_ACT_COUNT; a++)
            if (mask[a] && memcmp(&full[a], &part[a], sizeof full[a]) != 0) equal = 0;
        bits += equal;
    }
    CU_ASSERT_EQUAL(same, trials);
    CU_ASSERT_EQUAL(bits, trials);
    cs_nn_free(&net);

    buf o = {tiny_bytes, 0};
    make_tiny(&o, "");
    CU_ASSERT_EQUAL_FATAL(cs_nn_parse(o.b, o.n, "t.nn", &net, err, sizeof err), CS_OK);
    uint8_t obs[CS_OBS_SIZE] = {0}, mask[CS_ACT_COUNT] = {0};
    float scratch[2 * CS_NN_WIDTH_MAX], scores[CS_ACT_COUNT];
    obs[0] = 3;            /* h0 = 2, h1 = 0: score[a] = a mod 4, + 3 for a = 7 */
    mask[5] = mask[1] = 1; /* both score 1 */
    CU_ASSERT_EQUAL(cs_nn_choose(&net, obs, mask, scratch, scores), 1);
    mask[7] = 1; /* 6 */
    CU_ASSERT_EQUAL(cs_nn_choose(&net, obs, mask, scratch, scores), 7);
    CU_ASSERT_EQUAL(scores[7], 6.0f);
    memset(mask, 0, sizeof mask);
    CU_ASSERT_EQUAL(cs_nn_choose(&net, obs, mask, scratch, scores), -1);
    cs_nn_free(&net);
}

const char cs_suite_name[] = "nn";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_nn_forward_pass_gives_the_hand_computed_scores),
    CS_TEST(test_nn_choose_is_the_argmax_of_the_full_forward_pass),
    CS_TEST(test_nn_reads_a_written_file_and_the_built_in_network),
    CS_TEST(test_nn_refuses_a_missing_file_naming_it),
    CS_TEST(test_nn_refuses_a_folder_it_cannot_read),
    CS_TEST(test_nn_refuses_a_foreign_file),
    CS_TEST(test_nn_refuses_another_version_and_encoding),
    CS_TEST(test_nn_refuses_wrong_sizes),
    CS_TEST(test_nn_refuses_every_truncation_and_bytes_after_its_end),
    CS_TEST(test_nn_refuses_a_flipped_bit_anywhere_after_the_header),
    CS_TEST(test_nn_forward_pass_equals_the_plain_one_to_the_bit),
    CS_TEST(test_nn_refuses_resealed_bad_weights_and_note),
    CS_TEST(test_nn_strategy_refuses_a_bad_path_at_create),
    CS_TEST(test_nn_plays_and_lays_away_what_its_weights_say),
    CS_TEST(test_nn_built_in_network_plays_legal_games),
    {NULL, NULL},
};

/* layer: experiments */
/*
 * test_h5io.c - the run file's writer and reader (experiments/io/h5io.h): the schema
 * docs/file-schema.md fixes, rows read back as written across chunk boundaries and syncs, reopening
 * cuts to the complete games, and foreign, truncated and existing files are refused with clear
 * messages.
 */
#include <hdf5.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cu_main.h"
#include "error.h"
#include "h5io.h"

static char dir[64];
static char made[32][128]; /* every path handed out, removed at exit */
static int n_made;

static const char *path_in_dir(const char *name) {
    char *p = made[n_made < 31 ? n_made++ : 31];
    snprintf(p, sizeof made[0], "%s/%s", dir, name);
    return p;
}

static void remove_dir(void) {
    if (getenv("KEEP")) return;
    for (int i = 0; i < n_made; i++) unlink(made[i]);
    rmdir(dir);
}

static void make_dir(void) {
    if (dir[0] != '\0') return;
    snprintf(dir, sizeof dir, "/tmp/cs_test_h5io_XXXXXX");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    atexit(remove_dir);
}

static void meta_for_test(cs_h5_meta *m, int deals) {
    memset(m, 0, sizeof *m);
    cs_h5_meta_provenance(m);
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_rules_to_json(&r, m->rules, sizeof m->rules);
    m->n_seats = 2;
    snprintf(m->seats[0], CS_H5_SPEC_MAX, "random");
    snprintf(m->seats[1], CS_H5_SPEC_MAX, "mc:samples=9,objective=win");
    m->seed = 77;
    m->games_requested = 100000;
    m->rotations = 2; /* the rows below alternate rotations 0 and 1 */
    m->shard_index = m->shard_count = 1;
    m->game_end = 100000;
    m->record_deals = deals;
    m->threads = 3;
    snprintf(m->command_line, sizeof m->command_line, "cribsim run --test");
    snprintf(m->status, sizeof m->status, "running");
}

/* A made-up but varied game row: every field depends on the index. */
static cs_games_row game_row(uint64_t g) {
    cs_games_row r;
    memset(&r, 0, sizeof r);
    r.game.game = g;
    r.game.first_dealer = (uint8_t)(g & 1);
    r.game.deals = (uint16_t)(8 + g % 9);
    r.game.winner = (int8_t)(g % 3 == 0 ? -1 : (int)(g % 2));
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        r.game.score[s] = (int16_t)(s < 2 ? (int)(60 + (g * 7 + (uint64_t)s) % 62) : -1);
        r.game.peg[s] = (int16_t)((g + (uint64_t)s) % 40);
        r.game.hand[s] = (int16_t)((g * 3 + (uint64_t)s) % 70);
        r.game.crib[s] = (int16_t)((g * 5) % 30);
        r.game.heels[s] = (int16_t)(2 * (g % 2));
        r.game.bonus[s] = (int16_t)(s == 1 ? 3 : 0);
        r.game.skunk[s] = (uint8_t)(g % 4);
    }
    r.game.lurch = (uint8_t)(g % 5 == 0);
    r.rotation = (uint8_t)(g % 2);
    r.card_game = g / 2;
    return r;
}

static cs_deal_record deal_row(uint64_t g, int d) {
    cs_deal_record r;
    memset(&r, 0xff, sizeof r); /* padding cards are 255 */
    r.game = g;
    r.deal = (uint16_t)d;
    r.dealer = (uint8_t)(d & 1);
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 6; k++) r.dealt[s][k] = (cs_card)((g + (uint64_t)(6 * s + k + d)) % 52);
    r.starter = (cs_card)(g % 52);
    r.n_plays = 8;
    for (int i = 0; i < CS_MAX_PLAYS; i++) {
        r.play_seat[i] = (uint8_t)(i < 8 ? i % 2 : 255);
        r.play_points[i] = (uint8_t)(i % 3);
    }
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        r.peg[s] = (int16_t)s;
        r.hand[s] = (int16_t)(d + s);
        r.score[s] = (int16_t)(s < 2 ? d * 10 + s : -1);
        r.bonus[s] = 0;
    }
    r.crib = 4;
    r.heels = (int16_t)(d == 2 ? 2 : 0);
    r.ended = 0;
    return r;
}

/* Writes games [from, to) with three deals each. */
static void write_range(cs_h5_writer *w, uint64_t from, uint64_t to) {
    for (uint64_t g = from; g < to; g++) {
        cs_games_row row = game_row(g);
        CU_ASSERT_EQUAL_FATAL(cs_h5_write_games(w, &row, 1), 0);
        for (int d = 0; d < 3; d++) {
            cs_deal_record dr = deal_row(g, d);
            CU_ASSERT_EQUAL_FATAL(cs_h5_write_deals(w, &dr, 1), 0);
        }
    }
}

static void check_file(const char *path, uint64_t games) {
    cs_h5_meta m;
    cs_h5_reader *r;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_open(path, &m, &r, err, sizeof err), 0);
    CU_ASSERT_EQUAL(cs_h5_reader_games(r), games);
    CU_ASSERT_EQUAL(cs_h5_reader_deals(r), 3 * games);
    cs_games_row *rows = malloc(games * sizeof *rows);
    cs_deal_record *deals = malloc(3 * games * sizeof *deals);
    CU_ASSERT_EQUAL(cs_h5_read_games(r, 0, (size_t)games, rows), 0);
    CU_ASSERT_EQUAL(cs_h5_read_deals(r, 0, (size_t)(3 * games), deals), 0);
    int bad = 0;
    for (uint64_t g = 0; g < games; g++) {
        cs_games_row want = game_row(g);
        const cs_game_record *a = &want.game, *b = &rows[g].game;
        if (a->game != b->game || a->first_dealer != b->first_dealer || a->deals != b->deals ||
            a->winner != b->winner || memcmp(a->score, b->score, sizeof a->score) != 0 ||
            memcmp(a->peg, b->peg, sizeof a->peg) != 0 ||
            memcmp(a->hand, b->hand, sizeof a->hand) != 0 ||
            memcmp(a->crib, b->crib, sizeof a->crib) != 0 ||
            memcmp(a->heels, b->heels, sizeof a->heels) != 0 ||
            memcmp(a->bonus, b->bonus, sizeof a->bonus) != 0 ||
            memcmp(a->skunk, b->skunk, sizeof a->skunk) != 0 || a->lurch != b->lurch ||
            want.rotation != rows[g].rotation || want.card_game != rows[g].card_game)
            bad++;
        for (int d = 0; d < 3; d++) {
            cs_deal_record wd = deal_row(g, d), *got = &deals[3 * g + (uint64_t)d];
            if (got->game != wd.game || got->deal != wd.deal ||
                memcmp(got->dealt, wd.dealt, sizeof wd.dealt) != 0 ||
                memcmp(got->play_seat, wd.play_seat, sizeof wd.play_seat) != 0 ||
                memcmp(got->score, wd.score, sizeof wd.score) != 0 || got->heels != wd.heels ||
                got->starter != wd.starter)
                bad++;
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    free(rows);
    free(deals);
    cs_h5_reader_close(r);
}

static void test_rows_read_back_as_written_across_chunks_and_syncs(void) {
    make_dir();
    const char *path = path_in_dir("rows.h5");
    cs_h5_meta m;
    meta_for_test(&m, 1);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    uint64_t total = 2 * CS_H5_GAMES_CHUNK + 123;
    write_range(w, 0, 5000);
    m.games_completed = 5000;
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 0), 0); /* a checkpoint inside a chunk */
    write_range(w, 5000, total);
    m.games_completed = total;
    CU_ASSERT_EQUAL(cs_h5_writer_games(w), total);
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    check_file(path, total);
}

/* Whether two files' tables hold the same compressed chunks, byte for byte. */
static int same_chunks(const char *a, const char *b, const char *name) {
    hid_t fa = H5Fopen(a, H5F_ACC_RDONLY, H5P_DEFAULT),
          fb = H5Fopen(b, H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t da = H5Dopen2(fa, name, H5P_DEFAULT), db = H5Dopen2(fb, name, H5P_DEFAULT);
    hid_t sa = H5Dget_space(da), sb = H5Dget_space(db);
    hsize_t na = 0, nb = 0;
    H5Dget_num_chunks(da, sa, &na);
    H5Dget_num_chunks(db, sb, &nb);
    int same = na == nb && na > 0;
    for (hsize_t i = 0; same && i < na; i++) {
        hsize_t off_a[1], off_b[1], size_a = 0, size_b = 0;
        unsigned mask;
        haddr_t addr;
        H5Dget_chunk_info(da, sa, i, off_a, &mask, &addr, &size_a);
        H5Dget_chunk_info(db, sb, i, off_b, &mask, &addr, &size_b);
        unsigned char *x = malloc(size_a + 1), *y = malloc(size_b + 1);
        uint32_t filters;
        same = off_a[0] == off_b[0] && size_a == size_b &&
               H5Dread_chunk(da, H5P_DEFAULT, off_a, &filters, x) >= 0 &&
               H5Dread_chunk(db, H5P_DEFAULT, off_b, &filters, y) >= 0 && memcmp(x, y, size_a) == 0;
        free(x);
        free(y);
    }
    H5Sclose(sa);
    H5Sclose(sb);
    H5Dclose(da);
    H5Dclose(db);
    H5Fclose(fa);
    H5Fclose(fb);
    return same;
}

typedef struct {
    cs_h5_writer *w;
    atomic_int stop;
    int compressed;
} helper;

static void *helper_loop(void *arg) {
    helper *h = arg;
    while (!atomic_load(&h->stop))
        if (cs_h5_writer_compress_one(h->w)) h->compressed++;
    while (cs_h5_writer_compress_one(h->w)) h->compressed++;
    return NULL;
}

/*
 * Helpers: full chunks wait in a queue for other threads to compress them (the runner's
 * players), and the file is the same, chunk for chunk, as when the writer compresses each
 * chunk itself. First with the helper's calls made in turn with the writes (so every full
 * chunk is left to it), then with a real second thread.
 */
static void test_helpers_compress_full_chunks_and_change_no_byte(void) {
    make_dir();
    const char *plain = path_in_dir("plain.h5"), *helped = path_in_dir("helped.h5"),
               *threaded = path_in_dir("threaded.h5");
    uint64_t total = 2 * CS_H5_GAMES_CHUNK + 4321; /* 2 full /games chunks, 3 deals a game */
    int full_chunks = 2 + (int)(3 * total / CS_H5_DEALS_CHUNK);
    cs_h5_meta m;
    meta_for_test(&m, 1);
    m.games_completed = total;
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(plain, 1, &m, &w, err, sizeof err), 0);
    write_range(w, 0, total);
    CU_ASSERT_EQUAL(cs_h5_writer_has_work(w), 0); /* no helpers: nothing is ever queued */
    CU_ASSERT_EQUAL(cs_h5_writer_compress_one(w), 0);
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);

    CU_ASSERT_EQUAL_FATAL(cs_h5_create(helped, 1, &m, &w, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(cs_h5_writer_helpers(w, 3), 0);
    int compressed = 0;
    for (uint64_t g = 0; g < total; g += 1000) {
        write_range(w, g, g + 1000 < total ? g + 1000 : total);
        while (cs_h5_writer_compress_one(w)) compressed++;
        CU_ASSERT_EQUAL(cs_h5_writer_has_work(w), 0);
    }
    CU_ASSERT_EQUAL(compressed, full_chunks); /* every full chunk went to the helper */
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    CU_ASSERT(same_chunks(plain, helped, "games"));
    CU_ASSERT(same_chunks(plain, helped, "deals"));
    check_file(helped, total);

    CU_ASSERT_EQUAL_FATAL(cs_h5_create(threaded, 1, &m, &w, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(cs_h5_writer_helpers(w, 1), 0);
    helper h = {.w = w, .compressed = 0};
    atomic_init(&h.stop, 0);
    pthread_t th;
    CU_ASSERT_EQUAL_FATAL(pthread_create(&th, NULL, helper_loop, &h), 0);
    for (uint64_t g = 0; g < total; g += 100) {
        write_range(w, g, g + 100 < total ? g + 100 : total);
        if (g == 10000) { /* a checkpoint while chunks are queued and being compressed */
            cs_h5_meta now = m;
            now.games_completed = g;
            CU_ASSERT_EQUAL(cs_h5_sync(w, &now, 0), 0);
        }
    }
    atomic_store(&h.stop, 1);
    pthread_join(th, NULL);
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    CU_ASSERT(same_chunks(plain, threaded, "games"));
    CU_ASSERT(same_chunks(plain, threaded, "deals"));
}

static void test_attributes_round_trip(void) {
    make_dir();
    const char *path = path_in_dir("attrs.h5");
    cs_h5_meta m, back;
    meta_for_test(&m, 0);
    m.has_sprt = 1;
    snprintf(m.sprt, sizeof m.sprt, "elo0=0 elo1=10 alpha=0.05 beta=0.05 every=1000");
    snprintf(m.sprt_decision, sizeof m.sprt_decision, "H1");
    m.sprt_llr = 3.25;
    snprintf(m.experiment, sizeof m.experiment, "ladder");
    snprintf(m.arm, sizeof m.arm, "mc-expected");
    m.arm_index = 3;
    cs_h5_writer *w;
    cs_h5_reader *r;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    CU_ASSERT_EQUAL_FATAL(cs_h5_open(path, &back, &r, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(back.experiment, "ladder");
    CU_ASSERT_STRING_EQUAL(back.arm, "mc-expected");
    CU_ASSERT_EQUAL(back.arm_index, 3);
    CU_ASSERT_STRING_EQUAL(back.rules, m.rules);
    CU_ASSERT_EQUAL(back.n_seats, 2);
    CU_ASSERT_STRING_EQUAL(back.seats[1], "mc:samples=9,objective=win");
    CU_ASSERT_EQUAL(back.seed, 77);
    CU_ASSERT_EQUAL(back.games_requested, 100000);
    CU_ASSERT_EQUAL(back.threads, 3);
    CU_ASSERT_STRING_EQUAL(back.rng, CS_RNG_DESCRIPTION);
    CU_ASSERT_STRING_EQUAL(back.command_line, "cribsim run --test");
    CU_ASSERT_STRING_EQUAL(back.created_utc, m.created_utc);
    CU_ASSERT_EQUAL(back.has_sprt, 1);
    CU_ASSERT_STRING_EQUAL(back.sprt_decision, "H1");
    CU_ASSERT_DOUBLE_EQUAL(back.sprt_llr, 3.25, 1e-12);
    CU_ASSERT_FALSE(cs_h5_reader_has_deals(r));
    cs_h5_reader_close(r);
}

/* The documented /games and /deals fields, in its order, with its types, as the file stores them.
 */
static void check_fields(hid_t file, const char *name, const char *const *fields,
                         const H5T_class_t *classes) {
    hid_t d = H5Dopen2(file, name, H5P_DEFAULT);
    CU_ASSERT_FATAL(d >= 0);
    hid_t t = H5Dget_type(d);
    int n = 0;
    while (fields[n] != NULL) n++;
    CU_ASSERT_EQUAL(H5Tget_nmembers(t), n);
    for (int i = 0; i < n && i < H5Tget_nmembers(t); i++) {
        char *got = H5Tget_member_name(t, (unsigned)i);
        CU_ASSERT_STRING_EQUAL(got, fields[i]);
        CU_ASSERT_EQUAL(H5Tget_member_class(t, (unsigned)i), classes[i]);
        H5free_memory(got);
    }
    hid_t dcpl = H5Dget_create_plist(d);
    unsigned flags, cd[8];
    size_t ncd = 8;
    int nf = H5Pget_nfilters(dcpl);
    CU_ASSERT_EQUAL(nf, 2);
    CU_ASSERT_EQUAL(H5Pget_filter2(dcpl, 0, &flags, &ncd, cd, 0, NULL, NULL), H5Z_FILTER_SHUFFLE);
    ncd = 8;
    CU_ASSERT_EQUAL(H5Pget_filter2(dcpl, 1, &flags, &ncd, cd, 0, NULL, NULL), H5Z_FILTER_DEFLATE);
    CU_ASSERT_EQUAL(H5Pget_layout(dcpl), H5D_CHUNKED);
    H5Pclose(dcpl);
    H5Tclose(t);
    H5Dclose(d);
}

static void test_tables_have_the_design_schema_chunked_and_compressed(void) {
    make_dir();
    const char *path = path_in_dir("schema.h5");
    cs_h5_meta m;
    meta_for_test(&m, 1);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    const H5T_class_t I = H5T_INTEGER, A = H5T_ARRAY;
    static const char *const games[] = {"game",   "first_dealer", "deals",    "winner",    "score",
                                        "peg",    "hand",         "crib",     "heels",     "bonus",
                                        "skunk",  "lurch",        "rotation", "card_game", "missed",
                                        "mugged", "penalty",      NULL};
    const H5T_class_t games_c[] = {I, I, I, I, A, A, A, A, A, A, A, I, I, I, A, A, A};
    static const char *const deals[] = {
        "game",        "deal",        "dealer",      "dealt",       "crib_extra",  "discard",
        "starter",     "n_plays",     "play_seat",   "play_card",   "play_points", "peg",
        "hand",        "crib",        "heels",       "score",       "ended",       "bonus",
        "play_missed", "play_mugged", "hand_missed", "hand_mugged", "crib_missed", "crib_mugged",
        "mugged",      "renege",      "penalty",     NULL};
    const H5T_class_t deals_cls[] = {I, I, I, A, I, A, I, I, A, A, A, A, A, I,
                                     I, A, I, A, A, A, A, A, I, I, A, A, A};
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    CU_ASSERT_FATAL(f >= 0);
    check_fields(f, "games", games, games_c);
    check_fields(f, "deals", deals, deals_cls);
    static const char *const attrs[] = {"schema_version",
                                        "engine_version",
                                        "git_commit",
                                        "rules",
                                        "seats",
                                        "seed",
                                        "games_requested",
                                        "games_completed",
                                        "rng",
                                        "created_utc",
                                        "threads",
                                        "command_line",
                                        NULL};
    for (int i = 0; attrs[i] != NULL; i++) CU_ASSERT(H5Aexists(f, attrs[i]) > 0);
    H5Fclose(f);
}

static void test_existing_file_refused_without_force(void) {
    make_dir();
    const char *path = path_in_dir("exists.h5");
    FILE *f = fopen(path, "w");
    fputs("precious", f);
    fclose(f);
    cs_h5_meta m;
    meta_for_test(&m, 0);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL(cs_h5_create(path, 0, &m, &w, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "--force"));
    f = fopen(path, "r");
    char buf[16] = "";
    CU_ASSERT_PTR_NOT_NULL(fgets(buf, sizeof buf, f));
    fclose(f);
    CU_ASSERT_STRING_EQUAL(buf, "precious"); /* untouched */
    CU_ASSERT_EQUAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
}

/* While a writer holds a file, a second writer (create with force, or reopen) is refused
 * naming it, and the first goes on to a whole file. */
static void test_a_second_writer_is_refused_while_the_first_writes(void) {
    make_dir();
    const char *path = path_in_dir("held.h5");
    cs_h5_meta m;
    meta_for_test(&m, 1);
    cs_h5_writer *w, *second;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    write_range(w, 0, 20000);
    m.games_completed = 20000;
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 0), 0);
    CU_ASSERT_EQUAL(cs_h5_create(path, 1, &m, &second, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "held.h5 is being written by another process"));
    cs_h5_meta back;
    CU_ASSERT_EQUAL(cs_h5_reopen(path, &back, &second, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "held.h5 is being written by another process"));
    write_range(w, 20000, 30000);
    m.games_completed = 30000;
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    check_file(path, 30000);
}

static void test_unwritable_path_names_the_reason(void) {
    cs_h5_meta m;
    meta_for_test(&m, 0);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL(cs_h5_create("/nonexistent-dir/x.h5", 0, &m, &w, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent-dir/x.h5"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "No such file"));
}

static void test_reopen_cuts_to_complete_games_and_continues(void) {
    make_dir();
    const char *path = path_in_dir("reopen.h5");
    cs_h5_meta m;
    meta_for_test(&m, 1);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    write_range(w, 0, 20000);
    m.games_completed = 17000; /* as if the rows past 17000 were written after the last sync */
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    cs_h5_meta back;
    CU_ASSERT_EQUAL_FATAL(cs_h5_reopen(path, &back, &w, err, sizeof err), 0);
    CU_ASSERT_EQUAL(back.games_completed, 17000);
    CU_ASSERT_EQUAL(cs_h5_writer_games(w), 17000);
    CU_ASSERT_EQUAL(cs_h5_writer_deals(w), 3 * 17000);
    cs_games_row row;
    CU_ASSERT_EQUAL(cs_h5_writer_read_games(w, 16999, 1, &row), 0);
    CU_ASSERT_EQUAL(row.game.game, 16999);
    write_range(w, 17000, 40000);
    back.games_completed = 40000;
    CU_ASSERT_EQUAL(cs_h5_sync(w, &back, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    check_file(path, 40000);
}

static void test_find_deals_locates_each_game(void) {
    make_dir();
    const char *path = path_in_dir("find.h5");
    cs_h5_meta m;
    meta_for_test(&m, 1);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    write_range(w, 0, 3000);
    m.games_completed = 3000;
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    cs_h5_reader *r;
    CU_ASSERT_EQUAL_FATAL(cs_h5_open(path, &m, &r, err, sizeof err), 0);
    const uint64_t probes[] = {0, 1, 1234, 2999};
    for (size_t i = 0; i < 4; i++) {
        uint64_t first, count;
        CU_ASSERT_EQUAL(cs_h5_find_deals(r, probes[i], &first, &count), 0);
        CU_ASSERT_EQUAL(first, 3 * probes[i]);
        CU_ASSERT_EQUAL(count, 3);
    }
    uint64_t first, count;
    CU_ASSERT_EQUAL(cs_h5_find_deals(r, 3000, &first, &count), 0);
    CU_ASSERT_EQUAL(count, 0);
    cs_games_row row;
    CU_ASSERT_EQUAL(cs_h5_read_games(r, 3000, 1, &row), CS_ERANGE);
    cs_h5_reader_close(r);
}

static void test_foreign_files_are_refused_with_a_reason(void) {
    make_dir();
    cs_h5_meta m;
    cs_h5_reader *r;
    char err[512];
    const char *text = path_in_dir("text.h5");
    FILE *f = fopen(text, "w");
    fputs("not hdf5 at all\n", f);
    fclose(f);
    CU_ASSERT_EQUAL(cs_h5_open(text, &m, &r, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "not an HDF5 file"));
    CU_ASSERT_EQUAL(cs_h5_open(path_in_dir("missing.h5"), &m, &r, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "No such file"));
    /* HDF5, but not ours: no attributes, no /games. */
    const char *plain = path_in_dir("plain.h5");
    hid_t h = H5Fcreate(plain, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    H5Fclose(h);
    CU_ASSERT_EQUAL(cs_h5_open(plain, &m, &r, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a cribsim run file"));
}

static void test_truncated_file_is_refused_with_a_reason(void) {
    make_dir();
    const char *path = path_in_dir("whole.h5"), *cut = path_in_dir("cut.h5");
    cs_h5_meta m;
    meta_for_test(&m, 1);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    write_range(w, 0, 20000);
    m.games_completed = 20000;
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    struct stat st;
    CU_ASSERT_EQUAL_FATAL(stat(path, &st), 0);
    FILE *in = fopen(path, "rb"), *out = fopen(cut, "wb");
    for (off_t i = 0; i < st.st_size / 2; i++) fputc(fgetc(in), out);
    fclose(in);
    fclose(out);
    cs_h5_reader *r;
    CU_ASSERT_EQUAL(cs_h5_open(cut, &m, &r, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "truncated"));
    CU_ASSERT_NOT_EQUAL(cs_h5_reopen(cut, &m, &w, err, sizeof err), 0);
}

/* A deal row whose every byte varies (a generator keyed by the row), valid for the reader's
 * checks: cards 0-51 or 255, the dealer and the seats of the plays made 0 or 1. */
static cs_deal_record varied_deal_row(uint64_t row) {
    cs_deal_record r;
    memset(&r, 0, sizeof r);
    uint64_t x = row * 0x9E3779B97F4A7C15ull + 12345;
    unsigned char *bytes = (unsigned char *)&r;
    for (size_t i = 0; i < sizeof r; i++) {
        x ^= x >> 29;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 32;
        bytes[i] = (unsigned char)x;
    }
    r.game = row / 5;
    r.deal = (uint16_t)(row % 5);
    r.dealer = (uint8_t)(r.dealer & 1);
    cs_card *cards[] = {&r.crib_extra, &r.starter};
    for (int i = 0; i < 2; i++) *cards[i] = (cs_card)(*cards[i] % 53 == 52 ? 255 : *cards[i] % 52);
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        for (int k = 0; k < CS_MAX_DEALT; k++)
            r.dealt[s][k] = (cs_card)(r.dealt[s][k] % 53 == 52 ? 255 : r.dealt[s][k] % 52);
        for (int k = 0; k < CS_MAX_DISCARD; k++)
            r.discard[s][k] = (cs_card)(r.discard[s][k] % 53 == 52 ? 255 : r.discard[s][k] % 52);
    }
    r.n_plays = (uint8_t)(r.n_plays % (CS_MAX_PLAYS + 1));
    for (int k = 0; k < r.n_plays; k++) {
        r.play_card[k] = (cs_card)(r.play_card[k] % 52);
        r.play_seat[k] = (uint8_t)(r.play_seat[k] & 1);
    }
    return r;
}

static int same_deal(const cs_deal_record *a, const cs_deal_record *b) {
#define SAME(f) (memcmp(&a->f, &b->f, sizeof a->f) == 0)
    return SAME(game) && SAME(deal) && SAME(dealer) && SAME(dealt) && SAME(crib_extra) &&
           SAME(discard) && SAME(starter) && SAME(n_plays) && SAME(play_seat) && SAME(play_card) &&
           SAME(play_points) && SAME(peg) && SAME(hand) && SAME(crib) && SAME(heels) &&
           SAME(score) && SAME(ended) && SAME(bonus);
#undef SAME
}

/*
 * Every field of every /deals row reads back through HDF5 (its own inflate and unshuffle) as
 * written, whatever the bytes: rows written in runs of every length from 1 to 150, so that the
 * writer's block scatter (64 rows at a time) and its row-by-row path both fill chunks, from
 * any offset, across chunk boundaries and a partial last chunk.
 */
static void test_every_deal_byte_reads_back_as_written(void) {
    make_dir();
    const char *path = path_in_dir("deal_bytes.h5");
    cs_h5_meta m;
    meta_for_test(&m, 1);
    cs_h5_writer *w;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_create(path, 1, &m, &w, err, sizeof err), 0);
    size_t total = 2 * CS_H5_DEALS_CHUNK + 777, games = (total + 4) / 5;
    cs_deal_record *rows = malloc(total * sizeof *rows), *back = malloc(total * sizeof *back);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rows);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    for (size_t i = 0; i < total; i++) rows[i] = varied_deal_row(i);
    for (uint64_t g = 0; g < games; g++) {
        cs_games_row row = game_row(g);
        CU_ASSERT_EQUAL_FATAL(cs_h5_write_games(w, &row, 1), 0);
    }
    for (size_t i = 0, run = 1; i < total; i += run, run = run % 150 + 1) {
        size_t n = total - i < run ? total - i : run;
        CU_ASSERT_EQUAL_FATAL(cs_h5_write_deals(w, rows + i, n), 0);
    }
    m.games_completed = games;
    CU_ASSERT_EQUAL(cs_h5_sync(w, &m, 1), 0);
    CU_ASSERT_EQUAL(cs_h5_close(w), 0);
    cs_h5_reader *r;
    CU_ASSERT_EQUAL_FATAL(cs_h5_open(path, &m, &r, err, sizeof err), 0);
    CU_ASSERT_EQUAL_FATAL(cs_h5_reader_deals(r), total);
    CU_ASSERT_EQUAL_FATAL(cs_h5_read_deals(r, 0, total, back), 0);
    size_t bad = 0;
    for (size_t i = 0; i < total; i++) bad += !same_deal(&rows[i], &back[i]);
    CU_ASSERT_EQUAL(bad, 0);
    cs_h5_reader_close(r);
    free(rows);
    free(back);
}

const char cs_suite_name[] = "h5io";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_rows_read_back_as_written_across_chunks_and_syncs),
    CS_TEST(test_helpers_compress_full_chunks_and_change_no_byte),
    CS_TEST(test_attributes_round_trip),
    CS_TEST(test_tables_have_the_design_schema_chunked_and_compressed),
    CS_TEST(test_existing_file_refused_without_force),
    CS_TEST(test_a_second_writer_is_refused_while_the_first_writes),
    CS_TEST(test_unwritable_path_names_the_reason),
    CS_TEST(test_reopen_cuts_to_complete_games_and_continues),
    CS_TEST(test_find_deals_locates_each_game),
    CS_TEST(test_foreign_files_are_refused_with_a_reason),
    CS_TEST(test_truncated_file_is_refused_with_a_reason),
    CS_TEST(test_every_deal_byte_reads_back_as_written),
    {NULL, NULL},
};

/* layer: experiments */
/*
 * test_runner.c - the experiment runner (experiments/runner/runner.h): byte-identical tables for
 * one, two and eight threads, after an interruption and --resume, and from shards merged; duplicate
 * deals; the SPRT stopping at the same game whatever the threads; the summary; and every bad
 * experiment refused before a game is played.
 */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "cu_main.h"
#include "error.h"
#include "h5io.h"
#include "runner.h"

static char dir[64];
static char made[64][128];
static int n_made;

static void remove_dir(void) {
    for (int i = 0; i < n_made; i++) unlink(made[i]);
    rmdir(dir);
}

static const char *path_in_dir(const char *name) {
    if (dir[0] == '\0') {
        snprintf(dir, sizeof dir, "/tmp/cs_test_runner_XXXXXX");
        if (mkdtemp(dir) == NULL) return NULL;
        atexit(remove_dir);
    }
    char *p = made[n_made < 63 ? n_made++ : 63];
    snprintf(p, sizeof made[0], "%s/%s", dir, name);
    unlink(p);
    return p;
}

/* random against greedy on two-player rules: quick, and the seats differ. */
static void experiment(cs_experiment *e, uint64_t games, const char *output) {
    cs_experiment_defaults(e);
    snprintf(e->seats[0], CS_H5_SPEC_MAX, "random");
    snprintf(e->seats[1], CS_H5_SPEC_MAX, "greedy");
    e->games = games;
    e->seed = 2024;
    e->output = output;
    e->quiet = 1;
    e->threads = 1;
}

static int run(const cs_experiment *e, cs_run_result *res) {
    char err[2048];
    int rc = cs_run(e, res, err, sizeof err);
    if (rc != 0) fprintf(stderr, "\n  cs_run: %s\n", err);
    return rc;
}

/* The dataset's bytes as stored (its own type, no conversion); NULL if it is missing. */
static unsigned char *table_bytes(const char *path, const char *name, size_t *len) {
    *len = 0;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return NULL;
    unsigned char *buf = NULL;
    if (H5Lexists(f, name, H5P_DEFAULT) > 0) {
        hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
        hid_t t = H5Dget_type(d), s = H5Dget_space(d);
        hssize_t n = H5Sget_simple_extent_npoints(s);
        *len = (size_t)n * H5Tget_size(t);
        buf = malloc(*len + 1);
        if (H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0) {
            free(buf);
            buf = NULL;
        }
        H5Sclose(s);
        H5Tclose(t);
        H5Dclose(d);
    }
    H5Fclose(f);
    return buf;
}

static int same_table(const char *a, const char *b, const char *name) {
    size_t la, lb;
    unsigned char *x = table_bytes(a, name, &la), *y = table_bytes(b, name, &lb);
    int same = x != NULL && y != NULL && la == lb && la > 0 && memcmp(x, y, la) == 0;
    free(x);
    free(y);
    return same;
}

static cs_h5_meta *read_meta(const char *path) {
    static cs_h5_meta m;
    cs_h5_reader *r;
    char err[512];
    if (cs_h5_open(path, &m, &r, err, sizeof err) != 0) return NULL;
    cs_h5_reader_close(r);
    return &m;
}

static cs_run_result res, res2;

static void test_same_tables_for_one_two_and_eight_threads(void) {
    const char *p[3] = {path_in_dir("t1.h5"), path_in_dir("t2.h5"), path_in_dir("t8.h5")};
    const int threads[3] = {1, 2, 8};
    for (int i = 0; i < 3; i++) {
        cs_experiment e;
        experiment(&e, 3000, p[i]);
        e.duplicate = 1;
        e.record_deals = 1;
        e.threads = threads[i];
        CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
        CU_ASSERT_EQUAL(res.games, 3000);
        CU_ASSERT_STRING_EQUAL(res.status, "complete");
    }
    for (int i = 1; i < 3; i++) {
        CU_ASSERT(same_table(p[0], p[i], "games"));
        CU_ASSERT(same_table(p[0], p[i], "deals"));
    }
    CU_ASSERT_EQUAL(read_meta(p[2])->threads, 8);
}

static void test_interrupted_then_resumed_equals_uninterrupted(void) {
    const char *whole = path_in_dir("whole.h5"), *part = path_in_dir("part.h5");
    cs_experiment e;
    experiment(&e, 4000, whole);
    e.record_deals = 1;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    experiment(&e, 4000, part);
    e.record_deals = 1;
    e.threads = 2;
    e.interrupt_after = 700;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    CU_ASSERT(res.interrupted);
    CU_ASSERT_EQUAL(cs_run_exit_status(0, &res), 1);
    CU_ASSERT(res.games >= 700 && res.games < 4000);
    cs_h5_meta *m = read_meta(part);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->games_completed, res.games); /* the file holds exactly those games */
    CU_ASSERT_STRING_EQUAL(m->status, "interrupted");
    /* Continue with nothing but the file (and another thread count). */
    cs_experiment r;
    cs_experiment_defaults(&r);
    r.output = part;
    r.resume = 1;
    r.quiet = 1;
    r.threads = 1;
    r.given = 0;
    CU_ASSERT_EQUAL_FATAL(run(&r, &res2), 0);
    CU_ASSERT_EQUAL(res2.games, 4000);
    CU_ASSERT_EQUAL(res2.played, 4000 - res.games);
    CU_ASSERT(same_table(whole, part, "games"));
    CU_ASSERT(same_table(whole, part, "deals"));
    CU_ASSERT_STRING_EQUAL(read_meta(part)->status, "complete");
}

static void test_resume_of_a_different_experiment_is_refused(void) {
    const char *part = path_in_dir("other.h5");
    cs_experiment e;
    experiment(&e, 2000, part);
    e.interrupt_after = 300;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    uint64_t had = res.games;
    char err[2048];
    /* another seed */
    experiment(&e, 2000, part);
    e.resume = 1;
    e.seed = 5;
    e.given = CS_GIVEN_SEED;
    CU_ASSERT_EQUAL(cs_run(&e, &res, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "seed"));
    CU_ASSERT_EQUAL(cs_run_exit_status(CS_ECONFIG, &res), 2);
    /* other seats */
    experiment(&e, 2000, part);
    e.resume = 1;
    snprintf(e.seats[1], CS_H5_SPEC_MAX, "random");
    e.given = CS_GIVEN_SEATS;
    CU_ASSERT_EQUAL(cs_run(&e, &res, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "seats"));
    /* other rules */
    experiment(&e, 2000, part);
    e.resume = 1;
    e.rules.target = 61;
    e.given = CS_GIVEN_RULES;
    CU_ASSERT_EQUAL(cs_run(&e, &res, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "rules"));
    /* deals where the file has games only */
    experiment(&e, 2000, part);
    e.resume = 1;
    e.record_deals = 1;
    e.given = CS_GIVEN_RECORD;
    CU_ASSERT_EQUAL(cs_run(&e, &res, err, sizeof err), CS_ECONFIG);
    CU_ASSERT_EQUAL(read_meta(part)->games_completed, had); /* nothing was lost */
}

static void test_shards_merged_equal_the_single_run(void) {
    const char *one = path_in_dir("one.h5"), *merged = path_in_dir("merged.h5");
    const char *parts[3] = {path_in_dir("s1.h5"), path_in_dir("s2.h5"), path_in_dir("s3.h5")};
    cs_experiment e;
    experiment(&e, 3002, one);
    e.duplicate = 1;
    e.record_deals = 1;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    uint64_t covered = 0;
    for (int k = 0; k < 3; k++) {
        experiment(&e, 3002, parts[k]);
        e.duplicate = 1;
        e.record_deals = 1;
        e.shard_index = k + 1;
        e.shard_count = 3;
        e.threads = 2;
        CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
        CU_ASSERT_EQUAL(res.game_begin, covered);
        covered = res.game_end;
    }
    CU_ASSERT_EQUAL(covered, 3002);
    char *argv[] = {
        "merge", (char *)merged, (char *)parts[2], (char *)parts[0], (char *)parts[1], "--quiet",
        NULL};
    int status = cs_cmd_merge(6, argv);
    CU_ASSERT_EQUAL(status, CS_EXIT_OK);
    CU_ASSERT(same_table(one, merged, "games"));
    CU_ASSERT(same_table(one, merged, "deals"));
    cs_h5_meta *m = read_meta(merged);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->games_completed, 3002);
    CU_ASSERT_EQUAL(m->shard_count, 1);
    /* A missing part is refused, naming it. */
    char *argv2[] = {
        "merge", (char *)path_in_dir("m2.h5"), (char *)parts[0], (char *)parts[1], "--quiet", NULL};
    CU_ASSERT_EQUAL(cs_cmd_merge(5, argv2), CS_EXIT_USAGE);
}

static void test_duplicate_pairs_share_cards_with_seats_swapped(void) {
    const char *p = path_in_dir("dup.h5");
    cs_experiment e;
    experiment(&e, 400, p);
    e.duplicate = 1;
    e.record_deals = 1;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    CU_ASSERT_EQUAL(res.rotations, 2);
    cs_h5_meta m;
    cs_h5_reader *r;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(cs_h5_open(p, &m, &r, err, sizeof err), 0);
    CU_ASSERT_EQUAL(m.rotations, 2);
    CU_ASSERT_EQUAL(m.duplicate, 1);
    cs_games_row *rows = malloc(400 * sizeof *rows);
    CU_ASSERT_EQUAL_FATAL(cs_h5_read_games(r, 0, 400, rows), 0);
    int bad = 0;
    for (uint64_t k = 0; k < 200; k++) {
        cs_games_row *a = &rows[2 * k], *b = &rows[2 * k + 1];
        if (a->rotation != 0 || b->rotation != 1 || a->card_game != k || b->card_game != k ||
            a->game.first_dealer != b->game.first_dealer)
            bad++;
        uint64_t fa, na, fb, nb;
        cs_deal_record da, db;
        cs_h5_find_deals(r, 2 * k, &fa, &na);
        cs_h5_find_deals(r, 2 * k + 1, &fb, &nb);
        cs_h5_read_deals(r, fa, 1, &da);
        cs_h5_read_deals(r, fb, 1, &db);
        /* the first deal is the same cards, seat for seat, before the strategies differ */
        if (memcmp(da.dealt, db.dealt, sizeof da.dealt) != 0 || da.dealer != db.dealer) bad++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    free(rows);
    cs_h5_reader_close(r);
    /* Each strategy sat in each seat half the time, so the summary is per strategy. */
    CU_ASSERT(res.seat[1].wins > res.seat[0].wins); /* greedy beats random */
}

static void test_lineup_rotations_count_distinct_rotations(void) {
    char s[4][CS_H5_SPEC_MAX];
    const char *lineups[][4] = {{"a", "b"},      {"a", "a"},      {"a", "b", "a", "b"},
                                {"a", "b", "c"}, {"a", "a", "b"}, {"a", "a", "a", "a"}};
    const int n[] = {2, 2, 4, 3, 3, 4}, want[] = {2, 1, 2, 3, 3, 1};
    for (int i = 0; i < 6; i++) {
        for (int k = 0; k < n[i]; k++) snprintf(s[k], CS_H5_SPEC_MAX, "%s", lineups[i][k]);
        CU_ASSERT_EQUAL(cs_lineup_rotations(n[i], s), want[i]);
    }
}

static void test_sprt_stops_at_the_same_game_for_any_thread_count(void) {
    const char *p[3] = {path_in_dir("sprt1.h5"), path_in_dir("sprt2.h5"), path_in_dir("sprt8.h5")};
    const int threads[3] = {1, 2, 8};
    for (int i = 0; i < 3; i++) {
        cs_experiment e;
        experiment(&e, 100000, p[i]);
        snprintf(e.seats[0], CS_H5_SPEC_MAX, "greedy");
        snprintf(e.seats[1], CS_H5_SPEC_MAX, "random");
        e.duplicate = 1;
        e.use_sprt = 1;
        e.sprt_elo0 = 0;
        e.sprt_elo1 = 100;
        e.sprt_every = 50;
        e.threads = threads[i];
        CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
        CU_ASSERT_EQUAL(res.decision, CS_SPRT_H1);
        CU_ASSERT_STRING_EQUAL(res.status, "sprt-stopped");
        CU_ASSERT_EQUAL(res.games % 50, 0);
        CU_ASSERT(res.games < 100000);
        CU_ASSERT_EQUAL(cs_run_exit_status(0, &res), 0);
        /* the file holds exactly the games up to the decision, not the batches beyond it */
        CU_ASSERT_EQUAL(read_meta(p[i])->games_completed, res.games);
    }
    CU_ASSERT(same_table(p[0], p[1], "games"));
    CU_ASSERT(same_table(p[0], p[2], "games"));
    cs_h5_meta *m = read_meta(p[0]);
    CU_ASSERT_STRING_EQUAL(m->sprt_decision, "H1");
    CU_ASSERT(m->sprt_llr >= m->sprt_upper);
}

/* A run whose games end before the first check point still decides on what it played. */
static void test_sprt_decides_after_the_last_game(void) {
    const char *p = path_in_dir("sprt_end.h5");
    cs_experiment e;
    experiment(&e, 400, p);
    snprintf(e.seats[0], CS_H5_SPEC_MAX, "greedy");
    snprintf(e.seats[1], CS_H5_SPEC_MAX, "random");
    e.duplicate = 1;
    e.use_sprt = 1;
    e.sprt_elo1 = 100;
    e.sprt_every = 1000; /* beyond the games */
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    CU_ASSERT_EQUAL(res.games, 400);
    CU_ASSERT(res.sprt.llr > res.sprt.upper); /* greedy wins ~98% of games against random */
    CU_ASSERT_EQUAL(res.decision, CS_SPRT_H1);
    CU_ASSERT_STRING_EQUAL(res.status, "complete");
    cs_h5_meta *m = read_meta(p);
    CU_ASSERT_STRING_EQUAL(m->sprt_decision, "H1");
    CU_ASSERT_STRING_EQUAL(m->status, "complete");
}

static void test_summary_counts_every_game_once(void) {
    cs_experiment e;
    experiment(&e, 2000, NULL); /* no file: the summary alone */
    e.duplicate = 1;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    CU_ASSERT_EQUAL(res.games, 2000);
    CU_ASSERT_EQUAL(res.seat[0].wins + res.seat[1].wins + res.seat[0].ties, 2000);
    CU_ASSERT_EQUAL(res.seat[0].points - res.seat[0].against,
                    -(res.seat[1].points - res.seat[1].against));
    CU_ASSERT(res.seat[1].points > 121 * 1000); /* greedy wins most of 2000 games */
    /* The same games with a file give the same summary. */
    experiment(&e, 2000, path_in_dir("sum.h5"));
    e.duplicate = 1;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res2), 0);
    CU_ASSERT_EQUAL(res2.seat[0].wins, res.seat[0].wins);
    CU_ASSERT_EQUAL(res2.seat[1].points, res.seat[1].points);
}

static void test_recording_deals_changes_no_game(void) {
    const char *a = path_in_dir("g.h5"), *b = path_in_dir("gd.h5");
    cs_experiment e;
    experiment(&e, 1000, a);
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    experiment(&e, 1000, b);
    e.record_deals = 1;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    CU_ASSERT(same_table(a, b, "games"));
}

static void test_another_seed_deals_other_games(void) {
    const char *a = path_in_dir("seed1.h5"), *b = path_in_dir("seed2.h5");
    cs_experiment e;
    experiment(&e, 200, a);
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    experiment(&e, 200, b);
    e.seed = 2025;
    CU_ASSERT_EQUAL_FATAL(run(&e, &res), 0);
    CU_ASSERT_FALSE(same_table(a, b, "games"));
}

/* Runs e expecting a refusal before any game: returns the message. */
static const char *refused(cs_experiment *e) {
    static char err[2048];
    int rc = cs_run(e, &res, err, sizeof err);
    CU_ASSERT_NOT_EQUAL(rc, 0);
    CU_ASSERT_EQUAL(cs_run_exit_status(rc, &res), 2);
    CU_ASSERT_EQUAL(res.played, 0);
    return err;
}

static void test_bad_experiments_are_refused_before_playing(void) {
    const char *p = path_in_dir("bad.h5");
    cs_experiment e;
    experiment(&e, 100, p);
    e.n_seats = 3;
    snprintf(e.seats[2], CS_H5_SPEC_MAX, "random");
    CU_ASSERT_PTR_NOT_NULL(strstr(refused(&e), "3 seats"));
    experiment(&e, 100, p);
    snprintf(e.seats[1], CS_H5_SPEC_MAX, "grredy");
    CU_ASSERT_PTR_NOT_NULL(strstr(refused(&e), "grredy"));
    experiment(&e, 100, p);
    e.rules.partnership = 1; /* two players in partnership */
    CU_ASSERT_PTR_NOT_NULL(strstr(refused(&e), "partnership"));
    experiment(&e, 101, p);
    e.duplicate = 1;
    CU_ASSERT_PTR_NOT_NULL(strstr(refused(&e), "multiple of the 2 rotations"));
    experiment(&e, 100, p);
    cs_rules_preset(CS_PRESET_THREE, &e.rules);
    e.n_seats = 3;
    snprintf(e.seats[2], CS_H5_SPEC_MAX, "random");
    e.use_sprt = 1;
    e.sprt_elo1 = 10;
    CU_ASSERT_PTR_NOT_NULL(strstr(refused(&e), "--sprt"));
    struct stat st;
    CU_ASSERT_NOT_EQUAL(stat(p, &st), 0); /* no file was left behind */
    /* an existing output without --force */
    FILE *f = fopen(p, "w");
    fputs("keep me", f);
    fclose(f);
    experiment(&e, 100, p);
    CU_ASSERT_PTR_NOT_NULL(strstr(refused(&e), "--force"));
    CU_ASSERT_EQUAL(stat(p, &st), 0);
    CU_ASSERT_EQUAL(st.st_size, 7);
    experiment(&e, 100, p);
    e.resume = 1; /* not a run file */
    CU_ASSERT_PTR_NOT_NULL(strstr(refused(&e), "not an HDF5 file"));
}

static void test_shard_ranges_split_whole_card_sequences_exactly(void) {
    const uint64_t games[] = {1, 7, 10, 1000, 999999};
    const int rot[] = {1, 1, 2, 4, 3};
    for (int i = 0; i < 5; i++) {
        for (int n = 1; n <= 7; n++) {
            uint64_t g = games[i] / (uint64_t)rot[i] * (uint64_t)rot[i], expect = 0;
            uint64_t lo = UINT64_MAX, hi = 0;
            for (int k = 1; k <= n; k++) {
                uint64_t a, b;
                cs_shard_range(g, rot[i], k, n, &a, &b);
                CU_ASSERT_EQUAL(a, expect);
                CU_ASSERT_EQUAL(a % (uint64_t)rot[i], 0);
                expect = b;
                if (b - a < lo) lo = b - a;
                if (b - a > hi) hi = b - a;
            }
            CU_ASSERT_EQUAL(expect, g);
            CU_ASSERT(hi - lo <= (uint64_t)rot[i]);
        }
    }
    int k, n;
    CU_ASSERT_EQUAL(cs_shard_parse("2/5", &k, &n), 0);
    CU_ASSERT(k == 2 && n == 5);
    CU_ASSERT_NOT_EQUAL(cs_shard_parse("0/5", &k, &n), 0);
    CU_ASSERT_NOT_EQUAL(cs_shard_parse("6/5", &k, &n), 0);
    CU_ASSERT_NOT_EQUAL(cs_shard_parse("2/5x", &k, &n), 0);
}

static void test_seats_split_keeps_parameters_with_their_strategy(void) {
    char s[4][CS_H5_SPEC_MAX];
    CU_ASSERT_EQUAL(cs_seats_split("random,greedy", s, 4), 2);
    CU_ASSERT_STRING_EQUAL(s[1], "greedy");
    CU_ASSERT_EQUAL(cs_seats_split("mc:samples=9,objective=win,expected", s, 4), 2);
    CU_ASSERT_STRING_EQUAL(s[0], "mc:samples=9,objective=win");
    CU_ASSERT_STRING_EQUAL(s[1], "expected");
    CU_ASSERT_EQUAL(cs_seats_split("plugin:/x/p.so:depth=2,random", s, 4), 2);
    CU_ASSERT_STRING_EQUAL(s[0], "plugin:/x/p.so:depth=2");
    CU_ASSERT_EQUAL(cs_seats_split(" random , mc:samples=9, objective=win", s, 4), 2);
    CU_ASSERT_STRING_EQUAL(s[0], "random");
    CU_ASSERT_STRING_EQUAL(s[1], "mc:samples=9,objective=win");
    CU_ASSERT_EQUAL(cs_seats_split("a, ,b", s, 4), -1);
    CU_ASSERT_EQUAL(cs_seats_split("a,b,c,d", s, 4), 4);
    CU_ASSERT_EQUAL(cs_seats_split("a,b,c,d,e", s, 4), -1);
    CU_ASSERT_EQUAL(cs_seats_split("a,,b", s, 4), -1);
    CU_ASSERT_EQUAL(cs_seats_split("", s, 4), -1);
}

const char cs_suite_name[] = "runner";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_same_tables_for_one_two_and_eight_threads),
    CS_TEST(test_interrupted_then_resumed_equals_uninterrupted),
    CS_TEST(test_resume_of_a_different_experiment_is_refused),
    CS_TEST(test_shards_merged_equal_the_single_run),
    CS_TEST(test_duplicate_pairs_share_cards_with_seats_swapped),
    CS_TEST(test_lineup_rotations_count_distinct_rotations),
    CS_TEST(test_sprt_stops_at_the_same_game_for_any_thread_count),
    CS_TEST(test_sprt_decides_after_the_last_game),
    CS_TEST(test_summary_counts_every_game_once),
    CS_TEST(test_recording_deals_changes_no_game),
    CS_TEST(test_another_seed_deals_other_games),
    CS_TEST(test_bad_experiments_are_refused_before_playing),
    CS_TEST(test_shard_ranges_split_whole_card_sequences_exactly),
    CS_TEST(test_seats_split_keeps_parameters_with_their_strategy),
    {NULL, NULL},
};

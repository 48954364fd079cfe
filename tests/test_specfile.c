/* layer: experiments */
/*
 * test_specfile.c - experiment specs (experiments/spec/specfile.h): the canonical specs parse, the
 * built-in default equals experiments/specs/default.yaml, arms inherit and override, and every
 * mistake is an error naming the file, the line and the key, and a spec nested too deep is
 * refused before libyaml spends time on it.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cu_main.h"
#include "defaultspec.h"
#include "error.h"
#include "pcg32.h"
#include "specfile.h"
#include "yamlcheck.h"

static char err[2048];

static int parse(const char *text, cs_spec *s) {
    return cs_spec_parse(text, strlen(text), "t.yaml", s, err, sizeof err);
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf != NULL && fread(buf, 1, (size_t)n, f) == (size_t)n) buf[n] = '\0';
    fclose(f);
    return buf;
}

static void test_builtin_default_equals_default_yaml(void) {
    char *text = read_file(CS_SOURCE_DIR "/experiments/specs/default.yaml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    CU_ASSERT_STRING_EQUAL(cs_default_spec, text);
    free(text);
}

static void test_default_spec_is_the_ladder_on_two_player_rules(void) {
    cs_spec s;
    CU_ASSERT_EQUAL_FATAL(parse(cs_default_spec, &s), 0);
    CU_ASSERT(s.n_arms >= 3);
    for (int i = 0; i < s.n_arms; i++) {
        const cs_experiment *e = &s.arms[i].e;
        CU_ASSERT_EQUAL(e->rules.players, 2);
        CU_ASSERT_EQUAL(e->n_seats, 2);
        CU_ASSERT(e->duplicate);
        CU_ASSERT(e->games > 0 && e->games % 2 == 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(s.arms[i].output, s.arms[i].name));
    }
    cs_spec_free(&s);
}

/* Every spec in experiments/specs/ parses and makes sense. */
static void test_canonical_specs_parse(void) {
    DIR *d = opendir(CS_SOURCE_DIR "/experiments/specs");
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    int n = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t len = strlen(ent->d_name);
        if (len < 6 || strcmp(ent->d_name + len - 5, ".yaml") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/experiments/specs/%s", CS_SOURCE_DIR, ent->d_name);
        cs_spec s;
        int rc = cs_spec_load(path, &s, err, sizeof err);
        if (rc != 0) fprintf(stderr, "\n  %s\n", err);
        CU_ASSERT_EQUAL(rc, 0);
        if (rc == 0) cs_spec_free(&s);
        n++;
    }
    closedir(d);
    CU_ASSERT(n >= 5);
}

static void test_arms_inherit_and_override(void) {
    cs_spec s;
    const char *text = "name: x\n"
                       "rules: five-card\n"
                       "games: 20_000\n"
                       "seed: 9\n"
                       "seats: random,greedy\n"
                       "arms:\n"
                       "  - name: a\n"
                       "  - name: b\n"
                       "    games: 10\n"
                       "    seats: [greedy, 'mc:samples=5,objective=points']\n"
                       "    rules: {target: 31, lurch_line: 0}\n"
                       "  - name: c\n"
                       "    rules: {preset: partners}\n"
                       "    seats: [random, random, random, random]\n"
                       "    duplicate: yes\n"
                       "    record: deals\n"
                       "    sprt: 0,10\n";
    CU_ASSERT_EQUAL_FATAL(parse(text, &s), 0);
    CU_ASSERT_EQUAL_FATAL(s.n_arms, 3);
    CU_ASSERT_EQUAL(s.arms[0].e.games, 20000);
    CU_ASSERT_EQUAL(s.arms[0].e.seed, 9);
    CU_ASSERT_EQUAL(s.arms[0].e.rules.target, 61);
    CU_ASSERT_STRING_EQUAL(s.arms[0].e.seats[1], "greedy");
    CU_ASSERT_EQUAL(s.arms[1].e.games, 10);
    CU_ASSERT_STRING_EQUAL(s.arms[1].e.seats[1], "mc:samples=5,objective=points");
    CU_ASSERT_EQUAL(s.arms[1].e.rules.target, 31);       /* changed */
    CU_ASSERT_EQUAL(s.arms[1].e.rules.single_series, 1); /* the five-card game below it */
    CU_ASSERT_EQUAL(s.arms[1].e.rules.lurch_line, 0);
    CU_ASSERT_EQUAL(s.arms[2].e.rules.partnership, 1);
    CU_ASSERT_EQUAL(s.arms[2].e.rules.target, 121); /* a preset starts afresh */
    CU_ASSERT(s.arms[2].e.duplicate);
    CU_ASSERT(s.arms[2].e.record_deals);
    CU_ASSERT(s.arms[2].e.use_sprt);
    CU_ASSERT_DOUBLE_EQUAL(s.arms[2].e.sprt_elo1, 10, 1e-12);
    CU_ASSERT_STRING_EQUAL(s.arms[2].output, "x/c.h5");
    cs_spec_set_output(&s, "elsewhere");
    CU_ASSERT_STRING_EQUAL(s.arms[0].output, "elsewhere/a.h5");
    cs_spec_free(&s);
}

/* A line written before the target in a spec still wins: the target is applied first. */
static void test_rules_lines_win_over_the_target_in_any_order(void) {
    cs_spec s;
    CU_ASSERT_EQUAL_FATAL(parse("name: x\nseats: [a, b]\n"
                                "rules: {skunk_line: 40, target: 61}\n",
                                &s),
                          0);
    CU_ASSERT_EQUAL(s.arms[0].e.rules.target, 61);
    CU_ASSERT_EQUAL(s.arms[0].e.rules.skunk_line, 40); /* as written */
    CU_ASSERT_EQUAL(s.arms[0].e.rules.lurch_line, 31); /* moved with the target */
    cs_spec_free(&s);
}

static void test_spec_without_arms_is_one_arm(void) {
    cs_spec s;
    CU_ASSERT_EQUAL_FATAL(parse("name: solo\nseats: [random, random]\ngames: 4\n", &s), 0);
    CU_ASSERT_EQUAL(s.n_arms, 1);
    CU_ASSERT_STRING_EQUAL(s.arms[0].name, "solo");
    CU_ASSERT_STRING_EQUAL(s.arms[0].output, "solo/solo.h5");
    cs_spec_free(&s);
}

/* Parses text expecting an error at line whose message holds want. */
static void check_error(const char *text, int line, const char *want) {
    cs_spec s;
    err[0] = '\0';
    CU_ASSERT_NOT_EQUAL(parse(text, &s), 0);
    char where[32];
    snprintf(where, sizeof where, "t.yaml:%d:", line);
    if (strstr(err, where) == NULL || strstr(err, want) == NULL)
        fprintf(stderr, "\n  expected '%s' and '%s' in: %s\n", where, want, err);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, where));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, want));
}

static void test_mistakes_name_file_line_and_key(void) {
    check_error("name: x\ngmaes: 10\n", 2, "unknown key 'gmaes'");
    check_error("name: x\nseats: [a, b]\narms:\n  - name: a\n    seeds: 3\n", 5,
                "unknown key 'seeds'");
    check_error("name: x\ngames: ten\n", 2, "'games'");
    check_error("name: x\ngames: 10\ngames: 20\n", 3, "repeated");
    check_error("name: x\nrules: seven\n", 2, "unknown rules preset 'seven'");
    check_error("name: x\nrules: {target: lots}\n", 2, "target");
    check_error("name: x\nrules:\n  colour: red\n", 3, "unknown rule 'colour'");
    /* checks on the whole arm name the line that set what is wrong, inherited or not */
    check_error("name: x\nrules: three\nseats: [random, random]\n", 3,
                "'seats' lists 2 seats but the rules (line 2) seat 3 players");
    check_error("name: x\nrules: {players: 3, partnership: true}\nseats: [a, b, c]\n", 2,
                "'rules': impossible rules");
    check_error("name: x\nrules: {preset: two, cards_dealt: 2}\nseats: [a, b]\n", 2,
                "leaves a hand of 0");
    check_error("name: x\nseats: [a, b]\narms:\n  - name: a\n    rules: three\n", 2,
                "'seats' lists 2 seats but the rules (line 5) seat 3 players");
    check_error("name: x\nseats: [a, b]\narms:\n  - name: a\n  - name: b\n    seats: [a]\n", 6,
                "arm 'b': 'seats' lists 1 seat");
    check_error("name: x\ngames: 0\n", 2, "'games' must be at least 1");
    check_error("name: x\nsprt: 0,10\nsprt_every: 0\n", 3, "'sprt_every' must be at least 1");
    check_error("name: x\nseats: [a, b]\n---\ngames: 3\n", 3, "second YAML document");
    check_error("name: x\nduplicate: maybe\n", 2, "true or false");
    check_error("name: x\nrecord: everything\n", 2, "games or deals");
    check_error("name: x\nsprt: 10,0\n", 2, "'sprt': '10,0': need elo0 < elo1");
    check_error("name: x\narms:\n  - name: a\n  - name: a\n", 4, "repeated");
    check_error("name: x\narms:\n  - seats: [a, b]\n", 3, "no 'name'");
    check_error("name: x\narms:\n  - name: a/b\n", 3, "arm name");
    check_error("name: x\nseats: [a, b\n", 3, "YAML error");
    check_error("- just\n- a list\n", 1, "mapping");
}

/* A spec without a name is named after its file; without seats random plays every seat. */
static void test_unnamed_spec_takes_the_file_stem_and_random_seats(void) {
    cs_spec s;
    const char *text = "rules: three\n";
    CU_ASSERT_EQUAL_FATAL(
        cs_spec_parse(text, strlen(text), "dir/three-way.yaml", &s, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(s.name, "three-way");
    CU_ASSERT_STRING_EQUAL(s.arms[0].name, "three-way");
    CU_ASSERT_STRING_EQUAL(s.arms[0].output, "three-way/three-way.h5");
    CU_ASSERT_EQUAL(s.arms[0].e.n_seats, 3);
    CU_ASSERT_STRING_EQUAL(s.arms[0].e.seats[2], "random");
    cs_spec_free(&s);
    /* and its errors name the arm by that name, not '' */
    text = "rules: {preset: two, cards_dealt: 2}\n";
    CU_ASSERT_NOT_EQUAL(cs_spec_parse(text, strlen(text), "solo.yaml", &s, err, sizeof err), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "solo.yaml:1: arm 'solo'"));
}

/* "random, greedy" as one string means two seats, blanks dropped. */
static void test_seat_list_string_ignores_blanks(void) {
    cs_spec s;
    CU_ASSERT_EQUAL_FATAL(parse("name: x\nseats: 'random, mc:samples=5, objective=points'\n", &s),
                          0);
    CU_ASSERT_EQUAL(s.arms[0].e.n_seats, 2);
    CU_ASSERT_STRING_EQUAL(s.arms[0].e.seats[0], "random");
    CU_ASSERT_STRING_EQUAL(s.arms[0].e.seats[1], "mc:samples=5,objective=points");
    cs_spec_free(&s);
}

/*
 * Fuzzing: the canonical specs, each cut, spliced and with bytes changed at random, thousands of
 * times. Every text either parses or fails with a message naming the file; nothing crashes or
 * reads out of bounds (the sanitizer build runs this too).
 */
static void test_mutated_specs_parse_or_fail_cleanly(void) {
    static const char *const seeds[] = {
        "name: x\nrules: {preset: two, target: 61}\nseats: [random, 'mc:samples=5']\n"
        "games: 1_000\nduplicate: yes\nsprt: 0,10,0.05,0.05\narms:\n  - name: a\n"
        "    rules: three\n    seats: random,greedy,expected\n",
        "arms:\n  - {name: b, seats: [random, random], record: deals}\n  - name: c\n",
    };
    static const char alphabet[] = " \n\t:-,[]{}'\"#&*!|>%@`?0123456789ab_.\\\x80\xff";
    cs_pcg32 rng = cs_pcg32_derive(7, 0, CS_STREAM_DEAL, 0);
    char text[4096];
    int parsed = 0, failed = 0;
    for (int iter = 0; iter < 20000; iter++) {
        const char *base = iter & 1 ? seeds[iter / 2 % 2] : cs_default_spec;
        size_t n = strlen(base);
        if (n >= sizeof text) n = sizeof text - 1;
        memcpy(text, base, n);
        int edits = 1 + (int)cs_pcg32_bounded(&rng, 4);
        for (int k = 0; k < edits && n > 1; k++) {
            size_t at = cs_pcg32_bounded(&rng, (uint32_t)n);
            switch (cs_pcg32_bounded(&rng, 4)) {
            case 0: /* change a byte */
                text[at] = alphabet[cs_pcg32_bounded(&rng, sizeof alphabet - 1)];
                break;
            case 1: /* cut the rest */ n = at; break;
            case 2: /* delete a run */
            {
                size_t len = 1 + cs_pcg32_bounded(&rng, 8);
                if (at + len > n) len = n - at;
                memmove(text + at, text + at + len, n - at - len);
                n -= len;
                break;
            }
            default: /* repeat a run elsewhere */
            {
                size_t len = 1 + cs_pcg32_bounded(&rng, 16),
                       to = cs_pcg32_bounded(&rng, (uint32_t)n);
                if (at + len > n) len = n - at;
                if (n + len >= sizeof text) break;
                memmove(text + to + len, text + to, n - to);
                memmove(text + to, text + (at >= to ? at + len : at), len);
                n += len;
            }
            }
        }
        cs_spec s;
        err[0] = '\0';
        int rc = cs_spec_parse(text, n, "fuzz.yaml", &s, err, sizeof err);
        if (rc == 0) {
            parsed++;
            CU_ASSERT(s.n_arms >= 1);
            for (int i = 0; i < s.n_arms; i++)
                CU_ASSERT(s.arms[i].e.n_seats == s.arms[i].e.rules.players);
            cs_spec_free(&s);
        } else {
            failed++;
            if (strncmp(err, "fuzz.yaml", 9) != 0) {
                fprintf(stderr, "\n  message without the file name: '%s'\n", err);
                CU_FAIL("an error that does not name the file");
            }
            CU_ASSERT_EQUAL(s.n_arms, 0);
            CU_ASSERT_PTR_NULL(s.arms);
        }
    }
    CU_ASSERT(parsed > 100 && failed > 100); /* the mutations reach both outcomes */
}

static void test_empty_and_missing_specs_are_errors(void) {
    cs_spec s;
    CU_ASSERT_NOT_EQUAL(parse("", &s), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "empty"));
    CU_ASSERT_EQUAL(cs_spec_load("/nonexistent/spec.yaml", &s, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent/spec.yaml"));
}

/* HEAD, then DEPTH '[' and DEPTH ']' and a newline: a flow sequence nested DEPTH deep. */
static char *nested_text(const char *head, int depth) {
    size_t h = strlen(head);
    char *text = malloc(h + 2 * (size_t)depth + 2);
    if (text == NULL) return NULL;
    memcpy(text, head, h);
    memset(text + h, '[', (size_t)depth);
    memset(text + h + depth, ']', (size_t)depth);
    strcpy(text + h + 2 * (size_t)depth, "\n");
    return text;
}

/*
 * libyaml's time grows with the square of the nesting depth: 80,000 '[' (156 KB) took it 15 s.
 * The reader refuses a spec past 64 levels where the 65th opens, before loading it, in well
 * under a second of CPU time (milliseconds; the sanitizers' build included).
 */
static void test_spec_nested_too_deep_is_refused_at_once(void) {
    char *text = nested_text("name: x\nseats: ", 80000);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    cs_spec s;
    clock_t t0 = clock();
    CU_ASSERT_EQUAL(parse(text, &s), CS_ESYNTAX);
    double cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2: nested deeper than 64 levels"));
    CU_ASSERT(cpu < 1.0);
    CU_ASSERT_PTR_NULL(s.arms);
    free(text);
    /* block style, a mapping a line: level L opens on line L, so the 65th on line 65 */
    char block[200 * 70] = "";
    for (int level = 1; level <= 70; level++)
        snprintf(block + strlen(block), sizeof block - strlen(block), "%*sa:%s\n", 2 * (level - 1),
                 "", level == 70 ? " 1" : "");
    CU_ASSERT_EQUAL(parse(block, &s), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:65: nested deeper than 64 levels"));
}

/* The bound is exact: the top mapping and 63 sequences pass the check, one more does not. */
static void test_yaml_check_allows_64_levels_and_no_more(void) {
    char *text = nested_text("a: ", CS_YAML_DEPTH_MAX - 1);
    CU_ASSERT_EQUAL(cs_yaml_check(text, strlen(text), "t.yaml", err, sizeof err), 0);
    free(text);
    text = nested_text("a: ", CS_YAML_DEPTH_MAX);
    CU_ASSERT_EQUAL(cs_yaml_check(text, strlen(text), "t.yaml", err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:1: nested deeper"));
    free(text);
    /* a syntax error is the loader's message, with the line */
    CU_ASSERT_EQUAL(cs_yaml_check("a: [b\n", 6, "t.yaml", err, sizeof err), CS_ESYNTAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "t.yaml:2: YAML error"));
}

const char cs_suite_name[] = "specfile";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_builtin_default_equals_default_yaml),
    CS_TEST(test_default_spec_is_the_ladder_on_two_player_rules),
    CS_TEST(test_canonical_specs_parse),
    CS_TEST(test_arms_inherit_and_override),
    CS_TEST(test_spec_without_arms_is_one_arm),
    CS_TEST(test_rules_lines_win_over_the_target_in_any_order),
    CS_TEST(test_mistakes_name_file_line_and_key),
    CS_TEST(test_unnamed_spec_takes_the_file_stem_and_random_seats),
    CS_TEST(test_seat_list_string_ignores_blanks),
    CS_TEST(test_mutated_specs_parse_or_fail_cleanly),
    CS_TEST(test_empty_and_missing_specs_are_errors),
    CS_TEST(test_spec_nested_too_deep_is_refused_at_once),
    CS_TEST(test_yaml_check_allows_64_levels_and_no_more),
    {NULL, NULL},
};

/* layer: experiments */
/*
 * test_specfile.c - experiment specs (experiments/specfile.h): the canonical specs parse, the
 * built-in default equals experiments/default.yaml, arms inherit and override, and every
 * mistake is an error naming the file, the line and the key.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu_main.h"
#include "defaultspec.h"
#include "error.h"
#include "specfile.h"

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
    char *text = read_file(CS_SOURCE_DIR "/experiments/default.yaml");
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

/* Every spec in experiments/ parses and makes sense. */
static void test_canonical_specs_parse(void) {
    DIR *d = opendir(CS_SOURCE_DIR "/experiments");
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    int n = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t len = strlen(ent->d_name);
        if (len < 6 || strcmp(ent->d_name + len - 5, ".yaml") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/experiments/%s", CS_SOURCE_DIR, ent->d_name);
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
    check_error("name: x\nrules: three\nseats: [random, random]\n", 1, "3 players");
    check_error("name: x\nrules: {players: 3, partnership: true}\nseats: [a, b, c]\n", 1,
                "partnership");
    check_error("name: x\nduplicate: maybe\n", 2, "true or false");
    check_error("name: x\nrecord: everything\n", 2, "games or deals");
    check_error("name: x\nsprt: 10,0\n", 2, "--sprt");
    check_error("name: x\narms:\n  - name: a\n  - name: a\n", 4, "repeated");
    check_error("name: x\narms:\n  - seats: [a, b]\n", 3, "no 'name'");
    check_error("name: x\narms:\n  - name: a/b\n", 3, "arm name");
    check_error("name: x\nseats: [a, b\n", 3, "YAML error");
    check_error("- just\n- a list\n", 1, "mapping");
}

static void test_empty_and_missing_specs_are_errors(void) {
    cs_spec s;
    CU_ASSERT_NOT_EQUAL(parse("", &s), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "empty"));
    CU_ASSERT_EQUAL(cs_spec_load("/nonexistent/spec.yaml", &s, err, sizeof err), CS_EIO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent/spec.yaml"));
}

const char cs_suite_name[] = "specfile";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_builtin_default_equals_default_yaml),
    CS_TEST(test_default_spec_is_the_ladder_on_two_player_rules),
    CS_TEST(test_canonical_specs_parse),
    CS_TEST(test_arms_inherit_and_override),
    CS_TEST(test_spec_without_arms_is_one_arm),
    CS_TEST(test_mistakes_name_file_line_and_key),
    CS_TEST(test_empty_and_missing_specs_are_errors),
    {NULL, NULL},
};

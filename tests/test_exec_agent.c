/* layer: strategies */
/*
 * test_exec_agent.c - outside agents over the line protocol: the example Python agent plays
 * every preset; what it is told never includes another seat's hidden cards; a malformed or
 * illegal answer, a crash and a timeout are errors naming the agent, the game and the deal;
 * and after a failure the next game starts the agent afresh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu_main.h"
#include "error.h"
#include "strategy.h"

/* CS_PYTHON: the project's Python (CMakeLists.txt's CRIBSIM_PYTHON); the agent needs only the
 * standard library. */
#ifndef CS_PYTHON
#define CS_PYTHON "python3"
#endif
#define AGENT CS_PYTHON " " CS_SOURCE_DIR "/strategies/external/example_agent.py"

/* Plays `games` games of preset, seat 0 by spec and the others random. Returns the games
 * completed; on the first failure stops and copies the player's and game's messages. */
static int play(const char *spec, cs_preset preset, int games, char *why, size_t why_len) {
    cs_rules rules;
    cs_rules_preset(preset, &rules);
    char err[512];
    cs_player *players[CS_MAX_PLAYERS];
    cs_agent agents[CS_MAX_PLAYERS];
    for (int s = 0; s < rules.players; s++) {
        players[s] = cs_player_create(s == 0 ? spec : "random", err, sizeof err);
        if (players[s] == NULL) {
            snprintf(why, why_len, "%s", err);
            return -1;
        }
        agents[s] = cs_player_agent(players[s]);
    }
    cs_game *g = cs_game_new();
    int done = 0;
    for (int i = 0; i < games; i++) {
        for (int s = 0; s < rules.players; s++)
            cs_player_new_game(players[s], &rules, 3, (uint64_t)i, s);
        cs_game_begin(g, &rules, 3, (uint64_t)i, CS_FIRST_DEALER_CUT, agents);
        cs_game_record rec;
        int rc = cs_game_run(g, NULL, NULL, &rec);
        if (rc != CS_OK) {
            snprintf(why, why_len, "%s | %s", cs_player_error(players[0]), cs_game_error(g));
            break;
        }
        done++;
    }
    cs_game_free(g);
    for (int s = 0; s < rules.players; s++) cs_player_destroy(players[s]);
    return done;
}

static void test_example_agent_plays_every_preset(void) {
    char why[1024] = "";
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        CU_ASSERT_EQUAL(play("exec:" AGENT, (cs_preset)p, 40, why, sizeof why), 40);
        if (why[0]) fprintf(stderr, "%s\n", why);
    }
}

static void test_normal_spec_names_the_timeout_and_command(void) {
    char err[512];
    cs_player *p = cs_player_create("exec:timeout_ms=500:" AGENT, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "exec:timeout_ms=500:" AGENT);
    cs_player_destroy(p);
    p = cs_player_create("exec:" AGENT, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "exec:timeout_ms=10000:" AGENT);
    cs_player_destroy(p);
    /* the seat's counting-error keys join the block, before the command */
    p = cs_player_create("exec:miss_nobs=0.5,timeout_ms=700:" AGENT, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "exec:timeout_ms=700,miss_nobs=0.5:" AGENT);
    CU_ASSERT_EQUAL(cs_player_agent(p).miss->p[CS_MISS_NOBS], 0.5);
    cs_player_destroy(p);
    CU_ASSERT_PTR_NULL(cs_player_create("exec:timeout=5:" AGENT, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "no parameter 'timeout'"));
    CU_ASSERT_PTR_NULL(cs_player_create("exec:", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "needs a command"));
}

static void test_a_program_that_does_not_greet_is_refused(void) {
    char err[512];
    CU_ASSERT_PTR_NULL(cs_player_create("exec:timeout_ms=2000:echo hello", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "greeted with 'hello'"));
    CU_ASSERT_PTR_NULL(
        cs_player_create("exec:timeout_ms=2000:/nonexistent/agent", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "exited with status 127"));
}

/* A misbehaving agent: the game fails in game 0, deal 0, and the message says why. */
static void misbehaving(const char *mode, int timeout_ms, const char *expect) {
    char spec[512], why[1024] = "";
    snprintf(spec, sizeof spec, "exec:timeout_ms=%d:" AGENT " --misbehave %s", timeout_ms, mode);
    int done = play(spec, CS_PRESET_TWO, 3, why, sizeof why);
    CU_ASSERT_EQUAL(done, 0);
    if (done != 0) fprintf(stderr, "%s: %d games, %s\n", mode, done, why);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "exec agent '" AGENT));
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "in game 0, deal 0"));
    CU_ASSERT_PTR_NOT_NULL(strstr(why, expect));
    if (strstr(why, expect) == NULL) fprintf(stderr, "%s: %s\n", mode, why);
}

static void test_malformed_answer_is_an_error_naming_agent_game_and_deal(void) {
    misbehaving("malformed", 10000, "malformed card");
}

static void test_card_not_held_is_an_error(void) {
    misbehaving("illegal", 10000, "a card it does not hold");
}

static void test_play_past_31_is_an_error(void) {
    char spec[512], why[1024] = "";
    snprintf(spec, sizeof spec, "exec:" AGENT " --misbehave count");
    /* It misplays at the first play where it holds a card too big: some deal of game 0. */
    CU_ASSERT_EQUAL(play(spec, CS_PRESET_TWO, 3, why, sizeof why), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "past 31"));
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "in game 0, deal"));
}

static void test_crash_is_an_error_with_its_exit_status(void) {
    misbehaving("crash", 10000, "exited with status 3");
}

static void test_silence_past_the_timeout_is_an_error(void) {
    misbehaving("hang", 300, "timed out after 300 ms");
}

static void test_next_game_after_a_failure_starts_the_agent_afresh(void) {
    char mark[] = "/tmp/cs_exec_test_XXXXXX";
    int fd = mkstemp(mark);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    unlink(mark);
    /* The first start crashes at its first request; every later start plays well. */
    char spec[1024], why[1024] = "";
    snprintf(spec, sizeof spec,
             "exec:if [ -e %s ]; then exec " AGENT "; else touch %s; exec " AGENT
             " --misbehave crash; fi",
             mark, mark);
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    char err[512];
    cs_player *p = cs_player_create(spec, err, sizeof err),
              *q = cs_player_create("random", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_agent agents[2] = {cs_player_agent(p), cs_player_agent(q)};
    cs_game *g = cs_game_new();
    int results[3];
    for (int i = 0; i < 3; i++) {
        cs_player_new_game(p, &rules, 1, (uint64_t)i, 0);
        cs_player_new_game(q, &rules, 1, (uint64_t)i, 1);
        cs_game_begin(g, &rules, 1, (uint64_t)i, CS_FIRST_DEALER_CUT, agents);
        cs_game_record rec;
        results[i] = cs_game_run(g, NULL, NULL, &rec);
        if (i == 0) snprintf(why, sizeof why, "%s", cs_player_error(p));
    }
    CU_ASSERT(results[0] != CS_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "exited with status 3"));
    CU_ASSERT_EQUAL(results[1], CS_OK);
    CU_ASSERT_EQUAL(results[2], CS_OK);
    CU_ASSERT_STRING_EQUAL(cs_player_error(p), "");
    cs_game_free(g);
    cs_player_destroy(p);
    cs_player_destroy(q);
    unlink(mark);
}

/* Every card the agent is told must be its own, laid, the starter, or shown. */
static int transcript_leaks(const char *path, int *lines_read) {
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char line[1024];
    cs_cardset allowed = 0;
    int leaks = 0;
    *lines_read = 0;
    while (fgets(line, sizeof line, f)) {
        (*lines_read)++;
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", line);
        char *save = NULL, *word = strtok_r(copy, " \n", &save);
        if (word == NULL || strcmp(word, "rules") == 0 || strcmp(word, "cribsim") == 0) continue;
        int opens_public = strcmp(word, "show") == 0 || strcmp(word, "crib") == 0 ||
                           strcmp(word, "played") == 0 || strcmp(word, "starter") == 0 ||
                           strcmp(word, "discard") == 0;
        if (strcmp(word, "deal") == 0) allowed = 0;
        for (char *w = strtok_r(NULL, " \n", &save); w; w = strtok_r(NULL, " \n", &save)) {
            cs_card c;
            if (cs_card_parse(w, &c) != CS_OK) continue; /* numbers */
            if (opens_public)
                allowed |= cs_cardset_of(c);
            else if (!cs_cardset_has(allowed, c))
                leaks++;
        }
    }
    fclose(f);
    return leaks;
}

static void test_agent_is_told_only_its_own_and_public_cards(void) {
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        char log[] = "/tmp/cs_exec_log_XXXXXX";
        int fd = mkstemp(log);
        CU_ASSERT_FATAL(fd >= 0);
        close(fd);
        char spec[512], why[1024] = "";
        snprintf(spec, sizeof spec, "exec:" AGENT " --log %s", log);
        CU_ASSERT_EQUAL(play(spec, (cs_preset)p, 5, why, sizeof why), 5);
        int lines = 0;
        CU_ASSERT_EQUAL(transcript_leaks(log, &lines), 0);
        CU_ASSERT(lines > 100);
        /* The transcript must show the hand requests that bring the seat its cards: only
         * then does "own cards" mean anything. */
        FILE *f = fopen(log, "r");
        char line[1024];
        int discards = 0, plays = 0, others = 0;
        while (f && fgets(line, sizeof line, f)) {
            discards += strncmp(line, "discard ", 8) == 0;
            plays += strncmp(line, "play ", 5) == 0;
            others += strncmp(line, "played ", 7) == 0 && line[7] != '0';
        }
        if (f) fclose(f);
        CU_ASSERT(discards > 0 && plays > 0 && others > 0);
        unlink(log);
    }
}

/* A fresh path in the temporary folder that does not exist (for a marker a command leaves). */
static void fresh_path(char *path, size_t len) {
    snprintf(path, len, "/tmp/cs_exec_mark_XXXXXX");
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    unlink(path);
}

/* exec_agent.h's grammar: the text before the first ':' is the key block when it holds an '='
 * and no blank, and every value in it is read strictly; a bad one is refused, nothing run. */
static void test_exec_key_block_is_read_strictly(void) {
    char err[512];
    /* a valid exponent is a chance: the keys are read and the command runs */
    cs_player *p = cs_player_create("exec:miss=1e-5:" AGENT, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_PTR_NOT_NULL_FATAL(cs_player_agent(p).miss);
    CU_ASSERT_EQUAL(cs_player_agent(p).miss->p[CS_MISS_FIFTEENS], 1e-5);
    CU_ASSERT_STRING_EQUAL(cs_player_spec(p), "exec:timeout_ms=10000,miss=1e-05:" AGENT);
    cs_player_destroy(p);
    /* a chance below 0 or not a plain decimal, a signed or blank timeout, a capital key */
    static const char *const refused[][2] = {
        {"exec:miss=-0.1:" AGENT, "a chance of overlooking is a number from 0 to 1"},
        {"exec:miss=+0.1:" AGENT, "a chance of overlooking is a number from 0 to 1"},
        {"exec:miss=0x1p-3:" AGENT, "a chance of overlooking is a number from 0 to 1"},
        {"exec:miss_nobs=nan:" AGENT, "a chance of overlooking is a number from 0 to 1"},
        {"exec:miss=1E+1:" AGENT, "a chance of overlooking is a number from 0 to 1"},
        {"exec:timeout_ms=-5:" AGENT, "timeout_ms=-5 is not a whole number from 1"},
        {"exec:timeout_ms=+500:" AGENT, "timeout_ms=+500 is not a whole number from 1"},
        {"exec:timeout_ms=99999999999999999999:" AGENT, "is not a whole number from 1"},
        {"exec:Timeout_ms=500:" AGENT, "no parameter 'Timeout_ms'"},
        {"exec:PATH=/usr/bin:" AGENT, "no parameter 'PATH'"},
        {"exec:timeout_ms=500", "needs a command"},
        {"exec:timeout_ms=500:  ", "needs a command"},
        {"exec:timeout_ms=500,:" AGENT, "parameter list ends with ','"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        err[0] = '\0';
        p = cs_player_create(refused[i][0], err, sizeof err);
        CU_ASSERT_PTR_NULL(p);
        if (p) cs_player_destroy(p);
        if (!strstr(err, refused[i][1]))
            printf("\n  %s: '%s', not '%s'\n", refused[i][0], err, refused[i][1]);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, refused[i][1]));
        CU_ASSERT_NOT_EQUAL(cs_spec_check(refused[i][0], 0, err, sizeof err), CS_OK);
    }
}

/* A spec refused for a bad key starts nothing, and cs_spec_check() never starts the command
 * even of a good spec. */
static void test_a_refused_or_checked_spec_starts_nothing(void) {
    char mark[64], spec[256], err[512];
    fresh_path(mark, sizeof mark);
    snprintf(spec, sizeof spec, "exec:miss=-0.1:touch %s; exec " AGENT, mark);
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NULL(p);
    if (p) cs_player_destroy(p);
    CU_ASSERT_NOT_EQUAL(access(mark, F_OK), 0);
    snprintf(spec, sizeof spec, "exec:timeout_ms=2000:touch %s; exec " AGENT, mark);
    CU_ASSERT_EQUAL(cs_spec_check(spec, 0, err, sizeof err), CS_OK);
    CU_ASSERT_NOT_EQUAL(access(mark, F_OK), 0);
    /* the same spec made into a player does run it */
    p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL(p);
    cs_player_destroy(p);
    CU_ASSERT_EQUAL(access(mark, F_OK), 0);
    unlink(mark);
}

/* CS_SPEC_REFUSE_CODE: exec: and plugin: are refused with CS_ECODE and a message naming the
 * spec, before anything runs; built-in strategies are made as ever. */
static void test_specs_that_run_code_are_refused_when_asked(void) {
    char mark[64], spec[256], err[512];
    fresh_path(mark, sizeof mark);
    snprintf(spec, sizeof spec, "exec:touch %s; exec " AGENT, mark);
    CU_ASSERT_TRUE(cs_spec_runs_code(spec));
    CU_ASSERT_TRUE(cs_spec_runs_code("plugin:/x/y.so"));
    CU_ASSERT_FALSE(cs_spec_runs_code("expected"));
    CU_ASSERT_FALSE(cs_spec_runs_code("execute"));
    CU_ASSERT_PTR_NULL(cs_player_create_opts(spec, CS_SPEC_REFUSE_CODE, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "runs an outside program (exec:)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "refused"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, mark));
    CU_ASSERT_EQUAL(cs_spec_check(spec, CS_SPEC_REFUSE_CODE, err, sizeof err), CS_ECODE);
    CU_ASSERT_NOT_EQUAL(access(mark, F_OK), 0);
    CU_ASSERT_PTR_NULL(
        cs_player_create_opts("plugin:/nonexistent/x.so", CS_SPEC_REFUSE_CODE, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "loads a shared object (plugin:)"));
    CU_ASSERT_EQUAL(cs_spec_check("plugin:/x.so", CS_SPEC_REFUSE_CODE, err, sizeof err), CS_ECODE);
    cs_player *p = cs_player_create_opts("expected", CS_SPEC_REFUSE_CODE, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL(p);
    cs_player_destroy(p);
    CU_ASSERT_EQUAL(cs_spec_check("expected:peg=lookahead", CS_SPEC_REFUSE_CODE, err, sizeof err),
                    CS_OK);
    CU_ASSERT_NOT_EQUAL(cs_spec_check("expected:peg=nope", CS_SPEC_REFUSE_CODE, err, sizeof err),
                        CS_OK);
}

const char cs_suite_name[] = "exec_agent";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_example_agent_plays_every_preset),
    CS_TEST(test_normal_spec_names_the_timeout_and_command),
    CS_TEST(test_a_program_that_does_not_greet_is_refused),
    CS_TEST(test_malformed_answer_is_an_error_naming_agent_game_and_deal),
    CS_TEST(test_card_not_held_is_an_error),
    CS_TEST(test_play_past_31_is_an_error),
    CS_TEST(test_crash_is_an_error_with_its_exit_status),
    CS_TEST(test_silence_past_the_timeout_is_an_error),
    CS_TEST(test_next_game_after_a_failure_starts_the_agent_afresh),
    CS_TEST(test_agent_is_told_only_its_own_and_public_cards),
    CS_TEST(test_exec_key_block_is_read_strictly),
    CS_TEST(test_a_refused_or_checked_spec_starts_nothing),
    CS_TEST(test_specs_that_run_code_are_refused_when_asked),
    {NULL, NULL},
};

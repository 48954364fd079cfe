/* layer: experiments */
/*
 * test_rulesjson.c - the rules a run file stores as JSON read back exactly
 * (experiments/io/rulesjson.h).
 */
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "rulesjson.h"

static void test_every_preset_survives_json_round_trip(void) {
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        cs_rules r, back;
        char json[2048], again[2048], why[256];
        cs_rules_preset((cs_preset)p, &r);
        cs_rules_to_json(&r, json, sizeof json);
        CU_ASSERT_EQUAL_FATAL(cs_rules_from_json(json, &back, why, sizeof why), 0);
        cs_rules_to_json(&back, again, sizeof again);
        CU_ASSERT_STRING_EQUAL(json, again);
        CU_ASSERT_EQUAL(memcmp(&r, &back, sizeof r), 0);
    }
}

static void test_changed_fields_survive_round_trip(void) {
    cs_rules r, back;
    char json[2048], why[256];
    cs_rules_preset(CS_PRESET_FIVE_CARD, &r);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "first_dealer", "1"), 0);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "next_dealer", "alternate"), 0);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "lurch_line", "0"), 0);
    cs_rules_to_json(&r, json, sizeof json);
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_json(json, &back, why, sizeof why), 0);
    CU_ASSERT_EQUAL(back.first_dealer, 1);
    CU_ASSERT_EQUAL(back.next_dealer, CS_NEXT_DEALER_ALTERNATE);
    CU_ASSERT_EQUAL(back.lurch_line, 0);
    CU_ASSERT_EQUAL(back.target, 61);
}

static void test_spacing_is_accepted(void) {
    cs_rules r;
    char why[256];
    CU_ASSERT_EQUAL(
        cs_rules_from_json(" { \"target\" : 61 , \"partnership\" : false } ", &r, why, sizeof why),
        0);
    CU_ASSERT_EQUAL(r.target, 61);
    CU_ASSERT_EQUAL(cs_rules_from_json("{}", &r, why, sizeof why), 0);
}

/* The key order of the text does not matter: a line before the target stays as written. */
static void test_a_line_before_the_target_keeps_its_value(void) {
    cs_rules r;
    char why[256];
    CU_ASSERT_EQUAL_FATAL(
        cs_rules_from_json("{\"skunk_line\":40,\"target\":61}", &r, why, sizeof why), 0);
    CU_ASSERT_EQUAL(r.target, 61);
    CU_ASSERT_EQUAL(r.skunk_line, 40);
    CU_ASSERT_EQUAL(r.lurch_line, 31);
}

static void test_bad_json_is_an_error_naming_the_problem(void) {
    cs_rules r;
    char why[256];
    CU_ASSERT_EQUAL(cs_rules_from_json("[1]", &r, why, sizeof why), CS_ESYNTAX);
    CU_ASSERT_EQUAL(cs_rules_from_json("{\"target\" 61}", &r, why, sizeof why), CS_ESYNTAX);
    CU_ASSERT_EQUAL(cs_rules_from_json("{\"target\":61", &r, why, sizeof why), CS_ESYNTAX);
    CU_ASSERT_EQUAL(cs_rules_from_json("{\"target\":61} x", &r, why, sizeof why), CS_ESYNTAX);
    CU_ASSERT_EQUAL(cs_rules_from_json("{\"colour\":1}", &r, why, sizeof why), CS_EUNKNOWN);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "colour"));
    CU_ASSERT_EQUAL(cs_rules_from_json("{\"target\":\"many\"}", &r, why, sizeof why), CS_ERANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "target"));
}

const char cs_suite_name[] = "rulesjson";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_every_preset_survives_json_round_trip),
    CS_TEST(test_changed_fields_survive_round_trip),
    CS_TEST(test_spacing_is_accepted),
    CS_TEST(test_a_line_before_the_target_keeps_its_value),
    CS_TEST(test_bad_json_is_an_error_naming_the_problem),
    {NULL, NULL},
};

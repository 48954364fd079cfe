/* layer: engine */
/*
 * test_rules.c - the presets say what docs/rules.md says, every field can be set by
 * name, and rule combinations that make no sense are refused with a reason.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "rules.h"

static cs_rules preset(const char *name) {
    cs_rules r;
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_name(name, &r), CS_OK);
    return r;
}

static int valid(const cs_rules *r) {
    char why[256];
    return cs_rules_validate(r, why, sizeof why) == CS_OK;
}

static void test_rules_every_preset_is_valid_and_named(void) {
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        cs_rules r;
        cs_rules_preset((cs_preset)p, &r);
        CU_ASSERT_TRUE(valid(&r));
        cs_rules by_name = preset(cs_preset_name((cs_preset)p));
        CU_ASSERT_EQUAL(memcmp(&r, &by_name, sizeof r), 0);
        CU_ASSERT_TRUE(strlen(cs_preset_description((cs_preset)p)) > 10);
    }
    cs_rules r;
    CU_ASSERT_EQUAL(cs_rules_from_name("seven", &r), CS_EUNKNOWN);
}

static void test_rules_presets_match_the_rules_model(void) {
    cs_rules two = preset("two"), three = preset("three"), four = preset("four");
    cs_rules partners = preset("partners"), five = preset("five-card"),
             nz = preset("nz-tournament");
    CU_ASSERT_EQUAL(two.players, 2);
    CU_ASSERT_EQUAL(two.cards_dealt, 6);
    CU_ASSERT_EQUAL(two.discards, 2);
    CU_ASSERT_EQUAL(two.target, 121);
    CU_ASSERT_EQUAL(two.crib_flush_min, 5);
    CU_ASSERT_EQUAL(two.hand_flush_min, 4);
    CU_ASSERT_EQUAL(two.heels, 2);
    CU_ASSERT_EQUAL(two.skunk_line, 91);
    CU_ASSERT_EQUAL(two.double_skunk_line, 61);
    CU_ASSERT_EQUAL(two.triple_skunk_line, 31);
    CU_ASSERT_EQUAL(three.players, 3);
    CU_ASSERT_EQUAL(three.cards_dealt, 5);
    CU_ASSERT_EQUAL(three.discards, 1);
    CU_ASSERT_EQUAL(three.crib_from_deck, 1);
    CU_ASSERT_EQUAL(four.players, 4);
    CU_ASSERT_FALSE(four.partnership);
    CU_ASSERT_TRUE(partners.partnership);
    CU_ASSERT_EQUAL(five.target, 61);
    CU_ASSERT_EQUAL(five.cards_dealt, 5);
    CU_ASSERT_EQUAL(five.discards, 2);
    CU_ASSERT_EQUAL(cs_rules_hand_size(&five), 3);
    CU_ASSERT_TRUE(five.single_series);
    CU_ASSERT_EQUAL(five.start_bonus, 3);
    CU_ASSERT_EQUAL(five.hand_flush_min, 3);
    CU_ASSERT_EQUAL(five.lurch_line, 31);
    CU_ASSERT_TRUE(nz.partnership);
    CU_ASSERT_EQUAL(nz.max_deals, 4);
    CU_ASSERT_EQUAL(nz.target, 121);
}

static void test_rules_set_every_field_by_name(void) {
    cs_rules r = preset("two");
    CU_ASSERT_EQUAL(cs_rules_set(&r, "target", "61"), CS_OK);
    CU_ASSERT_EQUAL(r.target, 61);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "partnership", "yes"), CS_OK);
    CU_ASSERT_EQUAL(r.partnership, 1);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "first_dealer", "1"), CS_OK);
    CU_ASSERT_EQUAL(r.first_dealer, 1);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "first_dealer", "cut"), CS_OK);
    CU_ASSERT_EQUAL(r.first_dealer, CS_FIRST_DEALER_CUT);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "next_dealer", "alternate"), CS_OK);
    CU_ASSERT_EQUAL(r.next_dealer, CS_NEXT_DEALER_ALTERNATE);
    /* Every listed key is settable. */
    int keys = 0;
    for (int i = 0; cs_rules_key(i); i++, keys++) {
        cs_rules t = preset("two");
        const char *k = cs_rules_key(i);
        const char *v = !strcmp(k, "first_dealer")                   ? "cut"
                        : !strcmp(k, "next_dealer")                  ? "loser"
                        : strstr(k, "players") || strstr(k, "flush") ? "4"
                                                                     : "1";
        CU_ASSERT_EQUAL(cs_rules_set(&t, k, v), CS_OK);
    }
    CU_ASSERT_EQUAL(keys, 22);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "muggins", "on"), CS_OK);
    CU_ASSERT_EQUAL(r.muggins, 1);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "muggins", "off"), CS_OK);
    CU_ASSERT_EQUAL(r.muggins, 0);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "next_dealer", "cut"), CS_OK);
    CU_ASSERT_EQUAL(r.next_dealer, CS_NEXT_DEALER_CUT);
}

/* The double-elimination sheet's skunks are winning margins (31 and 61), and a double skunk
 * margin needs a smaller skunk margin beside it. */
static void test_rules_skunk_margins_set_validate_and_reach_the_json(void) {
    cs_rules r = preset("partners");
    char why[256], json[2048];
    CU_ASSERT_EQUAL(cs_rules_set(&r, "skunk_margin", "31"), CS_OK);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "double_skunk_margin", "61"), CS_OK);
    CU_ASSERT_EQUAL(cs_rules_validate(&r, why, sizeof why), CS_OK);
    cs_rules_to_json(&r, json, sizeof json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"skunk_margin\":31,\"double_skunk_margin\":61"));
    r.double_skunk_margin = 20;
    CU_ASSERT_EQUAL(cs_rules_validate(&r, why, sizeof why), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "double_skunk_margin"));
    r.skunk_margin = 0;
    r.double_skunk_margin = 61;
    CU_ASSERT_EQUAL(cs_rules_validate(&r, why, sizeof why), CS_ECONFIG);
}

static void test_rules_set_rejects_unknown_keys_and_bad_values_without_change(void) {
    cs_rules r = preset("two"), before = r;
    CU_ASSERT_EQUAL(cs_rules_set(&r, "targte", "61"), CS_EUNKNOWN);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "target", "sixty"), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "target", "61x"), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "target", "0"), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "players", "5"), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "partnership", "maybe"), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "next_dealer", "winner"), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "target", ""), CS_ERANGE);
    CU_ASSERT_EQUAL(memcmp(&r, &before, sizeof r), 0);
}

static void expect_invalid(cs_rules *r, const char *needle) {
    char why[256] = "";
    CU_ASSERT_EQUAL(cs_rules_validate(r, why, sizeof why), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, needle));
}

static void test_rules_validate_refuses_combinations_that_make_no_sense(void) {
    cs_rules r = preset("three");
    r.partnership = 1;
    expect_invalid(&r, "partnership");
    r = preset("two");
    r.discards = 2;
    r.cards_dealt = 4; /* leaves a hand of two */
    expect_invalid(&r, "hand of 2");
    r = preset("three");
    r.crib_from_deck = 0; /* a crib of three */
    expect_invalid(&r, "crib would hold 3");
    r = preset("four");
    r.cards_dealt = 6;
    r.discards = 2; /* crib of 8 */
    expect_invalid(&r, "crib");
    r = preset("two");
    r.skunk_line = 150;
    expect_invalid(&r, "skunk");
    r = preset("two");
    r.double_skunk_line = 95; /* above the skunk line */
    expect_invalid(&r, "needs skunk_line above it");
    r = preset("two");
    r.first_dealer = 3;
    expect_invalid(&r, "first_dealer");
    r = preset("two");
    r.hand_flush_min = 3;
    expect_invalid(&r, "hand_flush_min");
    r = preset("two");
    r.players = 7;
    expect_invalid(&r, "players");
    /* Two players keeping four of five with two crib cards from the deck would make a crib of
     * four, but a deal record holds one crib card from the deck: refused. */
    r = preset("two");
    r.cards_dealt = 5;
    r.discards = 1;
    r.crib_from_deck = 2;
    expect_invalid(&r, "crib_from_deck = 2 is outside 0..1");
    CU_ASSERT_EQUAL(cs_rules_set(&r, "crib_from_deck", "2"), CS_ERANGE);
}

/* The messages name the field and its value, and say how to put it right. */
static void test_rules_validate_messages_name_the_line_at_fault(void) {
    cs_rules r = preset("two");
    r.target = 61;
    expect_invalid(&r, "skunk_line = 91 exceeds the target 61");
    r.skunk_line = 31;
    r.double_skunk_line = 0;
    r.triple_skunk_line = 0;
    expect_invalid(&r, "lurch_line = 91 exceeds the target 61");
    r.lurch_line = 31;
    CU_ASSERT_TRUE(valid(&r));
    r.triple_skunk_line = 10; /* a triple skunk with no double skunk line above it */
    expect_invalid(&r, "triple_skunk_line = 10 needs double_skunk_line above it, not 0");
    r.triple_skunk_line = 0;
    r.double_skunk_line = 40; /* above the skunk line */
    expect_invalid(&r, "double_skunk_line = 40 needs skunk_line above it, not 31");
    r = preset("two");
    r.skunk_line = 0; /* no skunk at all, but a double skunk */
    expect_invalid(&r, "double_skunk_line = 61 needs skunk_line above it, not 0");
    r = preset("two");
    r.target = 30000;
    r.heels = 30000; /* 29,999 + 30,000 would not fit the records' int16 */
    r.skunk_line = r.double_skunk_line = r.triple_skunk_line = r.lurch_line = 0;
    expect_invalid(&r, "32767");
    r.heels = 2;
    CU_ASSERT_TRUE(valid(&r));
}

/* The list: target, the three skunk lines, the lurch line, fixed deals, the first
 * dealer and both flush minimums can each be set by name, and land in their own field. */
static void test_rules_every_listed_parameter_overridable_by_name(void) {
    cs_rules r = preset("two");
    static const struct {
        const char *key, *value;
        size_t offset;
        int expect;
    } sets[] = {
        {"target", "151", offsetof(cs_rules, target), 151},
        {"skunk_line", "101", offsetof(cs_rules, skunk_line), 101},
        {"double_skunk_line", "71", offsetof(cs_rules, double_skunk_line), 71},
        {"triple_skunk_line", "41", offsetof(cs_rules, triple_skunk_line), 41},
        {"lurch_line", "111", offsetof(cs_rules, lurch_line), 111},
        {"max_deals", "6", offsetof(cs_rules, max_deals), 6},
        {"first_dealer", "1", offsetof(cs_rules, first_dealer), 1},
        {"hand_flush_min", "5", offsetof(cs_rules, hand_flush_min), 5},
        {"crib_flush_min", "4", offsetof(cs_rules, crib_flush_min), 4},
        {"heels", "0", offsetof(cs_rules, heels), 0},
        {"start_bonus", "3", offsetof(cs_rules, start_bonus), 3},
        {"single_series", "yes", offsetof(cs_rules, single_series), 1},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        cs_rules before = r;
        CU_ASSERT_EQUAL(cs_rules_set(&r, sets[i].key, sets[i].value), CS_OK);
        CU_ASSERT_EQUAL(*(const int *)((const char *)&r + sets[i].offset), sets[i].expect);
        /* nothing else changed (but the lines that follow a new target, tested below) */
        if (sets[i].offset == offsetof(cs_rules, target)) {
            int delta = sets[i].expect - before.target;
            before.skunk_line += delta;
            before.double_skunk_line += delta;
            before.triple_skunk_line += delta;
            before.lurch_line += delta;
        }
        *(int *)((char *)&before + sets[i].offset) = sets[i].expect;
        CU_ASSERT_EQUAL(memcmp(&r, &before, sizeof r), 0);
    }
    CU_ASSERT_TRUE(valid(&r)); /* all of them at once still make sense */
}

static void test_rules_json_names_every_field(void) {
    cs_rules r = preset("five-card");
    char buf[1024];
    int n = cs_rules_to_json(&r, buf, sizeof buf);
    CU_ASSERT_TRUE(n > 0 && (size_t)n < sizeof buf);
    CU_ASSERT_EQUAL((int)strlen(buf), n);
    CU_ASSERT_EQUAL(buf[0], '{');
    CU_ASSERT_EQUAL(buf[n - 1], '}');
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"target\":61"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"single_series\":true"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"first_dealer\":\"cut\""));
    for (int i = 0; cs_rules_key(i); i++) {
        char key[64];
        snprintf(key, sizeof key, "\"%s\":", cs_rules_key(i));
        CU_ASSERT_PTR_NOT_NULL(strstr(buf, key));
    }
    /* Too small a buffer: the needed length is still returned and nothing overflows. */
    char small[16];
    CU_ASSERT_EQUAL(cs_rules_to_json(&r, small, sizeof small), n);
    CU_ASSERT_EQUAL(cs_rules_to_json(&r, NULL, 0), n);
}

/* The documents put every line a fixed distance below the target (121: skunk 91, double 61,
 * triple 31, lurch 91; 61: lurch 31), so a new target moves the lines that are on with it. */
static void test_rules_target_moves_the_skunk_and_lurch_lines(void) {
    cs_rules r = preset("two");
    CU_ASSERT_EQUAL(cs_rules_set(&r, "target", "61"), CS_OK);
    CU_ASSERT_EQUAL(r.skunk_line, 31);
    CU_ASSERT_EQUAL(r.double_skunk_line, 1); /* a win by 61 or more, as 001 counts it */
    CU_ASSERT_EQUAL(r.triple_skunk_line, 0); /* would fall below 0: off */
    CU_ASSERT_EQUAL(r.lurch_line, 31);       /* the classic rules's lurch in a game of 61 */
    char why[256];
    CU_ASSERT_EQUAL(cs_rules_validate(&r, why, sizeof why), CS_OK);
    /* Lines that are off stay off; lines move up as well as down. */
    cs_rules five = preset("five-card");
    CU_ASSERT_EQUAL(cs_rules_set(&five, "target", "121"), CS_OK);
    CU_ASSERT_EQUAL(five.skunk_line, 91);
    CU_ASSERT_EQUAL(five.double_skunk_line, 0);
    CU_ASSERT_EQUAL(five.lurch_line, 91);
    cs_rules nz = preset("nz-tournament");
    CU_ASSERT_EQUAL(cs_rules_set(&nz, "target", "61"), CS_OK);
    CU_ASSERT_EQUAL(nz.skunk_line + nz.double_skunk_line + nz.triple_skunk_line + nz.lurch_line, 0);
    /* Every preset plays to 61 without touching a line by hand. */
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        cs_rules_preset((cs_preset)p, &r);
        CU_ASSERT_EQUAL(cs_rules_set(&r, "target", "61"), CS_OK);
        CU_ASSERT_EQUAL(cs_rules_validate(&r, why, sizeof why), CS_OK);
    }
    /* A line set after the target stays where it was put. */
    r = preset("two");
    CU_ASSERT_EQUAL(cs_rules_set(&r, "target", "61"), CS_OK);
    CU_ASSERT_EQUAL(cs_rules_set(&r, "skunk_line", "40"), CS_OK);
    CU_ASSERT_EQUAL(r.skunk_line, 40);
}

/* Several settings at once: a line given beside the target stays where it was put, in either
 * order; a failing setting is named and leaves the rules as they were. */
static void test_rules_set_all_applies_the_target_first_and_fails_whole(void) {
    const char *keys[] = {"skunk_line", "target", "heels"};
    const char *values[] = {"40", "61", "0"};
    for (int order = 0; order < 2; order++) {
        const char *k[3] = {keys[order], keys[!order], keys[2]};
        const char *v[3] = {values[order], values[!order], values[2]};
        cs_rules r = preset("two");
        int failed = -1;
        CU_ASSERT_EQUAL(cs_rules_set_all(&r, 3, k, v, &failed), CS_OK);
        CU_ASSERT_EQUAL(r.target, 61);
        CU_ASSERT_EQUAL(r.skunk_line, 40); /* as given, whatever the order */
        CU_ASSERT_EQUAL(r.lurch_line, 31); /* moved with the target */
        CU_ASSERT_EQUAL(r.heels, 0);
    }
    cs_rules r = preset("two"), before = r;
    const char *k[] = {"target", "lurch_line", "colour"};
    const char *v[] = {"61", "20", "red"};
    int failed = -1;
    CU_ASSERT_EQUAL(cs_rules_set_all(&r, 3, k, v, &failed), CS_EUNKNOWN);
    CU_ASSERT_EQUAL(failed, 2);
    CU_ASSERT_EQUAL(memcmp(&r, &before, sizeof r), 0);
    const char *bad_v[] = {"61", "many", "x"};
    CU_ASSERT_EQUAL(cs_rules_set_all(&r, 2, k, bad_v, &failed), CS_ERANGE);
    CU_ASSERT_EQUAL(failed, 1);
    CU_ASSERT_EQUAL(memcmp(&r, &before, sizeof r), 0);
}

const char cs_suite_name[] = "rules";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_rules_every_preset_is_valid_and_named),
    CS_TEST(test_rules_presets_match_the_rules_model),
    CS_TEST(test_rules_set_every_field_by_name),
    CS_TEST(test_rules_set_rejects_unknown_keys_and_bad_values_without_change),
    CS_TEST(test_rules_validate_refuses_combinations_that_make_no_sense),
    CS_TEST(test_rules_validate_messages_name_the_line_at_fault),
    CS_TEST(test_rules_every_listed_parameter_overridable_by_name),
    CS_TEST(test_rules_json_names_every_field),
    CS_TEST(test_rules_target_moves_the_skunk_and_lurch_lines),
    CS_TEST(test_rules_set_all_applies_the_target_first_and_fails_whole),
    CS_TEST(test_rules_skunk_margins_set_validate_and_reach_the_json),
    {NULL, NULL},
};

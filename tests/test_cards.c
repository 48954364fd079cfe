/* layer: engine */
/*
 * test_cards.c - card codes and card text as cards.h and docs/file-schema.md fix them:
 * code = 4 * rank + suit, rank `A 2 .. 9 T J Q K` (or `10`), suit `C D H S`, either case;
 * malformed and duplicate cards rejected with the index or the token that is wrong.
 */
#include <stdio.h>
#include <string.h>

#include "cards.h"
#include "cu_main.h"
#include "error.h"

static const char RANK_UPPER[] = "A23456789TJQK";
static const char RANK_LOWER[] = "a23456789tjqk";
static const char SUIT_UPPER[] = "CDHS";
static const char SUIT_LOWER[] = "cdhs";

static void test_card_codes_are_four_times_rank_plus_suit(void) {
    for (int r = 0; r < CS_RANKS; r++) {
        for (int s = 0; s < CS_SUITS; s++) {
            cs_card c = cs_card_make(r, s);
            CU_ASSERT_EQUAL(c, 4 * r + s);
            CU_ASSERT_EQUAL(cs_card_rank(c), r);
            CU_ASSERT_EQUAL(cs_card_suit(c), s);
            CU_ASSERT(cs_card_valid(c));
            CU_ASSERT_EQUAL(cs_card_value(c), r < 10 ? r + 1 : 10);
        }
    }
    CU_ASSERT(!cs_card_valid(CS_DECK_SIZE));
    CU_ASSERT(!cs_card_valid(CS_NO_CARD));
}

static void test_card_parse_every_rank_and_suit_in_both_cases(void) {
    for (int r = 0; r < CS_RANKS; r++) {
        for (int s = 0; s < CS_SUITS; s++) {
            const char *ranks[2] = {RANK_UPPER, RANK_LOWER};
            const char *suits[2] = {SUIT_UPPER, SUIT_LOWER};
            for (int rc = 0; rc < 2; rc++) {
                for (int sc = 0; sc < 2; sc++) {
                    char text[3] = {ranks[rc][r], suits[sc][s], '\0'};
                    cs_card c = CS_NO_CARD;
                    CU_ASSERT_EQUAL(cs_card_parse(text, &c), CS_OK);
                    CU_ASSERT_EQUAL(c, 4 * r + s);
                }
            }
        }
    }
}

static void test_card_parse_accepts_10_for_ten(void) {
    for (int s = 0; s < CS_SUITS; s++) {
        char upper[4] = {'1', '0', SUIT_UPPER[s], '\0'};
        char lower[4] = {'1', '0', SUIT_LOWER[s], '\0'};
        cs_card a = CS_NO_CARD, b = CS_NO_CARD;
        CU_ASSERT_EQUAL(cs_card_parse(upper, &a), CS_OK);
        CU_ASSERT_EQUAL(cs_card_parse(lower, &b), CS_OK);
        CU_ASSERT_EQUAL(a, cs_card_make(9, s));
        CU_ASSERT_EQUAL(b, cs_card_make(9, s));
    }
}

static void test_card_parse_rejects_malformed_and_leaves_out_alone(void) {
    const char *bad[] = {"1C",  "5X", "",     "ZZ",  "10",  "555", "5",  "C5",  " 5H",  "5H ",
                         "11C", "0C", "10CC", "1OC", "01C", "5HH", "XC", "-5H", "5\tH", "TT"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cs_card c = 77;
        int rc = cs_card_parse(bad[i], &c);
        CU_ASSERT_EQUAL(rc, CS_EBADCARD);
        CU_ASSERT_EQUAL(c, 77);
        if (rc != CS_EBADCARD) printf("\n  \"%s\" was accepted\n", bad[i]);
    }
}

static void test_card_format_round_trips_all_52(void) {
    for (int code = 0; code < CS_DECK_SIZE; code++) {
        char buf[CS_CARD_TEXT_MAX];
        cs_card_format((cs_card)code, buf);
        CU_ASSERT_EQUAL(strlen(buf), 2u);
        CU_ASSERT_EQUAL(buf[0], RANK_UPPER[code >> 2]);
        CU_ASSERT_EQUAL(buf[1], SUIT_UPPER[code & 3]);
        cs_card back = CS_NO_CARD;
        CU_ASSERT_EQUAL(cs_card_parse(buf, &back), CS_OK);
        CU_ASSERT_EQUAL(back, code);
    }
    char buf[CS_CARD_TEXT_MAX];
    cs_card_format(cs_card_make(9, 0), buf);
    CU_ASSERT_STRING_EQUAL(buf, "TC"); /* never "10C" */
    cs_card_format(CS_NO_CARD, buf);
    CU_ASSERT_STRING_EQUAL(buf, "--");
}

static void test_cards_parse_reads_all_texts(void) {
    const char *texts[] = {"AC", "10d", "jh", "KS", "5h"};
    cs_card out[5];
    int bad = -1;
    CU_ASSERT_EQUAL(cs_cards_parse(5, texts, out, &bad), CS_OK);
    CU_ASSERT_EQUAL(out[0], 0);
    CU_ASSERT_EQUAL(out[1], cs_card_make(9, 1));
    CU_ASSERT_EQUAL(out[2], cs_card_make(10, 2));
    CU_ASSERT_EQUAL(out[3], 51);
    CU_ASSERT_EQUAL(out[4], cs_card_make(4, 2));
}

static void test_cards_parse_rejects_duplicate_with_its_index(void) {
    const char *texts[] = {"5H", "JC", "5h"};
    cs_card out[3] = {99, 99, 99};
    int bad = -1;
    CU_ASSERT_EQUAL(cs_cards_parse(3, texts, out, &bad), CS_EDUPCARD);
    CU_ASSERT_EQUAL(bad, 2);
    CU_ASSERT_EQUAL(out[0], 99); /* no side effect on failure */

    /* "10C" and "TC" are one card */
    const char *tens[] = {"2D", "10C", "TC"};
    bad = -1;
    CU_ASSERT_EQUAL(cs_cards_parse(3, tens, out, &bad), CS_EDUPCARD);
    CU_ASSERT_EQUAL(bad, 2);
}

static void test_cards_parse_rejects_malformed_with_its_index(void) {
    const char *texts[] = {"5H", "JC", "1C", "QS"};
    cs_card out[4] = {99, 99, 99, 99};
    int bad = -1;
    CU_ASSERT_EQUAL(cs_cards_parse(4, texts, out, &bad), CS_EBADCARD);
    CU_ASSERT_EQUAL(bad, 2);
    CU_ASSERT_EQUAL(out[0], 99);
    /* a malformed text is reported before a later duplicate */
    const char *both[] = {"ZZ", "5H", "5H"};
    bad = -1;
    CU_ASSERT_EQUAL(cs_cards_parse(3, both, out, &bad), CS_EBADCARD);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_cards_parse_line_splits_on_any_whitespace(void) {
    cs_card out[6];
    const char *bad = NULL;
    CU_ASSERT_EQUAL(cs_cards_parse_line("  5H\tjc 10d\r\nKS  ", out, 6, &bad), 4);
    CU_ASSERT_EQUAL(out[0], cs_card_make(4, 2));
    CU_ASSERT_EQUAL(out[1], cs_card_make(10, 0));
    CU_ASSERT_EQUAL(out[2], cs_card_make(9, 1));
    CU_ASSERT_EQUAL(out[3], cs_card_make(12, 3));
    CU_ASSERT_EQUAL(cs_cards_parse_line("", out, 6, &bad), 0);
    CU_ASSERT_EQUAL(cs_cards_parse_line(" \t\n", out, 6, NULL), 0);
}

static void test_cards_parse_line_count_limit_points_at_the_extra_card(void) {
    cs_card out[4];
    const char *bad = NULL;
    const char *line = "AC 2C 3C 4C";
    CU_ASSERT_EQUAL(cs_cards_parse_line(line, out, 4, &bad), 4);
    bad = NULL;
    CU_ASSERT_EQUAL(cs_cards_parse_line(line, out, 3, &bad), CS_ECOUNT);
    CU_ASSERT_PTR_EQUAL(bad, line + 9);
    CU_ASSERT_EQUAL(cs_cards_parse_line("AC 2C 3C", out, 3, NULL), 3);
    CU_ASSERT_EQUAL(cs_cards_parse_line("AC", out, 0, NULL), CS_ECOUNT);
}

static void test_cards_parse_line_bad_token_pointer(void) {
    cs_card out[8];
    const char *bad = NULL;
    const char *line = "5H ZZ JC";
    CU_ASSERT_EQUAL(cs_cards_parse_line(line, out, 8, &bad), CS_EBADCARD);
    CU_ASSERT_PTR_EQUAL(bad, line + 3);

    const char *dup = "5H JC\t5h";
    bad = NULL;
    CU_ASSERT_EQUAL(cs_cards_parse_line(dup, out, 8, &bad), CS_EDUPCARD);
    CU_ASSERT_PTR_EQUAL(bad, dup + 6);

    /* a token too long to be a card, even one that starts like a card */
    const char *longer = "AC 10CXXXXXXXXXXX";
    bad = NULL;
    CU_ASSERT_EQUAL(cs_cards_parse_line(longer, out, 8, &bad), CS_EBADCARD);
    CU_ASSERT_PTR_EQUAL(bad, longer + 3);

    /* NULL for bad_text is allowed */
    CU_ASSERT_EQUAL(cs_cards_parse_line("5H 5H", out, 8, NULL), CS_EDUPCARD);
}

/* A failed parse has no side effects: the caller's array keeps what it held. */
static void test_cards_parse_line_failure_leaves_out_untouched(void) {
    cs_card out[4] = {7, 7, 7, 7};
    CU_ASSERT_EQUAL(cs_cards_parse_line("5H JC ZZ", out, 4, NULL), CS_EBADCARD);
    CU_ASSERT_EQUAL(cs_cards_parse_line("5H JC 5H", out, 4, NULL), CS_EDUPCARD);
    CU_ASSERT_EQUAL(cs_cards_parse_line("AC 2C 3C 4C 5C", out, 4, NULL), CS_ECOUNT);
    CU_ASSERT_EQUAL(cs_cards_parse_line("AC", out, -1, NULL), CS_ECOUNT);
    for (int i = 0; i < 4; i++) CU_ASSERT_EQUAL(out[i], 7);
    const char *texts[3] = {"5H", "JC", "5H"};
    int bad = -1;
    CU_ASSERT_EQUAL(cs_cards_parse(3, texts, out, &bad), CS_EDUPCARD);
    CU_ASSERT_EQUAL(bad, 2);
    for (int i = 0; i < 4; i++) CU_ASSERT_EQUAL(out[i], 7);
}

const char cs_suite_name[] = "cards";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_card_codes_are_four_times_rank_plus_suit),
    CS_TEST(test_card_parse_every_rank_and_suit_in_both_cases),
    CS_TEST(test_card_parse_accepts_10_for_ten),
    CS_TEST(test_card_parse_rejects_malformed_and_leaves_out_alone),
    CS_TEST(test_card_format_round_trips_all_52),
    CS_TEST(test_cards_parse_reads_all_texts),
    CS_TEST(test_cards_parse_rejects_duplicate_with_its_index),
    CS_TEST(test_cards_parse_rejects_malformed_with_its_index),
    CS_TEST(test_cards_parse_line_splits_on_any_whitespace),
    CS_TEST(test_cards_parse_line_count_limit_points_at_the_extra_card),
    CS_TEST(test_cards_parse_line_bad_token_pointer),
    CS_TEST(test_cards_parse_line_failure_leaves_out_untouched),
    {NULL, NULL},
};

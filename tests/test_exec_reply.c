/* layer: strategies */
/*
 * test_exec_reply.c - reading an exec agent's output (strategies/external/exec_reply.h) without
 * a process: lines cut from what arrives in pieces, the greeting and its name, and answers to
 * a discard and a play checked against the hand and the count, each refusal with its reason.
 */
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "exec_reply.h"

static char why[512];

static cs_card card(const char *text) {
    cs_card c = CS_NO_CARD;
    CU_ASSERT_EQUAL_FATAL(cs_card_parse(text, &c), 0);
    return c;
}

/* "rea", then "dy\r\nAC": no line, then "ready" with "AC" left for the next read. */
static void test_lines_arrive_in_pieces_and_lose_their_line_end(void) {
    char buf[16], line[16];
    size_t len = 3;
    memcpy(buf, "rea", 3);
    CU_ASSERT_EQUAL(cs_exec_reply_line(buf, &len, sizeof buf, line, sizeof line, why, sizeof why),
                    0);
    memcpy(buf + len, "dy\r\nAC", 6);
    len += 6;
    CU_ASSERT_EQUAL(cs_exec_reply_line(buf, &len, sizeof buf, line, sizeof line, why, sizeof why),
                    1);
    CU_ASSERT_STRING_EQUAL(line, "ready");
    CU_ASSERT_EQUAL(len, 2);
    CU_ASSERT_EQUAL(memcmp(buf, "AC", 2), 0);
}

/* A full buffer without a newline is a line too long; so is a line longer than the caller's. */
static void test_a_line_that_cannot_fit_is_refused(void) {
    char buf[16], line[16], small[4];
    size_t len = sizeof buf;
    memset(buf, 'x', sizeof buf);
    CU_ASSERT_EQUAL(cs_exec_reply_line(buf, &len, sizeof buf, line, sizeof line, why, sizeof why),
                    CS_EAGENT);
    CU_ASSERT_STRING_EQUAL(why, "answered a line longer than 15 characters");
    len = 6;
    memcpy(buf, "AC 2C\n", 6);
    CU_ASSERT_EQUAL(cs_exec_reply_line(buf, &len, sizeof buf, small, sizeof small, why, sizeof why),
                    CS_EAGENT);
    CU_ASSERT_STRING_EQUAL(why, "answered a line too long");
}

/* "ready" or "ready NAME"; the name's control bytes and backslash are escaped. */
static void test_greeting_is_ready_with_an_escaped_name(void) {
    char name[64];
    CU_ASSERT_EQUAL(cs_exec_reply_greeting("ready", name, sizeof name, why, sizeof why), CS_OK);
    CU_ASSERT_STRING_EQUAL(name, "");
    CU_ASSERT_EQUAL(
        cs_exec_reply_greeting("ready \x1b[31mred\\", name, sizeof name, why, sizeof why), CS_OK);
    CU_ASSERT_STRING_EQUAL(name, "\\x1b[31mred\\x5c");
    CU_ASSERT_EQUAL(cs_exec_reply_greeting("readyset", name, sizeof name, why, sizeof why),
                    CS_EAGENT);
    CU_ASSERT_STRING_EQUAL(why, "greeted with 'readyset' instead of 'ready'");
}

/* The hand 5H 5D JS TC 4C AH: two of its cards in any case and spelling are a discard; the
 * wrong number, a card not held and a card twice are refused with what the agent said. */
static void test_discard_answer_is_two_distinct_cards_held(void) {
    const cs_card hand[6] = {card("5H"), card("5D"), card("JS"),
                             card("TC"), card("4C"), card("AH")};
    cs_card out[2];
    CU_ASSERT_EQUAL(cs_exec_reply_cards("5h 10c", "its discards", 2, hand, 6, out, why, sizeof why),
                    CS_OK);
    CU_ASSERT_EQUAL(out[0], card("5H"));
    CU_ASSERT_EQUAL(out[1], card("TC"));
    CU_ASSERT_EQUAL(cs_exec_reply_cards("5H", "its discards", 2, hand, 6, out, why, sizeof why),
                    CS_EAGENT);
    CU_ASSERT_STRING_EQUAL(why, "answered '5H' to a request for its discards: 1 cards, not 2");
    CU_ASSERT_EQUAL(cs_exec_reply_cards("5H KS", "its discards", 2, hand, 6, out, why, sizeof why),
                    CS_EILLEGAL);
    CU_ASSERT_STRING_EQUAL(why, "answered KS to a request for its discards, a card it does not "
                                "hold");
    CU_ASSERT_EQUAL(cs_exec_reply_cards("5H 5H", "its discards", 2, hand, 6, out, why, sizeof why),
                    CS_EAGENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "duplicate card"));
    CU_ASSERT_EQUAL(cs_exec_reply_cards("5H 5X", "its discards", 2, hand, 6, out, why, sizeof why),
                    CS_EAGENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(why, "malformed card at '5X'"));
}

/* A jack on 21 makes 31; on 22 it would pass 31 and is refused. */
static void test_play_answer_keeps_the_count_at_most_31(void) {
    const cs_card hand[2] = {card("JS"), card("AH")};
    cs_card out;
    CU_ASSERT_EQUAL(cs_exec_reply_play("JS", hand, 2, 21, &out, why, sizeof why), CS_OK);
    CU_ASSERT_EQUAL(out, card("JS"));
    CU_ASSERT_EQUAL(cs_exec_reply_play("JS", hand, 2, 22, &out, why, sizeof why), CS_EILLEGAL);
    CU_ASSERT_STRING_EQUAL(why, "played JS on a count of 22, past 31");
    CU_ASSERT_EQUAL(cs_exec_reply_play("JS AH", hand, 2, 0, &out, why, sizeof why), CS_EAGENT);
}

const char cs_suite_name[] = "exec_reply";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_lines_arrive_in_pieces_and_lose_their_line_end),
    CS_TEST(test_a_line_that_cannot_fit_is_refused),
    CS_TEST(test_greeting_is_ready_with_an_escaped_name),
    CS_TEST(test_discard_answer_is_two_distinct_cards_held),
    CS_TEST(test_play_answer_keeps_the_count_at_most_31),
    {NULL, NULL},
};

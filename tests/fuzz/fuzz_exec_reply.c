/*
 * fuzz_exec_reply.c - libFuzzer harness: what an exec agent writes (exec_reply.h), read as
 * exec_agent.c reads it, without a process. The input's first five bytes set the scene: how
 * many bytes each read receives (1 to 64), the count of the play, the hand (1 to 6 cards) and
 * the discards asked for (1 or 2); the rest is the agent's output, cut into lines through a
 * receive buffer of exec_agent.c's size. The first line is the greeting; the next ones answer
 * a discard and a play in turn, until a line is refused as exec_agent.c would stop there.
 *
 * None may crash or read past the input, and what is accepted must be what the protocol
 * allows: lines without their newline and shorter than the buffer, a greeting's name escaped
 * to printable ASCII, answers of the right number of distinct cards the seat holds, and a
 * play that keeps the count at most 31.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exec_reply.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* exec_agent.c's receive buffer and longest line (LINE_MAX_LEN). */
#define LINE_CAP 512

/* Aborts unless out[0..n) are distinct cards of hand. */
static void check_held(const cs_card out[], int n, const cs_card hand[], int n_hand) {
    for (int i = 0; i < n; i++) {
        int held = 0;
        for (int h = 0; h < n_hand; h++) held |= out[i] == hand[h];
        if (!held) abort();
        for (int j = 0; j < i; j++)
            if (out[j] == out[i]) abort();
    }
}

/* Reads one line as the answer the conversation is at; returns 0 to go on, 1 to stop. */
static int answer(const char *line, int turn, const cs_card hand[], int n_hand, int count,
                  int discards) {
    char why[512], name[64];
    if (strchr(line, '\n') != NULL) abort();
    if (turn == 0) {
        if (cs_exec_reply_greeting(line, name, sizeof name, why, sizeof why) != 0) return 1;
        for (const char *p = name; *p; p++)
            if (*p < 0x20 || *p > 0x7E) abort();
        return 0;
    }
    cs_card out[CS_MAX_DISCARD];
    if (turn % 2 == 1) {
        if (cs_exec_reply_cards(line, "its discards", discards, hand, n_hand, out, why,
                                sizeof why) != 0)
            return 1;
        check_held(out, discards, hand, n_hand);
        return 0;
    }
    if (cs_exec_reply_play(line, hand, n_hand, count, out, why, sizeof why) != 0) return 1;
    check_held(out, 1, hand, n_hand);
    if (count + cs_card_value(out[0]) > 31) abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 5) return 0;
    size_t chunk = 1 + data[0] % 64;
    int count = data[1] % 32;
    int n_hand = 1 + data[2] % 6;
    cs_card hand[6];
    for (int i = 0; i < n_hand; i++) /* 11 is prime to 52: distinct cards */
        hand[i] = (cs_card)((data[3] + 11 * i) % CS_DECK_SIZE);
    int discards = 1 + data[4] % 2;
    const uint8_t *in = data + 5, *end = data + size;
    char buf[LINE_CAP], line[LINE_CAP], why[512];
    size_t len = 0;
    for (int turn = 0;;) {
        size_t before = len;
        int took = cs_exec_reply_line(buf, &len, sizeof buf, line, sizeof line, why, sizeof why);
        if (took < 0) break;
        if (took == 1) {
            if (len >= before || strlen(line) >= before) abort();
            if (answer(line, turn++, hand, n_hand, count, discards)) break;
            continue;
        }
        if (len >= sizeof buf) abort(); /* room was promised */
        if (in == end) break;
        size_t n = chunk;
        if (n > sizeof buf - len) n = sizeof buf - len;
        if (n > (size_t)(end - in)) n = (size_t)(end - in);
        memcpy(buf + len, in, n);
        len += n;
        in += n;
    }
    return 0;
}

/*
 * exec_reply.h - what an exec agent's answers mean (internal to exec_agent.c, and the fuzz
 * harness tests/fuzz/fuzz_exec_reply.c).
 *
 * Everything an outside program writes is hostile input. These functions are the pure part of
 * reading it: cutting the bytes received into lines, the greeting, and an answer of cards to a
 * discard or a play, each checked against the seat's hand (and the count, for a play). They
 * do no I/O and keep no state: exec_agent.c owns the socket, the timeouts and the process, and
 * adds the agent, the game and the deal to every reason given here.
 *
 * Each returns CS_OK, or a negative cs_err with the reason in why (the text after "exec agent
 * 'COMMAND' in game G, deal D: "), as the agent wrote it: the caller escapes it
 * (cs_exec_escape) before it reaches a message.
 */
#ifndef CS_EXEC_REPLY_H
#define CS_EXEC_REPLY_H

#include <stddef.h>

#include "cards.h"

/*
 * Takes the first whole line out of buf (len bytes held of cap): returns 1 with the line in out
 * (without its '\n', nor a '\r' before it) and the rest moved to the front of buf; 0 if no line
 * is whole yet and buf has room for more; CS_EAGENT with why if the line cannot fit (longer
 * than out_len - 1, or filling buf without a newline).
 */
int cs_exec_reply_line(char *buf, size_t *len, size_t cap, char *out, size_t out_len, char *why,
                       size_t why_len);

/* The greeting: "ready" or "ready NAME". Returns CS_OK with NAME escaped into name (empty
 * without one), or CS_EAGENT. */
int cs_exec_reply_greeting(const char *line, char *name, size_t name_len, char *why,
                           size_t why_len);

/*
 * An answer of exactly n distinct well-formed cards, each one of the n_hand cards of hand
 * (`what` names the request in the reason, e.g. "its discards"). Returns CS_OK with the cards
 * in out, CS_EAGENT for a malformed answer or the wrong number, CS_EILLEGAL for a card not
 * held.
 */
int cs_exec_reply_cards(const char *line, const char *what, int n, const cs_card hand[], int n_hand,
                        cs_card out[], char *why, size_t why_len);

/* A play: one card held (as above) that keeps the count at most 31. CS_EILLEGAL past 31. */
int cs_exec_reply_play(const char *line, const cs_card hand[], int n_hand, int count, cs_card *out,
                       char *why, size_t why_len);

/* Copies in into out (len bytes) with every byte that is not printable ASCII, and the
 * backslash, written as \xNN, so nothing an agent sends can drive a terminal. */
void cs_exec_escape(const char *in, char *out, size_t len);

#endif

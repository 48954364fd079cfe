/*
 * narrate.h - tells a game as a person reads it: the deal, the hands and discards, the
 * starter, every card of the play with what it scored, the go, the show with its breakdown,
 * the scores after each deal, why the game ended, and the result. It is an observer
 * (cs_agent.observe) attached to one seat's agent of a live game (`cribsim play`).
 */
#ifndef CS_NARRATE_H
#define CS_NARRATE_H

#include <stdio.h>

#include "game.h"

typedef struct {
    FILE *out;
    const cs_game *game; /* for the deal record: hands and discards of every seat */
    const cs_rules *rules;
    int scores_told; /* the scores after the current deal have been printed */
} cs_narrator;

void cs_narrator_init(cs_narrator *n, FILE *out, const cs_game *game, const cs_rules *rules);

/* The observe function; self is a cs_narrator. */
void cs_narrator_observe(void *self, const cs_view *v, const cs_event *e);

/* "seat 2" or, in partnerships, "seat 2 (team 0)"; writes into buf and returns it. */
const char *cs_narrate_seat(const cs_rules *r, int seat, char *buf, size_t len);

/* One line on a finished game: who won, the scores, skunk and lurch. */
void cs_narrate_result(FILE *out, const cs_rules *r, const cs_game_record *sum);

#endif

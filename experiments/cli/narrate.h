/*
 * narrate.h - tells a game as a person reads it, from the engine's public events: the rules,
 * each deal's cards (dealt, laid away, kept), the starter, every card of the play with the
 * count and what it scored and why (the go and the last card on the card that took them), the
 * show with each hand's breakdown, the scores after each deal, why the game ended, and the
 * result with skunk and lurch. `cribsim play` narrates a game as it is played, `cribsim
 * replay` a recorded game played again in the engine: both print this one text.
 *
 * The narrator is attached to one seat's agent (any one: every agent is told every public
 * event), so it sees exactly what the engine does, points and all, and works out nothing of
 * the rules itself beyond the breakdown of points the engine credited.
 */
#ifndef CS_NARRATE_H
#define CS_NARRATE_H

#include <stdio.h>

#include "game.h"

/* "seat 2 (expected:peg=lookahead, team 0)": a name is cut to CS_NARRATE_NAME_MAX characters
 * (the header's seats line gives it whole). The label has room for any int as seat and team,
 * so the compiler can see that nothing is cut. */
#define CS_NARRATE_NAME_MAX  24
#define CS_NARRATE_LABEL_MAX (sizeof "seat -2147483648 (, team -2147483648)" + CS_NARRATE_NAME_MAX)

typedef struct {
    FILE *out;
    const cs_game *game; /* for the deal record: every seat's cards dealt and laid away */
    const cs_rules *rules;
    const char *const *names;                         /* per seat, or NULL */
    char label[CS_MAX_PLAYERS][CS_NARRATE_LABEL_MAX]; /* each seat as the text names it */
    int width;                                        /* the longest label, to align on */
    unsigned hidden; /* seats (bit s) whose dealt cards are not told: a person plays beside them */
    cs_agent inner;  /* the agent cs_narrator_attach wraps */
    int play_told;   /* "the play:" has been printed this deal */
    int scores_told; /* the scores after the current deal have been printed */
    const char *reached_in; /* where a side reached the target ("in the play"), or NULL */
    /* The last card played waits to be printed until the next event, which may be the go or
     * the last card that it scores too. */
    struct {
        int on, seat, count, points, go, left, reaches;
        int index; /* the card's place in the deal's plays (the record's k) */
        cs_card card;
        cs_peg_points why;
    } line;
} cs_narrator;

/*
 * Prepares to narrate game (which must outlive the narrator) under rules to out. names, if not
 * NULL, holds each seat's player (a strategy), which the text then gives beside the seat.
 */
void cs_narrator_init(cs_narrator *n, FILE *out, const cs_game *game, const cs_rules *rules,
                      const char *const names[]);

/* An agent that decides as inner does and narrates every event: give it one seat of the game.
 * The narrator must outlive the game. */
cs_agent cs_narrator_attach(cs_narrator *n, cs_agent inner);

/* "seat 2", "seat 2 (greedy)", "seat 2 (team 0)" or "seat 2 (greedy, team 0)". */
const char *cs_narrator_label(const cs_narrator *n, int seat);

/* Prints anything still waiting (the last card of the play); call before writing to the same
 * stream between events. */
void cs_narrator_flush(cs_narrator *n);

/* The table: "rules: PRESET (description)", with what differs from the nearest preset
 * (", changed: target 61, lurch_line 31"), then, with names, "seats: 0 greedy, 1 random". */
void cs_narrate_header(const cs_narrator *n);

/* "result: seat 0 (greedy) wins after 9 deals: seat 0 121, seat 1 70 (skunked); a lurch." */
void cs_narrate_result(const cs_narrator *n, const cs_game_record *sum);

#endif

/*
 * format.h - the interface between the event runner and an event format (the New Zealand
 * tournament's movement, a double-elimination bracket, a league night and its season).
 *
 * A format is a constant table of functions over a state it owns, in memory the runner
 * allocates once per thread (state_size bytes) and reuses for every event. The runner plays one
 * event on one thread, round by round:
 *
 *     init(state, params, field, rng)
 *     while ((n = next_round(state, games, CS_EVENT_ROUND_MAX)) > 0) {
 *         play games[0..n) on the engine, in order;
 *         record(state, i, &result_i) for each i in order;
 *     }
 *     standings(state, rows)     one row per entrant
 *
 * next_round() decides who sits where for the next games (the movement, the bracket, the
 * pairing), and record() takes each game's result before the next round is asked for. A format
 * draws every random choice it makes (bracketing, seating, a cut for who moves on, a 50/50 draw)
 * from the rng it was given at init (it keeps the pointer; the runner keeps the generator alive
 * for the whole event), in a fixed order, so an event depends only on the spec,
 * the seed and the event's index: never on threads. A format allocates nothing after init and
 * does no I/O.
 */
#ifndef CS_EVENT_FORMAT_H
#define CS_EVENT_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "eventlimits.h"
#include "game.h"
#include "pcg32.h"
#include "rules.h"

/* Most games in one round (a table each); the field's and names' bounds: eventlimits.h. */
#define CS_EVENT_ROUND_MAX (CS_EVENT_ENTRANTS_MAX / 2)

/* X(ident, name): the formats, numbered from 1 (0 is "no event" in cs_match_context). */
#define CS_EVENT_FORMAT_LIST(X)                                                                    \
    X(NZ, "nz")                                 /* the New Zealand national tournament */          \
    X(DOUBLE_ELIMINATION, "double-elimination") /* a doubles bracket of best-of-three */           \
    X(LEAGUE, "league")                         /* a weekly league night, and its season */

typedef enum {
    CS_EVENT_FORMAT_NONE = 0,
#define CS_EVENT_FORMAT_ENUM(ident, name) CS_EVENT_FORMAT_##ident,
    CS_EVENT_FORMAT_LIST(CS_EVENT_FORMAT_ENUM)
#undef CS_EVENT_FORMAT_ENUM
        CS_EVENT_FORMAT_COUNT
} cs_event_format_id;

/* One entrant of the field: a name, the strategy spec that plays it (an index into the
 * event's table of distinct specs), and for the team trophy a club and whether the club
 * nominated it. */
typedef struct {
    char name[CS_EVENT_NAME_MAX];
    int strategy;                 /* index into the event's strategy table */
    char club[CS_EVENT_NAME_MAX]; /* "" for none */
    int nominated;                /* counts for its club's team trophy */
} cs_entrant;

typedef struct {
    int n;
    cs_entrant entrant[CS_EVENT_ENTRANTS_MAX];
} cs_field;

/* One game a round asks for. Seats follow the rules (partners opposite: seats 0+2 against
 * 1+3); entrant[s] sits at seat s, -1 for none (n_seats < 4 for a table of 2 or 3). An entrant
 * number at or above the field's n is a sitter (the New Zealand rules' fill-in player, who
 * plays but is not ranked): the runner seats the format's sitter strategy there. */
typedef struct {
    int table;             /* the table, or the match number in a bracket */
    int round;             /* the round (game number of the night, bracket round...) */
    const cs_rules *rules; /* the rules of this game (the format's; must outlive it) */
    int n_seats;           /* 2, 3 or 4 */
    int entrant[CS_MAX_PLAYERS];
    int first_dealer;       /* a seat, or CS_FIRST_DEALER_CUT */
    cs_match_context match; /* what each result is worth, as the players know it */
} cs_event_game;

/* The result of a game as the format needs it: the engine's record (winner side or -1, scores,
 * skunk levels by the rules' lines) and the seats' entrants. */
typedef struct {
    const cs_event_game *game;
    const cs_game_record *record;
} cs_event_result;

/* One entrant's line in the final standings. */
typedef struct {
    int entrant;
    int rank;      /* 1 = winner; entrants that tie share a rank only if the format says so */
    double points; /* clips (nz), league points (lower is better), match wins (bracket) */
    int wins, losses, ties;
    int64_t points_for;     /* sum of its side's final scores */
    int64_t points_against; /* sum of the best opposing side's final scores */
    int64_t prize_cents;    /* prize money won, in cents (0 where the format has none) */
} cs_standing;

/* What an event adds up to beyond the standings. */
typedef struct {
    int matches;       /* matches played (a bracket's; 0 where games are not matches) */
    int team_winner;   /* the club that won the team trophy (index in order of first appearance
                          in the field), -1 for none */
    int playoff_games; /* games of a play-off for first place */
} cs_event_totals;

typedef struct cs_event_format {
    const char *name;
    cs_event_format_id id;
    size_t state_size;
    /* Starts an event. params is the format's parameters (the runner's parsed spec; each
     * format defines its own struct); returns 0, or CS_ECONFIG with a sentence in why (a field
     * too small for the format, contradictory parameters). Called once per event. */
    int (*init)(void *state, const void *params, const cs_field *field, cs_pcg32 *rng, char *why,
                size_t why_len);
    /* Fills games[0..n) with the next round's games and returns n; 0 when the event is over. */
    int (*next_round)(void *state, cs_event_game games[], int max);
    /* The result of games[i] of the round just asked for. */
    void (*record)(void *state, int i, const cs_event_result *result);
    /* Fills rows[0..field->n) with the final standings, in rank order. */
    void (*standings)(const void *state, cs_standing rows[]);
    /* Fills *out (called after standings). */
    void (*totals)(const void *state, cs_event_totals *out);
} cs_event_format;

#endif

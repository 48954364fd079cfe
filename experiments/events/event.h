/*
 * event.h - whole club events simulated end to end: an event spec (a field of entrants, a
 * format and its parameters), the formats' parameters, and the runner that plays many
 * independent events across threads into an event file (event_h5.h).
 *
 * An event spec is YAML:
 *
 *     name: league-night
 *     format: league            # nz, double-elimination or league
 *     events: 2000              # independent events to simulate (Monte Carlo over events)
 *     seed: 1
 *     field:                    # in full, one entrant a line ...
 *       - {name: Ann, strategy: expected, club: Hornby, nominated: true}
 *       - Bob: greedy           # ... or NAME: STRATEGY
 *       - {count: 8, strategy: greedy}   # ... or a count of one strategy (names generated)
 *     weeks: 1                  # the format's parameters (see cs_event_params)
 *
 * Determinism. Event e is played with its own generators only: the format's choices (seating,
 * bracketing, cuts, the 50/50 draw) from cs_pcg32_derive(seed, e, CS_STREAM_EVENT, 0), and game
 * k of the event (k counted from 0 in the order the format asks for games) with the cards and
 * strategy streams of card key e * CS_EVENT_GAMES_MAX + k. So an event's outcome depends only on
 * the spec, the seed and e, never on the thread count or the batches.
 *
 * Threads. Events are played in batches, each event on one thread (an OpenMP loop over the
 * batch); every thread owns one player per strategy and seat. The master writes each batch in
 * event order, so the file is byte-identical for any thread count. SIGINT or SIGTERM: the batch
 * in hand is finished and written, and the file closed with status `interrupted`; `--resume`
 * plays the remaining events as an uninterrupted run would have.
 */
#ifndef CS_EVENT_H
#define CS_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"
#include "rules.h"
#include "strategy.h"

/* The longest strategy spec of a field; the other bounds (games, strategies, events):
 * eventlimits.h. */
#define CS_EVENT_SPEC_MAX 512

/* Every format's parameters, with the defaults cs_event_params_defaults() gives. */
typedef struct {
    /* nz: the New Zealand national tournament rules */
    int games;         /* nz: games each player plays (18: two sets of 9); league: a night's (4) */
    int set_size;      /* nz: games in a set, between breaks (9): reported, changes no play */
    int day_one_games; /* nz: the first day's games, which count for the team trophy (18) */
    int playoff;       /* nz: a tie on clips at the top is played off (1) */
    int sitter;        /* nz: the strategy (index) that sits in as a sitter (0: the first) */
    /* league: a weekly legion league */
    int weeks;       /* nights in a season (1) */
    int fee_cents;   /* entry fee per player per night (1000) */
    int draw_cents;  /* of which to the 50/50 draw (200); the rest: pot and activities */
    int pot_percent; /* of the rest, to the prize pot (80); the remainder to activities */
    int split[3];    /* the pot's split among the top three, percent (50, 30, 20) */
    /* double-elimination: a doubles tournament sheet */
    int best_of;      /* games in a match (3: two wins take it) */
    int reset;        /* the grand final is played again if the losers' bracket team wins the
                         first (1) */
    int random_teams; /* 0: teams pair entrants in field order (0+1, 2+3 ...); 1: at random */
    /* every format: the main game's rules (the spec's), when given; else the format's own */
    int game_rules_given;
    cs_rules game_rules;
} cs_event_params;

void cs_event_params_defaults(cs_event_params *p);

/* A format's own rules for its main game: nz-tournament for nz; partners with skunks by the
 * winning margin (31, 61) for double-elimination; partners with the league's skunk lines
 * (loser below 91, below 61, nothing deeper) for league. */
void cs_event_default_rules(const cs_event_format *f, cs_rules *out);
/* The rules a format plays its main game by: the spec's if given, else its own. */
void cs_event_game_rules(const cs_event_format *f, const cs_event_params *p, cs_rules *out);

/* The format by name ("nz", "double-elimination", "league"); NULL for an unknown name. */
const cs_event_format *cs_event_format_find(const char *name);
/* Writes the formats' names, comma-separated. */
void cs_event_format_list(char *buf, size_t len);

typedef struct {
    char name[64];
    char source[512]; /* the spec's file name, for messages */
    const cs_event_format *format;
    cs_event_params params;
    cs_rules rules;  /* the main game's rules (the format's preset, with the spec's set) */
    int rules_given; /* the spec changed the rules */
    int n_strategies;
    char strategies[CS_EVENT_STRATEGIES_MAX][CS_EVENT_SPEC_MAX];
    cs_field field;
    uint64_t events;
    uint64_t seed;
    int threads;
    char *text; /* the spec's text, for the file (owned) */
} cs_event_spec;

/* Parses an event spec; errors are "SOURCE:LINE: ..." in err (CS_ESYNTAX, CS_EUNKNOWN,
 * CS_ERANGE or CS_ECONFIG); a text nested deeper than CS_YAML_DEPTH_MAX (yamlcheck.h) is
 * refused before it is loaded. cs_event_spec_free() releases it. */
int cs_event_spec_parse(const char *text, size_t len, const char *source, cs_event_spec *out,
                        char *err, size_t err_len);
int cs_event_spec_load(const char *path, cs_event_spec *out, char *err, size_t err_len);
void cs_event_spec_free(cs_event_spec *s);

/* What a run of events did. */
typedef struct {
    uint64_t events_begin, events_done; /* events in the file before and after this call */
    uint64_t events_requested;          /* the file's (the spec's, or on --resume the file's) */
    /* the events [event_begin, event_end) of the experiment the file covers (--shard K/N; the
     * counts above are of that range) */
    uint64_t event_begin, event_end;
    int shard_index, shard_count;
    uint64_t games; /* games played by this call */
    double seconds;
    int threads;
    bool interrupted, already_done, started;
} cs_event_run_result;

typedef struct {
    const char *output; /* the event file */
    int force, resume, quiet;
    int threads;      /* 0: every core */
    int events_given; /* spec->events came from --events (on --resume it must then match) */
    /* --shard K/N: the file holds the K-th of N contiguous ranges of the experiment's events
     * (cs_shard_range); 0 when not given (1/1 for a new file, the file's own on --resume) */
    int shard_index, shard_count;
    const char *command_line;
    uint64_t interrupt_after; /* for tests: stop as if interrupted after this many events */
} cs_event_options;

/*
 * Plays spec->events events into o->output; on --resume, those the file lacks of the events it
 * was started for (its events_requested), after checking its counts against its tables. The
 * file is locked for the whole call (a second writer is refused, h5file.h). Returns 0 (also
 * when interrupted: res->interrupted), or a negative cs_err with the reason in err;
 * res->started says a failure came while playing or writing (exit status 1) rather than from
 * the input (2).
 */
int cs_event_run(const cs_event_spec *spec, const cs_event_options *o, cs_event_run_result *res,
                 char *err, size_t err_len);

/* What each strategy of the spec plays from beyond its spec (cs_player_identity: a model
 * file's checksum), from a player made for the purpose; outside code (exec:, plugin:) is not
 * started for it and records "". Recorded in the event file and checked on --resume. Returns
 * 0 or CS_EUNKNOWN. */
int cs_event_strategy_models(const cs_event_spec *spec, char out[][CS_IDENTITY_MAX], char *err,
                             size_t err_len);

/* The formats, for the registry in event.c. */
extern const cs_event_format cs_event_format_nz;
extern const cs_event_format cs_event_format_double_elimination;
extern const cs_event_format cs_event_format_league;

/* Helpers the formats share (eventutil.c). */
/* A uniform shuffle of a[0..n) from rng. */
void cs_event_shuffle(int *a, int n, cs_pcg32 *rng);
/* Cuts for who goes first among n (a low card wins; ties re-cut): the index that won. */
int cs_event_cut(int n, cs_pcg32 *rng);
/* Whether a strategy spec names outside code (exec:, plugin:), started (and checked) only when
 * the events are played, never by reading the spec. */
bool cs_event_strategy_is_outside(const char *spec);
/* Fills order[0..n) with 0..n-1 best first by better(state, a, b) (a ranks above b), equals
 * kept in index order (an insertion sort: fields are small). */
void cs_event_rank(int order[], int n, int (*better)(const void *state, int a, int b),
                   const void *state);

#endif

/*
 * strategy.h - the strategy interface: a constant table of functions per strategy, and the
 * player, an instance of a strategy created from a seat specification.
 *
 * A seat is named by text: `expected`, `mc:samples=400,objective=win`,
 * `plugin:/path/x.so:depth=2`, `exec:python3 agent.py`. cs_player_create() looks the name up in
 * the registry (registry.h), checks every parameter against the strategy's list, and creates
 * the instance. A player is created once per thread and seat and reused for every game;
 * cs_player_new_game() gives it its own random stream for each game and seat, so its
 * randomness never moves the cards.
 */
#ifndef CS_STRATEGY_H
#define CS_STRATEGY_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "pcg32.h"

/* The most parameters one strategy takes. */
#define CS_STRATEGY_PARAMS_MAX 16
/* The longest seat spec (and normalised spec) a player keeps, terminator included. */
#define CS_SPEC_MAX 1024
/* The longest identity (cs_strategy.identity) a player keeps, terminator included. */
#define CS_IDENTITY_MAX 64

typedef struct {
    const char *name;          /* as written in a seat spec: samples */
    const char *default_value; /* text, as it would be written: "400" */
    const char *description;   /* one line for `cribsim strategies` */
} cs_strategy_param;

/* A parameter's value as given for an instance: values[i] is the text for params[i]. */
typedef struct {
    const char *values[CS_STRATEGY_PARAMS_MAX];
} cs_strategy_args;

typedef struct cs_strategy {
    const char *name;
    int version;
    const char *description;
    /* Where its choices were shaped, for `cribsim strategies` (may be NULL: nothing was):
     * the rules and the opponents its tables, defaults or training come from, so a user
     * knows where its strength was measured and where it may not carry over. */
    const char *tuned;
    const cs_strategy_param *params; /* n_params entries */
    int n_params;
    /* Creates an instance from its arguments (every value present: defaults filled in).
     * Returns 0 and sets *self, or a negative cs_err and writes why into err. */
    int (*create)(const cs_strategy_args *args, void **self, char *err, size_t err_len);
    void (*destroy)(void *self);
    /* Called before each game with the game's rules and the instance's own generator. */
    void (*new_game)(void *self, const cs_rules *rules, int seat, cs_pcg32 rng);
    int (*discard)(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]);
    int (*play)(void *self, const cs_view *v, cs_card *out);
    void (*observe)(void *self, const cs_view *v, const cs_event *e); /* may be NULL */
    /* May be NULL. After discard or play returned an error: a sentence saying what went wrong
     * (for an outside agent: its name, the game and the deal). */
    const char *(*last_error)(void *self);
    /* May be NULL. What the instance plays from beyond its spec, for the provenance of the
     * files it plays into: a model's checksum, say ("crc32=1a2b3c4d"), so a file replaced
     * between a run and its --resume is noticed. Written into buf (at most CS_IDENTITY_MAX
     * bytes, terminator included); empty for nothing. */
    void (*identity)(void *self, char *buf, size_t len);
} cs_strategy;

typedef struct cs_player cs_player;

/*
 * Creates a player from a seat spec. Returns NULL and writes a message naming the bad part
 * (and listing what exists) into err on an unknown strategy or parameter or a bad value.
 */
cs_player *cs_player_create(const char *spec, char *err, size_t err_len);
void cs_player_destroy(cs_player *p);

/* A flag of cs_player_create_opts() and cs_spec_check(): refuse the specs that run code from
 * outside cribsim - `exec:` (a program, under /bin/sh) and `plugin:` (a shared object, whose
 * code runs when it is loaded) - with CS_ECODE and a message naming the spec. */
#define CS_SPEC_REFUSE_CODE 1u

/* cs_player_create() with flags (CS_SPEC_REFUSE_CODE): NULL and the message in err when the
 * spec is refused. */
cs_player *cs_player_create_opts(const char *spec, unsigned flags, char *err, size_t err_len);

/* Whether spec runs outside code: it starts with `exec:` or `plugin:`. */
int cs_spec_runs_code(const char *spec);

/*
 * Checks a spec as far as can be done without running outside code: a built-in strategy is
 * made and dropped (every parameter checked); an exec: spec's keys and values and its command's
 * presence are checked, but nothing is started; a plugin: spec's path and counting-error keys
 * are checked, but the object is not loaded (its own keys are known only then). Returns 0, or a
 * negative cs_err with a message in err (CS_ECODE for a spec refused by flags). A program that
 * makes several players checks every spec first, so that nothing is started for a list that
 * holds a bad spec.
 */
int cs_spec_check(const char *spec, unsigned flags, char *err, size_t err_len);

/* Prepares for game `game` of a run with `seed`, at `seat`: the stream is
 * cs_pcg32_derive(seed, game, CS_STREAM_STRATEGY, seat). */
void cs_player_new_game(cs_player *p, const cs_rules *rules, uint64_t seed, uint64_t game,
                        int seat);

/* The agent the game calls; valid while the player lives. */
cs_agent cs_player_agent(cs_player *p);

/*
 * The counting-error keys (miss=, miss_KIND=) of a seat spec, read without making the player
 * (a replay reads a file's seats so): fills *miss and returns 1 when some chance is above 0,
 * 0 when none is, or a negative cs_err with a message for a bad key.
 */
int cs_spec_miss(const char *spec, cs_miss *miss, char *err, size_t err_len);

/* The normalised spec with every parameter spelled out: "mc:samples=400,objective=win". */
const char *cs_player_spec(const cs_player *p);
/* The strategy's name: "mc". */
const char *cs_player_name(const cs_player *p);
/* What the player plays from beyond its spec (cs_strategy.identity): "" for most strategies,
 * "crc32=1a2b3c4d" for a model. */
const char *cs_player_identity(const cs_player *p);

/*
 * After a decision failed (the game returned the agent's error): what went wrong, as the
 * strategy explains it, e.g. "exec agent 'python3 a.py' in game 7, deal 3: timed out after
 * 10000 ms waiting for a play". Empty when the strategy has nothing to add.
 */
const char *cs_player_error(const cs_player *p);

/* The strategy table the player runs (for plugins, the adapter around the plugin). */
const cs_strategy *cs_player_strategy(const cs_player *p);

#endif

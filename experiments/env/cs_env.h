/*
 * cs_env.h - the environment API: games stepped by an outside learner, one decision at a time.
 *
 * This header is the whole interface, in plain C types, for any language's foreign-function
 * interface (the Python package `cribsim` binds it). Two objects:
 *
 * - cs_env, a batch of N games. Some seats are the learner's (their decisions come from the
 *   caller); every other seat is played in-process by a strategy spec (`expected`,
 *   `mc:samples=100`, `plugin:PATH.so` ...). cs_env_reset() and cs_env_step() write, for every
 *   game, the observation and legal-action mask of the learner seat now to act, that seat,
 *   the rewards since the previous step and a done flag, into arrays the caller owns;
 *   a step allocates nothing. A finished game is replaced at once by the slot's next game
 *   (auto-reset): done[i] says game i ended in this step, and what was written for slot i is
 *   the next game's first decision; the ended game's final observation is kept for
 *   cs_env_final_obs(), and a slot given CS_ENV_SKIP waits a step (so a caller can hand out
 *   the final observation first, as Gymnasium's next-step autoreset does). Games are stepped
 *   in parallel with OpenMP.
 * - cs_env_state, one game in which every seat decides from outside, with the deal and the
 *   starter as explicit chance nodes (OpenSpiel's model): the state under `cribsim.Game`.
 *
 * Determinism. Slot i plays games i, i + N, i + 2N, ... of the seed: the cards of game g are
 * those of game g of `cribsim run` with the same seed (rules, seed, g), and a strategy seat's
 * stream is the run's (seed, g, seat). So the same seed and the same actions give the same
 * games whatever the thread count, and a learner that answers as a strategy would plays that
 * strategy's game of the run.
 *
 * Actions (CS_ACT_COUNT of them). 0 to 51 are cards (4 * rank + suit, the file code): in the
 * discard, one card laid away (a seat laying away two cards acts twice, the second time with
 * the first card shown among its discards); in the play, the card laid on the pile. 52
 * (CS_ACT_GO) is go: a learner seat on turn in the play that holds cards, none of
 * which fits under 31, is asked and can only say go, once a series. The mask marks the legal
 * actions; an action outside it is refused (CS_EILLEGAL, nothing changed).
 *
 * Observation (CS_OBS_SIZE bytes, encoding CS_OBS_VERSION; the layout is documented
 * in docs/environment.md and below). Everything in it comes from the seat's own view of the
 * game (cs_view): its cards, its discards, the starter once cut, the cards played this deal
 * and by whom, the count, the scores: never a card another seat holds or laid away, never the
 * deck. Seats are relative: "seat +k" is k places to the acting seat's left.
 */
#ifndef CS_ENV_H
#define CS_ENV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The observation's layout and version (CS_OBS_*) and the action space (CS_ACT_*): one
 * header without includes, shared with the strategies that read the same encoding. */
#include "obs_layout.h"

/* What the reward measures; the names are what specs and Python take. */
#define CS_ENV_REWARD_LIST(X)                                                                      \
    X(WIN, "win")       /* at the end: +1 a win, -1 a loss, 0 a tie */                             \
    X(MARGIN, "margin") /* at the end: own side's score minus the best other side's */             \
    X(POINTS, "points") /* every step: own side's points since the last, minus the others' mean */ \
    X(CLIPS, "clips")   /* at the end: New Zealand clips, 2 a win, 1 a tie, 0 a loss */            \
    X(LEAGUE, "league") /* at the end: league points negated: a win 0 (+1 a skunk, +2 a double),   \
                           a loss minus the shortfall to the target */

typedef enum {
#define CS_ENV_REWARD_ENUM(ident, name) CS_ENV_REWARD_##ident,
    CS_ENV_REWARD_LIST(CS_ENV_REWARD_ENUM)
#undef CS_ENV_REWARD_ENUM
        CS_ENV_REWARD_KINDS
} cs_env_reward;

/* "win" for CS_ENV_REWARD_WIN; NULL past the last. */
const char *cs_env_reward_name(int kind);
/* The kind named, or -1. */
int cs_env_reward_from_name(const char *name);

/* The longest error message an env writes, terminator included. */
#define CS_ENV_ERR_MAX 640

/* The most threads a batch steps on: what `cribsim run --threads` accepts. */
#define CS_ENV_THREADS_MAX 256

typedef struct {
    const char *rules;    /* a preset name (`two`, `partners` ...); NULL: two */
    const char *set;      /* "KEY=VALUE,KEY=VALUE" rule changes; NULL: none */
    const char *seats[4]; /* a strategy spec per seat, NULL for a learner seat */
    int n_games;          /* games in the batch, at least 1 */
    int threads; /* OpenMP threads for a step, 1 to CS_ENV_THREADS_MAX; 0: OpenMP's default */
    int reward;  /* a cs_env_reward */
} cs_env_config;

typedef struct cs_env cs_env;

/*
 * Creates a batch: resolves the rules, creates every strategy seat's player for every game.
 * Returns 0 and sets *out, or a negative cs_err (engine/error.h) with a sentence naming the bad
 * input in err (an unknown preset or rule, a bad value, an unknown strategy or parameter, no
 * learner seat, a seat beyond the rules' players, a thread count outside 0..CS_ENV_THREADS_MAX).
 * Every seat's spec is checked (cs_spec_check) before any player is made, so no outside program
 * starts for a config that is refused. A batch is used by one thread at a time (it runs its own
 * threads inside a call).
 */
int cs_env_create(const cs_env_config *cfg, cs_env **out, char *err, size_t err_len);
/* The same with cs_player_create_opts()'s flags for every seat: CS_SPEC_REFUSE_CODE refuses
 * exec: and plugin: seats (CS_ECODE) before anything is made. */
int cs_env_create_opts(const cs_env_config *cfg, unsigned spec_flags, cs_env **out, char *err,
                       size_t err_len);
void cs_env_destroy(cs_env *env);

/* The number of games, the players at the table, and whether seat s is the learner's. */
int cs_env_games(const cs_env *env);
int cs_env_players(const cs_env *env);
/* The threads the next step will run on: `threads`, or 1 where the batch found one thread
 * faster (a busy machine), as cs_env_step() chooses it. A learner that chooses its actions on
 * threads of its own between steps can follow it, so that it too never runs slower on two. */
int cs_env_step_threads(const cs_env *env);
int cs_env_is_learner(const cs_env *env, int seat);

/*
 * Starts every game afresh with `seed` (slot i plays game i) and plays each to its first
 * learner decision. Writes obs[N][CS_OBS_SIZE], mask[N][CS_ACT_COUNT] and seat[N] (the
 * acting seat). Returns 0 or a negative cs_err (a strategy failed: cs_env_error() says which).
 */
int cs_env_reset(cs_env *env, uint64_t seed, uint8_t *obs, uint8_t *mask, int8_t *seat);

/* An action that leaves its slot as it is for a step (see cs_env_step). */
#define CS_ENV_SKIP (-1)

/*
 * Applies action[i] for the acting seat of every game i and plays on to each game's next
 * learner decision, starting the slot's next game where one ends. Writes obs, mask and seat
 * as cs_env_reset(), reward[N][4] (each seat's reward since the previous step of that game,
 * by the config's kind; 0 for absent seats) and done[N] (1 where a game ended in this step).
 * A slot whose action[i] is CS_ENV_SKIP does not move: its pending decision is written again,
 * its rewards are 0 and done[i] 0.
 * Returns 0, or CS_EILLEGAL when some action[i] is not legal (the lowest such i named by
 * cs_env_error(); no game changed), CS_ESTATE before cs_env_reset(), or a strategy's failure.
 */
int cs_env_step(cs_env *env, const int32_t *action, uint8_t *obs, uint8_t *mask, int8_t *seat,
                float *reward, uint8_t *done);

/*
 * The last game slot i finished, as a run file's /games row would hold it, as the fields of
 * engine/game.h's cs_game_record: game, first_dealer, deals, winner, then score[4]. Returns
 * 0, CS_ERANGE for a slot outside 0..N-1, or CS_ESTATE when the slot has finished none since
 * the reset (nothing written either way).
 */
int cs_env_last_game(const cs_env *env, int i, uint64_t *game, int *first_dealer, int *deals,
                     int *winner, int16_t score[4]);

/*
 * The final observation of the last game slot i finished (what the learner seat asked last in
 * it sees at the end: the final scores, the cards last held and played), into obs. Returns 0,
 * or CS_ESTATE when the slot has finished none since the reset.
 */
int cs_env_final_obs(const cs_env *env, int i, uint8_t obs[CS_OBS_SIZE]);

/* After a failure: a sentence naming the game, the seat and what went wrong. */
const char *cs_env_error(const cs_env *env);

/* ---- one game, every seat from outside, chance explicit ---- */

/* current_player() values that are not seats (OpenSpiel's numbers). */
#define CS_ENV_CHANCE   (-1)
#define CS_ENV_TERMINAL (-4)

typedef struct cs_env_state cs_env_state;

/* What kind of move a history entry is: a seat's decision or one of the chance nodes. */
enum { CS_ENV_MOVE_DECISION, CS_ENV_MOVE_CUT, CS_ENV_MOVE_DEAL, CS_ENV_MOVE_STARTER };

/* One move of a state's history: who moved (a seat or CS_ENV_CHANCE), the action or outcome,
 * the seats that saw it (a bit a seat, as cs_env_state_visibility() said before it) and its
 * kind (CS_ENV_MOVE_*). Four bytes. */
typedef struct {
    int8_t actor;
    uint8_t action;
    uint8_t seen;
    uint8_t kind;
} cs_env_move;

/*
 * A game of the rules (preset and changes as in cs_env_config) at its very start: a chance
 * node (the cut for first deal, unless the rules fix the first dealer). Returns NULL with a
 * message in err on bad rules or memory. `seed` and `game` say what cs_env_state_seeded()
 * answers: the outcomes game `game` of a run with that seed would have.
 *
 * A state is one object with no locks: one thread at a time may apply to it; any number may
 * read it (every const function) while none applies.
 */
cs_env_state *cs_env_state_new(const char *rules, const char *set, uint64_t seed, uint64_t game,
                               int reward, char *err, size_t err_len);
void cs_env_state_free(cs_env_state *st);
/* An independent copy, history included (NULL on memory). */
cs_env_state *cs_env_state_clone(const cs_env_state *st);

int cs_env_state_players(const cs_env_state *st);
/* The seat to act, CS_ENV_CHANCE or CS_ENV_TERMINAL. */
int cs_env_state_current(const cs_env_state *st);
/*
 * The legal actions as a mask of CS_ACT_COUNT bytes. At a chance node they are its outcomes,
 * each equally likely: a card (0 to 51) for the deal's next card and for the starter, a seat
 * (0 to 3) for the cut for first deal. Returns how many are legal.
 */
int cs_env_state_legal(const cs_env_state *st, uint8_t mask[CS_ACT_COUNT]);
/* The same as a list, in increasing order, into out; returns how many. */
int cs_env_state_legal_list(const cs_env_state *st, uint8_t out[CS_ACT_COUNT]);
/* How many actions are legal (outcomes at a chance node), and the k-th of them in increasing
 * order (-1 for k out of range): a uniform choice without a list. */
int cs_env_state_num_legal(const cs_env_state *st);
int cs_env_state_legal_at(const cs_env_state *st, long k);
/* Whether `action` (any number) is legal now: a bit test, no list made. */
int cs_env_state_is_legal(const cs_env_state *st, long action);
/* At a chance node, the outcome game `game` of `seed` takes there in a run (cribsim run deals
 * it so); -1 elsewhere. */
int cs_env_state_seeded(const cs_env_state *st);
/*
 * Applies a legal action or chance outcome as one step: rewards are counted from here.
 * CS_EILLEGAL (nothing changed) for anything else.
 */
int cs_env_state_apply(cs_env_state *st, int action);
/* Applies the seed's outcomes (cs_env_state_seeded) while the state is at a chance node, as
 * part of the last step. Returns 0, or CS_ENOMEM. */
int cs_env_state_resolve(cs_env_state *st);
/* The moves applied so far, oldest first (valid until the next apply); returns how many. */
int cs_env_state_moves(const cs_env_state *st, const cs_env_move **moves);
/*
 * Which seats see the action applied next (a bit a seat): a dealt card its receiver, the
 * three-player crib card nobody, the starter and the cut everyone, a card laid away its
 * owner, a play or a go everyone.
 */
unsigned cs_env_state_visibility(const cs_env_state *st);
/* Seat's observation (what it sees now, whoever is to act). CS_ERANGE, nothing written, for a
 * seat the rules do not have. */
int cs_env_state_observe(const cs_env_state *st, int seat, uint8_t obs[CS_OBS_SIZE]);
/* Each seat's return by the state's reward kind (0 before the end but for "points"). */
void cs_env_state_returns(const cs_env_state *st, double out[4]);
/* Each seat's reward for the last step (cs_env_state_apply and the chance it resolved): the
 * returns' change over it, so the rewards of every step sum to the returns. */
void cs_env_state_rewards(const cs_env_state *st, double out[4]);
/* The phase's name (engine/game.h), and seat's side's score (CS_ERANGE, negative, for a seat
 * the game does not have). */
const char *cs_env_state_phase(const cs_env_state *st);
int cs_env_state_score(const cs_env_state *st, int seat);
/* The most decisions a game of the state's rules can take, and (into *chance) the most chance
 * outcomes: bounds, derived in cs_env.c, not the length of a likely game. */
int cs_env_state_max_length(const cs_env_state *st, int *chance);
/* The seed and game index the state was made with. */
uint64_t cs_env_state_seed(const cs_env_state *st);
/* The sides of the rules (the players, or two for partners) and the points that win. */
int cs_env_state_sides(const cs_env_state *st);
int cs_env_state_target(const cs_env_state *st);
/* The game's record so far (final once terminal), as cs_env_last_game(). */
void cs_env_state_game(const cs_env_state *st, uint64_t *game, int *first_dealer, int *deals,
                       int *winner, int16_t score[4]);
/* A one-line description of what seat sees now, for people (its cards, the pile, scores): its
 * length, or CS_ERANGE (buf empty) for a seat the game does not have. */
int cs_env_state_describe(const cs_env_state *st, int seat, char *buf, size_t len);

/* ---- a strategy deciding for a state ---- */

typedef struct cs_env_strategy cs_env_strategy;

/* A strategy from a seat spec; NULL with a message in err. */
cs_env_strategy *cs_env_strategy_new(const char *spec, char *err, size_t err_len);
/* The same with cs_player_create_opts()'s flags (CS_SPEC_REFUSE_CODE). */
cs_env_strategy *cs_env_strategy_new_opts(const char *spec, unsigned flags, char *err,
                                          size_t err_len);
void cs_env_strategy_free(cs_env_strategy *s);
/* The normalised spec ("mc:samples=400,..."). */
const char *cs_env_strategy_spec(const cs_env_strategy *s);
/*
 * The action the strategy takes for the state's acting seat, decided from the state alone:
 * the second card of a discard is the other card of the discard the strategy makes for the
 * whole hand, whoever laid the first. Its random stream is the one a run gives that seat in
 * that game (seed, game, seat), begun when it first decides for a (seed, game, seat) and
 * continued while it decides for the same, so a strategy without randomness answers the same
 * for a state whatever it decided before, and one Strategy a seat gives the run's game.
 * Returns 0 and sets *action, or CS_ESTATE at a chance or terminal node, or the strategy's
 * failure (message in err). A strategy is one object with no locks: one thread at a time.
 */
int cs_env_strategy_act(cs_env_strategy *s, const cs_env_state *st, int *action, char *err,
                        size_t err_len);

#ifdef __cplusplus
}
#endif

#endif

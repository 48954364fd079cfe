/*
 * runner.h - plays the games of an experiment across threads and streams them, in game order,
 * into a run file (h5io.h) or only into a summary.
 *
 * Determinism. Row g of a run (its game index) is played with the cards of game
 * g / rotations (cs_game_begin's index) and each seat's strategy stream derived from
 * (seed, g, seat), and in lineup rotation g % rotations, so its outcome depends only on
 * (rules, seats, seed, g): never on the thread count, the scheduling, the batch sizes,
 * interruptions or shards. One writer (the master thread) takes the batches the threads play
 * in game order, so the tables are byte-identical however the work was split.
 *
 * Threads. An OpenMP team; each thread owns its players (one per lineup seat, created once)
 * and its cs_game, claims the next batch of consecutive games, plays it into a slot of a ring
 * shared with the writer, and claims the next; before claiming, it compresses any chunk of
 * the file the writer has filled (h5io.h's helpers), so the one writer does not limit how many
 * threads a run recording deals can use. Batch sizes adapt so a batch takes about
 * CS_RUNNER_BATCH_SECONDS, which bounds how long an interrupt waits; they change nothing in
 * the results. Memory is the ring plus threads + 3 chunks per table: flat in the number of
 * games.
 *
 * Duplicate deals. With `duplicate`, each card sequence is played once per distinct rotation
 * of the lineup through the seats: in rotation r seat s is played by seats[(s + r) % players].
 * The number of rotations is the smallest r > 0 that maps the lineup onto itself (2 for
 * `a,b`, 2 for `a,b,a,b`, 3 for `a,b,c`, 1 for `a,a`), so no rotation is played twice.
 *
 * Stopping. SIGINT or SIGTERM: no new batches are claimed, the batches in hand are finished
 * and written, `games_completed` is set and the file closed (a second signal kills the process
 * at once). With an SPRT, the test is updated game by game in game order by the writer and
 * checked every `sprt_every` games (a multiple of the rotations); when it decides, the run ends
 * at that game exactly, whatever the threads had played beyond it.
 */
#ifndef CS_RUNNER_H
#define CS_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "h5io.h"
#include "rules.h"
#include "shard.h"
#include "stats.h"

/* Target duration of one batch (seconds): short enough that an interrupt is answered
 * promptly and progress moves, long enough that claiming and handing over cost nothing. */
#define CS_RUNNER_BATCH_SECONDS 0.05
/* Most games in one batch; fewer when deals are recorded (a game makes about ten deals). */
#define CS_RUNNER_BATCH_MAX       4096
#define CS_RUNNER_BATCH_MAX_DEALS 512
/* Seconds between syncs of the file (games_completed updated, everything flushed). */
#define CS_RUNNER_SYNC_SECONDS 2.0
/* Default SPRT check interval, in games. */
#define CS_RUNNER_SPRT_EVERY 1000

/* Which parts of an experiment were given explicitly (on --resume, the rest come from the
 * file; what was given must match it). */
enum {
    CS_GIVEN_RULES = 1 << 0,
    CS_GIVEN_SEATS = 1 << 1,
    CS_GIVEN_SEED = 1 << 2,
    CS_GIVEN_GAMES = 1 << 3,
    CS_GIVEN_DUPLICATE = 1 << 4,
    CS_GIVEN_RECORD = 1 << 5,
    CS_GIVEN_SPRT = 1 << 6,
    CS_GIVEN_SHARD = 1 << 7,
};

typedef struct {
    cs_rules rules;
    int n_seats;
    char seats[CS_MAX_PLAYERS][CS_H5_SPEC_MAX]; /* seat specifications, lineup order */
    uint64_t seed;
    uint64_t games; /* games in the whole experiment (every shard) */
    int duplicate;
    int record_deals;
    int threads;                  /* 0: every core (omp_get_max_threads()) */
    int shard_index, shard_count; /* --shard K/N; 1/1 for the whole run */
    int use_sprt;
    double sprt_elo0, sprt_elo1, sprt_alpha, sprt_beta;
    uint64_t sprt_every; /* 0: CS_RUNNER_SPRT_EVERY */
    const char *output;  /* the run file, or NULL to keep only the summary */
    int force, resume, quiet;
    int trust_file; /* --resume may run the exec:/plugin: seats the file names (--trust-file) */
    unsigned given; /* CS_GIVEN_* */
    /* For tests: behave as if interrupted once this many games were written by this
     * process (0: never). */
    uint64_t interrupt_after;
    const char *command_line; /* provenance; may be NULL */
    const char *label;        /* names the run in progress lines; may be NULL */
    /* From a spec: its name, the arm's name and index (root attributes experiment, arm,
     * arm_index); arm NULL for a run from the command line. */
    const char *experiment, *arm;
    int arm_index;
} cs_experiment;

/* Fills *e with the defaults: two-player rules, random at each seat, seed 1, 10,000 games,
 * every core, no file. */
void cs_experiment_defaults(cs_experiment *e);

/* Results per lineup seat (index into seats), counted over every complete game of the file. */
typedef struct {
    uint64_t wins;   /* games its side won */
    uint64_t ties;   /* games that ended in a tie */
    int64_t points;  /* sum of its side's final scores */
    int64_t against; /* sum of the best opposing side's final scores */
} cs_seat_result;

typedef struct {
    int n_seats, sides, rotations;
    char seats[CS_MAX_PLAYERS][CS_H5_SPEC_MAX]; /* normalised specifications */
    int lineup_side[CS_MAX_PLAYERS];            /* side of each lineup seat in rotation 0 */
    uint64_t game_begin, game_end;
    uint64_t games;   /* complete games (from game_begin) */
    uint64_t played;  /* games played by this call */
    uint64_t saved;   /* games the file holds as of its last checkpoint (all, once closed) */
    double seconds;   /* wall time of this call's games */
    int threads;      /* threads used */
    int interrupted;  /* stopped by a signal (or interrupt_after) */
    int already_done; /* --resume found nothing left to play */
    int started;      /* games were being played when an error came (exit status 1) */
    int has_sprt;
    cs_sprt sprt;
    cs_sprt_decision decision;
    char status[24];
    cs_seat_result seat[CS_MAX_PLAYERS];
} cs_run_result;

/*
 * Runs the experiment. Returns 0 (also when interrupted or stopped by the SPRT: see
 * res->interrupted and res->decision) or a negative cs_err with a message naming the bad input
 * or the failure in err. Before any game is played every failure is a bad input (exit status
 * 2); res->started says a failure came while playing or writing (exit status 1), after the
 * games up to it were written.
 */
int cs_run(const cs_experiment *e, cs_run_result *res, char *err, size_t err_len);

/* The exit status for cs_run's return value. */
int cs_run_exit_status(int rc, const cs_run_result *res);

/* Reads a --shard value "K/N": digits only, 1 <= K <= N <= INT_MAX. Returns 0, or CS_ESYNTAX
 * for anything else (a sign, a blank, trailing text, a number too large: never wrapped). */
int cs_shard_parse(const char *text, int *k, int *n);

/* Number of distinct rotations of a lineup of n specs (see above). */
int cs_lineup_rotations(int n, const char specs[][CS_H5_SPEC_MAX]);

/* Splits a --seats list "a,mc:samples=9,objective=win,b" into seat specs: a comma starts a new
 * seat unless the text after it is a parameter (name=value with no ':' before the '='); blanks
 * around each piece are dropped ("random, greedy" is two seats). Returns
 * the number of seats, or -1 if there are more than max or one is empty. */
int cs_seats_split(const char *list, char out[][CS_H5_SPEC_MAX], int max);

/* Installs (1) or removes (0) the SIGINT/SIGTERM handlers that ask runs to stop. cs_run
 * installs them itself; callers running several arms in a row install them around all. */
void cs_runner_signals(int on);
/* Whether a stop was asked for (and clears it when clear is set). */
int cs_runner_interrupted(int clear);

#endif

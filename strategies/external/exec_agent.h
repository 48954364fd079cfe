/*
 * exec_agent.h - outside programs as players: `exec:[timeout_ms=N:]COMMAND`.
 *
 * The grammar of the text after "exec:" (player.c reads it):
 *
 *     [BLOCK ":"] COMMAND
 *     BLOCK  = KEY "=" VALUE *("," KEY "=" VALUE)
 *     KEY    = timeout_ms | miss | miss_fifteens | miss_pairs | miss_runs | miss_flush
 *            | miss_nobs | miss_play | miss_last | miss_renege
 *
 * BLOCK is the text up to the first ':' (all of the text when there is none) whenever that text
 * holds an '=' and no blank; everything after that ':' is COMMAND, blanks before it skipped. A
 * text before the first ':' with a blank or without '=' is no block: all of it is COMMAND. A
 * block is read strictly before anything starts: a key that is none of these, a key twice, a
 * timeout_ms that is not a whole number from 1 to 3600000 (digits, no sign), a chance that is
 * not a decimal from 0 to 1 (no sign: "0.05", "1e-5"), or no command, and the spec is refused.
 * So `exec:miss=-0.1:CMD` is refused and `exec:miss=1e-5:CMD` runs CMD; a command that starts
 * with an assignment before a ':' (`PATH=/opt/bin:$PATH agent`) needs a block before it
 * (`exec:timeout_ms=10000:PATH=/opt/bin:$PATH agent`).
 *
 * COMMAND runs under /bin/sh -c with its standard input and output connected to the engine,
 * and speaks the line protocol of strategies/external/PROTOCOL.md: the engine tells it the rules,
 * its seat, its cards and every public event, and asks for discards and plays. Every failure - a
 * program that does not start or does not greet, a malformed or illegal answer, an exit, a silence
 * longer than timeout_ms - is an error whose message (cs_player_error()) names the agent, the game
 * and the deal. The program lives as long as the player and plays every game the player is given;
 * after a failure the next game starts it afresh.
 *
 * The strategies layer is where the engine's I/O with agents lives; the engine stays pure.
 */
#ifndef CS_EXEC_AGENT_H
#define CS_EXEC_AGENT_H

#include "strategy.h"

/* The version of the line protocol (the engine's first line says "cribsim 1"). */
#define CS_EXEC_PROTOCOL_VERSION 1

/* The table through which a player calls an outside agent; its parameters are the ones the
 * spec may give before the command (timeout_ms). */
extern const cs_strategy cs_strategy_exec;

/*
 * Starts `command` and waits for its greeting. params is the parameter text ("timeout_ms=500"
 * or ""). Returns 0, or a negative cs_err with the message in err.
 */
int cs_exec_create(const char *command, const char *params, void **self, char *err, size_t err_len);

/* Checks the parameter text as cs_exec_create() would, starting nothing; sets *timeout_ms
 * (when not NULL). Returns 0 or a negative cs_err with the message in err. */
int cs_exec_check(const char *params, long *timeout_ms, char *err, size_t err_len);

/* The normalised spec: "exec:timeout_ms=10000:COMMAND". */
void cs_exec_spec(void *self, char *out, size_t len);

/*
 * Every wait on an agent calls check (at least every CS_EXEC_POLL_MS) and, when it returns
 * non-zero, gives up with CS_EINTERRUPT, so an interrupt is answered within a second whatever
 * the agent's timeout. The runner installs its signal flag here; NULL (the default) checks
 * nothing. Set it before agents are used from several threads.
 */
#define CS_EXEC_POLL_MS 100
void cs_exec_set_interrupt_check(int (*check)(void));

#endif

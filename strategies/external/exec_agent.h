/*
 * exec_agent.h - outside programs as players: `exec:[timeout_ms=N:]COMMAND`.
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

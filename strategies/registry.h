/*
 * registry.h - the one list of built-in strategies, and lookup by name.
 *
 * Every built-in strategy is a constant cs_strategy table in its own file; REGISTRY in
 * registry.c lists them all, weakest first (the ladder). Two more kinds of seat are not in
 * the list because they are loaded rather than built in: `plugin:PATH.so[:params]` (plugin.h)
 * and `exec:COMMAND` (exec_agent.h); their prefixes are reserved names.
 */
#ifndef CS_REGISTRY_H
#define CS_REGISTRY_H

#include <stddef.h>

#include "strategy.h"

/* Prefixes of the loaded kinds of seat; no built-in strategy may take these names. */
#define CS_LOADER_PLUGIN "plugin"
#define CS_LOADER_EXEC   "exec"

/* Number of built-in strategies, and the i-th (0 <= i < count), weakest first. */
int cs_registry_count(void);
const cs_strategy *cs_registry_at(int i);

/*
 * Finds the built-in strategy whose name is name[0..len). Returns it, or NULL with a message
 * in err that names the unknown strategy and lists every name that exists (and the loaded
 * kinds), or says the name is registered twice.
 */
const cs_strategy *cs_registry_find(const char *name, size_t len, char *err, size_t err_len);

/* The same lookup in any list (for tests of the rules the registry enforces). */
const cs_strategy *cs_registry_find_in(const cs_strategy *const list[], int n, const char *name,
                                       size_t len, char *err, size_t err_len);

/*
 * Checks a list of tables: every name non-empty, made of a-z 0-9 _ -, unique, and not a
 * loader prefix; every table has create, destroy, new_game, discard and play; parameter
 * names unique, at most CS_STRATEGY_PARAMS_MAX, each with a default. Returns 0, or
 * CS_ECONFIG with the first problem in err. cs_registry_validate() checks the registry.
 */
int cs_registry_check(const cs_strategy *const list[], int n, char *err, size_t err_len);
int cs_registry_validate(char *err, size_t err_len);

/* Writes "random, greedy, expected, expert, mc" into out. */
void cs_registry_names(char *out, size_t len);

#endif

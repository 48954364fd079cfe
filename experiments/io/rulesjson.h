/*
 * rulesjson.h - reads back the rules a run file stores as JSON (cs_rules_to_json), so replay
 * and --resume play and print with exactly the rules the file was made with.
 */
#ifndef CS_RULESJSON_H
#define CS_RULESJSON_H

#include <stddef.h>

#include "rules.h"

/*
 * Parses one flat JSON object of rule fields ({"players":2,"partnership":false,...}), setting
 * each with cs_rules_set() on top of the two-player preset. Returns 0, or CS_ESYNTAX /
 * CS_EUNKNOWN / CS_ERANGE with a sentence naming the problem in why.
 */
int cs_rules_from_json(const char *json, cs_rules *out, char *why, size_t why_len);

#endif

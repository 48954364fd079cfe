/*
 * spec.h - the parameter part of a seat spec ("samples=400,objective=win"): parsing it against
 * a strategy's parameter list, writing it back in normal form, and reading typed values.
 *
 * Shared by the player (built-in strategies), the plugin loader and the outside-agent loader,
 * so every strategy rejects an unknown or repeated parameter with the same message, listing
 * the parameters that exist.
 */
#ifndef CS_SPEC_H
#define CS_SPEC_H

#include <stddef.h>

#include "strategy.h"

/*
 * Parses text ("k=v,k=v", possibly empty) against params[0..n-1] of the strategy named who.
 * Each value is copied into store (store_len bytes); args->values[i] points at the value for
 * params[i], the default when the text does not name it. Returns 0, or CS_EUNKNOWN for a key
 * that is no parameter (the message lists the parameters), CS_ESYNTAX for a part without '='
 * or with an empty key or value, a key given twice, or CS_ERANGE when store is too small;
 * the message goes into err.
 */
int cs_spec_parse_params(const char *who, const char *text, const cs_strategy_param params[], int n,
                         cs_strategy_args *args, char *store, size_t store_len, char *err,
                         size_t err_len);

/* Writes "k=v,k=v" for every parameter, in list order, into out; returns the length needed
 * (as snprintf does). */
int cs_spec_format_params(const cs_strategy_param params[], int n, const cs_strategy_args *args,
                          char *out, size_t len);

/* Writes "a, b, c" (or "none") for the parameter names into out. */
void cs_spec_list_params(const cs_strategy_param params[], int n, char *out, size_t len);

/*
 * Reads a decimal integer value in [min, max] for parameter key of strategy who. Returns 0,
 * or CS_ERANGE with a message naming the strategy, the key, the text and the range.
 */
int cs_spec_int(const char *who, const char *key, const char *text, long min, long max, long *out,
                char *err, size_t err_len);

/*
 * Reads a value that must be one of choices (NULL-terminated); *out is its index. Returns 0,
 * or CS_ERANGE with a message listing the choices.
 */
int cs_spec_choice(const char *who, const char *key, const char *text, const char *const choices[],
                   int *out, char *err, size_t err_len);

#endif

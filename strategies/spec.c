/* spec.c - parameter text of seat specs; see spec.h. */
#include "spec.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

void cs_spec_list_params(const cs_strategy_param params[], int n, char *out, size_t len) {
    size_t at = 0;
    if (len == 0) return;
    out[0] = '\0';
    if (n == 0) {
        snprintf(out, len, "none");
        return;
    }
    for (int i = 0; i < n && at < len; i++) {
        int w = snprintf(out + at, len - at, "%s%s", i ? ", " : "", params[i].name);
        if (w < 0) return;
        at += (size_t)w;
    }
}

int cs_spec_parse_params(const char *who, const char *text, const cs_strategy_param params[], int n,
                         cs_strategy_args *args, char *store, size_t store_len, char *err,
                         size_t err_len) {
    int given[CS_STRATEGY_PARAMS_MAX] = {0};
    size_t used = 0;
    const char *p = text ? text : "";
    if (n > CS_STRATEGY_PARAMS_MAX) {
        snprintf(err, err_len, "strategy '%s' declares %d parameters, more than %d", who, n,
                 CS_STRATEGY_PARAMS_MAX);
        return CS_ERANGE;
    }
    while (*p != '\0') {
        const char *end = strchr(p, ',');
        if (end == NULL) end = p + strlen(p);
        const char *eq = memchr(p, '=', (size_t)(end - p));
        int part_len = (int)(end - p);
        if (eq == NULL || eq == p || eq + 1 == end) {
            snprintf(err, err_len, "strategy '%s': parameter '%.*s' is not of the form name=value",
                     who, part_len, p);
            return CS_ESYNTAX;
        }
        size_t key_len = (size_t)(eq - p), val_len = (size_t)(end - eq - 1);
        int k = -1;
        for (int i = 0; i < n; i++)
            if (strlen(params[i].name) == key_len && memcmp(params[i].name, p, key_len) == 0) k = i;
        if (k < 0) {
            char names[256];
            cs_spec_list_params(params, n, names, sizeof names);
            snprintf(err, err_len, "strategy '%s' has no parameter '%.*s' (its parameters: %s)",
                     who, (int)key_len, p, names);
            return CS_EUNKNOWN;
        }
        if (given[k]) {
            snprintf(err, err_len, "strategy '%s': parameter '%s' is given twice", who,
                     params[k].name);
            return CS_ESYNTAX;
        }
        if (used + val_len + 1 > store_len) {
            snprintf(err, err_len, "strategy '%s': parameters too long", who);
            return CS_ERANGE;
        }
        memcpy(store + used, eq + 1, val_len);
        store[used + val_len] = '\0';
        args->values[k] = store + used;
        given[k] = 1;
        used += val_len + 1;
        p = *end == ',' ? end + 1 : end;
        if (*end == ',' && *p == '\0') {
            snprintf(err, err_len, "strategy '%s': parameter list ends with ','", who);
            return CS_ESYNTAX;
        }
    }
    for (int i = 0; i < n; i++)
        if (!given[i]) args->values[i] = params[i].default_value;
    for (int i = n; i < CS_STRATEGY_PARAMS_MAX; i++) args->values[i] = NULL;
    return CS_OK;
}

int cs_spec_format_params(const cs_strategy_param params[], int n, const cs_strategy_args *args,
                          char *out, size_t len) {
    size_t at = 0;
    if (len > 0) out[0] = '\0';
    for (int i = 0; i < n; i++) {
        int w = snprintf(at < len ? out + at : NULL, at < len ? len - at : 0, "%s%s=%s",
                         i ? "," : "", params[i].name, args->values[i]);
        if (w < 0) return w;
        at += (size_t)w;
    }
    return (int)at;
}

int cs_spec_int(const char *who, const char *key, const char *text, long min, long max, long *out,
                char *err, size_t err_len) {
    char *end;
    errno = 0;
    /* Digits, after a '-' for a negative one: no blank or '+', which strtol() alone takes. */
    const char *digits = text[0] == '-' ? text + 1 : text;
    long v = strtol(text, &end, 10);
    if (!isdigit((unsigned char)digits[0]) || errno != 0 || *end != '\0' || v < min || v > max) {
        snprintf(err, err_len, "strategy '%s': %s=%s is not a whole number from %ld to %ld", who,
                 key, text, min, max);
        return CS_ERANGE;
    }
    *out = v;
    return CS_OK;
}

int cs_spec_choice(const char *who, const char *key, const char *text, const char *const choices[],
                   int *out, char *err, size_t err_len) {
    char list[256] = "";
    size_t at = 0;
    for (int i = 0; choices[i] != NULL; i++) {
        if (strcmp(text, choices[i]) == 0) {
            *out = i;
            return CS_OK;
        }
        int w = snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", choices[i]);
        if (w > 0 && (size_t)w < sizeof list - at) at += (size_t)w;
    }
    snprintf(err, err_len, "strategy '%s': %s=%s is not one of %s", who, key, text, list);
    return CS_ERANGE;
}

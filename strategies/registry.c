/*
 * registry.c - the list of built-in strategies (the ladder, weakest first) and the lookup
 * that rejects unknown and duplicated names.
 */
#include "registry.h"

#include <stdio.h>
#include <string.h>

#include "error.h"
#include "expected.h"
#include "expert.h"
#include "greedy.h"
#include "habit.h"
#include "mc.h"
#include "model.h"
#include "nn.h"
#include "random.h"

/* One strategy a line, so adding one changes one line. */
/* clang-format off */
static const cs_strategy *const REGISTRY[] = {
    &cs_strategy_random,
    &cs_strategy_greedy,
    &cs_strategy_expected,
    &cs_strategy_expert,
    &cs_strategy_mc,
    &cs_strategy_model,
    &cs_strategy_nn,
    &cs_strategy_habit,
};
/* clang-format on */

#define REGISTRY_COUNT ((int)(sizeof REGISTRY / sizeof REGISTRY[0]))

int cs_registry_count(void) {
    return REGISTRY_COUNT;
}

const cs_strategy *cs_registry_at(int i) {
    return i >= 0 && i < REGISTRY_COUNT ? REGISTRY[i] : NULL;
}

static void names_of(const cs_strategy *const list[], int n, char *out, size_t len) {
    size_t at = 0;
    if (len == 0) return;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        int w = snprintf(out + at, len - at, "%s%s", i ? ", " : "", list[i]->name);
        if (w < 0 || (size_t)w >= len - at) return;
        at += (size_t)w;
    }
}

void cs_registry_names(char *out, size_t len) {
    names_of(REGISTRY, REGISTRY_COUNT, out, len);
}

const cs_strategy *cs_registry_find_in(const cs_strategy *const list[], int n, const char *name,
                                       size_t len, char *err, size_t err_len) {
    const cs_strategy *found = NULL;
    for (int i = 0; i < n; i++) {
        if (strlen(list[i]->name) != len || memcmp(list[i]->name, name, len) != 0) continue;
        if (found != NULL) {
            snprintf(err, err_len, "strategy '%.*s' is registered twice", (int)len, name);
            return NULL;
        }
        found = list[i];
    }
    if (found == NULL) {
        char names[512];
        names_of(list, n, names, sizeof names);
        snprintf(err, err_len,
                 "unknown strategy '%.*s'; the strategies are: %s, " CS_LOADER_PLUGIN
                 ":PATH.so[:params], " CS_LOADER_EXEC ":COMMAND",
                 (int)len, name, names);
    }
    return found;
}

const cs_strategy *cs_registry_find(const char *name, size_t len, char *err, size_t err_len) {
    return cs_registry_find_in(REGISTRY, REGISTRY_COUNT, name, len, err, err_len);
}

static int name_ok(const char *name) {
    if (name == NULL || name[0] == '\0') return 0;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
            return 0;
    return 1;
}

int cs_registry_check(const cs_strategy *const list[], int n, char *err, size_t err_len) {
    for (int i = 0; i < n; i++) {
        const cs_strategy *s = list[i];
        if (!name_ok(s->name)) {
            snprintf(err, err_len, "strategy %d has a bad name '%s' (use a-z 0-9 _ -)", i,
                     s->name ? s->name : "(null)");
            return CS_ECONFIG;
        }
        if (strcmp(s->name, CS_LOADER_PLUGIN) == 0 || strcmp(s->name, CS_LOADER_EXEC) == 0) {
            snprintf(err, err_len, "strategy '%s' takes a name reserved for loaded strategies",
                     s->name);
            return CS_ECONFIG;
        }
        for (int j = 0; j < i; j++) {
            if (strcmp(list[j]->name, s->name) == 0) {
                snprintf(err, err_len, "strategy '%s' is registered twice", s->name);
                return CS_ECONFIG;
            }
        }
        if (!s->create || !s->destroy || !s->new_game || !s->discard || !s->play) {
            snprintf(err, err_len, "strategy '%s' lacks a required function", s->name);
            return CS_ECONFIG;
        }
        if (s->n_params < 0 || s->n_params > CS_STRATEGY_PARAMS_MAX ||
            (s->n_params > 0 && s->params == NULL)) {
            snprintf(err, err_len, "strategy '%s' has %d parameters (at most %d)", s->name,
                     s->n_params, CS_STRATEGY_PARAMS_MAX);
            return CS_ECONFIG;
        }
        for (int k = 0; k < s->n_params; k++) {
            const cs_strategy_param *p = &s->params[k];
            if (!name_ok(p->name) || p->default_value == NULL || p->description == NULL) {
                snprintf(err, err_len, "strategy '%s': parameter %d is incomplete", s->name, k);
                return CS_ECONFIG;
            }
            for (int m = 0; m < k; m++) {
                if (strcmp(s->params[m].name, p->name) == 0) {
                    snprintf(err, err_len, "strategy '%s': parameter '%s' is declared twice",
                             s->name, p->name);
                    return CS_ECONFIG;
                }
            }
        }
    }
    return CS_OK;
}

int cs_registry_validate(char *err, size_t err_len) {
    return cs_registry_check(REGISTRY, REGISTRY_COUNT, err, err_len);
}

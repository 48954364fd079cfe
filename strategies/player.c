/*
 * player.c - a seat's player: a strategy instance made from a seat spec (strategy.h).
 *
 * Spec grammar:
 *     NAME                       a built-in strategy with its defaults: "expected"
 *     NAME:k=v,k=v               with parameters: "mc:samples=400,objective=win"
 *     plugin:PATH[:k=v,...]      a strategy in a shared object (plugin.h); PATH has no ':'
 *     exec:[k=v,...:]COMMAND     an outside program (exec_agent.h); the rest is the command
 *
 * The normalised spec spells every parameter out in the strategy's own order, so it names the
 * instance exactly and parses back to the same player.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "exec_agent.h"
#include "plugin.h"
#include "registry.h"
#include "spec.h"
#include "strategy.h"

struct cs_player {
    const cs_strategy *vt;
    void *self;
    char name[128];
    char spec[CS_SPEC_MAX];
    char store[CS_SPEC_MAX]; /* parameter values the args point into */
    char identity[CS_IDENTITY_MAX];
};

static int has_prefix(const char *s, const char *prefix, const char **rest) {
    size_t n = strlen(prefix);
    if (strncmp(s, prefix, n) != 0 || s[n] != ':') return 0;
    *rest = s + n + 1;
    return 1;
}

/* "name" or "name:params" for a built-in strategy. */
static int create_builtin(cs_player *p, const char *spec, char *err, size_t err_len) {
    const char *colon = strchr(spec, ':');
    size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);
    const cs_strategy *s = cs_registry_find(spec, name_len, err, err_len);
    if (s == NULL) return CS_EUNKNOWN;
    cs_strategy_args args;
    int rc = cs_spec_parse_params(s->name, colon ? colon + 1 : "", s->params, s->n_params, &args,
                                  p->store, sizeof p->store, err, err_len);
    if (rc != CS_OK) return rc;
    char params[CS_SPEC_MAX];
    if (cs_spec_format_params(s->params, s->n_params, &args, params, sizeof params) >=
            (int)sizeof params ||
        snprintf(p->spec, sizeof p->spec, "%s%s%s", s->name, s->n_params ? ":" : "", params) >=
            (int)sizeof p->spec) {
        snprintf(err, err_len, "seat spec too long");
        return CS_ERANGE;
    }
    rc = s->create(&args, &p->self, err, err_len);
    if (rc != CS_OK) return rc;
    p->vt = s;
    snprintf(p->name, sizeof p->name, "%s", s->name);
    if (s->identity != NULL) s->identity(p->self, p->identity, sizeof p->identity);
    return CS_OK;
}

/* "PATH" or "PATH:params" after "plugin:". */
static int create_plugin(cs_player *p, const char *rest, char *err, size_t err_len) {
    const char *colon = strchr(rest, ':');
    size_t path_len = colon ? (size_t)(colon - rest) : strlen(rest);
    if (path_len == 0) {
        snprintf(err, err_len, "seat spec 'plugin:' needs a path: plugin:PATH.so[:params]");
        return CS_ESYNTAX;
    }
    char path[CS_SPEC_MAX];
    snprintf(path, sizeof path, "%.*s", (int)path_len, rest);
    int rc = cs_plugin_create(path, colon ? colon + 1 : "", &p->self, err, err_len);
    if (rc != CS_OK) return rc;
    p->vt = &cs_plugin_adapter;
    snprintf(p->name, sizeof p->name, "%s", cs_plugin_instance_name(p->self));
    cs_plugin_instance_spec(p->self, p->spec, sizeof p->spec);
    return CS_OK;
}

/*
 * After "exec:": an optional parameter block "k=v,...:" (recognised when the text up to the
 * first ':' starts with a lower-case letter and holds only a-z 0-9 _ = , and an '='), then
 * the command.
 */
static int create_exec(cs_player *p, const char *rest, char *err, size_t err_len) {
    const char *params = "", *command = rest;
    char block[CS_SPEC_MAX];
    const char *colon = strchr(rest, ':');
    if (colon != NULL && islower((unsigned char)rest[0]) &&
        memchr(rest, '=', (size_t)(colon - rest)) != NULL) {
        int plain = 1;
        for (const char *c = rest; c < colon; c++)
            if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '_' ||
                  *c == '=' || *c == ','))
                plain = 0;
        if (plain) {
            snprintf(block, sizeof block, "%.*s", (int)(colon - rest), rest);
            params = block;
            command = colon + 1;
        }
    }
    while (*command == ' ') command++;
    if (*command == '\0') {
        snprintf(err, err_len, "seat spec 'exec:' needs a command: exec:COMMAND");
        return CS_ESYNTAX;
    }
    int rc = cs_exec_create(command, params, &p->self, err, err_len);
    if (rc != CS_OK) return rc;
    p->vt = &cs_strategy_exec;
    snprintf(p->name, sizeof p->name, "exec");
    cs_exec_spec(p->self, p->spec, sizeof p->spec);
    return CS_OK;
}

cs_player *cs_player_create(const char *spec, char *err, size_t err_len) {
    if (err_len > 0) err[0] = '\0';
    if (spec == NULL || spec[0] == '\0') {
        char names[256];
        cs_registry_names(names, sizeof names);
        snprintf(err, err_len, "empty seat spec; the strategies are: %s, plugin:PATH.so, exec:CMD",
                 names);
        return NULL;
    }
    if (strlen(spec) >= CS_SPEC_MAX) {
        snprintf(err, err_len, "seat spec of %zu characters is too long (at most %d)", strlen(spec),
                 CS_SPEC_MAX - 1);
        return NULL;
    }
    cs_player *p = calloc(1, sizeof *p);
    if (p == NULL) {
        snprintf(err, err_len, "out of memory creating player '%s'", spec);
        return NULL;
    }
    const char *rest;
    int rc;
    if (has_prefix(spec, CS_LOADER_PLUGIN, &rest))
        rc = create_plugin(p, rest, err, err_len);
    else if (has_prefix(spec, CS_LOADER_EXEC, &rest))
        rc = create_exec(p, rest, err, err_len);
    else
        rc = create_builtin(p, spec, err, err_len);
    if (rc != CS_OK) {
        free(p);
        return NULL;
    }
    return p;
}

void cs_player_destroy(cs_player *p) {
    if (p == NULL) return;
    p->vt->destroy(p->self);
    free(p);
}

void cs_player_new_game(cs_player *p, const cs_rules *rules, uint64_t seed, uint64_t game,
                        int seat) {
    cs_pcg32 rng = cs_pcg32_derive(seed, game, CS_STREAM_STRATEGY, (uint32_t)seat);
    p->vt->new_game(p->self, rules, seat, rng);
}

cs_agent cs_player_agent(cs_player *p) {
    cs_agent a = {p->vt->discard, p->vt->play, p->vt->observe, p->self, p->spec, NULL};
    return a;
}

const char *cs_player_spec(const cs_player *p) {
    return p->spec;
}

const char *cs_player_name(const cs_player *p) {
    return p->name;
}

const char *cs_player_identity(const cs_player *p) {
    return p->identity;
}

const char *cs_player_error(const cs_player *p) {
    const char *e = p->vt->last_error ? p->vt->last_error(p->self) : NULL;
    return e ? e : "";
}

const cs_strategy *cs_player_strategy(const cs_player *p) {
    return p->vt;
}

/*
 * player.c - a seat's player: a strategy instance made from a seat spec (strategy.h).
 *
 * Spec grammar:
 *     NAME                       a built-in strategy with its defaults: "expected"
 *     NAME:k=v,k=v               with parameters: "mc:samples=400,objective=win"
 *     plugin:PATH[:k=v,...]      a strategy in a shared object (plugin.h); PATH has no ':'
 *     exec:[k=v,...:]COMMAND     an outside program (exec_agent.h gives the exact grammar)
 *
 * exec: and plugin: seats run code from outside cribsim; cs_player_create_opts() and
 * cs_spec_check() with CS_SPEC_REFUSE_CODE refuse them (CS_ECODE), for a program that builds
 * specs from data it does not trust.
 *
 * The normalised spec spells every parameter out in the strategy's own order, so it names the
 * instance exactly and parses back to the same player.
 *
 * Beside a built-in strategy's, a plugin's or an outside program's own parameters, any seat
 * takes the counting-error keys (game.h's cs_miss): miss=P, the chance of overlooking each kind
 * of point, and miss_KIND=P for one kind (miss_fifteens, miss_pairs, miss_runs, miss_flush,
 * miss_nobs, miss_play, miss_last, and miss_renege, which miss= does not set), which wins over
 * miss= whatever the order. They are the seat's, not the strategy's: the strategy never sees
 * them, and the normalised spec gives them after its own.
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
    int has_miss; /* some chance of overlooking is above 0 */
    cs_miss miss;
};

/* The counting-error keys' prefix. */
#define MISS_KEY "miss"

/* Reads a chance from text: a decimal from 0 to 1 ("0.05", "1e-5", ".5"), all of the text:
 * no sign, blank, hexadecimal, "inf" or "nan", which strtod() alone would take. */
static int parse_chance(const char *text, size_t len, double *out) {
    char buf[32];
    if (len == 0 || len >= sizeof buf) return CS_ERANGE;
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (!isdigit((unsigned char)buf[0]) && !(buf[0] == '.' && isdigit((unsigned char)buf[1])))
        return CS_ERANGE;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)buf[i]) && !strchr(".eE+-", buf[i])) return CS_ERANGE;
    char *end;
    double v = strtod(buf, &end);
    if (end != buf + len || !(v >= 0 && v <= 1)) return CS_ERANGE;
    *out = v;
    return CS_OK;
}

/*
 * Takes the counting-error keys out of a "k=v,k=v" list into p->miss and writes the other
 * keys, in their order, into out (of CS_SPEC_MAX). Returns 0, or CS_EUNKNOWN for a miss_ key
 * naming no kind and CS_ERANGE for a chance that is not a number from 0 to 1, with a message.
 */
static int take_miss_params(cs_miss *miss, int *has_miss, const char *params, char *out, char *err,
                            size_t err_len) {
    size_t used = 0;
    int kept = 0;
    out[0] = '\0';
    double all = -1, kind[CS_MISS_KINDS];
    for (int k = 0; k < CS_MISS_KINDS; k++) kind[k] = -1;
    /* Every item is visited, empty ones too, and the strategy's are copied as they are, so its
     * own parser still sees (and refuses) "k=v," or "k=v,,k=v". */
    for (const char *item = params; params[0];) {
        const char *comma = strchr(item, ',');
        size_t len = comma ? (size_t)(comma - item) : strlen(item);
        const char *eq = memchr(item, '=', len);
        size_t key_len = eq ? (size_t)(eq - item) : len;
        size_t prefix = strlen(MISS_KEY);
        if (key_len >= prefix && !strncmp(item, MISS_KEY, prefix) &&
            (key_len == prefix || item[prefix] == '_')) {
            double *slot = &all;
            if (key_len > prefix) {
                slot = NULL;
                for (int k = 0; k < CS_MISS_KINDS; k++) {
                    const char *name = cs_miss_kind_name(k);
                    if (key_len - prefix - 1 == strlen(name) &&
                        !strncmp(item + prefix + 1, name, key_len - prefix - 1))
                        slot = &kind[k];
                }
                if (!slot) {
                    snprintf(err, err_len,
                             "unknown counting-error key '%.*s': miss=P, or miss_KIND=P for a "
                             "kind of fifteens, pairs, runs, flush, nobs, play, last",
                             (int)key_len, item);
                    return CS_EUNKNOWN;
                }
            }
            if (*slot >= 0) {
                snprintf(err, err_len, "counting-error key '%.*s' is given twice", (int)key_len,
                         item);
                return CS_ESYNTAX;
            }
            if (!eq || parse_chance(eq + 1, len - key_len - 1, slot) != CS_OK) {
                snprintf(err, err_len,
                         "'%.*s': a chance of overlooking is a number from 0 to 1 (miss=0.05)",
                         (int)len, item);
                return CS_ERANGE;
            }
        } else {
            used += (size_t)snprintf(out + used, CS_SPEC_MAX - used, "%s%.*s", kept++ ? "," : "",
                                     (int)len, item);
        }
        if (!comma) break;
        item = comma + 1;
    }
    *has_miss = 0;
    for (int k = 0; k < CS_MISS_KINDS; k++) {
        /* miss= is every counting kind: a renege is a mistake in the play, not a count */
        miss->p[k] = kind[k] >= 0 ? kind[k] : all >= 0 && k != CS_MISS_RENEGE ? all : 0;
        if (miss->p[k] > 0) *has_miss = 1;
    }
    return CS_OK;
}

/* Appends the seat's counting-error keys to its normalised spec: miss=P when every counting
 * kind has the same chance P > 0, else miss_KIND=P for each one above 0; then miss_renege=P
 * when above 0. Returns 0, or CS_ERANGE when the spec would be too long. */
static int append_miss_spec(cs_player *p, char *err, size_t err_len) {
    if (!p->has_miss) return CS_OK;
    size_t used = strlen(p->spec);
    char sep = strchr(p->spec, ':') ? ',' : ':';
    int same = 1;
    for (int k = 1; k < CS_MISS_RENEGE; k++) same &= p->miss.p[k] == p->miss.p[0];
    for (int k = 0; k < CS_MISS_KINDS && used < sizeof p->spec; k++) {
        int whole = same && k < CS_MISS_RENEGE; /* said once by miss= */
        if (p->miss.p[k] == 0 || (whole && k > 0)) continue;
        /* The shortest decimal that reads back as the same double (0.1, not 0.1000...01). */
        char value[32];
        for (int digits = 1; digits <= 17; digits++) {
            snprintf(value, sizeof value, "%.*g", digits, p->miss.p[k]);
            if (strtod(value, NULL) == p->miss.p[k]) break;
        }
        int n = snprintf(p->spec + used, sizeof p->spec - used, "%c%s%s%s=%s", sep, MISS_KEY,
                         whole ? "" : "_", whole ? "" : cs_miss_kind_name(k), value);
        used += n > 0 ? (size_t)n : 0;
        sep = ',';
    }
    if (used >= sizeof p->spec) {
        snprintf(err, err_len, "seat spec too long");
        return CS_ERANGE;
    }
    return CS_OK;
}

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
    char own[CS_SPEC_MAX];
    int rc = take_miss_params(&p->miss, &p->has_miss, colon ? colon + 1 : "", own, err, err_len);
    if (rc != CS_OK) return rc;
    cs_strategy_args args;
    rc = cs_spec_parse_params(s->name, own, s->params, s->n_params, &args, p->store,
                              sizeof p->store, err, err_len);
    if (rc != CS_OK) return rc;
    char params[CS_SPEC_MAX];
    if (cs_spec_format_params(s->params, s->n_params, &args, params, sizeof params) >=
            (int)sizeof params ||
        snprintf(p->spec, sizeof p->spec, "%s%s%s", s->name, s->n_params ? ":" : "", params) >=
            (int)sizeof p->spec) {
        snprintf(err, err_len, "seat spec too long");
        return CS_ERANGE;
    }
    if ((rc = append_miss_spec(p, err, err_len)) != CS_OK) return rc;
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
    char own[CS_SPEC_MAX];
    int rc = take_miss_params(&p->miss, &p->has_miss, colon ? colon + 1 : "", own, err, err_len);
    if (rc != CS_OK) return rc;
    rc = cs_plugin_create(path, own, &p->self, err, err_len);
    if (rc != CS_OK) return rc;
    p->vt = &cs_plugin_adapter;
    snprintf(p->name, sizeof p->name, "%s", cs_plugin_instance_name(p->self));
    cs_plugin_instance_spec(p->self, p->spec, sizeof p->spec);
    if ((rc = append_miss_spec(p, err, err_len)) != CS_OK) p->vt->destroy(p->self);
    return rc;
}

/*
 * After "exec:": the key block, then the command (the grammar is exec_agent.h's). The block is
 * the text up to the first ':' - or all of it when there is no ':' - when that text holds an '='
 * and no blank; it is then KEY=VALUE[,KEY=VALUE...], every key one of the seat's (checked where
 * the keys are read, so a key that is none is refused, never run). Otherwise there is no block
 * and the whole text is the command. Points *block_end at the block's end (NULL without one)
 * and returns the command.
 */
static const char *exec_block(const char *rest, const char **block_end) {
    size_t len = strcspn(rest, ":");
    *block_end = NULL;
    if (memchr(rest, '=', len) == NULL) return rest;
    for (size_t i = 0; i < len; i++)
        if (isspace((unsigned char)rest[i])) return rest;
    *block_end = rest + len;
    return rest[len] == ':' ? rest + len + 1 : rest + len;
}

/*
 * Reads "exec:" text into its keys for the outside program (own, CS_SPEC_MAX), the seat's
 * counting-error keys and the command, starting nothing. Returns 0, or a cs_err with a message
 * for a bad or unknown key, a bad value or a missing command.
 */
static int exec_parts(const char *rest, cs_miss *miss, int *has_miss, char *own,
                      const char **command, char *err, size_t err_len) {
    const char *block_end;
    *command = exec_block(rest, &block_end);
    char block[CS_SPEC_MAX] = "";
    if (block_end) snprintf(block, sizeof block, "%.*s", (int)(block_end - rest), rest);
    int rc = take_miss_params(miss, has_miss, block, own, err, err_len);
    if (rc != CS_OK) return rc;
    while (isspace((unsigned char)**command)) (*command)++;
    if (**command == '\0') {
        snprintf(err, err_len, "seat spec 'exec:' needs a command: exec:[KEY=VALUE,...:]COMMAND");
        return CS_ESYNTAX;
    }
    return cs_exec_check(own, NULL, err, err_len);
}

static int create_exec(cs_player *p, const char *rest, char *err, size_t err_len) {
    const char *command;
    char own[CS_SPEC_MAX];
    int rc = exec_parts(rest, &p->miss, &p->has_miss, own, &command, err, err_len);
    if (rc != CS_OK) return rc;
    rc = cs_exec_create(command, own, &p->self, err, err_len);
    if (rc != CS_OK) return rc;
    p->vt = &cs_strategy_exec;
    snprintf(p->name, sizeof p->name, "exec");
    /* "exec:timeout_ms=N:COMMAND": the seat's keys go into the block, before the command. */
    char spec[CS_SPEC_MAX];
    cs_exec_spec(p->self, spec, sizeof spec);
    const char *cut = strchr(spec + strlen(CS_LOADER_EXEC) + 1, ':');
    size_t head = cut ? (size_t)(cut - spec) : strlen(spec);
    snprintf(p->spec, sizeof p->spec, "%.*s", (int)head, spec);
    if ((rc = append_miss_spec(p, err, err_len)) != CS_OK ||
        strlen(p->spec) + strlen(spec + head) >= sizeof p->spec) {
        p->vt->destroy(p->self);
        if (rc == CS_OK) snprintf(err, err_len, "seat spec too long");
        return rc != CS_OK ? rc : CS_ERANGE;
    }
    strcat(p->spec, spec + head);
    return CS_OK;
}

int cs_spec_runs_code(const char *spec) {
    const char *rest;
    return spec != NULL &&
           (has_prefix(spec, CS_LOADER_PLUGIN, &rest) || has_prefix(spec, CS_LOADER_EXEC, &rest));
}

/*
 * What can be checked of a spec before a player is made, whatever its kind: not empty, not too
 * long, and not a spec that runs code when flags refuse those. Returns 0 or a cs_err with the
 * message.
 */
static int check_outline(const char *spec, unsigned flags, char *err, size_t err_len) {
    if (err_len > 0) err[0] = '\0';
    if (spec == NULL || spec[0] == '\0') {
        char names[256];
        cs_registry_names(names, sizeof names);
        snprintf(err, err_len, "empty seat spec; the strategies are: %s, plugin:PATH.so, exec:CMD",
                 names);
        return CS_ESYNTAX;
    }
    if (strlen(spec) >= CS_SPEC_MAX) {
        snprintf(err, err_len, "seat spec of %zu characters is too long (at most %d)", strlen(spec),
                 CS_SPEC_MAX - 1);
        return CS_ERANGE;
    }
    if ((flags & CS_SPEC_REFUSE_CODE) && cs_spec_runs_code(spec)) {
        const char *rest;
        int exec = has_prefix(spec, CS_LOADER_EXEC, &rest);
        snprintf(err, err_len,
                 "seat spec '%.200s' %s, and specs that run code are refused here (built-in "
                 "strategies only)",
                 spec,
                 exec ? "runs an outside program (exec:)" : "loads a shared object (plugin:)");
        return CS_ECODE;
    }
    return CS_OK;
}

int cs_spec_check(const char *spec, unsigned flags, char *err, size_t err_len) {
    int rc = check_outline(spec, flags, err, err_len);
    if (rc != CS_OK) return rc;
    const char *rest;
    char own[CS_SPEC_MAX];
    cs_miss miss;
    int has_miss;
    if (has_prefix(spec, CS_LOADER_EXEC, &rest)) {
        const char *command;
        return exec_parts(rest, &miss, &has_miss, own, &command, err, err_len);
    }
    if (has_prefix(spec, CS_LOADER_PLUGIN, &rest)) {
        /* The plugin's own keys are known only once it is loaded, which runs its code. */
        const char *colon = strchr(rest, ':');
        if (colon == rest || rest[0] == '\0') {
            snprintf(err, err_len, "seat spec 'plugin:' needs a path: plugin:PATH.so[:params]");
            return CS_ESYNTAX;
        }
        return take_miss_params(&miss, &has_miss, colon ? colon + 1 : "", own, err, err_len);
    }
    cs_player *p = cs_player_create(spec, err, err_len); /* a built-in: nothing from outside */
    if (p == NULL) return CS_EUNKNOWN;
    cs_player_destroy(p);
    return CS_OK;
}

cs_player *cs_player_create(const char *spec, char *err, size_t err_len) {
    return cs_player_create_opts(spec, 0, err, err_len);
}

cs_player *cs_player_create_opts(const char *spec, unsigned flags, char *err, size_t err_len) {
    if (check_outline(spec, flags, err, err_len) != CS_OK) return NULL;
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
    cs_agent a = {p->vt->discard,
                  p->vt->play,
                  p->vt->observe,
                  p->self,
                  p->spec,
                  NULL /* go: passed over */,
                  p->has_miss ? &p->miss : NULL};
    return a;
}

int cs_spec_miss(const char *spec, cs_miss *miss, char *err, size_t err_len) {
    const char *params = "", *rest;
    char block[CS_SPEC_MAX] = "";
    if (has_prefix(spec, CS_LOADER_EXEC, &rest)) {
        const char *block_end;
        exec_block(rest, &block_end);
        if (block_end && (size_t)(block_end - rest) < sizeof block)
            snprintf(block, sizeof block, "%.*s", (int)(block_end - rest), rest);
        params = block;
    } else if (has_prefix(spec, CS_LOADER_PLUGIN, &rest)) {
        const char *colon = strchr(rest, ':');
        params = colon ? colon + 1 : "";
    } else {
        const char *colon = strchr(spec, ':');
        params = colon ? colon + 1 : "";
    }
    if (strlen(params) >= CS_SPEC_MAX) {
        snprintf(err, err_len, "seat spec too long");
        return CS_ERANGE;
    }
    char own[CS_SPEC_MAX];
    int has = 0;
    int rc = take_miss_params(miss, &has, params, own, err, err_len);
    return rc != CS_OK ? rc : has;
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

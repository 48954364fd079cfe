/*
 * eventspec.c - reads event specs (event.h) with libyaml's document loader, so every error
 * names the file and the line; also the formats' registry and parameter defaults.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "error.h"
#include "event.h"
#include "strategy.h"
#include "yamlcheck.h"

static const cs_event_format *const FORMATS[] = {
    &cs_event_format_nz,
    &cs_event_format_double_elimination,
    &cs_event_format_league,
};
#define N_FORMATS ((int)(sizeof FORMATS / sizeof FORMATS[0]))

const cs_event_format *cs_event_format_find(const char *name) {
    for (int i = 0; i < N_FORMATS; i++)
        if (strcmp(FORMATS[i]->name, name) == 0) return FORMATS[i];
    return NULL;
}

void cs_event_format_list(char *buf, size_t len) {
    size_t used = 0;
    if (len) buf[0] = '\0';
    for (int i = 0; i < N_FORMATS && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", FORMATS[i]->name);
        if (n < 0) break;
        used += (size_t)n;
    }
}

void cs_event_params_defaults(cs_event_params *p) {
    memset(p, 0, sizeof *p);
    p->games = 0; /* the format's: 18 for nz, 4 for a league night (set by the parser) */
    p->set_size = 9;
    p->day_one_games = 0; /* every game (set by the parser) */
    p->playoff = 1;
    p->weeks = 1;
    p->fee_cents = 1000;
    p->draw_cents = 200;
    p->pot_percent = 80;
    p->split[0] = 50;
    p->split[1] = 30;
    p->split[2] = 20;
    p->best_of = 3;
    p->reset = 1;
}

void cs_event_default_rules(const cs_event_format *f, cs_rules *out) {
    switch (f->id) {
    case CS_EVENT_FORMAT_NZ: cs_rules_from_name("nz-tournament", out); break;
    case CS_EVENT_FORMAT_DOUBLE_ELIMINATION:
        cs_rules_from_name("partners", out);
        out->skunk_line = out->double_skunk_line = out->triple_skunk_line = 0;
        out->lurch_line = 0;
        out->skunk_margin = 31;
        out->double_skunk_margin = 61;
        break;
    default:
        cs_rules_from_name("partners", out);
        out->skunk_line = 91;
        out->double_skunk_line = 61;
        out->triple_skunk_line = 0;
        break;
    }
}

void cs_event_game_rules(const cs_event_format *f, const cs_event_params *p, cs_rules *out) {
    if (p->game_rules_given)
        *out = p->game_rules;
    else
        cs_event_default_rules(f, out);
}

void cs_event_shuffle(int *a, int n, cs_pcg32 *rng) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)cs_pcg32_bounded(rng, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

int cs_event_cut(int n, cs_pcg32 *rng) {
    /* each draws a rank (ace low); the lowest wins; a tie for lowest re-cuts among the tied */
    int alive[CS_EVENT_ENTRANTS_MAX], m = 0;
    for (int i = 0; i < n; i++) alive[m++] = i;
    while (m > 1) {
        int rank[CS_EVENT_ENTRANTS_MAX], low = 13, k = 0;
        for (int i = 0; i < m; i++) {
            rank[i] = (int)cs_pcg32_bounded(rng, 13);
            if (rank[i] < low) low = rank[i];
        }
        for (int i = 0; i < m; i++)
            if (rank[i] == low) alive[k++] = alive[i];
        m = k;
    }
    return alive[0];
}

void cs_event_rank(int order[], int n, int (*better)(const void *state, int a, int b),
                   const void *state) {
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && better(state, i, order[j - 1]); j--) order[j] = order[j - 1];
        order[j] = i;
    }
}

static bool starts_with(const char *s, const char *prefix) {
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool cs_event_strategy_is_outside(const char *spec) {
    return starts_with(spec, "exec:") || starts_with(spec, "plugin:");
}

/* ---- the spec reader ---- */

typedef struct {
    yaml_document_t *doc;
    const char *source;
    char *err;
    size_t err_len;
    cs_event_spec *out;
} ctx;

static int line_of(const yaml_node_t *n) {
    return (int)n->start_mark.line + 1;
}

static int fail(ctx *c, const yaml_node_t *n, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Writes "SOURCE:LINE: message" into c->err; returns code. */
static int fail(ctx *c, const yaml_node_t *n, int code, const char *fmt, ...) {
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->err_len, "%s:%d: %s", c->source, line_of(n), msg);
    return code;
}

#define FAIL(c, node, code, ...) return fail((c), (node), (code), __VA_ARGS__)

static const char *scalar(const yaml_node_t *n) {
    return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static yaml_node_t *node(ctx *c, int id) {
    return yaml_document_get_node(c->doc, id);
}

static int get_long(ctx *c, const yaml_node_t *n, const char *key, long min, long max, long *out) {
    const char *s = scalar(n);
    if (s == NULL) FAIL(c, n, CS_ESYNTAX, "'%s' must be a number", key);
    char digits[32];
    size_t k = 0;
    for (const char *p = s; *p && k + 1 < sizeof digits; p++)
        if (*p != '_') digits[k++] = *p;
    digits[k] = '\0';
    errno = 0;
    char *end;
    long long v = strtoll(digits, &end, 10);
    /* digits, after a '-' for a negative one (no blank or '+'), all of them read */
    const char *first = digits[0] == '-' ? digits + 1 : digits;
    if (!isdigit((unsigned char)first[0]) || k + 1 >= sizeof digits || *end != '\0' || errno != 0 ||
        v < min || v > max)
        FAIL(c, n, CS_ERANGE, "'%s' must be a whole number from %ld to %ld, not '%s'", key, min,
             max, s);
    *out = (long)v;
    return 0;
}

static int get_bool(ctx *c, const yaml_node_t *n, const char *key, int *out) {
    const char *s = scalar(n);
    static const char *const yes[] = {"true", "yes", "on", "1"}, *const no[] = {"false", "no",
                                                                                "off", "0"};
    if (s != NULL)
        for (int i = 0; i < 4; i++) {
            if (strcasecmp(s, yes[i]) == 0) return *out = 1, 0;
            if (strcasecmp(s, no[i]) == 0) return *out = 0, 0;
        }
    FAIL(c, n, CS_ERANGE, "'%s' must be true or false, not '%s'", key, s ? s : "a list");
}

static int get_text(ctx *c, const yaml_node_t *n, const char *key, char *out, size_t len) {
    const char *s = scalar(n);
    if (s == NULL) FAIL(c, n, CS_ESYNTAX, "'%s' must be a single value", key);
    if (strlen(s) >= len) FAIL(c, n, CS_ERANGE, "'%s' is longer than %zu characters", key, len - 1);
    for (const char *p = s; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            FAIL(c, n, CS_ERANGE, "'%s' holds a control character", key);
    snprintf(out, len, "%s", s);
    return 0;
}

/* The strategy table's index of a spec, adding it (checked by creating a player once). */
static int strategy_index(ctx *c, const yaml_node_t *n, const char *spec) {
    cs_event_spec *e = c->out;
    for (int i = 0; i < e->n_strategies; i++)
        if (strcmp(e->strategies[i], spec) == 0) return i;
    if (e->n_strategies == CS_EVENT_STRATEGIES_MAX)
        FAIL(c, n, CS_ERANGE, "a field may use at most %d different strategies",
             CS_EVENT_STRATEGIES_MAX);
    /* Reading a spec runs nothing: an outside program or library is started (and checked)
     * when the events are played; a built-in strategy and its parameters are checked now. */
    if (!cs_event_strategy_is_outside(spec)) {
        char why[512];
        cs_player *p = cs_player_create(spec, why, sizeof why);
        if (p == NULL) FAIL(c, n, CS_EUNKNOWN, "strategy '%s': %s", spec, why);
        cs_player_destroy(p);
    }
    snprintf(e->strategies[e->n_strategies], CS_EVENT_SPEC_MAX, "%s", spec);
    return e->n_strategies++;
}

static int add_entrant(ctx *c, const yaml_node_t *at, const char *name, const char *spec,
                       const char *club, int nominated) {
    cs_field *f = &c->out->field;
    if (f->n == CS_EVENT_ENTRANTS_MAX)
        FAIL(c, at, CS_ERANGE, "a field holds at most %d entrants", CS_EVENT_ENTRANTS_MAX);
    int s = strategy_index(c, at, spec);
    if (s < 0) return s;
    cs_entrant *e = &f->entrant[f->n];
    if (name && name[0])
        snprintf(e->name, sizeof e->name, "%s", name);
    else
        snprintf(e->name, sizeof e->name, "%s-%d", spec, f->n + 1);
    if (!(name && name[0])) { /* generated: the strategy's name and a number */
        char base[CS_EVENT_NAME_MAX];
        snprintf(base, sizeof base, "%.*s", (int)strcspn(spec, ":"), spec);
        snprintf(e->name, sizeof e->name, "%.30s-%d", base, f->n + 1);
    }
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->entrant[i].name, e->name) == 0)
            FAIL(c, at, CS_ESYNTAX, "entrant name '%s' repeated", e->name);
    e->strategy = s;
    snprintf(e->club, sizeof e->club, "%s", club ? club : "");
    e->nominated = nominated;
    f->n++;
    return 0;
}

/* One item of `field`: NAME: STRATEGY, or a mapping {name, strategy, club, nominated} or
 * {count, strategy, club}. */
static int field_item(ctx *c, const yaml_node_t *item) {
    if (item->type != YAML_MAPPING_NODE)
        FAIL(c, item, CS_ESYNTAX,
             "each entrant is 'NAME: STRATEGY' or a mapping {name:, strategy:, club:, "
             "nominated:} or {count:, strategy:}");
    char name[CS_EVENT_NAME_MAX] = "", spec[CS_EVENT_SPEC_MAX] = "", club[CS_EVENT_NAME_MAX] = "";
    long count = -1;
    int nominated = 0, rc, structured = 0;
    yaml_node_pair_t *pairs = item->data.mapping.pairs.start;
    int n_pairs = (int)(item->data.mapping.pairs.top - pairs);
    for (int i = 0; i < n_pairs; i++) {
        const char *k = scalar(node(c, pairs[i].key));
        structured |= k && (!strcmp(k, "name") || !strcmp(k, "strategy") || !strcmp(k, "count"));
    }
    if (!structured) {
        if (n_pairs != 1)
            FAIL(c, item, CS_ESYNTAX, "an entrant written NAME: STRATEGY has one pair");
        const char *k = scalar(node(c, pairs[0].key));
        if (k == NULL) FAIL(c, item, CS_ESYNTAX, "an entrant's name must be text");
        if ((rc = get_text(c, node(c, pairs[0].key), "name", name, sizeof name)) != 0) return rc;
        if ((rc = get_text(c, node(c, pairs[0].value), "strategy", spec, sizeof spec)) != 0)
            return rc;
        return add_entrant(c, item, name, spec, NULL, 0);
    }
    for (int i = 0; i < n_pairs; i++) {
        yaml_node_t *kn = node(c, pairs[i].key), *v = node(c, pairs[i].value);
        const char *k = scalar(kn);
        if (k == NULL) FAIL(c, kn, CS_ESYNTAX, "keys must be plain names");
        for (int j = 0; j < i; j++) {
            const char *o = scalar(node(c, pairs[j].key));
            if (o && !strcmp(o, k)) FAIL(c, kn, CS_ESYNTAX, "key '%s' repeated", k);
        }
        if (!strcmp(k, "name"))
            rc = get_text(c, v, k, name, sizeof name);
        else if (!strcmp(k, "strategy"))
            rc = get_text(c, v, k, spec, sizeof spec);
        else if (!strcmp(k, "club"))
            rc = get_text(c, v, k, club, sizeof club);
        else if (!strcmp(k, "nominated"))
            rc = get_bool(c, v, k, &nominated);
        else if (!strcmp(k, "count"))
            rc = get_long(c, v, k, 1, CS_EVENT_ENTRANTS_MAX, &count);
        else
            FAIL(c, kn, CS_EUNKNOWN,
                 "unknown key '%s' in an entrant (known: name, strategy, club, nominated, count)",
                 k);
        if (rc != 0) return rc;
    }
    if (!spec[0]) FAIL(c, item, CS_ESYNTAX, "an entrant needs a 'strategy'");
    if (count >= 0 && name[0])
        FAIL(c, item, CS_ESYNTAX, "'count' makes several entrants: give no 'name' with it");
    /* mutate: equivalent <-><=: count is -1 when not given, else at least 1 */
    if (count < 0) return add_entrant(c, item, name, spec, club, nominated);
    for (long i = 0; i < count; i++)
        if ((rc = add_entrant(c, item, NULL, spec, club, nominated)) != 0) return rc;
    return 0;
}

static int set_rules(ctx *c, const yaml_node_t *n) {
    if (n->type != YAML_MAPPING_NODE)
        FAIL(c, n, CS_ESYNTAX,
             "'rules' is a mapping of rule settings, e.g. {target: 121} (the format chooses "
             "the preset)");
    const char *keys[64], *values[64];
    int k = 0;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const char *key = scalar(node(c, p->key)), *value = scalar(node(c, p->value));
        if (key == NULL || value == NULL || k == 64)
            FAIL(c, node(c, p->key), CS_ESYNTAX, "each rule setting is KEY: VALUE");
        keys[k] = key;
        values[k++] = value;
    }
    int failed = 0, rc = cs_rules_set_all(&c->out->rules, k, keys, values, &failed);
    if (rc != 0) {
        char list[1024];
        cs_rules_key_list(list, sizeof list);
        FAIL(c, n, rc, "rule '%s' = '%s': %s (rules: %s)", keys[failed], values[failed],
             rc == CS_EUNKNOWN ? "unknown rule" : "bad value", list);
    }
    char why[256];
    if (cs_rules_validate(&c->out->rules, why, sizeof why) != 0)
        FAIL(c, n, CS_ECONFIG, "the rules do not make sense: %s", why);
    c->out->rules_given = 1;
    return 0;
}

static const char *const TOP_KEYS[] = {
    "name",    "description", "format",       "events",     "seed",          "threads",
    "field",   "rules",       "games",        "set_size",   "day_one_games", "playoff",
    "sitter",  "weeks",       "fee_cents",    "draw_cents", "pot_percent",   "split",
    "best_of", "reset",       "random_teams", NULL};

static int parse_root(ctx *c, const yaml_node_t *root) {
    cs_event_spec *e = c->out;
    if (root->type != YAML_MAPPING_NODE)
        FAIL(c, root, CS_ESYNTAX, "an event spec is a mapping of keys (format:, field:, ...)");
    const yaml_node_t *format = NULL, *field = NULL, *rules = NULL, *sitter = NULL;
    const yaml_node_t *games_node = NULL, *field_key = NULL;
    int rc;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++) {
        yaml_node_t *kn = node(c, p->key), *v = node(c, p->value);
        const char *key = scalar(kn);
        if (key == NULL) FAIL(c, kn, CS_ESYNTAX, "keys must be plain names");
        int known = 0;
        for (int i = 0; TOP_KEYS[i]; i++) known |= !strcmp(key, TOP_KEYS[i]);
        if (!known) {
            char list[512] = "";
            for (int i = 0; TOP_KEYS[i]; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                         TOP_KEYS[i]);
            FAIL(c, kn, CS_EUNKNOWN, "unknown key '%s' in the event spec (known: %s)", key, list);
        }
        for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < p; q++) {
            const char *o = scalar(node(c, q->key));
            if (o && !strcmp(o, key))
                FAIL(c, kn, CS_ESYNTAX, "key '%s' repeated (first on line %d)", key,
                     line_of(node(c, q->key)));
        }
        long x;
        cs_event_params *pp = &e->params;
        if (!strcmp(key, "name")) {
            if ((rc = get_text(c, v, key, e->name, sizeof e->name)) != 0) return rc;
        } else if (!strcmp(key, "description")) {
            char d[512];
            if ((rc = get_text(c, v, key, d, sizeof d)) != 0) return rc;
        } else if (!strcmp(key, "format")) {
            format = v;
        } else if (!strcmp(key, "field")) {
            field = v;
            field_key = kn;
        } else if (!strcmp(key, "rules")) {
            rules = v;
        } else if (!strcmp(key, "sitter")) {
            sitter = v;
        } else if (!strcmp(key, "events")) {
            if ((rc = get_long(c, v, key, 1, 1L << 40, &x)) != 0) return rc;
            e->events = (uint64_t)x;
        } else if (!strcmp(key, "seed")) {
            if ((rc = get_long(c, v, key, 0, 0x7fffffffffffffffL, &x)) != 0) return rc;
            e->seed = (uint64_t)x;
        } else if (!strcmp(key, "threads")) {
            if ((rc = get_long(c, v, key, 0, 256, &x)) != 0) return rc;
            e->threads = (int)x;
        } else if (!strcmp(key, "split")) {
            if (v->type != YAML_SEQUENCE_NODE ||
                v->data.sequence.items.top - v->data.sequence.items.start != 3)
                FAIL(c, v, CS_ESYNTAX, "'split' is three percentages, e.g. [50, 30, 20]");
            int sum = 0;
            for (int i = 0; i < 3; i++) {
                if ((rc = get_long(c, node(c, v->data.sequence.items.start[i]), key, 0, 100, &x)) !=
                    0)
                    return rc;
                pp->split[i] = (int)x;
                sum += (int)x;
            }
            if (sum > 100) FAIL(c, v, CS_ERANGE, "'split' adds up to %d%%, more than the pot", sum);
        } else {
            const struct {
                const char *name;
                int *field;
            } bools[] = {
                {"playoff", &pp->playoff},
                {"reset", &pp->reset},
                {"random_teams", &pp->random_teams},
            };
            const struct {
                const char *name;
                int *field;
                long min, max;
            } ints[] = {
                {"games", &pp->games, 1, 10000},
                {"set_size", &pp->set_size, 1, 10000},
                {"day_one_games", &pp->day_one_games, 0, 10000},
                {"weeks", &pp->weeks, 1, 520},
                {"fee_cents", &pp->fee_cents, 0, 10000000},
                {"draw_cents", &pp->draw_cents, 0, 10000000},
                {"pot_percent", &pp->pot_percent, 0, 100},
                {"best_of", &pp->best_of, 1, 99},
            };
            for (size_t i = 0; i < sizeof bools / sizeof *bools; i++)
                if (!strcmp(key, bools[i].name) && (rc = get_bool(c, v, key, bools[i].field)) != 0)
                    return rc;
            for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
                if (strcmp(key, ints[i].name) != 0) continue;
                if ((rc = get_long(c, v, key, ints[i].min, ints[i].max, &x)) != 0) return rc;
                *ints[i].field = (int)x;
                if (!strcmp(key, "games")) games_node = v;
            }
        }
    }
    if (format == NULL) {
        char list[128];
        cs_event_format_list(list, sizeof list);
        FAIL(c, root, CS_ESYNTAX, "the spec names no format (a line 'format: NAME'; formats: %s)",
             list);
    }
    const char *fname = scalar(format);
    e->format = fname ? cs_event_format_find(fname) : NULL;
    if (e->format == NULL) {
        char list[128];
        cs_event_format_list(list, sizeof list);
        FAIL(c, format, CS_EUNKNOWN, "unknown format '%s' (formats: %s)", fname ? fname : "?",
             list);
    }
    /* the format's game and its defaults */
    cs_event_params *pp = &e->params;
    int is_nz = e->format->id == CS_EVENT_FORMAT_NZ;
    int is_league = e->format->id == CS_EVENT_FORMAT_LEAGUE;
    cs_event_default_rules(e->format, &e->rules);
    if (pp->games == 0) pp->games = is_nz ? 18 : 4;
    if (pp->day_one_games == 0) pp->day_one_games = pp->games;
    if (games_node && !is_nz && !is_league)
        FAIL(c, games_node, CS_ECONFIG,
             "'games' is for nz and league; a double-elimination bracket plays until one "
             "team is left");
    if (pp->draw_cents > pp->fee_cents)
        FAIL(c, root, CS_ECONFIG, "draw_cents (%d) exceeds the fee (%d)", pp->draw_cents,
             pp->fee_cents);
    if (rules && (rc = set_rules(c, rules)) != 0) return rc;
    if (e->rules.muggins && !is_nz)
        FAIL(c, rules, CS_ECONFIG,
             "muggins is forbidden in the %s, as its rules say: points a player overlooks are "
             "lost, never taken",
             is_league ? "league" : "double-elimination doubles tournament");
    if (e->rules.players != 4 || !e->rules.partnership)
        FAIL(c, rules ? rules : root, CS_ECONFIG,
             "every format's game is played by two partnerships: players must stay 4 with "
             "partnership on");
    pp->game_rules = e->rules;
    pp->game_rules_given = 1;
    if (field == NULL) FAIL(c, root, CS_ESYNTAX, "the spec has no 'field' (its entrants)");
    if (field->type != YAML_SEQUENCE_NODE)
        FAIL(c, field, CS_ESYNTAX, "'field' is a list of entrants");
    for (yaml_node_item_t *it = field->data.sequence.items.start;
         it < field->data.sequence.items.top; it++)
        if ((rc = field_item(c, node(c, *it))) != 0) return rc;
    if (sitter) {
        char spec[CS_EVENT_SPEC_MAX];
        if ((rc = get_text(c, sitter, "sitter", spec, sizeof spec)) != 0) return rc;
        int s = strategy_index(c, sitter, spec);
        if (s < 0) return s;
        pp->sitter = s;
    }
    if (e->events == 0) e->events = 1000;
    /* the format itself checks the field's size and the parameters together */
    void *probe = calloc(1, e->format->state_size);
    if (probe == NULL) FAIL(c, root, CS_ENOMEM, "out of memory");
    cs_pcg32 rng = cs_pcg32_derive(e->seed, 0, CS_STREAM_EVENT, 0);
    char why[512];
    rc = e->format->init(probe, &e->params, &e->field, &rng, why, sizeof why);
    free(probe);
    if (rc != 0) FAIL(c, field_key, CS_ECONFIG, "the field does not suit the format: %s", why);
    return 0;
}

int cs_event_spec_parse(const char *text, size_t len, const char *source, cs_event_spec *out,
                        char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    cs_event_params_defaults(&out->params);
    out->seed = 1;
    snprintf(out->source, sizeof out->source, "%s", source);
    int rc = cs_yaml_check(text, len, source, err, err_len); /* bounds the loader's time */
    if (rc != 0) return rc;
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        snprintf(err, err_len, "%s: cannot start the YAML parser", source);
        return CS_ENOMEM;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        snprintf(err, err_len, "%s:%d: YAML error: %s", source, (int)parser.problem_mark.line + 1,
                 parser.problem ? parser.problem : "unknown");
        yaml_parser_delete(&parser);
        return CS_ESYNTAX;
    }
    ctx c = {&doc, source, err, err_len, out};
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root == NULL) {
        snprintf(err, err_len, "%s: the spec is empty", source);
        rc = CS_ESYNTAX;
    } else
        rc = parse_root(&c, root);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    if (rc == 0 && out->name[0] == '\0') {
        const char *base = strrchr(source, '/');
        base = base ? base + 1 : source;
        snprintf(out->name, sizeof out->name, "%.*s", (int)strcspn(base, "."), base);
    }
    if (rc == 0) {
        out->text = strndup(text, len); /* the loader refused any NUL within it */
        if (out->text == NULL) return CS_ENOMEM;
    }
    return rc;
}

int cs_event_spec_load(const char *path, cs_event_spec *out, char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_len, "cannot open event spec %s: %s", path, strerror(errno));
        return CS_EIO;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (buf == NULL) {
        fclose(f);
        return CS_ENOMEM;
    }
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            if (cap >= (1u << 24)) {
                free(buf);
                fclose(f);
                snprintf(err, err_len, "event spec %s is larger than 16 MB", path);
                return CS_ERANGE;
            }
            char *more = realloc(buf, cap * 2);
            if (more == NULL) {
                free(buf);
                fclose(f);
                return CS_ENOMEM;
            }
            buf = more;
            cap *= 2;
        }
    }
    fclose(f);
    int rc = cs_event_spec_parse(buf, n, path, out, err, err_len);
    free(buf);
    return rc;
}

void cs_event_spec_free(cs_event_spec *s) {
    free(s->text);
    s->text = NULL;
}

/*
 * specfile.c - reads experiment specs (specfile.h) with libyaml's document loader, which
 * keeps each node's position, so every error names the line it is about.
 */
#include "specfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "error.h"
#include "stats.h"
#include "yamlcheck.h"

typedef struct {
    yaml_document_t *doc;
    const char *source;
    char *err;
    size_t err_len;
} ctx;

static int line_of(const yaml_node_t *n) {
    return (int)n->start_mark.line + 1;
}

#define FAIL(c, node, code, ...)                                                                   \
    do {                                                                                           \
        int at_ = snprintf((c)->err, (c)->err_len, "%s:%d: ", (c)->source, line_of(node));         \
        if (at_ >= 0 && (size_t)at_ < (c)->err_len)                                                \
            snprintf((c)->err + at_, (c)->err_len - (size_t)at_, __VA_ARGS__);                     \
        return (code);                                                                             \
    } while (0)

/* A scalar's text, or NULL if the node is not a scalar. */
static const char *scalar(const yaml_node_t *n) {
    return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int get_text(ctx *c, const yaml_node_t *n, const char *key, char *out, size_t len) {
    const char *s = scalar(n);
    if (s == NULL) FAIL(c, n, CS_ESYNTAX, "'%s' must be a single value", key);
    if (strlen(s) >= len) FAIL(c, n, CS_ERANGE, "'%s' is longer than %zu characters", key, len - 1);
    snprintf(out, len, "%s", s);
    return 0;
}

/* A non-negative integer; '_' may group digits (20_000). */
static int get_u64(ctx *c, const yaml_node_t *n, const char *key, uint64_t *out) {
    const char *s = scalar(n);
    char digits[32];
    size_t k = 0;
    if (s == NULL) FAIL(c, n, CS_ESYNTAX, "'%s' must be a number", key);
    for (const char *p = s; *p; p++) {
        if (*p == '_') continue;
        if (!isdigit((unsigned char)*p) || k + 1 >= sizeof digits)
            FAIL(c, n, CS_ERANGE, "'%s' must be a whole number, not '%s'", key, s);
        digits[k++] = *p;
    }
    digits[k] = '\0';
    errno = 0;
    char *end;
    unsigned long long v = strtoull(digits, &end, 10);
    if (k == 0 || errno != 0 || *end != '\0')
        FAIL(c, n, CS_ERANGE, "'%s' must be a whole number, not '%s'", key, s);
    *out = v;
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

static yaml_node_t *node(ctx *c, int id) {
    return yaml_document_get_node(c->doc, id);
}

/* Checks a mapping's keys against a list (and for repeats). */
static int check_keys(ctx *c, const yaml_node_t *map, const char *const keys[], const char *what) {
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = node(c, p->key);
        const char *name = scalar(k);
        if (name == NULL) FAIL(c, k, CS_ESYNTAX, "keys must be plain names");
        int known = 0;
        for (int i = 0; keys[i] != NULL; i++) known |= strcmp(name, keys[i]) == 0;
        if (!known) {
            char list[512] = "";
            for (int i = 0; keys[i] != NULL; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                         keys[i]);
            if (strcmp(name, "set") == 0)
                FAIL(c, k, CS_EUNKNOWN,
                     "unknown key 'set' in %s: rule settings go inside 'rules', as in "
                     "rules: {preset: two, target: 61} (docs/specs.md)",
                     what);
            FAIL(c, k, CS_EUNKNOWN, "unknown key '%s' in %s (known: %s)", name, what, list);
        }
        for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
            const char *other = scalar(node(c, q->key));
            if (other != NULL && strcmp(other, name) == 0)
                FAIL(c, k, CS_ESYNTAX, "key '%s' repeated (first on line %d)", name,
                     line_of(node(c, q->key)));
        }
    }
    return 0;
}

static const char *const ARM_KEYS[] = {"name",  "description", "rules",     "seats",
                                       "games", "seed",        "duplicate", "record",
                                       "sprt",  "sprt_every",  NULL};
static const char *const TOP_KEYS[] = {
    "name",  "description", "output",    "threads", "arms", "rules",      "seats",
    "games", "seed",        "duplicate", "record",  "sprt", "sprt_every", NULL};

static int set_rules(ctx *c, const yaml_node_t *n, cs_rules *r) {
    const char *s = scalar(n);
    if (s != NULL) {
        if (cs_rules_from_name(s, r) != 0) {
            char list[256] = "";
            for (int p = 0; p < CS_PRESET_COUNT; p++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", p ? ", " : "",
                         cs_preset_name((cs_preset)p));
            FAIL(c, n, CS_EUNKNOWN, "unknown rules preset '%s' (presets: %s)", s, list);
        }
        return 0;
    }
    if (n->type != YAML_MAPPING_NODE)
        FAIL(c, n, CS_ESYNTAX, "'rules' must be a preset name or a mapping of rule settings");
    /* The preset first, wherever it is written, then the settings on top. */
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const char *key = scalar(node(c, p->key));
        if (key != NULL && strcmp(key, "preset") == 0) {
            int rc = set_rules(c, node(c, p->value), r);
            if (rc != 0) return rc;
            if (node(c, p->value)->type != YAML_SCALAR_NODE)
                FAIL(c, node(c, p->value), CS_ESYNTAX, "'preset' must be a preset name");
        }
    }
    /* The settings, gathered and then applied as one change (cs_rules_set_all: the target
     * first, whatever the order written). A mapping holds each rule once, so more pairs than
     * RULE_SETTINGS_MAX means a mistake; it is refused before anything is read. */
    enum { RULE_SETTINGS_MAX = 64 };
    const char *keys[RULE_SETTINGS_MAX], *values[RULE_SETTINGS_MAX];
    const yaml_node_pair_t *pairs[RULE_SETTINGS_MAX];
    int n_set = 0;
    if (n->data.mapping.pairs.top - n->data.mapping.pairs.start > RULE_SETTINGS_MAX)
        FAIL(c, n, CS_ESYNTAX, "more than %d rule settings", RULE_SETTINGS_MAX);
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(c, p->key), *v = node(c, p->value);
        const char *key = scalar(k), *value = scalar(v);
        if (key == NULL) FAIL(c, k, CS_ESYNTAX, "rule names must be plain names");
        for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < p; q++) {
            const char *other = scalar(node(c, q->key));
            if (other != NULL && strcmp(other, key) == 0)
                FAIL(c, k, CS_ESYNTAX, "rule '%s' repeated", key);
        }
        if (strcmp(key, "preset") == 0) continue;
        if (value == NULL) FAIL(c, v, CS_ESYNTAX, "rule '%s' must be a single value", key);
        keys[n_set] = key;
        values[n_set] = value;
        pairs[n_set++] = p;
    }
    int failed;
    int rc = cs_rules_set_all(r, n_set, keys, values, &failed);
    if (rc == CS_EUNKNOWN) {
        char list[768];
        cs_rules_key_list(list, sizeof list);
        FAIL(c, node(c, pairs[failed]->key), CS_EUNKNOWN, "unknown rule '%s' (rules: preset, %s)",
             keys[failed], list);
    }
    if (rc != 0)
        FAIL(c, node(c, pairs[failed]->value), CS_ERANGE, "bad value '%s' for rule '%s'",
             values[failed], keys[failed]);
    return 0;
}

static int set_seats(ctx *c, const yaml_node_t *n, cs_experiment *e) {
    const char *s = scalar(n);
    if (s != NULL) {
        int k = cs_seats_split(s, e->seats, CS_MAX_PLAYERS);
        if (k < 1) FAIL(c, n, CS_ESYNTAX, "'seats' must list 1 to %d seat specs", CS_MAX_PLAYERS);
        e->n_seats = k;
        return 0;
    }
    if (n->type != YAML_SEQUENCE_NODE) FAIL(c, n, CS_ESYNTAX, "'seats' must be a list");
    int k = 0;
    for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
        yaml_node_t *item = node(c, *i);
        if (k == CS_MAX_PLAYERS)
            FAIL(c, item, CS_ERANGE, "'seats' lists more than %d seats", CS_MAX_PLAYERS);
        int rc = get_text(c, item, "seats", e->seats[k], CS_H5_SPEC_MAX);
        if (rc != 0) return rc;
        if (e->seats[k][0] == '\0') FAIL(c, item, CS_ESYNTAX, "empty seat spec");
        k++;
    }
    if (k == 0) FAIL(c, n, CS_ESYNTAX, "'seats' is empty");
    e->n_seats = k;
    return 0;
}

/* Where an arm's rules, seats and games were last set (an arm inherits the lines of the
 * defaults it does not override), so the checks made on the whole arm name the right line. */
typedef struct {
    int rules, seats, games;
} arm_lines;

/* Applies one arm key (also used for the defaults at the top). */
static int set_arm_key(ctx *c, const char *key, const yaml_node_t *v, cs_experiment *e,
                       arm_lines *lines) {
    if (strcmp(key, "rules") == 0) {
        lines->rules = line_of(v);
        return set_rules(c, v, &e->rules);
    }
    if (strcmp(key, "seats") == 0) {
        lines->seats = line_of(v);
        return set_seats(c, v, e);
    }
    if (strcmp(key, "games") == 0) {
        lines->games = line_of(v);
        int rc = get_u64(c, v, key, &e->games);
        if (rc == 0 && e->games == 0) FAIL(c, v, CS_ERANGE, "'games' must be at least 1");
        return rc;
    }
    if (strcmp(key, "seed") == 0) return get_u64(c, v, key, &e->seed);
    if (strcmp(key, "duplicate") == 0) return get_bool(c, v, key, &e->duplicate);
    if (strcmp(key, "sprt_every") == 0) {
        int rc = get_u64(c, v, key, &e->sprt_every);
        if (rc == 0 && e->sprt_every == 0) FAIL(c, v, CS_ERANGE, "'sprt_every' must be at least 1");
        return rc;
    }
    if (strcmp(key, "record") == 0) {
        const char *s = scalar(v);
        if (s != NULL && strcmp(s, "games") == 0) return e->record_deals = 0, 0;
        if (s != NULL && strcmp(s, "deals") == 0) return e->record_deals = 1, 0;
        FAIL(c, v, CS_ERANGE, "'record' must be games or deals");
    }
    if (strcmp(key, "sprt") == 0) {
        const char *s = scalar(v);
        cs_sprt t;
        char why[256];
        if (s == NULL || cs_sprt_parse(s, &t, why, sizeof why) != 0) /* why names --sprt */
            FAIL(c, v, CS_ERANGE, "'sprt': %s",
                 s == NULL                         ? "must be \"elo0,elo1[,alpha,beta]\""
                 : strncmp(why, "--sprt ", 7) == 0 ? why + 7
                                                   : why);
        e->use_sprt = 1;
        e->sprt_elo0 = t.elo0;
        e->sprt_elo1 = t.elo1;
        e->sprt_alpha = t.alpha;
        e->sprt_beta = t.beta;
        return 0;
    }
    return 0; /* name, description: handled by the caller */
}

/* Applies a mapping's arm keys: rules before the others does not matter, all are independent,
 * except that a rules mapping builds on the rules already there. */
static int apply_arm_keys(ctx *c, const yaml_node_t *map, cs_experiment *e, arm_lines *lines) {
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
         p++) {
        const char *key = scalar(node(c, p->key));
        int rc = set_arm_key(c, key, node(c, p->value), e, lines);
        if (rc != 0) return rc;
    }
    return 0;
}

static int valid_arm_name(const char *s) {
    if (*s == '\0' || *s == '.') return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_' && *s != '.') return 0;
    return 1;
}

/* Like FAIL, at a line number rather than a node. */
#define FAIL_AT(c, line, code, ...)                                                                \
    do {                                                                                           \
        int at_ = snprintf((c)->err, (c)->err_len, "%s:%d: ", (c)->source, (line));                \
        if (at_ >= 0 && (size_t)at_ < (c)->err_len)                                                \
            snprintf((c)->err + at_, (c)->err_len - (size_t)at_, __VA_ARGS__);                     \
        return (code);                                                                             \
    } while (0)

/* Checks what can be checked before running: the rules and the number of seats, naming the
 * line that set what is wrong (the arm's, or the default's it inherited). */
static int check_arm(ctx *c, const arm_lines *lines, cs_spec_arm *a) {
    char why[512];
    if (cs_rules_validate(&a->e.rules, why, sizeof why) != 0)
        FAIL_AT(c, lines->rules, CS_ECONFIG, "arm '%s': 'rules': impossible rules: %s", a->name,
                why);
    if (a->e.n_seats == 0) { /* as on the command line: random at every seat */
        a->e.n_seats = a->e.rules.players;
        for (int i = 0; i < a->e.n_seats; i++) snprintf(a->e.seats[i], CS_H5_SPEC_MAX, "random");
    }
    if (a->e.n_seats != a->e.rules.players)
        FAIL_AT(c, lines->seats, CS_ECONFIG,
                "arm '%s': 'seats' lists %d seat%s but the rules (line %d) seat %d players",
                a->name, a->e.n_seats, a->e.n_seats == 1 ? "" : "s", lines->rules,
                a->e.rules.players);
    a->seats_line = lines->seats;
    return 0;
}

/* The file name's stem ("specs/ladder.yaml" -> "ladder"), if it is a valid name, else "run". */
static void name_from_source(const char *source, char *out, size_t len) {
    const char *base = strrchr(source, '/');
    base = base ? base + 1 : source;
    snprintf(out, len, "%.*s", (int)strcspn(base, ". "), base);
    if (!valid_arm_name(out)) snprintf(out, len, "run");
}

static int parse_root(ctx *c, const yaml_node_t *root, cs_spec *out) {
    if (root->type != YAML_MAPPING_NODE)
        FAIL(c, root, CS_ESYNTAX, "a spec is a mapping of keys (name:, rules:, seats:, ...)");
    int rc = check_keys(c, root, TOP_KEYS, "the spec");
    if (rc != 0) return rc;
    cs_experiment defaults;
    cs_experiment_defaults(&defaults);
    defaults.n_seats = 0; /* a spec must name its seats */
    arm_lines lines = {line_of(root), line_of(root), line_of(root)};
    const yaml_node_t *arms = NULL;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++) {
        const char *key = scalar(node(c, p->key));
        yaml_node_t *v = node(c, p->value);
        if (strcmp(key, "name") == 0) {
            if ((rc = get_text(c, v, key, out->name, sizeof out->name)) != 0) return rc;
            if (!valid_arm_name(out->name))
                FAIL(c, v, CS_ERANGE, "'name' may hold only letters, digits, '-', '_' and '.'");
        } else if (strcmp(key, "description") == 0) {
            if ((rc = get_text(c, v, key, out->description, sizeof out->description)) != 0)
                return rc;
        } else if (strcmp(key, "output") == 0) {
            if ((rc = get_text(c, v, key, out->output, sizeof out->output)) != 0) return rc;
        } else if (strcmp(key, "threads") == 0) {
            uint64_t t;
            if ((rc = get_u64(c, v, key, &t)) != 0) return rc;
            if (t > 256) FAIL(c, v, CS_ERANGE, "'threads' must be 0 (every core) to 256");
            out->threads = (int)t;
        } else if (strcmp(key, "arms") == 0) {
            arms = v;
        } else if ((rc = set_arm_key(c, key, v, &defaults, &lines)) != 0) {
            return rc;
        }
    }
    if (out->name[0] == '\0') name_from_source(c->source, out->name, sizeof out->name);
    if (arms == NULL) { /* one arm: the spec itself */
        out->arms = calloc(1, sizeof *out->arms);
        if (out->arms == NULL) FAIL(c, root, CS_ENOMEM, "out of memory");
        out->n_arms = 1;
        cs_spec_arm *a = &out->arms[0];
        snprintf(a->name, sizeof a->name, "%s", out->name);
        a->line = line_of(root);
        a->e = defaults;
        return check_arm(c, &lines, a);
    }
    if (arms->type != YAML_SEQUENCE_NODE) FAIL(c, arms, CS_ESYNTAX, "'arms' must be a list");
    int n = (int)(arms->data.sequence.items.top - arms->data.sequence.items.start);
    if (n == 0) FAIL(c, arms, CS_ESYNTAX, "'arms' is empty");
    out->arms = calloc((size_t)n, sizeof *out->arms);
    if (out->arms == NULL) FAIL(c, arms, CS_ENOMEM, "out of memory");
    for (int i = 0; i < n; i++) {
        yaml_node_t *item = node(c, arms->data.sequence.items.start[i]);
        cs_spec_arm *a = &out->arms[i];
        out->n_arms = i + 1;
        a->line = line_of(item);
        a->e = defaults;
        if (item->type != YAML_MAPPING_NODE)
            FAIL(c, item, CS_ESYNTAX, "each arm must be a mapping (name:, seats:, ...)");
        if ((rc = check_keys(c, item, ARM_KEYS, "an arm")) != 0) return rc;
        for (yaml_node_pair_t *p = item->data.mapping.pairs.start; p < item->data.mapping.pairs.top;
             p++)
            if (strcmp(scalar(node(c, p->key)), "name") == 0 &&
                (rc = get_text(c, node(c, p->value), "name", a->name, sizeof a->name)) != 0)
                return rc;
        if (a->name[0] == '\0') FAIL(c, item, CS_ESYNTAX, "arm %d has no 'name'", i + 1);
        if (!valid_arm_name(a->name))
            FAIL(c, item, CS_ERANGE, "arm name '%s' may hold only letters, digits, '-', '_', '.'",
                 a->name);
        for (int j = 0; j < i; j++)
            if (strcmp(out->arms[j].name, a->name) == 0)
                FAIL(c, item, CS_ESYNTAX, "arm name '%s' repeated (first on line %d)", a->name,
                     out->arms[j].line);
        arm_lines own = lines;
        if ((rc = apply_arm_keys(c, item, &a->e, &own)) != 0) return rc;
        if ((rc = check_arm(c, &own, a)) != 0) return rc;
    }
    return 0;
}

int cs_spec_parse(const char *text, size_t len, const char *source, cs_spec *out, char *err,
                  size_t err_len) {
    memset(out, 0, sizeof *out);
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
        snprintf(err, err_len, "%s:%d: YAML error: %s%s%s", source,
                 (int)parser.problem_mark.line + 1, parser.problem ? parser.problem : "unknown",
                 parser.context ? " " : "", parser.context ? parser.context : "");
        yaml_parser_delete(&parser);
        return CS_ESYNTAX;
    }
    ctx c = {&doc, source, err, err_len};
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root == NULL) {
        snprintf(err, err_len, "%s: the spec is empty", source);
        rc = CS_ESYNTAX;
    } else {
        snprintf(out->source, sizeof out->source, "%s", source);
        rc = parse_root(&c, root, out);
    }
    yaml_document_delete(&doc);
    if (rc == 0) { /* one document only: a second one would be silently ignored */
        yaml_document_t next;
        if (!yaml_parser_load(&parser, &next)) {
            snprintf(err, err_len, "%s:%d: YAML error: %s", source,
                     (int)parser.problem_mark.line + 1,
                     parser.problem ? parser.problem : "unknown");
            rc = CS_ESYNTAX;
        } else {
            yaml_node_t *more = yaml_document_get_root_node(&next);
            if (more != NULL) {
                snprintf(err, err_len,
                         "%s:%d: a second YAML document ('---'); a spec is one document (list "
                         "several experiments as arms)",
                         source, (int)next.start_mark.line + 1);
                rc = CS_ESYNTAX;
            }
            yaml_document_delete(&next);
        }
    }
    yaml_parser_delete(&parser);
    if (rc != 0) {
        cs_spec_free(out);
        return rc;
    }
    cs_spec_set_output(out, NULL);
    return 0;
}

int cs_spec_load(const char *path, cs_spec *out, char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_len, "cannot open spec %s: %s", path, strerror(errno));
        return CS_EIO;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (buf == NULL) break;
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        char *more = realloc(buf, cap * 2);
        if (more == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (buf == NULL || bad) {
        free(buf);
        snprintf(err, err_len, "cannot read spec %s", path);
        return buf == NULL ? CS_ENOMEM : CS_EIO;
    }
    int rc = cs_spec_parse(buf, n, path, out, err, err_len);
    free(buf);
    return rc;
}

void cs_spec_set_output(cs_spec *s, const char *folder) {
    if (folder != NULL) snprintf(s->output, sizeof s->output, "%s", folder);
    const char *dir = s->output[0] ? s->output : s->name[0] ? s->name : "run";
    for (int i = 0; i < s->n_arms; i++) {
        cs_spec_arm *a = &s->arms[i];
        const char *name = a->name[0] ? a->name : "run";
        snprintf(a->output, sizeof a->output, "%s/%.*s.h5", dir, CS_SPEC_NAME_MAX, name);
        snprintf(a->label, sizeof a->label, "%s", name);
        a->e.output = a->output;
        a->e.label = a->label;
        snprintf(a->experiment, sizeof a->experiment, "%s", s->name);
        a->e.experiment = a->experiment;
        a->e.arm = a->label;
        a->e.arm_index = i;
    }
}

void cs_spec_free(cs_spec *s) {
    free(s->arms);
    s->arms = NULL;
    s->n_arms = 0;
}

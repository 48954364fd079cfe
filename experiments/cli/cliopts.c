/* cliopts.c - option values and the recorded command line (cliopts.h). */
#include "cliopts.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

void cs_args_error(const cs_args *a, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "cribsim %s: ", a->cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int cs_args_match(cs_args *a, const char *name, int takes_value, int *bad) {
    const char *arg = a->argv[a->i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) return 0;
    if (arg[n] == '\0') {
        if (!takes_value) return 1;
        if (a->i + 1 >= a->argc) {
            cs_args_error(a, "%s needs a value", name);
            *bad = 1;
            return 1;
        }
        a->value = a->argv[++a->i];
        return 1;
    }
    if (arg[n] == '=' && takes_value && name[1] == '-') {
        a->value = arg + n + 1;
        return 1;
    }
    return 0;
}

int cs_args_u64(const cs_args *a, const char *opt, uint64_t min, uint64_t max, uint64_t *out) {
    const char *s = a->value;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!isdigit((unsigned char)s[0]) || *end != '\0' || errno != 0 || v < min || v > max) {
        cs_args_error(a, "%s '%s': expected a whole number from %llu to %llu", opt, s,
                      (unsigned long long)min, (unsigned long long)max);
        return -1;
    }
    *out = v;
    return 0;
}

int cs_args_int(const cs_args *a, const char *opt, int min, int max, int *out) {
    uint64_t v;
    if (cs_args_u64(a, opt, (uint64_t)min, (uint64_t)max, &v) != 0) return -1;
    *out = (int)v;
    return 0;
}

void cs_args_command_line(int argc, char **argv, char *out, size_t len) {
    size_t used = (size_t)snprintf(out, len, "cribsim");
    for (int i = 0; i < argc && used < len; i++) {
        const char *s = argv[i];
        int plain = s[0] != '\0';
        for (const char *p = s; *p; p++)
            if (!(isalnum((unsigned char)*p) || strchr("-_./:=,+@%", *p))) plain = 0;
        if (plain) {
            used += (size_t)snprintf(out + used, len - used, " %s", s);
        } else {
            used += (size_t)snprintf(out + used, len - used, " '");
            for (const char *p = s; *p && used < len; p++)
                used += (size_t)snprintf(out + used, len - used, *p == '\'' ? "'\\''" : "%c", *p);
            if (used < len) used += (size_t)snprintf(out + used, len - used, "'");
        }
    }
}

int cs_args_preset(const cs_args *a, const char *name) {
    cs_rules r;
    if (cs_rules_from_name(name, &r) == 0) return 0;
    char list[256] = "";
    for (int p = 0; p < CS_PRESET_COUNT; p++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", p ? ", " : "",
                 cs_preset_name((cs_preset)p));
    cs_args_error(a, "unknown rules preset '%s' (presets: %s)", name, list);
    return -1;
}

int cs_args_rules(const cs_args *a, const char *preset, const char *const sets[], int n_sets,
                  cs_rules *out) {
    cs_rules r;
    if (preset == NULL) preset = "two";
    if (cs_args_preset(a, preset) != 0) return -1;
    cs_rules_from_name(preset, &r);
    /* KEY=VALUE split into keys (copied, each at most 63 bytes) and values (in place). */
    char(*key_text)[64] = n_sets ? malloc((size_t)n_sets * sizeof *key_text) : NULL;
    const char **keys = n_sets ? malloc((size_t)n_sets * 2 * sizeof *keys) : NULL;
    if (n_sets && (key_text == NULL || keys == NULL)) {
        free(key_text);
        free(keys);
        cs_args_error(a, "out of memory reading --set");
        return -1;
    }
    const char **values = keys != NULL ? keys + n_sets : NULL;
    int ok = 1, failed;
    for (int i = 0; i < n_sets && ok; i++) {
        const char *eq = strchr(sets[i], '=');
        if (eq == NULL || eq == sets[i] || (size_t)(eq - sets[i]) >= sizeof key_text[i]) {
            cs_args_error(a, "--set '%s': expected KEY=VALUE", sets[i]);
            ok = 0;
            break;
        }
        snprintf(key_text[i], sizeof key_text[i], "%.*s", (int)(eq - sets[i]), sets[i]);
        keys[i] = key_text[i];
        values[i] = eq + 1;
    }
    int rc = ok ? cs_rules_set_all(&r, n_sets, keys, values, &failed) : CS_OK;
    if (rc == CS_EUNKNOWN) {
        char list[768];
        cs_rules_key_list(list, sizeof list);
        cs_args_error(a, "--set: unknown rule '%s' (rules: %s)", keys[failed], list);
    } else if (rc != CS_OK) {
        cs_args_error(a, "--set: bad value '%s' for rule '%s'", values[failed], keys[failed]);
    }
    free(key_text);
    free(keys);
    if (!ok || rc != CS_OK) return -1;
    *out = r;
    return 0;
}

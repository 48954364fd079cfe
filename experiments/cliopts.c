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
    /* Two passes, so the target moves the lines before any line set beside it. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n_sets; i++) {
            const char *eq = strchr(sets[i], '=');
            char key[64];
            if (eq == NULL || eq == sets[i] || (size_t)(eq - sets[i]) >= sizeof key) {
                cs_args_error(a, "--set '%s': expected KEY=VALUE", sets[i]);
                return -1;
            }
            snprintf(key, sizeof key, "%.*s", (int)(eq - sets[i]), sets[i]);
            if (cs_rules_set_order(key) != pass) continue;
            int rc = cs_rules_set(&r, key, eq + 1);
            if (rc == CS_EUNKNOWN) {
                char list[768];
                cs_rules_key_list(list, sizeof list);
                cs_args_error(a, "--set: unknown rule '%s' (rules: %s)", key, list);
                return -1;
            }
            if (rc != 0) {
                cs_args_error(a, "--set: bad value '%s' for rule '%s'", eq + 1, key);
                return -1;
            }
        }
    *out = r;
    return 0;
}

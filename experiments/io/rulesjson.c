/* rulesjson.c - the flat JSON object reader of rulesjson.h. */
#include "rulesjson.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

static const char *skip_space(const char *s) {
    while (isspace((unsigned char)*s)) s++;
    return s;
}

/* Reads a JSON string (escapes \" and \\ only; rule values need no others) into buf. */
static const char *read_string(const char *s, char *buf, size_t len) {
    if (*s != '"') return NULL;
    size_t n = 0;
    for (s++; *s != '"'; s++) {
        if (*s == '\0') return NULL;
        if (*s == '\\') {
            s++;
            if (*s != '"' && *s != '\\') return NULL;
        }
        if (n + 1 >= len) return NULL;
        buf[n++] = *s;
    }
    buf[n] = '\0';
    return s + 1;
}

/* Reads a bare token (number, true, false) into buf. */
static const char *read_token(const char *s, char *buf, size_t len) {
    size_t n = 0;
    while (isalnum((unsigned char)*s) || *s == '-' || *s == '+' || *s == '.') {
        if (n + 1 >= len) return NULL;
        buf[n++] = *s++;
    }
    if (n == 0) return NULL;
    buf[n] = '\0';
    return s;
}

int cs_rules_from_json(const char *json, cs_rules *out, char *why, size_t why_len) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    const char *s = skip_space(json);
    if (*s++ != '{') {
        snprintf(why, why_len, "rules JSON does not start with '{'");
        return CS_ESYNTAX;
    }
    s = skip_space(s);
    /* The settings, read whole and then applied as one change (cs_rules_set_all: the target
     * first), so the text's key order does not matter. A valid text names each rule once. */
    enum { JSON_SETTINGS_MAX = 64 };
    char keys[JSON_SETTINGS_MAX][64], values[JSON_SETTINGS_MAX][64];
    int n = 0;
    while (*s != '}') {
        if (n == JSON_SETTINGS_MAX) {
            snprintf(why, why_len, "rules JSON: more than %d settings", JSON_SETTINGS_MAX);
            return CS_ESYNTAX;
        }
        char *key = keys[n], *value = values[n];
        s = read_string(skip_space(s), key, sizeof keys[n]);
        if (s == NULL || *(s = skip_space(s)) != ':') {
            snprintf(why, why_len, "rules JSON: expected \"key\": value");
            return CS_ESYNTAX;
        }
        s = skip_space(s + 1);
        s = *s == '"' ? read_string(s, value, sizeof values[n])
                      : read_token(s, value, sizeof values[n]);
        if (s == NULL) {
            snprintf(why, why_len, "rules JSON: bad value for '%s'", key);
            return CS_ESYNTAX;
        }
        n++;
        s = skip_space(s);
        if (*s == ',') {
            s++;
        } else if (*s != '}') {
            snprintf(why, why_len, "rules JSON: expected ',' or '}' after '%s'", key);
            return CS_ESYNTAX;
        }
    }
    if (*skip_space(s + 1) != '\0') {
        snprintf(why, why_len, "rules JSON: text after the closing '}'");
        return CS_ESYNTAX;
    }
    const char *key_of[JSON_SETTINGS_MAX], *value_of[JSON_SETTINGS_MAX];
    for (int i = 0; i < n; i++) {
        key_of[i] = keys[i];
        value_of[i] = values[i];
    }
    int failed;
    int rc = cs_rules_set_all(&r, n, key_of, value_of, &failed);
    if (rc != 0) {
        snprintf(why, why_len, "rules JSON: %s '%s'%s%s",
                 rc == CS_EUNKNOWN ? "unknown rule" : "bad value for", keys[failed],
                 rc == CS_EUNKNOWN ? "" : ": ", rc == CS_EUNKNOWN ? "" : values[failed]);
        return rc;
    }
    *out = r;
    return 0;
}

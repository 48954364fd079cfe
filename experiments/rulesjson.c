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
    while (*s != '}') {
        char key[64], value[64];
        s = read_string(skip_space(s), key, sizeof key);
        if (s == NULL || *(s = skip_space(s)) != ':') {
            snprintf(why, why_len, "rules JSON: expected \"key\": value");
            return CS_ESYNTAX;
        }
        s = skip_space(s + 1);
        s = *s == '"' ? read_string(s, value, sizeof value) : read_token(s, value, sizeof value);
        if (s == NULL) {
            snprintf(why, why_len, "rules JSON: bad value for '%s'", key);
            return CS_ESYNTAX;
        }
        int rc = cs_rules_set(&r, key, value);
        if (rc != 0) {
            snprintf(why, why_len, "rules JSON: %s '%s'%s%s",
                     rc == CS_EUNKNOWN ? "unknown rule" : "bad value for", key,
                     rc == CS_EUNKNOWN ? "" : ": ", rc == CS_EUNKNOWN ? "" : value);
            return rc;
        }
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
    *out = r;
    return 0;
}

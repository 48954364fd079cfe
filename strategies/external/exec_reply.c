/* exec_reply.c - reading an exec agent's answers, without I/O (exec_reply.h). */
#include "exec_reply.h"

#include <stdio.h>
#include <string.h>

#include "error.h"
#include "rules.h"

int cs_exec_reply_line(char *buf, size_t *len, size_t cap, char *out, size_t out_len, char *why,
                       size_t why_len) {
    char *nl = memchr(buf, '\n', *len);
    if (nl == NULL) {
        if (*len < cap) return 0;
        snprintf(why, why_len, "answered a line longer than %zu characters", cap - 1);
        return CS_EAGENT;
    }
    size_t n = (size_t)(nl - buf);
    if (n >= out_len) {
        snprintf(why, why_len, "answered a line too long");
        return CS_EAGENT;
    }
    memcpy(out, buf, n);
    out[n] = '\0';
    if (n > 0 && out[n - 1] == '\r') out[n - 1] = '\0';
    memmove(buf, nl + 1, *len - n - 1);
    *len -= n + 1;
    return 1;
}

int cs_exec_reply_greeting(const char *line, char *name, size_t name_len, char *why,
                           size_t why_len) {
    if (strncmp(line, "ready", 5) != 0 || (line[5] != '\0' && line[5] != ' ')) {
        snprintf(why, why_len, "greeted with '%.80s' instead of 'ready'", line);
        return CS_EAGENT;
    }
    cs_exec_escape(line[5] ? line + 6 : "", name, name_len);
    return CS_OK;
}

int cs_exec_reply_cards(const char *line, const char *what, int n, const cs_card hand[], int n_hand,
                        cs_card out[], char *why, size_t why_len) {
    cs_card got[CS_MAX_DEALT];
    const char *bad = NULL;
    int k = cs_cards_parse_line(line, got, CS_MAX_DEALT, &bad);
    if (k < 0) {
        snprintf(why, why_len, "answered '%.80s' to a request for %s: %s at '%.8s'", line, what,
                 cs_err_message(k), bad ? bad : "");
        return CS_EAGENT;
    }
    if (k != n) {
        snprintf(why, why_len, "answered '%.80s' to a request for %s: %d cards, not %d", line, what,
                 k, n);
        return CS_EAGENT;
    }
    for (int i = 0; i < n; i++) {
        int held = 0;
        for (int h = 0; h < n_hand; h++) held |= hand[h] == got[i];
        if (!held) {
            char c[CS_CARD_TEXT_MAX];
            cs_card_format(got[i], c);
            snprintf(why, why_len, "answered %s to a request for %s, a card it does not hold", c,
                     what);
            return CS_EILLEGAL;
        }
        out[i] = got[i];
    }
    return CS_OK;
}

int cs_exec_reply_play(const char *line, const cs_card hand[], int n_hand, int count, cs_card *out,
                       char *why, size_t why_len) {
    int rc = cs_exec_reply_cards(line, "a play", 1, hand, n_hand, out, why, why_len);
    if (rc != CS_OK) return rc;
    if (count + cs_card_value(*out) > 31) {
        char c[CS_CARD_TEXT_MAX];
        cs_card_format(*out, c);
        snprintf(why, why_len, "played %s on a count of %d, past 31", c, count);
        return CS_EILLEGAL;
    }
    return CS_OK;
}

void cs_exec_escape(const char *in, char *out, size_t len) {
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)in; *p && k + 5 < len; p++) {
        if (*p >= 0x20 && *p < 0x7f && *p != '\\') {
            out[k++] = (char)*p;
        } else {
            out[k++] = '\\';
            out[k++] = 'x';
            out[k++] = hex[*p >> 4];
            out[k++] = hex[*p & 15];
        }
    }
    out[k] = '\0';
}

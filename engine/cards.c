/* cards.c - card text: parsing and formatting per the contract in cards.h. */
#include "cards.h"

#include <ctype.h>
#include <string.h>

#include "error.h"

static const char RANK_CHARS[] = "A23456789TJQK";
static const char SUIT_CHARS[] = "CDHS";

int cs_card_parse(const char *text, cs_card *out) {
    int rank;
    size_t len = strlen(text);
    const char *suit_text;
    if (len == 3 && text[0] == '1' && text[1] == '0') {
        rank = 9;
        suit_text = text + 2;
    } else if (len == 2) {
        const char *p = strchr(RANK_CHARS, toupper((unsigned char)text[0]));
        if (p == NULL || text[0] == '\0') return CS_EBADCARD;
        rank = (int)(p - RANK_CHARS);
        suit_text = text + 1;
    } else {
        return CS_EBADCARD;
    }
    const char *s = strchr(SUIT_CHARS, toupper((unsigned char)suit_text[0]));
    if (s == NULL || suit_text[0] == '\0') return CS_EBADCARD;
    *out = cs_card_make(rank, (int)(s - SUIT_CHARS));
    return CS_OK;
}

void cs_card_format(cs_card c, char buf[CS_CARD_TEXT_MAX]) {
    if (!cs_card_valid(c)) {
        buf[0] = buf[1] = '-';
    } else {
        buf[0] = RANK_CHARS[cs_card_rank(c)];
        buf[1] = SUIT_CHARS[cs_card_suit(c)];
    }
    buf[2] = '\0';
}

int cs_cards_parse(int n, const char *const texts[], cs_card out[], int *bad) {
    cs_cardset seen = 0;
    cs_card tmp[CS_DECK_SIZE];
    *bad = 0;
    if (n < 0 || n > CS_DECK_SIZE) return CS_ECOUNT;
    for (int i = 0; i < n; i++) {
        if (cs_card_parse(texts[i], &tmp[i]) != CS_OK) {
            *bad = i;
            return CS_EBADCARD;
        }
        if (cs_cardset_has(seen, tmp[i])) {
            *bad = i;
            return CS_EDUPCARD;
        }
        seen |= cs_cardset_of(tmp[i]);
    }
    memcpy(out, tmp, (size_t)n);
    return CS_OK;
}

int cs_cards_parse_line(const char *line, cs_card out[], int max, const char **bad_text) {
    cs_card tmp[CS_DECK_SIZE]; /* no duplicates, so never more than a deck */
    cs_cardset seen = 0;
    int n = 0, rc = CS_OK;
    const char *p = line, *start = line;
    if (max < 0) return CS_ECOUNT;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (*p == '\0') break;
        start = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
        char tok[8];
        size_t len = (size_t)(p - start);
        cs_card c;
        if (len >= sizeof tok) {
            rc = CS_EBADCARD;
            break;
        }
        memcpy(tok, start, len);
        tok[len] = '\0';
        if (cs_card_parse(tok, &c) != CS_OK) {
            rc = CS_EBADCARD;
            break;
        }
        if (cs_cardset_has(seen, c)) {
            rc = CS_EDUPCARD;
            break;
        }
        if (n == max) {
            rc = CS_ECOUNT;
            break;
        }
        seen |= cs_cardset_of(c);
        tmp[n++] = c;
    }
    if (rc != CS_OK) {
        if (bad_text) *bad_text = start;
        return rc;
    }
    memcpy(out, tmp, (size_t)n);
    return n;
}

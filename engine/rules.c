/*
 * rules.c - the presets, setting a field by name, and the consistency check of rules.h.
 *
 * Every settable field is listed once in RULE_FIELDS with its range; setting, listing and
 * JSON output all read that one table.
 */
#include "rules.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "error.h"

static const char *const PRESET_NAMES[] = {
#define CS_PRESET_NAME(ident, name, desc) name,
    CS_PRESET_LIST(CS_PRESET_NAME)
#undef CS_PRESET_NAME
};

static const char *const PRESET_DESCRIPTIONS[] = {
#define CS_PRESET_DESC(ident, name, desc) desc,
    CS_PRESET_LIST(CS_PRESET_DESC)
#undef CS_PRESET_DESC
};

static const char *const NEXT_DEALER_NAMES[] = {
#define CS_NEXT_DEALER_NAME(ident, text) text,
    CS_NEXT_DEALER_LIST(CS_NEXT_DEALER_NAME)
#undef CS_NEXT_DEALER_NAME
};

const char *cs_preset_name(cs_preset p) {
    return (unsigned)p < CS_PRESET_COUNT ? PRESET_NAMES[p] : "unknown";
}

const char *cs_preset_description(cs_preset p) {
    return (unsigned)p < CS_PRESET_COUNT ? PRESET_DESCRIPTIONS[p] : "unknown";
}

/* Standard two-player cribbage: the base every preset starts from. */
static const cs_rules TWO_PLAYER = {
    .players = 2,
    .partnership = 0,
    .cards_dealt = 6,
    .discards = 2,
    .crib_from_deck = 0,
    .target = 121,
    .max_deals = 0,
    .single_series = 0,
    .start_bonus = 0,
    .hand_flush_min = 4,
    .crib_flush_min = 5,
    .heels = 2,
    .skunk_line = 91,
    .double_skunk_line = 61,
    .triple_skunk_line = 31,
    .lurch_line = 91,
    .first_dealer = CS_FIRST_DEALER_CUT,
    .next_dealer = CS_NEXT_DEALER_LOSER,
};

void cs_rules_preset(cs_preset p, cs_rules *out) {
    *out = TWO_PLAYER;
    switch (p) {
    case CS_PRESET_TWO: break;
    case CS_PRESET_THREE:
        out->players = 3;
        out->cards_dealt = 5;
        out->discards = 1;
        out->crib_from_deck = 1;
        out->next_dealer = CS_NEXT_DEALER_ALTERNATE;
        break;
    case CS_PRESET_FOUR:
        out->players = 4;
        out->cards_dealt = 5;
        out->discards = 1;
        out->next_dealer = CS_NEXT_DEALER_ALTERNATE;
        break;
    case CS_PRESET_PARTNERS:
        out->players = 4;
        out->partnership = 1;
        out->cards_dealt = 5;
        out->discards = 1;
        break;
    case CS_PRESET_FIVE_CARD:
        /* The classic rules' five-card game: 61 points, lurch when the loser has not reached 31. */
        out->cards_dealt = 5;
        out->target = 61;
        out->single_series = 1;
        out->start_bonus = 3;
        out->hand_flush_min = 3;
        out->skunk_line = 31;
        out->double_skunk_line = 0;
        out->triple_skunk_line = 0;
        out->lurch_line = 31;
        break;
    case CS_PRESET_NZ_TOURNAMENT:
        /* The New Zealand tournament rules: each player deals once, or 121; clips, not skunks. */
        out->players = 4;
        out->partnership = 1;
        out->cards_dealt = 5;
        out->discards = 1;
        out->max_deals = 4;
        out->renege_penalty = 2; /* failing to play a card that fits: 2, and the card is dead */
        out->skunk_line = 0;
        out->double_skunk_line = 0;
        out->triple_skunk_line = 0;
        out->lurch_line = 0;
        break;
    case CS_PRESET_COUNT: break;
    }
}

int cs_rules_from_name(const char *name, cs_rules *out) {
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        if (strcmp(name, PRESET_NAMES[p]) == 0) {
            cs_rules_preset((cs_preset)p, out);
            return CS_OK;
        }
    }
    return CS_EUNKNOWN;
}

/* How a field's text is read. */
typedef enum { FIELD_INT, FIELD_BOOL, FIELD_DEALER, FIELD_NEXT_DEALER } field_kind;

typedef struct {
    const char *name;
    size_t offset;
    field_kind kind;
    int min, max; /* for FIELD_INT */
} rule_field;

/* Scores are stored as int16 in files, so targets and lines stay below 2^15. */
#define RULE_POINTS_MAX 30000

#define FIELD(name, kind, lo, hi)                                                                  \
    { #name, offsetof(cs_rules, name), kind, lo, hi }
static const rule_field RULE_FIELDS[] = {
    FIELD(players, FIELD_INT, 2, 4),
    FIELD(partnership, FIELD_BOOL, 0, 1),
    FIELD(cards_dealt, FIELD_INT, 1, CS_MAX_DEALT),
    FIELD(discards, FIELD_INT, 1, CS_MAX_DISCARD),
    /* One at most: a deal record holds a single crib_extra (a run file's /deals), so a second
     * card from the deck could not be replayed. */
    FIELD(crib_from_deck, FIELD_INT, 0, 1),
    FIELD(target, FIELD_INT, 1, RULE_POINTS_MAX),
    FIELD(max_deals, FIELD_INT, 0, 65535),
    FIELD(single_series, FIELD_BOOL, 0, 1),
    FIELD(start_bonus, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(hand_flush_min, FIELD_INT, 3, 5),
    FIELD(crib_flush_min, FIELD_INT, 4, 5),
    FIELD(heels, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(skunk_line, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(double_skunk_line, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(triple_skunk_line, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(lurch_line, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(first_dealer, FIELD_DEALER, -1, CS_MAX_PLAYERS - 1),
    FIELD(next_dealer, FIELD_NEXT_DEALER, 0, 2),
    FIELD(skunk_margin, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(double_skunk_margin, FIELD_INT, 0, RULE_POINTS_MAX),
    FIELD(muggins, FIELD_BOOL, 0, 1),
    FIELD(renege_penalty, FIELD_INT, 0, RULE_POINTS_MAX),
};
#undef FIELD
#define RULE_FIELD_COUNT (sizeof RULE_FIELDS / sizeof RULE_FIELDS[0])

const char *cs_rules_key(int i) {
    return i >= 0 && (size_t)i < RULE_FIELD_COUNT ? RULE_FIELDS[i].name : NULL;
}

void cs_rules_key_list(char *buf, size_t len) {
    size_t used = 0;
    if (len > 0) buf[0] = '\0';
    for (size_t i = 0; i < RULE_FIELD_COUNT && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", RULE_FIELDS[i].name);
        if (n < 0) break;
        used += (size_t)n;
    }
}

/* Digits, after a '-' for a negative one: no blank or '+', which strtol() alone takes. */
static int parse_int(const char *text, int min, int max, int *out) {
    char *end;
    errno = 0;
    const char *digits = text[0] == '-' ? text + 1 : text;
    long v = strtol(text, &end, 10);
    if (!isdigit((unsigned char)digits[0]) || *end != '\0' || errno != 0 || v < min || v > max)
        return CS_ERANGE;
    *out = (int)v;
    return CS_OK;
}

static int parse_field(const rule_field *f, const char *text, int *out) {
    switch (f->kind) {
    case FIELD_INT: return parse_int(text, f->min, f->max, out);
    case FIELD_BOOL:
        if (!strcmp(text, "1") || !strcmp(text, "yes") || !strcmp(text, "true") ||
            !strcmp(text, "on")) {
            *out = 1;
            return CS_OK;
        }
        if (!strcmp(text, "0") || !strcmp(text, "no") || !strcmp(text, "false") ||
            !strcmp(text, "off")) {
            *out = 0;
            return CS_OK;
        }
        return CS_ERANGE;
    case FIELD_DEALER:
        if (!strcmp(text, "cut")) {
            *out = CS_FIRST_DEALER_CUT;
            return CS_OK;
        }
        return parse_int(text, 0, CS_MAX_PLAYERS - 1, out);
    case FIELD_NEXT_DEALER:
        for (int i = 0; i < (int)(sizeof NEXT_DEALER_NAMES / sizeof NEXT_DEALER_NAMES[0]); i++) {
            if (!strcmp(text, NEXT_DEALER_NAMES[i])) {
                *out = i;
                return CS_OK;
            }
        }
        return CS_ERANGE;
    }
    return CS_ERANGE;
}

/*
 * The documents place every skunk and lurch line a fixed distance below the target: 91, 61
 * and 31 (skunk, double, triple) and a lurch below 91 in a game of 121, a lurch below 31 in a
 * game of 61 (the classic rules); the doubles tournament sheet says the same as margins (a skunk is
 * a win by 31 or more). So a new target moves each line that is on by the target's change, and a
 * line that would fall to 0 or below is turned off (0).
 */
static void move_lines_with_target(cs_rules *r, int new_target) {
    int delta = new_target - r->target;
    int *lines[] = {&r->skunk_line, &r->double_skunk_line, &r->triple_skunk_line, &r->lurch_line};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        if (*lines[i] > 0) *lines[i] = *lines[i] + delta > 0 ? *lines[i] + delta : 0;
}

int cs_rules_set(cs_rules *r, const char *key, const char *value) {
    for (size_t i = 0; i < RULE_FIELD_COUNT; i++) {
        if (strcmp(key, RULE_FIELDS[i].name) != 0) continue;
        int v;
        int rc = parse_field(&RULE_FIELDS[i], value, &v);
        if (rc != CS_OK) return rc;
        if (RULE_FIELDS[i].offset == offsetof(cs_rules, target)) move_lines_with_target(r, v);
        *(int *)((char *)r + RULE_FIELDS[i].offset) = v;
        return CS_OK;
    }
    return CS_EUNKNOWN;
}

int cs_rules_set_all(cs_rules *r, int n, const char *const keys[], const char *const values[],
                     int *failed) {
    cs_rules next = *r;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            if ((strcmp(keys[i], "target") != 0) != pass) continue;
            int rc = cs_rules_set(&next, keys[i], values[i]);
            if (rc != CS_OK) {
                *failed = i;
                return rc;
            }
        }
    }
    *r = next;
    return CS_OK;
}

static int field_value(const cs_rules *r, size_t i) {
    return *(const int *)((const char *)r + RULE_FIELDS[i].offset);
}

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        snprintf(why, why_len, __VA_ARGS__);                                                       \
        return CS_ECONFIG;                                                                         \
    } while (0)

int cs_rules_validate(const cs_rules *r, char *why, size_t why_len) {
    for (size_t i = 0; i < RULE_FIELD_COUNT; i++) {
        int v = field_value(r, i);
        if (v < RULE_FIELDS[i].min || v > RULE_FIELDS[i].max)
            FAIL("%s = %d is outside %d..%d", RULE_FIELDS[i].name, v, RULE_FIELDS[i].min,
                 RULE_FIELDS[i].max);
    }
    if (r->partnership && r->players != 4)
        FAIL("partnership needs four players (two teams of two), not %d", r->players);
    int hand = cs_rules_hand_size(r);
    if (hand < 3 || hand > CS_MAX_HAND)
        FAIL("dealing %d and discarding %d leaves a hand of %d; the show counts hands of 3 or 4",
             r->cards_dealt, r->discards, hand);
    int crib = r->players * r->discards + r->crib_from_deck;
    if (crib != CS_CRIB_SIZE)
        FAIL("the crib would hold %d cards (%d players x %d discards + %d from the deck), not 4",
             crib, r->players, r->discards, r->crib_from_deck);
    int used = r->players * r->cards_dealt + r->crib_from_deck + 1;
    if (used > CS_DECK_SIZE) FAIL("a deal needs %d cards, more than the deck's 52", used);
    if (r->hand_flush_min < hand || r->hand_flush_min > hand + 1)
        FAIL("hand_flush_min = %d must be the hand size %d, or %d to need the starter too",
             r->hand_flush_min, hand, hand + 1);
    if (r->first_dealer >= r->players)
        FAIL("first_dealer = %d is not a seat of a %d-player game", r->first_dealer, r->players);
    static const char *const LINE_NAMES[3] = {"skunk_line", "double_skunk_line",
                                              "triple_skunk_line"};
    const int lines[3] = {r->skunk_line, r->double_skunk_line, r->triple_skunk_line};
    for (int i = 0; i < 3; i++)
        if (lines[i] > r->target)
            FAIL("%s = %d exceeds the target %d (lower it, or 0 turns it off)", LINE_NAMES[i],
                 lines[i], r->target);
    /* Each deeper skunk is a lower line, and needs the one above it (0 turns a line off). */
    for (int i = 1; i < 3; i++)
        if (lines[i] && lines[i] > lines[i - 1])
            FAIL("%s = %d needs %s above it, not %d (0 turns a line off)", LINE_NAMES[i], lines[i],
                 LINE_NAMES[i - 1], lines[i - 1]);
    if (r->double_skunk_margin && (!r->skunk_margin || r->double_skunk_margin <= r->skunk_margin))
        FAIL("double_skunk_margin = %d needs skunk_margin on and below it, not %d (0 turns it "
             "off)",
             r->double_skunk_margin, r->skunk_margin);
    if (r->lurch_line > r->target)
        FAIL("lurch_line = %d exceeds the target %d (lower it, or 0 turns it off)", r->lurch_line,
             r->target);
    /* Files keep scores as int16: a side below the target that takes the largest single credit
     * (his heels, the start bonus, or a 29 in the show) must stay within 32767. */
    int credit = r->heels > r->start_bonus ? r->heels : r->start_bonus;
    if (credit < 29) credit = 29;
    if (r->target - 1 + credit > INT16_MAX)
        FAIL("target %d with a credit of %d at once (heels, start_bonus) could pass %d, the "
             "largest score the records hold",
             r->target, credit, INT16_MAX);
    return CS_OK;
}

int cs_rules_to_json(const cs_rules *r, char *buf, size_t len) {
    size_t used = 0;
    int total = 0;
    for (size_t i = 0; i < RULE_FIELD_COUNT; i++) {
        int v = field_value(r, i);
        char value[32];
        switch (RULE_FIELDS[i].kind) {
        case FIELD_BOOL: snprintf(value, sizeof value, "%s", v ? "true" : "false"); break;
        case FIELD_DEALER:
            if (v == CS_FIRST_DEALER_CUT)
                snprintf(value, sizeof value, "\"cut\"");
            else
                snprintf(value, sizeof value, "%d", v);
            break;
        case FIELD_NEXT_DEALER:
            snprintf(value, sizeof value, "\"%s\"", NEXT_DEALER_NAMES[v]);
            break;
        case FIELD_INT: snprintf(value, sizeof value, "%d", v); break;
        }
        int n = snprintf(buf && used < len ? buf + used : NULL, buf && used < len ? len - used : 0,
                         "%s\"%s\":%s", i == 0 ? "{" : ",", RULE_FIELDS[i].name, value);
        total += n;
        used = (size_t)total;
    }
    int n =
        snprintf(buf && used < len ? buf + used : NULL, buf && used < len ? len - used : 0, "}");
    return total + n;
}

/*
 * rules.h - one struct describes a rule variant completely; presets name the common ones and
 * every field can be overridden by name (cs_rules_set). A game is fully determined by
 * (rules, strategies, seed, game index).
 */
#ifndef CS_RULES_H
#define CS_RULES_H

#include <stddef.h>
#include <stdint.h>

#define CS_MAX_PLAYERS 4
#define CS_MAX_DEALT   6 /* six cards each in the two-player game */
#define CS_MAX_DISCARD 2 /* two each with two players and in the five-card game */
#define CS_CRIB_SIZE   4 /* every variant builds a crib of four */
#define CS_MAX_HAND    4 /* cards a hand keeps for the play and show: 4, or 3 (five-card) */

/* Who deals the first deal of a game. */
#define CS_FIRST_DEALER_CUT (-1) /* cut for deal: low card deals, tied low cards re-cut */

/* Who deals first in the next game of a match (used by experiments/, not the game loop): the
 * other side from last game's first dealer, the loser of the last game, or a new cut. */
#define CS_NEXT_DEALER_LIST(X)                                                                     \
    X(ALTERNATE, "alternate")                                                                      \
    X(LOSER, "loser")                                                                              \
    X(CUT, "cut")

typedef enum {
#define CS_NEXT_DEALER_ENUM(name, text) CS_NEXT_DEALER_##name,
    CS_NEXT_DEALER_LIST(CS_NEXT_DEALER_ENUM)
#undef CS_NEXT_DEALER_ENUM
} cs_next_dealer;

typedef struct {
    int players;           /* 2, 3 or 4 */
    int partnership;       /* 1: four players as two teams, seats 0+2 against 1+3 */
    int cards_dealt;       /* cards dealt to each player: 6 or 5 */
    int discards;          /* cards each player lays away to the crib: 2 or 1 */
    int crib_from_deck;    /* cards the dealer adds to the crib from the deck: 1 with three
                              players, else 0 (never more: the record holds one crib_extra) */
    int target;            /* points that win: 121, 61, any positive number */
    int max_deals;         /* 0: play to the target; k: the game also ends after k deals */
    int single_series;     /* 1: the play ends at the first go or 31 (five-card game) */
    int start_bonus;       /* points to the first pone at the start of the game */
    int hand_flush_min;    /* flush_min for the hands (see score.h): 4, or 3 for 3-card hands */
    int crib_flush_min;    /* flush_min for the crib: 5 means all five cards */
    int heels;             /* points to the dealer for a jack turned as starter */
    int skunk_line;        /* a loser below this is skunked; 0 disables */
    int double_skunk_line; /* below this, double skunk; 0 disables */
    int triple_skunk_line; /* below this, triple skunk; 0 disables */
    int lurch_line;        /* a win with every loser below this is a lurch; 0 disables */
    int first_dealer;      /* CS_FIRST_DEALER_CUT or a fixed seat */
    int next_dealer;       /* cs_next_dealer: the next game's first dealer in a match */
    /* Skunks measured by the winning margin instead of the loser's score (the double-
     * elimination doubles sheet: a win by 31 or more is a skunk, by 61 or more a double).
     * When skunk_margin is on, the lines above are not used for skunks. 0 disables. */
    int skunk_margin;        /* a win by at least this many points is a skunk */
    int double_skunk_margin; /* by at least this many, a double skunk; needs skunk_margin */
    /* Muggins: points a player overlooks (a seat's cs_miss, game.h) may be claimed by the
     * opponent next in turn. 0: they are lost (the league and the doubles sheet forbid it). */
    int muggins;
    /* A renege (saying go while a card fits): 0 lets it stand (the seat is passed over for the
     * series and keeps the card); k > 0 gives the seat after it k points and makes the cards
     * that fitted dead, never played but still counted in the show (New Zealand: 2). */
    int renege_penalty;
} cs_rules;

/* X(ident, name, description) */
#define CS_PRESET_LIST(X)                                                                          \
    X(TWO, "two", "two players, six cards, two to the crib, 121 points")                           \
    X(THREE, "three", "three players, five cards, one to the crib and one from the deck")          \
    X(FOUR, "four", "four players each for themselves, five cards, one to the crib")               \
    X(PARTNERS, "partners", "four players as two partnerships, seats 0+2 against 1+3")             \
    X(FIVE_CARD, "five-card", "two players, five cards, 61 points, one series, three for last")    \
    X(NZ_TOURNAMENT, "nz-tournament",                                                              \
      "partners; four deals or 121, ties possible (New Zealand tournament)")

typedef enum {
#define CS_PRESET_ENUM(ident, name, desc) CS_PRESET_##ident,
    CS_PRESET_LIST(CS_PRESET_ENUM)
#undef CS_PRESET_ENUM
        CS_PRESET_COUNT
} cs_preset;

/* Name and one-line description of a preset. */
const char *cs_preset_name(cs_preset p);
const char *cs_preset_description(cs_preset p);

/* Fills *out with the preset's rules. */
void cs_rules_preset(cs_preset p, cs_rules *out);

/* Looks a preset up by name; returns 0, or CS_EUNKNOWN. */
int cs_rules_from_name(const char *name, cs_rules *out);

/*
 * Sets one field by its name ("target", "skunk_line", "first_dealer", ...) from its text
 * ("61", "cut", "loser", "yes"). Returns 0, CS_EUNKNOWN for a key that is no field, or
 * CS_ERANGE for a value that does not parse or is out of the field's range. Leaves the rules
 * untouched on failure. Whole-struct consistency is checked by cs_rules_validate().
 *
 * Setting "target" also moves the skunk, double, triple skunk and lurch lines that are on by
 * the same amount, as the documents place them (two at 61: skunk 31, double 1, triple off,
 * lurch 31); a line that would fall to 0 or below is turned off. To set a line and the target
 * together, use cs_rules_set_all().
 */
int cs_rules_set(cs_rules *r, const char *key, const char *value);

/*
 * Applies n settings (keys[i] to values[i]) as one change, whatever order they are written
 * in: the target first (moving the lines), then the others in order, so a line given beside
 * the target stays where it was put. Returns 0, or the cs_rules_set() error of the first
 * setting that fails with its index in *failed, leaving the rules untouched.
 */
int cs_rules_set_all(cs_rules *r, int n, const char *const keys[], const char *const values[],
                     int *failed);

/* Name of the i-th settable field, in struct order; NULL past the last. */
const char *cs_rules_key(int i);

/* Writes every settable field's name, comma-separated, into buf (truncated to fit). */
void cs_rules_key_list(char *buf, size_t len);

/*
 * Checks that the rules make sense together (three players in partnership, discards that
 * leave no hand, a crib that is not four cards, too many cards for one deck ...). Returns 0,
 * or CS_ECONFIG and writes a sentence naming the problem into why.
 */
int cs_rules_validate(const cs_rules *r, char *why, size_t why_len);

/* Cards each player keeps for the play and the show. */
static inline int cs_rules_hand_size(const cs_rules *r) {
    return r->cards_dealt - r->discards;
}

/* Number of sides: two for partnerships, else one per player. */
static inline int cs_rules_sides(const cs_rules *r) {
    return r->partnership ? 2 : r->players;
}

/* The side a seat scores for. */
static inline int cs_rules_side(const cs_rules *r, int seat) {
    return r->partnership ? seat & 1 : seat;
}

/* Skunk level of a losing side's score against the winner's: 0 none, 1 skunk, 2 double,
 * 3 triple; by the winning margin when the rules measure skunks so, else by the lines. */
static inline int cs_rules_skunk_level(const cs_rules *r, int score, int winner_score) {
    if (r->skunk_margin) {
        int margin = winner_score - score;
        if (r->double_skunk_margin && margin >= r->double_skunk_margin) return 2;
        return margin >= r->skunk_margin;
    }
    if (r->triple_skunk_line && score < r->triple_skunk_line) return 3;
    if (r->double_skunk_line && score < r->double_skunk_line) return 2;
    if (r->skunk_line && score < r->skunk_line) return 1;
    return 0;
}

/* Writes the rules as one JSON object (keys as cs_rules_key) into buf; returns the length
 * that was needed, as snprintf does. */
int cs_rules_to_json(const cs_rules *r, char *buf, size_t len);

#endif

/*
 * cards.h - cards as bytes and sets of cards as 64-bit masks.
 *
 * A card is one byte, the code run files use (docs/file-schema.md):
 *
 *     code = 4 * rank + suit      rank 0 = ace, 1 = two, .. 9 = ten, 10 = jack, 11 = queen,
 *                                 12 = king; suit 0 = clubs, 1 = diamonds, 2 = hearts,
 *                                 3 = spades; CS_NO_CARD (255) = no card (padding).
 *
 * so rank = code >> 2 and suit = code & 3. A set of cards is a cs_cardset, bit `code` set for
 * each card in it (bits 52..63 always clear). Text is rank then suit, `A 2 .. 9 T J Q K` (or
 * `10`) and `C D H S`, either case.
 */
#ifndef CS_CARDS_H
#define CS_CARDS_H

#include <stddef.h>
#include <stdint.h>

typedef uint8_t cs_card;
typedef uint64_t cs_cardset;

#define CS_NO_CARD   255
#define CS_DECK_SIZE 52
#define CS_RANKS     13
#define CS_SUITS     4
#define CS_JACK      10
#define CS_FULL_DECK ((cs_cardset)0xFFFFFFFFFFFFFull) /* bits 0..51 */

static inline cs_card cs_card_make(int rank, int suit) {
    return (cs_card)(4 * rank + suit);
}
static inline int cs_card_rank(cs_card c) {
    return c >> 2;
}
static inline int cs_card_suit(cs_card c) {
    return c & 3;
}
/* Pip value for fifteens and the count: ace 1, two..ten face value, jack, queen, king 10. */
static inline int cs_card_value(cs_card c) {
    int r = (c >> 2) + 1;
    return r > 10 ? 10 : r;
}
static inline int cs_card_valid(cs_card c) {
    return c < CS_DECK_SIZE;
}
static inline cs_cardset cs_cardset_of(cs_card c) {
    return (cs_cardset)1 << c;
}
static inline int cs_cardset_count(cs_cardset s) {
    return __builtin_popcountll(s);
}
static inline int cs_cardset_has(cs_cardset s, cs_card c) {
    return (int)((s >> c) & 1u);
}

/* Longest text of a card plus its terminator: "10C" is never produced, "TC" is. */
#define CS_CARD_TEXT_MAX 3

/*
 * Parses one card. Accepts `5H`, `10c`, `td`, `JS`; no surrounding spaces. Returns 0 and sets
 * *out, or CS_EBADCARD and leaves *out alone.
 */
int cs_card_parse(const char *text, cs_card *out);

/* Writes the two-character text ("5H", "TC") and a terminator into buf; "--" for CS_NO_CARD. */
void cs_card_format(cs_card c, char buf[CS_CARD_TEXT_MAX]);

/*
 * Parses n card texts into out[0..n-1], rejecting malformed and duplicate cards. On failure
 * returns CS_EBADCARD or CS_EDUPCARD and sets *bad to the index of the offending text, or
 * CS_ECOUNT for n outside 0..52; out is untouched on failure.
 */
int cs_cards_parse(int n, const char *const texts[], cs_card out[], int *bad);

/*
 * Splits a line of whitespace-separated card texts into at most max cards. Returns the
 * number parsed, or a negative cs_err (CS_EBADCARD, CS_EDUPCARD, or CS_ECOUNT for more than
 * max); on error out is untouched and *bad_text (if not NULL) points into line at the
 * offending token.
 */
int cs_cards_parse_line(const char *line, cs_card out[], int max, const char **bad_text);

#endif

/*
 * score.h - the points in cribbage, as pure functions: the show (a hand or the crib with the
 * starter) and the pegging score of the card just laid. No globals, no allocation, no I/O.
 *
 * Two paths compute the show: cs_show_score() is the hot path (inline: per-card keys summed,
 * then a constant table over the five ranks generated at build time, and bit operations for
 * flush and nobs on the same sum); cs_show_breakdown() is the plain path that counts every
 * combination the way a person does, kept obviously right so the tests can hold the fast path
 * to it on every hand.
 */
#ifndef CS_SCORE_H
#define CS_SCORE_H

#include <assert.h>
#include <stdint.h>

#include "cards.h"

/* Largest hand counted in the show: four cards (three in the five-card game). */
#define CS_SHOW_HAND_MAX 4

/* Points of a hand or crib with its starter, by the categories people announce. */
typedef struct {
    int fifteens; /* 2 for each distinct set of cards summing to 15 */
    int pairs;    /* 2 for each pair of equal ranks */
    int runs;     /* for each maximal run of 3+ ranks: its length times its multiplicity */
    int flush;    /* see flush_min below */
    int nobs;     /* 1 for the jack of the starter's suit in the hand */
    int total;
} cs_show_points;

/*
 * Flush rule: a flush needs every one of the n hand cards in one suit; it then scores n, plus
 * one if the starter is that suit too, but only when that total reaches flush_min. So a
 * four-card hand uses flush_min 4, a three-card hand 3, and the crib 5 (all five cards).
 */

/*
 * The plain path: fills *out with the breakdown of hand[0..n-1] (n is 3 or 4, distinct cards)
 * with starter, and returns the total.
 */
int cs_show_breakdown(const cs_card hand[], int n, cs_card starter, int flush_min,
                      cs_show_points *out);

/*
 * The rank-only part (fifteens, pairs, runs) of five ranks, from the build-time table; ranks
 * are 0..12 in any order. Exposed for enumerators that hoist the index of four fixed cards:
 * cs_show_rank_index4() then cs_show_rank_points(idx + starter_rank).
 */
extern const uint8_t cs_show_rank_table[13 * 13 * 13 * 13 * 13];
static inline int cs_show_rank_index4(int r0, int r1, int r2, int r3) {
    return (((r0 * 13 + r1) * 13 + r2) * 13 + r3) * 13;
}
static inline int cs_show_rank_points(int index) {
    return cs_show_rank_table[index];
}

/* The same for four ranks (a three-card hand with its starter), from the same generated file:
 * entry ((r0 * 13 + r1) * 13 + r2) * 13 + r3, that is cs_show_rank_index3() of the three hand
 * cards plus the starter's rank. */
extern const uint8_t cs_show_rank_table4[13 * 13 * 13 * 13];
static inline int cs_show_rank_index3(int r0, int r1, int r2) {
    return ((r0 * 13 + r1) * 13 + r2) * 13;
}

/*
 * Card keys, for the hot path: cs_show_card_key[i][c] is what card c adds to a 64-bit sum as
 * card i of a four-card hand (a three-card hand uses i = 1..3). The keys of distinct cards
 * add up field by field, no field ever carrying into the next:
 *
 *   bits  0..18  rank * 13^(4 - i): the hand's part of cs_show_rank_index4() (or, for three
 *                cards, of cs_show_rank_index3()); the sum is at most 12 * (13^4 + .. + 13)
 *                = 13^5 - 13 < 2^19, and adding the starter's rank gives the table index
 *   bits 19..30  three bits per suit s, at CS_SHOW_KEY_SUIT(s): the hand's cards of suit s
 *                (at most 4 < 8)
 *   bits 32..35  bit CS_SHOW_KEY_JACK(s): the hand holds the jack of suit s (one card, one bit)
 *
 * A four-card hand is one suit exactly when some suit field is 4, the only value with its
 * bit 2 set (CS_SHOW_KEY_FOURS); a three-card hand when some field is 3, which adding 1 to
 * every field (CS_SHOW_KEY_ONES) turns into 4. Nobs is the jack bit of the starter's suit.
 */
#define CS_SHOW_KEY_RANKS   0x7FFFFull
#define CS_SHOW_KEY_SUIT(s) (19 + 3 * (s))
#define CS_SHOW_KEY_JACK(s) (32 + (s))
#define CS_SHOW_KEY_ONES    (1ull << 19 | 1ull << 22 | 1ull << 25 | 1ull << 28)
#define CS_SHOW_KEY_FOURS   (4 * CS_SHOW_KEY_ONES)
extern const uint64_t cs_show_card_key[CS_SHOW_HAND_MAX][CS_DECK_SIZE];

/* The sum of the keys of a hand of n (3 or 4) cards, positioned as above. */
static inline uint64_t cs_show_hand_key(const cs_card hand[], int n) {
    const uint64_t(*key)[CS_DECK_SIZE] = cs_show_card_key;
    if (n == 4) return key[0][hand[0]] + key[1][hand[1]] + key[2][hand[2]] + key[3][hand[3]];
    return key[1][hand[0]] + key[2][hand[1]] + key[3][hand[2]];
}

/* Whether the hand whose key is `key` (n cards) is all one suit. */
static inline int cs_show_key_one_suit(uint64_t key, int n) {
    return ((n == 4 ? key : key + CS_SHOW_KEY_ONES) & CS_SHOW_KEY_FOURS) != 0;
}

/* The rank table of hands of n cards: 13 entries, one per starter rank, from the key's rank
 * part on. */
static inline const uint8_t *cs_show_key_ranks(uint64_t key, int n) {
    return (n == 4 ? cs_show_rank_table : cs_show_rank_table4) + (key & CS_SHOW_KEY_RANKS);
}

/*
 * The hot path: the same total as cs_show_breakdown(), for n of 3 or 4. Inline, so that a
 * caller's loop keeps its cards in registers and a constant n drops the other branch; with
 * the card keys above it is four loads and adds, one table read and a few bit operations.
 * The flush is n, plus one for a starter of the hand's suit (the suit of its first card), and
 * counts only when it reaches flush_min (a mask, no branch).
 *
 * cs_show_score_key() is the same from the hand's key (cs_show_hand_key) and its first card,
 * for a caller that computed the key earlier: the game does so when the starter is cut, to
 * prefetch the table byte (the five-rank table is 371 KB, and a read of it that misses the
 * caches costs more than the rest of the score).
 */
static inline int cs_show_score_key(uint64_t key, cs_card first, int n, cs_card starter,
                                    int flush_min) {
    unsigned s = starter;
    int points = cs_show_key_ranks(key, n)[s >> 2];
    int flush = cs_show_key_one_suit(key, n) * (n + (((first ^ s) & 3u) == 0));
    int nobs = (int)(key >> CS_SHOW_KEY_JACK(s & 3u)) & 1;
    return points + (flush & -(int)(flush >= flush_min)) + nobs;
}

static inline int cs_show_score(const cs_card hand[], int n, cs_card starter, int flush_min) {
    assert(n == 3 || n == 4);
    return cs_show_score_key(cs_show_hand_key(hand, n), hand[0], n, starter, flush_min);
}

/* Points the last card pile[n-1] scores when laid on pile[0..n-2] in the current series. */
typedef struct {
    int fifteen;    /* 2 if the count is now 15 */
    int thirty_one; /* 2 if the count is now 31 */
    int pairs;      /* 2, 6 or 12 for a pair, pair royal, double pair royal */
    int run;        /* length of the longest run of 3+ formed by the last cards */
    int total;
} cs_peg_points;

/* Largest series: at most 16 cards are played in a deal (four hands of four), so no pile is
 * longer; the count limit alone would allow 13 (four aces, twos and threes and a four: 28). */
#define CS_PEG_PILE_MAX 16

/* The plain path: fills *out and returns the total (not the go, which depends on the play). */
int cs_peg_breakdown(const cs_card pile[], int n, cs_peg_points *out);

/* The hot path: the same total as cs_peg_breakdown(). */
int cs_peg_score(const cs_card pile[], int n);

/*
 * The same for a caller that keeps the count of the series (the play always has it): count
 * must be the sum of the pile's values. Inline, and it does not re-add the pile.
 *
 * Pairs: the `same` cards at the end of one rank make same * (same - 1) points (2, 6, 12), and
 * the repeated rank ends any run. Runs: walking back from the last card, collecting ranks as
 * bits and stopping at the first repeated rank (every longer stretch holds the duplicate), the
 * last k cards are a run when their k bits have no gap, that is when adding the lowest bit
 * carries through all of them: (m + (m & -m)) & m == 0; the longest such k >= 3 counts.
 */
static inline int cs_peg_score_counted(const cs_card pile[], int n, int count) {
    assert(n >= 1 && n <= CS_PEG_PILE_MAX);
    int points = 2 * ((count == 15) | (count == 31));
    unsigned last = pile[n - 1] >> 2;
    int i = n - 2;
    while (i >= 0 && (unsigned)(pile[i] >> 2) == last) i--;
    int same = n - 1 - i;
    if (same > 1) return points + same * (same - 1);
    unsigned mask = 1u << last;
    int run = 0;
    for (int j = n - 2; j >= 0; j--) {
        unsigned bit = 1u << (pile[j] >> 2);
        if (mask & bit) break;
        mask |= bit;
        int k = n - j;
        if (k >= 3 && ((mask + (mask & (0u - mask))) & mask) == 0) run = k;
    }
    return points + run;
}

/*
 * Every four-card hand (or three-card, cards = 3) with every starter, counted with the hand
 * rule (flush_min = hand size) or the crib rule (flush_min 5): counts[s] is how many hands
 * score s (counts must have CS_SHOW_MAX + 1 entries). Returns the number of hands.
 */
#define CS_SHOW_MAX 29
uint64_t cs_show_distribution(int cards, int crib, uint64_t counts[CS_SHOW_MAX + 1]);

#endif

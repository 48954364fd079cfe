/*
 * score.c - the show and the pegging score, each computed twice: a plain path that counts the
 * way a person does, kept obviously right for the tests, and a hot path built on the rank
 * tables that gen_score_table.c writes at build time and on a few bit operations. The tests
 * hold the hot path to the plain one on every hand with every starter.
 *
 * Also the exhaustive distribution of the show (`cribsim hand-stats`), which hoists all the
 * work that does not depend on the starter out of the starter loop.
 */
#include "score.h"

#include <assert.h>
#include <string.h>

/* ---- the show, plain ---- */

int cs_show_breakdown(const cs_card hand[], int n, cs_card starter, int flush_min,
                      cs_show_points *out) {
    assert(n == 3 || n == 4);
    cs_card cards[CS_SHOW_HAND_MAX + 1];
    int m = n + 1;
    for (int i = 0; i < n; i++) cards[i] = hand[i];
    cards[n] = starter;
    for (int i = 0; i < m; i++) assert(cs_card_valid(cards[i]));

    cs_show_points p = {0, 0, 0, 0, 0, 0};

    /* Fifteens: every subset of the cards, 2 for each that sums to 15. sum[set] is the sum of
     * set without its lowest card plus that card. */
    int sum[1 << (CS_SHOW_HAND_MAX + 1)];
    sum[0] = 0;
    for (int set = 1; set < (1 << m); set++) {
        int low = __builtin_ctz((unsigned)set);
        sum[set] = sum[set & (set - 1)] + cs_card_value(cards[low]);
        if (sum[set] == 15) p.fifteens += 2;
    }

    /* Pairs: 2 for every two cards of one rank (so three of a kind is three pairs, 6). */
    for (int i = 0; i < m; i++) {
        for (int j = i + 1; j < m; j++) {
            if (cs_card_rank(cards[i]) == cs_card_rank(cards[j])) p.pairs += 2;
        }
    }

    /* Runs: each maximal stretch of three or more consecutive ranks present scores its length
     * once for every way of picking one card of each rank (the product of the multiplicities:
     * a double run of three is 2 x 3, a double-double run 4 x 3). */
    int count[CS_RANKS] = {0};
    for (int i = 0; i < m; i++) count[cs_card_rank(cards[i])]++;
    for (int r = 0; r < CS_RANKS;) {
        if (count[r] == 0) {
            r++;
            continue;
        }
        int len = 0, ways = 1;
        for (; r < CS_RANKS && count[r] > 0; r++) {
            len++;
            ways *= count[r];
        }
        if (len >= 3) p.runs += len * ways;
    }

    /* Flush: every hand card one suit; n, plus one for the starter in that suit, if the total
     * reaches flush_min. */
    int suit = cs_card_suit(hand[0]);
    int flush = 1;
    for (int i = 1; i < n; i++) {
        if (cs_card_suit(hand[i]) != suit) flush = 0;
    }
    if (flush) {
        int points = n + (cs_card_suit(starter) == suit);
        if (points >= flush_min) p.flush = points;
    }

    /* Nobs: the jack of the starter's suit in the hand. */
    for (int i = 0; i < n; i++) {
        if (cs_card_rank(hand[i]) == CS_JACK && cs_card_suit(hand[i]) == cs_card_suit(starter)) {
            p.nobs = 1;
        }
    }

    p.total = p.fifteens + p.pairs + p.runs + p.flush + p.nobs;
    if (out != NULL) *out = p;
    return p.total;
}

/* ---- the show, fast: cs_show_score() is inline in score.h, on these keys ---- */

/* The key of card c at hand position i (score.h): rank place, suit count, jack of its suit. */
#define CARD_KEY(i, c)                                                                             \
    ((uint64_t)((c) >> 2) * PLACE_##i | 1ull << CS_SHOW_KEY_SUIT((c)&3) |                          \
     ((c) >> 2 == CS_JACK ? 1ull << CS_SHOW_KEY_JACK((c)&3) : 0))
#define PLACE_0 (13 * 13 * 13 * 13)
#define PLACE_1 (13 * 13 * 13)
#define PLACE_2 (13 * 13)
#define PLACE_3 13
#define KEYS_OF_RANK(i, r)                                                                         \
    CARD_KEY(i, 4 * (r)), CARD_KEY(i, 4 * (r) + 1), CARD_KEY(i, 4 * (r) + 2),                      \
        CARD_KEY(i, 4 * (r) + 3)
#define KEYS(i)                                                                                    \
    {                                                                                              \
        KEYS_OF_RANK(i, 0), KEYS_OF_RANK(i, 1), KEYS_OF_RANK(i, 2), KEYS_OF_RANK(i, 3),            \
            KEYS_OF_RANK(i, 4), KEYS_OF_RANK(i, 5), KEYS_OF_RANK(i, 6), KEYS_OF_RANK(i, 7),        \
            KEYS_OF_RANK(i, 8), KEYS_OF_RANK(i, 9), KEYS_OF_RANK(i, 10), KEYS_OF_RANK(i, 11),      \
            KEYS_OF_RANK(i, 12)                                                                    \
    }
const uint64_t cs_show_card_key[CS_SHOW_HAND_MAX][CS_DECK_SIZE] = {KEYS(0), KEYS(1), KEYS(2),
                                                                   KEYS(3)};
#undef KEYS
#undef KEYS_OF_RANK
#undef CARD_KEY

/* ---- pegging, plain ---- */

int cs_peg_breakdown(const cs_card pile[], int n, cs_peg_points *out) {
    assert(n >= 1 && n <= CS_PEG_PILE_MAX);
    cs_peg_points p = {0, 0, 0, 0, 0};

    int count = 0;
    for (int i = 0; i < n; i++) count += cs_card_value(pile[i]);
    assert(count <= 31); /* a legal series never passes 31 */
    if (count == 15) p.fifteen = 2;
    if (count == 31) p.thirty_one = 2;

    /* Pairs: the last `same` cards share a rank; 2 for each two of them: 2, 6, 12. */
    int last = cs_card_rank(pile[n - 1]);
    int same = 1;
    while (same < n && cs_card_rank(pile[n - 1 - same]) == last) same++;
    p.pairs = same * (same - 1);

    /* Runs: the longest k >= 3 whose last k cards are k distinct ranks with no gap (highest
     * minus lowest is k - 1), in any order. */
    for (int k = n; k >= 3 && p.run == 0; k--) {
        int seen[CS_RANKS] = {0};
        int distinct = 1, lo = CS_RANKS, hi = -1;
        for (int i = n - k; i < n; i++) {
            int r = cs_card_rank(pile[i]);
            if (seen[r]) distinct = 0;
            seen[r] = 1;
            if (r < lo) lo = r;
            if (r > hi) hi = r;
        }
        if (distinct && hi - lo == k - 1) p.run = k;
    }

    p.total = p.fifteen + p.thirty_one + p.pairs + p.run;
    if (out != NULL) *out = p;
    return p.total;
}

/* ---- pegging, fast: cs_peg_score_counted() is inline in score.h ---- */

int cs_peg_score(const cs_card pile[], int n) {
    assert(n >= 1 && n <= CS_PEG_PILE_MAX);
    int count = 0;
    for (int i = 0; i < n; i++) count += cs_card_value(pile[i]);
    return cs_peg_score_counted(pile, n, count);
}

/* ---- the distribution ---- */

/*
 * The local histogram: a table entry is at most 28 (gen_score_table.c writes 0 for the five of
 * one rank no deck holds), a flush at most 5 and nobs 1, so indices stay below 34; a score above
 * CS_SHOW_MAX would be a bug and shows as counts that do not add up to the hands.
 */
#define HIST_SIZE 40

/*
 * One hand: `ranks` points to its 13 table entries (one per starter rank), `held` is the hand
 * as a card set, `extra[s]` the flush and nobs points a starter of suit s adds. Starters are
 * the 52 cards not held; when no suit adds anything (no jack, no flush that counts), the
 * starters of one rank all score alike, so they are counted by rank with a weight.
 */
static inline void count_hand(uint32_t hist[HIST_SIZE], const uint8_t *ranks, cs_cardset held,
                              const int extra[CS_SUITS], int uniform) {
    if (uniform) {
        for (int r = 0; r < CS_RANKS; r++) {
            /* 4 minus the held cards of rank r; the 4 bits of rank r index a popcount table */
            static const uint8_t free_of[16] = {4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 2, 1, 2, 1, 1, 0};
            hist[ranks[r]] += free_of[(held >> (4 * r)) & 15u];
        }
        return;
    }
    for (int r = 0; r < CS_RANKS; r++) {
        int base = ranks[r];
        for (int s = 0; s < CS_SUITS; s++) {
            if (!cs_cardset_has(held, cs_card_make(r, s))) hist[base + extra[s]]++;
        }
    }
}

/* Fills extra[s] for a hand of n cards (nobs for a held jack of suit s, plus the flush where it
 * counts) and returns 1 when every extra[s] is 0. */
static inline int hand_extras(cs_cardset held, int flush_suit, int n, int flush_min,
                              int extra[CS_SUITS]) {
    int any = 0;
    for (int s = 0; s < CS_SUITS; s++) {
        int flush = flush_suit < 0 ? 0 : n + (s == flush_suit);
        extra[s] =
            cs_cardset_has(held, cs_card_make(CS_JACK, s)) + (flush >= flush_min ? flush : 0);
        any |= extra[s];
    }
    return any == 0;
}

/*
 * Hands in the order a < b < c (< d) of card codes; counts[] is zeroed first. cards other than
 * 3 or 4 count nothing and return 0 (the command line checks --cards before calling). About
 * 6 ms for the 12,994,800 four-card hands on one core.
 */
uint64_t cs_show_distribution(int cards, int crib, uint64_t counts[CS_SHOW_MAX + 1]) {
    memset(counts, 0, (CS_SHOW_MAX + 1) * sizeof counts[0]);
    if (cards != 3 && cards != 4) return 0;
    int flush_min = crib ? 5 : cards;
    uint32_t hist[HIST_SIZE] = {0};
    uint64_t hands = 0;
    int extra[CS_SUITS];

    for (int a = 0; a < CS_DECK_SIZE; a++) {
        for (int b = a + 1; b < CS_DECK_SIZE; b++) {
            for (int c = b + 1; c < CS_DECK_SIZE; c++) {
                cs_cardset held3 = cs_cardset_of((cs_card)a) | cs_cardset_of((cs_card)b) |
                                   cs_cardset_of((cs_card)c);
                int suit3 = (a & 3) == (b & 3) && (a & 3) == (c & 3) ? (a & 3) : -1;
                if (cards == 3) {
                    int uniform = hand_extras(held3, suit3, 3, flush_min, extra);
                    const uint8_t *ranks =
                        cs_show_rank_table4 + cs_show_rank_index3(a >> 2, b >> 2, c >> 2);
                    count_hand(hist, ranks, held3, extra, uniform);
                    hands += CS_DECK_SIZE - 3;
                    continue;
                }
                for (int d = c + 1; d < CS_DECK_SIZE; d++) {
                    cs_cardset held = held3 | cs_cardset_of((cs_card)d);
                    int suit4 = suit3 == (d & 3) ? suit3 : -1;
                    int uniform = hand_extras(held, suit4, 4, flush_min, extra);
                    const uint8_t *ranks =
                        cs_show_rank_table + cs_show_rank_index4(a >> 2, b >> 2, c >> 2, d >> 2);
                    count_hand(hist, ranks, held, extra, uniform);
                    hands += CS_DECK_SIZE - 4;
                }
            }
        }
    }
    for (int s = 0; s <= CS_SHOW_MAX; s++) counts[s] = hist[s];
    for (int s = CS_SHOW_MAX + 1; s < HIST_SIZE; s++) assert(hist[s] == 0);
    return hands;
}

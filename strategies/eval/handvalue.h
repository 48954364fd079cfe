/*
 * handvalue.h - exact expectations of the show for discard decisions: the kept hand over
 * every possible starter, and the crib from the cards laid away, computed by this engine by
 * enumeration (no published tables).
 *
 * Hand: cs_hand_expect() averages the show score of the kept cards over every card of a pool
 * (the cards the seat has not seen: 46 for a two-player hand of six). The rank part (fifteens,
 * pairs, runs) reads the show's rank table once per starter rank, weighted by how many cards
 * of that rank the pool holds; flush and nobs are added in closed form from the pool's suit
 * counts. The result equals the mean of cs_show_score() over the pool, exactly.
 *
 * Crib: cs_crib_model holds E[crib points] for every discard, one card (5/1 deals) or two
 * (6/2 and 5/2 deals), under the model that the crib's other cards and the starter are drawn
 * uniformly from the rest of the deck (52 minus the discards). Within that model the figures
 * are exact: the rank part enumerates every ordered rank tuple of the other cards and the
 * starter with its multiplicity, and flush and nobs are closed forms (derivations in
 * handvalue.c). By suit symmetry a pair of discards is fully described by its two ranks and
 * whether the two suits are equal, one discard by its rank. What the model leaves out, and
 * why that is accepted: (1) the discarder's own kept cards are also out of the deck (the
 * table would need one entry per kept hand; the effect is a few hundredths of a point);
 * (2) opponents do not lay away at random (they avoid feeding a crib that is not theirs), so
 * the figures are the crib's value against indifferent discards.
 */
#ifndef CS_HANDVALUE_H
#define CS_HANDVALUE_H

#include "cards.h"
#include "rules.h"

/* A pool of cards summarised for expectations: size, and counts by rank and by suit. */
typedef struct {
    cs_cardset cards;
    int n;
    int rank[CS_RANKS];
    int suit[CS_SUITS];
} cs_pool;

void cs_pool_init(cs_pool *p, cs_cardset cards);

/* Mean over every starter in pool of cs_show_score(hand, n, starter, flush_min); n is 3 or 4,
 * and no hand card may be in the pool. pool->n must be at least 1. */
double cs_hand_expect(const cs_card hand[], int n, const cs_pool *pool, int flush_min);

typedef struct {
    double two[CS_RANKS][CS_RANKS][2]; /* [rank a][rank b][suits equal]: two cards laid away */
    double one[CS_RANKS];              /* [rank]: one card laid away */
} cs_crib_model;

/* Fills the model for a crib flush minimum (5: all five cards; 4: a four-card crib flush
 * counts). About 600,000 table reads: a millisecond or two. */
void cs_crib_model_build(cs_crib_model *m, int crib_flush_min);

/* E[crib points] when these n (1 or 2) cards are laid away by one player. */
static inline double cs_crib_expect(const cs_crib_model *m, const cs_card d[], int n) {
    if (n == 1) return m->one[cs_card_rank(d[0])];
    return m->two[cs_card_rank(d[0])][cs_card_rank(d[1])][cs_card_suit(d[0]) == cs_card_suit(d[1])];
}

/* Ways to lay away: C(6,2) = 15 for 6/2, C(5,2) = 10 for 5/2, C(5,1) = 5 for 5/1. */
#define CS_SPLITS_MAX 15

typedef struct {
    cs_card keep[CS_MAX_HAND];
    cs_card toss[CS_MAX_DISCARD];
} cs_split;

/* Every way to lay n_toss of the n dealt cards away, in a fixed order; returns how many. */
int cs_splits(const cs_card dealt[], int n, int n_toss, cs_split out[CS_SPLITS_MAX]);

/*
 * The weight of the crib for a seat: +1 when the crib is its side's (its own, or its
 * partner's), otherwise -1/(sides - 1), the crib's points counted as a loss shared among the
 * opponents (-1 with two sides, -1/2 with three players, -1/3 with four each for themselves).
 */
double cs_crib_weight(const cs_rules *r, int seat, int dealer);

/*
 * The discard that maximises E[hand] + weight * E[crib]: the dealt cards, the pool of possible
 * starters (the cards the seat has not seen), the crib model and weight. Writes the split's
 * index into *best and returns its value; fills values[i] for every split when not NULL.
 */
double cs_discard_best(const cs_rules *r, const cs_split splits[], int n_splits,
                       const cs_pool *pool, const cs_crib_model *m, double crib_weight, int *best,
                       double values[]);

#endif

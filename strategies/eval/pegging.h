/*
 * pegging.h - fast pegging arithmetic on ranks, and the pegging policies the strategies share.
 *
 * cs_peg_pile keeps the current series as ranks with its count; cs_peg_gain() gives the
 * points a card of a rank would score if laid now, without copying the pile, and agrees with
 * cs_peg_score() (tests hold it to that). The policies:
 *
 *   cs_peg_greedy()     the legal card that scores most now (ties: the highest value, to keep
 *                       low cards for the end of a series).
 *   cs_peg_lookahead()  expected's policy: each legal card is worth its points now, minus the
 *                       expected points of the next seat's best reply, plus what the card
 *                       itself could earn back with the card that follows (two-player), plus
 *                       the go when no reply fits. The next seat's holding is unknown: it holds
 *                       cards_left cards drawn from the unseen cards its go bounds allow, so it
 *                       holds a card of rank r with probability 1 - C(U - u_r, k) / C(U, k);
 *                       the best reply is taken as the highest-scoring rank it holds, treating
 *                       the ranks as independent.
 */
#ifndef CS_PEGGING_H
#define CS_PEGGING_H

#include "game.h"
#include "inference.h"

typedef struct {
    int count;
    int n;
    uint8_t rank[CS_PEG_PILE_MAX];
} cs_peg_pile;

static inline int cs_rank_value(int rank) {
    return rank >= 9 ? 10 : rank + 1;
}

/* Points for laying a card of `rank` on the pile now (15, 31, pairs, runs; not the go). The
 * caller ensures it fits (count + value <= 31). */
static inline int cs_peg_gain(const cs_peg_pile *p, int rank) {
    int count = p->count + cs_rank_value(rank);
    int points = 2 * ((count == 15) | (count == 31));
    int i = p->n - 1;
    while (i >= 0 && p->rank[i] == rank) i--;
    int same = p->n - 1 - i;
    if (same > 0) return points + (same + 1) * same;
    unsigned mask = 1u << rank;
    int run = 0;
    for (int j = p->n - 1; j >= 0; j--) {
        unsigned bit = 1u << p->rank[j];
        if (mask & bit) break;
        mask |= bit;
        int k = p->n - j + 1;
        if (k >= 3 && ((mask + (mask & (0u - mask))) & mask) == 0) run = k;
    }
    return points + run;
}

static inline void cs_peg_push(cs_peg_pile *p, int rank) {
    p->rank[p->n++] = (uint8_t)rank;
    p->count += cs_rank_value(rank);
}

/* gains[q]: what cs_peg_gain(p, q) returns, for every rank at once (for ranks that fit). */
void cs_peg_gain_all(const cs_peg_pile *p, int gains[CS_RANKS]);

/*
 * Two cards ahead: what a card of rank x scores when laid on the pile after a card of rank q.
 * cs_peg_two_gain(t, q, x) equals cs_peg_gain() on the pile with q pushed, for ranks that fit
 * (count + both values <= 31); the lookahead asks it for every reply q and every card x that
 * could follow, a row (one q, every x) at a time.
 *
 * 15 and 31 come from the count; the rest depends on the ranks alone (cs_peg_two_row()):
 *   x == q   a pair with q and with the cards of rank q on top of the pile: (same + 1) * same
 *            for the `same` cards of rank q at the end once q is laid;
 *   x != q   a run: x, q and the top m cards of the pile, all distinct and contiguous. With
 *            E the top m ranks plus q (m + 1 distinct ranks), the x that completes E to a
 *            block of m + 2 is the rank below or above E when E has no hole, the hole when
 *            it has one, none otherwise; the longest such m counts. Once q or x is among the
 *            top m ranks no longer run exists (the walk stops at the first repeated rank).
 * So the pile is summarised by its count, its top rank with how many end cards share it, and
 * suffix[m], the set of its top m ranks (a bit per rank) for as long as they are distinct.
 */
#define CS_PEG_TWO_ROW 16
typedef struct {
    int count;
    int top, top_same; /* the last card's rank and how many end cards share it (-1, 0 if none) */
    int n_suffix;      /* the top n_suffix ranks are distinct */
    uint16_t suffix[CS_PEG_PILE_MAX + 1]; /* suffix[m], m = 1..n_suffix */
} cs_peg_two;

void cs_peg_two_init(cs_peg_two *t, const cs_peg_pile *p);

/* row[x]: the points (pairs and runs, not 15 or 31) of x laid after q, for x = 0..12; 13..15
 * are 0. */
void cs_peg_two_row(const cs_peg_two *t, int q, uint8_t row[CS_PEG_TWO_ROW]);

/* What cs_peg_gain() says of x on the pile with q pushed (slow: a whole row; for tests). */
int cs_peg_two_gain(const cs_peg_two *t, int q, int x);

/* The pile of the view's current series. */
void cs_peg_pile_from_view(const cs_view *v, cs_peg_pile *out);

/* The legal card that pegs most now; the view must have one. */
cs_card cs_peg_greedy(const cs_view *v);

/* expected's choice (see above), from the view and what the seat has inferred. */
cs_card cs_peg_lookahead(const cs_view *v, const cs_seen *seen);

/* The same policy on plain inputs, for simulations that keep no cs_view. */
typedef struct {
    int players, seat;
    int partnership;     /* seats 0 + 2 and 1 + 3 are sides: a partner's reply is mine */
    const cs_card *hand; /* the seat's unplayed cards */
    int n_hand;
    const cs_peg_pile *pile;
    const int *cards_left;    /* [seat] */
    cs_cardset unseen;        /* the cards this seat has not seen */
    const int *no_value_upto; /* [seat]: the go bounds this seat knows */
    /* NULL: every unseen card is equally likely to be the replier's. Otherwise [rank]: how
     * much likelier an unseen card of that rank is to be in its hand (expert's model of a
     * seat that laid away as expected does: its keep rate by rank); the replier then holds k
     * cards drawn with those weights (cs_peg_lookahead_pick() in pegging.c). */
    const double *rank_weight;
} cs_peg_situation;

/* The view's situation for cs_peg_lookahead_pick(): its hand, the current series (filled into
 * *pile, which must outlive *out), the cards left and what the seat has inferred; rank_weight
 * NULL. */
void cs_peg_situation_from_view(const cs_view *v, const cs_seen *seen, cs_peg_pile *pile,
                                cs_peg_situation *out);

/* The index in sit->hand of the card cs_peg_lookahead() would lay; -1 if none fits. */
int cs_peg_lookahead_pick(const cs_peg_situation *sit);

/* The same, and *tied (when not NULL) gets a bit per rank the policy could have laid had the
 * hand been in another order: those worth as much and of the same value as its choice (it
 * takes the first of them in hand order). */
int cs_peg_lookahead_choose(const cs_peg_situation *sit, unsigned *tied);

#endif

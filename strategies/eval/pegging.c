/* pegging.c - the pegging policies of pegging.h. */
#include "pegging.h"

#include <assert.h>
#include <string.h>

void cs_peg_pile_from_view(const cs_view *v, cs_peg_pile *out) {
    /* A series holds at most 13 cards (pegging.h's bound); the clamp only tells the
     * compiler so. */
    int n = v->n_pile <= CS_PEG_PILE_MAX ? v->n_pile : CS_PEG_PILE_MAX;
    out->n = n;
    out->count = v->count;
    for (int i = 0; i < n; i++) out->rank[i] = (uint8_t)cs_card_rank(v->pile[i]);
}

void cs_peg_gain_all(const cs_peg_pile *p, int gains[CS_RANKS]) {
    /* 15 and 31: by the count each rank would make. */
    for (int q = 0; q < CS_RANKS; q++) {
        int count = p->count + cs_rank_value(q);
        gains[q] = 2 * ((count == 15) | (count == 31));
    }
    if (p->n == 0) return;
    /* Pairs: only the last card's rank pairs, with every trailing card of its rank. */
    int last = p->rank[p->n - 1], same = 1;
    while (same < p->n && p->rank[p->n - 1 - same] == last) same++;
    gains[last] += (same + 1) * same;
    /* Runs: the last j cards, if distinct, extend to a run of j + 1 by the rank that fills
     * their one gap, or by either neighbour when they are already consecutive. Longer
     * suffixes come later and overwrite. */
    int run[CS_RANKS] = {0};
    unsigned mask = 0;
    for (int j = 1; j <= p->n; j++) {
        unsigned bit = 1u << p->rank[p->n - j];
        if (mask & bit) break;
        mask |= bit;
        if (j < 2) continue;
        int lo = __builtin_ctz(mask), hi = 31 - __builtin_clz(mask);
        if (hi - lo + 1 == j) {
            if (lo > 0) run[lo - 1] = j + 1;
            if (hi < CS_RANKS - 1) run[hi + 1] = j + 1;
        } else if (hi - lo + 1 == j + 1) {
            unsigned gap = ~mask & ((2u << hi) - (1u << lo));
            run[__builtin_ctz(gap)] = j + 1;
        }
    }
    for (int q = 0; q < CS_RANKS; q++) gains[q] += run[q];
}

/*
 * Sixteen bytes as one value (the GCC and Clang vector extension): + & | and compares work
 * lane by lane, a true compare giving all ones, and compile to single SIMD instructions where
 * the target has them. A row of cs_peg_two is one such value, lane x for rank x.
 */
typedef uint8_t u8x16 __attribute__((vector_size(CS_PEG_TWO_ROW)));
typedef uint64_t u64x2 __attribute__((vector_size(CS_PEG_TWO_ROW)));

static const u8x16 LANES = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

/* Pip values by rank, padded with a value that never fits (lanes 13..15). */
static const u8x16 VALUE_PADDED = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 32, 32, 32};

/* A bit per lane whose byte is non-zero (lanes hold 0 or 0xFF): each half's low bits
 * gathered into its top byte by one multiply, bit i of the byte from byte i (the products
 * land on distinct bits, so nothing carries). */
static inline unsigned lane_bits(u8x16 v) {
    u64x2 w = (u64x2)(v & 1);
    const uint64_t gather = 0x0102040810204080ull;
    return (unsigned)((w[0] * gather) >> 56) | (unsigned)((w[1] * gather) >> 56) << 8;
}

void cs_peg_two_init(cs_peg_two *t, const cs_peg_pile *p) {
    t->count = p->count;
    t->top = -1;
    t->top_same = 0;
    t->n_suffix = 0;
    if (p->n == 0) return;
    t->top = p->rank[p->n - 1];
    t->top_same = 1;
    while (t->top_same < p->n && p->rank[p->n - 1 - t->top_same] == t->top) t->top_same++;
    unsigned mask = 0;
    for (int m = 1; m <= p->n; m++) {
        unsigned bit = 1u << p->rank[p->n - m];
        if (mask & bit) break;
        mask |= bit;
        t->suffix[m] = (uint16_t)mask;
        t->n_suffix = m;
    }
}

/* The row of q (cs_peg_two_row) as a vector: see pegging.h for the derivation. */
static inline u8x16 two_row(const cs_peg_two *t, int q) {
    u8x16 row = {0};
    unsigned qbit = 1u << q;
    for (int m = 1; m <= t->n_suffix; m++) {
        unsigned e = t->suffix[m];
        if (e & qbit) break;
        e |= qbit;
        int lo = __builtin_ctz(e), hi = 31 - __builtin_clz(e), span = hi - lo + 1;
        /* The completing ranks, 255 (no lane) for none: below and above a block, or a hole. */
        int below = 255, above = 255;
        if (span == m + 1) {
            below = lo > 0 ? lo - 1 : 255;
            above = hi < CS_RANKS - 1 ? hi + 1 : 255;
        } else if (span == m + 2) {
            below = __builtin_ctz(~e & ((2u << hi) - (1u << lo)));
        } else {
            continue;
        }
        u8x16 hit = (u8x16)((LANES == (uint8_t)below) | (LANES == (uint8_t)above));
        row = (row & ~hit) | (((u8x16){0} + (uint8_t)(m + 2)) & hit);
    }
    int same = 1 + (q == t->top ? t->top_same : 0);
    u8x16 pair = (u8x16)(LANES == (uint8_t)q);
    return (row & ~pair) | (((u8x16){0} + (uint8_t)((same + 1) * same)) & pair);
}

void cs_peg_two_row(const cs_peg_two *t, int q, uint8_t row[CS_PEG_TWO_ROW]) {
    u8x16 v = two_row(t, q);
    memcpy(row, &v, sizeof v);
}

int cs_peg_two_gain(const cs_peg_two *t, int q, int x) {
    uint8_t row[CS_PEG_TWO_ROW];
    cs_peg_two_row(t, q, row);
    int count = t->count + cs_rank_value(q) + cs_rank_value(x);
    return 2 * ((count == 15) | (count == 31)) + row[x];
}

cs_card cs_peg_greedy(const cs_view *v) {
    cs_peg_pile pile;
    cs_peg_pile_from_view(v, &pile);
    cs_card best = CS_NO_CARD;
    int best_points = -1, best_value = -1;
    for (int i = 0; i < v->n_hand; i++) {
        cs_card c = v->hand[i];
        int value = cs_card_value(c);
        if (v->count + value > 31) continue;
        int points = cs_peg_gain(&pile, cs_card_rank(c));
        if (points > best_points || (points == best_points && value > best_value)) {
            best = c;
            best_points = points;
            best_value = value;
        }
    }
    return best;
}

static int next_seat(int s, int n) {
    return s + 1 == n ? 0 : s + 1;
}

/*
 * A reply's net (its points minus what the card after it takes back) lies within NET_BIAS of
 * zero: a card scores at most 14 (a double pair royal, 12, on a count of 15 or 31; a run is at
 * most 7 cards, A-7 making 28), so nets lie in -14..14 and NET_BIAS + net in 1..29, a bit of
 * a 32-bit mask.
 */
#define NET_BIAS 16

/* The ranks whose value fits in room (31 minus the count): a bit per rank. */
static inline unsigned fits_below(int room) {
    return room >= 10 ? (1u << CS_RANKS) - 1 : room > 0 ? (1u << room) - 1 : 0;
}

/* P(a hand of k cards drawn from u cards misses all m cards of a rank) = C(u-m,k)/C(u,k). */
static double miss_probability(int u, int m, int k) {
    double p = 1.0;
    for (int i = 0; i < k; i++) {
        if (u - m - i <= 0) return 0.0;
        p *= (double)(u - m - i) / (u - i);
    }
    return p;
}

/*
 * holds_rank[q] for a replier holding k cards of the u unseen cards (rank_u[q] of rank q)
 * when a card of rank q weighs w[q]: the draw of miss_probability() with each card counted
 * by its weight, W the pool's total weight and W/u the weight a draw removes on average, so
 * P(miss q) = prod over i < k of (W - u_q w_q - i W/u) / (W - i W/u). With every weight 1 it
 * is C(u - u_q, k) / C(u, k) exactly.
 */
static void weighted_holds(const double w[CS_RANKS], const int rank_u[CS_RANKS], int u, int k,
                           double holds_rank[CS_RANKS]) {
    double total = 0.0;
    for (int q = 0; q < CS_RANKS; q++) total += rank_u[q] * w[q];
    double step = u > 0 ? total / u : 0.0;
    for (int q = 0; q < CS_RANKS; q++) {
        double miss = 1.0, mass = rank_u[q] * w[q];
        if (rank_u[q] == 0) {
            holds_rank[q] = 0.0;
            continue;
        }
        for (int i = 0; i < k; i++) {
            double left = total - i * step;
            if (left - mass <= 1e-12) {
                miss = 0.0;
                break;
            }
            miss *= (left - mass) / left;
        }
        holds_rank[q] = 1.0 - miss;
    }
}

int cs_peg_lookahead_pick(const cs_peg_situation *sit) {
    return cs_peg_lookahead_choose(sit, NULL);
}

int cs_peg_lookahead_choose(const cs_peg_situation *sit, unsigned *tied) {
    int n = sit->players;
    const cs_peg_pile *pile = sit->pile;

    /* My distinct ranks, each once: suits do not matter in the play. */
    int mine[CS_MAX_HAND], n_mine = 0, seen_ranks = 0;
    for (int i = 0; i < sit->n_hand; i++) {
        int r = cs_card_rank(sit->hand[i]);
        if (!(seen_ranks >> r & 1)) mine[n_mine++] = r;
        seen_ranks |= 1 << r;
    }

    int legal = 0, only = -1;
    for (int i = 0; i < n_mine; i++)
        if (pile->count + cs_rank_value(mine[i]) <= 31) legal++, only = mine[i];
    if (legal <= 1) {
        if (tied != NULL) *tied = only >= 0 ? 1u << only : 0;
        for (int i = 0; i < sit->n_hand; i++)
            if (cs_card_rank(sit->hand[i]) == only) return i;
        return -1;
    }

    /* The next seat with cards: the one whose reply is feared. */
    int replier = -1;
    for (int s = next_seat(sit->seat, n); s != sit->seat; s = next_seat(s, n)) {
        if (sit->cards_left[s] > 0) {
            replier = s;
            break;
        }
    }
    int k = replier >= 0 ? sit->cards_left[replier] : 0;
    /* With partners the next seat with cards may be my partner (the opponent between us is
     * out): its best reply then scores for my side, so it counts for me, not against me. */
    double reply_sign =
        sit->partnership && replier >= 0 && ((replier ^ sit->seat) & 1) == 0 ? 1.0 : -1.0;
    int follows = n == 2; /* only with two players does the card after the reply come back */
    int rank_u[CS_RANKS] = {0}, u = 0;
    unsigned pool_ranks = 0; /* a bit per rank with rank_u > 0 */
    /* holds[m]: P(the replier holds a rank of which the pool has m cards), for m = 1..4 (a
     * rank the pool lacks is never asked about). */
    double holds[CS_SUITS + 1] = {0.0}, holds_rank[CS_RANKS] = {0.0}; /* by rank: holds[rank_u] */
    if (replier >= 0) {
        cs_cardset allowed = cs_seen_allowed(sit->unseen, sit->no_value_upto[replier]);
        /* Four bits per rank: count each nibble with a table (no popcount instruction is
         * assumed). */
        static const uint8_t NIBBLE[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        for (int q = 0; q < CS_RANKS; q++) {
            u += rank_u[q] = NIBBLE[(allowed >> (4 * q)) & 15];
            pool_ranks |= (unsigned)(rank_u[q] > 0) << q;
        }
        if (sit->rank_weight == NULL) {
            for (int m = 1; m <= CS_SUITS; m++) holds[m] = 1.0 - miss_probability(u, m, k);
            for (int q = 0; q < CS_RANKS; q++) holds_rank[q] = holds[rank_u[q]];
        } else {
            weighted_holds(sit->rank_weight, rank_u, u, k, holds_rank);
        }
    }
    /* What each reply scores after each of my cards: row r of the table two ahead of the pile
     * (the card after r is q). */
    cs_peg_two now;
    cs_peg_two_init(&now, pile);
    int best_rank = -1;
    double best_score = -1e9, score_of[CS_MAX_HAND];
    for (int i = 0; i < n_mine; i++) {
        int r = mine[i], value = cs_rank_value(r);
        score_of[i] = -1e9;
        if (pile->count + value > 31) continue;
        double score = cs_peg_gain(pile, r);
        cs_peg_pile after = *pile;
        cs_peg_push(&after, r);
        if (after.count < 31 && replier >= 0 && u > 0) {
            /* Reply ranks that fit, best first for the replier: points it scores minus what
             * I would take back with my next card. Byte vectors over every reply q at once:
             * gain[q] what q scores, back[q] the best my next card then scores, over the
             * distinct ranks of my other cards (a second card of rank r counts too), from
             * rows two ahead of the pile and of `after`. Ranks 13..15 pad the vectors and
             * never fit. */
            u8x16 c = VALUE_PADDED + (uint8_t)after.count;
            u8x16 gain = ((u8x16)((c == 15) | (c == 31)) & 2) + two_row(&now, r), back = {0};
            if (follows) {
                cs_peg_two two;
                cs_peg_two_init(&two, &after);
                int used = 0, rest_ranks = 0;
                for (int j = 0; j < sit->n_hand; j++) {
                    int x = cs_card_rank(sit->hand[j]);
                    if (x == r && !used) {
                        used = 1;
                        continue;
                    }
                    if (rest_ranks >> x & 1) continue;
                    rest_ranks |= 1 << x;
                    u8x16 c3 = c + (uint8_t)cs_rank_value(x);
                    u8x16 b = ((u8x16)((c3 == 15) | (c3 == 31)) & 2) + two_row(&two, x);
                    b &= (u8x16)(c3 <= 31);
                    u8x16 more = (u8x16)(b > back);
                    back = (b & more) | (back & ~more);
                }
            }
            /* The terms are summed in the order they always had, net descending, then rank,
             * so every double is what it always was: the nets that occur are gathered as
             * bits (nets_seen, biased by NET_BIAS), and for each from the top the replies
             * with that net, a bit per rank, come from one compare. The replies asked about
             * are the ranks the replier may hold that fit: values rise with rank, so those
             * that fit are the ranks below fits_below(room). */
            u8x16 net_biased = gain + NET_BIAS - back;
            u64x2 nets = (u64x2)net_biased; /* lanes 0..7 and 8..15 as two integers */
            unsigned asked = pool_ranks & fits_below(31 - after.count);
            uint32_t nets_seen = 0;
            for (int half = 0; half < 2; half++) {
                uint64_t lanes = nets[half];
                for (unsigned qs = (asked >> (8 * half)) & 0xFF; qs; qs &= qs - 1) {
                    unsigned at = (unsigned)(lanes >> (8 * __builtin_ctz(qs))) & 0xFF;
                    assert(at < 2 * NET_BIAS);
                    nets_seen |= 1u << at;
                }
            }
            double none = 1.0;
            while (nets_seen) {
                int at = 31 - __builtin_clz(nets_seen);
                nets_seen &= ~(1u << at);
                double net = at - NET_BIAS;
                unsigned with_net = lane_bits((u8x16)(net_biased == (uint8_t)at)) & asked;
                for (unsigned qs = with_net; qs; qs &= qs - 1) {
                    double have = holds_rank[__builtin_ctz(qs)];
                    score += reply_sign * none * have * net;
                    none *= 1.0 - have;
                }
            }
            /* No reply fits: the replier says go, and the go is likely mine. */
            score += none;
        } else if (after.count < 31) {
            score += 1.0; /* nobody else holds a card: the go or last card is mine */
        }
        score_of[i] = score;
        if (score > best_score + 1e-9 ||
            (score > best_score - 1e-9 && value > cs_rank_value(best_rank))) {
            best_rank = r;
            best_score = score;
        }
    }
    if (tied != NULL) {
        /* The ranks another order of the same hand could have chosen: as good, as high. */
        *tied = 0;
        for (int i = 0; i < n_mine && best_rank >= 0; i++)
            if (score_of[i] > best_score - 1e-9 &&
                cs_rank_value(mine[i]) == cs_rank_value(best_rank))
                *tied |= 1u << mine[i];
    }
    for (int i = 0; i < sit->n_hand; i++)
        if (cs_card_rank(sit->hand[i]) == best_rank) return i;
    return -1;
}

void cs_peg_situation_from_view(const cs_view *v, const cs_seen *seen, cs_peg_pile *pile,
                                cs_peg_situation *out) {
    cs_peg_pile_from_view(v, pile);
    *out = (cs_peg_situation){
        .players = v->rules->players,
        .seat = v->seat,
        .partnership = v->rules->partnership,
        .hand = v->hand,
        .n_hand = v->n_hand,
        .pile = pile,
        .cards_left = v->cards_left,
        .unseen = seen->unseen,
        .no_value_upto = seen->no_value_upto,
        .rank_weight = NULL,
    };
}

cs_card cs_peg_lookahead(const cs_view *v, const cs_seen *seen) {
    cs_peg_pile pile;
    cs_peg_situation sit;
    cs_peg_situation_from_view(v, seen, &pile, &sit);
    int i = cs_peg_lookahead_pick(&sit);
    return i >= 0 ? v->hand[i] : CS_NO_CARD;
}

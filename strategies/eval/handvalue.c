/*
 * handvalue.c - exact hand expectations and the crib model of handvalue.h.
 *
 * The crib model, for a discard of k cards (k = 2 or 1), draws the crib's other m = 4 - k
 * cards and the starter from the N = 52 - k cards left, uniformly. Then:
 *
 *   rank part   sum over ordered rank tuples (x1..xm, s) of
 *                   c(x1) (c(x2) - [x2=x1]) ... (c(s) - [s=x1] - ...) * ranks(d, x, s)
 *               divided by N (N-1) ... (N-m), where c(r) = 4 minus the discards of rank r:
 *               the number of ordered card tuples with those ranks over the number of all
 *               ordered tuples.
 *   flush       only when the k discards share a suit: the crib is four of that suit with
 *               probability P4 = q(q-1).. / (N (N-1) ..) (m factors, q = 13 - k cards of
 *               the suit left) and five with P5 = P4 (q - m) / (N - m). A four-card crib
 *               flush scores 4 when the flush minimum allows it, five cards score 5.
 *   nobs        by linearity over the crib's four places: a discarded jack of suit t scores
 *               when the starter is of suit t, probability (13 - k_t) / N (k_t discards of
 *               suit t); each of the m unknown places scores when it holds a jack J of the
 *               pool and the starter shares its suit: sum over J of (1/N)(13 - k_t(J) - 1)/(N-1).
 */
#include "handvalue.h"

#include <string.h>

#include "score.h"

void cs_pool_init(cs_pool *p, cs_cardset cards) {
    /* Rank r's cards are the nibble at bit 4r, bit s of it the card of suit s: a table gives
     * each nibble's count, and another spreads its bits into one byte per suit, so adding
     * the spread nibbles counts every suit at once (at most 13 per byte: no carry). */
    static const uint8_t COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    static const uint32_t BY_SUIT[16] = {0x00000000, 0x00000001, 0x00000100, 0x00000101,
                                         0x00010000, 0x00010001, 0x00010100, 0x00010101,
                                         0x01000000, 0x01000001, 0x01000100, 0x01000101,
                                         0x01010000, 0x01010001, 0x01010100, 0x01010101};
    p->cards = cards;
    int n = 0;
    uint32_t suits = 0;
    for (int r = 0; r < CS_RANKS; r++) {
        unsigned nibble = (unsigned)(cards >> (4 * r)) & 15u;
        n += p->rank[r] = COUNT[nibble];
        suits += BY_SUIT[nibble];
    }
    for (int t = 0; t < CS_SUITS; t++) p->suit[t] = (int)(suits >> (8 * t) & 0xFF);
    p->n = n;
}

double cs_hand_expect(const cs_card h[], int n, const cs_pool *p, int flush_min) {
    /* Everything is counted in integers and divided once, so the order of the sums cannot
     * change the result. The hand's key (score.h) gives its rank-table entries, whether it
     * is one suit, and which jacks it holds. */
    uint64_t key = cs_show_hand_key(h, n);
    const uint8_t *t = cs_show_key_ranks(key, n);
    long sum = 0;
    for (int r = 0; r < CS_RANKS; r++) sum += p->rank[r] * t[r];
    if (cs_show_key_one_suit(key, n)) {
        int match = p->suit[h[0] & 3], other = p->n - match;
        sum += match * (n + 1 >= flush_min ? n + 1 : 0) + other * (n >= flush_min ? n : 0);
    }
    /* Nobs: each jack held scores with every starter of its suit. */
    for (unsigned jacks = (unsigned)(key >> CS_SHOW_KEY_JACK(0)) & 15u; jacks; jacks &= jacks - 1)
        sum += p->suit[__builtin_ctz(jacks)];
    return (double)sum / p->n;
}

/* E[flush + nobs] of the crib for the known discards d[0..k-1] (see the derivation above). */
static double crib_suit_part(const cs_card d[], int k, int flush_min) {
    int m = CS_CRIB_SIZE - k, n = CS_DECK_SIZE - k;
    int in_suit[CS_SUITS] = {0};
    for (int i = 0; i < k; i++) in_suit[d[i] & 3]++;
    double e = 0.0;
    if (in_suit[d[0] & 3] == k) {
        int q = 13 - k;
        double p4 = 1.0;
        for (int i = 0; i < m; i++) p4 *= (double)(q - i) / (n - i);
        double p5 = p4 * (q - m) / (n - m);
        e += (p4 - p5) * (4 >= flush_min ? 4 : 0) + p5 * (5 >= flush_min ? 5 : 0);
    }
    for (int i = 0; i < k; i++)
        if ((d[i] >> 2) == CS_JACK) e += (double)(13 - in_suit[d[i] & 3]) / n;
    for (int t = 0; t < CS_SUITS; t++) {
        cs_card jack = cs_card_make(CS_JACK, t);
        int known = 0;
        for (int i = 0; i < k; i++) known |= d[i] == jack;
        if (!known) e += m * (1.0 / n) * (double)(13 - in_suit[t] - 1) / (n - 1);
    }
    return e;
}

static double crib_two_ranks(int a, int b) {
    int c[CS_RANKS];
    for (int r = 0; r < CS_RANKS; r++) c[r] = 4 - (r == a) - (r == b);
    double sum = 0.0;
    for (int x = 0; x < CS_RANKS; x++) {
        long wx = c[x];
        if (wx == 0) continue;
        for (int y = 0; y < CS_RANKS; y++) {
            long wy = wx * (c[y] - (y == x));
            if (wy <= 0) continue;
            const uint8_t *t = cs_show_rank_table + cs_show_rank_index4(a, b, x, y);
            long acc = 0;
            for (int s = 0; s < CS_RANKS; s++) acc += (c[s] - (s == x) - (s == y)) * t[s];
            sum += (double)(wy * acc);
        }
    }
    return sum / (50.0 * 49.0 * 48.0);
}

static double crib_one_rank(int a) {
    int c[CS_RANKS];
    for (int r = 0; r < CS_RANKS; r++) c[r] = 4 - (r == a);
    double sum = 0.0;
    for (int x = 0; x < CS_RANKS; x++) {
        long wx = c[x];
        for (int y = 0; y < CS_RANKS; y++) {
            long wy = wx * (c[y] - (y == x));
            if (wy <= 0) continue;
            for (int z = 0; z < CS_RANKS; z++) {
                long wz = wy * (c[z] - (z == x) - (z == y));
                if (wz <= 0) continue;
                const uint8_t *t = cs_show_rank_table + cs_show_rank_index4(a, x, y, z);
                long acc = 0;
                for (int s = 0; s < CS_RANKS; s++)
                    acc += (c[s] - (s == x) - (s == y) - (s == z)) * t[s];
                sum += (double)(wz * acc);
            }
        }
    }
    return sum / (51.0 * 50.0 * 49.0 * 48.0);
}

void cs_crib_model_build(cs_crib_model *m, int crib_flush_min) {
    for (int a = 0; a < CS_RANKS; a++) {
        for (int b = a; b < CS_RANKS; b++) {
            double ranks = crib_two_ranks(a, b);
            for (int eq = 0; eq < 2; eq++) {
                /* Representatives: suit symmetry makes any pair with these ranks and this
                 * suit relation score the same. Equal ranks cannot share a suit. */
                int same = eq && a != b;
                cs_card d[2] = {cs_card_make(a, 0), cs_card_make(b, same ? 0 : 1)};
                double v = ranks + crib_suit_part(d, 2, crib_flush_min);
                m->two[a][b][eq] = m->two[b][a][eq] = v;
            }
        }
        cs_card d1 = cs_card_make(a, 0);
        m->one[a] = crib_one_rank(a) + crib_suit_part(&d1, 1, crib_flush_min);
    }
}

int cs_splits(const cs_card dealt[], int n, int n_toss, cs_split out[CS_SPLITS_MAX]) {
    int k = 0;
    if (n_toss == 1) {
        for (int i = 0; i < n; i++) {
            int h = 0;
            for (int j = 0; j < n; j++)
                if (j != i) out[k].keep[h++] = dealt[j];
            out[k].toss[0] = dealt[i];
            out[k].toss[1] = CS_NO_CARD;
            k++;
        }
        return k;
    }
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            /* The x-th card kept is the x-th index other than i and j (i < j): step over i,
             * then over j. No branch on the cards. */
            for (int x = 0; x < n - 2; x++) {
                int e = x + (x >= i);
                e += e >= j;
                out[k].keep[x] = dealt[e];
            }
            out[k].toss[0] = dealt[i];
            out[k].toss[1] = dealt[j];
            k++;
        }
    }
    return k;
}

double cs_crib_weight(const cs_rules *r, int seat, int dealer) {
    if (cs_rules_side(r, seat) == cs_rules_side(r, dealer)) return 1.0;
    return -1.0 / (cs_rules_sides(r) - 1);
}

double cs_discard_best(const cs_rules *r, const cs_split splits[], int n_splits,
                       const cs_pool *pool, const cs_crib_model *m, double crib_weight, int *best,
                       double values[]) {
    int keep = cs_rules_hand_size(r);
    double best_v = -1e300;
    *best = 0;
    /* Each split reads 13 bytes of a 371 KB rank table at a place no cache is likely to hold:
     * asking for them all first lets the memory fetch them side by side rather than one split
     * at a time (a slice may straddle two lines, so both ends are asked for). */
    if (keep == 4) {
        for (int i = 0; i < n_splits; i++) {
            const uint8_t *t = cs_show_key_ranks(cs_show_hand_key(splits[i].keep, 4), 4);
            __builtin_prefetch(t);
            __builtin_prefetch(t + CS_RANKS - 1);
        }
    }
    for (int i = 0; i < n_splits; i++) {
        double v = cs_hand_expect(splits[i].keep, keep, pool, r->hand_flush_min) +
                   crib_weight * cs_crib_expect(m, splits[i].toss, r->discards);
        if (values) values[i] = v;
        if (v > best_v) {
            best_v = v;
            *best = i;
        }
    }
    return best_v;
}

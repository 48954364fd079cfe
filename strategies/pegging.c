/* pegging.c - the pegging policies of pegging.h. */
#include "pegging.h"

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

/* P(a hand of k cards drawn from u cards misses all m cards of a rank) = C(u-m,k)/C(u,k). */
static double miss_probability(int u, int m, int k) {
    double p = 1.0;
    for (int i = 0; i < k; i++) {
        if (u - m - i <= 0) return 0.0;
        p *= (double)(u - m - i) / (u - i);
    }
    return p;
}

int cs_peg_lookahead_pick(const cs_peg_situation *sit) {
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
    int follows = n == 2; /* only with two players does the card after the reply come back */
    int rank_u[CS_RANKS] = {0}, u = 0;
    double holds[CS_SUITS + 1]; /* P(the replier holds a rank of which the pool has m cards) */
    if (replier >= 0) {
        cs_cardset allowed = cs_seen_allowed(sit->unseen, sit->no_value_upto[replier]);
        /* Four bits per rank: count each nibble with a table (no popcount instruction is
         * assumed). */
        static const uint8_t NIBBLE[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        for (int q = 0; q < CS_RANKS; q++) u += rank_u[q] = NIBBLE[(allowed >> (4 * q)) & 15];
        for (int m = 0; m <= CS_SUITS; m++) holds[m] = 1.0 - miss_probability(u, m, k);
    }
    int best_rank = -1;
    double best_score = -1e9;
    for (int i = 0; i < n_mine; i++) {
        int r = mine[i], value = cs_rank_value(r);
        if (pile->count + value > 31) continue;
        double score = cs_peg_gain(pile, r);
        cs_peg_pile after = *pile;
        cs_peg_push(&after, r);
        /* What I could still lay after this card: my other cards (a second card of rank r
         * counts too). */
        int rest[CS_MAX_HAND], n_rest = 0, used = 0;
        for (int j = 0; j < sit->n_hand; j++) {
            int q = cs_card_rank(sit->hand[j]);
            if (q == r && !used) {
                used = 1;
                continue;
            }
            rest[n_rest++] = q;
        }
        if (after.count < 31 && replier >= 0 && u > 0) {
            /* Reply ranks that fit, best first for the replier: points it scores minus what
             * I would take back with my next card. */
            double net[CS_RANKS], have[CS_RANKS];
            int m = 0, gains[CS_RANKS];
            cs_peg_gain_all(&after, gains);
            for (int q = 0; q < CS_RANKS; q++) {
                if (rank_u[q] == 0 || after.count + cs_rank_value(q) > 31) continue;
                int gain = gains[q];
                int back = 0;
                if (follows) {
                    cs_peg_pile after2 = after;
                    cs_peg_push(&after2, q);
                    for (int j = 0; j < n_rest; j++) {
                        if (after2.count + cs_rank_value(rest[j]) > 31) continue;
                        int b = cs_peg_gain(&after2, rest[j]);
                        if (b > back) back = b;
                    }
                }
                double x = gain - back;
                int j = m++;
                while (j > 0 && net[j - 1] < x) {
                    net[j] = net[j - 1];
                    have[j] = have[j - 1];
                    j--;
                }
                net[j] = x;
                have[j] = holds[rank_u[q]];
            }
            double none = 1.0;
            for (int j = 0; j < m; j++) {
                score -= none * have[j] * net[j];
                none *= 1.0 - have[j];
            }
            /* No reply fits: the replier says go, and the go is likely mine. */
            score += none;
        } else if (after.count < 31) {
            score += 1.0; /* nobody else holds a card: the go or last card is mine */
        }
        if (score > best_score + 1e-9 ||
            (score > best_score - 1e-9 && value > cs_rank_value(best_rank))) {
            best_rank = r;
            best_score = score;
        }
    }
    for (int i = 0; i < sit->n_hand; i++)
        if (cs_card_rank(sit->hand[i]) == best_rank) return i;
    return -1;
}

cs_card cs_peg_lookahead(const cs_view *v, const cs_seen *seen) {
    cs_peg_pile pile;
    cs_peg_pile_from_view(v, &pile);
    cs_peg_situation sit = {
        .players = v->rules->players,
        .seat = v->seat,
        .hand = v->hand,
        .n_hand = v->n_hand,
        .pile = &pile,
        .cards_left = v->cards_left,
        .unseen = seen->unseen,
        .no_value_upto = seen->no_value_upto,
    };
    int i = cs_peg_lookahead_pick(&sit);
    return i >= 0 ? v->hand[i] : CS_NO_CARD;
}

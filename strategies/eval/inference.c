/*
 * inference.c - replays the public plays of the deal to find the go bounds, and samples the
 * hidden cards consistently with them (inference.h).
 */
#include "inference.h"

#include <string.h>

static int next_seat(int s, int n) {
    return s + 1 == n ? 0 : s + 1;
}

static void bound(cs_seen *k, int seat, int count) {
    if (k->cards_left[seat] > 0 && 31 - count > k->no_value_upto[seat])
        k->no_value_upto[seat] = 31 - count;
}

void cs_seen_from_view(const cs_view *v, cs_seen *out) {
    int n = v->rules->players;
    memset(out, 0, sizeof *out);
    out->seat = v->seat;
    out->players = n;
    for (int i = 0; i < v->n_hand; i++) out->mine |= cs_cardset_of(v->hand[i]);
    for (int i = 0; i < v->n_kept; i++) out->mine |= cs_cardset_of(v->kept[i]);
    for (int i = 0; i < v->n_discards; i++) out->mine |= cs_cardset_of(v->discards[i]);
    for (int i = 0; i < v->n_plays; i++) out->played |= cs_cardset_of(v->play_card[i]);
    out->unseen = CS_FULL_DECK & ~out->mine & ~out->played;
    if (v->starter != CS_NO_CARD) out->unseen &= ~cs_cardset_of(v->starter);

    /* Replay the plays with each seat's card count from the start of the play. */
    int hand = cs_rules_hand_size(v->rules);
    for (int s = 0; s < n; s++) out->cards_left[s] = v->n_plays > 0 || v->n_kept ? hand : 0;
    int count = 0, prev = -1;
    for (int i = 0; i < v->n_plays; i++) {
        int p = v->play_seat[i], value = cs_card_value(v->play_card[i]);
        if (prev >= 0) {
            if (count == 31 || count + value > 31) {
                /* A new series: nobody could play on the old count (no news after 31). */
                if (count != 31)
                    for (int s = 0; s < n; s++) bound(out, s, count);
                count = 0;
            } else {
                /* Same series: the seats between prev and p were passed over. */
                for (int s = next_seat(prev, n); s != p; s = next_seat(s, n)) bound(out, s, count);
                if (p == prev)
                    for (int s = 0; s < n; s++)
                        if (s != p) bound(out, s, count);
            }
        }
        count += value;
        out->played_by[p] |= cs_cardset_of(v->play_card[i]);
        out->cards_left[p]--;
        prev = p;
    }
    /* The seat asked now: the seats passed over since the last card, or a finished series. */
    if (prev >= 0 && v->n_kept > 0) {
        if (v->n_pile == 0) {
            if (count != 31)
                for (int s = 0; s < n; s++) bound(out, s, count);
        } else {
            for (int s = next_seat(prev, n); s != v->seat; s = next_seat(s, n))
                bound(out, s, count);
        }
    }
    for (int s = 0; s < n; s++) out->cards_left[s] = v->cards_left[s];
    out->no_value_upto[v->seat] = 0;
}

cs_cardset cs_seen_allowed(cs_cardset pool, int upto) {
    /* Values 1..10: value v is ranks v-1 (v < 10) or ranks 9..12 (v = 10). Cards of rank
     * below `upto` (rank r has value r+1 for r < 10) are the low 4*upto bits. */
    if (upto <= 0) return pool;
    if (upto >= 10) return 0;
    return pool & ~(((cs_cardset)1 << (4 * upto)) - 1);
}

cs_card cs_cardset_draw(cs_cardset *set, cs_pcg32 *rng) {
    int n = cs_cardset_count(*set);
    uint32_t k = cs_pcg32_bounded(rng, (uint32_t)n);
    cs_cardset s = *set;
    /* Select the k-th set bit. */
    while (k--) s &= s - 1;
    cs_card c = (cs_card)__builtin_ctzll(s);
    *set &= ~cs_cardset_of(c);
    return c;
}

int cs_seen_sample(const cs_seen *k, int dealt, cs_pcg32 *rng,
                   cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT], cs_cardset *rest) {
    cs_cardset pool = k->unseen;
    int order[CS_MAX_PLAYERS], m = 0;
    for (int s = 0; s < k->players; s++)
        if (s != k->seat) order[m++] = s;
    /* Most constrained first (insertion sort on the bound, descending). */
    if (dealt == 0) {
        for (int i = 1; i < m; i++) {
            int x = order[i], j = i;
            while (j > 0 && k->no_value_upto[order[j - 1]] < k->no_value_upto[x]) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = x;
        }
    }
    for (int i = 0; i < m; i++) {
        int s = order[i];
        int want = dealt > 0 ? dealt : k->cards_left[s];
        cs_cardset allowed = dealt > 0 ? pool : cs_seen_allowed(pool, k->no_value_upto[s]);
        if (cs_cardset_count(allowed) < want) return -1;
        for (int j = 0; j < want; j++) {
            cs_card c = cs_cardset_draw(&allowed, rng);
            hands[s][j] = c;
            pool &= ~cs_cardset_of(c);
        }
    }
    *rest = pool;
    return 0;
}

/* One seat's holding under the discard model: true and filled in on acceptance. */
static int draw_discarder(const cs_seen *k, const cs_rules *r, int dealer, const cs_crib_model *m,
                          int s, cs_cardset pool, cs_pcg32 *rng, cs_card hand[CS_MAX_DEALT],
                          cs_card toss[CS_MAX_DISCARD], cs_cardset *used) {
    cs_card dealt[CS_MAX_DEALT];
    int n = 0;
    for (cs_cardset p = k->played_by[s]; p; p &= p - 1) dealt[n++] = (cs_card)__builtin_ctzll(p);
    int n_played = n;
    if (n_played + k->cards_left[s] != cs_rules_hand_size(r)) return 0;
    cs_cardset drawn = 0;
    for (; n < r->cards_dealt; n++) {
        if (pool == 0) return 0;
        dealt[n] = cs_cardset_draw(&pool, rng);
        drawn |= cs_cardset_of(dealt[n]);
    }
    cs_cardset all = drawn | k->played_by[s];
    cs_pool unseen;
    cs_pool_init(&unseen, CS_FULL_DECK & ~all);
    cs_split splits[CS_SPLITS_MAX];
    int n_splits = cs_splits(dealt, r->cards_dealt, r->discards, splits), best;
    cs_discard_best(r, splits, n_splits, &unseen, m, cs_crib_weight(r, s, dealer), &best, NULL);
    const cs_split *sp = &splits[best];
    cs_cardset kept = 0;
    for (int i = 0; i < cs_rules_hand_size(r); i++) kept |= cs_cardset_of(sp->keep[i]);
    if ((kept & k->played_by[s]) != k->played_by[s]) return 0;
    cs_cardset held = kept & ~k->played_by[s];
    if (cs_seen_allowed(held, k->no_value_upto[s]) != held) return 0;
    int h = 0;
    for (cs_cardset c = held; c; c &= c - 1) hand[h++] = (cs_card)__builtin_ctzll(c);
    for (int i = 0; i < r->discards; i++) toss[i] = sp->toss[i];
    *used = drawn;
    return 1;
}

int cs_seen_sample_discarders(const cs_seen *k, const cs_rules *r, int dealer,
                              const cs_crib_model *m, int tries, cs_pcg32 *rng,
                              cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT],
                              cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD], cs_cardset *rest) {
    cs_cardset pool = k->unseen;
    int fell_back[CS_MAX_PLAYERS] = {0}, n_fell = 0;
    for (int s = 0; s < k->players; s++) {
        for (int i = 0; i < CS_MAX_DISCARD; i++) tossed[s][i] = CS_NO_CARD;
        if (s == k->seat) continue;
        int ok = 0;
        cs_cardset used = 0;
        for (int t = 0; t < tries && !ok; t++)
            ok = draw_discarder(k, r, dealer, m, s, pool, rng, hands[s], tossed[s], &used);
        if (ok)
            pool &= ~used;
        else
            fell_back[s] = 1, n_fell++;
    }
    if (n_fell > 0) {
        /* The seats the model does not explain: uniformly from what is left. */
        cs_seen left = *k;
        left.unseen = pool;
        for (int s = 0; s < k->players; s++)
            if (s != k->seat && !fell_back[s]) left.cards_left[s] = 0;
        cs_card more[CS_MAX_PLAYERS][CS_MAX_DEALT];
        if (cs_seen_sample(&left, 0, rng, more, &pool) != 0) return -1;
        for (int s = 0; s < k->players; s++)
            if (fell_back[s])
                for (int i = 0; i < k->cards_left[s]; i++) hands[s][i] = more[s][i];
    }
    *rest = pool;
    return n_fell;
}

/*
 * greedy.c - the greedy strategy of greedy.h. Ties in the discard go to the first split in
 * cs_splits() order; ties in the play to the card of higher value.
 */
#include "greedy.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "handvalue.h"
#include "pegging.h"

int cs_greedy_hand_points(const cs_card hand[], int n, int flush_min) {
    int points = 0;
    /* Fifteens: every subset of the cards (at most 2^4). */
    for (int mask = 1; mask < (1 << n); mask++) {
        int sum = 0;
        for (int i = 0; mask >> i; i++)
            if (mask >> i & 1) sum += cs_card_value(hand[i]);
        if (sum == 15) points += 2;
    }
    int count[CS_RANKS] = {0};
    for (int i = 0; i < n; i++) count[cs_card_rank(hand[i])]++;
    /* Pairs: 2 for each pair of equal ranks. */
    for (int r = 0; r < CS_RANKS; r++) points += count[r] * (count[r] - 1);
    /* Runs: each maximal stretch of 3+ consecutive ranks, times its multiplicity. */
    for (int r = 0; r < CS_RANKS;) {
        if (count[r] == 0) {
            r++;
            continue;
        }
        int len = 0, mult = 1;
        while (r + len < CS_RANKS && count[r + len] > 0) mult *= count[r + len], len++;
        if (len >= 3) points += len * mult;
        r += len;
    }
    int one_suit = 1;
    for (int i = 1; i < n; i++) one_suit &= cs_card_suit(hand[i]) == cs_card_suit(hand[0]);
    if (one_suit && n >= flush_min) points += n;
    return points;
}

static int greedy_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    (void)args;
    (void)err;
    (void)err_len;
    /* Stateless: any non-NULL handle will do. */
    static const char handle = 0;
    *self = (void *)&handle;
    return CS_OK;
}

static void greedy_destroy(void *self) {
    (void)self;
}

static void greedy_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    (void)self;
    (void)rules;
    (void)seat;
    (void)rng;
}

static int greedy_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    (void)self;
    cs_split splits[CS_SPLITS_MAX];
    int n = cs_splits(v->hand, v->n_hand, v->rules->discards, splits);
    int keep = cs_rules_hand_size(v->rules), best = 0, best_points = -1;
    for (int i = 0; i < n; i++) {
        int p = cs_greedy_hand_points(splits[i].keep, keep, v->rules->hand_flush_min);
        if (p > best_points) {
            best_points = p;
            best = i;
        }
    }
    memcpy(out, splits[best].toss, (size_t)v->rules->discards * sizeof *out);
    return CS_OK;
}

static int greedy_play(void *self, const cs_view *v, cs_card *out) {
    (void)self;
    cs_card c = cs_peg_greedy(v);
    if (c == CS_NO_CARD) return CS_EILLEGAL;
    *out = c;
    return CS_OK;
}

const cs_strategy cs_strategy_greedy = {
    .name = "greedy",
    .version = 1,
    .description =
        "keeps the cards that score most on their own, plays the card that pegs most now",
    .params = NULL,
    .n_params = 0,
    .create = greedy_create,
    .destroy = greedy_destroy,
    .new_game = greedy_new_game,
    .discard = greedy_discard,
    .play = greedy_play,
    .observe = NULL,
    .last_error = NULL,
};

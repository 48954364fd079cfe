/* habit.c - the players of fixed habits of habit.h. */
#include "habit.h"

#include <stdlib.h>

#include "error.h"
#include "greedy.h"
#include "handvalue.h"
#include "pegging.h"
#include "spec.h"

enum { TOSS_HAND, TOSS_CRIB, TOSS_THUMB };
static const char *const TOSS_CHOICES[] = {"hand", "crib", "thumb", NULL};
enum { PEG_LOW, PEG_BOLD, PEG_SAFE };
static const char *const PEG_CHOICES[] = {"low", "bold", "safe", NULL};

static const cs_strategy_param HABIT_PARAMS[] = {
    {"toss", "hand",
     "the discard: hand (the best mean show, the crib ignored), crib (the crib weighed twice) "
     "or thumb (points on their own, the toss by rules of thumb)"},
    {"peg", "safe",
     "the play, the card that scores most now and among equals: low (the lowest), bold (the "
     "highest) or safe (no count of 5 or 21, a lead under 5, a rank held twice, the highest)"},
};

typedef struct {
    cs_crib_model crib;
    int crib_flush_min;
    int toss, peg;
} habit_player;

int cs_habit_toss_worth(const cs_card d[], int n) {
    int worth = 0;
    for (int i = 0; i < n; i++) worth += 3 * (cs_card_rank(d[i]) == 4);
    if (n == 2) {
        int a = cs_card_rank(d[0]), b = cs_card_rank(d[1]), gap = abs(a - b);
        worth += 2 * (a == b) + 2 * (cs_card_value(d[0]) + cs_card_value(d[1]) == 15) +
                 (gap == 1 || gap == 2);
    }
    return worth;
}

static int habit_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    int toss, peg;
    int rc = cs_spec_choice("habit", "toss", args->values[0], TOSS_CHOICES, &toss, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("habit", "peg", args->values[1], PEG_CHOICES, &peg, err, err_len);
    if (rc != CS_OK) return rc;
    habit_player *h = malloc(sizeof *h);
    if (h == NULL) return CS_ENOMEM;
    h->toss = toss;
    h->peg = peg;
    h->crib_flush_min = 5;
    cs_crib_model_build(&h->crib, h->crib_flush_min);
    *self = h;
    return CS_OK;
}

static void habit_destroy(void *self) {
    free(self);
}

static void habit_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    habit_player *h = self;
    (void)seat;
    (void)rng;
    if (rules->crib_flush_min != h->crib_flush_min) {
        h->crib_flush_min = rules->crib_flush_min;
        cs_crib_model_build(&h->crib, h->crib_flush_min);
    }
}

static int habit_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    const habit_player *h = self;
    const cs_rules *r = v->rules;
    cs_split splits[CS_SPLITS_MAX];
    int n = cs_splits(v->hand, v->n_hand, r->discards, splits), keep = cs_rules_hand_size(r);
    double weight = cs_crib_weight(r, v->seat, v->dealer);
    int best = 0;
    if (h->toss == TOSS_THUMB) {
        int sign = weight > 0 ? 1 : -1, best_worth = 0;
        for (int i = 0; i < n; i++) {
            int worth = cs_greedy_hand_points(splits[i].keep, keep, r->hand_flush_min) +
                        sign * cs_habit_toss_worth(splits[i].toss, r->discards);
            if (i == 0 || worth > best_worth) best = i, best_worth = worth;
        }
    } else {
        cs_cardset dealt = 0;
        for (int i = 0; i < v->n_hand; i++) dealt |= cs_cardset_of(v->hand[i]);
        cs_pool pool;
        cs_pool_init(&pool, CS_FULL_DECK & ~dealt);
        /* toss=hand: a crib of weight 0 adds nothing to any split. */
        cs_discard_best(r, splits, n, &pool, &h->crib, h->toss == TOSS_CRIB ? 2 * weight : 0, &best,
                        NULL);
    }
    for (int d = 0; d < r->discards; d++) out[d] = splits[best].toss[d];
    return CS_OK;
}

/* peg=safe's order among cards that score alike: a quiet count first (not 5 or 21; on a lead,
 * under 5), then a rank held twice, then the higher value. */
static int safe_key(const cs_view *v, cs_card c) {
    int count = v->count + cs_card_value(c), held = 0;
    for (int i = 0; i < v->n_hand; i++) held += cs_card_rank(v->hand[i]) == cs_card_rank(c);
    int quiet = count != 5 && count != 21 && (v->n_pile > 0 || count < 5);
    return 64 * quiet + 16 * (held >= 2) + cs_card_value(c);
}

static int habit_play(void *self, const cs_view *v, cs_card *out) {
    const habit_player *h = self;
    cs_peg_pile pile;
    cs_peg_pile_from_view(v, &pile);
    cs_card best = CS_NO_CARD;
    int best_points = -1, best_key = 0;
    for (int i = 0; i < v->n_hand; i++) {
        cs_card c = v->hand[i];
        int value = cs_card_value(c);
        if (v->count + value > 31) continue;
        int points = cs_peg_gain(&pile, cs_card_rank(c));
        /* Higher keys win ties of points; equal keys keep the first card in hand order. */
        int key = h->peg == PEG_LOW ? -value : h->peg == PEG_BOLD ? value : safe_key(v, c);
        if (points > best_points || (points == best_points && key > best_key)) {
            best = c;
            best_points = points;
            best_key = key;
        }
    }
    if (best == CS_NO_CARD) return CS_EILLEGAL;
    *out = best;
    return CS_OK;
}

const cs_strategy cs_strategy_habit = {
    .name = "habit",
    .version = 1,
    .description = "a player of fixed habits, for the ladder's second yardstick: a discard "
                   "habit (the hand alone, the crib weighed twice, or rules of thumb) and a "
                   "pegging habit (the most points now, then low, bold or safe)",
    .tuned = "nothing: fixed rules, shaped against no opponent (none of the other strategies "
             "was shaped against it either)",
    .params = HABIT_PARAMS,
    .n_params = 2,
    .create = habit_create,
    .destroy = habit_destroy,
    .new_game = habit_new_game,
    .discard = habit_discard,
    .play = habit_play,
    .observe = NULL,
    .last_error = NULL,
};

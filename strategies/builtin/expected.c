/* expected.c - the expected-value strategy of expected.h. */
#include "expected.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "inference.h"
#include "pegging.h"
#include "spec.h"

enum { PEG_LOOKAHEAD, PEG_GREEDY };
static const char *const PEG_CHOICES[] = {"lookahead", "greedy", NULL};

static const cs_strategy_param EXPECTED_PARAMS[] = {
    {"peg", "lookahead", "pegging policy: lookahead (weighs the best reply) or greedy"},
};

typedef struct {
    cs_crib_model crib;
    int crib_flush_min;
    int peg;
} expected_player;

void cs_expected_discard(const cs_view *v, const cs_crib_model *m, cs_card out[CS_MAX_DISCARD]) {
    cs_cardset dealt = 0;
    for (int i = 0; i < v->n_hand; i++) dealt |= cs_cardset_of(v->hand[i]);
    cs_pool pool;
    cs_pool_init(&pool, CS_FULL_DECK & ~dealt);
    cs_split splits[CS_SPLITS_MAX];
    int n = cs_splits(v->hand, v->n_hand, v->rules->discards, splits), best;
    cs_discard_best(v->rules, splits, n, &pool, m, cs_crib_weight(v->rules, v->seat, v->dealer),
                    &best, NULL);
    memcpy(out, splits[best].toss, (size_t)v->rules->discards * sizeof *out);
}

static int expected_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    int peg;
    int rc = cs_spec_choice("expected", "peg", args->values[0], PEG_CHOICES, &peg, err, err_len);
    if (rc != CS_OK) return rc;
    expected_player *e = malloc(sizeof *e);
    if (e == NULL) return CS_ENOMEM;
    e->crib_flush_min = 5;
    e->peg = peg;
    cs_crib_model_build(&e->crib, e->crib_flush_min);
    *self = e;
    return CS_OK;
}

static void expected_destroy(void *self) {
    free(self);
}

static void expected_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    expected_player *e = self;
    (void)seat;
    (void)rng;
    if (rules->crib_flush_min != e->crib_flush_min) {
        e->crib_flush_min = rules->crib_flush_min;
        cs_crib_model_build(&e->crib, e->crib_flush_min);
    }
}

static int expected_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    expected_player *e = self;
    cs_expected_discard(v, &e->crib, out);
    return CS_OK;
}

static int expected_play(void *self, const cs_view *v, cs_card *out) {
    expected_player *e = self;
    cs_card legal[CS_MAX_HAND];
    int n = cs_view_legal_plays(v, legal);
    if (n == 0) return CS_EILLEGAL;
    if (n == 1) {
        *out = legal[0];
        return CS_OK;
    }
    if (e->peg == PEG_GREEDY) {
        *out = cs_peg_greedy(v);
        return CS_OK;
    }
    cs_seen seen;
    cs_seen_from_view(v, &seen);
    *out = cs_peg_lookahead(v, &seen);
    return CS_OK;
}

const cs_strategy cs_strategy_expected = {
    .name = "expected",
    .version = 1,
    .description = "exact expected hand over every starter plus the modelled crib; pegs "
                   "against the best reply the unseen cards allow",
    .tuned = "nothing: exact expected values under whatever rules are played; its pegging "
             "lookahead weighs the replies any unseen cards allow",
    .params = EXPECTED_PARAMS,
    .n_params = 1,
    .create = expected_create,
    .destroy = expected_destroy,
    .new_game = expected_new_game,
    .discard = expected_discard,
    .play = expected_play,
    .observe = NULL,
    .last_error = NULL,
};

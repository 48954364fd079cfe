/* random.c - the uniform-random strategy of random.h. */
#include "random.h"

#include <stdlib.h>

#include "error.h"

typedef struct {
    cs_pcg32 rng;
} random_player;

static int random_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    (void)args;
    (void)err;
    (void)err_len;
    random_player *r = calloc(1, sizeof *r);
    if (r == NULL) return CS_ENOMEM;
    *self = r;
    return CS_OK;
}

static void random_destroy(void *self) {
    free(self);
}

static void random_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    (void)rules;
    (void)seat;
    ((random_player *)self)->rng = rng;
}

/* A uniform subset of rules->discards cards: the first draws of a Fisher-Yates shuffle. */
static int random_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    random_player *r = self;
    /* Copied by a fixed loop (n_hand is the cards dealt, at most CS_MAX_DEALT), not a call to
     * memcpy for a handful of bytes. */
    cs_card cards[CS_MAX_DEALT];
    for (int i = 0; i < CS_MAX_DEALT; i++) cards[i] = i < v->n_hand ? v->hand[i] : CS_NO_CARD;
    for (int d = 0; d < v->rules->discards; d++) {
        int j = d + (int)cs_pcg32_bounded(&r->rng, (uint32_t)(v->n_hand - d));
        cs_card t = cards[d];
        cards[d] = cards[j];
        cards[j] = t;
        out[d] = cards[d];
    }
    return CS_OK;
}

static int random_play(void *self, const cs_view *v, cs_card *out) {
    random_player *r = self;
    cs_card legal[CS_MAX_HAND];
    int n = cs_view_legal_plays(v, legal);
    if (n == 0) return CS_EILLEGAL;
    *out = legal[cs_pcg32_bounded(&r->rng, (uint32_t)n)];
    return CS_OK;
}

const cs_strategy cs_strategy_random = {
    .name = "random",
    .version = 1,
    .description = "uniform over the legal discards and plays (the bottom of the ladder)",
    .params = NULL,
    .n_params = 0,
    .create = random_create,
    .destroy = random_destroy,
    .new_game = random_new_game,
    .discard = random_discard,
    .play = random_play,
    .observe = NULL,
    .last_error = NULL,
};

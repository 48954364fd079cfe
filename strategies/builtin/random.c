/* random.c - the uniform-random strategy of random.h. */
#include "random.h"

#include <stdlib.h>

#include "error.h"

/* An instance is its generator; the decisions are the engine's random agent's. */
static int random_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    (void)args;
    (void)err;
    (void)err_len;
    cs_pcg32 *rng = malloc(sizeof *rng); /* seeded by new_game, before every game */
    if (rng == NULL) return CS_ENOMEM;
    *self = rng;
    return CS_OK;
}

static void random_destroy(void *self) {
    free(self);
}

static void random_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    (void)rules;
    (void)seat;
    *(cs_pcg32 *)self = rng;
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
    .discard = cs_random_discard,
    .play = cs_random_play,
    .observe = NULL,
    .last_error = NULL,
};

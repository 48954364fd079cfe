/* nn.c - the `nn` strategy of nn.h: a network's choices through the shared encoder. */
#include "nn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encode.h"
#include "error.h"

/* The seat spec's value that means the network compiled into cribsim. */
#define NN_BUILTIN "builtin"

static const cs_strategy_param NN_PARAMS[] = {
    {"path", NN_BUILTIN,
     "network file to play (docs/nn-format.md); builtin: strategies/models/default.nn"},
};

/* An instance: the network, and room for one decision's numbers. */
typedef struct {
    cs_nn net;
    float scratch[2 * CS_NN_WIDTH_MAX];
    float scores[CS_ACT_COUNT];
    uint8_t obs[CS_OBS_SIZE];
    uint8_t mask[CS_ACT_COUNT];
} nn_player;

static int nn_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    const char *path = args->values[0];
    nn_player *p = malloc(sizeof *p);
    if (p == NULL) return CS_ENOMEM;
    int rc = strcmp(path, NN_BUILTIN) == 0
                 ? cs_nn_parse(cs_nn_default_bytes, cs_nn_default_size,
                               "strategies/models/default.nn (built in)", &p->net, err, err_len)
                 : cs_nn_load(path, &p->net, err, err_len);
    if (rc != CS_OK) {
        free(p);
        return rc;
    }
    *self = p;
    return CS_OK;
}

static void nn_destroy(void *self) {
    nn_player *p = self;
    if (p == NULL) return;
    cs_nn_free(&p->net);
    free(p);
}

/* The network file's checksum: a file replaced between a run and its --resume is noticed. */
static void nn_identity(void *self, char *buf, size_t len) {
    const nn_player *p = self;
    snprintf(buf, len, "crc32=%08x", (unsigned)p->net.crc);
}

static void nn_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    (void)self;
    (void)rules;
    (void)seat;
    (void)rng;
}

/* The network's legal choice for v with chosen[0..n_chosen) laid away so far; -1 if none. */
static int decide(nn_player *p, const cs_view *v, const cs_card *chosen, int n_chosen) {
    int legal = cs_encode_mask(v, chosen, n_chosen, 0, p->mask);
    if (legal == 0) return -1; /* mutate: equivalent 1->2: its callers read only a < 0 */
    /* A forced move needs no network (the argmax of one legal action is that action). */
    if (legal == 1) return (int)((const uint8_t *)memchr(p->mask, 1, CS_ACT_COUNT) - p->mask);
    cs_encode_view(v, chosen, n_chosen, p->obs);
    return cs_nn_choose(&p->net, p->obs, p->mask, p->scratch, p->scores);
}

static int nn_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    nn_player *p = self;
    for (int d = 0; d < v->rules->discards; d++) {
        int a = decide(p, v, out, d);
        /* mutate: equivalent >=->>: the mask is asked without go, so a is never CS_ACT_GO */
        if (a < 0 || a >= CS_ACT_GO) return CS_EILLEGAL;
        out[d] = (cs_card)a;
    }
    return CS_OK;
}

static int nn_play(void *self, const cs_view *v, cs_card *out) {
    int a = decide(self, v, NULL, 0);
    /* mutate: equivalent >=->>: the mask is asked without go, so a is never CS_ACT_GO */
    if (a < 0 || a >= CS_ACT_GO) return CS_EILLEGAL;
    *out = (cs_card)a;
    return CS_OK;
}

const cs_strategy cs_strategy_nn = {
    .name = "nn",
    .version = 1,
    .description = "a neural network over the environment's observation "
                   "(analysis/cribsim/train/nn.py) scores every card to lay away or play",
    .tuned = "two players, hands of six: behaviour cloning of expert on states that expert, "
             "expected, greedy, random and the network itself reach",
    .params = NN_PARAMS,
    .n_params = 1,
    .create = nn_create,
    .destroy = nn_destroy,
    .new_game = nn_new_game,
    .discard = nn_discard,
    .play = nn_play,
    .observe = NULL,
    .last_error = NULL,
    .identity = nn_identity,
};

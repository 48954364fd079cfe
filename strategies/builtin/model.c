/* model.c - the `model` strategy of model.h: features, scoring, and the player. */
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "pegging.h"

static const char *const DISCARD_NAMES[] = {
    "kept_expected", "crib_expected", "crib_pair",   "crib_fifteen", "crib_sum_five", "crib_fives",
    "crib_jacks",    "crib_near",     "crib_suited", "crib_value",   "kept_fives",    "kept_low",
};
static const char *const PLAY_NAMES[] = {
    "points",     "reply_threat", "reply_scores", "reply_fits", "count_after",
    "card_value", "lead_low",     "can_follow",   "keep_same",
};
_Static_assert(sizeof DISCARD_NAMES / sizeof DISCARD_NAMES[0] == CS_MODEL_DISCARD_FEATURES,
               "one name per discard feature");
_Static_assert(sizeof PLAY_NAMES / sizeof PLAY_NAMES[0] == CS_MODEL_PLAY_FEATURES,
               "one name per play feature");
static const cs_model_features FEATURES = {
    .n_discard = CS_MODEL_DISCARD_FEATURES,
    .n_play = CS_MODEL_PLAY_FEATURES,
    .discard_names = DISCARD_NAMES,
    .play_names = PLAY_NAMES,
};

/* The seat spec's value that means the model compiled into cribsim. */
#define MODEL_BUILTIN "builtin"

static const cs_strategy_param MODEL_PARAMS[] = {
    {"path", MODEL_BUILTIN,
     "model file to play (docs/model-format.md); builtin: strategies/models/default.model"},
};

const cs_model_features *cs_model_feature_set(void) {
    return &FEATURES;
}

void cs_model_discard_features(const cs_split *sp, int n_keep, int n_toss, const cs_pool *pool,
                               int flush_min, const cs_crib_model *crib, double s, double f[]) {
    memset(f, 0, CS_MODEL_DISCARD_FEATURES * sizeof f[0]);
    f[0] = cs_hand_expect(sp->keep, n_keep, pool, flush_min);
    f[1] = s * cs_crib_expect(crib, sp->toss, n_toss);
    int value_sum = 0, fives = 0, jacks = 0;
    for (int t = 0; t < n_toss; t++) {
        int r = cs_card_rank(sp->toss[t]);
        value_sum += cs_card_value(sp->toss[t]);
        fives += r == 4;
        jacks += r == 10;
    }
    if (n_toss == 2) {
        int ra = cs_card_rank(sp->toss[0]), rb = cs_card_rank(sp->toss[1]);
        int gap = ra > rb ? ra - rb : rb - ra;
        f[2] = s * (ra == rb);
        f[3] = s * (value_sum == 15);
        f[4] = s * (value_sum == 5);
        f[7] = s * (gap == 1 || gap == 2);
        f[8] = s * (cs_card_suit(sp->toss[0]) == cs_card_suit(sp->toss[1]));
    }
    f[5] = s * fives;
    f[6] = s * jacks;
    f[9] = s * value_sum / 10.0;
    for (int k = 0; k < n_keep; k++) {
        f[10] += cs_card_rank(sp->keep[k]) == 4;
        f[11] += cs_card_value(sp->keep[k]) <= 4;
    }
}

/* The chance that k cards drawn from `total` unseen cards include one of `hits` of them:
 * 1 - C(total - hits, k) / C(total, k), as a product of k ratios. */
static double chance_of_any(int total, int hits, int k) {
    double miss = 1.0;
    for (int j = 0; j < k; j++)
        miss *= total - hits - j <= 0 ? 0.0 : (double)(total - hits - j) / (total - j);
    return 1.0 - miss;
}

void cs_model_reply_init(const cs_view *v, cs_model_reply *out) {
    cs_cardset seen = 0;
    /* mutate: equivalent 0->1: the kept cards are the hand and my plays, each added below */
    for (int i = 0; i < v->n_kept; i++) seen |= cs_cardset_of(v->kept[i]);
    for (int i = 0; i < v->n_hand; i++) seen |= cs_cardset_of(v->hand[i]);
    for (int i = 0; i < v->n_discards; i++) seen |= cs_cardset_of(v->discards[i]);
    if (v->starter != CS_NO_CARD) seen |= cs_cardset_of(v->starter);
    for (int i = 0; i < v->n_plays; i++) seen |= cs_cardset_of(v->play_card[i]);
    cs_cardset unseen = CS_FULL_DECK & ~seen;
    for (int r = 0; r < CS_RANKS; r++)
        out->unseen[r] = cs_cardset_count(unseen & ((cs_cardset)0xF << (4 * r)));
    out->total = cs_cardset_count(unseen);
    /* The next seat holds `held` of the unseen cards. */
    int held = v->cards_left[(v->seat + 1) % v->rules->players];
    out->held = held > out->total ? out->total : held;
    for (int h = 0; h <= 4; h++) out->rank_chance[h] = chance_of_any(out->total, h, out->held);
}

void cs_model_play_features(const cs_view *v, int i, const cs_model_reply *reply, double f[]) {
    memset(f, 0, CS_MODEL_PLAY_FEATURES * sizeof f[0]);
    cs_card c = v->hand[i];
    int rank = cs_card_rank(c), value = cs_card_value(c);
    cs_peg_pile pile;
    cs_peg_pile_from_view(v, &pile);
    f[0] = cs_peg_gain(&pile, rank);
    int after = pile.count + value;
    /* After a 31 the next card leads a new series. */
    if (after == 31) {
        pile.n = 0;
        pile.count = 0;
    } else {
        cs_peg_push(&pile, rank);
    }
    const int *u = reply->unseen;
    int any = 0, fit = 0;
    for (int r = 0; r < CS_RANKS; r++) {
        if (u[r] == 0 || pile.count + cs_rank_value(r) > 31) continue;
        int g = cs_peg_gain(&pile, r);
        f[1] += reply->rank_chance[u[r]] * g;
        any += g > 0 ? u[r] : 0;
        fit += u[r];
    }
    f[2] = chance_of_any(reply->total, any, reply->held);
    f[3] = chance_of_any(reply->total, fit, reply->held);
    f[4] = after / 31.0;
    f[5] = value / 10.0;
    f[6] = v->n_pile == 0 && value <= 4;
    for (int k = 0; k < v->n_hand; k++) {
        if (k == i) continue;
        if (after < 31 && after + cs_card_value(v->hand[k]) <= 31) f[7] = 1;
        if (cs_card_rank(v->hand[k]) == rank) f[8] = 1;
    }
}

static double dot(const double w[], const double f[], int n) {
    double sum = 0;
    for (int k = 0; k < n; k++) sum += w[k] * f[k];
    return sum;
}

/* An instance: the weights, and the crib model for the game's crib flush rule. */
typedef struct {
    cs_model model;
    cs_crib_model crib;
    int crib_flush_min;
} model_player;

static int model_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    const char *path = args->values[0];
    model_player *p = malloc(sizeof *p);
    if (p == NULL) return CS_ENOMEM;
    int rc = strcmp(path, MODEL_BUILTIN) == 0
                 ? cs_model_parse(cs_model_default_bytes, cs_model_default_size,
                                  "strategies/models/default.model (built in)", &FEATURES,
                                  &p->model, err, err_len)
                 : cs_model_load(path, &FEATURES, &p->model, err, err_len);
    if (rc != CS_OK) {
        free(p);
        return rc;
    }
    p->crib_flush_min = 5;
    cs_crib_model_build(&p->crib, p->crib_flush_min);
    *self = p;
    return CS_OK;
}

/* The model file's own checksum (its last four bytes): two files that play alike carry the
 * same one, whatever their paths. */
static void model_identity(void *self, char *buf, size_t len) {
    const model_player *p = self;
    snprintf(buf, len, "crc32=%08x", (unsigned)p->model.crc);
}

static void model_destroy(void *self) {
    free(self);
}

static void model_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    model_player *p = self;
    (void)seat;
    (void)rng;
    if (rules->crib_flush_min != p->crib_flush_min) {
        p->crib_flush_min = rules->crib_flush_min;
        cs_crib_model_build(&p->crib, p->crib_flush_min);
    }
}

static int model_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    const model_player *p = self;
    cs_cardset dealt = 0;
    for (int i = 0; i < v->n_hand; i++) dealt |= cs_cardset_of(v->hand[i]);
    cs_pool pool;
    cs_pool_init(&pool, CS_FULL_DECK & ~dealt);
    cs_split splits[CS_SPLITS_MAX];
    int n_toss = v->rules->discards, n_keep = v->n_hand - n_toss;
    int n = cs_splits(v->hand, v->n_hand, n_toss, splits), best = 0;
    /* mutate: equivalent >->>=: a crib weight is 1 or -1 / (sides - 1), never 0 */
    double s = cs_crib_weight(v->rules, v->seat, v->dealer) > 0 ? 1.0 : -1.0, best_score = 0;
    for (int k = 0; k < n; k++) {
        double f[CS_MODEL_DISCARD_FEATURES];
        cs_model_discard_features(&splits[k], n_keep, n_toss, &pool, v->rules->hand_flush_min,
                                  &p->crib, s, f);
        double score = dot(p->model.discard, f, CS_MODEL_DISCARD_FEATURES);
        if (k == 0 || score > best_score) best = k, best_score = score;
    }
    for (int d = 0; d < n_toss; d++) out[d] = splits[best].toss[d];
    return CS_OK;
}

static int model_play(void *self, const cs_view *v, cs_card *out) {
    const cs_model *m = &((const model_player *)self)->model;
    cs_model_reply reply;
    cs_model_reply_init(v, &reply);
    int best = -1;
    double best_score = 0;
    for (int i = 0; i < v->n_hand; i++) {
        if (v->count + cs_card_value(v->hand[i]) > 31) continue;
        double f[CS_MODEL_PLAY_FEATURES];
        cs_model_play_features(v, i, &reply, f);
        double score = dot(m->play, f, CS_MODEL_PLAY_FEATURES);
        if (best < 0 || score > best_score) best = i, best_score = score;
    }
    if (best < 0) return CS_EILLEGAL;
    *out = v->hand[best];
    return CS_OK;
}

const cs_strategy cs_strategy_model = {
    .name = "model",
    .version = 1,
    .description = "a linear model trained on cribsim's datasets (cribsim-train-model) "
                   "scores every discard and every card that fits",
    .tuned = "two players, hands of six: trained on 3,000 games of expected against itself "
             "(imitating expected's discards and plays)",
    .params = MODEL_PARAMS,
    .n_params = 1,
    .create = model_create,
    .destroy = model_destroy,
    .new_game = model_new_game,
    .discard = model_discard,
    .play = model_play,
    .observe = NULL,
    .last_error = NULL,
    .identity = model_identity,
};

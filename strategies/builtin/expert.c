/* expert.c - the fast strong strategy of expert.h. */
#include "expert.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "expected.h"
#include "inference.h"
#include "pegging.h"
#include "spec.h"

enum { PEG_MODEL, PEG_LOOKAHEAD };
static const char *const PEG_CHOICES[] = {"model", "lookahead", NULL};

static const cs_strategy_param EXPERT_PARAMS[] = {
    {"peg", "model",
     "pegging: model (expected's lookahead, the replier's cards weighted by how often a seat "
     "that lays away as expected keeps each rank) or lookahead (expected's)"},
};

/* Deals simulated for the keep rates: each role sees 4,000 or more hands of five or six
 * cards, some 1,500 cards of each rank, which pins each rate to about 0.01. */
#define KEEP_DEALS 20000
/* The fixed seed of those deals: any constant; one keeps every instance's table the same. */
#define KEEP_SEED 0xE4BE47ull

typedef struct {
    cs_crib_model crib;
    cs_rules rules; /* the rules the tables were built for */
    int built;
    int peg;
    int table; /* the response table applies: two players, six cards, two to the crib */
    double keep[2][CS_RANKS]; /* [the crib is the seat's side's][rank]: P(kept | dealt) */
    /* [role][p][q]: P(a dealt card of rank q is kept | a card of rank p was kept with it) */
    double with[2][CS_RANKS][CS_RANKS];
} expert_player;

/* Measures keep[][] by dealing KEEP_DEALS deals of r and laying away as expected does. */
static void build_keep(expert_player *e, const cs_rules *r) {
    double kept[2][CS_RANKS] = {{0}}, dealt[2][CS_RANKS] = {{0}};
    static double pair_kept[2][CS_RANKS][CS_RANKS], pair_dealt[2][CS_RANKS][CS_RANKS];
    memset(pair_kept, 0, sizeof pair_kept);
    memset(pair_dealt, 0, sizeof pair_dealt);
    cs_pcg32 rng = cs_pcg32_derive(KEEP_SEED, 0, CS_STREAM_STRATEGY, 0);
    int n = r->players;
    for (int d = 0; d < KEEP_DEALS; d++) {
        cs_cardset deck = CS_FULL_DECK;
        int dealer = d % n;
        for (int p = 0; p < n; p++) {
            cs_card hand[CS_MAX_DEALT];
            cs_cardset mine = 0;
            for (int i = 0; i < r->cards_dealt; i++) {
                hand[i] = cs_cardset_draw(&deck, &rng);
                mine |= cs_cardset_of(hand[i]);
            }
            cs_pool pool;
            cs_pool_init(&pool, CS_FULL_DECK & ~mine);
            cs_split splits[CS_SPLITS_MAX];
            int k = cs_splits(hand, r->cards_dealt, r->discards, splits), best;
            double weight = cs_crib_weight(r, p, dealer);
            cs_discard_best(r, splits, k, &pool, &e->crib, weight, &best, NULL);
            int role = weight > 0;
            for (int i = 0; i < r->cards_dealt; i++) dealt[role][cs_card_rank(hand[i])]++;
            for (int i = 0; i < cs_rules_hand_size(r); i++)
                kept[role][cs_card_rank(splits[best].keep[i])]++;
            cs_cardset keepset = 0;
            for (int i = 0; i < cs_rules_hand_size(r); i++)
                keepset |= cs_cardset_of(splits[best].keep[i]);
            for (int i = 0; i < cs_rules_hand_size(r); i++) {
                cs_card a = splits[best].keep[i];
                for (int j = 0; j < r->cards_dealt; j++) {
                    if (hand[j] == a) continue;
                    int pr = cs_card_rank(a), q = cs_card_rank(hand[j]);
                    pair_dealt[role][pr][q]++;
                    if (keepset & cs_cardset_of(hand[j])) pair_kept[role][pr][q]++;
                }
            }
        }
    }
    for (int role = 0; role < 2; role++)
        for (int q = 0; q < CS_RANKS; q++)
            e->keep[role][q] = dealt[role][q] > 0 ? kept[role][q] / dealt[role][q] : 1.0;
    for (int role = 0; role < 2; role++)
        for (int p = 0; p < CS_RANKS; p++)
            for (int q = 0; q < CS_RANKS; q++)
                e->with[role][p][q] = pair_dealt[role][p][q] > 0
                                          ? pair_kept[role][p][q] / pair_dealt[role][p][q]
                                          : e->keep[role][q];
}

static int expert_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    int peg;
    int rc = cs_spec_choice("expert", "peg", args->values[0], PEG_CHOICES, &peg, err, err_len);
    if (rc != CS_OK) return rc;
    expert_player *e = calloc(1, sizeof *e);
    if (e == NULL) return CS_ENOMEM;
    e->peg = peg;
    *self = e;
    return CS_OK;
}

static void expert_destroy(void *self) {
    free(self);
}

static void expert_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    expert_player *e = self;
    (void)seat;
    (void)rng;
    if (e->built && memcmp(&e->rules, rules, sizeof *rules) == 0) return;
    if (!e->built || e->rules.crib_flush_min != rules->crib_flush_min)
        cs_crib_model_build(&e->crib, rules->crib_flush_min);
    e->rules = *rules;
    build_keep(e, rules);
    e->table = rules->players == 2 && rules->cards_dealt == 6 && rules->discards == 2 &&
               !rules->single_series;
    e->built = 1;
}

static int expert_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    expert_player *e = self;
    if (!e->table) {
        cs_expected_discard(v, &e->crib, out);
        return CS_OK;
    }
    const cs_rules *r = v->rules;
    cs_cardset dealt = 0;
    for (int i = 0; i < v->n_hand; i++) dealt |= cs_cardset_of(v->hand[i]);
    cs_pool pool;
    cs_pool_init(&pool, CS_FULL_DECK & ~dealt);
    cs_split splits[CS_SPLITS_MAX];
    double value[CS_SPLITS_MAX];
    int n = cs_splits(v->hand, v->n_hand, r->discards, splits), best;
    cs_discard_best(r, splits, n, &pool, &e->crib, cs_crib_weight(r, v->seat, v->dealer), &best,
                    value);
    int role = v->seat == v->dealer;
    double alpha = getenv("PA") ? atof(getenv("PA")) : 1.0;
    double best_v = -1e300;
    for (int i = 0; i < n; i++) {
        int rk[4];
        for (int k = 0; k < 4; k++) {
            int x = cs_card_rank(splits[i].keep[k]), j = k;
            while (j > 0 && rk[j - 1] > x) {
                rk[j] = rk[j - 1];
                j--;
            }
            rk[j] = x;
        }
        double vv = value[i] + alpha * cs_expert_peg[role][cs_expert_hand_index(rk)] / 100.0;
        if (vv > best_v) {
            best_v = vv;
            best = i;
        }
    }
    for (int d = 0; d < r->discards; d++) out[d] = splits[best].toss[d];
    return CS_OK;
}

/* The dealer's answer to the opening lead, from the response table (expert.h). */
static int table_response(const cs_view *v, cs_card *out) {
    int r[4];
    for (int i = 0; i < 4; i++) {
        int x = cs_card_rank(v->hand[i]), j = i;
        while (j > 0 && r[j - 1] > x) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = x;
    }
    int want = cs_expert_response[cs_card_rank(v->play_card[0])][cs_expert_hand_index(r)] - 'a';
    for (int i = 0; i < 4; i++) {
        if (cs_card_rank(v->hand[i]) == want) {
            *out = v->hand[i];
            return CS_OK;
        }
    }
    return CS_EAGENT;
}

static int expert_play(void *self, const cs_view *v, cs_card *out) {
    expert_player *e = self;
    cs_card legal[CS_MAX_HAND];
    int n = cs_view_legal_plays(v, legal);
    if (n == 0) return CS_EILLEGAL;
    if (n == 1) {
        *out = legal[0];
        return CS_OK;
    }
    if (e->table && v->n_plays == 1 && v->seat == v->dealer && v->n_hand == 4)
        return table_response(v, out);
    cs_seen seen;
    cs_seen_from_view(v, &seen);
    cs_peg_pile pile;
    cs_peg_pile_from_view(v, &pile);
    int players = v->rules->players, replier = -1;
    for (int s = (v->seat + 1) % players; s != v->seat; s = (s + 1) % players)
        if (v->cards_left[s] > 0) {
            replier = s;
            break;
        }
    cs_peg_situation sit = {
        .players = players,
        .seat = v->seat,
        .partnership = v->rules->partnership,
        .hand = v->hand,
        .n_hand = v->n_hand,
        .pile = &pile,
        .cards_left = v->cards_left,
        .unseen = seen.unseen,
        .no_value_upto = seen.no_value_upto,
        .rank_weight = NULL,
    };
    double weight[CS_RANKS];
    if (e->peg == PEG_MODEL && replier >= 0) {
        int role = cs_crib_weight(v->rules, replier, v->dealer) > 0;
        for (int q = 0; q < CS_RANKS; q++) {
            double w = e->keep[role][q];
            for (cs_cardset pl = seen.played_by[replier]; pl; pl &= pl - 1) {
                int p = cs_card_rank((cs_card)__builtin_ctzll(pl));
                w *= e->with[role][p][q] / e->keep[role][q];
            }
            weight[q] = w;
        }
        sit.rank_weight = weight;
    }
    int i = cs_peg_lookahead_pick(&sit);
    if (i < 0) return CS_EILLEGAL;
    *out = v->hand[i];
    return CS_OK;
}

const cs_strategy cs_strategy_expert = {
    .name = "expert",
    .version = 1,
    .description = "expected's discard and pegging, sharpened by tables: fast strong play",
    .params = EXPERT_PARAMS,
    .n_params = 1,
    .create = expert_create,
    .destroy = expert_destroy,
    .new_game = expert_new_game,
    .discard = expert_discard,
    .play = expert_play,
    .observe = NULL,
    .last_error = NULL,
};

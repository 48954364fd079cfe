/* expert.c - the fast strong strategy of expert.h. */
#include "expert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "expected.h"
#include "inference.h"
#include "pegging.h"
#include "spec.h"

enum { PEG_MODEL, PEG_LOOKAHEAD };
static const char *const PEG_CHOICES[] = {"model", "lookahead", NULL};
static const char *const ON_OFF[] = {"on", "off", NULL};

static const cs_strategy_param EXPERT_PARAMS[] = {
    {"peg", "model",
     "pegging: model (expected's lookahead, the next seat's cards weighted by how a seat "
     "laying away as expected keeps them with the cards it has played) or lookahead "
     "(expected's)"},
    {"tables", "on",
     "on: with two players, the response, pegging and crib tables (expert.h); off: "
     "expected's discard and no response table"},
};

/* Deals simulated for the keep model. With two players each role sees 20,000 hands: some
 * 9,000 dealt cards of each rank (the keep rates to about 0.005) and 700 to 2,000 of each
 * pair of ranks (the rates with a card kept to about 0.015). About 40,000 discards of
 * expected: some 15 ms on this machine's kind of core, per instance and rules. */
#define KEEP_DEALS 20000
/* The fixed seed of those deals: any constant; one keeps every instance's model the same. */
#define KEEP_SEED 0xE4BE47ull

typedef struct {
    cs_crib_model crib;
    cs_rules rules; /* the rules the model was built for */
    int built;
    int peg, tables;
    int two_hand; /* the tables apply: two players, six cards, two to the crib, series on */
    /* The keep model, [role: 1 when the crib is the seat's side's]: keep[role][q] is P(a dealt
     * card of rank q is kept); with[role][p][q] the same given that a card of rank p was kept
     * with it (a card the seat has since played). */
    double keep[2][CS_RANKS];
    double with[2][CS_RANKS][CS_RANKS];
} expert_player;

/* The role of seat in the keep model and the tables: 1 if the crib is its side's. */
static int role_of(const cs_rules *r, int seat, int dealer) {
    return cs_crib_weight(r, seat, dealer) > 0;
}

/* Fills the keep model by dealing KEEP_DEALS deals of r and laying away as expected does. */
static void build_keep(expert_player *e, const cs_rules *r) {
    double kept[2][CS_RANKS] = {{0}}, dealt[2][CS_RANKS] = {{0}};
    double pair_kept[2][CS_RANKS][CS_RANKS] = {{{0}}}, pair_dealt[2][CS_RANKS][CS_RANKS] = {{{0}}};
    cs_pcg32 rng = cs_pcg32_derive(KEEP_SEED, 0, CS_STREAM_STRATEGY, 0);
    int n = r->players, hand_size = cs_rules_hand_size(r);
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
            cs_discard_best(r, splits, k, &pool, &e->crib, cs_crib_weight(r, p, dealer), &best,
                            NULL);
            int role = role_of(r, p, dealer);
            cs_cardset keepset = 0;
            for (int i = 0; i < hand_size; i++) keepset |= cs_cardset_of(splits[best].keep[i]);
            for (int i = 0; i < r->cards_dealt; i++) {
                int q = cs_card_rank(hand[i]);
                dealt[role][q]++;
                kept[role][q] += (keepset & cs_cardset_of(hand[i])) != 0;
            }
            for (int i = 0; i < hand_size; i++) {
                cs_card a = splits[best].keep[i];
                for (int j = 0; j < r->cards_dealt; j++) {
                    if (hand[j] == a) continue;
                    int pa = cs_card_rank(a), q = cs_card_rank(hand[j]);
                    pair_dealt[role][pa][q]++;
                    pair_kept[role][pa][q] += (keepset & cs_cardset_of(hand[j])) != 0;
                }
            }
        }
    }
    for (int role = 0; role < 2; role++) {
        for (int q = 0; q < CS_RANKS; q++)
            e->keep[role][q] = dealt[role][q] > 0 ? kept[role][q] / dealt[role][q] : 1.0;
        /* A pair of ranks never seen together (none with 20,000 deals) falls back to the
         * plain rate: a ratio of 1 in the product of expert_play(). */
        for (int p = 0; p < CS_RANKS; p++)
            for (int q = 0; q < CS_RANKS; q++)
                e->with[role][p][q] = pair_dealt[role][p][q] > 0
                                          ? pair_kept[role][p][q] / pair_dealt[role][p][q]
                                          : e->keep[role][q];
    }
}

/* Four ranks in ascending order, from cards. */
static void sorted_ranks(const cs_card c[4], int r[4]) {
    for (int i = 0; i < 4; i++) {
        int x = cs_card_rank(c[i]), j = i;
        while (j > 0 && r[j - 1] > x) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = x;
    }
}

int cs_expert_tables_check(const char response[CS_RANKS][CS_EXPERT_HANDS + 1],
                           const short peg[2][CS_EXPERT_HANDS],
                           const short crib[2][CS_RANKS][CS_RANKS][2], char *err, size_t err_len) {
    int r[4];
    for (r[0] = 0; r[0] < CS_RANKS; r[0]++)
        for (r[1] = r[0]; r[1] < CS_RANKS; r[1]++)
            for (r[2] = r[1]; r[2] < CS_RANKS; r[2]++)
                for (r[3] = r[2]; r[3] < CS_RANKS; r[3]++) {
                    int h = cs_expert_hand_index(r);
                    for (int lead = 0; lead < CS_RANKS; lead++) {
                        int held = 0, same = 0;
                        char a = response[lead][h];
                        for (int i = 0; i < 4; i++) {
                            held |= a == 'a' + r[i];
                            same += r[i] == lead;
                        }
                        if (same == 4 ? a != '.' : !held) {
                            snprintf(err, err_len,
                                     "expert: response table entry for lead rank %d and hand "
                                     "%d is '%c', not a rank held (rebuild the table with "
                                     "cs_gen_expert_tables)",
                                     lead, h, a);
                            return CS_ECONFIG;
                        }
                    }
                    for (int role = 0; role < 2; role++) {
                        int v = peg[role][h];
                        if (v < -1000 || v > 1000) {
                            snprintf(err, err_len,
                                     "expert: pegging table entry %d of role %d is %d hundredths, "
                                     "beyond ten points (rebuild the table)",
                                     h, role, v);
                            return CS_ECONFIG;
                        }
                    }
                }
    for (int role = 0; role < 2; role++)
        for (int a = 0; a < CS_RANKS; a++)
            for (int b = 0; b < CS_RANKS; b++)
                for (int same = 0; same < 2; same++) {
                    int v = crib[role][a][b][same], none = a == b && same;
                    if (none ? v != 0 : (v < 100 || v > 2900)) {
                        snprintf(err, err_len,
                                 "expert: crib table entry [%d][%d][%d][%d] is %d hundredths, "
                                 "outside 1 to 29 points (rebuild the table)",
                                 role, a, b, same, v);
                        return CS_ECONFIG;
                    }
                }
    return CS_OK;
}

static int expert_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    int peg, tables;
    int rc = cs_spec_choice("expert", "peg", args->values[0], PEG_CHOICES, &peg, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("expert", "tables", args->values[1], ON_OFF, &tables, err, err_len);
    if (rc == CS_OK && tables == 0)
        rc =
            cs_expert_tables_check(cs_expert_response, cs_expert_peg, cs_expert_crib, err, err_len);
    if (rc != CS_OK) return rc;
    expert_player *e = calloc(1, sizeof *e);
    if (e == NULL) return CS_ENOMEM;
    e->peg = peg;
    e->tables = tables == 0;
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
    if (e->peg == PEG_MODEL) build_keep(e, rules);
    e->two_hand = e->tables && rules->players == 2 && rules->cards_dealt == 6 &&
                  rules->discards == 2 && !rules->single_series;
    e->built = 1;
}

/*
 * With two hands of six: expected's value of each split (the exact hand over every starter,
 * the crib by the crib model), its crib term replaced by the crib table's figure (the other
 * seat lays away as expected, not at random), plus the pegging table's value of the kept
 * ranks for the seat's role. Elsewhere expected's discard.
 */
static int expert_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    expert_player *e = self;
    if (!e->two_hand) {
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
    int n = cs_splits(v->hand, v->n_hand, r->discards, splits), best = 0;
    double weight = cs_crib_weight(r, v->seat, v->dealer);
    cs_discard_best(r, splits, n, &pool, &e->crib, weight, &best, value);
    int role = role_of(r, v->seat, v->dealer);
    double best_v = -1e300;
    for (int i = 0; i < n; i++) {
        const cs_card *t = splits[i].toss;
        int rk[4];
        sorted_ranks(splits[i].keep, rk);
        double model = cs_crib_expect(&e->crib, t, 2);
        double crib = cs_expert_crib[role][cs_card_rank(t[0])][cs_card_rank(t[1])]
                                    [cs_card_suit(t[0]) == cs_card_suit(t[1])] /
                      100.0;
        double vv = value[i] + weight * (crib - model) +
                    cs_expert_peg[role][cs_expert_hand_index(rk)] / 100.0;
        if (vv > best_v) {
            best_v = vv;
            best = i;
        }
    }
    for (int d = 0; d < r->discards; d++) out[d] = splits[best].toss[d];
    return CS_OK;
}

/* The dealer's answer to the pone's opening lead, from the response table. */
static int table_response(const cs_view *v, cs_card *out) {
    int r[4];
    sorted_ranks(v->hand, r);
    int want = cs_expert_response[cs_card_rank(v->play_card[0])][cs_expert_hand_index(r)] - 'a';
    for (int i = 0; i < 4; i++) {
        if (cs_card_rank(v->hand[i]) == want) {
            *out = v->hand[i];
            return CS_OK;
        }
    }
    return CS_EAGENT; /* cannot happen: create checked every entry */
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
    if (e->two_hand && v->n_plays == 1 && v->seat == v->dealer && v->n_hand == 4)
        return table_response(v, out);
    cs_seen seen;
    cs_seen_from_view(v, &seen);
    cs_peg_pile pile;
    cs_peg_situation sit;
    cs_peg_situation_from_view(v, &seen, &pile, &sit);
    int players = v->rules->players, replier = -1;
    for (int s = (v->seat + 1) % players; s != v->seat; s = (s + 1) % players) {
        if (v->cards_left[s] > 0) {
            replier = s;
            break;
        }
    }
    /* The replier's ranks: its keep rate, times, for each card it has played, how much likelier
     * a card is kept beside one of that rank (naive Bayes over the cards played). */
    double weight[CS_RANKS];
    if (e->peg == PEG_MODEL && replier >= 0) {
        int role = role_of(v->rules, replier, v->dealer);
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
    .description = "expected sharpened by tables: a discard that prices the kept cards' pegging "
                   "and a realistic crib, a dealer's answer to the lead found by Monte Carlo, "
                   "pegging against the hand a seat laying away as expected keeps",
    .params = EXPERT_PARAMS,
    .n_params = 2,
    .create = expert_create,
    .destroy = expert_destroy,
    .new_game = expert_new_game,
    .discard = expert_discard,
    .play = expert_play,
    .observe = NULL,
    .last_error = NULL,
};

/* expert.c - the fast strong strategy of expert.h. */
#include "expert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "endgame.h"
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
    {"board", "40",
     "with two hands of six, play for the game (not the points) once either side is within "
     "this many points of the target (expert.h); 0: never"},
    {"pegboard", "0",
     "board play in the pegging: a card replaces the lookahead's when its chance of winning is "
     "this many thousandths higher; 0: off"},
    {"pegnear", "15", "board play in the pegging once either side is within this many points"},
    {"margin", "300", "board play: discards examined, in hundredths of a point below the best"},
    {"lead", "on",
     "with two hands of six, the pone's opening lead from the lead table; off: the lookahead's"},
    {"second", "on",
     "with two hands of six, the pone's second card from the second-card table; off: the "
     "lookahead's"},
};

/* Deals simulated for the keep model. With two players each role sees 20,000 hands: some
 * 9,000 dealt cards of each rank (the keep rates to about 0.005) and 700 to 2,000 of each
 * pair of ranks (the rates with a card kept to about 0.015). About 40,000 discards of
 * expected: some 15 ms on this machine's kind of core, per instance and rules. */
#define KEEP_DEALS 20000
/* The fixed seed of those deals: any constant; one keeps every instance's model the same. */
#define KEEP_SEED 0xE4BE47ull

/* Deals simulated for the end-of-game model (endgame.h): 20,000 pin each distribution's mean
 * to some 0.05 points. */
#define END_DEALS 4000

typedef struct {
    cs_crib_model crib;
    cs_rules rules; /* the rules the model was built for */
    int built;
    int peg, tables, board;
    double margin, peg_gap;
    int peg_board, peg_near;
    int two_hand;
    int lead_table, second_table;
    cs_endgame end; /* with two hands of six and board > 0 */
    int have_end;   /* the tables apply: two players, six cards, two to the crib, series on */
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

int cs_expert_tables_check(const char response[CS_RANKS][CS_EXPERT_HANDS + 1],
                           const char leads[CS_EXPERT_HANDS + 1],
                           const char seconds[CS_RANKS][CS_EXPERT_HANDS + 1],
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
                    int led = leads[h] - 'a', led_held = 0;
                    for (int i = 0; i < 4; i++) led_held |= r[i] == led;
                    if (!led_held) {
                        snprintf(err, err_len,
                                 "expert: lead table entry for hand %d is '%c', not a rank held "
                                 "(rebuild the table with cs_gen_expert_tables)",
                                 h, leads[h]);
                        return CS_ECONFIG;
                    }
                    for (int ans = 0; ans < CS_RANKS; ans++) {
                        /* A rank held after the lead, unless the dealer cannot hold the answer. */
                        int same = 0, ok = 0, skipped = 0;
                        char a = seconds[ans][h];
                        for (int i = 0; i < 4; i++) {
                            same += r[i] == ans;
                            if (!skipped && r[i] == led)
                                skipped = 1;
                            else
                                ok |= a == 'a' + r[i];
                        }
                        if (same == 4 ? a != '.' : !ok) {
                            snprintf(err, err_len,
                                     "expert: second-card table entry for answer rank %d and "
                                     "hand %d is '%c', not a rank held after the lead (rebuild "
                                     "the table with cs_gen_expert_tables)",
                                     ans, h, a);
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
    long board, margin, pegboard, pegnear;
    int rc = cs_spec_choice("expert", "peg", args->values[0], PEG_CHOICES, &peg, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("expert", "tables", args->values[1], ON_OFF, &tables, err, err_len);
    if (rc == CS_OK && tables == 0)
        rc = cs_expert_tables_check(cs_expert_response, cs_expert_lead, cs_expert_second,
                                    cs_expert_peg, cs_expert_crib, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("expert", "board", args->values[2], 0, 1000, &board, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("expert", "pegboard", args->values[3], 0, 1000, &pegboard, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("expert", "pegnear", args->values[4], 0, 1000, &pegnear, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("expert", "margin", args->values[5], 0, 100000, &margin, err, err_len);
    int lead = 0;
    if (rc == CS_OK)
        rc = cs_spec_choice("expert", "lead", args->values[6], ON_OFF, &lead, err, err_len);
    int second = 0;
    if (rc == CS_OK)
        rc = cs_spec_choice("expert", "second", args->values[7], ON_OFF, &second, err, err_len);
    if (rc != CS_OK) return rc;
    expert_player *e = calloc(1, sizeof *e);
    if (e == NULL) return CS_ENOMEM;
    e->peg = peg;
    e->tables = tables == 0;
    e->board = (int)board;
    e->margin = margin / 100.0;
    e->peg_board = pegboard > 0;
    e->peg_near = (int)pegnear;
    e->peg_gap = pegboard / 1000.0;
    e->lead_table = lead == 0;
    e->second_table = second == 0;
    *self = e;
    return CS_OK;
}

static void expert_destroy(void *self) {
    expert_player *e = self;
    if (e != NULL && e->have_end) cs_endgame_free(&e->end);
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
    if (e->have_end) cs_endgame_free(&e->end);
    e->have_end = e->two_hand && e->board > 0 && cs_endgame_supports(rules) &&
                  cs_endgame_build(&e->end, rules, &e->crib, END_DEALS) == CS_OK;
    e->built = 1;
}

/* Whether either side is within `near` points of the target, with the end-of-game model. */
static int near_end(const expert_player *e, const cs_view *v, int near) {
    if (!e->have_end) return 0;
    int t = v->rules->target, a = v->score[v->seat], b = v->score[1 - v->seat];
    return t - (a > b ? a : b) <= near;
}

/* Whether the game's end is near enough to discard for it. */
static int board_matters(const expert_player *e, const cs_view *v) {
    return near_end(e, v, e->board);
}

/*
 * Near the end: of the splits within `margin` points of the best by value, the one with the
 * best chance of winning (cs_endgame_deal(): my hand's points over every starter, the pegging
 * and crib means from the tables), ties to the greater value.
 */
static int board_discard(const expert_player *e, const cs_view *v, const cs_split splits[], int n,
                         const double vals[], int best, cs_cardset dealt) {
    const cs_rules *r = v->rules;
    int role = role_of(r, v->seat, v->dealer), hand = cs_rules_hand_size(r);
    int a = v->score[v->seat], b = v->score[1 - v->seat];
    double peg_mean = e->end.peg_mean[role] - e->end.peg_mean[1 - role];
    double best_p = -1, best_v = vals[best];
    int pick = best;
    cs_endgame_ctx ctx;
    cs_endgame_begin(&ctx, &e->end, a, b, role);
    for (int i = 0; i < n; i++) {
        if (vals[i] < best_v - e->margin) continue;
        int points[CS_DECK_SIZE], heels[CS_DECK_SIZE], k = 0;
        for (cs_cardset rest = CS_FULL_DECK & ~dealt; rest; rest &= rest - 1) {
            cs_card st = (cs_card)__builtin_ctzll(rest);
            points[k] = cs_show_score(splits[i].keep, hand, st, r->hand_flush_min);
            heels[k++] = role && cs_card_rank(st) == CS_JACK ? r->heels : 0;
        }
        int keep_index = cs_expert_cards_index(splits[i].keep);
        const cs_card *t = splits[i].toss;
        double crib = cs_expert_crib[role][cs_card_rank(t[0])][cs_card_rank(t[1])]
                                    [cs_card_suit(t[0]) == cs_card_suit(t[1])] /
                      100.0;
        double peg = cs_expert_peg[role][keep_index] / 100.0;
        double p = cs_endgame_deal(&ctx, points, heels, k, peg - peg_mean, crib - e->end.crib_mean);
        if (p > best_p + 1e-9 || (p > best_p - 1e-9 && vals[i] > vals[pick])) {
            best_p = p;
            pick = i;
        }
    }
    return pick;
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
    double best_v = -1e300, vals[CS_SPLITS_MAX];
    for (int i = 0; i < n; i++) {
        const cs_card *t = splits[i].toss;
        int keep_index = cs_expert_cards_index(splits[i].keep);
        double model = cs_crib_expect(&e->crib, t, 2);
        double crib = cs_expert_crib[role][cs_card_rank(t[0])][cs_card_rank(t[1])]
                                    [cs_card_suit(t[0]) == cs_card_suit(t[1])] /
                      100.0;
        double vv = value[i] + weight * (crib - model) + cs_expert_peg[role][keep_index] / 100.0;
        vals[i] = vv;
        if (vv > best_v) {
            best_v = vv;
            best = i;
        }
    }
    if (board_matters(e, v)) best = board_discard(e, v, splits, n, vals, best, dealt);
    for (int d = 0; d < r->discards; d++) out[d] = splits[best].toss[d];
    return CS_OK;
}

/* The dealer's answer to the pone's opening lead, from the response table. */
static int table_response(const cs_view *v, cs_card *out) {
    int want =
        cs_expert_response[cs_card_rank(v->play_card[0])][cs_expert_cards_index(v->hand)] - 'a';
    for (int i = 0; i < 4; i++) {
        if (cs_card_rank(v->hand[i]) == want) {
            *out = v->hand[i];
            return CS_OK;
        }
    }
    return CS_EAGENT; /* cannot happen: create checked every entry */
}

/* The pone's opening lead, from the lead table. */
static int table_lead(const cs_view *v, cs_card *out) {
    int want = cs_expert_lead[cs_expert_cards_index(v->hand)] - 'a';
    for (int i = 0; i < 4; i++) {
        if (cs_card_rank(v->hand[i]) == want) {
            *out = v->hand[i];
            return CS_OK;
        }
    }
    return CS_EAGENT; /* cannot happen: create checked every entry */
}

/* The pone's second card, from the second-card table, when it led the lead table's card and
 * the dealer answered; 0 if the table does not apply. */
static int table_second(const cs_view *v, cs_card *out) {
    if (v->n_kept != 4 || v->play_seat[0] != v->seat || v->play_seat[1] == v->seat) return 0;
    int h = cs_expert_cards_index(v->kept);
    if (cs_card_rank(v->play_card[0]) != cs_expert_lead[h] - 'a') return 0;
    int want = cs_expert_second[cs_card_rank(v->play_card[1])][h] - 'a';
    for (int i = 0; i < v->n_hand; i++) {
        if (cs_card_rank(v->hand[i]) == want) {
            *out = v->hand[i];
            return 1;
        }
    }
    return 0;
}

int cs_expert_opening(const cs_view *v, int lead, int second, cs_card *out) {
    const cs_rules *r = v->rules;
    if (r->players != 2 || r->cards_dealt != 6 || r->discards != 2 || r->single_series) return 0;
    if (v->n_plays == 1 && v->seat == v->dealer && v->n_hand == 4)
        return table_response(v, out) == CS_OK;
    if (lead && v->n_plays == 0 && v->seat != v->dealer && v->n_hand == 4)
        return table_lead(v, out) == CS_OK;
    if (second && v->n_plays == 2 && v->seat != v->dealer && v->n_hand == 3)
        return table_second(v, out);
    return 0;
}

/* Rest-of-play probabilities below this are left out of board_play()'s sums. */
#define REST_NEGLIGIBLE 3e-3

/* The chance of winning once the play is over: my score x, the other's y, my hand's h. */
static double after_play(const cs_endgame *g, int role, int x, int y, int h, double crib_shift) {
    int t = g->target;
    if (x >= t) return y >= t ? 0.5 : 1.0;
    if (y >= t) return 0.0;
    if (role) return cs_endgame_dealer_show(g, x + h + crib_shift, y);
    return x + h >= t ? 1.0 : cs_endgame_pone_show(g, x + h, y + crib_shift);
}

/* The chance once I have m more points and the other o, with k cards laid: the rest of the play
 * from its measured distributions, then the show. */
#define MEMO_POINTS 20
typedef struct {
    double v[3][MEMO_POINTS][MEMO_POINTS]; /* [k - first][m][o]; negative: not yet */
    int first;
} exchange_memo;

static double after_exchange_raw(const cs_endgame *g, int role, int a, int b, int m, int o, int k,
                                 int h, double crib_shift) {
    if (k > CS_ENDGAME_PLAYED) k = CS_ENDGAME_PLAYED;
    const double *mine = g->rest[role][k], *theirs = g->rest[1 - role][k];
    double v = 0;
    for (int rm = 0; rm < CS_ENDGAME_PTS; rm++) {
        if (mine[rm] < REST_NEGLIGIBLE) continue;
        double row = 0;
        for (int ro = 0; ro < CS_ENDGAME_PTS; ro++)
            if (theirs[ro] >= REST_NEGLIGIBLE)
                row += theirs[ro] * after_play(g, role, a + m + rm, b + o + ro, h, crib_shift);
        v += mine[rm] * row;
    }
    return v;
}

/* after_exchange_raw(), remembered within one decision: k is first (my card ends the
 * exchange), first + 1 (the other's reply ends it) or first + 2 (my answer ends it). */
static double after_exchange(exchange_memo *memo, const cs_endgame *g, int role, int a, int b,
                             int m, int o, int k, int h, double crib_shift) {
    if (m >= MEMO_POINTS || o >= MEMO_POINTS)
        return after_exchange_raw(g, role, a, b, m, o, k, h, crib_shift);
    double *v = &memo->v[k - memo->first][m][o];
    /* mutate: equivalent 0->1 <-><=: a chance lies in [0, 1], so these only compute it again */
    if (*v < 0) *v = after_exchange_raw(g, role, a, b, m, o, k, h, crib_shift);
    return *v;
}

/*
 * Near the end, in the play of two hands: each card's chance of winning over the exchange it
 * starts (its points, the other's best reply as the lookahead rates replies, with the chance
 * it holds each rank, and my next card's answer), then the rest of the play and the show.
 * Returns the index in v->hand of the best card, or -1 to keep the lookahead's `pick` (when
 * no card beats it by more than e->peg_gap).
 */
static int board_play(const expert_player *e, const cs_view *v, const cs_seen *seen,
                      const double weight[CS_RANKS], int pick) {
    const cs_rules *r = v->rules;
    const cs_endgame *g = &e->end;
    int role = role_of(r, v->seat, v->dealer), other = 1 - v->seat, k = v->n_plays;
    int a = v->score[v->seat], b = v->score[other];
    int h = cs_show_score(v->kept, 4, v->starter, r->hand_flush_min);
    const cs_card *t = v->discards;
    double crib_shift = cs_expert_crib[role][cs_card_rank(t[0])][cs_card_rank(t[1])]
                                      [cs_card_suit(t[0]) == cs_card_suit(t[1])] /
                            100.0 -
                        g->crib_mean;
    /* P(the other holds a rank), as the lookahead's weighted draw. */
    double holds[CS_RANKS] = {0};
    int left = v->cards_left[other];
    if (left > 0) {
        cs_cardset allowed = cs_seen_allowed(seen->unseen, seen->no_value_upto[other]);
        int rank_u[CS_RANKS] = {0}, u = 0;
        double total = 0;
        for (cs_cardset c = allowed; c; c &= c - 1)
            rank_u[cs_card_rank((cs_card)__builtin_ctzll(c))]++;
        for (int q = 0; q < CS_RANKS; q++) {
            u += rank_u[q];
            total += rank_u[q] * weight[q];
        }
        double step = u > 0 ? total / u : 0;
        for (int q = 0; q < CS_RANKS; q++) {
            double miss = 1.0, mass = rank_u[q] * weight[q];
            if (rank_u[q] == 0) continue;
            for (int i = 0; i < left; i++) {
                double rest = total - i * step;
                if (rest - mass <= 1e-12) {
                    miss = 0;
                    break;
                }
                miss *= (rest - mass) / rest;
            }
            holds[q] = 1 - miss;
        }
    }
    cs_peg_pile pile;
    cs_peg_pile_from_view(v, &pile);
    exchange_memo memo;
    memo.first = k + 1;
    for (int j = 0; j < 3; j++)
        for (int m = 0; m < MEMO_POINTS; m++)
            for (int o = 0; o < MEMO_POINTS; o++) memo.v[j][m][o] = -1;
    double value[CS_MAX_HAND];
    int best = -1;
    for (int i = 0; i < v->n_hand; i++) {
        int rank = cs_card_rank(v->hand[i]);
        value[i] = -1;
        if (pile.count + cs_rank_value(rank) > 31) continue;
        int dup = 0;
        for (int j = 0; j < i; j++) dup |= cs_card_rank(v->hand[j]) == rank;
        if (dup) continue;
        int gain = cs_peg_gain(&pile, rank);
        cs_peg_pile after = pile;
        cs_peg_push(&after, rank);
        double p = 0;
        if (after.count == 31 || left == 0) {
            p = after_exchange(&memo, g, role, a, b, gain, 0, k + 1, h, crib_shift);
        } else {
            /* The replies the other may hold, best first for it (its points less my answer's). */
            int q_rank[CS_RANKS], q_gain[CS_RANKS], q_back[CS_RANKS], q_net[CS_RANKS], n_q = 0;
            for (int q = 0; q < CS_RANKS; q++) {
                if (holds[q] <= 0 || after.count + cs_rank_value(q) > 31) continue;
                cs_peg_pile two = after;
                cs_peg_push(&two, q);
                int back = -1;
                for (int j = 0; j < v->n_hand; j++) {
                    int x = cs_card_rank(v->hand[j]);
                    if (j == i) continue; /* the card just laid */
                    if (two.count + cs_rank_value(x) > 31) continue;
                    int gx = cs_peg_gain(&two, x);
                    if (gx > back) back = gx;
                }
                int gq = cs_peg_gain(&after, q), net = gq - (back > 0 ? back : 0), at = n_q++;
                while (at > 0 && q_net[at - 1] < net) {
                    q_rank[at] = q_rank[at - 1];
                    q_gain[at] = q_gain[at - 1];
                    q_back[at] = q_back[at - 1];
                    q_net[at] = q_net[at - 1];
                    at--;
                }
                q_rank[at] = q;
                q_gain[at] = gq;
                q_back[at] = back;
                q_net[at] = net;
            }
            double none = 1.0;
            for (int j = 0; j < n_q; j++) {
                double w = none * holds[q_rank[j]];
                none -= w;
                if (w < 1e-6) continue;
                int back = q_back[j];
                p += w * after_exchange(&memo, g, role, a, b, gain + (back > 0 ? back : 0),
                                        q_gain[j], k + (back >= 0 ? 3 : 2), h, crib_shift);
            }
            /* No reply fits: the go is likely mine. */
            if (none > 1e-6)
                p += none * after_exchange(&memo, g, role, a, b, gain + 1, 0, k + 1, h, crib_shift);
        }
        value[i] = p;
        if (best < 0 || p > value[best] + 1e-12) best = i;
    }
    if (best < 0 || cs_card_rank(v->hand[best]) == cs_card_rank(v->hand[pick])) return -1;
    int pi = pick;
    for (int j = 0; j < v->n_hand; j++)
        if (cs_card_rank(v->hand[j]) == cs_card_rank(v->hand[pick]) && value[j] >= 0) pi = j;
    return value[best] > value[pi] + e->peg_gap ? best : -1;
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
    if (e->have_end && v->score[v->seat] < v->rules->target) {
        /* A card that pegs out wins now, whatever else it gives away. */
        cs_peg_pile p;
        cs_peg_pile_from_view(v, &p);
        int need = v->rules->target - v->score[v->seat];
        for (int i = 0; i < n; i++) {
            if (cs_peg_gain(&p, cs_card_rank(legal[i])) >= need) {
                *out = legal[i];
                return CS_OK;
            }
        }
    }
    if (e->two_hand && cs_expert_opening(v, e->lead_table, e->second_table, out)) return CS_OK;
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
    if (e->peg_board && near_end(e, v, e->peg_near) && v->starter != CS_NO_CARD && v->n_kept == 4 &&
        replier >= 0) {
        double flat[CS_RANKS];
        for (int q = 0; q < CS_RANKS; q++) flat[q] = 1.0;
        int j = board_play(e, v, &seen, sit.rank_weight != NULL ? weight : flat, i);
        if (j >= 0) i = j;
    }
    *out = v->hand[i];
    return CS_OK;
}

const cs_strategy cs_strategy_expert = {
    .name = "expert",
    .version = 2, /* 2: the lead and second-card tables */
    .description = "expected sharpened by tables: a discard that prices the kept cards' pegging "
                   "and a realistic crib, an opening exchange (the lead, the answer, the second "
                   "card) found by Monte Carlo, "
                   "pegging against the hand a seat laying away as expected keeps",
    .tuned =
        "two players, hands of six, against expected: its response, pegging and crib tables come "
        "from expected's play, and its lead between expected and itself; elsewhere (three hands, "
        "partners, five cards) it plays as expected does with board play, and is no stronger",
    .params = EXPERT_PARAMS,
    .n_params = 8,
    .create = expert_create,
    .destroy = expert_destroy,
    .new_game = expert_new_game,
    .discard = expert_discard,
    .play = expert_play,
    .observe = NULL,
    .last_error = NULL,
};

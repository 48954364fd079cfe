/* layer: strategies */
/*
 * test_inference.c - what a seat infers about hidden cards is true, and the sampler deals the
 * hidden cards uniformly among the deals consistent with it. The truth comes from the game
 * itself: at every decision of thousands of games the inferred unseen cards must contain
 * every other seat's holding, and no seat may hold a card its go bound excludes.
 */
#include <string.h>

#include "cu_main.h"
#include "inference.h"

typedef struct {
    cs_agent inner;
    const cs_game *game;
    int checks, wrong, bounded;
} checker;

static void check(checker *c, const cs_view *v) {
    cs_seen k;
    cs_seen_from_view(v, &k);
    c->checks++;
    for (int s = 0; s < v->rules->players; s++) {
        if (s == v->seat) continue;
        cs_view other;
        cs_game_view(c->game, s, &other);
        if (k.cards_left[s] != other.n_hand) c->wrong++;
        if (k.no_value_upto[s] > 0) c->bounded++;
        for (int i = 0; i < other.n_hand; i++) {
            cs_card h = other.hand[i];
            if (!cs_cardset_has(k.unseen, h)) c->wrong++;
            if (cs_card_value(h) <= k.no_value_upto[s]) c->wrong++;
        }
    }
    /* Nothing of the seat's own or public is unseen. */
    for (int i = 0; i < v->n_hand; i++) c->wrong += cs_cardset_has(k.unseen, v->hand[i]);
    for (int i = 0; i < v->n_plays; i++) c->wrong += cs_cardset_has(k.unseen, v->play_card[i]);
    if (v->starter != CS_NO_CARD) c->wrong += cs_cardset_has(k.unseen, v->starter);
}

static int checked_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    checker *c = self;
    check(c, v);
    return c->inner.discard(c->inner.self, v, out);
}

static int checked_play(void *self, const cs_view *v, cs_card *out) {
    checker *c = self;
    check(c, v);
    return c->inner.play(c->inner.self, v, out);
}

static void test_inferences_hold_against_the_true_hands_in_every_preset(void) {
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        cs_rules rules;
        cs_rules_preset((cs_preset)p, &rules);
        cs_game *g = cs_game_new();
        cs_pcg32 rngs[CS_MAX_PLAYERS];
        checker checkers[CS_MAX_PLAYERS];
        cs_agent agents[CS_MAX_PLAYERS];
        for (int s = 0; s < rules.players; s++) {
            rngs[s] = cs_pcg32_derive(8, (uint64_t)p, CS_STREAM_STRATEGY, (uint32_t)s);
            checkers[s] = (checker){cs_agent_random(&rngs[s]), g, 0, 0, 0};
            agents[s] = (cs_agent){checked_discard, checked_play, NULL, &checkers[s],
                                   "checker",       NULL,         NULL};
        }
        for (int i = 0; i < 300; i++) {
            cs_game_begin(g, &rules, 8, (uint64_t)i, CS_FIRST_DEALER_CUT, agents);
            cs_game_record rec;
            CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &rec), 0);
        }
        for (int s = 0; s < rules.players; s++) {
            CU_ASSERT(checkers[s].checks > 1000);
            CU_ASSERT_EQUAL(checkers[s].wrong, 0);
            /* The bounds are not vacuous: gos happen in every variant. */
            CU_ASSERT(checkers[s].bounded > 10);
        }
        cs_game_free(g);
    }
}

static cs_card card(const char *text) {
    cs_card c = CS_NO_CARD;
    cs_card_parse(text, &c);
    return c;
}

/*
 * Six unseen cards: A 2 8 9 T K. Seat 1 said go on 24 (no card up to 7), holds 2; seat 2
 * holds 2; two stay in the pack. Of the 6 * 6 = 36 consistent deals, seat 1 holds the 8 in
 * half; seat 2 holds the ace in half and the 8 in a quarter.
 */
static void test_sampler_is_uniform_over_consistent_deals(void) {
    cs_seen k;
    memset(&k, 0, sizeof k);
    k.seat = 0;
    k.players = 3;
    const char *cards[] = {"AC", "2D", "8H", "9S", "TC", "KD"};
    for (int i = 0; i < 6; i++) k.unseen |= cs_cardset_of(card(cards[i]));
    k.cards_left[1] = k.cards_left[2] = 2;
    k.no_value_upto[1] = 7;
    cs_pcg32 rng = cs_pcg32_derive(1, 2, CS_STREAM_STRATEGY, 3);
    int n = 40000, one_eight = 0, two_ace = 0, two_eight = 0, bad = 0;
    for (int t = 0; t < n; t++) {
        cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT];
        cs_cardset rest;
        CU_ASSERT_EQUAL_FATAL(cs_seen_sample(&k, 0, &rng, hands, &rest), 0);
        cs_cardset all = rest;
        for (int s = 1; s <= 2; s++)
            for (int i = 0; i < 2; i++) {
                bad += cs_cardset_has(all, hands[s][i]);
                all |= cs_cardset_of(hands[s][i]);
            }
        bad += all != k.unseen;
        for (int i = 0; i < 2; i++) {
            bad += cs_card_value(hands[1][i]) <= 7;
            one_eight += hands[1][i] == card("8H");
            two_ace += hands[2][i] == card("AC");
            two_eight += hands[2][i] == card("8H");
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_DOUBLE_EQUAL((double)one_eight / n, 0.5, 0.015);
    CU_ASSERT_DOUBLE_EQUAL((double)two_ace / n, 0.5, 0.015);
    CU_ASSERT_DOUBLE_EQUAL((double)two_eight / n, 0.25, 0.015);
}

static void test_sampler_reports_an_impossible_situation(void) {
    cs_seen k;
    memset(&k, 0, sizeof k);
    k.seat = 0;
    k.players = 2;
    k.unseen = cs_cardset_of(card("AC")) | cs_cardset_of(card("2C")) | cs_cardset_of(card("KC"));
    k.cards_left[1] = 2;
    k.no_value_upto[1] = 5; /* only the king is allowed, but it holds two cards */
    cs_pcg32 rng = cs_pcg32_derive(1, 2, CS_STREAM_STRATEGY, 3);
    cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT];
    cs_cardset rest;
    CU_ASSERT_EQUAL(cs_seen_sample(&k, 0, &rng, hands, &rest), -1);
}

static void test_allowed_cards_are_those_above_the_bound(void) {
    cs_cardset all = CS_FULL_DECK;
    CU_ASSERT_EQUAL(cs_seen_allowed(all, 0), all);
    CU_ASSERT_EQUAL(cs_cardset_count(cs_seen_allowed(all, 1)), 48);
    CU_ASSERT_EQUAL(cs_cardset_count(cs_seen_allowed(all, 9)), 16);
    CU_ASSERT_EQUAL(cs_seen_allowed(all, 10), 0);
    cs_cardset s = cs_seen_allowed(all, 6);
    for (int c = 0; c < CS_DECK_SIZE; c++)
        CU_ASSERT_EQUAL(cs_cardset_has(s, (cs_card)c), cs_card_value((cs_card)c) > 6);
}

/* A two-player seen state for seat 0: the opponent (seat 1) laid `played` and holds `left`
 * cards; the unseen cards are `pool` (artificially few, so the posterior can be enumerated). */
static cs_seen small_world(const char *const played[], int n_played, const char *const pool[],
                           int n_pool, int bound) {
    cs_seen k;
    memset(&k, 0, sizeof k);
    k.seat = 0;
    k.players = 2;
    for (int i = 0; i < n_played; i++) {
        k.played_by[1] |= cs_cardset_of(card(played[i]));
        k.played |= cs_cardset_of(card(played[i]));
    }
    for (int i = 0; i < n_pool; i++) k.unseen |= cs_cardset_of(card(pool[i]));
    k.cards_left[1] = 4 - n_played;
    k.no_value_upto[1] = bound;
    return k;
}

/*
 * The discard model's posterior by enumeration: every way to complete the opponent's six
 * cards from the pool, kept when the expected discard keeps its played cards and its unplayed
 * kept cards respect the bound; held[c] and laid[c] count the accepted deals in which it holds
 * or laid away card c. Returns the accepted deals.
 */
static int posterior(const cs_seen *k, const cs_rules *r, int dealer, const cs_crib_model *m,
                     int held[CS_DECK_SIZE], int laid[CS_DECK_SIZE]) {
    cs_card pool[CS_DECK_SIZE], six[6];
    int n_pool = 0, n_played = 0, accepted = 0;
    for (int c = 0; c < CS_DECK_SIZE; c++) {
        if (cs_cardset_has(k->unseen, (cs_card)c)) pool[n_pool++] = (cs_card)c;
        if (cs_cardset_has(k->played_by[1], (cs_card)c)) six[n_played++] = (cs_card)c;
    }
    int need = 6 - n_played;
    for (int mask = 0; mask < 1 << n_pool; mask++) {
        if (__builtin_popcount((unsigned)mask) != need) continue;
        int n = n_played;
        cs_cardset all = k->played_by[1];
        for (int i = 0; i < n_pool; i++)
            if (mask >> i & 1) six[n++] = pool[i], all |= cs_cardset_of(pool[i]);
        cs_pool starters;
        cs_pool_init(&starters, CS_FULL_DECK & ~all);
        cs_split sp[CS_SPLITS_MAX];
        int ns = cs_splits(six, 6, 2, sp), best;
        cs_discard_best(r, sp, ns, &starters, m, cs_crib_weight(r, 1, dealer), &best, NULL);
        int ok = 1;
        for (int i = 0; i < 2; i++) ok &= !cs_cardset_has(k->played_by[1], sp[best].toss[i]);
        for (int i = 0; i < 4; i++)
            if (!cs_cardset_has(k->played_by[1], sp[best].keep[i]))
                ok &= cs_card_value(sp[best].keep[i]) > k->no_value_upto[1];
        if (!ok) continue;
        accepted++;
        for (int i = 0; i < 4; i++)
            if (!cs_cardset_has(k->played_by[1], sp[best].keep[i])) held[sp[best].keep[i]]++;
        for (int i = 0; i < 2; i++) laid[sp[best].toss[i]]++;
    }
    return accepted;
}

/* The sampler under the discard model draws from exactly the posterior above (checked card
 * by card against the enumeration), and never from deals the model rules out. */
static void test_discard_model_sampler_draws_from_the_posterior(void) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_crib_model m;
    cs_crib_model_build(&m, r.crib_flush_min);
    const char *played[] = {"5H", "TC"};
    const char *pool[] = {"AS", "2D", "5C", "7C", "8D", "9D", "JD", "KS", "4H", "6S"};
    for (int dealer = 0; dealer < 2; dealer++) {
        cs_seen k = small_world(played, 2, pool, 10, dealer ? 0 : 3);
        int held[CS_DECK_SIZE] = {0}, laid[CS_DECK_SIZE] = {0};
        int accepted = posterior(&k, &r, dealer, &m, held, laid);
        /* Not every completion: the model has something to say here. */
        CU_ASSERT(accepted > 0 && accepted < 210);
        cs_pcg32 rng = cs_pcg32_derive(4, (uint64_t)dealer, CS_STREAM_STRATEGY, 0);
        int n = 20000, got_held[CS_DECK_SIZE] = {0}, got_laid[CS_DECK_SIZE] = {0}, bad = 0;
        for (int t = 0; t < n; t++) {
            cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT], tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD];
            cs_cardset rest;
            bad += cs_seen_sample_discarders(&k, &r, dealer, &m, 1000, &rng, hands, tossed,
                                             &rest) != 0;
            cs_cardset all = rest;
            for (int i = 0; i < 2; i++) {
                got_held[hands[1][i]]++;
                got_laid[tossed[1][i]]++;
                bad += cs_cardset_has(all, hands[1][i]) || cs_cardset_has(all, tossed[1][i]);
                all |= cs_cardset_of(hands[1][i]) | cs_cardset_of(tossed[1][i]);
            }
            bad += all != k.unseen;
            bad += tossed[0][0] != CS_NO_CARD;
        }
        CU_ASSERT_EQUAL(bad, 0);
        for (int c = 0; c < CS_DECK_SIZE; c++) {
            CU_ASSERT_DOUBLE_EQUAL((double)got_held[c] / n, (double)held[c] / accepted, 0.015);
            CU_ASSERT_DOUBLE_EQUAL((double)got_laid[c] / n, (double)laid[c] / accepted, 0.015);
        }
    }
}

/* An opponent the model cannot explain (it laid an ace and a two that expected would lay
 * away beside any four of these fives and tens) is drawn uniformly instead, and said so. */
static void test_discard_model_falls_back_for_a_seat_it_cannot_explain(void) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_crib_model m;
    cs_crib_model_build(&m, r.crib_flush_min);
    const char *played[] = {"AC", "2D"};
    const char *pool[] = {"5C", "5D", "5S", "JC", "QD", "KS"};
    cs_seen k = small_world(played, 2, pool, 6, 0);
    int held[CS_DECK_SIZE] = {0}, laid[CS_DECK_SIZE] = {0};
    CU_ASSERT_EQUAL(posterior(&k, &r, 1, &m, held, laid), 0);
    cs_pcg32 rng = cs_pcg32_derive(4, 9, CS_STREAM_STRATEGY, 0);
    cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT], tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD];
    cs_cardset rest;
    CU_ASSERT_EQUAL(cs_seen_sample_discarders(&k, &r, 1, &m, 50, &rng, hands, tossed, &rest), 1);
    CU_ASSERT(tossed[1][0] == CS_NO_CARD && tossed[1][1] == CS_NO_CARD);
    CU_ASSERT(cs_cardset_has(k.unseen, hands[1][0]) && cs_cardset_has(k.unseen, hands[1][1]));
    CU_ASSERT_EQUAL(cs_cardset_count(rest), 4);
}

const char cs_suite_name[] = "inference";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_inferences_hold_against_the_true_hands_in_every_preset),
    CS_TEST(test_sampler_is_uniform_over_consistent_deals),
    CS_TEST(test_sampler_reports_an_impossible_situation),
    CS_TEST(test_allowed_cards_are_those_above_the_bound),
    CS_TEST(test_discard_model_sampler_draws_from_the_posterior),
    CS_TEST(test_discard_model_falls_back_for_a_seat_it_cannot_explain),
    {NULL, NULL},
};

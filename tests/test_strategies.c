/* layer: strategies */
/*
 * test_strategies.c - the ladder at the table: every built-in strategy (and the example
 * plugin) plays 1,000 games of every preset without an error, games are reproducible, no
 * seat's view ever holds another seat's hidden cards. The simple strategies' exact decisions
 * are test_simple_strategies.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu_main.h"
#include "error.h"
#include "game.h"
#include "registry.h"
#include "strategy.h"

#define GAMES_PER_PRESET 1000

/* Plays `games` games of preset with seat 0 given by spec and every other seat by others (NULL:
 * spec too); returns the failures. */
static int play_games(const char *spec, const char *others, cs_preset preset, int games,
                      uint64_t seed, cs_game_record *first) {
    cs_rules rules;
    cs_rules_preset(preset, &rules);
    char err[512];
    cs_player *players[CS_MAX_PLAYERS] = {NULL};
    cs_agent agents[CS_MAX_PLAYERS];
    for (int s = 0; s < rules.players; s++) {
        players[s] = cs_player_create(s > 0 && others ? others : spec, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(players[s]);
        agents[s] = cs_player_agent(players[s]);
    }
    cs_game *g = cs_game_new();
    int failures = 0;
    for (int i = 0; i < games; i++) {
        for (int s = 0; s < rules.players; s++)
            cs_player_new_game(players[s], &rules, seed, (uint64_t)i, s);
        cs_game_begin(g, &rules, seed, (uint64_t)i, CS_FIRST_DEALER_CUT, agents);
        cs_game_record rec;
        int rc = cs_game_run(g, NULL, NULL, &rec);
        if (rc != CS_OK) {
            if (failures++ == 0)
                fprintf(stderr, "%s, %s: %s\n", spec, cs_preset_name(preset), cs_game_error(g));
            continue;
        }
        if (i == 0 && first) *first = rec;
        /* Somebody reached the target, or the deals ran out. */
        int top = 0;
        for (int s = 0; s < rules.players; s++)
            if (rec.score[s] > top) top = rec.score[s];
        if (top < rules.target && !(rules.max_deals > 0 && rec.deals == rules.max_deals))
            failures++;
    }
    cs_game_free(g);
    for (int s = 0; s < rules.players; s++) cs_player_destroy(players[s]);
    return failures;
}

static void every_preset(const char *spec, int games) {
    for (int p = 0; p < CS_PRESET_COUNT; p++)
        CU_ASSERT_EQUAL(play_games(spec, NULL, (cs_preset)p, games, 2024, NULL), 0);
}

static void test_random_plays_every_preset(void) {
    every_preset("random", GAMES_PER_PRESET);
}
static void test_greedy_plays_every_preset(void) {
    every_preset("greedy", GAMES_PER_PRESET);
}
static void test_expected_plays_every_preset(void) {
    every_preset("expected", GAMES_PER_PRESET);
}
static void test_expected_greedy_pegging_plays_every_preset(void) {
    every_preset("expected:peg=greedy", GAMES_PER_PRESET);
}
/* mc with the smallest budget that still compares moves: the search is the same code at any
 * budget (one sample, two discards examined, every legal card). */
static void test_mc_win_plays_every_preset(void) {
    every_preset("mc:samples=1,width=2", GAMES_PER_PRESET);
}
/* The other objective, rollout policy and models of the hidden cards, in fewer games. */
static void test_mc_points_perfect_rollouts_play_every_preset(void) {
    every_preset("mc:samples=2,width=2,objective=points,rollout=perfect,hidden=uniform,race=off,"
                 "rank=expected",
                 200);
    every_preset("mc:samples=2,width=2,hidden=expected", 200);
}
/* mc's model of the plays where it holds (expected at the other seats), in every preset. */
static void test_mc_against_expected_plays_every_preset(void) {
    for (int p = 0; p < CS_PRESET_COUNT; p++)
        CU_ASSERT_EQUAL(play_games("mc:samples=8", "expected", (cs_preset)p, 20, 12, NULL), 0);
}
/* Enough samples for the race to drop moves (its first look is at 32 samples), in a few
 * games of every preset. */
static void test_mc_racing_plays_every_preset(void) {
    every_preset("mc:samples=48", 8);
}
/* The model compiled in; its features take every rule variant (one card or two laid away,
 * three-card hands). */
static void test_model_plays_every_preset(void) {
    every_preset("model", GAMES_PER_PRESET);
}
/* The network compiled in, through the shared encoder: one card laid away or two, three or
 * four seats, partnerships. */
static void test_nn_plays_every_preset(void) {
    every_preset("nn", GAMES_PER_PRESET);
}
static void test_expert_plays_every_preset(void) {
    every_preset("expert", GAMES_PER_PRESET / 2);
}
/* The tables apply to two-player rules only: without them expert must still play them all. */
static void test_expert_without_tables_plays_every_preset(void) {
    every_preset("expert:tables=off,peg=lookahead", 200);
    every_preset("expert:tables=off", 200);
}
static void test_example_plugin_plays_every_preset(void) {
    every_preset("plugin:" CS_BINARY_DIR "/cs_example_plugin.so", GAMES_PER_PRESET);
}

static void test_same_seed_same_game_for_every_strategy(void) {
    for (int i = 0; i < cs_registry_count(); i++) {
        char spec[64];
        snprintf(spec, sizeof spec, "%s", cs_registry_at(i)->name);
        if (strcmp(spec, "mc") == 0) snprintf(spec, sizeof spec, "mc:samples=4");
        for (int p = 0; p < CS_PRESET_COUNT; p++) {
            cs_game_record a, b;
            CU_ASSERT_EQUAL(play_games(spec, NULL, (cs_preset)p, 1, 77, &a), 0);
            CU_ASSERT_EQUAL(play_games(spec, NULL, (cs_preset)p, 1, 77, &b), 0);
            CU_ASSERT_EQUAL(memcmp(&a, &b, sizeof a), 0);
        }
    }
}

/* ---- a spy between the game and a real player: checks every view it is shown ---- */

typedef struct {
    cs_agent inner;
    const cs_game *game;
    int seat;
    int calls;
    int leaks; /* views holding a card the seat may not see */
    int stale; /* views holding own cards that are not of this deal */
} spy;

static int in_cards(cs_card c, const cs_card cards[], int n) {
    for (int i = 0; i < n; i++)
        if (cards[i] == c) return 1;
    return 0;
}

/* The cards hidden from seat now: other seats' dealt cards not yet laid, the crib card from
 * the pack, and the starter before the cut. */
static cs_cardset hidden_from(const cs_deal_record *rec, const cs_rules *r, int seat,
                              int starter_cut) {
    cs_cardset hidden = 0, laid = 0;
    for (int i = 0; i < rec->n_plays; i++) laid |= cs_cardset_of(rec->play_card[i]);
    for (int s = 0; s < r->players; s++)
        for (int i = 0; i < r->cards_dealt && s != seat; i++)
            if (rec->dealt[s][i] != CS_NO_CARD) hidden |= cs_cardset_of(rec->dealt[s][i]);
    if (rec->crib_extra != CS_NO_CARD) hidden |= cs_cardset_of(rec->crib_extra);
    if (!starter_cut && rec->starter != CS_NO_CARD) hidden |= cs_cardset_of(rec->starter);
    return hidden & ~laid;
}

static int any_hidden(const cs_card cards[], int n, cs_cardset hidden) {
    for (int i = 0; i < n; i++)
        if (cards[i] < CS_DECK_SIZE && cs_cardset_has(hidden, cards[i])) return 1;
    return n < 0;
}

static void spy_check(spy *s, const cs_view *v, int deciding) {
    const cs_deal_record *rec = cs_game_deal_record(s->game);
    const cs_rules *r = v->rules;
    s->calls++;
    int cut = v->starter != CS_NO_CARD;
    cs_cardset hidden = hidden_from(rec, r, s->seat, cut);
    int bad = v->seat != s->seat;
    bad |= any_hidden(v->hand, v->n_hand, hidden);
    bad |= any_hidden(v->kept, v->n_kept, hidden);
    bad |= any_hidden(v->discards, v->n_discards, hidden);
    bad |= any_hidden(v->pile, v->n_pile, hidden);
    bad |= any_hidden(v->play_card, v->n_plays, hidden);
    bad |= v->n_plays > rec->n_plays;
    if (deciding && v->n_kept == 0) bad |= cut; /* no starter at a discard decision */
    if (cut) bad |= v->starter != rec->starter;
    s->leaks += bad;
    /* Own cards are this deal's. */
    int stale = 0;
    for (int i = 0; i < v->n_hand; i++)
        stale |= !in_cards(v->hand[i], rec->dealt[s->seat], r->cards_dealt);
    for (int i = 0; i < v->n_kept; i++)
        stale |= !in_cards(v->kept[i], rec->dealt[s->seat], r->cards_dealt);
    s->stale += stale;
}

static int spy_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    spy *s = self;
    spy_check(s, v, 1);
    return s->inner.discard(s->inner.self, v, out);
}

static int spy_play(void *self, const cs_view *v, cs_card *out) {
    spy *s = self;
    spy_check(s, v, 1);
    return s->inner.play(s->inner.self, v, out);
}

static void spy_observe(void *self, const cs_view *v, const cs_event *e) {
    spy *s = self;
    /* A hand is public once shown; before that an event carries no hidden card. */
    if (e->type != CS_EVENT_SHOW) spy_check(s, v, 0);
    if (s->inner.observe) s->inner.observe(s->inner.self, v, e);
}

/* Plays games with spies on every seat; returns the stale views seen (leaks are asserted). */
static int spy_on(const char *spec, cs_preset preset, int games) {
    cs_rules rules;
    cs_rules_preset(preset, &rules);
    char err[512];
    cs_player *players[CS_MAX_PLAYERS];
    spy spies[CS_MAX_PLAYERS];
    cs_agent agents[CS_MAX_PLAYERS];
    cs_game *g = cs_game_new();
    for (int s = 0; s < rules.players; s++) {
        players[s] = cs_player_create(spec, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(players[s]);
        spies[s] = (spy){cs_player_agent(players[s]), g, s, 0, 0, 0};
        agents[s] = (cs_agent){spy_discard, spy_play, spy_observe, &spies[s], "spy", NULL, NULL};
    }
    for (int i = 0; i < games; i++) {
        for (int s = 0; s < rules.players; s++)
            cs_player_new_game(players[s], &rules, 5, (uint64_t)i, s);
        cs_game_begin(g, &rules, 5, (uint64_t)i, CS_FIRST_DEALER_CUT, agents);
        cs_game_record rec;
        CU_ASSERT_EQUAL(cs_game_run(g, NULL, NULL, &rec), CS_OK);
    }
    int stale = 0;
    for (int s = 0; s < rules.players; s++) {
        CU_ASSERT(spies[s].calls > games * 10);
        CU_ASSERT_EQUAL(spies[s].leaks, 0);
        stale += spies[s].stale;
        cs_player_destroy(players[s]);
    }
    cs_game_free(g);
    return stale;
}

static void test_views_never_show_another_seats_hidden_cards(void) {
    for (int p = 0; p < CS_PRESET_COUNT; p++) {
        spy_on("expected", (cs_preset)p, 30);
        spy_on("expert", (cs_preset)p, 30);
        spy_on("mc:samples=2", (cs_preset)p, 5);
        spy_on("plugin:" CS_BINARY_DIR "/cs_example_plugin.so", (cs_preset)p, 30);
    }
}

/* A view shows the seat's own cards of the deal in progress only (in the five-card game some
 * cards stay unplayed; the next deal's views must not still hold them). */
static void test_views_hold_only_this_deals_own_cards(void) {
    for (int p = 0; p < CS_PRESET_COUNT; p++)
        CU_ASSERT_EQUAL(spy_on("expected", (cs_preset)p, 30), 0);
}

/* The spy itself must catch a leak: show it a view with another seat's card in the hand. */
static void test_spy_catches_a_view_with_another_seats_card(void) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_game *g = cs_game_new();
    cs_pcg32 rng = cs_pcg32_derive(1, 1, CS_STREAM_STRATEGY, 0);
    cs_agent agents[2] = {cs_agent_random(&rng), cs_agent_random(&rng)};
    cs_game_begin(g, &rules, 1, 0, 0, agents);
    while (cs_game_phase(g) != CS_PHASE_DISCARD) CU_ASSERT_EQUAL_FATAL(cs_game_step(g), CS_OK);
    spy s = {agents[0], g, 0, 0, 0, 0};
    cs_view v;
    cs_game_view(g, 0, &v);
    spy_check(&s, &v, 1);
    CU_ASSERT_EQUAL(s.leaks, 0);
    cs_card forged[CS_MAX_DEALT];
    memcpy(forged, v.hand, (size_t)v.n_hand);
    forged[0] = cs_game_deal_record(g)->dealt[1][0];
    v.hand = forged;
    spy_check(&s, &v, 1);
    CU_ASSERT_EQUAL(s.leaks, 1);
    cs_game_free(g);
}

const char cs_suite_name[] = "strategies";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_random_plays_every_preset),
    CS_TEST(test_greedy_plays_every_preset),
    CS_TEST(test_expected_plays_every_preset),
    CS_TEST(test_expected_greedy_pegging_plays_every_preset),
    CS_TEST(test_mc_win_plays_every_preset),
    CS_TEST(test_mc_points_perfect_rollouts_play_every_preset),
    CS_TEST(test_mc_against_expected_plays_every_preset),
    CS_TEST(test_mc_racing_plays_every_preset),
    CS_TEST(test_expert_plays_every_preset),
    CS_TEST(test_expert_without_tables_plays_every_preset),
    CS_TEST(test_model_plays_every_preset),
    CS_TEST(test_nn_plays_every_preset),
    CS_TEST(test_example_plugin_plays_every_preset),
    CS_TEST(test_same_seed_same_game_for_every_strategy),
    CS_TEST(test_views_never_show_another_seats_hidden_cards),
    CS_TEST(test_views_hold_only_this_deals_own_cards),
    CS_TEST(test_spy_catches_a_view_with_another_seats_card),
    {NULL, NULL},
};

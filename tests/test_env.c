/* layer: env */
/*
 * test_env.c - the environment API (experiments/env/cs_env.h): the state stepped decision by
 * decision with seeded chance and strategies deciding plays the run's games; a hand-worked
 * deal through explicit chance (the cut, the deal card by card, the discard's masks and
 * planes, who sees what, his heels, the play's points and the go asked once); no observation
 * ever shows a card its seat may not see; illegal actions change nothing; the batch is the
 * same on one thread and two, equals the state seat by seat, resets itself and rewards as the
 * scores say; bad configurations are refused with a sentence naming what is wrong.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_env.h"
#include "step_clock.h"
#include "cu_main.h"
#include "error.h"
#include "game.h"
#include "rules.h"
#include "strategy.h"

#define SEED 20260126u

/* ---- helpers ---- */

static cs_card C(const char *text) {
    cs_card c = CS_NO_CARD;
    CU_ASSERT_EQUAL_FATAL(cs_card_parse(text, &c), CS_OK);
    return c;
}

/* A small xorshift stream for choosing random legal actions and outcomes. */
static uint64_t xs_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* A uniformly chosen legal action of mask (some must be legal). */
static int pick(const uint8_t *mask, uint64_t *rng) {
    int legal[CS_ACT_COUNT], n = 0;
    for (int a = 0; a < CS_ACT_COUNT; a++)
        if (mask[a]) legal[n++] = a;
    CU_ASSERT_FATAL(n > 0);
    return legal[xs_next(rng) % (uint64_t)n];
}

static cs_env_state *state_new(const char *preset, uint64_t seed, uint64_t game, int reward) {
    char err[CS_ENV_ERR_MAX];
    cs_env_state *st = cs_env_state_new(preset, NULL, seed, game, reward, err, sizeof err);
    if (!st) fprintf(stderr, "cs_env_state_new(%s): %s\n", preset, err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    return st;
}

static cs_env_strategy *strategy_new(const char *spec) {
    char err[CS_ENV_ERR_MAX];
    cs_env_strategy *s = cs_env_strategy_new(spec, err, sizeof err);
    if (!s) fprintf(stderr, "cs_env_strategy_new(%s): %s\n", spec, err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    return s;
}

/* The cards set in a 52-byte plane, as a set. */
static uint64_t plane(const uint8_t *obs, int at) {
    uint64_t set = 0;
    int over = 0;
    for (int c = 0; c < CS_DECK_SIZE; c++) {
        over |= obs[at + c] > 1;
        if (obs[at + c]) set |= 1ull << c;
    }
    if (over) CU_FAIL("a plane's byte is neither 0 nor 1");
    return set;
}

static uint64_t bit(cs_card c) {
    return 1ull << c;
}

/* The set of the actions a mask marks. */
static uint64_t mask_set(const uint8_t *mask) {
    uint64_t set = 0;
    for (int a = 0; a < CS_ACT_COUNT; a++)
        if (mask[a]) set |= 1ull << a;
    return set;
}

static uint64_t fnv(uint64_t h, const void *data, size_t n) {
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* ---- the state plays the run's games ---- */

/*
 * Plays games 0..games-1 of SEED under preset through the state (every chance outcome the
 * seeded one, every seat decided by cs_env_strategy with specs[seat % 2]) and through
 * cs_game_run with players made from the same specs, and checks the records agree.
 */
static void state_equals_run(const char *preset, const char *const specs[2], int games) {
    cs_rules rules;
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_name(preset, &rules), CS_OK);
    int n = rules.players;
    char err[CS_ENV_ERR_MAX];
    cs_player *players[CS_MAX_PLAYERS] = {0};
    cs_env_strategy *strategies[CS_MAX_PLAYERS] = {0};
    cs_agent agents[CS_MAX_PLAYERS];
    for (int s = 0; s < n; s++) {
        players[s] = cs_player_create(specs[s % 2], err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(players[s]);
        agents[s] = cs_player_agent(players[s]);
        strategies[s] = strategy_new(specs[s % 2]);
    }
    cs_game *g = cs_game_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    int decisions = 0;
    for (int game = 0; game < games; game++) {
        for (int s = 0; s < n; s++) cs_player_new_game(players[s], &rules, SEED, (uint64_t)game, s);
        cs_game_begin(g, &rules, SEED, (uint64_t)game, CS_FIRST_DEALER_CUT, agents);
        cs_game_record want;
        CU_ASSERT_EQUAL_FATAL(cs_game_run(g, NULL, NULL, &want), CS_OK);

        cs_env_state *st = state_new(preset, SEED, (uint64_t)game, CS_ENV_REWARD_WIN);
        int cur;
        while ((cur = cs_env_state_current(st)) != CS_ENV_TERMINAL) {
            int a;
            if (cur == CS_ENV_CHANCE) {
                a = cs_env_state_seeded(st);
                CU_ASSERT_FATAL(a >= 0);
            } else {
                CU_ASSERT_EQUAL_FATAL(cs_env_strategy_act(strategies[cur], st, &a, err, sizeof err),
                                      CS_OK);
                decisions++;
            }
            CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, a), CS_OK);
        }
        uint64_t idx;
        int first_dealer, deals, winner;
        int16_t score[4];
        cs_env_state_game(st, &idx, &first_dealer, &deals, &winner, score);
        CU_ASSERT_EQUAL(idx, (uint64_t)game);
        CU_ASSERT_EQUAL(first_dealer, want.first_dealer);
        CU_ASSERT_EQUAL(deals, want.deals);
        CU_ASSERT_EQUAL(winner, want.winner);
        for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(score[s], want.score[s]);
        if (deals != want.deals || winner != want.winner || score[0] != want.score[0])
            fprintf(stderr,
                    "%s %s/%s game %d: state %d deals, winner %d, %d-%d; run %d, %d, %d-%d\n",
                    preset, specs[0], specs[1], game, deals, winner, score[0], score[1], want.deals,
                    want.winner, want.score[0], want.score[1]);
        cs_env_state_free(st);
    }
    CU_ASSERT(decisions > games * 20);
    cs_game_free(g);
    for (int s = 0; s < n; s++) {
        cs_player_destroy(players[s]);
        cs_env_strategy_free(strategies[s]);
    }
}

static void test_env_state_seeded_game_equals_the_run(void) {
    static const char *const PRESETS[] = {"two", "three", "partners", "five-card"};
    static const char *const PAIRS[][2] = {{"expected", "greedy"}, {"random", "expert"}};
    for (size_t p = 0; p < sizeof PRESETS / sizeof PRESETS[0]; p++)
        for (size_t k = 0; k < 2; k++) state_equals_run(PRESETS[p], PAIRS[k], 30);
}

/* ---- a hand-worked deal through explicit chance ---- */

/* Applies a, which must be legal, seen by exactly the seats `sees`. */
static void apply_seen(cs_env_state *st, int a, unsigned sees) {
    CU_ASSERT_EQUAL(cs_env_state_visibility(st), sees);
    CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, a), CS_OK);
}

/* Seat plays card (it must be its turn and the card legal), seen by both. */
static void play(cs_env_state *st, int seat, const char *card) {
    CU_ASSERT_EQUAL_FATAL(cs_env_state_current(st), seat);
    CU_ASSERT_STRING_EQUAL(cs_env_state_phase(st), "play");
    apply_seen(st, C(card), 3u);
}

/* Checks seat 0's observation of the pile, the count and both scores, and the state's scores. */
static void check_table(const cs_env_state *st, const char *pile, int count, int s0, int s1) {
    uint8_t obs[CS_OBS_SIZE];
    cs_card cards[CS_MAX_PLAYS];
    int n = cs_cards_parse_line(pile, cards, CS_MAX_PLAYS, NULL);
    uint64_t want = 0;
    for (int i = 0; i < n; i++) want |= bit(cards[i]);
    for (int seat = 0; seat < 2; seat++) {
        cs_env_state_observe(st, seat, obs);
        CU_ASSERT_EQUAL(plane(obs, CS_OBS_PILE), want);
        CU_ASSERT_EQUAL(obs[CS_OBS_COUNT], count);
        CU_ASSERT_EQUAL(obs[CS_OBS_SCORE + 0], seat == 0 ? s0 : s1);
        CU_ASSERT_EQUAL(obs[CS_OBS_SCORE + 1], seat == 0 ? s1 : s0);
    }
    CU_ASSERT_EQUAL(cs_env_state_score(st, 0), s0);
    CU_ASSERT_EQUAL(cs_env_state_score(st, 1), s1);
}

/* Checks what `seat`, to play, sees each rank would peg (want[r], ace 0 .. king 12) and the
 * rank on top of the pile (-1: none). */
static void check_peg(const cs_env_state *st, int seat, const int want[13], int top) {
    uint8_t obs[CS_OBS_SIZE];
    CU_ASSERT_EQUAL_FATAL(cs_env_state_current(st), seat);
    cs_env_state_observe(st, seat, obs);
    for (int r = 0; r < 13; r++) {
        CU_ASSERT_EQUAL(obs[CS_OBS_PEG + r], want[r]);
        CU_ASSERT_EQUAL(obs[CS_OBS_TOP + r], r == top);
    }
}

/*
 * Two players; the cut makes seat 1 the dealer, so seat 0 (the pone) takes cards 0, 2, 4 ...
 * of the deal and seat 1 cards 1, 3, 5 ...
 *   seat 0: KS AS 7C QC, lays away 2D 3D     seat 1: KH TD 8D 8H, lays away 4H 6H
 *   starter JC: his heels, 2 to seat 1.
 * The play (seat 0 leads):
 *   s0 KS 10; s1 KH 20, a pair: 2; s0 AS 21; s1 TD 31: 2 (no go after 31: the count starts over)
 *   s0 7C 7; s1 8D 15: 2; s0 QC 25; s1 cannot lay 8H: asked go once; s0 (out of cards) 1
 *   s1 8H 8, the last card: 1.
 * Play: s0 1, s1 2 + 2 + 2 + 2 + 1 = 9 with the heels. The show: s0's KS AS 7C QC JC a run of
 * three, 3; s1's KH TD 8D 8H JC a pair, 2; the crib 2D 3D 4H 6H JC fifteens 2+3+10, 2+3+4+6
 * (4) and the run 2 3 4 (3): 7. Scores 4 and 18.
 */
static void test_env_state_hand_worked_deal_masks_planes_visibility_heels_and_go(void) {
    cs_env_state *st = state_new("two", SEED, 0, CS_ENV_REWARD_WIN);
    uint8_t mask[CS_ACT_COUNT], obs[CS_OBS_SIZE], before[CS_OBS_SIZE];

    /* the cut for deal: a chance node whose outcomes are the seats, seen by both */
    CU_ASSERT_EQUAL(cs_env_state_current(st), CS_ENV_CHANCE);
    CU_ASSERT_STRING_EQUAL(cs_env_state_phase(st), "cut-for-deal");
    CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 2);
    CU_ASSERT_EQUAL(mask_set(mask), 3u);
    apply_seen(st, 1, 3u);

    /* the deal, one card at a time from the dealer's left */
    static const char *const DEAL[12] = {"KS", "KH", "AS", "TD", "7C", "8D",
                                         "QC", "8H", "2D", "4H", "3D", "6H"};
    uint64_t dealt[2] = {0, 0};
    for (int i = 0; i < 12; i++) {
        CU_ASSERT_EQUAL(cs_env_state_current(st), CS_ENV_CHANCE);
        CU_ASSERT_STRING_EQUAL(cs_env_state_phase(st), "deal");
        CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 52 - i);
        CU_ASSERT_EQUAL(mask_set(mask) & (dealt[0] | dealt[1]), 0);
        apply_seen(st, C(DEAL[i]), 1u << (i % 2)); /* only its receiver sees it */
        dealt[i % 2] |= bit(C(DEAL[i]));
    }

    /* the discard: each seat's mask its six cards; the first card laid away moves planes */
    static const char *const AWAY[2][2] = {{"2D", "3D"}, {"4H", "6H"}};
    for (int k = 0; k < 2; k++) {
        int seat = cs_env_state_current(st);
        CU_ASSERT_FATAL(seat == 0 || seat == 1);
        CU_ASSERT_STRING_EQUAL(cs_env_state_phase(st), "discard");
        CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 6);
        CU_ASSERT_EQUAL(mask_set(mask), dealt[seat]);
        cs_env_state_observe(st, seat, obs);
        CU_ASSERT_EQUAL(plane(obs, CS_OBS_HAND), dealt[seat]);
        CU_ASSERT_EQUAL(plane(obs, CS_OBS_DISCARDS), 0);
        CU_ASSERT_EQUAL(obs[CS_OBS_TO_LAY], 2);
        CU_ASSERT_EQUAL(obs[CS_OBS_PHASE + 0], 1);
        CU_ASSERT_EQUAL(obs[CS_OBS_DEALER + (1 - seat)], 1);
        CU_ASSERT_EQUAL(obs[CS_OBS_SEAT], seat);
        cs_card first = C(AWAY[seat][0]), second = C(AWAY[seat][1]);
        cs_env_state_observe(st, 1 - seat, before);
        apply_seen(st, first, 1u << seat); /* a discard: its owner only */
        CU_ASSERT_EQUAL(cs_env_state_current(st), seat);
        cs_env_state_observe(st, seat, obs);
        CU_ASSERT_EQUAL(plane(obs, CS_OBS_DISCARDS), bit(first));
        CU_ASSERT_EQUAL(plane(obs, CS_OBS_HAND), dealt[seat] & ~bit(first));
        CU_ASSERT_EQUAL(obs[CS_OBS_TO_LAY], 1);
        CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 5);
        CU_ASSERT_EQUAL(mask_set(mask), dealt[seat] & ~bit(first));
        /* the other seat sees nothing of it */
        cs_env_state_observe(st, 1 - seat, obs);
        CU_ASSERT_EQUAL(memcmp(obs, before, CS_OBS_SIZE), 0);
        apply_seen(st, second, 1u << seat);
        dealt[seat] &= ~(bit(first) | bit(second));
    }

    /* the starter: a jack, his heels for the dealer */
    CU_ASSERT_EQUAL(cs_env_state_current(st), CS_ENV_CHANCE);
    CU_ASSERT_STRING_EQUAL(cs_env_state_phase(st), "starter");
    CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 40);
    CU_ASSERT_EQUAL(mask[C("KS")], 0);
    CU_ASSERT_EQUAL(mask[C("6H")], 0);
    CU_ASSERT_EQUAL(mask[C("JC")], 1);
    apply_seen(st, C("JC"), 3u);
    CU_ASSERT_EQUAL(cs_env_state_score(st, 1), 2);
    CU_ASSERT_EQUAL(cs_env_state_score(st, 0), 0);
    for (int seat = 0; seat < 2; seat++) {
        cs_env_state_observe(st, seat, obs);
        CU_ASSERT_EQUAL(plane(obs, CS_OBS_STARTER), bit(C("JC")));
        CU_ASSERT_EQUAL(plane(obs, CS_OBS_HAND), dealt[seat]);
        CU_ASSERT_EQUAL(obs[CS_OBS_PHASE + 1], 1);
        CU_ASSERT_EQUAL(obs[CS_OBS_TO_LAY], 0);
    }

    /* the play */
    check_table(st, "", 0, 0, 2);
    check_peg(st, 0, (const int[13]){0}, -1); /* a lead pegs nothing */
    play(st, 0, "KS");
    check_table(st, "KS", 10, 0, 2);
    /* On KS (10): a five makes fifteen, a king pairs; nothing else pegs. */
    check_peg(st, 1, (const int[13]){[4] = 2, [12] = 2}, 12);
    play(st, 1, "KH");
    check_table(st, "KS KH", 20, 0, 4);              /* a pair */
    check_peg(st, 0, (const int[13]){[12] = 6}, 12); /* a third king: pair royal, 30 */
    play(st, 0, "AS");
    check_table(st, "KS KH AS", 21, 0, 4);
    /* On 21, AS on top: an ace pairs it (22); any ten-card makes 31 (K A Q is no run). */
    check_peg(st, 1, (const int[13]){[0] = 2, [9] = 2, [10] = 2, [11] = 2, [12] = 2}, 0);
    play(st, 1, "TD");
    /* 31 for two; nobody says go after 31: the count starts over with seat 0 */
    CU_ASSERT_EQUAL(cs_env_state_current(st), 0);
    CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 2);
    CU_ASSERT_EQUAL(mask_set(mask), bit(C("7C")) | bit(C("QC")));
    check_table(st, "", 0, 0, 6);
    cs_env_state_observe(st, 0, obs);
    CU_ASSERT_EQUAL(plane(obs, CS_OBS_PLAYED + 0), bit(C("KS")) | bit(C("AS")));
    CU_ASSERT_EQUAL(plane(obs, CS_OBS_PLAYED + 52), bit(C("KH")) | bit(C("TD")));
    CU_ASSERT_EQUAL(obs[CS_OBS_LEFT + 0], 2);
    CU_ASSERT_EQUAL(obs[CS_OBS_LEFT + 1], 2);
    play(st, 0, "7C");
    check_table(st, "7C", 7, 0, 6);
    play(st, 1, "8D");
    check_table(st, "7C 8D", 15, 0, 8); /* fifteen */
    /* On 7C 8D (15): a six or a nine makes a run of three, an eight a pair; the rest pass 15
     * with nothing, and none passes 31. */
    check_peg(st, 0, (const int[13]){[5] = 3, [7] = 2, [8] = 3}, 7);
    play(st, 0, "QC");
    check_table(st, "7C 8D QC", 25, 0, 8);
    /* seat 1 holds 8H, which does not fit: asked go, its only action, once */
    CU_ASSERT_EQUAL(cs_env_state_current(st), 1);
    CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 1);
    CU_ASSERT_EQUAL(mask[CS_ACT_GO], 1);
    CU_ASSERT_EQUAL(cs_env_state_apply(st, C("8H")), CS_EILLEGAL);
    apply_seen(st, CS_ACT_GO, 3u);
    /* seat 0 has no cards: the go to seat 0, and seat 1 leads again */
    CU_ASSERT_EQUAL(cs_env_state_current(st), 1);
    CU_ASSERT_EQUAL(cs_env_state_legal(st, mask), 1);
    CU_ASSERT_EQUAL(mask_set(mask), bit(C("8H")));
    check_table(st, "", 0, 1, 8);
    play(st, 1, "8H");
    /* the last card, then the show: the next deal's first card is a chance node */
    CU_ASSERT_EQUAL(cs_env_state_current(st), CS_ENV_CHANCE);
    CU_ASSERT_STRING_EQUAL(cs_env_state_phase(st), "deal");
    CU_ASSERT_EQUAL(cs_env_state_score(st, 0), 4);
    CU_ASSERT_EQUAL(cs_env_state_score(st, 1), 18);
    cs_env_state_observe(st, 0, obs);
    CU_ASSERT_EQUAL(obs[CS_OBS_SCORE + 0], 4);
    CU_ASSERT_EQUAL(obs[CS_OBS_SCORE + 1], 18);
    cs_env_state_free(st);
}

/* ---- no observation reveals a hidden card ---- */

/*
 * Random games through the state, random legal chance outcomes and actions: at every node, every
 * seat's observation shows only cards that seat has been shown this deal (by the visibility of
 * what was applied). Returns the nodes checked.
 */
static long hidden_cards_stay_hidden(const char *preset, int games, uint64_t *rng) {
    long nodes = 0;
    for (int game = 0; game < games; game++) {
        cs_env_state *st = state_new(preset, SEED, (uint64_t)game, CS_ENV_REWARD_WIN);
        int n = cs_env_state_players(st);
        /* what each seat saw this deal, and in the last (shown until the new deal's cards are
         * all dealt: the view stays at the last deal's end until then) */
        uint64_t known[CS_MAX_PLAYERS] = {0}, last[CS_MAX_PLAYERS] = {0};
        int in_deal = 0, bad = 0;
        uint8_t mask[CS_ACT_COUNT], obs[CS_OBS_SIZE];
        for (;;) {
            for (int s = 0; s < n && !bad; s++) {
                cs_env_state_observe(st, s, obs);
                uint64_t shown = plane(obs, CS_OBS_HAND) | plane(obs, CS_OBS_DISCARDS) |
                                 plane(obs, CS_OBS_STARTER) | plane(obs, CS_OBS_PILE);
                for (int k = 0; k < 4; k++) shown |= plane(obs, CS_OBS_PLAYED + 52 * k);
                uint64_t may = known[s] | (in_deal ? last[s] : 0);
                if (shown & ~may) {
                    char text[512];
                    cs_env_state_describe(st, s, text, sizeof text);
                    fprintf(stderr, "%s game %d: seat %d is shown cards %#llx it never saw (%s)\n",
                            preset, game, s, (unsigned long long)(shown & ~may), text);
                    bad = 1;
                }
            }
            CU_ASSERT_FATAL(!bad);
            nodes++;
            int cur = cs_env_state_current(st);
            if (cur == CS_ENV_TERMINAL) break;
            cs_env_state_legal(st, mask);
            int a = pick(mask, rng);
            unsigned sees = cs_env_state_visibility(st);
            CU_ASSERT(sees != 0 || strcmp(cs_env_state_phase(st), "deal") == 0);
            int dealing = cur == CS_ENV_CHANCE && strcmp(cs_env_state_phase(st), "deal") == 0;
            if (dealing && !in_deal) { /* a new deal */
                memcpy(last, known, sizeof known);
                memset(known, 0, sizeof known);
            }
            in_deal = dealing;
            int is_card = a < CS_DECK_SIZE && strcmp(cs_env_state_phase(st), "cut-for-deal") != 0;
            for (int s = 0; s < n; s++)
                if (is_card && (sees >> s & 1)) known[s] |= bit((cs_card)a);
            CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, a), CS_OK);
        }
        cs_env_state_free(st);
    }
    return nodes;
}

static void test_env_observations_never_show_a_card_the_seat_has_not_seen(void) {
    static const char *const PRESETS[] = {"two",      "three",     "four",
                                          "partners", "five-card", "nz-tournament"};
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (size_t p = 0; p < sizeof PRESETS / sizeof PRESETS[0]; p++)
        CU_ASSERT(hidden_cards_stay_hidden(PRESETS[p], 12, &rng) > 12 * 100);
}

/* ---- illegal actions change nothing ---- */

static void test_env_state_refuses_illegal_actions_and_outcomes_changing_nothing(void) {
    cs_env_state *st = state_new("three", SEED, 3, CS_ENV_REWARD_WIN);
    uint64_t rng = 77;
    uint8_t mask[CS_ACT_COUNT], mask2[CS_ACT_COUNT];
    uint8_t obs[CS_MAX_PLAYERS][CS_OBS_SIZE], obs2[CS_OBS_SIZE];
    int tried = 0;
    while (cs_env_state_current(st) != CS_ENV_TERMINAL) {
        int n = cs_env_state_players(st);
        cs_env_state_legal(st, mask);
        for (int s = 0; s < n; s++) cs_env_state_observe(st, s, obs[s]);
        int cur = cs_env_state_current(st);
        int bad[] = {-1, CS_ACT_COUNT, 1000, 0, 0};
        int n_bad = 3;
        for (int a = 0; a < CS_ACT_COUNT; a++) /* some illegal ones inside the space */
            if (!mask[a] && n_bad < 5) bad[n_bad++] = a;
        for (int k = 0; k < n_bad; k++) {
            CU_ASSERT_EQUAL(cs_env_state_apply(st, bad[k]), CS_EILLEGAL);
            tried++;
        }
        CU_ASSERT_EQUAL(cs_env_state_current(st), cur);
        cs_env_state_legal(st, mask2);
        CU_ASSERT_EQUAL(memcmp(mask, mask2, CS_ACT_COUNT), 0);
        for (int s = 0; s < n; s++) {
            cs_env_state_observe(st, s, obs2);
            CU_ASSERT_EQUAL(memcmp(obs[s], obs2, CS_OBS_SIZE), 0);
        }
        CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, pick(mask, &rng)), CS_OK);
    }
    CU_ASSERT(tried > 500);
    CU_ASSERT_EQUAL(cs_env_state_apply(st, 0), CS_EILLEGAL);
    cs_env_state_free(st);
}

/* A batch's outputs, one buffer each. */
typedef struct {
    int n;
    uint8_t *obs, *mask, *done;
    int8_t *seat;
    float *reward;
    int32_t *action;
} bufs;

static bufs bufs_new(int n) {
    bufs b = {n,
              malloc((size_t)n * CS_OBS_SIZE),
              malloc((size_t)n * CS_ACT_COUNT),
              malloc((size_t)n),
              malloc((size_t)n),
              malloc((size_t)n * 4 * sizeof(float)),
              malloc((size_t)n * sizeof(int32_t))};
    CU_ASSERT_FATAL(b.obs && b.mask && b.done && b.seat && b.reward && b.action);
    return b;
}

static void bufs_free(bufs *b) {
    free(b->obs);
    free(b->mask);
    free(b->done);
    free(b->seat);
    free(b->reward);
    free(b->action);
}

static int bufs_equal(const bufs *x, const bufs *y, int with_step) {
    size_t n = (size_t)x->n;
    int eq = memcmp(x->obs, y->obs, n * CS_OBS_SIZE) == 0 &&
             memcmp(x->mask, y->mask, n * CS_ACT_COUNT) == 0 && memcmp(x->seat, y->seat, n) == 0;
    if (with_step)
        eq = eq && memcmp(x->done, y->done, n) == 0 &&
             memcmp(x->reward, y->reward, n * 4 * sizeof(float)) == 0;
    return eq;
}

/* Chooses every slot's action at random among its legal ones. */
static void choose(bufs *b, uint64_t *rng) {
    for (int i = 0; i < b->n; i++) b->action[i] = pick(b->mask + (size_t)i * CS_ACT_COUNT, rng);
}

static cs_env *env_new(const char *preset, const char *seat1, int n, int threads, int reward) {
    cs_env_config cfg = {preset, NULL, {NULL, seat1, NULL, NULL}, n, threads, reward};
    cs_env *env = NULL;
    char err[CS_ENV_ERR_MAX];
    int rc = cs_env_create(&cfg, &env, err, sizeof err);
    if (rc != CS_OK) fprintf(stderr, "cs_env_create: %s\n", err);
    CU_ASSERT_EQUAL_FATAL(rc, CS_OK);
    return env;
}

static void test_env_batch_refuses_an_illegal_action_naming_the_slot_and_changes_nothing(void) {
    enum { N = 8, STEPS = 300 };
    cs_env *env = env_new("two", "expected", N, 1, CS_ENV_REWARD_POINTS);
    cs_env *twin = env_new("two", "expected", N, 1, CS_ENV_REWARD_POINTS);
    bufs a = bufs_new(N), b = bufs_new(N);
    CU_ASSERT_EQUAL(cs_env_step(env, a.action, a.obs, a.mask, a.seat, a.reward, a.done), CS_ESTATE);
    CU_ASSERT_EQUAL_FATAL(cs_env_reset(env, SEED, a.obs, a.mask, a.seat), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_env_reset(twin, SEED, b.obs, b.mask, b.seat), CS_OK);
    uint64_t rng = 5;
    for (int step = 0; step < STEPS; step++) {
        CU_ASSERT_FATAL(bufs_equal(&a, &b, step > 0));
        choose(&a, &rng);
        if (step % 10 == 3) {
            int slot = (step / 10) % N, saved = a.action[slot];
            const uint8_t *m = a.mask + (size_t)slot * CS_ACT_COUNT;
            int bad = step % 20 == 3 ? CS_ACT_COUNT : 0;
            while (bad < CS_ACT_COUNT && m[bad]) bad++;
            a.action[slot] = bad;
            memset(a.obs, 0xAB, (size_t)N * CS_OBS_SIZE);
            CU_ASSERT_EQUAL(cs_env_step(env, a.action, a.obs, a.mask, a.seat, a.reward, a.done),
                            CS_EILLEGAL);
            char want[64];
            snprintf(want, sizeof want, "slot %d ", slot);
            CU_ASSERT_PTR_NOT_NULL(strstr(cs_env_error(env), want));
            a.action[slot] = saved;
            memcpy(a.obs, b.obs, (size_t)N * CS_OBS_SIZE); /* what the caller had */
        }
        memcpy(b.action, a.action, (size_t)N * sizeof(int32_t));
        CU_ASSERT_EQUAL_FATAL(cs_env_step(env, a.action, a.obs, a.mask, a.seat, a.reward, a.done),
                              CS_OK);
        CU_ASSERT_EQUAL_FATAL(cs_env_step(twin, b.action, b.obs, b.mask, b.seat, b.reward, b.done),
                              CS_OK);
    }
    CU_ASSERT(bufs_equal(&a, &b, 1));
    bufs_free(&a);
    bufs_free(&b);
    cs_env_destroy(env);
    cs_env_destroy(twin);
}

/* ---- the batch ---- */

/* Hashes `steps` steps of a batch with seat 1 `random`, random legal actions. */
static uint64_t batch_hash(int threads, int n, int steps, long *games) {
    cs_env *env = env_new("two", "random", n, threads, CS_ENV_REWARD_POINTS);
    bufs b = bufs_new(n);
    CU_ASSERT_EQUAL_FATAL(cs_env_reset(env, SEED, b.obs, b.mask, b.seat), CS_OK);
    uint64_t h = 0xcbf29ce484222325ull, rng = 123;
    h = fnv(h, b.obs, (size_t)n * CS_OBS_SIZE);
    h = fnv(h, b.mask, (size_t)n * CS_ACT_COUNT);
    h = fnv(h, b.seat, (size_t)n);
    *games = 0;
    for (int step = 0; step < steps; step++) {
        choose(&b, &rng);
        CU_ASSERT_EQUAL_FATAL(cs_env_step(env, b.action, b.obs, b.mask, b.seat, b.reward, b.done),
                              CS_OK);
        h = fnv(h, b.obs, (size_t)n * CS_OBS_SIZE);
        h = fnv(h, b.mask, (size_t)n * CS_ACT_COUNT);
        h = fnv(h, b.seat, (size_t)n);
        h = fnv(h, b.reward, (size_t)n * 4 * sizeof(float));
        h = fnv(h, b.done, (size_t)n);
        for (int i = 0; i < n; i++) *games += b.done[i];
    }
    bufs_free(&b);
    cs_env_destroy(env);
    return h;
}

static void test_env_batch_is_the_same_on_one_thread_and_two(void) {
    long g1, g2;
    uint64_t one = batch_hash(1, 64, 500, &g1), two = batch_hash(2, 64, 500, &g2);
    CU_ASSERT_EQUAL(one, two);
    CU_ASSERT_EQUAL(g1, g2);
    CU_ASSERT(g1 > 64); /* games ended and slots reset */
}

/* cs_env_step_threads(): the count the next step runs on, each count tried before it is
 * timed: `threads` first, then one; one where there is one thread or one game. */
static void test_env_step_threads_tries_each_count_before_timing_it(void) {
    enum { N = 8 };
    cs_env *two = env_new("two", "random", N, 2, CS_ENV_REWARD_POINTS);
    cs_env *one = env_new("two", "random", N, 1, CS_ENV_REWARD_POINTS);
    cs_env *single = env_new("two", "random", 1, 2, CS_ENV_REWARD_POINTS);
    cs_env *pair = env_new("two", "random", 2, 2, CS_ENV_REWARD_POINTS);
    CU_ASSERT_EQUAL(cs_env_step_threads(pair), 2); /* two games: a thread each */
    cs_env_destroy(pair);
    CU_ASSERT_EQUAL(cs_env_step_threads(two), 2);
    CU_ASSERT_EQUAL(cs_env_step_threads(one), 1);
    CU_ASSERT_EQUAL(cs_env_step_threads(single), 1);
    bufs b = bufs_new(N);
    uint64_t rng = 9;
    CU_ASSERT_EQUAL_FATAL(cs_env_reset(two, SEED, b.obs, b.mask, b.seat), CS_OK);
    CU_ASSERT_EQUAL(cs_env_step_threads(two), 2); /* a reset times nothing */
    choose(&b, &rng);
    CU_ASSERT_EQUAL_FATAL(cs_env_step(two, b.action, b.obs, b.mask, b.seat, b.reward, b.done),
                          CS_OK);
    CU_ASSERT_EQUAL(cs_env_step_threads(two), 1); /* two timed, one not yet */
    bufs_free(&b);
    cs_env_destroy(two);
    cs_env_destroy(one);
    cs_env_destroy(single);
}

/* The step clock, given times by hand: each count tried before it is timed (two threads
 * first), the faster chosen (two on a tie), a losing try putting the next one twice as far off
 * (16, 32, ...), a winning one bringing it back to 16, one held-up step counted as four times
 * the mean, and a count that slows down left at once. */
static int clock_run(cs_step_clock *c, double one, double many, int *tries) {
    /* steps with the given seconds a count until a try; returns the steps on the faster */
    int steps = 0;
    for (;;) {
        int m = cs_clock_choose(c);
        int try = c->probing >= 0;
        cs_clock_record(c, m, m ? many : one);
        if (try) {
            (*tries)++;
            return steps;
        }
        steps++;
    }
}

static void test_env_step_clock_tries_times_and_backs_off_by_hand(void) {
    cs_step_clock c = {{0, 0}, 0, 0, -1};
    CU_ASSERT_EQUAL(cs_clock_next(&c), 1); /* two threads first */
    CU_ASSERT_EQUAL(cs_clock_choose(&c), 1);
    cs_clock_record(&c, 1, 0.002);
    CU_ASSERT_EQUAL(cs_clock_choose(&c), 0); /* then one, untimed */
    cs_clock_record(&c, 0, 0.004);
    CU_ASSERT_DOUBLE_EQUAL(c.time[0], 0.004, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(c.time[1], 0.002, 1e-15);
    /* both timed: the first choice is a try of the slower (one thread), which loses */
    int tries = 0;
    CU_ASSERT_EQUAL(clock_run(&c, 0.004, 0.002, &tries), 0);
    CU_ASSERT_EQUAL(c.every, 32);
    CU_ASSERT_EQUAL(clock_run(&c, 0.004, 0.002, &tries), 31); /* 32 steps to the next try */
    CU_ASSERT_EQUAL(c.every, 64);
    CU_ASSERT_EQUAL(clock_run(&c, 0.004, 0.002, &tries), 63);
    CU_ASSERT_EQUAL(c.every, 128);
    for (int k = 0; k < 6; k++) clock_run(&c, 0.004, 0.002, &tries);
    CU_ASSERT_EQUAL(c.every, CS_CLOCK_MAX);
    CU_ASSERT_EQUAL(clock_run(&c, 0.004, 0.002, &tries), CS_CLOCK_MAX - 1);
    CU_ASSERT_EQUAL(c.every, CS_CLOCK_MAX);
    /* a try that wins (one thread at 1 ms, faster than two's 2 ms) brings the tries back */
    CU_ASSERT_EQUAL(clock_run(&c, 0.001, 0.002, &tries), CS_CLOCK_MAX - 1);
    CU_ASSERT_EQUAL(c.every, CS_CLOCK_EVERY);
    CU_ASSERT_DOUBLE_EQUAL(c.time[0], 0.004 + (0.001 - 0.004) / 4, 1e-15);
    /* one two-thread step held up for 100 ms counts as 4 x 2 ms */
    cs_step_clock d = {{0.004, 0.002}, 10, 16, -1};
    CU_ASSERT_EQUAL(cs_clock_choose(&d), 1);
    cs_clock_record(&d, 1, 0.100);
    CU_ASSERT_DOUBLE_EQUAL(d.time[1], 0.002 + (0.008 - 0.002) / 4, 1e-15);
    CU_ASSERT_EQUAL(cs_clock_next(&d), 1); /* 3.5 ms: still faster than one's 4 ms */
    cs_clock_record(&d, 1, 0.100);         /* 3.5 + (14 - 3.5) / 4 = 6.125 ms: slower now */
    CU_ASSERT_EQUAL(cs_clock_next(&d), 0);
    /* a tie goes to two threads */
    cs_step_clock e = {{0.003, 0.003}, 10, 16, -1};
    CU_ASSERT_EQUAL(cs_clock_next(&e), 1);
    CU_ASSERT(tries > 0);
}

/* Reward kinds by name and back, the first and the last included; no name outside them. */
static void test_env_reward_names_and_kinds_round_trip(void) {
    const char *names[] = {"win", "margin", "points", "clips", "league"};
    CU_ASSERT_EQUAL(CS_ENV_REWARD_KINDS, 5);
    for (int k = 0; k < 5; k++) {
        const char *name = cs_env_reward_name(k);
        CU_ASSERT_PTR_NOT_NULL_FATAL(name); /* a failure, not a crash, when a name is lost */
        CU_ASSERT_STRING_EQUAL(name, names[k]);
        CU_ASSERT_EQUAL(cs_env_reward_from_name(names[k]), k);
    }
    CU_ASSERT_PTR_NULL(cs_env_reward_name(-1));
    CU_ASSERT_PTR_NULL(cs_env_reward_name(5));
    CU_ASSERT(cs_env_reward_from_name("wins") < 0);
}

/* threads=0 is OpenMP's default (every core), not a bad count. */
static void test_env_threads_zero_is_the_default(void) {
    cs_env *env = env_new("two", "random", 4, 0, CS_ENV_REWARD_WIN);
    CU_ASSERT_PTR_NOT_NULL(env);
    cs_env_destroy(env);
}

/*
 * The batch with seat 1 expected, seat 0 the learner, against a state per slot (seeded chance,
 * game i, i + N, ... for slot i) whose seat 1 is cs_env_strategy("expected") and whose seat 0
 * takes the batch's actions: the same observations and masks at every step; each game's end is
 * the batch's done with the same record in cs_env_last_game() and the state's final observation
 * in cs_env_final_obs(), and the win reward says who won. Now and then a slot is given
 * CS_ENV_SKIP and its state nothing: it waits, writing the same decision again, rewards 0.
 */
static void test_env_batch_equals_the_state_seat_by_seat_and_resets_itself(void) {
    enum { N = 6, GAMES = 2 };
    cs_env *env = env_new("two", "expected", N, 1, CS_ENV_REWARD_WIN);
    bufs b = bufs_new(N);
    cs_env_state *st[N];
    cs_env_strategy *strat[N];
    int played[N] = {0};
    char err[CS_ENV_ERR_MAX];
    for (int i = 0; i < N; i++) {
        st[i] = state_new("two", SEED, (uint64_t)i, CS_ENV_REWARD_WIN);
        strat[i] = strategy_new("expected");
    }
    uint64_t idx;
    int fd, deals, winner;
    int16_t score[4];
    uint8_t none[CS_OBS_SIZE];
    CU_ASSERT_EQUAL(cs_env_last_game(env, 0, &idx, &fd, &deals, &winner, score), CS_ESTATE);
    CU_ASSERT_EQUAL(cs_env_final_obs(env, 0, none), CS_ESTATE);
    CU_ASSERT_EQUAL_FATAL(cs_env_reset(env, SEED, b.obs, b.mask, b.seat), CS_OK);
    uint64_t rng = 99;
    int all_done = 0, steps = 0;
    while (!all_done) {
        all_done = 1;
        for (int i = 0; i < N; i++) {
            /* the state on to seat 0's decision */
            int cur;
            while ((cur = cs_env_state_current(st[i])) != 0) {
                int a;
                CU_ASSERT_FATAL(cur != CS_ENV_TERMINAL);
                if (cur == CS_ENV_CHANCE)
                    a = cs_env_state_seeded(st[i]);
                else
                    CU_ASSERT_EQUAL_FATAL(cs_env_strategy_act(strat[i], st[i], &a, err, sizeof err),
                                          CS_OK);
                CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st[i], a), CS_OK);
            }
            uint8_t obs[CS_OBS_SIZE], mask[CS_ACT_COUNT];
            cs_env_state_observe(st[i], 0, obs);
            cs_env_state_legal(st[i], mask);
            CU_ASSERT_EQUAL(b.seat[i], 0);
            CU_ASSERT_EQUAL_FATAL(memcmp(obs, b.obs + (size_t)i * CS_OBS_SIZE, CS_OBS_SIZE), 0);
            CU_ASSERT_EQUAL_FATAL(memcmp(mask, b.mask + (size_t)i * CS_ACT_COUNT, CS_ACT_COUNT), 0);
            all_done &= played[i] >= GAMES;
        }
        if (all_done) break;
        choose(&b, &rng);
        b.action[steps % (2 * N) % N] = steps % (2 * N) < N ? CS_ENV_SKIP : b.action[steps % N];
        memset(b.reward, 0xAB, (size_t)N * 4 * sizeof(float));
        CU_ASSERT_EQUAL_FATAL(cs_env_step(env, b.action, b.obs, b.mask, b.seat, b.reward, b.done),
                              CS_OK);
        steps++;
        for (int i = 0; i < N; i++) {
            if (b.action[i] == CS_ENV_SKIP) {
                CU_ASSERT_EQUAL(b.done[i], 0);
                for (int s = 0; s < 4; s++)
                    CU_ASSERT_EQUAL(b.reward[(size_t)i * 4 + (size_t)s], 0.0f);
                continue;
            }
            CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st[i], b.action[i]), CS_OK);
            int cur;
            while ((cur = cs_env_state_current(st[i])) != 0 && cur != CS_ENV_TERMINAL) {
                int a;
                if (cur == CS_ENV_CHANCE)
                    a = cs_env_state_seeded(st[i]);
                else
                    CU_ASSERT_EQUAL_FATAL(cs_env_strategy_act(strat[i], st[i], &a, err, sizeof err),
                                          CS_OK);
                CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st[i], a), CS_OK);
            }
            const float *r = b.reward + (size_t)i * 4;
            CU_ASSERT_EQUAL_FATAL(b.done[i], cur == CS_ENV_TERMINAL);
            if (!b.done[i]) {
                for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(r[s], 0.0f);
                continue;
            }
            uint64_t want_idx;
            int want_fd, want_deals, want_winner;
            int16_t want_score[4];
            cs_env_state_game(st[i], &want_idx, &want_fd, &want_deals, &want_winner, want_score);
            for (int s = 0; s < 4; s++) score[s] = 999; /* each seat's written, none left over */
            CU_ASSERT_EQUAL_FATAL(cs_env_last_game(env, i, &idx, &fd, &deals, &winner, score),
                                  CS_OK);
            CU_ASSERT_EQUAL(idx, (uint64_t)(i + N * played[i]));
            CU_ASSERT_EQUAL(idx, want_idx);
            CU_ASSERT_EQUAL(fd, want_fd);
            CU_ASSERT_EQUAL(deals, want_deals);
            CU_ASSERT_EQUAL(winner, want_winner);
            for (int s = 0; s < 4; s++) CU_ASSERT_EQUAL(score[s], want_score[s]);
            uint8_t final[CS_OBS_SIZE], want_final[CS_OBS_SIZE];
            CU_ASSERT_EQUAL_FATAL(cs_env_final_obs(env, i, final), CS_OK);
            cs_env_state_observe(st[i], 0, want_final);
            CU_ASSERT_EQUAL(memcmp(final, want_final, CS_OBS_SIZE), 0);
            CU_ASSERT_FATAL(winner == 0 || winner == 1);
            CU_ASSERT(want_final[CS_OBS_SCORE + winner] >= 121); /* the final scores shown */
            CU_ASSERT_EQUAL(r[winner], 1.0f);
            CU_ASSERT_EQUAL(r[1 - winner], -1.0f);
            CU_ASSERT_EQUAL(r[2], 0.0f);
            CU_ASSERT_EQUAL(r[3], 0.0f);
            played[i]++;
            cs_env_state_free(st[i]);
            st[i] = state_new("two", SEED, (uint64_t)(i + N * played[i]), CS_ENV_REWARD_WIN);
        }
    }
    CU_ASSERT(steps > 50);
    for (int i = 0; i < N; i++) {
        cs_env_state_free(st[i]);
        cs_env_strategy_free(strat[i]);
    }
    bufs_free(&b);
    cs_env_destroy(env);
}

/* The points reward: seat 0's rewards over a game add up to its score minus seat 1's. */
static void test_env_points_rewards_add_up_to_the_final_margin(void) {
    enum { N = 8 };
    cs_env *env = env_new("two", "expected", N, 1, CS_ENV_REWARD_POINTS);
    bufs b = bufs_new(N);
    CU_ASSERT_EQUAL_FATAL(cs_env_reset(env, SEED, b.obs, b.mask, b.seat), CS_OK);
    double sum[N][2] = {{0}};
    int ended = 0, seen[N] = {0}, nonzero = 0;
    uint64_t rng = 7;
    while (ended < 3 * N) {
        choose(&b, &rng);
        CU_ASSERT_EQUAL_FATAL(cs_env_step(env, b.action, b.obs, b.mask, b.seat, b.reward, b.done),
                              CS_OK);
        for (int i = 0; i < N; i++) {
            const float *r = b.reward + (size_t)i * 4;
            sum[i][0] += r[0];
            sum[i][1] += r[1];
            nonzero += r[0] != 0;
            CU_ASSERT_EQUAL(r[0], -r[1]);
            CU_ASSERT_EQUAL(r[2], 0.0f); /* no seat 2 or 3 in a two-player game */
            CU_ASSERT_EQUAL(r[3], 0.0f);
            if (!b.done[i]) continue;
            uint64_t idx;
            int fd, deals, winner;
            int16_t score[4];
            CU_ASSERT_EQUAL_FATAL(cs_env_last_game(env, i, &idx, &fd, &deals, &winner, score),
                                  CS_OK);
            CU_ASSERT_EQUAL(idx, (uint64_t)(i + N * seen[i]));
            CU_ASSERT_EQUAL(sum[i][0], (double)(score[0] - score[1]));
            CU_ASSERT_EQUAL(sum[i][1], (double)(score[1] - score[0]));
            sum[i][0] = sum[i][1] = 0;
            seen[i]++;
            ended++;
        }
    }
    CU_ASSERT(nonzero > 100);
    bufs_free(&b);
    cs_env_destroy(env);
}

/* ---- bad configurations ---- */

/* cs_env_create() on cfg fails with rc (0: any error) and a message containing `says`. */
static void refused(cs_env_config cfg, int rc, const char *says) {
    cs_env *env = (cs_env *)&cfg; /* anything not NULL */
    char err[CS_ENV_ERR_MAX] = "";
    int got = cs_env_create(&cfg, &env, err, sizeof err);
    if (rc) CU_ASSERT_EQUAL(got, rc);
    CU_ASSERT(got < 0);
    CU_ASSERT_PTR_NULL(env);
    if (!strstr(err, says)) fprintf(stderr, "expected '%s' in: %s\n", says, err);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, says));
}

static void test_env_bad_configs_are_refused_with_a_sentence_naming_the_fault(void) {
    cs_env_config ok = {"two", NULL, {NULL, "expected", NULL, NULL}, 4, 1, CS_ENV_REWARD_WIN};
    cs_env_config c = ok;
    c.rules = "seven-card";
    refused(c, CS_EUNKNOWN, "unknown rules 'seven-card'");
    c = ok;
    c.set = "targett=61";
    refused(c, CS_EUNKNOWN, "unknown rule 'targett'");
    c = ok;
    c.set = "target=lots";
    refused(c, 0, "bad value 'lots' for rule 'target'");
    c = ok;
    c.set = "target";
    refused(c, CS_ESYNTAX, "expected KEY=VALUE");
    c = ok;
    c.seats[0] = "greedy";
    refused(c, CS_ECONFIG, "no learner seat");
    c = ok;
    c.seats[2] = "expected";
    refused(c, CS_ECONFIG, "seat 2 ('expected') is beyond the rules' 2 players");
    c = ok;
    c.seats[1] = "nosuchstrategy";
    refused(c, CS_EUNKNOWN, "seat 1: unknown strategy 'nosuchstrategy'");
    c = ok;
    c.n_games = 0;
    refused(c, CS_ERANGE, "games in the batch: 0");
    c = ok;
    c.reward = CS_ENV_REWARD_KINDS;
    refused(c, CS_ERANGE, "unknown reward kind");
    cs_env *env = NULL;
    char err[CS_ENV_ERR_MAX];

    /* the state and the strategy say the same */
    CU_ASSERT_PTR_NULL(cs_env_state_new("seven-card", NULL, 1, 0, 0, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown rules 'seven-card'"));
    CU_ASSERT_PTR_NULL(cs_env_state_new("two", "heels=x", 1, 0, 0, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "bad value 'x' for rule 'heels'"));
    CU_ASSERT_PTR_NULL(cs_env_strategy_new("nosuchstrategy", err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown strategy 'nosuchstrategy'"));

    /* and a good one works */
    CU_ASSERT_EQUAL(cs_env_create(&ok, &env, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL(cs_env_games(env), 4);
    CU_ASSERT_EQUAL(cs_env_players(env), 2);
    CU_ASSERT(cs_env_is_learner(env, 0) && !cs_env_is_learner(env, 1));
    cs_env_destroy(env);
}

/*
 * Every seat-taking call of cs_env.h refuses a seat the table lacks (-1, one past the last, 7)
 * with CS_ERANGE and writes nothing, for two, three and four players; the batch refuses a
 * thread count the command line would refuse and a slot outside the batch.
 */
static void test_env_seats_slots_and_threads_outside_the_table_are_refused(void) {
    static const char *const PRESETS[] = {"two", "three", "four", "partners"};
    for (int p = 0; p < 4; p++) {
        cs_env_state *st = state_new(PRESETS[p], SEED, 0, CS_ENV_REWARD_WIN);
        int n = cs_env_state_players(st);
        uint64_t rng = SEED;
        for (int i = 0; i < 40 && cs_env_state_current(st) != CS_ENV_TERMINAL; i++) {
            uint8_t mask[CS_ACT_COUNT];
            cs_env_state_legal(st, mask);
            int seeded = cs_env_state_seeded(st);
            CU_ASSERT_EQUAL(cs_env_state_apply(st, seeded >= 0 ? seeded : pick(mask, &rng)), CS_OK);
        }
        const int bad[] = {-1, n, 4, 7, -100};
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            uint8_t obs[CS_OBS_SIZE];
            memset(obs, 0xAB, sizeof obs);
            CU_ASSERT_EQUAL(cs_env_state_observe(st, bad[b], obs), CS_ERANGE);
            CU_ASSERT(obs[0] == 0xAB && obs[CS_OBS_SIZE - 1] == 0xAB);
            CU_ASSERT_EQUAL(cs_env_state_score(st, bad[b]), CS_ERANGE);
            char text[64] = "untouched";
            CU_ASSERT_EQUAL(cs_env_state_describe(st, bad[b], text, sizeof text), CS_ERANGE);
            CU_ASSERT_STRING_EQUAL(text, "");
        }
        for (int s = 0; s < n; s++) {
            uint8_t obs[CS_OBS_SIZE];
            char text[256];
            CU_ASSERT_EQUAL(cs_env_state_observe(st, s, obs), CS_OK);
            CU_ASSERT_EQUAL(obs[CS_OBS_SEAT], s);
            CU_ASSERT(cs_env_state_score(st, s) >= 0);
            CU_ASSERT(cs_env_state_describe(st, s, text, sizeof text) > 0);
        }
        cs_env_state_free(st);
    }

    cs_env_config ok = {"two", NULL, {NULL, "random", NULL, NULL}, 2, 1, CS_ENV_REWARD_WIN};
    cs_env_config c = ok;
    c.threads = CS_ENV_THREADS_MAX + 1;
    refused(c, CS_ERANGE, "threads: 257 (1 to 256, or 0 for every core)");
    c.threads = 1000000;
    refused(c, CS_ERANGE, "threads: 1000000");
    c.threads = -1;
    refused(c, CS_ERANGE, "threads: -1");
    cs_env *env = NULL;
    char err[CS_ENV_ERR_MAX];
    c.threads = CS_ENV_THREADS_MAX;
    CU_ASSERT_EQUAL_FATAL(cs_env_create(&c, &env, err, sizeof err), CS_OK);
    uint8_t obs[2 * CS_OBS_SIZE], mask[2 * CS_ACT_COUNT];
    int8_t seat[2];
    CU_ASSERT_EQUAL(cs_env_reset(env, SEED, obs, mask, seat), CS_OK);
    uint64_t game = 99;
    int fd = 99, deals = 99, winner = 99;
    int16_t score[4] = {99, 99, 99, 99};
    CU_ASSERT_EQUAL(cs_env_last_game(env, -1, &game, &fd, &deals, &winner, score), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_env_last_game(env, 2, &game, &fd, &deals, &winner, score), CS_ERANGE);
    CU_ASSERT_EQUAL(cs_env_last_game(env, 1, &game, &fd, &deals, &winner, score), CS_ESTATE);
    CU_ASSERT(game == 99 && fd == 99 && deals == 99 && winner == 99 && score[0] == 99);
    CU_ASSERT(!cs_env_is_learner(env, -1) && !cs_env_is_learner(env, 2) &&
              !cs_env_is_learner(env, 7));
    cs_env_destroy(env);
}

/* A seat the rules do not have is refused by the state's C API (it crashed at seat 7 and -1),
 * and the seeded resolution, the history and the list-free calls agree with the plain ones. */
static void test_env_state_refuses_absent_seats_and_resolves_the_seeds_chance(void) {
    char err[CS_ENV_ERR_MAX], text[256];
    cs_env_state *st = cs_env_state_new("two", NULL, 7, 3, CS_ENV_REWARD_POINTS, err, sizeof err);
    cs_env_state *plain =
        cs_env_state_new("two", NULL, 7, 3, CS_ENV_REWARD_POINTS, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    CU_ASSERT_PTR_NOT_NULL_FATAL(plain);
    uint8_t obs[CS_OBS_SIZE], mask[CS_ACT_COUNT], list[CS_ACT_COUNT];
    memset(obs, 0xAB, sizeof obs);
    static const int BAD[] = {7, -1, 2, 1000000};
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(cs_env_state_observe(st, BAD[i], obs), CS_ERANGE);
        CU_ASSERT_EQUAL(cs_env_state_describe(st, BAD[i], text, sizeof text), CS_ERANGE);
        CU_ASSERT_EQUAL(cs_env_state_score(st, BAD[i]), CS_ERANGE);
    }
    CU_ASSERT_EQUAL(obs[0], 0xAB); /* nothing written */
    /* resolve applies exactly the outcomes cs_env_state_seeded names, one by one */
    CU_ASSERT_EQUAL(cs_env_state_resolve(st), CS_OK);
    while (cs_env_state_current(plain) == CS_ENV_CHANCE)
        CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(plain, cs_env_state_seeded(plain)), CS_OK);
    const cs_env_move *a, *b;
    int n = cs_env_state_moves(st, &a);
    CU_ASSERT_EQUAL(n, 13); /* the cut and twelve cards: the first decision is a discard */
    CU_ASSERT_EQUAL_FATAL(cs_env_state_moves(plain, &b), n);
    for (int i = 0; i < n; i++) CU_ASSERT_EQUAL(a[i].action, b[i].action);
    CU_ASSERT_EQUAL(a[0].kind, CS_ENV_MOVE_CUT);
    CU_ASSERT_EQUAL(a[1].kind, CS_ENV_MOVE_DEAL);
    CU_ASSERT_EQUAL(a[1].seen & a[2].seen, 0); /* alternate seats see alternate cards */
    /* the list-free calls answer as the mask */
    int k = cs_env_state_legal(st, mask);
    CU_ASSERT_EQUAL(cs_env_state_legal_list(st, list), k);
    CU_ASSERT_EQUAL(cs_env_state_num_legal(st), k);
    for (int i = 0; i < k; i++) {
        CU_ASSERT(mask[list[i]]);
        CU_ASSERT_EQUAL(cs_env_state_legal_at(st, i), list[i]);
    }
    CU_ASSERT_EQUAL(cs_env_state_legal_at(st, k), -1);
    CU_ASSERT_EQUAL(cs_env_state_legal_at(st, -1), -1);
    CU_ASSERT(!cs_env_state_is_legal(st, 1L << 32 | list[0]));
    cs_env_state_free(st);
    cs_env_state_free(plain);
}

/* The end rewards of every kind but points (checked above) for games played to the end, seat
 * 0 and 2 `random`, 1 and 3 `expert` (a strategy object each), worked by hand from each game's
 * final scores: win +1, -1 (0 a tie); margin the side's score minus the best other side's; clips 2
 * a win, 0 a loss; league the winner's skunk level of the worst-beaten loser, at most 2, and a
 * loser minus its shortfall to 121 (skunk below 91, double below 61). Seats the rules do not have
 * get 0. */
static void test_env_state_end_rewards_of_every_kind_follow_the_final_scores(void) {
    static const int KINDS[4] = {CS_ENV_REWARD_WIN, CS_ENV_REWARD_MARGIN, CS_ENV_REWARD_CLIPS,
                                 CS_ENV_REWARD_LEAGUE};
    static const struct {
        const char *preset;
        int game, score[4];
        double want[4][4]; /* by KINDS, then seat */
    } CASES[] = {
        /* 76-121: seat 0, the only loser, skunked (below 91): the winner's league 1 */
        {"two",
         0,
         {76, 121, -1, -1},
         {{-1, 1, 0, 0}, {-45, 45, 0, 0}, {0, 2, 0, 0}, {-45, 1, 0, 0}}},
        /* 95-129: no skunk, league 0 */
        {"two",
         5,
         {95, 129, -1, -1},
         {{-1, 1, 0, 0}, {-34, 34, 0, 0}, {0, 2, 0, 0}, {-26, 0, 0, 0}}},
        /* 46-132: a double skunk (below 61), league 2 */
        {"two",
         12,
         {46, 132, -1, -1},
         {{-1, 1, 0, 0}, {-86, 86, 0, 0}, {0, 2, 0, 0}, {-75, 2, 0, 0}}},
        /* three sides: each loser's margin from the winner, the winner's from the better loser */
        {"three",
         0,
         {80, 131, 81, -1},
         {{-1, 1, -1, 0}, {-51, 50, -50, 0}, {0, 2, 0, 0}, {-41, 1, -40, 0}}},
        {"three",
         2,
         {100, 123, 106, -1},
         {{-1, 1, -1, 0}, {-23, 17, -17, 0}, {0, 2, 0, 0}, {-21, 0, -15, 0}}},
        /* partners: seats 1 and 3 the winning side, each seat its side's reward */
        {"partners",
         1,
         {73, 126, 73, 126},
         {{-1, 1, -1, 1}, {-53, 53, -53, 53}, {0, 2, 0, 2}, {-48, 1, -48, 1}}},
    };
    char err[CS_ENV_ERR_MAX];
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        for (int k = 0; k < 4; k++) {
            cs_env_state *st = state_new(CASES[c].preset, SEED, (uint64_t)CASES[c].game, KINDS[k]);
            /* fresh strategies, one a seat, for each game: the game as cs_game_run plays it */
            cs_env_strategy *strategies[4];
            for (int s = 0; s < 4; s++) strategies[s] = strategy_new(s % 2 ? "expert" : "random");
            int cur;
            while ((cur = cs_env_state_current(st)) != CS_ENV_TERMINAL) {
                int a = cs_env_state_seeded(st);
                if (cur != CS_ENV_CHANCE)
                    CU_ASSERT_EQUAL_FATAL(
                        cs_env_strategy_act(strategies[cur], st, &a, err, sizeof err), CS_OK);
                CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, a), CS_OK);
            }
            uint64_t game;
            int first_dealer, deals, winner;
            int16_t score[4];
            double r[4];
            cs_env_state_game(st, &game, &first_dealer, &deals, &winner, score);
            cs_env_state_returns(st, r);
            for (int s = 0; s < 4; s++) {
                CU_ASSERT_EQUAL(score[s], CASES[c].score[s]);
                CU_ASSERT_EQUAL(r[s], CASES[c].want[k][s]);
            }
            if (r[0] != CASES[c].want[k][0] || r[1] != CASES[c].want[k][1] ||
                r[2] != CASES[c].want[k][2] || r[3] != CASES[c].want[k][3])
                fprintf(stderr, "%s game %d, %s: returns %g %g %g %g\n", CASES[c].preset,
                        CASES[c].game, cs_env_reward_name(KINDS[k]), r[0], r[1], r[2], r[3]);
            cs_env_state_free(st);
            for (int s = 0; s < 4; s++) cs_env_strategy_free(strategies[s]);
        }
    }
}

/* A hand-worked deal's descriptions (seat 1 deals; seat 0 holds the ace of clubs, card 0):
 * each seat's hand as dealt, then a card laid away moved from the hand to "laid away" for its
 * seat alone; a buffer too short gets what fits and the length written. */
static void test_env_state_describe_says_the_seats_hand_laid_away_cards_and_scores(void) {
    cs_env_state *st = state_new("two", SEED, 0, CS_ENV_REWARD_WIN);
    static const char *const DEAL[12] = {"AC", "3S", "5H", "4S", "9S", "6D",
                                         "JD", "7H", "2C", "TC", "KD", "QH"};
    char text[256];
    CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, 1), CS_OK);
    for (int i = 0; i < 12; i++) CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, C(DEAL[i])), CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_env_state_current(st), 0);
    static const char *const BEFORE[2] = {
        "seat 0, deal 1, dealer 1, discard; hand AC 5H 9S JD 2C KD; laid away ; pile  (count 0); "
        "scores 0 0",
        "seat 1, deal 1, dealer 1, discard; hand 3S 4S 6D 7H TC QH; laid away ; pile  (count 0); "
        "scores 0 0"};
    for (int s = 0; s < 2; s++) {
        CU_ASSERT_EQUAL(cs_env_state_describe(st, s, text, sizeof text), (int)strlen(BEFORE[s]));
        CU_ASSERT_STRING_EQUAL(text, BEFORE[s]);
    }
    CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, C("5H")), CS_OK);
    static const char *const AFTER =
        "seat 0, deal 1, dealer 1, discard; hand AC 9S JD 2C KD; laid away 5H; pile  (count 0); "
        "scores 0 0";
    CU_ASSERT_EQUAL(cs_env_state_describe(st, 0, text, sizeof text), (int)strlen(AFTER));
    CU_ASSERT_STRING_EQUAL(text, AFTER);
    CU_ASSERT_EQUAL(cs_env_state_describe(st, 1, text, sizeof text), (int)strlen(BEFORE[1]));
    CU_ASSERT_STRING_EQUAL(text, BEFORE[1]);
    CU_ASSERT_EQUAL(cs_env_state_describe(st, 0, text, 20), 19);
    CU_ASSERT_STRING_EQUAL(text, "seat 0, deal 1, dea");
    CU_ASSERT_EQUAL(cs_env_state_describe(st, 0, text, 1), 0);
    CU_ASSERT_STRING_EQUAL(text, "");
    /* the discards done and 8D cut, seat 0 (the pone) to lead: the starter is shown */
    static const char *const REST[4] = {"AC", "3S", "4S", "8D"};
    for (int i = 0; i < 4; i++) CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st, C(REST[i])), CS_OK);
    static const char *const PLAY = "seat 0, deal 1, dealer 1, play; hand 2C KD 9S JD; laid away "
                                    "5H AC; starter 8D; pile  (count 0); scores 0 0";
    CU_ASSERT_EQUAL(cs_env_state_describe(st, 0, text, sizeof text), (int)strlen(PLAY));
    CU_ASSERT_STRING_EQUAL(text, PLAY);
    cs_env_state_free(st);
}

/* The bounds on a game's length, worked by hand. Two players to 121: some side scores in
 * every deal, so at most 2 * 120 + 1 = 241 deals; a deal's decisions at most 2 * 2 discards
 * and 8 cards played, each with up to 2 gos, 4 + 8 * 3 = 28; its chance outcomes 12 cards and
 * the starter, 13, and the cut once: 241 * 28 = 6748 decisions, 1 + 241 * 13 = 3134 outcomes.
 * With max_deals=10, 10 deals: 280 and 131; with max_deals=1, 28 and 14. The cut's legal outcomes
 * are the seats, each by its position in the list; a NULL message buffer is allowed. */
static void test_env_state_length_bounds_cut_outcomes_and_no_message_buffer(void) {
    char err[CS_ENV_ERR_MAX];
    cs_env_state *st = state_new("two", SEED, 0, CS_ENV_REWARD_WIN);
    int chance = 0;
    CU_ASSERT_EQUAL(cs_env_state_max_length(st, &chance), 6748);
    CU_ASSERT_EQUAL(chance, 3134);
    CU_ASSERT_EQUAL(cs_env_state_max_length(st, NULL), 6748);
    CU_ASSERT_EQUAL(cs_env_state_legal_at(st, 0), 0);
    CU_ASSERT_EQUAL(cs_env_state_legal_at(st, 1), 1);
    CU_ASSERT_EQUAL(cs_env_state_legal_at(st, 2), -1);
    cs_env_state_free(st);
    st = cs_env_state_new("two", "max_deals=10", SEED, 0, CS_ENV_REWARD_WIN, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    CU_ASSERT_EQUAL(cs_env_state_max_length(st, &chance), 280);
    CU_ASSERT_EQUAL(chance, 131);
    cs_env_state_free(st);
    /* max_deals=1, the least: one deal, 28 decisions and 1 + 13 outcomes */
    st = cs_env_state_new("two", "max_deals=1", SEED, 0, CS_ENV_REWARD_WIN, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    CU_ASSERT_EQUAL(cs_env_state_max_length(st, &chance), 28);
    CU_ASSERT_EQUAL(chance, 14);
    cs_env_state_free(st);
    /* a reward kind past the last, or before the first, is refused */
    CU_ASSERT_PTR_NULL(
        cs_env_state_new("two", NULL, SEED, 0, CS_ENV_REWARD_KINDS, err, sizeof err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "unknown reward kind"));
    CU_ASSERT_PTR_NULL(cs_env_state_new("two", NULL, SEED, 0, -1, err, sizeof err));
    /* no buffer for the message, whatever its length: refused all the same, nothing written */
    CU_ASSERT_PTR_NULL(cs_env_state_new("no-such", NULL, SEED, 0, CS_ENV_REWARD_WIN, NULL, 64));
    CU_ASSERT_PTR_NULL(cs_env_state_new("no-such", NULL, SEED, 0, CS_ENV_REWARD_WIN, NULL, 0));
}

/* A strategy's discard is a function of the state: one `expected` asked at a deal where seat 0
 * holds 2C 5H 5C JD QS 8H (seat 1 deals) lays away 2C first; asked next at the same game and
 * deal with 9S for 2C, the seat's first card, it answers 9S, as a fresh one does, not the
 * first deal's remembered discard (whose 2C is not there: 8H). */
static void test_env_strategy_discard_is_remembered_only_for_the_same_hand(void) {
    static const char *const DEALS[2][12] = {
        {"2C", "3S", "5H", "4S", "5C", "6D", "JD", "7H", "QS", "TC", "8H", "KD"},
        {"9S", "3S", "5H", "4S", "5C", "6D", "JD", "7H", "QS", "TC", "8H", "KD"}};
    cs_env_state *st[2];
    for (int d = 0; d < 2; d++) {
        st[d] = state_new("two", SEED, 0, CS_ENV_REWARD_WIN);
        CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st[d], 1), CS_OK);
        for (int i = 0; i < 12; i++)
            CU_ASSERT_EQUAL_FATAL(cs_env_state_apply(st[d], C(DEALS[d][i])), CS_OK);
        CU_ASSERT_EQUAL_FATAL(cs_env_state_current(st[d]), 0);
    }
    char err[CS_ENV_ERR_MAX];
    cs_env_strategy *s = strategy_new("expected"), *fresh = strategy_new("expected");
    int a = -1, b = -1, want = -1;
    CU_ASSERT_EQUAL(cs_env_strategy_act(s, st[0], &a, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL(a, C("2C"));
    CU_ASSERT_EQUAL(cs_env_strategy_act(s, st[1], &b, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL(cs_env_strategy_act(fresh, st[1], &want, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL(want, C("9S"));
    CU_ASSERT_EQUAL(b, want);
    cs_env_strategy_free(s);
    cs_env_strategy_free(fresh);
    for (int d = 0; d < 2; d++) cs_env_state_free(st[d]);
}

const char cs_suite_name[] = "env";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_env_state_seeded_game_equals_the_run),
    CS_TEST(test_env_state_hand_worked_deal_masks_planes_visibility_heels_and_go),
    CS_TEST(test_env_observations_never_show_a_card_the_seat_has_not_seen),
    CS_TEST(test_env_state_refuses_illegal_actions_and_outcomes_changing_nothing),
    CS_TEST(test_env_batch_refuses_an_illegal_action_naming_the_slot_and_changes_nothing),
    CS_TEST(test_env_batch_is_the_same_on_one_thread_and_two),
    CS_TEST(test_env_step_threads_tries_each_count_before_timing_it),
    CS_TEST(test_env_step_clock_tries_times_and_backs_off_by_hand),
    CS_TEST(test_env_reward_names_and_kinds_round_trip),
    CS_TEST(test_env_threads_zero_is_the_default),
    CS_TEST(test_env_batch_equals_the_state_seat_by_seat_and_resets_itself),
    CS_TEST(test_env_points_rewards_add_up_to_the_final_margin),
    CS_TEST(test_env_bad_configs_are_refused_with_a_sentence_naming_the_fault),
    CS_TEST(test_env_seats_slots_and_threads_outside_the_table_are_refused),
    CS_TEST(test_env_state_refuses_absent_seats_and_resolves_the_seeds_chance),
    CS_TEST(test_env_state_end_rewards_of_every_kind_follow_the_final_scores),
    CS_TEST(test_env_state_describe_says_the_seats_hand_laid_away_cards_and_scores),
    CS_TEST(test_env_state_length_bounds_cut_outcomes_and_no_message_buffer),
    CS_TEST(test_env_strategy_discard_is_remembered_only_for_the_same_hand),
    {NULL, NULL},
};

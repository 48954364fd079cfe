/* layer: experiments */
/*
 * test_advise.c - the figures of `cribsim advise` (advise.h) held to enumerations written here,
 * with a show scorer of their own (subsets for fifteens, pairs by pairs, runs from the rank
 * counts), not the engine's tables: the hand over every starter the seat has not seen, the
 * crib over every other pair of crib cards and starter from the 50 cards not laid away (the
 * stated model), the net's sign by role, the ranking against the `expected` player's discard
 * through its strategy interface, and the refusals.
 */
#include <math.h>
#include <string.h>

#include "advise.h"
#include "advise_play.h"
#include "cu_main.h"
#include "endgame.h"
#include "error.h"
#include "expert.h"
#include "inference.h"
#include "pcg32.h"
#include "score.h"
#include "strategy.h"

/* The show of four cards and a starter, counted the long way. */
static int naive_show(const cs_card h[4], cs_card starter, int crib) {
    cs_card c[5] = {h[0], h[1], h[2], h[3], starter};
    int points = 0;
    for (int mask = 1; mask < 32; mask++) {
        int sum = 0;
        for (int i = 0; i < 5; i++)
            if (mask >> i & 1) sum += (c[i] >> 2) + 1 > 10 ? 10 : (c[i] >> 2) + 1;
        if (sum == 15) points += 2;
    }
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) points += 2 * ((c[i] >> 2) == (c[j] >> 2));
    int count[13] = {0};
    for (int i = 0; i < 5; i++) count[c[i] >> 2]++;
    /* Runs: the longest block of ranks present, times how many ways to pick one of each. */
    for (int lo = 0; lo < 13; lo++) {
        if (!count[lo] || (lo > 0 && count[lo - 1])) continue;
        int len = 0, ways = 1;
        while (lo + len < 13 && count[lo + len]) ways *= count[lo + len++];
        if (len >= 3) points += len * ways;
    }
    int suit = h[0] & 3, same = 1;
    for (int i = 1; i < 4; i++) same &= (h[i] & 3) == suit;
    if (same) points += (starter & 3) == suit ? 5 : crib ? 0 : 4;
    for (int i = 0; i < 4; i++) points += (h[i] >> 2) == 10 && (h[i] & 3) == (starter & 3);
    return points;
}

static double naive_hand(const cs_card keep[4], cs_cardset dealt) {
    double sum = 0;
    int n = 0;
    for (int s = 0; s < CS_DECK_SIZE; s++) {
        if (dealt >> s & 1) continue;
        sum += naive_show(keep, (cs_card)s, 0);
        n++;
    }
    CU_ASSERT_EQUAL(n, 52 - cs_cardset_count(dealt));
    return sum / n;
}

/* The crib under the stated model: the two other crib cards and the starter from the 50
 * cards other than the two laid away, every choice equally likely. */
static double naive_crib(const cs_card toss[2]) {
    double sum = 0;
    long n = 0;
    cs_card c[4] = {toss[0], toss[1], 0, 0};
    for (int a = 0; a < CS_DECK_SIZE; a++) {
        if (a == toss[0] || a == toss[1]) continue;
        for (int b = a + 1; b < CS_DECK_SIZE; b++) {
            if (b == toss[0] || b == toss[1]) continue;
            c[2] = (cs_card)a;
            c[3] = (cs_card)b;
            for (int s = 0; s < CS_DECK_SIZE; s++) {
                if (s == a || s == b || s == toss[0] || s == toss[1]) continue;
                sum += naive_show(c, (cs_card)s, 1);
                n++;
            }
        }
    }
    CU_ASSERT_EQUAL(n, 1225L * 48);
    return sum / n;
}

static void parse6(const char *text[6], cs_card out[6]) {
    int bad;
    CU_ASSERT_EQUAL_FATAL(cs_cards_parse(6, text, out, &bad), CS_OK);
}

/* Every row of both roles against the enumerations; the rows are the 15 splits, best first. */
static void check_hand(const char *text[6]) {
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_card dealt[6];
    parse6(text, dealt);
    cs_cardset set = 0;
    for (int i = 0; i < 6; i++) set |= cs_cardset_of(dealt[i]);
    cs_advice dealer, pone;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(cs_advise(&r, dealt, 6, CS_ADVISE_DEALER, NULL, &dealer, err, sizeof err),
                          CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_advise(&r, dealt, 6, CS_ADVISE_PONE, NULL, &pone, err, sizeof err),
                          CS_OK);
    CU_ASSERT_EQUAL(dealer.n_rows, 15);
    CU_ASSERT_EQUAL(dealer.starters, 46);
    CU_ASSERT_EQUAL(dealer.have_peg, 1);
    CU_ASSERT_EQUAL(dealer.have_win, 0);
    cs_cardset pairs_seen[15] = {0};
    for (int i = 0; i < 15; i++) {
        const cs_advice_row *row = &dealer.row[i];
        cs_cardset toss = cs_cardset_of(row->toss[0]) | cs_cardset_of(row->toss[1]), keep = 0;
        for (int k = 0; k < 4; k++) keep |= cs_cardset_of(row->keep[k]);
        CU_ASSERT_EQUAL(toss | keep, set);
        CU_ASSERT_EQUAL(toss & keep, 0);
        for (int j = 0; j < i; j++) CU_ASSERT(pairs_seen[j] != toss);
        pairs_seen[i] = toss;
        CU_ASSERT_DOUBLE_EQUAL(row->hand, naive_hand(row->keep, set), 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(row->crib, naive_crib(row->toss), 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(row->net, row->hand + row->crib, 1e-9);
        if (i > 0) CU_ASSERT(dealer.row[i - 1].net >= row->net);
        /* The same split in the pone's table: the same hand and crib, the crib taken away. */
        int found = 0;
        for (int j = 0; j < 15; j++) {
            const cs_advice_row *p = &pone.row[j];
            if ((cs_cardset_of(p->toss[0]) | cs_cardset_of(p->toss[1])) != toss) continue;
            found++;
            CU_ASSERT_DOUBLE_EQUAL(p->hand, row->hand, 1e-12);
            CU_ASSERT_DOUBLE_EQUAL(p->crib, row->crib, 1e-12);
            CU_ASSERT_DOUBLE_EQUAL(p->net, row->hand - row->crib, 1e-9);
        }
        CU_ASSERT_EQUAL(found, 1);
        if (i > 0) CU_ASSERT(pone.row[i - 1].net >= pone.row[i].net);
    }
}

static void test_figures_equal_the_enumerations(void) {
    const char *hands[][6] = {{"5H", "5C", "JD", "QS", "2C", "8H"},
                              {"JH", "5H", "7H", "8H", "9H", "KC"},
                              {"AS", "2S", "3D", "4C", "6H", "TC"}};
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) check_hand(hands[i]);
}

/* The worked example of the issue: the dealer keeps 5H 5C JD QS and lays away 2C 8H; the hand
 * scores 584 points over the 46 starters in all (tests/cli_advise.sh counts them again in
 * Python), 12.70 a starter. */
static void test_example_first_row(void) {
    const char *text[6] = {"5H", "5C", "JD", "QS", "2C", "8H"};
    cs_card dealt[6];
    parse6(text, dealt);
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_advice a;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(cs_advise(&r, dealt, 6, CS_ADVISE_DEALER, NULL, &a, err, sizeof err),
                          CS_OK);
    cs_card two_c, eight_h;
    cs_card_parse("2C", &two_c);
    cs_card_parse("8H", &eight_h);
    CU_ASSERT_EQUAL(a.row[0].toss[0], two_c);
    CU_ASSERT_EQUAL(a.row[0].toss[1], eight_h);
    CU_ASSERT_DOUBLE_EQUAL(a.row[0].hand, 584.0 / 46, 1e-9);
}

/* The first row is what the `expected` player lays away, dealt the same cards in either role,
 * over many deals: two players (six cards) and three (five, one laid away). */
static void check_expected_agrees(cs_preset preset, int deals) {
    cs_rules r;
    cs_rules_preset(preset, &r);
    char err[256];
    cs_player *p = cs_player_create("expected", err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_agent agent = cs_player_agent(p);
    cs_pcg32 rng = cs_pcg32_derive(24, 0, CS_STREAM_STRATEGY, 0);
    int agree = 0, n = 0;
    for (int d = 0; d < deals; d++) {
        for (int seat = 0; seat < 2; seat++) {
            cs_player_new_game(p, &r, 24, (uint64_t)d, seat);
            cs_cardset deck = CS_FULL_DECK;
            cs_card hand[CS_MAX_DEALT];
            for (int i = 0; i < r.cards_dealt; i++) hand[i] = cs_cardset_draw(&deck, &rng);
            int score[CS_MAX_PLAYERS] = {0}, left[CS_MAX_PLAYERS] = {0};
            cs_view v = {.rules = &r,
                         .seat = seat,
                         .dealer = 0,
                         .n_hand = r.cards_dealt,
                         .hand = hand,
                         .starter = CS_NO_CARD,
                         .cards_left = left,
                         .score = score};
            cs_card out[CS_MAX_DISCARD];
            CU_ASSERT_EQUAL_FATAL(agent.discard(agent.self, &v, out), CS_OK);
            cs_advice a;
            CU_ASSERT_EQUAL_FATAL(cs_advise(&r, hand, r.cards_dealt,
                                            seat == 0 ? CS_ADVISE_DEALER : CS_ADVISE_PONE, NULL, &a,
                                            err, sizeof err),
                                  CS_OK);
            cs_cardset want = 0, got = 0;
            for (int i = 0; i < r.discards; i++) {
                want |= cs_cardset_of(out[i]);
                got |= cs_cardset_of(a.row[0].toss[i]);
            }
            agree += want == got;
            n++;
        }
    }
    CU_ASSERT_EQUAL(agree, n);
    cs_player_destroy(p);
}

static void test_first_row_is_expecteds_discard(void) {
    check_expected_agrees(CS_PRESET_TWO, 1500);
    check_expected_agrees(CS_PRESET_THREE, 300);
}

/* The pegging column reads expert's table for the role, and the win chance is a chance that
 * grows with the seat's score. */
static void test_peg_and_win(void) {
    const char *text[6] = {"5H", "5C", "JD", "QS", "2C", "8H"};
    cs_card dealt[6];
    parse6(text, dealt);
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_advice low, high, pone;
    char err[256];
    int behind[2] = {60, 110}, ahead[2] = {110, 60};
    CU_ASSERT_EQUAL_FATAL(cs_advise(&r, dealt, 6, CS_ADVISE_DEALER, behind, &low, err, sizeof err),
                          CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_advise(&r, dealt, 6, CS_ADVISE_DEALER, ahead, &high, err, sizeof err),
                          CS_OK);
    CU_ASSERT_EQUAL_FATAL(cs_advise(&r, dealt, 6, CS_ADVISE_PONE, NULL, &pone, err, sizeof err),
                          CS_OK);
    CU_ASSERT(low.have_win && high.have_win);
    for (int i = 0; i < 15; i++) {
        CU_ASSERT(low.row[i].win >= 0 && low.row[i].win <= 1);
        CU_ASSERT(high.row[i].win > low.row[i].win);
    }
    /* The same four kept: the dealer's and the pone's pegging differ (the dealer pegs more). */
    CU_ASSERT(high.row[0].peg > pone.row[0].peg);
}

/* The win column is expert's board-play rating of each split (advise.h), worked again here
 * from the end-of-game model's parts: the kept four's show over each of the 46 starters, his
 * heels the dealer's, the pegging table's margin less the model's mean and the crib table's
 * entry for the two cards laid away (each by its own rank) less the model's mean. */
static void check_win(cs_advise_role role, const int scores[2]) {
    const char *text[6] = {"5H", "5C", "JD", "QS", "2C", "8H"};
    cs_card dealt[6];
    parse6(text, dealt);
    cs_rules r;
    cs_rules_preset(CS_PRESET_TWO, &r);
    cs_advice a;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(cs_advise(&r, dealt, 6, role, scores, &a, err, sizeof err), CS_OK);
    CU_ASSERT_EQUAL_FATAL(a.n_rows, 15);
    int dealer = role == CS_ADVISE_DEALER;
    cs_crib_model m;
    cs_crib_model_build(&m, r.crib_flush_min);
    cs_endgame end;
    CU_ASSERT_EQUAL_FATAL(cs_endgame_build(&end, &r, &m, 4000), CS_OK);
    cs_endgame_ctx ctx;
    cs_endgame_begin(&ctx, &end, scores[0], scores[1], dealer);
    cs_cardset seen = 0;
    for (int i = 0; i < 6; i++) seen |= cs_cardset_of(dealt[i]);
    for (int i = 0; i < 15; i++) {
        const cs_advice_row *row = &a.row[i];
        int points[46], heels[46], k = 0;
        for (cs_card st = 0; st < CS_DECK_SIZE; st++) {
            if (seen & cs_cardset_of(st)) continue;
            points[k] = cs_show_score(row->keep, 4, st, r.hand_flush_min);
            heels[k++] = dealer && cs_card_rank(st) == CS_JACK ? 2 : 0;
        }
        CU_ASSERT_EQUAL_FATAL(k, 46);
        const cs_card *t = row->toss;
        double crib = cs_expert_crib[dealer][cs_card_rank(t[0])][cs_card_rank(t[1])]
                                    [cs_card_suit(t[0]) == cs_card_suit(t[1])] /
                      100.0;
        double win = cs_endgame_deal(&ctx, points, heels, 46,
                                     row->peg - (end.peg_mean[dealer] - end.peg_mean[!dealer]),
                                     crib - end.crib_mean);
        CU_ASSERT_DOUBLE_EQUAL(row->win, win, 1e-12);
    }
    cs_endgame_free(&end);
}

static void test_win_is_experts_board_rating_of_each_split(void) {
    check_win(CS_ADVISE_DEALER, (const int[2]){110, 60});
    check_win(CS_ADVISE_PONE, (const int[2]){100, 95});
}

static void test_refusals(void) {
    const char *text[6] = {"5H", "5C", "JD", "QS", "2C", "8H"};
    cs_card dealt[6];
    parse6(text, dealt);
    cs_rules two, three, partners;
    cs_rules_preset(CS_PRESET_TWO, &two);
    cs_rules_preset(CS_PRESET_THREE, &three);
    cs_rules_preset(CS_PRESET_PARTNERS, &partners);
    cs_advice a;
    char err[256] = "";
    CU_ASSERT_EQUAL(cs_advise(&two, dealt, 5, CS_ADVISE_DEALER, NULL, &a, err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "5 cards given"));
    CU_ASSERT_EQUAL(cs_advise(&two, dealt, 6, CS_ADVISE_PARTNER, NULL, &a, err, sizeof err),
                    CS_ECONFIG);
    int scores[2] = {10, 10};
    CU_ASSERT_EQUAL(cs_advise(&three, dealt, 5, CS_ADVISE_PONE, scores, &a, err, sizeof err),
                    CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "win chance"));
    /* The partner's crib is the side's: the net adds it. */
    CU_ASSERT_EQUAL(cs_advise(&partners, dealt, 5, CS_ADVISE_PARTNER, NULL, &a, err, sizeof err),
                    CS_OK);
    CU_ASSERT_DOUBLE_EQUAL(a.crib_weight, 1.0, 0);
    CU_ASSERT_DOUBLE_EQUAL(a.row[0].net, a.row[0].hand + a.row[0].crib, 1e-12);
    CU_ASSERT_EQUAL(a.have_peg, 0);
}

/* ---- the play (advise_play.h) ---- */

static void cards_of(const char *const text[], int n, cs_card out[]) {
    for (int i = 0; i < n; i++) CU_ASSERT_EQUAL_FATAL(cs_card_parse(text[i], &out[i]), CS_OK);
}

/* The seat's play advice from its four kept cards, the starter, the cards laid and the scores
 * (NULL: none). */
static int play_advice_at(cs_advise_role role, const char *const kept_text[4],
                          const char *starter_text, const char *const played_text[], int n_played,
                          const int *scores, cs_play_advice *out, char *err) {
    cs_rules two;
    cs_rules_preset(CS_PRESET_TWO, &two);
    cs_card kept[4], starter, played[CS_MAX_PLAYS];
    cards_of(kept_text, 4, kept);
    cards_of(&starter_text, 1, &starter);
    cards_of(played_text, n_played, played);
    return cs_advise_play(&two, kept, role, starter, NULL, 0, played, n_played, scores, out, err,
                          256);
}

static int play_advice(cs_advise_role role, const char *const kept_text[4],
                       const char *starter_text, const char *const played_text[], int n_played,
                       cs_play_advice *out, char *err) {
    return play_advice_at(role, kept_text, starter_text, played_text, n_played, NULL, out, err);
}

/*
 * The dealer kept JD 5C TC 9C. The pone led KS, the dealer JD (20), the pone 9H (29); the
 * dealer could lay nothing (go) and the pone laid AS (30) and AH (31: the pair and 31, 4), its
 * last cards. The dealer leads the next series alone, all three cards fitting (24): led with the
 * five or the ten, the other makes fifteen (2) and the nine is the last card (1): 3; led with
 * the nine, nothing makes fifteen (9 + 5 = 14, 9 + 10 = 19): the last card alone, 1. One
 * holding (the pone holds nothing); equal margins keep the order the cards were kept in.
 */
static void test_play_alone_after_the_pone_is_out(void) {
    const char *kept[] = {"JD", "5C", "TC", "9C"}, *played[] = {"KS", "JD", "9H", "AS", "AH"};
    cs_play_advice a;
    char err[256] = "";
    CU_ASSERT_EQUAL_FATAL(play_advice(CS_ADVISE_DEALER, kept, "2H", played, 5, &a, err), CS_OK);
    CU_ASSERT_EQUAL(a.count, 0);
    CU_ASSERT_EQUAL(a.their_cards, 0);
    CU_ASSERT_EQUAL(a.holdings, 1);
    CU_ASSERT_DOUBLE_EQUAL(a.ways, 1, 0);
    CU_ASSERT_EQUAL_FATAL(a.n_rows, 3);
    const char *order[] = {"5C", "TC", "9C"};
    const double mine[] = {3, 3, 1};
    for (int i = 0; i < 3; i++) {
        cs_card c;
        cs_card_parse(order[i], &c);
        CU_ASSERT_EQUAL(a.row[i].card, c);
        CU_ASSERT_EQUAL(a.row[i].now, 0);
        CU_ASSERT_DOUBLE_EQUAL(a.row[i].mine, mine[i], 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(a.row[i].theirs, 0, 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(a.row[i].margin, mine[i], 1e-12);
    }
    /* At 119 to 0 the fifteen takes the dealer out: the play stops there, 2 for the five or
     * the ten led; the nine led still scores only the last card, 1. */
    const int scores[2] = {119, 0};
    CU_ASSERT_EQUAL_FATAL(play_advice_at(CS_ADVISE_DEALER, kept, "2H", played, 5, scores, &a, err),
                          CS_OK);
    const double out[] = {2, 2, 1};
    for (int i = 0; i < 3; i++) CU_ASSERT_DOUBLE_EQUAL(a.row[i].mine, out[i], 1e-12);
}

/*
 * The same position with the cards kept in another order, JD 9C TC 5C: the rows that fit are
 * 9C (1), TC (3) and 5C (3) in that order; the best, TC, moves up past the nine to the top and
 * the five follows it, equal margins in the kept order: TC, 5C, 9C.
 */
static void test_play_best_card_kept_last_moves_to_the_top(void) {
    const char *kept[] = {"JD", "9C", "TC", "5C"}, *played[] = {"KS", "JD", "9H", "AS", "AH"};
    cs_play_advice a;
    char err[256] = "";
    CU_ASSERT_EQUAL_FATAL(play_advice(CS_ADVISE_DEALER, kept, "2H", played, 5, &a, err), CS_OK);
    CU_ASSERT_EQUAL_FATAL(a.n_rows, 3);
    const char *order[] = {"TC", "5C", "9C"};
    const double margin[] = {3, 3, 1};
    for (int i = 0; i < 3; i++) {
        cs_card c;
        cs_card_parse(order[i], &c);
        CU_ASSERT_EQUAL(a.row[i].card, c);
        CU_ASSERT_DOUBLE_EQUAL(a.row[i].margin, margin[i], 1e-12);
    }
    CU_ASSERT_EQUAL(a.count, 0);
    CU_ASSERT_EQUAL(a.holdings, 1);
}

/*
 * The pone kept KH QH 3C AS and led KH; the dealer laid 5D (15) and, on QH (25), said go: it
 * holds three cards, none of value 6 or less. The unseen cards of value 7 and up are 26 (the
 * 7s, 8s, 9s, 10s and jacks, 20, and three queens and three kings): C(26, 3) = 2,600 holdings
 * of cards, and every multiset of three of those seven ranks, C(9, 3) = 84, by rank. Either
 * card the pone lays, the dealer still cannot (28 or 26 and a 7 at least) and the pone lays
 * its other card and takes the last card's point, 1; then the dealer leads alone, the same
 * either way.
 */
static void test_play_holdings_respect_the_go(void) {
    const char *kept[] = {"KH", "QH", "3C", "AS"}, *played[] = {"KH", "5D", "QH"};
    cs_play_advice a;
    char err[256] = "";
    CU_ASSERT_EQUAL_FATAL(play_advice(CS_ADVISE_PONE, kept, "2H", played, 3, &a, err), CS_OK);
    CU_ASSERT_EQUAL(a.count, 25);
    CU_ASSERT_EQUAL(a.their_cards, 3);
    CU_ASSERT_EQUAL(a.bound, 6);
    CU_ASSERT_EQUAL(a.holdings, 84);
    CU_ASSERT_DOUBLE_EQUAL(a.ways, 2600, 0);
    CU_ASSERT_EQUAL_FATAL(a.n_rows, 2);
    cs_card three;
    cs_card_parse("3C", &three);
    CU_ASSERT_EQUAL(a.row[0].card, three);
    for (int i = 0; i < 2; i++) CU_ASSERT_DOUBLE_EQUAL(a.row[i].mine, 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(a.row[0].theirs, a.row[1].theirs, 1e-12);
    CU_ASSERT(a.row[0].theirs > 0);
}

/*
 * The pone's lead from 4C 5H 7D 9S with nothing seen but its cards and the starter (JC): the
 * 47 unseen cards, C(47, 4) = 178,365 holdings. A five led gives any ten-card fifteen, so it
 * is the worst lead, and the four (no fifteen can answer it) the best, as the lookahead
 * `expected` pegs with says too.
 */
static void test_play_lead_ranks_the_four_first_and_the_five_last(void) {
    const char *kept[] = {"4C", "5H", "7D", "9S"};
    cs_play_advice a;
    char err[256] = "";
    CU_ASSERT_EQUAL_FATAL(play_advice(CS_ADVISE_PONE, kept, "JC", NULL, 0, &a, err), CS_OK);
    CU_ASSERT_DOUBLE_EQUAL(a.ways, 178365, 0);
    CU_ASSERT_EQUAL_FATAL(a.n_rows, 4);
    cs_card four, five;
    cs_card_parse("4C", &four);
    cs_card_parse("5H", &five);
    CU_ASSERT_EQUAL(a.row[0].card, four);
    CU_ASSERT_EQUAL(a.row[3].card, five);
    for (int i = 0; i < 4; i++)
        CU_ASSERT_DOUBLE_EQUAL(a.row[i].margin, a.row[i].mine - a.row[i].theirs, 1e-12);
}

/*
 * The opponent's own cards are known to it. The pone kept 8D KH 2H 8C, the starter is 8H, and
 * every other card but AD 3D 6S JD is given as seen (as discards), so the dealer holds those
 * four: one holding. Each lead is played out with both seats choosing by the lookahead:
 *   8D: JD (18), 8C (26), 3D (29), 2H (31, 2 to the pone); AD, KH, 6S (17, the last card, 1);
 *   8C: the same with the eights swapped: 2 to 1;
 *   2H: AD (3), KH (13), JD (23), 8D (31, 2); 3D, 8C, 6S (17, the last card, 1): 2 to 1;
 *   KH: JD (20), 2H (22), 6S (28), the pone's eights do not fit (go), 3D (31, 2 to the
 *       dealer); 8D, AD, 8C (17, the last card, 1 to the pone): 1 to 2.
 * Equal margins keep the kept order: 8D, 2H, 8C, then KH. The dealer answers the deuce with
 * its ace because it knows it holds that ace: a dealer that counted its own first card among
 * the cards the pone might hold answers with the jack, and the 31 goes to it (2H: 1 to 2).
 */
static void test_play_opponent_knows_its_own_cards(void) {
    const char *kept_text[] = {"8D", "KH", "2H", "8C"}, *theirs_text[] = {"AD", "3D", "6S", "JD"};
    cs_rules two;
    cs_rules_preset(CS_PRESET_TWO, &two);
    cs_card kept[4], starter, theirs[4], seen[52];
    cards_of(kept_text, 4, kept);
    cards_of(theirs_text, 4, theirs);
    CU_ASSERT_EQUAL_FATAL(cs_card_parse("8H", &starter), CS_OK);
    cs_cardset known = cs_cardset_of(starter);
    for (int i = 0; i < 4; i++) known |= cs_cardset_of(kept[i]) | cs_cardset_of(theirs[i]);
    int n_seen = 0;
    for (cs_card c = 0; c < CS_DECK_SIZE; c++)
        if (!(known & cs_cardset_of(c))) seen[n_seen++] = c;
    CU_ASSERT_EQUAL_FATAL(n_seen, 43);
    cs_play_advice a;
    char err[256] = "";
    CU_ASSERT_EQUAL_FATAL(cs_advise_play(&two, kept, CS_ADVISE_PONE, starter, seen, n_seen, NULL, 0,
                                         NULL, &a, err, sizeof err),
                          CS_OK);
    CU_ASSERT_EQUAL(a.holdings, 1);
    CU_ASSERT_DOUBLE_EQUAL(a.ways, 1, 0);
    CU_ASSERT_EQUAL(a.their_cards, 4);
    CU_ASSERT_EQUAL_FATAL(a.n_rows, 4);
    const char *order[] = {"8D", "2H", "8C", "KH"};
    const double mine[] = {2, 2, 2, 1}, other[] = {1, 1, 1, 2};
    for (int i = 0; i < 4; i++) {
        cs_card c;
        cs_card_parse(order[i], &c);
        CU_ASSERT_EQUAL(a.row[i].card, c);
        CU_ASSERT_DOUBLE_EQUAL(a.row[i].mine, mine[i], 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(a.row[i].theirs, other[i], 1e-12);
    }
}

static void test_play_refusals(void) {
    cs_play_advice a;
    char err[256] = "";
    const char *kept[] = {"KH", "QH", "3C", "AS"};
    /* The pone laying twice running at 20 would mean the dealer held nothing up to 11. */
    const char *twice[] = {"KH", "QH"};
    CU_ASSERT_EQUAL(play_advice(CS_ADVISE_PONE, kept, "2H", twice, 2, &a, err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot be with you on turn"));
    const char *starter[] = {"KH", "2H"};
    CU_ASSERT_EQUAL(play_advice(CS_ADVISE_PONE, kept, "2H", starter, 2, &a, err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "2H is the starter"));
    const char *again[] = {"KH", "5D", "5D"};
    CU_ASSERT_EQUAL(play_advice(CS_ADVISE_PONE, kept, "2H", again, 3, &a, err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "5D is laid twice"));
    const char *five[] = {"KH", "2D", "3D", "4D", "5D", "6D"};
    CU_ASSERT_EQUAL(play_advice(CS_ADVISE_PONE, kept, "2H", five, 6, &a, err), CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "more than four"));
    cs_rules three;
    cs_rules_preset(CS_PRESET_THREE, &three);
    cs_card k[4];
    cards_of(kept, 4, k);
    CU_ASSERT_EQUAL(
        cs_advise_play(&three, k, CS_ADVISE_PONE, 0, NULL, 0, NULL, 0, NULL, &a, err, sizeof err),
        CS_ECONFIG);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "two players"));
}

const char cs_suite_name[] = "advise";
const cs_test cs_suite_tests[] = {
    CS_TEST(test_figures_equal_the_enumerations),
    CS_TEST(test_example_first_row),
    CS_TEST(test_first_row_is_expecteds_discard),
    CS_TEST(test_peg_and_win),
    CS_TEST(test_win_is_experts_board_rating_of_each_split),
    CS_TEST(test_refusals),
    CS_TEST(test_play_alone_after_the_pone_is_out),
    CS_TEST(test_play_best_card_kept_last_moves_to_the_top),
    CS_TEST(test_play_holdings_respect_the_go),
    CS_TEST(test_play_lead_ranks_the_four_first_and_the_five_last),
    CS_TEST(test_play_opponent_knows_its_own_cards),
    CS_TEST(test_play_refusals),
    {NULL, NULL},
};

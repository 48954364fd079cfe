/*
 * expert_tables.c - builds expert's tables (expert.h), by Monte Carlo over the hidden cards,
 * ranks only where the play is concerned (suits do not matter in it):
 *
 *   response  for every opening lead of the pone and every four cards the dealer holds, the
 *             rank the dealer does best to lay (SAMPLES deals a state);
 *   lead      for every four ranks the pone kept, the rank it does best to lead (LEAD_SAMPLES);
 *   second    for every four ranks the pone kept, having led the lead table's card, and every
 *             rank the dealer answered with, the rank it does best to lay second (SAMPLES);
 *   pegging   what four ranks are worth in the play to the dealer and to the pone;
 *   crib      what two cards laid away are worth in the crib, the other seat laying away as
 *             expected does.
 *
 * For each state every candidate rank is scored on the same deals (common random numbers): the
 * seat's cards get random suits, two random cards are its discards, a random card is the
 * starter, and the other seat's hand is drawn as it was dealt six and laid away as expected
 * does, and, where it has played, as expected would have played (rejection, as mc's
 * hidden=expected: at most TRIES draws, then its other cards are drawn uniformly). The rest of
 * the play is simulated with expected's pegging for both seats (dealsim.h) and a candidate is
 * worth the seat's points in the play minus the other's. Everything comes from SEED through
 * cs_pcg32_derive(), state by state, so the tables are the same on every machine and for any
 * number of threads (OpenMP spreads the states over the cores).
 *
 *   cs_gen_expert_tables OUT.c    (some ten minutes of CPU time)
 *
 * writes the C source of the tables (strategies/builtin/expert_table.c in the repository).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealsim.h"
#include "expected.h"
#include "expert.h"
#include "handvalue.h"
#include "inference.h"
#include "pcg32.h"
#include "pegging.h"
#include "score.h"

#define SEED         20251125ull
#define SAMPLES      1024
#define LEAD_SAMPLES 8192
#define TRIES        64
#define PEG_SAMPLES  4096
#define CRIB_SAMPLES 20000

/* A card of each rank in ranks[] from *deck, its suit at random; taken out of *deck. */
static void draw_ranks(const int ranks[4], cs_cardset *deck, cs_pcg32 *rng, cs_card out[4]) {
    for (int i = 0; i < 4; i++) {
        cs_cardset of_rank = *deck & ((cs_cardset)15 << (4 * ranks[i]));
        out[i] = cs_cardset_draw(&of_rank, rng);
        *deck &= ~cs_cardset_of(out[i]);
    }
}

/* Draws n cards from *deck into out; returns them as a set. */
static cs_cardset draw_cards(cs_cardset *deck, cs_pcg32 *rng, int n, cs_card *out) {
    cs_cardset drawn = 0;
    for (int i = 0; i < n; i++) {
        out[i] = cs_cardset_draw(deck, rng);
        drawn |= cs_cardset_of(out[i]);
    }
    return drawn;
}

/* How expected lays away from the six cards dealt (six, as a set), for the dealer's crib (sign
 * 1) or the other's (-1): every card but the six unseen. */
static cs_split expected_split(const cs_card dealt[6], cs_cardset six, const cs_rules *r,
                               const cs_crib_model *m, double sign) {
    cs_pool p;
    cs_pool_init(&p, CS_FULL_DECK & ~six);
    cs_split splits[CS_SPLITS_MAX];
    int n = cs_splits(dealt, 6, 2, splits), best;
    cs_discard_best(r, splits, n, &p, m, sign, &best, NULL);
    return splits[best];
}

/* Starts the play of two four-card hands: seat 0 holds a[], seat 1 b[], each seat knowing its
 * own (the caller adds what else it knows); the memo serves both seats' lookahead. */
static void sim_hands(cs_sim *s, const cs_rules *r, cs_peg_memo *memo, int dealer, cs_card starter,
                      const cs_card a[4], const cs_card b[4]) {
    memset(s, 0, sizeof *s);
    s->rules = r;
    s->policy = CS_SIM_LOOKAHEAD;
    s->memo = memo;
    s->players = 2;
    s->hand_size = 4;
    s->dealer = dealer;
    s->starter = starter;
    for (int i = 0; i < 4; i++) {
        s->kept[0][i] = s->hand[0][i] = a[i];
        s->kept[1][i] = s->hand[1][i] = b[i];
        s->known[0] |= cs_cardset_of(a[i]);
        s->known[1] |= cs_cardset_of(b[i]);
    }
    s->n_hand[0] = s->n_hand[1] = 4;
}

/* The distinct ranks of ranks[] (sorted), in order; returns how many. */
static int distinct_ranks(const int ranks[], int n, int cand[]) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || ranks[i] != ranks[i - 1]) cand[k++] = ranks[i];
    return k;
}

/* Adds to total[c] what seat makes in the rest of the play, less the other seat, by laying a
 * card of rank cand[c] now (both then pegging as expected does). */
static void score_candidates(const cs_sim *s, int seat, const int cand[], int n_cand,
                             double total[]) {
    for (int c = 0; c < n_cand; c++) {
        cs_sim t = *s;
        int at = 0;
        while (cs_card_rank(t.hand[seat][at]) != cand[c]) at++;
        cs_sim_lay(&t, seat, at);
        cs_sim_play_out(&t);
        total[c] += t.gained[seat] - t.gained[1 - seat];
    }
}

/* The candidate with the greatest total (the first of equals). */
static int best_candidate(const double total[], const int cand[], int n_cand) {
    int best = 0;
    for (int c = 1; c < n_cand; c++)
        if (total[c] > total[best] + 1e-9) best = c;
    return cand[best];
}

/*
 * One deal of the play for a seat holding ranks[] (seat 0 of *s, the dealer when role is 1):
 * its suits, its two discards at random, the other seat dealt six of the rest and laying away
 * as expected does, the starter at random; *s is left at the start of the play.
 */
static void deal_play(int role, const int ranks[4], const cs_rules *r, const cs_crib_model *m,
                      cs_peg_memo *memo, cs_pcg32 *rng, cs_sim *s) {
    cs_cardset deck = CS_FULL_DECK;
    cs_card mine[4];
    draw_ranks(ranks, &deck, rng, mine);
    cs_card tossed[2] = {cs_cardset_draw(&deck, rng), cs_cardset_draw(&deck, rng)};
    cs_card dealt[6];
    cs_cardset theirs = draw_cards(&deck, rng, 6, dealt);
    cs_split kept = expected_split(dealt, theirs, r, m, role ? -1.0 : 1.0);
    cs_card starter = cs_cardset_draw(&deck, rng);
    sim_hands(s, r, memo, role ? 0 : 1, starter, mine, kept.keep);
    s->known[0] |= cs_cardset_of(tossed[0]) | cs_cardset_of(tossed[1]);
    s->known[1] = theirs;
    cs_sim_start_play(s);
}

/*
 * The other seat's hand for one sample, at seat 0 (the pone, about to lead `card`) or seat 1
 * (the dealer, about to answer the lead `led` with `card`): `card` and three more from pool,
 * kept as expected would from six and played as expected would (rejection: at most TRIES draws,
 * then the three drawn uniformly). *known (if not NULL) gets the cards the seat was dealt.
 */
static void played_hand(int seat, cs_card card, cs_card led, cs_card starter, cs_cardset pool,
                        const cs_rules *r, const cs_crib_model *m, cs_pcg32 *rng, cs_card out[4],
                        cs_cardset *known) {
    cs_peg_pile pile = {0};
    cs_cardset seen = cs_cardset_of(starter);
    if (seat == 1) {
        cs_peg_push(&pile, cs_card_rank(led));
        seen |= cs_cardset_of(led);
    }
    int found = 0;
    for (int t = 0; t < TRIES; t++) {
        cs_cardset left = pool;
        cs_card dealt[6];
        dealt[0] = card;
        cs_cardset six = cs_cardset_of(card) | draw_cards(&left, rng, 5, dealt + 1);
        cs_split kept = expected_split(dealt, six, r, m, seat == 1 ? 1.0 : -1.0);
        int has = 0;
        for (int i = 0; i < 4; i++) has |= kept.keep[i] == card;
        if (!has) continue;
        cs_card hand[4];
        hand[0] = card;
        for (int i = 0, k = 1; i < 4; i++)
            if (kept.keep[i] != card) hand[k++] = kept.keep[i];
        if (!found) {
            memcpy(out, hand, sizeof hand);
            if (known != NULL) *known = six;
        }
        found = 1;
        /* Would expected lay this card from this hand? */
        int cards_left[2] = {4 - seat, 4}, none[2] = {0, 0};
        cs_peg_situation sit = {.players = 2,
                                .seat = seat,
                                .hand = hand,
                                .n_hand = 4,
                                .pile = &pile,
                                .cards_left = cards_left,
                                .unseen = CS_FULL_DECK & ~six & ~seen,
                                .no_value_upto = none};
        int at = cs_peg_lookahead_pick(&sit);
        if (at >= 0 && cs_card_rank(hand[at]) == cs_card_rank(card)) {
            memcpy(out, hand, sizeof hand);
            if (known != NULL) *known = six;
            return;
        }
    }
    if (found) return;
    cs_cardset left = pool, dealt = cs_cardset_of(card);
    out[0] = card;
    for (int i = 1; i < 4; i++) {
        out[i] = cs_cardset_draw(&left, rng);
        dealt |= cs_cardset_of(out[i]);
    }
    if (known != NULL) *known = dealt;
}

/* The best rank for the dealer holding ranks[] on the lead; -1 if the state cannot occur. */
static int best_response(int lead, const int ranks[4], const cs_rules *r, const cs_crib_model *m,
                         cs_peg_memo *memo, uint64_t state) {
    int have[CS_RANKS] = {0};
    for (int i = 0; i < 4; i++) have[ranks[i]]++;
    if (have[lead] == 4) return -1;
    int cand[4], n_cand = distinct_ranks(ranks, 4, cand);
    if (n_cand == 1) return cand[0];
    double total[4] = {0};
    cs_pcg32 rng = cs_pcg32_derive(SEED, state, CS_STREAM_STRATEGY, 0);
    for (int k = 0; k < SAMPLES; k++) {
        cs_cardset deck = CS_FULL_DECK;
        cs_card mine[4];
        /* A random card of each rank held (suits at random), then the lead's. */
        draw_ranks(ranks, &deck, &rng, mine);
        cs_cardset of_lead = deck & ((cs_cardset)15 << (4 * lead));
        cs_card lead_card = cs_cardset_draw(&of_lead, &rng);
        deck &= ~cs_cardset_of(lead_card);
        cs_card tossed[2] = {cs_cardset_draw(&deck, &rng), cs_cardset_draw(&deck, &rng)};
        cs_card starter = cs_cardset_draw(&deck, &rng);
        cs_card pone[4];
        played_hand(0, lead_card, CS_NO_CARD, starter, deck, r, m, &rng, pone, NULL);

        cs_sim s;
        sim_hands(&s, r, memo, 1, starter, pone, mine);
        s.known[1] |= cs_cardset_of(tossed[0]) | cs_cardset_of(tossed[1]);
        cs_sim_start_play(&s);
        cs_sim_lay(&s, 0, 0); /* the lead: pone[0] */
        score_candidates(&s, 1, cand, n_cand, total);
    }
    return best_candidate(total, cand, n_cand);
}

/*
 * The lead table: the rank the pone does best to lead holding ranks[] (the four it kept), by
 * LEAD_SAMPLES deals on common random numbers: its suits, its discards and the starter at
 * random, the dealer dealt six of the rest and laying away as expected does, both then
 * pegging as expected does; a candidate is worth the pone's points in the play minus the
 * dealer's.
 */
static int best_lead(const int ranks[4], const cs_rules *r, const cs_crib_model *m,
                     cs_peg_memo *memo, uint64_t state) {
    int cand[4], n_cand = distinct_ranks(ranks, 4, cand);
    if (n_cand == 1) return cand[0];
    double total[4] = {0};
    cs_pcg32 rng = cs_pcg32_derive(SEED, state, CS_STREAM_STRATEGY, 3);
    for (int k = 0; k < LEAD_SAMPLES; k++) {
        cs_sim s;
        deal_play(0, ranks, r, m, memo, &rng, &s);
        score_candidates(&s, 0, cand, n_cand, total);
    }
    return best_candidate(total, cand, n_cand);
}

/*
 * The second-card table: the rank the pone does best to lay second, holding ranks[] before it
 * led the lead table's card and the dealer answered with a card of rank `answer`; -1 if the
 * state cannot occur. The dealer's hand is drawn as expected would have kept it and answered
 * so (played_hand()), both then pegging as expected does; a candidate is worth the pone's points
 * in the play minus the dealer's, on SAMPLES deals.
 */
static int best_second(const int ranks[4], int lead, int answer, const cs_rules *r,
                       const cs_crib_model *m, cs_peg_memo *memo, uint64_t state) {
    int same = 0;
    for (int i = 0; i < 4; i++) same += ranks[i] == answer;
    /* The dealer holds a card of the answer's rank: four less the pone's. */
    if (same == 4) return -1;
    int rest[3], n_rest = 0, skipped = 0;
    for (int i = 0; i < 4; i++) {
        if (!skipped && ranks[i] == lead) {
            skipped = 1;
            continue;
        }
        rest[n_rest++] = ranks[i];
    }
    int cand[3], n_cand = distinct_ranks(rest, 3, cand);
    if (n_cand == 1) return cand[0];
    double total[3] = {0};
    cs_pcg32 rng = cs_pcg32_derive(SEED, state, CS_STREAM_STRATEGY, 4);
    for (int k = 0; k < SAMPLES; k++) {
        cs_cardset deck = CS_FULL_DECK;
        cs_card mine[4];
        draw_ranks(ranks, &deck, &rng, mine);
        cs_cardset of_answer = deck & ((cs_cardset)15 << (4 * answer));
        cs_card answer_card = cs_cardset_draw(&of_answer, &rng);
        deck &= ~cs_cardset_of(answer_card);
        cs_card tossed[2] = {cs_cardset_draw(&deck, &rng), cs_cardset_draw(&deck, &rng)};
        cs_card starter = cs_cardset_draw(&deck, &rng);
        int li = 0;
        while (cs_card_rank(mine[li]) != lead) li++;
        cs_card dealer[4];
        cs_cardset dealer_known;
        played_hand(1, answer_card, mine[li], starter, deck, r, m, &rng, dealer, &dealer_known);

        cs_sim s;
        sim_hands(&s, r, memo, 1, starter, mine, dealer);
        s.known[0] |= cs_cardset_of(tossed[0]) | cs_cardset_of(tossed[1]);
        s.known[1] = dealer_known;
        cs_sim_start_play(&s);
        cs_sim_lay(&s, 0, li);
        if (cs_sim_advance(&s) != 1) abort();
        cs_sim_lay(&s, 1, 0); /* the answer: dealer[0] */
        if (cs_sim_advance(&s) != 0) abort();
        score_candidates(&s, 0, cand, n_cand, total);
    }
    return best_candidate(total, cand, n_cand);
}

/*
 * The pegging table: what holding ranks[] is worth in the play, to the dealer (role 1) or the
 * pone (role 0): the mean of its points in the play minus the other seat's over PEG_SAMPLES
 * deals, the cards' suits, its discards and the starter at random, the other seat dealt six
 * of the rest and laying away as expected does, both pegging as expected does.
 */
static double peg_value(int role, const int ranks[4], const cs_rules *r, const cs_crib_model *m,
                        cs_peg_memo *memo, uint64_t state) {
    cs_pcg32 rng = cs_pcg32_derive(SEED, state, CS_STREAM_STRATEGY, 1);
    double total = 0.0;
    for (int k = 0; k < PEG_SAMPLES; k++) {
        cs_sim s;
        deal_play(role, ranks, r, m, memo, &rng, &s);
        cs_sim_play_out(&s);
        total += s.gained[0] - s.gained[1];
    }
    return total / PEG_SAMPLES;
}

/*
 * The crib table: what the two cards a seat lays away are worth in the crib when the other
 * seat lays away as expected does (not at random, as the crib model takes it), for the
 * dealer's own crib (role 1) or the pone's gift to the dealer's (role 0): the mean crib over
 * CRIB_SAMPLES deals, the laying seat's other four cards, the other seat's six and the starter
 * at random, the other's discard expected's.
 */
static double crib_value(int role, int a, int b, int same, const cs_rules *r,
                         const cs_crib_model *m, uint64_t state) {
    cs_pcg32 rng = cs_pcg32_derive(SEED, state, CS_STREAM_STRATEGY, 2);
    double total = 0.0;
    for (int k = 0; k < CRIB_SAMPLES; k++) {
        cs_cardset deck = CS_FULL_DECK;
        cs_card crib[4];
        int sa = (int)cs_pcg32_bounded(&rng, 4), sb;
        do sb = (int)cs_pcg32_bounded(&rng, 4);
        while ((same && a != b) ? sb != sa : sb == sa);
        crib[0] = cs_card_make(a, sa);
        crib[1] = cs_card_make(b, sb);
        deck &= ~cs_cardset_of(crib[0]) & ~cs_cardset_of(crib[1]);
        for (int i = 0; i < 4; i++) cs_cardset_draw(&deck, &rng); /* the seat's kept cards */
        cs_card dealt[6];
        cs_cardset theirs = draw_cards(&deck, &rng, 6, dealt);
        cs_split kept = expected_split(dealt, theirs, r, m, role ? -1.0 : 1.0);
        crib[2] = kept.toss[0];
        crib[3] = kept.toss[1];
        cs_card starter = cs_cardset_draw(&deck, &rng);
        total += cs_show_score(crib, 4, starter, r->crib_flush_min);
    }
    return total / CRIB_SAMPLES;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: cs_gen_expert_tables OUT.c\n");
        return 2;
    }
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    rules.target = 1 << 20; /* the play is scored, never the game */
    cs_crib_model crib;
    cs_crib_model_build(&crib, rules.crib_flush_min);
    /* Every multiset of four ranks, by its index. */
    static int hands[CS_EXPERT_HANDS][4];
    int ranks[4];
    for (ranks[0] = 0; ranks[0] < CS_RANKS; ranks[0]++)
        for (ranks[1] = ranks[0]; ranks[1] < CS_RANKS; ranks[1]++)
            for (ranks[2] = ranks[1]; ranks[2] < CS_RANKS; ranks[2]++)
                for (ranks[3] = ranks[2]; ranks[3] < CS_RANKS; ranks[3]++)
                    memcpy(hands[cs_expert_hand_index(ranks)], ranks, sizeof ranks);
    static char table[CS_RANKS][CS_EXPERT_HANDS + 1];
    static char leads[CS_EXPERT_HANDS + 1];
    static char second[CS_RANKS][CS_EXPERT_HANDS + 1];
    static int peg[2][CS_EXPERT_HANDS];
    /* Every state draws from its own stream, so the threads' order changes nothing. */
#pragma omp parallel
    {
        cs_peg_memo *memo = malloc(sizeof *memo);
        if (memo == NULL) abort();
        cs_peg_memo_clear(memo);
#pragma omp for schedule(dynamic, 8)
        for (int h = 0; h < CS_EXPERT_HANDS; h++) {
            for (int ld = 0; ld < CS_RANKS; ld++) {
                int b = best_response(ld, hands[h], &rules, &crib, memo,
                                      (uint64_t)ld * CS_EXPERT_HANDS + (uint64_t)h);
                table[ld][h] = b < 0 ? '.' : (char)('a' + b);
            }
            int ld = best_lead(hands[h], &rules, &crib, memo, (uint64_t)h);
            leads[h] = (char)('a' + ld);
            for (int ans = 0; ans < CS_RANKS; ans++) {
                int b = best_second(hands[h], ld, ans, &rules, &crib, memo,
                                    (uint64_t)ans * CS_EXPERT_HANDS + (uint64_t)h);
                second[ans][h] = b < 0 ? '.' : (char)('a' + b);
            }
            for (int role = 0; role < 2; role++) {
                double v = peg_value(role, hands[h], &rules, &crib, memo,
                                     (uint64_t)role * CS_EXPERT_HANDS + (uint64_t)h);
                peg[role][h] = (int)(v * 100.0 + (v < 0 ? -0.5 : 0.5));
            }
        }
        free(memo);
    }
    static int cribv[2][CS_RANKS][CS_RANKS][2];
    for (int role = 0; role < 2; role++)
        for (int a = 0; a < CS_RANKS; a++)
            for (int b = a; b < CS_RANKS; b++)
                for (int same = 0; same < 2; same++) {
                    uint64_t st = (uint64_t)((role * CS_RANKS + a) * CS_RANKS + b) * 2 + same;
                    double v =
                        a == b && same ? 0.0 : crib_value(role, a, b, same, &rules, &crib, st);
                    cribv[role][a][b][same] = cribv[role][b][a][same] = (int)(v * 100.0 + 0.5);
                }
    FILE *f = fopen(argv[1], "w");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(f,
            "/* expert_table.c - expert's tables (expert.h), written by\n"
            " * experiments/tools/expert_tables.c (seed %llu, %d samples a state); do not "
            "edit. */\n#include \"expert.h\"\n\n/* clang-format off */\n"
            "const char cs_expert_response[CS_RANKS][CS_EXPERT_HANDS + 1] = {\n",
            (unsigned long long)SEED, SAMPLES);
    for (int lead = 0; lead < CS_RANKS; lead++) {
        fprintf(f, "    /* lead rank %d */\n", lead);
        for (int h = 0; h < CS_EXPERT_HANDS; h += 80)
            fprintf(f, "    \"%.*s\"\n", h + 80 <= CS_EXPERT_HANDS ? 80 : CS_EXPERT_HANDS - h,
                    table[lead] + h);
        fprintf(f, "    ,\n");
    }
    fprintf(f, "};\n\nconst char cs_expert_lead[CS_EXPERT_HANDS + 1] =");
    for (int h = 0; h < CS_EXPERT_HANDS; h += 80)
        fprintf(f, "\n    \"%.*s\"", h + 80 <= CS_EXPERT_HANDS ? 80 : CS_EXPERT_HANDS - h,
                leads + h);
    fprintf(f, ";\n\nconst char cs_expert_second[CS_RANKS][CS_EXPERT_HANDS + 1] = {\n");
    for (int ans = 0; ans < CS_RANKS; ans++) {
        fprintf(f, "    /* answer rank %d */\n", ans);
        for (int h = 0; h < CS_EXPERT_HANDS; h += 80)
            fprintf(f, "    \"%.*s\"\n", h + 80 <= CS_EXPERT_HANDS ? 80 : CS_EXPERT_HANDS - h,
                    second[ans] + h);
        fprintf(f, "    ,\n");
    }
    fprintf(f, "};\n\nconst short cs_expert_peg[2][CS_EXPERT_HANDS] = {\n");
    for (int role = 0; role < 2; role++) {
        fprintf(f, "    /* %s */\n    {", role ? "dealer" : "pone");
        for (int h = 0; h < CS_EXPERT_HANDS; h++)
            fprintf(f, "%s%d,", h % 16 == 0 ? "\n        " : " ", peg[role][h]);
        fprintf(f, "\n    },\n");
    }
    fprintf(f, "};\n\nconst short cs_expert_crib[2][CS_RANKS][CS_RANKS][2] = {\n");
    for (int role = 0; role < 2; role++) {
        fprintf(f, "    /* %s */\n    {\n", role ? "the dealer's own" : "the pone's gift");
        for (int a = 0; a < CS_RANKS; a++) {
            fprintf(f, "        {");
            for (int b = 0; b < CS_RANKS; b++)
                fprintf(f, "{%d, %d}%s", cribv[role][a][b][0], cribv[role][a][b][1],
                        b + 1 < CS_RANKS ? ", " : "");
            fprintf(f, "},\n");
        }
        fprintf(f, "    },\n");
    }
    fprintf(f, "};\n/* clang-format on */\n");
    if (fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}

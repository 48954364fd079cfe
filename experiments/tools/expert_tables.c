/*
 * expert_tables.c - builds expert's response table (expert.h): for every opening lead of the
 * pone and every four cards the dealer holds (ranks only: suits do not matter in the play),
 * the rank the dealer does best to lay, by Monte Carlo over the hidden cards.
 *
 * For each state every candidate rank is scored on the same SAMPLES deals (common random
 * numbers): the dealer's cards get random suits, two random cards are its discards, a random
 * card is the starter, and the pone's hand is the lead and three more, drawn as the pone was
 * dealt six and laid away as expected does (rejection, as mc's hidden=expected: at most
 * TRIES draws, then the three are drawn uniformly). The rest of the play is simulated with
 * expected's pegging for both seats (dealsim.h) and a candidate is worth the dealer's points
 * in the play minus the pone's. Everything comes from SEED through cs_pcg32_derive(), state
 * by state, so the table is the same on every machine.
 *
 *   cs_gen_expert_tables OUT.c    (some two minutes on one core)
 *
 * writes the C source of the table (strategies/builtin/expert_table.c in the repository).
 */
#include <stdio.h>
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
#define SAMPLES      256
#define TRIES        64
#define PEG_SAMPLES  4096
#define CRIB_SAMPLES 20000

/* The pone's hand for one sample: the lead and three more from pool, kept as expected would. */
static void pone_hand(cs_card lead, cs_card starter, cs_cardset pool, const cs_rules *r,
                      const cs_crib_model *m, cs_pcg32 *rng, cs_card out[4]) {
    int found = 0;
    for (int t = 0; t < TRIES; t++) {
        cs_cardset left = pool;
        cs_card dealt[6];
        dealt[0] = lead;
        for (int i = 1; i < 6; i++) dealt[i] = cs_cardset_draw(&left, rng);
        cs_pool p;
        cs_cardset mine = 0;
        for (int i = 0; i < 6; i++) mine |= cs_cardset_of(dealt[i]);
        cs_pool_init(&p, CS_FULL_DECK & ~mine);
        cs_split splits[CS_SPLITS_MAX];
        int n = cs_splits(dealt, 6, 2, splits), best;
        cs_discard_best(r, splits, n, &p, m, -1.0, &best, NULL);
        int has = 0;
        for (int i = 0; i < 4; i++) has |= splits[best].keep[i] == lead;
        if (!has) continue;
        cs_card hand[4];
        hand[0] = lead;
        for (int i = 0, k = 1; i < 4; i++)
            if (splits[best].keep[i] != lead) hand[k++] = splits[best].keep[i];
        if (!found) memcpy(out, hand, sizeof hand);
        found = 1;
        /* Would expected lead this card from this hand? */
        cs_peg_pile pile = {0};
        int left4[2] = {4, 4}, none[2] = {0, 0};
        cs_peg_situation sit = {.players = 2,
                                .seat = 0,
                                .hand = hand,
                                .n_hand = 4,
                                .pile = &pile,
                                .cards_left = left4,
                                .unseen = CS_FULL_DECK & ~mine & ~cs_cardset_of(starter),
                                .no_value_upto = none};
        int at = cs_peg_lookahead_pick(&sit);
        if (at >= 0 && cs_card_rank(hand[at]) == cs_card_rank(lead)) {
            memcpy(out, hand, sizeof hand);
            return;
        }
    }
    if (found) return;
    cs_cardset left = pool;
    out[0] = lead;
    for (int i = 1; i < 4; i++) out[i] = cs_cardset_draw(&left, rng);
}

/* The best rank for the dealer holding ranks[] on the lead; -1 if the state cannot occur. */
static int best_response(int lead, const int ranks[4], const cs_rules *r, const cs_crib_model *m,
                         uint64_t state) {
    int have[CS_RANKS] = {0};
    for (int i = 0; i < 4; i++) have[ranks[i]]++;
    if (have[lead] == 4) return -1;
    int cand[4], n_cand = 0;
    for (int i = 0; i < 4; i++)
        if (i == 0 || ranks[i] != ranks[i - 1]) cand[n_cand++] = ranks[i];
    if (n_cand == 1) return cand[0];
    double total[4] = {0};
    cs_pcg32 rng = cs_pcg32_derive(SEED, state, CS_STREAM_STRATEGY, 0);
    for (int k = 0; k < SAMPLES; k++) {
        cs_cardset deck = CS_FULL_DECK;
        cs_card mine[4];
        /* A random card of each rank held (suits at random), then the lead's. */
        for (int i = 0; i < 4; i++) {
            cs_cardset of_rank = deck & ((cs_cardset)15 << (4 * ranks[i]));
            mine[i] = cs_cardset_draw(&of_rank, &rng);
            deck &= ~cs_cardset_of(mine[i]);
        }
        cs_cardset of_lead = deck & ((cs_cardset)15 << (4 * lead));
        cs_card lead_card = cs_cardset_draw(&of_lead, &rng);
        deck &= ~cs_cardset_of(lead_card);
        cs_card tossed[2] = {cs_cardset_draw(&deck, &rng), cs_cardset_draw(&deck, &rng)};
        cs_card starter = cs_cardset_draw(&deck, &rng);
        cs_card pone[4];
        pone_hand(lead_card, starter, deck, r, m, &rng, pone);

        cs_sim s;
        memset(&s, 0, sizeof s);
        s.rules = r;
        s.policy = CS_SIM_LOOKAHEAD;
        s.players = 2;
        s.hand_size = 4;
        s.dealer = 1;
        s.starter = starter;
        for (int i = 0; i < 4; i++) {
            s.kept[0][i] = s.hand[0][i] = pone[i];
            s.kept[1][i] = s.hand[1][i] = mine[i];
            s.known[0] |= cs_cardset_of(pone[i]);
            s.known[1] |= cs_cardset_of(mine[i]);
        }
        s.known[1] |= cs_cardset_of(tossed[0]) | cs_cardset_of(tossed[1]);
        s.n_hand[0] = s.n_hand[1] = 4;
        cs_sim_start_play(&s);
        cs_sim_lay(&s, 0, 0); /* the lead: pone[0] */
        for (int c = 0; c < n_cand; c++) {
            cs_sim t = s;
            int at = 0;
            while (cs_card_rank(t.hand[1][at]) != cand[c]) at++;
            cs_sim_lay(&t, 1, at);
            cs_sim_play_out(&t);
            total[c] += t.gained[1] - t.gained[0];
        }
    }
    int best = 0;
    for (int c = 1; c < n_cand; c++)
        if (total[c] > total[best] + 1e-9) best = c;
    return cand[best];
}

/*
 * The pegging table: what holding ranks[] is worth in the play, to the dealer (role 1) or the
 * pone (role 0): the mean of its points in the play minus the other seat's over PEG_SAMPLES
 * deals, the cards' suits, its discards and the starter at random, the other seat dealt six
 * of the rest and laying away as expected does, both pegging as expected does.
 */
static double peg_value(int role, const int ranks[4], const cs_rules *r, const cs_crib_model *m,
                        uint64_t state) {
    cs_pcg32 rng = cs_pcg32_derive(SEED, state, CS_STREAM_STRATEGY, 1);
    double total = 0.0;
    for (int k = 0; k < PEG_SAMPLES; k++) {
        cs_cardset deck = CS_FULL_DECK;
        cs_card mine[4];
        for (int i = 0; i < 4; i++) {
            cs_cardset of_rank = deck & ((cs_cardset)15 << (4 * ranks[i]));
            mine[i] = cs_cardset_draw(&of_rank, &rng);
            deck &= ~cs_cardset_of(mine[i]);
        }
        cs_card tossed[2] = {cs_cardset_draw(&deck, &rng), cs_cardset_draw(&deck, &rng)};
        cs_card dealt[6];
        cs_cardset theirs = 0;
        for (int i = 0; i < 6; i++) {
            dealt[i] = cs_cardset_draw(&deck, &rng);
            theirs |= cs_cardset_of(dealt[i]);
        }
        cs_pool p;
        cs_pool_init(&p, CS_FULL_DECK & ~theirs);
        cs_split splits[CS_SPLITS_MAX];
        int n = cs_splits(dealt, 6, 2, splits), best;
        cs_discard_best(r, splits, n, &p, m, role ? -1.0 : 1.0, &best, NULL);
        cs_sim s;
        memset(&s, 0, sizeof s);
        s.rules = r;
        s.policy = CS_SIM_LOOKAHEAD;
        s.players = 2;
        s.hand_size = 4;
        s.dealer = role ? 0 : 1;
        s.starter = cs_cardset_draw(&deck, &rng);
        for (int i = 0; i < 4; i++) {
            s.kept[0][i] = s.hand[0][i] = mine[i];
            s.kept[1][i] = s.hand[1][i] = splits[best].keep[i];
            s.known[0] |= cs_cardset_of(mine[i]);
        }
        s.known[0] |= cs_cardset_of(tossed[0]) | cs_cardset_of(tossed[1]);
        s.known[1] = theirs;
        s.n_hand[0] = s.n_hand[1] = 4;
        cs_sim_start_play(&s);
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
        cs_cardset theirs = 0;
        for (int i = 0; i < 6; i++) {
            dealt[i] = cs_cardset_draw(&deck, &rng);
            theirs |= cs_cardset_of(dealt[i]);
        }
        cs_pool p;
        cs_pool_init(&p, CS_FULL_DECK & ~theirs);
        cs_split splits[CS_SPLITS_MAX];
        int n = cs_splits(dealt, 6, 2, splits), best;
        cs_discard_best(r, splits, n, &p, m, role ? -1.0 : 1.0, &best, NULL);
        crib[2] = splits[best].toss[0];
        crib[3] = splits[best].toss[1];
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
    static char table[CS_RANKS][CS_EXPERT_HANDS + 1];
    int ranks[4];
    for (ranks[0] = 0; ranks[0] < CS_RANKS; ranks[0]++)
        for (ranks[1] = ranks[0]; ranks[1] < CS_RANKS; ranks[1]++)
            for (ranks[2] = ranks[1]; ranks[2] < CS_RANKS; ranks[2]++)
                for (ranks[3] = ranks[2]; ranks[3] < CS_RANKS; ranks[3]++) {
                    int h = cs_expert_hand_index(ranks);
                    for (int lead = 0; lead < CS_RANKS; lead++) {
                        int b = best_response(lead, ranks, &rules, &crib,
                                              (uint64_t)lead * CS_EXPERT_HANDS + (uint64_t)h);
                        table[lead][h] = b < 0 ? '.' : (char)('a' + b);
                    }
                }
    static int peg[2][CS_EXPERT_HANDS];
    for (ranks[0] = 0; ranks[0] < CS_RANKS; ranks[0]++)
        for (ranks[1] = ranks[0]; ranks[1] < CS_RANKS; ranks[1]++)
            for (ranks[2] = ranks[1]; ranks[2] < CS_RANKS; ranks[2]++)
                for (ranks[3] = ranks[2]; ranks[3] < CS_RANKS; ranks[3]++) {
                    int h = cs_expert_hand_index(ranks);
                    for (int role = 0; role < 2; role++) {
                        double v = peg_value(role, ranks, &rules, &crib,
                                             (uint64_t)role * CS_EXPERT_HANDS + (uint64_t)h);
                        peg[role][h] = (int)(v * 100.0 + (v < 0 ? -0.5 : 0.5));
                    }
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
            "/* expert_table.c - expert's response table (expert.h), written by\n"
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

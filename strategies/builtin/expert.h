/*
 * expert.h - `expert`: strong play at expected's speed, from tables.
 *
 * Where mc's edge over expected comes from (mc with expected's discard, width=1, objective=
 * points, against expected, 2,000 duplicate games, seed 5, with its search used in one kind of
 * decision only and expected's pegging elsewhere; margins in points a game): its whole play
 * +2.6 (55.0% of the games); the leads only +0.6, the answers to a one-card pile +1.1, the
 * rest of the pile +1.3; with 3-4 cards in hand +2.0, with 1-2 +0.5; hidden=uniform instead
 * of its model of the hidden hands +1.5. In the opening exchange alone, mc's answer to the
 * pone's lead was worth about 2% of the games (6,000 games, seed 1), the lead itself little.
 * So expert copies mc where one table can hold it, and its model of the hidden hands:
 *
 *   play     the opening exchange comes from three tables, each found by Monte Carlo over the
 *            hidden cards (experiments/tools/expert_tables.c; the other seat's hand drawn as
 *            expected would have kept it and played its cards so far, both then pegging as
 *            expected):
 *              lead      the pone's opening lead, for each four ranks it kept (8,192 deals);
 *              response  the dealer's answer to that lead, for each lead rank and four ranks
 *                        held (1,024 deals);
 *              second    the pone's second card, for each four ranks it kept (having led the
 *                        lead table's card) and each rank the dealer answered with (1,024).
 *            Every other card: expected's lookahead (pegging.h), with
 *            the next seat's cards weighted (peg=model) by how often a seat that lays away as
 *            expected keeps each rank, times, for every card it has played, how much likelier
 *            a rank is kept beside that card (measured by simulating expected's discards when
 *            the rules are first seen, from a fixed seed: 15 to 20 ms an instance).
 *   discard  expected's exact hand value over every starter, the crib term taken from the
 *            crib table (the crib when the other seat lays away as expected does, not at
 *            random), plus the pegging table: the mean pegging margin of the four ranks kept,
 *            for the dealer and the pone, by simulation of the whole play.
 *
 * The tables are for two hands of six (the `two` preset and any rules with two players, six
 * cards, two to the crib and the play in series). Elsewhere expert discards as expected does
 * and pegs with the model; tables=off does so everywhere. The tables are compiled in
 * (expert_table.c, 78 KB of source), written by
 *
 *     cmake --build build --target cs_gen_expert_tables
 *     build/cs_gen_expert_tables strategies/builtin/expert_table.c
 *
 * from a fixed seed (the same bytes on every machine and for any thread count: every state
 * draws from its own stream; about ten minutes of CPU time, spread over the cores by OpenMP),
 * and checked when an instance is created (cs_expert_tables_check()).
 *
 * Board play (board=40): with two hands of six, once either side is within 40 points of the
 * target, expert plays for the game, not the points (mc's objective=win, worth some 1.9% of
 * the games to mc):
 *
 *   discard  of the splits within 3 points of the best by value (margin=300), the one with the
 *            best chance of winning by the end-of-game model of endgame.h: my hand's exact
 *            points over every starter (with his heels), my pegging's measured distribution
 *            shifted by the pegging table's margin, the other's pegging, hand and crib from
 *            their measured distributions (the crib's mean from the crib table), counted in
 *            order (the play, then the pone's hand, the dealer's, the crib) and the win table
 *            (winprob.h) after the deal. Built when the rules are first seen (4,000 deals for
 *            the distributions and 4,000 for the win table, from fixed seeds: some 50 ms).
 *   play     a card that pegs out is laid. pegboard=N (off by default: too slow for the speed
 *            target) also rates each card, once either side is within pegnear points, by the
 *            chance of winning over the exchange it starts (the lookahead's replies and my
 *            answer, then the rest of the play from its measured distribution, then the show
 *            with my hand's points known) and lays it when that beats the lookahead's card by
 *            N thousandths.
 *
 * Measured against expected, 20,000 duplicate games of `two` (seed 20240501, the ladder's):
 *
 *     build/cribsim match expert expected --games 20000 --seed 20240501
 *
 * 55.7% [55.0%, 56.4%], +2.8 points a game; seeds 1 and 2: 55.8% [55.1%, 56.4%] and 55.5%
 * [54.9%, 56.2%]. The lead and second-card tables (version 2), paired on 100,000 games at seed 7
 * with experiments/tools/mc_paired.c: 55.82% with both, second=off 54.73% (-1.09% +- 0.13),
 * lead=off,second=off 54.07% (-1.75% +- 0.17), the figure of version 1 (whose response table
 * had 256 deals a state, not 1,024: the larger count changed nothing measurable).
 *
 * Version 1, before the lead and second-card tables, on the ladder's seed: 54.0% [53.3%,
 * 54.7%], +1.7 points a game; seeds 1 and 2: 54.0%. Without board play (board=0) 53.6%
 * [52.9%, 54.3%], +2.0 points, on each of the three seeds 53.5% to 53.6%: board play wins more
 * games with fewer points. Paired, 100,000 games at seed 7 (board=0: 53.6%): board=40 54.0% (54,019
 * wins against 53,648; the same with 10,000 deals for each table); board=30 54.0%, board=50 54.0%;
 * margin=100 53.9%, margin=600 53.9%. With the pegging's model, within 40 points: pegboard=20 and
 * 40 54.3%, 5 54.2%, 1 54.0% (the model is rough: only a clear gain should overrule the lookahead);
 * pegboard=30 with pegnear=15 or 20 54.2%. But it costs as much again as the discard's model (a
 * 20,000-game self-play 1.8 s of user time, not 1.3 s) and took expert below 30% of expected's
 * speed in the bench (29%), so it is off. The peg-out rule alone: +0.04%.
 *
 * Before board play, the parts on the same games: peg=model alone (tables=off) 51.4% [50.7%,
 * 52.1%], the tables alone (peg=lookahead) 53.0% [52.3%, 53.7%], neither (tables=off,
 * peg=lookahead) 50.0%, the very games expected plays. While it was built, seed 1: the keep
 * model 50.1% by the plain keep rates, 51.5% with the cards played; the response table +1.1%;
 * the pegging table +0.8%; the crib table +0.2%. An earlier board-aware pegging (the chance of
 * winning over the show's distributions near the target, instead of points) lost 0.2% to 0.3%
 * and was dropped. Without tables (and without board play, which needs them) it is no weaker
 * than expected: five-card 50.6% [49.9%, 51.3%], partners 50.5% [49.8%, 51.2%], four each for
 * themselves 25.1% a seat against 24.8%, nz-tournament 50.2% [49.5%, 50.9%] (20,000 games
 * each, the same seed; the same figures with board play built in).
 *
 * Speed, both seats, one thread: `cribsim bench --seconds 3` on a quiet machine, version 2:
 * expert 12,872 games a second, 44% of expected's 28,949 on the same games (the bench's time
 * includes building the tables; the tables' decisions are cheaper than the lookahead's). In
 * version 1, on a machine loaded with other work (load average near 3 on two cores): 10,721,
 * 38% of expected's 28,307. Before board play `cribsim match expert expert --games 20000
 * --threads 1` took 0.63 s of user CPU time, now 1.34 s (expected 0.52 s).
 *
 * Deterministic (it draws no random number in a game); its tables are allocated when the rules
 * are first seen (new_game), never in a decision.
 */
#ifndef CS_EXPERT_H
#define CS_EXPERT_H

#include "strategy.h"

extern const cs_strategy cs_strategy_expert;

/* Multisets of four ranks: C(13 + 3, 4) = 1820. */
#define CS_EXPERT_HANDS 1820

/* The index 0..1819 of four ranks in ascending order: r0 <= r1 <= r2 <= r3 as the
 * combination r0 < r1 + 1 < r2 + 2 < r3 + 3 of 16, in the combinatorial number system. */
static inline int cs_expert_hand_index(const int r[4]) {
    int a = r[0], b = r[1] + 1, c = r[2] + 2, d = r[3] + 3;
    return a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6 + d * (d - 1) * (d - 2) * (d - 3) / 24;
}

/* The index of four cards' ranks (cs_expert_hand_index of them sorted). */
static inline int cs_expert_cards_index(const cs_card c[4]) {
    int r[4];
    for (int i = 0; i < 4; i++) { /* insertion sort: four ranks */
        int x = cs_card_rank(c[i]), j = i;
        while (j > 0 && r[j - 1] > x) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = x;
    }
    return cs_expert_hand_index(r);
}

/* The response table (expert_table.c, written by experiments/tools/expert_tables.c):
 * [lead rank][hand index] is 'a' + the rank the dealer lays on the pone's opening lead,
 * holding the four ranks of the index, or '.' where the state cannot occur. */
extern const char cs_expert_response[CS_RANKS][CS_EXPERT_HANDS + 1];

/* The lead table (expert_table.c): [hand index] is 'a' + the rank the pone leads first,
 * holding the four ranks of the index. */
extern const char cs_expert_lead[CS_EXPERT_HANDS + 1];

/* The second-card table: [answer rank][hand index] is 'a' + the rank the pone lays second,
 * having kept the four ranks of the index, led the lead table's card and been answered with a
 * card of that rank, or '.' where the state cannot occur (it holds all four of that rank). */
extern const char cs_expert_second[CS_RANKS][CS_EXPERT_HANDS + 1];

/* The pegging table: [1 for the dealer, 0 for the pone][hand index] is the mean of the
 * holder's points in the play minus the other seat's, in hundredths of a point. */
extern const short cs_expert_peg[2][CS_EXPERT_HANDS];

/* The crib table: [1 for the dealer's own crib, 0 for the pone's][rank a][rank b][suits equal]
 * is the crib's mean, in hundredths of a point, when the other seat lays away as expected. */
extern const short cs_expert_crib[2][CS_RANKS][CS_RANKS][2];

/* The opening exchange of two hands of six from the tables: the pone's lead (when `lead`), the
 * dealer's answer, and the pone's second card after the lead table's lead (when `second`).
 * Returns 1 with the card in *out when a table decides, 0 otherwise (other rules, other turns).
 * The compiled-in tables must have passed cs_expert_tables_check(). */
int cs_expert_opening(const cs_view *v, int lead, int second, cs_card *out);

/* Checks tables (expert_create() checks the compiled-in ones): every response a rank held ('.'
 * exactly where the lead's rank is held four times), pegging values within ten points, crib values
 * within 1 to 29 points (0 where two cards cannot be). Returns 0, or CS_ECONFIG naming the first
 * bad entry. */
int cs_expert_tables_check(const char response[CS_RANKS][CS_EXPERT_HANDS + 1],
                           const char leads[CS_EXPERT_HANDS + 1],
                           const char seconds[CS_RANKS][CS_EXPERT_HANDS + 1],
                           const short peg[2][CS_EXPERT_HANDS],
                           const short crib[2][CS_RANKS][CS_RANKS][2], char *err, size_t err_len);

#endif

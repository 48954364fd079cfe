/*
 * mc.h - `mc`: the top rung, Monte Carlo search over the hidden cards.
 *
 * Every decision samples `samples` deals of the cards the seat cannot see, each consistent
 * with everything it has seen (inference.h: its own cards, the starter once cut, every card
 * played, and the go bounds: a seat that was passed over holds no card that would have fit),
 * and scores every candidate move on the same samples (common random numbers, so the
 * comparison between moves is sharper than each estimate), playing the rest of the deal out
 * with the rollout policy of dealsim.h: by default every seat pegs as expected does, seeing
 * only what it could see, which models the players as they are.
 *
 *   discard  candidates are the `width` splits that expected rates best. In each sample the
 *            other seats are dealt their cards and lay away as expected would; each
 *            candidate's play is simulated once (the play does not depend on the starter)
 *            and its show averaged exactly over every card left that could be the starter.
 *   play     candidates are the legal cards (one per rank); the other seats' holdings are
 *            sampled, the candidate is laid, and the play runs to its end (and, for
 *            objective=win, the show, the unknown crib cards drawn from the rest). With
 *            hidden=expected (the default) the holdings are drawn as if each other seat had
 *            laid away as expected does (cs_seen_sample_discarders(): a seat that has
 *            played a five most likely kept it with cards that score with it), with
 *            hidden=uniform uniformly among the holdings consistent with the plays. Measured
 *            against expected in 2,000 duplicate games (seed 11, the same cards and streams
 *            for both), the model raised mc's win rate from 55.9% to 57.8% (paired difference
 *            +1.9% +- 1.5%) and its margin by 1.1 +- 0.5 points a game, for 7% more time.
 *
 * objective=points scores a sample by the seat's side's points in the rest of the deal minus
 * the mean of each other side's. objective=win scores it by the chance of winning the game:
 * 1 or 0 when the deal decides the game (checked after every point, in the order the points
 * come), otherwise the win-probability table (winprob.h) at the scores the deal ends with, so
 * near the target it plays the board, not the hand. Between moves of equal worth (with
 * objective=win, a game won or lost in every sample) the point margin decides. Against
 * expected (4,000 duplicate games, seed 12, paired with the default) objective=points scores
 * 0.8 +- 0.3 points a game more but wins 1.9% +- 1.1% fewer games: winning is what the
 * default plays for. width=1 (expected's discard, no search) wins 1.4% +- 1.1% fewer, width=5
 * no more (-0.5% +- 0.8%).
 *
 * objective=match plays for the match or event around the game (the view's cs_match_context):
 * a simulation that ends the game is worth what its result is worth there (best-of: the chance
 * of taking the match, later games taken as even; points: the side's points, a loss's depending
 * on its score), one that does not end it the win table's chance times what a win is worth plus
 * the rest times what a loss is worth, with a stated model of the final scores (mc.c). With no
 * context, or a plain game, it decides exactly as objective=win (200 games against expected
 * with either objective give byte-identical /games). Measured against objective=win with
 * experiments/tools/mc_match_value.c (duplicate: each card sequence twice, seats swapped):
 * best-of-three matches where a skunk counts two games and a double three, 1,000 sequences
 * (4,603 games, seed 21, samples=200), it took 49.8% [47.6%, 52.0%] of the matches; single
 * games scored by a league's points (a loss costs its shortfall to 121), 2,000 sequences
 * (4,000 games, seed 22, samples=100), it won 47.9% [46.3%, 49.4%] of the games and scored
 * +0.05 +- 0.28 league points a game more: it gives up some wins for the points a loss
 * keeps, and the two about cancel. A plain best-of-N (every win one game) is a sure no-op: the
 * match chance is then linear in the game's, so it ranks moves as objective=win does.
 *
 * The budget: `samples` is the most a decision draws. With race=on (the default) a move is
 * dropped once it trails the best by three standard errors of the paired difference, and the
 * decision ends when one move is left (mc.c says why that is safe), which nearly halves the
 * time: on one core mc against mc plays 9.6 games a second with the race and 5.3 without,
 * mc against expected 17 (200 and 400 games, --threads 1, user CPU time). Measured against
 * expected in the duplicate games above, the race lost nothing (paired difference -0.2% +-
 * 1.4%), and four times the budget (samples=800) gained nothing (+0.2% +- 1.4%): at 200
 * samples mc is limited by its models (the rollout policy, the hidden cards), not by noise.
 *
 * Version 3 halves the default budget to samples=100 (discard_samples, 0 by default, gives the
 * discard a budget of its own). Against expected in 2,000 duplicate games (seed 11, the same
 * cards, paired with samples=200; user CPU time of the whole match, one thread, on a loaded
 * machine): samples=100 -0.3% +- 1.5% in 63% of the time (18.0 s against 28.6 s); samples=50
 * -1.7% +- 1.6% (11.0 s); the play at 100 and the discard at 50 -1.9% +- 1.7%, the discard at
 * 400 +0.0% +- 1.5% for 10% more time than samples=200; the race's first look after 16
 * samples instead of 32, -1.1% +- 1.6% and no faster. The play's rollouts take most of the
 * time (cs_peg_lookahead_pick: 56% of a profile of mc against expected). At the new default,
 * 20,000 duplicate games against expected (seed 20240501) gave 56.6% [55.9%, 57.3%] (version
 * 2 at samples=200: 57.0% [56.3%, 57.6%] in results/ladder.md); `cribsim bench --only mc`
 * plays mc against mc at 41.6 games a second, and at samples=200 at 25.8 (1.6 times).
 * equal=N (off by default) also lets the race stop sampling moves surely within N thousandths
 * of a game of the best: equal=10 saves about 11% of the time but, paired with the default on
 * those 20,000 games, loses 0.57% +- 0.45% of them (with samples=80, 0.91% +- 0.51%).
 *
 * Deterministic given its per-game stream; no allocation in decisions (the win table is
 * built once per instance and rules, in new_game).
 */
#ifndef CS_MC_H
#define CS_MC_H

#include "strategy.h"

extern const cs_strategy cs_strategy_mc;

#endif

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
 *   discard  candidates are the `width` splits that rate best by expert's value (rank=expert:
 *            expected's exact hand value, the crib from expert's crib table, plus its pegging
 *            table's value of the kept ranks, expert.h; with two hands of six only, elsewhere
 *            and with rank=expected by expected's value). In each sample the
 *            other seats are dealt their cards and lay away as expected would; each
 *            candidate's play is simulated once (the play does not depend on the starter)
 *            and its show averaged exactly over every card left that could be the starter.
 *   play     candidates are the legal cards (one per rank); the other seats' holdings are
 *            sampled, the candidate is laid, and the play runs to its end (and, for
 *            objective=win, the show, the unknown crib cards drawn from the rest). With
 *            hidden=expected the holdings are drawn as if each other seat had laid away as
 *            expected does (cs_seen_sample_discarders(): a seat that has played a five most
 *            likely kept it with cards that score with it), with hidden=uniform uniformly
 *            among the holdings consistent with the plays. Measured against expected in 2,000
 *            duplicate games (seed 11, the same cards and streams for both), the discard model
 *            raised mc's win rate from 55.9% to 57.8% (paired difference +1.9% +- 1.5%) and
 *            its margin by 1.1 +- 0.5 points a game, for 7% more time. hidden=plays (the
 *            default, version 6) also holds each other seat to expected's pegging: a drawn
 *            holding stands only if, replayed from the start of the play, expected's choice
 *            with it (cs_sim_replay(), seeing what that seat saw, its own discards included)
 *            is the card the seat laid at each of its turns, up to ties that the order of its
 *            hand would break. A seat that laid a four when expected's lookahead would have
 *            led its king holds no king worth leading. The model is dropped for the rest of
 *            the game for a seat whose shown hand does not explain its plays (mc_observe()
 *            replays each deal once the crib is shown), so against other players it costs
 *            a deal or two of extra draws and then plays as hidden=expected. With tree=N (4
 *            by default, version 7) a close call, one the race (below) has not settled when
 *            the budget is spent, is searched beyond the card laid now: on the same samples
 *            each move the race kept is laid, the other seats play on by the rollout policy
 *            to my next turn, and the samples are grouped by what I would then have seen (who
 *            laid which rank, who could not go on); each group picks my next card for itself,
 *            and so on to the end of the play. My later cards thus depend on what I will have
 *            seen, never on the sample (which would credit me with seeing the other hands); a
 *            group of fewer than N samples knows too little to choose and plays on as
 *            expected does, as every later card did before (tree=0).
 *
 * objective=points scores a sample by the seat's side's points in the rest of the deal minus
 * the mean of each other side's. objective=win scores it by the chance of winning the game:
 * 1 or 0 when the deal decides the game (checked after every point, in the order the points
 * come), otherwise the win-probability table (winprob.h) at the scores the deal ends with, so
 * near the target it plays the board, not the hand. Since version 7 that table counts each
 * later deal's points in the order a game does (the pegging before the shows, the pone's hand
 * before the dealer's); before, it let the pone's whole deal count first, and so rated a
 * dealer needing one point against a pone needing four at 1.4% where such a deal gives the
 * dealer some 95%. Between moves of equal worth (with
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
 * Version 4: rank=expert and width=2, and the rollouts remember the lookahead's choices
 * (dealsim.h's memo: the same choices, so the same games, checked on 200 games against
 * expected and by test_dealsim.c; about half of the lookahead's calls are looked up, 12% less
 * time). Paired comparisons against expected with experiments/tools/mc_paired.c (every variant
 * on the same card sequences, both seats; differences from version 3's default, +- 1.96
 * standard errors of the per-sequence differences): rank=expert,width=2 +0.73% +- 0.92% (4,000
 * games, seed 12; margin +0.29 +- 0.27) and -0.20% +- 0.75% (6,000 games, seed 13; margin
 * +0.04 +- 0.22) in 0.87 and 0.90 of the time: expert's tables pick the two discards worth
 * sampling as well as expected's value picks three. rank=expert,width=3 -0.65% +- 1.18% (2,000,
 * seed 11), width=4 +0.38% +- 0.74% for 12% more time, width=2 by expected's value -0.07% +-
 * 0.90% (seed 12). On seed 13, samples=200 +0.03% +- 0.86% (1.54 times the time), and
 * rank=expert,width=2,samples=80 -0.53% +- 0.91% (0.77). At the new default, 20,000 duplicate
 * games against expected (seed 20240501, `cribsim match mc expected --games 20000 --seed
 * 20240501`): 56.6% [55.9%, 57.3%], +2.3 points a game, Elo +46 [+41, +51] (version 3 56.6%,
 * version 2 at samples=200 57.0% [56.3%, 57.6%], on the same cards); 60% is not reached. Speed,
 * mc against mc, `cribsim match mc mc --games 400 --seed 5 --threads 1`, user CPU time, twice
 * each in one session on a loaded machine: version 2 at samples=200 13.81 and 13.92 s (28.9
 * games a second), version 3's default 8.57 and 8.73 s (46.2), version 4's 6.52 and 6.35 s
 * (62.2): 2.15 times version 2's budget and 1.34 times version 3's. `cribsim bench --only mc
 * --seconds 3` (wall time, load near 3 on two cores) in the same session: 49.3 games a second,
 * the old build at samples=200 18.0 and at its default 28.1.
 *
 * Version 5: the opening exchange of two hands of six from expert's tables (opening=table: the
 * pone's lead, the dealer's answer and the pone's second card, each found offline on 1,024 to
 * 8,192 deals where a decision here draws at most `samples`; used while both sides are more
 * than 30 points from the target), the discard by expert's value alone (width=0: one split
 * where expert's tables rank them, two elsewhere) except once a side is within 40 points of the
 * target, where the two best are searched for the game (endwidth=2). Paired against expected
 * with mc_paired as above, differences from version 4's default: width=1,opening=table +1.46%
 * +- 0.71% (10,000 games, seed 13; margin +1.1 points) and +0.95% +- 0.92% (6,000, seed 12), in
 * 0.28 of the time; the same with samples=200 +1.64% +- 0.71% (seed 13, 0.44 of the time);
 * width=2,opening=table +1.39% +- 0.71% (seed 13) and -0.50% +- 0.92% (6,000, seed 11) in 0.68;
 * width=1 alone (no tables) +0.22% +- 0.92% (seed 12). endwidth=2 against none, on top of
 * width=1,opening=table: +0.49% +- 0.53% (10,000 games, seed 14) for 1.5 times the time; within
 * 60 points instead of 40 -0.10% +- 0.81%, endwidth=3 +0.14% +- 0.78% (5,000, seed 15). On the
 * ladder's 20,000 games (`cribsim match mc expected --games 20000 --seed 20240501`): 57.1%
 * [56.4%, 57.8%], +2.9 points a game, Elo +50 [+45, +55] (version 4 56.6%, +2.3 points; the
 * same without endwidth 57.1%, +3.2 points). Speed, `cribsim bench --seconds 3` on a quiet
 * machine, mc against mc on one core: 129.6 games a second at the default budget, 29.5 at
 * version 2's (samples=200,width=3,rank=expected,opening=search,endwidth=0): 4.4 times version
 * 2's speed (version 4 was 2.15 times), and stronger. 60% is not reached: what is left to
 * search, the play after the opening exchange and the discard near the end, is where mc's models
 * are the limit (more samples gain little: see version 3).
 *
 * Version 6: hidden=plays. Against expected the seat's holdings are then drawn from the exact
 * posterior of the model (test_dealsim.c: expected's plays in every preset are the ones the
 * replay predicts), where hidden=expected ignored what the plays said beyond the go bounds.
 * Paired against expected with mc_paired (differences from version 5's default, +- 1.96
 * standard errors): +1.54% +- 0.55% (10,000 games, seed 13; margin +0.8 points) and +1.79% +-
 * 0.55% (10,000, seed 14; +0.9 points), with the draw budget at 4 a sample; at 16 (the
 * default) the same sequences gave 59.27% and 59.53% against version 5's 57.74% and 57.24%.
 * Not kept, paired with hidden=plays: samples=200 +0.81% +- 0.52% (8,000 games, seed 13),
 * -0.15% +- 0.53% (seed 14), -0.22% +- 0.59% and +0.48% +- 0.62% (6,000 each, seeds 17 and
 * 18) for 1.6 times the time; opening=search +0.29% +- 0.69% and -0.12% +- 0.74% (8,000,
 * seeds 13 and 14); endwidth=3 -0.12% +- 0.42% and +0.23% +- 0.45%, width=2 -1.08% +- 0.79%
 * and +0.03% +- 0.79% (6,000, seeds 17 and 18); shuffling the drawn hand before the discard
 * model (expected's discard depends on the order of its cards in 3% of hands, where splits
 * tie) moved nothing beyond the noise; nor did the own seat's rollouts by expected's lookahead
 * weighing the other seat's ranks as 24 draws of this posterior held them (+0.23% +- 0.52%
 * and +0.07% +- 0.50%, 6,000 games each, seeds 13 and 14). On the ladder's 20,000 games
 * (`cribsim match mc expected --games 20000 --seed 20240501`): 59.1% [58.4%, 59.7%], +4.0
 * points a game, Elo +64 [+59, +69] (version 5 57.1%, +2.9 points). 60% is still not reached.
 * Against expert, where the model is dropped after a deal or two, paired with hidden=expected:
 * +0.53% +- 0.75% and +0.12% +- 0.86% (4,000 games each, seeds 16 and 19) in 1.5 times the
 * time. Speed: against expected a match takes 1.8 times version 5's time (mc_paired above);
 * mc against mc on one core (`cribsim match mc mc --games 600 --seed 5 --threads 1`, user CPU
 * time, in turn on a quiet machine) 6.56 s against version 5's 4.29 and 4.32 s;
 * `cribsim bench --only mc --seconds 3`, twice: 85.7 and 83.2 games a second, version 2's
 * budget and model (samples=200,width=3,rank=expected,opening=search,endwidth=0,
 * hidden=expected) 28.6 and 29.1, so 2.9 times version 2's speed, and stronger.
 *
 * Version 7: tree=4 and the win table in the order a deal counts (winprob.h). Paired against
 * expected with mc_paired (+- 1.96 standard errors of the per-sequence differences): searching
 * every play as a tree, against version 6, +0.18% +- 0.48% (10,000 games, seed 20) and +0.18%
 * +- 0.54% (8,000, seed 21) in 1.42 times the time, with tree=1, 2, 8 and 16 within 0.3 of
 * tree=4; the ordered table alone +0.41% +- 0.46% and with that tree +0.70% +- 0.51% (10,000
 * games, seed 22; margin +0.4 points). The time went to the samples the race no longer spared
 * (drawing them is most of mc's work), so the tree now searches only the calls the race leaves
 * close: against tree=0 with the ordered table +0.27% +- 0.34% (10,000 games, seed 26; margin
 * +0.13 points) in 1.17 times the time. On the ladder's 20,000 games (`cribsim match mc
 * expected --games 20000 --seed 20240501`): 60.2% [59.5%, 60.9%], +4.5 points a game, Elo +72
 * [+67, +77] (version 6 59.1%, +4.0 points). Speed, `cribsim bench --only mc --seconds 3`
 * twice on a loaded machine: 48.3 and 48.6 games a second, version 2's budget and model
 * (samples=200,width=3,rank=expected,opening=search,endwidth=0,hidden=expected,tree=0) 21.4
 * and 24.6 in the same runs: 2.0 and 2.3 times version 2's speed. Not kept, paired with the
 * tree searching every play and the ordered table: samples=150 +0.15% +- 0.51% (8,000 games,
 * seed 24) in 1.44 times the time, samples=200,tree=6 +0.19% +- 0.48% in 1.86; opening=search
 * +0.08% +- 0.69% (8,000, seed 25) in 1.74; the opening tables while both sides are more than
 * 60 points from the target (not 30) +0.18% +- 0.58% in 1.23; endwidth=3 +0.03% +- 0.34% and
 * endwidth from 60 points (not 40) +0.04% +- 0.54% (8,000, seed 23). Nor was the last
 * decision's sample set kept for the next (those the plays since still fit are draws of the
 * new posterior): only 13% of them held the very card the other seat then laid, suit and all,
 * so it saved some 4% of the draws.
 *
 * Measured in version 4 and not kept (paired as above, seed 11): the own seat's rollout
 * pegging by expert's keep-weighted lookahead (peg=model) -1.35% +- 1.47% (2,000 games) and
 * -0.70% +- 1.20% (3,000), 10% slower; the own seat's rollouts by the perfect policy (seeing
 * the other hand) -1.67% +- 1.28%; dropping moves whose worth equalled the best's in every
 * sample -0.63% +- 0.85% and only 2% faster. Where the budget goes (1,000 games against
 * expected): 59% of the discards and 63% of the plays draw every sample (the race seldom ends
 * a decision early), the leads 93 samples of 100 on average: the decisions are close, and
 * neither more samples nor these rollout policies make them better.
 *
 * Version 8: objective=match values a game still open by the chance of winning it and the law
 * of its final margin (mc.c), where version 7 let every side score as fast as the winner. In
 * duplicate league games (cs_mc_match_value league --to 10250, samples=40, a team of each
 * objective) it gains 0.51 [0.37, 0.65] league points a game over objective=win, where version
 * 7 lost 0.81 [0.31, 1.30] (1,000 sequences); with clips, or a best of three where skunks
 * count nothing, it is objective=win rescaled (results/events/README.md).
 *
 * The network (not the default; version 8 plays as before, the same /games byte for byte on
 * 300 games against expected, seed 11, and on 400 mc-against-mc games, seed 5): net=FILE (the
 * nn strategy's format, docs/nn-format.md; builtin, the default, is the shipped network) is
 * read by two parameters, each measured alone against the pinned version 8 spec (`mc:samples=
 * 100,objective=win,width=0,rollout=lookahead,hidden=plays,race=on,discard_samples=0,equal=0,
 * rank=expert,opening=table,endwidth=2,tree=4`) on the same deals:
 *
 *   rollout=nn  every simulated seat (mine too) lays the card the network chooses from the
 *               observation the environment would give that seat then (cs_sim_view() and the
 *               one encoder: only what it could see). In the discard, whose simulated play
 *               has no starter, the network is shown one of the cards left (the show is still
 *               averaged over all of them).
 *   hidden=nn   each sample is drawn as hidden=expected draws it and kept with the chance the
 *               network gives every play the other seats have made this deal (the product of
 *               each play's softmax over the cards that fitted, replayed on each seat's own
 *               observation: cs_mc_nn_weight()); the last draw stands after 64 draws, or past
 *               16 draws a sample in a decision, as with hidden=plays. No show ever drops it.
 *
 * Measured with the built-in network (`cribsim match A B --games 2000 --seed S --threads 1`,
 * -o FILE, niced on a loaded machine; a head-to-head figure is +- 1.96 standard errors of the
 * per-sequence means, a paired difference pairs two runs' /games rows of the same card_game,
 * +- 1.96 standard errors of the per-sequence differences; speeds are games a second of user
 * CPU time for the whole match):
 *
 *   rollout=nn  against version 8 head to head 49.6% +- 1.0% (2,000 games, seed 11; margin
 *               +0.05 points a game); against expected 58.3% where version 8 won 60.1% on
 *               the same deals (seed 11): -1.8% +- 1.3% paired (margin -0.55 +- 0.32).
 *               55 games a second against expected, version 8 121 (2.2 times the time); 44
 *               against version 8.
 *   hidden=nn   against version 8 head to head 51.1% +- 1.1% (2,000 games, seed 11; margin
 *               +0.83 points a game) and 51.2% +- 1.0% (2,000, seed 12; +0.66): on the
 *               4,000 games 51.1% +- 0.7%, [50.4%, 51.8%]. Against expected 58.5% where
 *               version 8 won 60.1%: -1.65% +- 1.22% paired (margin -1.06 +- 0.33). 32
 *               games a second against expected (3.8 times version 8's time), 29 and 32
 *               against version 8 (version 8 against itself 71: `cribsim match mc mc
 *               --games 400 --seed 5`).
 *   both        rollout=nn,hidden=nn against expected 57.4% where version 8 won 60.1%:
 *               -2.7% +- 1.3% paired (margin -1.70 +- 0.36); 25 games a second.
 *
 * The network imitates expert and mc (results/nn/). Against expected, expected's own models
 * (its lookahead in the rollouts, hidden=plays' replay of its pegging, exact for it) are the
 * better ones, and either network part loses some 1.7% of the games; against mc, whose play
 * the network has learnt, hidden=nn is the better model of the other seat (above 50% on two
 * seeds, the paired interval of the 4,000 games above 50%) and rollout=nn no worse. The model
 * of the other seats should be a model of the player at the table. The ladder
 * (results/ladder.md, 2026-11-29, seed 20240501) plays hidden=nn against every strategy:
 * 51.6% against version 8 (8,000 duplicate games, paired [51.1%, 52.1%]), 54.5% against
 * expert (version 8 52.1%), 55.2% against nn (52.7%), 58.2% against expected (60.2%), and
 * 64.9% against the habit pool none of them was shaped against (65.4%): better than version 8
 * against the strategies that are not expected, and nearly level against the pool. The
 * network it uses was trained by imitating mc (results/nn/README.md); nothing in hidden=nn
 * was tuned against any opponent.
 *
 * A value estimate that ends the rollouts early (not the default; cutoff=0,value=none plays
 * version 8 byte for byte: 300 games against expected, seed 11, and 100 mc-against-mc games,
 * seed 5, the same wins and points as before the parameters existed):
 *
 *   cutoff=K    a play's rollout stops once K cards are laid (the move decided included), at
 *   value=FILE  the first turn from there of a seat holding two cards or more that fit, and the
 *               rest of the deal is an action-value network's (cribsim.train.nn q; FILE's note
 *               records scale=S, docs/nn-format.md): its best legal output on that seat's
 *               observation (cs_sim_view()), times S, is that seat's side's points less the
 *               other's from there to the deal's end, show included; negated when the seat is
 *               the other side's. objective=points adds it to the margin so far. objective=win
 *               and =match need scores: a sample is cut only if no side can reach the target in
 *               the rest of the deal (its score, plus its hands' and crib's shows in the sample,
 *               exact since every card is dealt there, plus 15 points, the most one card can
 *               peg, for every card its seats have left), so the cut never hides a game's end;
 *               the deal then ends at each side's score plus x, x_mine - x_other the network's
 *               margin and x_mine + x_other the sample's shows plus 0.69 points (the mean a card
 *               pegs, mc against expected) for each card left, rounded, and the win table values
 *               those scores as it values a rollout's end. The discard's rollouts are always
 *               played out (their show is averaged exactly over every starter, which one value
 *               at one starter would replace). Two hands of six only (the margin is two sides',
 *               the network trained there): other rules are refused at the first decision;
 *               cutoff without value, value without cutoff, and a network whose note records
 *               no scale (nn's policy network) are refused when the player is made.
 *
 * The network: strategies/models/value.nn (512-128-64-53, 310 KB), bootstrapped action values
 * from random weights against expected (three batches in four) and greedy, 20 minutes on one
 * core (experiments/train_value.sh, seed 1; results/nn/README.md). Measured against the pinned
 * version 8 spec on the same deals (niced, one thread, on a machine loaded by other jobs; CPU
 * time is the process's own):
 *
 *   cutoff=1    against version 8 head to head 46.8% +- 0.8%, [46.1%, 47.6%] (4,000 games,
 *               seed 11; margin -1.41 +- 0.23 points a game). Against expected 56.8%
 *               [55.8%, 57.8%] where version 8 won 59.9% [59.0%, 60.9%] on the same deals
 *               (10,000 games, seed 11): -3.12% +- 0.57% paired (margin +2.69 against +4.49),
 *               in 1.02 times version 8's CPU time (94.3 s against 92.4 s).
 *   cutoff=2    against version 8 head to head 49.9% +- 0.7%, [49.3%, 50.6%] (4,000 games,
 *               seed 11; margin -0.29 +- 0.20). Against expected 58.9% [57.9%, 59.9%]:
 *               -1.03% +- 0.48% paired (margin +3.92), in 1.05 times the time (97.1 s).
 *
 * The commands (from the repository's root; a head-to-head figure is +- 1.96 standard errors
 * of the per-sequence means of a `-o` file's /games, a paired one mc_paired's):
 *
 *   cribsim match "mc:cutoff=1,value=strategies/models/value.nn" mc --games 4000 --seed 11
 *       --threads 1 -o F                    (and cutoff=2)
 *   build/mc_paired 11 0 5000 expected mc "mc:cutoff=1,value=strategies/models/value.nn"
 *       "mc:cutoff=2,value=strategies/models/value.nn"     (experiments/tools/mc_paired.c)
 *
 * A negative result: the cut loses games and saves no time. Larger cutoffs cut little (the
 * opening tables decide the first three cards far from the target, near it the cut is barred,
 * and the last card of a deal is forced): on 600 games against expected (`build/mc_paired 11 0
 * 300 expected mc ...`) cutoff=3 was +0.67% +- 1.22% from version 8 and cutoff=4 +0.17% +-
 * 0.33% (a handful of games changed), in 1.03 and 1.02 times the time. A play's rollout is short
 * (seven cards at most, most of them looked up in the lookahead's memo) and each cut costs a
 * forward pass, so it is no faster; and the network is a worse judge of the rest of the deal than
 * the rollout: its value is an average over what the seat to play cannot see, show included, where
 * the sample holds every card and the rollout counts its show exactly (the same for every move in
 * that sample, so it cancels between them, where the network's estimate varies from move to move).
 * A value of the rest of the play alone, the sample's exact show added, and a network trained on
 * mc's rollout policy (expected's lookahead at both seats) rather than its own greedy play (41%
 * against expected) are what it would take; neither is built.
 *
 * Deterministic given its per-game stream; no allocation in decisions (the win table is
 * built once per instance and rules, in new_game; the memo, 128 KB, once per instance).
 */
#ifndef CS_MC_H
#define CS_MC_H

#include "nn_file.h"
#include "strategy.h"

extern const cs_strategy cs_strategy_mc;

/*
 * objective=match's worth to my_side of a game's result under the match context ctx (NULL: a
 * win 1, a loss 0), with the sides' final scores side_score[] and the winning side (-1: a
 * tie); edge is the chance that the side dealing a game first wins it (BEST_OF: the loser of a
 * game deals the next). For a game still open, the worth when my side wins it with chance p
 * and the final margin between my side and the leading other side is normal about today's
 * with standard deviation sd (mc.c states the model). For tests; mc's decisions use the same
 * arithmetic.
 */
double cs_mc_result_worth(const cs_match_context *ctx, const cs_rules *r, int my_side,
                          const int side_score[], int winner, double edge);
double cs_mc_open_worth(const cs_match_context *ctx, const cs_rules *r, int my_side,
                        const int side_score[], double p, double sd, double edge);

/*
 * hidden=nn's weight of a drawn deal in the play of view v (for tests; mc's draws use the same
 * arithmetic): the product, over the plays of each seat with its bit in `check`, of the
 * chance the network gives the card laid (the softmax of its scores over the cards that fitted
 * then; 1 for a forced card), replayed from the start of the play with every seat holding
 * kept[seat] (its hand as kept, played cards included) and having laid away tossed[seat]
 * (n_tossed[seat] cards). 0 when the plays do not fit the deal.
 */
double cs_mc_nn_weight(const cs_nn *net, const cs_view *v,
                       const cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND],
                       const cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD],
                       const int n_tossed[CS_MAX_PLAYERS], unsigned check);

#endif

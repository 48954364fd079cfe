/*
 * greedy.h - `greedy`: the second rung. Keeps the cards that score most on their own (the
 * kept cards counted as a show without any starter: fifteens, pairs, runs and a flush, no
 * nobs), ignoring the crib and the starter; plays the legal card that pegs most now.
 */
#ifndef CS_GREEDY_H
#define CS_GREEDY_H

#include "strategy.h"

extern const cs_strategy cs_strategy_greedy;

/* The show points of hand[0..n-1] alone (no starter): fifteens, pairs, runs, and n for a
 * flush of all n cards when n >= flush_min. */
int cs_greedy_hand_points(const cs_card hand[], int n, int flush_min);

#endif

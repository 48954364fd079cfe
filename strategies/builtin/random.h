/*
 * random.h - `random`: the bottom of the ladder. Discards uniformly among the ways to lay
 * away and plays uniformly among the legal cards, drawing from its per-game stream.
 */
#ifndef CS_RANDOM_H
#define CS_RANDOM_H

#include "strategy.h"

extern const cs_strategy cs_strategy_random;

#endif

/*
 * expected.h - `expected`: the third rung.
 *
 * Discard: the split that maximises the exact expected show of the kept hand over every card
 * it has not seen as starter, plus the crib model's expected crib when the crib is its side's,
 * minus it (shared among the opponents) when it is not (handvalue.h says what is exact and
 * what is modelled). Play: cs_peg_lookahead() (pegging.h), which weighs a card's points against
 * the best reply the unseen cards allow the next seat, using the go bounds it has inferred.
 *
 * No allocation after create: the crib model is built once per instance (a millisecond) and
 * rebuilt only when a game's crib flush rule differs.
 */
#ifndef CS_EXPECTED_H
#define CS_EXPECTED_H

#include "handvalue.h"
#include "strategy.h"

extern const cs_strategy cs_strategy_expected;

/* The expected discard for a view, with a given crib model: writes rules->discards cards. */
void cs_expected_discard(const cs_view *v, const cs_crib_model *m, cs_card out[CS_MAX_DISCARD]);

#endif

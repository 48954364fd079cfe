/*
 * expert.h - `expert`: strong play at the speed of expected (work in progress).
 */
#ifndef CS_EXPERT_H
#define CS_EXPERT_H

#include "strategy.h"

extern const cs_strategy cs_strategy_expert;

#endif

/*
 * expert.h - `expert`: strong play at the speed of expected (work in progress).
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

/* The response table (expert_table.c, written by experiments/tools/expert_tables.c):
 * [lead rank][hand index] is 'a' + the rank the dealer lays on the pone's opening lead,
 * holding the four ranks of the index, or '.' where the state cannot occur. */
extern const char cs_expert_response[CS_RANKS][CS_EXPERT_HANDS + 1];

/* The pegging table: [1 for the dealer, 0 for the pone][hand index] is the mean of the
 * holder's points in the play minus the other seat's, in hundredths of a point. */
extern const short cs_expert_peg[2][CS_EXPERT_HANDS];

#endif

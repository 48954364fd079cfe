/*
 * habit.h - `habit`: players of fixed habits, built as opponents that no other strategy was
 * shaped against (the ladder's second yardstick). Each is a discard habit and a pegging habit,
 * both deterministic:
 *
 *   toss=hand    keeps the four cards with the best mean show over every starter it has not
 *                seen, and gives the crib no thought;
 *   toss=crib    weighs the crib twice: expected's value with the crib's weight doubled, so
 *                a dealer feeds its crib and a pone starves the other's at its hand's cost;
 *   toss=thumb   keeps the cards that score most on their own (no starter) and lays away by
 *                the club's rules of thumb: to one's own crib fives, pairs, two cards making
 *                fifteen and near cards are good, to the other's they are bad (a five 3
 *                points, a pair or a fifteen 2, two ranks within two of each other 1);
 *   peg=low, peg=bold, peg=safe
 *                each lays the card that scores most now; when cards tie, low lays the
 *                lowest, bold the highest, and safe the one that leaves no count of 5 or 21
 *                (a ten-card makes 15 or 31 on it) and, leading, a count under 5 (no fifteen
 *                can answer it), then a card whose rank it holds twice (a pair answered by a
 *                pair royal), then the highest.
 *
 * Ties among discards go to the first split in cs_splits() order. Any rules: the crib's
 * weight (its sign with toss=thumb) is cs_crib_weight()'s.
 */
#ifndef CS_HABIT_H
#define CS_HABIT_H

#include "strategy.h"

extern const cs_strategy cs_strategy_habit;

/* The rule-of-thumb worth of laying away d[0..n-1] into one's own crib (n is 1 or 2): a five
 * 3, a pair 2, two cards making fifteen 2, two ranks one or two apart 1. */
int cs_habit_toss_worth(const cs_card d[], int n);

#endif

/*
 * winprob.h - the chance of winning the game from a score, for mc's objective=win.
 *
 * The model: deals are independent; in each, the dealer's side scores X ~ f and the other
 * side Y ~ g (independently), where f and g are measured at build time by simulating deals
 * of this very rule variant with expected's discards and the rollout pegging (dealsim.h), from
 * a fixed seed, so the table is the same on every thread and run. Within a deal the pone's
 * side is taken to count first (its hand is shown first; the pegging that interleaves is
 * ignored). With two sides, W(a, b, who deals, deals left) is then exact for that model by
 * dynamic programming over the scores (the rare deal where neither side scores is folded in
 * by solving the two equations of the cell). With a fixed number of deals (max_deals) the
 * deals left enter the state and the higher score wins when they run out (ties count half).
 *
 * With three or four sides each for itself, the chance is approximated from the two-sided
 * table of a symmetric race (every player's points per deal drawn from the mixture of the
 * dealer's and the pones' distributions): u_i = product over opponents j of W(s_i, s_j), and
 * P(i wins) = u_i / sum_k u_k.
 */
#ifndef CS_WINPROB_H
#define CS_WINPROB_H

#include "handvalue.h"
#include "rules.h"

/* Points a side can score in one deal are at most 2 * 29 + 29 (two hands and the crib in a
 * partnership) plus pegging; 160 bounds every variant with room to spare. */
#define CS_WINPROB_DEAL_MAX 160

typedef struct {
    cs_rules rules; /* the rules the table was built for */
    int target, layers, sides;
    float *w;                          /* [layer][dealer is mine][a][b] */
    double f[CS_WINPROB_DEAL_MAX + 1]; /* dealer side's points per deal */
    double g[CS_WINPROB_DEAL_MAX + 1]; /* the other side's (each pone's, with 3-4 sides) */
} cs_winprob;

/* Builds the table for rules (simulating `deals` deals from a fixed seed). Returns 0 or
 * CS_ENOMEM. */
int cs_winprob_build(cs_winprob *w, const cs_rules *rules, const cs_crib_model *m, int deals);
void cs_winprob_free(cs_winprob *w);

/*
 * The chance that my_side wins, with side_score[] for every side, after `deals_done` deals
 * have been played in full, when the next deal is dealt by a seat of side next_dealer_side.
 * Scores at or past the target are a won game.
 */
double cs_winprob_get(const cs_winprob *w, const int side_score[], int my_side,
                      int next_dealer_side, int deals_done);

#endif

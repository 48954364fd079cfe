/*
 * winprob.h - the chance of winning the game from a score, for mc's objective=win.
 *
 * The model: deals are independent, each like the deals simulated at build time for this very
 * rule variant (expected's discards and the rollout pegging, dealsim.h, from a fixed seed, so
 * the table is the same on every thread and run).
 *
 * With two sides the deal's points come in the order a game counts them: his heels, every
 * lay and go of the play, then the hands from the dealer's left round to the dealer, then the
 * crib. The table keeps, for every pair of needs (the dealer's side's and the other's, up to
 * a deal's most), the share of simulated deals in which each side reaches its need first,
 * and the joint distribution of the two sides' points for the deals that decide nothing; the
 * dynamic programme over the scores is then exact for that model (a deal in which neither
 * side scores is solved for). Near the end this is what decides: a dealer needing one point
 * and a pone needing four win some 95% and 5% of such deals (the pegging comes first), where
 * a table that let the pone's whole deal count first gave the dealer 1.4%. With a fixed
 * number of deals (max_deals) the deals left enter the state and the higher score wins when
 * they run out (ties count half).
 *
 * With three or four sides each for itself, the chance is approximated from the two-sided
 * table of a symmetric race in which the deal's points are taken as drawn independently (every
 * player's from the mixture of the dealer's and the pones' distributions, f and g below) and
 * the pone's counted first: u_i = product over opponents j of W(s_i, s_j), and
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

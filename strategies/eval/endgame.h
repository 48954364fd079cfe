/*
 * endgame.h - the chance of winning a two-sided game from within a deal, for play near the
 * target (expert's board=on).
 *
 * Near the target the order of the count decides games: a side that reaches the target in the
 * play wins before any hand is shown, the pone shows before the dealer, and the dealer's crib
 * comes last. The model: in a deal each source of points is drawn independently from its
 * measured distribution (the pegging of the dealer and of the pone, each role's hand, the
 * crib), measured when the table is built by simulating deals of the very rules with
 * expected's discards and pegging (dealsim.h), from a fixed seed; after the deal, the chance
 * of winning is the win table's (winprob.h). Two tables hold the show's part for every pair of
 * scores after the play:
 *
 *   pone_show[x][y]    I am the pone and have shown my hand, reaching x (below the target);
 *                      the dealer, at y after the play, shows its hand and crib (their sum);
 *                      then the next deal, which I deal.
 *   dealer_show[x][y]  I am the dealer, at x after the play with my hand added (the crib still
 *                      to come); the pone, at y, shows first; then my crib; then the next deal.
 *
 * A decision shifts these by what it changes in the means (the crib's, the pegging margin's)
 * with linear interpolation between integer scores.
 *
 * Only for two sides, a target of at most CS_ENDGAME_TARGET_MAX and no deal limit.
 */
#ifndef CS_ENDGAME_H
#define CS_ENDGAME_H

#include "handvalue.h"
#include "rules.h"
#include "winprob.h"

/* Points one source gives one side in a deal: 0..CS_ENDGAME_PTS - 1 (a hand or crib scores
 * at most 29, a seat's pegging in a deal of two hands of six far less than 64). */
#define CS_ENDGAME_PTS        64
#define CS_ENDGAME_TARGET_MAX 1000
#define CS_ENDGAME_PLAYED     8 /* cards laid in the play of two hands of four */

typedef struct {
    cs_rules rules; /* the rules it was built for */
    int target;
    cs_winprob win;
    int have_win;
    double peg[2][CS_ENDGAME_PTS];  /* [1: the dealer, 0: the pone] pegging (heels apart) */
    double hand[2][CS_ENDGAME_PTS]; /* each role's hand in the show */
    double crib[CS_ENDGAME_PTS];
    double peg_mean[2], hand_mean[2], crib_mean;
    /* [role][k]: the pegging still to come once k cards are laid (k = 0..8) */
    double rest[2][CS_ENDGAME_PLAYED + 1][CS_ENDGAME_PTS];
    float *pone_show;   /* [x * (T + 1) + y], x < T, y <= T */
    float *dealer_show; /* [x * (T + 1) + y], x <= T, y <= T */
} cs_endgame;

/* Whether the model covers these rules. */
int cs_endgame_supports(const cs_rules *r);

/* Builds the tables for rules (simulating `deals` deals; the win table too). Returns 0,
 * CS_ENOMEM or CS_ECONFIG for rules it does not support. */
int cs_endgame_build(cs_endgame *g, const cs_rules *rules, const cs_crib_model *m, int deals);
void cs_endgame_free(cs_endgame *g);

/* pone_show at my x (below the target) and the dealer's y (y + a shift: interpolated;
 * the target or past it is a lost game). */
double cs_endgame_pone_show(const cs_endgame *g, int x, double y);

/* dealer_show at my x (interpolated; the target or past it stays a chance: the pone shows
 * first) and the pone's y (below the target). */
double cs_endgame_dealer_show(const cs_endgame *g, double x, int y);

/*
 * One decision's part of the chance of winning over a deal from the start of its play: what
 * does not depend on the cards I keep (the other seat's pegging, the show tables at my score
 * plus every total z of my pegging and hand). Rows for the other's crib shifted by whole
 * points (as the pone) are filled as asked for.
 */
#define CS_ENDGAME_Z      64 /* my pegging plus my hand (and heels) in a deal, clamped */
#define CS_ENDGAME_SHIFTS 17 /* the other's crib shifted by -8..8 points */
typedef struct {
    const cs_endgame *g;
    int a, b, dealer;
    double theirs[CS_ENDGAME_PTS]; /* the other's pegging (as the dealer, with heels) */
    int po_hi;
    int z_max; /* q's last z: my hand then reaches the target, or CS_ENDGAME_Z - 1 */
    double q[CS_ENDGAME_SHIFTS][CS_ENDGAME_Z]; /* [shift + 8][z] */
    unsigned have;                             /* a bit per row filled */
} cs_endgame_ctx;

/* Begins a decision: my score a, the other's b, my role (1: the dealer). */
void cs_endgame_begin(cs_endgame_ctx *c, const cs_endgame *g, int a, int b, int dealer);

/*
 * The chance of winning over the deal, before the starter is seen: my hand's points in the
 * show as a distribution over n_starters starters (hand_points[i], his heels heels[i]: 0 or
 * the rule's points), the shift of my pegging margin's mean from the measured one (put on my
 * pegging), and the shift of the crib's mean (mine as the dealer, the other's as the pone).
 */
double cs_endgame_deal(cs_endgame_ctx *c, const int hand_points[], const int heels[],
                       int n_starters, double peg_shift, double crib_shift);

#endif

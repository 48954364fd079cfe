/*
 * stats.h - the statistics the runner prints and stops on: Wilson score intervals for a win
 * rate, the Elo difference a score rate implies, and Wald's sequential probability ratio test
 * (SPRT) between two Elo hypotheses.
 *
 * Results are counted from one side's point of view: a win, a loss, or a tie (which scores one
 * half, as in chess). Pure arithmetic: no I/O, no allocation.
 */
#ifndef CS_STATS_H
#define CS_STATS_H

#include <stddef.h>
#include <stdint.h>

/* The normal quantile for a two-sided 95% interval. */
#define CS_Z95 1.959963984540054

/*
 * Wilson score interval for a proportion: `successes` of `trials` (successes may be
 * fractional, ties counting one half), at normal quantile z. Writes the bounds into *lo and
 * *hi, both within [0, 1]. With no trials the interval is [0, 1].
 */
void cs_wilson(double successes, double trials, double z, double *lo, double *hi);

/* Elo difference implied by a score rate s in (0, 1): -400 log10(1/s - 1); +-inf at 0 and 1. */
double cs_elo_from_score(double s);

/* Expected score of a side that is `elo` points stronger: 1 / (1 + 10^(-elo/400)). */
double cs_score_from_elo(double elo);

/* The SPRT's decision so far. */
typedef enum {
    CS_SPRT_CONTINUE = 0, /* neither bound crossed */
    CS_SPRT_H0 = 1,       /* accept H0: the difference is elo0 (or less) */
    CS_SPRT_H1 = 2,       /* accept H1: the difference is elo1 (or more) */
} cs_sprt_decision;

const char *cs_sprt_decision_name(cs_sprt_decision d); /* "continue", "H0", "H1" */

/*
 * Wald's SPRT on game results between H0: side A is elo0 stronger than side B, and H1: elo1
 * stronger (elo0 < elo1). Each game is a Bernoulli trial with success probability
 * cs_score_from_elo(elo) under each hypothesis; a tie adds half a win's and half a loss's
 * log-likelihood ratio. Bounds: accept H0 when llr <= log(beta / (1 - alpha)), accept H1 when
 * llr >= log((1 - beta) / alpha), so alpha is the false-positive and beta the false-negative
 * rate. Duplicate games are negatively correlated in pairs, which makes the test conservative.
 */
typedef struct {
    double elo0, elo1, alpha, beta;
    double win_llr, loss_llr; /* llr added by a win and by a loss */
    double lower, upper;      /* decision bounds */
    double llr;
    uint64_t wins, losses, ties;
} cs_sprt;

/* Sets up the test. Returns 0, or CS_ERANGE (elo0 >= elo1, alpha or beta outside (0, 0.5]). */
int cs_sprt_init(cs_sprt *t, double elo0, double elo1, double alpha, double beta);

/*
 * Parses "elo0,elo1[,alpha,beta]" (alpha and beta default to 0.05) and sets the test up.
 * Returns 0, or CS_ESYNTAX / CS_ERANGE and writes a sentence naming the problem into why.
 */
int cs_sprt_parse(const char *text, cs_sprt *t, char *why, size_t why_len);

/* Adds one game from side A's point of view: result > 0 a win, < 0 a loss, 0 a tie. */
void cs_sprt_add(cs_sprt *t, int result);

/* The decision given the results so far. */
cs_sprt_decision cs_sprt_decide(const cs_sprt *t);

#endif

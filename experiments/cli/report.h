/*
 * report.h - the summary table `cribsim run` and `cribsim match` print: for each side, its
 * games, wins, win rate with a 95% Wilson interval, points and margin per game; for two sides
 * the Elo difference the score implies; and the SPRT's decision when one ran.
 *
 * A tie counts one half in the win rate (it happens when a fixed number of deals ends level).
 * Duplicate games come in negatively correlated sets, so the intervals, which treat games as
 * independent, are conservative for them.
 */
#ifndef CS_REPORT_H
#define CS_REPORT_H

#include <stdio.h>

#include "runner.h"

/* Prints the table for one run under the title (an arm name or "match"). */
void cs_report_run(FILE *out, const char *title, const cs_run_result *res);

/* One line per arm: its lineup, games, the first seat's side's win rate with its interval and
 * (for two sides) the Elo difference; after a spec's arms have run. */
void cs_report_arms(FILE *out, const char *title, const char *const names[],
                    const cs_run_result *const results[], int n);

/* The score rate (wins + ties / 2) / games of a lineup seat's side, and its interval. */
double cs_report_rate(const cs_run_result *res, int lineup_seat, double *lo, double *hi);

#endif

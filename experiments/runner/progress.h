/*
 * progress.h - the progress line a run prints on standard error: games done of the total,
 * games a second, elapsed and remaining time.
 *
 * On a terminal the line is redrawn in place a few times a second; otherwise (a log file, a
 * batch job) a plain line is written every CS_PROGRESS_LOG_SECONDS, so logs stay readable.
 * Quiet progress prints nothing. Only one thread (the writer) may use a cs_progress.
 */
#ifndef CS_PROGRESS_H
#define CS_PROGRESS_H

#include <stdint.h>

#define CS_PROGRESS_TTY_SECONDS 0.25
#define CS_PROGRESS_LOG_SECONDS 5.0

typedef struct {
    int quiet, tty, drawn;
    double start, last;
    uint64_t base;  /* games done before this process started (resumed runs) */
    uint64_t total; /* games the run will have when complete */
    char label[96];
} cs_progress;

/* Seconds on a monotonic clock. */
double cs_now(void);

/* Starts timing; done games are already complete (a resumed run). label may be NULL. */
void cs_progress_start(cs_progress *p, const char *label, uint64_t done, uint64_t total, int quiet);

/* Reports done games, at most as often as the output kind allows. */
void cs_progress_update(cs_progress *p, uint64_t done);

/* Prints the final line (and ends the line redrawn on a terminal). */
void cs_progress_finish(cs_progress *p, uint64_t done);

/* Formats seconds as "1:02:03" or "2:03" into buf. */
void cs_format_duration(double seconds, char *buf, unsigned len);

#endif

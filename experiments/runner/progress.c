/* progress.c - the progress line of progress.h. */
#include "progress.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

double cs_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cs_format_duration(double seconds, char *buf, unsigned len) {
    if (!isfinite(seconds) || seconds < 0) {
        snprintf(buf, len, "?");
        return;
    }
    unsigned long s = (unsigned long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, len, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%lu:%02lu", s / 60, s % 60);
}

void cs_progress_start(cs_progress *p, const char *label, uint64_t done, uint64_t total,
                       int quiet) {
    p->quiet = quiet;
    p->tty = isatty(STDERR_FILENO);
    p->drawn = 0;
    p->start = p->last = cs_now();
    p->base = done;
    p->total = total;
    snprintf(p->label, sizeof p->label, "%s%s", label ? label : "", label ? ": " : "");
}

static void draw(cs_progress *p, uint64_t done, double now, int final) {
    double elapsed = now - p->start;
    double rate = elapsed > 0 ? (double)(done - p->base) / elapsed : 0.0;
    char el[32], rem[32];
    cs_format_duration(elapsed, el, sizeof el);
    if (rate > 0 && done <= p->total)
        cs_format_duration((double)(p->total - done) / rate, rem, sizeof rem);
    else
        snprintf(rem, sizeof rem, "?");
    double pct = p->total ? 100.0 * (double)done / (double)p->total : 100.0;
    fprintf(stderr, "%s%s%llu/%llu games (%.1f%%), %.0f games/s, elapsed %s, remaining %s%s",
            p->tty ? "\r" : "", p->label, (unsigned long long)done, (unsigned long long)p->total,
            pct, rate, el, final ? "0:00" : rem, p->tty ? "\033[K" : "\n");
    if (p->tty && final) fputc('\n', stderr);
    fflush(stderr);
    p->drawn = 1;
}

void cs_progress_update(cs_progress *p, uint64_t done) {
    if (p->quiet) return;
    double now = cs_now();
    if (now - p->last < (p->tty ? CS_PROGRESS_TTY_SECONDS : CS_PROGRESS_LOG_SECONDS)) return;
    p->last = now;
    draw(p, done, now, 0);
}

void cs_progress_finish(cs_progress *p, uint64_t done) {
    if (p->quiet) return;
    draw(p, done, cs_now(), done >= p->total);
}

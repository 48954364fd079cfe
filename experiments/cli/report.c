/* report.c - the summary table of report.h. */
#include "report.h"

#include <math.h>
#include <string.h>

#include "progress.h"
#include "stats.h"

double cs_report_rate(const cs_run_result *res, int lineup_seat, double *lo, double *hi) {
    const cs_seat_result *s = &res->seat[lineup_seat];
    double games = (double)res->games, score = (double)s->wins + 0.5 * (double)s->ties;
    cs_wilson(score, games, CS_Z95, lo, hi);
    return games > 0 ? score / games : 0.0;
}

/* The lineup seats on each side in rotation 0, as "spec" or "spec + spec". */
static void side_label(const cs_run_result *res, int side, char *buf, size_t len) {
    buf[0] = '\0';
    int dup_specs = 0;
    for (int i = 0; i < res->n_seats; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(res->seats[i], res->seats[j]) == 0 &&
                res->lineup_side[i] != res->lineup_side[j])
                dup_specs = 1;
    for (int i = 0; i < res->n_seats; i++) {
        if (res->lineup_side[i] != side) continue;
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%s%s", n ? " + " : "", res->seats[i]);
    }
    if (dup_specs) { /* the same strategy on several sides: say which seat */
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, " (side %d)", side);
    }
}

/* Shortens text to at most width characters in place, ending in "..." when it was cut, so a
 * cut name is never taken for a whole one. */
static void shorten(char *text, int width) {
    if (width < 4 || (int)strlen(text) <= width) return;
    memcpy(text + width - 3, "...", 4);
}

/* x rounded to one decimal, a result of zero made +0 (a margin of -0.02 prints "+0.0", not
 * "-0.0"). */
static double tenths(double x) {
    double r = round(x * 10.0) / 10.0;
    return r == 0.0 ? 0.0 : r;
}

/* An Elo value: "+0" rather than "-0", and "+inf"/"-inf" past what a finite rate gives. */
static void elo_value(double elo, char *buf, size_t len) {
    if (!isfinite(elo) || fabs(elo) > 4000)
        snprintf(buf, len, "%sinf", elo > 0 ? "+" : "-");
    else {
        long r = lround(elo);
        snprintf(buf, len, "%+ld", r == 0 ? 0L : r);
    }
}

/* "+49 [+41, +57]"; with every game won (or lost) the estimate is unbounded, said in words. */
static void elo_text(double rate, double lo, double hi, char *buf, size_t len) {
    char a[16], b[16], c[16];
    elo_value(cs_elo_from_score(rate), a, sizeof a);
    elo_value(cs_elo_from_score(lo), b, sizeof b);
    elo_value(cs_elo_from_score(hi), c, sizeof c);
    if (rate >= 1.0)
        snprintf(buf, len, "at least %s (every game won) [%s, +inf]", b, b);
    else if (rate <= 0.0)
        snprintf(buf, len, "at most %s (every game lost) [-inf, %s]", c, c);
    else
        snprintf(buf, len, "%s [%s, %s]", a, b, c);
}

static int first_seat_of_side(const cs_run_result *res, int side) {
    for (int i = 0; i < res->n_seats; i++)
        if (res->lineup_side[i] == side) return i;
    return -1;
}

void cs_report_run(FILE *out, const char *title, const cs_run_result *res) {
    char took[32];
    cs_format_duration(res->seconds, took, sizeof took);
    fprintf(out, "%s: %llu games", title, (unsigned long long)res->games);
    if (res->rotations > 1)
        fprintf(out, " (%llu card sequence%s x %d rotations)",
                (unsigned long long)(res->games / (uint64_t)res->rotations),
                res->games / (uint64_t)res->rotations == 1 ? "" : "s", res->rotations);
    if (res->played > 0)
        fprintf(out, ", %llu played here in %s (%.0f games/s, %d thread%s)",
                (unsigned long long)res->played, took,
                res->seconds > 0 ? (double)res->played / res->seconds : 0.0, res->threads,
                res->threads == 1 ? "" : "s");
    if (strcmp(res->status, "complete") != 0) fprintf(out, " [%s]", res->status);
    fprintf(out, "\n");
    char labels[CS_MAX_PLAYERS][256];
    int width = 4;
    for (int side = 0; side < res->sides && side < CS_MAX_PLAYERS; side++) {
        side_label(res, side, labels[side], sizeof labels[side]);
        shorten(labels[side], 60);
        int len = (int)strlen(labels[side]);
        if (len > width) width = len;
    }
    fprintf(out, "  %-*s %9s %9s %7s %8s  %-17s %8s %8s\n", width, "side", "games", "wins", "ties",
            "win rate", "95% interval", "pts/game", "margin");
    for (int side = 0; side < res->sides && side < CS_MAX_PLAYERS; side++) {
        int i = first_seat_of_side(res, side);
        if (i < 0) continue;
        char interval[32];
        double lo, hi, rate = cs_report_rate(res, i, &lo, &hi);
        snprintf(interval, sizeof interval, "[%.1f%%, %.1f%%]", 100 * lo, 100 * hi);
        const cs_seat_result *s = &res->seat[i];
        double g = res->games ? (double)res->games : 1.0;
        fprintf(out, "  %-*.*s %9llu %9llu %7llu %7.1f%%  %-17s %8.1f %+8.1f\n", width, width,
                labels[side], (unsigned long long)res->games, (unsigned long long)s->wins,
                (unsigned long long)s->ties, 100 * rate, interval, (double)s->points / g,
                tenths((double)(s->points - s->against) / g));
    }
    if (res->sides == 2 && res->games > 0) {
        double lo, hi, rate = cs_report_rate(res, first_seat_of_side(res, 0), &lo, &hi);
        char label[256], elo[96];
        side_label(res, 0, label, sizeof label);
        elo_text(rate, lo, hi, elo, sizeof elo);
        fprintf(out, "  Elo difference for %s: %s\n", label, elo);
    }
    if (res->has_sprt)
        fprintf(out, "  SPRT elo0=%g elo1=%g alpha=%g beta=%g: %s (llr %.3f, bounds %.3f, %.3f)\n",
                res->sprt.elo0, res->sprt.elo1, res->sprt.alpha, res->sprt.beta,
                res->decision == CS_SPRT_H1   ? "H1 accepted"
                : res->decision == CS_SPRT_H0 ? "H0 accepted"
                                              : "undecided",
                res->sprt.llr, res->sprt.lower, res->sprt.upper);
}

void cs_report_arms(FILE *out, const char *title, const char *const names[],
                    const cs_run_result *const results[], int n) {
    int name_w = 3, lineup_w = 6;
    char lineups[64][256];
    if (n > 64) n = 64;
    for (int k = 0; k < n; k++) {
        const cs_run_result *res = results[k];
        lineups[k][0] = '\0';
        for (int side = 0; side < res->sides && side < CS_MAX_PLAYERS; side++) {
            char label[256];
            side_label(res, side, label, sizeof label);
            shorten(label, 40); /* each side cut on its own, so every side stays in view */
            size_t used = strlen(lineups[k]);
            snprintf(lineups[k] + used, sizeof lineups[k] - used, "%s%s", side ? " vs " : "",
                     label);
        }
        if ((int)strlen(names[k]) > name_w) name_w = (int)strlen(names[k]);
        if ((int)strlen(lineups[k]) > lineup_w) lineup_w = (int)strlen(lineups[k]);
    }
    if (lineup_w > 170) lineup_w = 170;
    fprintf(out, "\n%s: the first side's results\n", title);
    fprintf(out, "  %-*s  %-*s %9s %8s  %-17s %s\n", name_w, "arm", lineup_w, "lineup", "games",
            "win rate", "95% interval", "Elo [95%]");
    for (int k = 0; k < n; k++) {
        const cs_run_result *res = results[k];
        double lo, hi, rate = cs_report_rate(res, first_seat_of_side(res, 0), &lo, &hi);
        char interval[32], elo[96] = "";
        snprintf(interval, sizeof interval, "[%.1f%%, %.1f%%]", 100 * lo, 100 * hi);
        if (res->sides == 2 && res->games > 0) elo_text(rate, lo, hi, elo, sizeof elo);
        fprintf(out, "  %-*s  %-*.*s %9llu %7.1f%%  %-17s %s\n", name_w, names[k], lineup_w,
                lineup_w, lineups[k], (unsigned long long)res->games, 100 * rate, interval, elo);
    }
}

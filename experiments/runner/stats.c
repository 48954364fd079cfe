/* stats.c - Wilson intervals, Elo conversions and the SPRT declared in stats.h. */
#include "stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"

void cs_wilson(double successes, double trials, double z, double *lo, double *hi) {
    if (trials <= 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    double p = successes / trials, z2 = z * z;
    double denom = 1.0 + z2 / trials;
    double centre = (p + z2 / (2.0 * trials)) / denom;
    double half = z / denom * sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials));
    *lo = centre - half < 0.0 ? 0.0 : centre - half;
    *hi = centre + half > 1.0 ? 1.0 : centre + half;
}

double cs_elo_from_score(double s) {
    if (s <= 0.0) return -INFINITY;
    if (s >= 1.0) return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0);
}

double cs_score_from_elo(double elo) {
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

const char *cs_sprt_decision_name(cs_sprt_decision d) {
    switch (d) {
    case CS_SPRT_H0: return "H0";
    case CS_SPRT_H1: return "H1";
    default: return "continue";
    }
}

int cs_sprt_init(cs_sprt *t, double elo0, double elo1, double alpha, double beta) {
    if (!(elo0 < elo1) || !(alpha > 0.0 && alpha <= 0.5) || !(beta > 0.0 && beta <= 0.5))
        return CS_ERANGE;
    double p0 = cs_score_from_elo(elo0), p1 = cs_score_from_elo(elo1);
    *t = (cs_sprt){.elo0 = elo0, .elo1 = elo1, .alpha = alpha, .beta = beta};
    t->win_llr = log(p1 / p0);
    t->loss_llr = log((1.0 - p1) / (1.0 - p0));
    t->lower = log(beta / (1.0 - alpha));
    t->upper = log((1.0 - beta) / alpha);
    return 0;
}

/* Parses one number of the list; returns the position after it, or NULL. */
static const char *parse_number(const char *s, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno != 0 || !isfinite(v)) return NULL;
    *out = v;
    return end;
}

int cs_sprt_parse(const char *text, cs_sprt *t, char *why, size_t why_len) {
    double v[4] = {0, 0, 0.05, 0.05};
    int n = 0;
    const char *s = text;
    for (;;) {
        const char *end = n < 4 ? parse_number(s, &v[n]) : NULL;
        if (end == NULL || (*end != ',' && *end != '\0')) {
            snprintf(why, why_len, "--sprt '%s': expected numbers elo0,elo1[,alpha,beta]", text);
            return CS_ESYNTAX;
        }
        n++;
        if (*end == '\0') break;
        s = end + 1;
    }
    if (n != 2 && n != 4) {
        snprintf(why, why_len, "--sprt '%s': give elo0,elo1 or elo0,elo1,alpha,beta", text);
        return CS_ESYNTAX;
    }
    if (cs_sprt_init(t, v[0], v[1], v[2], v[3]) != 0) {
        snprintf(why, why_len,
                 "--sprt '%s': need elo0 < elo1 and alpha, beta in (0, 0.5] (got elo0=%g "
                 "elo1=%g alpha=%g beta=%g)",
                 text, v[0], v[1], v[2], v[3]);
        return CS_ERANGE;
    }
    return 0;
}

void cs_sprt_add(cs_sprt *t, int result) {
    if (result > 0) {
        t->wins++;
        t->llr += t->win_llr;
    } else if (result < 0) {
        t->losses++;
        t->llr += t->loss_llr;
    } else {
        t->ties++;
        t->llr += 0.5 * (t->win_llr + t->loss_llr);
    }
}

cs_sprt_decision cs_sprt_decide(const cs_sprt *t) {
    if (t->llr >= t->upper) return CS_SPRT_H1;
    if (t->llr <= t->lower) return CS_SPRT_H0;
    return CS_SPRT_CONTINUE;
}

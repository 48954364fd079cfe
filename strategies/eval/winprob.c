/* winprob.c - the win-probability tables of winprob.h. */
#include "winprob.h"

#include <stdlib.h>
#include <string.h>

#include "dealsim.h"
#include "error.h"
#include "pcg32.h"

/* The fixed seed of the deals simulated to measure the points per deal: any constant works;
 * a constant keeps every table identical across threads and runs. */
#define WINPROB_SEED 0x5EEDC0FFEEull

/*
 * The order of a deal's points, for two sides (ordered model): D = CS_WINPROB_DEAL_MAX + 2
 * needs (1 to D - 1; D stands for any need beyond a deal's points). race[0] counts the deals
 * in which the dealer's side reaches its need before the other side reaches its own, race[1]
 * those the other side wins, both indexed [dealer's need][other's need] and built as 2-D
 * difference arrays (each deal adds a rectangle per scoring event); joint[x][y] counts the
 * deals in which the dealer's side scored x and the other y.
 */
#define NEED_MAX (CS_WINPROB_DEAL_MAX + 2)
typedef struct {
    double race[2][NEED_MAX + 1][NEED_MAX + 1];
    double joint[CS_WINPROB_DEAL_MAX + 1][CS_WINPROB_DEAL_MAX + 1];
} deal_order;

/* A scoring event: side `winner` (0 the dealer's, 1 the other) goes from had[] to had[] +
 * points; it takes the deal for needs in (had, had + points] of its own while the other's
 * need is above what the other has. */
static void order_event(deal_order *o, int had[2], int who, int points) {
    if (points <= 0) return;
    int lo = had[who] + 1, hi = had[who] + points, other = had[1 - who] + 1;
    had[who] = hi;
    if (lo > NEED_MAX - 1) return;
    if (hi > NEED_MAX - 1) hi = NEED_MAX - 1;
    if (other > NEED_MAX - 1) return;
    /* rectangle: own need lo..hi, other's need other..NEED_MAX - 1 */
    double(*d)[NEED_MAX + 1] = o->race[who];
    int x0 = who == 0 ? lo : other, x1 = who == 0 ? hi : NEED_MAX - 1;
    int y0 = who == 0 ? other : lo, y1 = who == 0 ? NEED_MAX - 1 : hi;
    d[x0][y0] += 1;
    d[x1 + 1][y0] -= 1;
    d[x0][y1 + 1] -= 1;
    d[x1 + 1][y1 + 1] += 1;
}

/* The points gained since `before` (by side), as events: one side scores in each step. */
static void order_steps(deal_order *o, int had[2], const cs_sim *s, int dealer_side,
                        int before[2]) {
    for (int side = 0; side < 2; side++) {
        order_event(o, had, side == dealer_side ? 0 : 1, s->gained[side] - before[side]);
        before[side] = s->gained[side];
    }
}

/* Points per deal: simulates `deals` deals under r (with no target) and fills f and g (and o,
 * if not NULL, with two sides). */
static void measure(cs_winprob *w, const cs_rules *rules, const cs_crib_model *m, int deals,
                    deal_order *o) {
    cs_rules r = *rules;
    r.target = 1 << 20; /* no deal stops early: the whole deal's points are measured */
    int n = r.players;
    double fc[CS_WINPROB_DEAL_MAX + 1] = {0}, gc[CS_WINPROB_DEAL_MAX + 1] = {0};
    double nf = 0, ng = 0;
    cs_pcg32 rng = cs_pcg32_derive(WINPROB_SEED, 0, CS_STREAM_STRATEGY, 0);
    for (int d = 0; d < deals; d++) {
        cs_sim s;
        cs_cardset deck = CS_FULL_DECK;
        int n_crib = cs_sim_deal_expected(&s, &r, m, d % n, &deck, &rng);
        for (int i = 0; i < r.crib_from_deck; i++) s.crib[n_crib++] = cs_cardset_draw(&deck, &rng);
        s.starter = cs_cardset_draw(&deck, &rng);
        int dealer_side = cs_rules_side(&r, s.dealer), had[2] = {0, 0};
        cs_sim_heels(&s);
        cs_sim_start_play(&s);
        if (o == NULL) {
            cs_sim_play_out(&s);
            cs_sim_show(&s);
        } else {
            /* Each scoring step in order: his heels, every lay and go, each show. */
            int before[2] = {0, 0}, p;
            order_steps(o, had, &s, dealer_side, before);
            while ((p = cs_sim_advance(&s)) >= 0) {
                order_steps(o, had, &s, dealer_side, before);
                cs_sim_lay(&s, p, cs_sim_policy(&s, p));
                order_steps(o, had, &s, dealer_side, before);
            }
            order_steps(o, had, &s, dealer_side, before);
            for (int i = 0; i <= n; i++) {
                cs_sim_show_count(&s, i);
                order_steps(o, had, &s, dealer_side, before);
            }
            int x = s.gained[dealer_side], y = s.gained[1 - dealer_side];
            o->joint[x > CS_WINPROB_DEAL_MAX ? CS_WINPROB_DEAL_MAX : x]
                    [y > CS_WINPROB_DEAL_MAX ? CS_WINPROB_DEAL_MAX : y] += 1;
        }
        for (int side = 0; side < cs_rules_sides(&r); side++) {
            int pts = s.gained[side];
            if (pts > CS_WINPROB_DEAL_MAX) pts = CS_WINPROB_DEAL_MAX;
            if (side == dealer_side)
                fc[pts]++, nf++;
            else
                gc[pts]++, ng++;
        }
    }
    for (int i = 0; i <= CS_WINPROB_DEAL_MAX; i++) {
        w->f[i] = fc[i] / nf;
        w->g[i] = gc[i] / ng;
    }
}

#define AT(arr, a, b) (arr)[(size_t)(a) * (size_t)T + (size_t)(b)]

/* The game to the target without a deal limit: the stationary table (see winprob.h). */
static void solve_unlimited(int T, const double *f, const double *g, float *v0out, float *v1out) {
    size_t cells = (size_t)T * (size_t)T;
    double *V0 = calloc(cells, sizeof *V0), *V1 = calloc(cells, sizeof *V1);
    double *H0 = calloc(cells, sizeof *H0), *H1 = calloc(cells, sizeof *H1);
    double f0 = f[0], g0 = g[0], e = f0 * g0;
    for (int a = T - 1; a >= 0; a--) {
        for (int b = T - 1; b >= 0; b--) {
            double h1p = 0, h0p = 0, c1 = 0, c0 = 0;
            for (int x = 1; x <= CS_WINPROB_DEAL_MAX; x++) {
                if (f[x] == 0) continue;
                h1p += f[x] * (a + x >= T ? 1.0 : AT(V0, a + x, b));
                h0p += f[x] * (b + x >= T ? 0.0 : AT(V1, a, b + x));
            }
            for (int y = 1; y <= CS_WINPROB_DEAL_MAX; y++) {
                if (g[y] == 0) continue;
                c1 += g[y] * (b + y >= T ? 0.0 : AT(H1, a, b + y));
                c0 += g[y] * (a + y >= T ? 1.0 : AT(H0, a + y, b));
            }
            c1 += g0 * h1p;
            c0 += g0 * h0p;
            double v1 = (c1 + e * c0) / (1.0 - e * e), v0 = c0 + e * v1;
            AT(V1, a, b) = v1;
            AT(V0, a, b) = v0;
            AT(H1, a, b) = h1p + f0 * v0;
            AT(H0, a, b) = h0p + f0 * v1;
        }
    }
    for (size_t i = 0; i < cells; i++) {
        v0out[i] = (float)V0[i];
        v1out[i] = (float)V1[i];
    }
    free(V0);
    free(V1);
    free(H0);
    free(H1);
}

/* One more deal left: layer k from layer k-1 (prev0, prev1). */
static void solve_layer(int T, const double *f, const double *g, const float *prev0,
                        const float *prev1, float *v0out, float *v1out, double *H0, double *H1) {
    for (int a = 0; a < T; a++) {
        for (int b = 0; b < T; b++) {
            double h1 = 0, h0 = 0;
            for (int x = 0; x <= CS_WINPROB_DEAL_MAX; x++) {
                if (f[x] == 0) continue;
                h1 += f[x] * (a + x >= T ? 1.0 : AT(prev0, a + x, b));
                h0 += f[x] * (b + x >= T ? 0.0 : AT(prev1, a, b + x));
            }
            AT(H1, a, b) = h1;
            AT(H0, a, b) = h0;
        }
    }
    for (int a = 0; a < T; a++) {
        for (int b = 0; b < T; b++) {
            double v1 = 0, v0 = 0;
            for (int y = 0; y <= CS_WINPROB_DEAL_MAX; y++) {
                if (g[y] == 0) continue;
                v1 += g[y] * (b + y >= T ? 0.0 : AT(H1, a, b + y));
                v0 += g[y] * (a + y >= T ? 1.0 : AT(H0, a + y, b));
            }
            AT(v1out, a, b) = (float)v1;
            AT(v0out, a, b) = (float)v0;
        }
    }
}

/* A deal's points for the dealer's side (x) and the other (y), with their chance. */
typedef struct {
    int x, y;
    double p;
} jump;

/* The chance that side `who` (0 the dealer's) wins the deal with needs dn (the dealer's) and
 * pn (the other's). */
static double race_won(const deal_order *o, int who, int dn, int pn) {
    return o->race[who][dn < NEED_MAX ? dn : NEED_MAX - 1][pn < NEED_MAX ? pn : NEED_MAX - 1];
}

/*
 * One deal of the ordered model from every cell: out1 (I deal) and out0 (they deal) from
 * next1 and next0, the tables after the deal (for the game without a deal limit the tables
 * themselves: a deal in which neither side scores is then solved for, as in solve_unlimited).
 */
static void solve_ordered(int T, const deal_order *o, const jump *j, int n_jumps, double stay,
                          const float *next0, const float *next1, float *out0, float *out1) {
    int self = next0 == out0;
    for (int a = T - 1; a >= 0; a--) {
        for (int b = T - 1; b >= 0; b--) {
            /* I deal: I need T - a first; they deal: I win if I (the pone) get there first. */
            double c1 = race_won(o, 0, T - a, T - b), c0 = race_won(o, 1, T - b, T - a);
            for (int k = 0; k < n_jumps; k++) {
                int x = j[k].x, y = j[k].y;
                if (self && x == 0 && y == 0) continue;
                if (a + x < T && b + y < T) c1 += j[k].p * AT(next0, a + x, b + y);
                if (b + x < T && a + y < T) c0 += j[k].p * AT(next1, a + y, b + x);
            }
            if (self) {
                double v1 = (c1 + stay * c0) / (1.0 - stay * stay);
                AT(out1, a, b) = (float)v1;
                AT(out0, a, b) = (float)(c0 + stay * v1);
            } else {
                AT(out1, a, b) = (float)c1;
                AT(out0, a, b) = (float)c0;
            }
        }
    }
}

/* The tables of the ordered model (two sides). Returns 0 or CS_ENOMEM. */
static int build_ordered(cs_winprob *w, deal_order *o, int deals) {
    for (int who = 0; who < 2; who++)
        for (int x = 0; x <= NEED_MAX; x++)
            for (int y = 0; y <= NEED_MAX; y++) {
                double v = o->race[who][x][y];
                if (x > 0) v += o->race[who][x - 1][y];
                if (y > 0) v += o->race[who][x][y - 1];
                if (x > 0 && y > 0) v -= o->race[who][x - 1][y - 1];
                o->race[who][x][y] = v;
            }
    for (int who = 0; who < 2; who++)
        for (int x = 0; x <= NEED_MAX; x++)
            for (int y = 0; y <= NEED_MAX; y++) o->race[who][x][y] /= deals;
    int n_jumps = 0;
    for (int x = 0; x <= CS_WINPROB_DEAL_MAX; x++)
        for (int y = 0; y <= CS_WINPROB_DEAL_MAX; y++) n_jumps += o->joint[x][y] > 0;
    jump *j = malloc((size_t)n_jumps * sizeof *j);
    if (j == NULL) return CS_ENOMEM;
    n_jumps = 0;
    for (int x = 0; x <= CS_WINPROB_DEAL_MAX; x++)
        for (int y = 0; y <= CS_WINPROB_DEAL_MAX; y++)
            if (o->joint[x][y] > 0) j[n_jumps++] = (jump){x, y, o->joint[x][y] / deals};
    int T = w->target;
    size_t cells = (size_t)T * (size_t)T;
    double stay = o->joint[0][0] / deals;
    if (w->layers == 1)
        solve_ordered(T, o, j, n_jumps, stay, w->w, w->w + cells, w->w, w->w + cells);
    for (int k = 1; k < w->layers; k++) {
        float *prev = w->w + (size_t)(k - 1) * 2 * cells, *cur = w->w + (size_t)k * 2 * cells;
        solve_ordered(T, o, j, n_jumps, stay, prev, prev + cells, cur, cur + cells);
    }
    free(j);
    return CS_OK;
}

int cs_winprob_build(cs_winprob *w, const cs_rules *rules, const cs_crib_model *m, int deals) {
    memset(w, 0, sizeof *w);
    w->rules = *rules;
    w->target = rules->target;
    w->sides = cs_rules_sides(rules);
    w->layers = rules->max_deals > 0 ? rules->max_deals + 1 : 1;
    deal_order *o = NULL;
    if (w->sides == 2) {
        o = calloc(1, sizeof *o);
        if (o == NULL) return CS_ENOMEM;
    }
    measure(w, rules, m, deals, o);
    int T = w->target;
    size_t cells = (size_t)T * (size_t)T;
    w->w = malloc((size_t)w->layers * 2 * cells * sizeof *w->w);
    if (w->w == NULL) {
        free(o);
        return CS_ENOMEM;
    }
    /* With a fixed number of deals, layer 0: the deals have run out, the higher score wins. */
    for (int a = 0; a < T && w->layers > 1; a++)
        for (int b = 0; b < T; b++)
            AT(w->w, a, b) = AT(w->w + cells, a, b) = a > b ? 1.0f : a == b ? 0.5f : 0.0f;
    if (o != NULL) {
        int rc = build_ordered(w, o, deals);
        free(o);
        if (rc != CS_OK) cs_winprob_free(w);
        return rc;
    }
    /* Three or four sides: every player's points from the mixture of the two distributions. */
    double f[CS_WINPROB_DEAL_MAX + 1];
    for (int i = 0; i <= CS_WINPROB_DEAL_MAX; i++)
        f[i] = (w->f[i] + (w->sides - 1) * w->g[i]) / w->sides;
    if (rules->max_deals == 0) {
        solve_unlimited(T, f, f, w->w, w->w + cells);
        return CS_OK;
    }
    double *H0 = malloc(cells * sizeof *H0), *H1 = malloc(cells * sizeof *H1);
    if (H0 == NULL || H1 == NULL) {
        free(H0);
        free(H1);
        cs_winprob_free(w);
        return CS_ENOMEM;
    }
    for (int k = 1; k < w->layers; k++) {
        float *prev = w->w + (size_t)(k - 1) * 2 * cells, *cur = w->w + (size_t)k * 2 * cells;
        solve_layer(T, f, f, prev, prev + cells, cur, cur + cells, H0, H1);
    }
    free(H0);
    free(H1);
    return CS_OK;
}

void cs_winprob_free(cs_winprob *w) {
    free(w->w);
    w->w = NULL;
}

/* Two sides: my score a, theirs b, whether I deal next, the layer. */
static double two_sided(const cs_winprob *w, int a, int b, int i_deal, int layer) {
    int T = w->target;
    if (a >= T) return 1.0;
    if (b >= T) return 0.0;
    size_t cells = (size_t)T * (size_t)T;
    const float *t = w->w + (size_t)layer * 2 * cells + (i_deal ? cells : 0);
    return AT(t, a, b);
}

double cs_winprob_get(const cs_winprob *w, const int side_score[], int my_side,
                      int next_dealer_side, int deals_done) {
    int layer = 0;
    if (w->rules.max_deals > 0) {
        layer = w->rules.max_deals - deals_done;
        if (layer < 0) layer = 0;
    }
    for (int s = 0; s < w->sides; s++)
        if (side_score[s] >= w->target) return s == my_side ? 1.0 : 0.0;
    if (w->sides == 2)
        return two_sided(w, side_score[my_side], side_score[1 - my_side],
                         next_dealer_side == my_side, layer);
    double u[CS_MAX_PLAYERS], total = 0;
    for (int i = 0; i < w->sides; i++) {
        u[i] = 1.0;
        for (int j = 0; j < w->sides; j++) {
            if (j == i) continue;
            u[i] *= 0.5 * (two_sided(w, side_score[i], side_score[j], 0, layer) +
                           two_sided(w, side_score[i], side_score[j], 1, layer));
        }
        total += u[i];
    }
    return total > 0 ? u[my_side] / total : 1.0 / w->sides;
}

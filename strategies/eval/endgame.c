/* endgame.c - the end-of-game model of endgame.h. */
#include "endgame.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dealsim.h"
#include "error.h"
#include "pcg32.h"
#include "score.h"

/* The fixed seed of the deals simulated to measure the distributions: any constant; a constant
 * keeps every table identical across threads and runs. */
#define ENDGAME_SEED 0xE2D6A3Eull

/* Deals the win table is measured on (as mc's). */
#define WIN_TABLE_DEALS 4000

/* Probabilities below this are left out of cs_endgame_deal()'s sums (the pegging's tails). */
#define NEGLIGIBLE 5e-4

int cs_endgame_supports(const cs_rules *r) {
    return cs_rules_sides(r) == 2 && r->players == 2 && r->max_deals == 0 &&
           r->target <= CS_ENDGAME_TARGET_MAX && r->target > 0;
}

static int clamp_points(int p) {
    return p < 0 ? 0 : p >= CS_ENDGAME_PTS ? CS_ENDGAME_PTS - 1 : p;
}

/* Simulates `deals` deals of r (no target) and fills the distributions. */
static void measure(cs_endgame *g, const cs_rules *rules, const cs_crib_model *m, int deals) {
    cs_rules r = *rules;
    r.target = 1 << 20;
    int n = r.players, hand = cs_rules_hand_size(&r);
    double peg[2][CS_ENDGAME_PTS] = {{0}}, shown[2][CS_ENDGAME_PTS] = {{0}};
    double crib[CS_ENDGAME_PTS] = {0};
    double rest[2][CS_ENDGAME_PLAYED + 1][CS_ENDGAME_PTS];
    memset(rest, 0, sizeof rest);
    cs_pcg32 rng = cs_pcg32_derive(ENDGAME_SEED, 0, CS_STREAM_STRATEGY, 0);
    for (int d = 0; d < deals; d++) {
        cs_sim s;
        cs_cardset deck = CS_FULL_DECK;
        cs_sim_deal_expected(&s, &r, m, d % n, &deck, &rng);
        s.starter = cs_cardset_draw(&deck, &rng);
        cs_sim_start_play(&s);
        /* The pegging each role has scored once k cards are laid. */
        int so_far[CS_ENDGAME_PLAYED + 1][2] = {{0}}, k = 0, seat;
        while ((seat = cs_sim_advance(&s)) >= 0) {
            cs_sim_lay(&s, seat, cs_sim_policy(&s, seat));
            if (++k <= CS_ENDGAME_PLAYED)
                for (int p = 0; p < n; p++) so_far[k][p == s.dealer] = s.gained[p];
        }
        for (int p = 0; p < n; p++)
            for (int j = 0; j <= CS_ENDGAME_PLAYED; j++)
                rest[p == s.dealer][j]
                    [clamp_points(s.gained[p] - so_far[j < k ? j : k][p == s.dealer])]++;
        for (int p = 0; p < n; p++) {
            int role = p == s.dealer;
            peg[role][clamp_points(s.gained[p])]++;
            shown[role]
                 [clamp_points(cs_show_score(s.kept[p], hand, s.starter, r.hand_flush_min))]++;
        }
        crib[clamp_points(cs_show_score(s.crib, CS_CRIB_SIZE, s.starter, r.crib_flush_min))]++;
    }
    g->crib_mean = 0;
    for (int role = 0; role < 2; role++) g->peg_mean[role] = g->hand_mean[role] = 0;
    for (int k = 0; k < CS_ENDGAME_PTS; k++) {
        for (int role = 0; role < 2; role++) {
            g->peg[role][k] = peg[role][k] / deals;
            g->hand[role][k] = shown[role][k] / deals;
            g->peg_mean[role] += k * g->peg[role][k];
            g->hand_mean[role] += k * g->hand[role][k];
        }
        g->crib[k] = crib[k] / deals;
        for (int role = 0; role < 2; role++)
            for (int j = 0; j <= CS_ENDGAME_PLAYED; j++)
                g->rest[role][j][k] = rest[role][j][k] / deals;
        g->crib_mean += k * g->crib[k];
    }
}

/* My chance from scores after a deal: mine x, the other's y, who deals next. */
static double after_deal(const cs_endgame *g, int x, int y, int i_deal_next) {
    int score[2] = {x, y};
    return cs_winprob_get(&g->win, score, 0, i_deal_next ? 0 : 1, 0);
}

#define AT(t, x, y) (t)[(size_t)(x) * (size_t)(T + 1) + (size_t)(y)]

int cs_endgame_build(cs_endgame *g, const cs_rules *rules, const cs_crib_model *m, int deals) {
    memset(g, 0, sizeof *g);
    if (!cs_endgame_supports(rules) || deals < rules->players) return CS_ECONFIG;
    g->rules = *rules;
    int T = g->target = rules->target;
    if (cs_winprob_build(&g->win, rules, m, WIN_TABLE_DEALS) != CS_OK) {
        cs_winprob_free(&g->win);
        return CS_ENOMEM;
    }
    g->have_win = 1;
    measure(g, rules, m, deals - deals % rules->players);
    size_t cells = (size_t)(T + 1) * (size_t)(T + 1);
    g->pone_show = calloc(cells, sizeof *g->pone_show);
    g->dealer_show = calloc(cells, sizeof *g->dealer_show);
    double *after = malloc(cells * sizeof *after);
    if (g->pone_show == NULL || g->dealer_show == NULL || after == NULL) {
        free(after);
        cs_endgame_free(g);
        return CS_ENOMEM;
    }
    /* The dealer's hand and crib together. */
    double both[2 * CS_ENDGAME_PTS] = {0};
    for (int h = 0; h < CS_ENDGAME_PTS; h++)
        for (int c = 0; c < CS_ENDGAME_PTS; c++) both[h + c] += g->hand[1][h] * g->crib[c];
    for (int x = 0; x < T; x++)
        for (int y = 0; y < T; y++) {
            double v = 0;
            for (int s = 0; s < 2 * CS_ENDGAME_PTS && y + s < T; s++)
                if (both[s] > 0) v += both[s] * after_deal(g, x, y + s, 1);
            AT(g->pone_show, x, y) = (float)v;
        }
    /* The dealer: after[x][y], x <= T my score with the crib counted, the pone at y has
     * shown first. */
    for (int x = 0; x <= T; x++)
        for (int y = 0; y < T; y++) {
            double v = 0;
            for (int h = 0; h < CS_ENDGAME_PTS && y + h < T; h++)
                if (g->hand[0][h] > 0)
                    v += g->hand[0][h] * (x >= T ? 1.0 : after_deal(g, x, y + h, 0));
            AT(after, x, y) = v;
        }
    for (int x = 0; x <= T; x++)
        for (int y = 0; y < T; y++) {
            double v = 0;
            for (int c = 0; c < CS_ENDGAME_PTS; c++)
                if (g->crib[c] > 0) v += g->crib[c] * AT(after, x + c < T ? x + c : T, y);
            AT(g->dealer_show, x, y) = (float)v;
        }
    free(after);
    return CS_OK;
}

void cs_endgame_free(cs_endgame *g) {
    if (g->have_win) cs_winprob_free(&g->win);
    g->have_win = 0;
    free(g->pone_show);
    free(g->dealer_show);
    g->pone_show = g->dealer_show = NULL;
}

double cs_endgame_pone_show(const cs_endgame *g, int x, double y) {
    int T = g->target;
    if (y < 0) y = 0;
    if (y >= T) return 0.0;
    int y0 = (int)y;
    double t = y - y0;
    return (1 - t) * AT(g->pone_show, x, y0) + t * AT(g->pone_show, x, y0 + 1);
}

double cs_endgame_dealer_show(const cs_endgame *g, double x, int y) {
    int T = g->target;
    if (x < 0) x = 0;
    if (x >= T) return AT(g->dealer_show, T, y);
    int x0 = (int)x;
    double t = x - x0;
    return (1 - t) * AT(g->dealer_show, x0, y) + t * AT(g->dealer_show, x0 + 1, y);
}

/* src shifted by `shift` points (split between the two integers around it), clamped to
 * 0..CS_ENDGAME_PTS - 1. */
static void shifted(const double src[CS_ENDGAME_PTS], double shift, double out[CS_ENDGAME_PTS]) {
    memset(out, 0, CS_ENDGAME_PTS * sizeof *out);
    int whole = (int)floor(shift);
    double t = shift - whole;
    for (int k = 0; k < CS_ENDGAME_PTS; k++) {
        if (src[k] == 0) continue;
        out[clamp_points(k + whole)] += (1 - t) * src[k];
        out[clamp_points(k + whole + 1)] += t * src[k];
    }
}

void cs_endgame_begin(cs_endgame_ctx *c, const cs_endgame *g, int a, int b, int dealer) {
    c->g = g;
    c->a = a;
    c->b = b;
    c->dealer = dealer;
    c->have = 0;
    if (dealer) {
        memcpy(c->theirs, g->peg[0], sizeof c->theirs);
    } else {
        /* The dealer's heels, before the play: a jack is one starter in 13. */
        int hp = g->rules.heels;
        for (int k = 0; k < CS_ENDGAME_PTS; k++)
            c->theirs[k] = g->peg[1][k] * 12.0 / 13.0 + (k >= hp ? g->peg[1][k - hp] / 13.0 : 0.0);
    }
    c->z_max = g->target - a < CS_ENDGAME_Z - 1 ? g->target - a : CS_ENDGAME_Z - 1;
    if (c->z_max < 0) c->z_max = 0;
    c->po_hi = 0;
    for (int k = 0; k < CS_ENDGAME_PTS; k++)
        if (c->theirs[k] >= NEGLIGIBLE) c->po_hi = k;
}

/* Row `shift` of c->q: for every z, the chance once my pegging and hand total z (my pegging
 * not reaching the target), over the other's pegging. */
static const double *q_row(cs_endgame_ctx *c, int shift) {
    int row = shift + CS_ENDGAME_SHIFTS / 2;
    double *q = c->q[row];
    if (c->have >> row & 1) return q;
    const cs_endgame *g = c->g;
    int T = g->target, W = T + 1, a = c->a, b = c->b;
    /* From z = T - a on my hand reaches the target: every such z is worth the same. */
    for (int z = 0; z <= c->z_max; z++) {
        double v = 0;
        int x = a + z;
        for (int po = 0; po <= c->po_hi && b + po < T; po++) {
            double w = c->theirs[po];
            if (w < NEGLIGIBLE) continue;
            if (c->dealer) {
                v += w * g->dealer_show[(size_t)x * W + (size_t)(b + po)];
            } else if (x >= T) {
                v += w;
            } else {
                int y = b + po + shift;
                v += w * (y >= T ? 0.0 : g->pone_show[(size_t)x * W + (size_t)(y < 0 ? 0 : y)]);
            }
        }
        q[z] = v;
    }
    c->have |= 1u << row;
    return q;
}

double cs_endgame_deal(cs_endgame_ctx *c, const int hand_points[], const int heels[],
                       int n_starters, double peg_shift, double crib_shift) {
    const cs_endgame *g = c->g;
    int T = g->target, a = c->a, b = c->b;
    if (a >= T) return 1.0;
    if (b >= T) return 0.0;
    /* The other pegs out first: a win only if I do too (half of those). */
    double their_cross = 0;
    for (int po = T - b; po <= c->po_hi; po++) their_cross += c->theirs[po];
    double mine[CS_ENDGAME_PTS];
    shifted(g->peg[c->dealer], peg_shift, mine);
    int pm_hi = 0;
    for (int k = 0; k < CS_ENDGAME_PTS; k++)
        if (mine[k] >= NEGLIGIBLE) pm_hi = k;
    /* My pegging (with heels) plus my hand: conv[z] while my pegging stays below the target;
     * cross, the chance it reaches it. */
    int count[2][CS_ENDGAME_PTS] = {{0}}, heel_points = 0;
    for (int i = 0; i < n_starters; i++) {
        count[heels[i] > 0][clamp_points(hand_points[i])]++;
        if (heels[i] > 0) heel_points = heels[i];
    }
    double conv[CS_ENDGAME_Z] = {0}, cross = 0;
    int z_hi = 0;
    for (int j = 0; j < 2; j++) {
        int hp = j ? heel_points : 0;
        for (int h = 0; h < CS_ENDGAME_PTS; h++) {
            if (count[j][h] == 0) continue;
            double share = (double)count[j][h] / n_starters;
            for (int pm = 0; pm <= pm_hi; pm++) {
                double w = mine[pm] * share;
                if (a + hp + pm >= T) {
                    cross += w;
                    continue;
                }
                int z = hp + pm + h;
                if (z >= CS_ENDGAME_Z) z = CS_ENDGAME_Z - 1;
                conv[z] += w;
                if (z > z_hi) z_hi = z;
            }
        }
    }
    double total = cross * (1.0 - 0.5 * their_cross);
    int zm = c->z_max;
    if (c->dealer) {
        const double *q = q_row(c, 0);
        for (int z = 0; z <= z_hi; z++) {
            if (conv[z] == 0) continue;
            double x = z + crib_shift;
            if (x < 0) x = 0;
            int x0 = (int)x;
            double t = x - x0, v;
            if (x0 >= zm)
                v = q[zm];
            else
                v = (1 - t) * q[x0] + t * q[x0 + 1];
            total += conv[z] * v;
        }
    } else {
        int half = CS_ENDGAME_SHIFTS / 2;
        double d = crib_shift < -half ? -half : crib_shift > half - 1 ? half - 1 : crib_shift;
        int d0 = (int)floor(d);
        double t = d - d0;
        const double *q0 = q_row(c, d0), *q1 = q_row(c, d0 + 1);
        for (int z = 0; z <= z_hi; z++) {
            int zz = z < zm ? z : zm;
            if (conv[z] != 0) total += conv[z] * ((1 - t) * q0[zz] + t * q1[zz]);
        }
    }
    return total;
}

/* mc.c - the Monte Carlo strategy of mc.h. */
#include "mc.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealsim.h"
#include "encode.h"
#include "error.h"
#include "expert.h"
#include "handvalue.h"
#include "inference.h"
#include "nn.h"
#include "spec.h"
#include "winprob.h"

enum { OBJECTIVE_POINTS, OBJECTIVE_WIN, OBJECTIVE_MATCH };
static const char *const OBJECTIVES[] = {"points", "win", "match", NULL};

enum { ROLLOUT_LOOKAHEAD, ROLLOUT_PERFECT, ROLLOUT_NN };
static const char *const ROLLOUTS[] = {"lookahead", "perfect", "nn", NULL};

enum { HIDDEN_EXPECTED, HIDDEN_UNIFORM, HIDDEN_PLAYS, HIDDEN_NN };
static const char *const HIDDEN[] = {"expected", "uniform", "plays", "nn", NULL};
static const char *const ON_OFF[] = {"on", "off", NULL};
enum { RANK_EXPECTED, RANK_EXPERT };
static const char *const RANK[] = {"expected", "expert", NULL};
enum { OPENING_TABLE, OPENING_SEARCH };
static const char *const OPENING[] = {"table", "search", NULL};
/* opening=table: the tables decide while both sides are more than this from the target. */
#define OPENING_FAR 30
/* endwidth applies once either side is within this of the target. */
#define END_NEAR 40

static const cs_strategy_param MC_PARAMS[] = {
    {"samples", "100", "hidden-card samples per decision (the budget)"},
    {"objective", "win",
     "points (the deal's point difference), win (the chance of winning) or match (what the "
     "result is worth in the match or event around the game; win outside one)"},
    {"width", "0",
     "discards examined by sampling, the best as `rank` rates them (1: no search); 0: 1 where "
     "expert's tables rank them (rank=expert, two hands of six), else 2"},
    {"rollout", "lookahead",
     "rollout pegging: lookahead (expected's, what each seat can see), perfect (seeing the "
     "next hand) or nn (the network `net` on each seat's own observation)"},
    {"hidden", "plays",
     "hands in the play: plays (as if each other seat laid away and has pegged as expected "
     "does, until a show proves it does not), expected (laid away as expected does), "
     "uniform, or nn (laid away as expected does, kept with the chance the network `net` "
     "gives each of the seat's plays)"},
    {"race", "on",
     "on: stop sampling a move once it is clearly worse than the best (discards, and plays "
     "with tree=0); off"},
    {"discard_samples", "0", "hidden-card samples per discard (0: as many as samples)"},
    {"equal", "0",
     "with race=on, also stop sampling moves surely within this many thousandths of a game of "
     "the best (objective=win); 0: off"},
    {"rank", "expert",
     "the discards to sample: the best by expected's value (expected) or by expert's, with its "
     "pegging and crib tables (expert; two hands of six only, elsewhere expected's)"},
    {"opening", "table",
     "the opening exchange of two hands of six (the pone's lead, the dealer's answer, the "
     "pone's second card): table (expert's tables, while both sides are more than 30 points "
     "from the target) or search"},
    {"endwidth", "2",
     "at least this many discards examined by sampling once any side is within 40 points of "
     "the target (the board decides more than the hand); 0: as width"},
    {"tree", "4",
     "the play: my later plays searched too, each on the samples that agree with what I would "
     "have seen by then, while at least this many agree (fewer: played as expected would); "
     "0: my later plays as expected's"},
    {"net", "builtin",
     "the network file (docs/nn-format.md) of rollout=nn and hidden=nn; builtin: "
     "strategies/models/default.nn"},
    {"cutoff", "0",
     "the play's rollouts stop once this many cards are laid (the move included), at the next "
     "seat with a choice, and the network `value` estimates the rest of the deal; 0: played "
     "out (two hands of six only; the discard's rollouts are always played out)"},
    {"value", "none",
     "the action-value network of cutoff (docs/nn-format.md; cribsim.train.nn q, its note "
     "recording scale=S), e.g. strategies/models/value.nn; none"},
};

/*
 * The race (race=on): after RACE_FIRST samples, and every RACE_EVERY after, a candidate whose
 * mean worth trails the leader's by more than RACE_Z standard errors of the paired difference
 * (the same samples score both, so the difference is much sharper than either mean) is
 * dropped, and the decision stops when one is left. With z = 3 at some ten looks a move that is
 * in truth as good is dropped about once in a hundred decisions where it arises, and it was a
 * close call then; most decisions have a clear best move (a 31, a pair to take) and end after
 * the first look, so the budget goes to the close ones.
 */
#define RACE_FIRST 32
#define RACE_EVERY 16
#define RACE_Z     3.0

/* Draws per seat before the discard model gives up on a seat (inference.h). Even late in
 * the play, with three cards laid, some one draw in five keeps them all; 64 draws miss a
 * seat the model explains with odds below 1e-6, and the draws cost less than a rollout. */
#define HIDDEN_TRIES 64

/* hidden=plays: draws of the discard model per sample before it gives up on explaining the
 * plays too (the last draw then stands), and at most this many draws per sample on average
 * in a decision (beyond them every draw stands). Against expected a sample takes about three
 * draws; the budget bounds the cost against seats whose plays the model has not yet been
 * shown not to explain. */
#define PLAYS_TRIES  64
#define PLAYS_BUDGET 16

/* tree>0: the samples, and a level of the search for each of my cards after the first. */
#define TREE_LEVELS (CS_MAX_HAND + 1)
struct tree_key {
    uint64_t key; /* what I saw from my lay to my next turn (0: the play ended) */
    int i;        /* the sample */
};

/*
 * cutoff=K (value=FILE): the play's rollouts stop once K cards are laid, the move decided
 * included, at the first turn from there of a seat with two or more cards that fit (a forced
 * card is laid: the pure Monte Carlo method trains only decisions with a choice), and the rest
 * of the deal is the value network's: the best legal output for that seat, times the scale its
 * note records, is that seat's side's expected points less the other side's from there to the
 * deal's end, show included (cut_margin()). Two sides only: the margin is that of two.
 *
 * objective=win needs scores, not a margin. A sample is cut only if no side can reach the
 * target in the rest of its deal: each side's score, plus what its hands and crib show in the
 * sample (every card is dealt there: the shows are exact), plus CUT_PLAY_MAX points for every
 * card its seats have left to lay, stays below the target; otherwise it is played out as
 * without the cutoff, so the cut never hides a game's end. Then the deal ends at score + x for
 * each side, where x_mine - x_other is the network's margin and x_mine + x_other the sample's
 * shows plus CUT_PLAY_MEAN points a card left to lay (rounded, each x at least 0), and the
 * win table (or objective=match's open game) values those scores as it values a rollout's.
 */
/* The most one card laid can score: four of a kind (12) on a fifteen or 31 (2), the last card
 * (1); a run (7 at most: A to 7 makes 28) cannot come with a pair. */
#define CUT_PLAY_MAX 15
/* The mean points a card laid scores in two-hand play, the go and the last card included:
 * 0.69 in the 2,395 deals that did not end a game of 300 of mc against expected (`cribsim run
 * --seats mc,expected --games 300 --seed 3 --record deals`: /deals' play_points over n_plays). */
#define CUT_PLAY_MEAN 0.69

/* Deals simulated to measure the points per deal for the win table: 10,000 pin the mean of
 * each side's points to about 0.07 (a deal's points have a standard deviation near 7) and
 * cost some 0.05 s once per instance and rules. */
#define WIN_TABLE_DEALS 10000

/*
 * What each result of the game is worth to my side, from the view's match context, for
 * objective=match (with objective=win, or no context, a win is 1 and a loss 0). A result is
 * the winning side and its skunk level (the engine's: the leading loser's, by the rules' lines
 * or by the winning margin). For a game not over when a simulation ends, the win table gives
 * my chance p, and how the game ends is a stated model (cs_mc_open_worth() in mc.h): the final
 * margin between my side and the leading other side is normal about today's margin, with the
 * spread of the deals left (each deal's margin has the variance of the win table's deals, and
 * the deals left are the leader's points to go at the mean points a side makes in a deal).
 * The worth is p times the mean worth of my win, its skunk level by that margin's law given
 * that I win, plus (1 - p) times the mean worth of my loss given that I lose: its skunk level
 * and my shortfall (the mean of the margin given that it is a loss). Version 7's model played
 * the game on with every side scoring as fast as the winner, so that a loss from ahead cost one
 * point of shortfall and a loss from d behind cost d: a league loss at 0-0 was worth a single
 * point, and the objective paid for any lead nearly as for the win (paired in league games it
 * lost 0.81 [0.31, 1.30] league points a game to objective=win; results/events/README.md).
 *
 * BEST_OF: my chance of taking the match once the game's wins are added, every later game
 * counting one game, the loser of each game dealing the next (the side dealing first wins a
 * game with the win table's chance at 0-0) (with more than two sides, the others as one
 * opponent needing the fewest games and winning each game with chance (sides - 1) / sides).
 * POINTS: my side's points for the result (points_loss + points_per_score * my score for a
 * loss, points_tie for a tie).
 */
typedef struct {
    const cs_match_context *ctx; /* NULL: a win is 1, a loss 0 */
    int mine, sides;
    double best_of[CS_MAX_PLAYERS][4]; /* BEST_OF: my match chance if side w wins at level k */
    double best_of_tie;                /* BEST_OF: my match chance if the game is tied */
} stakes;

/* The per-deal figures of the open game's model, from the win table (set in new_game). */
typedef struct {
    double mean;     /* points a side makes in a deal */
    double variance; /* of one deal's margin between two sides */
} deal_law;

typedef struct {
    long samples, width, end_width, discard_samples, equal, tree;
    int objective, rollout, hidden, race, rank, opening;
    cs_crib_model crib;
    int crib_flush_min;
    cs_winprob win;
    int have_win;
    deal_law law; /* from the win table */
    cs_pcg32 rng;
    cs_rules points_rules; /* the rules with no target, for objective=points */
    stakes st;             /* this decision's (objective=win and =match) */
    cs_peg_memo *memo;     /* the rollouts' memo of the lookahead's choices */
    /* tree>0: the samples of a decision, then a level of the search each (samples each) */
    cs_sim *tree_sim;
    struct tree_key *tree_key;
    /* hidden=plays: what the shows of this game revealed of each seat's pegging (mc_observe) */
    unsigned strayed; /* seats whose shown hands this game the model did not explain */
    cs_card shown[CS_MAX_PLAYERS][CS_MAX_HAND]; /* this deal's hands shown so far */
    unsigned shown_seats;
    /* rollout=nn: the network (loaded only then) and one choice's scratch */
    cs_nn *net;
    /* cutoff>0: the value network, its scale (its outputs are points / scale) */
    long cutoff;
    cs_nn *value;
    double value_scale;
    int cut_refused;            /* this game's rules are not two hands of six (new_game) */
    const cs_rules *view_rules; /* the game's rules, for the observation's target */
    float nn_scratch[2 * CS_NN_WIDTH_MAX];
    float nn_scores[CS_ACT_COUNT];
    uint8_t nn_obs[CS_OBS_SIZE], nn_mask[CS_ACT_COUNT];
    char err[256];
} mc_player;

/*
 * rollout=nn's policy (a cs_sim pick): the network's card for seat, from the observation the
 * environment would give that seat at this point of the simulation (cs_sim_view(): only what
 * it could see). A forced card needs no network.
 */
static int nn_pick(const cs_sim *s, int seat, void *ctx) {
    mc_player *m = ctx;
    cs_sim_seat_view sv;
    cs_sim_view(s, seat, m->view_rules, &sv);
    int legal = cs_encode_mask(&sv.v, NULL, 0, 0, m->nn_mask), a;
    if (legal <= 1) {
        a = legal == 1 ? (int)((const uint8_t *)memchr(m->nn_mask, 1, CS_ACT_COUNT) - m->nn_mask)
                       : -1;
    } else {
        cs_encode_view(&sv.v, NULL, 0, m->nn_obs);
        a = cs_nn_choose(m->net, m->nn_obs, m->nn_mask, m->nn_scratch, m->nn_scores);
    }
    for (int i = 0; i < s->n_hand[seat]; i++)
        if (s->hand[seat][i] == a) return i;
    return -1;
}

/* The rollouts' policy into a fresh simulation. */
static void sim_policy(mc_player *m, cs_sim *s, const cs_view *v) {
    if (m->rollout == ROLLOUT_NN) {
        s->policy = CS_SIM_CUSTOM;
        s->pick = nn_pick;
        s->pick_ctx = m;
        m->view_rules = v->rules;
    } else {
        s->policy = m->rollout == ROLLOUT_LOOKAHEAD ? CS_SIM_LOOKAHEAD : CS_SIM_PERFECT;
    }
    s->deal = v->deal;
}

/* Reads the network at path (builtin: the shipped one) into a new *out; CS_OK or an error with
 * its message in err, nothing then allocated. */
static int net_load(const char *path, cs_nn **out, char *err, size_t err_len) {
    cs_nn *net = malloc(sizeof *net);
    if (net == NULL) return CS_ENOMEM;
    int rc = strcmp(path, "builtin") == 0
                 ? cs_nn_parse(cs_nn_default_bytes, cs_nn_default_size,
                               "strategies/models/default.nn (built in)", net, err, err_len)
                 : cs_nn_load(path, net, err, err_len);
    if (rc != CS_OK) {
        free(net);
        return rc;
    }
    *out = net;
    return CS_OK;
}

static void net_free(cs_nn *net) {
    if (net != NULL) cs_nn_free(net);
    free(net);
}

/* The scale a value network's note records ("scale=S": its outputs are points / S), or 0 when
 * it records none, or one that is not a number above 0 and at most 1000. */
static double note_scale(const char *note) {
    for (const char *at = strstr(note, "scale="); at != NULL; at = strstr(at + 1, "scale=")) {
        if (at != note && at[-1] != ' ' && at[-1] != ';') continue;
        char *end;
        double v = strtod(at + 6, &end);
        if (end != at + 6 && (*end == '\0' || *end == ';' || *end == ' ') && v > 0 && v <= 1000)
            return v;
        return 0;
    }
    return 0;
}

/* cutoff's arguments: cutoff and value each need the other; the value network must record its
 * scale. *value is loaded (NULL with cutoff=0). */
static int cut_create(long cutoff, const char *path, cs_nn **value, double *scale, char *err,
                      size_t err_len) {
    *value = NULL;
    *scale = 0;
    int none = strcmp(path, "none") == 0;
    if (cutoff == 0 && !none) {
        snprintf(err, err_len, "mc: value=%s is read only with cutoff above 0", path);
        return CS_ECONFIG;
    }
    if (cutoff == 0) return CS_OK;
    if (none) {
        snprintf(err, err_len,
                 "mc: cutoff=%ld needs value=FILE, the network that values the rest of the deal",
                 cutoff);
        return CS_ECONFIG;
    }
    int rc = net_load(path, value, err, err_len);
    if (rc != CS_OK) return rc;
    *scale = note_scale((*value)->note);
    if (*scale <= 0) {
        snprintf(err, err_len,
                 "mc: value=%s records no scale=S in its note (a network of action values from "
                 "cribsim.train.nn q records the points each output is worth; a policy network "
                 "has none)",
                 path);
        net_free(*value);
        *value = NULL;
        return CS_ECONFIG;
    }
    return CS_OK;
}

static int mc_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    long samples, width, discard_samples, equal;
    long end_width, tree, cutoff;
    int objective, rollout, hidden, race, rank, opening;
    int rc = cs_spec_int("mc", "samples", args->values[0], 1, 1000000, &samples, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("mc", "objective", args->values[1], OBJECTIVES, &objective, err,
                            err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("mc", "width", args->values[2], 0, CS_SPLITS_MAX, &width, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("mc", "rollout", args->values[3], ROLLOUTS, &rollout, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("mc", "hidden", args->values[4], HIDDEN, &hidden, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("mc", "race", args->values[5], ON_OFF, &race, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("mc", "discard_samples", args->values[6], 0, 1000000, &discard_samples,
                         err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("mc", "equal", args->values[7], 0, 1000, &equal, err, err_len);
    if (rc == CS_OK) rc = cs_spec_choice("mc", "rank", args->values[8], RANK, &rank, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_choice("mc", "opening", args->values[9], OPENING, &opening, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("mc", "endwidth", args->values[10], 0, CS_SPLITS_MAX, &end_width, err,
                         err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("mc", "tree", args->values[11], 0, 1000000, &tree, err, err_len);
    if (rc == CS_OK)
        rc = cs_spec_int("mc", "cutoff", args->values[13], 0, CS_MAX_PLAYS, &cutoff, err, err_len);
    if (rc != CS_OK) return rc;
    cs_nn *net = NULL;
    int uses_net = rollout == ROLLOUT_NN || hidden == HIDDEN_NN;
    if (!uses_net && strcmp(args->values[12], "builtin") != 0) {
        snprintf(err, err_len, "mc: net=%s is read only with rollout=nn or hidden=nn",
                 args->values[12]);
        return CS_ECONFIG;
    }
    cs_nn *value;
    double scale;
    rc = cut_create(cutoff, args->values[14], &value, &scale, err, err_len);
    if (rc != CS_OK) return rc;
    if (uses_net) rc = net_load(args->values[12], &net, err, err_len);
    mc_player *m = rc == CS_OK ? calloc(1, sizeof *m) : NULL;
    if (m == NULL) {
        net_free(value);
        net_free(net);
        return rc != CS_OK ? rc : CS_ENOMEM;
    }
    m->net = net;
    m->cutoff = cutoff;
    m->value = value;
    m->value_scale = scale;
    m->samples = samples;
    m->discard_samples = discard_samples > 0 ? discard_samples : samples;
    m->equal = equal;
    m->width = width;
    m->objective = objective;
    m->rollout = rollout;
    m->hidden = hidden;
    m->race = race == 0;
    m->rank = rank;
    m->opening = opening;
    m->end_width = end_width;
    m->tree = tree;
    m->memo = malloc(sizeof *m->memo);
    if (tree > 0) {
        size_t n = (size_t)samples * TREE_LEVELS;
        m->tree_sim = malloc(n * sizeof *m->tree_sim);
        m->tree_key = malloc(n * sizeof *m->tree_key);
    }
    if (m->memo == NULL || (tree > 0 && (m->tree_sim == NULL || m->tree_key == NULL))) {
        free(m->memo);
        free(m->tree_sim);
        free(m->tree_key);
        net_free(net);
        net_free(value);
        free(m);
        return CS_ENOMEM;
    }
    cs_peg_memo_clear(m->memo);
    m->crib_flush_min = 5;
    cs_crib_model_build(&m->crib, m->crib_flush_min);
    *self = m;
    return CS_OK;
}

static void mc_destroy(void *self) {
    mc_player *m = self;
    if (m == NULL) return;
    if (m->have_win) cs_winprob_free(&m->win);
    free(m->memo);
    free(m->tree_sim);
    free(m->tree_key);
    net_free(m->net);
    net_free(m->value);
    free(m);
}

/* The rules of expert's tables: two hands of six, two to the crib, the play in series. */
static int two_hands(const cs_rules *r) {
    return r->players == 2 && r->cards_dealt == 6 && r->discards == 2 && !r->single_series;
}

static void mc_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    mc_player *m = self;
    (void)seat;
    m->rng = rng;
    m->strayed = 0;
    m->shown_seats = 0;
    m->err[0] = '\0';
    m->points_rules = *rules;
    m->points_rules.target = 1 << 20;
    m->cut_refused = m->cutoff > 0 && !two_hands(rules);
    if (m->cut_refused)
        snprintf(m->err, sizeof m->err,
                 "mc: cutoff=%ld values two hands of six only (its network's margin is that of "
                 "two sides, trained on those rules); this game deals %d players %d cards",
                 m->cutoff, rules->players, rules->cards_dealt);
    if (rules->crib_flush_min != m->crib_flush_min) {
        m->crib_flush_min = rules->crib_flush_min;
        cs_crib_model_build(&m->crib, m->crib_flush_min);
        if (m->have_win) cs_winprob_free(&m->win);
        m->have_win = 0;
    }
    if (m->objective != OBJECTIVE_POINTS &&
        (!m->have_win || memcmp(&m->win.rules, rules, sizeof *rules) != 0)) {
        if (m->have_win) cs_winprob_free(&m->win);
        m->have_win = cs_winprob_build(&m->win, rules, &m->crib, WIN_TABLE_DEALS) == CS_OK;
        if (!m->have_win)
            snprintf(m->err, sizeof m->err, "mc: out of memory building its win table");
    }
    if (m->have_win) {
        double ef = 0, eg = 0, ef2 = 0, eg2 = 0;
        for (int i = 0; i <= CS_WINPROB_DEAL_MAX; i++) {
            ef += i * m->win.f[i];
            ef2 += (double)i * i * m->win.f[i];
            eg += i * m->win.g[i];
            eg2 += (double)i * i * m->win.g[i];
        }
        m->law.mean = (ef + eg) / 2;
        m->law.variance = ef2 - ef * ef + eg2 - eg * eg;
    }
}

/* A decision cannot be made without the win table (its build failed in new_game: CS_ENOMEM),
 * nor with a cutoff under other rules than two hands of six (CS_ECONFIG); 0 when it can. */
static int unready(const mc_player *m) {
    if (m->cut_refused) return CS_ECONFIG;
    return m->objective != OBJECTIVE_POINTS && !m->have_win ? CS_ENOMEM : 0;
}

static int next_seat(int s, int n) {
    return s + 1 == n ? 0 : s + 1;
}

/* The least margin (winner at the target) of each skunk level 1..3; 0 where there is none. */
static void skunk_margins(const cs_rules *r, int out[4]) {
    out[0] = 0;
    if (r->skunk_margin) {
        out[1] = r->skunk_margin;
        out[2] = r->double_skunk_margin;
        out[3] = 0;
        return;
    }
    const int lines[4] = {0, r->skunk_line, r->double_skunk_line, r->triple_skunk_line};
    for (int k = 1; k < 4; k++) out[k] = lines[k] ? r->target - lines[k] + 1 : 0;
}

enum { MAX_NEED = 32 };

/*
 * My chance of winning `a` more games before the other side wins `b`, the side dealing a game
 * first winning it with chance `edge` and the loser of each game dealing the next; i_deal: I
 * deal the next game. With edge 1/2 it is the chance of an even race.
 */
static double race_dealt(int a, int b, int i_deal, double edge) {
    if (a <= 0) return 1.0;
    if (b <= 0) return 0.0;
    if (a > MAX_NEED) a = MAX_NEED;
    if (b > MAX_NEED) b = MAX_NEED;
    double v[MAX_NEED + 1][MAX_NEED + 1][2]; /* [a][b][I deal] */
    for (int i = 0; i <= a; i++)
        for (int j = 0; j <= b; j++)
            for (int d = 0; d < 2; d++) {
                if (i == 0 || j == 0) {
                    v[i][j][d] = i == 0 ? 1.0 : 0.0;
                    continue;
                }
                double mine = d ? edge : 1 - edge; /* I win this game */
                /* after my win the other side deals; after my loss I do */
                v[i][j][d] = mine * v[i - 1][j][0] + (1 - mine) * v[i][j - 1][1];
            }
    return v[a][b][i_deal];
}

/* The chance of winning `a` games before the opponent wins `b`, each game won with chance p. */
static double race_to(int a, int b, double p) {
    if (a <= 0) return 1.0;
    if (b <= 0) return 0.0;
    if (a > MAX_NEED) a = MAX_NEED;
    if (b > MAX_NEED) b = MAX_NEED;
    double row[MAX_NEED + 1]; /* row[j]: the chance from (i, j), for the current i */
    row[0] = 0.0;
    for (int j = 1; j <= b; j++) row[j] = 1.0; /* i = 0: won */
    for (int i = 1; i <= a; i++) {
        row[0] = 0.0;
        for (int j = 1; j <= b; j++) row[j] = p * row[j] + (1 - p) * row[j - 1];
    }
    return row[b];
}

/* Fills st for my side from a match context (NULL, or a kind without stakes: none); edge is
 * the chance that the side dealing a game first wins it. */
static void stakes_fill(stakes *st, const cs_match_context *ctx, const cs_rules *r, int mine,
                        double edge) {
    st->mine = mine;
    st->sides = cs_rules_sides(r);
    st->ctx =
        ctx != NULL && (ctx->kind == CS_MATCH_BEST_OF || ctx->kind == CS_MATCH_POINTS) ? ctx : NULL;
    if (st->ctx == NULL || st->ctx->kind != CS_MATCH_BEST_OF) return;
    const cs_match_context *c = st->ctx;
    double p = 1.0 / st->sides;
    for (int w = -1; w < st->sides; w++)
        for (int k = 0; k < 4; k++) {
            int need_mine = INT_MAX, need_other = INT_MAX;
            for (int side = 0; side < st->sides; side++) {
                int need = c->games_to_win - c->won[side] - (side == w ? c->game_wins[k] : 0);
                if (side == st->mine)
                    need_mine = need;
                else if (need < need_other)
                    need_other = need;
            }
            double v;
            if (need_mine <= 0)
                v = 1.0;
            else if (st->sides != 2)
                v = race_to(need_mine, need_other, p);
            else if (w >= 0) /* the loser deals the next game */
                v = race_dealt(need_mine, need_other, w != st->mine, edge);
            else /* a tie is played again, either side dealing */
                v = (race_dealt(need_mine, need_other, 1, edge) +
                     race_dealt(need_mine, need_other, 0, edge)) /
                    2;
            if (w >= 0)
                st->best_of[w][k] = v;
            else
                st->best_of_tie = v;
        }
}

/* Fills st for a decision from the view (objective=match; otherwise no context). */
static void stakes_set(stakes *st, const mc_player *m, const cs_view *v) {
    const cs_rules *r = v->rules;
    int mine = cs_rules_side(r, v->seat);
    double edge = 0.5;
    if (m->objective == OBJECTIVE_MATCH && v->match != NULL && v->match->kind == CS_MATCH_BEST_OF &&
        cs_rules_sides(r) == 2) {
        const int zero[CS_MAX_PLAYERS] = {0};
        edge = cs_winprob_get(&m->win, zero, mine, mine, 0);
    }
    stakes_fill(st, m->objective == OBJECTIVE_MATCH ? v->match : NULL, r, mine, edge);
}

/* What a finished game is worth to my side: side `winner` won (-1: a tie) with the sides at
 * score[]. */
static double result_value(const stakes *st, const cs_rules *r, const int score[], int winner) {
    if (winner < 0)
        return st->ctx == NULL                     ? 0.5
               : st->ctx->kind == CS_MATCH_BEST_OF ? st->best_of_tie
                                                   : st->ctx->points_tie;
    if (st->ctx == NULL) return winner == st->mine ? 1.0 : 0.0;
    int level = 3;
    for (int side = 0; side < st->sides; side++)
        if (side != winner && cs_rules_skunk_level(r, score[side], score[winner]) < level)
            level = cs_rules_skunk_level(r, score[side], score[winner]);
    if (st->ctx->kind == CS_MATCH_BEST_OF) return st->best_of[winner][level];
    if (winner == st->mine) return st->ctx->points_win[level];
    return st->ctx->points_loss + st->ctx->points_per_score * score[st->mine];
}

/* The standard normal's lower tail. */
static double lower_tail(double z) {
    return 0.5 * erfc(-z / 1.4142135623730951);
}

/*
 * The worth of a result, my side winning (I = 1) or the leading other side (I = 0), averaged
 * over the final margin's law given who wins: the margin is normal about m (my side's lead,
 * negative when behind) with standard deviation sd.
 */
static double given_result(const stakes *st, const cs_rules *r, const int score[], int lead,
                           int i_win, double m, double sd) {
    int edge[4];
    skunk_margins(r, edge);
    int w = i_win ? st->mine : lead;
    double mw = i_win ? m : -m; /* the winner's expected margin */
    /* the chance of each skunk level given the win: P(margin >= edge[k] | margin > 0) */
    double at_least[5] = {1, 0, 0, 0, 0};
    double base = sd > 0 ? lower_tail(mw / sd) : (mw > 0 ? 1.0 : 0.0);
    for (int k = 1; k < 4; k++) {
        if (edge[k] <= 0) continue;
        double tail = sd > 0 ? lower_tail((mw - edge[k]) / sd) : (mw >= edge[k] ? 1.0 : 0.0);
        at_least[k] = base > 1e-300 ? tail / base : 0.0;
        if (at_least[k] > at_least[k - 1]) at_least[k] = at_least[k - 1];
    }
    double value = 0;
    for (int k = 0; k < 4; k++) {
        double pk = at_least[k] - at_least[k + 1];
        if (pk <= 0) continue;
        if (st->ctx->kind == CS_MATCH_BEST_OF)
            value += pk * st->best_of[w][k];
        else if (i_win)
            value += pk * st->ctx->points_win[k];
    }
    if (st->ctx->kind == CS_MATCH_BEST_OF || i_win) return value;
    /* my loss: the shortfall is the mean of -margin given that it is negative */
    double shortfall;
    if (sd <= 0) {
        shortfall = -m;
    } else {
        double z = m / sd, tail = lower_tail(-z);
        shortfall = tail > 1e-300 ? -m + sd * exp(-z * z / 2) / 2.5066282746310002 / tail : sd / z;
    }
    if (shortfall < 1) shortfall = 1; /* a loser ends below the target */
    if (shortfall > r->target - score[st->mine]) shortfall = r->target - score[st->mine];
    return st->ctx->points_loss + st->ctx->points_per_score * (r->target - shortfall);
}

/* What a game still open at score[] is worth to my side when I win it with chance p and the
 * final margin's spread is sd (the model above). */
static double open_worth(const stakes *st, const cs_rules *r, const int score[], double p,
                         double sd) {
    if (st->ctx == NULL) return p;
    int lead = -1;
    for (int side = 0; side < st->sides; side++)
        if (side != st->mine && (lead < 0 || score[side] > score[lead])) lead = side;
    double m = score[st->mine] - score[lead];
    return p * given_result(st, r, score, lead, 1, m, sd) +
           (1 - p) * given_result(st, r, score, lead, 0, m, sd);
}

/* The final margin's spread from score[], deals_done deals played (the model above). */
static double spread_left(const mc_player *m, const cs_rules *r, const int score[],
                          int deals_done) {
    int top = 0;
    for (int side = 0; side < cs_rules_sides(r); side++)
        if (score[side] > top) top = score[side];
    double deals = m->law.mean > 0 ? (r->target - top) / m->law.mean : 0;
    if (r->max_deals && deals > r->max_deals - deals_done) deals = r->max_deals - deals_done;
    if (deals < 0.5) deals = 0.5;
    return sqrt(deals * m->law.variance);
}

/* What a game still open at score[] is worth to my side (the model above). */
static double open_value(const mc_player *m, const stakes *st, const cs_rules *r, const int score[],
                         int next_dealer, int deals_done) {
    double p = cs_winprob_get(&m->win, score, st->mine, next_dealer, deals_done);
    if (st->ctx == NULL) return p;
    return open_worth(st, r, score, p, spread_left(m, r, score, deals_done));
}

double cs_mc_result_worth(const cs_match_context *ctx, const cs_rules *r, int my_side,
                          const int side_score[], int winner, double edge) {
    stakes st;
    stakes_fill(&st, ctx, r, my_side, edge);
    return result_value(&st, r, side_score, winner);
}

double cs_mc_open_worth(const cs_match_context *ctx, const cs_rules *r, int my_side,
                        const int side_score[], double p, double sd, double edge) {
    stakes st;
    stakes_fill(&st, ctx, r, my_side, edge);
    return open_worth(&st, r, side_score, p, sd);
}

/*
 * What a simulation is worth to my side: `goal` is what the objective maximises (the chance of
 * winning, or the point margin), `points` the point margin, which breaks ties between moves of
 * equal goal: with objective=win a move that wins (or loses) in every sample ties with its
 * alternatives, and the margin then still tells the better one (a won game with more points,
 * a lost one with fewer to the winner).
 */
typedef struct {
    double goal, points;
} worth;

/* My side's points minus the mean of each other side's. */
static double margin(const cs_rules *r, const int gained[], int mine) {
    int sides = cs_rules_sides(r);
    double others = 0;
    for (int side = 0; side < sides; side++)
        if (side != mine) others += gained[side];
    return gained[mine] - others / (sides - 1);
}

/* What a finished (or decided) simulation is worth to my side. */
static worth utility(const mc_player *m, const cs_sim *s, const cs_view *v) {
    const cs_rules *r = v->rules;
    int mine = cs_rules_side(r, v->seat);
    worth w = {0, margin(r, s->gained, mine)};
    if (m->objective == OBJECTIVE_POINTS) {
        w.goal = w.points;
    } else if (s->over) {
        w.goal = result_value(&m->st, r, s->score, s->winner);
    } else {
        int next_dealer = cs_rules_side(r, next_seat(v->dealer, r->players));
        w.goal = open_value(m, &m->st, r, s->score, next_dealer, v->deal + 1);
    }
    return w;
}

/* Whether s's play is over (every card laid, or the game won). */
static int played_out(const cs_sim *s) {
    if (s->over) return 1;
    for (int p = 0; p < s->players; p++)
        if (s->n_hand[p] > 0) return 0;
    return 1;
}

/*
 * cutoff: whether the rollout s stops at seat t's turn (cs_sim_advance() gave t): cutoff cards
 * laid since the decision's view, t holding two cards or more that fit, and (objective=win and
 * =match) no side able to reach the target in the rest of the deal (above cutoff's definition).
 */
static int cut_here(const mc_player *m, const cs_sim *s, const cs_view *v, int t) {
    int before = v->n_plays < CS_MAX_PLAYS ? v->n_plays : CS_MAX_PLAYS;
    if (m->cutoff == 0 || s->n_plays - before < m->cutoff) return 0;
    int fits = 0;
    for (int i = 0; i < s->n_hand[t]; i++)
        fits += s->pile.count + cs_card_value(s->hand[t][i]) <= 31;
    if (fits < 2) return 0;
    if (m->objective == OBJECTIVE_POINTS) return 1;
    const cs_rules *r = v->rules;
    int most[2] = {s->score[0], s->score[1]};
    for (int p = 0; p < 2; p++)
        most[p] += cs_show_score(s->kept[p], s->hand_size, s->starter, r->hand_flush_min) +
                   CUT_PLAY_MAX * s->n_hand[p];
    most[s->dealer] += cs_show_score(s->crib, CS_CRIB_SIZE, s->starter, r->crib_flush_min);
    return most[0] < r->target && most[1] < r->target;
}

/* The value network's margin for my side over the rest of s's deal from seat t's turn: its best
 * legal output on t's observation (cs_sim_view(): what t could see) times the scale, which is
 * t's side's points less the other's; negated when t is the other side's. */
static double cut_margin(mc_player *m, const cs_sim *s, const cs_view *v, int t) {
    cs_sim_seat_view sv;
    cs_sim_view(s, t, v->rules, &sv);
    cs_encode_mask(&sv.v, NULL, 0, 0, m->nn_mask);
    cs_encode_view(&sv.v, NULL, 0, m->nn_obs);
    int a = cs_nn_choose(m->value, m->nn_obs, m->nn_mask, m->nn_scratch, m->nn_scores);
    double rest = a < 0 ? 0.0 : m->value_scale * m->nn_scores[a];
    return cs_rules_side(v->rules, t) == cs_rules_side(v->rules, v->seat) ? rest : -rest;
}

/* What s, stopped by cut_here() at seat t's turn, is worth to my side: the margin so far plus
 * the network's rest; objective=win and =match value the scores the deal would end at (above). */
static worth cut_worth(mc_player *m, const cs_sim *s, const cs_view *v, int t) {
    const cs_rules *r = v->rules;
    int mine = cs_rules_side(r, v->seat), other = 1 - mine;
    double rest = cut_margin(m, s, v, t);
    worth w = {0, margin(r, s->gained, mine) + rest};
    if (m->objective == OBJECTIVE_POINTS) {
        w.goal = w.points;
        return w;
    }
    double total = CUT_PLAY_MEAN * (s->n_hand[0] + s->n_hand[1]);
    for (int p = 0; p < 2; p++)
        total += cs_show_score(s->kept[p], s->hand_size, s->starter, r->hand_flush_min);
    total += cs_show_score(s->crib, CS_CRIB_SIZE, s->starter, r->crib_flush_min);
    double x[2];
    x[mine] = (total + rest) / 2;
    x[other] = (total - rest) / 2;
    for (int side = 0; side < 2; side++)
        if (x[side] < 0) {
            x[1 - side] -= x[side];
            x[side] = 0;
        }
    int score[CS_MAX_PLAYERS] = {0};
    for (int side = 0; side < 2; side++) {
        score[side] = s->score[side] + (int)lround(x[side]);
        if (score[side] > r->target - 1) score[side] = r->target - 1;
    }
    w.goal = open_value(m, &m->st, r, score, cs_rules_side(r, next_seat(v->dealer, r->players)),
                        v->deal + 1);
    return w;
}

/*
 * Plays s on from where it stands (a move just laid, or a seat's turn) and returns what it is
 * worth to my side: to the end of the play, then the show (objective=win and =match), or with
 * cutoff to the cut and the value network's rest of the deal.
 */
static worth roll_on(mc_player *m, cs_sim *s, const cs_view *v) {
    int t;
    while ((t = cs_sim_advance(s)) >= 0) {
        if (cut_here(m, s, v, t)) return cut_worth(m, s, v, t);
        cs_sim_lay(s, t, cs_sim_policy(s, t));
    }
    if (m->objective != OBJECTIVE_POINTS) cs_sim_show(s);
    return utility(m, s, v);
}

/* The candidate with the greatest goal, then the greatest margin (ties within rounding). */
static int best_candidate(const worth total[], int n) {
    int pick = 0;
    for (int c = 1; c < n; c++) {
        double d = total[c].goal - total[pick].goal;
        if (d > 1e-9 || (d > -1e-9 && total[c].points > total[pick].points + 1e-9)) pick = c;
    }
    return pick;
}

/* The side scores before the simulation, from the view. */
static void base_scores(const cs_view *v, cs_sim *s) {
    for (int seat = 0; seat < v->rules->players; seat++)
        s->score[cs_rules_side(v->rules, seat)] = v->score[seat];
}

/*
 * The worth of a simulation whose play is over but whose starter is not cut, averaged over
 * every starter in starters[]: his heels (credited after the play here, a simplification
 * that matters only when both would reach the target in the same deal), then the show in
 * order, stopping at the target. show[seat][starter] is what each seat's hand shows with that
 * starter (computed once for all candidates: mine once per decision, the others' once per
 * sample).
 */
static worth over_starters(const mc_player *m, const cs_sim *s, const cs_view *v,
                           const cs_card starters[], int n_starters,
                           const int *const show[CS_MAX_PLAYERS]) {
    const cs_rules *r = v->rules;
    int mine = cs_rules_side(r, v->seat), n = r->players;
    int win = m->objective != OBJECTIVE_POINTS;
    if (win && s->over) return utility(m, s, v);
    int next_dealer = cs_rules_side(r, next_seat(v->dealer, n));
    worth sum = {0, 0};
    for (int i = 0; i < n_starters; i++) {
        cs_card st = starters[i];
        int score[CS_MAX_PLAYERS], gained[CS_MAX_PLAYERS], winner = -1;
        memcpy(score, s->score, sizeof score);
        memcpy(gained, s->gained, sizeof gained);
        /* His heels, the hands from the dealer's left round to the dealer, the crib. */
        for (int k = 0; k <= n + 1 && winner < 0; k++) {
            int seat, points;
            if (k == 0) {
                seat = v->dealer;
                points = cs_card_rank(st) == CS_JACK ? r->heels : 0;
            } else if (k <= n) {
                seat = (v->dealer + k) % n;
                points = show[seat][st];
            } else {
                seat = v->dealer;
                points = cs_show_score(s->crib, CS_CRIB_SIZE, st, r->crib_flush_min);
            }
            int side = cs_rules_side(r, seat);
            score[side] += points;
            gained[side] += points;
            if (win && score[side] >= r->target) winner = side;
        }
        double points = margin(r, gained, mine);
        sum.points += points;
        if (!win)
            sum.goal += points;
        else if (winner >= 0)
            sum.goal += result_value(&m->st, r, score, winner);
        else
            sum.goal += open_value(m, &m->st, r, score, next_dealer, v->deal + 1);
    }
    sum.goal /= n_starters;
    sum.points /= n_starters;
    return sum;
}

/* The candidates of one decision as the samples come in (the race above). */
typedef struct {
    int n, alive[CS_SPLITS_MAX], n_alive;
    long k;                                  /* samples counted */
    double eps;                              /* a difference of goal too small to matter */
    worth total[CS_SPLITS_MAX];              /* sums over the samples */
    double d2[CS_SPLITS_MAX][CS_SPLITS_MAX]; /* sums of squared differences of goal */
} race;

static void race_init(race *r, int n, double eps) {
    memset(r, 0, sizeof *r);
    r->eps = eps;
    r->n = r->n_alive = n;
    for (int c = 0; c < n; c++) r->alive[c] = c;
}

/* The alive candidates' worths in one sample (w[c] for each alive c); with racing on, drops
 * those clearly behind. Returns the candidates still alive. */
static int race_add(race *r, const worth w[], int racing) {
    for (int i = 0; i < r->n_alive; i++) {
        int a = r->alive[i];
        r->total[a].goal += w[a].goal;
        r->total[a].points += w[a].points;
        for (int j = 0; j < i; j++) {
            int b = r->alive[j];
            double d = w[a].goal - w[b].goal;
            r->d2[a][b] += d * d;
            r->d2[b][a] += d * d;
        }
    }
    r->k++;
    if (!racing || r->k < RACE_FIRST || (r->k - RACE_FIRST) % RACE_EVERY != 0) return r->n_alive;
    worth mean[CS_SPLITS_MAX];
    for (int i = 0; i < r->n_alive; i++) mean[i] = r->total[r->alive[i]];
    int lead = r->alive[best_candidate(mean, r->n_alive)], kept = 0;
    for (int i = 0; i < r->n_alive; i++) {
        int c = r->alive[i];
        double d = (r->total[lead].goal - r->total[c].goal) / r->k;
        double var = r->d2[lead][c] / r->k - d * d;
        double se = var > 0 ? sqrt(var / r->k) : 0;
        if (c == lead ||
            ((d <= 1e-12 || d <= RACE_Z * se) && (r->eps <= 0 || d + RACE_Z * se >= r->eps)))
            r->alive[kept++] = c;
    }
    r->n_alive = kept;
    return kept;
}

/* The best candidate still alive. */
static int race_best(const race *r) {
    worth mean[CS_SPLITS_MAX];
    for (int i = 0; i < r->n_alive; i++) mean[i] = r->total[r->alive[i]];
    return r->alive[best_candidate(mean, r->n_alive)];
}

/* The race's margin of indifference: `equal` thousandths of a game, when the goal is one. */
static double race_eps(const mc_player *m) {
    return m->objective != OBJECTIVE_POINTS && m->st.ctx == NULL ? m->equal / 1000.0 : 0.0;
}

static int no_deal(mc_player *m, const cs_view *v) {
    snprintf(m->err, sizeof m->err,
             "mc at seat %d in game %llu, deal %d: no deal of the hidden cards fits what it saw "
             "(an inference error)",
             v->seat, (unsigned long long)v->game, v->deal);
    return CS_EAGENT;
}

/* Turns expected's values of the splits into expert's (expert.h): the crib term from the crib
 * table instead of the crib model, plus the pegging table's value of the kept ranks. */
static void expert_values(const mc_player *m, const cs_split splits[], int n, double weight,
                          double value[]) {
    int role = weight > 0;
    for (int i = 0; i < n; i++) {
        const cs_card *t = splits[i].toss;
        int keep_index = cs_expert_cards_index(splits[i].keep);
        double model = cs_crib_expect(&m->crib, t, 2);
        double crib = cs_expert_crib[role][cs_card_rank(t[0])][cs_card_rank(t[1])]
                                    [cs_card_suit(t[0]) == cs_card_suit(t[1])] /
                      100.0;
        value[i] += weight * (crib - model) + cs_expert_peg[role][keep_index] / 100.0;
    }
}

static int mc_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    mc_player *m = self;
    int not_ready = unready(m);
    if (not_ready) return not_ready;
    const cs_rules *r = v->rules;
    const cs_rules *sim_rules = m->objective != OBJECTIVE_POINTS ? r : &m->points_rules;
    stakes_set(&m->st, m, v);
    int n = r->players, hand = cs_rules_hand_size(r);
    cs_seen seen;
    cs_seen_from_view(v, &seen);
    cs_pool pool;
    cs_pool_init(&pool, seen.unseen);

    /* Candidates: the `width` splits expected rates best, best first. */
    cs_split splits[CS_SPLITS_MAX];
    double value[CS_SPLITS_MAX];
    int n_splits = cs_splits(v->hand, v->n_hand, r->discards, splits), best;
    double weight = cs_crib_weight(r, v->seat, v->dealer);
    cs_discard_best(r, splits, n_splits, &pool, &m->crib, weight, &best, value);
    int by_expert = m->rank == RANK_EXPERT && two_hands(r);
    if (by_expert) expert_values(m, splits, n_splits, weight, value);
    int cand[CS_SPLITS_MAX], n_cand = 0;
    for (int i = 0; i < n_splits; i++) {
        int j = n_cand++;
        while (j > 0 && value[cand[j - 1]] < value[i]) {
            cand[j] = cand[j - 1];
            j--;
        }
        cand[j] = i;
    }
    long width = m->width > 0 ? m->width : by_expert ? 1 : 2;
    int near = 0;
    for (int p = 0; p < r->players; p++) near |= r->target - v->score[p] <= END_NEAR;
    if (near && m->end_width > width) width = m->end_width;
    if (n_cand > width) n_cand = (int)width;
    race rc;
    race_init(&rc, n_cand, race_eps(m));
    /* What each candidate's kept hand shows with each card that may be the starter (with the
     * race on, most decisions need it for one or two candidates only after the first look, but
     * it costs about one sample). */
    int my_show[CS_SPLITS_MAX][CS_DECK_SIZE], their_show[CS_MAX_PLAYERS][CS_DECK_SIZE];
    const int *show[CS_MAX_PLAYERS];
    for (int p = 0; p < n; p++) show[p] = their_show[p];
    for (int c = 0; c < n_cand; c++)
        for (cs_cardset u = seen.unseen; u; u &= u - 1) {
            cs_card st = (cs_card)__builtin_ctzll(u);
            my_show[c][st] = cs_show_score(splits[cand[c]].keep, hand, st, r->hand_flush_min);
        }
    int used = 0;
    for (long k = 0; k < m->discard_samples && rc.n_alive > 1; k++) {
        cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT];
        cs_cardset rest;
        if (cs_seen_sample(&seen, r->cards_dealt, &m->rng, hands, &rest) != 0) continue;
        used++;
        cs_sim base;
        memset(&base, 0, sizeof base);
        base.rules = sim_rules;
        sim_policy(m, &base, v);
        base.players = n;
        base.hand_size = hand;
        base.dealer = v->dealer;
        base.starter = CS_NO_CARD;
        base.memo = m->memo;
        base_scores(v, &base);
        int n_crib = 0;
        for (int p = 0; p < n; p++) {
            if (p == v->seat) continue;
            cs_cardset theirs = 0;
            for (int i = 0; i < r->cards_dealt; i++) theirs |= cs_cardset_of(hands[p][i]);
            cs_pool their_pool;
            cs_pool_init(&their_pool, CS_FULL_DECK & ~theirs);
            cs_split ts[CS_SPLITS_MAX];
            int nt = cs_splits(hands[p], r->cards_dealt, r->discards, ts), tb;
            cs_discard_best(r, ts, nt, &their_pool, &m->crib, cs_crib_weight(r, p, v->dealer), &tb,
                            NULL);
            for (int i = 0; i < hand; i++) base.kept[p][i] = base.hand[p][i] = ts[tb].keep[i];
            base.n_hand[p] = hand;
            base.known[p] = theirs;
            for (int i = 0; i < r->discards; i++) {
                base.crib[n_crib++] = ts[tb].toss[i];
                base.tossed[p][i] = ts[tb].toss[i];
            }
            base.n_tossed[p] = r->discards;
        }
        base.known[v->seat] = seen.mine;
        for (int i = 0; i < r->crib_from_deck; i++)
            base.crib[n_crib++] = cs_cardset_draw(&rest, &m->rng);
        /* Every card left may be the starter: the play does not depend on it, so each
         * candidate's play is simulated once and the show averaged over all of them. */
        cs_card starters[CS_DECK_SIZE];
        int n_starters = 0;
        for (cs_cardset u = rest; u; u &= u - 1)
            starters[n_starters++] = (cs_card)__builtin_ctzll(u);
        /* rollout=nn: the network's observation in the play has a starter, so one of them is
         * shown (the show is still averaged over all of them; the network's play depends on it
         * a little, which this ignores). */
        if (m->rollout == ROLLOUT_NN)
            base.starter = starters[cs_pcg32_bounded(&m->rng, (uint32_t)n_starters)];
        for (int p = 0; p < n; p++)
            if (p != v->seat)
                for (int i = 0; i < n_starters; i++)
                    their_show[p][starters[i]] =
                        cs_show_score(base.kept[p], hand, starters[i], r->hand_flush_min);
        worth w[CS_SPLITS_MAX];
        for (int a = 0; a < rc.n_alive; a++) {
            int c = rc.alive[a];
            const cs_split *sp = &splits[cand[c]];
            show[v->seat] = my_show[c];
            cs_sim s = base;
            for (int i = 0; i < hand; i++) s.kept[v->seat][i] = s.hand[v->seat][i] = sp->keep[i];
            s.n_hand[v->seat] = hand;
            for (int i = 0; i < r->discards; i++) {
                s.crib[n_crib + i] = sp->toss[i];
                s.tossed[v->seat][i] = sp->toss[i];
            }
            s.n_tossed[v->seat] = r->discards;
            cs_sim_start_play(&s);
            cs_sim_play_out(&s);
            w[c] = over_starters(m, &s, v, starters, n_starters, show);
        }
        race_add(&rc, w, m->race);
    }
    if (n_cand > 1 && used == 0) return no_deal(m, v);
    int pick = race_best(&rc);
    for (int d = 0; d < r->discards; d++) out[d] = splits[cand[pick]].toss[d];
    return CS_OK;
}

/* b = base with the other seats' drawn unplayed cards; with hidden=plays each of them also
 * knows the cards it laid away (tossed, CS_NO_CARD where not drawn), as the seat it models
 * does. */
static void give_holdings(const mc_player *m, cs_sim *b, const cs_sim *base, const cs_view *v,
                          const int *played, cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT],
                          cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD]) {
    *b = *base;
    for (int p = 0; p < b->players; p++) {
        if (p == v->seat) continue;
        for (int i = 0; i < v->cards_left[p]; i++) {
            b->hand[p][i] = hands[p][i];
            b->known[p] |= cs_cardset_of(hands[p][i]);
            if (played[p] + i < CS_MAX_HAND) b->kept[p][played[p] + i] = hands[p][i];
        }
        b->n_hand[p] = v->cards_left[p];
        for (int i = 0; i < CS_MAX_DISCARD && m->hidden == HIDDEN_PLAYS; i++)
            if (tossed[p][i] != CS_NO_CARD) b->known[p] |= cs_cardset_of(tossed[p][i]);
    }
}

/*
 * hidden=plays replays the deal's plays from the start of the play (cs_sim_replay()) with
 * every seat holding kept[seat] and having seen known[seat] besides the starter, and checks
 * that each seat in `check` (a bit per seat) laid what expected's pegging would have laid.
 * Returns 1 if so, 0 if not.
 */
static int plays_explained(const mc_player *m, const cs_view *v, cs_card starter,
                           const cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND],
                           const cs_cardset known[CS_MAX_PLAYERS], unsigned check) {
    int n = v->rules->players, hand = cs_rules_hand_size(v->rules);
    if (v->n_plays == 0 || check == 0) return 1;
    cs_sim s;
    memset(&s, 0, sizeof s);
    s.rules = &m->points_rules;
    s.policy = CS_SIM_LOOKAHEAD;
    s.players = n;
    s.hand_size = hand;
    s.dealer = v->dealer;
    s.starter = starter;
    s.memo = m->memo;
    for (int p = 0; p < n; p++) {
        memcpy(s.kept[p], kept[p], sizeof s.kept[p]);
        memcpy(s.hand[p], kept[p], sizeof s.hand[p]);
        s.n_hand[p] = hand;
        s.known[p] = known[p];
    }
    cs_sim_start_play(&s);
    return cs_sim_replay(&s, v->play_seat, v->play_card, v->n_plays, check) == 0;
}

/*
 * hidden=nn's weight of a drawn deal: the chance the network gives, seat by seat in `check`,
 * to each card the seat laid this deal, replayed from the start of the play with every seat
 * holding kept[seat] and having laid away tossed[seat] (n_tossed of them). A card's chance is
 * the softmax of the network's scores over the cards that fitted then (a forced card has
 * chance 1); the weight is their product, 0 when the plays do not fit the deal. The
 * observations are the seat's own at each play (cs_sim_view()), the scores those of the play
 * (the view's scores less what the plays pegged since its start).
 */
static double nn_weight(const cs_nn *net, const cs_view *v, const cs_rules *free_rules,
                        const cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND],
                        const cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD],
                        const int n_tossed[CS_MAX_PLAYERS], unsigned check, float *scratch) {
    const cs_rules *r = v->rules;
    int n = r->players, hand = cs_rules_hand_size(r);
    if (v->n_plays == 0 || check == 0) return 1.0;
    cs_sim s;
    memset(&s, 0, sizeof s);
    s.rules = free_rules;
    s.policy = CS_SIM_LOOKAHEAD;
    s.players = n;
    s.hand_size = hand;
    s.dealer = v->dealer;
    s.starter = v->starter;
    s.deal = v->deal;
    for (int p = 0; p < n; p++) {
        memcpy(s.kept[p], kept[p], sizeof s.kept[p]);
        memcpy(s.hand[p], kept[p], sizeof s.hand[p]);
        s.n_hand[p] = hand;
        memcpy(s.tossed[p], tossed[p], sizeof s.tossed[p]);
        s.n_tossed[p] = n_tossed[p];
    }
    cs_sim_start_play(&s);
    /* What the plays pegged (the same for every holding that fits them): the scores at the
     * start of the play are the view's less that. */
    cs_sim pegged = s;
    if (cs_sim_replay(&pegged, v->play_seat, v->play_card, v->n_plays, 0) < 0) return 0.0;
    for (int p = 0; p < n; p++) {
        int side = cs_rules_side(r, p);
        s.score[side] = v->score[p] - pegged.gained[side];
    }
    double weight = 1.0;
    uint8_t mask[CS_ACT_COUNT], obs[CS_OBS_SIZE];
    float scores[CS_ACT_COUNT];
    for (int i = 0; i < v->n_plays; i++) {
        int p = cs_sim_advance(&s), j = 0;
        if (p != v->play_seat[i]) return 0.0;
        while (j < s.n_hand[p] && s.hand[p][j] != v->play_card[i]) j++;
        if (j == s.n_hand[p]) return 0.0;
        if (check >> p & 1) {
            cs_sim_seat_view sv;
            cs_sim_view(&s, p, r, &sv);
            if (cs_encode_mask(&sv.v, NULL, 0, 0, mask) > 1) {
                cs_encode_view(&sv.v, NULL, 0, obs);
                cs_nn_choose(net, obs, mask, scratch, scores);
                double top = -INFINITY, sum = 0;
                for (int a = 0; a < CS_ACT_COUNT; a++)
                    if (mask[a] && scores[a] > top) top = scores[a];
                for (int a = 0; a < CS_ACT_COUNT; a++)
                    if (mask[a]) sum += exp((double)scores[a] - top);
                weight *= exp((double)scores[v->play_card[i]] - top) / sum;
            }
        }
        cs_sim_lay(&s, p, j);
    }
    return weight;
}

double cs_mc_nn_weight(const cs_nn *net, const cs_view *v,
                       const cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND],
                       const cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD],
                       const int n_tossed[CS_MAX_PLAYERS], unsigned check) {
    float scratch[2 * CS_NN_WIDTH_MAX];
    cs_rules free_rules = *v->rules;
    free_rules.target = 1 << 20;
    return nn_weight(net, v, &free_rules, kept, tossed, n_tossed, check, scratch);
}

/*
 * hidden=plays holds the model to what the shows reveal: once the crib is shown every hand of
 * the deal is known (and the crib less my discards is what the others laid away: exactly so
 * in two-hand play, a little more than each seat's with more hands), and the deal's plays
 * are replayed with them. A seat whose plays the model does not explain is not held to it for
 * the rest of the game (m->strayed): its holdings are drawn as with hidden=expected.
 */
static void mc_observe(void *self, const cs_view *v, const cs_event *e) {
    mc_player *m = self;
    if (m->hidden != HIDDEN_PLAYS) return;
    if (e->type == CS_EVENT_DEAL) m->shown_seats = 0;
    if (e->type != CS_EVENT_SHOW) return;
    int n = v->rules->players, hand = cs_rules_hand_size(v->rules);
    if (!e->is_crib) {
        if (e->seat != v->seat && e->n_cards == hand) {
            memcpy(m->shown[e->seat], e->cards, sizeof(cs_card) * (size_t)hand);
            m->shown_seats |= 1u << e->seat;
        }
        return;
    }
    unsigned others = ((1u << n) - 1) & ~(1u << v->seat);
    if (m->shown_seats != others || v->n_kept != hand) return;
    cs_cardset tossed = 0, mine = 0;
    for (int i = 0; i < e->n_cards; i++) tossed |= cs_cardset_of(e->cards[i]);
    for (int i = 0; i < v->n_discards; i++) mine |= cs_cardset_of(v->discards[i]);
    tossed &= ~mine;
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND];
    cs_cardset known[CS_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        memcpy(kept[p], p == v->seat ? v->kept : m->shown[p], sizeof(cs_card) * (size_t)hand);
        known[p] = p == v->seat ? mine : tossed;
        for (int i = 0; i < hand; i++) known[p] |= cs_cardset_of(kept[p][i]);
    }
    /* One seat at a time, so that each seat answers for its own plays. */
    for (int p = 0; p < n; p++)
        if (p != v->seat && !(m->strayed >> p & 1) &&
            !plays_explained(m, v, e->card, kept, known, 1u << p))
            m->strayed |= 1u << p;
}

/*
 * tree>0: the search of my plays to the end of the play on fixed samples, each at my turn
 * with the same cards laid so far (as I saw them). At each of my turns every card I could
 * lay is laid in every sample and the play runs on (the other seats by the rollout policy)
 * to my next turn; the samples are then grouped by what I saw on the way (who laid which rank,
 * who could not go on), and each group is searched on: my next card may depend only on what I
 * have seen, never on the sample. A group of fewer than m->tree samples knows the hidden
 * cards too well (a few samples are a guess at the other hands, not a posterior), so there I
 * play on as expected does. Returns the worth summed over the samples of the best card, which
 * goes to *pick (an index into my hand).
 */
static int tree_before(const struct tree_key *x, const struct tree_key *y) {
    return x->key != y->key ? x->key < y->key : x->i < y->i;
}

/* Sorts by key, then sample: a Shell sort, in place (qsort may allocate). */
static void tree_sort(struct tree_key *k, int n) {
    /* mutate: equivalent 701->702 701->700: any gaps ending in 1 sort (key, i) alike */
    static const int gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
    for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
        int gap = gaps[g];
        for (int i = gap; i < n; i++) {
            struct tree_key t = k[i];
            int j = i;
            for (; j >= gap && tree_before(&t, &k[j - gap]); j -= gap) k[j] = k[j - gap];
            k[j] = t;
        }
    }
}

static uint64_t tree_mix(uint64_t h, uint64_t x) {
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

/* Adds what s, its play over, is worth to *sum, after the show (objective=win). */
static void tally(const mc_player *m, cs_sim *s, const cs_view *v, worth *sum) {
    if (m->objective != OBJECTIVE_POINTS) cs_sim_show(s);
    worth w = utility(m, s, v);
    sum->goal += w.goal;
    sum->points += w.points;
}

static worth tree_search(mc_player *m, const cs_view *v, int level, const cs_sim *from,
                         const struct tree_key *group, int n, unsigned only, int *pick) {
    int me = v->seat;
    worth best = {-INFINITY, -INFINITY};
    const cs_sim *s0 = &from[group[0].i];
    if (level > 0 && n < m->tree) {
        best = (worth){0, 0};
        for (int g = 0; g < n; g++) {
            cs_sim s = from[group[g].i];
            worth w = roll_on(m, &s, v);
            best.goal += w.goal;
            best.points += w.points;
        }
        return best;
    }
    cs_sim *sim = m->tree_sim + (size_t)(level + 1) * (size_t)m->samples;
    struct tree_key *key = m->tree_key + (size_t)(level + 1) * (size_t)m->samples;
    unsigned ranks = 0;
    for (int c = 0; c < s0->n_hand[me]; c++) {
        int rk = cs_card_rank(s0->hand[me][c]);
        if (s0->pile.count + cs_card_value(s0->hand[me][c]) > 31 || (ranks >> rk & 1) ||
            !(only >> rk & 1))
            continue;
        ranks |= 1u << rk;
        worth sum = {0, 0};
        for (int g = 0; g < n; g++) {
            cs_sim *s = &sim[g];
            *s = from[group[g].i];
            /* my card of that rank: the same index in every sample (my hand is the same) */
            cs_sim_lay(s, me, c);
            uint64_t h = 1;
            int t, cut = 0;
            while ((t = cs_sim_advance(s)) >= 0 && !(cut = cut_here(m, s, v, t)) && t != me) {
                int i = cs_sim_policy(s, t);
                h = tree_mix(h, (uint64_t)(t * 16 + cs_card_rank(s->hand[t][i]) + 1));
                cs_sim_lay(s, t, i);
            }
            /* `| 1` keeps a hash off 0 (a play that ended) and keeps the keys' order */
            /* mutate: equivalent 1->0: a hash 0, or two unequal in bit 0 only, has odds 2^-63 */
            key[g].key = t < 0 || cut ? 0 : tree_mix(h, 99) | 1;
            key[g].i = g;
        }
        tree_sort(key, n);
        for (int a = 0, b; a < n; a = b) {
            for (b = a + 1; b < n && key[b].key == key[a].key; b++) continue;
            if (key[a].key != 0) {
                worth w = tree_search(m, v, level + 1, sim, key + a, b - a, ~0u, NULL);
                sum.goal += w.goal;
                sum.points += w.points;
                continue;
            }
            for (int g = a; g < b; g++) {
                cs_sim *s = &sim[key[g].i];
                if (m->cutoff == 0 || played_out(s)) {
                    tally(m, s, v, &sum);
                    continue;
                }
                /* stopped at a cut (cutoff) */
                worth w = roll_on(m, s, v);
                sum.goal += w.goal;
                sum.points += w.points;
            }
        }
        double d = sum.goal - best.goal;
        if (d > 1e-9 || (d > -1e-9 && sum.points > best.points + 1e-9)) {
            best = sum;
            if (pick) *pick = c;
        }
    }
    return best;
}

static int mc_play(void *self, const cs_view *v, cs_card *out) {
    mc_player *m = self;
    int not_ready = unready(m);
    if (not_ready) return not_ready;
    const cs_rules *r = v->rules;
    int n = r->players, hand = cs_rules_hand_size(r);
    /* Candidates: one legal card per rank (suits do not matter once the hand is kept). */
    int cand[CS_MAX_HAND], n_cand = 0, ranks = 0;
    for (int i = 0; i < v->n_hand; i++) {
        int rk = cs_card_rank(v->hand[i]);
        if (v->count + cs_card_value(v->hand[i]) > 31 || (ranks >> rk & 1)) continue;
        ranks |= 1 << rk;
        cand[n_cand++] = i;
    }
    if (n_cand == 0) return CS_EILLEGAL;
    if (n_cand == 1) {
        *out = v->hand[cand[0]];
        return CS_OK;
    }
    if (m->opening == OPENING_TABLE && r->players == 2 && r->target - v->score[0] > OPENING_FAR &&
        r->target - v->score[1] > OPENING_FAR && cs_expert_opening(v, 1, 1, out))
        return CS_OK;
    int win = m->objective != OBJECTIVE_POINTS;
    stakes_set(&m->st, m, v);
    cs_seen seen;
    cs_seen_from_view(v, &seen);
    cs_sim base;
    memset(&base, 0, sizeof base);
    base.rules = win ? r : &m->points_rules;
    sim_policy(m, &base, v);
    base.players = n;
    base.hand_size = hand;
    base.dealer = v->dealer;
    base.starter = v->starter;
    for (int i = 0; i < v->n_plays && i < CS_MAX_PLAYS; i++) {
        base.play_seat[i] = v->play_seat[i];
        base.play_card[i] = v->play_card[i];
    }
    base.n_plays = v->n_plays < CS_MAX_PLAYS ? v->n_plays : CS_MAX_PLAYS;
    for (int i = 0; i < v->n_discards && i < CS_MAX_DISCARD; i++)
        base.tossed[v->seat][i] = v->discards[i];
    base.n_tossed[v->seat] = v->n_discards < CS_MAX_DISCARD ? v->n_discards : CS_MAX_DISCARD;
    base.last = -1;
    base_scores(v, &base);
    cs_peg_pile_from_view(v, &base.pile);
    for (int i = 0; i < v->n_hand; i++) base.hand[v->seat][i] = v->hand[i];
    base.n_hand[v->seat] = v->n_hand;
    for (int i = 0; i < hand; i++) base.kept[v->seat][i] = v->kept[i];
    /* The cards each other seat has played: part of its hand for the show. */
    int played[CS_MAX_PLAYERS] = {0};
    for (int i = 0; i < v->n_plays; i++) {
        int p = v->play_seat[i];
        if (p != v->seat && played[p] < CS_MAX_HAND) base.kept[p][played[p]++] = v->play_card[i];
    }
    int n_crib = 0;
    for (int i = 0; i < v->n_discards && i < CS_MAX_DISCARD; i++)
        base.crib[n_crib++] = v->discards[i];
    base.played = seen.played;
    base.memo = m->memo;
    base.known[v->seat] = seen.mine;
    for (int p = 0; p < n; p++) {
        base.bound[p] = seen.no_value_upto[p];
        if (p == v->seat) continue;
        for (int i = 0; i < played[p]; i++) base.known[p] |= cs_cardset_of(base.kept[p][i]);
    }

    race rc;
    race_init(&rc, n_cand, race_eps(m));
    int used = 0;
    long tries = 0;
    for (long k = 0; k < m->samples && rc.n_alive > 1; k++) {
        cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT], tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD];
        cs_cardset rest;
        cs_sim b;
        if (m->hidden == HIDDEN_EXPECTED) {
            if (cs_seen_sample_discarders(&seen, r, v->dealer, &m->crib, HIDDEN_TRIES, &m->rng,
                                          hands, tossed, &rest) < 0)
                continue;
        } else if (m->hidden == HIDDEN_PLAYS) {
            /* The discard model's draws until one explains the plays of the seats still held
             * to the model too (the last draw stands after PLAYS_TRIES, or past the budget). */
            unsigned check = ((1u << n) - 1) & ~(1u << v->seat) & ~m->strayed;
            int fell = -1;
            for (int t = 0; t < PLAYS_TRIES; t++) {
                fell = cs_seen_sample_discarders(&seen, r, v->dealer, &m->crib, HIDDEN_TRIES,
                                                 &m->rng, hands, tossed, &rest);
                if (fell < 0) break;
                give_holdings(m, &b, &base, v, played, hands, tossed);
                int spent = tries++ >= PLAYS_BUDGET * m->samples;
                if (fell > 0 || spent || plays_explained(m, v, b.starter, b.kept, b.known, check))
                    break;
            }
            if (fell < 0) continue;
        } else if (m->hidden == HIDDEN_NN) {
            /* The discard model's draws, each kept with the chance the network gives the other
             * seats' plays (rejection: the kept draws follow the model's law weighed by that
             * chance); the last draw stands after PLAYS_TRIES, or past the budget. */
            unsigned check = ((1u << n) - 1) & ~(1u << v->seat);
            int fell = -1;
            for (int t = 0; t < PLAYS_TRIES; t++) {
                fell = cs_seen_sample_discarders(&seen, r, v->dealer, &m->crib, HIDDEN_TRIES,
                                                 &m->rng, hands, tossed, &rest);
                if (fell < 0) break;
                give_holdings(m, &b, &base, v, played, hands, tossed);
                int spent = tries++ >= PLAYS_BUDGET * m->samples;
                if (fell > 0 || spent) break;
                int n_tossed[CS_MAX_PLAYERS];
                cs_card toss[CS_MAX_PLAYERS][CS_MAX_DISCARD];
                for (int p = 0; p < n; p++) {
                    const cs_card *from = p == v->seat ? v->discards : tossed[p];
                    int n_from = p == v->seat ? v->n_discards : r->discards;
                    n_tossed[p] = 0;
                    for (int i = 0; i < n_from && i < CS_MAX_DISCARD; i++)
                        if (from[i] != CS_NO_CARD) toss[p][n_tossed[p]++] = from[i];
                }
                double w = nn_weight(m->net, v, &m->points_rules, b.kept, toss, n_tossed, check,
                                     m->nn_scratch);
                if (ldexp(cs_pcg32_next(&m->rng), -32) < w) break;
            }
            if (fell < 0) continue;
        } else {
            if (cs_seen_sample(&seen, 0, &m->rng, hands, &rest) != 0) continue;
            for (int p = 0; p < n; p++)
                for (int i = 0; i < CS_MAX_DISCARD; i++) tossed[p][i] = CS_NO_CARD;
        }
        if (m->hidden != HIDDEN_PLAYS && m->hidden != HIDDEN_NN)
            give_holdings(m, &b, &base, v, played, hands, tossed);
        used++;
        /* The other seats' discards as drawn (none drawn with hidden=uniform), for the
         * observations of rollout=nn. */
        for (int p = 0; p < n; p++) {
            if (p == v->seat) continue;
            b.n_tossed[p] = 0;
            for (int i = 0; i < r->discards && i < CS_MAX_DISCARD; i++)
                if (tossed[p][i] != CS_NO_CARD) b.tossed[p][b.n_tossed[p]++] = tossed[p][i];
        }
        if (win) {
            /* The crib: my discards, each other seat's as the model drew them, then the
             * cards nobody is known to have laid away (the pack's, in three-hand). */
            int at = n_crib;
            for (int p = 0; p < n; p++)
                for (int i = 0; i < r->discards && p != v->seat; i++)
                    if (tossed[p][i] != CS_NO_CARD) b.crib[at++] = tossed[p][i];
            while (at < CS_CRIB_SIZE) b.crib[at++] = cs_cardset_draw(&rest, &m->rng);
        }
        if (m->tree > 0) m->tree_sim[used - 1] = b;
        worth w[CS_SPLITS_MAX];
        for (int a = 0; a < rc.n_alive; a++) {
            int c = rc.alive[a];
            cs_sim s = b;
            cs_sim_lay(&s, v->seat, cand[c]);
            w[c] = roll_on(m, &s, v);
        }
        race_add(&rc, w, m->race);
    }
    if (used == 0) return no_deal(m, v);
    if (m->tree > 0 && rc.n_alive > 1) {
        /* A close call: the moves the race left are searched to the end of the play. */
        struct tree_key *all = m->tree_key;
        for (int i = 0; i < used; i++) all[i] = (struct tree_key){1, i};
        unsigned alive = 0;
        for (int a = 0; a < rc.n_alive; a++)
            alive |= 1u << cs_card_rank(v->hand[cand[rc.alive[a]]]);
        int pick = cand[rc.alive[0]];
        tree_search(m, v, 0, m->tree_sim, all, used, alive, &pick);
        *out = v->hand[pick];
        return CS_OK;
    }
    *out = v->hand[cand[race_best(&rc)]];
    return CS_OK;
}

/* With a network (rollout=nn or hidden=nn) its file's checksum: a file replaced between a run
 * and its --resume is noticed; nothing otherwise. */
static void mc_identity(void *self, char *buf, size_t len) {
    const mc_player *m = self;
    if (len > 0) buf[0] = '\0';
    if (m->net != NULL) snprintf(buf, len, "crc32=%08x", (unsigned)m->net->crc);
    if (m->value != NULL) {
        size_t at = strlen(buf);
        snprintf(buf + at, len - at, "%svalue_crc32=%08x", at ? "," : "", (unsigned)m->value->crc);
    }
}

static const char *mc_last_error(void *self) {
    return ((mc_player *)self)->err;
}

const cs_strategy cs_strategy_mc = {
    .name = "mc",
    .version = 8, /* 2: hidden=expected and race=on by default; 3: samples=100;
                     4: rank=expert and width=2 (and the rollouts' memo, the same choices);
                     5: opening=table, width=1 and endwidth=2; 6: hidden=plays;
                     7: tree=4, and the win table in the order a deal counts;
                     8: objective=match's open game by the final margin's law, skunks by
                     margin, the loser dealing the next game (objective=win unchanged) */
    .description = "Monte Carlo search over the hidden cards for every discard and play, "
                   "scoring points or the chance of winning the game",
    .tuned = "its defaults in two-player games against expected and expert; it draws the hidden "
             "hands as if every other seat laid away and pegged as expected does, so its edge "
             "shrinks against players unlike expected",
    .params = MC_PARAMS,
    .n_params = 15,
    .create = mc_create,
    .destroy = mc_destroy,
    .new_game = mc_new_game,
    .discard = mc_discard,
    .play = mc_play,
    .observe = mc_observe,
    .last_error = mc_last_error,
    .identity = mc_identity,
};

/*
 * cs_env.c - the environment API of cs_env.h.
 *
 * A learner's seat is an agent whose answers come from outside: asked for a decision it has not
 * been given, it answers CS_EPENDING, and the game (engine/game.h) stops where it asked. The
 * next action given fills the answer in and the game is stepped again from there, so a game
 * stepped decision by decision is the game a run plays straight through.
 *
 * An env_game is one such game with its agents; the batch (cs_env) is an array of them stepped
 * in parallel, each slot on its own, so the thread count changes nothing. The single state
 * (cs_env_state) is one env_game whose every seat decides from outside and whose cards come
 * as chance outcomes one at a time, stacked into the engine's deck once a deal's hands are
 * all chosen (the starter is set when it is cut). It records every move with the seats that
 * saw it (the history and information states are read from that) and the scores before the
 * last step (its rewards); a seeded state resolves its chance nodes here, in C.
 */
#include "cs_env.h"
#include "step_clock.h"

#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encode.h"
#include "error.h"
#include "game.h"
#include "rules.h"
#include "strategy.h"

/* What a learner seat has been asked. */
enum { ASK_NONE, ASK_DISCARD, ASK_PLAY, ASK_GO };

/* What stepping a game on came to. */
/* mutate: equivalent 1->0: only compared with each other and by sign: 0 1 2 are as good */
enum { ADV_DECISION = 1, ADV_CHANCE, ADV_OVER };

typedef struct env_game env_game;

/* The self of a learner seat's agent. */
typedef struct {
    env_game *eg;
    int seat;
} outside_seat;

struct env_game {
    cs_game *game;
    const cs_rules *rules;
    cs_agent agents[CS_MAX_PLAYERS];
    outside_seat outside[CS_MAX_PLAYERS];
    cs_player *players[CS_MAX_PLAYERS]; /* NULL for a learner seat */
    uint64_t seed, index;
    int ask, seat;                  /* the pending question and its seat */
    cs_card chosen[CS_MAX_DISCARD]; /* a pending discard's cards chosen so far */
    int n_chosen;
    int answer;               /* a pending play's or go's action, -1 none yet */
    uint64_t legal;           /* the pending decision's legal actions, a bit each */
    int base[CS_MAX_PLAYERS]; /* each seat's side's score at the last step */
    int finished;             /* a game has ended in this slot since the reset */
    cs_game_record last;      /* the last game that ended */
    /* explicit chance (cs_env_state) */
    int explicit_chance;
    cs_card drawn[CS_DEAL_DRAW_MAX]; /* the deal's cards chosen so far: hands, crib card */
    int n_drawn;
    uint64_t drawn_set;     /* the same cards, a bit each */
    cs_card seeded_starter; /* the starter the seed's shuffle cuts in this deal */
};

/* ---- the learner's agent ---- */

static int outside_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    outside_seat *o = self;
    env_game *eg = o->eg;
    if (eg->ask == ASK_DISCARD && eg->seat == o->seat && eg->n_chosen == v->rules->discards) {
        for (int d = 0; d < eg->n_chosen; d++) out[d] = eg->chosen[d];
        eg->ask = ASK_NONE;
        eg->n_chosen = 0;
        return CS_OK;
    }
    eg->ask = ASK_DISCARD;
    eg->seat = o->seat;
    eg->n_chosen = 0;
    return CS_EPENDING;
}

static int outside_answer(outside_seat *o, int ask, int *answer) {
    env_game *eg = o->eg;
    if (eg->ask == ask && eg->seat == o->seat && eg->answer >= 0) {
        *answer = eg->answer;
        /* mutate: equivalent 1->0: the next question sets answer to -1 before it is read */
        eg->answer = -1;
        eg->ask = ASK_NONE;
        return CS_OK;
    }
    eg->ask = ask;
    eg->seat = o->seat;
    eg->answer = -1;
    return CS_EPENDING;
}

static int outside_play(void *self, const cs_view *v, cs_card *out) {
    (void)v;
    int a;
    int rc = outside_answer(self, ASK_PLAY, &a);
    if (rc == CS_OK) *out = (cs_card)a;
    return rc;
}

static int outside_go(void *self, const cs_view *v) {
    /* At 31 the series is over and the count starts again: nobody says go, so nobody is asked. */
    if (v->count == 31) return CS_OK;
    int a;
    return outside_answer(self, ASK_GO, &a);
}

/* ---- one game ---- */

/* Sets up the agents: players[s] for a strategy seat, the outside agent for the others. */
static void eg_bind(env_game *eg) {
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        eg->outside[s] = (outside_seat){eg, s};
        if (eg->players[s]) {
            eg->agents[s] = cs_player_agent(eg->players[s]);
        } else {
            eg->agents[s] = (cs_agent){outside_discard, outside_play, NULL, &eg->outside[s],
                                       "learner",       outside_go,   NULL};
        }
    }
}

static void eg_begin(env_game *eg, uint64_t seed, uint64_t index, int first_dealer) {
    eg->seed = seed;
    eg->index = index;
    for (int s = 0; s < eg->rules->players; s++)
        if (eg->players[s]) cs_player_new_game(eg->players[s], eg->rules, seed, index, s);
    cs_game_begin(eg->game, eg->rules, seed, index, first_dealer, eg->agents);
    eg->ask = ASK_NONE;
    eg->n_chosen = 0;
    eg->answer = -1;
    eg->n_drawn = 0;
    eg->drawn_set = 0;
    memset(eg->base, 0, sizeof eg->base);
}

/* Whether the game waits for a chance outcome (explicit chance only). */
static int eg_at_chance(const env_game *eg) {
    if (!eg->explicit_chance) return 0;
    cs_phase ph = cs_game_phase(eg->game);
    return ph == CS_PHASE_CUT_FOR_DEAL || ph == CS_PHASE_DEAL || ph == CS_PHASE_STARTER;
}

/* Steps the game on to the next learner decision, chance node or the end. */
static int eg_advance(env_game *eg) {
    for (;;) {
        if (cs_game_phase(eg->game) == CS_PHASE_OVER) {
            eg->ask = ASK_NONE;
            return ADV_OVER;
        }
        if (eg_at_chance(eg)) return ADV_CHANCE;
        int rc = cs_game_step(eg->game);
        if (rc == CS_EPENDING) return ADV_DECISION;
        if (rc != CS_OK) return rc;
    }
}

/* The pending decision's view, mask and legal set; writes obs and mask when given. */
static void eg_write(env_game *eg, uint8_t *obs, uint8_t *mask) {
    cs_view v;
    cs_game_view(eg->game, eg->seat, &v);
    if (obs) cs_encode_view(&v, eg->chosen, eg->n_chosen, obs);
    uint8_t m[CS_ACT_COUNT];
    uint8_t *out = mask ? mask : m;
    cs_encode_mask(&v, eg->chosen, eg->n_chosen, eg->ask == ASK_GO, out);
    /* Only go and the cards in hand can be marked: read those bytes, not all of the mask. */
    uint64_t legal = (uint64_t)out[CS_ACT_GO] << CS_ACT_GO;
    /* mutate: equivalent <-><=: the byte past the hand is a card, marked only if in the hand */
    for (int i = 0; i < v.n_hand; i++) legal |= (uint64_t)out[v.hand[i]] << v.hand[i];
    eg->legal = legal;
}

/* Gives the pending decision its action (legal: checked by the caller) and steps on. */
static int eg_act(env_game *eg, int action) {
    if (eg->ask == ASK_DISCARD) {
        eg->chosen[eg->n_chosen++] = (cs_card)action;
        if (eg->n_chosen < eg->rules->discards) return ADV_DECISION;
    } else {
        eg->answer = action;
    }
    return eg_advance(eg);
}

/* Each seat's reward for the game's steps since the last (kind), into r[4]; over: it ended. */
static void eg_rewards(env_game *eg, int kind, int over, float r[CS_MAX_PLAYERS]) {
    const cs_rules *rules = eg->rules;
    int players = rules->players, sides = cs_rules_sides(rules);
    int score[CS_MAX_PLAYERS] = {0};
    for (int s = 0; s < CS_MAX_PLAYERS; s++) r[s] = 0;
    for (int s = 0; s < players; s++) score[s] = cs_game_score(eg->game, s);
    if (kind == CS_ENV_REWARD_POINTS) {
        int gain_all = 0;
        for (int side = 0; side < sides; side++) gain_all += score[side] - eg->base[side];
        for (int s = 0; s < players; s++) {
            int side = cs_rules_side(rules, s);
            int own = score[side] - eg->base[side];
            r[s] = (float)own - (float)(gain_all - own) / (float)(sides - 1);
        }
    }
    for (int s = 0; s < players; s++) eg->base[s] = score[s];
    if (!over || kind == CS_ENV_REWARD_POINTS) return;
    cs_game_record rec;
    cs_game_summary(eg->game, &rec);
    int winner = rec.winner, level = 0;
    for (int s = 0; s < players; s++)
        if (rec.skunk[s] > level) level = rec.skunk[s];
    for (int s = 0; s < players; s++) {
        int side = cs_rules_side(rules, s);
        int won = winner == side, tie = winner < 0;
        switch (kind) {
        case CS_ENV_REWARD_WIN: r[s] = won ? 1.0f : tie ? 0.0f : -1.0f; break;
        case CS_ENV_REWARD_MARGIN: {
            int best = -1;
            for (int o = 0; o < sides; o++)
                if (o != side && (best < 0 || score[o] > best)) best = score[o];
            r[s] = (float)(score[side] - best);
            break;
        }
        case CS_ENV_REWARD_CLIPS: r[s] = won ? 2.0f : tie ? 1.0f : 0.0f; break;
        case CS_ENV_REWARD_LEAGUE:
            /* mutate: equivalent >->>=: level 2 gives 2 either way */
            r[s] = won ? (float)(level > 2 ? 2 : level) : -(float)(rules->target - score[side]);
            if (tie) r[s] = 0;
            break;
        }
    }
}

/* Says what went wrong in eg into buf. */
static void eg_error(const env_game *eg, int rc, char *buf, size_t len) {
    int seat = cs_game_error_seat(eg->game);
    const char *why = seat >= 0 && eg->players[seat] ? cs_player_error(eg->players[seat]) : "";
    snprintf(buf, len, "%s%s%s (%s)", cs_game_error(eg->game), why[0] ? ": " : "", why,
             cs_err_message(rc));
}

/* ---- rules and names ---- */

static const char *const REWARD_NAMES[] = {
#define CS_ENV_REWARD_NAME(ident, name) name,
    CS_ENV_REWARD_LIST(CS_ENV_REWARD_NAME)
#undef CS_ENV_REWARD_NAME
};

const char *cs_env_reward_name(int kind) {
    return kind >= 0 && kind < CS_ENV_REWARD_KINDS ? REWARD_NAMES[kind] : NULL;
}

int cs_env_reward_from_name(const char *name) {
    for (int k = 0; name && k < CS_ENV_REWARD_KINDS; k++)
        if (strcmp(name, REWARD_NAMES[k]) == 0) return k;
    return -1;
}

static int say(char *err, size_t len, int rc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (err && len) vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return rc;
}

/* The rules named by a preset and "KEY=VALUE,..." changes, checked. */
static int resolve_rules(const char *preset, const char *set, cs_rules *out, char *err,
                         size_t len) {
    if (!preset) preset = "two";
    if (cs_rules_from_name(preset, out) != CS_OK)
        return say(err, len, CS_EUNKNOWN,
                   "unknown rules '%s' (presets: two, three, four, partners, five-card, "
                   "nz-tournament)",
                   preset);
    if (set && set[0]) {
        enum { MAX_SETS = 32 };
        char buf[1024];
        if (strlen(set) >= sizeof buf)
            return say(err, len, CS_ERANGE, "rule changes too long (%zu bytes)", strlen(set));
        strcpy(buf, set);
        const char *keys[MAX_SETS], *values[MAX_SETS];
        int n = 0;
        for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
            char *eq = strchr(tok, '=');
            if (!eq || eq == tok)
                return say(err, len, CS_ESYNTAX, "rule change '%s': expected KEY=VALUE", tok);
            if (n == MAX_SETS) return say(err, len, CS_ERANGE, "more than %d rule changes", n);
            *eq = '\0';
            keys[n] = tok;
            values[n++] = eq + 1;
        }
        int failed = 0, rc = cs_rules_set_all(out, n, keys, values, &failed);
        if (rc == CS_EUNKNOWN) {
            char list[1024];
            cs_rules_key_list(list, sizeof list);
            return say(err, len, rc, "unknown rule '%s' (rules: %s)", keys[failed], list);
        }
        if (rc != CS_OK)
            return say(err, len, rc, "bad value '%s' for rule '%s'", values[failed], keys[failed]);
    }
    char why[256];
    if (cs_rules_validate(out, why, sizeof why) != CS_OK)
        return say(err, len, CS_ECONFIG, "rules: %s", why);
    return CS_OK;
}

/* ---- the batch ---- */

/* The thread count of each step: step_clock.h. */

struct cs_env {
    cs_rules rules;
    int n, players, threads, reward, started;
    cs_step_clock clock; /* one thread or `threads` for the next step */
    int learner[CS_MAX_PLAYERS];
    env_game *games;
    int *rc;            /* each slot's status in the last step */
    uint64_t *legal;    /* [n]: each slot's pending legal set (0: none), for the step's check */
    uint8_t *final_obs; /* [n][CS_OBS_SIZE]: each slot's last finished game's last observation */
    char err[CS_ENV_ERR_MAX];
};

/* Every strategy seat's spec, checked before any is made (nothing outside starts for a config
 * with a bad seat). Returns 0 or a cs_err with the message naming the seat. */
static int check_seats(const cs_env_config *cfg, unsigned flags, int players, char *err,
                       size_t err_len) {
    for (int s = 0; s < players; s++) {
        if (!cfg->seats[s]) continue;
        char why[CS_ENV_ERR_MAX - 64];
        int rc = cs_spec_check(cfg->seats[s], flags, why, sizeof why);
        if (rc != CS_OK) return say(err, err_len, rc, "seat %d: %s", s, why);
    }
    return CS_OK;
}

int cs_env_create(const cs_env_config *cfg, cs_env **out, char *err, size_t err_len) {
    return cs_env_create_opts(cfg, 0, out, err, err_len);
}

int cs_env_create_opts(const cs_env_config *cfg, unsigned spec_flags, cs_env **out, char *err,
                       size_t err_len) {
    *out = NULL;
    if (cfg->n_games < 1)
        return say(err, err_len, CS_ERANGE, "games in the batch: %d (at least 1)", cfg->n_games);
    if (cfg->reward < 0 || cfg->reward >= CS_ENV_REWARD_KINDS)
        return say(err, err_len, CS_ERANGE, "unknown reward kind %d", cfg->reward);
    if (cfg->threads < 0 || cfg->threads > CS_ENV_THREADS_MAX)
        return say(err, err_len, CS_ERANGE, "threads: %d (1 to %d, or 0 for every core)",
                   cfg->threads, CS_ENV_THREADS_MAX);
    cs_env *env = calloc(1, sizeof *env);
    if (!env) return say(err, err_len, CS_ENOMEM, "out of memory");
    int rc = resolve_rules(cfg->rules, cfg->set, &env->rules, err, err_len);
    if (rc != CS_OK) {
        free(env);
        return rc;
    }
    env->n = cfg->n_games;
    env->players = env->rules.players;
    env->reward = cfg->reward;
    env->threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
    int learners = 0;
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        if (s >= env->players && cfg->seats[s]) {
            int players = env->players;
            cs_env_destroy(env);
            return say(err, err_len, CS_ECONFIG, "seat %d ('%s') is beyond the rules' %d players",
                       s, cfg->seats[s], players);
        }
        env->learner[s] = s < env->players && !cfg->seats[s];
        learners += env->learner[s];
    }
    if (!learners) {
        cs_env_destroy(env);
        return say(err, err_len, CS_ECONFIG, "no learner seat: every seat has a strategy");
    }
    if ((rc = check_seats(cfg, spec_flags, env->players, err, err_len)) != CS_OK) {
        cs_env_destroy(env);
        return rc;
    }
    env->games = calloc((size_t)env->n, sizeof *env->games);
    env->rc = calloc((size_t)env->n, sizeof *env->rc);
    env->legal = calloc((size_t)env->n, sizeof *env->legal);
    env->final_obs = calloc((size_t)env->n, CS_OBS_SIZE);
    if (!env->games || !env->rc || !env->legal || !env->final_obs) {
        cs_env_destroy(env);
        return say(err, err_len, CS_ENOMEM, "out of memory for %d games", cfg->n_games);
    }
    for (int i = 0; i < env->n; i++) {
        env_game *eg = &env->games[i];
        eg->rules = &env->rules;
        eg->game = cs_game_new();
        if (!eg->game) {
            cs_env_destroy(env);
            return say(err, err_len, CS_ENOMEM, "out of memory for %d games", cfg->n_games);
        }
        for (int s = 0; s < env->players; s++) {
            if (!cfg->seats[s]) continue;
            eg->players[s] = cs_player_create_opts(cfg->seats[s], spec_flags, err, err_len);
            if (!eg->players[s]) {
                cs_env_destroy(env);
                return CS_EUNKNOWN;
            }
        }
        eg_bind(eg);
    }
    *out = env;
    return CS_OK;
}

void cs_env_destroy(cs_env *env) {
    if (!env) return;
    for (int i = 0; env->games && i < env->n; i++) {
        cs_game_free(env->games[i].game);
        for (int s = 0; s < CS_MAX_PLAYERS; s++)
            if (env->games[i].players[s]) cs_player_destroy(env->games[i].players[s]);
    }
    free(env->games);
    free(env->rc);
    free(env->legal);
    free(env->final_obs);
    free(env);
}

int cs_env_games(const cs_env *env) {
    return env->n;
}

int cs_env_players(const cs_env *env) {
    return env->players;
}

int cs_env_is_learner(const cs_env *env, int seat) {
    return seat >= 0 && seat < CS_MAX_PLAYERS && env->learner[seat];
}

const char *cs_env_error(const cs_env *env) {
    return env->err;
}

/*
 * Plays slot i on until its learner decides, starting the slot's next games while one ends
 * before that (which a learner seat that decides in every deal never lets happen but for the
 * game that ended at this step). A game that ends leaves its record and the final observation
 * of the learner seat asked last (the final scores, the last cards) in the slot.
 */
static int slot_to_decision(cs_env *env, env_game *eg, int rc) {
    while (rc == ADV_OVER) {
        cs_game_summary(eg->game, &eg->last);
        cs_view v;
        cs_game_view(eg->game, eg->seat, &v);
        cs_encode_view(&v, NULL, 0, env->final_obs + (size_t)(eg - env->games) * CS_OBS_SIZE);
        eg->finished = 1;
        eg_begin(eg, eg->seed, eg->index + (uint64_t)env->n, CS_FIRST_DEALER_CUT);
        rc = eg_advance(eg);
    }
    return rc;
}

/* Writes slot i's outputs for its pending decision. */
static void slot_write(env_game *eg, int i, uint8_t *obs, uint8_t *mask, int8_t *seat) {
    eg_write(eg, obs + (size_t)i * CS_OBS_SIZE, mask + (size_t)i * CS_ACT_COUNT);
    seat[i] = (int8_t)eg->seat;
}

/* Slot `failed`'s message into env->err and its status; CS_OK when failed is env->n (none
 * failed). The batch stops: it must be reset. */
static int failure_at(cs_env *env, int failed) {
    if (failed >= env->n) return CS_OK;
    eg_error(&env->games[failed], env->rc[failed], env->err, sizeof env->err);
    env->started = 0;
    return env->rc[failed];
}

/* The first failing slot's message into env->err; returns its status or 0. */
static int first_failure(cs_env *env) {
    int i = 0;
    while (i < env->n && env->rc[i] >= 0) i++;
    return failure_at(env, i);
}

/* Slot i's first game of seed to its first decision (game i of the seed). */
static void reset_slot(cs_env *env, int i, uint64_t seed, uint8_t *obs, uint8_t *mask,
                       int8_t *seat) {
    env_game *eg = &env->games[i];
    eg->finished = 0;
    eg_begin(eg, seed, (uint64_t)i, CS_FIRST_DEALER_CUT);
    int rc = slot_to_decision(env, eg, eg_advance(eg));
    env->rc[i] = rc < 0 ? rc : 0;
    if (rc == ADV_DECISION) slot_write(eg, i, obs, mask, seat); /* sets eg->legal */
    env->legal[i] = rc == ADV_DECISION ? eg->legal : 0;
}

/* Whether the batch can run on several threads at all. */
static int step_threads_can(const cs_env *env) {
    /* mutate: equivalent >->>=: with one thread the step's team is 1 either way */
    return env->threads > 1 && env->n > 1;
}

int cs_env_reset(cs_env *env, uint64_t seed, uint8_t *obs, uint8_t *mask, int8_t *seat) {
    int n = env->n;
    if (!step_threads_can(env)) { /* no parallel region: see cs_env_step */
        for (int i = 0; i < n; i++) reset_slot(env, i, seed, obs, mask, seat);
    } else {
#pragma omp parallel for schedule(static) num_threads(env->threads)
        for (int i = 0; i < n; i++) reset_slot(env, i, seed, obs, mask, seat);
    }
    int rc = first_failure(env);
    if (rc == CS_OK) env->started = 1;
    return rc;
}

/* Slot i's step with action[i] (checked legal, or CS_ENV_SKIP): its reward, done flag,
 * status (env->rc[i], also returned: below 0 a failure) and, at a decision, its observation,
 * mask, seat and legal set. Touches slot i's memory only. */
static int step_slot(cs_env *env, int i, int kind, const int32_t *action, uint8_t *obs,
                     uint8_t *mask, int8_t *seat, float *reward, uint8_t *done) {
    env_game *eg = &env->games[i];
    float *r = reward + (size_t)i * CS_MAX_PLAYERS;
    if (action[i] == CS_ENV_SKIP) { /* the slot waits: its decision written again */
        for (int s = 0; s < CS_MAX_PLAYERS; s++) r[s] = 0;
        done[i] = 0;
        env->rc[i] = 0;
        slot_write(eg, i, obs, mask, seat);
        return 0;
    }
    int rc = eg_act(eg, action[i]);
    done[i] = rc == ADV_OVER;
    /* mutate: equivalent 0->1: eg_act returns a status (< 0) or an ADV_ (1 to 3), never 0 */
    if (rc >= 0) eg_rewards(eg, kind, rc == ADV_OVER, r);
    rc = slot_to_decision(env, eg, rc);
    /* mutate: equivalent 0->1 <-><=: rc is < 0 or 1 or 2, never 0; a status is read as < 0 */
    env->rc[i] = rc < 0 ? rc : 0;
    if (rc == ADV_DECISION) slot_write(eg, i, obs, mask, seat); /* sets eg->legal */
    env->legal[i] = rc == ADV_DECISION ? eg->legal : 0;
    return env->rc[i];
}

int cs_env_step_threads(const cs_env *env) {
    return step_threads_can(env) && cs_clock_next(&env->clock) ? env->threads : 1;
}

int cs_env_step(cs_env *env, const int32_t *action, uint8_t *obs, uint8_t *mask, int8_t *seat,
                float *reward, uint8_t *done) {
    int n = env->n;
    if (!env->started) {
        snprintf(env->err, sizeof env->err, "step before reset (or after a failure)");
        return CS_ESTATE;
    }
    /*
     * Every slot's action is checked first, on the calling thread, against the compact array of
     * legal sets (a word a slot, written by whichever thread stepped the slot: reading it moves
     * n / 8 cache lines, where reading each game's own set would move n), so that an illegal
     * action anywhere changes nothing. Then one parallel loop steps every slot, each thread the
     * same static share at every step (a slot's state stays in the cache of the core that steps
     * it): one fork and one join a step, where a check inside the region cost a barrier more,
     * and each wait of a sleeping thread costs a wake-up.
     */
    int kind = env->reward, bad = n, failed = n;
    for (int i = 0; i < n; i++) {
        int32_t a = action[i];
        if (a == CS_ENV_SKIP) continue;
        if (a < 0 || a >= CS_ACT_COUNT || !(env->legal[i] >> a & 1)) {
            bad = i;
            break;
        }
    }
    if (bad < n) {
        const env_game *eg = &env->games[bad];
        snprintf(env->err, sizeof env->err,
                 "slot %d (game %llu), seat %d: action %ld is not legal now", bad,
                 (unsigned long long)eg->index, eg->seat, (long)action[bad]);
        return CS_EILLEGAL;
    }
    int many = step_threads_can(env) && cs_clock_choose(&env->clock);
    double start = omp_get_wtime();
    if (!many) {
        /* One thread: no parallel region. Even a team of one costs libgomp a barrier and a
         * futex wake (a system call) at its end, as much as the rest of a single game's
         * step. */
        for (int i = 0; i < n; i++)
            if (step_slot(env, i, kind, action, obs, mask, seat, reward, done) < 0 && i < failed)
                failed = i;
    } else {
#pragma omp parallel for schedule(static) num_threads(env->threads) reduction(min : failed)
        for (int i = 0; i < n; i++)
            if (step_slot(env, i, kind, action, obs, mask, seat, reward, done) < 0 && i < failed)
                failed = i;
    }
    if (step_threads_can(env)) cs_clock_record(&env->clock, many, omp_get_wtime() - start);
    return failure_at(env, failed);
}

int cs_env_final_obs(const cs_env *env, int i, uint8_t obs[CS_OBS_SIZE]) {
    if (i < 0 || i >= env->n || !env->games[i].finished) return CS_ESTATE;
    memcpy(obs, env->final_obs + (size_t)i * CS_OBS_SIZE, CS_OBS_SIZE);
    return CS_OK;
}

int cs_env_last_game(const cs_env *env, int i, uint64_t *game, int *first_dealer, int *deals,
                     int *winner, int16_t score[4]) {
    if (i < 0 || i >= env->n) return CS_ERANGE;
    if (!env->games[i].finished) return CS_ESTATE;
    const cs_game_record *r = &env->games[i].last;
    *game = r->game;
    *first_dealer = r->first_dealer;
    *deals = r->deals;
    *winner = r->winner;
    for (int s = 0; s < 4; s++) score[s] = r->score[s];
    return CS_OK;
}

/* ---- one game, every seat from outside ---- */

struct cs_env_state {
    cs_rules rules;
    env_game eg;
    int reward;
    int before[CS_MAX_PLAYERS]; /* each seat's side's score before the last step */
    cs_env_move *moves;         /* every action and outcome applied, in order */
    int n_moves, cap_moves;
};

cs_env_state *cs_env_state_new(const char *rules, const char *set, uint64_t seed, uint64_t game,
                               int reward, char *err, size_t err_len) {
    if (reward < 0 || reward >= CS_ENV_REWARD_KINDS) {
        say(err, err_len, CS_ERANGE, "unknown reward kind %d", reward);
        return NULL;
    }
    /* mutate: equivalent 1->2: room for a second state, zeroed and never used */
    cs_env_state *st = calloc(1, sizeof *st);
    if (!st) {
        say(err, err_len, CS_ENOMEM, "out of memory");
        return NULL;
    }
    if (resolve_rules(rules, set, &st->rules, err, err_len) != CS_OK) {
        free(st);
        return NULL;
    }
    st->reward = reward;
    env_game *eg = &st->eg;
    eg->rules = &st->rules;
    /* mutate: equivalent 1->2: read only as true or false */
    eg->explicit_chance = 1;
    eg->game = cs_game_new();
    if (!eg->game) {
        free(st);
        say(err, err_len, CS_ENOMEM, "out of memory");
        return NULL;
    }
    eg_bind(eg);
    eg_begin(eg, seed, game, CS_FIRST_DEALER_CUT);
    eg_advance(eg);
    return st;
}

void cs_env_state_free(cs_env_state *st) {
    if (!st) return;
    cs_game_free(st->eg.game);
    free(st->moves);
    free(st);
}

cs_env_state *cs_env_state_clone(const cs_env_state *st) {
    cs_env_state *c = malloc(sizeof *c);
    if (!c) return NULL;
    *c = *st;
    c->eg.rules = &c->rules;
    c->moves = NULL;
    c->cap_moves = 0;
    if (st->n_moves) {
        /* room for a deal's moves more, so a clone stepped on grows rarely */
        /* mutate: equivalent 64->63 64->65: only when the moves grow changes (record_move) */
        c->cap_moves = st->n_moves + 64;
        c->moves = malloc((size_t)c->cap_moves * sizeof *c->moves);
        if (!c->moves) {
            free(c);
            return NULL;
        }
        memcpy(c->moves, st->moves, (size_t)st->n_moves * sizeof *c->moves);
    }
    c->eg.game = cs_game_new();
    if (!c->eg.game) {
        free(c->moves);
        free(c);
        return NULL;
    }
    cs_game_copy(c->eg.game, st->eg.game);
    eg_bind(&c->eg);
    cs_game_rebind(c->eg.game, &c->rules, c->eg.agents);
    return c;
}

int cs_env_state_players(const cs_env_state *st) {
    return st->rules.players;
}

int cs_env_state_current(const cs_env_state *st) {
    if (cs_game_phase(st->eg.game) == CS_PHASE_OVER) return CS_ENV_TERMINAL;
    if (eg_at_chance(&st->eg)) return CS_ENV_CHANCE;
    return st->eg.seat;
}

/* Whether card c was chosen for this deal's hands or its crib card. */
static int drawn_has(const env_game *eg, int c) {
    return (int)(eg->drawn_set >> c & 1);
}

/* The legal actions or outcomes, a bit each (bit a for action a); *n their number. */
static uint64_t state_legal_set(const cs_env_state *st, int *n) {
    const env_game *eg = &st->eg;
    uint64_t set;
    switch (cs_env_state_current(st)) {
    case CS_ENV_TERMINAL: set = 0; break;
    case CS_ENV_CHANCE:
        if (cs_game_phase(eg->game) == CS_PHASE_CUT_FOR_DEAL)
            set = (1ull << st->rules.players) - 1;
        else
            set = ((1ull << CS_DECK_SIZE) - 1) & ~eg->drawn_set;
        break;
    default: set = eg->legal; break;
    }
    *n = __builtin_popcountll(set);
    return set;
}

int cs_env_state_legal(const cs_env_state *st, uint8_t mask[CS_ACT_COUNT]) {
    int n;
    uint64_t set = state_legal_set(st, &n);
    for (int a = 0; a < CS_ACT_COUNT; a++) mask[a] = (uint8_t)(set >> a & 1);
    return n;
}

int cs_env_state_legal_list(const cs_env_state *st, uint8_t out[CS_ACT_COUNT]) {
    int n, k = 0;
    uint64_t set = state_legal_set(st, &n);
    while (set) {
        out[k++] = (uint8_t)__builtin_ctzll(set);
        set &= set - 1;
    }
    return n;
}

int cs_env_state_num_legal(const cs_env_state *st) {
    int n;
    state_legal_set(st, &n);
    return n;
}

int cs_env_state_legal_at(const cs_env_state *st, long k) {
    int n;
    uint64_t set = state_legal_set(st, &n);
    if (k < 0 || k >= n) return -1;
    for (; k > 0; k--) set &= set - 1;
    return __builtin_ctzll(set);
}

int cs_env_state_is_legal(const cs_env_state *st, long action) {
    int n;
    if (action < 0 || action >= CS_ACT_COUNT) return 0;
    return (int)(state_legal_set(st, &n) >> action & 1);
}

/* The deal's cards are all chosen but the starter: into the engine's deck, and dealt. */
static int deal_drawn(env_game *eg) {
    cs_card order[CS_DEAL_DRAW_MAX], shuffled[CS_DEAL_DRAW_MAX];
    int n = cs_game_next_deal_order(eg->game, shuffled);
    if (n < 0) return n;
    eg->seeded_starter = shuffled[n - 1];
    memcpy(order, eg->drawn, (size_t)eg->n_drawn);
    /* A stand-in starter, replaced when the starter is cut (cs_game_set_starter). */
    cs_card stand_in = 0;
    while (drawn_has(eg, stand_in)) stand_in++;
    order[n - 1] = stand_in;
    int rc = cs_game_stack_deck(eg->game, order, n);
    if (rc != CS_OK) return rc;
    return cs_game_step(eg->game);
}

/* Records the move about to be applied (actor, action, the seats that see it, its kind). */
static int record_move(cs_env_state *st, int action) {
    if (st->n_moves == st->cap_moves) {
        /* mutate: equivalent 256->255 256->257: the first capacity, only when it grows changes */
        int cap = st->cap_moves ? 2 * st->cap_moves : 256;
        cs_env_move *m = realloc(st->moves, (size_t)cap * sizeof *m);
        if (!m) return CS_ENOMEM;
        st->moves = m;
        st->cap_moves = cap;
    }
    int cur = cs_env_state_current(st), kind = CS_ENV_MOVE_DECISION;
    if (cur == CS_ENV_CHANCE) {
        cs_phase ph = cs_game_phase(st->eg.game);
        kind = ph == CS_PHASE_CUT_FOR_DEAL ? CS_ENV_MOVE_CUT
               : ph == CS_PHASE_DEAL       ? CS_ENV_MOVE_DEAL
                                           : CS_ENV_MOVE_STARTER;
    }
    st->moves[st->n_moves] = (cs_env_move){(int8_t)cur, (uint8_t)action,
                                           (uint8_t)cs_env_state_visibility(st), (uint8_t)kind};
    return CS_OK;
}

/* Applies a legal move (checked by the caller) and records it. */
static int state_apply(cs_env_state *st, int action) {
    env_game *eg = &st->eg;
    int rc = record_move(st, action);
    if (rc != CS_OK) return rc;
    if (cs_env_state_current(st) == CS_ENV_CHANCE) {
        const cs_rules *r = &st->rules;
        switch (cs_game_phase(eg->game)) {
        case CS_PHASE_CUT_FOR_DEAL:
            cs_game_begin(eg->game, r, eg->seed, eg->index, action, eg->agents);
            break;
        case CS_PHASE_DEAL:
            eg->drawn[eg->n_drawn++] = (cs_card)action;
            eg->drawn_set |= 1ull << action;
            if (eg->n_drawn == r->players * r->cards_dealt + r->crib_from_deck) {
                rc = deal_drawn(eg);
                if (rc != CS_OK) return rc;
            }
            break;
        default: /* the starter */
            rc = cs_game_set_starter(eg->game, (cs_card)action);
            if (rc != CS_OK) return rc;
            eg->n_drawn = 0;
            eg->drawn_set = 0;
            rc = cs_game_step(eg->game);
            if (rc != CS_OK) return rc;
            break;
        }
        rc = eg_advance(eg);
    } else {
        rc = eg_act(eg, action);
    }
    if (rc < 0) return rc;
    st->n_moves++;
    if (rc == ADV_DECISION) eg_write(eg, NULL, NULL);
    return CS_OK;
}

int cs_env_state_apply(cs_env_state *st, int action) {
    if (!cs_env_state_is_legal(st, action)) return CS_EILLEGAL;
    for (int s = 0; s < st->rules.players; s++) st->before[s] = cs_game_score(st->eg.game, s);
    return state_apply(st, action);
}

int cs_env_state_resolve(cs_env_state *st) {
    while (cs_env_state_current(st) == CS_ENV_CHANCE) {
        env_game *eg = &st->eg;
        if (cs_game_phase(eg->game) == CS_PHASE_DEAL) {
            /* the deal's order once, its remaining cards in turn */
            cs_card order[CS_DEAL_DRAW_MAX];
            int n = cs_game_next_deal_order(eg->game, order);
            if (n < 0) return n;
            for (int i = eg->n_drawn; i < n - 1; i++) {
                int rc = state_apply(st, order[i]);
                if (rc != CS_OK) return rc;
            }
            continue;
        }
        int a = cs_env_state_seeded(st);
        if (a < 0) return CS_ENOMEM;
        int rc = state_apply(st, a);
        if (rc != CS_OK) return rc;
    }
    return CS_OK;
}

int cs_env_state_moves(const cs_env_state *st, const cs_env_move **moves) {
    *moves = st->moves;
    return st->n_moves;
}

int cs_env_state_seeded(const cs_env_state *st) {
    const env_game *eg = &st->eg;
    if (cs_env_state_current(st) != CS_ENV_CHANCE) return -1;
    switch (cs_game_phase(eg->game)) {
    case CS_PHASE_CUT_FOR_DEAL: {
        cs_game *g = cs_game_new();
        if (!g) return -1;
        cs_game_copy(g, eg->game);
        cs_game_step(g);
        cs_game_record rec;
        cs_game_summary(g, &rec);
        cs_game_free(g);
        return rec.first_dealer;
    }
    case CS_PHASE_DEAL: {
        cs_card order[CS_DEAL_DRAW_MAX];
        /* mutate: equivalent 0->1 1->0: in the deal it cannot fail, and returns 13 or more */
        if (cs_game_next_deal_order(eg->game, order) < 0) return -1;
        return order[eg->n_drawn];
    }
    default: return eg->seeded_starter;
    }
}

unsigned cs_env_state_visibility(const cs_env_state *st) {
    const env_game *eg = &st->eg;
    const cs_rules *r = &st->rules;
    unsigned all = (1u << r->players) - 1;
    int cur = cs_env_state_current(st);
    if (cur == CS_ENV_TERMINAL) return 0;
    if (cur == CS_ENV_CHANCE) {
        if (cs_game_phase(eg->game) != CS_PHASE_DEAL) return all;
        if (eg->n_drawn >= r->players * r->cards_dealt) return 0; /* the crib card */
        int dealer = cs_game_dealer(eg->game);
        return 1u << ((dealer + 1 + eg->n_drawn % r->players) % r->players);
    }
    return eg->ask == ASK_DISCARD ? 1u << eg->seat : all;
}

int cs_env_state_observe(const cs_env_state *st, int seat, uint8_t obs[CS_OBS_SIZE]) {
    const env_game *eg = &st->eg;
    if (seat < 0 || seat >= st->rules.players) return CS_ERANGE;
    cs_view v;
    cs_game_view(eg->game, seat, &v);
    int own = eg->ask == ASK_DISCARD && eg->seat == seat;
    cs_encode_view(&v, eg->chosen, own ? eg->n_chosen : 0, obs);
    return CS_OK;
}

/* Each seat's reward by the state's kind for the scores moved from base, the end counted when
 * the game is over. */
static void state_rewards(const cs_env_state *st, const int base[CS_MAX_PLAYERS], double out[4]) {
    env_game copy = st->eg; /* eg_rewards moves the base: work on a copy */
    float r[CS_MAX_PLAYERS];
    int over = cs_game_phase(st->eg.game) == CS_PHASE_OVER;
    memcpy(copy.base, base, sizeof copy.base);
    eg_rewards(&copy, st->reward, over, r);
    for (int s = 0; s < 4; s++) out[s] = r[s];
}

void cs_env_state_returns(const cs_env_state *st, double out[4]) {
    static const int zero[CS_MAX_PLAYERS];
    state_rewards(st, zero, out);
}

void cs_env_state_rewards(const cs_env_state *st, double out[4]) {
    /* mutate: equivalent 0->1: no move and the cut for deal, the first, both score nothing */
    if (st->n_moves == 0) {
        memset(out, 0, 4 * sizeof *out);
        return;
    }
    state_rewards(st, st->before, out);
}

const char *cs_env_state_phase(const cs_env_state *st) {
    return cs_phase_name(cs_game_phase(st->eg.game));
}

int cs_env_state_score(const cs_env_state *st, int seat) {
    return seat >= 0 && seat < st->rules.players ? cs_game_score(st->eg.game, seat) : CS_ERANGE;
}

uint64_t cs_env_state_seed(const cs_env_state *st) {
    return st->eg.seed;
}

int cs_env_state_sides(const cs_env_state *st) {
    return cs_rules_sides(&st->rules);
}

int cs_env_state_target(const cs_env_state *st) {
    return st->rules.target;
}

int cs_env_state_max_length(const cs_env_state *st, int *chance) {
    const cs_rules *r = &st->rules;
    /* Every deal ends with the last card's point at least, so some side gains a point a deal
     * and a deal begins only while every side is below the target: at most
     * sides * (target - 1) + 1 deals. A deal's decisions: each seat's discards, its cards
     * played, and a go at most once a series per seat holding cards, a series ending with at
     * least one card laid: at most players gos a card played. */
    long deals = (long)cs_rules_sides(r) * (r->target - 1) + 1;
    if (r->max_deals > 0 && r->max_deals < deals) deals = r->max_deals;
    long plays = (long)r->players * (r->cards_dealt - r->discards);
    long decisions = (long)r->players * r->discards + plays * (1 + r->players);
    long draws = (long)r->players * r->cards_dealt + r->crib_from_deck + 1;
    if (chance) *chance = (int)(1 + deals * draws);
    return (int)(deals * decisions);
}

void cs_env_state_game(const cs_env_state *st, uint64_t *game, int *first_dealer, int *deals,
                       int *winner, int16_t score[4]) {
    cs_game_record r;
    cs_game_summary(st->eg.game, &r);
    *game = r.game;
    *first_dealer = r.first_dealer;
    *deals = r.deals;
    *winner = r.winner;
    for (int s = 0; s < 4; s++) score[s] = r.score[s];
}

/* Appends the cards as text ("5H TD") to buf at *at. */
static void put_cards(char *buf, size_t len, size_t *at, const cs_card *cards, int n) {
    for (int i = 0; i < n && *at < len; i++) {
        char c[CS_CARD_TEXT_MAX];
        cs_card_format(cards[i], c);
        *at += (size_t)snprintf(buf + *at, len - *at, "%s%s", i ? " " : "", c);
    }
}

int cs_env_state_describe(const cs_env_state *st, int seat, char *buf, size_t len) {
    const env_game *eg = &st->eg;
    if (len > 0) buf[0] = '\0';
    if (seat < 0 || seat >= st->rules.players) return CS_ERANGE;
    if (len == 0) return 0;
    cs_view v;
    cs_game_view(eg->game, seat, &v);
    size_t at = 0;
    int chosen = eg->ask == ASK_DISCARD && eg->seat == seat ? eg->n_chosen : 0;
    cs_card hand[CS_MAX_DEALT];
    int n = 0;
    for (int i = 0; i < v.n_hand; i++) {
        int picked = 0;
        for (int k = 0; k < chosen; k++) picked |= eg->chosen[k] == v.hand[i];
        if (!picked) hand[n++] = v.hand[i];
    }
    at += (size_t)snprintf(buf, len, "seat %d, deal %d, dealer %d, %s; hand ", seat, v.deal + 1,
                           cs_game_dealer(eg->game), cs_env_state_phase(st));
    put_cards(buf, len, &at, hand, n);
    if (at < len) at += (size_t)snprintf(buf + at, len - at, "; laid away ");
    put_cards(buf, len, &at, eg->chosen, chosen);
    put_cards(buf, len, &at, v.discards, v.n_discards);
    if (v.starter != CS_NO_CARD && at < len) {
        at += (size_t)snprintf(buf + at, len - at, "; starter ");
        put_cards(buf, len, &at, &v.starter, 1);
    }
    if (at < len) at += (size_t)snprintf(buf + at, len - at, "; pile ");
    put_cards(buf, len, &at, v.pile, v.n_pile);
    /* mutate: equivalent <-><=: at == len writes nothing, and what follows sees at >= len */
    if (at < len) at += (size_t)snprintf(buf + at, len - at, " (count %d); scores", v.count);
    for (int s = 0; s < st->rules.players && at < len; s++)
        at += (size_t)snprintf(buf + at, len - at, " %d", v.score[s]);
    return (int)(at < len ? at : len - 1);
}

/* ---- a strategy deciding for a state ---- */

/*
 * A discard of two cards is one decision answered one card at a time. The decision is made
 * from the state alone (the seat's view with its whole hand, which the first card laid away
 * leaves in it); `made` keeps the last one made with the decision point it answers, so a
 * later card of the same decision point takes the same answer without a second draw from the
 * stream. A Strategy asked about any other point (a fresh one, or one stepping other games in
 * between) decides there afresh: a strategy without randomness answers the same.
 */
typedef struct {
    int valid;
    uint64_t seed, game, hand; /* the point: the game, its deal, the seat and its hand */
    int deal, seat;
    cs_card cards[CS_MAX_DISCARD];
} discard_made;

struct cs_env_strategy {
    cs_player *player;
    int bound; /* new_game called for (seed, game, seat) below */
    uint64_t seed, game;
    int seat;
    discard_made made;
};

cs_env_strategy *cs_env_strategy_new(const char *spec, char *err, size_t err_len) {
    return cs_env_strategy_new_opts(spec, 0, err, err_len);
}

cs_env_strategy *cs_env_strategy_new_opts(const char *spec, unsigned flags, char *err,
                                          size_t err_len) {
    /* mutate: equivalent 1->2: room for a second strategy, zeroed and never used */
    cs_env_strategy *s = calloc(1, sizeof *s);
    if (!s) {
        say(err, err_len, CS_ENOMEM, "out of memory");
        return NULL;
    }
    s->player = cs_player_create_opts(spec, flags, err, err_len);
    if (!s->player) {
        free(s);
        return NULL;
    }
    return s;
}

void cs_env_strategy_free(cs_env_strategy *s) {
    if (!s) return;
    cs_player_destroy(s->player);
    free(s);
}

const char *cs_env_strategy_spec(const cs_env_strategy *s) {
    return cs_player_spec(s->player);
}

/* The seat's discard at the state's pending discard: the one made there already, or made now. */
static int strategy_discard(cs_env_strategy *s, const cs_env_state *st, const cs_view *v,
                            cs_card out[CS_MAX_DISCARD], char *err, size_t err_len) {
    const env_game *eg = &st->eg;
    uint64_t hand = 0;
    for (int i = 0; i < v->n_hand; i++) hand |= 1ull << v->hand[i];
    discard_made *m = &s->made;
    if (m->valid && m->seed == eg->seed && m->game == eg->index && m->seat == eg->seat &&
        m->deal == v->deal && m->hand == hand) {
        memcpy(out, m->cards, sizeof m->cards);
        return CS_OK;
    }
    cs_agent a = cs_player_agent(s->player);
    for (int d = 0; d < CS_MAX_DISCARD; d++) out[d] = CS_NO_CARD;
    int rc = a.discard(a.self, v, out);
    if (rc != CS_OK)
        return say(err, err_len, rc, "%s failed to choose its discards: %s",
                   cs_player_spec(s->player), cs_player_error(s->player));
    *m = (discard_made){1, eg->seed, eg->index, hand, v->deal, eg->seat, {out[0], out[1]}};
    return CS_OK;
}

int cs_env_strategy_act(cs_env_strategy *s, const cs_env_state *st, int *action, char *err,
                        size_t err_len) {
    const env_game *eg = &st->eg;
    int seat = cs_env_state_current(st);
    if (seat < 0) return say(err, err_len, CS_ESTATE, "no seat is to act (a chance or the end)");
    if (!s->bound || s->seed != eg->seed || s->game != eg->index || s->seat != seat) {
        cs_player_new_game(s->player, &st->rules, eg->seed, eg->index, seat);
        s->bound = 1;
        s->seed = eg->seed;
        s->game = eg->index;
        s->seat = seat;
    }
    if (eg->ask == ASK_GO) {
        *action = CS_ACT_GO;
        return CS_OK;
    }
    cs_view v;
    cs_game_view(eg->game, seat, &v);
    int rc;
    if (eg->ask == ASK_DISCARD) {
        cs_card out[CS_MAX_DISCARD];
        rc = strategy_discard(s, st, &v, out, err, err_len);
        if (rc != CS_OK) return rc;
        /* the decision's first card not laid away yet */
        for (int d = 0; d < st->rules.discards; d++) {
            /* mutate: equivalent >=->>: bit 52 is the go, never legal at a discard */
            if (out[d] >= CS_DECK_SIZE || !(eg->legal >> out[d] & 1)) continue;
            *action = out[d];
            return CS_OK;
        }
        return say(err, err_len, CS_EILLEGAL, "%s: its discard does not fit the cards chosen",
                   cs_player_spec(s->player));
    }
    cs_agent a = cs_player_agent(s->player);
    cs_card card = CS_NO_CARD;
    rc = a.play(a.self, &v, &card);
    if (rc != CS_OK)
        return say(err, err_len, rc, "%s failed to choose a card: %s", cs_player_spec(s->player),
                   cs_player_error(s->player));
    if (card >= CS_DECK_SIZE || !(eg->legal >> card & 1))
        return say(err, err_len, CS_EILLEGAL, "%s played an illegal card",
                   cs_player_spec(s->player));
    *action = card;
    return CS_OK;
}

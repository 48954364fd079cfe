/*
 * runner.c - the experiment runner of runner.h.
 *
 * The ring. Batches are numbered in the order they are claimed, which is game order; batch i
 * is played into slot i % n_slots. A thread claims a batch only when its slot is free, i.e.
 * when batch i - n_slots has been written; the master thread writes batches strictly in order
 * (between its own batches, and whenever it waits). No deadlock: the oldest unwritten batch
 * always has its slot (every earlier one is written), so its thread is playing it, and the
 * master writes it as soon as it is ready. The mutex is taken once or twice per batch, never
 * per game.
 */
#include "runner.h"

#include <ctype.h>
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "condwait.h"
#include "error.h"
#include "exec_agent.h"
#include "game.h"
#include "progress.h"
#include "rulesjson.h"
#include "strategy.h"
#include "version.h"

/* ---- signals ---- */

static atomic_int g_interrupt;
static int g_signal_depth;
static struct sigaction g_old_int, g_old_term;

static void on_signal(int sig) {
    (void)sig;
    atomic_store(&g_interrupt, 1);
}

static int signal_flag(void) {
    return atomic_load(&g_interrupt);
}

void cs_runner_signals(int on) {
    if (on) {
        if (g_signal_depth++ > 0) return;
        atomic_store(&g_interrupt, 0);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND; /* a second signal takes the default action: exit now */
        sigaction(SIGINT, &sa, &g_old_int);
        sigaction(SIGTERM, &sa, &g_old_term);
        cs_exec_set_interrupt_check(signal_flag); /* agents' waits answer it too */
    } else {
        if (g_signal_depth == 0 || --g_signal_depth > 0) return;
        sigaction(SIGINT, &g_old_int, NULL);
        sigaction(SIGTERM, &g_old_term, NULL);
    }
}

int cs_runner_interrupted(int clear) {
    return clear ? atomic_exchange(&g_interrupt, 0) : atomic_load(&g_interrupt);
}

/* ---- small parsers ---- */

void cs_experiment_defaults(cs_experiment *e) {
    memset(e, 0, sizeof *e);
    cs_rules_preset(CS_PRESET_TWO, &e->rules);
    e->n_seats = 2;
    snprintf(e->seats[0], CS_H5_SPEC_MAX, "random");
    snprintf(e->seats[1], CS_H5_SPEC_MAX, "random");
    e->seed = 1;
    e->games = 10000;
    e->shard_index = e->shard_count = 1;
    e->sprt_alpha = e->sprt_beta = 0.05;
}

/* Reads a whole number of digits only (no sign or blank) from 1 to INT_MAX at *s, moving *s
 * past it; returns it, or -1 when there is none or it is larger. */
static long shard_number(const char **s) {
    long v = 0;
    const char *p = *s;
    if (!isdigit((unsigned char)*p)) return -1;
    for (; isdigit((unsigned char)*p); p++) {
        v = v * 10 + (*p - '0');
        if (v > INT_MAX) return -1; /* before it can overflow a long */
    }
    *s = p;
    return v;
}

int cs_shard_parse(const char *text, int *k, int *n) {
    const char *p = text;
    long a = shard_number(&p);
    if (a < 0 || *p++ != '/') return CS_ESYNTAX;
    long b = shard_number(&p);
    if (b < 0 || *p != '\0' || a < 1 || a > b) return CS_ESYNTAX;
    *k = (int)a;
    *n = (int)b;
    return 0;
}

int cs_lineup_rotations(int n, const char specs[][CS_H5_SPEC_MAX]) {
    for (int r = 1; r < n; r++) {
        int same = 1;
        for (int s = 0; s < n && same; s++)
            if (strcmp(specs[s], specs[(s + r) % n]) != 0) same = 0;
        if (same) return r;
    }
    return n;
}

/* A piece after a comma continues the previous seat's parameters when it reads name=value
 * with no ':' before the '='. */
static int is_parameter(const char *piece, size_t len) {
    const char *eq = memchr(piece, '=', len);
    const char *colon = memchr(piece, ':', len);
    return eq != NULL && eq != piece && (colon == NULL || colon > eq);
}

int cs_seats_split(const char *list, char out[][CS_H5_SPEC_MAX], int max) {
    int n = 0;
    const char *s = list;
    for (;;) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        const char *next = comma ? comma + 1 : NULL;
        /* "random, greedy" reads as "random,greedy": blanks around a piece are not its own */
        while (len > 0 && (*s == ' ' || *s == '\t')) s++, len--;
        while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
        if (n > 0 && len > 0 && is_parameter(s, len)) {
            size_t have = strlen(out[n - 1]);
            if (have + 1 + len >= CS_H5_SPEC_MAX) return -1;
            snprintf(out[n - 1] + have, CS_H5_SPEC_MAX - have, ",%.*s", (int)len, s);
        } else {
            if (len == 0 || n == max || len >= CS_H5_SPEC_MAX) return -1;
            snprintf(out[n++], CS_H5_SPEC_MAX, "%.*s", (int)len, s);
        }
        if (next == NULL) break;
        s = next;
    }
    return n;
}

int cs_run_exit_status(int rc, const cs_run_result *res) {
    if (rc == 0) return res->interrupted ? 1 : 0;
    if (rc == CS_EINTERRUPT) return 1; /* before the file was made */
    if (rc == CS_ENOMEM || res->started) return 1;
    return 2;
}

/* ---- the run ---- */

typedef enum { SLOT_FREE, SLOT_FILLING, SLOT_READY } slot_state;

typedef struct {
    slot_state state;
    uint64_t first; /* the batch is games [first, first + n) */
    size_t n;
    size_t n_ok;     /* games played without error (n unless one failed) */
    size_t deals_ok; /* deals of those games */
    int err;
    char msg[1024];
    uint64_t current; /* the game being played, for the deal sink */
    cs_games_row *rows;
    cs_deal_record *deals;
    size_t n_deals, cap_deals;
} slot;

typedef struct {
    cs_player *players[CS_MAX_PLAYERS]; /* by lineup seat */
    cs_game *game;
    cs_agent agents[CS_MAX_PLAYERS][CS_MAX_PLAYERS]; /* [rotation][seat] */
    size_t batch;                                    /* size of the next batch */
} worker;

/* What write_batch tells the ring. */
enum { GO_ON = 0, STOP_AFTER_HAND = 1, STOP_DISCARD = 2 };

typedef struct {
    const cs_experiment *e;
    cs_rules rules;
    uint64_t seed;
    int record_deals;
    int n, rotations;
    size_t batch_max;
    uint64_t sprt_every;
    /* the ring, under mu */
    slot *slots;
    size_t n_slots;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint64_t next_game, end_game, next_seq, write_seq;
    int stop, discard;
    /* the writer's state (master thread only) */
    cs_h5_writer *w;
    cs_h5_meta *meta;
    cs_run_result *res;
    cs_progress progress;
    double last_sync;
    int failed; /* a cs_err once a game or the file failed */
    char *err;
    size_t err_len;
} run;

static int deal_sink(void *ctx, const cs_deal_record *d) {
    slot *s = ctx;
    if (s->n_deals == s->cap_deals) {
        size_t cap = s->cap_deals ? 2 * s->cap_deals : 1024;
        cs_deal_record *p = realloc(s->deals, cap * sizeof *p);
        if (p == NULL) return CS_ENOMEM;
        s->deals = p;
        s->cap_deals = cap;
    }
    cs_deal_record *out = &s->deals[s->n_deals++];
    *out = *d;
    out->game = s->current;
    return 0;
}

static void play_batch(run *r, worker *wk, slot *s) {
    int n = r->n;
    s->n_ok = s->n_deals = s->deals_ok = 0;
    s->err = 0;
    for (size_t i = 0; i < s->n; i++) {
        uint64_t g = s->first + i, cards = g / (uint64_t)r->rotations;
        int rot = (int)(g % (uint64_t)r->rotations);
        for (int seat = 0; seat < n; seat++)
            cs_player_new_game(wk->players[(seat + rot) % n], &r->rules, r->seed, g, seat);
        cs_game_begin_keyed(wk->game, &r->rules, r->seed, g, cards, CS_FIRST_DEALER_CUT,
                            wk->agents[rot]);
        s->current = g;
        cs_games_row *row = &s->rows[i];
        int rc = cs_game_run(wk->game, r->record_deals ? deal_sink : NULL, s, &row->game);
        if (rc < 0) {
            int seat = cs_game_error_seat(wk->game);
            const char *why = cs_game_error(wk->game);
            if (why == NULL || why[0] == '\0') why = cs_err_message(rc);
            if (seat >= 0 && seat < n) {
                const char *more = cs_player_error(wk->players[(seat + rot) % n]);
                snprintf(s->msg, sizeof s->msg,
                         "game %llu (rotation %d): seat %d, played by %s: %s%s%s",
                         (unsigned long long)g, rot, seat, r->res->seats[(seat + rot) % n], why,
                         more && more[0] ? "; " : "", more ? more : "");
            } else
                snprintf(s->msg, sizeof s->msg, "game %llu (rotation %d): %s",
                         (unsigned long long)g, rot, why);
            s->err = rc;
            return;
        }
        row->game.game = g;
        row->card_game = cards;
        row->rotation = (uint8_t)rot;
        s->n_ok++;
        s->deals_ok = s->n_deals;
    }
}

/* Counts one complete game into the summary (and the SPRT), in game order. */
static void tally(run *r, const cs_games_row *row) {
    cs_run_result *res = r->res;
    int n = r->n, rot = row->rotation, winner = row->game.winner;
    for (int i = 0; i < n; i++) {
        int seat = (i - rot % n + n) % n, side = cs_rules_side(&r->rules, seat);
        int against = INT_MIN;
        for (int t = 0; t < n; t++)
            if (cs_rules_side(&r->rules, t) != side && row->game.score[t] > against)
                against = row->game.score[t];
        cs_seat_result *sr = &res->seat[i];
        if (winner < 0)
            sr->ties++;
        else if (winner == side)
            sr->wins++;
        sr->points += row->game.score[seat];
        sr->against += against;
    }
    res->games++;
    if (res->has_sprt) {
        int side_a = cs_rules_side(&r->rules, (n - rot % n) % n);
        cs_sprt_add(&res->sprt, winner < 0 ? 0 : winner == side_a ? 1 : -1);
    }
}

/* After tallying game number res->games: whether the SPRT decides here. It is checked every
 * sprt_every games and after the last game, so a run that ends before a check point still
 * reports the decision its games support (the same however the run was split). */
static int sprt_decides(run *r) {
    cs_run_result *res = r->res;
    if (!res->has_sprt) return 0;
    if (res->games % r->sprt_every != 0 && res->game_begin + res->games != res->game_end) return 0;
    res->decision = cs_sprt_decide(&res->sprt);
    return res->decision != CS_SPRT_CONTINUE;
}

static void meta_progress(run *r, const char *status) {
    cs_h5_meta *m = r->meta;
    m->games_completed = r->res->games;
    snprintf(m->status, sizeof m->status, "%s", status);
    m->threads = r->res->threads;
    if (m->has_sprt) {
        snprintf(m->sprt_decision, sizeof m->sprt_decision, "%s",
                 cs_sprt_decision_name(r->res->decision));
        m->sprt_llr = r->res->sprt.llr;
        m->sprt_lower = r->res->sprt.lower;
        m->sprt_upper = r->res->sprt.upper;
    }
}

static void fail_with(run *r, int rc, const char *msg) {
    if (r->failed) return;
    r->failed = rc;
    snprintf(r->err, r->err_len, "%s", msg);
}

/* Writes a ready batch (master thread, without the lock). Returns GO_ON or a stop. */
static int write_batch(run *r, slot *s) {
    const cs_experiment *e = r->e;
    size_t n = s->n_ok, n_deals = s->deals_ok;
    int stop = GO_ON;
    for (size_t i = 0; i < n; i++) {
        tally(r, &s->rows[i]);
        if (sprt_decides(r)) {
            n = i + 1;
            stop = STOP_DISCARD;
            break;
        }
    }
    if (n < s->n_ok) { /* the SPRT ended the run inside this batch: keep its games' deals */
        uint64_t limit = s->first + n;
        while (n_deals > 0 && s->deals[n_deals - 1].game >= limit) n_deals--;
    }
    if (r->w != NULL && (cs_h5_write_games(r->w, s->rows, n) != 0 ||
                         cs_h5_write_deals(r->w, s->deals, n_deals) != 0)) {
        fail_with(r, CS_EIO, cs_h5_writer_error(r->w));
        return STOP_DISCARD;
    }
    r->res->played += n;
    if (s->err == CS_EINTERRUPT && stop == GO_ON)
        return STOP_DISCARD; /* a signal stopped a game: keep the games before it, nothing after */
    if (s->err != 0 && stop == GO_ON) {
        fail_with(r, s->err, s->msg);
        return STOP_DISCARD;
    }
    if (stop == GO_ON && e->interrupt_after > 0 && r->res->played >= e->interrupt_after)
        stop = STOP_AFTER_HAND; /* as a signal would */
    double now = cs_now();
    if (r->w != NULL && now - r->last_sync >= CS_RUNNER_SYNC_SECONDS) {
        r->last_sync = now;
        meta_progress(r, "running");
        if (cs_h5_sync(r->w, r->meta, 0) != 0) {
            fail_with(r, CS_EIO, cs_h5_writer_error(r->w));
            return STOP_DISCARD;
        }
        uint64_t durable = cs_h5_writer_durable(r->w, r->res->game_begin);
        r->res->saved = durable < r->res->games ? durable : r->res->games;
    }
    cs_progress_update(&r->progress, r->res->games);
    return stop;
}

/* With the lock held, by the master: writes the next batch in order if it is ready. Returns
 * whether it wrote (or discarded) one. */
static int write_next_locked(run *r) {
    if (r->write_seq == r->next_seq) return 0;
    slot *s = &r->slots[r->write_seq % r->n_slots];
    if (s->state != SLOT_READY) return 0;
    int discard = r->discard;
    pthread_mutex_unlock(&r->mu);
    int stop = discard ? GO_ON : write_batch(r, s);
    pthread_mutex_lock(&r->mu);
    if (stop != GO_ON) r->stop = 1;
    if (stop == STOP_DISCARD) r->discard = 1;
    s->state = SLOT_FREE;
    r->write_seq++;
    pthread_cond_broadcast(&r->cv);
    return 1;
}

/* Next batch size: about CS_RUNNER_BATCH_SECONDS of play at the speed just measured, growing
 * at most fourfold at a time. */
static void adapt_batch(run *r, worker *wk, size_t n, double seconds) {
    size_t want = r->batch_max;
    if (seconds > 0) {
        double games = (double)n * CS_RUNNER_BATCH_SECONDS / seconds;
        want = games < 1.0 ? 1 : games > (double)r->batch_max ? r->batch_max : (size_t)games;
    }
    wk->batch = want > 4 * n ? 4 * n : want;
    if (wk->batch < 1) wk->batch = 1;
}

/* A helper (not the master) compresses the writer's full chunks before playing more: the
 * writer, one thread, would otherwise compress every chunk of every thread's games. Called and
 * returns with the lock held; returns whether it let go of the lock (to compress a chunk, or to
 * find that another thread took it), in which case the caller must look at the ring again
 * before it waits: a broadcast made while the lock was free is not seen by a later wait. (It
 * returned whether it compressed one, and a helper that found the chunk taken went to sleep
 * after the master's last broadcast: the run never ended.) */
static int help_writer(run *r, int master) {
    if (master || r->w == NULL || !cs_h5_writer_has_work(r->w)) return 0;
    pthread_mutex_unlock(&r->mu);
    cs_h5_writer_compress_one(r->w);
    pthread_mutex_lock(&r->mu);
    return 1;
}

static void thread_loop(run *r, worker *wk, int master) {
    for (;;) {
        slot *s = NULL;
        pthread_mutex_lock(&r->mu);
        for (;;) {
            if (atomic_load(&g_interrupt)) r->stop = 1; /* cs_run tells it from the count */
            if (help_writer(r, master)) continue;
            if (r->stop || r->next_game >= r->end_game) break;
            slot *cand = &r->slots[r->next_seq % r->n_slots];
            if (cand->state == SLOT_FREE) {
                s = cand;
                break;
            }
            if (master && write_next_locked(r)) continue;
            cs_cond_wait(&r->cv, &r->mu);
        }
        if (s == NULL) {
            /* Nothing left to play: help the writer until it has written every batch. */
            while (!master && r->write_seq < r->next_seq)
                if (!help_writer(r, master)) cs_cond_wait(&r->cv, &r->mu);
            pthread_mutex_unlock(&r->mu);
            break;
        }
        uint64_t left = r->end_game - r->next_game;
        s->state = SLOT_FILLING;
        s->first = r->next_game;
        s->n = wk->batch < left ? wk->batch : (size_t)left;
        r->next_game += s->n;
        r->next_seq++;
        pthread_mutex_unlock(&r->mu);

        double t0 = cs_now();
        play_batch(r, wk, s);
        adapt_batch(r, wk, s->n, cs_now() - t0);

        pthread_mutex_lock(&r->mu);
        s->state = SLOT_READY;
        if (s->err != 0) r->stop = 1; /* claim nothing more; the writer reports it */
        pthread_cond_broadcast(&r->cv);
        if (master)
            while (write_next_locked(r)) {}
        pthread_mutex_unlock(&r->mu);
    }
    if (master) { /* write (or discard) every batch still in hand */
        pthread_mutex_lock(&r->mu);
        while (r->write_seq < r->next_seq)
            if (!write_next_locked(r)) cs_cond_wait(&r->cv, &r->mu);
        pthread_mutex_unlock(&r->mu);
    }
}

/* ---- setting up ---- */

typedef struct {
    worker *workers;
    int n_workers, n_seats;
} crew;

static void crew_free(crew *c) {
    if (c->workers == NULL) return;
    for (int t = 0; t < c->n_workers; t++) {
        for (int i = 0; i < c->n_seats; i++) cs_player_destroy(c->workers[t].players[i]);
        if (c->workers[t].game != NULL) cs_game_free(c->workers[t].game);
    }
    free(c->workers);
    c->workers = NULL;
}

/* Creates thread t's players and game. Returns 0 or a cs_err with the message in err. */
static int worker_init(worker *wk, int n, int rotations, const char seats[][CS_H5_SPEC_MAX],
                       char *err, size_t err_len) {
    for (int i = 0; i < n; i++) {
        char why[768];
        wk->players[i] = cs_player_create(seats[i], why, sizeof why);
        if (wk->players[i] == NULL) {
            snprintf(err, err_len, "seat %d '%s': %s", i, seats[i], why);
            return CS_EUNKNOWN;
        }
    }
    wk->game = cs_game_new();
    if (wk->game == NULL) {
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    for (int rot = 0; rot < rotations; rot++)
        for (int seat = 0; seat < n; seat++)
            wk->agents[rot][seat] = cs_player_agent(wk->players[(seat + rot) % n]);
    wk->batch = 8;
    return 0;
}

static void sprt_describe(const cs_sprt *t, uint64_t every, char *buf, size_t len) {
    snprintf(buf, len, "elo0=%g elo1=%g alpha=%g beta=%g every=%llu", t->elo0, t->elo1, t->alpha,
             t->beta, (unsigned long long)every);
}

/* The experiment to play once the file (on --resume) has had its say. */
typedef struct {
    cs_rules rules;
    int n;
    char seats[CS_MAX_PLAYERS][CS_H5_SPEC_MAX]; /* normalised */
    uint64_t seed, games;
    int duplicate, record_deals, shard_index, shard_count, use_sprt;
    cs_sprt sprt;
    uint64_t sprt_every;
    char models[CS_MAX_PLAYERS][CS_H5_MODEL_MAX]; /* cs_player_identity() per seat */
} plan;

/* What each seat's player plays from beyond its spec (cs_player_identity), from a player made
 * for the purpose. Outside code (exec:, plugin:) is not started for it and records nothing. */
static int plan_models(plan *p, char *err, size_t err_len) {
    for (int i = 0; i < p->n; i++) {
        p->models[i][0] = '\0';
        if (!strncmp(p->seats[i], "exec:", 5) || !strncmp(p->seats[i], "plugin:", 7)) continue;
        char why[768];
        cs_player *pl = cs_player_create(p->seats[i], why, sizeof why);
        if (pl == NULL) {
            snprintf(err, err_len, "seat %d '%s': %s", i, p->seats[i], why);
            return CS_EUNKNOWN;
        }
        snprintf(p->models[i], CS_H5_MODEL_MAX, "%s", cs_player_identity(pl));
        cs_player_destroy(pl);
    }
    return 0;
}

/* --resume: the file was written by this engine version, and each seat plays from the same
 * data (a model file replaced since would mix two models' games in one file). */
static int plan_same_models(const plan *p, const cs_h5_meta *m, const char *path, char *err,
                            size_t err_len) {
    if (m->engine_version[0] && strcmp(m->engine_version, cs_version) != 0) {
        snprintf(err, err_len,
                 "--resume: %s was written by cribsim %s; this is cribsim %s, whose games may "
                 "differ: finish it with cribsim %s or start a new file",
                 path, m->engine_version, cs_version, m->engine_version);
        return CS_ECONFIG;
    }
    for (int i = 0; m->has_seat_models && i < p->n; i++)
        if (strcmp(p->models[i], m->seat_models[i]) != 0) {
            snprintf(err, err_len,
                     "--resume: seat %d '%.200s' of %s played from %s; it now plays from %s "
                     "(the model file changed since): refused, the file would mix two models' "
                     "games",
                     i, p->seats[i], path, m->seat_models[i][0] ? m->seat_models[i] : "nothing",
                     p->models[i][0] ? p->models[i] : "nothing");
            return CS_ECONFIG;
        }
    return 0;
}

#define MISMATCH(...)                                                                              \
    do {                                                                                           \
        snprintf(err, err_len, __VA_ARGS__);                                                       \
        return CS_ECONFIG;                                                                         \
    } while (0)

/* --resume: takes what was not given from the file's attributes and checks what was. */
static int plan_from_file(plan *p, const cs_experiment *e, const cs_h5_meta *m, const char *path,
                          char *err, size_t err_len) {
    char json[CS_H5_TEXT_MAX], why[256];
    if (e->given & CS_GIVEN_RULES) {
        cs_rules_to_json(&p->rules, json, sizeof json);
        if (strcmp(json, m->rules) != 0)
            MISMATCH("--resume: %s was run with other rules: %s", path, m->rules);
    } else if (cs_rules_from_json(m->rules, &p->rules, why, sizeof why) != 0) {
        MISMATCH("--resume: %s: %s", path, why);
    }
    if (e->given & CS_GIVEN_SEATS) {
        int same = p->n == m->n_seats;
        for (int i = 0; same && i < p->n; i++) same = strcmp(p->seats[i], m->seats[i]) == 0;
        if (!same) {
            char list[4 * CS_H5_SPEC_MAX + 8] = "";
            for (int i = 0; i < m->n_seats; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? " | " : "",
                         m->seats[i]);
            MISMATCH("--resume: %s was run with other seats: %s", path, list);
        }
    } else {
        /* A run file is data: the seats it names must not choose a program or a library to
         * load unless the person resuming says they trust it. */
        for (int i = 0; i < m->n_seats && !e->trust_file; i++)
            if (!strncmp(m->seats[i], "exec:", 5) || !strncmp(m->seats[i], "plugin:", 7))
                MISMATCH("--resume: %s names seat %d '%.200s', which runs outside code; a run "
                         "file never chooses what to run: give the seats again with --seats "
                         "(the same as the file's), or add --trust-file if you wrote the file",
                         path, i, m->seats[i]);
        p->n = m->n_seats;
        for (int i = 0; i < p->n; i++) snprintf(p->seats[i], CS_H5_SPEC_MAX, "%s", m->seats[i]);
    }
    if ((e->given & CS_GIVEN_SEED) && p->seed != m->seed)
        MISMATCH("--resume: %s was run with seed %llu, not %llu", path, (unsigned long long)m->seed,
                 (unsigned long long)p->seed);
    p->seed = m->seed;
    if ((e->given & CS_GIVEN_DUPLICATE) && p->duplicate != m->duplicate)
        MISMATCH("--resume: %s was run %s --duplicate", path, m->duplicate ? "with" : "without");
    p->duplicate = m->duplicate;
    if ((e->given & CS_GIVEN_RECORD) && p->record_deals != m->record_deals)
        MISMATCH("--resume: %s records %s, not %s", path, m->record_deals ? "deals" : "games",
                 p->record_deals ? "deals" : "games");
    p->record_deals = m->record_deals;
    if ((e->given & CS_GIVEN_SHARD) &&
        (p->shard_index != m->shard_index || p->shard_count != m->shard_count))
        MISMATCH("--resume: %s is shard %d/%d, not %d/%d", path, m->shard_index, m->shard_count,
                 p->shard_index, p->shard_count);
    p->shard_index = m->shard_index;
    p->shard_count = m->shard_count;
    if (!(e->given & CS_GIVEN_GAMES)) p->games = m->games_requested;
    if ((e->given & CS_GIVEN_SPRT) && !p->use_sprt) {
        if (m->has_sprt) MISMATCH("--resume: %s was run with SPRT %s", path, m->sprt);
    } else if (e->given & CS_GIVEN_SPRT) {
        char mine[128];
        sprt_describe(&p->sprt, p->sprt_every, mine, sizeof mine);
        if (!m->has_sprt || strcmp(mine, m->sprt) != 0)
            MISMATCH("--resume: %s was run %s%s, not --sprt %s", path,
                     m->has_sprt ? "with SPRT " : "without --sprt", m->has_sprt ? m->sprt : "",
                     mine);
    } else if (m->has_sprt) {
        double v[4];
        unsigned long long every;
        if (sscanf(m->sprt, "elo0=%lf elo1=%lf alpha=%lf beta=%lf every=%llu", &v[0], &v[1], &v[2],
                   &v[3], &every) != 5 ||
            cs_sprt_init(&p->sprt, v[0], v[1], v[2], v[3]) != 0 || every == 0)
            MISMATCH("--resume: %s: cannot read its sprt attribute '%s'", path, m->sprt);
        p->use_sprt = 1;
        p->sprt_every = every;
    } else {
        p->use_sprt = 0;
    }
    return 0;
}

/* Recounts the complete games already in a reopened file (summary and SPRT). */
static int recount(run *r, cs_h5_writer *w, uint64_t rows) {
    enum { BLOCK = 4096 };
    cs_games_row *buf = malloc(BLOCK * sizeof *buf);
    if (buf == NULL) return CS_ENOMEM;
    for (uint64_t at = 0; at < rows; at += BLOCK) {
        size_t n = rows - at < BLOCK ? (size_t)(rows - at) : BLOCK;
        if (cs_h5_writer_read_games(w, at, n, buf) != 0) {
            free(buf);
            return CS_EIO;
        }
        for (size_t i = 0; i < n; i++) {
            tally(r, &buf[i]);
            if (sprt_decides(r)) break;
        }
    }
    free(buf);
    return 0;
}

int cs_run(const cs_experiment *e, cs_run_result *res, char *err, size_t err_len) {
    memset(res, 0, sizeof *res);
    snprintf(res->status, sizeof res->status, "failed");
    err[0] = '\0';
    plan p = {.rules = e->rules,
              .n = e->n_seats,
              .seed = e->seed,
              .games = e->games,
              .duplicate = e->duplicate,
              .record_deals = e->record_deals,
              .shard_index = e->shard_index ? e->shard_index : 1,
              .shard_count = e->shard_count ? e->shard_count : 1,
              .use_sprt = e->use_sprt,
              .sprt_every = e->sprt_every ? e->sprt_every : CS_RUNNER_SPRT_EVERY};
    if (p.use_sprt &&
        cs_sprt_init(&p.sprt, e->sprt_elo0, e->sprt_elo1, e->sprt_alpha, e->sprt_beta) != 0) {
        snprintf(err, err_len, "--sprt: need elo0 < elo1 and alpha, beta in (0, 0.5]");
        return CS_ERANGE;
    }
    if (e->resume && (e->output == NULL || e->force)) {
        snprintf(err, err_len,
                 e->output ? "--resume and --force contradict each other"
                           : "--resume needs the file to continue (-o FILE)");
        return CS_ECONFIG;
    }
    int rc = 0;
    crew c = {0};
    cs_h5_writer *w = NULL;
    /* The handlers go in before any outside agent starts (checking the seats starts them): a
     * signal while one is starting stops its wait for `ready`, the agents already started are
     * stopped, not orphaned, and an open file is marked interrupted. */
    cs_runner_signals(1);
    cs_h5_meta *m = calloc(1, sizeof *m);
    run *r = calloc(1, sizeof *r);
    if (m == NULL || r == NULL) {
        free(m);
        free(r);
        cs_runner_signals(0);
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    r->e = e;
    r->res = res;
    r->meta = m;
    r->err = err;
    r->err_len = err_len;

    /* Normalise the seats given (creating thread 0's players checks every spec). */
    int threads = e->threads > 0 ? e->threads : omp_get_max_threads();
    if (threads > 256) threads = 256;
    c.workers = calloc((size_t)threads, sizeof *c.workers);
    c.n_workers = threads;
    if (c.workers == NULL) {
        rc = CS_ENOMEM;
        snprintf(err, err_len, "out of memory");
        goto done;
    }
    if (!e->resume || (e->given & CS_GIVEN_SEATS)) {
        if (p.n < 1 || p.n > CS_MAX_PLAYERS) {
            rc = CS_ECONFIG;
            snprintf(err, err_len, "%d seats given; a game has 2 to 4", p.n);
            goto done;
        }
        /* Every spec checked before any player is made: no outside program starts for a
         * line-up with a bad seat. */
        for (int i = 0; i < p.n && rc == 0; i++) {
            char why[768];
            if (cs_spec_check(e->seats[i], 0, why, sizeof why) != CS_OK) {
                rc = CS_EUNKNOWN;
                snprintf(err, err_len, "seat %d '%s': %s", i, e->seats[i], why);
            }
        }
        if (rc != 0) goto done;
        for (int i = 0; i < p.n; i++) {
            char why[768];
            cs_player *pl = cs_player_create(e->seats[i], why, sizeof why);
            if (pl == NULL) {
                rc = cs_runner_interrupted(0) ? CS_EINTERRUPT : CS_EUNKNOWN;
                snprintf(err, err_len, "seat %d '%s': %s", i, e->seats[i], why);
                goto done;
            }
            snprintf(p.seats[i], CS_H5_SPEC_MAX, "%s", cs_player_spec(pl));
            snprintf(p.models[i], CS_H5_MODEL_MAX, "%s", cs_player_identity(pl));
            cs_player_destroy(pl);
        }
    }

    /* The file: create it, or reopen it and let it complete the plan. */
    if (e->resume) {
        rc = cs_h5_reopen(e->output, m, &w, err, err_len);
        if (rc != 0) goto done;
        rc = plan_from_file(&p, e, m, e->output, err, err_len);
        if (rc == 0 && !(e->given & CS_GIVEN_SEATS)) rc = plan_models(&p, err, err_len);
        if (rc == 0) rc = plan_same_models(&p, m, e->output, err, err_len);
        if (rc != 0) goto done;
    }
    char why[512];
    if (cs_rules_validate(&p.rules, why, sizeof why) != 0) {
        rc = CS_ECONFIG;
        snprintf(err, err_len, "impossible rules: %s", why);
        goto done;
    }
    if (p.n != p.rules.players) {
        rc = CS_ECONFIG;
        snprintf(err, err_len, "the rules seat %d players but %d seat%s given", p.rules.players,
                 p.n, p.n == 1 ? " was" : "s were");
        goto done;
    }
    r->rules = p.rules;
    r->seed = p.seed;
    r->record_deals = p.record_deals;
    r->n = p.n;
    r->rotations = p.duplicate ? cs_lineup_rotations(p.n, p.seats) : 1;
    if (p.games == 0 || p.games % (uint64_t)r->rotations != 0) {
        rc = CS_ERANGE;
        if (p.games == 0)
            snprintf(err, err_len, "--games must be at least 1");
        else
            snprintf(err, err_len,
                     "--games %llu is not a multiple of the %d rotations --duplicate plays for "
                     "this lineup",
                     (unsigned long long)p.games, r->rotations);
        goto done;
    }
    if (p.use_sprt && cs_rules_sides(&p.rules) != 2) {
        rc = CS_ECONFIG;
        snprintf(err, err_len, "--sprt needs two sides (two players or partners), not %d",
                 cs_rules_sides(&p.rules));
        goto done;
    }
    if (p.use_sprt && p.shard_count > 1) {
        rc = CS_ECONFIG;
        snprintf(err, err_len, "--sprt stops on the games in order; it cannot be sharded");
        goto done;
    }
    r->sprt_every = (p.sprt_every + (uint64_t)r->rotations - 1) / (uint64_t)r->rotations *
                    (uint64_t)r->rotations;
    uint64_t first, end;
    cs_shard_range(p.games, r->rotations, p.shard_index, p.shard_count, &first, &end);
    if (e->resume && first != m->game_begin) {
        rc = CS_ECONFIG;
        snprintf(err, err_len,
                 "--resume: %s starts at game %llu; with --games %llu it would "
                 "start at %llu",
                 e->output, (unsigned long long)m->game_begin, (unsigned long long)p.games,
                 (unsigned long long)first);
        goto done;
    }
    if (e->resume && end - first < m->games_completed) {
        rc = CS_ECONFIG;
        snprintf(err, err_len, "--resume: %s already holds %llu games, more than --games asks",
                 e->output, (unsigned long long)m->games_completed);
        goto done;
    }

    /* The result's description of the lineup. */
    res->n_seats = p.n;
    res->sides = cs_rules_sides(&p.rules);
    res->rotations = r->rotations;
    res->game_begin = first;
    res->game_end = end;
    res->threads = threads;
    res->has_sprt = p.use_sprt;
    res->sprt = p.sprt;
    for (int i = 0; i < p.n; i++) {
        snprintf(res->seats[i], CS_H5_SPEC_MAX, "%s", p.seats[i]);
        res->lineup_side[i] = cs_rules_side(&p.rules, i);
    }

    /* The file's attributes. */
    if (!e->resume) {
        cs_h5_meta_provenance(m);
        cs_rules_to_json(&p.rules, m->rules, sizeof m->rules);
        m->n_seats = p.n;
        for (int i = 0; i < p.n; i++) {
            snprintf(m->seats[i], CS_H5_SPEC_MAX, "%s", p.seats[i]);
            snprintf(m->seat_models[i], CS_H5_MODEL_MAX, "%s", p.models[i]);
        }
        m->has_seat_models = 1;
        m->n_seat_models = p.n;
        m->seed = p.seed;
        m->command_line[0] = '\0';
        if (e->command_line)
            snprintf(m->command_line, sizeof m->command_line, "%s", e->command_line);
        m->record_deals = p.record_deals;
        m->duplicate = p.duplicate;
        m->rotations = r->rotations;
        m->shard_index = p.shard_index;
        m->shard_count = p.shard_count;
        m->game_begin = first;
        m->has_sprt = p.use_sprt;
        if (p.use_sprt) sprt_describe(&p.sprt, r->sprt_every, m->sprt, sizeof m->sprt);
        if (e->arm != NULL) {
            snprintf(m->experiment, sizeof m->experiment, "%s", e->experiment ? e->experiment : "");
            snprintf(m->arm, sizeof m->arm, "%s", e->arm);
            m->arm_index = e->arm_index;
        }
    }
    m->games_requested = p.games;
    m->game_end = end;
    m->threads = threads;
    snprintf(m->status, sizeof m->status, "running");
    if (e->output != NULL && !e->resume) {
        rc = cs_h5_create(e->output, e->force, m, &w, err, err_len);
        if (rc != 0) goto done;
    }
    r->w = w;
    if (w != NULL && threads > 1 && cs_h5_writer_helpers(w, threads - 1) != 0) {
        rc = CS_ENOMEM;
        snprintf(err, err_len, "out of memory");
        goto done;
    }
    if (e->resume) {
        rc = recount(r, w, m->games_completed);
        if (rc == 0 && e->command_line) rc = cs_h5_log_resume(w, e->command_line);
        if (rc != 0) {
            snprintf(err, err_len, "%s", rc == CS_ENOMEM ? "out of memory" : cs_h5_writer_error(w));
            goto done;
        }
    }
    res->saved = res->games;
    uint64_t start = first + res->games;
    if (res->decision != CS_SPRT_CONTINUE || start >= end) {
        res->already_done = 1;
        snprintf(res->status, sizeof res->status, "%s", start >= end ? "complete" : "sprt-stopped");
        if (w != NULL) {
            meta_progress(r, res->status);
            if (cs_h5_sync(w, m, 1) != 0) {
                rc = CS_EIO;
                snprintf(err, err_len, "%s", cs_h5_writer_error(w));
            }
        }
        goto done;
    }

    r->batch_max = p.record_deals ? CS_RUNNER_BATCH_MAX_DEALS : CS_RUNNER_BATCH_MAX;
    r->n_slots = 2 * (size_t)threads + 2;
    r->slots = calloc(r->n_slots, sizeof *r->slots);
    if (r->slots == NULL) {
        rc = CS_ENOMEM;
        snprintf(err, err_len, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < r->n_slots; i++) {
        r->slots[i].rows = malloc(r->batch_max * sizeof(cs_games_row));
        if (r->slots[i].rows == NULL) {
            rc = CS_ENOMEM;
            snprintf(err, err_len, "out of memory");
            goto done;
        }
    }
    /* Every thread's players and game. The handlers are in (above): a signal while an agent
     * starts stops its wait for `ready`, the agents already started are stopped with the crew,
     * and the file is marked interrupted. */
    c.n_seats = p.n;
    for (int t = 0; t < threads && rc == 0; t++)
        rc = worker_init(&c.workers[t], p.n, r->rotations, p.seats, err, err_len);
    if (rc != 0) {
        if (!cs_runner_interrupted(0)) goto done;
        rc = 0;
        res->interrupted = 1;
        snprintf(res->status, sizeof res->status, "interrupted");
        if (w != NULL) {
            meta_progress(r, res->status);
            if (cs_h5_sync(w, m, 1) != 0) {
                rc = CS_EIO;
                snprintf(err, err_len, "%s", cs_h5_writer_error(w));
            }
        }
        goto done;
    }
    pthread_mutex_init(&r->mu, NULL);
    cs_cond_init(&r->cv);
    r->next_game = start;
    r->end_game = end;

    /* Play (the handlers are in since the players were made). */
    res->started = 1;
    cs_progress_start(&r->progress, e->label, res->games, end - first, e->quiet);
    double t0 = cs_now();
    r->last_sync = t0;
    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads)
    {
        int tid = omp_get_thread_num();
        if (tid == 0) res->threads = omp_get_num_threads();
        thread_loop(r, &c.workers[tid], tid == 0);
    }
    res->seconds = cs_now() - t0;
    pthread_mutex_destroy(&r->mu);
    pthread_cond_destroy(&r->cv);
    if (!r->failed)
        cs_progress_finish(&r->progress, res->games);
    else if (!e->quiet && r->progress.drawn && r->progress.tty)
        fputc('\n', stderr);

    const char *status = r->failed                           ? "failed"
                         : first + res->games >= end         ? "complete"
                         : res->decision != CS_SPRT_CONTINUE ? "sprt-stopped"
                                                             : "interrupted";
    /* A signal that came as the last batch was written interrupted nothing. */
    res->interrupted = res->decision == CS_SPRT_CONTINUE && first + res->games < end && !r->failed;
    snprintf(res->status, sizeof res->status, "%s", status);
    rc = r->failed;
    if (w != NULL) {
        meta_progress(r, status);
        if (cs_h5_sync(w, m, 1) == 0) {
            res->saved = res->games;
        } else if (rc == 0) {
            rc = CS_EIO;
            snprintf(err, err_len, "%s", cs_h5_writer_error(w));
        }
    }

done:
    if (w != NULL && cs_h5_close(w) != 0 && rc == 0) {
        rc = CS_EIO;
        snprintf(err, err_len, "closing %s failed", e->output);
    }
    crew_free(&c); /* stops the agents */
    cs_runner_signals(0);
    if (r->slots != NULL) {
        for (size_t i = 0; i < r->n_slots; i++) {
            free(r->slots[i].rows);
            free(r->slots[i].deals);
        }
        free(r->slots);
    }
    free(r);
    free(m);
    return rc;
}

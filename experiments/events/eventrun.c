/*
 * eventrun.c - plays many independent events across threads into an event file (its layout,
 * writing and checks: experiments/io/eventfile.h).
 */
#include <omp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "event.h"
#include "eventfile.h"
#include "runner.h"
#include "strategy.h"

/* Events each thread is given between writes: enough to keep the threads busy; any number
 * writes the same file. */
#define EVENTS_PER_THREAD 4

int cs_event_strategy_models(const cs_event_spec *spec, char out[][CS_IDENTITY_MAX], char *err,
                             size_t err_len) {
    for (int s = 0; s < spec->n_strategies; s++) {
        const char *st = spec->strategies[s];
        out[s][0] = '\0';
        if (cs_event_strategy_is_outside(st)) continue;
        char why[512];
        cs_player *p = cs_player_create(st, why, sizeof why);
        if (p == NULL) {
            snprintf(err, err_len, "strategy '%s': %s", st, why);
            return CS_EUNKNOWN;
        }
        snprintf(out[s], CS_IDENTITY_MAX, "%s", cs_player_identity(p));
        cs_player_destroy(p);
    }
    return 0;
}

/* The event file's header (eventfile.h) from the spec: plain data pointing into spec and
 * models, which must outlive it. */
static void file_header(const cs_event_spec *spec, char models[][CS_IDENTITY_MAX],
                        cs_ef_header *h) {
    memset(h, 0, sizeof *h);
    h->name = spec->name;
    h->format = spec->format->name;
    h->text = spec->text;
    h->rules = &spec->rules;
    h->n_entrants = spec->field.n;
    for (int i = 0; i < spec->field.n; i++) {
        h->entrant[i] = spec->field.entrant[i].name;
        h->club[i] = spec->field.entrant[i].club;
        h->strategy[i] = spec->field.entrant[i].strategy;
        h->nominated[i] = spec->field.entrant[i].nominated;
    }
    h->n_strategies = spec->n_strategies;
    for (int s = 0; s < spec->n_strategies; s++) {
        h->strategy_spec[s] = spec->strategies[s];
        h->strategy_model[s] = models[s];
    }
    h->weeks = spec->format->id == CS_EVENT_FORMAT_LEAGUE ? (uint64_t)spec->params.weeks : 1;
    h->seed = spec->seed;
    h->events = spec->events;
}

/* ---- playing ---- */

typedef struct {
    cs_ef_event_row event;
    cs_ef_standing_row standing[CS_EVENT_ENTRANTS_MAX];
    int n_standings;
    cs_ef_game_row *games;
    size_t n_games, cap_games;
    int err;
    char msg[1024];
} event_out;

typedef struct {
    cs_player *players[CS_EVENT_STRATEGIES_MAX][CS_MAX_PLAYERS];
    cs_game *game;
    void *state;
    cs_event_game round[CS_EVENT_ROUND_MAX];
    cs_standing rows[CS_EVENT_ENTRANTS_MAX];
} worker;

static void worker_free(worker *w, int n_strategies) {
    for (int s = 0; s < n_strategies; s++)
        for (int seat = 0; seat < CS_MAX_PLAYERS; seat++)
            if (w->players[s][seat]) cs_player_destroy(w->players[s][seat]);
    cs_game_free(w->game);
    free(w->state);
}

static int worker_init(worker *w, const cs_event_spec *spec, char *err, size_t err_len) {
    memset(w, 0, sizeof *w);
    w->game = cs_game_new();
    w->state = malloc(spec->format->state_size); /* the format's init clears it */
    if (w->game == NULL || w->state == NULL) {
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    for (int s = 0; s < spec->n_strategies; s++)
        for (int seat = 0; seat < CS_MAX_PLAYERS; seat++) {
            char why[512];
            w->players[s][seat] = cs_player_create(spec->strategies[s], why, sizeof why);
            if (w->players[s][seat] == NULL) {
                snprintf(err, err_len, "strategy '%s': %s", spec->strategies[s], why);
                return CS_EUNKNOWN;
            }
        }
    return 0;
}

static int play_event(const cs_event_spec *spec, worker *w, uint64_t e, event_out *out) {
    const cs_event_format *fmt = spec->format;
    cs_pcg32 rng = cs_pcg32_derive(spec->seed, e, CS_STREAM_EVENT, 0);
    char why[512];
    out->n_games = 0;
    out->err = 0;
    int rc = fmt->init(w->state, &spec->params, &spec->field, &rng, why, sizeof why);
    if (rc != 0) {
        snprintf(out->msg, sizeof out->msg, "event %llu: %s", (unsigned long long)e, why);
        return out->err = rc;
    }
    int n;
    uint32_t k = 0;
    while ((n = fmt->next_round(w->state, w->round, CS_EVENT_ROUND_MAX)) > 0) {
        for (int i = 0; i < n; i++, k++) {
            const cs_event_game *g = &w->round[i];
            if (k >= CS_EVENT_GAMES_MAX) {
                snprintf(out->msg, sizeof out->msg, "event %llu plays more than %d games",
                         (unsigned long long)e, CS_EVENT_GAMES_MAX);
                return out->err = CS_ERANGE;
            }
            uint64_t key = e * (uint64_t)CS_EVENT_GAMES_MAX + k;
            cs_agent agents[CS_MAX_PLAYERS];
            cs_player *seated[CS_MAX_PLAYERS] = {0};
            for (int s = 0; s < g->n_seats; s++) {
                int ent = g->entrant[s];
                int strat =
                    ent < spec->field.n ? spec->field.entrant[ent].strategy : spec->params.sitter;
                seated[s] = w->players[strat][s];
                cs_player_new_game(seated[s], g->rules, spec->seed, key, s);
                agents[s] = cs_player_agent(seated[s]);
            }
            cs_game_begin_keyed(w->game, g->rules, spec->seed, key, key, g->first_dealer, agents);
            cs_game_set_match(w->game, &g->match);
            cs_game_record rec;
            rc = cs_game_run(w->game, NULL, NULL, &rec);
            if (rc < 0) {
                int seat = cs_game_error_seat(w->game);
                const char *more =
                    seat >= 0 && seat < g->n_seats ? cs_player_error(seated[seat]) : "";
                snprintf(out->msg, sizeof out->msg, "event %llu, game %u: %s%s%s",
                         (unsigned long long)e, k, cs_game_error(w->game),
                         more && more[0] ? "; " : "", more ? more : "");
                return out->err = rc;
            }
            cs_event_result res = {g, &rec};
            fmt->record(w->state, i, &res);
            if (out->n_games == out->cap_games) {
                size_t cap = out->cap_games ? 2 * out->cap_games : CS_EVENT_ROUND_MAX;
                cs_ef_game_row *p = realloc(out->games, cap * sizeof *p);
                if (p == NULL) {
                    snprintf(out->msg, sizeof out->msg, "event %llu: out of memory",
                             (unsigned long long)e);
                    return out->err = CS_ENOMEM;
                }
                out->games = p;
                out->cap_games = cap;
            }
            cs_ef_game_row *row = &out->games[out->n_games++];
            memset(row, 0, sizeof *row);
            row->event = e;
            row->game = k;
            row->round = (uint32_t)g->round;
            row->table = (uint16_t)g->table;
            for (int s = 0; s < CS_MAX_PLAYERS; s++) {
                row->entrant[s] = (int16_t)(s < g->n_seats ? g->entrant[s] : -1);
                row->score[s] = rec.score[s];
                row->skunk[s] = rec.skunk[s];
            }
            row->first_dealer = rec.first_dealer;
            row->deals = rec.deals;
            row->winner = rec.winner;
        }
    }
    fmt->standings(w->state, w->rows);
    cs_event_totals t;
    fmt->totals(w->state, &t);
    out->n_standings = spec->field.n;
    for (int i = 0; i < spec->field.n; i++) {
        const cs_standing *s = &w->rows[i];
        cs_ef_standing_row *r = &out->standing[i];
        r->event = e;
        r->entrant = (uint16_t)s->entrant;
        r->strategy = (uint16_t)spec->field.entrant[s->entrant].strategy;
        r->rank = (uint16_t)s->rank;
        r->points = s->points;
        r->wins = (uint16_t)s->wins;
        r->losses = (uint16_t)s->losses;
        r->ties = (uint16_t)s->ties;
        r->points_for = s->points_for;
        r->points_against = s->points_against;
        r->prize_cents = s->prize_cents;
    }
    out->event.event = e;
    out->event.winner = (int16_t)w->rows[0].entrant;
    out->event.games = k;
    out->event.matches = (uint32_t)t.matches;
    out->event.team_winner = (int16_t)t.team_winner;
    out->event.playoff_games = (uint16_t)t.playoff_games;
    return 0;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int cs_event_run(const cs_event_spec *spec, const cs_event_options *o, cs_event_run_result *res,
                 char *err, size_t err_len) {
    memset(res, 0, sizeof *res);
    cs_ef_file f;
    memset(&f, 0, sizeof f);
    f.file = f.events.d = f.standings.d = f.games.d = -1;
    f.lock = -1;
    f.entrants = (uint64_t)spec->field.n;
    cs_ef_make_types(&f);
    uint64_t begin = 0, target = spec->events;
    char models[CS_EVENT_STRATEGIES_MAX][CS_IDENTITY_MAX];
    int rc = cs_event_strategy_models(spec, models, err, err_len);
    cs_ef_header h;
    file_header(spec, models, &h);
    cs_ef_options fo = {.output = o->output,
                        .command_line = o->command_line,
                        .force = o->force,
                        .events_given = o->events_given,
                        .shard_index = o->shard_index,
                        .shard_count = o->shard_count};
    if (rc == 0)
        rc = o->resume ? cs_ef_open_resume(&f, &h, &fo, &begin, &target, err, err_len)
                       : cs_ef_open_new(&f, &h, &fo, &target, err, err_len);
    if (rc != 0) {
        cs_ef_close(&f);
        return rc;
    }
    res->events_begin = begin;
    res->events_requested = target;
    res->event_begin = f.first;
    res->event_end = f.first + target;
    res->shard_index = f.shard_index;
    res->shard_count = f.shard_count;
    if (begin >= target) {
        res->already_done = true;
        res->events_done = begin;
        if (cs_ef_write_progress(&f, true, "complete", 0) != 0) {
            cs_ef_write_error(&f, o->output, err, err_len);
            rc = CS_EIO;
        }
        if (cs_ef_close(&f) != 0 && rc == 0) {
            cs_ef_write_error(&f, o->output, err, err_len);
            rc = CS_EIO;
        }
        res->started = rc != 0;
        return rc;
    }
    int threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    res->threads = threads;
    worker *workers = calloc((size_t)threads, sizeof *workers);
    size_t batch = (size_t)threads * EVENTS_PER_THREAD;
    event_out *outs = calloc(batch, sizeof *outs);
    if (workers == NULL || outs == NULL) {
        free(workers);
        free(outs);
        cs_ef_close(&f);
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    const char *status = "complete";
    /* The handlers go in before any agent starts: a signal while one is starting stops its
     * wait for `ready`, and the agents already started are stopped below, not orphaned. */
    cs_runner_signals(1);
    for (int t = 0; t < threads && rc == 0; t++) rc = worker_init(&workers[t], spec, err, err_len);
    /* a signal that stopped an agent's start is an interruption, marked as the loop begins */
    if (cs_runner_interrupted(0)) rc = 0;
    double start = now_seconds(), last_progress = start;
    uint64_t e = begin, written_since = 0;
    bool stop = false;
    while (rc == 0 && !stop && e < target) {
        if (cs_runner_interrupted(0) ||
            (o->interrupt_after && written_since >= o->interrupt_after)) {
            res->interrupted = true;
            status = "interrupted";
            break;
        }
        size_t nb = target - e < batch ? (size_t)(target - e) : batch;
        if (o->interrupt_after && nb > o->interrupt_after - written_since)
            nb = (size_t)(o->interrupt_after - written_since);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (size_t i = 0; i < nb; i++)
            play_event(spec, &workers[omp_get_thread_num()], f.first + e + i, &outs[i]);
        res->started = true;
        for (size_t i = 0; i < nb; i++) {
            event_out *x = &outs[i];
            if (x->err == CS_EINTERRUPT) { /* a signal stopped one of its games */
                res->interrupted = true;
                status = "interrupted";
                stop = true; /* the events before it are written; nothing after */
                break;
            }
            if (x->err) {
                snprintf(err, err_len, "%s", x->msg); /* every failure writes one */
                rc = x->err;
                status = "failed";
                break;
            }
            if (cs_ef_note_event(&f) != 0) {
                snprintf(err, err_len, "out of memory");
                rc = CS_ENOMEM;
                break;
            }
            if (cs_ef_append(&f, &f.events, &x->event, 1) ||
                cs_ef_append(&f, &f.standings, x->standing, (size_t)x->n_standings) ||
                cs_ef_append(&f, &f.games, x->games, x->n_games)) {
                cs_ef_write_error(&f, o->output, err, err_len);
                rc = CS_EIO;
                break;
            }
            res->games += x->n_games;
            e++;
            written_since++;
        }
        double t = now_seconds();
        if (rc == 0 && t - last_progress >= 2.0) {
            if (cs_ef_write_progress(&f, false, "running", threads) != 0) {
                cs_ef_write_error(&f, o->output, err, err_len);
                rc = CS_EIO;
                break;
            }
            last_progress = t;
            if (!o->quiet)
                fprintf(stderr, "\r%s: %llu of %llu events, %.0f events a second   ", spec->name,
                        (unsigned long long)e, (unsigned long long)target,
                        (double)(e - begin) / (t - start));
        }
    }
    if (rc != 0) status = "failed";
    if (!o->quiet && now_seconds() - start >= 2.0) fprintf(stderr, "\n");
    res->seconds = now_seconds() - start;
    res->events_done = e;
    /* A broken file is not touched again: it keeps its last checkpoint, status not complete. */
    if (!f.broken && cs_ef_write_progress(&f, true, status, threads) != 0 && rc == 0) {
        cs_ef_write_error(&f, o->output, err, err_len);
        rc = CS_EIO;
    }
    for (int t = 0; t < threads; t++) worker_free(&workers[t], spec->n_strategies);
    cs_runner_signals(0);
    for (size_t i = 0; i < batch; i++) free(outs[i].games);
    free(workers);
    free(outs);
    if (cs_ef_close(&f) != 0 && rc == 0) {
        cs_ef_write_error(&f, o->output, err, err_len);
        rc = CS_EIO;
    }
    if (f.broken) res->started = true; /* a failure while writing, not bad input */
    return rc;
}

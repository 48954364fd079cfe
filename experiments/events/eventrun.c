/*
 * eventrun.c - plays many independent events across threads into an event file.
 *
 * The event file (HDF5; all tables chunked, shuffled and deflated, extendible, written in
 * event order):
 *
 *   /events     one row per event: event u64; winner i16 (the entrant ranked first);
 *               games u32 (games played, play-off included); matches u32 (a bracket's
 *               matches, else 0); team_winner i16 (the club that won the team trophy, an
 *               index into the `clubs` attribute, -1 for none); playoff_games u16
 *   /standings  one row per event and entrant, in rank order: event u64; entrant u16 (index
 *               into `entrants`); strategy u16 (index into `strategies`); rank u16 (1 first;
 *               a double-elimination team's partners share it); points f64 (clips for nz,
 *               league points for league (lower is better), matches won for
 *               double-elimination); wins, losses, ties u16 (games); points_for,
 *               points_against i64 (sums of the side's and the best opposing side's final
 *               scores); prize_cents i64 (league place money, else 0)
 *   /games      one row per game played in the events, in the order played: event u64; game
 *               u32 (its number within the event); round u32; table u16 (the table, or the
 *               match in a bracket); entrant i16[4] (the entrant at each seat; -1 no seat; at
 *               or above the field's size, a sitter); first_dealer u8; deals u16; winner i8
 *               (the winning side: a team 0 or 1 with partners, else a seat; -1 a tie);
 *               score i16[4] (each seat's side's final score, -1 no seat); skunk u8[4] (per
 *               loser, by the event's definition: 0 none, 1 skunk, 2 double, 3 triple)
 *
 * Root attributes: schema ("cribsim-events"), schema_version, name, format, spec (the spec's
 * text), rules (the main game's rules as JSON), entrants, entrant_strategy, entrant_club,
 * entrant_nominated, strategies, clubs, weeks (league nights per event), seed,
 * events_requested, events_completed (events whose rows are all written), status (running,
 * complete, interrupted, failed), engine_version, git_commit, created_utc, command_line,
 * threads.
 */
#include <hdf5.h>
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "event.h"
#include "h5io.h"
#include "runner.h"
#include "strategy.h"

typedef struct {
    uint64_t event;
    int16_t winner;
    uint32_t games, matches;
    int16_t team_winner;
    uint16_t playoff_games;
} event_row;

typedef struct {
    uint64_t event;
    uint16_t entrant, strategy, rank;
    double points;
    uint16_t wins, losses, ties;
    int64_t points_for, points_against, prize_cents;
} standing_row;

typedef struct {
    uint64_t event;
    uint32_t game, round;
    uint16_t table;
    int16_t entrant[CS_MAX_PLAYERS];
    uint8_t first_dealer;
    uint16_t deals;
    int8_t winner;
    int16_t score[CS_MAX_PLAYERS];
    uint8_t skunk[CS_MAX_PLAYERS];
} game_row;

/* ---- the file ---- */

typedef struct {
    hid_t file, events, standings, games;
    hid_t t_event, t_standing, t_game; /* memory types */
    uint64_t n_events, n_standings, n_games;
} efile;

static hid_t array_of(hid_t base, hsize_t n) {
    return H5Tarray_create2(base, 1, &n);
}

static void make_types(efile *f) {
    f->t_event = H5Tcreate(H5T_COMPOUND, sizeof(event_row));
    H5Tinsert(f->t_event, "event", HOFFSET(event_row, event), H5T_NATIVE_UINT64);
    H5Tinsert(f->t_event, "winner", HOFFSET(event_row, winner), H5T_NATIVE_INT16);
    H5Tinsert(f->t_event, "games", HOFFSET(event_row, games), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_event, "matches", HOFFSET(event_row, matches), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_event, "team_winner", HOFFSET(event_row, team_winner), H5T_NATIVE_INT16);
    H5Tinsert(f->t_event, "playoff_games", HOFFSET(event_row, playoff_games), H5T_NATIVE_UINT16);
    f->t_standing = H5Tcreate(H5T_COMPOUND, sizeof(standing_row));
    H5Tinsert(f->t_standing, "event", HOFFSET(standing_row, event), H5T_NATIVE_UINT64);
    H5Tinsert(f->t_standing, "entrant", HOFFSET(standing_row, entrant), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "strategy", HOFFSET(standing_row, strategy), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "rank", HOFFSET(standing_row, rank), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "points", HOFFSET(standing_row, points), H5T_NATIVE_DOUBLE);
    H5Tinsert(f->t_standing, "wins", HOFFSET(standing_row, wins), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "losses", HOFFSET(standing_row, losses), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "ties", HOFFSET(standing_row, ties), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "points_for", HOFFSET(standing_row, points_for), H5T_NATIVE_INT64);
    H5Tinsert(f->t_standing, "points_against", HOFFSET(standing_row, points_against),
              H5T_NATIVE_INT64);
    H5Tinsert(f->t_standing, "prize_cents", HOFFSET(standing_row, prize_cents), H5T_NATIVE_INT64);
    f->t_game = H5Tcreate(H5T_COMPOUND, sizeof(game_row));
    hid_t i16x4 = array_of(H5T_NATIVE_INT16, 4), u8x4 = array_of(H5T_NATIVE_UINT8, 4);
    H5Tinsert(f->t_game, "event", HOFFSET(game_row, event), H5T_NATIVE_UINT64);
    H5Tinsert(f->t_game, "game", HOFFSET(game_row, game), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_game, "round", HOFFSET(game_row, round), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_game, "table", HOFFSET(game_row, table), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_game, "entrant", HOFFSET(game_row, entrant), i16x4);
    H5Tinsert(f->t_game, "first_dealer", HOFFSET(game_row, first_dealer), H5T_NATIVE_UINT8);
    H5Tinsert(f->t_game, "deals", HOFFSET(game_row, deals), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_game, "winner", HOFFSET(game_row, winner), H5T_NATIVE_INT8);
    H5Tinsert(f->t_game, "score", HOFFSET(game_row, score), i16x4);
    H5Tinsert(f->t_game, "skunk", HOFFSET(game_row, skunk), u8x4);
    H5Tclose(i16x4);
    H5Tclose(u8x4);
}

static void close_types(efile *f) {
    H5Tclose(f->t_event);
    H5Tclose(f->t_standing);
    H5Tclose(f->t_game);
}

static hid_t create_table(hid_t file, const char *name, hid_t mtype, hsize_t chunk) {
    hsize_t dims = 0, max = H5S_UNLIMITED;
    hid_t space = H5Screate_simple(1, &dims, &max);
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    hid_t ftype = H5Tcopy(mtype);
    H5Tpack(ftype);
    H5Pset_chunk(dcpl, 1, &chunk);
    H5Pset_shuffle(dcpl);
    H5Pset_deflate(dcpl, 1);
    hid_t d = H5Dcreate2(file, name, ftype, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    H5Tclose(ftype);
    H5Pclose(dcpl);
    H5Sclose(space);
    return d;
}

static int append(hid_t d, hid_t mtype, uint64_t *have, const void *rows, size_t n) {
    if (n == 0) return 0;
    hsize_t start = *have, count = n, size = *have + n;
    if (H5Dset_extent(d, &size) < 0) return -1;
    hid_t fs = H5Dget_space(d);
    hid_t ms = H5Screate_simple(1, &count, NULL);
    int rc = fs < 0 || ms < 0 ||
             H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL) < 0 ||
             H5Dwrite(d, mtype, ms, fs, H5P_DEFAULT, rows) < 0;
    if (ms >= 0) H5Sclose(ms);
    if (fs >= 0) H5Sclose(fs);
    if (rc) return -1;
    *have = size;
    return 0;
}

static int put_attr(hid_t loc, const char *name, hid_t ftype, hid_t mtype, hid_t space,
                    const void *buf) {
    if (H5Aexists(loc, name) > 0) H5Adelete(loc, name);
    hid_t a = H5Acreate2(loc, name, ftype, space, H5P_DEFAULT, H5P_DEFAULT);
    if (a < 0) return -1;
    int rc = H5Awrite(a, mtype, buf) < 0 ? -1 : 0;
    H5Aclose(a);
    return rc;
}

/* Fixed-length strings (the longest's width), kept in the checksummed attribute message
 * rather than the global heap, as run files keep theirs. */
static int put_strings(hid_t loc, const char *name, int n, const char *const *s, int scalar) {
    size_t width = 1;
    for (int i = 0; i < n; i++)
        if (strlen(s[i]) + 1 > width) width = strlen(s[i]) + 1;
    char *buf = calloc(n > 0 ? (size_t)n : 1, width);
    if (buf == NULL) return -1;
    for (int i = 0; i < n; i++) memcpy(buf + (size_t)i * width, s[i], strlen(s[i]));
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, width);
    H5Tset_cset(t, H5T_CSET_UTF8);
    hsize_t dims = (hsize_t)n;
    hid_t space = scalar ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, &dims, NULL);
    int rc = put_attr(loc, name, t, t, space, buf);
    H5Sclose(space);
    H5Tclose(t);
    free(buf);
    return rc;
}

static int put_string(hid_t loc, const char *name, const char *s) {
    return put_strings(loc, name, 1, &s, 1);
}

static int put_u64(hid_t loc, const char *name, uint64_t v) {
    hid_t space = H5Screate(H5S_SCALAR);
    int rc = put_attr(loc, name, H5T_STD_U64LE, H5T_NATIVE_UINT64, space, &v);
    H5Sclose(space);
    return rc;
}

static int put_ints(hid_t loc, const char *name, int n, const int *v) {
    hsize_t dims = (hsize_t)n;
    hid_t space = H5Screate_simple(1, &dims, NULL);
    int rc = put_attr(loc, name, H5T_STD_I32LE, H5T_NATIVE_INT, space, v);
    H5Sclose(space);
    return rc;
}

static int get_u64(hid_t loc, const char *name, uint64_t *v) {
    if (H5Aexists(loc, name) <= 0) return -1;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    int rc = a < 0 || H5Aread(a, H5T_NATIVE_UINT64, v) < 0 ? -1 : 0;
    if (a >= 0) H5Aclose(a);
    return rc;
}

/* The spec text stored in a file, malloc'd; NULL if absent. */
static char *get_string(hid_t loc, const char *name) {
    if (H5Aexists(loc, name) <= 0) return NULL;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    if (a < 0) return NULL;
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, H5T_VARIABLE);
    H5Tset_cset(t, H5T_CSET_UTF8);
    char *s = NULL, *out = NULL;
    hid_t at = H5Aget_type(a), sp = H5Aget_space(a);
    if (H5Tget_class(at) == H5T_STRING && H5Sget_simple_extent_npoints(sp) == 1) {
        if (H5Tis_variable_str(at) > 0) {
            if (H5Aread(a, t, &s) >= 0 && s != NULL) {
                out = strdup(s);
                H5free_memory(s);
            }
        } else {
            size_t size = H5Tget_size(at);
            hid_t ft = H5Tcopy(H5T_C_S1);
            out = size < (1u << 24) ? calloc(1, size + 1) : NULL;
            if (out && (H5Tset_size(ft, size + 1) < 0 || H5Tset_cset(ft, H5Tget_cset(at)) < 0 ||
                        H5Aread(a, ft, out) < 0)) {
                free(out);
                out = NULL;
            }
            H5Tclose(ft);
        }
    }
    H5Sclose(sp);
    H5Tclose(at);
    H5Tclose(t);
    H5Aclose(a);
    return out;
}

static int write_static_attrs(efile *f, const cs_event_spec *spec, const char *command_line) {
    hid_t r = f->file;
    const cs_field *fl = &spec->field;
    int rc = 0;
    const char *names[CS_EVENT_ENTRANTS_MAX], *clubs_of[CS_EVENT_ENTRANTS_MAX];
    const char *club_list[CS_EVENT_ENTRANTS_MAX];
    int strat[CS_EVENT_ENTRANTS_MAX], nominated[CS_EVENT_ENTRANTS_MAX], n_clubs = 0;
    for (int i = 0; i < fl->n; i++) {
        names[i] = fl->entrant[i].name;
        clubs_of[i] = fl->entrant[i].club;
        strat[i] = fl->entrant[i].strategy;
        nominated[i] = fl->entrant[i].nominated;
        if (!fl->entrant[i].club[0]) continue;
        int seen = 0;
        for (int c = 0; c < n_clubs; c++) seen |= !strcmp(club_list[c], fl->entrant[i].club);
        if (!seen) club_list[n_clubs++] = fl->entrant[i].club;
    }
    const char *specs[CS_EVENT_STRATEGIES_MAX];
    for (int i = 0; i < spec->n_strategies; i++) specs[i] = spec->strategies[i];
    char rules[CS_H5_TEXT_MAX];
    cs_rules_to_json(&spec->rules, rules, sizeof rules);
    cs_h5_meta prov;
    memset(&prov, 0, sizeof prov);
    cs_h5_meta_provenance(&prov);
    rc |= put_string(r, "schema", "cribsim-events");
    rc |= put_u64(r, "schema_version", 1);
    rc |= put_string(r, "name", spec->name);
    rc |= put_string(r, "format", spec->format->name);
    rc |= put_string(r, "spec", spec->text ? spec->text : "");
    rc |= put_string(r, "rules", rules);
    rc |= put_strings(r, "entrants", fl->n, names, 0);
    rc |= put_ints(r, "entrant_strategy", fl->n, strat);
    rc |= put_strings(r, "entrant_club", fl->n, clubs_of, 0);
    rc |= put_ints(r, "entrant_nominated", fl->n, nominated);
    rc |= put_strings(r, "strategies", spec->n_strategies, specs, 0);
    if (n_clubs) rc |= put_strings(r, "clubs", n_clubs, club_list, 0);
    rc |= put_u64(r, "weeks",
                  spec->format->id == CS_EVENT_FORMAT_LEAGUE ? (uint64_t)spec->params.weeks : 1);
    rc |= put_u64(r, "seed", spec->seed);
    rc |= put_u64(r, "events_requested", spec->events);
    rc |= put_string(r, "engine_version", prov.engine_version);
    rc |= put_string(r, "git_commit", prov.git_commit);
    rc |= put_string(r, "created_utc", prov.created_utc);
    rc |= put_string(r, "rng", prov.rng);
    rc |= put_string(r, "command_line", command_line ? command_line : "");
    return rc;
}

static int write_progress(efile *f, uint64_t completed, const char *status, int threads) {
    int rc = put_u64(f->file, "events_completed", completed);
    rc |= put_string(f->file, "status", status);
    rc |= put_u64(f->file, "threads", (uint64_t)threads);
    rc |= H5Fflush(f->file, H5F_SCOPE_GLOBAL) < 0;
    return rc;
}

static void efile_close(efile *f) {
    if (f->events >= 0) H5Dclose(f->events);
    if (f->standings >= 0) H5Dclose(f->standings);
    if (f->games >= 0) H5Dclose(f->games);
    if (f->file >= 0) H5Fclose(f->file);
    close_types(f);
}

/* ---- playing ---- */

typedef struct {
    event_row event;
    standing_row standing[CS_EVENT_ENTRANTS_MAX];
    int n_standings;
    game_row *games;
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
    w->state = calloc(1, spec->format->state_size);
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
                size_t cap = out->cap_games ? 2 * out->cap_games : 64;
                game_row *p = realloc(out->games, cap * sizeof *p);
                if (p == NULL) return out->err = CS_ENOMEM;
                out->games = p;
                out->cap_games = cap;
            }
            game_row *row = &out->games[out->n_games++];
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
    cs_event_totals t = {0, -1, 0};
    if (fmt->totals) fmt->totals(w->state, &t);
    out->n_standings = spec->field.n;
    for (int i = 0; i < spec->field.n; i++) {
        const cs_standing *s = &w->rows[i];
        standing_row *r = &out->standing[i];
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

/* ---- opening ---- */

static int open_new(efile *f, const cs_event_spec *spec, const cs_event_options *o, char *err,
                    size_t err_len) {
    struct stat st;
    if (!o->force && stat(o->output, &st) == 0) {
        snprintf(err, err_len, "%s exists (use --force to replace it, or --resume to complete it)",
                 o->output);
        return CS_ECONFIG;
    }
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    /* checksummed metadata, and no "open for writing" flag that would stop --resume */
    H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_V18);
    f->file = H5Fcreate(o->output, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    H5Pclose(fapl);
    if (f->file < 0) {
        snprintf(err, err_len, "cannot create %s (check the folder exists and is writable)",
                 o->output);
        return CS_EIO;
    }
    f->events = create_table(f->file, "events", f->t_event, 4096);
    f->standings = create_table(f->file, "standings", f->t_standing, 8192);
    f->games = create_table(f->file, "games", f->t_game, 8192);
    if (f->events < 0 || f->standings < 0 || f->games < 0 ||
        write_static_attrs(f, spec, o->command_line) != 0 || write_progress(f, 0, "running", 1)) {
        snprintf(err, err_len, "cannot write %s", o->output);
        return CS_EIO;
    }
    return 0;
}

/* Reopens a file to complete it: the same spec text and seed, rows cut back to whole events. */
static int open_resume(efile *f, const cs_event_spec *spec, uint64_t *done, char *err,
                       size_t err_len, const char *path) {
    f->file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    if (f->file < 0) {
        snprintf(err, err_len,
                 "%s cannot be opened to resume (missing, locked by another "
                 "process, or not HDF5)",
                 path);
        return CS_EIO;
    }
    char *text = get_string(f->file, "spec");
    uint64_t seed = 0, completed = 0;
    int same = text && spec->text && strcmp(text, spec->text) == 0;
    free(text);
    if (!same || get_u64(f->file, "seed", &seed) || seed != spec->seed ||
        get_u64(f->file, "events_completed", &completed)) {
        snprintf(err, err_len,
                 "%s was not written by this event spec and seed (or is not an event file): "
                 "give the same spec and --seed to resume it",
                 path);
        return CS_ECONFIG;
    }
    f->events = H5Dopen2(f->file, "events", H5P_DEFAULT);
    f->standings = H5Dopen2(f->file, "standings", H5P_DEFAULT);
    f->games = H5Dopen2(f->file, "games", H5P_DEFAULT);
    if (f->events < 0 || f->standings < 0 || f->games < 0) {
        snprintf(err, err_len, "%s lacks /events, /standings or /games", path);
        return CS_ECONFIG;
    }
    hid_t s = H5Dget_space(f->events);
    hsize_t rows = 0;
    H5Sget_simple_extent_dims(s, &rows, NULL);
    H5Sclose(s);
    if (completed > rows || completed > spec->events) {
        snprintf(err, err_len, "%s says %llu events are complete but holds %llu", path,
                 (unsigned long long)completed, (unsigned long long)rows);
        return CS_ECONFIG;
    }
    /* games of the complete events */
    uint64_t games = 0;
    if (completed) {
        event_row *ev = malloc(sizeof *ev * 4096);
        if (ev == NULL) return CS_ENOMEM;
        for (uint64_t a = 0; a < completed; a += 4096) {
            hsize_t start = a, count = completed - a < 4096 ? completed - a : 4096;
            hid_t fs = H5Dget_space(f->events), ms = H5Screate_simple(1, &count, NULL);
            H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL);
            herr_t r = H5Dread(f->events, f->t_event, ms, fs, H5P_DEFAULT, ev);
            H5Sclose(ms);
            H5Sclose(fs);
            if (r < 0) {
                free(ev);
                snprintf(err, err_len, "%s: /events cannot be read", path);
                return CS_EIO;
            }
            for (hsize_t i = 0; i < count; i++) games += ev[i].games;
        }
        free(ev);
    }
    hsize_t size = completed;
    hsize_t n_st = completed * (uint64_t)spec->field.n;
    if (H5Dset_extent(f->events, &size) < 0 || H5Dset_extent(f->standings, &n_st) < 0 ||
        H5Dset_extent(f->games, (hsize_t[]){games}) < 0) {
        snprintf(err, err_len, "%s: cannot cut the tables back to %llu events", path,
                 (unsigned long long)completed);
        return CS_EIO;
    }
    f->n_events = completed;
    f->n_standings = n_st;
    f->n_games = games;
    *done = completed;
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
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    efile f = {-1, -1, -1, -1, -1, -1, -1, 0, 0, 0};
    make_types(&f);
    uint64_t begin = 0;
    int rc = o->resume ? open_resume(&f, spec, &begin, err, err_len, o->output)
                       : open_new(&f, spec, o, err, err_len);
    if (rc != 0) {
        efile_close(&f);
        return rc;
    }
    res->events_begin = begin;
    if (begin >= spec->events) {
        res->already_done = 1;
        res->events_done = begin;
        write_progress(&f, begin, "complete", 0);
        efile_close(&f);
        return 0;
    }
    int threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    res->threads = threads;
    worker *workers = calloc((size_t)threads, sizeof *workers);
    size_t batch = (size_t)threads * 4;
    event_out *outs = calloc(batch, sizeof *outs);
    if (workers == NULL || outs == NULL) {
        free(workers);
        free(outs);
        efile_close(&f);
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    for (int t = 0; t < threads && rc == 0; t++) rc = worker_init(&workers[t], spec, err, err_len);
    cs_runner_signals(1);
    cs_runner_interrupted(1);
    double start = now_seconds(), last_progress = start;
    uint64_t e = begin, written_since = 0;
    const char *status = "complete";
    int stop = 0;
    while (rc == 0 && !stop && e < spec->events) {
        if (cs_runner_interrupted(0) ||
            (o->interrupt_after && written_since >= o->interrupt_after)) {
            res->interrupted = 1;
            status = "interrupted";
            break;
        }
        size_t nb = spec->events - e < batch ? (size_t)(spec->events - e) : batch;
        if (o->interrupt_after && nb > o->interrupt_after - written_since)
            nb = (size_t)(o->interrupt_after - written_since);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (size_t i = 0; i < nb; i++)
            play_event(spec, &workers[omp_get_thread_num()], e + i, &outs[i]);
        res->started = 1;
        for (size_t i = 0; i < nb; i++) {
            event_out *x = &outs[i];
            if (x->err == CS_EINTERRUPT) { /* a signal stopped one of its games */
                res->interrupted = 1;
                status = "interrupted";
                stop = 1; /* the events before it are written; nothing after */
                break;
            }
            if (x->err) {
                snprintf(err, err_len, "%s", x->msg[0] ? x->msg : cs_err_message(x->err));
                rc = x->err;
                status = "failed";
                break;
            }
            if (append(f.events, f.t_event, &f.n_events, &x->event, 1) ||
                append(f.standings, f.t_standing, &f.n_standings, x->standing,
                       (size_t)x->n_standings) ||
                append(f.games, f.t_game, &f.n_games, x->games, x->n_games)) {
                snprintf(err, err_len, "cannot write to %s (disk full?)", o->output);
                rc = CS_EIO;
                status = "failed";
                break;
            }
            res->games += x->n_games;
            e++;
            written_since++;
        }
        double t = now_seconds();
        if (rc == 0 && t - last_progress >= 2.0) {
            write_progress(&f, e, "running", threads);
            last_progress = t;
            if (!o->quiet)
                fprintf(stderr, "\r%s: %llu of %llu events, %.0f events a second   ", spec->name,
                        (unsigned long long)e, (unsigned long long)spec->events,
                        (double)(e - begin) / (t - start));
        }
    }
    if (rc != 0) status = "failed";
    if (!o->quiet && now_seconds() - start >= 2.0) fprintf(stderr, "\n");
    res->seconds = now_seconds() - start;
    res->events_done = e;
    if (write_progress(&f, e, status, threads) != 0 && rc == 0) {
        snprintf(err, err_len, "cannot write to %s", o->output);
        rc = CS_EIO;
    }
    cs_runner_signals(0);
    for (int t = 0; t < threads; t++) worker_free(&workers[t], spec->n_strategies);
    for (size_t i = 0; i < batch; i++) free(outs[i].games);
    free(workers);
    free(outs);
    efile_close(&f);
    return rc;
}

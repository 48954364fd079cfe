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
 * entrant_nominated, strategies, strategy_models (per strategy, what it plays from beyond its
 * spec: a model file's checksum, checked on --resume), clubs, weeks (league nights per event),
 * seed, events_requested (events in the whole experiment, every shard), shard_index and
 * shard_count (K and N of --shard K/N, 1 and 1 without), event_begin and event_end (the events
 * [begin, end) this file covers), events_completed (events whose rows are all written, counted
 * from event_begin), status (running, complete, interrupted, failed), engine_version,
 * git_commit, created_utc, command_line, threads.
 */
#include <errno.h>
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
#include "h5attr.h"
#include "h5file.h"
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

/* Rows per chunk of each table (about 128 KB of /events, 540 KB of /standings and 330 KB of
 * /games before compression; each fits HDF5's default 1 MB chunk cache). */
#define EVENTS_CHUNK    4096
#define STANDINGS_CHUNK 8192
#define GAMES_CHUNK     8192

/*
 * One table, written a whole chunk at a time, as the run writer writes its tables: rows are
 * staged in memory and reach HDF5 only as whole chunks (the last, partial one when the file is
 * finished). HDF5 moves a compressed chunk that is rewritten and may give its old space to the
 * next allocation, so a partial chunk a checkpoint pointed to could be overwritten by a later
 * write; whole chunks are written once and never rewritten. A checkpoint then counts only the
 * events whose rows are all in written chunks (durable_events), and a run that dies later (a
 * full disk, a kill) leaves a file valid as of its last checkpoint. Whole chunks are written
 * straight to the disk (table_access), so a failed write is seen at once and the file is left
 * alone from then on (efile_close).
 */
typedef struct {
    hid_t d;              /* the dataset */
    hid_t mtype;          /* its memory type (the efile's) */
    size_t row_size;      /* of a row in memory */
    size_t chunk;         /* rows per chunk */
    unsigned char *stage; /* rows from `written` on, at most a chunk */
    size_t staged;
    uint64_t written; /* rows handed to HDF5: whole chunks until the file is finished */
    uint64_t safe;    /* rows in chunks no later write rewrites */
} etable;

typedef struct {
    hid_t file;
    etable events, standings, games;
    hid_t t_event, t_standing, t_game; /* memory types */
    uint64_t entrants;                 /* standings rows an event */
    uint64_t first;                    /* the event of the first row (a shard's first) */
    int shard_index, shard_count;      /* K and N of --shard K/N (1 and 1: the whole) */
    /* games rows through each event not yet known durable: cum[i] for event cum_first + i */
    uint64_t *cum, cum_first;
    size_t n_cum, cap_cum;
    int lock;         /* the descriptor holding the file's lock (h5file.h) */
    int broken;       /* a write failed: the file is left as its last checkpoint made it */
    char reason[256]; /* why the last write failed */
} efile;

/* Records why the HDF5 call just made failed (errno, which a failed write leaves set, says it
 * best) and marks the file broken; returns -1. */
static int write_failed(efile *f) {
    int e = errno;
    snprintf(f->reason, sizeof f->reason, "%s", e ? strerror(e) : "HDF5 reported a failure");
    f->broken = 1;
    return -1;
}

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

/* The tables' access list: no chunk cache, so each whole chunk written goes to the disk in its
 * H5Dwrite (a full disk is reported there, not later inside a flush that would still write the
 * superblock) and nothing is left in memory for a checkpoint to write. Returns -1 on failure. */
static hid_t table_access(void) {
    hid_t dapl = H5Pcreate(H5P_DATASET_ACCESS);
    if (dapl >= 0 && H5Pset_chunk_cache(dapl, 0, 0, 1.0) < 0) {
        H5Pclose(dapl);
        return -1;
    }
    return dapl;
}

static hid_t open_table(hid_t file, const char *name) {
    hid_t dapl = table_access();
    hid_t d = dapl < 0 ? -1 : H5Dopen2(file, name, dapl);
    if (dapl >= 0) H5Pclose(dapl);
    return d;
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
    hid_t dapl = table_access();
    hid_t d = dapl < 0 ? -1 : H5Dcreate2(file, name, ftype, space, H5P_DEFAULT, dcpl, dapl);
    if (dapl >= 0) H5Pclose(dapl);
    H5Tclose(ftype);
    H5Pclose(dcpl);
    H5Sclose(space);
    return d;
}

static uint64_t table_size(const etable *t) {
    return t->written + t->staged;
}

/* Hands the staged rows to HDF5 (whole chunks, or the last rows when the file is finished). */
static int stage_write(efile *f, etable *t) {
    if (t->staged == 0) return 0;
    errno = 0;
    hsize_t start = t->written, count = t->staged, size = t->written + t->staged;
    if (H5Dset_extent(t->d, &size) < 0) return write_failed(f);
    hid_t fs = H5Dget_space(t->d);
    hid_t ms = H5Screate_simple(1, &count, NULL);
    int rc = fs < 0 || ms < 0 ||
             H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL) < 0 ||
             H5Dwrite(t->d, t->mtype, ms, fs, H5P_DEFAULT, t->stage) < 0;
    if (rc) write_failed(f);
    if (ms >= 0) H5Sclose(ms);
    if (fs >= 0) H5Sclose(fs);
    if (rc) return -1;
    t->written = size;
    t->safe = size;
    t->staged = 0;
    return 0;
}

/* Appends rows to a table's stage, writing each chunk as it fills. Returns 0 or -1. */
static int append(efile *f, etable *t, const void *rows, size_t n) {
    const unsigned char *p = rows;
    while (n > 0) {
        size_t k = t->chunk - t->staged < n ? t->chunk - t->staged : n;
        memcpy(t->stage + t->staged * t->row_size, p, k * t->row_size);
        t->staged += k;
        p += k * t->row_size;
        n -= k;
        if (t->staged == t->chunk && stage_write(f, t) != 0) return -1;
    }
    return 0;
}

/* Notes the /games rows through the event just appended. Returns 0 or CS_ENOMEM. */
static int note_event(efile *f) {
    if (f->n_cum == f->cap_cum) {
        size_t cap = f->cap_cum ? 2 * f->cap_cum : 1024;
        uint64_t *p = realloc(f->cum, cap * sizeof *p);
        if (p == NULL) return CS_ENOMEM;
        f->cum = p;
        f->cap_cum = cap;
    }
    f->cum[f->n_cum++] = table_size(&f->games);
    return 0;
}

/* The events whose rows are all in chunks no later write rewrites; forgets the games counts
 * of those events. */
static uint64_t durable_events(efile *f) {
    uint64_t d = f->events.safe, by_standings = f->standings.safe / f->entrants;
    if (by_standings < d) d = by_standings;
    size_t k = 0;
    while (k < f->n_cum && f->cum[k] <= f->games.safe) k++;
    if (f->cum_first + k < d) d = f->cum_first + k;
    if (d > f->cum_first) {
        size_t drop = (size_t)(d - f->cum_first);
        memmove(f->cum, f->cum + drop, (f->n_cum - drop) * sizeof *f->cum);
        f->n_cum -= drop;
        f->cum_first = d;
    }
    return d;
}

/* Sets up a table's stage; rows: the rows the table holds (after a resume), the last partial
 * chunk's read back into the stage so that chunks stay whole. Returns 0 or -1. */
static int table_stage(etable *t, hid_t mtype, size_t row_size, size_t chunk, uint64_t rows) {
    t->mtype = mtype;
    t->row_size = row_size;
    t->chunk = chunk;
    t->stage = malloc(chunk * row_size);
    if (t->stage == NULL) return -1;
    t->written = rows / chunk * chunk;
    t->staged = (size_t)(rows - t->written);
    t->safe = rows; /* the partial chunk is on disk until it is written whole */
    if (t->staged == 0) return 0;
    hsize_t start = t->written, count = t->staged;
    hid_t fs = H5Dget_space(t->d), ms = H5Screate_simple(1, &count, NULL);
    int rc = fs < 0 || ms < 0 ||
                     H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL) < 0 ||
                     H5Dread(t->d, mtype, ms, fs, H5P_DEFAULT, t->stage) < 0
                 ? -1
                 : 0;
    if (ms >= 0) H5Sclose(ms);
    if (fs >= 0) H5Sclose(fs);
    return rc;
}

static int tables_stage(efile *f, uint64_t events, uint64_t games) {
    f->cum_first = events;
    return table_stage(&f->events, f->t_event, sizeof(event_row), EVENTS_CHUNK, events) ||
                   table_stage(&f->standings, f->t_standing, sizeof(standing_row), STANDINGS_CHUNK,
                               events * f->entrants) ||
                   table_stage(&f->games, f->t_game, sizeof(game_row), GAMES_CHUNK, games)
               ? -1
               : 0;
}

/* What each strategy of the spec plays from beyond its spec (cs_player_identity: a model
 * file's checksum), from a player made for the purpose; outside code (exec:, plugin:) is not
 * started for it and records nothing. Returns 0 or CS_EUNKNOWN. */
static int strategy_models(const cs_event_spec *spec, char out[][CS_IDENTITY_MAX], char *err,
                           size_t err_len) {
    for (int s = 0; s < spec->n_strategies; s++) {
        const char *st = spec->strategies[s];
        out[s][0] = '\0';
        if (!strncmp(st, "exec:", 5) || !strncmp(st, "plugin:", 7)) continue;
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

static int write_static_attrs(efile *f, const cs_event_spec *spec, const char *command_line,
                              int shard_index, int shard_count, uint64_t end) {
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
    rc |= cs_h5_attr_put_string(r, "schema", "cribsim-events");
    rc |= cs_h5_attr_put_u64(r, "schema_version", 1);
    rc |= cs_h5_attr_put_string(r, "name", spec->name);
    rc |= cs_h5_attr_put_string(r, "format", spec->format->name);
    rc |= cs_h5_attr_put_string(r, "spec", spec->text ? spec->text : "");
    rc |= cs_h5_attr_put_string(r, "rules", rules);
    rc |= cs_h5_attr_put_strings(r, "entrants", fl->n, names, 0);
    rc |= cs_h5_attr_put_ints(r, "entrant_strategy", fl->n, strat);
    rc |= cs_h5_attr_put_strings(r, "entrant_club", fl->n, clubs_of, 0);
    rc |= cs_h5_attr_put_ints(r, "entrant_nominated", fl->n, nominated);
    rc |= cs_h5_attr_put_strings(r, "strategies", spec->n_strategies, specs, 0);
    char models[CS_EVENT_STRATEGIES_MAX][CS_IDENTITY_MAX];
    const char *model_list[CS_EVENT_STRATEGIES_MAX];
    char why[512];
    rc |= strategy_models(spec, models, why, sizeof why) != 0;
    for (int i = 0; i < spec->n_strategies; i++) model_list[i] = models[i];
    rc |= cs_h5_attr_put_strings(r, "strategy_models", spec->n_strategies, model_list, 0);
    if (n_clubs) rc |= cs_h5_attr_put_strings(r, "clubs", n_clubs, club_list, 0);
    rc |= cs_h5_attr_put_u64(
        r, "weeks", spec->format->id == CS_EVENT_FORMAT_LEAGUE ? (uint64_t)spec->params.weeks : 1);
    rc |= cs_h5_attr_put_u64(r, "seed", spec->seed);
    rc |= cs_h5_attr_put_u64(r, "events_requested", spec->events);
    rc |= cs_h5_attr_put_u64(r, "shard_index", (uint64_t)shard_index);
    rc |= cs_h5_attr_put_u64(r, "shard_count", (uint64_t)shard_count);
    rc |= cs_h5_attr_put_u64(r, "event_begin", f->first);
    rc |= cs_h5_attr_put_u64(r, "event_end", end);
    rc |= cs_h5_attr_put_string(r, "engine_version", prov.engine_version);
    rc |= cs_h5_attr_put_string(r, "git_commit", prov.git_commit);
    rc |= cs_h5_attr_put_string(r, "created_utc", prov.created_utc);
    rc |= cs_h5_attr_put_string(r, "rng", prov.rng);
    rc |= cs_h5_attr_put_string(r, "command_line", command_line ? command_line : "");
    return rc;
}

/*
 * A checkpoint: the rows handed to HDF5 reach the disk first, and only then the count of
 * complete events that points at them, so the count never names rows the disk lacks. It counts
 * the durable events (see etable); with final, the last partial chunks are written first and
 * every event appended counts. After a
 * failure (the disk full) the file is broken and nothing more is written: it stays as the last
 * checkpoint left it, status not complete, and --resume continues from there. Returns 0 or -1
 * (the reason in f->reason).
 */
static int write_progress(efile *f, int final, const char *status, int threads) {
    if (f->broken) return -1;
    if (final &&
        (stage_write(f, &f->events) || stage_write(f, &f->standings) || stage_write(f, &f->games)))
        return -1;
    uint64_t completed = final ? table_size(&f->events) : durable_events(f);
    errno = 0;
    if (H5Fflush(f->file, H5F_SCOPE_GLOBAL) < 0) return write_failed(f);
    if (cs_h5_attr_put_u64(f->file, "events_completed", completed) ||
        cs_h5_attr_put_string(f->file, "status", status) ||
        cs_h5_attr_put_u64(f->file, "threads", (uint64_t)threads) ||
        H5Fflush(f->file, H5F_SCOPE_GLOBAL) < 0)
        return write_failed(f);
    return 0;
}

/* Closes the file and releases its lock; a broken file's HDF5 handles are abandoned unclosed
 * (closing would flush metadata describing rows that never reached the disk). Returns 0 or
 * -1 (closing failed). */
static int efile_close(efile *f) {
    int abandon = f->broken;
    etable *tables[3] = {&f->events, &f->standings, &f->games};
    for (int i = 0; i < 3; i++) {
        if (!abandon && tables[i]->d >= 0) H5Dclose(tables[i]->d);
        free(tables[i]->stage);
        tables[i]->stage = NULL;
    }
    free(f->cum);
    f->cum = NULL;
    errno = 0;
    cs_h5_file hf = {f->file, f->lock};
    int rc = cs_h5_file_close(&hf, abandon);
    if (rc != 0) write_failed(f);
    f->file = -1;
    f->lock = -1;
    close_types(f);
    return rc;
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

static int open_new(efile *f, const cs_event_spec *spec, const cs_event_options *o,
                    uint64_t *target, char *err, size_t err_len) {
    if (o->shard_count > 1 && (uint64_t)o->shard_count > spec->events) {
        snprintf(err, err_len,
                 "--shard %d/%d: %llu events cannot be shared among %d shards (each needs at "
                 "least one)",
                 o->shard_index, o->shard_count, (unsigned long long)spec->events, o->shard_count);
        return CS_ECONFIG;
    }
    struct stat st;
    if (!o->force && stat(o->output, &st) == 0) {
        snprintf(err, err_len, "%s exists (use --force to replace it, or --resume to complete it)",
                 o->output);
        return CS_ECONFIG;
    }
    /* Locked before anything is truncated: a file another cribsim writes is left alone. */
    cs_h5_file hf;
    int rc = cs_h5_file_create(o->output, o->force, &hf, err, err_len);
    if (rc != 0) return rc;
    f->file = hf.file;
    f->lock = hf.lock;
    int k = o->shard_count ? o->shard_index : 1, n = o->shard_count ? o->shard_count : 1;
    uint64_t end;
    cs_shard_range(spec->events, 1, k, n, &f->first, &end);
    f->shard_index = k;
    f->shard_count = n;
    *target = end - f->first;
    f->events.d = create_table(f->file, "events", f->t_event, EVENTS_CHUNK);
    f->standings.d = create_table(f->file, "standings", f->t_standing, STANDINGS_CHUNK);
    f->games.d = create_table(f->file, "games", f->t_game, GAMES_CHUNK);
    if (f->events.d < 0 || f->standings.d < 0 || f->games.d < 0 || tables_stage(f, 0, 0) ||
        write_static_attrs(f, spec, o->command_line, k, n, end) != 0 ||
        write_progress(f, 1, "running", 1)) {
        snprintf(err, err_len, "cannot write %s: %s", o->output,
                 f->reason[0] ? f->reason : "HDF5 reported a failure");
        unlink(o->output); /* half made, and still ours (locked): as the run writer does */
        f->broken = 1;
        return CS_EIO;
    }
    return 0;
}

/* Reads rows [first, first + count) of a table into rows. Returns 0 or -1. */
static int read_rows(hid_t d, hid_t mtype, uint64_t first, size_t count, void *rows) {
    hsize_t start = first, n = count;
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(1, &n, NULL);
    int rc = fs < 0 || ms < 0 ||
                     H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &n, NULL) < 0 ||
                     H5Dread(d, mtype, ms, fs, H5P_DEFAULT, rows) < 0
                 ? -1
                 : 0;
    if (ms >= 0) H5Sclose(ms);
    if (fs >= 0) H5Sclose(fs);
    return rc;
}

static uint64_t table_rows(hid_t d) {
    hsize_t rows = 0;
    hid_t s = H5Dget_space(d);
    if (s >= 0) {
        H5Sget_simple_extent_dims(s, &rows, NULL);
        H5Sclose(s);
    }
    return rows;
}

#define CHECK_ROWS 4096 /* rows read at a time while checking a file to resume */

/*
 * Checks the rows of the first `completed` events of a file to resume or merge, and sums their
 * games: /events row i is event f->first + i and played at most CS_EVENT_GAMES_MAX games,
 * /standings holds each event's f->entrants rows (event, entrant and rank in range), and
 * /games holds every game those rows count, the last of them belonging to the last complete
 * event. A forged or damaged count is refused here, before any table is resized or copied. Returns
 * 0 or CS_ECONFIG / CS_EIO / CS_ENOMEM.
 */
static int check_complete(efile *f, uint64_t completed, uint64_t *games, char *err, size_t err_len,
                          const char *path) {
    const uint64_t n = f->entrants;
    uint64_t st_rows = table_rows(f->standings.d), game_rows = table_rows(f->games.d);
    if (completed > UINT64_MAX / n || completed * n > st_rows) {
        snprintf(err, err_len,
                 "%s says %llu events are complete but /standings holds %llu rows (%llu "
                 "entrants an event): refused",
                 path, (unsigned long long)completed, (unsigned long long)st_rows,
                 (unsigned long long)n);
        return CS_ECONFIG;
    }
    event_row *ev = malloc(sizeof *ev * CHECK_ROWS);
    standing_row *st = malloc(sizeof *st * CHECK_ROWS);
    int rc = ev == NULL || st == NULL ? CS_ENOMEM : 0;
    uint64_t sum = 0;
    for (uint64_t a = 0; rc == 0 && a < completed; a += CHECK_ROWS) {
        size_t count = completed - a < CHECK_ROWS ? (size_t)(completed - a) : CHECK_ROWS;
        if (read_rows(f->events.d, f->t_event, a, count, ev) != 0) {
            snprintf(err, err_len, "%s: /events cannot be read (truncated or damaged?)", path);
            rc = CS_EIO;
        }
        for (size_t i = 0; rc == 0 && i < count; i++) {
            if (ev[i].event != f->first + a + i || ev[i].games > CS_EVENT_GAMES_MAX) {
                snprintf(err, err_len,
                         "%s: /events row %llu says event %llu with %lu games; a complete "
                         "event's row is its own number (%llu) with at most %d games: refused",
                         path, (unsigned long long)(a + i), (unsigned long long)ev[i].event,
                         (unsigned long)ev[i].games, (unsigned long long)(f->first + a + i),
                         CS_EVENT_GAMES_MAX);
                rc = CS_ECONFIG;
            }
            sum += ev[i].games;
        }
    }
    for (uint64_t a = 0; rc == 0 && a < completed * n; a += CHECK_ROWS) {
        size_t count = completed * n - a < CHECK_ROWS ? (size_t)(completed * n - a) : CHECK_ROWS;
        if (read_rows(f->standings.d, f->t_standing, a, count, st) != 0) {
            snprintf(err, err_len, "%s: /standings cannot be read (truncated or damaged?)", path);
            rc = CS_EIO;
        }
        for (size_t i = 0; rc == 0 && i < count; i++) {
            uint64_t row = a + i;
            uint64_t event = f->first + row / n;
            if (st[i].event != event || st[i].entrant >= n || st[i].rank < 1 || st[i].rank > n) {
                snprintf(err, err_len,
                         "%s: /standings row %llu (event %llu, entrant %u, rank %u) does not "
                         "belong to complete event %llu: refused",
                         path, (unsigned long long)row, (unsigned long long)st[i].event,
                         (unsigned)st[i].entrant, (unsigned)st[i].rank, (unsigned long long)event);
                rc = CS_ECONFIG;
            }
        }
    }
    if (rc == 0 && sum > game_rows) {
        snprintf(err, err_len,
                 "%s: its complete events count %llu games but /games holds %llu rows: refused",
                 path, (unsigned long long)sum, (unsigned long long)game_rows);
        rc = CS_ECONFIG;
    }
    if (rc == 0 && sum > 0) {
        game_row last;
        if (read_rows(f->games.d, f->t_game, sum - 1, 1, &last) != 0) {
            snprintf(err, err_len, "%s: /games cannot be read (truncated or damaged?)", path);
            rc = CS_EIO;
        } else if (last.event != f->first + completed - 1) {
            snprintf(err, err_len,
                     "%s: /games row %llu belongs to event %llu, not to the last complete "
                     "event %llu: refused",
                     path, (unsigned long long)(sum - 1), (unsigned long long)last.event,
                     (unsigned long long)(f->first + completed - 1));
            rc = CS_ECONFIG;
        }
    }
    free(ev);
    free(st);
    if (rc == CS_ENOMEM) snprintf(err, err_len, "out of memory");
    *games = sum;
    return rc;
}

/* --resume: the file was written by this engine version, and each strategy plays from the same
 * data (a model file replaced since would mix two models' events in one file). Files written
 * before `strategy_models` existed are not checked for it. Returns 0 or CS_ECONFIG. */
static int same_models(efile *f, const cs_event_spec *spec, const char *path, char *err,
                       size_t err_len) {
    cs_h5_meta now;
    memset(&now, 0, sizeof now);
    cs_h5_meta_provenance(&now);
    char *version = cs_h5_attr_get_text(f->file, "engine_version");
    int other = version != NULL && version[0] && strcmp(version, now.engine_version) != 0;
    if (other)
        snprintf(err, err_len,
                 "%s was written by cribsim %s; this is cribsim %s, whose games may differ: "
                 "finish it with cribsim %s or start a new file",
                 path, version, now.engine_version, version);
    free(version);
    if (other) return CS_ECONFIG;
    char models[CS_EVENT_STRATEGIES_MAX][CS_IDENTITY_MAX];
    int rc = strategy_models(spec, models, err, err_len);
    if (rc != 0) return rc;
    for (int s = 0; s < spec->n_strategies; s++) {
        char was[CS_IDENTITY_MAX] = "";
        int count = 0;
        int got = cs_h5_attr_get_string_at(f->file, "strategy_models", s, was, sizeof was, &count);
        if (got == 1) return 0;
        if (got == 0 && count != spec->n_strategies) got = -1;
        if (got < 0) {
            snprintf(err, err_len, "%s: attribute 'strategy_models' is unreadable: refused", path);
            return CS_ECONFIG;
        }
        if (strcmp(was, models[s]) != 0) {
            snprintf(err, err_len,
                     "%s: strategy '%.200s' played from %s; it now plays from %s (the model "
                     "file changed since): refused, the file would mix two models' events",
                     path, spec->strategies[s], was[0] ? was : "nothing",
                     models[s][0] ? models[s] : "nothing");
            return CS_ECONFIG;
        }
    }
    return 0;
}

/* A file's shard (shard_index, shard_count, event_begin, event_end), which must be the range
 * cs_shard_range gives for its events_requested; a file written before shards existed has
 * none and is the whole, 1/1. Returns 0, or -1 for attributes that are partial, out of range
 * or disagree. */
static int read_shard(hid_t file, uint64_t requested, int *k, int *n, uint64_t *begin,
                      uint64_t *end) {
    uint64_t kk = 1, nn = 1, b = 0, e = requested;
    int missing = (cs_h5_attr_get_u64(file, "shard_index", &kk) != 0) +
                  (cs_h5_attr_get_u64(file, "shard_count", &nn) != 0) +
                  (cs_h5_attr_get_u64(file, "event_begin", &b) != 0) +
                  (cs_h5_attr_get_u64(file, "event_end", &e) != 0);
    if (missing == 4) {
        kk = nn = 1;
        b = 0;
        e = requested;
    } else if (missing != 0 || nn < 1 || nn > INT32_MAX || kk < 1 || kk > nn) {
        return -1;
    }
    *k = (int)kk;
    *n = (int)nn;
    cs_shard_range(requested, 1, *k, *n, begin, end);
    return *begin == b && *end == e ? 0 : -1;
}

/*
 * Reopens a file to complete it: the same spec text and seed, counts that agree with the
 * tables (check_complete), rows cut back to whole events. *target gets the events the file
 * covers (its shard of the events_requested it was started for); an --events or --shard that
 * differs is refused.
 */
static int open_resume(efile *f, const cs_event_spec *spec, const cs_event_options *o,
                       uint64_t *done, uint64_t *target, char *err, size_t err_len) {
    const char *path = o->output;
    cs_h5_file hf;
    int rc = cs_h5_file_open_rw(path, &hf, err, err_len);
    if (rc != 0) return rc;
    f->file = hf.file;
    f->lock = hf.lock;
    char *text = cs_h5_attr_get_text(f->file, "spec");
    uint64_t seed = 0, completed = 0, requested = 0;
    int same = text && spec->text && strcmp(text, spec->text) == 0;
    free(text);
    if (!same || cs_h5_attr_get_u64(f->file, "seed", &seed) || seed != spec->seed ||
        cs_h5_attr_get_u64(f->file, "events_completed", &completed) ||
        cs_h5_attr_get_u64(f->file, "events_requested", &requested)) {
        snprintf(err, err_len,
                 "%s was not written by this event spec and seed (or is not an event file): "
                 "give the same spec and --seed to resume it",
                 path);
        return CS_ECONFIG;
    }
    rc = same_models(f, spec, path, err, err_len);
    if (rc != 0) return rc;
    if (requested == 0 || requested > CS_EVENT_EVENTS_MAX) {
        snprintf(err, err_len, "%s asks for %llu events (1 to %llu may be asked): refused", path,
                 (unsigned long long)requested, (unsigned long long)CS_EVENT_EVENTS_MAX);
        return CS_ECONFIG;
    }
    if (o->events_given && spec->events != requested) {
        snprintf(err, err_len,
                 "%s was started for %llu events, not %llu: leave out --events to complete it",
                 path, (unsigned long long)requested, (unsigned long long)spec->events);
        return CS_ECONFIG;
    }
    int k, n;
    uint64_t end;
    if (read_shard(f->file, requested, &k, &n, &f->first, &end) != 0) {
        snprintf(err, err_len,
                 "%s: its shard attributes (shard_index, shard_count, event_begin, event_end) "
                 "do not describe a shard of its %llu events: refused",
                 path, (unsigned long long)requested);
        return CS_ECONFIG;
    }
    f->shard_index = k;
    f->shard_count = n;
    if (o->shard_count && (o->shard_index != k || o->shard_count != n)) {
        snprintf(err, err_len, "%s is shard %d/%d, not %d/%d: give its own --shard or none", path,
                 k, n, o->shard_index, o->shard_count);
        return CS_ECONFIG;
    }
    f->events.d = open_table(f->file, "events");
    f->standings.d = open_table(f->file, "standings");
    f->games.d = open_table(f->file, "games");
    if (f->events.d < 0 || f->standings.d < 0 || f->games.d < 0) {
        snprintf(err, err_len, "%s lacks /events, /standings or /games", path);
        return CS_ECONFIG;
    }
    uint64_t rows = table_rows(f->events.d);
    if (completed > rows || completed > end - f->first) {
        snprintf(err, err_len,
                 "%s says %llu events are complete but holds %llu and asks for %llu: refused", path,
                 (unsigned long long)completed, (unsigned long long)rows,
                 (unsigned long long)(end - f->first));
        return CS_ECONFIG;
    }
    uint64_t games = 0;
    rc = check_complete(f, completed, &games, err, err_len, path);
    if (rc != 0) return rc;
    hsize_t size = completed;
    hsize_t n_st = completed * (uint64_t)spec->field.n;
    if (H5Dset_extent(f->events.d, &size) < 0 || H5Dset_extent(f->standings.d, &n_st) < 0 ||
        H5Dset_extent(f->games.d, (hsize_t[]){games}) < 0 ||
        tables_stage(f, completed, games) != 0) {
        snprintf(err, err_len, "%s: cannot cut the tables back to %llu events", path,
                 (unsigned long long)completed);
        return CS_EIO;
    }
    *done = completed;
    *target = end - f->first;
    return 0;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The message for a write that failed, naming the file and the system's reason. */
static void write_error(const efile *f, const char *path, char *err, size_t err_len) {
    snprintf(err, err_len,
             "cannot write to %s: %s; the file keeps the events of its last checkpoint "
             "(events_completed), continue it with --resume once the cause is fixed",
             path, f->reason[0] ? f->reason : "HDF5 reported a failure");
}

int cs_event_run(const cs_event_spec *spec, const cs_event_options *o, cs_event_run_result *res,
                 char *err, size_t err_len) {
    memset(res, 0, sizeof *res);
    cs_h5_library_init();
    efile f;
    memset(&f, 0, sizeof f);
    f.file = f.events.d = f.standings.d = f.games.d = -1;
    f.lock = -1;
    f.entrants = (uint64_t)spec->field.n;
    make_types(&f);
    uint64_t begin = 0, target = spec->events;
    int rc = o->resume ? open_resume(&f, spec, o, &begin, &target, err, err_len)
                       : open_new(&f, spec, o, &target, err, err_len);
    if (rc != 0) {
        efile_close(&f);
        return rc;
    }
    res->events_begin = begin;
    res->events_requested = target;
    res->event_begin = f.first;
    res->event_end = f.first + target;
    res->shard_index = f.shard_index;
    res->shard_count = f.shard_count;
    if (begin >= target) {
        res->already_done = 1;
        res->events_done = begin;
        if (write_progress(&f, 1, "complete", 0) != 0) {
            write_error(&f, o->output, err, err_len);
            rc = CS_EIO;
        }
        if (efile_close(&f) != 0 && rc == 0) {
            write_error(&f, o->output, err, err_len);
            rc = CS_EIO;
        }
        res->started = rc != 0;
        return rc;
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
    const char *status = "complete";
    /* The handlers go in before any agent starts: a signal while one is starting stops its
     * wait for `ready`, and the agents already started are stopped below, not orphaned. */
    cs_runner_signals(1);
    for (int t = 0; t < threads && rc == 0; t++) rc = worker_init(&workers[t], spec, err, err_len);
    if (rc != 0 && cs_runner_interrupted(0)) {
        rc = 0;
        res->interrupted = 1;
        status = "interrupted";
    }
    double start = now_seconds(), last_progress = start;
    uint64_t e = begin, written_since = 0;
    int stop = res->interrupted;
    while (rc == 0 && !stop && e < target) {
        if (cs_runner_interrupted(0) ||
            (o->interrupt_after && written_since >= o->interrupt_after)) {
            res->interrupted = 1;
            status = "interrupted";
            break;
        }
        size_t nb = target - e < batch ? (size_t)(target - e) : batch;
        if (o->interrupt_after && nb > o->interrupt_after - written_since)
            nb = (size_t)(o->interrupt_after - written_since);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (size_t i = 0; i < nb; i++)
            play_event(spec, &workers[omp_get_thread_num()], f.first + e + i, &outs[i]);
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
            if (note_event(&f) != 0) {
                snprintf(err, err_len, "out of memory");
                rc = CS_ENOMEM;
                break;
            }
            if (append(&f, &f.events, &x->event, 1) ||
                append(&f, &f.standings, x->standing, (size_t)x->n_standings) ||
                append(&f, &f.games, x->games, x->n_games)) {
                write_error(&f, o->output, err, err_len);
                rc = CS_EIO;
                break;
            }
            res->games += x->n_games;
            e++;
            written_since++;
        }
        double t = now_seconds();
        if (rc == 0 && t - last_progress >= 2.0) {
            if (write_progress(&f, 0, "running", threads) != 0) {
                write_error(&f, o->output, err, err_len);
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
    if (!f.broken && write_progress(&f, 1, status, threads) != 0 && rc == 0) {
        write_error(&f, o->output, err, err_len);
        rc = CS_EIO;
    }
    for (int t = 0; t < threads; t++) worker_free(&workers[t], spec->n_strategies);
    cs_runner_signals(0);
    for (size_t i = 0; i < batch; i++) free(outs[i].games);
    free(workers);
    free(outs);
    if (efile_close(&f) != 0 && rc == 0) {
        write_error(&f, o->output, err, err_len);
        rc = CS_EIO;
    }
    if (f.broken) res->started = 1; /* a failure while writing, not bad input */
    return rc;
}

/* ---- merging shards ---- */

/* Root attributes that differ between the shards of one experiment: the shard's place and
 * progress and the command that wrote it, and git_commit (shards from builds of one engine
 * version merge, as run shards do). Every other attribute must hold the same bytes in every
 * part. */
static const char *const shard_own[] = {"shard_index",      "event_begin", "event_end",
                                        "events_completed", "status",      "threads",
                                        "command_line",     "created_utc", "git_commit"};
/* Also not copied into the merged file: the merge writes them (the whole experiment's). */
static const char *const merge_writes[] = {"shard_count"};

static int listed(const char *name, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(name, list[i]) == 0) return 1;
    return 0;
}

#define N_OWN (sizeof shard_own / sizeof *shard_own)

typedef struct {
    hid_t other;       /* the file compared with */
    const char *first; /* the first attribute that differs, or NULL */
    char name[64];
    int count;
} attr_walk;

static herr_t compare_one(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
    (void)info;
    attr_walk *w = data;
    w->count++;
    if (w->first != NULL || listed(name, shard_own, N_OWN)) return 0;
    if (!cs_h5_attr_same(loc, w->other, name)) {
        snprintf(w->name, sizeof w->name, "%s", name);
        w->first = w->name;
    }
    return 0;
}

static herr_t count_one(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
    (void)loc, (void)name, (void)info;
    ((attr_walk *)data)->count++;
    return 0;
}

/* The first root attribute, not a shard's own, that differs between two parts of one
 * experiment (the telling ones first), or NULL. */
static const char *attrs_differ(hid_t a, hid_t b, char *buf, size_t len) {
    static const char *const telling[] = {"schema",      "schema_version", "engine_version",
                                          "spec",        "seed",           "events_requested",
                                          "shard_count", "strategy_models"};
    const char *what = NULL;
    for (size_t i = 0; i < sizeof telling / sizeof *telling && what == NULL; i++)
        if (!cs_h5_attr_same(a, b, telling[i])) what = telling[i];
    attr_walk wa = {b, NULL, "", 0}, wb = {a, NULL, "", 0};
    hsize_t at = 0;
    if (what == NULL) {
        H5Aiterate2(a, H5_INDEX_NAME, H5_ITER_INC, &at, compare_one, &wa);
        at = 0;
        H5Aiterate2(b, H5_INDEX_NAME, H5_ITER_INC, &at, count_one, &wb);
        what = wa.first != NULL ? wa.first : wa.count != wb.count ? "attribute names" : NULL;
    }
    if (what == NULL) return NULL;
    snprintf(buf, len, "%s", what);
    return buf;
}

typedef struct {
    hid_t out;
    int rc;
} attr_copy;

/* Copies one root attribute of the first part into the merged file, unless the merge writes
 * it itself. */
static herr_t copy_one(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
    (void)info;
    attr_copy *c = data;
    if (listed(name, shard_own, N_OWN) || listed(name, merge_writes, 1)) return 0;
    if (cs_h5_attr_copy(loc, c->out, name) != 0) c->rc = -1;
    return 0;
}

/* One part of a merge, opened read-only. */
typedef struct {
    const char *path;
    efile f; /* file, tables, types, first and entrants: read only */
    uint64_t requested, completed, end, games;
    int k, n;
} epart;

/* Whether a table has the layout this cribsim writes (rows are copied as they are). */
static int same_layout(hid_t d, hid_t mtype) {
    hid_t t = d >= 0 ? H5Dget_type(d) : -1, packed = H5Tcopy(mtype);
    H5Tpack(packed);
    int same = t >= 0 && H5Tequal(t, packed) > 0;
    if (t >= 0) H5Tclose(t);
    H5Tclose(packed);
    return same;
}

static int open_part(epart *p, char *err, size_t err_len) {
    struct stat st;
    efile *f = &p->f;
    if (stat(p->path, &st) != 0) {
        snprintf(err, err_len, "cannot open %s: %s", p->path, strerror(errno));
        return CS_EIO;
    }
    if (S_ISDIR(st.st_mode) || H5Fis_hdf5(p->path) <= 0) {
        snprintf(err, err_len, "%s is not an HDF5 file", p->path);
        return CS_ECONFIG;
    }
    f->file = H5Fopen(p->path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f->file < 0) {
        snprintf(err, err_len,
                 "%s cannot be read as HDF5 (truncated or damaged, or locked by a cribsim still "
                 "writing it)",
                 p->path);
        return CS_EIO;
    }
    char *schema = cs_h5_attr_get_text(f->file, "schema");
    int ours = schema != NULL && strcmp(schema, "cribsim-events") == 0;
    free(schema);
    uint64_t version = 0;
    if (!ours || cs_h5_attr_get_u64(f->file, "events_requested", &p->requested) ||
        cs_h5_attr_get_u64(f->file, "events_completed", &p->completed) ||
        cs_h5_attr_get_u64(f->file, "schema_version", &version)) {
        snprintf(err, err_len, "%s is not an event file (no cribsim-events attributes)", p->path);
        return CS_ECONFIG;
    }
    if (version != 1) {
        snprintf(err, err_len, "%s has event file schema version %llu; this cribsim reads 1",
                 p->path, (unsigned long long)version);
        return CS_ECONFIG;
    }
    if (p->requested == 0 || p->requested > CS_EVENT_EVENTS_MAX ||
        read_shard(f->file, p->requested, &p->k, &p->n, &f->first, &p->end) != 0) {
        snprintf(err, err_len,
                 "%s: its events_requested and shard attributes (shard_index, shard_count, "
                 "event_begin, event_end) do not describe a shard of an experiment: refused",
                 p->path);
        return CS_ECONFIG;
    }
    hid_t a = H5Aexists(f->file, "entrants") > 0 ? H5Aopen(f->file, "entrants", H5P_DEFAULT) : -1;
    hid_t sp = a >= 0 ? H5Aget_space(a) : -1;
    hssize_t entrants = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : 0;
    if (sp >= 0) H5Sclose(sp);
    if (a >= 0) H5Aclose(a);
    if (entrants < 1 || entrants > CS_EVENT_ENTRANTS_MAX) {
        snprintf(err, err_len, "%s: attribute 'entrants' is missing or unreadable: refused",
                 p->path);
        return CS_ECONFIG;
    }
    f->entrants = (uint64_t)entrants;
    f->events.d = H5Dopen2(f->file, "events", H5P_DEFAULT);
    f->standings.d = H5Dopen2(f->file, "standings", H5P_DEFAULT);
    f->games.d = H5Dopen2(f->file, "games", H5P_DEFAULT);
    if (!same_layout(f->events.d, f->t_event) || !same_layout(f->standings.d, f->t_standing) ||
        !same_layout(f->games.d, f->t_game)) {
        snprintf(err, err_len,
                 "%s lacks /events, /standings or /games, or has another table layout than this "
                 "cribsim's",
                 p->path);
        return CS_ECONFIG;
    }
    return 0;
}

static int cmp_part(const void *x, const void *y) {
    const epart *a = x, *b = y;
    return (a->k > b->k) - (a->k < b->k);
}

/* Checks that the parts are the N complete shards of one experiment, and sorts them by shard.
 * Returns 0 or CS_ECONFIG with the message naming the part. */
static int check_parts(epart *p, int n, char *err, size_t err_len) {
    for (int i = 1; i < n; i++) {
        char what[64];
        if (attrs_differ(p[0].f.file, p[i].f.file, what, sizeof what) == NULL) continue;
        if (strcmp(what, "engine_version") == 0) {
            char *va = cs_h5_attr_get_text(p[0].f.file, what),
                 *vb = cs_h5_attr_get_text(p[i].f.file, what);
            snprintf(err, err_len,
                     "%s and %s are not parts of one experiment: written by cribsim %s and "
                     "cribsim %s",
                     p[0].path, p[i].path, va ? va : "(none)", vb ? vb : "(none)");
            free(va);
            free(vb);
        } else {
            snprintf(err, err_len,
                     "%s and %s are not parts of one experiment: their attribute '%s' differs",
                     p[0].path, p[i].path, what);
        }
        return CS_ECONFIG;
    }
    for (int i = 0; i < n; i++)
        if (p[i].completed != p[i].end - p[i].f.first) {
            snprintf(err, err_len,
                     "%s (shard %d/%d) holds %llu of its %llu events; finish it with cribsim "
                     "event SPEC --resume -o %s",
                     p[i].path, p[i].k, p[i].n, (unsigned long long)p[i].completed,
                     (unsigned long long)(p[i].end - p[i].f.first), p[i].path);
            return CS_ECONFIG;
        }
    qsort(p, (size_t)n, sizeof *p, cmp_part);
    for (int i = 1; i < n; i++)
        if (p[i].k == p[i - 1].k) {
            snprintf(err, err_len, "%s and %s are both shard %d/%d", p[i - 1].path, p[i].path,
                     p[i].k, p[i].n);
            return CS_ECONFIG;
        }
    for (int i = 0; i < p[0].n; i++)
        if (i >= n || p[i].k != i + 1) {
            snprintf(err, err_len,
                     "shard %d/%d is missing: the parts are shards of %d, but %d file%s given",
                     i + 1, p[0].n, p[0].n, n, n == 1 ? " was" : "s were");
            return CS_ECONFIG;
        }
    return 0;
}

/* Copies the complete rows of one table of a part into the merged file. Returns 0, or -1 with
 * *bad set when the part could not be read (and not when the output could not be written). */
static int copy_table(efile *out, etable *to, hid_t from, hid_t mtype, uint64_t rows, void *buf,
                      int *bad) {
    for (uint64_t a = 0; a < rows; a += CHECK_ROWS) {
        size_t count = rows - a < CHECK_ROWS ? (size_t)(rows - a) : CHECK_ROWS;
        if (read_rows(from, mtype, a, count, buf) != 0) {
            *bad = 1;
            return -1;
        }
        if (append(out, to, buf, count) != 0) return -1;
    }
    return 0;
}

static void part_close(epart *p) {
    efile *f = &p->f;
    hid_t d[3] = {f->events.d, f->standings.d, f->games.d};
    for (int i = 0; i < 3; i++)
        if (d[i] >= 0) H5Dclose(d[i]);
    if (f->file >= 0) H5Fclose(f->file);
    close_types(f);
}

/* Writes the merged file at tmp: part 1's attributes bar the shard's own, the whole
 * experiment's range, and every part's complete rows in shard order. Returns 0, or CS_ECONFIG
 * (a part could not be read) / CS_EIO / CS_ENOMEM with the message in err. */
static int write_merged(const char *tmp, const char *out, epart *p, int n, const char *command_line,
                        char *err, size_t err_len) {
    efile w;
    memset(&w, 0, sizeof w);
    w.file = w.events.d = w.standings.d = w.games.d = -1;
    w.lock = -1;
    w.entrants = p[0].f.entrants;
    w.shard_index = w.shard_count = 1;
    make_types(&w);
    cs_h5_file hf;
    int rc = cs_h5_file_create(tmp, 0, &hf, err, err_len);
    if (rc != 0) {
        close_types(&w);
        return rc;
    }
    w.file = hf.file;
    w.lock = hf.lock;
    cs_h5_meta prov;
    memset(&prov, 0, sizeof prov);
    cs_h5_meta_provenance(&prov);
    attr_copy c = {w.file, 0};
    hsize_t at = 0;
    uint64_t threads = 1;
    cs_h5_attr_get_u64(p[0].f.file, "threads", &threads);
    w.events.d = create_table(w.file, "events", w.t_event, EVENTS_CHUNK);
    w.standings.d = create_table(w.file, "standings", w.t_standing, STANDINGS_CHUNK);
    w.games.d = create_table(w.file, "games", w.t_game, GAMES_CHUNK);
    char *commit = cs_h5_attr_get_text(p[0].f.file, "git_commit");
    int bad = 0;
    if (w.events.d < 0 || w.standings.d < 0 || w.games.d < 0 || tables_stage(&w, 0, 0) ||
        H5Aiterate2(p[0].f.file, H5_INDEX_NAME, H5_ITER_INC, &at, copy_one, &c) < 0 || c.rc ||
        cs_h5_attr_put_u64(w.file, "shard_index", 1) ||
        cs_h5_attr_put_u64(w.file, "shard_count", 1) ||
        cs_h5_attr_put_u64(w.file, "event_begin", 0) ||
        cs_h5_attr_put_u64(w.file, "event_end", p[0].requested) ||
        cs_h5_attr_put_string(w.file, "git_commit", commit ? commit : "") ||
        cs_h5_attr_put_string(w.file, "created_utc", prov.created_utc) ||
        cs_h5_attr_put_string(w.file, "command_line", command_line ? command_line : "")) {
        write_failed(&w);
        rc = CS_EIO;
    }
    free(commit);
    /* A buffer for a block of the widest row. */
    size_t widest =
        sizeof(game_row) > sizeof(standing_row) ? sizeof(game_row) : sizeof(standing_row);
    if (sizeof(event_row) > widest) widest = sizeof(event_row);
    void *buf = rc == 0 ? malloc(CHECK_ROWS * widest) : NULL;
    if (rc == 0 && buf == NULL) rc = CS_ENOMEM;
    for (int i = 0; i < n && rc == 0; i++) {
        efile *f = &p[i].f;
        if (copy_table(&w, &w.events, f->events.d, w.t_event, p[i].completed, buf, &bad) ||
            copy_table(&w, &w.standings, f->standings.d, w.t_standing, p[i].completed * f->entrants,
                       buf, &bad) ||
            copy_table(&w, &w.games, f->games.d, w.t_game, p[i].games, buf, &bad))
            rc = bad ? CS_ECONFIG : CS_EIO;
        if (bad)
            snprintf(err, err_len, "%s: its rows cannot be read (truncated or damaged?)",
                     p[i].path);
    }
    free(buf);
    if (rc == 0 && write_progress(&w, 1, "complete", (int)threads) != 0) rc = CS_EIO;
    if (efile_close(&w) != 0 && rc == 0) rc = CS_EIO;
    if (rc == CS_EIO)
        snprintf(err, err_len, "cannot write %s: %s", out,
                 w.reason[0] ? w.reason : "HDF5 reported a failure");
    if (rc == CS_ENOMEM) snprintf(err, err_len, "out of memory");
    return rc;
}

int cs_event_merge(const char *out, const char *const *paths, int n, int force,
                   const char *command_line, uint64_t *events, uint64_t *games, int *bad_input,
                   char *err, size_t err_len) {
    cs_h5_library_init();
    *bad_input = 1;
    *events = *games = 0;
    epart *p = calloc((size_t)n, sizeof *p);
    if (p == NULL) {
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    for (int i = 0; i < n; i++) {
        p[i].path = paths[i];
        p[i].f.file = p[i].f.events.d = p[i].f.standings.d = p[i].f.games.d = -1;
        make_types(&p[i].f);
    }
    int rc = 0, held = -1;
    for (int i = 0; i < n && rc == 0; i++) rc = open_part(&p[i], err, err_len);
    if (rc == 0) rc = check_parts(p, n, err, err_len);
    for (int i = 0; i < n && rc == 0; i++) {
        rc = check_complete(&p[i].f, p[i].completed, &p[i].games, err, err_len, p[i].path);
        *games += p[i].games;
    }
    /* The merge is written beside out and renamed over it only when whole, so a failure leaves
     * out as it was (absent, or the file --force would have replaced). */
    char tmp[4096];
    if (rc == 0 &&
        snprintf(tmp, sizeof tmp, "%s.merging-%ld", out, (long)getpid()) >= (int)sizeof tmp) {
        snprintf(err, err_len, "%s: the output's name is too long", out);
        rc = CS_ECONFIG;
    }
    if (rc == 0) rc = cs_h5_file_hold(out, force, &held, err, err_len);
    if (rc == 0) {
        *bad_input = 0;
        rc = write_merged(tmp, out, p, n, command_line, err, err_len);
        if (rc == CS_ECONFIG) *bad_input = 1; /* a damaged part */
        if (rc == 0 && rename(tmp, out) != 0) {
            snprintf(err, err_len, "cannot rename %s to %s: %s", tmp, out, strerror(errno));
            rc = CS_EIO;
        }
        if (rc != 0) unlink(tmp);
    }
    if (held >= 0) close(held);
    for (int i = 0; i < n; i++) part_close(&p[i]);
    *events = p[0].requested;
    free(p);
    return rc;
}

int cs_event_file_probe(const char *path) {
    cs_h5_library_init();
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || H5Fis_hdf5(path) <= 0) return 0;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return 0;
    char *schema = cs_h5_attr_get_text(f, "schema");
    int ours = schema != NULL && strcmp(schema, "cribsim-events") == 0;
    free(schema);
    H5Fclose(f);
    return ours;
}

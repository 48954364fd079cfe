/* eventfile.c - the event file: its tables, attributes, creation, resume checks and
 * checkpoints (see eventfile.h). */
#include "eventfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "h5attr.h"
#include "h5file.h"
#include "h5table.h"
#include "h5io.h"
#include "rulesjson.h"
#include "shard.h"
#include "strategy.h" /* CS_IDENTITY_MAX, the longest model identity */

/* Records why the HDF5 call just made failed (errno, which a failed write leaves set, says it
 * best) and marks the file broken; returns -1. */
int cs_ef_write_failed(cs_ef_file *f) {
    int e = errno;
    snprintf(f->reason, sizeof f->reason, "%s", e ? strerror(e) : "HDF5 reported a failure");
    f->broken = 1;
    return -1;
}

static hid_t array_of(hid_t base, hsize_t n) {
    return H5Tarray_create2(base, 1, &n);
}

void cs_ef_make_types(cs_ef_file *f) {
    cs_h5_library_init(); /* before the first HDF5 call (h5file.h) */
    f->t_event = H5Tcreate(H5T_COMPOUND, sizeof(cs_ef_event_row));
    H5Tinsert(f->t_event, "event", HOFFSET(cs_ef_event_row, event), H5T_NATIVE_UINT64);
    H5Tinsert(f->t_event, "winner", HOFFSET(cs_ef_event_row, winner), H5T_NATIVE_INT16);
    H5Tinsert(f->t_event, "games", HOFFSET(cs_ef_event_row, games), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_event, "matches", HOFFSET(cs_ef_event_row, matches), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_event, "team_winner", HOFFSET(cs_ef_event_row, team_winner), H5T_NATIVE_INT16);
    H5Tinsert(f->t_event, "playoff_games", HOFFSET(cs_ef_event_row, playoff_games),
              H5T_NATIVE_UINT16);
    f->t_standing = H5Tcreate(H5T_COMPOUND, sizeof(cs_ef_standing_row));
    H5Tinsert(f->t_standing, "event", HOFFSET(cs_ef_standing_row, event), H5T_NATIVE_UINT64);
    H5Tinsert(f->t_standing, "entrant", HOFFSET(cs_ef_standing_row, entrant), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "strategy", HOFFSET(cs_ef_standing_row, strategy), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "rank", HOFFSET(cs_ef_standing_row, rank), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "points", HOFFSET(cs_ef_standing_row, points), H5T_NATIVE_DOUBLE);
    H5Tinsert(f->t_standing, "wins", HOFFSET(cs_ef_standing_row, wins), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "losses", HOFFSET(cs_ef_standing_row, losses), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "ties", HOFFSET(cs_ef_standing_row, ties), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_standing, "points_for", HOFFSET(cs_ef_standing_row, points_for),
              H5T_NATIVE_INT64);
    H5Tinsert(f->t_standing, "points_against", HOFFSET(cs_ef_standing_row, points_against),
              H5T_NATIVE_INT64);
    H5Tinsert(f->t_standing, "prize_cents", HOFFSET(cs_ef_standing_row, prize_cents),
              H5T_NATIVE_INT64);
    f->t_game = H5Tcreate(H5T_COMPOUND, sizeof(cs_ef_game_row));
    hid_t i16x4 = array_of(H5T_NATIVE_INT16, 4), u8x4 = array_of(H5T_NATIVE_UINT8, 4);
    H5Tinsert(f->t_game, "event", HOFFSET(cs_ef_game_row, event), H5T_NATIVE_UINT64);
    H5Tinsert(f->t_game, "game", HOFFSET(cs_ef_game_row, game), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_game, "round", HOFFSET(cs_ef_game_row, round), H5T_NATIVE_UINT32);
    H5Tinsert(f->t_game, "table", HOFFSET(cs_ef_game_row, table), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_game, "entrant", HOFFSET(cs_ef_game_row, entrant), i16x4);
    H5Tinsert(f->t_game, "first_dealer", HOFFSET(cs_ef_game_row, first_dealer), H5T_NATIVE_UINT8);
    H5Tinsert(f->t_game, "deals", HOFFSET(cs_ef_game_row, deals), H5T_NATIVE_UINT16);
    H5Tinsert(f->t_game, "winner", HOFFSET(cs_ef_game_row, winner), H5T_NATIVE_INT8);
    H5Tinsert(f->t_game, "score", HOFFSET(cs_ef_game_row, score), i16x4);
    H5Tinsert(f->t_game, "skunk", HOFFSET(cs_ef_game_row, skunk), u8x4);
    H5Tclose(i16x4);
    H5Tclose(u8x4);
}

void cs_ef_close_types(cs_ef_file *f) {
    H5Tclose(f->t_event);
    H5Tclose(f->t_standing);
    H5Tclose(f->t_game);
}

/* Records why a table's write failed (the errno it kept) and marks the file broken. */
static int table_failed(cs_ef_file *f, const cs_h5_table *t) {
    errno = t->err;
    return cs_ef_write_failed(f);
}

/* Hands the staged rows to HDF5 (whole chunks, or the last rows when the file is finished). */
int cs_ef_stage_write(cs_ef_file *f, cs_h5_table *t) {
    return cs_h5_table_flush(t) != 0 ? table_failed(f, t) : 0;
}

/* Appends rows to a table's stage, writing each chunk as it fills. Returns 0 or -1. */
int cs_ef_append(cs_ef_file *f, cs_h5_table *t, const void *rows, size_t n) {
    return cs_h5_table_append(t, rows, n) != 0 ? table_failed(f, t) : 0;
}

/* Notes the /games rows through the event just appended. Returns 0 or CS_ENOMEM. */
int cs_ef_note_event(cs_ef_file *f) {
    if (f->n_cum == f->cap_cum) {
        size_t cap = f->cap_cum ? 2 * f->cap_cum : 1024;
        uint64_t *p = realloc(f->cum, cap * sizeof *p);
        if (p == NULL) return CS_ENOMEM;
        f->cum = p;
        f->cap_cum = cap;
    }
    f->cum[f->n_cum++] = cs_h5_table_size(&f->games);
    return 0;
}

/* The events whose rows are all in chunks no later write rewrites; forgets the games counts
 * of those events. */
uint64_t cs_ef_durable_events(cs_ef_file *f) {
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

int cs_ef_tables_stage(cs_ef_file *f, uint64_t events, uint64_t games) {
    f->cum_first = events;
    return cs_h5_table_stage(&f->events, f->t_event, sizeof(cs_ef_event_row), CS_EF_EVENTS_CHUNK,
                             events) ||
                   cs_h5_table_stage(&f->standings, f->t_standing, sizeof(cs_ef_standing_row),
                                     CS_EF_STANDINGS_CHUNK, events * f->entrants) ||
                   cs_h5_table_stage(&f->games, f->t_game, sizeof(cs_ef_game_row),
                                     CS_EF_GAMES_CHUNK, games)
               ? -1
               : 0;
}

int cs_ef_write_static_attrs(cs_ef_file *f, const cs_ef_header *h, const char *command_line,
                             int shard_index, int shard_count, uint64_t end) {
    hid_t r = f->file;
    int rc = 0;
    const char *club_list[CS_EVENT_ENTRANTS_MAX];
    int n_clubs = 0;
    for (int i = 0; i < h->n_entrants; i++) {
        if (!h->club[i][0]) continue;
        int seen = 0;
        for (int c = 0; c < n_clubs; c++) seen |= !strcmp(club_list[c], h->club[i]);
        if (!seen) club_list[n_clubs++] = h->club[i];
    }
    char rules[CS_H5_TEXT_MAX];
    cs_rules_to_json(h->rules, rules, sizeof rules);
    cs_h5_meta prov;
    memset(&prov, 0, sizeof prov);
    cs_h5_meta_provenance(&prov);
    rc |= cs_h5_attr_put_string(r, "schema", "cribsim-events");
    rc |= cs_h5_attr_put_u64(r, "schema_version", 1);
    rc |= cs_h5_attr_put_string(r, "name", h->name);
    rc |= cs_h5_attr_put_string(r, "format", h->format);
    rc |= cs_h5_attr_put_string(r, "spec", h->text ? h->text : "");
    rc |= cs_h5_attr_put_string(r, "rules", rules);
    rc |= cs_h5_attr_put_strings(r, "entrants", h->n_entrants, h->entrant, 0);
    rc |= cs_h5_attr_put_ints(r, "entrant_strategy", h->n_entrants, h->strategy);
    rc |= cs_h5_attr_put_strings(r, "entrant_club", h->n_entrants, h->club, 0);
    rc |= cs_h5_attr_put_ints(r, "entrant_nominated", h->n_entrants, h->nominated);
    rc |= cs_h5_attr_put_strings(r, "strategies", h->n_strategies, h->strategy_spec, 0);
    rc |= cs_h5_attr_put_strings(r, "strategy_models", h->n_strategies, h->strategy_model, 0);
    if (n_clubs) rc |= cs_h5_attr_put_strings(r, "clubs", n_clubs, club_list, 0);
    rc |= cs_h5_attr_put_u64(r, "weeks", h->weeks);
    rc |= cs_h5_attr_put_u64(r, "seed", h->seed);
    rc |= cs_h5_attr_put_u64(r, "events_requested", h->events);
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
 * the durable events (see cs_h5_table); with final, the last partial chunks are written first and
 * every event appended counts. After a
 * failure (the disk full) the file is broken and nothing more is written: it stays as the last
 * checkpoint left it, status not complete, and --resume continues from there. Returns 0 or -1
 * (the reason in f->reason).
 */
int cs_ef_write_progress(cs_ef_file *f, int final, const char *status, int threads) {
    if (f->broken) return -1;
    if (final && (cs_ef_stage_write(f, &f->events) || cs_ef_stage_write(f, &f->standings) ||
                  cs_ef_stage_write(f, &f->games)))
        return -1;
    uint64_t completed = final ? cs_h5_table_size(&f->events) : cs_ef_durable_events(f);
    errno = 0;
    if (H5Fflush(f->file, H5F_SCOPE_GLOBAL) < 0) return cs_ef_write_failed(f);
    if (cs_h5_attr_put_u64(f->file, "events_completed", completed) ||
        cs_h5_attr_put_string(f->file, "status", status) ||
        cs_h5_attr_put_u64(f->file, "threads", (uint64_t)threads) ||
        H5Fflush(f->file, H5F_SCOPE_GLOBAL) < 0)
        return cs_ef_write_failed(f);
    return 0;
}

/* Closes the file and releases its lock; a broken file's HDF5 handles are abandoned unclosed
 * (closing would flush metadata describing rows that never reached the disk). Returns 0 or
 * -1 (closing failed). */
int cs_ef_close(cs_ef_file *f) {
    int abandon = f->broken;
    cs_h5_table *tables[3] = {&f->events, &f->standings, &f->games};
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
    if (rc != 0) cs_ef_write_failed(f);
    f->file = -1;
    f->lock = -1;
    cs_ef_close_types(f);
    return rc;
}

int cs_ef_open_new(cs_ef_file *f, const cs_ef_header *h, const cs_ef_options *o, uint64_t *target,
                   char *err, size_t err_len) {
    if (o->shard_count > 1 && (uint64_t)o->shard_count > h->events) {
        snprintf(err, err_len,
                 "--shard %d/%d: %llu events cannot be shared among %d shards (each needs at "
                 "least one)",
                 o->shard_index, o->shard_count, (unsigned long long)h->events, o->shard_count);
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
    cs_shard_range(h->events, 1, k, n, &f->first, &end);
    f->shard_index = k;
    f->shard_count = n;
    *target = end - f->first;
    f->events.d = cs_h5_table_create(f->file, "events", f->t_event, CS_EF_EVENTS_CHUNK);
    f->standings.d = cs_h5_table_create(f->file, "standings", f->t_standing, CS_EF_STANDINGS_CHUNK);
    f->games.d = cs_h5_table_create(f->file, "games", f->t_game, CS_EF_GAMES_CHUNK);
    if (f->events.d < 0 || f->standings.d < 0 || f->games.d < 0 || cs_ef_tables_stage(f, 0, 0) ||
        cs_ef_write_static_attrs(f, h, o->command_line, k, n, end) != 0 ||
        cs_ef_write_progress(f, 1, "running", 1)) {
        snprintf(err, err_len, "cannot write %s: %s", o->output,
                 f->reason[0] ? f->reason : "HDF5 reported a failure");
        unlink(o->output); /* half made, and still ours (locked): as the run writer does */
        f->broken = 1;
        return CS_EIO;
    }
    return 0;
}

/*
 * Checks the rows of the first `completed` events of a file to resume or merge, and sums their
 * games: /events row i is event f->first + i and played at most CS_EVENT_GAMES_MAX games,
 * /standings holds each event's f->entrants rows (event, entrant and rank in range), and
 * /games holds every game those rows count, the last of them belonging to the last complete
 * event. A forged or damaged count is refused here, before any table is resized or copied. Returns
 * 0 or CS_ECONFIG / CS_EIO / CS_ENOMEM.
 */
int cs_ef_check_complete(cs_ef_file *f, uint64_t completed, uint64_t *games, char *err,
                         size_t err_len, const char *path) {
    const uint64_t n = f->entrants;
    uint64_t st_rows = cs_h5_table_rows(f->standings.d), game_rows = cs_h5_table_rows(f->games.d);
    if (completed > UINT64_MAX / n || completed * n > st_rows) {
        snprintf(err, err_len,
                 "%s says %llu events are complete but /standings holds %llu rows (%llu "
                 "entrants an event): refused",
                 path, (unsigned long long)completed, (unsigned long long)st_rows,
                 (unsigned long long)n);
        return CS_ECONFIG;
    }
    cs_ef_event_row *ev = malloc(sizeof *ev * CS_EF_BLOCK_ROWS);
    cs_ef_standing_row *st = malloc(sizeof *st * CS_EF_BLOCK_ROWS);
    int rc = ev == NULL || st == NULL ? CS_ENOMEM : 0;
    uint64_t sum = 0;
    for (uint64_t a = 0; rc == 0 && a < completed; a += CS_EF_BLOCK_ROWS) {
        size_t count =
            completed - a < CS_EF_BLOCK_ROWS ? (size_t)(completed - a) : CS_EF_BLOCK_ROWS;
        if (cs_h5_table_read(f->events.d, f->t_event, a, count, ev) != 0) {
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
    for (uint64_t a = 0; rc == 0 && a < completed * n; a += CS_EF_BLOCK_ROWS) {
        size_t count =
            completed * n - a < CS_EF_BLOCK_ROWS ? (size_t)(completed * n - a) : CS_EF_BLOCK_ROWS;
        if (cs_h5_table_read(f->standings.d, f->t_standing, a, count, st) != 0) {
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
        cs_ef_game_row last;
        if (cs_h5_table_read(f->games.d, f->t_game, sum - 1, 1, &last) != 0) {
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
int cs_ef_same_models(cs_ef_file *f, const cs_ef_header *h, const char *path, char *err,
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
    for (int s = 0; s < h->n_strategies; s++) {
        char was[CS_IDENTITY_MAX] = "";
        int count = 0;
        int got = cs_h5_attr_get_string_at(f->file, "strategy_models", s, was, sizeof was, &count);
        if (got == 1) return 0;
        if (got == 0 && count != h->n_strategies) got = -1;
        if (got < 0) {
            snprintf(err, err_len, "%s: attribute 'strategy_models' is unreadable: refused", path);
            return CS_ECONFIG;
        }
        const char *model = h->strategy_model[s];
        if (strcmp(was, model) != 0) {
            snprintf(err, err_len,
                     "%s: strategy '%.200s' played from %s; it now plays from %s (the model "
                     "file changed since): refused, the file would mix two models' events",
                     path, h->strategy_spec[s], was[0] ? was : "nothing",
                     model[0] ? model : "nothing");
            return CS_ECONFIG;
        }
    }
    return 0;
}

/* A file's shard (shard_index, shard_count, event_begin, event_end), which must be the range
 * cs_shard_range gives for its events_requested; a file written before shards existed has
 * none and is the whole, 1/1. Returns 0, or -1 for attributes that are partial, out of range
 * or disagree. */
int cs_ef_read_shard(hid_t file, uint64_t requested, int *k, int *n, uint64_t *begin,
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
int cs_ef_open_resume(cs_ef_file *f, const cs_ef_header *h, const cs_ef_options *o, uint64_t *done,
                      uint64_t *target, char *err, size_t err_len) {
    const char *path = o->output;
    cs_h5_file hf;
    int rc = cs_h5_file_open_rw(path, &hf, err, err_len);
    if (rc != 0) return rc;
    f->file = hf.file;
    f->lock = hf.lock;
    char *text = cs_h5_attr_get_text(f->file, "spec");
    uint64_t seed = 0, completed = 0, requested = 0;
    int same = text && h->text && strcmp(text, h->text) == 0;
    free(text);
    if (!same || cs_h5_attr_get_u64(f->file, "seed", &seed) || seed != h->seed ||
        cs_h5_attr_get_u64(f->file, "events_completed", &completed) ||
        cs_h5_attr_get_u64(f->file, "events_requested", &requested)) {
        snprintf(err, err_len,
                 "%s was not written by this event spec and seed (or is not an event file): "
                 "give the same spec and --seed to resume it",
                 path);
        return CS_ECONFIG;
    }
    rc = cs_ef_same_models(f, h, path, err, err_len);
    if (rc != 0) return rc;
    if (requested == 0 || requested > CS_EVENT_EVENTS_MAX) {
        snprintf(err, err_len, "%s asks for %llu events (1 to %llu may be asked): refused", path,
                 (unsigned long long)requested, (unsigned long long)CS_EVENT_EVENTS_MAX);
        return CS_ECONFIG;
    }
    if (o->events_given && h->events != requested) {
        snprintf(err, err_len,
                 "%s was started for %llu events, not %llu: leave out --events to complete it",
                 path, (unsigned long long)requested, (unsigned long long)h->events);
        return CS_ECONFIG;
    }
    int k, n;
    uint64_t end;
    if (cs_ef_read_shard(f->file, requested, &k, &n, &f->first, &end) != 0) {
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
    f->events.d = cs_h5_table_open(f->file, "events");
    f->standings.d = cs_h5_table_open(f->file, "standings");
    f->games.d = cs_h5_table_open(f->file, "games");
    if (f->events.d < 0 || f->standings.d < 0 || f->games.d < 0) {
        snprintf(err, err_len, "%s lacks /events, /standings or /games", path);
        return CS_ECONFIG;
    }
    uint64_t rows = cs_h5_table_rows(f->events.d);
    if (completed > rows || completed > end - f->first) {
        snprintf(err, err_len,
                 "%s says %llu events are complete but holds %llu and asks for %llu: refused", path,
                 (unsigned long long)completed, (unsigned long long)rows,
                 (unsigned long long)(end - f->first));
        return CS_ECONFIG;
    }
    uint64_t games = 0;
    rc = cs_ef_check_complete(f, completed, &games, err, err_len, path);
    if (rc != 0) return rc;
    hsize_t size = completed;
    hsize_t n_st = completed * (uint64_t)h->n_entrants;
    if (H5Dset_extent(f->events.d, &size) < 0 || H5Dset_extent(f->standings.d, &n_st) < 0 ||
        H5Dset_extent(f->games.d, (hsize_t[]){games}) < 0 ||
        cs_ef_tables_stage(f, completed, games) != 0) {
        snprintf(err, err_len, "%s: cannot cut the tables back to %llu events", path,
                 (unsigned long long)completed);
        return CS_EIO;
    }
    *done = completed;
    *target = end - f->first;
    return 0;
}

/* The message for a write that failed, naming the file and the system's reason. */
void cs_ef_write_error(const cs_ef_file *f, const char *path, char *err, size_t err_len) {
    snprintf(err, err_len,
             "cannot write to %s: %s; the file keeps the events of its last checkpoint "
             "(events_completed), continue it with --resume once the cause is fixed",
             path, f->reason[0] ? f->reason : "HDF5 reported a failure");
}

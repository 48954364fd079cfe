/*
 * eventfile.h - the event file `cribsim event` writes and `cribsim merge` joins: its tables,
 * written a whole chunk at a time (cs_h5_table), its attributes, creation, --resume's checks
 * and checkpoints (eventfile.c), and the merge of shards (eventmerge.c). Internal to
 * experiments/ (it exposes HDF5's types); event.h is the public face.
 *
 * The file layer knows no event spec, format or player: its callers hand it what it writes as
 * plain data (cs_ef_header: names, texts, indices, the models each strategy plays from), so
 * io/ sits below the event runner (events/eventrun.c) that uses it (docs/architecture.md).
 *
 * The file (HDF5; all tables chunked, shuffled and deflated, extendible, written in
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
#ifndef CS_EVENTFILE_H
#define CS_EVENTFILE_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>

#include "eventlimits.h"
#include "h5table.h"
#include "rules.h"

/*
 * What an event file records of the experiment that wrote it, as plain data from its caller
 * (the event runner fills it from its spec). The pointers are the caller's and must outlive
 * the call they are given to.
 */
typedef struct {
    const char *name;      /* the spec's name */
    const char *format;    /* its format's name */
    const char *text;      /* the spec's text (--resume compares it); NULL for none */
    const cs_rules *rules; /* the main game's rules, written as JSON */
    int n_entrants;
    const char *entrant[CS_EVENT_ENTRANTS_MAX]; /* each entrant's name */
    const char *club[CS_EVENT_ENTRANTS_MAX];    /* its club, "" for none */
    int strategy[CS_EVENT_ENTRANTS_MAX];        /* index into strategy[] */
    int nominated[CS_EVENT_ENTRANTS_MAX];       /* counts for its club's team trophy */
    int n_strategies;
    const char *strategy_spec[CS_EVENT_STRATEGIES_MAX];  /* the distinct strategy specs */
    const char *strategy_model[CS_EVENT_STRATEGIES_MAX]; /* what each plays from beyond its
                                                            spec (a model's checksum), "" none */
    uint64_t weeks; /* league nights an event (1 for the other formats) */
    uint64_t seed;
    uint64_t events; /* events requested: the whole experiment's, every shard */
} cs_ef_header;

/* How a file is opened: cribsim event's options as far as the file is concerned. */
typedef struct {
    const char *output;       /* the event file */
    const char *command_line; /* recorded in the file */
    int force;                /* replace an existing file */
    int events_given;         /* header->events came from --events (on --resume it must match) */
    int shard_index, shard_count; /* --shard K/N (shard.h); 0 when not given */
} cs_ef_options;

typedef struct {
    uint64_t event;
    int16_t winner;
    uint32_t games, matches;
    int16_t team_winner;
    uint16_t playoff_games;
} cs_ef_event_row;

typedef struct {
    uint64_t event;
    uint16_t entrant, strategy, rank;
    double points;
    uint16_t wins, losses, ties;
    int64_t points_for, points_against, prize_cents;
} cs_ef_standing_row;

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
} cs_ef_game_row;

/* Rows per chunk of each table (about 128 KB of /events, 540 KB of /standings and 330 KB of
 * /games before compression; each fits HDF5's default 1 MB chunk cache). */
#define CS_EF_EVENTS_CHUNK    4096
#define CS_EF_STANDINGS_CHUNK 8192
#define CS_EF_GAMES_CHUNK     8192

typedef struct {
    hid_t file;
    cs_h5_table events, standings, games;
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
} cs_ef_file;

#define CS_EF_BLOCK_ROWS 4096 /* rows read (and copied) at a time while checking or merging */

/* Records why the HDF5 call just made failed (errno, which a failed write leaves set, says it
 * best) and marks the file broken; returns -1. */
int cs_ef_write_failed(cs_ef_file *f);

/* The tables' memory types (compound, native), and their release. */
void cs_ef_make_types(cs_ef_file *f);

void cs_ef_close_types(cs_ef_file *f);

/* Hands the staged rows to HDF5 (whole chunks, or the last rows when the file is finished). */
int cs_ef_stage_write(cs_ef_file *f, cs_h5_table *t);

/* Appends rows to a table's stage, writing each chunk as it fills. Returns 0 or -1. */
int cs_ef_append(cs_ef_file *f, cs_h5_table *t, const void *rows, size_t n);

/* Notes the /games rows through the event just appended. Returns 0 or CS_ENOMEM. */
int cs_ef_note_event(cs_ef_file *f);

/* The events whose rows are all in chunks no later write rewrites; forgets the games counts
 * of those events. */
uint64_t cs_ef_durable_events(cs_ef_file *f);

/* Sets up the three tables' stages for a file holding `events` events and `games` games. */
int cs_ef_tables_stage(cs_ef_file *f, uint64_t events, uint64_t games);

/* The attributes that do not change while the file is written (the spec, the field, the
 * shard, provenance). Returns 0 or nonzero. */
int cs_ef_write_static_attrs(cs_ef_file *f, const cs_ef_header *h, const char *command_line,
                             int shard_index, int shard_count, uint64_t end);

/*
 * A checkpoint: the rows handed to HDF5 reach the disk first, and only then the count of
 * complete events that points at them, so the count never names rows the disk lacks. It counts
 * the durable events (see cs_h5_table); with final, the last partial chunks are written first and
 * every event appended counts. After a
 * failure (the disk full) the file is broken and nothing more is written: it stays as the last
 * checkpoint left it, status not complete, and --resume continues from there. Returns 0 or -1
 * (the reason in f->reason).
 */
int cs_ef_write_progress(cs_ef_file *f, int final, const char *status, int threads);

/* Closes the file and releases its lock; a broken file's HDF5 handles are abandoned unclosed
 * (closing would flush metadata describing rows that never reached the disk). Returns 0 or
 * -1 (closing failed). */
int cs_ef_close(cs_ef_file *f);

/* Creates o->output (locked; refused if it exists, without --force) with its tables and
 * attributes for o's shard of h->events; *target gets the events it is to hold. On failure
 * a half-made file is removed. Returns 0 or a cs_err with the message in err. */
int cs_ef_open_new(cs_ef_file *f, const cs_ef_header *h, const cs_ef_options *o, uint64_t *target,
                   char *err, size_t err_len);

/*
 * Checks the rows of the first `completed` events of a file to resume or merge, and sums their
 * games: /events row i is event f->first + i and played at most CS_EVENT_GAMES_MAX games,
 * /standings holds each event's f->entrants rows (event, entrant and rank in range), and
 * /games holds every game those rows count, the last of them belonging to the last complete
 * event. A forged or damaged count is refused here, before any table is resized or copied. Returns
 * 0 or CS_ECONFIG / CS_EIO / CS_ENOMEM.
 */
int cs_ef_check_complete(cs_ef_file *f, uint64_t completed, uint64_t *games, char *err,
                         size_t err_len, const char *path);

/* --resume: the file was written by this engine version, and each strategy plays from the same
 * data as h->strategy_model says it now does (a model file replaced since would mix two
 * models' events in one file). Files written before `strategy_models` existed are not checked
 * for it. Returns 0 or CS_ECONFIG. */
int cs_ef_same_models(cs_ef_file *f, const cs_ef_header *h, const char *path, char *err,
                      size_t err_len);

/* A file's shard (shard_index, shard_count, event_begin, event_end), which must be the range
 * cs_shard_range gives for its events_requested; a file written before shards existed has
 * none and is the whole, 1/1. Returns 0, or -1 for attributes that are partial, out of range
 * or disagree. */
int cs_ef_read_shard(hid_t file, uint64_t requested, int *k, int *n, uint64_t *begin,
                     uint64_t *end);

/*
 * Reopens a file to complete it: the same spec text and seed, counts that agree with the
 * tables (check_complete), rows cut back to whole events. *target gets the events the file
 * covers (its shard of the events_requested it was started for); an --events or --shard that
 * differs is refused.
 */
int cs_ef_open_resume(cs_ef_file *f, const cs_ef_header *h, const cs_ef_options *o, uint64_t *done,
                      uint64_t *target, char *err, size_t err_len);

/* The message for a write that failed, naming the file and the system's reason. */
void cs_ef_write_error(const cs_ef_file *f, const char *path, char *err, size_t err_len);

/*
 * `cribsim merge` for event files: joins the n shard files of one experiment (`cribsim event
 * --shard K/N`, every K once, each complete, any order) into out, whose tables hold the same
 * rows as the file one machine would have written. Nothing is written at out unless the merge
 * succeeds (a temporary file beside it is renamed). Returns 0, or a negative cs_err with the
 * message (naming the part) in err; *bad_input says the parts or out were refused (exit status
 * 2) rather than a write failing (1).
 */
int cs_event_merge(const char *out, const char *const *parts, int n, int force,
                   const char *command_line, uint64_t *events, uint64_t *games, int *bad_input,
                   char *err, size_t err_len);

/* Whether path is an HDF5 file whose `schema` attribute says it is an event file (0 for
 * anything else, an unreadable file included: the run file reader reports those). */
int cs_event_file_probe(const char *path);

#endif

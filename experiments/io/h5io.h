/*
 * h5io.h - the HDF5 file a run writes (docs/file-schema.md): the
 * writer the runner streams games into, and the reader replay, merge and --resume use.
 *
 * Layout. `/games` holds one row per game and `/deals` (when deals are recorded) one row per
 * deal, each a compound table of native integer fields packed without padding, in the field
 * order docs/file-schema.md lists, plus these additions:
 *
 *   /games  rotation u8     the lineup rotation the game was played in (0 without --duplicate):
 *                           seat s was played by seats[(s + rotation) % players]
 *           card_game u64   the game index whose cards were dealt (game / rotations with
 *                           --duplicate, else game): games with equal card_game had the same
 *                           cards deal by deal
 *   /deals  bonus i16[4]    the start bonus each seat received in this deal
 *
 * Both tables are extendible along their one dimension, chunked (CS_H5_GAMES_CHUNK and
 * CS_H5_DEALS_CHUNK rows) and compressed with the shuffle filter then deflate. The writer
 * stages one chunk per table in memory and writes whole chunks, so its memory is fixed however
 * many games a run plays.
 *
 * Durability. A checkpoint (cs_h5_sync) writes the attributes and flushes, with
 * `games_completed` counting the games whose rows are all in whole chunks on disk; the partial
 * last chunk is written only when the run ends (a final sync, or closing). So no chunk that a
 * checkpoint's metadata points to is ever rewritten during a run, and a run that dies later (a
 * full disk, a kill) leaves a file valid as of its last checkpoint. Rows past `games_completed`
 * can exist; readers and --resume ignore them.
 *
 * Root attributes are the run file's (docs/file-schema.md) plus the extras in cs_h5_meta below.
 * Strings are fixed-length UTF-8 (NUL-terminated, each attribute as wide as its longest
 * string; h5py reads them as bytes): kept in the attribute messages, which the file format
 * checksums, not in the global heap, which it does not. `seats` is an array of strings, one
 * per seat. Files are written in the HDF5 1.8 format (superblock 2, checksummed metadata);
 * older files with variable-length strings still read.
 *
 * Only one thread may call into this module at a time (HDF5 is built without thread safety),
 * except for cs_h5_writer_compress_one() and cs_h5_writer_has_work(), which touch no HDF5
 * state and let the threads that play compress the writer's chunks.
 * Every function reports HDF5's own reason for a failure in its message; HDF5's automatic
 * error printing is turned off.
 */
#ifndef CS_H5IO_H
#define CS_H5IO_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "rules.h"

/* Version of the layout above; bumped when a field changes meaning or disappears. */
#define CS_H5_SCHEMA_VERSION 1

/* Rows per chunk: about one megabyte of /games (74-byte rows) and of /deals (131-byte rows),
 * large enough for deflate to work well and small enough to stage per table. */
#define CS_H5_GAMES_CHUNK 16384
#define CS_H5_DEALS_CHUNK 8192

/* Deflate level: 1 compresses shuffled game rows within a few percent of level 6 at several
 * times the speed (measured by `cribsim bench`), and the writer must keep up with the games. */
#define CS_H5_DEFLATE_LEVEL 1

/* One /games row in memory. */
typedef struct {
    cs_game_record game;
    uint64_t card_game;
    uint8_t rotation;
} cs_games_row;

#define CS_H5_SPEC_MAX  1024 /* longest seat specification stored */
#define CS_H5_TEXT_MAX  4096 /* longest rules JSON or command line stored */
#define CS_H5_MODEL_MAX 64   /* longest seat identity stored (CS_IDENTITY_MAX) */

/* The root attributes: what experiment the file records and how far it got. */
typedef struct {
    int schema_version;
    char engine_version[32];
    char git_commit[64];
    char rules[CS_H5_TEXT_MAX]; /* cs_rules_to_json() */
    int n_seats;
    char seats[CS_MAX_PLAYERS][CS_H5_SPEC_MAX]; /* normalised spec per seat, lineup order */
    /* attribute `seat_models`: what each seat's player plays from beyond its spec
     * (cs_player_identity(): "crc32=1a2b3c4d" for a model file, "" for most), so --resume and
     * merge can refuse a model that changed. Files written before it have none. */
    int has_seat_models, n_seat_models; /* as read: runcheck wants one per seat */
    char seat_models[CS_MAX_PLAYERS][CS_H5_MODEL_MAX];
    uint64_t seed;
    uint64_t games_requested; /* games in the whole experiment (all shards) */
    uint64_t games_completed; /* rows of /games that are complete, from game_begin */
    char rng[512];
    char created_utc[32]; /* ISO 8601, "2024-05-01T12:00:00Z" */
    int threads;
    char command_line[CS_H5_TEXT_MAX];
    /* extras */
    int record_deals;       /* attribute `record`: "games" or "deals" */
    int duplicate;          /* 1 with --duplicate */
    int rotations;          /* lineup rotations per card sequence (1 without --duplicate) */
    int shard_index;        /* K of --shard K/N (1 when not sharded) */
    int shard_count;        /* N (1 when not sharded) */
    uint64_t game_begin;    /* first game index this file covers */
    uint64_t game_end;      /* one past the last */
    char status[24];        /* "running", "complete", "interrupted", "sprt-stopped", "failed" */
    int has_sprt;           /* the SPRT attributes below are present */
    char sprt[128];         /* "elo0=0 elo1=10 alpha=0.05 beta=0.05 every=1000" */
    char sprt_decision[16]; /* "continue", "H0", "H1" */
    double sprt_llr, sprt_lower, sprt_upper;
    /* Runs made from a spec: attributes `experiment` (the spec's name), `arm` and `arm_index`
     * (the arm's name and its place in the spec, from 0), so a set of files can be put back
     * in the spec's order. Empty arm (and no attributes) for runs from the command line. */
    char experiment[64];
    char arm[64];
    int arm_index;
} cs_h5_meta;

/* Fills the provenance fields (schema and engine version, commit, rng, created_utc now). */
void cs_h5_meta_provenance(cs_h5_meta *m);

typedef struct cs_h5_writer cs_h5_writer;

/*
 * Creates the file at path with /games (and /deals when m->record_deals) and writes m as its
 * root attributes. An existing file is refused unless force. Returns 0, or CS_EIO (path not
 * writable: the message names it and the system's reason) or CS_ECONFIG (exists without
 * force), writing the message into err.
 */
int cs_h5_create(const char *path, int force, const cs_h5_meta *m, cs_h5_writer **out, char *err,
                 size_t err_len);

/*
 * Opens a run file to continue it: reads its attributes into *m, cuts /games back to
 * games_completed rows and /deals to the deals of those games, and positions the writer after
 * them. Returns 0, CS_EIO (cannot open, not HDF5, truncated) or CS_ECONFIG (not a cribsim run
 * file), with the message in err.
 */
int cs_h5_reopen(const char *path, cs_h5_meta *m, cs_h5_writer **out, char *err, size_t err_len);

/* Most threads that may help a writer compress (cs_h5_writer_helpers). */
#define CS_H5_MAX_HELPERS 32

/*
 * Lets up to `helpers` other threads compress the writer's full chunks while it goes on
 * filling the next ones: gives each table helpers + 4 chunk buffers (one being filled, one
 * being written, the rest queued). Without it (or with 0) the writer compresses each chunk
 * itself when it fills. The bytes written are the same either way. Call right after
 * cs_h5_create or cs_h5_reopen. Returns 0 or CS_ENOMEM.
 */
int cs_h5_writer_helpers(cs_h5_writer *w, int helpers);

/* From any thread: compresses one queued chunk if there is one nobody has taken. Returns
 * whether it did. */
int cs_h5_writer_compress_one(cs_h5_writer *w);

/* From any thread, without waiting: whether a chunk waits to be compressed. */
int cs_h5_writer_has_work(cs_h5_writer *w);

/* Appends rows in game order. Returns 0 or CS_EIO (see cs_h5_writer_error()). */
int cs_h5_write_games(cs_h5_writer *w, const cs_games_row *rows, size_t n);
int cs_h5_write_deals(cs_h5_writer *w, const cs_deal_record *rows, size_t n);

/* Reads n complete rows of /games from row `first` of a reopened file (to recount them).
 * Returns 0 or CS_EIO. */
int cs_h5_writer_read_games(cs_h5_writer *w, uint64_t first, size_t n, cs_games_row *out);

/* Rows appended so far (including any the file held when reopened). */
uint64_t cs_h5_writer_games(const cs_h5_writer *w);
uint64_t cs_h5_writer_deals(const cs_h5_writer *w);

/*
 * Checkpoints the file: rewrites the attributes that change during a run (games_completed,
 * games_requested, game_end, threads, status and the SPRT's) from m, and flushes. With final,
 * the partial last chunks are written first and games_completed is stored as given; without,
 * it is cut to the games whose rows are all in whole chunks (see Durability). Returns 0 or
 * CS_EIO.
 */
int cs_h5_sync(cs_h5_writer *w, const cs_h5_meta *m, int final);

/* The games (from game_begin) a checkpoint now would count: those whose rows are all in whole
 * chunks on disk, or everything written after a final sync. */
uint64_t cs_h5_writer_durable(const cs_h5_writer *w, uint64_t game_begin);

/* Appends a line (UTC time and command line) to the attribute `resume_log`. */
int cs_h5_log_resume(cs_h5_writer *w, const char *command_line);

/* Closes the file and frees the writer (also after an error). Staged rows not yet written are
 * written first. After a failed write the file is left as its last checkpoint made it (HDF5's
 * handles are abandoned, not closed). Returns 0 or CS_EIO. */
int cs_h5_close(cs_h5_writer *w);

/* The message of the writer's last failure. */
const char *cs_h5_writer_error(const cs_h5_writer *w);

typedef struct cs_h5_reader cs_h5_reader;

/*
 * Opens a run file read-only and checks that it is one: an HDF5 file with the root attributes
 * and a /games table holding every field (by name). Fills *m. Returns 0, CS_EIO (missing,
 * unreadable, not HDF5, truncated) or CS_ECONFIG (HDF5 but not a cribsim run), message in err.
 */
int cs_h5_open(const char *path, cs_h5_meta *m, cs_h5_reader **out, char *err, size_t err_len);
void cs_h5_reader_close(cs_h5_reader *r);

/* Complete games in the file (games_completed, never more than /games holds). */
uint64_t cs_h5_reader_games(const cs_h5_reader *r);
/* Whether the file has /deals, and the rows of it belonging to complete games. */
int cs_h5_reader_has_deals(const cs_h5_reader *r);
uint64_t cs_h5_reader_deals(const cs_h5_reader *r);

/* Reads n rows from row `first` (0-based rows of the table, not game indices). Returns 0,
 * CS_ERANGE past the end, or CS_EIO (message from cs_h5_reader_error()). */
int cs_h5_read_games(cs_h5_reader *r, uint64_t first, size_t n, cs_games_row *out);
int cs_h5_read_deals(cs_h5_reader *r, uint64_t first, size_t n, cs_deal_record *out);

/* Finds the /deals rows of game index `game`: sets *first and *count (0 if it has none). */
int cs_h5_find_deals(cs_h5_reader *r, uint64_t game, uint64_t *first, uint64_t *count);

/* Whether the file's tables have exactly this module's layout (merge copies rows verbatim, so
 * it requires that). */
int cs_h5_reader_same_layout(const cs_h5_reader *r);

const char *cs_h5_reader_error(const cs_h5_reader *r);

#endif

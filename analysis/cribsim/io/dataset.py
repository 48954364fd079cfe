"""Datasets for machine learning from cribsim run files: one row per decision, streamed.

    cribsim-dataset FILE.h5 --kind discard|play -o OUT [--strategy NAME] [--games A:B]
                        [--max-games N] [--chunk-games N] [--shard-rows N] [--force]

`discard` gives one row per seat per deal (the discard to the crib), `play` one row per card
laid in the play. Each row says what the seat knew when it decided (its cards, its position,
the scores, the pile), what it chose, and what followed (the points its hand and the crib made,
its pegging in the deal, and the game's result for its side). analysis/DATASETS.md documents
every column, its type, the strategy table and the row order. The file must record deals
(/deals); exit status 2 otherwise, or for a file that is not a cribsim run, a bad option, or an
output that exists (without --force) or lies in a missing folder.

Streaming. The run file is read --chunk-games games at a time (default 4096), with all their
deals: a game is never split between chunks, so every row is computed from its own chunk, and
the output is the same whatever the chunk size. Memory is proportional to the chunk (a few
hundred bytes of arrays a row: some 30 KB a game for `play`, a third of that for `discard`,
plus the output format's buffer) and does not depend on the number of games. Rows are in game order, then deal, then seat
(discard) or play (play), so the dataset of games A:B followed by the dataset of games B:C is
the dataset of A:C, row for row, in every format.

Outputs, by the name given to -o:

- `X.h5`: HDF5, one chunked, compressed dataset per column (rows along the first axis),
  `strategies` (the strategy table) and the source as attributes; read it with h5py slice by
  slice (a PyTorch or TensorFlow loader indexes the columns without loading them whole).
- `DIR/` (an existing folder, or a name ending in /): sharded .npz files `KIND-00000.npz`,
  `KIND-00001.npz`, ... of --shard-rows rows each (default 1,000,000; the last one shorter),
  each a complete dataset on its own.
- `X.npz`: one .npz (zip of .npy arrays, deflated), the columns of today's names. Its arrays
  are written by streaming (each column spooled to a temporary file beside the output, then
  compressed into the zip), so writing it needs no more memory than the other formats; reading
  it back (numpy.load) holds a whole column in memory at a time.
- `X.csv`: a header and one line per row, array columns flattened to name_0, name_1, ...; the
  strategy is written as its text.
- `X.parquet` (the extra `parquet`: pyarrow): Apache Parquet, one column per schema column
  with its type (array columns as fixed-size lists), row groups of PARQUET_GROUP_ROWS rows
  written as the chunks come; the strategy table and the source facts in the file's
  key-value metadata. pandas, polars and Hugging Face `datasets` read it.

--format NAME picks the format whatever the name (h5, npz, csv, shards, parquet); without it
the name's ending decides.

Every output is written through a temporary file (or folder entry) renamed into place.

Values the play does not reveal are reconstructed from the record: the count and the pile of
the current series (a new series starts after a 31, and before a card that would take the
count past 31: the count goes back to zero only when no one can play, so the card led next
could not have fitted), and each side's score at the moment of a decision (the score before
the deal, plus the start bonus and his heels, plus the points pegged so far).
"""

import argparse
import contextlib
import functools
import glob
import itertools
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import zipfile

import h5py
import numpy as np
import pandas as pd

from . import cards
from . import cliio
from . import runfile

NO_CARD = 255
MAX_PLAYS = 16  # every card of four hands of four: the /deals play arrays
# Cards in a series before a play: a series counts at most 31, and its 13 smallest cards (four
# aces, four twos, four threes and a four) already count 28, so it holds at most 13 cards and
# at most 12 lie on the pile when a card is laid.
MAX_PILE = 12
DEFAULT_CHUNK_GAMES = 4096
DEFAULT_SHARD_ROWS = 1_000_000
# Rows per HDF5 chunk: 16 KB for a byte column, 256 KB for `history`, 1.4 MB for a play row's
# 88 bytes. The writer buffers rows until whole chunks can be written, so each chunk is
# compressed once.
H5_CHUNK_ROWS = 16384
COPY_BYTES = 1 << 20  # spooled column bytes compressed into a .npz at a time
# Rows per Parquet row group: 5.8 MB of play rows (88 bytes each) before compression, the
# buffer the writer holds; a reader's unit of parallelism and of skipping.
PARQUET_GROUP_ROWS = 65536
FORMAT_VERSION = 2  # 1: int64 columns and the strategy as text in every row

# The columns, in order: (name, numpy type, width; 0 for a one-dimensional column).
COMMON_HEAD = [("game", "u4", 0), ("deal", "u2", 0), ("seat", "u1", 0), ("strategy", "u1", 0),
               ("players", "u1", 0), ("position", "u1", 0), ("own_crib", "u1", 0),
               ("target", "i2", 0)]
COMMON_TAIL = [("peg_points", "i2", 0), ("deal_ended", "u1", 0), ("game_result", "f4", 0),
               ("game_margin", "i2", 0)]
SCHEMAS = {
    "discard": COMMON_HEAD + [
        ("scores", "i2", 4), ("dealt", "u1", 6), ("discard", "u1", 2), ("kept", "u1", 4),
        ("choice", "u1", 0), ("starter", "u1", 0), ("hand_points", "u1", 0),
        ("crib_points", "u1", 0)] + COMMON_TAIL,
    "play": COMMON_HEAD + [
        ("play_index", "u1", 0), ("series", "u1", 0), ("count", "u1", 0), ("scores", "i2", 4),
        ("hand", "u1", 4), ("kept", "u1", 4), ("discard", "u1", 2), ("starter", "u1", 0),
        ("pile", "u1", MAX_PILE), ("history", "u1", MAX_PLAYS),
        ("history_seat", "u1", MAX_PLAYS), ("n_legal", "u1", 0), ("card", "u1", 0),
        ("slot", "u1", 0), ("points", "u1", 0)] + COMMON_TAIL,
}
MAX_GAME = np.iinfo(np.uint32).max


def columns(kind):
    """The column names of a kind, in order."""
    return [name for name, _, _ in SCHEMAS[kind]]


def empty(kind):
    """A dataset of `kind` with no rows (a dict of typed arrays)."""
    return {name: np.zeros((0, w) if w else (0,), dtype=t) for name, t, w in SCHEMAS[kind]}


def _typed(kind, cols):
    """cols cast to the schema's types, in the schema's order."""
    return {name: np.ascontiguousarray(cols[name], dtype=t) for name, t, _ in SCHEMAS[kind]}


# ---- reading the run file in chunks of whole games ----

def _bisect(read_at, n, value):
    """The first index i in 0..n whose read_at(i) >= value (read_at is increasing)."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) // 2
        if read_at(mid) < value:
            lo = mid + 1
        else:
            hi = mid
    return lo


class Source:
    """A run file opened for a dataset: its header checked (runfile.open_run), the rows of
    the games selected by a game range [first, stop) and a count, and chunks() that reads
    them chunk_games games at a time with every deal of those games, checked as
    runfile reads them."""

    def __init__(self, path, games=(None, None), max_games=None, chunk_games=None):
        self.run = runfile.open_run(path, deals=True)
        if not self.run.has_deals:
            raise runfile.CribsimFileError(
                f"{path} has no /deals table: datasets need a run that records deals "
                "(cribsim run --record deals)")
        self.path = path
        self.chunk_games = DEFAULT_CHUNK_GAMES if chunk_games is None else int(chunk_games)
        first, stop = games
        with self._open() as f:
            gcol = f["games"].fields("game")
            n = self.run.n_games
            def game_at(i):
                return int(gcol[i:i + 1][0])
            self.row_lo = 0 if first is None else _bisect(game_at, n, first)
            self.row_hi = n if stop is None else _bisect(game_at, n, stop)
            self.row_hi = max(self.row_lo, self.row_hi)
            if max_games is not None:
                self.row_hi = min(self.row_hi, self.row_lo + int(max_games))
            if self.row_hi > self.row_lo and game_at(self.row_hi - 1) > MAX_GAME:
                raise runfile.CribsimFileError(
                    f"{path}: game index {game_at(self.row_hi - 1)} does not fit the "
                    f"dataset's 32-bit game column (give --games below {MAX_GAME + 1})")
            self.first_game = game_at(self.row_lo) if self.row_hi > self.row_lo else None

    def _open(self):
        try:
            return h5py.File(self.path, "r")
        except OSError as e:
            raise runfile.CribsimFileError(f"{self.path} can no longer be read ({e})")

    @property
    def n_games(self):
        return self.row_hi - self.row_lo

    def chunks(self):
        """Runs (runfile.Run) of at most chunk_games consecutive games and all their
        deals, in order."""
        run, path = self.run, self.path
        if self.n_games == 0:
            return
        with self._open() as f:
            gset, dset = f["games"], f["deals"]
            n_deals = dset.shape[0]
            dcol = dset.fields("game")
            dpos = _bisect(lambda i: int(dcol[i:i + 1][0]), n_deals, self.first_game)
            pending = dset[0:0]
            pending_games = np.zeros(0, dtype=np.int64)
            block = max(1024, self.chunk_games * 12)  # deal rows read at a time
            last_dg = prev_game = -1
            for lo in range(self.row_lo, self.row_hi, self.chunk_games):
                hi = min(lo + self.chunk_games, self.row_hi)
                games = _read_rows(gset, lo, hi, path, "games")
                g = games["game"].astype(np.int64)
                if g[0] <= prev_game or np.any(np.diff(g) <= 0):
                    raise runfile.CribsimFileError(
                        f"{path}: /games rows are not in increasing game order")
                runfile.check_games(path, games, run.players, run.n_sides)
                last = prev_game = int(g[-1])
                parts = []
                while True:
                    if not len(pending):
                        if dpos >= n_deals:
                            break
                        pending = _read_rows(dset, dpos, min(dpos + block, n_deals), path,
                                             "deals")
                        dpos += len(pending)
                        dg = pending_games = pending["game"].astype(np.int64)
                        if dg[0] < last_dg or np.any(np.diff(dg) < 0):
                            raise runfile.CribsimFileError(
                                f"{path}: /deals rows are not in game order")
                        last_dg = int(dg[-1])
                    b = int(np.searchsorted(pending_games, last, side="right"))
                    parts.append(pending[:b])
                    pending, pending_games = pending[b:], pending_games[b:]
                    if len(pending):
                        break
                deals = (parts[0] if len(parts) == 1 else np.concatenate(parts) if parts
                         else pending[:0])
                check_deals(path, deals, run.rules)
                part = runfile.Run(path, run.attrs, run.rules, run.seats, games, deals)
                part.rotations = run.rotations
                yield part


def check_deals(path, deals, rules):
    """Raises CribsimFileError naming the file for a /deals row no game can have, as
    runfile.check_deals() does (its message), after a faster test of the same
    conditions: card codes 0 to 51, no card dealt twice (a set of distinct cards has as many
    bits in the OR of its masks as in their sum, which no carry can reach below 2**56), a
    dealer and players of cards that are seats, no more plays than the table holds."""
    if len(deals) == 0:
        return
    n = int(rules["players"])
    dealt_n, disc_n = int(rules["cards_dealt"]), int(rules["discards"])
    dealt, disc = deals["dealt"], deals["discard"]
    ok = (dealt.ndim == 3 and dealt.shape[1] >= n and dealt.shape[2] >= dealt_n and
          disc.ndim == 3 and disc.shape[1] >= n and disc.shape[2] >= disc_n)
    if ok:
        parts = [dealt[:, :n, :dealt_n].reshape(len(deals), -1), deals["starter"][:, None]]
        if int(rules["crib_from_deck"]):
            parts.append(deals["crib_extra"][:, None])
        held = np.concatenate(parts, axis=1)
        n_plays = deals["n_plays"]
        width = deals["play_card"].shape[1]
        played = np.arange(width)[None, :] < n_plays[:, None]
        ok = (held.max() <= 51 and (disc_n == 0 or disc[:, :n, :disc_n].max() <= 51)
              and int(deals["dealer"].max()) < n and int(n_plays.max()) <= width
              and not np.any(played & (deals["play_card"] > 51))
              and not np.any(played & (deals["play_seat"] >= n)))
        if ok:
            bits = np.left_shift(np.uint64(1), held.astype(np.uint64))
            ok = np.array_equal(np.bitwise_or.reduce(bits, axis=1), bits.sum(axis=1))
    if not ok:
        runfile.check_deals(path, deals, rules)
        raise runfile.CribsimFileError(f"{path}: a /deals row holds values no game can "
                                            "have")


def _read_rows(ds, lo, hi, path, name):
    try:
        return ds[lo:hi]
    except (OSError, RuntimeError, ValueError, KeyError) as e:
        raise runfile.CribsimFileError(
            f"{path}: /{name} rows {lo} to {hi} cannot be read (damaged?): {e}")


# ---- what every row of a deal shares ----

def strategy_table(run):
    """The strategy table: the lineup's distinct specifications in order of first appearance.
    A row's `strategy` is an index into it."""
    return run.strategy_names()


class _DealFacts:
    """Per deal and seat of a chunk, the facts both kinds share: (deals, players) arrays of
    the side score before the discard, the strategy index, the game's result and margin, and
    the kept cards (deals, players, 4) with 255 padding."""

    def __init__(self, run, table):
        d = run.deals
        n = run.players
        self.n = n
        self.n_deals = len(d)
        dealt_n = int(run.rules["cards_dealt"])
        disc_n = int(run.rules["discards"])
        self.keep_n = dealt_n - disc_n
        gidx = np.searchsorted(run.games["game"], d["game"])
        bad = gidx >= run.n_games
        bad |= run.games["game"][np.minimum(gidx, run.n_games - 1)] != d["game"]
        if np.any(bad):
            i = int(np.flatnonzero(bad)[0])
            raise runfile.CribsimFileError(
                f"{run.path}: deal {int(d['deal'][i])} of game {int(d['game'][i])} belongs to "
                "no complete game")
        self.gidx = gidx
        self.side = np.asarray(run.side_of_seat(np.arange(n)))
        self.dealer = d["dealer"].astype(np.int64)
        # Scores before the discard: the previous deal's (0 at the first deal of a game: a
        # chunk holds whole games) plus the start bonus of the seat's side.
        score = d["score"][:, :n].astype(np.int16)
        before = np.zeros_like(score)
        same = np.zeros(len(d), dtype=bool)
        same[1:] = d["game"][1:] == d["game"][:-1]
        before[1:][same[1:]] = score[:-1][same[1:]]
        if "bonus" in d.dtype.names:
            bonus = d["bonus"][:, :n].astype(np.int16)
            same_side = (self.side[:, None] == self.side[None, :]).astype(np.int16)
            before = before + bonus @ same_side
        self.before = before
        lookup = np.array([table.index(s) for s in run.seats], dtype=np.uint8)
        self.strategy = lookup[run.seat_entry()[gidx]]
        results = run.side_results()[gidx]            # (deals, sides)
        finals = run.side_scores()[gidx]
        self.result = results[:, self.side].astype(np.float32)
        best_other = np.empty((len(d), n), dtype=np.int64)
        for s in range(n):
            best_other[:, s] = np.delete(finals, self.side[s], axis=1).max(axis=1)
        self.margin = finals[:, self.side] - best_other
        # Kept cards: the dealt cards not laid away, in deal order.
        dealt = d["dealt"][:, :n, :dealt_n]
        disc = d["discard"][:, :n, :disc_n]
        is_disc = np.any(dealt[:, :, :, None] == disc[:, :, None, :], axis=3)
        wrong = is_disc.sum(axis=2) != disc_n
        if np.any(wrong):
            i = int(np.flatnonzero(wrong.any(axis=1))[0])
            raise runfile.CribsimFileError(
                f"{run.path}: game {int(d['game'][i])} deal {int(d['deal'][i])}: a discard "
                "is not among the cards dealt to its seat")
        # Exactly keep_n cards of each seat are kept (checked above), so the positions of the
        # cards not laid away, in C order, fill (deals, players, keep_n).
        order = np.nonzero(~is_disc)[2].reshape(len(d), n, self.keep_n)
        self.kept = np.full((len(d), n, 4), NO_CARD, dtype=np.uint8)
        self.kept[:, :, :self.keep_n] = np.take_along_axis(dealt, order, axis=2)
        self.dealt = np.full((len(d), n, 6), NO_CARD, dtype=np.uint8)
        self.dealt[:, :, :dealt_n] = dealt
        self.disc = np.full((len(d), n, 2), NO_CARD, dtype=np.uint8)
        self.disc[:, :, :disc_n] = disc
        self.is_disc = is_disc
        self.dealt_n, self.disc_n = dealt_n, disc_n

    def relative(self, values, seat):
        """(rows, 4) int16: values (rows, players) of seats seat, seat+1, ... mod players for
        each row's seat, -1 past the players."""
        n = self.n
        idx = (np.asarray(seat)[:, None] + np.arange(n)[None, :]) % n
        out = np.full((len(idx), 4), -1, dtype=np.int16)
        out[:, :n] = np.take_along_axis(values, idx, axis=1)
        return out


@functools.lru_cache(maxsize=None)
def _rank_points_table(m):
    """(13**m,) int8: the fifteens, pairs and runs of every ordered tuple of m ranks, indexed
    by the tuple as a base-13 number (371,293 entries for five cards), from cards.py's table
    of every multiset of ranks."""
    codes, fifteens, pairs, runs = cards._rank_table(m)
    tuples = np.indices((13,) * m, dtype=np.int64).reshape(m, -1).T
    key = np.sort(tuples, axis=1) @ (13 ** np.arange(m - 1, -1, -1))
    return (fifteens + pairs + runs).astype(np.int8)[np.searchsorted(codes, key)]


def show_points(hand, starter, flush_min):
    """cards.show_score() by table look-up, for many rows: (N, k) card codes of complete
    hands (k = 3 or 4) and (N,) starters -> (N,) uint8. The ranks' points come from the table
    of every ordered rank tuple (no sort), the flush and his nobs as in cards.py."""
    m = hand.shape[1] + 1
    all_cards = np.concatenate([hand, starter[:, None]], axis=1).astype(np.int32)
    ranks = all_cards >> 2
    key = ranks @ (13 ** np.arange(m - 1, -1, -1, dtype=np.int32))
    points = _rank_points_table(m)[key].astype(np.uint8)
    suits = all_cards & 3
    suited = np.all(suits[:, :m - 1] == suits[:, :1], axis=1)
    flush = (m - 1) + (suits[:, m - 1] == suits[:, 0])
    points += np.where(suited & (flush >= flush_min), flush, 0).astype(np.uint8)
    nobs = np.any((ranks[:, :m - 1] == cards.JACK) & (suits[:, :m - 1] == suits[:, m - 1:]),
                  axis=1)
    return points + nobs.astype(np.uint8)


def _choice_table(dealt_n, disc_n):
    """Index by bit mask of the discarded positions -> the discard's index into
    itertools.combinations(range(dealt_n), disc_n) (255 for a mask that is none)."""
    table = np.full(1 << dealt_n, 255, dtype=np.uint8)
    for i, combo in enumerate(itertools.combinations(range(dealt_n), disc_n)):
        table[sum(1 << p for p in combo)] = i
    return table


def discard_rows(run, table=None):
    """The discard dataset of a chunk of a run (a runfile.Run with deals) as a dict of
    typed arrays (see DATASETS.md), in game, deal, seat order."""
    table = strategy_table(run) if table is None else table
    if len(run.deals) == 0:
        return empty("discard")
    f = _DealFacts(run, table)
    d = run.deals
    n, D = f.n, f.n_deals
    rows = D * n
    seat = np.tile(np.arange(n, dtype=np.uint8), D)
    di = np.repeat(np.arange(D), n)
    starter = d["starter"]
    hands = f.kept[:, :, :f.keep_n].reshape(rows, f.keep_n)
    hand_vals = show_points(hands, np.repeat(starter, n), int(run.rules["hand_flush_min"]))
    crib = f.disc[:, :, :f.disc_n].reshape(D, n * f.disc_n)
    if int(run.rules["crib_from_deck"]):
        crib = np.concatenate([crib, d["crib_extra"][:, None]], axis=1)
    crib_vals = show_points(crib, starter, int(run.rules["crib_flush_min"]))
    mask = (f.is_disc.astype(np.int64) << np.arange(f.dealt_n)).sum(axis=2)
    choice = _choice_table(f.dealt_n, f.disc_n)[mask].reshape(rows)
    position = (seat - f.dealer[di]) % n
    cols = {
        "game": np.repeat(d["game"], n), "deal": np.repeat(d["deal"], n), "seat": seat,
        "strategy": f.strategy.reshape(rows), "players": np.full(rows, n),
        "position": position, "own_crib": f.side[f.dealer[di]] == f.side[seat],
        "target": np.full(rows, int(run.rules["target"])),
        "scores": f.relative(f.before[di], seat),
        "dealt": f.dealt.reshape(rows, 6), "discard": f.disc.reshape(rows, 2),
        "kept": f.kept.reshape(rows, 4), "choice": choice, "starter": np.repeat(starter, n),
        "hand_points": hand_vals, "crib_points": np.repeat(crib_vals, n),
        "peg_points": d["peg"][:, :n].reshape(rows), "deal_ended": np.repeat(d["ended"], n),
        "game_result": f.result.reshape(rows), "game_margin": f.margin.reshape(rows),
    }
    return _typed("discard", cols)


_VALUES = np.zeros(256, dtype=np.int16)
_VALUES[:52] = np.minimum(np.arange(52) // 4 + 1, 10)


def play_rows(run, table=None):
    """The play dataset of a chunk of a run (a runfile.Run with deals) as a dict of
    typed arrays (see DATASETS.md), in game, deal, play order. Vectorised over the deals: the
    only loop is over the 16 places of a deal's play."""
    table = strategy_table(run) if table is None else table
    if len(run.deals) == 0:
        return empty("play")
    f = _DealFacts(run, table)
    d = run.deals
    n, D = f.n, f.n_deals
    width = min(MAX_PLAYS, d["play_card"].shape[1])
    pc = d["play_card"][:, :width]
    ps = d["play_seat"][:, :width]
    pp = d["play_points"][:, :width].astype(np.int16)
    n_plays = d["n_plays"].astype(np.int64)
    valid = np.arange(width)[None, :] < n_plays[:, None]
    val = np.where(valid, _VALUES[pc], 0)
    # The count before each card, its series and where the series started.
    count = np.zeros((D, width), dtype=np.int16)
    series = np.zeros((D, width), dtype=np.int16)
    start = np.zeros((D, width), dtype=np.int16)
    cnt = np.zeros(D, dtype=np.int16)
    ser = np.zeros(D, dtype=np.int16)
    st = np.zeros(D, dtype=np.int16)
    for k in range(width):
        reset = valid[:, k] & ((cnt == 31) | (cnt + val[:, k] > 31))
        ser += reset
        st[reset] = k
        cnt[reset] = 0
        count[:, k], series[:, k], start[:, k] = cnt, ser, st
        cnt += val[:, k]
    # The points each side has pegged in the deal before each card.
    ps_safe = np.where(valid, ps, 0)
    own = f.side[ps_safe][:, :, None] == f.side[None, None, :]          # (D, width, n)
    gained = np.where(own & valid[:, :, None], pp[:, :, None], 0).astype(np.int16)
    so_far = np.cumsum(gained, axis=1, dtype=np.int16) - gained
    heels = np.where(f.side[None, :] == f.side[f.dealer][:, None],
                     d["heels"].astype(np.int16)[:, None], 0)
    score_now = (f.before + heels)[:, None, :] + so_far                # (D, width, n)
    # When each seat lays each of its kept cards (width: never).
    mine = (pc[:, None, None, :] == f.kept[:, :, :, None]) & \
        (ps[:, None, None, :] == np.arange(n, dtype=ps.dtype)[None, :, None, None]) & \
        valid[:, None, None, :] & (f.kept[:, :, :, None] != NO_CARD)
    laid_at = np.where(mine.any(axis=3), np.argmax(mine, axis=3), width)   # (D, n, 4)

    di, k = np.nonzero(valid)
    rows = len(di)
    seat = ps[di, k].astype(np.int64)
    card = pc[di, k]
    kept = f.kept[di, seat]                                              # (rows, 4)
    held = (laid_at[di, seat] >= k[:, None]) & (kept != NO_CARD)
    is_card = held & (kept == card[:, None])
    bad = ~is_card.any(axis=1)
    if np.any(bad):
        i = int(np.flatnonzero(bad)[0])
        raise runfile.CribsimFileError(
            f"{run.path}: game {int(d['game'][di[i]])} deal {int(d['deal'][di[i]])}: seat "
            f"{seat[i]} plays {cards.card_text(int(card[i]))}, which it does not hold")
    # The cards still held, packed to the left in deal order: the i-th held card goes to
    # column i (cards laid already go to a fifth column, dropped).
    held_before = np.cumsum(held, axis=1, dtype=np.int8)
    hand = np.full((rows, 5), NO_CARD, dtype=np.uint8)
    np.put_along_axis(hand, np.where(held, held_before - 1, 4).astype(np.intp), kept, axis=1)
    hand = hand[:, :4]
    slot = (held_before * is_card).sum(axis=1) - 1
    cnt_row = count[di, k]
    legal = (held & (cnt_row[:, None] + _VALUES[kept] <= 31)).sum(axis=1)
    before_k = np.arange(width)[None, :] < k[:, None]
    history = np.full((rows, MAX_PLAYS), NO_CARD, dtype=np.uint8)
    history[:, :width] = np.where(before_k, pc[di], NO_CARD)
    # Relative seats of the deal's plays seen from each seat: (deals, players, width).
    rel = ((ps[:, None, :].astype(np.int16) + n - np.arange(n, dtype=np.int16)[None, :, None])
           % n).astype(np.uint8)
    history_seat = np.full((rows, MAX_PLAYS), NO_CARD, dtype=np.uint8)
    history_seat[:, :width] = np.where(before_k, rel[di, seat], NO_CARD)
    # The pile: the history from the series' first card (history is 255 from the card on).
    pidx = np.minimum(start[di, k][:, None] + np.arange(MAX_PILE, dtype=np.int16)[None, :],
                      MAX_PLAYS - 1).astype(np.intp)
    pile = np.take_along_axis(history, pidx, axis=1)
    cols = {
        "game": d["game"][di], "deal": d["deal"][di], "seat": seat,
        "strategy": f.strategy[di, seat], "players": np.full(rows, n),
        "position": (seat - f.dealer[di]) % n,
        "own_crib": f.side[f.dealer[di]] == f.side[seat],
        "target": np.full(rows, int(run.rules["target"])),
        "play_index": k, "series": series[di, k], "count": cnt_row,
        "scores": f.relative(score_now[di, k], seat),
        "hand": hand, "kept": kept, "discard": f.disc[di, seat],
        "starter": d["starter"][di], "pile": pile, "history": history,
        "history_seat": history_seat, "n_legal": legal, "card": card, "slot": slot,
        "points": pp[di, k], "peg_points": d["peg"][di, seat],
        "deal_ended": d["ended"][di], "game_result": f.result[di, seat],
        "game_margin": f.margin[di, seat],
    }
    return _typed("play", cols)


BUILDERS = {"discard": discard_rows, "play": play_rows}


def _select(data, keep):
    return {k: v[keep] for k, v in data.items()}


def iter_rows(source, kind, strategy=None):
    """The dataset of `kind` over a Source, chunk by chunk (dicts of typed arrays), only the
    rows of one strategy's decisions when `strategy` is given."""
    table = strategy_table(source.run)
    pick = None if strategy is None else table.index(strategy)
    for part in source.chunks():
        data = BUILDERS[kind](part, table)
        if pick is not None:
            data = _select(data, data["strategy"] == pick)
        yield data


def build(run, kind, strategy=None):
    """The dataset of `kind` ("discard" or "play") for a run in memory (runfile.load),
    with the strategy column as text, optionally only the rows of one strategy's decisions.
    For tests and small runs; the command streams."""
    if run.deals is None:
        raise runfile.CribsimFileError(f"{run.path} has no /deals table: datasets need a "
                                            "run that records deals")
    table = strategy_table(run)
    data = BUILDERS[kind](run, table)
    if strategy is not None:
        if strategy not in table:
            raise runfile.CribsimFileError(
                f"{run.path}: no seat was played by '{strategy}' (lineup: "
                f"{', '.join(run.seats)})")
        data = _select(data, data["strategy"] == table.index(strategy))
    return decode(data, table)


def decode(data, table):
    """The dataset with its `strategy` indices replaced by the strategies' text."""
    out = dict(data)
    out["strategy"] = np.array(table, dtype=object)[data["strategy"].astype(np.int64)] \
        if len(table) else data["strategy"].astype(object)
    return out


# ---- outputs ----

def _meta(source, kind, strategy, games_arg):
    run = source.run
    return {"kind": kind, "format_version": FORMAT_VERSION,
            "source": os.path.abspath(source.path),
            "source_git_commit": str(run.attrs.get("git_commit", "unknown")),
            "source_seed": str(run.attrs.get("seed", "")),
            "games": games_arg or ":", "strategy_filter": strategy or "",
            "row_order": ("game, deal, seat" if kind == "discard" else "game, deal, play")}


def _npy_header(f, dtype, shape):
    np.lib.format.write_array_header_2_0(f, {"descr": np.lib.format.dtype_to_descr(dtype),
                                             "fortran_order": False, "shape": shape})


def _zip_array(zf, name, array):
    with zf.open(name + ".npy", "w", force_zip64=True) as m:
        np.lib.format.write_array(m, np.asarray(array), allow_pickle=False)


def _npz_extras(zf, kind, table, meta):
    _zip_array(zf, "schema", np.array(columns(kind)))
    _zip_array(zf, "strategies", np.array(table, dtype=str))
    _zip_array(zf, "source", np.array([meta["source"], meta["source_git_commit"]]))
    _zip_array(zf, "meta", np.array(json.dumps(meta)))


def _open_zip(f):
    return zipfile.ZipFile(f, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1,
                           allowZip64=True)


class NpzWriter:
    """One .npz: each column spooled to a raw file in a temporary folder beside the output,
    then written into the zip as a .npy member, column after column."""

    def __init__(self, path, kind, table, meta, force):
        self.path, self.kind, self.table, self.meta, self.force = path, kind, table, meta, force
        folder = os.path.dirname(os.path.abspath(path))
        self.spool = tempfile.mkdtemp(dir=folder, prefix=f".{os.path.basename(path)}.")
        self.files, self.rows = {}, 0
        try:
            for name in columns(kind):
                self.files[name] = open(os.path.join(self.spool, name), "wb")
        except BaseException:
            self.abort()
            raise

    def write(self, data):
        for name, f in self.files.items():
            f.write(data[name].tobytes())
        self.rows += len(data["game"])

    def close(self):
        for f in self.files.values():
            f.close()
        with cliio.output(self.path, "wb", self.force) as out, _open_zip(out) as zf:
            for name, t, w in SCHEMAS[self.kind]:
                dtype = np.dtype(t)
                with zf.open(name + ".npy", "w", force_zip64=True) as m, \
                        open(os.path.join(self.spool, name), "rb") as raw:
                    _npy_header(m, dtype, (self.rows, w) if w else (self.rows,))
                    shutil.copyfileobj(raw, m, COPY_BYTES)
            _npz_extras(zf, self.kind, self.table, self.meta)

    def abort(self):
        for f in self.files.values():
            f.close()
        shutil.rmtree(self.spool, ignore_errors=True)

    def cleanup(self):
        shutil.rmtree(self.spool, ignore_errors=True)


class ShardWriter:
    """.npz shards of shard_rows rows, KIND-00000.npz, ... in a folder, each written whole
    from a buffer of at most shard_rows rows. The shards are written into a temporary folder
    inside the output folder and replace the folder's old shards of the kind only when the
    last is written (cliio.output_files): a dataset cut short leaves the old one whole."""

    def __init__(self, folder, kind, table, meta, force, shard_rows):
        self.folder, self.kind, self.table, self.meta = folder, kind, table, meta
        self.force, self.shard_rows = force, shard_rows
        self.buffer, self.buffered, self.index, self.rows = [], 0, 0, 0
        self.ctx = cliio.output_files(folder, _shards(folder, kind))
        self.work = self.ctx.__enter__()

    def name(self, i):
        return os.path.join(self.work, f"{self.kind}-{i:05d}.npz")

    def write(self, data):
        self.rows += len(data["game"])
        while len(data["game"]):
            take = self.shard_rows - self.buffered
            self.buffer.append(_select(data, slice(0, take)))
            self.buffered += len(self.buffer[-1]["game"])
            data = _select(data, slice(take, None))
            if self.buffered == self.shard_rows:
                self._flush()

    def _flush(self):
        part = {k: np.concatenate([b[k] for b in self.buffer]) for k in self.buffer[0]}
        path = self.name(self.index)
        with cliio.output(path, "wb", True) as out, _open_zip(out) as zf:
            for name in columns(self.kind):
                _zip_array(zf, name, part[name])
            _npz_extras(zf, self.kind, self.table, self.meta)
        self.index += 1
        self.buffer, self.buffered = [], 0

    def close(self):
        if self.buffered or self.index == 0:
            if not self.buffer:
                self.buffer = [empty(self.kind)]
            self._flush()
        self.ctx.__exit__(None, None, None)  # the new shards replace every old one

    def abort(self):
        with contextlib.suppress(Exception):
            self.ctx.__exit__(RuntimeError, RuntimeError("aborted"), None)

    def cleanup(self):
        pass


def _shards(folder, kind):
    return sorted(p for p in glob.glob(os.path.join(glob.escape(folder), f"{kind}-*.npz"))
                  if re.fullmatch(rf"{kind}-\d{{5}}\.npz", os.path.basename(p)))


class H5Writer:
    """HDF5: one chunked dataset per column (gzip level 1 with the shuffle filter), extended
    chunk by chunk; the strategy table as the dataset `strategies` and every source fact as
    a root attribute."""

    def __init__(self, path, kind, table, meta, force):
        self.path, self.kind, self.force = path, kind, force
        self.ctx = cliio.output_path(path, force)
        self.tmp = self.ctx.__enter__()
        try:
            self._create(kind, table, meta)
        except BaseException:
            self.abort()
            raise

    def _create(self, kind, table, meta):
        self.f = h5py.File(self.tmp, "w")
        self.rows, self.buffer, self.buffered = 0, [], 0
        for name, t, w in SCHEMAS[kind]:
            shape = (0, w) if w else (0,)
            self.f.create_dataset(name, shape=shape, maxshape=(None,) + shape[1:], dtype=t,
                                  chunks=(H5_CHUNK_ROWS,) + shape[1:], compression="gzip",
                                  compression_opts=1, shuffle=w == 0 and np.dtype(t).itemsize > 1)
        self.f.create_dataset("strategies", data=np.array(table, dtype=h5py.string_dtype()))
        self.f.attrs["schema"] = np.array(columns(kind), dtype=h5py.string_dtype())
        for k, v in meta.items():
            self.f.attrs[k] = v

    def write(self, data):
        self.buffer.append(data)
        self.buffered += len(data["game"])
        if self.buffered >= H5_CHUNK_ROWS:
            self._flush(self.buffered - self.buffered % H5_CHUNK_ROWS)

    def _flush(self, n):
        """Appends the first n buffered rows to the datasets."""
        rest = {}
        for name in list(self.buffer[0]):  # a column at a time: one column's copy at most
            v = np.concatenate([b.pop(name) for b in self.buffer])
            ds = self.f[name]
            ds.resize(self.rows + n, axis=0)
            ds[self.rows:] = v[:n]
            rest[name] = v[n:].copy()
        self.rows += n
        self.buffered -= n
        self.buffer = [rest] if self.buffered else []

    def close(self):
        if self.buffered:
            self._flush(self.buffered)
        self.f.attrs["rows"] = self.rows
        self.f.close()
        self.ctx.__exit__(None, None, None)  # renamed into place

    def abort(self):
        with contextlib.suppress(Exception):
            if getattr(self, "f", None) is not None:
                self.f.close()
        with contextlib.suppress(Exception):
            self.ctx.__exit__(RuntimeError, RuntimeError("aborted"), None)  # removed

    def cleanup(self):
        pass


class CsvWriter:
    """CSV: a header, then each chunk's rows as text (the strategy as its name)."""

    def __init__(self, path, kind, table, meta, force):
        self.path, self.kind, self.table, self.force = path, kind, table, force
        self.ctx = cliio.output(path, "w", force)
        self.f = self.ctx.__enter__()
        self.rows = 0
        self.f.write(",".join(to_frame(empty(kind)).columns) + "\n")

    def write(self, data):
        frame = to_frame(decode(data, self.table))
        frame.to_csv(self.f, index=False, header=False, lineterminator="\n")
        self.rows += len(frame)

    def close(self):
        self.ctx.__exit__(None, None, None)

    def abort(self):
        with contextlib.suppress(Exception):
            self.ctx.__exit__(RuntimeError, RuntimeError("aborted"), None)

    def cleanup(self):
        pass


def _pyarrow():
    """pyarrow and pyarrow.parquet, or cliio.BadInput naming the extra that installs them."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise cliio.BadInput("Parquet output needs pyarrow: pip install 'cribsim[parquet]'")
    return pyarrow, pyarrow.parquet


def arrow_schema(kind, table, meta):
    """The Arrow schema of a dataset: the columns of SCHEMAS with their types (an array
    column is a fixed-size list of its width), the strategy table (JSON, key `strategies`),
    the column names (`schema`) and every source fact in the key-value metadata."""
    pa, _ = _pyarrow()
    fields = []
    for name, t, w in SCHEMAS[kind]:
        typ = pa.from_numpy_dtype(np.dtype(t))
        fields.append(pa.field(name, pa.list_(typ, w) if w else typ, nullable=False))
    info = {k: str(v) for k, v in meta.items()}
    info["strategies"] = json.dumps(list(table))
    info["schema"] = json.dumps(columns(kind))
    return pa.schema(fields, metadata=info)


def arrow_table(data, schema):
    """A chunk (dict of typed arrays) as a pyarrow Table of `schema`, without copying the
    one-dimensional columns."""
    pa, _ = _pyarrow()
    arrays = []
    for field in schema:
        v = data[field.name]
        if v.ndim == 2:
            flat = pa.array(np.ascontiguousarray(v).reshape(-1), type=field.type.value_type)
            arrays.append(pa.FixedSizeListArray.from_arrays(flat, v.shape[1]))
        else:
            arrays.append(pa.array(v, type=field.type))
    return pa.Table.from_arrays(arrays, schema=schema)


class ParquetWriter:
    """Parquet (pyarrow): rows buffered until PARQUET_GROUP_ROWS, then written as one row
    group (zstd), so the file is the same whatever the reading chunk; the last group holds
    the rest. Written to a temporary file renamed into place."""

    def __init__(self, path, kind, table, meta, force):
        _, pq = _pyarrow()
        self.path, self.kind, self.force = path, kind, force
        self.schema = arrow_schema(kind, table, meta)
        self.rows, self.buffer, self.buffered = 0, [], 0
        self.ctx = cliio.output_path(path, force)
        self.tmp = self.ctx.__enter__()
        try:
            self.f = pq.ParquetWriter(self.tmp, self.schema, compression="zstd")
        except BaseException:
            self.abort()
            raise

    def write(self, data):
        self.buffer.append(data)
        self.buffered += len(data["game"])
        while self.buffered >= PARQUET_GROUP_ROWS:
            self._flush(PARQUET_GROUP_ROWS)

    def _flush(self, n):
        """Writes the first n buffered rows as one row group."""
        whole = {k: np.concatenate([b[k] for b in self.buffer]) for k in self.buffer[0]}
        self.f.write_table(arrow_table(_select(whole, slice(0, n)), self.schema),
                           row_group_size=n)
        rest = _select(whole, slice(n, None))
        self.rows += n
        self.buffered -= n
        self.buffer = [{k: v.copy() for k, v in rest.items()}] if self.buffered else []

    def close(self):
        if self.buffered:
            self._flush(self.buffered)
        self.f.close()
        self.ctx.__exit__(None, None, None)  # renamed into place

    def abort(self):
        with contextlib.suppress(Exception):
            if getattr(self, "f", None) is not None:
                self.f.close()
        with contextlib.suppress(Exception):
            self.ctx.__exit__(RuntimeError, RuntimeError("aborted"), None)  # removed

    def cleanup(self):
        pass


WRITERS = {"h5": H5Writer, "npz": NpzWriter, "csv": CsvWriter, "parquet": ParquetWriter}
FORMATS = ("h5", "npz", "csv", "parquet", "shards")


def output_kind(path, fmt=None):
    """The format of an output: fmt when given (one of FORMATS), else 'h5', 'npz', 'csv' or
    'parquet' by the name's ending, 'shards' for a folder, None for another name."""
    if fmt is not None:
        return fmt
    if path.endswith("/") or os.path.isdir(path):
        return "shards"
    for ext in ("h5", "npz", "csv", "parquet"):
        if path.endswith("." + ext):
            return ext
    return None


def check_output(path, kind, force, fmt=None):
    """Raises cliio.BadInput unless the dataset may be written at path (in format fmt, or
    the one its name says)."""
    what = output_kind(path, fmt)
    if what is None:
        raise cliio.BadInput(f"{path}: the output must end in .h5, .npz, .csv or .parquet, "
                             "or name a folder for .npz shards (or give --format)")
    if what == "parquet":
        _pyarrow()
    if what == "shards":
        cliio.check_output_dir(path)
        old = _shards(path, kind)
        if old and not force:
            raise cliio.BadInput(f"{path} already holds {kind} shards ({os.path.basename(old[0])}"
                                 " ...; give --force to replace them)")
    else:
        cliio.check_output(path, force)
    return what


def open_writer(path, kind, table, meta, force, shard_rows, fmt=None):
    what = output_kind(path, fmt)
    if what == "shards":
        return ShardWriter(path, kind, table, meta, force, shard_rows)
    return WRITERS[what](path, kind, table, meta, force)


def write_stream(path, kind, chunks, table, meta, force=False, shard_rows=DEFAULT_SHARD_ROWS,
                 fmt=None):
    """Writes the chunks (dicts of typed arrays) to path in format fmt (by default the one
    its name says); returns the rows."""
    writer = open_writer(path, kind, table, meta, force, shard_rows, fmt)
    try:
        for data in chunks:
            writer.write(data)
        writer.close()
    except BaseException:
        writer.abort()
        raise
    finally:
        writer.cleanup()
    return writer.rows


def write(data, path, run, force=False):
    """Writes a dataset in memory (as build() returns it, strategy as text) to path, in the
    format its name says. For small datasets and tests; the command streams."""
    kind = "play" if "play_index" in data else "discard"
    table = list(dict.fromkeys(list(strategy_table(run)) +
                               np.asarray(data["strategy"]).astype(str).tolist()))
    coded = dict(data)
    coded["strategy"] = np.array([table.index(s) for s in np.asarray(data["strategy"]).astype(
        str)], dtype=np.uint8) if len(data["strategy"]) else np.zeros(0, np.uint8)
    meta = {"kind": kind, "format_version": FORMAT_VERSION, "source": run.path,
            "source_git_commit": str(run.attrs.get("git_commit", "unknown"))}
    check_output(path, kind, force)
    return write_stream(path, kind, [_typed(kind, coded)], table, meta, force)


def to_frame(data):
    """The dataset as a DataFrame with array columns flattened to name_0, name_1, ..."""
    cols = {}
    for k, v in data.items():
        if v.ndim == 2:
            for j in range(v.shape[1]):
                cols[f"{k}_{j}"] = v[:, j]
        else:
            cols[k] = v
    return pd.DataFrame(cols)


# ---- reading datasets back ----

def read(path, names=True):
    """Reads a dataset written by this module (.npz, .h5, .parquet, a folder of shards, or
    .csv) into a dict of arrays in schema order; `strategy` as text when names, else the
    indices (the table is then under the key `strategies`, except for CSV, which holds the
    text). CSV columns name_j are stacked back into two-dimensional arrays."""
    if os.path.isdir(path):
        parts = [read(p, names) for p in sorted(glob.glob(os.path.join(glob.escape(path),
                                                                       "*-[0-9]*.npz")))]
        if not parts:
            raise ValueError(f"{path}: no .npz shards")
        return {k: (np.concatenate([p[k] for p in parts]) if k != "strategies" else
                    parts[0][k]) for k in parts[0]}
    if path.endswith(".npz"):
        with np.load(path, allow_pickle=False) as z:
            data = {k: z[k] for k in z["schema"]}
            table = z["strategies"].tolist() if "strategies" in z.files else None
    elif path.endswith(".h5"):
        with h5py.File(path, "r") as f:
            data = {k: f[k][...] for k in f.attrs["schema"]}
            table = [s.decode() if isinstance(s, bytes) else s for s in f["strategies"][...]]
    elif path.endswith(".parquet"):
        data, table = _read_parquet(path)
    else:
        return _read_csv(path)
    if table is None:  # a dataset of format 1: the strategy as text already
        return data
    if names:
        return decode(data, table)
    data["strategies"] = np.array(table)
    return data


def _read_parquet(path):
    """The columns of a Parquet dataset as numpy arrays of the schema's types (array columns
    two-dimensional) and its strategy table."""
    _, pq = _pyarrow()
    t = pq.read_table(path)
    meta = {k.decode(): v.decode() for k, v in (t.schema.metadata or {}).items()}
    data = {}
    for name in json.loads(meta["schema"]):
        col = t.column(name).combine_chunks()
        if hasattr(col.type, "list_size"):
            data[name] = col.flatten().to_numpy().reshape(len(col), col.type.list_size)
        else:
            data[name] = col.to_numpy()
    return data, json.loads(meta["strategies"])


def _read_csv(path):
    frame = pd.read_csv(path)
    columns_ = list(frame.columns)
    data = {}
    for col in columns_:
        m = re.fullmatch(r"(.+)_(\d+)", col)
        if m and f"{m.group(1)}_0" in columns_:
            base = m.group(1)
            if base not in data:
                width = 0
                while f"{base}_{width}" in columns_:
                    width += 1
                data[base] = frame[[f"{base}_{j}" for j in range(width)]].to_numpy()
        else:
            data[col] = frame[col].to_numpy()
    return data


# ---- the command ----

def parse_games(text):
    """(first, stop) game indices from "A:B", "A:" or ":B" (half-open: A <= game < B)."""
    m = re.fullmatch(r"\s*(\d*)\s*:\s*(\d*)\s*", text or "")
    if not m or not (m.group(1) or m.group(2)):
        raise cliio.BadInput(f"--games {text!r}: give a range A:B of game indices (A <= game "
                             "< B; A: or :B leave a side open)")
    first = int(m.group(1)) if m.group(1) else None
    stop = int(m.group(2)) if m.group(2) else None
    if first is not None and stop is not None and stop <= first:
        raise cliio.BadInput(f"--games {text}: the range is empty ({stop} is not above "
                             f"{first})")
    return first, stop


def _positive(name):
    def parse(text):
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} {text!r} is not a whole number")
        if v < 1:
            raise argparse.ArgumentTypeError(f"{name} {text!r} is not a positive number")
        return v
    return parse


def _terminated(signum, frame):
    raise SystemExit(128 + signum)


@cliio.tool("dataset.py")
def main(argv=None):
    p = argparse.ArgumentParser(
        description="Export one row per decision (discard or play) from a cribsim run file "
        "that records deals, streaming in chunks of games (memory does not grow with the "
        "file).")
    p.add_argument("file", metavar="FILE.h5")
    p.add_argument("--kind", choices=("discard", "play"), required=True)
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="X.h5 (chunked HDF5), X.npz (one file), X.csv, X.parquet, or an "
                   "existing folder (ending in /) for .npz shards of --shard-rows rows")
    p.add_argument("--format", choices=FORMATS, help="the output's format (default: the one "
                   "OUT's name says); parquet needs pyarrow (the extra cribsim[parquet])")
    p.add_argument("--strategy", help="keep only the decisions of this strategy "
                   "(a specification from the lineup)")
    p.add_argument("--games", metavar="A:B", help="only the games with indices A <= game < B "
                   "(A: or :B leave a side open); datasets of A:B and B:C joined are A:C")
    p.add_argument("--max-games", type=_positive("--max-games"), metavar="N",
                   help="use only the first N complete games (of the range)")
    p.add_argument("--chunk-games", type=_positive("--chunk-games"), metavar="N",
                   default=DEFAULT_CHUNK_GAMES,
                   help=f"games read and converted at a time (default {DEFAULT_CHUNK_GAMES}); "
                   "memory is proportional to it")
    p.add_argument("--shard-rows", type=_positive("--shard-rows"), metavar="N",
                   default=DEFAULT_SHARD_ROWS,
                   help=f"rows per .npz shard with a folder output (default "
                   f"{DEFAULT_SHARD_ROWS})")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists")
    args = p.parse_args(argv)
    # A run stopped by SIGTERM (a scheduler's time limit) unwinds like an error: the writer
    # removes its temporary file or spool, and nothing is left under the output's name.
    signal.signal(signal.SIGTERM, _terminated)
    games = parse_games(args.games) if args.games is not None else (None, None)
    check_output(args.output, args.kind, args.force, args.format)  # before the work
    with cliio.reading(args.file):
        source = Source(args.file, games, args.max_games, args.chunk_games)
        table = strategy_table(source.run)
        if args.strategy is not None and args.strategy not in table:
            raise cliio.BadInput(f"{args.file}: no seat was played by '{args.strategy}' "
                                 f"(lineup: {', '.join(source.run.seats)})")
        meta = _meta(source, args.kind, args.strategy, args.games)
        rows = write_stream(args.output, args.kind, iter_rows(source, args.kind, args.strategy),
                            table, meta, args.force, args.shard_rows, args.format)
    print(cliio.printable(f"wrote {rows} {args.kind} rows of {source.n_games} games to "
                          f"{os.path.abspath(args.output)}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""cribsim's HDF5 files as pandas DataFrames, for your own analysis.

    import cribsim                                   # pip install . (README.md)
    g = cribsim.games("run.h5")                      # one row per game
    g.groupby("first_dealer")["winner"].value_counts(normalize=True)
    p = cribsim.plays("run.h5")                      # one row per card played (needs /deals)

Run files (written by `cribsim run`, `cribsim match -o`):

- games(path, long=False): one row per complete game: game, first_dealer, deals, winner (a
  side, -1 for a tie), lurch, rotation, card_game, and per seat s (0 to players-1) score_s,
  peg_s, hand_s, crib_s, heels_s, bonus_s, skunk_s, strategy_s (the lineup entry that sat
  there) and result_s (1 a win, 0 a loss, shared in a tie). long=True gives one row per game
  and seat instead, with a `seat` and a `side` column and those fields without the suffix.
- deals(path): one row per deal of the complete games: game, deal, dealer, starter,
  crib_extra, n_plays, crib, heels, ended, per seat peg_s, hand_s, score_s, bonus_s, and the
  cards as codes (dealt_s_k, discard_s_k) and as text (dealt_s, discard_s, e.g. "5H JS"). None
  when the file has no /deals.
- plays(path): one row per card played: game, deal, order (0 first), seat, card (code),
  card_text, points (pegged by that card).
- iter_games(path, chunk_rows=65536, long=False), iter_deals(...), iter_plays(...): the same
  frames chunk by chunk, for files too large for memory.
- rules(path): the rules as a dict (the omitted ones with the engine's two-player defaults);
  provenance(path): every root attribute as a dict (seed, versions, command line, ...).

Event files (events played by the event runner: /events, /standings, /games) are read by
their field names, whatever the fields are: events(path), standings(path), event_games(path),
and table(path, name) for any table; array fields are flattened to name_0, name_1, ...;
text fields decoded. A field the reader does not know is passed through.

Every function raises cribsim.CribsimFileError (defined in runfile.py), naming the file, for a
file it cannot read; run files are checked as the report checks them (card codes, seats,
winners, rules).
"""

import h5py
import numpy as np
import pandas as pd

from . import cards
from . import runfile
from .runfile import CribsimFileError

__all__ = ["games", "deals", "plays", "iter_games", "iter_deals", "iter_plays", "rules",
           "provenance", "events", "standings", "event_games", "table", "CribsimFileError"]

SEAT_FIELDS = ("score", "peg", "hand", "crib", "heels", "bonus", "skunk")


def rules(path):
    """The rules of a run file as a dict."""
    return dict(runfile.open_run(path, deals=False).rules)


def provenance(path):
    """Every root attribute of a run file as a dict of Python values (the rules as text)."""
    return dict(runfile.open_run(path, deals=False).attrs)


def _games_frame(part, long):
    run = part
    n = run.players
    g = run.games
    res = run.side_results()
    side = np.asarray(run.side_of_seat(np.arange(n)))
    entry = run.seat_entry()
    base = {"game": g["game"].astype(np.int64), "first_dealer": g["first_dealer"],
            "deals": g["deals"], "winner": g["winner"], "lurch": g["lurch"],
            "rotation": run.rotation, "card_game": run.card_group}
    seats = np.array(run.seats, dtype=object)
    if not long:
        cols = dict(base)
        for s in range(n):
            for f in SEAT_FIELDS:
                cols[f"{f}_{s}"] = g[f][:, s]
            cols[f"strategy_{s}"] = seats[entry[:, s]]
            cols[f"result_{s}"] = res[:, side[s]]
        return pd.DataFrame(cols)
    count = len(g)
    cols = {k: np.repeat(np.asarray(v), n) for k, v in base.items()}
    cols["seat"] = np.tile(np.arange(n), count)
    cols["side"] = np.tile(side, count)
    for f in SEAT_FIELDS:
        cols[f] = g[f][:, :n].ravel()
    cols["strategy"] = seats[entry].ravel()
    cols["result"] = res[:, side].ravel()
    return pd.DataFrame(cols)


def iter_games(path, chunk_rows=None, long=False):
    """games() chunk by chunk: a DataFrame of at most chunk_rows games at a time."""
    run = runfile.open_run(path, deals=False, chunk_rows=chunk_rows)
    for part in run.chunks(deals=False):
        yield _games_frame(part, long)


def games(path, long=False):
    """One row per complete game (wide, or long: one row per game and seat)."""
    frames = list(iter_games(path, long=long))
    return pd.concat(frames, ignore_index=True)


def _deals_frame(part):
    run = part
    d = run.deals
    n = run.players
    dealt_n, disc_n = int(run.rules["cards_dealt"]), int(run.rules["discards"])
    cols = {k: d[k] for k in ("game", "deal", "dealer", "starter", "crib_extra", "n_plays",
                              "crib", "heels", "ended")}
    cols["game"] = d["game"].astype(np.int64)
    cols["starter_text"] = [cards.card_text(c) for c in d["starter"].tolist()]
    for s in range(n):
        for f in ("peg", "hand", "score", "bonus"):
            if f in d.dtype.names:
                cols[f"{f}_{s}"] = d[f][:, s]
        for f, width in (("dealt", dealt_n), ("discard", disc_n)):
            codes = d[f][:, s, :width]
            for k in range(width):
                cols[f"{f}_{s}_{k}"] = codes[:, k]
            cols[f"{f}_{s}"] = [cards.cards_text(row) for row in codes.tolist()]
    return pd.DataFrame(cols)


def iter_deals(path, chunk_rows=None):
    """deals() chunk by chunk (the deals of about chunk_rows / 8 games at a time)."""
    run = runfile.open_run(path, chunk_rows=chunk_rows)
    if not run.has_deals:
        return
    for part in run.chunks():
        yield _deals_frame(part)


def deals(path):
    """One row per deal of the complete games; None when the file has no /deals."""
    frames = list(iter_deals(path))
    return pd.concat(frames, ignore_index=True) if frames else None


def _plays_frame(part):
    d = part.deals
    n_plays = d["n_plays"].astype(np.int64)
    width = d["play_card"].shape[1]
    played = np.arange(width)[None, :] < n_plays[:, None]
    rows, order = np.nonzero(played)
    card = d["play_card"][rows, order]
    return pd.DataFrame({
        "game": d["game"][rows].astype(np.int64), "deal": d["deal"][rows], "order": order,
        "seat": d["play_seat"][rows, order], "card": card,
        "card_text": [cards.card_text(c) for c in card.tolist()],
        "points": d["play_points"][rows, order]})


def iter_plays(path, chunk_rows=None):
    """plays() chunk by chunk."""
    run = runfile.open_run(path, chunk_rows=chunk_rows)
    if not run.has_deals:
        return
    for part in run.chunks():
        yield _plays_frame(part)


def plays(path):
    """One row per card played in the pegging; None when the file has no /deals."""
    frames = list(iter_plays(path))
    return pd.concat(frames, ignore_index=True) if frames else None


# ---- any table, by its field names (event files) ----

def _flat(data):
    cols = {}
    for name in data.dtype.names or ():
        col = data[name]
        if col.dtype.kind in ("S", "O"):
            cols[name] = [v.decode("utf-8", "replace") if isinstance(v, bytes) else v
                          for v in col.tolist()]
        elif col.ndim == 1:
            cols[name] = col
        else:
            flat = col.reshape(len(col), -1)
            for k in range(flat.shape[1]):
                cols[f"{name}_{k}"] = flat[:, k]
    if not data.dtype.names:  # a plain array: one column
        cols["value"] = data.reshape(len(data), -1)[:, 0] if data.ndim else [data[()]]
    return pd.DataFrame(cols)


def table(path, name):
    """The HDF5 table /name of any cribsim file as a DataFrame (array fields flattened, text
    decoded); raises CribsimFileError when the file or the table cannot be read."""
    try:
        with h5py.File(path, "r") as f:
            if name not in f or not isinstance(f[name], h5py.Dataset):
                raise CribsimFileError(f"{path}: no /{name} table")
            data = f[name][()]
    except CribsimFileError:
        raise
    except (OSError, RuntimeError, KeyError, ValueError, TypeError) as e:
        raise CribsimFileError(f"{path}: /{name} cannot be read ({e})")
    return _flat(np.atleast_1d(data))


def events(path):
    """An event file's /events table."""
    return table(path, "events")


def standings(path):
    """An event file's /standings table (one row per entrant and event)."""
    return table(path, "standings")


def event_games(path):
    """An event file's /games table (one row per game played in the events)."""
    return table(path, "games")

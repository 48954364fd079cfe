"""Loading cribsim run files for the analysis tools.

A run file is the HDF5 file `cribsim run` writes (its layout: experiments/io/h5io.h): a /games
table, an optional /deals table and root attributes saying what experiment made it. load() opens one, checks that it is a
cribsim run file (a missing, foreign, damaged or truncated file raises CribsimFileError with a
message naming the file; the scripts turn that into exit status 2), reads the complete games
(rows up to `games_completed`, never more: rows past it can exist after a crash) and their
deals, and returns a Run.

Seats, sides and the lineup. The `seats` attribute lists the lineup: one strategy
specification per seat, in order. Without duplicate play, lineup entry i sits at seat i in
every game. With duplicate play the runner adds a `rotation` field to /games: in rotation r,
seat s is played by lineup entry (s + r) mod players (the file's `rotation_scheme` attribute
says so in words, and load() refuses a file that states another scheme). A missing `rotation`
field means rotation 0 everywhere. A side is what wins a game: each seat for itself, or with
partners the team of seats 0+2 (side 0) against 1+3 (side 1); /games `winner` is a side and
`score` is the side's score, repeated on each of its seats.

Results per side: 1 for the winner, 0 for the others; in a tie (winner -1) the sides with the
top score share the win equally (one half each between two sides), the others score 0.
"""

import json
import math
import os

import h5py
import numpy as np
import pandas as pd

SUPPORTED_SCHEMA_VERSIONS = (1,)
NO_CARD = 255
MAX_PLAYERS = 4

REQUIRED_ATTRIBUTES = ("schema_version", "rules", "seats", "seed", "games_requested",
                       "games_completed")
GAMES_FIELDS = ("game", "first_dealer", "deals", "winner", "score", "peg", "hand", "crib",
                "heels", "bonus", "skunk", "lurch")
DEALS_FIELDS = ("game", "deal", "dealer", "dealt", "crib_extra", "discard", "starter", "n_plays",
                "play_seat", "play_card", "play_points", "peg", "hand", "crib", "heels", "score",
                "ended")
ROTATION_SCHEME = "seat s is played by seats[(s + rotation) % players]"

# Rules a file may omit, with the engine's two-player defaults (rules.h).
RULE_DEFAULTS = {
    "players": 2, "partnership": False, "cards_dealt": 6, "discards": 2, "crib_from_deck": 0,
    "target": 121, "max_deals": 0, "single_series": False, "start_bonus": 0,
    "hand_flush_min": 4, "crib_flush_min": 5, "heels": 2, "skunk_line": 91,
    "double_skunk_line": 61, "triple_skunk_line": 31, "lurch_line": 91, "first_dealer": "cut",
    "next_dealer": "loser", "skunk_margin": 0, "double_skunk_margin": 0, "muggins": False,
    "renege_penalty": 0,
}


class CribsimFileError(Exception):
    """A file that cannot be analysed: missing, not HDF5, not a cribsim run file, truncated,
    or of a schema this code does not know. The message names the file and the reason."""


def _decode(value):
    """An HDF5 attribute as a plain Python value (str, int, float, or a list of them)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, np.ndarray):
        if value.shape == ():
            return _decode(value[()])
        return [_decode(v) for v in value.tolist()]
    if isinstance(value, np.generic):
        return value.item()
    return value


def parse_seats(value, path="file"):
    """The lineup from a `seats` attribute: an array of strings, a JSON list of strings, or a
    comma-separated string. In the comma form a piece holding '=' but no ':' continues the
    previous specification's parameter list ("expected:a=1,b=2,random" is two seats)."""
    if isinstance(value, list):
        seats = [str(v).strip() for v in value]
    elif isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                seats = json.loads(text)
            except json.JSONDecodeError as e:
                raise CribsimFileError(f"{path}: attribute 'seats' is not a JSON list: {e}")
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise CribsimFileError(f"{path}: attribute 'seats' is not a list of strings")
            seats = [s.strip() for s in seats]
        else:
            seats = []
            for piece in text.split(","):
                piece = piece.strip()
                if seats and "=" in piece and ":" not in piece:
                    seats[-1] += "," + piece
                else:
                    seats.append(piece)
    else:
        raise CribsimFileError(f"{path}: attribute 'seats' is neither text nor a list of text")
    if not 1 <= len(seats) <= MAX_PLAYERS or any(s == "" for s in seats):
        raise CribsimFileError(f"{path}: attribute 'seats' does not list 1 to 4 strategies: "
                               f"{value!r}")
    return seats


def parse_rules(text, path="file"):
    """The rules dict from the `rules` attribute (JSON text), with defaults for omitted keys."""
    try:
        given = json.loads(text)
    except (TypeError, json.JSONDecodeError) as e:
        raise CribsimFileError(f"{path}: attribute 'rules' is not JSON text: {e}")
    if not isinstance(given, dict) or "players" not in given:
        raise CribsimFileError(f"{path}: attribute 'rules' is not a rules object with 'players'")
    rules = dict(RULE_DEFAULTS)
    rules.update(given)
    if rules["players"] not in (2, 3, 4):
        raise CribsimFileError(f"{path}: rules say {rules['players']} players (2 to 4 expected)")
    if rules["partnership"] and rules["players"] != 4:
        raise CribsimFileError(f"{path}: rules say partnership with {rules['players']} players")
    check_rules(rules, path)
    return rules


# The rules' numeric fields and the values they may take (inclusive bounds).
RULE_RANGES = {
    "players": (2, 4), "cards_dealt": (1, 6), "discards": (0, 2), "crib_from_deck": (0, 1),
    "target": (1, 10000), "max_deals": (0, 65535), "start_bonus": (0, 10000),
    "hand_flush_min": (0, 5), "crib_flush_min": (0, 5), "heels": (0, 10000),
    "skunk_line": (0, 10000), "double_skunk_line": (0, 10000),
    "triple_skunk_line": (0, 10000), "lurch_line": (0, 10000),
}


def check_rules(rules, path="file"):
    """Raises CribsimFileError naming the file unless every rule the analysis uses has a
    value of the right type and range (the `rules` attribute is data from outside)."""
    def bad(key, why):
        raise CribsimFileError(f"{path}: rules field '{key}' {why}: {rules[key]!r}")
    for key, (lo, hi) in RULE_RANGES.items():
        v = rules[key]
        if isinstance(v, bool) or not isinstance(v, int):
            bad(key, "is not an integer")
        if not lo <= v <= hi:
            bad(key, f"is not in {lo}..{hi}")
    for key in ("partnership", "single_series"):
        if not isinstance(rules[key], bool) and rules[key] not in (0, 1):
            bad(key, "is not true or false")
    if rules["discards"] > rules["cards_dealt"]:
        bad("discards", "exceeds cards_dealt")
    fd = rules["first_dealer"]
    if fd != "cut" and (isinstance(fd, bool) or not isinstance(fd, int)
                        or not 0 <= fd < rules["players"]):
        bad("first_dealer", "is neither 'cut' nor a seat")
    if rules["next_dealer"] not in ("alternate", "loser", "cut"):
        bad("next_dealer", "is not 'alternate', 'loser' or 'cut'")


def check_games(path, games, players, n_sides):
    """Raises CribsimFileError naming the file when a /games row holds a value no game can
    have: a first dealer or rotation that is not a seat, a winner that is not a side (or -1
    for a tie), a skunk level above 3, a lurch flag other than 0/1, or a negative
    score of a side."""
    if len(games) == 0:
        return
    def bad(field, values, what):
        i = int(np.flatnonzero(values)[0])
        raise CribsimFileError(f"{path}: /games row of game {int(games['game'][i])} has "
                               f"{field} {games[field][i].tolist()!r}, {what}")
    fd = games["first_dealer"].astype(np.int64)
    if np.any(fd >= players):
        bad("first_dealer", fd >= players, f"not a seat of {players}")
    w = games["winner"].astype(np.int64)
    if np.any((w < -1) | (w >= n_sides)):
        bad("winner", (w < -1) | (w >= n_sides), f"not a side of {n_sides} (or -1)")
    sk = games["skunk"][:, :players].astype(np.int64)
    if np.any((sk < 0) | (sk > 3)):
        bad("skunk", np.any((sk < 0) | (sk > 3), axis=1), "a skunk level is not 0 to 3")
    lu = games["lurch"].astype(np.int64)
    if np.any((lu < 0) | (lu > 1)):
        bad("lurch", (lu < 0) | (lu > 1), "not 0 or 1")
    sc = games["score"][:, :n_sides].astype(np.int64)
    if np.any(sc < 0):
        bad("score", np.any(sc < 0, axis=1), "a negative score")


def check_deals(path, deals, rules):
    """Raises CribsimFileError naming the file when a /deals row holds a card code that is
    not a card (0 to 51) where the rules deal one, a card dealt twice in a deal, a dealer or
    a player of a card that is not a seat, or more plays than the table holds."""
    if deals is None or len(deals) == 0:
        return
    n = int(rules["players"])
    dealt_n, disc_n = int(rules["cards_dealt"]), int(rules["discards"])
    def bad(i, what):
        raise CribsimFileError(f"{path}: /deals row of game {int(deals['game'][i])} deal "
                               f"{int(deals['deal'][i])}: {what}")
    def first(mask):
        return int(np.flatnonzero(mask)[0])
    dealt = deals["dealt"]
    disc = deals["discard"]
    if dealt.ndim != 3 or dealt.shape[1] < n or dealt.shape[2] < dealt_n or \
            disc.ndim != 3 or disc.shape[1] < n or disc.shape[2] < disc_n:
        raise CribsimFileError(f"{path}: /deals card fields are too small for the rules")
    dealt = dealt[:, :n, :dealt_n].reshape(len(deals), -1).astype(np.int64)
    disc = disc[:, :n, :disc_n].reshape(len(deals), -1).astype(np.int64)
    starter = deals["starter"].astype(np.int64)
    parts = [dealt, starter[:, None]]
    if int(rules["crib_from_deck"]):
        parts.append(deals["crib_extra"].astype(np.int64)[:, None])
    for name, v in (("dealt", dealt), ("discard", disc), ("starter or crib card",
                                                          np.concatenate(parts[1:], axis=1))):
        wrong = np.any((v < 0) | (v > 51), axis=1)
        if np.any(wrong):
            bad(first(wrong), f"a {name} card code is not a card (0 to 51)")
    cards_ = np.sort(np.concatenate(parts, axis=1), axis=1)
    twice = np.any(cards_[:, 1:] == cards_[:, :-1], axis=1)
    if np.any(twice):
        bad(first(twice), "a card is dealt twice")
    dealer = deals["dealer"].astype(np.int64)
    if np.any(dealer >= n):
        bad(first(dealer >= n), f"dealer {int(dealer[first(dealer >= n)])} is not a seat")
    n_plays = deals["n_plays"].astype(np.int64)
    width = deals["play_card"].shape[1]
    if np.any(n_plays > width):
        bad(first(n_plays > width), f"{width} plays at most, the row says more")
    played = np.arange(width)[None, :] < n_plays[:, None]
    pc = deals["play_card"].astype(np.int64)
    ps = deals["play_seat"].astype(np.int64)
    wrong = np.any(played & (pc > 51), axis=1)
    if np.any(wrong):
        bad(first(wrong), "a played card code is not a card (0 to 51)")
    wrong = np.any(played & (ps >= n), axis=1)
    if np.any(wrong):
        bad(first(wrong), "a card is played by a seat that is not at the table")


def describe_rules(rules):
    """A short text naming a rule variant, e.g. "2 players, 6 cards, 121" or
    "4 players as partners, 5 cards, 121 or 4 deals"."""
    who = f"{rules['players']} players" + (" as partners" if rules["partnership"] else "")
    text = f"{who}, {rules['cards_dealt']} cards, {rules['target']}"
    if rules.get("max_deals"):
        text += f" or {rules['max_deals']} deals"
    if rules.get("single_series"):
        text += ", one series"
    return text


def _check_fields(path, table, names, dataset):
    have = dataset.dtype.names or ()
    for name in names:
        if name not in have:
            raise CribsimFileError(f"{path} is not a cribsim run file (/{table} has no field "
                                   f"'{name}')")


class Run:
    """One run file in memory.

    Attributes: path, label (the spec's arm name, else the file's name without .h5), attrs (every root attribute as
    Python values), rules (dict), seats (the lineup, list of specifications), players,
    partnership, n_sides, rotations, games (numpy structured array of the complete games) and
    deals (structured array of their deals, or None when the file has no /deals).
    """

    def __init__(self, path, attrs, rules, seats, games, deals):
        self.path = path
        # An arm of a spec is named by the spec; another file by its name without .h5.
        arm = attrs.get("arm")
        self.label = arm if isinstance(arm, str) and arm else \
            os.path.splitext(os.path.basename(path))[0]
        self.attrs = attrs
        self.rules = rules
        self.seats = seats
        self.players = int(rules["players"])
        self.partnership = bool(rules["partnership"])
        self.n_sides = 2 if self.partnership else self.players
        self.games = games
        self.deals = deals
        self.cache = {}  # figures computed once per run (metrics.py)
        self.has_rotation = "rotation" in (games.dtype.names or ())
        if len(seats) != self.players:
            raise CribsimFileError(f"{path}: {len(seats)} seats listed for {self.players} "
                                   "players")
        rot = self.rotation
        if rot.size and int(rot.max()) >= self.players:
            raise CribsimFileError(f"{path}: /games rotation {int(rot.max())} is not below the "
                                   f"{self.players} players")
        self.rotations = int(attrs.get("rotations", int(rot.max()) + 1 if rot.size else 1))

    @property
    def has_deals(self):
        """Whether the run has /deals (read or to be read)."""
        return self.deals is not None

    def chunks(self, chunk_rows=None):
        """The run in pieces of at most chunk_rows games (chunk_size() when None), each a Run
        holding those games and their deals; the whole-file answer of every figure is the
        combination of its pieces' (metrics.py). A run in memory is cut in slices."""
        size = chunk_size(chunk_rows)
        deal_games = self.deals["game"] if self.deals is not None else None
        a = 0
        for lo in range(0, max(self.n_games, 1), size):
            games = self.games[lo:lo + size]
            deals = None
            if deal_games is not None:
                b = (int(np.searchsorted(deal_games, games["game"][-1], side="right"))
                     if len(games) else a)
                deals = self.deals[a:b]
                a = b
            yield self.piece(games, deals)

    def read_games(self, lo, hi):
        """A Run of the games in rows lo .. hi-1 (without deals)."""
        return self.piece(self.games[lo:hi], None)

    def piece(self, games, deals):
        """A Run of some of this run's games (a chunk), with this run's names and rotations."""
        part = Run(self.path, self.attrs, self.rules, self.seats, games, deals)
        part.label = self.label
        part.rotations = self.rotations
        return part

    # ---- seats, sides and the lineup ----

    @property
    def n_games(self):
        return len(self.games)

    @property
    def rotation(self):
        """(games,) lineup rotation of each game (0 when the file has no rotation field)."""
        if self.has_rotation:
            return self.games["rotation"].astype(np.int64)
        return np.zeros(len(self.games), dtype=np.int64)

    @property
    def card_group(self):
        """(games,) the game index whose cards each game was dealt: games with equal values
        were played with the same cards (duplicate deals). Without the runner's `card_game`
        field, every game is its own group."""
        if "card_game" in (self.games.dtype.names or ()):
            return self.games["card_game"].astype(np.int64)
        return self.games["game"].astype(np.int64)

    def side_of_seat(self, seat):
        """The side a seat plays for (works on arrays too)."""
        return np.asarray(seat) % 2 if self.partnership else np.asarray(seat)

    def seat_entry(self):
        """(games, players) the lineup entry that played each seat: (seat + rotation) mod n."""
        seats = np.arange(self.players)
        return (seats[None, :] + self.rotation[:, None]) % self.players

    def entry_seat(self):
        """(games, players) the seat where each lineup entry sat: (entry - rotation) mod n."""
        entries = np.arange(self.players)
        return (entries[None, :] - self.rotation[:, None]) % self.players

    def entry_side(self):
        """(games, players) the side each lineup entry played for."""
        return self.side_of_seat(self.entry_seat())

    def side_seats(self, side):
        """The seats of one side."""
        return [s for s in range(self.players) if int(self.side_of_seat(s)) == side]

    def side_scores(self):
        """(games, n_sides) final score of each side."""
        return self.games["score"][:, :self.n_sides].astype(np.int64)

    def side_results(self):
        """(games, n_sides) result of each side: 1 win, 0 loss, 1/k for the k sides sharing
        the top score in a tie."""
        winner = self.games["winner"].astype(np.int64)
        scores = self.side_scores()
        res = np.zeros((self.n_games, self.n_sides))
        won = winner >= 0
        res[np.flatnonzero(won), winner[won]] = 1.0
        tied = np.flatnonzero(~won)
        if tied.size:
            top = scores[tied] == scores[tied].max(axis=1, keepdims=True)
            res[tied] = top / top.sum(axis=1, keepdims=True)
        return res

    def entry_results(self):
        """(games, players) the result of each lineup entry's side."""
        return np.take_along_axis(self.side_results(), self.entry_side(), axis=1)

    def strategy_names(self):
        """The distinct strategies of the lineup, in order of first appearance."""
        return list(dict.fromkeys(self.seats))

    def strategy_games(self, name):
        """Per-game view of one strategy against the rest: (share, result, counted), arrays
        over games. share is the fraction of sides on which the strategy sits (its fair share
        of wins if every strategy were equal), result the wins of those sides (ties shared),
        counted False where the strategy sits on every side (self-play: nothing to learn)."""
        on_side = np.zeros((self.n_games, self.n_sides), dtype=bool)
        sides = self.entry_side()
        for i, spec in enumerate(self.seats):
            if spec == name:
                on_side[np.arange(self.n_games), sides[:, i]] = True
        k = on_side.sum(axis=1)
        result = (self.side_results() * on_side).sum(axis=1)
        counted = (k > 0) & (k < self.n_sides)
        return k / self.n_sides, result, counted

    # ---- frames ----

    def games_frame(self):
        """/games as a pandas DataFrame: array fields flattened to name_0 .. name_3 (seats
        past the players dropped), plus `rotation` (0 if absent) and `strategy_<seat>`."""
        return _frame(self.games, self.players, extra={
            "rotation": self.rotation,
            **{f"strategy_{s}": np.array(self.seats, dtype=object)[self.seat_entry()[:, s]]
               for s in range(self.players)},
        })

    def deals_frame(self):
        """/deals as a pandas DataFrame with array fields flattened (dealt_<seat>_<k>,
        discard_<seat>_<k>, play_card_<k>, ...); None when the file has no /deals."""
        if self.deals is None:
            return None
        return _frame(self.deals, self.players)

    def attributes_frame(self):
        """The root attributes as a two-column DataFrame (name, value)."""
        return pd.DataFrame({"name": list(self.attrs),
                             "value": [_attr_text(v) for v in self.attrs.values()]})

    def describe(self):
        """One line naming the run: label, rules, lineup, games."""
        return (f"{self.label}: {describe_rules(self.rules)}; lineup {', '.join(self.seats)}; "
                f"{self.n_games} games")


def _attr_text(v):
    return json.dumps(v) if isinstance(v, list) else str(v)


def _frame(table, players, extra=None):
    cols = {}
    for name in table.dtype.names:
        col = table[name]
        if col.ndim == 1:
            cols[name] = col
        elif col.ndim == 2:
            width = players if col.shape[1] == MAX_PLAYERS else col.shape[1]
            for k in range(width):
                cols[f"{name}_{k}"] = col[:, k]
        else:
            for s in range(min(players, col.shape[1])):
                for k in range(col.shape[2]):
                    cols[f"{name}_{s}_{k}"] = col[:, s, k]
    if extra:
        cols.update(extra)
    return pd.DataFrame(cols)


def load(path, deals=True, max_games=None):
    """Opens the run file at path and returns a Run with its complete games (and, when
    `deals` and the file has /deals, their deals); with max_games, only the first that many.
    Raises CribsimFileError naming the file for anything that makes it unusable."""
    if not os.path.exists(path):
        raise CribsimFileError(f"{path}: no such file")
    if os.path.isdir(path):
        raise CribsimFileError(f"{path} is a directory, not a cribsim run file")
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        raise CribsimFileError(f"{path} is not an HDF5 file, or is truncated or damaged "
                               f"({_reason(e)})")
    try:
        with f:
            return _read(f, path, deals, max_games)
    except CribsimFileError:
        raise
    except (OSError, KeyError, ValueError, TypeError) as e:
        raise CribsimFileError(f"{path} could not be read as a cribsim run file (truncated or "
                               f"damaged?): {_reason(e)}")


def _reason(e):
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _header(f, path):
    """(attrs, rules, seats, games_completed) of an open file, checked."""
    for name in REQUIRED_ATTRIBUTES:
        if name not in f.attrs:
            raise CribsimFileError(f"{path} is not a cribsim run file (no attribute '{name}')")
    if "games" not in f or not isinstance(f["games"], h5py.Dataset):
        raise CribsimFileError(f"{path} is not a cribsim run file (no /games table)")
    attrs = {k: _decode(v) for k, v in f.attrs.items()}
    version = attrs["schema_version"]
    if not isinstance(version, int) or version not in SUPPORTED_SCHEMA_VERSIONS:
        raise CribsimFileError(f"{path}: schema_version {version!r} is not one this analysis "
                               f"reads ({', '.join(map(str, SUPPORTED_SCHEMA_VERSIONS))})")
    scheme = attrs.get("rotation_scheme")
    if scheme is not None and scheme != ROTATION_SCHEME:
        raise CribsimFileError(f"{path}: unknown rotation_scheme {scheme!r} (this analysis "
                               f"knows {ROTATION_SCHEME!r})")
    rules = parse_rules(attrs["rules"], path)
    seats = parse_seats(attrs["seats"], path)
    completed = attrs["games_completed"]
    if not isinstance(completed, int) or completed < 0:
        raise CribsimFileError(f"{path}: attribute 'games_completed' is not a count")
    gset = f["games"]
    _check_fields(path, "games", GAMES_FIELDS, gset)
    if gset.ndim != 1 or completed > gset.shape[0]:
        raise CribsimFileError(f"{path} is truncated: games_completed is {completed} but /games "
                               f"holds {gset.shape[0] if gset.ndim == 1 else 0} rows")
    return attrs, rules, seats, completed


def _read(f, path, want_deals, max_games=None):
    attrs, rules, seats, completed = _header(f, path)
    gset = f["games"]
    if max_games is not None:
        completed = min(completed, max(0, int(max_games)))
    games = gset[:completed]
    if completed and np.any(np.diff(games["game"].astype(np.int64)) <= 0):
        raise CribsimFileError(f"{path}: /games rows are not in increasing game order")
    n_sides = 2 if rules["partnership"] else int(rules["players"])
    check_games(path, games, int(rules["players"]), n_sides)

    deals = None
    if want_deals and "deals" in f:
        dset = f["deals"]
        _check_fields(path, "deals", DEALS_FIELDS, dset)
        if completed == 0:
            deals = dset[:0]
        else:
            # Deals are in game order: keep those of the complete games only.
            game_col = dset.fields("game")[:]
            first, last = int(games["game"][0]), int(games["game"][-1])
            lo = int(np.searchsorted(game_col, first, side="left"))
            hi = int(np.searchsorted(game_col, last, side="right"))
            deals = dset[lo:hi]
            if np.any(np.diff(deals["game"].astype(np.int64)) < 0):
                raise CribsimFileError(f"{path}: /deals rows are not in game order")
            check_deals(path, deals, rules)
    run = Run(path, attrs, rules, seats, games, deals)
    return run


# ---- streaming: a run file read chunk by chunk ----

DEFAULT_CHUNK_ROWS = 65536  # four /games chunks of the runner (16384 rows each)
DEALS_PER_GAME = 8  # with /deals, a chunk holds chunk_rows / 8 games (a game has ~9 deals)
CHUNK_ENV = "CRIBSIM_CHUNK_ROWS"
READ_BLOCK = 4096  # /games rows RunFile.read_games() reads at once for smaller ranges


def chunk_size(chunk_rows=None):
    """The rows per chunk: chunk_rows when given, else the environment variable
    CRIBSIM_CHUNK_ROWS, else 65536. A chunk holds that many games, or with /deals that many
    divided by 8 (about as many deal rows). The analysis's memory is proportional to it and
    does not depend on the file's size."""
    if chunk_rows is None:
        text = os.environ.get(CHUNK_ENV)
        if text:
            try:
                chunk_rows = int(text)
            except ValueError:
                raise CribsimFileError(f"{CHUNK_ENV}={text!r} is not a number of games")
        else:
            chunk_rows = DEFAULT_CHUNK_ROWS
    if int(chunk_rows) < 1:
        raise CribsimFileError(f"chunk size {chunk_rows} is not a positive number of games")
    return int(chunk_rows)


class RunFile(Run):
    """A run file opened for streaming: the attributes, rules and lineup in memory, the
    games and deals read chunk by chunk by chunks() (games and deals are None here). Every
    chunk is checked as it is read (game order, and check_games() / check_deals()), so a
    damaged row anywhere stops the analysis with a CribsimFileError naming the file."""

    def __init__(self, path, attrs, rules, seats, completed, dtype, want_deals, deal_rows,
                 chunk_rows=None):
        self.path = path
        arm = attrs.get("arm")
        self.label = arm if isinstance(arm, str) and arm else \
            os.path.splitext(os.path.basename(path))[0]
        self.attrs = attrs
        self.rules = rules
        self.seats = seats
        self.players = int(rules["players"])
        self.partnership = bool(rules["partnership"])
        self.n_sides = 2 if self.partnership else self.players
        self.games = None
        self.deals = None
        self.cache = {}
        self.completed = completed
        self.has_rotation = "rotation" in (dtype.names or ())
        self._has_deals = want_deals
        self.deal_rows = deal_rows
        self.chunk_rows = chunk_size(chunk_rows)
        if len(seats) != self.players:
            raise CribsimFileError(f"{path}: {len(seats)} seats listed for {self.players} "
                                   "players")
        rotations = attrs.get("rotations")
        if rotations is None:
            top = -1
            for part in self._read(fields=("game", "rotation") if self.has_rotation
                                   else ("game",), deals=False):
                if self.has_rotation and part.n_games:
                    top = max(top, int(part.games["rotation"].max()))
            rotations = top + 1 if top >= 0 else 1
        self.rotations = int(rotations)

    @property
    def n_games(self):
        return self.completed

    @property
    def has_deals(self):
        return self._has_deals

    def chunks(self, chunk_rows=None, deals=True, fields=None):
        """The run's games in chunks of chunk_rows (the run's own size when None), each a Run
        with those games (only `fields` of /games when given) and, unless deals is False,
        their deals."""
        return self._read(chunk_rows, fields, deals and self._has_deals, check=True)

    def read_games(self, lo, hi):
        """A Run of the games in rows lo .. hi-1 (without deals), checked. Small ranges are
        served from a block of READ_BLOCK rows read (and checked) once: HDF5 decompresses a
        whole storage chunk for every read, so reading a few games at a time (matches.py
        with small chunks) would otherwise cost a chunk per read."""
        path = self.path
        hi = min(hi, self.completed)
        block = getattr(self, "_block", None)
        if block is None or lo < block[0] or hi > block[0] + len(block[1]):
            end = hi if hi - lo >= READ_BLOCK else min(lo + READ_BLOCK, self.completed)
            try:
                with h5py.File(path, "r") as f:
                    games = f["games"][lo:end]
            except (OSError, RuntimeError, ValueError, KeyError) as e:
                raise CribsimFileError(f"{path}: /games rows {lo} to {end} cannot be read "
                                       f"(damaged?): {_reason(e)}")
            g = games["game"].astype(np.int64)
            if np.any(np.diff(g) <= 0):
                raise CribsimFileError(f"{path}: /games rows are not in increasing game "
                                       "order")
            check_games(path, games, self.players, self.n_sides)
            block = (lo, games)
            self._block = block if end > hi else None  # a whole chunk is not kept
        games = block[1][lo - block[0]:hi - block[0]]
        part = Run(path, self.attrs, self.rules, self.seats, games, None)
        part.label = self.label
        part.rotations = self.rotations
        return part

    def _read(self, chunk_rows=None, fields=None, deals=True, check=False):
        size = self.chunk_rows if chunk_rows is None else chunk_size(chunk_rows)
        if deals:
            size = max(1, size // DEALS_PER_GAME)  # about as many deal rows as games
        path = self.path
        n_sides = self.n_sides
        try:
            f = h5py.File(path, "r")
        except OSError as e:
            raise CribsimFileError(f"{path} can no longer be read ({_reason(e)})")
        with f:
            gset = f["games"]
            dset = f["deals"] if deals else None
            prev_game = -1
            last_dg = -1
            dpos = 0
            pending = None  # deal rows read past the games of the last chunk
            dblock = max(8192, size * 4)
            for lo in range(0, max(self.completed, 1), size):
                hi = min(lo + size, self.completed)
                try:
                    games = (gset.fields(list(fields))[lo:hi] if fields
                             else gset[lo:hi])
                except (OSError, RuntimeError, ValueError, KeyError) as e:
                    raise CribsimFileError(f"{path}: /games rows {lo} to {hi} cannot be read "
                                           f"(damaged?): {_reason(e)}")
                if len(games):
                    g = games["game"].astype(np.int64)
                    if g[0] <= prev_game or np.any(np.diff(g) <= 0):
                        raise CribsimFileError(f"{path}: /games rows are not in increasing "
                                               "game order")
                    if check and not fields:
                        check_games(path, games, self.players, n_sides)
                part_deals = None
                if dset is not None:
                    last = int(games["game"][-1]) if len(games) else -1
                    first = int(games["game"][0]) if len(games) else 0
                    parts = []
                    while True:
                        if pending is None or not len(pending):
                            if dpos >= self.deal_rows or not len(games):
                                break
                            try:
                                pending = dset[dpos:dpos + dblock]
                            except (OSError, RuntimeError, ValueError, KeyError) as e:
                                raise CribsimFileError(
                                    f"{path}: /deals rows from {dpos} cannot be read "
                                    f"(damaged?): {_reason(e)}")
                            dpos += len(pending)
                            dg = pending["game"].astype(np.int64)
                            if len(dg) and (dg[0] < last_dg or np.any(np.diff(dg) < 0)):
                                raise CribsimFileError(f"{path}: /deals rows are not in game "
                                                       "order")
                            if len(dg):
                                last_dg = int(dg[-1])
                        dg = pending["game"]
                        # Deals before the first complete game are not read (lo == 0 only).
                        a = int(np.searchsorted(dg, first, side="left")) if lo == 0 else 0
                        b = int(np.searchsorted(dg, last, side="right"))
                        if b > a:
                            parts.append(pending[a:b])
                        pending = pending[b:]
                        if len(pending):
                            break
                    part_deals = (np.concatenate(parts) if len(parts) > 1 else parts[0]
                                  if parts else dset[:0])
                    if check:
                        check_deals(path, part_deals, self.rules)
                if len(games):
                    prev_game = int(games["game"][-1])
                part = Run(path, self.attrs, self.rules, self.seats, games, part_deals)
                part.label = self.label
                part.rotations = getattr(self, "rotations", 1)
                yield part


def open_run(path, deals=True, chunk_rows=None):
    """Opens the run file at path for streaming: checks its attributes, rules, lineup and
    tables as load() does and returns a RunFile whose chunks() read the complete games (and
    their deals, when `deals` and the file has them) chunk_rows at a time. Raises
    CribsimFileError naming the file for anything that makes it unusable."""
    if not os.path.exists(path):
        raise CribsimFileError(f"{path}: no such file")
    if os.path.isdir(path):
        raise CribsimFileError(f"{path} is a directory, not a cribsim run file")
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        raise CribsimFileError(f"{path} is not an HDF5 file, or is truncated or damaged "
                               f"({_reason(e)})")
    try:
        with f:
            attrs, rules, seats, completed = _header(f, path)
            gset = f["games"]
            want = bool(deals and "deals" in f)
            deal_rows = 0
            if want:
                dset = f["deals"]
                _check_fields(path, "deals", DEALS_FIELDS, dset)
                if dset.ndim != 1:
                    raise CribsimFileError(f"{path}: /deals is not a table")
                deal_rows = dset.shape[0]
            dtype = gset.dtype
        return RunFile(path, attrs, rules, seats, completed, dtype, want, deal_rows,
                       chunk_rows)
    except CribsimFileError:
        raise
    except (OSError, KeyError, ValueError, TypeError, RuntimeError) as e:
        raise CribsimFileError(f"{path} could not be read as a cribsim run file (truncated or "
                               f"damaged?): {_reason(e)}")


def open_all(paths, deals=True, chunk_rows=None):
    """open_run() for each path, in spec order with unique labels (as load_all())."""
    return _unique_labels(spec_order([open_run(p, deals, chunk_rows) for p in paths]))


def _unique_labels(runs):
    seen = {}
    for run in runs:
        n = seen.get(run.label, 0)
        seen[run.label] = n + 1
        if n:
            run.label = f"{run.label}#{n + 1}"
    return runs


def spec_order(runs):
    """The runs in the order their spec lists them, when every one is an arm of the same
    experiment (root attributes `experiment`, `arm_index`, written by `cribsim run SPEC`);
    otherwise as given. So `report.py ladder/*.h5` compares the arms against the spec's first
    arm, not against the first file name in alphabetical order."""
    keys = [(r.attrs.get("experiment"), r.attrs.get("arm_index")) for r in runs]
    if (len(runs) > 1 and all(isinstance(i, int) for _, i in keys)
            and len({e for e, _ in keys}) == 1 and len({i for _, i in keys}) == len(runs)):
        return sorted(runs, key=lambda r: r.attrs["arm_index"])
    return list(runs)


def load_all(paths, deals=True):
    """load() for each path, put in spec order when they are the arms of one experiment
    (spec_order); the labels are made unique (file names, then with a number) so tables can
    name each run."""
    return _unique_labels(spec_order([load(p, deals) for p in paths]))


def fmt(x, digits=3):
    """A number for tables: fixed digits, '-' for NaN, '+inf'/'-inf' for infinities."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if isinstance(x, float) and math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    return f"{x:.{digits}f}"

"""Matches, leagues and tournaments: scoring sequences of games the ways clubs and leagues do.

A run file holds independent games. This module strings them into matches and scores each
match under every scheme below, to show how the scheme changes who wins.

Sides of a match. A match is between the sides of the lineup (the `seats` attribute): each
lineup entry for itself, or with partners entries 0+2 against 1+3. With duplicate play the
lineup moves through the seats from game to game (runfile explains the rotation); the
match follows the lineup's sides wherever they sit.

Schemes: what one game is worth to each side (functions over all games at once).
  wins       1 for a win (the double-elimination doubles tournament sheet: a skunk "does not
             count as an extra game win").
  clips      2 for a win, 1 for a tie, 0 for a loss (the New Zealand national tournament
             rules).
  lurch      a win counts 2 games when it is a lurch, else 1 (the classic rules).
  league     the weekly legion league's points, lowest total wins: a winner scores 0, or -1
             when the loser was skunked and -2 when double (or triple) skunked (with several
             losers, the worst one counts); a loser scores its shortfall to the target
             (121 - score).
  sheet-A..D the modern rule sheet's match-scoring tables: games won by each finishing
             position, by the results (normal, skunk, double skunk) of the players below
             first place; two sides (two players or two teams) have variants A-D, three and
             four players each for themselves A-C (the sheet has no D for them). A triple
             skunk counts as a double skunk (the tables stop there).
In every scheme sides with equal final scores share the points of the places they hold
equally (a tie between two sides under `wins` gives each one half).

Formats: how the games of a match add up.
  race K     the first side to K games' worth of scheme points wins: K = 2 is the doubles
             tournament's best two of three. Used with the schemes that count games (wins,
             lurch, sheet-*). A scheme's target is K times what the winner of a plain game (no
             skunk, no lurch) earns under it: K for wins, lurch and sheet-A/B with two sides,
             2K for sheet-C/D (a plain win is worth 2 there, so a race to K points would end
             after K/2 games). A match is given S(K-1)+1 games for S sides (enough for plain
             wins to decide it; two more when ties happen); one still undecided when they run
             out has no winner.
  session N  N games, the best total wins (lowest for league): the weekly league's four
             games, the New Zealand tournament's rounds. Equal totals: no winner.

Who deals first. The rules' `next_dealer` says who deals the first deal of the next game of a
match: `alternate` (the next player to the left of the previous game's first dealer) or `loser`
(the loser of the previous game; the lowest score with more than two sides, the lower lineup
entry on equal scores; after a tied game the deal alternates). The engine's games are
independent and each cuts for its own first dealer (unless the rules fix it), so a match is
formed by drawing games from the file: the first game of match i is the earliest unused game
whose first dealer is lineup entry i mod players (the cut at the start of a real match makes
each player first dealer equally often), and each next game is the earliest unused game whose
first dealer is the lineup entry the rule names. Games are independent and their cards do not
depend on the cut, so these matches are distributed exactly as matches played with the rule.
Dealer rule `consecutive` instead takes consecutive games whoever dealt. Either way a match
never holds two games dealt the same cards (duplicate deals): the later one waits for another
match, so every game of a match has new cards, as in play. When the file cannot supply a
required first dealer (the rules fix the first dealer and the lineup never rotates),
build_matches() says so and the caller falls back to consecutive games, stating it.

Schemes compared, paired. Every scheme scores the same matches (formed once per format from the
same games), so two schemes' shares of matches won are not independent samples: beside each
side's share (its own Wilson interval) the table gives its difference from the `wins` scheme
with a paired interval, from the per-match differences (1 where the scheme gives the side the
match and wins does not, -1 the other way, 0 where they agree; the mean, its standard error
the spread of the differences over the square root of the matches, a normal 95% interval) and
the paired t-test's p-value that the difference is zero. The two Wilson intervals side by
side are not a test of the difference: they ignore that the matches are the same.

Large files. compare_schemes() reads a run chunk by chunk (stream_matches()): a cursor per
first dealer walks the file in order, so matches are formed across chunk boundaries exactly as
build_matches() forms them from the whole file, and each batch of matches is scored and
counted before the next is formed.

Run as a script it prints the comparison for a file:
    analysis/matches.py FILE.h5 [--race 2] [--session 4]
                        [--dealer rules|alternate|loser|consecutive]
"""

import argparse
import math
import sys
from collections import deque

import numpy as np
import pandas as pd

from ..io import cliio
from ..io import runfile
from . import stats
from . import shards

# The modern rule sheet's match-scoring tables, transcribed: for each number of sides, the column headings
# (results of the players in 2nd, 3rd, ... place: N normal, S skunk, SS double skunk) and per
# variant one row of games won for each place from 1st to the one above last (last scores 0).
SHEET_TABLES = {
    2: {
        "columns": ["N", "S", "SS"],
        "A": [[1, 2, 3]],
        "B": [[1, 2, 4]],
        "C": [[2, 3, 3]],
        "D": [[2, 3, 4]],
    },
    3: {
        "columns": ["N/N", "N/S", "N/SS", "S/S", "S/SS", "SS/SS"],
        "A": [[1, 2, 3, 2, 3, 3],
              [0, 0, 0, 0, 0, 0]],
        "B": [[2, 3, 4, 3, 4, 4],
              [1, 2, 3, 1, 2, 1]],
        "C": [[2, 3, 4, 3, 4, 4],
              [0, 1, 2, 0, 1, 0]],
    },
    4: {
        "columns": ["N/N/N", "N/N/S", "N/N/SS", "N/S/S", "N/S/SS", "N/SS/SS", "S/S/S", "S/S/SS",
                    "S/SS/SS", "SS/SS/SS"],
        "A": [[1, 2, 3, 2, 3, 3, 2, 3, 3, 3],
              [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
              [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
        "B": [[3, 4, 5, 4, 5, 5, 4, 5, 5, 5],
              [2, 3, 4, 3, 4, 4, 2, 3, 3, 2],
              [1, 2, 3, 1, 2, 1, 1, 2, 1, 1]],
        "C": [[3, 4, 5, 4, 5, 5, 4, 5, 5, 5],
              [0, 1, 2, 2, 3, 4, 0, 1, 1, 0],
              [0, 1, 2, 0, 1, 0, 0, 1, 0, 0]],
    },
}
SHEET = "sheet-"  # the schemes of the modern rule sheet's tables: sheet-A .. sheet-D
RESULT_NAMES = ("N", "S", "SS")  # skunk level 0, 1, 2 (3, triple, counts as 2)

# Schemes whose points are games won (usable in a race to K games).
GAME_COUNT_SCHEMES = ("wins", "lurch")
DEALER_RULES = ("rules", "alternate", "loser", "consecutive")


class GameResults:
    """Results of a run's games from the lineup's point of view, everything a scheme needs.

    Arrays over games (N) and lineup sides (S): score (final score), result (1 win, 0 loss,
    shared in ties), skunk (0 none, 1, 2, 3 for losers; 0 for the winner), lurch (N,) bool,
    dealer_entry (N,) the lineup entry that dealt first, card_group (N,) equal for games
    dealt the same cards (duplicate deals; distinct by default). Also players, partnership,
    target, entry_side (lineup side of each entry) and labels (a name per lineup side).
    Tests build one directly from hand-made values.
    """

    def __init__(self, score, result, skunk, lurch, dealer_entry, players, partnership=False,
                 target=121, labels=None, card_group=None):
        self.score = np.asarray(score, dtype=np.int64)
        self.result = np.asarray(result, dtype=float)
        self.skunk = np.asarray(skunk, dtype=np.int64)
        self.lurch = np.asarray(lurch, dtype=bool)
        self.dealer_entry = np.asarray(dealer_entry, dtype=np.int64)
        self.players = int(players)
        self.partnership = bool(partnership)
        self.target = int(target)
        self.n_sides = self.score.shape[1]
        if self.n_sides != (2 if self.partnership else self.players):
            raise ValueError("GameResults: sides do not match the players")
        self.entry_side = [e % self.n_sides for e in range(self.players)]
        self.labels = labels or [f"side {s}" for s in range(self.n_sides)]
        self.card_group = (np.arange(len(self.score)) if card_group is None
                           else np.asarray(card_group, dtype=np.int64))

    def __len__(self):
        return len(self.score)

    @staticmethod
    def labels_of(run):
        """A name per lineup side: its strategies joined by '+', numbered when repeated."""
        labels = []
        for side in range(run.n_sides):
            specs = [run.seats[e] for e in range(run.players) if e % run.n_sides == side]
            labels.append("+".join(specs))
        if len(set(labels)) < len(labels):
            labels = [f"{lab} ({i})" for i, lab in enumerate(labels)]
        return labels

    @classmethod
    def from_run(cls, run):
        """The results of a runfile.Run in lineup-side order."""
        n = run.players
        # Lineup side L is entry L's side (entries 0..S-1 lie on sides 0..S-1); the seat of
        # entry L in a game with rotation r is (L - r) mod n.
        seat = run.entry_seat()[:, :run.n_sides]
        game_side = run.side_of_seat(seat)
        rows = np.arange(run.n_games)[:, None]
        score = run.games["score"][rows, seat]
        skunk = run.games["skunk"][rows, seat]
        result = np.take_along_axis(run.side_results(), game_side, axis=1)
        dealer_entry = (run.games["first_dealer"].astype(np.int64) + run.rotation) % n
        labels = cls.labels_of(run)
        return cls(score, result, skunk, run.games["lurch"], dealer_entry, n, run.partnership,
                   run.rules["target"], labels, run.card_group)


# ---- schemes ----

def _places(score):
    """(N, S) per game the sides in place order: highest final score first, the lower side
    index first on equal scores."""
    return np.argsort(-score, axis=1, kind="stable")


def _shared(points_by_place, score, order):
    """Gives each side the points of its place, sides with equal scores sharing the mean of
    the places they hold. points_by_place: (N, S) points of places 0..S-1."""
    n, s = score.shape
    sorted_scores = np.take_along_axis(score, order, axis=1)
    out_sorted = np.array(points_by_place, dtype=float)
    for g in np.flatnonzero(np.any(np.diff(sorted_scores, axis=1) == 0, axis=1)):
        i = 0
        while i < s:
            j = i
            while j + 1 < s and sorted_scores[g, j + 1] == sorted_scores[g, i]:
                j += 1
            out_sorted[g, i:j + 1] = out_sorted[g, i:j + 1].mean()
            i = j + 1
    out = np.zeros((n, s))
    np.put_along_axis(out, order, out_sorted, axis=1)
    return out


def scheme_points(results, scheme):
    """(N, S) points of each lineup side in each game under `scheme` (see the module text)."""
    r = results
    if scheme == "wins":
        return r.result.copy()
    if scheme == "clips":
        return 2.0 * r.result
    if scheme == "lurch":
        return r.result * np.where(r.lurch, 2.0, 1.0)[:, None]
    if scheme == "league":
        won = r.result >= 1.0
        worst = np.where(won, 0, r.skunk).max(axis=1)
        winner_points = -np.minimum(worst, 2).astype(float)
        shortfall = np.maximum(r.target - r.score, 0).astype(float)
        return np.where(won, winner_points[:, None], shortfall)
    if scheme.startswith(SHEET):
        return _points_sheet(r, scheme[len(SHEET):])
    raise ValueError(f"unknown scheme '{scheme}'")


def _points_sheet(r, variant):
    table = SHEET_TABLES[r.n_sides]
    if variant not in table:
        raise ValueError(f"the modern rule sheet has no variant {variant} for {r.n_sides} "
                         "sides")
    columns = table["columns"]
    rows = np.array(table[variant], dtype=float)  # (places above last, columns)
    order = _places(r.score)
    level = np.minimum(np.take_along_axis(r.skunk, order, axis=1), 2)[:, 1:]
    # Column of each game: its losers' results in place order, read as a base-3 number.
    lookup = np.full(3 ** (r.n_sides - 1), -1)
    for col, key in enumerate(columns):
        code = sum(RESULT_NAMES.index(name) * 3 ** i for i, name in enumerate(key.split("/")))
        lookup[code] = col
    cols = lookup[(level * 3 ** np.arange(r.n_sides - 1)).sum(axis=1)]
    if np.any(cols < 0):
        g = int(np.flatnonzero(cols < 0)[0])
        raise ValueError(f"game {g}: a lower place has a milder skunk than a higher one "
                         f"({r.score[g].tolist()}, skunk {r.skunk[g].tolist()})")
    points = np.zeros(r.score.shape)
    points[:, :-1] = rows[:, cols].T
    return _shared(points, r.score, order)


def schemes_for(n_sides):
    """Every scheme that applies to games of n_sides sides, in report order."""
    return ["wins", "clips", "lurch", "league"] + [f"{SHEET}{v}" for v in SHEET_TABLES[n_sides]
                                                   if v != "columns"]


def race_schemes(n_sides):
    """The schemes whose points are games won, usable in a race to K games."""
    return list(GAME_COUNT_SCHEMES) + [f"{SHEET}{v}" for v in SHEET_TABLES[n_sides] if v != "columns"]


def plain_win_points(n_sides, scheme):
    """What the winner of a plain game (every loser normal, no lurch) earns under a scheme
    that counts games: 1 for wins and lurch, the first place of the all-normal column of the
    modern rule sheet's table (2 for sheet-C, 3 for sheet-B with four players)."""
    if scheme.startswith(SHEET):
        return float(SHEET_TABLES[n_sides][scheme[len(SHEET):]][0][0])
    if scheme in GAME_COUNT_SCHEMES:
        return 1.0
    raise ValueError(f"scheme '{scheme}' does not count games")


# ---- forming matches ----

def next_dealers(results, g, rule):
    """The lineup entries that may deal first in the game after game g under `rule`
    ("alternate" or "loser"), as a list."""
    r = results
    alternate = [(int(r.dealer_entry[g]) + 1) % r.players]
    if rule == "alternate":
        return alternate
    if rule != "loser":
        raise ValueError(f"unknown dealer rule '{rule}'")
    if r.n_sides == 2:
        lost = [s for s in range(2) if r.result[g, s] == 0.0]
        if not lost:  # a tie: nobody lost
            return alternate
        return [e for e in range(r.players) if r.entry_side[e] == lost[0]]
    scores = r.score[g]
    if np.all(scores == scores[0]):
        return alternate
    return [int(np.argmin(scores))]


def build_matches(results, length, rule):
    """Strings the games into matches of `length` games under dealer rule `rule`
    ("alternate", "loser" or "consecutive"). Returns (matches, note): matches a (M, length)
    array of game indices (each game used at most once), note None or a sentence saying why
    the rule could not be followed (then matches is empty).

    A match never holds two games dealt the same cards (duplicate deals replay each card
    sequence with the lineup rotated, so those games are correlated: in a real match every
    game has new cards); such a game waits for a later match."""
    n = len(results)
    if length < 1:
        raise ValueError("a match needs at least one game")
    groups = results.card_group
    queues = {}
    for g in range(n):
        key = 0 if rule == "consecutive" else int(results.dealer_entry[g])
        queues.setdefault(key, deque()).append(g)

    def draw(wanted, match):
        """The earliest unused game whose first dealer is one of the `wanted` entries and
        whose cards no game of the match was dealt."""
        taken = {int(groups[g]) for g in match}
        best = None
        for e in wanted:
            q = queues.get(e)
            for i, g in enumerate(q or ()):
                if int(groups[g]) not in taken:
                    if best is None or g < best[2]:
                        best = (e, i, g)
                    break
        if best is None:
            return None
        del queues[best[0]][best[1]]
        return best[2]

    matches = []
    while True:
        # The first game of a match: its first dealer is cut for, so match i takes a game
        # dealt by lineup entry i mod players (every player equally often, as a fair cut
        # gives). Taking whichever game comes next instead would bias it: the dealer rule
        # draws more games dealt by one player (with `loser`, the weaker one), so the games
        # left over would mostly be dealt by the other.
        first = [0] if rule == "consecutive" else [len(matches) % results.players]
        g = draw(first, [])
        if g is None:
            break
        match = [g]
        while len(match) < length:
            wanted = [0] if rule == "consecutive" else next_dealers(results, match[-1], rule)
            g = draw(wanted, match)
            if g is None:
                break
            match.append(g)
        if len(match) < length:
            break
        matches.append(match)
    if not matches and n >= length and rule != "consecutive":
        dealers = sorted(set(results.dealer_entry.tolist()))
        return np.zeros((0, length), dtype=np.int64), (
            f"the games cannot follow the '{rule}' dealer rule: every game's first dealer is "
            f"lineup entry {', '.join(map(str, dealers))}")
    return np.array(matches, dtype=np.int64).reshape(-1, length), None


# ---- deciding matches ----

def race_winners(points, k):
    """Winners of races to k points: points (M, L, S) per match, game and side. Returns
    (winner (M,) side or -1 when undecided, games (M,) games played until decided)."""
    m, length, s = points.shape
    cum = np.cumsum(points, axis=1)
    reached = cum >= k - 1e-9
    any_reached = reached.any(axis=2)
    decided = any_reached.any(axis=1)
    first = np.where(decided, np.argmax(any_reached, axis=1), length - 1)
    final = cum[np.arange(m), first]  # totals when the race was decided
    top = final.max(axis=1)
    winner = np.argmax(final, axis=1)
    alone = np.sum(np.isclose(final, top[:, None]), axis=1) == 1
    winner = np.where(decided & alone, winner, -1)
    return winner, first + 1


def session_winners(points, lowest=False):
    """Winners of sessions: the side with the best total over all games (lowest when
    `lowest`), -1 when the best total is shared. points (M, L, S)."""
    totals = points.sum(axis=1)
    if lowest:
        totals = -totals
    top = totals.max(axis=1)
    winner = np.argmax(totals, axis=1)
    alone = np.sum(np.isclose(totals, top[:, None]), axis=1) == 1
    return np.where(alone, winner, -1)


# ---- forming and scoring matches in one pass over the file, chunk by chunk ----

class _Chunk:
    """Some consecutive games of a source: their GameResults, the index of the first one,
    and per game the lineup entries that may deal first in the next game of a match (want2,
    per dealer rule, made when first asked for)."""

    def __init__(self, results, offset):
        self.r = results
        self.offset = offset
        self.groups = results.card_group.tolist()
        self._want = {}
        self._keys = {}

    def keys(self, keyed):
        """The local indices of the games of each first dealer (keyed) or all games."""
        got = self._keys.get(keyed)
        if got is None:
            if keyed:
                de = self.r.dealer_entry
                got = {e: np.flatnonzero(de == e).tolist() for e in range(self.r.players)}
            else:
                got = {0: list(range(len(self.r)))}
            self._keys[keyed] = got
        return got

    def want2(self, rule):
        """Two lists over the chunk's games: the first lineup entry that may deal the next
        game of a match, and the second (-1 when only one may: only partners under `loser`
        have two)."""
        got = self._want.get(rule)
        if got is None:
            got = _next_dealer_pairs(self.r, rule)
            self._want[rule] = got
        return got


def _next_dealer_pairs(r, rule):
    """next_dealers() for every game of r at once, as two integer lists: the first lineup
    entry that may deal the next game, and the second (-1 where only one may)."""
    alternate = (r.dealer_entry + 1) % r.players
    none = np.full(len(r), -1, dtype=np.int64)
    if rule == "alternate":
        return alternate.tolist(), none.tolist()
    if rule != "loser":
        raise ValueError(f"unknown dealer rule '{rule}'")
    if r.n_sides == 2:
        entries = [[e for e in range(r.players) if r.entry_side[e] == side] for side in (0, 1)]
        lost0 = r.result[:, 0] == 0.0
        lost1 = r.result[:, 1] == 0.0
        first = np.where(lost0, entries[0][0], np.where(lost1, entries[1][0], alternate))
        if len(entries[0]) > 1:
            second = np.where(lost0, entries[0][1], np.where(lost1, entries[1][1], -1))
        else:
            second = none
        return first.tolist(), second.tolist()
    same = np.all(r.score == r.score[:, :1], axis=1)
    return np.where(same, alternate, np.argmin(r.score, axis=1)).tolist(), none.tolist()


class _Source:
    """Games read chunk by chunk (GameResults with an offset): from a GameResults in memory
    or a run (runfile.Run or RunFile). Keeps at most `cache` chunks; a cursor that
    needs one that was dropped reads it again."""

    def __init__(self, what, chunk_rows=None, cache=8, scanned=None):
        self.what = what
        self.memory = isinstance(what, GameResults)
        self.size = runfile.chunk_size(chunk_rows) if chunk_rows or not self.memory \
            else max(1, len(what))
        if not self.memory and chunk_rows is None:
            self.size = getattr(what, "chunk_rows", self.size)
        self.n = len(what) if self.memory else what.n_games
        self.cache = {}
        self.limit = cache
        self.reads = 0
        self._handle = None
        if self.memory:
            r = what
            self.players, self.n_sides, self.labels = r.players, r.n_sides, r.labels
            self.partnership, self.target = r.partnership, r.target
            self.has_ties = _has_ties(r)
            self.unique_groups = len(np.unique(r.card_group)) == len(r)
        else:
            self.players, self.n_sides = what.players, what.n_sides
            self.partnership, self.target = what.partnership, int(what.rules["target"])
            self.labels = GameResults.labels_of(what)
            if scanned is None:
                self._scan()
            else:  # (has_ties, unique_groups), scanned by the caller
                self.has_ties, self.unique_groups = scanned

    def _scan(self):
        """Whether any game is tied, and whether no two games share their cards."""
        ties = False
        unique = True
        last = None
        for k in range(self.n_chunks):
            r = self.chunk(k).r
            ties |= _has_ties(r)
            g = r.card_group
            if len(g):
                if np.any(np.diff(g) <= 0) or (last is not None and g[0] <= last):
                    unique = False
                last = int(g[-1])
        self.has_ties, self.unique_groups = ties, unique

    @property
    def n_chunks(self):
        return max(1, (self.n + self.size - 1) // self.size)

    def chunk(self, k):
        got = self.cache.get(k)
        if got is not None:
            return got
        lo, hi = k * self.size, min((k + 1) * self.size, self.n)
        self.reads += 1
        if self.memory:
            r = self.what
            part = GameResults(r.score[lo:hi], r.result[lo:hi], r.skunk[lo:hi],
                               r.lurch[lo:hi], r.dealer_entry[lo:hi], r.players,
                               r.partnership, r.target, r.labels, r.card_group[lo:hi])
        else:
            part = GameResults.from_run(self.what.read_games(lo, hi))
        got = _Chunk(part, lo)
        if len(self.cache) >= self.limit:
            self.cache.pop(next(iter(self.cache)))
        self.cache[k] = got
        return got

    def dealers(self):
        """The lineup entries that deal first in some game, sorted."""
        seen = set()
        for k in range(self.n_chunks):
            seen.update(self.chunk(k).r.dealer_entry.tolist())
        return sorted(seen)


class _Cursor:
    """The games of one first dealer (or all games), in file order, not yet looked at."""

    def __init__(self, source, key, keyed):
        self.source, self.key, self.keyed = source, key, keyed
        self.k = -1
        self.chunk = None
        self.locals = []
        self.pos = 0

    def peek(self):
        while self.pos >= len(self.locals):
            if self.k + 1 >= self.source.n_chunks:
                return None
            self.k += 1
            self.chunk = self.source.chunk(self.k)
            self.locals = self.chunk.keys(self.keyed).get(self.key, [])
            self.pos = 0
        return self.chunk, self.locals[self.pos]


def stream_matches(source, length, rule, batch_games=None):
    """Forms matches as build_matches() does, reading the games chunk by chunk: yields
    batches of matches as GameResults of their games (match after match, each of `length`
    games in play order; `index` holds each game's index in the source). Memory holds a few
    chunks, one batch of about batch_games games (the source's chunk size when None), and the
    games a match had to pass over (dealt the cards of a game already in it); the answer does
    not depend on the chunk size."""
    batch_games = batch_games or source.size
    if source.unique_groups:
        yield from _stream_unique(source, length, rule, batch_games)
        return
    keyed = rule != "consecutive"
    keys = list(range(source.players)) if keyed else [0]
    cursors = {e: _Cursor(source, e, keyed) for e in keys}
    held = {e: [] for e in keys}  # games passed over (their cards were in the match)
    unique = source.unique_groups

    def draw(wanted, taken):
        best = None
        for e in wanted:
            found = None
            h = held[e]
            for j, (ch, loc) in enumerate(h):
                if ch.groups[loc] not in taken:
                    found = (ch.offset + loc, e, j, ch, loc)
                    break
            if found is None:
                cur = cursors[e]
                while True:
                    item = cur.peek()
                    if item is None:
                        break
                    ch, loc = item
                    if unique or ch.groups[loc] not in taken:
                        found = (ch.offset + loc, e, -1, ch, loc)
                        break
                    h.append(item)
                    cur.pos += 1
            if found is not None and (best is None or found[0] < best[0]):
                best = found
        if best is None:
            return None
        _, e, j, ch, loc = best
        if j >= 0:
            del held[e][j]
        else:
            cursors[e].pos += 1
        return ch, loc

    batch_chunks, batch_locals = [], []
    n_matches = 0
    while True:
        first = [n_matches % source.players] if keyed else [0]
        got = draw(first, ())
        if got is None:
            break
        match = [got]
        while len(match) < length:
            ch, loc = match[-1]
            if keyed:
                w1, w2 = ch.want2(rule)
                wanted = (w1[loc],) if w2[loc] < 0 else (w1[loc], w2[loc])
            else:
                wanted = (0,)
            taken = () if unique else {c.groups[x] for c, x in match}
            got = draw(wanted, taken)
            if got is None:
                break
            match.append(got)
        if len(match) < length:
            break
        n_matches += 1
        for ch, loc in match:
            batch_chunks.append(ch)
            batch_locals.append(loc)
        if len(batch_locals) >= batch_games:
            yield _gather(source, batch_chunks, batch_locals)
            batch_chunks, batch_locals = [], []
    if batch_locals:
        yield _gather(source, batch_chunks, batch_locals)


def _stream_unique(source, length, rule, batch_games):
    """stream_matches() when no two games share their cards (no duplicate deals): no game
    is ever passed over, so each first dealer's games are taken in file order; the same
    steps in a tighter loop."""
    keyed = rule != "consecutive"
    players = source.players
    count = players if keyed else 1
    n_chunks = source.n_chunks
    ck = [-1] * count          # each cursor's chunk index
    cch = [None] * count       # and chunk
    cl = [[] for _ in range(count)]  # the local indices of its games there
    cp = [0] * count           # the next one
    live = {}                  # chunk index -> chunk, for the batch

    def load(e):
        while cp[e] >= len(cl[e]):
            if ck[e] + 1 >= n_chunks:
                return False
            ck[e] += 1
            ch = source.chunk(ck[e])
            live[ck[e]] = ch
            cch[e] = ch
            cl[e] = ch.keys(keyed).get(e if keyed else 0, [])
            cp[e] = 0
        return True

    bk, bl = [], []
    n_matches = 0
    while True:
        e = n_matches % players if keyed else 0
        if cp[e] >= len(cl[e]) and not load(e):
            break
        k, ch, loc = ck[e], cch[e], cl[e][cp[e]]
        cp[e] += 1
        mk, ml = [k], [loc]
        for _ in range(length - 1):
            if keyed:
                w1, w2 = ch.want2(rule)
                e, e2 = w1[loc], w2[loc]
                ok = cp[e] < len(cl[e]) or load(e)
                if e2 >= 0 and (cp[e2] < len(cl[e2]) or load(e2)):
                    if not ok or (cch[e2].offset + cl[e2][cp[e2]] <
                                  cch[e].offset + cl[e][cp[e]]):
                        e, ok = e2, True
            else:
                ok = cp[0] < len(cl[0]) or load(0)
            if not ok:
                break
            k, ch, loc = ck[e], cch[e], cl[e][cp[e]]
            cp[e] += 1
            mk.append(k)
            ml.append(loc)
        if len(mk) < length:
            break
        n_matches += 1
        bk.extend(mk)
        bl.extend(ml)
        if len(bl) >= batch_games:
            yield _gather_indexed(source, live, bk, bl)
            bk, bl = [], []
            keep = set(ck)
            for k in [k for k in live if k not in keep]:
                del live[k]
    if bl:
        yield _gather_indexed(source, live, bk, bl)


def _gather_indexed(source, live, ks, locals_):
    """_gather() of games named by chunk index (live: index -> chunk) and local index."""
    ks = np.asarray(ks, dtype=np.int64)
    order = {k: i for i, k in enumerate(np.unique(ks).tolist())}
    ids = np.searchsorted(np.array(sorted(order)), ks)
    return _gather_parts(source, [live[k] for k in sorted(order)], ids, locals_)


def _gather(source, chunks, locals_):
    """The GameResults of the games (chunk, local index), in order."""
    index = {}
    ids = np.fromiter((index.setdefault(id(c), (len(index), c))[0] for c in chunks),
                      dtype=np.int64, count=len(chunks))
    parts = [None] * len(index)
    for k, c in index.values():
        parts[k] = c
    return _gather_parts(source, parts, ids, locals_)


def _gather_parts(source, parts, ids, locals_):
    """The GameResults of games: game i is local index locals_[i] of chunk parts[ids[i]]."""
    loc = np.asarray(locals_, dtype=np.int64)
    n = len(loc)
    fields = ("score", "result", "skunk", "lurch", "dealer_entry", "card_group")
    first = parts[0].r
    out = {f: np.empty((n,) + getattr(first, f).shape[1:], dtype=getattr(first, f).dtype)
           for f in fields}
    for k, c in enumerate(parts):
        m = ids == k
        for f in fields:
            out[f][m] = getattr(c.r, f)[loc[m]]
    got = GameResults(out["score"], out["result"], out["skunk"], out["lurch"],
                      out["dealer_entry"], source.players, source.partnership, source.target,
                      source.labels, out["card_group"])
    offsets = np.array([c.offset for c in parts], dtype=np.int64)
    got.index = offsets[ids] + loc  # each game's index in the source
    return got


def _format_tally(source, kind, k, length, rule):
    """One format's matches formed and counted: (_Tally, the dealer rule used, note or
    None)."""
    schemes = race_schemes(source.n_sides) if kind == "race" else schemes_for(source.n_sides)
    acc = _Tally(schemes, source.n_sides)
    for batch in stream_matches(source, length, rule):
        acc.add(batch, kind, k, length)
    if acc.m == 0 and source.n >= length and rule != "consecutive":
        dealers = source.dealers()
        note = (f"the games cannot follow the '{rule}' dealer rule: every game's first "
                f"dealer is lineup entry {', '.join(map(str, dealers))}")
        note = (f"{kind} {k}: {note}; matches were formed from consecutive games "
                "instead.")
        acc = _Tally(schemes, source.n_sides)
        for batch in stream_matches(source, length, "consecutive"):
            acc.add(batch, kind, k, length)
        return acc, "consecutive", note
    return acc, rule, None


def _format_task(run, chunk_rows, scanned, kind, k, length, rule):
    """_format_tally() of a run file in a worker process (shards.executor)."""
    return _format_tally(_Source(run, chunk_rows, scanned=scanned), kind, k, length, rule)


def compare_schemes(results, race=2, session=4, rule="alternate", chunk_rows=None,
                    executor=None):
    """Scores the games as matches in both formats under every scheme that applies. results:
    a GameResults in memory, or a run (runfile.Run or RunFile), read chunk_rows games at
    a time (the run's own chunk size when None); the answer does not depend on the chunk
    size. executor (shards.executor()): forms the two formats' matches in two tasks at once
    (a run file only; each reads the file on its own).

    Returns (table, notes): a DataFrame with one row per (format, scheme): matches, undecided,
    target (the points that win a race; NaN for sessions), each lineup side's share of the
    matches (its label as column, with _lo/_hi Wilson bounds), that share minus the `wins`
    scheme's over the same matches (column LABEL_vs_wins, with the paired interval's _lo/_hi
    bounds and the paired t-test's p-value in _p: see the module text), the fraction of
    matches whose winner differs from the `wins` scheme in the same format (with Wilson
    bounds), and the mean games played; notes lists sentences the report should print (a
    dealer rule that could not be followed)."""
    source = _Source(results, chunk_rows)
    notes = []
    rows = []
    formats = []
    n_sides = source.n_sides
    if race:
        # S(K-1)+1 games let plain wins decide a race among S sides (some side has K wins);
        # every other scheme gives a game's winner at least a plain win's share of its target.
        length = n_sides * (race - 1) + 1 + (2 if source.has_ties else 0)
        formats.append(("race", race, length))
    if session:
        formats.append(("session", session, session))
    if getattr(executor, "parallel", False) and not source.memory and len(formats) > 1:
        scanned = (source.has_ties, source.unique_groups)
        n = len(formats)
        tallies = executor.map(_format_task, [results] * n, [chunk_rows] * n, [scanned] * n,
                               *zip(*formats), [rule] * n)
    else:
        tallies = [_format_tally(source, kind, k, length, rule)
                   for kind, k, length in formats]
    for (kind, k, length), (acc, used_rule, note) in zip(formats, tallies):
        if note:
            notes.append(note)
        for scheme in acc.schemes:
            m = acc.m
            row = {"format": f"{kind} {k}" if kind == "session" else f"race to {k}",
                   "scheme": scheme, "dealer rule": used_rule,
                   "target": (k * plain_win_points(n_sides, scheme)
                              if kind == "race" else math.nan), "matches": m,
                   "undecided": acc.undecided[scheme]}
            for s, label in enumerate(source.labels):
                won = int(acc.won[scheme][s])
                lo, hi = stats.wilson(won, m)
                row[label] = won / m if m else math.nan
                row[label + "_lo"], row[label + "_hi"] = lo, hi
                mean, lo, hi, pv = paired_difference(acc.diff[scheme][s], acc.diff_sq[scheme][s],
                                                     m)
                row[label + "_vs_wins"] = mean
                row[label + "_vs_wins_lo"], row[label + "_vs_wins_hi"] = lo, hi
                row[label + "_vs_wins_p"] = pv
            for col, count in (("differs", acc.differs[scheme]),
                               ("reversed", acc.reversed[scheme])):
                lo, hi = stats.wilson(count, m)
                row[col] = count / m if m else math.nan
                row[col + "_lo"], row[col + "_hi"] = lo, hi
            row["games"] = acc.games[scheme] / m if m else math.nan
            rows.append(row)
    return pd.DataFrame(rows), notes


def paired_difference(total, total_sq, n, z=stats.Z95):
    """(mean, lo, hi, p) of n paired differences given their sum and sum of squares: the
    normal interval of the mean (standard error: the sample spread over sqrt n), clipped to
    [-1, 1] as the differences of two shares are, and the paired t-test's p-value that the
    mean is zero. NaN bounds and p below two pairs."""
    if n < 1:
        return math.nan, math.nan, math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, math.nan, math.nan, math.nan
    var = max(total_sq / n - mean * mean, 0.0) * n / (n - 1)
    sd = math.sqrt(var)
    half = z * sd / math.sqrt(n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half), stats.paired_test(mean, sd, n)


class _Tally:
    """Counts over matches, per scheme: wins of each side, undecided, differs from and
    reversed against plain wins, games played, and for each side the sum and the sum of
    squares of its per-match difference from plain wins (1 won here and not under wins, -1
    the other way)."""

    def __init__(self, schemes, n_sides):
        self.schemes = schemes
        self.m = 0
        self.won = {s: np.zeros(n_sides, dtype=np.int64) for s in schemes}
        self.undecided = {s: 0 for s in schemes}
        self.differs = {s: 0 for s in schemes}
        self.reversed = {s: 0 for s in schemes}
        self.games = {s: 0 for s in schemes}
        self.diff = {s: np.zeros(n_sides, dtype=np.int64) for s in schemes}
        self.diff_sq = {s: np.zeros(n_sides, dtype=np.int64) for s in schemes}

    def add(self, batch, kind, k, length):
        m = len(batch) // length
        self.m += m
        winners, used = {}, {}
        for scheme in self.schemes:
            pts = scheme_points(batch, scheme).reshape(m, length, batch.n_sides)
            if kind == "race":
                winners[scheme], used[scheme] = race_winners(
                    pts, k * plain_win_points(batch.n_sides, scheme))
            else:
                winners[scheme] = session_winners(pts, lowest=(scheme == "league"))
                used[scheme] = np.full(m, length)
        base = winners["wins"]
        for scheme in self.schemes:
            w = winners[scheme]
            self.won[scheme] += np.bincount(w[w >= 0], minlength=batch.n_sides)
            self.undecided[scheme] += int(np.sum(w < 0))
            self.differs[scheme] += int(np.sum(w != base))
            self.reversed[scheme] += int(np.sum((w != base) & (w >= 0) & (base >= 0)))
            self.games[scheme] += int(np.sum(used[scheme]))
            for side in range(batch.n_sides):
                d = (w == side).astype(np.int64) - (base == side)
                self.diff[scheme][side] += int(d.sum())
                self.diff_sq[scheme][side] += int((d * d).sum())


def _has_ties(results):
    return bool(np.any((results.result > 0) & (results.result < 1)))


def resolve_rule(run, rule):
    """The dealer rule to use for a run: the rules' next_dealer for "rules"."""
    if rule == "rules":
        rule = str(run.rules.get("next_dealer", "alternate"))
        # a new cut before each game: any seat may deal first, so consecutive games make a match
        return "consecutive" if rule == "cut" else rule
    return rule


def format_table(table, labels):
    """Plain-text rendering of compare_schemes()'s table: each side's share with its Wilson
    interval, then each side's share minus the wins scheme's on the same matches with its
    paired interval and p-value, then the rest."""
    lines = []
    head = f"{'format':<12} {'scheme':<8} {'to win':>6} {'matches':>8} {'undecided':>9} " + " ".join(
        f"{lab[:22]:>22}" for lab in labels) + " " + " ".join(
        f"{(lab[:18] + ' - wins'):>34}" for lab in labels) + \
        f" {'differs from wins':>22} {'reversed':>22} {'games':>6}"
    lines.append(head)
    for _, row in table.iterrows():
        cells = " ".join(
            f"{_pct(row[lab]):>7} [{_pct(row[lab + '_lo'])}, {_pct(row[lab + '_hi'])}]"
            .rjust(22) for lab in labels)
        paired = " ".join(
            (f"{_spct(row[lab + '_vs_wins'])} [{_spct(row[lab + '_vs_wins_lo'])}, "
             f"{_spct(row[lab + '_vs_wins_hi'])}] p {_p(row[lab + '_vs_wins_p'])}").rjust(34)
            for lab in labels)
        diff, rev = (f"{_pct(row[c])} [{_pct(row[c + '_lo'])}, {_pct(row[c + '_hi'])}]"
                     for c in ("differs", "reversed"))
        to_win = "total" if math.isnan(row["target"]) else f"{row['target']:.0f}"
        lines.append(f"{row['format']:<12} {row['scheme']:<8} {to_win:>6} {row['matches']:>8} "
                     f"{row['undecided']:>9} {cells} {paired} {diff:>22} {rev:>22} "
                     f"{row['games']:>6.2f}")
    lines.append("X - wins: a side's share of the matches under the scheme minus under wins, on "
                 "the same matches: the 95% interval and the t-test's p are paired match by "
                 "match (the side-by-side Wilson intervals are not a test of the difference).")
    return "\n".join(lines)


def _spct(x):
    """A signed percentage: +2.5%, -0.3%, or - for none."""
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:+.1f}%"


def _p(x):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3g}"


def _pct(x):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


@cliio.tool("matches.py")
def main(argv=None):
    p = argparse.ArgumentParser(description="Score a run's games as matches under every scheme "
                                "clubs and leagues use and show how the scheme changes who "
                                "wins.")
    p.add_argument("files", nargs="+", metavar="FILE.h5")
    p.add_argument("--race", type=int, default=2, help="race to K games (default 2: best two "
                   "of three); 0 to skip")
    p.add_argument("--session", type=int, default=4, help="sessions of N games (default 4); "
                   "0 to skip")
    p.add_argument("--dealer", choices=DEALER_RULES, default="rules",
                   help="who deals first in the next game (default: the file's rules)")
    p.add_argument("--chunk-rows", type=int, metavar="N",
                   help="read N games at a time, N/8 with /deals (default "
                   f"${runfile.CHUNK_ENV} or {runfile.DEFAULT_CHUNK_ROWS}); memory "
                   "is proportional to N, the figures do not depend on it")
    shards.add_arguments(p, "processes to form the matches in (the race and the session "
                         "formats are formed at once; default: every core)")
    args = p.parse_args(argv)
    if args.race < 0 or args.session < 0 or (args.race == 0 and args.session == 0):
        p.error("give a positive --race or --session")
    if args.jobs is not None and args.jobs < 1:
        p.error(f"--jobs {args.jobs}: give a positive number of processes")
    runs = shards.open_runs(args.files, deals=False, chunk_rows=args.chunk_rows)
    formats = (args.race > 0) + (args.session > 0)
    with shards.parallel(args.jobs, args.scheduler, tasks=formats) as ex:
        for run in runs:
            rule = resolve_rule(run, args.dealer)
            table, notes = compare_schemes(run, args.race, args.session, rule, executor=ex)
            print(cliio.printable(run.describe()))
            for note in notes:
                print(cliio.printable(f"note: {note}"))
            print(cliio.printable(format_table(table, GameResults.labels_of(run))))
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

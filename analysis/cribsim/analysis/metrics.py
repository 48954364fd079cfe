"""The figures a report shows, computed from one run (runfile.Run) as pandas tables.

Each function returns a DataFrame (or a dict of them) that report.py renders as Markdown and
plots.py draws; the summary mode prints a few of them as text. Definitions, once:

- A game's result for a side is 1 for a win, 0 for a loss, shared in a tie (runfile).
  A win rate counts ties as half a win (the score rate); its interval is Wilson's.
- Elo differences are given where games have two sides (two players, or partners): the Elo
  difference of the score rate against the other side, with the interval mapped from the
  Wilson interval (as the runner's stats.c). With duplicate deals the games sharing cards are
  correlated; the `paired` interval then uses the spread of the per-card-sequence means and
  is usually narrower.
- Positions at a deal: 0 is the dealer, 1 the pone (the player left of the dealer, who leads),
  2 and 3 the next players clockwise. Position figures come from /deals and use the deals the
  game did not end in (`ended` 0): in the last deal later events were not played, so its
  points are truncated and would bias every position toward the early scorers.
- Skunk levels per game are the worst among the losers: 1 skunk, 2 double, 3 triple.

Large files. summary() reads a run once, chunk by chunk (runfile: RunFile.chunks()), and
keeps only what the figures need (Summary): counts for rates, exact integer sums (IntMoments,
RatioMoments) for means and standard deviations, histograms (Hist) for distributions,
medians and quartiles, and for the paired interval the (sum, size) of each card group, joined
across chunk boundaries. Every figure is therefore the same whatever the chunk size, and memory
does not grow with the number of games. A run in memory (runfile.load) is one chunk.
"""

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pandas as pd

from ..io import cards
from ..io import runfile
from . import stats

POSITION_NAMES = {0: "dealer", 1: "pone", 2: "2nd left of dealer", 3: "3rd left of dealer"}
# Where points come from. "mugged" (points claimed by muggins) and "penalty" (renege
# penalties received) are in files since those rules; older files lack the columns and count
# 0 for them.
SOURCES = ("peg", "hand", "crib", "heels", "bonus", "mugged", "penalty")


def _rate_row(successes, trials, fair=None):
    lo, hi = stats.wilson(successes, trials)
    row = {"games": int(trials), "rate": successes / trials if trials else math.nan,
           "lo": lo, "hi": hi}
    if fair is not None:
        row["fair"] = fair
        row["p"] = stats.binomial_test(successes, trials, fair) if trials else math.nan
    return row


def _two_sided(run):
    return run.n_sides == 2


def side_names(run):
    """A name per game side: "seat 2", or "team 0 (seats 0+2)" with partners."""
    if run.partnership:
        return [f"team {t} (seats {t}+{t + 2})" for t in range(2)]
    return [f"seat {s}" for s in range(run.players)]


# ---- accumulators: what a figure keeps of the games it has seen ----

class IntMoments:
    """Count, sum and sum of squares of integer values, kept exactly (Python integers), so
    the mean and standard deviation do not depend on how the values were cut in chunks."""

    def __init__(self):
        self.n = self.s1 = self.s2 = 0

    def add(self, values):
        v = np.asarray(values, dtype=np.int64).ravel()
        self.n += int(v.size)
        self.s1 += int(v.sum())
        self.s2 += int(np.dot(v, v))

    def merge(self, other):
        """Adds another accumulator's values (as if they had been add()ed here)."""
        self.n += other.n
        self.s1 += other.s1
        self.s2 += other.s2

    def mean(self, scale=1):
        return self.s1 / (self.n * scale) if self.n else math.nan

    def sd(self, scale=1):
        if self.n < 2:
            return math.nan
        var = Fraction(self.n * self.s2 - self.s1 * self.s1, self.n * (self.n - 1))
        return math.sqrt(var) / scale

    def var(self, scale=1):
        if self.n < 2:
            return math.nan
        return float(Fraction(self.n * self.s2 - self.s1 * self.s1,
                              self.n * (self.n - 1) * scale * scale))


class RatioMoments:
    """Count, mean and variance of ratios of integers (num / den, den > 0), kept exactly: per
    denominator the count, the sum of numerators and the sum of their squares (Python
    integers), so the figures do not depend on how the values were cut in chunks."""

    def __init__(self):
        self.by_den = {}

    def add(self, num, den):
        num = np.asarray(num, dtype=np.int64).ravel()
        den = np.asarray(den, dtype=np.int64).ravel()
        if not num.size:
            return
        dens, inverse = np.unique(den, return_inverse=True)
        counts = np.bincount(inverse, minlength=len(dens))
        # Float sums of integers below 2**53 are exact (a chunk's squares stay far below).
        s1 = np.rint(np.bincount(inverse, weights=num, minlength=len(dens))).astype(np.int64)
        s2 = np.rint(np.bincount(inverse, weights=num * num,
                                 minlength=len(dens))).astype(np.int64)
        for q, c, a, b in zip(dens.tolist(), counts.tolist(), s1.tolist(), s2.tolist()):
            got = self.by_den.setdefault(q, [0, 0, 0])
            got[0] += c
            got[1] += a
            got[2] += b

    def merge(self, other):
        """Adds another accumulator's values (as if they had been add()ed here)."""
        for q, (c, a, b) in other.by_den.items():
            got = self.by_den.setdefault(q, [0, 0, 0])
            got[0] += c
            got[1] += a
            got[2] += b

    @property
    def n(self):
        return sum(v[0] for v in self.by_den.values())

    def _sums(self):
        s1 = sum(Fraction(v[1], q) for q, v in self.by_den.items())
        s2 = sum(Fraction(v[2], q * q) for q, v in self.by_den.items())
        return s1, s2

    def mean(self):
        n = self.n
        return float(self._sums()[0] / n) if n else math.nan

    def var(self):
        n = self.n
        if n < 2:
            return math.nan
        s1, s2 = self._sums()
        return float((s2 - s1 * s1 / n) / (n - 1))


class Hist:
    """Counts of non-negative integer values (a histogram with unit bins from 0), from which
    the count, mean, standard deviation, extremes and percentiles (numpy's linear method)
    come exactly as from the values themselves."""

    def __init__(self):
        self.counts = np.zeros(0, dtype=np.int64)

    def add(self, values):
        v = np.asarray(values, dtype=np.int64).ravel()
        if not v.size:
            return
        if int(v.min()) < 0:
            raise ValueError("a negative value where counts of non-negative values are kept")
        c = np.bincount(v)
        if len(c) > len(self.counts):
            c[:len(self.counts)] += self.counts
            self.counts = c
        else:
            self.counts[:len(c)] += c

    def merge(self, other):
        """Adds another histogram's counts."""
        if len(other.counts) > len(self.counts):
            c = other.counts.copy()
            c[:len(self.counts)] += self.counts
            self.counts = c
        else:
            self.counts[:len(other.counts)] += other.counts

    @property
    def n(self):
        return int(self.counts.sum())

    def padded(self, length):
        """The counts of values 0 .. length-1 (values above are not counted)."""
        out = np.zeros(length, dtype=np.int64)
        k = min(length, len(self.counts))
        out[:k] = self.counts[:k]
        return out

    def clipped(self, top):
        """Counts of 0 .. top, the values above top counted at top."""
        out = self.padded(top + 1)
        out[top] += int(self.counts[top + 1:].sum())
        return out

    def moments(self):
        m = IntMoments()
        v = np.arange(len(self.counts), dtype=object)
        c = self.counts.astype(object)
        m.n = int(self.counts.sum())
        m.s1 = int(np.dot(v, c)) if len(c) else 0
        m.s2 = int(np.dot(v * v, c)) if len(c) else 0
        return m

    def mean(self):
        return self.moments().mean()

    def sd(self):
        return self.moments().sd()

    def min(self):
        return int(np.flatnonzero(self.counts)[0])

    def max(self):
        return int(np.flatnonzero(self.counts)[-1])

    def _value_at(self, rank):
        """The value of rank `rank` (from 0) in sorted order."""
        return int(np.searchsorted(np.cumsum(self.counts), rank, side="right"))

    def percentile(self, q):
        """As np.percentile(values, q) with the default linear method."""
        n = self.n
        idx = (n - 1) * q / 100.0
        lo = math.floor(idx)
        hi = min(lo + 1, n - 1)
        t = idx - lo
        a, b = float(self._value_at(lo)), float(self._value_at(hi))
        diff = b - a
        return b - diff * (1 - t) if t >= 0.5 else a + diff * t

    def median(self):
        n = self.n
        a, b = float(self._value_at((n - 1) // 2)), float(self._value_at(n // 2))
        return (a + b) / 2.0

    def series(self):
        """The counts of the values seen, as a Series indexed by value."""
        nz = np.flatnonzero(self.counts)
        return pd.Series(self.counts[nz], index=nz)


class _Groups:
    """Sums and sizes of the groups of correlated games (duplicate deals: equal card_game),
    formed across chunk boundaries: the file holds a group's games in consecutive rows, so
    only the last group of a chunk can continue in the next. Keeps a count of each distinct
    (sum, size) pair, which is all the spread of the group means needs.

    merge() joins the groups of consecutive parts of a run reduced separately (shards): the
    first group a part saw (`head`) may be the continuation of the previous part's last
    (`open`), so the head's (sum, size) is kept apart until it is known to be whole."""

    def __init__(self):
        self.pairs = Counter()
        self.open = None  # [group, sum12, size] of the group that may continue
        self.head = None  # [group, sum12, size] of the first group once closed, else None
        self.head_id = None  # the first group's card_game

    def _close(self, group):
        """Counts a group that cannot continue; the first one is kept apart as the head."""
        if self.head is None and group[0] == self.head_id:
            self.head = list(group)
        else:
            self.pairs[(group[1], group[2])] += 1

    def add(self, groups, r12, path):
        if not len(groups):
            return
        g = np.asarray(groups, dtype=np.int64)
        if np.any(np.diff(g) < 0) or (self.open is not None and g[0] < self.open[0]):
            raise ValueError(f"{path}: /games card_game is not in increasing order")
        starts = np.r_[0, np.flatnonzero(np.diff(g)) + 1]
        sums = np.add.reduceat(np.asarray(r12, dtype=np.int64), starts)
        sizes = np.diff(np.r_[starts, len(g)])
        ids = g[starts]
        if self.head_id is None:
            self.head_id = int(ids[0])
        first = 0
        if self.open is not None and ids[0] == self.open[0]:
            self.open[1] += int(sums[0])
            self.open[2] += int(sizes[0])
            first = 1
        if first < len(ids):
            if self.open is not None:
                self._close(self.open)
            lo, hi = first, len(ids) - 1  # the groups that close here
            if lo < hi and self.head is None and int(ids[lo]) == self.head_id:
                self._close([int(ids[lo]), int(sums[lo]), int(sizes[lo])])
                lo += 1
            if lo < hi:  # counted by distinct (sum, size): a few, however many groups
                width = int(sizes[lo:hi].max()) + 1  # sums and sizes are >= 0
                keys, counts = np.unique(sums[lo:hi] * width + sizes[lo:hi],
                                         return_counts=True)
                for key, c in zip(keys.tolist(), counts.tolist()):
                    self.pairs[divmod(key, width)] += c
            self.open = [int(ids[-1]), int(sums[-1]), int(sizes[-1])]

    def merge(self, other):
        """Adds the groups of the games that follow this accumulator's in the run (another
        _Groups fed the next rows), joining the group that spans the boundary."""
        if other.head_id is None:
            return
        if self.open is not None and other.head_id < self.open[0]:
            raise ValueError("card groups merged out of order")
        o_open = list(other.open)
        o_head = list(other.head) if other.head is not None else None
        if self.head_id is None:
            self.head_id = other.head_id
        if self.open is not None and self.open[0] == other.head_id:
            if o_head is None:  # the other part's only group is still open: it continues
                self.open[1] += o_open[1]
                self.open[2] += o_open[2]
                self.pairs.update(other.pairs)
                return
            self._close([self.open[0], self.open[1] + o_head[1], self.open[2] + o_head[2]])
        else:
            if self.open is not None:
                self._close(self.open)
            if o_head is not None:
                self._close(o_head)
        self.pairs.update(other.pairs)
        self.open = o_open

    def finish(self):
        """(count, mean of the group means, sd of the group means)."""
        pairs = Counter(self.pairs)
        if self.head is not None:
            pairs[(self.head[1], self.head[2])] += 1
        if self.open is not None:
            pairs[(self.open[1], self.open[2])] += 1
        if not pairs:
            return 0, math.nan, math.nan
        keys = list(pairs)
        means = np.array([k[0] / 12.0 / k[1] for k in keys])
        weights = np.array([pairs[k] for k in keys], dtype=float)
        n = int(weights.sum())
        mu = float(np.dot(weights, means) / n)
        sd = math.sqrt(float(np.dot(weights, (means - mu) ** 2)) / (n - 1)) if n > 1 else \
            math.nan
        return n, mu, sd


def _twelfths(result):
    """Results (1, 0, or a share of a tie: 1/2, 1/3, 1/4 or sums of them) as exact integer
    twelfths."""
    return np.rint(np.asarray(result) * 12.0).astype(np.int64)


class Summary:
    """Everything the report shows about one run, accumulated chunk by chunk (add()), so
    memory does not depend on the number of games: counts for rates, exact integer sums for
    means and deviations, histograms for distributions and quantiles."""

    def __init__(self, run):
        self.run = run
        S, n = run.n_sides, run.players
        self.n = 0
        self.side_wins = np.zeros(S, dtype=np.int64)
        self.side_ties = np.zeros(S, dtype=np.int64)
        self.side_r12 = np.zeros(S, dtype=np.int64)
        self.side_score = [0] * S
        self.strategies = {name: {"n": 0, "k": 0, "r12": 0, "wins": 0, "ties": 0,
                                  "groups": _Groups()} for name in run.strategy_names()}
        self.fd_wins = np.zeros(S, dtype=np.int64)
        self.fd_ties = np.zeros(S, dtype=np.int64)
        self.fd_r12 = np.zeros(S, dtype=np.int64)
        self.seat_points = {src: [0] * n for src in SOURCES}
        self.deals_total = 0
        self.deals = Hist()
        self.last_deal = 0
        self.reached = 0
        self.final = {"winner": Hist(), "runner-up": Hist(), "last": Hist(), "margin": Hist()}
        self.skunk = {"skunk or worse": 0, "skunk only": 0, "double skunk or worse": 0,
                      "triple skunk": 0, "lurch": 0}
        self.per_deal = {src: RatioMoments() for src in ("peg", "hand", "crib", "heels")}
        self.tie_games = 0
        # from /deals
        self.deal_rows = 0
        self.pos_count = [0] * n
        self.pos_points = [{src: 0 for src in SOURCES + ("total",)} for _ in range(n)]
        self.pos_total = [IntMoments() for _ in range(n)]
        self.edge = IntMoments()
        self.close_games = 0
        self.close_count = 0
        self.rec_hand = Hist()
        self.rec_crib = Hist()
        self.all_hand = Hist()
        self.all_crib = Hist()
        self.hand0 = Hist()
        self.hand_rows = IntMoments()
        self.mismatches = 0
        self.complete = 0

    def add(self, part):
        """Adds a chunk (a Run of some games and their deals)."""
        run = self.run
        n, S = run.players, run.n_sides
        g = part.games
        ng = len(g)
        if ng == 0:
            return
        self.n += ng
        res = part.side_results()
        r12 = _twelfths(res)
        scores = part.side_scores()
        self.side_wins += np.sum(res == 1.0, axis=0)
        self.side_ties += np.sum((res > 0) & (res < 1), axis=0)
        self.side_r12 += r12.sum(axis=0)
        for side in range(S):
            self.side_score[side] += int(scores[:, side].sum())
        self.tie_games += int(np.sum(g["winner"].astype(np.int64) < 0))
        groups = part.card_group
        for name, acc in self.strategies.items():
            share, result, counted = part.strategy_games(name)
            acc["n"] += int(counted.sum())
            acc["k"] += int(np.rint(share[counted] * S).sum())
            r = result[counted]
            acc["r12"] += int(_twelfths(r).sum())
            acc["wins"] += int(np.sum(r == 1.0))
            acc["ties"] += int(np.sum((r > 0) & (r < 1)))
            if S == 2 and run.rotations > 1:
                acc["groups"].add(groups[counted], _twelfths(r), run.path)
        fd = g["first_dealer"].astype(np.int64)
        rows = np.arange(ng)
        for pos in range(S):
            side = part.side_of_seat((fd + pos) % n)
            r = res[rows, side]
            self.fd_wins[pos] += int(np.sum(r == 1.0))
            self.fd_ties[pos] += int(np.sum((r > 0) & (r < 1)))
            self.fd_r12[pos] += int(r12[rows, side].sum())
        for src in SOURCES:
            if src not in g.dtype.names:
                continue
            col = g[src][:, :n].astype(np.int64).sum(axis=0)
            for s_ in range(n):
                self.seat_points[src][s_] += int(col[s_])
        deals = g["deals"].astype(np.int64)
        self.deals_total += int(deals.sum())
        self.deals.add(deals)
        max_deals = int(run.rules.get("max_deals") or 0)
        if max_deals:
            self.last_deal += int(np.sum(deals >= max_deals))
            self.reached += int(np.sum(scores.max(axis=1) >= int(run.rules["target"])))
        ordered = np.sort(scores, axis=1)[:, ::-1]
        self.final["winner"].add(ordered[:, 0])
        self.final["runner-up"].add(ordered[:, 1])
        if S > 2:
            self.final["last"].add(ordered[:, -1])
        self.final["margin"].add(ordered[:, 0] - ordered[:, 1])
        level = skunk_levels(part)
        self.skunk["skunk or worse"] += int(np.sum(level >= 1))
        self.skunk["skunk only"] += int(np.sum(level == 1))
        self.skunk["double skunk or worse"] += int(np.sum(level >= 2))
        self.skunk["triple skunk"] += int(np.sum(level >= 3))
        self.skunk["lurch"] += int(np.sum(g["lurch"].astype(np.int64) == 1))
        safe = np.maximum(deals, 1) * n
        for src in self.per_deal:
            self.per_deal[src].add(g[src][:, :n].astype(np.int64).sum(axis=1), safe)
        if part.deals is not None and len(part.deals):
            self._add_deals(part)

    def merge(self, other):
        """Adds the figures of another Summary of the same run's later games (a shard, or any
        rows that follow this Summary's), as if its chunks had been add()ed here: counts and
        exact sums add, histograms add, and the duplicate card group at the boundary is
        joined. So shards reduced separately, in any processes, and merged in file order give
        exactly the figures of the whole file."""
        for name, value in vars(other).items():
            if name == "run":
                continue
            setattr(self, name, _combined(getattr(self, name), value))
        return self

    def _add_deals(self, part):
        run = self.run
        n = run.players
        d = part.deals
        self.deal_rows += len(d)
        pts, position, complete = deal_points(part)
        for pos in range(n):
            mask = (position == pos) & complete[:, None]
            self.pos_count[pos] += int(mask.sum())
            for src in SOURCES + ("total",):
                self.pos_points[pos][src] += int(pts[src][mask].sum())
            self.pos_total[pos].add(pts["total"][mask])
        diff, _ = _edge_samples(part, pts, position, complete, scaled=True)
        self.edge.add(diff)
        hand_vals, crib_vals = show_values(part)
        close = _close_finishes(part, hand_vals, crib_vals)
        self.close_games += close[0]
        self.close_count += close[1]
        self.complete += int(complete.sum())
        self.rec_hand.add(d["hand"][complete][:, :n])
        self.rec_crib.add(d["crib"][complete])
        self.all_hand.add(hand_vals)
        self.all_crib.add(crib_vals)
        self.hand0.add(hand_vals[:, 0])
        self.hand_rows.add(hand_vals.sum(axis=1))
        self.mismatches += int(np.sum(hand_vals[complete] != d["hand"][complete][:, :n]) +
                               np.sum(crib_vals[complete] != d["crib"][complete]))


def _combined(a, b):
    """a and b (accumulated values of the same kind) added together, a updated in place
    where it can be."""
    if hasattr(a, "merge"):
        a.merge(b)
        return a
    if isinstance(a, dict):
        for k, v in b.items():
            a[k] = _combined(a[k], v) if k in a else v
        return a
    if isinstance(a, list):
        return [_combined(x, y) for x, y in zip(a, b)]
    return a + b  # int, numpy array


def summary(run):
    """The run's Summary, computed once (one pass over its chunks) and kept in run.cache."""
    got = run.cache.get("summary")
    if got is None:
        got = Summary(run)
        for part in run.chunks():
            got.add(part)
        run.cache["summary"] = got
    return got


# ---- the figures ----

def seat_table(run):
    """Win rate of each side by where it sits (seat, or team with partners), whoever plays
    there: wins, ties, rate with Wilson interval, fair share, exact binomial p-value against
    the fair share, mean final score; with two sides also the Elo difference and interval."""
    sm = summary(run)
    rows = []
    for side, name in enumerate(side_names(run)):
        wins, ties = int(sm.side_wins[side]), int(sm.side_ties[side])
        row = {"side": name, "wins": wins, "ties": ties,
               **_rate_row(sm.side_r12[side] / 12, sm.n, 1.0 / run.n_sides),
               "mean score": sm.side_score[side] / sm.n if sm.n else math.nan}
        if _two_sided(run):
            row["elo"], row["elo lo"], row["elo hi"] = stats.elo_interval(wins, ties, sm.n)
        rows.append(row)
    return pd.DataFrame(rows)


def strategy_table(run):
    """Win rate of each distinct strategy of the lineup against the rest, over the games
    where it does not sit on every side: wins (ties as halves), rate with Wilson interval,
    fair share (its fraction of the sides) and p-value against it; with two sides the Elo
    difference against the other side and, with duplicate deals, the paired interval."""
    sm = summary(run)
    rows = []
    for name in run.strategy_names():
        acc = sm.strategies[name]
        n = acc["n"]
        if n == 0:
            rows.append({"strategy": name, "games": 0, "note": "plays every side (self-play)"})
            continue
        fair = acc["k"] / run.n_sides / n
        row = {"strategy": name, **_rate_row(acc["r12"] / 12, n, fair)}
        if _two_sided(run):
            row["elo"], row["elo lo"], row["elo hi"] = stats.elo_interval(acc["wins"],
                                                                          acc["ties"], n)
            if run.rotations > 1:
                lo, hi = _paired(acc["r12"] / 12 / n, acc["groups"].finish())
                row["paired lo"], row["paired hi"] = lo, hi
                row["paired elo lo"] = stats.elo_from_score(lo)
                row["paired elo hi"] = stats.elo_from_score(hi)
        rows.append(row)
    return pd.DataFrame(rows)


def _paired(mean, groups, z=stats.Z95):
    """stats.paired_score_interval() from the group means' count and spread."""
    count, _, sd = groups
    if count < 2:
        return 0.0, 1.0
    se = sd / math.sqrt(count)
    return max(0.0, mean - z * se), min(1.0, mean + z * se)


def first_dealer_table(run):
    """Win rate of the side at each position relative to the game's first dealer: 0 the first
    dealer's side, 1 the side of the player to its left, and so on (two rows with partners).
    With two sides, the first dealer's row also carries the Elo-equivalent advantage."""
    sm = summary(run)
    rows = []
    for pos in range(run.n_sides):
        name = "first dealer" if pos == 0 else (
            "first pone" if pos == 1 else f"{'2nd' if pos == 2 else '3rd'} left of first dealer")
        if run.partnership:
            name = "first dealer's team" if pos == 0 else "first pone's team"
        wins, ties = int(sm.fd_wins[pos]), int(sm.fd_ties[pos])
        row = {"position": name, **_rate_row(sm.fd_r12[pos] / 12, sm.n, 1.0 / run.n_sides)}
        if _two_sided(run):
            row["elo"], row["elo lo"], row["elo hi"] = stats.elo_interval(wins, ties, sm.n)
        rows.append(row)
    return pd.DataFrame(rows)


def first_dealer_fixed(run):
    """The seat the rules fix as first dealer, or None when it is cut for."""
    fd = run.rules.get("first_dealer", "cut")
    return None if fd == "cut" else int(fd)


def sources_shown(runs):
    """The point sources a table of these runs shows: the five every game has, and muggins
    claims and renege penalties only where some run has any (most runs have none)."""
    extra = [src for src in ("mugged", "penalty")
             if any(sum(summary(run).seat_points[src]) for run in runs)]
    return SOURCES[:5] + tuple(extra)


def points_by_seat(run):
    """Points each seat earned per deal by source, over whole games (from /games): each
    source's total divided by the deals played."""
    sm = summary(run)
    deals = sm.deals_total
    rows = []
    for s in range(run.players):
        row = {"seat": f"seat {s}"}
        total = 0.0
        for src in SOURCES:
            v = sm.seat_points[src][s] / deals if deals else math.nan
            row[src] = v
            total += v
        row["total"] = total
        rows.append(row)
    return pd.DataFrame(rows)


def deal_points(run):
    """(points, position, complete) from a run's /deals in memory (a chunk), or None without
    deals: points a dict of (deals, players) arrays per source and 'total', position (deals,
    players) the position of each seat, complete (deals,) True where the game did not end in
    the deal."""
    d = run.deals
    if d is None or len(d) == 0:
        return None
    n = run.players
    dealer = d["dealer"].astype(np.int64)
    seats = np.arange(n)
    position = (seats[None, :] - dealer[:, None]) % n
    is_dealer = position == 0
    pts = {
        "peg": d["peg"][:, :n].astype(np.int64),
        "hand": d["hand"][:, :n].astype(np.int64),
        "crib": np.where(is_dealer, d["crib"].astype(np.int64)[:, None], 0),
        "heels": np.where(is_dealer, d["heels"].astype(np.int64)[:, None], 0),
        "bonus": (d["bonus"][:, :n].astype(np.int64) if "bonus" in d.dtype.names
                  else np.zeros((len(d), n), dtype=np.int64)),
        "mugged": (d["mugged"][:, :n].astype(np.int64) if "mugged" in d.dtype.names
                   else np.zeros((len(d), n), dtype=np.int64)),
        "penalty": (d["penalty"][:, :n].astype(np.int64) if "penalty" in d.dtype.names
                    else np.zeros((len(d), n), dtype=np.int64)),
    }
    pts["total"] = sum(pts[s] for s in SOURCES)
    return pts, position, d["ended"] == 0


def points_by_position(run):
    """Mean points per deal of the seat at each position by source, over the deals the game
    did not end in; None without /deals. Columns: position, deals, each source, total, sd
    (of the total)."""
    sm = summary(run)
    if not sm.deal_rows:
        return None
    rows = []
    for pos in range(run.players):
        n = sm.pos_count[pos]
        row = {"position": POSITION_NAMES[pos], "deals": n}
        for src in SOURCES + ("total",):
            row[src] = sm.pos_points[pos][src] / n if n else math.nan
        row["sd"] = sm.pos_total[pos].sd() if n > 1 else math.nan
        rows.append(row)
    return pd.DataFrame(rows)


def _edge_samples(run, pts, position, complete, scaled=False):
    """The per-deal differences of dealer_edge() over the complete deals of a chunk, and what
    they measure; `scaled`: times (players - 1) without partners, so they are integers."""
    total = pts["total"][complete]
    pos = position[complete]
    if run.partnership:
        side = np.asarray(run.side_of_seat(np.arange(run.players)))
        dealer_side = side[np.argmax(pos == 0, axis=1)]
        mine = side[None, :] == dealer_side[:, None]
        diff = (total * mine).sum(axis=1) - (total * ~mine).sum(axis=1)
        return diff, "dealer's team minus the other team"
    dealer_pts = (total * (pos == 0)).sum(axis=1)
    others = (total * (pos != 0)).sum(axis=1)
    if scaled:
        return dealer_pts * (run.players - 1) - others, None
    return dealer_pts - others / (run.players - 1), \
        "dealer minus the mean of the other players"


def dealer_edge(run):
    """What dealing is worth per deal: the dealer's points minus the mean of the other seats'
    points (the sum of the others divided by their number, players - 1), over the deals the
    game did not end in, with a 95% interval (normal, from the per-deal differences). None
    without /deals. Returns a dict: what, deals, mean, lo, hi; with partners the dealer's
    team minus the other team."""
    sm = summary(run)
    if not sm.deal_rows:
        return None
    scale = 1 if run.partnership else run.players - 1
    what = ("dealer's team minus the other team" if run.partnership else
            "dealer minus the mean of the other players")
    m = sm.edge
    out = {"what": what, "deals": m.n, "mean": math.nan, "lo": math.nan, "hi": math.nan}
    if m.n < 2:
        return out
    mean = m.mean(scale)
    se = m.sd(scale) / math.sqrt(m.n)
    out.update(mean=mean, lo=mean - stats.Z95 * se, hi=mean + stats.Z95 * se)
    return out


def deals_per_game(run):
    """Deals per game: a dict with mean, sd, min, median, max, the distribution (Series of
    counts by number of deals) and, with a fixed number of deals, the share of games that
    went to the last deal."""
    sm = summary(run)
    out = {"games": sm.n}
    if sm.n == 0:
        return out
    h = sm.deals
    out.update(mean=h.mean(), sd=h.sd() if sm.n > 1 else 0.0, min=h.min(),
               median=h.median(), max=h.max(), counts=h.series())
    max_deals = int(run.rules.get("max_deals") or 0)
    if max_deals:
        out["last deal"] = _rate_row(sm.last_deal, sm.n)
        out["reached target"] = _rate_row(sm.reached, sm.n)
    out["close finish"] = last_deal_finish(run)
    return out


def last_deal_finish(run):
    """How close the end was, from /deals (None without them): over the games some side won
    by reaching the target, the share in which a losing side would also have reached it with
    the show it never counted in the last deal (its hands, and the crib when it dealt, as the
    cards score them, minus what it did count): the counting order (pone first, dealer and
    crib last) decided those games. A lower bound, since the loser's unplayed pegging is not
    known. Returns a dict: games (reaching the target), count, rate, lo, hi."""
    sm = summary(run)
    if not sm.deal_rows:
        return None
    count, games = sm.close_count, sm.close_games
    return {"games": games, "count": count, **_rate_row(count, games)}


def _close_finishes(run, hand_vals, crib_vals):
    """(games won at the target, of them decided by the counting order) among a chunk's
    games (whose deals are all in the chunk): last_deal_finish()."""
    d = run.deals
    n = run.players
    target = int(run.rules["target"])
    last = np.r_[d["game"][1:] != d["game"][:-1], True]  # the last deal of each game
    rows = np.flatnonzero(last)
    game_rows = np.searchsorted(run.games["game"], d["game"][rows])
    game_rows = np.minimum(game_rows, len(run.games) - 1)
    scores = run.side_scores()[game_rows]
    winner = run.games["winner"][game_rows].astype(np.int64)
    reached = (winner >= 0) & (scores.max(axis=1) >= target)
    side = np.asarray(run.side_of_seat(np.arange(n)))
    uncounted_hand = hand_vals[rows] - d["hand"][rows][:, :n].astype(np.int64)
    dealer_side = side[d["dealer"][rows].astype(np.int64)]
    uncounted_crib = crib_vals[rows] - d["crib"][rows].astype(np.int64)
    close = np.zeros(len(rows), dtype=bool)
    for s_ in range(run.n_sides):
        left = uncounted_hand[:, side == s_].sum(axis=1) + np.where(dealer_side == s_,
                                                                    uncounted_crib, 0)
        close |= (winner != s_) & (scores[:, s_] + left >= target)
    return int(reached.sum()), int(np.sum(close & reached))


def final_scores(run):
    """Per game of a run in memory (or a chunk): the winning side's score, the best losing
    side's score (the runner-up), with more than two sides the lowest side's score, and the
    margin (winner minus runner-up); a DataFrame over games."""
    scores = np.sort(run.side_scores(), axis=1)[:, ::-1]
    cols = {"winner": scores[:, 0], "runner-up": scores[:, 1]}
    if run.n_sides > 2:
        cols["last"] = scores[:, -1]
    cols["margin"] = scores[:, 0] - scores[:, 1]
    return pd.DataFrame(cols)


def final_score_hists(run):
    """final_scores()'s columns as histograms (Hist) over the whole run."""
    sm = summary(run)
    names = ["winner", "runner-up"] + (["last"] if run.n_sides > 2 else []) + ["margin"]
    return {k: sm.final[k] for k in names}


def final_score_summary(run):
    """Mean, sd and quartiles of final_scores()'s columns."""
    rows = []
    for col, h in final_score_hists(run).items():
        n = h.n
        rows.append({"figure": col, "mean": h.mean() if n else math.nan,
                     "sd": h.sd() if n > 1 else math.nan,
                     "q1": h.percentile(25) if n else math.nan,
                     "median": h.median() if n else math.nan,
                     "q3": h.percentile(75) if n else math.nan})
    return pd.DataFrame(rows)


def skunk_levels(run):
    """(games,) the worst skunk level among each game's losers (0 to 3)."""
    return run.games["skunk"][:, :run.players].max(axis=1).astype(np.int64)


def skunk_table(run):
    """Rates of skunk or worse, double or worse, triple, and lurch, per game, with Wilson
    intervals."""
    sm = summary(run)
    rows = []
    for name in ("skunk or worse", "skunk only", "double skunk or worse", "triple skunk",
                 "lurch"):
        hits = sm.skunk[name]
        rows.append({"result": name, "count": hits, **_rate_row(hits, sm.n)})
    return pd.DataFrame(rows)


def kept_hands(run):
    """(hands (deals, players, k), crib (deals, 4)) card codes: each seat's kept cards (dealt
    minus discarded, in dealt order) and the crib (discards, then the card from the deck)."""
    d = run.deals
    n = run.players
    k = int(run.rules["cards_dealt"]) - int(run.rules["discards"])
    dealt = d["dealt"][:, :n, :int(run.rules["cards_dealt"])].astype(np.int64)
    disc = d["discard"][:, :n, :int(run.rules["discards"])].astype(np.int64)
    is_disc = np.any(dealt[:, :, :, None] == disc[:, :, None, :], axis=3)
    if np.any(is_disc.sum(axis=2) != disc.shape[2]):
        raise ValueError(f"{run.path}: a discard is not among the cards dealt to its seat")
    # The kept cards' positions in dealt order: exactly k per seat (checked above), so the
    # positions of the cards not discarded, in C order, fill (deals, players, k).
    order = np.nonzero(~is_disc)[2].reshape(len(d), n, k)
    hands = np.take_along_axis(dealt, order, axis=2)
    crib_parts = [disc.reshape(len(d), -1)]
    if int(run.rules.get("crib_from_deck", 0)):
        crib_parts.append(d["crib_extra"].astype(np.int64)[:, None])
    crib = np.concatenate(crib_parts, axis=1)
    return hands, crib


def show_values(run):
    """Hand and crib values for every deal, recomputed from the cards with the file's flush
    rules: (hand (deals, players), crib (deals,)). None without /deals."""
    if run.deals is None or len(run.deals) == 0:
        return None
    hands, crib = kept_hands(run)
    starter = run.deals["starter"].astype(np.int64)
    n_deals, n, k = hands.shape
    hand_vals = cards.show_score(hands.reshape(-1, k), np.repeat(starter, n),
                                 int(run.rules["hand_flush_min"])).reshape(n_deals, n)
    crib_vals = cards.show_score(crib, starter, int(run.rules["crib_flush_min"]))
    return hand_vals, crib_vals


def show_distributions(run):
    """The hand and crib scores seen in play. Returns None without /deals, else a dict:
    table (DataFrame: score, then counts and fractions of hands and cribs as recorded in the
    deals the game did not end in, and of every hand and crib recomputed from the cards),
    means, and mismatches: recorded values that differ from the recomputation (should be 0)."""
    sm = summary(run)
    if not sm.deal_rows:
        return None
    top = 29
    table = pd.DataFrame({"score": np.arange(top + 1)})
    for name, h in (("hand", sm.rec_hand), ("crib", sm.rec_crib),
                    ("hand, all deals", sm.all_hand), ("crib, all deals", sm.all_crib)):
        counts = h.clipped(top)
        table[name] = counts
        table[name + " %"] = counts / max(1, h.n)
    means = {"hand": sm.rec_hand.mean() if sm.rec_hand.n else math.nan,
             "crib": sm.rec_crib.mean() if sm.rec_crib.n else math.nan,
             "hand, all deals": sm.all_hand.mean(),
             "crib, all deals": sm.all_crib.mean()}
    return {"table": table, "means": means, "mismatches": sm.mismatches,
            "complete deals": sm.complete, "deals": sm.deal_rows}


def read_hand_stats(path):
    """Reads `cribsim hand-stats` output (lines "SCORE COUNT", then "total N mean M") into a
    Series of probabilities indexed by score."""
    counts = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
                counts[int(parts[0])] = int(parts[1])
    if not counts:
        raise ValueError(f"{path}: no 'SCORE COUNT' lines (expected `cribsim hand-stats` "
                         "output)")
    s = pd.Series(counts).sort_index()
    total = int(s.sum())
    s = s / total
    # Every four-card hand with every starter is C(52,4) * 48 = 12,994,800; three-card hands
    # (`--cards 3`) C(52,3) * 49 = 1,082,900.
    s.attrs["cards"] = {12994800: 4, 1082900: 3}.get(total)
    s.attrs["total"] = total
    return s


def exact_comparison(run, exact):
    """The hands and cribs of a run (every deal, recomputed from the cards) against exact
    distributions (dict 'hand'/'crib' -> Series from read_hand_stats()). A list of dicts:
    what, n (hands or cribs), mean (with a 95% interval), exact mean, the chi-square
    goodness-of-fit p and its degrees of freedom, and the largest difference in the share of
    any score. Hands are compared only when the exact file is for hands of the run's size.

    The hands of one deal share the starter, so they are not independent: the interval of the
    mean comes from the spread of the per-deal means, and the chi-square test uses one hand
    per deal (seat 0's; with random discards every seat's hand has the same distribution)."""
    sv = show_distributions(run)
    if sv is None or not exact:
        return []
    sm = summary(run)
    kept = int(run.rules["cards_dealt"]) - int(run.rules["discards"])
    out = []
    # per kind: (every value, the first value of each deal, per-deal sums, values per deal)
    kinds = (("hand", sm.all_hand, sm.hand0, sm.hand_rows, run.players),
             ("crib", sm.all_crib, sm.all_crib, sm.all_crib.moments(), 1))
    for what, values, first, rows, width in kinds:
        e = exact.get(what)
        if e is None or (what == "hand" and e.attrs.get("cards") not in (None, kept)):
            continue
        top = max(values.max(), int(e.index.max()))
        probs = np.zeros(top + 1)
        probs[e.index.to_numpy()] = e.to_numpy()
        p, dof = stats.chi2_gof_test(first.padded(top + 1), probs)
        counts = values.padded(top + 1)
        n = values.n
        mean = values.mean()
        se = rows.sd(width) / math.sqrt(rows.n) if rows.n > 1 else math.nan
        out.append({"what": what, "n": n, "mean": mean, "lo": mean - stats.Z95 * se,
                    "hi": mean + stats.Z95 * se,
                    "exact mean": float(np.dot(np.arange(top + 1), probs)),
                    "p": p, "dof": dof, "tested": rows.n,
                    "max diff": float(np.max(np.abs(counts / n - probs)))})
    return out


# ---- comparisons between runs ----

class Sample:
    """A compared mean: count, mean and variance (from IntMoments, RatioMoments or Hist)."""

    def __init__(self, n, mean, var):
        self.n, self.mean, self.var = n, mean, var

    @classmethod
    def of(cls, m, scale=1):
        if isinstance(m, Hist):
            m = m.moments()
        if isinstance(m, IntMoments):
            return cls(m.n, m.mean(scale), m.var(scale))
        return cls(m.n, m.mean(), m.var())  # RatioMoments


def comparison_measures(run):
    """The figures compared between runs, each with what its test needs: a dict name ->
    ("rate", successes, trials), ("excess", successes, trials, fair share) or ("mean",
    Sample)."""
    sm = summary(run)
    out = {}
    # Against its fair share, so that runs with different numbers of sides compare.
    out["first dealer's side: win rate minus fair share"] = (
        "excess", sm.fd_r12[0] / 12, sm.n, 1.0 / run.n_sides)
    for name in run.strategy_names():
        acc = sm.strategies[name]
        if acc["n"]:
            out[f"{name} wins"] = ("rate", acc["r12"] / 12, acc["n"])
    out["skunk or worse"] = ("rate", sm.skunk["skunk or worse"], sm.n)
    out["double skunk or worse"] = ("rate", sm.skunk["double skunk or worse"], sm.n)
    out["lurch"] = ("rate", sm.skunk["lurch"], sm.n)
    max_deals = int(run.rules.get("max_deals") or 0)
    if max_deals:
        out["games to the last deal"] = ("rate", sm.last_deal, sm.n)
    close = last_deal_finish(run)
    if close is not None and close["games"]:
        out["loser would have gone out in the last deal"] = ("rate", close["count"],
                                                             close["games"])
    out["deals per game"] = ("mean", Sample.of(sm.deals))
    out["margin"] = ("mean", Sample.of(sm.final["margin"]))
    out["runner-up's score"] = ("mean", Sample.of(sm.final["runner-up"]))
    for src in ("peg", "hand", "crib", "heels"):
        out[f"{src} points per deal per player"] = ("mean", Sample.of(sm.per_deal[src]))
    if sm.deal_rows and sm.edge.n > 1:
        scale = 1 if run.partnership else run.players - 1
        out["dealer's edge, points per deal"] = ("mean", Sample.of(sm.edge, scale))
    if sm.deal_rows:
        out["hand value (shown)"] = ("mean", Sample.of(sm.rec_hand))
        out["crib value (shown)"] = ("mean", Sample.of(sm.rec_crib))
    return out


def compare_runs(runs):
    """Side-by-side figures of several runs with each one tested against the first (the
    baseline): a DataFrame with one row per figure: the value in each run, then for each
    other run the p-value of its difference from the baseline (two-proportion z-test for
    rates, Welch's t-test for means) and whether it is significant at 5% after Holm's
    correction over the whole table."""
    measures = [comparison_measures(r) for r in runs]
    names = list(dict.fromkeys(k for m in measures for k in m))
    rows = []
    for name in names:
        row = {"figure": name, "kind": measure_kind(name, measures)}
        base = measures[0].get(name)
        for run, m in zip(runs, measures):
            v = m.get(name)
            row[run.label] = _value(v)
        for run, m in zip(runs[1:], measures[1:]):
            row[f"p {run.label}"] = _pvalue(base, m.get(name))
        rows.append(row)
    table = pd.DataFrame(rows)
    pcols = [f"p {r.label}" for r in runs[1:]]
    if pcols:
        flat = table[pcols].to_numpy(dtype=float).ravel()
        adjusted = stats.holm(flat).reshape(len(table), len(pcols))
        for j, col in enumerate(pcols):
            table[f"sig {col[2:]}"] = [bool(a < 0.05) if not math.isnan(a) else False
                                       for a in adjusted[:, j]]
    return table


def _value(v):
    if v is None:
        return math.nan
    if v[0] == "rate":
        return v[1] / v[2] if v[2] else math.nan
    if v[0] == "excess":
        return v[1] / v[2] - v[3] if v[2] else math.nan
    return v[1].mean if v[1].n else math.nan


def _pvalue(a, b):
    if a is None or b is None:
        return math.nan
    if a[0] == "rate":
        return stats.two_proportion_test(a[1], a[2], b[1], b[2])
    if a[0] == "excess":
        return stats.excess_difference_test(a[1], a[2], a[3], b[1], b[2], b[3])
    return stats.welch_test_moments(a[1].n, a[1].mean, a[1].var, b[1].n, b[1].mean,
                                    b[1].var)


def measure_kind(name, runs_measures):
    """'rate', 'excess' or 'mean': how a compared figure is measured (for formatting)."""
    for m in runs_measures:
        if name in m:
            return m[name][0]
    return "mean"


# ---- paired comparisons: two runs dealt the same cards game by game ----

def _game_chunks(run, rows):
    if isinstance(run, runfile.RunFile):
        return run.chunks(rows, deals=False)
    return run.chunks(rows)


def pairing(base, other):
    """Why two runs can be compared game by game, or None: the cards of deal d of game g
    depend only on (seed, g, d), so two runs with the same seed (and generator) that hold the
    same game indices were dealt the same cards in every game (common random numbers),
    whatever their rules and strategies. Returns a sentence, or None when the seeds or the
    generators differ or a run has no games."""
    a, b = base.attrs, other.attrs
    if a.get("seed") is None or a.get("seed") != b.get("seed"):
        return None
    if a.get("rng") != b.get("rng") or not base.n_games or not other.n_games:
        return None
    return (f"{base.label} and {other.label} share the seed {a.get('seed')}: game g of each "
            "was dealt the same cards")


class _PairedAcc:
    """Per-game differences other - base of one figure, and each side's values."""

    def __init__(self, name, kind, scale=1):
        self.name, self.kind, self.scale = name, kind, scale
        self.a, self.b, self.d = IntMoments(), IntMoments(), IntMoments()

    def add(self, a, b):
        a = np.asarray(a, dtype=np.int64)
        b = np.asarray(b, dtype=np.int64)
        self.a.add(a)
        self.b.add(b)
        self.d.add(b - a)

    def row(self):
        n, sc = self.d.n, self.scale
        out = {"figure": self.name, "kind": self.kind, "games": n,
               "base": self.a.mean(sc), "other": self.b.mean(sc), "diff": self.d.mean(sc),
               "lo": math.nan, "hi": math.nan, "p": math.nan, "unpaired": math.nan}
        if n < 2:
            return out
        sd = self.d.sd(sc)
        se = sd / math.sqrt(n)
        out["lo"], out["hi"] = out["diff"] - stats.Z95 * se, out["diff"] + stats.Z95 * se
        out["p"] = stats.paired_test(out["diff"], sd, n)
        out["unpaired"] = stats.Z95 * math.sqrt((self.a.var(sc) + self.b.var(sc)) / n)
        return out


def paired_comparison(base, other, chunk_rows=None):
    """Game-by-game differences between two runs dealt the same cards (pairing()), over the
    games both hold, read chunk by chunk. None when they cannot be paired (another seed, or
    other game indices: then the games are not twins). A DataFrame, one row per figure:
    games, the mean in each run, the mean difference (other - base) with its paired 95%
    interval (normal, from the spread of the per-game differences), the paired t-test's p, and
    `unpaired`, the half-width the interval would have if the runs were independent.

    Figures: each strategy both lineups hold (its result: 1 a win, 0 a loss, a share of a
    tie; over the games it counts in both), the first dealer's side (its result minus its
    fair share, so runs with other numbers of sides compare), each side's final score (when
    both runs have the same sides) and the deals per game."""
    if pairing(base, other) is None:
        return None
    n = min(base.n_games, other.n_games)
    rows = runfile.chunk_size(chunk_rows)
    names = [s for s in base.strategy_names() if s in other.strategy_names()]
    accs = {("strategy", s): _PairedAcc(f"{s} wins", "rate", 12) for s in names}
    accs["fd"] = _PairedAcc("first dealer's side: win rate minus fair share", "excess", 12)
    same_sides = base.n_sides == other.n_sides
    if same_sides:
        for side, label in enumerate(side_names(base)):
            accs[("score", side)] = _PairedAcc(f"final score, {label}", "mean")
    accs["deals"] = _PairedAcc("deals per game", "mean")
    seen = 0
    for pa, pb in zip(_game_chunks(base, rows), _game_chunks(other, rows)):
        k = min(len(pa.games), len(pb.games), n - seen)
        if k <= 0:
            break
        if k < len(pa.games) or k < len(pb.games):
            pa = pa.piece(pa.games[:k], None)
            pb = pb.piece(pb.games[:k], None)
        if not np.array_equal(pa.games["game"], pb.games["game"]):
            return None  # other games: not twins
        seen += k
        for s in names:
            _, ra, ca = pa.strategy_games(s)
            _, rb, cb = pb.strategy_games(s)
            both = ca & cb
            accs[("strategy", s)].add(_twelfths(ra[both]), _twelfths(rb[both]))
        fa = _twelfths(pa.side_results()[np.arange(k), pa.side_of_seat(
            pa.games["first_dealer"].astype(np.int64))]) - 12 // pa.n_sides
        fb = _twelfths(pb.side_results()[np.arange(k), pb.side_of_seat(
            pb.games["first_dealer"].astype(np.int64))]) - 12 // pb.n_sides
        accs["fd"].add(fa, fb)
        if same_sides:
            sa, sb = pa.side_scores(), pb.side_scores()
            for side in range(base.n_sides):
                accs[("score", side)].add(sa[:, side], sb[:, side])
        accs["deals"].add(pa.games["deals"], pb.games["deals"])
    table = pd.DataFrame([a.row() for a in accs.values() if a.d.n])
    if len(table):
        table["sig"] = [bool(x < 0.05) if not math.isnan(x) else False
                        for x in stats.holm(table["p"].to_numpy(dtype=float))]
    return table

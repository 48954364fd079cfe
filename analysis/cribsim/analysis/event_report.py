"""What simulated events say: who wins them, who takes the prizes, and how well the standings
rank the field by strength.

    cribsim-events EVENTS.h5 [MORE.h5 ...] [--strength NAME=VALUE,...] [--summary | -o DIR]

An event file is what `cribsim event` writes: /events (one row per event), /standings (one row
per event and entrant: rank, points, wins, losses, ties, prize in cents) and /games, with the
field (entrants and the table of strategies they play) as root attributes. For each file this
reports, per strategy:

- the chance that one of its entrants wins the event, and the chance that a given entrant of
  it wins, finishes second or third, with 95% Wilson intervals;
- its entrants' mean prize money per event (per week of a season: divided by the weeks) and
  mean standings points, with 95% normal intervals;
- its entrants' mean rank.

Every interval counts events, not entrants: the events are independent, an event's entrants
are not (two partners share a finish; only one entrant can be first). A per-entrant figure's
interval comes from the spread, over the events, of the strategy's mean over its entrants in
each event (for a chance, the Wilson interval with the effective number of trials that spread
implies: the events alone when a strategy's entrants always finish together, its entrant-
events when they are independent). `points_difference` gives the interval of the difference
between two strategies' mean points from the same events, paired event by event.

and, for the field as a whole: the mean Spearman rank correlation between each entrant's
strength and its final standing (1 means the standings follow strength exactly), and how often
the standings rank the strategies correctly: the strategies ordered by their entrants' mean
rank come out in the order of strength, which needs at least two strategies of different
strength. Several files side by side (the same field over more games per event, say) show how
both grow with the games played.

Strength. By default a strategy's strength is its place on the built-in ladder (random, greedy,
expected, expert, mc, weakest first; any parameters ignored); --strength gives numbers by
strategy spec or name instead (`--strength mc=3,expected=2,greedy=1`). Entrants of equal
strength tie in the correlation.

Memory is bounded: /standings is read in blocks of whole events (--chunk-events, 4096 by
default, fewer when the events are large: at most BLOCK_ROWS rows a block), and only counts
and sums by strategy are kept, so a file of any number of events is read in memory
proportional to the block plus the strategy table. Nothing is sized by a product of the
file's counts: a file's rows an event must match its field (the `entrants` attribute), and
every event's entrants play the same strategies as the first's, or the file is refused.
"""

import argparse
import json
import math
import os
import sys

import h5py
import numpy as np

from ..io import cliio
from .stats import Z95, clustered_mean_interval, clustered_wilson, wilson

LADDER = ("random", "greedy", "expected", "expert", "mc")
STANDINGS_FIELDS = ("event", "entrant", "strategy", "rank", "points", "prize_cents")


class EventFileError(cliio.BadInput):
    """A file that is not a readable event file; the message names it."""


def _text(v):
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return str(v)


def _strategies(f, path):
    """The table of strategy specs the standings' `strategy` field indexes."""
    for name in ("strategies", "strategy_table"):
        if name in f.attrs:
            value = f.attrs[name]
            if isinstance(value, (bytes, str)):
                try:
                    return [str(s) for s in json.loads(_text(value))]
                except (ValueError, TypeError):
                    return [_text(value)]
            return [_text(s) for s in np.atleast_1d(value)]
    raise EventFileError(f"{path}: no strategies attribute: not an event file written by cribsim event")


def base_name(spec):
    """The strategy's name without parameters: 'mc:samples=9' -> 'mc'."""
    return spec.split(":", 1)[0]


def parse_strength(text):
    """'mc=3,expected=2' -> {'mc': 3.0, 'expected': 2.0}; raises ValueError naming the bad part."""
    out = {}
    if not text:
        return out
    for part in text.split(","):
        if "=" not in part:
            raise ValueError(f"--strength: '{part}' is not NAME=VALUE")
        name, value = part.rsplit("=", 1)
        try:
            out[name.strip()] = float(value)
        except ValueError:
            raise ValueError(f"--strength: '{value}' is not a number (in '{part}')") from None
    return out


def strength_of(specs, given):
    """One number per strategy spec: from `given` by full spec, then by name, else the ladder."""
    out = []
    for spec in specs:
        if spec in given:
            out.append(given[spec])
        elif base_name(spec) in given:
            out.append(given[base_name(spec)])
        elif base_name(spec) in LADDER:
            out.append(float(LADDER.index(base_name(spec))))
        else:
            raise ValueError(f"no strength for strategy '{spec}': give it with --strength")
    return np.array(out, dtype=float)


def _average_ranks(x):
    """Ranks 1..n along the last axis with ties averaged (as scipy's rankdata), for a 2-D array."""
    order = np.argsort(x, axis=1, kind="stable")
    ranks = np.empty_like(x, dtype=float)
    rows = np.arange(x.shape[0])[:, None]
    ranks[rows, order] = np.arange(1, x.shape[1] + 1, dtype=float)[None, :]
    # average ties: for each row, entries equal in x share the mean of their ranks
    xs = np.take_along_axis(x, order, axis=1)
    rs = np.take_along_axis(ranks, order, axis=1)
    for r in range(x.shape[0]):  # ties are few and rows short; the loop is per block row
        row = xs[r]
        if np.all(row[1:] != row[:-1]):
            continue
        starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
        ends = np.r_[starts[1:], len(row)]
        for a, b in zip(starts, ends):
            if b - a > 1:
                rs[r, a:b] = rs[r, a:b].mean()
        ranks[r, order[r]] = rs[r]
    return ranks


def spearman_rows(x, y):
    """Spearman correlation of each row of x with the same row of y (NaN where one is flat)."""
    rx = _average_ranks(x)
    ry = _average_ranks(y)
    rx -= rx.mean(axis=1, keepdims=True)
    ry -= ry.mean(axis=1, keepdims=True)
    den = np.sqrt((rx * rx).sum(axis=1) * (ry * ry).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, (rx * ry).sum(axis=1) / den, np.nan)


class Summary:
    """Counts and sums over the events of one file."""

    def __init__(self, path, specs, strength, n_entrants, weeks):
        self.path = path
        self.specs = specs
        self.strength = strength
        self.n = n_entrants
        self.weeks = weeks
        k = len(specs)
        self.field = None  # the strategies of the field's entrants, sorted (the first event)
        self.events = 0
        self.entrants = np.zeros(k, dtype=np.int64)  # entrants of each strategy in the field
        self.event_wins = np.zeros(k)  # events won by an entrant of the strategy (ties shared)
        # Each sum over entrant-events has beside it the sum over events of the square of the
        # event's sum over the strategy's entrants: the intervals count events (see above).
        self.place = np.zeros((k, 3))  # entrant-finishes in places 1..3
        self.place_sq = np.zeros((k, 3))
        self.prize = np.zeros(k)  # sum of prize money (cents) over entrant-events
        self.prize_sq = np.zeros(k)
        self.rank_sum = np.zeros(k)
        self.points = np.zeros(k)  # sum of standings points (clips, league points, matches won)
        self.points_sq = np.zeros(k)
        # sum over events of the product of two strategies' points in the event, for paired
        # differences (the diagonal is points_sq)
        self.points_cross = np.zeros((k, k))
        self.rho_sum = 0.0
        self.rho_sq = 0.0
        self.rho_n = 0
        self.correct = 0
        self.games = 0

    def _by_strategy(self, strat, values):
        """The sums of values (an array shaped like strat) over each strategy's rows."""
        return np.bincount(strat.ravel(), weights=np.ravel(values), minlength=len(self.specs))

    def add_block(self, strat, rank, prize, points=None):
        """strat, rank, prize, points: arrays of shape (events, entrants). Memory: a few
        arrays of the block's shape and of the strategy table's length."""
        e, k = strat.shape[0], len(self.specs)
        if self.events == 0:
            self.entrants = np.bincount(strat[0], minlength=k).astype(np.int64)
            self.field = np.sort(strat[0])
        if not np.array_equal(np.sort(strat, axis=1), np.broadcast_to(self.field, strat.shape)):
            raise EventFileError(f"{self.path}: an event's entrants play other strategies than "
                                 "the first event's field")
        self.events += e
        first = rank == rank.min(axis=1, keepdims=True)
        share = first / first.sum(axis=1, keepdims=True)
        self.event_wins += self._by_strategy(strat, share)
        # (events, strategies): each event's sum over each strategy's entrants
        cell = (np.arange(e)[:, None] * k + strat).ravel()

        def per_event(values):
            return np.bincount(cell, weights=np.ravel(values), minlength=e * k).reshape(e, k)

        for p in range(3):
            x = per_event(rank == p + 1)
            self.place[:, p] += x.sum(axis=0)
            self.place_sq[:, p] += (x * x).sum(axis=0)
        pr = per_event(prize.astype(float))
        self.prize += pr.sum(axis=0)
        self.prize_sq += (pr * pr).sum(axis=0)
        self.rank_sum += self._by_strategy(strat, rank)
        if points is not None:
            pt = per_event(points)
            self.points += pt.sum(axis=0)
            self.points_sq += (pt * pt).sum(axis=0)
            self.points_cross += pt.T @ pt
        # strength against standing: a stronger entrant should have a smaller rank number
        s = self.strength[strat]
        rho = spearman_rows(s, -rank.astype(float))
        ok = ~np.isnan(rho)
        self.rho_sum += float(rho[ok].sum())
        self.rho_sq += float((rho[ok] ** 2).sum())
        self.rho_n += int(ok.sum())
        # the strategies in the right order: mean rank of each strategy's entrants per event
        present = np.flatnonzero(self.entrants)
        if np.unique(self.strength[present]).size >= 2:
            # each entrant's strategy as its place among those present, then the sum of the
            # ranks of each event's entrants by that place: (events, strategies present)
            place = np.searchsorted(present, strat)
            cell = np.arange(e)[:, None] * present.size + place
            total = np.bincount(cell.ravel(), weights=rank.ravel(), minlength=e * present.size)
            mean_rank = total.reshape(e, present.size) / self.entrants[present]
            st = self.strength[present]
            # correct when, for every pair of strategies of different strength, the stronger
            # one's entrants have the better (smaller) mean rank
            i, j = np.nonzero(st[:, None] > st[None, :])
            self.correct += int(np.all(mean_rank[:, i] < mean_rank[:, j], axis=1).sum())

    def rows(self):
        """One dict per strategy present in the field."""
        out = []
        for s, spec in enumerate(self.specs):
            m = int(self.entrants[s])
            if m == 0:
                continue
            trials = self.events * m
            w_lo, w_hi = wilson(self.event_wins[s], self.events)
            places = []
            for p in range(3):
                lo, hi = clustered_wilson(self.place[s, p], self.place_sq[s, p], self.events, m)
                places.append((self.place[s, p] / trials, lo, hi))
            mean = self.prize[s] / trials / 100.0
            lo, hi = clustered_mean_interval(self.prize[s] / 100.0, self.prize_sq[s] / 1e4,
                                             self.events, m)
            out.append({
                "strategy": spec, "entrants": m, "strength": float(self.strength[s]),
                "event_win": self.event_wins[s] / self.events, "event_win_ci": (w_lo, w_hi),
                "places": places,
                "prize": mean / self.weeks, "prize_ci": (lo / self.weeks, hi / self.weeks),
                "mean_rank": self.rank_sum[s] / trials,
                "points": self.points[s] / trials,
                "points_ci": clustered_mean_interval(self.points[s], self.points_sq[s],
                                                     self.events, m),
            })
        return out

    def points_difference(self, a, b):
        """(difference, (lo, hi)): strategy a's entrants' mean points an event minus strategy
        b's (both indexes into specs, both in the field), with the 95% normal interval of the
        per-event differences of the two means: paired by event, as they play the same events."""
        k = len(self.specs)
        if not (0 <= a < k and 0 <= b < k) or not self.entrants[a] or not self.entrants[b]:
            raise ValueError("both strategies must be in the field")
        ma, mb = int(self.entrants[a]), int(self.entrants[b])
        n = self.events
        diff = self.points[a] / ma / n - self.points[b] / mb / n
        if n < 2:
            return diff, (float("nan"), float("nan"))
        sq = (self.points_sq[a] / (ma * ma) + self.points_sq[b] / (mb * mb)
              - 2 * self.points_cross[a, b] / (ma * mb))
        var = max(sq / n - diff * diff, 0.0) * n / (n - 1)
        half = Z95 * math.sqrt(var / n)
        return diff, (diff - half, diff + half)

    def correlation(self):
        if self.rho_n == 0:
            return float("nan"), (float("nan"), float("nan"))
        mean = self.rho_sum / self.rho_n
        var = max(self.rho_sq / self.rho_n - mean * mean, 0.0)
        half = Z95 * math.sqrt(var / self.rho_n)
        return mean, (mean - half, mean + half)

    def correct_rate(self):
        if self.events == 0:
            return float("nan"), (float("nan"), float("nan"))
        lo, hi = wilson(self.correct, self.events)
        return self.correct / self.events, (lo, hi)


def read(path, given_strength=None, chunk_events=4096):
    """Reads one event file in blocks of whole events; returns its Summary."""
    if not os.path.exists(path):
        raise EventFileError(f"{path}: no such file")
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        raise EventFileError(f"{path}: cannot be read as HDF5: {e}") from None
    with f:
        if "standings" not in f or "events" not in f:
            raise EventFileError(f"{path}: has no /events or /standings: not an event file")
        st = f["standings"]
        names = st.dtype.names or ()
        missing = [n for n in STANDINGS_FIELDS if n not in names]
        if missing:
            raise EventFileError(f"{path}: /standings lacks {', '.join(missing)}")
        specs = _strategies(f, path)
        try:
            strength = strength_of(specs, given_strength or {})
        except ValueError as e:
            raise EventFileError(f"{path}: {e}") from None
        completed = int(f.attrs.get("events_completed", f["events"].shape[0]))
        rows = st.shape[0]
        if completed <= 0 or rows == 0:
            raise EventFileError(f"{path}: holds no complete event")
        # entrants per event: the rows of the first event (rows are whole events in order)
        head = st.fields("event")[0:min(rows, CHUNK_PROBE)]
        n = int(np.count_nonzero(head == head[0]))
        if "entrants" in f.attrs:
            field = np.atleast_1d(f.attrs["entrants"]).size
            if n != field:
                raise EventFileError(f"{path}: /standings holds {n} rows for its first event, "
                                     f"but the field has {field} entrants")
        if n * completed > rows:
            raise EventFileError(f"{path}: /standings holds {rows} rows, not {completed} "
                                 f"whole events of {n} entrants")
        chunk_events = max(1, min(chunk_events, BLOCK_ROWS // n))
        weeks = int(f.attrs.get("weeks", 1)) or 1
        summary = Summary(path, specs, strength, n, weeks)
        ev = f["events"]
        if "games" in (ev.dtype.names or ()):
            for a in range(0, completed, chunk_events * 4):
                summary.games += int(ev.fields("games")[a:min(completed, a + chunk_events * 4)]
                                     .astype(np.int64).sum())
        for a in range(0, completed, chunk_events):
            b = min(completed, a + chunk_events)
            block = st[a * n:b * n]
            event = block["event"].reshape(b - a, n)
            if not np.all(event == event[:, :1]) or np.any(np.diff(event[:, 0]) <= 0):
                raise EventFileError(f"{path}: /standings rows {a * n}..{b * n - 1} are not whole "
                                     f"events in order")
            strat = block["strategy"].astype(np.int64).reshape(b - a, n)
            if strat.min() < 0 or strat.max() >= len(specs):
                raise EventFileError(f"{path}: a standings row names strategy "
                                     f"{int(strat.max())} of {len(specs)}")
            rank = block["rank"].astype(np.int64).reshape(b - a, n)
            if rank.min() < 1 or rank.max() > n:
                raise EventFileError(f"{path}: a standings row has rank outside 1..{n}")
            prize = block["prize_cents"].astype(np.int64).reshape(b - a, n)
            points = block["points"].astype(float).reshape(b - a, n)
            summary.add_block(strat, rank, prize, points)
        return summary


CHUNK_PROBE = 1 << 16
# The most /standings rows read at a time: some 60 bytes a row in the file's fields and as
# much again in the block's arrays, about 100 MB.
BLOCK_ROWS = 1 << 20


def pct(x):
    return "-" if x != x else f"{100 * x:.1f}%"


def ci(pair, scale=100.0, digits=1, unit="%"):
    lo, hi = pair
    if lo != lo:
        return "-"
    return f"[{scale * lo:.{digits}f}{unit}, {scale * hi:.{digits}f}{unit}]"


def text_report(summaries):
    lines = []
    for s in summaries:
        rho, rho_ci = s.correlation()
        ok, ok_ci = s.correct_rate()
        games = f", {s.games / s.events:.1f} games an event" if s.games else ""
        lines.append(f"{s.path}: {s.events} events of {s.n} entrants{games}")
        lines.append(f"  strength against standing (Spearman): {rho:+.3f} "
                     f"[{rho_ci[0]:+.3f}, {rho_ci[1]:+.3f}]")
        lines.append(f"  strategies ranked in order of strength: {pct(ok)} {ci(ok_ci)}")
        header = ("strategy", "entrants", "wins the event", "an entrant 1st", "2nd", "3rd",
                  "prize/week", "mean rank", "points")
        rows = []
        for r in s.rows():
            rows.append((r["strategy"], str(r["entrants"]),
                         f"{pct(r['event_win'])} {ci(r['event_win_ci'])}",
                         f"{pct(r['places'][0][0])} {ci(r['places'][0][1:])}",
                         pct(r["places"][1][0]), pct(r["places"][2][0]),
                         f"${r['prize']:.2f} {ci(r['prize_ci'], 1.0, 2, '')}",
                         f"{r['mean_rank']:.2f}", f"{r['points']:.2f}"))
        widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
        lines.append("  " + "  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for row in rows:
            lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths)))
        lines.append("")
    return "\n".join(lines)


def markdown_report(summaries):
    out = ["# Events", ""]
    if len(summaries) > 1:
        out += ["| file | events | games an event | strength vs standing (Spearman) "
                "| strategies in order |", "|---|---:|---:|---:|---:|"]
        for s in summaries:
            rho, rho_ci = s.correlation()
            ok, ok_ci = s.correct_rate()
            gpe = f"{s.games / s.events:.1f}" if s.games else "-"
            out.append(f"| {os.path.basename(s.path)} | {s.events} | {gpe} | {rho:+.3f} "
                       f"[{rho_ci[0]:+.3f}, {rho_ci[1]:+.3f}] | {pct(ok)} {ci(ok_ci)} |")
        out.append("")
    for s in summaries:
        rho, rho_ci = s.correlation()
        ok, ok_ci = s.correct_rate()
        out += [f"## {os.path.basename(s.path)}", "",
                f"{s.events} events of {s.n} entrants. Strength against standing (Spearman): "
                f"{rho:+.3f} [{rho_ci[0]:+.3f}, {rho_ci[1]:+.3f}]; the strategies come out in "
                f"order of strength in {pct(ok)} {ci(ok_ci)} of events.", "",
                "| strategy | entrants | wins the event | an entrant 1st | 2nd | 3rd "
                "| prize a week | mean rank | points [95%] |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in s.rows():
            out.append(f"| `{r['strategy']}` | {r['entrants']} | {pct(r['event_win'])} "
                       f"{ci(r['event_win_ci'])} | {pct(r['places'][0][0])} "
                       f"{ci(r['places'][0][1:])} | {pct(r['places'][1][0])} "
                       f"| {pct(r['places'][2][0])} | ${r['prize']:.2f} "
                       f"{ci(r['prize_ci'], 1.0, 2, '')} | {r['mean_rank']:.2f} "
                       f"| {r['points']:.2f} {ci(r['points_ci'], 1.0, 2, '')} |")
        out.append("")
    return "\n".join(out)


@cliio.tool("event_report.py")
def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="EVENTS.h5")
    p.add_argument("--strength", default="", help="strength by strategy: NAME=VALUE,...")
    p.add_argument("--chunk-events", type=int, default=4096,
                   help="events read at a time (memory is proportional to it)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--summary", action="store_true", help="plain text on standard output")
    g.add_argument("-o", "--output", metavar="FILE.md", help="write a Markdown report")
    p.add_argument("--force", action="store_true", help="overwrite the output if it exists")
    args = p.parse_args(argv)
    if args.chunk_events < 1:
        p.error(f"--chunk-events must be at least 1, not {args.chunk_events}")
    try:
        given = parse_strength(args.strength)
    except ValueError as e:
        p.error(str(e))
    if args.output:
        cliio.check_output(args.output, args.force)  # before the work, not after it
    summaries = []
    for path in args.files:
        with cliio.reading(path):
            summaries.append(read(path, given, args.chunk_events))
    if args.output:
        cliio.write_text(args.output, markdown_report(summaries), args.force)
        print(cliio.printable(f"wrote {args.output}"))
    else:
        sys.stdout.write(cliio.printable(text_report(summaries)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

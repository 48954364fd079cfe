"""The report's figures: PNG plots of one or several runs, drawn with matplotlib's Agg backend
(no display needed). Each function takes the runs (runfile.Run, with the figures from
metrics.py computed inside), writes one PNG into a directory and returns its file name, or
None when no run has the data the figure needs (e.g. /deals). With several runs each figure
shows them side by side, one colour per run, labelled with the run's label.
"""

import os

try:
    import matplotlib
except ImportError as e:
    raise ImportError("cribsim's plots need matplotlib, in the package's extra `analysis`: "
                      f"pip install 'cribsim[analysis]' ({e})") from e

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
import numpy as np  # noqa: E402

from ..io import cliio  # noqa: E402
from . import metrics  # noqa: E402

DPI = 100

# More runs than this and a figure draws one group of bars per run (the run on the x axis)
# instead of one bar per run in each group, and the strategies of a round robin as a table of
# head-to-head rates: a ladder's dozens of runs stay readable.
MANY_RUNS = 8


def _many(runs):
    """Whether the runs are too many for a bar or a line each within a group."""
    return len(runs) > MANY_RUNS


def _short(label, most=24):
    """A tick label cut to `most` characters (an ellipsis marks the cut)."""
    label = str(label)
    return label if len(label) <= most else label[:most - 1] + "\u2026"


def _short_names(names):
    """Strategy specs as tick labels: each spec's name alone (before its parameters) where no
    other spec shares it, else the spec cut short."""
    bases = [str(n).split(":", 1)[0] for n in names]
    cut = [b if bases.count(b) == 1 else _short(n) for n, b in zip(names, bases)]
    # specs alike in their first characters keep their last ones instead
    return [c if cut.count(c) == 1 else "\u2026" + str(n)[-23:] for c, n in zip(cut, names)]


def _run_axis_width(runs, base):
    """A figure's width in inches: base, or room for a group of bars a run."""
    return max(base, 0.32 * len(runs) + 2) if _many(runs) else base


def _legend(ax, size=8):
    """A legend when something drawn has a label (a run without data draws nothing)."""
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=size)


# Every file a report may draw (report.py checks them before writing anything).
FILE_NAMES = ("win_rates.png", "first_dealer.png", "points_by_position.png",
              "deals_per_game.png", "final_scores.png", "skunks.png", "hand_crib.png",
              "match_schemes.png")


def _save(fig, out_dir, name):
    """Writes the figure to out_dir/name through a temporary file renamed into place (the
    caller has checked that it may replace the file: cliio.check_output)."""
    fig.tight_layout()
    try:
        cliio.save_figure(fig, os.path.join(out_dir, name), force=True, dpi=DPI)
    finally:
        plt.close(fig)
    return name


def _grouped_bars(ax, groups, series, values, lows, highs, fair=None):
    """Bars for groups (x labels) x series (legend), with asymmetric error bars. fair, when
    given, holds per series and group the fair share, drawn as a dashed line over the bar."""
    n = max(1, len(series))
    width = 0.8 / n
    x = np.arange(len(groups))
    for i, name in enumerate(series):
        v = np.array(values[i], dtype=float)
        err = np.array([v - np.array(lows[i], dtype=float), np.array(highs[i], dtype=float) - v])
        ok = np.isfinite(v)  # groups this series has no value for get no bar
        if not ok.any():
            continue
        centre = x + (i - (n - 1) / 2) * width
        ax.bar(centre[ok], v[ok], width, yerr=np.maximum(np.nan_to_num(err[:, ok]), 0.0),
               capsize=3, label=name)
        if fair is not None:
            f = np.array(fair[i], dtype=float)
            good = ok & np.isfinite(f)
            ax.hlines(f[good], centre[good] - width / 2, centre[good] + width / 2, colors="k",
                      linestyles="dashed", linewidth=1)
    ax.set_xticks(x)
    if len(groups) > MANY_RUNS:
        ax.set_xticklabels([_short(g) for g in groups], rotation=90, ha="center", fontsize=7)
        ax.set_xlim(-0.6, len(groups) - 0.4)
    else:
        long_labels = max((len(line) for g in groups for line in str(g).split("\n")),
                          default=0) > 12
        ax.set_xticklabels(groups, rotation=20 if long_labels else 0,
                           ha="right" if long_labels else "center")
    _legend(ax, 8)


def _table_bars(ax, runs, tables, key, value="rate"):
    """Grouped bars from per-run tables sharing a label column `key` (with lo, hi and, when
    present, fair columns)."""
    groups = list(dict.fromkeys(x for t in tables if t is not None and key in t
                                for x in t[key].tolist()))
    cols = {"v": value, "lo": "lo", "hi": "hi", "fair": "fair"}
    got = {c: [] for c in cols}
    for t in tables:
        per = {c: [] for c in cols}
        for g in groups:
            row = t[t[key] == g] if t is not None and key in t else None
            for c, name in cols.items():
                ok = row is not None and not row.empty and name in row
                per[c].append(float(row[name].iloc[0]) if ok else np.nan)
        for c in cols:
            got[c].append(per[c])
    # Runs with nothing to show in this panel take no place in it.
    keep = [i for i, v in enumerate(got["v"]) if np.isfinite(np.array(v, dtype=float)).any()]
    labels = [runs[i].label for i in keep]
    kept = [[got[c][i] for i in keep] for c in ("v", "lo", "hi", "fair")]
    if _many(runs) and keep:  # a group a run, a bar a row of the tables
        _grouped_bars(ax, labels, groups, *(np.array(k, dtype=float).T.reshape(len(groups), -1)
                                            for k in kept))
    else:
        _grouped_bars(ax, groups, labels, *kept)


def head_to_head(runs, strat=None):
    """The round robin's table when every run with a strategy comparison pits two strategies
    once each: (names, rates) with rates[i, j] strategy i's win rate against j (NaN where
    they did not meet), names in the order first met; None when some run has another number
    of strategies or a pair meets twice."""
    strat = strat if strat is not None else [metrics.strategy_table(r) for r in runs]
    names, pairs = [], {}
    for t in strat:
        if t is None or "rate" not in t:
            continue
        rows = t[t["rate"].notna()]
        if len(rows) != 2:
            return None
        (a, ra), (b, rb) = zip(rows["strategy"], rows["rate"])
        if (a, b) in pairs:  # both orders are stored
            return None
        pairs[(a, b)], pairs[(b, a)] = float(ra), float(rb)
        names.extend(x for x in (a, b) if x not in names)
    if not pairs:
        return None
    rates = np.full((len(names), len(names)), np.nan)
    for (a, b), r in pairs.items():
        rates[names.index(a), names.index(b)] = r
    return names, rates


def _head_to_head_axes(ax, names, rates):
    """rates as a table of coloured cells, each with its percentage."""
    ax.imshow(np.ma.masked_invalid(rates), cmap="RdBu", vmin=0, vmax=1)
    for i in range(len(names)):
        for j in range(len(names)):
            if np.isfinite(rates[i, j]):
                ax.text(j, i, f"{100 * rates[i, j]:.1f}", ha="center", va="center", fontsize=7,
                        color="white" if abs(rates[i, j] - 0.5) > 0.3 else "black")
    labels = _short_names(names)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(labels, rotation=90, fontsize=7)
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(labels, fontsize=7)
    ax.set_xlabel("against")
    ax.set_title("win rate (%) of the row's strategy against the column's (ties count half)")


def win_rates(runs, out_dir):
    """Win rate of each strategy (left) and each seat or team (right) with 95% Wilson
    intervals; the dashed lines mark the fair share. Without a strategy comparison (every
    run is self-play) only the seats are drawn. With many runs the strategies are a table of
    head-to-head rates above (when the runs are a round robin of pairs; else a group of bars
    a run) and the seats a group of bars a run below."""
    strat = [metrics.strategy_table(r) for r in runs]
    strat = [t if "rate" in t else None for t in strat]
    have_strategies = any(t is not None for t in strat)
    seats = [metrics.seat_table(r) for r in runs]
    if _many(runs):
        table = head_to_head(runs, strat) if have_strategies else None
        width = _run_axis_width(runs, 11)
        top = max(4.0, 0.3 * len(table[0]) + 2.5) if table else 4.5
        fig, axes = plt.subplots(2 if have_strategies else 1, 1, squeeze=False,
                                 figsize=(width, top + 4.5 if have_strategies else 4.5),
                                 gridspec_kw={"height_ratios": [top, 4.5]}
                                 if have_strategies else None)
        axes = axes[:, 0]
        bars = [axes[-1]]
        if table:
            _head_to_head_axes(axes[0], *table)
        elif have_strategies:
            _table_bars(axes[0], runs, strat, "strategy")
            axes[0].set_title("win rate by strategy (ties count half)")
            bars.insert(0, axes[0])
    else:
        fig, axes = plt.subplots(1, 2 if have_strategies else 1,
                                 figsize=(11, 4) if have_strategies else (7, 4), squeeze=False)
        axes = axes[0]
        bars = list(axes)
        if have_strategies:
            _table_bars(axes[0], runs, strat, "strategy")
            axes[0].set_title("win rate by strategy (ties count half)")
    _table_bars(axes[-1], runs, seats, "side")
    axes[-1].set_title("win rate by seat, whoever sat there" +
                       ("" if have_strategies else " (self-play)"))
    for ax in bars:
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (dashed: fair share)")
    return _save(fig, out_dir, "win_rates.png")


def first_dealer(runs, out_dir):
    """Each side's win rate minus its fair share, by where it sits from the game's first
    dealer (with partners, by team), with 95% intervals: the first dealer's advantage in
    percentage points, comparable across numbers of players."""
    fig, ax = plt.subplots(figsize=(_run_axis_width(runs, 8), 4))
    tables = []
    for run in runs:
        t = metrics.first_dealer_table(run).copy()
        t["group"] = [FIRST_DEALER_GROUPS[i] for i in range(len(t))]
        for col in ("rate", "lo", "hi"):
            t[col] = 100 * (t[col] - t["fair"])
        tables.append(t.drop(columns=["fair"]))
    _table_bars(ax, runs, tables, "group")
    ax.axhline(0, color="k", linewidth=0.8)
    ax.set_ylabel("win rate minus fair share (points)")
    ax.set_title("first-dealer advantage, by seat from the first dealer")
    if len(runs) == 1:
        ax.set_xlabel(runs[0].label)
    return _save(fig, out_dir, "first_dealer.png")


FIRST_DEALER_GROUPS = ("first dealer\n(or team)", "first pone\n(or team)",
                       "2nd left of\nfirst dealer", "3rd left of\nfirst dealer")


def points_by_position(runs, out_dir):
    """Stacked mean points per deal by source at each position (from /deals), one panel per
    run, three to a row, on a common scale, with each bar's total written on it; runs without
    deals show points per deal by seat from /games instead. With many runs, a panel a
    position (or seat) and a bar a run."""
    colours = dict(zip(metrics.SOURCES, ["tab:blue", "tab:orange", "tab:green", "tab:red",
                                         "tab:purple", "tab:brown", "tab:grey"]))
    if _many(runs):
        return _points_by_position_of_many(runs, out_dir, colours)
    cols = min(3, len(runs))
    rows = (len(runs) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols + 0.6, 3.6 * rows),
                             squeeze=False, sharey=True)
    top = 0.0
    for ax, run in zip(axes.ravel(), runs):
        t = metrics.points_by_position(run)
        key, title = "position", "points per deal by position"
        if t is None:
            t, key, title = metrics.points_by_seat(run), "seat", "points per deal by seat"
        labels = [x.replace(" left of dealer", "\nleft of dealer") for x in t[key]]
        bottom = np.zeros(len(t))
        for src in metrics.SOURCES:
            v = t[src].to_numpy(dtype=float)
            if np.allclose(v, 0):
                continue
            ax.bar(labels, v, bottom=bottom, label=src, color=colours[src])
            bottom += v
        for x, total in enumerate(bottom):
            ax.text(x, total, f"{total:.2f}", ha="center", va="bottom", fontsize=8)
        ax.set_title(f"{run.label}: {title}", fontsize=9)
        ax.tick_params(axis="x", labelsize=8)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=7, ncol=5, loc="upper center", handlelength=1,
                      columnspacing=0.8)
        top = max(top, float(bottom.max()) if len(bottom) else 0.0)
    for ax in axes.ravel()[len(runs):]:
        ax.set_visible(False)
    axes[0, 0].set_ylim(0, top * 1.25 + 0.5)  # room above the bars for the legend
    for ax in axes[:, 0]:
        ax.set_ylabel("mean points per deal")
    return _save(fig, out_dir, "points_by_position.png")


def _position_tables(run):
    """metrics.points_by_position's table and its key column, or points_by_seat's without
    /deals."""
    t = metrics.points_by_position(run)
    if t is None:
        return metrics.points_by_seat(run), "seat"
    return t, "position"


def _points_by_position_of_many(runs, out_dir, colours):
    """points_by_position() for many runs: a panel a position (seat without /deals), stacked
    sources, a bar a run."""
    tables = [_position_tables(r) for r in runs]
    places = list(dict.fromkeys((key, p) for t, key in tables for p in t[key]))
    fig, axes = plt.subplots(len(places), 1, squeeze=False, sharey=True,
                             figsize=(_run_axis_width(runs, 8), 3.2 * len(places) + 1.2))
    x = np.arange(len(runs))
    top = 0.0
    for ax, (key, place) in zip(axes[:, 0], places):
        bottom = np.zeros(len(runs))
        for src in metrics.SOURCES:
            v = np.array([float(t.loc[t[k] == place, src].iloc[0])
                          if k == key and (t[k] == place).any() else 0.0
                          for t, k in tables])
            if np.allclose(v, 0):
                continue
            ax.bar(x, v, bottom=bottom, label=src, color=colours[src])
            bottom += v
        ax.set_title(f"points per deal, {place}" if key == "position" else
                     f"points per deal by seat, {place}", fontsize=9)
        ax.set_xticks(x)
        ax.set_xticklabels([_short(r.label) for r in runs], rotation=90, fontsize=7)
        ax.set_xlim(-0.6, len(runs) - 0.4)
        ax.set_ylabel("mean points per deal")
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=7, ncol=len(metrics.SOURCES), loc="upper center",
                      handlelength=1, columnspacing=0.8)
        top = max(top, float(bottom.max()) if len(bottom) else 0.0)
    axes[0, 0].set_ylim(0, top * 1.25 + 0.5)
    return _save(fig, out_dir, "points_by_position.png")


def _per_run(ax, runs, series, ylabel, title):
    """A group of bars a run: series maps each bar's name to (values, lows, highs) by run."""
    names = list(series)
    _grouped_bars(ax, [r.label for r in runs], names, *([series[k][i] for k in names]
                                                         for i in range(3)))
    ax.set_ylabel(ylabel)
    ax.set_title(title)


def deals_per_game(runs, out_dir):
    """Distribution of the number of deals in a game, one line per run; with many runs the
    mean a run, its bar one standard deviation each way."""
    if _many(runs):
        figs = [metrics.deals_per_game(r) for r in runs]
        mean = [d.get("mean", np.nan) for d in figs]
        sd = [d.get("sd", np.nan) for d in figs]
        fig, ax = plt.subplots(figsize=(_run_axis_width(runs, 7), 4.5))
        _per_run(ax, runs, {"mean": (mean, np.subtract(mean, sd), np.add(mean, sd))},
                 "deals in the game", "deals per game: mean and one sd each way")
        return _save(fig, out_dir, "deals_per_game.png")
    fig, ax = plt.subplots(figsize=(7, 4))
    for run in runs:
        d = metrics.deals_per_game(run)
        if "counts" not in d:
            continue
        c = d["counts"]
        ax.plot(c.index, c.values / c.values.sum(), marker="o", label=run.label)
    ax.set_xlabel("deals in the game")
    ax.set_ylabel("fraction of games")
    ax.set_title("deals per game")
    _legend(ax, 8)
    return _save(fig, out_dir, "deals_per_game.png")


def final_scores(runs, out_dir):
    """Distributions of the runner-up's final score and of the winning margin; with many runs
    the mean a run, its bar from the lower to the upper quartile."""
    if _many(runs):
        tables = [metrics.final_score_summary(r).set_index("figure") for r in runs]
        fig, axes = plt.subplots(2, 1, figsize=(_run_axis_width(runs, 8), 9))
        for ax, col, title in ((axes[0], "runner-up", "runner-up's final score"),
                               (axes[1], "margin", "margin (winner minus runner-up)")):
            got = [[t.loc[col, c] for t in tables] for c in ("mean", "q1", "q3")]
            _per_run(ax, runs, {col: got}, "points", f"{title}: mean and quartiles")
        return _save(fig, out_dir, "final_scores.png")
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for run in runs:
        hists = metrics.final_score_hists(run)
        if not hists["margin"].n:
            continue
        for ax, col in zip(axes, ("runner-up", "margin")):
            h = hists[col]
            lo, hi = h.min(), h.max()
            values = np.arange(lo, hi + 1)
            bins = np.arange(lo, hi + 2) - 0.5
            ax.hist(values, bins=bins, weights=h.counts[lo:hi + 1], histtype="step",
                    density=True, label=run.label)
    axes[0].set_title("runner-up's final score")
    axes[1].set_title("margin (winner minus runner-up)")
    for ax in axes:
        ax.set_ylabel("fraction of games")
        _legend(ax, 8)
    return _save(fig, out_dir, "final_scores.png")


def skunks(runs, out_dir):
    """Skunk, double, triple skunk and lurch rates with 95% intervals."""
    fig, ax = plt.subplots(figsize=(_run_axis_width(runs, 8), 4))
    _table_bars(ax, runs, [metrics.skunk_table(r) for r in runs], "result")
    ax.set_ylabel("fraction of games")
    ax.set_title("skunks and lurches")
    return _save(fig, out_dir, "skunks.png")


def hand_crib(runs, out_dir, exact=None):
    """Distributions of the hand and crib scores in play (every deal's hands and crib as
    their cards score, the deals the game ended in included, so the end of the game selects
    nothing: report.md also gives the scores shown before the end), and the exact
    distributions of random hands when given (exact: dict 'hand'/'crib' -> Series of
    probabilities)."""
    dists = [(r, metrics.show_distributions(r)) for r in runs]
    dists = [(r, d) for r, d in dists if d is not None]
    if not dists:
        return None
    if _many(dists):
        return _hand_crib_of_many(dists, out_dir, exact)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, what in zip(axes, ("hand", "crib")):
        for run, d in dists:
            t = d["table"]
            ax.plot(t["score"], t[what + ", all deals %"], marker=".", label=run.label)
        if exact and exact.get(what) is not None:
            e = exact[what]
            ax.plot(e.index, e.values, "k--", linewidth=1, label="exact, random cards")
        ax.set_title(f"{what} scores in play (every deal, from the cards)")
        ax.set_xlabel("points")
        ax.set_ylabel("fraction")
        _legend(ax, 8)
    return _save(fig, out_dir, "hand_crib.png")


def _hand_crib_of_many(dists, out_dir, exact):
    """hand_crib() for many runs: each run's mean hand and crib score in play, and the exact
    means of random cards as dashed lines when given."""
    runs = [r for r, _ in dists]
    means = {}
    for what in ("hand", "crib"):
        m = []
        for _, d in dists:
            t = d["table"]
            w = t[what + ", all deals %"].to_numpy(dtype=float)
            m.append(float((t["score"].to_numpy(dtype=float) * w).sum() / w.sum()))
        means[what] = (m, m, m)
    fig, ax = plt.subplots(figsize=(_run_axis_width(runs, 8), 4.5))
    _per_run(ax, runs, means, "mean points", "hand and crib scores in play (every deal, from "
             "the cards): the mean")
    for what, style in (("hand", "k--"), ("crib", "k:")):
        if exact and exact.get(what) is not None:
            e = exact[what]
            ax.axhline(float((e.index.to_numpy(dtype=float) * e.values).sum() / e.values.sum()),
                       color="k", linestyle=style[1:], linewidth=1,
                       label=f"exact {what}, random cards")
    _legend(ax, 8)
    return _save(fig, out_dir, "hand_crib.png")


def match_schemes(runs, tables, out_dir):
    """For each run and scheme, how often the match result differs from plain game wins in the
    same format, with 95% intervals: above, matches whose winner is reversed (both schemes
    name a winner, not the same one); below, matches whose outcome changes at all (a
    reversal, or a drawn match decided, or a decided one drawn). tables: per run,
    matches.compare_schemes()'s table."""
    keys = []
    per_run = []
    for t in tables:
        t = t[t["scheme"] != "wins"]
        labels = (t["format"] + " " + t["scheme"]).tolist()
        keys.extend(k for k in labels if k not in keys)
        per_run.append({c: dict(zip(labels, zip(t[c], t[c + "_lo"], t[c + "_hi"])))
                        for c in ("reversed", "differs")})
    if not keys:
        return None
    if _many(runs):
        return _match_schemes_of_many(runs, keys, per_run, out_dir)
    fig, axes = plt.subplots(2, 1, figsize=(max(8, 0.75 * len(keys) + 2), 7), sharex=True)
    for ax, col, title in ((axes[0], "reversed", "winner reversed"),
                           (axes[1], "differs", "outcome changed (reversed, or a draw "
                                                "decided or made)")):
        vals = [[100 * d[col].get(k, (np.nan,) * 3)[0] for k in keys] for d in per_run]
        lows = [[100 * d[col].get(k, (np.nan,) * 3)[1] for k in keys] for d in per_run]
        highs = [[100 * d[col].get(k, (np.nan,) * 3)[2] for k in keys] for d in per_run]
        _grouped_bars(ax, keys, [r.label for r in runs], vals, lows, highs)
        ax.set_ylabel("% of matches")
        ax.set_title(f"{title}, against plain game wins")
    return _save(fig, out_dir, "match_schemes.png")


def _match_schemes_of_many(runs, keys, per_run, out_dir):
    """match_schemes() for many runs: two tables of coloured cells, a row a run and a column
    a scheme, each cell the percentage of matches (without its interval)."""
    fig, axes = plt.subplots(1, 2, figsize=(max(11, 1.2 * len(keys) + 4),
                                            0.26 * len(runs) + 3))
    for ax, col, title in ((axes[0], "reversed", "winner reversed (%)"),
                           (axes[1], "differs", "outcome changed (%)")):
        vals = np.array([[100 * d[col].get(k, (np.nan,))[0] for k in keys] for d in per_run])
        ax.imshow(np.ma.masked_invalid(vals), cmap="Oranges", vmin=0, aspect="auto",
                  vmax=max(1.0, float(np.nanmax(vals)) if np.isfinite(vals).any() else 1.0))
        for i, j in zip(*np.nonzero(np.isfinite(vals))):
            ax.text(j, i, f"{vals[i, j]:.1f}", ha="center", va="center", fontsize=6)
        ax.set_xticks(range(len(keys)))
        ax.set_xticklabels(keys, rotation=90, fontsize=7)
        ax.set_yticks(range(len(runs)))
        ax.set_yticklabels([_short(r.label) for r in runs], fontsize=7)
        ax.set_title(f"{title}, against plain game wins", fontsize=9)
    return _save(fig, out_dir, "match_schemes.png")

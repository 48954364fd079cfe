"""The board-position win table (results/win-grid/): the dealer's chance to win from each pair
of scores before a deal, as experiments/tools/win_grid.c (`cs_win_grid`) measured it, drawn as
a heat map and written as markdown tables beside the published figures.

    python -m cribsim.analysis.win_grid EXPERT.csv [--mc MC.csv] -o OUT_DIR [--command TEXT]

EXPERT.csv is the full grid (every score, one strategy, usually expert); MC.csv, optional, a
coarser grid of another strategy (usually mc) whose cells are compared with EXPERT.csv's at
the same scores. Writes OUT_DIR/heatmap.png (and OUT_DIR/heatmap-mc.png with --mc) and
OUT_DIR/table.md: the dealer's chance every ten points, the published figures beside cribsim's
with their sources, the diagonal (equal scores), the other strategy's differences, and the
cells the rules decide. Prints the key figures, one a line. Exit status: 0 done; 2 a missing
or malformed CSV (named); 1 a failed write.
"""

import argparse
import csv
import math
import os
import sys

from ..io import cliio

COLUMNS = ["dealer", "pone", "games", "dealer_wins", "rate", "lo95", "hi95", "mean_deals"]

# Published figures for the dealer's chance to win from (dealer's score, pone's score), before
# the deal; each with its source and what it rests on.
PUBLISHED = [
    (35, 37, 0.51, "Carte Primus, Distributed Cribbage Computation, "
                   "http://www.orbitals.com/cp/calc/details.html: both players playing to win, "
                   "game theory over the hand and Monte Carlo over many random hands for each of "
                   "the 121 x 121 positions (its worked example)"),
    (0, 0, 0.555, "Cribbage Pro, \"Cribbage hand statistics\" (2012), "
                  "https://blog.cribbagepro.net/2012/10/cribbage-hand-statistics.html: the first "
                  "dealer won 55.5% of the games in the app's sample of human games"),
    (0, 0, 0.56, "DeLynn Colvert, \"The Twenty-Six Theory\", "
                 "http://www.cribbage.org/tips/colvert11.asp: the nondealer of the first deal "
                 "loses 56 games of 100"),
]


def load(path):
    """{(dealer, pone): row} of a cs_win_grid CSV, the numbers parsed."""
    with cliio.reading(path):
        try:
            f = open(path, newline="")
        except OSError as e:
            raise cliio.BadInput(f"{path}: {e.strerror}") from None
        with f:
            rows = list(csv.reader(f))
        if not rows or rows[0] != COLUMNS:
            raise cliio.BadInput(f"{path}: not a cs_win_grid table (the header must be "
                                 f"{','.join(COLUMNS)})")
        grid = {}
        for k, row in enumerate(rows[1:], 2):
            if len(row) != len(COLUMNS):
                raise cliio.BadInput(f"{path}: line {k} has {len(row)} fields, not "
                                     f"{len(COLUMNS)}")
            try:
                d, p, games, wins = (int(x) for x in row[:4])
                rate, lo, hi, deals = (float(x) for x in row[4:])
            except ValueError:
                raise cliio.BadInput(f"{path}: line {k} has a field that is not a number") \
                    from None
            if games <= 0 or not 0 <= wins <= games or (d, p) in grid:
                raise cliio.BadInput(f"{path}: line {k}: cell {d}-{p} with {wins} wins of "
                                     f"{games} games (or twice)")
            grid[(d, p)] = {"games": games, "wins": wins, "rate": wins / games, "lo": lo,
                            "hi": hi, "deals": deals}
        if not grid:
            raise cliio.BadInput(f"{path}: no cells")
        return grid


def scores(grid):
    """The dealer's and the pone's scores the grid has, sorted."""
    return sorted({d for d, _ in grid}), sorted({p for _, p in grid})


def half_width(cell):
    return (cell["hi"] - cell["lo"]) / 2


def pct(x):
    return f"{100 * x:.1f}%"


def nearest(values, want):
    return min(values, key=lambda v: (abs(v - want), v))


def table_every(grid, step, title_rows="dealer", name="cribsim"):
    """A markdown table of the dealer's chance at the grid's scores that are multiples of step
    (and the last score), rows the dealer's score, columns the pone's."""
    ds, ps = scores(grid)
    pick = lambda values: [v for v in values if v % step == 0 or v == values[-1]]
    rows, cols = pick(ds), pick(ps)
    out = ["| " + title_rows + " \\ pone | " + " | ".join(str(p) for p in cols) + " |",
           "|---|" + "---:|" * len(cols)]
    for d in rows:
        out.append(f"| **{d}** | " + " | ".join(
            f"{100 * grid[(d, p)]['rate']:.0f}" if (d, p) in grid else "" for p in cols) + " |")
    return "\n".join(out)


def difference(a, b):
    """b's rate less a's, with its 95% half-width (the two cells independent)."""
    se = math.sqrt(sum(c["rate"] * (1 - c["rate"]) / c["games"] for c in (a, b)))
    return b["rate"] - a["rate"], 1.96 * se


def draw(grid, path, title):
    from . import plots  # noqa: F401  (chooses matplotlib's Agg backend)
    import matplotlib.pyplot as plt
    import numpy as np
    ds, ps = scores(grid)
    z = np.full((len(ds), len(ps)), np.nan)
    for i, d in enumerate(ds):
        for j, p in enumerate(ps):
            if (d, p) in grid:
                z[i, j] = 100 * grid[(d, p)]["rate"]
    fig, ax = plt.subplots(figsize=(7.2, 6.2))
    def edges(v):
        v = np.asarray(v, dtype=float)
        mid = (v[1:] + v[:-1]) / 2 if len(v) > 1 else np.array([])
        first = v[0] - (mid[0] - v[0] if len(mid) else 0.5)
        last = v[-1] + (v[-1] - mid[-1] if len(mid) else 0.5)
        return np.concatenate([[first], mid, [last]])
    mesh = ax.pcolormesh(edges(ps), edges(ds), z, cmap="RdBu", vmin=0, vmax=100,
                         shading="flat")
    if len(ds) > 2 and len(ps) > 2:
        cs = ax.contour(ps, ds, z, levels=[50], colors="k", linewidths=0.8)
        ax.clabel(cs, fmt="%d%%", fontsize=8)
    fig.colorbar(mesh, ax=ax, label="dealer wins (%)")
    ax.set_xlabel("pone's score before the deal")
    ax.set_ylabel("dealer's score before the deal")
    ax.set_title(title, fontsize=10)
    ax.set_aspect("equal")
    cliio.save_figure(fig, path, force=True, dpi=110)
    plt.close(fig)


def summarize(grid, mc=None):
    """The key figures: a list of (name, text)."""
    ds, ps = scores(grid)
    cells = list(grid.values())
    games = {c["games"] for c in cells}
    widest = max(half_width(c) for c in cells)
    out = [("cells", f"{len(ds)} x {len(ps)}"),
           ("games a cell", ", ".join(str(g) for g in sorted(games))),
           ("widest interval", f"+-{100 * widest:.1f} points")]
    for d, p, value, _ in PUBLISHED:
        if (d, p) in grid:
            c = grid[(d, p)]
            out.append((f"{d}-{p}", f"{pct(c['rate'])} [{pct(c['lo'])}, {pct(c['hi'])}] "
                                    f"against {pct(value)} published"))
    if mc:
        worst = None
        for key, c in mc.items():
            if key in grid:
                diff, half = difference(grid[key], c)
                if worst is None or abs(diff) > abs(worst[1]):
                    worst = (key, diff, half)
        if worst:
            (d, p), diff, half = worst
            out.append(("largest mc - expert", f"{d}-{p}: {100 * diff:+.1f} +- {100 * half:.1f}"))
    return out


def write_table(grid, mc, path, command, expert_name, mc_name):
    ds, ps = scores(grid)
    cells = list(grid.values())
    total = sum(c["games"] for c in cells)
    widest = max(half_width(c) for c in cells)
    mid_key = (nearest(ds, 60), nearest(ps, 60))
    mid = grid.get(mid_key)
    lines = [
        "# The board-position win table: the tables",
        "",
        f"Written by `python -m cribsim.analysis.win_grid` from `{expert_name}`"
        + (f" and `{mc_name}`" if mc else "") + (f" (`{command}`)" if command else "") + ". "
        "Each cell is the dealer's chance to win the game from the dealer's score (rows) and "
        "the pone's (columns) before a deal, the dealer about to deal, one strategy playing "
        "both seats. README.md says how it was made and what the differences mean.",
        "",
        f"{len(ds)} x {len(ps)} cells, {total:,} games. Intervals: 95% Wilson; the widest "
        f"is +-{100 * widest:.1f} points"
        + (f" (at {mid_key[0]}-{mid_key[1]} it is [{pct(mid['lo'])}, {pct(mid['hi'])}])"
           if mid else "") + ".",
        "",
        "## Beside the published figures",
        "",
        "| dealer | pone | published | cribsim | 95% | within? | source |",
        "|---:|---:|---:|---:|---|---|---|",
    ]
    for d, p, value, source in PUBLISHED:
        if (d, p) not in grid:
            continue
        c = grid[(d, p)]
        inside = "yes" if c["lo"] <= value <= c["hi"] else "no"
        lines.append(f"| {d} | {p} | {pct(value)} | {pct(c['rate'])} | "
                     f"[{pct(c['lo'])}, {pct(c['hi'])}] | {inside} | {source} |")
    lines += ["", "## The dealer's chance (%), every ten points", "",
              table_every(grid, 10), ""]
    diag = [(s, grid[(s, s)]) for s in ds if (s, s) in grid]
    if diag:
        lines += ["## Equal scores: the deal's worth", "",
                  "| both at | dealer wins | 95% | deals left |", "|---:|---:|---|---:|"]
        for s, c in diag:
            if s % 10 == 0 or s >= 100 or s == ds[-1]:
                lines.append(f"| {s} | {pct(c['rate'])} | [{pct(c['lo'])}, {pct(c['hi'])}] | "
                             f"{c['deals']:.2f} |")
        lines.append("")
    if mc:
        shared = sorted(k for k in mc if k in grid)
        lines += [f"## `{mc_name}` beside `{expert_name}`", "",
                  f"{len(shared)} shared cells. The dealer's chance under the second grid's "
                  "strategy (%), then its difference from the first at the same scores (points, "
                  "with the 95% half-width of the difference; * where the interval excludes 0).",
                  "", table_every(mc, 1, name="mc"), ""]
        rows = []
        for key in shared:
            diff, half = difference(grid[key], mc[key])
            rows.append((abs(diff), key, diff, half))
        rows.sort(reverse=True)
        lines += ["The ten largest differences:", "",
                  "| dealer | pone | first | second | difference |", "|---:|---:|---:|---:|---:|"]
        for _, (d, p), diff, half in rows[:10]:
            star = "*" if abs(diff) > half else ""
            lines.append(f"| {d} | {p} | {pct(grid[(d, p)]['rate'])} | {pct(mc[(d, p)]['rate'])} "
                         f"| {100 * diff:+.1f} +- {100 * half:.1f}{star} |")
        significant = sum(1 for r in rows if r[0] > r[3])
        mean_diff = sum(r[2] for r in rows) / len(rows) if rows else 0.0
        lines += ["", f"Mean difference {100 * mean_diff:+.2f} points; {significant} of "
                      f"{len(rows)} cells differ at 95% (about {0.05 * len(rows):.0f} would by "
                      "chance alone).", ""]
    lines += ["## The full table", "",
              "Every cell is in the CSV beside this page (dealer, pone, games, dealer_wins, rate, "
              "lo95, hi95, mean_deals); the heat map draws all of them.", ""]
    cliio.write_text(path, "\n".join(lines), force=True)


@cliio.tool("cribsim.analysis.win_grid")
def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m cribsim.analysis.win_grid",
                                 description="the board-position win table: heat map and tables")
    ap.add_argument("grid", help="cs_win_grid CSV, the full grid")
    ap.add_argument("--mc", help="cs_win_grid CSV of a second, coarser grid to compare")
    ap.add_argument("-o", "--out", required=True, help="folder to write into (must exist)")
    ap.add_argument("--command", default="", help="the command that regenerates it")
    args = ap.parse_args(argv)
    cliio.check_output_dir(args.out)
    grid = load(args.grid)
    mc = load(args.mc) if args.mc else None
    name = os.path.basename(args.grid)
    mc_name = os.path.basename(args.mc) if args.mc else ""
    draw(grid, os.path.join(args.out, "heatmap.png"),
         f"{name}: the dealer's chance to win from each position")
    if mc:
        draw(mc, os.path.join(args.out, "heatmap-mc.png"),
             f"{mc_name}: the dealer's chance to win from each position")
    write_table(grid, mc, os.path.join(args.out, "table.md"), args.command, name, mc_name)
    for key, text in summarize(grid, mc):
        print(cliio.printable(f"{key}: {text}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The strategy ladder's round robin as one table: results/ladder.md.

    cribsim-ladder PAIR.h5 [PAIR.h5 ...] [--speeds BENCH.txt] [--command TEXT] [-o FILE.md]

Each file is one pair of strategies playing duplicate games (an arm of experiments/specs/ladder.yaml,
or any `cribsim match -o` / `cribsim run --duplicate` file with two sides). For every pair the
table gives the games, each side's win rate (ties as halves) with its 95% Wilson interval, the
first side's Elo difference with the interval mapped from Wilson's, the paired 95% interval
of the first side's score rate (from the spread over card sequences, which duplicate deals make
the sharper one), and each side's points per game (mean final score). With --speeds (what
`cribsim bench --only ladder` printed: each strategy's games a second against itself on one
core) a second table sets every strategy's speed beside its strength against a reference
strategy (--reference, default expected), so a reader can choose the strength they can afford.
The page ends with the
provenance of the files (engine version, commit, seed, rules) and the command that made it,
and holds nothing that changes from one run to the next: the same files give the same bytes.

The table is also printed to standard output unless -o is "-" (then the page is). Exit status:
0 success, 2 bad usage or a file that is not a two-sided cribsim run (the message names it).
"""

import argparse
import math
import re
import sys

import numpy as np

from ..io import cliio
from ..io import runfile
from . import stats


def pct(x):
    return "-" if x is None or math.isnan(x) else f"{100 * x:.1f}%"


def signed(x, digits=0):
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.{digits}f}"


def pair_row(run):
    """The figures of one two-sided run: names, games, per-side rates, Elo, points."""
    if run.n_sides != 2:
        raise runfile.CribsimFileError(f"{run.path}: {run.n_sides} sides; the ladder "
                                            "table compares two")
    names = run.strategy_names()
    if len(names) != 2:
        raise runfile.CribsimFileError(f"{run.path}: the lineup {run.seats} is not two "
                                            "distinct strategies")
    results = run.entry_results()
    scores = np.take_along_axis(run.side_scores(), run.entry_side(), axis=1)
    row = {"names": names, "games": run.n_games, "sides": []}
    for name in names:
        entry = run.seats.index(name)
        r = results[:, entry]
        wins = int(np.sum(r == 1.0))
        ties = int(np.sum((r > 0) & (r < 1)))
        lo, hi = stats.wilson(float(r.sum()), run.n_games)
        row["sides"].append({"name": name, "rate": float(r.mean()) if run.n_games else math.nan,
                             "lo": lo, "hi": hi, "wins": wins, "ties": ties,
                             "points": float(scores[:, entry].mean()) if run.n_games
                             else math.nan})
    first = row["sides"][0]
    row["elo"] = stats.elo_interval(first["wins"], first["ties"], run.n_games)
    _, plo, phi = stats.paired_score_interval(results[:, run.seats.index(names[0])],
                                              run.card_group)
    row["paired"] = (plo, phi)
    return row


def cell(name):
    """A strategy spec as a table cell (a '|' would end the cell)."""
    return name.replace("|", "\\|")


def base(name):
    """A strategy's short name: its spec up to the parameters ("mc" for "mc:samples=200,..")."""
    for loader in ("plugin:", "exec:"):
        if name.startswith(loader):
            return name
    return name.split(":", 1)[0]


def short_names(rows):
    """Each spec's name in the tables: its strategy's name ("mc"), or, for a strategy the
    files play with more than one set of parameters, the name followed by the parameters in
    which a later spec differs from the first one met ("mc:hidden=nn" beside "mc"). The
    files' order decides which is first: the ladder lists a strategy's default arms first."""
    first, names = {}, {}
    for r in rows:
        for side in r["sides"]:
            spec = side["name"]
            if spec in names:
                continue
            short = base(spec)
            if short not in first:
                first[short] = spec
                names[spec] = short
                continue
            known = dict(p.partition("=")[::2] for p in first[short].partition(":")[2].split(","))
            differ = [p for p in spec.partition(":")[2].split(",")
                      if known.get(p.partition("=")[0]) != p.partition("=")[2]]
            names[spec] = f"{short}:{','.join(differ)}" if differ else spec
    return names


def table(rows, names=None):
    names = names or short_names(rows)
    head = ("| pair | games | win rate A [95%] | win rate B [95%] | Elo of A [95%] "
            "| paired A [95%] | points/game A | points/game B |")
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        a, b = r["sides"]
        elo, elo_lo, elo_hi = r["elo"]
        lines.append(
            f"| {cell(names[a['name']])} vs {cell(names[b['name']])} | {r['games']} "
            f"| {pct(a['rate'])} [{pct(a['lo'])}, {pct(a['hi'])}] "
            f"| {pct(b['rate'])} [{pct(b['lo'])}, {pct(b['hi'])}] "
            f"| {signed(elo)} [{signed(elo_lo)}, {signed(elo_hi)}] "
            f"| [{pct(r['paired'][0])}, {pct(r['paired'][1])}] "
            f"| {a['points']:.1f} | {b['points']:.1f} |")
    return "\n".join(lines)


SPEED_LINE = re.compile(r"ladder +([A-Za-z0-9_.:=,-]+) self-play: ([0-9]+(?:\.[0-9]+)?) games a second")


def read_speeds(path):
    """{strategy: games a second} from `cribsim bench --only ladder` output; other lines pass."""
    speeds = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = SPEED_LINE.fullmatch(line.rstrip("\n"))
                if m:
                    speeds[m.group(1)] = float(m.group(2))
    except OSError as e:
        raise runfile.CribsimFileError(f"--speeds {path}: {e.strerror}") from e
    if not speeds:
        raise runfile.CribsimFileError(f"--speeds {path}: no line of `cribsim bench --only "
                                            "ladder` in it")
    return speeds


def speed_table(rows, speeds, reference):
    """Each strategy's speed beside its score against the reference, fastest first."""
    short, against = short_names(rows), {}
    for r in rows:
        names = [short[side["name"]] for side in r["sides"]]
        if reference in names and names[0] != names[1]:
            i = 1 - names.index(reference)
            other = r["sides"][i]
            paired = r["paired"] if i == 0 else (1 - r["paired"][1], 1 - r["paired"][0])
            against[names[i]] = (other, r["games"], paired)
    head = (f"| strategy | games a second | win rate against {cell(reference)} [95%] "
            f"| paired [95%] | games |")
    lines = [head, "|---|---:|---:|---:|---:|"]
    for name, rate in sorted(speeds.items(), key=lambda kv: -kv[1]):
        rate = f"{rate:,.0f}" if rate >= 100 else f"{rate:.1f}"
        if name == reference:
            lines.append(f"| {cell(name)} | {rate} | (the reference) | | |")
        elif name in against:
            side, games, (lo, hi) = against[name]
            lines.append(f"| {cell(name)} | {rate} | {pct(side['rate'])} "
                         f"[{pct(side['lo'])}, {pct(side['hi'])}] | [{pct(lo)}, {pct(hi)}] "
                         f"| {games} |")
        else:
            lines.append(f"| {cell(name)} | {rate} | (no pair with {cell(reference)}) | | |")
    return "\n".join(lines)


YARDSTICK = "habit"


def is_yardstick(row):
    """Whether a pair is a strategy against a player of the second yardstick's pool."""
    return base(row["sides"][1]["name"]) == YARDSTICK and base(row["sides"][0]["name"]) != YARDSTICK


def yardstick_table(runs, rows, reference):
    """Each strategy's score against the reference (from the round robin) beside its mean score
    over the pool of habits: the per-game scores of its pool pairs averaged card sequence by
    card sequence (every pool pair plays the same sequences: one seed, one number of games), so
    the interval is the paired one over sequences. One column per pool member."""
    by_strategy, pool = {}, []
    for run, r in zip(runs, rows):
        if not is_yardstick(r):
            continue
        name, member = r["sides"][0]["name"], r["sides"][1]["name"]
        if member not in pool:
            pool.append(member)
        scores = run.entry_results()[:, run.seats.index(name)]
        by_strategy.setdefault(name, {})[member] = (r, scores, run.card_group)
    short, against = short_names(rows), {}
    for r in rows:
        names = [short[side["name"]] for side in r["sides"]]
        if reference in names and names[0] != names[1] and not is_yardstick(r):
            i = 1 - names.index(reference)
            paired = r["paired"] if i == 0 else (1 - r["paired"][1], 1 - r["paired"][0])
            against[r["sides"][i]["name"]] = (r["sides"][i]["rate"], paired)
    head = (f"| strategy | against {cell(reference)} [paired 95%] | against the pool "
            "[paired 95%] | " + " | ".join(f"`{cell(m)}`" for m in pool) + " |")
    lines = [head, "|---|---:|---:|" + "---:|" * len(pool)]
    for name, pairs in by_strategy.items():
        missing = [m for m in pool if m not in pairs]
        if missing:
            raise runfile.CribsimFileError(f"{name} has no pair with {', '.join(missing)}: "
                                                "the pool's mean needs every member")
        groups = [pairs[m][2] for m in pool]
        if any(g.shape != groups[0].shape or not np.array_equal(g, groups[0]) for g in groups):
            raise runfile.CribsimFileError(f"{name}'s pool pairs were not dealt the same card "
                                                "sequences (one seed, one number of games)")
        mean, lo, hi = stats.paired_score_interval(
            np.mean([pairs[m][1] for m in pool], axis=0), groups[0])
        ref = against.get(name)
        ref_text = (f"{pct(ref[0])} [{pct(ref[1][0])}, {pct(ref[1][1])}]" if ref
                    else ("(the reference)" if short[name] == reference else "-"))
        cells = " | ".join(pct(pairs[m][0]["sides"][0]["rate"]) for m in pool)
        lines.append(f"| {cell(short[name])} | {ref_text} | {pct(mean)} [{pct(lo)}, {pct(hi)}] "
                     f"| {cells} |")
    return "\n".join(lines)


def provenance(runs):
    keys = ("engine_version", "git_commit", "seed", "rules")
    lines = []
    for k in keys:
        values = sorted({str(r.attrs.get(k, "-")) for r in runs})
        lines.append(f"- {k}: {', '.join(f'`{v}`' for v in values)}")
    rotations = sorted({r.rotations for r in runs})
    if rotations == [1]:
        lines.append("- no duplicate deals: every game was dealt its own cards")
    else:
        lines.append("- duplicate deals: each card sequence played "
                     f"{' or '.join(map(str, rotations))} times, the seats rotated")
    return "\n".join(lines)


def page(runs, rows, command, speeds=None, reference="expected"):
    out = ["# The strategy ladder: round robin on two-player rules", ""]
    if command:
        out += ["Made, from its seed, by", "", f"    {command}", ""]
    out += [
        "A is the first strategy of the pair, B the second; win rates count a tie as half a "
        "win and carry 95% Wilson intervals over the games; the Elo difference of A maps "
        "Wilson's interval; the paired interval of A's score rate uses the spread over card "
        "sequences (both rotations of a deal share its cards, so it is the sharper test); "
        "points per game are each side's mean final score.", "",
        table([r for r in rows if not is_yardstick(r)], short_names(rows)), ""]
    if any(is_yardstick(r) for r in rows):
        out += ["## The second yardstick", "",
                f"Every strategy but {reference} was shaped somewhere around {reference} "
                "(expert's tables from its play, mc's hidden hands drawn as if the other seat "
                "laid away and pegged as it does, model trained on its games, nn on mc's "
                "decisions), so a rate against it may flatter them. The second yardstick is a "
                f"pool of players of fixed habits (`{YARDSTICK}`: a discard that ignores the "
                "crib, weighs it twice or follows rules of thumb, and a pegging that takes the "
                "points and otherwise plays low, high or safe) that none of them was shaped "
                "against. Its column is the strategy's mean score over the pool's pairs, with "
                "the paired interval over card sequences; the pool's members follow, each "
                "the strategy's win rate against it.", "",
                yardstick_table(runs, rows, reference), ""]
    out += ["The strategies, every parameter spelled out:", ""]
    specs = []
    for r in rows:
        for side in r["sides"]:
            if side["name"] not in specs:
                specs.append(side["name"])
    out += [f"- `{s}`" for s in specs]
    if speeds:
        out += ["", "## Strength and speed", "",
                "Each strategy's games a second against itself on one core (`cribsim bench "
                "--only ladder`, /games written; they depend on the machine, the order does "
                f"not), beside its win rate against {reference} from the table above.", "",
                speed_table(rows, speeds, reference)]
    out += ["", "## Provenance", "", provenance(runs), ""]
    return "\n".join(out)


@cliio.tool("ladder.py")
def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("files", nargs="+", metavar="PAIR.h5")
    p.add_argument("--speeds", metavar="BENCH.txt", help="what `cribsim bench --only ladder` "
                   "printed: each strategy's speed, set beside its strength")
    p.add_argument("--reference", default="expected", help="the strategy the speed table "
                   "measures strength against (default expected)")
    p.add_argument("--command", default="", help="the command to record as the page's maker")
    p.add_argument("-o", "--output", metavar="FILE.md", help="write the page here ('-': stdout)")
    p.add_argument("--force", action="store_true", help="replace FILE.md when it exists "
                   "(refused otherwise)")
    args = p.parse_args(argv)
    if args.output and args.output != "-":
        cliio.check_output(args.output, args.force)  # before the work, not after it
    runs = runfile.load_all(args.files, deals=False)
    rows = [pair_row(r) for r in runs]
    speeds = read_speeds(args.speeds) if args.speeds else None
    text = page(runs, rows, args.command, speeds, args.reference)
    if args.output == "-":
        sys.stdout.write(cliio.printable(text))
        return 0
    if args.output:
        cliio.write_text(args.output, text, args.force)
    print(cliio.printable(table(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

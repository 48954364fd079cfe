"""The canonical events experiment answered in words, from the event files
`results/regenerate.sh events` writes into RUNS_DIR:

    cribsim-event-study RUNS_DIR -o DIR [--command TEXT] [--force]

RUNS_DIR holds, for a field of mixed strength (experiments/specs/events/):

- league-night.h5, nz-tournament.h5, double-elimination.h5: one file per format;
- league-wN.h5: league seasons of N weeks; nz-gN.h5: New Zealand tournaments of N games;
- league-match.h5 (optional): league nights where half the field plays mc for the match
  (objective=match) and half for the game (objective=win).

It writes DIR/README.md (the questions and the answers, with the numbers) and DIR/report.md
(every file's figures, event_report.py's report).
"""

import argparse
import glob
import os
import re
import sys

from ..io import cliio
from . import event_report as events

FORMATS = (("league-night.h5", "a league night (four doubles games, league points)"),
           ("nz-tournament.h5", "a New Zealand tournament day (18 games, clips)"),
           ("double-elimination.h5", "a double-elimination doubles bracket (best of three)"))


def pct(x):
    return f"{100 * x:.1f}%"


def ci(pair):
    return f"[{100 * pair[0]:.1f}%, {100 * pair[1]:.1f}%]"


def strongest(summary):
    """The row of the strongest strategy in the field."""
    rows = summary.rows()
    return max(rows, key=lambda r: r["strength"])


def series(runs, prefix):
    """(N, Summary) for each file PREFIX-<letter>N.h5, in increasing N."""
    out = []
    for path in glob.glob(os.path.join(runs, f"{prefix}*.h5")):
        m = re.search(r"-[a-z](\d+)\.h5$", path)
        if m:
            out.append((int(m.group(1)), events.read(path)))
    return sorted(out, key=lambda x: x[0])


def first_at(seq, level=0.9):
    for n, s in seq:
        if s.correct_rate()[0] >= level:
            return n, s
    return None, None


def answer(runs, command):
    lines = ["# Events: who wins a club's tournament, bracket or league", "",
             "Question: for a field of mixed strength, how often does the strongest entrant win "
             "under each of the three formats; how many league weeks (or tournament games) "
             "until the standings rank the strategies correctly with 90% probability; and what "
             "playing for the match is worth in league points?", ""]
    fmt_rows = []
    field_text = None
    for name, what in FORMATS:
        path = os.path.join(runs, name)
        if not os.path.exists(path):
            continue
        s = events.read(path)
        top = strongest(s)
        fair = 1 / s.n
        fmt_rows.append(f"| {what} | {s.events:,} | {s.n} | `{top['strategy']}` x{top['entrants']} "
                        f"| {pct(top['event_win'])} {ci(top['event_win_ci'])} "
                        f"| {pct(top['places'][0][0])} {ci(top['places'][0][1:])} "
                        f"| {pct(fair)} | {s.correlation()[0]:+.2f} |")
        if field_text is None:
            field_text = ", ".join(f"{r['entrants']} `{r['strategy']}`" for r in s.rows())
    lines += ["## Answer", ""]
    if field_text:
        lines += [f"The field mixes {field_text} (the New Zealand day adds two random players, "
                  "so two sitters make up its tables).", ""]
    lines += ["**How often the strongest win.** The chance that the event is won by an entrant "
              "of the strongest strategy, and the chance that one given such entrant wins it, "
              "against a fair share of one in the field:", "",
              "| format | events | entrants | strongest | one of them wins | a given one wins "
              "| fair share | strength vs standing |", "|---|---:|---:|---|---:|---:|---:|---:|"]
    lines += fmt_rows + [""]
    league = series(runs, "league-w")
    nz = series(runs, "nz-g")
    for label, seq, unit in (("league weeks", league, "weeks"), ("tournament games", nz, "games")):
        if not seq:
            continue
        n, s = first_at(seq)
        table = ["| " + unit + " | events | strategies in order [95%] | strength vs standing |",
                 "|---:|---:|---:|---:|"]
        for k, t in seq:
            rate, rate_ci = t.correct_rate()
            table.append(f"| {k} | {t.events:,} | {pct(rate)} {ci(rate_ci)} "
                         f"| {t.correlation()[0]:+.3f} |")
        if n is None:
            verdict = (f"not within {seq[-1][0]} {unit}: even then the standings order the "
                       f"strategies correctly in {pct(seq[-1][1].correct_rate()[0])} of events")
        else:
            verdict = (f"{n} {unit} (the standings then order the strategies correctly in "
                       f"{pct(s.correct_rate()[0])} {ci(s.correct_rate()[1])} of events)")
        lines += [f"**How many {label} until the standings rank the strategies correctly 90% of "
                  f"the time:** {verdict}. \"Correctly\" means that every stronger strategy's "
                  "entrants have a better mean rank than every weaker one's.", ""] + table + [""]
    match = os.path.join(runs, "league-match.h5")
    if os.path.exists(match):
        s = events.read(match)
        rows = {r["strategy"]: r for r in s.rows()}
        aware = [r for k, r in rows.items() if "objective=match" in k]
        plain = [r for k, r in rows.items() if "objective=win" in k]
        if aware and plain:
            a, p = aware[0], plain[0]
            # paired by night: both groups play the same nights, at the same tables
            diff, (lo, hi) = s.points_difference(s.specs.index(a["strategy"]),
                                                 s.specs.index(p["strategy"]))
            lines += ["**What playing for the match is worth in league points.** League nights "
                      f"({s.events:,}) where half the field plays mc for the league's points "
                      "(`objective=match`: a losing side still races for the points its "
                      "shortfall costs) and half for the game (`objective=win`); lower is "
                      "better:", "",
                      "| strategy | league points a night [95%] | mean rank | wins the night |",
                      "|---|---:|---:|---:|"]
            for r in (a, p):
                lines.append(f"| `{r['strategy']}` | {r['points']:.2f} "
                             f"[{r['points_ci'][0]:.2f}, {r['points_ci'][1]:.2f}] "
                             f"| {r['mean_rank']:.2f} | {pct(r['places'][0][0])} |")
            lines += ["", f"Difference (match minus win): {diff:+.2f} league points a night "
                      f"[{lo:+.2f}, {hi:+.2f}] at 95%, from the difference night by night "
                      "(the two groups play the same nights). Every interval on this page "
                      "counts events, not entrants: an event's entrants are not independent "
                      "(partners share a finish).", ""]
    lines += ["The full figures for every file are in [report.md](report.md).", "",
              f"Regenerate: `{command}`.", ""]
    return "\n".join(lines)


@cliio.tool("event_study.py")
def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("runs", metavar="RUNS_DIR")
    p.add_argument("-o", "--output", required=True, metavar="DIR")
    p.add_argument("--command", default="results/regenerate.sh events")
    p.add_argument("--force", action="store_true")
    args = p.parse_args(argv)
    if not os.path.isdir(args.runs):
        raise cliio.BadInput(f"{args.runs}: no such folder")
    cliio.check_output_dir(args.output)
    outs = [os.path.join(args.output, name) for name in ("README.md", "report.md")]
    for out in outs:  # both may be written, before either is
        cliio.check_output(out, args.force)
    files = sorted(glob.glob(os.path.join(glob.escape(args.runs), "*.h5")))
    if not files:
        raise cliio.BadInput(f"{args.runs} holds no event files")
    readme = answer(args.runs, args.command)
    report = events.markdown_report([events.read(f) for f in files])
    for out, text in zip(outs, (readme, report)):
        cliio.write_text(out, text, args.force)
    print(cliio.printable(f"wrote {args.output}/README.md and report.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

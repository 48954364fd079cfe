"""Reports on cribsim run files: a Markdown report with PNG plots, or a plain-text summary.

    cribsim-report FILE.h5 [MORE.h5 ...] -o DIR      writes DIR/report.md and DIR/*.png
    cribsim-report FILE.h5 [MORE.h5 ...] --summary   prints a short table to stdout

The report gives, for each run (and side by side when there are several): the win rate of each
strategy and each seat with 95% Wilson intervals and, with two sides, the Elo difference with
its interval; the first-dealer advantage; points per deal by source (pegging, hand, crib,
heels, start bonus) and by position (dealer, pone, and every seat with three or four players);
deals per game; the distributions of final scores and margins; skunk, double and triple skunk
and lurch rates; the hand and crib scores seen in play; how match and league scoring schemes
change who wins (matches.py); and, given several files, a comparison of each with the first
saying which differences are significant (Holm-corrected 5%), and for the files dealt the same
cards as the first (the same seed), a game-by-game paired comparison. metrics.py defines every
figure. The report ends with each file's provenance (versions, commit, seed, rules, command).

The files are read chunk by chunk (--chunk-rows N games, default 65536 or
$CRIBSIM_CHUNK_ROWS; N/8 games with /deals): memory does not grow with the number of games,
and the figures do not depend on N.

Exit status: 0 success, 2 bad usage or a file that is not a readable cribsim run (the message
names it), 1 a failure while writing the report.
"""

import argparse
import datetime
import json
import math
import os
import re
import shlex
import sys

from ..io import cliio
from ..io import runfile
from . import matches
from . import metrics
from . import plots
from . import shards
from ..io.runfile import fmt


# ---- formatting ----

def pct(x, digits=1):
    """A fraction as a percentage, '-' for NaN."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{100 * x:.{digits}f}%"


def interval(lo, hi, digits=1):
    return f"[{pct(lo, digits)}, {pct(hi, digits)}]"


def signed(x, digits=1):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.{digits}f}"


def signed_pct(x, digits=1):
    """A difference of fractions as a signed percentage, '-' for NaN."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{100 * x:+.{digits}f}%"


def elo_text(elo, lo, hi):
    return f"{signed(elo)} [{signed(lo, 0)}, {signed(hi, 0)}]"


def pvalue(p):
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "-"
    return "<1e-300" if p < 1e-300 else f"{p:.2g}"


def md_table(headers, rows, left=False):
    """A Markdown table from headers and rows of cells: columns of numbers right-aligned
    (judged by the first row), unless `left`."""
    def cell(c):
        return str(c).replace("|", "\\|")
    align = ["---:" if rows and not left and _numeric(rows[0][i]) else "---"
             for i in range(len(headers))]
    lines = ["| " + " | ".join(map(cell, headers)) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(map(cell, r)) + " |" for r in rows]
    return "\n".join(lines)


def _numeric(text):
    """Whether a cell holds a number (with sign, %, an interval or 'inf'): right-aligned."""
    number = r"[-+<]?(\d[\d.e+-]*|inf)%?( \[.*\])?|\[.*\]"
    return re.fullmatch(number, str(text).strip()) is not None


def text_table(headers, rows):
    """A plain-text table with columns padded to width."""
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(str(h))
              for i, h in enumerate(headers)]
    out = ["  ".join(str(h).ljust(w) for h, w in zip(headers, widths))]
    out += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(out)


# ---- sections ----

def _run_heading(run):
    extra = f", duplicate deals ({run.rotations} rotations)" if run.rotations > 1 else ""
    return f"{run.describe()}{extra}{_progress(run)}"


def _progress(run):
    """' (status: N of M games requested)' for a run that did not complete, else ''."""
    requested = run.attrs.get("games_requested")
    status = run.attrs.get("status", "")
    if isinstance(requested, int) and run.n_games < requested:
        return f" ({status or 'incomplete'}: {run.n_games} of {requested} games requested)"
    return ""


def strategy_rows(run):
    """Rows of the strategy table: strategy, games, win rate, interval, fair share, p, Elo."""
    t = metrics.strategy_table(run)
    rows = []
    for _, r in t.iterrows():
        if not r.get("games"):
            rows.append([run.label, r["strategy"], 0, "-", "-", "-", "-", "-",
                         "self-play: sits on every side"])
            continue
        elo = elo_text(r["elo"], r["elo lo"], r["elo hi"]) if "elo" in r else "-"
        paired = (f"[{signed(r['paired elo lo'], 0)}, {signed(r['paired elo hi'], 0)}]"
                  if "paired elo lo" in r and not math.isnan(r["paired elo lo"]) else "-")
        rows.append([run.label, r["strategy"], int(r["games"]), pct(r["rate"]),
                     interval(r["lo"], r["hi"]), pct(r["fair"]), pvalue(r["p"]), elo, paired])
    return rows


def seat_rows(run):
    t = metrics.seat_table(run)
    rows = []
    for _, r in t.iterrows():
        elo = elo_text(r["elo"], r["elo lo"], r["elo hi"]) if "elo" in r else "-"
        rows.append([run.label, r["side"], int(r["wins"]), int(r["ties"]), int(r["games"]),
                     pct(r["rate"]), interval(r["lo"], r["hi"]), pct(r["fair"]), pvalue(r["p"]),
                     fmt(r["mean score"], 1), elo])
    return rows


def section_win_rates(runs, figs):
    out = ["## Win rates", "",
           "Each strategy against the rest, over the games where it does not sit on every "
           "side. Ties count half a win. The interval is Wilson's 95% interval; p is the exact "
           "binomial test against the fair share (the share of sides the strategy holds). The "
           "Elo difference (two sides only) is against the other side, its interval mapped "
           "from the Wilson interval; with duplicate deals the paired interval uses the "
           "spread of the results per card sequence.", ""]
    rows = [row for run in runs for row in strategy_rows(run) if row[2]]
    selfplay = [r.label for r in runs if not any(row[2] for row in strategy_rows(r))]
    if rows:
        out.append(md_table(["run", "strategy", "games", "win rate", "95% interval",
                             "fair share", "p", "Elo [95%]", "paired Elo 95%"], rows))
    if selfplay:
        who = ("In every run" if len(selfplay) == len(runs) else
               f"In {', '.join(selfplay)}")
        out += ([""] if rows else []) + [
            f"{who} every seat is played by one strategy (self-play): there is no strategy "
            "to compare, only seats."]
    out += ["", "By seat (with partners, by team), whoever sat there:", ""]
    rows = [row for run in runs for row in seat_rows(run)]
    out.append(md_table(["run", "seat", "wins", "ties", "games", "win rate", "95% interval",
                         "fair share", "p", "mean final score", "Elo [95%]"], rows))
    out += ["", f"![win rates]({figs['win_rates']})", ""]
    return out


def section_first_dealer(runs, figs):
    out = ["## First-dealer advantage", "",
           "The win rate of the side of the game's first dealer, and of the sides after it "
           "clockwise.", ""]
    rows = []
    notes = []
    for run in runs:
        for _, r in metrics.first_dealer_table(run).iterrows():
            elo = elo_text(r["elo"], r["elo lo"], r["elo hi"]) if "elo" in r else "-"
            rows.append([run.label, r["position"], int(r["games"]), pct(r["rate"]),
                         interval(r["lo"], r["hi"]), pct(r["fair"]), pvalue(r["p"]), elo])
        fixed = metrics.first_dealer_fixed(run)
        if fixed is not None and run.rotations == 1 and len(set(run.seats)) > 1:
            notes.append(f"{run.label}: the rules fix seat {fixed} as first dealer and the "
                         "lineup does not rotate, so this advantage is measured together with "
                         "that seat's strategy.")
    out.append(md_table(["run", "position", "games", "win rate", "95% interval", "fair share",
                         "p", "Elo-equivalent [95%]"], rows))
    out += [""] + [f"Note: {n}" for n in notes]
    out += ["", f"![first dealer]({figs['first_dealer']})", ""]
    return out


def section_points(runs, figs):
    out = ["## Points per deal", "",
           "By position at the deal (from /deals, over the deals the game did not end in: in "
           "the last deal, events after the end are not played): mean points of the seat in "
           "each position by source. The crib and his heels go to the dealer.", ""]
    rows = []
    edges = []
    sources = metrics.sources_shown(runs)
    for run in runs:
        t = metrics.points_by_position(run)
        if t is None:
            continue
        for _, r in t.iterrows():
            rows.append([run.label, r["position"], int(r["deals"])] +
                        [fmt(r[s], 2) for s in sources] + [fmt(r["total"], 2),
                                                           fmt(r["sd"], 2)])
        e = metrics.dealer_edge(run)
        edges.append([run.label, e["what"], e["deals"], fmt(e["mean"], 2),
                      f"[{fmt(e['lo'], 2)}, {fmt(e['hi'], 2)}]"])
    if rows:
        out.append(md_table(["run", "position", "deals"] + list(sources) + ["total", "sd"],
                            rows))
        out += ["", "What the deal is worth to the dealer (points per deal, 95% interval):", ""]
        out.append(md_table(["run", "difference", "deals", "mean", "95% interval"], edges))
    missing = [r.label for r in runs if not r.has_deals]
    if missing:
        out += ["", f"No /deals in {', '.join(missing)} (run with deals recorded for the "
                "figures by position)."]
    out += ["", "By seat over whole games (from /games): each source's points divided by the "
            "deals played.", ""]
    rows = []
    for run in runs:
        for _, r in metrics.points_by_seat(run).iterrows():
            rows.append([run.label, r["seat"]] + [fmt(r[s], 2) for s in sources] +
                        [fmt(r["total"], 2)])
    out.append(md_table(["run", "seat"] + list(sources) + ["total"], rows))
    out += ["", f"![points per deal]({figs['points_by_position']})", ""]
    return out


def section_deals(runs, figs):
    out = ["## Deals per game", ""]
    rows = []
    for run in runs:
        d = metrics.deals_per_game(run)
        if "mean" not in d:
            continue
        def rate(key):
            r = d.get(key)
            if not r or not r["games"]:
                return "-"
            return f"{pct(r['rate'])} {interval(r['lo'], r['hi'])}"
        rows.append([run.label, d["games"], fmt(d["mean"], 2), fmt(d["sd"], 2), d["min"],
                     fmt(d["median"], 1), d["max"], rate("last deal"), rate("reached target"),
                     rate("close finish")])
    out.append(md_table(["run", "games", "mean", "sd", "min", "median", "max",
                         "to the last deal (fixed deals)", "a side reached the target "
                         "(fixed deals)", "loser would have gone out in the last deal"], rows))
    out += ["", "With a fixed number of deals, a game goes to the last deal unless a side "
            "reaches the target first. The last column (needs /deals) is the share of the "
            "games won at the target in which a losing side would also have reached it with "
            "the hands (and crib) it never counted in the last deal: those games were decided "
            "by the counting order (pone first, dealer last). It is a lower bound: the "
            "loser's unplayed pegging is not known.",
            "", f"![deals per game]({figs['deals_per_game']})", ""]
    return out


def section_scores(runs, figs):
    out = ["## Final scores and margins", "",
           "The winner's final score, the runner-up's (the best losing side), the last "
           "side's, and the margin between winner and runner-up.", ""]
    rows = []
    for run in runs:
        for _, r in metrics.final_score_summary(run).iterrows():
            rows.append([run.label, r["figure"], fmt(r["mean"], 2), fmt(r["sd"], 2),
                         fmt(r["q1"], 1), fmt(r["median"], 1), fmt(r["q3"], 1)])
    out.append(md_table(["run", "figure", "mean", "sd", "q1", "median", "q3"], rows))
    out += ["", f"![final scores]({figs['final_scores']})", ""]
    return out


def section_skunks(runs, figs):
    out = ["## Skunks and lurches", "",
           "Per game, the worst result among the losers (the rules' skunk lines decide), and "
           "the share of games won by a lurch.", ""]
    rows = []
    for run in runs:
        for _, r in metrics.skunk_table(run).iterrows():
            rows.append([run.label, r["result"], int(r["count"]), int(r["games"]),
                         pct(r["rate"], 2), interval(r["lo"], r["hi"], 2)])
    out.append(md_table(["run", "result", "games with it", "games", "rate", "95% interval"],
                        rows))
    out += ["", f"![skunks]({figs['skunks']})", ""]
    return out


def section_show(runs, figs, exact):
    out = ["## Hand and crib scores seen in play", ""]
    dists = [(r, metrics.show_distributions(r)) for r in runs]
    have = [(r, d) for r, d in dists if d is not None]
    if not have:
        return out + ["No run recorded /deals: the scores of hands and cribs need them.", ""]
    out += ["Shown: the hands and cribs counted in the deals the game did not end in. All "
            "deals: every kept hand and crib recomputed from the recorded cards (also in the "
            "deals the game ended before counting them). `recorded = recomputed` checks the "
            "file: the recorded counts against this independent scorer.", ""]
    rows = []
    for run, d in have:
        m = d["means"]
        rows.append([run.label, d["complete deals"], fmt(m["hand"], 3), fmt(m["crib"], 3),
                     d["deals"], fmt(m["hand, all deals"], 3), fmt(m["crib, all deals"], 3),
                     "yes" if d["mismatches"] == 0 else f"NO: {d['mismatches']} differ"])
    out.append(md_table(["run", "deals shown", "mean hand", "mean crib", "all deals",
                         "mean hand (all)", "mean crib (all)", "recorded = recomputed"], rows))
    out += ["", "Distribution (fraction of hands and cribs shown with each score):", ""]
    headers = ["score"]
    for run, _ in have:
        headers += [f"{run.label} hand", f"{run.label} crib"]
    if exact:
        headers += [f"exact {k}" for k in ("hand", "crib") if exact.get(k) is not None]
    rows = []
    for score in range(30):
        row = [score]
        any_seen = False
        for _, d in have:
            t = d["table"]
            h, c = t.loc[score, "hand %"], t.loc[score, "crib %"]
            any_seen |= bool(t.loc[score, "hand"] or t.loc[score, "crib"])
            row += [pct(h, 2), pct(c, 2)]
        for k in ("hand", "crib"):
            if exact and exact.get(k) is not None:
                p = float(exact[k].get(score, 0.0))
                any_seen |= p > 0
                row.append(pct(p, 2))
        if any_seen:
            rows.append(row)
    out.append(md_table(headers, rows))
    if exact:
        rows = []
        for run, _ in have:
            for c in metrics.exact_comparison(run, exact):
                rows.append([run.label, c["what"], c["n"], fmt(c["mean"], 3),
                             f"[{fmt(c['lo'], 3)}, {fmt(c['hi'], 3)}]", fmt(c["exact mean"], 3),
                             f"{pvalue(c['p'])} ({c['dof']})", pct(c["max diff"], 2)])
        if rows:
            out += ["", "Against the exact enumeration (every hand with every starter, "
                    "`cribsim hand-stats`): every kept hand and crib of the run, recomputed "
                    "from the cards of every deal (the deals the game ended in included, so "
                    "the end of the game selects nothing), and the chi-square goodness-of-fit "
                    "test of its distribution against the exact one (scores with fewer than 5 "
                    "expected pooled; the hands of a deal share the starter, so the test takes "
                    "one hand per deal, seat 0's, and the interval of the mean comes from the "
                    "per-deal means). Random discards keep a uniformly random hand and make "
                    "a uniformly random crib, so they must agree; a strategy's discards need "
                    "not.", ""]
            out.append(md_table(["run", "what", "hands", "mean", "95% interval",
                                 "exact mean", "chi-square p (dof)",
                                 "largest difference in a score's share"], rows))
    if figs.get("hand_crib"):
        out += ["", f"![hand and crib scores]({figs['hand_crib']})"]
    return out + [""]


def section_matches(runs, figs, tables, notes_by_run, args):
    out = ["## Matches: how the scoring scheme changes who wins", "",
           f"The games strung into matches (matches.py explains how; the next first dealer "
           f"follows the dealer rule shown) and scored under each scheme: `race to "
           f"{args.race}` is won by the first side to {args.race} games' worth of points "
           f"(best two of three for 2; the target is {args.race} times a plain win's points "
           f"under the scheme, so sheet-C and D, where a plain win is worth 2, race to "
           f"{2 * args.race}), a `session {args.session}` by the best total over "
           f"{args.session} games (lowest for league). Schemes: wins (one game each, as the "
           "double-elimination doubles tournament counts them), clips (2 a win, 1 a tie: the "
           "New Zealand tournament), lurch (a lurch counts two games: the classic rules), "
           "league (the weekly league: 0 a win, -1/-2 for a skunk/double skunk, a loser its "
           "shortfall to the target, lowest wins), sheet-A..D (the modern rule sheet's "
           "game-point tables). `differs`: matches whose "
           "outcome differs from plain wins in the same format (including decided against "
           "undecided); `reversed`: both name a winner and not the same one. `- wins`: a "
           "side's share under the scheme minus under wins on the same matches, its 95% "
           "interval paired match by match (the two shares' own intervals, side by side, are "
           "not a test of the difference).", ""]
    for run, table in zip(runs, tables):
        labels = matches.GameResults.labels_of(run)
        out += [f"**{run.label}**", ""]
        for note in notes_by_run.get(run.label, []):
            out += [f"Note: {note}", ""]
        rows = []
        for _, r in table.iterrows():
            to_win = ("best total" if math.isnan(r["target"]) else
                      f"{fmt(r['target'], 0)} points")
            rows.append([r["format"], r["scheme"], to_win, r["dealer rule"], r["matches"],
                         r["undecided"]] +
                        [f"{pct(r[lab])} {interval(r[lab + '_lo'], r[lab + '_hi'])}"
                         for lab in labels] +
                        [f"{signed_pct(r[lab + '_vs_wins'])} "
                         f"[{signed_pct(r[lab + '_vs_wins_lo'])}, "
                         f"{signed_pct(r[lab + '_vs_wins_hi'])}]" for lab in labels] +
                        [f"{pct(r['differs'])} {interval(r['differs_lo'], r['differs_hi'])}",
                         f"{pct(r['reversed'])} {interval(r['reversed_lo'], r['reversed_hi'])}",
                         fmt(r["games"], 2)])
        out.append(md_table(["format", "scheme", "to win", "dealer rule", "matches",
                             "undecided"] +
                            [f"{lab} wins" for lab in labels] +
                            [f"{lab} - wins" for lab in labels] +
                            ["differs", "reversed", "games played"], rows))
        out.append("")
    if figs.get("match_schemes"):
        out += [f"![match schemes]({figs['match_schemes']})", ""]
    return out


def section_compare(runs):
    if len(runs) < 2:
        return []
    t = metrics.compare_runs(runs)
    base = runs[0].label
    out = ["## Differences between the runs", "",
           f"Each run against the first ({base}): two-proportion z-test for rates, Welch's "
           "t-test for means; `yes` marks a difference significant at 5% after Holm's "
           "correction over the whole table.", ""]
    headers = ["figure", base]
    for r in runs[1:]:
        headers += [r.label, f"p, significant? ({r.label})"]
    rows = []
    for _, row in t.iterrows():
        kind = row["kind"]
        def value(x):
            if kind == "excess":
                return "-" if math.isnan(x) else f"{100 * x:+.2f} pts"
            return pct(x, 2) if kind == "rate" else fmt(x, 3)
        cells = [row["figure"], value(row[base])]
        for r in runs[1:]:
            p = row[f"p {r.label}"]
            cells += [value(row[r.label]), "-" if math.isnan(p) else
                      f"{pvalue(p)} {'**yes**' if row[f'sig {r.label}'] else 'no'}"]
        rows.append(cells)
    out.append(md_table(headers, rows))
    out += ["", "Rates are percentages of games; `pts` are percentage points above the fair "
            "share (1 over the number of sides), so runs with different numbers of players "
            "compare."]
    return out + [""]


def section_paired(runs):
    """Each run dealt the same cards as the first, compared with it game by game."""
    if len(runs) < 2:
        return []
    base = runs[0]
    out = []
    for run in runs[1:]:
        why = metrics.pairing(base, run)
        t = metrics.paired_comparison(base, run) if why else None
        if t is None or not len(t):
            continue
        if not out:
            out = ["## Paired comparisons: the same cards game by game", "",
                   "Runs with the seed of the first were dealt the same cards in game g "
                   "(common random numbers: the cards of a deal depend only on the seed, the "
                   "game and the deal), so each game is compared with its twin: the mean of "
                   "the per-game differences (this run minus the first) with a 95% interval "
                   "from their spread and the paired t-test (`yes`: significant at 5% after "
                   "Holm's correction over the table). The cards' luck cancels, so the paired "
                   "interval is narrower than the one independent runs would give (last "
                   "column: its half-width if they were independent). With other rules the "
                   "games can last different numbers of deals, after which the cards differ.",
                   ""]
        out += [f"**{run.label} against {base.label}**: {why} (games 0 to "
                f"{int(t['games'].max()) - 1} compared).", ""]
        rows = []
        for _, r in t.iterrows():
            if r["kind"] == "rate":
                cells = [pct(r["base"], 2), pct(r["other"], 2),
                         f"{100 * r['diff']:+.2f} pts", f"[{100 * r['lo']:+.2f}, "
                         f"{100 * r['hi']:+.2f}]", f"±{100 * r['unpaired']:.2f}"]
            elif r["kind"] == "excess":
                cells = [f"{100 * r['base']:+.2f} pts", f"{100 * r['other']:+.2f} pts",
                         f"{100 * r['diff']:+.2f} pts", f"[{100 * r['lo']:+.2f}, "
                         f"{100 * r['hi']:+.2f}]", f"±{100 * r['unpaired']:.2f}"]
            else:
                cells = [fmt(r["base"], 3), fmt(r["other"], 3), signed(r["diff"], 3),
                         f"[{signed(r['lo'], 3)}, {signed(r['hi'], 3)}]",
                         f"±{fmt(r['unpaired'], 3)}"]
            rows.append([r["figure"], int(r["games"])] + cells +
                        [f"{pvalue(r['p'])} {'**yes**' if r['sig'] else 'no'}"])
        out.append(md_table(["figure", "games", base.label, run.label, "difference",
                             "paired 95% interval", "unpaired ±", "p, significant?"], rows))
        out.append("")
    return out


def section_provenance(runs):
    out = ["## Provenance", ""]
    for run in runs:
        a = run.attrs
        out += [f"**{run.label}** (`{run.path}`)", ""]
        rows = [[k, _attr_cell(k, a[k])]
                for k in ("engine_version", "git_commit", "schema_version", "seed", "seats",
                          "games_requested", "games_completed", "status", "record",
                          "duplicate", "rotations", "shard_index", "shard_count", "threads",
                          "created_utc", "rng", "command_line") if k in a]
        rows.append(["rules", f"`{json.dumps(run.rules)}`"])
        out.append(md_table(["attribute", "value"], rows, left=True))
        out.append("")
    return out


def _attr_cell(name, value):
    if isinstance(value, list):
        value = ", ".join(map(str, value))
    if value == "":
        return "-"
    return f"`{value}`" if name in ("command_line", "rng") else value


def write_report(runs, out_dir, args, command_line, exact=None, executor=None):
    """Writes out_dir/report.md and its PNG figures; returns the report's path. exact: the
    exact hand and crib distributions to compare with (load_exact()), or None; executor:
    where the match formats are formed at once (shards.executor()), None for here. The
    folder must exist; files already there are replaced only with args.force
    (check_outputs())."""
    check_outputs(out_dir, getattr(args, "force", False))
    figs = {
        "win_rates": plots.win_rates(runs, out_dir),
        "first_dealer": plots.first_dealer(runs, out_dir),
        "points_by_position": plots.points_by_position(runs, out_dir),
        "deals_per_game": plots.deals_per_game(runs, out_dir),
        "final_scores": plots.final_scores(runs, out_dir),
        "skunks": plots.skunks(runs, out_dir),
        "hand_crib": plots.hand_crib(runs, out_dir, exact),
    }
    tables, notes_by_run = [], {}
    for run in runs:
        table, notes = matches.compare_schemes(run, args.race, args.session,
                                               matches.resolve_rule(run, args.dealer),
                                               executor=executor)
        tables.append(table)
        notes_by_run[run.label] = notes
    figs["match_schemes"] = plots.match_schemes(runs, tables, out_dir)

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"# {args.title or 'cribsim report'}", "",
             f"Made by `{command_line}` on {now}.", ""]
    lines.append(md_table(["run", "file", "rules", "lineup", "games", "deals recorded"],
                          [[r.label, f"`{r.path}`", runfile.describe_rules(r.rules),
                            ", ".join(r.seats) + (f" (duplicate, {r.rotations} rotations)"
                                                  if r.rotations > 1 else ""),
                            f"{r.n_games}{_progress(r)}", "yes" if r.has_deals
                            else "no"] for r in runs]))
    lines.append("")
    empty = [r.label for r in runs if r.n_games == 0]
    if empty:
        lines += [f"Note: no complete games in {', '.join(empty)}.", ""]
    lines += section_win_rates(runs, figs)
    lines += section_first_dealer(runs, figs)
    lines += section_points(runs, figs)
    lines += section_deals(runs, figs)
    lines += section_scores(runs, figs)
    lines += section_skunks(runs, figs)
    lines += section_show(runs, figs, exact)
    lines += section_matches(runs, figs, tables, notes_by_run, args)
    lines += section_compare(runs)
    lines += section_paired(runs)
    lines += section_provenance(runs)
    path = os.path.join(out_dir, "report.md")
    cliio.write_text(path, "\n".join(lines).rstrip() + "\n", force=True)
    return path


def check_outputs(out_dir, force):
    """Raises cliio.BadInput unless report.md and the plots may be written in out_dir (none
    exists yet, or `force`). A missing out_dir is created when its own folder exists (never a
    chain of folders: a mistyped path is refused); returns whether it was."""
    created = False
    if not os.path.lexists(out_dir):
        parent = os.path.dirname(os.path.abspath(out_dir))
        if not os.path.isdir(parent):
            raise cliio.BadInput(f"{out_dir}: its folder {os.path.dirname(out_dir) or '.'} does "
                                 "not exist (only the report's own folder is created)")
        try:
            os.mkdir(out_dir)
        except OSError as e:
            raise cliio.WriteError(f"{out_dir}: cannot create it: {e.strerror or e}")
        created = True
    cliio.check_output_dir(out_dir)
    for name in ("report.md",) + plots.FILE_NAMES:
        cliio.check_output(os.path.join(out_dir, name), force)
    return created


def load_exact(args):
    """The --hand-stats and --crib-stats distributions as a dict, or None; ValueError for a
    file that is not `cribsim hand-stats` output."""
    exact = {}
    for key, path in (("hand", args.hand_stats), ("crib", args.crib_stats)):
        if path:
            exact[key] = metrics.read_hand_stats(path)
    return exact or None


# ---- summary ----

def summary_text(runs):
    """The plain-text summary: per run, the strategies (or seats, in self-play) with win rate,
    interval and Elo, the first-dealer advantage, deals per game, skunk and lurch rates, and
    the points per deal of dealer and pone when deals were recorded."""
    out = []
    for run in runs:
        out.append(f"== {_run_heading(run)}")
        if run.n_games == 0:
            out += ["no complete games", ""]
            continue
        t = metrics.strategy_table(run)
        counted = t[t["games"] > 0] if "games" in t else t
        two = run.n_sides == 2
        headers = ["strategy", "games", "win rate", "95% interval", "fair"]
        if two:
            headers += ["Elo", "95% interval"]
        rows = []
        if len(counted):
            for _, r in counted.iterrows():
                row = [r["strategy"], int(r["games"]), pct(r["rate"]),
                       interval(r["lo"], r["hi"]), pct(r["fair"])]
                if two:
                    row += [signed(r["elo"]), f"[{signed(r['elo lo'])}, {signed(r['elo hi'])}]"]
                rows.append(row)
        else:
            headers[0] = "seat (self-play)"
            for _, r in metrics.seat_table(run).iterrows():
                row = [r["side"], int(r["games"]), pct(r["rate"]), interval(r["lo"], r["hi"]),
                       pct(r["fair"])]
                if two:
                    row += [signed(r["elo"]), f"[{signed(r['elo lo'])}, {signed(r['elo hi'])}]"]
                rows.append(row)
        out.append(text_table(headers, rows))
        fd = metrics.first_dealer_table(run).iloc[0]
        out.append(f"{fd['position']} wins {pct(fd['rate'])} {interval(fd['lo'], fd['hi'])} "
                   f"(fair {pct(fd['fair'])})")
        d = metrics.deals_per_game(run)
        sk = metrics.skunk_table(run).set_index("result")["rate"]
        out.append(f"deals per game {d['mean']:.2f} (sd {d['sd']:.2f}); skunk or worse "
                   f"{pct(sk['skunk or worse'])}, double {pct(sk['double skunk or worse'])}, "
                   f"triple {pct(sk['triple skunk'])}, lurch {pct(sk['lurch'])}")
        pos = metrics.points_by_position(run)
        if pos is not None:
            parts = [f"{r['position']} {r['total']:.2f}" for _, r in pos.iterrows()]
            out.append("points per deal: " + ", ".join(parts))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


@cliio.tool("report.py")
def main(argv=None):
    p = argparse.ArgumentParser(
        description="Report on cribsim run files: Markdown and PNG plots (-o DIR) or a "
                    "plain-text summary (--summary).")
    p.add_argument("files", nargs="+", metavar="FILE.h5", help="run files written by "
                   "`cribsim run`; with several, the first is the baseline of comparisons")
    p.add_argument("-o", "--output", metavar="DIR", help="the folder for report.md and the "
                   "plots (created if missing, in a folder that exists)")
    p.add_argument("--force", action="store_true", help="replace report.md and the plots "
                   "when they exist in DIR (refused otherwise)")
    p.add_argument("--summary", action="store_true", help="print a short summary to stdout")
    p.add_argument("--chunk-rows", type=int, metavar="N",
                   help="read N games at a time, N/8 with /deals (default "
                   f"${runfile.CHUNK_ENV} or {runfile.DEFAULT_CHUNK_ROWS}); memory "
                   "is proportional to N, the figures do not depend on it")
    shards.add_arguments(p)
    p.add_argument("--title", help="the report's title")
    p.add_argument("--race", type=int, default=2, metavar="K",
                   help="matches: race to K games (default 2: best two of three); 0 skips")
    p.add_argument("--session", type=int, default=4, metavar="N",
                   help="matches: sessions of N games (default 4); 0 skips")
    p.add_argument("--dealer", choices=matches.DEALER_RULES, default="rules",
                   help="matches: who deals first in the next game (default: the rules')")
    p.add_argument("--hand-stats", metavar="FILE",
                   help="output of `cribsim hand-stats` to compare the hands with")
    p.add_argument("--crib-stats", metavar="FILE",
                   help="output of `cribsim hand-stats --crib` to compare the cribs with")
    args = p.parse_args(argv)
    if not args.output and not args.summary:
        p.error("give -o DIR for the report, --summary for the summary, or both")
    if args.race < 0 or args.session < 0 or (args.race == 0 and args.session == 0):
        p.error("--race and --session must be >= 0 and not both 0")
    for path in (args.hand_stats, args.crib_stats):
        if path and not os.path.isfile(path):
            p.error(f"{path}: no such file")
    if args.jobs is not None and args.jobs < 1:
        p.error(f"--jobs {args.jobs}: give a positive number of processes")
    created = bool(args.output) and check_outputs(args.output, args.force)  # before the work
    try:
        return _report(args, argv)
    except BaseException:
        if created and not os.listdir(args.output):
            os.rmdir(args.output)  # a folder made for a report that failed goes again
        raise


def _report(args, argv):
    """main()'s work once the arguments and the output folder are checked."""
    runs = shards.open_runs(args.files, chunk_rows=args.chunk_rows)
    exact = load_exact(args)
    # One task per file or shard for the figures, and with -o two per run for the matches.
    tasks = max(sum(len(getattr(r, "shards", [r])) for r in runs),
                2 if args.output and args.race and args.session else 1)
    with shards.parallel(args.jobs, args.scheduler, tasks) as ex:
        shards.reduce_summaries(runs, ex=ex)
        if args.summary:
            sys.stdout.write(cliio.printable(summary_text(runs)))
        if args.output:
            command = " ".join(shlex.quote(a) for a in ["analysis/report.py"] +
                               list(sys.argv[1:] if argv is None else argv))
            try:
                path = write_report(runs, args.output, args, command, exact, ex)
            except OSError as e:
                raise cliio.WriteError(f"cannot write the report in {args.output}: {e}")
            if not args.summary:
                print(cliio.printable(f"wrote {path}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

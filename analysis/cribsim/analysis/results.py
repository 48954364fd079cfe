"""The canonical experiments answered: the report of an experiment's run files, and a short
README in front of it that states the answer in words with the key numbers.

    cribsim-results NAME SPEC.yaml RUNS_DIR -o OUT_DIR [--hand-stats F] [--crib-stats F]
                        [--command TEXT]

NAME is one of the canonical experiments (ladder, variants, lurch-skunk, three-hand,
hand-scores); SPEC.yaml its spec in experiments/specs/; RUNS_DIR the folder `cribsim run SPEC -o
RUNS_DIR` filled with one NAME.h5 per arm. The script writes OUT_DIR/report.md with its plots
(report.py) and OUT_DIR/README.md: the question, the answer (sentences whose numbers and
wording come from the files, so a rerun rewrites them), a table of the key figures, and how
to regenerate it (`--command`, as results/regenerate.sh gives it). The arms are taken in the
order the spec lists them (its `- name:` lines, checked against each file's own `arm` and
`arm_index` attributes), so the first arm is the baseline of the report's comparisons.
results/regenerate.sh runs the experiment and then this script.

Exit status: 0 success; 2 bad usage, a spec without arms, or a missing or unreadable run file
(named); 1 a failure while writing.
"""

import argparse
import math
import os
import re
import sys

from ..io import cliio
from ..io import runfile
from . import matches
from . import metrics
from . import report
from ..io.runfile import fmt
from .report import interval, pct, signed

QUESTIONS = {
    "ladder": "How strong is each built-in strategy against the others (two players, "
              "duplicate deals)?",
    "variants": "What does each rule variant (two, three and four players, partners, the "
                "five-card game, the New Zealand tournament game) do to the game: how much is "
                "the first deal (or a seat) worth, where do the points come from, how many "
                "deals does a game take, and how often does it go to the last deal?",
    "lurch-skunk": "How often does the scoring scheme (lurch counting two games, the game "
                   "points of the modern rule sheet's variants A-D, the weekly league's "
                   "points, clips) change the winner of a match, and how often do skunks and "
                   "lurches happen?",
    "three-hand": "In three-hand cribbage, what are the dealer's seat and the crib worth?",
    "hand-scores": "Do the hand and crib scores seen in play match the exact enumeration "
                   "over every hand and starter (`cribsim hand-stats`)?",
    "muggins": "When players overlook points, how does muggins (the opponent taking what it "
               "sees) move the win rate between a careless and a careful player, and between "
               "two equally careless ones, across error rates; and does the two-player first "
               "dealer's edge change?",
}
TITLES = {
    "ladder": "The strategy ladder",
    "variants": "Rule variants side by side",
    "lurch-skunk": "Lurch against skunk scoring, and the match schemes",
    "three-hand": "The three-hand crib",
    "hand-scores": "Hand and crib scores in play against the exact enumeration",
    "muggins": "Muggins and counting errors",
}


def check_arms(runs, arms):
    """Each file must say it is the arm the spec puts there (attributes `arm` and `arm_index`,
    written by `cribsim run SPEC`), so a file of another experiment copied into the folder
    under an arm's name is caught."""
    for i, (run, arm) in enumerate(zip(runs, arms)):
        got = (run.attrs.get("arm"), run.attrs.get("arm_index"))
        if got != (arm, i):
            raise ValueError(f"{run.path}: the spec's arm {i} is '{arm}', but the file records "
                             f"arm {got[1]!r} '{got[0]}'; rerun the experiment")


def spec_arms(spec_path):
    """The arm names of an experiment spec, in order (its `- name: X` lines under `arms:`)."""
    with open(spec_path) as f:
        text = f.read()
    head, sep, arms = text.partition("\narms:")
    if not sep:
        raise ValueError(f"{spec_path}: no 'arms:' list")
    names = re.findall(r"^\s*-\s*name:\s*([^\s#]+)", arms, re.M)
    if not names:
        raise ValueError(f"{spec_path}: no '- name:' entries under 'arms:'")
    return names


def ci(row, digits=1):
    """'55.3% [54.9%, 55.8%]' from a dict or row with rate, lo, hi."""
    return f"{pct(row['rate'], digits)} {interval(row['lo'], row['hi'], digits)}"


def excess(row):
    """Win rate minus the fair share, in percentage points, with its interval."""
    return (f"{100 * (row['rate'] - row['fair']):+.1f} points "
            f"[{100 * (row['lo'] - row['fair']):+.1f}, {100 * (row['hi'] - row['fair']):+.1f}]")


def significant(row, against):
    """Whether the interval [lo, hi] of a row excludes `against`."""
    return row["lo"] > against or row["hi"] < against


def _p_text(p):
    text = report.pvalue(p)
    return f"p {text[0]} {text[1:]}" if text.startswith("<") else f"p = {text}"


# ---- the answers ----

def answer_ladder(runs):
    lines = []
    rows = []
    for run in runs:
        t = metrics.strategy_table(run)
        if "rate" not in t or len(t) < 2:
            continue
        top = t.sort_values("rate", ascending=False).iloc[0]
        other = t[t["strategy"] != top["strategy"]].iloc[0]
        paired = (f"[{signed(top['paired elo lo'], 0)}, {signed(top['paired elo hi'], 0)}]"
                  if "paired elo lo" in top and not math.isnan(top["paired elo lo"]) else "-")
        rows.append([run.label, top["strategy"], other["strategy"], int(top["games"]),
                     ci(top), report.elo_text(top["elo"], top["elo lo"], top["elo hi"]),
                     paired])
        if significant(top, 0.5):
            lines.append(f"- **{top['strategy']}** beats **{other['strategy']}**: it wins "
                         f"{ci(top)} of {int(top['games'])} games, "
                         f"{signed(top['elo'], 0)} Elo.")
        else:
            lines.append(f"- {top['strategy']} and {other['strategy']} cannot be told apart "
                         f"in {int(top['games'])} games: {ci(top)}, {signed(top['elo'], 0)} "
                         "Elo.")
    table = report.md_table(["arm", "stronger", "weaker", "games", "stronger's win rate",
                             "Elo [95%]", "paired Elo 95%"], rows)
    return lines, table


def answer_variants(runs):
    lines = []
    rows = []
    for run in runs:
        fd = metrics.first_dealer_table(run).iloc[0]
        pos = metrics.points_by_position(run)
        edge = metrics.dealer_edge(run)
        d = metrics.deals_per_game(run)
        close = d.get("close finish")
        dealer, pone = pos.iloc[0], pos.iloc[1]
        if d.get("last deal"):
            last = (f"{pct(d['last deal']['rate'])} go to deal {run.rules['max_deals']}; a side "
                    f"reaches {run.rules['target']} in {pct(d['reached target']['rate'])}")
        else:
            last = f"{ci(close)} decided by the counting order" if close else "-"
        rows.append([run.label, runfile.describe_rules(run.rules),
                     f"{ci(fd)} (fair {pct(fd['fair'])})",
                     f"{fmt(edge['mean'], 2)} [{fmt(edge['lo'], 2)}, {fmt(edge['hi'], 2)}]",
                     f"{fmt(dealer['total'], 2)} = {fmt(dealer['peg'], 2)} + "
                     f"{fmt(dealer['hand'], 2)} + {fmt(dealer['crib'], 2)} + "
                     f"{fmt(dealer['heels'], 2)}",
                     f"{fmt(pone['total'], 2)} = {fmt(pone['peg'], 2)} + "
                     f"{fmt(pone['hand'], 2)}" + (f" + {fmt(pone['bonus'], 2)} bonus"
                                                 if pone["bonus"] > 0 else ""),
                     fmt(d["mean"], 2), last])

    def fd_phrase(run):
        fd = metrics.first_dealer_table(run).iloc[0]
        who = "the first dealer's team" if run.partnership else "the first dealer"
        if not significant(fd, fd["fair"]):
            return (f"{run.label}: {who} wins {ci(fd)}, no measurable advantage (fair "
                    f"{pct(fd['fair'])})")
        word = "an advantage" if fd["rate"] > fd["fair"] else "a disadvantage"
        return (f"{run.label}: {who} wins {ci(fd)} against a fair {pct(fd['fair'])}, {word} "
                f"of {excess(fd)}")
    lines.append("- **The first deal.** " + "; ".join(fd_phrase(r) for r in runs) + ".")
    seat_notes = []
    for run in runs:
        t = metrics.seat_table(run)
        off = t[[significant(r, r["fair"]) for _, r in t.iterrows()]]
        if len(off):
            seat_notes.append(f"{run.label}: " + ", ".join(
                f"{r['side']} {ci(r)}" for _, r in off.iterrows()))
    lines.append("- **Seats** (whoever deals first; the deal is cut): " + (
        "no seat's win rate differs from its fair share beyond its 95% interval, except "
        + "; ".join(seat_notes) + " (with several seats per run, one in twenty intervals "
        "misses by chance)" if seat_notes else
        "no seat's win rate differs from its fair share beyond its 95% interval") + ".")
    edges = [(r.label, metrics.dealer_edge(r)) for r in runs]
    hi = max(edges, key=lambda x: x[1]["mean"])
    lo = min(edges, key=lambda x: x[1]["mean"])
    lines.append(f"- **Points per deal.** The deal is worth most in {hi[0]} "
                 f"({fmt(hi[1]['mean'], 2)} points a deal: the dealer's points minus the mean "
                 f"of the others', with partners team against team) and least in {lo[0]} "
                 f"({fmt(lo[1]['mean'], 2)}). The table gives the dealer's and pone's points "
                 "by source (pegging + hand + crib + his heels); the crib and his heels are "
                 "the dealer's.")
    deals = [(r.label, metrics.deals_per_game(r)["mean"]) for r in runs]
    lines.append("- **Deals per game**: " + ", ".join(f"{lab} {m:.2f}" for lab, m in deals)
                 + ".")
    last_bits = []
    for run in runs:
        d = metrics.deals_per_game(run)
        if d.get("last deal"):
            last_bits.append(f"the {run.label} game goes to its last deal (deal "
                             f"{run.rules['max_deals']}) in {ci(d['last deal'])} of games, "
                             f"and a side reaches {run.rules['target']} in only "
                             f"{ci(d['reached target'])}")
    closes = [(r.label, metrics.deals_per_game(r).get("close finish")) for r in runs
              if not r.rules.get("max_deals")]
    closes = [(lab, c) for lab, c in closes if c and c["games"]]
    text = "- **The last deal.** " + ("; ".join(last_bits).capitalize() + ". "
                                       if last_bits else "")
    if closes:
        text += ("Every game to a target ends in its last deal, so for those the question "
                 "is how often the last deal decides it: the loser would also have gone out "
                 "with the hands (and crib) it never got to count in " + ", ".join(
                     f"{ci(c)} of the games in {lab}" for lab, c in closes) +
                 " (a lower bound: its unplayed pegging is not counted).")
    lines.append(text)
    table = report.md_table(["run", "rules", "first dealer wins", "dealer's edge, points "
                             "per deal", "dealer: total = peg + hand + crib + heels",
                             "pone: total = peg + hand", "deals per game", "the last deal"],
                            rows)
    return lines, table


def _scheme_rows(table):
    return {(r["format"], r["scheme"]): r for _, r in table.iterrows()}


def answer_lurch_skunk(runs):
    lines = []
    sk_rows = []
    match_rows = []
    tables = {}
    for run in runs:
        t = metrics.skunk_table(run).set_index("result")
        sk_rows.append([run.label, runfile.describe_rules(run.rules), ", ".join(run.seats),
                        ci(t.loc["skunk or worse"], 2), ci(t.loc["double skunk or worse"], 2),
                        ci(t.loc["lurch"], 2)])
        labels = matches.GameResults.labels_of(run)
        table, _ = matches.compare_schemes(run, 2, 4, matches.resolve_rule(run, "rules"))
        tables[run.label] = (labels, table)
        by = _scheme_rows(table)
        for (fmt_, scheme), r in by.items():
            if scheme == "wins":
                continue
            match_rows.append([run.label, fmt_, scheme, r["dealer rule"], r["matches"],
                               ci({"rate": r["reversed"], "lo": r["reversed_lo"],
                                   "hi": r["reversed_hi"]}),
                               ci({"rate": r["differs"], "lo": r["differs_lo"],
                                   "hi": r["differs_hi"]})])
    for run in runs:
        labels, table = tables[run.label]
        by = _scheme_rows(table)
        race = [(s, r) for (f, s), r in by.items() if f.startswith("race") and s != "wins"]
        sess = [(s, r) for (f, s), r in by.items() if f.startswith("session") and s != "wins"]
        big_race = max(race, key=lambda x: x[1]["reversed"])
        big_sess = max(sess, key=lambda x: x[1]["differs"])
        lurch = by[("race to 2", "lurch")]
        rule = matches.resolve_rule(run, "rules")
        rule = {"loser": "the loser deals first in the next game",
                "alternate": "the first deal passes to the left each game"}.get(rule, rule)
        text = (f"- **{run.label}** ({', '.join(run.seats)}; {rule}): in "
                f"{'best two of three' if run.n_sides == 2 else 'races to two wins'}, counting "
                "a lurch as two games "
                f"reverses the winner of {pct(lurch['reversed'])} "
                f"{interval(lurch['reversed_lo'], lurch['reversed_hi'])} of matches" +
                ("" if big_race[1]["reversed"] <= lurch["reversed"] else
                 f"; the scheme that reverses most is {big_race[0]} "
                 f"({pct(big_race[1]['reversed'])})") +
                f". Over four-game sessions {big_sess[0]} "
                f"changes the outcome most: {pct(big_sess[1]['differs'])} of sessions "
                f"({pct(big_sess[1]['reversed'])} reversed, the rest drawn sessions it "
                "decides or decided ones it draws).")
        if len(set(run.seats)) > 1:
            label = labels[0]
            shares = ", ".join(f"{s} {pct(r[label])}" for (f, s), r in by.items()
                               if f.startswith("race"))
            text += (f" The first side ({label}) wins these best-of-three matches: {shares}.")
        lines.append(text)
    two = [r for r in runs if r.n_sides == 2]
    if two:
        lines.append("- With two sides, the lurch line and the skunk line are both 91 (31 in "
                     "the 61-point game), so a lurch is a skunk; in a race to two games "
                     "sheet-A and sheet-B (2 for a skunk, 3 or 4 for a double) decide exactly "
                     "as lurch does, since any win worth two ends the match, and sheet-C and D "
                     "race "
                     "to four points (a plain win is worth two there).")
    sk_table = report.md_table(["run", "rules", "lineup", "skunk or worse", "double skunk or "
                                "worse", "lurch"], sk_rows)
    m_table = report.md_table(["run", "format", "scheme", "dealer rule", "matches",
                               "winner reversed", "outcome changed"], match_rows)
    return lines, "Skunks and lurches per game:\n\n" + sk_table + \
        "\n\nMatches against plain game wins in the same format:\n\n" + m_table


def answer_three_hand(runs):
    lines = []
    rows = []
    for run in runs:
        pos = metrics.points_by_position(run)
        edge = metrics.dealer_edge(run)
        fdt = metrics.first_dealer_table(run)
        sv = metrics.show_distributions(run)
        dealer, pone, third = (pos.iloc[i] for i in range(3))
        crib_share = dealer["crib"] / dealer["total"]
        lines.append(
            f"- **{run.label}** ({', '.join(run.seats)}): the dealer scores "
            f"{fmt(dealer['total'], 2)} points a deal against {fmt(pone['total'], 2)} for the "
            f"pone and {fmt(third['total'], 2)} for the third player (who deals next): "
            f"the deal is worth {fmt(edge['mean'], 2)} "
            f"[{fmt(edge['lo'], 2)}, {fmt(edge['hi'], 2)}] points a deal over the mean of the "
            f"other two. The crib (two discards and a card from the deck) averages "
            f"{fmt(sv['means']['crib'], 2)} points, {pct(crib_share, 0)} of the dealer's "
            f"points; the dealer also pegs {fmt(dealer['peg'], 2)} against "
            f"{fmt(pone['peg'], 2)} and {fmt(third['peg'], 2)}. Over a game, the first "
            f"dealer wins {ci(fdt.iloc[0])} against a fair 33.3% ({excess(fdt.iloc[0])}), "
            f"the first pone {ci(fdt.iloc[1])} and the third {ci(fdt.iloc[2])}" +
            (": the player who deals last in the rotation does worst."
             if fdt.iloc[2]["hi"] < fdt.iloc[1]["lo"] else "."))
        for i, name in enumerate(("dealer", "pone", "third (2nd left)")):
            r = pos.iloc[i]
            rows.append([run.label, name, fmt(r["peg"], 2), fmt(r["hand"], 2),
                         fmt(r["crib"], 2), fmt(r["heels"], 2), fmt(r["total"], 2),
                         ci(fdt.iloc[i])])
    table = report.md_table(["run", "position", "peg", "hand", "crib", "heels",
                             "total per deal", "wins as first ... (position 0 = first "
                             "dealer)"], rows)
    return lines, table


def answer_hand_scores(runs, exact):
    lines = []
    rows = []
    if not exact:
        return ["- No exact distribution was given (--hand-stats, --crib-stats)."], ""
    for run in runs:
        comps = metrics.exact_comparison(run, exact)
        sv = metrics.show_distributions(run)
        for c in comps:
            agree = not (c["p"] < 0.05) and c["lo"] <= c["exact mean"] <= c["hi"]
            rows.append([run.label, c["what"], c["n"], f"{fmt(c['mean'], 3)} "
                         f"[{fmt(c['lo'], 3)}, {fmt(c['hi'], 3)}]", fmt(c["exact mean"], 3),
                         f"{report.pvalue(c['p'])} ({c['dof']})", pct(c["max diff"], 2),
                         "yes" if agree else "no"])
        parts = []
        for c in comps:
            verdict = ("agrees with the enumeration" if not (c["p"] < 0.05) else
                       "differs from the enumeration")
            parts.append(f"its {c['what']}s average {fmt(c['mean'], 3)} "
                         f"[{fmt(c['lo'], 3)}, {fmt(c['hi'], 3)}] against the exact "
                         f"{fmt(c['exact mean'], 3)}, and the distribution {verdict} "
                         f"(chi-square {_p_text(c['p'])}; no score's share off by "
                         f"more than {pct(c['max diff'], 2)})")
        shown = (f" Counting only the deals the game did not end in (what the players saw "
                 f"shown), hands average {fmt(sv['means']['hand'], 3)} and cribs "
                 f"{fmt(sv['means']['crib'], 3)}.")
        lines.append(f"- **{run.label}** ({', '.join(run.seats)}): " + "; ".join(parts) + "."
                     + shown)
    lines.append("- Random discards keep a uniformly random four of the six cards and make a "
                 "uniformly random crib, so random play must reproduce the enumeration: a "
                 "check of the engine's dealing and scoring. Good discards move the hands far "
                 "above it; the crib moves less, since each player feeds it to help or to "
                 "spoil it.")
    table = report.md_table(["run", "what", "count", "mean [95%]", "exact mean",
                             "chi-square p (dof)", "largest difference in a score's share",
                             "agrees"], rows)
    return lines, table


def _overlooked(run):
    """(points overlooked a game, points claimed by muggins a game) over the run's /games,
    every seat together."""
    missed = mugged = games = 0
    for piece in metrics._game_chunks(run, runfile.chunk_size()):
        g = piece.games
        n = run.players
        if "missed" in g.dtype.names:
            missed += int(g["missed"][:, :n].astype("int64").sum())
            mugged += int(g["mugged"][:, :n].astype("int64").sum())
        games += len(g)
    return (missed / games, mugged / games) if games else (math.nan, math.nan)


def _paired_row(table, figure):
    """The paired comparison's row for a figure that starts with `figure`, or None."""
    if table is None:
        return None
    hit = table[table["figure"].str.startswith(figure)]
    return hit.iloc[0] if len(hit) else None


def _diff_text(row, scale=100, unit=" percentage points"):
    return (f"{signed(row['diff'] * scale, 1)}{unit} [{signed(row['lo'] * scale, 1)}, "
            f"{signed(row['hi'] * scale, 1)}]")


def answer_muggins(runs):
    """The muggins experiment: arms perfect, careless-P-off/on, equal-P-off/on (spec order)."""
    by = {r.label: r for r in runs}
    rates = sorted({label.split("-")[1] for label in by if label.startswith("careless-")},
                   key=float)
    lines, rows, eq_rows = [], [], []
    perfect = by.get("perfect")
    for p in rates:
        off, on = by.get(f"careless-{p}-off"), by.get(f"careless-{p}-on")
        if off is None or on is None:
            continue
        careless = next(s for s in off.strategy_names() if "miss=" in s)
        t_off, t_on = metrics.strategy_table(off), metrics.strategy_table(on)
        r_off = t_off[t_off["strategy"] == careless].iloc[0]
        r_on = t_on[t_on["strategy"] == careless].iloc[0]
        pair = _paired_row(metrics.paired_comparison(off, on), f"{careless} wins")
        missed, _ = _overlooked(off)
        _, claimed = _overlooked(on)
        rows.append([p, ci(r_off), ci(r_on), _diff_text(pair) if pair is not None else "-",
                     fmt(missed, 2), fmt(claimed, 2)])
        moved = pair is not None and (pair["hi"] < 0 or pair["lo"] > 0)
        lines.append(
            f"- Overlooking each item with chance {p}: the careless player wins {ci(r_off)} "
            f"against the careful one without muggins and {ci(r_on)} with it; on the same "
            f"cards muggins moves its win rate by "
            f"{_diff_text(pair) if pair is not None else '(unpaired)'}"
            + (" (a paired 95% interval clear of zero)." if moved else
               " (the paired 95% interval holds zero).")
            + f" It overlooks {fmt(missed, 2)} points a game; with muggins the careful player "
              f"claims {fmt(claimed, 2)} of them a game.")
    for p in rates:
        off, on = by.get(f"equal-{p}-off"), by.get(f"equal-{p}-on")
        if off is None or on is None:
            continue
        fd_off = metrics.first_dealer_table(off).iloc[0]
        fd_on = metrics.first_dealer_table(on).iloc[0]
        pair = _paired_row(metrics.paired_comparison(off, on), "first dealer")
        base = (_paired_row(metrics.paired_comparison(perfect, off), "first dealer")
                if perfect is not None else None)
        eq_rows.append([p, ci(fd_off), ci(fd_on),
                        _diff_text(pair, unit="") if pair is not None else "-",
                        _diff_text(base, unit="") if base is not None else "-"])
    if perfect is not None:
        fd = metrics.first_dealer_table(perfect).iloc[0]
        lines.append(f"- Two perfect counters: the first dealer wins {ci(fd)}.")
    moved = [r for r in eq_rows if "[" in r[3] and not _holds_zero(r[3])]
    kept = [r for r in eq_rows if "[" in r[3] and _holds_zero(r[3])]
    lines.append(
        "- Two equally careless players: "
        + ("muggins moves the first dealer's win rate by "
           + "; ".join(f"{r[3]} percentage points at {r[0]}" for r in moved)
           + " (paired 95% intervals clear of zero)" if moved else
           "muggins leaves the first dealer's win rate where it was at every rate")
        + ("; at " + ", ".join(r[0] for r in kept) + " the paired interval holds zero."
           if moved and kept else ".")
        + " The table gives the first dealer's win rate, and its change against the same "
          "cards played without muggins and by two perfect counters (percentage points).")
    table = ("Careless (expected, `miss=P`) against careful (expected), duplicate deals; "
             "win rates of the careless player; the paired difference is muggins on less off, "
             "in percentage points, over the same cards:\n\n" +
             report.md_table(["P", "careless wins, muggins off", "careless wins, muggins on",
                              "on - off, paired", "points overlooked a game",
                              "points claimed a game (on)"], rows) +
             "\n\nTwo equally careless players: the first dealer's win rate:\n\n" +
             report.md_table(["P", "muggins off", "muggins on", "on - off, paired",
                              "off - perfect counters, paired"], eq_rows))
    return lines, table


def _holds_zero(text):
    """Whether a "+d [lo, hi]" text's interval holds zero."""
    lo, hi = (float(x) for x in text[text.index("[") + 1:text.index("]")].split(","))
    return lo <= 0 <= hi


def write_readme(name, runs, out_dir, command, exact=None):
    if name == "hand-scores":
        lines, table = answer_hand_scores(runs, exact)
    else:
        lines, table = ANSWERS[name](runs)
    first = runs[0]
    games = ", ".join(f"{r.label} {r.n_games}" for r in runs)
    text = [f"# {TITLES[name]}", "",
            f"**Question.** {QUESTIONS[name]}", "",
            "**Answer.**", ""] + lines + ["", table, "",
                                           "The full report, with the plots and every "
                                           "figure's interval: [report.md](report.md).", "",
                                           "## How it was made", "",
                                           f"    {command}", "",
                                           f"Spec `experiments/specs/{name}.yaml`; games per arm: "
                                           f"{games}; seed {first.attrs.get('seed')}; "
                                           f"engine {first.attrs.get('engine_version')}, "
                                           f"commit {first.attrs.get('git_commit')}. The "
                                           "numbers above are written by "
                                           "`analysis/results.py` from the run files, so "
                                           "the command rewrites them.", ""]
    path = os.path.join(out_dir, "README.md")
    cliio.write_text(path, "\n".join(text), force=True)  # checked by main() first
    return path


ANSWERS = {
    "ladder": answer_ladder,
    "variants": answer_variants,
    "lurch-skunk": answer_lurch_skunk,
    "three-hand": answer_three_hand,
    "hand-scores": None,  # needs the exact distributions: answer_hand_scores
    "muggins": answer_muggins,
}


@cliio.tool("results.py")
def main(argv=None):
    p = argparse.ArgumentParser(description="Write a canonical experiment's report and its "
                                "answer (README.md) from its run files.")
    p.add_argument("name", choices=list(ANSWERS))
    p.add_argument("spec", metavar="SPEC.yaml")
    p.add_argument("runs", metavar="RUNS_DIR", help="the folder `cribsim run SPEC -o` wrote")
    p.add_argument("-o", "--output", required=True, metavar="DIR",
                   help="an existing folder for README.md, report.md and the plots")
    p.add_argument("--force", action="store_true", help="replace the files when they exist "
                   "in DIR (refused otherwise)")
    p.add_argument("--hand-stats", metavar="FILE")
    p.add_argument("--crib-stats", metavar="FILE")
    p.add_argument("--command", default=None, help="the command to show for regenerating")
    args = p.parse_args(argv)
    try:
        arms = spec_arms(args.spec)
    except OSError as e:
        raise cliio.BadInput(f"{args.spec}: {e.strerror or e}")
    report.check_outputs(args.output, args.force)
    cliio.check_output(os.path.join(args.output, "README.md"), args.force)
    files = [os.path.join(args.runs, f"{arm}.h5") for arm in arms]
    rargv = files + ["-o", args.output, "--title", TITLES[args.name]]
    if args.force:
        rargv.append("--force")
    for opt, val in (("--hand-stats", args.hand_stats), ("--crib-stats", args.crib_stats)):
        if val:
            rargv += [opt, val]
    status = report.main(rargv)
    if status != 0:
        return status
    runs = runfile.open_all(files)
    check_arms(runs, arms)
    exact = report.load_exact(args)
    command = args.command or f"results/regenerate.sh {args.name}"
    path = write_readme(args.name, runs, args.output, command, exact)
    print(cliio.printable(f"wrote {path}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

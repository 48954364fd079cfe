"""Tests of the report's figures for many runs (analysis/cribsim/analysis/plots.py): past MANY_RUNS a
ladder's figures put the runs on the x axis and its strategies in a table of head-to-head
rates. Each figure is caught before it is rendered and its drawn values are compared with
hand-made games' known answers: a table read the wrong way round, a bar moved to another run
or a stacked total that is not the run's fail here.

Run by ctest, or directly: .venv/bin/python tests/test_analysis_plots.py
"""

import itertools
import os
import tempfile
import unittest
import unittest.mock

import numpy as np

import fixtures
from cribsim.analysis import matches
from cribsim.analysis import metrics
from cribsim.analysis import plots
from cribsim.io import runfile

NAMES = ("alpha", "beta", "gamma", "delta", "eps")
PAIRS = list(itertools.combinations(NAMES, 2))  # ten runs: more than plots.MANY_RUNS
GAMES = 20


def seat0_wins(k):
    """Games seat 0 wins in run k (of GAMES): each run its own count, none a half."""
    return 3 + k


def rows_of(k):
    """Run k's games: GAMES games, seat0_wins(k) of them won by seat 0 (121 to 100) and the
    rest by seat 1 (121 to 90), the winners mixed through the run; 8, 9 or 10 deals, dealt
    first by alternate seats; each score is pegging 21 (the winner) or 30 (the loser) and
    the rest from the hands."""
    rows = []
    for g in range(GAMES):
        won = (g * 7) % GAMES < seat0_wins(k)  # 7 and GAMES coprime: seat0_wins(k) games
        score = [121, 100] if won else [90, 121]
        peg = [21 if x == 121 else 30 for x in score]
        rows.append({"winner": 0 if won else 1, "deals": 8 + g % 3, "first_dealer": g % 2,
                     "score": score, "peg": peg, "hand": [x - p for x, p in zip(score, peg)]})
    return rows


def make_runs(folder, pairs=PAIRS):
    """A run a pair (rows_of(k)), seat 0 the pair's first name."""
    return [runfile.load(fixtures.write_run(os.path.join(folder, f"{k:02d}-{a}-{b}.h5"),
                                            fixtures.games_array(rows_of(k)), seats=(a, b)))
            for k, (a, b) in enumerate(pairs)]


class Caught:
    """plots._save that keeps the figure for the test instead of rendering it."""

    def __init__(self):
        self.figs = {}

    def __call__(self, fig, out_dir, name):
        self.figs[name] = fig
        return name


def draw(fn, *args):
    """Calls a plots function with _save caught; returns the figure it made."""
    caught = Caught()
    with unittest.mock.patch.object(plots, "_save", caught):
        name = fn(*args, "unused")
    return caught.figs[name]


def bar_heights(ax):
    """{legend label: [bar heights in x order]} of an axes' bar containers."""
    return {c.get_label(): [p.get_height() for p in c.patches] for c in ax.containers
            if hasattr(c, "patches")}


class TestManyRuns(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.runs = make_runs(cls.tmp.name)

    @classmethod
    def tearDownClass(cls):
        plots.plt.close("all")
        cls.tmp.cleanup()

    def test_head_to_head_reads_each_pair_from_its_own_run(self):
        names, rates = plots.head_to_head(self.runs)
        self.assertEqual(sorted(names), sorted(NAMES))
        for k, (a, b) in enumerate(PAIRS):
            i, j = names.index(a), names.index(b)
            self.assertAlmostEqual(rates[i, j], seat0_wins(k) / GAMES, msg=(a, b))
            self.assertAlmostEqual(rates[j, i], 1 - seat0_wins(k) / GAMES, msg=(b, a))
        self.assertTrue(np.isnan(np.diag(rates)).all())

    def test_head_to_head_is_none_when_a_pair_meets_twice(self):
        with tempfile.TemporaryDirectory() as tmp:
            twice = make_runs(tmp, PAIRS + [("beta", "alpha")])
            self.assertIsNone(plots.head_to_head(twice))

    def test_win_rates_draws_the_table_and_a_group_of_seat_bars_a_run(self):
        fig = draw(plots.win_rates, self.runs)
        table_ax, seat_ax = fig.axes
        names, rates = plots.head_to_head(self.runs)
        drawn = table_ax.images[0].get_array()
        np.testing.assert_allclose(np.ma.filled(drawn, np.nan), rates)
        self.assertEqual([t.get_text() for t in table_ax.get_yticklabels()], names)
        # each cell is written with its percentage
        i, j = names.index("alpha"), names.index("beta")
        cell = [t.get_text() for t in table_ax.texts if t.get_position() == (j, i)]
        self.assertEqual(cell, [f"{100 * seat0_wins(0) / GAMES:.1f}"])
        # the seats: x is the runs, in order, a bar a seat
        self.assertEqual([t.get_text() for t in seat_ax.get_xticklabels()],
                         [r.label for r in self.runs])
        heights = bar_heights(seat_ax)
        self.assertEqual(sorted(heights), ["seat 0", "seat 1"])
        np.testing.assert_allclose(heights["seat 0"],
                                   [seat0_wins(k) / GAMES for k in range(len(PAIRS))])
        np.testing.assert_allclose(heights["seat 1"],
                                   [1 - seat0_wins(k) / GAMES for k in range(len(PAIRS))])

    def test_strategies_are_named_short_where_the_name_alone_is_theirs(self):
        specs = ["expected:peg=lookahead", "habit:toss=hand,peg=safe", "habit:toss=crib,peg=low",
                 "mc:samples=100,width=3,hidden=expected", "mc:samples=100,width=3,hidden=uniform"]
        self.assertEqual(plots._short_names(specs),
                         ["expected", "habit:toss=hand,peg=safe", "habit:toss=crib,peg=low",
                          "\u2026width=3,hidden=expected", "\u2026,width=3,hidden=uniform"])

    def test_a_few_runs_keep_a_bar_a_run(self):
        few = self.runs[:plots.MANY_RUNS]
        fig = draw(plots.win_rates, few)
        strat_ax, seat_ax = fig.axes
        self.assertEqual(len(strat_ax.images), 0)
        self.assertEqual(sorted(bar_heights(seat_ax)), sorted(r.label for r in few))
        self.assertEqual([t.get_text() for t in seat_ax.get_xticklabels()], ["seat 0", "seat 1"])

    def test_first_dealer_puts_the_runs_on_the_x_axis(self):
        fig = draw(plots.first_dealer, self.runs)
        (ax,) = fig.axes
        self.assertEqual([t.get_text() for t in ax.get_xticklabels()],
                         [r.label for r in self.runs])
        # games alternate their first dealer: in run k seat 0 won the first 3 + k games
        heights = bar_heights(ax)
        got = heights[plots.FIRST_DEALER_GROUPS[0]]
        for k, run in enumerate(self.runs):
            t = metrics.first_dealer_table(run)
            self.assertAlmostEqual(got[k], 100 * (t["rate"][0] - t["fair"][0]))

    def test_points_by_seat_stacks_each_runs_own_total(self):
        fig = draw(plots.points_by_position, self.runs)
        self.assertEqual(len(fig.axes), 2)  # a panel a seat (these runs have no /deals)
        for seat, ax in enumerate(fig.axes):
            totals = np.zeros(len(self.runs))
            for c in ax.containers:
                totals += [p.get_height() for p in c.patches]
            want = [metrics.points_by_seat(r)["total"][seat] for r in self.runs]
            np.testing.assert_allclose(totals, want)
        # seat 0's points and pegging a deal, from the games themselves
        deals = [sum(g["deals"] for g in rows_of(k)) for k in range(len(PAIRS))]
        np.testing.assert_allclose(
            [sum(g["score"][0] for g in rows_of(k)) / deals[k] for k in range(len(PAIRS))],
            [metrics.points_by_seat(r)["total"][0] for r in self.runs])
        pegs = bar_heights(fig.axes[0])["peg"]  # the bottom of each stack
        np.testing.assert_allclose(pegs, [sum(g["peg"][0] for g in rows_of(k)) / deals[k]
                                          for k in range(len(PAIRS))])

    def test_deals_and_final_scores_a_bar_a_run(self):
        fig = draw(plots.deals_per_game, self.runs)
        # 8, 9, 10 deals in turn over 20 games: 7 + 7 + 6 of them, a mean of 8.95
        np.testing.assert_allclose(bar_heights(fig.axes[0])["mean"], [8.95] * len(self.runs))
        fig = draw(plots.final_scores, self.runs)
        runner_up, margin = (bar_heights(ax) for ax in fig.axes)
        np.testing.assert_allclose(runner_up["runner-up"],
                                   [(100 * seat0_wins(k) + 90 * (GAMES - seat0_wins(k))) / GAMES
                                    for k in range(len(PAIRS))])
        np.testing.assert_allclose(margin["margin"],
                                   [(21 * seat0_wins(k) + 31 * (GAMES - seat0_wins(k))) / GAMES
                                    for k in range(len(PAIRS))])

    def test_match_schemes_a_row_a_run(self):
        tables = [matches.compare_schemes(r, 2, 4, matches.resolve_rule(r, "rules"))[0]
                  for r in self.runs]
        caught = Caught()
        with unittest.mock.patch.object(plots, "_save", caught):
            plots.match_schemes(self.runs, tables, "unused")
        fig = caught.figs["match_schemes.png"]
        distinct = 0
        for ax, col in zip(fig.axes, ("reversed", "differs")):
            keys = [t.get_text() for t in ax.get_xticklabels()]
            self.assertEqual([t.get_text() for t in ax.get_yticklabels()],
                             [r.label for r in self.runs])
            drawn = np.ma.filled(ax.images[0].get_array(), np.nan)
            for k, t in enumerate(tables):
                t = t[t["scheme"] != "wins"]
                want = dict(zip(t["format"] + " " + t["scheme"], 100 * t[col]))
                np.testing.assert_allclose(drawn[k], [want[key] for key in keys])
            distinct = max(distinct, len({tuple(row) for row in drawn.round(6)}))
        self.assertGreater(distinct, 3)  # the runs differ, so a row in another's place fails


if __name__ == "__main__":
    unittest.main()

"""Tests of the streaming analysis: every figure of the report, the summary and the match
tables computed chunk by chunk equals the whole-file computation, on files of every rule
preset (written by the cribsim binary when CRIBSIM names it, and by tests/fixtures.py),
with chunks small enough that games, deals, duplicate card groups, matches and sessions cross
chunk boundaries; memory stays flat when the file grows; and the three- and four-player
figures that depend on the number of players (the dealer's edge divides by the other
players; the skunk levels of seats 2 and 3) on hand-made deals and games.

Run by ctest, or directly: CRIBSIM=build/cribsim .venv/bin/python tests/test_analysis_stream.py
"""

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import tracemalloc
import unittest
import unittest.mock

import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import runfile
import fixtures
from cribsim.analysis import matches
from cribsim.analysis import metrics
from cribsim.analysis import plots
from cribsim.analysis import report

CRIBSIM = os.environ.get("CRIBSIM")
PRESETS = ("two", "three", "four", "partners", "five-card", "nz-tournament")


class Args:
    """The report's options (report.main's defaults)."""
    race, session, dealer, title, force = 2, 4, "rules", None, True


def _unsaved(fig, out_dir, name):
    """plots._save without the rendering: the figure is made from the run's figures (so
    they are computed as the report computes them) and closed; its name is returned."""
    plots.plt.close(fig)
    return name


def report_text(runs, out_dir):
    """The report's Markdown without its first lines (the command and the date). The PNGs
    are not rendered (the text is what is compared; test_analysis_tools.py checks the
    plots): rendering took most of this file's time."""
    with contextlib.redirect_stdout(io.StringIO()), \
            unittest.mock.patch.object(plots, "_save", _unsaved):
        path = report.write_report(runs, out_dir, Args, "cmd")
    with open(path) as f:
        lines = f.read().splitlines()
    return "\n".join(line for line in lines if not line.startswith("Made by"))


class Files:
    tmp = None
    paths = {}

    @classmethod
    def make(cls):
        if cls.tmp is not None:
            return
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        if CRIBSIM:
            for preset in PRESETS:
                path = os.path.join(d, f"{preset}.h5")
                subprocess.run([CRIBSIM, "run", "--rules", preset, "--games", "150",
                                "--record", "deals", "--threads", "1", "--quiet", "-o", path],
                               check=True, stdout=subprocess.DEVNULL)
                cls.paths[preset] = path
            # duplicate deals: card groups that cross chunk boundaries
            for name, rules, seats in (("dup-two", "two", "greedy,random"),
                                       ("dup-partners", "partners",
                                        "greedy,random,greedy,random"),
                                       ("dup-three", "three", "greedy,random,random")):
                path = os.path.join(d, f"{name}.h5")
                subprocess.run([CRIBSIM, "run", "--rules", rules, "--seats", seats,
                                "--duplicate", "--games", "120", "--record", "deals",
                                "--threads", "1", "--quiet", "-o", path],
                               check=True, stdout=subprocess.DEVNULL)
                cls.paths[name] = path
        # fixtures: two players with two rotations, three and four players, partners with
        # a fixed number of deals (ties)
        for name, r, rot, seats in (
                ("fx-two", fixtures.rules(), 2, ("a", "b")),
                ("fx-three", fixtures.rules(players=3), 3, ("a", "b", "c")),
                ("fx-four", fixtures.rules(players=4), 1, ("a", "b", "a", "c")),
                ("fx-nz", fixtures.rules(players=4, partnership=True, max_deals=4), 2,
                 ("a", "b", "a", "b"))):
            g, dl = fixtures.simulate(45, r, seed=len(name), rotations=rot)
            attrs = {"rotations": np.int32(rot)} if rot > 1 else None
            cls.paths[name] = fixtures.write_run(os.path.join(d, f"{name}.h5"), g, dl,
                                                 rules_dict=r, seats=seats, attrs=attrs)


def setUpModule():
    Files.make()


def tearDownModule():
    if Files.tmp is not None:
        Files.tmp.cleanup()


class TestChunkedEqualsWhole(unittest.TestCase):
    """The whole file in memory (runfile.load: one chunk) against the file streamed in
    chunks of 1, 7 and 64 games."""

    def test_report_and_summary(self):
        names = sorted(Files.paths)
        with tempfile.TemporaryDirectory() as d:
            for name in names:
                path = Files.paths[name]
                whole = runfile.load_all([path])
                os.mkdir(os.path.join(d, name))
                expected = report_text(whole, os.path.join(d, name))
                summary = report.summary_text(whole)
                self.assertIn("## Matches", expected)
                for rows in (7,) if "fx" in name else (1, 16):
                    streamed = runfile.open_all([path], chunk_rows=rows)
                    self.assertIsInstance(streamed[0], runfile.RunFile)
                    self.assertEqual(report.summary_text(streamed), summary, (name, rows))
                    got = report_text(streamed, os.path.join(d, name))
                    self.assertEqual(got, expected, (name, rows))
            # several files side by side: the comparisons' tests from moments and counts
            paths = [Files.paths[n] for n in names]
            os.mkdir(os.path.join(d, "all"))
            expected = report_text(runfile.load_all(paths), os.path.join(d, "all"))
            got = report_text(runfile.open_all(paths, chunk_rows=5), os.path.join(d, "all"))
            self.assertIn("## Differences between the runs", got)
            self.assertEqual(got, expected)

    def test_matches_are_formed_across_chunks_as_from_the_whole_file(self):
        for name, path in sorted(Files.paths.items()):
            run = runfile.load(path, deals=False)
            results = matches.GameResults.from_run(run)
            for rule in ("alternate", "loser", "consecutive"):
                for length in (3, 4):
                    whole, note = matches.build_matches(results, length, rule)
                    if note:
                        continue
                    for rows in (1, 5, 16):
                        source = matches._Source(results, rows)
                        got = [b.index for b in matches.stream_matches(source, length, rule,
                                                                        batch_games=9)]
                        got = (np.concatenate(got) if got else np.zeros(0, dtype=np.int64))
                        np.testing.assert_array_equal(got.reshape(-1, length), whole,
                                                      err_msg=f"{name} {rule} {length} {rows}")
                        # the matches do cross chunk boundaries
                        if len(whole) and rows < length:
                            self.assertTrue(np.any(whole // rows != (whole // rows)[:, :1]))
            # the tables, from the file streamed, equal those of the whole file in memory
            rule = matches.resolve_rule(run, "rules")
            expected, notes = matches.compare_schemes(results, 2, 4, rule)
            streamed = runfile.open_run(path, deals=False, chunk_rows=3)
            got, got_notes = matches.compare_schemes(streamed, 2, 4, rule)
            self.assertEqual(got_notes, notes)
            self.assertTrue(got.equals(expected), name)

    def test_duplicate_groups_are_joined_across_chunks(self):
        # The paired interval needs each card sequence's games together: chunks of 1 game
        # cut every group.
        name = "dup-two" if "dup-two" in Files.paths else "fx-two"
        whole = metrics.strategy_table(runfile.load(Files.paths[name]))
        cut = metrics.strategy_table(runfile.open_run(Files.paths[name], chunk_rows=1))
        self.assertIn("paired lo", whole)
        self.assertTrue(np.isfinite(whole["paired lo"]).all())
        for col in ("paired lo", "paired hi"):
            np.testing.assert_allclose(cut[col], whole[col], rtol=1e-12)


def tiled_file(path, base_games, base_deals, copies, rules):
    """A run file of `copies` copies of some games and their deals, renumbered."""
    n = len(base_games)
    games = np.tile(base_games, copies)
    games["game"] = np.arange(len(games))
    games["card_game"] = games["game"]
    offsets = np.repeat(np.arange(copies) * n, len(base_deals))
    deals = np.tile(base_deals, copies)
    deals["game"] = deals["game"] + offsets
    return fixtures.write_run(path, games, deals, rules_dict=rules, seats=("a", "b"))


class TestMemory(unittest.TestCase):
    def peak(self, path, rows):
        """Peak traced memory of the report's figures and match tables of one file."""
        tracemalloc.start()
        try:
            run = runfile.open_run(path, chunk_rows=rows)
            metrics.summary(run)
            metrics.show_distributions(run)
            matches.compare_schemes(run, 2, 4, "loser")
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    def test_peak_memory_does_not_grow_with_the_games(self):
        r = fixtures.rules()
        g, dl = fixtures.simulate(50, r, seed=5)
        with tempfile.TemporaryDirectory() as d:
            small = tiled_file(os.path.join(d, "small.h5"), g, dl, 40, r)   # 2,000 games
            large = tiled_file(os.path.join(d, "large.h5"), g, dl, 320, r)  # 16,000 games
            p_small = self.peak(small, 256)
            p_large = self.peak(large, 256)
            # 256 rows a chunk (32 games with their deals): about 3 MB whatever the size, where
            # the same figures from the 16,000 games and deals read whole take over 100 MB.
            self.assertLess(p_large, 12 * 2 ** 20, p_large)
            self.assertLess(p_large, 1.3 * p_small + 2 ** 20, (p_small, p_large))


class TestThreeAndFourPlayers(unittest.TestCase):
    """Known answers the number of players decides."""

    def deals_with_points(self, players, totals, dealers):
        """Simulated deals (valid cards) whose points are replaced: deal i gives seat s
        totals[i][s] points of pegging, none else, and nobody's game ends in it."""
        r = fixtures.rules(players=players)
        g, dl = fixtures.simulate(1, r, seed=3)
        dl = np.resize(dl, len(totals))
        dl["game"] = 0
        dl["deal"] = np.arange(len(totals))
        for field in ("peg", "hand", "bonus"):
            dl[field] = 0
        dl["crib"] = dl["heels"] = 0
        dl["ended"] = 0
        for i, (pts, dealer) in enumerate(zip(totals, dealers)):
            dl["peg"][i, :players] = pts
            dl["dealer"][i] = dealer
        return r, g[:1], dl

    def test_dealer_edge_divides_by_the_other_players(self):
        # Three players: dealer 10, the others 4 and 2: 10 - (4 + 2) / 2 = 7 (dividing by 3
        # would give 8, by 1 gives 4); then dealer (seat 2) 6, others 0 and 3: 6 - 1.5 = 4.5.
        # Four players: dealer 12, others 3, 3, 6: 12 - 12 / 3 = 8 (by 4: 9, by 2: 6); then
        # dealer (seat 3) 0, others 3, 0, 3: 0 - 2 = -2.
        cases = ((3, [[10, 4, 2], [0, 3, 6]], [0, 2], [7.0, 4.5]),
                 (4, [[12, 3, 3, 6], [3, 0, 3, 0]], [0, 3], [8.0, -2.0]))
        with tempfile.TemporaryDirectory() as d:
            for players, totals, dealers, per_deal in cases:
                r, g, dl = self.deals_with_points(players, totals, dealers)
                seats = ("a", "b", "c", "d")[:players]
                path = fixtures.write_run(os.path.join(d, f"e{players}.h5"), g, dl,
                                          rules_dict=r, seats=seats)
                for run in (runfile.load(path), runfile.open_run(path, chunk_rows=1)):
                    e = metrics.dealer_edge(run)
                    self.assertEqual(e["deals"], 2)
                    self.assertAlmostEqual(e["mean"], np.mean(per_deal))
                    half = 1.959963984540054 * np.std(per_deal, ddof=1) / np.sqrt(2)
                    self.assertAlmostEqual(e["hi"] - e["mean"], half)
                    pos = metrics.points_by_position(run).set_index("position")
                    self.assertEqual(pos.loc["dealer", "total"], np.mean(
                        [t[dl_] for t, dl_ in zip(totals, dealers)]))
                    self.assertEqual(pos.loc["pone", "total"], np.mean(
                        [t[(dl_ + 1) % players] for t, dl_ in zip(totals, dealers)]))

    def test_skunk_levels_of_seats_two_and_three(self):
        # Only seat 2 or seat 3 is skunked: a game's level is the worst among all its losers.
        rows3 = [{"winner": 0, "score": [121, 100, 85], "skunk": [0, 0, 1], "deals": 9},
                 {"winner": 1, "score": [95, 121, 50], "skunk": [0, 0, 2], "deals": 9},
                 {"winner": 2, "score": [100, 95, 121], "deals": 9}]
        rows4 = [{"winner": 0, "score": [121, 100, 100, 60], "skunk": [0, 0, 0, 2], "deals": 9},
                 {"winner": 1, "score": [100, 121, 25, 95], "skunk": [0, 0, 3, 0], "deals": 9},
                 {"winner": 3, "score": [100, 100, 85, 121], "skunk": [0, 0, 1, 0],
                  "deals": 9},
                 {"winner": 2, "score": [100, 100, 121, 100], "deals": 9}]
        with tempfile.TemporaryDirectory() as d:
            for players, rows, want in ((3, rows3, {"skunk or worse": 2, "skunk only": 1,
                                                    "double skunk or worse": 1,
                                                    "triple skunk": 0}),
                                        (4, rows4, {"skunk or worse": 3, "skunk only": 1,
                                                    "double skunk or worse": 2,
                                                    "triple skunk": 1})):
                r = fixtures.rules(players=players)
                path = fixtures.write_run(os.path.join(d, f"s{players}.h5"),
                                          fixtures.games_array(rows), rules_dict=r,
                                          seats=("a", "b", "c", "d")[:players])
                for run in (runfile.load(path), runfile.open_run(path, chunk_rows=1)):
                    t = metrics.skunk_table(run).set_index("result")["count"].to_dict()
                    for k, v in want.items():
                        self.assertEqual(t[k], v, (players, k))
                # League points: the winner scores minus the worst loser's skunk (capped at
                # a double), whichever seat it is.
                res = matches.GameResults.from_run(runfile.load(path))
                pts = matches.scheme_points(res, "league")
                winners = [row["winner"] for row in rows]
                expected = {3: [-1, -2, 0], 4: [-2, -2, -1, 0]}[players]
                self.assertEqual([pts[i, w] for i, w in enumerate(winners)], expected)


class TestPairedComparisons(unittest.TestCase):
    def test_known_differences_on_hand_made_twins(self):
        a = [{"winner": 0, "score": [121, 100], "first_dealer": 0, "deals": 9},
             {"winner": 1, "score": [90, 121], "first_dealer": 0, "deals": 10},
             {"winner": 0, "score": [121, 60], "first_dealer": 1, "deals": 8}]
        b = [{"winner": 0, "score": [121, 80], "first_dealer": 0, "deals": 8},
             {"winner": 0, "score": [121, 95], "first_dealer": 0, "deals": 11},
             {"winner": 1, "score": [100, 121], "first_dealer": 1, "deals": 8}]
        with tempfile.TemporaryDirectory() as d:
            pa = fixtures.write_run(os.path.join(d, "a.h5"), fixtures.games_array(a),
                                    seats=("x", "y"), attrs={"seed": np.uint64(9)})
            pb = fixtures.write_run(os.path.join(d, "b.h5"), fixtures.games_array(b),
                                    seats=("x", "y"), attrs={"seed": np.uint64(9)})
            pc = fixtures.write_run(os.path.join(d, "c.h5"), fixtures.games_array(b),
                                    seats=("x", "y"), attrs={"seed": np.uint64(10)})
            ra, rb = runfile.open_all([pa, pb], chunk_rows=2)
            t = metrics.paired_comparison(ra, rb, chunk_rows=2).set_index("figure")
            # x (seat 0) wins games 0 and 2 in a, 0 and 1 in b: differences 0, +1, -1
            self.assertEqual(t.loc["x wins", "diff"], 0.0)
            self.assertEqual(t.loc["x wins", "games"], 3)
            # seat 0's final score: 0, +31, -21 -> mean 10/3
            self.assertAlmostEqual(t.loc["final score, seat 0", "diff"], 10 / 3)
            sd = np.std([0, 31, -21], ddof=1)
            self.assertAlmostEqual(t.loc["final score, seat 0", "hi"] - 10 / 3,
                                   1.959963984540054 * sd / np.sqrt(3))
            # the first dealer's side won games 1, 0, 0 in a and 1, 1, 1 in b
            self.assertAlmostEqual(t.loc["first dealer's side: win rate minus fair share",
                                         "diff"], 2 / 3)
            self.assertEqual(t.loc["deals per game", "diff"], 0.0)
            # another seed: not twins, no paired section
            rc = runfile.open_run(pc)
            self.assertIsNone(metrics.paired_comparison(ra, rc))
            with tempfile.TemporaryDirectory() as out:
                text = report_text(runfile.open_all([pa, pb, pc]), out)
            self.assertIn("## Paired comparisons", text)
            self.assertIn("**b against a**", text)
            self.assertNotIn("**c against a**", text)

    @unittest.skipUnless(CRIBSIM, "needs the cribsim binary (CRIBSIM)")
    def test_two_rule_variants_from_one_seed(self):
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for name, extra in (("full", []), ("short", ["--set", "target=61"]),
                                ("other-seed", ["--seed", "8"])):
                path = os.path.join(d, f"{name}.h5")
                subprocess.run([CRIBSIM, "run", "--seats", "greedy,random", "--games", "400",
                                "--record", "deals", "--threads", "1", "--quiet", "-o", path]
                               + extra, check=True, stdout=subprocess.DEVNULL)
                paths.append(path)
            full, short, other = (runfile.load(p) for p in paths)
            # The premise: the same seed deals the same cards in game g's first deal.
            first = [r.deals[r.deals["deal"] == 0] for r in (full, short, other)]
            np.testing.assert_array_equal(first[0]["dealt"], first[1]["dealt"])
            self.assertFalse(np.array_equal(first[0]["dealt"], first[2]["dealt"]))
            t = metrics.paired_comparison(full, short).set_index("figure")
            self.assertIsNone(metrics.paired_comparison(full, other))
            # The differences are the per-game ones, computed here directly.
            g0, g1 = full.games, short.games
            diff = g1["score"][:, 0].astype(float) - g0["score"][:, 0]
            self.assertAlmostEqual(t.loc["final score, seat 0", "diff"], diff.mean())
            half = 1.959963984540054 * diff.std(ddof=1) / np.sqrt(len(diff))
            self.assertAlmostEqual(t.loc["final score, seat 0", "hi"] - diff.mean(), half)
            won = [(g["winner"] == 0).astype(float) for g in (g0, g1)]
            self.assertAlmostEqual(t.loc["greedy wins", "diff"], (won[1] - won[0]).mean())
            # streamed in chunks of 7 games: the same table
            streamed = metrics.paired_comparison(
                runfile.open_run(paths[0], chunk_rows=7),
                runfile.open_run(paths[1], chunk_rows=7), chunk_rows=7)
            self.assertTrue(streamed.set_index("figure").equals(t))
            with tempfile.TemporaryDirectory() as out:
                text = report_text(runfile.open_all(paths), out)
            self.assertIn("**short against full**: full and short share the seed 1", text)
            self.assertNotIn("other-seed against", text)


if __name__ == "__main__":
    unittest.main()

"""Tests of the analysis on files made by the cribsim binary itself (environment CRIBSIM, set
by ctest to the built executable): the analysis's scorer against `cribsim score --batch`, and
reports, summaries, match tables and datasets from small runs of `cribsim run`, checking that
what the runner records agrees with what the analysis recomputes from the cards, and that the
win rates and Elo the analysis reports agree with those `cribsim match` prints.

Without CRIBSIM (or with a path that does not exist) the tests are skipped with a message when
run by hand, and fail under CI (environment CI set), where the binary must be there.
"""

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import cards
from cribsim.io import runfile
from cribsim.io import dataset
from cribsim.analysis import matches
from cribsim.analysis import metrics
from cribsim.analysis import report

CRIBSIM = os.environ.get("CRIBSIM", "")


def require_binary():
    if CRIBSIM and os.path.isfile(CRIBSIM) and os.access(CRIBSIM, os.X_OK):
        return
    message = (f"the cribsim binary is needed (environment CRIBSIM={CRIBSIM!r}); ctest sets it "
               "to the built executable")
    if os.environ.get("CI"):
        raise AssertionError(message)
    raise unittest.SkipTest(message)


def cribsim(*args, stdin=None):
    p = subprocess.run([CRIBSIM, *args], input=stdin, capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        raise AssertionError(f"cribsim {' '.join(args)} exited {p.returncode}: {p.stderr}")
    return p.stdout


class Runs:
    """Run files made once for the module."""

    tmp = None

    @classmethod
    def make(cls):
        if cls.tmp is not None:
            return
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        cls.two = os.path.join(d, "two.h5")
        cribsim("run", "--rules", "two", "--seats", "random,greedy", "--games", "300",
                "--seed", "5", "--duplicate", "--record", "deals", "--threads", "1", "--quiet",
                "-o", cls.two)
        cls.three = os.path.join(d, "three.h5")
        cribsim("run", "--rules", "three", "--seats", "greedy,random,random", "--games", "90",
                "--seed", "6", "--duplicate", "--record", "deals", "--threads", "1", "--quiet",
                "-o", cls.three)
        cls.partners = os.path.join(d, "partners.h5")
        cribsim("run", "--rules", "nz-tournament", "--seats", "random,greedy,random,greedy",
                "--games", "100", "--seed", "7", "--record", "deals", "--threads", "1",
                "--quiet", "-o", cls.partners)


def setUpModule():
    require_binary()
    Runs.make()


def tearDownModule():
    if Runs.tmp is not None:
        Runs.tmp.cleanup()


class TestScorerAgainstCribsim(unittest.TestCase):
    def test_hands_and_cribs_score_as_cribsim_scores_them(self):
        rng = np.random.default_rng(42)
        hands = np.array([rng.choice(52, 5, replace=False) for _ in range(400)])
        # A few hands rich in fives and in one suit, where fifteens and flushes matter.
        hands[:20] = [[16, 17, 18, 43, 19]] * 10 + [[2, 6, 10, 14, 30]] * 10
        lines = "".join(cards.cards_text(h) + "\n" for h in hands)
        for crib, flush_min in ((False, 4), (True, 5)):
            out = cribsim("score", "--batch", *(["--crib"] if crib else []), stdin=lines)
            theirs = np.array([int(x) for x in out.split()])
            ours = cards.show_score(hands[:, :4], hands[:, 4], flush_min)
            np.testing.assert_array_equal(ours, theirs, f"crib={crib}")


class TestRunFiles(unittest.TestCase):
    def test_files_load_with_lineup_rotation_and_deals(self):
        run = runfile.load(Runs.two)
        self.assertEqual(run.seats, ["random", "greedy"])
        self.assertEqual(run.n_games, 300)
        self.assertEqual(run.rotations, 2)
        self.assertEqual(sorted(set(run.rotation.tolist())), [0, 1])
        self.assertIsNotNone(run.deals)
        self.assertEqual(len(run.deals), int(run.games["deals"].astype(int).sum()))

    def test_rule_defaults_are_the_engines_two_player_preset(self):
        # What the analysis assumes of a file that omits a rule is what cribsim writes for
        # --rules two, rule by rule.
        run = runfile.load(Runs.two)
        self.assertEqual(json.loads(run.attrs["rules"]), runfile.RULE_DEFAULTS)

    def test_recorded_shows_equal_the_recomputation_from_the_cards(self):
        for path in (Runs.two, Runs.three, Runs.partners):
            d = metrics.show_distributions(runfile.load(path))
            self.assertEqual(d["mismatches"], 0, path)

    def test_game_totals_equal_the_sum_of_their_deals(self):
        run = runfile.load(Runs.two)
        d = run.deals
        rows = np.searchsorted(run.games["game"], d["game"])
        for src in ("peg", "hand"):
            total = np.zeros((run.n_games, 4), dtype=np.int64)
            np.add.at(total, rows, d[src].astype(np.int64))
            np.testing.assert_array_equal(total[:, :2], run.games[src][:, :2], src)

    def test_greedy_beats_random_and_the_summary_says_so(self):
        run = runfile.load(Runs.two)
        t = metrics.strategy_table(run).set_index("strategy")
        self.assertGreater(t.loc["greedy", "lo"], 0.5)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(report.main([Runs.two, "--summary"]), 0)
        self.assertIn("greedy", out.getvalue())
        self.assertIn("Elo", out.getvalue())

    def test_report_of_every_variant(self):
        with tempfile.TemporaryDirectory() as outdir:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = report.main([Runs.two, Runs.three, Runs.partners, "-o", outdir])
            self.assertEqual(status, 0)
            with open(os.path.join(outdir, "report.md")) as f:
                text = f.read()
            self.assertIn("| three | 2nd left of dealer |", text)
            self.assertIn("| partners | 3rd left of dealer |", text)
            self.assertIn("## Differences between the runs", text)
            self.assertNotIn("NO:", text)  # recorded = recomputed everywhere

    def test_match_tables_for_each_variant(self):
        for path in (Runs.two, Runs.three, Runs.partners):
            run = runfile.load(path)
            table, notes = matches.compare_schemes(matches.GameResults.from_run(run), 2, 4,
                                                   matches.resolve_rule(run, "rules"))
            self.assertGreater(table["matches"].min(), 0, path)

    def test_datasets_replay_the_recorded_plays(self):
        for path in (Runs.two, Runs.three, Runs.partners):
            run = runfile.load(path)
            disc = dataset.build(run, "discard")
            self.assertEqual(len(disc["game"]), run.players * len(run.deals))
            self.assertTrue(np.all(disc["choice"] >= 0))
            play = dataset.build(run, "play")
            self.assertEqual(len(play["game"]), int(run.deals["n_plays"].sum()))
            for i in range(0, len(play["game"]), 3):
                pile = [c for c in play["pile"][i] if c != 255]
                self.assertIn(play["points"][i] - cards.peg_points(pile, play["card"][i]),
                              (0, 1))

    def test_dataset_rows_agree_with_cribsim_replay(self):
        # `cribsim replay` prints a recorded game as a person reads it; the dataset rows of
        # that game must say the same: each seat's cards dealt and laid away, the starter, the
        # scores before the deal, and in the play each card in order with the count it makes
        # and the points it scores.
        card = r"[A2-9TJQK][CDHS]"
        for path, game in ((Runs.two, 7), (Runs.three, 4), (Runs.partners, 3)):
            run = runfile.load(path)
            disc = dataset.build(run, "discard")
            play = dataset.build(run, "play")
            text = cribsim("replay", path, "--game", str(game))
            deals = re.split(r"^deal \d+: ", text, flags=re.M)[1:]
            self.assertEqual(len(deals), int(run.games["deals"][game]), path)
            before = [0] * run.players
            for k, block in enumerate(deals):
                rows = np.flatnonzero((disc["game"] == game) & (disc["deal"] == k))
                seats = re.findall(
                    rf"^  seat (\d) .*?dealt ((?:{card} *)+)lays away ((?:{card} *)+)keeps",
                    block, re.M)
                self.assertEqual(len(seats), run.players, block)
                for seat, dealt, laid in seats:
                    i = rows[int(seat)]
                    self.assertEqual(cards.cards_text(disc["dealt"][i]), " ".join(dealt.split()),
                                     (path, game, k, seat))
                    self.assertEqual(sorted(cards.cards_text(disc["discard"][i]).split()),
                                     sorted(laid.split()), (path, game, k, seat))
                    self.assertEqual(disc["scores"][i][0],
                                     before[int(run.side_of_seat(int(seat)))])
                starter = re.search(rf"^  starter ({card})", block, re.M).group(1)
                self.assertEqual(cards.card_text(disc["starter"][rows[0]]), starter)
                plays = re.findall(rf"^    seat (\d) .*? ({card})  count +(\d+)(?:  \+(\d+))?",
                                   block, re.M)
                prow = np.flatnonzero((play["game"] == game) & (play["deal"] == k))
                self.assertEqual(len(plays), len(prow), (path, game, k))
                for (seat, c, count, pts), i in zip(plays, prow):
                    self.assertEqual((play["seat"][i], cards.card_text(play["card"][i])),
                                     (int(seat), c))
                    self.assertEqual(play["count"][i] + int(cards.value(play["card"][i])),
                                     int(count))
                    self.assertEqual(play["points"][i], int(pts or 0))
                shown = re.search(r"^  scores: (.*)$", block, re.M).group(1)
                after = dict(re.findall(r"(?:seat|team) (\d) (-?\d+)", shown))
                before = [int(after[str(side)]) for side in range(run.n_sides)]

    def test_random_hands_and_cribs_follow_the_exact_enumeration(self):
        # Random discards keep a uniformly random hand and make a uniformly random crib, so
        # their scores follow `cribsim hand-stats`; greedy's kept hands do not.
        with tempfile.TemporaryDirectory() as d:
            exact = {}
            for what, extra in (("hand", ()), ("crib", ("--crib",))):
                path = os.path.join(d, what + ".txt")
                with open(path, "w") as f:
                    f.write(cribsim("hand-stats", *extra))
                exact[what] = metrics.read_hand_stats(path)
            self.assertEqual(exact["hand"].attrs["cards"], 4)
            path = os.path.join(d, "random.h5")
            cribsim("run", "--seats", "random,random", "--games", "400", "--seed", "3",
                    "--record", "deals", "--threads", "1", "--quiet", "-o", path)
            for c in metrics.exact_comparison(runfile.load(path), exact):
                self.assertGreater(c["p"], 0.01, c)
                self.assertTrue(c["lo"] < c["exact mean"] < c["hi"], c)
            got = {c["what"]: c for c in metrics.exact_comparison(runfile.load(Runs.two),
                                                                  exact)}
        self.assertLess(got["hand"]["p"], 1e-6)   # half the hands are greedy's
        self.assertGreater(got["hand"]["mean"], got["hand"]["exact mean"] + 0.5)

    def test_canonical_experiments_answer_in_words(self):
        # Each canonical spec (but the ladder, whose mc arms are slow) at a tiny size, through
        # analysis/cribsim/analysis/results.py: a report, and a README that answers with numbers.
        from cribsim.analysis import results
        with tempfile.TemporaryDirectory() as d:
            stats_file = os.path.join(d, "hand.txt")
            with open(stats_file, "w") as f:
                f.write(cribsim("hand-stats"))
            for name in ("variants", "lurch-skunk", "three-hand", "hand-scores"):
                spec = os.path.join(SOURCE_DIR, "experiments", "specs", name + ".yaml")
                runs = os.path.join(d, name)
                cribsim("run", spec, "--games", "40", "--threads", "1", "--quiet", "-o", runs)
                out = os.path.join(d, "results", name)
                os.makedirs(out)  # the tools write into existing folders only
                argv = [name, spec, runs, "-o", out]
                if name == "hand-scores":
                    argv += ["--hand-stats", stats_file, "--crib-stats", stats_file]
                with contextlib.redirect_stdout(io.StringIO()):
                    self.assertEqual(results.main(argv), 0, name)
                with open(os.path.join(out, "README.md")) as f:
                    text = f.read()
                self.assertIn("**Answer.**", text, name)
                self.assertIn("(report.md)", text, name)
                self.assertIn(f"results/regenerate.sh {name}", text, name)
                self.assertNotIn("nan", text.lower().replace("nanc", ""), name)
                self.assertRegex(text, r"\d+\.\d+%? \[\d+\.\d+%?, \d+\.\d+%?\]", name)
                self.assertTrue(os.path.isfile(os.path.join(out, "report.md")), name)
            # The arms of a spec that did not run are named.
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                spec = os.path.join(SOURCE_DIR, "experiments", "specs", "three-hand.yaml")
                os.mkdir(os.path.join(d, "x"))
                status = results.main(["three-hand", spec, os.path.join(d, "variants"), "-o",
                                       os.path.join(d, "x")])
            self.assertEqual(status, 2)
            self.assertIn("expected.h5", err.getvalue())

    def test_arms_of_one_experiment_keep_the_spec_order(self):
        # The spec lists b before a; files given in name order (as a shell glob gives them)
        # are put back in the spec's order, and results.py refuses a file that is not the arm
        # the spec puts in its place.
        from cribsim.analysis import results
        with tempfile.TemporaryDirectory() as d:
            spec = os.path.join(d, "two-arms.yaml")
            with open(spec, "w") as f:
                f.write("name: two-arms\ngames: 20\narms:\n"
                        "  - name: b\n    seats: [greedy, random]\n"
                        "  - name: a\n    seats: [random, greedy]\n")
            runs = os.path.join(d, "runs")
            cribsim("run", spec, "--threads", "1", "--quiet", "-o", runs)
            files = [os.path.join(runs, n) for n in ("a.h5", "b.h5")]
            self.assertEqual([r.label for r in runfile.load_all(files)], ["b", "a"])
            # Files of different experiments (or without arms) keep the order given.
            solo = os.path.join(d, "solo.h5")
            cribsim("run", "--games", "20", "--threads", "1", "--quiet", "-o", solo)
            self.assertEqual([r.label for r in runfile.load_all(files[:1] + [solo])],
                             ["a", "solo"])
            # A file of another experiment under an arm's name is refused, named.
            os.replace(solo, files[1])
            err = io.StringIO()
            os.mkdir(os.path.join(d, "out"))
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                status = results.main(["variants", spec, runs, "-o", os.path.join(d, "out")])
            self.assertEqual(status, 2)
            self.assertIn("b.h5: the spec's arm 0 is 'b'", err.getvalue())

    def test_figures_agree_with_cribsim_match(self):
        # `cribsim match` prints, per side, "name games wins ties rate% [lo%, hi%] ..." and
        # "Elo difference for NAME: E [LO, HI]" (rounded); the analysis of the file it writes
        # must print the same figures.
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "match.h5")
            out = cribsim("match", "random", "greedy", "--games", "400", "--seed", "9",
                          "--threads", "1", "--quiet", "-o", path)
            t = metrics.strategy_table(runfile.load(path)).set_index("strategy")
        sides = re.findall(r"^\s*(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)%\s+\[([\d.]+)%, "
                           r"([\d.]+)%\]", out, re.M)
        self.assertEqual(len(sides), 2, out)
        for name, games, wins, ties, rate, lo, hi in sides:
            self.assertEqual(int(games), t.loc[name, "games"])
            for theirs, ours in ((rate, "rate"), (lo, "lo"), (hi, "hi")):
                self.assertAlmostEqual(float(theirs), 100 * t.loc[name, ours], delta=0.051)
        elo = re.search(r"Elo difference for (\S+): ([-+]?\d+) \[([-+]?\d+), ([-+]?\d+)\]", out)
        self.assertIsNotNone(elo, out)
        name = elo.group(1)
        for theirs, ours in zip(elo.groups()[1:], ("elo", "elo lo", "elo hi")):
            self.assertAlmostEqual(float(theirs), t.loc[name, ours], delta=0.51)

    def test_report_of_the_default_ladder_agrees_with_cribsim_match(self):
        # The default experiment (`cribsim run` without a spec) at a small size, two of its
        # arms; `cribsim match` with the same seats, games and seed must print exactly the
        # win rates, intervals and (rounded) Elo differences the report writes for its files.
        with tempfile.TemporaryDirectory() as d:
            cribsim("run", "--games", "300", "--arm", "greedy-random", "--arm",
                    "expected-greedy", "--threads", "1", "--quiet", "-o", os.path.join(d, "l"))
            files = [os.path.join(d, "l", f"{arm}.h5") for arm in ("greedy-random",
                                                                   "expected-greedy")]
            os.mkdir(os.path.join(d, "report"))
            status = report.main(files + ["-o", os.path.join(d, "report")])
            self.assertEqual(status, 0)
            with open(os.path.join(d, "report", "report.md")) as f:
                text = f.read()
            for path in files:
                run = runfile.load(path, deals=False)
                self.assertEqual(run.attrs["seed"], 1)
                out = cribsim("match", *run.seats, "--games", str(run.n_games), "--seed",
                              str(run.attrs["seed"]), "--threads", "1", "--quiet")
                sides = re.findall(r"^\s*(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+%)\s+"
                                   r"(\[[\d.]+%, [\d.]+%\])", out, re.M)
                self.assertEqual([s[0] for s in sides], run.seats, out)
                elo = re.search(r"Elo difference for (\S+): ([-+]\d+) \[([-+]\d+), "
                                r"([-+]\d+)\]", out)
                for name, games, wins, ties, rate, ival in sides:
                    row = re.search(rf"^\| {re.escape(run.label)} \| {re.escape(name)} \| "
                                    r"(\d+) \| ([\d.]+%) \| (\[[\d.]+%, [\d.]+%\]) \| [^|]+ \| "
                                    r"[^|]+ \| ([-+][\d.]+) \[([-+]\d+), ([-+]\d+)\] \|",
                                    text, re.M)
                    self.assertIsNotNone(row, f"{run.label} {name} not in the report")
                    self.assertEqual((row.group(1), row.group(2), row.group(3)),
                                     (games, rate, ival), f"{run.label} {name}")
                    if name == elo.group(1):
                        self.assertEqual((round(float(row.group(4))), int(row.group(5)),
                                          int(row.group(6))),
                                         tuple(int(x) for x in elo.groups()[1:]), name)

    def test_a_file_cut_short_is_refused_by_the_scripts(self):
        with open(Runs.two, "rb") as f:
            data = f.read()
        with tempfile.TemporaryDirectory() as d:
            cut = os.path.join(d, "cut.h5")
            with open(cut, "wb") as f:
                f.write(data[:len(data) // 3])
            p = subprocess.run([sys.executable, "-m", "cribsim.analysis.report", cut, "--summary"],
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 2)
            self.assertIn(cut, p.stderr)


if __name__ == "__main__":
    unittest.main()

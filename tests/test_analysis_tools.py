"""Tests of the analysis tools on small synthetic run files (tests/fixtures.py): the
report and its plots, the summary, the figures behind them on hand-made games with known
answers, the discard and play datasets, and the discard model trained on a dataset.

Run by ctest, or directly: .venv/bin/python tests/test_analysis_tools.py
"""

import contextlib
import io
import itertools
import os
import sys
import tempfile
import unittest

import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import cards
from cribsim.io import runfile
from cribsim.io import dataset
import fixtures
from cribsim.analysis import metrics
from cribsim.analysis import report
from cribsim.train import discard as train_discard

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def read(path):
    with open(path) as f:
        return f.read()


def run_main(main, argv):
    """Runs a script's main(argv); returns (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as e:  # argparse errors
            status = e.code
    return status, out.getvalue(), err.getvalue()


class Files:
    """Synthetic run files shared by the tests of this module (made once)."""

    tmp = None

    @classmethod
    def make(cls):
        if cls.tmp is not None:
            return
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        g, dl = fixtures.simulate(80, fixtures.rules(), seed=11, rotations=2)
        cls.two = fixtures.write_run(os.path.join(d, "two.h5"), g, dl, seats=("alpha", "beta"),
                                     attrs={"rotations": np.int32(2), "duplicate": np.int32(1)})
        r = fixtures.rules(target=61, skunk_line=31, double_skunk_line=0, triple_skunk_line=0,
                           lurch_line=31)
        g, dl = fixtures.simulate(80, r, seed=12)
        cls.short = fixtures.write_run(os.path.join(d, "short.h5"), g, dl, rules_dict=r,
                                       seats=("alpha", "beta"))
        r = fixtures.rules(players=3)
        g, dl = fixtures.simulate(30, r, seed=13)
        cls.three = fixtures.write_run(os.path.join(d, "three.h5"), g, dl, rules_dict=r,
                                       seats=("alpha", "beta", "alpha"))
        r = fixtures.rules(players=4, partnership=True, max_deals=4)
        g, dl = fixtures.simulate(40, r, seed=14, rotations=2)
        cls.nz = fixtures.write_run(os.path.join(d, "nz.h5"), g, dl, rules_dict=r,
                                    seats=("alpha", "beta", "alpha", "beta"),
                                    attrs={"rotations": np.int32(2)})
        g, _ = fixtures.simulate(40, fixtures.rules(), seed=15)
        cls.games_only = fixtures.write_run(os.path.join(d, "games_only.h5"), g)


def setUpModule():
    Files.make()


def tearDownModule():
    if Files.tmp is not None:
        Files.tmp.cleanup()


class TestFiguresOnKnownGames(unittest.TestCase):
    """Four hand-made two-player games: seat 0 (lineup a) wins three, the first dealer wins
    two, one loser is skunked and one double skunked."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        games = fixtures.games_array([
            {"winner": 0, "score": [121, 80], "first_dealer": 0, "deals": 8, "skunk": [0, 1],
             "lurch": 1, "peg": [20, 10], "hand": [60, 50], "crib": [40, 20], "heels": [1, 0]},
            {"winner": 0, "score": [121, 100], "first_dealer": 1, "deals": 10},
            {"winner": 1, "score": [110, 121], "first_dealer": 1, "deals": 12},
            {"winner": 0, "score": [121, 55], "first_dealer": 1, "deals": 10, "skunk": [0, 2],
             "lurch": 1},
        ])
        cls.path = fixtures.write_run(os.path.join(cls.tmp.name, "known.h5"), games,
                                      seats=("a", "b"))
        cls.rr = runfile.load(cls.path)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_strategy_win_rate_and_elo(self):
        t = metrics.strategy_table(self.rr).set_index("strategy")
        self.assertEqual(t.loc["a", "rate"], 0.75)
        self.assertAlmostEqual(t.loc["a", "elo"], 190.8485, places=3)
        self.assertEqual((t.loc["a", "lo"], t.loc["a", "hi"]), tuple(
            __import__("cribsim.analysis.stats").analysis.stats.wilson(3, 4)))

    def test_first_dealer_won_two_of_four(self):
        t = metrics.first_dealer_table(self.rr)
        self.assertEqual(t.loc[0, "rate"], 0.5)   # games 0 (seat 0) and 2 (seat 1)

    def test_skunk_rates(self):
        t = metrics.skunk_table(self.rr).set_index("result")
        self.assertEqual(t.loc["skunk or worse", "count"], 2)
        self.assertEqual(t.loc["double skunk or worse", "count"], 1)
        self.assertEqual(t.loc["triple skunk", "count"], 0)
        self.assertEqual(t.loc["lurch", "count"], 2)

    def test_margins_and_deals(self):
        fs = metrics.final_scores(self.rr)
        self.assertEqual(fs["margin"].tolist(), [41, 21, 11, 66])
        self.assertEqual(metrics.deals_per_game(self.rr)["mean"], 10.0)

    def test_points_per_deal_by_seat_from_games(self):
        t = metrics.points_by_seat(self.rr).set_index("seat")
        self.assertAlmostEqual(t.loc["seat 0", "peg"], 20 / 40)
        self.assertAlmostEqual(t.loc["seat 0", "total"], (20 + 60 + 40 + 1) / 40)

    def test_summary_prints_the_figures(self):
        status, out, _ = run_main(report.main, [self.path, "--summary"])
        self.assertEqual(status, 0)
        self.assertIn("75.0%", out)
        self.assertIn("+190.8", out)
        self.assertIn("first dealer wins 50.0%", out)
        self.assertIn("skunk or worse 50.0%", out)


class TestLastDealFinish(unittest.TestCase):
    """Three one-deal two-player games with the same cards: seat 1 deals; seat 0 (pone) keeps
    AC 2C 3C 4D and goes out with it (7 with the starter 5S); seat 1 keeps 5C 5D 5H JS (29)
    and its crib is 9H KH 7D 8D (7: 15 twice and a run of three). Seat 1 never counted 36
    points when it had 85 (it would have reached 121: a close finish), 84 (120: not), or,
    in the third game, had counted its hand (29) and only the crib was left (100 + 7: not)."""

    def test_loser_reaching_the_target_with_its_uncounted_show(self):
        C = [cards.parse_card(t) for t in "AC 2C 3C 4D 9H KH 5C 5D 5H JS 7D 8D 5S".split()]
        deals = np.zeros(3, dtype=fixtures.DEALS_DTYPE)
        games = []
        for g, (loser, counted) in enumerate(((85, 0), (84, 0), (100, 29))):
            d = deals[g]
            d["game"], d["deal"], d["dealer"], d["ended"] = g, 0, 1, 1
            d["dealt"][:] = 255
            d["dealt"][0, :6], d["dealt"][1, :6] = C[0:6], C[6:12]
            d["discard"][:] = 255
            d["discard"][0], d["discard"][1] = C[4:6], C[10:12]
            d["crib_extra"], d["starter"] = 255, C[12]
            d["hand"][:2] = [7, counted]
            d["score"][:] = -1
            d["score"][:2] = [121, loser]
            games.append({"winner": 0, "score": [121, loser], "first_dealer": 1, "deals": 1})
        with tempfile.TemporaryDirectory() as tmp:
            path = fixtures.write_run(os.path.join(tmp, "close.h5"), fixtures.games_array(games),
                                      deals, seats=("a", "b"))
            run = runfile.load(path)
            hand, crib = metrics.show_values(run)
            self.assertEqual((hand[0].tolist(), int(crib[0])), ([7, 29], 7))
            got = metrics.last_deal_finish(run)
        self.assertEqual((got["games"], got["count"]), (3, 1))


class TestReport(unittest.TestCase):
    def test_report_of_one_file_writes_markdown_and_plots(self):
        with tempfile.TemporaryDirectory() as out:
            # An exact hand distribution in `cribsim hand-stats` form, to compare with.
            stats_file = os.path.join(out, "hand.txt")
            with open(stats_file, "w") as f:
                f.write("0 10\n2 30\n4 60\ntotal 100 mean 3.0\n")
            status, stdout, err = run_main(report.main, [Files.two, "-o", out, "--hand-stats",
                                                         stats_file])
            self.assertEqual(status, 0, err)
            text = read(os.path.join(out, "report.md"))
            for heading in ("## Win rates", "## First-dealer advantage", "## Points per deal",
                            "## Deals per game", "## Final scores and margins",
                            "## Skunks and lurches", "## Hand and crib scores seen in play",
                            "## Matches", "## Provenance"):
                self.assertIn(heading, text)
            self.assertIn("| two | alpha |", text)
            self.assertIn("| two | dealer |", text)
            self.assertIn("| two | pone |", text)
            self.assertIn("sheet-D", text)
            # each scheme against wins, paired on the same matches: wins itself differs by 0
            self.assertRegex(text, r"\| wins \|[^\n]*\| \+0\.0% \[\+0\.0%, \+0\.0%\] \|")
            self.assertIn("interval paired match by match", text)
            self.assertIn("exact hand", text)
            self.assertIn("| 4 |", text)
            self.assertIn("60.00%", text)
            # The fixtures' recorded hand and crib counts agree with the recomputation.
            self.assertRegex(text, r"\| two \| \d+ \| [\d.]+ \| [\d.]+ \| \d+ \| [\d.]+ \| "
                                   r"[\d.]+ \| yes \|")
            for name in ("win_rates", "first_dealer", "points_by_position", "deals_per_game",
                         "final_scores", "skunks", "hand_crib", "match_schemes"):
                path = os.path.join(out, name + ".png")
                self.assertIn(f"({name}.png)", text)
                with open(path, "rb") as f:
                    self.assertEqual(f.read(8), PNG_MAGIC, name)

    def test_report_creates_its_missing_folder_but_not_a_chain_of_them(self):
        with tempfile.TemporaryDirectory() as out:
            new = os.path.join(out, "new")
            status, _, err = run_main(report.main, [Files.two, "-o", new, "--race", "0"])
            self.assertEqual(status, 0, err)
            self.assertTrue(os.path.isfile(os.path.join(new, "report.md")))
            # the second time the report is there: refused without --force, as before
            status, _, err = run_main(report.main, [Files.two, "-o", new, "--race", "0"])
            self.assertEqual(status, 2)
            self.assertIn("exists", err)
            deep = os.path.join(out, "no", "such")
            status, _, err = run_main(report.main, [Files.two, "-o", deep])
            self.assertEqual(status, 2)
            self.assertIn("does not exist", err)
            self.assertFalse(os.path.exists(os.path.join(out, "no")))
            # a report that fails after its folder was made leaves no empty folder behind
            gone = os.path.join(out, "gone")
            status, _, _ = run_main(report.main, [os.path.join(out, "missing.h5"), "-o", gone])
            self.assertNotEqual(status, 0)
            self.assertFalse(os.path.exists(gone))

    def test_several_files_are_compared_with_significance(self):
        with tempfile.TemporaryDirectory() as out:
            status, _, err = run_main(report.main, [Files.two, Files.short, Files.games_only,
                                                    "-o", out])
            self.assertEqual(status, 0, err)
            text = read(os.path.join(out, "report.md"))
            self.assertIn("## Differences between the runs", text)
            self.assertIn("p, significant? (short)", text)
            line = next(x for x in text.splitlines() if x.startswith("| deals per game |"))
            # Games to 61 are much shorter than games to 121: that difference is significant;
            # games_only plays to 121 like the baseline: not.
            cells = [c.strip() for c in line.split("|")]
            self.assertTrue(cells[4].endswith("**yes**"), line)
            self.assertTrue(cells[6].endswith(" no"), line)
            self.assertIn("No /deals in games_only", text)

    def test_three_players_and_partners_with_fixed_deals(self):
        with tempfile.TemporaryDirectory() as out:
            status, _, err = run_main(report.main, [Files.three, Files.nz, "-o", out,
                                                    "--session", "3"])
            self.assertEqual(status, 0, err)
            text = read(os.path.join(out, "report.md"))
            self.assertIn("| three | 2nd left of dealer |", text)
            self.assertIn("| nz | 3rd left of dealer |", text)
            self.assertIn("team 0 (seats 0+2)", text)
            self.assertIn("dealer's team minus the other team", text)
            self.assertIn("session 3", text)
            # nz: four deals at most, so some games go to the last deal.
            head = next(x for x in text.splitlines() if "to the last deal (fixed deals)" in x)
            column = [c.strip() for c in head.split("|")].index("to the last deal (fixed deals)")
            line = next(x for x in text.splitlines() if x.startswith("| nz | 40 |"))
            self.assertRegex(line.split("|")[column], r"\d+\.\d% \[")
            # Three players race to 121: none has a fixed last deal.
            line = next(x for x in text.splitlines() if x.startswith("| three | 30 |"))
            self.assertEqual(line.split("|")[column].strip(), "-")

    def test_summary_of_a_three_player_file_has_no_elo(self):
        status, out, _ = run_main(report.main, [Files.three, "--summary"])
        self.assertEqual(status, 0)
        self.assertIn("alpha", out)
        self.assertIn("fair", out)
        self.assertNotIn("Elo", out)

    def test_usage_errors_exit_2(self):
        self.assertEqual(run_main(report.main, [Files.two])[0], 2)  # neither -o nor --summary
        with tempfile.TemporaryDirectory() as out:
            bad = os.path.join(out, "bad.txt")
            with open(bad, "w") as f:
                f.write("nothing here\n")
            status, _, err = run_main(report.main, [Files.two, "--summary", "--hand-stats",
                                                    bad])
            self.assertEqual(status, 2)
            self.assertIn(bad, err)


class TestDatasets(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rr = runfile.load(Files.two)
        cls.discard = dataset.build(cls.rr, "discard")
        cls.play = dataset.build(cls.rr, "play")

    def test_one_discard_row_per_seat_and_deal(self):
        self.assertEqual(len(self.discard["game"]), 2 * len(self.rr.deals))

    def test_kept_and_discarded_cards_are_the_dealt_cards_and_choice_names_the_discard(self):
        combos = list(itertools.combinations(range(6), 2))
        for i in range(0, len(self.discard["game"]), 7):
            dealt = self.discard["dealt"][i].tolist()
            kept = [c for c in self.discard["kept"][i] if c != 255]
            disc = [c for c in self.discard["discard"][i] if c != 255]
            self.assertEqual(sorted(kept + disc), sorted(dealt))
            chosen = [dealt[p] for p in combos[self.discard["choice"][i]]]
            self.assertEqual(sorted(chosen), sorted(disc))

    def test_discard_outcomes_match_the_deal_records(self):
        d = self.rr.deals
        rows = self.discard
        for i in range(0, len(rows["game"]), 5):
            deal = d[(d["game"] == rows["game"][i]) & (d["deal"] == rows["deal"][i])][0]
            seat = int(rows["seat"][i])  # uint8 in the dataset: no wrapping below
            if not deal["ended"]:
                self.assertEqual(rows["hand_points"][i], deal["hand"][seat])
                self.assertEqual(rows["crib_points"][i], deal["crib"])
            self.assertEqual(rows["peg_points"][i], deal["peg"][seat])
            self.assertEqual(rows["own_crib"][i], int(deal["dealer"] == seat))
            self.assertEqual(rows["position"][i], (seat - int(deal["dealer"])) % 2)

    def test_discard_scores_are_the_scores_before_the_deal(self):
        rows = self.discard
        first = rows["deal"] == 0
        self.assertTrue(np.all(rows["scores"][first][:, :2] == 0))
        d = self.rr.deals
        i = int(np.flatnonzero(rows["deal"] == 3)[0])
        prev = d[(d["game"] == rows["game"][i]) & (d["deal"] == 2)][0]
        seat = rows["seat"][i]
        self.assertEqual(rows["scores"][i][0], prev["score"][seat])
        self.assertEqual(rows["scores"][i][1], prev["score"][1 - seat])

    def test_game_result_follows_the_rotation(self):
        rows = self.discard
        games = self.rr.games
        for i in range(0, len(rows["game"]), 11):
            g = games[games["game"] == rows["game"][i]][0]
            seat = rows["seat"][i]
            self.assertEqual(rows["game_result"][i], 1.0 if g["winner"] == seat else 0.0)
            entry = (seat + g["rotation"]) % 2
            self.assertEqual(rows["strategy"][i], ("alpha", "beta")[entry])

    def test_play_rows_rebuild_count_pile_and_hand(self):
        p = self.play
        self.assertEqual(len(p["game"]), int(self.rr.deals["n_plays"].sum()))
        for i in range(len(p["game"])):
            hand = [c for c in p["hand"][i] if c != 255]
            pile = [c for c in p["pile"][i] if c != 255]
            card = int(p["card"][i])
            self.assertIn(card, hand)
            self.assertEqual(hand[p["slot"][i]], card)
            self.assertEqual(p["count"][i], sum(min(c // 4 + 1, 10) for c in pile))
            self.assertLessEqual(p["count"][i] + min(card // 4 + 1, 10), 31)
            self.assertGreaterEqual(p["n_legal"][i], 1)
            # The recorded points are the card's pegging points, plus one for a go or the
            # last card.
            self.assertIn(p["points"][i] - cards.peg_points(pile, card), (0, 1))

    def test_play_scores_add_heels_and_pegging_so_far(self):
        p = self.play
        d = self.rr.deals
        disc = self.discard
        for i in np.flatnonzero(p["play_index"] == 0)[:20]:
            deal = d[(d["game"] == p["game"][i]) & (d["deal"] == p["deal"][i])][0]
            j = np.flatnonzero((disc["game"] == p["game"][i]) & (disc["deal"] == p["deal"][i]) &
                               (disc["seat"] == p["seat"][i]))[0]
            heels = deal["heels"] if p["position"][i] == 0 else 0
            self.assertEqual(p["scores"][i][0], disc["scores"][j][0] + heels)

    def test_csv_and_npz_round_trip(self):
        with tempfile.TemporaryDirectory() as out:
            for kind in ("discard", "play"):
                for ext in ("csv", "npz"):
                    path = os.path.join(out, f"{kind}.{ext}")
                    status, stdout, err = run_main(dataset.main, [Files.two, "--kind", kind,
                                                                  "-o", path])
                    self.assertEqual(status, 0, err)
                    back = dataset.read(path)
                    ref = self.discard if kind == "discard" else self.play
                    self.assertEqual(list(back), list(ref))
                    for k in ref:
                        np.testing.assert_array_equal(np.asarray(back[k]).astype(str),
                                                      np.asarray(ref[k]).astype(str), k)

    def test_strategy_filter_and_errors(self):
        with tempfile.TemporaryDirectory() as out:
            path = os.path.join(out, "a.csv")
            status, _, _ = run_main(dataset.main, [Files.two, "--kind", "discard", "-o", path,
                                                   "--strategy", "alpha"])
            self.assertEqual(status, 0)
            self.assertEqual(set(dataset.read(path)["strategy"]), {"alpha"})
            # an existing dataset is never replaced without --force, and stays as it was
            before = open(path, encoding="utf-8").read()
            status, _, err = run_main(dataset.main, [Files.two, "--kind", "play", "-o", path])
            self.assertEqual(status, 2)
            self.assertIn("exists", err)
            self.assertEqual(open(path, encoding="utf-8").read(), before)
            status, _, err = run_main(dataset.main, [Files.two, "--kind", "discard", "-o",
                                                     path, "--strategy", "nobody", "--force"])
            self.assertEqual(status, 2)
            self.assertIn("nobody", err)
            status, _, err = run_main(dataset.main, [Files.games_only, "--kind", "play", "-o",
                                                     path, "--force"])
            self.assertEqual(status, 2)
            self.assertIn("no /deals", err)
            # a missing folder is refused, not created
            missing = os.path.join(out, "no", "d.npz")
            status, _, err = run_main(dataset.main, [Files.two, "--kind", "play", "-o", missing])
            self.assertEqual(status, 2)
            self.assertFalse(os.path.exists(os.path.dirname(missing)))
            # an output format it does not write (.parquet is one it does, since --format parquet)
            status, _, _ = run_main(dataset.main, [Files.two, "--kind", "play", "-o",
                                                   os.path.join(out, "x.feather")])
            self.assertEqual(status, 2)

    def test_three_player_and_partner_datasets(self):
        for path in (Files.three, Files.nz):
            run = runfile.load(path)
            disc = dataset.build(run, "discard")
            self.assertEqual(len(disc["game"]), run.players * len(run.deals))
            self.assertTrue(np.all(disc["choice"] >= 0))
            play = dataset.build(run, "play")
            self.assertEqual(len(play["game"]), int(run.deals["n_plays"].sum()))
        run = runfile.load(Files.nz)
        disc = dataset.build(run, "discard")
        # Partners: the dealer's partner (position 2) shares the crib.
        self.assertTrue(np.all(disc["own_crib"][disc["position"] == 2] == 1))
        self.assertTrue(np.all(disc["own_crib"][disc["position"] % 2 == 1] == 0))


class TestTrainDiscard(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        run = runfile.load(Files.two)
        cls.data = dataset.build(run, "discard")

    def relabelled(self):
        """The dataset with every choice replaced by the discard that keeps the best cards on
        their own (first such discard): the choices of a greedy player."""
        data = {k: v.copy() for k, v in self.data.items()}
        combos = train_discard.candidates(6, 2)
        best = np.stack([cards.static_points(np.delete(data["dealt"], list(c), axis=1), 4)
                         for c in combos], axis=1)
        data["choice"] = np.argmax(best, axis=1)
        data["strategy"] = np.array(["greedy-like"] * len(best), dtype=object)
        return data

    def test_model_learns_a_greedy_discard(self):
        results = train_discard.evaluate(self.relabelled(), max_rows=600)
        r = results[0]
        self.assertEqual(r["best_static"], 1.0)  # the relabelling rule itself
        self.assertGreater(r["model"], 0.8)
        self.assertGreater(r["model"], 5 * r["uniform"])

    def test_model_cannot_predict_random_discards(self):
        results = train_discard.evaluate(self.data, max_rows=300)
        for r in results:
            self.assertLess(r["model"], 0.3, r["strategy"])

    def test_script_reports_accuracy_per_strategy(self):
        with tempfile.TemporaryDirectory() as out:
            path = os.path.join(out, "d.npz")
            dataset.write(self.relabelled(), path, runfile.load(Files.two))
            status, stdout, err = run_main(train_discard.main, [path, "--max-rows", "400"])
            self.assertEqual(status, 0, err)
            self.assertIn("greedy-like", stdout)
            self.assertIn("best alone", stdout)

    def test_script_refuses_a_play_dataset(self):
        with tempfile.TemporaryDirectory() as out:
            path = os.path.join(out, "p.csv")
            run_main(dataset.main, [Files.two, "--kind", "play", "-o", path])
            status, _, err = run_main(train_discard.main, [path])
            self.assertEqual(status, 2)
            self.assertIn("not a discard dataset", err)


if __name__ == "__main__":
    unittest.main()

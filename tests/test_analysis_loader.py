"""Tests of analysis/cribsim/io/loader.py, the loader users import: games, deals and plays as pandas
frames equal to the file's tables, on files of every rule preset (written by the cribsim
binary when CRIBSIM names it, and by tests/fixtures.py), chunked iteration equal to the
whole, the rules and provenance, event files read by their field names, and errors naming the
file.

Run by ctest, or directly: CRIBSIM=build/cribsim .venv/bin/python tests/test_analysis_loader.py
"""

import os
import subprocess
import sys
import tempfile
import unittest

import h5py
import numpy as np
import pandas as pd

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import cards
import cribsim
from cribsim.io import runfile
import fixtures

CRIBSIM = os.environ.get("CRIBSIM")
PRESETS = ("two", "three", "four", "partners", "five-card", "nz-tournament")


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
                subprocess.run([CRIBSIM, "run", "--rules", preset, "--games", "60",
                                "--record", "deals", "--threads", "1", "--quiet", "-o", path],
                               check=True, stdout=subprocess.DEVNULL)
                cls.paths[preset] = path
        for name, r, seats in (("fx-two", fixtures.rules(), ("a", "b")),
                               ("fx-three", fixtures.rules(players=3), ("a", "b", "c")),
                               ("fx-partners", fixtures.rules(players=4, partnership=True),
                                ("a", "b", "a", "b"))):
            g, dl = fixtures.simulate(25, r, seed=7, rotations=2)
            cls.paths[name] = fixtures.write_run(os.path.join(d, f"{name}.h5"), g, dl,
                                                 rules_dict=r, seats=seats,
                                                 attrs={"rotations": np.int32(2)})


def setUpModule():
    Files.make()


def tearDownModule():
    if Files.tmp is not None:
        Files.tmp.cleanup()


class TestRunFiles(unittest.TestCase):
    def test_games_wide_and_long(self):
        for name, path in Files.paths.items():
            run = runfile.load(path)
            n = run.players
            g = cribsim.games(path)
            self.assertEqual(len(g), run.n_games, name)
            for s in range(n):
                np.testing.assert_array_equal(g[f"score_{s}"], run.games["score"][:, s])
                np.testing.assert_array_equal(g[f"skunk_{s}"], run.games["skunk"][:, s])
                self.assertTrue(g[f"strategy_{s}"].isin(run.seats).all())
            self.assertNotIn(f"score_{n}", g)
            # one side wins each game (or the tied sides share it): results add up to 1
            sides = [s for s in range(n) if int(run.side_of_seat(s)) == s]
            self.assertTrue(np.allclose(g[[f"result_{s}" for s in sides]].sum(axis=1), 1.0))
            won = g["winner"] >= 0
            w = g.loc[won, "winner"].to_numpy()
            self.assertTrue(np.all(g.loc[won].to_numpy()[
                np.arange(won.sum()), [g.columns.get_loc(f"result_{s}") for s in w]] == 1.0))
            long = cribsim.games(path, long=True)
            self.assertEqual(len(long), run.n_games * n)
            self.assertEqual(sorted(long["seat"].unique().tolist()), list(range(n)))
            by_seat = long.pivot(index="game", columns="seat", values="score")
            np.testing.assert_array_equal(by_seat.to_numpy(), run.games["score"][:, :n])
            if run.partnership:  # partners share their side's result
                res = long.pivot(index="game", columns="seat", values="result").to_numpy()
                np.testing.assert_array_equal(res[:, 0], res[:, 2])

    def test_deals_and_plays(self):
        for name, path in Files.paths.items():
            run = runfile.load(path)
            d = cribsim.deals(path)
            self.assertEqual(len(d), len(run.deals), name)
            k = int(run.rules["cards_dealt"])
            for s in range(run.players):
                codes = np.stack([d[f"dealt_{s}_{i}"] for i in range(k)], axis=1)
                np.testing.assert_array_equal(codes, run.deals["dealt"][:, s, :k])
                # the text names the same cards
                parsed = [[cards.parse_card(t) for t in text.split()] for text in d[f"dealt_{s}"]]
                np.testing.assert_array_equal(np.array(parsed), codes)
                np.testing.assert_array_equal(d[f"hand_{s}"], run.deals["hand"][:, s])
            p = cribsim.plays(path)
            self.assertEqual(len(p), int(run.deals["n_plays"].astype(int).sum()), name)
            self.assertTrue(p["seat"].lt(run.players).all())
            first = p[p["order"] == 0]
            self.assertEqual(len(first), int(np.sum(run.deals["n_plays"] > 0)))
            np.testing.assert_array_equal(first["card"], run.deals["play_card"][
                run.deals["n_plays"] > 0, 0])
            # each card is played once in a deal
            self.assertFalse(p.duplicated(["game", "deal", "card"]).any())

    def test_chunks_add_up_to_the_whole(self):
        for name, path in Files.paths.items():
            whole = cribsim.games(path)
            parts = list(cribsim.iter_games(path, chunk_rows=7))
            self.assertGreater(len(parts), 1)
            self.assertTrue(max(len(x) for x in parts) <= 7)
            pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), whole)
            plays = pd.concat(list(cribsim.iter_plays(path, chunk_rows=16)), ignore_index=True)
            pd.testing.assert_frame_equal(plays, cribsim.plays(path))
            deals = pd.concat(list(cribsim.iter_deals(path, chunk_rows=16)), ignore_index=True)
            pd.testing.assert_frame_equal(deals, cribsim.deals(path))

    def test_rules_and_provenance(self):
        for name, path in Files.paths.items():
            run = runfile.load(path)
            self.assertEqual(cribsim.rules(path), run.rules)
            prov = cribsim.provenance(path)
            self.assertEqual(prov["seed"], run.attrs["seed"])
            self.assertEqual(prov["games_completed"], run.n_games)

    def test_a_file_without_deals(self):
        g, _ = fixtures.simulate(5, fixtures.rules(), seed=2)
        with tempfile.TemporaryDirectory() as d:
            path = fixtures.write_run(os.path.join(d, "g.h5"), g)
            self.assertIsNone(cribsim.deals(path))
            self.assertIsNone(cribsim.plays(path))
            self.assertEqual(len(cribsim.games(path)), 5)

    def test_long_games_give_each_row_its_seats_side_in_every_game(self):
        # Three games of three players (each seat its own side), the lineup rotated one seat a
        # game; and two games of partners (seats 0 and 2 against 1 and 3). Worked by hand:
        # the long frame has one row per game and seat, the side repeats seat by seat in every
        # game, the result is the side's, and the strategy is the lineup entry at the seat,
        # (seat + rotation) mod 3.
        three = fixtures.games_array([
            {"winner": 2, "score": [100, 90, 121], "rotation": 0},
            {"winner": 0, "score": [121, 80, 110], "rotation": 1},
            {"winner": 1, "score": [95, 121, 70], "rotation": 2}])
        partners = fixtures.games_array([
            {"winner": 1, "score": [99, 121, 99, 121]},
            {"winner": 0, "score": [121, 60, 121, 60]}])
        with tempfile.TemporaryDirectory() as d:
            path = fixtures.write_run(os.path.join(d, "three.h5"), three,
                                      seats=("a", "b", "c"), attrs={"rotations": np.int32(3)})
            long = cribsim.games(path, long=True)
            self.assertEqual(long["game"].tolist(), [0, 0, 0, 1, 1, 1, 2, 2, 2])
            self.assertEqual(long["seat"].tolist(), [0, 1, 2] * 3)
            self.assertEqual(long["side"].tolist(), [0, 1, 2] * 3)
            self.assertEqual(long["score"].tolist(), [100, 90, 121, 121, 80, 110, 95, 121, 70])
            self.assertEqual(long["result"].tolist(), [0, 0, 1, 1, 0, 0, 0, 1, 0])
            self.assertEqual(long["strategy"].tolist(),
                             ["a", "b", "c", "b", "c", "a", "c", "a", "b"])
            path = fixtures.write_run(os.path.join(d, "partners.h5"), partners,
                                      rules_dict=fixtures.rules(players=4, partnership=True),
                                      seats=("a", "b", "a", "b"))
            long = cribsim.games(path, long=True)
            self.assertEqual(long["seat"].tolist(), [0, 1, 2, 3] * 2)
            self.assertEqual(long["side"].tolist(), [0, 1, 0, 1] * 2)
            self.assertEqual(long["result"].tolist(), [0, 1, 0, 1, 1, 0, 1, 0])

    def test_frames_read_in_chunks_are_numbered_from_zero(self):
        # the whole file's frames, however many chunks they were read in, carry one index
        # 0 .. rows - 1 (a concatenation that kept each chunk's own index would restart it)
        path = Files.paths["fx-two"]
        old = os.environ.get(runfile.CHUNK_ENV)
        os.environ[runfile.CHUNK_ENV] = "8"
        try:
            g, p = cribsim.games(path), cribsim.plays(path)
        finally:
            if old is None:
                del os.environ[runfile.CHUNK_ENV]
            else:
                os.environ[runfile.CHUNK_ENV] = old
        self.assertEqual(g.index.tolist(), list(range(25)))
        self.assertEqual(p.index.tolist(), list(range(len(p))))
        self.assertGreater(len(p), 25 * 8)

    def test_errors_name_the_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "nothing.h5")
            with open(path, "wb") as f:
                f.write(b"not hdf5")
            for fn in (cribsim.games, cribsim.deals, cribsim.rules, cribsim.standings):
                with self.assertRaises(cribsim.CribsimFileError) as e:
                    fn(path)
                self.assertIn(path, str(e.exception))


class TestEventFiles(unittest.TestCase):
    def test_tables_are_read_by_their_field_names(self):
        standing = np.dtype([("event", "<u4"), ("entrant", "<i4"), ("rank", "<i4"),
                             ("name", h5py.string_dtype()), ("points", "<f8"),
                             ("wins", "<i4"), ("extra", "<i2", (2,))])
        rows = np.zeros(3, dtype=standing)
        rows["entrant"] = [2, 0, 1]
        rows["rank"] = [1, 2, 3]
        rows["name"] = ["greedy", "random", "expected"]
        rows["points"] = [5.0, 3.5, 1.0]
        rows["extra"] = [[1, 2], [3, 4], [5, 6]]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "event.h5")
            with h5py.File(path, "w") as f:
                f.create_dataset("standings", data=rows)
                f.create_dataset("events", data=np.zeros(1, dtype=[("event", "<u4"),
                                                                    ("entrants", "<i4")]))
                f.create_dataset("games", data=np.zeros(4, dtype=[("game", "<u8"),
                                                                   ("table", "<i4")]))
            s = cribsim.standings(path)
            self.assertEqual(s["name"].tolist(), ["greedy", "random", "expected"])
            self.assertEqual(s["points"].tolist(), [5.0, 3.5, 1.0])
            self.assertEqual(s["extra_1"].tolist(), [2, 4, 6])
            self.assertEqual(len(cribsim.events(path)), 1)
            self.assertEqual(cribsim.event_games(path).columns.tolist(), ["game", "table"])
            with self.assertRaises(cribsim.CribsimFileError) as e:
                cribsim.table(path, "nope")
            self.assertIn("no /nope table", str(e.exception))

    def test_plain_arrays_and_groups(self):
        # a table without fields reads as one column, `value`: a 2-D array's first column,
        # a scalar's value; a group is not a table
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "plain.h5")
            with h5py.File(path, "w") as f:
                f.create_dataset("pairs", data=np.array([[1, 2], [3, 4], [5, 6]]))
                f.create_dataset("one", data=np.float64(2.5))
                f.create_group("folder")
            self.assertEqual(cribsim.table(path, "pairs")["value"].tolist(), [1, 3, 5])
            self.assertEqual(cribsim.table(path, "one")["value"].tolist(), [2.5])
            with self.assertRaises(cribsim.CribsimFileError) as e:
                cribsim.table(path, "folder")
            self.assertIn("no /folder table", str(e.exception))


if __name__ == "__main__":
    unittest.main()

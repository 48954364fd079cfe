"""analysis/cribsim/event_report.py: event files summarised per strategy, with figures worked out by hand on
small files made here, and the same figures however many events are read at a time."""

import os
import subprocess
import sys
import tempfile
import unittest

import h5py
import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cribsim import event_report as events

STANDINGS = np.dtype([("event", "<u8"), ("entrant", "<u2"), ("strategy", "<u2"), ("rank", "<u2"),
                      ("points", "<f8"), ("wins", "<u2"), ("losses", "<u2"), ("ties", "<u2"),
                      ("prize_cents", "<i8")])
EVENTS = np.dtype([("event", "<u8"), ("winner", "<i2"), ("games", "<u4"), ("matches", "<u4")])


def write_file(path, strategies, ranks, prizes, strat, games=None, weeks=None):
    """ranks, prizes: (events, entrants) arrays; strat: the strategy of each entrant."""
    e, n = ranks.shape
    st = np.zeros(e * n, STANDINGS)
    st["event"] = np.repeat(np.arange(e), n)
    st["entrant"] = np.tile(np.arange(n), e)
    st["strategy"] = np.tile(strat, e)
    st["rank"] = ranks.ravel()
    st["prize_cents"] = prizes.ravel()
    st["points"] = 1.5 * ranks.ravel()
    ev = np.zeros(e, EVENTS)
    ev["event"] = np.arange(e)
    ev["winner"] = ranks.argmin(axis=1)
    ev["games"] = games if games is not None else 4
    with h5py.File(path, "w") as f:
        f.create_dataset("standings", data=st, chunks=True)
        f.create_dataset("events", data=ev, chunks=True)
        f.attrs["strategies"] = np.array(strategies, dtype=h5py.string_dtype())
        f.attrs["events_completed"] = e
        if weeks:
            f.attrs["weeks"] = weeks


class TestEvents(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "ev.h5")
        # four entrants: 0 and 1 play expected, 2 and 3 greedy; three events
        self.ranks = np.array([[1, 2, 3, 4],   # strength order exactly
                               [3, 1, 2, 4],   # an expected entrant wins, strategies in order
                               [4, 3, 1, 2]])  # greedy both ahead: out of order
        self.prizes = np.array([[6400, 3800, 2600, 0],
                                [2600, 6400, 3800, 0],
                                [0, 2600, 6400, 3800]])
        write_file(self.path, ["expected", "greedy"], self.ranks, self.prizes,
                   np.array([0, 0, 1, 1]))

    def tearDown(self):
        self.tmp.cleanup()

    def test_event_wins_places_and_prizes_by_strategy(self):
        s = events.read(self.path)
        rows = {r["strategy"]: r for r in s.rows()}
        self.assertEqual(s.events, 3)
        self.assertAlmostEqual(rows["expected"]["event_win"], 2 / 3)
        self.assertAlmostEqual(rows["greedy"]["event_win"], 1 / 3)
        # entrant-finishes in first place: expected 2 of 6, greedy 1 of 6
        self.assertAlmostEqual(rows["expected"]["places"][0][0], 2 / 6)
        # second places for greedy: event 1 (entrant 2) and event 2 (entrant 3)
        self.assertAlmostEqual(rows["greedy"]["places"][1][0], 2 / 6)
        # mean prize per entrant-event: expected (6400+3800+2600+6400+0+2600)/6 cents
        self.assertAlmostEqual(rows["expected"]["prize"], 21800 / 6 / 100)
        self.assertAlmostEqual(rows["greedy"]["mean_rank"], (3 + 4 + 2 + 4 + 1 + 2) / 6)
        # standings points (here 1.5 x rank): their mean and its interval
        self.assertAlmostEqual(rows["greedy"]["points"], 1.5 * 16 / 6)
        lo, hi = rows["greedy"]["points_ci"]
        self.assertLess(lo, 4.0)
        self.assertGreater(hi, 4.0)

    def test_strength_correlation_and_order(self):
        s = events.read(self.path)
        # strategies in order in events 0 and 1 (expected mean rank 1.5 and 2 < greedy 3.5, 3)
        self.assertEqual(s.correct, 2)
        # Spearman of strength (1,1,0,0) against -rank, worked by hand: event 0 gives
        # 0.894427, event 1 0.447214, event 2 -0.894427
        rho, _ = s.correlation()
        self.assertAlmostEqual(rho, (0.894427191 + 0.447213595 - 0.894427191) / 3, places=6)

    def test_blocks_of_any_size_give_the_same_figures(self):
        whole = events.read(self.path, chunk_events=4096)
        for k in (1, 2):
            part = events.read(self.path, chunk_events=k)
            self.assertEqual(part.correct, whole.correct)
            self.assertAlmostEqual(part.rho_sum, whole.rho_sum)
            np.testing.assert_allclose(part.place, whole.place)
            np.testing.assert_allclose(part.prize, whole.prize)

    def test_strength_given_on_the_command_line_reverses_the_order(self):
        s = events.read(self.path, {"greedy": 5, "expected": 1})
        self.assertEqual(s.correct, 1)

    def test_weeks_divide_the_prize(self):
        path = os.path.join(self.tmp.name, "season.h5")
        write_file(path, ["expected", "greedy"], self.ranks, self.prizes, np.array([0, 0, 1, 1]),
                   weeks=4)
        rows = {r["strategy"]: r for r in events.read(path).rows()}
        self.assertAlmostEqual(rows["expected"]["prize"], 21800 / 6 / 100 / 4)

    def run_tool(self, *args):
        return subprocess.run([sys.executable, "-m", "cribsim.event_report", *args],
                              capture_output=True, text=True)

    def test_bad_inputs_exit_2_naming_the_file(self):
        p = self.run_tool(os.path.join(self.tmp.name, "missing.h5"))
        self.assertEqual(p.returncode, 2)
        self.assertIn("missing.h5", p.stderr)
        junk = os.path.join(self.tmp.name, "junk.h5")
        with open(junk, "wb") as fh:
            fh.write(b"not hdf5 at all" * 10)
        p = self.run_tool(junk)
        self.assertEqual(p.returncode, 2)
        self.assertIn("junk.h5", p.stderr)
        self.assertNotIn("Traceback", p.stderr)
        bad = os.path.join(self.tmp.name, "bad.h5")
        write_file(bad, ["expected"], self.ranks, self.prizes, np.array([0, 0, 1, 1]))
        p = self.run_tool(bad)
        self.assertEqual(p.returncode, 2)
        self.assertIn("strategy", p.stderr)
        p = self.run_tool(self.path, "--strength", "mc=x")
        self.assertEqual(p.returncode, 2)

    def test_output_is_not_overwritten_without_force(self):
        out = os.path.join(self.tmp.name, "r.md")
        self.assertEqual(self.run_tool(self.path, "-o", out).returncode, 0)
        with open(out, encoding="utf-8") as fh:
            self.assertIn("| `expected` | 2 |", fh.read())
        p = self.run_tool(self.path, "-o", out)
        self.assertEqual(p.returncode, 2)
        self.assertEqual(self.run_tool(self.path, "-o", out, "--force").returncode, 0)
        p = self.run_tool(self.path, "-o", os.path.join(self.tmp.name, "no", "r.md"))
        self.assertEqual(p.returncode, 2)
        self.assertFalse(os.path.exists(os.path.join(self.tmp.name, "no")))


if __name__ == "__main__":
    unittest.main()

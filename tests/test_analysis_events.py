"""analysis/cribsim/analysis/event_report.py: event files summarised per strategy, with figures worked out by hand on
small files made here, and the same figures however many events are read at a time."""

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

import h5py
import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cribsim.analysis import event_report as events

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
        # greedy's points by event 4.5 + 6, 6 + 3, 1.5 + 3 (an event's two entrants are not
        # independent: the interval counts the events): means 5.25, 4.5, 2.25, mean 4, sample
        # variance (1.5625 + 0.25 + 3.0625) / 2 = 2.4375, half width 1.96 x sqrt(2.4375 / 3)
        # = 1.766688
        lo, hi = rows["greedy"]["points_ci"]
        self.assertAlmostEqual(lo, 2.233312, places=5)
        self.assertAlmostEqual(hi, 5.766688, places=5)

    def test_difference_of_points_is_paired_by_event(self):
        # expected's mean points by event 1.5 x (1 + 2) / 2 = 2.25, 3, 5.25; greedy's 5.25,
        # 4.5, 2.25 (above): differences -3, -1.5, 3, mean -0.5, sample variance (6.25 + 1 +
        # 12.25) / 2 = 9.75, half width 1.96 x sqrt(9.75 / 3) = 3.533375
        s = events.read(self.path)
        diff, (lo, hi) = s.points_difference(s.specs.index("expected"), s.specs.index("greedy"))
        self.assertAlmostEqual(diff, -0.5)
        self.assertAlmostEqual(lo, -4.033375, places=5)
        self.assertAlmostEqual(hi, 3.033375, places=5)
        one = events.read(self.path, chunk_events=1)  # the same, read an event at a time
        np.testing.assert_allclose(np.hstack(one.points_difference(0, 1)),
                                   np.hstack(s.points_difference(0, 1)))
        with self.assertRaises(ValueError):
            s.points_difference(0, 2)

    def test_partners_finishing_together_count_as_one_event_not_two_entrants(self):
        # Two teams, expected (entrants 0+1) and greedy (2+3), each pair sharing its rank:
        # expected's team wins 6 of 10 events. A given expected entrant is first in 12 of 20
        # entrant-events, but they are 10 events' worth: the interval is the event win's,
        # Wilson(6, 10), not Wilson(12, 20).
        win = np.array([1, 1, 0, 1, 0, 1, 1, 0, 1, 0])
        ranks = np.where(win[:, None] == 1, [1, 1, 3, 3], [3, 3, 1, 1])
        write_file(self.path, ["expected", "greedy"], ranks, np.zeros_like(ranks),
                   np.array([0, 0, 1, 1]))
        rows = {r["strategy"]: r for r in events.read(self.path).rows()}
        first = rows["expected"]["places"][0]
        self.assertAlmostEqual(first[0], 0.6)
        self.assertAlmostEqual(first[1], rows["expected"]["event_win_ci"][0])
        self.assertAlmostEqual(first[2], rows["expected"]["event_win_ci"][1])
        # Wilson(6, 10) by hand: centre (0.6 + 0.192074) / 1.384146 = 0.572247, half width
        # 1.959964 / 1.384146 x sqrt(0.024 + 0.009604) = 0.259573
        self.assertAlmostEqual(first[1], 0.312674, places=5)
        self.assertAlmostEqual(first[2], 0.831820, places=5)
        # points (1.5 x rank) alike: 1.5 an event six times, 4.5 four times; mean 2.7, sample
        # variance (6 x 1.44 + 4 x 3.24) / 9 = 2.4 over the 10 events, half width 1.96 x
        # sqrt(0.24) = 0.960182 (over 20 entrant-events it would be 0.69)
        lo, hi = rows["expected"]["points_ci"]
        self.assertAlmostEqual(lo, 1.739818, places=5)
        self.assertAlmostEqual(hi, 3.660182, places=5)

    def test_text_and_markdown_rows(self):
        # expected: wins 2 of 3 events; its entrants 2 of 6 first, 1 second (event 0), 2
        # third (events 1 and 2); $36.33 a week; mean rank 14 / 6; points 1.5 x 14 / 6
        s = events.read(self.path)
        text = events.text_report([s])
        self.assertIn("3 events of 4 entrants, 4.0 games an event", text)
        row = next(line.split() for line in text.splitlines() if line.split()[:1] == ["expected"])
        # strategy, entrants, wins [ci], 1st [ci], 2nd, 3rd, prize [ci], mean rank, points
        self.assertEqual(row[0:3] + row[5:6] + row[8:11] + row[13:],
                         ["expected", "2", "66.7%", "33.3%", "16.7%", "33.3%", "$36.33", "2.33",
                          "3.50"])
        md = events.markdown_report([s])
        line = next(x for x in md.splitlines() if x.startswith("| `expected`"))
        cells = [c.strip() for c in line.strip("|").split("|")]
        self.assertEqual([c.split(" ")[0] for c in cells],
                         ["`expected`", "2", "66.7%", "33.3%", "16.7%", "33.3%", "$36.33",
                          "2.33", "3.50"])

    def test_strength_option_and_whole_events(self):
        self.assertEqual(events.parse_strength("mc=3, expected = 2"), {"mc": 3.0, "expected": 2.0})
        with self.assertRaises(ValueError) as e:
            events.parse_strength("mc")
        self.assertIn("'mc' is not NAME=VALUE", str(e.exception))
        # rows 4..7 hold the second event's entrants split over events 1 and 2
        path = os.path.join(self.tmp.name, "split.h5")
        write_file(path, ["expected", "greedy"], self.ranks, self.prizes, np.array([0, 0, 1, 1]))
        with h5py.File(path, "a") as f:
            st = f["standings"][...]
            st["event"][6:8] = 2
            f["standings"][...] = st
        with self.assertRaises(events.EventFileError) as e:
            events.read(path, chunk_events=1)
        self.assertIn("/standings rows 4..7 are not whole events in order", str(e.exception))

    def test_strength_correlation_and_order(self):
        s = events.read(self.path)
        # strategies in order in events 0 and 1 (expected mean rank 1.5 and 2 < greedy 3.5, 3)
        self.assertEqual(s.correct, 2)
        # Spearman of strength (1,1,0,0) against -rank, worked by hand: event 0 gives
        # 0.894427, event 1 0.447214, event 2 -0.894427
        rho, (lo, hi) = s.correlation()
        self.assertAlmostEqual(rho, (0.894427191 + 0.447213595 - 0.894427191) / 3, places=6)
        # their spread sqrt((0.8 + 0.2 + 0.8) / 3 - 0.149071^2) = 0.760117, half width
        # 1.96 x 0.760117 / sqrt(3) = 0.860137
        self.assertAlmostEqual(lo, -0.711066, places=5)
        self.assertAlmostEqual(hi, 1.009209, places=5)

    def test_blocks_of_any_size_give_the_same_figures(self):
        whole = events.read(self.path, chunk_events=4096)
        for k in (1, 2):
            part = events.read(self.path, chunk_events=k)
            self.assertEqual(part.correct, whole.correct)
            self.assertEqual(part.games, 12)  # 4 games in each of 3 events
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

    def test_weeks_divide_the_prize_interval_too(self):
        # expected's prizes by event, in dollars: 64 + 38, 26 + 64, 0 + 26: an entrant's mean
        # 51, 45, 13 an event; mean 36.333, sample variance 834.667 / 2 = 417.333, half width
        # 1.96 x sqrt(417.333 / 3) = 23.117: [13.216, 59.450] a season, a quarter of it a week
        # over a season of 4
        path = os.path.join(self.tmp.name, "season.h5")
        write_file(path, ["expected", "greedy"], self.ranks, self.prizes, np.array([0, 0, 1, 1]),
                   weeks=4)
        lo, hi = {r["strategy"]: r for r in events.read(path).rows()}["expected"]["prize_ci"]
        self.assertAlmostEqual(lo, 3.304116, places=5)
        self.assertAlmostEqual(hi, 14.862550, places=5)

    def test_a_tie_for_first_shares_the_win(self):
        # entrants 0, 1 play expected, 2, 3 greedy. Event 0: entrants 0 and 2 tie for first
        # (a half each); event 1: 0 and 1 tie (expected wins it whole); event 2: three tie,
        # one expected and two greedy (a third and two thirds).
        ranks = np.array([[1, 2, 1, 4], [1, 1, 3, 4], [2, 1, 1, 1]])
        write_file(self.path, ["expected", "greedy"], ranks, np.zeros_like(ranks),
                   np.array([0, 0, 1, 1]))
        s = events.read(self.path)
        rows = {r["strategy"]: r for r in s.rows()}
        self.assertAlmostEqual(rows["expected"]["event_win"], (1 / 2 + 1 + 1 / 3) / 3)
        self.assertAlmostEqual(rows["greedy"]["event_win"], (1 / 2 + 0 + 2 / 3) / 3)
        # every entrant ranked first is counted first: expected 1 + 2 + 1 of 6, greedy 1 + 0 + 2
        self.assertAlmostEqual(rows["expected"]["places"][0][0], 4 / 6)
        self.assertAlmostEqual(rows["greedy"]["places"][0][0], 3 / 6)
        lo, hi = rows["expected"]["event_win_ci"]
        self.assertTrue(0 < lo < 11 / 18 < hi < 1)

    def test_equal_mean_ranks_are_not_an_order(self):
        # event 0: expected's entrants finish 1st and 4th, greedy's 2nd and 3rd: mean ranks
        # 2.5 and 2.5, no order; event 1: 1st and 3rd against 2nd and 4th, 2 < 3, in order
        ranks = np.array([[1, 4, 2, 3], [1, 3, 2, 4]])
        write_file(self.path, ["expected", "greedy"], ranks, np.zeros_like(ranks),
                   np.array([0, 0, 1, 1]))
        s = events.read(self.path)
        self.assertEqual(s.correct, 1)
        self.assertEqual(s.correct_rate()[0], 0.5)

    def run_tool(self, *args):
        """The command, in this process (one test runs it as a program: TestBracketFile)."""
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = events.main(list(args))
            except SystemExit as e:  # argparse errors
                status = e.code
        return subprocess.CompletedProcess(args, status, out.getvalue(), err.getvalue())

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

    def test_outputs_follow_no_planted_link_and_leave_no_debris(self):
        # A link planted under the old fixed temporary names (OUT.tmp) towards a file of the
        # victim's: the tools write through a new temporary file of their own, so the victim
        # is untouched, the outputs are plain files, and only what was there stays beside them.
        from cribsim.analysis import event_study
        victim = os.path.join(self.tmp.name, "victim.txt")
        with open(victim, "w", encoding="utf-8") as fh:
            fh.write("keep me")
        out = os.path.join(self.tmp.name, "out")
        os.mkdir(out)
        for name in ("r.md", "README.md", "report.md"):
            os.symlink(victim, os.path.join(out, name + ".tmp"))
        self.assertEqual(self.run_tool(self.path, "-o", os.path.join(out, "r.md")).returncode, 0)
        runs = os.path.join(self.tmp.name, "runs")
        os.mkdir(runs)
        write_file(os.path.join(runs, "league-night.h5"), ["expected", "greedy"], self.ranks,
                   self.prizes, np.array([0, 0, 1, 1]))
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(event_study.main([runs, "-o", out]), 0)
        with open(victim, encoding="utf-8") as fh:
            self.assertEqual(fh.read(), "keep me")
        self.assertEqual(sorted(os.listdir(out)), ["README.md", "README.md.tmp", "r.md",
                                                   "r.md.tmp", "report.md", "report.md.tmp"])
        for name in ("README.md", "r.md", "report.md"):
            self.assertFalse(os.path.islink(os.path.join(out, name)), name)
        with open(os.path.join(out, "report.md"), encoding="utf-8") as fh:
            self.assertIn("| `expected` | 2 |", fh.read())
        # refused before any work: an existing output without --force
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(event_study.main([runs, "-o", out]), 2)
        self.assertIn("README.md exists", err.getvalue())


def forge(path, events=4096, n=60, k=3000, entrants=None):
    """A small file (some 45 KB) whose counts multiply: `events` events of `n` entrants
    (even entrants play strategy 0, 'random'; odd ones the last, 'greedy'; ranks in entrant
    order) and a table of k strategies. Sizing an array by events x entrants x strategies, as
    the report once did, asks 5.5 GiB of it."""
    st = np.zeros(events * n, [("event", "<u4"), ("entrant", "<u1"), ("strategy", "<u2"),
                               ("rank", "<u1"), ("points", "<u1"), ("prize_cents", "<u1")])
    st["event"] = np.repeat(np.arange(events), n)
    st["entrant"] = np.tile(np.arange(n), events)
    st["rank"] = st["entrant"] + 1
    st["strategy"] = np.tile(np.arange(n) % 2 * (k - 1), events)
    with h5py.File(path, "w") as f:
        f.create_dataset("standings", data=st, chunks=(min(len(st), 1 << 16),),
                         compression="gzip", compression_opts=9, shuffle=True)
        f.create_dataset("events", data=np.zeros(events, [("event", "<u4")]))
        f.attrs["strategies"] = json.dumps(["random"] * (k - 1) + ["greedy"])
        if entrants:
            f.attrs["entrants"] = np.array([f"e{i}" for i in range(entrants)],
                                           dtype=h5py.string_dtype())
    return path


def limited(argv, gib=2):
    """Runs the report in a process of at most `gib` GiB of address space."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (gib << 30, gib << 30))
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    return subprocess.run([sys.executable, "-m", "cribsim.analysis.event_report", *argv],
                          preexec_fn=limit, env=env, capture_output=True, text=True)


class TestMemory(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def test_memory_follows_the_rows_read_not_a_product_of_counts(self):
        path = forge(os.path.join(self.tmp.name, "many.h5"))
        self.assertLess(os.path.getsize(path), 100_000)
        p = limited([path, "--summary"])
        self.assertEqual(p.returncode, 0, p.stderr[-2000:])
        self.assertIn("4096 events of 60 entrants", p.stdout)
        s = events.read(path)
        rows = {r["strategy"]: r for r in s.rows()}
        self.assertEqual(rows["random"]["event_win"], 1.0)  # entrant 0 wins every event
        self.assertEqual(rows["random"]["mean_rank"], 30.0)  # ranks 1, 3, ..., 59
        self.assertEqual(rows["greedy"]["mean_rank"], 31.0)
        self.assertEqual(s.correct, 0)  # greedy, the stronger, always behind

    def test_a_forged_entrant_count_is_refused_naming_the_file(self):
        path = forge(os.path.join(self.tmp.name, "forged.h5"), events=8, entrants=4)
        p = limited([path, "--summary"])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("forged.h5", p.stderr)
        self.assertIn("60 rows for its first event, but the field has 4 entrants", p.stderr)
        self.assertNotIn("Traceback", p.stderr)
        # an event whose entrants play other strategies than the first event's
        path = os.path.join(self.tmp.name, "swapped.h5")
        write_file(path, ["expected", "greedy"], np.array([[1, 2], [2, 1]]),
                   np.zeros((2, 2), int), np.array([0, 1]))
        with h5py.File(path, "a") as f:
            st = f["standings"][...]
            st["strategy"][2:] = 0
            f["standings"][...] = st
        with self.assertRaises(events.EventFileError) as e:
            events.read(path)
        self.assertIn("swapped.h5", str(e.exception))


CRIBSIM = os.environ.get("CRIBSIM")

BRACKET_SPEC = """name: bracket
format: double-elimination
events: 6
seed: 3
field:
  - Ann: expected
  - Bob: random
  - Cat: expected
  - Dan: random
"""


@unittest.skipUnless(CRIBSIM, "CRIBSIM does not name the cribsim binary (ctest sets it)")
class TestBracketFile(unittest.TestCase):
    """A double-elimination file written by `cribsim event`: four entrants paired in field
    order make two teams, Ann and Bob against Cat and Dan, each one expected and one random
    player. Whoever wins, both partners share first place, so each strategy wins exactly half
    of every event, half its entrants finish first, and the two strategies' mean ranks are
    always equal: the standings never put them in order."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        spec = os.path.join(cls.tmp.name, "bracket.yaml")
        with open(spec, "w", encoding="utf-8") as fh:
            fh.write(BRACKET_SPEC)
        cls.path = os.path.join(cls.tmp.name, "bracket.h5")
        subprocess.run([CRIBSIM, "event", spec, "-o", cls.path, "--quiet", "--threads", "1"],
                       check=True, stdout=subprocess.DEVNULL)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_partners_share_the_bracket_win(self):
        with h5py.File(self.path, "r") as f:
            rank = f["standings"]["rank"].reshape(6, 4)
        self.assertTrue(np.all((rank == 1).sum(axis=1) == 2))  # the champions, two partners
        s = events.read(self.path)
        self.assertEqual((s.events, s.n), (6, 4))
        rows = {r["strategy"]: r for r in s.rows()}
        for name in ("expected", "random"):
            self.assertEqual(rows[name]["event_win"], 0.5)
            self.assertEqual(rows[name]["places"][0][0], 0.5)
        self.assertEqual(s.correct, 0)
        self.assertEqual(rows["expected"]["mean_rank"], rows["random"]["mean_rank"])

    def test_the_report_reads_the_bracket(self):
        p = subprocess.run([sys.executable, "-m", "cribsim.analysis.event_report", self.path, "--summary"],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("6 events of 4 entrants", p.stdout)
        self.assertIn("50.0%", p.stdout)


if __name__ == "__main__":
    unittest.main()

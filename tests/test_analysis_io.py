"""Tests of the analysis tools' edges (analysis/cribsim/io/cliio.py and the loader's checks): outputs
are never overwritten without --force, never written into a missing folder and never left
half-written; damaged files and files holding impossible values (card codes, seats, winners,
skunk levels, rules) end the tool with one line naming the file and exit status 2, without a
traceback.

Run by ctest, or directly: .venv/bin/python tests/test_analysis_io.py
"""

import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import unittest

import h5py
import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import cliio
import fixtures
from cribsim.analysis import ladder
from cribsim.analysis import matches
from cribsim.analysis import report
from cribsim.analysis import results


def run_main(main, argv):
    """Runs a tool's main(argv); returns (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as e:  # argparse errors
            status = e.code
    return status, out.getvalue(), err.getvalue()


def slurp(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def spill(path, data):
    with open(path, "wb") as f:
        f.write(data)


class Files:
    tmp = None

    @classmethod
    def make(cls):
        if cls.tmp is not None:
            return
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        g, dl = fixtures.simulate(60, fixtures.rules(), seed=21)
        cls.good = fixtures.write_run(os.path.join(d, "good.h5"), g, dl,
                                      seats=("alpha", "beta"))
        cls.games, cls.deals = g, dl


def setUpModule():
    Files.make()


def tearDownModule():
    if Files.tmp is not None:
        Files.tmp.cleanup()


class TestOutputs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def test_report_refuses_to_overwrite_without_force(self):
        out = os.path.join(self.d, "rep")
        os.mkdir(out)
        self.assertEqual(run_main(report.main, [Files.good, "-o", out])[0], 0)
        path = os.path.join(out, "report.md")
        with open(path, "a") as f:
            f.write("MARK\n")
        status, _, err = run_main(report.main, [Files.good, "-o", out])
        self.assertEqual(status, 2)
        self.assertIn("report.md exists", err)
        self.assertIn("--force", err)
        with open(path) as f:
            self.assertTrue(f.read().endswith("MARK\n"))  # untouched
        status, _, err = run_main(report.main, [Files.good, "-o", out, "--force"])
        self.assertEqual(status, 0, err)
        with open(path) as f:
            self.assertNotIn("MARK", f.read())
        # no temporary file left beside the outputs
        self.assertEqual([n for n in os.listdir(out) if n.endswith(".tmp")], [])

    def test_report_makes_its_own_folder_but_never_a_chain_of_them(self):
        out = os.path.join(self.d, "missing", "rep")
        status, _, err = run_main(report.main, [Files.good, "-o", out])
        self.assertEqual(status, 2)
        self.assertIn(out, err)
        self.assertFalse(os.path.exists(os.path.join(self.d, "missing")))
        out = os.path.join(self.d, "rep")  # the folder itself missing, its own there: made
        self.assertEqual(run_main(report.main, [Files.good, "-o", out])[0], 0)
        self.assertTrue(os.path.isfile(os.path.join(out, "report.md")))

    def test_ladder_page_overwrite_and_missing_folder(self):
        page = os.path.join(self.d, "ladder.md")
        self.assertEqual(run_main(ladder.main, [Files.good, "-o", page])[0], 0)
        before = slurp(page)
        status, _, err = run_main(ladder.main, [Files.good, "-o", page, "--command", "x"])
        self.assertEqual((status, "exists" in err), (2, True))
        self.assertEqual(slurp(page), before)
        self.assertEqual(run_main(ladder.main, [Files.good, "-o", page, "--command", "x",
                                                "--force"])[0], 0)
        self.assertIn("x", slurp(page))
        status, _, err = run_main(ladder.main, [Files.good, "-o",
                                                os.path.join(self.d, "no", "l.md")])
        self.assertEqual(status, 2)
        self.assertFalse(os.path.exists(os.path.join(self.d, "no")))

    def test_ladder_speed_table(self):
        """--speeds sets each strategy's bench line beside its score against the reference;
        other lines (and hostile ones) are skipped, a file with none is refused."""
        bench = os.path.join(self.d, "bench.txt")
        with open(bench, "w") as f:
            f.write("cribsim bench: one core unless stated\n"
                    "ladder      beta self-play: 1234.4 games a second\n"
                    "ladder      alpha self-play: 99.0 games a second\n"
                    "ladder      gamma self-play: 7.0 games a second\n"
                    "ladder      \x1b[2Jevil self-play: 5.0 games a second\n")
        page = os.path.join(self.d, "ladder.md")
        status, _, err = run_main(ladder.main, [Files.good, "--speeds", bench,
                                                "--reference", "beta", "-o", page])
        self.assertEqual(status, 0, err)
        text = slurp(page)
        rows = [line for line in text.splitlines() if line.startswith("| ")][-3:]
        self.assertTrue(rows[0].startswith("| beta | 1,234 | (the reference)"), rows[0])
        self.assertTrue(rows[1].startswith("| alpha | 99.0 | "), rows[1])
        self.assertTrue(rows[2].startswith("| gamma | 7.0 | (no pair with beta)"), rows[2])
        self.assertNotIn("\x1b", text)
        # alpha's rate against beta is the pair table's A column (alpha is the first seat)
        pair = next(line for line in text.splitlines() if line.startswith("| alpha vs beta"))
        self.assertEqual(pair.split("|")[3].strip(), rows[1].split("|")[3].strip())
        with open(bench, "w") as f:
            f.write("nothing here\n")
        status, _, err = run_main(ladder.main, [Files.good, "--speeds", bench, "-o",
                                                os.path.join(self.d, "l2.md")])
        self.assertEqual(status, 2)
        self.assertIn(bench, err)
        self.assertFalse(os.path.exists(os.path.join(self.d, "l2.md")))

    def test_ladder_short_names(self):
        """A strategy played with two sets of parameters gets two names: the first met is the
        strategy's name, a later one adds the parameters where it differs (a value changed or
        one the first lacks); plugins keep their whole spec; a spec equal in every parameter
        to the first but spelled otherwise keeps its whole spec rather than share a name."""
        def row(a, b):
            return {"sides": [{"name": a}, {"name": b}]}
        mc = "mc:samples=100,hidden=plays,tree=4"
        rows = [row(mc, "expected"), row("mc:samples=100,hidden=nn,tree=4", mc),
                row("mc:samples=200,hidden=nn,tree=4,cutoff=2", "expected"),
                row("mc:tree=4,samples=100,hidden=plays", "plugin:/x/a.so:k=1"),
                row("plugin:/x/a.so:k=2", "expected:peg=lookahead")]
        self.assertEqual(ladder.short_names(rows), {
            mc: "mc", "expected": "expected", "mc:samples=100,hidden=nn,tree=4": "mc:hidden=nn",
            "mc:samples=200,hidden=nn,tree=4,cutoff=2": "mc:samples=200,hidden=nn,cutoff=2",
            "mc:tree=4,samples=100,hidden=plays": "mc:tree=4,samples=100,hidden=plays",
            "plugin:/x/a.so:k=1": "plugin:/x/a.so:k=1", "plugin:/x/a.so:k=2": "plugin:/x/a.so:k=2",
            "expected:peg=lookahead": "expected:peg=lookahead"})

    def test_results_refuses_to_overwrite(self):
        spec = os.path.join(self.d, "s.yaml")
        with open(spec, "w") as f:
            f.write("name: three-hand\narms:\n  - name: good\n")
        runs = os.path.join(self.d, "runs")
        os.mkdir(runs)
        shutil.copy(Files.good, os.path.join(runs, "good.h5"))
        out = os.path.join(self.d, "out")
        os.mkdir(out)
        with open(os.path.join(out, "README.md"), "w") as f:
            f.write("keep\n")
        status, _, err = run_main(results.main, ["ladder", spec, runs, "-o", out])
        self.assertEqual(status, 2)
        self.assertIn("README.md exists", err)
        self.assertEqual(os.listdir(out), ["README.md"])  # nothing written before refusing

    def test_an_interrupted_write_leaves_nothing(self):
        path = os.path.join(self.d, "x.txt")
        with self.assertRaises(ZeroDivisionError):
            with cliio.output(path) as f:
                f.write("half")
                1 / 0
        self.assertEqual(os.listdir(self.d), [])
        with open(path, "w") as f:
            f.write("old")
        with self.assertRaises(ZeroDivisionError):
            with cliio.output(path, force=True) as f:
                f.write("new")
                1 / 0
        self.assertEqual(slurp(path), "old")
        self.assertEqual(os.listdir(self.d), ["x.txt"])

    def test_check_output(self):
        cliio.check_output(os.path.join(self.d, "new.txt"))
        with self.assertRaises(cliio.BadInput):
            cliio.check_output(self.d, force=True)  # a folder
        with self.assertRaises(cliio.BadInput):
            cliio.check_output(os.path.join(self.d, "a", "b.txt"), force=True)

    def test_outputs_get_the_modes_the_umask_allows_and_errors_name_the_file(self):
        old = os.umask(0o022)
        try:
            path = cliio.write_text(os.path.join(self.d, "a.txt"), "a")
            with cliio.output_path(os.path.join(self.d, "b.h5")) as tmp:
                spill(tmp, b"b")
            shards = os.path.join(self.d, "shards")
            os.mkdir(shards)
            with cliio.output_files(shards, []) as work:
                spill(os.path.join(work, "x-00000.npz"), b"x")
        finally:
            os.umask(old)
        for p in (path, os.path.join(self.d, "b.h5"), os.path.join(shards, "x-00000.npz")):
            self.assertEqual(os.stat(p).st_mode & 0o777, 0o644, p)
        self.assertEqual(os.listdir(shards), ["x-00000.npz"])
        # an existing file is refused unless force is given
        with self.assertRaises(cliio.BadInput):
            with cliio.output(path) as f:
                f.write("b")
        self.assertEqual(slurp(path), "a")
        # an OSError while writing by name is a WriteError naming the file; nothing is left
        out = os.path.join(self.d, "c.h5")
        with self.assertRaises(cliio.WriteError) as e:
            with cliio.output_path(out):
                raise OSError(28, "No space left on device")
        self.assertIn("c.h5: cannot write: No space left on device", str(e.exception))
        self.assertEqual(sorted(os.listdir(self.d)), ["a.txt", "b.h5", "shards"])
        with self.assertRaises(cliio.WriteError) as e:
            with cliio.output_files(shards, []) as work:
                spill(os.path.join(work, "x-00000.npz"), b"y")
                raise OSError(28, "No space left on device")
        self.assertIn("shards: cannot write: No space left on device", str(e.exception))
        self.assertEqual(os.listdir(shards), ["x-00000.npz"])
        self.assertEqual(slurp(os.path.join(shards, "x-00000.npz")), "x")


# What a hostile file's strings try on the terminal: a title change (OSC ... BEL), clearing the
# screen (CSI 2J), colour, a C1 control (CSI as one byte) and a right-to-left override.
HOSTILE = ("alpha\x1b]0;pwned\x07", "beta\x1b[2J\x1b[31m", "\x9b6n\u202egamma")


def assert_no_terminal_control(test, text):
    """No character of text but the newline is one a terminal would act on."""
    bad = sorted({c for c in text if c != "\n" and not c.isprintable()})
    test.assertEqual(bad, [], text)


class TestStringsFromFiles(unittest.TestCase):
    """Strategies, seats and statuses are printed escaped (cliio.printable), by every tool."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        self.run = fixtures.write_run(os.path.join(self.d, "hostile.h5"), Files.games,
                                      Files.deals, seats=HOSTILE[:2],
                                      attrs={"status": "interrupted" + HOSTILE[2]})

    def tearDown(self):
        self.tmp.cleanup()

    def test_printable_escapes_what_a_terminal_acts_on(self):
        self.assertEqual(cliio.printable("mc:samples=9\nZo\u00eb"), "mc:samples=9\nZo\u00eb")
        self.assertEqual(cliio.printable(HOSTILE[0]), "alpha\\x1b]0;pwned\\x07")
        self.assertEqual(cliio.printable(HOSTILE[2]), "\\x9b6n\\u202egamma")
        self.assertEqual(cliio.printable("a\tb\rc\x7f"), "a\\x09b\\x0dc\\x7f")

    def test_report_and_matches_escape_the_seats_and_the_status(self):
        status, out, err = run_main(report.main, [self.run, "--summary"])
        self.assertEqual(status, 0, err)
        assert_no_terminal_control(self, out + err)
        self.assertIn("alpha\\x1b]0;pwned\\x07", out)
        status, out, err = run_main(matches.main, [self.run, "--race", "2"])
        self.assertEqual(status, 0, err)
        assert_no_terminal_control(self, out + err)
        self.assertIn("\\x1b[2J", out)

    def test_error_messages_escape_the_files_strings(self):
        from cribsim.io import dataset
        status, out, err = run_main(dataset.main, [self.run, "--kind", "play", "-o",
                                                   os.path.join(self.d, "x.h5"),
                                                   "--strategy", "nobody"])
        self.assertEqual(status, 2)
        assert_no_terminal_control(self, out + err)
        self.assertIn("beta\\x1b[2J", err)

    def test_the_event_report_escapes_the_strategies(self):
        from cribsim.analysis import event_report
        path = os.path.join(self.d, "ev.h5")
        st = np.zeros(4, [("event", "<u8"), ("entrant", "<u2"), ("strategy", "<u2"),
                          ("rank", "<u2"), ("points", "<f8"), ("prize_cents", "<i8")])
        st["entrant"] = st["rank"] = [0, 1, 2, 3]
        st["rank"] += 1
        st["strategy"] = [0, 1, 0, 1]
        with h5py.File(path, "w") as f:
            f.create_dataset("standings", data=st)
            f.create_dataset("events", data=np.zeros(1, [("event", "<u8")]))
            f.attrs["strategies"] = np.array(HOSTILE[:2], dtype=h5py.string_dtype())
        # no strength for them: the error names the strategy, escaped
        status, out, err = run_main(event_report.main, [path, "--summary"])
        self.assertEqual(status, 2)
        assert_no_terminal_control(self, out + err)
        self.assertIn("alpha\\x1b]0;pwned\\x07", err)
        strength = f"{HOSTILE[0]}=2,{HOSTILE[1]}=1"
        status, out, err = run_main(event_report.main, [path, "--summary", "--strength",
                                                        strength])
        self.assertEqual(status, 0, err)
        assert_no_terminal_control(self, out + err)
        self.assertIn("beta\\x1b[2J\\x1b[31m", out)
        md = os.path.join(self.d, "ev.md")
        status, out, err = run_main(event_report.main, [path, "-o", md, "--strength", strength])
        self.assertEqual(status, 0, err)
        assert_no_terminal_control(self, slurp(md))


def corrupt_chunk_index(src, dst):
    """A copy of src with the chunk index of its datasets (the B-tree nodes, signature TREE)
    overwritten: the file opens, reading the tables fails inside HDF5."""
    data = bytearray(slurp(src, "rb"))
    at = data.find(b"TREE")
    assert at > 0, "no B-tree in the file"
    while at >= 0:
        data[at + 8:at + 64] = bytes((b ^ 0x5A) for b in data[at + 8:at + 64])
        at = data.find(b"TREE", at + 64)
    spill(dst, bytes(data))
    return dst


class TestDamagedInput(unittest.TestCase):
    """Each tool ends with status 2 and one line naming the file, never a traceback."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def assert_refused(self, path, what=None, tools=("report", "matches", "ladder")):
        calls = {"report": (report.main, [path, "--summary"]),
                 "matches": (matches.main, [path]),
                 "ladder": (ladder.main, [path])}
        for tool in tools:
            main, argv = calls[tool]
            status, _, err = run_main(main, argv)
            self.assertEqual(status, 2, (tool, err))
            self.assertIn(path, err, tool)
            self.assertNotIn("Traceback", err, tool)
            self.assertEqual(len(err.strip().splitlines()), 1, (tool, err))
            if what:
                self.assertIn(what, err, tool)

    def copy_with(self, name, games=None, deals=None, rules=None, attrs=None):
        g = Files.games.copy() if games is None else games
        d = Files.deals.copy() if deals is None else deals
        return fixtures.write_run(os.path.join(self.d, name), g, d, rules_dict=rules,
                                  seats=("alpha", "beta"), attrs=attrs)

    def test_bit_flipped_chunk_index(self):
        path = corrupt_chunk_index(Files.good, os.path.join(self.d, "flipped.h5"))
        self.assert_refused(path)

    def test_bit_flipped_header(self):
        data = bytearray(slurp(Files.good, "rb"))
        for i in range(0, 8):
            data[i] ^= 0xFF
        path = os.path.join(self.d, "header.h5")
        spill(path, bytes(data))
        self.assert_refused(path)

    def test_bad_card_codes(self):
        d = Files.deals.copy()
        d["dealt"][5, 1, 2] = 77
        path = self.copy_with("cards.h5", deals=d)
        self.assert_refused(path, "card code", tools=("report",))
        d = Files.deals.copy()
        d["starter"][3] = 52
        self.assert_refused(self.copy_with("starter.h5", deals=d), "card code",
                            tools=("report",))
        d = Files.deals.copy()
        d["play_card"][2, 0] = 200
        self.assert_refused(self.copy_with("play.h5", deals=d), "card code",
                            tools=("report",))

    def test_a_card_dealt_twice(self):
        d = Files.deals.copy()
        d["dealt"][4, 1, 0] = d["dealt"][4, 0, 0]
        self.assert_refused(self.copy_with("twice.h5", deals=d), "dealt twice",
                            tools=("report",))

    def test_bad_seats_and_dealers(self):
        d = Files.deals.copy()
        d["dealer"][1] = 3
        self.assert_refused(self.copy_with("dealer.h5", deals=d), "not a seat",
                            tools=("report",))
        d = Files.deals.copy()
        d["play_seat"][1, 0] = 2
        self.assert_refused(self.copy_with("pseat.h5", deals=d), "not at the table",
                            tools=("report",))
        g = Files.games.copy()
        g["first_dealer"][7] = 2
        self.assert_refused(self.copy_with("fd.h5", games=g), "first_dealer")

    def test_bad_winner_and_skunk(self):
        g = Files.games.copy()
        g["winner"][3] = 2
        self.assert_refused(self.copy_with("winner.h5", games=g), "winner")
        g = Files.games.copy()
        g["skunk"][9, 1] = 4
        self.assert_refused(self.copy_with("skunk.h5", games=g), "skunk")

    def test_games_completed_past_the_rows(self):
        path = self.copy_with("short.h5", attrs={"games_completed": np.uint64(61)})
        self.assert_refused(path, "truncated")

    def test_bad_rules(self):
        r = dict(fixtures.rules())
        r["cards_dealt"] = "six"
        self.assert_refused(self.copy_with("r1.h5", rules=r), "cards_dealt")
        r = dict(fixtures.rules())
        r["target"] = -5
        self.assert_refused(self.copy_with("r2.h5", rules=r), "target")
        r = dict(fixtures.rules())
        r["next_dealer"] = "winner"
        self.assert_refused(self.copy_with("r3.h5", rules=r), "next_dealer")
        path = self.copy_with("r4.h5", attrs={"rules": "{not json"})
        self.assert_refused(path, "JSON")
        with h5py.File(path, "a") as f:
            f.attrs["rules"] = json.dumps([1, 2])
        self.assert_refused(path, "rules")

    def test_the_good_file_passes(self):
        for main, argv in ((report.main, [Files.good, "--summary"]),
                           (matches.main, [Files.good]), (ladder.main, [Files.good])):
            status, _, err = run_main(main, argv)
            self.assertEqual(status, 0, err)


if __name__ == "__main__":
    unittest.main()

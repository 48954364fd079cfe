"""Tests of the analysis over the shard files of a run (analysis/cribsim/analysis/shards.py): the shards
reduced separately and combined, in this process and in a process pool, give the merged
file's report, summary and match tables exactly; a Dask LocalCluster gives the pool's
figures; Summary.merge joins parts cut anywhere (duplicate card groups split between them);
sets of shards with a gap, an overlap, a foreign run or an unfinished shard are refused with
exit 2 naming the file; and the memory of a reduction stays within a budget set by the chunk
size, far below the file's tables.

The shards are written by `cribsim run --shard K/N` and joined by `cribsim merge` (CRIBSIM
names the binary; ctest sets it). Run by ctest, or directly:

    CRIBSIM=build/cribsim .venv/bin/python tests/test_analysis_shards.py
"""

import contextlib
import io
import multiprocessing
import resource
import os
import shutil
import subprocess
import sys
import tempfile
import tracemalloc
import unittest

import h5py
import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import runfile
import fixtures
from cribsim.analysis import matches
from cribsim.analysis import metrics
from cribsim.analysis import report
from cribsim.analysis import shards

CRIBSIM = os.environ.get("CRIBSIM")
# (name, cribsim run options, shards): duplicate deals with /deals (card groups, positions),
# partners with /deals, three players with /games only.
RUNS = (("dup-two", ["--rules", "two", "--seats", "greedy,random", "--duplicate",
                     "--games", "400", "--record", "deals"], 3),
        ("partners", ["--rules", "partners", "--games", "240", "--record", "deals"], 2),
        ("three", ["--rules", "three", "--games", "600"], 4))


class Args:
    """The report's options (report.main's defaults)."""
    race, session, dealer, title, force = 2, 4, "rules", None, True


def run_main(main, argv):
    """Runs a tool's main(argv); returns (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as e:  # argparse errors
            status = e.code
    return status, out.getvalue(), err.getvalue()


def cribsim(*args):
    subprocess.run([CRIBSIM, *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


class Files:
    tmp = None
    sets = {}  # name -> (merged path, [shard paths])

    @classmethod
    def make(cls):
        if cls.tmp is not None:
            return
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        for name, options, n in RUNS:
            parts = []
            for k in range(1, n + 1):
                parts.append(os.path.join(d, f"{name}-{k}.h5"))
                cribsim("run", *options, "--seed", "3", "--shard", f"{k}/{n}", "--threads",
                        "1", "--quiet", "-o", parts[-1])
            merged = os.path.join(d, f"{name}.h5")
            cribsim("merge", merged, *parts)
            cls.sets[name] = (merged, parts)


def setUpModule():
    if not CRIBSIM:
        raise unittest.SkipTest("CRIBSIM does not name the cribsim binary (ctest sets it)")
    Files.make()


def tearDownModule():
    if Files.tmp is not None:
        Files.tmp.cleanup()


def report_text(runs, out_dir):
    """The report's Markdown without the line naming the command and the date, and without
    the provenance (the merged file's command line and times are its own)."""
    os.makedirs(out_dir, exist_ok=True)
    with contextlib.redirect_stdout(io.StringIO()):
        path = report.write_report(runs, out_dir, Args, "cmd")
    with open(path) as f:
        text = f.read().split("## Provenance")[0]
    return "\n".join(line for line in text.splitlines() if not line.startswith("Made by"))


def as_merged(text, sharded, merged):
    """The text with the sharded run's name and path written as the merged file's."""
    return text.replace(sharded.path, merged.path).replace(f"| {sharded.label} |",
                                                           f"| {merged.label} |")


class TestShardsEqualTheMergedFile(unittest.TestCase):

    def test_report_summary_and_matches_serial_and_in_a_pool(self):
        with tempfile.TemporaryDirectory() as d:
            for name, (merged_path, parts) in sorted(Files.sets.items()):
                merged = shards.open_runs([merged_path])[0]
                self.assertNotIsInstance(merged, shards.ShardedRun)
                full = name == "dup-two"  # the whole report (plots take time) on one set
                if full:
                    expected = report_text([merged], os.path.join(d, name + "-merged"))
                summary = report.summary_text([merged])
                for jobs in (1, 2):
                    # chunks of 5 games: games, deals and card groups cross chunk boundaries
                    # inside each shard as well as between shards
                    runs = shards.open_runs(list(reversed(parts)), chunk_rows=5 * 8)
                    self.assertEqual(len(runs), 1)
                    run = runs[0]
                    self.assertIsInstance(run, shards.ShardedRun)
                    self.assertEqual(run.n_games, merged.n_games)
                    shards.reduce_summaries(runs, jobs=jobs)
                    self.assertIn("summary", run.cache)  # reduced, not read again
                    got = report.summary_text(runs).replace(run.label, merged.label, 1)
                    self.assertEqual(got, summary, (name, jobs))
                    if jobs == 2 and full:
                        got = report_text(runs, os.path.join(d, name))
                        self.assertEqual(as_merged(got, run, merged), expected, name)
                # the match tables: matches cross the shards' boundaries
                rule = matches.resolve_rule(merged, "rules")
                want, _ = matches.compare_schemes(merged, 2, 4, rule)
                sharded = shards.open_runs(parts, deals=False, chunk_rows=16)[0]
                got, _ = matches.compare_schemes(sharded, 2, 4, rule)
                got.columns = want.columns  # the label of the sharded run differs
                self.assertTrue(got.equals(want), name)
                # the race and the session formed at once in two processes
                with shards.parallel(2) as ex:
                    self.assertTrue(ex.parallel)
                    got, _ = matches.compare_schemes(sharded, 2, 4, rule, executor=ex)
                got.columns = want.columns
                self.assertTrue(got.equals(want), name)

    def test_the_tools_on_shards_print_the_merged_files_figures(self):
        merged, parts = Files.sets["three"]
        for tool, extra in ((report.main, ["--summary", "--jobs", "2"]),
                            (matches.main, [])):
            status, want, _ = run_main(tool, [merged] + extra)
            self.assertEqual(status, 0)
            status, got, err = run_main(tool, parts + extra)
            self.assertEqual(status, 0, err)
            self.assertEqual(got, want)  # the shards three-1 .. three-4 are named three

    def test_summaries_of_parts_cut_anywhere_merge_to_the_whole(self):
        # Pieces of 7 games of a duplicate file with two rotations: card groups are split
        # between pieces, each piece is reduced on its own and the pieces merged in order.
        run = runfile.load(Files.sets["dup-two"][0])
        whole = metrics.strategy_table(run)
        self.assertTrue(np.isfinite(whole["paired lo"]).all())
        total = metrics.Summary(run)
        for piece in run.chunks(7):
            part = metrics.Summary(run)
            part.add(piece)
            total.merge(part)
        cut = runfile.load(Files.sets["dup-two"][0])
        cut.cache["summary"] = total
        self.assertTrue(metrics.strategy_table(cut).equals(whole))
        self.assertEqual(report.summary_text([cut]), report.summary_text([run]))
        # a group split in three: the middle piece holds only part of one group
        g = metrics._Groups()
        a, b, c = metrics._Groups(), metrics._Groups(), metrics._Groups()
        g.add([0, 0, 0, 0, 4, 4], [12, 0, 12, 12, 0, 12], "x")
        a.add([0, 0], [12, 0], "x")
        b.add([0], [12], "x")
        c.add([0, 4, 4], [12, 0, 12], "x")
        a.merge(b)
        a.merge(c)
        self.assertEqual(a.finish(), g.finish())
        self.assertEqual(a.finish()[0], 2)


def listening_sockets(pids):
    """(pid, address, port) of every TCP socket in state LISTEN held by one of `pids`, from
    /proc: each process's socket inodes matched with /proc/net/tcp and tcp6, addresses in
    their text form (an IPv4-mapped IPv6 address as its IPv4 one)."""
    import ipaddress
    listening = {}
    for table, family in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 6)):
        with open(table) as f:
            next(f)
            for line in f:
                field = line.split()
                if field[3] != "0A":  # TCP_LISTEN
                    continue
                hexaddr, hexport = field[1].split(":")
                raw = bytes.fromhex(hexaddr)
                # the kernel prints each 32-bit word in host (little-endian) order
                raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
                addr = ipaddress.ip_address(raw)
                if family == 6 and addr.ipv4_mapped:
                    addr = addr.ipv4_mapped
                listening[field[9]] = (str(addr), int(hexport, 16))
    found = []
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except FileNotFoundError:
            continue
        for fd in fds:
            try:
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if link.startswith("socket:[") and link[8:-1] in listening:
                found.append((pid, *listening[link[8:-1]]))
    return found


class TestDask(unittest.TestCase):

    def test_a_local_cluster_gives_the_figures_of_one_process(self):
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            self.skipTest("dask.distributed is not importable (the extra `analysis`, which "
                          ".ci/python.sh installs)")
        merged, parts = Files.sets["dup-two"]
        serial = shards.open_runs(parts)
        shards.reduce_summaries(serial, jobs=1)
        runs = shards.open_runs(parts)
        rule = matches.resolve_rule(serial[0], "rules")
        want, _ = matches.compare_schemes(serial[0], 2, 4, rule)
        with shards.parallel(1, "local") as ex:  # one worker process
            # Every server the cluster starts (the scheduler and its HTTP server here, the
            # worker in its process) listens on loopback only, and some do listen.
            workers = {p.pid for p in multiprocessing.active_children()}
            sockets = listening_sockets({os.getpid()} | workers)
            self.assertTrue(any(pid == os.getpid() for pid, _, _ in sockets), sockets)
            self.assertTrue(any(pid in workers for pid, _, _ in sockets), sockets)
            import ipaddress
            for pid, addr, port in sockets:
                self.assertTrue(ipaddress.ip_address(addr).is_loopback,
                                f"pid {pid} listens on {addr}:{port}, not loopback")
            shards.reduce_summaries(runs, ex=ex)
            got, _ = matches.compare_schemes(runs[0], 2, 4, rule, executor=ex)
        self.assertEqual(report.summary_text(runs), report.summary_text(serial))
        self.assertTrue(metrics.strategy_table(runs[0]).equals(
            metrics.strategy_table(serial[0])))
        self.assertTrue(got.equals(want))
        self.assertEqual(multiprocessing.active_children(), [])  # the cluster is closed


class TestRefused(unittest.TestCase):

    def refused(self, files, names):
        for tool, extra in ((report.main, ["--summary"]), (matches.main, [])):
            status, _, err = run_main(tool, files + extra)
            self.assertEqual(status, 2, (files, err))
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            self.assertNotIn("Traceback", err)
            for name in names:
                self.assertIn(name, err)
        return err

    def test_gaps_overlaps_other_runs_and_unfinished_shards(self):
        merged, parts = Files.sets["three"]
        with tempfile.TemporaryDirectory() as d:
            # a gap: shard 2 of 4 missing
            err = self.refused([parts[0]] + parts[2:], [parts[0]])
            self.assertIn("2/4", err)
            # a forged shard count: the answer is found without counting up to it, in a
            # process of 2 GiB at most (listing every missing index took tens of GiB)
            forged = os.path.join(d, "forged-1.h5")
            shutil.copy(parts[0], forged)
            with h5py.File(forged, "a") as f:
                f.attrs["shard_count"] = np.int32(2 ** 31 - 1)

            def limit():
                resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
            p = subprocess.run([sys.executable, "-m", "cribsim.analysis.report", forged, "--summary"],
                               preexec_fn=limit, capture_output=True, text=True, timeout=120,
                               env=dict(os.environ, OPENBLAS_NUM_THREADS="1"))
            self.assertEqual(p.returncode, 2, p.stderr[-2000:])
            self.assertIn(forged, p.stderr)
            self.assertIn("shards 2/2147483647, 3/2147483647, 4/2147483647, 5/2147483647, "
                          "6/2147483647 ... are not given (1 of 2147483647 given: a gap)",
                          p.stderr)
            # an overlap: shard 3 given twice (a copy)
            twice = os.path.join(d, "copy-3.h5")
            shutil.copy(parts[2], twice)
            err = self.refused(parts + [twice], [twice])
            self.assertIn("overlap", err)
            # another run: shard 2 of the same games played from another seed
            other = os.path.join(d, "other-2.h5")
            cribsim("run", "--rules", "three", "--games", "600", "--seed", "4", "--shard",
                    "2/4", "--threads", "1", "--quiet", "-o", other)
            err = self.refused([parts[0], other] + parts[2:], [other])
            self.assertIn("seed", err)
            # an unfinished shard
            short = os.path.join(d, "short-4.h5")
            shutil.copy(parts[3], short)
            with h5py.File(short, "r+") as f:
                f.attrs["games_completed"] = np.uint64(f.attrs["games_completed"] - 10)
            err = self.refused(parts[:3] + [short], [short])
            self.assertIn("--resume", err)
            # a shard claiming games that are not its own
            moved = os.path.join(d, "moved-4.h5")
            shutil.copy(parts[3], moved)
            with h5py.File(moved, "r+") as f:
                f.attrs["game_begin"] = np.uint64(f.attrs["game_begin"] + 1)
            self.refused(parts[:3] + [moved], [moved])
        status, _, err = run_main(report.main, parts + ["--summary", "--jobs", "0"])
        self.assertEqual(status, 2)
        self.assertIn("--jobs", err)


class TestMemoryBudget(unittest.TestCase):

    def test_peak_stays_within_the_chunk_budget(self):
        # 12,000 games with their deals (about 12 deals each) read 256 rows at a time (32
        # games and their deals a chunk). The budget: the /deals read-ahead block (8192 rows,
        # runfile.RunFile._read), counted twice (the block and the slices taken of it),
        # 16 chunks' rows (a chunk and the arrays derived from it; matches.py keeps up to 8
        # chunks of games) and 1 MB for the rest. The Python heap's peak (tracemalloc, which
        # sees numpy's buffers) stays within it, while the tables whole are over 4 times it.
        r = fixtures.rules()
        g, dl = fixtures.simulate(50, r, seed=5)
        copies = 240
        games = np.tile(g, copies)
        games["game"] = np.arange(len(games))
        games["card_game"] = games["game"]
        deals = np.tile(dl, copies)
        deals["game"] = deals["game"] + np.repeat(np.arange(copies) * len(g), len(dl))
        rows = 256
        row_bytes = games.dtype.itemsize + deals.dtype.itemsize
        budget = 2 * 8192 * deals.dtype.itemsize + 16 * rows * row_bytes + 2 ** 20
        with tempfile.TemporaryDirectory() as d:
            path = fixtures.write_run(os.path.join(d, "big.h5"), games, deals, rules_dict=r,
                                      seats=("a", "b"))
            self.assertGreater(games.nbytes + deals.nbytes, 4 * budget)
            del games, deals
            tracemalloc.start()
            try:
                runs = shards.open_runs([path], chunk_rows=rows)
                shards.reduce_summaries(runs, jobs=1)
                metrics.show_distributions(runs[0])
                matches.compare_schemes(runs[0], 2, 4, "loser")
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
        self.assertLess(peak, budget, (peak, budget))


if __name__ == "__main__":
    unittest.main()

"""Tests of the streamed datasets (analysis/cribsim/io/dataset.py): the vectorised rows against a
row-by-row reconstruction of the play, datasets built in pieces (--games A:B, B:C) and joined
equal the dataset built at once in every format (.h5, .npz, .npz shards, .csv), chunks of
one or a few games and shards that split deals give the same rows as one large chunk, the
columns have their narrow types and the strategy table is stored once, bad input is refused
with exit status 2 and a message naming it, and memory stays within a bound set by the chunk,
not by the number of games.

Run by ctest, or directly: .venv/bin/python tests/test_analysis_dataset.py
"""

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import h5py
import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import cards
from cribsim.io import runfile
from cribsim.io import dataset
import fixtures

FORMATS = ("h5", "npz", "shards", "csv")


def run_main(argv):
    """dataset.main(argv): (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = dataset.main(argv)
        except SystemExit as e:  # argparse errors
            status = e.code
    return status, out.getvalue(), err.getvalue()


def tiled(path, games, deals, copies, **kw):
    """A run file holding `copies` copies of the games one after another, renumbered: a
    large valid file made quickly from a small simulated one."""
    span = int(games["game"].max()) + 1
    g = np.concatenate([games] * copies)
    dl = np.concatenate([deals] * copies)
    g["game"] += np.repeat(np.arange(copies, dtype=np.uint64) * span, len(games))
    g["card_game"] += np.repeat(np.arange(copies, dtype=np.uint64) * span, len(games))
    dl["game"] += np.repeat(np.arange(copies, dtype=np.uint64) * span, len(deals))
    return fixtures.write_run(path, g, dl, **kw)


class Files:
    tmp = None

    @classmethod
    def make(cls):
        if cls.tmp is not None:
            return
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        g, dl = fixtures.simulate(24, fixtures.rules(), seed=21, rotations=2)
        cls.two = fixtures.write_run(os.path.join(d, "two.h5"), g, dl,
                                     seats=("alpha", "beta"), attrs={"rotations": np.int32(2)})
        r = fixtures.rules(players=4, partnership=True, max_deals=4)
        g, dl = fixtures.simulate(12, r, seed=22, rotations=2)
        cls.partners = fixtures.write_run(os.path.join(d, "partners.h5"), g, dl, rules_dict=r,
                                          seats=("alpha", "beta", "gamma", "beta"),
                                          attrs={"rotations": np.int32(2)})
        r = fixtures.rules(players=3)
        g, dl = fixtures.simulate(12, r, seed=23)
        cls.three = fixtures.write_run(os.path.join(d, "three.h5"), g, dl, rules_dict=r,
                                       seats=("alpha", "beta", "alpha"))
        g, dl = fixtures.simulate(6, fixtures.rules(), seed=24)
        cls.small_games, cls.small_deals = g, dl
        g, _ = fixtures.simulate(4, fixtures.rules(), seed=25)
        cls.games_only = fixtures.write_run(os.path.join(d, "games_only.h5"), g)


def setUpModule():
    Files.make()


def tearDownModule():
    if Files.tmp is not None:
        Files.tmp.cleanup()


def reference_play(run):
    """The play rows of a run rebuilt card by card with plain Python (the pre-vectorised
    dataset.py): a list of dicts of the columns that carry the reconstruction."""
    values = [min(c // 4 + 1, 10) for c in range(52)]
    side = [int(run.side_of_seat(s)) for s in range(run.players)]
    hands = {}
    rows = []
    disc = dataset.discard_rows(run)  # for the kept cards and the scores before the deal
    for i in range(len(disc["game"])):
        hands[(int(disc["game"][i]), int(disc["deal"][i]), int(disc["seat"][i]))] = (
            [int(c) for c in disc["kept"][i] if c != 255], disc["scores"][i].astype(int))
    n = run.players
    for row in run.deals:
        game, deal, dealer = int(row["game"]), int(row["deal"]), int(row["dealer"])
        held = {s: list(hands[(game, deal, s)][0]) for s in range(n)}
        score = [int(hands[(game, deal, s)][1][0]) for s in range(n)]
        for s in range(n):
            if side[s] == side[dealer]:
                score[s] += int(row["heels"])
        count, series, pile, history, who = 0, 0, [], [], []
        for k in range(int(row["n_plays"])):
            seat, card = int(row["play_seat"][k]), int(row["play_card"][k])
            pts = int(row["play_points"][k])
            if count == 31 or count + values[card] > 31:
                count, series, pile = 0, series + 1, []
            hand = held[seat]
            rows.append({
                "game": game, "deal": deal, "seat": seat, "play_index": k, "series": series,
                "count": count, "card": card, "slot": hand.index(card),
                "hand": hand + [255] * (4 - len(hand)),
                "n_legal": sum(count + values[c] <= 31 for c in hand),
                "pile": pile + [255] * (12 - len(pile)),
                "history": history + [255] * (16 - len(history)),
                "history_seat": [(w - seat) % n for w in who] + [255] * (16 - len(who)),
                "scores": [score[(seat + j) % n] if j < n else -1 for j in range(4)],
                "points": pts})
            hand.remove(card)
            count += values[card]
            pile, history, who = pile + [card], history + [card], who + [seat]
            for s in range(n):
                if side[s] == side[seat]:
                    score[s] += pts
    return rows


class TestRows(unittest.TestCase):
    def test_vectorised_play_rows_equal_a_card_by_card_reconstruction(self):
        for path in (Files.two, Files.partners, Files.three):
            run = runfile.load(path)
            got = dataset.build(run, "play")
            ref = reference_play(run)
            self.assertEqual(len(got["game"]), len(ref), path)
            self.assertEqual(len(ref), int(run.deals["n_plays"].sum()))
            for name in ref[0]:
                want = np.array([r[name] for r in ref])
                np.testing.assert_array_equal(got[name], want, f"{path}: {name}")

    def test_discard_rows_name_the_discard_and_score_the_hands(self):
        run = runfile.load(Files.partners)
        data = dataset.build(run, "discard")
        self.assertEqual(len(data["game"]), run.players * len(run.deals))
        for i in range(0, len(data["game"]), 5):
            dealt = [c for c in data["dealt"][i] if c != 255]
            kept = [c for c in data["kept"][i] if c != 255]
            laid = [c for c in data["discard"][i] if c != 255]
            self.assertEqual(sorted(kept + laid), sorted(dealt))
            self.assertEqual(laid, [dealt[int(data["choice"][i])]])  # five cards, one away
            self.assertEqual(data["hand_points"][i],
                             cards.show_score(np.array([kept]), data["starter"][i:i + 1], 4)[0])

    def test_show_points_by_table_equal_the_scorer(self):
        rng = np.random.default_rng(7)
        deck = np.argsort(rng.random((20000, 52)), axis=1)[:, :5].astype(np.uint8)
        deck[:200, :5] = np.arange(5) * 4 + 1  # flushes of diamonds, with a starter in suit
        deck[200:400, :4] = np.arange(4) * 4 + 2
        for k in (4, 3):
            for flush_min in (3, 4, 5):
                np.testing.assert_array_equal(
                    dataset.show_points(deck[:, :k], deck[:, 4], flush_min),
                    cards.show_score(deck[:, :k], deck[:, 4], flush_min), (k, flush_min))

    def test_damaged_deals_are_refused_with_the_loaders_message(self):
        g = Files.small_games
        with tempfile.TemporaryDirectory() as d:
            for field, index, value, message in (
                    ("dealt", (4, 1, 2), 60, "is not a card"),
                    ("dealt", (4, 1, 2), None, "dealt twice"),
                    ("dealer", (5,), 2, "is not a seat"),
                    ("play_seat", (6, 0), 3, "not at the table")):
                dl = Files.small_deals.copy()
                dl[field][index] = dl["dealt"][4, 0, 0] if value is None else value
                path = fixtures.write_run(os.path.join(d, "bad.h5"), g, dl)
                out = os.path.join(d, "p.h5")
                status, _, err = run_main([path, "--kind", "discard", "-o", out, "--force"])
                self.assertEqual(status, 2, field)
                self.assertIn(message, err)
                self.assertIn(path, err)
                self.assertFalse(os.path.exists(out))

    def test_a_card_the_seat_does_not_hold_is_refused(self):
        g, dl = Files.small_games, Files.small_deals.copy()
        dl["play_card"][3, 1] = dl["play_card"][3, 0]  # the same card laid twice
        with tempfile.TemporaryDirectory() as d:
            path = fixtures.write_run(os.path.join(d, "bad.h5"), g, dl)
            status, _, err = run_main([path, "--kind", "play", "-o", os.path.join(d, "p.h5")])
            self.assertEqual(status, 2)
            self.assertIn("which it does not hold", err)
            self.assertIn(path, err)
            self.assertEqual(os.listdir(d), ["bad.h5"])  # no output, no temporary file


def make(path, kind, out, *extra):
    status, stdout, err = run_main([path, "--kind", kind, "-o", out, *extra])
    if status != 0:
        raise AssertionError(f"dataset.py {path} {kind} {out} {extra}: {err}")
    return out


def output_name(folder, fmt, name):
    if fmt == "shards":
        path = os.path.join(folder, name)
        os.mkdir(path)
        return path + "/"
    return os.path.join(folder, f"{name}.{fmt}")


def assert_same(test, a, b, what):
    test.assertEqual(list(a), list(b), what)
    for k in a:
        test.assertEqual(a[k].dtype, b[k].dtype, f"{what}: {k}")
        np.testing.assert_array_equal(a[k], b[k], f"{what}: {k}")


class TestStreaming(unittest.TestCase):
    def test_pieces_joined_equal_the_dataset_built_at_once_in_every_format(self):
        run = runfile.load(Files.two)
        games = run.games["game"]
        a, b, c = int(games[3]), int(games[11]), int(games[20])
        for kind in ("discard", "play"):
            for fmt in FORMATS:
                with tempfile.TemporaryDirectory() as d:
                    parts = [dataset.read(make(Files.two, kind, output_name(d, fmt, name),
                                               "--games", rng, "--chunk-games", "2",
                                               "--shard-rows", "50"), names=False)
                             for name, rng in (("ab", f"{a}:{b}"), ("bc", f"{b}:{c}"),
                                               ("ac", f"{a}:{c}"))]
                    joined = {k: (np.concatenate([parts[0][k], parts[1][k]]) if k !=
                                  "strategies" else parts[0][k]) for k in parts[0]}
                    assert_same(self, joined, parts[2], f"{kind} {fmt}")
                    self.assertEqual(int(parts[0]["game"].min()), a)
                    self.assertLess(int(parts[0]["game"].max()), b)
                    self.assertEqual(int(parts[1]["game"].min()), b)
                    # and equal to the rows of those games in the dataset of the whole run
                    whole = dataset.build(run, kind)
                    keep = (whole["game"] >= a) & (whole["game"] < c)
                    for k in ("game", "deal", "seat", "scores", "game_result"):
                        np.testing.assert_array_equal(np.asarray(parts[2][k], dtype=float),
                                                      whole[k][keep].astype(float), k)
                    self.assertEqual(dataset.read(output_name(d, fmt, "ac") if fmt != "shards"
                                                  else os.path.join(d, "ac"))["strategy"]
                                     .tolist(), whole["strategy"][keep].tolist())

    def test_chunks_and_shards_that_split_games_and_deals_change_nothing(self):
        for kind in ("discard", "play"):
            with tempfile.TemporaryDirectory() as d:
                big = dataset.read(make(Files.partners, kind, os.path.join(d, "big.h5"),
                                        "--chunk-games", "1000"), names=False)
                for chunk in ("1",):
                    for fmt in FORMATS:
                        out = make(Files.partners, kind, output_name(d, fmt, f"c{chunk}"),
                                   "--chunk-games", chunk, "--shard-rows", "7")
                        got = dataset.read(out, names=fmt == "csv")
                        if fmt == "csv":
                            got["strategy"] = np.array(
                                [list(big["strategies"]).index(s) for s in got["strategy"]],
                                dtype=np.uint8)
                            got = {k: got[k].astype(big[k].dtype) for k in big
                                   if k != "strategies"}
                            ref = {k: big[k] for k in got}
                        else:
                            ref = big
                        assert_same(self, got, ref, f"{kind} {fmt} chunk {chunk}")
                shards = sorted(os.listdir(os.path.join(d, "c1")))
                rows = len(big["game"])
                self.assertEqual(len(shards), -(-rows // 7))  # 7 rows a shard, the last fewer
                with np.load(os.path.join(d, "c1", shards[1])) as z:
                    self.assertEqual(len(z["game"]), 7)
                    # a shard of 7 rows splits deals: its first play is not a deal's first
                    if kind == "play":
                        self.assertTrue(np.any(z["play_index"] != 0))

    def test_columns_have_their_narrow_types_and_the_strategy_table_is_stored_once(self):
        with tempfile.TemporaryDirectory() as d:
            for kind in ("discard", "play"):
                h5 = make(Files.three, kind, os.path.join(d, f"{kind}.h5"))
                npz = make(Files.three, kind, os.path.join(d, f"{kind}.npz"))
                types = {name: (np.dtype(t), w) for name, t, w in dataset.SCHEMAS[kind]}
                with h5py.File(h5, "r") as f, np.load(npz) as z:
                    self.assertEqual([s.decode() for s in f["strategies"][...]],
                                     ["alpha", "beta"])
                    self.assertEqual(z["strategies"].tolist(), ["alpha", "beta"])
                    self.assertEqual(z["schema"].tolist(), dataset.columns(kind))
                    for name, (dtype, w) in types.items():
                        for arr in (f[name], z[name]):
                            self.assertEqual(arr.dtype, dtype, name)
                            self.assertEqual(arr.shape[1:], (w,) if w else (), name)
                        self.assertIsNotNone(f[name].chunks, name)
                    for name in ("dealt", "kept", "discard", "starter", "hand", "pile",
                                 "history", "card"):
                        if name in types:
                            self.assertEqual(types[name][0], np.uint8, name)
                    self.assertEqual(types["scores"][0], np.int16)
                    self.assertEqual(types["strategy"][0], np.uint8)
                    # the table is indexed: alpha at seats 0 and 2, beta at seat 1
                    self.assertEqual(set(z["strategy"][z["seat"] == 1].tolist()), {1})
                    self.assertEqual(set(z["strategy"][z["seat"] != 1].tolist()), {0})
                    self.assertEqual(f.attrs["source"], os.path.abspath(Files.three))
                    self.assertEqual(f.attrs["rows"], len(z["game"]))

    def test_one_strategy_and_max_games(self):
        with tempfile.TemporaryDirectory() as d:
            out = make(Files.partners, "discard", os.path.join(d, "b.npz"), "--strategy",
                       "beta", "--max-games", "5", "--chunk-games", "2")
            data = dataset.read(out)
            self.assertEqual(set(data["strategy"].tolist()), {"beta"})
            run = runfile.load(Files.partners)
            self.assertEqual(sorted(set(data["game"].tolist())),
                             run.games["game"][:5].tolist())
            # beta holds two of the four seats in every game: half the rows of those deals
            deals = int(np.isin(run.deals["game"], run.games["game"][:5]).sum())
            self.assertEqual(len(data["game"]), 2 * deals)


class TestRefusals(unittest.TestCase):
    def refused(self, argv, *needles):
        status, _, err = run_main(argv)
        self.assertEqual(status, 2, (argv, err))
        self.assertNotIn("Traceback", err)
        for needle in needles:
            self.assertIn(needle, err, argv)
        return err

    def test_bad_inputs_exit_2_naming_them(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "x.h5")
            self.refused([Files.games_only, "--kind", "play", "-o", out], Files.games_only,
                         "no /deals")
            for bad in ("9:3", "4:4", "x:5", "5", ":", "-1:4"):
                self.refused([Files.two, "--kind", "play", "-o", out, "--games", bad],
                             "--games")
            self.refused([Files.two, "--kind", "play", "-o", out, "--max-games", "0"],
                         "--max-games")
            self.refused([Files.two, "--kind", "play", "-o", out, "--chunk-games", "x"],
                         "--chunk-games")
            self.refused([Files.two, "--kind", "play", "-o", out, "--strategy", "nobody"],
                         "nobody")
            self.refused([Files.two, "--kind", "play", "-o", os.path.join(d, "x.feather")],
                         "x.feather")
            self.refused([Files.two, "--kind", "play", "-o", os.path.join(d, "no", "x.h5")],
                         "does not exist")
            self.refused([Files.two, "--kind", "play", "-o", os.path.join(d, "none") + "/"],
                         "none")
            self.refused([os.path.join(d, "missing.h5"), "--kind", "play", "-o", out],
                         "missing.h5")
            self.assertEqual(os.listdir(d), [])

    def test_existing_outputs_are_kept_without_force_and_replaced_with_it(self):
        with tempfile.TemporaryDirectory() as d:
            for fmt in FORMATS:
                out = output_name(d, fmt, "o")
                make(Files.two, "discard", out, "--shard-rows", "100")
                target = os.path.join(out, "discard-00000.npz") if fmt == "shards" else out
                with open(target, "rb") as f:
                    before = f.read()
                self.refused([Files.two, "--kind", "discard", "-o", out, "--max-games", "2"],
                             "--force")
                with open(target, "rb") as f:
                    self.assertEqual(f.read(), before, fmt)
                make(Files.two, "discard", out, "--max-games", "2", "--force",
                     "--shard-rows", "100")
                self.assertEqual(len(set(dataset.read(out)["game"].tolist())), 2, fmt)
            # a shorter dataset replacing shards leaves none of the old ones behind
            self.assertEqual(os.listdir(os.path.join(d, "o")), ["discard-00000.npz"])
            self.assertFalse([n for n in os.listdir(d) if n.startswith(".")])

    def test_a_failed_force_into_a_shard_folder_keeps_the_old_dataset_whole(self):
        # Four shards of the first 8 games; then --force with the whole file, stopped by an
        # error after its first chunk (by then a new shard is written). The old dataset must
        # read back whole, and nothing of the new one may be left in the folder.
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "shards") + "/"
            os.mkdir(out)
            make(Files.two, "discard", out, "--max-games", "8", "--shard-rows", "40")
            before = dataset.read(out)
            names = sorted(os.listdir(out))
            self.assertGreaterEqual(len(names), 4)
            real = dataset.iter_rows

            def failing(*args, **kwargs):
                for i, chunk in enumerate(real(*args, **kwargs)):
                    if i == 1:
                        raise OSError("the disk is full")
                    yield chunk
            with mock.patch.object(dataset, "iter_rows", failing):
                status, _, err = run_main([Files.two, "--kind", "discard", "-o", out,
                                           "--force", "--chunk-games", "4",
                                           "--shard-rows", "20"])
            self.assertEqual(status, 2, err)
            self.assertIn("the disk is full", err)
            self.assertEqual(sorted(os.listdir(out)), names)
            after = dataset.read(out)
            for k in before:
                np.testing.assert_array_equal(after[k], before[k], k)
            # and a --force that succeeds replaces every old shard
            make(Files.two, "discard", out, "--max-games", "2", "--force", "--shard-rows", "1000")
            self.assertEqual(os.listdir(out), ["discard-00000.npz"])
            self.assertEqual(sorted(set(dataset.read(out)["game"].tolist())), [0, 1])

    def test_errors_leave_no_traceback_from_the_command_line(self):
        with tempfile.TemporaryDirectory() as d:
            p = subprocess.run([sys.executable, "-m", "cribsim.io.dataset",
                                Files.two, "--kind", "discard", "-o", os.path.join(d, "a.h5"),
                                "--games", "7:2"], capture_output=True, text=True)
            self.assertEqual(p.returncode, 2)
            self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
            self.assertIn("7:2", p.stderr)


# Peak memory of one streamed build, in a fresh interpreter: tracemalloc sees every numpy
# array and Python object (not HDF5's own C buffers, which its chunk cache bounds).
MEMORY_PROBE = r"""
import sys, tracemalloc, contextlib, io
from cribsim.io import dataset
tracemalloc.start()
with contextlib.redirect_stdout(io.StringIO()):
    status = dataset.main(sys.argv[1:])
print(status, tracemalloc.get_traced_memory()[1])
"""


class TestMemory(unittest.TestCase):
    # With --chunk-games 32 the arrays of a chunk take about 2 MB (a game is about 100 plays
    # of at most a few hundred bytes of intermediate arrays each), the deals read ahead, the
    # HDF5 writer's buffer (a chunk of 16384 rows) and the .npz copy buffer under 1.5 MB
    # each, so 8 MB bounds the peak whatever the number of games; the whole play dataset of
    # the file below is more than twice that.
    BOUND = 8 << 20

    def peak(self, path, out, *extra):
        p = subprocess.run([sys.executable, "-c", MEMORY_PROBE, path, "--kind",
                            "play", "-o", out, "--chunk-games", "32", *extra],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        status, peak = map(int, p.stdout.split())
        self.assertEqual(status, 0)
        return peak

    def test_peak_memory_is_bounded_by_the_chunk_not_the_games(self):
        g, dl = fixtures.simulate(40, fixtures.rules(), seed=26)
        with tempfile.TemporaryDirectory() as d:
            large = tiled(os.path.join(d, "large.h5"), g, dl, 48)
            peaks = {fmt: self.peak(large, os.path.join(d, f"l.{fmt}")) for fmt in ("h5", "npz")}
            with np.load(os.path.join(d, "l.npz")) as z:
                whole = sum(z[k].nbytes for k in dataset.columns("play"))
            # holding the dataset whole, even in its narrow types, would break the bound
            self.assertGreater(whole, 2 * self.BOUND)
            for fmt, peak in peaks.items():
                self.assertLess(peak, self.BOUND, fmt)


if __name__ == "__main__":
    unittest.main()

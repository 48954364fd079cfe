"""Approximate best responses: `train_nn br` and its measurement (analysis/cribsim/analysis/exploit.py).

Each test names the bug it catches. The measurement plays `cribsim match` (ctest sets CRIBSIM
to the built binary); training needs torch (the `train` extra): skipped where either is missing.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

cribsim = pytest.importorskip("cribsim")
from cribsim.analysis import exploit  # noqa: E402

CRIBSIM = os.environ.get("CRIBSIM")


def need_binary():
    if not CRIBSIM or not os.access(CRIBSIM, os.X_OK):
        pytest.skip("CRIBSIM does not name the cribsim binary (ctest sets it)")
    return CRIBSIM


def test_measure_credits_the_first_side():
    """Catches: the response's figures read from the target's side of the file. greedy beats
    random about 98 times in 100; each side's rate, the two intervals and the points a deal
    must say so from the side asked about, and mirror when the two swap."""
    cs = need_binary()
    a = exploit.measure("greedy", "random", games=400, seed=3, threads=1, cribsim=cs)
    b = exploit.measure("random", "greedy", games=400, seed=3, threads=1, cribsim=cs)
    assert a["spec"] == "greedy" and a["opponent"] == "random"
    assert a["games"] == 400 and a["rate"] > 0.9 and a["paired"][0] > 0.85
    assert a["points_a_deal"] > 1.0 and a["points_a_deal_interval"][0] > 0.5
    assert b["rate"] < 0.1 and b["points_a_deal"] < -1.0
    # the same cards: the rates of the two orders are one game set seen from either side
    assert a["wins"] + a["ties"] / 2 == pytest.approx(400 - (b["wins"] + b["ties"] / 2), abs=40)


def test_points_a_deal_is_the_margin_over_the_deals_of_each_game():
    """Catches: points a deal computed over the games, or from the winner's score only: the
    figure must be the mean of (first side's score - other's) / deals over the file's games,
    worked out here from /games itself."""
    cs = need_binary()
    import h5py
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "m.h5")
        subprocess.run([cs, "match", "expected", "greedy", "--games", "200", "--seed", "9",
                        "-o", out, "--quiet", "--threads", "1"], check=True)
        got = exploit.summarise(out)
        with h5py.File(out) as f:
            g = f["games"][:]
    # seat 0 is expected in rotation 0 and greedy in rotation 1 (the rotation swaps the seats)
    a_seat = np.where(g["rotation"] == 0, 0, 1)
    a = g["score"][np.arange(len(g)), a_seat].astype(float)
    b = g["score"][np.arange(len(g)), 1 - a_seat].astype(float)
    want = np.mean((a - b) / g["deals"])
    assert got["points_a_deal"] == pytest.approx(want, rel=1e-9)
    wins = int(np.sum(g["winner"] == a_seat))
    assert got["wins"] == wins


def test_pool_interval_averages_each_card_sequence_over_the_pool():
    """Catches: the habit pool's interval taken as the mean of its members' intervals, or
    over the members' games pooled as if independent, instead of the ladder's way (the
    per-game scores averaged over the pool card sequence by card sequence, then the paired
    interval over the sequences); the pool's figures read from the member's side. Worked here
    from the two match files themselves: a pool of random and greedy, where the response
    (expected) wins nearly all against one and about six in ten against the other."""
    cs = need_binary()
    import h5py
    pool = ("random", "greedy")
    got = exploit.pool_measure("expected", pool, games=200, seed=4, threads=1, cribsim=cs)
    per_game, groups = [], None
    with tempfile.TemporaryDirectory() as d:
        for member in pool:
            out = os.path.join(d, member + ".h5")
            subprocess.run([cs, "match", "expected", member, "--games", "200", "--seed", "4",
                            "-o", out, "--quiet", "--threads", "1"], check=True)
            with h5py.File(out) as f:
                g = f["games"][:]
            # expected sits at seat 0 in rotation 0 and at seat 1 in rotation 1
            per_game.append((g["winner"] == np.where(g["rotation"] == 0, 0, 1)).astype(float))
            groups = g["card_game"]
    score = np.mean(per_game, axis=0)
    means = np.array([score[groups == k].mean() for k in np.unique(groups)])
    se = means.std(ddof=1) / np.sqrt(len(means))
    assert got["rate"] == pytest.approx(score.mean(), abs=1e-12)
    assert got["paired"] == pytest.approx([score.mean() - 1.959964 * se,
                                           score.mean() + 1.959964 * se], abs=1e-6)
    # the mean of the two members' own intervals is another, wider interval
    each = np.mean([e["paired"] for e in got["each"]], axis=0)
    assert abs(each[0] - got["paired"][0]) > 1e-3
    assert got["points_a_deal"] == pytest.approx(np.mean([e["points_a_deal"] for e in got["each"]]))
    assert 0.7 < got["rate"] < 0.85


def test_learner_envs_seat_the_target_in_c_and_ask_only_the_learner():
    """Catches: the target's seat given the learner's actions (both seats None, or the seats
    swapped): in every batch the learner is asked at its own seat only, for whole games, and
    the other seat's cards are played by the target."""
    train_nn = pytest.importorskip("cribsim.train.nn")
    envs = train_nn.learner_envs(["greedy"], 6, "two", 4)
    assert [e["learner"] for e in envs] == [0, 1]
    rng = np.random.default_rng(0)
    for e in envs:
        assert e["env"].players == 2
        finished = np.zeros(6, bool)
        steps = 0
        while not finished.all():
            assert np.all(e["seat"] == e["learner"]), (e["learner"], e["seat"])
            act = np.array([rng.choice(np.flatnonzero(m)) for m in e["mask"]], np.int32)
            e["env"].step(act, e["obs"], e["mask"], e["seat"], e["rew"], e["done"])
            finished |= e["done"] != 0
            steps += 1
        # a two-player game to 121 asks one seat for about 40 to 80 decisions; asking for both
        # seats' would take about twice as many
        assert steps < 200


def test_recorded_points_are_the_learners_and_close_each_game_on_its_margin():
    """Catches: the training labels taken from the wrong seat's reward (the target's points):
    the deal totals step_recorded feeds to DealReturns add up, over a game, to the learner's
    final score less the target's, read from the game's record."""
    train_nn = pytest.importorskip("cribsim.train.nn")
    n = 4
    for e in train_nn.learner_envs(["expected"], n, "two", 11):
        rng = np.random.default_rng(e["learner"])
        deals = e["deals"]
        total = np.zeros(n)
        seen = np.zeros(n, int)  # closed deals counted so far per slot
        finished = np.zeros(n, bool)
        while not finished.all():
            act = np.array([rng.choice(np.flatnonzero(m)) for m in e["mask"]], np.int32)
            train_nn.step_recorded(e, act, False, 10.0)
            for i in range(n):
                while seen[i] < deals.seq[i] and not finished[i]:
                    total[i] += deals.totals[i, seen[i] % deals.ring]
                    seen[i] += 1
            finished |= e["done"] != 0
        for i in range(n):
            rec = e["env"].last_game(i)
            me, other = rec["score"][e["learner"]], rec["score"][1 - e["learner"]]
            assert total[i] == me - other, (i, total[i], rec)


def train_nn_module():
    return pytest.importorskip("cribsim.train.nn")


def test_br_trains_measures_and_resumes():
    """Catches: a br run that does not write its network, record and progress, measures
    another file than the one it trained, or a --resume that starts again from random weights
    (the resumed run's curve goes on from the time already spent)."""
    pytest.importorskip("torch")
    cs = need_binary()
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "br.nn")
        base = [sys.executable, "-m", "cribsim.train.nn", "br", "--target", "random",
                "--out", out, "--hidden", "16", "--eval-games", "100", "--eval-every", "2",
                "--games", "200", "--pool-games", "40", "--batch-games", "32", "--threads", "1",
                "--seed", "5"]
        env = dict(os.environ, CRIBSIM=cs)
        subprocess.run(base + ["--minutes", "0.05"], check=True, env=env, capture_output=True)
        rec = json.load(open(out + ".json"))
        assert rec["target"] == "random" and rec["seed"] == 5 and rec["stand_in"] is None
        assert rec["vs_target"]["spec"] == f"nn:path={out}"
        assert rec["vs_target"]["games"] == 200 and rec["vs_expected"]["games"] == 40
        assert len(rec["vs_pool"]["each"]) == len(exploit.HABIT_POOL)
        first = json.load(open(out + ".progress.json"))["seconds"]
        assert 3 <= first < 30
        trained, _ = train_nn_module().read_nn(out)
        # resumed at a rate of 0, so the weights it goes on from come out unchanged
        subprocess.run(base + ["--minutes", "0.15", "--resume", "--lr", "0", "--lr-end", "0"],
                       check=True, env=env, capture_output=True)
        rec2 = json.load(open(out + ".json"))
        assert rec2["minutes"] * 60 >= 9 and rec2["init"] is None
        for (w, b), (w2, b2) in zip(trained, train_nn_module().read_nn(out)[0]):
            np.testing.assert_array_equal(w, w2)
            np.testing.assert_array_equal(b, b2)
        times = [float(line.split(",")[0]) for line in open(out + ".curve.csv").read().split()[1:]]
        assert times == sorted(times) and times[0] == 0 and times[-1] >= 9
        # resumed from the first run's time, not from 0
        resumed_at = [t for t in times if t >= first - 1e-9]
        assert len(resumed_at) >= 2
        table = exploit.table([rec2])
        assert "`random`" in table and f"| {rec2['seed']} |" in table
        assert "| random weights |" in table  # the start column: no --init given
        assert exploit.start(dict(rec2, init="/runs/base.nn")) == "`base.nn`"


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))

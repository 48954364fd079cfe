"""experiments/expert_iteration.sh end to end at a tiny size: two rounds of labelling with the
network-guided search, training and evaluation, then resumed and refused.

The search is mc version 8's spec with 8 samples instead of 100 (the script's SEARCH knob) and
today's mc is expert (TODAY), so that the run takes seconds; the rate is high (LR) so that each
round's network plays visibly otherwise than the one before. Needs torch (the `train` extra),
matplotlib (the plot) and the built cribsim and cs_nn_labels (ctest sets CRIBSIM): skipped
where one is missing. Each test names the bug it catches.
"""
import csv
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

try:
    import matplotlib  # noqa: F401
    import torch  # noqa: F401
except ImportError as e:  # the `train` or `analysis` extra is missing: say so, ctest skips
    if __name__ == "__main__":
        print(f"test_python_expert_iteration: skipped, {e.name} is not installed "
              "(pip install -e '.[train,analysis]')")
        sys.exit(77)
    raise

cribsim = pytest.importorskip("cribsim")
from cribsim.analysis import exploit  # noqa: E402
from cribsim.train import nn as train_nn  # noqa: E402

SRC = os.environ.get("CRIBSIM_SOURCE_DIR",
                     os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCRIPT = os.path.join(SRC, "experiments", "expert_iteration.sh")
SEARCH = ("mc:samples=8,objective=win,width=0,rollout=lookahead,hidden=plays,race=on,"
          "discard_samples=0,equal=0,rank=expert,opening=table,endwidth=2,tree=4")
OTHERS = ["expert", "expected", "habit:toss=hand,peg=low"]
GAMES, SHARD_GAMES, EVAL_SEED, SEED = 20, 30, 7, 3


def built():
    cs = os.environ.get("CRIBSIM") or os.path.join(SRC, "build", "cribsim")
    build = os.path.dirname(os.path.abspath(cs))
    for tool in ("cribsim", "cs_nn_labels"):
        if not os.access(os.path.join(build, tool), os.X_OK):
            pytest.skip(f"{build}/{tool} is not built")
    if not os.access("/usr/bin/time", os.X_OK):
        pytest.skip("/usr/bin/time is missing")
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        # tests/python_san.sh: the script's searches, about 40 CPU-seconds here, would take
        # several times that under AddressSanitizer; the labeller and the search are run under
        # the sanitizers by test_python_nn and the C suites
        pytest.skip("not under the sanitizers' pass")
    return build


def run_script(out, results, **extra):
    env = dict(os.environ, ROUNDS="2", SHARDS="1", SHARD_GAMES=str(SHARD_GAMES), MINUTES="0.02",
               EVAL_GAMES=str(GAMES), EVAL_SEED=str(EVAL_SEED), SEED=str(SEED), SEARCH=SEARCH,
               TODAY="expert", LR="1e-2", LR_END="1e-2", BUFFER_ROWS="100000", THREADS="1",
               OUT=out, RESULTS=results, BUILD=built(), PYTHON=sys.executable)
    env.update(extra)
    return subprocess.run(["bash", SCRIPT], env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def ran():
    d = tempfile.mkdtemp(prefix="cribsim-ei-")
    out, results = os.path.join(d, "out"), os.path.join(d, "results")
    done = run_script(out, results)
    assert done.returncode == 0, done.stderr[-3000:]
    yield out, results
    shutil.rmtree(d)


def teacher(net):
    return SEARCH.replace("hidden=plays", "hidden=nn") + f",net={net}"


def test_each_round_labels_with_the_search_of_the_round_before(ran):
    """Catches: a round whose labels come from the previous round's teacher (the search with
    the network of two rounds back, or START's every round), DAgger actors that are not the
    latest network, a round's games that are not its own (round r labels games r x 1,000,000
    on), a network trained from the wrong one (--init) or not on its round's labels. Each
    shard is labelled again here by cs_nn_labels with the teacher and actors the script's
    header promises, and must come out byte for byte; with round 0's network in place of
    round 1's, round 2's shard must not."""
    out, _ = ran
    labeller = os.path.join(built(), "cs_nn_labels")

    def label(r, net):
        path = os.path.join(out, f"relabel{r}.lab")
        actors = [teacher(net), f"nn:path={net}", f"nn:path={net}", *OTHERS]
        subprocess.run([labeller, "--teacher", teacher(net), *sum((["--actor", a] for a in actors), []),
                        "--seed", str(SEED), "--first", str(r * 1_000_000), "--games",
                        str(SHARD_GAMES), "--threads", "1", "-o", path], check=True,
                       capture_output=True)
        return open(path, "rb").read()

    nets = [os.path.join(out, f"round{r}.nn") for r in range(3)]
    for r in (1, 2):
        shard = open(os.path.join(out, "labels", f"r{r}", "s000.lab"), "rb").read()
        assert label(r, nets[r - 1]) == shard, f"round {r}'s shard"
    assert label(2, nets[0]) != open(os.path.join(out, "labels", "r2", "s000.lab"), "rb").read()
    # each network trained on from the one before, on its round's labels and the earlier ones
    assert "from label files r1, from round0.nn;" in train_nn.read_nn(nets[1])[1]
    assert "from label files r2+r1, from round1.nn;" in train_nn.read_nn(nets[2])[1]
    assert open(nets[0], "rb").read() == open(os.path.join(SRC, "strategies", "models",
                                                           "default.nn"), "rb").read()


def test_curve_measures_each_rounds_search_and_network_on_the_same_deals(ran):
    """Catches: a round measured with another seed or number of games than the others, the
    network's figures read from its opponent's side, a round's player that is not that round's
    network, a missing opponent or round. The curve has a row for each round (0 to 2), player
    (the search, the network) and opponent (expected, today's mc, the habit pool); the network
    rows against expected equal cribsim.analysis.exploit.measure of that round's file, played
    here, to the last digit."""
    out, results = ran
    rows = list(csv.DictReader(open(os.path.join(results, "expert_iteration.curve.csv"))))
    assert list(rows[0]) == exploit.CURVE_HEAD.split(",")
    assert [(int(r["round"]), r["player"], r["opponent"]) for r in rows] == [
        (k, p, o) for k in range(3) for p in ("search", "network")
        for o in ("expected", "mc-today", exploit.POOL_NAME)]
    for r in rows:
        assert int(r["games"]) == GAMES and int(r["seed"]) == EVAL_SEED
        assert float(r["low"]) <= float(r["win_rate"]) <= float(r["high"])
    for k in range(3):
        net = os.path.join(out, f"round{k}.nn")
        want = exploit.measure(f"nn:path={net}", "expected", GAMES, EVAL_SEED, 1)
        got = next(r for r in rows if (int(r["round"]), r["player"], r["opponent"]) ==
                   (k, "network", "expected"))
        assert got["win_rate"] == f"{want['rate']:.4f}", k
        assert got["points_a_deal"] == f"{want['points_a_deal']:.3f}", k
    assert os.path.getsize(os.path.join(results, "expert_iteration.png")) > 10_000
    record = list(csv.DictReader(open(os.path.join(results, "expert_iteration.rounds.csv"))))
    assert [(int(r["round"]), r["phase"]) for r in record] == [
        (0, "evaluate"), (1, "label"), (1, "train"), (1, "evaluate"), (2, "label"), (2, "train"),
        (2, "evaluate")]
    # the label phase names the teacher's network, the others the round's
    assert [r["network"] for r in record] == ["round0.nn", "round0.nn", "round1.nn", "round1.nn",
                                              "round1.nn", "round2.nn", "round2.nn"]
    assert all(float(r["peak_mb"]) > 0 and float(r["cpu_seconds"]) > 0 for r in record)


def test_a_finished_run_is_skipped_and_other_settings_are_refused(ran):
    """Catches: a resumed run that labels, trains or measures again what exists (the networks
    and the curve are left as they are), and a run with other settings mixed into the same
    folder (refused, status 2, nothing changed)."""
    out, results = ran
    files = [os.path.join(out, f"round{r}.nn") for r in (1, 2)] + [
        os.path.join(results, "expert_iteration.curve.csv")]
    before = [(os.stat(f).st_mtime_ns, open(f, "rb").read()) for f in files[:2]]
    curve = open(files[2], "rb").read()
    done = run_script(out, results)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "labelling" not in done.stderr and "training" not in done.stderr
    assert "evaluating" not in done.stderr
    assert [(os.stat(f).st_mtime_ns, open(f, "rb").read()) for f in files[:2]] == before
    assert open(files[2], "rb").read() == curve
    done = run_script(out, results, SHARD_GAMES=str(SHARD_GAMES + 1))
    assert done.returncode == 2 and "other settings" in done.stderr
    assert open(files[2], "rb").read() == curve


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))

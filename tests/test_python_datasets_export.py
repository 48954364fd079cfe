"""The datasets where machine learning reads them: cribsim-dataset's Parquet output read back by
pandas, polars and Hugging Face `datasets` equals its HDF5 output row for row, and the Minari
export (cribsim.io.export) gives datasets that minari.load_dataset reads, that pass the checks
Minari's own test suite applies to a dataset (every episode's observations and actions in
the spaces, one more observation than steps, the totals, the environment recovered from the
dataset), and whose episodes replay to the same games in the environment.

Run by ctest with the project's Python, or directly: .venv/bin/python
tests/test_python_datasets_export.py (pytest underneath). Exit status 77 (skipped) without
pyarrow, polars, datasets or minari (the extras parquet, minari and dataset-readers).
Nothing here contacts a remote hub: Minari writes to a temporary MINARI_DATASETS_PATH and
`datasets` runs offline with a temporary cache.
"""
import os
import sys
import tempfile

os.environ["HF_DATASETS_OFFLINE"] = "1"  # never the hub, before `datasets` is imported
os.environ["HF_HUB_OFFLINE"] = "1"

import numpy as np
import pytest

MISSING = [m for m in ("pyarrow", "polars", "datasets", "minari", "gymnasium")
           if __import__("importlib").util.find_spec(m) is None]
if MISSING and __name__ == "__main__":
    print(f"skipped: needs {', '.join(MISSING)} (pip install -e '.[parquet,minari,"
          "dataset-readers,rl]')")
    sys.exit(77)
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"needs {MISSING}")

from unittest import mock

import fixtures
from cribsim.io import dataset


def run_dataset(argv):
    try:
        return dataset.main(argv)
    except SystemExit as e:
        return e.code


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("runs")
    g, dl = fixtures.simulate(16, fixtures.rules(), seed=31, rotations=2)
    two = fixtures.write_run(str(d / "two.h5"), g, dl, seats=("alpha", "beta"),
                             attrs={"rotations": np.int32(2)})
    r = fixtures.rules(players=4, partnership=True, max_deals=4)
    g, dl = fixtures.simulate(8, r, seed=32)
    partners = fixtures.write_run(str(d / "partners.h5"), g, dl, rules_dict=r,
                                  seats=("alpha", "beta", "gamma", "beta"))
    return {"two": two, "partners": partners}


# ---- Parquet ----

def read_three_ways(path, cache):
    """The Parquet file's columns as numpy arrays through pandas, polars and `datasets`."""
    import datasets
    import pandas as pd
    import polars as pl
    frame = pd.read_parquet(path)
    by_pandas = {c: (np.stack(frame[c].to_numpy()) if frame[c].dtype == object
                     else frame[c].to_numpy()) for c in frame.columns}
    pframe = pl.read_parquet(path)
    by_polars = {c: pframe[c].to_numpy() for c in pframe.columns}
    hf = datasets.load_dataset("parquet", data_files=path, split="train",
                               cache_dir=cache).with_format("numpy")
    by_hf = hf[:]  # every column as numpy arrays (integers widened to int64 by the formatter)
    assert list(by_hf) == hf.column_names
    return {"pandas": by_pandas, "polars": by_polars, "datasets": by_hf}, hf.data.schema


@pytest.mark.parametrize("preset", ["two", "partners"])
@pytest.mark.parametrize("kind", ["discard", "play"])
def test_parquet_read_by_pandas_polars_and_datasets_equals_the_h5_rows(runs, preset, kind,
                                                                          tmp_path):
    h5, pq = str(tmp_path / "d.h5"), str(tmp_path / "d.parquet")
    assert run_dataset([runs[preset], "--kind", kind, "-o", h5]) == 0
    # row groups of 50 rows: the buffer carried between reading chunks of 3 games, several
    # groups and a shorter last one
    with mock.patch.object(dataset, "PARQUET_GROUP_ROWS", 50):
        assert run_dataset([runs[preset], "--kind", kind, "-o", pq, "--chunk-games", "3"]) == 0
    want = dataset.read(h5, names=False)
    rows = len(want["game"])
    assert rows > 100
    import pyarrow.parquet
    meta = pyarrow.parquet.ParquetFile(pq).metadata
    assert meta.num_row_groups == -(-rows // 50)
    readers, hf_schema = read_three_ways(pq, str(tmp_path / "hf"))
    # `datasets` keeps the file's Arrow types (uint8, fixed-size lists ...) in its table
    assert [f.type for f in hf_schema] == [f.type for f in dataset.arrow_schema(kind, [], {})]
    for reader, got in readers.items():
        assert list(got) == dataset.columns(kind), reader
        for name, t, w in dataset.SCHEMAS[kind]:
            assert got[name].shape == want[name].shape, (reader, name)
            assert np.array_equal(got[name], want[name]), (reader, name)
            if reader != "datasets":
                assert got[name].dtype == np.dtype(t), (reader, name)
    # the strategy table and the source facts travel in the file's metadata
    back = dataset.read(pq, names=True)
    assert np.array_equal(back["strategy"], dataset.read(h5, names=True)["strategy"])
    kv = {k.decode(): v.decode() for k, v in meta.metadata.items()}
    assert kv["kind"] == kind and kv["format_version"] == str(dataset.FORMAT_VERSION)
    assert kv["source"] == os.path.abspath(runs[preset])


def test_format_parquet_names_the_format_whatever_the_name(runs, tmp_path):
    out = str(tmp_path / "plays.bin")
    assert run_dataset([runs["two"], "--kind", "play", "-o", out, "--format", "parquet"]) == 0
    import pyarrow.parquet
    t = pyarrow.parquet.read_table(out)
    assert t.column_names == dataset.columns("play")
    assert run_dataset([runs["two"], "--kind", "play", "-o", out, "--format", "parquet"]) == 2
    assert os.listdir(tmp_path) == ["plays.bin"]  # refused: it exists, nothing else written


# ---- Minari ----

@pytest.fixture
def minari_root(tmp_path, monkeypatch):
    monkeypatch.setenv("MINARI_DATASETS_PATH", str(tmp_path / "minari"))
    return tmp_path / "minari"


def minari_checks(ds, env_kwargs):
    """The checks Minari's test suite applies to a dataset it made: the episodes at their
    indices and the totals, observations and actions in the spaces with one observation more
    than steps, rewards, terminations and truncations one a step, and the environment
    recovered from the dataset made with the same spec."""
    import minari
    storage = ds.storage
    assert ds.spec.dataset_id in minari.list_local_datasets()
    assert minari.load_dataset(ds.spec.dataset_id).spec.dataset_id == ds.spec.dataset_id
    episodes = list(storage.get_episodes(range(storage.total_episodes)))
    assert len(episodes) == storage.total_episodes == ds.total_episodes
    obs_space, act_space = storage.observation_space, storage.action_space
    steps = 0
    metas = list(storage.get_episode_metadata(range(storage.total_episodes)))
    for i, (ep, meta) in enumerate(zip(episodes, metas)):
        n = meta["total_steps"]
        steps += n
        assert meta["id"] == i
        assert len(ep["observations"]) == n + 1 and len(ep["actions"]) == n
        assert all(obs_space.contains(o) for o in ep["observations"])
        assert all(act_space.contains(a) for a in ep["actions"])
        assert len(ep["rewards"]) == len(ep["terminations"]) == len(ep["truncations"]) == n
        assert len(ep["infos"]["action_mask"]) == n + 1
    assert steps == storage.total_steps == ds.total_steps
    env = ds.recover_environment()
    assert env.spec.id == "cribsim/Cribbage-v0" and env.spec.kwargs == env_kwargs
    assert env.observation_space == obs_space and env.action_space == act_space


def seeds(ds):
    """The episodes' reset seeds, from Minari's episode metadata."""
    return [int(m["seed"]) for m in ds.storage.get_episode_metadata(range(ds.total_episodes))]


def replay(ds):
    """Each episode's actions stepped again in the recovered environment, reset with the
    episode's seed: the observations, masks, rewards and terminations must come back, every
    action must be legal, and the game must end exactly at the last step. Returns the games'
    records (info["game"] at the end)."""
    env = ds.recover_environment()
    records = []
    for ep, seed in zip(ds.iterate_episodes(), seeds(ds)):
        obs, info = env.reset(seed=seed)
        assert np.array_equal(obs, ep.observations[0])
        assert np.array_equal(info["action_mask"], ep.infos["action_mask"][0])
        for k, a in enumerate(ep.actions):
            assert info["action_mask"][a] == 1, "an action the seat could not take"
            obs, reward, terminated, truncated, info = env.step(int(a))
            assert np.array_equal(obs, ep.observations[k + 1])
            assert np.array_equal(info["action_mask"], ep.infos["action_mask"][k + 1])
            assert reward == ep.rewards[k] and terminated == ep.terminations[k]
            assert not truncated and not ep.truncations[k]
        assert terminated, "the episode stops before the game ends"
        records.append(info["game"])
    return records


def test_the_behaviour_policy_draws_every_legal_action_alike_and_nothing_else():
    """Catches: a policy that favours or never reaches a legal action (an index off by one:
    the last never drawn, or one past the end), or draws an illegal one."""
    export = pytest.importorskip("cribsim.io.export")
    mask = np.zeros(53, np.int8)
    mask[[3, 17, 52]] = 1
    rng = np.random.default_rng(7)
    draws = [export.random_policy(None, mask, rng) for _ in range(3000)]
    counts = {a: draws.count(a) for a in set(draws)}
    assert set(counts) == {3, 17, 52}
    assert all(900 <= c <= 1100 for c in counts.values()), counts


def test_minari_two_players_loads_passes_minari_checks_and_replays(minari_root):
    import minari
    from cribsim.io.export import export_minari
    [ds] = export_minari("cribsim/two/random-v0", games=4, seed=11, opponents=["greedy"])
    ds = minari.load_dataset("cribsim/two/random-v0")
    minari_checks(ds, {"rules": "two", "opponents": ["greedy"], "seat": 0, "reward": "win"})
    assert seeds(ds) == [11, 12, 13, 14]
    records = replay(ds)
    for ep, rec in zip(ds.iterate_episodes(), records):
        # reward "win": nothing until the last step, then +1 if seat 0 won the game, else -1
        assert np.all(ep.rewards[:-1] == 0)
        assert ep.rewards[-1] == (1.0 if rec["winner"] == 0 else -1.0)
        assert ep.terminations.sum() == 1 and ep.terminations[-1]
        # a game of two: the learner discards two cards one at a time in each deal, so its
        # episode holds at least the first deal's two discards
        assert len(ep.actions) >= 2
    # the same arguments make the same dataset
    from cribsim.io.export import export_minari as again
    [ds2] = again("cribsim/two/random-v1", games=4, seed=11, opponents=["greedy"])
    for a, b in zip(ds.iterate_episodes(), ds2.iterate_episodes()):
        assert np.array_equal(a.actions, b.actions)
        assert np.array_equal(a.observations, b.observations)


def test_minari_three_players_one_dataset_per_seat(minari_root):
    import minari
    from cribsim.io.export import export_minari
    out = export_minari("cribsim/three/random-v0", games=2, seed=5, rules="three",
                        opponents=["expected", "greedy"], seats=[0, 2])
    ids = [d.spec.dataset_id for d in out]
    assert ids == ["cribsim/three/random-seat0-v0", "cribsim/three/random-seat2-v0"]
    assert sorted(minari.list_local_datasets()) == ids
    for seat, d in zip([0, 2], out):
        minari_checks(d, {"rules": "three", "opponents": ["expected", "greedy"], "seat": seat,
                          "reward": "win"})
        replay(d)
    # seen from different seats, the same deal is a different episode
    a, b = (next(d.iterate_episodes()) for d in out)
    assert not np.array_equal(a.observations[0], b.observations[0])


def test_minari_refuses_bad_arguments_and_an_existing_id(minari_root):
    import minari
    from cribsim.io.export import export_minari, main
    export_minari("cribsim/two/x-v0", games=1, seed=1)
    before = minari.load_dataset("cribsim/two/x-v0").total_steps
    for kwargs in ({"games": 0}, {"games": 1, "seats": [2]}, {"games": 1, "seats": [0, 0]}):
        with pytest.raises(ValueError):
            export_minari("cribsim/two/y-v0", **kwargs)
    with pytest.raises(ValueError, match="no-version"):
        export_minari("no-version", games=1)
    with pytest.raises(ValueError, match="exists"):
        export_minari("cribsim/two/x-v0", games=2, seed=9)
    # refused before the old dataset is deleted, even with force
    for kwargs, what in (({"opponents": ["nosuch"]}, "nosuch"), ({"rules": "nosuch"}, "nosuch"),
                         ({"opponents": ["greedy", "greedy"]}, "opponents")):
        with pytest.raises(ValueError, match=what):
            export_minari("cribsim/two/x-v0", games=2, seed=9, force=True, **kwargs)
    assert sorted(minari.list_local_datasets()) == ["cribsim/two/x-v0"]
    assert minari.load_dataset("cribsim/two/x-v0").total_steps == before
    assert main(["--dataset-id", "cribsim/two/x-v0", "--games", "1"]) == 2
    assert main(["--dataset-id", "cribsim/two/x-v0", "--games", "2", "--force"]) == 0
    assert minari.load_dataset("cribsim/two/x-v0").total_episodes == 2


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

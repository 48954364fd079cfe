"""Minari datasets of learner-seat episodes from the Gymnasium environment (offline RL).

    cribsim-minari --dataset-id cribsim/two/random-v0 --games 100000 --seed 7 \\
                   [--rules two] [--opponents expected ...] [--seats 0,1] [--force]

    from cribsim.io.export import export_minari
    [ds] = export_minari("cribsim/two/random-v0", games=1000, seed=7, opponents=["expert"])

Farama's Minari is the offline-RL standard: a dataset is a folder under the local datasets
root (the environment variable MINARI_DATASETS_PATH, else ~/.minari/datasets) that
`minari.load_dataset(dataset_id)` reads and `dataset.recover_environment()` turns back into
the environment that made it. Nothing here contacts a remote hub.

An episode is one game seen from the learner's seat of `gymnasium.make("cribsim/Cribbage-v0",
rules=..., opponents=..., seat=...)`: the observations the seat was given (one more than its
steps: the terminating step's observation closes the list), its actions (its discards one
card at a time, its plays, its go), the rewards (reward="win" unless told: +1 for a won
game, -1 for a lost one, on the last step), the terminations (the last step) and, as the
step infos, `action_mask` (53 int8, the legal actions at each observation). The other seats
are played in C by `opponents`.

The learner's actions come from `policy(observation, action_mask, rng) -> action`, by default
uniform over the legal actions (`random_policy`). Episode i resets the environment with
seed + i (Minari records it in the episode's `seed`), and the policy draws from
numpy.random.default_rng([seed, seat]): the same arguments give the same dataset, and
replaying an episode's actions in an environment reset with its seed gives its observations,
rewards and terminations again.

Several seats: a game of three or four players is seen differently from each seat, so each
seat in `seats` gets its own dataset, `NAME-seatK` in place of NAME in the id (for example
cribsim/three/random-seat2-v0), made from its own games (the environment with the learner at
that seat; the same episode seeds). One seat keeps the id as given.

Streaming: the episodes are a generator given to minari.create_dataset_from_buffers, whose
HDF5 storage writes each episode as it comes (one file open for the whole dataset); nothing
holds more than one episode, so memory does not grow with the number of games
(analysis/DATASETS.md gives the measured peaks). Minari's DataCollector wrapper would do the
same a step at a time, but it needs jax (minari[create]) and opens the file once per episode.
A failure part way removes the partial dataset; --force deletes the old dataset first.

Terminating step: the dataset records what the environment returns. Gymnasium's contract is
that the terminating step's observation is the final one of the ended game; an environment
that returned the next game's first observation there would put that into the dataset's last
observation (the export never reads observations itself, so it needs no change either way).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import warnings

import numpy as np

from . import cliio

ENV_ID = "cribsim/Cribbage-v0"
# Minari's id syntax: (namespace/)(env_name/)dataset_name(-vN); a version is required here so
# that the per-seat names stay unambiguous.
_ID_RE = re.compile(r"(?P<head>(?:[\w.-]+/)*[\w.-]+?)-v(?P<version>\d+)")


def _minari():
    try:
        import minari
    except ImportError:
        raise cliio.BadInput("the Minari export needs minari: pip install 'cribsim[minari,rl]'")
    return minari


def random_policy(observation, action_mask, rng):
    """A legal action drawn uniformly (the default behaviour policy): the one at position
    int(u * count) of the legal actions in order, u uniform in [0, 1) from rng (rng.choice
    cost more than the environment's step and Minari's writing together)."""
    legal = action_mask.nonzero()[0]
    return int(legal[int(rng.random() * len(legal))])


def seat_dataset_id(dataset_id: str, seat: int, several: bool) -> str:
    """The id of one seat's dataset: dataset_id itself for a single seat, else NAME-seatK-vN
    for NAME-vN."""
    m = _ID_RE.fullmatch(dataset_id)
    if not m:
        raise ValueError(f"dataset id {dataset_id!r}: give (namespace/)(env/)NAME-vN, for "
                         "example cribsim/two/random-v0")
    if not several:
        return dataset_id
    return f"{m.group('head')}-seat{seat}-v{m.group('version')}"


def _check(games, seats, players):
    if not isinstance(games, (int, np.integer)) or games < 1:
        raise ValueError(f"games={games!r}: a positive whole number")
    for s in seats:
        if not isinstance(s, (int, np.integer)) or not 0 <= s < players:
            raise ValueError(f"seat {s!r}: the rules seat players 0 to {players - 1}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"seats {list(seats)}: a seat is named twice")


def export_minari(dataset_id: str, games: int, seed: int = 0, rules: str = "two",
                  opponents=("expected",), seats=None, reward: str = "win", policy=None,
                  force: bool = False, author: str | None = None, description: str | None = None):
    """Writes one Minari dataset per seat in `seats` (default: seat 0) of `games` episodes each
    into the local datasets root, and returns them (minari.MinariDataset, in seat order).
    `opponents` is one strategy spec for every other seat, or one per other seat, as for
    the environment. An existing dataset of the same id is refused unless force (then it is
    deleted before the new one is written). Bad arguments (a seat, a count, an id, a rules
    preset or a strategy spec) raise ValueError before anything is deleted or written; a
    failure while writing removes the partial dataset."""
    minari = _minari()
    import gymnasium
    from .. import envs  # registers cribsim/Cribbage-v0
    from .._core import State
    from ..game import rules_text

    players = State(rules, rules_text(None), 0, 0, "win").players()
    seats = [0] if seats is None else list(seats)
    _check(games, seats, players)
    seed = int(seed)
    if seed < 0:
        raise ValueError(f"seed={seed}: not negative")
    policy = random_policy if policy is None else policy
    ids = [seat_dataset_id(dataset_id, s, len(seats) > 1) for s in seats]
    existing = set(minari.list_local_datasets())
    for i in ids:
        if i in existing and not force:
            raise ValueError(f"Minari dataset {i} exists in {_root()} (give force=True / "
                             "--force to replace it)")
    opponents = [opponents] if isinstance(opponents, str) else list(opponents)
    # every seat's environment made first: a bad rules preset or spec is refused here
    made = [gymnasium.make(ENV_ID, rules=rules, opponents=opponents, seat=seat, reward=reward)
            for seat in seats]
    try:
        return [_write(minari, ds_id, env, games, seed, seat, policy, author, description or
                       _describe(rules, opponents, seat, games, seed, reward))
                for seat, ds_id, env in zip(seats, ids, made)]
    finally:
        for env in made:
            env.close()


def _write(minari, ds_id, env, games, seed, seat, policy, author, description):
    """One seat's dataset, written from the episodes generator; removed if it fails."""
    if ds_id in set(minari.list_local_datasets()):
        minari.delete_dataset(ds_id)
    try:
        with warnings.catch_warnings():
            # Minari asks for an author, an e-mail and a code link: the description says what
            # made the dataset, and nothing more is known here.
            warnings.filterwarnings("ignore", message=r"`(author|author_email|code_permalink)`")
            return minari.create_dataset_from_buffers(
                dataset_id=ds_id, env=env, buffer=episodes(env, games, seed, seat, policy),
                eval_env=env.spec, algorithm_name=getattr(policy, "__name__", "policy"),
                author=author, description=description, data_format="hdf5")
    except BaseException:
        with contextlib.suppress(Exception):
            minari.delete_dataset(ds_id)  # no partial dataset left under the id
        raise


def episodes(env, games, seed, seat, policy):
    """The learner's episodes (minari EpisodeBuffer), one game at a time: episode i reset
    with seed + i, actions from policy(observation, action_mask, rng) with
    rng = numpy.random.default_rng([seed, seat]). A generator: Minari's storage writes each
    episode as it comes, so only one is ever held."""
    from minari.data_collector import EpisodeBuffer
    rng = np.random.default_rng([seed, seat])
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        observations, masks = [obs], [info["action_mask"]]
        actions, rewards, terminations = [], [], []
        done = False
        while not done:
            action = policy(obs, info["action_mask"], rng)
            obs, reward, terminated, truncated, info = env.step(action)
            observations.append(obs)
            masks.append(info["action_mask"])
            actions.append(action)
            rewards.append(reward)
            terminations.append(terminated)
            done = terminated or truncated
        n = len(actions)
        yield EpisodeBuffer(
            id=i, seed=seed + i, observations=np.stack(observations),
            actions=np.asarray(actions, np.int64), rewards=np.asarray(rewards, np.float64),
            terminations=np.asarray(terminations, bool), truncations=np.zeros(n, bool),
            infos={"action_mask": np.stack(masks).astype(np.int8)})


def _describe(rules, opponents, seat, games, seed, reward):
    """The dataset's description: what made it (Minari keeps it in the dataset's metadata)."""
    from .. import __version__
    return (f"cribsim {__version__}: {games} games of {ENV_ID} (rules={rules!r}, "
            f"opponents={opponents!r}, "
            f"seat={seat}, reward={reward!r}), episode i reset with seed {seed} + i; the "
            "learner's actions from the behaviour policy; infos: action_mask")


def _root():
    return os.environ.get("MINARI_DATASETS_PATH") or os.path.join(
        os.path.expanduser("~"), ".minari", "datasets")


def _seats_arg(text):
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seats {text!r}: seat numbers separated by commas")


@cliio.tool("cribsim-minari")
def main(argv=None):
    p = argparse.ArgumentParser(
        description="Play games of the Gymnasium environment cribsim/Cribbage-v0 and write the "
        "learner seat's episodes as a Minari dataset (one per seat) into the local datasets "
        "root (MINARI_DATASETS_PATH, else ~/.minari/datasets), streaming.")
    p.add_argument("--dataset-id", required=True, metavar="ID",
                   help="(namespace/)(env/)NAME-vN, e.g. cribsim/two/random-v0; with several "
                   "seats each gets NAME-seatK-vN")
    p.add_argument("--games", type=int, required=True, metavar="N", help="episodes per seat")
    p.add_argument("--seed", type=int, default=0, help="episode i resets with seed + i")
    p.add_argument("--rules", default="two", help="a rules preset (default two)")
    p.add_argument("--opponents", nargs="+", default=["expected"], metavar="SPEC",
                   help="one strategy spec for every other seat, or one per other seat")
    p.add_argument("--seats", type=_seats_arg, default=[0], metavar="K[,K...]",
                   help="the learner's seats, one dataset each (default 0)")
    p.add_argument("--reward", default="win", help="the environment's reward (default win)")
    p.add_argument("--force", action="store_true", help="replace datasets of the same ids")
    args = p.parse_args(argv)
    try:
        out = export_minari(args.dataset_id, args.games, args.seed, args.rules, args.opponents,
                            args.seats, args.reward, force=args.force)
    except ValueError as e:
        raise cliio.BadInput(str(e))
    for ds in out:
        print(cliio.printable(f"wrote {ds.spec.dataset_id}: {ds.total_episodes} episodes, "
                              f"{ds.total_steps} steps, in {_root()}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

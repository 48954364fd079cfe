"""Steps a batch of games from Python, collects transitions and plots something from them.

    .venv/bin/python experiments/python/batch_transitions.py [-o OUT.png] [--steps N]

A uniformly random learner plays seat 0 against `expected` in 256 games at once (the C batch,
cribsim.envs.CribbageVectorEnv), with the `points` reward (each step: the learner's points
since its last decision minus the other side's). It keeps every transition (observation,
action, reward, done) in preallocated arrays, then plots the mean reward after a play by the
count the learner played onto, beside how often each count is met: where a careless play
gives points away.
"""
import argparse
import sys

import numpy as np

import cribsim.envs
from cribsim import _core


def collect(steps: int, games: int, seed: int):
    env = cribsim.envs.CribbageVectorEnv(num_envs=games, opponents=["expected"],
                                         reward="points")
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    o = np.empty((steps, games, _core.OBS_SIZE), np.uint8)
    a = np.empty((steps, games), np.int32)
    r = np.empty((steps, games), np.float32)
    d = np.empty((steps, games), bool)
    for t in range(steps):
        mask = info["action_mask"].astype(bool)
        # one uniform legal action a game: the first legal index past a random cut of each row
        keys = rng.random(mask.shape) * mask
        act = keys.argmax(axis=1).astype(np.int32)
        o[t], a[t] = obs, act
        obs, r[t], d[t], _, info = env.step(act)
    return o, a, r, d


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-o", "--output", default="batch_transitions.png")
    p.add_argument("--steps", type=int, default=400)
    p.add_argument("--games", type=int, default=256)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    o, a, r, d = collect(args.steps, args.games, args.seed)
    plays = (o[..., _core.OBS_PHASE + 1] == 1) & (a < 52)
    count = o[..., _core.OBS_COUNT][plays]
    reward = r[plays]
    print(f"{o.shape[0] * o.shape[1]:,} transitions, {int(d.sum()):,} games ended, "
          f"{int(plays.sum()):,} plays")
    means = np.array([reward[count == c].mean() if (count == c).any() else np.nan
                      for c in range(32)])
    seen = np.bincount(count, minlength=32)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar(range(32), means, color="tab:blue")
    ax.set_xlabel("count before the learner's card")
    ax.set_ylabel("mean reward to the learner's next decision")
    ax2 = ax.twinx()
    ax2.plot(range(32), seen, color="tab:orange", marker=".")
    ax2.set_ylabel("plays seen", color="tab:orange")
    ax.set_title("A random learner's plays against expected (points reward)")
    fig.tight_layout()
    fig.savefig(args.output, dpi=100)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

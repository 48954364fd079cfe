"""Steps a second of the Gymnasium environment from Python (the README's figure).

    .venv/bin/python experiments/python/bench_env.py [--seconds S] [--opponent SPEC]

One environment (`cribsim.envs.CribbageEnv`, without gymnasium.make's checking wrappers),
the learner choosing a uniform legal action from info["action_mask"] (the legal action with
the largest of 53 uniform keys, drawn a thousand steps at a time), resetting when a game ends;
and the same through gymnasium.make's wrappers. Prints steps a second, the choosing included.

    .venv/bin/python experiments/python/bench_env.py --vector [--games N] [--busy K]

The vector environment (`cribsim.envs.CribbageVectorEnv`, N games, default 256, random legal
actions from the masks, chosen with uint8 keys from 64 tables drawn once) on one thread and on
two, alternating, the best of three each, and the ratio; with --busy K it first starts K competing processes (each a loop on one core; 0:
one per core) and stops them at the end, so the figure is the one a machine busy with other
work gives.
"""
import argparse
import os
import subprocess
import sys
import time

import numpy as np

import cribsim.envs


def run(env, seconds: float) -> float:
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        keys = rng.random((1000, 53), dtype=np.float32) + 1.0  # > 0: a masked key stays 0
        for k in keys:
            obs, r, term, trunc, info = env.step(int((info["action_mask"] * k).argmax()))
            if term:
                obs, info = env.reset()
        steps += 1000
        now = time.perf_counter()
        if now >= deadline:
            return steps / (now - start)


def run_vector(games: int, threads: int, opponent: str, seconds: float) -> float:
    env = cribsim.envs.CribbageVectorEnv(num_envs=games, opponents=[opponent], threads=threads)
    # A random legal action a game at the least cost, so that the figure is the environment's:
    # the legal action with the largest of 53 keys from 1 to 255, the keys cycling through 64
    # tables drawn once (drawing 53 floats a game every step cost more than the step itself).
    keys = np.random.default_rng(0).integers(1, 256, size=(64, games, 53), dtype=np.uint8)
    obs, info = env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while True:
        mask = info["action_mask"].view(np.uint8)
        obs, r, term, trunc, info = env.step((mask * keys[steps // games & 63]).argmax(axis=1))
        steps += games
        now = time.perf_counter()
        if now - start >= seconds:
            return steps / (now - start)


def busy(k: int) -> list:
    """k processes each spinning on a core until killed (0: one per core)."""
    k = k or os.cpu_count() or 1
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(k)]


def vector_figure(args) -> None:
    competitors = busy(args.busy) if args.busy is not None else []
    try:
        one = two = 0.0
        for _ in range(3):
            one = max(one, run_vector(args.games, 1, args.opponent, args.seconds))
            two = max(two, run_vector(args.games, 2, args.opponent, args.seconds))
    finally:
        for c in competitors:
            c.kill()
            c.wait()
    load = f"{len(competitors)} competing processes" if competitors else "no competing process"
    print(f"CribbageVectorEnv, {args.games} games against {args.opponent}, {load}: one thread "
          f"{one:,.0f} steps a second, two threads {two:,.0f}: {two / one:.2f} times "
          f"(best of three each, alternating)")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--opponent", default="random")
    p.add_argument("--vector", action="store_true", help="the vector environment, 1 and 2 threads")
    p.add_argument("--games", type=int, default=256)
    p.add_argument("--busy", type=int, nargs="?", const=0, default=None,
                   help="start K competing processes first (no K: one per core)")
    args = p.parse_args(argv)
    if args.vector:
        vector_figure(args)
        return 0
    import gymnasium
    plain = cribsim.envs.CribbageEnv(opponents=[args.opponent])
    print(f"CribbageEnv against {args.opponent}: {run(plain, args.seconds):,.0f} steps a second")
    made = gymnasium.make(cribsim.envs.ENV_ID, opponents=[args.opponent])
    print(f"gymnasium.make (with its wrappers): {run(made, args.seconds):,.0f} steps a second")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Steps a second of the Gymnasium environment from Python (the README's figure).

    .venv/bin/python experiments/python/bench_env.py [--seconds S] [--opponent SPEC]

One environment (`cribsim.envs.CribbageEnv`, without gymnasium.make's checking wrappers),
the learner choosing a uniform legal action from info["action_mask"] (the legal action with
the largest of 53 uniform keys, drawn a thousand steps at a time), resetting when a game ends;
and the same through gymnasium.make's wrappers. Prints steps a second, the choosing included.
"""
import argparse
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


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--opponent", default="random")
    args = p.parse_args(argv)
    import gymnasium
    plain = cribsim.envs.CribbageEnv(opponents=[args.opponent])
    print(f"CribbageEnv against {args.opponent}: {run(plain, args.seconds):,.0f} steps a second")
    made = gymnasium.make(cribsim.envs.ENV_ID, opponents=[args.opponent])
    print(f"gymnasium.make (with its wrappers): {run(made, args.seconds):,.0f} steps a second")
    return 0


if __name__ == "__main__":
    sys.exit(main())

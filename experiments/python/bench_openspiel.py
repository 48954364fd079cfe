"""Random games a second through pyspiel's "cribsim" game (cribsim.openspiel) and through
cribsim.Game directly, the same loop, in one process (docs/python.md's figure).

    .venv/bin/python experiments/python/bench_openspiel.py [--games N] [--rules PRESET]

Each game from its start (the cut for deal), the caller drawing every chance outcome and
every decision uniformly with numpy; the two alternate three times and the best of each is
printed, with the ratio.
"""
import argparse
import time

import numpy as np
import pyspiel

import cribsim
import cribsim.openspiel  # noqa: F401  (registers "cribsim" with pyspiel)


def games_per_second(game, n: int) -> float:
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.integers(len(actions))])
    return n / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--rules", default="two")
    args = ap.parse_args()
    spiel = pyspiel.load_game("cribsim", {"rules": args.rules})
    direct = cribsim.Game(args.rules)
    best_spiel = best_direct = 0.0
    for _ in range(3):
        best_spiel = max(best_spiel, games_per_second(spiel, args.games))
        best_direct = max(best_direct, games_per_second(direct, args.games))
    print(f"{args.rules}: pyspiel {best_spiel:.0f} games/s, cribsim.Game {best_direct:.0f} "
          f"games/s ({best_spiel / best_direct:.2f} times)")


if __name__ == "__main__":
    main()

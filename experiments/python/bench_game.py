"""Random games a second through cribsim.Game against OpenSpiel's cribbage, in one process.

    .venv/bin/python experiments/python/bench_game.py [--rounds R] [--seconds S]
    (pyspiel from the extra: pip install -e ".[openspiel]")

Two players to 121, the caller drawing every random number (one uniform draw a node) and
choosing: at a chance node the outcome whose probability's share of [0, 1) holds the draw,
at a decision the legal action at position int(draw * count). Loops:

- "lists", the same loop for both games: `chance_outcomes()` walked against the draw,
  `legal_actions()` indexed;
- pyspiel "uniform": its chance outcomes indexed by int(draw * count), the fastest a caller
  can sample them in Python (they are equally likely);
- cribsim "no lists": `chance_outcome(draw)` and `legal_action(int(draw *
  num_legal_actions()))`, which answer from the C state without building a list.

The games run in turn, R rounds of S seconds each, so load on the machine falls on all
alike; each round's figures and the median ratio are printed, the headline being cribsim's
"no lists" over pyspiel's faster loop. The single Gymnasium environment (`CribbageEnv`, the
learner against `random`, which C plays; the learner's choice the same uniform draw over the
mask's legal actions) runs in the same rounds, its episodes a second over pyspiel's faster
loop's games. Then cribsim's seeded game (chance resolved by the
engine from the seed, as `cribsim run` deals) with the same uniform decisions.
"""
import argparse
import random
import statistics
import sys
import time


def sample(outcomes, u):
    """The outcome whose share of [0, 1) holds u (the caller sampling chance)."""
    for action, p in outcomes:
        u -= p
        if u < 0:
            return action
    return outcomes[-1][0]


def play(state, rng):
    draw = rng.random
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), draw()))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])


def play_uniform(state, rng):
    draw = rng.random
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(draw() * len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])


def play_no_lists(state, rng):
    draw = rng.random
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcome(draw()))
        else:
            state.apply_action(state.legal_action(int(draw() * state.num_legal_actions())))


def env_games_a_second(env, seconds, rng):
    """Episodes a second of the single Gymnasium environment, the learner choosing as the
    loops above do: the legal action at position int(draw * count) of the mask's."""
    draw = rng.random
    games, start = 0, time.perf_counter()
    while True:
        obs, info = env.reset(seed=games)
        term = False
        while not term:
            legal = info["action_mask"].nonzero()[0].tolist()
            obs, r, term, trunc, info = env.step(legal[int(draw() * len(legal))])
        games += 1
        now = time.perf_counter()
        if now - start >= seconds:
            return games / (now - start)


def games_a_second(new_state, seconds, rng, play=play):
    games, start = 0, time.perf_counter()
    while True:
        play(new_state(), rng)
        games += 1
        now = time.perf_counter()
        if now - start >= seconds:
            return games / (now - start)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seconds", type=float, default=2.0)
    args = p.parse_args(argv)
    import cribsim
    try:
        import pyspiel
    except ImportError:
        print("bench_game: needs pyspiel: pip install -e '.[openspiel]' (open-spiel)",
              file=sys.stderr)
        return 2
    ours, theirs = cribsim.Game("two"), pyspiel.load_game("cribbage")
    rng = random.Random(0)
    import cribsim.envs
    env = cribsim.envs.CribbageEnv(opponents=["random"])
    best, same, single = [], [], []
    for r in range(args.rounds):
        fast = games_a_second(ours.new_initial_state, args.seconds, rng, play_no_lists)
        a = games_a_second(ours.new_initial_state, args.seconds, rng)
        b = games_a_second(theirs.new_initial_state, args.seconds, rng)
        bu = games_a_second(theirs.new_initial_state, args.seconds, rng, play_uniform)
        e = env_games_a_second(env, args.seconds, rng)
        best.append(fast / max(b, bu))
        same.append(a / b)
        single.append(e / max(b, bu))
        print(f"round {r + 1}, games a second: cribsim no lists {fast:,.0f}, lists {a:,.0f}; "
              f"pyspiel lists {b:,.0f}, uniform {bu:,.0f}; the single environment {e:,.0f}")
    print(f"cribsim.Game (no lists) / pyspiel cribbage (its faster loop), random games, "
          f"caller sampling chance: {statistics.median(best):.2f} times "
          f"(median of {args.rounds} rounds)")
    print(f"the same list loop for both: {statistics.median(same):.2f} times")
    print(f"the single Gymnasium environment (the learner's steps from Python, the other seat "
          f"random in C) / pyspiel's faster loop: {statistics.median(single):.2f} times")
    seeds = iter(range(1 << 62))
    seeded = [games_a_second(lambda: ours.new_initial_state(seed=next(seeds)), args.seconds,
                             rng, loop) for loop in (play, play_no_lists)]
    print(f"cribsim.Game seeded (chance from the seed, in C): {seeded[0]:,.0f} games a second "
          f"with legal_actions(), {seeded[1]:,.0f} with legal_action(k)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

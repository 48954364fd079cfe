"""cribsim.State and cribsim.Strategy used carelessly or from several threads (issue 37).

Run by ctest with the project's Python, or directly: .venv/bin/python
tests/test_python_game_trust.py (pytest underneath). Each test names the bug it would catch.
"""
import sys
import threading

import numpy as np
import pytest

from cribsim.game import Game, Strategy

DETERMINISTIC = ["expected", "greedy"]


def decided_game(game, seed, specs, fresh):
    """Game `seed` decided by the strategies `specs` (one a seat): each seat's one Strategy
    throughout, or a new Strategy for every decision (fresh); returns the actions taken."""
    state = game.new_initial_state(seed=seed)
    own = [Strategy(s) for s in specs]
    taken = []
    while not state.is_terminal():
        seat = state.current_player()
        who = Strategy(specs[seat]) if fresh else own[seat]
        a = who.action(state)
        taken.append(a)
        state.apply_action(a)
    return taken, state.returns()


# ---- Strategy.action depends on the state alone ----

@pytest.mark.parametrize("spec", DETERMINISTIC)
def test_a_fresh_strategy_at_every_decision_plays_the_strategys_game(spec):
    """A fresh Strategy asked for the second card of a discard answers what the strategy
    alone would. Catches: the second card taken from the object's memory of the first
    (a fresh one raised or answered the ace of clubs)."""
    game = Game("two")
    for seed in range(4):
        alone = decided_game(game, seed, [spec, "greedy"], fresh=False)
        assert decided_game(game, seed, [spec, "greedy"], fresh=True) == alone


def test_the_second_card_is_the_other_card_of_the_strategys_discard():
    """Worked: at game 0 of seed 5, expected lays away two cards; laid by the learner in
    either order, a fresh Strategy answers the other one. Catches: a second card that is
    the first legal card, or depends on who laid the first."""
    game = Game("two")
    state = game.new_initial_state(seed=5)
    first = Strategy("expected").action(state)
    after = state.child(first)
    second = Strategy("expected").action(after)
    assert second != first and after.current_player() == state.current_player()
    swapped = state.child(second)
    assert Strategy("expected").action(swapped) == first


def test_one_strategy_stepping_twelve_games_in_turn_plays_each_as_alone():
    """Catches: a Strategy's memory of one game's discard answering for another game."""
    game = Game("two")
    alone = [decided_game(game, 100 + i, ["expected", "expected"], fresh=False)[0]
             for i in range(12)]
    shared = Strategy("expected")
    states = [game.new_initial_state(seed=100 + i) for i in range(12)]
    taken = [[] for _ in states]
    while not all(s.is_terminal() for s in states):
        for i, s in enumerate(states):
            if not s.is_terminal():
                a = shared.action(s)
                taken[i].append(a)
                s.apply_action(a)
    assert taken == alone


# ---- threads ----

def test_a_strategy_shared_by_threads_answers_right_or_refuses():
    """Three threads deciding with one Strategy: every answer is the one the strategy gives
    alone, and the calls that overlapped another raised RuntimeError saying to make one per
    thread. Catches: a Strategy used by two threads at once (illegal cards played)."""
    game = Game("two")
    states = [game.new_initial_state(seed=s) for s in range(3)]
    spec = "mc:samples=60"
    answers = [Strategy(spec).action(s) for s in states]
    shared, start = Strategy(spec), threading.Barrier(3)
    wrong, refused = [], []

    def work(i):
        start.wait()
        for _ in range(25):
            try:
                a = shared.action(states[i])
            except RuntimeError as e:
                refused.append(str(e))
                continue
            if a != answers[i]:
                wrong.append((i, a))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []
    assert refused and all("one per thread" in m for m in refused)


def test_a_state_does_not_change_while_a_strategy_decides_on_it():
    """Catches: apply_action from one thread while a Strategy reads the state in another."""
    state = Game("two").new_initial_state(seed=1)
    strategies = [Strategy("mc:samples=60") for _ in range(2)]
    start, refused, done = threading.Barrier(3), [], []

    def decide(s):
        start.wait()
        for _ in range(10):
            s.action(state)
        done.append(1)

    threads = [threading.Thread(target=decide, args=(s,)) for s in strategies]
    for t in threads:
        t.start()
    start.wait()
    history = state.history()
    while len(done) < 2:
        try:
            state.apply_action(-1)  # never legal: refused one way or the other
        except RuntimeError as e:
            refused.append(str(e))
        except ValueError:
            pass
    for t in threads:
        t.join()
    assert state.history() == history
    assert refused and all("Strategy is deciding" in m for m in refused)


# ---- actions, seats, seeds ----

@pytest.mark.parametrize("bad,error", [(9.6, TypeError), ("9", TypeError), (9.0, TypeError),
                                       (np.float64(9), TypeError), (None, TypeError),
                                       (True, TypeError), (2**32 + 9, ValueError),
                                       (2**64 + 9, ValueError), (-1, ValueError),
                                       (53, ValueError), (np.int64(-1), ValueError)])
def test_an_action_must_be_a_legal_integer_and_nothing_changes(bad, error):
    """Catches: 9.6, "9" or 2**32 + 9 played as card 9."""
    state = Game("two").new_initial_state(seed=0)
    while 9 not in state.legal_actions():
        state = Game("two").new_initial_state(seed=state.seed() + 1)
    before = (state.history(), state.observation_tensor().tobytes(), state.rewards())
    with pytest.raises(error):
        state.apply_action(bad)
    assert (state.history(), state.observation_tensor().tobytes(), state.rewards()) == before
    state.apply_action(np.int64(9))  # numpy's integers are integers
    assert state.history()[-1] == 9


@pytest.mark.parametrize("form,error", [(lambda a: a + 0.6, TypeError), (str, TypeError),
                                        (lambda a: 2**32 + a, ValueError)])
def test_the_aec_environment_refuses_what_the_state_refuses(form, error):
    """Catches: the AEC environment's int(action) playing 9.6 or "9" as card 9, or
    2**32 + 9 as 9."""
    import cribsim.envs
    env = cribsim.envs.aec_env(rules="two")
    env.reset(seed=0)
    state = env.unwrapped.state
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    before = state.history()
    with pytest.raises(error):
        env.step(form(legal))
    assert state.history() == before
    env.step(np.int64(legal))
    assert state.history()[-1] == legal


@pytest.mark.parametrize("method", ["observation_string", "information_state_string", "score",
                                    "observation_tensor"])
@pytest.mark.parametrize("seat", [-1, 2, 7])
def test_seats_the_game_does_not_have_are_refused(method, seat):
    """Catches: observation_string, information_state_string or score answering for seat 7."""
    state = Game("two").new_initial_state(seed=4)
    with pytest.raises(ValueError, match=f"player {seat}: the game has seats 0 to 1"):
        getattr(state, method)(seat)


@pytest.mark.parametrize("seed", [-1, 2**64 + 7, 2**64])
def test_seeds_outside_64_bits_are_refused_by_name(seed):
    """Catches: seed -1 dealt as 2**64 - 1 and 2**64 + 7 as 7."""
    game = Game("two")
    with pytest.raises(ValueError, match=f"seed {seed} is out of range"):
        game.new_initial_state(seed=seed)
    with pytest.raises(ValueError, match=f"game {seed} is out of range"):
        game.new_initial_state(seed=1, game=seed)
    with pytest.raises(TypeError):
        game.new_initial_state(seed=7.0)
    top = game.new_initial_state(seed=2**64 - 1)
    assert top.seed() == 2**64 - 1


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

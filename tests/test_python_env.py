"""The Python game and environments (cribsim.game, cribsim.envs) against the engine.

Run by ctest with the project's Python, or directly: CRIBSIM=build/cribsim .venv/bin/python
tests/test_python_env.py (pytest underneath). Each test names the bug it would catch.
"""
import os
import subprocess
import sys
import tempfile
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

import cribsim
import cribsim.envs
from cribsim import _core
from cribsim.game import CHANCE_PLAYER, GO, Game, Strategy

PRESETS = ["two", "three", "partners"]
CRIBSIM = os.environ.get("CRIBSIM")


def play_out(state, draw):
    """Plays a state to its end with draw(list of legal actions) -> action; returns the
    actions taken (chance outcomes included)."""
    taken = []
    while not state.is_terminal():
        a = draw(state.legal_actions() if not state.is_chance_node()
                 else [o for o, _ in state.chance_outcomes()])
        state.apply_action(a)
        taken.append(a)
    return taken


# ---- the same games as `cribsim run` ----

@pytest.mark.skipif(not CRIBSIM, reason="CRIBSIM (the built cribsim) not given")
def test_strategies_through_the_state_give_the_runs_games_rows():
    """Catches: a state that deals other cards than the run, a strategy stream other than
    the run's, a decision lost or asked twice on the way through the pauses."""
    import h5py
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.h5")
        subprocess.run([CRIBSIM, "run", "--seats", "random,expected", "--games", "12",
                        "--seed", "4242", "--threads", "1", "-o", out, "--quiet"], check=True)
        with h5py.File(out, "r") as f:
            rows = f["games"][:]
    game = Game("two")
    for row in rows:
        state = game.new_initial_state(seed=4242, game=int(row["game"]))
        seats = [Strategy("random"), Strategy("expected")]
        while not state.is_terminal():
            state.apply_action(seats[state.current_player()].action(state))
        rec = state.game_record()
        assert rec["game"] == row["game"]
        assert rec["first_dealer"] == row["first_dealer"]
        assert rec["deals"] == row["deals"]
        assert rec["winner"] == row["winner"]
        assert list(rec["score"]) == list(row["score"][:2])


# ---- the ecosystems' own checkers ----

@pytest.mark.parametrize("rules", PRESETS)
def test_pettingzoo_api_and_seed_tests_pass(rules):
    from pettingzoo.test import api_test, seed_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(cribsim.envs.aec_env(rules=rules), num_cycles=300)
        seed_test(lambda: cribsim.envs.aec_env(rules=rules), num_cycles=300)


@pytest.mark.parametrize("rules", PRESETS)
def test_gymnasium_env_checker_passes(rules):
    import gymnasium
    from gymnasium.utils.env_checker import check_env
    env = gymnasium.make(cribsim.envs.ENV_ID, rules=rules, opponents=["random"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("rules", PRESETS)
def test_vector_env_steps_the_batch_with_same_step_autoreset(rules):
    """Catches: rewards from the wrong seat, a done game not replaced, masks that let an
    illegal action through."""
    import gymnasium
    vec = gymnasium.make_vec(cribsim.envs.ENV_ID, num_envs=16, rules=rules,
                             opponents=["random"], vectorization_mode="vector_entry_point",
                             autoreset_mode="same_step")
    assert vec.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, info = vec.reset(seed=3)
    rng = np.random.default_rng(0)
    ends, total = 0, 0.0
    for _ in range(600):
        mask = info["action_mask"]
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rew, term, trunc, info = vec.step(acts)
        assert obs.shape == (16, _core.OBS_SIZE) and obs.dtype == np.uint8
        assert set(np.unique(rew[~term])) <= {0.0}  # the win reward comes only at the end
        assert set(np.unique(rew[term])) <= {-1.0, 0.0, 1.0}
        ends += int(term.sum())
        total += float(rew[term].sum())
    assert ends > 20
    bad = np.zeros(16, np.int32)  # card 0 (AC) is seldom legal everywhere at once
    mask = info["action_mask"]
    if not mask[:, 0].all():
        with pytest.raises(ValueError):
            vec.step(bad)


def test_gym_env_forfeits_an_illegal_action_and_says_so():
    env = cribsim.envs.CribbageEnv(opponents=["random"])
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, r, term, _, info = env.step(illegal)
    assert term and r == -1.0 and info["illegal_action"]
    raising = cribsim.envs.CribbageEnv(opponents=["random"], illegal="raise")
    _, info = raising.reset(seed=1)
    with pytest.raises(ValueError):
        raising.step(illegal)


# ---- properties ----

def knowledge_ok(state, known):
    """Every card any seat's observation shows is one that seat has seen."""
    for seat in range(state.get_game().num_players()):
        obs = state.observation_tensor(seat)
        shown = set()
        for plane in range(8):  # hand, discards, starter, pile, played by +0..+3
            shown |= set(np.flatnonzero(obs[52 * plane:52 * plane + 52]).tolist())
        assert shown <= known[seat], (seat, sorted(shown - known[seat]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=hs.sampled_from(PRESETS + ["five-card", "four"]), data=hs.data())
def test_random_legal_play_ends_with_the_engines_scores_and_never_leaks(rules, data):
    """Random chance outcomes and actions: the game ends; each seat only ever observes cards
    it saw (its own deal, the starter, the cards played); the batch environment, given the
    same seed and the learner's same actions, ends that game with the same scores."""
    game = Game(rules)
    n = game.num_players()
    seed = data.draw(hs.integers(0, 2**32), label="seed")
    state = game.new_initial_state()  # chance from hypothesis
    known = [set() for _ in range(n)]
    steps = 0
    while not state.is_terminal():
        cur = state.current_player()
        vis = state._core.visibility()
        options = (state.legal_actions() if cur != CHANCE_PLAYER
                   else [o for o, _ in state.chance_outcomes()])
        a = data.draw(hs.sampled_from(options)) if steps < 40 else options[steps % len(options)]
        phase = state.phase()
        state.apply_action(a)
        if a != GO and not (cur == CHANCE_PLAYER and phase == "cut-for-deal"):
            for s in range(n):
                if vis >> s & 1:
                    known[s].add(a)
        knowledge_ok(state, known)
        steps += 1
    assert steps > 10
    # the same game stepped by the C batch, every seat a learner
    seeded = game.new_initial_state(seed=seed)
    env = _core.Env(rules, None, [None] * n, 1, 1, "win")
    obs = np.zeros((1, _core.OBS_SIZE), np.uint8)
    mask = np.zeros((1, _core.ACTIONS), np.uint8)
    seat = np.zeros(1, np.int8)
    rew = np.zeros((1, 4), np.float32)
    done = np.zeros(1, np.uint8)
    env.reset(seed, obs, mask, seat)
    rng = np.random.default_rng(seed)
    while not seeded.is_terminal():
        assert seat[0] == seeded.current_player()
        assert np.array_equal(obs[0], seeded.observation_tensor())
        a = int(rng.choice(seeded.legal_actions()))
        seeded.apply_action(a)
        env.step(np.array([a], np.int32), obs, mask, seat, rew, done)
    assert done[0] == 1
    last = env.last_game(0)
    assert last == seeded.game_record()


@settings(max_examples=30, deadline=None)
@given(rules=hs.sampled_from(PRESETS), seed=hs.integers(0, 2**40), cut=hs.integers(5, 60))
def test_clones_are_independent_and_a_history_replays_to_an_equal_state(rules, seed, cut):
    """Catches: a clone sharing its game or agents with the original, a history that leaves
    out an action (a chance outcome, the second card laid away) or records one twice."""
    game = Game(rules)
    state = game.new_initial_state(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    before = [state.observation_tensor(s).copy() for s in range(game.num_players())]
    info = [state.information_state_string(s) for s in range(game.num_players())]
    clone = state.clone()
    for _ in range(25):
        if clone.is_terminal():
            break
        clone.apply_action(int(rng.choice(clone.legal_actions())))
    for s in range(game.num_players()):
        assert np.array_equal(state.observation_tensor(s), before[s])
        assert state.information_state_string(s) == info[s]
    replay = game.new_initial_state()  # unseeded: the chance outcomes come from the history
    for a in state.history():
        replay.apply_action(a)
    assert replay.current_player() == state.current_player()
    assert replay.legal_actions() == state.legal_actions()
    assert replay.game_record() == state.game_record()
    for s in range(game.num_players()):
        assert np.array_equal(replay.observation_tensor(s), before[s])
        assert replay.information_state_string(s) == info[s]


def test_information_state_hides_other_seats_cards_but_not_their_plays():
    game = Game("two")
    state = game.new_initial_state(seed=5)
    while state.phase() == "discard":
        state.apply_action(state.legal_actions()[0])
    while state.current_player() >= 0 and state.phase() == "play" and len(state.history()) < 20:
        state.apply_action(state.legal_actions()[0])
    s0, s1 = state.information_state_string(0), state.information_state_string(1)
    assert s0 != s1
    assert "dealt ?" in s0 and "dealt ?" in s1
    # the dealt cards seat 0 sees are exactly its observation's hand and discards so far
    tokens = s0.split()
    dealt0 = {tokens[i + 1] for i, t in enumerate(tokens) if t == "dealt" and tokens[i + 1] != "?"}
    obs = state.observation_tensor(0)
    own = np.flatnonzero(obs[0:52]).tolist() + np.flatnonzero(obs[52:104]).tolist() + \
        np.flatnonzero(obs[208:260]).tolist()
    assert dealt0 == {cribsim.game.card_text(c) for c in own}
    assert len(dealt0) == 6
    # seat 1's plays are public: each card seat 1 laid shows in seat 0's string
    played1 = [cribsim.game.card_text(c) for c in np.flatnonzero(obs[260:312])]
    assert played1 and all(f"1:{c}" in s0 for c in played1)


def test_bad_input_names_what_is_wrong():
    with pytest.raises(ValueError, match="unknown rules 'twoo'"):
        Game("twoo")
    with pytest.raises(ValueError, match="unknown rule 'tarrget'"):
        Game("two", set={"tarrget": 61})
    with pytest.raises(ValueError, match="unknown reward"):
        Game("two", reward="elo")
    with pytest.raises(ValueError, match="nosuch"):
        Strategy("nosuch")
    state = Game("two").new_initial_state(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(60)
    with pytest.raises(ValueError, match="opponents"):
        cribsim.envs.CribbageEnv(rules="three", opponents=["random", "random", "random"])


# ---- experiments/python/split_play.py ----

def test_split_play_asks_each_strategy_for_its_own_seat_and_phase():
    """Catches: split_play asking the laying-away strategy in the play (or the pegging one in
    the discard), the opponent deciding for the tested seat, or the margin read from the other
    seat: every decision goes to the strategy of its seat and phase, and a split of expected
    with itself gives expected's own game and margin."""
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "experiments",
                        "python", "split_play.py")
    spec = importlib.util.spec_from_file_location("split_play", path)
    split = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(split)

    class Asked:
        def __init__(self, spec, phase, seat):
            self.inner, self.phase, self.seat, self.calls = Strategy(spec), phase, seat, 0

        def action(self, state):
            assert state.current_player() == self.seat
            if self.phase:
                assert state.phase() == self.phase
            self.calls += 1
            return self.inner.action(state)

    game = Game("two")
    for seat in (0, 1):
        toss, peg = Asked("greedy", "discard", seat), Asked("random", "play", seat)
        other = Asked("expected", None, 1 - seat)
        split.play(game, toss, peg, other, 4, 2, seat)
        assert toss.calls >= 6 and peg.calls >= 12 and other.calls >= 18
        # the same game with expected at every decision of the seat
        both, greedy = Strategy("expected"), Strategy("greedy")
        r2, m2 = split.play(game, both, both, greedy, 4, 2, seat)
        state = game.new_initial_state(seed=4, game=2)
        while not state.is_terminal():
            who = both if state.current_player() == seat else greedy
            state.apply_action(who.action(state))
        assert m2 == state.score(seat) - state.score(1 - seat)
        assert r2 == (1.0 if m2 > 0 else 0.5 if m2 == 0 else 0.0)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

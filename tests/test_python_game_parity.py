"""cribsim.Game and cribsim.State against OpenSpiel's meaning of each method (issue 36).

Run by ctest with the project's Python, or directly: .venv/bin/python
tests/test_python_game_parity.py (pytest underneath). The comparisons with pyspiel itself run
when open-spiel is installed (the extra [openspiel]) and are skipped otherwise. Each test
names the bug it would catch.
"""
import copy
import pickle
import random
import sys

import numpy as np
import pytest

from cribsim.game import CHANCE_PLAYER, GO, TERMINAL_PLAYER, Game, State, Strategy

PRESETS = ["two", "three", "four", "partners", "five-card", "nz-tournament"]


def random_game(state, seed):
    """Plays state to the end with uniform choices; returns it."""
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ---- rewards: since the last step, not the running total ----

def test_points_rewards_are_each_steps_change_and_sum_to_the_returns():
    """Catches: rewards() giving the returns so far (the running total) instead of the
    reward of the last step; a step that resolves seeded chance losing his heels' points."""
    game = Game("two", reward="points")
    state = game.new_initial_state(seed=11)
    assert state.rewards() == [0.0, 0.0]
    total, before, steps_scoring_nothing = [0.0, 0.0], [0.0, 0.0], 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        now = state.returns()
        # the step's reward is exactly the returns' change over it
        assert state.rewards() == [now[0] - before[0], now[1] - before[1]]
        steps_scoring_nothing += now == before and now != [0.0, 0.0]
        total = [t + r for t, r in zip(total, state.rewards())]
        before = now
    assert total == state.returns()
    assert steps_scoring_nothing > 10  # steps whose reward is 0 while the returns are not


def test_a_hand_worked_step_rewards_the_points_it_scored():
    """The first two plays of game 0 of seed 3 (two players, points): the pone leads, the
    dealer answers; rewards() is what that one card scored, against the other seat. Catches:
    rewards accumulating over the deal."""
    state = Game("two", reward="points").new_initial_state(seed=3)
    expected = Strategy("expected")
    while state.phase() == "discard":
        state.apply_action(expected.action(state))
    seen = []
    while state.phase() == "play" and len(seen) < 8:
        mover = state.current_player()
        before = [state.score(s) for s in (0, 1)]
        state.apply_action(state.legal_actions()[0])
        gained = [state.score(s) - before[s] for s in (0, 1)]
        assert state.rewards() == [float(gained[0] - gained[1]), float(gained[1] - gained[0])]
        seen.append((mover, gained))
    assert any(g != [0, 0] for _, g in seen) and any(g == [0, 0] for _, g in seen)


@pytest.mark.parametrize("reward", ["win", "margin", "clips", "league"])
def test_terminal_rewards_come_once_at_the_last_step(reward):
    """Catches: a terminal reward repeated at every step, or missing at the last."""
    state = random_game(Game("three", reward=reward).new_initial_state(seed=5), 1)
    assert state.rewards() == state.returns()
    state = Game("three", reward=reward).new_initial_state(seed=5)
    state.apply_action(state.legal_actions()[0])
    assert state.rewards() == [0.0, 0.0, 0.0]


# ---- chance nodes ----

def test_legal_actions_at_a_chance_node_are_its_outcomes():
    """Catches: legal_actions() == [] at a chance node (OpenSpiel lists the outcomes)."""
    state = Game("two").new_initial_state()
    assert state.is_chance_node() and not state.is_player_node()
    assert state.legal_actions() == [0, 1]  # the cut: the seat that deals
    assert state.legal_actions(CHANCE_PLAYER) == [0, 1]
    assert state.legal_actions(0) == []
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    outcomes = state.chance_outcomes()
    assert state.legal_actions() == [a for a, _ in outcomes] == list(range(52))
    assert all(p == 1 / 52 for _, p in outcomes)
    state.apply_action(17)
    assert 17 not in state.legal_actions() and len(state.legal_actions()) == 51


def test_list_free_calls_answer_as_the_lists():
    """Catches: legal_action(k) or chance_outcome(u) answering other than the lists they
    replace (a wrong bit counted, the last outcome unreachable)."""
    state = Game("three").new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert state.num_legal_actions() == len(legal)
        assert [state.legal_action(k) for k in range(len(legal))] == legal
        with pytest.raises(IndexError):
            state.legal_action(len(legal))
        if state.is_chance_node():
            n = len(legal)
            assert state.chance_outcome(0.0) == legal[0]
            assert state.chance_outcome(1 - 1e-12) == legal[-1]
            assert state.chance_outcome((n - 1.5) / n) == legal[-2]
        state.apply_action(rng.choice(legal))
    assert state.legal_actions() == [] and state.num_legal_actions() == 0


# ---- seats ----

@pytest.mark.parametrize("method", ["observation_string", "information_state_string",
                                    "observation_tensor", "score", "legal_actions_mask"])
@pytest.mark.parametrize("rules,seat", [("two", 2), ("two", 5), ("two", -2), ("three", 3),
                                        ("partners", 4)])
def test_a_seat_the_game_does_not_have_raises_everywhere(method, rules, seat):
    """Catches: '' or an invented string for seat 5 where observation_tensor(5) raises."""
    state = Game(rules).new_initial_state(seed=2)
    with pytest.raises(ValueError, match="seat"):
        getattr(state, method)(seat)
    with pytest.raises(ValueError, match="seat"):
        state.legal_actions(seat)


# ---- the game's description ----

def test_game_type_parameters_and_bounds():
    """max_game_length for two players, worked: every deal ends with the last card's point,
    so at most 2 * 120 + 1 = 241 deals; a deal's decisions at most 2 * 2 discards + 8 cards
    played + a go at most twice a card = 4 + 8 * 3 = 28; 241 * 28 = 6,748. Chance: the cut,
    then 241 deals of 12 cards and a starter: 1 + 241 * 13 = 3,134. Catches: a missing
    method, a wrong bound, a Game its parameters do not make again."""
    game = Game("two", set={"target": 121}, reward="margin")
    assert game.max_game_length() == 6748
    assert game.max_chance_nodes_in_history() == 3134
    assert (game.min_utility(), game.max_utility()) == (-149.0, 149.0)
    assert (Game("four").min_utility(), Game("four").max_utility()) == (-1.0, 1.0)
    # each reward's range, to 121: points as margin (149), a clip 0 to 2, a league game from
    # -121 (skunked at no score) to 2
    ranges = {"win": (-1.0, 1.0), "margin": (-149.0, 149.0), "points": (-149.0, 149.0),
              "clips": (0.0, 2.0), "league": (-121.0, 2.0)}
    for reward, pair in ranges.items():
        g = Game("two", reward=reward)
        assert (g.min_utility(), g.max_utility()) == pair, reward
    assert Game(**game.get_parameters()) == game
    assert game.get_parameters() == {"rules": "two", "set": "target=121", "reward": "margin"}
    t = game.get_type()
    assert (t.dynamics, t.chance_mode, t.information) == (
        "sequential", "explicit_stochastic", "imperfect_information")
    assert t.utility == "zero_sum" and t.reward_model == "terminal"
    assert Game("three", reward="win").get_type().utility == "general_sum"
    assert Game("two", reward="points").get_type().reward_model == "rewards"
    assert t.provides_observation_tensor and t.provides_information_state_string
    assert pickle.loads(pickle.dumps(game)) == game


@pytest.mark.parametrize("rules", PRESETS)
def test_games_stay_within_the_bounds(rules):
    """Catches: a bound smaller than a game actually played."""
    for reward in ("margin", "league"):
        game = Game(rules, reward=reward)
        for seed in range(3):
            state = random_game(game.new_initial_state(seed=seed), seed)
            decisions = sum(1 for p, _ in state.full_history() if p != CHANCE_PLAYER)
            assert decisions <= game.max_game_length()
            assert len(state.history()) - decisions <= game.max_chance_nodes_in_history()
            assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


# ---- copies, serialisation, strings ----

@pytest.mark.parametrize("seeded", [True, False])
def test_serialize_pickle_and_deepcopy_give_the_same_state(seeded):
    """Catches: deepcopy or pickling refused or sharing the engine's state; a seeded state
    that deserialises without its seed; move_number not counting chance."""
    game = Game("three", reward="points")
    state = game.new_initial_state(seed=9) if seeded else game.new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.move_number() == len(state.history()) == len(state.full_history())
    for other in (game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state)),
                  copy.deepcopy(state), copy.copy(state)):
        assert type(other) is State and other.is_seeded == seeded
        assert other.history() == state.history()
        assert other.rewards() == state.rewards() and other.returns() == state.returns()
        for seat in range(3):
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert (other.observation_tensor(seat) == state.observation_tensor(seat)).all()
        other.apply_action(other.legal_actions()[0])
        assert other.move_number() > state.move_number()
        assert len(state.history()) == state.move_number()  # the original did not move
    assert state.serialize().startswith("seed 9 game 0\n") == seeded
    with pytest.raises(ValueError):
        game.deserialize_state("seed 9 game 0\n0\n99\n")
    for head in ("seed 9 deal 0", "seed 9 game", "unseeded 9 game 0 1"):
        with pytest.raises(ValueError, match=f"^deserialize_state: bad first line '{head}'$"):
            game.deserialize_state(f"{head}\n0\n1\n")


def test_information_state_strings_of_a_hand_dealt_deal():
    """An unseeded two-hand deal applied by hand: seat 1 deals (the cut), the cards go one at
    a time from the dealer's left, seat 0 the clubs A to 6 and seat 1 the diamonds; seat 0
    lays away 5C 6C, seat 1 5D 6D; the starter KS; seat 0 leads AC and seat 1 pairs it. Each
    seat sees the cut, its own cards and discards, '?' for the other's, the starter and every
    card laid. Catches: the cut written as a starter (or a deal), a card dealt or laid away
    shown to the wrong seat."""
    state = Game("two").new_initial_state()
    clubs, diamonds = [0, 4, 8, 12, 16, 20], [1, 5, 9, 13, 17, 21]
    for a in [1] + [c for pair in zip(clubs, diamonds) for c in pair]:
        state.apply_action(a)
    assert state.information_state_string(0) == "seat 0 dealer 1 " + " ".join(
        f"dealt {c} dealt ?" for c in ("AC", "2C", "3C", "4C", "5C", "6C"))
    for a in (16, 20, 17, 21, 51, 0, 1):
        state.apply_action(a)
    mine = " ".join(f"dealt {c} dealt ?" for c in ("AC", "2C", "3C", "4C", "5C", "6C"))
    theirs = " ".join(f"dealt ? dealt {c}" for c in ("AD", "2D", "3D", "4D", "5D", "6D"))
    assert state.information_state_string(0) == (
        f"seat 0 dealer 1 {mine} 0:5C 0:6C 1:? 1:? starter KS 0:AC 1:AD")
    assert state.information_state_string(1) == (
        f"seat 1 dealer 1 {theirs} 0:? 0:? 1:5D 1:6D starter KS 0:AC 1:AD")


def test_string_to_action_reads_what_action_to_string_writes():
    """Catches: a missing or lossy string_to_action."""
    state = Game("two").new_initial_state()
    assert state.action_to_string(CHANCE_PLAYER, 1) == "seat 1 deals"
    assert state.action_to_string(1) == "seat 1 deals"  # the acting player: chance
    # only chance's outcomes at the cut name a dealer; any other player's action 1 is AD
    assert [state.action_to_string(p, 1) for p in (0, 1, TERMINAL_PLAYER)] == ["AD"] * 3
    assert state.string_to_action(CHANCE_PLAYER, "seat 1 deals") == 1
    rng = random.Random(2)
    while not state.is_terminal():
        player = state.current_player()
        for a in state.legal_actions():
            text = state.action_to_string(player, a)
            assert state.string_to_action(player, text) == a
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.string_to_action(0, "go") == GO
    assert state.string_to_action(0, "10h") == 4 * 9 + 2
    with pytest.raises(ValueError):
        state.string_to_action(0, "11H")
    for bad in (53, -1):
        with pytest.raises(ValueError, match=rf"^action {bad}: actions are 0 to 52$"):
            state.action_to_string(0, bad)


def test_views_without_a_seat_are_the_acting_seats():
    """Catches: seat 0 taken for a chance or terminal node when no seat is named (or a node
    refused that is seat 0's)."""
    state = Game("two").new_initial_state()
    for name in ("observation_string", "information_state_string", "observation_tensor"):
        with pytest.raises(ValueError, match="at a chance or terminal node, name the player"):
            getattr(state, name)()
    state = Game("two").new_initial_state(seed=3)
    while state.current_player() != 0:
        state.apply_action(state.legal_actions()[0])
    assert state.observation_string() == state.observation_string(0)
    assert state.information_state_string() == state.information_state_string(0)
    assert np.array_equal(state.observation_tensor(), state.observation_tensor(0))


def test_state_methods_are_openspiels():
    """Catches: a method of pyspiel.State missing or with another meaning at the end."""
    state = random_game(Game("two").new_initial_state(seed=1), 1)
    assert state.current_player() == TERMINAL_PLAYER and state.is_terminal()
    assert not state.is_player_node() and not state.is_chance_node()
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    assert not state.is_simultaneous_node()
    assert state.get_game() == Game("two")
    assert state.full_history()[0].player == CHANCE_PLAYER


# ---- against pyspiel itself ----

def test_the_meanings_are_pyspiels():
    """With OpenSpiel's own cribbage: at a chance node legal_actions() lists the outcomes,
    move_number counts chance outcomes, serialize writes one action a line, a bad seat raises,
    and rewards() sums to returns(). Catches: a meaning taken from the wrong place."""
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game("cribbage").new_initial_state()
    ours = Game("two").new_initial_state()
    assert theirs.is_chance_node() and ours.is_chance_node()
    assert theirs.legal_actions() == [a for a, _ in theirs.chance_outcomes()]
    assert ours.legal_actions() == [a for a, _ in ours.chance_outcomes()]
    for s in (theirs, ours):
        s.apply_action(s.legal_actions()[0])
        assert s.move_number() == 1 and s.serialize().endswith(f"{s.history()[-1]}\n")
    with pytest.raises(Exception):
        theirs.observation_string(5)
    with pytest.raises(ValueError):
        ours.observation_string(5)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

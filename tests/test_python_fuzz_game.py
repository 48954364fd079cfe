"""Random call sequences, valid and invalid, against cribsim.Game, State, Strategy and _core
(issue 37's fuzzer; tests/test_python_fuzz_env.py does the same for the environments).

A hypothesis state machine keeps a few states of one game (made seeded or not, by the Game, by
`_core.State` directly, by clone, copy, deepcopy, pickle and deserialize_state) and drives them
with legal actions and chance outcomes, strategies' decisions, re-initialisation, and calls
that must be refused: actions and outcomes that are not legal or not integers, seats the game
does not have, seeds outside 64 bits, bad rules, bad serialised text, a Strategy asked at a
chance node or at the end. Invariants, after every call:
- nothing crashes the interpreter (the machine runs in this process);
- a refused call raises TypeError, ValueError or RuntimeError and changes nothing: the state's
  serialize(), history, observation of every seat, legal actions, returns and rewards as before;
- each state is its own: its history is what was done to it, whatever was done to the others;
- each state equals the replay of its history on a fresh state of the same game and seed (the
  same serialize(), observations of every seat, legal actions, returns, rewards), and the
  rewards() of the replay's steps sum to its returns();
- a seeded game decided at every seat by the run's strategies ends as `cribsim run` of the same
  seats and seed ends it (winner and scores of the /games row), when CRIBSIM names the binary.
A bounded, derandomized example count keeps it to seconds and the same in every CI run. Run by
ctest, or directly: CRIBSIM=build/cribsim .venv/bin/python tests/test_python_fuzz_game.py
"""
import copy
import functools
import os
import pickle
import subprocess
import sys
import tempfile

import numpy as np
import pytest
from hypothesis import HealthCheck, settings, strategies as hs
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule)

from cribsim import _core
from cribsim.game import Game, State, Strategy
from test_python_game_trust import decided_game

PRESETS = ["two", "three", "four", "partners", "five-card", "nz-tournament"]
REFUSED = (TypeError, ValueError, RuntimeError)
BAD_SEEDS = [-1, 2**64, 2**64 + 7, 1.5, "3", True, [1]]
BAD_ACTIONS = [-1, 53, 2**32 + 9, 2**64, -2**70, 9.6, "9", True, None, [1], np.float32(3)]
BAD_SEATS = [-1, 4, 7, 2**64, 1.0, True, "0", None]
SPECS = ["random", "expected", "greedy"]
# The games compared with `cribsim run`: its seats by preset, and the seeds. A random
# strategy's stream goes on in its Strategy object, so only one Strategy a seat for the whole
# game plays the run's game; strategies without randomness may be asked fresh at every turn,
# shared between seats and games.
RUN_SEATS = {"two": "random,expected", "three": "greedy,random,expected",
             "partners": "expected,random,greedy,random"}
FIXED_SEATS = {"two": "expected,greedy", "three": "greedy,expected,greedy",
               "partners": "expected,greedy,greedy,expected"}
RUN_SEEDS = [7, 4242, 2**63 + 5]
CRIBSIM = os.environ.get("CRIBSIM")


def refused(call):
    """call() must raise one of REFUSED."""
    with pytest.raises(REFUSED):
        call()


def snapshot(state):
    """Everything a caller can read of a state (the C methods, so _core.State too)."""
    n = state.players()
    obs = []
    for seat in range(n):
        buf = np.zeros(_core.OBS_SIZE, np.uint8)
        state.observe(seat, buf)
        obs.append(buf.tobytes())
    text = state.serialize() if isinstance(state, State) else None
    info = [state.information_state_string(s) for s in range(n)] if isinstance(state, State) \
        else None
    return (text, state.history(), state.moves(), state.current_player(), state.legal_actions(),
            state.chance_outcomes(), state.returns(), state.rewards(), obs,
            [state.describe(s) for s in range(n)], info, state.game(), state.phase(),
            state.is_seeded, state.seed(), [state.score(s) for s in range(n)])


def replay(state, game):
    """A fresh state of the same game, seed and game index (made as the Game makes one) with
    state's history applied, and the sum of its rewards() over the steps (the first included)."""
    seeded, index = state.is_seeded, state.game()["game"]
    if isinstance(state, State):
        fresh = State(game.rules, game.set, state.seed(), index, game.reward, owner=game,
                      seeded=seeded)
    else:
        fresh = _core.State(game.rules, game.set, state.seed(), index, game.reward, None, seeded)
    history = state.history()
    total = np.array(fresh.rewards())
    while fresh.move_number() < len(history):  # seeded: chance outcomes resolve themselves
        fresh.apply_action(history[fresh.move_number()])
        total += fresh.rewards()
    return fresh, total


@functools.lru_cache(maxsize=None)
def run_rows(rules, seats, seed):
    """The /games row of `cribsim run --games 1` with the seats and the seed."""
    import h5py
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.h5")
        subprocess.run([CRIBSIM, "run", "--rules", rules, "--seats", seats,
                        "--games", "1", "--seed", str(seed), "--threads", "1", "-o", out,
                        "--quiet"], check=True)
        with h5py.File(out, "r") as f:
            return {int(r["game"]): (int(r["first_dealer"]), int(r["deals"]), int(r["winner"]),
                                     [int(x) for x in r["score"]]) for r in f["games"][:]}


def same_as_run(rules, seats, seed, record):
    """The state's game record is the run's row of the same game."""
    row = run_rows(rules, seats, seed)[int(record["game"])]
    n = len(record["score"])
    assert (record["first_dealer"], record["deals"], record["winner"],
            list(record["score"])) == (row[0], row[1], row[2], row[3][:n])


class Games(RuleBasedStateMachine):
    """self.states: [state, ...], each with self.model[i], the history done to it; self.pure[i]:
    the (rules, seed) of a run whose game it is while only FIXED_SEATS's strategies decide."""

    @initialize(rules=hs.sampled_from(PRESETS), reward=hs.sampled_from(list(_core.REWARDS)),
                seeded=hs.sampled_from(["no", "any", "run"]),
                seed=hs.integers(0, 2**64 - 1), index=hs.integers(0, 2**64 - 1))
    def make(self, rules, reward, seeded, seed, index):
        if seeded == "run" and CRIBSIM:
            rules = rules if rules in FIXED_SEATS else "two"
            seed, index = RUN_SEEDS[seed % len(RUN_SEEDS)], 0
        self.game = Game(rules, reward=reward)
        self.n = self.game.num_players()
        state = self.game.new_initial_state(seed=None if seeded == "no" else seed, game=index)
        self.states, self.model, self.pure = [], [], []
        self.add(state, (rules, seed) if seeded == "run" and CRIBSIM else None)
        self.strategies = [Strategy(s) for s in SPECS]

    def add(self, state, pure=None):
        if len(self.states) >= 4:  # keep the invariants' replays cheap
            self.states.pop(0), self.model.pop(0), self.pure.pop(0)
        self.states.append(state)
        self.model.append(state.history())
        self.pure.append(pure)

    def pick(self, i):
        k = i % len(self.states)
        return k, self.states[k]

    def done(self, k):
        """What was just done to state k is its history from now on."""
        self.model[k] = self.states[k].history()

    def unchanged_after(self, state, call):
        before = snapshot(state)
        refused(call)
        assert snapshot(state) == before

    # ---- valid calls ----

    @rule(i=hs.integers(0, 3), pick=hs.integers(0, 52), steps=hs.integers(1, 80))
    def step(self, i, pick, steps):
        """Legal actions and chance outcomes, several at once to reach the play and the end."""
        k, state = self.pick(i)
        for j in range(steps):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal == ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                             else legal)
            state.apply_action(np.int64(legal[(pick + j) % len(legal)]) if j % 2
                               else legal[(pick + j) % len(legal)])
        self.pure[k] = None
        self.done(k)

    @rule(i=hs.integers(0, 3), steps=hs.integers(1, 400), fresh=hs.booleans())
    def strategies_decide(self, i, steps, fresh):
        """The seats' strategies decide (a run's seats for a run's game, else any, shared by
        the seats and the states); at the end a run's game is the run's."""
        k, state = self.pick(i)
        pure = self.pure[k]
        specs = FIXED_SEATS[pure[0]].split(",") if pure else None
        for j in range(steps):
            if state.is_terminal() or state.is_chance_node():
                break
            seat = state.current_player()
            if specs:
                who = Strategy(specs[seat]) if fresh else self.strategies[SPECS.index(specs[seat])]
            else:
                who = self.strategies[(seat + j) % len(SPECS)]
            state.apply_action(who.action(state))
        self.done(k)
        if pure and state.is_terminal():
            same_as_run(pure[0], FIXED_SEATS[pure[0]], pure[1], state.game_record())

    @rule(i=hs.integers(0, 3), how=hs.sampled_from(["clone", "copy", "deepcopy", "pickle",
                                                     "deserialize", "child"]))
    def copy_state(self, i, how):
        k, state = self.pick(i)
        if how == "child":
            if state.is_terminal() or not isinstance(state, State):
                return
            legal = state.legal_actions()
            new = state.child(legal[-1])
            pure = None
        else:
            if not isinstance(state, State) and how != "clone":
                return
            new = {"clone": state.clone, "copy": lambda: copy.copy(state),
                   "deepcopy": lambda: copy.deepcopy(state),
                   "pickle": lambda: pickle.loads(pickle.dumps(state)),
                   "deserialize": lambda: self.game.deserialize_state(state.serialize())}[how]()
            assert type(new) is type(state)
            assert snapshot(new) == snapshot(state)
            pure = self.pure[k]
        assert new is not state
        self.add(new, pure)

    @rule(seed=hs.integers(0, 2**64 - 1), index=hs.integers(0, 2**64 - 1),
          seeded=hs.booleans())
    def core_state(self, seed, index, seeded):
        """A _core.State made directly (no Game: get_game() is None)."""
        g = self.game
        args = (g.rules, g.set, seed, index, g.reward, None, seeded)
        state = _core.State(*args)
        assert state.get_game() is None
        self.add(state)

    @rule(i=hs.integers(0, 3), seed=hs.integers(0, 2**64 - 1), index=hs.integers(0, 3),
          seeded=hs.booleans())
    def reinit(self, i, seed, index, seeded):
        """__init__ again on a live state: a fresh game in the same object."""
        k, state = self.pick(i)
        g = self.game
        owner = g if isinstance(state, State) else None
        state.__init__(g.rules, g.set, seed, index, g.reward, owner, seeded)
        assert state.is_seeded == seeded and state.game()["game"] == index
        self.pure[k] = None
        self.done(k)

    # ---- invalid calls: refused, nothing changed ----

    @rule(i=hs.integers(0, 3), action=hs.sampled_from(BAD_ACTIONS))
    def bad_action(self, i, action):
        _, state = self.pick(i)
        self.unchanged_after(state, lambda: state.apply_action(action))

    @rule(i=hs.integers(0, 3), pick=hs.integers(0, 52),
          form=hs.sampled_from([float, lambda a: a + 0.6, str, lambda a: [a], np.float64,
                                lambda a: a + 2**32, lambda a: a - 2**64, bool]))
    def legal_action_in_a_bad_form(self, i, pick, form):
        """A legal action (or outcome) as a float, a str, a list, a bool or out of range."""
        _, state = self.pick(i)
        legal = state.legal_actions()
        if legal:
            a = form(legal[pick % len(legal)])
            self.unchanged_after(state, lambda: state.apply_action(a))

    @rule(i=hs.integers(0, 3), pick=hs.integers(0, 52))
    def illegal_action(self, i, pick):
        """An action in range that is not legal now: at a chance node an outcome that is not
        one (a card already dealt, a seat the game does not have at the cut), at the end any."""
        _, state = self.pick(i)
        illegal = sorted(set(range(_core.ACTIONS)) - set(state.legal_actions()))
        a = illegal[pick % len(illegal)]
        self.unchanged_after(state, lambda: state.apply_action(a))
        self.unchanged_after(state, lambda: state.apply(a))

    @rule(i=hs.integers(0, 3), seat=hs.sampled_from(BAD_SEATS),
          method=hs.sampled_from(["observation_tensor", "observation_string",
                                  "information_state_string", "score", "legal_actions",
                                  "legal_actions_mask", "observe", "describe"]))
    def bad_seat(self, i, seat, method):
        _, state = self.pick(i)
        if seat is None and method not in ("score", "observe", "describe"):
            return  # None is the player to act there; at chance or the end it raises too
        if seat == -1 and method.startswith("legal_actions"):
            return  # chance's (OpenSpiel's kChancePlayerId): the outcomes at a chance node
        if method == "observe":
            call = lambda: state.observe(seat, np.zeros(_core.OBS_SIZE, np.uint8))
        elif not hasattr(state, method):
            return
        else:
            call = lambda: getattr(state, method)(seat)
        self.unchanged_after(state, call)

    @rule(i=hs.integers(0, 3), size=hs.sampled_from([0, 52, 511, 513]),
          dtype=hs.sampled_from([np.uint8, np.float32]))
    def bad_buffer(self, i, size, dtype):
        _, state = self.pick(i)
        if size == _core.OBS_SIZE and dtype == np.uint8:
            return
        self.unchanged_after(state, lambda: state.observe(0, np.zeros(size, dtype)))
        wrong = {0: 0, 52: 52, 511: 54, 513: 1}[size]  # the mask is ACTIONS (53) bytes
        self.unchanged_after(state, lambda: state.mask(np.zeros(wrong, dtype)))

    @rule(i=hs.integers(0, 3), args=hs.sampled_from([
        dict(seed=-1), dict(seed=2**64), dict(seed=1.5), dict(seed="3"), dict(game=-1),
        dict(game=2**64 + 1), dict(rules="seven"), dict(rules=7), dict(reward="elo"),
        dict(set="target=abc"), dict(set="nosuch=1")]))
    def bad_reinit(self, i, args):
        _, state = self.pick(i)
        g = self.game
        full = dict(rules=g.rules, set=g.set, seed=1, game=0, reward=g.reward, seeded=True)
        full.update(args)
        self.unchanged_after(state, lambda: state.__init__(**full))

    @rule(seed=hs.sampled_from(BAD_SEEDS), where=hs.sampled_from(["seed", "game"]))
    def bad_seed(self, seed, where):
        refused(lambda: self.game.new_initial_state(**{where: seed}))
        refused(lambda: _core.State(self.game.rules, None, **{where: seed}))

    @rule(i=hs.integers(0, 3), damage=hs.sampled_from(
        ["word", "float", "illegal", "seedword", "badseed", "short", "other_outcome",
         "not_str", "extra"]))
    def bad_deserialize(self, i, damage):
        """Text deserialize_state must refuse; the state it came from does not change."""
        _, state = self.pick(i)
        if not isinstance(state, State):
            return
        lines = state.serialize().splitlines()
        head = lines[:1] if state.is_seeded else []
        body = lines[1:] if state.is_seeded else lines
        if damage == "word":
            text = "\n".join(head + body + ["go"])
        elif damage == "float":
            text = "\n".join(head + body + ["9.5"])
        elif damage == "illegal":
            illegal = sorted(set(range(_core.ACTIONS)) - set(state.legal_actions()))
            text = "\n".join(head + body + [str(illegal[0])])
        elif damage == "seedword":
            text = "seed x game 0\n"
        elif damage == "badseed":
            text = f"seed {-1 if len(body) % 2 else 2**64} game 0\n"
        elif damage == "short":
            text = "seed 3 game\n"
        elif damage == "other_outcome":  # a seeded game's first dealer other than the seed's
            if not state.is_seeded:
                return
            text = "\n".join(head + [str(1 - int(body[0]))] + body[1:])
        elif damage == "not_str":
            text = 5
        else:  # a move after the end
            if not state.is_terminal():
                return
            text = "\n".join(head + body + ["0"])
        before = snapshot(state)
        refused(lambda: self.game.deserialize_state(text))
        assert snapshot(state) == before

    @rule(i=hs.integers(0, 3), s=hs.integers(0, len(SPECS) - 1))
    def strategy_anywhere(self, i, s):
        """Strategy.action on any state, chance and terminal ones too: a legal action of the
        seat to act, or refused; the state does not change either way."""
        _, state = self.pick(i)
        before = snapshot(state)
        if state.is_chance_node() or state.is_terminal():
            refused(lambda: self.strategies[s].action(state))
        else:
            assert self.strategies[s].action(state) in state.legal_actions()
        assert snapshot(state) == before

    @rule(i=hs.integers(0, 3), bad=hs.sampled_from(["nosuch", "", "mc:samples=-1", 5, None,
                                                     "random:x=1"]))
    def bad_strategy(self, i, bad):
        """A bad spec is refused, in a new Strategy and in __init__ again; an uninitialised one
        and a non-state refuse; a Strategy keeps working after each."""
        refused(lambda: Strategy(bad))
        core = self.strategies[i % len(SPECS)]._core
        spec = core.spec
        refused(lambda: core.__init__(bad))
        assert core.spec == spec
        blank = _core.Strategy.__new__(_core.Strategy)
        _, state = self.pick(i)
        refused(lambda: blank.act(state))
        refused(lambda: core.act("state"))
        refused(lambda: core.act(_core.State.__new__(_core.State)))

    @rule()
    def uninitialised_state(self):
        blank = _core.State.__new__(_core.State)
        for call in (blank.current_player, blank.legal_actions, blank.history, blank.clone,
                     blank.returns, lambda: blank.apply_action(0), lambda: blank.score(0)):
            refused(call)

    # ---- invariants ----

    @invariant()
    def each_state_is_its_history_replayed(self):
        for k, state in enumerate(self.states):
            assert state.history() == self.model[k], "a state changed by a call on another"
            fresh, total = replay(state, self.game)
            assert snapshot(fresh) == snapshot(state)
            # rewards are the returns' differences, thirds for a four-hand game: float rounding
            assert list(total) == pytest.approx(state.returns(), abs=1e-4)
            if isinstance(state, State):
                assert self.game.deserialize_state(state.serialize()).history() == \
                    state.history()


Games.TestCase.settings = settings(max_examples=100, stateful_step_count=30, deadline=None,
                                   derandomize=True, database=None,
                                   suppress_health_check=[HealthCheck.too_slow])
TestGames = Games.TestCase


@pytest.mark.skipif(not CRIBSIM, reason="CRIBSIM (the built cribsim) not given")
@pytest.mark.parametrize("rules", sorted(RUN_SEATS))
@pytest.mark.parametrize("seed", RUN_SEEDS)
@pytest.mark.parametrize("seats, fresh", [(RUN_SEATS, False), (FIXED_SEATS, True)])
def test_strategies_deciding_through_the_state_end_as_the_run(rules, seed, seats, fresh):
    """The seed's game decided by the strategies (one Strategy a seat; or, without
    randomness, a new one every decision) ends with the run's first dealer, deals, winner
    and scores."""
    game = Game(rules)
    taken, _ = decided_game(game, seed, seats[rules].split(","), fresh)
    state = game.new_initial_state(seed=seed)
    for a in taken:
        state.apply_action(a)
    assert state.is_terminal()
    same_as_run(rules, seats[rules], seed, state.game_record())


def test_an_unseeded_state_keeps_its_game_index_and_seed_through_serialize():
    """Found by the machine: serialize() wrote nothing for an unseeded state, so deserialize,
    pickle and deepcopy made game 0 of seed 0 of game 5 of seed 9 (its record and its seats'
    random streams); and deserialize_state(5) raised AttributeError."""
    game = Game("two")
    state = State("two", None, 9, 5, "win", owner=game)
    for a in (1, *range(12)):  # seat 1 deals; twelve cards dealt
        state.apply_action(a)
    assert state.serialize().splitlines()[0] == "unseeded 9 game 5"
    for copied in (game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state)),
                   copy.deepcopy(state)):
        assert (copied.seed(), copied.game_record()["game"]) == (9, 5)
        assert not copied.is_seeded and snapshot(copied) == snapshot(state)
        assert Strategy("random").action(copied) == Strategy("random").action(state)
    assert game.new_initial_state().serialize() == ""  # OpenSpiel's form when nothing to keep
    refused(lambda: game.deserialize_state(5))


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

"""cribsim as an OpenSpiel-style game: states to step, chance nodes, observations, strategies.

    import cribsim
    game = cribsim.Game(rules="two")
    state = game.new_initial_state(seed=7)          # the deal of game 0 of seed 7, as `cribsim run`
    expert = cribsim.Strategy("expert")
    while not state.is_terminal():
        state.apply_action(expert.action(state))     # any built-in strategy decides for any state
    print(state.returns(), state.game_record())

The rules, the legality of every action and every observation come from the C engine
(experiments/env/cs_env.h through cribsim._core); this module only names things as OpenSpiel
does. Actions are 0..51 (a card by its file code, 4 * rank + suit: laid away in the discard,
one card an action, or laid on the pile in the play) and 52 (go). Chance nodes: the cut for
first deal (outcomes: the seat that deals), each card of the deal in the order it is dealt
(one at a time from the dealer's left, then the three-hand crib card) and the starter, each
outcome equally likely. A state made with a seed resolves its chance nodes itself, as game
`game` of a run with that seed deals, so its caller never sees one; without a seed the caller
applies each outcome (`chance_outcomes()`).

`State` is the extension's state type (cribsim._core.State) under OpenSpiel's method names,
so `current_player()`, `legal_actions()`, `chance_outcomes()`, `apply_action()`,
`rewards()`, `returns()`, `history()` and `clone()` are one C call each; this module adds
what is written for people (strings), serialisation and the game's description. Neither a
State nor a Strategy takes locks: each is used by one thread at a time, and a State that a
Strategy is deciding on in another thread refuses to change (RuntimeError).
"""
from __future__ import annotations

import dataclasses
import operator

import numpy as np

from . import _core

CHANCE_PLAYER = _core.CHANCE
TERMINAL_PLAYER = _core.TERMINAL
NUM_ACTIONS = _core.ACTIONS
GO = _core.ACTION_GO
OBSERVATION_SIZE = _core.OBS_SIZE
OBSERVATION_VERSION = _core.OBS_VERSION
REWARDS = _core.REWARDS
# the kinds of move in State.moves() (cs_env.h, CS_ENV_MOVE_*)
_MOVE_DECISION, _MOVE_CUT, _MOVE_DEAL, _MOVE_STARTER = range(4)

_RANKS = "A23456789TJQK"
_SUITS = "CDHS"


def card_text(code: int) -> str:
    """'5H' for the card code 4 * rank + suit."""
    return _RANKS[code >> 2] + _SUITS[code & 3]


def rules_text(set) -> str | None:
    """Rule changes as the engine takes them, "KEY=VALUE,...", from a dict, a list of
    "KEY=VALUE" strings or such a string."""
    if set is None or set == "":
        return None
    if isinstance(set, dict):
        return ",".join(f"{k}={v}" for k, v in set.items())
    if isinstance(set, str):
        return set
    return ",".join(set)


@dataclasses.dataclass(frozen=True)
class GameType:
    """What kind of game it is, with the fields of OpenSpiel's `pyspiel.GameType` and its enum
    values named in lower case ("sequential", "explicit_stochastic", "imperfect_information",
    "zero_sum" / "constant_sum" / "general_sum", "rewards" / "terminal")."""
    short_name: str
    long_name: str
    dynamics: str
    chance_mode: str
    information: str
    utility: str
    reward_model: str
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool
    parameter_specification: dict


class Game:
    """A variant of cribbage: a preset (`two`, `three`, `four`, `partners`, `five-card`,
    `nz-tournament`) with any rule changed (`set={"target": 61}`), and what `returns()`
    measures (`reward`: win, margin, points, clips or league; see docs/python.md). Methods as
    OpenSpiel's `pyspiel.Game`. A Game holds no state that changes: threads may share it."""

    def __init__(self, rules: str = "two", set=None, reward: str = "win"):
        self.rules = rules
        self.set = rules_text(set)
        self.reward = reward
        probe = _core.State(rules, self.set, 0, 0, reward)  # checks the rules: ValueError
        self._players = probe.players()
        self._decisions, self._chance, self._sides, self._target = probe.limits()

    def num_players(self) -> int:
        return self._players

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return 52

    def observation_tensor_shape(self) -> tuple[int]:
        return (OBSERVATION_SIZE,)

    def observation_tensor_size(self) -> int:
        return OBSERVATION_SIZE

    def max_game_length(self) -> int:
        """The most decisions (chance outcomes not counted) a game of these rules can take:
        a bound derived from the rules (experiments/env/cs_env.c), not a likely length."""
        return self._decisions

    def max_chance_nodes_in_history(self) -> int:
        return self._chance

    def min_utility(self) -> float:
        return self._utility_range()[0]

    def max_utility(self) -> float:
        return self._utility_range()[1]

    def utility_sum(self) -> float | None:
        """The returns' sum, for a zero-sum or constant-sum game; None otherwise."""
        kind = self.get_type().utility
        if kind == "zero_sum":
            return 0.0
        if kind == "constant_sum":
            return 2.0 * self._players / self._sides
        return None

    def _utility_range(self) -> tuple[float, float]:
        # A side ends below target + 29: it was below the target before the last scoring,
        # and no one scoring (a hand or crib at most 29, a card laid at most 14) is larger.
        top = float(self._target + 28)
        return {"win": (-1.0, 1.0), "margin": (-top, top), "points": (-top, top),
                "clips": (0.0, 2.0), "league": (-float(self._target), 2.0)}[self.reward]

    def get_type(self) -> GameType:
        two_sides = self._sides == 2
        if self.reward == "points" or (two_sides and self.reward in ("win", "margin")):
            utility = "zero_sum"
        elif two_sides and self.reward == "clips":
            utility = "constant_sum"
        else:
            utility = "general_sum"
        return GameType(
            short_name="cribsim", long_name=f"cribsim {self.rules}",
            dynamics="sequential", chance_mode="explicit_stochastic",
            information="imperfect_information", utility=utility,
            reward_model="rewards" if self.reward == "points" else "terminal",
            max_num_players=4, min_num_players=2,
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=True,
            parameter_specification={"rules": "two", "set": "", "reward": "win"})

    def get_parameters(self) -> dict:
        """The parameters that make this game: rules, set (the rule changes as text, "" for
        none) and reward; Game(**game.get_parameters()) is the same game."""
        return {"rules": self.rules, "set": self.set or "", "reward": self.reward}

    def new_initial_state(self, seed: int | None = None, game: int = 0) -> "State":
        """The game's start. With a seed, chance resolves itself as game `game` of a run with
        that seed deals; without, the caller applies each chance outcome. A seed or game
        index outside 0 to 2**64 - 1 is refused (ValueError naming it)."""
        return State(self.rules, self.set, 0 if seed is None else seed, game, self.reward,
                     owner=self, seeded=seed is not None)

    def deserialize_state(self, text: str) -> "State":
        """The state `State.serialize()` wrote, replayed move by move (TypeError for text that
        is not a str; ValueError for a move that is not legal there, or a seeded game's
        outcome other than the seed's)."""
        if not isinstance(text, str):
            raise TypeError(f"deserialize_state: a str is needed, not {type(text).__name__}")
        lines = text.splitlines()
        seed = index = None
        seeded = True  # mutate: equivalent ReplaceTrueWithFalse: read only after a header sets it
        if lines and lines[0].startswith(("seed ", "unseeded ")):
            parts = lines.pop(0).split()
            if len(parts) != 4 or parts[2] != "game":
                raise ValueError(f"deserialize_state: bad first line {text.splitlines()[0]!r}")
            seeded, seed, index = parts[0] == "seed", int(parts[1]), int(parts[3])
        actions = [int(line) for line in lines if line.strip()]
        if seed is None or not seeded:
            state = State(self.rules, self.set, seed or 0, index or 0, self.reward, owner=self)
            for a in actions:
                state.apply_action(a)
            return state
        state = self.new_initial_state(seed=seed, game=index)
        done = state.move_number()
        while done < len(actions):
            state.apply_action(actions[done])
            history = state.history()
            if history != actions[:len(history)]:
                raise ValueError(f"deserialize_state: move {len(history)} is not seed {seed}'s")
            done = len(history)
        if state.history() != actions:
            raise ValueError(f"deserialize_state: the moves are not seed {seed}'s game's")
        return state

    def __eq__(self, other):
        return isinstance(other, Game) and self.get_parameters() == other.get_parameters()

    def __hash__(self):
        return hash(tuple(self.get_parameters().items()))

    def __reduce__(self):
        return (Game, (self.rules, self.set, self.reward))

    def __repr__(self):
        return f"cribsim.Game(rules={self.rules!r}, set={self.set!r}, reward={self.reward!r})"


class PlayerAction(tuple):
    """(player, action) of `State.full_history()`, with OpenSpiel's attribute names."""
    __slots__ = ()

    def __new__(cls, player, action):
        return tuple.__new__(cls, (player, action))

    player = property(lambda self: self[0])
    action = property(lambda self: self[1])


def _rebuild(game: Game, text: str) -> "State":
    return game.deserialize_state(text)


class State(_core.State):
    """A game in progress, with OpenSpiel's `pyspiel.State` methods. The ones stepped most
    (current_player, is_chance_node, is_terminal, is_player_node, legal_actions,
    chance_outcomes, apply_action, rewards, returns, history, move_number, clone, get_game)
    are the extension's, one C call each. A seat the game does not have raises ValueError
    in every method that takes one; an action that is not an integer raises TypeError, one
    not legal ValueError, and nothing changes. One thread at a time may change a state."""
    __slots__ = ()

    @property
    def _core(self):  # the engine's state: the state itself
        return self

    def num_players(self) -> int:
        return self.players()

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def legal_actions_mask(self, player: int | None = None) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        cur = self.current_player()
        if player is not None:
            self.legal_actions(player)  # checks the seat
        if cur >= 0 and (player is None or player == cur):
            self.mask(mask)
        return mask

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(p, a) for p, a, _, _ in self.moves()]

    def child(self, action: int) -> "State":
        c = self.clone()
        c.apply_action(action)
        return c

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (_rebuild, (self.get_game(), self.serialize()))

    def serialize(self) -> str:
        """The moves, one a line (OpenSpiel's form), after a line "seed S game G" for a
        seeded state, "unseeded S game G" for one that is not but was made with a seed or
        game index (its seats' random streams come from them); `Game.deserialize_state`
        reads it back."""
        head, seed, index = "", self.seed(), self.game_record()["game"]
        if self.is_seeded:
            head = f"seed {seed} game {index}\n"
        elif seed or index:  # the seats' random streams come from them
            head = f"unseeded {seed} game {index}\n"
        return head + "".join(f"{a}\n" for a in self.history())

    # -- what a seat sees --
    def _seat(self, player) -> int:
        if player is None:
            player = self.current_player()
            if player < 0:
                raise ValueError("at a chance or terminal node, name the player")
        self.score(player)  # ValueError for a seat the game does not have
        return player

    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        """The seat's observation, OBSERVATION_SIZE bytes laid out as docs/environment.md
        says (a numpy array of uint8; OpenSpiel's is a list of floats)."""
        obs = np.zeros(OBSERVATION_SIZE, dtype=np.uint8)
        self.observe(self._seat(player), obs)
        return obs

    def observation_string(self, player: int | None = None) -> str:
        return self.describe(self._seat(player))

    def information_state_string(self, player: int | None = None) -> str:
        """Everything the seat has seen, in order: the outcomes and actions it saw, and a '?'
        for each it knows happened without seeing (another seat's card laid away, a card
        dealt to another seat). Two states give the same string exactly when the seat
        cannot tell them apart."""
        player = self._seat(player)
        parts = [f"seat {player}"]
        for actor, action, seen, kind in self.moves():
            visible = bool(seen >> player & 1)
            if actor == CHANCE_PLAYER:
                if kind == _MOVE_CUT:
                    parts.append(f"dealer {action}")
                elif kind == _MOVE_DEAL:
                    parts.append(f"dealt {card_text(action)}" if visible else "dealt ?")
                else:
                    parts.append(f"starter {card_text(action)}")
            elif visible:
                parts.append(f"{actor}:{'go' if action == GO else card_text(action)}")
            else:
                parts.append(f"{actor}:?")
        return " ".join(parts)

    def action_to_string(self, player: int, action: int | None = None) -> str:
        """An action as text: a card ("5H"), "go", or at the cut for first deal "seat N
        deals". action_to_string(action) names the acting player's."""
        if action is None:
            player, action = self.current_player(), player
        action = operator.index(action)
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"action {action}: actions are 0 to {NUM_ACTIONS - 1}")
        if action == GO:  # mutate: equivalent Eq_GtE: 52, go, is the last action
            return "go"
        if (player == CHANCE_PLAYER
                # mutate: equivalent Eq_LtE: every other phase's name sorts after this one
                and self.phase() == "cut-for-deal"):
            return f"seat {action} deals"
        return card_text(action)

    def string_to_action(self, player, text: str | None = None) -> int:
        """The action action_to_string names ("5H", "10h", "go", "seat 1 deals");
        string_to_action(text) for the acting player. ValueError for other text."""
        if text is None:
            player, text = self.current_player(), player
        if not isinstance(text, str):
            raise TypeError(f"string_to_action: a str is needed, not {type(text).__name__}")
        t = text.strip().upper()
        if t == "GO":
            return GO
        if t.startswith("SEAT ") and t.endswith(" DEALS"):
            seat = t[5:-6].strip()
            if seat.isdigit() and int(seat) < self.num_players():
                return int(seat)
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) == 2 and t[0] in _RANKS and t[1] in _SUITS:
            return 4 * _RANKS.index(t[0]) + _SUITS.index(t[1])
        raise ValueError(f"string_to_action: {text!r} names no action (a card such as '5H', "
                         "'go', or 'seat N deals')")

    def game_record(self) -> dict:
        """The game as a run file's /games row holds it: game, first_dealer, deals, winner,
        score (a tuple, one per seat)."""
        return self.game()

    def __str__(self):
        cur = self.current_player()
        return self.describe(cur if cur >= 0 else 0)

    def __repr__(self):
        return f"<cribsim.State {self.get_game()!r} after {self.move_number()} moves>"


class Strategy:
    """A built-in, plugin or outside-program strategy (`expected`, `mc:samples=100`,
    `plugin:PATH.so`, `exec:COMMAND`) deciding for any state: `Strategy("expert").action(state)`.
    `plugin:` and `exec:` run code from outside cribsim; `allow_code=False` refuses them (as
    does `cribsim.refuse_code_specs()` for the whole process).

    The answer depends only on the state and the seat's random stream: the stream is the one
    `cribsim run` gives that seat in that game, so a game decided by strategies at every seat
    is the run's game; the second card of a discard is the other card of the discard the
    strategy makes for the seat's whole hand, whoever laid the first. A strategy without
    randomness answers the same for a state whatever it decided before. Strategies that
    follow the game's public events (mc's model of the other seats) are not told them here:
    they decide from the seat's view alone.

    Threads: one Strategy is used by one thread at a time. A second thread calling
    `action` while the first is deciding gets RuntimeError; make one Strategy per thread.
    """

    def __init__(self, spec: str, *, allow_code: bool = True):
        # allow_code=False refuses exec: and plugin: specs (ValueError) before anything runs,
        # as does cribsim.refuse_code_specs() for the whole process (docs/security.md)
        self._core = _core.Strategy(spec, allow_code=allow_code)

    @property
    def spec(self) -> str:
        return self._core.spec

    def action(self, state: State) -> int:
        return self._core.act(state)

    def step(self, state: State) -> int:
        return self.action(state)

    def __repr__(self):
        return f"cribsim.Strategy({self.spec!r})"

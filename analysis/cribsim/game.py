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
"""
from __future__ import annotations

import numpy as np

from . import _core

CHANCE_PLAYER = _core.CHANCE
TERMINAL_PLAYER = _core.TERMINAL
NUM_ACTIONS = _core.ACTIONS
GO = _core.ACTION_GO
OBSERVATION_SIZE = _core.OBS_SIZE
OBSERVATION_VERSION = _core.OBS_VERSION
REWARDS = _core.REWARDS

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


class Game:
    """A variant of cribbage: a preset (`two`, `three`, `four`, `partners`, `five-card`,
    `nz-tournament`) with any rule changed (`set={"target": 61}`), and what `returns()`
    measures (`reward`: win, margin, points, clips or league; see docs/python.md)."""

    def __init__(self, rules: str = "two", set=None, reward: str = "win"):
        self.rules = rules
        self.set = rules_text(set)
        self.reward = reward
        probe = _core.State(rules, self.set, 0, 0, reward)  # checks the rules: ValueError
        self._players = probe.players()

    def num_players(self) -> int:
        return self._players

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return 52

    def observation_tensor_shape(self) -> tuple[int]:
        return (OBSERVATION_SIZE,)

    def new_initial_state(self, seed: int | None = None, game: int = 0) -> "State":
        """The game's start. With a seed, chance resolves itself as game `game` of a run with
        that seed deals; without, the caller applies each chance outcome."""
        core = _core.State(self.rules, self.set, 0 if seed is None else seed, game,
                           self.reward)
        state = State(self, core, seed is not None, [])
        state._resolve_chance()
        return state

    def __repr__(self):
        return f"cribsim.Game(rules={self.rules!r}, set={self.set!r}, reward={self.reward!r})"


class State:
    """A game in progress. Methods as OpenSpiel's `pyspiel.State`."""

    def __init__(self, game: Game, core, seeded: bool, history: list):
        self._game = game
        self._core = core
        self._seeded = seeded
        # (actor, action, seats that saw it, phase) for every action and chance outcome
        self._history = history

    # -- whose turn --
    def current_player(self) -> int:
        return self._core.current()

    def is_chance_node(self) -> bool:
        return self._core.current() == CHANCE_PLAYER

    def is_terminal(self) -> bool:
        return self._core.current() == TERMINAL_PLAYER

    def get_game(self) -> Game:
        return self._game

    # -- actions --
    def legal_actions(self, player: int | None = None) -> list[int]:
        cur = self._core.current()
        if cur < 0 or (player is not None and player != cur):
            return []
        return self._core.legal()

    def legal_actions_mask(self, player: int | None = None) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        cur = self._core.current()
        if cur >= 0 and (player is None or player == cur):
            self._core.mask(mask)
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        outcomes = self._core.legal()
        p = 1.0 / len(outcomes)
        return [(a, p) for a in outcomes]

    def apply_action(self, action: int) -> None:
        """Applies a legal action (or chance outcome); ValueError, with nothing changed,
        otherwise."""
        action = int(action)
        entry = (self._core.current(), action, self._core.visibility(), self._core.phase())
        self._core.apply(action)
        self._history.append(entry)
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        while self._seeded and self._core.current() == CHANCE_PLAYER:
            action = self._core.seeded()
            entry = (CHANCE_PLAYER, action, self._core.visibility(), self._core.phase())
            self._core.apply(action)
            self._history.append(entry)

    def history(self) -> list[int]:
        return [a for _, a, _, _ in self._history]

    def full_history(self) -> list[tuple[int, int]]:
        return [(p, a) for p, a, _, _ in self._history]

    def clone(self) -> "State":
        return State(self._game, self._core.clone(), self._seeded, list(self._history))

    def child(self, action: int) -> "State":
        c = self.clone()
        c.apply_action(action)
        return c

    # -- what a seat sees --
    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        """The seat's observation, CS_OBS_SIZE bytes laid out as docs/environment.md says."""
        if player is None:
            player = self._core.current()
            if player < 0:
                raise ValueError("observation_tensor() at a chance or terminal node needs a player")
        obs = np.zeros(OBSERVATION_SIZE, dtype=np.uint8)
        self._core.observe(player, obs)
        return obs

    def observation_string(self, player: int | None = None) -> str:
        return self._core.describe(self._core.current() if player is None else player)

    def information_state_string(self, player: int | None = None) -> str:
        """Everything the seat has seen, in order: the outcomes and actions it saw, and a '?'
        for each it knows happened without seeing (another seat's card laid away, a card
        dealt to another seat). Two states give the same string exactly when the seat
        cannot tell them apart."""
        if player is None:
            player = self._core.current()
        parts = [f"seat {player}"]
        for actor, action, seen, phase in self._history:
            visible = bool(seen >> player & 1)
            if actor == CHANCE_PLAYER:
                if phase == "cut-for-deal":
                    parts.append(f"dealer {action}")
                elif phase == "deal":
                    parts.append(f"dealt {card_text(action)}" if visible else "dealt ?")
                else:
                    parts.append(f"starter {card_text(action)}")
            elif visible:
                parts.append(f"{actor}:{self.action_to_string(actor, action)}")
            else:
                parts.append(f"{actor}:?")
        return " ".join(parts)

    def action_to_string(self, player: int, action: int) -> str:
        if action == GO:
            return "go"
        if player == CHANCE_PLAYER and self._core.phase() == "cut-for-deal":
            return f"seat {action} deals"
        return card_text(action)

    # -- outcome --
    def returns(self) -> list[float]:
        """Each seat's return by the game's reward kind: for `win`, +1, -1 or 0 at the end
        and 0 before it."""
        return self._core.returns()

    def rewards(self) -> list[float]:
        return self._core.returns()

    def score(self, seat: int) -> int:
        return self._core.score(seat)

    def phase(self) -> str:
        return self._core.phase()

    def game_record(self) -> dict:
        """The game as a run file's /games row holds it: game, first_dealer, deals, winner,
        score (a tuple, one per seat)."""
        return self._core.game()

    def __str__(self):
        cur = self._core.current()
        return self._core.describe(cur if cur >= 0 else 0)


class Strategy:
    """A built-in, plugin or outside-program strategy (`expected`, `mc:samples=100`,
    `plugin:PATH.so`, `exec:COMMAND`) deciding for any state: `Strategy("expert").action(state)`.
    `plugin:` and `exec:` run code from outside cribsim; `allow_code=False` refuses them. Its random stream is the one
    `cribsim run` gives that seat in that game, so a game decided by strategies at every
    seat is the run's game. Strategies that follow the game's public events (mc's model of
    the other seats) are not told them here: they decide from the seat's view alone."""

    def __init__(self, spec: str, *, allow_code: bool = True):
        # allow_code=False refuses exec: and plugin: specs (ValueError) before anything runs,
        # as does cribsim.refuse_code_specs() for the whole process (docs/security.md)
        self._core = _core.Strategy(spec, allow_code=allow_code)

    @property
    def spec(self) -> str:
        return self._core.spec

    def action(self, state: State) -> int:
        return self._core.act(state._core)

    def step(self, state: State) -> int:
        return self.action(state)

    def __repr__(self):
        return f"cribsim.Strategy({self.spec!r})"

"""cribsim's games as an OpenSpiel game: `import cribsim.openspiel` registers "cribsim" with
pyspiel, so OpenSpiel's own tools (rl_environment, MCTS, DQN, evaluate_bots, random_sim_test)
run on every preset and rule of cribsim.

    import pyspiel
    import cribsim.openspiel
    game = pyspiel.load_game("cribsim", {"rules": "three", "set": "target=61", "reward": "win"})
    state = game.new_initial_state()     # the cut for deal: a chance node, as in OpenSpiel
    state.observation_tensor(0)          # the environment's 512 bytes, as floats

Parameters: `rules` (a preset: two, three, four, partners, five-card, nz-tournament),
`set` (rule changes as `cribsim run --set` takes them, "KEY=VALUE" pairs joined by ","; in
pyspiel's game strings "KEY:VALUE" joined by ";": "cribsim(rules=two,set=target:61;heels:3)")
and `reward`
(win, margin, points, clips, league: docs/environment.md#rewards).

The rules, the legal actions, the chance outcomes and the observations come from cribsim.Game
and cribsim.State (the C engine); this module only gives them OpenSpiel's types. Every card
dealt, the cut for deal and the starter are chance nodes with equally likely outcomes.
Observations: `observation_tensor` is the environment's observation (docs/environment.md),
its bytes as float32, with named pieces in the observer's `dict`; `information_state_string`
is cribsim's (everything the seat saw since the cut). There is no information state tensor.

Rewards keep OpenSpiel's meaning, the rewards since the last time a player acted: `rewards()`
is the change in `returns()` since just before the last decision, the chance outcomes after
it included (his heels pays at the starter's cut). OpenSpiel reads them at decision nodes and
at the end (rl_environment, after sampling the chance that follows an action;
pyspiel.random_sim_test, which checks that their sum is the returns), so a point scored at a
chance node is counted once, with the decision before it. Only `reward="points"` pays before
the end (RewardModel.REWARDS); the others pay at the end (TERMINAL), as MCTS requires.

`StrategyBot` plays any cribsim strategy (expert, expected, nn, ...) as a pyspiel.Bot, and
`RunChance` draws the chance outcomes `cribsim run --seed S` draws, so a game played through
pyspiel with both is the run's game.
"""
from __future__ import annotations

import numpy as np
import pyspiel

from . import _core
from .game import GO, OBSERVATION_SIZE, Game as CsGame, Strategy, rules_text

_DEFAULTS = {"rules": "two", "set": "", "reward": "win"}

_GAME_TYPE = pyspiel.GameType(
    short_name="cribsim",
    long_name="cribsim cribbage",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS))

# The observation's pieces (docs/environment.md): (name in the observer's dict, the extension's
# constant for its first byte). Each runs to the next piece's first byte.
_PIECES = [("hand", "OBS_HAND"), ("discards", "OBS_DISCARDS"), ("starter", "OBS_STARTER"),
           ("pile", "OBS_PILE"), ("played", "OBS_PLAYED"), ("phase", "OBS_PHASE"),
           ("dealer", "OBS_DEALER"), ("count", "OBS_COUNT"), ("score", "OBS_SCORE"),
           ("left", "OBS_LEFT"), ("players", "OBS_PLAYERS"), ("partners", "OBS_PARTNERS"),
           ("target", "OBS_TARGET"), ("to_lay", "OBS_TO_LAY"), ("seat", "OBS_SEAT"),
           ("deal", "OBS_DEAL"), ("keep", "OBS_KEEP"), ("peg", "OBS_PEG"), ("top", "OBS_TOP")]


def set_text(set) -> str:
    """The `set` parameter as cribsim.Game takes it ("KEY=VALUE,..."): pairs may also be
    joined by ";" and written KEY:VALUE, the form that fits in pyspiel's game strings,
    whose parser splits at "," and "=" ("cribsim(rules=two,set=target:61;heels:3)")."""
    text = rules_text(set) or ""
    pairs = (p.strip() for p in text.replace(";", ",").split(","))
    return ",".join(p if "=" in p else p.replace(":", "=", 1) for p in pairs if p)


def _game_type_and_info(cs_game: CsGame):
    """The game's pyspiel.GameType and GameInfo: cribsim.Game's own description (its
    utility kind, reward model and bounds, derived from the rules in the engine) in
    pyspiel's types."""
    kind = cs_game.get_type()
    game_type = pyspiel.GameType(
        short_name=_GAME_TYPE.short_name, long_name=_GAME_TYPE.long_name,
        dynamics=_GAME_TYPE.dynamics, chance_mode=_GAME_TYPE.chance_mode,
        information=_GAME_TYPE.information,
        utility=getattr(pyspiel.GameType.Utility, kind.utility.upper()),
        reward_model=getattr(pyspiel.GameType.RewardModel, kind.reward_model.upper()),
        max_num_players=_GAME_TYPE.max_num_players, min_num_players=_GAME_TYPE.min_num_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS))
    info = pyspiel.GameInfo(
        num_distinct_actions=cs_game.num_distinct_actions(),
        max_chance_outcomes=cs_game.max_chance_outcomes(),
        num_players=cs_game.num_players(),
        min_utility=cs_game.min_utility(), max_utility=cs_game.max_utility(),
        utility_sum=cs_game.utility_sum(), max_game_length=cs_game.max_game_length())
    return game_type, info


class CribsimGame(pyspiel.Game):
    """cribsim.Game as a pyspiel.Game. Holds nothing that changes: threads may share it.
    Its `set` parameter is kept in the game-string form (KEY:VALUE;...), so that
    pyspiel's serialisation of the game (clone, serialize_game_and_state) reads it back."""

    def __init__(self, params=None):
        params = {**_DEFAULTS, **(params or {})}
        unknown = set(params) - set(_DEFAULTS)
        if unknown:
            raise ValueError(f"cribsim: unknown parameter(s) {sorted(unknown)}; "
                             f"the parameters are {sorted(_DEFAULTS)}")
        text = set_text(params["set"])
        params["set"] = ";".join(p.replace("=", ":", 1) for p in text.split(",") if p)
        self.cribsim_game = CsGame(params["rules"], text or None, params["reward"])
        game_type, info = _game_type_and_info(self.cribsim_game)
        super().__init__(game_type, info, params)

    def new_initial_state(self):
        """The cut for deal, a chance node: the caller (or OpenSpiel's tool) draws it."""
        return CribsimState(self)

    def max_chance_nodes_in_history(self):
        return self.cribsim_game.max_chance_nodes_in_history()

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observation (perfect_recall False) or the information state (True) of one
        seat, public information included: the only kinds cribsim has."""
        return CribsimObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                               params)


class CribsimState(pyspiel.State):
    """A cribsim.State (made without a seed: every chance outcome is applied by the caller)
    under pyspiel.State. One thread at a time may change it."""

    def __init__(self, game: CribsimGame):
        super().__init__(game)
        # pyspiel copies a Python state's attributes with copy.deepcopy (clone) and pickle
        # (serialize); a cribsim.State does both (the engine's clone; its moves replayed)
        self._inner = game.cribsim_game.new_initial_state()
        # the returns just before the last decision (rewards() are counted from there)
        self._base = [0.0] * game.num_players()

    @property
    def cribsim_state(self):
        """The wrapped cribsim.State (read it; changing it bypasses this state's history)."""
        return self._inner

    def current_player(self):
        if self._inner.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self._inner.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return self._inner.current_player()

    def _legal_actions(self, player):
        return list(self._inner.legal_actions())

    def chance_outcomes(self):
        return list(self._inner.chance_outcomes())

    def _apply_action(self, action):
        decision = not self._inner.is_chance_node()
        before = self._inner.returns()
        self._inner.apply_action(int(action))  # ValueError, nothing changed, if not legal
        if decision:
            self._base = [float(r) for r in before]

    def _action_to_string(self, player, action):
        if action == GO:
            return "go"
        if player == pyspiel.PlayerId.CHANCE and self._inner.phase() == "cut-for-deal":
            return f"seat {action} deals"
        return self._inner.action_to_string(player, int(action))

    def is_terminal(self):
        return self._inner.is_terminal()

    def returns(self):
        return [float(r) for r in self._inner.returns()]

    def rewards(self):
        """Each seat's rewards since the last decision, chance after it included (OpenSpiel's
        meaning: summed at the decision nodes and the end, they are the returns)."""
        return [float(r) - b for r, b in zip(self._inner.returns(), self._base)]

    def game_record(self) -> dict:
        """The game as a run file's /games row holds it (cribsim.State.game_record)."""
        return self._inner.game_record()

    def __str__(self):
        return str(self._inner)


class CribsimObserver:
    """The environment's observation of one seat as float32 (`tensor`, and `dict` by piece),
    or, for perfect recall, cribsim's information state string only (no tensor)."""

    def __init__(self, iig_obs_type, params):
        if params:
            raise ValueError(f"cribsim: observation parameters not supported; passed {params}")
        if (not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("cribsim: only one seat's view with the public information is "
                             "observed (public_info=True, private_info=SINGLE_PLAYER)")
        self._recall = iig_obs_type.perfect_recall
        self.dict = {}
        if self._recall:
            self.tensor = None
            return
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        starts = [(getattr(_core, const), name) for name, const in _PIECES]
        starts.sort()
        starts.append((_core.OBS_USED, "padding"))  # always 0
        ends = [s for s, _ in starts[1:]] + [OBSERVATION_SIZE]
        for (start, name), end in zip(starts, ends):
            view = self.tensor[start:end]
            self.dict[name] = view.reshape(4, 52) if name == "played" else view

    def set_from(self, state, player):
        if self.tensor is not None:
            self.tensor[:] = state.cribsim_state.observation_tensor(player)

    def string_from(self, state, player):
        inner = state.cribsim_state
        if self._recall:
            return inner.information_state_string(player)
        return inner.observation_string(player)


class RunChance:
    """Draws each chance outcome as `cribsim run --seed SEED` draws it: the first game asked
    about is game `first_game` of the seed, and each later new game (a state whose history
    does not continue the last one asked about) the next. A chance sampler for
    rl_environment (`chance_event_sampler=RunChance(seed)`) or any loop:
    `state.apply_action(draw(state))`. It follows the game in a seeded cribsim.State (its
    twin), which StrategyBots given it decide on. Follows one game at a time."""

    def __init__(self, seed: int, first_game: int = 0):
        self.seed(seed, first_game)

    def seed(self, seed: int, first_game: int = 0) -> None:
        """Starts again at game `first_game` of `seed` (rl_environment's Environment.seed)."""
        if seed is None:
            raise ValueError("RunChance: a seed is needed (it names the run)")
        self.run_seed, self.next_game = int(seed), int(first_game)
        self._twin, self._mirrored = None, 0

    @property
    def game(self) -> int:
        """The run's game index followed now (the wrapped states are all made as game 0:
        their game_record()'s "game" is 0, their cards this game's)."""
        return self.next_game - 1

    def twin(self, state):
        """The seeded cribsim.State of the run's game at the point `state` (a CribsimState)
        has reached: the same moves, drawn by the run's shuffle, and the run's (seed, game)
        for the strategies' random streams. ValueError if the state's chance outcomes are
        not the run's."""
        history = state.history()
        twin = self._twin
        if (twin is None or len(history) < self._mirrored
                or twin.history()[:self._mirrored] != history[:self._mirrored]):
            twin = self._twin = state.get_game().cribsim_game.new_initial_state(
                seed=self.run_seed, game=self.next_game)
            self.next_game += 1
            self._mirrored = 0
        for i in range(self._mirrored, len(history)):
            known = twin.history()
            if i < len(known):  # a chance outcome the seeded twin drew itself
                if known[i] != history[i]:
                    raise ValueError(f"RunChance: move {i} is {history[i]}, not the run's "
                                     f"{known[i]}")
            else:  # a decision: the twin makes it too
                twin.apply_action(history[i])
        self._mirrored = len(history)
        return twin

    def __call__(self, state) -> int:
        if not state.is_chance_node():
            raise ValueError("RunChance: not a chance node")
        return self.twin(state).history()[len(state.history())]


class StrategyBot(pyspiel.Bot):
    """A cribsim strategy (`expert`, `expected`, `nn:path=...`, any spec `cribsim run
    --seats` takes) as a pyspiel.Bot for one seat, for evaluate_bots and the like. It decides
    from the state alone. Its random stream is the one the run gives the seat in the state's
    game: game 0 of seed 0 for a state's own wrapped cribsim.State, or, given `run` (a
    RunChance dealing the game), the run's game, so that a game with a StrategyBot at every
    seat and RunChance's deals is `cribsim run`'s game."""

    def __init__(self, spec: str, player: int, run: RunChance | None = None):
        pyspiel.Bot.__init__(self)
        self._strategy = Strategy(spec)
        self._player = player
        self._run = run

    def step(self, state):
        if state.current_player() != self._player:
            raise ValueError(f"StrategyBot for seat {self._player} asked at seat "
                             f"{state.current_player()}'s turn")
        inner = self._run.twin(state) if self._run else state.cribsim_state
        return self._strategy.action(inner)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass


pyspiel.register_game(_GAME_TYPE, CribsimGame)

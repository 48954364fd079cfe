"""Gymnasium environments over the C batch: one learning seat against strategy specs.

    import gymnasium, cribsim
    env = gymnasium.make("cribsim/Cribbage-v0", rules="two", opponents=["expert"])
    vec = gymnasium.make_vec("cribsim/Cribbage-v0", num_envs=256, opponents=["expected"])

Observations are the seat's CS_OBS_SIZE bytes (docs/environment.md); info["action_mask"] and
`action_masks()` hold the legal actions (53 int8 0s and 1s, the dtype `action_space.sample(mask)`
takes). The terminating step returns the game's final observation (the final scores, the last
cards) with no legal action, and info["game"], the game's record.
The other seats are played in C by their strategies; the learner is asked only for its own
decisions (its discards one card at a time, its plays, its go).

Actions are integers (int or numpy integers; not bools, floats or strings: a TypeError) from 0
to 52 (else a ValueError), checked before anything changes; an array of actions needs an
integer dtype. Seeds are 0 to 2**64 - 1, threads 1 to 256 (0: every core), as on the command
line. Neither environment may be shared between threads: a call made while another runs raises
RuntimeError and changes nothing.
"""
from __future__ import annotations

import numpy as np
import gymnasium as gym
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .. import _core
from ..game import NUM_ACTIONS, OBSERVATION_SIZE, card_text
from . import _checks


def _seats(rules: str, set_text, seat: int, opponents) -> list:
    """The seat list for _core.Env: None at the learner's seat, the opponents in seat order
    at the others (one spec for every other seat, or one spec each)."""
    players = _core.State(rules, set_text, 0, 0, "win").players()
    seat = _checks.integer(seat, "seat", 0, players - 1)
    if isinstance(opponents, str):
        opponents = [opponents]
    opponents = list(opponents)
    if len(opponents) == 1:  # mutate: equivalent Eq_LtE: none is refused below either way
        opponents = opponents * (players - 1)
    if len(opponents) != players - 1:
        raise ValueError(f"opponents: {len(opponents)} given for {players - 1} other seats")
    seats = list(opponents)
    seats.insert(seat, None)
    return seats


def _set_text(set):
    from ..game import rules_text
    return rules_text(set)


class CribbageEnv(gym.Env):
    """One game at a time, the learner at `seat`, the other seats played by `opponents`.

    An illegal action is not fixed silently: with `illegal="raise"` it is a ValueError; with
    `illegal="lose"` (the default) the learner forfeits the game: terminated, reward
    `illegal_reward`, info["illegal_action"] True. An action that is no action (not an integer
    0 to 52) is a TypeError or ValueError in either mode, nothing changed.

    Not to be shared between threads: a call while another runs raises RuntimeError."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, rules: str = "two", set=None, opponents=("expected",), seat: int = 0,
                 reward: str = "win", illegal: str = "lose", illegal_reward: float = -1.0,
                 render_mode: str | None = None, allow_code: bool = True):
        # Called again, it refuses while another call runs and changes nothing if it fails.
        guard = getattr(self, "_guard", None) or _checks.Guard("CribbageEnv")
        with guard:
            self._init(rules, set, opponents, seat, reward, illegal, illegal_reward, render_mode,
                       allow_code)
        self._guard = guard

    def _init(self, rules, set, opponents, seat, reward, illegal, illegal_reward, render_mode,
              allow_code=True):
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal={illegal!r}: 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: 'ansi' or None")
        set_text = _set_text(set)
        seats = _seats(rules, set_text, seat, opponents)
        env = _core.Env(rules, set_text, seats, 1, 1, reward, allow_code=allow_code)
        arrays = (np.zeros(1, np.int32), np.zeros((1, OBSERVATION_SIZE), np.uint8),
                  np.zeros((1, NUM_ACTIONS), np.uint8), np.zeros(1, np.int8),
                  np.zeros((1, 4), np.float32), np.zeros(1, np.uint8))
        env.bind(*arrays)
        self.render_mode = render_mode
        self.rules, self.set = rules, set_text
        self.seat = seats.index(None)
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self._env = env
        self._action, self._obs, self._mask, self._acting, self._reward, self._done = arrays
        self.observation_space = spaces.Box(0, 255, (OBSERVATION_SIZE,), np.uint8)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._obs_row, self._mask_row = self._obs[0], self._mask[0]
        # the views a step copies, made once: a view costs as much as the copy
        self._mask_i8 = self._mask_row.view(np.int8)
        self._obs_copy, self._mask_copy = self._obs_row.copy, self._mask_i8.copy
        self._over = True

    def action_masks(self) -> np.ndarray:
        """The legal actions now, 53 int8 0s and 1s (all 0 once the game is over)."""
        return self._mask_i8.copy()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        with self._guard:
            super().reset(seed=_checks.seed(seed))
            # mutate: equivalent NumberReplacer@0: a low bound of 1 or -1 differs once in 2**63
            self._env.reset_bound(int(self.np_random.integers(0, 2**63)))
            self._over = False
            return self._obs_row.copy(), {"action_mask": self._mask_i8.copy()}

    def step(self, action):
        # The guard and the check inline: this is the environment's hot path.
        lock = self._guard.lock
        if not lock.acquire(False):
            self._guard.refuse()
        try:
            # mutate: equivalent LtE_Lt LtE_Eq: a narrower fast path; the rest is checked fully
            if type(action) is not int or not 0 <= action < NUM_ACTIONS:
                action = _checks.integer(action, "action", 0, NUM_ACTIONS - 1)
            if self._over:
                raise RuntimeError("step() after the game ended: call reset()")
            try:
                # C steps, and at a game's end writes its final observation and an empty mask
                # into the rows before copying them (_core.c); it refuses an illegal action,
                # nothing changed
                out = self._env.step_gym(action, self.seat, self._obs_copy, self._mask_copy)
            except ValueError:
                if self.illegal == "raise":
                    raise ValueError(f"action {action} is not legal now") from None
                self._over = True
                return (self._obs_row.copy(), self.illegal_reward, True, False,
                        {"action_mask": np.zeros(NUM_ACTIONS, np.int8), "illegal_action": True})
            if out[2]:
                self._over = True
            return out
        finally:
            lock.release()

    def render(self):
        if self.render_mode != "ansi":
            return None
        obs = self._obs[0]
        hand = [card_text(c) for c in np.flatnonzero(obs[_core.OBS_HAND:_core.OBS_HAND + 52])]
        pile = [card_text(c) for c in np.flatnonzero(obs[_core.OBS_PILE:_core.OBS_PILE + 52])]
        return (f"seat {self.seat}: hand {' '.join(hand)}; pile {' '.join(pile)} "
                f"(count {obs[_core.OBS_COUNT]}); score {obs[_core.OBS_SCORE]} to "
                f"{obs[_core.OBS_SCORE + 1]}")


def _fill_infos(infos: dict, idx: np.ndarray, values: list) -> None:
    """infos[key][idx] = each of values' key, and infos["_" + key][idx] = True, key by key and
    into nested dicts, as Gymnasium's _add_info does it slot by slot (the arrays exist)."""
    for key in values[0]:
        column = [v[key] for v in values]
        if isinstance(column[0], dict):
            _fill_infos(infos[key], idx, column)
        elif infos[key].dtype == object:  # tuples, strings: each an object of its own
            for i, v in zip(idx, column):
                infos[key][i] = v
        else:
            infos[key][idx] = column
        infos["_" + key][idx] = True


class CribbageVectorEnv(VectorEnv):
    """num_envs games stepped together in C (OpenMP over `threads`), the learner at `seat` of
    each. infos["action_mask"] holds every game's legal actions (int8), as `action_masks()`.
    An illegal action is a ValueError and changes nothing; so is an action array that is not
    integers 0 to 52 (a TypeError for another dtype), checked whole before any game moves.
    Not to be shared between threads: a call while another runs raises RuntimeError.

    Autoreset as Gymnasium's own vector environments do it, `autoreset_mode` (declared in
    `metadata["autoreset_mode"]`):

    - "next_step" (the default, Gymnasium's): where terminations[i] is set, obs[i] is the
      final observation of slot i's game (no legal action), and infos["game"] its record;
      the next step ignores actions[i] and returns the first observation of the slot's next
      game, reward 0.
    - "same_step": where terminations[i] is set, obs[i] is already the first of the slot's
      next game; infos["final_obs"][i] is the final observation and infos["final_info"] holds
      the ended game's info (its "action_mask", all 0, and its "game" record), each with
      Gymnasium's `_key` masks.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, rules: str = "two", set=None, opponents=("expected",),
                 seat: int = 0, reward: str = "win", threads: int = 0,
                 autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
                 allow_code: bool = True, **kwargs):
        guard = getattr(self, "_guard", None) or _checks.Guard("CribbageVectorEnv")
        with guard:
            self._init(num_envs, rules, set, opponents, seat, reward, threads, autoreset_mode,
                       allow_code, **kwargs)
        self._guard = guard

    def _init(self, num_envs, rules, set, opponents, seat, reward, threads, autoreset_mode,
              allow_code=True, **kwargs):
        if kwargs.get("render_mode") is not None:
            raise ValueError("the vector environment does not render")
        modes = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}
        try:  # a name above, or the enum or its value ("NextStep")
            mode = modes.get(autoreset_mode) or AutoresetMode(autoreset_mode)
        except (TypeError, ValueError):
            mode = None
        if mode not in modes.values():
            raise ValueError(f"autoreset_mode {autoreset_mode!r}: 'next_step' or 'same_step' "
                             "(or gymnasium.vector.AutoresetMode's NEXT_STEP, SAME_STEP)")
        num_envs = _checks.integer(num_envs, "num_envs", 1, 2**31 - 1)
        threads = _checks.integer(threads, "threads", 0, _checks.THREADS_MAX)
        set_text = _set_text(set)
        seats = _seats(rules, set_text, seat, opponents)
        env = _core.Env(rules, set_text, seats, num_envs, threads, reward, allow_code=allow_code)
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.num_envs = num_envs
        self.rules, self.set, self.seat = rules, set_text, seats.index(None)
        self._env = env
        self.single_observation_space = spaces.Box(0, 255, (OBSERVATION_SIZE,), np.uint8)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        n = self.num_envs
        self._obs = np.zeros((n, OBSERVATION_SIZE), np.uint8)
        self._mask = np.zeros((n, NUM_ACTIONS), np.uint8)
        self._acting = np.zeros(n, np.int8)
        self._reward = np.zeros((n, 4), np.float32)
        self._done = np.zeros(n, np.uint8)
        self._seed_rng = np.random.default_rng()
        self._waiting = np.zeros(n, bool)  # next-step: slots showing a final observation

    def action_masks(self) -> np.ndarray:
        """The legal actions of every slot now, (num_envs, 53) int8."""
        return self._mask.view(np.int8).copy()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        with self._guard:
            seed = _checks.seed(seed)
            if seed is not None:
                self._seed_rng = np.random.default_rng(seed)
            # mutate: equivalent NumberReplacer@0: a low bound of 1 or -1 differs once in 2**63
            self._env.reset(int(self._seed_rng.integers(0, 2**63)), self._obs, self._mask,
                            self._acting)
            self._waiting[:] = False
            return self._obs.copy(), self._mask_info()

    def _mask_info(self) -> dict:
        return {"action_mask": self._mask.view(np.int8).copy(),
                "_action_mask": np.ones(self.num_envs, bool)}

    def step(self, actions):
        with self._guard:
            actions = _checks.actions(actions, self.num_envs, NUM_ACTIONS)
            # mutate: equivalent ReplaceAndWithOr: only next-step mode sets _waiting
            if self.autoreset_mode == AutoresetMode.NEXT_STEP and self._waiting.any():
                actions = actions.copy()
                actions[self._waiting] = _core.ENV_SKIP  # C holds those slots' next games
            # the step writes every slot's observation (a waiting slot's again): into a new
            # array, the one returned, on the batch's threads, not copied after on this one
            obs = np.empty((self.num_envs, OBSERVATION_SIZE), np.uint8)
            self._env.step(actions, obs, self._mask, self._acting, self._reward, self._done)
            terminated = self._done.astype(bool)
            ended = np.flatnonzero(terminated)
            infos = self._mask_info()
            if self.autoreset_mode == AutoresetMode.NEXT_STEP:
                rows = []
                for i in ended:
                    self._env.final_obs(int(i), obs[i])
                    self._mask[i] = 0
                    rows.append((int(i), {"game": self._env.last_game(int(i))}))
                infos["action_mask"][ended] = 0
                self._add_infos(infos, rows)
                self._waiting = terminated
            else:
                rows = []
                for i in ended:
                    final = np.empty(OBSERVATION_SIZE, np.uint8)
                    self._env.final_obs(int(i), final)
                    final_info = {"action_mask": np.zeros(NUM_ACTIONS, np.int8),
                                  "game": self._env.last_game(int(i))}
                    rows.append((int(i), {"final_obs": final, "final_info": final_info}))
                self._add_infos(infos, rows)
            return (obs, self._reward[:, self.seat].astype(np.float64), terminated,
                    np.zeros(self.num_envs, bool), infos)

    def _add_infos(self, infos: dict, rows: list) -> None:
        """Gymnasium's `_add_info(infos, info, i)` for every (i, info) of rows, whose infos have
        the same keys and types (the same structure, dtypes and `_key` masks as calling it
        row by row): the first row by Gymnasium's own, which makes the arrays, the rest
        filled a key at a time (row by row it cost more than the step itself)."""
        if not rows:
            return
        self._add_info(infos, rows[0][1], rows[0][0])
        if len(rows) > 1:
            _fill_infos(infos, np.array([i for i, _ in rows[1:]]), [r for _, r in rows[1:]])

    def close_extras(self, **kwargs):
        pass

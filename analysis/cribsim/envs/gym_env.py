"""Gymnasium environments over the C batch: one learning seat against strategy specs.

    import gymnasium, cribsim
    env = gymnasium.make("cribsim/Cribbage-v0", rules="two", opponents=["expert"])
    vec = gymnasium.make_vec("cribsim/Cribbage-v0", num_envs=256, opponents=["expected"])

Observations are the seat's CS_OBS_SIZE bytes (docs/environment.md); info["action_mask"]
holds the legal actions (53 int8 0s and 1s, the dtype `action_space.sample(mask)` takes), and
`action_masks()` returns them as booleans for maskable learners.
The other seats are played in C by their strategies; the learner is asked only for its own
decisions (its discards one card at a time, its plays, its go).
"""
from __future__ import annotations

import numpy as np
import gymnasium as gym
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .. import _core
from ..game import NUM_ACTIONS, OBSERVATION_SIZE, card_text


def _seats(rules: str, set_text, seat: int, opponents) -> list:
    """The seat list for _core.Env: None at the learner's seat, the opponents in seat order
    at the others (one spec for every other seat, or one spec each)."""
    players = _core.State(rules, set_text, 0, 0, "win").players()
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat}: the rules seat players 0 to {players - 1}")
    if isinstance(opponents, str):
        opponents = [opponents]
    opponents = list(opponents)
    if len(opponents) == 1:
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
    `illegal_reward`, info["illegal_action"] True."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, rules: str = "two", set=None, opponents=("expected",), seat: int = 0,
                 reward: str = "win", illegal: str = "lose", illegal_reward: float = -1.0,
                 render_mode: str | None = None, allow_code: bool = True):
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal={illegal!r}: 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: 'ansi' or None")
        self.render_mode = render_mode
        self.rules, self.set = rules, _set_text(set)
        self.seat = seat
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self._env = _core.Env(rules, self.set, _seats(rules, self.set, seat, opponents), 1, 1,
                              reward, allow_code=allow_code)
        self.observation_space = spaces.Box(0, 255, (OBSERVATION_SIZE,), np.uint8)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._obs = np.zeros((1, OBSERVATION_SIZE), np.uint8)
        self._mask = np.zeros((1, NUM_ACTIONS), np.uint8)
        self._acting = np.zeros(1, np.int8)
        self._reward = np.zeros((1, 4), np.float32)
        self._done = np.zeros(1, np.uint8)
        self._action = np.zeros(1, np.int32)
        self._env.bind(self._action, self._obs, self._mask, self._acting, self._reward,
                       self._done)
        self._obs_row, self._mask_row = self._obs[0], self._mask[0]
        self._over = True

    def action_masks(self) -> np.ndarray:
        return self._mask[0].astype(bool)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._env.reset_bound(int(self.np_random.integers(0, 2**63)))
        self._over = False
        return self._obs_row.copy(), {"action_mask": self._mask_row.view(np.int8).copy()}

    def step(self, action):
        if self._over:
            raise RuntimeError("step() after the game ended: call reset()")
        self._action[0] = action
        try:
            terminated = self._env.step_bound()  # C refuses an illegal action, nothing changed
        except ValueError:
            if self.illegal == "raise":
                raise ValueError(f"action {action} is not legal now") from None
            self._over = True
            return (self._obs_row.copy(), self.illegal_reward, True, False,
                    {"action_mask": np.zeros(NUM_ACTIONS, np.int8), "illegal_action": True})
        info = {"action_mask": self._mask_row.view(np.int8).copy()}
        if terminated:
            self._over = True
            info["game"] = self._env.last_game(0)
        return self._obs_row.copy(), float(self._reward[0, self.seat]), terminated, False, info

    def render(self):
        if self.render_mode != "ansi":
            return None
        obs = self._obs[0]
        hand = [card_text(c) for c in np.flatnonzero(obs[_core.OBS_HAND:_core.OBS_HAND + 52])]
        pile = [card_text(c) for c in np.flatnonzero(obs[_core.OBS_PILE:_core.OBS_PILE + 52])]
        return (f"seat {self.seat}: hand {' '.join(hand)}; pile {' '.join(pile)} "
                f"(count {obs[_core.OBS_COUNT]}); score {obs[_core.OBS_SCORE]} to "
                f"{obs[_core.OBS_SCORE + 1]}")


class CribbageVectorEnv(VectorEnv):
    """num_envs games stepped together in C (OpenMP over `threads`), the learner at `seat` of
    each. Autoreset is same-step: where terminations[i] is set, the observation is already
    the first of slot i's next game. infos["action_mask"] holds every game's legal actions.
    An illegal action is a ValueError and changes nothing."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, rules: str = "two", set=None, opponents=("expected",),
                 seat: int = 0, reward: str = "win", threads: int = 0, allow_code: bool = True,
                 **kwargs):
        if kwargs.get("render_mode") is not None:
            raise ValueError("the vector environment does not render")
        self.num_envs = int(num_envs)
        self.rules, self.set, self.seat = rules, _set_text(set), seat
        self._env = _core.Env(rules, self.set, _seats(rules, self.set, seat, opponents),
                              self.num_envs, threads, reward, allow_code=allow_code)
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

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self._env.reset(int(self._seed_rng.integers(0, 2**63)), self._obs, self._mask,
                        self._acting)
        return self._obs.copy(), {"action_mask": self._mask.view(np.int8).copy()}

    def step(self, actions):
        actions = np.ascontiguousarray(actions, dtype=np.int32).reshape(self.num_envs)
        self._env.step(actions, self._obs, self._mask, self._acting, self._reward, self._done)
        terminated = self._done.astype(bool)
        return (self._obs.copy(), self._reward[:, self.seat].copy(), terminated,
                np.zeros(self.num_envs, bool), {"action_mask": self._mask.view(np.int8).copy()})

    def close_extras(self, **kwargs):
        pass

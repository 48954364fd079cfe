"""A PettingZoo AEC environment for every preset: `cribsim.envs.aec_env(rules="three")`.

Agents are "player_0" .. "player_{n-1}" (seat numbers). Each observation is a dict with
"observation" (the seat's CS_OBS_SIZE bytes, docs/environment.md) and "action_mask" (53
bytes, 1 where the action is legal; all 0 for an agent not to act). The engine decides the
order of play (discards from the dealer's left, the play, the show) and every rule; the cards
come from the seed given to reset() as `cribsim run` deals them.

An action is an integer 0 to 52 (int or numpy integer; a bool, float or string is a TypeError,
a number outside the range a ValueError, an illegal card a ValueError), a seed 0 to 2**64 - 1;
a refused call changes nothing. An environment may not be shared between threads: a call made
while another runs raises RuntimeError.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..game import GO, NUM_ACTIONS, OBSERVATION_SIZE, Game
from . import _checks


class CribbageAEC(AECEnv):
    """Every seat an agent (see the module's docstring). Not to be shared between threads: a
    call made while another runs raises RuntimeError and changes nothing."""

    metadata = {"render_modes": ["human", "ansi"], "name": "cribsim_v0",
                "is_parallelizable": False}

    def __init__(self, rules: str = "two", set=None, reward: str = "win",
                 render_mode: str | None = None):
        super().__init__()
        self._guard = _checks.Guard("CribbageAEC")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game = Game(rules=rules, set=set, reward=reward)
        n = self.game.num_players()
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0, 255, (OBSERVATION_SIZE,), np.uint8),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        })
        self._act_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._seed = None
        self._game_index = 0  # mutate: equivalent NumberReplacer: reset() sets it before a read
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        with self._guard:
            self._reset(_checks.seed(seed))

    def _reset(self, seed):
        if seed is not None:
            self._seed, self._game_index = seed, 0
        elif self._seed is None:
            # mutate: equivalent NumberReplacer@63: 2**62 or 2**64 bounds seeds as valid
            self._seed, self._game_index = int(np.random.SeedSequence().entropy % 2**63), 0
        else:
            self._game_index += 1  # the seed's next game
        self.state = self.game.new_initial_state(seed=self._seed, game=self._game_index)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._returns = [0.0] * len(self.agents)
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        with self._guard:
            return self._observe(agent)

    def _observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self.state.current_player() == seat:
            mask[:] = self.state.legal_actions_mask(seat)
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action):
        with self._guard:
            self._step(action)

    def _step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # mutate: equivalent Sub_BitXor: 53 ^ 1 is 52 too
        action = _checks.integer(action, "action", 0, NUM_ACTIONS - 1)
        self.state.apply_action(action)  # ValueError for an illegal action, nothing changed
        self._cumulative_rewards[agent] = 0.0
        returns = self.state.returns()
        for s, a in enumerate(self.possible_agents):
            self.rewards[a] = returns[s] - self._returns[s]
        self._returns = returns
        if self.state.is_terminal():
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"game": self.state.game_record()}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        # mutate: equivalent Eq_GtE: the modes are "ansi" and "human", and "ansi" sorts first
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def aec_env(rules: str = "two", set=None, reward: str = "win", render_mode=None):
    """The AEC environment wrapped as PettingZoo's classic games are (an illegal action or
    a step out of turn is an error, never a silent fix)."""
    from pettingzoo.utils import wrappers
    env = CribbageAEC(rules=rules, set=set, reward=reward, render_mode=render_mode)
    env = wrappers.OrderEnforcingWrapper(env)
    return env


env = aec_env
__all__ = ["CribbageAEC", "aec_env", "env", "GO"]

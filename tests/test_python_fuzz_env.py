"""Random call sequences, valid and invalid, against the environments (issue 37's fuzzer).

A hypothesis state machine drives the AEC environment, the single and vector Gymnasium
environments and `_core.Env` (bound arrays and re-initialisation included) with resets, legal
and illegal actions, bad types, seeds, seats and sizes. Invariants: nothing crashes the
interpreter; an invalid call raises TypeError, ValueError or RuntimeError and changes nothing
(every observation, mask and pending seat as before); a valid call keeps the environments
playable. A bounded example count keeps it to seconds. Run by ctest, or directly:
.venv/bin/python tests/test_python_fuzz_env.py
"""
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, settings, strategies as hs
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cribsim import _core
from cribsim.envs import CribbageEnv, CribbageVectorEnv, aec_env

RULES = ["two", "three", "four", "partners"]
BAD_SEEDS = [-1, 2**64, 2**64 + 7, 1.5, "3", True, None, [1]]
BAD_ACTIONS = [-1, 53, 2**32, 2**32 + 5, 9.6, "9", True, None, [1, 2], np.float32(3)]
REFUSED = (TypeError, ValueError, RuntimeError)


def refused(call):
    """call() must raise one of REFUSED."""
    with pytest.raises(REFUSED):
        call()


class Envs(RuleBasedStateMachine):
    @initialize(rules=hs.sampled_from(RULES), seat=hs.integers(0, 3), seed=hs.integers(0, 2**64 - 1))
    def make(self, rules, seat, seed):
        n = {"two": 2, "three": 3}.get(rules, 4)
        self.rules, self.n, self.seat = rules, n, seat % n
        self.aec = aec_env(rules, reward="points")
        self.aec.reset(seed=seed)
        self.single = CribbageEnv(rules=rules, opponents=["random"], seat=self.seat,
                                  illegal="raise", reward="margin")
        self.single_info = self.single.reset(seed=seed)[1]
        self.vec = CribbageVectorEnv(num_envs=2, rules=rules, opponents=["random"],
                                     seat=self.seat, threads=1, reward="win")
        self.vec_info = self.vec.reset(seed=seed)[1]
        # next-step autoreset: slots whose game ended last step show its final observation,
        # no legal action, and ignore their action this step
        self.vec_waiting = np.zeros(2, bool)
        self.core = _core.Env(rules, None, [None] * n, 2, 1, "points")
        self.core_arrays = self._arrays(2)
        self.core.reset(seed, *self.core_arrays[1:4])
        self.core_bound = None

    @staticmethod
    def _arrays(n):
        return (np.zeros(n, np.int32), np.zeros((n, _core.OBS_SIZE), np.uint8),
                np.zeros((n, _core.ACTIONS), np.uint8), np.zeros(n, np.int8),
                np.zeros((n, 4), np.float32), np.zeros(n, np.uint8))

    def snapshot(self):
        agents = self.aec.possible_agents
        aec = None
        if self.aec.agents:
            aec = (self.aec.agent_selection, dict(self.aec.unwrapped._cumulative_rewards),
                   [self.aec.observe(a)["observation"].tobytes() for a in agents])
        bound = None if self.core_bound is None else [a.tobytes() for a in self.core_bound]
        return (aec, self.single._obs.tobytes(), self.single._over, self.vec._obs.tobytes(),
                self.vec._mask.tobytes(), [a.tobytes() for a in self.core_arrays], bound,
                self.core.n_games)

    def unchanged_after(self, call):
        before = self.snapshot()
        refused(call)
        assert self.snapshot() == before

    # ---- valid calls ----

    @rule(seed=hs.one_of(hs.none(), hs.integers(0, 2**64 - 1)))
    def reset_all(self, seed):
        self.aec.reset(seed=seed)
        self.single_info = self.single.reset(seed=seed)[1]
        self.vec_info = self.vec.reset(seed=seed)[1]
        # next-step autoreset: slots whose game ended last step show its final observation,
        # no legal action, and ignore their action this step
        self.vec_waiting = np.zeros(2, bool)
        self.core.reset(0 if seed is None else seed, *self.core_arrays[1:4])

    @rule(pick=hs.integers(0, 52), steps=hs.integers(1, 60))
    def step_aec(self, pick, steps):
        """Several steps at once, so that sequences reach the play and the game's end."""
        for k in range(steps):
            if not self.aec.agents:
                self.aec.reset()
                return
            obs, _, term, trunc, _ = self.aec.last()
            if term or trunc:
                self.aec.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            self.aec.step(np.int64(legal[(pick + k) % len(legal)]))

    @rule(pick=hs.integers(0, 52), steps=hs.integers(1, 40))
    def step_single(self, pick, steps):
        for k in range(steps):
            if self.single._over:
                self.single_info = self.single.reset()[1]
                return
            legal = np.flatnonzero(self.single_info["action_mask"])
            self.single_info = self.single.step(int(legal[(pick + k) % len(legal)]))[4]

    @rule(pick=hs.integers(0, 52), dtype=hs.sampled_from([np.int32, np.int64, np.uint8]),
          steps=hs.integers(1, 40))
    def step_vector(self, pick, dtype, steps):
        for k in range(steps):
            acts = [np.flatnonzero(m) for m in self.vec_info["action_mask"]]
            _, _, self.vec_waiting, _, self.vec_info = self.vec.step(
                np.array([a[(pick + k) % len(a)] if len(a) else 0 for a in acts], dtype))

    @rule(pick=hs.integers(0, 52), steps=hs.integers(1, 40))
    def step_core(self, pick, steps):
        action, obs, mask = self.core_arrays[:3]
        for k in range(steps):
            for i in range(len(action)):
                legal = np.flatnonzero(mask[i])
                action[i] = legal[(pick + k) % len(legal)]
            self.core.step(*self.core_arrays)

    @rule(n=hs.integers(1, 3), seed=hs.integers(0, 2**64 - 1), bind=hs.booleans())
    def reinit_core(self, n, seed, bind):
        self.core.__init__(self.rules, None, [None] * self.n, n, 1, "points")
        self.core_bound = None
        refused(self.core.step_bound)
        self.core_arrays = self._arrays(n)
        self.core.reset(seed, *self.core_arrays[1:4])
        if bind:  # the same arrays: step() and step_bound() then see one batch alike
            self.core_bound = self.core_arrays
            self.core.bind(*self.core_bound)
            self.core.reset_bound(seed)

    @precondition(lambda self: self.core_bound is not None)
    @rule(pick=hs.integers(0, 52))
    def step_bound(self, pick):
        action, obs, mask = self.core_bound[:3]
        for i in range(len(action)):
            legal = np.flatnonzero(mask[i])
            action[i] = legal[pick % len(legal)]
        self.core.step_bound()

    @precondition(lambda self: self.core_bound is not None and len(self.core_bound[0]) == 1)
    @rule(pick=hs.integers(0, 52))
    def step_gym(self, pick):
        action, obs, mask = self.core_bound[:3]
        legal = np.flatnonzero(mask[0])
        out = self.core.step_gym(int(legal[pick % len(legal)]), pick % self.n, obs[0].copy,
                                 mask[0].view(np.int8).copy)
        assert len(out) == 5 and out[3] is False
        if out[2]:  # the rows show the ended game, no legal action: start afresh
            self.core.reset_bound(pick)

    # ---- invalid calls: refused, nothing changed ----

    @rule(seed=hs.sampled_from(BAD_SEEDS), which=hs.integers(0, 3))
    def bad_seed(self, seed, which):
        if seed is None and which < 3:
            return  # None is a valid seed for the environments
        calls = [lambda: self.aec.reset(seed=seed), lambda: self.single.reset(seed=seed),
                 lambda: self.vec.reset(seed=seed),
                 lambda: self.core.reset(seed, *self.core_arrays[1:4])]
        self.unchanged_after(calls[which])

    @rule(action=hs.sampled_from(BAD_ACTIONS), which=hs.integers(0, 2))
    def bad_action(self, action, which):
        if which == 0:
            if not self.aec.agents or any(self.aec.terminations.values()):
                return
            self.unchanged_after(lambda: self.aec.step(action))
        elif which == 1:
            if self.single._over:
                return
            self.unchanged_after(lambda: self.single.step(action))
        else:
            self.unchanged_after(lambda: self.vec.step([action, action]))

    @rule(which=hs.integers(0, 2))
    def illegal_card(self, which):
        """A card that is an action but not legal now."""
        if which == 0 and self.aec.agents and not any(self.aec.terminations.values()):
            mask = self.aec.observe(self.aec.agent_selection)["action_mask"]
            self.unchanged_after(lambda: self.aec.step(int(np.flatnonzero(mask == 0)[0])))
        elif which == 1 and not self.single._over:
            mask = self.single_info["action_mask"]
            self.unchanged_after(lambda: self.single.step(int(np.flatnonzero(mask == 0)[0])))
        elif which == 2 and not self.vec_waiting.all():
            mask = self.vec_info["action_mask"]
            self.unchanged_after(lambda: self.vec.step(np.array(
                [np.flatnonzero(m == 0)[0] for m in mask])))

    @rule(dtype=hs.sampled_from([np.float64, np.bool_, np.str_, object]),
          shape=hs.sampled_from([(2,), (3,), (2, 1), ()]))
    def bad_action_array(self, dtype, shape):
        self.unchanged_after(lambda: self.vec.step(np.zeros(shape, dtype)))

    @rule(args=hs.sampled_from([
        dict(n_games=0), dict(n_games=2.0), dict(threads=257), dict(threads=-1),
        dict(threads=10**6), dict(threads=True), dict(seats=[None] * 5), dict(seats=[1, 2]),
        dict(rules="seven"), dict(reward="elo"), dict(set="target")]))
    def bad_reinit(self, args):
        full = dict(rules=self.rules, set=None, seats=[None] * self.n, n_games=2, threads=1,
                    reward="points")
        full.update(args)
        self.unchanged_after(lambda: self.core.__init__(**full))

    @rule(seat=hs.sampled_from([-1, 4, 7, 1.0, True]))
    def bad_seat(self, seat):
        refused(lambda: CribbageEnv(rules=self.rules, opponents=["random"], seat=seat))
        refused(lambda: CribbageVectorEnv(rules=self.rules, opponents=["random"], seat=seat))
        out = np.zeros(_core.OBS_SIZE, np.uint8)
        if self.aec.agents and not isinstance(seat, (bool, float)):  # game.py's to refuse
            self.unchanged_after(lambda: self.aec.unwrapped.state._core.observe(seat, out))

    @rule(extra=hs.integers(1, 3), which=hs.integers(0, 5))
    def wrong_size_arrays(self, extra, which):
        n = len(self.core_arrays[0])
        arrays = list(self._arrays(n))
        wrong = self._arrays(n + extra)
        arrays[which] = wrong[which]
        self.unchanged_after(lambda: self.core.step(*arrays))
        self.unchanged_after(lambda: self.core.bind(*arrays))

    @invariant()
    def playable(self):
        assert (self.vec_info["action_mask"].any(axis=1) | self.vec_waiting).all()
        assert self.core_arrays[2].any(axis=1).all()


Envs.TestCase.settings = settings(max_examples=40, stateful_step_count=30, deadline=None,
                                  suppress_health_check=[HealthCheck.too_slow])
TestEnvs = Envs.TestCase

if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

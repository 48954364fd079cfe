"""Reinforcement-learning environments over the engine (docs/python.md).

- aec_env(rules=...): PettingZoo AEC, every seat an agent, for every preset;
- CribbageEnv / "cribsim/Cribbage-v0": Gymnasium, one learning seat against strategy specs;
- CribbageVectorEnv (gymnasium.make_vec("cribsim/Cribbage-v0", num_envs=N)): the C batch.
"""
from .gym_env import CribbageEnv, CribbageVectorEnv
from .aec import CribbageAEC, aec_env

ENV_ID = "cribsim/Cribbage-v0"


def register() -> None:
    """Registers "cribsim/Cribbage-v0" with Gymnasium (done on import)."""
    import gymnasium
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="cribsim.envs.gym_env:CribbageEnv",
                           vector_entry_point="cribsim.envs.gym_env:CribbageVectorEnv")


register()

__all__ = ["CribbageEnv", "CribbageVectorEnv", "CribbageAEC", "aec_env", "register", "ENV_ID"]

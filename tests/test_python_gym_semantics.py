"""Gymnasium to the letter: the terminating step's final observation, the vector environment's
autoreset modes beside Gymnasium's own SyncVectorEnv over the single environment, int8 masks,
and the README's example playing the same game twice."""
import re
import sys
from pathlib import Path

import numpy as np
import pytest

try:
    import gymnasium
except ImportError:  # the [rl] extra is not installed: skipped (77 for ctest)
    if __name__ == "__main__":
        print("skipped: gymnasium is not installed (pip install '.[rl]')")
        sys.exit(77)
    pytest.skip("gymnasium is not installed", allow_module_level=True)
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import cribsim.envs  # noqa: E402
from cribsim import _core  # noqa: E402
from cribsim.envs import CribbageEnv, CribbageVectorEnv  # noqa: E402

SCORE = _core.OBS_SCORE
HAND = _core.OBS_HAND


def first_legal(mask) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[0]) if len(legal) else 0


def play_to_end(env, seed):
    """Steps env (first legal action each time) from reset(seed) to the terminating step."""
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        obs, reward, terminated, truncated, info = env.step(first_legal(info["action_mask"]))
        steps += 1
        if terminated:
            return obs, reward, info, steps


def test_single_env_terminating_step_shows_the_final_scores_and_no_legal_action():
    """Catches: the terminating step returning the next game's first observation (scores 0
    to 0, six cards in hand, six legal actions) instead of the game that ended."""
    env = CribbageEnv(opponents=["random"])
    obs, reward, info, steps = play_to_end(env, 4)
    game = info["game"]
    # seat 0 is the learner: its observation's seat +k is seat k
    assert [int(obs[SCORE + k]) for k in range(2)] == list(game["score"])
    assert max(game["score"]) >= 121 and reward == (1.0 if game["winner"] == 0 else -1.0)
    assert obs[HAND:HAND + 52].sum() < 6  # never a fresh deal's six cards
    assert info["action_mask"].dtype == np.int8 and not info["action_mask"].any()
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError):
        env.step(0)


def test_masks_are_int8_so_action_space_sample_takes_them():
    """Catches: action_masks() as booleans, which Discrete.sample(mask) refuses."""
    env = CribbageEnv(opponents=["random"])
    env.reset(seed=2)
    env.action_space.seed(0)
    mask = env.action_masks()
    assert mask.dtype == np.int8 and mask.shape == (53,)
    assert mask[env.action_space.sample(mask)] == 1
    vec = CribbageVectorEnv(num_envs=3, opponents=["random"], threads=1)
    _, info = vec.reset(seed=2)
    masks = vec.action_masks()
    assert masks.dtype == np.int8 and masks.shape == (3, 53)
    assert np.array_equal(masks, info["action_mask"])
    vec.single_action_space.seed(0)
    for m in masks:
        assert m[vec.single_action_space.sample(m)] == 1


def structure(infos):
    """The shape of a vector env's infos: each key's nested structure, dtype and shape."""
    out = {}
    for key, value in infos.items():
        if isinstance(value, dict):
            out[key] = structure(value)
        else:
            value = np.asarray(value)
            out[key] = (value.dtype.str if value.dtype != object else "object", value.shape)
    return out


def run_to_end(vec, seed):
    """Steps a one-game vector env to its terminating step and one step further."""
    obs, info = vec.reset(seed=seed)
    while True:
        obs, rew, term, trunc, info = vec.step(np.array([first_legal(info["action_mask"][0])]))
        if term[0]:
            after = vec.step(np.array([first_legal(info["action_mask"][0])]))
            return (obs, rew, term, trunc, info), after


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_vector_env_infos_have_gymnasium_sync_vector_envs_structure(mode):
    """Catches: an info key Gymnasium's own vector env gives and ours does not (the `_key`
    masks, final_obs/final_info, the game record) or gives with another dtype."""
    ours = CribbageVectorEnv(num_envs=1, opponents=["random"], threads=1, autoreset_mode=mode)
    theirs = SyncVectorEnv([lambda: CribbageEnv(opponents=["random"])], autoreset_mode=mode)
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"] == mode
    assert structure(ours.reset(seed=1)[1]) == structure(theirs.reset(seed=1)[1])
    (o1, r1, t1, u1, i1), (o2, r2, t2, u2, i2) = run_to_end(ours, 5)
    (p1, s1, v1, w1, j1), (p2, s2, v2, w2, j2) = run_to_end(theirs, 5)
    assert structure(i1) == structure(j1)
    assert structure(i2) == structure(j2)
    for a, b in ((o1, p1), (r1, s1), (t1, v1), (u1, w1), (o2, p2), (r2, s2), (t2, v2)):
        assert a.dtype == b.dtype and a.shape == b.shape
    assert not t2[0] and not u2[0]


def test_vector_env_next_step_gives_the_final_observation_then_the_next_game():
    """Catches: next-step mode returning the next game's observation on the terminating step,
    or playing the action given on the step after (Gymnasium ignores it and resets)."""
    n = 4
    vec = CribbageVectorEnv(num_envs=n, opponents=["random"], threads=1)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP  # Gymnasium's default
    obs, info = vec.reset(seed=7)
    checked = 0
    for _ in range(400):
        acts = np.array([first_legal(m) for m in info["action_mask"]])
        waiting = np.flatnonzero(~info["action_mask"].any(axis=1))
        acts[waiting] = 52  # never legal at a game's first decision: must be ignored
        obs, rew, term, trunc, info = vec.step(acts)
        for i in waiting:  # the slot's next game, from its start
            assert not term[i] and rew[i] == 0.0
            assert [int(x) for x in obs[i, SCORE:SCORE + 2]] == [0, 0]
            assert obs[i, HAND:HAND + 52].sum() == 6 and info["action_mask"][i].sum() == 6
        for i in np.flatnonzero(term):
            game = {k: v[i] for k, v in info["game"].items() if not k.startswith("_")}
            assert info["game"]["_game"][i] and info["_game"][i]
            assert [int(x) for x in obs[i, SCORE:SCORE + 2]] == list(game["score"])
            assert max(game["score"]) >= 121 and not info["action_mask"][i].any()
            assert game["game"] % n == i  # slot i plays games i, i + n, ...
            checked += 1
        assert np.array_equal(info["_game"] if "_game" in info else np.zeros(n, bool), term)
    assert checked >= 4


def test_vector_env_modes_agree_until_a_game_ends_and_seeds_deal_apart():
    """The first steps after a reset, before any game ends, are the same in both autoreset
    modes; and 62 reset seeds deal 62 different first hands. Catches: next-step mode's waiting
    slots not cleared by a reset (the first step ignored), the batch's seed drawn from a small
    range (2 ^ 63 = 61 seeds)."""
    nxt = CribbageVectorEnv(num_envs=3, opponents=["random"], threads=1)
    same = CribbageVectorEnv(num_envs=3, opponents=["random"], threads=1,
                             autoreset_mode="same_step")
    for env in (nxt, same):
        env.reset(seed=7)
        env.step(np.array([first_legal(m) for m in env.action_masks()]))  # leaves none waiting
    a, info_a = nxt.reset(seed=11)
    b, info_b = same.reset(seed=11)
    for _ in range(6):
        assert np.array_equal(a, b)
        acts = np.array([first_legal(m) for m in info_a["action_mask"]])
        a, ra, ta, _, info_a = nxt.step(acts)
        b, rb, tb, _, info_b = same.step(acts)
        assert not ta.any() and np.array_equal(ra, rb)
    one = CribbageVectorEnv(num_envs=1, opponents=["random"], threads=1)
    first = {one.reset(seed=s)[0].tobytes() for s in range(62)}
    assert len(first) == 62


def test_vector_env_same_step_gives_final_obs_and_final_info_and_the_next_game():
    """Catches: same-step mode without final_obs/final_info (or its game record), or with the
    next game's observation as the final one."""
    n = 4
    vec = CribbageVectorEnv(num_envs=n, opponents=["random"], threads=1,
                            autoreset_mode="same_step")
    assert vec.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = vec.reset(seed=7)
    checked = 0
    for _ in range(400):
        obs, rew, term, trunc, info = vec.step(
            np.array([first_legal(m) for m in info["action_mask"]]))
        if not term.any():
            assert "final_obs" not in info
            continue
        assert np.array_equal(info["_final_obs"], term)
        assert np.array_equal(info["_final_info"], term)
        for i in range(n):
            if not term[i]:
                assert info["final_obs"][i] is None
                continue
            final, fi = info["final_obs"][i], info["final_info"]
            score = list(fi["game"]["score"][i])
            assert [int(x) for x in final[SCORE:SCORE + 2]] == score and max(score) >= 121
            assert fi["game"]["game"][i] % n == i and fi["_game"][i]
            assert not fi["action_mask"][i].any()
            # the observation returned is already the next game's first
            assert [int(x) for x in obs[i, SCORE:SCORE + 2]] == [0, 0]
            assert info["action_mask"][i].sum() == 6
            checked += 1
    assert checked >= 4


def same_infos(a, b):
    """Whether two infos dicts hold the same keys, dtypes, shapes and values, nested."""
    if a.keys() != b.keys():
        return False
    for key in a:
        x, y = a[key], b[key]
        if isinstance(x, dict) != isinstance(y, dict):
            return False
        if isinstance(x, dict):
            if not same_infos(x, y):
                return False
        elif x.dtype != y.dtype or x.shape != y.shape:
            return False
        elif x.dtype == object:
            if any(not (u is None and v is None or np.array_equal(u, v)) for u, v in zip(x, y)):
                return False
        elif not np.array_equal(x, y):
            return False
    return True


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_vector_env_infos_of_games_ending_together_equal_gymnasiums_add_info(mode):
    """Catches: the infos of several games that end at one step filled otherwise than
    Gymnasium's `_add_info` would fill them slot by slot (a record in the wrong slot, a `_key`
    mask left unset, a tuple split into an array, a dtype changed)."""
    vec = CribbageVectorEnv(num_envs=64, opponents=["random"], threads=1, autoreset_mode=mode)
    rows = []
    for i, (score, winner) in zip((3, 17, 40, 63), (((121, 90), 0), ((77, 121), 1),
                                                    ((121, 120), 0), ((100, 121), 1))):
        game = {"game": i + 64, "first_dealer": i % 2, "deals": 9 + i % 3, "winner": winner,
                "score": score}
        if mode == "next_step":
            rows.append((i, {"game": game}))
        else:
            final = np.full(512, i, np.uint8)
            rows.append((i, {"final_obs": final,
                             "final_info": {"action_mask": np.zeros(53, np.int8), "game": game}}))
    fast = {"action_mask": np.zeros((64, 53), np.int8)}
    slow = {"action_mask": np.zeros((64, 53), np.int8)}
    vec._add_infos(fast, rows)
    for i, info in rows:
        slow = vec._add_info(slow, info, i)
    assert same_infos(fast, slow)
    where = fast["game"] if mode == "next_step" else fast["final_info"]["game"]
    assert where["score"][40] == (121, 120) and where["game"][63] == 127
    assert where["_score"].sum() == 4 and not where["_score"][4]


def test_vector_env_refuses_an_unknown_autoreset_mode():
    with pytest.raises(ValueError, match="autoreset_mode"):
        CribbageVectorEnv(num_envs=1, opponents=["random"], autoreset_mode="disabled")


def readme_example() -> str:
    """The README's Gymnasium example, as it stands there."""
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = re.search(r"\n(    import gymnasium, cribsim\.envs\n(?:    .*\n)+)", text)
    assert block, "README.md: the Gymnasium example is gone"
    return "\n".join(line[4:] for line in block.group(1).splitlines())


def test_readme_example_plays_the_same_game_twice():
    """Catches: the README's example leaving the action space unseeded (two runs, two
    different games)."""
    code = readme_example()
    runs = []
    for _ in range(2):
        scope = {}
        exec(code, scope)
        runs.append((scope["obs"].tobytes(), scope["info"]["game"], scope["reward"]))
    assert runs[0] == runs[1]
    assert runs[0][1]["deals"] > 1


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

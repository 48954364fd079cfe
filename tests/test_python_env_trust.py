"""The environments as a careless or hostile caller uses them, and the rules beyond two players.

Run by ctest with the project's Python, or directly: .venv/bin/python
tests/test_python_env_trust.py (pytest underneath). Each test names the bug it would catch.

- Bad input (thread counts, seeds, seats, actions of the wrong type or range, arrays of the
  wrong size) raises TypeError or ValueError naming it, and nothing changes.
- `_core.Env.__init__` on a live Env replaces the batch and drops the bound arrays.
- A call made while another runs on the same object (another thread's, held in the middle by a
  test-controlled outside agent or an action's own __index__) raises RuntimeError.
- Hand-worked deals for two, three and four players and partners: every reward kind's returns
  for every seat, the relative seats of the observation, who sees each card dealt.
- The environments' wiring from every seat with every reward kind: the learner's seat, its
  reward (not another seat's), the AEC's step rewards as differences, resets.
"""
import os
import sys
import tempfile
import threading

import numpy as np
import pytest

from cribsim import _core
from cribsim.envs import CribbageEnv, CribbageVectorEnv, aec_env
from cribsim.game import Game, card_text

REWARDS = ["win", "margin", "points", "clips", "league"]
TABLES = ["two", "three", "four", "partners"]
SEATED = [(rules, seat) for rules, n in (("two", 2), ("three", 3), ("four", 4), ("partners", 4))
          for seat in range(n)]
OBS, ACTS = _core.OBS_SIZE, _core.ACTIONS


def C(text):
    """The card code of '5C': 4 * rank + suit."""
    return "A23456789TJQK".index(text[0]) * 4 + "CDHS".index(text[1])


def arrays(n):
    return dict(action=np.zeros(n, np.int32), obs=np.zeros((n, OBS), np.uint8),
                mask=np.zeros((n, ACTS), np.uint8), seat=np.zeros(n, np.int8),
                reward=np.zeros((n, 4), np.float32), done=np.zeros(n, np.uint8))


def step_args(a):
    return a["action"], a["obs"], a["mask"], a["seat"], a["reward"], a["done"]


def first_legal(mask_rows):
    return np.array([int(np.flatnonzero(m)[0]) for m in mask_rows], np.int32)


# ---- thread counts, seeds, seats, arrays ----

def test_thread_counts_are_bounded_as_on_the_command_line():
    """Catches: threads=1000000 reaching OpenMP (a crash), a bool or float taken as a count."""
    for bad in (1000000, 257, -1, 2**70):
        with pytest.raises(ValueError, match=f"threads {bad}"):
            _core.Env("two", None, [None, "random"], 4, bad, "win")
    for bad in (2.0, "2", True):
        with pytest.raises(TypeError, match="threads"):
            _core.Env("two", None, [None, "random"], 4, bad, "win")
    with pytest.raises(ValueError, match="threads 100000"):
        CribbageVectorEnv(num_envs=2, opponents=["random"], threads=100000)
    # the environment checks the count itself, as the command line does, before the seats: one
    # past the cap is named even when the seat is bad too; the cap itself is taken
    with pytest.raises(ValueError, match="threads 257: 0 to 256"):
        CribbageVectorEnv(num_envs=2, opponents=["random"], threads=257, seat=9)
    assert CribbageVectorEnv(num_envs=2, opponents=["random"], threads=256).num_envs == 2
    # the batch size is the environment's own check too, named as the caller names it
    with pytest.raises(ValueError, match=r"^num_envs 2147483648: 1 to 2147483647$"):
        CribbageVectorEnv(num_envs=2**31, opponents=["random"])
    with pytest.raises(ValueError, match="n_games 0"):
        _core.Env("two", None, [None, "random"], 0, 1, "win")
    # the largest count the command line takes works, and gives the one-thread games
    a, b = arrays(8), arrays(8)
    wide = _core.Env("two", None, [None, "random"], 8, 256, "win")
    one = _core.Env("two", None, [None, "random"], 8, np.int64(1), "win")
    wide.reset(11, a["obs"], a["mask"], a["seat"])
    one.reset(11, b["obs"], b["mask"], b["seat"])
    for _ in range(5):
        a["action"][:] = b["action"][:] = first_legal(a["mask"])
        wide.step(*step_args(a))
        one.step(*step_args(b))
        assert np.array_equal(a["obs"], b["obs"])


def test_seeds_outside_the_command_lines_range_are_refused_naming_the_seed():
    """Catches: seed -1 dealt as 2**64 - 1 and 2**64 + 7 as 7 (the unchecked "K" conversion)."""
    env = _core.Env("two", None, [None, "random"], 2, 1, "win")
    a = arrays(2)
    env.reset(2**64 - 1, a["obs"], a["mask"], a["seat"])
    top = a["obs"].copy()
    for bad in (-1, 2**64 + 7, 2**64):
        with pytest.raises(ValueError, match=f"seed {bad}"):
            env.reset(bad, a["obs"], a["mask"], a["seat"])
    for bad in (1.5, "7", True, None):
        with pytest.raises(TypeError, match="seed"):
            env.reset(bad, a["obs"], a["mask"], a["seat"])
    assert np.array_equal(a["obs"], top)  # nothing written
    env.reset(np.uint64(2**64 - 1), a["obs"], a["mask"], a["seat"])
    assert np.array_equal(a["obs"], top)
    single = _core.Env("two", None, [None, "random"], 1, 1, "win")
    b = arrays(1)
    single.bind(*step_args(b))
    for bad in (-1, 2**64 + 7):
        with pytest.raises(ValueError, match=f"seed {bad}"):
            single.reset_bound(bad)
    gym_env = CribbageEnv(opponents=["random"])
    vec = CribbageVectorEnv(num_envs=2, opponents=["random"])
    aec = aec_env("three")
    for reset in (gym_env.reset, vec.reset, aec.reset):
        for bad in (-1, 2**64 + 7, 2**64):
            with pytest.raises(ValueError, match=f"seed {bad}"):
                reset(seed=bad)
        with pytest.raises(TypeError, match="seed"):
            reset(seed=2.5)
        reset(seed=2**64 - 1)


@pytest.mark.parametrize("rules,players", [("two", 2), ("three", 3), ("four", 4),
                                           ("partners", 4)])
def test_seats_the_table_lacks_are_refused(rules, players):
    """Catches: a learner seat one past the last accepted, a seat taken from a float or bool,
    an observation asked for a seat the game lacks."""
    for make in (lambda s: CribbageEnv(rules=rules, opponents=["random"], seat=s),
                 lambda s: CribbageVectorEnv(num_envs=1, rules=rules, opponents=["random"],
                                             seat=s)):
        for bad in (players, -1, 7):
            with pytest.raises(ValueError, match=f"seat {bad}"):
                make(bad)
        for bad in (1.0, True):
            with pytest.raises(TypeError, match="seat"):
                make(bad)
        assert make(np.int64(players - 1)).seat == players - 1
    state = Game(rules).new_initial_state(seed=3)
    out = np.zeros(OBS, np.uint8)
    for bad in (players, -1, 7):
        with pytest.raises(ValueError):
            state._core.observe(bad, out)
    if players < 4:
        with pytest.raises(ValueError, match=f"seat {players} .* beyond the rules"):
            _core.Env(rules, None, [None] * players + ["random"], 1, 1, "win")


def test_arrays_of_the_wrong_size_or_type_are_refused():
    """Catches: arrays longer than the batch accepted (the binding checking only that they are
    long enough), an action array of another dtype read as int32."""
    n = 3
    env = _core.Env("three", None, [None, "random", "random"], n, 1, "win")
    good = arrays(n)
    env.reset(5, good["obs"], good["mask"], good["seat"])
    for name in ("action", "obs", "mask", "seat", "reward", "done"):
        for wrong in (n + 1, n - 1):
            a = dict(good)
            a[name] = np.zeros((wrong,) + good[name].shape[1:], good[name].dtype)
            with pytest.raises(ValueError, match=name):
                env.step(*step_args(a))
            with pytest.raises(ValueError, match=name):
                env.bind(*step_args(a))
            if name in ("obs", "mask", "seat"):
                with pytest.raises(ValueError, match=name):
                    env.reset(5, a["obs"], a["mask"], a["seat"])
    a = dict(good)
    a["action"] = np.zeros(n, np.int64)
    with pytest.raises(ValueError, match="action"):
        env.step(*step_args(a))
    with pytest.raises(ValueError, match="slot 3"):
        env.last_game(3)
    with pytest.raises(ValueError, match="slot -1"):
        env.last_game(-1)
    assert env.last_game(2) is None


# ---- the single environment's step in one call ----

@pytest.mark.parametrize("rules,seat", [("two", 1), ("three", 2)])
def test_step_gym_is_step_bound_and_the_rows_read_as_gymnasium_asks(rules, seat):
    """Catches, against twin batches on one seed (one stepped by step_gym, one by step_bound
    and the reads the environment made before step_gym): another seat's reward, the reward
    before the step, a terminated flag that is not the game's, an observation not the final
    one at the game's end, a mask left set there, no game record there (or one before it),
    the returned arrays being the rows themselves (not copies)."""
    seats = [None if s == seat else "random" for s in range(3 if rules == "three" else 2)]
    fast, slow = _core.Env(rules, None, seats, 1, 1, "points"), _core.Env(rules, None, seats, 1, 1, "points")
    fa, sa = arrays(1), arrays(1)
    fast.bind(*step_args(fa))
    slow.bind(*step_args(sa))
    fast.reset_bound(11)
    slow.reset_bound(11)
    ends = steps = 0
    obs_row, mask_row = fa["obs"][0], fa["mask"][0].view(np.int8)
    while ends < 2:
        action = int(np.flatnonzero(sa["mask"][0])[steps % int(sa["mask"][0].sum())])
        obs, reward, terminated, truncated, info = fast.step_gym(action, seat, obs_row.copy,
                                                                  mask_row.copy)
        sa["action"][0] = action
        done = slow.step_bound()
        assert terminated is done and truncated is False
        assert reward == float(sa["reward"][0, seat]) and type(reward) is float
        if done:
            ends += 1
            final = np.zeros(OBS, np.uint8)
            assert slow.final_obs(0, final)
            np.testing.assert_array_equal(obs, final)
            assert not info["action_mask"].any()
            assert info["game"] == slow.last_game(0) and info["game"]["game"] == ends - 1
            # both slots have begun game `ends` of the seed: the next step is its first
        else:
            np.testing.assert_array_equal(obs, sa["obs"][0])
            np.testing.assert_array_equal(info["action_mask"], sa["mask"][0].view(np.int8))
            assert list(info) == ["action_mask"]
        assert info["action_mask"].dtype == np.int8 and obs.dtype == np.uint8
        assert not np.shares_memory(obs, fa["obs"]) and not np.shares_memory(info["action_mask"], fa["mask"])
        steps += 1
    assert steps > 40


def test_step_gym_refuses_bad_calls_before_the_game_moves():
    """Catches: a step taken before a bad seat, a non-callable copy or a batch of two is
    refused (the game moved and then the call failed), an illegal action left in the bound
    array, a crash on hostile arguments."""
    env = _core.Env("two", None, [None, "random"], 1, 1, "win")
    a = arrays(1)
    with pytest.raises(RuntimeError, match="bind"):
        env.step_gym(0, 0, a["obs"][0].copy, a["mask"][0].copy)
    env.bind(*step_args(a))
    env.reset_bound(5)
    legal = int(np.flatnonzero(a["mask"][0])[0])
    illegal = int(np.flatnonzero(a["mask"][0] == 0)[0])
    a["action"][0] = 7
    before = {k: v.copy() for k, v in a.items()}
    copies = (a["obs"][0].copy, a["mask"][0].copy)
    for args, error in [((legal, 2) + copies, ValueError), ((legal, -1) + copies, ValueError),
                        ((legal, 0, None, copies[1]), TypeError),
                        ((legal, 0, copies[0], 3), TypeError), ((legal, 0), TypeError),
                        ((legal, 0) + copies + (1,), TypeError), ((53, 0) + copies, ValueError),
                        (("1", 0) + copies, TypeError), ((illegal, 0) + copies, ValueError),
                        ((2**70, 0) + copies, ValueError)]:
        with pytest.raises(error):
            env.step_gym(*args)
        for k, v in a.items():
            np.testing.assert_array_equal(v, before[k], err_msg=f"{args}: {k}")
    env.step_gym(legal, 0, *copies)  # the game was where it was: the legal card still is
    two = _core.Env("two", None, [None, "random"], 2, 1, "win")
    b = arrays(2)
    two.bind(*step_args(b))
    two.reset_bound(5)
    with pytest.raises(ValueError, match="one game"):
        two.step_gym(int(np.flatnonzero(b["mask"][0])[0]), 0, b["obs"][0].copy, b["mask"][0].copy)


# ---- re-initialisation ----

def test_init_again_replaces_the_batch_and_drops_the_bound_arrays():
    """Catches: bind(), __init__(n_games=4096), reset_bound() writing 4096 games into arrays
    sized for one; a failed __init__ that leaves no batch (or half of one)."""
    env = _core.Env("two", None, [None, "random"], 1, 1, "win")
    small = arrays(1)
    env.bind(*step_args(small))
    env.reset_bound(3)
    env.__init__("two", None, [None, "random"], 4096, 1, "win")
    assert env.n_games == 4096
    # step_bound first: with the old arrays still bound it would fail without writing
    # ("step before reset"), where reset_bound would write 4096 games into them
    with pytest.raises(RuntimeError, match="bind"):
        env.step_bound()
    with pytest.raises(RuntimeError, match="bind"):
        env.reset_bound(3)
    big = arrays(4096)
    env.bind(*step_args(big))
    env.reset_bound(3)
    assert big["mask"].any(axis=1).all()
    # a bad __init__ changes nothing: the batch and its arrays stay
    with pytest.raises(ValueError, match="unknown rules"):
        env.__init__("seven", None, [None, "random"], 2, 1, "win")
    with pytest.raises(ValueError, match="threads"):
        env.__init__("two", None, [None, "random"], 2, 999, "win")
    assert env.n_games == 4096 and env.players == 2 and env.learners == [0]
    big["action"][:] = first_legal(big["mask"])
    env.step_bound()
    # the Gymnasium environments built again work from their new arguments
    gym_env = CribbageEnv(rules="two", opponents=["random"])
    gym_env.reset(seed=1)
    gym_env.__init__(rules="three", opponents=["random"], seat=2)
    obs, info = gym_env.reset(seed=1)
    assert obs[_core.OBS_PLAYERS] == 3 and obs[_core.OBS_SEAT] == 2
    with pytest.raises(ValueError):
        gym_env.__init__(rules="three", opponents=["random"], seat=3)
    assert gym_env.seat == 2
    gym_env.step(int(np.flatnonzero(info["action_mask"])[0]))


# ---- actions ----

def test_vector_actions_must_be_integers_in_range_and_nothing_moves_otherwise():
    """Catches: int64 2**32 + a played as a, float 9.6 and string '9' played as card 9, bools
    as cards 0 and 1: the silent cast to int32."""
    vec = CribbageVectorEnv(num_envs=2, opponents=["random"])
    twin = CribbageVectorEnv(num_envs=2, opponents=["random"])
    obs, info = vec.reset(seed=8)
    twin.reset(seed=8)
    legal = first_legal(info["action_mask"])
    refused = [
        (TypeError, legal.astype(np.float64) + 0.6),
        (TypeError, legal.astype(str)),
        (TypeError, np.array([True, False])),
        (TypeError, [float(legal[0]), float(legal[1])]),
        (TypeError, [str(legal[0]), str(legal[1])]),
        (TypeError, [bool(legal[0]), int(legal[1])]),
        (TypeError, 7.0),
        (ValueError, legal.astype(np.int64) + 2**32),
        (ValueError, legal.astype(np.uint64) + np.uint64(2**63)),
        (ValueError, np.array([-1, legal[1]])),
        (ValueError, np.array([53, legal[1]])),
        (ValueError, [int(legal[0]), 2**40]),
        (ValueError, legal[:1]),
        (ValueError, legal.reshape(2, 1)),
    ]
    for error, actions in refused:
        with pytest.raises(error, match="actions"):
            vec.step(actions)
    # a list is checked item by item, in order, each naming its index and the range 0 to 52:
    # 53 is refused before the bool after it is looked at
    for actions, message in (([int(legal[0]), 54], r"^actions\[1\] 54: 0 to 52$"),
                             ([53, True], r"^actions\[0\] 53: 0 to 52$"),
                             (np.array([legal[0], 53]), r"^actions\[1\] 53: 0 to 52$")):
        with pytest.raises(ValueError, match=message):
            vec.step(actions)
    assert np.array_equal(vec._obs, obs)
    for kind in (np.uint8, np.int16, np.int64):
        step = vec.step(legal.astype(kind))
        ref = twin.step(legal)
        assert np.array_equal(step[0], ref[0]) and np.array_equal(step[1], ref[1])
        legal = first_legal(step[4]["action_mask"])
    step = vec.step([np.int64(legal[0]), int(legal[1])])
    ref = twin.step(legal)
    assert np.array_equal(step[0], ref[0])


@pytest.mark.parametrize("illegal", ["lose", "raise"])
def test_single_and_aec_actions_must_be_integers_in_range(illegal):
    """Catches: CribbageEnv and the AEC environment playing 9.6, '9' or True as a card, or an
    out-of-range number forfeiting (or changing) the game instead of being refused."""
    env = CribbageEnv(opponents=["random"], illegal=illegal)
    twin = CribbageEnv(opponents=["random"], illegal=illegal)
    obs, info = env.reset(seed=4)
    twin.reset(seed=4)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    for error, action in [(TypeError, legal + 0.6), (TypeError, str(legal)), (TypeError, True),
                          (TypeError, np.float32(legal)), (TypeError, np.array([legal, 1])),
                          (TypeError, None), (ValueError, 2**32 + legal), (ValueError, -1),
                          (ValueError, 53)]:
        with pytest.raises(error, match="action"):
            env.step(action)
    step = env.step(np.int64(legal))
    ref = twin.step(legal)
    assert np.array_equal(step[0], ref[0]) and step[1:4] == ref[1:4]
    aec = aec_env("three")
    aec.reset(seed=6)
    before = aec.observe(aec.agent_selection)
    mask = before["action_mask"]
    legal = int(np.flatnonzero(mask)[0])
    for error, action in [(TypeError, legal + 0.6), (TypeError, str(legal)), (TypeError, True),
                          (ValueError, 2**32 + legal), (ValueError, 53), (ValueError, -1)]:
        with pytest.raises(error, match="action"):
            aec.step(action)
    for step in (env.step, aec.step):  # the range named, the last action 52
        with pytest.raises(ValueError, match=r"^action 53: 0 to 52$"):
            step(53)
    after = aec.observe(aec.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])
    illegal_card = int(np.flatnonzero(mask[:52] == 0)[0])
    with pytest.raises(ValueError):
        aec.step(illegal_card)
    assert aec.unwrapped._cumulative_rewards == {a: 0.0 for a in aec.possible_agents}
    aec.step(np.int8(legal))


# ---- one call at a time ----

AGENT = r'''
import os, sys
d = sys.argv[1]
RANKS = "A23456789TJQK"
def out(text):
    sys.stdout.write(text + "\n"); sys.stdout.flush()
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "cribsim":
        out("ready blocker")
    elif w[0] in ("discard", "play"):
        if os.path.exists(os.path.join(d, "block")):
            os.remove(os.path.join(d, "block"))
            with open(os.path.join(d, "asked"), "w") as f:
                f.write("asked %d\n" % os.getpid())
            with open(os.path.join(d, "go")) as f:
                f.read()
        if w[0] == "discard":
            out(" ".join(w[2:2 + int(w[1])]))
        else:
            count = int(w[1])
            out(next(c for c in w[2:] if count + min(RANKS.index(c[0]) + 1, 10) <= 31))
    elif w[0] == "quit":
        break
'''


class HeldAgent:
    """An outside agent (an exec: seat) that, once told to, stops at its next request until
    the test lets it go: the call waiting for it (a step, without the GIL) is held in the
    middle, for as long as the test needs, with no timing."""

    def __init__(self, tmp):
        self.dir = tmp
        path = os.path.join(tmp, "agent.py")
        with open(path, "w") as f:
            f.write(AGENT)
        os.mkfifo(os.path.join(tmp, "asked"))
        os.mkfifo(os.path.join(tmp, "go"))
        self.spec = f"exec:{sys.executable} {path} {tmp}"

    def hold_next(self):
        open(os.path.join(self.dir, "block"), "w").close()

    def wait_held(self):
        """Returns once the agent is held (True), or the stepping thread gave up (False)."""
        with open(os.path.join(self.dir, "asked")) as f:
            words = f.read().split()
        self.pid = int(words[1]) if words else None
        return bool(words)

    def give_up(self):
        """From the stepping thread, when it was never held: unblocks wait_held()."""
        with open(os.path.join(self.dir, "asked"), "w") as f:
            f.write("")

    def release(self):
        """Lets the held agent answer; returns at once if it is gone (a broken Env killed it)
        rather than waiting for a reader that will never come."""
        while True:
            try:
                fd = os.open(os.path.join(self.dir, "go"), os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: not reading yet, or gone
                try:
                    os.kill(self.pid, 0)
                except OSError:
                    return
                os.sched_yield()
                continue
            os.write(fd, b"go\n")
            os.close(fd)
            return


def overlap(agent, step, calls):
    """Runs step() over and over on a thread of its own until the agent holds one in the
    middle; meanwhile runs each of calls from this thread; returns what each raised."""
    result, raised = {}, []
    block = os.path.join(agent.dir, "block")

    def body():
        try:
            agent.hold_next()
            for _ in range(200):
                step()
                if not os.path.exists(block):
                    result["held"] = True
                    return
        except BaseException as e:  # reported below
            result["error"] = e
        if os.path.exists(block):  # never held: wait_held() is waiting
            agent.give_up()

    t = threading.Thread(target=body)
    t.start()
    got = False
    try:
        got = agent.wait_held()
        if got:
            for call in calls:
                try:
                    call()
                    raised.append(None)
                except Exception as e:
                    raised.append(e)
    finally:
        if got:
            agent.release()
        t.join()
    assert result.get("held") is True, result
    return raised


def test_a_call_while_a_step_runs_without_the_gil_is_refused_and_changes_nothing():
    """Catches: Env.__init__ from a second thread freeing the batch a step is playing (a crash
    in 2 runs of 3), a second thread's step or reset playing the same games at once (a seat
    "played --, which is not in its hand")."""
    with tempfile.TemporaryDirectory() as tmp:
        agent = HeldAgent(tmp)
        env = _core.Env("two", None, [None, agent.spec], 1, 1, "points")
        a = arrays(1)
        env.reset(21, a["obs"], a["mask"], a["seat"])
        taken = []

        def step():
            a["action"][:] = first_legal(a["mask"])
            taken.append(int(a["action"][0]))
            env.step(*step_args(a))

        b = arrays(1)
        raised = overlap(agent, step, [
            lambda: env.step(*step_args(b)),
            lambda: env.reset(3, b["obs"], b["mask"], b["seat"]),
            lambda: env.__init__("two", None, [None, "random"], 4096, 1, "win"),
            lambda: env.bind(*step_args(b)),
            lambda: env.last_game(0)])
        assert len(raised) == 5
        for e in raised:
            assert isinstance(e, RuntimeError) and "in use" in str(e), raised
        assert env.n_games == 1
        # the held game went on as if nothing had called: a twin given the same actions,
        # alone, is in the same place, and both finish the same game
        twin = _core.Env("two", None, [None, agent.spec], 1, 1, "points")
        t = arrays(1)
        twin.reset(21, t["obs"], t["mask"], t["seat"])
        for action in taken:
            t["action"][:] = action
            twin.step(*step_args(t))
        assert np.array_equal(t["obs"], a["obs"]) and np.array_equal(t["reward"], a["reward"])
        while env.last_game(0) is None:
            step()
            t["action"][:] = a["action"]
            twin.step(*step_args(t))
            assert np.array_equal(t["obs"], a["obs"])
        assert env.last_game(0) == twin.last_game(0)


def test_the_vector_env_refuses_a_second_thread_while_a_step_runs():
    """Catches: CribbageVectorEnv's reset, step or __init__ from a second thread accepted while
    a step runs (the vector env replacing its batch or its arrays under a step)."""
    with tempfile.TemporaryDirectory() as tmp:
        agent = HeldAgent(tmp)
        vec = CribbageVectorEnv(num_envs=1, opponents=[agent.spec])
        box = {"mask": vec.reset(seed=5)[1]["action_mask"]}

        def step():
            box["mask"] = vec.step(first_legal(box["mask"]))[4]["action_mask"]

        raised = overlap(agent, step, [
            lambda: vec.step(first_legal(box["mask"])),
            lambda: vec.reset(seed=1),
            lambda: vec.__init__(num_envs=64, opponents=["random"])])
        assert len(raised) == 3
        for e in raised:
            assert isinstance(e, RuntimeError) and "in use" in str(e), raised
        assert vec.num_envs == 1 and vec._env.n_games == 1
        step()


class Meddler:
    """An action whose __index__ (run inside the call that checks it) has a second thread
    call the same object, and waits for that call to finish: a deterministic overlap."""

    def __init__(self, value, calls):
        self.value, self.calls, self.raised = value, calls, []

    def __index__(self):
        def other():
            for call in self.calls:
                try:
                    call()
                    self.raised.append(None)
                except Exception as e:
                    self.raised.append(e)
        t = threading.Thread(target=other)
        t.start()
        t.join()
        return self.value


def test_a_call_from_another_thread_in_the_middle_of_a_call_is_refused():
    """Catches: CribbageEnv, the AEC environment or _core.Env accepting a call from another
    thread while one of theirs runs (the single env's action overwritten between its check
    and its step)."""
    env = CribbageEnv(opponents=["random"])
    _, info = env.reset(seed=2)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    m = Meddler(legal, [lambda: env.step(legal), lambda: env.reset(seed=1),
                        lambda: env.__init__(opponents=["random"], seat=1)])
    env.step(m)
    assert len(m.raised) == 3 and all(isinstance(e, RuntimeError) for e in m.raised), m.raised
    assert env.seat == 0
    aec = aec_env("two")
    aec.reset(seed=2)
    legal = int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0])
    m = Meddler(legal, [lambda: aec.step(legal), lambda: aec.reset(seed=1),
                        lambda: aec.observe("player_0")])
    aec.step(m)
    assert len(m.raised) == 3 and all(isinstance(e, RuntimeError) for e in m.raised), m.raised
    core = _core.Env("two", None, [None, "random"], 2, 1, "win")
    a = arrays(2)
    m = Meddler(3, [lambda: core.reset(1, a["obs"], a["mask"], a["seat"]),
                    lambda: core.__init__("two", None, [None, "random"], 4096, 1, "win")])
    core.reset(m, a["obs"], a["mask"], a["seat"])
    assert all(isinstance(e, RuntimeError) for e in m.raised) and core.n_games == 2


# ---- hand-worked deals beyond two players ----

# Four hands that peg nothing until the third card laid pairs the second: the leader lays the
# 5C, the next seat the 9C, the one after the 9D (a pair, 2 points). The last card of each
# hand is the one laid away (two in the two-handed game).
HANDS = {
    "lead": ["5C", "KC", "QC", "JC", "TC", "AC"],
    "nine": ["9C", "KD", "QD", "JD", "TD", "AD"],
    "pair": ["9D", "KH", "QH", "JH", "TH", "AH"],
    "rest": ["8S", "7S", "6S", "4S", "3S", "2S"],
    "five": ["5D", "KS", "QS", "JS", "TS", "AS"],
}


def scripted(rules, set, reward, dealer, who, crib_card=None, starter="2C"):
    """A game of `rules` dealt by hand: seat `dealer` deals, seat s gets HANDS[who[s]] (cut to
    the rules' cards dealt), each lays away its last cards, the starter is cut; returns the
    state at the play's first decision and each seat's cards."""
    game = Game(rules, set=set, reward=reward)
    state = game.new_initial_state()
    n = game.num_players()
    state.apply_action(dealer)  # the cut: the seat that deals
    dealt = 5 if n > 2 else 6
    hands = {s: [C(c) for c in HANDS[who[s]][:dealt]] for s in range(n)}
    seen_by = []
    for k in range(n * dealt):  # one at a time from the dealer's left
        s = (dealer + 1 + k) % n
        seen_by.append(state._core.visibility())
        state.apply_action(hands[s][k // n])
    if crib_card is not None:
        seen_by.append(state._core.visibility())
        state.apply_action(C(crib_card))
    while state.phase() == "discard":
        s = state.current_player()
        laid = sum(1 for c in hands[s] if c not in state.legal_actions())
        state.apply_action(hands[s][-1 - laid])
    state.apply_action(C(starter))
    return state, hands, seen_by


# (rules, dealer, who sits where, crib card): the leader is the dealer's left.
DEALS = {
    "two": ("two", 1, ["lead", "five"], None),
    "three": ("three", 2, ["lead", "nine", "pair"], "KS"),
    "four": ("four", 3, ["lead", "nine", "pair", "rest"], None),
    "partners": ("partners", 3, ["lead", "nine", "pair", "rest"], None),
    "partners-b": ("partners", 0, ["rest", "lead", "nine", "pair"], None),
}
T = -2 / 3
# Hand-worked returns at target 2 (the pair ends the game), seat by seat. League: a loser is
# minus its shortfall to 2; a winner 0, or 1 with skunk_line 1 (its opponents on 0 are below).
RETURNS = {
    "two": {"win": [-1, 1], "margin": [-2, 2], "points": [-2, 2], "clips": [0, 2],
            "league": [-2, 0], "skunk": [-2, 1]},
    "three": {"win": [-1, -1, 1], "margin": [-2, -2, 2], "points": [-1, -1, 2],
              "clips": [0, 0, 2], "league": [-2, -2, 0], "skunk": [-2, -2, 1]},
    "four": {"win": [-1, -1, 1, -1], "margin": [-2, -2, 2, -2], "points": [T, T, 2, T],
             "clips": [0, 0, 2, 0], "league": [-2, -2, 0, -2], "skunk": [-2, -2, 1, -2]},
    # seat 2 pairs: side 0 (seats 0 and 2) wins
    "partners": {"win": [1, -1, 1, -1], "margin": [2, -2, 2, -2], "points": [2, -2, 2, -2],
                 "clips": [2, 0, 2, 0], "league": [0, -2, 0, -2], "skunk": [1, -2, 1, -2]},
    # seat 3 pairs: side 1 (seats 1 and 3) wins
    "partners-b": {"win": [-1, 1, -1, 1], "margin": [-2, 2, -2, 2], "points": [-2, 2, -2, 2],
                   "clips": [0, 2, 0, 2], "league": [-2, 0, -2, 0], "skunk": [-2, 1, -2, 1]},
}


@pytest.mark.parametrize("deal", list(DEALS))
@pytest.mark.parametrize("reward", REWARDS + ["skunk"])
def test_hand_worked_pair_ends_the_game_with_each_reward_kinds_returns(deal, reward):
    """Catches: the margin's sign, the points reward summing the others' gains by seat (so
    partners count twice), the end reward comparing the winner with the seat number (partners'
    seats 2 and 3 never win), league's skunk and shortfall."""
    rules, dealer, who, crib = DEALS[deal]
    kind, set = (("league", {"target": 2, "skunk_line": 1}) if reward == "skunk"
                 else (reward, {"target": 2}))
    state, hands, _ = scripted(rules, set, kind, dealer, who, crib)
    n = len(who)
    lead = (dealer + 1) % n
    assert state.current_player() == lead and state.phase() == "play"
    state.apply_action(C("5C"))
    if n > 2:
        state.apply_action(C("9C"))
        assert state.returns() == [0.0] * n  # nothing scored yet: every kind says 0
        state.apply_action(C("9D"))
    else:
        state.apply_action(C("5D"))
    assert state.is_terminal()
    assert state.returns() == pytest.approx(RETURNS[deal][reward])


@pytest.mark.parametrize("deal", ["three", "four", "partners", "partners-b"])
def test_hand_worked_observations_place_every_seat_relative_to_the_observer(deal):
    """Catches: the cards-left bytes, the dealer byte or the played-card planes written by
    absolute seat or in the wrong direction (seat +k is k places to the observer's left)."""
    rules, dealer, who, crib = DEALS[deal]
    state, hands, _ = scripted(rules, {"target": 2}, "win", dealer, who, crib)
    n = len(who)
    state.apply_action(C("5C"))
    state.apply_action(C("9C"))
    lead, second = (dealer + 1) % n, (dealer + 2) % n
    # worked by hand for each deal: (dealer byte, cards left, played planes) per seat, in
    # the observer's own order +0, +1, ...
    expected = {
        "three": {0: (2, [3, 3, 4], {0: "5C", 1: "9C"}),
                  1: (1, [3, 4, 3], {0: "9C", 2: "5C"}),
                  2: (0, [4, 3, 3], {1: "5C", 2: "9C"})},
        "four": {0: (3, [3, 3, 4, 4], {0: "5C", 1: "9C"}),
                 1: (2, [3, 4, 4, 3], {0: "9C", 3: "5C"}),
                 2: (1, [4, 4, 3, 3], {2: "5C", 3: "9C"}),
                 3: (0, [4, 3, 3, 4], {1: "5C", 2: "9C"})},
        "partners-b": {0: (0, [4, 3, 3, 4], {1: "5C", 2: "9C"}),
                       1: (3, [3, 3, 4, 4], {0: "5C", 1: "9C"}),
                       2: (2, [3, 4, 4, 3], {0: "9C", 3: "5C"}),
                       3: (1, [4, 4, 3, 3], {2: "5C", 3: "9C"})},
    }
    expected["partners"] = expected["four"]
    assert (lead, second) == ((0, 1) if dealer == n - 1 else (1, 2))
    for seat, (dealer_at, left, played) in expected[deal].items():
        obs = state.observation_tensor(seat)
        assert obs[_core.OBS_SEAT] == seat
        assert np.flatnonzero(obs[_core.OBS_DEALER:_core.OBS_DEALER + 4]).tolist() == [dealer_at]
        assert obs[_core.OBS_LEFT:_core.OBS_LEFT + 4].tolist() == left + [0] * (4 - n)
        for k in range(4):
            plane = obs[_core.OBS_PLAYED + 52 * k:_core.OBS_PLAYED + 52 * k + 52]
            assert np.flatnonzero(plane).tolist() == ([C(played[k])] if k in played else []), \
                (seat, k)
        assert obs[_core.OBS_COUNT] == 14
        assert obs[_core.OBS_PARTNERS] == (rules == "partners")


def test_three_handed_crib_card_is_seen_by_nobody_and_each_card_by_its_receiver():
    """Catches: the three-player deal's crib card shown as seen by the seat left of the
    dealer (in its information state and to anything that trusts visibility)."""
    state, hands, seen_by = scripted("three", None, "win", 2, ["lead", "nine", "pair"], "KS")
    # dealer 2: the cards go to seats 0, 1, 2, 0, 1, 2 ... then the crib card to nobody
    assert seen_by == [1, 2, 4] * 5 + [0]
    for seat in range(3):
        text = state.information_state_string(seat)
        tokens = text.split()
        dealt = [tokens[i + 1] for i, t in enumerate(tokens) if t == "dealt"]
        assert len(dealt) == 16
        assert sorted(d for d in dealt if d != "?") == sorted(card_text(c) for c in hands[seat])
        assert "KS" not in text
        obs = state.observation_tensor(seat)
        for plane in range(8):
            assert obs[52 * plane + C("KS")] == 0


# ---- the environments from every seat, with every reward kind ----

def side_scores(obs, rules):
    """Each side's score from an observation, the observer's side first."""
    n = int(obs[_core.OBS_PLAYERS])
    scores = obs[_core.OBS_SCORE:_core.OBS_SCORE + n].astype(float)
    return scores[:2] if rules == "partners" else scores


def points_reward(before, after):
    own = after[0] - before[0]
    others = (after[1:] - before[1:]).mean()
    return own - others


def end_reward(kind, record, seat, rules, target):
    side = seat % 2 if rules == "partners" else seat
    score = list(record["score"])
    own, won = score[seat], record["winner"] == side
    best = max(score[s] for s in range(len(score)) if (s % 2 if rules == "partners" else s)
               != side)
    if kind == "win":
        return 1.0 if won else -1.0
    if kind == "margin":
        return float(own - best)
    if kind == "clips":
        return 2.0 if won else 0.0
    if kind == "league":
        return None if won else -float(target - own)  # a winner's skunk level: not checked here
    return None


def test_single_env_seeds_deal_different_games():
    """Catches: the game's seed drawn from a small range (2 % 63: ten seeds would deal two
    games), so that different reset seeds replay the same deals."""
    env = CribbageEnv(opponents=["random"])
    first = {env.reset(seed=s)[0].tobytes() for s in range(10)}
    assert len(first) == 10
    again = CribbageEnv(opponents=["random"])
    assert again.reset(seed=3)[0].tobytes() in first


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize("rules,seat", SEATED)
def test_single_env_seats_the_learner_and_gives_it_its_own_reward(rules, seat, reward):
    """Catches: the Gymnasium environment putting the learner at the last seat, or reading
    another seat's reward: every observation is the learner seat's, each points reward is its
    side's gain minus the others' mean, each end reward its side's result."""
    env = CribbageEnv(rules=rules, opponents=["random"], seat=seat, reward=reward)
    rng = np.random.default_rng(seat)
    obs, info = env.reset(seed=100 + seat)
    games = 0
    while games < 2:
        assert obs[_core.OBS_SEAT] == seat
        before = side_scores(obs, rules)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, r, term, trunc, info = env.step(action)
        if term:
            games += 1
            want = end_reward(reward, info["game"], seat, rules, int(obs[_core.OBS_TARGET]))
            if reward == "league" and want is None:
                assert r in (0.0, 1.0, 2.0)
            elif want is not None:
                assert r == want, (info["game"], r)
            obs, info = env.reset()
        elif reward == "points":
            assert r == pytest.approx(points_reward(before, side_scores(obs, rules)))
        else:
            assert r == 0.0


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize("rules,seat", SEATED)
def test_vector_env_seats_the_learner_and_gives_it_its_own_reward(rules, seat, reward):
    """Catches: the vector environment's learner at another seat, its reward read from another
    seat, a reset that keeps the slot's last finished game."""
    # same-step autoreset: a slot whose game ended plays on in its next game, rewards as usual
    vec = CribbageVectorEnv(num_envs=2, rules=rules, opponents=["random"], seat=seat,
                            reward=reward, threads=1, autoreset_mode="same_step")
    core = vec._env
    rng = np.random.default_rng(seat)
    for round_ in range(2):
        obs, info = vec.reset(seed=7 + round_)
        assert core.last_game(0) is None and core.last_game(1) is None
        ended = np.zeros(2, bool)
        while not ended.all():
            assert (obs[:, _core.OBS_SEAT] == seat).all()
            before = [side_scores(o, rules) for o in obs]
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
            obs, r, term, trunc, info = vec.step(acts)
            for i in range(2):
                if term[i]:
                    ended[i] = True
                    rec = core.last_game(i)
                    assert rec["game"] in (i, i + 2)
                    want = end_reward(reward, rec, seat, rules, int(obs[i, _core.OBS_TARGET]))
                    if want is not None:
                        assert r[i] == want, (rec, r[i])
                elif reward == "points":
                    assert r[i] == pytest.approx(points_reward(before[i],
                                                               side_scores(obs[i], rules)))
                else:
                    assert r[i] == 0.0


def replayed(rules, reward, seed, game, actions):
    state = Game(rules, reward=reward).new_initial_state(seed=seed, game=game)
    for a in actions:
        state.apply_action(a)
    return state


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize("rules", TABLES)
def test_aec_env_rewards_views_and_resets_match_the_game_replayed(rules, reward):
    """Catches: the AEC step reward being the running total (not the step's difference), every
    agent shown the acting agent's hand, a reset without a seed replaying the same game."""
    env = aec_env(rules, reward=reward)
    n = len(env.possible_agents)
    rng = np.random.default_rng(n)
    for game_index in range(2):
        if game_index == 0:
            env.reset(seed=31)
        else:
            env.reset()  # the seed's next game
        total = {a: 0.0 for a in env.possible_agents}
        prev = [0.0] * n
        state = replayed(rules, reward, 31, game_index, [])
        for agent in env.agent_iter(max_iter=2000):
            obs, r, term, trunc, info = env.last()
            total[agent] += r
            if term or trunc:
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            assert seat == state.current_player()
            for s, other in enumerate(env.possible_agents):
                view = env.observe(other)
                assert np.array_equal(view["observation"], state.observation_tensor(s)), \
                    (other, agent)
                assert view["action_mask"].any() == (s == seat)
            hands = [set(np.flatnonzero(env.observe(a)["observation"][:52])) for a in
                     env.possible_agents]
            assert all(not (hands[i] & hands[j]) for i in range(n) for j in range(i))
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            state.apply_action(action)
            now = state.returns()
            for s, a in enumerate(env.possible_agents):
                assert env.unwrapped.rewards[a] == pytest.approx(now[s] - prev[s])
            prev = now
        assert state.is_terminal()
        final = state.returns()
        for s, a in enumerate(env.possible_agents):
            assert total[a] == pytest.approx(final[s])
        assert env.unwrapped.state.game_record() == state.game_record()
        assert state.game_record()["game"] == game_index


def test_aec_reset_without_a_seed_draws_a_new_seed_and_starts_at_its_first_game():
    """Catches: the drawn seed taken modulo a small number (2 or 61: two of 62 environments
    reset without a seed would deal the same games), the first unseeded game not game 0 of
    its seed, the next reset not the seed's next game."""
    seeds = set()
    for _ in range(62):
        env = aec_env("two")
        env.reset()
        state = env.unwrapped.state
        assert 0 <= state.seed() < 2**63
        assert state.game_record()["game"] == 0
        seeds.add(state.seed())
    assert len(seeds) == 62
    env.reset()
    assert env.unwrapped.state.seed() == state.seed()
    assert env.unwrapped.state.game_record()["game"] == 1


def test_opponent_counts_and_the_aec_spaces_are_named_exactly():
    """Catches: the other seats miscounted in the message (players >> 1: 1 for 3 players), an
    AEC action mask declared up to 2, an observation declared up to 254."""
    for rules, given, others in (("three", 3, 2), ("four", 2, 3), ("two", 2, 1)):
        with pytest.raises(ValueError, match=rf"^opponents: {given} given for {others} other "
                                             r"seats$"):
            CribbageEnv(rules=rules, opponents=["random"] * given)
    env = aec_env("three")
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert (space["action_mask"].low.min(), space["action_mask"].high.max()) == (0, 1)
        assert (space["observation"].low.min(), space["observation"].high.max()) == (0, 255)
    # every byte of the observation may be 0 to 255, in the Gymnasium environments too
    vec = CribbageVectorEnv(num_envs=2, opponents=["random"])
    for space in (CribbageEnv(opponents=["random"]).observation_space,
                  vec.single_observation_space, vec.observation_space):
        assert (space.low.min(), space.low.max(), space.high.min(), space.high.max()) == (
            0, 0, 255, 255)


def test_single_env_ansi_render_names_the_hand_pile_count_and_score():
    """Seed 2, the learner laying its first legal card each time, against random. Catches: the
    render's hand or pile read past their 52 bytes (a slice to OBS_HAND ** 52: codes past the
    deck), the second score shown as the first, a render without a mode failing instead of
    giving None."""
    assert CribbageEnv(opponents=["random"]).render() is None
    env = CribbageEnv(opponents=["random"], render_mode="ansi")
    obs, info = env.reset(seed=2)
    while not obs[_core.OBS_PILE:_core.OBS_PILE + 52].any():  # into the play
        obs, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not done

    def shown(obs):
        hand = [card_text(c) for c in range(52) if obs[_core.OBS_HAND + c]]
        pile = [card_text(c) for c in range(52) if obs[_core.OBS_PILE + c]]
        score = obs[_core.OBS_SCORE:_core.OBS_SCORE + 2]
        return (f"seat 0: hand {' '.join(hand)}; pile {' '.join(pile)} (count "
                f"{obs[_core.OBS_COUNT]}); score {score[0]} to {score[1]}")

    # the learner led 6S and random answered 8S: 14
    assert env.render() == shown(obs) == (
        "seat 0: hand 8C 8H QS; pile 6S 8S (count 14); score 0 to 0")
    while obs[_core.OBS_SCORE] == obs[_core.OBS_SCORE + 1]:  # the two scores apart
        obs, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not done
    # 8C pairs the eight (2 to the learner), random lays 2H: 6 + 8 + 8 + 2 = 24
    assert env.render() == shown(obs) == (
        "seat 0: hand 8H QS; pile 2H 6S 8C 8S (count 24); score 2 to 0")


def test_aec_human_render_prints_the_state_after_each_step(capsys):
    """Catches: the human render mode not printing after a step (or the ansi mode printing)."""
    for mode, printed in (("human", True), ("ansi", False)):
        env = aec_env("two", render_mode=mode)
        env.reset(seed=5)
        capsys.readouterr()
        state = Game("two").new_initial_state(seed=5)
        action = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
        env.step(action)
        state.apply_action(action)
        assert capsys.readouterr().out == (str(state) + "\n" if printed else "")
        assert env.render() == (None if printed else str(state))


def test_batch_reset_forgets_the_slots_finished_games():
    """Catches: a reset that keeps the slot's last finished game (last_game answering for a
    game of the batch before the reset)."""
    env = _core.Env("two", None, [None, "random"], 2, 1, "win")
    a = arrays(2)
    env.reset(9, a["obs"], a["mask"], a["seat"])
    assert env.last_game(0) is None
    for _ in range(2000):
        a["action"][:] = first_legal(a["mask"])
        env.step(*step_args(a))
        if env.last_game(0) is not None and env.last_game(1) is not None:
            break
    assert env.last_game(0)["game"] == 0 and env.last_game(1)["game"] == 1
    env.reset(9, a["obs"], a["mask"], a["seat"])
    assert env.last_game(0) is None and env.last_game(1) is None


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

"""Specs that run code (exec:, plugin:) from Python: read strictly, checked before anything
starts, and refused on request.

Every test watches a mark that the exec: command leaves when it runs, so "nothing started" is
seen, not assumed. Run by ctest with the project's Python, or directly:
.venv/bin/python -m pytest tests/test_python_specs.py. Each test names the bug it would catch.
"""
import os
import subprocess
import sys
import textwrap

import gymnasium
import pytest

import cribsim
import cribsim.envs
from cribsim import _core
from cribsim.envs import CribbageEnv, CribbageVectorEnv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AGENT = f"{sys.executable} {ROOT}/strategies/external/example_agent.py"


@pytest.fixture
def mark(tmp_path):
    """A path the spec's command creates when it runs (and only then)."""
    return tmp_path / "ran"


def marked(mark, keys=""):
    """An exec: spec whose command leaves the mark, then plays as the example agent."""
    return f"exec:{keys}touch {mark}; exec {AGENT}"


def test_a_started_exec_spec_leaves_its_mark(mark):
    # the control for every test below: an allowed exec: seat does run its command
    s = cribsim.Strategy(marked(mark))
    assert mark.exists()
    assert s.spec.startswith("exec:timeout_ms=10000:touch ")


def test_a_bad_chance_in_the_key_block_is_refused_before_the_command_runs(mark):
    # bug: a block holding '-' was not read as keys, and "miss=-0.1:CMD" went to /bin/sh whole
    with pytest.raises(ValueError, match="a chance of overlooking is a number from 0 to 1"):
        cribsim.Strategy(marked(mark, "miss=-0.1:"))
    assert not mark.exists()


def test_an_exponent_in_the_key_block_is_read_as_keys(mark):
    # bug: "miss=1e-5:CMD" was handed to /bin/sh whole, so CMD never ran as the command
    s = cribsim.Strategy(marked(mark, "miss=1e-5:"))
    assert mark.exists()
    assert s.spec.startswith("exec:timeout_ms=10000,miss=1e-05:touch ")


@pytest.mark.parametrize("block", ["timeout_ms=+5:", "Timeout_ms=5:", "miss=nan:",
                                   "miss=0x1p-2:", "timeout_ms=99999999999999999999:"])
def test_other_bad_key_blocks_are_refused_before_the_command_runs(mark, block):
    with pytest.raises(ValueError, match="strategy 'exec'|chance of overlooking"):
        cribsim.Strategy(marked(mark, block))
    assert not mark.exists()


def test_env_seats_are_all_checked_before_any_program_starts(mark):
    # bug: seat 1's program started for game 0 before seat 2's unknown strategy was refused
    with pytest.raises(ValueError, match="seat 2: .*unknown strategy 'bogus'|seat 2: .*bogus"):
        _core.Env("three", None, [None, marked(mark), "bogus"], 2, 1)
    assert not mark.exists()


def test_gymnasium_opponents_are_all_checked_before_any_program_starts(mark):
    with pytest.raises(ValueError, match="bogus"):
        gymnasium.make("cribsim/Cribbage-v0", rules="three", opponents=[marked(mark), "bogus"])
    assert not mark.exists()
    with pytest.raises(ValueError, match="bogus"):
        CribbageVectorEnv(num_envs=3, rules="three", opponents=[marked(mark), "bogus"])
    assert not mark.exists()


def test_allow_code_false_refuses_exec_and_plugin_everywhere(mark):
    # bug: a program building specs from data had no way to refuse the specs that run code
    spec = marked(mark)
    with pytest.raises(ValueError, match=r"runs an outside program \(exec:\).*refused"):
        cribsim.Strategy(spec, allow_code=False)
    with pytest.raises(ValueError, match=r"loads a shared object \(plugin:\).*refused"):
        cribsim.Strategy("plugin:/nonexistent/x.so", allow_code=False)
    with pytest.raises(ValueError, match="refused"):
        _core.Env("two", None, [None, spec], 2, 1, allow_code=False)
    with pytest.raises(ValueError, match="refused"):
        CribbageEnv(opponents=[spec], allow_code=False)
    with pytest.raises(ValueError, match="refused"):
        gymnasium.make("cribsim/Cribbage-v0", opponents=[spec], allow_code=False)
    with pytest.raises(ValueError, match="refused"):
        CribbageVectorEnv(num_envs=2, opponents=[spec], allow_code=False)
    assert not mark.exists()
    # the built-in strategies are made as ever
    assert cribsim.Strategy("expected", allow_code=False).spec.startswith("expected")
    CribbageEnv(opponents=["random"], allow_code=False).reset(seed=1)


def test_check_spec_and_spec_runs_code_start_nothing(mark):
    spec = marked(mark)
    assert cribsim.spec_runs_code(spec) and cribsim.spec_runs_code("plugin:x.so")
    assert not cribsim.spec_runs_code("expected") and not cribsim.spec_runs_code("execute")
    cribsim.check_spec(spec)  # a good exec: spec is checked, not started
    assert not mark.exists()
    with pytest.raises(ValueError, match="refused"):
        cribsim.check_spec(spec, allow_code=False)
    with pytest.raises(ValueError, match="chance of overlooking"):
        cribsim.check_spec(marked(mark, "miss=2:"))
    with pytest.raises(ValueError, match="peg"):
        cribsim.check_spec("expected:peg=nope")
    with pytest.raises(TypeError):
        cribsim.spec_runs_code(None)
    assert not mark.exists()


def test_refuse_code_specs_holds_for_the_whole_process(tmp_path):
    # in a process of its own: the switch cannot be turned off again
    mark = tmp_path / "ran"
    script = textwrap.dedent(f"""
        import cribsim, gymnasium, cribsim.envs
        from cribsim import _core
        spec = {marked(mark, "")!r}
        assert not cribsim.code_specs_refused()
        cribsim.refuse_code_specs()
        assert cribsim.code_specs_refused()
        for make in (lambda: cribsim.Strategy(spec, allow_code=True),
                     lambda: cribsim.Strategy("plugin:/nonexistent/x.so"),
                     lambda: _core.Env("two", None, [None, spec], 1, 1, allow_code=True),
                     lambda: gymnasium.make("cribsim/Cribbage-v0", opponents=[spec]),
                     lambda: cribsim.envs.CribbageVectorEnv(num_envs=2, opponents=[spec]),
                     lambda: cribsim.check_spec(spec)):
            try:
                make()
            except ValueError as e:
                assert "refused" in str(e), e
            else:
                raise AssertionError("a code spec was made after refuse_code_specs()")
        cribsim.Strategy("expert")
        print("refused")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "refused"
    assert not mark.exists()

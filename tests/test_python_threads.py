"""Threads that never hurt: OpenMP's threads spin 1,000 turns (microseconds) and then sleep
when they wait, in the Python package and in the cribsim executable, unless the caller chose a
policy.

libgomp shows its settings (OMP_DISPLAY_ENV, omp_display_env): GOMP_SPINCOUNT '0' is the
passive wait; its default spins 300,000 times. The figures the policy gives are benchmarks,
not tests (docs/python.md, Threads).

Run by ctest, or directly: CRIBSIM=build/cribsim .venv/bin/python tests/test_python_threads.py
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

SHOW = ("import os, ctypes, cribsim, cribsim._core; "
        "ctypes.CDLL('libgomp.so.1').omp_display_env(1); "
        "print(os.environ.get('GOMP_SPINCOUNT'))")


def spincount(stderr: str) -> str:
    """The GOMP_SPINCOUNT libgomp showed last (the process that ran)."""
    found = re.findall(r"GOMP_SPINCOUNT = '(\d+)'", stderr)
    assert found, stderr
    return found[-1]


def environment(**set_vars):
    env = {k: v for k, v in os.environ.items()
           if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "OMP_DISPLAY_ENV")}
    env.update(set_vars)
    return env


def test_import_cribsim_makes_openmp_spin_briefly_leaving_the_environment_alone():
    """Catches: the extension loading libgomp with its spinning default (two threads 2 to 60
    times slower than one on a busy machine) or with a passive wait (1.2 times one idle), or
    GOMP_SPINCOUNT left set for every program the process starts."""
    out = subprocess.run([sys.executable, "-c", SHOW], env=environment(), capture_output=True,
                         text=True, check=True)
    assert spincount(out.stderr) == "1000"
    assert out.stdout.strip() == "None"


def test_a_policy_the_caller_chose_stands():
    out = subprocess.run([sys.executable, "-c", SHOW], env=environment(GOMP_SPINCOUNT="1234"),
                         capture_output=True, text=True, check=True)
    assert spincount(out.stderr) == "1234"


def cribsim_binary() -> str:
    path = os.environ.get("CRIBSIM") or str(Path(__file__).resolve().parents[1] / "build/cribsim")
    if not os.access(path, os.X_OK):
        pytest.skip(f"no cribsim executable at {path} (set CRIBSIM)")
    return path


@pytest.mark.parametrize("given, shown", [({}, "1000"), ({"GOMP_SPINCOUNT": "1234"}, "1234"),
                                           ({"OMP_WAIT_POLICY": "passive"}, "0")])
def test_the_cribsim_executable_spins_briefly_unless_told_otherwise(given, shown):
    """Catches: the executable keeping libgomp's spinning default (it is read before main()),
    or overriding a wait policy the caller set."""
    out = subprocess.run([cribsim_binary(), "--version"],
                         env=environment(OMP_DISPLAY_ENV="verbose", **given),
                         capture_output=True, text=True, check=True)
    assert spincount(out.stderr) == shown
    assert out.stdout.startswith("cribsim ")


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"]))

"""cribsim from Python: the analysis of cribsim's run and event files, and the engine's
compiled extension (cribsim._core).

    import cribsim
    games = cribsim.games("run.h5")            # one row per game, one column per seat
    deals = cribsim.deals("run.h5")            # one row per deal (files with --record deals)
    cribsim.show_score(["5H", "5C", "5S", "JD"], "5D")   # 29: the engine's own scorer
    state = cribsim.Game("two").new_initial_state(seed=7)  # a game to step (cribsim.game)
    import cribsim.envs                        # PettingZoo and Gymnasium environments

The package is grouped by purpose, each group a subpackage:

    cribsim.game, cribsim.envs   the engine from Python: a game to step, the strategies as
                                 Python objects, PettingZoo and Gymnasium environments
    cribsim.io                   run and event files: the reader, the loader, card codes, the
                                 datasets for machine learning, the commands' outputs
    cribsim.analysis             figures, reports, matches, shards, results, ladder, events,
                                 the win grid
    cribsim.train                the discard model's, the model strategy's and nn's trainers
    cribsim._core                the compiled extension (analysis/cribsim/_core.c)

The loader's functions (cribsim.io.loader, which lists every column) are this package's own
names; the tools are modules (cribsim.analysis.report, cribsim.io.dataset, ...), each also a
command (cribsim-report, ...; `python -m cribsim.analysis.report` too). README.md and
analysis/README.md tell the rest.

The names are imported on first use, so `import cribsim` alone loads neither pandas nor h5py,
and a tool can set the environment before numpy starts (train/model.py fixes BLAS's threads).
"""

import importlib
import os

__version__ = "0.1.0"


#: The spin count of OpenMP's waits (the cribsim executable sets the same: experiments/cli/main.c).
_OMP_SPINCOUNT = "1000"


def _omp_wait_short() -> None:
    """OpenMP threads that spin briefly and then sleep when they wait, unless the caller chose
    (OMP_WAIT_POLICY or GOMP_SPINCOUNT). libgomp's threads spin for milliseconds by default,
    which on a machine busy with other work made the batch's two threads 2 to 60 times slower
    than one; sleeping at once (a passive wait) costs a wake-up at every step, which held two
    threads to 1.2 times one on an idle machine. _OMP_SPINCOUNT turns (microseconds) keep both:
    docs/python.md, Threads. libgomp reads its settings once, when it is loaded: so it is
    loaded here, with the count set, before the extension that links it, and the process
    environment is left as it was. Where another library loaded libgomp first, its policy
    stands."""
    if "OMP_WAIT_POLICY" in os.environ or "GOMP_SPINCOUNT" in os.environ:
        return
    import ctypes
    os.environ["GOMP_SPINCOUNT"] = _OMP_SPINCOUNT
    try:
        ctypes.CDLL("libgomp.so.1", mode=ctypes.RTLD_GLOBAL)
    except OSError:  # another OpenMP runtime, or none: the extension brings its own
        pass
    finally:
        del os.environ["GOMP_SPINCOUNT"]


_omp_wait_short()

# name -> the module that defines it
_EXPORTS = {name: "io.loader" for name in (
    "games", "deals", "plays", "iter_games", "iter_deals", "iter_plays", "rules", "provenance",
    "events", "standings", "event_games", "table")}
_EXPORTS["CribsimFileError"] = "io.runfile"
_EXPORTS.update({name: "_core" for name in (
    "show_score", "peg_score", "engine_version",
    # specs that run code (exec:, plugin:): docs/security.md
    "refuse_code_specs", "code_specs_refused", "spec_runs_code", "check_spec")})
_EXPORTS.update({name: "game" for name in ("Game", "State", "Strategy")})

__all__ = sorted(_EXPORTS)


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cribsim' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_EXPORTS))

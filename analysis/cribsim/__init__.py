"""cribsim from Python: the analysis of cribsim's run and event files, and the engine's
compiled extension (cribsim._core).

    import cribsim
    games = cribsim.games("run.h5")            # one row per game, one column per seat
    deals = cribsim.deals("run.h5")            # one row per deal (files with --record deals)
    cribsim.show_score(["5H", "5C", "5S", "JD"], "5D")   # 29: the engine's own scorer
    state = cribsim.Game("two").new_initial_state(seed=7)  # a game to step (cribsim.game)
    import cribsim.envs                        # PettingZoo and Gymnasium environments

The loader's functions (loader.py, which lists every column) are this package's; the tools
are its modules (cribsim.report, cribsim.matches, cribsim.events, cribsim.dataset, ...), each
also a command (cribsim-report, ...; `python -m cribsim.report` too). README.md and
analysis/README.md tell the rest.

The names are imported on first use, so `import cribsim` alone loads neither pandas nor h5py,
and a tool can set the environment before numpy starts (train_model.py fixes BLAS's threads).
"""

import importlib

__version__ = "0.1.0"

# name -> the module that defines it
_EXPORTS = {name: "loader" for name in (
    "games", "deals", "plays", "iter_games", "iter_deals", "iter_plays", "rules", "provenance",
    "events", "standings", "event_games", "table")}
_EXPORTS["CribsimFileError"] = "runfile"
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

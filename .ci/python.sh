#!/usr/bin/env bash
# The project's one Python environment: <repo>/.venv, made with the python3 on the PATH (3.9 or
# later, with venv), holding the package `cribsim` installed editable from this checkout (pip
# install -e ".[EXTRAS]": the Python modules are read from analysis/cribsim, the extension
# cribsim._core is built by scikit-build-core) with its dependencies from PyPI. Everything the
# project runs with Python uses .venv/bin/python (CMake's CRIBSIM_PYTHON, the tests,
# experiments/*.sh, results/regenerate.sh). .ci/deps.sh runs this; by hand:
#
#     bash .ci/python.sh              # creates or updates .venv with the test extras (below)
#     CRIBSIM_EXTRAS=analysis bash .ci/python.sh   # the package and the extra `analysis` only
#     PYTHON=python3.12 bash .ci/python.sh   # another interpreter for a new .venv
#
# Extras (pyproject.toml's [project.optional-dependencies]): CRIBSIM_EXTRAS, a comma-separated
# list, names the ones wanted; without it, test_extras below, everything the test suite runs
# (tests/run_all.sh). The quick start (experiments/run_default.sh, through .ci/deps.sh --run)
# asks for `analysis` alone: the report, no pytest, no PyTorch. A .venv only grows: the extras
# installed before (.venv/.cribsim-extras) stay, so the quick start after the tests changes
# nothing and the tests after the quick start add theirs (rm -rf .venv to start smaller).
#
# The install is skipped when nothing it depends on changed. .venv/.cribsim-deps holds a hash of
# pyproject.toml and the extras (a change: the whole install again), .venv/.cribsim-build one of
# CMakeLists.txt, the C sources the extension is built from and the package's file names (a
# change: the extension rebuilt, a few seconds, in .venv/build/: the build folder of the
# editable install, out of the source tree). An editable install reads the Python files'
# contents from the checkout: editing a module needs nothing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"
# The extras the test suite needs; a new extra that a test imports is added here.
test_extras="test,analysis,rl,train,openspiel,parquet,minari,dataset-readers"

# pip, quiet; its warnings about configured package locations missing on this machine (one per
# package looked up) are dropped, its other messages kept.
pip() {
    "$venv/bin/python" -m pip "$@" 2>&1 |
        { grep -v "^WARNING: Location '.*' is ignored: it is neither a file nor a directory" || true; } >&2
}

cd "$root"
mkdir -p "$venv"
# One setup at a time (two of the README's commands started at once share the .venv).
exec 9>"$venv/.lock"
flock 9

if [ ! -x "$venv/bin/python" ]; then
    if ! command -v "$python" >/dev/null ||
        ! "$python" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 9))' 2>/dev/null; then
        echo "python.sh: needs $python 3.9 or later with the venv module on the PATH (found:" \
            "$(command -v "$python" >/dev/null && "$python" --version 2>&1 || echo none));" \
            "install one (Debian: apt-get install python3 python3-venv) or name one with" \
            "PYTHON=/path/to/python3 bash .ci/python.sh" >&2
        exit 1
    fi
    echo "== python: creating $venv with $("$python" --version 2>&1)" >&2
    "$python" -m venv "$venv"
    pip install --quiet --upgrade pip
fi

# The extras wanted, with those installed before, each once, in a stable order.
extras=$(printf '%s\n' "${CRIBSIM_EXTRAS-$test_extras}" "$(cat "$venv/.cribsim-extras" 2>/dev/null || true)" |
    tr ', ' '\n\n' | { grep -v '^$' || true; } | LC_ALL=C sort -u | paste -sd, -)
# The editable install's build folder: persistent (a C change rebuilds incrementally), in .venv
# (nothing in the source tree; a plain `pip install .` builds in a temporary folder).
build_dir=(--config-settings "build-dir=$venv/build/{wheel_tag}")

# What the dependencies come from, and what the extension is built from.
deps_stamp=$(
    {
        echo "extras $extras"
        "$venv/bin/python" --version 2>&1
        sha256sum pyproject.toml
    } | sha256sum | cut -d' ' -f1
)
build_stamp=$(
    {
        sha256sum CMakeLists.txt cmake/embed_file.cmake strategies/models/default.model \
            strategies/models/default.nn
        find engine strategies experiments/env analysis -name '*.[ch]' -type f | LC_ALL=C sort | xargs sha256sum
        find analysis/cribsim -name '*.py' -type f | LC_ALL=C sort
    } | sha256sum | cut -d' ' -f1
)
old_deps=$(cat "$venv/.cribsim-deps" 2>/dev/null || true)
old_build=$(cat "$venv/.cribsim-build" 2>/dev/null || true)
if [ "$old_deps" != "$deps_stamp" ]; then
    # pyproject.toml changed (or a new .venv): the whole install, dependencies from PyPI, and
    # the build requirements ([build-system] requires) into .venv too, for the quick path below.
    echo "== python: installing cribsim into $venv (pip install -e .[$extras])" >&2
    rm -f "$venv/.cribsim-deps" "$venv/.cribsim-build"
    mapfile -t build_requires < <("$venv/bin/python" - <<'PY'
import ast, re
text = open("pyproject.toml").read()
m = re.search(r"^\[build-system\][^\[]*?^requires\s*=\s*(\[[^\]]*\])", text, re.M | re.S)
print("\n".join(ast.literal_eval(m.group(1))))
PY
    )
    pip install --quiet "${build_requires[@]}"
    pip install --quiet "${build_dir[@]}" -e ".${extras:+[$extras]}"
    echo "$extras" >"$venv/.cribsim-extras"
    echo "$deps_stamp" >"$venv/.cribsim-deps"
elif [ "$old_build" != "$build_stamp" ]; then
    # Only the C sources (or the package's files) changed: the extension rebuilt, incrementally
    # in .venv/build/, with what .venv already holds.
    echo "== python: rebuilding cribsim._core in $venv" >&2
    rm -f "$venv/.cribsim-build"
    pip install --quiet --no-deps --no-build-isolation "${build_dir[@]}" -e .
fi
echo "$build_stamp" >"$venv/.cribsim-build"

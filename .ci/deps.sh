#!/usr/bin/env bash
# Installs the Debian 12 packages cribsim's C code builds and tests with, only those missing,
# and any more named as arguments (tests/race_check.sh adds clang libomp-dev,
# tests/slurm_cluster.sh Slurm and MUNGE), then sets up the project's one Python environment,
# .venv (.ci/python.sh: the package cribsim with numpy, h5py, pandas, ... from PyPI, made with
# the python3 on the PATH). Needs root or sudo when a Debian package is missing.
#
#     bash .ci/deps.sh             # what the tests need (tests/run_all.sh): the C build, clang
#                                  # with its sanitizer runtime and OpenMP, clang-format; .venv
#                                  # with the test extras (.ci/python.sh's test_extras)
#     bash .ci/deps.sh --run       # what building and running needs (experiments/run_default.sh):
#                                  # the C build's packages; .venv with the package and the
#                                  # extra `analysis` (CRIBSIM_EXTRAS chooses others)
#     bash .ci/deps.sh --no-python PKG...   # packages only (a caller with its own interpreter)
#
# --run and --no-python go first, in either order. Packages a run installed are kept, and so are
# a .venv's extras: --run after the full set changes nothing, the full set after --run adds.
set -euo pipefail
python=1
run=0
while [ $# -gt 0 ]; do
    case "$1" in
    --no-python) python=0 ;;
    --run) run=1 ;;
    *) break ;;
    esac
    shift
done
# The C build (gcc, with its own OpenMP) and the CUnit suites it compiles.
pkgs=(build-essential cmake pkg-config libhdf5-dev libcunit1-dev libyaml-dev libisal-dev zlib1g-dev)
# The tests' tools: clang for its sanitizer pass and the fuzzers, clang-format for the check.
[ "$run" = 1 ] || pkgs+=(clang libclang-rt-14-dev libomp-dev clang-format)
pkgs+=("$@")
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    echo "installing: ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "$python" = 1 ] && [ "$run" = 1 ]; then
    CRIBSIM_EXTRAS="${CRIBSIM_EXTRAS-analysis}" bash "$(dirname "$0")/python.sh"
elif [ "$python" = 1 ]; then
    bash "$(dirname "$0")/python.sh"
fi

#!/usr/bin/env bash
# Installs the Debian 12 packages cribsim's C code builds and tests with, only those missing,
# and any more named as arguments (tests/race_check.sh adds clang libomp-dev,
# tests/slurm_cluster.sh Slurm and MUNGE), then sets up the project's one Python environment,
# .venv (.ci/python.sh: the package cribsim with numpy, h5py, pandas, ... from PyPI, made with
# the python3 on the PATH) unless the first argument is --no-python (a caller that runs with
# another interpreter, CRIBSIM_PYTHON, and only wants packages). Needs root or sudo when a
# Debian package is missing.
set -euo pipefail
python=1
if [ "${1:-}" = --no-python ]; then
    python=0
    shift
fi
pkgs=(build-essential cmake pkg-config libhdf5-dev libcunit1-dev libyaml-dev
      clang libclang-rt-14-dev libomp-dev clang-format libisal-dev zlib1g-dev "$@")
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
[ "$python" = 0 ] || bash "$(dirname "$0")/python.sh"

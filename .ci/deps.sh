#!/usr/bin/env bash
# Installs the Debian 12 packages cribsim builds, tests and analyses with, only those missing,
# and any more named as arguments (tests/race_check.sh adds clang libomp-dev).
# Needs root or sudo when something is missing.
set -euo pipefail
pkgs=(build-essential cmake pkg-config libhdf5-dev libcunit1-dev libyaml-dev
      clang libclang-rt-14-dev libomp-dev clang-format libisal-dev zlib1g-dev
      python3-h5py python3-numpy python3-pandas python3-scipy python3-matplotlib
      python3-dask python3-distributed "$@")
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

#!/usr/bin/env bash
# The whole test suite, as README.md gives it: installs what is missing, builds the release
# configuration with warnings as errors and runs every test through ctest, then does the same
# under AddressSanitizer and UndefinedBehaviorSanitizer, then checks the formatting.
# CRIBSIM_SANITIZE=0 skips the sanitizer pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/deps.sh
jobs=$(nproc)

echo "== release build and tests"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCRIBSIM_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

if [ "${CRIBSIM_SANITIZE:-1}" = 1 ]; then
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
    cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DCRIBSIM_ASAN=ON -DCRIBSIM_UBSAN=ON \
        -DCRIBSIM_WERROR=ON >/dev/null
    cmake --build build-san -j"$jobs"
    ctest --test-dir build-san --output-on-failure -j"$jobs"
fi

if command -v clang-format >/dev/null; then
    echo "== formatting"
    cmake --build build --target format-check
fi

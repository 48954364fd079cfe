#!/usr/bin/env bash
# The whole test suite, as README.md gives it: installs what is missing (.ci/deps.sh: Debian's
# packages for the C build, and the project's Python environment .venv with the package
# cribsim, .ci/python.sh), builds the release configuration with warnings as errors and runs
# every test through ctest, then starts a one-node Slurm cluster on this machine and runs the
# Slurm example and the shard analysis on Dask on it (tests/slurm_cluster.sh, about a minute;
# it installs Slurm and MUNGE when missing), then does the same as the first pass under
# AddressSanitizer and UndefinedBehaviorSanitizer built with gcc and again with clang (each
# compiler's sanitizers see different undefined behaviour), then checks the formatting.
# CRIBSIM_SANITIZE=0 skips the sanitizer passes. The Python tests (tests/test_*.py) and the
# Slurm cluster run in the release pass; the gcc sanitizer pass also builds the extension
# cribsim._core with its sanitizers and runs the Python tests of the extension
# (tests/test_python_*.py, test_package.py) against it (tests/python_san.sh); the command-line
# tests run in every pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/deps.sh
jobs=$(nproc)

echo "== release build and tests"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCRIBSIM_WERROR=ON -DCRIBSIM_PYTHON_TESTS=ON >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

# Alone, after ctest: its shards and the one-machine runs it compares them with take both
# cores, and a shard must still be running when it is cancelled. Status 77: Slurm is missing
# and cannot be installed here (it says why); any other failure fails the suite. Each of its
# waits is bounded; the timeout (SIGTERM, on which it still stops its daemons) is a last guard
# against a Slurm command that hangs.
echo "== a one-node Slurm cluster (tests/slurm_cluster.sh)"
rc=0
timeout 900 bash tests/slurm_cluster.sh build/cribsim || rc=$?
if [ "$rc" -eq 77 ]; then
    echo "run_all.sh: tests/slurm_cluster.sh skipped"
elif [ "$rc" -ne 0 ]; then
    echo "run_all.sh: tests/slurm_cluster.sh failed (status $rc)" >&2
    exit "$rc"
fi

# Under the sanitizers a failed test runs once more (only there): LeakSanitizer's exit-time
# tracer, which stops every thread to scan for leaks, sometimes crashes on a process that ran
# OpenMP threads ("Tracer caught signal 11 ... LeakSanitizer has encountered a fatal error",
# after every test passed): about one run of test_runner in fifteen under clang, two at once
# on a loaded two-core machine. A real failure fails twice; the Release pass allows no retry.
retry=(--repeat until-pass:2)
if [ "${CRIBSIM_SANITIZE:-1}" = 1 ]; then
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
    # CRIBSIM_PYTHON_SAN_TESTS: the extension too, with the Python tests of it run against it
    # (tests/python_san.sh).
    cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DCRIBSIM_ASAN=ON -DCRIBSIM_UBSAN=ON \
        -DCRIBSIM_WERROR=ON -DCRIBSIM_PYTHON_TESTS=OFF -DCRIBSIM_PYTHON_SAN_TESTS=ON >/dev/null
    cmake --build build-san -j"$jobs"
    ctest --test-dir build-san --output-on-failure -j"$jobs" "${retry[@]}"

    echo "== clang AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
    CC=clang cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Debug -DCRIBSIM_ASAN=ON \
        -DCRIBSIM_UBSAN=ON -DCRIBSIM_WERROR=ON -DCRIBSIM_PYTHON_TESTS=OFF >/dev/null
    cmake --build build-clang -j"$jobs"
    LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp" \
        ctest --test-dir build-clang --output-on-failure -j"$jobs" "${retry[@]}"

    echo "== fuzz corpora replayed (libFuzzer harnesses of tests/fuzz, every saved input and crash)"
    bash tests/fuzz/fuzz.sh --replay
fi

echo "== formatting"
command -v clang-format >/dev/null || {
    echo "run_all.sh: clang-format is missing (.ci/deps.sh installs it)" >&2
    exit 1
}
cmake --build build --target format-check

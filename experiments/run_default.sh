#!/usr/bin/env bash
# The main job, as README.md gives it: installs what is missing and nothing more (.ci/deps.sh
# --run: Debian's packages for the C build, without the tests' clang and clang-format; the
# project's Python in .venv with the package and its extra `analysis`, without the tests' and
# the trainers' extras), builds the release configuration's command (not the tests), runs the
# default experiment (the strategy ladder on two-player rules, one HDF5 file per arm), writes its
# analysis report (cribsim-report, from .venv) and ends by printing the summary with intervals.
# tests/run_all.sh, run after it in the same checkout, adds what the tests need.
#
#     bash experiments/run_default.sh            # files into ./ladder, report into ./ladder/report
#     OUT=/tmp/ladder bash experiments/run_default.sh
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
out="${OUT:-$PWD/ladder}"
bash "$src/.ci/deps.sh" --run

echo "== build" >&2
cmake -S "$src" -B "$src/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$src/build" -j"$(nproc)" --target cribsim >/dev/null

echo "== the default experiment into $out" >&2
"$src/build/cribsim" run -o "$out" --force

echo "== report into $out/report" >&2
# The report writes into an existing folder and replaces its files only when told to (--force:
# the experiment above was just rerun with --force too).
mkdir -p "$out/report"
"$src/.venv/bin/cribsim-report" "$out"/*.h5 -o "$out/report" --force >/dev/null
echo
echo "Summary of the default experiment ($out/report/report.md has the full report):"
"$src/.venv/bin/cribsim-report" "$out"/*.h5 --summary

#!/usr/bin/env bash
# ladder.sh - makes results/ladder.md, the round robin of the strategy ladder on two-player
# rules, from experiments/ladder.yaml (its seed fixes every card and every strategy's choices,
# so the page comes out byte for byte the same on any machine and thread count, for the same
# code):
#
#     bash experiments/ladder.sh                   # the full size: some 8 minutes on 2 cores
#     GAMES=200 OUT=/tmp/l bash experiments/ladder.sh   # a small check: GAMES games per pair,
#                                                  # page and files under OUT, not results/
#
# CRIBSIM names the executable (default build/cribsim, built in Release); OUT the folder for
# the arms' HDF5 files (default ./ladder-round-robin). The table is printed at the end.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cs="${CRIBSIM:-$src/build/cribsim}"
out="${OUT:-$PWD/ladder-round-robin}"
page="$src/results/ladder.md"
command="bash experiments/ladder.sh"
extra=()
if [ -n "${GAMES:-}" ]; then
    extra=(--games "$GAMES")
    page="$out/ladder.md"
    command="GAMES=$GAMES bash experiments/ladder.sh"
fi
[ -x "$cs" ] || { echo "ladder.sh: no cribsim at $cs (build it, or set CRIBSIM)" >&2; exit 2; }
mkdir -p "$(dirname "$page")"
# The arms in the spec's order: the ladder's pairs from the bottom up.
arms=(greedy-random expected-random expected-greedy mc-random mc-greedy mc-expected)
"$cs" run "$src/experiments/ladder.yaml" -o "$out" --force --quiet "${extra[@]}" >/dev/null
files=()
for a in "${arms[@]}"; do files+=("$out/$a.h5"); done
/usr/bin/python3 "$src/analysis/ladder.py" "${files[@]}" --command "$command" -o "$page"
echo "ladder.sh: wrote $page" >&2

#!/usr/bin/env bash
# Fuzzes one harness of tests/fuzz for a while, or replays every saved input of all of them.
#
#     bash tests/fuzz/fuzz.sh NAME [SECONDS]   fuzz tests/fuzz/fuzz_NAME.c (default 60 s); new
#                                              inputs that reach new code join
#                                              tests/fuzz/corpus/NAME, crashes are written to
#                                              tests/fuzz/crashes/ (add them to the corpus once
#                                              fixed, so CI replays them)
#     bash tests/fuzz/fuzz.sh --replay         run every harness once over its corpus and past
#                                              crashes (seconds; what tests/run_all.sh runs)
#
# NAME: cards (card text, agents' answers), spec (experiment and event specs), rules (rules
# JSON and --set), runfile (run files), nnfile (network files), eventspec (event specs, each
# accepted one played through its format), model (model files), exec_reply (an exec agent's
# output: lines, the greeting, answers). Builds in build-fuzz/ with clang (libFuzzer, ASan,
# UBSan); installs clang with .ci/deps.sh if it is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v clang >/dev/null || bash .ci/deps.sh
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCRIBSIM_FUZZ=ON \
    -DCRIBSIM_PYTHON_TESTS=OFF >/dev/null
names=(cards spec rules runfile nnfile eventspec model exec_reply)
cmake --build build-fuzz -j"$(nproc)" --target "${names[@]/#/fuzz_}" >/dev/null
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp"
if [ "${1:-}" = --replay ]; then
    for name in "${names[@]}"; do
        inputs=(tests/fuzz/corpus/$name)
        [ -d tests/fuzz/crashes/$name ] && inputs+=(tests/fuzz/crashes/$name)
        "build-fuzz/fuzz_$name" -runs=0 "${inputs[@]}" 2>"build-fuzz/replay-$name.log" || {
            tail -40 "build-fuzz/replay-$name.log" >&2
            echo "fuzz.sh: replaying the $name corpus failed" >&2
            exit 1
        }
        echo "fuzz $name: $(ls "${inputs[@]}" | wc -l) saved inputs replayed"
    done
    exit 0
fi
name=${1:?usage: fuzz.sh NAME [SECONDS] | --replay}
seconds=${2:-60}
[ -f "tests/fuzz/fuzz_$name.c" ] || { echo "fuzz.sh: no harness tests/fuzz/fuzz_$name.c" >&2; exit 2; }
mkdir -p "tests/fuzz/crashes/$name" "build-fuzz/new-$name"
"build-fuzz/fuzz_$name" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -artifact_prefix="tests/fuzz/crashes/$name/" "build-fuzz/new-$name" "tests/fuzz/corpus/$name"
# keep the new inputs that add coverage, minimised into the corpus
"build-fuzz/fuzz_$name" -merge=1 "tests/fuzz/corpus/$name" "build-fuzz/new-$name" 2>/dev/null

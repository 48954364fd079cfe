#!/usr/bin/env bash
# The race check: builds cribsim with ThreadSanitizer (CRIBSIM_TSAN, clang and LLVM's libomp)
# in build-tsan/, then runs real multithreaded experiments under TSan with Archer, the OMPT
# tool that tells TSan what OpenMP's own synchronisation means, and fails on any report.
#
#   bash tests/race_check.sh           # 20 runs at 2, 4 and 8 threads: about 20 s on two
#                                      # cores, plus about 30 s to build the first time
#   bash tests/race_check.sh --full    # also every lineup at 2, 4 and 8 threads, and the
#                                      # runner's CUnit suites and cli_run.sh (about 3 minutes)
#
# Not part of ctest or tests/run_all.sh (CI time): run it after touching experiments/runner/runner.c,
# experiments/io/h5io.c or anything a thread's player shares. It installs clang and libomp-dev if
# they are missing (root or sudo). Exit status 0: every run as expected and no report; 1: a
# report (printed, and kept in build-tsan/race-logs/) or a run that failed.
#
# Why clang: gcc's libgomp is not instrumented, so TSan cannot see its barriers and reports
# them as races. libomp loads Archer from OMP_TOOL_LIBRARIES. TSan options:
#  - tests/tsan.supp ignores only the libc calls libomp itself makes (its handovers are
#    invisible to TSan); calls from libhdf5 and zlib stay checked. A report inside libhdf5 means
#    two threads used HDF5 at once, which the runner never does (one writer thread): a real bug.
#  - ignore_noninstrumented_modules is given as 1 first only because Archer prints a warning to
#    standard error when it does not see it (which the CLI tests would catch as output); the
#    include= file after it sets it back to 0, so the suppression above is the only one.
#  - exitcode=66: a report also makes the process fail; log_path: reports go to files that
#    this script counts (a run whose exit status is checked elsewhere is still judged).
# That it catches races was checked by planting two: a ring slot marked ready outside the lock
# (runner.c) and a queued chunk the writer touches again (h5io.c; seen through zlib's memcpy and
# through h5io.c's TSAN_READS). Each made the runs report and this script exit 1.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
full=0
case "${1:-}" in
--full) full=1 ;;
"") ;;
*)
    echo "usage: bash tests/race_check.sh [--full]" >&2
    exit 2
    ;;
esac
start=$SECONDS

# ---- tools ----
bash .ci/deps.sh clang libomp-dev || exit 1

# ---- build ----
build=$root/build-tsan
# A build folder configured with another compiler keeps it: start that one afresh.
if [ -f "$build/CMakeCache.txt" ] && ! grep -q '^CMAKE_C_COMPILER:.*clang' "$build/CMakeCache.txt"; then
    rm -rf "$build"
fi
mkdir -p "$build"
if ! CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCRIBSIM_TSAN=ON \
    -DCRIBSIM_WERROR=ON -DCRIBSIM_PYTHON_TESTS=OFF >"$build/race-build.log" 2>&1 ||
    ! nice cmake --build "$build" -j"$(nproc)" >>"$build/race-build.log" 2>&1; then
    tail -20 "$build/race-build.log" >&2
    echo "race check: the TSan build failed (all of it in $build/race-build.log)" >&2
    exit 1
fi
cs=$build/cribsim
# Archer from the very libomp the binary loads.
omp=$(ldd "$cs" | awk '/libomp\.so/ {print $3; exit}')
archer=$(dirname "$(readlink -f "$omp")")/libarcher.so # beside the file, not a link to it
if [ ! -f "$archer" ]; then
    echo "race check: no Archer beside $omp (libarcher.so comes with libomp-dev)" >&2
    exit 1
fi

logs=$build/race-logs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$logs"
mkdir -p "$logs"
echo "ignore_noninstrumented_modules=0" >"$work/tsan.flags"
export OMP_TOOL_LIBRARIES=$archer
export TSAN_OPTIONS="ignore_noninstrumented_modules=1 include=$work/tsan.flags suppressions=$root/tests/tsan.supp exitcode=66 halt_on_error=0 history_size=4 log_path=$logs/tsan"
unset ARCHER_OPTIONS OMP_NUM_THREADS

failures=0
runs=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
# run WANT NAME ARGS...: cribsim ARGS... must exit WANT.
run() {
    local want=$1 name=$2
    shift 2
    runs=$((runs + 1))
    "$cs" "$@" >"$work/$name.out" 2>"$work/$name.err"
    local rc=$?
    if [ "$rc" -ne "$want" ]; then
        fail "$name: exit $rc, not $want: cribsim $*"
        tail -5 "$work/$name.err" >&2
    fi
}
py=$root/.venv/bin/python # the project's Python (.ci/deps.sh runs .ci/python.sh)
# same_prefix A B: /games and /deals of A and B agree over the games both hold.
same_prefix() {
    "$py" - "$1" "$2" <<'EOF'
import sys, h5py, numpy as np
a, b = (h5py.File(p, "r") for p in sys.argv[1:3])
n = min(int(a.attrs["games_completed"]), int(b.attrs["games_completed"]))
ok = n > 0 and np.array_equal(a["games"][:n], b["games"][:n])
if ok and "deals" in a and "deals" in b:
    da, db = a["deals"][:], b["deals"][:]
    ok = np.array_equal(da[da["game"] < n], db[db["game"] < n])
sys.exit(0 if ok else 1)
EOF
}
cd "$work" || exit 1

# ---- the runs ----
echo "== lineups and thread counts"
lineups=("random,greedy" "expected,greedy" "mc:samples=12,expected")
games=(6000 1500 60)
threads=(4)
[ "$full" = 1 ] && threads=(2 4 8)
for i in "${!lineups[@]}"; do
    for t in "${threads[@]}"; do
        run 0 "lineup$i-t$t" run --seats "${lineups[$i]}" --games "${games[$i]}" --threads "$t" \
            -o "lineup$i-t$t.h5" --quiet
    done
done
# With 8 threads, more than the 2 cores: threads wait on the ring, helpers compress.
run 0 lineup-mc-t8 run --seats mc:samples=8,objective=points,random --games 40 --threads 8 \
    -o mc8.h5 --quiet
# More than two /games chunks, so the threads compress the writer's queued chunks.
run 0 games-chunks run --seats random,random --games 40000 --threads 4 -o chunks.h5 --quiet

echo "== --record deals, --duplicate, --sprt, three and four players"
run 0 deals-t2 run --seats random,greedy --games 6000 --record deals --threads 2 -o deals2.h5 --quiet
run 0 deals-t8 run --seats random,greedy --games 6000 --record deals --threads 8 -o deals8.h5 --quiet
same_prefix deals2.h5 deals8.h5 || fail "--record deals: 2 and 8 threads give different tables"
# The fastest games recording deals on two threads: the writer runs out of free chunks and waits
# for the one its helper is compressing (h5io.c's table_flush), a path the runs above seldom take.
run 0 writer-bound run --seats random,random --games 20000 --record deals --threads 2 \
    -o writer.h5 --quiet
run 0 duplicate run --seats expected,greedy --duplicate --games 1200 --threads 4 --record deals \
    -o dup.h5 --quiet
run 0 duplicate-three run --rules three --seats random,greedy,expected --duplicate --games 900 \
    --threads 8 -o dup3.h5 --quiet
run 0 partners run --rules partners --seats greedy,random,greedy,random --games 1500 --threads 4 \
    -o partners.h5 --quiet
# The SPRT decides inside a batch while the other threads play past it: their batches are
# thrown away.
run 0 sprt run --seats greedy,random --sprt 0,200 --sprt-every 50 --games 100000 --threads 4 \
    --record deals -o sprt.h5 --quiet
"$py" -c 'import sys,h5py; s=h5py.File(sys.argv[1],"r").attrs["status"]; sys.exit((s.decode() if isinstance(s, bytes) else s) != "sprt-stopped")' \
    sprt.h5 || fail "--sprt did not stop the run"

echo "== a spec's arms one after another in one process, and cribsim match"
cat >spec.yaml <<'YAML'
name: race
seed: 7
games: 1200
record: deals
arms:
  - name: two
    rules: two
    seats: [greedy, random]
  - name: four
    rules: four
    seats: [random, greedy, random, expected]
    duplicate: true
YAML
run 0 spec run spec.yaml --threads 4 -o spec --quiet
run 0 match match expected greedy --games 600 --threads 4 -o match.h5 --record deals --quiet

echo "== SIGINT then --resume on more threads"
runs=$((runs + 1))
"$cs" run --seats random,greedy --games 5000000 --record deals --threads 4 -o sig.h5 \
    >/dev/null 2>"$work/sig.err" &
pid=$!
for _ in $(seq 1 200); do [ -s sig.h5 ] && break; sleep 0.05; done
sleep 1.5
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 1 ] || fail "SIGINT: exit $rc, not 1: $(tail -3 "$work/sig.err")"
done_games=$("$py" -c 'import sys,h5py; print(int(h5py.File(sys.argv[1],"r").attrs["games_completed"]))' sig.h5)
run 0 resume run --resume --games $((done_games + 3000)) --threads 8 -o sig.h5 --quiet
same_prefix sig.h5 deals2.h5 || fail "SIGINT + --resume differs from the run in one go"

echo "== an exec agent and a plugin on every thread"
agent="exec:$py $root/strategies/external/example_agent.py"
run 0 exec run --seat "$agent" --seat greedy --games 120 --threads 4 -o exec.h5 --quiet
# An agent that crashes from game 40 on: the first failure stops the run (exit 1), from
# whichever thread, and the games before it are written.
run 1 exec-crash run --seat "$agent --misbehave crash --from-game 40" --seat random --games 400 \
    --threads 4 -o crash.h5 --quiet
run 0 plugin run --seats "plugin:$build/cs_example_plugin.so,random" --games 2000 --threads 4 \
    -o plugin.h5 --quiet

echo "== cribsim bench --only threads"
run 0 bench bench --only threads --threads 4 --seconds 1 --dir "$work"

if [ "$full" = 1 ]; then
    echo "== the runner's tests: test_runner, test_h5io, cli_run.sh"
    (cd "$root" && nice ctest --test-dir "$build" -R '^(test_runner|test_h5io|cli_run)$' \
        --output-on-failure >"$work/ctest.log" 2>&1) || {
        fail "ctest"
        tail -30 "$work/ctest.log" >&2
    }
fi

# ---- the verdict ----
reports=$(cat "$logs"/tsan.* 2>/dev/null | grep -c "WARNING: ThreadSanitizer")
if [ "$reports" -gt 0 ]; then
    cat "$logs"/tsan.* >&2
    fail "$reports ThreadSanitizer report(s), kept in $logs"
fi
echo "race check: $runs runs, $reports reports, $failures failures, $((SECONDS - start)) s"
[ "$failures" -eq 0 ]

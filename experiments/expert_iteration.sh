#!/usr/bin/env bash
# expert_iteration.sh - expert iteration: the search guided by the network teaches the network,
# and the network it trains goes back into the search. Round 0's network is START
# (strategies/models/default.nn); round r = 1..ROUNDS:
#
#   1. label: build/cs_nn_labels (experiments/tools/nn_labels.c) plays SHARDS shards of
#      SHARD_GAMES games, games r x 1,000,000 on of SEED, and labels every decision with the
#      answer of the teacher: SEARCH (today's mc, version 8, pinned by its spec) with the
#      parameters NET_PARTS (default hidden=nn: the other seats' model from the network) and
#      net= round r-1's network. The actors, drawn per seat and game, are the teacher, round
#      r-1's network twice (DAgger: the teacher's answers in the states the network's own play
#      reaches) and OTHER_ACTORS (expert, expected, habit:toss=hand,peg=low);
#   2. train: `python -m cribsim.train.nn bc --labels` on round r's shards and every earlier
#      round's (round r's read first), from round r-1's network (--init), for MINUTES, the
#      rate from LR to LR_END, torch's seed SEED + r: round r's network;
#   3. evaluate: the round's search (SEARCH with NET_PARTS and net= round r's network) and its
#      network (nn:path=) against expected, today's mc (TODAY) and the habit pool of the
#      ladder's second yardstick, EVAL_GAMES duplicate games each (against the pool, with each
#      of its four), the same deals every round (EVAL_SEED): the win rate with its paired 95%
#      interval and the points a deal (`python -m cribsim.analysis.exploit curve`). Round 0
#      (START and the search with it) is measured first, as the curve's starting point.
#
# Round r+1's teacher is the search with round r's network.
#
#     bash experiments/expert_iteration.sh                    # 3 rounds, about an hour
#     ROUNDS=5 bash experiments/expert_iteration.sh           # two rounds more (resumed)
#     NET_PARTS="hidden=nn rollout=nn" OUT=build/ei-rollout RESULTS=/tmp/ei \
#         bash experiments/expert_iteration.sh                # the network in the rollouts too
#     SHARD_GAMES=200 MINUTES=1 EVAL_GAMES=200 OUT=/tmp/ei RESULTS=/tmp/ei \
#         bash experiments/expert_iteration.sh                # a trial at a tiny size
#
# Environment: SEED (1: the labelled games and torch's seeds), EVAL_SEED (1: the evaluation's
# deals; the labelled games, from game 1,000,000 on, are not among them), ROUNDS (3), SHARDS
# (2), SHARD_GAMES (5000), MINUTES (8), EVAL_GAMES (2000), NET_PARTS (hidden=nn: mc's
# parameters that take the network, space-separated KEY=VALUE), SEARCH and TODAY (mc version
# 8's spec), START (strategies/models/default.nn), OTHER_ACTORS, LR (2e-4), LR_END (1e-5),
# BUFFER_ROWS (3,000,000 rows of 568 bytes in the trainer's ring), THREADS (2: the labeller's,
# torch's and the matches'), OUT (build/expert_iteration: the networks, label shards, time
# records), RESULTS (results/nn: expert_iteration.curve.csv, .png and .rounds.csv), PYTHON
# (.venv/bin/python, made by `CRIBSIM_EXTRAS=train,analysis bash .ci/python.sh` when not
# given), BUILD (build: cs_nn_labels and cribsim; `cmake --build build --target cribsim
# cs_nn_labels`).
#
# Resumable: a shard, a round's network (OUT/roundR.nn) or a round's evaluation
# (OUT/roundR.eval.csv) that exists is not made again; a stopped training starts its round's
# training again. OUT/settings records the knobs (all but ROUNDS and THREADS) and START's
# checksum; a run with other settings in the same OUT is refused. Training is bounded by
# time, so a network depends on the machine's speed; the seed fixes the games, the labels and
# torch's initialisation. Each phase of each round runs under /usr/bin/time -v: its wall and
# CPU time and peak memory go to RESULTS/expert_iteration.rounds.csv, with the networks'
# checksums (round, phase, wall_seconds, cpu_seconds, peak_mb, seed, network, crc32).
#
# Time, memory and disk of the default on 2 cores (results/nn/README.md has the measurements):
# the labeller with the network-guided teacher took 67 CPU-seconds for 1,000 games (84,741
# rows: 15 games and 1,260 rows a CPU-second), so a round's 10,000 games take about 11
# CPU-minutes, 6 minutes on two threads; training takes MINUTES (8) of wall time; a round's
# evaluation took 51 CPU-seconds at EVAL_GAMES=200 (most of it the search's 1,200 games), so
# about 8 CPU-minutes, 4 minutes, at 2,000. About 18 minutes a round, 57 for three with round
# 0's evaluation, on idle cores (a shared machine stretches the labelling and the evaluation;
# the training stays MINUTES). Peak memory: the trainer's, its ring of BUFFER_ROWS rows of 568
# bytes filling with the rows read (three rounds' 2.5 million rows: 1.4 GB) and torch; the
# labeller and the matches take under 150 MB. Disk: about 480 MB of label shards a round (kept
# in OUT/labels, which later rounds read; remove OUT when done), 620 KB a network.
set -euo pipefail
cd "$(dirname "$0")/.."
MC_V8="mc:samples=100,objective=win,width=0,rollout=lookahead,hidden=plays,race=on,discard_samples=0,equal=0,rank=expert,opening=table,endwidth=2,tree=4"
SEED=${SEED:-1}
EVAL_SEED=${EVAL_SEED:-1}
ROUNDS=${ROUNDS:-3}
SHARDS=${SHARDS:-2}
SHARD_GAMES=${SHARD_GAMES:-5000}
MINUTES=${MINUTES:-8}
EVAL_GAMES=${EVAL_GAMES:-2000}
NET_PARTS=${NET_PARTS:-hidden=nn}
SEARCH=${SEARCH:-$MC_V8}
TODAY=${TODAY:-$MC_V8}
START=${START:-strategies/models/default.nn}
OTHER_ACTORS=${OTHER_ACTORS:-expert expected habit:toss=hand,peg=low}
LR=${LR:-2e-4}
LR_END=${LR_END:-1e-5}
BUFFER_ROWS=${BUFFER_ROWS:-3000000}
THREADS=${THREADS:-2}
OUT=${OUT:-build/expert_iteration}
RESULTS=${RESULTS:-results/nn}
BUILD=${BUILD:-build}
TRAIN_EVAL_GAMES=$((EVAL_GAMES < 2000 ? EVAL_GAMES : 2000))
ROUND_GAMES=1000000 # round r labels games r x ROUND_GAMES on: apart from every other round's

die() {
    echo "expert_iteration.sh: $*" >&2
    exit 2
}
[ "$((SHARDS * SHARD_GAMES))" -le "$ROUND_GAMES" ] || die "SHARDS x SHARD_GAMES is more than $ROUND_GAMES games a round"
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian: apt-get install time)"
for tool in "$BUILD/cs_nn_labels" "$BUILD/cribsim"; do
    [ -x "$tool" ] || die "$tool is not built (cmake --build $BUILD --target cribsim cs_nn_labels)"
done
[ -f "$START" ] || die "START: no network file '$START'"
if [ -z "${PYTHON:-}" ]; then
    CRIBSIM_EXTRAS=train,analysis bash .ci/python.sh
    PYTHON=.venv/bin/python
fi
mkdir -p "$OUT/labels" "$RESULTS"
OUT=$(cd "$OUT" && pwd)
[[ "$OUT" != *,* ]] || die "OUT may not contain a comma (it goes into strategy specs)"
BUILD=$(cd "$BUILD" && pwd)
export CRIBSIM=$BUILD/cribsim
labeller=$BUILD/cs_nn_labels
curve="$RESULTS/expert_iteration.curve.csv"
record="$RESULTS/expert_iteration.rounds.csv"

# crc NET: the checksum a network file carries (its last 4 bytes; what cribsim's run files
# record for a seat's network)
crc() { "$PYTHON" -c 'import sys, zlib; print("%08x" % zlib.crc32(open(sys.argv[1], "rb").read()[:-4]))' "$1"; }

# spec_with SPEC KEY=VALUE...: SPEC with each KEY set to VALUE (replaced where SPEC gives it)
spec_with() {
    local spec=$1 kv key
    shift
    for kv in "$@"; do
        key=${kv%%=*}
        if [[ "$spec" == *:* && ",${spec#*:}," == *",$key="* ]]; then
            spec=$(sed -E "s/([:,])$key=[^,]*/\\1$kv/" <<<"$spec")
        elif [[ "$spec" == *:* ]]; then
            spec="$spec,$kv"
        else
            spec="$spec:$kv"
        fi
    done
    printf '%s\n' "$spec"
}
# search NET: the search with the network NET
# shellcheck disable=SC2086
search() { spec_with "$SEARCH" $NET_PARTS "net=$1"; }

# timed FILE CMD...: runs CMD under /usr/bin/time -v, its report to FILE once CMD succeeded
timed() {
    local file=$1
    shift
    /usr/bin/time -v -o "$file.part" "$@" && mv "$file.part" "$file"
}
# time_row ROUND PHASE NETWORK FILE...: a line of the rounds record from /usr/bin/time reports
# (summed wall and CPU time, the highest peak memory)
time_row() {
    local round=$1 phase=$2 net=$3
    shift 3
    awk -v round="$round" -v phase="$phase" -v seed="$SEED" -v net="$(basename "$net")" \
        -v crc="$(crc "$net")" -F': ' '
        /User time|System time/ { cpu += $2 }
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; wall += s }
        /Maximum resident set size/ { if ($2 > peak) peak = $2 }
        END { printf "%d,%s,%.1f,%.1f,%.0f,%s,%s,%s\n", round, phase, wall, cpu, peak / 1024, seed, net, crc }' "$@"
}

# The settings a resumed run must share (ROUNDS may grow; THREADS changes no label).
settings="SEED=$SEED EVAL_SEED=$EVAL_SEED SHARDS=$SHARDS SHARD_GAMES=$SHARD_GAMES MINUTES=$MINUTES
EVAL_GAMES=$EVAL_GAMES NET_PARTS=$NET_PARTS LR=$LR LR_END=$LR_END BUFFER_ROWS=$BUFFER_ROWS
SEARCH=$SEARCH
TODAY=$TODAY
OTHER_ACTORS=$OTHER_ACTORS
START=$(crc "$START")"
if [ -f "$OUT/settings" ]; then
    [ "$(cat "$OUT/settings")" = "$settings" ] ||
        die "$OUT holds a run with other settings ($OUT/settings); give another OUT or remove it"
else
    printf '%s\n' "$settings" >"$OUT/settings"
fi
[ -f "$OUT/round0.nn" ] || cp "$START" "$OUT/round0.nn"
# shellcheck disable=SC2207
hidden=($("$PYTHON" -c 'import sys; from cribsim.train.nn import read_nn
print(" ".join(str(len(b)) for _, b in read_nn(sys.argv[1])[0][:-1]))' "$OUT/round0.nn"))
echo "expert_iteration.sh: $ROUNDS rounds in $OUT (network ${hidden[*]}; seed $SEED)" >&2

# evaluate R: round R's search and network on the evaluation's deals, to OUT/roundR.eval.csv
evaluate() {
    local r=$1 net="$OUT/round$1.nn"
    [ -f "$OUT/round$r.eval.csv" ] && return 0
    echo "== round $r: evaluating $(basename "$net")" >&2
    timed "$OUT/round$r.evaluate.time" "$PYTHON" -m cribsim.analysis.exploit curve --round "$r" \
        --player "search=$(search "$net")" --player "network=nn:path=$net" \
        --opponent expected=expected --opponent "mc-today=$TODAY" --games "$EVAL_GAMES" \
        --seed "$EVAL_SEED" --threads "$THREADS" -o "$OUT/round$r.eval.csv"
}

# report: the curve (and its plot) and the time records, from every round so far
report() {
    local r k files=() rows=()
    for r in $(seq 0 "$ROUNDS"); do
        [ -f "$OUT/round$r.eval.csv" ] && files+=("$OUT/round$r.eval.csv")
        [ "$r" = 0 ] || [ ! -f "$OUT/round$r.nn" ] || {
            rows+=("$(time_row "$r" label "$OUT/round$((r - 1)).nn" "$OUT"/round"$r".label.*.time)")
            rows+=("$(time_row "$r" train "$OUT/round$r.nn" "$OUT/round$r.train.time")")
        }
        [ ! -f "$OUT/round$r.evaluate.time" ] ||
            rows+=("$(time_row "$r" evaluate "$OUT/round$r.nn" "$OUT/round$r.evaluate.time")")
    done
    { "$PYTHON" -c 'from cribsim.analysis.exploit import CURVE_HEAD; print(CURVE_HEAD)'
      cat "${files[@]}"; } >"$curve.part"
    mv "$curve.part" "$curve"
    { echo "round,phase,wall_seconds,cpu_seconds,peak_mb,seed,network,crc32"
      for k in "${rows[@]}"; do echo "$k"; done; } >"$record.part"
    mv "$record.part" "$record"
    "$PYTHON" results/nn/plot_curves.py --rounds "${curve%.curve.csv}.png" "$curve"
}

evaluate 0
report
for r in $(seq 1 "$ROUNDS"); do
    prev="$OUT/round$((r - 1)).nn" net="$OUT/round$r.nn"
    teacher=$(search "$prev")
    mkdir -p "$OUT/labels/r$r"
    printf '%s\n' "$teacher" >"$OUT/labels/r$r/teacher"
    actors=(--actor "$teacher" --actor "nn:path=$prev" --actor "nn:path=$prev")
    for a in $OTHER_ACTORS; do actors+=(--actor "$a"); done
    for k in $(seq 0 $((SHARDS - 1))); do
        shard="$OUT/labels/r$r/s$(printf %03d "$k").lab"
        [ -f "$shard" ] && continue
        echo "== round $r: labelling shard $k (teacher: $(basename "$prev") in the search)" >&2
        timed "$OUT/round$r.label.$k.time" "$labeller" --teacher "$teacher" "${actors[@]}" \
            --seed "$SEED" --first $((r * ROUND_GAMES + k * SHARD_GAMES)) --games "$SHARD_GAMES" \
            --threads "$THREADS" -o "$shard"
    done
    if [ ! -f "$net" ]; then
        labels=()
        for k in $(seq "$r" -1 1); do labels+=("$OUT/labels/r$k"); done
        echo "== round $r: training $(basename "$net") from $(basename "$prev") for $MINUTES min" >&2
        timed "$OUT/round$r.train.time" "$PYTHON" -m cribsim.train.nn bc --labels "${labels[@]}" \
            --init "$prev" --hidden "${hidden[@]}" --ranks --out "$OUT/round$r.training.nn" \
            --minutes "$MINUTES" --seed $((SEED + r)) --threads "$THREADS" --lr "$LR" \
            --lr-end "$LR_END" --batch 1024 --passes 1 --buffer-rows "$BUFFER_ROWS" \
            --chunk-rows 131072 --eval expected --eval-games "$TRAIN_EVAL_GAMES" --eval-every 120
        mv "$OUT/round$r.training.nn.curve.csv" "$OUT/round$r.nn.curve.csv"
        mv "$OUT/round$r.training.nn" "$net"
    fi
    evaluate "$r"
    report
done
echo "expert_iteration.sh: the networks in $OUT (round1.nn ... round$ROUNDS.nn); the curve in $curve and ${curve%.curve.csv}.png; times and memory in $record" >&2

#!/usr/bin/env bash
# train_nn.sh - rebuilds the network `nn` plays (strategies/models/default.nn) from a seed:
# behaviour cloning of `mc` (its decisions at its defaults; analysis/cribsim/train/nn.py `bc
# --labels`) from decisions labelled at C speed by build/cs_nn_labels (experiments/tools/
# nn_labels.c). The labeller writes SHARDS (8) shards of 10,000 games each (actors mc x3,
# expert, expected and habit:toss=hand,peg=low, drawn per seat and game; every decision
# labelled with mc's answer) into LABELS while the trainer reads them, unread shards first,
# then over again. Stage 1: a 256-64 network for MINUTES. Stage 2: deepened (`train_nn
# deepen`, an identity layer: the same play) and trained on as 256-64-64 for MINUTES2. Then
# ROUNDS (2) rounds of DAgger, stages 3 and 4: DAGGER (4) shards more each, labelled where the
# latest network is two of the six actors (mc's answers in the states its own play reaches),
# and the network trained on over all the shards so far for MINUTES3 at a lower rate. Each
# stage's learning curve goes beside the network (OUT.stage1.curve.csv, ...).
#
#     bash experiments/train_nn.sh                 # seed 1, 20 + 55 + 40 + 40 minutes
#     SEED=2 MINUTES=5 OUT=/tmp/x.nn bash experiments/train_nn.sh
#     METHOD=bc-expert OUT=/tmp/e.nn bash experiments/train_nn.sh   # the earlier network: expert
#                          # cloned in Python in two runs of MINUTES and MINUTES2 (DAgger)
#     METHOD=rl MINUTES=28 OUT=/tmp/rl.nn bash experiments/train_nn.sh   # policy gradient from
#                                                          # random weights (results/nn/README.md)
#     METHOD=q MINUTES=78 THREADS=2 OUT=/tmp/q.nn bash experiments/train_nn.sh   # bootstrapped
#                          # action values from random weights: 61.2% against greedy on encoding 1;
#                          # MINUTES=45 on encoding 2: 62.1% (results/nn/README.md)
#
# It runs in the project's .venv (CRIBSIM_EXTRAS=train bash .ci/python.sh makes it or adds
# torch's CPU build, the package's `train` extra, to it); PYTHON names another interpreter that has cribsim and torch. The
# default method needs build/cs_nn_labels (`cmake --build build --target cs_nn_labels`; BUILD
# names another build folder).
#
# Time, memory and disk of the default (2 cores, the labeller on two threads; torch on one in
# stages 1 and 2, on two in the DAgger stages): MINUTES + MINUTES2 + ROUNDS x MINUTES3 (155)
# minutes of training, after a first shard (about 3 minutes), with an evaluation every 5; peak
# memory 2.3 GB (the ring of --buffer-rows 3,000,000 rows of 568 bytes, torch), flat in the
# rows read; about 480 MB of disk a shard, 7.7 GB for the 16 (LABELS, a temporary folder
# removed at the end unless named). Training is time-bounded, so the network differs with the
# machine's speed; the seed fixes the games, the labels and torch's initialisation.
# MINUTES2=0: one stage, no deepening and no DAgger; ROUNDS=0: no DAgger.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED=${SEED:-1}
METHOD=${METHOD:-labels}
MINUTES=${MINUTES:-20}
if [ "$METHOD" = labels ]; then MINUTES2=${MINUTES2:-55}; else MINUTES2=${MINUTES2:-25}; fi
MINUTES3=${MINUTES3:-40}
DAGGER=${DAGGER:-4}
ROUNDS=${ROUNDS:-2}
OUT=${OUT:-strategies/models/default.nn}
THREADS=${THREADS:-1}
if [ -z "${PYTHON:-}" ]; then
    CRIBSIM_EXTRAS=train bash .ci/python.sh
    PYTHON=.venv/bin/python
fi
if [ "$METHOD" = labels ]; then
    BUILD=${BUILD:-build}
    SHARDS=${SHARDS:-8}
    SHARD_GAMES=${SHARD_GAMES:-10000}
    tool="$BUILD/cs_nn_labels"
    [ -x "$tool" ] || { echo "train_nn.sh: $tool is not built (cmake --build $BUILD --target cs_nn_labels)" >&2; exit 2; }
    if [ -z "${LABELS:-}" ]; then
        LABELS=$(mktemp -d)
        LABELS_TMP=1
    fi
    mkdir -p "$LABELS"
    # label PREFIX FIRST COUNT ACTOR...: COUNT shards of SHARD_GAMES games from game FIRST on,
    # as PREFIX000.lab..., mc's answers, the actor of a seat and game drawn from the ACTORs
    label() {
        local prefix=$1 first=$2 count=$3 actors=()
        shift 3
        for a in "$@"; do actors+=(--actor "$a"); done
        for k in $(seq 0 $((count - 1))); do
            f="$LABELS/$prefix$(printf %03d "$k").lab"
            [ -f "$f" ] && continue
            "$tool" --teacher mc "${actors[@]}" --seed "$SEED" \
                --first $((first + k * SHARD_GAMES)) --games "$SHARD_GAMES" --threads 2 -o "$f" || return 1
        done
    }
    label s 0 "$SHARDS" mc mc mc expert expected habit:toss=hand,peg=low &
    labeller=$!
    trap 'kill $labeller 2>/dev/null || true; wait $labeller 2>/dev/null || true
          if [ -n "${LABELS_TMP:-}" ]; then rm -rf "$LABELS"; fi' EXIT
    until ls "$LABELS"/*.lab >/dev/null 2>&1; do
        kill -0 $labeller 2>/dev/null || { echo "train_nn.sh: the labeller failed" >&2; exit 1; }
        sleep 5
    done
    train="--labels $LABELS --seed $SEED --threads $THREADS --ranks --lr-end 5e-5 --batch 1024
           --passes 1 --buffer-rows 3000000 --chunk-rows 131072 --eval expected --eval-games 2000
           --eval-every 300"
    # shellcheck disable=SC2086
    "$PYTHON" -m cribsim.train.nn bc $train --out "$OUT.stage1" --minutes "$MINUTES" \
        --hidden 256 64 --lr 1e-3
    if [ "$MINUTES2" != 0 ]; then
        # A hidden layer more (an identity: the same play), trained on for MINUTES2.
        "$PYTHON" -m cribsim.train.nn deepen "$OUT.stage1" --out "$OUT.deep"
        # shellcheck disable=SC2086
        "$PYTHON" -m cribsim.train.nn bc $train --out "$OUT.stage2" --minutes "$MINUTES2" \
            --hidden 256 64 64 --lr 7e-4 --init "$OUT.deep" --seed $((SEED + 1))
        rm -f "$OUT.deep" "$OUT.stage1"
        last="$OUT.stage2"
        # ROUNDS of DAgger: DAGGER shards each, from game 100,000 on (or after the first
        # shards' games), where the latest network is two actors of six (in place of two of
        # mc's three); the network trains on over every shard so far for MINUTES3, the new
        # shards read first as they come
        first=$((SHARDS * SHARD_GAMES > 100000 ? SHARDS * SHARD_GAMES : 100000))
        if [ "$DAGGER" = 0 ]; then ROUNDS=0; fi
        wait $labeller || { echo "train_nn.sh: the labeller failed" >&2; exit 1; }
        for r in $(seq 1 "$ROUNDS"); do
            label "d${r}_" $((first + (r - 1) * DAGGER * SHARD_GAMES)) "$DAGGER" "nn:path=$last" \
                "nn:path=$last" mc expert expected habit:toss=hand,peg=low &
            labeller=$!
            stage=$((r + 2))
            # shellcheck disable=SC2086
            "$PYTHON" -m cribsim.train.nn bc $train --out "$OUT.stage$stage" --minutes "$MINUTES3" \
                --hidden 256 64 64 --lr 2e-4 --lr-end 1e-5 --init "$last" \
                --seed $((SEED + stage - 1)) --threads 2
            wait $labeller || { echo "train_nn.sh: the labeller failed" >&2; exit 1; }
            rm -f "$last"
            last="$OUT.stage$stage"
        done
        mv "$last" "$OUT"
    else
        mv "$OUT.stage1" "$OUT"
    fi
elif [ "$METHOD" = bc-expert ]; then
    "$PYTHON" -m cribsim.train.nn bc --out "$OUT.stage1" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 128 64 --teacher expert --actors expected greedy random \
        --eval expected greedy --eval-games 2000 --eval-every 150
    "$PYTHON" -m cribsim.train.nn bc --out "$OUT" --seed "$SEED" --minutes "$MINUTES2" \
        --threads "$THREADS" --hidden 128 64 --teacher expert --init "$OUT.stage1" \
        --first-game 1000000 --lr 5e-4 --teacher-share 0.4 \
        --actors expected greedy random "nn:path=$OUT.stage1" \
        --eval expected greedy --eval-games 2000 --eval-every 150
elif [ "$METHOD" = q ]; then
    "$PYTHON" -m cribsim.train.nn q --out "$OUT" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 256 128 \
        --opponents greedy greedy greedy expected random habit:toss=hand,peg=low \
        --lr 1e-3 --lr-end 5e-5 --eps-start 0.2 --eps-end 0.05 --eps-decay 0.3 \
        --mc-share 0.3 --updates 8 --target-every 300 \
        --eval greedy expected --eval-games 2000 --eval-every 300
else
    "$PYTHON" -m cribsim.train.nn rl --out "$OUT" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 128 64 --opponents greedy expected random \
        --eval greedy expected --eval-games 2000 --eval-every 150
fi
echo "train_nn.sh: wrote $OUT and the learning curves beside it ($(basename "$OUT")*.curve.csv)"

#!/usr/bin/env bash
# train_nn.sh - rebuilds the network `nn` plays (strategies/models/default.nn) from a seed:
# behaviour cloning of `mc` (its decisions at its defaults; analysis/cribsim/train_nn.py `bc
# --labels`) from decisions labelled at C speed by build/cs_nn_labels (experiments/tools/
# nn_labels.c). The labeller writes shards of 10,000 games each (actors mc x3, expert, expected and
# habit:toss=hand,peg=low, drawn per seat and game, every decision
# labelled with mc's answer) into LABELS while the trainer reads them, unread shards first,
# then over again, for MINUTES. The learning curve goes beside the network (OUT.curve.csv).
#
#     bash experiments/train_nn.sh                 # seed 1, 80 minutes
#     SEED=2 MINUTES=5 OUT=/tmp/x.nn bash experiments/train_nn.sh
#     METHOD=bc-expert OUT=/tmp/e.nn bash experiments/train_nn.sh   # the earlier network: expert
#                          # cloned in Python in two runs of MINUTES and MINUTES2 (DAgger)
#     METHOD=rl MINUTES=28 OUT=/tmp/rl.nn bash experiments/train_nn.sh   # policy gradient from
#                                                          # random weights (results/nn/README.md)
#     METHOD=q MINUTES=78 THREADS=2 OUT=/tmp/q.nn bash experiments/train_nn.sh   # bootstrapped
#                          # action values from random weights: 61.2% against greedy (README)
#
# It runs in the project's .venv (bash .ci/python.sh makes it, with torch's CPU build from the
# package's `train` extra); PYTHON names another interpreter that has cribsim and torch. The
# default method needs build/cs_nn_labels (`cmake --build build --target cs_nn_labels`; BUILD
# names another build folder).
#
# Time, memory and disk of the default (2 cores, the labeller on two threads, torch on one):
# MINUTES of training plus a first shard (about 2 minutes) and one evaluation; peak memory
# about 2.2 GB (the ring of --buffer-rows 3,000,000 rows of 504 bytes, torch), flat in the rows
# read; 420 MB of disk a shard, about 12 GB in 95 minutes (LABELS, a temporary folder removed
# at the end unless named). Training is time-bounded, so the network differs with the
# machine's speed; the seed fixes the games, the labels and torch's initialisation.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED=${SEED:-1}
METHOD=${METHOD:-labels}
if [ "$METHOD" = labels ]; then MINUTES=${MINUTES:-80}; else MINUTES=${MINUTES:-20}; fi
MINUTES2=${MINUTES2:-25}
OUT=${OUT:-strategies/models/default.nn}
THREADS=${THREADS:-1}
if [ -z "${PYTHON:-}" ]; then
    bash .ci/python.sh
    PYTHON=.venv/bin/python
fi
if [ "$METHOD" = labels ]; then
    BUILD=${BUILD:-build}
    tool="$BUILD/cs_nn_labels"
    [ -x "$tool" ] || { echo "train_nn.sh: $tool is not built (cmake --build $BUILD --target cs_nn_labels)" >&2; exit 2; }
    if [ -z "${LABELS:-}" ]; then
        LABELS=$(mktemp -d)
        LABELS_TMP=1
    fi
    mkdir -p "$LABELS"
    (
        for k in $(seq 0 999); do
            f="$LABELS/s$(printf %03d "$k").lab"
            [ -f "$f" ] && continue
            "$tool" --teacher mc --actor mc --actor mc --actor mc --actor expert --actor expected \
                --actor habit:toss=hand,peg=low --seed "$SEED" \
                --first $((k * 10000)) --games 10000 --threads 2 -o "$f" 2>/dev/null || exit 1
        done
    ) &
    labeller=$!
    trap 'kill $labeller 2>/dev/null; wait $labeller 2>/dev/null; [ -n "${LABELS_TMP:-}" ] && rm -rf "$LABELS"' EXIT
    until ls "$LABELS"/*.lab >/dev/null 2>&1; do
        kill -0 $labeller 2>/dev/null || { echo "train_nn.sh: the labeller failed" >&2; exit 1; }
        sleep 5
    done
    "$PYTHON" -m cribsim.train_nn bc --labels "$LABELS" --out "$OUT.new" --seed "$SEED" \
        --minutes "$MINUTES" --threads "$THREADS" --hidden 256 64 --ranks --lr 1e-3 \
        --lr-end 5e-5 --batch 1024 --passes 1 --buffer-rows 3000000 --chunk-rows 131072 \
        --eval expected --eval-games 2000 --eval-every 300
    mv "$OUT.new" "$OUT"
    mv "$OUT.new.curve.csv" "$OUT.curve.csv"
elif [ "$METHOD" = bc-expert ]; then
    "$PYTHON" -m cribsim.train_nn bc --out "$OUT.stage1" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 128 64 --teacher expert --actors expected greedy random \
        --eval expected greedy --eval-games 2000 --eval-every 150
    "$PYTHON" -m cribsim.train_nn bc --out "$OUT" --seed "$SEED" --minutes "$MINUTES2" \
        --threads "$THREADS" --hidden 128 64 --teacher expert --init "$OUT.stage1" \
        --first-game 1000000 --lr 5e-4 --teacher-share 0.4 \
        --actors expected greedy random "nn:path=$OUT.stage1" \
        --eval expected greedy --eval-games 2000 --eval-every 150
elif [ "$METHOD" = q ]; then
    "$PYTHON" -m cribsim.train_nn q --out "$OUT" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 256 128 \
        --opponents greedy greedy greedy expected random habit:toss=hand,peg=low \
        --lr 1e-3 --lr-end 5e-5 --eps-start 0.2 --eps-end 0.05 --eps-decay 0.3 \
        --mc-share 0.3 --updates 8 --target-every 300 \
        --eval greedy expected --eval-games 2000 --eval-every 300
else
    "$PYTHON" -m cribsim.train_nn rl --out "$OUT" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 128 64 --opponents greedy expected random \
        --eval greedy expected --eval-games 2000 --eval-every 150
fi
echo "train_nn.sh: wrote $OUT and $OUT.curve.csv"

#!/usr/bin/env bash
# train_value.sh - rebuilds mc's value network (strategies/models/value.nn), the one `mc:cutoff=K,
# value=strategies/models/value.nn` reads where its play's rollouts stop (strategies/builtin/mc.h):
# bootstrapped action values (analysis/cribsim/train/nn.py `q --mc-share 0.3`: each output is
# an action's points to the end of the deal for the mover's side, less the other side's,
# divided by --scale 10, which the file's note records as scale=10), from random weights,
# against expected three batches in four and greedy in the fourth (mc's rollouts play as
# expected does), 512-128-64-53, one torch thread, for MINUTES (20) of wall time.
#
#     nice -n 19 bash experiments/train_value.sh               # seed 1, 20 minutes
#     SEED=2 MINUTES=5 OUT=/tmp/v.nn bash experiments/train_value.sh
#
# Runs in the project's .venv (CRIBSIM_EXTRAS=train bash .ci/python.sh). Its time and peak
# memory go to OUT.time (/usr/bin/time -v), its learning curve to OUT.curve.csv. Training is
# bounded by time, so a rerun makes a different network from the same seed on another machine.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED=${SEED:-1}
MINUTES=${MINUTES:-20}
OUT=${OUT:-strategies/models/value.nn}
PYTHON=${PYTHON:-.venv/bin/python}
/usr/bin/time -v -o "$OUT.time" "$PYTHON" -m cribsim.train.nn q --out "$OUT" --seed "$SEED" \
    --minutes "$MINUTES" --threads 1 --hidden 128 64 --scale 10 \
    --opponents expected expected expected greedy \
    --lr 1e-3 --lr-end 5e-5 --eps-start 0.2 --eps-end 0.05 --eps-decay 0.3 \
    --mc-share 0.3 --updates 8 --target-every 300 \
    --eval expected --eval-games 1000 --eval-every 300
echo "train_value.sh: wrote $OUT, its curve ($OUT.curve.csv) and its time and memory ($OUT.time)"

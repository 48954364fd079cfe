#!/usr/bin/env bash
# train_nn.sh - rebuilds the network `nn` plays (strategies/models/default.nn) from a seed:
# behaviour cloning of `expert` (analysis/cribsim/train_nn.py, `bc`) in two runs: MINUTES on
# states that expert, expected, greedy and random reach (OUT.stage1), then MINUTES2 more from
# there with the stage-1 network among the actors (states its own play reaches, labelled by
# expert: DAgger). Each run writes its learning curve beside its network (FILE.curve.csv).
#
#     bash experiments/train_nn.sh                 # seed 1, 20 + 25 minutes, one torch thread
#     SEED=2 MINUTES=5 OUT=/tmp/x.nn bash experiments/train_nn.sh
#     METHOD=rl MINUTES=28 OUT=/tmp/rl.nn bash experiments/train_nn.sh   # policy gradient from
#                                                          # random weights (results/nn/README.md)
#     METHOD=q MINUTES=78 THREADS=2 OUT=/tmp/q.nn bash experiments/train_nn.sh   # bootstrapped
#                          # action values from random weights: 61.2% against greedy (README)
#
# It runs in the project's .venv (bash .ci/python.sh makes it, with torch's CPU build from the
# package's `train` extra); PYTHON names another interpreter that has cribsim and torch.
#
# Time and memory (2 cores shared, one torch thread): each run stops after its minutes of
# training plus one evaluation (45 minutes and a few for both); peak memory about 0.9 GB (the
# bounded buffer of --buffer-rows 400,000 observations, its copy as a tensor, torch itself),
# flat in the number of games played. Training is time-bounded, so the network differs with
# the machine's speed; the seed fixes the games, the actors and torch's initialisation.
set -euo pipefail
cd "$(dirname "$0")/.."
SEED=${SEED:-1}
MINUTES=${MINUTES:-20}
MINUTES2=${MINUTES2:-25}
METHOD=${METHOD:-bc}
OUT=${OUT:-strategies/models/default.nn}
THREADS=${THREADS:-1}
if [ -z "${PYTHON:-}" ]; then
    bash .ci/python.sh
    PYTHON=.venv/bin/python
fi
if [ "$METHOD" = bc ]; then
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

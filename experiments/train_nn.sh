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
#
# PYTHON: an interpreter with numpy and torch (CPU) installed (default .venv/bin/python, else
# python3). The compiled extension cribsim._core is built here against a position-independent
# build in BUILD (default build-pic/) and put with the package's Python files in
# BUILD/python/, which goes on PYTHONPATH: nothing is installed.
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
BUILD=${BUILD:-build-pic}
THREADS=${THREADS:-1}
if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_POSITION_INDEPENDENT_CODE=ON >/dev/null
cmake --build "$BUILD" --target cs_env -j2 >/dev/null
pkg="$BUILD/python/cribsim"
mkdir -p "$pkg"
inc=$("$PYTHON" -c "import sysconfig; print(sysconfig.get_paths()['include'])")
suffix=$("$PYTHON" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
${CC:-cc} -O2 -shared -fPIC -fopenmp -I"$inc" -Iexperiments/env -Istrategies -Istrategies/eval \
    -Iengine analysis/cribsim/_core.c "$BUILD/libcs_env.a" "$BUILD/libcs_strategies.a" \
    "$BUILD/libcs_engine.a" -lm -ldl -o "$pkg/_core$suffix"
cp analysis/cribsim/game.py analysis/cribsim/train_nn.py "$pkg/"
rm -rf "$pkg/envs" && cp -r analysis/cribsim/envs "$pkg/"
[ -f analysis/cribsim/__init__.py ] && cp analysis/cribsim/__init__.py "$pkg/" ||
    echo "from .game import Game, State, Strategy" >"$pkg/__init__.py"
PYTHONPATH="$(cd "$BUILD/python" && pwd)"
export PYTHONPATH
if [ "$METHOD" = bc ]; then
    "$PYTHON" -m cribsim.train_nn bc --out "$OUT.stage1" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 128 64 --teacher expert --actors expected greedy random \
        --eval expected greedy --eval-games 2000 --eval-every 150
    "$PYTHON" -m cribsim.train_nn bc --out "$OUT" --seed "$SEED" --minutes "$MINUTES2" \
        --threads "$THREADS" --hidden 128 64 --teacher expert --init "$OUT.stage1" \
        --first-game 1000000 --lr 5e-4 --teacher-share 0.4 \
        --actors expected greedy random "nn:path=$OUT.stage1" \
        --eval expected greedy --eval-games 2000 --eval-every 150
else
    "$PYTHON" -m cribsim.train_nn rl --out "$OUT" --seed "$SEED" --minutes "$MINUTES" \
        --threads "$THREADS" --hidden 128 64 --opponents greedy expected random \
        --eval greedy expected --eval-games 2000 --eval-every 150
fi
echo "train_nn.sh: wrote $OUT and $OUT.curve.csv"

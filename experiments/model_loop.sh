#!/usr/bin/env bash
# model_loop.sh - the machine-learning loop closed, in one command: plays the teacher's games
# with every deal recorded, turns them into datasets (cribsim.io.dataset), trains the `model`
# strategy's file (cribsim-train-model), then seats the model against expected and greedy
# in duplicate games and times it in self-play, and writes RESULTS/model/README.md with the
# figures and RESULTS/model/default.model.
#
#     experiments/model_loop.sh              (or: results/regenerate.sh model)
#
# The model compiled into cribsim is strategies/models/default.model; INSTALL=1 copies the new
# file there (rebuild cribsim afterwards). Same commit, same environment: the same bytes, since
# the games, the datasets and the fit are all determined by their seeds.
#
# Environment:
#     CRIBSIM   the cribsim binary (default build/cribsim)
#     RUNS      where run files and datasets go (default build/runs)
#     RESULTS   where the results go (default results/)
#     TEACHER   the teacher's seat spec (default expected)
#     GAMES     teacher games (default 3000); EVAL evaluation games per opponent (default 20000)
#     THREADS   threads for the teacher's games and the matches (default 2)
# Exit status: 0 done, 2 bad usage, else the status of the step that failed.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
cd "$src"
cribsim="${CRIBSIM:-$src/build/cribsim}"
runs="${RUNS:-build/runs}/model"
results="${RESULTS:-results}/model"
teacher="${TEACHER:-expected}"
games="${GAMES:-3000}"
eval_games="${EVAL:-20000}"
threads="${THREADS:-2}"
python="${CRIBSIM_PYTHON:-$src/.venv/bin/python}" # the project's (.ci/python.sh)
seed=101
train_seed=1

if [ $# -gt 0 ]; then
    echo "usage: experiments/model_loop.sh (settings by environment; see its header)" >&2
    exit 2
fi
if [ ! -x "$cribsim" ]; then
    echo "model_loop.sh: no cribsim binary at $cribsim (build it, or set CRIBSIM)" >&2
    exit 2
fi
if [ ! -x "$python" ]; then
    echo "model_loop.sh: no Python at $python (bash .ci/python.sh makes the project's .venv," \
        "or set CRIBSIM_PYTHON)" >&2
    exit 2
fi
for n in "$games" "$eval_games" "$threads"; do
    if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
        echo "model_loop.sh: GAMES, EVAL and THREADS must be positive integers (got '$n')" >&2
        exit 2
    fi
done
if [ $((eval_games % 2)) -ne 0 ]; then
    echo "model_loop.sh: EVAL=$eval_games: duplicate games come in pairs; give an even number" >&2
    exit 2
fi
mkdir -p "$runs" "$results"
model="$results/default.model"

step() { # WHAT COMMAND...: runs a step, its output to the log; stops on failure.
    local what=$1
    shift
    echo "   $what" >&2
    "$@" >"$runs/step.log" 2>&1 || {
        local status=$?
        cat "$runs/step.log" >&2
        echo "model_loop.sh: $what failed (status $status)" >&2
        exit $status
    }
}
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

echo "== model: $games games of $teacher at both seats -> $runs" >&2
t0=$(now)
step "cribsim run (teacher)" nice "$cribsim" run --rules two --seats "$teacher,$teacher" \
    --games "$games" --seed "$seed" --record deals --threads "$threads" -o "$runs/teacher.h5" \
    --force --quiet
for kind in discard play; do
    step "dataset.py --kind $kind" nice "$python" -m cribsim.io.dataset "$runs/teacher.h5" \
        --kind "$kind" -o "$runs/$kind.npz" --force
done
t1=$(now)
note="made by experiments/model_loop.sh: cribsim run --rules two --seats $teacher,$teacher"
note+=" --games $games --seed $seed --record deals; dataset.py --kind discard and play;"
note+=" train_model.py --seed $train_seed"
step "train_model.py" nice "$python" -m cribsim.train.model "$runs/discard.npz" \
    "$runs/play.npz" -o "$model" --seed "$train_seed" --note "$note" --force
cp "$runs/step.log" "$runs/train.txt"
t2=$(now)

match() { # OPPONENT: a duplicate match of the model against it, its table to $runs/vs-OPP.txt
    step "cribsim match model vs $1" nice "$cribsim" match "model:path=$model" "$1" \
        --games "$eval_games" --seed 2 --threads "$threads"
    cp "$runs/step.log" "$runs/vs-$1.txt"
}
match expected
match greedy
t3=$(now)
speed() { # SPEC NAME: self-play games a second on one thread, /games written
    step "cribsim run $2 self-play" "$cribsim" run --rules two --seats "$1,$1" --games 50000 \
        --seed 3 --threads 1 -o "$runs/self-$2.h5" --force
    grep -o '[0-9]* games/s' "$runs/step.log" | head -1 | cut -d' ' -f1
}
model_speed=$(speed "model:path=$model" model)
expected_speed=$(speed expected expected)

if [ "${INSTALL:-0}" = 1 ]; then
    cp "$model" strategies/models/default.model
    echo "   copied to strategies/models/default.model (rebuild cribsim)" >&2
fi
same="differs from"
cmp -s "$model" strategies/models/default.model && same="is byte for byte"

row() { grep -E "^  (side|model|$1|Elo)" "$runs/vs-$1.txt" | sed 's/^  /    /'; }
cat >"$results/README.md" <<EOF
# The model strategy: trained on cribsim's own data, seated at the table

Made by \`experiments/model_loop.sh\` (also \`results/regenerate.sh model\`), which plays the
teacher's games, exports the datasets, trains the model file, and measures it. The model
file written here, [default.model](default.model) ($(stat -c %s "$model") bytes), $same the
model compiled into cribsim (\`strategies/models/default.model\`: \`model\` with no path).

## How it was made

- **Data:** $games games of \`$teacher\` at both seats, two-player rules, seed $seed, every
  deal recorded (\`cribsim run --rules two --seats $teacher,$teacher --games $games --seed $seed
  --record deals\`), exported by \`cribsim-dataset --kind discard\` and \`--kind play\`.
- **Model:** \`cribsim-train-model --seed $train_seed\`: a linear score over the features
  of each candidate (strategies/builtin/model.h lists them: the kept hand's exact expected
  show, the crib model's expected crib, what a card pegs, the chance the next seat can answer
  it, ...), fitted as a conditional logit to the teacher's choices on four games in five and
  checked on the fifth. Data and training took $(seconds "$t0" "$t1") s and $(seconds "$t1" "$t2") s.

$(sed 's/^/    /' "$runs/train.txt")

## Strength (duplicate deals, $eval_games games each, seed 2, 95% Wilson intervals)

    cribsim match model:path=$model expected --games $eval_games --seed 2
$(row expected)

    cribsim match model:path=$model greedy --games $eval_games --seed 2
$(row greedy)

The model imitates its teacher, so it is measured against it: a model as strong as the
teacher would win half the games against it, and as many against greedy as the teacher does
(expected against greedy: [ladder.md](../ladder.md)).

## Speed

Self-play, both seats the same strategy, 50,000 games on one thread with /games written
(\`cribsim run --seats S,S --games 50000 --threads 1\`), in the same run of this script:
the model $model_speed games a second, expected $expected_speed.

The whole loop took $(seconds "$t0" "$(now)") s (two threads shared with other work, under \`nice\`).
EOF
echo "   wrote $results/README.md ($(seconds "$t0" "$(now)") s)" >&2

#!/usr/bin/env bash
# slurm_example.sh - an experiment spread over a Slurm cluster: an array job plays the shards
# (cribsim run --shard K/N), then a dependent job merges them into one file whose tables equal
# those of the same run on one machine.
#
#     bash experiments/slurm_example.sh            # submits both jobs
#     SHARDS=32 GAMES=100000000 bash experiments/slurm_example.sh
#     ARRAY=2,5 SHARDS=32 GAMES=100000000 bash experiments/slurm_example.sh   # shards 2 and 5 again
#
# Each shard is an ordinary run file: an interrupted shard (a pre-empted node, a scancel) is
# continued by resubmitting only its array index with ARRAY (the same SHARDS, GAMES and OUT),
# because the job passes --resume when its file already exists; the new merge job waits for the
# resubmitted shards only, the others' files being complete. The merge job of the first
# submission then waits for a dependency that can never be satisfied (a shard it waited for
# failed): scancel it, unless the cluster drops such jobs itself
# (DependencyParameters=kill_invalid_depend). The merge refuses missing, unfinished or foreign
# parts, naming them (and replaces a merged file left by an earlier submission: it is made from
# the parts alone). The last line printed names both jobs: "shard job ID ... merge job ID ...".
#
# Events: with EVENT_SPEC=FILE (an event spec, docs/events.md) the shards play `cribsim event
# FILE --events EVENTS --shard K/N` instead (each shard a contiguous range of the events), and
# the merge joins them into the file one machine writes; SEATS, RULES and GAMES are not used.
#
#     EVENT_SPEC=experiments/specs/events/nz-tournament.yaml EVENTS=100000 SHARDS=32 \
#         bash experiments/slurm_example.sh
#
# tests/slurm_cluster.sh runs this script on a real one-node Slurm cluster it starts (the merged
# file equals the one-machine run, also after a shard is cancelled mid-run and resubmitted with
# ARRAY, and the merged events equal one machine's event file); tests/cli_run.sh runs it with a
# stand-in sbatch that plays the jobs locally.
set -euo pipefail

SHARDS=${SHARDS:-16}
GAMES=${GAMES:-10000000}           # games in the whole experiment
SEATS=${SEATS:-expected,greedy}
RULES=${RULES:-two}
SEED=${SEED:-1}
OUT=${OUT:-$PWD/slurm-run}          # shard files and the merged file go here
CRIBSIM=${CRIBSIM:-$(command -v cribsim || echo "$PWD/build/cribsim")}
CPUS=${CPUS:-8}                     # threads per shard
ARRAY=${ARRAY:-1-$SHARDS}           # the shards (array indices) to submit: all, or e.g. 2,5
EVENT_SPEC=${EVENT_SPEC:-}          # an event spec: the shards play events, not games
EVENTS=${EVENTS:-10000}             # events in the whole experiment (with EVENT_SPEC)

mkdir -p "$OUT/logs"
if [ -n "$EVENT_SPEC" ]; then
    [ -r "$EVENT_SPEC" ] || { echo "slurm_example.sh: cannot read EVENT_SPEC $EVENT_SPEC" >&2; exit 2; }
    play="event '$(realpath "$EVENT_SPEC")' --events '$EVENTS'"
else
    play="run --rules '$RULES' --seats '$SEATS' --duplicate --games '$GAMES'"
fi

shard_job=$(sbatch --parsable \
    --job-name=cribsim-shard \
    --array="$ARRAY" \
    --cpus-per-task="$CPUS" \
    --time=04:00:00 \
    --output="$OUT/logs/shard-%a.out" \
    --wrap="
        part='$OUT'/part-\$SLURM_ARRAY_TASK_ID.h5
        resume=''
        [ -e \"\$part\" ] && resume=--resume
        exec '$CRIBSIM' $play --seed '$SEED' --shard \$SLURM_ARRAY_TASK_ID/$SHARDS \
            --threads \$SLURM_CPUS_PER_TASK --quiet -o \"\$part\" \$resume
    ")

merge_job=$(sbatch --parsable \
    --job-name=cribsim-merge \
    --dependency="afterok:$shard_job" \
    --output="$OUT/logs/merge.out" \
    --wrap="exec '$CRIBSIM' merge --force '$OUT/merged.h5' '$OUT'/part-*.h5")

echo "submitted shard job $shard_job (shards $ARRAY of $SHARDS) and merge job $merge_job; results in $OUT/merged.h5"

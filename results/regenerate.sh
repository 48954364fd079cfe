#!/usr/bin/env bash
# Regenerates the results of the canonical experiments: runs each experiment's spec
# (experiments/specs/NAME.yaml) with the built cribsim, then writes results/NAME/report.md, its plots
# and results/NAME/README.md, the answer in words (cribsim.analysis.results); for the ladder also
# results/ladder.md, the round robin's table (cribsim.analysis.ladder), from the same run files.
#
#     results/regenerate.sh NAME [NAME ...]    ladder, variants, lurch-skunk, three-hand,
#                                              hand-scores, muggins, events, model
#                                              (model: experiments/model_loop.sh),
#                                              crib-toss (build/cs_crib_toss; its README.md
#                                              is written by hand, the tables by the tool),
#                                              per-deal (the run and cribsim-report; its
#                                              README.md is written by hand),
#                                              per-deal-variants (the same for three-hand,
#                                              partners and the 61-point games),
#                                              win-grid (build/cs_win_grid for expert's and
#                                              mc's grids, then cribsim.analysis.win_grid; its
#                                              README.md is written by hand),
#                                              exploitability (experiments/exploitability.sh:
#                                              a best response trained to each strategy;
#                                              MINUTES a response, default 60; its README.md
#                                              is written by hand, the table by the script)
#     results/regenerate.sh all                every one of them
#     results/regenerate.sh --allow-dirty NAME  the same from a tree with uncommitted changes
#
# Results come from a clean tree: the script refuses (status 2, before any work) when tracked
# files differ from the commit checked out, or when the cribsim binary was built from another
# commit (`cribsim --version`), unless --allow-dirty is given (a trial; its results record
# the commit with "-dirty"). Each experiment's line in RESULTS/provenance.tsv records the commit
# and the time it was regenerated from; the run files record it too (git_commit).
#
# Environment:
#     CRIBSIM   the cribsim binary (default build/cribsim; build it first)
#     RUNS      where the run files (.h5) go (default build/runs; never in results/);
#               relative paths here and in RESULTS are from the repository root
#     RESULTS   where the results go (default results/)
#     GAMES     play this many games per arm instead of the spec's (a quick check of the
#               pipeline; the answers then rest on fewer games, so give another RESULTS)
#     EVENTS    the same for the events experiment: this many events per file
#     SAMPLES   the same for crib-toss: this many samples a rank pair and role
#     GAMES     for win-grid: this many games a cell of expert's grid (default 500)
#     MC_GAMES  for win-grid: this many games a cell of mc's grid (default 40)
#     THREADS   threads for cribsim run (default every core)
#     SPEEDS    for the ladder: a saved `cribsim bench --only ladder` output to use for the
#               strategies' speeds instead of measuring them again (speeds vary from run to
#               run; everything else on the page is the same bytes from the same seed)
# The experiment and the analysis run under `nice`. Exit status: 0 done, 2 bad usage, else the
# status of the step that failed (named on standard error).
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
cd "$src"
cribsim="${CRIBSIM:-$src/build/cribsim}"
runs="${RUNS:-build/runs}"
results="${RESULTS:-results}"
python="${CRIBSIM_PYTHON:-$src/.venv/bin/python}" # the project's (.ci/python.sh)
all=(ladder variants lurch-skunk three-hand hand-scores muggins events model crib-toss per-deal
    per-deal-variants win-grid exploitability)

usage() {
    echo "usage: results/regenerate.sh [--allow-dirty] NAME [NAME ...] | all" >&2
    echo "  NAME: ${all[*]}" >&2
    exit 2
}
[ $# -ge 1 ] || usage
names=()
allow_dirty=0
for arg in "$@"; do
    case "$arg" in
    --allow-dirty) allow_dirty=1 ;;
    all) names+=("${all[@]}") ;;
    ladder | variants | lurch-skunk | three-hand | hand-scores | muggins | events | model | \
        crib-toss | per-deal | per-deal-variants | win-grid | exploitability)
        names+=("$arg")
        ;;
    -h | --help) usage ;;
    *)
        echo "regenerate.sh: unknown experiment '$arg'" >&2
        usage
        ;;
    esac
done
[ ${#names[@]} -ge 1 ] || usage
# The commit the results come from: refused when tracked files differ from it.
if ! commit=$(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null); then
    if [ "$allow_dirty" -eq 0 ]; then
        echo "regenerate.sh: $src is not a git checkout, so the results could not name their" \
            "commit (--allow-dirty to regenerate anyway)" >&2
        exit 2
    fi
    commit=unknown
fi
changes=$(git -C "$src" status --porcelain --untracked-files=no 2>/dev/null || true)
if [ -n "$changes" ]; then
    if [ "$allow_dirty" -eq 0 ]; then
        echo "regenerate.sh: the tree has uncommitted changes; commit them first, or give" \
            "--allow-dirty for a trial whose results record $commit-dirty:" >&2
        head -10 <<<"$changes" >&2
        exit 2
    fi
    commit="$commit-dirty"
fi
if [ ! -x "$cribsim" ]; then
    echo "regenerate.sh: no cribsim binary at $cribsim (build it: cmake -S . -B build &&" \
        "cmake --build build -j, or set CRIBSIM)" >&2
    exit 2
fi
if [ ! -x "$python" ]; then
    echo "regenerate.sh: no Python at $python (bash .ci/python.sh makes the project's .venv," \
        "or set CRIBSIM_PYTHON)" >&2
    exit 2
fi
if [ -n "${GAMES:-}${EVENTS:-}${SAMPLES:-}${MC_GAMES:-}" ] && [ "$(cd "$(dirname "$results")" 2>/dev/null && pwd)/$(basename "$results")" = "$src/results" ]; then
    echo "regenerate.sh: GAMES, EVENTS, SAMPLES or MC_GAMES would overwrite the committed results; give RESULTS too" >&2
    exit 2
fi

# The binary's commit (`cribsim --version`: "cribsim VERSION (COMMIT)") is the tree's.
built=$("$cribsim" --version 2>/dev/null | sed -n 's/.*(\(.*\)).*/\1/p' | head -1)
if [ "$built" != "$commit" ] && [ "$allow_dirty" -eq 0 ]; then
    echo "regenerate.sh: $cribsim was built from ${built:-an unknown commit}, the tree is at" \
        "$commit: rebuild it (cmake --build build) or give --allow-dirty" >&2
    exit 2
fi
echo "== commit $commit" >&2

# provenance NAME: the experiment's line in RESULTS/provenance.tsv (experiment, commit, UTC).
provenance() {
    local file="$results/provenance.tsv" rows
    mkdir -p "$results"
    rows=$(tail -n +2 "$file" 2>/dev/null | awk -F'\t' -v n="$1" '$1 != n' || true)
    {
        printf 'experiment\tcommit\tregenerated_utc\n'
        { [ -z "$rows" ] || printf '%s\n' "$rows"; printf '%s\t%s\t%s\n' "$1" "$commit" \
            "$(date -u +%Y-%m-%dT%H:%M:%SZ)"; } | sort
    } >"$file.tmp" && mv "$file.tmp" "$file"
}

run_options=(--force --quiet)
[ -n "${GAMES:-}" ] && run_options+=(--games "$GAMES")
[ -n "${THREADS:-}" ] && run_options+=(--threads "$THREADS")

# The events experiment: `cribsim event` over the shipped event specs and variants of them
# (seasons of N weeks, tournaments of N games), then cribsim.analysis.event_study. EVENTS=N plays
# N events per file instead (a quick check; give another RESULTS then).
run_events() {
    local out="$results/events" dir="$runs/events" start
    start=$(date +%s)
    mkdir -p "$dir/specs"
    local event_options=(--force --quiet)
    [ -n "${THREADS:-}" ] && event_options+=(--threads "$THREADS")
    play() { # SPEC FILE EVENTS
        local n=${EVENTS:-$3}
        echo "   cribsim event $1 --events $n -> $2" >&2
        nice "$cribsim" event "$1" --events "$n" -o "$2" "${event_options[@]}" >>"$dir/log" 2>&1 || {
            status=$?
            cat "$dir/log" >&2
            echo "regenerate.sh: cribsim event $1 failed (status $status)" >&2
            exit $status
        }
    }
    : >"$dir/log"
    rm -f "$dir"/*.h5
    local specs=experiments/specs/events
    play "$specs/league-night.yaml" "$dir/league-night.h5" 4000
    play "$specs/nz-tournament.yaml" "$dir/nz-tournament.h5" 2000
    play "$specs/double-elimination.yaml" "$dir/double-elimination.h5" 4000
    for w in 1 2 4 8 16 32 64; do
        sed "s/^weeks: .*/weeks: $w/" "$specs/league-season.yaml" >"$dir/specs/league-w$w.yaml"
        play "$dir/specs/league-w$w.yaml" "$dir/league-w$w.h5" 400
    done
    for g in 9 18 27 36 54 72 108; do
        sed "s/^games: .*/games: $g/; s/^day_one_games: .*/day_one_games: $g/" \
            "$specs/nz-tournament.yaml" >"$dir/specs/nz-g$g.yaml"
        play "$dir/specs/nz-g$g.yaml" "$dir/nz-g$g.h5" 400
    done
    [ -f "$specs/league-match.yaml" ] && play "$specs/league-match.yaml" "$dir/league-match.h5" 1000
    echo "   played in $(($(date +%s) - start)) s" >&2
    rm -rf "$out"
    mkdir -p "$out"
    local command="results/regenerate.sh events"
    [ -n "${EVENTS:-}" ] && command="EVENTS=$EVENTS $command"
    nice "$python" -m cribsim.analysis.event_study "$dir" -o "$out" --command "$command" >/dev/null
    echo "   wrote $out/README.md and $out/report.md in $(($(date +%s) - start)) s" >&2
}

# The crib toss table: experiments/tools/crib_toss.c, one core (results/crib-toss/README.md).
run_crib_toss() {
    local out="$results/crib-toss" tool
    tool="$(dirname "$cribsim")/cs_crib_toss"
    if [ ! -x "$tool" ]; then
        echo "regenerate.sh: no $tool (cmake --build build --target cs_crib_toss)" >&2
        exit 2
    fi
    mkdir -p "$out"
    echo "== crib-toss: $tool --samples ${SAMPLES:-500000} $out" >&2
    OMP_NUM_THREADS=${THREADS:-1} nice "$tool" --samples "${SAMPLES:-500000}" "$out" >&2
    # The other seat laying away as expert and as mc do, through the strategy interface
    # (slower: SAMPLES/25 a cell, 20,000 by default), every core unless THREADS says.
    local other n=$((${SAMPLES:-500000} / 25))
    for other in expert mc; do
        mkdir -p "$out/$other"
        echo "== crib-toss: $tool --samples $n --other $other $out/$other" >&2
        OMP_NUM_THREADS=${THREADS:-$(nproc)} nice "$tool" --samples "$n" --other "$other" \
            "$out/$other" >&2
    done
}

# The board-position win table: build/cs_win_grid plays expert's grid (every score, GAMES a
# cell) and mc's (every 30 points, MC_GAMES a cell) into results/win-grid/*.csv, every core
# (THREADS: that many), then cribsim.analysis.win_grid draws the heat maps and writes table.md beside
# the hand-written README.md (results/win-grid/README.md), which is kept.
run_win_grid() {
    local out="$results/win-grid" tool start command="results/regenerate.sh win-grid"
    tool="$(dirname "$cribsim")/cs_win_grid"
    if [ ! -x "$tool" ]; then
        echo "regenerate.sh: no $tool (cmake --build build --target cs_win_grid)" >&2
        exit 2
    fi
    [ -n "${MC_GAMES:-}" ] && command="MC_GAMES=$MC_GAMES $command"
    [ -n "${GAMES:-}" ] && command="GAMES=$GAMES $command"
    mkdir -p "$out"
    start=$(date +%s)
    local threads=()
    [ -n "${THREADS:-}" ] && threads=(env OMP_NUM_THREADS="$THREADS")
    echo "== win-grid: $tool --games ${GAMES:-500} $out/expert.csv" >&2
    "${threads[@]}" nice "$tool" --games "${GAMES:-500}" "$out/expert.csv" >&2
    echo "== win-grid: $tool --strategy mc --step 30 --games ${MC_GAMES:-40} $out/mc.csv" >&2
    "${threads[@]}" nice "$tool" --strategy mc --step 30 --games "${MC_GAMES:-40}" "$out/mc.csv" >&2
    nice "$python" -m cribsim.analysis.win_grid "$out/expert.csv" --mc "$out/mc.csv" -o "$out" \
        --command "$command" >&2
    echo "   wrote $out/table.md and its heat maps in $(($(date +%s) - start)) s" >&2
}

# The per-deal averages (per-deal, per-deal-variants): the spec's run, then cribsim-report's
# report.md and plots of every arm in the spec's order beside the hand-written README.md
# (results/NAME/README.md), which is kept.
run_per_deal() {
    local name="$1" spec="experiments/specs/$1.yaml" out="$results/$1" start arm files=()
    start=$(date +%s)
    echo "== $name: cribsim run $spec -> $runs/$name" >&2
    mkdir -p "$runs" "$out"
    nice "$cribsim" run "$spec" -o "$runs/$name" "${run_options[@]}" >"$runs/$name.log" 2>&1 || {
        status=$?
        cat "$runs/$name.log" >&2
        echo "regenerate.sh: cribsim run $spec failed (status $status)" >&2
        exit $status
    }
    echo "   played in $(($(date +%s) - start)) s" >&2
    for arm in $(sed -n 's/^  - name: *//p' "$spec"); do files+=("$runs/$name/$arm.h5"); done
    rm -f "$out"/report.md "$out"/*.png
    nice "$python" -m cribsim.analysis.report "${files[@]}" -o "$out" --force >/dev/null
    echo "   wrote $out/report.md in $(($(date +%s) - start)) s" >&2
}

# run_one NAME: regenerates one experiment's results.
run_one() {
    local name=$1 spec out start extra command status
    if [ "$name" = win-grid ]; then
        run_win_grid
        return
    fi
    if [ "$name" = per-deal ] || [ "$name" = per-deal-variants ]; then
        run_per_deal "$name"
        return
    fi
    if [ "$name" = crib-toss ]; then
        run_crib_toss
        return
    fi
    if [ "$name" = events ]; then
        run_events
        return
    fi
    if [ "$name" = model ]; then
        CRIBSIM="$cribsim" RUNS="$runs" RESULTS="$results" experiments/model_loop.sh
        return
    fi
    if [ "$name" = exploitability ]; then
        # Resumable: the networks and their records stay in $runs/exploitability.
        CRIBSIM="$cribsim" PYTHON="$python" OUT="$runs/exploitability" \
            RESULTS="$results/exploitability" nice bash experiments/exploitability.sh
        return
    fi
    spec="experiments/specs/$name.yaml"
    out="$results/$name"
    echo "== $name: cribsim run $spec -> $runs/$name" >&2
    start=$(date +%s)
    mkdir -p "$runs"
    nice "$cribsim" run "$spec" -o "$runs/$name" "${run_options[@]}" >"$runs/$name.log" 2>&1 || {
        status=$?
        cat "$runs/$name.log" >&2
        echo "regenerate.sh: cribsim run $spec failed (status $status)" >&2
        exit $status
    }
    echo "   played in $(($(date +%s) - start)) s" >&2
    extra=()
    if [ "$name" = hand-scores ]; then
        # The exact distributions over every hand and starter, to compare with.
        "$cribsim" hand-stats >"$runs/hand-stats.txt"
        "$cribsim" hand-stats --crib >"$runs/hand-stats-crib.txt"
        extra=(--hand-stats "$runs/hand-stats.txt" --crib-stats "$runs/hand-stats-crib.txt")
    fi
    rm -rf "$out"
    mkdir -p "$out"
    command="results/regenerate.sh $name"
    [ -n "${GAMES:-}" ] && command="GAMES=$GAMES $command"
    nice "$python" -m cribsim.analysis.results "$name" "$spec" "$runs/$name" -o "$out" \
        --command "$command" "${extra[@]}" >/dev/null
    if [ "$name" = ladder ]; then
        # Each strategy's speed against itself on one core (after the games, on a free
        # core), kept beside the results; then the round robin's table from the same files
        # (load_all puts them in spec order), with those speeds beside the strengths.
        if [ -n "${SPEEDS:-}" ]; then
            cp "$SPEEDS" "$out/bench.txt"
        else
            echo "   cribsim bench --only ladder --seconds 3" >&2
            "$cribsim" bench --only ladder --seconds 3 >"$out/bench.txt"
        fi
        "$python" -m cribsim.analysis.ladder "$runs/$name"/*.h5 --speeds "$out/bench.txt" \
            --command "$command" -o "$results/ladder.md" --force >/dev/null
        echo "   wrote $results/ladder.md" >&2
    fi
    echo "   wrote $out/README.md and $out/report.md in $(($(date +%s) - start)) s" >&2
}

for name in "${names[@]}"; do
    run_one "$name"
    provenance "$name"
done

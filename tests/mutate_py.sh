#!/usr/bin/env bash
# Mutation testing of the Python tools (analysis/cribsim/) with cosmic-ray, the Python side of
# tests/mutate.sh. cosmic-ray plants one mutant at a time in the module's file (a comparison
# or an operator turned into another, a number changed, a condition negated, a loop that never
# runs, an exception type replaced, ...), runs the module's tests and restores the file. A
# mutant is killed when a test fails (or the tests run past the timeout), survived when every
# test passes, incompetent when the module no longer imports (not counted, like a C mutant
# that does not compile). The score is killed / (killed + survived). Not part of CI.
#
#     pip install -e ".[mutation]"                 # cosmic-ray, into the project's .venv
#     bash tests/mutate_py.sh analysis/cribsim/io/loader.py         # every mutant
#     bash tests/mutate_py.sh -n 40 -s 1 analysis/cribsim/*/*.py    # 40 sampled a module, seed 1
#     bash tests/mutate_py.sh -l analysis/cribsim/io/cliio.py       # list the mutants only
#     bash tests/mutate_py.sh -t "tests/test_analysis_io.py -k Strings" analysis/cribsim/io/cliio.py
#
# The tests of a module are its own test file (one per module, below); -t gives pytest's
# arguments instead. They run with CRIBSIM naming build/cribsim when it exists, unless CRIBSIM
# is set (CRIBSIM= leaves the binary out: the tests that need its run or event files skip, the
# rest run faster). The module is copied aside first and put back when the script ends,
# however it ends (a trap covers Ctrl-C), and cosmic-ray's session of each module is kept in
# the work folder (-w) for cr-report and cr-html; the survivors are listed at the end.
#
# Equivalent mutants. A mutant inside an annotation of a module that has `from __future__
# import annotations` is skipped (the annotation is a string never evaluated). Any other mutant
# shown equivalent may be marked, on its line or alone on the line above, by a comment naming
# its cosmic-ray operators (several separated by spaces; the end of a name after a "/" or "_"
# is enough, e.g. Eq_Is for core/ReplaceComparisonOperator_Eq_Is; NAME@TEXT only its mutants
# of the source text TEXT, e.g. NumberReplacer@0 for the line's 0s, not its other numbers) and
# why:
#     # mutate: equivalent Eq_Is NumberReplacer@0: REASON
# As in tests/mutate.sh a skipped mutant is still drawn (a sample is the same with or without
# markers), is not run, is printed with its reason and is counted apart from the score.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
python="${CRIBSIM_PYTHON:-$root/.venv/bin/python}"
bin="$(dirname "$python")"
sample=0 seed=1 timeout=120 tests="" list=0 work=""

usage() {
    echo "usage: bash tests/mutate_py.sh [-n SAMPLE] [-s SEED] [-T SECONDS] [-t PYTEST-ARGS]" \
        "[-w DIR] [-l] MODULE.py ..." >&2
    exit 2
}
# The shared options (-n -s -T -t -l: tests/lib_mutate.sh) and this script's own, -w.
. "$root/tests/lib_mutate.sh"
own_option() {
    case $1 in
    w) work=$2 ;;
    h) usage ;;
    esac
}
mutate_options "w:h" own_option "$@"
shift "$mutate_shift"
[ $# -ge 1 ] || usage
if [ ! -x "$bin/cosmic-ray" ]; then
    echo "mutate_py.sh: $bin/cosmic-ray is missing: pip install -e \".[mutation]\"" >&2
    exit 2
fi
if [ -z "${CRIBSIM+set}" ] && [ -x "$root/build/cribsim" ]; then
    export CRIBSIM="$root/build/cribsim"
fi
export CRIBSIM_SOURCE_DIR="$root" OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
[ -n "$work" ] || work="$(mktemp -d "${TMPDIR:-/tmp}/mutate_py.XXXXXX")"
mkdir -p "$work"

# The module under mutation, restored from its copy whatever happens.
current="" saved=""
restore() {
    if [ -n "$current" ] && [ -f "$saved" ]; then
        cp "$saved" "$current"
        current=""
    fi
}
trap restore EXIT
trap 'restore; exit 130' INT TERM

# The tests of each module: the test files that exercise it.
tests_of() {
    case "$(basename "$1" .py)" in
        cards | matches | stats) echo "tests/test_analysis.py" ;;
        game) echo "tests/test_analysis_cribsim.py tests/test_python_game_trust.py" \
            "tests/test_python_game_parity.py tests/test_python_specs.py" \
            "tests/test_python_openspiel.py -k 'not dqn'" ;;
        aec | gym_env | _checks) echo "tests/test_python_env_trust.py tests/test_python_env.py" \
            "tests/test_python_gym_semantics.py" ;;
        cliio | ladder) echo "tests/test_analysis_io.py" ;;
        report | plots | metrics | results) echo "tests/test_analysis_tools.py" ;;
        dataset | discard) echo "tests/test_analysis_dataset.py" ;;
        event_report | event_study) echo "tests/test_analysis_events.py" ;;
        runfile) echo "tests/test_analysis_loader.py tests/test_analysis_io.py" ;;
        loader | fixtures) echo "tests/test_analysis_loader.py" ;;
        shards) echo "tests/test_analysis_shards.py" ;;
        model) echo "tests/test_analysis_model.py" ;;
        nn) echo "tests/test_python_nn.py" ;;
        *) echo "tests/test_analysis.py" ;;
    esac
}

printf '%-36s %7s %7s %9s %11s %7s %7s\n' module killed survived timeouts incompetent skipped score
total_k=0 total_s=0
rm -f "$work/survivors"
cd "$root"
for module in "$@"; do
    module="$(realpath --relative-to="$root" "$module")"
    name="$(basename "$module" .py)"
    args="${tests:-$(tests_of "$module")}"
    config="$work/$name.toml" session="$work/$name.sqlite"
    cat >"$config" <<EOF
[cosmic-ray]
module-path = "$module"
timeout = $timeout
excluded-modules = []
test-command = "$python -m pytest -x -q -p no:cacheprovider $args"

[cosmic-ray.distributor]
name = "local"
EOF
    rm -f "$session"
    "$bin/cosmic-ray" init "$config" "$session" >/dev/null
    # A sample: the mutants in a fixed order (operator, position, occurrence), SAMPLE of them
    # drawn with SEED; the others are marked skipped, as cosmic-ray's own filters do.
    "$python" - "$session" "$sample" "$seed" "$list" <<'EOF'
import ast, random, re, sys
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import WorkerOutcome, WorkResult
session, sample, seed, listing = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
with use_db(session, WorkDB.Mode.open) as db:
    def key(item):
        m = item.mutations[0]
        return (m.operator_name, tuple(m.start_pos), m.occurrence)
    items = sorted(db.pending_work_items, key=key)
    keep = set(range(len(items)))
    if 0 < sample < len(items):
        keep = set(random.Random(seed).sample(range(len(items)), sample))
    source = open(items[0].mutations[0].module_path).read() if items else ""
    lines = source.split("\n")
    tree = ast.parse(source)
    # The annotations' spans, in a module whose annotations are never evaluated.
    spans = []
    if any(isinstance(n, ast.ImportFrom) and n.module == "__future__" and
           any(a.name == "annotations" for a in n.names) for n in tree.body):
        for n in ast.walk(tree):
            for a in (getattr(n, "annotation", None), getattr(n, "returns", None)):
                if isinstance(a, ast.AST):
                    spans.append(((a.lineno, a.col_offset), (a.end_lineno, a.end_col_offset)))
    marker = re.compile(r"mutate: equivalent ([^:]+): *(.*)$")

    def named(m, names):
        (r0, c0), (r1, c1) = m.start_pos, m.end_pos
        text = lines[r0 - 1][c0:c1] if r0 == r1 else None
        for n in names:
            name, _, what = n.partition("@")
            if (m.operator_name == name or m.operator_name.endswith(("/" + name, "_" + name))) \
                    and (not what or what == text):
                return True
        return False

    def equivalent(m):
        if any(lo <= tuple(m.start_pos) and tuple(m.end_pos) <= hi for lo, hi in spans):
            return "an annotation, never evaluated (from __future__ import annotations)"
        row = m.start_pos[0]
        near = [lines[row - 1]]
        if row > 1 and lines[row - 2].strip().startswith("#"):
            near.append(lines[row - 2])
        for found in (f for line in near for f in marker.finditer(line)):
            if named(m, found.group(1).split()):
                return found.group(2).strip() or "equivalent"
        return ""

    for i, item in enumerate(items):
        m = item.mutations[0]
        where = f"{m.module_path}:{m.start_pos[0]}: {m.operator_name} #{m.occurrence}"
        why = equivalent(m) if i in keep else ""
        if i not in keep:
            db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED,
                                                  output="not in the sample"))
        elif why:
            db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED,
                                                  output=f"equivalent: {why}"))
            print(f"{where}  (skipped: {why})", file=sys.stdout if listing else sys.stderr)
        elif listing:
            print(where)
EOF
    [ "$list" = 1 ] && continue
    saved="$work/$name.py.orig"
    cp "$module" "$saved"
    current="$module"
    "$bin/cosmic-ray" exec "$config" "$session" >"$work/$name.log" 2>&1 || true
    restore
    if ! cmp -s "$saved" "$module"; then
        echo "mutate_py.sh: $module differs from its copy after the run: restored" >&2
        cp "$saved" "$module"
    fi
    read -r k s t i q < <("$python" - "$session" "$work/survivors" <<'EOF'
import sys
from cosmic_ray.work_db import WorkDB, use_db
k = s = t = i = q = 0
with use_db(sys.argv[1], WorkDB.Mode.open) as db, open(sys.argv[2], "a") as out:
    for item, r in db.completed_work_items:
        if r.test_outcome == "killed":
            k += 1
            t += r.output == "timeout"
        elif r.test_outcome == "survived":
            s += 1
            m = item.mutations[0]
            out.write(f"{m.module_path}:{m.start_pos[0]}:{m.start_pos[1] + 1}: "
                      f"{m.operator_name} #{m.occurrence}\n")
        elif r.test_outcome == "incompetent":
            i += 1
        elif (r.output or "").startswith("equivalent"):
            q += 1
print(k, s, t, i, q)
EOF
    )
    total_k=$((total_k + k)) total_s=$((total_s + s))
    score="-"
    [ $((k + s)) -gt 0 ] && score="$(awk -v k="$k" -v s="$s" 'BEGIN { printf "%.1f%%", 100 * k / (k + s) }')"
    printf '%-36s %7d %7d %9d %11d %7d %7s\n' "$module" "$k" "$s" "$t" "$i" "$q" "$score"
done
if [ "$list" = 0 ] && [ $# -gt 1 ] && [ $((total_k + total_s)) -gt 0 ]; then
    printf '%-36s %7d %7d %9s %11s %7s %7s\n' all "$total_k" "$total_s" "" "" "" \
        "$(awk -v k="$total_k" -v s="$total_s" 'BEGIN { printf "%.1f%%", 100 * k / (k + s) }')"
fi
if [ -s "$work/survivors" ]; then
    echo "survived:"
    sed 's/^/    /' "$work/survivors"
fi
echo "sessions in $work (cr-report $work/NAME.sqlite --show-output shows each mutant)" >&2

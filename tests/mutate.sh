#!/usr/bin/env bash
# Mutation testing of the C code: plants simple mutants in a chosen source file one at a time,
# rebuilds only the tests that run on it, runs them, puts the file back, and reports each
# mutant killed (a test failed or timed out) or survived (every test passed), with the score
# killed / (killed + survived). Not part of ctest or CI: it takes minutes to hours.
#
#   bash tests/mutate.sh [options] FILE...
#
#   -b DIR      the configured build directory (default: build)
#   -t REGEX    the tests to run on each mutant, by their ctest names: C suites (test_*) and
#               command-line scripts (cli_*) (default: the file's own suite, below)
#   -n N        at most N mutants per file, a sample drawn with -s (default: all)
#   -s SEED     the sample's seed (default: 1), so a sample is the same on every run
#   -T SECONDS  a mutant whose tests run longer than this is killed (default: 120; the
#               suites run under timeout(1), which stops them and anything they started)
#   -j JOBS     build jobs (default: 2)
#   -l          list the mutants and exit
#
# The mutants, one token each, outside comments, strings and preprocessor lines:
#   <  <=  >  >=     each turned into its neighbour (< into <=, <= into <, ...)
#   ==  !=           each into the other
#   &&  ||           each into the other
#   an integer constant N (decimal, not part of a name or a float)   N + 1 and N - 1
#   (not the array sizes of a declaration)
#
# A mutant that does not compile is stillborn and left out of the score. A survivor is either a
# gap in the tests or an equivalent mutant (one that changes nothing observable, e.g. a bound
# that cannot be reached); read its line to tell. A mutant shown equivalent can be marked with a
# comment naming it and why, `/* mutate: equivalent FROM->TO: REASON */` (several FROM->TO
# separated by spaces), on its line or alone on the line above; it is still drawn in a sample, so
# a sample is the same with or without markers, but it is reported as skipped, with the reason,
# and not built or counted. The file is restored after each mutant and on
# any exit (Ctrl-C included), and the build brought back to the unmutated sources at the end.
#
# Default tests by file: experiments/events/* test_events; strategies/builtin/expert*.c
# test_expert; mc.c test_mc; model*.c test_model; nn*.c test_nn; habit.c test_habit;
# expected.c, greedy.c and random.c test_simple_strategies (seconds a mutant; test_strategies,
# which plays them through whole games, takes about 75 s), each with test_registry (which
# holds the strategies' versions); strategies/eval/winprob.c and endgame.c test_winprob
# and test_expert; anything else every C suite (^test_). docs/testing.md has the figures.
set -uo pipefail
cd "$(dirname "$0")/.."
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; }

# The shared options (-n -s -T -t -l: tests/lib_mutate.sh) and this script's own, -b and -j.
. tests/lib_mutate.sh
build=build tests="" sample=0 seed=1 timeout=120 list=0 jobs=2
own_option() {
    case $1 in
    b) build=$2 ;;
    j) jobs=$2 ;;
    esac
}
mutate_options "b:j:" own_option "$@"
shift "$mutate_shift"
if [ $# -eq 0 ]; then
    usage
    exit 2
fi
if [ "$list" -eq 0 ] && [ ! -f "$build/CTestTestfile.cmake" ]; then
    echo "mutate.sh: $build is not a configured build directory (cmake -S . -B $build)" >&2
    exit 2
fi

# Lists the mutants of a file, one a line: LINE<TAB>COLUMN<TAB>FROM<TAB>TO<TAB>WHY (column from
# 0; WHY the reason a marker gives the mutant, else empty).
list_mutants() {
    python3 - "$1" "$sample" "$seed" <<'EOF'
import random, re, sys

path, limit, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
text = open(path, encoding='utf-8').read()
# Blank out comments and string and character literals, keeping every offset.
out, i, n = [], 0, len(text)
while i < n:
    two = text[i:i + 2]
    if two == '/*':
        j = text.find('*/', i + 2)
        j = n if j < 0 else j + 2
        out.append(re.sub(r'[^\n]', ' ', text[i:j]))
        i = j
    elif two == '//':
        j = text.find('\n', i)
        j = n if j < 0 else j
        out.append(' ' * (j - i))
        i = j
    elif text[i] in '"\'':
        q, j = text[i], i + 1
        while j < n and text[j] != q:
            j += 2 if text[j] == '\\' else 1
        j = min(j + 1, n)
        out.append(re.sub(r'[^\n]', ' ', text[i:j]))
        i = j
    else:
        out.append(text[i])
        i += 1
code = ''.join(out)
swap = {'<': '<=', '<=': '<', '>': '>=', '>=': '>', '==': '!=', '!=': '==', '&&': '||',
        '||': '&&'}
token = re.compile(r'<<=?|>>=?|->|<=|>=|==|!=|&&|\|\||[<>]|'
                   r'(?<![\w.])\d+(?![\w.])')
# A declaration's array sizes (a constant in brackets before any '=' or '(' on a line that
# starts with a type) are left alone: a bigger array changes nothing, a smaller one is only
# undefined behaviour.
declaration = re.compile(r'\s*((static|const|extern|unsigned|signed|struct)\s+)*'
                         r'(int|char|short|long|float|double|size_t|u?int\d+_t|bool|cs_\w+)'
                         r'\s*\**\s*\w+')
mutants = []
for number, line in enumerate(code.split('\n'), 1):
    if line.lstrip().startswith('#'):
        continue
    decl_end = -1
    if declaration.match(line):
        cut = [k for k in (line.find('='), line.find('(')) if k >= 0]
        decl_end = min(cut) if cut else len(line)
    for m in token.finditer(line):
        t = m.group(0)
        if t.isdigit() and m.start() < decl_end and line[:m.start()].rstrip().endswith('['):
            continue
        if t in swap:
            mutants.append((number, m.start(), t, swap[t]))
        elif t.isdigit():
            v = int(t, 10) if not t.startswith('0') or t == '0' else None
            if v is None:
                continue  # octal: left alone
            mutants.append((number, m.start(), t, str(v + 1)))
            if v > 0:
                mutants.append((number, m.start(), t, str(v - 1)))
if limit > 0 and len(mutants) > limit:
    mutants = sorted(random.Random(seed).sample(mutants, limit))
# Markers: /* mutate: equivalent FROM->TO [FROM->TO ...]: REASON */ on the mutant's line or
# alone on the line above it.
marker = re.compile(r'mutate: equivalent ((?:\S+->\S+ ?)+): *(.*?) *(?:\*/|$)')
source = text.split('\n')
for number, col, old, new in mutants:
    why = ''
    lines = [source[number - 1]]
    above = source[number - 2].strip() if number > 1 else ''
    if above.startswith('/*') or above.startswith('//'):
        lines.append(above)
    for m in (m for l in lines for m in marker.finditer(l)):
        pairs = [re.match(r'^(.+?)->(.+)$', p).groups() for p in m.group(1).split()]
        if (old, new) in pairs:
            why = m.group(2).replace('\t', ' ') or 'equivalent'
    print('%d\t%d\t%s\t%s\t%s' % (number, col, old, new, why))
EOF
}

# Writes FILE with the token at LINE:COLUMN replaced.
plant() {
    python3 - "$1" "$2" "$3" "$4" "$5" <<'EOF'
import sys
path, line, col, old, new = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
lines = open(path, encoding='utf-8').read().split('\n')
s = lines[line - 1]
assert s[col:col + len(old)] == old, (line, col, old, s)
lines[line - 1] = s[:col] + new + s[col + len(old):]
open(path, 'w', encoding='utf-8').write('\n'.join(lines))
EOF
}

default_tests() {
    case $1 in
    experiments/events/*) echo '^test_events$' ;;
    strategies/builtin/expert*.c) echo '^test_(expert|registry)$' ;;
    strategies/builtin/mc.c) echo '^test_(mc|registry)$' ;;
    strategies/builtin/model*.c) echo '^test_(model|registry)$' ;;
    strategies/builtin/nn*.c) echo '^test_(nn|registry)$' ;;
    strategies/builtin/habit.c) echo '^test_(habit|registry)$' ;;
    strategies/builtin/expected.c | strategies/builtin/greedy.c | strategies/builtin/random.c)
        echo '^test_(simple_strategies|registry)$' ;;
    strategies/builtin/*) echo '^test_strategies$' ;;
    strategies/eval/winprob.c | strategies/eval/endgame.c) echo '^test_(winprob|expert)$' ;;
    *) echo '^test_' ;;
    esac
}

# Runs the selected suites in turn, stopping at the first failure, all under one timeout that
# kills outright: the suites run as timeout's own children (ctest starts each test in a process
# group of its own that a timeout would leave running), and SIGKILL, since a suite that runs
# events catches SIGTERM to finish its batch, which a looping mutant never does.
run_tests() {
    timeout -s KILL "$timeout" bash -c 'cd "$1" && src=$2 && shift 2 || exit 1
        for t in "$@"; do
            case $t in
            cli_*) bash "$src/tests/$t.sh" "$PWD/cribsim" >/dev/null 2>&1 || exit 1 ;;
            *) CRIBSIM="$PWD/cribsim" "./$t" >/dev/null 2>&1 || exit 1 ;;
            esac
        done' _ "$build" "$PWD" $suites 2>/dev/null
}

backup="" target=""
restore() {
    if [ -n "$backup" ] && [ -f "$backup" ]; then
        cp "$backup" "$target" && rm -f "$backup"
        touch "$target"
    fi
    backup=""
}
finish() {
    restore
    if [ "$list" -eq 0 ] && [ -n "${built_targets:-}" ]; then
        cmake --build "$build" -j"$jobs" --target $built_targets >/dev/null 2>&1
    fi
}
trap finish EXIT
trap 'echo; echo "mutate.sh: interrupted; the file is restored" >&2; exit 130' INT TERM

total_killed=0 total_survived=0 total_stillborn=0 total_skipped=0 built_targets=""
for file in "$@"; do
    file=${file#./}
    if [ ! -f "$file" ]; then
        echo "mutate.sh: no file $file" >&2
        exit 2
    fi
    mutants=$(list_mutants "$file")
    if [ "$list" -eq 1 ]; then
        printf '%s\n' "$mutants" | awk -F'\t' -v f="$file" 'NF {
            print f ":" $1 ":" $2 + 1 ": " $3 " -> " $4 ($5 != "" ? "  (skipped: " $5 ")" : "") }'
        continue
    fi
    chosen=${tests:-$(default_tests "$file")}
    # The tests the regex selects: C suites (each an executable named like its test) and
    # command-line scripts (tests/cli_*.sh, given the cribsim binary).
    suites=$(ctest --test-dir "$build" -N -R "$chosen" |
        sed -n 's/^ *Test *#[0-9]*: \(\(test\|cli\)_[A-Za-z0-9_]*\)$/\1/p' | tr '\n' ' ')
    targets=$(for t in $suites; do case $t in cli_*) echo cribsim ;; *) echo "$t" ;; esac; done |
        sort -u | tr '\n' ' ')
    if [ -z "$suites" ]; then
        echo "mutate.sh: no C suite or command-line test matches '$chosen' in $build" >&2
        exit 2
    fi
    built_targets="$built_targets $targets"
    if ! cmake --build "$build" -j"$jobs" --target $targets >/dev/null 2>&1 || ! run_tests; then
        echo "mutate.sh: $chosen fail (or do not build) before any mutant: fix that first" >&2
        exit 1
    fi
    n=$(printf '%s\n' "$mutants" | grep -c . || true)
    echo "== $file: $n mutants, tests $chosen"
    killed=0 survived=0 stillborn=0 skipped=0 k=0
    while IFS=$'\t' read -r line col from to why; do
        [ -n "$line" ] || continue
        k=$((k + 1))
        if [ -n "$why" ]; then
            skipped=$((skipped + 1))
            printf '%-9s [%d/%d] %s: equivalent, %s\n' skipped "$k" "$n" \
                "$file:$line:$((col + 1)): $from -> $to" "$why"
            continue
        fi
        target=$file
        backup=$(mktemp "${TMPDIR:-/tmp}/mutate.XXXXXX")
        cp "$file" "$backup"
        plant "$file" "$line" "$col" "$from" "$to"
        where="$file:$line:$((col + 1)): $from -> $to"
        if ! cmake --build "$build" -j"$jobs" --target $targets >/dev/null 2>&1; then
            verdict=stillborn
            stillborn=$((stillborn + 1))
        elif run_tests; then
            verdict=SURVIVED
            survived=$((survived + 1))
        else
            verdict=killed
            killed=$((killed + 1))
        fi
        restore
        printf '%-9s [%d/%d] %s\n' "$verdict" "$k" "$n" "$where"
    done <<<"$mutants"
    scored=$((killed + survived))
    if [ "$scored" -gt 0 ]; then
        echo "== $file: $killed killed, $survived survived, $stillborn stillborn," \
            "$skipped skipped: score $(awk -v k=$killed -v s=$scored 'BEGIN { printf "%.1f%%", 100 * k / s }')"
    fi
    total_skipped=$((total_skipped + skipped))
    total_killed=$((total_killed + killed))
    total_survived=$((total_survived + survived))
    total_stillborn=$((total_stillborn + stillborn))
done
if [ "$list" -eq 0 ]; then
    scored=$((total_killed + total_survived))
    echo "== all: $total_killed killed, $total_survived survived, $total_stillborn stillborn," \
        "$total_skipped skipped (marked equivalent):" \
        "score $(awk -v k=$total_killed -v s=$scored 'BEGIN { if (s) printf "%.1f%%", 100 * k / s; else print "-" }')"
fi

#!/usr/bin/env bash
# cli_layers.sh [CRIBSIM] - the layers of docs/architecture.md, checked on the sources: no file
# includes a header of a layer above its own. The order, lowest first (a layer may include its
# own headers and those of the layers below):
#
#   0 engine              engine/
#   1 strategies          strategies/ and its builtin/, eval/, external/
#   2 env                 experiments/env (the environment API: engine and strategies only)
#   3 common              experiments/common (the version, the shard ranges, the event bounds)
#   4 io                  experiments/io (every HDF5 call: run and event files)
#   5 runner              experiments/runner (the game runner, its statistics, its progress)
#   6 spec                experiments/spec (the YAML spec reader, into the runner's types)
#   7 events              experiments/events (the event runner and its formats)
#   8 cli                 experiments/cli (the cribsim command)
#   9 tools               experiments/tools (the table generators and other tools)
#
# The Python extension (analysis/cribsim/_core.c) may reach env, never HDF5; a C test may reach
# the layer its first line names (`/* layer: strategies */`; experiments is every layer), and
# the test helpers beside it (tests/*.h). An include that names no header of these folders (and
# is not a system header in <>) fails too, so a new folder is placed in the order here first.
# Given an argument (ctest passes the cribsim binary) it is ignored: the check reads sources.
set -u
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$src" || exit 1
layers="engine:0 strategies:1 strategies/builtin:1 strategies/eval:1 strategies/external:1
experiments/env:2 experiments/common:3 experiments/io:4 experiments/runner:5 experiments/spec:6
experiments/events:7 experiments/cli:8 experiments/tools:9"
names=(engine strategies env common io runner spec events cli tools)

# Every header of a layer, "NAME.h RANK" a line.
map=$(
    for entry in $layers; do
        for h in "${entry%%:*}"/*.h; do
            [ -e "$h" ] && echo "$(basename "$h") ${entry##*:}"
        done
    done
)
dups=$(cut -d' ' -f1 <<<"$map" | sort | uniq -d)
fail=0
if [ -n "$dups" ]; then
    echo "FAIL: headers of one name in two folders (an include could not name its layer): $dups"
    fail=1
fi

# check FILE RANK: prints each include of FILE from a layer above RANK, or of no known layer.
check() {
    awk -v file="$1" -v rank="$2" -v names="${names[*]}" '
        BEGIN { split(names, name, " ") }
        FILENAME != file { layer[$1] = $2; next }
        /^[ \t]*#[ \t]*include[ \t]*"/ {
            h = $0
            sub(/^[^"]*"/, "", h)
            sub(/".*$/, "", h)
            n = split(h, part, "/")
            h = part[n]
            if (h in layer) {
                if (layer[h] > rank)
                    printf "FAIL: %s:%d includes %s, of layer %s, above its own (%s)\n", file, FNR,
                           h, name[layer[h] + 1], name[rank + 1]
            } else {
                printf "FAIL: %s:%d includes %s, a header of no layer\n", file, FNR, h
            }
        }
    ' <(echo "$map") "$1"
}
checked=0
out=$(
    for entry in $layers; do
        for f in "${entry%%:*}"/*.[ch]; do
            [ -e "$f" ] && check "$f" "${entry##*:}"
        done
    done
    check analysis/cribsim/_core.c 2
    for f in tests/test_*.c tests/fuzz/*.c; do
        [ -e "$f" ] || continue
        case "$(head -1 "$f")" in
        *"layer: engine"*) rank=0 ;;
        *"layer: strategies"*) rank=1 ;;
        *"layer: env"*) rank=2 ;;
        *) rank=9 ;;
        esac
        # The test helpers (tests/*.h) are the tests' own.
        check "$f" "$rank" | grep -v -E "includes ($(cd tests && ls ./*.h | sed 's|^\./||' |
            paste -sd'|')), a header of no layer" || true
    done
)
checked=$(for entry in $layers; do ls "${entry%%:*}"/*.[ch]; done 2>/dev/null | wc -l)
if [ -n "$out" ]; then
    echo "$out"
    fail=1
fi
if [ "$fail" -eq 0 ]; then
    echo "cli_layers: $checked source files and the tests include only their layer and those below"
else
    echo "cli_layers: includes that cross the layers upward (docs/architecture.md orders them)"
fi
exit "$fail"

#!/usr/bin/env bash
# cli_event.sh - `cribsim event`: every shipped event spec plays; the tables are identical for
# one and two threads and after an interruption and --resume; bad specs and outputs are refused
# with the line or file named; the file has the documented tables and attributes.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp

"$cs" event --help | grep -q "cribsim event SPEC.yaml" && ok || bad "event --help"
"$cs" help 2>&1 | grep -q "event" && ok || bad "event in the command list"

# Every shipped spec plays a few events.
for spec in "$src"/experiments/specs/events/*.yaml; do
    name=$(basename "$spec" .yaml)
    "$cs" event "$spec" --events 6 --threads 2 --quiet -o "$name.h5" >/dev/null && ok ||
        bad "shipped spec $name"
done

# The same tables for 1 and 2 threads, and after an interruption then --resume.
tables() { # FILE -> a digest of the three tables' rows
    "$py" -c '
import h5py, hashlib, sys
f = h5py.File(sys.argv[1], "r")
h = hashlib.sha256()
for t in ("events", "standings", "games"):
    h.update(f[t][:].tobytes())
s = f.attrs["status"]
print(h.hexdigest(), f.attrs["events_completed"], s.decode() if isinstance(s, bytes) else s)' "$1"
}
spec="$src/experiments/specs/events/league-night.yaml"
"$cs" event "$spec" --events 40 --threads 1 --quiet -o one.h5 >/dev/null
"$cs" event "$spec" --events 40 --threads 2 --quiet -o two.h5 >/dev/null
a=$(tables one.h5) b=$(tables two.h5)
[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "1 and 2 threads differ: [$a] [$b]"
grep -q " 40 complete" <<<"$a" && ok || bad "complete file's attributes: $a"
"$cs" event "$spec" --events 40 --threads 2 --quiet -o cut.h5 --interrupt-after 12 >/dev/null
grep -q " 12 interrupted" <<<"$(tables cut.h5)" && ok || bad "interrupted file: $(tables cut.h5)"
"$cs" event "$spec" --events 40 --threads 1 --quiet -o cut.h5 --resume >/dev/null
[ "$(tables cut.h5)" = "$a" ] && ok || bad "resumed file differs: $(tables cut.h5)"
out=$("$cs" event "$spec" --events 40 --quiet -o cut.h5 --resume)
grep -q "already complete" <<<"$out" && ok || bad "resume of a complete file: $out"
# A real SIGINT: the file closes as interrupted, with whole events, and --resume completes it.
season="$src/experiments/specs/events/league-season.yaml"
"$cs" event "$season" --events 400 --threads 2 --quiet -o sig.h5 >/dev/null &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
s=$(tables sig.h5)
[ "$rc" -eq 0 ] && grep -q " interrupted" <<<"$s" && ok || bad "SIGINT: rc=$rc [$s]"
"$cs" event "$season" --events 400 --threads 2 --quiet -o sig.h5 --resume >/dev/null
"$cs" event "$season" --events 400 --threads 2 --quiet -o whole.h5 >/dev/null
[ "$(tables sig.h5)" = "$(tables whole.h5)" ] && ok || bad "SIGINT then --resume differs"

# The file: every documented field, and standings that add up.
"$py" - one.h5 <<'PY' && ok || bad "event file layout"
import h5py, sys
f = h5py.File(sys.argv[1], "r")
for t, names in {"events": "event winner games matches team_winner playoff_games",
                 "standings": "event entrant strategy rank points wins losses ties points_for "
                              "points_against prize_cents",
                 "games": "event game round table entrant first_dealer deals winner score skunk"}.items():
    assert set(names.split()) <= set(f[t].dtype.names), (t, f[t].dtype.names)
for a in ("format", "spec", "entrants", "strategies", "seed", "events_requested",
          "events_completed", "status", "engine_version", "git_commit", "created_utc",
          "command_line", "rules"):
    assert a in f.attrs, a
st = f["standings"][:]
assert len(st) == 40 * 20
assert (st["prize_cents"].reshape(40, 20).sum(axis=1) == 20 * 640).all()  # the pot, paid in full
ev = f["events"][:]
assert (ev["games"] == 20).all()  # five tables, four games
assert len(f["games"]) == 800
PY

# Bad input: each refused with exit 2, naming what is wrong.
cat >bad-format.yaml <<'YAML'
format: bowls
field:
  - {count: 8, strategy: greedy}
YAML
expect_error "unknown format" "bad-format.yaml:1:" "$cs" event bad-format.yaml -o x.h5
cat >small.yaml <<'YAML'
format: nz
field:
  - {count: 4, strategy: greedy}
  - {count: 1, strategy: random}
YAML
expect_error "field too small" "small.yaml:2:" "$cs" event small.yaml -o x.h5
cat >badkey.yaml <<'YAML'
format: league
field:
  - {count: 8, strategy: greedy}
weekz: 3
YAML
expect_error "unknown key" "badkey.yaml:4:" "$cs" event badkey.yaml -o x.h5
# Nested 80,000 deep: refused where the 65th level opens, before libyaml spends seconds on it.
{ printf 'format: league\nfield: '; printf '%80000s' '' | tr ' ' '['; printf '%80000s' '' | tr ' ' ']'; echo; } >deep.yaml
start=$SECONDS
expect_error "nested too deep" "deep.yaml:2: nested deeper than 64 levels" timeout 60 "$cs" event deep.yaml -o x.h5
[ $((SECONDS - start)) -lt 5 ] && ok || bad "the deep spec took $((SECONDS - start)) s to refuse"
expect_error "no output" "-o" "$cs" event "$spec"
expect_error "missing spec" "nosuch.yaml" "$cs" event nosuch.yaml -o x.h5
expect_error "existing output" "exists" "$cs" event "$spec" --events 2 -o one.h5
expect_error "resume another spec" "not written by this event spec" \
    "$cs" event "$season" --events 2 -o one.h5 --resume
expect_error "force and resume" "contradict" "$cs" event "$spec" -o one.h5 --force --resume
[ ! -e x.h5 ] && ok || bad "a refused spec left a file"

cli_done

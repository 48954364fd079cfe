#!/usr/bin/env bash
# cli_trust.sh - the trust boundary around outside agents: an agent starts with no descriptor
# but its standard input, output and error (never the run file), an interrupt is answered
# within a second while an agent is silent, an agent's bytes are escaped before they reach a
# message, and an agent that exits while a child it started holds its output open is reported
# by its exit status, not as a time-out.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp

# An agent that lists its open descriptors, then leaves.
cat >fds.sh <<'SH'
ls -l /proc/$$/fd >"$1" 2>&1
read -r greeting
echo ready
SH
"$cs" run --seats "exec:sh $tmp/fds.sh $tmp/fds.txt,random" --games 2 --threads 1 --quiet \
    -o fds.h5 >/dev/null 2>&1
[ -s fds.txt ] && ok || bad "the fd agent did not run"
if grep -q '\.h5' fds.txt; then bad "an agent inherited the run file: $(cat fds.txt)"; else ok; fi
# what else it holds is the shell's own (its script, its saved outputs) or the connection
other=$(grep -- '->' fds.txt | grep -v -e 'socket:' -e fds.txt -e fds.sh -e /dev/null)
[ -z "$other" ] && ok || bad "an agent holds more than its input and output: $other"

# An agent that greets and then never answers: one SIGINT ends the run within a second, the
# file says interrupted.
cat >hang.sh <<'SH'
read -r greeting
echo ready
while read -r line; do :; done
SH
"$cs" run --seats "exec:timeout_ms=60000:sh $tmp/hang.sh,random" --games 50 --threads 1 \
    --quiet -o hang.h5 >/dev/null 2>hang.err &
pid=$!
sleep 2
t0=$(date +%s%N)
kill -INT $pid
wait $pid
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$ms" -lt 1500 ] && ok || bad "SIGINT answered after $ms ms"
[ "$rc" -ne 0 ] && ok || bad "an interrupted run exited 0"
status=$("$py" -c 'import h5py,sys; s=h5py.File(sys.argv[1],"r").attrs["status"]; print(s.decode() if isinstance(s, bytes) else s)' hang.h5)
[ "$status" = interrupted ] && ok || bad "status after SIGINT: $status ($(cat hang.err))"
pgrep -f "$tmp/hang.sh" >/dev/null && bad "the agent outlived cribsim" || ok

# A signal while an agent is starting: this one greets at once the first time (when the run
# checks its seats) and never the second (when the run's players start). SIGTERM then stops it
# and ends the run with exit 1, the file marked interrupted.
cat >late.sh <<'SH'
read -r greeting
if [ -e "$1" ]; then sleep 30; exit 0; fi
: >"$1"
echo ready
SH
"$cs" run --seats "exec:sh $tmp/late.sh $tmp/late.mark,random" --games 10 --threads 1 --quiet \
    -o late.h5 >/dev/null 2>late.err &
pid=$!
for _ in $(seq 1 200); do [ -s late.h5 ] && break; sleep 0.05; done
sleep 0.5
kill -TERM $pid
wait $pid
rc=$?
status=$("$py" -c 'import h5py,sys; s=h5py.File(sys.argv[1],"r").attrs["status"]; print(s.decode() if isinstance(s, bytes) else s)' late.h5)
[ "$rc" -eq 1 ] && [ "$status" = interrupted ] && ok ||
    bad "SIGTERM while an agent starts: rc=$rc status=$status ($(cat late.err))"
sleep 0.2
pgrep -f "$tmp/late.sh" >/dev/null && bad "a starting agent outlived cribsim" || ok

# The same while a spec's arms are checked (each arm's agents start once before any is run):
# SIGINT stops the starting agent, exit 1, nothing left behind.
cat >arms.yaml <<YAML
name: arms
rules: two
games: 10
arms:
  - name: slow
    seats: ["exec:sh $tmp/late.sh $tmp/late.mark", random]
YAML
"$cs" run arms.yaml -o armsout --quiet >/dev/null 2>arms.err &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
sleep 0.2
[ "$rc" -eq 1 ] && grep -q "interrupted while waiting" arms.err && ok ||
    bad "SIGINT while a spec's agent starts: rc=$rc ($(cat arms.err))"
pgrep -f "$tmp/late.sh" >/dev/null && bad "an arm's starting agent outlived cribsim" || ok

# An agent whose answer holds terminal escapes: the message shows them escaped.
cat >esc.sh <<'SH'
read -r greeting
printf '\033]0;OWNED\007\033[2J\033[31mQC\n'
SH
err=$("$cs" run --seats "exec:sh $tmp/esc.sh,random" --games 1 --quiet -o esc.h5 2>&1 >/dev/null)
if printf '%s' "$err" | grep -q $'\033'; then bad "raw escape in: $err"; else ok; fi
grep -qF '\x1b]0;OWNED\x07' <<<"$err" && ok || bad "escaped text missing: $err"

# An agent that starts a child holding its output, then exits with status 3.
cat >orphan.sh <<'SH'
read -r greeting
echo ready
sleep 30 &
exit 3
SH
t0=$(date +%s%N)
err=$("$cs" run --seats "exec:timeout_ms=5000:sh $tmp/orphan.sh,random" --games 1 --quiet \
    -o orphan.h5 2>&1 >/dev/null)
ms=$((($(date +%s%N) - t0) / 1000000))
grep -q "exited with status 3" <<<"$err" && ok || bad "grandchild: $err"
[ "$ms" -lt 4000 ] && ok || bad "an exited agent was noticed after $ms ms"
pkill -f "sleep 30" 2>/dev/null

# A hostile run file: its seats name a command. --resume refuses to run it (exit 2, saying
# why) unless the seats are given again or the file is trusted explicitly.
"$cs" run --games 200 --threads 1 --quiet -o hostile.h5 >/dev/null
"$py" - hostile.h5 "$tmp" <<'PY'
import h5py, sys
with h5py.File(sys.argv[1], "r+") as f:
    f.attrs["seats"] = [f"exec:touch {sys.argv[2]}/MARKER; exec ./agent ok", "random"]
    f.attrs["status"] = "interrupted"
    f.attrs["games_completed"] = 100
PY
expect_error "resume of a file naming a command" "runs outside code" \
    "$cs" run -o hostile.h5 --resume --quiet
[ ! -e MARKER ] && ok || bad "--resume ran the command a run file named"
"$cs" run -o hostile.h5 --resume --quiet --trust-file >/dev/null 2>&1
[ -e MARKER ] && ok || bad "--trust-file did not run the file's seats"

# Run files that lie: every read path checks the rules, seats, ranges and rows in one place
# (experiments/io/runcheck.c) and refuses the file with exit 2 and a reason.
"$cs" run --games 400 --record deals --threads 1 --quiet -o base.h5 >/dev/null
lie() { # NAME PYTHON: a copy of base.h5 changed by PYTHON (f is the open file)
    cp base.h5 "$1.h5"
    "$py" -c "import h5py, json
f = h5py.File('$1.h5', 'r+')
$2
f.close()"
}
lie rules 'r = json.loads(f.attrs["rules"]); r["players"] = 9; r["target"] = -5; f.attrs["rules"] = json.dumps(r)'
lie seats 'f.attrs["seats"] = ["random", "random", "random"]'
lie cards 'd = f["deals"][3]; d["starter"] = 77; f["deals"][3] = d'
lie winner 'g = f["games"][10]; g["winner"] = 7; f["games"][10] = g'
lie order 'a, b = f["deals"][4], f["deals"][5]; f["deals"][4] = b; f["deals"][5] = a'
lie range 'f.attrs["game_begin"] = 5000; f.attrs["game_end"] = 10'
for name in rules seats cards winner order range; do
    err=$("$cs" merge "merged-$name.h5" "$name.h5" --quiet 2>&1 >/dev/null)
    rc=$?
    [ "$rc" -eq 2 ] && grep -q "$name.h5" <<<"$err" && ! grep -q "18446744" <<<"$err" && ok ||
        bad "merge of a file whose $name lie: rc=$rc [$err]"
    [ ! -e "merged-$name.h5" ] && ok || bad "merge left merged-$name.h5 behind"
done
err=$("$cs" replay seats.h5 --game 1 2>&1 >/dev/null)
grep -q "3 seats for 2-player rules" <<<"$err" && ok || bad "replay's reason: [$err]"
err=$("$cs" run -o winner.h5 --resume --quiet 2>&1 >/dev/null)
rc=$?
[ "$rc" -eq 2 ] && grep -q "row 10" <<<"$err" && ok || bad "--resume of bad rows: rc=$rc [$err]"

# Damaged run files: 200 bytes XORed at 40 places (metadata, attributes, chunks) in turn. Every
# reader refuses each with exit 2 naming the file, and none crashes (the metadata is
# checksummed, and strings are kept out of the unchecksummed global heap).
"$cs" run --games 600 --record deals --threads 1 --quiet -o good.h5 >/dev/null
"$py" - good.h5 <<'PY'
import random, sys
data = open(sys.argv[1], "rb").read()
for seed in range(40):
    r = random.Random(seed)
    b = bytearray(data)
    start = r.randrange(0, min(len(b) - 200, 8000)) if seed < 30 else r.randrange(0, len(b) - 200)
    for i in range(start, start + 200):
        b[i] ^= r.randrange(1, 256)
    open(f"flip{seed}.h5", "wb").write(b)
PY
crashed=""
for i in $(seq 0 39); do
    for cmd in "replay flip$i.h5 --game 5" "run -o flip$i.h5 --resume --quiet" \
        "merge merged$i.h5 flip$i.h5 --quiet"; do
        # shellcheck disable=SC2086
        "$cs" $cmd >/dev/null 2>err.txt
        rc=$?
        if [ "$rc" -ge 3 ] || { [ "$rc" -ne 0 ] && ! grep -q "flip$i.h5" err.txt; }; then
            crashed="$crashed [$cmd: rc=$rc $(head -c 120 err.txt)]"
        fi
    done
done
[ -z "$crashed" ] && ok || bad "damaged files:$crashed"

cli_done

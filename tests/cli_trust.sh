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
status=$("$py" -c 'import h5py,sys; print(h5py.File(sys.argv[1],"r").attrs["status"])' hang.h5)
[ "$status" = interrupted ] && ok || bad "status after SIGINT: $status ($(cat hang.err))"
pgrep -f "$tmp/hang.sh" >/dev/null && bad "the agent outlived cribsim" || ok

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

cli_done

#!/usr/bin/env bash
# slurm_cluster.sh [CRIBSIM] - experiments/slurm_example.sh on a real one-node Slurm cluster
# that this script starts on this machine and stops again (tests/run_all.sh runs it after the
# release pass; CRIBSIM defaults to build/cribsim):
#
#   1. installs Slurm and MUNGE when missing (Debian's slurmctld, slurmd, slurm-client and munge,
#      through .ci/deps.sh); exits 77 (skipped), saying why, only when they are missing and
#      cannot be installed (no apt-get, or neither root nor password-less sudo);
#   2. writes its own configuration into a fresh folder under /tmp (this host as controller and
#      only node, CPUs as nproc, proctrack/linuxproc, task/none, no accounting, no cgroups:
#      it runs where there is no systemd), makes a MUNGE key for the test, and starts munged,
#      slurmctld and slurmd in the foreground as background children, recording each pid. It
#      reads nothing of a cluster already configured here: SLURM_CONF names its own file, munged
#      listens on its own socket (the configuration's AuthInfo) and the daemons on free ports;
#   3. submits the example (three shards and the dependent merge) and checks that the merged file
#      equals `cribsim run` of the same experiment on one machine, table for table
#      (lib_cli.sh's same_tables, as tests/cli_run.sh judges the stand-in sbatch);
#   4. submits a longer experiment, cancels one shard while it runs (scancel), checks its part
#      is left unfinished, resubmits that shard alone (ARRAY=2) with a new merge, and checks the
#      resumed result still equals the one-machine run;
#   4b. submits the example's events mode (three shards of a tournament day's events) and
#      checks that the merged event file equals one machine's, table for table;
#   5. starts a Dask scheduler and two `dask worker` processes as Slurm jobs, and checks with
#      tests/dask_cluster.py that the shard analysis of that resumed run, done on the workers,
#      gives the merged file's summary, strategy table and match tables exactly;
#   5b. while the Dask workers are up, lists every listening socket in its network namespace
#      (ss) and fails on any that could be reached from another host (check_listeners below);
#   6. on every way out (trap): cancels the jobs left, stops the daemons it started by pid
#      (the Dask scheduler too), kills by pid any process still holding a file in its folder
#      (a job step left behind, which fails the test), and removes the folder (kept, with the
#      daemons' logs printed, when a check failed).
#
# Nothing it starts can be reached from another host. A Dask worker runs any function sent to it,
# unauthenticated, and slurmd runs jobs for whoever holds the MUNGE key; Slurm's daemons have no
# option to bind an address (they listen on every interface). So after the packages are in, the
# script runs the rest of itself in a network namespace of its own (unshare --net), whose only
# interface is loopback, and binds every Dask server (scheduler, workers, their HTTP servers)
# to 127.0.0.1 explicitly besides. It needs root for that (as it does for slurmd); without it, it
# exits 77 saying why.
#
# Every wait is bounded; the whole takes about a minute on two idle cores once the packages are
# in (70 s here with other builds loading the machine, 30 s more to install the packages).
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me=$(basename "$0")
t0=$SECONDS
say() { printf '%s [%3ds] %s\n' "$me" $((SECONDS - t0)) "$*"; }
# The daemons and munge's tools live in /usr/sbin, outside a non-root user's PATH.
export PATH=$PATH:/usr/sbin:/sbin

# --- 1. the packages ---------------------------------------------------------------------------
tools=(munged mungekey munge unmunge slurmctld slurmd sbatch squeue scancel sinfo scontrol ip ss unshare)
missing_tools() { for c in "${tools[@]}"; do command -v "$c" >/dev/null || echo "$c"; done; }
if [ -n "$(missing_tools)" ]; then
    why=""
    if ! command -v apt-get >/dev/null; then
        why="there is no apt-get"
    elif [ "$(id -u)" -ne 0 ] && ! sudo -n true 2>/dev/null; then
        why="it runs neither as root nor with password-less sudo"
    fi
    if [ -n "$why" ]; then
        echo "SKIP: $me needs Slurm and MUNGE ($(missing_tools | tr '\n' ' ')missing) and cannot install them: $why"
        exit 77
    fi
    say "installing Slurm and MUNGE (missing: $(missing_tools | tr '\n' ' '))"
    bash "$src/.ci/deps.sh" --no-python slurmctld slurmd slurm-client munge iproute2 util-linux ||
        { echo "$me: FAIL: installing Slurm and MUNGE (.ci/deps.sh) failed" >&2; exit 1; }
    [ -z "$(missing_tools)" ] ||
        { echo "$me: FAIL: still missing after the install: $(missing_tools | tr '\n' ' ')" >&2; exit 1; }
fi

cribsim=${1:-$src/build/cribsim}
[ -x "$cribsim" ] || { echo "$me: FAIL: no cribsim binary at $cribsim (build it, README.md)" >&2; exit 1; }
set -- "$cribsim"

# --- the network namespace ---------------------------------------------------------------------
# From here on the script runs in a network namespace of its own, with loopback up and no other
# interface (CS_SLURM_NETNS marks the second run; CS_SLURM_NO_NETNS=1 skips the namespace, only
# to check that check_listeners then fails on Slurm's wildcard listeners).
if [ -z "${CS_SLURM_NETNS:-}" ] && [ "${CS_SLURM_NO_NETNS:-0}" != 1 ]; then
    if ! err=$(unshare --net true 2>&1); then
        echo "SKIP: $me runs its cluster in a network namespace of its own (Slurm's daemons cannot be" \
            "bound to loopback) and cannot make one: unshare --net: $err"
        exit 77
    fi
    exec unshare --net env CS_SLURM_NETNS=1 bash "$0" "$@"
fi
if [ -n "${CS_SLURM_NETNS:-}" ]; then
    # A second loopback address: glibc's getaddrinfo with AI_ADDRCONFIG, which Slurm's daemons
    # use to find the address to listen on, counts no IPv4 address but 127.0.0.1 as configured,
    # and finds none without it ("Unable to resolve (null)").
    { ip link set lo up && ip addr add 127.0.0.2/32 dev lo; } ||
        { echo "$me: FAIL: cannot set loopback up in the test's network namespace" >&2; exit 1; }
fi
# shellcheck source=tests/lib_cli.sh
. "$src/tests/lib_cli.sh" # $cs (the binary), $py (the project's Python), same_tables, attr
[ -x "$py" ] || { echo "$me: FAIL: no Python at $py (bash .ci/python.sh makes .venv)" >&2; exit 1; }

# --- 2. the cluster ----------------------------------------------------------------------------
t=$(mktemp -d /tmp/cs_slurm.XXXXXX)
mkdir -p "$t/etc" "$t/munge" "$t/socket" "$t/log" "$t/run" "$t/state" "$t/spool" "$t/jobs"
# munged wants its key private and its socket's folders open to all (every user's job talks to it).
chmod 755 "$t" "$t/socket"
chmod 700 "$t/munge"
daemon_pids=() daemon_names=()
declare -A ref_pid=() # the one-machine runs in the background, by name
cluster_up=0

# alive PID: the process exists and is not a zombie (a daemon that died, not yet reaped).
alive() { [ -e "/proc/$1" ] && ! grep -q '^[0-9]* (.*) Z' "/proc/$1/stat" 2>/dev/null; }

show_logs() {
    local f d
    # Each daemon's log file, or what it printed when it wrote none (it failed to start).
    for d in munged slurmctld slurmd; do
        if [ -s "$t/log/$d.log" ]; then echo "$t/log/$d.log"; else echo "$t/log/$d.out"; fi
    done >"$t/run/shown"
    for f in $(cat "$t/run/shown") "$t"/jobs/*/logs/* "$t"/log/dask-scheduler.out "$t"/dask/*.out; do
        [ -s "$f" ] || continue
        echo "----- $f (last 40 lines)"
        tail -n 40 "$f"
    done >&2
}

failed=0
die() {
    printf '%s: FAIL: %s\n' "$me" "$*" >&2
    failed=1
    show_logs
    exit 1
}

# under_tmp: the pids of processes (other than this script) whose working folder or an open file
# lies in $t: after the daemons are stopped, only a job step left behind can hold one.
under_tmp() {
    local p pid
    for p in /proc/[0-9]*; do
        pid=${p#/proc/}
        [ "$pid" = $$ ] && continue
        if [[ "$(readlink "$p/cwd" 2>/dev/null)" == "$t"* ]] ||
            find "$p/fd" -maxdepth 1 -lname "$t/*" 2>/dev/null | grep -q .; then
            echo "$pid"
        fi
    done
}

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    set +e
    cd /
    [ "$failed" = 1 ] && rc=1
    if [ "$cluster_up" = 1 ]; then
        local jobs
        jobs=$(timeout 20 squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
        if [ -n "$jobs" ]; then
            say "cancelling the jobs left: $jobs"
            # shellcheck disable=SC2086
            timeout 20 scancel $jobs
            for _ in $(seq 1 150); do [ -z "$(timeout 10 squeue -h 2>/dev/null)" ] && break; sleep 0.2; done
        fi
    fi
    local i pid name
    for pid in "${ref_pid[@]}"; do
        kill -TERM "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
    for ((i = ${#daemon_pids[@]} - 1; i >= 0; i--)); do
        pid=${daemon_pids[i]} name=${daemon_names[i]}
        alive "$pid" || continue
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 1 75); do alive "$pid" || break; sleep 0.2; done
        if alive "$pid"; then
            echo "$me: $name (pid $pid) still running 15 s after SIGTERM: SIGKILL" >&2
            kill -KILL "$pid" 2>/dev/null
        fi
        wait "$pid" 2>/dev/null
    done
    local left
    left=$(under_tmp | tr '\n' ' ')
    if [ -n "$left" ]; then
        echo "$me: FAIL: processes still held files in $t after the daemons stopped, killed: $left" >&2
        # shellcheck disable=SC2086
        kill -KILL $left 2>/dev/null
        rc=1
    fi
    if [ "$rc" -eq 0 ]; then
        rm -rf "$t"
        say "passed; every daemon stopped"
    else
        echo "$me: failed (status $rc); the cluster's folder is kept: $t" >&2
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# start NAME COMMAND...: runs a daemon in the foreground as a child, its output into
# $t/log/NAME.out, and records its pid for cleanup. In a session of its own (setsid, which
# execs it without a fork: a background child of a script leads no process group): a Ctrl-C or
# a timeout signals this script's whole process group, and the daemons must outlive that long
# enough for the way out to cancel the jobs through them and then stop them in order.
start() {
    local name=$1
    shift
    setsid "$@" >"$t/log/$name.out" 2>&1 &
    daemon_pids+=($!)
    daemon_names+=("$name")
}

# wait_for WHAT SECONDS COMMAND...: polls COMMAND until it succeeds; fails naming WHAT when
# SECONDS pass or a daemon started here has died.
wait_for() {
    local what=$1 secs=$2 i n
    shift 2
    for ((n = 0; n < secs * 5; n++)); do
        "$@" >/dev/null 2>&1 && return 0
        for i in "${!daemon_pids[@]}"; do
            alive "${daemon_pids[i]}" || die "${daemon_names[i]} exited while waiting for $what"
        done
        sleep 0.2
    done
    die "$what: not within $secs s"
}

# check_listeners WHEN: every socket listening in this namespace (TCP, and UDP sockets bound) is
# on a loopback address. A wildcard address (0.0.0.0, [::], *) passes only for Slurm's own
# processes, which have no option to bind one, and only while this namespace has no interface
# but loopback, so that the wildcard reaches nothing else. Each of slurmctld, slurmd and the
# Dask processes must be seen listening (a check that lists nothing proves nothing). Fails
# naming every offender.
check_listeners() {
    local links line addr host proc bad="" seen=""
    links=$(ip -o link show | awk -F': ' '{print $2}' | sed 's/@.*//' | sort | tr '\n' ' ')
    # ss -Hltunp: netid, state, recv-q, send-q, local address:port, peer, process.
    ss -Hltunp >"$t/run/listeners" || die "ss could not list the listening sockets"
    while read -r line; do
        [ -n "$line" ] || continue
        addr=$(awk '{print $5}' <<<"$line")
        proc=$(grep -o '(("[^"]*"' <<<"$line" | head -n 1 | cut -d'"' -f2 || true)
        proc=${proc:-no process named}
        seen+="$proc "
        host=${addr%:*}
        host=${host%%%*} # an address bound to one interface: 0.0.0.0%lo
        case "$host" in
        127.* | "[::1]" | "[::ffff:127."*) continue ;;
        "*" | 0.0.0.0 | "[::]" | "[::ffff:0.0.0.0]")
            if [[ "$proc" =~ ^(slurmctld|slurmd|slurmstepd)$ ]] && [ "$links" = "lo " ]; then
                continue
            fi
            ;;
        esac
        bad+="$addr ($proc); "
    done <"$t/run/listeners"
    [ -z "$bad" ] || die "$1: listening where other hosts can reach (interfaces here: $links): $bad"
    local want
    for want in slurmctld slurmd dask; do
        grep -qw -- "$want" <<<"$seen" ||
            die "$1: no listening socket of $want among: $seen (ss -Hltunp: $(tr '\n' '|' <"$t/run/listeners"))"
    done
    say "$1: $(wc -l <"$t/run/listeners") listening sockets, all on loopback or in a namespace with only loopback ($links)"
}

# A Slurm job run here carries no SLURM_* of an enclosing job (the suite run inside one).
while read -r v; do unset "$v"; done < <(compgen -e | grep '^SLURM_' || true)

# The daemons run as the user running this script: root in CI (which slurmd needs to run jobs
# as other users; as another user the cluster can run only that user's jobs, untested here).
user=$(id -un)
node=$(hostname -s)
ncpu=$(nproc)
read -r ctld_port slurmd_port < <("$py" -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s:
    x.bind(("", 0))
print(*(x.getsockname()[1] for x in s))')
sock=$t/socket/munge.socket

mungekey --create --keyfile="$t/munge/munge.key" || die "mungekey could not make a key"
export SLURM_CONF=$t/etc/slurm.conf
cat >"$SLURM_CONF" <<EOF
# One-node test cluster of tests/slurm_cluster.sh (removed when it ends).
ClusterName=cribsimtest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/run/slurmctld.pid
SlurmdPidFile=$t/run/slurmd.pid
SlurmctldLogFile=$t/log/slurmctld.log
SlurmdLogFile=$t/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
# Finished jobs stay visible to scontrol (there is no accounting to ask) for ten minutes.
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$ncpu State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

say "starting munged, slurmctld and slurmd ($node, $ncpu CPUs, ports $ctld_port/$slurmd_port, in $t)"
start munged munged -F --socket="$sock" --key-file="$t/munge/munge.key" \
    --log-file="$t/log/munged.log" --pid-file="$t/run/munged.pid" --seed-file="$t/munge/munged.seed"
wait_for "munged answering on $sock" 20 bash -c "munge -n -S '$sock' | unmunge -S '$sock'"
start slurmctld slurmctld -D -i
start slurmd slurmd -D -N "$node"
node_idle() { [ "$(sinfo -h -n "$node" -o %T)" = idle ]; }
wait_for "node $node idle in sinfo" 60 node_idle
cluster_up=1 # from here there may be jobs to cancel on the way out
for i in "${!daemon_pids[@]}"; do
    [ "$(cat "/proc/${daemon_pids[i]}/comm")" = "${daemon_names[i]}" ] ||
        die "pid ${daemon_pids[i]} is $(cat "/proc/${daemon_pids[i]}/comm"), not ${daemon_names[i]}"
done
say "cluster up: $(sinfo -h -o '%P %D %T %C')"

# --- 3. the example, and the one-machine run ---------------------------------------------------
seats=random,greedy seed=7

# submit NAME SHARDS GAMES [VAR=VALUE...]: runs experiments/slurm_example.sh into $t/jobs/NAME
# (one thread a shard: two shards run at once on two CPUs) and sets shard_job and merge_job from
# its last line.
submit() {
    local name=$1 shards=$2 games=$3 out line
    shift 3
    out=$(cd "$t/jobs" && env "$@" SHARDS="$shards" GAMES="$games" CPUS=1 SEATS="$seats" RULES=two \
        SEED="$seed" OUT="$t/jobs/$name" CRIBSIM="$cs" bash "$src/experiments/slurm_example.sh" 2>&1) ||
        die "slurm_example.sh ($name) failed: $out"
    line=$(tail -n 1 <<<"$out")
    [[ "$line" =~ shard\ job\ ([0-9]+).*merge\ job\ ([0-9]+) ]] ||
        die "slurm_example.sh ($name) printed no job ids: $line"
    shard_job=${BASH_REMATCH[1]} merge_job=${BASH_REMATCH[2]}
    say "$name: shard job $shard_job, merge job $merge_job"
}

# states JOB: the state of the job, or of each of its array tasks, one a line (scontrol: no
# accounting here, and squeue shows finished jobs no longer).
states() { scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
# finished JOB...: none of them (nor of their tasks) waits, runs or completes any more.
# (Outputs are captured before grep reads them: grep -q leaving a pipe early would fail the
# writer under pipefail. A job scontrol does not know is not finished: the wait times out.)
finished() {
    local j s
    for j in "$@"; do
        s=$(states "$j") || return 1
        ! grep -qE '^(PENDING|RUNNING|CONFIGURING|COMPLETING|SUSPENDED|REQUEUED|RESIZING|SIGNALING|STAGE_OUT)$' <<<"$s" ||
            return 1
    done
}
# expect_states WHAT JOB STATE: every task of JOB ended in STATE.
expect_states() {
    local got
    got=$(states "$2" | sort | uniq -c | awk '{printf "%s%d %s", sep, $1, $2; sep = ", "}')
    ! grep -qv "^$3\$" <<<"$(states "$2")" || die "$1: job $2 ended $got, expected $3"
}

# reference NAME GAMES: the same experiment played by one machine into $t/NAME.h5, in the
# background while the cluster works (reference_done NAME waits for it).
reference() {
    "$cs" run --rules two --seats "$seats" --duplicate --games "$2" --seed "$seed" \
        -o "$t/$1.h5" --quiet >/dev/null 2>"$t/log/$1.err" &
    ref_pid[$1]=$!
}
reference_done() {
    wait "${ref_pid[$1]}" || die "the one-machine run $1 failed: $(cat "$t/log/$1.err")"
    unset "ref_pid[$1]"
}

submit whole 3 6000
reference whole_ref 6000
# The shards first: when one fails the merge waits forever, so it is waited for only after.
wait_for "the shards of 'whole' to finish" 90 finished "$shard_job"
expect_states "shards of 'whole'" "$shard_job" COMPLETED
wait_for "the merge of 'whole' to finish" 60 finished "$merge_job"
expect_states "merge of 'whole'" "$merge_job" COMPLETED
[ "$(states "$shard_job" | wc -l)" = 3 ] || die "'whole' ran $(states "$shard_job" | wc -l) shards, not 3"
reference_done whole_ref
same_tables "$t/jobs/whole/merged.h5" "$t/whole_ref.h5" games ||
    die "the cluster's merged file differs from the one-machine run (whole)"
[ "$(attr "$t/jobs/whole/merged.h5" games_completed)" = 6000 ] || die "merged games_completed is not 6000"
say "whole: the merged file of 3 shards equals the one-machine run"

# --- 4. a shard cancelled mid-run and resubmitted ----------------------------------------------
# Each shard is sized to play about ten seconds on one core of this machine, its speed measured
# just before (a fixed 100000 games a shard took seven seconds on a loaded machine and 1.2 on an
# idle one, where the shard ended before the cancel): time to catch shard 2 running (shards 1
# and 2 start together on the two CPUs) and cancel it two seconds in.
sp0=$(date +%s%N)
"$cs" run --rules two --seats "$seats" --duplicate --games 40000 --seed "$seed" --threads 1 \
    -o "$t/speed.h5" --quiet >/dev/null 2>"$t/log/speed.err" || die "the speed run failed: $(cat "$t/log/speed.err")"
sp1=$(date +%s%N)
games=$(awk -v ns=$((sp1 - sp0)) 'BEGIN { g = 40000 / (ns / 1e9) * 10; g = 6 * int(g / 6); print (g < 60000 ? 60000 : g) }')
say "cancel: $games games ($((games / 3)) a shard: 40000 took $(((sp1 - sp0) / 1000000)) ms)"
submit cancel 3 "$games"
reference cancel_ref "$games"
part=$t/jobs/cancel/part-2.h5
running2() { [ "$(states "${shard_job}_2")" = RUNNING ] && [ -s "$part" ]; }
wait_for "shard 2 of 'cancel' running with its part file" 60 running2
sleep 2 # some games written
scancel "${shard_job}_2" || die "scancel ${shard_job}_2 failed"
wait_for "the shards of 'cancel' to end" 90 finished "$shard_job"
[ "$(states "${shard_job}_2")" = CANCELLED ] || die "shard 2 ended $(states "${shard_job}_2"), not CANCELLED"
! grep -qvE '^(COMPLETED|CANCELLED)$' <<<"$(states "$shard_job")" &&
    [ "$(states "$shard_job" | grep -c '^COMPLETED$')" = 2 ] ||
    die "shards of 'cancel': $(states "$shard_job" | tr '\n' ' '), expected two COMPLETED and one CANCELLED"
status=$(attr "$part" status) || die "the cancelled shard's file does not open"
done2=$(attr "$part" games_completed)
[ "$status" != complete ] || die "the cancelled shard's file says complete"
say "cancel: shard 2 cancelled with its file $status at $done2 games"
# The first merge waits on a shard that failed: the scheduler marks it as never to run (at its
# next pass), and it is cancelled by hand as the example's header tells a user to.
reason() { scontrol -o show job "$1" | grep -o 'Reason=[A-Za-z_]*' | cut -d= -f2; }
never() { [ "$(states "$merge_job")" = PENDING ] && [ "$(reason "$merge_job")" = DependencyNeverSatisfied ]; }
wait_for "the first merge of 'cancel' pending as DependencyNeverSatisfied" 30 never
scancel "$merge_job"
[ ! -e "$t/jobs/cancel/merged.h5" ] || die "a merged file was written although a shard was cancelled"

submit cancel 3 "$games" ARRAY=2
wait_for "the resubmitted shard 2 of 'cancel' to finish" 90 finished "$shard_job"
expect_states "resubmitted shard of 'cancel'" "$shard_job" COMPLETED
[ "$(states "$shard_job" | wc -l)" = 1 ] ||
    die "ARRAY=2 submitted $(states "$shard_job" | wc -l) shards, not shard 2 alone"
wait_for "the second merge of 'cancel' to finish" 60 finished "$merge_job"
expect_states "second merge of 'cancel'" "$merge_job" COMPLETED
[ "$(attr "$part" status)" = complete ] || die "shard 2 is $(attr "$part" status) after its resubmission"
grep -q resume <<<"$(attr "$part" resume_log)" || die "shard 2 was not resumed (its resume_log names no resume)"
reference_done cancel_ref
same_tables "$t/jobs/cancel/merged.h5" "$t/cancel_ref.h5" games ||
    die "after a cancelled and resubmitted shard the merged file differs from the one-machine run"
say "cancel: shard 2 resumed from $done2 games; the merged file equals the one-machine run"

# --- 4b. events sharded -------------------------------------------------------------------------
# The example's events mode: three shards of a New Zealand tournament day's events and their
# merge, against one machine's event file, every table (events, standings, games) byte-equal.
event_spec=$src/experiments/specs/events/nz-tournament.yaml events=300
"$cs" event "$event_spec" --events "$events" --seed "$seed" -o "$t/events_ref.h5" --quiet \
    >/dev/null 2>"$t/log/events_ref.err" || die "the one-machine event run failed: $(cat "$t/log/events_ref.err")"
submit events 3 0 EVENT_SPEC="$event_spec" EVENTS="$events"
wait_for "the shards of 'events' to finish" 90 finished "$shard_job"
expect_states "shards of 'events'" "$shard_job" COMPLETED
wait_for "the merge of 'events' to finish" 60 finished "$merge_job"
expect_states "merge of 'events'" "$merge_job" COMPLETED
[ "$(states "$shard_job" | wc -l)" = 3 ] || die "'events' ran $(states "$shard_job" | wc -l) shards, not 3"
same_tables "$t/jobs/events/merged.h5" "$t/events_ref.h5" events standings games ||
    die "the cluster's merged events differ from the one-machine event file"
[ "$(attr "$t/jobs/events/merged.h5" events_completed)" = "$events" ] ||
    die "merged events_completed is not $events"
say "events: the merged file of 3 event shards equals the one-machine event file"

# --- 5. the shard analysis on Dask, its workers Slurm jobs -------------------------------------
# A Dask scheduler started here (a daemon, stopped by pid like the others) and two `dask
# worker` processes, one Slurm job each (scancel stops them); tests/dask_cluster.py checks
# that the analysis of the resumed run's shards, done on those workers, gives the merged
# file's answers.
dask=$(dirname "$py")/dask
[ -x "$dask" ] || die "no dask command beside $py (the extra 'analysis', .ci/python.sh)"
mkdir -p "$t/dask"
# Every Dask server on loopback: --host for the scheduler's and each worker's own port, and
# --dashboard-address for their HTTP servers, which --no-dashboard leaves running (on every
# interface unless told).
start dask-scheduler "$dask" scheduler --host 127.0.0.1 --port 0 --no-dashboard \
    --dashboard-address 127.0.0.1:0 --scheduler-file "$t/dask/scheduler.json"
wait_for "the Dask scheduler's address file" 60 test -s "$t/dask/scheduler.json"
worker_job=$(cd "$t/jobs" && sbatch --parsable --job-name=cribsim-dask-worker --array=1-2 \
    --cpus-per-task=1 --output="$t/dask/worker-%a.out" \
    --wrap="exec '$dask' worker --scheduler-file '$t/dask/scheduler.json' --nthreads 1 \
            --host 127.0.0.1 --no-nanny --no-dashboard --dashboard-address 127.0.0.1:0 \
            --local-directory '$t/dask'") ||
    die "sbatch of the Dask workers failed"
say "dask: scheduler pid ${daemon_pids[-1]}, workers job $worker_job"
timeout 180 "$py" "$src/tests/dask_cluster.py" "$t/dask/scheduler.json" "$t/jobs/cancel/merged.h5" \
    "$t"/jobs/cancel/part-*.h5 || die "the shard analysis on the Dask cluster (tests/dask_cluster.py)"
say "dask: the analysis on the workers equals the merged file's"
check_listeners "with the Dask workers up"
scancel "$worker_job"
wait_for "the Dask workers' jobs to end after scancel" 60 finished "$worker_job"
say "dask: the workers' job ended ($(states "$worker_job" | sort -u | tr '\n' ' '))"

#!/usr/bin/env bash
# cli_run.sh CRIBSIM - `cribsim run`, `merge`, `match` and `replay` end to end: the same tables
# for 1, 2 and 8 threads; a real SIGINT then --resume equals the uninterrupted run; shards
# merged equal the single run; a full disk leaves a file that --resume completes; specs with
# arms; existing output refused without --force; replay and match print what a person reads.
# Tables are compared with Debian's /usr/bin/python3 and h5py.
set -u
cs=$(realpath "${1:?usage: cli_run.sh PATH_TO_CRIBSIM}")
py=/usr/bin/python3
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$*"; }
tmp=$(mktemp -d /tmp/cs_cli_run.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# same_tables A B [TABLE...]: the datasets hold the same bytes.
same_tables() {
    local a=$1 b=$2; shift 2
    "$py" - "$a" "$b" "$@" <<'EOF'
import sys, h5py
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
for name in sys.argv[3:] or ["games"]:
    x, y = a[name][()], b[name][()]
    if x.dtype != y.dtype or x.shape != y.shape or x.tobytes() != y.tobytes() or len(x) == 0:
        sys.exit(f"{name} differs: {x.shape} {y.shape}")
EOF
}
# attr FILE NAME: prints a root attribute.
attr() { "$py" -c 'import sys,h5py; v=h5py.File(sys.argv[1],"r").attrs[sys.argv[2]]; print(v.decode() if isinstance(v,bytes) else v)' "$1" "$2"; }

lineup=(--seats random,greedy --duplicate --record deals --seed 7)

# 1, 2 and 8 threads: byte-identical /games and /deals.
for t in 1 2 8; do
    "$cs" run "${lineup[@]}" --games 4000 --threads "$t" -o "t$t.h5" --quiet >/dev/null || bad "run threads $t"
done
same_tables t1.h5 t2.h5 games deals && ok || bad "1 vs 2 threads"
same_tables t1.h5 t8.h5 games deals && ok || bad "1 vs 8 threads"
[ "$(attr t8.h5 threads)" = 8 ] && [ "$(attr t8.h5 status)" = complete ] && ok || bad "attributes of t8"

# A real SIGINT: the batches in hand are written, the file is valid, --resume completes it to a
# count chosen now, and the result equals a run of that count from scratch.
"$cs" run --seats random,random --games 50000000 --threads 2 -o sig.h5 2>sig.err >/dev/null &
pid=$!
for _ in $(seq 1 100); do [ -s sig.h5 ] && break; sleep 0.05; done
sleep 0.7
kill -INT "$pid"
wait "$pid"
rc=$?
done_games=$(attr sig.h5 games_completed)
if [ "$rc" -eq 1 ] && [ "$(attr sig.h5 status)" = interrupted ] && [ "$done_games" -gt 0 ] &&
    grep -q -- "--resume" sig.err; then ok; else bad "SIGINT: rc=$rc status=$(attr sig.h5 status) games=$done_games $(cat sig.err)"; fi
"$py" -c 'import sys,h5py; f=h5py.File(sys.argv[1],"r"); sys.exit(f["games"].shape[0] < int(f.attrs["games_completed"]))' sig.h5 \
    && ok || bad "interrupted file holds fewer rows than games_completed"
target=$((done_games + 3001))
"$cs" run --resume --games "$target" --threads 1 -o sig.h5 --quiet >/dev/null && ok || bad "resume after SIGINT"
"$cs" run --seats random,random --games "$target" -o sig_ref.h5 --quiet >/dev/null || bad "reference run"
same_tables sig.h5 sig_ref.h5 && ok || bad "interrupted + resumed differs from one run"
grep -q "resume" <<<"$(attr sig.h5 resume_log)" && ok || bad "resume_log"

# Interrupt (test hook) + resume with deals and duplicate.
"$cs" run "${lineup[@]}" --games 4000 --threads 2 --interrupt-after 900 -o part.h5 --quiet >/dev/null 2>&1
[ $? -eq 1 ] && ok || bad "interrupt-after exit status"
"$cs" run --resume -o part.h5 --quiet >/dev/null && ok || bad "resume part.h5"
same_tables t1.h5 part.h5 games deals && ok || bad "interrupt-after + resume differs"

# Shards (any order, mixed thread counts) merged equal the single run.
for k in 1 2 3; do
    "$cs" run "${lineup[@]}" --games 4000 --shard "$k/3" --threads "$k" -o "s$k.h5" --quiet >/dev/null || bad "shard $k"
done
"$cs" merge merged.h5 s2.h5 s3.h5 s1.h5 --quiet >/dev/null && ok || bad "merge"
same_tables t1.h5 merged.h5 games deals && ok || bad "merged shards differ from the single run"
[ "$(attr merged.h5 games_completed)" = 4000 ] && ok || bad "merged games_completed"

# A full disk (a file size limit): exit 1 with the reason, the file valid with the games of its
# last checkpoint, and --resume completes it to the same tables as an undisturbed run.
bash -c "ulimit -f 3000; trap '' XFSZ; exec '$cs' run --seats random,greedy --record deals --games 400000 --threads 1 -o full.h5 --quiet" 2>full.err >/dev/null
rc=$?
if [ "$rc" -eq 1 ] && grep -q "File too large" full.err; then ok; else bad "full disk: rc=$rc $(cat full.err)"; fi
kept=$(attr full.h5 games_completed) && ok || bad "full-disk file does not open"
"$cs" run --resume --games 60000 -o full.h5 --quiet >/dev/null && ok || bad "resume after full disk"
"$cs" run --seats random,greedy --record deals --games 60000 -o full_ref.h5 --quiet >/dev/null
same_tables full.h5 full_ref.h5 games deals && ok || bad "full disk + resume differs (kept $kept)"

# A strategy that fails mid-run (an outside agent that dies): exit 1, the error names the seat,
# the game and the deal, and the games before it are kept in a valid file marked failed.
agent=$src/strategies/example_agent.py
"$cs" run --seat random --seat "exec:timeout 1 $py $agent" --games 100000 --threads 1 -o dies.h5 --quiet 2>dies.err >/dev/null
rc=$?
if [ "$rc" -eq 1 ] && grep -q "seat 1" dies.err && grep -q "deal" dies.err && [ "$(attr dies.h5 status)" = failed ]; then ok; else bad "dying agent: rc=$rc $(cat dies.err)"; fi

# Existing output: refused without --force (and untouched), replaced with it.
echo precious >exists.h5
out=$("$cs" run --seats random,random --games 10 -o exists.h5 --quiet 2>&1 >/dev/null)
[ $? -eq 2 ] && grep -q -- "--force" <<<"$out" && [ "$(cat exists.h5)" = precious ] && ok || bad "exists without --force: $out"
"$cs" run --seats random,random --games 10 -o exists.h5 --quiet --force >/dev/null && [ "$(attr exists.h5 games_completed)" = 10 ] \
    && ok || bad "--force"

# A spec with arms: one file per arm, the summary table, --arm, and --resume skipping done arms.
cat >spec.yaml <<'EOF'
# a small spec
name: small
rules: two
seed: 3
games: 400
duplicate: true
arms:
  - name: gr
    seats: [greedy, random]
  - name: five
    rules: five-card
    seats: [random, greedy]
    games: 200
EOF
out=$("$cs" run spec.yaml -o specout --quiet)
if [ $? -eq 0 ] && [ -f specout/gr.h5 ] && [ -f specout/five.h5 ] && grep -q "95% interval" <<<"$out" &&
    grep -q "specout/five.h5: 200 games" <<<"$out"; then ok; else bad "spec run: $out"; fi
[ "$(attr specout/five.h5 games_requested)" = 200 ] && ok || bad "arm override of games"
out=$("$cs" run spec.yaml -o specout --quiet 2>&1)
[ $? -eq 2 ] && grep -q "exists" <<<"$out" && ok || bad "spec rerun without --force: $out"
"$cs" run spec.yaml -o specout --quiet --resume >/dev/null && ok || bad "spec --resume of complete arms"
rm specout/five.h5
"$cs" run spec.yaml -o specout --quiet --resume --arm five >/dev/null && [ -f specout/five.h5 ] && ok || bad "--arm with --resume"

# The default experiment's arms run from the built-in spec (two quick arms, few games).
out=$("$cs" run --games 40 --arm greedy-random --arm expected-greedy -o ladder --quiet)
[ $? -eq 0 ] && [ -f ladder/greedy-random.h5 ] && [ -f ladder/expected-greedy.h5 ] && ok || bad "default spec: $out"

# SPRT: stops early, the decision in the file.
"$cs" run --seats greedy,random --duplicate --games 100000 --sprt 0,100 --sprt-every 100 -o sprt.h5 --quiet >/dev/null \
    && [ "$(attr sprt.h5 sprt_decision)" = H1 ] && [ "$(attr sprt.h5 status)" = sprt-stopped ] && ok || bad "sprt"

# replay: one game, deal by deal.
out=$("$cs" replay t1.h5 --game 3)
if [ $? -eq 0 ] && grep -q "^game 3 of t1.h5" <<<"$out" && grep -q "^deal 1: seat" <<<"$out" &&
    grep -q "the play:" <<<"$out" && grep -q "the crib" <<<"$out" && grep -Eq "^result: seat [01] \((random|greedy)\) wins" <<<"$out" &&
    grep -q "rotation 1 of 2" <<<"$out"; then ok; else bad "replay: $out"; fi
out=$("$cs" replay t1.h5 --game 3 | grep -c "file records")
[ "$out" = 0 ] && ok || bad "replay: show breakdown disagrees with the file"

# match: duplicate games, win rates with intervals.
out=$("$cs" match greedy random --games 400 --quiet)
if [ $? -eq 0 ] && grep -q "200 card sequences x 2 rotations" <<<"$out" && grep -Eq "^  greedy +400 " <<<"$out" &&
    grep -q "Elo difference" <<<"$out"; then ok; else bad "match: $out"; fi
"$cs" match greedy random --games 400 --quiet -o match.h5 >/dev/null && [ "$(attr match.h5 duplicate)" = 1 ] && ok || bad "match -o"

for c in run match replay merge bench; do "$cs" "$c" --help | grep -q "usage: cribsim $c" && ok || bad "$c --help"; done

printf '%d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]

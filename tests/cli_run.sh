#!/usr/bin/env bash
# cli_run.sh CRIBSIM - `cribsim run`, `merge`, `match` and `replay` end to end: the same tables
# for 1, 2 and 8 threads; a real SIGINT then --resume equals the uninterrupted run; shards
# merged equal the single run; a full disk leaves a file that --resume completes; specs with
# arms; existing output refused without --force; replay and match print what a person reads.
# Tables are compared with h5py in the project's Python ($py; same_tables, lib_cli.sh).
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
cli_in_tmp

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

# signal_run SIG SECONDS FILE ARGS...: runs cribsim run ARGS -o FILE (standard error into
# FILE.err), sends SIG once FILE exists and SECONDS more have passed, and sets rc to its exit.
signal_run() {
    local sig=$1 secs=$2 out=$3
    shift 3
    "$cs" run "$@" -o "$out" 2>"$out.err" >/dev/null &
    local pid=$!
    for _ in $(seq 1 100); do [ -s "$out" ] && break; sleep 0.05; done
    sleep "$secs"
    kill -"$sig" "$pid"
    wait "$pid"
    rc=$?
}

# A real SIGINT: the batches in hand are written, the file is valid, --resume completes it to a
# count chosen now, and the result equals a run of that count from scratch.
signal_run INT 0.7 sig.h5 --seats random,random --games 50000000 --threads 2
done_games=$(attr sig.h5 games_completed)
if [ "$rc" -eq 1 ] && [ "$(attr sig.h5 status)" = interrupted ] && [ "$done_games" -gt 0 ] &&
    grep -q -- "--resume" sig.h5.err; then ok; else bad "SIGINT: rc=$rc status=$(attr sig.h5 status) games=$done_games $(cat sig.h5.err)"; fi
"$py" -c 'import sys,h5py; f=h5py.File(sys.argv[1],"r"); sys.exit(f["games"].shape[0] < int(f.attrs["games_completed"]))' sig.h5 \
    && ok || bad "interrupted file holds fewer rows than games_completed"
target=$((done_games + 3001))
"$cs" run --resume --games "$target" --threads 1 -o sig.h5 --quiet >/dev/null && ok || bad "resume after SIGINT"
"$cs" run --seats random,random --games "$target" -o sig_ref.h5 --quiet >/dev/null || bad "reference run"
same_tables sig.h5 sig_ref.h5 && ok || bad "interrupted + resumed differs from one run"
grep -q "resume" <<<"$(attr sig.h5 resume_log)" && ok || bad "resume_log"

# A real SIGTERM during a run recording deals on two threads: the file holds exactly the games
# it counts (rows of /games, and /deals up to the last of them), and --resume makes it equal
# to the uninterrupted run.
signal_run TERM 1.5 term.h5 "${lineup[@]}" --games 4000000 --threads 2
exact=$("$py" -c '
import sys, h5py
f = h5py.File(sys.argv[1], "r"); n = int(f.attrs["games_completed"]); g, d = f["games"], f["deals"]
print(n > 0 and g.shape[0] == n and d.shape[0] > 0 and int(d[-1]["game"]) == n - 1 and int(g[-1]["game"]) == n - 1)' term.h5)
[ "$rc" -eq 1 ] && [ "$(attr term.h5 status)" = interrupted ] && [ "$exact" = True ] && ok || bad "SIGTERM: rc=$rc exact=$exact $(cat term.h5.err)"
"$cs" run --resume --games 4000 -o term.h5 --quiet >/dev/null 2>&1
if [ "$(attr term.h5 games_completed)" -le 4000 ]; then
    same_tables t1.h5 term.h5 games deals && ok || bad "SIGTERM + resume differs from one run"
else
    ok # more than 4000 games were played before the signal: nothing to resume to 4000
fi

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

# experiments/slurm_example.sh with a stand-in sbatch that runs each job here (array tasks in
# turn): the shards and the merge it submits give the single run's tables, and submitting it
# again (every shard file now exists, so each task resumes) still merges.
mkdir -p fakebin
cat >fakebin/sbatch <<'EOF'
#!/usr/bin/env bash
array="" wrap="" cpus=1 out=/dev/null
for a in "$@"; do
    case $a in
    --array=*) array=${a#--array=} ;;
    --wrap=*) wrap=${a#--wrap=} ;;
    --cpus-per-task=*) cpus=${a#--cpus-per-task=} ;;
    --output=*) out=${a#--output=} ;;
    esac
done
if [ -n "$array" ]; then
    for i in $(seq "${array%-*}" "${array#*-}"); do
        SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=$cpus bash -c "$wrap" >"${out//%a/$i}" 2>&1 || exit 1
    done
else
    bash -c "$wrap" >"$out" 2>&1 || exit 1
fi
echo 42
EOF
chmod +x fakebin/sbatch
for round in 1 2; do
    PATH=$tmp/fakebin:$PATH SHARDS=3 GAMES=4000 CPUS=2 SEATS=random,greedy SEED=7 CRIBSIM=$cs \
        OUT="$tmp/slurm run" bash "$src/experiments/slurm_example.sh" >/dev/null 2>slurm.err \
        && ok || bad "slurm_example.sh round $round: $(cat slurm.err "$tmp/slurm run/logs/"*)"
done
"$cs" run --seats random,greedy --duplicate --seed 7 --games 4000 -o slurm_ref.h5 --quiet >/dev/null
same_tables "slurm run/merged.h5" slurm_ref.h5 games && ok || bad "slurm shards merged differ from the single run"

# A full disk (a file size limit): exit 1 with the reason, the file valid with the games of its
# last checkpoint, and --resume completes it to the same tables as an undisturbed run.
bash -c "ulimit -f 3000; trap '' XFSZ; exec '$cs' run --seats random,greedy --record deals --games 400000 --threads 1 -o full.h5 --quiet" 2>full.err >/dev/null
rc=$?
if [ "$rc" -eq 1 ] && grep -q "File too large" full.err; then ok; else bad "full disk: rc=$rc $(cat full.err)"; fi
kept=$(attr full.h5 games_completed) && ok || bad "full-disk file does not open"
"$cs" run --resume --games 60000 -o full.h5 --quiet >/dev/null && ok || bad "resume after full disk"
"$cs" run --seats random,greedy --record deals --games 60000 -o full_ref.h5 --quiet >/dev/null
same_tables full.h5 full_ref.h5 games deals && ok || bad "full disk + resume differs (kept $kept)"

# A real full disk: a small tmpfs (needs root to mount; skipped otherwise). The run stops with
# the system's reason and exit 1; the file left opens and counts the games of its last
# checkpoint; after the disk grows, --resume continues it to the same tables as an undisturbed
# run (so the rows it kept were right).
if [ "$(id -u)" = 0 ] && mkdir -p small && mount -t tmpfs -o size=3m tmpfs small 2>/dev/null; then
    trap 'umount "$tmp/small" 2>/dev/null; rm -rf "$tmp"' EXIT
    for rec in games deals; do
        "$cs" run --seats random,greedy --record "$rec" --games 60000000 --threads 2 -o small/full.h5 --quiet \
            2>small.err >/dev/null
        rc=$?
        [ "$rc" -eq 1 ] && grep -q "No space left on device" small.err && ok || bad "tmpfs full ($rec): rc=$rc $(cat small.err)"
        kept=$(attr small/full.h5 games_completed) && ok || bad "tmpfs full ($rec): the file left does not open"
        mount -o remount,size=64m small
        target=$((kept + 3001))
        "$cs" run --resume --games "$target" -o small/full.h5 --quiet >/dev/null && ok || bad "tmpfs ($rec): resume"
        "$cs" run --seats random,greedy --record "$rec" --games "$target" -o "small_ref_$rec.h5" --quiet >/dev/null
        tables=games
        [ "$rec" = deals ] && tables="games deals"
        # shellcheck disable=SC2086
        same_tables small/full.h5 "small_ref_$rec.h5" $tables && ok || bad "tmpfs full + resume ($rec, kept $kept)"
        rm -f small/full.h5
        mount -o remount,size=3m small
    done
    umount small
else
    echo "SKIP: the tmpfs full-disk test needs root (mount -t tmpfs); the file-size limit test above still ran"
fi

# A strategy that fails mid-run (an outside agent that dies): exit 1, the error names the seat,
# the game and the deal, and the games before it are kept in a valid file marked failed.
agent=$src/strategies/external/example_agent.py
"$cs" run --seat random --seat "exec:timeout 1 $py $agent" --games 100000 --threads 1 -o dies.h5 --quiet 2>dies.err >/dev/null
rc=$?
if [ "$rc" -eq 1 ] && grep -q "seat 1" dies.err && grep -q "deal" dies.err && [ "$(attr dies.h5 status)" = failed ]; then ok; else bad "dying agent: rc=$rc $(cat dies.err)"; fi

# A second writer: while one run writes long.h5, another given the same file (--force or
# --resume) is refused naming it, before anything is truncated or removed; the first run's
# file stays whole and closes as interrupted.
"$cs" run --seats random,random --games 50000000 --threads 1 --quiet -o long.h5 >/dev/null 2>long.err &
pid=$!
for _ in $(seq 1 200); do [ -s long.h5 ] && break; sleep 0.05; done
expect_error "second run with --force" "long.h5 is being written by another process" \
    "$cs" run --seats random,random --games 10 --quiet --force -o long.h5
expect_error "second run with --resume" "long.h5 is being written by another process" \
    "$cs" run --resume --quiet -o long.h5
kill -INT $pid
wait $pid
[ "$(attr long.h5 status)" = interrupted ] && [ "$(attr long.h5 games_completed)" -gt 0 ] && ok ||
    bad "the first run's file after a second writer: $(cat long.err)"

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
# Provenance: the file and --version name the commit the binary's sources are (the build writes
# it each time, so a commit made after configuring is not missed; "-dirty" may follow).
if head=$(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null); then
    commit=$(attr t1.h5 git_commit)
    [[ $commit == "$head" || $commit == "$head-dirty" ]] && grep -qF "($commit)" <<<"$("$cs" --version)" &&
        ok || bad "git_commit $commit is not $head"
fi
# Each arm's file names its experiment, arm and place in the spec; a run without a spec doesn't.
[ "$(attr specout/five.h5 experiment)/$(attr specout/five.h5 arm)/$(attr specout/five.h5 arm_index)" = small/five/1 ] &&
    [ "$(attr specout/gr.h5 arm_index)" = 0 ] && ok || bad "arm attributes"
"$py" -c 'import sys,h5py; sys.exit("arm" in h5py.File(sys.argv[1],"r").attrs)' t1.h5 && ok || bad "no arm attribute without a spec"
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

# replay: one game, deal by deal, played again in the engine from the file and told as play
# tells a game. Game 3 is the second rotation: seat s is played by seats[(s + 1) % 2].
out=$("$cs" replay t1.h5 --game 3)
if [ $? -eq 0 ] && grep -q "^game 3 of t1.h5" <<<"$out" && grep -qx "seats: 0 greedy, 1 random" <<<"$out" &&
    grep -Eq "^deal 1: seat [01] \((random|greedy)\) deals" <<<"$out" && grep -q "the play:" <<<"$out" &&
    grep -Eq "^    seat [01] \((random|greedy)\)  crib " <<<"$out" && grep -Eq "^result: seat [01] \((random|greedy)\) wins" <<<"$out" &&
    grep -q "rotation 1 of 2" <<<"$out" && ! grep -q '!!' <<<"$out"; then ok; else bad "replay: $out"; fi
"$cs" replay t1.h5 --game 2 | grep -qx "seats: 0 random, 1 greedy" && ok || bad "replay: seats of rotation 0"
# Every game of two lineups replays as recorded (no '!!' line, status 0); every card that pegs
# says why, with the go or the last card on the card that took it; games end in the play, in
# the show and with the crib.
"$cs" run --rules five-card --seats greedy,random --record deals --games 100 -o five_deals.h5 --quiet >/dev/null
out=$(for g in $(seq 0 99); do "$cs" replay t1.h5 --game "$g" || echo "STATUS $?"; "$cs" replay five_deals.h5 --game "$g" || echo "STATUS $?"; done)
if ! grep -q "STATUS\|!!\|engine credits\|breakdown sums" <<<"$out" && grep -Eq "count 31  \+[0-9]+  \(thirty-one 2" <<<"$out" &&
    grep -Eq "\+1  \(go 1\)" <<<"$out" && grep -Eq "\+1  \(last card 1\)" <<<"$out" &&
    grep -Eq "\(pair 2, go 1\)|\(run [3-7], go 1\)|\(fifteen 2, go 1\)" <<<"$out" &&
    ! grep -Eq "  \+[0-9]+$" <<<"$out" && grep -q "reaches 61 in the play: the game is over" <<<"$out" &&
    grep -q "reaches 121 in the show: the game is over" <<<"$out" && grep -q "reaches 121 with the crib: the game is over" <<<"$out" &&
    grep -q "single series, [1-9] cards\? left unplayed" <<<"$out"; then ok; else bad "replay: two lineups"; fi
# The games of t1.h5 that end at his heels: their last deal has heels, ended, and no play.
heels=$("$py" -c 'import sys, h5py; d = h5py.File(sys.argv[1], "r")["deals"][:]; print(*d["game"][(d["ended"] == 1) & (d["heels"] > 0) & (d["n_plays"] == 0)][:3])' t1.h5)
told=0
for g in $heels; do "$cs" replay t1.h5 --game "$g" | grep -q "reaches 121 at his heels: the game is over" && told=$((told + 1)); done
[ -n "$heels" ] && [ "$told" = "$(wc -w <<<"$heels")" ] && ok || bad "replay: games won at his heels [$heels] told $told"
# Every preset: a game between random players, recorded then replayed, reads exactly as
# `cribsim play` tells the same game (same seed and index), once the replay's names are gone.
for p in two three four partners five-card nz-tournament; do
    seats=random,random; case $p in three) seats=random,random,random ;; four|partners|nz-tournament) seats=random,random,random,random ;; esac
    "$cs" run --rules "$p" --seats "$seats" --seed 13 --games 30 --record deals -o "rp_$p.h5" --quiet >/dev/null
    same=0
    for g in 0 7 29; do
        a=$("$cs" replay "rp_$p.h5" --game $g | sed -n '/^deal 1:/,$p' | sed 's/ (random)//g; s/ (random, / (/g; s/ (random + random)//')
        b=$("$cs" play --rules "$p" --seed 13 --game $g | sed -n '/^deal 1:/,$p')
        [ -n "$a" ] && [ "$a" = "$b" ] && same=$((same + 1))
    done
    [ "$same" = 3 ] && ok || bad "replay $p: not the game play tells"
done
"$cs" run --rules nz-tournament --seats greedy,random,greedy,random --duplicate --record deals --games 400 -o nz.h5 --quiet >/dev/null
# Its ties (the games whose winner is -1) replay as ties after the four deals.
ties=$("$py" -c 'import sys, h5py, numpy as np; print(*np.flatnonzero(h5py.File(sys.argv[1], "r")["games"]["winner"][:] < 0)[:3])' nz.h5)
told=0
for g in $ties; do
    out=$("$cs" replay nz.h5 --game "$g") && ! grep -q '!!' <<<"$out" && grep -q "the 4 deals are played: the game is over" <<<"$out" &&
        grep -q "^result: a tie after 4 deals: team 0 \([0-9]*\), team 1 \1\.$" <<<"$out" && told=$((told + 1))
done
[ -n "$ties" ] && [ "$told" = "$(wc -w <<<"$ties")" ] && ok || bad "replay nz-tournament ties [$ties] told $told"
# Rules that are no preset are told as the nearest preset and what was changed.
"$cs" run --rules four --set target=61 --set lurch_line=31 --set skunk_line=31 --set double_skunk_line=0 \
    --set triple_skunk_line=0 --seats random,greedy,random,greedy --record deals --games 4 -o four61.h5 --quiet >/dev/null
out=$("$cs" replay four61.h5 --game 0 | sed -n 2p)
grep -q "^rules: four (.*), changed: target 61, skunk_line 31, double_skunk_line 0, triple_skunk_line 0, lurch_line 31$" <<<"$out" \
    && ok || bad "replay rules: $out"
# A file that is not what the engine records: a changed point is told where it is (a line
# starting '!!', the field, both values) and a card the seat does not hold stops the replay;
# both exit 2, naming the file.
"$py" - <<'EOF'
import shutil, h5py, numpy as np
for name in ("points", "card"):
    shutil.copy("t1.h5", name + ".h5")
    with h5py.File(name + ".h5", "r+") as f:
        d = f["deals"]
        i = np.flatnonzero(d["game"][:] == 3)[1]  # game 3, its second deal
        r = d[i]
        if name == "points":
            r["play_points"][1] += 1
        else:
            r["play_card"][0] = next(c for c in r["dealt"][r["play_seat"][0] ^ 1] if c not in r["discard"][r["play_seat"][0] ^ 1])
        d[i] = r
EOF
out=$("$cs" replay points.h5 --game 3 2>err.txt); rc=$?
[ $rc -eq 2 ] && grep -q "^  !! deal 2: the file records play_points [0-9]" <<<"$out" && grep -q "^result: " <<<"$out" &&
    grep -q "points.h5: game 3 does not replay as recorded: 1 field differs" err.txt && ok || bad "replay changed points: rc=$rc $(cat err.txt)"
"$cs" replay card.h5 --game 3 >/dev/null 2>err.txt; rc=$?
[ $rc -eq 2 ] && grep -Eq "card.h5: game 3 does not replay: seat [01] \((random|greedy)\) in game 3, deal 1: played [2-9TJQKA][CDHS], which is not in its hand" err.txt \
    && ok || bad "replay a card not held: rc=$rc $(cat err.txt)"

# match: duplicate games, win rates with intervals.
out=$("$cs" match greedy random --games 400 --quiet)
if [ $? -eq 0 ] && grep -q "200 card sequences x 2 rotations" <<<"$out" && grep -Eq "^  greedy +400 " <<<"$out" &&
    grep -q "Elo difference" <<<"$out"; then ok; else bad "match: $out"; fi
"$cs" match greedy random --games 400 --quiet -o match.h5 >/dev/null && [ "$(attr match.h5 duplicate)" = 1 ] && ok || bad "match -o"

# Progress on standard error: a plain final line when it is not a terminal, redrawn in place
# (carriage return, erase to the end of the line) on a terminal (script(1) makes one), nothing
# with --quiet.
"$cs" run --seats random,greedy --games 3000 --threads 1 -o prog.h5 --force 2>prog.err >/dev/null
if grep -Eq "^3000/3000 games \(100\.0%\), [0-9]+ games/s, elapsed 0:[0-9]{2}, remaining 0:00$" prog.err &&
    ! grep -q $'\r' prog.err; then ok; else bad "progress without a terminal: $(cat -A prog.err)"; fi
"$cs" run --seats random,greedy --games 3000 --threads 1 -o prog.h5 --force --quiet 2>prog.err >/dev/null
[ ! -s prog.err ] && ok || bad "--quiet printed: $(cat prog.err)"
if command -v script >/dev/null; then
    script -qec "'$cs' run --seats greedy,greedy --games 30000 --threads 1 -o prog.h5 --force >/dev/null" /dev/null >prog.tty
    grep -q $'\r[0-9]*/30000 games' prog.tty && grep -q $'\033\[K' prog.tty && grep -q "30000/30000 games (100.0%)" prog.tty \
        && ok || bad "progress on a terminal: $(cat -A prog.tty | head -c 400)"
fi

for c in run match replay merge bench; do "$cs" "$c" --help | grep -q "usage: cribsim $c" && ok || bad "$c --help"; done

cli_done

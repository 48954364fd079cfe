#!/usr/bin/env bash
# cli_specs.sh - specs and counts parsed strictly on the command line: an exec: seat's key
# block refused before anything starts, a line-up with one bad seat starts no other seat's
# program, --shard K/N never wrapped, and a truncated part reported as damaged, not as locked.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp

# The example agent (each command below first leaves a mark, so a test sees whether it ran).
agent="$py $src/strategies/external/example_agent.py"

# A bad chance in the key block is refused, and the command never runs.
expect_error "exec: with miss=-0.1" "a chance of overlooking is a number from 0 to 1" \
    "$cs" run --seats "exec:miss=-0.1:touch $tmp/m1; exec $agent,random" --games 2 --quiet -o m1.h5
[ ! -e m1 ] && ok || bad "a refused exec: spec ran its command"
# A valid exponent in the key block is read as keys: the command runs and the seat misses.
"$cs" run --seats "exec:miss=1e-5:touch $tmp/m2; exec $agent,random" --games 2 --threads 1 \
    --quiet -o m2.h5 >/dev/null 2>m2.err && ok || bad "exec:miss=1e-5: refused: $(cat m2.err)"
[ -e m2 ] && ok || bad "exec:miss=1e-5:CMD did not run CMD"
seats=$(attr m2.h5 seats)
grep -qF "miss=1e-05:touch" <<<"$seats" && ok || bad "seats of m2.h5: $seats"

# One bad seat: nothing starts for the others.
expect_error "a line-up with a bad seat" "seat 1 'bogus'" \
    "$cs" run --seats "exec:touch $tmp/m3; exec $agent,bogus" --games 2 --quiet -o m3.h5
[ ! -e m3 ] && ok || bad "an exec: seat started before a later seat was refused"

# --shard: digits only, 1 <= K <= N <= 2147483647, nothing wrapped.
for s in 1/4294967297 4294967298/4294967299 2147483648/2147483648 -1/2 +1/2 " 1/2" "1/ 2" \
    1/2x 0/2 3/2 1/ /2 1/-2; do
    expect_error "--shard '$s'" "--shard '$s': expected K/N" \
        "$cs" run --games 10 --shard "$s" --quiet -o shard.h5
    expect_error "event --shard '$s'" "--shard '$s': expected K/N" \
        "$cs" event "$src/experiments/specs/events/nz-tournament.yaml" --shard "$s" --quiet -o e.h5
done
"$cs" run --games 10 --shard 2147483647/2147483647 --quiet -o big.h5 >/dev/null 2>&1 &&
    ok || bad "--shard 2147483647/2147483647 refused"

# Rule values and other counts: digits only (a '-' where negatives exist), no blank, sign,
# hexadecimal or exponent, which strtol() and strtod() alone would take.
for v in +121 " 121" 121x 0x79 99999999999999999999; do
    expect_error "--set target='$v'" "--set: bad value '$v' for rule 'target'" \
        "$cs" run --set "target=$v" --games 1 --quiet -o set.h5
done
for v in 0x1 " 1" +1 1e0 inf; do
    expect_error "bench --seconds '$v'" "--seconds '$v': expected a duration" \
        "$cs" bench --seconds "$v"
done

# A truncated part is damaged, not "locked by another process" (HDF5's message about the
# truncated file names its superblock, "sblock").
"$cs" run --games 400 --seed 3 --shard 1/2 --quiet -o p1.h5 >/dev/null &&
    "$cs" run --games 400 --seed 3 --shard 2/2 --quiet -o p2.h5 >/dev/null && ok || bad "shards"
size=$(stat -c %s p2.h5)
truncate -s $((size / 2)) p2.h5
err=$("$cs" merge all.h5 p1.h5 p2.h5 --quiet 2>&1 >/dev/null)
rc=$?
{ [ "$rc" -ne 0 ] && grep -q "p2.h5 is damaged: truncated" <<<"$err" && ! grep -q "locked" <<<"$err"; } &&
    ok || bad "merge of a truncated part: rc=$rc [$err]"
[ ! -e all.h5 ] && ok || bad "a failed merge left all.h5"
err=$("$cs" run --games 400 --seed 3 --shard 2/2 --resume --quiet -o p2.h5 2>&1 >/dev/null)
grep -q "p2.h5 is damaged: truncated" <<<"$err" && ok || bad "resume of a truncated file: [$err]"

cli_done

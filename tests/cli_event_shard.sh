#!/usr/bin/env bash
# cli_event_shard.sh CRIBSIM - `cribsim event --shard K/N` and `cribsim merge` of event shards:
# 1, 2 and 7 shards (any order, mixed thread counts) merge into a file whose tables and
# attributes equal one machine's, bar the merge's own command line and time; a shard resumes
# as a whole file does; parts that are missing, given twice, unfinished, damaged or of another
# experiment (spec, seed, events, version) are refused naming the part (exit 2), and a refused
# or failed merge leaves nothing at the output.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp

"$cs" event --help | grep -q -- "--shard K/N" && ok || bad "event --help lacks --shard"
"$cs" merge --help | grep -q "cribsim event --shard" && ok || bad "merge --help lacks events"

spec="$src/experiments/specs/events/nz-tournament.yaml"
ev=(--events 40 --quiet)
"$cs" event "$spec" "${ev[@]}" --threads 2 -o one.h5 >/dev/null || bad "one machine's file"

# shards N: plays the N shards of the experiment into sN-K.h5, thread counts alternating.
shards() {
    local n=$1 k
    for k in $(seq 1 "$n"); do
        "$cs" event "$spec" "${ev[@]}" --threads $((k % 2 + 1)) --shard "$k/$n" -o "s$n-$k.h5" \
            >/dev/null || bad "shard $k/$n"
    done
}
# Merged in reverse order: the tables and every attribute but the merge's own equal one.h5's.
for n in 1 2 7; do
    shards "$n"
    parts=$(for k in $(seq "$n" -1 1); do echo "s$n-$k.h5"; done)
    # shellcheck disable=SC2086
    "$cs" merge "m$n.h5" $parts --quiet >/dev/null && ok || bad "merge of $n shards"
    same_tables one.h5 "m$n.h5" events standings games && ok || bad "$n shards merged differ from one machine's tables"
    same_attrs one.h5 "m$n.h5" command_line created_utc && ok || bad "$n shards merged: attributes differ"
done

# A shard file says which part it is and holds exactly its events: 40 in 7 shards are 6, 6, 6,
# 6, 6, 5 and 5 events, shard 3 the events 12 to 17.
"$py" - s7-3.h5 <<'PY' && ok || bad "shard 3/7's attributes and rows"
import h5py, sys
f = h5py.File(sys.argv[1], "r")
a = {k: int(f.attrs[k]) for k in ("shard_index", "shard_count", "event_begin", "event_end",
                                  "events_requested", "events_completed")}
assert a == dict(shard_index=3, shard_count=7, event_begin=12, event_end=18,
                 events_requested=40, events_completed=6), a
assert list(f["events"]["event"]) == list(range(12, 18))
assert set(f["standings"]["event"]) == set(range(12, 18))
assert set(f["games"]["event"]) == set(range(12, 18))
PY
"$py" -c 'import h5py,sys; f=h5py.File(sys.argv[1],"r"); sys.exit(not (int(f.attrs["shard_count"]) == 1 and int(f.attrs["event_end"]) == 40))' one.h5 &&
    ok || bad "one machine's file is shard 1/1 of events 0 to 40"

# A shard interrupted, then resumed without --shard (the file knows its own), equals the shard
# played at once; resuming it as another shard is refused.
"$cs" event "$spec" "${ev[@]}" --threads 2 --shard 3/7 --interrupt-after 2 -o cut.h5 >/dev/null 2>&1
expect_error "unfinished shard" "cut.h5 (shard 3/7) holds 2 of its 6 events" \
    "$cs" merge out.h5 s7-1.h5 s7-2.h5 cut.h5 s7-4.h5 s7-5.h5 s7-6.h5 s7-7.h5 --quiet
expect_error "resume as another shard" "cut.h5 is shard 3/7, not 4/7" \
    "$cs" event "$spec" --quiet --shard 4/7 --resume -o cut.h5
"$cs" event "$spec" --quiet --threads 1 --resume -o cut.h5 >/dev/null && ok || bad "resume a shard"
same_tables s7-3.h5 cut.h5 events standings games && ok || bad "resumed shard differs"
"$cs" merge out.h5 s7-1.h5 s7-2.h5 cut.h5 s7-4.h5 s7-5.h5 s7-6.h5 s7-7.h5 --quiet >/dev/null &&
    same_tables one.h5 out.h5 events standings games && ok || bad "merge with the resumed shard"
rm -f out.h5

# Refusals: exit 2, the part named, nothing left at the output (nor a temporary file).
s7=(s7-1.h5 s7-2.h5 s7-3.h5 s7-4.h5 s7-5.h5 s7-6.h5 s7-7.h5)
refused() { # WHAT NEEDLE PARTS...: merging PARTS into out.h5 is refused
    local what=$1 needle=$2
    shift 2
    expect_error "$what" "$needle" "$cs" merge out.h5 "$@" --quiet
    [ -z "$(ls out.h5* 2>/dev/null)" ] && ok || bad "$what: a refused merge left $(ls out.h5*)"
}
refused "a missing shard" "shard 5/7 is missing" s7-1.h5 s7-2.h5 s7-3.h5 s7-4.h5 s7-6.h5 s7-7.h5
refused "a shard given twice" "s7-2.h5 and s7-2.h5 are both shard 2/7" "${s7[@]}" s7-2.h5
cp s7-4.h5 again.h5
refused "a shard in two files" "and again.h5 are both shard 4/7" "${s7[@]:0:6}" again.h5
refused "a shard of another split" "s2-2.h5 are not parts of one experiment: their attribute 'shard_count'" \
    "${s7[@]:0:6}" s2-2.h5
foreign() { # NAME ARGS...: shard 7/7 of the experiment changed by ARGS, into NAME.h5
    local name=$1
    shift
    "$cs" event "$@" --quiet --shard 7/7 -o "$name.h5" >/dev/null || bad "foreign $name"
}
foreign seed "$spec" "${ev[@]}" --seed 2
foreign events "$spec" --events 41
foreign spec "$src/experiments/specs/events/league-night.yaml" "${ev[@]}"
for what in seed events spec; do
    needle="and $what.h5 are not parts of one experiment: their attribute '$what"
    [ "$what" = events ] && needle="and events.h5 are not parts of one experiment: their attribute 'events_requested'"
    refused "another $what" "$needle" "${s7[@]:0:6}" "$what.h5"
done
# forge NAME PYTHON: a copy of shard 7/7 changed by PYTHON (f is the open file).
forge() {
    cp s7-7.h5 "$1.h5"
    "$py" -c "import h5py, numpy as np
f = h5py.File('$1.h5', 'r+')
$2
f.close()"
}
forge version 'f.attrs["engine_version"] = np.bytes_(b"0.0.1")'
refused "another engine version" "version.h5 are not parts of one experiment: written by cribsim" "${s7[@]:0:6}" version.h5
forge range 'f.attrs["event_begin"] = np.uint64(34)'
refused "a forged range" "range.h5: its events_requested and shard attributes" "${s7[@]:0:6}" range.h5
forge rows 'e = f["events"][0]; e["event"] = 3; f["events"][0] = e'
refused "a damaged part" "rows.h5: /events row 0 says event 3" "${s7[@]:0:6}" rows.h5
"$cs" run --seats random,random --games 100 --shard 7/7 --quiet -o run.h5 >/dev/null
refused "a run file among event files" "s7-1.h5 is an event file and run.h5 is not" "${s7[@]:0:6}" run.h5
refused "an event file among run files" "is an event file and run.h5 is not" run.h5 s7-7.h5
echo "not hdf5" >text.h5
refused "a part that is no HDF5 file" "text.h5" s1-1.h5 text.h5
cp m7.h5 out.h5
expect_error "an existing output" "out.h5 exists" "$cs" merge out.h5 "${s7[@]}" --quiet
expect_error "the output as a part" "the output s7-1.h5 is also a part" "$cs" merge s7-1.h5 "${s7[@]}" --quiet
# --force replaces the output only once the merge is whole: a refused merge leaves it as it was.
expect_error "a refused merge with --force" "shard 7/7 is missing" "$cs" merge out.h5 "${s7[@]:0:6}" --force --quiet
same_tables one.h5 out.h5 events standings games && ok || bad "a refused --force merge changed out.h5"
"$cs" merge out.h5 s1-1.h5 --force --quiet >/dev/null && same_tables one.h5 out.h5 events &&
    ok || bad "merge --force"
rm -f out.h5
# A full disk (a file size limit; SIGXFSZ ignored so the write fails with EFBIG): exit 1 naming
# the output, and nothing left behind.
bash -c "ulimit -f 8; trap '' XFSZ; exec '$cs' merge out.h5 ${s7[*]} --quiet" >/dev/null 2>full.err
rc=$?
[ "$rc" -eq 1 ] && grep -q "cannot write out.h5: File too large" full.err && ok || bad "merge on a full disk: rc=$rc $(cat full.err)"
[ -z "$(ls out.h5* 2>/dev/null)" ] && ok || bad "a failed merge left $(ls out.h5*)"

# Bad --shard values, and more shards than events.
for s in 0/3 4/3 3 a/b 1/0; do
    expect_error "--shard $s" "--shard '$s': expected K/N" "$cs" event "$spec" --shard "$s" -o x.h5
done
expect_error "more shards than events" "3 events cannot be shared among 7 shards" \
    "$cs" event "$spec" --events 3 --shard 2/7 -o x.h5
[ ! -e x.h5 ] && ok || bad "a refused shard left x.h5"

cli_done

#!/usr/bin/env bash
# cli_run_inputs.sh CRIBSIM - every bad input to run, match, replay, merge and bench is refused
# before anything is played, with exit status 2 and a message naming the bad part.
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
cli_in_tmp
# expect_error "description" "text the message must contain" cmd...

r=(run --games 10 --quiet)
expect_error "unknown preset" "unknown rules preset 'seven'" "$cs" "${r[@]}" --rules seven -o x.h5
expect_error "unknown strategy" "unknown strategy 'grredy'" "$cs" "${r[@]}" --seats random,grredy -o x.h5
expect_error "unknown parameter" "foo" "$cs" "${r[@]}" --seats random,random:foo=1 -o x.h5
expect_error "unknown rule" "unknown rule 'targte'" "$cs" "${r[@]}" --set targte=61 -o x.h5
expect_error "bad rule value" "bad value 'lots' for rule 'target'" "$cs" "${r[@]}" --set target=lots -o x.h5
expect_error "three in partnership" "partnership" "$cs" "${r[@]}" --rules three --set partnership=yes --seats random,random,random -o x.h5
expect_error "no hand left" "leaves a hand of 0" "$cs" "${r[@]}" --set cards_dealt=2 --seats random,random -o x.h5
expect_error "seats vs players" "the rules seat 3 players but 2 seats" "$cs" "${r[@]}" --rules three --seats random,random -o x.h5
expect_error "odd duplicate games" "multiple of the 2 rotations" "$cs" run --games 11 --duplicate --seats random,greedy -o x.h5
expect_error "games zero" "--games '0'" "$cs" run --games 0 --seats random,random -o x.h5
expect_error "bad seed" "--seed '-1'" "$cs" run --seed -1 --seats random,random -o x.h5
expect_error "bad threads" "--threads '0'" "$cs" run --threads 0 --seats random,random -o x.h5
expect_error "bad shard" "--shard '4/3'" "$cs" run --shard 4/3 --seats random,random -o x.h5
expect_error "bad sprt" "--sprt '5,1'" "$cs" run --sprt 5,1 --seats random,random -o x.h5
expect_error "sprt three sides" "two sides" "$cs" "${r[@]}" --rules three --seats random,random,random --sprt 0,10 -o x.h5
expect_error "bad record" "--record 'all'" "$cs" run --record all -o x.h5
expect_error "unknown option" "unknown option '--gmaes'" "$cs" run --gmaes 10
expect_error "missing value" "--games needs a value" "$cs" run --seats random,random --games
expect_error "unwritable path" "cannot create /nonexistent/x.h5" "$cs" "${r[@]}" --seats random,random -o /nonexistent/x.h5
[ ! -e x.h5 ] && ok || bad "a refused run left x.h5 behind"

# --resume: a file from another experiment, a missing file, a foreign file.
"$cs" run --seats random,greedy --games 2000 --interrupt-after 100 -o part.h5 --quiet >/dev/null 2>&1
before=$("$py" -c 'import h5py; print(h5py.File("part.h5","r").attrs["games_completed"])')
expect_error "resume other seed" "seed 1, not 2" "$cs" run --resume --seed 2 -o part.h5
expect_error "resume other seats" "other seats" "$cs" run --resume --seats greedy,greedy -o part.h5
expect_error "resume other rules" "other rules" "$cs" run --resume --rules five-card --seats random,greedy -o part.h5
expect_error "resume fewer games" "already holds" "$cs" run --resume --games 10 -o part.h5
after=$("$py" -c 'import h5py; print(h5py.File("part.h5","r").attrs["games_completed"])')
[ "$before" = "$after" ] && ok || bad "a refused resume changed the file"
expect_error "resume missing" "cannot open missing.h5" "$cs" run --resume --seats random,random -o missing.h5
echo "not a cribsim file" >foreign.h5
expect_error "resume foreign" "not an HDF5 file" "$cs" run --resume --seats random,random -o foreign.h5
expect_error "resume and force" "contradict" "$cs" run --resume --force --seats random,random -o part.h5

# Specs: errors name the file, the line and the key.
printf 'name: x\nseats: [random, random]\ngmaes: 10\n' >bad.yaml
expect_error "spec unknown key" "bad.yaml:3: unknown key 'gmaes'" "$cs" run bad.yaml
printf 'name: x\narms:\n  - name: a\n    seats: [random, nobody]\n' >bad2.yaml
expect_error "spec unknown strategy" "bad2.yaml:4: arm 'a': 'seats': seat 1 'nobody'" "$cs" run bad2.yaml -o specout
[ ! -e specout ] && ok || bad "a refused spec left its folder"
printf 'name: two\ngames: 41\narms:\n  - name: plain\n    seats: [random, greedy]\n  - name: dup\n    seats: [random, greedy]\n    duplicate: true\n' >odd.yaml
expect_error "spec arm with odd duplicate games" "odd.yaml:6: arm 'dup': 41 games is not a multiple of the 2 rotations" "$cs" run odd.yaml -o oddout
[ ! -e oddout/plain.h5 ] && ok || bad "the first arm ran before a later arm was refused"
expect_error "spec missing" "cannot open spec nothere.yaml" "$cs" run nothere.yaml
expect_error "spec and seats" "in the spec" "$cs" run bad.yaml --seats random,random
# A spec nested 80,000 deep (156 KB; libyaml's time grows with the square of the depth, 15 s
# here) is refused at the line its 65th level opens, in a few seconds at most.
{ printf 'name: x\nseats: '; printf '%80000s' '' | tr ' ' '['; printf '%80000s' '' | tr ' ' ']'; echo; } >deep.yaml
start=$SECONDS
expect_error "spec nested too deep" "deep.yaml:2: nested deeper than 64 levels" timeout 60 "$cs" run deep.yaml
[ $((SECONDS - start)) -lt 5 ] && ok || bad "the deep spec took $((SECONDS - start)) s to refuse"
expect_error "unknown arm" "no such arm" "$cs" run --arm nope

# match
expect_error "match one strategy" "name two strategies" "$cs" match greedy
expect_error "match unknown" "unknown strategy 'grredy'" "$cs" match greedy grredy --games 10
# (every preset plays, three players included: cli_match.sh)
expect_error "match odd games" "even number" "$cs" match greedy random --games 11

# replay and merge: foreign, truncated, games-only files and missing games.
"$cs" run --seats random,random --games 3000 --record deals -o deals.h5 --quiet >/dev/null
"$cs" run --seats random,random --games 30 -o games.h5 --quiet >/dev/null
head -c 20000 deals.h5 >trunc.h5
expect_error "replay foreign" "not an HDF5 file" "$cs" replay foreign.h5 --game 0
expect_error "replay truncated" "truncated" "$cs" replay trunc.h5 --game 0
expect_error "replay games only" "no /deals table" "$cs" replay games.h5 --game 0
expect_error "replay missing game" "holds games 0 to 2999" "$cs" replay deals.h5 --game 3000
expect_error "replay no game" "usage" "$cs" replay deals.h5
expect_error "merge foreign" "not an HDF5 file" "$cs" merge out.h5 foreign.h5
expect_error "merge truncated" "truncated" "$cs" merge out.h5 trunc.h5
expect_error "merge unsharded pair" "not parts of one experiment" "$cs" merge out.h5 deals.h5 games.h5
[ ! -e out.h5 ] && ok || bad "a refused merge left out.h5"
# A file cut short by truncate(1), and one whose first /deals chunk was overwritten with zeros.
cp deals.h5 cut.h5
truncate -s $(($(stat -c %s deals.h5) * 9 / 10)) cut.h5
expect_error "replay truncated(1)" "truncated" "$cs" replay cut.h5 --game 1
expect_error "merge truncated(1)" "truncated" "$cs" merge out.h5 cut.h5
expect_error "resume truncated(1)" "truncated" "$cs" run --resume -o cut.h5
cp deals.h5 zeroed.h5
at=$("$py" -c 'import h5py; print(h5py.File("deals.h5","r")["deals"].id.get_chunk_info(0).byte_offset)')
dd if=/dev/zero of=zeroed.h5 bs=1 seek="$((at + 100))" count=2000 conv=notrunc status=none
expect_error "replay damaged chunk" "reading /deals failed" "$cs" replay zeroed.h5 --game 0
expect_error "merge damaged chunk" "reading /deals failed" "$cs" merge out.h5 zeroed.h5
[ ! -e out.h5 ] && ok || bad "a merge of a damaged part left out.h5"
# With --force over an existing file, a merge that fails part-way leaves that file as it was
# (the merge is written beside it and renamed only when whole) and nothing beside it.
cp deals.h5 keep.h5
sum=$(cksum <keep.h5)
expect_error "merge --force damaged chunk" "keep.h5 left as it was" "$cs" merge keep.h5 zeroed.h5 --force
[ "$(cksum <keep.h5)" = "$sum" ] && ok || bad "a failed merge --force changed the file it would replace"
[ -z "$(ls keep.h5.merging-* 2>/dev/null)" ] && ok || bad "a failed merge left its temporary file"

# bench
expect_error "bench unknown figure" "unknown figure 'speed'" "$cs" bench --only speed
expect_error "bench bad seconds" "--seconds" "$cs" bench --seconds -1
expect_error "bench bad busy" "--busy" "$cs" bench --busy 99
# --busy starts its competing processes and stops them: the bench ends, none is left behind.
out=$("$cs" bench --only hand-stats --seconds 0.05 --busy 1) &&
    grep -q "1 competing process started" <<<"$out" &&
    ! pgrep -f "$cs bench --only hand-stats --seconds 0.05 --busy 1" >/dev/null &&
    ok || bad "bench --busy 1"

# Rough edges: help for one command, Elo at the edges, long names cut with an ellipsis, and
# "1 card sequence".
"$cs" help run | head -1 | grep -q "usage: cribsim run" && ok || bad "cribsim help run"
out=$("$cs" match expected random --games 10 --threads 1 2>&1)
grep -q "every game won" <<<"$out" && ! grep -qE "\+inf \[|-0 \[| -0\b" <<<"$out" && ok ||
    bad "Elo for every game won: $out"
out=$("$cs" run --seats "mc:samples=3,objective=win",random --games 2 --threads 1 -o long.h5 --force 2>&1)
grep -q "hidd\.\.\. " <<<"$out" && ok || bad "a long seat name is not cut with an ellipsis: $out"
out=$("$cs" run --seats random,greedy --duplicate --games 2 --threads 1 -o one.h5 --force 2>&1)
grep -q "(1 card sequence x 2 rotations)" <<<"$out" && ok || bad "1 card sequence: $out"

# run --help lists every rule key --set takes (docs/rules.md sends readers there): the keys
# as an unknown key's message names them, each a word of the help.
keys=$("$cs" run --set no_such_key=1 --games 1 -o keys.h5 2>&1 | sed -n 's/.*(rules: \(.*\))$/\1/p' | tr -d ',')
help=$("$cs" run --help | sed -n '/^Rule keys for --set/,$p')
missing=""
for k in $keys; do grep -qw -- "$k" <<<"$help" || missing="$missing $k"; done
[ -n "$keys" ] && [ -z "$missing" ] && ok || bad "run --help lacks rule keys:${missing:- (none read)}"
cli_done

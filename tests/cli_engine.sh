#!/usr/bin/env bash
# cli_engine.sh CRIBSIM - the engine's subcommands end to end: score, peg, hand-stats and play,
# their --json and --batch forms, and a clear message with exit status 2 for every bad input.
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
# expect_out "description" "expected stdout" cmd...
expect_out() {
    local what=$1 want=$2; shift 2
    local got; got=$("$@" 2>/dev/null); local rc=$?
    if [ "$rc" -eq 0 ] && [ "$got" = "$want" ]; then ok; else bad "$what: rc=$rc got [$got] want [$want]"; fi
}
# expect_error "description" "text the message must contain" cmd...

# score: the 29 hand, the the modern rule sheet examples, the crib four-flush rule, three-card hands.
expect_out "29 hand json" '{"total":29,"fifteens":16,"pairs":12,"runs":0,"flush":0,"nobs":1}' \
    "$cs" score --json 5C 5D 5H JS 5S
expect_out "the modern rule sheet example 1" '{"total":23,"fifteens":8,"pairs":6,"runs":9,"flush":0,"nobs":0}' \
    "$cs" score --json 4H 5C 5D 6S 5S
expect_out "the modern rule sheet example 2" '{"total":14,"fifteens":4,"pairs":0,"runs":4,"flush":5,"nobs":1}' \
    "$cs" score --json ah 2h 3h jh 4h
expect_out "10 accepted" '{"total":6,"fifteens":6,"pairs":0,"runs":0,"flush":0,"nobs":0}' \
    "$cs" score --json 10C 5D 2H 8S 7C
expect_out "hand four-flush scores 4" '{"total":4,"fifteens":0,"pairs":0,"runs":0,"flush":4,"nobs":0}' \
    "$cs" score --json 2H 4H 6H 8H QC
expect_out "crib four-flush scores nothing" '{"total":0,"fifteens":0,"pairs":0,"runs":0,"flush":0,"nobs":0}' \
    "$cs" score --crib --json 2H 4H 6H 8H QC
expect_out "three-card hand flush" '{"total":3,"fifteens":0,"pairs":0,"runs":0,"flush":3,"nobs":0}' \
    "$cs" score --cards 3 --json 2H 4H 8H QC
# four cards in all is a hand whose starter was forgotten, unless --cards 3 says otherwise
expect_error "starter forgotten" "4 cards; give a hand of four cards, then the starter" \
    "$cs" score 5H 5C 5S JD
printf '5H 5C 5S JD\n' | "$cs" score --batch >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "starter forgotten in --batch: status 2"
expect_error "--cards 3 with a four-card hand" "5 cards; give a hand of three cards" \
    "$cs" score --cards 3 5H 5C 5S JD 5D
expect_error "--crib --cards 3" "contradict" "$cs" score --crib --cards 3 5H 5C 5S JD
expect_error "--cards 5" "--cards takes 4" "$cs" score --cards 5 5H 5C 5S JD 5D
human=$("$cs" score 5C 5D 5H JS 5S)
if grep -q "^total *29$" <<<"$human" && grep -q "^nobs *1$" <<<"$human"; then ok; else bad "score text [$human]"; fi
expect_out "score batch" "$(printf '29\n14\n0')" bash -c "printf '5C 5D 5H JS 5S\nAH 2H 3H JH 4H\n2C 4D 6H 8S TC\n' | '$cs' score --batch"
expect_error "batch empty line" "line 2: 0 cards" bash -c "printf '5C 5D 5H JS 5S\n\n' | '$cs' score --batch"
expect_out "crib batch" "0" bash -c "printf '2H 4H 6H 8H QC\n' | '$cs' score --batch --crib"

expect_error "malformed card" "'5X'" "$cs" score 5C 5D 5H JS 5X
expect_error "ten as 1" "'1C'" "$cs" score 1C 5D 5H JS 5S
expect_error "duplicate card" "'5C' appears twice" "$cs" score 5C 5D 5H 5C 5S
expect_error "too few cards" "cards" "$cs" score 5C 5D 5S
expect_error "too many cards" "6 cards given" "$cs" score 5C 5D 5H JS 5S 6S
expect_error "crib of three" "crib" "$cs" score --crib 5C 5D 5H 5S
expect_error "unknown option" "'--foo'" "$cs" score --foo 5C 5D 5H JS 5S
expect_error "batch bad line" "line 2" bash -c "printf '5C 5D 5H JS 5S\n5C 5D QQ JS 5S\n' | '$cs' score --batch"
expect_error "batch duplicate" "duplicate" bash -c "printf '5C 5C 5H JS 5S\n' | '$cs' score --batch"
errf=$(mktemp)
# Bad lines in the middle: each reported with its number, every good line still answered, in
# order, and exit status 2 at the end.
out=$(printf '5C 5D 5H JS 5S\n\nZZ 5H\nAH 2H 3H JH 4H\n5C 5C 5H JS 5S\n2C 4D 6H 8S TC\n' |
    "$cs" score --batch 2>"$errf")
rc=$?
[ "$rc" -eq 2 ] && [ "$out" = "$(printf '29\n14\n0')" ] && grep -q "line 2" "$errf" &&
    grep -q "line 3" "$errf" && grep -q "line 5" "$errf" && ok ||
    bad "batch with bad lines in the middle: rc=$rc out=[$out] err=[$(cat "$errf")]"
rm -f "$errf"
# Options may follow the cards; --batch --json writes one object per line.
expect_out "options after the cards" '{"total":29,"fifteens":16,"pairs":12,"runs":0,"flush":0,"nobs":1}' \
    "$cs" score 5C 5D 5H JS 5S --json
expect_out "score batch json" "$(printf '%s\n%s' '{"total":29,"fifteens":16,"pairs":12,"runs":0,"flush":0,"nobs":1}' \
    '{"total":0,"fifteens":0,"pairs":0,"runs":0,"flush":0,"nobs":0}')" \
    bash -c "printf '5C 5D 5H JS 5S\n2H 4H 6H 8H QC\n' | '$cs' score --batch --json --crib"
expect_error "one card" "1 card;" "$cs" score 5C
expect_error "seven cards" "7 cards given" "$cs" score 5C 5D 5H JS 5S 6S 7S
expect_error "cards with --batch" "not '5C'" "$cs" score --batch 5C
expect_error "lone dash" "'-' is not a card" "$cs" score - 5D 5H JS 5S
# A bad line stops the batch, but the answers before it are written.
got=$(printf '5C 5D 5H JS 5S\nXX\n' | "$cs" score --batch 2>/dev/null)
[ "$got" = "29" ] && ok || bad "batch keeps earlier answers: [$got]"

# peg: the corrected the modern rule sheet examples, 31 for 2, runs out of order, a run broken by a pair.
expect_out "King 7 7 7 corrected to 8" '{"total":8,"fifteen":0,"thirty_one":2,"pairs":6,"run":0}' \
    "$cs" peg --json KS 7C 7D 7H
expect_out "2 3 1 4 3 2 corrected to 6" '{"total":6,"fifteen":2,"thirty_one":0,"pairs":0,"run":4}' \
    "$cs" peg --json 2C 3C AC 4C 3D 2D
expect_out "5 2 3 4 1" '{"total":7,"fifteen":2,"thirty_one":0,"pairs":0,"run":5}' \
    "$cs" peg --json 5C 2C 3C 4C AC
expect_out "5 5 5" '{"total":8,"fifteen":2,"thirty_one":0,"pairs":6,"run":0}' "$cs" peg --json 5C 5D 5H
expect_out "four of a kind" '{"total":12,"fifteen":0,"thirty_one":0,"pairs":12,"run":0}' \
    "$cs" peg --json 2C 2D 2H 2S
expect_out "run broken by a pair (5 4 3 3: fifteen and pair only)" '{"total":4,"fifteen":2,"thirty_one":0,"pairs":2,"run":0}' \
    "$cs" peg --json 5C 4C 3C 3D
expect_out "peg batch" "$(printf '3\n5')" bash -c "printf '3C 5C 6C 7C\n3C 5C 6C 7C 4C\n' | '$cs' peg --batch"
expect_out "peg batch json" "$(printf '%s\n%s' '{"total":2,"fifteen":2,"thirty_one":0,"pairs":0,"run":0}' \
    '{"total":8,"fifteen":0,"thirty_one":2,"pairs":6,"run":0}')" \
    bash -c "printf 'KC 5C\nKS 7C 7D 7H\n' | '$cs' peg --json --batch"
expect_out "peg options after the cards" '{"total":2,"fifteen":0,"thirty_one":0,"pairs":2,"run":0}' \
    "$cs" peg 7C 7D --json
expect_error "peg batch past 31 names the line" "line 2: 5C takes the count to 35" \
    bash -c "printf 'KC 5C\nKC QC JC 5C\n' | '$cs' peg --batch"
expect_error "peg seventeen cards" "17 cards given" "$cs" peg AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C
expect_error "count past 31" "past 31" "$cs" peg KC QC JC 5C
expect_error "peg duplicate" "appears twice" "$cs" peg KC KC
expect_error "peg no cards" "give" "$cs" peg

# hand-stats: the exhaustive distribution's known answers.
hs=$("$cs" hand-stats)
grep -qx "0 1009008" <<<"$hs" && grep -qx "28 76" <<<"$hs" && grep -qx "29 4" <<<"$hs" \
    && ! grep -q "^19 " <<<"$hs" && grep -qx "total 12994800 mean 4.769152" <<<"$hs" && ok || bad "hand-stats [$hs]"
hs=$("$cs" hand-stats --crib)
grep -qx "0 1022208" <<<"$hs" && ok || bad "hand-stats --crib"
"$cs" hand-stats --cards=3 | grep -qx "total 1082900 mean [0-9.]*" && ok || bad "hand-stats --cards=3: C(52,3) x 49 hands"
expect_error "hand-stats --cards without a value" "--cards needs a value" "$cs" hand-stats --cards
expect_error "hand-stats bad cards" "'5'" "$cs" hand-stats --cards 5
expect_error "hand-stats crib of three" "four cards" "$cs" hand-stats --crib --cards 3

# play: a whole game, repeatable, for every preset; bad presets and rules refused.
for p in two three four partners five-card nz-tournament; do
    a=$("$cs" play --rules "$p" --seed 11 2>&1); rc=$?
    b=$("$cs" play --rules "$p" --seed 11 2>&1)
    if [ "$rc" -eq 0 ] && [ "$a" = "$b" ] && grep -Eq "(wins|tie) .*after (the )?[0-9]+ deals?:" <<<"$a"; then ok; else bad "play $p rc=$rc"; fi
done
[ "$("$cs" play --seed 1)" != "$("$cs" play --seed 2)" ] && ok || bad "different seeds, same game"
# What a person reads: the rules, every deal's cards, starter, play (each card's points and why,
# the go and the last card on the card that took them), show and scores, then why it ended.
# Every card that scores gives its reasons, and they add up to its points.
check_points='
/count +[0-9]+  [+][0-9]+/ {
    s = $0; sub(/.*count +[0-9]+  [+]/, "", s); total = s + 0
    if (!match(s, /[(][^)]*[)]/)) { print "no reason: " $0; bad = 1; next }
    n = split(substr(s, RSTART + 1, RLENGTH - 2), parts, ", "); sum = 0
    for (i = 1; i <= n; i++) { k = split(parts[i], w, " "); sum += w[k] }
    if (sum != total) { print "the parts do not add up: " $0; bad = 1 }
    scored++
}
END { exit bad || !scored }'
for p in two three four partners five-card nz-tournament; do
    out=$("$cs" play --rules "$p" --seed 5)
    deals=$(grep -c "^deal [0-9]*: seat [0-3].* deals$" <<<"$out")
    for needle in "rules: $p (" "  starter " "  the play:" "  the show (starter " " crib " "  +1  (last card 1)" \
        "the game is over"; do
        grep -qF -- "$needle" <<<"$out" && ok || bad "play $p: no '$needle'"
    done
    grep -Eq "  \+[0-9]+  \((.*, )?go 1\)" <<<"$out" && ok || bad "play $p: no go"
    [ "$(grep -c "^  scores: " <<<"$out")" -eq "$deals" ] && ok || bad "play $p: scores after each deal"
    awk "$check_points" <<<"$out" && ok || bad "play $p: points and their reasons"
done
out=$("$cs" play --rules five-card --seed 5)
grep -q "takes 3 for last at the start" <<<"$out" && grep -q "the play ends: a single series, [1-9] cards\? left unplayed" <<<"$out" && ok || bad "five-card narration"
out=$("$cs" play --rules nz-tournament --seed 26)
grep -q "the 4 deals are played" <<<"$out" && grep -qx "result: a tie after 4 deals: team 0 69, team 1 69." <<<"$out" \
    && ok || bad "nz-tournament tie [$(tail -2 <<<"$out")]"
"$cs" play --set target=61 --set lurch_line=0 | grep -qx "rules: two (.*), changed: target 61, skunk_line 31, double_skunk_line 1, triple_skunk_line 0, lurch_line 0" \
    && ok || bad "play: the rules line"
[ "$("$cs" play --seed 010)" = "$("$cs" play --seed=10)" ] && ok || bad "seeds are decimal; --seed=S"
expect_error "seed overflow" "'99999999999999999999999'" "$cs" play --seed 99999999999999999999999
expect_error "bad rule value" "bad value 'abc' for rule 'target'" "$cs" play --set target=abc
expect_error "set without =" "'target'" "$cs" play --set target
expect_error "skunk line over the target" "skunk_line = 91 exceeds the target 61" "$cs" play --set target=61 --set skunk_line=91
expect_error "a line set before the target" "skunk_line = 91 exceeds the target 61" "$cs" play --set skunk_line=91 --set target=61
# A new target moves the skunk and lurch lines with it: every preset plays to 61 as it is.
for p in two three four partners five-card nz-tournament; do
    "$cs" play --rules "$p" --set target=61 --seed 3 | grep -Eq "reaches 61|deals are played" && ok || bad "$p to 61"
done
expect_error "unknown preset" "'seven'" "$cs" play --rules seven
expect_error "unknown rule" "unknown rule 'targte'" "$cs" play --set targte=61
expect_error "impossible rules" "partnership" "$cs" play --rules three --set partnership=yes
expect_error "bad seed" "--seed" "$cs" play --seed -4
expect_error "unknown command" "unknown command" "$cs" frobnicate
for c in score peg hand-stats play; do "$cs" "$c" --help | grep -q "usage: cribsim $c" && ok || bad "$c --help"; done
# help about help is the usage, exit 0; the list describes play as what it is (human seats)
"$cs" help --help | grep -q "^usage: cribsim COMMAND" && ok || bad "cribsim help --help"
"$cs" help | grep -E "^  play " | grep -q "human" && ok || bad "cribsim help: play's line"
"$cs" help | grep -q "between random players" && bad "cribsim help: play's old line" || ok

cli_done

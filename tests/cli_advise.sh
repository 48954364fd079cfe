#!/usr/bin/env bash
# cli_advise.sh CRIBSIM - `cribsim advise`: the full ranked table of the issue's example in
# either role, its --json against an enumeration written here in Python (the hand of every row
# over the 46 starters, the crib of two rows over every other crib pair and starter of the 50
# cards left: the model the help states), the net's sign by role, the other games, and every
# bad input refused with exit 2 and a message naming it.
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
cli_in_tmp

hand=(5H 5C JD QS 2C 8H)

out=$("$cs" advise "${hand[@]}" --dealer); rc=$?
[ "$rc" -eq 0 ] && ok || bad "dealer table: rc=$rc"
rows=$(grep -cE '^ +[0-9]+  ' <<<"$out")
[ "$rows" -eq 15 ] && ok || bad "dealer table has $rows rows, not 15 [$out]"
grep -qE '^ +1  2C 8H +5H 5C JD QS +12\.70 +4\.23 +16\.92 +\+1\.05$' <<<"$out" && ok ||
    bad "dealer's first row [$out]"
out=$("$cs" advise --pone "${hand[@]}"); rc=$?
{ [ "$rc" -eq 0 ] && grep -qE '^ +1  2C 8H +5H 5C JD QS +12\.70 +4\.23 +8\.47' <<<"$out" &&
    grep -qE '^ +15  5H 5C ' <<<"$out"; } && ok || bad "pone table [$out]"
"$cs" --help | grep -qE '^  advise ' && ok ||
    bad "advise missing from cribsim --help"
"$cs" advise --help | grep -qF -- "--scores ME,THEM" && ok || bad "advise --help"
"$cs" help advise >/dev/null && ok || bad "cribsim help advise"

"$cs" advise "${hand[@]}" --dealer --json >dealer.json && ok || bad "dealer --json"
"$cs" advise "${hand[@]}" --pone --json >pone.json && ok || bad "pone --json"
check='
import itertools, json, sys
R, S = "A23456789TJQK", "CDHS"
def card(t): return (R.index(t[0]), S.index(t[1]))
def show(h, st, crib):
    c = h + [st]
    p = 0
    for k in range(2, 6):
        for sub in itertools.combinations(c, k):
            p += 2 * (sum(min(r + 1, 10) for r, _ in sub) == 15)
    p += sum(2 for a, b in itertools.combinations(c, 2) if a[0] == b[0])
    for k in (5, 4, 3):
        n = sum(1 for sub in itertools.combinations(c, k)
                if sorted(r for r, _ in sub) == list(range(min(r for r, _ in sub), min(r for r, _ in sub) + k)))
        if n:
            p += n * k
            break
    if len({s for _, s in h}) == 1:
        p += 5 if st[1] == h[0][1] else 0 if crib else 4
    return p + sum(1 for r, s in h if r == 10 and s == st[1])
deck = [(r, s) for r in range(13) for s in range(4)]
d, p = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
dealt = [card(t) for t in d["cards"]]
assert d["role"] == "dealer" and p["role"] == "pone" and d["starters"] == 46, d
assert d["scores"] is None and d["crib_weight"] == 1 and p["crib_weight"] == -1
rows = d["discards"]
assert [r["rank"] for r in rows] == list(range(1, 16)), rows
assert len({frozenset(r["discard"]) for r in rows}) == 15
assert all(a["net"] >= b["net"] for a, b in zip(rows, rows[1:]))
pone = {frozenset(r["discard"]): r for r in p["discards"]}
for r in rows:
    keep = [card(t) for t in r["keep"]]
    want = sum(show(keep, s, False) for s in deck if s not in dealt) / 46
    assert abs(r["hand"] - want) < 5e-7, (r, want)
    assert abs(r["net"] - (r["hand"] + r["crib"])) < 5e-6, r
    q = pone[frozenset(r["discard"])]
    assert q["hand"] == r["hand"] and q["crib"] == r["crib"], (q, r)
    assert abs(q["net"] - (r["hand"] - r["crib"])) < 5e-6, q
    assert r["win"] is None and isinstance(r["peg"], float)
# The crib of the first row and of a suited pair: every other pair of crib cards from the 50
# cards not laid away, and every starter of the 48 left.
for r in (rows[0], next(x for x in rows if x["discard"] == ["JD", "QS"])):
    toss = [card(t) for t in r["discard"]]
    rest = [c for c in deck if c not in toss]
    total = n = 0
    for a, b in itertools.combinations(rest, 2):
        for s in rest:
            if s != a and s != b:
                total += show(toss + [a, b], s, True)
                n += 1
    assert n == 1225 * 48
    assert abs(r["crib"] - total / n) < 5e-7, (r, total / n)
'
"$py" -c "$check" dealer.json pone.json && ok || bad "--json against the enumeration"

# With the scores: a win column; the chance is higher ahead than behind.
"$cs" advise "${hand[@]}" --dealer --scores 110,60 --json >ahead.json &&
    "$cs" advise "${hand[@]}" --dealer --scores=60,110 --json >behind.json && ok || bad "--scores"
"$py" -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert a["scores"] == [110, 60], a["scores"]
for x, y in zip(a["discards"], b["discards"]):
    assert x["discard"] == y["discard"] and 0 <= y["win"] < x["win"] <= 1, (x, y)
' ahead.json behind.json && ok || bad "win chances"
"$cs" advise "${hand[@]}" --dealer --scores 110,60 | grep -qE '^rank .* peg +win$' && ok ||
    bad "win column"

# Five cards: three players and four each for themselves lay one away (five rows), the
# partner's crib counts for the side.
out=$("$cs" advise 5H 5C JD QS 2C --players 3 --pone); rc=$?
{ [ "$rc" -eq 0 ] && [ "$(grep -cE '^ +[0-9]+  ' <<<"$out")" -eq 5 ] &&
    grep -qF "net = hand - crib" <<<"$out"; } && ok || bad "three players [$out]"
# The pone's crib is one opponent's of two (three players) or of three (four): laying away 2C,
# hand 12.64, crib 4.67: net 12.64 - 4.67 / 2 = 10.30, and 12.64 - 4.67 / 3 = 11.08.
grep -qE '^ +1  2C +5H 5C JD QS +12\.64 +4\.67 +10\.30$' <<<"$out" && ok || bad "three players' net [$out]"
out=$("$cs" advise 5H 5C JD QS 2C --players 4 --pone)
grep -qE '^ +1  2C +5H 5C JD QS +12\.64 +4\.67 +11\.08$' <<<"$out" && ok || bad "four players' net [$out]"
out=$("$cs" advise 5H 5C JD QS 2C --rules partners --partner); rc=$?
{ [ "$rc" -eq 0 ] && grep -qF "net = hand + crib" <<<"$out"; } && ok || bad "partners [$out]"
out=$("$cs" advise 5H 5C JD QS 2C --rules five-card --dealer); rc=$?
{ [ "$rc" -eq 0 ] && [ "$(grep -cE '^ +[0-9]+  ' <<<"$out")" -eq 10 ]; } && ok ||
    bad "five-card [$out]"

# Bad input: exit 2 and a message naming it.
expect_error "bad card" "'XH' is not a card" "$cs" advise 5H 5C JD QS 2C XH --dealer
expect_error "duplicate" "'5H' appears twice" "$cs" advise 5H 5C JD QS 2C 5H --dealer
expect_error "five cards" "5 cards given; give the 6 cards dealt" "$cs" advise 5H 5C JD QS 2C --dealer
err=$("$cs" advise 5H 5C JD QS 2C --dealer 2>&1)
[ "$err" = "cribsim advise: 5 cards given; give the 6 cards dealt (2 players)" ] && ok ||
    bad "five cards to two players: no hint to --players 2 [$err]"
expect_error "six cards, three players" "(3 players) (the two-player game deals six: --players 2)" \
    "$cs" advise "${hand[@]}" --players 3 --dealer
expect_error "seven cards" "7 cards given" "$cs" advise "${hand[@]}" 9D --dealer
expect_error "no cards" "0 cards given" "$cs" advise --dealer
expect_error "no role" "give the role" "$cs" advise "${hand[@]}"
expect_error "two roles" "--dealer and --pone contradict" "$cs" advise "${hand[@]}" --dealer --pone
expect_error "partner without partners" "--partner needs partnership" \
    "$cs" advise "${hand[@]}" --partner
expect_error "unknown option" "unknown option '--frob'" "$cs" advise "${hand[@]}" --dealer --frob
expect_error "players" "--players '5'" "$cs" advise "${hand[@]}" --dealer --players 5
expect_error "players and rules" "--players and --rules" \
    "$cs" advise "${hand[@]}" --dealer --players 2 --rules two
expect_error "preset" "unknown rules preset 'bogus'" "$cs" advise "${hand[@]}" --dealer --rules bogus
expect_error "set" "unknown rule 'frob'" "$cs" advise "${hand[@]}" --dealer --set frob=1
expect_error "scores text" "--scores '90'" "$cs" advise "${hand[@]}" --dealer --scores 90
expect_error "scores sign" "--scores '-1,5'" "$cs" advise "${hand[@]}" --dealer --scores=-1,5
expect_error "scores past the target" "121 is not below the target" \
    "$cs" advise "${hand[@]}" --dealer --scores 121,5
expect_error "scores, three players" "the win chance needs two players" \
    "$cs" advise 5H 5C JD QS 2C --players 3 --dealer --scores 5,5
expect_error "scores value" "--scores needs a value" "$cs" advise "${hand[@]}" --dealer --scores

# The play: the dealer alone after the pone's last cards (test_advise works the figures).
out=$("$cs" advise --play JD 5C TC 9C --dealer --starter 2H --played "KS JD 9H AS AH"); rc=$?
{ [ "$rc" -eq 0 ] && grep -qE '^ +1  5C +0   3\.00   +0\.00  +\+3\.00$' <<<"$out" &&
    grep -qE '^ +2  TC +0   3\.00' <<<"$out" && grep -qE '^ +3  9C +0   1\.00' <<<"$out"; } && ok ||
    bad "--play table [$out]"
"$cs" advise --play KH QH 3C AS --pone --starter 2H --played=KH,5D,QH --json >play.json &&
    grep -qF '"count":25,"their_cards":3,"holdings":84,"ways":2600,' play.json &&
    grep -qF '{"rank":1,"card":"3C","now":0,"mine":1.000000,' play.json && ok ||
    bad "--play --json [$(cat play.json)]"
expect_error "play without starter" "--play needs the starter" "$cs" advise --play KH QH 3C AS --pone
expect_error "starter without play" "go with --play" "$cs" advise "${hand[@]}" --dealer --starter 2H
expect_error "play, three cards" "give the four cards you kept" \
    "$cs" advise --play KH QH 3C --pone --starter 2H
expect_error "play, bad card laid" "--played: 'ZZ' is not a card" \
    "$cs" advise --play KH QH 3C AS --pone --starter 2H --played "KH ZZ"
expect_error "play, two starters" "--starter '2H 3H': too many cards" \
    "$cs" advise --play KH QH 3C AS --pone --starter "2H 3H"
expect_error "play, one discard" "--discards: give the cards you laid away" \
    "$cs" advise --play KH QH 3C AS --pone --starter 2H --discards 9C
expect_error "play, a discard laid" "9C is one of the cards you laid away" \
    "$cs" advise --play KH QH 3C AS --pone --starter 2H --discards "9C 8C" --played "KH 9C"
expect_error "play, not on turn" "cannot be with you on turn" \
    "$cs" advise --play KH QH 3C AS --pone --starter 2H --played "KH QH"
expect_error "play, three players" "two players with hands of four" \
    "$cs" advise --play KH QH 3C AS --pone --starter 2H --players 3

cli_done

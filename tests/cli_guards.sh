#!/usr/bin/env bash
# cli_guards.sh - checks that guard what single-line bugs slipped past before: the cards the
# seeding scheme deals for a known seed, /deals never holding a game past the last in /games
# when the SPRT stops a run, the run summary's per-seat figures for a lineup of three with
# duplicate deals (where a wrong rotation mapping shows), and the ladder's order (expected
# beats greedy).
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp

# The seeding scheme: game 0 of seed 1 deals these cards, in every version and on any machine.
out=$("$cs" play --seed 1)
grep -q "seat 1  dealt 4H 3S TC 3D 4S 5S" <<<"$out" && grep -q "seat 0  dealt 2D AC QC QH 9H 2C" \
    <<<"$out" && grep -q "starter TH" <<<"$out" && ok || bad "seed 1 deals other cards: $(head -8 <<<"$out")"

# An SPRT stop with deals recorded: /deals ends with the last game of /games.
"$cs" run --seats greedy,random --sprt 0,50 --sprt-every 20 --record deals --games 20000 \
    --threads 2 --quiet -o sprt.h5 >/dev/null
"$py" - sprt.h5 <<'PY' && ok || bad "SPRT with deals: /deals past /games"
import h5py, sys
f = h5py.File(sys.argv[1], "r")
n = int(f.attrs["games_completed"])
assert 0 < n < 20000, n
games, deals = f["games"][:n], f["deals"][:]
last = int(games["game"][-1])
# the run ends at the game the SPRT decided on: no deal of a later game is written
assert int(deals["game"].max()) == last, (int(deals["game"].max()), last)
# and every game's deals end with the deal that ended it
assert int((deals["ended"] == 1).sum()) == n
PY

# A lineup of three with duplicate deals: each rotation puts every strategy in every seat, and
# the summary's per-side figures are the file's, counted by lineup entry.
"$cs" run --rules three --seats greedy,random,random --duplicate --games 300 --threads 2 \
    -o three.h5 >summary.txt 2>&1
"$py" - three.h5 summary.txt <<'PY' && ok || bad "three-seat duplicate summary: $(cat summary.txt)"
import h5py, re, sys
f = h5py.File(sys.argv[1], "r")
g = f["games"][:]
wins = [0, 0, 0]
for row in g:
    if row["winner"] >= 0:
        wins[(int(row["winner"]) + int(row["rotation"])) % 3] += 1  # seat -> lineup entry
text = open(sys.argv[2]).read()
got = [int(m) for m in re.findall(r"\(side \d\)\s+\d+\s+(\d+)", text)]
assert got == wins, (got, wins)
assert sorted(set(g["rotation"].tolist())) == [0, 1, 2]
PY

# The ladder's order: expected beats greedy clearly over 2,000 duplicate games.
out=$("$cs" match expected greedy --games 2000 --threads 2 2>&1)
rate=$(grep -oE "expected[^%]*[0-9.]+%" <<<"$out" | head -1 | grep -oE "[0-9.]+%$" | tr -d %)
[ -n "$rate" ] && awk -v r="$rate" 'BEGIN { exit !(r > 55) }' && ok ||
    bad "expected does not beat greedy: [$out]"

# A run whose next game is dealt by a new cut: the analysis reads it, and forms matches from
# consecutive games (any seat may deal first).
"$cs" run --set next_dealer=cut --games 200 --threads 1 --quiet -o cut.h5 >/dev/null
"$py" -m cribsim.analysis.report cut.h5 --summary >/dev/null 2>cut.err && ok || bad "report of a cut run: $(cat cut.err)"
"$py" -m cribsim.analysis.matches cut.h5 >matches.txt 2>cut.err && grep -q "race to 2" matches.txt && ok ||
    bad "matches of a cut run: $(cat cut.err)"

# The run summary never prints a negative zero: seed 2's margin for side 0 rounds to zero from
# below (it printed "-0.0").
out=$("$cs" run --seats random,random --games 20000 --seed 2 --threads 1 -o zero.h5 2>&1)
grep -q "side 0).* +0\.0$" <<<"$out" && ! grep -q -- "-0\.0" <<<"$out" && ok ||
    bad "the summary prints a negative zero or no zero margin: [$out]"

cli_done

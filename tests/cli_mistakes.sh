#!/usr/bin/env bash
# cli_mistakes.sh - counting errors, muggins and the renege from the command line: a run with a
# careless seat plays, records every overlooked, claimed and penalty point, and replays; the
# sources still add up to the scores; muggins off claims nothing; a tampered claim is caught by
# the replay; bad counting-error keys are refused by name.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp

# sums FILE: prints "missed mugged penalty sources_ok" over the whole file, from /games and
# /deals: the sources (muggins and penalties included) must add up to every final score, and
# the deals' overlooked points to the games'.
sums() {
    "$py" - "$1" <<'EOF'
import sys
import h5py
import numpy as np
with h5py.File(sys.argv[1], "r") as f:
    g, d = f["games"][:], f["deals"][:]
    n = 2
    src = sum(g[k][:, :n].astype(int) for k in
              ("peg", "hand", "crib", "heels", "bonus", "mugged", "penalty"))
    ok = bool(np.all(src == g["score"][:, :n]))
    by_game = {}
    for row in d:
        m = by_game.setdefault(int(row["game"]), np.zeros(n, dtype=int))
        for k in range(row["n_plays"]):
            m[row["play_seat"][k]] += row["play_missed"][k]
        m += row["hand_missed"][:n]
        m[row["dealer"]] += row["crib_missed"]
    for row in g:
        ok &= bool(np.all(by_game[int(row["game"])] == row["missed"][:n]))
    print(int(g["missed"].sum()), int(g["mugged"].sum()), int(g["penalty"].sum()), ok)
EOF
}

# A careless seat against a careful one, with muggins: points are overlooked and claimed.
"$cs" run --set muggins=on --seats expected:miss=0.1,expected --games 300 --record deals \
    --seed 5 --quiet -o on.h5 >/dev/null 2>&1 || bad "run with muggins"
read -r missed mugged penalty sources < <(sums on.h5)
if [ "$missed" -gt 0 ] && [ "$mugged" -gt 0 ] && [ "$mugged" -le "$missed" ] &&
    [ "$penalty" -eq 0 ] && [ "$sources" = True ]; then ok; else
    bad "muggins on: missed=$missed mugged=$mugged penalty=$penalty sources=$sources"
fi
"$py" -c "import h5py,sys; s=h5py.File('on.h5','r').attrs['seats']; s=[x.decode() if isinstance(x,bytes) else x for x in s]; sys.exit(s[0]!='expected:peg=lookahead,miss=0.1')" &&
    ok || bad "the careless seat's spec in the file"
# Every game replays with the same mistakes (a sample here; every one of the reneges below).
for game in 0 1 57 123 299; do
    if out=$("$cs" replay on.h5 --game "$game" 2>&1) && ! grep -q '!!' <<<"$out"; then ok; else
        bad "replay of game $game: $(grep -m3 '!!' <<<"$out")"
    fi
done

# The same cards without muggins: overlooked points are lost, nobody claims.
"$cs" run --seats expected:miss=0.1,expected --games 300 --record deals --seed 5 --quiet \
    -o off.h5 >/dev/null 2>&1 || bad "run without muggins"
read -r missed mugged penalty sources < <(sums off.h5)
if [ "$missed" -gt 0 ] && [ "$mugged" -eq 0 ] && [ "$sources" = True ]; then ok; else
    bad "muggins off: missed=$missed mugged=$mugged sources=$sources"
fi

# Reneges under the New Zealand penalty: the next seat scores 2 a renege.
"$cs" run --rules nz-tournament --seats expected:miss_renege=0.3,expected,expected:miss_renege=0.3,expected --games 100 \
    --record deals --seed 3 --quiet -o nz.h5 >/dev/null 2>&1 || bad "run with reneges"
"$py" - nz.h5 <<'EOF' && ok || bad "reneges and their penalties"
import sys
import h5py
import numpy as np
with h5py.File(sys.argv[1], "r") as f:
    d = f["deals"][:]
reneges = sum(bin(int(x)).count("1") for x in d["renege"].ravel())
# seats 0 and 2 renege (lineup rotation 0: expected:miss_renege at seats 0 and 2); each
# renege pays 2 to the next seat, an opponent, unless the game ended first
assert reneges > 0, reneges
assert d["penalty"].sum() <= 2 * reneges and d["penalty"].sum() > 0
assert d["penalty"][:, [0, 2]].sum() == 0, "a penalty paid to a reneging side"
EOF
# (a renege under the penalty leaves dead cards unplayed: the replay must still find each
# seat's next recorded card)
failed=""
for game in $(seq 0 99); do
    out=$("$cs" replay nz.h5 --game "$game" 2>&1) && ! grep -q '!!' <<<"$out" || failed="$failed $game"
done
[ -z "$failed" ] && ok || bad "replays of nz games:$failed"

# The replay tells them: an overlooked count and its claim, a renege and its penalty.
told=$(for g in 0 1 2 3 4 5; do "$cs" replay on.h5 --game "$g"; done 2>&1)
grep -qE 'overlooked [0-9]+; muggins: seat [01] \(expected[^)]*\) takes [0-9]+' <<<"$told" && ok ||
    bad "replay does not tell an overlooked count and its claim"
told=$(for g in 0 1 2 3 4 5; do "$cs" replay nz.h5 --game "$g"; done 2>&1)
grep -qE 'says go holding a card that fits: a renege; seat [13] \(expected[^)]*\) takes 2 and the cards that fitted are dead' <<<"$told" &&
    ok || bad "replay does not tell a renege and its penalty"

# A claim changed in the file: the replay names the field and exits 2.
cp on.h5 forged.h5
"$py" - forged.h5 <<'EOF'
import sys
import h5py
with h5py.File(sys.argv[1], "r+") as f:
    d = f["deals"][:]
    k = next(i for i in range(len(d)) if d["hand_mugged"][i].sum() > 0)
    d["hand_mugged"][k] = 0
    f["deals"][k] = d[k]
EOF
game=$("$py" -c "
import h5py
d = h5py.File('forged.h5', 'r')['deals'][:]
o = h5py.File('on.h5', 'r')['deals'][:]
print(int(d['game'][(d['hand_mugged'] != o['hand_mugged']).any(axis=1)][0]))")
out=$("$cs" replay forged.h5 --game "$game" 2>&1)
rc=$?
if [ "$rc" -eq 2 ] && grep -q '!!.*hand_mugged' <<<"$out"; then ok; else
    bad "a forged claim: rc=$rc $(grep -m2 '!!' <<<"$out")"
fi

# Bad keys, named.
expect_error "unknown kind" "unknown counting-error key 'miss_nob'" \
    "$cs" run --seats expected:miss_nob=0.1,expected --games 2 -o x.h5
expect_error "chance above 1" "a number from 0 to 1" \
    "$cs" run --seats expected:miss=2,expected --games 2 -o x.h5
expect_error "muggins value" "muggins" \
    "$cs" run --set muggins=maybe --seats expected,expected --games 2 -o x.h5

cli_done

#!/usr/bin/env bash
# cli_match.sh CRIBSIM - `cribsim match A B` under every rules preset: each card sequence is
# played in every rotation of the lineup (A, B; A, B, A, B; with three players A, B, B), so each
# strategy sits at every seat over the same cards; the printed counts are the file's, tallied
# here independently from /games (the winner, the rotation, the lineup): per side, and with more
# than two sides per strategy against its fair share.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp
cat >tally.py <<'PY'
# tally.py FILE.h5 A B: checks the rotations seat by seat and prints what the table must say:
# "side S WINS" for each lineup seat, "strategy NAME SEATS WINS" for A and B, "games N ROT".
import json, sys, h5py
path, a, b = sys.argv[1:4]
with h5py.File(path, "r") as f:
    g = f["games"][...]
    seats = [s.decode() if isinstance(s, bytes) else str(s) for s in f.attrs["seats"]]
    rot = int(f.attrs["rotations"])
    rules = json.loads(f.attrs["rules"])
n = len(seats)
partners = bool(rules["partnership"])
side_of = (lambda seat: seat % 2) if partners else (lambda seat: seat)
# every card sequence once in each rotation
seqs = {}
for row in g:
    seqs.setdefault(int(row["card_game"]), []).append(int(row["rotation"]))
assert all(sorted(v) == list(range(rot)) for v in seqs.values()), "a card sequence misses a rotation"
# each strategy at every seat over a card sequence's rotations
for name in set(seats):
    at = {s for s in range(n) for r in range(rot) if seats[(s + r) % n] == name}
    assert at == set(range(n)), f"{name} never sits at seats {set(range(n)) - at}"
wins = [0] * n  # per lineup seat: games its side won
for row in g:
    w, r = int(row["winner"]), int(row["rotation"])
    for i in range(n):
        seat = (i - r) % n  # where lineup seat i sat
        if w >= 0 and side_of(seat) == w:
            wins[i] += 1
print("games", len(g), rot)
for i in range(n):
    print("side", i, wins[i])
for name in (a, b):
    mine = [i for i in range(n) if seats[i].split(":")[0] == name]
    # a seat is its own side with more than two sides, so these wins never overlap
    print("strategy", name, len(mine), sum(wins[i] for i in mine))
PY
for preset in two three four partners five-card nz-tournament; do
    games=12
    out=$("$cs" match greedy random --rules $preset --games $games --seed 4 --threads 1 --quiet -o $preset.h5)
    rc=$?
    [ $rc -eq 0 ] || { bad "$preset: rc=$rc $out"; continue; }
    "$py" tally.py $preset.h5 greedy random >want.txt 2>err.txt || { bad "$preset: $(cat err.txt)"; continue; }
    read -r _ n rot < <(grep '^games' want.txt)
    [ "$n" -eq $games ] && grep -q "$games games ($((games / rot)) card sequences x $rot rotations)" <<<"$out" &&
        ok || bad "$preset: games $n x $rot: $(head -1 <<<"$out")"
    # the side rows, in lineup order: the spec (and "(side S)" with a strategy on two sides)
    mapfile -t rows < <(sed -n '/^  side /,/^  [A-Z]\|^  by strategy/p' <<<"$out" | grep -E '^  (greedy|random)')
    case $preset in two | five-card) sides=2 ;; partners | nz-tournament) sides=2 ;; three) sides=3 ;; four) sides=4 ;; esac
    [ "${#rows[@]}" -eq "$sides" ] && ok || bad "$preset: ${#rows[@]} side rows, not $sides: $out"
    for ((s = 0; s < sides; s++)); do
        want=$(awk -v s=$s '$1 == "side" && $2 == s {print $3}' want.txt)
        got=$(awk -v g=$games '{for (i = 1; i < NF; i++) if ($i == g) {print $(i + 1); exit}}' <<<"${rows[$s]}")
        [ "$got" = "$want" ] && ok || bad "$preset side $s: printed $got wins, the file says $want: ${rows[$s]}"
    done
    if [ "$sides" -gt 2 ]; then
        for name in greedy random; do
            read -r _ _ nseats nwins < <(grep "^strategy $name " want.txt)
            line=$(grep -E "^  $name +$nseats of $((sides)) " <<<"$out")
            share=$(awk -v k="$nseats" -v n="$sides" 'BEGIN {printf "%.1f%%", 100 * k / n}')
            rate=$(awk -v w="$nwins" -v g="$games" 'BEGIN {printf "%.1f%%", 100 * w / g}')
            read -r -a f <<<"$line"
            [ "${f[4]:-}" = "$games" ] && [ "${f[5]:-}" = "$nwins" ] && [ "${f[6]:-}" = "$rate" ] &&
                [ "${f[-1]:-}" = "$share" ] && ok ||
                bad "$preset by strategy $name: want $nseats seats, $nwins wins ($rate), share $share: [$line]"
        done
        # the sides' wins add up to the games (no ties at 121)
        total=$(awk '$1 == "side" {t += $3} END {print t}' want.txt)
        [ "$total" -eq $games ] && ok || bad "$preset: the sides won $total of $games games"
    else
        grep -q "Elo difference" <<<"$out" && ok || bad "$preset: no Elo line: $out"
    fi
done
# Three players: greedy alone at each seat once per card sequence; a count of games not a
# multiple of the three rotations is refused, and so is an SPRT (it needs two sides).
expect_error "three players, 10 games" "give a multiple of 3" "$cs" match greedy random --rules three --games 10
expect_error "three players, --sprt" "--sprt needs two sides" "$cs" match greedy random --rules three --sprt 0,10
expect_error "an unknown preset" "presets: two, three, four" "$cs" match greedy random --rules bogus
cli_done

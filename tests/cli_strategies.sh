#!/usr/bin/env bash
# cli_strategies.sh CRIBSIM - `cribsim strategies` lists every built-in strategy with its
# version, parameters and defaults, and the loaded kinds; --help exits 0, a bad argument 2.
# An outside agent that crashes in game 50 of a run stops it with an error naming the agent,
# the game and the deal, and the file keeps games 0-49, the same as a run that stopped there.
# results/regenerate.sh ladder makes the ladder's page, the same bytes every time.
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
cli_in_tmp

out=$("$cs" strategies 2>/dev/null); rc=$?
[ "$rc" -eq 0 ] && ok || bad "strategies: rc=$rc"
for want in "random (version" "greedy (version" "expected (version" "mc (version" \
    "samples    default" "objective  default win" "hidden     default plays" \
    "peg        default lookahead" "plugin:PATH.so" "exec:" "timeout_ms default 10000" \
    "interface version 1"; do
    grep -qF -- "$want" <<<"$out" && ok || bad "listing lacks [$want]"
done
# The ladder comes weakest first.
order=$(grep -oE '^(random|greedy|expected|mc) \(' <<<"$out" | tr -d ' (' | tr '\n' ' ')
[ "$order" = "random greedy expected mc " ] && ok || bad "order [$order]"

"$cs" strategies --help >/dev/null 2>&1 && ok || bad "--help exit status"
err=$("$cs" strategies --frobnicate 2>&1 >/dev/null); rc=$?
{ [ "$rc" -eq 2 ] && grep -qF -- "--frobnicate" <<<"$err"; } && ok || bad "bad argument: rc=$rc [$err]"

# An agent that crashes at its first request of game 50, on two threads: exit 1, the message
# names the agent, game 50 and deal 0, and the file holds exactly games 0-49, byte for byte
# those of a 50-game run with the same agent.
agent="$py $src/strategies/external/example_agent.py --misbehave crash --from-game 50"
"$cs" run --seat "exec:$agent" --seat random --games 100 --threads 2 -o "$tmp/crash.h5" \
    --quiet 2>"$tmp/crash.err" >/dev/null
rc=$?
err=$(cat "$tmp/crash.err")
{ [ "$rc" -eq 1 ] && grep -qF "exec agent '$agent'" <<<"$err" &&
    grep -qF "in game 50, deal 0" <<<"$err" && grep -qF "exited with status 3" <<<"$err"; } &&
    ok || bad "crashing agent: rc=$rc [$err]"
"$cs" run --seat "exec:$agent" --seat random --games 50 --threads 1 -o "$tmp/fifty.h5" \
    --quiet >/dev/null 2>&1 && ok || bad "50 games before the crash"
check='
import sys, h5py
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
assert a.attrs["games_completed"] == 50, a.attrs["games_completed"]
assert a.attrs["status"] in ("failed", b"failed"), a.attrs["status"]
games = a["games"][:50]
assert list(games["game"]) == list(range(50))
assert games.tobytes() == b["games"][()].tobytes()
'
"$py" -c "$check" "$tmp/crash.h5" "$tmp/fifty.h5" && ok || bad "the crashed run's file"

# The ladder's page at a tiny size: the pairs of the round robin and the second yardstick, and
# the same bytes when made again from the same speeds (measured speeds vary; SPEEDS gives saved
# ones).
printf 'ladder      %s self-play: %s games a second\n' random 250000.0 greedy 25000.0 \
    expected 30000.0 expert 20000.0 model 25000.0 mc 40.0 mc:hidden=nn 10.0 >"$tmp/bench.txt"
# What the bench prints for the ladder is what ladder.py reads: every strategy, once.
"$cs" bench --only ladder --seconds 0.05 >"$tmp/measured.txt" &&
    "$py" -c 'import sys; from cribsim.analysis import ladder
s = ladder.read_speeds(sys.argv[1])
assert sorted(s) == sorted(["random", "greedy", "expected", "expert", "model", "nn", "mc",
                           "mc:hidden=nn"]), s
assert all(v > 0 for v in s.values()), s' "$tmp/measured.txt" && ok || bad "bench --only ladder"
# --allow-dirty: the page's reproducibility is checked here, in whatever tree the tests run
# (a developer's with uncommitted changes too); cli_regenerate_clean.sh checks the refusal.
ladder() {
    SPEEDS="$tmp/bench.txt" GAMES=6 RUNS="$tmp/runs" RESULTS="$tmp/ladder" CRIBSIM="$cs" THREADS=2 \
        bash "$src/results/regenerate.sh" --allow-dirty ladder >/dev/null 2>&1
}
if ladder && cp "$tmp/ladder/ladder.md" "$tmp/ladder1.md" && ladder &&
    cmp -s "$tmp/ladder1.md" "$tmp/ladder/ladder.md"; then ok; else bad "ladder page not reproducible"; fi
# The round robin (28 pairs, the habits' pairs not among them: 21 among the seven strategies,
# then mc:hidden=nn against each, named apart from mc by the parameter that differs) and the
# second yardstick (a row for each of the seven strategies that play the pool: against
# expected, then the pool's mean).
name='[a-z]+(:hidden=nn)?'
rows=$(grep -cE "^\| $name vs $name \| 6 \|" "$tmp/ladder1.md")
pool=$(grep -cE "^\| $name \| ([0-9.]+% \[[0-9.]+%, [0-9.]+%\]|\(the reference\)) \| [0-9.]+% \[" \
    "$tmp/ladder1.md")
{ [ "$rows" -eq 28 ] && [ "$pool" -eq 7 ] && ! grep -qE "^\| $name vs habit" "$tmp/ladder1.md" &&
    grep -qF "GAMES=6 results/regenerate.sh ladder" "$tmp/ladder1.md" &&
    grep -qF "| mc:hidden=nn vs mc | 6 |" "$tmp/ladder1.md" &&
    grep -qE '^\| mc \| 40\.0 \| [0-9.]+% \[' "$tmp/ladder1.md" &&
    grep -qE '^\| mc:hidden=nn \| 10\.0 \| [0-9.]+% \[' "$tmp/ladder1.md"; } && ok ||
    bad "ladder page rows=$rows pool=$pool"

# Each tuned strategy says where it was tuned (expert's strength is two-player, six-card,
# against expected's play); the untuned ones say nothing of it.
list=$("$cs" strategies)
for name in expected expert mc model nn; do
    awk -v n="$name" 'index($0, n " (version") == 1 { found = 1; next } found && /^    tuned: / { ok = 1 } /^$/ { found = 0 } END { exit !ok }' <<<"$list" &&
        ok || bad "cribsim strategies: $name has no tuned line"
done
awk 'index($0, "expert (version") == 1 { f = 1 } f && /^    tuned: / { print; exit }' <<<"$list" | grep -q "two players, hands of six, against expected" &&
    ok || bad "expert's tuned line names two players against expected"
awk 'index($0, "greedy (version") == 1 { f = 1; next } f && /^$/ { exit } f && /tuned:/ { bad_line = 1 } END { exit bad_line }' <<<"$list" &&
    ok || bad "greedy claims to be tuned"
cli_done

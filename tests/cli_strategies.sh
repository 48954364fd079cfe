#!/usr/bin/env bash
# cli_strategies.sh CRIBSIM - `cribsim strategies` lists every built-in strategy with its
# version, parameters and defaults, and the loaded kinds; --help exits 0, a bad argument 2.
set -u
cs=${1:?usage: cli_strategies.sh PATH_TO_CRIBSIM}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$*"; }

out=$("$cs" strategies 2>/dev/null); rc=$?
[ "$rc" -eq 0 ] && ok || bad "strategies: rc=$rc"
for want in "random (version" "greedy (version" "expected (version" "mc (version" \
    "samples    default" "objective  default win" "peg        default lookahead" \
    "plugin:PATH.so" "exec:" "timeout_ms default 10000" "interface version 1"; do
    grep -qF -- "$want" <<<"$out" && ok || bad "listing lacks [$want]"
done
# The ladder comes weakest first.
order=$(grep -oE '^(random|greedy|expected|mc) \(' <<<"$out" | tr -d ' (' | tr '\n' ' ')
[ "$order" = "random greedy expected mc " ] && ok || bad "order [$order]"

"$cs" strategies --help >/dev/null 2>&1 && ok || bad "--help exit status"
err=$("$cs" strategies --frobnicate 2>&1 >/dev/null); rc=$?
{ [ "$rc" -eq 2 ] && grep -qF -- "--frobnicate" <<<"$err"; } && ok || bad "bad argument: rc=$rc [$err]"

printf 'cli_strategies: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# cli_mc_match_value.sh CRIBSIM - the paired tool of objective=match (cs_mc_match_value, built
# beside cribsim): the same figures on one thread and two; a player against itself differs in
# no decision and every game pair is the same game (the difference exactly 0); clips and the
# best of three as the double-elimination bracket scores it, where objective=match is
# objective=win scaled, give exactly 0 too; bad input exits 2 naming it.
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
tool=$(dirname "$cs")/cs_mc_match_value
[ -x "$tool" ] || { bad "no $tool"; cli_done; exit; }
a="mc:samples=8,objective=match" b="mc:samples=8,objective=win"

one=$("$tool" league --to 3 --a "$a" --b "$b" --threads 1 --decisions --examples 1); rc=$?
two=$("$tool" league --to 3 --a "$a" --b "$b" --threads 2 --decisions --examples 1)
[ "$rc" -eq 0 ] && ok || bad "league rc=$rc"
[ "$one" = "$two" ] && ok || bad "league differs with threads: [$one] [$two]"
grep -qF "games" <<<"$one" && grep -qF "a night of four games" <<<"$one" && ok || bad "league output [$one]"

same=$("$tool" league --to 2 --a "$b" --b "$b" --decisions)
grep -qF "+0.0000 [+0.0000, +0.0000]" <<<"$same" && ok || bad "a player against itself: [$same]"
[ "$(grep -cE ' 0 of +[0-9]+ \(0\.00%\)' <<<"$same")" -eq 6 ] && ok || bad "decisions differ: [$same]"

for f in nz best-of; do
    out=$("$tool" "$f" --to 2 --a "$a" --b "$b")
    grep -qF "+0.0000 [+0.0000, +0.0000]" <<<"$out" && ok || bad "$f not exactly 0: [$out]"
done

expect_error "unknown format" "'bracket'" "$tool" bracket
expect_error "bad --to" "--to" "$tool" nz --to x
expect_error "empty range" "--to must be above --from" "$tool" nz --from 5 --to 5
expect_error "unknown option" "--frobnicate" "$tool" nz --frobnicate 1
expect_error "bad spec" "nosuch" "$tool" nz --to 1 --a nosuch
cli_done

#!/usr/bin/env bash
# cli_crib_toss.sh CRIBSIM - the crib toss tool beside cribsim (build/cs_crib_toss): the other
# seat laying away through the strategy interface (--other) gives, for `expected`, the very
# table of the exact path it replaces; --other's figures are the same for any thread count;
# a bad spec is refused with exit 2 before any work.
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
cli_in_tmp

tool="$(dirname "$cs")/cs_crib_toss"
mkdir -p exact player one two
OMP_NUM_THREADS=1 "$tool" --samples 40 exact >/dev/null &&
    OMP_NUM_THREADS=2 "$tool" --samples 40 --other expected:peg=lookahead player >/dev/null &&
    cmp -s exact/crib-toss.csv player/crib-toss.csv && ok ||
    bad "expected through the strategy interface differs from the exact path"
grep -qF -- "--other expected:peg=lookahead DIR" player/table.md &&
    grep -qF "laying away as \`expected:peg=lookahead\` does" player/table.md && ok ||
    bad "table.md names the other seat's strategy"
OMP_NUM_THREADS=1 "$tool" --samples 20 --other expert one >/dev/null &&
    OMP_NUM_THREADS=2 "$tool" --samples 20 --other expert two >/dev/null &&
    cmp -s one/crib-toss.csv two/crib-toss.csv && ok || bad "--other expert by thread count"
# expert lays away unlike expected somewhere in 182 cells of 20 samples.
! cmp -s one/crib-toss.csv exact/crib-toss.csv && ok || bad "expert's table is expected's"
expect_error "unknown strategy" "--other 'expectimax'" "$tool" --samples 10 --other expectimax one
expect_error "bad parameter" "--other 'mc:samples=0'" "$tool" --samples 10 --other mc:samples=0 one

cli_done

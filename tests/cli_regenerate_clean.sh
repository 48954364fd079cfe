#!/usr/bin/env bash
# cli_regenerate_clean.sh CRIBSIM - results/regenerate.sh makes results only from a clean tree:
# in a temporary clone, a tracked file changed is refused (status 2, naming the file, nothing
# written) unless --allow-dirty; a binary built from another commit is refused; from the clean
# clone the experiment's commit is recorded in RESULTS/provenance.tsv. The binary and Python
# are stand-ins (the refusals come before any work), so the test takes a second.
. "$(dirname "${BASH_SOURCE[0]}")/lib_cli.sh"
cli_in_tmp
if ! git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "cli_regenerate_clean: not a git checkout; nothing to check"
    cli_done
    exit $?
fi
git clone -q --no-hardlinks "$src" clone || exit 1
# The script under test is this tree's, committed in the clone if it differs.
cp "$src/results/regenerate.sh" clone/results/regenerate.sh
git -C clone -c user.name=test -c user.email=test@localhost commit -qam "regenerate.sh" \
    >/dev/null 2>&1
head=$(git -C clone rev-parse --short=12 HEAD)
# A stand-in cribsim reporting the clone's commit (or another) and whose runs only say so, and
# a stand-in Python that writes nothing: what is checked is regenerate.sh's own bookkeeping.
mkdir bin
stub() { # NAME COMMIT
    printf '#!/bin/sh\n[ "$1" = --version ] && echo "cribsim 0.1.0 (%s)" && exit 0\nexit 0\n' \
        "$2" >"bin/$1"
    chmod +x "bin/$1"
}
stub cribsim "$head"
stub python ""
regen() { CRIBSIM="$PWD/bin/cribsim" CRIBSIM_PYTHON="$PWD/bin/python" RUNS="$PWD/runs" \
    RESULTS="$PWD/out" bash clone/results/regenerate.sh "$@"; }

echo "# a change" >>clone/README.md
expect_error "a dirty tree is refused" "uncommitted changes" regen muggins
[ ! -e out ] && [ ! -e runs ] && ok || bad "a refused regeneration wrote something"
regen muggins 2>&1 | grep -qF "README.md" && ok || bad "the refusal names the changed file"
regen --allow-dirty muggins >/dev/null 2>&1 &&
    grep -qP "^muggins\t$head-dirty\t" out/provenance.tsv && ok ||
    bad "--allow-dirty regenerates and records the dirty commit: $(cat out/provenance.tsv 2>&1)"

git -C clone checkout -q -- README.md
rm -rf out runs
regen muggins >/dev/null 2>&1 && grep -qP "^muggins\t$head\t" out/provenance.tsv && ok ||
    bad "a clean tree regenerates and records its commit: $(cat out/provenance.tsv 2>&1)"
regen hand-scores >/dev/null 2>&1 && [ "$(cut -f1 out/provenance.tsv | tr '\n' ' ')" = \
    "experiment hand-scores muggins " ] && ok || bad "one line an experiment: $(cat out/provenance.tsv)"

stub cribsim "0123456789ab"
expect_error "a binary from another commit is refused" "was built from 0123456789ab" regen muggins
# An untracked file is not a change to the sources (the build's own rule, version.cmake).
stub cribsim "$head"
touch clone/untracked.txt
regen muggins >/dev/null 2>&1 && ok || bad "an untracked file refused"
cli_done

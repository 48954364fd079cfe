#!/usr/bin/env bash
# cli_model.sh - the `model` strategy from the command line: listed with its parameter, a
# missing, truncated, foreign or corrupt model file stops `cribsim run` with status 2 naming
# the file, and the same seed gives byte-identical /games and /deals on one and two threads.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp
default="$src/strategies/models/default.model"

"$cs" strategies | grep -q '^model' && "$cs" strategies | grep -q 'path' && ok || bad "strategies lists model"

head -c 100 "$default" >cut.model
printf '#!/bin/sh\necho hi\n' >foreign.model
cp "$default" flip.model
printf '\x7f' | dd of=flip.model bs=1 seek=200 conv=notrunc status=none
for bad_file in none.model:"cannot read model file 'none.model'" cut.model:truncated \
    foreign.model:"not a cribsim model file" flip.model:corrupt; do
    file=${bad_file%%:*} needle=${bad_file#*:}
    expect_error "run with $file" "$needle" "$cs" run --seats "model:path=$file,expected" --games 5 -o x.h5 --quiet
    [ ! -e x.h5 ] && ok || bad "$file: a run file was written"
done
expect_error "match with a folder" "model file" "$cs" match "model:path=$tmp" expected --games 6

# The model in the repository is the one compiled in: the same games either way.
"$cs" run --seats "model:path=$default,expected" --games 300 --seed 4 --threads 1 -o file.h5 --quiet >/dev/null &&
    "$cs" run --seats model,expected --games 300 --seed 4 --threads 1 -o builtin.h5 --quiet >/dev/null &&
    "$py" -c 'import sys,h5py; a,b=(h5py.File(p,"r")["games"][()] for p in sys.argv[1:]); sys.exit(a.tobytes()!=b.tobytes())' file.h5 builtin.h5 &&
    ok || bad "the repository's default.model plays as the built-in model"

for t in 1 2; do
    "$cs" run --seats model,expected --games 600 --seed 9 --record deals --threads "$t" -o "t$t.h5" --quiet >/dev/null || bad "run threads $t"
done
"$py" - t1.h5 t2.h5 <<'PY' && ok || bad "model: 1 vs 2 threads differ"
import sys, h5py
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
for name in ("games", "deals"):
    x, y = a[name][()], b[name][()]
    if len(x) == 0 or x.dtype != y.dtype or x.tobytes() != y.tobytes():
        sys.exit(f"{name} differs")
PY
cli_done

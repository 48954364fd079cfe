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
# A model file replaced between a run and its --resume, or between shards: the file records
# each seat's model (its checksum) and the engine version, and --resume and merge refuse a
# change with both checksums named. b.model is default.model with one weight nudged.
"$py" - "$default" b.model <<'PY'
import struct, sys, zlib
b = bytearray(open(sys.argv[1], "rb").read())
n_discard, n_play = struct.unpack("<II", b[12:20])
b[24 + 24 * (n_discard + n_play)] ^= 1  # the first discard weight's lowest mantissa bit
b[-4:] = struct.pack("<I", zlib.crc32(bytes(b[:-4])))
open(sys.argv[2], "wb").write(b)
PY
crc() { "$py" -c 'import sys, zlib; print("%08x" % zlib.crc32(open(sys.argv[1], "rb").read()[:-4]))' "$1"; }
a_crc=$(crc "$default") b_crc=$(crc b.model)
cp "$default" live.model
"$cs" run --seats "model:path=live.model,expected" --games 2000 --threads 1 --quiet \
    --interrupt-after 300 -o live.h5 >/dev/null 2>&1
"$py" -c 'import h5py,sys; f=h5py.File(sys.argv[1],"r"); print(f.attrs["seat_models"][0].decode(), f.attrs["engine_version"].decode())' live.h5 |
    grep -q "^crc32=$a_crc " && ok || bad "seat_models not recorded"
cp b.model live.model
expect_error "--resume after the model changed" "crc32=$a_crc; it now plays from crc32=$b_crc" \
    "$cs" run --resume --quiet -o live.h5
cp "$default" live.model
"$cs" run --resume --quiet -o live.h5 >/dev/null && ok || bad "--resume with the same model"
"$cs" run --seats "model:path=live.model,expected" --games 400 --shard 1/2 --quiet -o s1.h5 >/dev/null
cp b.model live.model
"$cs" run --seats "model:path=live.model,expected" --games 400 --shard 2/2 --quiet -o s2.h5 >/dev/null
expect_error "merge of shards with different models" "crc32=$a_crc in one and from crc32=$b_crc" \
    "$cs" merge merged.h5 s1.h5 s2.h5 --quiet
[ ! -e merged.h5 ] && ok || bad "a refused merge left merged.h5"
"$py" -c 'import h5py,sys; f=h5py.File(sys.argv[1],"r+"); f.attrs["engine_version"]="0.0.1"' s2.h5
expect_error "merge across engine versions" "cribsim 0.0.1" "$cs" merge merged.h5 s1.h5 s2.h5 --quiet
# The same for an event file: its strategy_models, and event --resume refusing a changed model.
cp "$default" live.model
cat >models.yaml <<YAML
format: league
field:
  - {count: 4, strategy: "model:path=$tmp/live.model"}
  - {count: 4, strategy: greedy}
YAML
"$cs" event models.yaml --events 8 --threads 1 --quiet --interrupt-after 3 -o ev.h5 >/dev/null 2>&1
cp b.model live.model
expect_error "event --resume after the model changed" "crc32=$a_crc; it now plays from crc32=$b_crc" \
    "$cs" event models.yaml --quiet --resume -o ev.h5
cp "$default" live.model
"$cs" event models.yaml --quiet --resume -o ev.h5 >/dev/null && ok || bad "event --resume with the same model"
cli_done

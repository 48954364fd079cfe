#!/usr/bin/env bash
# cli_nn.sh - the `nn` strategy from the command line: listed with its parameter; a missing,
# truncated, padded, foreign, corrupt or wrong-encoding network file stops `cribsim run` and
# `cribsim match` with status 2 naming the file; the repository's default.nn plays as the
# network compiled in; a network replaced before a --resume is refused.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp
default="$src/strategies/models/default.nn"

"$cs" strategies | grep -q '^nn' && ok || bad "strategies lists nn"

head -c 100 "$default" >cut.nn
cp "$default" long.nn && printf 'x' >>long.nn
printf '#!/bin/sh\necho hi\n' >foreign.nn
cp "$default" flip.nn
printf '\x7f' | dd of=flip.nn bs=1 seek=2000 conv=notrunc status=none
# another observation encoding: byte 12 changed (the checksum then fails first unless resealed)
"$py" - "$default" enc.nn <<'PY'
import struct, sys, zlib
b = bytearray(open(sys.argv[1], "rb").read())
b[12:16] = struct.pack("<I", 99)
b[-4:] = struct.pack("<I", zlib.crc32(bytes(b[:-4])) & 0xFFFFFFFF)
open(sys.argv[2], "wb").write(b)
PY
for bad_file in none.nn:"cannot read network file 'none.nn'" cut.nn:"'cut.nn' is truncated" \
    long.nn:"'long.nn' is too long" foreign.nn:"'foreign.nn' is not a cribsim network file" \
    flip.nn:"'flip.nn' is corrupt" enc.nn:"'enc.nn' was trained on observation encoding 99"; do
    file=${bad_file%%:*} needle=${bad_file#*:}
    expect_error "run with $file" "$needle" "$cs" run --seats "nn:path=$file,expected" --games 5 -o x.h5 --quiet
    [ ! -e x.h5 ] && ok || bad "$file: a run file was written"
    expect_error "match with $file" "$needle" "$cs" match "nn:path=$file" expected --games 6
done

# The network in the repository is the one compiled in: the same games either way.
"$cs" run --seats "nn:path=$default,expected" --games 200 --seed 4 --threads 1 -o file.h5 --quiet >/dev/null &&
    "$cs" run --seats nn,expected --games 200 --seed 4 --threads 1 -o builtin.h5 --quiet >/dev/null &&
    "$py" -c 'import sys,h5py; a,b=(h5py.File(p,"r")["games"][()] for p in sys.argv[1:]); sys.exit(a.tobytes()!=b.tobytes())' file.h5 builtin.h5 &&
    ok || bad "the repository's default.nn plays as the built-in network"
# A network replaced between a run and its --resume: the file records the network's checksum
# (seat_models) and --resume refuses the change, naming both. b.nn is default.nn with the first
# weight's lowest mantissa bit flipped (offset 24 + 4 x 4 for the four sizes), resealed.
"$py" - "$default" b.nn <<'PY'
import struct, sys, zlib
b = bytearray(open(sys.argv[1], "rb").read())
n_layers = struct.unpack("<I", b[16:20])[0]
b[24 + 4 * (n_layers + 1)] ^= 1
b[-4:] = struct.pack("<I", zlib.crc32(bytes(b[:-4])))
open(sys.argv[2], "wb").write(b)
PY
crc() { "$py" -c 'import sys, zlib; print("%08x" % zlib.crc32(open(sys.argv[1], "rb").read()[:-4]))' "$1"; }
a_crc=$(crc "$default") b_crc=$(crc b.nn)
cp "$default" live.nn
"$cs" run --seats "nn:path=live.nn,expected" --games 2000 --threads 1 --quiet \
    --interrupt-after 300 -o live.h5 >/dev/null 2>&1
cp b.nn live.nn
expect_error "--resume after the network changed" "crc32=$a_crc; it now plays from crc32=$b_crc" \
    "$cs" run --resume --quiet -o live.h5
cp "$default" live.nn
"$cs" run --resume --quiet -o live.h5 >/dev/null && ok || bad "--resume with the same network"
cli_done

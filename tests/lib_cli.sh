# lib_cli.sh - sourced by the command-line tests (tests/cli_*.sh, each run by ctest as
# `bash cli_X.sh PATH_TO_CRIBSIM`): the binary, the checks that count passes and failures, and
# the summary whose status ctest reads. Not a test itself (its name is outside ctest's cli_*).
set -u
cs=$(realpath "${1:?usage: $(basename "$0") PATH_TO_CRIBSIM}")
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The project's Python (.venv, made by .ci/python.sh; ctest passes CMake's CRIBSIM_PYTHON), with
# h5py and the package cribsim.
py=${CRIBSIM_PYTHON:-$src/.venv/bin/python}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$*"; }

# expect_error WHAT NEEDLE COMMAND...: the command exits 2 and its standard error names NEEDLE.
expect_error() {
    local what=$1 needle=$2; shift 2
    local err; err=$("$@" 2>&1 >/dev/null); local rc=$?
    if [ "$rc" -eq 2 ] && grep -qF -- "$needle" <<<"$err"; then ok; else bad "$what: rc=$rc stderr [$err]"; fi
}

# same_attrs A B [NAME...]: the files have the same root attributes, each holding the same
# type and bytes, except the NAMEs (which may differ or be missing).
same_attrs() {
    local a=$1 b=$2; shift 2
    "$py" - "$a" "$b" "$@" <<'EOF'
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r").attrs, h5py.File(sys.argv[2], "r").attrs
for n in sorted((set(a) | set(b)) - set(sys.argv[3:])):
    if n not in a or n not in b:
        sys.exit(f"attribute {n} is only in one file")
    x, y = np.asarray(a[n]), np.asarray(b[n])
    if x.dtype != y.dtype or x.shape != y.shape or x.tobytes() != y.tobytes():
        sys.exit(f"attribute {n} differs: {a[n]!r} {b[n]!r}")
EOF
}

# cli_in_tmp: works in a fresh folder ($tmp), removed when the script exits.
cli_in_tmp() {
    tmp=$(mktemp -d "/tmp/cs_$(basename "$0" .sh).XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    cd "$tmp" || exit 1
}

# same_tables A B [TABLE...]: the datasets (default /games) hold the same type, shape and bytes,
# and are not empty. The one comparator of run and event files: tests/cli_run.sh (threads,
# resume, shards merged), tests/cli_event_shard.sh (event shards merged) and
# tests/slurm_cluster.sh (a real cluster's merged shards) all judge with it.
same_tables() {
    local a=$1 b=$2; shift 2
    "$py" - "$a" "$b" "$@" <<'EOF'
import sys, h5py
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
for name in sys.argv[3:] or ["games"]:
    x, y = a[name][()], b[name][()]
    if x.dtype != y.dtype or x.shape != y.shape or x.tobytes() != y.tobytes() or len(x) == 0:
        sys.exit(f"{name} differs: {x.shape} {y.shape}")
EOF
}
# attr FILE NAME: prints a root attribute of an HDF5 file.
attr() { "$py" -c 'import sys,h5py; v=h5py.File(sys.argv[1],"r").attrs[sys.argv[2]]; print(v.decode() if isinstance(v,bytes) else v)' "$1" "$2"; }

# cli_done: the summary line; the script's status is 0 only if nothing failed.
cli_done() {
    printf '%s: %d passed, %d failed\n' "$(basename "$0" .sh)" "$pass" "$fail"
    [ "$fail" -eq 0 ]
}

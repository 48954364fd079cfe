#!/usr/bin/env bash
# python_san.sh EXTENSION_DIR PYTHON TEST.py - one Python test file run against cribsim._core
# built with the sanitizers of the build that made it (CRIBSIM_PYTHON_SAN_TESTS: the gcc
# AddressSanitizer and UndefinedBehaviorSanitizer pass of tests/run_all.sh), so that a Python
# call that reads or writes out of bounds in the extension, the environment or the engine fails
# the test where the release build would only crash now and then.
#
# The package is copied from analysis/cribsim into a temporary folder with the sanitized module
# in it, and imported from there: a sitecustomize.py there takes the project's editable install
# (which sends `import cribsim` to .venv's own build) out of the import system, and the test
# checks that the module imported is the copy's. The Python interpreter is not instrumented,
# so AddressSanitizer's runtime is preloaded (libstdc++ with it, or C++ extensions such as
# matplotlib's throw past its interceptor). Leaks are not checked: CPython keeps its objects to
# the end by design. Status 77 (a test's optional dependency missing) passes through.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# = 3 ] || { echo "usage: python_san.sh EXTENSION_DIR PYTHON TEST.py" >&2; exit 2; }
ext=$1 py=$2 test=$3
so=("$ext"/_core*.so)
[ -f "${so[0]}" ] || { echo "python_san.sh: no _core module in $ext (build the target _core)" >&2; exit 1; }
t=$(mktemp -d /tmp/cs_pysan.XXXXXX)
trap 'rm -rf "$t"' EXIT
cp -r "$src/analysis/cribsim" "$t/cribsim"
find "$t/cribsim" \( -name '__pycache__' -o -name '_core*.so' \) -prune -exec rm -rf {} +
cp "${so[0]}" "$t/cribsim/"
cat >"$t/sitecustomize.py" <<'PY'
import sys
sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__name__.startswith("ScikitBuild")]
PY
cc=${CC:-gcc}
LD_PRELOAD="$("$cc" -print-file-name=libasan.so) $("$cc" -print-file-name=libstdc++.so)"
export LD_PRELOAD
# The reports go to files, printed below: pytest captures the test's standard error, and an
# abort loses what it held.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_init_order=1:log_path=$t/report
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$t/report
export PYTHONPATH=$t
where=$("$py" -c 'import cribsim._core as c; print(c.__file__)')
[[ "$where" == "$t/cribsim/"* ]] ||
    { echo "python_san.sh: cribsim._core came from $where, not the sanitized copy in $t" >&2; exit 1; }
cd "$t"
rc=0
"$py" "$test" || rc=$?
for f in "$t"/report.*; do
    [ -e "$f" ] || continue
    echo "python_san.sh: the sanitizers' report ($(basename "$f")):" >&2
    cat "$f" >&2
    [ "$rc" != 0 ] || rc=1
done
exit "$rc"

#!/usr/bin/env bash
# cli_install.sh - `cmake --install` into a fresh prefix gives a working tool: the cribsim
# executable, the plugin header with a CMake package and a pkg-config file (an out-of-tree
# plugin builds both ways and is seated by the installed cribsim) and the man page; the
# analysis commands are not its (pip installs them with the Python package).
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp
build=$(dirname "$cs")
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >install.log 2>&1 && ok || bad "install: $(tail -5 install.log)"
[ -x "$prefix/bin/cribsim" ] && "$prefix/bin/cribsim" --help | grep -q "usage: cribsim" && ok ||
    bad "installed cribsim"
[ -f "$prefix/include/cribsim/cs_plugin.h" ] && ok || bad "installed header"
[ -f "$prefix/share/man/man1/cribsim.1" ] && ok || bad "installed man page"
# The analysis commands are the Python package's (pip install; tests/test_package.py runs them
# from the project's .venv), not the CMake install's: none are left half-installed here.
[ -z "$(ls "$prefix/bin" | grep -v '^cribsim$')" ] && [ ! -e "$prefix/share/cribsim/analysis" ] &&
    ok || bad "the install holds more than the cribsim executable: $(ls "$prefix/bin")"

# An out-of-tree plugin with find_package(cribsim): the installed example folder as it is
# (example_plugin.c and its CMakeLists.txt), copied out and built.
examples="$prefix/share/doc/cribsim/examples"
[ -f "$examples/CMakeLists.txt" ] && ok || bad "installed example CMakeLists.txt"
mkdir -p plugin && cp "$examples/example_plugin.c" "$examples/CMakeLists.txt" plugin/
if cmake -S plugin -B plugin/build -DCMAKE_PREFIX_PATH="$prefix" >plugin.log 2>&1 &&
    cmake --build plugin/build >>plugin.log 2>&1 && [ -f plugin/build/myplugin.so ]; then
    ok
else
    bad "find_package plugin: $(tail -8 plugin.log)"
fi
out=$("$prefix/bin/cribsim" match "plugin:$tmp/plugin/build/myplugin.so" random --games 50 --threads 1 2>&1)
grep -q "50 games\|50 game" <<<"$out" && ok || bad "seating the find_package plugin: $out"

# The same plugin with pkg-config.
cflags=$(PKG_CONFIG_PATH="$prefix/share/pkgconfig" pkg-config --cflags cribsim)
dir=$(echo ${cflags#-I})
[ -f "$dir/cs_plugin.h" ] && ok || bad "pkg-config --cflags: $cflags"
# shellcheck disable=SC2086
cc -shared -fPIC $cflags plugin/example_plugin.c -o pkg.so 2>pkg.log && ok || bad "pkg-config plugin: $(cat pkg.log)"
out=$("$prefix/bin/cribsim" match "plugin:$tmp/pkg.so" random --games 50 --threads 1 2>&1)
grep -q "50 games\|50 game" <<<"$out" && ok || bad "seating the pkg-config plugin: $out"
cli_done

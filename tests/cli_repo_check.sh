#!/usr/bin/env bash
# cli_repo_check.sh - the repository stands alone: no tracked file names a document outside it
# (the design brief, the shared folder, or a rule source by its number: "rule document 004",
# "doc 002", "004-C"). The project's own reference is docs/; rule sources are named by what
# they are (the New Zealand tournament rules, a weekly legion league, ...).
#
# And README.md's "Layout" is the tree: every folder that holds code (a tracked .c, .h, .py,
# .sh, .cmake or CMakeLists.txt) is listed there, and every folder listed is in the tree.
source "$(dirname "$0")/lib_cli.sh"
cd "$src" || exit 1
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "cli_repo_check: not a git checkout; nothing to check"
    cli_done
    exit $?
fi
self=tests/cli_repo_check.sh
pattern='DESIGN\.md|\.\./shared/|shared/rules|rule documents? 00[0-4]|\bdocs? 00[0-4]|\brules 00[0-4]|\b00[0-4]-[A-D]\b|\bdocument 00[0-4]'
hits=$(git ls-files -z | grep -zv -e "^$self\$" | xargs -0 grep -n -I -E -i "$pattern" 2>/dev/null)
[ -z "$hits" ] && ok || bad "files name a document outside the repository:
$(head -20 <<<"$hits")"

# The folders README.md's Layout lists: its indented block, one entry a line, two spaces of
# indent a level, the name ending in "/" (deeper lines continue an entry's description).
listed=$(awk '
    /^## Layout$/ { on = 1; next }
    on && /^## / { exit }
    on && /^    / {
        line = substr($0, 5)
        match(line, /^ */)
        ind = RLENGTH
        if (ind % 2 || ind > 8) next
        split(substr(line, ind + 1), word, " ")
        if (word[1] !~ /\/$/) next
        depth = ind / 2
        name[depth] = word[1]
        full = ""
        for (i = 0; i <= depth; i++) full = full name[i]
        print substr(full, 1, length(full) - 1)
    }' README.md | LC_ALL=C sort -u)
code=$(git ls-files | grep -E '(\.(c|h|py|sh|cmake)|(^|/)CMakeLists\.txt)$' | sed -n 's|/[^/]*$||p' |
    LC_ALL=C sort -u)
tree=$(git ls-files | awk -F/ '{ p = $1; for (i = 2; i <= NF; i++) { print p; p = p "/" $i } }' |
    LC_ALL=C sort -u)
[ -n "$listed" ] && ok || bad "README.md has no Layout section listing folders"
unlisted=$(LC_ALL=C comm -23 <(echo "$code") <(echo "$listed"))
[ -z "$unlisted" ] && ok || bad "README.md's Layout does not list these folders that hold code:
$unlisted"
absent=$(LC_ALL=C comm -23 <(echo "$listed") <(echo "$tree"))
[ -z "$absent" ] && ok || bad "README.md's Layout lists folders that are not in the tree:
$absent"
cli_done

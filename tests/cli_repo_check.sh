#!/usr/bin/env bash
# cli_repo_check.sh - the repository stands alone: no tracked file names a document outside it
# (the design brief, the shared folder, or a rule source by its number: "rule document 004",
# "doc 002", "004-C"). The project's own reference is docs/; rule sources are named by what
# they are (the New Zealand tournament rules, a weekly legion league, ...).
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
cli_done

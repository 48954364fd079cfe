/*
 * version.h - the build's provenance: the project's version and the git commit its sources
 * came from ("-dirty" when tracked files had changes, "unknown" outside a git checkout).
 * Written at every build by experiments/cmake/version.cmake, so it is never a stale commit.
 * Shared by the command line (--version), the runner and io/ (the files' provenance), so it
 * belongs to none of them.
 */
#ifndef CS_VERSION_H
#define CS_VERSION_H

extern const char cs_version[];
extern const char cs_git_commit[];

#endif

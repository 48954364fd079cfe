/*
 * defaultspec.h - the default experiment spec: the text of experiments/specs/default.yaml, embedded
 * by the build (experiments/cmake/embed_text.cmake) so `cribsim run` works from any folder.
 */
#ifndef CS_DEFAULTSPEC_H
#define CS_DEFAULTSPEC_H

extern const char cs_default_spec[];

#endif

/*
 * defaultspec.h - the default experiment spec, built in (see experiments/default.yaml).
 */
#ifndef CS_DEFAULTSPEC_H
#define CS_DEFAULTSPEC_H

extern const char cs_default_spec[];

#endif

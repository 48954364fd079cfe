/*
 * cu_main.h - the one main() every CUnit test executable shares.
 *
 * A test file defines its suite as a name and a NULL-terminated table of tests; cu_main.c
 * registers and runs it. `test_x NAME` runs one test by name.
 */
#ifndef CS_CU_MAIN_H
#define CS_CU_MAIN_H

#include <CUnit/CUnit.h>

typedef struct {
    const char *name;
    void (*fn)(void);
} cs_test;

extern const char cs_suite_name[];
extern const cs_test cs_suite_tests[];

#define CS_TEST(fn)                                                                                \
    { #fn, fn }

#endif

/* cu_main.c - registers the file's suite with CUnit, runs it (or one named test), and exits
 * non-zero when anything failed. */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "cu_main.h"

int main(int argc, char **argv) {
    if (CU_initialize_registry() != CUE_SUCCESS) return 2;
    CU_pSuite suite = CU_add_suite(cs_suite_name, NULL, NULL);
    if (suite == NULL) return 2;
    int added = 0;
    for (const cs_test *t = cs_suite_tests; t->name != NULL; t++) {
        if (argc > 1 && strcmp(argv[1], t->name) != 0) continue;
        if (CU_add_test(suite, t->name, t->fn) == NULL) return 2;
        added++;
    }
    if (added == 0) {
        fprintf(stderr, "%s: no test named '%s'\n", argv[0], argc > 1 ? argv[1] : "");
        CU_cleanup_registry();
        return 2;
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}

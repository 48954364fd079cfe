/*
 * no_entry.c - a shared object that looks like a plugin but exports its entry point under
 * another name (a typo a plugin author can make), for test_plugin.c: loading it must be
 * refused with a message naming the missing symbol cs_plugin_entry.
 */
#include "cs_plugin.h"

const cs_plugin_table *cs_plugin_entry_point(void);
const cs_plugin_table *cs_plugin_entry_point(void) {
    return 0;
}

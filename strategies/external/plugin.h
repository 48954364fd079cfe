/*
 * plugin.h - loading strategies from shared objects built against cs_plugin.h.
 *
 * `plugin:PATH.so[:params]` opens PATH with dlopen(), finds cs_plugin_entry, checks the
 * table's interface version and functions, parses the parameters against the plugin's own
 * list, and creates an instance. The instance runs behind cs_plugin_adapter, a cs_strategy
 * that copies each view into the plugin's plain structs. Every failure is a message that
 * names the path and what is wrong (cannot load, missing symbol, wrong version, bad table).
 */
#ifndef CS_PLUGIN_H
#define CS_PLUGIN_H

#include "cs_plugin.h"
#include "strategy.h"

/* The cs_strategy through which a player calls a plugin instance. */
extern const cs_strategy cs_plugin_adapter;

/* Loads PATH and creates an instance with the parameter text ("k=v,k=v" or ""). Returns 0,
 * or a negative cs_err with the message in err. */
int cs_plugin_create(const char *path, const char *params, void **self, char *err, size_t err_len);

/* Checks a plugin's table (what cs_plugin_create() does after finding the symbol): the
 * interface version, the required functions and the parameters. Returns 0, or CS_ECONFIG
 * with a message naming path and the problem. */
int cs_plugin_check_table(const cs_plugin_table *t, const char *path, char *err, size_t err_len);

/* The plugin's own name ("example-low") and the normalised spec of an instance. */
const char *cs_plugin_instance_name(void *self);
void cs_plugin_instance_spec(void *self, char *out, size_t len);

#endif

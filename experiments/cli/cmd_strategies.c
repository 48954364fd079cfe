/*
 * cmd_strategies.c - `cribsim strategies`: every strategy a seat can name, with its version,
 * description, parameters and their defaults, then the two loaded kinds (plugins and outside
 * programs) with their spec forms.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "cs_plugin.h"
#include "exec_agent.h"
#include "registry.h"

static void usage(FILE *out) {
    fprintf(out, "usage: cribsim strategies [--help]\n\n"
                 "Lists every strategy a seat can name, with its parameters and their defaults.\n"
                 "A seat is written NAME or NAME:param=value,param=value, e.g. "
                 "mc:samples=400,objective=win.\n");
}

static void print_params(const cs_strategy *s) {
    if (s->n_params == 0) {
        printf("    no parameters\n");
        return;
    }
    for (int i = 0; i < s->n_params; i++)
        printf("    %-10s default %-10s %s\n", s->params[i].name, s->params[i].default_value,
               s->params[i].description);
}

int cs_cmd_strategies(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return CS_EXIT_OK;
        }
        fprintf(stderr, "cribsim strategies: unknown argument '%s'\n", argv[i]);
        usage(stderr);
        return CS_EXIT_USAGE;
    }
    char err[256];
    if (cs_registry_validate(err, sizeof err) != 0) {
        fprintf(stderr, "cribsim strategies: the registry is inconsistent: %s\n", err);
        return CS_EXIT_FAILURE;
    }
    printf("Built-in strategies, weakest first (seat spec NAME[:param=value,...]):\n\n");
    for (int i = 0; i < cs_registry_count(); i++) {
        const cs_strategy *s = cs_registry_at(i);
        printf("%s (version %d)\n    %s\n", s->name, s->version, s->description);
        if (s->tuned) printf("    tuned: %s\n", s->tuned);
        print_params(s);
        printf("\n");
    }
    printf("Loaded strategies:\n\n");
    printf("plugin:PATH.so[:param=value,...]\n"
           "    a strategy in a shared object built against strategies/external/cs_plugin.h\n"
           "    (interface version %d); its parameters are its own\n\n",
           CS_PLUGIN_INTERFACE_VERSION);
    printf("exec:[param=value,...:]COMMAND (version %d)\n    %s\n", cs_strategy_exec.version,
           cs_strategy_exec.description);
    print_params(&cs_strategy_exec);
    return CS_EXIT_OK;
}

/*
 * fuzz_rules.c - libFuzzer harness: rule settings from outside. The input as a run file's
 * rules JSON (cs_rules_from_json) and as --set KEY=VALUE lines (cs_rules_set_all): the rules
 * that come out must pass cs_rules_validate() or be refused by it, and nothing may crash.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "rulesjson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (text == NULL) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    cs_rules r;
    char why[512];
    if (cs_rules_from_json(text, &r, why, sizeof why) == 0)
        (void)cs_rules_validate(&r, why, sizeof why);
    /* KEY=VALUE pairs, one a line */
    const char *keys[16], *values[16];
    int n = 0;
    for (char *line = strtok(text, "\n"); line != NULL && n < 16; line = strtok(NULL, "\n")) {
        char *eq = strchr(line, '=');
        if (eq == NULL) continue;
        *eq = '\0';
        keys[n] = line;
        values[n++] = eq + 1;
    }
    int failed;
    cs_rules_preset(CS_PRESET_TWO, &r);
    if (cs_rules_set_all(&r, n, keys, values, &failed) == 0)
        (void)cs_rules_validate(&r, why, sizeof why);
    free(text);
    return 0;
}

/*
 * fuzz_spec.c - libFuzzer harness: the YAML readers, as a spec someone sent would reach them:
 * the experiment spec (cs_spec_parse) and the event spec (cs_event_spec_parse). A spec may be
 * refused, never crash the reader or leak.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "event.h"
#include "specfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static cs_spec spec;
    static cs_event_spec event;
    char err[2048];
    if (cs_spec_parse((const char *)data, size, "fuzz.yaml", &spec, err, sizeof err) == 0)
        cs_spec_free(&spec);
    if (cs_event_spec_parse((const char *)data, size, "fuzz.yaml", &event, err, sizeof err) == 0)
        cs_event_spec_free(&event);
    return 0;
}

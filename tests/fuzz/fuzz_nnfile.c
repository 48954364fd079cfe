/*
 * fuzz_nnfile.c - libFuzzer harness: network files from outside (nn_file.h). Any bytes given
 * to cs_nn_parse() are refused with a message or loaded; a loaded network runs a forward pass
 * on an observation made of the input's first bytes, and nothing may crash, leak or read out
 * of bounds.
 */
#include <stdint.h>
#include <string.h>

#include "error.h"
#include "nn_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    cs_nn net;
    char err[512];
    err[0] = '\0';
    if (cs_nn_parse(data, size, "fuzz.nn", &net, err, sizeof err) != CS_OK) {
        if (strstr(err, "fuzz.nn") == NULL) __builtin_trap(); /* every refusal names the file */
        return 0;
    }
    uint8_t obs[CS_OBS_SIZE] = {0}, mask[CS_ACT_COUNT];
    memcpy(obs, data, size < sizeof obs ? size : sizeof obs);
    memset(mask, 1, sizeof mask);
    float scratch[2 * CS_NN_WIDTH_MAX], scores[CS_ACT_COUNT];
    cs_nn_forward(&net, obs, scratch, scores);
    (void)cs_nn_argmax(scores, mask);
    cs_nn_free(&net);
    return 0;
}

/*
 * nn_file.h - the file an `nn` strategy plays from: a multilayer perceptron over the
 * observation encoding of obs_layout.h (docs/nn-format.md).
 *
 * Layout (every integer u32 little-endian, every weight an IEEE-754 float32 little-endian):
 *
 *   offset  bytes               field
 *   0       8                   magic "CSNNET1\n"
 *   8       4                   version: CS_NN_VERSION (1)
 *   12      4                   obs_version: the observation encoding trained on (CS_OBS_VERSION)
 *   16      4                   n_layers: weight layers, 1 to CS_NN_LAYERS_MAX
 *   20      4                   note_len: bytes of the note, at most CS_NN_NOTE_MAX
 *   24      4 * (n_layers + 1)  sizes: size[0] = CS_OBS_SIZE, size[n_layers] = CS_ACT_COUNT,
 *                               every hidden size 1 to CS_NN_WIDTH_MAX
 *   ..      for each layer l:   weights, float32 [size[l+1]][size[l]] row-major (an output's
 *                               row of inputs, as PyTorch's Linear.weight), then the bias,
 *                               float32 [size[l+1]]
 *   ..      note_len            the note: printable ASCII (what data, seed and command made it)
 *   end-4   4                   CRC-32 (zlib's polynomial) of every byte before it
 *
 * The network: x = the observation's bytes as floats (0 to 255; any scaling of the inputs is
 * folded into the first layer's weights), h = relu(W x + b) for every layer but the last, the
 * last layer's outputs the 53 actions' scores. The legal action with the highest score is
 * played (ties: the lowest action).
 *
 * A file is hostile input: cs_nn_parse() checks the magic, the version, the encoding version,
 * the layer count and sizes, that the size is exactly what the header says (so a truncated or
 * padded file is refused), the checksum, that every weight is finite and at most
 * CS_NN_WEIGHT_MAX in size, and the note. Each refusal is a message naming the file.
 */
#ifndef CS_NN_FILE_H
#define CS_NN_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "obs_layout.h"

#define CS_NN_MAGIC      "CSNNET1\n"
#define CS_NN_MAGIC_LEN  8
#define CS_NN_VERSION    1u
#define CS_NN_LAYERS_MAX 4
#define CS_NN_WIDTH_MAX  512
#define CS_NN_NOTE_MAX   1024
/* A trained network's weights are a few units at most (inputs up to 255 scaled down in the
 * first layer), so a bigger one is a damaged or foreign file. */
#define CS_NN_WEIGHT_MAX 1e4
/* The largest file a valid header can describe. */
#define CS_NN_FILE_MAX                                                                             \
    (24 + 4 * (CS_NN_LAYERS_MAX + 1) +                                                             \
     4 * ((size_t)CS_OBS_SIZE * CS_NN_WIDTH_MAX + CS_NN_WIDTH_MAX +                                \
          (CS_NN_LAYERS_MAX - 2) * ((size_t)CS_NN_WIDTH_MAX * CS_NN_WIDTH_MAX + CS_NN_WIDTH_MAX) + \
          (size_t)CS_NN_WIDTH_MAX * CS_ACT_COUNT + CS_ACT_COUNT) +                                 \
     CS_NN_NOTE_MAX + 4)

typedef struct {
    int n_layers;
    int sizes[CS_NN_LAYERS_MAX + 1];
    /* One block: for each layer its weights transposed ([in][out], so a forward pass adds an
     * input's row to the outputs) at w_at[l], then its bias at b_at[l]. */
    float *params;
    size_t w_at[CS_NN_LAYERS_MAX], b_at[CS_NN_LAYERS_MAX];
    uint32_t crc; /* the file's checksum: names the network */
    char note[CS_NN_NOTE_MAX + 1];
} cs_nn;

/*
 * Reads a network from bytes (n of them) that came from `name` (a path, for messages).
 * Returns 0 and fills *out (its params allocated: cs_nn_free() frees them), or CS_ESYNTAX
 * (not a network file, bad version, corrupt), CS_ECOUNT (truncated or too long), CS_ECONFIG
 * (another encoding or other sizes), CS_ERANGE (a weight) or CS_ENOMEM with a message naming
 * the file in err; nothing is then allocated.
 */
int cs_nn_parse(const unsigned char *bytes, size_t n, const char *name, cs_nn *out, char *err,
                size_t err_len);

/* Reads the file at path and parses it as above; CS_EIO when it cannot be read. */
int cs_nn_load(const char *path, cs_nn *out, char *err, size_t err_len);

void cs_nn_free(cs_nn *net);

/*
 * The forward pass: writes the CS_ACT_COUNT output scores for the observation obs into
 * scores. scratch holds 2 * CS_NN_WIDTH_MAX floats. Allocates nothing.
 */
void cs_nn_forward(const cs_nn *net, const uint8_t *obs, float *scratch, float *scores);

/*
 * The network's choice: what cs_nn_argmax() gives on cs_nn_forward()'s scores, the last layer
 * computed for the legal actions only (their scores written into scores, the same to the bit;
 * the others left as they were). -1 when none is legal. Allocates nothing.
 */
int cs_nn_choose(const cs_nn *net, const uint8_t *obs, const uint8_t *mask, float *scratch,
                 float *scores);

/* The legal action (mask[a] != 0) with the highest score, the lowest on a tie; -1 when none
 * is legal. */
int cs_nn_argmax(const float *scores, const uint8_t *mask);

#endif

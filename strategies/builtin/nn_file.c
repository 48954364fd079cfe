/* nn_file.c - reading and checking the network files of nn_file.h, and the forward pass. */
#include "nn_file.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "model_file.h"

static uint32_t read_u32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float read_f32(const unsigned char *p) {
    uint32_t bits = read_u32(p);
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

int cs_nn_parse(const unsigned char *bytes, size_t n, const char *name, cs_nn *out, char *err,
                size_t err_len) {
    const size_t header = CS_NN_MAGIC_LEN + 16;
    out->params = NULL;
    if (n < CS_NN_MAGIC_LEN || memcmp(bytes, CS_NN_MAGIC, CS_NN_MAGIC_LEN) != 0) {
        snprintf(err, err_len, "'%s' is not a cribsim network file (no CSNNET1 magic at its start)",
                 name);
        return CS_ESYNTAX;
    }
    if (n < header + 4) {
        snprintf(err, err_len, "network file '%s' is truncated: %zu bytes, not even a header", name,
                 n);
        return CS_ECOUNT;
    }
    uint32_t version = read_u32(bytes + 8), obs_version = read_u32(bytes + 12),
             n_layers = read_u32(bytes + 16), note_len = read_u32(bytes + 20);
    if (version != CS_NN_VERSION) {
        snprintf(err, err_len, "network file '%s' has format version %u; this cribsim reads %u",
                 name, (unsigned)version, (unsigned)CS_NN_VERSION);
        return CS_ESYNTAX;
    }
    if (obs_version != CS_OBS_VERSION) {
        snprintf(err, err_len,
                 "network file '%s' was trained on observation encoding %u; this cribsim "
                 "encodes version %d (obs_layout.h)",
                 name, (unsigned)obs_version, CS_OBS_VERSION);
        return CS_ECONFIG;
    }
    if (n_layers < 1 || n_layers > CS_NN_LAYERS_MAX) {
        snprintf(err, err_len, "network file '%s' declares %u layers (1 to %d)", name,
                 (unsigned)n_layers, CS_NN_LAYERS_MAX);
        return CS_ECONFIG;
    }
    if (note_len > CS_NN_NOTE_MAX) {
        snprintf(err, err_len, "network file '%s' declares a note of %u bytes (at most %d)", name,
                 (unsigned)note_len, CS_NN_NOTE_MAX);
        return CS_ESYNTAX;
    }
    if (n < header + 4 * (size_t)(n_layers + 1) + 4) {
        snprintf(err, err_len, "network file '%s' is truncated: %zu bytes, its sizes cut off", name,
                 n);
        return CS_ECOUNT;
    }
    uint32_t sizes[CS_NN_LAYERS_MAX + 1];
    for (uint32_t l = 0; l <= n_layers; l++) sizes[l] = read_u32(bytes + header + 4 * l);
    if (sizes[0] != CS_OBS_SIZE || sizes[n_layers] != CS_ACT_COUNT) {
        snprintf(err, err_len,
                 "network file '%s' maps %u inputs to %u outputs; this cribsim has %d "
                 "observation bytes and %d actions",
                 name, (unsigned)sizes[0], (unsigned)sizes[n_layers], CS_OBS_SIZE, CS_ACT_COUNT);
        return CS_ECONFIG;
    }
    size_t n_params = 0;
    for (uint32_t l = 0; l < n_layers; l++) {
        if (l > 0 && (sizes[l] < 1 || sizes[l] > CS_NN_WIDTH_MAX)) {
            snprintf(err, err_len, "network file '%s': hidden layer %u has %u units (1 to %d)",
                     name, (unsigned)l, (unsigned)sizes[l], CS_NN_WIDTH_MAX);
            return CS_ECONFIG;
        }
        n_params += (size_t)sizes[l + 1] * (sizes[l] + 1);
    }
    size_t at = header + 4 * (size_t)(n_layers + 1);
    size_t size = at + 4 * n_params + note_len + 4;
    if (n != size) {
        snprintf(err, err_len, "network file '%s' is %s: %zu bytes where its header promises %zu",
                 name, n < size ? "truncated" : "too long (bytes after its end)", n, size);
        return CS_ECOUNT;
    }
    uint32_t stored = read_u32(bytes + n - 4), computed = cs_model_crc32(bytes, n - 4);
    if (stored != computed) {
        snprintf(err, err_len,
                 "network file '%s' is corrupt: its checksum is %08x, its bytes give %08x", name,
                 (unsigned)stored, (unsigned)computed);
        return CS_ESYNTAX;
    }
    const unsigned char *note = bytes + at + 4 * n_params;
    for (uint32_t i = 0; i < note_len; i++) {
        if (note[i] < 0x20 || note[i] > 0x7E) {
            snprintf(err, err_len,
                     "network file '%s': its note holds a byte %u that is not printable ASCII",
                     name, note[i]);
            return CS_ESYNTAX;
        }
    }
    float *params = malloc(n_params * sizeof *params);
    if (params == NULL) {
        snprintf(err, err_len, "network file '%s': no memory for %zu weights", name, n_params);
        return CS_ENOMEM;
    }
    size_t into = 0;
    for (uint32_t l = 0; l < n_layers; l++) {
        size_t n_in = sizes[l], n_out = sizes[l + 1];
        out->w_at[l] = into;
        out->b_at[l] = into + n_in * n_out;
        for (size_t k = 0; k < n_out * (n_in + 1); k++, at += 4) {
            float w = read_f32(bytes + at);
            if (!isfinite(w) || fabsf(w) > (float)CS_NN_WEIGHT_MAX) {
                if (k < n_out * n_in)
                    snprintf(err, err_len,
                             "network file '%s': layer %u weight [%zu][%zu] is %g (weights must "
                             "be finite and at most %g in size)",
                             name, (unsigned)l, k / n_in, k % n_in, (double)w, CS_NN_WEIGHT_MAX);
                else
                    snprintf(err, err_len,
                             "network file '%s': layer %u bias %zu is %g (weights must be finite "
                             "and at most %g in size)",
                             name, (unsigned)l, k - n_out * n_in, (double)w, CS_NN_WEIGHT_MAX);
                free(params);
                return CS_ERANGE;
            }
            /* The file's row-major [out][in] transposed to [in][out]; the bias as it is. */
            if (k < n_out * n_in)
                params[into + (k % n_in) * n_out + k / n_in] = w;
            else
                params[into + k] = w;
        }
        into += n_out * (n_in + 1);
    }
    memcpy(out->note, note, note_len);
    out->note[note_len] = '\0';
    out->n_layers = (int)n_layers;
    for (uint32_t l = 0; l <= n_layers; l++) out->sizes[l] = (int)sizes[l];
    out->params = params;
    out->crc = stored;
    return CS_OK;
}

int cs_nn_load(const char *path, cs_nn *out, char *err, size_t err_len) {
    out->params = NULL;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_len, "cannot read network file '%s': %s", path, strerror(errno));
        return CS_EIO;
    }
    /* Read in blocks up to one byte more than the largest valid file, so an oversized one is
     * seen as such without reading it all. */
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    int why = 0; /* a failed read's errno (POSIX sets it; EIO where a system would not) */
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (ferror(f)) {
            why = errno ? errno : EIO;
            break;
        }
        if (n < cap || n > CS_NN_FILE_MAX) break;
        /* mutate: equivalent 2->3: a buffer larger than cap, which bounds every read */
        unsigned char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL) free(buf);
        buf = bigger;
        cap *= 2;
    }
    fclose(f);
    if (buf == NULL) {
        snprintf(err, err_len, "cannot read network file '%s': out of memory", path);
        return CS_ENOMEM;
    }
    int rc;
    if (why) {
        snprintf(err, err_len, "cannot read network file '%s': %s", path, strerror(why));
        rc = CS_EIO;
    } else if (n > CS_NN_FILE_MAX) {
        snprintf(err, err_len, "'%s' is larger than any network file (%zu bytes at most)", path,
                 (size_t)CS_NN_FILE_MAX);
        rc = CS_ECOUNT;
    } else {
        rc = cs_nn_parse(buf, n, path, out, err, err_len);
    }
    free(buf);
    return rc;
}

void cs_nn_free(cs_nn *net) {
    free(net->params);
    net->params = NULL;
}

/* Outputs are computed in blocks of NN_BLOCK, their sums held in registers (GCC's and
 * clang's vector types: SSE or AVX, whatever the target has) while the rows of the nonzero
 * inputs are added in. */
#define NN_BLOCK 32
typedef float nn_v4 __attribute__((vector_size(16)));

static inline nn_v4 load4(const float *p) {
    nn_v4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* out[0..n_out) = bias + the sum over k of x[k] * w's row idx[k] (w is [in][stride], its
 * first n_out columns read). */
static void affine_sparse(float *restrict out, const float *restrict w, const float *restrict bias,
                          int n_out, int stride, const int *restrict idx, const float *restrict x,
                          int n) {
    int j0 = 0;
    for (; j0 + NN_BLOCK <= n_out; j0 += NN_BLOCK) {
        nn_v4 a[NN_BLOCK / 4];
        for (int r = 0; r < NN_BLOCK / 4; r++) a[r] = load4(bias + j0 + 4 * r);
        for (int k = 0; k < n; k++) {
            const float *row = w + (size_t)idx[k] * stride + j0;
            float xk = x[k];
            for (int r = 0; r < NN_BLOCK / 4; r++) a[r] += xk * load4(row + 4 * r);
        }
        memcpy(out + j0, a, sizeof a);
    }
    /* mutate: equivalent <=-><: four outputs left go to the loop below: the same sums, in order */
    for (; j0 + 4 <= n_out; j0 += 4) {
        nn_v4 a = load4(bias + j0);
        for (int k = 0; k < n; k++) a += x[k] * load4(w + (size_t)idx[k] * stride + j0);
        memcpy(out + j0, &a, sizeof a);
    }
    for (int j = j0; j < n_out; j++) {
        float acc = bias[j];
        for (int k = 0; k < n; k++) acc += x[k] * w[(size_t)idx[k] * stride + j];
        out[j] = acc;
    }
}

/* The same with AVX's eight-float registers, for processors that have AVX2 (chosen at run
 * time; GCC and clang on x86-64, not under the sanitizers). The sums are the same: each output
 * adds the same products in the same order, only eight outputs at a time. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) &&                            \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define NN_AVX2 1
#include <immintrin.h>
typedef float nn_v8 __attribute__((vector_size(32)));
/* an unaligned view of eight floats of the weights */
typedef float nn_v8u __attribute__((vector_size(32), aligned(4), may_alias));

/* Sixty-four outputs at a time (eight registers of sums): a hidden layer of 64 is one pass
 * over its rows. */
#define NN_BLOCK8 64

__attribute__((target("avx2"))) static void
affine_sparse_avx2(float *restrict out, const float *restrict w, const float *restrict bias,
                   int n_out, int stride, const int *restrict idx, const float *restrict x, int n) {
    int j0 = 0;
    /* mutate: equivalent <=-><: a block left to the loop below: the same sums, in the same order */
    for (; j0 + NN_BLOCK8 <= n_out; j0 += NN_BLOCK8) {
        nn_v8 a[NN_BLOCK8 / 8];
        for (int q = 0; q < NN_BLOCK8 / 8; q++) a[q] = *(const nn_v8u *)(bias + j0 + 8 * q);
        for (int k = 0; k < n; k++) {
            const float *row = w + (size_t)idx[k] * stride + j0;
            float xk = x[k];
            for (int q = 0; q < NN_BLOCK8 / 8; q++) a[q] += xk * *(const nn_v8u *)(row + 8 * q);
        }
        for (int q = 0; q < NN_BLOCK8 / 8; q++) *(nn_v8u *)(out + j0 + 8 * q) = a[q];
    }
    for (; j0 + 8 <= n_out; j0 += 8) { /* what is left, eight at a time */
        nn_v8 a = *(const nn_v8u *)(bias + j0);
        for (int k = 0; k < n; k++) a += x[k] * *(const nn_v8u *)(w + (size_t)idx[k] * stride + j0);
        *(nn_v8u *)(out + j0) = a;
    }
    if (j0 < n_out) affine_sparse(out + j0, w + j0, bias + j0, n_out - j0, stride, idx, x, n);
}

/* For each pattern of four units above 0 (bit i: unit i), where they go when packed to the
 * front, and how many there are. */
static const int32_t nn_pack4[16][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
                                        {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
                                        {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
                                        {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
static const uint8_t nn_count4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* obs_pack() sixteen bytes at a time, skipping those all 0, and packing the rest four at a
 * time as relu_pack_avx2() does. */
_Static_assert(CS_OBS_SIZE % 16 == 0, "obs_pack_avx2() reads the observation 16 bytes at a time");
__attribute__((target("avx2"))) static int obs_pack_avx2(const uint8_t *restrict obs,
                                                         int *restrict idx, float *restrict x) {
    int n = 0;
    for (int i = 0; i < CS_OBS_SIZE; i += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(obs + i));
        int set = ~_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())) & 0xFFFF;
        if (set == 0) continue;
        for (int g = 0; g < 16; g += 4) {
            int m = (set >> g) & 15;
            int32_t four;
            memcpy(&four, obs + i + g, sizeof four);
            __m128 v = _mm_cvtepi32_ps(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(four)));
            __m128i to = _mm_loadu_si128((const __m128i *)nn_pack4[m]);
            _mm_storeu_ps(x + n, _mm_permutevar_ps(v, to));
            _mm_storeu_si128((__m128i *)(idx + n), _mm_add_epi32(to, _mm_set1_epi32(i + g)));
            n += nn_count4[m];
        }
    }
    return n;
}

/* relu_pack() four units at a time: the units above 0 packed to the front with a shuffle
 * (all four lanes written, the count advanced by how many were kept). */
__attribute__((target("avx2"))) static int relu_pack_avx2(const float *restrict s, int n_out,
                                                          int *restrict idx, float *restrict x) {
    int n = 0, j = 0;
    const __m128 zero = _mm_setzero_ps();
    /* mutate: equivalent <=-><: the last four left to the loop below: the same units, in order */
    for (; j + 4 <= n_out; j += 4) {
        __m128 v = _mm_loadu_ps(s + j);
        int m = _mm_movemask_ps(_mm_cmpgt_ps(v, zero));
        __m128i to = _mm_loadu_si128((const __m128i *)nn_pack4[m]);
        _mm_storeu_ps(x + n, _mm_permutevar_ps(v, to));
        _mm_storeu_si128((__m128i *)(idx + n), _mm_add_epi32(to, _mm_set1_epi32(j)));
        n += nn_count4[m];
    }
    for (; j < n_out; j++) {
        idx[n] = j, x[n] = s[j];
        n += s[j] > 0;
    }
    return n;
}
#endif

/* Which version runs: AVX2 where the processor has it. */
static void affine(float *restrict out, const float *restrict w, const float *restrict bias,
                   int n_out, const int *restrict idx, const float *restrict x, int n) {
#ifdef NN_AVX2
    if (__builtin_cpu_supports("avx2")) {
        affine_sparse_avx2(out, w, bias, n_out, n_out, idx, x, n);
        return;
    }
#endif
    affine_sparse(out, w, bias, n_out, n_out, idx, x, n);
}

/* The units of s[0..n_out) above 0, their indices into idx and values into x, in order: the
 * relu, with the units at 0 or below left out, as they add nothing to the next layer. Returns
 * their count. Written always and counted only when above 0: a branch here would be
 * mispredicted for about half of the units, which cost more than the layers' arithmetic. */
static int relu_pack(const float *restrict s, int n_out, int *restrict idx, float *restrict x) {
#ifdef NN_AVX2
    if (__builtin_cpu_supports("avx2")) return relu_pack_avx2(s, n_out, idx, x);
#endif
    int n = 0;
    for (int j = 0; j < n_out; j++) {
        idx[n] = j, x[n] = s[j];
        n += s[j] > 0;
    }
    return n;
}

/* The observation's nonzero bytes, their indices into idx and values into x, in order.
 * Returns their count. */
static int obs_pack(const uint8_t *restrict obs, int *restrict idx, float *restrict x) {
#ifdef NN_AVX2
    if (__builtin_cpu_supports("avx2")) return obs_pack_avx2(obs, idx, x);
#endif
    int n = 0;
    /* The observation is mostly zeros: skip them eight bytes at a time. */
    for (int i = 0; i < CS_OBS_SIZE; i += 8) {
        uint64_t word;
        memcpy(&word, obs + i, sizeof word);
        if (word == 0) continue;
        for (int k = i; k < i + 8; k++) { /* without a branch: which bytes are set is random */
            idx[n] = k, x[n] = (float)obs[k];
            n += obs[k] != 0;
        }
    }
    return n;
}

/*
 * The hidden layers: gathers the observation's nonzero inputs into idx/x and runs every layer
 * but the last, leaving the last hidden layer's units above 0 in idx/x. Returns their count.
 */
static int hidden_layers(const cs_nn *net, const uint8_t *obs, float *scratch, int *idx, float *x) {
    int n = obs_pack(obs, idx, x);
    for (int l = 0; l < net->n_layers - 1; l++) {
        int n_out = net->sizes[l + 1];
        affine(scratch, net->params + net->w_at[l], net->params + net->b_at[l], n_out, idx, x, n);
        n = relu_pack(scratch, n_out, idx, x);
    }
    return n;
}

/* The inputs' indices and values as hidden_layers() gathers them. */
#define NN_INPUTS_MAX (CS_OBS_SIZE > CS_NN_WIDTH_MAX ? CS_OBS_SIZE : CS_NN_WIDTH_MAX)

void cs_nn_forward(const cs_nn *net, const uint8_t *obs, float *scratch, float *scores) {
    int idx[NN_INPUTS_MAX];
    float x[NN_INPUTS_MAX];
    int n = hidden_layers(net, obs, scratch, idx, x);
    int l = net->n_layers - 1;
    affine(scores, net->params + net->w_at[l], net->params + net->b_at[l], net->sizes[l + 1], idx,
           x, n);
}

int cs_nn_choose(const cs_nn *net, const uint8_t *obs, const uint8_t *mask, float *scratch,
                 float *scores) {
    int idx[NN_INPUTS_MAX];
    float x[NN_INPUTS_MAX];
    int n = hidden_layers(net, obs, scratch, idx, x);
    int l = net->n_layers - 1, stride = CS_ACT_COUNT, best = -1;
    const float *w = net->params + net->w_at[l], *bias = net->params + net->b_at[l];
    int legal[CS_ACT_COUNT], m = 0;
    float acc[CS_ACT_COUNT];
    for (int a = 0; a < CS_ACT_COUNT; a++) {
        legal[m] = a, acc[m] = bias[a];
        m += mask[a] != 0;
    }
    /* The products added in affine()'s order, so each score is the same to the bit; a row at
     * a time, so the legal actions' sums advance side by side instead of one after another. */
    for (int k = 0; k < n; k++) {
        const float *row = w + (size_t)idx[k] * stride;
        float xk = x[k];
        for (int i = 0; i < m; i++) acc[i] += xk * row[legal[i]];
    }
    for (int i = 0; i < m; i++) {
        int a = legal[i];
        scores[a] = acc[i];
        if (best < 0 || acc[i] > scores[best]) best = a;
    }
    return best;
}

int cs_nn_argmax(const float *scores, const uint8_t *mask) {
    int best = -1;
    for (int a = 0; a < CS_ACT_COUNT; a++)
        if (mask[a] && (best < 0 || scores[a] > scores[best])) best = a;
    return best;
}

/*
 * pcg32.h - the PCG32 generator (XSH-RR output on a 64-bit LCG state), written here from
 * O'Neill's published algorithm and pinned by its reference vectors in tests/test_pcg32.c.
 *
 * Why a generator of our own: results must be byte-identical across machines, libc versions
 * and thread counts, so the generator is explicit state passed by pointer, never global.
 *
 * Streams: every random decision in a run draws from a generator derived from
 * (seed, game, purpose, index) by cs_pcg32_derive(), so the cards of deal d of game g depend
 * only on (seed, g, d) and never on the strategies or the scheduling.
 */
#ifndef CS_PCG32_H
#define CS_PCG32_H

#include <stdint.h>

typedef struct {
    uint64_t state; /* LCG state */
    uint64_t inc;   /* stream increment, always odd */
} cs_pcg32;

/* What a derived stream is for; part of the seeding scheme, so values never change. */
#define CS_STREAM_LIST(X)                                                                          \
    X(DEAL, 1)     /* index = deal number: the shuffle of that deal */                             \
    X(CUT, 2)      /* index = 0: the cut for first deal and its re-cuts */                         \
    X(STRATEGY, 3) /* index = seat: a strategy's own randomness */                                 \
    X(EVENT, 4)    /* game = event, index = 0: an event format's own choices */                    \
    X(MISTAKE, 5)  /* index = deal number: the points overlooked and seen in that deal */

typedef enum {
#define CS_STREAM_ENUM(name, value) CS_STREAM_##name = (value),
    CS_STREAM_LIST(CS_STREAM_ENUM)
#undef CS_STREAM_ENUM
} cs_stream;

/* The reference seeding (pcg32_srandom_r): state from initstate, stream from initseq. */
void cs_pcg32_seed(cs_pcg32 *rng, uint64_t initstate, uint64_t initseq);

/* Next 32-bit output. */
static inline uint32_t cs_pcg32_next(cs_pcg32 *rng) {
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ull + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/*
 * Uniform integer in [0, bound), without bias: Lemire's multiply-shift with rejection of the
 * (2^32 mod bound) low products. bound must be at least 1.
 */
static inline uint32_t cs_pcg32_bounded(cs_pcg32 *rng, uint32_t bound) {
    uint64_t m = (uint64_t)cs_pcg32_next(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)cs_pcg32_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/*
 * Moves the generator delta steps along its stream in O(log delta): forward for positive
 * delta, backward for negative (the LCG is a bijection, so going back is going forward
 * 2^64 - |delta| steps). cs_pcg32_advance(r, n) then cs_pcg32_advance(r, -n) is the identity.
 */
void cs_pcg32_advance(cs_pcg32 *rng, int64_t delta);

/*
 * The generator for one purpose: a splitmix64 mix of (seed, game) seeds the state and a mix
 * of (purpose, index) picks the stream, so distinct tuples give unrelated sequences.
 */
cs_pcg32 cs_pcg32_derive(uint64_t seed, uint64_t game, cs_stream purpose, uint32_t index);

/* Name of the generator and the seeding scheme, for the provenance attribute `rng`. */
#define CS_RNG_DESCRIPTION                                                                         \
    "pcg32 xsh-rr 64/32; stream(seed,game,purpose,index): "                                        \
    "state=splitmix64(seed^splitmix64(game)), "                                                    \
    "seq=splitmix64(purpose<<32|index); purposes deal=1 cut=2 strategy=3 event=4 mistake=5"

#endif

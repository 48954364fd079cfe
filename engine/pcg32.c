/* pcg32.c - seeding, jump-ahead and stream derivation for the generator in pcg32.h. */
#include "pcg32.h"

#define PCG_MULT 6364136223846793005ull

void cs_pcg32_seed(cs_pcg32 *rng, uint64_t initstate, uint64_t initseq) {
    rng->state = 0u;
    rng->inc = (initseq << 1u) | 1u;
    (void)cs_pcg32_next(rng);
    rng->state += initstate;
    (void)cs_pcg32_next(rng);
}

/*
 * Brown's "random number generation with arbitrary strides": the affine map x -> a x + c
 * composed with itself delta times, by squaring, accumulating the product in (acc_mult,
 * acc_plus).
 */
void cs_pcg32_advance(cs_pcg32 *rng, int64_t delta) {
    uint64_t d = (uint64_t)delta; /* negative wraps to 2^64 - |delta|: backwards */
    uint64_t cur_mult = PCG_MULT, cur_plus = rng->inc;
    uint64_t acc_mult = 1u, acc_plus = 0u;
    while (d > 0) {
        if (d & 1u) {
            acc_mult *= cur_mult;
            acc_plus = acc_plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1u) * cur_plus;
        cur_mult *= cur_mult;
        d >>= 1u;
    }
    rng->state = acc_mult * rng->state + acc_plus;
}

static uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

cs_pcg32 cs_pcg32_derive(uint64_t seed, uint64_t game, cs_stream purpose, uint32_t index) {
    cs_pcg32 rng;
    cs_pcg32_seed(&rng, splitmix64(seed ^ splitmix64(game)),
                  splitmix64(((uint64_t)purpose << 32) | index));
    return rng;
}

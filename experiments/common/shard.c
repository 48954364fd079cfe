/* shard.c - the range of games or events each shard plays (shard.h). */
#include "shard.h"

void cs_shard_range(uint64_t games, int rotations, int k, int n, uint64_t *first, uint64_t *end) {
    uint64_t cards = games / (uint64_t)rotations; /* card sequences to share out */
    uint64_t per = cards / (uint64_t)n, extra = cards % (uint64_t)n;
    uint64_t a = (uint64_t)(k - 1) * per + ((uint64_t)(k - 1) < extra ? (uint64_t)(k - 1) : extra);
    uint64_t b = (uint64_t)k * per + ((uint64_t)k < extra ? (uint64_t)k : extra);
    *first = a * (uint64_t)rotations;
    *end = b * (uint64_t)rotations;
}

/*
 * shard.h - how a run's games, or an experiment's events, are shared among N shards
 * (--shard K/N): contiguous ranges of whole card sequences, the same for the runner, the
 * event runner and the files that check a shard's range (io/), so it sits below them all.
 */
#ifndef CS_SHARD_H
#define CS_SHARD_H

#include <stdint.h>

/* The games [*first, *end) shard k of n plays, whole card sequences of `rotations` games
 * each; games must be a multiple of rotations. The first `games / rotations % n` shards get
 * one sequence more than the rest. */
void cs_shard_range(uint64_t games, int rotations, int k, int n, uint64_t *first, uint64_t *end);

#endif

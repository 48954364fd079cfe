/*
 * example_plugin.c - a strategy built the way an outside one would be: it includes only
 * cs_plugin.h, and CMake builds it as the module cs_example_plugin.so. Seat it with
 * `plugin:./cs_example_plugin.so` or `plugin:./cs_example_plugin.so:keep=high`.
 *
 * It keeps the lowest cards (keep=low, the default) or the highest (keep=high) and plays the
 * lowest legal card, breaking ties between equal ranks with its own seeded generator (an
 * xorshift64*), to show how a plugin stays reproducible.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_plugin.h"

typedef struct {
    int keep_high;
    int discards; /* cards to lay away under this game's rules */
    uint64_t state;
} lowcard;

static int value_of(uint8_t card) {
    int rank = card >> 2;
    return rank >= 9 ? 10 : rank + 1;
}

static uint64_t next_random(lowcard *p) {
    p->state ^= p->state >> 12;
    p->state ^= p->state << 25;
    p->state ^= p->state >> 27;
    return p->state * 2685821657736338717ull;
}

static int lowcard_create(const char *const values[], void **self, char *err, size_t err_len) {
    int high;
    if (strcmp(values[0], "low") == 0)
        high = 0;
    else if (strcmp(values[0], "high") == 0)
        high = 1;
    else {
        snprintf(err, err_len, "example-low: keep=%s is not low or high", values[0]);
        return 1;
    }
    lowcard *p = calloc(1, sizeof *p);
    if (p == NULL) return 1;
    p->keep_high = high;
    *self = p;
    return 0;
}

static void lowcard_destroy(void *self) {
    free(self);
}

static void lowcard_new_game(void *self, const cs_plugin_rules *rules, int32_t seat,
                             uint64_t seed) {
    (void)seat;
    lowcard *p = self;
    p->discards = rules->discards;
    p->state = seed | 1u; /* xorshift needs a non-zero state */
}

/* Lays away the highest cards (keep=low) or the lowest (keep=high). */
static int lowcard_discard(void *self, const cs_plugin_view *v, uint8_t out[2]) {
    lowcard *p = self;
    uint8_t cards[6];
    int n = v->n_hand;
    memcpy(cards, v->hand, (size_t)n);
    for (int i = 1; i < n; i++) { /* sort by rank, ascending */
        uint8_t c = cards[i];
        int j = i;
        while (j > 0 && cards[j - 1] > c) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = c;
    }
    for (int d = 0; d < p->discards; d++) out[d] = p->keep_high ? cards[d] : cards[n - 1 - d];
    return 0;
}

static int lowcard_play(void *self, const cs_plugin_view *v, uint8_t *out) {
    lowcard *p = self;
    int best = -1, ties = 0;
    for (int i = 0; i < v->n_hand; i++) {
        int value = value_of(v->hand[i]);
        if (v->count + value > 31) continue;
        if (best < 0 || value < value_of(v->hand[best])) {
            best = i;
            ties = 1;
        } else if (value == value_of(v->hand[best]) && next_random(p) % (uint64_t)++ties == 0) {
            best = i; /* reservoir choice among equal values */
        }
    }
    if (best < 0) return 1;
    *out = v->hand[best];
    return 0;
}

static const cs_plugin_param LOWCARD_PARAMS[] = {
    {"keep", "low", "keep the lowest cards (low) or the highest (high)"},
};

static const cs_plugin_table LOWCARD = {
    .interface_version = CS_PLUGIN_INTERFACE_VERSION,
    .name = "example-low",
    .version = 1,
    .description = "example plugin: keeps low (or high) cards, plays the lowest legal card",
    .params = LOWCARD_PARAMS,
    .n_params = 1,
    .create = lowcard_create,
    .destroy = lowcard_destroy,
    .new_game = lowcard_new_game,
    .discard = lowcard_discard,
    .play = lowcard_play,
    .observe = NULL,
};

const cs_plugin_table *cs_plugin_entry(void);

const cs_plugin_table *cs_plugin_entry(void) {
    return &LOWCARD;
}

/*
 * wrong_version.c - a plugin built against another (future) interface version, for
 * test_plugin.c: loading it must be refused with a message naming both versions. Its table is
 * otherwise complete, so the version alone is what the host objects to.
 */
#include "cs_plugin.h"

static int create(const char *const values[], void **self, char *err, size_t err_len) {
    (void)values;
    (void)err;
    (void)err_len;
    *self = NULL;
    return 0;
}
static void destroy(void *self) {
    (void)self;
}
static void new_game(void *self, const cs_plugin_rules *rules, int32_t seat, uint64_t seed) {
    (void)self;
    (void)rules;
    (void)seat;
    (void)seed;
}
static int discard(void *self, const cs_plugin_view *v, uint8_t out[2]) {
    (void)self;
    out[0] = v->hand[0];
    out[1] = v->hand[1];
    return 0;
}
static int play(void *self, const cs_plugin_view *v, uint8_t *out) {
    (void)self;
    *out = v->hand[0];
    return 0;
}

static const cs_plugin_table TABLE = {
    .interface_version = CS_PLUGIN_INTERFACE_VERSION + 1,
    .name = "wrong-version",
    .version = 1,
    .description = "built against the next interface version",
    .params = 0,
    .n_params = 0,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .discard = discard,
    .play = play,
    .observe = 0,
};

const cs_plugin_table *cs_plugin_entry(void);
const cs_plugin_table *cs_plugin_entry(void) {
    return &TABLE;
}

/*
 * scripted.h - hand-built games for the engine's tests: cards from text, the presets, and an
 * agent that discards and plays exactly what its script says. Header only: each test
 * executable is its own test file and cu_main.c.
 */
#ifndef CS_TEST_SCRIPTED_H
#define CS_TEST_SCRIPTED_H

#include <CUnit/CUnit.h>

#include "error.h"
#include "game.h"

/* Fills out[] from a space-separated list of cards; returns the number. */
static inline int cards(const char *list, cs_card out[]) {
    int n = cs_cards_parse_line(list, out, CS_DECK_SIZE, NULL);
    CU_ASSERT_FATAL(n >= 0);
    return n;
}

/* The rules of a preset, by its name. */
static inline cs_rules preset(const char *name) {
    cs_rules r;
    CU_ASSERT_EQUAL_FATAL(cs_rules_from_name(name, &r), CS_OK);
    return r;
}

/* An agent that discards and plays exactly what its script says, in order. */
typedef struct {
    cs_card discards[CS_MAX_DISCARD];
    cs_card plays[CS_MAX_HAND];
    int next;
} scripted;

static inline int scripted_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    scripted *s = self;
    for (int i = 0; i < v->rules->discards; i++) out[i] = s->discards[i];
    return CS_OK;
}

static inline int scripted_play(void *self, const cs_view *v, cs_card *out) {
    (void)v;
    scripted *s = self;
    *out = s->plays[s->next++];
    return CS_OK;
}

static inline cs_agent scripted_agent(scripted *s) {
    cs_agent a = {scripted_discard, scripted_play, NULL, s, "scripted", NULL, NULL};
    return a;
}

#endif

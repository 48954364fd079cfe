/*
 * play_view.h - a hand-built two-player view in the middle of the play, for the strategy
 * tests that ask one decision of one seat (test_pegging.c, test_mc.c). Header only: each test
 * executable is its own test file and cu_main.c.
 */
#ifndef CS_TEST_PLAY_VIEW_H
#define CS_TEST_PLAY_VIEW_H

#include <string.h>

#include "game.h"

static inline cs_card card(const char *text) {
    cs_card c = CS_NO_CARD;
    cs_card_parse(text, &c);
    return c;
}

/* Seat 0 (the pone; seat 1 deals) holding hand, on a pile of the current series laid
 * alternately and ending with seat 1; both laid away AC 2C-like discards, the starter is KC,
 * the scores are mine and theirs. */
typedef struct {
    cs_rules rules;
    cs_card hand[4], kept[4], pile[16], discards[2];
    uint8_t seats[16];
    int left[2], score[2];
    cs_view v;
} play_view;

static inline void play_view_make(play_view *s, const char *hand[], int n_hand, const char *pile[],
                                  int n_pile, int mine, int theirs) {
    memset(s, 0, sizeof *s);
    cs_rules_preset(CS_PRESET_TWO, &s->rules);
    int count = 0, k = n_hand;
    for (int i = 0; i < n_hand; i++) s->hand[i] = s->kept[i] = card(hand[i]);
    for (int i = 0; i < n_pile; i++) {
        s->pile[i] = card(pile[i]);
        s->seats[i] = (uint8_t)((n_pile - i) % 2);
        count += cs_card_value(s->pile[i]);
        /* The kept hand also holds the cards seat 0 already laid. */
        if (s->seats[i] == 0 && k < 4) s->kept[k++] = s->pile[i];
    }
    s->discards[0] = card("AC");
    s->discards[1] = card("2C");
    s->left[0] = n_hand;
    s->left[1] = 4 - (n_pile + 1) / 2;
    s->score[0] = mine;
    s->score[1] = theirs;
    s->v = (cs_view){.rules = &s->rules,
                     .game = 7,
                     .seat = 0,
                     .dealer = 1,
                     .deal = 5,
                     .n_hand = n_hand,
                     .hand = s->hand,
                     .n_kept = 4,
                     .kept = s->kept,
                     .n_discards = 2,
                     .discards = s->discards,
                     .starter = card("KC"),
                     .count = count,
                     .n_pile = n_pile,
                     .pile = s->pile,
                     .n_plays = n_pile,
                     .play_seat = s->seats,
                     .play_card = s->pile,
                     .cards_left = s->left,
                     .score = s->score};
}

#endif

/*
 * play_view.h - hand-built views for the strategy tests that ask one decision of one seat: a
 * two-player view in the middle of the play (play_view_make(), play_view_at()) and a view
 * before the discard (discard_view_make()), and the decisions a player makes in them
 * (play_of(), discard_under(), tossed()). Header only: each test executable is its own test
 * file and cu_main.c.
 */
#ifndef CS_TEST_PLAY_VIEW_H
#define CS_TEST_PLAY_VIEW_H

#include <string.h>

#include <CUnit/CUnit.h>

#include "error.h"
#include "game.h"
#include "strategy.h"

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

/* s->v pointing at s's arrays: `seat` of two (seat 1 deals) in deal 5 of game 7, holding
 * n_hand cards of its four kept, the count and the first n_pile cards of the pile laid. */
static inline void play_view_point(play_view *s, int seat, int n_hand, cs_card starter, int count,
                                   int n_pile) {
    s->v = (cs_view){.rules = &s->rules,
                     .game = 7,
                     .seat = seat,
                     .dealer = 1,
                     .deal = 5,
                     .n_hand = n_hand,
                     .hand = s->hand,
                     .n_kept = 4,
                     .kept = s->kept,
                     .n_discards = 2,
                     .discards = s->discards,
                     .starter = starter,
                     .count = count,
                     .n_pile = n_pile,
                     .pile = s->pile,
                     .n_plays = n_pile,
                     .play_seat = s->seats,
                     .play_card = s->pile,
                     .cards_left = s->left,
                     .score = s->score};
}

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
    play_view_point(s, 0, n_hand, card("KC"), count, n_pile);
}

/* The card a player made from `spec` lays from hand on pile, in play_view_make's view. */
static inline cs_card play_of(const char *spec, const char *hand[], int n_hand, const char *pile[],
                              int n_pile) {
    play_view s;
    play_view_make(&s, hand, n_hand, pile, n_pile, 0, 0);
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, &s.rules, 1, 0, 0);
    cs_agent a = cs_player_agent(p);
    cs_card c = CS_NO_CARD;
    CU_ASSERT_EQUAL(a.play(a.self, &s.v, &c), CS_OK);
    cs_player_destroy(p);
    return c;
}

/*
 * `seat` (seat 1 deals) in the first series of the play: it kept kept[4] and laid away
 * tossed[2], the starter is cut, and plays[] were laid alternately from the pone (seat 0), none
 * a go (at most 8, the count within 31). The pone is at `pone`, the dealer at `dealer`; deal 5
 * of a game to the target. A card that does not parse is CS_NO_CARD, which no test expects.
 */
static inline void play_view_at(play_view *s, int seat, const char *kept[4], const char *tossed[2],
                                const char *starter, const char *plays[], int n_plays, int pone,
                                int dealer) {
    memset(s, 0, sizeof *s);
    cs_rules_preset(CS_PRESET_TWO, &s->rules);
    int count = 0, n_hand = 0;
    s->left[0] = s->left[1] = 4;
    for (int i = 0; i < n_plays && i < 8; i++) {
        s->pile[i] = card(plays[i]);
        s->seats[i] = (uint8_t)(i % 2);
        s->left[i % 2]--;
        count += cs_card_value(s->pile[i]);
    }
    for (int i = 0; i < 4; i++) {
        int laid = 0;
        s->kept[i] = card(kept[i]);
        for (int j = seat; j < n_plays; j += 2) laid |= s->pile[j] == s->kept[i];
        if (!laid) s->hand[n_hand++] = s->kept[i];
    }
    s->discards[0] = card(tossed[0]);
    s->discards[1] = card(tossed[1]);
    s->score[0] = pone;
    s->score[1] = dealer;
    play_view_point(s, seat, n_hand, card(starter), count, n_plays);
}

/* A seat before its discard. */
typedef struct {
    cs_rules rules;
    cs_card hand[CS_MAX_DEALT + 1]; /* hand[cards_dealt]: CS_NO_CARD unless a test sets it */
    int left[CS_MAX_PLAYERS], score[CS_MAX_PLAYERS];
    cs_view v;
} discard_view;

/* `seat` of rules' players holding the cards_dealt cards named, `dealer` dealing (deal 5 of
 * the game): the seat's score is `mine`, every other seat's `theirs`. */
static inline void discard_view_make(discard_view *s, const cs_rules *rules,
                                     const char *const cards[], int seat, int dealer, int mine,
                                     int theirs) {
    memset(s, 0, sizeof *s);
    s->rules = *rules;
    for (int i = 0; i < rules->cards_dealt; i++) s->hand[i] = card(cards[i]);
    s->hand[rules->cards_dealt] = CS_NO_CARD;
    for (int p = 0; p < rules->players; p++) {
        s->left[p] = rules->cards_dealt;
        s->score[p] = p == seat ? mine : theirs;
    }
    s->v = (cs_view){.rules = &s->rules,
                     .game = 7,
                     .seat = seat,
                     .dealer = dealer,
                     .deal = 5,
                     .n_hand = rules->cards_dealt,
                     .hand = s->hand,
                     .starter = CS_NO_CARD,
                     .cards_left = s->left,
                     .score = s->score};
}

/* Asks a player created from spec for its discard from the dealt cards (six in the two-player
 * game, five with three players) under rules, seat 0 with `dealer` dealing, in
 * discard_view_make's view. The card past (when not NULL) lies in memory just after the hand,
 * outside it: the player must not read it. out holds three cards: the third must stay
 * untouched, as must the second when one card is laid away. */
static inline void discard_under(const char *spec, const cs_rules *rules, const char *const cards[],
                                 const char *past, int dealer, cs_card out[3]) {
    char err[256];
    cs_player *p = cs_player_create(spec, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    cs_player_new_game(p, rules, 1, 0, 0);
    discard_view d;
    discard_view_make(&d, rules, cards, 0, dealer, 0, 0);
    d.hand[rules->cards_dealt] = past ? card(past) : CS_NO_CARD;
    out[0] = out[1] = out[2] = CS_NO_CARD;
    cs_agent a = cs_player_agent(p);
    CU_ASSERT_EQUAL(a.discard(a.self, &d.v, out), CS_OK);
    for (int k = rules->discards; k < 3; k++) CU_ASSERT_EQUAL(out[k], CS_NO_CARD);
    cs_player_destroy(p);
}

/* The two cards laid away are a and b, in either order. */
static inline int tossed(const cs_card out[3], const char *a, const char *b) {
    return (out[0] == card(a) && out[1] == card(b)) || (out[0] == card(b) && out[1] == card(a));
}

#endif

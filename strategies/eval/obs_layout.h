/*
 * obs_layout.h - the observation a seat is given as numbers, and the action space: what the
 * environment API (experiments/env/cs_env.h) writes for a learner and what a strategy reading
 * the same encoding (encode.h) sees. No includes, so any language's binding can read it.
 *
 * Actions (CS_ACT_COUNT). 0 to 51 are cards by their file code (4 * rank + suit): in the
 * discard, one card laid away (two cards are two actions); in the play, the card laid. 52
 * (CS_ACT_GO) is go, for a seat on turn in the play holding cards none of which fits.
 *
 * Observation (CS_OBS_SIZE bytes, each 0 to 255; encoding CS_OBS_VERSION, bumped on any
 * change). A card plane is 52 bytes, byte c being 1 where card c is in the set. Seats are
 * relative: "seat +k" is k places to the observing seat's left, so +0 is the seat itself; a
 * seat the rules leave empty reads 0. Every byte comes from the seat's own view of the game:
 * never a card another seat holds or laid away, never the deck.
 */
#ifndef CS_OBS_LAYOUT_H
#define CS_OBS_LAYOUT_H

#define CS_OBS_VERSION 2

#define CS_ACT_COUNT 53
#define CS_ACT_GO    52

#define CS_OBS_HAND     0   /* plane: the cards the seat holds and has not played */
#define CS_OBS_DISCARDS 52  /* plane: the cards it laid away (in a discard, chosen so far) */
#define CS_OBS_STARTER  104 /* plane: the starter, once cut */
#define CS_OBS_PILE     156 /* plane: the cards of the current series */
#define CS_OBS_PLAYED   208 /* 4 planes: the cards seat +k played this deal, k = 0..3 */
#define CS_OBS_PHASE    416 /* 2 bytes: [0] is 1 in the discard, [1] in the play */
#define CS_OBS_DEALER   418 /* 4 bytes: 1 at k where the dealer is seat +k */
#define CS_OBS_COUNT    422 /* the count of the current series, 0 to 31 */
#define CS_OBS_SCORE    423 /* 4 bytes: seat +k's side's score (255 at most) */
#define CS_OBS_LEFT     427 /* 4 bytes: the cards seat +k holds unplayed */
#define CS_OBS_PLAYERS  431 /* players at the table, 2 to 4 */
#define CS_OBS_PARTNERS 432 /* 1 in partnerships (the partner is seat +2) */
#define CS_OBS_TARGET   433 /* the target (255 at most) */
#define CS_OBS_TO_LAY   434 /* cards still to lay away in this discard */
#define CS_OBS_SEAT     435 /* the observing seat's number, 0 to 3 */
#define CS_OBS_DEAL     436 /* the deal's number in the game from 0 (255 at most) */
#define CS_OBS_KEEP     437 /* cards each seat keeps for the play: 4, or 3 in the five-card game */
#define CS_OBS_PEG                                                                                 \
    438                 /* 13 bytes: in the play, the points a card of rank r (ace 0 .. king 12)   \
                           laid now would peg (fifteen, 31, pairs, runs; not a go), 0 where it     \
                           would pass 31; 0 in the discard. Version 2 */
#define CS_OBS_TOP  451 /* 13 bytes: 1 at the rank of the card on top of the current series */
#define CS_OBS_USED 464
#define CS_OBS_SIZE 512 /* CS_OBS_USED padded to eight 64-byte cache lines */

#endif

/*
 * advise_play.h - the play half of `cribsim advise` (--play): for a seat of the two-player game
 * on turn in the play, the value of each card it may lay.
 *
 * The model, stated: the opponent's unplayed cards are any the seat has not seen (not its own
 * six, the starter or a card laid), every holding alike, less those the play so far rules out
 * (a holding with a card that fit when the opponent said go, or one that would have put it on
 * turn now). Every such holding is enumerated, exactly: pegging knows no suits, so holdings
 * are taken by ranks, each weighed by the number of ways to hold it. After the card, both
 * seats play the rest of the play as `expected` pegs (its lookahead, each seat knowing only
 * what it could: its own cards, the cards laid, the starter and the go's shown). A card's
 * value is the mean of the seat's points less the opponent's from that card to the end of the
 * play, the go and the last card included; with scores the play stops when a side reaches the
 * target, as a game does.
 */
#ifndef CS_ADVISE_PLAY_H
#define CS_ADVISE_PLAY_H

#include "advise.h"
#include "rules.h"

typedef struct {
    cs_card card;
    int now;       /* points the card scores as it is laid (15, 31, pairs, runs) */
    double mine;   /* the seat's mean points from the card to the end of the play */
    double theirs; /* the opponent's */
    double margin; /* mine - theirs: the value the rows are ranked by */
} cs_play_advice_row;

typedef struct {
    int n_rows; /* the cards that fit, best margin first (equal margins in hand order) */
    cs_play_advice_row row[CS_MAX_HAND];
    int count;       /* the count now */
    int their_cards; /* cards the opponent still holds */
    long holdings;   /* rank holdings enumerated that the play so far allows */
    double ways;     /* the card holdings they stand for */
    int bound;       /* the opponent holds no card of value <= bound (0: nothing shown) */
} cs_play_advice;

/*
 * The seat (role dealer or pone; two players, hands of four) kept kept[4] and laid away
 * discards[n_discards] (0 or the rules' discards: not given, they are not known to be out of
 * the opponent's hand), the starter is cut, and played[n_played] are every card laid this deal
 * in order (the seat's own among kept). scores (NULL: none, no target) are the seat's side's
 * and the other's before the play. Fills *out. Returns 0; CS_ECONFIG with a sentence in err
 * when the rules are not two players with hands of four, a card repeats, the plays cannot be
 * (over 31, out of turn, the opponent laying more than four), the seat is not on turn or holds
 * no card that fits; CS_ENOMEM.
 */
int cs_advise_play(const cs_rules *rules, const cs_card kept[4], cs_advise_role role,
                   cs_card starter, const cs_card discards[], int n_discards,
                   const cs_card played[], int n_played, const int scores[2], cs_play_advice *out,
                   char *err, size_t err_len);

#endif

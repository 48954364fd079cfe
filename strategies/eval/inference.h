/*
 * inference.h - what a seat knows about the cards it cannot see, read from its view alone.
 *
 * From the view a seat knows its own dealt cards, the starter once cut, and every card played
 * this deal in order. Every other card is unseen: in another seat's hand, in the crib, or
 * still in the pack. The play tells it more: the turn passes clockwise to the first seat that
 * can lay a card under 31, so a seat that was passed over, or a series that ended in a go,
 * proves that the seats concerned held no card of value up to 31 minus the count at that
 * moment. cs_seen records that as a bound per seat, and cs_seen_sample() deals the unseen
 * cards to the other seats uniformly among the deals consistent with all of it.
 */
#ifndef CS_INFERENCE_H
#define CS_INFERENCE_H

#include "game.h"
#include "handvalue.h"

typedef struct {
    int seat, players;
    cs_cardset mine;                      /* the seat's own dealt cards */
    cs_cardset played;                    /* every card played this deal */
    cs_cardset played_by[CS_MAX_PLAYERS]; /* the cards each seat played this deal */
    cs_cardset unseen;                    /* the 52 minus mine, the starter and the played cards */
    /* no_value_upto[s]: seat s holds no card of value <= this (0 when nothing is known). */
    int no_value_upto[CS_MAX_PLAYERS];
    int cards_left[CS_MAX_PLAYERS]; /* unplayed cards each seat holds */
} cs_seen;

/* Reads what v's seat knows (its cards, the starter, the plays and the go bounds). */
void cs_seen_from_view(const cs_view *v, cs_seen *out);

/* The cards of pool a seat with bound `upto` may hold: those of value above it. */
cs_cardset cs_seen_allowed(cs_cardset pool, int upto);

/*
 * Deals the unseen cards: each other seat s receives cards_left[s] cards (or `dealt` cards
 * each when dealt > 0, for the discard phase, where bounds do not apply) into hands[s], and
 * the rest stays in *rest. Among all deals consistent with the bounds each is equally likely:
 * the seats are served most constrained first, and since the allowed sets are nested (cards
 * above a value), every choice leaves the same number of completions. Returns 0, or -1 when
 * no consistent deal exists (the view contradicts itself).
 */
int cs_seen_sample(const cs_seen *k, int dealt, cs_pcg32 *rng,
                   cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT], cs_cardset *rest);

/*
 * As cs_seen_sample() in the play (dealt = 0), but with a model of how the other seats laid
 * away: each was dealt rules->cards_dealt cards uniformly from what it could have held and
 * kept what the expected discard (cs_discard_best() with crib model m) keeps. Seat s's
 * holding is drawn from that posterior by rejection: its played cards plus the rest of a
 * hand drawn from the pool, accepted when the expected discard keeps every played card and
 * the kept cards not yet played respect the seat's go bound. With two players this is exact
 * for the model; with more the seats are drawn one after another (the later seats from what
 * the earlier left), a close approximation. A seat with no acceptance in `tries` draws falls
 * back to the uniform draw of cs_seen_sample() (the model does not explain what it saw: it
 * does not discard like expected); then its discards are unknown.
 *
 * Fills hands[s] (cards_left[s] unplayed cards) and, for seats drawn by the model,
 * tossed[s] with the cards it laid away (CS_NO_CARD otherwise); *rest is what no seat holds
 * or laid away. Returns how many seats fell back, or -1 when no consistent deal exists.
 */
int cs_seen_sample_discarders(const cs_seen *k, const cs_rules *r, int dealer,
                              const cs_crib_model *m, int tries, cs_pcg32 *rng,
                              cs_card hands[CS_MAX_PLAYERS][CS_MAX_DEALT],
                              cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD], cs_cardset *rest);

/* A uniform card of a non-empty set, removed from it. */
cs_card cs_cardset_draw(cs_cardset *set, cs_pcg32 *rng);

#endif

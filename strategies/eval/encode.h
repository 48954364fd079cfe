/*
 * encode.h - a seat's view as the numbers of obs_layout.h: the one encoder the environment
 * API writes observations with and strategies that read observations decide from, so training
 * and play never disagree on a feature.
 */
#ifndef CS_ENCODE_H
#define CS_ENCODE_H

#include <stdint.h>

#include "game.h"
#include "obs_layout.h"

/*
 * Writes v's observation into obs[CS_OBS_SIZE]. In a discard, chosen[0..n_chosen) are the cards
 * the seat has picked to lay away so far (shown as discards and no longer as held); otherwise
 * n_chosen is 0. Reads only the view; allocates nothing.
 */
void cs_encode_view(const cs_view *v, const cs_card *chosen, int n_chosen, uint8_t *obs);

/* The legal actions for v's decision as mask[CS_ACT_COUNT] (1 legal, 0 not): `go` says the seat
 * is asked to say go. Returns how many are legal. */
int cs_encode_mask(const cs_view *v, const cs_card *chosen, int n_chosen, int go, uint8_t *mask);

#endif

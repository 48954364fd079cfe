/*
 * nn.h - `nn`: plays the discard and the pegging from a neural network file.
 *
 * The network (nn_file.h, docs/nn-format.md) reads the observation the environment API gives
 * a learner (encode.h, obs_layout.h: the one encoder, so training and play see the same bytes)
 * and scores the 53 actions; the legal action with the highest score is played. The discard is
 * laid away one card at a time, as the environment asks a learner for it: the seat's view is
 * encoded with the cards chosen so far, the best legal card is picked, and again for the next
 * card. analysis/cribsim/train/nn.py trains networks (experiments/train_nn.sh rebuilds the
 * shipped one) and writes this format.
 *
 * Seat spec: `nn` plays the network built into cribsim (strategies/models/default.nn, compiled
 * in); `nn:path=FILE` plays FILE. The file is read and checked once, when the player is
 * created; a bad file stops the run before any game with a message naming it. Decisions
 * allocate nothing: the weights are loaded at creation and the scratch lives in the instance.
 */
#ifndef CS_NN_H
#define CS_NN_H

#include "nn_file.h"
#include "strategy.h"

extern const cs_strategy cs_strategy_nn;

/* The network compiled into cribsim: the bytes of strategies/models/default.nn. */
extern const unsigned char cs_nn_default_bytes[];
extern const size_t cs_nn_default_size;

#endif

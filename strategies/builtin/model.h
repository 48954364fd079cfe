/*
 * model.h - `model`: plays the discard and the pegging from a trained model file.
 *
 * The model is linear: each candidate action is described by a fixed list of features, scored
 * as the dot product of those features with the file's weights, and the candidate with the
 * highest score is played (ties: the first candidate, in cs_splits() order for the discard and
 * hand order for the play). cribsim.train.model fits the weights on cribsim's own datasets
 * (cribsim.io.dataset) and computes the same features in Python; a test plays a model, turns
 * its games into datasets and checks that the Python features make the same choices.
 *
 * Seat spec: `model` plays the model built into cribsim (strategies/models/default.model,
 * compiled in); `model:path=FILE` plays FILE. The file is read and checked once, when the
 * player is created (model_file.h says what is checked); a bad file stops the run before any
 * game with a message naming it. The crib model is built at creation (a millisecond) and
 * again only for a game whose crib flush rule differs. Decisions allocate nothing.
 *
 * Discard features, for each way to lay cards away (s = +1 when the crib is the seat's side's,
 * -1 otherwise; "toss" the cards laid away, "kept" the cards kept):
 *   kept_expected  mean show of the kept cards over every starter the seat has not seen
 *   crib_expected  s * the crib model's expected crib for the cards tossed (handvalue.h: the
 *                  crib's other cards and the starter uniform over the rest of the deck)
 *   crib_pair      s * (two tossed cards of one rank)
 *   crib_fifteen   s * (two tossed cards whose values make 15)
 *   crib_sum_five  s * (two tossed cards whose values make 5: a fifteen with any ten)
 *   crib_fives     s * fives tossed
 *   crib_jacks     s * jacks tossed
 *   crib_near      s * (two tossed ranks one or two apart: run chances)
 *   crib_suited    s * (two tossed cards of one suit: flush chances)
 *   crib_value     s * the tossed cards' values / 10
 *   kept_fives     fives kept
 *   kept_low       kept cards worth 4 or less (they fit late in a series)
 * With one card tossed the two-card features are 0.
 *
 * Play features, for each card that fits ("after" the count once it is laid). The reply is
 * the next seat's: it holds its cards_left cards drawn uniformly from the cards this seat has
 * not seen (not its own hand, its discards, the starter or a card laid this deal), so it holds
 * one of h such cards with chance 1 - C(U - h, k) / C(U, k) for U unseen cards and k held;
 * after a 31 the reply leads a new series:
 *   points         what the card pegs now (15, 31, pairs, runs; not the go)
 *   reply_threat   the sum over ranks of the chance the next seat holds the rank times what
 *                  it would peg (ranks that do not fit count nothing)
 *   reply_scores   the chance the next seat holds a card that pegs anything
 *   reply_fits     the chance the next seat holds a card that fits under 31
 *   count_after    after / 31
 *   card_value     the card's value / 10
 *   lead_low       leading a card worth 4 or less (no fifteen can answer it)
 *   can_follow     the seat keeps a card that fits after it
 *   keep_same      the seat keeps a card of the same rank (a pair royal if answered)
 */
#ifndef CS_MODEL_H
#define CS_MODEL_H

#include "handvalue.h"
#include "model_file.h"
#include "strategy.h"

#define CS_MODEL_DISCARD_FEATURES 12
#define CS_MODEL_PLAY_FEATURES    9

extern const cs_strategy cs_strategy_model;

/* The feature set this build computes (the names above, in order). */
const cs_model_features *cs_model_feature_set(void);

/* The model compiled into cribsim: the bytes of strategies/models/default.model. */
extern const unsigned char cs_model_default_bytes[];
extern const size_t cs_model_default_size;

/*
 * The discard features of one split: the dealt cards' pool of unseen starters (52 minus the
 * dealt cards), the flush minimum of the hand, the crib model for the game's crib flush rule
 * and the crib's sign s (+1 or -1). Writes CS_MODEL_DISCARD_FEATURES values into f.
 */
void cs_model_discard_features(const cs_split *sp, int n_keep, int n_toss, const cs_pool *pool,
                               int flush_min, const cs_crib_model *crib, double s, double f[]);

/* What a play decision's replies are drawn from, the same for every card: the cards the seat
 * has not seen by rank (unseen[r], total of them), how many the next seat holds, and the
 * chance it holds one of a rank with h unseen cards (rank_chance[h], h = 0..4). */
typedef struct {
    int unseen[CS_RANKS];
    int total;
    int held;
    double rank_chance[5];
} cs_model_reply;

void cs_model_reply_init(const cs_view *v, cs_model_reply *out);

/* The play features of hand card i of the view (which must fit), with the decision's replies
 * (cs_model_reply_init()). Writes CS_MODEL_PLAY_FEATURES values into f. */
void cs_model_play_features(const cs_view *v, int i, const cs_model_reply *reply, double f[]);

#endif

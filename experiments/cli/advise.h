/*
 * advise.h - the figures of `cribsim advise` (cmd_advise.c): every way to lay away from the
 * cards dealt, with its expected hand, crib and pegging, ranked as `expected` ranks them.
 *
 * The models, all the project's own (no published table is read):
 *
 *   hand  exact: the mean show of the kept cards over every card the seat has not seen as
 *         starter (46 with six dealt, 47 with five), cs_hand_expect() (handvalue.h). His heels
 *         is left out: it is the same for every discard.
 *   crib  exact within expected's crib model (handvalue.h): the crib's other cards and the
 *         starter drawn uniformly from the cards other than the ones laid away (50 with two
 *         laid away). The seat's kept cards are not taken out of that deck, and the other
 *         seats are taken to lay away at random: both as `expected` assumes when it discards.
 *   net   hand + weight * crib, the weight +1 when the crib is the seat's side's and
 *         -1/(sides - 1) otherwise (cs_crib_weight()): exactly the value `expected` maximises,
 *         so the first row is expected's discard (ties keep cs_splits() order, as it does).
 *   peg   two hands of six only: expert's pegging table (expert.h), the mean of the seat's
 *         points in the play minus the other's for the four ranks kept, by role, measured by
 *         simulation with both seats pegging as expected does (experiments/tools/
 *         expert_tables.c). Shown beside the net, not added to it.
 *   win   two hands of six, with the scores only: expert's end-of-game model (endgame.h) for
 *         the split, as expert's board play rates it: the hand's points over every starter
 *         (with his heels), the pegging table's margin and expert's crib table (the other seat
 *         laying away as expected does), then the win table (winprob.h) after the deal.
 */
#ifndef CS_ADVISE_H
#define CS_ADVISE_H

#include "handvalue.h"
#include "rules.h"

/* Whose crib it is, from the seat's side. */
typedef enum {
    CS_ADVISE_DEALER,  /* the seat deals: its own crib */
    CS_ADVISE_PONE,    /* an opponent deals */
    CS_ADVISE_PARTNER, /* partnership rules: the seat's partner deals (its side's crib) */
} cs_advise_role;

typedef struct {
    cs_card toss[CS_MAX_DISCARD];
    cs_card keep[CS_MAX_HAND];
    double hand, crib, net;
    double peg; /* when cs_advice.have_peg */
    double win; /* when cs_advice.have_win */
} cs_advice_row;

typedef struct {
    int n_rows; /* every split: 15 for six cards laying two away */
    cs_advice_row row[CS_SPLITS_MAX];
    int keep, discards; /* cards kept and laid away, from the rules */
    int starters;       /* the unseen cards the hand is averaged over */
    double crib_weight;
    int have_peg, have_win;
} cs_advice;

/* Whether the pegging table (and so the win chance) applies to these rules: two players,
 * six cards, two laid away, the play in series, as expert's tables were made for. */
int cs_advise_has_tables(const cs_rules *r);

/*
 * Fills *out for the n dealt cards (rules->cards_dealt of them, no duplicates) and role,
 * ranked by net, best first (equal nets in cs_splits() order). scores (NULL: none) is the
 * seat's side's score then the other's, below the target; with it the win chance is filled
 * (it needs cs_advise_has_tables() and two sides; some 50 ms to build the model). Returns 0,
 * or CS_ECONFIG / CS_ENOMEM with a sentence in err.
 */
int cs_advise(const cs_rules *rules, const cs_card dealt[], int n, cs_advise_role role,
              const int scores[2], cs_advice *out, char *err, size_t err_len);

#endif

/*
 * dealsim.h - a fast simulator of the rest of one deal with every card known, for Monte Carlo
 * rollouts and for estimating the distribution of points per deal.
 *
 * It follows the engine's rules exactly (game.c): the turn passes clockwise to the first
 * seat that can lay a card under 31; when nobody can, the last to lay scores 1 unless the
 * count is 31 and the next series is led by the seat after it (the five-card game stops at
 * the first such end); the show counts from the dealer's left round to the dealer, then the
 * crib; the deal stops the moment a side reaches the target. The players in a rollout follow
 * cs_sim_policy(), one of:
 *
 *   CS_SIM_LOOKAHEAD  expected's pegging (cs_peg_lookahead_pick), each seat using only what it
 *                     could know: its own cards, the cards laid, the starter if cut, and the go
 *                     bounds the play has shown. The default: it models the players as they
 *                     are, not as if they could see each other's cards.
 *   CS_SIM_PERFECT    the card that scores most now minus the best reply of the next seat that
 *                     can play, whose hand it sees. About three times cheaper, but it
 *                     undervalues holdings whose strength lies in what opponents cannot see.
 *   CS_SIM_CUSTOM     the simulation's own `pick` function (mc's rollout=nn: a network reading
 *                     the seat's observation, cs_sim_view()). It must see only what the seat
 *                     could see, and so must the sim it reads: the play log, the seat's own
 *                     discards and the deal's number are then part of the simulation.
 */
#ifndef CS_DEALSIM_H
#define CS_DEALSIM_H

#include "game.h"
#include "handvalue.h"
#include "pcg32.h"
#include "pegging.h"
#include "rules.h"

enum { CS_SIM_LOOKAHEAD, CS_SIM_PERFECT, CS_SIM_CUSTOM };

/*
 * A memo of cs_peg_lookahead_pick()'s choices (unweighted), keyed by everything the choice
 * depends on: the players and partnership, the seat's ranks in hand order, the series' ranks,
 * the next seat with cards (its distance and its cards left) and how many unseen cards of each
 * rank its go bound allows. Rollouts meet the same situations again and again (a seat's own
 * hand is the same in every sample; the other seat's replies are few), so most choices are
 * looked up. Direct-mapped: a new key takes its slot. The choice is the same with or without
 * the memo; hits and misses are counted for measurement.
 */
#define CS_PEG_MEMO_BITS 12
typedef struct {
    uint64_t pile, hand, pool; /* the key; pool's top bit marks a slot in use */
    int rank;                  /* the rank chosen, -1 for none */
    unsigned tied;             /* the ranks it could have chosen (cs_peg_lookahead_choose()) */
} cs_peg_memo_slot;
typedef struct {
    cs_peg_memo_slot slot[1 << CS_PEG_MEMO_BITS];
    long hits, misses;
} cs_peg_memo;

/* Empties the memo. */
void cs_peg_memo_clear(cs_peg_memo *m);

typedef struct cs_sim cs_sim;
struct cs_sim {
    const cs_rules *rules;
    int policy; /* CS_SIM_LOOKAHEAD, CS_SIM_PERFECT or CS_SIM_CUSTOM */
    int players, hand_size, dealer;
    int score[CS_MAX_PLAYERS];  /* by side */
    int gained[CS_MAX_PLAYERS]; /* points each side gained in this simulation, by side */
    int over, winner;           /* the target was reached, by side `winner` */
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND]; /* the hands for the show */
    cs_card hand[CS_MAX_PLAYERS][CS_MAX_HAND]; /* unplayed cards */
    int n_hand[CS_MAX_PLAYERS];
    cs_card crib[CS_CRIB_SIZE];
    cs_card starter;
    cs_peg_pile pile;
    int turn, last;
    cs_cardset known[CS_MAX_PLAYERS]; /* the cards each seat was dealt, as far as known */
    cs_cardset played;                /* the cards laid this deal */
    int bound[CS_MAX_PLAYERS];        /* go bounds: seat holds no card of value <= this */
    cs_peg_memo *memo;                /* NULL, or a memo of the lookahead's choices (above) */
    /* CS_SIM_CUSTOM: the policy, pick(s, seat, pick_ctx) an index into hand[seat] of a card
     * that fits; pick_ctx is its own (scratch it may write to). */
    int (*pick)(const cs_sim *s, int seat, void *pick_ctx);
    void *pick_ctx;
    /* What a seat's observation needs besides the above (cs_sim_view()): every card laid this
     * deal in order (cs_sim_lay() appends; a sim started mid-play must be given the plays so
     * far, whose last pile.n are the current series), each seat's discards, the deal's number
     * in the game. */
    uint8_t play_seat[CS_MAX_PLAYS];
    cs_card play_card[CS_MAX_PLAYS];
    int n_plays;
    cs_card tossed[CS_MAX_PLAYERS][CS_MAX_DISCARD];
    int n_tossed[CS_MAX_PLAYERS];
    int deal;
};

/* Credits points to seat's side; returns 1 (and ends the deal) if that side reached target. */
static inline int cs_sim_add(cs_sim *s, int seat, int points) {
    int side = cs_rules_side(s->rules, seat);
    s->score[side] += points;
    s->gained[side] += points;
    if (s->score[side] >= s->rules->target && !s->over) {
        s->over = 1;
        s->winner = side;
    }
    return s->over;
}

/*
 * A deal for a measurement of what deals are worth (the end-game and win tables): s cleared and
 * set for rules r (kept by pointer) with `dealer` dealing, each seat in turn dealt
 * r->cards_dealt cards drawn from *deck with rng and laying away as expected does
 * (cs_discard_best() with crib model m): its hand, kept hand and known cards set, its discards
 * into the crib. Returns the crib cards laid; the crib's cards from the deck and the starter
 * are the caller's to draw.
 */
int cs_sim_deal_expected(cs_sim *s, const cs_rules *r, const cs_crib_model *m, int dealer,
                         cs_cardset *deck, cs_pcg32 *rng);

/* Credits his heels to the dealer when the starter is a jack. */
void cs_sim_heels(cs_sim *s);

/* Starts the play of a deal (after cs_sim_heels() when the starter is known): kept, hand and
 * scores must be set; the turn goes to the dealer's left, nobody has laid a card, the count
 * is 0. The play never looks at the starter. */
void cs_sim_start_play(cs_sim *s);

/* Seat lays the card hand[seat][i] (it must fit); credits its points. */
void cs_sim_lay(cs_sim *s, int seat, int i);

/*
 * Moves the play on to the next seat that can lay a card and returns it, scoring the go and
 * starting a new series on the way as needed; returns -1 when the play is over (or the game
 * is). Every seat passed over gets its go bound.
 */
int cs_sim_advance(cs_sim *s);

/* Plays the rest of the play with cs_sim_policy() for every seat. */
void cs_sim_play_out(cs_sim *s);

/* Counts the show in order (stopping at the target). */
void cs_sim_show(cs_sim *s);

/* The show's count i alone: 0 to players - 1 the hands from the dealer's left round to the
 * dealer, players the crib (nothing once the target is reached). cs_sim_show() is every count
 * in turn. */
void cs_sim_show_count(cs_sim *s, int i);

/*
 * The view seat would be given in the play at this point of the simulation, as the engine gives
 * it (game.h), for an encoder (encode.h: cs_encode_view() of it writes the observation the
 * environment would): its unplayed cards, its kept hand, its discards, the starter, the current
 * series, every card laid this deal, the cards each seat holds and each seat's side's score.
 * rules is the view's rules (NULL: s->rules; mc's objective=points simulates with no target but
 * shows the real one). The view points into s and into *out, valid while both are unchanged.
 * Its game number is 0 and it has no match context.
 */
typedef struct {
    cs_view v;
    int score[CS_MAX_PLAYERS];
} cs_sim_seat_view;
void cs_sim_view(const cs_sim *s, int seat, const cs_rules *rules, cs_sim_seat_view *out);

/* The rollout policy's choice for seat: an index into hand[seat] of a card that fits. */
int cs_sim_policy(const cs_sim *s, int seat);

/*
 * Whether the rollout policy explains plays already made. s holds a deal at the start of its
 * play (cs_sim_start_play() done; the hands as kept, known, bounds and starter as each seat
 * saw them then); the n plays are made in order (seat play_seat[i] lays play_card[i]), and
 * each seat with its bit set in `check` must lay a card of the rank cs_sim_policy() would, or
 * of a rank it would have chosen had its hand been in another order (the order the seat held
 * its cards in is not known). Returns how many checked plays disagree (0: the policy explains
 * them all), or -1 if the plays do not fit the deal (out of turn, a card not held, over 31).
 * s is played on.
 */
int cs_sim_replay(cs_sim *s, const uint8_t *play_seat, const cs_card *play_card, int n,
                  unsigned check);

#endif

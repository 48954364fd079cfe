/*
 * encode.c - a seat's view as the observation of obs_layout.h.
 *
 * The environment API writes one observation for every decision of a learner seat, millions
 * a second, so the encoder clears the block once and sets only the bytes that are not zero: a
 * dozen cards and the scalars.
 */
#include "encode.h"

#include <string.h>

#include "score.h"

static inline uint8_t clamp_byte(int x) {
    return (uint8_t)(x < 0 ? 0 : x > 255 ? 255 : x);
}

/* Places seat s sits to the left of seat `from` (both below players): (s - from) mod players,
 * without a division. */
static inline int relative(int s, int from, int players) {
    int k = s - from;
    return k < 0 ? k + players : k;
}

/* Whether card c is among chosen[0..n). */
static inline int is_chosen(cs_card c, const cs_card *chosen, int n) {
    for (int i = 0; i < n; i++)
        if (chosen[i] == c) return 1;
    return 0;
}

void cs_encode_view(const cs_view *v, const cs_card *chosen, int n_chosen, uint8_t *obs) {
    const cs_rules *r = v->rules;
    int players = r->players, seat = v->seat;
    int discarding = v->n_kept == 0;
    /* Cleared a cache line at a time: a compiler clears a block this size with `rep stos`, whose
     * start-up costs as much as the rest of the encoding, and 64 bytes with a few vector stores. */
    _Static_assert(CS_OBS_SIZE % 64 == 0, "the observation is whole cache lines");
    for (int at = 0; at < CS_OBS_SIZE; at += 64) memset(obs + at, 0, 64);
    for (int i = 0; i < v->n_hand; i++)
        if (!is_chosen(v->hand[i], chosen, n_chosen)) obs[CS_OBS_HAND + v->hand[i]] = 1;
    for (int i = 0; i < n_chosen; i++) obs[CS_OBS_DISCARDS + chosen[i]] = 1;
    for (int i = 0; i < v->n_discards; i++) obs[CS_OBS_DISCARDS + v->discards[i]] = 1;
    if (v->starter != CS_NO_CARD) obs[CS_OBS_STARTER + v->starter] = 1;
    for (int i = 0; i < v->n_pile; i++) obs[CS_OBS_PILE + v->pile[i]] = 1;
    for (int i = 0; i < v->n_plays; i++) {
        obs[CS_OBS_PLAYED + 52 * relative(v->play_seat[i], seat, players) + v->play_card[i]] = 1;
    }
    obs[CS_OBS_PHASE + (discarding ? 0 : 1)] = 1;
    obs[CS_OBS_DEALER + relative(v->dealer, seat, players)] = 1;
    obs[CS_OBS_COUNT] = (uint8_t)v->count;
    for (int k = 0, s = seat; k < players; k++, s = s + 1 == players ? 0 : s + 1) {
        obs[CS_OBS_SCORE + k] = clamp_byte(v->score[s]);
        obs[CS_OBS_LEFT + k] = (uint8_t)v->cards_left[s];
    }
    obs[CS_OBS_PLAYERS] = (uint8_t)players;
    obs[CS_OBS_PARTNERS] = (uint8_t)(r->partnership != 0);
    obs[CS_OBS_TARGET] = clamp_byte(r->target);
    obs[CS_OBS_TO_LAY] = (uint8_t)(discarding ? r->discards - n_chosen : 0);
    obs[CS_OBS_SEAT] = (uint8_t)seat;
    obs[CS_OBS_DEAL] = clamp_byte(v->deal);
    obs[CS_OBS_KEEP] = (uint8_t)(r->cards_dealt - r->discards);
    if (discarding) return;
    /* What each rank would peg laid now: the pile with a card of that rank on top (suits peg
     * nothing), scored as the play scores it. */
    cs_card pile[CS_PEG_PILE_MAX];
    int n = v->n_pile;
    if (n >= CS_PEG_PILE_MAX) return; /* no card fits on a pile this long */
    memcpy(pile, v->pile, (size_t)n * sizeof *pile);
    if (n > 0) obs[CS_OBS_TOP + cs_card_rank(v->pile[n - 1])] = 1;
    for (int rank = 0; rank < 13; rank++) {
        pile[n] = cs_card_make(rank, 0);
        int count = v->count + cs_card_value(pile[n]);
        if (count <= 31) obs[CS_OBS_PEG + rank] = (uint8_t)cs_peg_score_counted(pile, n + 1, count);
    }
}

int cs_encode_mask(const cs_view *v, const cs_card *chosen, int n_chosen, int go, uint8_t *mask) {
    memset(mask, 0, CS_ACT_COUNT);
    if (go) {
        mask[CS_ACT_GO] = 1;
        return 1;
    }
    int n = 0;
    if (v->n_kept == 0) {
        for (int i = 0; i < v->n_hand; i++) {
            int ok = !is_chosen(v->hand[i], chosen, n_chosen);
            mask[v->hand[i]] = (uint8_t)ok;
            n += ok;
        }
        return n;
    }
    int room = 31 - v->count;
    for (int i = 0; i < v->n_hand; i++) {
        int ok = cs_card_value(v->hand[i]) <= room;
        mask[v->hand[i]] = (uint8_t)ok;
        n += ok;
    }
    return n;
}

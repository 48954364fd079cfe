/*
 * game.c - the game state machine of game.h.
 *
 * One call of cs_game_step() runs one phase (cut for deal, deal, discard, starter, play, show,
 * deal done). Every point goes through add_points(), which credits the seat's source, the
 * side's score and the deal record, and ends the game the moment a side reaches the target;
 * after that nothing more of the deal is played or recorded.
 */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

/* Where points come from; each has a field in the deal and game records. */
typedef enum { SRC_PEG, SRC_HAND, SRC_CRIB, SRC_HEELS, SRC_BONUS } point_source;

/* Cards drawn from the shuffled deck in one deal: the hands, the crib card, the starter. */
#define DEAL_DRAW_MAX (CS_MAX_PLAYERS * CS_MAX_DEALT + CS_CRIB_SIZE + 1)

struct cs_game {
    const cs_rules *rules;
    const cs_agent *agents;
    uint64_t seed, index, card_key;
    cs_phase phase;
    int players;
    int hand_size;
    int any_observer;
    int dealer;
    int deal; /* deals begun */
    int side_score[CS_MAX_PLAYERS];
    int seat_score[CS_MAX_PLAYERS]; /* side_score of each seat's side, for views */
    int winner_side;                /* -1 until someone reaches the target */
    int over;

    /* the deal in progress */
    cs_card hand[CS_MAX_PLAYERS][CS_MAX_DEALT]; /* unplayed cards */
    int n_hand[CS_MAX_PLAYERS];
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND];
    int n_kept;
    cs_card discards[CS_MAX_PLAYERS][CS_MAX_DISCARD];
    int n_discards;
    cs_card crib[CS_CRIB_SIZE];
    int n_crib;
    cs_card starter_card; /* drawn at the deal, revealed at the STARTER phase */
    cs_card starter;      /* CS_NO_CARD until revealed */
    int count;
    cs_card pile[CS_PEG_PILE_MAX];
    int n_pile;
    int n_plays;
    uint8_t play_seat[CS_MAX_PLAYS];
    cs_card play_card[CS_MAX_PLAYS];

    cs_card stacked[DEAL_DRAW_MAX]; /* cards for the next deal, if n_stacked */
    int n_stacked;

    cs_deal_record rec;
    cs_game_record sum;

    int err_seat;
    char err[256];
};

static const char *const PHASE_NAMES[] = {
#define CS_PHASE_NAME(ident, name) name,
    CS_PHASE_LIST(CS_PHASE_NAME)
#undef CS_PHASE_NAME
};

static const char *const EVENT_NAMES[] = {
#define CS_EVENT_NAME(ident, name) name,
    CS_EVENT_LIST(CS_EVENT_NAME)
#undef CS_EVENT_NAME
};

const char *cs_phase_name(cs_phase p) {
    return (unsigned)p < sizeof PHASE_NAMES / sizeof PHASE_NAMES[0] ? PHASE_NAMES[p] : "unknown";
}

const char *cs_event_name(cs_event_type t) {
    return (unsigned)t < sizeof EVENT_NAMES / sizeof EVENT_NAMES[0] ? EVENT_NAMES[t] : "unknown";
}

cs_game *cs_game_new(void) { return calloc(1, sizeof(cs_game)); }

void cs_game_free(cs_game *g) { free(g); }

void cs_game_copy(cs_game *dst, const cs_game *src) { memcpy(dst, src, sizeof *dst); }

cs_phase cs_game_phase(const cs_game *g) { return g->phase; }

const char *cs_game_error(const cs_game *g) { return g->err; }

int cs_game_error_seat(const cs_game *g) { return g->err_seat; }

int cs_game_score(const cs_game *g, int seat) { return g->seat_score[seat]; }

const cs_deal_record *cs_game_deal_record(const cs_game *g) { return &g->rec; }

static int side_of(const cs_game *g, int seat) { return cs_rules_side(g->rules, seat); }

static int next_seat(const cs_game *g, int seat) { return seat + 1 == g->players ? 0 : seat + 1; }

void cs_game_view(const cs_game *g, int seat, cs_view *v) {
    v->rules = g->rules;
    v->game = g->index;
    v->seat = seat;
    v->dealer = g->dealer;
    v->deal = g->deal - 1;
    v->n_hand = g->n_hand[seat];
    v->hand = g->hand[seat];
    v->n_kept = g->n_kept;
    v->kept = g->kept[seat];
    v->n_discards = g->n_discards;
    v->discards = g->discards[seat];
    v->starter = g->starter;
    v->count = g->count;
    v->n_pile = g->n_pile;
    v->pile = g->pile;
    v->n_plays = g->n_plays;
    v->play_seat = g->play_seat;
    v->play_card = g->play_card;
    v->cards_left = g->n_hand;
    v->score = g->seat_score;
}

int cs_view_legal_plays(const cs_view *v, cs_card out[CS_MAX_HAND]) {
    int n = 0;
    for (int i = 0; i < v->n_hand; i++)
        if (v->count + cs_card_value(v->hand[i]) <= 31) out[n++] = v->hand[i];
    return n;
}

static int fail(cs_game *g, int seat, int err, const char *what) {
    char who[64] = "";
    if (seat >= 0) {
        const char *name = g->agents[seat].name;
        snprintf(who, sizeof who, "seat %d%s%s%s in ", seat, name ? " (" : "", name ? name : "",
                 name ? ")" : "");
    }
    snprintf(g->err, sizeof g->err, "%sgame %llu, deal %d: %s", who, (unsigned long long)g->index,
             g->deal > 0 ? g->deal - 1 : 0, what);
    g->err_seat = seat;
    return err;
}

static void emit(cs_game *g, const cs_event *e) {
    if (!g->any_observer) return;
    for (int s = 0; s < g->players; s++) {
        if (g->agents[s].observe == NULL) continue;
        cs_view v;
        cs_game_view(g, s, &v);
        g->agents[s].observe(g->agents[s].self, &v, e);
    }
}

static void finish_game(cs_game *g, int winner_side);

/*
 * Credits points to seat from source; returns 1 if that ended the game (the seat's side
 * reached the target), so the caller stops the deal there.
 */
static int add_points(cs_game *g, int seat, int points, point_source source) {
    if (points == 0) return 0;
    int side = side_of(g, seat);
    switch (source) {
    case SRC_PEG:
        g->rec.peg[seat] += (int16_t)points;
        g->sum.peg[seat] += (int16_t)points;
        break;
    case SRC_HAND:
        g->rec.hand[seat] += (int16_t)points;
        g->sum.hand[seat] += (int16_t)points;
        break;
    case SRC_CRIB:
        g->rec.crib += (int16_t)points;
        g->sum.crib[seat] += (int16_t)points;
        break;
    case SRC_HEELS:
        g->rec.heels += (int16_t)points;
        g->sum.heels[seat] += (int16_t)points;
        break;
    case SRC_BONUS:
        g->rec.bonus[seat] += (int16_t)points;
        g->sum.bonus[seat] += (int16_t)points;
        break;
    }
    g->side_score[side] += points;
    for (int s = 0; s < g->players; s++)
        if (side_of(g, s) == side) g->seat_score[s] = g->side_score[side];
    if (g->side_score[side] >= g->rules->target) {
        finish_game(g, side);
        return 1;
    }
    return 0;
}

/* Skunk level of a losing side's score: 0 none, 1 skunk, 2 double, 3 triple. */
static uint8_t skunk_level(const cs_rules *r, int score) {
    if (r->triple_skunk_line && score < r->triple_skunk_line) return 3;
    if (r->double_skunk_line && score < r->double_skunk_line) return 2;
    if (r->skunk_line && score < r->skunk_line) return 1;
    return 0;
}

/*
 * Ends the game with winner_side (-1: the deals ran out with the top score tied). Skunk and
 * lurch are judged only when the winner reached the target: a fixed-deal game that runs out
 * of deals has no race to be lurched or skunked in.
 */
static void finish_game(cs_game *g, int winner_side) {
    const cs_rules *r = g->rules;
    int reached = winner_side >= 0 && g->side_score[winner_side] >= r->target;
    g->over = 1;
    g->winner_side = winner_side;
    g->rec.ended = 1;
    g->sum.winner = (int8_t)winner_side;
    int lurch = reached && r->lurch_line > 0;
    for (int s = 0; s < g->players; s++) {
        int side = side_of(g, s);
        if (side == winner_side) continue;
        if (reached) g->sum.skunk[s] = skunk_level(r, g->side_score[side]);
        if (g->side_score[side] >= r->lurch_line) lurch = 0;
    }
    g->sum.lurch = (uint8_t)(winner_side >= 0 && lurch);
}

void cs_game_begin_keyed(cs_game *g, const cs_rules *rules, uint64_t seed, uint64_t index,
                         uint64_t card_key, int first_dealer, const cs_agent agents[]) {
    memset(g, 0, sizeof *g);
    g->rules = rules;
    g->agents = agents;
    g->seed = seed;
    g->index = index;
    g->card_key = card_key;
    g->players = rules->players;
    g->hand_size = cs_rules_hand_size(rules);
    g->winner_side = -1;
    g->err_seat = -1;
    g->starter = CS_NO_CARD;
    for (int s = 0; s < rules->players; s++)
        if (agents[s].observe) g->any_observer = 1;
    g->sum.game = index;
    g->sum.winner = -1;
    for (int s = 0; s < CS_MAX_PLAYERS; s++) g->sum.score[s] = (int16_t)(s < g->players ? 0 : -1);
    if (first_dealer == CS_FIRST_DEALER_CUT) first_dealer = rules->first_dealer;
    if (first_dealer == CS_FIRST_DEALER_CUT) {
        g->phase = CS_PHASE_CUT_FOR_DEAL;
    } else {
        g->dealer = first_dealer;
        g->sum.first_dealer = (uint8_t)first_dealer;
        g->phase = CS_PHASE_DEAL;
    }
}

void cs_game_begin(cs_game *g, const cs_rules *rules, uint64_t seed, uint64_t index,
                   int first_dealer, const cs_agent agents[]) {
    cs_game_begin_keyed(g, rules, seed, index, index, first_dealer, agents);
}

/* Each seat still in the cut draws a card; the low rank deals; tied low cards cut again. */
static void step_cut_for_deal(cs_game *g) {
    cs_pcg32 rng = cs_pcg32_derive(g->seed, g->card_key, CS_STREAM_CUT, 0);
    int in_cut[CS_MAX_PLAYERS], n_in = g->players;
    for (int s = 0; s < n_in; s++) in_cut[s] = s;
    while (n_in > 1) {
        cs_card deck[CS_DECK_SIZE];
        for (int c = 0; c < CS_DECK_SIZE; c++) deck[c] = (cs_card)c;
        int low = CS_RANKS, ranks[CS_MAX_PLAYERS];
        for (int i = 0; i < n_in; i++) {
            int j = i + (int)cs_pcg32_bounded(&rng, (uint32_t)(CS_DECK_SIZE - i));
            cs_card t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
            ranks[i] = cs_card_rank(deck[i]);
            if (ranks[i] < low) low = ranks[i];
        }
        int n_low = 0;
        for (int i = 0; i < n_in; i++)
            if (ranks[i] == low) in_cut[n_low++] = in_cut[i];
        n_in = n_low;
    }
    g->dealer = in_cut[0];
    g->sum.first_dealer = (uint8_t)g->dealer;
    g->phase = CS_PHASE_DEAL;
}

static void step_deal(cs_game *g) {
    const cs_rules *r = g->rules;
    int n = g->players;
    memset(&g->rec, 0, sizeof g->rec);
    memset(g->rec.dealt, CS_NO_CARD, sizeof g->rec.dealt);
    memset(g->rec.discard, CS_NO_CARD, sizeof g->rec.discard);
    memset(g->rec.play_card, CS_NO_CARD, sizeof g->rec.play_card);
    g->rec.game = g->index;
    g->rec.deal = (uint16_t)g->deal;
    g->rec.dealer = (uint8_t)g->dealer;
    g->rec.crib_extra = CS_NO_CARD;
    g->rec.starter = CS_NO_CARD;
    g->deal++;
    g->n_kept = g->n_discards = g->n_crib = 0;
    g->count = g->n_pile = g->n_plays = 0;
    g->starter = CS_NO_CARD;

    cs_event e = {.type = CS_EVENT_DEAL, .seat = g->dealer, .card = CS_NO_CARD};
    emit(g, &e);

    /* Three for last: the first pone's start bonus, before the first deal's cards. */
    if (g->deal == 1 && r->start_bonus > 0) {
        int pone = next_seat(g, g->dealer);
        cs_event b = {.type = CS_EVENT_BONUS, .seat = pone, .card = CS_NO_CARD,
                      .points = r->start_bonus};
        int ended = add_points(g, pone, r->start_bonus, SRC_BONUS);
        emit(g, &b);
        if (ended) {
            g->phase = CS_PHASE_DEAL_DONE;
            return;
        }
    }

    /* A partial Fisher-Yates shuffle draws just the cards the deal uses. */
    cs_card deck[CS_DECK_SIZE];
    int draws = n * r->cards_dealt + r->crib_from_deck + 1;
    if (g->n_stacked) {
        memcpy(deck, g->stacked, (size_t)draws);
        g->n_stacked = 0;
    } else {
        cs_pcg32 rng =
            cs_pcg32_derive(g->seed, g->card_key, CS_STREAM_DEAL, (uint32_t)(g->deal - 1));
        for (int c = 0; c < CS_DECK_SIZE; c++) deck[c] = (cs_card)c;
        for (int i = 0; i < draws; i++) {
            int j = i + (int)cs_pcg32_bounded(&rng, (uint32_t)(CS_DECK_SIZE - i));
            cs_card t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
    }
    /* One card at a time, starting with the player on the dealer's left. */
    int k = 0;
    for (int round = 0; round < r->cards_dealt; round++) {
        int s = g->dealer;
        for (int i = 0; i < n; i++) {
            s = next_seat(g, s);
            g->hand[s][round] = deck[k];
            g->rec.dealt[s][round] = deck[k];
            k++;
        }
    }
    for (int s = 0; s < n; s++) g->n_hand[s] = r->cards_dealt;
    for (int i = 0; i < r->crib_from_deck; i++) {
        g->crib[g->n_crib++] = deck[k];
        if (i == 0) g->rec.crib_extra = deck[k];
        k++;
    }
    g->starter_card = deck[k];
    g->phase = CS_PHASE_DISCARD;
}

int cs_game_stack_deck(cs_game *g, const cs_card order[], int n) {
    const cs_rules *r = g->rules;
    if (n != r->players * r->cards_dealt + r->crib_from_deck + 1) return CS_ECOUNT;
    cs_cardset seen = 0;
    for (int i = 0; i < n; i++) {
        if (!cs_card_valid(order[i])) return CS_EBADCARD;
        if (cs_cardset_has(seen, order[i])) return CS_EDUPCARD;
        seen |= cs_cardset_of(order[i]);
    }
    memcpy(g->stacked, order, (size_t)n);
    g->n_stacked = n;
    return CS_OK;
}

static int step_discard(cs_game *g) {
    const cs_rules *r = g->rules;
    int s = g->dealer;
    for (int i = 0; i < g->players; i++) {
        s = next_seat(g, s);
        cs_view v;
        cs_game_view(g, s, &v);
        cs_card out[CS_MAX_DISCARD];
        int rc = g->agents[s].discard(g->agents[s].self, &v, out);
        if (rc != CS_OK) return fail(g, s, rc, "the agent failed to choose its discards");
        cs_card hand[CS_MAX_DEALT];
        int n = g->n_hand[s];
        memcpy(hand, g->hand[s], (size_t)n);
        for (int d = 0; d < r->discards; d++) {
            int at = -1;
            for (int h = 0; h < n; h++)
                if (hand[h] == out[d]) at = h;
            if (at < 0) {
                char c[CS_CARD_TEXT_MAX], what[96];
                cs_card_format(out[d], c);
                snprintf(what, sizeof what, "discarded %s, which is not in its hand%s", c,
                         d > 0 ? " (or was discarded twice)" : "");
                return fail(g, s, CS_EILLEGAL, what);
            }
            hand[at] = hand[--n];
        }
        /* Only now that the whole answer is legal does the hand change. */
        memcpy(g->hand[s], hand, (size_t)n);
        g->n_hand[s] = n;
        for (int d = 0; d < r->discards; d++) {
            g->discards[s][d] = out[d];
            g->rec.discard[s][d] = out[d];
            g->crib[g->n_crib++] = out[d];
        }
        for (int h = 0; h < n; h++) g->kept[s][h] = hand[h];
    }
    g->n_discards = r->discards;
    g->n_kept = g->hand_size;
    g->phase = CS_PHASE_STARTER;
    return CS_OK;
}

static void step_starter(cs_game *g) {
    g->starter = g->starter_card;
    g->rec.starter = g->starter;
    int heels = cs_card_rank(g->starter) == CS_JACK ? g->rules->heels : 0;
    cs_event e = {.type = CS_EVENT_STARTER, .seat = g->dealer, .card = g->starter,
                  .points = heels};
    int ended = add_points(g, g->dealer, heels, SRC_HEELS);
    emit(g, &e);
    g->phase = ended ? CS_PHASE_DEAL_DONE : CS_PHASE_PLAY;
}

static int can_play(const cs_game *g, int seat) {
    for (int i = 0; i < g->n_hand[seat]; i++)
        if (g->count + cs_card_value(g->hand[seat][i]) <= 31) return 1;
    return 0;
}

/*
 * The play. The turn goes round from the dealer's left; a player who can lay a card must, a
 * player who cannot says go and is passed over. Because the count only rises, a player who
 * could not play cannot play again in that series, so "the next player who can play" is the
 * whole of the go rule. When nobody can, the series ends: the last to lay a card scores 1
 * (the go, or the last card) unless the count is 31, which scored 2 with the card. The next
 * series is led by the player after the last to lay a card, skipping players with no cards.
 */
static int step_play(cs_game *g) {
    int n = g->players;
    int turn = next_seat(g, g->dealer), last = -1;
    int cards_left = 0;
    for (int s = 0; s < n; s++) cards_left += g->n_hand[s];
    for (;;) {
        int p = -1;
        for (int i = 0, s = turn; i < n; i++, s = next_seat(g, s)) {
            if (can_play(g, s)) {
                p = s;
                break;
            }
        }
        if (p < 0) {
            if (last >= 0 && g->count != 31) {
                g->rec.play_points[g->n_plays - 1] += 1;
                cs_event e = {.type = CS_EVENT_GO, .seat = last, .card = CS_NO_CARD, .points = 1};
                int ended = add_points(g, last, 1, SRC_PEG);
                emit(g, &e);
                if (ended) return CS_OK;
            }
            if (cards_left == 0 || g->rules->single_series) break;
            g->count = 0;
            g->n_pile = 0;
            cs_event e = {.type = CS_EVENT_RESET, .seat = last, .card = CS_NO_CARD};
            emit(g, &e);
            turn = next_seat(g, last);
            while (g->n_hand[turn] == 0) turn = next_seat(g, turn);
            continue;
        }
        cs_view v;
        cs_game_view(g, p, &v);
        cs_card card = CS_NO_CARD;
        int rc = g->agents[p].play(g->agents[p].self, &v, &card);
        if (rc != CS_OK) return fail(g, p, rc, "the agent failed to choose a card to play");
        int at = -1;
        for (int i = 0; i < g->n_hand[p]; i++)
            if (g->hand[p][i] == card) at = i;
        if (at < 0 || g->count + cs_card_value(card) > 31) {
            char c[CS_CARD_TEXT_MAX], what[96];
            cs_card_format(card, c);
            if (at < 0) snprintf(what, sizeof what, "played %s, which is not in its hand", c);
            else snprintf(what, sizeof what, "played %s on a count of %d, past 31", c, g->count);
            return fail(g, p, CS_EILLEGAL, what);
        }
        g->hand[p][at] = g->hand[p][--g->n_hand[p]];
        cards_left--;
        g->pile[g->n_pile++] = card;
        g->count += cs_card_value(card);
        int points = cs_peg_score(g->pile, g->n_pile);
        g->play_seat[g->n_plays] = (uint8_t)p;
        g->play_card[g->n_plays] = card;
        g->rec.play_seat[g->n_plays] = (uint8_t)p;
        g->rec.play_card[g->n_plays] = card;
        g->rec.play_points[g->n_plays] = (uint8_t)points;
        g->n_plays++;
        g->rec.n_plays = (uint8_t)g->n_plays;
        last = p;
        cs_event e = {.type = CS_EVENT_PLAY, .seat = p, .card = card, .points = points};
        int ended = add_points(g, p, points, SRC_PEG);
        emit(g, &e);
        if (ended) return CS_OK;
        turn = next_seat(g, p);
    }
    return CS_OK;
}

/* The show: each hand from the dealer's left round to the dealer, then the crib. */
static void step_show(cs_game *g) {
    const cs_rules *r = g->rules;
    int s = g->dealer;
    for (int i = 0; i < g->players; i++) {
        s = next_seat(g, s);
        int points = cs_show_score(g->kept[s], g->hand_size, g->starter, r->hand_flush_min);
        cs_event e = {.type = CS_EVENT_SHOW, .seat = s, .card = g->starter, .points = points,
                      .n_cards = g->hand_size};
        memcpy(e.cards, g->kept[s], (size_t)g->hand_size);
        int ended = add_points(g, s, points, SRC_HAND);
        emit(g, &e);
        if (ended) return;
    }
    int points = cs_show_score(g->crib, CS_CRIB_SIZE, g->starter, r->crib_flush_min);
    cs_event e = {.type = CS_EVENT_SHOW, .seat = g->dealer, .card = g->starter, .points = points,
                  .is_crib = 1, .n_cards = CS_CRIB_SIZE};
    memcpy(e.cards, g->crib, CS_CRIB_SIZE);
    add_points(g, g->dealer, points, SRC_CRIB);
    emit(g, &e);
}

static void step_deal_done(cs_game *g) {
    const cs_rules *r = g->rules;
    for (int s = 0; s < CS_MAX_PLAYERS; s++)
        g->rec.score[s] = (int16_t)(s < g->players ? g->seat_score[s] : -1);
    g->sum.deals = (uint16_t)g->deal;
    if (!g->over && r->max_deals > 0 && g->deal >= r->max_deals) {
        /* The deals ran out: the higher side wins; a tie at the top is a tie. */
        int best = -1, tied = 0;
        for (int side = 0; side < cs_rules_sides(r); side++) {
            if (best < 0 || g->side_score[side] > g->side_score[best]) {
                best = side;
                tied = 0;
            } else if (g->side_score[side] == g->side_score[best]) {
                tied = 1;
            }
        }
        finish_game(g, tied ? -1 : best);
        g->rec.ended = 1;
    }
    for (int s = 0; s < g->players; s++) g->sum.score[s] = (int16_t)g->seat_score[s];
    if (g->over) {
        cs_event e = {.type = CS_EVENT_END, .seat = g->sum.winner, .card = CS_NO_CARD};
        emit(g, &e);
        g->phase = CS_PHASE_OVER;
    } else {
        g->dealer = next_seat(g, g->dealer);
        g->phase = CS_PHASE_DEAL;
    }
}

int cs_game_step(cs_game *g) {
    int rc = CS_OK;
    switch (g->phase) {
    case CS_PHASE_CUT_FOR_DEAL: step_cut_for_deal(g); break;
    case CS_PHASE_DEAL: step_deal(g); break;
    case CS_PHASE_DISCARD: rc = step_discard(g); break;
    case CS_PHASE_STARTER: step_starter(g); break;
    case CS_PHASE_PLAY:
        rc = step_play(g);
        if (rc == CS_OK) g->phase = g->over ? CS_PHASE_DEAL_DONE : CS_PHASE_SHOW;
        break;
    case CS_PHASE_SHOW:
        step_show(g);
        g->phase = CS_PHASE_DEAL_DONE;
        break;
    case CS_PHASE_DEAL_DONE: step_deal_done(g); break;
    case CS_PHASE_OVER: return fail(g, -1, CS_ESTATE, "the game is already over");
    }
    return rc;
}

void cs_game_summary(const cs_game *g, cs_game_record *out) { *out = g->sum; }

int cs_game_run(cs_game *g, cs_deal_sink sink, void *sink_ctx, cs_game_record *out) {
    while (g->phase != CS_PHASE_OVER) {
        int rc = cs_game_step(g);
        if (rc != CS_OK) return rc;
        if (g->phase != CS_PHASE_DEAL_DONE) continue;
        rc = cs_game_step(g); /* completes the deal's record */
        if (rc != CS_OK) return rc;
        if (sink && (rc = sink(sink_ctx, &g->rec)) != 0) return rc;
    }
    *out = g->sum;
    return CS_OK;
}

/* ---- the uniform-random legal agent ---- */

static int random_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    cs_pcg32 *rng = self;
    cs_card cards[CS_MAX_DEALT];
    memcpy(cards, v->hand, (size_t)v->n_hand);
    for (int d = 0; d < v->rules->discards; d++) {
        int j = d + (int)cs_pcg32_bounded(rng, (uint32_t)(v->n_hand - d));
        cs_card t = cards[d];
        cards[d] = cards[j];
        cards[j] = t;
        out[d] = cards[d];
    }
    return CS_OK;
}

static int random_play(void *self, const cs_view *v, cs_card *out) {
    cs_card legal[CS_MAX_HAND];
    int n = cs_view_legal_plays(v, legal);
    if (n == 0) return CS_EILLEGAL;
    *out = legal[cs_pcg32_bounded(self, (uint32_t)n)];
    return CS_OK;
}

cs_agent cs_agent_random(cs_pcg32 *rng) {
    cs_agent a = {random_discard, random_play, NULL, rng, "random"};
    return a;
}

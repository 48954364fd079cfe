/*
 * game.c - the game state machine of game.h.
 *
 * One call of cs_game_step() runs one phase (cut for deal, deal, discard, starter, play, show,
 * deal done). Every point goes through add_points(), which credits the seat's source, the
 * side's score and the deal record, and ends the game the moment a side reaches the target;
 * after that nothing more of the deal is played or recorded.
 *
 * Speed (the target is a million random games a second on one core) without changing
 * anything that is dealt, asked or recorded:
 * - each seat has a cs_view whose pointers are set once (begin, copy); each phase updates the
 *   scalars it changes and seat_view() only those that change with every card;
 * - during the play a seat's cards are also counted by value (values_held), so the lowest value
 *   it holds, and so whether it can play, is a count of trailing zeros and one compare; and
 *   slot[] finds a card in its holder's hand in one look;
 * - a side's score is kept in its seats' entries of seat_score, so crediting points touches one
 *   or two ints, and points of zero go through the same adds rather than a branch;
 * - events are built only when some agent observes;
 * - the play scores each card with the count it already keeps (cs_peg_score_counted), and the
 *   show's hand keys are summed when the starter is cut, which also lets the show's reads of
 *   the 371 KB rank table be prefetched while the play runs (they missed the caches often
 *   enough to be a sixth of a random game's time);
 * - the hot loops store bytes before ints and avoid block copies of bytes just stored one at a
 *   time (a load spanning several recent byte stores waits for all of them to retire).
 * tests/test_game.c referees the play; a hash over every record, view and event of many games
 * per preset, taken before and after, held the speed work to byte-identical results.
 */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

/* Where points come from; each has a field in the deal and game records. */
typedef enum {
    SRC_PEG,
    SRC_HAND,
    SRC_CRIB,
    SRC_HEELS,
    SRC_BONUS,
    SRC_MUGGINS,
    SRC_PENALTY
} point_source;

/*
 * During the play each seat's unplayed cards are also counted by value: nibble v - 1 of
 * values_held[s] holds how many cards of value v (1..10) the seat has (at most 4, so a nibble
 * never overflows). The lowest value held is then the lowest non-zero nibble, one count of
 * trailing zeros; a sentinel bit in nibble 15 stands for "no cards" and maps to a value no
 * count can take (32: even a count of 0 plus it is past 31).
 */
#define VALUE_NIBBLE(v)   (1ull << (4 * ((v)-1)))
#define NO_CARDS_SENTINEL (1ull << 60)
static const uint8_t LOWEST_BY_NIBBLE[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 32, 32, 32, 32, 32, 32};

struct cs_game {
    const cs_rules *rules;
    const cs_agent *agents;
    uint64_t seed, index, card_key;
    cs_phase phase;
    int players;
    int partnership;
    uint8_t next[CS_MAX_PLAYERS]; /* the seat on each seat's left */
    int hand_size;
    int any_observer;
    int any_go; /* some agent says go itself (cs_agent.go) */
    int dealer;
    int deal; /* deals begun */
    /*
     * Each seat's side's score. Side k is seat k's side (side_of(k) == k in every variant), so
     * side k's score is seat_score[k]; in partnerships seats s and s ^ 2 are kept equal.
     */
    int seat_score[CS_MAX_PLAYERS];
    int winner_side; /* -1 until someone reaches the target */
    int over;
    int from_scores; /* begun from given scores (cs_game_set_scores): no start bonus */

    /* the deal in progress */
    cs_card hand[CS_MAX_PLAYERS][CS_MAX_DEALT]; /* unplayed cards */
    int n_hand[CS_MAX_PLAYERS];
    uint64_t values_held[CS_MAX_PLAYERS]; /* see VALUE_NIBBLE */
    int min_value[CS_MAX_PLAYERS];        /* lowest value in hand[s], 32 if none */
    /* Each card's index in its holder's hand[], so a card is found in one look: only right
     * for cards the seat holds, so a lookup is confirmed by hand[slot[c]] == c. 256 entries so
     * any byte an agent answers can be looked up. */
    uint8_t slot[256];
    int cards_left; /* sum of n_hand during the play */
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND];
    int n_kept;
    cs_card discards[CS_MAX_PLAYERS][CS_MAX_DISCARD];
    int n_discards;
    cs_card crib[CS_CRIB_SIZE + 1]; /* + 1: step_discard stores CS_MAX_DISCARD past n_crib */
    int n_crib;
    /* From the STARTER phase: cs_show_hand_key() of each kept hand, and of the crib last. */
    uint64_t show_key[CS_MAX_PLAYERS + 1];
    cs_card starter_card; /* drawn at the deal, revealed at the STARTER phase */
    cs_card starter;      /* CS_NO_CARD until revealed */
    int count;
    cs_card pile[CS_PEG_PILE_MAX];
    int n_pile;
    int n_plays;
    uint8_t play_seat[CS_MAX_PLAYS];
    cs_card play_card[CS_MAX_PLAYS];

    /* Where a phase paused by a pending decision (CS_EPENDING) takes up again: the seats that
     * have laid away, and in the play the seat the search for the next player starts from,
     * the last to lay a card (-1: none this series) and the seats that said go this series
     * (a bit each). */
    int discards_done;
    int play_turn, play_last;
    unsigned go_said;
    unsigned reneged; /* seats passed over this series for a renege (a bit each) */
    int renege_drawn; /* 1 + the seat whose renege was drawn for the turn it is on, or 0 */

    /* What each seat sees: pointers into this game and scalars kept up to date as
     * point_views() describes; shown to agents as they are, copied by cs_game_view(). */
    cs_view view[CS_MAX_PLAYERS];

    cs_card stacked[CS_DEAL_DRAW_MAX]; /* cards for the next deal, if n_stacked */
    int n_stacked;

    cs_deal_record rec;
    cs_game_record sum;

    int any_miss;         /* some seat's agent has a cs_miss */
    cs_pcg32 mistake_rng; /* the deal's overlooked and seen points, when any_miss */

    int err_seat;
    char err[512]; /* room for an outside agent's command or a plugin's path, then the reason */
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

/* A fresh deck in code order, copied before each shuffle. */
static const cs_card DECK_ORDER[CS_DECK_SIZE] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
    18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
    36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51,
};

/*
 * cs_card_value() of every byte, one load instead of a shift, an add and a compare where the
 * play asks it for every card it looks at. Codes past the deck (CS_NO_CARD) count 10, as there.
 */
#define V4(v)  v, v, v, v
#define V16(v) V4(v), V4(v), V4(v), V4(v)
static const uint8_t VALUE_OF[256] = {
    V4(1),   V4(2),   V4(3),   V4(4),   V4(5),   V4(6),   V4(7),   V4(8),
    V4(9),   V4(10),  V4(10),  V4(10),  V4(10), /* the deck: 52 codes */
    V4(10),  V4(10),  V4(10),  V16(10), V16(10), V16(10), V16(10), V16(10),
    V16(10), V16(10), V16(10), V16(10), V16(10), V16(10), V16(10), /* 204 more: 3 x 4 + 12 x 16 */
};
#undef V16
#undef V4

static int card_value(cs_card c) {
    return VALUE_OF[c];
}

/* A deal record before anything happens: no cards anywhere, no points. */
static const cs_deal_record EMPTY_DEAL = {
    .dealt = {{CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD},
              {CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD},
              {CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD},
              {CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD}},
    .crib_extra = CS_NO_CARD,
    .discard = {{CS_NO_CARD, CS_NO_CARD},
                {CS_NO_CARD, CS_NO_CARD},
                {CS_NO_CARD, CS_NO_CARD},
                {CS_NO_CARD, CS_NO_CARD}},
    .starter = CS_NO_CARD,
    .play_card = {CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD,
                  CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD,
                  CS_NO_CARD, CS_NO_CARD, CS_NO_CARD, CS_NO_CARD},
};

const char *cs_phase_name(cs_phase p) {
    return (unsigned)p < sizeof PHASE_NAMES / sizeof PHASE_NAMES[0] ? PHASE_NAMES[p] : "unknown";
}

const char *cs_event_name(cs_event_type t) {
    return (unsigned)t < sizeof EVENT_NAMES / sizeof EVENT_NAMES[0] ? EVENT_NAMES[t] : "unknown";
}

cs_game *cs_game_new(void) {
    return calloc(1, sizeof(cs_game));
}

void cs_game_free(cs_game *g) {
    free(g);
}

/*
 * Sets what each seat's view keeps for the whole game: the rules, the game index, the seat and
 * the pointers into this game (so needed again whenever the game moves: cs_game_copy). What
 * changes once a phase (dealer, deal, n_kept, n_discards, starter) is set for every seat by
 * the phase that changes it; what changes with every card, by seat_view().
 */
static void point_views(cs_game *g) {
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        cs_view *v = &g->view[s];
        v->rules = g->rules;
        v->game = g->index;
        v->seat = s;
        v->hand = g->hand[s];
        v->kept = g->kept[s];
        v->discards = g->discards[s];
        v->pile = g->pile;
        v->play_seat = g->play_seat;
        v->play_card = g->play_card;
        v->cards_left = g->n_hand;
        v->score = g->seat_score;
    }
}

void cs_game_set_match(cs_game *g, const cs_match_context *ctx) {
    for (int s = 0; s < CS_MAX_PLAYERS; s++) g->view[s].match = ctx;
}

static int side_of(const cs_game *g, int seat);

int cs_game_set_scores(cs_game *g, const int side_score[]) {
    const cs_rules *r = g->rules;
    if (g->deal != 0 || (g->phase != CS_PHASE_CUT_FOR_DEAL && g->phase != CS_PHASE_DEAL))
        return CS_ESTATE;
    int sides = cs_rules_sides(r);
    for (int side = 0; side < sides; side++)
        if (side_score[side] < 0 || side_score[side] >= r->target) return CS_ERANGE;
    for (int s = 0; s < g->players; s++) {
        g->seat_score[s] = side_score[side_of(g, s)];
        g->sum.score[s] = (int16_t)g->seat_score[s];
    }
    g->from_scores = 1;
    return CS_OK;
}

void cs_game_copy(cs_game *dst, const cs_game *src) {
    memcpy(dst, src, sizeof *dst);
    point_views(dst);
}

cs_phase cs_game_phase(const cs_game *g) {
    return g->phase;
}

const char *cs_game_error(const cs_game *g) {
    return g->err;
}

int cs_game_error_seat(const cs_game *g) {
    return g->err_seat;
}

int cs_game_score(const cs_game *g, int seat) {
    return g->seat_score[seat];
}

const cs_deal_record *cs_game_deal_record(const cs_game *g) {
    return &g->rec;
}

static int side_of(const cs_game *g, int seat) {
    return g->partnership ? seat & 1 : seat;
}

static int next_seat(const cs_game *g, int seat) {
    return g->next[seat];
}

/* The seat's view, the scalars that change with every card brought up to date; valid until
 * the game changes. */
static const cs_view *seat_view(cs_game *g, int seat) {
    cs_view *v = &g->view[seat];
    v->n_hand = g->n_hand[seat];
    v->count = g->count;
    v->n_pile = g->n_pile;
    v->n_plays = g->n_plays;
    return v;
}

void cs_game_view(const cs_game *g, int seat, cs_view *v) {
    /* The stored view may lag behind the game, so the scalars are read afresh. */
    *v = g->view[seat];
    v->rules = g->rules;
    v->game = g->index;
    v->dealer = g->dealer;
    v->deal = g->deal - 1;
    v->n_hand = g->n_hand[seat];
    v->n_kept = g->n_kept;
    v->n_discards = g->n_discards;
    v->starter = g->starter;
    v->count = g->count;
    v->n_pile = g->n_pile;
    v->n_plays = g->n_plays;
}

int cs_view_legal_plays(const cs_view *v, cs_card out[CS_MAX_HAND]) {
    /* Every card is written and only the legal ones counted: no branch on the cards. The view
     * is read into locals first, as the byte stores to out[] could alias it. */
    const cs_card *hand = v->hand;
    int n_hand = v->n_hand, room = 31 - v->count, n = 0;
    for (int i = 0; i < n_hand; i++) {
        cs_card c = hand[i];
        out[n] = c;
        n += card_value(c) <= room;
    }
    return n;
}

static int fail(cs_game *g, int seat, int err, const char *what) {
    /* The agent's name is written straight into the message, whole (a plugin's or an outside
     * agent's name can be a long path), so the game and the deal always follow it. */
    const char *name = seat >= 0 ? g->agents[seat].name : NULL;
    char seat_text[16] = "";
    if (seat >= 0) snprintf(seat_text, sizeof seat_text, "seat %d", seat);
    snprintf(g->err, sizeof g->err, "%s%s%s%s%sgame %llu, deal %d: %s", seat_text, name ? " (" : "",
             name ? name : "", name ? ")" : "", seat >= 0 ? " in " : "",
             (unsigned long long)g->index, g->deal > 0 ? g->deal - 1 : 0, what);
    g->err_seat = seat;
    return err;
}

/* Tells every observing agent the event; called only when some agent observes, so the hot
 * path pays one test of any_observer. */
static void emit_to_observers(cs_game *g, const cs_event *e) {
    for (int s = 0; s < g->players; s++) {
        if (g->agents[s].observe == NULL) continue;
        g->agents[s].observe(g->agents[s].self, seat_view(g, s), e);
    }
}

/* Tells observers an event without cards; the event is built only if someone observes. */
static inline void emit(cs_game *g, cs_event_type type, int seat, cs_card card, int points) {
    if (!g->any_observer) return;
    cs_event e = {.type = type, .seat = seat, .card = card, .points = points};
    emit_to_observers(g, &e);
}

static void finish_game(cs_game *g, int winner_side);

/*
 * Credits points to seat from source; returns 1 if that ended the game (the seat's side
 * reached the target), so the caller stops the deal there. Zero points go through the same
 * adds: no test to mispredict, and a side already below the target stays there.
 */
static inline int add_points(cs_game *g, int seat, int points, point_source source) {
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
    case SRC_MUGGINS:
        g->rec.mugged[seat] += (int16_t)points;
        g->sum.mugged[seat] += (int16_t)points;
        break;
    case SRC_PENALTY:
        g->rec.penalty[seat] += (int16_t)points;
        g->sum.penalty[seat] += (int16_t)points;
        break;
    }
    int score = g->seat_score[seat] += points;
    if (g->partnership) g->seat_score[seat ^ 2] = score;
    if (score >= g->rules->target) {
        finish_game(g, side_of(g, seat));
        return 1;
    }
    return 0;
}

/* ---- points overlooked (a seat's cs_miss) and claimed by muggins (rules.muggins) ---- */

static const char *const MISS_NAMES[] = {
#define CS_MISS_NAME(ident, name, what) name,
    CS_MISS_LIST(CS_MISS_NAME)
#undef CS_MISS_NAME
};

const char *cs_miss_kind_name(int kind) {
    return kind >= 0 && kind < CS_MISS_KINDS ? MISS_NAMES[kind] : NULL;
}

/* The most items one count can hold: 8 fifteens (the 29 hand), 6 pairs, 3 repeated runs, a
 * flush and nobs. */
#define MISSED_ITEMS_MAX 20

/* The scoring items one count overlooked: each one's kind and points. */
typedef struct {
    int n;
    uint8_t kind[MISSED_ITEMS_MAX];
    uint8_t points[MISSED_ITEMS_MAX];
} missed_items;

/* Whether something with chance p happens, from the deal's mistake generator: no draw for a
 * chance of 0 or 1, so a seat that never (or always) errs leaves the stream alone. */
static int chance(cs_game *g, double p) {
    if (p <= 0) return 0;
    if (p >= 1) return 1;
    return (double)cs_pcg32_next(&g->mistake_rng) < p * 4294967296.0;
}

/* Draws whether an item of a kind worth `points` is overlooked under miss; notes it in m if
 * so and returns the points lost. */
static int overlook(cs_game *g, const cs_miss *miss, missed_items *m, int kind, int points) {
    if (!chance(g, miss->p[kind])) return 0;
    m->kind[m->n] = (uint8_t)kind;
    m->points[m->n++] = (uint8_t)points;
    return points;
}

/*
 * The points of items seat `owner` overlooked that the seat next in turn (an opponent in
 * every variant) claims: each item it sees, with 1 less its own chance of overlooking that
 * kind (every item when it counts perfectly). None without muggins.
 */
static int claim(cs_game *g, int owner, const missed_items *m) {
    if (!g->rules->muggins) return 0;
    const cs_miss *sees = g->agents[next_seat(g, owner)].miss;
    int claimed = 0;
    for (int i = 0; i < m->n; i++)
        if (!sees || !chance(g, sees->p[m->kind[i]])) claimed += m->points[i];
    return claimed;
}

/* The length of each run in a show's run points (3, 4, 5, or 3 or 4 repeated: 6 8 9 12). */
static int run_length(int runs) {
    if (runs == 5) return 5;
    if (runs == 4 || runs == 8) return 4;
    return 3;
}

/* The items of a show (cards[0..n) with the starter) the counting seat overlooks under miss;
 * returns their points. */
static int overlook_show(cs_game *g, const cs_miss *miss, const cs_card cards[], int n,
                         int flush_min, missed_items *m) {
    m->n = 0;
    if (!miss) return 0;
    cs_show_points b;
    cs_show_breakdown(cards, n, g->starter, flush_min, &b);
    int lost = 0;
    for (int i = 0; i < b.fifteens / 2; i++) lost += overlook(g, miss, m, CS_MISS_FIFTEENS, 2);
    for (int i = 0; i < b.pairs / 2; i++) lost += overlook(g, miss, m, CS_MISS_PAIRS, 2);
    if (b.runs) {
        int len = run_length(b.runs);
        for (int i = 1; i < b.runs / len; i++) lost += overlook(g, miss, m, CS_MISS_RUNS, len);
    }
    /* A flush that needs the starter (the crib's) is lost whole with it; a hand's flush that
     * the starter extends loses the starter's point. */
    if (b.flush && flush_min > n)
        lost += overlook(g, miss, m, CS_MISS_FLUSH, b.flush);
    else if (b.flush == n + 1)
        lost += overlook(g, miss, m, CS_MISS_FLUSH, 1);
    if (b.nobs) lost += overlook(g, miss, m, CS_MISS_NOBS, 1);
    return lost;
}

/*
 * A show counted by a seat that may overlook points: it pegs the rules' points less those it
 * overlooked, then the seat next in turn claims what it sees of them. Writes both into
 * *missed and *mugged (the record's); returns 1 if the game ended.
 */
static int show_with_mistakes(cs_game *g, int seat, const cs_card cards[], int n, int flush_min,
                              int points, point_source source, int16_t *missed, int16_t *mugged) {
    missed_items m;
    int lost = overlook_show(g, g->agents[seat].miss, cards, n, flush_min, &m);
    int claimed = claim(g, seat, &m);
    *missed = (int16_t)lost;
    *mugged = (int16_t)claimed;
    g->sum.missed[seat] += (int16_t)lost;
    if (add_points(g, seat, points - lost, source)) return 1;
    return add_points(g, next_seat(g, seat), claimed, SRC_MUGGINS);
}

/* The same for points pegged in the play (kind PLAY or LAST) on the deal's k-th card. */
static int peg_with_mistakes(cs_game *g, int seat, int k, int points, int kind) {
    const cs_miss *miss = g->agents[seat].miss;
    missed_items m = {0};
    int lost = miss && points > 0 ? overlook(g, miss, &m, kind, points) : 0;
    int claimed = claim(g, seat, &m);
    g->rec.play_missed[k] = (uint8_t)(g->rec.play_missed[k] + lost);
    g->rec.play_mugged[k] = (uint8_t)(g->rec.play_mugged[k] + claimed);
    g->sum.missed[seat] += (int16_t)lost;
    if (add_points(g, seat, points - lost, SRC_PEG)) return 1;
    return add_points(g, next_seat(g, seat), claimed, SRC_MUGGINS);
}

/*
 * Ends the game with winner_side (-1: the deals ran out with the top score tied). Skunk and
 * lurch are judged only when the winner reached the target: a fixed-deal game that runs out
 * of deals has no race to be lurched or skunked in.
 */
static void finish_game(cs_game *g, int winner_side) {
    const cs_rules *r = g->rules;
    int reached = winner_side >= 0 && g->seat_score[winner_side] >= r->target;
    g->over = 1;
    g->winner_side = winner_side;
    g->rec.ended = 1;
    g->sum.winner = (int8_t)winner_side;
    int lurch = reached && r->lurch_line > 0;
    for (int s = 0; s < g->players; s++) {
        if (side_of(g, s) == winner_side) continue;
        if (reached)
            g->sum.skunk[s] =
                (uint8_t)cs_rules_skunk_level(r, g->seat_score[s], g->seat_score[winner_side]);
        if (g->seat_score[s] >= r->lurch_line) lurch = 0;
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
    point_views(g);
    g->card_key = card_key;
    g->players = rules->players;
    g->partnership = rules->partnership;
    for (int s = 0; s < rules->players; s++)
        g->next[s] = (uint8_t)(s + 1 == rules->players ? 0 : s + 1);
    g->hand_size = cs_rules_hand_size(rules);
    g->winner_side = -1;
    g->err_seat = -1;
    g->starter = CS_NO_CARD;
    for (int s = 0; s < rules->players; s++) {
        if (agents[s].observe) g->any_observer = 1;
        if (agents[s].go) g->any_go = 1;
        if (agents[s].miss) g->any_miss = 1;
    }
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
        memcpy(deck, DECK_ORDER, sizeof deck);
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

/* Cards one deal draws: the hands, the crib card from the deck, the starter. */
static int deal_draws(const cs_rules *r) {
    return r->players * r->cards_dealt + r->crib_from_deck + 1;
}

/* The first `draws` cards of deal `deal`'s shuffle: a partial Fisher-Yates shuffle draws just
 * the cards the deal uses. deck[] holds CS_DECK_SIZE cards. */
static void shuffle_deal(const cs_game *g, int deal, cs_card deck[], int draws) {
    cs_pcg32 rng = cs_pcg32_derive(g->seed, g->card_key, CS_STREAM_DEAL, (uint32_t)deal);
    memcpy(deck, DECK_ORDER, CS_DECK_SIZE);
    for (int i = 0; i < draws; i++) {
        int j = i + (int)cs_pcg32_bounded(&rng, (uint32_t)(CS_DECK_SIZE - i));
        cs_card t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

int cs_game_next_deal_order(const cs_game *g, cs_card order[]) {
    if (g->phase != CS_PHASE_DEAL) return CS_ESTATE;
    cs_card deck[CS_DECK_SIZE];
    int draws = deal_draws(g->rules);
    shuffle_deal(g, g->deal, deck, draws);
    memcpy(order, deck, (size_t)draws);
    return draws;
}

int cs_game_set_starter(cs_game *g, cs_card starter) {
    if (g->phase != CS_PHASE_DISCARD && g->phase != CS_PHASE_STARTER) return CS_ESTATE;
    if (!cs_card_valid(starter)) return CS_EBADCARD;
    if (starter == g->rec.crib_extra) return CS_EDUPCARD;
    for (int s = 0; s < g->players; s++)
        for (int i = 0; i < g->rules->cards_dealt; i++)
            if (g->rec.dealt[s][i] == starter) return CS_EDUPCARD;
    g->starter_card = starter;
    return CS_OK;
}

int cs_game_dealer(const cs_game *g) {
    return g->dealer;
}

void cs_game_rebind(cs_game *g, const cs_rules *rules, const cs_agent agents[]) {
    g->rules = rules;
    g->agents = agents;
    point_views(g);
}

static void step_deal(cs_game *g) {
    const cs_rules *r = g->rules;
    int n = g->players;
    /* memcpy compiles to a few vector stores here, where the struct assignment became a
     * rep stos, slow to start for 136 bytes. */
    memcpy(&g->rec, &EMPTY_DEAL, sizeof g->rec);
    g->rec.game = g->index;
    g->rec.deal = (uint16_t)g->deal;
    g->rec.dealer = (uint8_t)g->dealer;
    g->deal++;
    g->n_kept = g->n_discards = g->n_crib = 0;
    g->count = g->n_pile = g->n_plays = 0;
    g->starter = CS_NO_CARD;
    if (g->any_miss)
        g->mistake_rng =
            cs_pcg32_derive(g->seed, g->card_key, CS_STREAM_MISTAKE, (uint32_t)(g->deal - 1));
    for (int s = 0; s < n; s++) {
        /* Cards left unplayed last deal (the five-card game's single series) are gone: no
         * view of this deal, not even the DEAL event's, may still hold them. */
        g->n_hand[s] = 0;
        cs_view *v = &g->view[s];
        v->n_hand = 0;
        v->dealer = g->dealer;
        v->deal = g->deal - 1;
        v->n_kept = v->n_discards = 0;
        v->starter = CS_NO_CARD;
    }

    emit(g, CS_EVENT_DEAL, g->dealer, CS_NO_CARD, 0);

    /* Three for last: the first pone's start bonus, before the first deal's cards. */
    if (g->deal == 1 && r->start_bonus > 0 && !g->from_scores) {
        int pone = next_seat(g, g->dealer);
        int ended = add_points(g, pone, r->start_bonus, SRC_BONUS);
        emit(g, CS_EVENT_BONUS, pone, CS_NO_CARD, r->start_bonus);
        if (ended) {
            g->phase = CS_PHASE_DEAL_DONE;
            return;
        }
    }

    cs_card deck[CS_DECK_SIZE];
    int draws = deal_draws(r);
    if (g->n_stacked) {
        memcpy(deck, g->stacked, (size_t)draws);
        g->n_stacked = 0;
    } else {
        shuffle_deal(g, g->deal - 1, deck, draws);
    }
    /* One card at a time, starting with the player on the dealer's left: the i-th seat from
     * there gets cards i, i + n, i + 2n, ... */
    for (int i = 0, s = next_seat(g, g->dealer); i < n; i++, s = next_seat(g, s)) {
        for (int round = 0; round < r->cards_dealt; round++) {
            g->hand[s][round] = deck[round * n + i];
            g->slot[deck[round * n + i]] = (uint8_t)round;
            g->rec.dealt[s][round] = deck[round * n + i];
        }
    }
    int k = n * r->cards_dealt;
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

/* The lowest value a seat holds, from its values_held (see VALUE_NIBBLE). */
static int lowest_held(uint64_t values_held) {
    return LOWEST_BY_NIBBLE[__builtin_ctzll(values_held | NO_CARDS_SENTINEL) >> 2];
}

/*
 * Each seat from the dealer's left lays away. The whole answer is checked before the hand
 * changes (each card held, none twice); then the cards leave the hand as they always have,
 * each replaced by the hand's last card, so the kept hand's order is part of the record of
 * what agents saw.
 */
static int step_discard(cs_game *g) {
    const cs_rules *r = g->rules;
    int s = g->dealer;
    for (int i = 0; i < g->discards_done; i++) s = next_seat(g, s);
    for (int i = g->discards_done; i < g->players; i++) {
        s = next_seat(g, s);
        cs_card out[CS_MAX_DISCARD] = {CS_NO_CARD, CS_NO_CARD};
        int rc = g->agents[s].discard(g->agents[s].self, seat_view(g, s), out);
        if (rc == CS_EPENDING) {
            g->discards_done = i;
            return rc;
        }
        if (rc != CS_OK) return fail(g, s, rc, "the agent failed to choose its discards");
        cs_card *hand = g->hand[s];
        int n = g->n_hand[s];
        for (int d = 0; d < r->discards; d++) {
            int at = g->slot[out[d]];
            int twice = d > 0 && out[d] == out[0];
            if (at >= n || hand[at] != out[d] || twice) {
                char c[CS_CARD_TEXT_MAX], what[96];
                cs_card_format(out[d], c);
                snprintf(what, sizeof what, "discarded %s, which is not in its hand%s", c,
                         d > 0 ? " (or was discarded twice)" : "");
                return fail(g, s, CS_EILLEGAL, what);
            }
        }
        for (int d = 0; d < r->discards; d++) {
            int at = g->slot[out[d]];
            hand[at] = hand[--n];
            g->slot[hand[at]] = (uint8_t)at;
        }
        g->n_hand[s] = n;
        /* Byte by byte: a block copy of bytes just stored one at a time would wait for them. */
        uint64_t held = 0;
        for (int h = 0; h < n; h++) {
            cs_card c = hand[h];
            g->kept[s][h] = c;
            held += VALUE_NIBBLE(card_value(c));
        }
        g->values_held[s] = held;
        g->min_value[s] = lowest_held(held);
        /* Both slots are stored whatever r->discards is (out[] is padded with CS_NO_CARD):
         * a loop of one or two would become three calls of memcpy. */
        for (int d = 0; d < CS_MAX_DISCARD; d++) {
            g->discards[s][d] = out[d];
            g->rec.discard[s][d] = out[d];
            g->crib[g->n_crib + d] = out[d];
        }
        g->n_crib += r->discards;
    }
    g->discards_done = 0;
    g->n_discards = r->discards;
    g->n_kept = g->hand_size;
    for (int seat = 0; seat < g->players; seat++) {
        g->view[seat].n_discards = g->n_discards;
        g->view[seat].n_kept = g->n_kept;
    }
    g->cards_left = g->players * g->hand_size;
    g->phase = CS_PHASE_STARTER;
    return CS_OK;
}

static void step_starter(cs_game *g) {
    g->starter = g->starter_card;
    g->rec.starter = g->starter;
    for (int s = 0; s < g->players; s++) g->view[s].starter = g->starter;
    /* The show's keys, and its reads of the rank table asked for now: the play gives them
     * time to arrive. */
    for (int s = 0; s < g->players; s++) {
        g->show_key[s] = cs_show_hand_key(g->kept[s], g->hand_size);
        __builtin_prefetch(cs_show_key_ranks(g->show_key[s], g->hand_size) + (g->starter >> 2));
    }
    g->show_key[CS_MAX_PLAYERS] = cs_show_hand_key(g->crib, CS_CRIB_SIZE);
    __builtin_prefetch(cs_show_key_ranks(g->show_key[CS_MAX_PLAYERS], CS_CRIB_SIZE) +
                       (g->starter >> 2));
    int heels = cs_card_rank(g->starter) == CS_JACK ? g->rules->heels : 0;
    int ended = add_points(g, g->dealer, heels, SRC_HEELS);
    emit(g, CS_EVENT_STARTER, g->dealer, g->starter, heels);
    g->play_turn = next_seat(g, g->dealer);
    g->play_last = -1;
    g->go_said = 0;
    g->reneged = 0;
    g->renege_drawn = 0;
    g->phase = ended ? CS_PHASE_DEAL_DONE : CS_PHASE_PLAY;
}

/* Whether seat holds a card that fits under 31 on the current count. */
static int can_play(const cs_game *g, int seat) {
    return g->count + g->min_value[seat] <= 31;
}

/*
 * Whether seat, on turn with a card that fits, reneges (says go): drawn once a turn, and
 * never on a lead, for a seat whose cs_miss gives reneges a chance. A renege passes the seat
 * over for the rest of the series; with the renege penalty the seat after it scores the
 * penalty and every card that fitted is dead: out of the play, still in the show's hand.
 * Sets *ended when the penalty ended the game.
 */
static int reneges(cs_game *g, int seat, int *ended) {
    const cs_miss *miss = g->agents[seat].miss;
    *ended = 0;
    if (!miss || g->count == 0 || g->renege_drawn == seat + 1) return 0;
    g->renege_drawn = seat + 1;
    if (!chance(g, miss->p[CS_MISS_RENEGE])) return 0;
    g->reneged |= 1u << seat;
    g->rec.renege[seat] = (uint16_t)(g->rec.renege[seat] | 1u << g->n_plays);
    int penalty = g->rules->renege_penalty;
    if (penalty > 0) {
        cs_card *hand = g->hand[seat];
        int held = g->n_hand[seat];
        for (int i = 0; i < held;) {
            int value = card_value(hand[i]);
            if (g->count + value > 31) {
                i++;
                continue;
            }
            hand[i] = hand[--held];
            g->slot[hand[i]] = (uint8_t)i;
            g->values_held[seat] -= VALUE_NIBBLE(value);
            g->cards_left--;
        }
        g->n_hand[seat] = held;
        g->min_value[seat] = lowest_held(g->values_held[seat]);
        *ended = add_points(g, next_seat(g, seat), penalty, SRC_PENALTY);
    }
    return 1;
}

/* Says why the card an agent chose to play is illegal. */
static int fail_play(cs_game *g, int seat, cs_card card, int in_hand) {
    char c[CS_CARD_TEXT_MAX], what[96];
    cs_card_format(card, c);
    if (!in_hand)
        snprintf(what, sizeof what, "played %s, which is not in its hand", c);
    else
        snprintf(what, sizeof what, "played %s on a count of %d, past 31", c, g->count);
    return fail(g, seat, CS_EILLEGAL, what);
}

/* Keeps where the play stopped for a pending decision, to take up there. */
static int pause_play(cs_game *g, int turn, int last) {
    g->play_turn = turn;
    g->play_last = last;
    return CS_EPENDING;
}

/*
 * The play. The turn goes round from the dealer's left; a player who can lay a card must, a
 * player who cannot says go and is passed over. Because the count only rises, a player who
 * could not play cannot play again in that series, so "the next player who can play" is the
 * whole of the go rule. When nobody can, the series ends: the last to lay a card scores 1
 * (the go, or the last card) unless the count is 31, which scored 2 with the card. The next
 * series is led by the player after the last to lay a card, skipping players with no cards.
 * An agent with a go function (cs_agent.go) is asked to say go each time it is passed over
 * holding cards, once a series; the others are passed over without a call.
 */
static int step_play(cs_game *g) {
    int n = g->players;
    int turn = g->play_turn, last = g->play_last;
    for (;;) {
        int p = -1;
        for (int i = 0, s = turn; i < n; i++, s = next_seat(g, s)) {
            if (can_play(g, s) && !(g->reneged >> s & 1)) {
                int ended = 0;
                if (!g->any_miss || !reneges(g, s, &ended)) {
                    p = s;
                    break;
                }
                if (ended) return CS_OK;
                continue; /* passed over, as a seat that cannot play */
            }
            if (g->any_go && g->agents[s].go && g->n_hand[s] > 0 && !(g->go_said >> s & 1)) {
                int rc = g->agents[s].go(g->agents[s].self, seat_view(g, s));
                if (rc == CS_EPENDING) return pause_play(g, turn, last);
                if (rc != CS_OK) return fail(g, s, rc, "the agent failed to say go");
                g->go_said |= 1u << s;
            }
        }
        if (p < 0) {
            if (last >= 0 && g->count != 31) {
                g->rec.play_points[g->n_plays - 1] += 1;
                int ended = g->any_miss
                                ? peg_with_mistakes(g, last, g->n_plays - 1, 1, CS_MISS_LAST)
                                : add_points(g, last, 1, SRC_PEG);
                emit(g, CS_EVENT_GO, last, CS_NO_CARD, 1);
                if (ended) return CS_OK;
            }
            if (g->cards_left == 0 || g->rules->single_series) break;
            g->count = 0;
            g->n_pile = 0;
            g->go_said = 0;
            g->reneged = 0;
            emit(g, CS_EVENT_RESET, last, CS_NO_CARD, 0);
            turn = next_seat(g, last);
            while (g->n_hand[turn] == 0) turn = next_seat(g, turn);
            continue;
        }
        cs_card card = CS_NO_CARD;
        int rc = g->agents[p].play(g->agents[p].self, seat_view(g, p), &card);
        if (rc == CS_EPENDING) return pause_play(g, turn, last);
        if (rc != CS_OK) return fail(g, p, rc, "the agent failed to choose a card to play");
        cs_card *hand = g->hand[p];
        int held = g->n_hand[p];
        int at = g->slot[card]; /* right if the card is in p's hand, else hand[at] is not it */
        int in_hand = at < held && hand[at] == card;
        int value = card_value(card);
        int count = g->count + value;
        if (!in_hand || count > 31) return fail_play(g, p, card, in_hand);
        /* The byte stores first, the ints after them: bytes may alias anything for the compiler,
         * so ints stored last are read back from registers on the next turn rather than waited
         * for through memory, which would lengthen the chain from one card to the next. */
        int n_pile = g->n_pile, k = g->n_plays;
        held--;
        hand[at] = hand[held];
        g->slot[hand[at]] = (uint8_t)at;
        g->pile[n_pile] = card;
        g->play_seat[k] = (uint8_t)p;
        g->play_card[k] = card;
        g->rec.play_seat[k] = (uint8_t)p;
        g->rec.play_card[k] = card;
        g->rec.n_plays = (uint8_t)(k + 1);
        /* A lone card scores nothing: its value is at most 10 and it has nothing to pair or
         * run with. */
        int points = n_pile > 0 ? cs_peg_score_counted(g->pile, n_pile + 1, count) : 0;
        g->rec.play_points[k] = (uint8_t)points;
        g->n_hand[p] = held;
        g->values_held[p] -= VALUE_NIBBLE(value);
        g->min_value[p] = lowest_held(g->values_held[p]);
        g->cards_left--;
        g->count = count;
        g->n_pile = n_pile + 1;
        g->n_plays = k + 1;
        last = p;
        g->renege_drawn = 0;
        int ended = g->any_miss ? peg_with_mistakes(g, p, k, points, CS_MISS_PLAY)
                                : add_points(g, p, points, SRC_PEG);
        emit(g, CS_EVENT_PLAY, p, card, points);
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
        int points = cs_show_score_key(g->show_key[s], g->kept[s][0], g->hand_size, g->starter,
                                       r->hand_flush_min);
        int ended = g->any_miss ? show_with_mistakes(g, s, g->kept[s], g->hand_size,
                                                     r->hand_flush_min, points, SRC_HAND,
                                                     &g->rec.hand_missed[s], &g->rec.hand_mugged[s])
                                : add_points(g, s, points, SRC_HAND);
        if (g->any_observer) {
            cs_event e = {.type = CS_EVENT_SHOW,
                          .seat = s,
                          .card = g->starter,
                          .points = points,
                          .n_cards = g->hand_size};
            memcpy(e.cards, g->kept[s], (size_t)g->hand_size);
            emit_to_observers(g, &e);
        }
        if (ended) return;
    }
    int points = cs_show_score_key(g->show_key[CS_MAX_PLAYERS], g->crib[0], CS_CRIB_SIZE,
                                   g->starter, r->crib_flush_min);
    if (g->any_miss)
        show_with_mistakes(g, g->dealer, g->crib, CS_CRIB_SIZE, r->crib_flush_min, points, SRC_CRIB,
                           &g->rec.crib_missed, &g->rec.crib_mugged);
    else
        add_points(g, g->dealer, points, SRC_CRIB);
    if (g->any_observer) {
        cs_event e = {.type = CS_EVENT_SHOW,
                      .seat = g->dealer,
                      .card = g->starter,
                      .points = points,
                      .is_crib = 1,
                      .n_cards = CS_CRIB_SIZE};
        memcpy(e.cards, g->crib, CS_CRIB_SIZE);
        emit_to_observers(g, &e);
    }
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
            if (best < 0 || g->seat_score[side] > g->seat_score[best]) {
                best = side;
                tied = 0;
            } else if (g->seat_score[side] == g->seat_score[best]) {
                tied = 1;
            }
        }
        finish_game(g, tied ? -1 : best);
        g->rec.ended = 1;
    }
    for (int s = 0; s < g->players; s++) g->sum.score[s] = (int16_t)g->seat_score[s];
    if (g->over) {
        emit(g, CS_EVENT_END, g->sum.winner, CS_NO_CARD, 0);
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

void cs_game_summary(const cs_game *g, cs_game_record *out) {
    *out = g->sum;
}

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

/* A partial Fisher-Yates shuffle of the hand picks the discards: draw d is uniform over the
 * n_hand - d cards not yet picked. */
int cs_random_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    cs_pcg32 *rng = self;
    /* Copied by a fixed loop (n_hand is always the cards dealt), not a call to memcpy. */
    cs_card cards[CS_MAX_DEALT];
    for (int i = 0; i < CS_MAX_DEALT; i++) cards[i] = i < v->n_hand ? v->hand[i] : CS_NO_CARD;
    for (int d = 0; d < v->rules->discards; d++) {
        int j = d + (int)cs_pcg32_bounded(rng, (uint32_t)(v->n_hand - d));
        cs_card t = cards[d];
        cards[d] = cards[j];
        cards[j] = t;
        out[d] = cards[d];
    }
    return CS_OK;
}

int cs_random_play(void *self, const cs_view *v, cs_card *out) {
    cs_card legal[CS_MAX_HAND];
    int n = cs_view_legal_plays(v, legal);
    if (n == 0) return CS_EILLEGAL;
    *out = legal[cs_pcg32_bounded(self, (uint32_t)n)];
    return CS_OK;
}

cs_agent cs_agent_random(cs_pcg32 *rng) {
    cs_agent a = {cs_random_discard, cs_random_play, NULL, rng, "random", NULL, NULL};
    return a;
}

/*
 * game.h - a complete game of cribbage as an explicit state machine.
 *
 * The game asks each seat's agent for its decisions (which cards to lay away, which card to
 * play) through a cs_agent, showing it a cs_view of only what that seat may see. It enforces
 * legal play: an agent that answers an illegal move stops the game with CS_EILLEGAL and
 * cs_game_error() names the seat, the game and the deal; nothing is silently fixed.
 *
 * Randomness: the shuffle of deal d of game g comes from cs_pcg32_derive(seed, g,
 * CS_STREAM_DEAL, d) and the cut for first deal from (seed, g, CS_STREAM_CUT, 0), so the
 * cards never depend on the agents.
 *
 * Each finished deal yields a cs_deal_record (everything needed to replay it) and the game a
 * cs_game_record, the /deals and /games rows of a run file (docs/file-schema.md).
 */
#ifndef CS_GAME_H
#define CS_GAME_H

#include <stdint.h>

#include "cards.h"
#include "pcg32.h"
#include "rules.h"
#include "score.h"

/* At most 16 cards are played in a deal: four players holding four cards each. */
#define CS_MAX_PLAYS 16
/* Cards drawn from the shuffled deck in one deal: the hands, the crib card, the starter
 * (at most 4 * 5 + 1 = 21 with four players, 2 * 6 + 1 = 13 with two). */
#define CS_DEAL_DRAW_MAX (CS_MAX_PLAYERS * CS_MAX_DEALT + CS_CRIB_SIZE + 1)

/* The phases of a game, in the order they come. */
#define CS_PHASE_LIST(X)                                                                           \
    X(CUT_FOR_DEAL, "cut-for-deal") /* before the first deal: who deals */                         \
    X(DEAL, "deal")                 /* shuffle and deal the hands (and the crib card) */           \
    X(DISCARD, "discard")           /* each seat lays away to the crib */                          \
    X(STARTER, "starter")           /* cut the starter; his heels */                               \
    X(PLAY, "play")                 /* the pegging */                                              \
    X(SHOW, "show")                 /* hands from the dealer's left, the dealer, the crib */       \
    X(DEAL_DONE, "deal-done")       /* the deal is recorded; next dealer or the end */             \
    X(OVER, "over")                 /* the game has ended */

typedef enum {
#define CS_PHASE_ENUM(ident, name) CS_PHASE_##ident,
    CS_PHASE_LIST(CS_PHASE_ENUM)
#undef CS_PHASE_ENUM
} cs_phase;

const char *cs_phase_name(cs_phase p);

/*
 * The match or event around a game, as every player at the table knows it. A view outside any
 * match has none (NULL), which means the same as CS_MATCH_GAME: a win is a win. It says what
 * each result of this game is worth to a side, so a strategy can play for the match or the
 * event's scoring, not only for the game. A result's skunk level is the game record's (0 none,
 * 1 skunk, 2 double, 3 triple, by the rules' lines).
 *
 * - CS_MATCH_BEST_OF: the first side to games_to_win game wins takes the match; won[side] is
 *   what each side had won before this game, and a win at skunk level k counts game_wins[k]
 *   games (1, 1, 1, 1 where skunks count nothing extra; 1, 2, 3, 3 where a skunk counts two).
 * - CS_MATCH_POINTS: each game gives each side points, more being better for it: points_win[k]
 *   for a win at skunk level k, points_tie for a tie, and for a loss points_loss plus
 *   points_per_score times the loser's own final score. Clips are win 2, tie 1, loss 0; a
 *   league's "lowest total wins" points (win 0, skunk -1, double skunk -2, a loss the
 *   shortfall to 121) are negated: points_win = 0, 1, 2, 2; points_loss = -121;
 *   points_per_score = 1.
 */
typedef enum { CS_MATCH_GAME, CS_MATCH_BEST_OF, CS_MATCH_POINTS } cs_match_kind;

typedef struct {
    cs_match_kind kind;
    int format;              /* the event's format (experiments/ numbers them); 0: none */
    int games_to_win;        /* BEST_OF */
    int won[CS_MAX_PLAYERS]; /* BEST_OF: games each side won before this one */
    int game_wins[4];        /* BEST_OF: games a win counts for, by skunk level */
    double points_win[4];    /* POINTS: by the winner's skunk level */
    double points_tie;       /* POINTS */
    double points_loss;      /* POINTS: plus points_per_score * the loser's score */
    double points_per_score; /* POINTS */
} cs_match_context;

/*
 * What a seat may see when it is asked for a decision: its own cards and the public state.
 * The arrays point into the game and are valid only during the call that received the view.
 */
typedef struct {
    const cs_rules *rules;
    uint64_t game;       /* game index in the run */
    int seat;            /* the seat being asked */
    int dealer;          /* seat of the dealer of this deal */
    int deal;            /* deal number in the game, from 0 */
    int n_hand;          /* cards the seat holds and has not played */
    const cs_card *hand; /* those cards */
    int n_kept;          /* cards kept after the discard (0 before it) */
    const cs_card *kept; /* the seat's hand for the show, played or not */
    int n_discards;      /* cards this seat laid away (0 before the discard) */
    const cs_card *discards;
    cs_card starter;     /* CS_NO_CARD before the cut */
    int count;           /* count of the current series */
    int n_pile;          /* cards in the current series */
    const cs_card *pile; /* the current series, in order */
    int n_plays;         /* every card played this deal, in order */
    const uint8_t *play_seat;
    const cs_card *play_card;
    const int *cards_left;         /* [seat]: unplayed cards each seat holds */
    const int *score;              /* [seat]: each seat's side's score */
    const cs_match_context *match; /* the match or event around the game; NULL: none */
} cs_view;

/* Cards in the view's hand that may be played now (fit under 31); returns how many. */
int cs_view_legal_plays(const cs_view *v, cs_card out[CS_MAX_HAND]);

/* Public events, in the order they happen, for agents that follow the game. */
#define CS_EVENT_LIST(X)                                                                           \
    X(DEAL, "deal")       /* seat = dealer */                                                      \
    X(STARTER, "starter") /* card = starter; points = heels to the dealer (seat) */                \
    X(PLAY, "play")       /* seat laid card for points */                                          \
    X(GO, "go")           /* seat scored points (1) for the go or last card */                     \
    X(RESET, "reset")     /* the count went back to 0 */                                           \
    X(SHOW, "show")       /* seat counted its hand (or, is_crib, the crib) for points */           \
    X(BONUS, "bonus")     /* seat received the start bonus */                                      \
    X(END, "end")         /* the game is over; seat = winner as in cs_game_record */

typedef enum {
#define CS_EVENT_ENUM(ident, name) CS_EVENT_##ident,
    CS_EVENT_LIST(CS_EVENT_ENUM)
#undef CS_EVENT_ENUM
} cs_event_type;

typedef struct {
    cs_event_type type;
    int seat;
    cs_card card;
    int points;
    int is_crib; /* SHOW: 1 for the crib */
    int n_cards; /* SHOW: the cards shown (hand or crib, without starter) */
    cs_card cards[CS_CRIB_SIZE];
} cs_event;

const char *cs_event_name(cs_event_type t);

/*
 * Kinds of points a player can overlook when counting (X(ident, name, what)). A seat whose
 * agent carries a cs_miss overlooks each scoring item of that kind it should count with the
 * item's chance, drawn from the deal's own generator; with the rules' muggins on, the
 * opponent next in turn claims what it sees of them (an opponent with a cs_miss sees each
 * item with 1 less its own chance of overlooking that kind; one without sees all).
 */
#define CS_MISS_LIST(X)                                                                            \
    X(FIFTEENS, "fifteens", "each fifteen in the show")                                            \
    X(PAIRS, "pairs", "each pair in the show")                                                     \
    X(RUNS, "runs", "each run after the first of a double, triple or double-double run")           \
    X(FLUSH, "flush", "the starter's card of a flush (the whole crib flush, which needs it)")      \
    X(NOBS, "nobs", "his nobs")                                                                    \
    X(PLAY, "play", "the points of a card laid in the play")                                       \
    X(LAST, "last", "the go or the last card")                                                     \
    X(RENEGE, "renege", "a card that fits: the seat says go holding it (never on a lead)")

typedef enum {
#define CS_MISS_ENUM(ident, name, what) CS_MISS_##ident,
    CS_MISS_LIST(CS_MISS_ENUM)
#undef CS_MISS_ENUM
        CS_MISS_KINDS
} cs_miss_kind;

/* Name of a kind ("fifteens"), or NULL past the last. */
const char *cs_miss_kind_name(int kind);

/* A seat's chance of overlooking each kind, 0 to 1. */
typedef struct {
    double p[CS_MISS_KINDS];
} cs_miss;

/*
 * A seat's decision maker. The functions return 0, or a negative cs_err which stops the game
 * (the game reports it as the agent's failure).
 */
typedef struct {
    /* Writes rules->discards distinct cards from v->hand into out. */
    int (*discard)(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]);
    /* Writes one card of v->hand that fits under 31; called only when one does. */
    int (*play)(void *self, const cs_view *v, cs_card *out);
    /* Optional (may be NULL): told every public event as it happens. */
    void (*observe)(void *self, const cs_view *v, const cs_event *e);
    void *self;
    const char *name; /* names the agent in error messages ("expected"); may be NULL */
    /*
     * Optional (NULL for the strategies: a seat that cannot lay a card is passed over). When
     * set, a seat on turn in the play that holds cards none of which fits says go through it,
     * once a series; it returns 0, or a negative cs_err (CS_EPENDING included).
     */
    int (*go)(void *self, const cs_view *v);
    /* Optional (NULL: counts every point): the seat's chances of overlooking points. */
    const cs_miss *miss;
} cs_agent;

/* One deal, as a run file's /deals row (docs/file-schema.md); bonus is an extension (the start
 * bonus). */
typedef struct {
    uint64_t game;
    uint16_t deal;
    uint8_t dealer;
    cs_card dealt[CS_MAX_PLAYERS][CS_MAX_DEALT]; /* CS_NO_CARD padding */
    cs_card crib_extra;                          /* the three-player crib card, or none */
    cs_card discard[CS_MAX_PLAYERS][CS_MAX_DISCARD];
    cs_card starter;
    uint8_t n_plays;
    uint8_t play_seat[CS_MAX_PLAYS];
    cs_card play_card[CS_MAX_PLAYS];
    uint8_t play_points[CS_MAX_PLAYS]; /* go and last card included */
    int16_t peg[CS_MAX_PLAYERS];
    int16_t hand[CS_MAX_PLAYERS];
    int16_t crib;
    int16_t heels;
    int16_t score[CS_MAX_PLAYERS]; /* each seat's side after the deal, -1 for absent seats */
    uint8_t ended;                 /* the game ended during this deal */
    int16_t bonus[CS_MAX_PLAYERS]; /* start bonus received in this deal (the first) */
    /* Overlooked points (cs_miss) and muggins. play_points, hand and crib above are what the
     * rules give; peg, hand and crib what the seat pegged, that is the rules' points less
     * those it overlooked. The claimer of an item's overlooked points is the seat next in
     * turn after the one that overlooked them (after the dealer for the crib), never a
     * partner. */
    uint8_t play_missed[CS_MAX_PLAYS]; /* of play_points[k], overlooked by its seat */
    uint8_t play_mugged[CS_MAX_PLAYS]; /* of those, claimed by muggins */
    int16_t hand_missed[CS_MAX_PLAYERS];
    int16_t hand_mugged[CS_MAX_PLAYERS];
    int16_t crib_missed;
    int16_t crib_mugged;
    int16_t mugged[CS_MAX_PLAYERS]; /* points each seat took by muggins in this deal */
    /* Reneges (cs_miss's RENEGE): bit k of renege[s] is set when seat s said go holding a card
     * that fit with k cards of the deal played; penalty[s] is the renege penalty seat s
     * received (rules.renege_penalty, from the seat before it in turn). */
    uint16_t renege[CS_MAX_PLAYERS];
    int16_t penalty[CS_MAX_PLAYERS];
} cs_deal_record;

/* One game, as a run file's /games row (docs/file-schema.md). */
typedef struct {
    uint64_t game;
    uint8_t first_dealer;
    uint16_t deals;
    int8_t winner;                 /* seat, or team 0/1 in partnerships, -1 for a tie */
    int16_t score[CS_MAX_PLAYERS]; /* final score of each seat's side, -1 absent */
    int16_t peg[CS_MAX_PLAYERS];   /* points each seat earned by source */
    int16_t hand[CS_MAX_PLAYERS];
    int16_t crib[CS_MAX_PLAYERS];
    int16_t heels[CS_MAX_PLAYERS];
    int16_t bonus[CS_MAX_PLAYERS];
    uint8_t skunk[CS_MAX_PLAYERS];   /* per loser: 0 none, 1 skunk, 2 double, 3 triple */
    uint8_t lurch;                   /* the game was won by a lurch */
    int16_t missed[CS_MAX_PLAYERS];  /* points each seat overlooked (cs_miss) */
    int16_t mugged[CS_MAX_PLAYERS];  /* points each seat took by muggins */
    int16_t penalty[CS_MAX_PLAYERS]; /* renege penalties each seat received */
} cs_game_record;

/* Called with each finished deal; return 0 to go on, non-zero to stop with that code. */
typedef int (*cs_deal_sink)(void *ctx, const cs_deal_record *deal);

typedef struct cs_game cs_game;

/* A game lives in memory the caller allocates once per thread and reuses for every game. */
cs_game *cs_game_new(void);
void cs_game_free(cs_game *g);
/* Copies a game in any phase (for search). */
void cs_game_copy(cs_game *dst, const cs_game *src);

/*
 * Starts game `index` of a run with `seed`. first_dealer is a seat, or CS_FIRST_DEALER_CUT to
 * follow the rules (which may themselves fix a seat). The rules must be valid and outlive
 * the game. The agents array (one per seat) must outlive the game too.
 */
void cs_game_begin(cs_game *g, const cs_rules *rules, uint64_t seed, uint64_t index,
                   int first_dealer, const cs_agent agents[]);

/*
 * As cs_game_begin(), but the cards (the cut for deal and every shuffle) come from card_key
 * instead of index, which is still what the records carry. Duplicate play gives every
 * rotation of a lineup the same card_key, so each rotation sees the same cards.
 */
void cs_game_begin_keyed(cs_game *g, const cs_rules *rules, uint64_t seed, uint64_t index,
                         uint64_t card_key, int first_dealer, const cs_agent agents[]);

/*
 * For tests and replays: the next deal takes its cards from order[] instead of the shuffle,
 * in the order they are dealt: one at a time starting from the dealer's left, then the crib
 * card from the deck (three players), then the starter. n must be exactly that many cards
 * (players * cards_dealt + crib_from_deck + 1), all distinct. Returns 0, or CS_ECOUNT,
 * CS_EBADCARD or CS_EDUPCARD with nothing changed.
 */
int cs_game_stack_deck(cs_game *g, const cs_card order[], int n);

/*
 * Tells every seat's view the match or event context of this game (NULL for none, the
 * default). Call after cs_game_begin(); ctx must outlive the game. It changes no card and no
 * rule: only what strategies that read it decide.
 */
void cs_game_set_match(cs_game *g, const cs_match_context *ctx);

/*
 * Starts the game from a position instead of 0 to 0: side_score[k] (one entry per side,
 * cs_rules_sides(); side k is seat k's side, and in partnerships seats k and k + 2 share it)
 * becomes each side's score before the first deal. Call after cs_game_begin() and before the
 * first step that deals (the phase is CUT_FOR_DEAL or DEAL and no deal has begun); give
 * first_dealer to cs_game_begin() to say who deals from the position. The start bonus
 * (rules.start_bonus) is not given: it belongs to the start of a game, which the scores stand
 * in for. The cards are those of game `index` as ever, deals count from 0, and skunks and
 * lurches are judged on the final scores. Returns 0, or CS_ESTATE after the first deal began,
 * or CS_ERANGE when a score is negative or reaches the target, with nothing changed.
 */
int cs_game_set_scores(cs_game *g, const int side_score[]);

/*
 * Runs one phase. Returns 0, or a negative cs_err (the agent's or CS_EILLEGAL).
 *
 * An agent may answer CS_EPENDING: its seat's decision is not known yet (an outside learner
 * decides between calls; experiments/env/ works so). The step then returns CS_EPENDING with the
 * game where the question was asked, and the next cs_game_step() asks the same seat the same
 * question again; what the phase did before the question stands and is not done twice, so a
 * game paused at every decision is the game played straight through.
 */
int cs_game_step(cs_game *g);

cs_phase cs_game_phase(const cs_game *g);

/*
 * Plays the game to its end, giving each finished deal to sink (may be NULL). Returns 0 and
 * fills *out, or the first error.
 */
int cs_game_run(cs_game *g, cs_deal_sink sink, void *sink_ctx, cs_game_record *out);

/* The summary so far (complete once the phase is CS_PHASE_OVER). */
void cs_game_summary(const cs_game *g, cs_game_record *out);

/* The record of the deal in progress or just finished. */
const cs_deal_record *cs_game_deal_record(const cs_game *g);

/* After an error: a sentence naming the seat, the game, the deal and what was wrong. */
const char *cs_game_error(const cs_game *g);
/* After an error: the seat at fault, or -1. */
int cs_game_error_seat(const cs_game *g);

/*
 * For a game whose cards come from outside one at a time (the environments' explicit chance):
 * writes into order[] the cards the next deal would take from its shuffle (the order
 * cs_game_stack_deck() takes: the hands, the crib card, the starter last) and returns how many,
 * or CS_ESTATE outside the DEAL phase. The game does not change.
 */
int cs_game_next_deal_order(const cs_game *g, cs_card order[]);

/*
 * Replaces the starter the deal will cut, before it is cut (the DISCARD or STARTER phase).
 * Returns 0, or CS_ESTATE in another phase, CS_EBADCARD, or CS_EDUPCARD when a seat was dealt
 * the card or it is in the crib.
 */
int cs_game_set_starter(cs_game *g, cs_card starter);

/* The dealer of the deal in progress, or in the DEAL phase of the deal about to be dealt. */
int cs_game_dealer(const cs_game *g);

/*
 * After cs_game_copy() into memory whose rules and agents live elsewhere (a copy of a game
 * with its own agents): points the game at those, which must say the same as the originals.
 */
void cs_game_rebind(cs_game *g, const cs_rules *rules, const cs_agent agents[]);

/* Fills *v with what seat may see now (for tests and search). */
void cs_game_view(const cs_game *g, int seat, cs_view *v);

/* Each side's score now. */
int cs_game_score(const cs_game *g, int seat);

/* A uniform-random legal agent drawing from rng (which must outlive it), for the engine's own
 * tests and `cribsim play`. */
cs_agent cs_agent_random(cs_pcg32 *rng);

/* Its two decisions, with self the cs_pcg32 to draw from, for the `random` strategy: the
 * discards are a uniform subset of the hand (the first draws of a Fisher-Yates shuffle), the
 * play uniform over the cards that fit. */
int cs_random_discard(void *rng, const cs_view *v, cs_card out[CS_MAX_DISCARD]);
int cs_random_play(void *rng, const cs_view *v, cs_card *out);

#endif

/*
 * cs_plugin.h - the C interface for strategies built outside the cribsim tree.
 *
 * This header is the whole contract: it depends on nothing but <stddef.h> and <stdint.h>, so a
 * plugin builds without the engine's headers, and the engine may change its own structs
 * without breaking plugins. The host copies its state into the plain structs below for every
 * call. Anything that changes the layout or meaning of what is here raises
 * CS_PLUGIN_INTERFACE_VERSION, and the host refuses a plugin built against another version.
 *
 * A plugin is a shared object that exports
 *
 *     const cs_plugin_table *cs_plugin_entry(void);
 *
 * returning a table that lives as long as the library. Seats name it
 * `plugin:PATH.so[:param=value,...]` (use a path with a '/', as dlopen() searches the library
 * path for bare names); the parameters are the plugin's own, checked against its table.
 *
 * Cards are bytes, the file code of docs/file-schema.md: 4 * rank + suit (rank 0 = ace .. 12 =
 * king; suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades), 255 = no card. The count value of a
 * card is rank + 1, capped at 10.
 *
 * Threads: the host creates one instance per thread and seat and never calls one instance
 * from two threads at once; a plugin must not keep unsynchronised global state. Every
 * function returns 0 for success; a non-zero return from discard or play stops the game with
 * an error that names the plugin, the game and the deal (an illegal answer does too).
 */
#ifndef CS_PLUGIN_INTERFACE_H
#define CS_PLUGIN_INTERFACE_H

#include <stddef.h>
#include <stdint.h>

#define CS_PLUGIN_INTERFACE_VERSION 1
/* The exported symbol's name, for dlsym(). */
#define CS_PLUGIN_ENTRY_SYMBOL "cs_plugin_entry"

#define CS_PLUGIN_NO_CARD    255
#define CS_PLUGIN_PARAMS_MAX 8

/* The rule variant (the engine's rules, field for field). */
typedef struct {
    int32_t players;        /* 2, 3 or 4 */
    int32_t partnership;    /* 1: seats 0+2 against 1+3 */
    int32_t cards_dealt;    /* 6 or 5 */
    int32_t discards;       /* cards each player lays away: 2 or 1 */
    int32_t crib_from_deck; /* 1 with three players */
    int32_t target;         /* 121, 61, ... */
    int32_t max_deals;      /* 0, or the game also ends after this many deals */
    int32_t single_series;  /* 1: the play ends at the first go or 31 (five-card game) */
    int32_t start_bonus;    /* points to the first pone at the start */
    int32_t hand_flush_min; /* flush minimum for hands */
    int32_t crib_flush_min; /* flush minimum for the crib (5: all five cards) */
    int32_t heels;          /* points to the dealer for a jack turned up */
} cs_plugin_rules;

/* What the seat may see when asked for a decision (or told an event). */
typedef struct {
    uint64_t game;  /* game index in the run */
    int32_t seat;   /* this seat */
    int32_t dealer; /* the dealer of this deal */
    int32_t deal;   /* deal number in the game, from 0 */
    int32_t n_hand; /* cards held and not played */
    uint8_t hand[6];
    int32_t n_kept; /* cards kept for the show, played or not (0 before the discard) */
    uint8_t kept[4];
    int32_t n_discards; /* cards this seat laid away (0 before the discard) */
    uint8_t discards[2];
    uint8_t starter; /* 255 before the cut */
    int32_t count;   /* count of the current series */
    int32_t n_pile;  /* cards of the current series, in order */
    uint8_t pile[16];
    int32_t n_plays; /* every card played this deal, in order, and who played it */
    uint8_t play_seat[16];
    uint8_t play_card[16];
    int32_t cards_left[4]; /* unplayed cards each seat holds */
    int32_t score[4];      /* each seat's side's score */
} cs_plugin_view;

/* Public events, with fixed numbers. */
#define CS_PLUGIN_EVENT_DEAL    0 /* seat = dealer */
#define CS_PLUGIN_EVENT_STARTER 1 /* card = starter; points = heels to the dealer (seat) */
#define CS_PLUGIN_EVENT_PLAY    2 /* seat laid card for points */
#define CS_PLUGIN_EVENT_GO      3 /* seat scored points for the go or last card */
#define CS_PLUGIN_EVENT_RESET   4 /* the count went back to 0 */
#define CS_PLUGIN_EVENT_SHOW    5 /* seat counted its hand (is_crib: the crib) for points */
#define CS_PLUGIN_EVENT_BONUS   6 /* seat received the start bonus */
#define CS_PLUGIN_EVENT_END     7 /* game over; seat = winner (team in partnerships, -1 tie) */

typedef struct {
    int32_t type;
    int32_t seat;
    uint8_t card;
    int32_t points;
    int32_t is_crib;
    int32_t n_cards; /* SHOW: the cards shown, without the starter */
    uint8_t cards[4];
} cs_plugin_event;

typedef struct {
    const char *name;          /* as written in the seat spec */
    const char *default_value; /* text */
    const char *description;   /* one line */
} cs_plugin_param;

typedef struct {
    uint32_t interface_version; /* CS_PLUGIN_INTERFACE_VERSION */
    const char *name;           /* a-z 0-9 _ - */
    uint32_t version;           /* the strategy's own version */
    const char *description;
    const cs_plugin_param *params;
    uint32_t n_params; /* at most CS_PLUGIN_PARAMS_MAX */
    /* values[i] is the text for params[i] (defaults filled in). On failure returns non-zero
     * and writes why into err. */
    int (*create)(const char *const values[], void **self, char *err, size_t err_len);
    void (*destroy)(void *self);
    /* Before each game: the rules, the seat, and a seed for the instance's own randomness
     * (derived from the run's seed, the game and the seat: use it to stay reproducible). */
    void (*new_game)(void *self, const cs_plugin_rules *rules, int32_t seat, uint64_t seed);
    /* Writes rules->discards distinct cards of v->hand into out. */
    int (*discard)(void *self, const cs_plugin_view *v, uint8_t out[2]);
    /* Writes a card of v->hand whose value fits under 31 (called only when one does). */
    int (*play)(void *self, const cs_plugin_view *v, uint8_t *out);
    /* Optional (may be NULL): every public event as it happens. */
    void (*observe)(void *self, const cs_plugin_view *v, const cs_plugin_event *e);
} cs_plugin_table;

typedef const cs_plugin_table *(*cs_plugin_entry_fn)(void);

#endif

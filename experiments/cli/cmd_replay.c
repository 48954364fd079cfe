/*
 * cmd_replay.c - `cribsim replay FILE --game N`: one recorded game told deal by deal, in the
 * words of `cribsim play` (narrate.h).
 *
 * The game is played again in the engine from the file: the first dealer from its /games row,
 * each deal's cards stacked in the order the engine deals them, and every seat answered by its
 * recorded discards and plays. So the text, the points and the end of the game are the
 * engine's, and the replay checks the file on the way: after each deal the engine's record
 * must equal the file's /deals row, and at the end its summary the /games row. A difference
 * is printed where it shows (a line starting "  !!"), never hidden, and the command then
 * exits 2; a record the engine refuses (a card not held, a count past 31) or that runs out
 * stops the replay with the reason, exit 2 as well: either way the file is not what this
 * engine records.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "cliopts.h"
#include "commands.h"
#include "error.h"
#include "game.h"
#include "h5io.h"
#include "narrate.h"
#include "rulesjson.h"
#include "strategy.h"

#define MAX_DEALS_SHOWN 4096

static void usage(FILE *out) {
    fprintf(out, "usage: cribsim replay FILE --game N\n"
                 "\n"
                 "Prints game N (its index in the run, the /games `game` field) of a file written\n"
                 "by cribsim run --record deals, deal by deal, as cribsim play tells a game. The\n"
                 "game is played again in the engine from the recorded cards and moves; where the\n"
                 "engine's records differ from the file's, lines starting '!!' say how, and the\n"
                 "exit status is 2, as it is for a recorded move the engine refuses.\n");
}

/* The seats' agents: each answers from the file's row of the deal being played. */
typedef struct {
    const cs_deal_record *deals; /* the game's rows, deal by deal */
    uint64_t n_deals;
    char why[160]; /* why the file had no answer */
} script;

static const cs_deal_record *script_row(script *s, const cs_view *v) {
    if (v->deal >= 0 && (uint64_t)v->deal < s->n_deals) return &s->deals[v->deal];
    snprintf(s->why, sizeof s->why, "the file records %llu deals and no more",
             (unsigned long long)s->n_deals);
    return NULL;
}

static int script_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    const cs_deal_record *row = script_row(self, v);
    if (row == NULL) return CS_EAGENT;
    for (int d = 0; d < v->rules->discards; d++) out[d] = row->discard[v->seat][d];
    return CS_OK;
}

/* The seat's next card: the first it has not played of its cards in the record's order. */
static int script_play(void *self, const cs_view *v, cs_card *out) {
    script *s = self;
    const cs_deal_record *row = script_row(s, v);
    if (row == NULL) return CS_EAGENT;
    /* Counted from the deal's plays, not from the cards left: a renege under the penalty
     * takes dead cards out of the hand unplayed. */
    int played = 0, mine = 0;
    for (int i = 0; i < v->n_plays; i++) played += v->play_seat[i] == v->seat;
    for (int i = 0; i < row->n_plays && i < CS_MAX_PLAYS; i++) {
        if (row->play_seat[i] != v->seat) continue;
        if (mine++ == played) {
            *out = row->play_card[i];
            return CS_OK;
        }
    }
    snprintf(s->why, sizeof s->why, "the file records %d card%s played by this seat, not more",
             mine, mine == 1 ? "" : "s");
    return CS_EAGENT;
}

/*
 * Stacks the deck of the row's deal in the order step_deal draws it: one card at a time from
 * the dealer's left (the i-th seat from there gets cards i, i + n, i + 2n, ...), then the crib
 * card, then the starter. A deal that ended before its cards (by the start bonus) has none.
 */
static int stack_deal(cs_game *g, const cs_rules *r, const cs_deal_record *row) {
    if (row->dealt[0][0] == CS_NO_CARD) return CS_OK;
    cs_view v;
    cs_game_view(g, 0, &v);
    cs_card order[CS_MAX_PLAYERS * CS_MAX_DEALT + 2];
    int n = r->players, k = 0;
    for (int round = 0; round < r->cards_dealt; round++)
        for (int i = 0; i < n; i++) order[k++] = row->dealt[(v.dealer + 1 + i) % n][round];
    if (r->crib_from_deck) order[k++] = row->crib_extra;
    order[k++] = row->starter;
    return cs_game_stack_deck(g, order, k);
}

/* Prints one field's values: numbers, or cards as text ("--" for no card; a code that is no
 * card as its number). */
static void print_values(const int *v, int n, int cards) {
    for (int i = 0; i < n; i++) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format((cs_card)v[i], t);
        if (cards && (cs_card_valid((cs_card)v[i]) || v[i] == CS_NO_CARD))
            printf(" %s", t);
        else
            printf(" %d", v[i]);
    }
}

/* Whether a field's values in the file (a) and from the engine (b) differ; if so says how. */
static int differ(const char *where, const char *name, const int *a, const int *b, int n,
                  int cards) {
    if (memcmp(a, b, (size_t)n * sizeof *a) == 0) return 0;
    printf("  !! %s: the file records %s", where, name);
    print_values(a, n, cards);
    printf(", the engine");
    print_values(b, n, cards);
    printf("\n");
    return 1;
}

/* Compares field `expr` (an expression of i, for i < n) of the file's record with the
 * engine's, every slot of it (the padding of absent seats and unplayed cards too: a replay
 * must give back exactly what the file holds); counts a difference into `bad`. */
#define CHECK(name, n, cards, expr)                                                                \
    do {                                                                                           \
        int a_[CS_MAX_PLAYERS * CS_MAX_DEALT], b_[CS_MAX_PLAYERS * CS_MAX_DEALT];                  \
        for (int i = 0; i < (n); i++) {                                                            \
            a_[i] = (int)(file->expr);                                                             \
            b_[i] = (int)(engine->expr);                                                           \
        }                                                                                          \
        bad += differ(where, name, a_, b_, n, cards);                                              \
    } while (0)

/* The fields of a /deals row the engine's record must match; returns how many differ. */
static int check_deal(const cs_deal_record *file, const cs_deal_record *engine) {
    int bad = 0;
    char where[32];
    snprintf(where, sizeof where, "deal %d", engine->deal + 1);
    CHECK("dealer", 1, 0, dealer);
    CHECK("dealt", CS_MAX_PLAYERS * CS_MAX_DEALT, 1, dealt[i / CS_MAX_DEALT][i % CS_MAX_DEALT]);
    CHECK("crib_extra", 1, 1, crib_extra);
    CHECK("discard", CS_MAX_PLAYERS * CS_MAX_DISCARD, 1,
          discard[i / CS_MAX_DISCARD][i % CS_MAX_DISCARD]);
    CHECK("starter", 1, 1, starter);
    CHECK("n_plays", 1, 0, n_plays);
    CHECK("play_seat", CS_MAX_PLAYS, 0, play_seat[i]);
    CHECK("play_card", CS_MAX_PLAYS, 1, play_card[i]);
    CHECK("play_points", CS_MAX_PLAYS, 0, play_points[i]);
    CHECK("peg", CS_MAX_PLAYERS, 0, peg[i]);
    CHECK("hand", CS_MAX_PLAYERS, 0, hand[i]);
    CHECK("crib", 1, 0, crib);
    CHECK("heels", 1, 0, heels);
    CHECK("bonus", CS_MAX_PLAYERS, 0, bonus[i]);
    CHECK("score", CS_MAX_PLAYERS, 0, score[i]);
    CHECK("ended", 1, 0, ended);
    CHECK("play_missed", CS_MAX_PLAYS, 0, play_missed[i]);
    CHECK("play_mugged", CS_MAX_PLAYS, 0, play_mugged[i]);
    CHECK("hand_missed", CS_MAX_PLAYERS, 0, hand_missed[i]);
    CHECK("hand_mugged", CS_MAX_PLAYERS, 0, hand_mugged[i]);
    CHECK("crib_missed", 1, 0, crib_missed);
    CHECK("crib_mugged", 1, 0, crib_mugged);
    CHECK("mugged", CS_MAX_PLAYERS, 0, mugged[i]);
    CHECK("renege", CS_MAX_PLAYERS, 0, renege[i]);
    CHECK("penalty", CS_MAX_PLAYERS, 0, penalty[i]);
    return bad;
}

/* The fields of the /games row the engine's summary must match. */
static int check_game(const cs_game_record *file, const cs_game_record *engine) {
    int bad = 0;
    const char *where = "the game";
    CHECK("first_dealer", 1, 0, first_dealer);
    CHECK("deals", 1, 0, deals);
    CHECK("winner", 1, 0, winner);
    CHECK("score", CS_MAX_PLAYERS, 0, score[i]);
    CHECK("peg", CS_MAX_PLAYERS, 0, peg[i]);
    CHECK("hand", CS_MAX_PLAYERS, 0, hand[i]);
    CHECK("crib", CS_MAX_PLAYERS, 0, crib[i]);
    CHECK("heels", CS_MAX_PLAYERS, 0, heels[i]);
    CHECK("bonus", CS_MAX_PLAYERS, 0, bonus[i]);
    CHECK("skunk", CS_MAX_PLAYERS, 0, skunk[i]);
    CHECK("lurch", 1, 0, lurch);
    CHECK("missed", CS_MAX_PLAYERS, 0, missed[i]);
    CHECK("mugged", CS_MAX_PLAYERS, 0, mugged[i]);
    CHECK("penalty", CS_MAX_PLAYERS, 0, penalty[i]);
    return bad;
}

#undef CHECK

/*
 * Plays the game again from its rows, narrating it to standard output and comparing each deal
 * and the summary with the file. Returns the number of differences, or -1 after printing why
 * the game does not replay at all.
 */
static int replay_game(const char *path, const cs_h5_meta *m, const cs_rules *rules,
                       const cs_games_row *row, const cs_deal_record *deals, uint64_t n_deals) {
    cs_game *g = cs_game_new();
    if (g == NULL) {
        fprintf(stderr, "cribsim replay: out of memory\n");
        return -1;
    }
    uint64_t game = row->game.game;
    const char *names[CS_MAX_PLAYERS];
    for (int s = 0; s < rules->players; s++)
        names[s] = m->seats[(s + row->rotation) % rules->players];
    cs_narrator nr;
    cs_narrator_init(&nr, stdout, g, rules, names);
    script sc = {.deals = deals, .n_deals = n_deals};
    /* A seat that overlooks points does so again: its chances come from its spec and the
     * draws from the deal's own generator, as when the game was played. */
    cs_agent agents[CS_MAX_PLAYERS];
    cs_miss miss[CS_MAX_PLAYERS];
    for (int s = 0; s < rules->players; s++) {
        char err[256];
        int has = cs_spec_miss(names[s], &miss[s], err, sizeof err);
        if (has < 0) {
            fprintf(stderr, "cribsim replay: %s: seat %d '%s': %s\n", path, s, names[s], err);
            cs_game_free(g);
            return -1;
        }
        agents[s] = (cs_agent){script_discard, script_play,          NULL, &sc, names[s],
                               NULL,           has ? &miss[s] : NULL};
    }
    agents[0] = cs_narrator_attach(&nr, agents[0]);

    printf("game %llu of %s (seed %llu)\n", (unsigned long long)game, path,
           (unsigned long long)m->seed);
    cs_narrate_header(&nr);
    if (m->duplicate)
        printf("duplicate: rotation %d of %d, the cards of game %llu\n", row->rotation,
               m->rotations, (unsigned long long)row->card_game);
    printf("first dealer: %s\n", cs_narrator_label(&nr, row->game.first_dealer));

    cs_game_begin_keyed(g, rules, m->seed, game, row->card_game, row->game.first_dealer, agents);
    int bad = 0, rc = CS_OK;
    uint64_t played = 0;
    char why[512] = "";
    while (cs_game_phase(g) != CS_PHASE_OVER) {
        cs_phase phase = cs_game_phase(g);
        if (phase == CS_PHASE_DEAL) {
            if (played == n_deals) {
                snprintf(why, sizeof why, "the game is not over after the %llu deals it records",
                         (unsigned long long)n_deals);
                break;
            }
            if ((rc = stack_deal(g, rules, &deals[played])) != CS_OK) {
                snprintf(why, sizeof why, "the cards of deal %llu cannot be dealt: %s",
                         (unsigned long long)played + 1, cs_err_message(rc));
                break;
            }
        }
        if ((rc = cs_game_step(g)) != CS_OK) {
            /* The engine counts deals from 0, as /deals does; the text above from 1. */
            const cs_deal_record *d = cs_game_deal_record(g);
            snprintf(why, sizeof why,
                     "%s%s%s (deal %d, counted from 0 as in /deals, is deal %d above)",
                     cs_game_error(g), sc.why[0] ? ": " : "", sc.why, d->deal, d->deal + 1);
            break;
        }
        if (phase == CS_PHASE_DEAL_DONE) {
            cs_narrator_flush(&nr);
            bad += check_deal(&deals[played], cs_game_deal_record(g));
            played++;
        }
    }
    cs_narrator_flush(&nr);
    if (why[0] == '\0') {
        cs_game_record sum; /* its `deals` tells a game that ended before the file's rows */
        cs_game_summary(g, &sum);
        bad += check_game(&row->game, &sum);
        printf("\n");
        cs_narrate_result(&nr, &sum);
    }
    fflush(stdout);
    cs_game_free(g);
    if (why[0] != '\0') {
        fprintf(stderr, "cribsim replay: %s: game %llu does not replay: %s\n", path,
                (unsigned long long)game, why);
        return -1;
    }
    return bad;
}

int cs_cmd_replay(int argc, char **argv) {
    cs_args a = {.cmd = "replay", .argc = argc, .argv = argv};
    const char *path = NULL;
    uint64_t game = 0;
    int have_game = 0, bad = 0;
    for (a.i = 1; a.i < argc && !bad; a.i++) {
        const char *arg = argv[a.i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return CS_EXIT_OK;
        } else if (cs_args_match(&a, "--game", 1, &bad)) {
            if (bad || cs_args_u64(&a, "--game", 0, UINT64_MAX, &game)) return CS_EXIT_USAGE;
            have_game = 1;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            cs_args_error(&a, "unknown option '%s' (see cribsim replay --help)", arg);
            return CS_EXIT_USAGE;
        } else if (path == NULL) {
            path = arg;
        } else {
            cs_args_error(&a, "one file only ('%s' and '%s')", path, arg);
            return CS_EXIT_USAGE;
        }
    }
    if (bad) return CS_EXIT_USAGE;
    if (path == NULL || !have_game) {
        usage(stderr);
        return CS_EXIT_USAGE;
    }
    cs_h5_meta *m = malloc(sizeof *m);
    cs_deal_record *deals = malloc(MAX_DEALS_SHOWN * sizeof *deals);
    cs_h5_reader *r = NULL;
    char err[1024];
    int status = CS_EXIT_USAGE;
    if (m == NULL || deals == NULL) {
        status = CS_EXIT_FAILURE;
        goto done;
    }
    if (cs_h5_open(path, m, &r, err, sizeof err) != 0) {
        cs_args_error(&a, "%s", err);
        goto done;
    }
    cs_rules rules;
    if (cs_rules_from_json(m->rules, &rules, err, sizeof err) != 0 ||
        cs_rules_validate(&rules, err, sizeof err) != 0 || m->n_seats != rules.players) {
        cs_args_error(&a, "%s: its rules attribute cannot be used: %s", path, err);
        goto done;
    }
    if (!cs_h5_reader_has_deals(r)) {
        cs_args_error(&a,
                      "%s has no /deals table: it was run with --record games; replay needs "
                      "a file from cribsim run --record deals",
                      path);
        goto done;
    }
    uint64_t n_games = cs_h5_reader_games(r);
    if (game < m->game_begin || game - m->game_begin >= n_games) {
        if (n_games == 0)
            cs_args_error(&a, "--game %llu: %s holds no complete game", (unsigned long long)game,
                          path);
        else
            cs_args_error(&a, "--game %llu: %s holds games %llu to %llu", (unsigned long long)game,
                          path, (unsigned long long)m->game_begin,
                          (unsigned long long)(m->game_begin + n_games - 1));
        goto done;
    }
    cs_games_row row;
    uint64_t first, count;
    /* From here a failure is the file's (damaged records): still bad input, status 2. */
    if (cs_h5_read_games(r, game - m->game_begin, 1, &row) != 0 ||
        cs_h5_find_deals(r, game, &first, &count) != 0) {
        cs_args_error(&a, "%s", cs_h5_reader_error(r));
        goto done;
    }
    if (row.game.game != game || count == 0 || count > MAX_DEALS_SHOWN) {
        cs_args_error(&a, "%s: game %llu's records are inconsistent", path,
                      (unsigned long long)game);
        goto done;
    }
    if (cs_h5_read_deals(r, first, (size_t)count, deals) != 0) {
        cs_args_error(&a, "%s: game %llu's records are unreadable: %s", path,
                      (unsigned long long)game, cs_h5_reader_error(r));
        goto done;
    }
    const char *odd = row.game.first_dealer >= rules.players ? "its first dealer is no seat" : NULL;
    for (uint64_t i = 0; odd == NULL && i < count; i++)
        if (deals[i].game != game || deals[i].deal != i)
            odd = "its /deals rows are not its deals in order";
    if (odd != NULL) {
        cs_args_error(&a, "%s: game %llu's records are inconsistent: %s", path,
                      (unsigned long long)game, odd);
        goto done;
    }
    int differences = replay_game(path, m, &rules, &row, deals, count);
    if (differences > 0)
        cs_args_error(&a,
                      "%s: game %llu does not replay as recorded: %d %s (the lines starting "
                      "'!!'); the file was made by cribsim %s (commit %s)",
                      path, (unsigned long long)game, differences,
                      differences == 1 ? "field differs" : "fields differ", m->engine_version,
                      m->git_commit);
    status = differences == 0 ? CS_EXIT_OK : CS_EXIT_USAGE;
done:
    cs_h5_reader_close(r);
    free(deals);
    free(m);
    return status;
}

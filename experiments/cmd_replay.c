/*
 * cmd_replay.c - `cribsim replay FILE --game N`: one recorded game, deal by deal, as a person
 * reads it: who dealt, what each seat was dealt and laid away, the starter, the play with the
 * count and the points, the show with each hand's breakdown, and the scores.
 *
 * Everything comes from the file's /deals rows and its rules attribute; the show's breakdown is
 * recomputed with the engine's plain scorer and must agree with the recorded points (a
 * disagreement is printed, never hidden).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "cliopts.h"
#include "commands.h"
#include "error.h"
#include "h5io.h"
#include "rulesjson.h"
#include "score.h"

#define MAX_DEALS_SHOWN 4096

static void usage(FILE *out) {
    fprintf(out, "usage: cribsim replay FILE --game N\n"
                 "\n"
                 "Prints game N (its index in the run, the /games `game` field) of a file written\n"
                 "by cribsim run --record deals, deal by deal.\n");
}

static void cards_text(const cs_card *cards, int n, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used < len; i++) {
        char c[CS_CARD_TEXT_MAX];
        cs_card_format(cards[i], c);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", c);
    }
}

typedef struct {
    const cs_rules *rules;
    const cs_h5_meta *meta;
    int rotation;
    int score[CS_MAX_PLAYERS]; /* per side, as the game goes */
    int over;                  /* a side reached the target */
} replay;

static const char *who(const replay *r, int seat) {
    return r->meta->seats[(seat + r->rotation) % r->rules->players];
}

/* Adds points to a seat's side; returns whether this ended the game. */
static int credit(replay *r, int seat, int points) {
    int side = cs_rules_side(r->rules, seat);
    r->score[side] += points;
    if (!r->over && r->score[side] >= r->rules->target) {
        r->over = 1;
        return 1;
    }
    return 0;
}

static void print_show(replay *r, const char *whose, int seat, const cs_card *cards, int n,
                       cs_card starter, int flush_min, int recorded) {
    char text[64];
    cards_text(cards, n, text, sizeof text);
    cs_show_points p;
    cs_show_breakdown(cards, n, starter, flush_min, &p);
    if (r->over) {
        printf("    %-26s %-12s (not counted: the game is over)\n", whose, text);
        return;
    }
    printf("    %-26s %-12s %2d", whose, text, p.total);
    if (p.total > 0) {
        printf("  (");
        const char *sep = "";
        if (p.fifteens) printf("%sfifteens %d", sep, p.fifteens), sep = ", ";
        if (p.pairs) printf("%spairs %d", sep, p.pairs), sep = ", ";
        if (p.runs) printf("%sruns %d", sep, p.runs), sep = ", ";
        if (p.flush) printf("%sflush %d", sep, p.flush), sep = ", ";
        if (p.nobs) printf("%snobs %d", sep, p.nobs);
        printf(")");
    }
    if (recorded != p.total) printf("  [file records %d]", recorded);
    if (credit(r, seat, recorded)) printf("  -- reaches %d: the game ends", r->rules->target);
    printf("\n");
}

/* "(fifteen 2, pair 2, go 1)": what a card's recorded points were for. The pile's own points
 * come from the engine's pegging scorer; the rest is the go (or the last card), which the file
 * credits to the card that ended the series. */
static void print_peg_breakdown(const cs_card *pile, int n, int recorded, int last_play) {
    cs_peg_points p;
    cs_peg_breakdown(pile, n, &p);
    static const char *const pairs[] = {
        "", "", "pair", "", "", "", "pair royal", "", "", "", "", "", "double pair royal"};
    const char *sep = "";
    printf("  (");
    if (p.fifteen) printf("%sfifteen %d", sep, p.fifteen), sep = ", ";
    if (p.thirty_one) printf("%sthirty-one %d", sep, p.thirty_one), sep = ", ";
    if (p.pairs > 0 && p.pairs <= 12 && pairs[p.pairs][0])
        printf("%s%s %d", sep, pairs[p.pairs], p.pairs), sep = ", ";
    if (p.run) printf("%srun %d", sep, p.run), sep = ", ";
    int rest = recorded - p.total;
    if (rest == 1)
        printf("%s%s 1", sep, last_play ? "last card" : "go");
    else if (rest != 0)
        printf("%s[the file records %d, the pile scores %d]", sep, recorded, p.total);
    printf(")");
}

/* Counts the "key":value members of two rules' JSON (same keys, same order, as
 * cs_rules_to_json writes them) that differ; with out, lists them as "key value, ...". */
static int rules_changes(const char *base, const char *rules, char *out, size_t len) {
    int n = 0;
    size_t used = 0;
    if (out != NULL) out[0] = '\0';
    while (*base && *rules) {
        size_t lb = strcspn(base + 1, ",}") + 1, lr = strcspn(rules + 1, ",}") + 1;
        if (lb != lr || memcmp(base, rules, lb) != 0) {
            n++;
            /* {"target":61 or ,"first_dealer":"cut" -> target 61, first_dealer cut */
            const char *key = rules + 2, *colon = memchr(rules, ':', lr);
            if (out != NULL && colon != NULL && colon > key && used < len) {
                const char *value = colon + 1, *end = rules + lr;
                if (*value == '"') value++;
                if (end > value && end[-1] == '"') end--;
                used += (size_t)snprintf(out + used, len - used, "%s%.*s %.*s", n > 1 ? ", " : "",
                                         (int)(colon - key - 1), key, (int)(end - value), value);
            }
        }
        base += lb;
        rules += lr;
    }
    return n;
}

/* "two (two players, ...)" for a preset's rules, else the nearest preset and what differs. */
static void print_rules(const cs_rules *rules) {
    char json[CS_H5_TEXT_MAX], best_json[CS_H5_TEXT_MAX] = "";
    cs_rules_to_json(rules, json, sizeof json);
    int best = 0, best_n = 1 << 30;
    for (int k = 0; k < CS_PRESET_COUNT; k++) {
        cs_rules pr;
        char pj[CS_H5_TEXT_MAX];
        cs_rules_preset((cs_preset)k, &pr);
        cs_rules_to_json(&pr, pj, sizeof pj);
        int n = rules_changes(pj, json, NULL, 0);
        if (n < best_n) {
            best_n = n;
            best = k;
            snprintf(best_json, sizeof best_json, "%s", pj);
        }
    }
    printf("rules: %s (%s)", cs_preset_name((cs_preset)best),
           cs_preset_description((cs_preset)best));
    if (best_n > 0) {
        char changes[CS_H5_TEXT_MAX];
        rules_changes(best_json, json, changes, sizeof changes);
        printf(", changed: %s", changes);
    }
    printf("\n");
}

static void print_deal(replay *r, const cs_deal_record *d) {
    const cs_rules *ru = r->rules;
    int n = ru->players, hand = cs_rules_hand_size(ru);
    printf("\ndeal %d: seat %d (%s) deals\n", d->deal + 1, d->dealer, who(r, d->dealer));
    cs_card crib[CS_CRIB_SIZE];
    int n_crib = 0;
    cs_card kept[CS_MAX_PLAYERS][CS_MAX_HAND];
    for (int s = 0; s < n; s++) {
        char dealt[64], laid[32], keep[64];
        int k = 0;
        for (int i = 0; i < ru->cards_dealt; i++) {
            int is_discard = 0;
            for (int j = 0; j < ru->discards; j++) is_discard |= d->dealt[s][i] == d->discard[s][j];
            if (!is_discard && k < CS_MAX_HAND) kept[s][k++] = d->dealt[s][i];
        }
        for (int j = 0; j < ru->discards && n_crib < CS_CRIB_SIZE; j++)
            crib[n_crib++] = d->discard[s][j];
        cards_text(d->dealt[s], ru->cards_dealt, dealt, sizeof dealt);
        cards_text(d->discard[s], ru->discards, laid, sizeof laid);
        cards_text(kept[s], k, keep, sizeof keep);
        printf("  seat %d %-20.20s dealt %-17s lays away %-5s keeps %s\n", s, who(r, s), dealt,
               laid, keep);
    }
    if (ru->crib_from_deck > 0 && d->crib_extra != CS_NO_CARD && n_crib < CS_CRIB_SIZE) {
        char c[CS_CARD_TEXT_MAX];
        cs_card_format(d->crib_extra, c);
        printf("  the dealer adds %s from the deck to the crib\n", c);
        crib[n_crib++] = d->crib_extra;
    }
    for (int s = 0; s < n; s++)
        if (d->bonus[s] > 0) {
            printf("  seat %d (%s) takes %d as the first pone", s, who(r, s), d->bonus[s]);
            if (credit(r, s, d->bonus[s])) printf(" -- the game ends");
            printf("\n");
        }
    char starter[CS_CARD_TEXT_MAX];
    cs_card_format(d->starter, starter);
    if (d->starter == CS_NO_CARD) {
        printf("  no starter was cut (the game ended before)\n");
    } else {
        printf("  starter %s", starter);
        if (d->heels > 0) {
            printf(": his heels, %d to the dealer", d->heels);
            if (credit(r, d->dealer, d->heels)) printf(" -- the game ends");
        }
        printf("\n");
    }
    if (d->n_plays > 0) printf("  the play:\n");
    int count = 0, n_pile = 0;
    cs_card pile[CS_PEG_PILE_MAX];
    for (int i = 0; i < d->n_plays; i++) {
        cs_card c = d->play_card[i];
        int v = cs_card_value(c);
        /* A series ends at 31, or when nobody can play: then no card left fits, so the next
         * card played would pass 31. */
        if (count + v > 31 || count == 31) {
            printf("    -- the count starts again --\n");
            count = n_pile = 0;
        }
        count += v;
        if (n_pile < CS_PEG_PILE_MAX) pile[n_pile++] = c;
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(c, t);
        int seat = d->play_seat[i], pts = d->play_points[i];
        printf("    seat %d %-20.20s %s  count %2d", seat, who(r, seat), t, count);
        if (pts > 0) {
            printf("  +%d", pts);
            print_peg_breakdown(pile, n_pile, pts, i + 1 == d->n_plays);
            if (credit(r, seat, pts)) printf("  -- reaches %d: the game ends", ru->target);
        }
        printf("\n");
    }
    if (d->starter != CS_NO_CARD) {
        printf("  the show:\n");
        for (int k = 1; k <= n; k++) {
            int s = (d->dealer + k) % n;
            char whose[64];
            snprintf(whose, sizeof whose, "seat %d %.20s", s, who(r, s));
            print_show(r, whose, s, kept[s], hand, d->starter, ru->hand_flush_min, d->hand[s]);
        }
        if (n_crib == CS_CRIB_SIZE)
            print_show(r, "the crib", d->dealer, crib, CS_CRIB_SIZE, d->starter, ru->crib_flush_min,
                       d->crib);
    }
    if (ru->partnership)
        printf("  scores: team 0 %d, team 1 %d\n", d->score[0], d->score[1]);
    else
        for (int s = 0; s < n; s++)
            printf("%s seat %d %d%s", s ? "," : "  scores:", s, d->score[s], s + 1 < n ? "" : "\n");
    /* Follow the file's scores from here, whatever the arithmetic above made of them. */
    for (int s = 0; s < n; s++) r->score[cs_rules_side(ru, s)] = d->score[s];
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
    if (row.game.game != game || count == 0 || count > MAX_DEALS_SHOWN ||
        cs_h5_read_deals(r, first, (size_t)count, deals) != 0) {
        cs_args_error(&a, "%s: game %llu's records are inconsistent or unreadable%s%s", path,
                      (unsigned long long)game, count ? ": " : "",
                      count ? cs_h5_reader_error(r) : "");
        goto done;
    }
    replay rp = {.rules = &rules, .meta = m, .rotation = row.rotation};
    printf("game %llu of %s (seed %llu)\n", (unsigned long long)game, path,
           (unsigned long long)m->seed);
    print_rules(&rules);
    printf("seats:");
    for (int s = 0; s < rules.players; s++)
        printf(" %d %s%s", s, who(&rp, s), s + 1 < rules.players ? "," : "");
    if (rules.partnership) printf("  (seats 0+2 are team 0, 1+3 team 1)");
    printf("\n");
    if (m->duplicate)
        printf("duplicate: rotation %d of %d, the cards of game %llu\n", row.rotation, m->rotations,
               (unsigned long long)row.card_game);
    printf("first dealer: seat %d (%s)\n", row.game.first_dealer, who(&rp, row.game.first_dealer));
    for (uint64_t i = 0; i < count; i++) print_deal(&rp, &deals[i]);
    printf("\n");
    if (row.game.winner < 0) {
        printf("result: a tie after %d deals\n", row.game.deals);
    } else if (rules.partnership) {
        printf("result: team %d (%s + %s) wins after %d deals", row.game.winner,
               who(&rp, row.game.winner), who(&rp, row.game.winner + 2), row.game.deals);
    } else {
        printf("result: seat %d (%s) wins after %d deals", row.game.winner,
               who(&rp, row.game.winner), row.game.deals);
    }
    if (row.game.winner >= 0) {
        printf(", final scores");
        for (int s = 0; s < rules.players; s++)
            if (!rules.partnership || s < 2) printf(" %d", row.game.score[s]);
        static const char *const skunks[] = {"", "skunk", "double skunk", "triple skunk"};
        for (int s = 0; s < rules.players; s++)
            if (row.game.skunk[s] > 0 && row.game.skunk[s] < 4 && (!rules.partnership || s < 2))
                printf(", seat %d %s", s, skunks[row.game.skunk[s]]);
        if (row.game.lurch) printf(", a lurch");
        printf("\n");
    }
    status = CS_EXIT_OK;
done:
    cs_h5_reader_close(r);
    free(deals);
    free(m);
    return status;
}

/*
 * cmd_advise.c - `cribsim advise`: every discard from the cards dealt, ranked, with its
 * expected hand, crib, net and pegging (and win chance from the scores), or with --play every
 * card that fits in the play with its value: the models are in advise.h and advise_play.h,
 * the options in ADVISE_HELP. Bad input exits 2 with a message that names it.
 */
#include "advise.h"
#include "advise_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cliopts.h"
#include "commands.h"
#include "endgame.h"
#include "error.h"
#include "expert.h"
#include "score.h"

/* Deals simulated for the end-of-game model: expert's END_DEALS, so the chance shown is the
 * one expert's board play weighs. */
#define ADVISE_END_DEALS 4000

int cs_advise_has_tables(const cs_rules *r) {
    return r->players == 2 && r->cards_dealt == 6 && r->discards == 2 && !r->single_series;
}

/* expert's crib table: [role][rank][rank][suits equal], in hundredths. */
static double crib_table(int role, const cs_card t[2]) {
    return cs_expert_crib[role][cs_card_rank(t[0])][cs_card_rank(t[1])]
                         [cs_card_suit(t[0]) == cs_card_suit(t[1])] /
           100.0;
}

/* The win chance of every row from the scores, as expert's board_discard() rates a split. */
static int fill_win(const cs_rules *r, cs_cardset dealt, int role, const int scores[2],
                    const cs_crib_model *m, cs_advice *out, char *err, size_t err_len) {
    cs_endgame end;
    int rc = cs_endgame_build(&end, r, m, ADVISE_END_DEALS);
    if (rc != CS_OK) {
        snprintf(err, err_len, "could not build the end-of-game model (%s)",
                 rc == CS_ENOMEM ? "out of memory" : "rules it does not cover");
        return rc;
    }
    double peg_mean = end.peg_mean[role] - end.peg_mean[1 - role];
    cs_endgame_ctx ctx;
    cs_endgame_begin(&ctx, &end, scores[0], scores[1], role);
    for (int i = 0; i < out->n_rows; i++) {
        cs_advice_row *row = &out->row[i];
        int points[CS_DECK_SIZE], heels[CS_DECK_SIZE], k = 0;
        for (cs_cardset rest = CS_FULL_DECK & ~dealt; rest; rest &= rest - 1) {
            cs_card st = (cs_card)__builtin_ctzll(rest);
            points[k] = cs_show_score(row->keep, 4, st, r->hand_flush_min);
            heels[k++] = role && cs_card_rank(st) == CS_JACK ? r->heels : 0;
        }
        row->win = cs_endgame_deal(&ctx, points, heels, k, row->peg - peg_mean,
                                   crib_table(role, row->toss) - end.crib_mean);
    }
    cs_endgame_free(&end);
    return CS_OK;
}

int cs_advise(const cs_rules *rules, const cs_card dealt[], int n, cs_advise_role role,
              const int scores[2], cs_advice *out, char *err, size_t err_len) {
    if (n != rules->cards_dealt) {
        snprintf(err, err_len, "%d cards given; these rules deal %d", n, rules->cards_dealt);
        return CS_ECONFIG;
    }
    if (role == CS_ADVISE_PARTNER && !rules->partnership) {
        snprintf(err, err_len, "a partner deals only under partnership rules");
        return CS_ECONFIG;
    }
    int two_hand = cs_advise_has_tables(rules);
    if (scores != NULL && !(two_hand && cs_endgame_supports(rules))) {
        snprintf(err, err_len,
                 "the win chance needs two players with six cards each and no deal limit "
                 "(expert's end-of-game model)");
        return CS_ECONFIG;
    }
    /* Seat 0 deals; the seat asking is 0, 1 (an opponent of the dealer) or 2 (its partner). */
    int seat = role == CS_ADVISE_DEALER ? 0 : role == CS_ADVISE_PONE ? 1 : 2;
    memset(out, 0, sizeof *out);
    out->crib_weight = cs_crib_weight(rules, seat, 0);
    out->keep = cs_rules_hand_size(rules);
    out->discards = rules->discards;
    out->have_peg = two_hand;

    cs_cardset seen = 0;
    for (int i = 0; i < n; i++) seen |= cs_cardset_of(dealt[i]);
    cs_pool pool;
    cs_pool_init(&pool, CS_FULL_DECK & ~seen);
    out->starters = pool.n;
    cs_crib_model m;
    cs_crib_model_build(&m, rules->crib_flush_min);
    cs_split splits[CS_SPLITS_MAX];
    double value[CS_SPLITS_MAX];
    int n_splits = cs_splits(dealt, n, rules->discards, splits), best;
    /* expected's own sum, so the ranking is its ranking to the last bit. */
    cs_discard_best(rules, splits, n_splits, &pool, &m, out->crib_weight, &best, value);
    int peg_role = out->crib_weight > 0;
    for (int i = 0; i < n_splits; i++) {
        cs_advice_row *row = &out->row[i];
        memcpy(row->toss, splits[i].toss, sizeof row->toss);
        memcpy(row->keep, splits[i].keep, sizeof row->keep);
        row->hand = cs_hand_expect(splits[i].keep, out->keep, &pool, rules->hand_flush_min);
        row->crib = cs_crib_expect(&m, splits[i].toss, rules->discards);
        row->net = value[i];
        if (two_hand)
            row->peg = cs_expert_peg[peg_role][cs_expert_cards_index(splits[i].keep)] / 100.0;
    }
    out->n_rows = n_splits;
    if (scores != NULL) {
        int rc = fill_win(rules, seen, peg_role, scores, &m, out, err, err_len);
        if (rc != CS_OK) return rc;
        out->have_win = 1;
    }
    /* Best first; an insertion sort keeps equal nets in split order, so the first row is
     * the split cs_discard_best() chose (the first of equals). */
    for (int i = 1; i < n_splits; i++) {
        cs_advice_row x = out->row[i];
        int j = i;
        while (j > 0 && out->row[j - 1].net < x.net) {
            out->row[j] = out->row[j - 1];
            j--;
        }
        out->row[j] = x;
    }
    return CS_OK;
}

/* ---- the command ---- */

static const char ADVISE_HELP[] =
    "usage: cribsim advise CARDS... (--dealer | --pone | --partner) [--players N]\n"
    "                      [--rules PRESET] [--set KEY=VALUE ...] [--scores ME,THEM] [--json]\n"
    "       cribsim advise --play KEPT... (--dealer | --pone) --starter CARD\n"
    "                      [--played 'CARD ...'] [--discards 'CARD CARD'] [--scores ME,THEM]\n"
    "                      [--rules PRESET] [--set KEY=VALUE ...] [--json]\n\n"
    "Lists every way to lay away from the cards dealt (six in the two-player game: 15\n"
    "discards; five with three or four players: 5), best first, with:\n\n"
    "  hand   the kept cards' mean show over every starter not among the cards dealt (46 of\n"
    "         them with six dealt), exact; his heels is left out (the same for every discard)\n"
    "  crib   the crib's mean, exact under expected's crib model: its other cards and the\n"
    "         starter drawn at random from the deck less the cards laid away (the other\n"
    "         seats laying away at random, the cards kept not taken out)\n"
    "  net    hand + crib when the crib is yours (or your partner's), hand - crib when it is\n"
    "         the opponent's (three players: - crib/2; four each for themselves: - crib/3).\n"
    "         The ranking: the first row is the `expected` strategy's discard.\n"
    "  peg    two players with six cards: the pegging margin expected for the four ranks\n"
    "         kept (your play's points less the opponent's), from expert's pegging table\n"
    "         (simulated play, both seats pegging as expected does); not added to net\n"
    "  win    with --scores only: your chance of winning the game with that discard, by\n"
    "         expert's end-of-game model (its crib and pegging tables, then its win table)\n\n"
    "Cards are rank then suit, as `cribsim score` reads them: A 2 .. 9 T (or 10) J Q K and\n"
    "C D H S, either case: 5H 10c JS.\n\n"
    "  --dealer          the crib is yours\n"
    "  --pone            the crib is an opponent's\n"
    "  --partner         partnership rules: your partner deals (the crib is your side's)\n"
    "  --players N       2 (default), 3 or 4 each for themselves: the presets two, three, four\n"
    "  --rules PRESET    two, three, four, partners, five-card, nz-tournament\n"
    "  --set KEY=VALUE   change one rule, e.g. --set crib_flush_min=4 (repeatable)\n"
    "  --scores ME,THEM  your side's score and the other's before the deal (each below the\n"
    "                    target; two players with six cards only), adds the win column\n"
    "  --json            one JSON object: {\"cards\", \"role\", \"players\", \"starters\",\n"
    "                    \"crib_weight\", \"scores\" (null or [ME, THEM]), \"discards\": "
    "[{\"rank\",\n"
    "                    \"discard\", \"keep\", \"hand\", \"crib\", \"net\", \"peg\", \"win\"}]},\n"
    "                    best first; peg and win are null where they do not apply\n\n"
    "With --play (two players, hands of four): KEPT are the four cards you kept, laid yet or\n"
    "not; --played every card laid this deal, in order, both seats' (yours are the ones among\n"
    "KEPT; a count past 31 or a go is read from the order); --discards the two you laid away\n"
    "(left out, the opponent may hold them). Lists each card you may lay, best first, with:\n\n"
    "  now     what it scores as it is laid (15, 31, pairs, runs)\n"
    "  mine    your mean points from it to the end of the play (the go and last card too)\n"
    "  theirs  the opponent's\n"
    "  margin  mine - theirs, the ranking\n\n"
    "exactly over every holding of the opponent's unplayed cards among the cards you have not\n"
    "seen, alike, less those the play rules out (a card that fit when it said go, or one that\n"
    "would have put it on turn now), both seats then pegging as the `expected` strategy does.\n"
    "With --scores the play stops when a side reaches the target. --json: {\"kept\", \"role\",\n"
    "\"starter\", \"played\", \"count\", \"their_cards\", \"holdings\", \"ways\",\n"
    "\"scores\", \"cards\": [{\"rank\", \"card\", \"now\", \"mine\", \"theirs\", \"margin\"}]}\n\n"
    "Options may come before or after the cards; options that take a value take it as the\n"
    "next argument or after '=' (--scores=100,95).\n";

#define MAX_SETS 16

static int advise_usage(const cs_args *a, const char *fmt, const char *what) {
    fprintf(stderr, "cribsim %s: ", a->cmd);
    fprintf(stderr, fmt, what);
    fprintf(stderr, " (cribsim advise --help)\n");
    return CS_EXIT_USAGE;
}

static void print_cards(const cs_card *c, int n, const char *sep) {
    for (int i = 0; i < n; i++) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(c[i], t);
        printf("%s%s", i ? sep : "", t);
    }
}

static void print_json_cards(const cs_card *c, int n) {
    printf("[");
    for (int i = 0; i < n; i++) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(c[i], t);
        printf("%s\"%s\"", i ? "," : "", t);
    }
    printf("]");
}

static const char *const ROLE_NAME[] = {"dealer", "pone", "partner"};

static void print_json(const cs_advice *ad, const cs_rules *r, const cs_card *dealt, int n,
                       cs_advise_role role, const int *scores) {
    printf("{\"cards\":");
    print_json_cards(dealt, n);
    printf(",\"role\":\"%s\",\"players\":%d,\"starters\":%d,\"crib_weight\":%.6f,", ROLE_NAME[role],
           r->players, ad->starters, ad->crib_weight);
    if (scores)
        printf("\"scores\":[%d,%d],", scores[0], scores[1]);
    else
        printf("\"scores\":null,");
    printf("\"discards\":[");
    for (int i = 0; i < ad->n_rows; i++) {
        const cs_advice_row *row = &ad->row[i];
        printf("%s{\"rank\":%d,\"discard\":", i ? "," : "", i + 1);
        print_json_cards(row->toss, ad->discards);
        printf(",\"keep\":");
        print_json_cards(row->keep, ad->keep);
        printf(",\"hand\":%.6f,\"crib\":%.6f,\"net\":%.6f", row->hand, row->crib, row->net);
        if (ad->have_peg)
            printf(",\"peg\":%.2f", row->peg);
        else
            printf(",\"peg\":null");
        if (ad->have_win)
            printf(",\"win\":%.6f}", row->win);
        else
            printf(",\"win\":null}");
    }
    printf("]}\n");
}

static void print_table(const cs_advice *ad, const cs_rules *r, const cs_card *dealt, int n,
                        cs_advise_role role, const int *scores) {
    print_cards(dealt, n, " ");
    printf(": %s, %d players%s", ROLE_NAME[role], r->players, r->partnership ? " as partners" : "");
    if (scores) printf(", scores %d to %d", scores[0], scores[1]);
    printf("\nhand over the %d unseen starters; crib %s; net = hand %s\n\n", ad->starters,
           "with the rest of the crib at random", ad->crib_weight > 0 ? "+ crib" : "- crib");
    /* Column widths for two cards laid away and four kept; one and three fit inside. */
    printf("rank  discard  keep          hand   crib    net");
    if (ad->have_peg) printf("    peg");
    if (ad->have_win) printf("    win");
    printf("\n");
    for (int i = 0; i < ad->n_rows; i++) {
        const cs_advice_row *row = &ad->row[i];
        printf("%4d  ", i + 1);
        print_cards(row->toss, ad->discards, " ");
        printf("%*s", 10 - 3 * ad->discards, "");
        print_cards(row->keep, ad->keep, " ");
        printf("%*s", 14 - 3 * ad->keep, "");
        printf("%5.2f  %5.2f  %5.2f", row->hand, row->crib, row->net);
        if (ad->have_peg) printf("  %+5.2f", row->peg);
        if (ad->have_win) printf("  %4.1f%%", 100.0 * row->win);
        printf("\n");
    }
}

/* Reads "ME,THEM" into scores[0..1], each 0 .. target - 1. */
static int parse_scores(const cs_args *a, const char *text, int target, int scores[2]) {
    char *end;
    long v[2];
    const char *p = text;
    for (int i = 0; i < 2; i++) {
        if (*p < '0' || *p > '9') goto bad;
        v[i] = strtol(p, &end, 10);
        if (i == 0 && *end != ',') goto bad;
        if (i == 1 && *end != '\0') goto bad;
        p = end + 1;
    }
    for (int i = 0; i < 2; i++) {
        if (v[i] >= target) {
            fprintf(stderr,
                    "cribsim %s: --scores '%s': %ld is not below the target, %d: the game is "
                    "over\n",
                    a->cmd, text, v[i], target);
            return -1;
        }
        scores[i] = (int)v[i];
    }
    return 0;
bad:
    fprintf(stderr, "cribsim %s: --scores '%s': expected ME,THEM, two whole numbers (e.g. 90,85)\n",
            a->cmd, text);
    return -1;
}

/* Reads the cards of `text` (split at spaces and commas) into out[0..max-1]; *n how many. */
static int parse_card_list(const cs_args *a, const char *opt, const char *text, cs_card out[],
                           int max, int *n) {
    *n = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, " ,");
        if (len == 0) {
            p++;
            continue;
        }
        char word[8];
        if (*n == max || len >= sizeof word) {
            fprintf(stderr, "cribsim %s: %s '%s': %s\n", a->cmd, opt, text,
                    *n == max ? "too many cards" : "a word there is not a card");
            return -1;
        }
        memcpy(word, p, len);
        word[len] = '\0';
        if (cs_card_parse(word, &out[(*n)++]) != CS_OK) {
            fprintf(stderr,
                    "cribsim %s: %s: '%s' is not a card (rank A 2-9 T/10 J Q K, suit C D H S)\n",
                    a->cmd, opt, word);
            return -1;
        }
        p += len;
    }
    return 0;
}

static void print_play(const cs_play_advice *ad, const cs_card kept[4], cs_advise_role role,
                       cs_card starter, const cs_card *played, int n_played, const int *scores,
                       int json) {
    if (json) {
        printf("{\"kept\":");
        print_json_cards(kept, 4);
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(starter, t);
        printf(",\"role\":\"%s\",\"starter\":\"%s\"", ROLE_NAME[role], t);
        printf(",\"played\":");
        print_json_cards(played, n_played);
        printf(",\"count\":%d,\"their_cards\":%d,\"holdings\":%ld,\"ways\":%.0f,", ad->count,
               ad->their_cards, ad->holdings, ad->ways);
        if (scores)
            printf("\"scores\":[%d,%d],", scores[0], scores[1]);
        else
            printf("\"scores\":null,");
        printf("\"cards\":[");
        for (int i = 0; i < ad->n_rows; i++) {
            const cs_play_advice_row *row = &ad->row[i];
            cs_card_format(row->card, t);
            printf("%s{\"rank\":%d,\"card\":\"%s\"", i ? "," : "", i + 1, t);
            printf(",\"now\":%d,\"mine\":%.6f,\"theirs\":%.6f,\"margin\":%.6f}", row->now,
                   row->mine, row->theirs, row->margin);
        }
        printf("]}\n");
        return;
    }
    print_cards(kept, 4, " ");
    printf(": %s, starter ", ROLE_NAME[role]);
    print_cards(&starter, 1, " ");
    if (n_played) {
        printf(", after ");
        print_cards(played, n_played, " ");
    }
    printf(", count %d", ad->count);
    if (scores) printf(", scores %d to %d", scores[0], scores[1]);
    printf("\nthe opponent's %d unplayed card%s: %ld holdings by rank, %.0f by card%s; then "
           "both peg as expected does\n\n",
           ad->their_cards, ad->their_cards == 1 ? "" : "s", ad->holdings, ad->ways,
           ad->bound > 0 ? ", none that fit when it said go" : "");
    printf("rank  card  now   mine  theirs  margin\n");
    for (int i = 0; i < ad->n_rows; i++) {
        const cs_play_advice_row *row = &ad->row[i];
        printf("%4d  ", i + 1);
        print_cards(&row->card, 1, " ");
        printf("    %3d  %5.2f   %5.2f  %+6.2f\n", row->now, row->mine, row->theirs, row->margin);
    }
}

int cs_cmd_advise(int argc, char **argv) {
    cs_args a = {.cmd = "advise", .argc = argc, .argv = argv};
    const char *texts[CS_DECK_SIZE + 1];
    const char *sets[MAX_SETS];
    const char *preset = NULL, *scores_text = NULL;
    const char *starter_text = NULL, *played_text = NULL, *discards_text = NULL;
    int n_texts = 0, n_sets = 0, json = 0, bad = 0, players = 0, play = 0;
    int role = -1;
    const char *role_opt = NULL;
    for (a.i = 1; a.i < argc; a.i++) {
        const char *arg = argv[a.i];
        if (arg[0] != '-' || arg[1] == '\0') { /* a card (a lone "-" is refused as one) */
            if (n_texts == CS_DECK_SIZE) return advise_usage(&a, "%stoo many cards", "");
            texts[n_texts++] = arg;
            continue;
        }
        /* mutate: equivalent 1->2: -2 is no role as -1 is: only r >= 0 is read */
        int r = -1;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            fputs(ADVISE_HELP, stdout);
            return CS_EXIT_OK;
        } else if (!strcmp(arg, "--dealer")) {
            r = CS_ADVISE_DEALER;
        } else if (!strcmp(arg, "--pone")) {
            r = CS_ADVISE_PONE;
        } else if (!strcmp(arg, "--partner")) {
            r = CS_ADVISE_PARTNER;
        } else if (!strcmp(arg, "--json")) {
            json = 1;
        } else if (!strcmp(arg, "--play")) {
            play = 1;
        } else if (cs_args_match(&a, "--starter", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            starter_text = a.value;
        } else if (cs_args_match(&a, "--played", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            played_text = a.value;
        } else if (cs_args_match(&a, "--discards", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            discards_text = a.value;
        } else if (cs_args_match(&a, "--players", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            if (cs_args_int(&a, "--players", 2, 4, &players) != 0) return CS_EXIT_USAGE;
            /* mutate: equivalent 1->2: cs_args_match reads takes_value as true or false */
        } else if (cs_args_match(&a, "--rules", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            if (cs_args_preset(&a, a.value) != 0) return CS_EXIT_USAGE;
            preset = a.value;
        } else if (cs_args_match(&a, "--set", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            if (n_sets == MAX_SETS) return advise_usage(&a, "at most %s --set options", "16");
            sets[n_sets++] = a.value;
        } else if (cs_args_match(&a, "--scores", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            scores_text = a.value;
        } else {
            return advise_usage(&a, "unknown option '%s'", arg);
        }
        if (r >= 0) {
            if (role >= 0 && role != r) {
                fprintf(stderr, "cribsim advise: %s and %s contradict each other: give one role\n",
                        role_opt, arg);
                return CS_EXIT_USAGE;
            }
            role = r;
            role_opt = arg;
        }
    }
    if (players && preset)
        return advise_usage(&a, "%s--players and --rules both name the rules: give one", "");
    if (players) preset = players == 2 ? "two" : players == 3 ? "three" : "four";
    cs_rules rules;
    if (cs_args_rules(&a, preset, sets, n_sets, &rules) != 0) return CS_EXIT_USAGE;
    char why[256];
    if (cs_rules_validate(&rules, why, sizeof why) != CS_OK) {
        fprintf(stderr, "cribsim advise: the rules do not hold together: %s\n", why);
        return CS_EXIT_USAGE;
    }
    if (role < 0)
        return advise_usage(&a, "%sgive the role: --dealer (your crib) or --pone (theirs)", "");
    if (!play && (starter_text || played_text || discards_text))
        return advise_usage(&a, "%s--starter, --played and --discards go with --play", "");
    if (play) {
        if (!starter_text)
            return advise_usage(&a, "%s--play needs the starter: --starter CARD", "");
        if (n_texts != 4) return advise_usage(&a, "%s--play: give the four cards you kept", "");
        cs_card kept[4], starter, played[CS_MAX_PLAYS], tossed[CS_MAX_DISCARD];
        /* mutate: equivalent 0->1: each set before it is read (cs_cards_parse, parse_card_list) */
        int n_played = 0, n_tossed = 0, bad_at = 0, one = 0;
        int rc = cs_cards_parse(4, texts, kept, &bad_at);
        if (rc == CS_EBADCARD)
            return advise_usage(&a, "'%s' is not a card (rank A 2-9 T/10 J Q K, suit C D H S)",
                                texts[bad_at]);
        if (rc == CS_EDUPCARD) return advise_usage(&a, "'%s' appears twice", texts[bad_at]);
        if (parse_card_list(&a, "--starter", starter_text, &starter, 1, &one) != 0 ||
            parse_card_list(&a, "--played", played_text ? played_text : "", played, CS_MAX_PLAYS,
                            &n_played) != 0 ||
            parse_card_list(&a, "--discards", discards_text ? discards_text : "", tossed,
                            CS_MAX_DISCARD, &n_tossed) != 0)
            return CS_EXIT_USAGE;
        if (one != 1) return advise_usage(&a, "%s--starter: give one card", "");
        if (discards_text && n_tossed != rules.discards)
            return advise_usage(&a, "%s--discards: give the cards you laid away, or leave it out",
                                "");
        int scores[2];
        if (scores_text && parse_scores(&a, scores_text, rules.target, scores) != 0)
            return CS_EXIT_USAGE;
        cs_play_advice ad;
        char err[256];
        rc = cs_advise_play(&rules, kept, (cs_advise_role)role, starter, tossed, n_tossed, played,
                            n_played, scores_text ? scores : NULL, &ad, err, sizeof err);
        if (rc != CS_OK) {
            fprintf(stderr, "cribsim advise: %s\n", err);
            return rc == CS_ECONFIG ? CS_EXIT_USAGE : CS_EXIT_FAILURE;
        }
        print_play(&ad, kept, (cs_advise_role)role, starter, played, n_played,
                   scores_text ? scores : NULL, json);
        return fflush(stdout) == 0 ? CS_EXIT_OK : CS_EXIT_FAILURE;
    }
    if (role == CS_ADVISE_PARTNER && !rules.partnership)
        return advise_usage(&a, "%s--partner needs partnership rules (--rules partners)", "");
    if (n_texts != rules.cards_dealt) {
        fprintf(stderr,
                "cribsim advise: %d card%s given; give the %d cards dealt (%d players%s)%s\n",
                n_texts, n_texts == 1 ? "" : "s", rules.cards_dealt, rules.players,
                rules.partnership ? " as partners" : "",
                rules.cards_dealt == 6 ? "" : " (the two-player game deals six: --players 2)");
        return CS_EXIT_USAGE;
    }
    cs_card dealt[CS_MAX_DEALT];
    int bad_at = 0;
    int rc = cs_cards_parse(n_texts, texts, dealt, &bad_at);
    if (rc == CS_EBADCARD)
        return advise_usage(&a, "'%s' is not a card (rank A 2-9 T/10 J Q K, suit C D H S)",
                            texts[bad_at]);
    if (rc == CS_EDUPCARD) return advise_usage(&a, "'%s' appears twice", texts[bad_at]);
    int scores[2];
    if (scores_text && parse_scores(&a, scores_text, rules.target, scores) != 0)
        return CS_EXIT_USAGE;
    cs_advice ad;
    char err[256];
    rc = cs_advise(&rules, dealt, n_texts, (cs_advise_role)role, scores_text ? scores : NULL, &ad,
                   err, sizeof err);
    if (rc == CS_ECONFIG) {
        fprintf(stderr, "cribsim advise: %s\n", err);
        return CS_EXIT_USAGE;
    }
    if (rc != CS_OK) {
        fprintf(stderr, "cribsim advise: %s\n", err);
        return CS_EXIT_FAILURE;
    }
    if (json)
        print_json(&ad, &rules, dealt, n_texts, (cs_advise_role)role, scores_text ? scores : NULL);
    else
        print_table(&ad, &rules, dealt, n_texts, (cs_advise_role)role, scores_text ? scores : NULL);
    return fflush(stdout) == 0 ? CS_EXIT_OK : CS_EXIT_FAILURE;
}

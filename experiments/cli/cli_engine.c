/*
 * cli_engine.c - the subcommands that speak for the engine alone: `score`, `peg`,
 * `hand-stats` and `play` (docs/architecture.md). Bad input exits 2 with a message that
 * names it; --batch writes one answer per good input line, in order, reports each bad line
 * with its number on standard error and goes on, and exits 2 at the end if any was bad.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cliopts.h"
#include "commands.h"
#include "error.h"
#include "game.h"
#include "narrate.h"
#include "score.h"
#include "h5io.h"
#include "strategy.h"
#include "runner.h"

/* A batch line holds at most a hand of four, the starter and some slack for the message. */
#define LINE_MAX_CARDS CS_PEG_PILE_MAX

static int usage_error(const char *cmd, const char *fmt, const char *arg) {
    fprintf(stderr, "cribsim %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (cribsim %s --help)\n", cmd);
    return CS_EXIT_USAGE;
}

static int out_of_memory(const char *cmd) {
    fprintf(stderr, "cribsim %s: out of memory\n", cmd);
    return CS_EXIT_FAILURE;
}

static int is_help(const char *a) {
    return !strcmp(a, "--help") || !strcmp(a, "-h");
}

/* What score and peg were asked. */
typedef struct {
    int crib, json, batch;
    int hand; /* score: cards in a hand, 4 or (--cards 3) 3 */
} card_options;

/*
 * Splits the arguments of score or peg into options and card texts (texts[] must hold argc
 * entries). Options may come before, between or after the cards: no card starts with '-'
 * (a lone "-" is kept as a card, to be refused as one). Returns -1 for --help (printed),
 * CS_EXIT_OK, or CS_EXIT_USAGE after naming an unknown option.
 */
static int split_card_args(const char *cmd, const char *help, int allow_crib, int argc, char **argv,
                           card_options *o, char **texts, int *n) {
    *n = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0') {
            texts[(*n)++] = argv[i];
        } else if (is_help(a)) {
            fputs(help, stdout);
            return -1;
        } else if (allow_crib && !strcmp(a, "--crib")) {
            o->crib = 1;
        } else if (allow_crib && !strcmp(a, "--cards")) {
            const char *v = i + 1 < argc ? argv[++i] : "";
            if (strcmp(v, "3") != 0 && strcmp(v, "4") != 0)
                return usage_error(cmd,
                                   "--cards takes 4 (the default) or 3 (the five-card "
                                   "game's hand), not '%s'",
                                   v);
            o->hand = v[0] - '0';
        } else if (!strcmp(a, "--json")) {
            o->json = 1;
        } else if (!strcmp(a, "--batch")) {
            o->batch = 1;
        } else {
            return usage_error(cmd, "unknown option '%s'", a);
        }
    }
    if (o->crib && o->hand == 3)
        return usage_error(cmd,
                           "%sa crib is four cards in every game: --crib and --cards 3 "
                           "contradict each other",
                           "");
    if (o->batch && *n > 0)
        return usage_error(cmd, "--batch reads standard input, not '%s'", texts[0]);
    return CS_EXIT_OK;
}

/* Parses argv card texts, naming the bad one. */
static int parse_cards(const char *cmd, int n, char **texts, cs_card *out) {
    int bad = 0;
    int rc = cs_cards_parse(n, (const char *const *)texts, out, &bad);
    if (rc == CS_EBADCARD)
        return usage_error(cmd, "'%s' is not a card (rank A 2-9 T/10 J Q K, suit C D H S)",
                           texts[bad]);
    if (rc == CS_EDUPCARD) return usage_error(cmd, "'%s' appears twice", texts[bad]);
    return CS_EXIT_OK;
}

/* ---- score ---- */

static const char SCORE_HELP[] =
    "usage: cribsim score [--crib | --cards 3] [--json] C1 .. C4 STARTER\n"
    "       cribsim score --batch [--crib | --cards 3]\n\n"
    "Scores a hand of four cards with its starter, the last card, and prints the points by\n"
    "kind and the total. Cards are rank then suit: A 2 .. 9 T (or 10) J Q K and C D H S,\n"
    "either case: 5H 10c JS.\n\n"
    "  --crib     count as the crib: a flush needs all five cards\n"
    "  --cards 3  a hand of three cards, as the five-card game's (without it, four cards in\n"
    "             all are refused: a hand whose starter was forgotten)\n"
    "  --json   print "
    "{\"total\":..,\"fifteens\":..,\"pairs\":..,\"runs\":..,\"flush\":..,\"nobs\":..}\n"
    "  --batch  read one hand per line from standard input (starter last), write one total per\n"
    "           line (with --json, one object per line); a bad or empty line is reported on\n"
    "           standard error with its number and writes nothing; the rest go on, and the\n"
    "           exit status is 2 if any line was bad\n\n"
    "Options may come before or after the cards.\n";

/* Checks the hand's size for the rule and scores it; returns the total or a negative exit. */
static int score_hand(const char *where, const cs_card *cards, int n, const card_options *o,
                      cs_show_points *out) {
    int hand = n - 1, crib = o->crib, want = o->hand ? o->hand : 4;
    if (hand != want) {
        fprintf(stderr, "cribsim score: %s: %d card%s; give %s, then the starter%s\n", where, n,
                n == 1 ? "" : "s",
                crib        ? "the four crib cards"
                : want == 3 ? "a hand of three cards"
                            : "a hand of four cards",
                want == 4 && n == 4 ? " (a three-card hand, as the five-card game's: --cards 3)"
                                    : "");
        return -CS_EXIT_USAGE;
    }
    int flush_min = crib ? 5 : hand;
    if (out) return cs_show_breakdown(cards, hand, cards[hand], flush_min, out);
    return cs_show_score(cards, hand, cards[hand], flush_min);
}

static void print_show_json(const cs_show_points *p) {
    printf("{\"total\":%d,\"fifteens\":%d,\"pairs\":%d,\"runs\":%d,\"flush\":%d,\"nobs\":%d}\n",
           p->total, p->fifteens, p->pairs, p->runs, p->flush, p->nobs);
}

static void print_peg_json(const cs_peg_points *p) {
    printf("{\"total\":%d,\"fifteen\":%d,\"thirty_one\":%d,\"pairs\":%d,\"run\":%d}\n", p->total,
           p->fifteen, p->thirty_one, p->pairs, p->run);
}

/* Reads lines from stdin; each is parsed to cards and handed to fn, which prints. */
typedef int (*batch_fn)(const char *cmd, long line_no, const cs_card *cards, int n,
                        const card_options *o);

static int run_batch(const char *cmd, batch_fn fn, const card_options *o) {
    char line[512];
    long line_no = 0;
    int status = CS_EXIT_OK;
    while (fgets(line, sizeof line, stdin)) {
        line_no++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "cribsim %s: line %ld is too long\n", cmd, line_no);
            int c;
            while ((c = getchar()) != EOF && c != '\n') {} /* skip the rest of it */
            status = CS_EXIT_USAGE;
            continue;
        }
        cs_card cards[LINE_MAX_CARDS];
        const char *bad = NULL;
        int n = cs_cards_parse_line(line, cards, LINE_MAX_CARDS, &bad);
        if (n < 0) {
            char tok[16] = "";
            if (bad) sscanf(bad, "%15s", tok);
            for (char *t = tok; *t; t++)
                if ((unsigned char)*t < 0x20 || (unsigned char)*t >= 0x7f) *t = '?';
            fprintf(stderr, "cribsim %s: line %ld: %s '%s'\n", cmd, line_no,
                    n == CS_EDUPCARD ? "duplicate card"
                    : n == CS_ECOUNT ? "too many cards at"
                                     : "not a card:",
                    tok);
            status = CS_EXIT_USAGE;
            continue;
        }
        int rc = fn(cmd, line_no, cards, n, o); /* reports a bad line itself */
        if (rc == CS_EXIT_FAILURE) return rc;
        if (rc != CS_EXIT_OK) status = rc;
    }
    if (ferror(stdin)) {
        fprintf(stderr, "cribsim %s: reading standard input failed\n", cmd);
        return CS_EXIT_FAILURE;
    }
    if (fflush(stdout) != 0) return CS_EXIT_FAILURE;
    return status;
}

static int score_batch_line(const char *cmd, long line_no, const cs_card *cards, int n,
                            const card_options *o) {
    (void)cmd;
    char where[32];
    snprintf(where, sizeof where, "line %ld", line_no);
    cs_show_points p;
    int total = score_hand(where, cards, n, o, o->json ? &p : NULL);
    if (total < 0) return -total;
    if (o->json)
        print_show_json(&p);
    else
        printf("%d\n", total);
    return CS_EXIT_OK;
}

int cs_cmd_score(int argc, char **argv) {
    card_options o = {0, 0, 0, 0};
    int n = 0;
    char **texts = argc > 0 ? calloc((size_t)argc, sizeof *texts) : NULL;
    if (texts == NULL) return out_of_memory("score");
    int rc = split_card_args("score", SCORE_HELP, 1, argc, argv, &o, texts, &n);
    if (rc == CS_EXIT_OK) {
        if (o.batch) {
            rc = run_batch("score", score_batch_line, &o);
        } else if (n == 0) {
            rc = usage_error("score", "%sgive the cards of a hand and the starter", "");
        } else if (n > CS_MAX_HAND + 1) {
            fprintf(stderr,
                    "cribsim score: %d cards given; give a hand of four cards (or with --cards "
                    "3, three), then the starter\n",
                    n);
            rc = CS_EXIT_USAGE;
        } else {
            cs_card cards[CS_MAX_HAND + 1];
            cs_show_points p;
            rc = parse_cards("score", n, texts, cards);
            int total = rc == CS_EXIT_OK ? score_hand("the hand", cards, n, &o, &p) : 0;
            if (total < 0) {
                rc = -total;
            } else if (rc == CS_EXIT_OK && o.json) {
                print_show_json(&p);
            } else if (rc == CS_EXIT_OK) {
                printf("fifteens %2d\npairs    %2d\nruns     %2d\nflush    %2d\nnobs     %2d\n"
                       "total    %2d\n",
                       p.fifteens, p.pairs, p.runs, p.flush, p.nobs, p.total);
            }
        }
    }
    free(texts);
    return rc < 0 ? CS_EXIT_OK : rc;
}

/* ---- peg ---- */

static const char PEG_HELP[] =
    "usage: cribsim peg [--json] C1 .. Cn\n"
    "       cribsim peg --batch\n\n"
    "Prints the points scored by the last card Cn laid on the pile C1 .. Cn-1 of the current\n"
    "series: fifteen, thirty-one, pairs and runs (not the go). The count may not pass 31.\n\n"
    "  --json   print {\"total\":..,\"fifteen\":..,\"thirty_one\":..,\"pairs\":..,\"run\":..}\n"
    "  --batch  read one pile per line from standard input, write one total per line (with\n"
    "           --json, one object per line); bad lines are reported on standard error and\n"
    "           skipped, and the exit status is then 2\n\n"
    "Options may come before or after the cards.\n";

/* Checks that the pile is a possible series: at most 31 all along. */
static int check_pile(const char *where, const cs_card *cards, int n) {
    int count = 0;
    for (int i = 0; i < n; i++) {
        count += cs_card_value(cards[i]);
        if (count > 31) {
            char t[CS_CARD_TEXT_MAX];
            cs_card_format(cards[i], t);
            fprintf(stderr, "cribsim peg: %s: %s takes the count to %d, past 31\n", where, t,
                    count);
            return CS_EXIT_USAGE;
        }
    }
    if (n == 0) {
        fprintf(stderr, "cribsim peg: %s: no cards\n", where);
        return CS_EXIT_USAGE;
    }
    return CS_EXIT_OK;
}

static int peg_batch_line(const char *cmd, long line_no, const cs_card *cards, int n,
                          const card_options *o) {
    (void)cmd;
    char where[32];
    snprintf(where, sizeof where, "line %ld", line_no);
    int rc = check_pile(where, cards, n);
    if (rc != CS_EXIT_OK) return rc;
    if (o->json) {
        cs_peg_points p;
        cs_peg_breakdown(cards, n, &p);
        print_peg_json(&p);
    } else {
        printf("%d\n", cs_peg_score(cards, n));
    }
    return CS_EXIT_OK;
}

int cs_cmd_peg(int argc, char **argv) {
    card_options o = {0, 0, 0, 0};
    int n = 0;
    char **texts = argc > 0 ? calloc((size_t)argc, sizeof *texts) : NULL;
    if (texts == NULL) return out_of_memory("peg");
    int rc = split_card_args("peg", PEG_HELP, 0, argc, argv, &o, texts, &n);
    if (rc == CS_EXIT_OK) {
        if (o.batch) {
            rc = run_batch("peg", peg_batch_line, &o);
        } else if (n == 0) {
            rc = usage_error("peg", "%sgive the cards of the series, the new card last", "");
        } else if (n > CS_PEG_PILE_MAX) {
            fprintf(stderr, "cribsim peg: %d cards given; a series holds at most %d\n", n,
                    CS_PEG_PILE_MAX);
            rc = CS_EXIT_USAGE;
        } else {
            cs_card cards[CS_PEG_PILE_MAX];
            rc = parse_cards("peg", n, texts, cards);
            if (rc == CS_EXIT_OK) rc = check_pile("the pile", cards, n);
            if (rc == CS_EXIT_OK) {
                cs_peg_points p;
                cs_peg_breakdown(cards, n, &p);
                if (o.json)
                    print_peg_json(&p);
                else
                    printf("fifteen    %2d\nthirty-one %2d\npairs      %2d\nrun        %2d\n"
                           "total      %2d\n",
                           p.fifteen, p.thirty_one, p.pairs, p.run, p.total);
            }
        }
    }
    free(texts);
    return rc < 0 ? CS_EXIT_OK : rc;
}

/* ---- hand-stats ---- */

static const char HAND_STATS_HELP[] =
    "usage: cribsim hand-stats [--crib] [--cards 4|3]\n\n"
    "Enumerates every hand with every starter (12,994,800 for four cards) and prints one line\n"
    "SCORE COUNT for each score that occurs, then 'total N mean M'.\n\n"
    "  --crib       count with the crib rule (a flush needs all five cards; four cards only)\n"
    "  --cards N    hands of 4 (default) or 3 cards\n";

int cs_cmd_hand_stats(int argc, char **argv) {
    cs_args a = {.cmd = "hand-stats", .argc = argc, .argv = argv};
    int crib = 0, cards = 4, bad = 0;
    for (a.i = 1; a.i < argc; a.i++) {
        const char *arg = argv[a.i];
        if (is_help(arg)) {
            fputs(HAND_STATS_HELP, stdout);
            return CS_EXIT_OK;
        }
        if (cs_args_match(&a, "--crib", 0, &bad)) {
            crib = 1;
        } else if (cs_args_match(&a, "--cards", 1, &bad)) {
            if (bad) return CS_EXIT_USAGE;
            if (strcmp(a.value, "4") && strcmp(a.value, "3"))
                return usage_error("hand-stats", "--cards takes 4 or 3, not '%s'", a.value);
            cards = a.value[0] - '0';
        } else {
            return usage_error("hand-stats", "unknown argument '%s'", arg);
        }
    }
    if (crib && cards != 4)
        return usage_error("hand-stats", "%sthe crib always holds four cards", "");
    uint64_t counts[CS_SHOW_MAX + 1];
    uint64_t n = cs_show_distribution(cards, crib, counts);
    uint64_t points = 0;
    for (int s = 0; s <= CS_SHOW_MAX; s++) {
        if (!counts[s]) continue;
        printf("%d %" PRIu64 "\n", s, counts[s]);
        points += (uint64_t)s * counts[s];
    }
    printf("total %" PRIu64 " mean %.6f\n", n, (double)points / (double)n);
    return CS_EXIT_OK;
}

/* ---- play ---- */

static const char PLAY_HELP[] =
    "usage: cribsim play [--seats SPEC,...] [--rules PRESET] [--seed S] [--game N]\n"
    "                    [--set KEY=VALUE ...]\n\n"
    "Plays one complete game and prints it deal by deal. Each seat is a strategy spec\n"
    "(cribsim strategies lists them) or `human`: you, at this terminal. With a human seat you\n"
    "see your own cards, the count and the pile, the board, and only the legal moves; the\n"
    "other seats' cards stay hidden until the show. The cards depend only on (seed, game);\n"
    "the players draw from their own streams.\n\n"
    "  --seats SPEC,...  one per seat (default: random at every seat), e.g. human,mc\n"
    "  --rules PRESET    two (default), three, four, partners, five-card, nz-tournament\n"
    "  --seed S          the run's seed (default 1)\n"
    "  --game N          the game's index in the run (default 0)\n"
    "  --set KEY=VALUE   override one rule, e.g. --set target=61 (repeatable)\n\n"
    "At a prompt, type the cards (e.g. 5H KD; 10 and lower case are accepted). An illegal or\n"
    "unreadable answer is refused with the reason and asked again. `help` (or `?`) at a prompt\n"
    "tells what to type; `quit` (or `q`) ends the game there, printing the board, with exit\n"
    "status 0; end of input ends the game unfinished with exit status 2.\n"
    "Options take their value as the next argument or after '=' (--seed=5).\n";

/* A person at the terminal: reads answers from standard input, refusing illegal ones. */
typedef struct {
    FILE *in, *out;
    int seat;
    cs_narrator *narrator; /* the game's text: what waits in it is printed before a prompt */
    int quit;              /* the person typed quit: the game ends there */
} human;

/* Prints what a person typed with anything that is not printable ASCII as \xNN. */
static void print_typed(FILE *out, const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p >= 0x20 && *p < 0x7f)
            fputc(*p, out);
        else
            fprintf(out, "\\x%02x", *p);
}

static void print_card_list(FILE *out, const cs_card *cards, int n) {
    for (int i = 0; i < n; i++) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(cards[i], t);
        fprintf(out, " %s", t);
    }
}

static const char HUMAN_HELP[] =
    "  type your answer and press enter. Cards are rank then suit: A 2 .. 9 T (or 10)\n"
    "  J Q K and C D H S, either case (5H 10c KD). Laying away: the cards on one line;\n"
    "  in the play: one card of those you can play. `help` or `?` shows this; `quit` or\n"
    "  `q` ends the game here.\n";

/* Reads one answer line; returns 0, or CS_EINTERRUPT at end of input or when the person
 * quits (h->quit says which). `help` prints what to type and reads again. */
static int human_read(human *h, char *line, size_t len, const char *prompt) {
    for (;;) {
        fflush(h->out);
        if (fgets(line, (int)len, h->in) == NULL) return CS_EINTERRUPT;
        line[strcspn(line, "\r\n")] = '\0';
        char word[8] = "";
        if (sscanf(line, " %7s", word) == 1 && strlen(line) < 32) {
            char rest[32] = "";
            sscanf(line, " %*s %31s", rest); /* a command is one word alone */
            for (char *c = word; *c; c++)
                if (*c >= 'A' && *c <= 'Z') *c = (char)(*c - 'A' + 'a');
            if (rest[0] == '\0' && (!strcmp(word, "quit") || !strcmp(word, "q"))) {
                h->quit = 1;
                return CS_EINTERRUPT;
            }
            if (rest[0] == '\0' && (!strcmp(word, "help") || !strcmp(word, "?"))) {
                fputs(HUMAN_HELP, h->out);
                fputs(prompt, h->out);
                continue;
            }
        }
        return 0;
    }
}

/* Before a prompt: what the others did until now is printed first, and the play's header. */
static void human_catch_up(human *h, int playing) {
    if (h->narrator == NULL) return;
    cs_narrator_flush(h->narrator);
    if (playing && !h->narrator->play_told) {
        fprintf(h->out, "  the play:\n");
        h->narrator->play_told = 1;
    }
}

static void human_board(human *h, const cs_view *v) {
    fprintf(h->out, "\n  the board (to %d):", v->rules->target);
    for (int s = 0; s < v->rules->players; s++) {
        if (v->rules->partnership && s >= 2) break;
        if (v->rules->partnership)
            fprintf(h->out, "%s team %d (seats %d+%d) %d", s ? "," : "", s, s, s + 2, v->score[s]);
        else
            fprintf(h->out, "%s seat %d %d", s ? "," : "", s, v->score[s]);
    }
    fprintf(h->out, "; you are seat %d\n", h->seat);
}

static int human_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    human *h = self;
    int need = v->rules->discards;
    human_catch_up(h, 0);
    human_board(h, v);
    for (;;) {
        fprintf(h->out, "  your hand:");
        print_card_list(h->out, v->hand, v->n_hand);
        char prompt[64];
        snprintf(prompt, sizeof prompt, "  lay away %d to %s crib: ", need,
                 v->dealer == h->seat ? "your" : "the dealer's");
        fprintf(h->out, "\n%s", prompt);
        char line[256];
        if (human_read(h, line, sizeof line, prompt) != 0) return CS_EINTERRUPT;
        cs_card got[CS_MAX_DEALT];
        const char *bad = NULL;
        int k = cs_cards_parse_line(line, got, CS_MAX_DEALT, &bad);
        const char *why = NULL;
        char named_twice[64];
        if (k == CS_EDUPCARD) {
            char tok[16] = "";
            if (bad) sscanf(bad, "%15s", tok);
            for (char *t = tok; *t; t++)
                if ((unsigned char)*t < 0x20 || (unsigned char)*t >= 0x7f) *t = '?';
            snprintf(named_twice, sizeof named_twice, "%s is named twice", tok);
            why = named_twice;
        } else if (k == CS_ECOUNT)
            why = need == 1 ? "lay away exactly one card" : "lay away exactly two cards";
        else if (k < 0)
            why = "those are not cards";
        else if (k != need)
            why = need == 1 ? "lay away exactly one card" : "lay away exactly two cards";
        for (int i = 0; why == NULL && i < k; i++) {
            int held = 0;
            for (int j = 0; j < v->n_hand; j++) held |= v->hand[j] == got[i];
            for (int j = 0; j < i; j++)
                if (got[j] == got[i]) held = 0;
            if (!held) why = "a card you do not hold (or named twice)";
        }
        if (why == NULL) {
            memcpy(out, got, (size_t)need * sizeof *out);
            return 0;
        }
        fprintf(h->out, "  refused: '");
        print_typed(h->out, line);
        fprintf(h->out, "': %s\n", why);
    }
}

static int human_play(void *self, const cs_view *v, cs_card *out) {
    human *h = self;
    cs_card legal[CS_MAX_HAND];
    int n = cs_view_legal_plays(v, legal);
    human_catch_up(h, 1);
    fprintf(h->out, "  board: ");
    for (int side = 0; side < cs_rules_sides(v->rules); side++)
        fprintf(h->out, "%s%s %d %d", side ? ", " : "", v->rules->partnership ? "team" : "seat",
                side, v->score[side]);
    fprintf(h->out, " (to %d)\n", v->rules->target);
    for (;;) {
        fprintf(h->out, "  count %d, pile:", v->count);
        print_card_list(h->out, v->pile, v->n_pile);
        fprintf(h->out, "%s; your hand:", v->n_pile ? "" : " (empty)");
        print_card_list(h->out, v->hand, v->n_hand);
        fprintf(h->out, "; you can play:");
        print_card_list(h->out, legal, n);
        fprintf(h->out, "\n  your card: ");
        char line[256];
        if (human_read(h, line, sizeof line, "  your card: ") != 0) return CS_EINTERRUPT;
        cs_card c;
        const char *why = NULL;
        char text[256];
        snprintf(text, sizeof text, "%s", line);
        char *start = text;
        while (*start == ' ' || *start == '\t') start++;
        start[strcspn(start, " \t")] = '\0';
        if (cs_card_parse(start, &c) != 0)
            why = "that is not a card";
        else {
            int ok = 0;
            for (int i = 0; i < n; i++) ok |= legal[i] == c;
            if (!ok) {
                int held = 0;
                for (int i = 0; i < v->n_hand; i++) held |= v->hand[i] == c;
                why = held ? "it would take the count past 31" : "you do not hold it";
            }
        }
        if (why == NULL) {
            *out = c;
            return 0;
        }
        fprintf(h->out, "  refused: '");
        print_typed(h->out, line);
        fprintf(h->out, "': %s\n", why);
    }
}

int cs_cmd_play(int argc, char **argv) {
    cs_args a = {.cmd = "play", .argc = argc, .argv = argv};
    const char *preset = "two", *seats_text = NULL;
    uint64_t seed = 1, game = 0;
    const char **sets = argc > 0 ? calloc((size_t)argc, sizeof *sets) : NULL;
    if (sets == NULL) return out_of_memory("play");
    int n_sets = 0, bad = 0;
    for (a.i = 1; a.i < argc && !bad; a.i++) {
        if (is_help(argv[a.i])) {
            fputs(PLAY_HELP, stdout);
            free(sets);
            return CS_EXIT_OK;
        }
        if (cs_args_match(&a, "--rules", 1, &bad)) {
            if (!bad) preset = a.value;
        } else if (cs_args_match(&a, "--seats", 1, &bad)) {
            if (!bad) seats_text = a.value;
        } else if (cs_args_match(&a, "--seed", 1, &bad)) {
            bad = bad || cs_args_u64(&a, "--seed", 0, UINT64_MAX, &seed);
        } else if (cs_args_match(&a, "--game", 1, &bad)) {
            bad = bad || cs_args_u64(&a, "--game", 0, UINT64_MAX, &game);
        } else if (cs_args_match(&a, "--set", 1, &bad)) {
            if (!bad) sets[n_sets++] = a.value;
        } else {
            cs_args_error(&a, "unknown argument '%s' (cribsim play --help)", argv[a.i]);
            bad = 1;
        }
    }
    /* The sets apply to the chosen preset whatever their order on the line. */
    cs_rules rules;
    if (!bad) bad = cs_args_rules(&a, preset, sets, n_sets, &rules) != 0;
    free(sets);
    if (bad) return CS_EXIT_USAGE;
    char why[256];
    if (cs_rules_validate(&rules, why, sizeof why) != CS_OK) {
        fprintf(stderr, "cribsim play: the rules make no sense: %s\n", why);
        return CS_EXIT_USAGE;
    }
    cs_game *g = cs_game_new();
    if (!g) {
        fprintf(stderr, "cribsim play: out of memory\n");
        return CS_EXIT_FAILURE;
    }
    /* The seats: strategy specs, or a person. */
    char specs[CS_MAX_PLAYERS][CS_H5_SPEC_MAX];
    int n_seats = rules.players;
    if (seats_text != NULL) {
        n_seats = cs_seats_split(seats_text, specs, CS_MAX_PLAYERS);
        if (n_seats != rules.players) {
            fprintf(stderr, "cribsim play: --seats names %d seat%s for %d-player rules\n",
                    n_seats < 0 ? 0 : n_seats, n_seats == 1 ? "" : "s", rules.players);
            cs_game_free(g);
            return CS_EXIT_USAGE;
        }
    } else {
        for (int s = 0; s < n_seats; s++) snprintf(specs[s], sizeof specs[s], "random");
    }
    cs_player *players[CS_MAX_PLAYERS] = {0};
    human humans[CS_MAX_PLAYERS];
    cs_agent agents[CS_MAX_PLAYERS];
    const char *names[CS_MAX_PLAYERS];
    unsigned human_seats = 0;
    int status = CS_EXIT_OK;
    cs_narrator narrator; /* made once the seats are named, below */
    for (int s = 0; s < n_seats && status == CS_EXIT_OK; s++) {
        names[s] = specs[s];
        if (strcmp(specs[s], "human") == 0) {
            humans[s] = (human){stdin, stdout, s, &narrator, 0};
            agents[s] =
                (cs_agent){human_discard, human_play, NULL, &humans[s], "human", NULL, NULL};
            human_seats |= 1u << s;
            continue;
        }
        char whyp[512];
        players[s] = cs_player_create(specs[s], whyp, sizeof whyp);
        if (players[s] == NULL) {
            fprintf(stderr, "cribsim play: seat %d: %s\n", s, whyp);
            status = CS_EXIT_USAGE;
            break;
        }
        cs_player_new_game(players[s], &rules, seed, game, s);
        agents[s] = cs_player_agent(players[s]);
    }
    if (status == CS_EXIT_OK) {
        cs_narrator_init(&narrator, stdout, g, &rules, seats_text ? names : NULL);
        /* With a person at the table the others' cards stay hidden until the show. */
        narrator.hidden = human_seats ? ((1u << n_seats) - 1u) & ~human_seats : 0;
        /* One seat's agent narrates: every agent is told every public event. */
        agents[0] = cs_narrator_attach(&narrator, agents[0]);
        if (seats_text)
            printf("cribsim play: seed %" PRIu64 ", game %" PRIu64 "\n", seed, game);
        else
            printf("cribsim play: seed %" PRIu64 ", game %" PRIu64 ", random players\n", seed,
                   game);
        cs_narrate_header(&narrator);
        cs_game_begin(g, &rules, seed, game, CS_FIRST_DEALER_CUT, agents);
        cs_game_record sum;
        int rc = cs_game_run(g, NULL, NULL, &sum);
        int quit = 0;
        for (int s = 0; s < n_seats; s++) quit |= (human_seats >> s & 1u) && humans[s].quit;
        if (rc == CS_EINTERRUPT && quit) {
            /* The person chose to stop: not an error. The board as it stands. */
            cs_view v;
            cs_game_view(g, 0, &v);
            printf("\ncribsim play: you quit in deal %d: the game ends unfinished; board: ",
                   v.deal + 1);
            for (int side = 0; side < cs_rules_sides(&rules); side++)
                printf("%s%s %d %d", side ? ", " : "", rules.partnership ? "team" : "seat", side,
                       v.score[side]);
            printf("\n");
        } else if (rc == CS_EINTERRUPT) {
            fflush(stdout);
            fprintf(stderr, "\ncribsim play: no more input: the game ends unfinished\n");
            status = CS_EXIT_USAGE;
        } else if (rc != CS_OK) {
            fprintf(stderr, "cribsim play: %s\n", cs_game_error(g));
            status = CS_EXIT_FAILURE;
        } else {
            printf("\n");
            cs_narrate_result(&narrator, &sum);
        }
    }
    for (int s = 0; s < n_seats; s++)
        if (players[s]) cs_player_destroy(players[s]);
    cs_game_free(g);
    return status;
}

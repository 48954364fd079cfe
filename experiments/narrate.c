/* narrate.c - the text of a game, event by event; see narrate.h. */
#include "narrate.h"

#include <string.h>

void cs_narrator_init(cs_narrator *n, FILE *out, const cs_game *game, const cs_rules *rules) {
    n->out = out;
    n->game = game;
    n->rules = rules;
    n->scores_told = 0;
}

const char *cs_narrate_seat(const cs_rules *r, int seat, char *buf, size_t len) {
    if (r->partnership)
        snprintf(buf, len, "seat %d (team %d)", seat, seat & 1);
    else
        snprintf(buf, len, "seat %d", seat);
    return buf;
}

/* "seat 2", or in partnerships "team 0", for the side of seat. */
static const char *narrate_side(const cs_rules *r, int seat, char *buf, size_t len) {
    if (r->partnership)
        snprintf(buf, len, "team %d", seat & 1);
    else
        snprintf(buf, len, "seat %d", seat);
    return buf;
}

static void print_cards(FILE *out, const cs_card *cards, int n) {
    for (int i = 0; i < n; i++) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(cards[i], t);
        fprintf(out, "%s%s", i ? " " : "", t);
    }
}

static void print_scores(FILE *out, const cs_rules *r, const int *score) {
    if (r->partnership) {
        fprintf(out, "team 0 %d, team 1 %d", score[0], score[1]);
        return;
    }
    for (int s = 0; s < r->players; s++) fprintf(out, "%sseat %d %d", s ? ", " : "", s, score[s]);
}

static void narrate_deal_cards(cs_narrator *n, const cs_view *v) {
    const cs_deal_record *d = cs_game_deal_record(n->game);
    const cs_rules *r = n->rules;
    for (int k = 1; k <= r->players; k++) {
        int s = (v->dealer + k) % r->players;
        char who[32];
        fprintf(n->out, "  %-16s dealt ", cs_narrate_seat(r, s, who, sizeof who));
        print_cards(n->out, d->dealt[s], r->cards_dealt);
        fprintf(n->out, ", lays away ");
        print_cards(n->out, d->discard[s], r->discards);
        fprintf(n->out, "\n");
    }
    if (d->crib_extra != CS_NO_CARD) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(d->crib_extra, t);
        fprintf(n->out, "  the crib's card from the deck: %s\n", t);
    }
}

/* One card of the play: the count, then what it scored by kind and, for more than one, the
 * sum ("fifteen 2, pair 2 = 4"). */
static void narrate_play(cs_narrator *n, const cs_view *v, const cs_event *e) {
    char who[32], t[CS_CARD_TEXT_MAX];
    cs_card_format(e->card, t);
    cs_peg_points p;
    cs_peg_breakdown(v->pile, v->n_pile, &p);
    fprintf(n->out, "    %-16s %s  count %2d", cs_narrate_seat(n->rules, e->seat, who, sizeof who),
            t, v->count);
    const struct {
        const char *name;
        int points;
    } parts[] = {{"fifteen", p.fifteen},
                 {"thirty-one", p.thirty_one},
                 {p.pairs == 2   ? "pair"
                  : p.pairs == 6 ? "pair royal"
                                 : "double pair royal",
                  p.pairs},
                 {"run", p.run}};
    int shown = 0;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (!parts[i].points) continue;
        fprintf(n->out, "%s%s %d", shown++ ? ", " : "  ", parts[i].name, parts[i].points);
    }
    if (shown > 1) fprintf(n->out, " = %d", p.total);
    fprintf(n->out, "\n");
}

static void narrate_show(cs_narrator *n, const cs_event *e) {
    char who[32];
    cs_show_points p;
    int flush_min = e->is_crib ? n->rules->crib_flush_min : n->rules->hand_flush_min;
    cs_show_breakdown(e->cards, e->n_cards, e->card, flush_min, &p);
    fprintf(n->out, "    %-16s %-4s ", cs_narrate_seat(n->rules, e->seat, who, sizeof who),
            e->is_crib ? "crib" : "hand");
    print_cards(n->out, e->cards, e->n_cards);
    fprintf(n->out, "  %2d", e->points);
    if (e->points) {
        fprintf(n->out, "  (");
        const char *sep = "";
        const struct {
            const char *name;
            int points;
        } parts[] = {{"fifteens", p.fifteens},
                     {"pairs", p.pairs},
                     {"runs", p.runs},
                     {"flush", p.flush},
                     {"nobs", p.nobs}};
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            if (!parts[i].points) continue;
            fprintf(n->out, "%s%s %d", sep, parts[i].name, parts[i].points);
            sep = ", ";
        }
        fprintf(n->out, ")");
    }
    fprintf(n->out, "\n");
}

void cs_narrator_observe(void *self, const cs_view *v, const cs_event *e) {
    cs_narrator *n = self;
    const cs_rules *r = n->rules;
    char who[32], t[CS_CARD_TEXT_MAX];
    switch (e->type) {
    case CS_EVENT_DEAL:
        /* The scores before the deal were told after the last one (all 0 before the first). */
        n->scores_told = 0;
        fprintf(n->out, "\nDeal %d: %s deals\n", v->deal + 1,
                cs_narrate_seat(r, e->seat, who, sizeof who));
        break;
    case CS_EVENT_BONUS:
        fprintf(n->out, "  %s takes %d for last at the start of the game\n",
                cs_narrate_seat(r, e->seat, who, sizeof who), e->points);
        break;
    case CS_EVENT_STARTER:
        narrate_deal_cards(n, v);
        cs_card_format(e->card, t);
        fprintf(n->out, "  starter %s", t);
        if (e->points)
            fprintf(n->out, ": his heels, %d to %s", e->points,
                    cs_narrate_seat(r, e->seat, who, sizeof who));
        fprintf(n->out, "\n  the play:\n");
        break;
    case CS_EVENT_PLAY: narrate_play(n, v, e); break;
    case CS_EVENT_GO: {
        /* The point goes to the last to lay a card: for the go while others hold cards, for
         * the last card when nobody does. */
        int left = 0;
        for (int s = 0; s < r->players; s++) left += v->cards_left[s];
        fprintf(n->out, "    %-16s takes %d for the %s\n",
                cs_narrate_seat(r, e->seat, who, sizeof who), e->points, left ? "go" : "last card");
        break;
    }
    case CS_EVENT_RESET: fprintf(n->out, "    -- the count starts again\n"); break;
    case CS_EVENT_SHOW:
        if (!e->is_crib && e->seat == (v->dealer + 1) % r->players) {
            int left = 0;
            for (int s = 0; s < r->players; s++) left += v->cards_left[s];
            if (left && r->single_series)
                fprintf(n->out, "    the play ends: a single series, %d card%s left unplayed\n",
                        left, left == 1 ? "" : "s");
            cs_card_format(e->card, t);
            fprintf(n->out, "  the show (starter %s):\n", t);
        }
        narrate_show(n, e);
        if (e->is_crib) { /* the last thing counted in a deal */
            fprintf(n->out, "  scores after deal %d: ", v->deal + 1);
            print_scores(n->out, r, v->score);
            fprintf(n->out, "\n");
            n->scores_told = 1;
        }
        break;
    case CS_EVENT_END: {
        int reached = -1;
        for (int s = 0; s < r->players; s++)
            if (v->score[s] >= r->target) reached = s;
        if (reached >= 0)
            fprintf(n->out, "  %s reaches %d: the game is over\n",
                    narrate_side(r, reached, who, sizeof who), r->target);
        else
            fprintf(n->out, "  the %d deals are played: the game is over\n", r->max_deals);
        if (!n->scores_told) {
            fprintf(n->out, "  scores: ");
            print_scores(n->out, r, v->score);
            fprintf(n->out, "\n");
        }
        break;
    }
    }
}

void cs_narrate_result(FILE *out, const cs_rules *r, const cs_game_record *sum) {
    static const char *const SKUNK[] = {"", "skunked", "double skunked", "triple skunked"};
    const char *deals = sum->deals == 1 ? "deal" : "deals";
    if (sum->winner < 0) {
        fprintf(out, "The game is a tie after %u %s: ", (unsigned)sum->deals, deals);
    } else {
        /* Seat `winner`'s entry holds its side's score (team `winner` holds seat `winner`). */
        int reached = sum->score[sum->winner] >= r->target;
        fprintf(out, "%s %d wins %s %u %s: ", r->partnership ? "Team" : "Seat", sum->winner,
                reached ? "after" : "on points after the", (unsigned)sum->deals, deals);
    }
    int shown[CS_MAX_PLAYERS] = {0};
    for (int s = 0; s < r->players; s++) {
        int side = cs_rules_side(r, s);
        if (shown[side]++) continue;
        fprintf(out, "%s%s %d %d", s ? ", " : "", r->partnership ? "team" : "seat", side,
                sum->score[s]);
        if (sum->skunk[s]) fprintf(out, " (%s)", SKUNK[sum->skunk[s]]);
    }
    if (sum->lurch) fprintf(out, "; a lurch");
    fprintf(out, ".\n");
}

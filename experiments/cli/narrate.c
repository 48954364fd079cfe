/* narrate.c - the text of a game, event by event; see narrate.h. */
#include "narrate.h"

#include <string.h>

/* The rules as JSON: 18 "key":value members of at most about 30 characters each. */
#define RULES_JSON_MAX 1024

void cs_narrator_init(cs_narrator *n, FILE *out, const cs_game *game, const cs_rules *rules,
                      const char *const names[]) {
    memset(n, 0, sizeof *n);
    n->out = out;
    n->game = game;
    n->rules = rules;
    n->names = names;
    for (int s = 0; s < rules->players; s++) {
        char name[CS_NARRATE_NAME_MAX + 1] = "";
        if (names != NULL) {
            size_t len = strlen(names[s]);
            /* A longer name keeps its start and shows it was cut. */
            if (len > CS_NARRATE_NAME_MAX)
                snprintf(name, sizeof name, "%.*s...", CS_NARRATE_NAME_MAX - 3, names[s]);
            else
                snprintf(name, sizeof name, "%s", names[s]);
        }
        char team[16] = "";
        if (rules->partnership) snprintf(team, sizeof team, "team %d", cs_rules_side(rules, s));
        if (name[0] || team[0])
            snprintf(n->label[s], sizeof n->label[s], "seat %d (%s%s%s)", s, name,
                     name[0] && team[0] ? ", " : "", team);
        else
            snprintf(n->label[s], sizeof n->label[s], "seat %d", s);
        int len = (int)strlen(n->label[s]);
        if (len > n->width) n->width = len;
    }
}

const char *cs_narrator_label(const cs_narrator *n, int seat) {
    return n->label[seat];
}

static void print_cards(FILE *out, const cs_card *cards, int n) {
    for (int i = 0; i < n; i++) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(cards[i], t);
        fprintf(out, "%s%s", i ? " " : "", t);
    }
}

/* "seat 0 12, seat 1 20" or "team 0 12, team 1 20": each side once. */
static void print_scores(FILE *out, const cs_rules *r, const int *score) {
    for (int side = 0; side < cs_rules_sides(r); side++)
        fprintf(out, "%s%s %d %d", side ? ", " : "", r->partnership ? "team" : "seat", side,
                score[side]);
}

/* Puts a seat's kept cards in the order they were dealt, so the hand reads the same in the
 * deal and in the show (the engine's kept order comes from how it removes the discards). */
static void in_dealt_order(const cs_card dealt[CS_MAX_DEALT], cs_card *cards, int n) {
    cs_card sorted[CS_MAX_DEALT];
    int k = 0;
    for (int i = 0; i < CS_MAX_DEALT; i++)
        for (int j = 0; j < n; j++)
            if (dealt[i] == cards[j] && k < CS_MAX_DEALT) sorted[k++] = dealt[i];
    if (k == n) memcpy(cards, sorted, (size_t)n);
}

/* A side that has just passed the target with points: says so on the line that did it and
 * remembers where, for the end of the game. */
static int reaches(cs_narrator *n, const cs_view *v, int seat, int points, const char *where) {
    int score = v->score[seat];
    if (points <= 0 || score < n->rules->target || score - points >= n->rules->target) return 0;
    n->reached_in = where;
    return 1;
}

static void tell_reaches(cs_narrator *n) {
    fprintf(n->out, "  -- reaches %d", n->rules->target);
}

/* Each seat from the dealer's left (the order of the deal and the discard): its cards. */
static void narrate_deal_cards(cs_narrator *n, const cs_view *v) {
    const cs_deal_record *d = cs_game_deal_record(n->game);
    const cs_rules *r = n->rules;
    for (int k = 1; k <= r->players; k++) {
        int s = (v->dealer + k) % r->players;
        cs_card kept[CS_MAX_DEALT];
        int n_kept = 0;
        for (int i = 0; i < r->cards_dealt; i++) {
            int laid = 0;
            for (int j = 0; j < r->discards; j++) laid |= d->dealt[s][i] == d->discard[s][j];
            if (!laid && n_kept < CS_MAX_DEALT) kept[n_kept++] = d->dealt[s][i];
        }
        if (n->hidden & (1u << s)) {
            fprintf(n->out, "  %-*s  lays away %d card%s\n", n->width, n->label[s], r->discards,
                    r->discards == 1 ? "" : "s");
            continue;
        }
        fprintf(n->out, "  %-*s  dealt ", n->width, n->label[s]);
        print_cards(n->out, d->dealt[s], r->cards_dealt);
        fprintf(n->out, "  lays away ");
        print_cards(n->out, d->discard[s], r->discards);
        fprintf(n->out, "  keeps ");
        print_cards(n->out, kept, n_kept);
        fprintf(n->out, "\n");
    }
    if (d->crib_extra != CS_NO_CARD && !n->hidden) {
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(d->crib_extra, t);
        fprintf(n->out, "  the crib's card from the deck: %s\n", t);
    }
}

/*
 * The waiting card of the play: the count, then its points and why: "+3  (pair 2, go 1)".
 * The pile's part comes from the engine's pegging scorer; the go (or last card) is the point
 * the engine credited when nobody could play on. A breakdown that does not add up to what the
 * engine credited would be an engine bug, and is shown rather than hidden.
 */
/* What a seat overlooked of a count and what muggins took of it, from the record: appended to
 * the count's line ("  overlooked 2; muggins: seat 0 takes 2"). `owner` counted; the seat
 * after it claims. */
static void tell_overlooked(cs_narrator *n, int owner, int missed, int mugged) {
    if (missed <= 0) return;
    fprintf(n->out, "  overlooked %d", missed);
    if (mugged > 0)
        fprintf(n->out, "; muggins: %s takes %d", n->label[(owner + 1) % n->rules->players],
                mugged);
}

/* The reneges the record holds with `played` cards of the deal played: each said go holding a
 * card that fitted; with the penalty the next seat scored it and those cards are dead. */
static void tell_reneges(cs_narrator *n, int played) {
    const cs_deal_record *d = cs_game_deal_record(n->game);
    const cs_rules *r = n->rules;
    for (int s = 0; s < r->players; s++) {
        if (played >= CS_MAX_PLAYS || !(d->renege[s] >> played & 1)) continue;
        fprintf(n->out, "    %-*s  says go holding a card that fits: a renege", n->width,
                n->label[s]);
        if (r->renege_penalty > 0)
            fprintf(n->out, "; %s takes %d and the cards that fitted are dead",
                    n->label[(s + 1) % r->players], r->renege_penalty);
        fprintf(n->out, "\n");
    }
}

void cs_narrator_flush(cs_narrator *n) {
    if (!n->line.on) return;
    n->line.on = 0;
    char t[CS_CARD_TEXT_MAX];
    cs_card_format(n->line.card, t);
    fprintf(n->out, "    %-*s  %s  count %2d", n->width, n->label[n->line.seat], t, n->line.count);
    const cs_peg_points *p = &n->line.why;
    int total = n->line.points + n->line.go;
    if (total > 0) {
        const struct {
            const char *name;
            int points;
        } parts[] = {{"fifteen", p->fifteen},
                     {"thirty-one", p->thirty_one},
                     {p->pairs == 2   ? "pair"
                      : p->pairs == 6 ? "pair royal"
                                      : "double pair royal",
                      p->pairs},
                     {"run", p->run},
                     {n->line.left ? "go" : "last card", n->line.go}};
        fprintf(n->out, "  +%d  (", total);
        const char *sep = "";
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            if (!parts[i].points) continue;
            fprintf(n->out, "%s%s %d", sep, parts[i].name, parts[i].points);
            sep = ", ";
        }
        fprintf(n->out, ")");
        if (p->total != n->line.points)
            fprintf(n->out, "  [the engine credits %d for the card]", n->line.points);
        const cs_deal_record *d = cs_game_deal_record(n->game);
        tell_overlooked(n, n->line.seat, d->play_missed[n->line.index],
                        d->play_mugged[n->line.index]);
    }
    if (n->line.reaches) tell_reaches(n);
    fprintf(n->out, "\n");
    tell_reneges(n, n->line.index + 1);
}

static void narrate_show(cs_narrator *n, const cs_view *v, const cs_event *e) {
    const cs_rules *r = n->rules;
    if (!e->is_crib && e->seat == (v->dealer + 1) % r->players) {
        /* The first hand counted: the play is over. */
        int left = 0;
        for (int s = 0; s < r->players; s++) left += v->cards_left[s];
        if (left && r->single_series)
            fprintf(n->out, "    the play ends: a single series, %d card%s left unplayed\n", left,
                    left == 1 ? "" : "s");
        char t[CS_CARD_TEXT_MAX];
        cs_card_format(e->card, t);
        fprintf(n->out, "  the show (starter %s):\n", t);
    }
    cs_card cards[CS_CRIB_SIZE];
    memcpy(cards, e->cards, sizeof cards);
    if (!e->is_crib)
        in_dealt_order(cs_game_deal_record(n->game)->dealt[e->seat], cards, e->n_cards);
    cs_show_points p;
    cs_show_breakdown(cards, e->n_cards, e->card,
                      e->is_crib ? r->crib_flush_min : r->hand_flush_min, &p);
    fprintf(n->out, "    %-*s  %s ", n->width, n->label[e->seat], e->is_crib ? "crib" : "hand");
    print_cards(n->out, cards, e->n_cards);
    fprintf(n->out, "%*s  %2d", 3 * (CS_MAX_HAND - e->n_cards), "", e->points);
    if (e->points) {
        const struct {
            const char *name;
            int points;
        } parts[] = {{"fifteens", p.fifteens},
                     {"pairs", p.pairs},
                     {"runs", p.runs},
                     {"flush", p.flush},
                     {"nobs", p.nobs}};
        const char *sep = "";
        fprintf(n->out, "  (");
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            if (!parts[i].points) continue;
            fprintf(n->out, "%s%s %d", sep, parts[i].name, parts[i].points);
            sep = ", ";
        }
        fprintf(n->out, ")");
    }
    if (p.total != e->points) fprintf(n->out, "  [the breakdown sums to %d]", p.total);
    const cs_deal_record *d = cs_game_deal_record(n->game);
    if (e->is_crib)
        tell_overlooked(n, e->seat, d->crib_missed, d->crib_mugged);
    else
        tell_overlooked(n, e->seat, d->hand_missed[e->seat], d->hand_mugged[e->seat]);
    if (reaches(n, v, e->seat, e->points, e->is_crib ? "with the crib" : "in the show"))
        tell_reaches(n);
    fprintf(n->out, "\n");
}

static void tell_scores(cs_narrator *n, const cs_view *v) {
    fprintf(n->out, "  scores: ");
    print_scores(n->out, n->rules, v->score);
    fprintf(n->out, "\n");
    n->scores_told = 1;
}

static void narrate(void *self, const cs_view *v, const cs_event *e) {
    cs_narrator *n = self;
    const cs_rules *r = n->rules;
    char t[CS_CARD_TEXT_MAX];
    if (e->type == CS_EVENT_GO && n->line.on) {
        /* The go or last card belongs on the line of the card that took it. */
        n->line.go = e->points;
        for (int s = 0; s < r->players; s++) n->line.left += v->cards_left[s];
        n->line.reaches |= reaches(n, v, e->seat, e->points, "in the play");
        cs_narrator_flush(n);
        return;
    }
    cs_narrator_flush(n);
    switch (e->type) {
    case CS_EVENT_DEAL:
        /* The scores before the deal were told after the last one (all 0 before the first). */
        n->scores_told = n->play_told = 0;
        fprintf(n->out, "\ndeal %d: %s deals\n", v->deal + 1, n->label[e->seat]);
        break;
    case CS_EVENT_BONUS:
        fprintf(n->out, "  %s takes %d for last at the start of the game", n->label[e->seat],
                e->points);
        if (reaches(n, v, e->seat, e->points, "with the start bonus")) tell_reaches(n);
        fprintf(n->out, "\n");
        break;
    case CS_EVENT_STARTER:
        narrate_deal_cards(n, v);
        cs_card_format(e->card, t);
        fprintf(n->out, "  starter %s", t);
        if (e->points) {
            fprintf(n->out, ": his heels, %d to %s", e->points, n->label[e->seat]);
            if (reaches(n, v, e->seat, e->points, "at his heels")) tell_reaches(n);
        }
        fprintf(n->out, "\n");
        break;
    case CS_EVENT_PLAY:
        if (!n->play_told) fprintf(n->out, "  the play:\n");
        n->play_told = 1;
        n->line.on = 1;
        n->line.seat = e->seat;
        n->line.card = e->card;
        n->line.count = v->count;
        n->line.index = v->n_plays - 1;
        n->line.points = e->points;
        n->line.go = n->line.left = 0;
        cs_peg_breakdown(v->pile, v->n_pile, &n->line.why);
        n->line.reaches = reaches(n, v, e->seat, e->points, "in the play");
        break;
    case CS_EVENT_GO: /* no card waits: cannot happen, as the go follows a card */
        fprintf(n->out, "    %-*s  takes %d for the go\n", n->width, n->label[e->seat], e->points);
        break;
    case CS_EVENT_RESET: fprintf(n->out, "    -- the count starts again\n"); break;
    case CS_EVENT_SHOW:
        narrate_show(n, v, e);
        if (e->is_crib) tell_scores(n, v); /* the last thing counted in a deal */
        break;
    case CS_EVENT_END: /* seat: the winning side, -1 for a tie */
        if (!n->scores_told) tell_scores(n, v);
        if (n->reached_in != NULL && e->seat >= 0)
            fprintf(n->out, "  %s %d reaches %d %s: the game is over\n",
                    r->partnership ? "team" : "seat", e->seat, r->target, n->reached_in);
        else
            fprintf(n->out, "  the %d deals are played: the game is over\n", r->max_deals);
        break;
    }
}

static int narrated_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    cs_narrator *n = self;
    return n->inner.discard(n->inner.self, v, out);
}

static int narrated_play(void *self, const cs_view *v, cs_card *out) {
    cs_narrator *n = self;
    return n->inner.play(n->inner.self, v, out);
}

/* Observes for both: the inner agent hears every event the narrator does. */
static void narrated_observe(void *self, const cs_view *v, const cs_event *e) {
    cs_narrator *n = self;
    narrate(n, v, e);
    if (n->inner.observe != NULL) n->inner.observe(n->inner.self, v, e);
}

cs_agent cs_narrator_attach(cs_narrator *n, cs_agent inner) {
    n->inner = inner;
    cs_agent a = {narrated_discard, narrated_play, narrated_observe, n,
                  inner.name,       NULL,          inner.miss};
    return a;
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

void cs_narrate_header(const cs_narrator *n) {
    const cs_rules *r = n->rules;
    /* The preset the rules differ least from, and how they differ. */
    char json[RULES_JSON_MAX], best_json[RULES_JSON_MAX] = "";
    cs_rules_to_json(r, json, sizeof json);
    int best = 0, best_n = 1 << 30;
    for (int k = 0; k < CS_PRESET_COUNT; k++) {
        cs_rules pr;
        char pj[RULES_JSON_MAX];
        cs_rules_preset((cs_preset)k, &pr);
        cs_rules_to_json(&pr, pj, sizeof pj);
        int changes = rules_changes(pj, json, NULL, 0);
        if (changes < best_n) {
            best_n = changes;
            best = k;
            snprintf(best_json, sizeof best_json, "%s", pj);
        }
    }
    fprintf(n->out, "rules: %s (%s)", cs_preset_name((cs_preset)best),
            cs_preset_description((cs_preset)best));
    if (best_n > 0) {
        char changes[RULES_JSON_MAX];
        rules_changes(best_json, json, changes, sizeof changes);
        fprintf(n->out, ", changed: %s", changes);
    }
    fprintf(n->out, "\n");
    if (n->names == NULL) return;
    fprintf(n->out, "seats:");
    for (int s = 0; s < r->players; s++)
        fprintf(n->out, " %d %s%s", s, n->names[s], s + 1 < r->players ? "," : "");
    if (r->partnership) fprintf(n->out, "  (seats 0+2 are team 0, 1+3 team 1)");
    fprintf(n->out, "\n");
}

void cs_narrate_result(const cs_narrator *n, const cs_game_record *sum) {
    static const char *const SKUNK[] = {"", "skunked", "double skunked", "triple skunked"};
    const cs_rules *r = n->rules;
    const char *deals = sum->deals == 1 ? "deal" : "deals";
    if (sum->winner < 0) {
        fprintf(n->out, "result: a tie after %u %s: ", (unsigned)sum->deals, deals);
    } else {
        /* Seat `winner`'s entry holds its side's score (team `winner` holds seat `winner`). */
        int reached = sum->score[sum->winner] >= r->target;
        if (r->partnership && n->names != NULL)
            fprintf(n->out, "result: team %d (%s + %s)", sum->winner, n->names[sum->winner],
                    n->names[sum->winner + 2]);
        else if (r->partnership)
            fprintf(n->out, "result: team %d", sum->winner);
        else
            fprintf(n->out, "result: %s", n->label[sum->winner]);
        fprintf(n->out, " wins %s %u %s: ", reached ? "after" : "on points after the",
                (unsigned)sum->deals, deals);
    }
    for (int side = 0; side < cs_rules_sides(r); side++) {
        fprintf(n->out, "%s%s %d %d", side ? ", " : "", r->partnership ? "team" : "seat", side,
                sum->score[side]);
        /* A side's seats share its skunk: the first seat of the side (seat `side`) holds it. */
        if (sum->skunk[side] > 0 && sum->skunk[side] < 4)
            fprintf(n->out, " (%s)", SKUNK[sum->skunk[side]]);
    }
    if (sum->lurch) fprintf(n->out, "; a lurch");
    fprintf(n->out, ".\n");
}

/*
 * fuzz_eventspec.c - libFuzzer harness: an event spec from outside, read as `cribsim event`
 * reads it (cs_event_spec_parse), and every spec it accepts played through as one event of its
 * format with results made up here instead of games: the format's init, every round, every
 * result and the standings. A spec may be refused; none may crash the reader or the format,
 * leak, or give standings that are not every entrant once in rank order. Events longer than
 * the runner allows (CS_EVENT_GAMES_MAX games) are cut there, as the runner refuses them.
 *
 * The results are drawn from the spec's seed: a side wins at the target and the others stop
 * below it; where the rules end a game after a number of deals, some games are tied or won
 * short of the target. Skunk levels are the engine's (by the lines or by the margin).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "event.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A finished game of g as the engine could record it, drawn from rng. */
static cs_game_record made_up_result(const cs_event_game *g, cs_pcg32 *rng) {
    const cs_rules *r = g->rules;
    int sides = r->partnership ? 2 : g->n_seats;
    int short_game = r->max_deals > 0 && cs_pcg32_bounded(rng, 4) == 0;
    int winner = (int)cs_pcg32_bounded(rng, (uint32_t)sides);
    int side_score[CS_MAX_PLAYERS];
    int top = short_game ? (int)cs_pcg32_bounded(rng, (uint32_t)r->target) : r->target;
    for (int s = 0; s < sides; s++)
        side_score[s] = s == winner ? top
                        : top == 0  ? 0
                                    : (int)cs_pcg32_bounded(rng, (uint32_t)top);
    if (short_game && (top == 0 || cs_pcg32_bounded(rng, 2) == 0)) { /* the top tied */
        side_score[(winner + 1) % sides] = top;
        winner = -1;
    }
    cs_game_record rec;
    memset(&rec, 0, sizeof rec);
    rec.winner = (int8_t)winner;
    rec.first_dealer =
        (uint8_t)(g->first_dealer >= 0 ? g->first_dealer
                                       : (int)cs_pcg32_bounded(rng, (uint32_t)g->n_seats));
    for (int s = 0; s < CS_MAX_PLAYERS; s++) {
        int side = r->partnership ? s & 1 : s;
        rec.score[s] = (int16_t)(s < g->n_seats ? side_score[side] : -1);
        if (s < g->n_seats && winner >= 0 && side != winner && !short_game)
            rec.skunk[s] = (uint8_t)cs_rules_skunk_level(r, side_score[side], top);
    }
    return rec;
}

/* Plays the spec's event 0 through its format; aborts on standings that are not a ranking. */
static void play_event(const cs_event_spec *spec) {
    const cs_event_format *f = spec->format;
    void *state = calloc(1, f->state_size);
    if (state == NULL) return;
    cs_pcg32 rng = cs_pcg32_derive(spec->seed, 0, CS_STREAM_EVENT, 0);
    cs_pcg32 results = cs_pcg32_derive(spec->seed, 1, CS_STREAM_EVENT, 0);
    char why[512];
    if (f->init(state, &spec->params, &spec->field, &rng, why, sizeof why) != 0) {
        free(state); /* the reader tried the same init: an accepted spec must start */
        abort();
    }
    static cs_event_game round[CS_EVENT_ROUND_MAX];
    int n, games = 0;
    while (games < CS_EVENT_GAMES_MAX &&
           (n = f->next_round(state, round, CS_EVENT_ROUND_MAX)) > 0) {
        if (n > CS_EVENT_ROUND_MAX) abort();
        for (int i = 0; i < n; i++, games++) {
            cs_game_record rec = made_up_result(&round[i], &results);
            cs_event_result res = {&round[i], &rec};
            f->record(state, i, &res);
        }
    }
    if (games < CS_EVENT_GAMES_MAX) {
        static cs_standing rows[CS_EVENT_ENTRANTS_MAX];
        char seen[CS_EVENT_ENTRANTS_MAX] = {0};
        f->standings(state, rows);
        for (int i = 0; i < spec->field.n; i++) {
            int e = rows[i].entrant;
            if (e < 0 || e >= spec->field.n || seen[e]++) abort();
            if (rows[i].rank < 1 || (i > 0 && rows[i].rank < rows[i - 1].rank)) abort();
        }
        cs_event_totals totals;
        f->totals(state, &totals);
    }
    free(state);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static cs_event_spec spec;
    char err[2048];
    if (cs_event_spec_parse((const char *)data, size, "fuzz.yaml", &spec, err, sizeof err) != 0)
        return 0;
    play_event(&spec);
    cs_event_spec_free(&spec);
    return 0;
}

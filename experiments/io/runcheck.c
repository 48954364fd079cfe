/*
 * runcheck.c - the checks every run file read from disk must pass (runcheck.h).
 */
#include "runcheck.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cards.h"
#include "error.h"
#include "rulesjson.h"

static int bad(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int bad(char *why, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return CS_ECONFIG;
}

static int printable(const char *s) {
    if (s[0] == '\0') return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f) return 0;
    return 1;
}

int cs_runcheck_meta(const cs_h5_meta *m, const char *path, cs_rules *rules, char *why,
                     size_t why_len) {
    char reason[512];
    if (cs_rules_from_json(m->rules, rules, reason, sizeof reason) != 0)
        return bad(why, why_len, "%s: its rules attribute cannot be read: %s", path, reason);
    if (cs_rules_validate(rules, reason, sizeof reason) != 0)
        return bad(why, why_len, "%s: its rules make no sense: %s", path, reason);
    if (m->n_seats != rules->players)
        return bad(why, why_len, "%s: %d seats for %d-player rules", path, m->n_seats,
                   rules->players);
    for (int i = 0; i < m->n_seats; i++)
        if (!printable(m->seats[i]))
            return bad(why, why_len, "%s: seat %d's spec is empty or holds control characters",
                       path, i);
    if (m->has_seat_models && m->n_seat_models != m->n_seats)
        return bad(why, why_len, "%s: %d seat_models for %d seats", path, m->n_seat_models,
                   m->n_seats);
    for (int i = 0; m->has_seat_models && i < m->n_seats; i++)
        if (m->seat_models[i][0] && !printable(m->seat_models[i]))
            return bad(why, why_len, "%s: seat %d's model holds control characters", path, i);
    if (m->shard_count < 1 || m->shard_index < 1 || m->shard_index > m->shard_count)
        return bad(why, why_len, "%s: shard %d of %d is no shard", path, m->shard_index,
                   m->shard_count);
    if (m->game_begin > m->game_end || m->game_end > m->games_requested)
        return bad(why, why_len,
                   "%s: its games run from %llu to %llu of %llu requested, which is no range", path,
                   (unsigned long long)m->game_begin, (unsigned long long)m->game_end,
                   (unsigned long long)m->games_requested);
    if (m->games_completed > m->game_end - m->game_begin)
        return bad(why, why_len, "%s: %llu games completed in a range of %llu", path,
                   (unsigned long long)m->games_completed,
                   (unsigned long long)(m->game_end - m->game_begin));
    if (m->rotations < 1 || m->rotations > m->n_seats)
        return bad(why, why_len, "%s: %d lineup rotations for %d seats", path, m->rotations,
                   m->n_seats);
    return 0;
}

int cs_runcheck_games(const cs_h5_meta *m, const cs_rules *rules, const char *path, uint64_t first,
                      const cs_games_row *rows, size_t n, char *why, size_t why_len) {
    int sides = cs_rules_sides(rules);
    for (size_t i = 0; i < n; i++) {
        const cs_game_record *g = &rows[i].game;
        unsigned long long row = (unsigned long long)(first + i);
        if (g->game != m->game_begin + first + i)
            return bad(why, why_len, "%s: /games row %llu holds game %llu, not %llu", path, row,
                       (unsigned long long)g->game,
                       (unsigned long long)(m->game_begin + first + i));
        if (g->first_dealer >= rules->players || g->winner < -1 || g->winner >= sides ||
            rows[i].rotation >= m->rotations || g->lurch > 1)
            return bad(why, why_len,
                       "%s: /games row %llu has a first dealer, winner, rotation or lurch out "
                       "of range (%d, %d, %d, %d)",
                       path, row, g->first_dealer, g->winner, rows[i].rotation, g->lurch);
        for (int s = 0; s < CS_MAX_PLAYERS; s++) {
            int present = s < rules->players;
            if ((present && g->score[s] < 0) || (!present && g->score[s] != -1) || g->skunk[s] > 3)
                return bad(why, why_len,
                           "%s: /games row %llu: seat %d's score %d or skunk %d "
                           "is impossible",
                           path, row, s, g->score[s], g->skunk[s]);
        }
    }
    return 0;
}

static int card_ok(cs_card c) {
    return c < CS_DECK_SIZE || c == CS_NO_CARD;
}

int cs_runcheck_deals(const cs_h5_meta *m, const cs_rules *rules, const char *path, uint64_t first,
                      const cs_deal_record *prev, const cs_deal_record *rows, size_t n, char *why,
                      size_t why_len) {
    (void)m;
    for (size_t i = 0; i < n; i++) {
        const cs_deal_record *d = &rows[i];
        const cs_deal_record *before = i > 0 ? &rows[i - 1] : prev;
        unsigned long long row = (unsigned long long)(first + i);
        if (before != NULL &&
            (d->game < before->game || (d->game == before->game && d->deal != before->deal + 1)))
            return bad(why, why_len,
                       "%s: /deals row %llu (game %llu, deal %u) is out of order after game "
                       "%llu, deal %u",
                       path, row, (unsigned long long)d->game, d->deal,
                       (unsigned long long)before->game, before->deal);
        if (d->dealer >= rules->players || d->n_plays > CS_MAX_PLAYS)
            return bad(why, why_len, "%s: /deals row %llu: dealer %d or %d plays out of range",
                       path, row, d->dealer, d->n_plays);
        int cards_ok = card_ok(d->crib_extra) && card_ok(d->starter);
        for (int s = 0; s < CS_MAX_PLAYERS; s++) {
            for (int k = 0; k < CS_MAX_DEALT; k++) cards_ok &= card_ok(d->dealt[s][k]);
            for (int k = 0; k < CS_MAX_DISCARD; k++) cards_ok &= card_ok(d->discard[s][k]);
        }
        for (int k = 0; k < d->n_plays; k++)
            cards_ok &= card_ok(d->play_card[k]) && d->play_seat[k] < rules->players;
        if (!cards_ok)
            return bad(why, why_len,
                       "%s: /deals row %llu holds a card code that is no card (0-51, or 255 "
                       "for none) or a play by no seat",
                       path, row);
    }
    return 0;
}

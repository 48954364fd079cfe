/* dealsim.c - the deal simulator of dealsim.h: the engine's play and show on known cards. */
#include "dealsim.h"

#include <string.h>

#include "score.h"

static int next_seat(const cs_sim *s, int seat) {
    return seat + 1 == s->players ? 0 : seat + 1;
}

static int can_play(const cs_sim *s, int seat) {
    for (int i = 0; i < s->n_hand[seat]; i++)
        if (s->pile.count + cs_card_value(s->hand[seat][i]) <= 31) return 1;
    return 0;
}

int cs_sim_deal_expected(cs_sim *s, const cs_rules *r, const cs_crib_model *m, int dealer,
                         cs_cardset *deck, cs_pcg32 *rng) {
    int n = r->players, hand = cs_rules_hand_size(r), n_crib = 0;
    memset(s, 0, sizeof *s);
    s->rules = r;
    s->players = n;
    s->hand_size = hand;
    s->dealer = dealer;
    for (int p = 0; p < n; p++) {
        cs_card dealt[CS_MAX_DEALT];
        cs_cardset mine = 0;
        for (int i = 0; i < r->cards_dealt; i++) {
            dealt[i] = cs_cardset_draw(deck, rng);
            mine |= cs_cardset_of(dealt[i]);
        }
        cs_pool pool;
        cs_pool_init(&pool, CS_FULL_DECK & ~mine);
        cs_split splits[CS_SPLITS_MAX];
        int k = cs_splits(dealt, r->cards_dealt, r->discards, splits), best;
        cs_discard_best(r, splits, k, &pool, m, cs_crib_weight(r, p, dealer), &best, NULL);
        s->known[p] = mine;
        for (int i = 0; i < hand; i++) s->kept[p][i] = s->hand[p][i] = splits[best].keep[i];
        s->n_hand[p] = hand;
        for (int i = 0; i < r->discards; i++) s->crib[n_crib++] = splits[best].toss[i];
    }
    return n_crib;
}

void cs_sim_heels(cs_sim *s) {
    if (cs_card_rank(s->starter) == CS_JACK && s->rules->heels > 0)
        cs_sim_add(s, s->dealer, s->rules->heels);
}

void cs_sim_start_play(cs_sim *s) {
    s->pile.n = 0;
    s->pile.count = 0;
    s->last = -1;
    s->turn = next_seat(s, s->dealer);
}

void cs_sim_lay(cs_sim *s, int seat, int i) {
    cs_card c = s->hand[seat][i];
    s->hand[seat][i] = s->hand[seat][--s->n_hand[seat]];
    s->played |= cs_cardset_of(c);
    if (s->n_plays < CS_MAX_PLAYS) {
        s->play_seat[s->n_plays] = (uint8_t)seat;
        s->play_card[s->n_plays++] = c;
    }
    int points = cs_peg_gain(&s->pile, cs_card_rank(c));
    cs_peg_push(&s->pile, cs_card_rank(c));
    s->last = seat;
    s->turn = next_seat(s, seat);
    if (points) cs_sim_add(s, seat, points);
}

void cs_peg_memo_clear(cs_peg_memo *m) {
    memset(m, 0, sizeof *m);
}

/* cs_peg_lookahead_choose(sit, tied) through the memo (sit unweighted). */
static int memo_pick(cs_peg_memo *memo, const cs_sim *s, const cs_peg_situation *sit,
                     unsigned *tied) {
    const cs_peg_pile *pile = sit->pile;
    if (sit->n_hand <= 1 || pile->n > 13) return cs_peg_lookahead_choose(sit, tied);
    uint64_t pk = (uint64_t)pile->n;
    for (int i = 0; i < pile->n; i++) pk |= (uint64_t)pile->rank[i] << (4 + 4 * i);
    uint64_t hk = (uint64_t)sit->n_hand;
    for (int i = 0; i < sit->n_hand; i++) hk |= (uint64_t)cs_card_rank(sit->hand[i]) << (3 + 4 * i);
    int seat = sit->seat, replier = -1, dist = 0;
    for (int q = next_seat(s, seat), d = 1; q != seat; q = next_seat(s, q), d++)
        if (sit->cards_left[q] > 0) {
            replier = q;
            dist = d;
            break;
        }
    uint64_t ck = (uint64_t)1 << 63;
    if (replier >= 0) {
        /* Four bits per rank, counted by a table (no popcount instruction is assumed). */
        static const uint8_t NIBBLE[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        cs_cardset allowed = cs_seen_allowed(sit->unseen, sit->no_value_upto[replier]);
        for (int q = 0; q < CS_RANKS; q++)
            ck |= (uint64_t)NIBBLE[(allowed >> (4 * q)) & 15] << (3 * q);
        hk |= (uint64_t)sit->cards_left[replier] << 23;
    }
    hk |= (uint64_t)dist << 26 | (uint64_t)sit->players << 29 | (uint64_t)sit->partnership << 32;
    uint64_t h =
        pk * 0x9E3779B97F4A7C15ull ^ hk * 0xC2B2AE3D27D4EB4Full ^ ck * 0x165667B19E3779F9ull;
    cs_peg_memo_slot *e = &memo->slot[h >> (64 - CS_PEG_MEMO_BITS)];
    int rank;
    if (e->pool == ck && e->pile == pk && e->hand == hk) {
        memo->hits++;
        rank = e->rank;
    } else {
        memo->misses++;
        int i = cs_peg_lookahead_choose(sit, &e->tied);
        rank = i >= 0 ? cs_card_rank(sit->hand[i]) : -1;
        e->pile = pk;
        e->hand = hk;
        e->pool = ck;
        e->rank = rank;
    }
    if (tied != NULL) *tied = e->tied;
    for (int i = 0; i < sit->n_hand; i++)
        if (cs_card_rank(sit->hand[i]) == rank) return i;
    return -1;
}

static int lookahead(const cs_sim *s, int seat, unsigned *tied) {
    cs_cardset unseen = CS_FULL_DECK & ~s->known[seat] & ~s->played;
    if (s->starter != CS_NO_CARD) unseen &= ~cs_cardset_of(s->starter);
    cs_peg_situation sit = {
        .players = s->players,
        .seat = seat,
        .partnership = s->rules->partnership,
        .hand = s->hand[seat],
        .n_hand = s->n_hand[seat],
        .pile = &s->pile,
        .cards_left = s->n_hand,
        .unseen = unseen,
        .no_value_upto = s->bound,
    };
    if (s->memo != NULL) return memo_pick(s->memo, s, &sit, tied);
    return cs_peg_lookahead_choose(&sit, tied);
}

static int perfect(const cs_sim *s, int seat) {
    int best = -1;
    int best_score = -1000, best_value = -1;
    for (int i = 0; i < s->n_hand[seat]; i++) {
        int r = cs_card_rank(s->hand[seat][i]), value = cs_rank_value(r);
        if (s->pile.count + value > 31) continue;
        int score = 4 * cs_peg_gain(&s->pile, r);
        cs_peg_pile after = s->pile;
        cs_peg_push(&after, r);
        /* The next seat that can play after this card, and its best reply. */
        int reply = -1;
        if (after.count < 31) {
            for (int q = next_seat(s, seat), k = 1; k < s->players; q = next_seat(s, q), k++) {
                for (int j = 0; j < s->n_hand[q]; j++) {
                    int rr = cs_card_rank(s->hand[q][j]);
                    if (after.count + cs_rank_value(rr) > 31) continue;
                    int g = cs_peg_gain(&after, rr);
                    if (g > reply) reply = g;
                }
                if (reply >= 0) break;
            }
            /* Nobody else can play: the go (or more) is likely the player's own. */
            score += reply >= 0 ? -4 * reply : 2;
        }
        if (score > best_score || (score == best_score && value > best_value)) {
            best = i;
            best_score = score;
            best_value = value;
        }
    }
    return best;
}

void cs_sim_view(const cs_sim *s, int seat, const cs_rules *rules, cs_sim_seat_view *out) {
    const cs_rules *r = rules != NULL ? rules : s->rules;
    for (int p = 0; p < s->players; p++) out->score[p] = s->score[cs_rules_side(s->rules, p)];
    int n_pile = s->pile.n < s->n_plays ? s->pile.n : s->n_plays;
    out->v = (cs_view){.rules = r,
                       .game = 0,
                       .seat = seat,
                       .dealer = s->dealer,
                       .deal = s->deal,
                       .n_hand = s->n_hand[seat],
                       .hand = s->hand[seat],
                       .n_kept = s->hand_size,
                       .kept = s->kept[seat],
                       .n_discards = s->n_tossed[seat],
                       .discards = s->tossed[seat],
                       .starter = s->starter,
                       .count = s->pile.count,
                       .n_pile = n_pile,
                       .pile = s->play_card + s->n_plays - n_pile,
                       .n_plays = s->n_plays,
                       .play_seat = s->play_seat,
                       .play_card = s->play_card,
                       .cards_left = s->n_hand,
                       .score = out->score,
                       .match = NULL};
}

int cs_sim_policy(const cs_sim *s, int seat) {
    if (s->policy == CS_SIM_PERFECT) return perfect(s, seat);
    if (s->policy == CS_SIM_CUSTOM) return s->pick(s, seat, s->pick_ctx);
    return lookahead(s, seat, NULL);
}

int cs_sim_replay(cs_sim *s, const uint8_t *play_seat, const cs_card *play_card, int n,
                  unsigned check) {
    int differ = 0;
    for (int i = 0; i < n; i++) {
        int p = cs_sim_advance(s);
        if (p < 0 || p != play_seat[i]) return -1;
        int j = 0;
        while (j < s->n_hand[p] && s->hand[p][j] != play_card[i]) j++;
        if (j == s->n_hand[p] || s->pile.count + cs_card_value(play_card[i]) > 31) return -1;
        if (check >> p & 1) {
            unsigned ranks;
            if (s->policy != CS_SIM_LOOKAHEAD) {
                int k = cs_sim_policy(s, p);
                ranks = k >= 0 ? 1u << cs_card_rank(s->hand[p][k]) : 0;
            } else {
                lookahead(s, p, &ranks);
            }
            differ += !(ranks >> cs_card_rank(play_card[i]) & 1);
        }
        cs_sim_lay(s, p, j);
    }
    return differ;
}

/* Seat showed it holds no card of value up to 31 - count. */
static void bound(cs_sim *s, int seat) {
    if (s->n_hand[seat] > 0 && 31 - s->pile.count > s->bound[seat])
        s->bound[seat] = 31 - s->pile.count;
}

int cs_sim_advance(cs_sim *s) {
    while (!s->over) {
        for (int i = 0, q = s->turn; i < s->players; i++, q = next_seat(s, q)) {
            if (can_play(s, q)) return q;
            bound(s, q);
        }
        /* Nobody can play: the go (or the last card), then a new series or the end. */
        if (s->last >= 0 && s->pile.count != 31 && cs_sim_add(s, s->last, 1)) return -1;
        int left = 0;
        for (int p = 0; p < s->players; p++) left += s->n_hand[p];
        if (left == 0 || s->rules->single_series) return -1;
        s->pile.n = 0;
        s->pile.count = 0;
        s->turn = next_seat(s, s->last);
        while (s->n_hand[s->turn] == 0) s->turn = next_seat(s, s->turn);
    }
    return -1;
}

void cs_sim_play_out(cs_sim *s) {
    int p;
    while ((p = cs_sim_advance(s)) >= 0) cs_sim_lay(s, p, cs_sim_policy(s, p));
}

void cs_sim_show_count(cs_sim *s, int i) {
    const cs_rules *r = s->rules;
    if (s->over) return;
    if (i == s->players) {
        cs_sim_add(s, s->dealer,
                   cs_show_score(s->crib, CS_CRIB_SIZE, s->starter, r->crib_flush_min));
        return;
    }
    int seat = (s->dealer + 1 + i) % s->players;
    cs_sim_add(s, seat, cs_show_score(s->kept[seat], s->hand_size, s->starter, r->hand_flush_min));
}

void cs_sim_show(cs_sim *s) {
    for (int i = 0; i <= s->players; i++) cs_sim_show_count(s, i);
}

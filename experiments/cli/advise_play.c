/* advise_play.c - the play half of `cribsim advise` (advise_play.h). */
#include "advise_play.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealsim.h"
#include "error.h"

static int refuse(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return CS_ECONFIG;
}

static int binomial(int n, int k) {
    int c = 1;
    for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
    return c;
}

/* What the enumeration shares: the position before the opponent's holding is known. */
typedef struct {
    const cs_card *played;
    uint8_t seat[CS_MAX_PLAYS];
    int n_played, me, them, k;
    cs_card their_played[CS_MAX_HAND];
    int n_their_played;
    cs_card unseen[CS_RANKS][CS_SUITS]; /* the unseen cards of each rank */
    int avail[CS_RANKS];
    cs_sim base; /* the seat's hand, the starter, the scores; the opponent's hand empty */
    double sum_mine[CS_MAX_HAND], sum_theirs[CS_MAX_HAND];
    cs_card card[CS_MAX_HAND]; /* the seat's cards that fit, in hand order */
    int n_cards, count, bound;
    cs_peg_pile pile; /* the series on the seat's turn */
    long holdings;
    double ways;
} enumeration;

/* Plays the rest of the play from one holding (take[r] cards of rank r) with every card that
 * fits, adding what each is worth, weighed by the holding's ways. */
static void play_holding(enumeration *e, const int take[CS_RANKS]) {
    cs_sim s = e->base;
    int n = 0;
    double ways = 1;
    for (int i = 0; i < e->n_their_played; i++) s.kept[e->them][n++] = e->their_played[i];
    for (int r = 0; r < CS_RANKS; r++) {
        ways *= binomial(e->avail[r], take[r]);
        for (int j = 0; j < take[r]; j++) s.kept[e->them][n++] = e->unseen[r][j];
    }
    memcpy(s.hand[e->them], s.kept[e->them], sizeof s.hand[e->them]);
    s.n_hand[e->them] = n;
    for (int i = 0; i < n; i++) s.known[e->them] |= cs_cardset_of(s.kept[e->them][i]);
    cs_sim_start_play(&s);
    if (cs_sim_replay(&s, e->seat, e->played, e->n_played, 0) != 0) return;
    if (cs_sim_advance(&s) != e->me) return; /* the opponent would be on turn, or none is */
    if (e->holdings == 0) {
        e->count = s.pile.count;
        e->pile = s.pile;
        e->bound = s.bound[e->them];
        /* In the order the seat kept them (the simulator's hands are reordered as cards go). */
        for (int i = 0; i < 4; i++) {
            cs_card c = s.kept[e->me][i];
            int held = 0;
            for (int j = 0; j < s.n_hand[e->me]; j++) held |= s.hand[e->me][j] == c;
            if (held && s.pile.count + cs_card_value(c) <= 31) e->card[e->n_cards++] = c;
        }
    }
    e->holdings++;
    e->ways += ways;
    int me = cs_rules_side(s.rules, e->me), them = cs_rules_side(s.rules, e->them);
    for (int c = 0; c < e->n_cards; c++) {
        cs_sim t = s;
        int i = 0;
        while (t.hand[e->me][i] != e->card[c]) i++;
        int mine = t.gained[me], theirs = t.gained[them];
        cs_sim_lay(&t, e->me, i);
        cs_sim_play_out(&t);
        e->sum_mine[c] += ways * (t.gained[me] - mine);
        e->sum_theirs[c] += ways * (t.gained[them] - theirs);
    }
}

/* Every holding of e->k cards by ranks, rank r on from `left` cards still to choose. */
static void enumerate(enumeration *e, int take[CS_RANKS], int r, int left) {
    if (left == 0) {
        play_holding(e, take);
        return;
    }
    if (r == CS_RANKS) return;
    for (int t = left < e->avail[r] ? left : e->avail[r]; t >= 0; t--) {
        take[r] = t;
        enumerate(e, take, r + 1, left - t);
    }
    take[r] = 0;
}

int cs_advise_play(const cs_rules *rules, const cs_card kept[4], cs_advise_role role,
                   cs_card starter, const cs_card discards[], int n_discards,
                   const cs_card played[], int n_played, const int scores[2], cs_play_advice *out,
                   char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    if (rules->players != 2 || cs_rules_hand_size(rules) != 4)
        return refuse(err, err_len,
                      "the play's advice is for two players with hands of four (these rules: "
                      "%d players, hands of %d)",
                      rules->players, cs_rules_hand_size(rules));
    if (role == CS_ADVISE_PARTNER)
        return refuse(err, err_len, "the play's advice is for two players: --dealer or --pone");
    if (n_played > CS_MAX_PLAYS) return refuse(err, err_len, "more cards laid than a deal has");
    enumeration *e = calloc(1, sizeof *e);
    cs_peg_memo *memo = malloc(sizeof *memo);
    cs_rules *sim_rules = malloc(sizeof *sim_rules);
    if (e == NULL || memo == NULL || sim_rules == NULL) {
        free(e);
        free(memo);
        free(sim_rules);
        snprintf(err, err_len, "out of memory");
        return CS_ENOMEM;
    }
    int rc = CS_OK;
    char card_text[CS_CARD_TEXT_MAX];
    /* The cards the seat has seen: its own, the starter, the cards laid; none twice. */
    cs_cardset mine = 0, seen = 0, hand = 0;
    const cs_card *groups[3] = {kept, discards, &starter};
    int sizes[3] = {4, n_discards, 1};
    for (int g = 0; g < 3 && rc == CS_OK; g++)
        for (int i = 0; i < sizes[g] && rc == CS_OK; i++) {
            cs_cardset bit = cs_cardset_of(groups[g][i]);
            if (seen & bit) {
                cs_card_format(groups[g][i], card_text);
                rc = refuse(err, err_len, "%s is given twice", card_text);
            }
            seen |= bit;
            if (g < 2) mine |= bit;
            if (g == 0) hand |= bit;
        }
    e->me = role == CS_ADVISE_DEALER ? 1 : 0;
    e->them = 1 - e->me;
    e->played = played;
    e->n_played = n_played;
    cs_cardset laid = 0;
    for (int i = 0; i < n_played && rc == CS_OK; i++) {
        cs_cardset bit = cs_cardset_of(played[i]);
        cs_card_format(played[i], card_text);
        if (laid & bit)
            rc = refuse(err, err_len, "%s is laid twice", card_text);
        else if (bit & cs_cardset_of(starter))
            rc = refuse(err, err_len, "%s is the starter: it is not laid in the play", card_text);
        else if (bit & mine & ~hand)
            rc = refuse(err, err_len, "%s is one of the cards you laid away", card_text);
        else if (e->n_their_played == 4 && !(bit & hand))
            rc = refuse(err, err_len, "the opponent lays more than four cards (%s)", card_text);
        if (rc != CS_OK) break;
        laid |= bit;
        int is_mine = (bit & hand) != 0;
        e->seat[i] = (uint8_t)(is_mine ? e->me : e->them);
        if (!is_mine) e->their_played[e->n_their_played++] = played[i];
    }
    if (rc == CS_OK) {
        e->k = 4 - e->n_their_played;
        for (cs_card c = 0; c < CS_DECK_SIZE; c++) {
            if ((seen | laid) & cs_cardset_of(c)) continue;
            int r = cs_card_rank(c);
            e->unseen[r][e->avail[r]++] = c;
        }
        *sim_rules = *rules;
        /* mutate: equivalent 20->19 20->21: no play scores 2^19, so none reaches either */
        if (scores == NULL) sim_rules->target = 1 << 20;
        cs_peg_memo_clear(memo);
        cs_sim *b = &e->base;
        b->rules = sim_rules;
        b->policy = CS_SIM_LOOKAHEAD;
        b->players = 2;
        b->hand_size = 4;
        b->dealer = 1;
        b->starter = starter;
        b->memo = memo;
        b->winner = -1;
        if (scores) {
            b->score[e->me] = scores[0]; /* two players: a seat is its side */
            b->score[e->them] = scores[1];
        }
        memcpy(b->kept[e->me], kept, 4 * sizeof *kept);
        memcpy(b->hand[e->me], kept, 4 * sizeof *kept);
        b->n_hand[e->me] = 4;
        b->known[e->me] = mine;
        int take[CS_RANKS] = {0};
        enumerate(e, take, 0, e->k);
        if (e->holdings == 0)
            rc = refuse(err, err_len,
                        "the cards laid cannot be with you on turn now: check their order, "
                        "which are yours, and whether the play is over");
        else if (e->n_cards == 0)
            rc = refuse(err, err_len, "none of your cards fits under 31: you say go");
    }
    if (rc == CS_OK) {
        out->n_rows = e->n_cards;
        out->count = e->count;
        out->their_cards = e->k;
        out->holdings = e->holdings;
        out->ways = e->ways;
        out->bound = e->bound;
        for (int c = 0; c < e->n_cards; c++) {
            cs_play_advice_row *row = &out->row[c];
            row->card = e->card[c];
            row->now = cs_peg_gain(&e->pile, cs_card_rank(e->card[c]));
            row->mine = e->sum_mine[c] / e->ways;
            row->theirs = e->sum_theirs[c] / e->ways;
            row->margin = row->mine - row->theirs;
        }
        /* Best margin first; a stable insertion sort keeps hand order among equals. */
        for (int i = 1; i < out->n_rows; i++)
            for (int j = i; j > 0 && out->row[j].margin > out->row[j - 1].margin; j--) {
                cs_play_advice_row t = out->row[j];
                out->row[j] = out->row[j - 1];
                out->row[j - 1] = t;
            }
    }
    free(e);
    free(memo);
    free(sim_rules);
    return rc;
}

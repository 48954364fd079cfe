/*
 * plugin.c - loads a cs_plugin.h strategy with dlopen() and adapts it to cs_strategy.
 *
 * The adapter copies the engine's view and events into the plugin's plain structs on every
 * call, so plugins never see an engine struct: the copy is a few dozen bytes, small beside
 * any decision worth a plugin.
 */
#include "plugin.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_plugin.h"
#include "error.h"
#include "spec.h"

typedef struct {
    void *dl;
    const cs_plugin_table *t;
    void *self;
    cs_strategy_param params[CS_STRATEGY_PARAMS_MAX];
    char path[CS_SPEC_MAX];
    char store[CS_SPEC_MAX];
    char spec[CS_SPEC_MAX];
    char err[512];
    cs_plugin_view pv;
} plugin_instance;

int cs_plugin_check_table(const cs_plugin_table *t, const char *path, char *err, size_t err_len) {
    if (t == NULL) {
        snprintf(err, err_len, "plugin '%s': cs_plugin_entry() returned no table", path);
        return CS_ECONFIG;
    }
    if (t->interface_version != CS_PLUGIN_INTERFACE_VERSION) {
        snprintf(err, err_len,
                 "plugin '%s' has interface version %u; this cribsim needs version %d "
                 "(rebuild it against strategies/external/cs_plugin.h)",
                 path, (unsigned)t->interface_version, CS_PLUGIN_INTERFACE_VERSION);
        return CS_ECONFIG;
    }
    const char *missing = t->name == NULL          ? "name"
                          : t->description == NULL ? "description"
                          : t->create == NULL      ? "create"
                          : t->destroy == NULL     ? "destroy"
                          : t->new_game == NULL    ? "new_game"
                          : t->discard == NULL     ? "discard"
                          : t->play == NULL        ? "play"
                                                   : NULL;
    if (missing != NULL) {
        snprintf(err, err_len, "plugin '%s': its table has no %s", path, missing);
        return CS_ECONFIG;
    }
    if (t->n_params > CS_PLUGIN_PARAMS_MAX || t->n_params > CS_STRATEGY_PARAMS_MAX ||
        (t->n_params > 0 && t->params == NULL)) {
        snprintf(err, err_len, "plugin '%s' declares %u parameters (at most %d)", path,
                 (unsigned)t->n_params, CS_PLUGIN_PARAMS_MAX);
        return CS_ECONFIG;
    }
    for (uint32_t i = 0; i < t->n_params; i++) {
        const cs_plugin_param *p = &t->params[i];
        if (p->name == NULL || p->name[0] == '\0' || p->default_value == NULL) {
            snprintf(err, err_len, "plugin '%s': parameter %u has no name or default", path,
                     (unsigned)i);
            return CS_ECONFIG;
        }
    }
    return CS_OK;
}

int cs_plugin_create(const char *path, const char *params, void **self, char *err, size_t err_len) {
    plugin_instance *p = calloc(1, sizeof *p);
    if (p == NULL) return CS_ENOMEM;
    snprintf(p->path, sizeof p->path, "%s", path);
    p->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (p->dl == NULL) {
        const char *why = dlerror();
        /* dlopen looks a name without a '/' up in the system's library folders, never in
         * the current folder: say so, the usual cause of a "No such file" for x.so */
        snprintf(err, err_len, "cannot load plugin '%s': %s%s", path, why ? why : "unknown error",
                 strchr(path, '/') ? ""
                                   : " (a name without a '/' is looked up only in the system's "
                                     "library folders: give a path, ./NAME.so or /full/path)");
        free(p);
        return CS_EIO;
    }
    /* dlsym returns a data pointer; converting it to a function pointer goes through a
     * union, as POSIX requires the representation to allow. */
    union {
        void *data;
        cs_plugin_entry_fn fn;
    } entry;
    dlerror();
    entry.data = dlsym(p->dl, CS_PLUGIN_ENTRY_SYMBOL);
    if (entry.data == NULL) {
        snprintf(err, err_len,
                 "plugin '%s' has no symbol " CS_PLUGIN_ENTRY_SYMBOL
                 " (build it against strategies/external/cs_plugin.h)",
                 path);
        dlclose(p->dl);
        free(p);
        return CS_EUNKNOWN;
    }
    p->t = entry.fn();
    int rc = cs_plugin_check_table(p->t, path, err, err_len);
    if (rc != CS_OK) {
        dlclose(p->dl);
        free(p);
        return rc;
    }
    int n = (int)p->t->n_params;
    for (int i = 0; i < n; i++) {
        p->params[i].name = p->t->params[i].name;
        p->params[i].default_value = p->t->params[i].default_value;
        p->params[i].description = p->t->params[i].description ? p->t->params[i].description : "";
    }
    cs_strategy_args args;
    rc = cs_spec_parse_params(p->t->name, params, p->params, n, &args, p->store, sizeof p->store,
                              err, err_len);
    if (rc == CS_OK) {
        char norm[CS_SPEC_MAX];
        cs_spec_format_params(p->params, n, &args, norm, sizeof norm);
        if (snprintf(p->spec, sizeof p->spec, "plugin:%s%s%s", path, n ? ":" : "", norm) >=
            (int)sizeof p->spec) {
            snprintf(err, err_len, "plugin '%.200s': seat spec too long", path);
            rc = CS_ERANGE;
        } else if (p->t->create(args.values, &p->self, err, err_len) != 0) {
            if (err_len > 0 && err[0] == '\0')
                snprintf(err, err_len, "plugin '%s' failed to create an instance", path);
            rc = CS_EAGENT;
        }
    }
    if (rc != CS_OK) {
        dlclose(p->dl);
        free(p);
        return rc;
    }
    *self = p;
    return CS_OK;
}

const char *cs_plugin_instance_name(void *self) {
    return ((plugin_instance *)self)->t->name;
}

void cs_plugin_instance_spec(void *self, char *out, size_t len) {
    snprintf(out, len, "%s", ((plugin_instance *)self)->spec);
}

static void to_plugin_view(const cs_view *v, cs_plugin_view *pv) {
    memset(pv, 0, sizeof *pv);
    pv->game = v->game;
    pv->seat = v->seat;
    pv->dealer = v->dealer;
    pv->deal = v->deal;
    pv->n_hand = v->n_hand;
    memcpy(pv->hand, v->hand, (size_t)v->n_hand);
    pv->n_kept = v->n_kept;
    memcpy(pv->kept, v->kept, (size_t)v->n_kept);
    pv->n_discards = v->n_discards;
    memcpy(pv->discards, v->discards, (size_t)v->n_discards);
    pv->starter = v->starter;
    pv->count = v->count;
    pv->n_pile = v->n_pile;
    memcpy(pv->pile, v->pile, (size_t)v->n_pile);
    pv->n_plays = v->n_plays;
    memcpy(pv->play_seat, v->play_seat, (size_t)v->n_plays);
    memcpy(pv->play_card, v->play_card, (size_t)v->n_plays);
    for (int s = 0; s < 4; s++) {
        pv->cards_left[s] = s < v->rules->players ? v->cards_left[s] : 0;
        pv->score[s] = s < v->rules->players ? v->score[s] : 0;
    }
}

static void adapter_destroy(void *self) {
    plugin_instance *p = self;
    if (p == NULL) return;
    p->t->destroy(p->self);
    dlclose(p->dl);
    free(p);
}

static void adapter_new_game(void *self, const cs_rules *r, int seat, cs_pcg32 rng) {
    plugin_instance *p = self;
    cs_plugin_rules pr = {
        .players = r->players,
        .partnership = r->partnership,
        .cards_dealt = r->cards_dealt,
        .discards = r->discards,
        .crib_from_deck = r->crib_from_deck,
        .target = r->target,
        .max_deals = r->max_deals,
        .single_series = r->single_series,
        .start_bonus = r->start_bonus,
        .hand_flush_min = r->hand_flush_min,
        .crib_flush_min = r->crib_flush_min,
        .heels = r->heels,
    };
    uint64_t seed = (uint64_t)cs_pcg32_next(&rng) << 32;
    seed |= cs_pcg32_next(&rng);
    p->err[0] = '\0';
    p->t->new_game(p->self, &pr, seat, seed);
}

static int failed(plugin_instance *p, const cs_view *v, const char *what, int rc) {
    snprintf(p->err, sizeof p->err,
             "plugin '%.64s' (%.300s) in game %llu, deal %d: its %s returned %d", p->t->name,
             p->path, (unsigned long long)v->game, v->deal, what, rc);
    return CS_EAGENT;
}

static int adapter_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    plugin_instance *p = self;
    to_plugin_view(v, &p->pv);
    uint8_t cards[2] = {CS_NO_CARD, CS_NO_CARD};
    int rc = p->t->discard(p->self, &p->pv, cards);
    if (rc != 0) return failed(p, v, "discard", rc);
    for (int d = 0; d < v->rules->discards; d++) out[d] = cards[d];
    return CS_OK;
}

static int adapter_play(void *self, const cs_view *v, cs_card *out) {
    plugin_instance *p = self;
    to_plugin_view(v, &p->pv);
    uint8_t card = CS_NO_CARD;
    int rc = p->t->play(p->self, &p->pv, &card);
    if (rc != 0) return failed(p, v, "play", rc);
    *out = card;
    return CS_OK;
}

static void adapter_observe(void *self, const cs_view *v, const cs_event *e) {
    plugin_instance *p = self;
    if (p->t->observe == NULL) return;
    static const int32_t TYPES[] = {
        [CS_EVENT_DEAL] = CS_PLUGIN_EVENT_DEAL,   [CS_EVENT_STARTER] = CS_PLUGIN_EVENT_STARTER,
        [CS_EVENT_PLAY] = CS_PLUGIN_EVENT_PLAY,   [CS_EVENT_GO] = CS_PLUGIN_EVENT_GO,
        [CS_EVENT_RESET] = CS_PLUGIN_EVENT_RESET, [CS_EVENT_SHOW] = CS_PLUGIN_EVENT_SHOW,
        [CS_EVENT_BONUS] = CS_PLUGIN_EVENT_BONUS, [CS_EVENT_END] = CS_PLUGIN_EVENT_END,
    };
    cs_plugin_event pe = {
        .type = TYPES[e->type],
        .seat = e->seat,
        .card = e->card,
        .points = e->points,
        .is_crib = e->is_crib,
        .n_cards = e->n_cards,
    };
    memcpy(pe.cards, e->cards, (size_t)(e->n_cards < 4 ? e->n_cards : 4));
    to_plugin_view(v, &p->pv);
    p->t->observe(p->self, &p->pv, &pe);
}

static const char *adapter_last_error(void *self) {
    return ((plugin_instance *)self)->err;
}

static int adapter_create(const cs_strategy_args *args, void **self, char *err, size_t err_len) {
    (void)args;
    (void)self;
    snprintf(err, err_len, "a plugin is created from its spec: plugin:PATH.so[:params]");
    return CS_ESTATE;
}

const cs_strategy cs_plugin_adapter = {
    .name = "plugin",
    .version = 1,
    .description = "a strategy in a shared object built against strategies/external/cs_plugin.h",
    .params = NULL,
    .n_params = 0,
    .create = adapter_create,
    .destroy = adapter_destroy,
    .new_game = adapter_new_game,
    .discard = adapter_discard,
    .play = adapter_play,
    .observe = adapter_observe,
    .last_error = adapter_last_error,
};

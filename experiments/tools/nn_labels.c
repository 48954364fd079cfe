/*
 * nn_labels.c - labelled decisions for training the `nn` strategy by imitation, at C speed:
 * games played by a pool of actors, every decision with a choice written with the
 * environment's observation and legal mask and the teacher's answer there.
 *
 *   cs_nn_labels --teacher SPEC [--actor SPEC]... -o FILE [--games N] [--first G] [--seed S]
 *                [--rules PRESET] [--set K=V,...] [--threads T]
 *
 * Game g (of --first .. --first+N-1) has the cards of game g of `cribsim run` with the same
 * seed; each of its seats is played by an actor drawn from the --actor list (repeat a spec to
 * weigh it more; default: the teacher alone) by a stream of (seed, g). Where the actor is the
 * teacher, the teacher's answer is played. Every seat's decisions are labelled, so the network
 * sees states off the teacher's own path with the teacher's answer there. A discard is two
 * decisions (the environment's action space): at the first the label is one of the teacher's
 * cards and `alt` the other (either is right); at the second, the teacher's other card, when
 * the first card laid away was one of the teacher's (otherwise the row is left out: the
 * teacher was not asked about that discard).
 *
 * FILE: a header of 16 bytes, "CSLABEL1", then the little-endian uint32 observation size
 * (CS_OBS_SIZE, 512 in encoding 2) and action count (53), then one row a decision: the
 * observation, the mask (a byte an action), the label (uint8) and alt (uint8, 255: none), and
 * zero bytes to a multiple of 8 (568 bytes a row in encoding 2).
 * Rows come in game order, each game's in the order played, whatever the thread count: the
 * file is a function of its arguments. It is written to FILE.part and renamed when complete;
 * a failure (a strategy's, a full disk) says what and leaves no FILE.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cs_env.h"
#include "pcg32.h"

/* A row: the observation, the mask, the label and alt, zeros to a multiple of 8 bytes. */
enum { ROW = (CS_OBS_SIZE + CS_ACT_COUNT + 2 + 7) / 8 * 8 };
enum { MAX_ACTORS = 32, BLOCK = 256, ROWS_CAP = 4096 };

typedef struct {
    const char *teacher, *rules, *set, *out;
    const char *actors[MAX_ACTORS];
    int n_actors, threads;
    uint64_t seed, first, games;
} options;

typedef struct {
    cs_env_strategy *teacher[4];
    cs_env_strategy *actor[MAX_ACTORS][4];
} players;

static void usage(FILE *f) {
    fprintf(f, "usage: cs_nn_labels --teacher SPEC [--actor SPEC]... -o FILE [--games N] "
               "[--first G] [--seed S] [--rules PRESET] [--set K=V,...] [--threads T]\n");
}

static int parse_u64(const char *opt, const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-') {
        fprintf(stderr, "cs_nn_labels: %s wants a non-negative integer, not '%s'\n", opt, s);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse(int argc, char **argv, options *o) {
    *o = (options){.seed = 1, .games = 1000, .threads = 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "cs_nn_labels: %s wants a value\n", a);
            return -1;
        }
        const char *v = argv[++i];
        uint64_t n;
        if (!strcmp(a, "--teacher"))
            o->teacher = v;
        else if (!strcmp(a, "--actor")) {
            if (o->n_actors == MAX_ACTORS) {
                fprintf(stderr, "cs_nn_labels: at most %d --actor\n", MAX_ACTORS);
                return -1;
            }
            o->actors[o->n_actors++] = v;
        } else if (!strcmp(a, "-o"))
            o->out = v;
        else if (!strcmp(a, "--rules"))
            o->rules = v;
        else if (!strcmp(a, "--set"))
            o->set = v;
        else if (!strcmp(a, "--games")) {
            if (parse_u64(a, v, &o->games)) return -1;
        } else if (!strcmp(a, "--first")) {
            if (parse_u64(a, v, &o->first)) return -1;
        } else if (!strcmp(a, "--seed")) {
            if (parse_u64(a, v, &o->seed)) return -1;
        } else if (!strcmp(a, "--threads")) {
            if (parse_u64(a, v, &n) || n < 1 || n > 256) {
                fprintf(stderr, "cs_nn_labels: --threads wants 1 to 256, not '%s'\n", v);
                return -1;
            }
            o->threads = (int)n;
        } else {
            fprintf(stderr, "cs_nn_labels: unknown option '%s'\n", a);
            return -1;
        }
    }
    if (!o->teacher || !o->out) {
        usage(stderr);
        return -1;
    }
    if (o->n_actors == 0) o->actors[o->n_actors++] = o->teacher;
    return 0;
}

static void players_free(players *p, int n_actors) {
    for (int s = 0; s < 4; s++) {
        cs_env_strategy_free(p->teacher[s]);
        for (int a = 0; a < n_actors; a++) cs_env_strategy_free(p->actor[a][s]);
    }
}

/* A strategy a seat, for the teacher and each actor that is not the teacher. */
static int players_new(players *p, const options *o, char *err, size_t len) {
    memset(p, 0, sizeof *p);
    for (int s = 0; s < 4; s++) {
        if (!(p->teacher[s] = cs_env_strategy_new(o->teacher, err, len))) return -1;
        for (int a = 0; a < o->n_actors; a++)
            if (strcmp(o->actors[a], o->teacher) &&
                !(p->actor[a][s] = cs_env_strategy_new(o->actors[a], err, len)))
                return -1;
    }
    return 0;
}

/* Plays game g, writing its rows to out (at most ROWS_CAP); returns the row count or -1 with
 * a message in err. */
static long play_game(const options *o, players *p, uint64_t g, uint8_t *out, char *err,
                      size_t len) {
    cs_env_state *st = cs_env_state_new(o->rules, o->set, o->seed, g, CS_ENV_REWARD_WIN, err, len);
    if (!st) return -1;
    cs_pcg32 rng;
    cs_pcg32_seed(&rng, o->seed ^ 0x6e6e6c6162656c73ULL, g);
    int actor[4];
    for (int s = 0; s < 4; s++) actor[s] = (int)cs_pcg32_bounded(&rng, (uint32_t)o->n_actors);
    int first_toss[4] = {-1, -1, -1, -1}; /* -1: no card laid away yet this deal; -2: the first
                                          was not one of the teacher's two */
    long rows = 0;
    uint8_t mask[CS_ACT_COUNT];
    int rc = 0;
    for (int cur; (cur = cs_env_state_current(st)) != CS_ENV_TERMINAL;) {
        int action;
        if (cur == CS_ENV_CHANCE) {
            action = cs_env_state_seeded(st);
        } else {
            int n = cs_env_state_legal(st, mask);
            int discard = !strcmp(cs_env_state_phase(st), "discard");
            cs_env_strategy *own = p->actor[actor[cur]][cur];
            if (n == 1) {
                for (action = 0; !mask[action]; action++) {}
            } else {
                int label, alt = 255, keep = 1;
                if ((rc = cs_env_strategy_act(p->teacher[cur], st, &label, err, len))) break;
                if (discard) {
                    if (first_toss[cur] == -1) { /* the first card of this discard */
                        int other;
                        cs_env_state *probe = cs_env_state_clone(st);
                        if (!probe) {
                            snprintf(err, len, "out of memory");
                            rc = -1;
                            break;
                        }
                        cs_env_state_apply(probe, label);
                        rc = cs_env_state_current(probe) == cur
                                 ? cs_env_strategy_act(p->teacher[cur], probe, &other, err, len)
                                 : (other = 255, 0);
                        cs_env_state_free(probe);
                        if (rc) break;
                        alt = other;
                    } else if (first_toss[cur] == -2) {
                        keep = 0;
                    }
                }
                if (keep) {
                    if (rows == ROWS_CAP) {
                        snprintf(err, len, "game %llu has more than %d decisions",
                                 (unsigned long long)g, ROWS_CAP);
                        rc = -1;
                        break;
                    }
                    uint8_t *row = out + (size_t)rows++ * ROW;
                    cs_env_state_observe(st, cur, row);
                    memcpy(row + CS_OBS_SIZE, mask, CS_ACT_COUNT);
                    row[CS_OBS_SIZE + CS_ACT_COUNT] = (uint8_t)label;
                    row[CS_OBS_SIZE + CS_ACT_COUNT + 1] = (uint8_t)alt;
                    memset(row + CS_OBS_SIZE + CS_ACT_COUNT + 2, 0,
                           ROW - CS_OBS_SIZE - CS_ACT_COUNT - 2);
                }
                action = label;
                if (own && (rc = cs_env_strategy_act(own, st, &action, err, len))) break;
                if (discard) {
                    if (first_toss[cur] == -1)
                        first_toss[cur] = action == label || action == alt ? alt : -2;
                    else
                        first_toss[cur] = -1;
                }
            }
            if (discard && n == 1) first_toss[cur] = -1;
        }
        if ((rc = cs_env_state_apply(st, action))) {
            snprintf(err, len, "game %llu: action %d refused", (unsigned long long)g, action);
            break;
        }
    }
    cs_env_state_free(st);
    return rc ? -1 : rows;
}

int main(int argc, char **argv) {
    options o;
    if (parse(argc, argv, &o)) return 2;
#ifdef _OPENMP
    omp_set_num_threads(o.threads);
#else
    o.threads = 1;
#endif
    char err[CS_ENV_ERR_MAX] = "";
    { /* bad specs and rules are named before anything is written */
        players p;
        int bad = players_new(&p, &o, err, sizeof err);
        players_free(&p, o.n_actors);
        cs_env_state *st =
            bad ? NULL : cs_env_state_new(o.rules, o.set, o.seed, 0, 0, err, sizeof err);
        if (!st) {
            fprintf(stderr, "cs_nn_labels: %s\n", err);
            return 2;
        }
        cs_env_state_free(st);
    }
    size_t plen = strlen(o.out) + 6;
    char *part = malloc(plen);
    uint8_t *buf = malloc((size_t)BLOCK * ROWS_CAP * ROW);
    long counts[BLOCK];
    players *ps = calloc((size_t)o.threads, sizeof *ps);
    if (!part || !buf || !ps) {
        fprintf(stderr, "cs_nn_labels: out of memory\n");
        return 1;
    }
    snprintf(part, plen, "%s.part", o.out);
    FILE *f = fopen(part, "wb");
    if (!f) {
        fprintf(stderr, "cs_nn_labels: cannot write '%s': %s\n", part, strerror(errno));
        return 1;
    }
    uint8_t head[16] = "CSLABEL1";
    uint32_t sizes[2] = {CS_OBS_SIZE, CS_ACT_COUNT};
    memcpy(head + 8, sizes, sizeof sizes); /* little-endian machines only: x86-64, arm64 */
    int failed = fwrite(head, 1, sizeof head, f) != sizeof head;
    for (int t = 0; t < o.threads && !failed; t++)
        if (players_new(&ps[t], &o, err, sizeof err)) failed = 1;
    unsigned long long total = 0;
    for (uint64_t b = 0; b < o.games && !failed; b += BLOCK) {
        int n = (int)(o.games - b < BLOCK ? o.games - b : BLOCK);
#pragma omp parallel for schedule(dynamic, 1)
        for (int i = 0; i < n; i++) {
#ifdef _OPENMP
            int t = omp_get_thread_num();
#else
            int t = 0;
#endif
            char e[CS_ENV_ERR_MAX];
            counts[i] = play_game(&o, &ps[t], o.first + b + (uint64_t)i,
                                  buf + (size_t)i * ROWS_CAP * ROW, e, sizeof e);
            if (counts[i] < 0) {
#pragma omp critical
                if (!failed) {
                    failed = 1;
                    snprintf(err, sizeof err, "%s", e);
                }
            }
        }
        for (int i = 0; i < n && !failed; i++) {
            size_t bytes = (size_t)counts[i] * ROW;
            if (fwrite(buf + (size_t)i * ROWS_CAP * ROW, 1, bytes, f) != bytes) {
                snprintf(err, sizeof err, "writing '%s': %s", part, strerror(errno));
                failed = 1;
            }
            total += (unsigned long long)counts[i];
        }
    }
    if (fclose(f) && !failed) {
        snprintf(err, sizeof err, "writing '%s': %s", part, strerror(errno));
        failed = 1;
    }
    for (int t = 0; t < o.threads; t++) players_free(&ps[t], o.n_actors);
    free(ps);
    free(buf);
    if (!failed && rename(part, o.out)) {
        snprintf(err, sizeof err, "renaming '%s': %s", part, strerror(errno));
        failed = 1;
    }
    if (failed) {
        remove(part);
        fprintf(stderr, "cs_nn_labels: %s\n", err);
        free(part);
        return 1;
    }
    free(part);
    fprintf(stderr, "cs_nn_labels: %llu rows from %llu games to %s\n", total,
            (unsigned long long)o.games, o.out);
    return 0;
}

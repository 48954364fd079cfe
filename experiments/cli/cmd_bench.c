/*
 * cmd_bench.c - `cribsim bench`: the throughput figures the project measures itself by,
 * measured here and nowhere else (tests never time anything).
 *
 * Figures (select with --only):
 *   hand-stats  the exhaustive show distribution (cs_show_distribution), best of repeats
 *   score       random hands scored a second (cs_show_score on pre-generated hands)
 *   engine      random vs random full games to 121 a second, the engine alone
 *   games       random vs random through the runner on one thread, /games written to a file
 *               (and without a file)
 *   expected    expected vs expected through the runner on one thread, /games written
 *   expert      expert vs expert the same way, and its speed as a share of expected's measured
 *               in the same figure on the same games
 *   mc          mc vs mc at its default budget, the same way, and at version 2's budget
 *   ladder      every strategy of the ladder (results/ladder.md) against itself the same way,
 *               one line each ("ladder  NAME self-play: R games a second"), which
 *               cribsim-ladder --speeds reads to print each one's speed beside its strength
 *   deals       the cost of --record deals over /games alone (random vs random), in wall time
 *               and in CPU time (which a busy machine does not inflate), on one thread and on
 *               N: the medians of three pairs of runs in turn, with the range of the time
 *   threads     random vs random with /games on N threads (default 2) against one
 *   env         the environment API's batch (cs_env.h): agent steps a second for 1024 games
 *               of two-player rules with the learner at both seats, random legal actions
 *               chosen in C from the masks on the batch's threads (the choosing is part of
 *               the figure), observations and masks written; on one thread (also per second
 *               of its CPU time) and on N (default 2), and the ratio; the fastest of three
 *               measurements of each, taken in turn
 * Each figure runs for about --seconds (default 2); runner figures first calibrate the game
 * count on a short run. --busy K starts K competing processes first (each a loop on one core,
 * 0: one per core) and stops them at the end, so every figure is the one a machine busy with
 * other work gives (the threads and env figures' ratios above all). Files go to --dir (default
 * $TMPDIR or /tmp) and are removed.
 */
#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cliopts.h"
#include "commands.h"
#include "cs_env.h"
#include "error.h"
#include "game.h"
#include "pcg32.h"
#include "progress.h"
#include "runner.h"
#include "score.h"

#define BENCH_SEED 20240501u
/* mc as version 2 played: its budget, discards and model of the hidden cards */
#define MC_OLD_BUDGET                                                                              \
    "mc:samples=200,width=3,rank=expected,opening=search,endwidth=0,hidden=expected,tree=0"
#define SCORE_HANDS (1u << 20) /* 1M hands: 5 MB, beyond the caches, like real use */

typedef struct {
    double seconds;
    char dir[512];
    int threads;
} bench;

static void usage(FILE *out) {
    fprintf(out,
            "usage: cribsim bench [--only NAMES] [--seconds S] [--threads N] [--busy K] "
            "[--dir DIR]\n"
            "\n"
            "Prints the project's throughput figures (README.md, Figures), on one core unless\n"
            "stated. NAMES is a comma list of: hand-stats, score, engine, games, expected,\n"
            "expert, mc, ladder, deals, threads, env (default all). S is the time spent on each\n"
            "figure (default 2).\n"
            "--threads N sets the thread count the threads, deals and env figures compare with\n"
            "one (default 2).\n"
            "--busy K starts K competing processes (each a loop on one core; 0: one per core)\n"
            "for the whole bench and stops them at the end: the figures of a busy machine.\n"
            "Files written while measuring go to DIR (default $TMPDIR or /tmp) and are removed.\n");
}

static void bench_hand_stats(const bench *b) {
    uint64_t counts[CS_SHOW_MAX + 1];
    double best = 1e30, start = cs_now();
    uint64_t hands = 0;
    int reps = 0;
    do {
        double t0 = cs_now();
        hands = cs_show_distribution(4, 0, counts);
        double t = cs_now() - t0;
        if (t < best) best = t;
        reps++;
    } while (cs_now() - start < b->seconds && reps < 1000);
    printf("hand-stats  exhaustive show distribution, %llu hands with starters: %.4f s "
           "(best of %d; target under 0.05 s)\n",
           (unsigned long long)hands, best, reps);
}

static void bench_score(const bench *b) {
    cs_card *hands = malloc(SCORE_HANDS * 5);
    if (hands == NULL) return;
    cs_pcg32 rng = cs_pcg32_derive(BENCH_SEED, 0, CS_STREAM_DEAL, 0);
    for (uint32_t i = 0; i < SCORE_HANDS; i++) { /* five distinct cards: hand then starter */
        cs_cardset used = 0;
        for (int k = 0; k < 5; k++) {
            cs_card c;
            do c = (cs_card)cs_pcg32_bounded(&rng, CS_DECK_SIZE);
            while (cs_cardset_has(used, c));
            used |= cs_cardset_of(c);
            hands[5 * i + (uint32_t)k] = c;
        }
    }
    volatile long sink = 0;
    uint64_t scored = 0;
    double start = cs_now(), t;
    do {
        long sum = 0;
        for (uint32_t i = 0; i < SCORE_HANDS; i++)
            sum += cs_show_score(&hands[5 * i], 4, hands[5 * i + 4], 4);
        sink += sum;
        scored += SCORE_HANDS;
        t = cs_now() - start;
    } while (t < b->seconds);
    (void)sink;
    printf("score       random four-card hands scored with a starter: %.1f million a second "
           "(target 100 million)\n",
           (double)scored / t / 1e6);
    free(hands);
}

static void bench_engine(const bench *b) {
    cs_rules rules;
    cs_rules_preset(CS_PRESET_TWO, &rules);
    cs_game *g = cs_game_new();
    if (g == NULL) return;
    cs_pcg32 rng[2];
    cs_agent agents[2] = {cs_agent_random(&rng[0]), cs_agent_random(&rng[1])};
    cs_game_record rec;
    uint64_t games = 0;
    double start = cs_now(), t;
    do {
        for (int k = 0; k < 1000; k++, games++) {
            for (int s = 0; s < 2; s++)
                rng[s] = cs_pcg32_derive(BENCH_SEED, games, CS_STREAM_STRATEGY, (uint32_t)s);
            cs_game_begin(g, &rules, BENCH_SEED, games, CS_FIRST_DEALER_CUT, agents);
            if (cs_game_run(g, NULL, NULL, &rec) != 0) {
                printf("engine      failed: %s\n", cs_game_error(g));
                cs_game_free(g);
                return;
            }
        }
        t = cs_now() - start;
    } while (t < b->seconds);
    cs_game_free(g);
    printf("engine      random vs random, full games to 121, the engine alone: %.0f games a "
           "second\n",
           (double)games / t);
}

/* Plays `games` games of a two-seat lineup through the runner; returns games a second, or a
 * negative value after printing why. */
static double runner_rate(const bench *b, const char *seat, uint64_t games, int threads,
                          int to_file, int deals) {
    cs_experiment e;
    cs_experiment_defaults(&e);
    snprintf(e.seats[0], CS_H5_SPEC_MAX, "%s", seat);
    snprintf(e.seats[1], CS_H5_SPEC_MAX, "%s", seat);
    e.seed = BENCH_SEED;
    e.games = games;
    e.threads = threads;
    e.record_deals = deals;
    e.quiet = 1;
    e.force = 1;
    char path[600];
    snprintf(path, sizeof path, "%s/cribsim-bench-%ld.h5", b->dir, (long)getpid());
    e.output = to_file ? path : NULL;
    cs_run_result *res = malloc(sizeof *res);
    char err[2048];
    if (res == NULL) return -1;
    int rc = cs_run(&e, res, err, sizeof err);
    double rate = res->seconds > 0 ? (double)res->played / res->seconds : 0;
    int interrupted = res->interrupted;
    free(res);
    if (to_file) unlink(path);
    if (rc != 0 || interrupted) {
        printf("  (run failed: %s)\n", rc ? err : "interrupted");
        return -1;
    }
    return rate;
}

/* Games for about b->seconds, from short calibration runs of 10, 80, 640, ... games (mc plays
 * some ten games a second, random a hundred thousand). The time a game takes is the difference
 * between the last two runs (at least two): a run's fixed cost (building a strategy's tables,
 * some 0.1 s for expert) would otherwise pass for play and cut the measured run short, where it
 * weighs more. */
static uint64_t calibrate(const bench *b, const char *seat, int threads, int to_file, int deals) {
    uint64_t games = 10, before = 0;
    double t_before = 0;
    for (int i = 0; i < 6; i++) {
        double t0 = cs_now();
        if (runner_rate(b, seat, games, threads, to_file, deals) < 0) return 0;
        double t = cs_now() - t0;
        if ((t > 0.2 && before > 0) || i == 5) {
            double per = before > 0 && t > t_before ? (t - t_before) / (double)(games - before)
                                                    : t / (double)games;
            double want = b->seconds / (per > 0 ? per : 1e-9);
            return want < 100 ? 100 : want > 1e9 ? 1000000000 : (uint64_t)want;
        }
        before = games;
        t_before = t;
        games *= 8;
    }
    return games;
}

static void bench_games(const bench *b) {
    uint64_t n = calibrate(b, "random", 1, 1, 0);
    if (n == 0) return;
    double with_file = runner_rate(b, "random", n, 1, 1, 0);
    double no_file = runner_rate(b, "random", n, 1, 0, 0);
    if (with_file < 0 || no_file < 0) return;
    printf("games       random vs random to 121, one thread, /games written: %.0f games a second "
           "(target 1,000,000); without a file %.0f\n",
           with_file, no_file);
}

/* One strategy at both seats through the runner, one thread, /games written. */
static void bench_self_play(const bench *b, const char *seat, const char *what, int digits,
                            const char *target) {
    uint64_t n = calibrate(b, seat, 1, 1, 0);
    if (n == 0) return;
    double rate = runner_rate(b, seat, n, 1, 1, 0);
    if (rate < 0) return;
    printf("%-11s %s, one thread, /games written: %.*f games a second%s\n", seat, what, digits,
           rate, target);
}

static void bench_expected(const bench *b) {
    bench_self_play(b, "expected", "expected vs expected", 0, " (target 15,000)");
}

/* expert at both seats, then expected on as many games: the speed and its share. */
static void bench_expert(const bench *b) {
    uint64_t n = calibrate(b, "expert", 1, 1, 0);
    if (n == 0) return;
    double rate = runner_rate(b, "expert", n, 1, 1, 0);
    double base = runner_rate(b, "expected", n, 1, 1, 0);
    if (rate < 0 || base < 0) return;
    printf("%-11s expert vs expert, one thread, /games written: %.0f games a second (target "
           "10,000); %.0f%% of expected's %.0f on the same games (target 30%%)\n",
           "expert", rate, 100.0 * rate / base, base);
}

/* mc at its default budget, then at its budget before version 3 (200 samples for every
 * decision), on the same games: the speed-up at the strength measured in results/. */
static void bench_mc(const bench *b) {
    bench_self_play(b, "mc", "mc vs mc at its default budget", 1, "");
    uint64_t n = calibrate(b, MC_OLD_BUDGET, 1, 1, 0);
    if (n == 0) return;
    double rate = runner_rate(b, MC_OLD_BUDGET, n, 1, 1, 0);
    if (rate < 0) return;
    printf("%-11s mc vs mc at version 2's budget (%s), one thread, /games written: %.1f games a "
           "second\n",
           "", MC_OLD_BUDGET, rate);
}

/* The ladder's strategies at their defaults, weakest first: each against itself, one line each
 * in a fixed form that cribsim-ladder --speeds parses. */
static void bench_ladder(const bench *b) {
    static const char *const LADDER[] = {"random", "greedy", "expected", "expert",
                                         "model",  "nn",     "mc",       "mc:hidden=nn"};
    for (size_t i = 0; i < sizeof LADDER / sizeof LADDER[0]; i++) {
        uint64_t n = calibrate(b, LADDER[i], 1, 1, 0);
        double rate = n > 0 ? runner_rate(b, LADDER[i], n, 1, 1, 0) : -1;
        if (rate < 0) return;
        printf("ladder      %s self-play: %.1f games a second\n", LADDER[i], rate);
        fflush(stdout);
    }
}

/* CPU seconds this process has used, all threads. */
static double cpu_seconds(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Pairs of runs the deals figure takes the median of: a single pair swings by some five points
 * of overhead on a quiet machine (the /games-only rate alone varies by a tenth). */
#define DEALS_PAIRS 3

/* The median of n values (n odd, at most DEALS_PAIRS); v is left sorted. */
static double median(double *v, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return v[n / 2];
}

/* The same games with /games only and with --record deals on `threads` threads, DEALS_PAIRS
 * times in turn: the median of each figure, and the range of the overhead. */
static void deals_cost(const bench *b, uint64_t n, int threads) {
    double only[DEALS_PAIRS], with[DEALS_PAIRS], cost[DEALS_PAIRS], cpu_cost[DEALS_PAIRS];
    for (int k = 0; k < DEALS_PAIRS; k++) {
        double c0 = cpu_seconds();
        only[k] = runner_rate(b, "random", n, threads, 1, 0);
        double c1 = cpu_seconds();
        with[k] = runner_rate(b, "random", n, threads, 1, 1);
        double c2 = cpu_seconds();
        if (only[k] <= 0 || with[k] <= 0 || c1 <= c0) return;
        cost[k] = 100.0 * (only[k] / with[k] - 1.0);
        cpu_cost[k] = 100.0 * ((c2 - c1) / (c1 - c0) - 1.0);
    }
    double mid = median(cost, DEALS_PAIRS); /* cost sorted: the range is its ends */
    printf("%-11s random vs random, %d thread%s: /games only %.0f games a second, with --record "
           "deals %.0f: deals cost %.0f%% more time (%.0f%% more CPU time; medians of %d pairs "
           "of runs, the time %.0f%% to %.0f%%)\n",
           threads == 1 ? "deals" : "", threads, threads == 1 ? "" : "s", median(only, DEALS_PAIRS),
           median(with, DEALS_PAIRS), mid, median(cpu_cost, DEALS_PAIRS), DEALS_PAIRS, cost[0],
           cost[DEALS_PAIRS - 1]);
}

static void bench_deals(const bench *b) {
    uint64_t n = calibrate(b, "random", 1, 1, 1);
    if (n == 0) return;
    deals_cost(b, n, 1);
    if (b->threads > 1) deals_cost(b, n * (uint64_t)b->threads, b->threads);
}

static void bench_threads(const bench *b) {
    uint64_t n = calibrate(b, "random", 1, 1, 0);
    if (n == 0) return;
    double one = runner_rate(b, "random", n, 1, 1, 0);
    double many = runner_rate(b, "random", n * (uint64_t)b->threads, b->threads, 1, 0);
    if (one < 0 || many < 0) return;
    printf("threads     random vs random, /games written: %d threads %.0f games a second, one "
           "thread %.0f: %.2f times (target 1.9 for two)\n",
           b->threads, many, one, many / one);
}

/* CPU seconds the calling thread has used (the one-thread env figure runs on it alone). */
static double thread_cpu_seconds(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Games in the env figure's batch. */
#define ENV_GAMES 2048

/*
 * Steps a batch of ENV_GAMES (reset with BENCH_SEED) on `threads` threads for about b->seconds
 * with random legal actions: each slot draws from its own xorshift stream and takes the k-th
 * legal action of its mask. Returns agent steps a second (one step of one game is one agent
 * step) and sets *per_cpu to the steps per second of the calling thread's CPU time (the figure
 * a busy machine does not lower, for one thread), or returns a negative value after printing
 * why.
 */
static double env_rate(const bench *b, int threads, double *per_cpu) {
    cs_env_config cfg = {"two",     NULL,    {NULL, NULL, NULL, NULL},
                         ENV_GAMES, threads, CS_ENV_REWARD_WIN};
    cs_env *env = NULL;
    char err[CS_ENV_ERR_MAX];
    if (cs_env_create(&cfg, &env, err, sizeof err) != 0) {
        printf("env         failed: %s\n", err);
        return -1;
    }
    int n = ENV_GAMES;
    /* The mask buffer has 8 zero bytes to spare at its end for the gathering below. */
    uint8_t *obs = malloc((size_t)n * CS_OBS_SIZE), *mask = calloc((size_t)n * CS_ACT_COUNT + 8, 1);
    uint8_t *done = malloc((size_t)n);
    int8_t *seat = malloc((size_t)n);
    float *reward = malloc((size_t)n * 4 * sizeof *reward);
    int32_t *action = malloc((size_t)n * sizeof *action);
    uint64_t *rng = malloc((size_t)n * sizeof *rng);
    double rate = -1;
    if (!obs || !mask || !done || !seat || !reward || !action || !rng) goto out;
    for (int i = 0; i < n; i++) rng[i] = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1);
    if (cs_env_reset(env, BENCH_SEED, obs, mask, seat) != 0) {
        printf("env         failed: %s\n", cs_env_error(env));
        goto out;
    }
    uint64_t steps = 0;
    double start = cs_now(), cpu0 = thread_cpu_seconds(), t;
    do {
        for (int k = 0; k < 64; k++) {
            /* The learner chooses on the threads the batch's next step runs on, each for the
             * slots its thread steps (the same static split), as a batched learner in C would:
             * a choice made on the calling thread alone would move every mask from one core's
             * cache to the other and back at each step, which is the learner's cost, not the
             * environment's; and one on two threads where the batch found one faster (a busy
             * machine) would lose what the batch saves. */
            int now = cs_env_step_threads(env);
#pragma omp parallel for schedule(static) num_threads(now) if (now > 1)
            for (int i = 0; i < n; i++) {
                /* The mask's 0/1 bytes gathered eight at a time into a set of actions (the
                 * multiply moves byte j's bit to bit 56 + j), then its k-th member. */
                const uint8_t *m = mask + (size_t)i * CS_ACT_COUNT;
                uint64_t legal = 0;
                for (int w = 0; w < CS_ACT_COUNT; w += 8) {
                    uint64_t bytes;
                    memcpy(&bytes, m + w, 8); /* past the row: 0s and 1s, masked off below */
                    legal |= (bytes * 0x0102040810204080ull) >> 56 << w;
                }
                legal &= (1ull << CS_ACT_COUNT) - 1;
                uint64_t x = rng[i];
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                rng[i] = x;
                for (uint32_t skip = (uint32_t)(x >> 32) % (uint32_t)cs_cardset_count(legal); skip;
                     skip--)
                    legal &= legal - 1;
                action[i] = __builtin_ctzll(legal);
            }
            if (cs_env_step(env, action, obs, mask, seat, reward, done) != 0) {
                printf("env         failed: %s\n", cs_env_error(env));
                goto out;
            }
            steps += (uint64_t)n;
        }
        t = cs_now() - start;
    } while (t < b->seconds);
    rate = (double)steps / t;
    double cpu = thread_cpu_seconds() - cpu0;
    *per_cpu = cpu > 0 ? (double)steps / cpu : 0;
out:
    free(obs);
    free(mask);
    free(done);
    free(seat);
    free(reward);
    free(action);
    free(rng);
    cs_env_destroy(env);
    return rate;
}

/* Measurements of each env figure, one and many threads in turn; the fastest of each is kept. */
#define ENV_REPEATS 3

static void bench_env(const bench *b) {
    double one = 0, one_cpu = 0, many = 0;
    for (int r = 0; r < ENV_REPEATS; r++) {
        double cpu, unused;
        double rate = env_rate(b, 1, &cpu);
        if (rate < 0) return;
        if (rate > one) one = rate, one_cpu = cpu;
        rate = env_rate(b, b->threads, &unused);
        if (rate < 0) return;
        if (rate > many) many = rate;
    }
    printf("env         batch of %d two-player games, learner at both seats, random legal "
           "actions from the masks: one thread %.0f agent steps a second (%.0f a second of its "
           "CPU time; target 3,000,000); %d threads %.0f: %.2f times (target 1.8 for two; "
           "fastest of %d measurements each, taken in turn)\n",
           ENV_GAMES, one, one_cpu, b->threads, many, many / one, ENV_REPEATS);
}

typedef struct {
    const char *name;
    void (*fn)(const bench *b);
} figure;

static const figure FIGURES[] = {
    {"hand-stats", bench_hand_stats},
    {"score", bench_score},
    {"engine", bench_engine},
    {"games", bench_games},
    {"expected", bench_expected},
    {"expert", bench_expert},
    {"mc", bench_mc},
    {"ladder", bench_ladder},
    {"deals", bench_deals},
    {"threads", bench_threads},
    {"env", bench_env},
};
#define N_FIGURES (sizeof FIGURES / sizeof FIGURES[0])

static int listed(const char *list, const char *name) {
    size_t n = strlen(name);
    for (const char *s = list; s != NULL && *s; s = strchr(s, ',') ? strchr(s, ',') + 1 : NULL)
        if (strncmp(s, name, n) == 0 && (s[n] == ',' || s[n] == '\0')) return 1;
    return 0;
}

/* The competing processes of --busy: children that spin until killed. */
#define BUSY_MAX 64

static int busy_start(int k, pid_t *pids) {
    if (k == 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        k = cores < 1 ? 1 : cores > BUSY_MAX ? BUSY_MAX : (int)cores;
    }
    int n = 0;
    fflush(stdout);
    for (; n < k; n++) {
        pid_t pid = fork();
        if (pid < 0) break;
        if (pid == 0) { /* says nothing: a reader of the bench's output waits for it alone */
            close(STDOUT_FILENO);
            close(STDERR_FILENO);
            volatile unsigned long spin = 0;
            for (;;) spin++;
        }
        pids[n] = pid;
    }
    return n;
}

static void busy_stop(const pid_t *pids, int n) {
    for (int i = 0; i < n; i++) kill(pids[i], SIGKILL);
    for (int i = 0; i < n; i++) waitpid(pids[i], NULL, 0);
}

int cs_cmd_bench(int argc, char **argv) {
    cs_args a = {.cmd = "bench", .argc = argc, .argv = argv};
    bench b = {.seconds = 2.0, .threads = 2};
    int busy = -1;
    const char *tmp = getenv("TMPDIR");
    snprintf(b.dir, sizeof b.dir, "%s", tmp && *tmp ? tmp : "/tmp");
    const char *only = NULL;
    int bad = 0;
    for (a.i = 1; a.i < argc && !bad; a.i++) {
        const char *arg = argv[a.i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return CS_EXIT_OK;
        } else if (cs_args_match(&a, "--only", 1, &bad)) {
            if (bad) break;
            only = a.value;
        } else if (cs_args_match(&a, "--seconds", 1, &bad)) {
            if (bad) break;
            char *end;
            b.seconds = strtod(a.value, &end);
            /* a plain decimal: no blank, sign, hexadecimal or "inf", which strtod() takes */
            int plain = isdigit((unsigned char)a.value[0]) &&
                        strspn(a.value, "0123456789.") == strlen(a.value);
            if (!plain || *end != '\0' || !(b.seconds > 0 && b.seconds <= 3600)) {
                cs_args_error(&a, "--seconds '%s': expected a duration from 0 to 3600", a.value);
                return CS_EXIT_USAGE;
            }
        } else if (cs_args_match(&a, "--threads", 1, &bad)) {
            if (bad || cs_args_int(&a, "--threads", 2, 256, &b.threads)) return CS_EXIT_USAGE;
        } else if (cs_args_match(&a, "--busy", 1, &bad)) {
            if (bad || cs_args_int(&a, "--busy", 0, BUSY_MAX, &busy)) return CS_EXIT_USAGE;
        } else if (cs_args_match(&a, "--dir", 1, &bad)) {
            if (bad) break;
            snprintf(b.dir, sizeof b.dir, "%s", a.value);
        } else {
            cs_args_error(&a, "unknown argument '%s' (see cribsim bench --help)", arg);
            return CS_EXIT_USAGE;
        }
    }
    if (bad) return CS_EXIT_USAGE;
    if (only != NULL) {
        for (const char *s = only; s != NULL; s = strchr(s, ',') ? strchr(s, ',') + 1 : NULL) {
            size_t n = strcspn(s, ",");
            int known = 0;
            for (size_t i = 0; i < N_FIGURES; i++)
                known |= strlen(FIGURES[i].name) == n && strncmp(s, FIGURES[i].name, n) == 0;
            if (!known) {
                char names[256] = "";
                for (size_t i = 0; i < N_FIGURES; i++)
                    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                             i ? ", " : "", FIGURES[i].name);
                cs_args_error(&a, "--only: unknown figure '%.*s' (figures: %s)", (int)n, s, names);
                return CS_EXIT_USAGE;
            }
        }
    }
    if (access(b.dir, W_OK) != 0) {
        cs_args_error(&a, "--dir %s is not a writable folder", b.dir);
        return CS_EXIT_USAGE;
    }
    printf("cribsim bench: one core unless stated; each measurement runs about %.3g s after a "
           "short calibration, and a figure takes one to three measurements\n",
           b.seconds);
    pid_t pids[BUSY_MAX];
    int competing = busy >= 0 ? busy_start(busy, pids) : 0;
    if (busy >= 0)
        printf("cribsim bench: %d competing process%s started (each a loop on one core)\n",
               competing, competing == 1 ? "" : "es");
    fflush(stdout);
    double t0 = cs_now();
    int figures = 0;
    for (size_t i = 0; i < N_FIGURES; i++) {
        if (only != NULL && !listed(only, FIGURES[i].name)) continue;
        FIGURES[i].fn(&b);
        figures++;
        fflush(stdout);
    }
    busy_stop(pids, competing);
    printf("cribsim bench: %d figure%s in %.0f s\n", figures, figures == 1 ? "" : "s",
           cs_now() - t0);
    return CS_EXIT_OK;
}

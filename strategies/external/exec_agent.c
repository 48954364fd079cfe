/*
 * exec_agent.c - runs an outside agent and speaks PROTOCOL.md with it (exec_agent.h).
 *
 * The agent's standard input and output are one end of a Unix stream socket pair rather than
 * two pipes: send() with MSG_NOSIGNAL then reports a vanished agent as an error (EPIPE)
 * instead of raising SIGPIPE, which would kill the whole run and which a library must not
 * change the process's disposition of. Both ends are close-on-exec, so agents started by
 * other threads do not inherit them. In the child, between fork() and exec(), only
 * async-signal-safe calls are made (dup2, execl, _exit), as POSIX requires in a process that
 * may have threads.
 *
 * Every wait is bounded: reads and writes poll() with what is left of timeout_ms, in slices of
 * CS_EXEC_POLL_MS between which an interrupt is looked for, and the agent's exit is noticed
 * even when a process it started keeps its output open.
 *
 * The agent is data, not a part of cribsim: it starts with only standard input, output and
 * error (every other descriptor is closed in the child, so it cannot hold the run file or its
 * lock), in a process group of its own that is killed with it, and whatever it writes is
 * escaped (control bytes and bytes above 0x7e as \xNN) before it reaches a message.
 *
 * What its lines mean (the greeting, an answer of cards) is read by exec_reply.c, which does
 * no I/O; this file owns the process, the socket and the waits.
 */
#include "exec_agent.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "exec_reply.h"
#include "spec.h"

static const cs_strategy_param EXEC_PARAMS[] = {
    {"timeout_ms", "10000", "longest wait for an answer (or to accept a message), ms"},
};

#define LINE_MAX_LEN 512
/* The least time a program gets to start and greet: interpreters and virtual machines can
 * take seconds to start on a loaded machine. */
#define GREETING_MS 10000

typedef struct {
    char command[CS_SPEC_MAX];
    char spec[CS_SPEC_MAX];
    char name[64]; /* what the agent called itself in its greeting, if anything */
    long timeout_ms;
    pid_t pid;
    int fd;
    int broken;       /* a failure happened; the next game restarts the agent */
    int start_failed; /* the restart for this game failed (err says why) */
    int game_pending; /* the next message first announces the game */
    int seat;
    const cs_rules *rules;
    uint64_t seed;
    char rbuf[LINE_MAX_LEN];
    size_t rlen;
    char err[768];
} exec_agent;

static int (*g_interrupt_check)(void);

void cs_exec_set_interrupt_check(int (*check)(void)) {
    g_interrupt_check = check;
}

static int interrupted(void) {
    return g_interrupt_check != NULL && g_interrupt_check();
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Records the failure with the agent, game and deal named; returns rc. */
static int fail(exec_agent *a, const cs_view *v, int rc, const char *fmt, ...) {
    char raw[512], what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    cs_exec_escape(raw, what, sizeof what);
    if (v != NULL)
        snprintf(a->err, sizeof a->err, "exec agent '%.200s' in game %llu, deal %d: %.500s",
                 a->command, (unsigned long long)v->game, v->deal, what);
    else
        snprintf(a->err, sizeof a->err, "exec agent '%.200s': %.500s", a->command, what);
    a->broken = 1;
    return rc;
}

/* Why the agent stopped talking: its exit status if it has exited. */
static void exit_reason(exec_agent *a, char *out, size_t len) {
    int status;
    pid_t r = 0;
    for (int i = 0; i < 50 && (r = waitpid(a->pid, &status, WNOHANG)) == 0; i++) {
        struct timespec t = {0, 2000000}; /* up to 0.1 s for the exit to be reported */
        nanosleep(&t, NULL);
    }
    if (r == a->pid) {
        kill(-a->pid, SIGKILL); /* anything it left behind in its group */
        a->pid = -1;
        if (WIFEXITED(status))
            snprintf(out, len, "it exited with status %d", WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            snprintf(out, len, "it was killed by signal %d", WTERMSIG(status));
        else
            snprintf(out, len, "it stopped");
    } else {
        snprintf(out, len, "it closed its output");
    }
}

static int send_all(exec_agent *a, const cs_view *v, const char *buf, size_t len) {
    double deadline = now_ms() + (double)a->timeout_ms;
    while (len > 0) {
        ssize_t w = send(a->fd, buf, len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            buf += w;
            len -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            int left = (int)(deadline - now_ms());
            if (left <= 0)
                return fail(a, v, CS_EAGENT, "timed out after %ld ms: it does not read its input",
                            a->timeout_ms);
            if (interrupted()) return fail(a, v, CS_EINTERRUPT, "interrupted while sending to it");
            struct pollfd p = {a->fd, POLLOUT, 0};
            poll(&p, 1, left < CS_EXEC_POLL_MS ? left : CS_EXEC_POLL_MS);
            continue;
        }
        char why[96];
        exit_reason(a, why, sizeof why);
        return fail(a, v, CS_EAGENT, "cannot send to it (%s): %s", strerror(errno), why);
    }
    return CS_OK;
}

static int sendf(exec_agent *a, const cs_view *v, const char *fmt, ...) {
    char line[LINE_MAX_LEN];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1) return fail(a, v, CS_EIO, "message too long");
    line[n++] = '\n';
    return send_all(a, v, line, (size_t)n);
}

/* Reads one line (without its newline) within timeout_ms; `waiting` says for what. */
static int read_line(exec_agent *a, const cs_view *v, const char *waiting, long timeout_ms,
                     char *out, size_t out_len) {
    double deadline = now_ms() + (double)timeout_ms;
    for (;;) {
        char reason[512];
        int took = cs_exec_reply_line(a->rbuf, &a->rlen, sizeof a->rbuf, out, out_len, reason,
                                      sizeof reason);
        if (took == 1) return CS_OK;
        if (took < 0) return fail(a, v, took, "%s", reason);
        int left = (int)(deadline - now_ms());
        if (left <= 0)
            return fail(a, v, CS_EAGENT, "timed out after %ld ms waiting for %s", timeout_ms,
                        waiting);
        if (interrupted())
            return fail(a, v, CS_EINTERRUPT, "interrupted while waiting for %s", waiting);
        struct pollfd p = {a->fd, POLLIN, 0};
        int r = poll(&p, 1, left < CS_EXEC_POLL_MS ? left : CS_EXEC_POLL_MS);
        if (r < 0 && errno != EINTR) return fail(a, v, CS_EIO, "poll failed: %s", strerror(errno));
        if (r == 0 && a->pid > 0) {
            /* Quiet: has it exited, while something it started holds its output open? */
            int status;
            if (waitpid(a->pid, &status, WNOHANG) == a->pid) {
                kill(-a->pid, SIGKILL);
                a->pid = -1;
                char why[96];
                if (WIFEXITED(status))
                    snprintf(why, sizeof why, "it exited with status %d", WEXITSTATUS(status));
                else
                    snprintf(why, sizeof why, "it was killed by signal %d",
                             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
                return fail(a, v, CS_EAGENT, "no answer while waiting for %s: %s", waiting, why);
            }
        }
        if (r <= 0) continue;
        ssize_t got = recv(a->fd, a->rbuf + a->rlen, sizeof a->rbuf - a->rlen, MSG_DONTWAIT);
        if (got > 0) {
            a->rlen += (size_t)got;
        } else if (got == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
            char why[96];
            exit_reason(a, why, sizeof why);
            return fail(a, v, CS_EAGENT, "no answer while waiting for %s: %s", waiting, why);
        }
    }
}

static void stop_agent(exec_agent *a, int polite) {
    if (a->fd >= 0) {
        if (polite) {
            static const char quit[] = "quit\n";
            (void)send(a->fd, quit, sizeof quit - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        }
        close(a->fd);
        a->fd = -1;
    }
    if (a->pid > 0) {
        int status;
        pid_t r = 0;
        /* A polite agent exits at "quit" or end of input; give it half a second. */
        for (int i = 0; polite && i < 100 && (r = waitpid(a->pid, &status, WNOHANG)) == 0; i++) {
            struct timespec t = {0, 5000000};
            nanosleep(&t, NULL);
        }
        if (r != a->pid) {
            kill(-a->pid, SIGKILL);
            waitpid(a->pid, &status, 0);
        }
        /* Whatever the shell started is in the agent's process group: end it too. */
        kill(-a->pid, SIGKILL);
        a->pid = -1;
    }
    a->rlen = 0;
}

static int start_agent(exec_agent *a) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return fail(a, NULL, CS_EIO, "cannot create its connection: %s", strerror(errno));
    /* Every descriptor above standard error is closed in the child: the bound is read here,
     * since only async-signal-safe calls may follow fork(). */
    long open_max = sysconf(_SC_OPEN_MAX);
    int fd_limit = open_max > 0 && open_max < 65536 ? (int)open_max : 65536;
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return fail(a, NULL, CS_EIO, "cannot start it: fork failed: %s", strerror(errno));
    }
    if (pid == 0) {
        /* Its own process group, so that stopping it stops whatever the shell starts.
         * dup2 clears close-on-exec on the copies; the originals close at exec. */
        setpgid(0, 0);
        if (dup2(sv[1], STDIN_FILENO) < 0 || dup2(sv[1], STDOUT_FILENO) < 0) _exit(127);
        for (int fd = STDERR_FILENO + 1; fd < fd_limit; fd++) close(fd);
        execl("/bin/sh", "sh", "-c", a->command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here, so the group exists whichever runs first */
    close(sv[1]);
    a->fd = sv[0];
    a->pid = pid;
    a->rlen = 0;
    a->broken = 0;
    int rc = sendf(a, NULL, "cribsim %d", CS_EXEC_PROTOCOL_VERSION);
    char line[LINE_MAX_LEN];
    /* Starting a program can take longer than answering: the greeting gets at least
     * GREETING_MS. */
    long greeting_ms = a->timeout_ms > GREETING_MS ? a->timeout_ms : GREETING_MS;
    if (rc == CS_OK)
        rc = read_line(a, NULL, "its greeting 'ready'", greeting_ms, line, sizeof line);
    if (rc != CS_OK) {
        stop_agent(a, 0);
        return rc;
    }
    char why[512];
    rc = cs_exec_reply_greeting(line, a->name, sizeof a->name, why, sizeof why);
    if (rc != CS_OK) {
        stop_agent(a, 0);
        return fail(a, NULL, rc, "%s", why);
    }
    return CS_OK;
}

int cs_exec_check(const char *params, long *timeout_ms, char *err, size_t err_len) {
    cs_strategy_args args;
    char store[256];
    int rc = cs_spec_parse_params("exec", params, EXEC_PARAMS, 1, &args, store, sizeof store, err,
                                  err_len);
    long timeout;
    if (rc == CS_OK)
        rc = cs_spec_int("exec", "timeout_ms", args.values[0], 1, 3600000, &timeout, err, err_len);
    if (rc == CS_OK && timeout_ms != NULL) *timeout_ms = timeout;
    return rc;
}

int cs_exec_create(const char *command, const char *params, void **self, char *err,
                   size_t err_len) {
    long timeout;
    int rc = cs_exec_check(params, &timeout, err, err_len);
    if (rc != CS_OK) return rc;
    exec_agent *a = calloc(1, sizeof *a);
    if (a == NULL) return CS_ENOMEM;
    snprintf(a->command, sizeof a->command, "%s", command);
    snprintf(a->spec, sizeof a->spec, "exec:timeout_ms=%ld:%s", timeout, command);
    a->timeout_ms = timeout;
    a->fd = -1;
    a->pid = -1;
    rc = start_agent(a);
    if (rc != CS_OK) {
        snprintf(err, err_len, "%s", a->err);
        free(a);
        return rc;
    }
    *self = a;
    return CS_OK;
}

void cs_exec_spec(void *self, char *out, size_t len) {
    snprintf(out, len, "%s", ((exec_agent *)self)->spec);
}

static void exec_destroy(void *self) {
    exec_agent *a = self;
    if (a == NULL) return;
    stop_agent(a, !a->broken);
    free(a);
}

static void exec_new_game(void *self, const cs_rules *rules, int seat, cs_pcg32 rng) {
    exec_agent *a = self;
    a->rules = rules;
    a->seat = seat;
    a->seed = (uint64_t)cs_pcg32_next(&rng) << 32;
    a->seed |= cs_pcg32_next(&rng);
    a->game_pending = 1;
    a->start_failed = 0;
    if (a->broken || a->fd < 0) {
        stop_agent(a, 0);
        if (start_agent(a) != CS_OK) a->start_failed = 1; /* reported at the first decision */
    }
    if (!a->broken) a->err[0] = '\0';
}

/* Writes cards as " 5H TC ..." into out. */
static void cards_text(const cs_card cards[], int n, char *out, size_t len) {
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < n && at + 4 < len; i++) {
        char c[CS_CARD_TEXT_MAX];
        cs_card_format(cards[i], c);
        out[at++] = ' ';
        out[at++] = c[0];
        out[at++] = c[1];
        out[at] = '\0';
    }
}

/* Sends the game's opening lines the first time the game has something to say. */
static int announce_game(exec_agent *a, const cs_view *v) {
    if (a->start_failed) {
        /* Restarting it before this game failed: say so now that the game is known. */
        char why[sizeof a->err];
        snprintf(why, sizeof why, "%s", a->err);
        a->start_failed = 0;
        return fail(a, v, CS_EAGENT, "could not be restarted: %.400s", why);
    }
    if (a->broken) return CS_EAGENT; /* already reported, naming this game and deal */
    if (!a->game_pending) return CS_OK;
    a->game_pending = 0;
    char json[1024];
    cs_rules_to_json(v->rules, json, sizeof json);
    int rc = sendf(a, v, "game %llu seat %d seed %llu", (unsigned long long)v->game, a->seat,
                   (unsigned long long)a->seed);
    if (rc == CS_OK) rc = sendf(a, v, "rules %s", json);
    return rc;
}

static void scores_text(const cs_view *v, char *out, size_t len) {
    size_t at = 0;
    out[0] = '\0';
    for (int s = 0; s < v->rules->players; s++) {
        int w = snprintf(out + at, len - at, " %d", v->score[s]);
        if (w < 0 || (size_t)w >= len - at) return;
        at += (size_t)w;
    }
}

static void exec_observe(void *self, const cs_view *v, const cs_event *e) {
    exec_agent *a = self;
    if (announce_game(a, v) != CS_OK) return;
    char cards[64], c[CS_CARD_TEXT_MAX], scores[64];
    switch (e->type) {
    case CS_EVENT_DEAL:
        scores_text(v, scores, sizeof scores);
        sendf(a, v, "deal %d dealer %d scores%s", v->deal, e->seat, scores);
        break;
    case CS_EVENT_STARTER:
        cs_card_format(e->card, c);
        sendf(a, v, "starter %s heels %d", c, e->points);
        break;
    case CS_EVENT_PLAY:
        cs_card_format(e->card, c);
        sendf(a, v, "played %d %s %d %d", e->seat, c, e->points, v->count);
        break;
    case CS_EVENT_GO: sendf(a, v, "go %d %d", e->seat, e->points); break;
    case CS_EVENT_RESET: sendf(a, v, "reset"); break;
    case CS_EVENT_SHOW:
        cards_text(e->cards, e->n_cards, cards, sizeof cards);
        sendf(a, v, "%s %d %d%s", e->is_crib ? "crib" : "show", e->seat, e->points, cards);
        break;
    case CS_EVENT_BONUS: sendf(a, v, "bonus %d %d", e->seat, e->points); break;
    case CS_EVENT_END: sendf(a, v, "end %d", e->seat); break;
    }
}

static int exec_discard(void *self, const cs_view *v, cs_card out[CS_MAX_DISCARD]) {
    exec_agent *a = self;
    int rc = announce_game(a, v);
    if (rc != CS_OK) return rc;
    char cards[64];
    cards_text(v->hand, v->n_hand, cards, sizeof cards);
    rc = sendf(a, v, "discard %d%s", v->rules->discards, cards);
    char line[LINE_MAX_LEN], why[512];
    if (rc == CS_OK) rc = read_line(a, v, "its discards", a->timeout_ms, line, sizeof line);
    if (rc != CS_OK) return rc;
    rc = cs_exec_reply_cards(line, "its discards", v->rules->discards, v->hand, v->n_hand, out, why,
                             sizeof why);
    return rc == CS_OK ? CS_OK : fail(a, v, rc, "%s", why);
}

static int exec_play(void *self, const cs_view *v, cs_card *out) {
    exec_agent *a = self;
    int rc = announce_game(a, v);
    if (rc != CS_OK) return rc;
    char cards[64];
    cards_text(v->hand, v->n_hand, cards, sizeof cards);
    rc = sendf(a, v, "play %d%s", v->count, cards);
    char line[LINE_MAX_LEN], why[512];
    if (rc == CS_OK) rc = read_line(a, v, "a play", a->timeout_ms, line, sizeof line);
    if (rc != CS_OK) return rc;
    rc = cs_exec_reply_play(line, v->hand, v->n_hand, v->count, out, why, sizeof why);
    return rc == CS_OK ? CS_OK : fail(a, v, rc, "%s", why);
}

static const char *exec_last_error(void *self) {
    return ((exec_agent *)self)->err;
}

static int exec_create_from_args(const cs_strategy_args *args, void **self, char *err,
                                 size_t err_len) {
    (void)args;
    (void)self;
    snprintf(err, err_len, "an outside agent is created from its spec: exec:COMMAND");
    return CS_ESTATE;
}

const cs_strategy cs_strategy_exec = {
    .name = "exec",
    .version = CS_EXEC_PROTOCOL_VERSION,
    .description =
        "an outside program speaking the line protocol of strategies/external/PROTOCOL.md "
        "on its standard input and output",
    .params = EXEC_PARAMS,
    .n_params = 1,
    .create = exec_create_from_args,
    .destroy = exec_destroy,
    .new_game = exec_new_game,
    .discard = exec_discard,
    .play = exec_play,
    .observe = exec_observe,
    .last_error = exec_last_error,
};

/*
 * _core.c - the Python extension `cribsim._core`: a thin binding of the environment API
 * (experiments/env/cs_env.h), which links the engine and the strategies but not HDF5, so it
 * sits beside h5py's own HDF5 in one process.
 *
 * Scoring as the command line scores (show_score(hand, starter, crib=False), peg_score(pile),
 * cards as text such as "5H"; a bad card raises ValueError naming it), engine_version(), and
 * three types, each an owner of one C object: Env (a batch, stepped into numpy arrays the
 * caller owns, through the buffer protocol: no numpy headers, no copies), State (one game with
 * explicit chance) and Strategy (a built-in or plugin strategy deciding for a State). The game
 * logic is all in C; cribsim/game.py and cribsim/envs/ give it the ecosystem's names.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <stdatomic.h>

#include "cards.h"
#include "cs_env.h"
#include "error.h"
#include "score.h"
#include "strategy.h"

/* ---- buffers ---- */

/* A writable (or readable), C-contiguous buffer of exactly `count` items of `itemsize` bytes
 * and the struct format `fmt` (any of its spellings); raises naming `what` otherwise. */
static int get_buffer(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t count,
                      Py_ssize_t itemsize, const char *fmts, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) != 0) {
        PyErr_Format(PyExc_TypeError, "%s: a %sC-contiguous array is needed", what,
                     writable ? "writable " : "");
        return -1;
    }
    const char *f = view->format ? view->format : "B";
    if (*f == '<' || *f == '=' || *f == '@') f++;
    if (view->itemsize != itemsize || strlen(f) != 1 || !strchr(fmts, *f) ||
        view->len != count * itemsize) {
        PyErr_Format(PyExc_ValueError,
                     "%s: %zd items of %zd bytes ('%s') needed, got %zd bytes "
                     "of '%s'",
                     what, count, itemsize, fmts, view->len, view->format ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static void release(Py_buffer *views, int n) {
    for (int i = 0; i < n; i++) PyBuffer_Release(&views[i]);
}

/* Raises the exception for a cs_err: ValueError for bad input, RuntimeError for failures. */
static PyObject *raise_err(int rc, const char *msg) {
    PyObject *type = rc == CS_ENOMEM                                        ? PyExc_MemoryError
                     : (rc == CS_EAGENT || rc == CS_EIO || rc == CS_ESTATE) ? PyExc_RuntimeError
                                                                            : PyExc_ValueError;
    PyErr_SetString(type, msg && msg[0] ? msg : cs_err_message(rc));
    return NULL;
}

/* The indexes i < n where flags[i] is set, as a list of ints. */
static PyObject *index_list(const uint8_t *flags, int n) {
    PyObject *out = PyList_New(0);
    for (int i = 0; out && i < n; i++) {
        if (!flags[i]) continue;
        PyObject *v = PyLong_FromLong(i);
        if (!v || PyList_Append(out, v)) {
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(v);
    }
    return out;
}

static int reward_kind(const char *name) {
    int k = cs_env_reward_from_name(name);
    if (k < 0) {
        PyErr_Format(PyExc_ValueError, "unknown reward '%s' (win, margin, points, clips, league)",
                     name);
    }
    return k;
}

/* ---- arguments ---- */

/* An integer argument: a Python int or anything with __index__ (numpy's integers), not a
 * bool; TypeError naming `what` otherwise, ValueError outside [min, max]. 0 or -1. */
static int int_arg(PyObject *obj, const char *what, long long min, long long max, long long *out) {
    if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: an integer is needed, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *v = PyNumber_Index(obj);
    if (!v) return -1;
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred()) {
        Py_DECREF(v);
        return -1;
    }
    if (overflow || x < min || x > max) {
        PyErr_Format(PyExc_ValueError, "%s %R: %lld to %lld", what, v, min, max);
        Py_DECREF(v);
        return -1;
    }
    Py_DECREF(v);
    *out = x;
    return 0;
}

/* A seed, 0 to 2**64 - 1 as `cribsim run --seed` takes it (no wrapping of -1 or 2**64 + 7). */
static int seed_arg(PyObject *obj, unsigned long long *out) {
    if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "seed: an integer is needed, not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *v = PyNumber_Index(obj);
    if (!v) return -1;
    unsigned long long x = PyLong_AsUnsignedLongLong(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
            Py_DECREF(v);
            return -1;
        }
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "seed %R: 0 to 2**64 - 1", v);
        Py_DECREF(v);
        return -1;
    }
    Py_DECREF(v);
    *out = x;
    return 0;
}

/* ---- specs that run code ---- */

/* Set by refuse_code_specs(), never cleared: from then on every Strategy and Env of this
 * process refuses exec: and plugin: specs, whatever allow_code says. Read and set with the GIL
 * held. */
static int g_refuse_code;

/* cs_player_create_opts()'s flags for a constructor given allow_code. */
static unsigned spec_flags(int allow_code) {
    return allow_code && !g_refuse_code ? 0u : CS_SPEC_REFUSE_CODE;
}

static PyObject *refuse_code_specs(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    g_refuse_code = 1;
    Py_RETURN_NONE;
}

static PyObject *code_specs_refused(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyBool_FromLong(g_refuse_code);
}

static PyObject *spec_runs_code(PyObject *self, PyObject *arg) {
    (void)self;
    const char *spec = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : NULL;
    if (!spec) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "spec: a str");
        return NULL;
    }
    return PyBool_FromLong(cs_spec_runs_code(spec));
}

static PyObject *check_spec(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *names[] = {"spec", "allow_code", NULL};
    const char *spec;
    int allow_code = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|$p:check_spec", names, &spec, &allow_code))
        return NULL;
    char err[CS_ENV_ERR_MAX] = "";
    int rc;
    Py_BEGIN_ALLOW_THREADS rc = cs_spec_check(spec, spec_flags(allow_code), err, sizeof err);
    Py_END_ALLOW_THREADS if (rc != CS_OK) return raise_err(rc, err);
    Py_RETURN_NONE;
}

/* ---- Env ---- */

/*
 * One Python object owns one cs_env. A batch is used by one thread at a time, so every method
 * takes the object's busy flag on entry (an atomic exchange, not a lock: nothing waits) and
 * gives it back on exit; a call that finds it taken, from another thread while a step runs
 * without the GIL or from code a call runs (a buffer's, an argument's __index__), raises
 * RuntimeError and changes nothing. __init__ takes it too, so a batch is never replaced under
 * a running step, and it drops the bound arrays, which were sized for the old batch.
 */
typedef struct {
    PyObject_HEAD cs_env *env;
    int n, players;
    unsigned learners; /* a bit a learner seat */
    atomic_int busy;   /* a call is running */
    int bound;         /* bufs hold the arrays bind() was given */
    Py_buffer bufs[6]; /* action, obs, mask, seat, reward, done */
} EnvObject;

static int Env_enter(EnvObject *self) {
    int idle = 0;
    if (atomic_compare_exchange_strong(&self->busy, &idle, 1)) return 0;
    PyErr_SetString(PyExc_RuntimeError,
                    "Env is in use by another call (an Env may not be used by two threads "
                    "at once)");
    return -1;
}

static void Env_leave(EnvObject *self) {
    atomic_store(&self->busy, 0);
}

static void Env_unbind(EnvObject *self) {
    if (self->bound) release(self->bufs, 6);
    self->bound = 0;
}

static void Env_dealloc(EnvObject *self) {
    Env_unbind(self);
    cs_env_destroy(self->env);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The seat specs (a sequence of str or None, at most 4) into cfg; *fast keeps them alive. */
static int Env_seats(PyObject *seats, cs_env_config *cfg, PyObject **fast) {
    *fast = NULL;
    if (seats == Py_None) return 0;
    *fast = PySequence_Fast(seats, "seats: a list of strategy specs or None");
    if (!*fast) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(*fast);
    if (k > 4) {
        PyErr_Format(PyExc_ValueError, "seats: %zd given, at most 4", k);
        return -1;
    }
    for (Py_ssize_t s = 0; s < k; s++) {
        PyObject *item = PySequence_Fast_GET_ITEM(*fast, s);
        if (item == Py_None) continue;
        if (!PyUnicode_Check(item)) {
            PyErr_Format(PyExc_TypeError, "seats[%zd]: a strategy spec or None", s);
            return -1;
        }
        cfg->seats[s] = PyUnicode_AsUTF8(item);
        if (!cfg->seats[s]) return -1;
    }
    return 0;
}

static int Env_init_busy(EnvObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"rules",   "set",    "seats",      "n_games",
                            "threads", "reward", "allow_code", NULL};
    const char *rules = "two", *set = NULL, *reward = "win";
    PyObject *seats = Py_None, *n_obj = NULL, *threads_obj = NULL;
    int allow_code = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|zzOOOsp", names, &rules, &set, &seats, &n_obj,
                                     &threads_obj, &reward, &allow_code))
        return -1;
    unsigned flags = spec_flags(allow_code);
    long long n = 1, threads = 0;
    if (n_obj && int_arg(n_obj, "n_games", 1, INT_MAX, &n)) return -1;
    if (threads_obj && int_arg(threads_obj, "threads", 0, CS_ENV_THREADS_MAX, &threads)) return -1;
    cs_env_config cfg = {.rules = rules, .set = set, .n_games = (int)n, .threads = (int)threads};
    if ((cfg.reward = reward_kind(reward)) < 0) return -1;
    PyObject *fast;
    if (Env_seats(seats, &cfg, &fast)) {
        Py_XDECREF(fast);
        return -1;
    }
    char err[CS_ENV_ERR_MAX] = "";
    cs_env *env = NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS rc = cs_env_create_opts(&cfg, flags, &env, err, sizeof err);
    Py_END_ALLOW_THREADS Py_XDECREF(fast);
    if (rc != CS_OK) {
        raise_err(rc, err);
        return -1; /* the batch there was, if any, is untouched */
    }
    /* The new batch in place, the old one's arrays let go, then the old batch freed. */
    cs_env *old = self->env;
    Env_unbind(self);
    self->env = env;
    self->n = (int)n;
    self->players = cs_env_players(env);
    self->learners = 0;
    for (int s = 0; s < self->players; s++)
        if (cs_env_is_learner(env, s)) self->learners |= 1u << s;
    Py_BEGIN_ALLOW_THREADS cs_env_destroy(old);
    Py_END_ALLOW_THREADS return 0;
}

static int Env_init(EnvObject *self, PyObject *args, PyObject *kw) {
    if (Env_enter(self)) return -1;
    int rc = Env_init_busy(self, args, kw);
    Env_leave(self);
    return rc;
}

static int Env_ready(EnvObject *self) {
    if (self->env) return 1;
    PyErr_SetString(PyExc_RuntimeError, "Env was not created");
    return 0;
}

static PyObject *Env_reset_busy(EnvObject *self, PyObject *args) {
    PyObject *seed_obj, *o[3];
    unsigned long long seed;
    if (!Env_ready(self) || !PyArg_ParseTuple(args, "OOOO", &seed_obj, &o[0], &o[1], &o[2]) ||
        seed_arg(seed_obj, &seed))
        return NULL;
    Py_buffer b[3];
    Py_ssize_t n = self->n;
    if (get_buffer(o[0], &b[0], 1, n * CS_OBS_SIZE, 1, "Bb?", "obs")) return NULL;
    if (get_buffer(o[1], &b[1], 1, n * CS_ACT_COUNT, 1, "Bb?", "mask")) return release(b, 1), NULL;
    if (get_buffer(o[2], &b[2], 1, n, 1, "bB", "seat")) return release(b, 2), NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS rc = cs_env_reset(self->env, seed, b[0].buf, b[1].buf, b[2].buf);
    Py_END_ALLOW_THREADS release(b, 3);
    if (rc != CS_OK) return raise_err(rc, cs_env_error(self->env));
    Py_RETURN_NONE;
}

/* The six arrays of a step (action, obs, mask, seat, reward, done) from args, checked. */
static int step_buffers(EnvObject *self, PyObject *args, Py_buffer b[6]) {
    PyObject *o[6];
    if (!Env_ready(self) ||
        !PyArg_ParseTuple(args, "OOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5]))
        return -1;
    Py_ssize_t n = self->n;
    if (get_buffer(o[0], &b[0], 0, n, 4, "il", "action")) return -1;
    if (get_buffer(o[1], &b[1], 1, n * CS_OBS_SIZE, 1, "Bb?", "obs")) return release(b, 1), -1;
    if (get_buffer(o[2], &b[2], 1, n * CS_ACT_COUNT, 1, "Bb?", "mask")) return release(b, 2), -1;
    if (get_buffer(o[3], &b[3], 1, n, 1, "bB", "seat")) return release(b, 3), -1;
    if (get_buffer(o[4], &b[4], 1, n * 4, 4, "f", "reward")) return release(b, 4), -1;
    if (get_buffer(o[5], &b[5], 1, n, 1, "Bb?", "done")) return release(b, 5), -1;
    return 0;
}

static PyObject *Env_step_busy(EnvObject *self, PyObject *args) {
    Py_buffer b[6];
    if (step_buffers(self, args, b)) return NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS rc =
        cs_env_step(self->env, b[0].buf, b[1].buf, b[2].buf, b[3].buf, b[4].buf, b[5].buf);
    Py_END_ALLOW_THREADS release(b, 6);
    if (rc != CS_OK) return raise_err(rc, cs_env_error(self->env));
    Py_RETURN_NONE;
}

/*
 * bind(action, obs, mask, seat, reward, done): keeps the six arrays (checked once, held until
 * the next bind, __init__ or the Env goes) so that reset_bound(seed) and step_bound() pass
 * nothing: the single Gymnasium environment steps so, a call costing a few hundred nanoseconds.
 */
static PyObject *Env_bind_busy(EnvObject *self, PyObject *args) {
    Py_buffer b[6];
    if (step_buffers(self, args, b)) return NULL;
    Env_unbind(self);
    memcpy(self->bufs, b, sizeof b);
    self->bound = 1;
    Py_RETURN_NONE;
}

static int Env_check_bound(EnvObject *self) {
    if (!Env_ready(self)) return 0;
    if (self->bound) return 1;
    PyErr_SetString(PyExc_RuntimeError, "bind() the arrays first");
    return 0;
}

static PyObject *Env_reset_bound_busy(EnvObject *self, PyObject *arg) {
    unsigned long long seed;
    if (!Env_check_bound(self) || seed_arg(arg, &seed)) return NULL;
    Py_buffer *b = self->bufs;
    int rc = cs_env_reset(self->env, seed, b[1].buf, b[2].buf, b[3].buf);
    if (rc != CS_OK) return raise_err(rc, cs_env_error(self->env));
    Py_RETURN_NONE;
}

/* step_bound(): steps with the bound arrays; returns done[0] (for the single environment). */
static PyObject *Env_step_bound_busy(EnvObject *self, PyObject *unused) {
    (void)unused;
    if (!Env_check_bound(self)) return NULL;
    Py_buffer *b = self->bufs;
    int rc = cs_env_step(self->env, b[0].buf, b[1].buf, b[2].buf, b[3].buf, b[4].buf, b[5].buf);
    if (rc != CS_OK) return raise_err(rc, cs_env_error(self->env));
    return PyBool_FromLong(((const uint8_t *)b[5].buf)[0]);
}

/* A finished game as a dict: game, first_dealer, deals, winner, score (a tuple per seat). */
static PyObject *game_dict(uint64_t game, int first_dealer, int deals, int winner,
                           const int16_t score[4], int players) {
    PyObject *sc = PyTuple_New(players);
    if (!sc) return NULL;
    for (int s = 0; s < players; s++) PyTuple_SET_ITEM(sc, s, PyLong_FromLong(score[s]));
    return Py_BuildValue("{s:K,s:i,s:i,s:i,s:N}", "game", (unsigned long long)game, "first_dealer",
                         first_dealer, "deals", deals, "winner", winner, "score", sc);
}

/* The last game slot i finished since the reset, as game_dict(), or None. */
static PyObject *last_game(EnvObject *self, int i) {
    uint64_t game;
    int fd, deals, winner;
    int16_t score[4];
    if (cs_env_last_game(self->env, i, &game, &fd, &deals, &winner, score) != CS_OK) Py_RETURN_NONE;
    return game_dict(game, fd, deals, winner, score, self->players);
}

static PyObject *Env_last_game_busy(EnvObject *self, PyObject *args) {
    PyObject *i_obj;
    long long i;
    if (!Env_ready(self) || !PyArg_ParseTuple(args, "O", &i_obj) ||
        int_arg(i_obj, "slot", 0, self->n - 1, &i))
        return NULL;
    return last_game(self, (int)i);
}

/* final_obs(i, out): the final observation of the last game slot i finished into out
 * (CS_OBS_SIZE bytes); True, or False (out untouched) when the slot has finished none. */
static PyObject *Env_final_obs_busy(EnvObject *self, PyObject *args) {
    PyObject *i_obj, *o;
    long long i;
    if (!Env_ready(self) || !PyArg_ParseTuple(args, "OO", &i_obj, &o) ||
        int_arg(i_obj, "slot", 0, self->n - 1, &i))
        return NULL;
    Py_buffer b;
    if (get_buffer(o, &b, 1, CS_OBS_SIZE, 1, "Bb?", "out")) return NULL;
    int rc = cs_env_final_obs(self->env, (int)i, b.buf);
    PyBuffer_Release(&b);
    return PyBool_FromLong(rc == CS_OK);
}

/*
 * step_gym(action, seat, obs_copy, mask_copy): the single Gymnasium environment's step in one
 * call, for a batch of one game with its arrays bound. action goes into the bound action
 * array and the game steps; then, when it ended, the bound observation becomes its final one
 * and the bound mask all 0. Returns Gymnasium's five: obs_copy(), seat's reward as a float,
 * terminated, False, and the info {"action_mask": mask_copy()} with "game" (last_game(0)) at
 * the end of a game. obs_copy and mask_copy are called with no arguments (the environment
 * gives its rows' copy methods, so no numpy header is needed here). Bad arguments and an
 * illegal action are refused before the game moves (nothing changed); an exception from a
 * copy comes after it has moved.
 */
static PyObject *Env_step_gym_busy(EnvObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError,
                     "step_gym(action, seat, obs_copy, mask_copy): %zd "
                     "arguments given",
                     nargs);
        return NULL;
    }
    long long action, seat;
    if (!Env_check_bound(self) || int_arg(args[0], "action", 0, CS_ACT_COUNT - 1, &action) ||
        int_arg(args[1], "seat", 0, self->players - 1, &seat))
        return NULL;
    if (self->n != 1) {
        PyErr_Format(PyExc_ValueError, "step_gym: a batch of one game, not %d", self->n);
        return NULL;
    }
    if (!PyCallable_Check(args[2]) || !PyCallable_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "step_gym: obs_copy and mask_copy are callables");
        return NULL;
    }
    Py_buffer *b = self->bufs;
    int32_t *act = b[0].buf, before = act[0];
    act[0] = (int32_t)action;
    int rc = cs_env_step(self->env, b[0].buf, b[1].buf, b[2].buf, b[3].buf, b[4].buf, b[5].buf);
    if (rc != CS_OK) {
        act[0] = before;
        return raise_err(rc, cs_env_error(self->env));
    }
    int done = ((const uint8_t *)b[5].buf)[0];
    PyObject *game = NULL;
    if (done) {
        cs_env_final_obs(self->env, 0, b[1].buf);
        memset(b[2].buf, 0, CS_ACT_COUNT);
        if (!(game = last_game(self, 0))) return NULL;
    }
    PyObject *mask = PyObject_CallNoArgs(args[3]);
    PyObject *info = mask ? PyDict_New() : NULL;
    if (info && (PyDict_SetItemString(info, "action_mask", mask) ||
                 (game && PyDict_SetItemString(info, "game", game))))
        Py_CLEAR(info);
    Py_XDECREF(mask);
    Py_XDECREF(game);
    if (!info) return NULL;
    PyObject *obs = PyObject_CallNoArgs(args[2]);
    PyObject *reward = obs ? PyFloat_FromDouble(((const float *)b[4].buf)[seat]) : NULL;
    PyObject *out =
        reward ? PyTuple_Pack(5, obs, reward, done ? Py_True : Py_False, Py_False, info) : NULL;
    Py_XDECREF(obs);
    Py_XDECREF(reward);
    Py_DECREF(info);
    return out;
}

static PyObject *Env_step_gym(EnvObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (Env_enter(self)) return NULL;
    PyObject *out = Env_step_gym_busy(self, args, nargs);
    Env_leave(self);
    return out;
}

/* Each method with the Env taken for the call's length. */
#define ENV_METHOD(name)                                                                           \
    static PyObject *Env_##name(EnvObject *self, PyObject *a) {                                    \
        if (Env_enter(self)) return NULL;                                                          \
        PyObject *out = Env_##name##_busy(self, a);                                                \
        Env_leave(self);                                                                           \
        return out;                                                                                \
    }
ENV_METHOD(reset)
ENV_METHOD(step)
ENV_METHOD(bind)
ENV_METHOD(reset_bound)
ENV_METHOD(step_bound)
ENV_METHOD(last_game)
ENV_METHOD(final_obs)
#undef ENV_METHOD

/* The getters read what __init__ copied out of the batch, never the batch. */
static PyObject *Env_get_players(EnvObject *self, void *closure) {
    (void)closure;
    if (!Env_ready(self)) return NULL;
    return PyLong_FromLong(self->players);
}

static PyObject *Env_get_learners(EnvObject *self, void *closure) {
    (void)closure;
    if (!Env_ready(self)) return NULL;
    uint8_t learner[4] = {0};
    for (int s = 0; s < 4; s++) learner[s] = (uint8_t)(self->learners >> s & 1);
    return index_list(learner, 4);
}

static PyObject *Env_get_n(EnvObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->n);
}

static PyMethodDef Env_methods[] = {
    {"reset", (PyCFunction)Env_reset, METH_VARARGS,
     "reset(seed, obs, mask, seat): every game afresh, each to its first learner decision "
     "(seed: 0 to 2**64 - 1)"},
    {"step", (PyCFunction)Env_step, METH_VARARGS,
     "step(action, obs, mask, seat, reward, done): one action a game (int32), on to the next "
     "decisions"},
    {"bind", (PyCFunction)Env_bind, METH_VARARGS,
     "bind(action, obs, mask, seat, reward, done): the arrays reset_bound and step_bound use"},
    {"reset_bound", (PyCFunction)Env_reset_bound, METH_O, "reset_bound(seed): reset into them"},
    {"step_bound", (PyCFunction)Env_step_bound, METH_NOARGS,
     "step_bound(): step with the bound arrays; returns done[0]"},
    {"step_gym", (PyCFunction)(void (*)(void))Env_step_gym, METH_FASTCALL,
     "step_gym(action, seat, obs_copy, mask_copy): step_bound for the single environment, "
     "returning Gymnasium's five"},
    {"last_game", (PyCFunction)Env_last_game, METH_VARARGS,
     "last_game(i): the last game slot i finished since the reset, as a dict, or None"},
    {"final_obs", (PyCFunction)Env_final_obs, METH_VARARGS,
     "final_obs(i, out): the final observation of the last game slot i finished; False if none"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Env_getset[] = {
    {"players", (getter)Env_get_players, NULL, "players at the table", NULL},
    {"learners", (getter)Env_get_learners, NULL, "the learner's seats", NULL},
    {"n_games", (getter)Env_get_n, NULL, "games in the batch", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject EnvType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cribsim._core.Env",
    .tp_basicsize = sizeof(EnvObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Env(rules='two', set=None, seats=None, n_games=1, threads=0, reward='win'): "
              "a batch of games stepped by a learner (cs_env.h). threads: 1 to 256, 0 for "
              "every core. Not to be shared between threads: a call while another runs (a "
              "step releases the GIL) raises RuntimeError and changes nothing. __init__ again "
              "replaces the batch and drops the bound arrays.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Env_init,
    .tp_dealloc = (destructor)Env_dealloc,
    .tp_methods = Env_methods,
    .tp_getset = Env_getset,
};

/* ---- State ---- */

/*
 * One game with explicit chance (cs_env_state), under OpenSpiel's method names, so that
 * cribsim.State (game.py) subclasses it and a call such as state.legal_actions() costs one C
 * call. `owner` is the Python Game it belongs to; `seeded` resolves chance nodes with the
 * seed's outcomes after every step. `readers` counts strategies deciding on it without the
 * GIL: while any does, nothing may change it (refused with RuntimeError).
 */
typedef struct {
    PyObject_HEAD cs_env_state *st;
    PyObject *owner;
    int seeded;
    int readers;
} StateObject;

static PyTypeObject StateType;
static PyObject *one_prob[CS_ACT_COUNT + 1]; /* 1/n as a Python float, for n outcomes */

static void State_dealloc(StateObject *self) {
    cs_env_state_free(self->st);
    Py_CLEAR(self->owner);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* An integer in [0, 2**64) from obj, for `what` (a seed, a game index); ValueError naming the
 * value for a negative or too large one, TypeError for a non-integer. */
static int get_u64(PyObject *obj, const char *what, unsigned long long *out) {
    if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: an integer is needed, not %.80s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *v = PyNumber_Index(obj);
    if (!v) return -1;
    *out = PyLong_AsUnsignedLongLong(v);
    if (*out == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s %R is out of range (0 to 2**64 - 1)", what, v);
        Py_DECREF(v);
        return -1;
    }
    Py_DECREF(v);
    return 0;
}

/* An action or seat from obj: an integer (int, numpy's integers), nothing else; *out is -2
 * for one beyond any action (never legal). TypeError for a float, a str, a bool. */
static int get_int(PyObject *obj, const char *what, long *out) {
    if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: an integer is needed, not %.80s %R", what,
                     Py_TYPE(obj)->tp_name, obj);
        return -1;
    }
    PyObject *v = PyNumber_Index(obj);
    if (!v) return -1;
    int overflow = 0;
    *out = PyLong_AsLongAndOverflow(v, &overflow);
    Py_DECREF(v);
    if (overflow) *out = -1000;
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static int State_writable(StateObject *self) {
    if (!self->readers) return 1;
    PyErr_SetString(PyExc_RuntimeError,
                    "State: a Strategy is deciding on it in another thread; it cannot change "
                    "until the Strategy returns");
    return 0;
}

static int State_init(StateObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"rules", "set", "seed", "game", "reward", "owner", "seeded", NULL};
    const char *rules = "two", *set = NULL, *reward = "win";
    PyObject *seed_obj = NULL, *game_obj = NULL, *owner = Py_None;
    int seeded = 0;
    unsigned long long seed = 0, game = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|zzOOsOp", names, &rules, &set, &seed_obj,
                                     &game_obj, &reward, &owner, &seeded))
        return -1;
    if (seed_obj && get_u64(seed_obj, "seed", &seed)) return -1;
    if (game_obj && get_u64(game_obj, "game", &game)) return -1;
    int kind = reward_kind(reward);
    if (kind < 0 || !State_writable(self)) return -1;
    char err[CS_ENV_ERR_MAX] = "";
    cs_env_state *st = cs_env_state_new(rules, set, seed, game, kind, err, sizeof err);
    if (!st) {
        raise_err(CS_ECONFIG, err);
        return -1;
    }
    if (seeded && cs_env_state_resolve(st) != CS_OK) {
        cs_env_state_free(st);
        PyErr_NoMemory();
        return -1;
    }
    cs_env_state_free(self->st);
    self->st = st;
    self->seeded = seeded;
    Py_INCREF(owner);
    Py_XSETREF(self->owner, owner);
    return 0;
}

static int State_ready(StateObject *self) {
    if (self->st) return 1;
    PyErr_SetString(PyExc_RuntimeError, "State was not created");
    return 0;
}

/* A seat of the game from obj, or -1 with ValueError naming it (TypeError for a non-integer). */
static int State_seat(StateObject *self, PyObject *obj, const char *what) {
    long seat;
    if (get_int(obj, what, &seat)) return -1;
    int players = cs_env_state_players(self->st);
    if (seat < 0 || seat >= players) {
        PyErr_Format(PyExc_ValueError, "%s %R: the game has seats 0 to %d", what, obj, players - 1);
        return -1;
    }
    return (int)seat;
}

static PyObject *State_current(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    return PyLong_FromLong(cs_env_state_current(self->st));
}

static PyObject *State_is_chance(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    return PyBool_FromLong(cs_env_state_current(self->st) == CS_ENV_CHANCE);
}

static PyObject *State_is_terminal(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    return PyBool_FromLong(cs_env_state_current(self->st) == CS_ENV_TERMINAL);
}

static PyObject *State_is_player(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    return PyBool_FromLong(cs_env_state_current(self->st) >= 0);
}

static PyObject *State_is_simultaneous(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    Py_RETURN_FALSE;
}

static PyObject *int_list(const uint8_t *v, int n) {
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(v[i]));
    return out;
}

/* legal_actions(player=None): the acting seat's legal actions (the outcomes at a chance
 * node); for a player who is not to act, []. A seat the game does not have: ValueError. */
static PyObject *State_legal_actions(StateObject *self, PyObject *const *args, Py_ssize_t n) {
    if (!State_ready(self)) return NULL;
    if (n > 1) {
        PyErr_Format(PyExc_TypeError, "legal_actions() takes at most 1 argument (%zd given)", n);
        return NULL;
    }
    int cur = cs_env_state_current(self->st);
    if (n == 1 && args[0] != Py_None) {
        long p;
        if (get_int(args[0], "player", &p)) return NULL;
        if (p != CS_ENV_CHANCE && (p < 0 || p >= cs_env_state_players(self->st))) {
            PyErr_Format(PyExc_ValueError, "player %R: the game has seats 0 to %d (or -1, chance)",
                         args[0], cs_env_state_players(self->st) - 1);
            return NULL;
        }
        if (p != cur) return PyList_New(0);
    }
    uint8_t list[CS_ACT_COUNT];
    return int_list(list, cs_env_state_legal_list(self->st, list));
}

/* chance_outcomes(): [(outcome, probability), ...] at a chance node, [] elsewhere. */
static PyObject *State_chance_outcomes(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    if (cs_env_state_current(self->st) != CS_ENV_CHANCE) return PyList_New(0);
    uint8_t list[CS_ACT_COUNT];
    int n = cs_env_state_legal_list(self->st, list);
    PyObject *p = one_prob[n];
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *t = PyTuple_New(2);
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        Py_INCREF(p);
        PyTuple_SET_ITEM(t, 0, PyLong_FromLong(list[i]));
        PyTuple_SET_ITEM(t, 1, p);
        PyList_SET_ITEM(out, i, t);
    }
    return out;
}

static PyObject *State_num_legal(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    return PyLong_FromLong(cs_env_state_num_legal(self->st));
}

/* legal_action(k): the k-th legal action (or outcome), counting from 0 in increasing order,
 * without a list: a uniform choice is legal_action(int(u * num_legal_actions())). */
static PyObject *State_legal_action(StateObject *self, PyObject *arg) {
    long k;
    if (!State_ready(self) || get_int(arg, "k", &k)) return NULL;
    int a = cs_env_state_legal_at(self->st, k);
    if (a < 0) {
        PyErr_Format(PyExc_IndexError, "legal_action(%R): there are %d legal actions", arg,
                     cs_env_state_num_legal(self->st));
        return NULL;
    }
    return PyLong_FromLong(a);
}

/* chance_outcome(u): the outcome whose share of [0, 1), in chance_outcomes()'s order, holds
 * u (the caller sampling chance with its own draw u), without a list. */
static PyObject *State_chance_outcome(StateObject *self, PyObject *arg) {
    if (!State_ready(self)) return NULL;
    double u = PyFloat_AsDouble(arg);
    if (u == -1.0 && PyErr_Occurred()) return NULL;
    if (!(u >= 0.0 && u < 1.0)) {
        PyErr_Format(PyExc_ValueError, "chance_outcome(%R): a draw in [0, 1) is needed", arg);
        return NULL;
    }
    if (cs_env_state_current(self->st) != CS_ENV_CHANCE) {
        PyErr_SetString(PyExc_ValueError, "chance_outcome(): not a chance node");
        return NULL;
    }
    /* every outcome is equally likely (cs_env.h): the floor(u * n)-th */
    int n = cs_env_state_num_legal(self->st);
    int k = (int)(u * n);
    return PyLong_FromLong(cs_env_state_legal_at(self->st, k < n ? k : n - 1));
}

static PyObject *State_mask(StateObject *self, PyObject *args) {
    PyObject *o;
    if (!State_ready(self) || !PyArg_ParseTuple(args, "O", &o)) return NULL;
    Py_buffer b;
    if (get_buffer(o, &b, 1, CS_ACT_COUNT, 1, "Bb?", "mask")) return NULL;
    int n = cs_env_state_legal(self->st, b.buf);
    PyBuffer_Release(&b);
    return PyLong_FromLong(n);
}

/* apply_action(action): a legal action or chance outcome, an integer; TypeError for any
 * other type, ValueError for an integer that is not legal, nothing changed either way. */
static PyObject *State_apply_action(StateObject *self, PyObject *arg) {
    long a;
    if (!State_ready(self) || !State_writable(self) || get_int(arg, "action", &a)) return NULL;
    if (!cs_env_state_is_legal(self->st, a)) {
        int cur = cs_env_state_current(self->st);
        if (cur == CS_ENV_TERMINAL)
            PyErr_Format(PyExc_ValueError, "action %R: the game is over", arg);
        else
            PyErr_Format(PyExc_ValueError, "action %R is not legal here (%s, %s to act)", arg,
                         cs_env_state_phase(self->st), cur == CS_ENV_CHANCE ? "chance" : "a seat");
        return NULL;
    }
    int rc = cs_env_state_apply(self->st, (int)a);
    if (rc == CS_OK && self->seeded) rc = cs_env_state_resolve(self->st);
    if (rc != CS_OK) return raise_err(rc, NULL);
    Py_RETURN_NONE;
}

static PyObject *State_apply(StateObject *self, PyObject *args) {
    PyObject *a;
    if (!PyArg_ParseTuple(args, "O", &a)) return NULL;
    return State_apply_action(self, a);
}

static PyObject *State_observe(StateObject *self, PyObject *args) {
    PyObject *seat_obj, *o;
    if (!State_ready(self) || !PyArg_ParseTuple(args, "OO", &seat_obj, &o)) return NULL;
    int seat = State_seat(self, seat_obj, "player");
    if (seat < 0) return NULL;
    Py_buffer b;
    if (get_buffer(o, &b, 1, CS_OBS_SIZE, 1, "Bb?", "obs")) return NULL;
    cs_env_state_observe(self->st, seat, b.buf);
    PyBuffer_Release(&b);
    Py_RETURN_NONE;
}

static PyObject *float_list(const double *v, int n) {
    PyObject *out = PyList_New(n);
    for (int s = 0; out && s < n; s++) PyList_SET_ITEM(out, s, PyFloat_FromDouble(v[s]));
    return out;
}

static PyObject *State_returns(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    double r[4];
    cs_env_state_returns(self->st, r);
    return float_list(r, cs_env_state_players(self->st));
}

static PyObject *State_rewards(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    double r[4];
    cs_env_state_rewards(self->st, r);
    return float_list(r, cs_env_state_players(self->st));
}

static PyObject *State_clone(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    PyTypeObject *type = Py_TYPE(self);
    StateObject *c = (StateObject *)type->tp_alloc(type, 0);
    if (!c) return NULL;
    c->st = cs_env_state_clone(self->st);
    if (!c->st) {
        Py_DECREF(c);
        return PyErr_NoMemory();
    }
    c->seeded = self->seeded;
    Py_XINCREF(self->owner);
    c->owner = self->owner;
    return (PyObject *)c;
}

static PyObject *State_history(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    const cs_env_move *m;
    int n = cs_env_state_moves(self->st, &m);
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(m[i].action));
    return out;
}

/* moves(): [(actor, action, seen, kind), ...], cs_env_move's fields, oldest first. */
static PyObject *State_moves(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    const cs_env_move *m;
    int n = cs_env_state_moves(self->st, &m);
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *t = Py_BuildValue("(iiii)", m[i].actor, m[i].action, m[i].seen, m[i].kind);
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, t);
    }
    return out;
}

static PyObject *State_move_number(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    const cs_env_move *m;
    return PyLong_FromLong(cs_env_state_moves(self->st, &m));
}

static PyObject *State_simple(StateObject *self, PyObject *args, int what) {
    if (!State_ready(self)) return NULL;
    switch (what) {
    case 0: return PyLong_FromLong(cs_env_state_seeded(self->st));
    case 1: return PyLong_FromUnsignedLong(cs_env_state_visibility(self->st));
    case 2: return PyUnicode_FromString(cs_env_state_phase(self->st));
    case 4: return PyLong_FromLong(cs_env_state_players(self->st));
    case 7: return PyLong_FromUnsignedLongLong(cs_env_state_seed(self->st));
    case 6: {
        int chance = 0, decisions = cs_env_state_max_length(self->st, &chance);
        return Py_BuildValue("(iiii)", decisions, chance, cs_env_state_sides(self->st),
                             cs_env_state_target(self->st));
    }
    default: break;
    }
    PyObject *seat_obj;
    if (!PyArg_ParseTuple(args, "O", &seat_obj)) return NULL;
    int seat = State_seat(self, seat_obj, "player");
    if (seat < 0) return NULL;
    if (what == 3) return PyLong_FromLong(cs_env_state_score(self->st, seat));
    char buf[512];
    cs_env_state_describe(self->st, seat, buf, sizeof buf);
    return PyUnicode_FromString(buf);
}

static PyObject *State_seeded(StateObject *s, PyObject *a) {
    return State_simple(s, a, 0);
}
static PyObject *State_visibility(StateObject *s, PyObject *a) {
    return State_simple(s, a, 1);
}
static PyObject *State_phase(StateObject *s, PyObject *a) {
    return State_simple(s, a, 2);
}
static PyObject *State_score(StateObject *s, PyObject *a) {
    return State_simple(s, a, 3);
}
static PyObject *State_players(StateObject *s, PyObject *a) {
    return State_simple(s, a, 4);
}
static PyObject *State_describe(StateObject *s, PyObject *a) {
    return State_simple(s, a, 5);
}
static PyObject *State_seed(StateObject *s, PyObject *a) {
    return State_simple(s, a, 7);
}
static PyObject *State_max_length(StateObject *s, PyObject *a) {
    return State_simple(s, a, 6);
}

static PyObject *State_game(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    uint64_t game;
    int fd, deals, winner;
    int16_t score[4];
    cs_env_state_game(self->st, &game, &fd, &deals, &winner, score);
    return game_dict(game, fd, deals, winner, score, cs_env_state_players(self->st));
}

static PyObject *State_get_game(StateObject *self, PyObject *unused) {
    (void)unused;
    PyObject *owner = self->owner ? self->owner : Py_None;
    Py_INCREF(owner);
    return owner;
}

static PyObject *State_get_seeded(StateObject *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->seeded);
}

static PyMethodDef State_methods[] = {
    {"current_player", (PyCFunction)State_current, METH_NOARGS,
     "the seat to act, -1 (chance) or -4 (the end)"},
    {"is_chance_node", (PyCFunction)State_is_chance, METH_NOARGS, "whether chance acts next"},
    {"is_terminal", (PyCFunction)State_is_terminal, METH_NOARGS, "whether the game is over"},
    {"is_player_node", (PyCFunction)State_is_player, METH_NOARGS, "whether a seat acts next"},
    {"is_simultaneous_node", (PyCFunction)State_is_simultaneous, METH_NOARGS, "never"},
    {"legal_actions", (PyCFunction)(void (*)(void))State_legal_actions, METH_FASTCALL,
     "legal_actions(player=None): the legal actions, the outcomes at a chance node; [] for a "
     "player not to act"},
    {"num_legal_actions", (PyCFunction)State_num_legal, METH_NOARGS,
     "how many legal actions (outcomes at a chance node), no list made"},
    {"legal_action", (PyCFunction)State_legal_action, METH_O,
     "legal_action(k): the k-th legal action in increasing order, no list made"},
    {"chance_outcome", (PyCFunction)State_chance_outcome, METH_O,
     "chance_outcome(u): the outcome whose share of [0, 1) holds the draw u, no list made"},
    {"chance_outcomes", (PyCFunction)State_chance_outcomes, METH_NOARGS,
     "[(outcome, probability)] at a chance node, [] elsewhere"},
    {"apply_action", (PyCFunction)State_apply_action, METH_O,
     "apply_action(action): a legal action or outcome (an integer); TypeError or ValueError, "
     "nothing changed, otherwise"},
    {"rewards", (PyCFunction)State_rewards, METH_NOARGS, "each seat's reward for the last step"},
    {"returns", (PyCFunction)State_returns, METH_NOARGS, "each seat's return so far"},
    {"history", (PyCFunction)State_history, METH_NOARGS, "every action and outcome applied"},
    {"move_number", (PyCFunction)State_move_number, METH_NOARGS, "moves applied, chance too"},
    {"moves", (PyCFunction)State_moves, METH_NOARGS, "[(actor, action, seen, kind)] applied"},
    {"clone", (PyCFunction)State_clone, METH_NOARGS, "an independent copy"},
    {"get_game", (PyCFunction)State_get_game, METH_NOARGS, "the game it belongs to"},
    {"limits", (PyCFunction)State_max_length, METH_NOARGS,
     "(decisions, chance outcomes, sides, target): the most decisions and chance outcomes a "
     "game of its rules can take, its sides and its target"},
    {"current", (PyCFunction)State_current, METH_NOARGS, "current_player()"},
    {"legal", (PyCFunction)(void (*)(void))State_legal_actions, METH_FASTCALL, "legal_actions()"},
    {"mask", (PyCFunction)State_mask, METH_VARARGS, "mask(out): the legal actions as 53 bytes"},
    {"apply", (PyCFunction)State_apply, METH_VARARGS, "apply(action): apply_action(action)"},
    {"observe", (PyCFunction)State_observe, METH_VARARGS, "observe(seat, out): OBS_SIZE bytes"},
    {"seeded", (PyCFunction)State_seeded, METH_VARARGS, "the seed's chance outcome here, or -1"},
    {"visibility", (PyCFunction)State_visibility, METH_VARARGS,
     "the seats that see the next action, a bit each"},
    {"phase", (PyCFunction)State_phase, METH_VARARGS, "the game's phase"},
    {"score", (PyCFunction)State_score, METH_VARARGS, "score(seat): the seat's side's score"},
    {"players", (PyCFunction)State_players, METH_VARARGS, "players at the table"},
    {"seed", (PyCFunction)State_seed, METH_NOARGS, "the seed it was made with"},
    {"describe", (PyCFunction)State_describe, METH_VARARGS, "describe(seat): what it sees"},
    {"game", (PyCFunction)State_game, METH_NOARGS, "the game's record so far"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef State_getset[] = {
    {"is_seeded", (getter)State_get_seeded, NULL, "chance resolves itself from the seed", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cribsim._core.State",
    .tp_basicsize = sizeof(StateObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "State(rules='two', set=None, seed=0, game=0, reward='win', owner=None, "
              "seeded=False): one game, every seat from outside, chance explicit",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)State_init,
    .tp_dealloc = (destructor)State_dealloc,
    .tp_methods = State_methods,
    .tp_getset = State_getset,
};

/* ---- Strategy ---- */

/*
 * A strategy deciding for a State. One object is used by one thread at a time: act() gives
 * up the GIL while the strategy thinks, and `busy` refuses (RuntimeError) a second thread's
 * act() or __init__ meanwhile, rather than letting two threads move one strategy's state.
 */
typedef struct {
    PyObject_HEAD cs_env_strategy *s;
    int busy;
} StrategyObject;

static void Strategy_dealloc(StrategyObject *self) {
    cs_env_strategy_free(self->s);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Strategy_free_to_use(StrategyObject *self) {
    if (!self->busy) return 1;
    PyErr_SetString(PyExc_RuntimeError,
                    "Strategy: already deciding in another thread (one Strategy is used by one "
                    "thread at a time: make one per thread)");
    return 0;
}

static int Strategy_init(StrategyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"spec", "allow_code", NULL};
    const char *spec;
    int allow_code = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|$p", names, &spec, &allow_code)) return -1;
    if (!Strategy_free_to_use(self)) return -1;
    unsigned flags = spec_flags(allow_code);
    char err[CS_ENV_ERR_MAX] = "";
    cs_env_strategy *s;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS s = cs_env_strategy_new_opts(spec, flags, err, sizeof err);
    Py_END_ALLOW_THREADS self->busy = 0;
    if (!s) {
        raise_err(CS_EUNKNOWN, err);
        return -1;
    }
    cs_env_strategy_free(self->s);
    self->s = s;
    return 0;
}

static PyObject *Strategy_act(StrategyObject *self, PyObject *args) {
    StateObject *state;
    if (!self->s) return raise_err(CS_ESTATE, "Strategy was not created");
    if (!PyArg_ParseTuple(args, "O!", &StateType, &state)) return NULL;
    if (!state->st) return raise_err(CS_ESTATE, "State was not created");
    if (!Strategy_free_to_use(self)) return NULL;
    char err[CS_ENV_ERR_MAX] = "";
    int action = -1, rc;
    self->busy = 1;
    state->readers++;
    Py_INCREF(state);
    Py_BEGIN_ALLOW_THREADS rc = cs_env_strategy_act(self->s, state->st, &action, err, sizeof err);
    Py_END_ALLOW_THREADS state->readers--;
    Py_DECREF(state);
    self->busy = 0;
    if (rc != CS_OK) return raise_err(rc, err);
    return PyLong_FromLong(action);
}

static PyObject *Strategy_get_spec(StrategyObject *self, void *closure) {
    (void)closure;
    if (!self->s) return raise_err(CS_ESTATE, "Strategy was not created");
    return PyUnicode_FromString(cs_env_strategy_spec(self->s));
}

static PyMethodDef Strategy_methods[] = {
    {"act", (PyCFunction)Strategy_act, METH_VARARGS, "act(state): the action it takes there"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Strategy_getset[] = {
    {"spec", (getter)Strategy_get_spec, NULL, "the spec with every parameter", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject StrategyType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cribsim._core.Strategy",
    .tp_basicsize = sizeof(StrategyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Strategy(spec): a strategy deciding for a State; one thread at a time",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Strategy_init,
    .tp_dealloc = (destructor)Strategy_dealloc,
    .tp_methods = Strategy_methods,
    .tp_getset = Strategy_getset,
};

/* ---- scoring, as the command line's score and peg ---- */

#ifndef CS_PROJECT_VERSION
#define CS_PROJECT_VERSION "unknown"
#endif

/* Parses a sequence of card texts into out[0..*n-1] (at most max), refusing duplicates; 0 or
 * -1 with a ValueError/TypeError set. `what` names the argument in messages. */
static int parse_cards(PyObject *seq, const char *what, cs_card out[], int max, int *n) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of card texts");
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) {
        PyErr_Format(PyExc_ValueError, "%s: %zd cards, at most %d", what, len, max);
        Py_DECREF(fast);
        return -1;
    }
    cs_cardset seen = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        const char *text = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
        if (!text) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%s: card %zd is not a str", what, i);
            Py_DECREF(fast);
            return -1;
        }
        cs_card c;
        int err = cs_card_parse(text, &c);
        if (err == 0 && cs_cardset_has(seen, c)) err = CS_EDUPCARD;
        if (err) {
            PyErr_Format(PyExc_ValueError, "%s: %s '%s'", what, cs_err_message(err), text);
            Py_DECREF(fast);
            return -1;
        }
        seen |= cs_cardset_of(c);
        out[i] = c;
    }
    Py_DECREF(fast);
    *n = (int)len;
    return 0;
}

static PyObject *show_score(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *kwlist[] = {"hand", "starter", "crib", NULL};
    PyObject *hand_seq;
    const char *starter_text;
    int crib = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Os|p:show_score", kwlist, &hand_seq,
                                     &starter_text, &crib))
        return NULL;
    cs_card hand[CS_SHOW_HAND_MAX + 1];
    int n;
    if (parse_cards(hand_seq, "hand", hand, CS_SHOW_HAND_MAX, &n)) return NULL;
    if (n != 3 && n != 4) {
        PyErr_Format(PyExc_ValueError, "hand: %d cards, not 3 or 4", n);
        return NULL;
    }
    cs_card starter;
    int err = cs_card_parse(starter_text, &starter);
    if (err == 0) {
        for (int i = 0; i < n; i++)
            if (hand[i] == starter) err = CS_EDUPCARD;
    }
    if (err) {
        PyErr_Format(PyExc_ValueError, "starter: %s '%s'", cs_err_message(err), starter_text);
        return NULL;
    }
    /* The flush rule: every hand card for a hand, all five cards for the crib (score.h). */
    return PyLong_FromLong(cs_show_score(hand, n, starter, crib ? 5 : n));
}

static PyObject *peg_score(PyObject *self, PyObject *pile_seq) {
    (void)self;
    cs_card pile[CS_PEG_PILE_MAX];
    int n;
    if (parse_cards(pile_seq, "pile", pile, CS_PEG_PILE_MAX, &n)) return NULL;
    if (n < 1) {
        PyErr_SetString(PyExc_ValueError, "pile: no cards");
        return NULL;
    }
    int count = 0;
    for (int i = 0; i < n; i++) count += cs_card_value(pile[i]);
    if (count > 31) {
        PyErr_Format(PyExc_ValueError, "pile: the count is %d, over 31", count);
        return NULL;
    }
    return PyLong_FromLong(cs_peg_score(pile, n));
}

static PyObject *engine_version(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyUnicode_FromString(CS_PROJECT_VERSION);
}

static PyMethodDef core_methods[] = {
    {"show_score", (PyCFunction)(void (*)(void))show_score, METH_VARARGS | METH_KEYWORDS,
     "show_score(hand, starter, crib=False) -> int\n\nThe show of a hand of 3 or 4 cards with "
     "its starter (card texts such as '5H'), as `cribsim score`; crib=True applies the crib's "
     "flush rule (all five cards)."},
    {"peg_score", peg_score, METH_O,
     "peg_score(pile) -> int\n\nThe points the last card of the pile scores when laid (the "
     "series so far, oldest first), as `cribsim peg`; not the go."},
    {"engine_version", engine_version, METH_NOARGS,
     "engine_version() -> str\n\nThe project version the engine was built as."},
    {"refuse_code_specs", refuse_code_specs, METH_NOARGS,
     "refuse_code_specs() -> None\n\nFrom now on, for the rest of the process, every Strategy and "
     "environment refuses the specs that run code from outside cribsim - exec: (a program run "
     "by /bin/sh) and plugin: (a shared object loaded) - with ValueError, whatever their "
     "allow_code says. It cannot be undone."},
    {"code_specs_refused", code_specs_refused, METH_NOARGS,
     "code_specs_refused() -> bool\n\nWhether refuse_code_specs() was called."},
    {"spec_runs_code", spec_runs_code, METH_O,
     "spec_runs_code(spec) -> bool\n\nWhether the spec runs code from outside cribsim: it "
     "starts with exec: or plugin:."},
    {"check_spec", (PyCFunction)(void (*)(void))check_spec, METH_VARARGS | METH_KEYWORDS,
     "check_spec(spec, *, allow_code=True) -> None\n\nChecks a strategy spec without running "
     "anything from outside: a built-in's parameters, an exec: spec's keys and command, a "
     "plugin: spec's path (its own keys are known only once loaded). Raises ValueError naming "
     "the bad part, or for an exec:/plugin: spec when allow_code is False or "
     "refuse_code_specs() was called."},
    {NULL, NULL, 0, NULL},
};

/* ---- the module ---- */

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    "_core",
    "cribsim's engine, strategies and environment API (experiments/env/cs_env.h)",
    -1,
    core_methods,
    NULL,
    NULL,
    NULL,
    NULL};

static int add_int(PyObject *m, const char *name, long v) {
    return PyModule_AddIntConstant(m, name, v);
}

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void) {
    PyTypeObject *types[] = {&EnvType, &StateType, &StrategyType};
    const char *names[] = {"Env", "State", "Strategy"};
    for (int i = 0; i < 3; i++)
        if (PyType_Ready(types[i]) < 0) return NULL;
    for (int n = 1; n <= CS_ACT_COUNT; n++)
        if (!one_prob[n] && !(one_prob[n] = PyFloat_FromDouble(1.0 / n))) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    for (int i = 0; i < 3; i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(m, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            Py_DECREF(m);
            return NULL;
        }
    }
    struct {
        const char *name;
        long value;
    } ints[] = {
        {"OBS_VERSION", CS_OBS_VERSION}, {"OBS_SIZE", CS_OBS_SIZE},
        {"ACTIONS", CS_ACT_COUNT},       {"ACTION_GO", CS_ACT_GO},
        {"CHANCE", CS_ENV_CHANCE},       {"TERMINAL", CS_ENV_TERMINAL},
        {"OBS_HAND", CS_OBS_HAND},       {"OBS_DISCARDS", CS_OBS_DISCARDS},
        {"OBS_STARTER", CS_OBS_STARTER}, {"OBS_PILE", CS_OBS_PILE},
        {"OBS_PLAYED", CS_OBS_PLAYED},   {"OBS_PHASE", CS_OBS_PHASE},
        {"OBS_DEALER", CS_OBS_DEALER},   {"OBS_COUNT", CS_OBS_COUNT},
        {"OBS_SCORE", CS_OBS_SCORE},     {"OBS_LEFT", CS_OBS_LEFT},
        {"OBS_PLAYERS", CS_OBS_PLAYERS}, {"OBS_PARTNERS", CS_OBS_PARTNERS},
        {"OBS_TARGET", CS_OBS_TARGET},   {"OBS_TO_LAY", CS_OBS_TO_LAY},
        {"OBS_SEAT", CS_OBS_SEAT},       {"OBS_DEAL", CS_OBS_DEAL},
        {"OBS_KEEP", CS_OBS_KEEP},       {"OBS_USED", CS_OBS_USED},
        {"OBS_PEG", CS_OBS_PEG},         {"OBS_TOP", CS_OBS_TOP},
        {"ENV_SKIP", CS_ENV_SKIP},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        if (add_int(m, ints[i].name, ints[i].value) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    }
    PyObject *rewards = PyTuple_New(CS_ENV_REWARD_KINDS);
    for (int k = 0; rewards && k < CS_ENV_REWARD_KINDS; k++)
        PyTuple_SET_ITEM(rewards, k, PyUnicode_FromString(cs_env_reward_name(k)));
    if (!rewards || PyModule_AddObject(m, "REWARDS", rewards) < 0) {
        Py_XDECREF(rewards);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

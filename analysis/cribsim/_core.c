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

typedef struct {
    PyObject_HEAD cs_env *env;
    int n;
    int bound;         /* bufs hold the arrays bind() was given */
    Py_buffer bufs[6]; /* action, obs, mask, seat, reward, done */
} EnvObject;

static void Env_unbind(EnvObject *self) {
    if (self->bound) release(self->bufs, 6);
    self->bound = 0;
}

static void Env_dealloc(EnvObject *self) {
    Env_unbind(self);
    cs_env_destroy(self->env);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Env_init(EnvObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"rules",   "set",    "seats",      "n_games",
                            "threads", "reward", "allow_code", NULL};
    const char *rules = "two", *set = NULL, *reward = "win";
    PyObject *seats = Py_None;
    int n = 1, threads = 0, allow_code = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|zzOiisp", names, &rules, &set, &seats, &n,
                                     &threads, &reward, &allow_code))
        return -1;
    cs_env_config cfg = {.rules = rules, .set = set, .n_games = n, .threads = threads};
    unsigned flags = spec_flags(allow_code);
    if ((cfg.reward = reward_kind(reward)) < 0) return -1;
    PyObject *fast = NULL;
    if (seats != Py_None) {
        fast = PySequence_Fast(seats, "seats: a list of strategy specs or None");
        if (!fast) return -1;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
        if (k > 4) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "seats: at most 4");
            return -1;
        }
        for (Py_ssize_t s = 0; s < k; s++) {
            PyObject *item = PySequence_Fast_GET_ITEM(fast, s);
            if (item == Py_None) continue;
            if (!PyUnicode_Check(item)) {
                Py_DECREF(fast);
                PyErr_Format(PyExc_TypeError, "seats[%zd]: a strategy spec or None", s);
                return -1;
            }
            cfg.seats[s] = PyUnicode_AsUTF8(item);
            if (!cfg.seats[s]) {
                Py_DECREF(fast);
                return -1;
            }
        }
    }
    char err[CS_ENV_ERR_MAX] = "";
    cs_env_destroy(self->env);
    self->env = NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS rc = cs_env_create_opts(&cfg, flags, &self->env, err, sizeof err);
    Py_END_ALLOW_THREADS Py_XDECREF(fast);
    if (rc != CS_OK) {
        raise_err(rc, err);
        return -1;
    }
    self->n = n;
    return 0;
}

static int Env_ready(EnvObject *self) {
    if (self->env) return 1;
    PyErr_SetString(PyExc_RuntimeError, "Env was not created");
    return 0;
}

static PyObject *Env_reset(EnvObject *self, PyObject *args) {
    unsigned long long seed;
    PyObject *o[3];
    if (!Env_ready(self) || !PyArg_ParseTuple(args, "KOOO", &seed, &o[0], &o[1], &o[2]))
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

static PyObject *Env_step(EnvObject *self, PyObject *args) {
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
 * the next bind or the Env goes) so that reset_bound(seed) and step_bound() pass nothing: the
 * single Gymnasium environment steps so, a call costing a few hundred nanoseconds.
 */
static PyObject *Env_bind(EnvObject *self, PyObject *args) {
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

static PyObject *Env_reset_bound(EnvObject *self, PyObject *arg) {
    if (!Env_check_bound(self)) return NULL;
    unsigned long long seed = PyLong_AsUnsignedLongLong(arg);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    Py_buffer *b = self->bufs;
    int rc = cs_env_reset(self->env, seed, b[1].buf, b[2].buf, b[3].buf);
    if (rc != CS_OK) return raise_err(rc, cs_env_error(self->env));
    Py_RETURN_NONE;
}

/* step_bound(): steps with the bound arrays; returns done[0] (for the single environment). */
static PyObject *Env_step_bound(EnvObject *self, PyObject *unused) {
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

static PyObject *Env_last_game(EnvObject *self, PyObject *args) {
    int i;
    if (!Env_ready(self) || !PyArg_ParseTuple(args, "i", &i)) return NULL;
    uint64_t game;
    int fd, deals, winner;
    int16_t score[4];
    if (cs_env_last_game(self->env, i, &game, &fd, &deals, &winner, score) != CS_OK) Py_RETURN_NONE;
    return game_dict(game, fd, deals, winner, score, cs_env_players(self->env));
}

static PyObject *Env_get_players(EnvObject *self, void *closure) {
    (void)closure;
    if (!Env_ready(self)) return NULL;
    return PyLong_FromLong(cs_env_players(self->env));
}

static PyObject *Env_get_learners(EnvObject *self, void *closure) {
    (void)closure;
    if (!Env_ready(self)) return NULL;
    uint8_t learner[4] = {0};
    for (int s = 0; s < cs_env_players(self->env); s++)
        learner[s] = (uint8_t)cs_env_is_learner(self->env, s);
    return index_list(learner, 4);
}

static PyObject *Env_get_n(EnvObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->n);
}

static PyMethodDef Env_methods[] = {
    {"reset", (PyCFunction)Env_reset, METH_VARARGS,
     "reset(seed, obs, mask, seat): every game afresh, each to its first learner decision"},
    {"step", (PyCFunction)Env_step, METH_VARARGS,
     "step(action, obs, mask, seat, reward, done): one action a game, on to the next decisions"},
    {"bind", (PyCFunction)Env_bind, METH_VARARGS,
     "bind(action, obs, mask, seat, reward, done): the arrays reset_bound and step_bound use"},
    {"reset_bound", (PyCFunction)Env_reset_bound, METH_O, "reset_bound(seed): reset into them"},
    {"step_bound", (PyCFunction)Env_step_bound, METH_NOARGS,
     "step_bound(): step with the bound arrays; returns done[0]"},
    {"last_game", (PyCFunction)Env_last_game, METH_VARARGS,
     "last_game(i): the last game slot i finished, as a dict, or None"},
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
              "a batch of games stepped by a learner (cs_env.h)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Env_init,
    .tp_dealloc = (destructor)Env_dealloc,
    .tp_methods = Env_methods,
    .tp_getset = Env_getset,
};

/* ---- State ---- */

typedef struct {
    PyObject_HEAD cs_env_state *st;
} StateObject;

static PyTypeObject StateType;

static void State_dealloc(StateObject *self) {
    cs_env_state_free(self->st);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int State_init(StateObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"rules", "set", "seed", "game", "reward", NULL};
    const char *rules = "two", *set = NULL, *reward = "win";
    unsigned long long seed = 0, game = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|zzKKs", names, &rules, &set, &seed, &game,
                                     &reward))
        return -1;
    int kind = reward_kind(reward);
    if (kind < 0) return -1;
    char err[CS_ENV_ERR_MAX] = "";
    cs_env_state_free(self->st);
    self->st = cs_env_state_new(rules, set, seed, game, kind, err, sizeof err);
    if (!self->st) {
        raise_err(CS_ECONFIG, err);
        return -1;
    }
    return 0;
}

static int State_ready(StateObject *self) {
    if (self->st) return 1;
    PyErr_SetString(PyExc_RuntimeError, "State was not created");
    return 0;
}

static PyObject *State_current(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    return PyLong_FromLong(cs_env_state_current(self->st));
}

static PyObject *State_legal(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    uint8_t mask[CS_ACT_COUNT];
    cs_env_state_legal(self->st, mask);
    return index_list(mask, CS_ACT_COUNT);
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

static PyObject *State_apply(StateObject *self, PyObject *args) {
    int a;
    if (!State_ready(self) || !PyArg_ParseTuple(args, "i", &a)) return NULL;
    int rc = cs_env_state_apply(self->st, a);
    if (rc == CS_EILLEGAL) {
        PyErr_Format(PyExc_ValueError, "action %d is not legal in this state", a);
        return NULL;
    }
    if (rc != CS_OK) return raise_err(rc, NULL);
    Py_RETURN_NONE;
}

static PyObject *State_observe(StateObject *self, PyObject *args) {
    int seat;
    PyObject *o;
    if (!State_ready(self) || !PyArg_ParseTuple(args, "iO", &seat, &o)) return NULL;
    if (seat < 0 || seat >= cs_env_state_players(self->st)) {
        PyErr_Format(PyExc_ValueError, "seat %d: the game has seats 0 to %d", seat,
                     cs_env_state_players(self->st) - 1);
        return NULL;
    }
    Py_buffer b;
    if (get_buffer(o, &b, 1, CS_OBS_SIZE, 1, "Bb?", "obs")) return NULL;
    cs_env_state_observe(self->st, seat, b.buf);
    PyBuffer_Release(&b);
    Py_RETURN_NONE;
}

static PyObject *State_returns(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    double r[4];
    cs_env_state_returns(self->st, r);
    int n = cs_env_state_players(self->st);
    PyObject *out = PyList_New(n);
    for (int s = 0; out && s < n; s++) PyList_SET_ITEM(out, s, PyFloat_FromDouble(r[s]));
    return out;
}

static PyObject *State_clone(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    StateObject *c = PyObject_New(StateObject, &StateType);
    if (!c) return NULL;
    c->st = cs_env_state_clone(self->st);
    if (!c->st) {
        Py_DECREF(c);
        return PyErr_NoMemory();
    }
    return (PyObject *)c;
}

static PyObject *State_simple(StateObject *self, PyObject *args, int what) {
    int seat = 0;
    if (!State_ready(self) || !PyArg_ParseTuple(args, "|i", &seat)) return NULL;
    switch (what) {
    case 0: return PyLong_FromLong(cs_env_state_seeded(self->st));
    case 1: return PyLong_FromUnsignedLong(cs_env_state_visibility(self->st));
    case 2: return PyUnicode_FromString(cs_env_state_phase(self->st));
    case 3: return PyLong_FromLong(cs_env_state_score(self->st, seat));
    case 4: return PyLong_FromLong(cs_env_state_players(self->st));
    default: {
        char buf[512];
        cs_env_state_describe(self->st, seat, buf, sizeof buf);
        return PyUnicode_FromString(buf);
    }
    }
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

static PyObject *State_game(StateObject *self, PyObject *unused) {
    (void)unused;
    if (!State_ready(self)) return NULL;
    uint64_t game;
    int fd, deals, winner;
    int16_t score[4];
    cs_env_state_game(self->st, &game, &fd, &deals, &winner, score);
    return game_dict(game, fd, deals, winner, score, cs_env_state_players(self->st));
}

static PyMethodDef State_methods[] = {
    {"current", (PyCFunction)State_current, METH_NOARGS, "the seat to act, -1 chance, -4 over"},
    {"legal", (PyCFunction)State_legal, METH_NOARGS, "the legal actions or chance outcomes"},
    {"mask", (PyCFunction)State_mask, METH_VARARGS, "mask(out): the legal actions as 53 bytes"},
    {"apply", (PyCFunction)State_apply, METH_VARARGS, "apply(action)"},
    {"observe", (PyCFunction)State_observe, METH_VARARGS, "observe(seat, out): OBS_SIZE bytes"},
    {"returns", (PyCFunction)State_returns, METH_NOARGS, "each seat's return"},
    {"clone", (PyCFunction)State_clone, METH_NOARGS, "an independent copy"},
    {"seeded", (PyCFunction)State_seeded, METH_VARARGS, "the seed's chance outcome here, or -1"},
    {"visibility", (PyCFunction)State_visibility, METH_VARARGS,
     "the seats that see the next action, a bit each"},
    {"phase", (PyCFunction)State_phase, METH_VARARGS, "the game's phase"},
    {"score", (PyCFunction)State_score, METH_VARARGS, "score(seat): the seat's side's score"},
    {"players", (PyCFunction)State_players, METH_VARARGS, "players at the table"},
    {"describe", (PyCFunction)State_describe, METH_VARARGS, "describe(seat): what it sees"},
    {"game", (PyCFunction)State_game, METH_NOARGS, "the game's record so far"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cribsim._core.State",
    .tp_basicsize = sizeof(StateObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "State(rules='two', set=None, seed=0, game=0, reward='win'): one game, every "
              "seat from outside, chance explicit",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)State_init,
    .tp_dealloc = (destructor)State_dealloc,
    .tp_methods = State_methods,
};

/* ---- Strategy ---- */

typedef struct {
    PyObject_HEAD cs_env_strategy *s;
} StrategyObject;

static void Strategy_dealloc(StrategyObject *self) {
    cs_env_strategy_free(self->s);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Strategy_init(StrategyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"spec", "allow_code", NULL};
    const char *spec;
    int allow_code = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|$p", names, &spec, &allow_code)) return -1;
    unsigned flags = spec_flags(allow_code);
    char err[CS_ENV_ERR_MAX] = "";
    cs_env_strategy_free(self->s);
    Py_BEGIN_ALLOW_THREADS self->s = cs_env_strategy_new_opts(spec, flags, err, sizeof err);
    Py_END_ALLOW_THREADS if (!self->s) {
        raise_err(CS_EUNKNOWN, err);
        return -1;
    }
    return 0;
}

static PyObject *Strategy_act(StrategyObject *self, PyObject *args) {
    StateObject *state;
    if (!self->s) return raise_err(CS_ESTATE, "Strategy was not created");
    if (!PyArg_ParseTuple(args, "O!", &StateType, &state)) return NULL;
    if (!state->st) return raise_err(CS_ESTATE, "State was not created");
    char err[CS_ENV_ERR_MAX] = "";
    int action = -1, rc;
    Py_BEGIN_ALLOW_THREADS rc = cs_env_strategy_act(self->s, state->st, &action, err, sizeof err);
    Py_END_ALLOW_THREADS if (rc != CS_OK) return raise_err(rc, err);
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
    .tp_doc = "Strategy(spec): a strategy deciding for a State",
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

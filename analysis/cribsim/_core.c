/*
 * _core.c - cribsim._core, the engine compiled into the Python package (plain CPython C API).
 *
 * Built only by the package's build (pyproject.toml: scikit-build-core runs CMakeLists.txt with
 * SKBUILD defined), linked with the static libraries that CMakeLists.txt lists in
 * CS_CORE_LIBRARIES (the engine and the strategies), never with HDF5: the module sits beside
 * h5py's own HDF5 in one process. For now it exposes the engine's scoring:
 *
 *     show_score(hand, starter, crib=False) -> int    the show, as `cribsim score`
 *     peg_score(pile) -> int                           the last card of a pile, as `cribsim peg`
 *     engine_version() -> str                          the project version the engine was built as
 *
 * Cards are text as the command line takes them ("5H", "10c", "td"); a bad card, a duplicate
 * or a wrong number of cards raises ValueError naming it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "cards.h"
#include "error.h"
#include "score.h"

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
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    "cribsim._core",
    "cribsim's engine, compiled in (analysis/cribsim/_core.c).",
    -1,
    core_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void) {
    return PyModule_Create(&core_module);
}

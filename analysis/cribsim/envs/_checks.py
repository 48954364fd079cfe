"""The environments' checks of what a caller passes: integers that are integers, in range, and
one call at a time.

An action, seed, seat or count is an int or a numpy integer (anything with `__index__`), never a
bool, a float or a string: 9.6, "9" and True are TypeErrors, not card 9 or card 1. A value out
of range is a ValueError naming it, before anything changes. Arrays of actions must have an
integer dtype and every value in range: nothing is cast to int32 silently (2**32 + 5 is not 5).
"""
from __future__ import annotations

import operator
import threading

import numpy as np

SEED_MAX = 2**64 - 1  # as `cribsim run --seed`
THREADS_MAX = 256     # as `cribsim run --threads`; 0 is every core


def integer(value, what: str, low: int, high: int) -> int:
    """value as an int, when it is an integer in [low, high]; TypeError or ValueError naming
    `what` otherwise."""
    if isinstance(value, (bool, np.bool_)) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{what}: an integer is needed, not {type(value).__name__} {value!r}")
    try:
        v = operator.index(value)
    except TypeError:  # an array of more than one value
        raise TypeError(f"{what}: an integer is needed, not {type(value).__name__} "
                        f"{value!r}") from None
    if not low <= v <= high:
        raise ValueError(f"{what} {v}: {low} to {high}")
    return v


def seed(value) -> int | None:
    """A seed, 0 to 2**64 - 1, or None."""
    return None if value is None else integer(value, "seed", 0, SEED_MAX)


def actions(values, n: int, count: int) -> np.ndarray:
    """One action a game for n games as int32: an integer array (or a sequence of integers) of
    shape (n,), every value 0 to count - 1."""
    if isinstance(values, np.ndarray):
        if values.dtype.kind not in "iu":
            raise TypeError(f"actions: an integer array is needed, not dtype {values.dtype}")
        a = values
    else:
        try:
            items = list(values)
        except TypeError:
            raise TypeError(f"actions: an array of {n} integers is needed, not "
                            f"{type(values).__name__}") from None
        a = np.array([integer(v, f"actions[{i}]", 0, count - 1) for i, v in enumerate(items)],
                     dtype=np.int64)
    if a.shape != (n,):
        raise ValueError(f"actions: shape {a.shape}, ({n},) needed")
    # mutate: equivalent BitOr_Add BitOr_BitXor: bool arrays add as `or`; never both true
    bad = (a < 0) | (a >= count)
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"actions[{i}] {a[i]}: 0 to {count - 1}")
    return np.ascontiguousarray(a, dtype=np.int32)


class Guard:
    """Refuses a second call while one runs (another thread's, or one made from inside the
    first) with RuntimeError: `with guard:` around each method of an object that may not be
    shared between threads. Nothing waits."""

    def __init__(self, what: str):
        self.lock = threading.Lock()
        self._what = what

    def refuse(self):
        raise RuntimeError(f"{self._what} is in use by another call (it may not be used by two "
                           f"threads at once)")

    def __enter__(self):
        if not self.lock.acquire(blocking=False):
            self.refuse()
        return self

    def __exit__(self, *exc):
        self.lock.release()
        return False

"""Cards and cribbage scoring for the analysis tools, vectorised with numpy.

The analysis reads card codes from run files (the file format's contract): code = 4 * rank + suit,
rank 0 = ace .. 12 = king, suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades, and 255 for
no card. This module turns codes into text and scores many show hands at once, so the report
can recompute every recorded hand and crib from its cards (a check on the file, and values for
deals the game ended before counting) and the datasets can say what a kept hand was worth.

It scores exactly as the engine does (engine/score.h): fifteens 2 each, pairs 2 each, runs
their length times their multiplicity, the flush rule with a minimum (a flush needs every hand
card in one suit; it scores the number of hand cards, plus one if the starter matches, but only
when that total reaches flush_min: 4 for four-card hands, 3 for three-card hands, 5 for the
crib), and nobs. Tests compare it with `cribsim score --batch` when the binary is present.
"""

import functools
import itertools

import numpy as np

NO_CARD = 255
RANKS = "A23456789TJQK"
SUITS = "CDHS"
JACK = 10


def card_text(code):
    """Text of one card code ("5H", "TC"); "--" for no card (255)."""
    code = int(code)
    if code == NO_CARD:
        return "--"
    if not 0 <= code < 52:
        raise ValueError(f"card code {code} is not 0..51 or 255")
    return RANKS[code // 4] + SUITS[code % 4]


def cards_text(codes):
    """Space-separated text of the cards in codes, skipping 255."""
    return " ".join(card_text(c) for c in codes if int(c) != NO_CARD)


def parse_card(text):
    """Card code of a card's text: rank A 2..9 T (or 10) J Q K, suit C D H S, either case."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"'{text}' is not a card (like 5H, TC, 10c, JS)")
    return 4 * RANKS.index(t[0]) + SUITS.index(t[1])


def rank(codes):
    """Ranks 0..12 of an array of card codes."""
    return np.asarray(codes) // 4


def suit(codes):
    """Suits 0..3 of an array of card codes."""
    return np.asarray(codes) % 4


def value(codes):
    """Counting values (ace 1, face cards 10) of an array of card codes."""
    return np.minimum(np.asarray(codes) // 4 + 1, 10)


@functools.lru_cache(maxsize=None)
def _subset_masks(n):
    """Every subset of n positions with at least two members, as a boolean (subsets, n) array
    (computed once per n; callers must not modify it)."""
    rows = []
    for k in range(2, n + 1):
        for combo in itertools.combinations(range(n), k):
            row = np.zeros(n, dtype=bool)
            row[list(combo)] = True
            rows.append(row)
    return np.array(rows)


# From this many rows on, _rank_points() looks the rank-only points up in a table of every
# multiset of ranks instead of computing them row by row (building the table costs about as
# much as computing this many rows).
TABLE_ROWS = 20000


@functools.lru_cache(maxsize=None)
def _rank_table(m):
    """Every multiset of m ranks in lexicographic order, as (codes, fifteens, pairs, runs):
    codes[i] is the base-13 number of the i-th sorted rank tuple (increasing, so it can be
    searched), the others its points. At most 6188 rows (multisets of five of 13 ranks)."""
    tuples = np.array(list(itertools.combinations_with_replacement(range(13), m)))
    codes = tuples @ (13 ** np.arange(m - 1, -1, -1))
    return (codes,) + _rank_points_direct(tuples * 4)


def _rank_points(cards):
    """Fifteens, pairs and runs of the cards in each row of a (N, m) code array."""
    n, m = cards.shape
    if n < TABLE_ROWS or m > 5:
        return _rank_points_direct(cards)
    codes, fifteens, pairs, runs = _rank_table(m)
    key = np.sort(cards // 4, axis=1) @ (13 ** np.arange(m - 1, -1, -1))
    idx = np.searchsorted(codes, key)
    return fifteens[idx], pairs[idx], runs[idx]


def _rank_points_direct(cards):
    """_rank_points() computed row by row (vectorised over rows)."""
    n, m = cards.shape
    ranks = cards // 4
    values = np.minimum(ranks + 1, 10)
    masks = _subset_masks(m)
    fifteens = 2 * np.sum((values @ masks.T) == 15, axis=1)

    pairs = np.zeros(n, dtype=np.int64)
    for i, j in itertools.combinations(range(m), 2):
        pairs += 2 * (ranks[:, i] == ranks[:, j])

    counts = np.zeros((n, 13), dtype=np.int64)
    for i in range(m):
        np.add.at(counts, (np.arange(n), ranks[:, i]), 1)
    runs = np.zeros(n, dtype=np.int64)
    for length in range(m, 2, -1):
        windows = np.lib.stride_tricks.sliding_window_view(counts, length, axis=1)
        found = length * windows.prod(axis=2).sum(axis=1)
        # Only the longest runs count: shorter ones lie inside them. Two separate runs need
        # six cards, and then both have length three and are both counted here.
        runs = np.where((runs == 0) & (found > 0), found, runs)
    return fifteens, pairs, runs


def _check_codes(a, what):
    if np.any((a < 0) | (a > 51)):
        raise ValueError(f"{what}: a card code is not 0..51")


# Rows scored at once: bounds the temporary arrays (a row's subset sums take 26 integers).
CHUNK = 1 << 18


def show_breakdown(hand, starter, flush_min):
    """Scores show hands, many at once.

    hand: (N, n) card codes with n = 3 or 4 (every card present); starter: (N,) codes.
    flush_min: 4 for four-card hands, 3 for three-card hands, 5 for the crib.
    Returns a dict of (N,) int arrays: fifteens, pairs, runs, flush, nobs, total.
    """
    hand = np.asarray(hand, dtype=np.int64)
    starter = np.asarray(starter, dtype=np.int64)
    if hand.ndim != 2 or hand.shape[1] not in (3, 4) or starter.shape != (hand.shape[0],):
        raise ValueError("show_breakdown needs hands of shape (N, 3 or 4) and starters (N,)")
    _check_codes(hand, "show_breakdown")
    _check_codes(starter, "show_breakdown")
    if len(hand) <= CHUNK:
        return _show_chunk(hand, starter, flush_min)
    parts = [_show_chunk(hand[i:i + CHUNK], starter[i:i + CHUNK], flush_min)
             for i in range(0, len(hand), CHUNK)]
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def _show_chunk(hand, starter, flush_min):
    cards = np.concatenate([hand, starter[:, None]], axis=1)
    n_hand = hand.shape[1]
    fifteens, pairs, runs = _rank_points(cards)
    ranks = cards // 4
    suits = cards % 4
    hand_suited = np.all(suits[:, :n_hand] == suits[:, :1], axis=1)
    flush_points = n_hand + (suits[:, n_hand] == suits[:, 0])
    flush = np.where(hand_suited & (flush_points >= flush_min), flush_points, 0)
    nobs = np.any((ranks[:, :n_hand] == JACK) & (suits[:, :n_hand] == suits[:, n_hand:n_hand + 1]),
                  axis=1).astype(np.int64)
    total = fifteens + pairs + runs + flush + nobs
    return {"fifteens": fifteens, "pairs": pairs, "runs": runs, "flush": flush, "nobs": nobs,
            "total": total}


def static_points(hand, flush_min):
    """Points of cards on their own, without a starter (what a kept hand is sure to score):
    fifteens, pairs, runs, and a flush of all n cards when n >= flush_min. hand: (N, n) codes,
    n >= 1. Returns (N,) ints."""
    hand = np.asarray(hand, dtype=np.int64)
    if hand.ndim != 2 or hand.shape[1] < 1:
        raise ValueError("static_points needs hands of shape (N, n)")
    _check_codes(hand, "static_points")
    fifteens, pairs, runs = _rank_points(hand) if hand.shape[1] > 1 else (0, 0, 0)
    suits = hand % 4
    n = hand.shape[1]
    flush = np.where(np.all(suits == suits[:, :1], axis=1) & (n >= flush_min), n, 0)
    return fifteens + pairs + runs + flush


def show_score(hand, starter, flush_min):
    """Totals of show_breakdown(): (N,) int array."""
    return show_breakdown(hand, starter, flush_min)["total"]


def peg_points(pile, card):
    """Points for laying `card` on `pile` (the current series, in order): 15 and 31 for 2,
    pairs 2/6/12, runs of three or more their length. The go is not included."""
    cards = [int(c) for c in pile] + [int(card)]
    count = sum(min(c // 4 + 1, 10) for c in cards)
    if count > 31:
        raise ValueError(f"{cards_text(cards)} counts {count}, over 31")
    points = 2 if count in (15, 31) else 0
    ranks = [c // 4 for c in cards]
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for length in range(len(ranks), 2, -1):
        tail = ranks[-length:]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            points += length
            break
    return points

"""Trains the model the `model` strategy plays (strategies/builtin/model.h) from a discard
and a play dataset, and writes it as a model file (docs/model-format.md).

    cribsim-dataset RUN.h5 --kind discard --strategy SPEC -o discards.npz
    cribsim-dataset RUN.h5 --kind play --strategy SPEC -o plays.npz
    cribsim-train-model discards.npz plays.npz -o my.model [--seed S]

The model imitates the strategy whose decisions the datasets hold (the teacher: give
dataset.py --strategy so they hold one). For each decision every candidate (a way to lay cards
away, or a card that fits) is described by the features model.h lists, which this script
computes exactly as the C code does; a conditional logit (a softmax over the decision's
candidates of a linear score) is fitted to the teacher's choices by full-batch Adam on
standardised features, and the weights, scaled back to the raw features, are what the file
holds. The strategy then plays the candidate with the highest score.

The Python features assume the standard flush rules (a hand flush needs every kept card, a
crib flush all five), as dataset.py's rows do not carry the rules: train on such data.

Games whose index is a multiple of 5 are held out: the script prints how often the model
picks the teacher's choice on them (decisions with one candidate are left out of the play).
Same datasets and seed give a byte-identical file (the seed picks the rows --max-rows
keeps; the fit itself has no randomness, and BLAS runs on one thread).

Exit status 2 for a file that is not a dataset of the right kind, an output that exists
(without --force) or a bad option.
"""

import os

# One BLAS thread: the same sums in the same order on every run (the byte-identical promise).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import functools  # noqa: E402
import itertools  # noqa: E402
import struct  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import zipfile  # noqa: E402
import zlib  # noqa: E402

import numpy as np  # noqa: E402

from ..io import cards  # noqa: E402
from ..io import cliio  # noqa: E402

NO_CARD = 255
MAGIC = b"CSMODEL\n"
VERSION = 1
NAME_LEN = 24
NOTE_MAX = 1024
# The feature sets, in the order model.c computes them (model.h documents each).
DISCARD_FEATURES = ("kept_expected", "crib_expected", "crib_pair", "crib_fifteen", "crib_sum_five", "crib_fives",
                    "crib_jacks", "crib_near", "crib_suited", "crib_value", "kept_fives",
                    "kept_low")
PLAY_FEATURES = ("points", "reply_threat", "reply_scores", "reply_fits", "count_after", "card_value",
                 "lead_low", "can_follow", "keep_same")
DISCARD_COLUMNS = ("game", "dealt", "discard", "choice", "own_crib")
PLAY_COLUMNS = ("game", "hand", "kept", "discard", "starter", "pile", "history", "history_seat",
                "count", "slot")


class TrainError(cliio.BadInput):
    """Bad input: a file that is not the dataset it should be, or a bad option."""


def load(path, columns, kind):
    """The named columns of a dataset.py .npz (any integer widths: cast here). Refuses a file
    that is missing, unreadable, lacks a column, or has no rows."""
    if not path.endswith(".npz"):
        raise TrainError(f"{path}: give a .npz dataset (dataset.py -o NAME.npz)")
    try:
        with np.load(path, allow_pickle=False) as z:
            missing = [c for c in columns if c not in z.files]
            if missing:
                raise TrainError(f"{path} is not a {kind} dataset (no column "
                                 f"{', '.join(missing)}); make one with dataset.py --kind {kind}")
            data = {c: np.asarray(z[c]) for c in columns}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile, zlib.error) as e:
        raise TrainError(f"{path}: cannot read a dataset: {e}")
    if len(data["game"]) == 0:
        raise TrainError(f"{path} has no rows")
    return {c: v.astype(np.int64) if v.dtype.kind in "iub" else v for c, v in data.items()}


# ---- discard features ----

def _expected_show(kept, dealt):
    """(rows,) mean show of each kept hand over every starter not among its dealt cards (the
    C side's cs_hand_expect over the pool 52 - dealt); flush minimum: the kept hand's size."""
    rows, k = kept.shape
    deck = np.arange(52)
    out = np.zeros(rows)
    step = 400
    for lo in range(0, rows, step):
        hi = min(rows, lo + step)
        hand = np.repeat(kept[lo:hi], 52, axis=0)
        start = np.tile(deck, hi - lo)
        # The show of a hand with a starter among its own cards is never used (masked below);
        # give it some other card so the scorer sees five distinct cards.
        clash = np.any(hand == start[:, None], axis=1)
        start = np.where(clash, (start + 1) % 52, start)
        clash = np.any(hand == start[:, None], axis=1)
        while clash.any():
            start = np.where(clash, (start + 1) % 52, start)
            clash = np.any(hand == start[:, None], axis=1)
        scores = cards.show_score(hand, start, k).reshape(hi - lo, 52).astype(float)
        allowed = ~np.any(deck[None, :, None] == dealt[lo:hi, None, :], axis=2)
        out[lo:hi] = (scores * allowed).sum(axis=1) / allowed.sum(axis=1)
    return out


def _crib_mean(toss, flush_min):
    """Mean crib show when `toss` (card codes) are laid away and the crib's other cards and
    the starter are every set of the rest of the deck, each starter in turn (handvalue.h's
    crib model, which C tabulates; a test holds the two equal)."""
    rest = np.array([c for c in range(52) if c not in toss])
    n_other = 4 - len(toss)
    sets = rest[np.array(list(itertools.combinations(range(len(rest)), n_other + 1)))]
    hands, starters = [], []
    for k in range(n_other + 1):
        others = [i for i in range(n_other + 1) if i != k]
        hands.append(np.column_stack([np.tile(np.array(toss), (len(sets), 1)), sets[:, others]]))
        starters.append(sets[:, k])
    return float(cards.show_score(np.concatenate(hands), np.concatenate(starters),
                                  flush_min).mean())


@functools.lru_cache(maxsize=None)
def crib_table(n_toss, flush_min=5):
    """E[crib] by the tossed ranks: [13] for one card, [13][13][2] (ranks, same suit) for two."""
    if n_toss == 1:
        return np.array([_crib_mean((4 * r,), flush_min) for r in range(13)])
    table = np.zeros((13, 13, 2))
    for a in range(13):
        for b in range(a, 13):
            for same in ((0, 1) if a != b else (0,)):
                v = _crib_mean((4 * a, 4 * b + (0 if same else 1)), flush_min)
                table[a, b, same] = table[b, a, same] = v
    return table


def discard_features(data):
    """(rows, candidates, features) and (rows,) chosen candidate for a discard dataset."""
    dealt = data["dealt"]
    n_dealt = int(np.sum(dealt[0] != NO_CARD))
    n_toss = int(np.sum(data["discard"][0] != NO_CARD))
    if (np.any(np.sum(dealt != NO_CARD, axis=1) != n_dealt)
            or np.any(np.sum(data["discard"] != NO_CARD, axis=1) != n_toss)):
        raise TrainError("rows dealt or laid away different numbers of cards: give one rule "
                         "variant")
    dealt = dealt[:, :n_dealt]
    combos = list(itertools.combinations(range(n_dealt), n_toss))
    s = np.where(data["own_crib"] == 1, 1.0, -1.0)
    x = np.zeros((len(dealt), len(combos), len(DISCARD_FEATURES)))
    for j, combo in enumerate(combos):
        kept = dealt[:, [i for i in range(n_dealt) if i not in combo]]
        toss = dealt[:, list(combo)]
        tr, tv = toss // 4, np.minimum(toss // 4 + 1, 10)
        x[:, j, 0] = _expected_show(kept, dealt)
        if n_toss == 2:
            same = (toss[:, 0] % 4 == toss[:, 1] % 4).astype(np.int64)
            x[:, j, 1] = s * crib_table(2)[tr[:, 0], tr[:, 1], same]
            total = tv.sum(axis=1)
            gap = np.abs(tr[:, 0] - tr[:, 1])
            x[:, j, 2] = s * (tr[:, 0] == tr[:, 1])
            x[:, j, 3] = s * (total == 15)
            x[:, j, 4] = s * (total == 5)
            x[:, j, 7] = s * ((gap == 1) | (gap == 2))
            x[:, j, 8] = s * same
        else:
            x[:, j, 1] = s * crib_table(1)[tr[:, 0]]
        x[:, j, 5] = s * np.sum(tr == 4, axis=1)
        x[:, j, 6] = s * np.sum(tr == 10, axis=1)
        x[:, j, 9] = s * tv.sum(axis=1) / 10.0
        x[:, j, 10] = np.sum(kept // 4 == 4, axis=1)
        x[:, j, 11] = np.sum(np.minimum(kept // 4 + 1, 10) <= 4, axis=1)
    choice = data["choice"]
    if np.any((choice < 0) | (choice >= len(combos))):
        raise TrainError("a row's choice is not one of its candidate discards")
    return x, choice, np.ones(x.shape[:2], dtype=bool)


# ---- play features ----

def _value(rank):
    return min(rank + 1, 10)


@functools.lru_cache(maxsize=None)
def _gain(pile, rank):
    """Points for a card of `rank` laid on a series of ranks `pile` (fits under 31)."""
    return cards.peg_points([r * 4 for r in pile], rank * 4)


@functools.lru_cache(maxsize=None)
def _chance(total, hits, k):
    """The chance that k cards drawn from `total` include one of `hits`: model.c's product."""
    miss = 1.0
    for j in range(k):
        miss *= 0.0 if total - hits - j <= 0 else (total - hits - j) / (total - j)
    return 1.0 - miss


def _play_candidate(pile, count, hand, i, unseen, held):
    """The features of laying hand[i] (a code) on pile (ranks) at count, the next seat holding
    `held` cards, in model.c's order and arithmetic."""
    rank = hand[i] // 4
    value = _value(rank)
    f = [0.0] * len(PLAY_FEATURES)
    f[0] = _gain(pile, rank)
    after = count + value
    new_pile, new_count = ((), 0) if after == 31 else (pile + (rank,), after)
    total = sum(unseen)
    held = min(held, total)
    any_ = fit = 0
    for r in range(13):
        if unseen[r] == 0 or new_count + _value(r) > 31:
            continue
        g = _gain(new_pile, r)
        f[1] += _chance(total, unseen[r], held) * g
        any_ += unseen[r] if g > 0 else 0
        fit += unseen[r]
    f[2], f[3] = _chance(total, any_, held), _chance(total, fit, held)
    f[4] = after / 31.0
    f[5] = value / 10.0
    f[6] = float(len(pile) == 0 and value <= 4)
    for k, c in enumerate(hand):
        if k == i:
            continue
        if after < 31 and after + _value(c // 4) <= 31:
            f[7] = 1.0
        if c // 4 == rank:
            f[8] = 1.0
    return f


def play_features(data):
    """(rows, 4, features), (rows,) chosen candidate and (rows, 4) mask of real candidates,
    for the play decisions with more than one card that fits."""
    feats, choices, masks = [], [], []
    for h, kept, disc, st, pile, hist, hseat, count, slot in zip(
            data["hand"].tolist(), data["kept"].tolist(), data["discard"].tolist(),
            data["starter"].tolist(), data["pile"].tolist(), data["history"].tolist(),
            data["history_seat"].tolist(), data["count"].tolist(), data["slot"].tolist()):
        hand = [c for c in h if c != NO_CARD]
        legal = [i for i, c in enumerate(hand) if count + _value(c // 4) <= 31]
        if slot not in legal:
            raise TrainError(f"a play row lays hand slot {slot}, which does not fit")
        if len(legal) < 2:
            continue
        seen = {c for c in kept + hand + disc + [st] + hist if c != NO_CARD}
        unseen = [4] * 13
        for c in seen:
            unseen[c // 4] -= 1
        ranks = tuple(c // 4 for c in pile if c != NO_CARD)
        # The next seat's cards left: its hand less what it has laid this deal.
        held = sum(1 for c in kept if c != NO_CARD) - sum(
            1 for c, s in zip(hist, hseat) if c != NO_CARD and s == 1)
        rows = [_play_candidate(ranks, count, hand, i, unseen, held) for i in legal]
        rows += [[0.0] * len(PLAY_FEATURES)] * (4 - len(rows))
        feats.append(rows)
        choices.append(legal.index(slot))
        masks.append([True] * len(legal) + [False] * (4 - len(legal)))
    if not feats:
        raise TrainError("the play dataset has no decision with a choice")
    return np.array(feats), np.array(choices), np.array(masks)


# ---- the fit ----

def fit(x, y, mask, steps, rate=0.05, l2=1e-4):
    """Conditional logit on x (rows, candidates, features) with candidates mask; returns the
    weights on the raw features."""
    real = x[mask]
    mean, sd = real.mean(axis=0), real.std(axis=0)
    sd[sd == 0] = 1.0
    xs = np.where(mask[:, :, None], (x - mean) / sd, 0.0)
    onehot = np.zeros(mask.shape)
    onehot[np.arange(len(y)), y] = 1.0
    w = np.zeros(x.shape[2])
    m, v = np.zeros_like(w), np.zeros_like(w)
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, steps + 1):
        z = np.where(mask, xs @ w, -np.inf)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("rc,rcf->f", p - onehot, xs) / len(y) + l2 * w
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        w -= rate * (m / (1 - b1 ** t)) / (np.sqrt(v / (1 - b2 ** t)) + eps)
    return w / sd


def agreement(w, x, y, mask):
    """Share of decisions where the highest score (first on ties) is the teacher's choice."""
    scores = np.where(mask, x @ w, -np.inf)
    return float(np.mean(np.argmax(scores, axis=1) == y))


# ---- the file ----

def model_bytes(discard_w, play_w, note):
    """A model file's bytes (docs/model-format.md)."""
    note_b = note.encode("ascii")
    if len(note_b) > NOTE_MAX or any(b < 0x20 or b > 0x7E for b in note_b):
        raise TrainError(f"the note must be at most {NOTE_MAX} printable ASCII characters")
    out = bytearray(MAGIC)
    out += struct.pack("<IIII", VERSION, len(DISCARD_FEATURES), len(PLAY_FEATURES), len(note_b))
    for name in DISCARD_FEATURES + PLAY_FEATURES:
        out += name.encode("ascii").ljust(NAME_LEN, b"\0")
    out += struct.pack(f"<{len(discard_w)}d", *discard_w)
    out += struct.pack(f"<{len(play_w)}d", *play_w)
    out += note_b
    out += struct.pack("<I", zlib.crc32(bytes(out)))
    return bytes(out)


def read_model(path):
    """(discard weights, play weights, note) of a model file written by model_bytes(), with
    the checks of model_file.c (for tests and the evaluation)."""
    with open(path, "rb") as f:
        b = f.read()
    if b[:8] != MAGIC or len(b) < 28:
        raise TrainError(f"{path} is not a model file")
    version, nd, npl, nn = struct.unpack("<IIII", b[8:24])
    if version != VERSION or (nd, npl) != (len(DISCARD_FEATURES), len(PLAY_FEATURES)):
        raise TrainError(f"{path}: version {version} with {nd}/{npl} features is not this "
                         "feature set")
    size = 24 + (nd + npl) * (NAME_LEN + 8) + nn + 4
    if len(b) != size or struct.unpack("<I", b[-4:])[0] != zlib.crc32(b[:-4]):
        raise TrainError(f"{path} is truncated or corrupt")
    at = 24 + (nd + npl) * NAME_LEN
    w = struct.unpack(f"<{nd + npl}d", b[at:at + 8 * (nd + npl)])
    return np.array(w[:nd]), np.array(w[nd:]), b[at + 8 * (nd + npl):-4].decode("ascii")


def subsample(n, max_rows, rng):
    """Sorted indices of at most max_rows of n rows (all when max_rows is 0)."""
    if not max_rows or n <= max_rows:
        return np.arange(n)
    return np.sort(rng.choice(n, max_rows, replace=False))


def train(discard_path, play_path, seed=1, max_rows=0, steps=300, note=""):
    """Fits both parts; returns (file bytes, report lines)."""
    rng = np.random.default_rng(seed)
    lines = []
    weights = []
    for kind, path, columns, features in (
            ("discard", discard_path, DISCARD_COLUMNS, discard_features),
            ("play", play_path, PLAY_COLUMNS, play_features)):
        data = load(path, columns, kind)
        keep = subsample(len(data["game"]), max_rows, rng)
        data = {c: v[keep] for c, v in data.items()}
        start = time.perf_counter()
        x, y, mask = features(data)
        if kind == "play":
            games = np.array([g for g, h, c in zip(data["game"].tolist(), data["hand"].tolist(),
                                                   data["count"].tolist())
                              if sum(1 for k in h if k != NO_CARD and c + _value(k // 4) <= 31)
                              > 1])
        else:
            games = data["game"]
        test = games % 5 == 0
        if test.all() or not test.any():
            raise TrainError(f"{path}: too few games to hold one in five out")
        w = fit(x[~test], y[~test], mask[~test], steps)
        weights.append(w)
        names = DISCARD_FEATURES if kind == "discard" else PLAY_FEATURES
        lines.append(f"{kind}: {int((~test).sum())} decisions to train, {int(test.sum())} held "
                     f"out; the teacher's choice on {100 * agreement(w, x[test], y[test], mask[test]):.1f}% "
                     f"of those held out ({time.perf_counter() - start:.1f} s)")
        lines.append(f"  weights: " + ", ".join(f"{n} {v:+.4g}" for n, v in zip(names, w)))
    return model_bytes(weights[0], weights[1], note), lines


@cliio.tool("train_model.py")
def main(argv=None):
    p = argparse.ArgumentParser(description="Train the model strategy's model file from a "
                                "discard and a play dataset.")
    p.add_argument("discard", metavar="DISCARD.npz", help="dataset.py --kind discard")
    p.add_argument("play", metavar="PLAY.npz", help="dataset.py --kind play")
    p.add_argument("-o", "--output", required=True, metavar="FILE.model")
    p.add_argument("--seed", type=int, default=1, help="picks the rows --max-rows keeps")
    p.add_argument("--max-rows", type=int, default=0, metavar="N",
                   help="use at most N rows of each dataset (default 0: all)")
    p.add_argument("--steps", type=int, default=300, help="Adam steps (default 300)")
    p.add_argument("--note", default="", help="text to keep in the file (what made it)")
    p.add_argument("--force", action="store_true", help="replace the output if it exists")
    args = p.parse_args(argv)
    if args.max_rows < 0 or args.steps < 1:
        raise TrainError("--max-rows must be 0 or more and --steps 1 or more")
    cliio.check_output(args.output, args.force)  # before the work, not after it
    start = time.perf_counter()
    blob, lines = train(args.discard, args.play, args.seed, args.max_rows, args.steps,
                        args.note)
    cliio.write_bytes(args.output, blob, args.force)
    for line in lines:
        print(cliio.printable(line))
    print(cliio.printable(f"wrote {args.output} ({len(blob)} bytes) in "
                          f"{time.perf_counter() - start:.1f} s"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

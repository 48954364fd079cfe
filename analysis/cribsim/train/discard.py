"""Trains a small discard model on a discard dataset, with numpy alone, and reports how often
it makes the same discard as the strategy that made the data.

    cribsim-dataset RUN.h5 --kind discard -o discards.npz
    cribsim-train-discard discards.npz [--strategy NAME] [--max-rows N]

The model is a conditional logit (a softmax over the candidate discards of each decision):
each candidate, the cards laid away from the cards dealt, is described by a few features, the
model scores it with a weight vector, and the probability of choosing it is the softmax of the
scores over the decision's candidates. Training minimises the negative log-likelihood of the
strategy's choices (with a small L2 penalty) by full-batch gradient descent with Adam.

Features of a candidate (crib sign s = +1 when the crib is the seat's side's, -1 otherwise):
  kept_static    points the kept cards score on their own
  kept_expected  mean show score of the kept cards over every starter not among the dealt
  crib_static*s  points the discarded cards score together (a pair, a fifteen)
  crib_fives*s   fives laid away;  crib_jacks*s  jacks laid away (nobs in the crib)
  crib_near*s    discarded ranks one or two apart (run chances);  crib_value*s  their values
  kept_fives     fives kept;  kept_suits  suits among the kept cards (fewer: flush chances)
  order          the candidate's place in the list (strategies break ties by it)

Decisions are split by game: games whose index is a multiple of 5 are the test set (so no
game's deals are in both). For each strategy in the data (or the one named) the script prints
the rows, the test accuracy of the model, and of three baselines on the same test rows: a
uniform guess (1 over the candidates), keeping the best cards on their own, and keeping the
best expected hand. Exit status 2 for a file that is not a discard dataset.
"""

import argparse
import itertools
import sys

import numpy as np

from ..io import cards
from ..io import cliio
from ..io import dataset

NO_CARD = 255
FEATURES = ("kept_static", "kept_expected", "crib_static", "crib_fives", "crib_jacks",
            "crib_near", "crib_value", "kept_fives", "kept_suits", "order")
REQUIRED = ("game", "strategy", "dealt", "discard", "choice", "own_crib")


class DatasetError(Exception):
    """A file that is not a usable discard dataset."""


def candidates(n_dealt, n_discard):
    """The candidate discards: combinations of dealt positions, in the dataset's `choice`
    order (itertools.combinations)."""
    return list(itertools.combinations(range(n_dealt), n_discard))


def _expected_show(kept, dealt, chunk=20000):
    """(rows,) mean show score of each kept hand over every starter not among its dealt
    cards. kept (rows, k) codes, dealt (rows, d) codes (255 padding allowed)."""
    rows, k = kept.shape
    flush_min = k
    out = np.zeros(rows)
    deck = np.arange(52)
    for lo in range(0, rows, max(1, chunk // 52)):
        hi = min(rows, lo + max(1, chunk // 52))
        kk = np.repeat(kept[lo:hi], 52, axis=0)
        st = np.tile(deck, hi - lo)
        scores = cards.show_score(kk, st, flush_min).reshape(hi - lo, 52).astype(float)
        allowed = ~np.any(deck[None, :, None] == dealt[lo:hi, None, :], axis=2)
        out[lo:hi] = (scores * allowed).sum(axis=1) / allowed.sum(axis=1)
    return out


def features(data):
    """(rows, candidates, features) feature array and (rows,) index of the chosen candidate
    for a discard dataset (dict of arrays from dataset.read())."""
    dealt = np.asarray(data["dealt"], dtype=np.int64)
    n_dealt = int(np.sum(dealt[0] != NO_CARD))
    n_discard = int(np.sum(np.asarray(data["discard"])[0] != NO_CARD))
    if np.any(np.sum(dealt != NO_CARD, axis=1) != n_dealt):
        raise DatasetError("rows dealt different numbers of cards: give one rule variant")
    combos = candidates(n_dealt, n_discard)
    sign = np.where(np.asarray(data["own_crib"]) == 1, 1.0, -1.0)
    rows = len(dealt)
    feats = np.zeros((rows, len(combos), len(FEATURES)))
    for j, combo in enumerate(combos):
        keep_pos = [i for i in range(n_dealt) if i not in combo]
        kept = dealt[:, keep_pos]
        disc = dealt[:, list(combo)]
        kr, dr = kept // 4, disc // 4
        dv = cards.value(disc)
        feats[:, j, 0] = cards.static_points(kept, kept.shape[1])
        feats[:, j, 1] = _expected_show(kept, dealt)
        feats[:, j, 2] = sign * (cards.static_points(disc, 5) if n_discard > 1 else 0)
        feats[:, j, 3] = sign * np.sum(dr == 4, axis=1)
        feats[:, j, 4] = sign * np.sum(dr == cards.JACK, axis=1)
        if n_discard > 1:
            feats[:, j, 5] = sign * np.isin(np.abs(dr[:, 0] - dr[:, -1]), (1, 2))
        feats[:, j, 6] = sign * dv.sum(axis=1)
        feats[:, j, 7] = np.sum(kr == 4, axis=1)
        feats[:, j, 8] = np.array([len(set(r)) for r in (kept % 4).tolist()])
        feats[:, j, 9] = j / len(combos)
    choice = np.asarray(data["choice"], dtype=np.int64)
    if np.any((choice < 0) | (choice >= len(combos))):
        raise DatasetError("a row's choice is not one of its candidate discards")
    return feats, choice


def _softmax(scores):
    z = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def train(x, y, steps=400, rate=0.1, l2=1e-4):
    """Fits the conditional logit: x (rows, candidates, features) standardised inside, y the
    chosen candidates. Returns (weights, mean, sd) to apply with predict()."""
    flat = x.reshape(-1, x.shape[2])
    mean, sd = flat.mean(axis=0), flat.std(axis=0)
    sd[sd == 0] = 1.0
    xs = (x - mean) / sd
    w = np.zeros(x.shape[2])
    m, v = np.zeros_like(w), np.zeros_like(w)
    b1, b2, eps = 0.9, 0.999, 1e-8
    onehot = np.zeros(x.shape[:2])
    onehot[np.arange(len(y)), y] = 1.0
    for t in range(1, steps + 1):
        p = _softmax(xs @ w)
        grad = np.einsum("rc,rcf->f", p - onehot, xs) / len(y) + l2 * w
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        w -= rate * (m / (1 - b1 ** t)) / (np.sqrt(v / (1 - b2 ** t)) + eps)
    return w, mean, sd


def predict(model, x):
    """The candidate the model scores highest for each row."""
    w, mean, sd = model
    return np.argmax(((x - mean) / sd) @ w, axis=1)


def evaluate(data, max_rows=None, seed=1):
    """Trains and tests one model per strategy in the data. Returns a list of dicts: strategy,
    train, test (rows), model, uniform, best_static, best_expected (test accuracies) and
    weights (feature name -> weight on standardised features)."""
    strategies = np.asarray(data["strategy"]).astype(str)
    games = np.asarray(data["game"], dtype=np.int64)
    results = []
    for name in dict.fromkeys(strategies.tolist()):
        idx = np.flatnonzero(strategies == name)
        if max_rows and len(idx) > max_rows:
            idx = np.sort(np.random.default_rng(seed).choice(idx, max_rows, replace=False))
        sub = {k: np.asarray(v)[idx] for k, v in data.items()}
        x, y = features(sub)
        test = games[idx] % 5 == 0
        if test.all() or not test.any():
            raise DatasetError(f"strategy '{name}': too few games to split into training and "
                               "test sets")
        model = train(x[~test], y[~test])
        xt, yt = x[test], y[test]
        results.append({
            "strategy": name, "train": int((~test).sum()), "test": int(test.sum()),
            "model": float(np.mean(predict(model, xt) == yt)),
            "uniform": 1.0 / x.shape[1],
            "best_static": float(np.mean(np.argmax(xt[:, :, 0], axis=1) == yt)),
            "best_expected": float(np.mean(np.argmax(xt[:, :, 1], axis=1) == yt)),
            "weights": dict(zip(FEATURES, model[0].round(3).tolist())),
        })
    return results


def load(path):
    """Reads a discard dataset (dataset.py's .csv or .npz) and checks its columns."""
    try:
        data = dataset.read(path)
    except (OSError, ValueError, KeyError) as e:
        raise DatasetError(f"{path}: cannot read a dataset: {e}")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise DatasetError(f"{path} is not a discard dataset (no column "
                           f"{', '.join(missing)}); make one with dataset.py --kind discard")
    if len(data["game"]) == 0:
        raise DatasetError(f"{path} has no rows")
    return data


def main(argv=None):
    p = argparse.ArgumentParser(description="Train a numpy discard model on a discard dataset "
                                "and report its accuracy against the strategy that made it.")
    p.add_argument("file", metavar="DATASET", help="from dataset.py --kind discard (.csv/.npz)")
    p.add_argument("--strategy", help="only this strategy's decisions")
    p.add_argument("--max-rows", type=int, default=20000, metavar="N",
                   help="sample at most N decisions per strategy (default 20000; 0: all)")
    args = p.parse_args(argv)
    try:
        data = load(args.file)
        if args.strategy:
            keep = np.asarray(data["strategy"]).astype(str) == args.strategy
            if not keep.any():
                raise DatasetError(f"{args.file}: no decisions by '{args.strategy}'")
            data = {k: np.asarray(v)[keep] for k, v in data.items()}
        results = evaluate(data, args.max_rows or None)
    except DatasetError as e:
        print(cliio.printable(f"train_discard.py: error: {e}"), file=sys.stderr)
        return 2
    print(f"{'strategy':<24} {'train':>7} {'test':>6} {'model':>7} {'uniform':>8} "
          f"{'best alone':>10} {'best expected':>13}")
    for r in results:
        print(f"{cliio.printable(r['strategy']):<24} {r['train']:>7} {r['test']:>6} {100 * r['model']:>6.1f}% "
              f"{100 * r['uniform']:>7.1f}% {100 * r['best_static']:>9.1f}% "
              f"{100 * r['best_expected']:>12.1f}%")
    for r in results:
        print(f"weights for {cliio.printable(r['strategy'])}: " +
              ", ".join(f"{k} {v:+.3f}" for k, v in r["weights"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

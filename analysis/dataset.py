#!/usr/bin/python3
"""Datasets for machine learning from cribsim run files: one row per decision.

    analysis/dataset.py FILE.h5 --kind discard|play -o OUT.csv|OUT.npz [--strategy NAME]
                        [--max-games N]

`discard` gives one row per seat per deal (the discard to the crib), `play` one row per card
laid in the play. Each row says what the seat knew when it decided (its cards, its position,
the scores, the pile), what it chose, and what followed (the points its hand and the crib made,
its pegging in the deal, and the game's result for its side). analysis/DATASETS.md documents
every column. The file must record deals (/deals); exit status 2 otherwise, or for a file that
is not a cribsim run, or an output name that ends in neither .csv nor .npz.

Output: .csv writes a header and one line per row, array columns flattened to name_0,
name_1, ...; .npz (numpy.savez_compressed) keeps each column as one array, two-dimensional for
the array columns, and adds `schema` (the names of the columns, in order) and `source` (the
run file's path and git commit).

Values the play does not reveal are reconstructed from the record: the count and the pile of
the current series (a new series starts after a 31, and before a card that would take the
count past 31: the count goes back to zero only when no one can play, so the card led next
could not have fitted), and each side's score at the moment of a decision (the score before
the deal, plus the start bonus and his heels, plus the points pegged so far).
"""

import argparse
import itertools
import os
import re
import sys

import numpy as np
import pandas as pd

import cards
import cliio
import cribsim_data
import metrics

NO_CARD = 255
MAX_PLAYS = 16  # every card of four hands of four: the /deals play arrays
# Cards in a series before a play: a series counts at most 31, and its 13 smallest cards (four
# aces, four twos, four threes and a four) already count 28, so it holds at most 13 cards and
# at most 12 lie on the pile when a card is laid.
MAX_PILE = 12


def _side_scores_before(run):
    """(deals, players): each seat's side's score before the deal's discard: the score after
    the previous deal of the game (0 at the first deal) plus the start bonus the deal gave."""
    d = run.deals
    n = run.players
    score = d["score"][:, :n].astype(np.int64)
    before = np.zeros_like(score)
    same_game = np.zeros(len(d), dtype=bool)
    same_game[1:] = d["game"][1:] == d["game"][:-1]
    before[1:][same_game[1:]] = score[:-1][same_game[1:]]
    bonus = d["bonus"][:, :n].astype(np.int64) if "bonus" in d.dtype.names else 0 * score
    side = np.asarray(run.side_of_seat(np.arange(n)))
    side_bonus = np.stack([bonus[:, side == side[s]].sum(axis=1) for s in range(n)], axis=1)
    return before + side_bonus


def _game_rows(run):
    """(deals,) the /games row of each deal's game."""
    rows = np.searchsorted(run.games["game"], run.deals["game"])
    if np.any(rows >= run.n_games) or np.any(run.games["game"][np.minimum(
            rows, run.n_games - 1)] != run.deals["game"]):
        raise cribsim_data.CribsimFileError(f"{run.path}: a deal belongs to no complete game")
    return rows


def _outcome(run, game_rows, seat):
    """(result, margin) per deal for a seat: its side's game result (1 win, 0 loss, shared
    in a tie) and final score minus the best other side's."""
    side = int(run.side_of_seat(seat))
    res = run.side_results()[game_rows, side]
    scores = run.side_scores()[game_rows]
    others = np.delete(scores, side, axis=1).max(axis=1)
    return res, scores[:, side] - others


def _relative(values, seat, n):
    """(rows, 4) values of seats seat, seat+1, ... (mod n) from a (rows, n) array, -1 past n."""
    out = np.full((len(values), 4), -1, dtype=np.int64)
    for k in range(n):
        out[:, k] = values[:, (seat + k) % n]
    return out


def discard_rows(run):
    """The discard dataset of a run as a dict of numpy arrays (see DATASETS.md)."""
    d = run.deals
    n = run.players
    dealt_n = int(run.rules["cards_dealt"])
    disc_n = int(run.rules["discards"])
    keep_n = dealt_n - disc_n
    hands, crib = metrics.kept_hands(run)
    hand_vals, crib_vals = metrics.show_values(run)
    game_rows = _game_rows(run)
    before = _side_scores_before(run)
    entry = run.seat_entry()[game_rows]
    side = np.asarray(run.side_of_seat(np.arange(n)))
    dealer = d["dealer"].astype(np.int64)
    combos = list(itertools.combinations(range(dealt_n), disc_n))
    cols = {k: [] for k in ("game", "deal", "seat", "strategy", "players", "position",
                            "own_crib", "target", "scores", "dealt", "discard", "kept",
                            "choice", "starter", "hand_points", "crib_points", "peg_points",
                            "deal_ended", "game_result", "game_margin")}
    for seat in range(n):
        dealt = d["dealt"][:, seat, :].astype(np.int64)
        discard = d["discard"][:, seat, :].astype(np.int64)
        kept = np.full((len(d), 4), NO_CARD, dtype=np.int64)
        kept[:, :keep_n] = hands[:, seat, :]
        # The choice as an index into the combinations of dealt positions.
        is_disc = np.any(dealt[:, :dealt_n, None] == discard[:, None, :disc_n], axis=2)
        choice = np.full(len(d), -1, dtype=np.int64)
        for i, combo in enumerate(combos):
            mask = np.zeros(dealt_n, dtype=bool)
            mask[list(combo)] = True
            choice[np.all(is_disc == mask, axis=1)] = i
        result, margin = _outcome(run, game_rows, seat)
        position = (seat - dealer) % n
        cols["game"].append(d["game"].astype(np.int64))
        cols["deal"].append(d["deal"].astype(np.int64))
        cols["seat"].append(np.full(len(d), seat))
        cols["strategy"].append(np.array(run.seats, dtype=object)[entry[:, seat]])
        cols["players"].append(np.full(len(d), n))
        cols["position"].append(position)
        cols["own_crib"].append((side[dealer] == side[seat]).astype(np.int64))
        cols["target"].append(np.full(len(d), int(run.rules["target"])))
        cols["scores"].append(_relative(before, seat, n))
        cols["dealt"].append(dealt)
        cols["discard"].append(discard)
        cols["kept"].append(kept)
        cols["choice"].append(choice)
        cols["starter"].append(d["starter"].astype(np.int64))
        cols["hand_points"].append(hand_vals[:, seat])
        cols["crib_points"].append(crib_vals)
        cols["peg_points"].append(d["peg"][:, seat].astype(np.int64))
        cols["deal_ended"].append(d["ended"].astype(np.int64))
        cols["game_result"].append(result)
        cols["game_margin"].append(margin)
    out = {k: np.concatenate(v) for k, v in cols.items()}
    order = np.lexsort((out["seat"], out["deal"], out["game"]))
    return {k: v[order] for k, v in out.items()}


def play_rows(run):
    """The play dataset of a run as a dict of numpy arrays (see DATASETS.md)."""
    d = run.deals
    n = run.players
    hands, _ = metrics.kept_hands(run)
    game_rows = _game_rows(run)
    before = _side_scores_before(run)
    entry = run.seat_entry()[game_rows]
    side = np.asarray(run.side_of_seat(np.arange(n)))
    results = run.side_results()
    side_scores = run.side_scores()
    values = np.zeros(NO_CARD + 1, dtype=np.int64)
    values[:52] = cards.value(np.arange(52))
    rows = {k: [] for k in ("game", "deal", "seat", "strategy", "players", "position",
                            "own_crib", "target", "play_index", "series", "count", "scores",
                            "hand", "kept", "discard", "starter", "pile", "history",
                            "history_seat", "n_legal", "card", "slot", "points", "peg_points",
                            "deal_ended", "game_result", "game_margin")}
    for i in range(len(d)):
        row = d[i]
        dealer = int(row["dealer"])
        g = int(game_rows[i])
        held = [list(hands[i, s]) for s in range(n)]
        # Each side's score as the play starts: before the deal, plus his heels.
        score_now = before[i].copy()
        heels = int(row["heels"])
        if heels:
            score_now[side == side[dealer]] += heels
        count, series, pile = 0, 0, []
        history, history_seat = [], []
        for k in range(int(row["n_plays"])):
            seat = int(row["play_seat"][k])
            card = int(row["play_card"][k])
            pts = int(row["play_points"][k])
            if count == 31 or count + values[card] > 31:
                count, series, pile = 0, series + 1, []
            hand_now = held[seat]
            if card not in hand_now:
                raise cribsim_data.CribsimFileError(
                    f"{run.path}: game {int(row['game'])} deal {int(row['deal'])}: seat {seat} "
                    f"plays {cards.card_text(card)}, which it does not hold")
            legal = sum(1 for c in hand_now if c != NO_CARD and count + values[c] <= 31)
            own = side == side[seat]
            res = results[g, side[seat]]
            others = np.delete(side_scores[g], side[seat]).max()
            rows["game"].append(int(row["game"]))
            rows["deal"].append(int(row["deal"]))
            rows["seat"].append(seat)
            rows["strategy"].append(run.seats[entry[i, seat]])
            rows["players"].append(n)
            rows["position"].append((seat - dealer) % n)
            rows["own_crib"].append(int(side[dealer] == side[seat]))
            rows["target"].append(int(run.rules["target"]))
            rows["play_index"].append(k)
            rows["series"].append(series)
            rows["count"].append(count)
            rows["scores"].append(_relative(score_now[None, :], seat, n)[0])
            holding = [c for c in hand_now if c != NO_CARD]
            rows["hand"].append(_pad(holding, 4))
            rows["kept"].append(_pad(list(hands[i, seat]), 4))
            rows["discard"].append(_pad([c for c in row["discard"][seat] if c != NO_CARD], 2))
            rows["starter"].append(int(row["starter"]))
            rows["pile"].append(_pad(pile, MAX_PILE))
            rows["history"].append(_pad(history, MAX_PLAYS))
            rows["history_seat"].append(_pad([(s - seat) % n for s in history_seat], MAX_PLAYS))
            rows["n_legal"].append(legal)
            rows["card"].append(card)
            rows["slot"].append(holding.index(card))
            rows["points"].append(pts)
            rows["peg_points"].append(int(row["peg"][seat]))
            rows["deal_ended"].append(int(row["ended"]))
            rows["game_result"].append(float(res))
            rows["game_margin"].append(int(side_scores[g, side[seat]] - others))
            # The card is laid: it leaves the hand, joins the pile, and its points count.
            hand_now[hand_now.index(card)] = NO_CARD
            count += values[card]
            pile.append(card)
            history.append(card)
            history_seat.append(seat)
            score_now[own] += pts
    out = {}
    for k, v in rows.items():
        if k == "strategy":
            out[k] = np.array(v, dtype=object)
        elif k == "game_result":
            out[k] = np.array(v, dtype=float)
        else:
            out[k] = np.array(v, dtype=np.int64).reshape(len(v), -1) if v and isinstance(
                v[0], list) else np.array(v, dtype=np.int64)
    return out


def _pad(cards_list, width):
    out = [int(c) for c in cards_list if int(c) != NO_CARD][:width]
    return out + [NO_CARD] * (width - len(out))


def build(run, kind, strategy=None):
    """The dataset of `kind` ("discard" or "play") for a run, optionally only the rows of one
    strategy's decisions."""
    if run.deals is None:
        raise cribsim_data.CribsimFileError(f"{run.path} has no /deals table: datasets need a "
                                            "run that records deals")
    data = discard_rows(run) if kind == "discard" else play_rows(run)
    if strategy is not None:
        keep = data["strategy"] == strategy
        if not keep.any():
            raise cribsim_data.CribsimFileError(
                f"{run.path}: no seat was played by '{strategy}' (lineup: "
                f"{', '.join(run.seats)})")
        data = {k: v[keep] for k, v in data.items()}
    return data


def to_frame(data):
    """The dataset as a DataFrame with array columns flattened to name_0, name_1, ..."""
    cols = {}
    for k, v in data.items():
        if v.ndim == 2:
            for j in range(v.shape[1]):
                cols[f"{k}_{j}"] = v[:, j]
        else:
            cols[k] = v
    return pd.DataFrame(cols)


def write(data, path, run, force=False):
    """Writes the dataset as CSV or .npz by the path's extension, through a temporary file
    renamed into place (cliio.output): an existing file is replaced only with force, a missing
    folder is refused, and an interrupted write leaves nothing behind."""
    if path.endswith(".csv"):
        with cliio.output(path, "w", force) as f:
            to_frame(data).to_csv(f, index=False)
    else:
        arrays = {k: (v.astype(str) if v.dtype == object else v) for k, v in data.items()}
        with cliio.output(path, "wb", force) as f:
            np.savez_compressed(f, schema=np.array(list(data)), source=np.array(
                [run.path, str(run.attrs.get("git_commit", "unknown"))]), **arrays)


def read(path):
    """Reads a dataset written by write() back into a dict of arrays (CSV columns name_j
    are stacked back into two-dimensional arrays)."""
    if path.endswith(".npz"):
        with np.load(path, allow_pickle=False) as z:
            return {k: z[k] for k in z["schema"]}
    frame = pd.read_csv(path)
    columns = list(frame.columns)
    data = {}
    for col in columns:
        m = re.fullmatch(r"(.+)_(\d+)", col)
        if m and f"{m.group(1)}_0" in columns:
            base = m.group(1)
            if base not in data:
                width = 0
                while f"{base}_{width}" in columns:
                    width += 1
                data[base] = frame[[f"{base}_{j}" for j in range(width)]].to_numpy()
        else:
            data[col] = frame[col].to_numpy()
    return data


@cliio.tool("dataset.py")
def main(argv=None):
    p = argparse.ArgumentParser(description="Export one row per decision (discard or play) "
                                "from a cribsim run file that records deals.")
    p.add_argument("file", metavar="FILE.h5")
    p.add_argument("--kind", choices=("discard", "play"), required=True)
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="output file, .csv or .npz")
    p.add_argument("--strategy", help="keep only the decisions of this strategy "
                   "(a specification from the lineup)")
    p.add_argument("--max-games", type=int, metavar="N",
                   help="use only the first N complete games of the file")
    p.add_argument("--force", action="store_true", help="replace OUT if it exists")
    args = p.parse_args(argv)
    if not args.output.endswith((".csv", ".npz")):
        p.error(f"{args.output}: the output must end in .csv or .npz")
    cliio.check_output(args.output, args.force)  # before the work, not after it
    with cliio.reading(args.file):
        run = cribsim_data.load(args.file, max_games=args.max_games)
        data = build(run, args.kind, args.strategy)
    write(data, args.output, run, args.force)
    n = len(next(iter(data.values()))) if data else 0
    print(f"wrote {n} {args.kind} rows to {os.path.abspath(args.output)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The figures a report shows, computed from one run (cribsim_data.Run) as pandas tables.

Each function returns a DataFrame (or a dict of them) that report.py renders as Markdown and
plots.py draws; the summary mode prints a few of them as text. Definitions, once:

- A game's result for a side is 1 for a win, 0 for a loss, shared in a tie (cribsim_data).
  A win rate counts ties as half a win (the score rate); its interval is Wilson's.
- Elo differences are given where games have two sides (two players, or partners): the Elo
  difference of the score rate against the other side, with the interval mapped from the
  Wilson interval (as the runner's stats.c). With duplicate deals the games sharing cards are
  correlated; the `paired` interval then uses the spread of the per-card-sequence means and
  is usually narrower.
- Positions at a deal: 0 is the dealer, 1 the pone (the player left of the dealer, who leads),
  2 and 3 the next players clockwise. Position figures come from /deals and use the deals the
  game did not end in (`ended` 0): in the last deal later events were not played, so its
  points are truncated and would bias every position toward the early scorers.
- Skunk levels per game are the worst among the losers: 1 skunk, 2 double, 3 triple.
"""

import math

import numpy as np
import pandas as pd

import cards
import stats

POSITION_NAMES = {0: "dealer", 1: "pone", 2: "2nd left of dealer", 3: "3rd left of dealer"}
SOURCES = ("peg", "hand", "crib", "heels", "bonus")


def _rate_row(successes, trials, fair=None):
    lo, hi = stats.wilson(successes, trials)
    row = {"games": int(trials), "rate": successes / trials if trials else math.nan,
           "lo": lo, "hi": hi}
    if fair is not None:
        row["fair"] = fair
        row["p"] = stats.binomial_test(successes, trials, fair) if trials else math.nan
    return row


def _two_sided(run):
    return run.n_sides == 2


def side_names(run):
    """A name per game side: "seat 2", or "team 0 (seats 0+2)" with partners."""
    if run.partnership:
        return [f"team {t} (seats {t}+{t + 2})" for t in range(2)]
    return [f"seat {s}" for s in range(run.players)]


def seat_table(run):
    """Win rate of each side by where it sits (seat, or team with partners), whoever plays
    there: wins, ties, rate with Wilson interval, fair share, exact binomial p-value against
    the fair share, mean final score; with two sides also the Elo difference and interval."""
    res = run.side_results()
    scores = run.side_scores()
    rows = []
    for side, name in enumerate(side_names(run)):
        r = res[:, side]
        wins = int(np.sum(r == 1.0))
        ties = int(np.sum((r > 0) & (r < 1)))
        row = {"side": name, "wins": wins, "ties": ties,
               **_rate_row(float(r.sum()), run.n_games, 1.0 / run.n_sides),
               "mean score": float(scores[:, side].mean()) if run.n_games else math.nan}
        if _two_sided(run):
            row["elo"], row["elo lo"], row["elo hi"] = stats.elo_interval(wins, ties, run.n_games)
        rows.append(row)
    return pd.DataFrame(rows)


def strategy_table(run):
    """Win rate of each distinct strategy of the lineup against the rest, over the games
    where it does not sit on every side: wins (ties as halves), rate with Wilson interval,
    fair share (its fraction of the sides) and p-value against it; with two sides the Elo
    difference against the other side and, with duplicate deals, the paired interval."""
    rows = []
    groups = run.card_group
    for name in run.strategy_names():
        share, result, counted = run.strategy_games(name)
        n = int(counted.sum())
        if n == 0:
            rows.append({"strategy": name, "games": 0, "note": "plays every side (self-play)"})
            continue
        fair = float(share[counted].mean())
        points = float(result[counted].sum())
        row = {"strategy": name, **_rate_row(points, n, fair)}
        if _two_sided(run):
            r = result[counted]
            wins = int(np.sum(r == 1.0))
            ties = int(np.sum((r > 0) & (r < 1)))
            row["elo"], row["elo lo"], row["elo hi"] = stats.elo_interval(wins, ties, n)
            if run.rotations > 1:
                mean, lo, hi = stats.paired_score_interval(r, groups[counted])
                row["paired lo"], row["paired hi"] = lo, hi
                row["paired elo lo"] = stats.elo_from_score(lo)
                row["paired elo hi"] = stats.elo_from_score(hi)
        rows.append(row)
    return pd.DataFrame(rows)


def first_dealer_table(run):
    """Win rate of the side at each position relative to the game's first dealer: 0 the first
    dealer's side, 1 the side of the player to its left, and so on (two rows with partners).
    With two sides, the first dealer's row also carries the Elo-equivalent advantage."""
    res = run.side_results()
    fd = run.games["first_dealer"].astype(np.int64)
    rows = []
    for pos in range(run.n_sides):
        side = run.side_of_seat((fd + pos) % run.players)
        r = res[np.arange(run.n_games), side]
        name = "first dealer" if pos == 0 else (
            "first pone" if pos == 1 else f"{'2nd' if pos == 2 else '3rd'} left of first dealer")
        if run.partnership:
            name = "first dealer's team" if pos == 0 else "first pone's team"
        wins = int(np.sum(r == 1.0))
        ties = int(np.sum((r > 0) & (r < 1)))
        row = {"position": name, **_rate_row(float(r.sum()), run.n_games, 1.0 / run.n_sides)}
        if _two_sided(run):
            row["elo"], row["elo lo"], row["elo hi"] = stats.elo_interval(wins, ties, run.n_games)
        rows.append(row)
    return pd.DataFrame(rows)


def first_dealer_fixed(run):
    """The seat the rules fix as first dealer, or None when it is cut for."""
    fd = run.rules.get("first_dealer", "cut")
    return None if fd == "cut" else int(fd)


def points_by_seat(run):
    """Points each seat earned per deal by source, over whole games (from /games): each
    source's total divided by the deals played."""
    deals = float(run.games["deals"].astype(np.int64).sum())
    rows = []
    for s in range(run.players):
        row = {"seat": f"seat {s}"}
        total = 0.0
        for src in SOURCES:
            v = float(run.games[src][:, s].astype(np.int64).sum()) / deals if deals else math.nan
            row[src] = v
            total += v
        row["total"] = total
        rows.append(row)
    return pd.DataFrame(rows)


def deal_points(run):
    """(points, position, complete) from /deals, or None without deals: points a dict of
    (deals, players) arrays per source and 'total', position (deals, players) the position of
    each seat, complete (deals,) True where the game did not end in the deal."""
    d = run.deals
    if d is None or len(d) == 0:
        return None
    n = run.players
    dealer = d["dealer"].astype(np.int64)
    seats = np.arange(n)
    position = (seats[None, :] - dealer[:, None]) % n
    is_dealer = position == 0
    pts = {
        "peg": d["peg"][:, :n].astype(np.int64),
        "hand": d["hand"][:, :n].astype(np.int64),
        "crib": np.where(is_dealer, d["crib"].astype(np.int64)[:, None], 0),
        "heels": np.where(is_dealer, d["heels"].astype(np.int64)[:, None], 0),
        "bonus": (d["bonus"][:, :n].astype(np.int64) if "bonus" in d.dtype.names
                  else np.zeros((len(d), n), dtype=np.int64)),
    }
    pts["total"] = sum(pts[s] for s in SOURCES)
    return pts, position, d["ended"] == 0


def points_by_position(run):
    """Mean points per deal of the seat at each position by source, over the deals the game
    did not end in; None without /deals. Columns: position, deals, each source, total, sd
    (of the total)."""
    got = deal_points(run)
    if got is None:
        return None
    pts, position, complete = got
    rows = []
    for pos in range(run.players):
        mask = (position == pos) & complete[:, None]
        n = int(mask.sum())
        row = {"position": POSITION_NAMES[pos], "deals": n}
        for src in SOURCES + ("total",):
            row[src] = float(pts[src][mask].mean()) if n else math.nan
        row["sd"] = float(pts["total"][mask].std(ddof=1)) if n > 1 else math.nan
        rows.append(row)
    return pd.DataFrame(rows)


def dealer_edge(run, samples=False):
    """What dealing is worth per deal: the dealer's points minus the mean of the other seats'
    points, over the deals the game did not end in, with a 95% interval (normal, from the
    per-deal differences). None without /deals. Returns a dict: deals, mean, lo, hi, and with
    partners the dealer's team minus the other team; with `samples`, also the per-deal
    differences."""
    got = deal_points(run)
    if got is None:
        return None
    pts, position, complete = got
    total = pts["total"][complete]
    pos = position[complete]
    if run.partnership:
        side = np.asarray(run.side_of_seat(np.arange(run.players)))
        dealer_side = side[np.argmax(pos == 0, axis=1)]
        mine = side[None, :] == dealer_side[:, None]
        diff = (total * mine).sum(axis=1) - (total * ~mine).sum(axis=1)
        what = "dealer's team minus the other team"
    else:
        dealer_pts = (total * (pos == 0)).sum(axis=1)
        others = (total * (pos != 0)).sum(axis=1) / (run.players - 1)
        diff = dealer_pts - others
        what = "dealer minus the mean of the other players"
    n = len(diff)
    out = {"what": what, "deals": n, "mean": math.nan, "lo": math.nan, "hi": math.nan}
    if samples:
        out["samples"] = diff
    if n < 2:
        return out
    mean = float(diff.mean())
    se = float(diff.std(ddof=1)) / math.sqrt(n)
    out.update(mean=mean, lo=mean - stats.Z95 * se, hi=mean + stats.Z95 * se)
    return out


def deals_per_game(run):
    """Deals per game: a dict with mean, sd, min, median, max, the distribution (Series of
    counts by number of deals) and, with a fixed number of deals, the share of games that
    went to the last deal."""
    deals = run.games["deals"].astype(np.int64)
    out = {"games": run.n_games}
    if run.n_games == 0:
        return out
    out.update(mean=float(deals.mean()), sd=float(deals.std(ddof=1)) if len(deals) > 1 else 0.0,
               min=int(deals.min()), median=float(np.median(deals)), max=int(deals.max()),
               counts=pd.Series(deals).value_counts().sort_index())
    max_deals = int(run.rules.get("max_deals") or 0)
    if max_deals:
        last = int(np.sum(deals >= max_deals))
        out["last deal"] = _rate_row(last, run.n_games)
        reached = int(np.sum(run.side_scores().max(axis=1) >= int(run.rules["target"])))
        out["reached target"] = _rate_row(reached, run.n_games)
    out["close finish"] = last_deal_finish(run)
    return out


def last_deal_finish(run):
    """How close the end was, from /deals (None without them): over the games some side won
    by reaching the target, the share in which a losing side would also have reached it with
    the show it never counted in the last deal (its hands, and the crib when it dealt, as the
    cards score them, minus what it did count): the counting order (pone first, dealer and
    crib last) decided those games. A lower bound, since the loser's unplayed pegging is not
    known. Returns a dict: games (reaching the target), count, rate, lo, hi."""
    d = run.deals
    if d is None or len(d) == 0:
        return None
    if "last_deal_finish" in run.cache:
        return run.cache["last_deal_finish"]
    n = run.players
    target = int(run.rules["target"])
    hand_vals, crib_vals = show_values(run)
    last = np.r_[d["game"][1:] != d["game"][:-1], True]  # the last deal of each game
    rows = np.flatnonzero(last)
    game_rows = np.searchsorted(run.games["game"], d["game"][rows])
    scores = run.side_scores()[game_rows]
    winner = run.games["winner"][game_rows].astype(np.int64)
    reached = (winner >= 0) & (scores.max(axis=1) >= target)
    side = np.asarray(run.side_of_seat(np.arange(n)))
    uncounted_hand = hand_vals[rows] - d["hand"][rows][:, :n].astype(np.int64)
    dealer_side = side[d["dealer"][rows].astype(np.int64)]
    uncounted_crib = crib_vals[rows] - d["crib"][rows].astype(np.int64)
    close = np.zeros(len(rows), dtype=bool)
    for s_ in range(run.n_sides):
        left = uncounted_hand[:, side == s_].sum(axis=1) + np.where(dealer_side == s_,
                                                                    uncounted_crib, 0)
        close |= (winner != s_) & (scores[:, s_] + left >= target)
    count, games = int(np.sum(close & reached)), int(reached.sum())
    out = {"games": games, "count": count, **_rate_row(count, games)}
    run.cache["last_deal_finish"] = out
    return out


def final_scores(run):
    """Per game: the winning side's score, the best losing side's score (the runner-up), with
    more than two sides the lowest side's score, and the margin (winner minus runner-up); a
    DataFrame over games."""
    scores = np.sort(run.side_scores(), axis=1)[:, ::-1]
    cols = {"winner": scores[:, 0], "runner-up": scores[:, 1]}
    if run.n_sides > 2:
        cols["last"] = scores[:, -1]
    cols["margin"] = scores[:, 0] - scores[:, 1]
    return pd.DataFrame(cols)


def final_score_summary(run):
    """Mean, sd and quartiles of final_scores()'s columns."""
    fs = final_scores(run)
    rows = []
    for col in fs.columns:
        v = fs[col].to_numpy()
        rows.append({"figure": col, "mean": float(v.mean()) if len(v) else math.nan,
                     "sd": float(v.std(ddof=1)) if len(v) > 1 else math.nan,
                     "q1": float(np.percentile(v, 25)) if len(v) else math.nan,
                     "median": float(np.median(v)) if len(v) else math.nan,
                     "q3": float(np.percentile(v, 75)) if len(v) else math.nan})
    return pd.DataFrame(rows)


def skunk_levels(run):
    """(games,) the worst skunk level among each game's losers (0 to 3)."""
    return run.games["skunk"][:, :run.players].max(axis=1).astype(np.int64)


def skunk_table(run):
    """Rates of skunk or worse, double or worse, triple, and lurch, per game, with Wilson
    intervals."""
    level = skunk_levels(run)
    lurch = run.games["lurch"].astype(np.int64)
    rows = []
    for name, hits in (("skunk or worse", level >= 1), ("skunk only", level == 1),
                       ("double skunk or worse", level >= 2), ("triple skunk", level >= 3),
                       ("lurch", lurch == 1)):
        rows.append({"result": name, "count": int(hits.sum()),
                     **_rate_row(int(hits.sum()), run.n_games)})
    return pd.DataFrame(rows)


def kept_hands(run):
    """(hands (deals, players, k), crib (deals, 4)) card codes: each seat's kept cards (dealt
    minus discarded, in dealt order) and the crib (discards, then the card from the deck)."""
    d = run.deals
    n = run.players
    k = int(run.rules["cards_dealt"]) - int(run.rules["discards"])
    dealt = d["dealt"][:, :n, :int(run.rules["cards_dealt"])].astype(np.int64)
    disc = d["discard"][:, :n, :int(run.rules["discards"])].astype(np.int64)
    is_disc = np.any(dealt[:, :, :, None] == disc[:, :, None, :], axis=3)
    if np.any(is_disc.sum(axis=2) != disc.shape[2]):
        raise ValueError(f"{run.path}: a discard is not among the cards dealt to its seat")
    order = np.argsort(is_disc, axis=2, kind="stable")[:, :, :k]
    hands = np.take_along_axis(dealt, order, axis=2)
    crib_parts = [disc.reshape(len(d), -1)]
    if int(run.rules.get("crib_from_deck", 0)):
        crib_parts.append(d["crib_extra"].astype(np.int64)[:, None])
    crib = np.concatenate(crib_parts, axis=1)
    return hands, crib


def show_values(run):
    """Hand and crib values for every deal, recomputed from the cards with the file's flush
    rules: (hand (deals, players), crib (deals,)). None without /deals."""
    if run.deals is None or len(run.deals) == 0:
        return None
    hands, crib = kept_hands(run)
    starter = run.deals["starter"].astype(np.int64)
    n_deals, n, k = hands.shape
    hand_vals = cards.show_score(hands.reshape(-1, k), np.repeat(starter, n),
                                 int(run.rules["hand_flush_min"])).reshape(n_deals, n)
    crib_vals = cards.show_score(crib, starter, int(run.rules["crib_flush_min"]))
    return hand_vals, crib_vals


def show_distributions(run):
    """The hand and crib scores seen in play. Returns None without /deals, else a dict:
    table (DataFrame: score, then counts and fractions of hands and cribs as recorded in the
    deals the game did not end in, and of every hand and crib recomputed from the cards),
    means, and mismatches: recorded values that differ from the recomputation (should be 0)."""
    if "show_distributions" in run.cache:
        return run.cache["show_distributions"]
    got = show_values(run)
    if got is None:
        return None
    hand_vals, crib_vals = got
    d = run.deals
    n = run.players
    complete = d["ended"] == 0
    rec_hand = d["hand"][complete][:, :n].astype(np.int64).ravel()
    rec_crib = d["crib"][complete].astype(np.int64)
    mismatches = int(np.sum(hand_vals[complete] != d["hand"][complete][:, :n]) +
                     np.sum(crib_vals[complete] != d["crib"][complete]))
    top = 29
    table = pd.DataFrame({"score": np.arange(top + 1)})
    for name, v in (("hand", rec_hand), ("crib", rec_crib), ("hand, all deals", hand_vals.ravel()),
                    ("crib, all deals", crib_vals)):
        counts = np.bincount(np.clip(v, 0, top), minlength=top + 1)
        table[name] = counts
        table[name + " %"] = counts / max(1, len(v))
    means = {"hand": float(rec_hand.mean()) if len(rec_hand) else math.nan,
             "crib": float(rec_crib.mean()) if len(rec_crib) else math.nan,
             "hand, all deals": float(hand_vals.mean()),
             "crib, all deals": float(crib_vals.mean())}
    out = {"table": table, "means": means, "mismatches": mismatches,
           "complete deals": int(complete.sum()), "deals": len(d)}
    run.cache["show_distributions"] = out
    return out


def read_hand_stats(path):
    """Reads `cribsim hand-stats` output (lines "SCORE COUNT", then "total N mean M") into a
    Series of probabilities indexed by score."""
    counts = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
                counts[int(parts[0])] = int(parts[1])
    if not counts:
        raise ValueError(f"{path}: no 'SCORE COUNT' lines (expected `cribsim hand-stats` "
                         "output)")
    s = pd.Series(counts).sort_index()
    total = int(s.sum())
    s = s / total
    # Every four-card hand with every starter is C(52,4) * 48 = 12,994,800; three-card hands
    # (`--cards 3`) C(52,3) * 49 = 1,082,900.
    s.attrs["cards"] = {12994800: 4, 1082900: 3}.get(total)
    s.attrs["total"] = total
    return s


def exact_comparison(run, exact):
    """The hands and cribs of a run (every deal, recomputed from the cards) against exact
    distributions (dict 'hand'/'crib' -> Series from read_hand_stats()). A list of dicts:
    what, n (hands or cribs), mean (with a 95% interval), exact mean, the chi-square
    goodness-of-fit p and its degrees of freedom, and the largest difference in the share of
    any score. Hands are compared only when the exact file is for hands of the run's size.

    The hands of one deal share the starter, so they are not independent: the interval of the
    mean comes from the spread of the per-deal means, and the chi-square test uses one hand
    per deal (seat 0's; with random discards every seat's hand has the same distribution)."""
    sv = show_distributions(run)
    if sv is None or not exact:
        return []
    kept = int(run.rules["cards_dealt"]) - int(run.rules["discards"])
    hand_vals, crib_vals = show_values(run)
    out = []
    for what, per_deal in (("hand", hand_vals), ("crib", crib_vals[:, None])):
        e = exact.get(what)
        if e is None or (what == "hand" and e.attrs.get("cards") not in (None, kept)):
            continue
        values = per_deal.ravel()
        top = max(int(values.max()), int(e.index.max()))
        probs = np.zeros(top + 1)
        probs[e.index.to_numpy()] = e.to_numpy()
        p, dof = stats.chi2_gof_test(np.bincount(per_deal[:, 0], minlength=top + 1), probs)
        counts = np.bincount(values, minlength=top + 1)
        n = len(values)
        mean = float(values.mean())
        deal_means = per_deal.mean(axis=1)
        se = (float(deal_means.std(ddof=1)) / math.sqrt(len(deal_means))
              if len(deal_means) > 1 else math.nan)
        out.append({"what": what, "n": n, "mean": mean, "lo": mean - stats.Z95 * se,
                    "hi": mean + stats.Z95 * se,
                    "exact mean": float(np.dot(np.arange(top + 1), probs)),
                    "p": p, "dof": dof, "tested": len(per_deal),
                    "max diff": float(np.max(np.abs(counts / n - probs)))})
    return out


# ---- comparisons between runs ----

def comparison_measures(run):
    """The figures compared between runs, each with the raw data its test needs: a dict
    name -> ("rate", successes, trials) or ("mean", samples array)."""
    out = {}
    res = run.side_results()
    fd = run.games["first_dealer"].astype(np.int64)
    first = res[np.arange(run.n_games), run.side_of_seat(fd)]
    # Against its fair share, so that runs with different numbers of sides compare.
    out["first dealer's side: win rate minus fair share"] = (
        "excess", float(first.sum()), run.n_games, 1.0 / run.n_sides)
    for name in run.strategy_names():
        share, result, counted = run.strategy_games(name)
        if counted.any():
            out[f"{name} wins"] = ("rate", float(result[counted].sum()), int(counted.sum()))
    level = skunk_levels(run)
    out["skunk or worse"] = ("rate", int(np.sum(level >= 1)), run.n_games)
    out["double skunk or worse"] = ("rate", int(np.sum(level >= 2)), run.n_games)
    out["lurch"] = ("rate", int(np.sum(run.games["lurch"] == 1)), run.n_games)
    max_deals = int(run.rules.get("max_deals") or 0)
    deals = run.games["deals"].astype(np.int64)
    if max_deals:
        out["games to the last deal"] = ("rate", int(np.sum(deals >= max_deals)), run.n_games)
    close = last_deal_finish(run)
    if close is not None and close["games"]:
        out["loser would have gone out in the last deal"] = ("rate", close["count"],
                                                             close["games"])
    out["deals per game"] = ("mean", deals)
    fs = final_scores(run)
    out["margin"] = ("mean", fs["margin"].to_numpy())
    out["runner-up's score"] = ("mean", fs["runner-up"].to_numpy())
    safe = np.maximum(deals, 1) * run.players
    for src in ("peg", "hand", "crib", "heels"):
        per_deal = run.games[src][:, :run.players].astype(np.int64).sum(axis=1) / safe
        out[f"{src} points per deal per player"] = ("mean", per_deal)
    edge = dealer_edge(run, samples=True)
    if edge is not None and edge["deals"] > 1:
        out["dealer's edge, points per deal"] = ("mean", edge["samples"])
    sv = show_distributions(run)
    if sv is not None:
        d = run.deals
        complete = d["ended"] == 0
        out["hand value (shown)"] = ("mean", d["hand"][complete][:, :run.players].ravel()
                                     .astype(float))
        out["crib value (shown)"] = ("mean", d["crib"][complete].astype(float))
    return out


def compare_runs(runs):
    """Side-by-side figures of several runs with each one tested against the first (the
    baseline): a DataFrame with one row per figure: the value in each run, then for each
    other run the p-value of its difference from the baseline (two-proportion z-test for
    rates, Welch's t-test for means) and whether it is significant at 5% after Holm's
    correction over the whole table."""
    measures = [comparison_measures(r) for r in runs]
    names = list(dict.fromkeys(k for m in measures for k in m))
    rows = []
    for name in names:
        row = {"figure": name, "kind": measure_kind(name, measures)}
        base = measures[0].get(name)
        for run, m in zip(runs, measures):
            v = m.get(name)
            row[run.label] = _value(v)
        for run, m in zip(runs[1:], measures[1:]):
            row[f"p {run.label}"] = _pvalue(base, m.get(name))
        rows.append(row)
    table = pd.DataFrame(rows)
    pcols = [f"p {r.label}" for r in runs[1:]]
    if pcols:
        flat = table[pcols].to_numpy(dtype=float).ravel()
        adjusted = stats.holm(flat).reshape(len(table), len(pcols))
        for j, col in enumerate(pcols):
            table[f"sig {col[2:]}"] = [bool(a < 0.05) if not math.isnan(a) else False
                                       for a in adjusted[:, j]]
    return table


def _value(v):
    if v is None:
        return math.nan
    if v[0] == "rate":
        return v[1] / v[2] if v[2] else math.nan
    if v[0] == "excess":
        return v[1] / v[2] - v[3] if v[2] else math.nan
    return float(np.mean(v[1])) if len(v[1]) else math.nan


def _pvalue(a, b):
    if a is None or b is None:
        return math.nan
    if a[0] == "rate":
        return stats.two_proportion_test(a[1], a[2], b[1], b[2])
    if a[0] == "excess":
        return stats.excess_difference_test(a[1], a[2], a[3], b[1], b[2], b[3])
    return stats.welch_test(a[1], b[1])


def measure_kind(name, runs_measures):
    """'rate', 'excess' or 'mean': how a compared figure is measured (for formatting)."""
    for m in runs_measures:
        if name in m:
            return m[name][0]
    return "mean"

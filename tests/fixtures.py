"""Synthetic cribsim run files for the analysis tests and examples.

Tests of the analysis must not depend on the C runner being built, so this module writes files
in the run-file layout (experiments/io/h5io.h, with the runner's
`rotation`, `card_game` and deal `bonus` fields) from two sources:

- write_run(): the rows and attributes the caller gives (hand-made games with known answers,
  or damaged files for the error tests);
- simulate(): complete games between random players, played here by a small independent
  implementation of the rules (deal, discard, the play with goes and 31s, his heels, the show
  in order, the end at the target or after a fixed number of deals, skunks and lurches), so
  the tables are consistent deal by deal like the runner's. It does not play the five-card
  game's single series or start bonus.

Neither is a substitute for the engine: they exist to give the analysis realistic input.
"""

import json

import h5py
import numpy as np

from cribsim.io import cards
from cribsim.io import runfile

NO_CARD = 255

GAMES_DTYPE = np.dtype([
    ("game", "<u8"), ("first_dealer", "u1"), ("deals", "<u2"), ("winner", "i1"),
    ("score", "<i2", (4,)), ("peg", "<i2", (4,)), ("hand", "<i2", (4,)), ("crib", "<i2", (4,)),
    ("heels", "<i2", (4,)), ("bonus", "<i2", (4,)), ("skunk", "u1", (4,)), ("lurch", "u1"),
    ("rotation", "u1"), ("card_game", "<u8"),
])
DEALS_DTYPE = np.dtype([
    ("game", "<u8"), ("deal", "<u2"), ("dealer", "u1"), ("dealt", "u1", (4, 6)),
    ("crib_extra", "u1"), ("discard", "u1", (4, 2)), ("starter", "u1"), ("n_plays", "u1"),
    ("play_seat", "u1", (16,)), ("play_card", "u1", (16,)), ("play_points", "u1", (16,)),
    ("peg", "<i2", (4,)), ("hand", "<i2", (4,)), ("crib", "<i2"), ("heels", "<i2"),
    ("score", "<i2", (4,)), ("ended", "u1"), ("bonus", "<i2", (4,)),
])

RULES_TWO = runfile.RULE_DEFAULTS  # the engine's two-player preset


def rules(**changes):
    """The two-player rules with changes; players=3 or 4 also sets five cards, one discard,
    and for three players one crib card from the deck."""
    r = dict(RULES_TWO)
    if changes.get("players", 2) != 2:
        r.update(cards_dealt=5, discards=1, crib_from_deck=1 if changes["players"] == 3 else 0)
    r.update(changes)
    return r


def games_array(rows, rotation=True):
    """A /games structured array from a list of dicts (missing fields are 0, missing scores
    and absent seats -1). Without rotation the runner's extra fields are left out."""
    a = np.zeros(len(rows), dtype=GAMES_DTYPE)
    a["score"] = -1
    for i, row in enumerate(rows):
        a["game"][i] = i
        a["card_game"][i] = i
        for k, v in row.items():
            if isinstance(v, (list, tuple)):
                a[k][i, :len(v)] = v
            else:
                a[k][i] = v
    if not rotation:
        names = [n for n in GAMES_DTYPE.names if n not in ("rotation", "card_game")]
        plain = np.zeros(len(a), dtype=[(n, GAMES_DTYPE.fields[n][0]) for n in names])
        for n in names:
            plain[n] = a[n]
        return plain
    return a


def write_run(path, games, deals=None, rules_dict=None, seats=("random", "random"),
              attrs=None, seats_as="array"):
    """Writes a run file: /games (and /deals) from structured arrays, and the root attributes
    (the runner's list with plausible values; `attrs` adds or replaces, a value of None
    deletes). seats_as: "array" (the runner's form), "json" or "comma" text."""
    r = rules_dict or rules(players=len(seats))
    seat_value = {"array": np.array(list(seats), dtype=h5py.string_dtype()),
                  "json": json.dumps(list(seats)), "comma": ",".join(seats)}[seats_as]
    base = {
        "schema_version": np.int32(1), "engine_version": "test", "git_commit": "fixture",
        "rules": json.dumps(r), "seats": seat_value, "seed": np.uint64(1),
        "games_requested": np.uint64(len(games)), "games_completed": np.uint64(len(games)),
        "rng": "fixture", "created_utc": "2024-01-01T00:00:00Z", "threads": np.int32(1),
        "command_line": "fixtures.write_run", "status": "complete",
        "record": "deals" if deals is not None else "games",
    }
    if attrs:
        base.update(attrs)
    with h5py.File(path, "w") as f:
        f.create_dataset("games", data=games, maxshape=(None,), chunks=True)
        if deals is not None:
            f.create_dataset("deals", data=deals, maxshape=(None,), chunks=True)
        for k, v in base.items():
            if v is not None:
                f.attrs[k] = v
    return path


# ---- a small independent game simulator ----

def _value(card):
    return min(card // 4 + 1, 10)


class _Game:
    """One game between random players under rules r, recording /games and /deals rows."""

    def __init__(self, r, rng, index):
        self.r = r
        self.rng = rng
        self.n = r["players"]
        self.side = [s % 2 if r["partnership"] else s for s in range(self.n)]
        self.n_sides = 2 if r["partnership"] else self.n
        self.score = [0] * self.n_sides
        self.src = {k: [0] * 4 for k in ("peg", "hand", "crib", "heels", "bonus")}
        self.over = False
        self.index = index
        self.deals = []

    def add(self, seat, points, source):
        """Credits points; returns True if the seat's side reaches the target."""
        if self.over or points == 0:
            return self.over
        self.src[source][seat] += points
        self.score[self.side[seat]] += points
        if self.score[self.side[seat]] >= self.r["target"]:
            self.over = True
        return self.over

    def play(self, first_dealer):
        r, n = self.r, self.n
        dealer = first_dealer
        while not self.over:
            deck = self.rng.permutation(52)
            rec = np.zeros(1, dtype=DEALS_DTYPE)[0]
            rec["game"], rec["deal"], rec["dealer"] = self.index, len(self.deals), dealer
            rec["dealt"][:] = NO_CARD
            rec["discard"][:] = NO_CARD
            rec["play_seat"][:] = NO_CARD
            rec["play_card"][:] = NO_CARD
            rec["crib_extra"] = NO_CARD
            before = {key: list(v) for key, v in self.src.items()}
            pos = 0
            hands, crib = [], []
            for s in range(n):
                dealt = [int(c) for c in deck[pos:pos + r["cards_dealt"]]]
                pos += r["cards_dealt"]
                rec["dealt"][s, :len(dealt)] = dealt
                disc = [dealt[i] for i in sorted(self.rng.choice(len(dealt), r["discards"],
                                                                 replace=False))]
                rec["discard"][s, :len(disc)] = disc
                crib += disc
                hands.append([c for c in dealt if c not in disc])
            if r["crib_from_deck"]:
                rec["crib_extra"] = int(deck[pos])
                crib.append(int(deck[pos]))
                pos += 1
            starter = int(deck[pos])
            rec["starter"] = starter
            if starter // 4 == cards.JACK:
                rec["heels"] = r["heels"]
                self.add(dealer, r["heels"], "heels")
            plays = []
            if not self.over:
                self._pegging(dealer, [list(h) for h in hands], plays)
            rec["n_plays"] = len(plays)
            for i, (s, c, p) in enumerate(plays):
                rec["play_seat"][i], rec["play_card"][i], rec["play_points"][i] = s, c, p
            shows = cards.show_score(hands, [starter] * n, r["hand_flush_min"])
            for step in range(1, n + 1):
                s = (dealer + step) % n
                if self.over:
                    break
                rec["hand"][s] = shows[s]
                self.add(s, int(shows[s]), "hand")
            if not self.over:
                v = int(cards.show_score([crib], [starter], r["crib_flush_min"])[0])
                rec["crib"] = v
                self.add(dealer, v, "crib")
            for s in range(n):
                rec["peg"][s] = self.src["peg"][s] - before["peg"][s]
            rec["score"][:] = -1
            for s in range(n):
                rec["score"][s] = self.score[self.side[s]]
            rec["ended"] = int(self.over)
            self.deals.append(rec)
            if r["max_deals"] and len(self.deals) >= r["max_deals"]:
                break
            dealer = (dealer + 1) % n
        return self._summary(first_dealer)

    def _pegging(self, dealer, hands, plays):
        n = self.n
        turn = (dealer + 1) % n
        count, pile, last = 0, [], None
        while any(hands) and not self.over:
            fits = [c for c in hands[turn] if count + _value(c) <= 31]
            if fits:
                c = int(self.rng.choice(fits))
                hands[turn].remove(c)
                pts = cards.peg_points(pile, c)
                pile.append(c)
                count += _value(c)
                last = turn
                end_series = count == 31
                if not end_series and not any(hands):
                    pts += 1  # last card
                elif not end_series and all(
                        not any(count + _value(x) <= 31 for x in hands[s])
                        for s in range(n)):
                    pts += 1  # go: nobody can play on
                    end_series = True
                plays.append((turn, c, pts))
                self.add(turn, pts, "peg")
                if end_series:
                    count, pile = 0, []
                    turn = (last + 1) % n
                    while not hands[turn] and any(hands):
                        turn = (turn + 1) % n
                    continue
            turn = (turn + 1) % n

    def _summary(self, first_dealer):
        r = self.r
        row = {"first_dealer": first_dealer, "deals": len(self.deals)}
        top = max(self.score)
        leaders = [s for s in range(self.n_sides) if self.score[s] == top]
        winner = leaders[0] if len(leaders) == 1 else -1
        row["winner"] = winner
        row["score"] = [self.score[self.side[s]] for s in range(self.n)]
        for key, v in self.src.items():
            row[key] = v[:self.n]
        skunk, lurch = [0] * self.n, 0
        # As the engine: skunks and lurches only when the winner reached the target (a game
        # that runs out of fixed deals has no race to be skunked in).
        if winner >= 0 and top >= r["target"]:
            lurch = int(r["lurch_line"] > 0 and all(
                self.score[t] < r["lurch_line"] for t in range(self.n_sides) if t != winner))
            for s in range(self.n):
                sc = self.score[self.side[s]]
                if self.side[s] == winner:
                    continue
                for level, line in ((3, "triple_skunk_line"), (2, "double_skunk_line"),
                                    (1, "skunk_line")):
                    if r[line] and sc < r[line]:
                        skunk[s] = level
                        break
        row["skunk"] = skunk
        row["lurch"] = lurch
        return row


def simulate(n_games, rules_dict=None, seed=1, rotations=1, first_dealer=None):
    """Plays n_games random games and returns (games, deals) structured arrays. rotations > 1
    labels games as duplicate play does (rotation g % rotations, card_game g // rotations);
    the cards are not actually repeated. first_dealer fixes the first dealer (else a random
    cut)."""
    r = rules_dict or rules()
    if r.get("single_series") or r.get("start_bonus"):
        raise ValueError("fixtures.simulate does not play the five-card game's rules")
    rng = np.random.default_rng(seed)
    rows, deals = [], []
    for g in range(n_games):
        game = _Game(r, rng, g)
        fd = int(rng.integers(r["players"])) if first_dealer is None else first_dealer
        row = game.play(fd)
        row["rotation"] = g % rotations
        row["card_game"] = g // rotations
        rows.append(row)
        deals.extend(game.deals)
    games = games_array(rows)
    games["card_game"] = [row["card_game"] for row in rows]
    return games, np.array(deals, dtype=DEALS_DTYPE)

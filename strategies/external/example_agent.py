#!/usr/bin/env python3
"""An outside cribsim agent speaking strategies/external/PROTOCOL.md (standard library only).

Seat it with  exec:python3 strategies/external/example_agent.py
It keeps the four (or three) cards that score most on their own and plays the card that pegs
most now, like the built-in `greedy`.

Options, for tests and for people writing their own agent:
  --log FILE        append every line the engine sends to FILE
  --misbehave WHAT  answer badly on purpose at the first request of its kind:
                    illegal (a card not held), malformed (not a card), crash (exit 3),
                    hang (never answer), count (a play past 31 when one is possible)
  --from-game G     misbehave only from game G of the run on (default 0)
"""
import argparse
import itertools
import json
import sys
import time

RANKS = "A23456789TJQK"


def parse_card(text):
    text = text.upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in "CDHS":
        raise ValueError("bad card %r" % text)
    return text


def rank(card):
    return RANKS.index(card[0])


def value(card):
    return min(rank(card) + 1, 10)


def hand_points(cards, flush_min):
    """Show points of the cards alone, without a starter: fifteens, pairs, runs, flush."""
    points = 0
    for n in range(2, len(cards) + 1):
        for combo in itertools.combinations(cards, n):
            if sum(value(c) for c in combo) == 15:
                points += 2
    for a, b in itertools.combinations(cards, 2):
        if rank(a) == rank(b):
            points += 2
    counts = [0] * 13
    for c in cards:
        counts[rank(c)] += 1
    r = 0
    while r < 13:
        length, mult = 0, 1
        while r + length < 13 and counts[r + length]:
            mult *= counts[r + length]
            length += 1
        if length >= 3:
            points += length * mult
        r += max(length, 1)
    if len(set(c[1] for c in cards)) == 1 and len(cards) >= flush_min:
        points += len(cards)
    return points


def peg_points(pile, card):
    """Points for laying card on the pile of the current series (not the go)."""
    cards = pile + [card]
    count = sum(value(c) for c in cards)
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(cards) and rank(cards[-1 - same]) == rank(card):
        same += 1
    points += same * (same - 1)
    if same == 1:
        for k in range(len(cards), 2, -1):
            ranks = sorted(rank(c) for c in cards[-k:])
            if len(set(ranks)) == k and ranks[-1] - ranks[0] == k - 1:
                points += k
                break
    return points


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log")
    parser.add_argument("--misbehave", choices=["illegal", "malformed", "crash", "hang", "count"])
    parser.add_argument("--from-game", type=int, default=0)
    args = parser.parse_args()
    misbehave = None
    log = open(args.log, "a") if args.log else None
    flush_min = 4
    pile = []

    def answer(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        line = line.strip()
        if log:
            log.write(line + "\n")
            log.flush()
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "cribsim":
            answer("ready example-python")
        elif kind == "quit":
            break
        elif kind == "game":
            misbehave = args.misbehave if int(words[1]) >= args.from_game else None
        elif kind == "rules":
            flush_min = int(json.loads(line[len("rules "):])["hand_flush_min"])
        elif kind in ("deal", "reset"):
            pile = []
        elif kind == "played":
            pile.append(parse_card(words[2]))
        elif kind == "discard":
            n = int(words[1])
            hand = [parse_card(w) for w in words[2:]]
            if misbehave == "crash":
                sys.exit(3)
            if misbehave == "hang":
                while True:
                    time.sleep(3600)
            if misbehave == "malformed":
                answer("XX" + " YY" * (n - 1))
                continue
            if misbehave == "illegal":
                held = set(hand)
                stranger = next(r + s for r in RANKS for s in "CDHS" if r + s not in held)
                answer(" ".join([stranger] + hand[: n - 1]))
                continue
            keep = max(itertools.combinations(hand, len(hand) - n),
                       key=lambda k: hand_points(list(k), flush_min))
            answer(" ".join(c for c in hand if c not in keep))
        elif kind == "play":
            count = int(words[1])
            hand = [parse_card(w) for w in words[2:]]
            legal = [c for c in hand if count + value(c) <= 31]
            too_big = [c for c in hand if count + value(c) > 31]
            if misbehave == "count" and too_big:
                answer(too_big[0])
                continue
            best = max(legal, key=lambda c: (peg_points(pile, c), value(c)))
            answer(best)
    if log:
        log.close()


if __name__ == "__main__":
    main()

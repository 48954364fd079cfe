"""Training the `nn` strategy's networks (strategies/builtin/nn.h, docs/nn-format.md).

    python -m cribsim.train.nn bc --out net.nn --seed 1 --minutes 20      # imitate a teacher
    python -m cribsim.train.nn rl --out rl.nn --seed 1 --minutes 60       # from random weights
    python -m cribsim.train.nn q --out q.nn --seed 1 --minutes 60         # from random weights
    python -m cribsim.train.nn br --target expert --out br.nn --minutes 60  # beat one strategy
    python -m cribsim.train.nn eval net.nn --opponent expected --games 4000
    python -m cribsim.train.nn export-random --out r.nn --seed 1          # untrained, any sizes
    python -m cribsim.train.nn deepen net.nn --out deep.nn               # a layer more, same play

The network is a multilayer perceptron over the environment's observation (OBS_SIZE bytes,
docs/environment.md) scoring the 53 actions; illegal actions are masked and the highest
legal score is played. The same observation and mask come from the one C encoder whether
the network trains here (through cribsim._core) or plays in C (`nn:path=FILE`), and the
exporter writes the C format, so what trains is what plays.

Three methods:

- `bc` (behaviour cloning): games are played by a pool of actors (the teacher, expected,
  greedy, random, chosen per seat and game) and every decision with a choice is labelled with
  the teacher's action at that state (`cribsim.Strategy(teacher).action(state)`), so the
  network sees states off the teacher's own path with the teacher's answer there. The data
  streams: a chunk of games is played, the network takes a few passes over a bounded buffer of
  the latest chunks, and older rows are dropped (memory flat in the number of rows).
- `rl` (policy gradient, no labels): the network plays a batch of games through
  `cribsim._core.Env` against a pool of opponents (greedy, expected, random and itself as a
  frozen copy are all possible) and is updated by REINFORCE with a learned baseline (a value
  head) on the game's result; no built-in strategy's decisions are used as labels.
- `q` (Monte Carlo action values, no labels): the 53 outputs are action values, each regressed
  on the points (the `points` reward, opponents' and the show's included) from the decision to
  the end of its deal, on games the network plays epsilon-greedily through `cribsim._core.Env`
  against a pool of opponents, through a bounded replay buffer; its argmax is the policy.

All three evaluate on the way (win rate of the network against `--eval` opponents over a batch of
games played through the environment) and write the curve as CSV beside the network.

Uses numpy and torch (CPU; threads bounded by --threads) and cribsim's own modules only.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import resource
import struct
import sys
import time
import zlib

import numpy as np

from .. import _core
from ..io import cliio

MAGIC = b"CSNNET1\n"
FORMAT_VERSION = 1
WEIGHT_MAX = 1e4
NOTE_MAX = 1024
OBS_SIZE = _core.OBS_SIZE
ACTIONS = _core.ACTIONS


# ---- the file format (docs/nn-format.md) ----

def input_scale() -> np.ndarray:
    """What each observation byte is multiplied by before the first layer (folded into its
    weights on export): card planes and flags as they are, counts and scores to about 0..1."""
    s = np.ones(OBS_SIZE, dtype=np.float32)
    s[_core.OBS_COUNT] = 1 / 31
    s[_core.OBS_SCORE:_core.OBS_SCORE + 4] = 1 / 121
    s[_core.OBS_LEFT:_core.OBS_LEFT + 4] = 1 / 6
    s[_core.OBS_PLAYERS] = 1 / 4
    s[_core.OBS_TARGET] = 1 / 121
    s[_core.OBS_TO_LAY] = 1 / 2
    s[_core.OBS_SEAT] = 1 / 3
    s[_core.OBS_DEAL] = 1 / 16
    s[_core.OBS_KEEP] = 1 / 4
    s[_core.OBS_PEG:_core.OBS_PEG + 13] = 1 / 6
    return s


def write_nn(path: str, layers: list[tuple[np.ndarray, np.ndarray]], note: str) -> None:
    """Writes layers [(W [out][in], b [out]), ...] (W applied to the raw observation bytes)
    in the C format, with a printable-ASCII note."""
    note_b = note.encode("ascii")
    if len(note_b) > NOTE_MAX or any(c < 0x20 or c > 0x7E for c in note_b):
        raise ValueError("the note must be at most 1024 printable ASCII characters")
    sizes = [layers[0][0].shape[1]] + [w.shape[0] for w, _ in layers]
    if sizes[0] != OBS_SIZE or sizes[-1] != ACTIONS:
        raise ValueError(f"a network maps {OBS_SIZE} inputs to {ACTIONS} outputs, not {sizes}")
    out = bytearray(MAGIC)
    out += struct.pack("<4I", FORMAT_VERSION, _core.OBS_VERSION, len(layers), len(note_b))
    out += struct.pack(f"<{len(sizes)}I", *sizes)
    for w, b in layers:
        w = np.ascontiguousarray(w, dtype="<f4")
        b = np.ascontiguousarray(b, dtype="<f4")
        for arr in (w, b):
            if not np.all(np.isfinite(arr)) or np.abs(arr).max() > WEIGHT_MAX:
                raise ValueError("weights must be finite and at most 1e4 in size")
        out += w.tobytes() + b.tobytes()
    out += note_b
    out += struct.pack("<I", zlib.crc32(bytes(out)) & 0xFFFFFFFF)
    # through the package's one output helper: a temporary file beside path, renamed into
    # place (a checkpoint replaces the last one whole; no link planted at path is followed)
    cliio.write_bytes(path, bytes(out), force=True)


def read_nn(path: str) -> tuple[list[tuple[np.ndarray, np.ndarray]], str]:
    """Reads a network file back (the checks of the C loader that matter here)."""
    data = open(path, "rb").read()
    if data[:8] != MAGIC:
        raise ValueError(f"'{path}' is not a cribsim network file")
    if struct.unpack("<I", data[-4:])[0] != zlib.crc32(data[:-4]) & 0xFFFFFFFF:
        raise ValueError(f"network file '{path}' is corrupt")
    version, obs_version, n_layers, note_len = struct.unpack("<4I", data[8:24])
    if version != FORMAT_VERSION or obs_version != _core.OBS_VERSION:
        raise ValueError(f"network file '{path}': version {version}, encoding {obs_version}")
    sizes = struct.unpack(f"<{n_layers + 1}I", data[24:24 + 4 * (n_layers + 1)])
    at = 24 + 4 * (n_layers + 1)
    layers = []
    for i in range(n_layers):
        n_in, n_out = sizes[i], sizes[i + 1]
        w = np.frombuffer(data, "<f4", n_in * n_out, at).reshape(n_out, n_in).astype(np.float32)
        at += 4 * n_in * n_out
        b = np.frombuffer(data, "<f4", n_out, at).astype(np.float32)
        at += 4 * n_out
        layers.append((w, b))
    note = data[at:at + note_len].decode("ascii")
    if at + note_len + 4 != len(data):
        raise ValueError(f"network file '{path}' has the wrong size")
    return layers, note


def forward_np(layers, obs: np.ndarray) -> np.ndarray:
    """The C forward pass in numpy (float32): scores [n][53] for observations [n][OBS_SIZE]."""
    h = obs.astype(np.float32)
    for i, (w, b) in enumerate(layers):
        h = h @ w.T + b
        if i < len(layers) - 1:
            h = np.maximum(h, 0)
    return h


# ---- the network in torch ----

def _torch(threads: int):
    import torch
    torch.set_num_threads(max(1, threads))
    return torch


CARD_PLANES = 8  # bytes 0-415 of the observation are eight 52-card planes
RANKS = 13


def rank_sum() -> np.ndarray:
    """R [OBS_SIZE][104]: the observation's card planes summed over the suits, a rank count per
    plane (R[52 p + 4 r + s][13 p + r] = 1)."""
    r = np.zeros((OBS_SIZE, CARD_PLANES * RANKS), np.float32)
    for p in range(CARD_PLANES):
        for c in range(52):
            r[52 * p + c, RANKS * p + c // 4] = 1
    return r


def suit_permutations() -> tuple[np.ndarray, np.ndarray]:
    """The 24 relabellings of the suits, as gathers: obs_idx [24][OBS_SIZE] (an observation's bytes
    in the relabelled game are obs[obs_idx[k]]) and act [24][53] (action a becomes act[k][a]).
    Cribbage scores no suit above another (a flush and his nobs ask only that suits agree), so
    a relabelled decision is worth what the original is."""
    from itertools import permutations
    perms = list(permutations(range(4)))
    obs_idx = np.tile(np.arange(OBS_SIZE), (len(perms), 1))
    act = np.tile(np.arange(ACTIONS), (len(perms), 1))
    for k, perm in enumerate(perms):
        for c in range(52):
            new = 4 * (c // 4) + perm[c % 4]
            act[k, c] = new
            for p in range(CARD_PLANES):
                obs_idx[k, 52 * p + new] = 52 * p + c
    return obs_idx, act


def make_net(torch, hidden: list[int], value_head: bool = False, ranks: bool = False):
    nn = torch.nn

    class Net(nn.Module):
        """MLP over the scaled observation; optionally a value head on the last hidden layer
        (used by `rl` as its baseline, not exported). With `ranks`, the first layer also reads
        each card plane's rank counts and each card's output adds its rank's: weights shared by
        the four suits of a rank, which are linear in what they replace and so fold into the
        plain layers on export (the C network is the same shape either way)."""

        def __init__(self):
            super().__init__()
            self.register_buffer("scale", torch.from_numpy(input_scale()))
            sizes = [OBS_SIZE] + list(hidden)
            self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
            self.out = nn.Linear(sizes[-1], ACTIONS)
            self.value = nn.Linear(sizes[-1], 1) if value_head else None
            if ranks:
                self.rank_in = nn.Linear(CARD_PLANES * RANKS, sizes[1], bias=False)
                self.rank_out = nn.Linear(sizes[-1], RANKS, bias=False)
            else:
                self.rank_in = self.rank_out = None

        def trunk(self, obs):
            h = obs.float() * self.scale
            for i, layer in enumerate(self.hidden):
                z = layer(h)
                if i == 0 and self.rank_in is not None:  # h @ rank_sum(), as a sum over suits
                    counts = h[:, :52 * CARD_PLANES].reshape(-1, CARD_PLANES * RANKS, 4).sum(2)
                    z = z + self.rank_in(counts)
                h = torch.relu(z)
            return h

        def forward(self, obs):
            h = self.trunk(obs)
            out = self.out(h)
            if self.rank_out is not None:
                cards = out[:, :52].reshape(-1, RANKS, 4) + self.rank_out(h)[:, :, None]
                out = torch.cat([cards.reshape(-1, 52), out[:, 52:]], dim=1)
            return out

    return Net()


def folded_layers(net) -> list[tuple[np.ndarray, np.ndarray]]:
    """The plain layers a torch Net computes: the rank weights and the input scale folded in."""
    layers = [(m.weight.detach().numpy().astype(np.float64), m.bias.detach().numpy().astype(np.float64))
              for m in list(net.hidden) + [net.out]]
    if net.rank_in is not None:
        w0, b0 = layers[0]
        layers[0] = (w0 + net.rank_in.weight.detach().numpy() @ rank_sum().T, b0)
        wo, bo = layers[-1]
        wo = wo.copy()
        wo[:52] += np.repeat(net.rank_out.weight.detach().numpy(), 4, axis=0)
        layers[-1] = (wo, bo)
    w0, b0 = layers[0]
    layers[0] = (w0 * input_scale()[None, :], b0)
    return [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers]


def export(net, path: str, note: str) -> None:
    """Writes a torch Net as a network file (folded_layers)."""
    write_nn(path, folded_layers(net), note)


def load_into(torch, net, path: str) -> None:
    """Sets a torch Net's weights from a network file (the first layer's folded input scale
    taken back out, the rank weights, if any, zero), for training on from it."""
    layers, _ = read_nn(path)
    mods = list(net.hidden) + [net.out]
    if [w.shape for w, _ in layers] != [tuple(m.weight.shape) for m in mods]:
        raise ValueError(f"'{path}' has other layer sizes than --hidden")
    with torch.no_grad():
        for i, (m, (w, b)) in enumerate(zip(mods, layers)):
            if i == 0:
                w = w / input_scale()[None, :]
            m.weight.copy_(torch.from_numpy(np.ascontiguousarray(w, np.float32)))
            m.bias.copy_(torch.from_numpy(b))
        for m in (net.rank_in, net.rank_out):
            if m is not None:
                m.weight.zero_()


def masked(torch, scores, mask):
    return scores.masked_fill(mask == 0, -1e9)


# ---- evaluation through the environment ----

def evaluate(torch, net, opponent: str, games: int, seed: int, threads: int = 1,
             rules: str = "two") -> float:
    """The network's win rate (ties half) against `opponent` over `games` games, half of them
    from each seat, played through cribsim._core.Env with the argmax policy."""
    results = []
    for learner in (0, 1):
        n = games // 2
        seats = [None, opponent] if learner == 0 else [opponent, None]
        env = _core.Env(rules, None, seats, n, threads, "win")
        obs = np.zeros((n, OBS_SIZE), np.uint8)
        mask = np.zeros((n, ACTIONS), np.uint8)
        seat = np.zeros(n, np.int8)
        rew = np.zeros((n, 4), np.float32)
        done = np.zeros(n, np.uint8)
        env.reset(seed, obs, mask, seat)
        finished = np.zeros(n, bool)
        score = np.zeros(n, np.float32)
        while not finished.all():
            with torch.no_grad():
                s = masked(torch, net(torch.from_numpy(obs)), torch.from_numpy(mask))
            act = s.argmax(1).numpy().astype(np.int32)
            env.step(act, obs, mask, seat, rew, done)
            new = (done != 0) & ~finished
            score[new] = rew[new, learner]
            finished |= done != 0
        results.append((score + 1) / 2)
    return float(np.concatenate(results).mean())


# ---- behaviour cloning ----

def collect(game_cls, teacher, actors, weights, rules: str, seed: int, first: int, n_games: int,
            rng: np.random.Generator):
    """Plays games first..first+n_games of `seed` with an actor per seat drawn from `actors`
    (cribsim.Strategy or None for the teacher) and returns (obs, mask, label) for every
    decision with more than one legal action, labelled with the teacher's action there."""
    game = game_cls(rules)
    obs_l, mask_l, lab_l = [], [], []
    for g in range(first, first + n_games):
        state = game.new_initial_state(seed=seed, game=g)
        seat_actor = [actors[i] for i in rng.choice(len(actors), size=game.num_players(), p=weights)]
        while not state.is_terminal():
            p = state.current_player()
            mask = state.legal_actions_mask()
            if mask.sum() > 1:
                label = teacher.action(state)
                obs_l.append(state.observation_tensor(p))
                mask_l.append(mask)
                lab_l.append(label)
                actor = seat_actor[p]
                a = label if actor is None else actor.action(state)
            else:
                a = int(mask.argmax())
            state.apply_action(a)
    return np.array(obs_l, np.uint8), np.array(mask_l, np.uint8), np.array(lab_l, np.int64)


def seeded_net(args):
    """torch (with --threads), a numpy generator and torch's initialisation from --seed, the
    network of --hidden (--ranks), from --init if given, and its Adam optimiser at --lr."""
    torch = _torch(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    net = make_net(torch, args.hidden, ranks=args.ranks)
    if args.init:
        load_into(torch, net, args.init)
    return torch, rng, net, torch.optim.Adam(net.parameters(), lr=args.lr)


def bc_checkpoint(torch, net, args, curve, seed: int, head: str, amount: int, elapsed: float) -> None:
    """A point of a bc learning curve: the network's win rates against --eval written after
    `head` (the run's own fields), printed, and the network exported as it stands."""
    net.eval()
    wins = [evaluate(torch, net, opp, args.eval_games, seed, args.threads, args.rules) for opp in args.eval]
    line = head + "," + ",".join(f"{w:.4f}" for w in wins)
    curve.write(line + "\n")
    curve.flush()
    print(line, flush=True)
    export(net, args.out, note(args, "bc", amount, elapsed))


def train_bc(args) -> None:
    from ..game import Game, Strategy
    torch, rng, net, opt = seeded_net(args)
    teacher = Strategy(args.teacher)
    pool = [None] + [Strategy(s) for s in args.actors]
    weights = np.array([args.teacher_share] + [(1 - args.teacher_share) / len(args.actors)] * len(args.actors))
    buf_obs, buf_mask, buf_lab = [], [], []
    curve = open(args.out + ".curve.csv", "w")
    curve.write("seconds,games,rows,loss,accuracy," + ",".join(f"win_vs_{o}" for o in args.eval) + "\n")
    start = time.time()
    games = rows = 0
    chunk = 0
    next_eval = 0.0
    while True:
        elapsed = time.time() - start
        if elapsed > args.minutes * 60:
            break
        o, m, l = collect(Game, teacher, pool, weights, args.rules, args.seed, args.first_game + games,
                          args.chunk_games, rng)
        games += args.chunk_games
        rows += len(l)
        buf_obs.append(o), buf_mask.append(m), buf_lab.append(l)
        while sum(len(x) for x in buf_lab) > args.buffer_rows:
            buf_obs.pop(0), buf_mask.pop(0), buf_lab.pop(0)
        O = torch.from_numpy(np.concatenate(buf_obs))
        M = torch.from_numpy(np.concatenate(buf_mask))
        L = torch.from_numpy(np.concatenate(buf_lab))
        net.train()
        tot_loss = tot_acc = 0.0
        nb = 0
        for _ in range(args.passes):
            perm = torch.randperm(len(L))
            for i in range(0, len(L), args.batch):
                idx = perm[i:i + args.batch]
                s = masked(torch, net(O[idx]), M[idx])
                loss = torch.nn.functional.cross_entropy(s, L[idx])
                opt.zero_grad()
                loss.backward()
                opt.step()
                tot_loss += loss.item()
                tot_acc += (s.argmax(1) == L[idx]).float().mean().item()
                nb += 1
        chunk += 1
        elapsed = time.time() - start
        if elapsed >= next_eval or elapsed > args.minutes * 60:
            bc_checkpoint(torch, net, args, curve, 999_000 + chunk,
                          f"{elapsed:.0f},{games},{rows},{tot_loss / nb:.4f},{tot_acc / nb:.4f}",
                          games, elapsed)
            next_eval = elapsed + args.eval_every
    net.eval()
    export(net, args.out, note(args, "bc", games, time.time() - start))
    curve.close()


# ---- behaviour cloning from label files (experiments/tools/nn_labels.c) ----

LABEL_MAGIC = b"CSLABEL1"
LABEL_ROW = (OBS_SIZE + ACTIONS + 2 + 7) // 8 * 8  # the observation, the mask, the label, alt
# (255: none), zeros to a multiple of 8 bytes (nn_labels.c)


def label_rows(path: str) -> int:
    """The row count of a cs_nn_labels file, after checking its header and length."""
    import os
    with open(path, "rb") as f:
        head = f.read(16)
    if len(head) < 16 or head[:8] != LABEL_MAGIC:
        raise ValueError(f"'{path}' is not a cs_nn_labels file (no CSLABEL1 header)")
    obs, act = struct.unpack("<II", head[8:])
    if (obs, act) != (OBS_SIZE, ACTIONS):
        raise ValueError(f"'{path}' has observations of {obs} bytes and {act} actions; this "
                         f"cribsim has {OBS_SIZE} and {ACTIONS}")
    body = os.path.getsize(path) - 16
    if body % LABEL_ROW:
        raise ValueError(f"'{path}' ends inside a row ({body} bytes after the header)")
    return body // LABEL_ROW


def read_labels(path: str, start: int, count: int):
    """Rows start..start+count-1 of a label file: (obs, mask, label, alt) arrays, the label
    and alt checked against the mask (a bad row is refused with the file and row named)."""
    raw = np.fromfile(path, np.uint8, count * LABEL_ROW, offset=16 + start * LABEL_ROW)
    raw = raw.reshape(-1, LABEL_ROW)
    obs = raw[:, :OBS_SIZE]
    mask = raw[:, OBS_SIZE:OBS_SIZE + ACTIONS]
    lab = raw[:, OBS_SIZE + ACTIONS].astype(np.int64)
    alt = raw[:, OBS_SIZE + ACTIONS + 1].astype(np.int64)
    rows = np.arange(len(raw))
    bad = (mask > 1).any(1) | (lab >= ACTIONS) | ((alt != 255) & (alt >= ACTIONS))
    bad |= mask[rows, np.minimum(lab, ACTIONS - 1)] == 0
    bad |= (alt != 255) & (mask[rows, np.minimum(alt, ACTIONS - 1)] == 0)
    if bad.any():
        raise ValueError(f"'{path}' row {start + int(bad.argmax())}: a label outside its mask")
    return obs, mask, lab, alt


def label_loss(torch, scores, mask, lab, alt):
    """Cross-entropy over the legal actions; where alt names a second right answer (the first
    card of a discard, either of the teacher's two), the log of the two's summed probability.
    Returns the mean loss and the share of rows whose argmax is a right answer."""
    s = masked(torch, scores, mask)
    logz = torch.logsumexp(s, 1)
    has_alt = alt != 255
    alt_c = torch.where(has_alt, alt, lab)
    right = torch.stack([s.gather(1, lab[:, None])[:, 0], s.gather(1, alt_c[:, None])[:, 0]], 1)
    good = torch.where(has_alt, torch.logsumexp(right, 1), right[:, 0])
    top = s.argmax(1)
    acc = ((top == lab) | (has_alt & (top == alt))).float().mean()
    return (logz - good).mean(), acc


def label_files(paths: list[str]) -> list[str]:
    """The label files named, a folder standing for its complete *.lab files, by name."""
    import glob
    import os
    out = []
    for p in paths:
        out += sorted(glob.glob(os.path.join(p, "*.lab"))) if os.path.isdir(p) else [p]
    return out


def train_bc_labels(args) -> None:
    """Behaviour cloning from cs_nn_labels files: a ring of the latest --buffer-rows rows, a
    chunk of rows read into it at a time from the files in turn (a folder's new files as they
    appear, unread ones first, in the order --labels names them), --passes minibatch steps
    over its size after each chunk."""
    torch, rng, net, opt = seeded_net(args)
    lr_end = args.lr if args.lr_end is None else args.lr_end
    cap = args.buffer_rows
    O = np.zeros((cap, OBS_SIZE), np.uint8)
    M = np.zeros((cap, ACTIONS), np.uint8)
    L = np.zeros(cap, np.int64)
    A = np.zeros(cap, np.int64)
    filled = head = 0
    sizes: dict[str, int] = {}
    pos: dict[str, int] = {}
    reads: dict[str, int] = {}
    curve = open(args.out + ".curve.csv", "w")
    curve.write("seconds,rows_read,updates,loss,accuracy," + ",".join(f"win_vs_{o}" for o in args.eval) + "\n")
    start = time.time()
    read = updates = 0
    next_eval = args.eval_every
    tot_loss = tot_acc = 0.0
    nb = 0
    while time.time() - start < args.minutes * 60:
        order = {f: i for i, f in enumerate(label_files(args.labels))}
        for f in order:
            if f not in sizes:
                sizes[f], pos[f], reads[f] = label_rows(f), 0, 0
        live = [f for f in sizes if sizes[f] > 0]
        if not live:
            raise ValueError("no labelled rows in " + " ".join(args.labels))
        # unread files first, then the least read; among equals, in the order --labels names
        # them (a folder's by name)
        f = min(live, key=lambda k: (reads[k], order.get(k, len(order))))
        n = min(args.chunk_rows, sizes[f] - pos[f])
        o, m, lab, alt = read_labels(f, pos[f], n)
        pos[f] += n
        if pos[f] == sizes[f]:
            pos[f], reads[f] = 0, reads[f] + 1
        read += n
        idx = (head + np.arange(n)) % cap
        O[idx], M[idx], L[idx], A[idx] = o, m, lab, alt
        head = (head + n) % cap
        filled = min(cap, filled + n)
        frac = min(1.0, (time.time() - start) / (args.minutes * 60))
        for g in opt.param_groups:
            g["lr"] = args.lr + (lr_end - args.lr) * frac
        net.train()
        for _ in range(max(1, int(args.passes * n / args.batch))):
            b = rng.integers(0, filled, args.batch)
            loss, acc = label_loss(torch, net(torch.from_numpy(O[b])), torch.from_numpy(M[b]),
                                   torch.from_numpy(L[b]), torch.from_numpy(A[b]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            updates += 1
            tot_loss += loss.item()
            tot_acc += acc.item()
            nb += 1
        elapsed = time.time() - start
        if elapsed >= next_eval or elapsed >= args.minutes * 60:
            bc_checkpoint(torch, net, args, curve, 999_000 + updates,
                          f"{elapsed:.0f},{read},{updates},{tot_loss / nb:.4f},{tot_acc / nb:.4f}",
                          read, elapsed)
            tot_loss = tot_acc = 0.0
            nb = 0
            next_eval = elapsed + args.eval_every
    net.eval()
    export(net, args.out, note(args, "bc", read, time.time() - start))
    curve.close()


def deepen(layers: list[tuple[np.ndarray, np.ndarray]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The same network with one more hidden layer, an identity, before the output layer: the
    last hidden layer's units are ReLU outputs, at least 0, so relu(I h + 0) = h and the deeper
    network computes exactly what the shallower one did; training on from it adds capacity
    without starting over."""
    width = layers[-1][0].shape[1]
    return layers[:-1] + [(np.eye(width, dtype=np.float32), np.zeros(width, np.float32)), layers[-1]]


def note(args, method: str, games: int, seconds: float) -> str:
    hidden = "x".join(str(h) for h in args.hidden)
    if method == "bc" and getattr(args, "labels", None):
        what = (f"bc from label files {'+'.join(p.rstrip('/').split('/')[-1] for p in args.labels)}"
                f"{', from ' + args.init.split('/')[-1] if args.init else ''}")
    elif method == "bc":
        what = (f"bc of {args.teacher} (actors {'+'.join(a.split('/')[-1] for a in args.actors)}, "
                f"teacher share {args.teacher_share}{', from ' + args.init.split('/')[-1] if args.init else ''})")
    elif method == "q" and getattr(args, "cmd", "q") == "br":
        what = (f"br against {args.target}"
                + (f" (trained against {args.stand_in})" if args.stand_in else "")
                + (f" from {args.init.split('/')[-1]}" if args.init else " from random weights"))
    elif method == "q":
        what = (f"q monte carlo deal points vs {'+'.join(args.opponents)} "
                + (f"from {args.init.split('/')[-1]}" if args.init else "from random weights"))
    else:
        what = (f"rl reinforce vs {'+'.join(args.opponents)} "
                + (f"from {args.init.split('/')[-1]}" if args.init else "from random weights"))
    amount = "rows read" if method == "bc" and getattr(args, "labels", None) else "games"
    # action values record their scale (outputs are points / scale), which mc's value= reads
    if method == "q":
        what += f"; scale={args.scale:g}"
    return (f"cribsim.train.nn {what}; hidden {hidden}; seed {args.seed}; {games} {amount}; "
            f"{seconds:.0f} s; rules {args.rules}")[:NOTE_MAX]


# ---- policy gradient through the batch environment ----

def train_rl(args) -> None:
    """REINFORCE with a value baseline: a batch of games against each opponent of the pool in
    turn (the learner in seat 0 and in seat 1), the learner's decisions with a choice kept, each
    weighted by its return less the value head's estimate: the discounted points that follow it
    (the environment's `points` reward: the side's points minus the other's) and the game's
    result. No strategy's decisions are labels; the opponents only play."""
    torch = _torch(args.threads)
    torch.manual_seed(args.seed)
    net = make_net(torch, args.hidden, value_head=True)
    if args.init:
        load_into(torch, net, args.init)  # the policy; the value head starts afresh
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    n = args.batch_games
    envs = learner_envs(args.opponents, n, args.rules, args.seed)  # train_q's seating, seeds
    curve = open(args.out + ".curve.csv", "w")
    curve.write("seconds,games,decisions," + ",".join(f"win_vs_{o}" for o in args.eval) + "\n")
    start = time.time()
    games = decisions = 0
    next_eval = 0.0
    it = 0
    while True:
        elapsed = time.time() - start
        if elapsed >= next_eval or elapsed > args.minutes * 60:
            net.eval()
            wins = [evaluate(torch, net, opp, args.eval_games, 777_000 + it, 1, args.rules) for opp in args.eval]
            line = f"{elapsed:.0f},{games},{decisions}," + ",".join(f"{w:.4f}" for w in wins)
            curve.write(line + "\n")
            curve.flush()
            print(line, flush=True)
            next_eval = elapsed + args.eval_every
            export(net, args.out, note(args, "rl", games, elapsed))
            if elapsed > args.minutes * 60:
                break
        net.train()
        e = envs[it % len(envs)]
        it += 1
        # one game per slot, to its end: the trajectories of the batch, every step kept
        # (rewards arrive at forced steps too); the learner's decisions with a choice trained
        steps_obs, steps_mask, steps_act, steps_rew, steps_live, steps_choice = [], [], [], [], [], []
        finished = np.zeros(n, bool)
        while not finished.all():
            o, m = e["obs"], e["mask"]
            with torch.no_grad():
                s = masked(torch, net(torch.from_numpy(o)), torch.from_numpy(m))
                act = torch.distributions.Categorical(logits=s).sample().numpy().astype(np.int32)
            live = ~finished
            choice = (m.sum(1) > 1) & live
            steps_obs.append(o[choice].copy())
            steps_mask.append(m[choice].copy())
            steps_act.append(act[choice].copy())
            steps_choice.append(choice)
            e["env"].step(act, o, m, e["seat"], e["rew"], e["done"])
            steps_rew.append(np.where(live, e["rew"][:, e["learner"]], 0.0).astype(np.float32))
            steps_live.append(live)
            finished |= e["done"] != 0
        games += n
        # returns: the points reward (the side's points minus the other's, as they come) summed
        # from each decision on with discount --gamma per step, scaled by 1/10, and at the game's
        # end --win-bonus times +1 / -1 for a win / loss
        margin = np.sum(steps_rew, axis=0)
        win = np.sign(margin)
        G = np.zeros(n, np.float32)
        returns = [None] * len(steps_rew)
        last = len(steps_rew) - 1
        for t in range(last, -1, -1):
            live = steps_live[t]
            ended = live & ((t == last) | ~steps_live[min(t + 1, last)])
            G = np.where(ended, steps_rew[t] / 10.0 + args.win_bonus * win,
                         np.where(live, steps_rew[t] / 10.0 + args.gamma * G, 0.0)).astype(np.float32)
            returns[t] = G[steps_choice[t]]
        traj_obs, traj_mask, traj_act = steps_obs, steps_mask, steps_act
        O = torch.from_numpy(np.concatenate(traj_obs))
        M = torch.from_numpy(np.concatenate(traj_mask))
        A = torch.from_numpy(np.concatenate(traj_act).astype(np.int64))
        G = torch.from_numpy(np.concatenate(returns))
        decisions += len(A)
        for _ in range(args.epochs):
            perm = torch.randperm(len(A))
            for i in range(0, len(A), args.batch):
                idx = perm[i:i + args.batch]
                h = net.trunk(O[idx])
                logits = masked(torch, net.out(h), M[idx])
                v = net.value(h).squeeze(1)
                logp = torch.log_softmax(logits, 1)
                lp = logp.gather(1, A[idx][:, None]).squeeze(1)
                adv = (G[idx] - v).detach()
                probs = logp.exp()
                entropy = -(probs * logp.masked_fill(M[idx] == 0, 0)).sum(1).mean()
                loss = -(lp * adv).mean() + 0.5 * ((G[idx] - v) ** 2).mean() - args.entropy * entropy
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
    curve.close()


# ---- action values through the batch environment ----

def deal_ended(deal_before: np.ndarray, obs_after: np.ndarray, done: np.ndarray) -> np.ndarray:
    """Which slots' steps closed a deal: the game ended, or the learner's next decision is in
    another deal (its observation's deal number differs). The show's points come in the step
    that closes the deal, before the next deal's first decision, so they count in the deal."""
    return (done != 0) | (obs_after[:, _core.OBS_DEAL] != deal_before)


class DealReturns:
    """The points from each learner decision to the end of its deal, per slot of a batch.

    `mark(slots)` notes, at a decision, the slot's points so far in the deal and the deal's
    sequence number; `add(reward, ended)` adds a step's reward to every slot and closes the
    deals that `ended` says ended; `targets(slots, seq, before)` gives, for marked decisions,
    whether their deal has closed and, if so, the points from the decision to the deal's end
    (the deal's total less what came before the decision). Closed deals' totals are kept in a
    ring of `ring` deals a slot, so a decision must be looked up within `ring` deals."""

    def __init__(self, n: int, ring: int = 64):
        self.ring = ring
        self.sum = np.zeros(n, np.float32)
        self.seq = np.zeros(n, np.int64)
        self.totals = np.zeros((n, ring), np.float32)

    def mark(self, slots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.sum[slots].copy(), self.seq[slots].copy()

    def add(self, reward: np.ndarray, ended: np.ndarray) -> None:
        self.sum += reward
        idx = np.flatnonzero(ended)
        self.totals[idx, self.seq[idx] % self.ring] = self.sum[idx]
        self.sum[idx] = 0
        self.seq[idx] += 1

    def targets(self, slots, seq, before) -> tuple[np.ndarray, np.ndarray]:
        if np.any(self.seq[slots] - seq > self.ring):
            raise RuntimeError("a decision waited longer than the ring of deal totals holds")
        closed = seq < self.seq[slots]
        return closed, self.totals[slots, seq % self.ring] - before


def step_recorded(e: dict, act: np.ndarray, nexts: bool, scale: float) -> tuple:
    """Steps a batch of train_q's (e: its env, obs, mask, seat, rew, done, learner and
    DealReturns) by act and returns the decisions it took, for the buffer once their deals
    have closed: (obs, act, slot, deal seq, points before) for each decision with a choice,
    or, with nexts, for every decision followed by (the step's points / scale, the slot's next
    observation and mask, 1 if that next decision is in the same deal else 0)."""
    o, m = e["obs"], e["mask"]
    rows = np.arange(len(act)) if nexts else np.flatnonzero(m.sum(1) > 1)
    before, seq = e["deals"].mark(rows)
    entry = (o[rows].copy(), act[rows].astype(np.int64), rows, seq, before)
    deal_before = o[:, _core.OBS_DEAL].copy()
    e["env"].step(act.astype(np.int32), o, m, e["seat"], e["rew"], e["done"])
    ended = deal_ended(deal_before, o, e["done"])
    points = e["rew"][:, e["learner"]]
    e["deals"].add(points, ended)
    if nexts:
        entry += (points[rows] / scale, o[rows].copy(), m[rows].copy(),
                  (~ended[rows]).astype(np.float32))
    return entry


class Replay:
    """A bounded ring of (observation, action, target) rows: memory flat in the games. With
    `nexts`, each row also keeps what its step led to (the points of the step, the learner's
    next observation and mask, and whether the deal went on), for bootstrapped targets."""

    def __init__(self, rows: int, nexts: bool = False):
        self.obs = np.zeros((rows, OBS_SIZE), np.uint8)
        self.act = np.zeros(rows, np.int64)
        self.target = np.zeros(rows, np.float32)
        self.nexts = nexts
        if nexts:
            self.reward = np.zeros(rows, np.float32)
            self.next_obs = np.zeros((rows, OBS_SIZE), np.uint8)
            self.next_mask = np.zeros((rows, ACTIONS), np.uint8)
            self.goes_on = np.zeros(rows, np.float32)
        self.at = self.size = 0

    def add(self, obs, act, target, nexts=None) -> None:
        cap = len(self.act)
        idx = (self.at + np.arange(len(act))) % cap
        self.obs[idx], self.act[idx], self.target[idx] = obs, act, target
        if self.nexts:
            reward, next_obs, next_mask, goes_on = nexts
            self.reward[idx], self.next_obs[idx] = reward, next_obs
            self.next_mask[idx], self.goes_on[idx] = next_mask, goes_on
        self.at = int((self.at + len(act)) % cap)
        self.size = min(cap, self.size + len(act))

    def sample(self, rng: np.random.Generator, k: int, perms=None):
        """k rows drawn with replacement, as (obs, act, target) and, with nexts, (reward,
        next_obs, next_mask, goes_on) after them; with perms (suit_permutations()), each row's
        suits relabelled by one of the 24 at random, its next observation and mask alike."""
        idx = rng.integers(0, self.size, k)
        obs, act = self.obs[idx], self.act[idx]
        rows = [obs, act, self.target[idx]]
        if self.nexts:
            rows += [self.reward[idx], self.next_obs[idx], self.next_mask[idx], self.goes_on[idx]]
        if perms is not None:
            which = rng.integers(0, len(perms[0]), k)
            rows[0] = np.take_along_axis(obs, perms[0][which], 1)
            rows[1] = perms[1][which, act]
            if self.nexts:
                rows[4] = np.take_along_axis(rows[4], perms[0][which], 1)
                # the mask is indexed by action: action a of the original is act[k][a] after,
                # so the relabelled mask gathers through the inverse map
                rows[5] = np.take_along_axis(rows[5], np.argsort(perms[1], 1)[which], 1)
        return tuple(rows)


def learner_envs(opponents, n: int, rules: str, seed: int) -> list[dict]:
    """train_q's batches: for each opponent spec in turn, a batch of n two-player games with the
    learner at seat 0 and one with it at seat 1, the opponent's seat played in C by its
    strategy, each reset (batch k from seed * 1000 + k) and ready for the learner's first
    decision. Each is a dict: env, learner (its seat), obs, mask, seat (the acting seat of each
    slot, always the learner's), rew, done, deals (DealReturns), pending (decisions waiting for
    their deal to end). train_rl plays the same batches (without deals and pending)."""
    envs = []
    for opp in opponents:
        for learner in (0, 1):
            seats = [None, opp] if learner == 0 else [opp, None]
            e = dict(env=_core.Env(rules, None, seats, n, 1, "points"), learner=learner,
                     obs=np.zeros((n, OBS_SIZE), np.uint8), mask=np.zeros((n, ACTIONS), np.uint8),
                     seat=np.zeros(n, np.int8), rew=np.zeros((n, 4), np.float32),
                     done=np.zeros(n, np.uint8), deals=DealReturns(n), pending=[])
            e["env"].reset(seed * 1000 + len(envs), e["obs"], e["mask"], e["seat"])
            envs.append(e)
    return envs


def train_q(args) -> None:
    """Monte Carlo action values: the network's 53 outputs are each action's expected points
    to the end of the deal (the `points` reward: the learner's side's points minus the other's,
    opponents' steps and the show included, undiscounted, divided by --scale), so the argmax
    over the legal actions that the `nn` strategy plays is the greedy policy. Batches of games
    against each opponent of the pool in turn (the learner in seat 0 and in seat 1) are played
    on, --steps learner decisions at a time, epsilon-greedy (epsilon from --eps-start down to
    --eps-end over the first --eps-decay share of the time). Every decision with a choice whose
    deal has ended goes, with its return as the target, into a bounded replay buffer, and the
    taken action's output is regressed on it (Huber loss), --updates batches a round, Adam's
    rate falling linearly from --lr to --lr-end over the time. With --suits (the default) each
    row drawn from the buffer has its suits relabelled by one of the 24 relabellings at random,
    which cribbage's scoring does not see; with --ranks (the default) the network shares
    weights between a rank's suits (make_net). With --mc-share below 1 the target mixes the
    Monte Carlo return with a bootstrapped one, the step's points plus the best legal value of
    the learner's next decision in the same deal by a copy of the network refreshed every
    --target-every updates (0 at a deal's end): target = share * return + (1 - share) *
    (points + next value). Every decision then goes to the buffer, forced ones too, so that
    values pass back through them. No strategy's decisions are labels; the opponents only
    play."""
    torch, rng, net, opt = seeded_net(args)
    perms = suit_permutations() if args.suits else None
    n = args.batch_games
    envs = learner_envs(args.opponents, n, args.rules, args.seed)
    boot = args.mc_share < 1
    replay = Replay(args.buffer_rows, nexts=boot)
    target_net = None
    if boot:
        target_net = copy.deepcopy(net)
        target_net.eval()
    updates = 0
    resumed = getattr(args, "resumed_seconds", 0.0) > 0
    curve = open(args.out + ".curve.csv", "a" if resumed else "w")
    # cpu_seconds: this process's CPU time, the measure of work on a shared machine
    if not resumed:
        curve.write("seconds,cpu_seconds,games,decisions,loss,epsilon," + ",".join(f"win_vs_{o}" for o in args.eval) + "\n")
    done_before = getattr(args, "resumed_seconds", 0.0)  # a resumed br run's earlier time
    start = time.time() - done_before
    cpu0 = time.process_time() - getattr(args, "resumed_cpu_seconds", 0.0)
    games = decisions = 0
    next_eval = done_before
    it = 0
    tot_loss, nb = 0.0, 0
    while True:
        elapsed = time.time() - start
        frac = min(1.0, elapsed / max(1e-9, args.eps_decay * args.minutes * 60))
        eps = args.eps_start + (args.eps_end - args.eps_start) * frac
        for group in opt.param_groups:
            group["lr"] = args.lr + (args.lr_end - args.lr) * min(1.0, elapsed / (args.minutes * 60))
        if elapsed >= next_eval or elapsed > args.minutes * 60:
            net.eval()
            wins = [evaluate(torch, net, opp, args.eval_games, 777_000 + it, 1, args.rules) for opp in args.eval]
            line = f"{elapsed:.0f},{time.process_time() - cpu0:.0f},{games},{decisions},{tot_loss / max(1, nb):.4f},{eps:.3f}," + \
                ",".join(f"{w:.4f}" for w in wins)
            curve.write(line + "\n")
            curve.flush()
            print(line, flush=True)
            tot_loss, nb = 0.0, 0
            next_eval = elapsed + args.eval_every
            export(net, args.out, note(args, "q", games, elapsed))
            write_progress(args.out, elapsed, time.process_time() - cpu0)
            if elapsed > args.minutes * 60:
                break
        e = envs[it % len(envs)]
        it += 1
        deals = e["deals"]
        net.eval()
        for _ in range(args.steps):
            o, m = e["obs"], e["mask"]
            with torch.no_grad():
                q = masked(torch, net(torch.from_numpy(o)), torch.from_numpy(m)).numpy()
            act = q.argmax(1)
            explore = rng.random(n) < eps
            if explore.any():
                legal = m[explore].astype(np.float64)
                cum = np.cumsum(legal, 1)
                pick = rng.random(len(cum)) * cum[:, -1]
                act[explore] = (cum > pick[:, None]).argmax(1)
            e["pending"].append(step_recorded(e, act, boot, args.scale))
            games += int((e["done"] != 0).sum())
        # the decisions whose deals have ended go to the buffer; the others wait
        P = [np.concatenate(x) for x in zip(*e["pending"])]
        closed, target = deals.targets(P[2], P[3], P[4])
        replay.add(P[0][closed], P[1][closed], target[closed] / args.scale,
                   [x[closed] for x in P[5:]] if boot else None)
        decisions += int(closed.sum())
        e["pending"] = [tuple(x[~closed] for x in P)]
        if replay.size < args.batch:
            continue
        net.train()
        for _ in range(args.updates):
            O, A, G, *nexts = (torch.from_numpy(x) for x in replay.sample(rng, args.batch, perms))
            if boot:
                R, NO, NM, C = nexts
                with torch.no_grad():
                    v = masked(torch, target_net(NO), NM).max(1).values
                G = args.mc_share * G + (1 - args.mc_share) * (R + C * v)
            qa = net(O).gather(1, A[:, None]).squeeze(1)
            loss = torch.nn.functional.smooth_l1_loss(qa, G)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 10.0)
            opt.step()
            tot_loss += loss.item()
            nb += 1
            updates += 1
            if boot and updates % args.target_every == 0:
                target_net.load_state_dict(net.state_dict())
    curve.close()


# ---- approximate best responses ----

def write_progress(out: str, seconds: float, cpu_seconds: float) -> None:
    """OUT.progress.json: how long the network at OUT has trained, for `br --resume`."""
    tmp = out + ".progress.json.part"
    with open(tmp, "w") as f:
        json.dump({"seconds": seconds, "cpu_seconds": cpu_seconds}, f)
    os.replace(tmp, out + ".progress.json")


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB (Linux's ru_maxrss is in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def train_br(args) -> dict:
    """An approximate best response to --target: train_q's action values against the target
    alone (or a faster --stand-in for it, said so in the record), from random weights or
    --init, for --minutes of wall time in all; then the network, played in C by the `nn`
    strategy exactly as it will be judged, is measured over --games duplicate games against
    the target, and --pool-games against expected and against each of the habit pool, and
    the record (exploit.py) is written to OUT.json. With --resume a run that was stopped goes
    on from OUT and its OUT.progress.json for the time left (the network's weights carry over;
    the optimiser's state, the replay buffer and epsilon's schedule start again from where the
    time puts them, so a resumed run is not the same bytes as one run straight through)."""
    from ..analysis import exploit
    trained_against = args.stand_in or args.target
    args.opponents = [trained_against]
    args.eval = [trained_against]
    started_from = args.init  # a resumed run gives the same --init: the record names it
    if args.resume:
        try:
            with open(args.out + ".progress.json") as f:
                progress = json.load(f)
        except (OSError, ValueError) as e:
            raise SystemExit(f"--resume: {args.out}.progress.json cannot be read: {e}")
        args.init = args.out
        args.resumed_seconds = float(progress["seconds"])
        args.resumed_cpu_seconds = float(progress["cpu_seconds"])
    if not args.resume or args.resumed_seconds < args.minutes * 60:
        train_q(args)
    with open(args.out + ".progress.json") as f:
        progress = json.load(f)
    response = f"nn:path={os.path.abspath(args.out)}"
    record = {"target": args.target, "stand_in": args.stand_in, "seed": args.seed,
              "init": started_from, "hidden": args.hidden,
              "rules": args.rules, "minutes": progress["seconds"] / 60,
              "cpu_seconds": progress["cpu_seconds"], "peak_rss_mb": peak_rss_mb(),
              "measure_seed": args.measure_seed}
    if args.games > 0:
        record["vs_target"] = exploit.measure(response, args.target, args.games,
                                              args.measure_seed, args.threads, args.rules)
        record["vs_expected"] = exploit.measure(response, "expected", args.pool_games,
                                                args.measure_seed, args.threads, args.rules)
        record["vs_pool"] = exploit.pool_measure(response, exploit.HABIT_POOL, args.pool_games,
                                                 args.measure_seed, args.threads, args.rules)
        t = record["vs_target"]
        print(f"br against {args.target}: {100 * t['rate']:.1f}% "
              f"[{100 * t['paired'][0]:.1f}%, {100 * t['paired'][1]:.1f}%] over {t['games']} "
              f"duplicate games, {t['points_a_deal']:+.2f} points a deal; against expected "
              f"{100 * record['vs_expected']['rate']:.1f}%, the habit pool "
              f"{100 * record['vs_pool']['rate']:.1f}%", flush=True)
    with open(args.out + ".json", "w") as f:
        json.dump(record, f, indent=1)
    return record


# ---- the command line ----

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cribsim.train.nn", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(p):
        p.add_argument("--out", required=True, help="the network file to write")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--hidden", type=int, nargs="+", default=[128, 128])
        p.add_argument("--minutes", type=float, default=20, help="training time")
        p.add_argument("--threads", type=int, default=1, help="torch and environment threads")
        p.add_argument("--rules", default="two")
        p.add_argument("--eval", nargs="+", default=["expected", "greedy"], help="opponents of the curve")
        p.add_argument("--eval-games", type=int, default=2000)
        p.add_argument("--eval-every", type=float, default=120, help="seconds between evaluations")

    bc = sub.add_parser("bc", help="behaviour cloning of a teacher strategy")
    common(bc)
    bc.add_argument("--teacher", default="expert")
    bc.add_argument("--init", help="a network file to train on from (its sizes: --hidden)")
    bc.add_argument("--first-game", type=int, default=0, help="the first game of the seed played")
    bc.add_argument("--actors", nargs="+", default=["expected", "greedy", "random"],
                    help="strategy specs that play beside the teacher (nn:path=F: the network so "
                         "far, for states its own play reaches)")
    bc.add_argument("--teacher-share", type=float, default=0.5)
    bc.add_argument("--chunk-games", type=int, default=400)
    bc.add_argument("--buffer-rows", type=int, default=400_000)
    bc.add_argument("--passes", type=int, default=1)
    bc.add_argument("--batch", type=int, default=512)
    bc.add_argument("--lr", type=float, default=1e-3)
    bc.add_argument("--labels", nargs="+",
                    help="cs_nn_labels files or folders of them (*.lab) to learn from instead "
                         "of labelling games here; --teacher and --actors are then the files'")
    bc.add_argument("--lr-end", type=float, default=None, help="the rate at the end (linear; "
                    "with --labels)")
    bc.add_argument("--chunk-rows", type=int, default=131_072, help="rows read at a time (--labels)")
    bc.add_argument("--ranks", action=argparse.BooleanOptionalAction, default=False,
                    help="weights shared by a rank's four suits (folded on export)")

    rl = sub.add_parser("rl", help="policy gradient from random weights through the environment")
    common(rl)
    rl.add_argument("--opponents", nargs="+", default=["greedy", "expected", "random"])
    rl.add_argument("--init", help="a network file to train on from (an earlier rl run's)")
    rl.add_argument("--batch-games", type=int, default=256)
    rl.add_argument("--epochs", type=int, default=2)
    rl.add_argument("--batch", type=int, default=2048)
    rl.add_argument("--lr", type=float, default=2e-3)
    rl.add_argument("--entropy", type=float, default=0.01)
    rl.add_argument("--gamma", type=float, default=0.9, help="discount per learner step")
    rl.add_argument("--win-bonus", type=float, default=1.0, help="return for a win (minus for a loss)")

    def q_options(q):
        q.add_argument("--init", help="a network file to train on from (an earlier q run's)")
        q.add_argument("--batch-games", type=int, default=512, help="games stepped together")
        q.add_argument("--steps", type=int, default=16, help="learner decisions a batch plays a round")
        q.add_argument("--updates", type=int, default=8, help="gradient steps a round")
        q.add_argument("--batch", type=int, default=1024)
        q.add_argument("--buffer-rows", type=int, default=500_000)
        q.add_argument("--lr", type=float, default=1e-3)
        q.add_argument("--lr-end", type=float, default=1e-4, help="the rate at the end (linear)")
        q.add_argument("--scale", type=float, default=10.0, help="points are divided by this")
        q.add_argument("--eps-start", type=float, default=0.2)
        q.add_argument("--eps-end", type=float, default=0.05)
        q.add_argument("--eps-decay", type=float, default=0.5, help="share of --minutes epsilon falls over")
        q.add_argument("--mc-share", type=float, default=1.0,
                       help="the Monte Carlo return's share of the target (below 1: bootstrapped)")
        q.add_argument("--target-every", type=int, default=500,
                       help="updates between refreshes of the bootstrapping copy")
        q.add_argument("--ranks", action=argparse.BooleanOptionalAction, default=True,
                       help="weights shared by a rank's four suits (folded on export)")
        q.add_argument("--suits", action=argparse.BooleanOptionalAction, default=True,
                       help="each training row's suits relabelled at random")

    q = sub.add_parser("q", help="Monte Carlo action values from random weights through the environment")
    common(q)
    q.add_argument("--opponents", nargs="+", default=["greedy", "greedy", "expected", "random"],
                   help="opponent specs, played in turn (repeat one to play it more)")
    q_options(q)

    br = sub.add_parser("br", help="an approximate best response to one frozen strategy, "
                        "trained as q against it alone and measured (cribsim.analysis.exploit)")
    common(br)
    br.add_argument("--target", required=True, help="the strategy spec to beat")
    br.add_argument("--stand-in", help="train against this faster spec instead, and measure "
                    "against --target (said so in the record)")
    br.add_argument("--games", type=int, default=20000,
                    help="duplicate games of the final measurement against the target (0: none)")
    br.add_argument("--pool-games", type=int, default=10000,
                    help="duplicate games against expected and against each habit player")
    br.add_argument("--measure-seed", type=int, default=1, help="the measurement's seed")
    br.add_argument("--resume", action="store_true",
                    help="go on from OUT and OUT.progress.json for the time left")
    q_options(br)

    ev = sub.add_parser("eval", help="a network file's win rate through the environment")
    ev.add_argument("path")
    ev.add_argument("--opponent", default="expected")
    ev.add_argument("--games", type=int, default=2000)
    ev.add_argument("--seed", type=int, default=12345)
    ev.add_argument("--threads", type=int, default=1)

    dp = sub.add_parser("deepen", help="a network file with an identity hidden layer added before "
                        "its output (the same choices; train on from it with --init)")
    dp.add_argument("path")
    dp.add_argument("--out", required=True)

    rnd = sub.add_parser("export-random", help="an untrained network (a placeholder or a test)")
    rnd.add_argument("--out", required=True)
    rnd.add_argument("--seed", type=int, default=1)
    rnd.add_argument("--hidden", type=int, nargs="+", default=[128, 128])

    args = ap.parse_args(argv)
    if args.cmd == "bc" and args.labels:
        train_bc_labels(args)
    elif args.cmd == "bc":
        train_bc(args)
    elif args.cmd == "rl":
        train_rl(args)
    elif args.cmd == "q":
        train_q(args)
    elif args.cmd == "br":
        train_br(args)
    elif args.cmd == "eval":
        torch = _torch(args.threads)
        layers, _ = read_nn(args.path)
        net = make_net(torch, [w.shape[0] for w, _ in layers[:-1]])
        with torch.no_grad():
            for m, (w, b) in zip(list(net.hidden) + [net.out], layers):
                m.weight.copy_(torch.from_numpy(w)), m.bias.copy_(torch.from_numpy(b))
            net.scale.fill_(1.0)
        print(f"{args.path} vs {args.opponent}: {evaluate(torch, net, args.opponent, args.games, args.seed, args.threads):.4f}")
    elif args.cmd == "deepen":
        layers, old = read_nn(args.path)
        if len(layers) > 3:
            raise SystemExit(f"'{args.path}' has {len(layers) - 1} hidden layers; the format allows 3")
        write_nn(args.out, deepen(layers), ("deepened: " + old)[:NOTE_MAX])
    elif args.cmd == "export-random":
        rng = np.random.default_rng(args.seed)
        sizes = [OBS_SIZE] + args.hidden + [ACTIONS]
        layers = []
        for a, b in zip(sizes, sizes[1:]):
            bound = 1 / np.sqrt(a)
            layers.append((rng.uniform(-bound, bound, (b, a)).astype(np.float32),
                           rng.uniform(-bound, bound, b).astype(np.float32)))
        w0, b0 = layers[0]
        layers[0] = ((w0 * input_scale()[None, :]).astype(np.float32), b0)
        write_nn(args.out, layers, f"untrained: cribsim.train.nn export-random seed {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The `nn` strategy's networks between PyTorch and C (analysis/cribsim/train/nn.py,
strategies/builtin/nn_file.c).

Run directly with an interpreter that has torch and the built package:
PYTHONPATH=<dir with cribsim and its _core> python tests/test_python_nn.py (pytest underneath).
Skipped where torch is missing. Each test names the bug it would catch.
"""
import os
import struct
import sys
import tempfile

import numpy as np
import pytest

try:
    import torch
except ImportError:  # the `train` extra is not installed: say so, and ctest counts a skip
    if __name__ == "__main__":
        print("test_python_nn: skipped, torch is not installed (pip install -e '.[train]')")
        sys.exit(77)
    raise

cribsim = pytest.importorskip("cribsim")
from cribsim.train import nn as train_nn  # noqa: E402
from cribsim.game import Game, Strategy  # noqa: E402

SRC = os.environ.get("CRIBSIM_SOURCE_DIR",
                     os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
torch.set_num_threads(1)


def random_net(seed, hidden=(32, 16), gain=3.0):
    """An untrained torch network with weights large enough that ties are rare."""
    torch.manual_seed(seed)
    net = train_nn.make_net(torch, list(hidden))
    with torch.no_grad():
        for p in net.parameters():
            p.mul_(gain)
    net.eval()
    return net


def decisions(path, games, seed, rules="two"):
    """Plays `games` games with nn:path=path at every seat through the state (the C forward
    pass deciding) and yields (observation, mask, C's action) at each decision with a choice."""
    game = Game(rules)
    nn = Strategy(f"nn:path={path}")
    for g in range(games):
        state = game.new_initial_state(seed=seed, game=g)
        while not state.is_terminal():
            mask = state.legal_actions_mask()
            a = nn.action(state)
            if mask.sum() > 1:
                yield state.observation_tensor(), mask, a
            state.apply_action(a)


@pytest.mark.parametrize("rules", ["two", "three", "partners"])
def test_c_forward_pass_chooses_as_torch_does(rules):
    """Catches: a layout the exporter and the loader disagree on (transposed weights, a layer
    or bias misplaced, the input scale not folded in), a forward pass that differs from
    PyTorch's, the discard's second card encoded otherwise in C than in the environment."""
    net = random_net(7)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.nn")
        train_nn.export(net, path, "test")
        rows = list(decisions(path, 6, 11, rules))
    assert len(rows) > 200
    obs = torch.from_numpy(np.array([r[0] for r in rows]))
    mask = torch.from_numpy(np.array([r[1] for r in rows]))
    c_act = np.array([r[2] for r in rows])
    with torch.no_grad():
        scores = train_nn.masked(torch, net(obs), mask).numpy()
    torch_act = scores.argmax(1)
    same = (torch_act == c_act).mean()
    # float sums in another order may flip a near tie, never a clear choice
    gap = scores.max(1) - scores[np.arange(len(c_act)), c_act]
    assert same > 0.99, same
    assert (gap <= 1e-3 * np.maximum(1, np.abs(scores.max(1)))).all(), gap.max()


def test_exported_file_loads_and_reads_back():
    """Catches: an exporter writing what the C loader refuses (checksum, sizes, note), and a
    reader that mistakes the layout: the numpy forward pass over the file's raw weights equals
    torch's over the scaled observation."""
    net = random_net(3, hidden=(24,))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.nn")
        train_nn.export(net, path, "a note: seed 3")
        Strategy(f"nn:path={path}")  # the C loader accepts it (ValueError otherwise)
        layers, note = train_nn.read_nn(path)
        assert note == "a note: seed 3"
        assert [w.shape for w, _ in layers] == [(24, cribsim._core.OBS_SIZE), (53, 24)]
        obs = np.random.default_rng(1).integers(0, 3, (50, cribsim._core.OBS_SIZE)).astype(np.uint8)
        with torch.no_grad():
            want = net(torch.from_numpy(obs)).numpy()
        np.testing.assert_allclose(train_nn.forward_np(layers, obs), want, rtol=1e-4, atol=1e-4)
        # a file the C loader refuses: its bytes changed after the checksum
        data = bytearray(open(path, "rb").read())
        data[40] ^= 1
        open(path, "wb").write(data)
        with pytest.raises(ValueError, match="corrupt"):
            Strategy(f"nn:path={path}")


def test_exporter_refuses_what_the_loader_would():
    """Catches: an exporter that writes files the loader then refuses at the table."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.nn")
        w = [(np.zeros((8, cribsim._core.OBS_SIZE), np.float32), np.zeros(8, np.float32)),
             (np.zeros((53, 8), np.float32), np.zeros(53, np.float32))]
        with pytest.raises(ValueError):
            train_nn.write_nn(path, w, "bad\nnote")
        w[1][0][0, 0] = np.nan
        with pytest.raises(ValueError):
            train_nn.write_nn(path, w, "")
        w[1][0][0, 0] = 2e4
        with pytest.raises(ValueError):
            train_nn.write_nn(path, w, "")


def test_shipped_network_is_the_built_in_one():
    """Catches: a default.nn in the repository other than the one compiled in, or one the
    Python reader cannot read."""
    path = os.path.join(SRC, "strategies", "models", "default.nn")
    layers, note = train_nn.read_nn(path)
    assert layers[0][0].shape[1] == cribsim._core.OBS_SIZE and layers[-1][0].shape[0] == 53
    header = open(path, "rb").read(24)
    assert struct.unpack("<I", header[12:16])[0] == cribsim._core.OBS_VERSION
    a = [x[2] for x in decisions(path, 3, 5)]
    builtin = Strategy("nn")
    game = Game("two")
    b = []
    for g in range(3):
        state = game.new_initial_state(seed=5, game=g)
        while not state.is_terminal():
            act = builtin.action(state)
            if state.legal_actions_mask().sum() > 1:
                b.append(act)
            state.apply_action(act)
    assert a == b


def _obs_with_deals(deals):
    obs = np.zeros((len(deals), cribsim._core.OBS_SIZE), np.uint8)
    obs[:, cribsim._core.OBS_DEAL] = deals
    return obs


def test_deal_returns_on_a_worked_trajectory():
    """Catches: a deal boundary off by a step (the show's points, which come in the step that
    closes the deal, counted in the next deal or a step early), returns mixed between slots,
    a game's end not closing its deal, and a target taken before its deal has closed.
    Slot 0: decisions in deals 0, 0, 0, 1, 1, the game ending at the fifth; slot 1: deals 0,
    1, 1, 1, 2, still in deal 2 after the fifth."""
    deal_obs = [[0, 0], [0, 1], [0, 1], [1, 1], [1, 2]]      # each decision's deal, per slot
    deal_next = [[0, 1], [0, 1], [1, 1], [1, 2], [0, 2]]     # the next decision's deal
    done = [[0, 0], [0, 0], [0, 0], [0, 0], [1, 0]]
    reward = [[1, 5], [2, -1], [4, 0], [-3, 2], [8, 3]]
    want = [[7, 5], [6, 1], [4, 2], [5, 2], [8, None]]
    deals = train_nn.DealReturns(2, ring=4)
    marks = []
    for t in range(5):
        before, seq = deals.mark(np.array([0, 1]))
        marks.append((seq, before))
        ended = train_nn.deal_ended(np.array(deal_obs[t], np.uint8), _obs_with_deals(deal_next[t]),
                                    np.array(done[t], np.uint8))
        deals.add(np.array(reward[t], np.float32), ended)
    for t, (seq, before) in enumerate(marks):
        closed, target = deals.targets(np.array([0, 1]), seq, before)
        for slot in (0, 1):
            if want[t][slot] is None:
                assert not closed[slot]
            else:
                assert closed[slot] and target[slot] == want[t][slot], (t, slot, target[slot])


def test_deal_returns_match_the_score_through_the_environment():
    """Catches: deal returns that disagree with the game: through the batch environment
    against greedy, the return of each deal's first decision (the discard) is the change in
    the learner's lead over the deal, read from the scores in the observations, and the last
    deal's return closes the game's margin."""
    core = cribsim._core
    n = 8
    for learner in (0, 1):
        seats = [None, "greedy"] if learner == 0 else ["greedy", None]
        env = core.Env("two", None, seats, n, 1, "points")
        obs = np.zeros((n, cribsim._core.OBS_SIZE), np.uint8)
        mask = np.zeros((n, 53), np.uint8)
        seat = np.zeros(n, np.int8)
        rew = np.zeros((n, 4), np.float32)
        done = np.zeros(n, np.uint8)
        env.reset(5 + learner, obs, mask, seat)
        rng = np.random.default_rng(learner)
        deals = train_nn.DealReturns(n, ring=64)
        first = [[] for _ in range(n)]   # per slot: (seq, before, lead at the deal's start)
        margin = np.zeros(n)
        finished = np.zeros(n, bool)
        while not finished.all():
            slots = np.arange(n)
            before, seq = deals.mark(slots)
            lead = obs[:, core.OBS_SCORE].astype(int) - obs[:, core.OBS_SCORE + 1]
            for i in np.flatnonzero(~finished & (obs[:, core.OBS_TO_LAY] > 0) & (mask.sum(1) == 6)):
                first[i].append((seq[i], before[i], lead[i]))
            act = np.array([rng.choice(np.flatnonzero(m)) for m in mask], np.int32)
            deal_before = obs[:, core.OBS_DEAL].copy()
            env.step(act, obs, mask, seat, rew, done)
            deals.add(rew[:, learner], train_nn.deal_ended(deal_before, obs, done))
            margin += np.where(finished, 0, rew[:, learner])
            finished |= done != 0
        for i in range(n):
            assert len(first[i]) >= 3
            leads = [f[2] for f in first[i]]
            for k, (s, b, _) in enumerate(first[i]):
                closed, target = deals.targets(np.array([i]), np.array([s]), np.array([b]))
                assert closed[0] and b == 0
                if k + 1 < len(first[i]):
                    assert target[0] == leads[k + 1] - leads[k], (i, k)
                else:
                    assert target[0] == margin[i] - leads[k], (i, k)


def _labels_tool():
    tool = os.path.join(os.path.dirname(os.environ.get("CRIBSIM", "build/cribsim")), "cs_nn_labels")
    if not os.path.exists(tool):
        pytest.skip(f"{tool} is not built")
    return tool


def _label_file(tmp, *args):
    import subprocess
    out = os.path.join(tmp, "l.lab")
    subprocess.run([_labels_tool(), "-o", out, *args], check=True, capture_output=True)
    return out


@pytest.mark.parametrize("actor", [None, "random"])
def test_label_file_rows_are_the_teacher_answers_where_the_actors_went(actor):
    """Catches, in experiments/tools/nn_labels.c: a row's observation from another seat or
    moment than its decision, the mask or label of another row, the actor's move written as the
    label, the other card of the teacher's discard missing from the first card's row, a second
    discard labelled after the actor laid away a card the teacher would not (the teacher was
    not asked about that discard), forced decisions written. The same games are replayed here
    through cribsim.Game, one Strategy per seat as the tool has."""
    with tempfile.TemporaryDirectory() as tmp:
        path = _label_file(tmp, "--teacher", "expert", "--games", "3", "--seed", "5",
                           *(["--actor", actor] if actor else []))
        n = train_nn.label_rows(path)
        obs, mask, lab, alt = train_nn.read_labels(path, 0, n)
    game = Game("two")
    want = []
    for g in range(3):
        state = game.new_initial_state(seed=5, game=g)
        teach = [Strategy("expert"), Strategy("expert")]
        own = [Strategy(actor) if actor else None for _ in range(2)]
        off = [False, False]  # this seat's first card laid away was not one of the teacher's
        while not state.is_terminal():
            p = state.current_player()
            m = state.legal_actions_mask()
            discard = state.phase() == "discard"
            second = discard and m.sum() == 5  # one card of the six already laid away
            if m.sum() == 1:
                state.apply_action(int(m.argmax()))
                continue
            label = teach[p].action(state)
            other = 255
            if discard and not second:
                probe = state.clone()
                probe.apply_action(label)
                other = teach[p].action(probe)
            if not (second and off[p]):
                want.append((state.observation_tensor(p), m, label, other))
            a = own[p].action(state) if own[p] else label
            if discard and not second:
                off[p] = a not in (label, other)
            state.apply_action(a)
    assert n == len(want) and n > 150
    for i, (o, m, l_, a_) in enumerate(want):
        assert (obs[i] == o).all() and (mask[i] == m).all(), i
        assert (lab[i], alt[i]) == (l_, a_), i
    firsts = (alt != 255).sum()
    seconds = sum(1 for w in want if w[1].sum() == 5)
    assert firsts > 30
    if actor:  # random's first card was often not the teacher's: its second left out
        assert seconds < firsts - 5


def test_label_tool_refuses_bad_arguments_and_leaves_no_file():
    """Catches: an unknown strategy spec accepted (or found only when a game asks it), a
    partial file left behind."""
    import subprocess
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "x.lab")
        r = subprocess.run([_labels_tool(), "--teacher", "nosuch", "-o", out], capture_output=True,
                           text=True)
        assert r.returncode == 2 and "nosuch" in r.stderr
        r = subprocess.run([_labels_tool(), "--teacher", "expert", "--actor", "expected:bogus=1",
                            "-o", out], capture_output=True, text=True)
        assert r.returncode == 2 and "bogus" in r.stderr
        assert os.listdir(tmp) == []


def test_label_reader_refuses_bad_files():
    """Catches: a file of another kind, sizes of another encoding, a cut-off row, or a label
    outside its mask read as training rows."""
    with tempfile.TemporaryDirectory() as tmp:
        good = _label_file(tmp, "--teacher", "expected", "--games", "1")
        data = open(good, "rb").read()
        bad = os.path.join(tmp, "bad.lab")

        def refused(blob, words):
            open(bad, "wb").write(blob)
            with pytest.raises(ValueError, match=words):
                n = train_nn.label_rows(bad)
                train_nn.read_labels(bad, 0, n)
        refused(b"CSNNET1\n" + data[8:], "not a cs_nn_labels")
        refused(data[:8] + struct.pack("<II", 447, 53) + data[16:], "447")  # another encoding
        refused(data[:-1], "inside a row")
        row = bytearray(data)
        size = cribsim._core.OBS_SIZE
        m = row[16 + size:16 + size + 53]
        row[16 + size + 53] = m.index(0)  # the first row's label: an action its mask refuses
        refused(bytes(row), "row 0")


def test_label_reader_takes_any_bytes_as_rows_or_refuses_them():
    """Fuzz: a label file is data from outside. Whatever bytes follow a good header, the reader
    either refuses them with ValueError or returns rows whose masks are 0/1 and whose labels
    (and alts) are legal actions; it never raises anything else or returns a label outside its
    mask."""
    hyp = pytest.importorskip("hypothesis")
    st = pytest.importorskip("hypothesis.strategies")
    head = b"CSLABEL1" + struct.pack("<II", cribsim._core.OBS_SIZE, 53)
    row = train_nn.LABEL_ROW

    size = cribsim._core.OBS_SIZE

    @hyp.settings(max_examples=300, deadline=None, derandomize=True)
    @hyp.given(st.lists(st.binary(min_size=row, max_size=row), max_size=3),
               st.binary(max_size=5), st.integers(0, 4))
    def check(rows_in, tail, favour):
        body = b"".join(rows_in) + tail
        if favour == 4 and rows_in:  # labels right, mask bytes as they came
            b = bytearray(b"".join(rows_in))
            for r in range(len(rows_in)):
                m = b[r * row + size:r * row + size + 53]
                b[r * row + size + 53] = next((k for k in range(53) if m[k]), 0)
                b[r * row + size + 54] = 255
            body = bytes(b)
        elif favour:  # mostly rows that are nearly right: 0/1 masks, labels near the range
            b = bytearray(b"".join(rows_in))
            for r in range(len(b) // row):
                for k in range(53):
                    b[r * row + size + k] &= 1
                b[r * row + size + 53] %= 53 + favour
                if favour == 3:  # a second answer in range, legal or not
                    b[r * row + size + 54] %= 53
            body = bytes(b)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "f.lab")
            open(path, "wb").write(head + body)
            try:
                n = train_nn.label_rows(path)
                obs, mask, lab, alt = train_nn.read_labels(path, 0, n)
            except ValueError:
                return
        assert len(lab) == len(body) // row
        assert ((mask == 0) | (mask == 1)).all()
        rows = np.arange(len(lab))
        assert (mask[rows, lab] == 1).all()
        named = alt != 255
        assert (mask[rows[named], alt[named]] == 1).all()
    check()


def test_python_labels_see_the_hand_of_the_seat_that_decides():
    """Catches, in train_nn.collect (bc's labels played through cribsim.Game): a row's
    observation from the other seat (or from the seat that acts next), or its mask from
    another decision. By the rules, the cards a seat may lay away are the cards it holds, all
    of them, and the cards it may play are among those it holds; the observation's first plane
    (bytes 0-51) is the deciding seat's hand. Two-player games of expert teaching, half the
    seats played by random, so the two seats' hands go their own ways."""
    rng = np.random.default_rng(1)
    obs, mask, lab = train_nn.collect(Game, Strategy("expert"), [None, Strategy("random")],
                                      [0.5, 0.5], "two", 5, 0, 4, rng)
    assert len(lab) > 200
    hand, legal = obs[:, :52].astype(bool), mask[:, :52].astype(bool)
    discard = obs[:, 416] == 1
    assert discard.sum() > 20 and (~discard).sum() > 100
    assert (hand[discard] == legal[discard]).all()
    assert not (legal[~discard] & ~hand[~discard]).any()
    assert (mask[np.arange(len(lab)), lab] == 1).all()


def test_label_loss_counts_either_card_of_a_discard_right():
    """Catches: alt ignored (the first card of a discard scored as if only one of the teacher's
    two were right), or the mask left out of the normaliser. Worked: four legal actions of
    equal score, so each has probability 1/4: the loss is log 4 with one right answer and
    log 2 with two; the argmax (the lowest index, 3) is right only where it is one of them."""
    scores = torch.zeros(2, 53)
    mask = torch.zeros(2, 53, dtype=torch.uint8)
    mask[:, [3, 9, 20, 40]] = 1
    lab = torch.tensor([9, 9])
    alt = torch.tensor([255, 3])
    loss, acc = train_nn.label_loss(torch, scores, mask, lab, alt)
    assert abs(loss.item() - (np.log(4) + np.log(2)) / 2) < 1e-6
    assert acc.item() == 0.5


def test_deepened_network_plays_exactly_as_the_shallower_one():
    """Catches, in `train_nn deepen`: an added layer that is not the identity on ReLU outputs
    (a bias, a transposed or scaled matrix, the layer put after the output), so that training
    on from a deepened network would not start from what the shallower one played. Through
    the C forward pass, on every decision of three games."""
    net = random_net(11, hidden=(24, 12))
    with tempfile.TemporaryDirectory() as tmp:
        path, deep = os.path.join(tmp, "a.nn"), os.path.join(tmp, "b.nn")
        train_nn.export(net, path, "")
        assert train_nn.main(["deepen", path, "--out", deep]) == 0
        layers, note = train_nn.read_nn(deep)
        assert [w.shape for w, _ in layers] == [(24, cribsim._core.OBS_SIZE), (12, 24), (12, 12), (53, 12)]
        assert note.startswith("deepened")
        a = [(o.tobytes(), x) for o, _, x in decisions(path, 3, 4)]
        b = [(o.tobytes(), x) for o, _, x in decisions(deep, 3, 4)]
        assert len(a) > 150 and a == b


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))


def test_rank_weights_fold_into_the_plain_layers():
    """Catches: rank weights left out of the export or folded onto the wrong bytes or outputs
    (a plane's rank counted from another plane, a card's output given another rank's weight,
    the input scale applied before the fold): the C forward pass and numpy's over the file
    must equal torch's over the network with its rank weights."""
    torch.manual_seed(5)
    net = train_nn.make_net(torch, [24, 16], ranks=True)
    with torch.no_grad():
        for p in net.parameters():
            p.mul_(3.0)
        net.rank_in.weight.normal_(0, 1.0)
        net.rank_out.weight.normal_(0, 1.0)
    net.eval()
    obs = np.random.default_rng(2).integers(0, 2, (64, cribsim._core.OBS_SIZE)).astype(np.uint8)
    obs[:, 422] = 17  # the count: a byte whose scale is not 1
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.nn")
        train_nn.export(net, path, "ranks")
        layers, _ = train_nn.read_nn(path)
        with torch.no_grad():
            want = net(torch.from_numpy(obs)).numpy()
        np.testing.assert_allclose(train_nn.forward_np(layers, obs), want, rtol=1e-4, atol=1e-3)
        # and trained on from the file, the network computes what the file does
        again = train_nn.make_net(torch, [24, 16], ranks=True)
        train_nn.load_into(torch, again, path)
        with torch.no_grad():
            np.testing.assert_allclose(again(torch.from_numpy(obs)).numpy(), want, rtol=1e-4, atol=1e-3)


def test_suit_relabelling_moves_every_card_plane_and_action_together():
    """Catches: a relabelling that moves a card in one plane and not another, moves a byte
    that is not a card (count, scores, seat), maps an action to another rank, or is not one
    of the 24 (two suits sent to one): on observations and masks of real games, every card
    plane and the mask move by the same map, the rest stays, and the rank counts stay."""
    obs_idx, act = train_nn.suit_permutations()
    assert obs_idx.shape == (24, cribsim._core.OBS_SIZE) and act.shape == (24, 53)
    assert len({tuple(a) for a in act}) == 24
    game = Game("two")
    state = game.new_initial_state(seed=3, game=0)
    rng = np.random.default_rng(4)
    rows = []
    while not state.is_terminal():
        if not state.is_chance_node():
            rows.append(state.observation_tensor())
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
    assert len(rows) > 20
    R = train_nn.rank_sum()
    for o in rows:
        for k in range(24):
            moved = o[obs_idx[k]]
            assert (moved[416:] == o[416:]).all()
            for p in range(8):
                plane, new = o[52 * p:52 * p + 52], moved[52 * p:52 * p + 52]
                assert (new[act[k][:52]] == plane).all()
            assert act[k][52] == 52 and (act[k][:52] // 4 == np.arange(52) // 4).all()
            assert (o @ R == moved @ R).all()


def _batch(core, seats, n, seed):
    e = dict(env=core.Env("two", None, seats, n, 1, "points"), learner=seats.index(None),
             obs=np.zeros((n, cribsim._core.OBS_SIZE), np.uint8), mask=np.zeros((n, 53), np.uint8),
             seat=np.zeros(n, np.int8), rew=np.zeros((n, 4), np.float32),
             done=np.zeros(n, np.uint8), deals=train_nn.DealReturns(n))
    e["env"].reset(seed, e["obs"], e["mask"], e["seat"])
    return e


def test_bootstrap_rows_chain_decision_to_decision_within_a_deal():
    """Catches: a row's next observation or mask taken from before the step (or from another
    slot), the step's points read from the other seat's column, a deal's end not cutting the
    chain (or a cut inside a deal), forced decisions left out: through the batch environment
    against greedy, each slot's rows follow one another (a row's next observation is the next
    row's observation), the chain is cut exactly where the deal number changes or a game ends,
    and the points along a deal's chain add up to its Monte Carlo return."""
    core = cribsim._core
    n, steps, scale = 6, 160, 10.0
    for seats in ([None, "greedy"], ["greedy", None]):
        e = _batch(core, seats, n, 11)
        rng = np.random.default_rng(3)
        entries = []
        for _ in range(steps):
            act = np.array([rng.choice(np.flatnonzero(m)) for m in e["mask"]], np.int32)
            entries.append(train_nn.step_recorded(e, act, True, scale))
        forced = 0
        for i in range(n):
            rows = [tuple(x[i] for x in ent) for ent in entries]
            assert all(r[2] == i for r in rows)  # every slot, every step
            cuts = 0
            for t in range(steps - 1):
                obs, _, _, seq, before, pts, nobs, nmask, goes_on = rows[t]
                assert (nobs == rows[t + 1][0]).all(), (i, t)
                forced += int(nmask.sum() == 1)
                same = nobs[core.OBS_DEAL] == obs[core.OBS_DEAL]
                assert goes_on == float(rows[t + 1][3] == seq)
                if goes_on:  # and the points are the learner's: its lead grew by them
                    lead = int(obs[core.OBS_SCORE]) - int(obs[core.OBS_SCORE + 1])
                    nlead = int(nobs[core.OBS_SCORE]) - int(nobs[core.OBS_SCORE + 1])
                    assert same and rows[t + 1][4] == before + pts * scale
                    assert nlead - lead == pts * scale, (i, t)
                else:
                    cuts += 1
                    closed, ret = e["deals"].targets(np.array([i]), np.array([seq]), np.array([before]))
                    # the deal's return from this (its last) decision is the step's points
                    assert closed[0] and ret[0] == pts * scale, (i, t)
            assert cuts >= 3
        assert forced > 0


def test_bootstrap_rows_relabel_the_next_mask_with_the_next_observation():
    """Catches: the next decision's mask relabelled by the inverse of the map its observation
    took (or not at all): after a relabelling every legal card of a row's next mask is a card
    the next observation shows in hand, as before it."""
    core = cribsim._core
    e = _batch(core, [None, "expected"], 16, 2)
    rng = np.random.default_rng(5)
    replay = train_nn.Replay(4000, nexts=True)
    for _ in range(60):
        act = np.array([rng.choice(np.flatnonzero(m)) for m in e["mask"]], np.int32)
        ent = train_nn.step_recorded(e, act, True, 10.0)
        replay.add(ent[0], ent[1], np.zeros(len(ent[1]), np.float32), ent[5:])
    obs, act, _, _, nobs, nmask, _ = replay.sample(rng, 3000, train_nn.suit_permutations())
    hand = nobs[:, core.OBS_HAND:core.OBS_HAND + 52]
    assert (nmask[:, :52] <= hand).all()
    card = act < 52  # a card taken (not go) was held
    assert card.sum() > 1000 and (obs[card, core.OBS_HAND + act[card]] == 1).all()
    plain = replay.sample(rng, 3000)
    assert (plain[5][:, :52] <= plain[4][:, core.OBS_HAND:core.OBS_HAND + 52]).all()


def test_q_note_records_the_scale_mc_reads():
    """Catches: a q (or br) network written without its scale in the note, which mc's
    cutoff=K,value=FILE needs to read the outputs as points (docs/nn-format.md), and a
    policy network's note taken for one that records a scale."""
    import argparse
    args = argparse.Namespace(hidden=[8], seed=3, rules="two", opponents=["expected"],
                              init=None, scale=2.5, cmd="q")
    note = train_nn.note(args, "q", 10, 1.0)
    assert "; scale=2.5;" in note
    assert "scale=" not in train_nn.note(argparse.Namespace(**{**vars(args), "cmd": "rl"}),
                                         "rl", 10, 1.0)
    layers = [(np.zeros((cribsim._core.ACTIONS, cribsim._core.OBS_SIZE), np.float32),
               np.zeros(cribsim._core.ACTIONS, np.float32))]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "v.nn")
        train_nn.write_nn(path, layers, note)
        Strategy(f"mc:cutoff=1,value={path}")
        train_nn.write_nn(path, layers, note.replace("scale=", "scaled "))
        with pytest.raises(ValueError, match="scale=S"):
            Strategy(f"mc:cutoff=1,value={path}")

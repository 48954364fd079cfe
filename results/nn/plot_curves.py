"""Plots the learning curves train_nn.py writes (NET.curve.csv) as win rate against training
time: python results/nn/plot_curves.py OUT.png LABEL=FILE.curve.csv[+NEXT.curve.csv] ...
(runs joined by + are one training continued: each starts where the one before ended).

With --rounds, plots the curve experiments/expert_iteration.sh writes (cribsim.analysis.exploit
curve's CSV: round, player, opponent, games, win_rate, low, high, ...) as win rate against the
round, one panel per opponent, a line per player, the paired 95% intervals as error bars:
python results/nn/plot_curves.py --rounds OUT.png CURVE.csv"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot_rounds(out, path):
    rows = list(csv.DictReader(open(path)))
    opponents = list(dict.fromkeys(r["opponent"] for r in rows))
    players = list(dict.fromkeys(r["player"] for r in rows))
    fig, axes = plt.subplots(1, len(opponents), figsize=(4 * len(opponents), 4), sharey=True,
                             squeeze=False)
    for ax, opp in zip(axes[0], opponents):
        for k, player in enumerate(players):
            mine = sorted((r for r in rows if r["opponent"] == opp and r["player"] == player),
                          key=lambda r: int(r["round"]))
            if not mine:
                continue
            x = [int(r["round"]) + 0.08 * (k - (len(players) - 1) / 2) for r in mine]
            y = [100 * float(r["win_rate"]) for r in mine]
            err = [[y_ - 100 * float(r["low"]) for y_, r in zip(y, mine)],
                   [100 * float(r["high"]) - y_ for y_, r in zip(y, mine)]]
            ax.errorbar(x, y, yerr=err, marker="o", capsize=3, label=player)
        ax.axhline(50, color="grey", lw=0.8)
        ax.set_title(f"against {opp} ({rows[0]['games']} games, seed {rows[0]['seed']})",
                     fontsize=9)
        ax.set_xlabel("round (0: the starting network)")
        ax.set_xticks(sorted({int(r["round"]) for r in rows}))
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("win rate, % (duplicate deals, paired 95% interval)")
    axes[0][0].legend(fontsize=8)
    fig.suptitle("expert iteration: the network-guided search and its network, round by round")
    fig.tight_layout()
    fig.savefig(out, dpi=100)


def main(argv):
    if argv[:1] == ["--rounds"]:
        return plot_rounds(argv[1], argv[2])
    out, curves = argv[0], argv[1:]
    fig, ax = plt.subplots(figsize=(8, 5))
    for spec in curves:
        label, paths = spec.split("=", 1)
        rows, minutes, offset = [], [], 0.0
        for path in paths.split("+"):
            part = list(csv.DictReader(open(path)))
            rows += part
            minutes += [offset + float(r["seconds"]) / 60 for r in part]
            offset = minutes[-1]
        for key in rows[0]:
            if key.startswith("win_vs_"):
                ax.plot(minutes, [100 * float(r[key]) for r in rows], marker="o",
                        label=f"{label} vs {key[7:]}")
    ax.axhline(50, color="grey", lw=0.8)
    ax.axhline(55, color="grey", lw=0.8, ls="--")
    ax.axhline(60, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("training time (minutes; each run's cores and threads in README.md)")
    ax.set_ylabel("win rate, % (2,000 games through the environment)")
    ax.set_title("nn: learning curves")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main(sys.argv[1:])

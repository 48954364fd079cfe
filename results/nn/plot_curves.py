"""Plots the learning curves train_nn.py writes (NET.curve.csv) as win rate against training
time: python results/nn/plot_curves.py OUT.png LABEL=FILE.curve.csv[+NEXT.curve.csv] ...
(runs joined by + are one training continued: each starts where the one before ended)."""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(argv):
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

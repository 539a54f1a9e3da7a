#!/usr/bin/python3
"""Bar chart of bench/results/tearable_cloth.csv (pbd-bench tearable): ms per frame of
tearable_cloth with self collision off and on, split into collisions / solve / tear / rest.
Usage: /usr/bin/python3 bench/plots/plot_tearable.py bench/results/tearable_cloth.csv out.png"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main(path, out):
    with open(path) as f:
        header = f.readline().lstrip("# ").strip()
        rows = list(csv.DictReader(f))
    fig, ax = plt.subplots(figsize=(7, 4))
    labels, parts = [], {"collisions": [], "solve": [], "tear": [], "other": []}
    for r in rows:
        labels.append(f"self {'on' if r['self_collision'] == '1' else 'off'} #{r['repetition']}")
        total = float(r["ms_per_frame"])
        c, s, t = float(r["ms_collisions"]), float(r["ms_solve"]), float(r["ms_tear"])
        for k, v in zip(parts, (c, s, t, total - c - s - t)):
            parts[k].append(v)
    bottom = [0.0] * len(labels)
    for name, values in parts.items():
        ax.bar(labels, values, bottom=bottom, label=name)
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.axhline(21.0, color="k", linestyle="--", linewidth=1, label="21 ms target")
    ax.set_ylabel("ms per frame (mean)")
    ax.set_title("tearable_cloth, PBD, 10 iterations", fontsize=10)
    fig.text(0.01, 0.01, header[:150], fontsize=6)
    ax.legend(fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

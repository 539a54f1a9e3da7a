#!/usr/bin/python3
"""Plots bench/results/hpbd_fig3.csv and hpbd_fig7.csv (written by pbd-bench hpbd-fig3 /
hpbd-fig7) into PNGs next to them.  Usage: /usr/bin/python3 bench/plots/hpbd_figures.py (Debian python3-matplotlib) [results_dir]"""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def rows(path):
    with open(path) as f:
        header = f.readline().lstrip("# ").strip()
        return header, list(csv.DictReader(f))


CAP = 256  # pbd-bench hpbd-fig3 --max-iterations default; -1 rows = not reached within it


def fig3(results):
    panels = [(n, t) for n, t in (("hpbd_fig3.csv", "grid builder, shuffled constraint order"),
                                  ("hpbd_fig3_grid_order.csv",
                                   "grid builder, row-by-row constraint order"),
                                  ("hpbd_fig3_general_geodesic.csv",
                                   "general builder (geodesic), shuffled constraint order"))
              if os.path.exists(os.path.join(results, n))]
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 4.5), squeeze=False)
    header = ""
    for ax, (name, title) in zip(axes[0], panels):
        panel_header, data = rows(os.path.join(results, name))
        header = header or panel_header  # the footer names the first (main) panel's run
        for k, levels in enumerate(sorted({r["levels"] for r in data}, key=int)):
            pts = sorted((float(r["target_stretch"]) * 100, int(r["iterations"])) for r in data
                         if r["levels"] == levels)
            ok = [p for p in pts if p[1] > 0]
            miss = [p for p in pts if p[1] <= 0]
            color = "C%d" % k
            ax.plot([p[0] for p in ok], [p[1] for p in ok], "o-", color=color, label=f"{levels} levels")
            ax.plot([p[0] for p in miss], [CAP * 1.15] * len(miss), "^", color=color, mfc="none",
                    label=f"{levels} levels: > {CAP}" if miss else None)
        ax.set_xlabel("target max stretch [%]")
        ax.set_ylabel("fine Gauss-Seidel iterations per step")
        ax.set_yscale("log")
        ax.invert_xaxis()
        ax.set_title(title, fontsize=9)
        ax.legend(fontsize=7)
    fig.suptitle("HPBD Fig. 3: iterations for a target stretch, 64x64 cloth (triangles = not reached)",
                 fontsize=10)
    fig.text(0.01, 0.01, header[:160], fontsize=6)
    fig.tight_layout(rect=(0, 0.03, 1, 0.95))
    fig.savefig(os.path.join(results, "hpbd_fig3.png"), dpi=120)


def fig7(results):
    header, data = rows(os.path.join(results, "hpbd_fig7.csv"))
    labels = [("HPBD %s lv + %s it" % (r["levels"], r["iterations"])) if r["method"] == "hpbd"
              else "PBD %s it" % r["iterations"] for r in data]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4.5))
    a.bar(labels, [float(r["max_strain"]) * 100 for r in data], color="tab:red")
    a.set_ylabel("max strain [%]")
    a.set_yscale("log")
    b.bar(labels, [float(r["ms_per_frame"]) for r in data], color="tab:blue")
    b.set_ylabel("ms per frame")
    for ax in (a, b):
        ax.tick_params(axis="x", rotation=30, labelsize=8)
    fig.suptitle("HPBD Fig. 7: 76x76 cloth, HPBD against PBD", fontsize=10)
    fig.text(0.01, 0.01, header[:150], fontsize=6)
    fig.tight_layout(rect=(0, 0.03, 1, 0.95))
    fig.savefig(os.path.join(results, "hpbd_fig7.png"), dpi=120)


if __name__ == "__main__":
    results = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "results")
    for name, plot in (("hpbd_fig3.csv", fig3), ("hpbd_fig7.csv", fig7)):
        if os.path.exists(os.path.join(results, name)):
            plot(results)

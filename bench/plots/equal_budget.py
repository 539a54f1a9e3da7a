#!/usr/bin/python3
"""Equal-budget table and plot from `pbd-bench equal-budget --csv FILE`.
usage: equal_budget.py CSV OUT.png > table.md
Per scene and budget: each method's peak strain (edges |l - l0| / l0, tets the largest principal
stretch) and CPU ms per frame; the winner is the lowest peak strain among the runs that kept
within 1.5x the budget and did not fail."""
import csv, sys
from collections import defaultdict
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#"))]
methods = ["pbd", "xpbd-small", "hpbd", "mgpbd"]
cell = defaultdict(dict)
for r in rows:
    cell[(r["scene"], float(r["budget_ms"]))][r["method"]] = r
scenes = list(dict.fromkeys(r["scene"] for r in rows))
budgets = sorted({float(r["budget_ms"]) for r in rows})
print("| scene | budget ms | " + " | ".join(f"{m} peak strain (ms)" for m in methods) + " | lowest strain |")
print("|---|---|" + "---|" * len(methods) + "---|")
wins = defaultdict(int)
for s in scenes:
    for b in budgets:
        c = cell[(s, b)]
        parts, best = [], None
        for m in methods:
            if m not in c:
                parts.append("-"); continue
            r = c[m]; ms = float(r["cpu_ms_per_frame"]); st = float(r["peak_strain"])
            failed = r["failed"] == "1"
            parts.append(f"{st:.3g} ({ms:.1f})" + (" failed" if failed else ""))
            if not failed and ms <= 1.5 * b and (best is None or st < best[1]):
                best = (m, st)
        if best: wins[best[0]] += 1
        print(f"| {s} | {b:g} | " + " | ".join(parts) + f" | {best[0] if best else '-'} |")
print()
print("Lowest peak strain within 1.5x the budget, cells won: " +
      ", ".join(f"{m} {wins[m]}" for m in methods))
n = len(scenes); cols = 4; rws = (n + cols - 1) // cols
fig, axes = plt.subplots(rws, cols, figsize=(4 * cols, 3 * rws), squeeze=False)
for k, s in enumerate(scenes):
    ax = axes[k // cols][k % cols]
    for m in methods:
        pts = [(float(cell[(s, b)][m]["cpu_ms_per_frame"]), float(cell[(s, b)][m]["peak_strain"]))
               for b in budgets if m in cell[(s, b)] and cell[(s, b)][m]["failed"] != "1"]
        if pts:
            ax.plot(*zip(*pts), marker="o", label=m)
    ax.set_title(s, fontsize=9); ax.set_yscale("log"); ax.set_xlabel("CPU ms / frame", fontsize=8)
    ax.set_ylabel("peak strain", fontsize=8); ax.tick_params(labelsize=7)
    if k == 0: ax.legend(fontsize=7)
for k in range(n, rws * cols): axes[k // cols][k % cols].axis("off")
fig.tight_layout(); fig.savefig(sys.argv[2], dpi=80)

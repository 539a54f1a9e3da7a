#!/usr/bin/env python3
"""Plots the committed MGPBD bench results (bench/results/mgpbd_*.csv) to PNG files next to
them. Usage: python3 bench/plots/mgpbd_plots.py [bench/results]"""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def rows(path):
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
    return list(csv.DictReader(lines))


def comments(path):
    with open(path) as f:
        return [l[1:].strip() for l in f if l.startswith("#")]


def cloth(d, name="mgpbd_cloth"):
    path = os.path.join(d, name + ".csv")
    if not os.path.exists(path):
        return
    data = rows(path)
    keys = sorted({(int(r["res"]), int(r["frame"])) for r in data})
    fig, axes = plt.subplots(1, len(keys), figsize=(4.2 * len(keys), 3.6), squeeze=False)
    for ax, (res, frame) in zip(axes[0], keys):
        for method in ["mgpbd", "mgpbd-primal", "mgpbd-jpcg", "xpbd-gs", "xpbd-jacobi"]:
            pts = [r for r in data if r["method"] == method and int(r["res"]) == res and int(r["frame"]) == frame]
            if pts:
                ax.semilogy([float(p["wall_ms"]) for p in pts], [float(p["dual_residual"]) for p in pts], marker=".", ms=3, label=method)
        ax.axhline(1e-4, color="gray", lw=0.5, ls="--")
        ax.set_title(f"N = {res}, frame {frame}")
        ax.set_xlabel("wall time [ms]")
        ax.set_ylabel("dual residual ||b||")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(d, name + ".png"), dpi=110)


def scaling(d):
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    for name, label in (("mgpbd_scaling", "dual UA-AMG (10 PCG its)"),
                        ("mgpbd_scaling_primal", "primal SA-AMG (25 PCG its)")):
        path = os.path.join(d, name + ".csv")
        if not os.path.exists(path):
            continue
        data = rows(path)
        x = [float(r["constraints"]) for r in data]
        y = [float(r["ms_per_iteration"]) for r in data]
        fit = [c for c in comments(path) if c.startswith("fit")]
        line = ax.plot(x, y, "o", label=label)[0]
        if fit:
            parts = fit[0].split()
            a, b = float(parts[3]), float(parts[5])
            xs = [min(x), max(x)]
            ax.plot(xs, [a + b * v for v in xs], "-", color=line.get_color(),
                    label="fit, " + fit[0].split(",")[-1].strip())
    ax.set_xlabel("constraints")
    ax.set_ylabel("ms per MGPBD iteration")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(d, "mgpbd_scaling.png"), dpi=110)


def linear(d):
    path = os.path.join(d, "mgpbd_linear_solvers_512.csv")
    if not os.path.exists(path):
        return
    data = rows(path)
    names = [r["solver"] for r in data]
    setup = [float(r["setup_ms"]) for r in data]
    solve = [float(r["solve_ms"]) for r in data]
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.bar(names, setup, label="setup")
    ax.bar(names, solve, bottom=setup, label="solve")
    ax.set_ylabel("ms to 1e-5 (N = 512 system)")
    ax.tick_params(axis="x", labelrotation=20, labelsize=7)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(d, "mgpbd_linear_solvers_512.png"), dpi=110)


def setup_interval(d):
    path = os.path.join(d, "mgpbd_setup_interval.csv")
    if not os.path.exists(path):
        return
    data = rows(path)
    x = [int(r["setup_interval"]) for r in data]
    fig, ax = plt.subplots(figsize=(5, 3.6))
    base = float(data[0]["final_residual"])  # the first row is interval 1
    ax.semilogx(x, [float(r["final_residual"]) / base for r in data], "o-",
                label="residual, last frame / interval 1")
    ax.axhline(1.5, color="gray", lw=0.8, ls=":")
    ax.set_ylim(0, 2)
    ax.set_xlabel("setup interval [frames]")
    ax.set_ylabel("residual relative to interval 1 (limit 1.5)")
    ax2 = ax.twinx()
    ax2.semilogx(x, [100 * float(r["setup_fraction"]) for r in data], "s--", color="C1", label="setup share [%]")
    ax2.set_ylabel("setup share of solve time [%]")
    fig.legend(fontsize=7, loc="upper center")
    fig.tight_layout()
    fig.savefig(os.path.join(d, "mgpbd_setup_interval.png"), dpi=110)


if __name__ == "__main__":
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "results")
    for f in (cloth, scaling, linear, setup_interval):
        f(d)
    for name in ("mgpbd_cloth_256_atol1e-4", "mgpbd_cloth_256_atol1e-4_linesearch",
                 "mgpbd_cloth_256_atol1e-4_linesearch_warm"):
        cloth(d, name)

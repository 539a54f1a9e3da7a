#!/usr/bin/env python3
"""Plots the pbd-bench softbody results: bench/plots/softbody.py [results folder [squash CSV names]].

bunny_squash: volume ratio, shape error and dual residual per frame for each method.
beam: tip deflection over time for each method and dt.
"""
import csv
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    with open(path) as f:
        comment = f.readline().lstrip("# ").strip()
        return comment, list(csv.DictReader(f))


def plot_squash(folder, name="softbody_bunny_squash"):
    comment, rows = read(os.path.join(folder, name + ".csv"))
    series = defaultdict(list)
    for r in rows:
        series[r["method"]].append(r)
    energy = "kinetic_energy" in rows[0]
    fig, axes = plt.subplots(1, 4 if energy else 3, figsize=(17 if energy else 13, 3.8))
    for method, rs in series.items():
        frame = [int(r["frame"]) for r in rs]
        label = method + (f" ({rs[0]['iterations']} it)" if "iterations" in rs[0] else "")
        axes[0].plot(frame, [float(r["volume_ratio"]) for r in rs], label=label)
        axes[1].semilogy(frame, [max(float(r["shape_error"]), 1e-7) for r in rs], label=label)
        axes[2].semilogy(frame, [max(float(r["dual_residual"]), 1e-12) for r in rs], label=label)
        if energy:
            axes[3].semilogy(frame, [max(float(r["kinetic_energy"]), 1e-6) for r in rs], label=label + " all")
            axes[3].semilogy(frame, [max(float(r["kinetic_cm"]), 1e-6) for r in rs], "--",
                             label=label + " centre of mass")
    titles = ["volume / rest volume", "shape error (/ bbox diagonal)", "dual residual", "kinetic energy [J]"]
    for ax, title in zip(axes, titles):
        ax.set_title(title)
        ax.set_xlabel("frame (10 ms)")
        ax.legend(fontsize=7)
    axes[0].set_ylim(0, 1.1)
    axes[0].axhline(0.95, color="grey", lw=0.5)
    axes[1].axhline(0.02, color="grey", lw=0.5)
    fig.suptitle(name + " — " + comment, fontsize=6)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, name + ".png"), dpi=100)


def plot_beam(folder):
    comment, rows = read(os.path.join(folder, "softbody_beam.csv"))
    series = defaultdict(list)
    for r in rows:
        series[(f'{r["method"]} {r["iterations"]} it', r["dt"])].append(r)
    extra = os.path.join(folder, "softbody_beam_xpbd_equal_time.csv")
    if os.path.exists(extra):  # XPBD at about MGPBD's wall time per frame
        for r in read(extra)[1]:
            series[(f'{r["method"]} {r["iterations"]} it', r["dt"])].append(r)
    fig, ax = plt.subplots(figsize=(9, 4))
    for (method, dt), rs in sorted(series.items()):
        ax.plot([float(r["time_s"]) for r in rs], [float(r["tip_deflection"]) for r in rs],
                label=f"{method} dt={float(dt) * 1000:.0f} ms")
    ax.set_xlabel("simulated time [s]")
    ax.set_ylabel("tip deflection [m] (symlog)")
    ax.set_yscale("symlog", linthresh=1e-7)
    ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title("beam (mu = 1e12) — " + comment, fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "softbody_beam.png"), dpi=100)


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "results")
    plot_squash(folder)
    plot_beam(folder)
    for extra in sys.argv[2:]:  # further squash CSVs in the folder, by name without .csv
        plot_squash(folder, extra)

#!/usr/bin/env python3
"""Plots the pbd-bench softbody results: bench/plots/softbody.py [results folder].

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


def plot_squash(folder):
    comment, rows = read(os.path.join(folder, "softbody_bunny_squash.csv"))
    series = defaultdict(list)
    for r in rows:
        series[r["method"]].append(r)
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    for method, rs in series.items():
        frame = [int(r["frame"]) for r in rs]
        axes[0].plot(frame, [float(r["volume_ratio"]) for r in rs], label=method)
        axes[1].semilogy(frame, [max(float(r["shape_error"]), 1e-7) for r in rs], label=method)
        axes[2].semilogy(frame, [float(r["dual_residual"]) for r in rs], label=method)
    for ax, title in zip(axes, ["volume / rest volume", "shape error (/ bbox diagonal)", "dual residual"]):
        ax.set_title(title)
        ax.set_xlabel("frame (10 ms)")
        ax.legend()
    axes[0].axhline(0.95, color="grey", lw=0.5)
    axes[1].axhline(0.02, color="grey", lw=0.5)
    fig.suptitle("bunny_squash — " + comment, fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "softbody_bunny_squash.png"), dpi=100)


def plot_beam(folder):
    comment, rows = read(os.path.join(folder, "softbody_beam.csv"))
    series = defaultdict(list)
    for r in rows:
        series[(r["method"], r["dt"])].append(r)
    fig, ax = plt.subplots(figsize=(7, 4))
    for (method, dt), rs in sorted(series.items()):
        ax.plot([float(r["time_s"]) for r in rs], [float(r["tip_deflection"]) for r in rs],
                label=f"{method} dt={float(dt) * 1000:.0f} ms")
    ax.set_xlabel("simulated time [s]")
    ax.set_ylabel("tip deflection [m]")
    ax.legend()
    ax.set_title("beam (mu = 1e12) — " + comment, fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "softbody_beam.png"), dpi=100)


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "results")
    plot_squash(folder)
    plot_beam(folder)

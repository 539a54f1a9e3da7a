"""Drives a grab as a hand would and records the strain: hanging_cloth's lower corner is taken
and pulled down and out over a second, held, then let go. Writes one CSV row per frame.

    python3 examples/python/grab_strain.py [--solver xpbd] [--out grab.csv] [--quick]
"""
import argparse
import csv

import numpy as np

import pbd_sandbox as pbd


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--solver", default="pbd")
    ap.add_argument("--res", type=int, default=0)
    ap.add_argument("--pull", type=float, default=0.8, help="how far the hand goes [m]")
    ap.add_argument("--out", default="grab.csv")
    ap.add_argument("--quick", action="store_true", help="a small run (the test's)")
    a = ap.parse_args()
    pull_frames, hold_frames, after_frames = (60, 30, 60) if not a.quick else (10, 5, 5)
    w = pbd.World("hanging_cloth", res=8 if a.quick else a.res, settings={"solver": a.solver})
    w.step(30)  # let it settle
    x = w.positions
    corner = int(np.argmin(x[:, 1] - x[:, 0]))  # lowest, then rightmost
    start = x[corner].copy()
    direction = np.array([0.3, -1.0, 0.5])
    direction /= np.linalg.norm(direction)
    rows = []
    w.grab(corner, start)
    for f in range(pull_frames + hold_frames + after_frames):
        if f < pull_frames:
            w.move_grab(start + direction * a.pull * (f + 1) / pull_frames)
        elif f == pull_frames + hold_frames:
            w.release()
        w.step()
        s = w.stats()
        rows.append({"frame": s["frame"], "held": int(w.grabbed is not None),
                     "hand_to_particle_m": float(np.linalg.norm(
                         w.positions[corner] - (start + direction * a.pull * min(
                             f + 1, pull_frames) / pull_frames))),
                     "max_strain": s["max_strain"], "mean_strain": s["mean_strain"],
                     "ms": s["ms"]})
    with open(a.out, "w", newline="") as f:
        out = csv.DictWriter(f, fieldnames=list(rows[0]))
        out.writeheader()
        out.writerows(rows)
    peak = max(r["max_strain"] for r in rows)
    print("grabbed particle %d, pulled %.2f m: peak max strain %.4f, last %.4f; wrote %s"
          % (corner, a.pull, peak, rows[-1]["max_strain"], a.out))


if __name__ == "__main__":
    main()

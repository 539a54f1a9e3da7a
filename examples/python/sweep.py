"""A parameter sweep: peak stretch of hanging_cloth against iterations per substep, for PBD,
XPBD and HPBD, plotted with matplotlib against the iterations and against the CPU time per
frame they cost (the step's own timer).

    python3 examples/python/sweep.py [--res 32] [--frames 120] [--out sweep.png] [--quick]
"""
import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import pbd_sandbox as pbd  # noqa: E402


def peak_strain(solver, iterations, res, frames):
    """Steps a fresh hanging_cloth and returns its peak max strain and CPU ms per frame."""
    w = pbd.World("hanging_cloth", res=res,
                  settings={"solver": solver, "iterations": iterations})
    peak, ms = 0.0, 0.0
    for _ in range(frames):
        w.step()
        s = w.stats()
        peak = max(peak, s["max_strain"])
        ms += s["ms"]
    return peak, ms / frames


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--res", type=int, default=32)
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--iterations", default="1,2,4,8,16,32")
    ap.add_argument("--out", default="sweep.png")
    ap.add_argument("--quick", action="store_true", help="a small run (the test's)")
    a = ap.parse_args()
    if a.quick:
        a.res, a.frames, a.iterations = 8, 10, "1,4"
    iterations = [int(k) for k in a.iterations.split(",")]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for solver in ["pbd", "xpbd", "hpbd"]:
        rows = [peak_strain(solver, k, a.res, a.frames) for k in iterations]
        for k, (peak, ms) in zip(iterations, rows):
            print("%s iterations %d: peak strain %.5f, %.3f ms/frame" % (solver, k, peak, ms))
        left.loglog(iterations, [r[0] for r in rows], "o-", label=solver.upper())
        right.loglog([r[1] for r in rows], [r[0] for r in rows], "o-", label=solver.upper())
    left.set_xlabel("iterations per substep")
    right.set_xlabel("ms per frame (one thread)")
    for ax in (left, right):
        ax.set_ylabel("peak max strain over %d frames" % a.frames)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
    fig.suptitle("hanging_cloth, res %d: stretch against iterations and cost" % a.res)
    fig.tight_layout()
    fig.savefig(a.out, dpi=100)
    print("wrote", a.out)


if __name__ == "__main__":
    main()

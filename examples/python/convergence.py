"""A convergence curve: how far one frame's solve gets with k iterations, PBD against HPBD and
MGPBD, from the same state. The measure is solver independent: the RMS stretch violation
(|l - l0|, metres) of the cloth's edges after the frame. MGPBD's own dual residual per outer
iteration (its eq. 4, from the stats' residual_history) is plotted beside it.

    python3 examples/python/convergence.py [--scene mgpbd_cloth] [--res 64] [--out conv.png]
"""
import argparse
import os
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import pbd_sandbox as pbd  # noqa: E402


def one_frame(state, scene, res, solver, k):
    """The stats of one frame from `state` with k iterations (MGPBD: k outer iterations, no
    budget, no early stop)."""
    w = pbd.World(scene, res=res, state=state)
    w.set_solver(solver, crossfade=False)  # this frame is the new solver's alone
    if solver == "mgpbd":
        w.set("mgpbd-frame-budget-ms", 0)
        w.set("mgpbd-atol", 0)
        w.set("mgpbd-max-iterations", k)
    else:
        w.set("iterations", k)
    w.step()
    return w.stats()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scene", default="mgpbd_cloth")
    ap.add_argument("--res", type=int, default=64)
    ap.add_argument("--start", type=int, default=20, help="frames stepped before the curve")
    ap.add_argument("--max-iterations", type=int, default=64)
    ap.add_argument("--out", default="convergence.png")
    ap.add_argument("--quick", action="store_true", help="a small run (the test's)")
    a = ap.parse_args()
    if a.quick:
        a.res, a.start, a.max_iterations = 12, 3, 4
    ks = [1]
    while ks[-1] * 2 <= a.max_iterations:
        ks.append(ks[-1] * 2)
    w = pbd.World(a.scene, res=a.res)
    w.step(a.start)
    fd, state = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        w.save_state(state)
        curves = {}
        for solver in ["pbd", "hpbd", "mgpbd"]:
            curves[solver] = [one_frame(state, a.scene, a.res, solver, k) for k in ks]
            for k, s in zip(ks, curves[solver]):
                print("%s k=%d: stretch violation %.3e m, max strain %.3e, %.2f ms"
                      % (solver, k, s["stretch_violation"], s["max_strain"], s["ms"]))
    finally:
        os.unlink(state)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for solver, rows in curves.items():
        left.loglog(ks, [max(r["stretch_violation"], 1e-16) for r in rows], "o-",
                    label=solver.upper())
    left.set_xlabel("iterations per substep (MGPBD: outer iterations)")
    left.set_ylabel("RMS stretch violation after the frame [m]")
    left.set_title("%s res %d, frame %d" % (a.scene, a.res, a.start + 1))
    left.grid(True, which="both", alpha=0.3)
    left.legend()
    history = curves["mgpbd"][-1]["residual_history"]
    right.semilogy(range(1, len(history) + 1), [max(r, 1e-16) for r in history], "o-")
    right.set_xlabel("MGPBD outer iteration (last substep)")
    right.set_ylabel("dual residual ||b||")
    right.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(a.out, dpi=100)
    print("wrote", a.out)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Do the README's paper figures still come out of their commands? Runs a short prefix of
each cheap figure bench and compares its rows, every column but the times, with the committed
CSV the README quotes. Three figures drifted unnoticed for days before this check (the beam at
dt 30 ms, the bunny's frame 1, amg-poisson's iteration counts; docs/notes/
testing-and-ci.md). usage: figures_check.py PBD_BENCH RESULTS_DIR [WORK_DIR]"""
import csv, math, os, subprocess, sys

# (name, pbd-bench arguments, committed CSV under RESULTS_DIR, key columns, compared columns)
CHECKS = [
    ("amg-poisson 64^2 and 128^2",
     ["amg-poisson", "--sizes", "64,128"], "mgpbd_amg_poisson.csv",
     ["method", "n"], ["rows", "iterations"]),
    ("hpbd-fig7 (HPBD paper Fig. 7)",
     ["hpbd-fig7"], "hpbd_fig7.csv",
     ["method", "levels", "iterations"], ["max_strain", "mean_strain"]),
    ("iterations, hanging_cloth res 64, PBD-5",
     ["iterations", "--scene", "hanging_cloth", "--res", "64", "--frames", "300",
      "--iterations", "5"], "pbd_iterations_hanging_cloth.csv",
     ["solver", "iterations", "frame"], ["max_strain", "mean_strain"]),
    ("beam, XPBD-20, first 0.1 s",
     ["softbody", "--scene", "beam", "--dt", "0.01,0.02,0.03", "--seconds", "0.1",
      "--method", "xpbd", "--iterations", "20"], "softbody_beam_xpbd20.csv",
     ["method", "dt", "iterations", "frame"], ["tip_deflection", "dual_residual"]),
    ("beam, MGPBD paper preset, dt 30 ms, frame 1",
     ["softbody", "--scene", "beam", "--dt", "0.03", "--seconds", "0.03", "--method", "mgpbd",
      "--iterations", "20", "--mgpbd-preset", "paper", "--mgpbd-primal-residual", "true"],
     "softbody_beam_mgpbd_paperpreset.csv",
     ["method", "dt", "iterations", "frame"],
     ["tip_deflection", "dual_residual", "outer_iterations", "pcg_iterations"]),
    ("bunny_squash, MGPBD paper preset, frames 1-2",
     ["softbody", "--scene", "bunny_squash", "--res", "16", "--method", "mgpbd",
      "--mgpbd-preset", "paper", "--iterations", "20", "--mgpbd-pcg-max", "10",
      "--mgpbd-relaxation", "0.1", "--seconds", "0.02"],
     "softbody_bunny_squash_paperpreset.csv",
     ["method", "frame"],
     ["dual_residual", "volume_ratio", "shape_error", "iterations", "pcg_iterations"]),
]


def rows(path):
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
    return list(csv.DictReader(lines))


def header(path):
    with open(path) as f:
        return "".join(l for l in f if l.startswith("#"))


def same(a, b):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    if math.isnan(x) and math.isnan(y):
        return True
    return x == y or abs(x - y) <= 1e-9 * max(abs(x), abs(y))


def check(bench, results, work, name, args, ref, keys, columns):
    out = os.path.join(work, "figures_check_" + ref.replace("/", "_"))
    env = dict(os.environ, OMP_NUM_THREADS="1")
    p = subprocess.run([bench] + args + ["--csv", out], env=env, capture_output=True, text=True)
    if p.returncode != 0:
        return f"FAIL {name}: pbd-bench exited with {p.returncode}: {p.stderr.strip()[-300:]}"
    refPath = os.path.join(results, ref)
    # The bunny is fetched at set-up (scripts/fetch_meshes); without it the scene is a capsule.
    if "bunny00.off" in header(refPath) and "bunny00.off" not in header(out):
        return f"skip {name}: no bunny mesh here (scripts/fetch_meshes)"
    committed = {tuple(r[k] for k in keys): r for r in rows(refPath)}
    new = rows(out)
    if not new:
        return f"FAIL {name}: no rows"
    for r in new:
        key = tuple(r[k] for k in keys)
        if key not in committed:
            return f"FAIL {name}: row {key} is not in {ref}"
        for c in columns:
            if not same(r[c], committed[key][c]):
                return (f"FAIL {name}: row {dict(zip(keys, key))} {c} = {r[c]}, "
                        f"{ref} says {committed[key][c]}")
    return f"ok   {name}: {len(new)} rows equal {ref} in {', '.join(columns)}"


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    bench, results = sys.argv[1], sys.argv[2]
    work = sys.argv[3] if len(sys.argv) > 3 else "."
    failed = False
    for c in CHECKS:
        line = check(bench, results, work, *c)
        print(line, flush=True)
        failed |= line.startswith("FAIL")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

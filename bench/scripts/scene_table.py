#!/usr/bin/python3
"""Every scene x every solver at its defaults, headless, one thread: median ms/frame, peak
max strain, finite. usage: scene_table.py EXE FRAMES OUT.md [solvers] [timeout_s]"""
import csv, math, os, statistics, subprocess, sys, time
exe, frames, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
solvers = (sys.argv[4] if len(sys.argv) > 4 else "default,pbd,xpbd,hpbd,mgpbd").split(",")
limit = int(sys.argv[5]) if len(sys.argv) > 5 else 600
scenes = [l.split()[0] for l in subprocess.run([exe, "--list-scenes"], capture_output=True, text=True).stdout.splitlines() if l.strip()]
rows = []
env = dict(os.environ, OMP_NUM_THREADS="1")
for sc in scenes:
    for so in solvers:
        path = f"/tmp/st_{sc}_{so}.csv"
        cmd = [exe, "--headless", "--scene", sc, "--frames", str(frames), "--stats", path]
        if so != "default": cmd += ["--solver", so]
        t0 = time.time()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=limit)
            rc = p.returncode; last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr.strip()[-200:]
        except subprocess.TimeoutExpired:
            rc = "timeout"; last = ""
        try:
            r = list(csv.DictReader(open(path)))
        except Exception:
            r = []
        ms = [float(x["sim_ms"]) for x in r]; st = [float(x["max_strain"]) for x in r]
        fin = all(math.isfinite(float(x["kinetic_energy"])) for x in r)
        solver = so if so != "default" else (last.split("solver=")[1].split()[0] if "solver=" in last else "?")
        rows.append((sc, so, solver, len(r), statistics.median(ms) if ms else float("nan"), max(st) if st else float("nan"), fin, rc))
        print(rows[-1], f"{time.time()-t0:.0f}s", flush=True)
load = os.getloadavg()
with open(out, "w") as f:
    f.write(f"`{' '.join(sys.argv)}` — load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, OMP_NUM_THREADS=1\n\n")
    f.write("| scene | run | solver | frames | median ms/frame | peak max strain | finite | exit |\n|---|---|---|---|---|---|---|---|\n")
    for r in rows:
        f.write(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]:.2f} | {r[5]:.3f} | {'yes' if r[6] else 'NO'} | {r[7]} |\n")

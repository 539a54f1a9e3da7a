#!/usr/bin/python3
"""Every scene x every solver at its defaults, headless, one thread: median ms/frame, peak
max strain, finite. Writes CSV with the command and the machine in its header, as pbd-bench
does (scripts/results reads them).
usage: scene_table.py EXE FRAMES OUT.csv [solvers] [timeout_s]"""
import csv, math, os, shlex, statistics, subprocess, sys, tempfile, time


def machine():
    """The CPU model and thread count, as pbd-bench's machineDescription() writes them."""
    model = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {os.cpu_count()} threads"


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    exe, frames, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    solvers = (sys.argv[4] if len(sys.argv) > 4 else "default,pbd,xpbd,hpbd,mgpbd").split(",")
    limit = int(sys.argv[5]) if len(sys.argv) > 5 else 600
    listing = subprocess.run([exe, "--list-scenes"], capture_output=True, text=True).stdout
    scenes = [l.split()[0] for l in listing.splitlines() if l.strip()]
    env = dict(os.environ, OMP_NUM_THREADS="1")
    work = tempfile.mkdtemp(prefix="scene_table_")
    rows = []
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for sc in scenes:
        for so in solvers:
            path = os.path.join(work, f"{sc}_{so}.csv")
            cmd = [exe, "--headless", "--scene", sc, "--frames", str(frames), "--stats", path]
            if so != "default":
                cmd += ["--solver", so]
            t0 = time.time()
            try:
                p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=limit)
                rc = p.returncode
                last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr.strip()[-200:]
            except subprocess.TimeoutExpired:
                rc, last = "timeout", ""
            try:
                r = list(csv.DictReader(open(path)))
            except OSError:
                r = []
            ms = [float(x["sim_ms"]) for x in r]
            st = [float(x["max_strain"]) for x in r]
            fin = all(math.isfinite(float(x["kinetic_energy"])) for x in r)
            solver = so if so != "default" else (last.split("solver=")[1].split()[0] if "solver=" in last else "?")
            rows.append([sc, so, solver, len(r), f"{statistics.median(ms):.2f}" if ms else "nan",
                         f"{max(st):.3g}" if st else "nan", "yes" if fin else "NO", rc])
            print(rows[-1], f"{time.time() - t0:.0f}s", flush=True)
    load = os.getloadavg()
    with open(out, "w", newline="") as f:
        f.write(f"# command: {shlex.join(sys.argv)}\n# machine: {machine()}\n")
        f.write(f"# {started}, {frames} frames a run, OMP_NUM_THREADS=1, load average at the end "
                f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["scene", "run", "solver", "frames", "median_ms_per_frame", "peak_max_strain",
                    "finite", "exit"])
        w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""The Python module's cost (issue 59), as CSV on stdout:

  loop      300 frames of a scene stepped from a Python loop (one process: interpreter, import,
            World(), 300 w.step() calls) against `pbd-sandbox --headless --frames 300` (one
            process), each process's CPU time (user + sys, from the kernel), same settings,
            alternated so that load drifts hit both; the state hashes are checked equal. The
            loop alone is each process at 300 frames less the same process at 1 frame (start,
            load and the first frame cancel).
  threads   two worlds stepping 300 frames each in two Python threads, against the same two
            one after the other in one thread: wall time (two cores).

  PYTHONPATH=build/release/python OMP_NUM_THREADS=1 \\
    bench/scripts/python_overhead.py [--repeats 5] > bench/results/python_overhead.csv
"""
import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOOP = """
import sys, pbd_sandbox as pbd
w = pbd.World(sys.argv[1], res=int(sys.argv[2]))
for _ in range(int(sys.argv[3])):
    w.step()
print(w.state_hash())
"""


def child_cpu(cmd):
    """Runs cmd; returns (CPU seconds of the child, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def loop_rows(exe, scene, res, frames, repeats):
    t = {k: [] for k in ("cli", "cli1", "py", "py1")}
    for _ in range(repeats):
        for n, key in ((frames, ""), (1, "1")):
            c, out = child_cpu([exe, "--headless", "--scene", scene, "--res", str(res),
                                "--frames", str(n)])
            t["cli" + key].append(c)
            cli_hash = out.split("state_hash ")[1].split()[0]
            c, out = child_cpu([sys.executable, "-c", LOOP, scene, str(res), str(n)])
            t["py" + key].append(c)
            assert out.strip() == cli_hash, (out, cli_hash)
    m = {k: statistics.median(v) for k, v in t.items()}
    row = lambda measure, value: ("loop", scene, res, frames, measure, value)  # noqa: E731
    return [row("cli_cpu_s", m["cli"]), row("python_cpu_s", m["py"]),
            row("python_over_cli", m["py"] / m["cli"]),
            row("cli_loop_cpu_s", m["cli"] - m["cli1"]),
            row("python_loop_cpu_s", m["py"] - m["py1"]),
            row("python_loop_over_cli_loop", (m["py"] - m["py1"]) / (m["cli"] - m["cli1"]))]


def thread_rows(scene, res, frames, repeats):
    import pbd_sandbox as pbd

    def run(out, i):
        w = pbd.World(scene, res=res)
        w.step(frames)
        out[i] = w.state_hash()

    seq_t, par_t = [], []
    for _ in range(repeats):
        out = [None, None]
        t0 = time.perf_counter()
        run(out, 0)
        run(out, 1)
        seq_t.append(time.perf_counter() - t0)
        par = [None, None]
        threads = [threading.Thread(target=run, args=(par, i)) for i in range(2)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        par_t.append(time.perf_counter() - t0)
        assert par == out
    s, p = statistics.median(seq_t), statistics.median(par_t)
    return [("threads", scene, res, frames, "sequential_wall_s", s),
            ("threads", scene, res, frames, "two_threads_wall_s", p),
            ("threads", scene, res, frames, "threads_over_sequential", p / s)]


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--exe", default=os.path.join(ROOT, "build/release/app/pbd-sandbox"))
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--scenes", default="hanging_cloth:32,hanging_cloth:64")
    a = ap.parse_args()
    load0 = os.getloadavg()[0]
    rows = []
    for item in a.scenes.split(","):
        scene, res = item.split(":")
        rows += loop_rows(a.exe, scene, int(res), a.frames, a.repeats)
        rows += thread_rows(scene, int(res), a.frames, a.repeats)
    load1 = os.getloadavg()[0]
    print("# command: PYTHONPATH=build/release/python OMP_NUM_THREADS=1 "
          "bench/scripts/python_overhead.py " + " ".join(sys.argv[1:]))
    print("# machine: %s, %d threads, Python %s" % (cpu_name(), os.cpu_count(),
                                                     platform.python_version()))
    print("# load average %.2f at the start, %.2f at the end; medians of %d alternated runs"
          % (load0, load1, a.repeats))
    print("kind,scene,res,frames,measure,value")
    for r in rows:
        print("%s,%s,%d,%d,%s,%.4f" % r)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The file readers cost at most 4x a file's size + 64 MB at their peak (issue 57): a 60 MB
scene file whose pin list is "0,0,0,..." (the densest numbers JSON can hold, which cost the
most per byte of text), 30 MB of "[" (refused for its nesting) and a state file of about
100 MB saved by the program itself. Each run's peak resident size is read by a fresh Python
child, whose RUSAGE_CHILDREN covers that run alone.

  reader_memory.py SANDBOX WORKDIR
"""
import os
import subprocess
import sys

MB = 1 << 20


def peak_kb(cmd):
    """Runs cmd in a fresh child; returns (exit code, peak resident KB, stderr tail)."""
    probe = subprocess.run(
        [sys.executable, "-c",
         "import resource,subprocess,sys;"
         "r=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.PIPE,"
         "text=True);"
         "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
         "print(r.stderr[-600:])"] + cmd,
        capture_output=True, text=True, check=True, timeout=600,
        env=dict(os.environ, OMP_NUM_THREADS="1"))
    first, _, rest = probe.stdout.partition("\n")
    code, kb = first.split()
    return int(code), int(kb), rest.strip()


def check(name, cmd, path, want_code):
    size = os.path.getsize(path)
    code, kb, err = peak_kb(cmd)
    bound_kb = (4 * size + 64 * MB) // 1024
    ok = code == want_code and kb <= bound_kb
    print(f"{name}: {size / MB:.1f} MB file, exit {code} (want {want_code}), "
          f"peak {kb / 1024:.0f} MB (at most {bound_kb / 1024:.0f} MB){'' if ok else ' FAILED'}")
    if not ok and err:
        print("  " + err.replace("\n", "\n  "))
    return ok


def main():
    sandbox, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    ok = True

    scene = os.path.join(work, "zeros_scene.json")
    with open(scene, "w") as f:
        f.write('{"format": "pbd-sandbox-scene", "version": 1, '
                '"scene": {"name": "hanging_cloth", "resolution": 8}, "pins": {"pinned": [')
        f.write(",".join(["0"] * (30 * MB)))
        f.write("]}}\n")
    ok &= check("scene file of 31M pins", [sandbox, "--headless", "--scene-file", scene,
                                          "--frames", "1"], scene, 0)

    brackets = os.path.join(work, "brackets.json")
    with open(brackets, "w") as f:
        f.write("[" * (30 * MB))
    for flag in ("--scene-file", "--state"):
        cmd = [sandbox, "--headless", "--frames", "1", flag, brackets]
        if flag == "--state":
            cmd[1:1] = ["--scene", "hanging_cloth"]
        ok &= check(f"30 MB of '[' as {flag}", cmd, brackets, 2)

    state = os.path.join(work, "big_state.json")
    base = [sandbox, "--headless", "--scene", "hanging_cloth", "--res", "390", "--frames", "1",
            "--iterations", "1", "--substeps", "1"]
    saved = subprocess.run(base + ["--save-state", state], capture_output=True, text=True,
                           timeout=600, env=dict(os.environ, OMP_NUM_THREADS="1"))
    if saved.returncode != 0:
        sys.exit(f"saving the state failed: {saved.stderr[-600:]}")
    ok &= check("state file of hanging_cloth res 390", base + ["--state", state], state, 0)

    for path in (scene, brackets, state):
        os.remove(path)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

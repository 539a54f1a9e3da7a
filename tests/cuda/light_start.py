#!/usr/bin/env python3
"""A CPU run loads no GPU library (issue 57): `pbd-sandbox --list-scenes` and a short
headless run map no libcuda*/libcu* library (glibc's LD_DEBUG=files lists every object the
dynamic linker opens), and --list-scenes peaks at most 32 MB resident.

  light_start.py SANDBOX
"""
import os
import re
import subprocess
import sys

MAX_RSS_KB = 32 * 1024


def loaded_objects(cmd):
    env = dict(os.environ, LD_DEBUG="files", OMP_NUM_THREADS="1")
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {run.returncode}\n{run.stderr[-2000:]}")
    return set(re.findall(r"file=(\S+)\s+\[0\];\s+needed by", run.stderr)) | set(
        re.findall(r"file=(\S+)\s+\[0\];\s+dynamically loaded", run.stderr))


def main():
    sandbox = sys.argv[1]
    failed = False
    for cmd in ([sandbox, "--list-scenes"],
                [sandbox, "--headless", "--scene", "mgpbd_cloth", "--res", "8", "--frames", "3",
                 "--solver", "mgpbd"]):
        objects = loaded_objects(cmd)
        if not objects:
            sys.exit("LD_DEBUG=files listed nothing: not glibc's dynamic linker?")
        gpu = sorted(o for o in objects if re.search(r"lib(cuda|cu[a-z]+|nvJitLink|pbd_cuda)", o))
        print(f"{' '.join(cmd[1:])}: {len(objects)} objects loaded, GPU ones: {gpu or 'none'}")
        failed |= bool(gpu)
    # Peak resident size of --list-scenes alone: a fresh child measures its own children.
    probe = subprocess.run([sys.executable, "-c",
                            "import resource,subprocess,sys;"
                            "subprocess.run([sys.argv[1],'--list-scenes'],check=True,"
                            "stdout=subprocess.DEVNULL);"
                            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
                            sandbox], capture_output=True, text=True, check=True)
    rss = int(probe.stdout.strip())
    print(f"--list-scenes peak resident: {rss} KB (at most {MAX_RSS_KB})")
    failed |= rss > MAX_RSS_KB
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Mutation check: applies each one-line mutant of tests/mutation/mutants.txt to the core in
turn, rebuilds, and reports whether the fast test label (`ctest -LE slow`) catches it.

    tests/mutation/run_mutants.py [--build build/release] [--only NAME ...] [--keep-going]

A mutant is caught when a test fails. The unit tests (sim_tests without the *Slow suites,
the same tests `ctest -LE slow` runs from that binary) run first, in two shards at once; a
mutant they miss gets the whole `ctest -LE slow`. The source file is restored after each
mutant, whatever happens, and the tree rebuilt at the end. Only sim_tests is rebuilt for the
first stage, the whole tree for the second. Exits 1 when a mutant survives
or does not build, so a list that stops biting shows.
"""
import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def read_mutants(path):
    mutants = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 4:
            sys.exit(f"{path}:{number}: expected name<TAB>path<TAB>from<TAB>to, got {len(fields)} fields")
        mutants.append({"name": fields[0], "path": fields[1], "from": fields[2], "to": fields[3],
                        "line": number})
    return mutants


def run(cmd, env=None, timeout=None):
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


def build(build_dir, target=None):
    return run(["cmake", "--build", build_dir, "-j", str(os.cpu_count() or 2)] +
               (["--target", target] if target else []))


def failing_unit_tests(build_dir):
    """Runs the fast unit tests in two shards at once; returns the failed test names."""
    exe = os.path.join(build_dir, "tests", "sim_tests")
    shards = []
    for index in range(2):
        env = dict(os.environ, OMP_NUM_THREADS="1", GTEST_TOTAL_SHARDS="2",
                   GTEST_SHARD_INDEX=str(index))
        shards.append(subprocess.Popen([exe, "--gtest_filter=-*Slow.*", "--gtest_brief=1"],
                                       cwd=os.path.join(build_dir, "tests"), env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                       text=True))
    failed = []
    for shard in shards:
        out, _ = shard.communicate()
        failed += [l.split("]", 1)[1].split("(")[0].strip() for l in out.splitlines()
                   if l.startswith("[  FAILED  ]") and "(" in l]
        if shard.returncode != 0 and not failed:
            failed.append(f"sim_tests exited {shard.returncode}")
    return failed


def failing_ctest(build_dir):
    r = run(["ctest", "--test-dir", build_dir, "-LE", "slow", "-j", str(os.cpu_count() or 2)],
            env=dict(os.environ, OMP_NUM_THREADS="1"))
    if r.returncode == 0:
        return []
    failed = [l.strip() for l in r.stdout.splitlines() if "(Failed)" in l or "(Timeout)" in l
              or "(Subprocess aborted)" in l or "***Exception" in l]
    return failed or [f"ctest exited {r.returncode}"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build", "release"))
    parser.add_argument("--list", default=os.path.join(ROOT, "tests", "mutation", "mutants.txt"))
    parser.add_argument("--only", nargs="*", default=[])
    args = parser.parse_args()
    mutants = [m for m in read_mutants(args.list) if not args.only or m["name"] in args.only]
    results = []
    for m in mutants:
        path = os.path.join(ROOT, m["path"])
        original = open(path, encoding="utf-8").read()
        count = original.count(m["from"])
        if count != 1:
            results.append((m["name"], "NOT APPLIED", f"'from' found {count} times in {m['path']}"))
            print(f"{m['name']}: NOT APPLIED ({count} matches)", flush=True)
            continue
        start = time.time()
        try:
            open(path, "w", encoding="utf-8").write(original.replace(m["from"], m["to"]))
            b = build(args.build, "sim_tests")
            if b.returncode != 0:
                tail = [l for l in b.stdout.splitlines() if "error" in l][:2]
                verdict, detail = "DOES NOT BUILD", "; ".join(tail)
            else:
                failed = failing_unit_tests(args.build)
                stage = "sim_tests"
                if not failed:
                    b = build(args.build)
                    failed = failing_ctest(args.build) if b.returncode == 0 else ["build"]
                    stage = "ctest -LE slow"
                verdict = "caught" if failed else "SURVIVED"
                detail = (f"by {stage}: " + ", ".join(failed[:3]) +
                          (f" (+{len(failed) - 3})" if len(failed) > 3 else "")) if failed else ""
        finally:
            open(path, "w", encoding="utf-8").write(original)
        results.append((m["name"], verdict, detail))
        print(f"{m['name']}: {verdict} {detail} [{time.time() - start:.0f} s]", flush=True)
    build(args.build)
    print("\nmutant | verdict | detail")
    print("---|---|---")
    for name, verdict, detail in results:
        print(f"{name} | {verdict} | {detail}")
    caught = sum(1 for r in results if r[1] == "caught")
    print(f"\n{caught} of {len(results)} mutants caught by the fast label")
    return 0 if caught == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())

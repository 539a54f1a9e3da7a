#!/usr/bin/env python3
"""The README as a user reads it (ctest label `readme`):

  (a) README.md is at most 250 lines;
  (b) every relative link and image in README.md and the pages it hands over to
      (docs/results.md, docs/usage.md) names a file that exists, and a `#anchor` a heading there;
  (c) every command in the README's code blocks runs as written and exits 0: the pbd-sandbox
      and pbd-bench lines, with their output in a scratch folder, OMP_NUM_THREADS=1 and
      --frames capped (appended where the line has none) so the whole check stays short.
      With --full each line runs as written, at its own length: only a window line with no
      --frames, which stays open until a person closes it, gets --frames 120 (a person who
      looked at it for two seconds).
  (d) every ```python block runs as a script with the module of this build (--python-path),
      in the scratch folder, and exits 0.

  check_readme.py --source DIR --sandbox EXE [--bench EXE] [--xvfb-run PATH] [--work DIR]
                  [--python-path DIR]

Lines that are skipped say why: scripts/* (they set up and build; the test checks that they
exist and are executable), window lines when no --xvfb-run is given, pbd-bench lines when
no --bench is given (the build has no bench), lines that read a mesh `scripts/fetch_meshes`
has not fetched, --record without ffmpeg. A window line runs under Xvfb for its first frames
only; what a scripted drag does over its whole length is the gui.drag test's.
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

MAX_LINES = 250
PAGES = ["README.md", "docs/results.md", "docs/usage.md"]
HEADLESS_FRAMES = 20   # frames a headless line runs at most
WINDOW_FRAMES = 10     # frames a window line runs at most
TIMEOUT_S = 30         # per command
FULL_WINDOW_FRAMES = 120  # --full: frames of a window line that has no --frames
FULL_TIMEOUT_S = 300      # --full: per command
# Where the README's lines find the programs: the build that scripts/sandbox makes.
PROGRAM_PATHS = {"build/release/app/pbd-sandbox": "sandbox", "pbd-sandbox": "sandbox",
                 "build/release/bench/pbd-bench": "bench", "pbd-bench": "bench"}
INFO_FLAGS = {"--list-scenes", "--list-params", "--help", "-h"}
OUTPUT_FLAGS = {"--stats", "--save-scene", "--save-state", "--export-meshes", "--screenshot",
                "--record", "--record-session", "--csv", "--out"}


def fail(errors, msg):
    errors.append(msg)
    print("FAIL: " + msg, flush=True)


def strip_fences(text):
    """The text with fenced code blocks blanked (line numbers kept)."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append("")
        else:
            out.append("" if fenced else line)
    return out


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    s = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return s.replace(" ", "-")


def anchors(path):
    seen, result = {}, set()
    for line in strip_fences(open(path, encoding="utf-8").read()):
        m = re.match(r"#+\s+(.*)", line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            result.add(base if n == 0 else f"{base}-{n}")
    return result


LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|<img[^>]*\ssrc=\"([^\"]+)\"")


def check_links(source, page, errors):
    path = os.path.join(source, page)
    if not os.path.exists(path):
        fail(errors, f"{page} does not exist")
        return 0
    count = 0
    for number, line in enumerate(strip_fences(open(path, encoding="utf-8").read()), 1):
        line = re.sub(r"`[^`]*`", "", line)  # code spans (the picture's caption has one)
        for m in LINK.finditer(line):
            target = m.group(1) or m.group(2)
            if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto:
            count += 1
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(resolved):
                fail(errors, f"{page}:{number}: link to '{target}': {os.path.relpath(resolved, source)} does not exist")
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                fail(errors, f"{page}:{number}: link to '{target}': no heading '#{anchor}' there")
    return count


def python_blocks(text):
    """(line number, code) for each ```python block."""
    result, code, start = [], None, 0
    for number, line in enumerate(text.split("\n"), 1):
        if code is None and line.strip() == "```python":
            code, start = [], number
        elif code is not None and line.strip().startswith("```"):
            result.append((start, "\n".join(code) + "\n"))
            code = None
        elif code is not None:
            code.append(line)
    return result


def run_python(args, readme_text, errors, work):
    """Runs each ```python block with this build's module; returns (ran, skipped)."""
    blocks = python_blocks(readme_text)
    if not args.python_path:
        for number, _ in blocks:
            print(f"skip README.md:{number}: a Python block\n     (no --python-path: a build "
                  "without the module)", flush=True)
        return 0, len(blocks)
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=args.python_path, MPLBACKEND="Agg")
    limit = FULL_TIMEOUT_S if args.full else TIMEOUT_S
    for number, code in blocks:
        t0 = time.time()
        try:
            p = subprocess.run([sys.executable, "-c", code], cwd=work, env=env,
                               capture_output=True, text=True, timeout=limit)
            rc, tail = p.returncode, (p.stdout + p.stderr).strip().splitlines()[-3:]
        except subprocess.TimeoutExpired:
            rc, tail = "timeout", [f"over {limit} s"]
        print(f"ran  README.md:{number}: a Python block\n     exit {rc} in "
              f"{time.time() - t0:.1f} s", flush=True)
        if rc != 0:
            fail(errors, f"README.md:{number}: the Python block exits {rc}\n"
                 + "\n".join("     " + t for t in tail))
    return len(blocks), 0


def code_lines(text):
    """(line number, command) for each command of the shell blocks (not ```python),
    continuations joined."""
    result, fenced, pending, start, skip = [], False, "", 0, False
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            skip = fenced and line.strip() == "```python"
            continue
        if not fenced or skip:
            continue
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            result.append((start, command))
    return result


def cap_frames(tokens, cap, append):
    if "--frames" in tokens:
        i = tokens.index("--frames")
        if i + 1 < len(tokens) and tokens[i + 1].isdigit():
            tokens[i + 1] = str(min(int(tokens[i + 1]), cap))
    elif append:
        tokens += ["--frames", str(cap)]
    return tokens


def prepare_work(source, work):
    """A scratch folder where the README's relative paths resolve: the source tree's top-level
    entries as links (never build*), outputs written beside them."""
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    linked = set()
    for name in os.listdir(source):
        if name.startswith("build") or name.startswith("."):
            continue
        os.symlink(os.path.join(source, name), os.path.join(work, name))
        linked.add(name)
    return linked


def run_commands(args, readme_text, errors):
    work = args.work or tempfile.mkdtemp(prefix="readme_check_")
    linked = prepare_work(args.source, work)
    env = dict(os.environ, OMP_NUM_THREADS="1")
    programs = {"sandbox": args.sandbox, "bench": args.bench}
    ran = skipped = 0
    for number, command in code_lines(readme_text):
        where = f"README.md:{number}: {command}"
        tokens = shlex.split(command, comments=True)
        if not tokens:
            continue
        if tokens[0].startswith("scripts/"):
            script = os.path.join(args.source, tokens[0])
            if not (os.path.isfile(script) and os.access(script, os.X_OK)):
                fail(errors, f"{where}: {tokens[0]} is not an executable script")
            else:
                print(f"skip {where}\n     (sets up, builds or downloads; the script exists)", flush=True)
                skipped += 1
            continue
        prefix = []
        if tokens[0] == "xvfb-run":
            # xvfb-run [-a] [-s ARGS] PROGRAM ...: the program is the first known path.
            k = next((i for i, t in enumerate(tokens) if t in PROGRAM_PATHS), None)
            if k is None:
                fail(errors, f"{where}: xvfb-run of no known program")
                continue
            prefix, tokens = tokens[:k], tokens[k:]
        kind = PROGRAM_PATHS.get(tokens[0])
        if kind is None:
            fail(errors, f"{where}: unknown program '{tokens[0]}' (the test knows "
                         + ", ".join(sorted(PROGRAM_PATHS)) + ")")
            continue
        if not programs[kind]:
            print(f"skip {where}\n     (this build has no pbd-bench)", flush=True)
            skipped += 1
            continue
        tokens = [programs[kind]] + [os.path.expanduser(t) if t.startswith("~/") else t for t in tokens[1:]]
        missing = [t for t in tokens[1:] if t.startswith(os.path.expanduser("~/")) and not os.path.exists(t)]
        if missing:
            print(f"skip {where}\n     ({missing[0]} is missing: scripts/fetch_meshes fetches it)", flush=True)
            skipped += 1
            continue
        into_source = [tokens[i + 1] for i, t in enumerate(tokens[:-1])
                       if t in OUTPUT_FLAGS and tokens[i + 1].split("/")[0] in linked]
        if into_source:
            fail(errors, f"{where}: writes {into_source[0]} into the source tree")
            continue
        window = kind == "sandbox" and "--headless" not in tokens and not INFO_FLAGS & set(tokens)
        if window:
            if not args.xvfb_run:
                print(f"skip {where}\n     (needs a display: no xvfb-run, or a build without the window)", flush=True)
                skipped += 1
                continue
            if "--record" in tokens and not shutil.which("ffmpeg"):
                print(f"skip {where}\n     (--record needs the ffmpeg program)", flush=True)
                skipped += 1
                continue
            if args.full:
                if "--frames" not in tokens:
                    tokens += ["--frames", str(FULL_WINDOW_FRAMES)]
            else:
                tokens = cap_frames(tokens, WINDOW_FRAMES, append=True)
            prefix = [args.xvfb_run] + (prefix[1:] if prefix else ["-a", "-s", "-screen 0 1280x720x24"])
        elif args.full:
            pass  # as written
        elif kind == "sandbox":
            tokens = cap_frames(tokens, HEADLESS_FRAMES, append="--headless" in tokens)
        else:
            tokens = cap_frames(tokens, HEADLESS_FRAMES, append=False)
        argv = prefix + tokens
        t0 = time.time()
        limit = FULL_TIMEOUT_S if args.full else TIMEOUT_S
        try:
            p = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, timeout=limit)
            rc, tail = p.returncode, (p.stdout + p.stderr).strip().splitlines()[-3:]
        except subprocess.TimeoutExpired:
            rc, tail = "timeout", [f"over {limit} s"]
        ran += 1
        print(f"ran  {where}\n     exit {rc} in {time.time() - t0:.1f} s: {' '.join(argv[len(prefix):][1:])}", flush=True)
        if rc != 0:
            fail(errors, f"{where}: exit {rc}\n" + "\n".join("     " + t for t in tail))
    py_ran, py_skipped = run_python(args, readme_text, errors, work)
    return ran + py_ran, skipped + py_skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", required=True, help="the repository root")
    ap.add_argument("--sandbox", required=True, help="the pbd-sandbox to run")
    ap.add_argument("--bench", default="", help="the pbd-bench to run (none: its lines are skipped)")
    ap.add_argument("--xvfb-run", default="", help="xvfb-run, to run the window lines (none: skipped)")
    ap.add_argument("--work", default="", help="scratch folder (emptied first)")
    ap.add_argument("--python-path", default="",
                    help="the folder holding this build's pbd_sandbox (none: Python blocks skipped)")
    ap.add_argument("--full", action="store_true",
                    help="run every line at its written length (window lines without --frames: 120)")
    args = ap.parse_args()
    args.source = os.path.abspath(args.source)
    args.work = os.path.abspath(args.work) if args.work else ""
    errors = []
    readme = open(os.path.join(args.source, "README.md"), encoding="utf-8").read()
    lines = readme.count("\n") + (0 if readme.endswith("\n") else 1)
    print(f"README.md: {lines} lines (at most {MAX_LINES})")
    if lines > MAX_LINES:
        fail(errors, f"README.md has {lines} lines, more than {MAX_LINES}")
    links = sum(check_links(args.source, page, errors) for page in PAGES)
    print(f"links and images: {links} relative ones checked in {', '.join(PAGES)}")
    ran, skipped = run_commands(args, readme, errors)
    print(f"commands: {ran} ran, {skipped} skipped; {len(errors)} failure(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

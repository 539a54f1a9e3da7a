"""pbd_sandbox: the pbd-sandbox simulation core from Python and NumPy.

    import pbd_sandbox as pbd
    w = pbd.World("hanging_cloth", res=32, settings={"solver": "xpbd", "iterations": 20})
    x = w.positions            # (N, 3) view of the world's positions, no copy
    w.step(60)
    print(w.stats()["max_strain"], w.state_hash())

World, scenes(), params() and run_bench() come from the compiled core (pbd_sandbox._core).
This file adds the benchmarks as records: bench() runs any pbd-bench subcommand that writes
CSV and returns its rows, equal_budget() the equal-budget study, columns() turns rows into
NumPy arrays. docs/python.md has the whole API.
"""

import csv as _csv
import os as _os
import sys as _sys
import tempfile as _tempfile

# The module is built for Debian's python3 and its NumPy (scripts/setup). Another interpreter
# of the same version (pyenv, a venv) finds NumPy there when it has none of its own.
import importlib.util as _importlib_util

if _importlib_util.find_spec("numpy") is None:  # looked up, not imported: import stays quick
    for _dist in ("/usr/lib/python3/dist-packages",):
        if _os.path.isdir(_os.path.join(_dist, "numpy")) and _dist not in _sys.path:
            _sys.path.append(_dist)

from ._core import World, bench_commands, params, run_bench, scenes

__all__ = ["World", "scenes", "params", "bench_commands", "run_bench", "bench", "equal_budget",
           "columns"]


def _number(text):
    """A CSV cell as int, float or the text itself."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _flag(name, value):
    flag = "--" + name.replace("_", "-")
    if value is True:
        return [flag]
    if value is False or value is None:
        return []
    if isinstance(value, (list, tuple)):
        value = ",".join(str(v) for v in value)
    return [flag, str(value)]


def bench(command, **options):
    """Runs `pbd-bench COMMAND --option value ...` in this process and returns its CSV rows as
    a list of dicts (numbers converted). Keyword names are the subcommand's options with `_`
    for `-`; a list becomes a comma-separated value; True is a bare flag.

    Raises ValueError for an unknown subcommand or one without CSV output, RuntimeError when
    the run fails (its message is on stderr).
    """
    known = {c["name"]: c for c in bench_commands()}
    if command not in known:
        raise ValueError("unknown pbd-bench subcommand '%s'. Valid: %s"
                         % (command, ", ".join(sorted(known))))
    if not known[command]["csv"]:
        raise ValueError("pbd-bench %s writes no CSV: call run_bench([...]) for its output"
                         % command)
    args = [command]
    for name, value in options.items():
        if name == "csv":
            raise ValueError("bench() writes the CSV itself: leave out csv=")
        args += _flag(name, value)
    fd, path = _tempfile.mkstemp(prefix="pbd_bench_", suffix=".csv")
    _os.close(fd)
    try:
        code = run_bench(args + ["--csv", path])
        if code != 0:
            raise RuntimeError("pbd-bench %s failed with exit code %d (see stderr)"
                               % (" ".join(args), code))
        with open(path, newline="") as f:
            lines = [line for line in f if not line.startswith("#")]
        return [{k: _number(v) for k, v in row.items()} for row in _csv.DictReader(lines)]
    finally:
        _os.unlink(path)


def equal_budget(scenes=None, budgets=(4, 8, 16), methods=("pbd", "xpbd-small", "hpbd", "mgpbd"),
                 frames=300, calibration_frames=60):
    """The equal-budget study (`pbd-bench equal-budget`): every method given the same CPU time
    per frame on one thread. scenes: names, or "name:res"; None for every scene. Returns one
    record per scene, method and budget."""
    options = {"budgets": list(budgets), "methods": list(methods), "frames": frames,
               "calibration_frames": calibration_frames}
    if scenes is not None:
        options["scenes"] = [scenes] if isinstance(scenes, str) else list(scenes)
    return bench("equal-budget", **options)


def _assign(world, name, values):
    import numpy as np
    target = getattr(world, name)
    try:
        a = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as e:
        raise ValueError("%s must be numbers: %s" % (name, e)) from None
    if a.shape != target.shape:
        raise ValueError("%s must have shape %s (particles, 3), not %s"
                         % (name, target.shape, a.shape))
    if not np.isfinite(a).all():
        raise ValueError("%s must be finite" % name)
    target[...] = a


def _set_positions(self, values):
    """Copies (N, 3) positions into the world (shape and finiteness checked)."""
    _assign(self, "positions", values)


def _set_velocities(self, values):
    """Copies (N, 3) velocities into the world (shape and finiteness checked)."""
    _assign(self, "velocities", values)


World.set_positions = _set_positions
World.set_velocities = _set_velocities


def columns(records):
    """Records (a list of dicts with the same keys) as a dict of NumPy arrays, one per key."""
    import numpy as np
    if not records:
        return {}
    return {k: np.array([r[k] for r in records]) for k in records[0]}

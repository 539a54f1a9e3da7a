"""10,000 random calls, many of them bad, never crash the interpreter: each either works or
raises one of the module's exceptions."""
import random

import numpy as np

import pbd_sandbox as pbd

ALLOWED = (ValueError, OSError, IndexError, RuntimeError, TypeError)
PARAMS = pbd.params()
GARBAGE = [None, "", "x", "1e999", "nan", "-inf", float("nan"), float("inf"), -1e300, 1e300,
           -1, 0, 2**63, [1, 2], (1, 2, 3, 4), {"a": 1}, b"\x00", object(), [float("nan")] * 3]


def random_value(rng, p):
    """A value for parameter p: mostly in range (small for counts, so steps stay cheap), else
    garbage."""
    if rng.random() < 0.3:
        return rng.choice(GARBAGE)
    if p["type"] == "choice":
        return rng.choice(p["choices"])
    if p["type"] == "bool":
        return rng.random() < 0.5
    lo, hi = p["min"], p["max"]
    if p["type"] == "int":
        return rng.randint(int(lo), int(min(hi, lo + 6)))
    if p["type"] == "vec3":
        return [rng.uniform(max(lo, -20), min(hi, 20)) for _ in range(3)]
    return rng.uniform(lo, min(hi, lo + 10 * (1 + abs(lo))))


def random_point(rng):
    if rng.random() < 0.1:
        return rng.choice(GARBAGE)
    return [rng.uniform(-3, 3) for _ in range(3)]


def test_random_calls_never_crash(tmp_path):
    rng = random.Random(59)
    worlds = [pbd.World("hanging_cloth", res=6), pbd.World("tearable_cloth", res=6),
              pbd.World("cloth_on_sphere", res=6, settings={"solver": "mgpbd"})]
    counts = {}
    views = []
    for call in range(10_000):
        w = rng.choice(worlds)
        n = w.particle_count
        kind = rng.choice(["step", "set", "get", "pin", "grab", "move", "release", "view",
                           "write", "stats", "cut", "state", "reset", "assign"])
        try:
            if kind == "step":
                w.step(rng.choice([1, 1, 1, 2, 0, -1]))
            elif kind == "set":
                p = rng.choice(PARAMS)
                w.set(p["name"] if rng.random() < 0.95 else "bogus", random_value(rng, p))
            elif kind == "get":
                w.get(rng.choice(PARAMS)["name"])
            elif kind == "pin":
                w.pin(rng.randint(-2, n + 2), rng.random() < 0.5)
            elif kind == "grab":
                w.grab(rng.randint(-2, n + 2), random_point(rng))
            elif kind == "move":
                w.move_grab(random_point(rng))
            elif kind == "release":
                w.release()
            elif kind == "view":
                views.append(rng.choice([w.positions, w.velocities, w.inverse_masses, w.masses,
                                         w.pinned, w.triangles]))
                if len(views) > 50:
                    views.pop(rng.randrange(len(views)))
            elif kind == "write":
                if n:
                    w.positions[rng.randrange(n)] += np.array(random_point(rng), dtype=float) * 0.01
            elif kind == "stats":
                w.stats()
            elif kind == "cut":
                w.cut([0, 1, 5], random_point(rng), random_point(rng))
            elif kind == "state":
                path = str(tmp_path / "s.json")
                if rng.random() < 0.5:
                    w.save_state(path)
                else:
                    w.load_state(path if rng.random() < 0.8 else str(tmp_path / "none.json"))
            elif kind == "reset":
                if rng.random() < 0.1:
                    w.reset()
            elif kind == "assign":
                shape = rng.choice([(n, 3), (n, 2), (3,), (n + 1, 3)])
                w.set_positions(np.zeros(shape) if rng.random() < 0.5 else w.positions.copy())
            counts[kind] = counts.get(kind, 0) + 1
        except ALLOWED:
            counts[kind + " refused"] = counts.get(kind + " refused", 0) + 1
    for v in views:  # every view still reads memory the module keeps alive
        np.asarray(v).sum()
    assert counts.get("step", 0) > 100 and counts.get("set refused", 0) > 50

"""The module against the command line: same worlds, same hashes, same messages."""
import threading

import numpy as np
import pytest

import pbd_sandbox as pbd
from conftest import cli_hash


def test_scenes_and_params_are_the_tables():
    names = [s["name"] for s in pbd.scenes()]
    assert "hanging_cloth" in names and "bunny_squash" in names
    params = {p["name"]: p for p in pbd.params()}
    # The solver list's order (sim/core/solver_list.def): the paper's four first.
    assert params["solver"]["choices"][:4] == ["pbd", "xpbd", "hpbd", "mgpbd"]
    assert params["iterations"]["type"] == "int" and params["substeps"]["min"] >= 1


def test_300_frames_give_the_command_lines_state_hash(sandbox):
    w = pbd.World("hanging_cloth")
    for _ in range(300):
        w.step()
    assert w.frame == 300
    assert w.state_hash() == cli_hash(sandbox, "--scene", "hanging_cloth", "--frames", "300")


def test_settings_by_name_match_the_flags(sandbox):
    w = pbd.World("hanging_cloth", res=16, settings={"solver": "xpbd", "iterations": 12})
    w.set("substeps", 3)
    w.step(40)
    assert w.get("solver") == "xpbd" and w.get("substeps") == 3
    assert w.state_hash() == cli_hash(sandbox, "--scene", "hanging_cloth", "--res", "16",
                                      "--solver", "xpbd", "--iterations", "12",
                                      "--substeps", "3", "--frames", "40")


def test_solver_switch_and_stats():
    w = pbd.World("hanging_cloth", res=12)
    for solver in ["pbd", "xpbd", "hpbd", "mgpbd"]:
        w.set("solver", solver)
        w.step()
        s = w.stats()
        assert s["solver"] == solver.upper() or s["solver"].lower() == solver
        assert s["frame"] == w.frame and s["ms"] >= 0 and s["max_strain"] >= 0
        assert isinstance(s["solver_stats"], dict)
        assert s["solver_stat_units"].keys() == s["solver_stats"].keys()
    # MGPBD's own figures, typed in C++ (MgpbdStats), come through with their units.
    assert s["solver_stats"]["pcg iterations"] >= 0 and s["solver_stat_units"]["setup"] == "ms"
    assert "mgpbd" in repr(w)


@pytest.mark.parametrize("res", [12, 15, 31])  # 15, 31: particle counts a power of two
def test_positions_are_a_view_that_follows_the_step(res):
    w = pbd.World("hanging_cloth", res=res)
    x = w.positions
    assert x.shape == (w.particle_count, 3) and x.dtype == np.float64
    before = x.copy()
    pointer = x.ctypes.data
    w.step(5)
    assert w.positions.ctypes.data == pointer
    assert not np.array_equal(x, before)  # the old view shows the step, no copy was made
    np.testing.assert_array_equal(x, w.positions)


def test_writing_a_view_moves_the_particle():
    w = pbd.World("hanging_cloth", res=12)
    free = int(np.flatnonzero(w.inverse_masses > 0)[0])
    w.pin(free)  # a pin stays where it is put: the write is what the step starts from
    w.positions[free] += (0.0, 0.0, 0.05)
    moved = w.positions[free].copy()
    w.step(3)
    np.testing.assert_array_equal(w.positions[free], moved)
    w.velocities[:] = 0.0
    assert not w.velocities.any()
    with pytest.raises(ValueError):
        w.inverse_masses[0] = 1.0  # read-only
    with pytest.raises(ValueError):
        w.pinned[0] = False


def test_pins_and_grab():
    w = pbd.World("hanging_cloth", res=12)
    free = int(np.flatnonzero(~w.pinned)[0])
    w.pin(free)
    assert w.pinned[free] and w.inverse_masses[free] == 0
    w.pin(free, False)
    assert not w.pinned[free] and w.inverse_masses[free] > 0
    target = w.positions[free] + (0.0, 0.0, 0.3)
    w.grab(free, target)
    assert w.grabbed == free
    w.step(10)
    w.move_grab(target + (0.0, 0.1, 0.0))
    w.step(10)
    assert w.stats()["grabbed"] == free
    w.release()
    assert w.grabbed is None


def test_a_tear_leaves_old_views_readable():
    w = pbd.World("tearable_cloth")
    x = w.positions
    n = w.particle_count
    corner = int(np.argmin(x[:, 0] + x[:, 1]))
    w.grab(corner, x[corner] + (0.0, -3.0, 2.0))
    w.step(60)
    assert w.particle_count > n, "the yank tore nothing"
    assert x.shape == (n, 3) and np.isfinite(x).all()  # the old storage is still alive
    assert w.positions.shape == (w.particle_count, 3)


def test_state_files_and_obj_export(tmp_path):
    w = pbd.World("hanging_cloth", res=12)
    w.step(20)
    path = str(tmp_path / "s.json")
    w.save_state(path)
    h = w.state_hash()
    w.step(10)
    other = pbd.World("hanging_cloth", res=12, state=path)
    assert other.state_hash() == h and other.frame == 20
    w.load_state(path)
    assert w.state_hash() == h
    w.export_obj(str(tmp_path / "m.obj"))
    text = (tmp_path / "m.obj").read_text()
    assert text.count("\nf ") == len(w.triangles)
    w.reset()
    assert w.frame == 0


def test_two_threads_step_two_worlds_as_one_after_the_other():
    def run(out, i):
        w = pbd.World("hanging_cloth", res=24)
        w.step(60)
        out[i] = w.state_hash()

    alone = [None]
    run(alone, 0)
    both = [None, None]
    threads = [threading.Thread(target=run, args=(both, i)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert both == [alone[0], alone[0]]


def test_bench_records():
    rows = pbd.equal_budget(scenes=["hanging_cloth:8"], budgets=[1], methods=["pbd", "hpbd"],
                            frames=4, calibration_frames=3)
    assert [r["method"] for r in rows] == ["pbd", "hpbd"]
    cols = pbd.columns(rows)
    assert cols["peak_strain"].dtype.kind == "f" and len(cols["peak_strain"]) == 2
    fig3 = pbd.bench("hpbd-fig3", quads=7, levels=[0, 2], targets=[0.1], frames=10, window=5,
                     max_iterations=16)  # a paper figure, small
    assert len(fig3) == 2 and all(isinstance(r["levels"], int) for r in fig3)
    with pytest.raises(ValueError, match="unknown pbd-bench subcommand"):
        pbd.bench("no-such-bench")
    with pytest.raises(RuntimeError, match="failed"):
        pbd.bench("equal-budget", no_such_option=1)

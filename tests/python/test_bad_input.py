"""Bad input from Python: the command line's message in a ValueError or OSError, and a world
that goes on as before."""
import numpy as np
import pytest

import pbd_sandbox as pbd
from conftest import cli_error


def test_out_of_range_setting_has_the_flags_message(sandbox):
    message = cli_error(sandbox, "--substeps", "0")
    with pytest.raises(ValueError) as e:
        pbd.World("hanging_cloth", settings={"substeps": 0})
    assert str(e.value) == message
    w = pbd.World("hanging_cloth", res=8)
    with pytest.raises(ValueError) as e:
        w.set("substeps", 0)
    assert str(e.value) == message
    assert w.get("substeps") > 0  # unchanged


def test_unknown_setting_and_choice(sandbox):
    w = pbd.World("hanging_cloth", res=8)
    with pytest.raises(ValueError, match="unknown setting 'no-such-setting'"):
        w.set("no-such-setting", 1)
    with pytest.raises(ValueError, match="unknown setting"):
        pbd.World("hanging_cloth", settings={"iterationz": 3})
    message = cli_error(sandbox, "--solver", "fastest")
    with pytest.raises(ValueError) as e:
        w.set("solver", "fastest")
    assert str(e.value) == message


def test_unknown_scene_and_resolution(sandbox):
    with pytest.raises(ValueError) as e:
        pbd.World("no_such_scene")
    assert str(e.value) == cli_error(sandbox, "--scene", "no_such_scene")
    with pytest.raises(ValueError) as e:
        pbd.World("hanging_cloth", res=5000)
    assert str(e.value) == cli_error(sandbox, "--res", "5000")


def test_corrupt_and_missing_meshes(sandbox, tmp_path):
    bad = tmp_path / "bad.obj"
    bad.write_text("v 0 0 0\nv 1 0 0\nf 1 2 7\nthis is not an OBJ line\n")
    message = cli_error(sandbox, "--cloth", str(bad))
    with pytest.raises((ValueError, OSError)) as e:
        pbd.World(cloth=str(bad))
    assert str(e.value) == message
    missing = str(tmp_path / "missing.off")
    with pytest.raises(OSError) as e:
        pbd.World(softbody=missing)
    assert str(e.value) == cli_error(sandbox, "--softbody", missing)


def test_corrupt_state_file(sandbox, tmp_path):
    path = tmp_path / "s.json"
    path.write_text('{"checksum": "0", "format": "pbd-sandbox-state"}')
    w = pbd.World("hanging_cloth", res=8)
    w.step(3)
    h = w.state_hash()
    with pytest.raises(ValueError) as e:
        w.load_state(str(path))
    assert str(e.value) == cli_error(sandbox, "--res", "8", "--state", str(path))
    assert w.state_hash() == h  # the world is as it was
    with pytest.raises(OSError):
        w.load_state(str(tmp_path / "missing.json"))
    with pytest.raises(OSError):
        w.save_state(str(tmp_path / "no" / "such" / "folder" / "s.json"))


def test_wrong_arrays_and_indices():
    w = pbd.World("hanging_cloth", res=8)
    with pytest.raises(ValueError, match="shape"):
        w.set_positions(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="shape"):
        w.set_velocities(np.zeros((w.particle_count, 2)))
    with pytest.raises(ValueError, match="finite"):
        w.set_positions(np.full((w.particle_count, 3), np.nan))
    with pytest.raises(IndexError, match="out of range"):
        w.pin(w.particle_count)
    with pytest.raises(IndexError):
        w.grab(-1, (0, 0, 0))
    with pytest.raises(ValueError, match="three numbers"):
        w.grab(0, (0, 0))
    with pytest.raises(ValueError, match="finite"):
        w.grab(0, (0, float("inf"), 0))
    w.positions[3] = np.nan  # written through the view: refused at the step
    with pytest.raises(ValueError, match="particle 3 has a non-finite position"):
        w.step()
    assert w.frame == 0

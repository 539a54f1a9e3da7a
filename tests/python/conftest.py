"""Shared set-up of the module's tests: the pbd-sandbox executable of this build and a runner
of its headless mode, so that a test compares the module with the command line."""
import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def sandbox():
    exe = os.environ.get("PBD_SANDBOX")
    if not exe or not os.path.exists(exe):
        pytest.skip("PBD_SANDBOX (the pbd-sandbox of this build) is not set")
    return exe


def run_cli(exe, *args):
    """pbd-sandbox --headless ARGS: (exit code, stdout, stderr)."""
    p = subprocess.run([exe, "--headless", *args], capture_output=True, text=True,
                       env=dict(os.environ, OMP_NUM_THREADS="1"), timeout=300)
    return p.returncode, p.stdout, p.stderr


def cli_error(exe, *args):
    """The message pbd-sandbox prints for a bad command line, without its "pbd-sandbox: "."""
    code, _, err = run_cli(exe, *args)
    assert code != 0, "pbd-sandbox accepted " + " ".join(args)
    line = err.strip().splitlines()[0]
    assert line.startswith("pbd-sandbox: ")
    return line[len("pbd-sandbox: "):]


def cli_hash(exe, *args):
    code, out, err = run_cli(exe, *args)
    assert code == 0, err
    return out.split("state_hash ")[1].split()[0]


@pytest.fixture
def source_dir():
    return os.environ.get("PBD_SOURCE_DIR",
                          os.path.join(os.path.dirname(__file__), "..", ".."))

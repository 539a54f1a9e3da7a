"""The examples under examples/python run (small) and write what they say they write."""
import csv
import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize("name, output", [("sweep", "plot.png"), ("convergence", "plot.png"),
                                          ("grab_strain", "grab.csv")])
def test_example_runs(name, output, source_dir, tmp_path):
    script = os.path.join(source_dir, "examples", "python", name + ".py")
    out = tmp_path / output
    p = subprocess.run([sys.executable, script, "--quick", "--out", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert out.exists() and out.stat().st_size > 0
    if output.endswith(".png"):
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        rows = list(csv.DictReader(out.open()))
        assert len(rows) == 20 and {"frame", "held", "max_strain"} <= set(rows[0])
        assert rows[0]["held"] == "1" and rows[-1]["held"] == "0"

"""An interrupted build leaves earlier outputs intact and no partial file."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from printkit.preflight import preflight


def _build(out, *extra):
    return [sys.executable, "-m", "printkit", "build", "archeotrek", "--out", str(out), *extra]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interrupted_build_loses_nothing(tmp_path, sig):
    subprocess.run(_build(tmp_path, "--players", "2"), check=True, capture_output=True)
    before = {p.name: p.read_bytes() for p in (tmp_path / "archeotrek").glob("*.pdf")}
    # interrupt later builds at several moments; whatever the moment, every file
    # is either the old one or a whole new one, and nothing partial remains
    for delay in (0.05, 0.3, 0.8, 1.3, 1.8):
        proc = subprocess.Popen(_build(tmp_path, "--players", "6"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        assert b"Traceback" not in err
        files = sorted((tmp_path / "archeotrek").iterdir())
        assert not [f for f in files if f.name.startswith(".") or f.suffix != ".pdf"], files
        assert {f.name for f in files} == set(before)
        for f in files:
            data = f.read_bytes()
            if data != before[f.name]:
                assert preflight(data) == [], f.name

"""An interrupted build leaves earlier outputs intact and no partial file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not __import__("os").path.exists("/proc/self/status"), reason="needs Linux /proc")

from printkit.preflight import preflight


def _wait_until_printkit_runs(proc, timeout=90.0):
    """Block until the child has installed printkit's own SIGTERM handler
    (bit 15 in /proc/<pid>/status SigCgt), i.e. Python has started and
    ``python -m printkit`` is running — so a signal tests printkit, not the
    interpreter's start-up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/status", encoding="ascii") as fh:
                caught = next(int(ln.split()[1], 16) for ln in fh if ln.startswith("SigCgt:"))
        except (OSError, StopIteration):
            caught = 0
        if caught & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.005)


def _build(out, *extra):
    return [sys.executable, "-m", "printkit", "build", "archeotrek", "--out", str(out), *extra]


#: The environment of a build that must really render (not write a kit the kit cache kept
#: from an earlier build of the same inputs, which would finish before the signal).
UNCACHED = dict(os.environ, PRINTKIT_CACHE="off")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interrupted_build_loses_nothing(tmp_path, sig):
    subprocess.run(_build(tmp_path, "--players", "2"), check=True, capture_output=True)
    before = {p.name: p.read_bytes() for p in (tmp_path / "archeotrek").glob("*.pdf")}
    # interrupt later builds at several moments; whatever the moment, every file
    # is either the old one or a whole new one, and nothing partial remains
    for delay in (0.0, 0.3, 0.8, 1.3, 1.8):
        proc = subprocess.Popen(_build(tmp_path, "--players", "6"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=UNCACHED)
        _wait_until_printkit_runs(proc)
        time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
        if delay == 0.0:  # asked to stop before any work: it stops, says so, exit 130
            assert proc.returncode == 130 and b"interrupted" in err, (proc.returncode, err)
        assert b"Traceback" not in err, err.decode(errors="replace")
        files = sorted((tmp_path / "archeotrek").iterdir())
        assert not [f for f in files if f.name.startswith(".") or f.suffix != ".pdf"], files
        assert {f.name for f in files} == set(before)
        for f in files:
            data = f.read_bytes()
            if data != before[f.name]:
                assert preflight(data) == [], f.name

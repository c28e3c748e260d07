"""weasyprint is imported without cffi's compiler probes (issue 26: 16 ``gcc``
runs through :func:`ctypes.util.find_library` on every build).  Measured in a
fresh interpreter: the calls that reach ``find_library`` and the processes
started while printkit loads weasyprint — no clock."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = """
import ctypes.util, json, subprocess, sys
calls, spawned = [], []
real_find, real_init = ctypes.util.find_library, subprocess.Popen.__init__
def find_library(name):
    calls.append(name)
    return real_find(name)
def init(self, args, *a, **k):
    spawned.append(str(args)[:80])
    return real_init(self, args, *a, **k)
ctypes.util.find_library = find_library
subprocess.Popen.__init__ = init
from printkit.render.documents import _weasyprint
HTML, _ = _weasyprint()
ok = len(HTML(string="<p>x</p>").write_pdf()) > 0
print(json.dumps({"calls": calls, "spawned": spawned, "ok": ok, "restored": ctypes.util.find_library is find_library}))
"""


def test_weasyprint_loads_without_compiler_probes():
    r = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    assert seen["ok"], "weasyprint rendered a page"
    assert seen["calls"] == [], f"find_library probed {seen['calls']}"
    assert seen["spawned"] == [], f"processes started: {seen['spawned']}"
    assert seen["restored"], "ctypes.util.find_library is the caller's again"

"""`build all` renders games in parallel worker processes: the same bytes as
one process, and a stop or a failure leaves no worker and no partial game."""

from __future__ import annotations

import hashlib
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.registry import game_ids
from test_interrupt import UNCACHED, _wait_until_printkit_runs

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")


def _build(out, *extra):
    return [sys.executable, "-m", "printkit", "build", "all", "--out", str(out), *extra]


def _tree(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def _processes_naming(text: str) -> list[int]:
    """Live processes whose command line holds ``text`` (our workers carry
    the parent's command line, with the test's unique output folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def test_parallel_and_serial_builds_are_byte_identical(tmp_path, themed_kits):
    # the serial build: the session's shared `build all` in one process (conftest themed_kits:
    # classic, A4, bleed 3 mm, duplex long — the CLI's defaults, the same bytes as
    # `printkit build all --jobs 1`); the parallel one renders here (no cache: it would
    # otherwise write what an earlier build stored)
    serial, parallel = themed_kits("classic", "a4"), tmp_path / "parallel"
    r = subprocess.run(_build(parallel, "--jobs", "2"), check=True, capture_output=True, text=True, timeout=300,
                       env=UNCACHED)
    assert _tree(serial) == _tree(parallel) and len(_tree(serial)) >= 2 * len(game_ids())
    # the summary lists the games in registry order whatever finished first
    listed = [line.split("/")[-2] for line in r.stdout.splitlines() if line.endswith(("page", "pages"))]
    assert list(dict.fromkeys(listed)) == game_ids()


def test_a_failing_game_writes_nothing_of_itself_and_leaves_no_worker(tmp_path):
    """A rules text the theme's font cannot draw fails one game while the
    others render in parallel: the error is one line, exit 1, no worker is
    left behind, the games before it are written and none after."""
    rules = tmp_path / "rules"
    rules.mkdir()
    text = (Path(__file__).resolve().parent.parent / "rules" / "archaeology.toml").read_text(encoding="utf-8")
    (rules / "archaeology.toml").write_text(text.replace("players", "players", 1).replace(
        'tagline = "', 'tagline = "\U0001F600 ', 1), encoding="utf-8")
    out = tmp_path / "out"
    r = subprocess.run(_build(out, "--jobs", "2", "--rules", str(rules)), capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 1 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    # as one process would: the games before the failing one are written whole, none after
    ids = game_ids()
    for gid in ids:
        files = sorted(p.name for p in (out / gid).glob("*")) if (out / gid).exists() else []
        if ids.index(gid) < ids.index("archaeology"):
            assert f"{gid}-kit.pdf" in files, gid
        else:
            assert files == [], gid
    assert _processes_naming(str(out)) == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stopped_parallel_build_leaves_whole_games_and_no_worker(tmp_path, sig, themed_kits):
    out = tmp_path / "out"
    # the kits a `build all` with the defaults wrote earlier (the session's shared classic A4 build)
    shutil.copytree(themed_kits("classic", "a4"), out)
    before = _tree(out)
    for delay in (0.0, 0.9):
        proc = subprocess.Popen(_build(out, "--jobs", "2", "--paper", "letter"), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=UNCACHED)
        _wait_until_printkit_runs(proc)  # a signal during Python's own start-up tests Python, not us
        time.sleep(delay)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=120)
        assert b"Traceback" not in err, err.decode(errors="replace")
        for _ in range(50):  # workers end with the parent
            if not _processes_naming(str(out)):
                break
            time.sleep(0.1)
        assert _processes_naming(str(out)) == []
        after = _tree(out)
        assert set(after) == set(before)                      # no partial or staging file
        for game in game_ids():                               # each game all old or all new
            files = [k for k in after if k.startswith(f"{game}/")]
            changed = {after[k] != before[k] for k in files}
            assert len(changed) == 1, (game, delay)


def test_a_worker_stopped_while_it_starts_prints_nothing():
    """A stop asked for before the pool forks, then ``terminate``'s SIGTERM
    reaching workers still starting up (the window made wide on purpose with
    a slow after-fork hook): no worker runs the parent's handler, so no
    traceback, and none hangs."""
    script = (
        "import os, signal, time\n"
        "from printkit import build, interrupt\n"
        "os.register_at_fork(after_in_child=lambda: time.sleep(0.05))\n"
        "interrupt.install()\n"
        "interrupt._state['signal'] = signal.SIGINT\n"
        "for _ in range(5):\n"
        "    pool = build._start_pool(2)\n"
        "    pool.terminate()\n"
        "    pool.join()\n"
        "print('done')\n"
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout == "done\n", (r.returncode, r.stdout)
    assert "Traceback" not in r.stderr and r.stderr == "", r.stderr

"""Two printkit runs writing into one folder never mix their files
(:mod:`printkit.outlock`): the second waits for the first — one note on
stderr — then writes, so the folder holds one whole run's output, byte for
byte what that run writes alone.

Real processes, as a user runs them: the first run is held in its first
write (its ``os.fsync`` waits for a gate file the test makes), the second
is started beside it; the test looks at what the second prints and what the
folder holds, polling with bounds (no fixed sleeps).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_checks import invoke as run, one_line

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux /proc")

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "examples" / "deck"
WAITING = "note: waiting for another printkit run writing to "
INTERRUPTED = "printkit: interrupted; earlier outputs are intact, nothing partial was written"

#: Python run in a child before ``printkit ARGS``: its first fsync (a file written whole, not yet
#: renamed) makes ``$PK_GATE.held`` and waits for ``$PK_GATE`` (never made: held until killed).
_HOLD = """
import os, time
_gate, _real = os.environ["PK_GATE"], os.fsync
def _fsync(fd):
    open(_gate + ".held", "w").close()
    while not os.path.exists(_gate):
        time.sleep(0.01)
    _real(fd)
os.fsync = _fsync
"""


def _hold_at(module: str, name: str) -> str:
    """Python run in a child before ``printkit ARGS``: ``module.name`` (a
    step between two writes) first makes ``$PK_GATE.held`` and waits for
    ``$PK_GATE``."""
    return f"""
import os, time, {module}
_gate, _step = os.environ["PK_GATE"], {module}.{name}
def _held_step(*args, **kwargs):
    open(_gate + ".held", "w").close()
    while not os.path.exists(_gate):
        time.sleep(0.01)
    return _step(*args, **kwargs)
{module}.{name} = _held_step
"""


#: Python run in a child before ``printkit ARGS``: its forked build workers each make ``$PK_WORKERS/<pid>`` and hang in their first part.
_HANG_WORKERS = """
import os, time
import printkit.build
def _part_job(g, j):
    open(os.path.join(os.environ["PK_WORKERS"], str(os.getpid())), "w").close()
    time.sleep(600)
printkit.build._part_job = _part_job
"""
_MAIN = "\nimport sys\nfrom printkit.cli import main\nmain(sys.argv[1:], prog_name='printkit')\n"


def _start(args: list, log: Path, prelude: str = "", **env: str) -> subprocess.Popen:
    """``printkit ARGS`` in a child (``prelude`` run first), stdout and
    stderr into ``log`` and ``log.err``."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), **env)
    with open(log, "wb") as out, open(f"{log}.err", "wb") as err:
        return subprocess.Popen([sys.executable, "-c", prelude + _MAIN, *map(str, args)], env=full,
                                stdout=out, stderr=err, cwd=log.parent)


def _until(what: str, done, child: subprocess.Popen | None = None, bound: float = 120.0) -> None:
    """Poll ``done()`` (every 10 ms, at most ``bound`` s); fail naming
    ``what`` if it never comes, or if ``child`` ends first."""
    deadline = time.monotonic() + bound
    while not done():
        assert child is None or child.poll() is None, f"{what}: the run ended first (exit {child.returncode})"
        assert time.monotonic() < deadline, f"{what}: not within {bound:g} s"
        time.sleep(0.01)


def _err(log: Path) -> str:
    return Path(f"{log}.err").read_text(encoding="utf-8", errors="replace")


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (hidden ones included), by relative path: its bytes."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _held(tmp_path: Path, args: list, hold: str = _HOLD) -> tuple[subprocess.Popen, Path, Path]:
    """A run of ``printkit ARGS`` held in its first write (or where ``hold``
    holds it): (child, its log, its gate)."""
    gate, log = tmp_path / "gate", tmp_path / "a.log"
    child = _start(args, log, hold, PK_GATE=str(gate))
    _until("the first run reaches its first write", lambda: Path(f"{gate}.held").exists(), child)
    return child, log, gate


def _waiting(child: subprocess.Popen, log: Path, holder: int, out: Path) -> None:
    """``child`` says, once, that it waits for pid ``holder`` writing to ``out``."""
    _until("the second run waits for the first", lambda: WAITING in _err(log), child, bound=60)
    err = _err(log)
    assert err.count(WAITING) == 1, err
    assert f"{WAITING}{out} (pid {holder})…" in err, err


def _kill(*children: subprocess.Popen) -> None:
    for child in children:
        if child.poll() is None:
            child.kill()
            child.wait()


_BUILD = ["build", "archeotrek", "--format", "cut,pdf"]
_DECK = ["deck", DECK / "cards.csv", "--layout", DECK / "front.toml", "--back", DECK / "back.toml",
         "--format", "pdf,png"]


# The second run is not --quiet: -q would leave out its note (see the PRINTKIT_LOCK_WAIT test).
@pytest.mark.parametrize("first, second, hold", [
    # held after its cut folder is written, before its PDFs: the whole build is one hold
    ([*_BUILD, "-q"], [*_BUILD, "--paper", "letter"], _hold_at("printkit.cli", "_build_pdfs")),
    # held after its PDF is written, before its png folder: the whole deck is one hold
    ([*_DECK, "-q"], [*_DECK, "--paper", "letter"], _hold_at("printkit.export", "write_folder")),
    # -o FILE (write_output, as scorepad and export-game write): a file of its own beside a deck
    ([*_DECK, "-q"], ["simulate", "archeotrek", "--seed", "7", "-o", "out/game.toml"], _HOLD),
], ids=["build-exports-and-pdfs", "deck-pdf-and-exports", "simulate-o-beside-a-deck"])
def test_a_second_run_into_the_folder_waits_and_the_folder_holds_whole_runs(tmp_path, first, second, hold):
    """The second run waits (one note naming the folder and the first run's
    pid) and writes nothing while the first one is mid-write; once the first
    ends, the second writes. The folder then holds exactly what the two runs
    write one after the other, each byte-identical to a lone run of it — no
    file of the first left among the second's, no hidden debris. (Before: the
    second wrote at once, and the first, let go, put its PDFs beside the
    second's export folder — or a build's two halves were two runs'.)"""
    out = tmp_path / "out"
    alone = second[0] == "simulate"  # writes one file, -o out/game.toml (run from tmp_path)
    arg_out = [] if alone else ["--out", out]
    ref_first, ref_second = tmp_path / "lone-first", tmp_path / "lone-second"
    ref_second.mkdir()
    assert run(*first, "--out", ref_first).exit_code == 0
    if alone:
        assert run(*second[:-1], ref_second / "out" / "game.toml").exit_code == 0
    else:
        assert run(*second, "--out", ref_second / "out").exit_code == 0
    a, a_log, gate = _held(tmp_path, [*first, "--out", out], hold)
    b = None
    try:
        before = _tree(out)
        b_log = tmp_path / "b.log"
        b = _start([*second, *arg_out], b_log)
        _waiting(b, b_log, a.pid, Path("out") if alone else out)
        assert _tree(out) == before  # the second has written nothing
        gate.touch()
        assert a.wait(timeout=120) == 0, _err(a_log)
        assert b.wait(timeout=120) == 0, _err(b_log)
    finally:
        _kill(a, *([b] if b else []))
    got = _tree(out)
    assert not [name for name in got if any(part.startswith(".") for part in Path(name).parts)], sorted(got)
    if alone:  # the deck's files, and the game file beside them
        assert got == {**_tree(ref_first), **_tree(ref_second / "out")}
    else:  # the second run's files only, as it writes them alone
        assert got == _tree(ref_second / "out")


def test_a_run_killed_while_others_wait_lets_the_next_one_write(tmp_path):
    """A build killed with SIGKILL in the middle of its write (the lock
    held) does not keep the next one waiting: the system drops the lock with
    the process, the waiting build writes at once and sweeps the killed
    run's staging folder; the folder holds the second build alone, as a lone
    run writes it."""
    out = tmp_path / "out"
    ref = tmp_path / "lone"
    second = ["build", "archeotrek", "--paper", "letter"]
    assert run(*second, "--out", ref).exit_code == 0
    a, _, _ = _held(tmp_path, ["build", "archeotrek", "--out", out, "-q"])
    b = None
    try:
        assert list((out / "archeotrek").glob(".staging-*"))
        b_log = tmp_path / "b.log"
        b = _start([*second, "--out", out], b_log)
        _waiting(b, b_log, a.pid, out)
        a.send_signal(signal.SIGKILL)
        a.wait()
        assert b.wait(timeout=60) == 0, _err(b_log)
    finally:
        _kill(a, *([b] if b else []))
    assert _tree(out) == _tree(ref)


def test_a_killed_builds_workers_do_not_keep_the_folder_locked(tmp_path):
    """``build all -j 2`` forks its workers while it holds ``--out``'s lock;
    killed with SIGKILL, its workers (still rendering, here: hung) must not
    keep the lock they inherited: the waiting build writes while they live."""
    out, workers = tmp_path / "out", tmp_path / "workers"
    workers.mkdir()
    a = _start(["build", "all", "-j", "2", "--out", out, "-q"], tmp_path / "a.log", _HANG_WORKERS,
               PK_WORKERS=str(workers), PRINTKIT_CACHE="off")
    b = None
    try:
        _until("both workers hang", lambda: len(os.listdir(workers)) == 2, a)
        b_log = tmp_path / "b.log"
        b = _start(["build", "archeotrek", "--out", out], b_log)
        _waiting(b, b_log, a.pid, out)
        a.send_signal(signal.SIGKILL)
        a.wait()
        assert b.wait(timeout=60) == 0, _err(b_log)
        alive = [int(pid) for pid in os.listdir(workers) if os.path.exists(f"/proc/{pid}")]
        assert len(alive) == 2  # they still hold their copies of the folder's descriptor: no lock with them
    finally:
        _kill(a, *([b] if b else []))
        for pid in os.listdir(workers):  # the hung workers this test made
            try:
                os.kill(int(pid), signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert (out / "archeotrek" / "archeotrek-kit.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("second", [
    ["deck", DECK / "cards.csv", "--layout", DECK / "front.toml", "--out", "out"],  # stops at a safe point
    ["simulate", "archeotrek", "--seed", "7", "-o", "out/game.toml"],  # reads and prints: stops at once
], ids=["deck", "simulate"])
def test_ctrl_c_while_waiting_stops_cleanly_and_writes_nothing(tmp_path, second):
    """Ctrl-C on a run waiting for another: its usual line, exit 130, no
    traceback, and nothing of it in the folder (the first run's file being
    written is all there is)."""
    out = tmp_path / "out"
    a, _, _ = _held(tmp_path, ["duplex-test", "--out", out])
    b = None
    try:
        before = _tree(out)
        b_log = tmp_path / "b.log"
        b = _start(second, b_log)
        _waiting(b, b_log, a.pid, Path("out"))
        b.send_signal(signal.SIGINT)
        assert b.wait(timeout=30) == 130
        err = _err(b_log)
        assert err.splitlines()[-1] == INTERRUPTED and "Traceback" not in err, err
        assert _tree(out) == before
    finally:
        _kill(a, *([b] if b else []))


@pytest.mark.parametrize("quiet", [False, True], ids=["notes", "quiet"])
def test_waiting_longer_than_printkit_lock_wait_is_one_line_and_nothing_written(tmp_path, monkeypatch, quiet):
    """``PRINTKIT_LOCK_WAIT`` bounds the wait (a stuck run does not hang CI):
    past it, one line naming the folder and the run holding it, exit 1,
    nothing written; ``-q`` leaves out the waiting note, not the error."""
    out = tmp_path / "out"
    a, _, _ = _held(tmp_path, ["build", "archeotrek", "--out", out, "-q"])
    try:
        before = _tree(out)
        monkeypatch.setenv("PRINTKIT_LOCK_WAIT", "0.3")
        r = run("deck", DECK / "cards.csv", "--layout", DECK / "front.toml", "--out", out, *(["-q"] if quiet else []))
        assert r.exit_code == 1, r.output
        lines = [ln for ln in r.output.splitlines() if ln.strip()]
        error = (f"printkit: {out}: another printkit run (pid {a.pid}) is still writing to it after 0.3 s; "
                 "nothing written (wait for it to finish or stop it, or give another folder; "
                 "PRINTKIT_LOCK_WAIT sets how many seconds to wait)")
        assert lines == ([] if quiet else [f"{WAITING}{out} (pid {a.pid})…"]) + [error], r.output
        assert _tree(out) == before
    finally:
        _kill(a)


@pytest.mark.parametrize("value", ["abc", "-1", "nan", "1e9"])
def test_a_bad_printkit_lock_wait_is_a_usage_error(tmp_path, monkeypatch, value):
    """A ``PRINTKIT_LOCK_WAIT`` that is not 0 to a week of seconds: one line
    naming it, exit 2, nothing written — not a wait of no one knows how long."""
    monkeypatch.setenv("PRINTKIT_LOCK_WAIT", value)
    r = run("duplex-test", "--out", tmp_path / "out")
    assert r.exit_code == 2, r.output
    assert one_line(r.output).startswith(f"printkit: PRINTKIT_LOCK_WAIT: '{value}' is not a number of seconds"), r.output
    assert not (tmp_path / "out").exists()


def _probe_locked(folder: Path) -> bool:
    """Another process finds ``folder``'s lock taken (flock, not waiting)."""
    code = ("import fcntl, os, sys\nfd = os.open(sys.argv[1], os.O_RDONLY)\n"
            "try:\n    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept BlockingIOError:\n    sys.exit(3)\n")
    return subprocess.run([sys.executable, "-c", code, str(folder)]).returncode == 3


def test_a_run_holds_its_folder_once_however_often_it_asks(tmp_path, monkeypatch):
    """Within one process the lock is taken once and counted (a deck writes
    its PDF with ``write_output`` inside its ``--out``'s hold): an inner
    hold neither waits for the outer one nor lets go of the folder when it
    ends; the outermost end does."""
    from printkit.build import out_folder
    from printkit.pdf import write_output

    monkeypatch.setenv("PRINTKIT_LOCK_WAIT", "0")  # a wait for itself would fail at once, not hang
    out = tmp_path / "out"
    with out_folder(out):
        assert _probe_locked(out)
        write_output(out / "a.txt", b"a", stdout=False)
        with out_folder(out):
            write_output(out / "b.txt", b"b", stdout=False)
        assert _probe_locked(out)
    assert not _probe_locked(out)
    assert _tree(out) == {"a.txt": b"a", "b.txt": b"b"}


def test_without_fcntl_a_run_writes_unlocked_without_error(tmp_path, monkeypatch):
    """Where there is no ``fcntl`` (Windows) runs write as they did, with no
    error — the same run that, with it, finds the folder busy."""
    out = tmp_path / "out"
    a, _, _ = _held(tmp_path, ["build", "archeotrek", "--out", out, "-q"])
    try:
        monkeypatch.setenv("PRINTKIT_LOCK_WAIT", "0")
        r = run("duplex-test", "--out", out)
        assert r.exit_code == 1 and "another printkit run" in r.output, r.output  # with fcntl: busy
        monkeypatch.setitem(sys.modules, "fcntl", None)  # import fcntl fails, as on Windows
        r = run("duplex-test", "--out", out)
        assert r.exit_code == 0 and "waiting" not in r.output, r.output
        assert (out / "duplex-test.pdf").read_bytes().startswith(b"%PDF-")
    finally:
        _kill(a)


#: Python run in a child before ``printkit ARGS``: a deck that, inside its --out's hold and
#: before writing anything, waits for ``$PK_GATE`` and then fails (exit 1).
_FAIL_AFTER_GATE = _hold_at("printkit.deck", "_stream_pdf").replace(
    "    return _step(*args, **kwargs)", "    raise __import__('printkit').PrintkitError('the held run gives up')")


def test_a_folder_the_first_run_made_and_removed_again_is_made_again_by_the_waiting_one(tmp_path):
    """The first run made ``--out`` and fails without writing: it removes
    the folder again (a failed run leaves no empty folder) — under the very
    lock the second run waits for. The second then makes the folder anew,
    holds it (another process finds it locked while the second writes) and
    writes its whole deck there."""
    out = tmp_path / "new" / "out"
    deck = ["deck", DECK / "cards.csv", "--layout", DECK / "front.toml"]
    assert run(*deck, "--out", tmp_path / "lone").exit_code == 0
    a, a_log, gate = _held(tmp_path, [*deck, "--out", out, "-q"], _FAIL_AFTER_GATE)
    b = None
    try:
        b_log, b_gate = tmp_path / "b.log", tmp_path / "gate-b"
        b = _start([*deck, "--out", out], b_log, _hold_at("printkit.deck", "_stream_pdf"),  # held before drawing
                   PK_GATE=str(b_gate))
        _waiting(b, b_log, a.pid, out)
        gate.touch()
        assert a.wait(timeout=60) == 1 and "the held run gives up" in _err(a_log), _err(a_log)
        _until("the second run goes on", lambda: Path(f"{b_gate}.held").exists(), b)
        assert _probe_locked(out)  # the new folder, the second run's
        b_gate.touch()
        assert b.wait(timeout=60) == 0, _err(b_log)
    finally:
        _kill(a, *([b] if b else []))
    assert _tree(out) == _tree(tmp_path / "lone")


def test_the_python_api_writes_hold_the_folder_too(tmp_path, monkeypatch, theme):
    """``build_game`` and ``export_games`` (no ``out_folder`` of a command
    around them) wait for a run writing into ``out`` like the commands do:
    with ``PRINTKIT_LOCK_WAIT=0``, a folder in use is refused, nothing
    written."""
    from printkit import PrintkitError
    from printkit.build import BuildOptions, build_game, load_game
    from printkit.export import export_games
    from printkit.paper import get_paper

    out = tmp_path / "out"
    kit, options = load_game("archeotrek"), BuildOptions(paper=get_paper("a4"), theme=theme)
    a, _, _ = _held(tmp_path, ["duplex-test", "--out", out])
    try:
        before = _tree(out)
        monkeypatch.setenv("PRINTKIT_LOCK_WAIT", "0")
        for call in (lambda: build_game(kit, options, out), lambda: export_games([kit], options, out, ["cut"])):
            with pytest.raises(PrintkitError, match=rf"another printkit run \(pid {a.pid}\) is still writing"):
                call()
        assert _tree(out) == before
    finally:
        _kill(a)

"""``--format`` on the command line, as a user meets it (issue 26): progress
like the PDF builds, ``-q`` showing only errors, notes on stderr once each,
and formats that take nothing from a kit writing nothing.

stderr is not a terminal under CliRunner, so progress is the plain lines
(``<task>: started, N steps``, ``<task>: <step> done (i/N)``); the suite's
``PRINTKIT_PROGRESS=none`` is unset here.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "deck"
STEP = re.compile(r"^(\S+(?: exports)?): (.+) done \((\d+)/(\d+)\)$")


@pytest.fixture
def progress_on(monkeypatch):
    monkeypatch.delenv("PRINTKIT_PROGRESS", raising=False)


def _run(*args):
    return CliRunner().invoke(main, list(args))


def test_build_exports_show_progress_and_notes_once_on_stderr(progress_on, tmp_path):
    r = _run("build", "archeo", "--out", str(tmp_path), "--format", "tts,shop:dtc,shop:tgc,cut")
    assert r.exit_code == 0, r.output
    err = r.stderr.splitlines()
    # progress: the game's formats one by one, then the writing, folder by folder
    assert "archeo: started, 4 steps" in err
    done = [STEP.match(ln).groups() for ln in err if STEP.match(ln)]
    assert [(t, s) for t, s, _, _ in done if t == "archeo"] == [
        ("archeo", "tts"), ("archeo", "shop:dtc"), ("archeo", "shop:tgc"), ("archeo", "cut")]
    folders = sorted(p.name for p in (tmp_path / "archeo").iterdir() if p.is_dir())
    assert sorted(s.split("/")[1] for t, s, _, _ in done if t == "write") == folders
    # stdout: one line per folder written, nothing else
    out = r.stdout.splitlines()
    assert len(out) == len(folders) and all(ln.endswith(" files") or ln.endswith(" file") for ln in out)
    assert not any(ln.startswith("note:") for ln in out)
    notes = [ln for ln in err if ln.startswith("note:")]
    assert notes and len(notes) == len(set(notes)), Counter(notes).most_common(3)
    # a size the shop does not print: one line per shop for the game, naming every part
    for shop in ("DriveThruCards", "The Game Crafter"):
        lines = [n for n in notes if f"a size {shop} prints" in n]
        assert len(lines) == 1 and "tiles" in lines[0] and "fossil-boards" in lines[0], notes
    # everything else on stderr is progress
    assert all(STEP.match(ln) or ln.endswith(" steps") or ln.startswith("note:") for ln in err), err


def test_quiet_exports_say_nothing_and_still_write(progress_on, tmp_path):
    r = _run("build", "archeo", "--out", str(tmp_path), "--format", "tts,shop:dtc", "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout == "" and r.stderr == ""
    assert (tmp_path / "archeo" / "tts").is_dir() and (tmp_path / "archeo" / "shop-dtc").is_dir()


def test_a_format_that_takes_nothing_writes_nothing(progress_on, tmp_path):
    """ArchéoTREK has no cards: tts and the shops take nothing from it, so no
    folder (not even a bare manifest), and a note says so."""
    r = _run("build", "archeotrek", "--out", str(tmp_path), "--format", "tts,shop:dtc,shop:mpc,cut")
    assert r.exit_code == 0, r.output
    kit = tmp_path / "archeotrek"
    assert sorted(p.name for p in kit.iterdir()) == ["cut"]
    notes = [ln for ln in r.stderr.splitlines() if ln.startswith("note:")]
    for fmt in ("tts", "shop:dtc", "shop:mpc"):
        assert any(n.startswith(f"note: {fmt}: archeotrek") and "nothing written" in n for n in notes), notes
    assert r.stdout.splitlines() == [f"{kit / 'cut'}/  {len(list((kit / 'cut').iterdir()))} files"]
    # and with only formats that take nothing: no folder (not even the --out folders the
    # run would have made), no empty "write" step
    r = _run("build", "archeotrek", "--out", str(tmp_path / "none" / "deeper"), "--format", "tts")
    assert r.exit_code == 0, r.output
    assert not (tmp_path / "none").exists()
    assert "write" not in r.stderr and r.stdout == "", r.stderr
    # a folder that was there before stays, empty as it was
    (tmp_path / "mine").mkdir()
    r = _run("build", "archeotrek", "--out", str(tmp_path / "mine"), "--format", "tts")
    assert r.exit_code == 0 and (tmp_path / "mine").is_dir() and not any((tmp_path / "mine").iterdir())


def test_deck_exports_show_progress_and_quiet_silences_them(progress_on, tmp_path):
    args = ["deck", str(DECK / "cards.csv"), "--layout", str(DECK / "front.toml"), "--back", str(DECK / "back.toml"),
            "--format", "png,tts"]
    r = _run(*args, "--out", str(tmp_path / "a"))
    assert r.exit_code == 0, r.output
    err = r.stderr.splitlines()
    assert "finds exports: started, 2 steps" in err
    assert "finds exports: png done (1/2)" in err and "finds exports: tts done (2/2)" in err
    assert "write: finds/png done (1/2)" in err and "write: finds/tts done (2/2)" in err
    assert len(r.stdout.splitlines()) == 2
    q = _run(*args, "--out", str(tmp_path / "b"), "-q")
    assert q.exit_code == 0, q.output
    assert q.stdout == "" and q.stderr == ""
    assert sorted(p.name for p in (tmp_path / "b" / "finds").iterdir()) == ["png", "tts"]


@pytest.mark.parametrize("value", ["", ",", " , "])
def test_a_format_value_that_names_none_is_a_usage_error(tmp_path, value):
    out = tmp_path / "out"
    r = _run("build", "archeotrek", "--out", str(out), "--format", value)
    assert r.exit_code == 2, r.output
    assert "--format: no format named; choose one or more of: pdf," in r.stderr
    assert not out.exists()


def test_a_trailing_comma_is_passed_over(tmp_path):
    r = _run("build", "archeotrek", "--out", str(tmp_path), "--format", "cut,")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["archeotrek"]
    assert (tmp_path / "archeotrek" / "cut").is_dir() and not list(tmp_path.glob("archeotrek/*.pdf"))

"""``--players`` on a game whose kit does not change with it gets the same
one-line note as ``--fillable`` (issue 26); the game that uses it does not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _build(*args: str, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printkit", "build", *args, "-q", "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_players_on_a_game_that_ignores_it_gets_a_note(tmp_path):
    r = _build("archeo", "--players", "3", out=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == ["note: --players does not apply to archeo; ignored"]
    assert r.stdout == ""  # notes go to stderr; -q drops the list of files
    fillable = _build("archeo", "--fillable", out=tmp_path)
    assert fillable.stderr.splitlines() == ["note: --fillable does not apply to archeo; ignored"]


@pytest.mark.slow
def test_an_export_only_build_gives_the_same_notes(tmp_path):
    """``--format`` without ``pdf`` still says which options a game ignores
    (once each, on stderr), before the exports' own notes."""
    r = subprocess.run([sys.executable, "-m", "printkit", "build", "archeo", "--format", "png", "--players", "3",
                        "--fillable", "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    notes = [ln for ln in r.stderr.splitlines() if ln.startswith("note: ")]
    assert sorted(notes[:2]) == ["note: --fillable does not apply to archeo; ignored",
                                 "note: --players does not apply to archeo; ignored"], r.stderr
    assert len(notes) == len(set(notes))
    assert "note" not in r.stdout


@pytest.mark.slow
def test_build_all_names_the_games_that_ignore_an_option_in_one_line(tmp_path):
    """``build all`` (here the export path, cut files only) says once per
    option which games ignore it, not once per option per game."""
    r = subprocess.run([sys.executable, "-m", "printkit", "build", "all", "--format", "cut", "--players", "3",
                        "--fillable", "-q", "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    ignoring = "archaeologia, archaeology, archeo"  # archeotrek prints one Dig Site sheet per player, fillable
    assert r.stderr.splitlines() == [f"note: --fillable does not apply to {ignoring}; ignored",
                                     f"note: --players does not apply to {ignoring}; ignored"]


@pytest.mark.slow
def test_players_on_archeotrek_prints_that_many_sheets_and_no_note(tmp_path):
    import pypdf

    r = _build("archeotrek", "--players", "3", out=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "note" not in r.stdout + r.stderr
    assert len(pypdf.PdfReader(tmp_path / "archeotrek" / "dig-site-sheets.pdf").pages) == 3

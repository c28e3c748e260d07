"""Round four of hostile input, after the --out folder clean-up
(``build.out_folder``), the spreadsheet formula warnings and ``score GAME -``:
what a stranger's path, file or pipe does, measured on what a user gets —
the exit code, one error line, the files and folders left behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "deck"


def run(*args, **kw):
    return CliRunner().invoke(main, [str(a) for a in args], **kw)


def _one_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


def _tree(folder: Path) -> list[str]:
    """Every path under ``folder`` (links not followed), relative, sorted."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def _bad_deck(tmp_path: Path) -> Path:
    """Card data refused for a bad qty: the deck writes nothing."""
    data = tmp_path / "bad.csv"
    data.write_text("title,qty\nA,lots\n", encoding="utf-8")
    return data


# ---------------------------------------------------------------- 1. --out paths


def test_a_refused_out_path_leaves_none_of_the_folders_it_made(tmp_path, monkeypatch):
    """--out fresh/sub/<a name too long>/deeper: fresh and fresh/sub are made
    before the long name fails; the refusal (exit 2, one line) takes them
    away again — nothing is left in the folder the user ran in."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "before").mkdir()
    long_name = "x" * 300
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", f"fresh/sub/{long_name}/deeper")
    assert r.exit_code == 2, r.output
    line = _one_line(r.output)
    assert line.startswith("printkit: --out: cannot write to 'fresh/sub/") and "File name too long" in line, line
    assert len(line) < 300, line  # the path shortened, not 300 x's
    assert _tree(tmp_path) == ["before"]


def test_out_through_dot_dot_leaves_no_stray_folder(tmp_path, monkeypatch):
    """--out nowhere/../deck: 'nowhere' is made only to walk through; it is
    removed whether the deck is written (into ./deck) or refused."""
    monkeypatch.chdir(tmp_path)
    r = run("deck", _bad_deck(tmp_path), "--layout", EX / "front.toml", "--out", "nowhere/../deck")
    assert r.exit_code == 1, r.output
    assert _tree(tmp_path) == ["bad.csv"]
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", "nowhere/../deck", "-q")
    assert r.exit_code == 0, r.output
    assert _tree(tmp_path) == ["bad.csv", "deck", "deck/finds.pdf"]


@pytest.mark.parametrize("out,needle", [
    ("dangling", "--out: 'dangling' is a symbolic link to 'nowhere', which does not exist"),
    ("dangling/sub", "'dangling' is a symbolic link to 'nowhere', which does not exist"),
    ("loop1", "--out: 'loop1' is a loop of symbolic links"),
    ("loop1/sub", "'loop1' is a loop of symbolic links"),
    ("afile/sub", "'afile' is a file, not a folder"),
])
def test_an_out_path_through_a_bad_link_or_a_file_is_one_clear_line(tmp_path, monkeypatch, out, needle):
    """A dangling link, a loop of links, a file in the way: exit 2, one line
    saying which part is in the way and why (not "File exists"); nothing is
    made, the link's missing target included."""
    monkeypatch.chdir(tmp_path)
    os.symlink("nowhere", "dangling")
    os.symlink("loop2", "loop1")
    os.symlink("loop1", "loop2")
    Path("afile").write_text("mine\n")
    before = _tree(tmp_path)
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", out)
    assert r.exit_code == 2, r.output
    assert needle in _one_line(r.output), r.output
    assert _tree(tmp_path) == before and Path("afile").read_text() == "mine\n"


def test_an_out_link_to_a_folder_writes_into_it_and_keeps_the_link(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("real").mkdir()
    os.symlink("real", "link")
    r = run("deck", _bad_deck(tmp_path), "--layout", EX / "front.toml", "--out", "link")
    assert r.exit_code == 1 and Path("link").is_symlink() and Path("real").is_dir()  # neither removed
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", "link", "-q")
    assert r.exit_code == 0, r.output
    assert Path("link").is_symlink() and _tree(Path("real")) == ["finds.pdf"]


def test_a_folder_another_process_makes_meanwhile_is_not_removed(tmp_path, monkeypatch):
    """Between printkit finding --out missing and making it, another process
    makes it: it is not printkit's, so a run that writes nothing must leave
    it (and what it holds) alone."""
    out = tmp_path / "shared" / "out"
    real_mkdir = os.mkdir

    def raced(path, *args, **kw):
        if Path(path) in (out, out.parent) and not os.path.lexists(path):
            real_mkdir(path)  # the other process, just before us
        return real_mkdir(path, *args, **kw)

    monkeypatch.setattr(os, "mkdir", raced)
    r = run("deck", _bad_deck(tmp_path), "--layout", EX / "front.toml", "--out", out)
    assert r.exit_code == 1, r.output
    assert out.is_dir(), "a folder printkit did not make was removed"

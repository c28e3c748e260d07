"""Round three of hostile input (after issue 26's caches, deck data formats and
fonts): each case measured on what a user gets — the CLI's exit code, its one
error line, the files written — through a child process, so no in-process
memo hides a cache."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "deck"


def _run(*args, env=None, cwd=None, timeout=300):
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=e,
                          cwd=cwd, timeout=timeout)


def _one_line(output: str) -> str:
    lines = [ln for ln in output.splitlines() if ln.strip()]
    assert len(lines) == 1, output
    assert "Traceback" not in output
    return lines[0]


def _cache_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """Both places a cache may live, inside the test's folder."""
    return {"XDG_CACHE_HOME": str(tmp_path / "xdg"), "PRINTKIT_CACHE_DIR": str(tmp_path / "pkcache"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path), **extra}


def _files_under(*folders: Path) -> list[Path]:
    return [p for f in folders if f.exists() for p in f.rglob("*") if not p.is_dir()]


# ---------------------------------------------------------------- 1. fonts remembered as checked


def test_a_font_check_remembered_in_a_folder_others_can_write_is_not_trusted(tmp_path):
    """The "fonts-ok" markers (a font that passed the check is not checked
    again) are trusted only in a cache folder of the user's own that no one
    else can write: a marker planted in a world-writable folder must not let a
    font with a composite glyph made of itself reach FreeType (a traceback)."""
    from test_hostile_round2 import _cyclic_font

    theme = tmp_path / "cyc"
    theme.mkdir()
    _cyclic_font(theme / "cyclic.ttf")
    (theme / "theme.toml").write_text('[theme]\nname = "cyc"\nextends = "classic"\n[fonts]\ndisplay = "cyclic.ttf"\n')
    digest = hashlib.sha256((theme / "cyclic.ttf").read_bytes()).hexdigest()
    for root in (tmp_path / "xdg" / "printkit", tmp_path / "pkcache"):  # wherever the markers are looked for
        folder = root / "fonts-ok-v1"
        folder.mkdir(parents=True)
        (folder / digest).touch()
        folder.chmod(0o777)  # anyone may write here
    r = _run("build", "archeotrek", "--players", "1", "--theme", str(theme), "--out", str(tmp_path / "out"),
             "--format", "preview", cwd=tmp_path, env=_cache_env(tmp_path))
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "cyclic.ttf" in line and "[fonts] display" in line and "composite" in line, line


def test_caches_off_keeps_no_font_check(tmp_path):
    """PRINTKIT_CACHE=off: a deck in the bundled theme writes nothing to any cache folder."""
    env = _cache_env(tmp_path, PRINTKIT_CACHE="off")
    r = _run("deck", str(EX / "cards.csv"), "--layout", str(EX / "front.toml"), "--out", str(tmp_path / "out"),
             "-q", env=env)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out" / "finds.pdf").is_file()
    assert _files_under(tmp_path / "xdg", tmp_path / "pkcache") == []


# ---------------------------------------------------------------- 2. .otf fonts converted to TrueType, remembered


FONT_LAYOUT = ('[card]\nname = "f"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nw = 50\n'
               'text = "{{ t }}"\nfont = "box.otf"\nsize = 30\n')


def _otf_deck(tmp_path: Path) -> tuple[Path, Path, str]:
    """A deck whose layout names an .otf (CFF outlines) next to it; its SHA-256."""
    from test_deck_errors import _box_otf

    deck = tmp_path / "deck"
    deck.mkdir()
    _box_otf(deck / "box.otf")
    (deck / "front.toml").write_text(FONT_LAYOUT)
    (deck / "d.csv").write_text("t\nABBA\n")
    return deck / "d.csv", deck / "front.toml", hashlib.sha256((deck / "box.otf").read_bytes()).hexdigest()


def test_a_converted_font_planted_in_the_cache_is_not_used(tmp_path):
    """The TrueType copy of an .otf is kept in the cache: an entry that is a
    link (to a file that is no font), or a file in a folder anyone may write,
    is not read — the font is converted again and the deck builds."""
    data, layout, digest = _otf_deck(tmp_path)
    junk = tmp_path / "junk"
    junk.write_bytes(b"not a font at all\n" * 10)
    for how in ("link", "world-writable folder"):
        for root in (tmp_path / "xdg" / "printkit", tmp_path / "pkcache"):  # wherever the entry is looked for
            folder = root / "fonts-truetype"
            folder.mkdir(parents=True, exist_ok=True)
            entry = folder / f"{digest}.ttf"
            entry.unlink(missing_ok=True)
            if how == "link":
                folder.chmod(0o700)
                entry.symlink_to(junk)
            else:
                entry.write_bytes(junk.read_bytes())
                folder.chmod(0o777)
        out = tmp_path / f"out-{how[:4]}"
        r = _run("deck", str(data), "--layout", str(layout), "--out", str(out), "-q", "--bleed", "0mm",
                 env=_cache_env(tmp_path))
        assert r.returncode == 0, (how, r.stderr)
        assert (out / "f.pdf").read_bytes().startswith(b"%PDF-")
        assert junk.read_bytes() == b"not a font at all\n" * 10  # the link's target was not written through


def test_caches_off_keeps_no_converted_font(tmp_path):
    """PRINTKIT_CACHE=off: the TrueType copy of an .otf is not kept anywhere."""
    data, layout, digest = _otf_deck(tmp_path)
    r = _run("deck", str(data), "--layout", str(layout), "--out", str(tmp_path / "out"), "-q", "--bleed", "0mm",
             env=_cache_env(tmp_path, PRINTKIT_CACHE="off"))
    assert r.returncode == 0, r.stderr
    assert [p for p in _files_under(tmp_path / "xdg", tmp_path / "pkcache") if digest in p.name] == []

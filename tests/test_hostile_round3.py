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

import pytest

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "deck"


#: Address space of a child (bytes): a regression that reads without end fails instead of swapping.
AS_LIMIT = 4 * 1024**3


def _limits() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))


def _run(*args, env=None, cwd=None, timeout=300):
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=e,
                          cwd=cwd, timeout=timeout, preexec_fn=_limits)


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


@pytest.mark.slow  # builds a kit
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


# ---------------------------------------------------------------- 3. the document cache's listed files


@pytest.mark.slow  # builds a kit twice
@pytest.mark.parametrize("swap", ["fifo", "dev-zero link"])
def test_a_theme_image_swapped_for_a_pipe_after_a_build_is_one_line(tmp_path, swap):
    """A document cache entry lists the theme files its layout read; the next
    build checks them before reusing it.  When the theme's image has become a
    FIFO (or a link to /dev/zero) since, the check must neither block on the
    pipe forever nor read the device without end: the entry is a miss and the
    layout's own bounded read says what is wrong, in one line."""
    from PIL import Image

    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "pic"\nextends = "classic"\n')
    (theme / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><style>{{ theme_css }}</style></head>'
        '<body><h1>Rules</h1><img src="pic.png"></body></html>')
    Image.new("RGB", (4, 4), "red").save(theme / "pic.png")
    env = _cache_env(tmp_path)
    first = _run("build", "archeotrek", "--players", "1", "--theme", str(theme), "--out", str(tmp_path / "out1"),
                 "-q", env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert any(b"pic.png" in p.read_bytes() for p in (tmp_path / "pkcache").glob("*.pdfcache"))  # listed
    (theme / "pic.png").unlink()
    if swap == "fifo":
        os.mkfifo(theme / "pic.png")
    else:
        (theme / "pic.png").symlink_to("/dev/zero")
    r = _run("build", "archeotrek", "--players", "1", "--theme", str(theme), "--out", str(tmp_path / "out2"),
             "-q", env=env, cwd=tmp_path, timeout=240)  # a guard: a blocked child is killed, and the test fails
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "pic.png" in line or "/dev/zero" in line, line
    assert not list((tmp_path / "out2").rglob("*.pdf")) if (tmp_path / "out2").exists() else True

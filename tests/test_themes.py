"""Themes: inheritance, and the ink-saver theme really saves ink."""

from __future__ import annotations

import shutil
import subprocess

import pytest

import printkit.theme as theme_mod
from printkit import PrintkitError, UsageError
from printkit.build import BuildOptions, build
from printkit.paper import get_paper
from printkit.theme import available_themes, load_theme
from printkit.units import mm


def test_bundled_themes():
    assert {"classic", "inksaver"} <= set(available_themes())


def test_inksaver_extends_classic():
    classic, ink = load_theme("classic"), load_theme("inksaver")
    assert ink.font_files == classic.font_files
    assert ink.hex("ink") == classic.hex("ink")
    assert ink.hex("ground", "archeotrek") == "#ffffff" != classic.hex("ground", "archeotrek")
    assert ink.search_path[-1] == classic.directory


def test_unknown_theme_and_loops(tmp_path, monkeypatch):
    with pytest.raises(UsageError, match="classic"):
        load_theme("no-such-theme")
    for name, parent in (("a", "b"), ("b", "a")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "theme.toml").write_text(f'[theme]\nextends = "{parent}"\n', encoding="utf-8")
    monkeypatch.setattr(theme_mod, "TEMPLATES_DIR", tmp_path)
    load_theme.cache_clear()
    try:
        with pytest.raises(PrintkitError, match="loops"):
            load_theme("a")
    finally:
        load_theme.cache_clear()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_inksaver_uses_less_ink(tmp_path):
    from PIL import Image, ImageStat

    coverage = {}
    for name in ("classic", "inksaver"):
        opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(name), players=1, bleed=mm(3))
        build(["archeotrek"], opts, tmp_path / name)
        pdf = tmp_path / name / "archeotrek" / "archeotrek-kit.pdf"
        subprocess.run(["pdftoppm", "-r", "15", "-gray", str(pdf), str(tmp_path / name / "p")], check=True)
        pages = sorted((tmp_path / name).glob("p-*.pgm"))
        coverage[name] = sum(255 - ImageStat.Stat(Image.open(p)).mean[0] for p in pages) / len(pages)
    assert coverage["inksaver"] < 0.6 * coverage["classic"], coverage

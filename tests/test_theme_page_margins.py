"""A theme whose stylesheet puts the documents' page margins inside the printer
margin gets a note: its text may run into the edge a printer cannot print.

The bundled ``base.css`` grows its ``@page`` margins with ``var(--printer-margin)``
(tests/test_safe_zone_documents.py measures its text); a theme written before
that, or by hand with fixed margins, ignored ``--printer-margin`` and nothing
said so.  The theme here is made as a user makes one (``printkit new-theme
--copy-templates``) and its ``base.css`` given fixed 10 mm margins; what is
measured is the build's notes on stderr and :data:`LAYOUT_NOTES` — at a 12 mm
printer margin one per document, at the default 5 mm none — also when the
document comes from the cache of rendered documents (no layout then).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import printkit.render.documents as documents
from printkit.cli import main
from printkit.gamekit.options import BuildOptions
from printkit.paper import get_paper
from printkit.registry import get_game
from printkit.theme import load_theme
from printkit.units import mm

#: The fixed page margins the theme's base.css is given (mm).
FIXED_MM = 10


@pytest.fixture
def narrow_theme(tmp_path, monkeypatch) -> Path:
    """themes/narrow in ``tmp_path`` (the current folder): ``new-theme
    --copy-templates``, its ``@page`` margin replaced by a fixed 10 mm."""
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(main, ["new-theme", "narrow", "--copy-templates"])
    assert made.exit_code == 0, made.output
    css = tmp_path / "themes" / "narrow" / "base.css"
    text, n = re.subn(r"@page \{\s*margin:[^;]*;", f"@page {{\n  margin: {FIXED_MM}mm;", css.read_text(), count=1)
    assert n == 1, "base.css has no @page margin to replace"
    css.write_text(text)
    return tmp_path / "themes" / "narrow"


def _high_score_log(theme_dir: Path, margin_mm: float) -> bytes:
    opts = BuildOptions(paper=replace(get_paper("a4"), margin=mm(margin_mm)), theme=load_theme(str(theme_dir)))
    (part,) = [p for p in get_game("archaeology").parts(opts) if p.name == "high-score-log"]
    return part.document()


def _narrow_notes() -> list[str]:
    return [n for n in documents.LAYOUT_NOTES if "sets page margins" in n]


def test_fixed_page_margins_inside_a_wide_printer_margin_are_noted(narrow_theme, cache_root, monkeypatch):
    documents.LAYOUT_NOTES.clear()
    try:
        first = _high_score_log(narrow_theme, 12)      # laid out, then kept in the cache
        (note,) = _narrow_notes()
        assert f"the theme 'narrow' sets page margins of {FIXED_MM} mm, inside the 12 mm printer margin" in note
        assert "var(--printer-margin)" in note
        documents.LAYOUT_NOTES.clear()

        def refuse():
            raise AssertionError("weasyprint was asked to lay out a document")
        monkeypatch.setattr(documents, "_weasyprint", refuse)
        assert _high_score_log(narrow_theme, 12) == first  # from the cache: no layout, the same note
        assert _narrow_notes() == [note]
    finally:
        documents.LAYOUT_NOTES.clear()


def test_fixed_page_margins_outside_the_printer_margin_are_not_noted(narrow_theme, cache_root):
    documents.LAYOUT_NOTES.clear()
    try:
        _high_score_log(narrow_theme, 5)
        assert _narrow_notes() == []
    finally:
        documents.LAYOUT_NOTES.clear()


def test_the_bundled_page_margins_grow_with_the_printer_margin(cache_root):
    """classic's base.css keeps its margins outside any printer margin
    ``--printer-margin`` takes (up to 15 mm): no note."""
    documents.LAYOUT_NOTES.clear()
    try:
        for theme in ("classic", "inksaver", "highcontrast"):
            _high_score_log(Path(theme), 15)
        assert _narrow_notes() == []
    finally:
        documents.LAYOUT_NOTES.clear()


def test_the_build_says_which_documents_may_lose_text(narrow_theme, cache_root):
    run = CliRunner().invoke(main, ["build", "archeotrek", "--theme", "narrow", "--printer-margin", "12mm",
                                    "--out", "out", "-q"])
    assert run.exit_code == 0, run.output
    lines = [ln for ln in run.stderr.splitlines() if "sets page margins" in ln]
    assert len(lines) == 1, run.stderr            # ArchéoTREK has one flowed document: its rules reference
    assert lines[0].startswith("note: archeotrek: Rules reference: archeotrek-rules: the theme 'narrow' sets "
                               f"page margins of {FIXED_MM} mm, inside the 12 mm printer margin"), lines[0]

"""Issue 24, large print (classic): no glyph of the ArchéoTREK, Archaeology and
Archéo pieces or rules references is set below 8 pt — read from the built PDFs.

Pieces: every glyph inside a sheet's TrimBox (the printer's notes and scale bars
around the pieces are the sheet's furniture, outside it).  Rules references: every
glyph above the bottom margin's scale guard (the lowest 15 mm)."""

from __future__ import annotations

import pytest

from printkit.build import BuildOptions, build
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.units import mm

GAMES = ("archeotrek", "archaeology", "archeo")
#: The component PDFs that are not pieces: the kit, documents, the tiled board (its
#: assembly notes are the tiling's furniture inside the page).
NOT_PIECES = ("-kit.pdf", "rules-reference.pdf", "high-score-log.pdf", "board.pdf")
MIN_PT = 8.0


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    root = tmp_path_factory.mktemp("large-print")
    build(list(GAMES), BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), bleed=mm(3)), root, jobs=1)
    return root


def _small(path, keep) -> list[tuple[int, str, float]]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(str(path))
    found = []
    try:
        for n in range(len(pdf)):
            page = pdf[n]
            tp = page.get_textpage()
            try:
                for k in range(tp.count_chars()):
                    ch = tp.get_text_range(k, 1)
                    if not ch.strip():
                        continue
                    left, bottom, right, top = tp.get_charbox(k)
                    if not keep(page, (left + right) / 2, (bottom + top) / 2):
                        continue
                    size = raw.FPDFText_GetFontSize(tp.raw, k)
                    if size < MIN_PT - 0.05:
                        found.append((n + 1, ch, round(size, 2)))
            finally:
                tp.close()
    finally:
        pdf.close()
    return found


def _in_trim(page, x, y) -> bool:
    l, b, r, t = page.get_trimbox()
    return l <= x <= r and b <= y <= t


@pytest.mark.parametrize("game", GAMES)
def test_pieces_set_no_text_below_8pt(out, game):
    parts = sorted(p for p in (out / game).glob("*.pdf") if not p.name.endswith(NOT_PIECES))
    assert parts, game
    for path in parts:
        part = path.name
        small = _small(path, _in_trim)
        assert not small, f"{game} {part}: text below {MIN_PT} pt (page, char, pt): {small[:12]} ({len(small)})"


@pytest.mark.parametrize("game", GAMES)
def test_rules_reference_sets_no_text_below_8pt(out, game):
    small = _small(out / game / "rules-reference.pdf", lambda page, x, y: y > mm(15))
    assert not small, f"{game} rules reference: text below {MIN_PT} pt (page, char, pt): {small[:12]} ({len(small)})"

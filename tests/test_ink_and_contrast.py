"""The ink-saver theme saves ink on every page — measured on the kits'
rasterised pages.  (That every glyph, numbers included, reads at WCAG 4.5 or
more in every bundled theme is measured by ``test_text_legibility.py``.)

Ink is the mean of 1 − lightness of a page rendered by pdfium
(:func:`colour_checks.ink_of`).  On every page of every kit where classic
covers 10 % or more, ink-saver covers at most half of classic's same page,
and no ink-saver page covers more than classic's.
"""

from __future__ import annotations

import pytest

from colour_checks import ink_of
from printkit.registry import game_ids

THEMES = ("classic", "inksaver")
#: Pages where classic covers at least this much must halve with ink-saver.
HEAVY = 0.10
#: Resolution of the ink measure: at 20 dpi a hairline is drawn a pixel wide and line art
#: counts several times its ink; from about 50 dpi pdfium and poppler agree within 0.01.
DPI = 72


@pytest.fixture(scope="module")
def kits(themed_kits):
    """theme → game → the kit PDF (A4, defaults; the session's shared builds,
    conftest ``themed_kits``)."""
    return {name: {g: themed_kits(name, "a4") / g / f"{g}-kit.pdf" for g in game_ids()} for name in THEMES}


@pytest.fixture(scope="module")
def coverage(kits):
    """theme → game → ink per page (pages rendered by pdfium at :data:`DPI`)."""
    import pypdfium2 as pdfium

    out: dict[str, dict[str, list[float]]] = {}
    for name, games in kits.items():
        out[name] = {}
        for g, path in games.items():
            pdf = pdfium.PdfDocument(str(path))
            try:
                out[name][g] = [ink_of(pdf[i].render(scale=DPI / 72).to_pil()) for i in range(len(pdf))]
            finally:
                pdf.close()
    return out


@pytest.mark.parametrize("game", game_ids())
def test_inksaver_halves_every_heavy_page_and_raises_none(coverage, game):
    classic, saver = coverage["classic"][game], coverage["inksaver"][game]
    assert len(classic) == len(saver), "the two themes give the kit different page counts"
    heavy = [(i + 1, round(c, 3), round(s, 3)) for i, (c, s) in enumerate(zip(classic, saver))
             if c >= HEAVY and s > 0.5 * c]
    above = [(i + 1, round(c, 3), round(s, 3)) for i, (c, s) in enumerate(zip(classic, saver)) if s > c + 0.002]
    assert not heavy, f"{game}: pages (page, classic, inksaver) where ink-saver saves less than half: {heavy}"
    assert not above, f"{game}: pages where ink-saver uses more ink than classic: {above}"
    assert sum(saver) <= 0.5 * sum(classic), (game, sum(saver), sum(classic))

"""The ink-saver theme saves ink on every page, and numbers stay readable in
every bundled theme — measured on the kits' rasterised pages.

Ink is the mean of 1 − lightness of a page rendered by pdfium
(:func:`colour_checks.ink_of`).  On every page of every kit where classic
covers 10 % or more, ink-saver covers at most half of classic's same page,
and no ink-saver page covers more than classic's.  A number (every digit the
PDF's text holds) is drawn in a colour whose WCAG contrast against the
ground around it, read from the rendered pixels, is 4.5 or more.
"""

from __future__ import annotations

import ctypes
from collections import Counter

import numpy as np
import pytest

from colour_checks import contrast, ink_of
from printkit.registry import game_ids

THEMES = ("classic", "inksaver", "highcontrast")
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


def _ground(pixels: np.ndarray, fill: np.ndarray) -> np.ndarray | None:
    """The ground around a glyph: the commonest colour (quantised to 8 levels a
    channel) among the box's pixels that are far from the glyph's own fill."""
    flat = pixels.reshape(-1, 3).astype(np.int32)
    far = flat[np.abs(flat - fill).sum(axis=1) > 90]
    if len(far) < 4:
        return None
    counts = Counter(map(tuple, far // 32))
    bucket = np.array(counts.most_common(1)[0][0])
    chosen = far[(far // 32 == bucket).all(axis=1)]
    return chosen.mean(axis=0)


def _digits(page) -> list[tuple[str, float, tuple[float, float, float, float], np.ndarray]]:
    """Every digit of a pdfium page: (digit, font size pt, glyph box (left,
    bottom, right, top) pt, its fill colour as sRGB 0–255)."""
    import pypdfium2.raw as raw

    tp = page.get_textpage()
    out = []
    try:
        for k in range(tp.count_chars()):
            ch = tp.get_text_range(k, 1)
            if not ch.isdigit():
                continue
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            if not raw.FPDFText_GetFillColor(tp.raw, k, r, g, b, a) or a.value == 0:
                continue
            out.append((ch, raw.FPDFText_GetFontSize(tp.raw, k), tp.get_charbox(k),
                        np.array([r.value, g.value, b.value], dtype=float)))
    finally:
        tp.close()
    return out


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("game", game_ids())
def test_every_number_reads_against_its_ground(kits, theme, game):
    """Each digit of the kit (pdfium's text: glyph box and fill colour)
    against the ground its box shows on the page rendered at 144 dpi
    (2 px a point): WCAG contrast ≥ 4.5."""
    import pypdfium2 as pdfium

    scale = 2.0
    low = []
    pdf = pdfium.PdfDocument(str(kits[theme][game]))
    try:
        for n in range(len(pdf)):
            page = pdf[n]
            digits = [d for d in _digits(page) if d[1] >= 5]
            if not digits:
                continue
            height = page.get_height()
            img = np.asarray(page.render(scale=scale).to_pil().convert("RGB"))
            for ch, size, (left, bottom, right, top), fill in digits:
                pad = max(2, int(0.2 * size * scale))
                x0, x1 = int(left * scale) - pad, int(right * scale) + 1 + pad
                y0, y1 = int((height - top) * scale) - pad, int((height - bottom) * scale) + 1 + pad
                box = img[max(0, y0):max(0, y1), max(0, x0):max(0, x1)]
                if box.size == 0:
                    continue
                ground = _ground(box, fill)
                if ground is None:
                    continue
                ratio = contrast(fill, ground)
                if ratio < 4.5:
                    low.append((n + 1, ch, round(size, 1), tuple(int(v) for v in fill),
                                tuple(int(v) for v in ground), round(ratio, 2)))
    finally:
        pdf.close()
    assert not low, (f"{game} ({theme}): digits below WCAG 4.5 (page, digit, pt, fill, ground, ratio): "
                     f"{low[:12]}{' …' if len(low) > 12 else ''} ({len(low)} in all)")

"""The ink-saver theme saves ink on every page, and numbers stay readable in
every bundled theme — measured on the kits' rasterised pages.

Ink is the mean of 1 − lightness of a page rendered by poppler
(:func:`colour_checks.ink`).  On every page of every kit where classic
covers 10 % or more, ink-saver covers at most half of classic's same page,
and no ink-saver page covers more than classic's.  A number (every digit the
PDF's text holds) is drawn in a colour whose WCAG contrast against the
ground around it, read from the rendered pixels, is 4.5 or more.
"""

from __future__ import annotations

import shutil
from collections import Counter

import numpy as np
import pdfplumber
import pytest
from PIL import Image

from colour_checks import contrast, ink, rasterise
from printkit.build import BuildOptions, build
from printkit.paper import get_paper
from printkit.registry import game_ids
from printkit.theme import load_theme
from printkit.units import mm

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")

THEMES = ("classic", "inksaver", "highcontrast")
#: Pages where classic covers at least this much must halve with ink-saver.
HEAVY = 0.10


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """theme → game → the kit PDF (A4, defaults)."""
    root = tmp_path_factory.mktemp("ink")
    out = {}
    for name in THEMES:
        opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(name), bleed=mm(3))
        build(["all"], opts, root / name, jobs=1)
        out[name] = {g: root / name / g / f"{g}-kit.pdf" for g in game_ids()}
    return out


@pytest.fixture(scope="module")
def coverage(kits, tmp_path_factory):
    """theme → game → ink per page."""
    root = tmp_path_factory.mktemp("ink-png")
    return {name: {g: [ink(p) for p in rasterise(pdf, root / name / g, dpi=20)] for g, pdf in games.items()}
            for name, games in kits.items()}


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


def _fill(char) -> np.ndarray | None:
    colour = char.get("non_stroking_color")
    if colour is None:
        return None
    values = list(colour) if isinstance(colour, (list, tuple)) else [colour]
    if len(values) == 1:
        return np.array(values * 3, dtype=float) * 255
    if len(values) == 3:
        return np.array(values, dtype=float) * 255
    if len(values) == 4:
        c, m, y, k = values
        return np.array([(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)]) * 255
    return None


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("game", game_ids())
def test_every_number_reads_against_its_ground(kits, tmp_path, theme, game):
    """Each digit of the kit, in its own colour, against the ground its box
    shows on the page rendered at 144 dpi (2 px a point): contrast ≥ 4.5."""
    pdf = kits[theme][game]
    scale = 2.0
    low = []
    with pdfplumber.open(pdf) as doc:
        for n, page in enumerate(doc.pages, start=1):
            digits = [c for c in page.chars if c["text"].isdigit() and c["size"] >= 5]
            if not digits:
                continue
            png = rasterise(pdf, tmp_path / f"p{n}", dpi=int(72 * scale), first=n, last=n)[0]
            img = np.asarray(Image.open(png).convert("RGB"))
            for ch in digits:
                fill = _fill(ch)
                if fill is None:
                    continue
                x0, x1 = int(ch["x0"] * scale), int(ch["x1"] * scale) + 1
                top, bottom = int(ch["top"] * scale), int(ch["bottom"] * scale) + 1
                pad = max(2, int(0.15 * ch["size"] * scale))
                box = img[max(0, top - pad):bottom + pad, max(0, x0 - pad):x1 + pad]
                if box.size == 0:
                    continue
                ground = _ground(box, fill)
                if ground is None:
                    continue
                ratio = contrast(fill, ground)
                if ratio < 4.5:
                    low.append((n, ch["text"], round(ch["size"], 1), tuple(int(v) for v in fill),
                                tuple(int(v) for v in ground), round(ratio, 2)))
    assert not low, (f"{game} ({theme}): digits below WCAG 4.5 (page, digit, pt, fill, ground, ratio): "
                     f"{low[:12]}{' …' if len(low) > 12 else ''} ({len(low)} in all)")

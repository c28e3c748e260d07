"""Issue 24: round ArchéoTREK tokens carry no decorative ring within 3 mm of the
cut, and the cut line (the sheet's black cut colour) shows against what lies
under it — measured on each face rendered alone by pdfium (every theme)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from reportlab.pdfgen.canvas import Canvas

from colour_checks import contrast
from printkit.games.archeotrek.data import load_rules
from printkit.games.archeotrek.tokens import bone_back, bone_face, skeleton_back, skeleton_face
from printkit.model import FaceBox
from printkit.theme import load_theme
from printkit.units import mm

DPI = 300


def _pixels(face, d: float, theme) -> np.ndarray:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(d, d), invariant=1, initialFontName=theme.font("body"))
    face.draw(c, FaceBox(d, d, mm(3), mm(3), theme, "circle"))
    c.showPage()
    c.save()
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(buf.getvalue())
    try:
        return np.asarray(pdf[0].render(scale=DPI / 72).to_pil().convert("RGB")).astype(float)
    finally:
        pdf.close()


def _band(img: np.ndarray, d: float, inner: float, outer: float) -> np.ndarray:
    """The pixels between radius ``inner`` and ``outer`` (pt) from the centre."""
    n = img.shape[0]
    yy, xx = np.mgrid[0:n, 0:n]
    r = np.hypot(xx + 0.5 - n / 2, yy + 0.5 - n / 2) * 72 / DPI
    return img[(r >= inner) & (r <= outer)]


def _faces(rules, theme):
    colour = next(iter(rules.tokens.bones))
    value = rules.tokens.bones[colour][0]
    bd, sd = mm(rules.bone_diameter), mm(rules.skeleton_diameter)
    return [(bone_face(rules, theme, colour, value), bd), (bone_back(rules, theme), bd),
            *[(skeleton_face(rules, theme, c, v), sd) for c, v in rules.tokens.skeletons.items()],
            (skeleton_back(rules, theme), sd)]


@pytest.mark.parametrize("name", ["classic", "inksaver", "highcontrast"])
def test_no_rim_within_3mm_of_the_cut_and_the_cut_reads(name):
    theme = load_theme(name)
    rules = load_rules()
    cut = theme.hex("cut")
    for face, d in _faces(rules, theme):
        img = _pixels(face, d, theme)
        # the 3 mm inside the cut: one flat colour (no ring, no art), so a cut a little
        # off shows nothing lopsided; 0.3 mm margins keep anti-aliasing out
        band = _band(img, d, d / 2 - mm(3) + mm(0.3), d / 2 - mm(0.3))
        spread = np.abs(band - np.median(band, axis=0)).sum(axis=1)
        assert (spread > 30).mean() < 0.01, f"{face.key} ({name}): a ring or art within 3 mm of the cut"
        ground = np.median(band, axis=0)
        ratio = contrast(np.array([int(cut[i:i + 2], 16) for i in (1, 3, 5)], dtype=float), ground)
        assert ratio >= 3.0, f"{face.key} ({name}): the cut line ({cut}) on {ground} reads at {ratio:.2f}:1"

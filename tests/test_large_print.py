"""Issue 24, large print: every glyph a player reads is at least 8 pt in the
classic and ink-saver themes and at least 11 pt in the large-print
(highcontrast) theme — rules references, player aids, sheets, boards, cards
and tokens of every bundled game, measured as printed on the kits' pages.

What counts: glyphs inside each page's TrimBox (the sheet footer, scale guards
and tiling labels in the margins are printer's furniture, not game text); on a
document page (rules reference, score log) the bottom 13 mm margin is left out
for the same reason.  The size is the glyph's printed em, read from the PDF
(the text-space height after every transformation), so rotated text is
measured across its baseline, not along it."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from conftest import BUNDLED_GAMES

PT_PER_MM = 72 / 25.4
DOCUMENTS = {"rules-reference.pdf", "high-score-log.pdf"}


def printed_sizes(path: Path, digits: int = 1) -> Counter:
    """Printed glyph size (pt, rounded to ``digits`` decimals) → count, for the glyphs of ``path``
    a player reads (see the module docstring), read by pdfium: a glyph's em is
    its font size (Tf) times the length of the text-space up vector after every
    transformation (its character matrix's (c, d): text matrix × CTM), so a
    glyph scaled by a form or turned a quarter turn is measured as printed,
    across its baseline.  Inside the TrimBox: the glyph's box (the ink of its
    shape), in PDF space."""
    out: Counter = Counter()
    doc = pdfium.PdfDocument(str(path))
    matrix = raw.FS_MATRIX()
    try:
        for i in range(len(doc)):
            page = doc[i]
            x0, y0, x1, y1 = page.get_trimbox()
            if path.name in DOCUMENTS:
                y0 = max(y0, page.get_mediabox()[1] + 13 * PT_PER_MM)
            tp = page.get_textpage()
            try:
                for k in range(tp.count_chars()):
                    if not chr(raw.FPDFText_GetUnicode(tp.raw, k)).strip():
                        continue
                    left, bottom, right, top = tp.get_charbox(k)
                    if not (x0 - 0.01 <= left and right <= x1 + 0.01 and bottom >= y0 - 0.01 and top <= y1 + 0.01):
                        continue
                    if not raw.FPDFText_GetMatrix(tp.raw, k, matrix):
                        raise AssertionError(f"{path.name} page {i + 1}: pdfium gives no matrix for glyph {k}")
                    out[round(raw.FPDFText_GetFontSize(tp.raw, k) * math.hypot(matrix.c, matrix.d), digits)] += 1
            finally:
                tp.close()
    finally:
        doc.close()
    return out


@pytest.mark.parametrize("game", [g for g in BUNDLED_GAMES if g != "archaeologia"])
@pytest.mark.parametrize("theme,paper,least", [("classic", "a4", 8.0), ("inksaver", "a4", 8.0),
                                               ("highcontrast", "a4", 11.0), ("highcontrast", "letter", 11.0)])
def test_type_is_at_least_8_pt_and_11_in_large_print(themed_kits, game, theme, paper, least):
    kit = themed_kits(theme, paper) / game
    small = {}
    for part in sorted(kit.glob("*.pdf")):
        if part.name == f"{game}-kit.pdf":
            continue  # the parts, merged: measured through them
        below = {size: n for size, n in printed_sizes(part).items() if size < least - 0.05}
        if below:
            small[part.name] = dict(sorted(below.items()))
    assert not small, f"{game} ({theme}, {paper}): glyphs under {least} pt (size: count) by part: {small}"

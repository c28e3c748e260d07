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

import pdfplumber
import pytest

from conftest import BUNDLED_GAMES

PT_PER_MM = 72 / 25.4
DOCUMENTS = {"rules-reference.pdf", "high-score-log.pdf"}


def printed_sizes(path: Path) -> Counter:
    """Printed glyph size (pt, 1 decimal) → count, for the glyphs of ``path``
    a player reads (see the module docstring)."""
    out: Counter = Counter()
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            x0, top, x1, bottom = page.trimbox
            if path.name in DOCUMENTS:
                bottom = min(bottom, page.height - 13 * PT_PER_MM)
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                if not (x0 - 0.01 <= ch["x0"] and ch["x1"] <= x1 + 0.01 and top - 0.01 <= ch["top"]
                        and ch["bottom"] <= bottom + 0.01):
                    continue
                a, b, c, d, _, _ = ch["matrix"]
                # pdfminer's "size" is the box's height: right for upright text only.  The
                # em across the baseline is the box's extent along the text's up vector.
                across = ch["size"] if abs(b) < 1e-6 and abs(c) < 1e-6 else _across(ch, a, b, c, d)
                out[round(across, 1)] += 1
    return out


def _across(ch: dict, a: float, b: float, c: float, d: float) -> float:
    """Printed em of a glyph set at an angle: a glyph turned a quarter turn
    has the em across the page's x axis; in general, the box's extent along
    the text's up vector (c, d) for a glyph this wide along (a, b)."""
    up = math.hypot(c, d) or 1.0
    ux, uy = abs(c) / up, abs(d) / up
    width, height = ch["x1"] - ch["x0"], ch["bottom"] - ch["top"]
    if ux > 0.99:
        return width
    if uy > 0.99:
        return height
    return min(width / ux, height / uy)


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

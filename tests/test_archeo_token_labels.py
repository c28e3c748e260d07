"""Archéo tokens: every label lies inside the token's safe zone, at a size a
player reads.

Measured with pdfplumber on the imposed token sheet (A4 and Letter, the
three bundled themes): each token is found by its trim circle (a curve
26 mm across, ``rules/archeo.toml`` [sizes] token), and every glyph whose
centre lies on it must have its whole box (as a PDF reader boxes it) inside
the safe circle, 3 mm inside the cut, and be 7 pt or more.  Before the fix
the one-word WHEELBARROW (56 pt wide at 8 pt on a face 48 pt across) ran
over the token's ring to 0.8 mm from the cut.
"""

from __future__ import annotations

import io
import math

import pdfplumber
import pytest

from printkit.games.archeo.data import load_rules
from printkit.games.archeo.kit import token_components
from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.theme import load_theme
from printkit.units import mm, to_mm

TOKEN_MM = 26.0
SAFE_MM = 3.0
LEAST_PT = 7.0


def _circles(page):
    out = []
    for cv in page.curves:
        w, h = cv["x1"] - cv["x0"], cv["bottom"] - cv["top"]
        if abs(to_mm(w) - TOKEN_MM) < 0.3 and abs(w - h) < 0.1:
            out.append(((cv["x0"] + cv["x1"]) / 2, (cv["top"] + cv["bottom"]) / 2, w / 2))
    return out


@pytest.mark.parametrize("theme_name", ["classic", "inksaver", "highcontrast"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_labels_lie_in_the_safe_zone(paper, theme_name):
    theme = load_theme(theme_name)
    rules = load_rules()
    comps = token_components(rules, theme)
    data, _ = render_set(ComponentSet("tokens", "Tokens", "card", comps), paper=get_paper(paper), theme=theme,
                         bleed=mm(3))
    labels = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        circles = _circles(page)
        assert len(circles) == len(comps)
        for cx, cy, r in circles:
            chars = [ch for ch in page.chars
                     if math.hypot((ch["x0"] + ch["x1"]) / 2 - cx, (ch["top"] + ch["bottom"]) / 2 - cy) < r]
            safe = r - mm(SAFE_MM)
            for ch in chars:
                assert ch["size"] >= LEAST_PT - 1e-6, (ch["text"], ch["size"])
                corners = [(x, y) for x in (ch["x0"], ch["x1"]) for y in (ch["top"], ch["bottom"])]
                worst = max(math.hypot(x - cx, y - cy) for x, y in corners)
                assert worst <= safe + 1e-6, (paper, theme_name, ch["text"], to_mm(worst), to_mm(safe))
            lines: dict[float, list] = {}
            for ch in chars:
                if ch["text"] != "?":  # the hidden tokens' back
                    lines.setdefault(round(ch["top"], 1), []).append(ch)
            labels.append(" ".join("".join(c["text"] for c in sorted(ln, key=lambda c: c["x0"]))
                                   for _, ln in sorted(lines.items())))
    wheel = "Barrow" if theme.large_print else "WHEEL- BARROW"
    assert labels.count(wheel) == rules.wheelbarrow_tokens, labels

"""Leftover rows of a sheet take the next kind of piece (issue 24: "combine leftovers
that share a stock").

Five poker cards fill two of a 3 × 3 sheet's rows; four round tokens then go in a second
band below them instead of onto a sheet of their own.  Read from the PDF (pdfplumber):
the pieces' art (each synthetic face fills its bleed box with one rectangle), the crop
marks (black 0.25 pt hairlines) and the backs.  Oracles: no mark enters a piece's trim,
every vertical trim line of the card band is marked at both its ends, each back sits at
its front's mirror image.
"""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.units import mm

from conftest import make_deck

BLEED = mm(3)


def _mixed(theme, cards=5, tokens=4):
    deck = make_deck(theme, n=cards)
    coins = make_deck(theme, n=tokens, w=25, h=25, shape="circle")
    return ComponentSet("mixed", "Mixed", "card", deck.components + coins.components)


def _art(page):
    """Filled rectangles the size of a piece plus its bleed: (x0, y0, x1, y1), pt, y up."""
    H = page.height
    out = []
    for r in page.rects:
        w, h = r["width"], r["height"]
        if r.get("fill") and any(abs(w - (s + 2 * BLEED)) < 0.05 and abs(h - (t + 2 * BLEED)) < 0.05
                                 for s, t in ((mm(63.5), mm(88.9)), (mm(25), mm(25)))):
            out.append((r["x0"], H - r["bottom"], r["x1"], H - r["top"]))
    return out


def _hairlines(page):
    H = page.height
    return [(ln["x0"], H - ln["bottom"], ln["x1"], H - ln["top"]) for ln in page.lines
            if abs(ln["linewidth"] - 0.25) < 1e-3 and tuple(ln.get("stroking_color") or ()) in ((0,), (0.0,), (0, 0, 0))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tokens_fill_the_rows_the_cards_leave(theme, paper):
    data, pages = render_set(_mixed(theme), paper=get_paper(paper), theme=theme, bleed=BLEED)
    assert pages == 2  # one sheet: fronts and backs (without bands: two sheets, four pages)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        front = pdf.pages[0]
        art = _art(front)
        cards = [a for a in art if a[2] - a[0] > mm(40)]
        tokens = [a for a in art if a[2] - a[0] < mm(40)]
        assert len(cards) == 5 and len(tokens) == 4
        assert max(t[3] for t in tokens) <= min(c[1] for c in cards) + 1e-3, "tokens below the cards"
        # no mark enters a piece's trim
        trims = [(x0 + BLEED, y0 + BLEED, x1 - BLEED, y1 - BLEED) for x0, y0, x1, y1 in art]
        marks = _hairlines(front)
        assert marks
        for mx0, my0, mx1, my1 in marks:
            for tx0, ty0, tx1, ty1 in trims:
                inside = mx0 < tx1 - 1e-3 and mx1 > tx0 + 1e-3 and my0 < ty1 - 1e-3 and my1 > ty0 + 1e-3
                assert not inside, ((mx0, my0, mx1, my1), (tx0, ty0, tx1, ty1))
        # every vertical trim line of the cards is marked above the cards and below them
        # (in the gutter above the tokens), at least 2 mm each
        top_of_cards = max(c[3] for c in cards) - BLEED
        low_of_cards = min(c[1] for c in cards) + BLEED
        for x in {round(v, 2) for c in cards for v in (c[0] + BLEED, c[2] - BLEED)}:
            on = [m for m in marks if abs(m[0] - m[2]) < 1e-3 and abs(m[0] - x) < 0.02]
            assert any(m[1] >= top_of_cards and m[3] - m[1] >= mm(2) for m in on), x
            below = [m for m in on if m[3] <= low_of_cards and m[3] - m[1] >= mm(2)]
            assert below and all(m[1] > max(t[3] for t in tokens) for m in below), x
        W = front.width
        back_art = _art(pdf.pages[1])
    # duplex long edge: each back is its front mirrored across the sheet's vertical centre
    mirrored = sorted((round(W - x1, 2), round(y0, 2), round(W - x0, 2), round(y1, 2)) for x0, y0, x1, y1 in art)
    assert sorted(tuple(round(v, 2) for v in a) for a in back_art) == mirrored


def test_a_full_sheet_leaves_no_band(theme):
    """Nine cards fill the 3 × 3 sheet: the tokens get their own sheet."""
    data, pages = render_set(_mixed(theme, cards=9), paper=get_paper("a4"), theme=theme, bleed=BLEED)
    assert pages == 4


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_build_reports_the_sheets_each_kit_prints_on(tmp_path, duplex):
    """The build's summary line per game counts the sheets the kit PDF takes: half its
    pages printed duplex (every page pair is one sheet, blank backs included), all its
    pages when fronts and backs are glued (``--duplex none``)."""
    import re

    from click.testing import CliRunner
    from pypdf import PdfReader

    from printkit.cli import main

    res = CliRunner().invoke(main, ["build", "archeotrek", "--duplex", duplex, "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    line = next(ln for ln in res.output.splitlines() if ln.startswith("archeotrek: the kit prints on "))
    total, parts = re.match(r"archeotrek: the kit prints on (\d+) sheets: (.*)$", line).groups()
    counts = [int(part.split(" ", 1)[0]) for part in parts.split(" · ")]
    pages = len(PdfReader(tmp_path / "archeotrek" / "archeotrek-kit.pdf").pages)
    assert int(total) == sum(counts) == (pages // 2 if duplex == "long" else pages)
    assert "plain paper (80 g/m²)" in parts and "card 200–300 g/m²" in parts


def test_a_band_that_leaves_no_room_for_the_label_falls_back(tmp_path):
    """On Letter the markers' band under Archaeologia's tool tiles would leave the backs
    page no room for its label: the set is imposed again, each group on its own sheets,
    and every page of the part keeps its label."""
    from click.testing import CliRunner
    from pypdf import PdfReader

    from printkit.cli import main

    res = CliRunner().invoke(main, ["build", "archaeologia", "--paper", "letter", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "no room on the sheet" not in res.output
    pages = PdfReader(tmp_path / "archaeologia" / "pieces.pdf").pages
    assert all("Archaeologia · Tools, RAIN, markers, standees · sheet" in (p.extract_text() or "") for p in pages)

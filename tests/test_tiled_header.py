"""Tiled boards: on every page the footer (scale bars, page label, printing
note) keeps clear of the header line (page name, assembly note).

Measured with pdfplumber on the PDFs :func:`printkit.tiling.render_tiled`
writes (the board's drawing left out: its text outside a tile's window is clipped away) for the Archaeology board and both Archaeologia boards (drawn at full
size, as they tile when they do not fit one sheet), on A4, US Letter and the
universal page: every line of text is a box (a run of characters on one
baseline, as a PDF reader boxes them: descent to descent + size), and no two
lines' boxes may overlap.  Before the fix the printing note, placed in the
top band, ran 0.85 pt into the header's page name.
"""

from __future__ import annotations

import io

import pdfplumber
import pikepdf
import pytest

from printkit.games.archaeologia import board as archaeologia_board
from printkit.games.archaeologia.data import load_rules as archaeologia_rules
from printkit.games.archaeology.board import board_draw
from printkit.games.archaeology.data import load_rules as archaeology_rules
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.tiling import render_tiled
from printkit.units import mm


def text_lines(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(text, (x0, top, x1, bottom)) of each run of characters sharing a
    baseline and direction, split where the gap exceeds the type size."""
    groups: dict[tuple, list[dict]] = {}
    for ch in page.chars:
        a, b, c, d, e, f = ch["matrix"]
        upright = abs(b) < 1e-6 and abs(c) < 1e-6
        key = ("h", round(f, 2)) if upright else ("v", round(e, 2), round(b, 3))
        groups.setdefault(key, []).append(ch)
    out = []
    for key, chars in groups.items():
        along = (lambda ch: ch["x0"]) if key[0] == "h" else (lambda ch: ch["top"])
        chars.sort(key=along)
        run = [chars[0]]
        for ch in chars[1:]:
            end = max((r["x1"] if key[0] == "h" else r["bottom"]) for r in run)
            if along(ch) - end > ch["size"]:
                out.append(run)
                run = []
            run.append(ch)
        out.append(run)
    return [("".join(ch["text"] for ch in run),
             (min(ch["x0"] for ch in run), min(ch["top"] for ch in run),
              max(ch["x1"] for ch in run), max(ch["bottom"] for ch in run))) for run in out]


def overlapping_lines(page, window) -> list[tuple[str, str, float, float]]:
    """Pairs of text lines around the tile's ``window`` (x0, top, x1, bottom, pt:
    the header and footer; inside the window the seam labels sit on their own
    paper-coloured backing over the board) whose boxes overlap: (text, text,
    overlap across, overlap down) pt."""
    wx0, wtop, wx1, wbottom = window
    lines = [(t, b) for t, b in text_lines(page)
             if b[2] <= wx0 or b[0] >= wx1 or b[3] <= wtop or b[1] >= wbottom]
    bad = []
    for i, (ta, a) in enumerate(lines):
        for tb, b in lines[i + 1:]:
            dx = min(a[2], b[2]) - max(a[0], b[0])
            dy = min(a[3], b[3]) - max(a[1], b[1])
            if dx > 0.01 and dy > 0.01:
                bad.append((ta[:40], tb[:40], round(dx, 2), round(dy, 2)))
    return bad


def without_the_drawing(data: bytes) -> bytes:
    """``data`` with the board's drawing (the form XObject every tile shows through
    its window) emptied: pdfplumber reports the drawing's text outside the window
    too, where the clip hides it; what is left is what the page adds around it."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            for _, xobj in page.Resources.get("/XObject", {}).items():
                if xobj.get("/Subtype") == "/Form":
                    xobj.write(b"")
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue()


def _boards(theme):
    """(title, drawing, width, height, overlap) of each board, titled as the kits title them."""
    ar = archaeology_rules()
    yield (f"{ar.title} · Board", board_draw(ar, theme), mm(ar.board_width), mm(ar.board_height),
           mm(ar.board_overlap))
    gr = archaeologia_rules()
    size = mm(gr.sizes["board_width"]), mm(gr.sizes["board_height"])
    for which, label in (("money_draw", "MONEY/TOOLS"), ("renown_draw", "RENOWN")):
        yield (f"{gr.title} · {label} board", getattr(archaeologia_board, which)(gr, theme), *size,
               mm(gr.sizes["board_overlap"]))


@pytest.mark.parametrize("theme_name", ["classic", "highcontrast"])
@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_tiled_board_footer_keeps_clear_of_the_header(paper, theme_name):
    theme = load_theme(theme_name)
    pages_seen = notes_seen = 0
    for name, draw, w, h, overlap in _boards(theme):
        data, plan = render_tiled(draw, w, h, bleed=mm(3), paper=get_paper(paper), overlap=overlap,
                                  theme=theme, title=name)
        with pdfplumber.open(io.BytesIO(without_the_drawing(data))) as pdf:
            assert len(pdf.pages) == len(plan.tiles)
            for n, (page, tile) in enumerate(zip(pdf.pages, plan.tiles), 1):
                window = (tile.page_x, page.height - tile.page_y - tile.height, tile.page_x + tile.width,
                          page.height - tile.page_y)
                texts = [t for t, _ in text_lines(page)]
                assert any(t.startswith(name) and "across" in t for t in texts), (name, n, texts)  # the header
                assert any("2 in" in t for t in texts), (name, n)  # the footer
                notes_seen += any("Print at 100" in t for t in texts)
                pages_seen += 1
                assert not overlapping_lines(page, window), (paper, name, n, overlapping_lines(page, window))
    # the printing note still finds room (in the top band, above the header) on these pages
    assert notes_seen == pages_seen

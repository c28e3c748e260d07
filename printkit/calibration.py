"""The duplex alignment test: one sheet printed double-sided to measure how far
a printer shifts the back side, read straight off as ``--back-offset X,Y``.

The front page carries millimetre scales (−5 … +5 mm, ticks every 0.5 mm) at
the centre and near the four corners; the back page carries a hairline pointer
exactly behind each scale's zero.  Held against the light, each pointer falls
on a number: that number (X from the horizontal scales, Y from the vertical
ones) is the ``--back-offset`` that cancels the shift.  The scales are labelled
so no sign juggling is needed: for a long-edge flip the back's x is mirrored,
for a short-edge flip its y, and the labels' direction follows.  Lengths in pt.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printkit.pdf import DUPLEX_HINT

from printkit.marks import draw_footer
from printkit.paper import Paper
from printkit.units import mm

SCALE_MM = 5
SPOTS = ((0.42, 0.5), (0.15, 0.2), (0.7, 0.2), (0.15, 0.8), (0.7, 0.8))  # fractions of the page
Y_GAP = mm(22)  # the Y scale stands this far right of the X scale


def _label(k: int) -> str:
    return "0" if k == 0 else f"{'+' if k > 0 else '−'}{abs(k)}"


def _scales(c, cx: float, cy: float, sx: int, sy: int, ink, muted, body: str, bold: str) -> None:
    """An X scale centred on (cx, cy) and a Y scale centred on (cx + Y_GAP, cy)."""
    c.setStrokeColor(ink)
    c.setLineWidth(0.4)
    c.line(cx - mm(SCALE_MM), cy, cx + mm(SCALE_MM), cy)
    yx = cx + Y_GAP
    c.line(yx, cy - mm(SCALE_MM), yx, cy + mm(SCALE_MM))
    c.setFont(body, 7)
    c.setFillColor(muted)
    for k in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        d = mm(k / 2)
        t = mm(2.4) if k % 2 == 0 else mm(1.2)
        c.line(cx + d, cy, cx + d, cy + t)
        c.line(yx, cy + d, yx - t, cy + d)
        if k % 4 == 0:
            mmv = k // 2
            above = (k // 4) % 2 == 0
            c.drawCentredString(cx + d, cy + mm(3.3) if above else cy - mm(3.2), _label(sx * mmv))
            c.drawString(yx + mm(1.2), cy + d - 2.2, _label(sy * mmv))
    c.setFont(bold, 8)
    c.setFillColor(ink)
    c.drawString(cx + mm(SCALE_MM) + mm(1.5), cy - 2.8, "X")
    c.drawCentredString(yx, cy + mm(SCALE_MM) + mm(1.5), "Y")


def _directions(duplex: str) -> tuple[int, int]:
    """Sign of the front's x and y labels (+1: growing right/up) for ``duplex``.

    A back shifted by s (pt, on the back page) shows on the front at −s in the
    mirrored axis and +s in the other; the label that reads −s there makes the
    reading equal the correcting offset.
    """
    if duplex == "short":
        return -1, 1
    return 1, -1  # long (and none: glued along the long edge)


def duplex_test_pdf(paper: Paper, theme, duplex: str = "long") -> bytes:
    """Two pages (front, back) as PDF bytes for ``paper`` and ``duplex``."""
    sx, sy = _directions(duplex)
    ink, muted, accent = theme.colour("ink"), theme.colour("muted"), theme.colour("accent")
    body, bold, display = theme.font("body"), theme.font("bold"), theme.font("display")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(paper.width, paper.height), invariant=1, initialFontName=body)
    c.setTitle("printkit — duplex alignment test")
    c.setCreator("printkit")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", DUPLEX_HINT[duplex].lstrip("/"))  # the test is printed as the kits will be
    W, H = paper.width, paper.height

    # front: scales
    c.setFont(display, 22)
    c.setFillColor(accent)
    c.drawCentredString(W / 2, H - mm(28), "Duplex alignment test")
    c.setFont(body, 10)
    c.setFillColor(ink)
    flip = {"long": "flip on long edge", "short": "flip on short edge", "none": "single-sided, glue back to back"}[duplex]
    lines = [
        f"Print this sheet double-sided ({flip}) at 100 %, then hold it against a window.",
        "Where each red line of the back crosses a scale, read the number (0.5 mm steps).",
        "Horizontal scales give X, vertical ones Y. Build with:  printkit build … --back-offset X,Y",
    ]
    for i, text in enumerate(lines):
        c.drawCentredString(W / 2, H - mm(38) - i * 14, text)
    for fx, fy in SPOTS:
        _scales(c, W * fx, H * fy, sx, sy, ink, muted, body, bold)
    draw_footer(c, theme, W, "duplex alignment test · front", paper.margin)
    c.showPage()

    # back: pointers behind each zero (mirrored position)
    red = theme.colour("mark") if "mark" in theme.colours else accent
    c.setStrokeColor(red)
    c.setLineWidth(0.5)
    reach = mm(SCALE_MM + 2)
    for fx, fy in SPOTS:
        x, y = W * fx, H * fy
        # behind the X scale's zero: a vertical line; behind the Y scale's zero: a horizontal one
        for (zx, zy), vertical in (((x, y), True), ((x + Y_GAP, y), False)):
            bx, by = (zx, H - zy) if duplex == "short" else (W - zx, zy)
            if vertical:
                c.line(bx, by - reach, bx, by + reach)
            else:
                c.line(bx - reach, by, bx + reach, by)
    c.setFont(body, 9)
    c.setFillColor(muted)
    c.drawCentredString(W / 2, H - mm(28), "Back of the duplex alignment test — hold the sheet against the light")
    draw_footer(c, theme, W, "duplex alignment test · back", paper.margin)
    c.showPage()
    c.save()
    return buf.getvalue()

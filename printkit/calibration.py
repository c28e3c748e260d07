"""The duplex alignment test: one sheet printed double-sided to measure how far
a printer shifts the back side, read straight off as ``--back-offset X,Y``;
whether it prints backs upside down (``--rotate-backs``); and how long it
prints on each axis (``--scale``).

The front page carries millimetre scales (−5 … +5 mm, ticks every 0.5 mm) at
the centre and near the four corners; the back page carries a hairline pointer
exactly behind each scale's zero.  Held against the light, each pointer falls
on a number: that number (X from the horizontal scales, Y from the vertical
ones) is the ``--back-offset`` that cancels the shift.  The scales are labelled
so no sign juggling is needed: for a long-edge flip the back's x is mirrored,
for a short-edge flip its y, and the labels' direction follows.

Upside-down backs: two black "THIS WAY UP" arrows on the front, at
(W/2, :data:`ARROW_AT` × H) and (W/2, (1 − :data:`ARROW_AT`) × H), and a red
arrow behind each on the back, drawn so that it points the same way as the
black one when the printer flips as promised.  A printer that turns backs
upside down (180°) shows each red arrow on the *other* black arrow (the pair
is symmetric about the centre), pointing the opposite way: build with
``--rotate-backs``.  Printed with ``rotate_backs``, the whole back page is
turned 180° about its centre, like a kit's backs pages, so on such a printer
the arrows agree and the scales read as usual — with the labels' directions
of the other flip (see :func:`_directions`).

Scale: a horizontal (X) and a vertical (Y) 50 mm bar; the lengths the user
measures are typed as ``--scale 50.2mm,49.9mm``.  Lengths in pt.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printkit import PrintkitError
from printkit.pdf import DUPLEX_HINT

from printkit.marks import draw_footer
from printkit.paper import Paper
from printkit.units import mm

SCALE_MM = 5
SPOTS = ((0.42, 0.5), (0.15, 0.2), (0.7, 0.2), (0.15, 0.78), (0.7, 0.78))  # fractions of the page
Y_GAP = mm(22)  # the Y scale stands this far right of the X scale
ARROW_AT = 0.36  # the lower "THIS WAY UP" arrow's height, a fraction of the page (the upper one at 1 − this)
ARROW_LEN = mm(16)
BAR = mm(50)  # the scale bars' length


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


def _directions(duplex: str, rotate_backs: bool = False) -> tuple[int, int]:
    """Sign of the front's x and y labels (+1: growing right/up) for ``duplex``.

    A back shifted by s (pt, on the back page) shows on the front at −s in the
    mirrored axis and +s in the other; the label that reads −s there makes the
    reading equal the correcting offset.  With ``rotate_backs`` the back page
    is turned 180° and the printer turns it back: a shift s on the back page
    becomes −s before the flip, so the mirrored axis is the other flip's.
    """
    if rotate_backs:
        duplex = {"long": "short", "short": "long"}.get(duplex, duplex)
    if duplex == "short":
        return -1, 1
    return 1, -1  # long (and none: glued along the long edge)


def _arrow(c, x: float, y: float, up: bool, colour, width: float) -> None:
    """A filled arrow centred on (x, y), :data:`ARROW_LEN` long, pointing up
    (or down)."""
    d = 1 if up else -1
    half = ARROW_LEN / 2
    head = mm(5)
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colour)
    c.setLineWidth(width)
    c.line(x, y - d * half, x, y + d * (half - head * 0.8))
    path = c.beginPath()
    path.moveTo(x, y + d * half)
    path.lineTo(x - mm(2.6), y + d * (half - head))
    path.lineTo(x + mm(2.6), y + d * (half - head))
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def _bar(c, x: float, y: float, vertical: bool, ink, bold: str, name: str) -> None:
    """A 50 mm scale bar from (x, y) to the right (or up), ticks every 10 mm,
    labelled ``name`` — the axis to type first (X) or second (Y) in --scale."""
    c.saveState()
    c.setFillColor(ink)
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    thick = mm(1.6)
    if vertical:
        c.rect(x - thick, y, thick, BAR, stroke=0, fill=1)
        for k in range(6):
            c.line(x - thick, y + mm(10) * k, x + mm(1.2), y + mm(10) * k)
        c.setFont(bold, 8)
        c.translate(x + mm(3.2), y + BAR / 2)
        c.rotate(90)
        c.drawCentredString(0, 0, f"{name} · 50 mm")
    else:
        c.rect(x, y, BAR, thick, stroke=0, fill=1)
        for k in range(6):
            c.line(x + mm(10) * k, y - mm(1.2), x + mm(10) * k, y + thick)
        c.setFont(bold, 8)
        c.drawCentredString(x + BAR / 2, y - mm(4.4), f"{name} · 50 mm")
    c.restoreState()


def duplex_test_pdf(paper: Paper, theme, duplex: str = "long", *, rotate_backs: bool = False) -> bytes:
    """Two pages (front, back) as PDF bytes for ``paper`` and ``duplex``;
    with ``rotate_backs`` the back page is turned 180° (see the module
    docstring).  Raises :class:`printkit.PrintkitError` for ``rotate_backs``
    with duplex ``none``."""
    if rotate_backs and duplex == "none":
        raise PrintkitError("rotate_backs needs duplex 'long' or 'short'")
    sx, sy = _directions(duplex, rotate_backs)
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
    how = (f"Print this sheet double-sided (flip on {duplex} edge) at 100 %, then hold it against a window."
           if duplex in ("long", "short") else
           "Print both pages single-sided at 100 %, glue them back to back, then hold the sheet against a window.")
    lines = [
        how,
        "Where each red line of the back crosses a scale, read the number (0.5 mm steps).",
        "Horizontal scales give X, vertical ones Y. Build with:  printkit build … --back-offset X,Y",
    ]
    for i, text in enumerate(lines):
        c.drawCentredString(W / 2, H - mm(38) - i * 14, text)
    for fx, fy in SPOTS:
        _scales(c, W * fx, H * fy, sx, sy, ink, muted, body, bold)
    for fy in (ARROW_AT, 1 - ARROW_AT):
        _arrow(c, W / 2, H * fy, True, ink, 1.2)
        c.setFont(bold, 8)
        c.setFillColor(ink)
        c.drawString(W / 2 + mm(4), H * fy - 2.8, "THIS WAY UP")
    _bar(c, W / 2 - BAR / 2, H * (1 - ARROW_AT) + ARROW_LEN / 2 + mm(9), False, ink, bold, "X")
    _bar(c, W * 0.8, H / 2 - BAR / 2, True, ink, bold, "Y")
    c.setFont(body, 9)
    c.setFillColor(ink)
    notes = [
        "Upside down? Each red arrow of the back should lie on a black arrow, pointing the same way. If it",
        "points the other way, your printer turns backs upside down: use --rotate-backs (this test too).",
        "Scale: measure the X and Y bars on a sheet printed at 100 %. If they read, say, 50.2 mm and 49.9 mm,",
        "build with  --scale 50.2mm,49.9mm  (printed again with it, both bars then measure 50 mm).",
    ]
    for i, text in enumerate(notes):
        c.drawCentredString(W / 2, H * SPOTS[1][1] - mm(14) - i * 12, text)
    draw_footer(c, theme, W, H, "duplex alignment test · front", paper.margin)
    c.showPage()

    # back: pointers behind each zero (mirrored position)
    red = theme.colour("mark") if "mark" in theme.colours else accent
    if rotate_backs:  # the whole back page turned 180° about its centre, as a kit's backs pages
        c.translate(W, H)
        c.rotate(180)
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
    for fy in (ARROW_AT, 1 - ARROW_AT):  # behind each black arrow, pointing its way once flipped
        ax, ay = (W / 2, H - H * fy) if duplex == "short" else (W - W / 2, H * fy)
        _arrow(c, ax, ay, duplex != "short", red, 1.2)
    c.setFont(body, 9)
    c.setFillColor(muted)
    c.drawCentredString(W / 2, H - mm(28), "Back of the duplex alignment test — hold the sheet against the light")
    turned = " (turned 180°: --rotate-backs)" if rotate_backs else ""
    draw_footer(c, theme, W, H, f"duplex alignment test · back{turned}", paper.margin)
    c.showPage()
    c.save()
    return buf.getvalue()

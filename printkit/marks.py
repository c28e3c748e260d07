"""Printer's marks: crop marks, cut lines, scale bars and the page label.

All lengths in points.  Crop marks are hairlines (0.25 pt) drawn only outside
the art: on a grid they run from just outside the outermost bleed edge to the
sheet edge, along every trim line, so cutting one strip never removes the
marks needed for the next cut.  Round tokens get a circle cut line on their
trim circle; hexagons get their hexagon outline.
"""

from __future__ import annotations

from printkit.imposition import FOOTER, Placement
from printkit.units import PT_PER_IN, mm

HAIRLINE = 0.25
#: Gap (pt) between the outermost bleed edge and the start of a crop mark.
MARK_GAP = mm(1.5)


def trim_lines(placements: list[Placement]) -> tuple[list[float], list[float]]:
    """Distinct x (vertical) and y (horizontal) trim lines of ``placements``, pt."""
    xs = sorted({round(v, 3) for p in placements for v in (p.x, p.x + p.component.width)})
    ys = sorted({round(v, 3) for p in placements for v in (p.y, p.y + p.component.height)})
    return xs, ys


def art_bounds(placements: list[Placement]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in pt of the union of the pieces' visible art."""
    boxes = [p.art_box for p in placements]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def draw_crop_marks(c, placements: list[Placement], page_w: float, page_h: float, colour) -> list[tuple]:
    """Draw crop marks for rectangular pieces; return the segments drawn.

    Each segment is ``(x0, y0, x1, y1)`` in pt: vertical marks at every
    trim x from the page edge to ``MARK_GAP`` outside the art, above and
    below; horizontal marks likewise left and right.
    """
    if not placements:
        return []
    xs, ys = trim_lines(placements)
    ax0, ay0, ax1, ay1 = art_bounds(placements)
    segs: list[tuple] = []
    for x in xs:
        segs.append((x, 0.0, x, ay0 - MARK_GAP))
        segs.append((x, ay1 + MARK_GAP, x, page_h))
    for y in ys:
        segs.append((0.0, y, ax0 - MARK_GAP, y))
        segs.append((ax1 + MARK_GAP, y, page_w, y))
    segs = [s for s in segs if (s[2] - s[0]) + (s[3] - s[1]) > 0]
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(HAIRLINE)
    for x0, y0, x1, y1 in segs:
        c.line(x0, y0, x1, y1)
    c.restoreState()
    return segs


def hexagon_points(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon inscribed in the box (x, y, w, h), pt.

    For a regular hexagon, ``h = w / cos 30°``.
    """
    cx = x + w / 2
    return [
        (cx, y + h), (x + w, y + h * 0.75), (x + w, y + h * 0.25),
        (cx, y), (x, y + h * 0.25), (x, y + h * 0.75),
    ]


def polygon_path(c, pts: list[tuple[float, float]]):
    """A closed reportlab path through ``pts`` (pt), for drawing or clipping."""
    path = c.beginPath()
    path.moveTo(*pts[0])
    for pt in pts[1:]:
        path.lineTo(*pt)
    path.close()
    return path


def draw_cut_lines(c, placements: list[Placement], colour) -> None:
    """Draw circle (tokens) or hexagon (tiles) cut lines on the trim shape."""
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(HAIRLINE)
    for p in placements:
        w, h = p.component.width, p.component.height
        if p.component.shape == "circle":
            c.circle(p.x + w / 2, p.y + h / 2, w / 2, stroke=1, fill=0)
        elif p.component.shape == "hex":
            c.drawPath(polygon_path(c, hexagon_points(p.x, p.y, w, h)), stroke=1, fill=0)
    c.restoreState()


def draw_footer(c, theme, page_w: float, label: str, margin: float) -> dict[str, tuple[float, float, float, float]]:
    """Draw the 50 mm and 2 in scale bars and the page label in the footer band.

    Returns the bars' rectangles in pt: ``{"50mm": (x, y, w, h), "2in": …}``.
    Each element sits on a paper-coloured backing so crop marks pass behind it.
    """
    body = theme.font("body")
    bold = theme.font("bold")
    ink = theme.colour("ink")
    y = margin + mm(3.6)
    bar_h = mm(1.6)
    x = margin + mm(4)
    bars = {}
    c.saveState()
    for name, length, ticks, text in (
        ("50mm", mm(50), [mm(10) * i for i in range(6)], "50 mm"),
        ("2in", 2 * PT_PER_IN, [PT_PER_IN / 2 * i for i in range(5)], "2 in"),
    ):
        label_w = c.stringWidth(text, bold, 7)
        c.setFillColor(theme.colour("paper"))
        c.rect(x - mm(1), margin, length + label_w + mm(4), FOOTER - mm(1), stroke=0, fill=1)
        c.setFillColor(ink)
        c.rect(x, y, length, bar_h, stroke=0, fill=1)
        c.setStrokeColor(ink)
        c.setLineWidth(0.5)
        for t in ticks:
            c.line(x + t, y - mm(1.2), x + t, y + bar_h)
        c.setFont(bold, 7)
        c.drawString(x + length + mm(1.5), y - 0.5, text)
        bars[name] = (x, y, length, bar_h)
        x += length + label_w + mm(8)
    note = "Print at 100 % (actual size). Check the bars before cutting."
    c.setFont(body, 7)
    c.setFillColor(theme.colour("paper"))
    nw = c.stringWidth(note, body, 7)
    c.rect(x - mm(1), margin, nw + mm(2), FOOTER - mm(1), stroke=0, fill=1)
    c.setFillColor(theme.colour("muted"))
    c.drawString(x, y - 0.5, note)
    lw = c.stringWidth(label, body, 7)
    c.setFillColor(theme.colour("paper"))
    c.rect(page_w - margin - lw - mm(1), y - mm(3.6), lw + mm(2), mm(2.8), stroke=0, fill=1)
    c.setFillColor(theme.colour("muted"))
    c.drawRightString(page_w - margin, y - mm(3), label)
    c.restoreState()
    return bars

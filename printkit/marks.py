"""Printer's marks: crop marks, cut lines, scale bars and the page label.

All lengths in points.  Crop marks are hairlines (0.25 pt) drawn only outside
the art: on a grid they run from just outside the outermost bleed edge to the
sheet edge, along every trim line, so cutting one strip never removes the
marks needed for the next cut.  Round tokens get a circle cut line on their
trim circle; hexagons get their hexagon outline.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.imposition import FOOTER_CLEAR, FOOTER_STRIP, Placement
from printkit.units import PT_PER_IN, mm

HAIRLINE = 0.25
#: Width (pt) of the paper-coloured halo under a crop mark, so a mark over dark
#: bleed art stays visible.
HALO = 1.25
#: Gap (pt) between the end of a crop mark and the nearest trim line.
MARK_GAP = mm(1)
#: Smallest gap (pt), used when the pieces leave little room outside the printable margin.
MIN_GAP = mm(0.3)
#: Visible mark length (pt) aimed for inside the printable area, and the least accepted.
MARK_AIM = mm(2)
MARK_MIN = mm(1)
#: Mark length (pt) kept past the printable margin where the footer sits above the marks.
MARK_ZONE = mm(2.2)
#: Half the space (pt) between the two bands' marks in the gutter between them.
GUTTER_CLEAR = mm(0.5)
#: Clearance (pt) between footer items and art, trim lines or marks.
CLEAR = FOOTER_CLEAR


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


def trim_bounds(placements: list[Placement]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in pt of the union of the pieces' trims."""
    return (min(p.x for p in placements), min(p.y for p in placements),
            max(p.x + p.component.width for p in placements), max(p.y + p.component.height for p in placements))


def mark_gap(room: float) -> float:
    """The gap (pt) between a mark's end and its trim line when the trim lies
    ``room`` pt inside the printable margin: :data:`MARK_GAP` when that
    leaves :data:`MARK_AIM` of visible mark, less (down to :data:`MIN_GAP`)
    when the pieces fill the sheet."""
    return max(MIN_GAP, min(MARK_GAP, room - MARK_AIM))


def bands(placements: list[Placement]) -> list[list[Placement]]:
    """``placements`` split by piece size and shape (an imposed sheet holds one
    grid, or two stacked bands: :func:`printkit.imposition.impose`), the
    highest band first."""
    found: dict[tuple, list[Placement]] = {}
    for p in placements:
        key = (round(p.component.width, 3), round(p.component.height, 3), p.component.shape)
        found.setdefault(key, []).append(p)
    return sorted(found.values(), key=lambda band: -max(p.y + p.component.height for p in band))


def crop_mark_segments(placements: list[Placement], page_w: float, page_h: float, margin: float,
                       stops: dict[str, float] | None = None) -> list[tuple[float, float, float, float]]:
    """Crop marks for the rectangular pieces among ``placements``: (x0, y0,
    x1, y1) segments in pt.

    Every trim line gets a mark at both ends, from the sheet edge towards
    the pieces, through the outer bleed (it is cut away), ending
    :func:`mark_gap` short of the outermost trim — never inside a trim.
    On a sheet of two stacked bands (:func:`bands`) no mark runs past the
    other band: each band's vertical trim lines are marked from its own sheet
    edge (the upper band's from the top, the lower band's from the bottom) and
    from the middle of the gutter between the bands
    (:data:`printkit.imposition.BAND_GUTTER`), through its bleed, to
    :data:`MARK_GAP` short of its trim.  Round and hexagonal pieces get cut
    lines instead (:func:`draw_cut_lines`).
    ``stops``: side (``"bottom"``, ``"top"``, ``"left"``, ``"right"``) → the
    distance from that sheet edge where that side's marks end instead (a
    footer sits beyond it).
    """
    found = bands(placements)
    if len(found) == 2:
        mid = (art_bounds(found[0])[1] + art_bounds(found[1])[3]) / 2
    segs: list[tuple[float, float, float, float]] = []
    for i, band in enumerate(found):
        if band[0].component.shape != "rect":
            continue
        xs, ys = trim_lines(band)
        if len(found) == 1:
            segs += mark_segments(xs, ys, trim_bounds(band), page_w, page_h, margin, stops)
            continue
        segs += mark_segments(xs, ys, trim_bounds(band), page_w, page_h, margin, stops,
                              (("top",) if i == 0 else ("bottom",)) + ("left", "right"))
        _, ty0, _, ty1 = trim_bounds(band)
        segs += [(x, mid + GUTTER_CLEAR, x, ty0 - MARK_GAP) if i == 0 else (x, ty1 + MARK_GAP, x, mid - GUTTER_CLEAR)
                 for x in xs]
    return segs


def mark_segments(xs: list[float], ys: list[float], trims: tuple[float, float, float, float], page_w: float,
                  page_h: float, margin: float, stops: dict[str, float] | None = None,
                  sides: tuple[str, ...] = ("bottom", "top", "left", "right")) -> list[tuple[float, float, float, float]]:
    """Crop-mark segments (pt) for vertical trim lines ``xs`` and horizontal
    ``ys`` whose outermost trims are ``trims`` (x0, y0, x1, y1): on each of
    ``sides`` (a board tile shows only the ends of the board that fall on
    it), from the sheet edge to :func:`mark_gap` short of that trim, or to
    ``stops[side]`` from the edge when that is shorter."""
    stops = stops or {}
    tx0, ty0, tx1, ty1 = trims
    ends = {"bottom": ty0 - mark_gap(ty0 - margin), "top": page_h - (ty1 + mark_gap(page_h - ty1 - margin)),
            "left": tx0 - mark_gap(tx0 - margin), "right": page_w - (tx1 + mark_gap(page_w - tx1 - margin))}
    ends.update({side: min(ends[side], v) for side, v in stops.items()})
    segs: list[tuple[float, float, float, float]] = []
    for x in xs:
        if "bottom" in sides:
            segs.append((x, 0.0, x, ends["bottom"]))
        if "top" in sides:
            segs.append((x, page_h - ends["top"], x, page_h))
    for y in ys:
        if "left" in sides:
            segs.append((0.0, y, ends["left"], y))
        if "right" in sides:
            segs.append((page_w - ends["right"], y, page_w, y))
    return [s for s in segs if (s[2] - s[0]) + (s[3] - s[1]) > 0]


def visible_length(seg: tuple[float, float, float, float], page_w: float, page_h: float, margin: float) -> float:
    """Length (pt) of a mark segment inside the printable area (``margin``
    from every sheet edge)."""
    x0, y0, x1, y1 = seg
    if x0 == x1:
        lo, hi = max(y0, margin), min(y1, page_h - margin)
    else:
        lo, hi = max(x0, margin), min(x1, page_w - margin)
    return max(0.0, hi - lo)


def draw_segments(c, segs: list[tuple[float, float, float, float]], colour, halo) -> None:
    """Stroke crop-mark segments as hairlines over a ``halo``-coloured line
    (:data:`HALO` wide), so they show on dark bleed."""
    c.saveState()
    c.setLineCap(0)
    for width, col in ((HALO, halo), (HAIRLINE, colour)):
        c.setStrokeColor(col)
        c.setLineWidth(width)
        for x0, y0, x1, y1 in segs:
            c.line(x0, y0, x1, y1)
    c.restoreState()


def clip_segments(segs: list[tuple[float, float, float, float]], keep_clear, pad: float = 0.0
                  ) -> list[tuple[float, float, float, float]]:
    """Axis-aligned ``segs`` (pt) with every part inside a ``keep_clear``
    rectangle (x0, y0, x1, y1, pt) grown by ``pad`` removed: a segment
    crossing a rectangle is split in two, one inside it is dropped."""
    out = []
    for seg in segs:
        x0, y0, x1, y1 = seg
        vertical = x0 == x1
        pieces = [(y0, y1) if vertical else (x0, x1)]
        for rx0, ry0, rx1, ry1 in keep_clear:
            rx0, ry0, rx1, ry1 = rx0 - pad, ry0 - pad, rx1 + pad, ry1 + pad
            across, (lo, hi) = (x0, (ry0, ry1)) if vertical else (y0, (rx0, rx1))
            if not ((rx0 < across < rx1) if vertical else (ry0 < across < ry1)):
                continue
            cut = []
            for a, b in pieces:
                if lo > a:
                    cut.append((a, min(b, lo)))
                if hi < b:
                    cut.append((max(a, hi), b))
            pieces = [(a, b) for a, b in cut if b - a > 1e-6]
        out += [(x0, a, x1, b) if vertical else (a, y0, b, y1) for a, b in pieces]
    return out


def draw_crop_marks(c, placements: list[Placement], page_w: float, page_h: float, colour, margin: float,
                    halo, stops: dict[str, float] | None = None, keep_clear=()) -> list[tuple]:
    """Draw :func:`crop_mark_segments` (pt) over a ``halo``-coloured line and
    return them; parts inside a ``keep_clear`` rectangle (x0, y0, x1, y1,
    pt: a cutting machine's registration zone) and the halo's width around
    it are left out (:func:`clip_segments`)."""
    segs = crop_mark_segments(placements, page_w, page_h, margin, stops)
    if keep_clear:
        segs = clip_segments(segs, keep_clear, HALO / 2)
    draw_segments(c, segs, colour, halo)
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
    """Draw circle (tokens) or hexagon (tiles) cut lines on the trim shape
    (rectangles among ``placements`` get crop marks instead)."""
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


#: Height (pt) of a footer strip: scale bars with their ticks, or one 7 pt line.
FOOTER_H = FOOTER_STRIP
#: Space (pt) between footer items in one strip.
ITEM_SPACE = mm(4)
NOTE = "Print at 100 % (actual size); check the bars."
_SIDES = ("bottom", "top", "right", "left")


@dataclass(frozen=True)
class FooterItem:
    """One thing the footer prints: ``kind`` ``"bar50"``, ``"bar2in"``,
    ``"label"`` or ``"note"``; ``length`` along its strip (pt); ``text``."""

    kind: str
    length: float
    text: str
    required: bool = True


@dataclass(frozen=True)
class PlacedItem:
    """A footer item on the sheet: its ``side`` band, where its strip starts
    across the band (``depth``: pt from that sheet edge) and where the item
    starts along it (``along``: pt; x for bottom/top, y for left/right)."""

    item: FooterItem
    side: str
    depth: float
    along: float

    def box(self, page_w: float, page_h: float) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in pt of the item's strip segment on the page."""
        a0, a1, d0, d1 = self.along, self.along + self.item.length, self.depth, self.depth + FOOTER_H
        return {"bottom": (a0, d0, a1, d1), "top": (a0, page_h - d1, a1, page_h - d0),
                "left": (d0, a0, d1, a1), "right": (page_w - d1, a0, page_w - d0, a1)}[self.side]


@dataclass
class FooterPlan:
    """Where the footer goes on one sheet: ``placed`` items, the sides whose
    crop marks stop short (``stops``: side → pt from that edge) so the
    footer sits beyond them, and the ``missing`` required items."""

    placed: list[PlacedItem]
    stops: dict[str, float]
    missing: list[str]


def footer_items(c, theme, label: str) -> list[FooterItem]:
    """The footer's items for a sheet labelled ``label``: the 50 mm and
    2 in scale bars, the page label and the printing note."""
    bold, body = theme.font("bold"), theme.font("body")
    return [
        FooterItem("bar50", mm(50) + mm(1.5) + c.stringWidth("50 mm", bold, 7), "50 mm"),
        FooterItem("bar2in", 2 * PT_PER_IN + mm(1.5) + c.stringWidth("2 in", bold, 7), "2 in"),
        FooterItem("label", c.stringWidth(label, body, 7), label),
        FooterItem("note", c.stringWidth(NOTE, body, 7), NOTE, required=False),
    ]


def plan_footer(items: list[FooterItem], page_w: float, page_h: float, margin: float,
                placements: list[Placement] | None = None, *, marks: bool = True,
                art: tuple[float, float, float, float] | None = None,
                lines: tuple[list[float], list[float]] | None = None, keep_clear=()) -> FooterPlan:
    """Place the footer ``items`` inside the printable area (``margin`` pt
    from every edge), never on the art, a trim line or a crop mark.

    Each sheet side is a band between the printable margin and the art.
    Tried in turn: the bottom band *stacked* (that side's crop marks stop
    :data:`MARK_ZONE` past the margin and the strip sits beyond them), the
    top band between the vertical trim lines, the top band stacked, the
    bottom band between trim lines, then the right and left bands (rotated
    strips) between the horizontal trim lines or stacked.  With no
    ``placements`` (and no ``art``) only the bottom band is used; ``marks``: the pieces get crop marks (else the footer only keeps off
    the art).  Pages that are not imposed (a board tile) give their ``art``
    box and the crop-mark ``lines`` (xs, ys) instead of ``placements``.  Items are placed in the order
    given, each in the first mode with room; when a required one finds none, they are placed again
    longest first (required before optional) and that plan is kept if it leaves fewer required items
    out (it may leave more optional ones out: a required item is never traded for them).  Optional
    items that fit nowhere are left out; required ones are listed in ``missing``.
    ``keep_clear``: rectangles (x0, y0, x1, y1, pt) no item may touch
    (a cutting machine's registration zones), kept :data:`CLEAR` away.
    """
    placements = placements or []
    if placements or art is not None:
        ax0, ay0, ax1, ay1 = art if art is not None else art_bounds(placements)
        xs, ys = lines if lines is not None else (trim_lines(placements) if marks else ([], []))
        depth = {"bottom": ay0, "top": page_h - ay1, "left": ax0, "right": page_w - ax1}
    else:
        xs, ys = [], []
        depth = {"bottom": margin + FOOTER_H + 2 * CLEAR, "top": margin, "left": margin,
                 "right": margin}
    length = {"bottom": page_w, "top": page_w, "left": page_h, "right": page_h}
    crossing = {"bottom": xs, "top": xs, "left": ys, "right": ys}
    modes = [("bottom", True), ("top", False), ("top", True), ("bottom", False),
             ("right", False), ("left", False), ("right", True), ("left", True)]
    # free intervals per (side, stacked): [start, end] along the band, and the strip's depth
    room: dict[tuple[str, bool], tuple[float, list[list[float]]]] = {}
    for side, stacked in modes:
        lo = margin + (MARK_ZONE + CLEAR if stacked and crossing[side] else 0.0)
        if not placements and art is None:
            lo = margin + CLEAR
        hi = depth[side] - CLEAR
        if hi - lo < FOOTER_H - 1e-9:  # (an empty page's band is exactly FOOTER_H deep)
            continue
        spans = [[margin, length[side] - margin]]
        if not stacked:
            for t in crossing[side]:
                cut = []
                for a, b in spans:
                    if t - CLEAR > a:
                        cut.append([a, min(b, t - CLEAR)])
                    if t + CLEAR < b:
                        cut.append([max(a, t + CLEAR), b])
                spans = [sp for sp in cut if sp[1] > sp[0]]
        for zx0, zy0, zx1, zy1 in keep_clear:
            # the zone's extent across the band (from this edge) and along it
            across = {"bottom": (zy0, zy1), "top": (page_h - zy1, page_h - zy0),
                      "left": (zx0, zx1), "right": (page_w - zx1, page_w - zx0)}[side]
            if across[1] <= lo - CLEAR or across[0] >= lo + FOOTER_H + CLEAR:
                continue
            a0, a1 = ((zx0, zx1) if side in ("bottom", "top") else (zy0, zy1))
            cut = []
            for a, b in spans:
                if a0 - CLEAR > a:
                    cut.append([a, min(b, a0 - CLEAR)])
                if a1 + CLEAR < b:
                    cut.append([max(a, a1 + CLEAR), b])
            spans = [sp for sp in cut if sp[1] > sp[0]]
        room[side, stacked] = (lo, spans)

    def place(order: list[FooterItem]) -> FooterPlan:
        """The items placed in ``order``, each in the first mode with room."""
        free = {key: (strip, [list(sp) for sp in spans]) for key, (strip, spans) in room.items()}
        placed: list[PlacedItem] = []
        stops: dict[str, float] = {}
        missing: list[str] = []
        used: set[tuple[str, bool]] = set()
        for item in order:
            for key in modes:
                if key not in free or (key[0], not key[1]) in used:  # one mode per side
                    continue
                strip, spans = free[key]
                span = next((sp for sp in spans if sp[1] - sp[0] >= item.length), None)
                if span is None:
                    continue
                placed.append(PlacedItem(item, key[0], strip, span[0]))
                span[0] += item.length + ITEM_SPACE
                used.add(key)
                if key[1] and crossing[key[0]]:
                    stops[key[0]] = margin + MARK_ZONE
                break
            else:
                if item.required:
                    missing.append(item.kind)
        return FooterPlan(placed, stops, missing)

    plan = place(items)
    if plan.missing:  # a required item left out: the longest placed first may fit them all
        again = place(sorted(items, key=lambda it: (not it.required, -it.length)))
        if len(again.missing) < len(plan.missing):
            plan = again
    return plan


def draw_footer_plan(c, theme, plan: FooterPlan, page_w: float, page_h: float) -> dict[str, tuple]:
    """Draw a :class:`FooterPlan`; return the scale bars' rectangles in pt
    (``{"50mm": (x, y, w, h), …}``, unrotated bars only)."""
    body, bold = theme.font("body"), theme.font("bold")
    ink, muted = theme.colour("ink"), theme.colour("muted")
    bars: dict[str, tuple] = {}
    for p in plan.placed:
        c.saveState()
        if p.side == "bottom":
            c.translate(p.along, p.depth)
        elif p.side == "top":
            c.translate(p.along, page_h - p.depth - FOOTER_H)
        else:  # rotated strip reading upwards; its local y = 0 edge faces the art's far side
            x = page_w - p.depth if p.side == "right" else p.depth + FOOTER_H
            c.translate(x, p.along)
            c.rotate(90)
        item = p.item
        if item.kind in ("bar50", "bar2in"):
            length = mm(50) if item.kind == "bar50" else 2 * PT_PER_IN
            ticks = [mm(10) * i for i in range(6)] if item.kind == "bar50" else [PT_PER_IN / 2 * i for i in range(5)]
            y, h = mm(1.8), mm(1.4)
            c.setFillColor(ink)
            c.rect(0, y, length, h, stroke=0, fill=1)
            c.setStrokeColor(ink)
            c.setLineWidth(0.5)
            for t in ticks:
                c.line(t, mm(0.8), t, y + h)
            c.setFont(bold, 7)
            c.drawString(length + mm(1.5), mm(0.9), item.text)
            if p.side in ("bottom", "top"):
                x0, y0 = (p.along, p.depth) if p.side == "bottom" else (p.along, page_h - p.depth - FOOTER_H)
                bars["50mm" if item.kind == "bar50" else "2in"] = (x0, y0 + y, length, h)
        else:
            c.setFillColor(muted)
            c.setFont(body, 7)
            c.drawString(0, mm(0.9), item.text)
        c.restoreState()
    return bars


def draw_footer(c, theme, page_w: float, page_h: float, label: str, margin: float) -> dict[str, tuple]:
    """Draw the footer (scale bars, page label, printing note) of a page
    without pieces (the duplex test) in its bottom band, ``margin`` pt
    inside the sheet edge.  Returns the bars' rectangles in pt:
    ``{"50mm": (x, y, w, h), …}``.
    """
    plan = plan_footer(footer_items(c, theme, label), page_w, page_h, margin)
    return draw_footer_plan(c, theme, plan, page_w, page_h)

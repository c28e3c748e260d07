"""The ArchéoTREK Dig Site player sheet, drawn in code.

Two layers:

* :class:`SheetGeometry` — pure layout, computed from ``(rules, width,
  height)``: where every circle, link, Choices box, name line, score box and
  Digging Areas row sits.  All positions are **points** in the face's **trim
  coordinates** (origin at the sheet's bottom-left, y up), the same space a
  :class:`printkit.model.Face` draws in, so form fields can be laid over them.
* :func:`sheet_face` — a :class:`printkit.model.Face` that draws the sheet from
  its geometry, taking every colour and font from the theme and every printed
  number from the rules.

Every writable place of the sheet is a public attribute of the geometry:
:attr:`SheetGeometry.name_rect`, each :class:`CircleSpot` (``centre``,
``radius``, ``letter_rect``), each :class:`ChoiceBox`, each :class:`AreaRow`'s
``tokens_rect`` and the four :attr:`SheetGeometry.score` boxes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from reportlab.pdfbase import pdfmetrics

from printkit.gamekit import (
    LARGE_PRINT_PT,
    Face,
    FaceBox,
    PrintkitError,
    fit_lines,
    fit_size,
    icons,
    mm,
)
from printkit.games.archeotrek import art
from printkit.games.archeotrek.data import LETTER_BOX_GAP, LETTER_BOX_H, LETTER_BOX_W, ArcheoTrekRules

GAME = "archeotrek"

#: Score boxes, left to right, as (key, caption): Bones + Skeletons − Empty-Handed = Total.
SCORE_BOXES = (
    ("bones", "Bones"),
    ("skeletons", "Skeletons"),
    ("empty_handed", "Empty-Handed"),
    ("total", "Total"),
)

#: Smallest sheet (pt) the layout supports: the Dig Site shrinks, text does not.
MIN_WIDTH = mm(120)
MIN_HEIGHT = mm(170)

# type sizes (pt); nothing on the sheet is set below 7 pt
_TITLE_PT = 22.0
_SUBTITLE_PT = 9.5
_HEADING_PT = 9.0
_LABEL_PT = 8.5
_SMALL_PT = 8.0
_CIRCLE_LABEL_PT = 8.0
_KEY_PT = 22.0



class _Type(NamedTuple):
    """Type sizes (pt) of one sheet: the designed ones, or the large-print ones."""

    subtitle: float
    heading: float
    label: float
    small: float
    circle_label: float
    legend_title: float


_CLASSIC = _Type(_SUBTITLE_PT, _HEADING_PT, _LABEL_PT, _SMALL_PT, _CIRCLE_LABEL_PT, _SMALL_PT + 0.5)
_LARGE = _Type(*(max(v, LARGE_PRINT_PT) for v in _CLASSIC))

# large-print layout (mm): where the 11 pt type needs more room than the designed sheet gives
_LARGE_BOTTOM_H = 102.0     # bottom block (Choices, Dig, Digging Areas, score): 6 mm more
_LARGE_LABEL_W = 20.5       # Choices line labels ("High − low" at 11 pt is 17.4 mm)
_LARGE_LEGEND = (40.0, 27.0)  # Special Circles key: 6.4 mm badges, short captions at 11 pt
_LARGE_LEGEND_BADGE = 6.4   # its badges: the letter (0.62 × diameter) is 11.2 pt
_LARGE_LEGEND_ROW = 9.0     # the key as a row in the Dig panel: a 6.4 mm badge and the space under it
_LARGE_SCORE_H = 33.0       # score panel: room for a caption set on two lines ("Empty-" / "Handed")


#: The Choices table's label column (mm), in front of the boxes.
_LABEL_W = 17.0
#: Smallest type of a Choices label fitted to its column: the sheet's least (7 pt).
_LABEL_LEAST_PT = 7.0


def choice_label_fit(label: str, font: str, large: bool) -> tuple[float, list[str]] | None:
    """A Choices line's label fitted to its column (:data:`_LABEL_W`,
    :data:`_LARGE_LABEL_W` in large print): (size in pt, one or two lines)
    at the sheet's label size on one line, else on two, else at the largest
    size down to 7 pt (11 pt in large print) on one line, then two
    (:func:`printkit.gamekit.fit_lines`) — or ``None`` when even two lines
    at the least size are wider.  ``font``:
    the theme's semibold face, registered with reportlab."""
    ty = _LARGE if large else _CLASSIC
    width = mm(_LARGE_LABEL_W if large else _LABEL_W)
    for least in (ty.label, LARGE_PRINT_PT if large else _LABEL_LEAST_PT):  # two lines before a smaller size
        size, lines = fit_lines(label, font, ty.label, width, least, max_lines=2, step=0.25)
        if len(lines) <= 2 and all(pdfmetrics.stringWidth(ln, font, size) <= width for ln in lines):
            return size, lines
    return None


def choice_label_problem(rules: ArcheoTrekRules, theme) -> str | None:
    """``None``, or why a Choices label of ``rules`` cannot print on the
    Dig Site sheet in ``theme``: wider than its column on two lines at the
    least size (:func:`choice_label_fit`); the message names the key."""
    font, large = theme.font("semibold"), bool(theme.large_print)
    for key, label in rules.choice_labels.items():
        if choice_label_fit(label, font, large) is None:
            least = LARGE_PRINT_PT if large else _LABEL_LEAST_PT
            return (f"choices.labels.{key} = {label!r}: does not fit the Choices table's "
                    f"{_LARGE_LABEL_W if large else _LABEL_W:g} mm label column on two lines at {least:g} pt "
                    f"in the theme {theme.name!r}; shorten it")
    return None


class Rect(NamedTuple):
    """An axis-aligned rectangle in pt: bottom-left ``(x, y)``, size ``(w, h)``."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        """Right edge (pt)."""
        return self.x + self.w

    @property
    def y1(self) -> float:
        """Top edge (pt)."""
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        """Centre point (pt)."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def inset(self, dx: float, dy: float | None = None) -> "Rect":
        """This rectangle shrunk by ``dx`` left/right and ``dy`` (default ``dx``) top/bottom."""
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def overlaps(self, other: "Rect") -> bool:
        """True when the two rectangles share interior area (more than 0.001 pt)."""
        e = 1e-3
        return (self.x < other.x1 - e and other.x < self.x1 - e
                and self.y < other.y1 - e and other.y < self.y1 - e)


@dataclass(frozen=True)
class CircleSpot:
    """One Dig Site circle on the sheet.

    ``centre``: (x, y) pt; ``radius``: pt; ``kind``: "normal", "red", "yellow"
    or "plus"; ``letter_rect``: the small box under the circle where the player
    writes the letter of the Digging Area it belongs to; ``badge``: centre and
    diameter (pt) of a Special Circle's badge, ``None`` for normal circles.
    """

    id: str
    kind: str
    centre: tuple[float, float]
    radius: float
    letter_rect: Rect
    badge: tuple[float, float, float] | None = None

    @property
    def bounds(self) -> Rect:
        """The circle's bounding square (pt)."""
        x, y = self.centre
        return Rect(x - self.radius, y - self.radius, 2 * self.radius, 2 * self.radius)


@dataclass(frozen=True)
class ChoiceBox:
    """One tickable box of the Choices table: ``line`` (e.g. "sum"), 0-based
    ``index`` (ticked left to right) and its ``rect`` (pt)."""

    line: str
    index: int
    rect: Rect


@dataclass(frozen=True)
class ChoiceLine:
    """One line of the Choices table: its ``line`` key, printed ``label``,
    the ``icon_rect`` and ``label_rect`` (pt) in front of its boxes."""

    line: str
    label: str
    icon_rect: Rect
    label_rect: Rect


@dataclass(frozen=True)
class AreaRow:
    """One row of the Digging Areas table: the printed area ``letter`` in
    ``letter_rect`` and the writable ``tokens_rect`` for the Bone tokens kept (pt)."""

    letter: str
    letter_rect: Rect
    tokens_rect: Rect


@dataclass(frozen=True)
class SheetGeometry:
    """Layout of one Dig Site sheet; every length in pt, trim coordinates
    (origin bottom-left, y up).

    ``width``/``height``: the sheet; ``margin``: blank border kept free of
    text and art; ``scale``: Dig Site drawing scale (1.0 = the rules' mm);
    panels (``header``, ``site_panel``, ``choices_panel``, ``dig_panel``,
    ``areas_panel``, ``score_panel``) are the framed blocks; ``name_rect``:
    the player-name line (writable); ``circles``: circle id → :class:`CircleSpot`
    in rules order; ``links``: segment end points ``((x0, y0), (x1, y1))``
    running between the edges of two linked circles; ``site_legend``: a free
    corner of the Dig Site holding the Special Circles legend (``None``: the
    legend goes in the Dig panel instead); ``choice_lines`` and
    ``choices`` (all boxes, line by line, left to right); ``areas``: Digging
    Areas rows; ``score``: key of :data:`SCORE_BOXES` → writable box;
    ``large``: laid out for large print (every text at least
    :data:`LARGE_PRINT_PT`; a taller bottom block, wider labels, a larger key).
    """

    width: float
    height: float
    margin: float
    scale: float
    header: Rect
    name_rect: Rect
    site_panel: Rect
    circles: dict[str, CircleSpot]
    links: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    site_legend: Rect | None
    choices_panel: Rect
    choice_lines: tuple[ChoiceLine, ...]
    choices: tuple[ChoiceBox, ...]
    dig_panel: Rect
    areas_panel: Rect
    areas: tuple[AreaRow, ...]
    score_panel: Rect
    score: dict[str, Rect]
    large: bool = False

    @classmethod
    def compute(cls, rules: ArcheoTrekRules, width: float, height: float, large: bool = False) -> "SheetGeometry":
        """Lay the sheet out in a ``width`` × ``height`` pt box; ``large``: for
        large print (see :attr:`Theme.large_print`), every text at least
        :data:`LARGE_PRINT_PT` pt.

        The Dig Site keeps the rules' circle size (``circle_diameter`` mm) when
        it fits and shrinks uniformly when it does not.  Raises
        :class:`printkit.PrintkitError` when the box is smaller than
        :data:`MIN_WIDTH` × :data:`MIN_HEIGHT` or a circle has no position.
        """
        return _compute(rules, float(width), float(height), bool(large))

    def boxes_of(self, line: str) -> list[ChoiceBox]:
        """The Choices boxes of ``line``, left to right."""
        return [b for b in self.choices if b.line == line]


# --------------------------------------------------------------------------- layout

_PANEL_TITLE = mm(7.5)      # height of a panel's title band
_SCORE_OP_W = mm(4.5)       # gap between two score boxes, holding the + − = sign
_PAD = mm(3.5)              # inner padding of panels
_GAP = mm(4)                # space between panels




def _compute(rules: ArcheoTrekRules, W: float, H: float, large: bool = False, extra: float = 0.0) -> SheetGeometry:
    if W < MIN_WIDTH or H < MIN_HEIGHT:
        raise PrintkitError(
            f"Dig Site sheet needs at least {MIN_WIDTH / mm(1):.0f} × {MIN_HEIGHT / mm(1):.0f} mm, "
            f"got {W / mm(1):.0f} × {H / mm(1):.0f} mm"
        )
    missing = [c.id for c in rules.layout.circles if c.x is None or c.y is None]
    if missing:
        raise PrintkitError(f"Dig Site circles without a position: {', '.join(missing)}")

    m = mm(5)
    inner = Rect(m, m, W - 2 * m, H - 2 * m)

    # header: title on the left, name line on the right
    header_h = mm(17)
    header = Rect(inner.x, inner.y1 - header_h, inner.w, header_h)
    name_w = min(mm(82), inner.w * 0.46)
    name_rect = Rect(inner.x1 - name_w, header.y + mm(2.5), name_w, mm(8))

    # the bottom block needs this much height; the Dig Site gets the rest
    bottom_h = mm(_LARGE_BOTTOM_H if large else 96) + extra
    site_top = header.y - _GAP * 0.75
    site_avail_h = site_top - (inner.y + bottom_h + _GAP)

    # Dig Site extents in rules mm (y down), before scaling
    r_mm = rules.circle_diameter / 2
    tab_w, tab_h, tab_gap = LETTER_BOX_W, LETTER_BOX_H, LETTER_BOX_GAP  # area-letter box (mm)
    badge_d = r_mm * 0.68                              # special badge (mm)
    if large:  # its letter (0.62 × diameter) at least LARGE_PRINT_PT at scale 1
        badge_d = max(badge_d, (LARGE_PRINT_PT / 0.62) / mm(1))
    xs = [c.x for c in rules.layout.circles]
    ys = [c.y for c in rules.layout.circles]
    specials = [c for c in rules.layout.circles if c.kind != "normal"]
    bx = [c.x + r_mm * math.cos(math.radians(30)) + badge_d / 2 for c in specials]
    by = [c.y - r_mm * math.sin(math.radians(30)) - badge_d / 2 for c in specials]
    left, right = min(xs) - r_mm, max([x + r_mm for x in xs] + bx)
    top = min([y - r_mm for y in ys] + by)
    bottom = max(ys) + r_mm + tab_gap + tab_h
    site_w_mm, site_h_mm = right - left, bottom - top

    pad = mm(5)
    scale = min(1.0, (inner.w - 2 * pad) / mm(site_w_mm), (site_avail_h - 2 * pad) / mm(site_h_mm))
    if scale <= 0.3:
        raise PrintkitError("Dig Site sheet: the box is too small to draw the Dig Site legibly")
    site_h = mm(site_h_mm) * scale + 2 * pad
    spare = max(0.0, site_avail_h - site_h)     # a tall page: half to the site, half below
    site_h += spare / 2
    site_panel = Rect(inner.x, site_top - site_h, inner.w, site_h)
    ox = site_panel.x + (site_panel.w - mm(site_w_mm) * scale) / 2
    oy = site_panel.y1 - (site_h - mm(site_h_mm) * scale) / 2

    def to_pt(x_mm: float, y_mm: float) -> tuple[float, float]:
        return (ox + mm(x_mm - left) * scale, oy - mm(y_mm - top) * scale)

    r = mm(r_mm) * scale
    circles: dict[str, CircleSpot] = {}
    for c in rules.layout.circles:
        cx, cy = to_pt(c.x, c.y)
        tw, th = mm(tab_w) * scale, mm(tab_h) * scale
        letter = Rect(cx - tw / 2, cy - r - mm(tab_gap) * scale - th, tw, th)
        badge = None
        if c.kind != "normal":
            a = math.radians(30)
            bd = mm(badge_d) * scale
            if large:  # a shrunk Dig Site keeps its badges' letters at LARGE_PRINT_PT
                bd = max(bd, LARGE_PRINT_PT / 0.62)
            badge = (cx + r * math.cos(a), cy + r * math.sin(a), bd)
        circles[c.id] = CircleSpot(c.id, c.kind, (cx, cy), r, letter, badge)

    links = []
    inset = mm(0.6) * scale
    for link in sorted(tuple(sorted(l)) for l in rules.layout.links):
        a, b = (circles[i] for i in link)
        (ax, ay), (bx_, by_) = a.centre, b.centre
        d = math.hypot(bx_ - ax, by_ - ay)
        if d <= 2 * r + 2 * inset:
            continue  # touching circles need no drawn link
        ux, uy = (bx_ - ax) / d, (by_ - ay) / d
        links.append(((ax + ux * (r + inset), ay + uy * (r + inset)),
                      (bx_ - ux * (r + inset), by_ - uy * (r + inset))))

    legend_w, legend_h = _LARGE_LEGEND if large else (38, 19)
    legend = _free_corner(site_panel.inset(mm(2.5)), mm(legend_w), mm(legend_h), list(circles.values()), links,
                          mm(1.2))
    if large and legend is None and not extra:
        # large print: no corner of the Dig Site holds the key, so the Dig panel does (a row
        # of badges): lay the sheet out again with the bottom block that much taller
        return _compute(rules, W, H, large, mm(_LARGE_LEGEND_ROW))

    # bottom block: two columns
    bottom_top = site_panel.y - _GAP
    col_gap = _GAP
    left_w = (inner.w - col_gap) * 0.53
    right_w = inner.w - col_gap - left_w
    lx, rx = inner.x, inner.x + left_w + col_gap

    # Choices table (left, top)
    n_lines = len(rules.choice_order)
    row_h = mm(10)
    choices_h = _PANEL_TITLE + n_lines * row_h + _PAD
    choices_panel = Rect(lx, bottom_top - choices_h, left_w, choices_h)
    most = max(rules.layout.choices.values())
    icon_w, label_w = mm(15.5), mm(_LARGE_LABEL_W if large else _LABEL_W)
    box_gap = mm(1.6)
    box_area = choices_panel.w - 2 * _PAD - icon_w - label_w - mm(2)
    box = min(mm(8.5), row_h - mm(2.5), (box_area - (most - 1) * box_gap) / most)
    if box < mm(4):
        raise PrintkitError("Dig Site sheet: too many Choices boxes for the sheet's width")
    if most > 1:  # spread the boxes over the row, but keep them a visible sequence
        box_gap = min(mm(3.2), (box_area - most * box) / (most - 1))
    choice_lines, choices = [], []
    y = choices_panel.y1 - _PANEL_TITLE
    for line in rules.choice_order:
        row = Rect(choices_panel.x + _PAD, y - row_h, choices_panel.w - 2 * _PAD, row_h)
        icon = Rect(row.x, row.y, icon_w, row_h)
        label = Rect(icon.x1, row.y, label_w, row_h)
        choice_lines.append(ChoiceLine(line, rules.choice_labels[line], icon, label))
        bx0 = label.x1 + mm(2)
        for i in range(rules.layout.choices[line]):
            choices.append(ChoiceBox(line, i, Rect(bx0 + i * (box + box_gap), row.y + (row_h - box) / 2, box, box)))
        y -= row_h

    # Dig reminder (left, below Choices)
    dig_panel = Rect(lx, inner.y, left_w, choices_panel.y - _GAP - inner.y)

    # Score (right, bottom) and Digging Areas table (right, top)
    score_h = mm(_LARGE_SCORE_H if large else 27)
    score_panel = Rect(rx, inner.y, right_w, score_h)
    op_w = _SCORE_OP_W
    sb_w = (score_panel.w - 2 * _PAD - (len(SCORE_BOXES) - 1) * op_w) / len(SCORE_BOXES)
    sb_h = mm(12)
    score = {}
    for i, (key, _) in enumerate(SCORE_BOXES):
        score[key] = Rect(score_panel.x + _PAD + i * (sb_w + op_w), score_panel.y + _PAD, sb_w, sb_h)

    areas_panel = Rect(rx, score_panel.y1 + _GAP, right_w, bottom_top - score_panel.y1 - _GAP)
    head_h = mm(5)
    area_row_h = mm(6.6)
    table_h = areas_panel.h - _PANEL_TITLE - head_h - _PAD
    rows = max(1, int(table_h // area_row_h))
    area_row_h = table_h / rows
    n_cols = 2
    col_w = (areas_panel.w - 2 * _PAD - mm(3)) / n_cols
    letter_w = mm(7.5)
    areas = []
    for k in range(rows * n_cols):
        col, row_i = divmod(k, rows)
        x0 = areas_panel.x + _PAD + col * (col_w + mm(3))
        y0 = areas_panel.y1 - _PANEL_TITLE - head_h - (row_i + 1) * area_row_h
        letter = chr(ord("A") + k) if k < 26 else f"A{chr(ord('A') + k - 26)}"
        areas.append(AreaRow(letter, Rect(x0, y0, letter_w, area_row_h),
                             Rect(x0 + letter_w, y0, col_w - letter_w, area_row_h)))

    return SheetGeometry(
        width=W, height=H, margin=m, scale=scale, header=header, name_rect=name_rect,
        site_panel=site_panel, circles=circles, links=tuple(links),
        choices_panel=choices_panel, choice_lines=tuple(choice_lines), choices=tuple(choices),
        site_legend=legend, dig_panel=dig_panel, areas_panel=areas_panel, areas=tuple(areas),
        score_panel=score_panel, score=score, large=large,
    )


def _segment_hits(rect: Rect, p0: tuple[float, float], p1: tuple[float, float]) -> bool:
    steps = 24
    for i in range(steps + 1):
        t = i / steps
        x, y = p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t
        if rect.x <= x <= rect.x1 and rect.y <= y <= rect.y1:
            return True
    return False


def _free_corner(area: Rect, w: float, h: float, spots: list[CircleSpot], links, clearance: float) -> Rect | None:
    """The first corner of ``area`` (top-right, bottom-left, top-left,
    bottom-right) where a ``w`` × ``h`` pt rectangle clears every circle, tab,
    badge and link by ``clearance`` pt; ``None`` if there is none."""
    candidates = (
        Rect(area.x1 - w, area.y1 - h, w, h),
        Rect(area.x, area.y, w, h),
        Rect(area.x, area.y1 - h, w, h),
        Rect(area.x1 - w, area.y, w, h),
    )
    for cand in candidates:
        grown = cand.inset(-clearance)
        blocked = False
        for s in spots:
            (cx, cy), r = s.centre, s.radius
            nx, ny = min(max(cx, grown.x), grown.x1), min(max(cy, grown.y), grown.y1)
            if math.hypot(cx - nx, cy - ny) < r or grown.overlaps(s.letter_rect):
                blocked = True
                break
            if s.badge:
                bx, by, bd = s.badge
                if grown.overlaps(Rect(bx - bd / 2, by - bd / 2, bd, bd)):
                    blocked = True
                    break
        if not blocked and not any(_segment_hits(grown, a, b) for a, b in links):
            return cand
    return None


# --------------------------------------------------------------------------- drawing


def _cap(font: str) -> float:
    return (pdfmetrics.getFont(font).face.capHeight or 700) / 1000.0


class _Painter:
    """Draws one sheet from its geometry with one theme."""

    def __init__(self, c: Any, g: SheetGeometry, rules: ArcheoTrekRules, theme: Any, player: int | None):
        self.c, self.g, self.rules, self.t, self.player = c, g, rules, theme, player
        self.ty = _LARGE if g.large else _CLASSIC

    # palette and fonts --------------------------------------------------
    def col(self, role: str) -> Any:
        return self.t.colour(role, GAME)

    def text_on(self, role: str) -> Any:
        bg = self.t.hex(role, GAME)
        paper, ink = self.t.hex("paper"), self.t.hex("ink")
        return self.t.colour("paper") if icons.best_contrast(bg, paper, ink) == paper else self.t.colour("ink")

    def text(self, s: str, x: float, y: float, role: str, size: float, colour: Any,
             align: str = "left", middle: bool = False) -> None:
        """Set ``s``; ``middle`` centres the cap height on ``y`` instead of the baseline."""
        font = self.t.font(role)
        c = self.c
        c.setFont(font, size)
        c.setFillColor(colour)
        if middle:
            y -= _cap(font) * size / 2
        {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](x, y, s)

    def width(self, s: str, role: str, size: float) -> float:
        return pdfmetrics.stringWidth(s, self.t.font(role), size)

    def panel(self, r: Rect, title: str | None, fill: Any | None = None) -> None:
        c = self.c
        c.setLineWidth(1.0)
        c.setStrokeColor(self.col("earth"))
        if fill is not None:
            c.setFillColor(fill)
        c.roundRect(r.x, r.y, r.w, r.h, mm(2.2), stroke=1, fill=int(fill is not None))
        if title:
            base = r.y1 - _PANEL_TITLE + mm(2.4)
            self.text(title.upper(), r.x + _PAD, base, "bold", self.ty.heading, self.col("earth_dark"))
            c.setStrokeColor(self.col("ground_dark"))
            c.setLineWidth(0.8)
            c.line(r.x + _PAD, base - mm(1.4), r.x1 - _PAD, base - mm(1.4))

    def write_box(self, r: Rect, radius: float = mm(1.2), weight: float = 1.0, fill: Any | None = None) -> None:
        c = self.c
        c.setFillColor(fill if fill is not None else self.col("circle_fill"))
        c.setStrokeColor(self.col("earth"))
        c.setLineWidth(weight)
        c.roundRect(r.x, r.y, r.w, r.h, radius, stroke=1, fill=1)

    # blocks ---------------------------------------------------------------
    def draw(self) -> None:
        c, g = self.c, self.g
        c.saveState()
        c.setFillColor(self.t.colour("paper"))
        c.rect(0, 0, g.width, g.height, stroke=0, fill=1)
        self.header()
        self.site()
        self.choices()
        self.dig()
        self.areas()
        self.score()
        c.restoreState()

    def header(self) -> None:
        g, h = self.g, self.g.header
        ink, accent = self.t.colour("ink"), self.t.colour("accent")
        icon = h.h * 0.78
        art.trowel(self.c, h.x + icon * 0.42, h.y + h.h * 0.5, icon, self.t.colour("muted"), self.col("earth"))
        tx = h.x + icon * 0.95
        n = g.name_rect
        # a long house title: smaller, then on two lines (40 W's: two lines at 11 pt)
        size, lines = fit_lines(self.rules.title, self.t.font("display"), _TITLE_PT, n.x - mm(4) - tx,
                                LARGE_PRINT_PT if g.large else _TITLE_LEAST)
        for i, line in enumerate(lines):
            self.text(line, tx, h.y + h.h * 0.40 + (len(lines) - 1 - i) * size * 1.05, "display", size, ink)
        self.text("DIG SITE", tx + 1, h.y + h.h * 0.06, "bold", self.ty.subtitle, accent)
        self.text("Name", n.x, n.y + mm(1.2), "semibold", self.ty.label, self.t.colour("muted"))
        lx = n.x + self.width("Name", "semibold", self.ty.label) + mm(2)
        self.c.setStrokeColor(self.col("earth"))
        self.c.setLineWidth(0.9)
        self.c.line(lx, n.y + mm(0.6), n.x1, n.y + mm(0.6))
        if self.player is not None:
            self.text(f"Player {self.player}", n.x1, n.y1 + mm(1.2), "italic", self.ty.small,
                      self.t.colour("muted"), align="right")
        self.c.setStrokeColor(self.col("earth"))
        self.c.setLineWidth(1.6)
        self.c.line(h.x, h.y - mm(1.2), h.x1, h.y - mm(1.2))

    def site(self) -> None:
        c, g = self.c, self.g
        self.panel(g.site_panel, None, self.col("ground"))
        # links: short trenches between linked circles
        c.setLineCap(1)
        c.setStrokeColor(self.col("ground_dark"))
        c.setLineWidth(mm(2.6) * g.scale)
        for (x0, y0), (x1, y1) in g.links:
            c.line(x0, y0, x1, y1)
        c.setStrokeColor(self.col("earth"))
        c.setLineWidth(mm(0.7) * g.scale)
        for (x0, y0), (x1, y1) in g.links:
            c.line(x0, y0, x1, y1)
        for spot in g.circles.values():
            self.circle(spot)
        if g.site_legend is not None:
            self.legend(g.site_legend)

    def legend(self, r: Rect) -> None:
        """The Special Circles key: badge + what the circle accepts, one per line."""
        ink = self.t.colour("ink")
        head, drop = self.ty.legend_title, self.ty.small  # title size; its baseline below the top
        self.text("Special Circles", r.x, r.y1 - drop, "bold", head, self.col("earth_dark"))
        if self.g.large:  # large print: the short captions of the Dig panel's key, larger badges
            items = (("red", "red die only"), ("yellow", "yellow die only"), ("plus", "sum only"))
            d = mm(_LARGE_LEGEND_BADGE)
        else:
            items = (("red", "red die value only"), ("yellow", "yellow die value only"),
                     ("plus", "sum of the dice only"))
            d = mm(4.6)
        step = (r.h - drop - mm(1.5)) / len(items)
        y = r.y1 - drop - mm(1.5) - step / 2
        room = r.x1 - (r.x + d + mm(1.8)) - mm(0.8)
        # larger type ([type] scale) only as far as the box allows, never below the designed size
        size = min(fit_size(cap, self.t.font("body"), self.t.small(head), room, head) for _, cap in items)
        for kind, caption in items:
            self.badge(kind, r.x + d / 2, y, d)
            self.text(caption, r.x + d + mm(1.8), y, "body", size, ink, middle=True)
            y -= step

    def badge(self, kind: str, x: float, y: float, d: float) -> None:
        if kind == "plus":
            icons.plus_badge(self.c, x, y, d, self.col("plus"), self.t.colour("paper"),
                             self.t.colour("paper"), 1.0)
        else:
            icons.letter_badge(self.c, x, y, d, self.col(kind), self.text_on(kind), _special_letter(kind),
                               self.t.font("bold"), self.t.colour("paper"), 1.0)

    def circle(self, s: CircleSpot) -> None:
        c = self.c
        (x, y), r = s.centre, s.radius
        # area-letter tab, tucked under the circle
        lr = s.letter_rect
        self.write_box(lr, radius=mm(1.0), weight=0.7)
        kind_role = {"red": "red", "yellow": "yellow", "plus": "plus"}.get(s.kind)
        c.setFillColor(self.col("circle_fill"))
        if kind_role:
            c.setStrokeColor(self.col(kind_role))
            c.setLineWidth(mm(1.0))
        else:
            c.setStrokeColor(self.col("earth"))
            c.setLineWidth(1.2)
        c.circle(x, y, r, stroke=1, fill=1)
        if kind_role:
            if kind_role != "plus":
                # a faint tint for colour readers
                c.setFillColor(icons.mix(self.t.hex("circle_fill", GAME), self.t.hex(kind_role, GAME), 0.10))
                c.circle(x, y, r - mm(0.5), stroke=0, fill=1)
            # double ring + badge: unmistakable in greyscale too
            c.setStrokeColor(self.col(kind_role))
            c.setLineWidth(0.7)
            c.circle(x, y, r - mm(1.6), stroke=1, fill=0)
        # large print: the larger label sits lower, inside a Special Circle's inner ring
        self.text(s.id, x, y + r * (0.40 if self.g.large else 0.50), "semibold", self.ty.circle_label,
                  self.t.colour("muted"), "centre")
        if s.badge:
            bx, by, bd = s.badge
            self.badge(s.kind, bx, by, bd)

    def choices(self) -> None:
        g = self.g
        p = g.choices_panel
        self.panel(p, "Choices")
        self.text("tick the next box, left to right", p.x1 - _PAD, p.y1 - _PANEL_TITLE + mm(2.4),
                  "italic", self.ty.small, self.t.colour("muted"), align="right")
        for line in g.choice_lines:
            self.op_icon(line.line, line.icon_rect)
            # fitted to its column: smaller, then on two lines (a house rule's longer label)
            size, lines = choice_label_fit(line.label, self.t.font("semibold"), g.large) or (self.ty.label, [line.label])
            lead = size * 1.15
            mid = line.label_rect.centre[1] + (len(lines) - 1) * lead / 2
            for i, text in enumerate(lines):
                self.text(text, line.label_rect.x, mid - i * lead, "semibold", size, self.t.colour("ink"), middle=True)
        for b in g.choices:
            self.write_box(b.rect, radius=mm(1.2), weight=1.0, fill=self.t.colour("paper"))
        # a hairline between lines
        self.c.setStrokeColor(self.col("ground_dark"))
        self.c.setLineWidth(0.5)
        for line in g.choice_lines[1:]:
            y = line.icon_rect.y1
            self.c.line(p.x + _PAD, y, p.x1 - _PAD, y)

    def op_icon(self, line: str, r: Rect) -> None:
        """Die icons for a Choices line: Y, R, high die − low die (plain dice, 5 − 2), R + Y."""
        d = min(r.h * 0.52, mm(5.2))
        cy = r.centre[1]

        def die(role: str, x: float) -> None:
            icons.die(self.c, x, cy, d, self.col(role), self.col(role))
            letter = max(d * 0.62, LARGE_PRINT_PT) if self.g.large else d * 0.62
            self.text(_special_letter(role), x, cy, "bold", letter, self.text_on(role), "centre", middle=True)

        if line in ("yellow", "red"):
            die(line, r.x + d / 2)
            return
        ink = self.t.colour("ink")
        if line == "difference":
            # rulebook: subtract the lower die from the higher, whichever colour it is —
            # a large die (5) minus a small die (2), both plain, no colour order
            small = d * 0.72
            paper = self.t.colour("paper")
            icons.die(self.c, r.x + d / 2, cy, d, paper, ink, 5, stroke=ink, stroke_width=0.9)
            self.text("−", r.x + d + mm(1.6), cy, "bold", d * 0.9, ink, "centre", middle=True)
            icons.die(self.c, r.x + d + mm(3.2) + small / 2, cy, small, paper, ink, 2, stroke=ink,
                      stroke_width=0.9)
            return
        die("red", r.x + d / 2)
        self.text("+", r.x + d + mm(1.6), cy, "bold", d * 0.9, ink, "centre", middle=True)
        die("yellow", r.x + d * 1.5 + mm(3.2))

    def dig(self) -> None:
        g, rules = self.g, self.rules
        p = g.dig_panel
        self.panel(p, "Dig")
        ink, muted = self.t.colour("ink"), self.t.colour("muted")
        x = p.x + _PAD
        ty = self.ty
        line_pt = max(self.t.small(_LABEL_PT), LARGE_PRINT_PT) if g.large else self.t.small(_LABEL_PT)
        legend_d = mm(_LARGE_LEGEND_BADGE if g.large else 4.6)
        # content is about 34 mm tall (40 with the legend): centre it in the panel
        content = mm(34) + (mm(6) if g.site_legend is None else 0)
        if g.large:  # the same blocks at 11 pt: key line, three lines, the legend, two lines
            content = (mm(14) + 3 * line_pt * 1.35 + mm(1.5) + (legend_d + mm(2) if g.site_legend is None else 0)
                       + ty.legend_title * 1.55)
        top = p.y1 - _PANEL_TITLE - max(0.0, (p.h - _PANEL_TITLE - content) / 2 - mm(1))
        # the key line: Digging Area = 9
        base = top - mm(8)
        self.text("Digging Area =", x, base, "bold", 11.5, ink)
        kx = x + self.width("Digging Area =", "bold", 11.5) + mm(1.5)
        self.text(str(rules.area_sum), kx, base, "display", _KEY_PT, self.t.colour("accent"))
        y = base - mm(6)
        lines = [
            (f"Linked filled circles totalling exactly {rules.area_sum}:", "body"),
            ("write its letter in each circle's tab.", "body"),
            (f"Draw {rules.tokens_drawn_per_circle} Bone token per circle, keep "
             f"{rules.tokens_base} + {rules.tokens_per_zero} per 0.", "semibold"),
        ]
        for s, role in lines:
            self.text(s, x, y, role, line_pt, ink)
            y -= line_pt * 1.35
        y -= mm(1.5)
        if g.site_legend is None:
            items = (("red", "red die only"), ("yellow", "yellow die only"), ("plus", "sum only"))
            if g.large:  # large print: the same key, shortest words
                items = (("red", "red die"), ("yellow", "yellow die"), ("plus", "sum"))
            col_w = (p.w - 2 * _PAD) / len(items)
            d = legend_d
            if g.large:
                y -= d / 2 - mm(1.5)
            for i, (kind, caption) in enumerate(items):
                cx = x + i * col_w + d / 2
                self.badge(kind, cx, y, d)
                self.text(caption, cx + d / 2 + mm(1.5), y, "body", ty.small, ink, middle=True)
            y -= (d / 2 + mm(4.5)) if g.large else mm(6)
        self.text("Empty-Handed: each filled circle in no Digging Area", x, y, "italic", ty.legend_title, muted)
        self.text("scores its value against you.", x, y - ty.legend_title * 1.3, "italic", ty.legend_title, muted)

    def areas(self) -> None:
        g = self.g
        p = g.areas_panel
        self.panel(p, "Digging Areas")
        muted = self.t.colour("muted")
        rows = g.areas
        first_per_col = [a for a in rows if a.letter_rect.y1 >= max(r.letter_rect.y1 for r in rows) - 0.1]
        for a in first_per_col:
            hy = a.letter_rect.y1 + mm(1.6)
            self.text("Area", a.letter_rect.centre[0], hy, "semibold", self.ty.small, muted, "centre")
            head = "Bone tokens kept"
            if g.large and self.width(head, "semibold", self.ty.small) > a.tokens_rect.w - mm(2.5):
                head = "Tokens kept"  # large print: the short head when the long one does not fit
            self.text(head, a.tokens_rect.x + mm(2), hy, "semibold", self.ty.small, muted)
        c = self.c
        for i, a in enumerate(rows):
            lr, tr = a.letter_rect, a.tokens_rect
            c.setFillColor(self.col("ground"))
            c.rect(lr.x, lr.y, lr.w, lr.h, stroke=0, fill=1)
            self.text(a.letter, lr.centre[0], lr.centre[1], "bold", self.ty.label, self.col("earth_dark"),
                      "centre", middle=True)
            c.setStrokeColor(self.col("ground_dark"))
            c.setLineWidth(0.7)
            c.line(lr.x, lr.y, tr.x1, lr.y)
        for a in first_per_col:  # rule under the column heads
            c.setStrokeColor(self.col("earth"))
            c.setLineWidth(0.9)
            c.line(a.letter_rect.x, a.letter_rect.y1, a.tokens_rect.x1, a.letter_rect.y1)

    def score(self) -> None:
        g = self.g
        p = g.score_panel
        self.panel(p, "Close the Dig Site")
        ink, muted = self.t.colour("ink"), self.t.colour("muted")
        keys = [k for k, _ in SCORE_BOXES]
        captions = dict(SCORE_BOXES)
        ops = ("+", "−", "=")
        for i, k in enumerate(keys):
            r = g.score[k]
            total = k == "total"
            self.write_box(r, radius=mm(1.6), weight=2.0 if total else 1.0,
                           fill=self.col("ground") if total else self.t.colour("paper"))
            role = "bold" if total else "semibold"
            lines = [captions[k]]
            if g.large:  # a caption wider than its box and the gaps beside it goes on two lines
                room = r.w + _SCORE_OP_W - mm(1.5)
                lines = _wrap(captions[k], self.t.font(role), self.ty.small, room)
            for j, line in enumerate(reversed(lines)):
                self.text(line, r.centre[0], r.y1 + mm(1.5) + j * self.ty.small * 1.15, role,
                          self.ty.small, ink if total else muted, "centre")
            if i < len(ops):
                nxt = g.score[keys[i + 1]]
                self.text(ops[i], (r.x1 + nxt.x) / 2, r.centre[1], "bold", 13.0, ink, "centre", middle=True)


#: Smallest size of the sheet's title (pt) outside large print, before it takes two lines.
_TITLE_LEAST = 9.0


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines at most ``width`` pt wide in ``font`` at ``size`` pt,
    broken after spaces and hyphens (a single word wider than ``width`` stays whole)."""
    parts = re.findall(r"[^ -]+-|[^ -]+ ?|-", text)
    lines: list[str] = []
    for part in parts:
        trial = (lines[-1] + part) if lines else part
        if lines and pdfmetrics.stringWidth(trial.rstrip(), font, size) <= width:
            lines[-1] = trial
        else:
            lines.append(part)
    return [line.rstrip() for line in lines] or [text]


def _special_letter(kind: str) -> str:
    """Letter printed on a Special Circle's badge and the die icons."""
    return {"red": "R", "yellow": "Y", "plus": "+"}[kind]


def sheet_face(rules: ArcheoTrekRules, theme: Any, width: float, height: float,
               player: int | None = None) -> Face:
    """The Dig Site sheet drawn into a ``width`` × ``height`` pt box.

    One-sided, uncut (bleed 0): white paper, light tints, ink kept to
    outlines and type.  ``player`` (1-based) prints "Player N" faintly above
    the name line and is part of the face key; ``None`` prints nothing.
    Colours and fonts come from ``theme``.  The layout is
    :meth:`SheetGeometry.compute` ``(rules, width, height, large=theme.large_print)``
    — recompute it to place form fields.  In a large-print theme (``[type]
    scale`` above 1) every text is at least :data:`LARGE_PRINT_PT` pt.

    Raises :class:`printkit.PrintkitError` for a box below
    :data:`MIN_WIDTH` × :data:`MIN_HEIGHT` or a player number below 1.
    """
    if player is not None and player < 1:
        raise PrintkitError(f"Dig Site sheet: player number must be 1 or more, got {player}")
    geometry = SheetGeometry.compute(rules, width, height, large=theme.large_print)

    def draw(c: Any, box: FaceBox) -> None:
        _Painter(c, geometry, rules, theme, player).draw()

    key = f"{theme.name}/{GAME}/sheet/{width:.2f}x{height:.2f}"
    if player is not None:
        key += f"/p{player}"
    summary = f"{rules.title} Dig Site" + (f" (player {player})" if player is not None else "")
    return Face(key=key, draw=draw, text=summary)

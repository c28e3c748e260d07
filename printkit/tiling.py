"""Tiling: print one large drawing (a board, a map) over several sheets.

All lengths in points.  A drawing follows the :class:`printkit.model.Face`
contract: ``draw(canvas, box)`` with the origin at the bottom-left corner of
its **trim**, art to the bleed edge.  Around the bleed the engine keeps a
:data:`MARK_SPACE` margin for crop marks at the four trim corners; the whole
(trim + bleed + marks) is the *drawing*, drawn once as a form XObject and shown
through a window on every page.

Tiles (:func:`plan_tiles`): the window of a page is its content area (paper
margins) less a header band (assembly note) and the footer band (scale bars).
Neighbouring tiles share ``overlap`` pt of the drawing.  Along the middle of
each overlap (the *seam*) the page to the right (or below) carries a dashed
cut line: cut it there and lay it on its neighbour, whose half of the overlap
is the glue strip.  Crosshairs centred on the seam are printed on both pages,
so when the pages are laid with their seams together the two halves of every
crosshair meet; each strip is labelled with the page names (row letter +
column number: A1, A2, B1…).

:func:`render_tiled` writes the tiled PDF; :func:`render_single` centres the
drawing on one large sheet (e.g. A3) at its true size.  Both are deterministic
(reportlab ``invariant=1``) and ask viewers not to scale.

Why not ``pdfposter``: it is GPL-3.0 (printkit is MIT), tiles without overlap
(upstream has no overlap option) and prints no alignment marks or glue guides,
so it would have covered only the page arithmetic done here in a few lines.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from printkit import PrintkitError
from printkit.imposition import FOOTER, FOOTER_CLEAR, FOOTER_STRIP
from printkit.marks import draw_footer_plan, draw_segments, footer_items, mark_segments, plan_footer
from printkit.model import FaceBox
from printkit.paper import Paper
from printkit.units import mm, to_mm

#: Margin (pt) kept around the bleed for crop marks.
MARK_SPACE = mm(5)
#: Height (pt) of the band at the top of a tiled page holding its assembly note.
HEADER = mm(8)
#: Size (pt) of the page name in a tiled page's header; the assembly note beside it is 7.5 pt.
HEADER_PT = 9.0
#: Half length (pt) of an alignment crosshair's arms.
CROSS = mm(3)
#: Least clear paper (pt) between a crosshair and the art or the window's edge.
CROSS_CLEAR = mm(0.5)
#: Size (pt) of the cut and glue labels on the seams: the 8 pt body minimum (at
#: least 11 pt in a large-print theme, :meth:`printkit.theme.Theme.legible`).
LABEL_PT = 8.0

DrawFn = Callable[[Canvas, FaceBox], None]


@dataclass(frozen=True)
class Tile:
    """One page of a tiled drawing.

    ``row`` (0 = top) and ``col`` (0 = left); ``x``/``y``: bottom-left of the
    window in drawing coordinates (origin at the trim's bottom-left corner);
    ``page_x``/``page_y``: where that corner sits on the page.  A drawing
    point (u, v) prints at page (u − x + page_x, v − y + page_y).
    """

    row: int
    col: int
    x: float
    y: float
    width: float
    height: float
    page_x: float
    page_y: float

    @property
    def name(self) -> str:
        """Page name: row letter and column number (``"A1"`` is top-left)."""
        return f"{chr(ord('A') + self.row)}{self.col + 1}"

    def to_page(self, u: float, v: float) -> tuple[float, float]:
        """Page coordinates (pt) of drawing point (u, v)."""
        return u - self.x + self.page_x, v - self.y + self.page_y


@dataclass(frozen=True)
class TilePlan:
    """Pages of a tiled drawing: page size (pt, possibly landscape), grid,
    ``overlap`` (pt), the tiles in reading order and the seams: x (vertical
    seams) and y (horizontal seams) in drawing coordinates."""

    page_width: float
    page_height: float
    rows: int
    cols: int
    overlap: float
    tiles: tuple[Tile, ...]
    seams_x: tuple[float, ...]
    seams_y: tuple[float, ...]
    extent: tuple[float, float, float, float]

    def tile(self, row: int, col: int) -> Tile:
        """The tile at (row, col)."""
        return self.tiles[row * self.cols + col]


def drawing_extent(width: float, height: float, bleed: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the whole drawing around a ``width`` × ``height``
    trim: bleed plus :data:`MARK_SPACE` on every side (pt)."""
    m = bleed + MARK_SPACE
    return (-m, -m, width + m, height + m)


def _grid(span: float, window: float, overlap: float) -> int:
    if span <= window + 1e-6:
        return 1
    return math.ceil((span - overlap) / (window - overlap) - 1e-6)


def plan_tiles(width: float, height: float, bleed: float, paper: Paper, overlap: float) -> TilePlan:
    """Plan the tiles of a ``width`` × ``height`` pt trim (plus ``bleed``)
    on ``paper``, portrait or landscape, whichever needs fewer pages
    (landscape on a tie).  ``overlap``: pt shared by neighbouring tiles.

    Raises :class:`printkit.PrintkitError` when the overlap is negative or
    leaves no room on the page.
    """
    ex0, ey0, ex1, ey1 = drawing_extent(width, height, bleed)
    dw, dh = ex1 - ex0, ey1 - ey0
    best = None
    for turned in (True, False):
        pw, ph = (paper.height, paper.width) if turned else (paper.width, paper.height)
        bw, bh = (paper.box_height, paper.box_width) if turned else (paper.box_width, paper.box_height)
        win_w = bw - 2 * paper.margin
        win_h = bh - 2 * paper.margin - FOOTER - HEADER
        if overlap < 0 or overlap * 2 >= min(win_w, win_h):
            raise PrintkitError(f"tiling: overlap {to_mm(overlap):.1f} mm does not fit {paper.name} pages")
        cols, rows = _grid(dw, win_w, overlap), _grid(dh, win_h, overlap)
        if best is None or cols * rows < best[0]:
            best = (cols * rows, pw, ph, bh, win_w, win_h, cols, rows)
    _, pw, ph, bh, win_w, win_h, cols, rows = best
    # centre the drawing within the span the tiles cover
    span_w = cols * (win_w - overlap) + overlap if cols > 1 else win_w
    span_h = rows * (win_h - overlap) + overlap if rows > 1 else win_h
    ox = ex0 - (span_w - dw) / 2
    oy_top = ey1 + (span_h - dh) / 2
    page_x = (pw - win_w) / 2
    page_y = (ph - bh) / 2 + paper.margin + FOOTER
    tiles = []
    for r in range(rows):
        for c in range(cols):
            x = ox + c * (win_w - overlap)
            y = oy_top - win_h - r * (win_h - overlap)
            tiles.append(Tile(r, c, x, y, win_w, win_h, page_x, page_y))
    seams_x = tuple(ox + c * (win_w - overlap) + overlap / 2 for c in range(1, cols))
    seams_y = tuple(oy_top - r * (win_h - overlap) - overlap / 2 for r in range(1, rows))
    return TilePlan(pw, ph, rows, cols, overlap, tuple(tiles), seams_x, seams_y, (ex0, ey0, ex1, ey1))


def crosshair_points(plan: TilePlan) -> list[tuple[float, float]]:
    """Drawing coordinates (pt) of every alignment crosshair, two on each
    tile's stretch of each seam: off the art — in the mark space and spare
    window beyond the trim and bleed, at both ends of the stretch — where
    the window leaves room for a whole crosshair there (issue 24: no mark on
    a play area); else at a quarter and three quarters of the stretch."""
    ex0, ey0, ex1, ey1 = plan.extent
    art = (ex0 + MARK_SPACE, ey0 + MARK_SPACE, ex1 - MARK_SPACE, ey1 - MARK_SPACE)  # trim and bleed

    def two(lo: float, hi: float, art_lo: float, art_hi: float) -> tuple[float, float]:
        room = 2 * (CROSS + CROSS_CLEAR)
        if art_lo - lo >= room and hi - art_hi >= room:
            return (lo + art_lo) / 2, (art_hi + hi) / 2
        return lo + (hi - lo) * 0.25, lo + (hi - lo) * 0.75

    pts = []
    for sx in plan.seams_x:
        for r in range(plan.rows):
            t = plan.tile(r, 0)
            lo, hi = t.y + (plan.overlap if r < plan.rows - 1 else 0), t.y + t.height - (plan.overlap if r else 0)
            pts += [(sx, v) for v in two(lo, hi, art[1], art[3])]
    for sy in plan.seams_y:
        for c in range(plan.cols):
            t = plan.tile(0, c)
            lo, hi = t.x + (plan.overlap if c else 0), t.x + t.width - (plan.overlap if c < plan.cols - 1 else 0)
            pts += [(u, sy) for u in two(lo, hi, art[0], art[2])]
    return pts


def _sheet_marks(c: Canvas, theme, page_w: float, page_h: float, margin: float,
                 trims: tuple[float, float, float, float], bleed: float,
                 window: tuple[float, float, float, float] | None, label: str,
                 header: Callable[[list[float]], None] | None = None, keep_clear=()) -> None:
    """The page boxes, the footer and then the crop marks of a board page.

    ``trims``: the board's trim in page coordinates (pt); ``window``: the
    part of the page that shows the board (a tile), ``None`` for a whole
    board on one sheet.  The board's trim lines get marks from the sheet
    edge to the trim at those of its ends that fall on this page
    (:func:`printkit.marks.mark_segments`); the footer keeps clear of them
    (:func:`printkit.marks.plan_footer`) and the ``keep_clear`` rectangles
    (x0, y0, x1, y1, pt: the header line's text); ``header(xs)`` draws the
    page's header avoiding the vertical marks ``xs``.  TrimBox and BleedBox
    are the board's trim and bleed as far as this page shows them.
    """
    bx0, by0, bx1, by1 = trims
    wx0, wy0, wx1, wy1 = window or (0.0, 0.0, page_w, page_h)
    eps = 0.01

    def clip(box):
        return (max(box[0], wx0), max(box[1], wy0), min(box[2], wx1), min(box[3], wy1))

    bleed_box = clip((bx0 - bleed, by0 - bleed, bx1 + bleed, by1 + bleed))
    c.setTrimBox(clip(trims))
    c.setBleedBox(bleed_box)
    xs = [x for x in (bx0, bx1) if wx0 - eps <= x <= wx1 + eps]
    ys = [y for y in (by0, by1) if wy0 - eps <= y <= wy1 + eps]
    sides = tuple(side for side, v, lo, hi in (("bottom", by0, wy0, wy1), ("top", by1, wy0, wy1),
                                               ("left", bx0, wx0, wx1), ("right", bx1, wx0, wx1))
                  if lo - eps <= v <= hi + eps)
    art = bleed_box if window is None else (wx0, wy0, wx1, wy1)
    plan = plan_footer(footer_items(c, theme, label), page_w, page_h, margin, art=art,
                       lines=([x for x in xs if "bottom" in sides or "top" in sides],
                              [y for y in ys if "left" in sides or "right" in sides]), keep_clear=keep_clear)
    draw_footer_plan(c, theme, plan, page_w, page_h)
    segs = mark_segments(xs, ys, trims, page_w, page_h, margin, plan.stops, sides)
    if header is not None:
        header([sg[0] for sg in segs if sg[0] == sg[2] and sg[3] >= page_h - eps])
    draw_segments(c, segs, theme.colour("cut"), theme.colour("paper"))


def _define_drawing(c: Canvas, name: str, draw: DrawFn, width: float, height: float, bleed: float, theme) -> None:
    ex0, ey0, ex1, ey1 = drawing_extent(width, height, bleed)
    c.beginForm(name, lowerx=ex0, lowery=ey0, upperx=ex1, uppery=ey1)
    c.saveState()
    p = c.beginPath()
    p.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed)
    c.clipPath(p, stroke=0, fill=0)
    draw(c, FaceBox(width, height, bleed, mm(3), theme, "rect"))
    c.restoreState()
    c.endForm()


def _new_canvas(width: float, height: float, theme, title: str) -> tuple[Canvas, io.BytesIO]:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(width, height), invariant=1, initialFontName=theme.font("body"), initialFontSize=9)
    c.setTitle(title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", "Simplex")  # board pages have no backs
    return c, buf


def _label(c: Canvas, theme, text: str, x: float, y: float, angle: float = 0.0) -> None:
    """A seam label (:data:`LABEL_PT`, ≥ 11 pt in large print) on a
    paper-coloured backing, centred on (x, y)."""
    font = theme.font("semibold")
    size = theme.legible(LABEL_PT)
    w = c.stringWidth(text, font, size)
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setFillColor(theme.colour("paper"))
    c.rect(-w / 2 - 1.5, -size * 0.45, w + 3, size * 1.25, fill=1, stroke=0)
    c.setFillColor(theme.colour("ink"))
    c.setFont(font, size)
    c.drawCentredString(0, -size * 0.2, text)
    c.restoreState()


def _descent(font: str) -> float:
    """The font's descent (negative) per pt of size: a line's text box, as
    PDF readers measure it, runs from ``baseline + descent × size`` up by ``size``."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(font).face.descent / 1000


def header_line(theme, window_top: float) -> tuple[float, float, float]:
    """(baseline, bottom, top) in pt of a tiled page's header line above a
    window whose top edge is at ``window_top``: its text boxes (the
    :data:`HEADER_PT` name and the assembly note) end :data:`printkit.imposition.FOOTER_CLEAR`
    below a footer strip (:data:`printkit.imposition.FOOTER_STRIP`) at the top of the
    :data:`HEADER` band, so a footer item placed there stays clear of it."""
    desc = min(_descent(theme.font("bold")), _descent(theme.font("body")))
    top = window_top + HEADER - FOOTER_STRIP - FOOTER_CLEAR - 0.01  # (0.01 pt: float noise)
    baseline = top - (1 + desc) * HEADER_PT
    return baseline, baseline + desc * HEADER_PT, top


def _header(c: Canvas, theme, name: str, notes: tuple[str, ...], x0: float, x1: float, y: float,
            marks: list[float]) -> None:
    """A tiled page's header line (baseline ``y``, pt): its name from the left, the assembly note
    to the right, each moved off the vertical crop marks ``marks`` (pt) that
    cross the header band.  When the two would meet, the note shrinks to
    7 pt (the least body size), then its shorter wordings (``notes``, longest
    first) are tried; when none fits beside the name, only the name is printed."""
    bold, body = theme.font("bold"), theme.font("body")
    clear = mm(1.2)
    left, lw = x0, c.stringWidth(name, bold, HEADER_PT)
    for m in sorted(marks):
        if left - clear < m < left + lw + clear:
            left = m + clear
    c.setFillColor(theme.colour("ink"))
    c.setFont(bold, HEADER_PT)
    c.drawString(left, y, name)
    for note in notes:
        for size in (7.5, 7.0):
            nw = c.stringWidth(note, body, size)
            right = x1
            for m in sorted(marks, reverse=True):
                if right - nw - clear < m < right + clear:
                    right = m - clear
            if right - nw >= left + lw + mm(3):
                c.setFont(body, size)
                c.setFillColor(theme.colour("muted"))
                c.drawRightString(right, y, note)
                return


def _crosshair(c: Canvas, x: float, y: float, theme) -> None:
    c.saveState()
    c.setStrokeColor(theme.colour("paper"))
    c.setLineWidth(1.6)
    c.line(x - CROSS, y, x + CROSS, y)
    c.line(x, y - CROSS, x, y + CROSS)
    c.setStrokeColor(theme.colour("cut"))
    c.setLineWidth(0.4)
    c.line(x - CROSS, y, x + CROSS, y)
    c.line(x, y - CROSS, x, y + CROSS)
    c.circle(x, y, CROSS * 0.45, fill=0, stroke=1)
    c.restoreState()


def render_tiled(draw: DrawFn, width: float, height: float, *, bleed: float, paper: Paper, overlap: float,
                 theme, title: str) -> tuple[bytes, TilePlan]:
    """Print a ``width`` × ``height`` pt drawing (with ``bleed``) over several
    ``paper`` pages with ``overlap`` pt shared between neighbours.

    Returns (PDF bytes, the :class:`TilePlan`).  Each page shows its window,
    a header naming the page and how to join it, the seams' cut lines, glue
    strips, crosshairs and page labels, and the footer scale bars.  Raises
    :class:`printkit.PrintkitError` if the overlap does not fit the page.
    """
    plan = plan_tiles(width, height, bleed, paper, overlap)
    c, buf = _new_canvas(plan.page_width, plan.page_height, theme, title)
    _define_drawing(c, "Drawing", draw, width, height, bleed, theme)
    crosses = crosshair_points(plan)
    half = overlap / 2
    n = len(plan.tiles)
    for t in plan.tiles:
        c.setPageSize((plan.page_width, plan.page_height))
        c.saveState()
        win = c.beginPath()
        win.rect(t.page_x, t.page_y, t.width, t.height)
        c.clipPath(win, stroke=0, fill=0)
        c.saveState()
        c.translate(t.page_x - t.x, t.page_y - t.y)
        c.doForm("Drawing")
        c.restoreState()
        left = t.col > 0
        right = t.col < plan.cols - 1
        top = t.row > 0
        bottom = t.row < plan.rows - 1
        px0, py0 = t.page_x, t.page_y
        px1, py1 = px0 + t.width, py0 + t.height
        c.setLineWidth(0.6)
        c.setStrokeColor(theme.colour("cut"))
        c.setDash(4, 3)
        if left:   # cut along the seam, lay onto the left neighbour
            sx = px0 + half
            c.line(sx, py0, sx, py1)
            _label(c, theme, f"CUT · lay on {plan.tile(t.row, t.col - 1).name}", px0 + half / 2, (py0 + py1) / 2, 90)
        if top:
            sy = py1 - half
            c.line(px0, sy, px1, sy)
            _label(c, theme, f"CUT · lay on {plan.tile(t.row - 1, t.col).name}", (px0 + px1) / 2, py1 - half / 2)
        c.setDash()
        if right:
            _label(c, theme, f"glue · {plan.tile(t.row, t.col + 1).name} on top", px1 - half / 2, (py0 + py1) / 2, 90)
        if bottom:
            _label(c, theme, f"glue · {plan.tile(t.row + 1, t.col).name} on top", (px0 + px1) / 2, py0 + half / 2)
        for (u, v) in crosses:
            x, y = t.to_page(u, v)
            if px0 - 0.01 <= x <= px1 + 0.01 and py0 - 0.01 <= y <= py1 + 0.01:
                _crosshair(c, x, y, theme)
        c.restoreState()
        name = f"{title} · page {t.name} ({t.row + 1}/{plan.rows} down, {t.col + 1}/{plan.cols} across)"
        note = (f"Cut the dashed edges, match the crosshairs, glue or tape "
                f"({to_mm(overlap):g} mm overlap). Page 1 of the grid is A1, top left.",
                f"Cut the dashed edges, match the crosshairs, glue ({to_mm(overlap):g} mm overlap).",
                "Cut the dashed edges, match the crosshairs.")

        baseline, hy0, hy1 = header_line(theme, py1)

        def header(marks: list[float], px0=px0, px1=px1, baseline=baseline, name=name, note=note) -> None:
            _header(c, theme, name, note, px0, px1, baseline, marks)

        trims = (*t.to_page(0.0, 0.0), *t.to_page(width, height))
        _sheet_marks(c, theme, plan.page_width, plan.page_height, paper.margin, trims, bleed,
                     (px0, py0, px1, py1), f"{title} · page {t.name} · {plan.tiles.index(t) + 1}/{n}", header,
                     keep_clear=((0.0, hy0, plan.page_width, hy1),))
        c.showPage()
    c.save()
    return buf.getvalue(), plan


def sheet_fit(width: float, height: float, bleed: float, paper: Paper) -> tuple[float, float, bool] | None:
    """How a ``width`` × ``height`` pt trim (with ``bleed``) goes on one
    ``paper`` sheet at its true size: (page width, page height, roomy), or
    ``None`` when it does not fit.

    Landscape is tried first.  *Roomy*: the whole drawing (bleed and
    :data:`MARK_SPACE` on every side) fits inside the printable margins
    above the footer band.  Otherwise it still fits when the trim lies at
    least :data:`printkit.marks.MARK_MIN` plus :data:`printkit.marks.MARK_GAP`
    inside the printable margin on every side — crop marks need no more
    (they run from the sheet edge through the bleed) — and the footer goes
    wherever :func:`printkit.marks.plan_footer` finds room.
    """
    from printkit.marks import MARK_GAP, MARK_MIN

    ex0, ey0, ex1, ey1 = drawing_extent(width, height, bleed)
    dw, dh = ex1 - ex0, ey1 - ey0
    turns = ((paper.height, paper.width), (paper.width, paper.height))
    for pw, ph in turns:
        if dw <= pw - 2 * paper.margin + 1e-6 and dh <= ph - 2 * paper.margin - FOOTER + 1e-6:
            return pw, ph, True
    need = 2 * (paper.margin + MARK_MIN + MARK_GAP)
    for pw, ph in turns:
        if width + need <= pw + 1e-6 and height + need <= ph + 1e-6:
            return pw, ph, False
    return None


def render_single(draw: DrawFn, width: float, height: float, *, bleed: float, paper: Paper, theme,
                  title: str) -> bytes:
    """Centre the ``width`` × ``height`` pt drawing (with ``bleed`` and crop
    marks) at its true size on one ``paper`` sheet, turned to landscape when
    that fits (see :func:`sheet_fit`).  Raises :class:`printkit.PrintkitError`
    when it fits neither way.
    """
    ex0, ey0, ex1, ey1 = drawing_extent(width, height, bleed)
    dw, dh = ex1 - ex0, ey1 - ey0
    fit = sheet_fit(width, height, bleed, paper)
    if fit is None:
        raise PrintkitError(
            f"a {to_mm(width):.0f} × {to_mm(height):.0f} mm board with bleed and marks does not fit one "
            f"{paper.name} sheet; print it tiled instead"
        )
    pw, ph, roomy = fit
    c, buf = _new_canvas(pw, ph, theme, title)
    _define_drawing(c, "Drawing", draw, width, height, bleed, theme)
    x = (pw - dw) / 2 - ex0
    if roomy:
        y = paper.margin + FOOTER + (ph - 2 * paper.margin - FOOTER - dh) / 2 - ey0
    else:  # centred: the footer finds its own room around the bleed
        y = (ph - height) / 2
    c.saveState()
    c.translate(x, y)
    c.doForm("Drawing")
    c.restoreState()
    _sheet_marks(c, theme, pw, ph, paper.margin, (x, y, x + width, y + height), bleed, None, title)
    c.showPage()
    c.save()
    return buf.getvalue()

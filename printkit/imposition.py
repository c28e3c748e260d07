"""Imposition: place components n-up on sheets of paper, fronts and backs.

All lengths in points.  A sheet holds components of one size and shape, in a
grid centred on the page (so duplex mirroring is exact), filled in data order,
left to right, top to bottom.  Same-size pieces without bleed share cut lines;
pieces with bleed sit with their bleed areas abutting (2 × bleed between trims).

Duplex (the paper turned over by the printer):

* ``long`` — flip on the long edge: backs mirror the columns
  (``x_back = W − x − w``);
* ``short`` — flip on the short edge: backs mirror the rows
  (``y_back = H − y − h``);
* ``none`` — printed single-sided; backs pages still follow their fronts page,
  laid out as for ``long`` so the pair can be glued back to back.

``back_offset`` (dx, dy) in pt moves every back (right, up on the backs page),
never a front.  An empty front slot has an empty back slot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit import PrintkitError
from printkit.model import Component
from printkit.paper import Paper
from printkit.units import mm, to_mm

DUPLEX_MODES = ("long", "short", "none")

#: Height (pt) of the band at the bottom of every sheet holding the scale bars
#: and the page label; the same band is kept free at the top so grids stay
#: centred on the page.
FOOTER = mm(9)


@dataclass(frozen=True)
class Placement:
    """One component on a page: trim box bottom-left (``x``, ``y``) in pt."""

    component: Component
    x: float
    y: float
    bleed: float


@dataclass(frozen=True)
class SheetLayout:
    """One imposed sheet: its fronts and (possibly empty) backs placements.

    ``cols``/``rows``: grid size; ``pitch_x``/``pitch_y``: distance between
    neighbouring trims (pt); ``origin``: bottom-left trim corner of the grid's
    bottom-left cell.  ``backs`` is empty when no component has a back face.
    """

    fronts: tuple[Placement, ...]
    backs: tuple[Placement, ...]
    cols: int
    rows: int
    width: float
    height: float
    bleed: float
    pitch_x: float
    pitch_y: float
    origin: tuple[float, float]
    shape: str
    cut: bool


def grid_for(width: float, height: float, bleed: float, paper: Paper) -> tuple[int, int, float, float, float, float]:
    """Fit a grid of ``width`` × ``height`` pt pieces with ``bleed`` on ``paper``.

    Returns (cols, rows, pitch_x, pitch_y, x0, y0): the grid centred on the
    page, x0/y0 the bottom-left trim corner.  Raises
    :class:`printkit.PrintkitError` when not even one piece fits.
    """
    cx0, cy0, cx1, cy1 = paper.content
    avail_w = cx1 - cx0
    reserve = cy0 + FOOTER
    avail_h = paper.height - 2 * reserve
    pitch_x = width + 2 * bleed
    pitch_y = height + 2 * bleed
    eps = 1e-3  # pt: tolerate float noise when a piece fills the page exactly
    cols = int(math.floor((avail_w + eps) / pitch_x))
    rows = int(math.floor((avail_h + eps) / pitch_y))
    if cols < 1 or rows < 1:
        raise PrintkitError(
            f"a {to_mm(width):.1f} × {to_mm(height):.1f} mm piece with {to_mm(bleed):.1f} mm bleed "
            f"does not fit on {paper.name} paper"
        )
    grid_w = cols * pitch_x
    grid_h = rows * pitch_y
    x0 = (paper.width - grid_w) / 2 + bleed
    y0 = (paper.height - grid_h) / 2 + bleed
    return cols, rows, pitch_x, pitch_y, x0, y0


def impose(
    components: list[Component],
    paper: Paper,
    bleed: float,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[SheetLayout]:
    """Impose ``components`` (each repeated ``quantity`` times) onto sheets.

    ``bleed``: the build's bleed in pt, used where a component does not set
    its own (uncut components get none).  Components are grouped by size and
    shape in first-seen order, so each sheet holds one size.  Raises
    :class:`printkit.PrintkitError` for an unknown duplex mode or a piece
    larger than the paper.
    """
    if duplex not in DUPLEX_MODES:
        raise PrintkitError(f"duplex {duplex!r} not one of {', '.join(DUPLEX_MODES)}")
    groups: dict[tuple, list[Component]] = {}
    for comp in components:
        b = 0.0 if not comp.cut else (bleed if comp.bleed is None else comp.bleed)
        key = (round(comp.width, 4), round(comp.height, 4), round(b, 4), comp.shape, comp.cut)
        groups.setdefault(key, []).extend([comp] * comp.quantity)

    sheets: list[SheetLayout] = []
    dx, dy = back_offset
    for (_, _, b, shape, cut), pieces in groups.items():
        w, h = pieces[0].width, pieces[0].height
        cols, rows, px, py, x0, y0 = grid_for(w, h, b, paper)
        per_sheet = cols * rows
        for start in range(0, len(pieces), per_sheet):
            chunk = pieces[start:start + per_sheet]
            fronts, backs = [], []
            for i, comp in enumerate(chunk):
                col, row_from_top = i % cols, i // cols
                x = x0 + col * px
                y = y0 + (rows - 1 - row_from_top) * py
                fronts.append(Placement(comp, x, y, b))
                if comp.back is not None:
                    if duplex == "short":
                        bx, by = x, paper.height - y - h
                    else:
                        bx, by = paper.width - x - w, y
                    backs.append(Placement(comp, bx + dx, by + dy, b))
            sheets.append(SheetLayout(
                tuple(fronts), tuple(backs), cols, rows, w, h, b, px, py, (x0, y0), shape, cut,
            ))
    return sheets

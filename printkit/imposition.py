"""Imposition: place components n-up on sheets of paper, fronts and backs.

All lengths in points.  A sheet holds components of one size and shape, in a
grid centred on the page (so duplex mirroring is exact), filled in data order,
left to right, top to bottom; rows a group leaves empty on its last sheet take
the next group's first pieces in a second band (:func:`impose`).  Same-size pieces without bleed share cut lines;
pieces with bleed sit with their bleed areas abutting (2 × bleed between trims).

Duplex (the paper turned over by the printer):

* ``long`` — flip on the long edge: backs mirror the columns
  (``x_back = W − x − w``);
* ``short`` — flip on the short edge: backs mirror the rows
  (``y_back = H − y − h``);
* ``none`` — printed single-sided; backs pages still follow their fronts page,
  laid out as for ``long`` so the pair can be glued back to back.

``rotate_backs`` — for printers that print the back side upside down
(turned 180° from what the duplex setting promises): every backs page is
turned 180° about the sheet centre, R(x, y) = (W − x, H − y), so the
printer's own turn puts it back.  A back whose trim box is (x, y, w, h) in
the plain layout above is placed at (W − x − w, H − y − h) and drawn turned
180° inside its trim (``Placement.turned``); its shown-bleed sides swap
left ↔ right and bottom ↔ top.  The positions are those of the *other* flip
— a turned long-edge back sits where a plain short-edge back would (x kept,
y mirrored) and a turned short-edge back where a plain long-edge one would
(x mirrored, y kept) — but the art is upside down, which is exactly what
lands it behind its front once the printer has flipped the sheet on the
chosen edge *and* turned the back 180°.  (Such a printer's long-edge flip
plus its turn *is* a short-edge flip, and vice versa, so choosing the other
duplex mode instead also lands every back behind its front — but with the
back's art upside down relative to the front; ``rotate_backs`` keeps the
orientation of the mode chosen.)
Only the pieces (and so their crop marks) turn; the footer is planned
around them as on any page, so it reads upright on screen and upside down on
the printed back.  Only backs pages turn: fronts,
board tiles and one-sided parts have no backs and are unaffected; with
``none`` there is no printer flip, so ``rotate_backs`` is refused there.

``back_offset`` (dx, dy) in pt moves every back (right, up on the backs page
*as it stands in the PDF*, after any ``rotate_backs`` turn — the frame the
duplex alignment test printed with the same settings reads it in), never a
front.  An empty front slot has an empty back slot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit import PrintkitError
from printkit.model import Component
from printkit.paper import Paper, paper_label
from printkit.units import mm, to_mm

DUPLEX_MODES = ("long", "short", "none")

#: Height (pt) of the band above the printable margin at the bottom of a sheet
#: holding the crop marks' ends and, beyond them, the scale bars and the page
#: label (:mod:`printkit.marks`); the same band is kept free at the top so
#: grids stay centred on the page.  A grid that fits more pieces without the
#: bands takes them (:func:`grid_for`) and the footer moves to the side bands.
FOOTER = mm(6.8)
#: Least room (pt) between a trim line and the printable margin: 1 mm of
#: visible crop mark and a 0.3 mm gap (see :mod:`printkit.marks`).
TIGHT = mm(1.3)
#: Height (pt) of one footer strip (scale bars, or a 7 pt line) and the
#: clearance kept around it (:mod:`printkit.marks`).
FOOTER_STRIP = mm(3.4)
FOOTER_CLEAR = mm(0.6)
#: Gap (pt) between the art of two bands sharing a sheet (:func:`impose`): the
#: crop marks of both bands' vertical trim lines meet in it (:mod:`printkit.marks`).
BAND_GUTTER = mm(6)


@dataclass(frozen=True)
class Placement:
    """One component on a page.

    ``x``, ``y``: trim box bottom-left in pt.  ``bleed``: the art's full bleed
    (pt).  ``sides``: bleed actually shown on the (left, bottom, right, top)
    sides — equal to ``bleed`` everywhere in a gutter grid, 0 on the inner
    sides of a butted grid where neighbours share a cut line; ``sides`` are
    in page terms (a turned piece's page-left side is its art's right).
    """

    component: Component
    x: float
    y: float
    bleed: float
    sides: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    #: drawn turned 180° inside its trim box (a back with ``rotate_backs``)
    turned: bool = False

    @property
    def art_box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in pt of the visible art: trim plus shown bleed."""
        left, bottom, right, top = self.sides
        return (self.x - left, self.y - bottom,
                self.x + self.component.width + right, self.y + self.component.height + top)


@dataclass(frozen=True)
class SheetLayout:
    """One imposed sheet: its fronts and (possibly empty) backs placements.

    ``cols``/``rows``: grid size; ``pitch_x``/``pitch_y``: distance between
    neighbouring trims (pt); ``origin``: bottom-left trim corner of the grid's
    bottom-left cell; ``butted``: neighbours share cut lines (bleed only at
    the grid's outer edge).  ``backs`` is empty when no component has a back.
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
    butted: bool = False
    #: a second band of pieces of another size or shape sits below the grid's last
    #: used row (:func:`impose`); the grid fields describe the upper band
    mixed: bool = False


@dataclass(frozen=True)
class Grid:
    """A grid of pieces centred on the page (all pt).

    ``x0``/``y0``: bottom-left trim corner of the bottom-left cell;
    ``pitch_x``/``pitch_y``: trim-to-trim distance; ``butted``: no gutters.
    """

    cols: int
    rows: int
    pitch_x: float
    pitch_y: float
    x0: float
    y0: float
    butted: bool


def _available(paper: Paper) -> tuple[float, float]:
    cx0, cy0, cx1, _ = paper.content
    return cx1 - cx0, paper.height - 2 * (cy0 + FOOTER)


def _fit(avail: float, size: float, bleed: float, butted: bool) -> int:
    eps = 1e-3  # pt: tolerate float noise when a piece fills the page exactly
    if butted:  # n × w + 2b
        return int((avail - 2 * bleed + eps) // size)
    return int((avail + eps) // (size + 2 * bleed))  # gutters: n × (w + 2b)


class DoesNotFit(PrintkitError):
    """A piece larger than the paper's printable area (:func:`grid_for`)."""


def _fit_tight(box: float, margin: float, size: float, bleed: float, butted: bool, clear: float = TIGHT) -> int:
    """Pieces across ``box`` (pt) when their trims keep ``clear`` (:data:`TIGHT`:
    room for a crop mark) inside the printable margin and their art stays on the ``box``."""
    eps = 1e-3
    trims = box - 2 * (margin + clear)
    if butted:
        n = int((trims + eps) // size)
        return n if n * size + 2 * bleed <= box + eps else n - 1
    n = int((trims + 2 * bleed + eps) // (size + 2 * bleed))
    return n if n * (size + 2 * bleed) <= box + eps else n - 1


def _fits_within(width: float, height: float, bleed: float, paper: Paper, allow_butt: bool, marks: bool) -> str:
    """What a user can do when one piece does not fit inside ``paper``'s
    margin: ``" (it fits inside a printer margin of 8 mm or less)"``, the
    widest margin, in whole mm, below the given one at which :func:`grid_for`
    fits it; ``""`` when none does (down to 0 mm)."""
    for whole in range(math.ceil(to_mm(paper.margin)) - 1, -1, -1):
        try:
            grid_for(width, height, bleed, replace(paper, margin=mm(whole)), allow_butt=allow_butt, marks=marks)
        except DoesNotFit:
            continue
        return f" (it fits inside a --printer-margin of {whole} mm or less)"
    return ""


def grid_for(width: float, height: float, bleed: float, paper: Paper, *, allow_butt: bool = True,
             count: int | None = None, marks: bool = True) -> Grid:
    """Fit a grid of ``width`` × ``height`` pt pieces with ``bleed`` on ``paper``.

    Two layouts are tried: gutters (bleeds abut, 2 × bleed between trims) and,
    when ``allow_butt``, butted (pieces share cut lines, bleed only around the
    grid); the one holding more pieces wins, gutters on a tie.  Pieces first
    fit inside the printable margins with the footer bands kept free; letting
    the trims come within :data:`TIGHT` of the printable margin (the outer
    bleed may then run into the unprintable edge, which is cut away; crop
    marks show 1–2 mm) may hold more, and the footer moves to the side bands.
    ``count``: the pieces to print — the tight fit is taken only when it
    prints them on fewer sheets (12 poker cards on Letter: 2 sheets of 3 × 2
    either way, so not the 3 × 3 tight fit; 18: 2 sheets tight, 3 not);
    ``None``: whenever it holds more pieces a sheet.  ``marks=False`` (pieces
    used uncut: no crop marks) lets the tight fit's trims reach the printable
    margin itself.  The grid is centred on the page so duplex mirroring is
    exact.  Raises :class:`DoesNotFit` (a :class:`printkit.PrintkitError`) when
    not even one piece fits inside the printer margin, :class:`printkit.PrintkitError`
    when ``count`` is below 1.
    """
    if count is not None and count < 1:
        raise PrintkitError(f"grid_for: count {count} is not a number of pieces")
    avail_w, avail_h = _available(paper)
    options = [(_fit(avail_w, width, bleed, False), _fit(avail_h, height, bleed, False), False)]
    if allow_butt and bleed > 0:
        options.append((_fit(avail_w, width, bleed, True), _fit(avail_h, height, bleed, True), True))
    roomy = len(options)  # options before this fit inside the footer bands; those after are tight
    for butted in ([False, True] if allow_butt and bleed > 0 else [False]):
        clear = TIGHT if marks else 0.0
        cols = _fit_tight(paper.box_width, paper.margin, width, bleed, butted, clear)
        rows = _fit_tight(paper.box_height, paper.margin, height, bleed, butted, clear)
        art_w = cols * (width if butted else width + 2 * bleed) + (2 * bleed if butted else 0.0)
        art_h = rows * (height if butted else height + 2 * bleed) + (2 * bleed if butted else 0.0)
        band = max((paper.width - art_w) / 2, (paper.height - art_h) / 2) - paper.margin
        if band - 2 * FOOTER_CLEAR >= FOOTER_STRIP:  # the footer still finds a band
            options.append((cols, rows, butted))
    def most(opts):
        best = opts[0]
        for opt in opts[1:]:
            if opt[0] * opt[1] > best[0] * best[1] and opt[0] >= 1 and opt[1] >= 1:
                best = opt
        return best

    best = most(options)
    if count is not None and options[roomy:]:
        def sheets(opt) -> float:
            per = opt[0] * opt[1] if opt[0] >= 1 and opt[1] >= 1 else 0
            return -(-count // per) if per else math.inf

        roomy_best, tight_best = most(options[:roomy]), most(options[roomy:])
        best = tight_best if sheets(tight_best) < sheets(roomy_best) else roomy_best
    cols, rows, butted = best
    if cols < 1 or rows < 1:
        raise DoesNotFit(
            f"a {to_mm(width):.1f} × {to_mm(height):.1f} mm piece with {to_mm(bleed):.1f} mm bleed "
            f"does not fit on {paper_label(paper.name)} paper inside a {to_mm(paper.margin):g} mm printer margin"
            + _fits_within(width, height, bleed, paper, allow_butt, marks)
        )
    px, py = (width, height) if butted else (width + 2 * bleed, height + 2 * bleed)
    grid_w = cols * px + (2 * bleed if butted else 0.0)
    grid_h = rows * py + (2 * bleed if butted else 0.0)
    x0 = (paper.width - grid_w) / 2 + bleed
    y0 = (paper.height - grid_h) / 2 + bleed
    return Grid(cols, rows, px, py, x0, y0, butted)


def _rows_below(g: Grid, bleed: float, ceiling: float) -> int:
    """Rows of ``g`` (counted from its bottom row) whose art stays below
    ``ceiling`` (pt)."""
    eps = 1e-3
    room = ceiling - (g.y0 - bleed) - (2 * bleed if g.butted else 0.0)
    return max(0, min(g.rows, int((room + eps) // g.pitch_y)))


def impose(
    components: list[Component],
    paper: Paper,
    bleed: float,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    rotate_backs: bool = False,
    *,
    combine: bool = True,
    fit_count: int | None = None,
) -> list[SheetLayout]:
    """Impose ``components`` (each repeated ``quantity`` times) onto sheets.

    ``bleed``: the build's bleed in pt, used where a component does not set
    its own (uncut components get none).  Components are grouped by size and
    shape in first-seen order, each group on its own grid; when a group's last
    sheet has rows to spare, the next group's first pieces (cut pieces after
    cut pieces) take them in a second band below (``SheetLayout.mixed``), as
    many rows of its own grid as fit :data:`BAND_GUTTER` under the first band's
    art — at most two bands a sheet: each band's vertical crop marks run to its
    own sheet edge (upper band: top, lower band: bottom) and into the gutter
    between the bands (``combine=False``: every group on sheets of its
    own).  Rectangles may
    butt (see :func:`grid_for`); round and hex pieces keep their gutters.
    A tight fit (:func:`grid_for`) is used only where it saves a sheet: the
    pieces are imposed with each group's grid fitted for its number of pieces
    (``count``), and again with every group on its fullest grid; the second
    is kept only when it takes fewer sheets (five poker cards on Letter fill
    a roomy 3 × 2 grid, but on a tight 3 × 3 they leave a row for the next
    group's tokens).  ``fit_count``, when given, fits every group for that
    many pieces instead, in one pass — a caller imposing a long run a sheet at
    a time (:mod:`printkit.deck`) gets every sheet on the grid of the whole run.
    ``back_offset`` (pt) and ``rotate_backs``: see the module docstring.
    Raises :class:`printkit.PrintkitError` for an unknown duplex mode, for
    ``rotate_backs`` with duplex ``none``, or a piece larger than the paper.
    """
    if duplex not in DUPLEX_MODES:
        raise PrintkitError(f"duplex {duplex!r} not one of {', '.join(DUPLEX_MODES)}")
    if rotate_backs and duplex == "none":
        raise PrintkitError("rotate_backs needs duplex 'long' or 'short' (with 'none' backs are glued by hand)")
    if fit_count is not None:
        return _impose(components, paper, bleed, duplex, back_offset, rotate_backs, combine, lambda n: fit_count)
    roomy = _impose(components, paper, bleed, duplex, back_offset, rotate_backs, combine, lambda n: n)
    fullest = _impose(components, paper, bleed, duplex, back_offset, rotate_backs, combine, lambda n: None)
    return fullest if len(fullest) < len(roomy) else roomy


def _impose(components: list[Component], paper: Paper, bleed: float, duplex: str,
            back_offset: tuple[float, float], rotate_backs: bool, combine: bool,
            count_for) -> list[SheetLayout]:
    """:func:`impose`, each group's grid fitted by :func:`grid_for` with
    ``count=count_for(pieces in the group)``."""
    groups: dict[tuple, list[Component]] = {}
    for comp in components:
        b = 0.0 if not comp.cut else (bleed if comp.bleed is None else comp.bleed)
        key = (round(comp.width, 4), round(comp.height, 4), round(b, 4), comp.shape, comp.cut)
        groups.setdefault(key, []).extend([comp] * comp.quantity)

    sheets: list[SheetLayout] = []
    dx, dy = back_offset

    def place(comp: Component, x: float, y: float, b: float, sides, fronts: list, backs: list) -> None:
        w, h = comp.width, comp.height
        fronts.append(Placement(comp, x, y, b, sides))
        if comp.back is None:
            return
        left, bottom, right, top = sides
        if duplex == "short":
            bx, by, bsides = x, paper.height - y - h, (left, top, right, bottom)
        else:
            bx, by, bsides = paper.width - x - w, y, (right, bottom, left, top)
        if rotate_backs:  # turned 180° about the sheet centre
            bl, bb, br, bt = bsides
            bx, by, bsides = paper.width - bx - w, paper.height - by - h, (br, bt, bl, bb)
        backs.append(Placement(comp, bx + dx, by + dy, b, bsides, rotate_backs))

    def fill(chunk: list[Component], g: Grid, top_row: int, b: float, fronts: list, backs: list) -> None:
        """Place ``chunk`` in ``g``'s cells from row ``top_row`` down (row 0 at
        the bottom), left to right, top to bottom."""
        taken = {(i % g.cols, top_row - i // g.cols) for i in range(len(chunk))}
        for i, comp in enumerate(chunk):
            col, row = i % g.cols, top_row - i // g.cols
            x, y = g.x0 + col * g.pitch_x, g.y0 + row * g.pitch_y
            if g.butted:
                # bleed on every side without a neighbour sharing the cut line
                sides = tuple(0.0 if n in taken else b for n in (
                    (col - 1, row), (col, row - 1), (col + 1, row), (col, row + 1)))
            else:
                sides = (b, b, b, b)
            place(comp, x, y, b, sides, fronts, backs)

    # The last sheet of a group with rows to spare takes the next group's first pieces
    # in a band below its own (same cut/uncut kind): [index in sheets, art bottom (pt)].
    open_sheet: tuple[int, float] | None = None
    for (_, _, b, shape, cut), pieces in groups.items():
        w, h = pieces[0].width, pieces[0].height
        g = grid_for(w, h, b, paper, allow_butt=shape == "rect", count=count_for(len(pieces)), marks=cut)
        per_sheet = g.cols * g.rows
        if combine and open_sheet is not None and cut and sheets[open_sheet[0]].cut:
            index, ceiling = open_sheet
            # the band sits on the footer band at the foot of the sheet (a grid fitted
            # tight may reach below it), so the sheet keeps room for its footer
            floor = paper.content[1] + FOOTER
            if g.y0 - b < floor:
                g = Grid(g.cols, g.rows, g.pitch_x, g.pitch_y, g.x0, floor + b, g.butted)
            rows = _rows_below(g, b, ceiling - BAND_GUTTER)
            if rows >= 1:
                host = sheets[index]
                chunk, pieces = pieces[:rows * g.cols], pieces[rows * g.cols:]
                fronts, backs = list(host.fronts), list(host.backs)
                fill(chunk, g, rows - 1, b, fronts, backs)
                sheets[index] = replace(host, fronts=tuple(fronts), backs=tuple(backs), mixed=True)
        open_sheet = None
        for start in range(0, len(pieces), per_sheet):
            chunk = pieces[start:start + per_sheet]
            fronts, backs = [], []
            fill(chunk, g, g.rows - 1, b, fronts, backs)
            sheets.append(SheetLayout(
                tuple(fronts), tuple(backs), g.cols, g.rows, w, h, b, g.pitch_x, g.pitch_y,
                (g.x0, g.y0), shape, cut, g.butted,
            ))
            used_rows = -(-len(chunk) // g.cols)
            if used_rows < g.rows:
                open_sheet = (len(sheets) - 1, g.y0 + (g.rows - used_rows) * g.pitch_y - b)
    return sheets

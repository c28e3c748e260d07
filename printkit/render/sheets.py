"""Render a :class:`printkit.model.ComponentSet` to an imposed, marked PDF.

A face that appears more than once (by key) is drawn once as a form XObject,
clipped to its bleed shape, and placed wherever it is needed; a face used
only once is drawn in place (a form would only add objects).  Every page carries crop marks
(or cut lines), the 50 mm and 2 in scale bars and a page label; TrimBox and
BleedBox enclose the pieces' trims and bleeds.  Output is deterministic
(reportlab ``invariant=1``).  Lengths in points.
"""

from __future__ import annotations

import hashlib
import io
import zlib
from collections import Counter
from dataclasses import replace
from typing import Callable, Iterable

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from printkit.imposition import Placement, SheetLayout, impose
from printkit.marks import (
    MARK_AIM,
    art_bounds,
    draw_crop_marks,
    draw_cut_lines,
    draw_footer_plan,
    footer_items,
    hexagon_points,
    plan_footer,
    polygon_path,
    visible_length,
)
from printkit.model import ComponentSet, Face, FaceBox
from printkit.paper import Paper, paper_label
from printkit.pdf import DUPLEX_HINT
from printkit.units import to_mm


# Streams as plain Flate: ASCII85 on top only makes files 25 % bigger and slower to
# write and to check.
rl_config.useA85 = 0


def form_name(key: str) -> str:
    """A PDF-safe, stable XObject name for a face key."""
    return "F" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


def clip_shape(c, shape: str, w: float, h: float, b: float) -> None:
    """Clip ``c`` to a ``w`` × ``h`` pt piece of ``shape`` (rect, circle, hex)
    grown by the bleed ``b`` pt (a hex with bleed clips to its bleed square)."""
    if shape == "hex" and b == 0:
        path = polygon_path(c, hexagon_points(0, 0, w, h))
    else:
        path = c.beginPath()
        if shape == "circle":
            path.circle(w / 2, h / 2, w / 2 + b)
        else:
            path.rect(-b, -b, w + 2 * b, h + 2 * b)
    c.clipPath(path, stroke=0, fill=0)


def _face_name(face: Face, p: Placement) -> str:
    comp = p.component
    return form_name(f"{face.key}|{comp.width:.4f}|{comp.height:.4f}|{p.bleed:.4f}|{comp.shape}")


def _draw_face(c, face: Face, p: Placement, theme) -> None:
    comp, b = p.component, p.bleed
    c.saveState()
    clip_shape(c, comp.shape, comp.width, comp.height, b)
    face.draw(c, FaceBox(comp.width, comp.height, b, comp.safe, theme, comp.shape))
    c.restoreState()


def _place_face(c, face: Face, p: Placement, theme, defined: set[str], shared_face: Callable[[str, Face], bool]) -> None:
    comp = p.component
    name = _face_name(face, p)
    shared = shared_face(name, face)
    if shared and name not in defined:
        b = p.bleed
        c.beginForm(name, lowerx=-b, lowery=-b, upperx=comp.width + b, uppery=comp.height + b)
        _draw_face(c, face, p, theme)
        c.endForm()
        defined.add(name)
    c.saveState()
    rect = comp.shape == "rect"
    if rect and (not shared or p.sides != (p.bleed,) * 4):
        # the visible art: bleed only on the sides without a neighbour (butted grid);
        # for a face drawn in place this one clip is also its bleed clip
        x0, y0, x1, y1 = p.art_box
        clip = c.beginPath()
        clip.rect(x0, y0, x1 - x0, y1 - y0)
        c.clipPath(clip, stroke=0, fill=0)
    c.translate(p.x, p.y)
    if p.turned:  # a back turned 180° inside its trim (rotate_backs)
        c.translate(comp.width, comp.height)
        c.rotate(180)
    if shared:
        c.doForm(name)
    elif rect:
        face.draw(c, FaceBox(comp.width, comp.height, p.bleed, comp.safe, theme, comp.shape))
    else:
        _draw_face(c, face, p, theme)
    c.restoreState()


_OPPOSITE = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}


def _page(c, sheet: SheetLayout, placements, faces_of, paper: Paper, theme, labels: tuple[str, ...], defined,
          fields_out: list | None, uses: Callable[[str, Face], bool], keep_clear=()) -> tuple[float | None, list[str]]:
    """Draw one page: faces, the footer, then the crop marks (or cut lines).
    ``labels``: the page label, then shorter forms of it, tried in turn
    when the one before finds no room in the footer.
    With ``fields_out`` (a list), append the placed components' form fields,
    moved to page coordinates.  Returns the shortest crop mark's visible
    length inside the printable area (pt; ``None`` without crop marks) and
    the footer items that found no room."""
    c.setPageSize((paper.width, paper.height))
    if placements:
        x0, y0, x1, y1 = art_bounds(list(placements))
        tx0 = min(p.x for p in placements)
        ty0 = min(p.y for p in placements)
        tx1 = max(p.x + p.component.width for p in placements)
        ty1 = max(p.y + p.component.height for p in placements)
        clamp = lambda v, hi: max(0.0, min(v, hi))  # noqa: E731
        c.setBleedBox((clamp(x0, paper.width), clamp(y0, paper.height), clamp(x1, paper.width), clamp(y1, paper.height)))
        c.setTrimBox((clamp(tx0, paper.width), clamp(ty0, paper.height), clamp(tx1, paper.width), clamp(ty1, paper.height)))
    for p in placements:
        _place_face(c, faces_of(p.component), p, theme, defined, uses)
        if fields_out is not None and p.component.fields is not None:
            fields_out.extend(spec.moved(p.x, p.y) for spec in p.component.fields(p.component))
    crop = sheet.cut and any(p.component.shape == "rect" for p in placements)
    W, H = paper.width, paper.height
    # a backs page turned 180° (--rotate-backs) prints upside down: its footer is planned
    # on the unturned layout and drawn turned with the pieces, so it reads upright on paper
    turned = bool(placements) and all(p.turned for p in placements)
    planned = [replace(p, x=W - p.x - p.component.width, y=H - p.y - p.component.height,
                       sides=(p.sides[2], p.sides[3], p.sides[0], p.sides[1])) for p in placements] \
        if turned else list(placements)
    # the keep-clear zones stay where they are on paper: on a turned page, plan in the turned frame
    zones = [(W - x1, H - y1, W - x0, H - y0) for x0, y0, x1, y1 in keep_clear] if turned else list(keep_clear)
    for label in labels:
        plan = plan_footer(footer_items(c, theme, label), W, H, paper.margin, planned, marks=crop, keep_clear=zones)
        if "label" not in plan.missing:
            break
    c.saveState()
    if turned:
        c.translate(W, H)
        c.rotate(180)
    draw_footer_plan(c, theme, plan, W, H)
    c.restoreState()
    stops = {_OPPOSITE[side]: v for side, v in plan.stops.items()} if turned else plan.stops
    shortest = None
    if sheet.cut and placements:
        cut = theme.colour("cut")
        if any(p.component.shape != "rect" for p in placements):
            draw_cut_lines(c, list(placements), cut)
        if crop:  # last: nothing is painted over a crop mark
            segs = draw_crop_marks(c, list(placements), W, H, cut, paper.margin,
                                   halo=theme.colour("paper"), stops=stops, keep_clear=keep_clear)
            shortest = min((visible_length(sg, paper.width, paper.height, paper.margin) for sg in segs),
                           default=None)
    c.showPage()
    _seal_page(c)
    return shortest, plan.missing


def _seal_page(c) -> None:
    """Compress the page just shown now, as reportlab would when it saves the
    file (the same Flate stream, the same bytes), so the canvas holds each
    finished page as about a tenth of its operators' text: sheet by sheet, a
    deck of 8,700 cards keeps 1.5 MB of pages in memory, not 16 MB."""
    from reportlab.pdfbase import pdfdoc

    page = c._doc.Pages.pages[-1]
    if not page.compression or page.Contents or not page.stream or page.Override_default_compilation:
        return  # reportlab builds it at save, as usual
    text = page.stream
    stream = pdfdoc.PDFStream(content=zlib.compress(text.encode("utf8") if isinstance(text, str) else text))
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
    stream.__Comment__ = "page stream"
    page.Contents, page.stream = stream, None


def render_set(
    cset: ComponentSet,
    *,
    paper: Paper,
    theme,
    bleed: float,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    game_title: str = "",
    fillable: bool = False,
    rotate_backs: bool = False,
    notes: list[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep_clear: tuple = (),
    sheets_out: list | None = None,
) -> tuple[bytes, int]:
    """Impose and draw ``cset``; return (PDF bytes, page count).

    ``notes`` (a list) receives one line when the pieces fill the sheet so
    tightly that a crop mark shows less than :data:`printkit.marks.MARK_AIM`
    inside the printable margin, and when a footer item found no room.

    ``bleed`` and ``back_offset`` in pt.  A fronts page is followed by its
    backs page whenever a piece on it has a back; when printing duplex, a
    sheet of one-sided pieces in a set that has backs is followed by a blank
    page, so every fronts page of the file prints on a front.  With ``fillable`` the
    components' ``fields`` (see :mod:`printkit.render.forms`) become AcroForm
    fields on the fronts pages, added after the canvas is saved; the drawn
    pages are the same as without.  With ``rotate_backs`` every backs page is
    turned 180° about the sheet centre (see :mod:`printkit.imposition`).
    ``progress(done, total)`` (optional) is called once a sheet (its fronts
    and backs pages) is drawn: sheets drawn, sheets in all.  ``keep_clear``:
    rectangles (x0, y0, x1, y1, pt, on paper) where no footer item or crop
    mark is drawn — a cutting machine's registration zones
    (:mod:`printkit.export.cut`); the pieces are kept out by the caller.
    Leftover rows take the next group's pieces (:func:`printkit.imposition.impose`)
    unless a sheet of two bands then has no room for a footer item; the set
    is then imposed again, each group on sheets of its own.  ``sheets_out``
    (a list) receives the :class:`~printkit.imposition.SheetLayout` drawn.
    """
    for combine in (True, False):
        sheets = impose(list(cset.components), paper, bleed, duplex, back_offset, rotate_backs, combine=combine)
        uses = Counter(_face_name(p.component.front, p) for sheet in sheets for p in sheet.fronts)
        uses.update(_face_name(p.component.back, p) for sheet in sheets for p in sheet.backs)
        data, pages, short_marks, missing = draw_sheets(
            sheets, len(sheets), title=cset.title, paper=paper, theme=theme, duplex=duplex,
            two_sided=any(sheet.backs for sheet in sheets), shared=lambda name, face: uses[name] > 1,
            game_title=game_title, fillable=fillable, rotate_backs=rotate_backs, progress=progress,
            keep_clear=keep_clear)
        if not (missing and any(sheet.mixed for sheet in sheets)):
            break  # else: a sheet of two bands left no room for its label: each group on its own sheets
    if sheets_out is not None:
        sheets_out[:] = sheets
    sheet_notes(notes, cset.title, paper, short_marks, missing)
    return data, pages


def sheet_notes(notes: list[str] | None, title: str, paper: Paper, short_marks: float, missing: set[str]) -> None:
    """Append to ``notes`` (when a list) the lines :func:`render_set`
    promises: crop marks shown shorter than :data:`printkit.marks.MARK_AIM`
    (``short_marks``, pt) and the footer items that found no room."""
    if notes is not None and short_marks < MARK_AIM:
        notes.append(f"{title}: the pieces fill the {paper_label(paper.name)} sheet; crop marks show "
                     f"{to_mm(short_marks):.1f} mm inside the {to_mm(paper.margin):g} mm printer margin")
    if notes is not None and missing:
        notes.append(f"{title}: no room on the sheet for the footer's {', '.join(sorted(missing))}")


def draw_sheets(sheets: Iterable[SheetLayout], count: int, *, title: str, paper: Paper, theme, duplex: str,
                two_sided: bool, shared: Callable[[str, Face], bool], game_title: str = "", fillable: bool = False,
                rotate_backs: bool = False, progress=None, keep_clear=()) -> tuple[bytes, int, float, set[str]]:
    """Draw imposed ``sheets`` — ``count`` of them, taken one at a time, so a
    caller may make each sheet's pieces just before it is drawn and drop them
    after (a deck, :func:`printkit.deck.build_deck`) — on one canvas (see
    :func:`render_set`, which passes the whole imposition).  ``title``: the
    set's title; ``two_sided``: some sheet has backs (a fronts-only sheet
    then gets a blank back page when printing duplex); ``shared(name,
    face)``: whether a face is placed more than once, so drawn once as the
    form XObject ``name``.  Every finished page is compressed at once
    (:func:`_seal_page`).  Returns (PDF bytes, pages, the shortest visible
    crop mark in pt, the footer items that found no room)."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(paper.width, paper.height), invariant=1,
               initialFontName=theme.font("body"), initialFontSize=9)
    c.setTitle(f"{game_title} — {title}" if game_title else title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setSubject(title)
    c.setViewerPreference("PrintScaling", "None")
    two_sided = duplex in ("long", "short") and two_sided
    c.setViewerPreference("Duplex", DUPLEX_HINT[duplex if two_sided else "none"].lstrip("/"))
    defined: set[str] = set()
    uses = shared
    page_fields: dict[int, list] = {}
    short_marks, missing = MARK_AIM, set()
    # "Archaeologia · EVENT cards"; a deck's title once, not "mydeck · mydeck"
    name = " · ".join(dict.fromkeys(t for t in (game_title, title) if t))
    pages = 0
    n = count
    for i, sheet in enumerate(sheets, 1):
        head = f"{name} · sheet {i}/{n}"
        side = " · fronts" if sheet.backs else ""
        fields_out: list | None = [] if fillable else None
        results = [_page(c, sheet, sheet.fronts, lambda comp: comp.front, paper, theme,
                         _labels(head + side, title, i, n, side), defined, fields_out, uses, keep_clear)]
        if fields_out:
            page_fields[pages] = fields_out
        pages += 1
        if sheet.backs:
            results.append(_page(c, sheet, sheet.backs, lambda comp: comp.back, paper, theme,
                                 _labels(head + f" · backs ({duplex_label(duplex)}{', turned 180°' if rotate_backs else ''})",
                                         title, i, n, " · backs" + (" turned 180°" if rotate_backs else "")),
                                 defined, None, uses, keep_clear))
            pages += 1
        elif two_sided:  # a fronts-only sheet among two-sided ones: a blank back keeps later fronts on fronts
            results.append(_page(c, sheet, [], lambda comp: None, paper, theme,
                                 _labels(head + " · back left blank", title, i, n, " · back left blank"),
                                 defined, None, uses, keep_clear))
            pages += 1
        shortest = min((r[0] for r in results if r[0] is not None), default=None)
        if shortest is not None and shortest < MARK_AIM - 1e-6:
            short_marks = min(short_marks, shortest)
        missing.update(kind for r in results for kind in r[1])
        if progress is not None:
            progress(i, n)
    c.save()
    data = buf.getvalue()
    if page_fields:
        from printkit.render.forms import add_fields  # pikepdf: only for fillable sheets

        data = add_fields(data, page_fields, font_file=theme.font_files["body"], colour=theme.hex("ink"))
    return data, pages, short_marks, missing




def _labels(full: str, title: str, i: int, n: int, side: str) -> tuple[str, ...]:
    """A sheet's page label ``full``, then shorter forms for a footer with
    less room (a wide printer margin): without the game's title, then only
    the sheet's number and side ("sheet 3/9 · backs"), so every page still
    says where it goes in the stack."""
    return (full, f"{title} · sheet {i}/{n}{side}", f"sheet {i}/{n}{side}")


def duplex_label(duplex: str) -> str:
    """Short human text for a duplex mode, printed on backs pages."""
    return {
        "long": "duplex, flip on long edge",
        "short": "duplex, flip on short edge",
        "none": "glue behind the fronts sheet",
    }[duplex]

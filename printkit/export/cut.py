"""``--format cut``: files for a cutting machine (Silhouette, Cricut's
print-then-cut, …).

For every part with cut components (uncut sheets and documents are skipped
with a note) two kinds of file, in ``<out>/<kit>/cut/``:

* ``<part>.pdf`` — the print PDF: the engine's own imposed sheets
  (:func:`printkit.render.sheets.render_set`, same bleed, duplex and backs)
  on the build's paper, and on every fronts page three registration marks
  in the Silhouette style (Silhouette Studio's "Type 1"): a filled
  :data:`SQUARE` square in the top-left corner and L marks (arms :data:`ARM`
  long, :data:`THICK` thick) in the top-right and bottom-left corners, their
  outer edges :func:`inset` (about 10 mm) from the paper edge, always inside
  the printable area (at least 1 mm inside ``--printer-margin``).
  Around each mark lies a **keep-clear zone** (:func:`keep_clear`): the
  square from the paper corner to :data:`CLEAR` beyond the mark's arms,
  the area the machine's optical sensor scans (Silhouette Studio hatches
  it).  No ink enters a zone, on any page: the pieces' margin is widened
  (:func:`cut_margin`) until no piece's art (trim plus bleed) touches one,
  the footer (scale bars, label) is planned around them and crop marks
  stop at their edges.
* ``<part>-sheet-<n>.svg`` — one per sheet (``n`` from 1, zero-padded to
  the digits of the last: ``-sheet-01`` … ``-sheet-12``), page-sized, in **mm** (viewBox
  in mm, y down from the top edge): the same three marks (group
  ``registration``) and one closed cut path per piece on its trim line
  (group ``cut``): ``rect`` with ``rx`` = the corner radius (3 mm for poker
  cards unless the component sets its own ``corner``), ``circle``, or a
  ``polygon`` for hexes.  The positions are those of the PDF's pieces and
  marks (one imposition for both), to well under 0.1 mm (3 decimals).

The print PDF takes the build's ``--back-offset`` and ``--rotate-backs``
(backs only; fronts, marks and the SVG are unchanged by them) and its
``--scale``, applied last to the whole page, marks included, so that the
*print* measures what the SVG says.

Load the SVG in the cutter's software over the printed sheet's marks, or
print the PDF and cut the SVG's ``cut`` layer.
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from xml.sax.saxutils import quoteattr

from printkit.export.kinds import Exported, Source
from printkit.export.faces import corner_radius
from printkit.imposition import impose
from printkit.marks import hexagon_points
from printkit.model import ComponentSet
from printkit.units import mm, to_mm

#: Distance (pt) from the paper edge to the marks' outer edges, when the printer margin allows.
INSET = mm(10)
#: Side (pt) of the top-left square mark.
SQUARE = mm(5)
#: Length and thickness (pt) of an L mark's arms.
ARM, THICK = mm(20), mm(0.5)
#: Room (pt) kept clear between a mark and the nearest piece's art.
CLEAR = mm(2)


def inset(paper) -> float:
    """The marks' inset (pt): :data:`INSET`, or 1 mm inside the printer
    margin when that is wider."""
    return max(INSET, paper.margin + mm(1))


def keep_out(paper) -> float:
    """Margin (pt) the pieces keep from the paper edge on a cut sheet: the
    marks' inset, the square and :data:`CLEAR`."""
    return inset(paper) + SQUARE + CLEAR


def keep_clear(width: float, height: float, ins: float) -> list[tuple[float, float, float, float]]:
    """The keep-clear zones of a ``width`` × ``height`` pt page whose marks
    sit ``ins`` pt from the edges, as (x0, y0, x1, y1) in pt, PDF frame:
    top-left, top-right, bottom-left — each the square from the paper
    corner to ``ins`` + :data:`ARM` + :data:`CLEAR` (the L's arms and the
    clearance; the square mark gets the same zone)."""
    z = ins + ARM + CLEAR
    return [(0.0, height - z, z, height), (width - z, height - z, width, height), (0.0, 0.0, z, z)]


def _touches(box, zones) -> bool:
    x0, y0, x1, y1 = box
    return any(x0 < zx1 and x1 > zx0 and y0 < zy1 and y1 > zy0 for zx0, zy0, zx1, zy1 in zones)


def cut_margin(comps, paper, bleed: float, duplex: str, back_offset, rotate_backs: bool) -> float:
    """The printable margin (pt) the pieces get on a cut sheet: from
    :func:`keep_out` up in 1 mm steps, the first at which no piece's art,
    front or back, touches a :func:`keep_clear` zone (at most the zones'
    size, where none can)."""
    ins = inset(paper)
    zones = keep_clear(paper.width, paper.height, ins)
    top = ins + ARM + CLEAR
    m = keep_out(paper)
    while m < top:
        sheets = impose(list(comps), replace(paper, margin=m), bleed, duplex, back_offset, rotate_backs)
        if not any(_touches(p.art_box, zones) for sh in sheets for p in (*sh.fronts, *sh.backs)):
            return m
        m += mm(1)
    return top


def marks(width: float, height: float, ins: float) -> list[tuple[float, float, float, float]]:
    """The registration marks of a ``width`` × ``height`` pt page as filled
    rectangles (x, y, w, h) in pt, PDF frame (origin bottom-left): the
    top-left square, then the top-right L's two arms, then the bottom-left
    L's two arms."""
    return [
        (ins, height - ins - SQUARE, SQUARE, SQUARE),
        (width - ins - ARM, height - ins - THICK, ARM, THICK),
        (width - ins - THICK, height - ins - ARM, THICK, ARM),
        (ins, ins, ARM, THICK),
        (ins, ins, THICK, ARM),
    ]


def _marks_page(width: float, height: float, ins: float):
    """A pypdf page holding only the marks: black filled rectangles, no
    resources (so merging it adds no font or colour space)."""
    from pypdf import PageObject
    from pypdf.generic import DecodedStreamObject, NameObject

    from printkit.pdf import _num

    page = PageObject.create_blank_page(width=width, height=height)
    ops = ["q", "0 0 0 rg"] + [f"{_num(x)} {_num(y)} {_num(w)} {_num(h)} re f"
                               for x, y, w, h in marks(width, height, ins)] + ["Q"]
    stream = DecodedStreamObject()
    stream.set_data(("\n".join(ops) + "\n").encode("ascii"))
    page[NameObject("/Contents")] = stream
    return page


def _with_marks(pdf: bytes, front_pages: list[int], width: float, height: float, ins: float, title: str,
                duplex: str) -> bytes:
    from pypdf import PdfReader, PdfWriter

    from printkit.pdf import finish

    mark = _marks_page(width, height, ins)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    for i in front_pages:
        writer.pages[i].merge_page(mark, over=True)
    finish(writer, title=title, duplex=duplex, seed=pdf)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _n(v_pt: float) -> str:
    s = f"{to_mm(v_pt):.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


#: Characters kept in an SVG id made from a piece's name (the rest become ``_``).
_ID_UNSAFE = re.compile(r"[^\w.-]")


def _ids():
    """A maker of ids unique in one SVG document: a piece's name with every
    character outside letters, digits, ``_ . -`` made ``_`` (so it is an XML
    name and safe in an attribute), ``-2``, ``-3``, … appended to repeats;
    the groups' own ids (``registration``, ``cut``) are taken."""
    seen = {"registration", "cut"}

    def make(name: str) -> str:
        base = _ID_UNSAFE.sub("_", str(name))[:100] or "piece"
        if not (base[0].isalpha() or base[0] == "_"):
            base = "_" + base
        ident, n = base, 1
        while ident in seen:
            n += 1
            ident = f"{base}-{n}"
        seen.add(ident)
        return quoteattr(ident)

    return make


def sheet_svg(placements, width: float, height: float, ins: float) -> str:
    """The SVG (text) of one sheet: marks and cut paths, lengths in mm, y down.
    Every piece's ``id`` is made from its name, escaped and unique in the
    document (see :func:`_ids`)."""
    H = height
    make_id = _ids()
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}mm" height="{_n(height)}mm" '
        f'viewBox="0 0 {_n(width)} {_n(height)}">',
        '<g id="registration" fill="#000000" stroke="none">',
    ]
    for x, y, w, h in marks(width, height, ins):
        out.append(f'<rect x="{_n(x)}" y="{_n(H - y - h)}" width="{_n(w)}" height="{_n(h)}"/>')
    out.append("</g>")
    out.append('<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">')
    for p in placements:
        c = p.component
        w, h = c.width, c.height
        ident = make_id(c.name)
        if c.shape == "circle":
            out.append(f'<circle id={ident} cx="{_n(p.x + w / 2)}" cy="{_n(H - p.y - h / 2)}" r="{_n(w / 2)}"/>')
        elif c.shape == "hex":
            pts = " ".join(f"{_n(x)},{_n(H - y)}" for x, y in hexagon_points(p.x, p.y, w, h))
            out.append(f'<polygon id={ident} points="{pts}"/>')
        else:
            r = corner_radius(c)
            rr = f' rx="{_n(r)}" ry="{_n(r)}"' if r > 0 else ""
            out.append(f'<rect id={ident} x="{_n(p.x)}" y="{_n(H - p.y - h)}" width="{_n(w)}" '
                       f'height="{_n(h)}"{rr}/>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def export_cut(src: Source) -> Exported:
    """The cut files of ``src`` (see the module docstring)."""
    from printkit.pdf import scale_pdf, unique_subset_tags
    from printkit.render.sheets import render_set

    result = Exported("cut")
    paper = src.paper
    ins = inset(paper)
    zones = tuple(keep_clear(paper.width, paper.height, ins))
    skipped = []
    for name, title, cset in src.parts:
        comps = tuple(c for c in cset.components if c.cut and c.quantity > 0)
        if not comps:
            skipped.append(name)
            continue
        sub = ComponentSet(cset.name, cset.title, cset.stock, comps)
        cut_paper = replace(paper, margin=cut_margin(comps, paper, src.bleed, src.duplex, src.back_offset,
                                                     src.rotate_backs))
        sheets: list = []  # the sheets render_set drew, for the SVG cut paths
        pdf, _pages = render_set(sub, paper=cut_paper, theme=src.theme, bleed=src.bleed, duplex=src.duplex,
                                 back_offset=src.back_offset, rotate_backs=src.rotate_backs,
                                 game_title=f"{src.title} (cut)", keep_clear=zones, sheets_out=sheets)
        # a fronts-only sheet among two-sided ones is followed by a blank back (render_set)
        two_sided = src.duplex in ("long", "short") and any(sheet.backs for sheet in sheets)
        fronts, page = [], 0
        digits = len(str(len(sheets)))  # sheet-01 … sheet-12: a listing by name is in sheet order
        for n, sheet in enumerate(sheets, 1):
            fronts.append(page)
            page += 2 if sheet.backs or two_sided else 1
            result.files[f"{name}-sheet-{n:0{digits}d}.svg"] = sheet_svg(sheet.fronts, paper.width, paper.height,
                                                              ins).encode("utf-8")
        result.files[f"{name}.pdf"] = unique_subset_tags(scale_pdf(_with_marks(pdf, fronts, paper.width, paper.height, ins,
                                                            f"{src.title} — {title} (cut)", src.duplex), src.scale))
    if skipped:
        result.notes.append(f"cut: {src.name}: {', '.join(skipped)} not cut out (player sheets and boards print whole); skipped")
    if not result.files:
        result.notes.append(f"cut: {src.name}: no cut pieces; nothing written")
    return result

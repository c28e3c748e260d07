"""``--format cut``: the cutting machine's keep-clear zones hold no ink.

A Silhouette (print & cut, "Type 1" marks: a 5 mm square top-left, L marks
of 20 mm arms, 0.5 mm thick, top-right and bottom-left, 10 mm from the
paper edge) finds its marks by scanning the corner each one spans; a crop
mark, a scale bar or a piece's art there makes the scan fail or land on the
wrong line.  The zones are written here from those published defaults, not
from the code: each the square from the paper corner to 10 + 20 + 2 mm.

Measured on every sheet of every bundled kit's cut PDF and of the example
deck's: the rendered pixels (pypdfium2, so clipped art counts only where it
shows) and the PDF's objects (pdfplumber: every line, rectangle, curve and
character outside the pieces' art).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest

from conftest import export_kits_and_deck

MM = 72 / 25.4
INSET, ARM, THICK, SQUARE, ROOM = 10 * MM, 20 * MM, 0.5 * MM, 5 * MM, 2 * MM
ZONE = INSET + ARM + ROOM


def zones(W: float, H: float) -> dict[str, tuple[float, float, float, float]]:
    """Keep-clear zones (x0, y0, x1, y1) in pt, PDF frame (y up)."""
    return {"top-left": (0, H - ZONE, ZONE, H), "top-right": (W - ZONE, H - ZONE, W, H),
            "bottom-left": (0, 0, ZONE, ZONE)}


def mark_rects(W: float, H: float) -> list[tuple[float, float, float, float]]:
    """The marks themselves (x0, y0, x1, y1), pt, y up."""
    return [(INSET, H - INSET - SQUARE, INSET + SQUARE, H - INSET),
            (W - INSET - ARM, H - INSET - THICK, W - INSET, H - INSET),
            (W - INSET - THICK, H - INSET - ARM, W - INSET, H - INSET),
            (INSET, INSET, INSET + ARM, INSET + THICK), (INSET, INSET, INSET + THICK, INSET + ARM)]


@pytest.fixture(scope="session")
def cut_pdfs(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("cut-zones")
    export_kits_and_deck(out, "cut")
    pdfs = sorted(out.glob("*/cut/*.pdf"))
    assert {p.parts[-3] for p in pdfs} >= {"archaeologia", "archaeology", "archeo", "archeotrek", "finds"}
    return pdfs


def _inside(box, zone, eps=0.01) -> bool:
    x0, y0, x1, y1 = box
    zx0, zy0, zx1, zy1 = zone
    return x0 < zx1 - eps and x1 > zx0 + eps and y0 < zy1 - eps and y1 > zy0 + eps


def test_no_pixel_of_ink_in_a_keep_clear_zone(cut_pdfs):
    dpi = 72
    s = dpi / 72
    seen = 0
    for path in cut_pdfs:
        doc = pdfium.PdfDocument(path)
        for i in range(len(doc)):
            page = doc[i]
            W, H = page.get_size()
            ink = np.asarray(page.render(scale=s).to_pil().convert("L")) < 250
            ink = ink.copy()
            for x0, y0, x1, y1 in mark_rects(W, H):  # the marks themselves (and their anti-aliased edge)
                ink[max(0, int((H - y1) * s) - 1):int((H - y0) * s) + 2, max(0, int(x0 * s) - 1):int(x1 * s) + 2] = False
            for name, (zx0, zy0, zx1, zy1) in zones(W, H).items():
                # one pixel in from the zone's edge: a line just outside it may anti-alias into it
                region = ink[int((H - zy1) * s) + 1:int((H - zy0) * s) - 1, int(zx0 * s) + 1:int(zx1 * s) - 1]
                assert not region.any(), f"{path.parts[-3]}/{path.name} page {i + 1}: ink in the {name} zone"
            seen += 1
    assert seen > 100


#: pdfminer's layout classes → pdfplumber's object kinds (the specific classes first:
#: LTLine and LTRect are LTCurves)
_KINDS = (("LTChar", "chars"), ("LTLine", "lines"), ("LTRect", "rects"), ("LTCurve", "curves"), ("LTImage", "images"))


def page_objects(data: bytes, pages: set[int] | None = None) -> list[tuple[float, float, tuple | None, list]]:
    """Per page of ``data`` (a PDF; only the 0-based ``pages`` if given): (width, height, BleedBox as (x0, y0, x1, y1)
    or None, [(kind, (x0, y0, x1, y1), points)]) — every object pdfplumber lists
    as ``chars``, ``lines``, ``rects``, ``curves`` and ``images`` (form XObjects'
    contents included), its box and a line's or curve's points in the PDF's
    frame (y up), read with pdfminer's own page aggregator: the LTChar, LTLine,
    LTRect, LTCurve and LTImage objects pdfplumber makes its dicts of, without
    making them (a third of the reading time;
    test_page_objects_are_pdfplumbers checks they agree)."""
    import io

    from pdfminer import layout
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdftypes import resolve1

    kinds = tuple((getattr(layout, cls), kind) for cls, kind in _KINDS)

    def walk(item):
        for o in getattr(item, "_objs", ()):
            kind = next((k for cls, k in kinds if isinstance(o, cls)), None)
            if kind is not None:
                yield kind, o
            elif isinstance(o, layout.LTContainer):
                yield from walk(o)

    rsrc = PDFResourceManager(caching=True)
    device = PDFPageAggregator(rsrc, laparams=None)
    interp = PDFPageInterpreter(rsrc, device)
    out = []
    for page in PDFPage.get_pages(io.BytesIO(data), pagenos=pages):
        mx0, my0, mx1, my1 = (float(v) for v in page.mediabox)
        assert (mx0, my0) == (0, 0), page.mediabox   # boxes below are read as the page's own frame
        bleed = resolve1(page.attrs.get("BleedBox"))
        interp.process_page(page)
        objs = [(kind, (o.x0, o.y0, o.x1, o.y1), list(getattr(o, "pts", ()) if kind in ("lines", "curves") else ()))
                for kind, o in walk(device.get_result())]
        out.append((mx1, my1, tuple(float(resolve1(v)) for v in bleed) if bleed is not None else None, objs))
    return out


def test_no_object_but_the_marks_in_a_keep_clear_zone(cut_pdfs):
    """The printer's marks as pdfplumber sees them: every character and
    every axis-aligned line or rectangle (crop marks, scale bars and their
    ticks, label, note) outside the pieces' art keeps out of the zones, and
    each fronts page holds the five mark rectangles.  (pdfplumber's objects
    do not know their clip: a piece's art drawn past its edge and clipped
    there — a skeleton spanning tiles — is the pixel test's.)  The objects are
    pdfplumber's, read through :func:`page_objects`."""
    for path in cut_pdfs:
        for n, (W, H, art, objects) in enumerate(page_objects(path.read_bytes()), 1):
            marks = mark_rects(W, H)
            found_marks = 0
            for kind, box, pts in objects:
                if kind == "rects" and any(all(abs(a - b) < 0.05 for a, b in zip(box, m)) for m in marks):
                    found_marks += 1
                    continue
                if art is not None and _inside(box, art, eps=-0.01):
                    continue  # a piece's (clipped) art: the pixel test's
                if kind in ("lines", "curves") and not all(
                        abs(a[0] - b[0]) < 1e-6 or abs(a[1] - b[1]) < 1e-6 for a, b in zip(pts, pts[1:])):
                    continue  # a drawing's slanted stroke, clipped to its piece: the pixel test's
                for name, zone in zones(W, H).items():
                    assert not _inside(box, zone), \
                        f"{path.parts[-3]}/{path.name} page {n}: a {kind[:-1]} in the {name} zone at {box}"
            if n == 1:
                assert found_marks == 5, f"{path.name}: {found_marks} marks"


def test_page_objects_are_pdfplumbers(cut_pdfs):
    """What :func:`page_objects` relies on: for the first cut sheet of the
    Archéo tiles (fossils and rings drawn with curves, form XObjects, marks,
    footer), the same objects, in the same order, as pdfplumber's ``chars``,
    ``lines``, ``rects``, ``curves`` and ``images`` — their boxes
    (``top`` = height − ``y1``) and points, floating-point noise only — and the
    same page size and BleedBox."""
    path = next(p for p in cut_pdfs if p.parts[-3] == "archeo" and p.name == "tiles.pdf")
    ours = page_objects(path.read_bytes(), {0})
    with pdfplumber.open(path) as pdf:
        assert len(ours) == 1
        for page, (W, H, art, objects) in zip(pdf.pages[:1], ours):
            assert (float(page.width), float(page.height)) == (W, H)
            bleed = page.page_obj.attrs.get("BleedBox")
            bleed = tuple(float(v) for v in (bleed.resolve() if hasattr(bleed, "resolve") else bleed))
            assert bleed == art
            theirs = [(kind, (o["x0"], H - o["bottom"], o["x1"], H - o["top"]),
                       [(x, H - y) for x, y in o["pts"]] if kind in ("lines", "curves") else [])
                      for kind in ("chars", "lines", "rects", "curves", "images") for o in getattr(page, kind)]
            mine = sorted(objects, key=lambda o: ("chars", "lines", "rects", "curves", "images").index(o[0]))
            assert len(theirs) > 100 and [o[0] for o in mine] == [o[0] for o in theirs]
            for (k, box, pts), (_, box2, pts2) in zip(mine, theirs):
                assert len(pts) == len(pts2) and all(abs(a - b) < 1e-9 for a, b in zip(box, box2)), (k, box, box2)
                assert all(abs(a - b) < 1e-9 for p, q in zip(pts, pts2) for a, b in zip(p, q)), (k, pts, pts2)
            assert {"curves", "rects", "lines", "chars"} <= {o[0] for o in objects}


def test_pieces_keep_out_of_the_zones(cut_pdfs):
    """Every piece's trim + bleed (the SVG's cut paths, grown by the 3 mm bleed)
    is outside every zone, so the machine cuts no piece there either."""
    import xml.etree.ElementTree as ET

    ns = {"s": "http://www.w3.org/2000/svg"}
    svgs = sorted({p.parent for p in cut_pdfs})
    count = 0
    for folder in svgs:
        for svg in sorted(folder.glob("*.svg")):
            root = ET.parse(svg).getroot()
            Wmm, Hmm = (float(v) for v in root.get("viewBox").split()[2:])
            Z = {k: tuple(v / MM for v in z) for k, z in zones(Wmm * MM, Hmm * MM).items()}
            cut = next(g for g in root.findall("s:g", ns) if g.get("id") == "cut")
            for el in cut:
                tag = el.tag.split("}")[1]
                if tag == "rect":
                    x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
                elif tag == "circle":
                    cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
                    x, y, w, h = cx - r, cy - r, 2 * r, 2 * r
                else:
                    pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
                    x, y = min(p[0] for p in pts), min(p[1] for p in pts)
                    w, h = max(p[0] for p in pts) - x, max(p[1] for p in pts) - y
                box = (x - 3, Hmm - y - h - 3, x + w + 3, Hmm - y + 3)
                for name, zone in Z.items():
                    assert not _inside(box, zone), f"{svg.name}: a piece in the {name} zone"
                count += 1
    assert count > 100

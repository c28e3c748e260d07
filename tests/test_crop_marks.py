"""Crop marks and footers on real printers: measured on every kit's sheets.

A home printer leaves its outer 3–6.35 mm blank (``--printer-margin``,
default 5 mm).  On every sheet with crop marks, read from the PDF:

* every trim line has a mark at both ends, each showing at least 2 mm inside
  the printable area (at least 1 mm where the pieces fill the sheet, and then
  the build says so);
* a mark stops short of the outermost trim line it points at (it may run
  through the outer bleed, never into a trim);
* the footer (scale bars, label, note) lies inside the printable area, off
  the art, clear of every mark;
* nothing is painted over a mark: the rendered pixels on a mark are dark.

Trim lines are found from the marks themselves; the art from the BleedBox.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import curve_free_pdf
from printkit.build import BuildOptions, build
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.units import mm, parse_length, to_mm

EDGE = 0.01            # pt: a mark starts at the sheet edge
MARGIN = mm(5)


def _hairlines(page):
    for ln in page.lines:
        if abs(ln["linewidth"] - 0.25) > 1e-3 or tuple(ln.get("stroking_color") or ()) not in ((0,), (0, 0, 0), (0.0,)):
            continue
        yield ln["x0"], ln["x1"], ln["top"], ln["bottom"]


def _marks(page):
    """Crop marks: black hairlines starting at a sheet edge."""
    W, H = page.width, page.height
    out = []
    for x0, x1, top, bottom in _hairlines(page):
        if abs(x0 - x1) < 1e-3 and (top < EDGE or bottom > H - EDGE):
            out.append(("v", x0, top, bottom))
        elif abs(top - bottom) < 1e-3 and (x0 < EDGE or x1 > W - EDGE):
            out.append(("h", top, x0, x1))
    return out


def _gutter_marks(page, xs):
    """Vertical black hairlines off the sheet edges on a crop mark's trim line
    ``xs``: the marks in the gutter between two bands of pieces."""
    H = page.height
    return [("v", x0, top, bottom) for x0, x1, top, bottom in _hairlines(page)
            if abs(x0 - x1) < 1e-3 and top >= EDGE and bottom <= H - EDGE and round(x0, 2) in xs]


def _visible(mark, W, H, margin):
    kind, _, a, b = mark
    hi = H if kind == "v" else W
    return max(0.0, min(b, hi - margin) - max(a, margin))


#: The keys of each kind of object :func:`_read` gives, as pdfplumber names them.
LINE_KEYS = ("x0", "x1", "top", "bottom", "linewidth", "stroking_color")
RECT_KEYS = ("x0", "x1", "top", "bottom", "width", "height", "fill")
CHAR_KEYS = ("x0", "x1", "top", "bottom", "size")


@dataclass
class _Page:
    """What the sheet tests read of a page, keyed as pdfplumber's page is:
    ``width``, ``height`` and ``lines``, ``rects``, ``chars`` (dicts of
    :data:`LINE_KEYS`, :data:`RECT_KEYS`, :data:`CHAR_KEYS`)."""

    width: float
    height: float
    lines: list
    rects: list
    chars: list


def _read(data: bytes, pages: set[int]) -> dict[int, _Page]:
    """The 0-based ``pages`` of ``data`` (a PDF) as :class:`_Page`: the LTLine,
    LTRect and LTChar objects pdfplumber makes its ``lines``, ``rects`` and
    ``chars`` of (form XObjects' contents included), read with pdfminer's own
    page aggregator without pdfplumber's dicts of every attribute (a third of
    the reading time; test_curve_free_copy_reads_the_same_lines_rects_and_chars
    checks they agree), ``top`` = height − ``y1`` as pdfplumber has it."""
    from pdfminer import layout
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    def walk(item):
        for o in getattr(item, "_objs", ()):
            if isinstance(o, (layout.LTChar, layout.LTCurve)):
                yield o
            elif isinstance(o, layout.LTContainer):
                yield from walk(o)

    rsrc = PDFResourceManager(caching=True)
    device = PDFPageAggregator(rsrc, laparams=None)
    interp = PDFPageInterpreter(rsrc, device)
    out = {}
    for n, page in zip(sorted(pages), PDFPage.get_pages(io.BytesIO(data), pagenos=pages)):
        mx0, my0, mx1, my1 = (float(v) for v in page.mediabox)
        assert (mx0, my0) == (0, 0), page.mediabox   # boxes read in the page's own frame
        H = my1
        interp.process_page(page)
        read = _Page(mx1, H, [], [], [])
        for o in walk(device.get_result()):
            box = {"x0": o.x0, "x1": o.x1, "top": H - o.y1, "bottom": H - o.y0}
            if isinstance(o, layout.LTChar):
                read.chars.append({**box, "size": o.size})
            elif isinstance(o, layout.LTLine):
                read.lines.append({**box, "linewidth": o.linewidth, "stroking_color": o.stroking_color})
            elif isinstance(o, layout.LTRect):
                read.rects.append({**box, "width": o.width, "height": o.height, "fill": o.fill})
        out[n] = read
    return out


@pytest.fixture(scope="module", params=[("a4", "3mm"), ("letter", "3mm"), ("universal", "0.125in")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def kits(request, tmp_path_factory, themed_kits):
    paper, bleed = request.param
    if bleed == "3mm":      # the session's shared classic build (conftest themed_kits)
        out = themed_kits("classic", paper)
        return out, themed_kits.notes("classic", paper), _sheets(out)
    out = tmp_path_factory.mktemp(f"marks-{paper}")
    options = BuildOptions(paper=get_paper(paper), theme=load_theme("classic"), bleed=parse_length(bleed))
    result = build(["all"], options, out, jobs=2)
    return out, result.notes, _sheets(out)


@dataclass
class Sheet:
    """What the tests read from one imposed sheet (parsed once per build)."""

    where: str
    path: object
    index: int
    W: float
    H: float
    marks: list
    gutter: list      # vertical marks between two bands of pieces, off the sheet edges
    footer: list      # (x0, top, x1, bottom) of small text and scale bars
    art: tuple        # BleedBox as (x0, top, x1, bottom)


def _sheets(out) -> list[Sheet]:
    """Every imposed sheet with crop marks: the first two and the last two
    pages of every part (boards: test_board_marks…)."""
    found = []
    for pdf_path in sorted(out.glob("*/*.pdf")):
        if pdf_path.name.endswith("-kit.pdf") or pdf_path.name.startswith("board"):
            continue  # boards: test_board_marks_reach_the_sheet_edge_at_every_trim_end
        reader = PdfReader(pdf_path)
        n = len(reader.pages)
        read = sorted({0, 1, n - 2, n - 1} & set(range(n)))
        # its curve-free copy: the same lines, rects and chars (conftest curve_free_pdf), the art's
        # curves not parsed; read by _read (pdfplumber's objects, not its dicts)
        pages = _read(curve_free_pdf(pdf_path.read_bytes(), set(read)), set(read))
        for i in read:
            page = pages[i]
            marks = _marks(page)
            if not marks:
                continue
            H = page.height
            box = reader.pages[i].bleedbox
            footer = [(c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.chars if c["size"] < 7.5]
            footer += [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
                       if r.get("fill") and abs(min(r["width"], r["height"]) - mm(1.4)) < 0.05]
            gutter = _gutter_marks(page, {round(m[1], 2) for m in marks if m[0] == "v"})
            found.append(Sheet(f"{pdf_path.parent.name}/{pdf_path.name} page {i + 1}", pdf_path, i,
                               page.width, H, marks, gutter, footer,
                               (float(box.left), H - float(box.top), float(box.right), H - float(box.bottom))))
    return found


def test_every_trim_line_has_visible_marks_at_both_ends(kits):
    _, notes, sheets = kits
    checked = 0
    for sh in sheets:
        W, H, marks, where = sh.W, sh.H, sh.marks, sh.where
        xs = {round(m[1], 2) for m in marks if m[0] == "v"}
        ys = {round(m[1], 2) for m in marks if m[0] == "h"}
        for x in xs:
            ends = [m for m in marks if m[0] == "v" and round(m[1], 2) == x]
            # a band's trim line on a sheet of two bands: its other end is marked in the gutter
            inner = [m for m in sh.gutter if round(m[1], 2) == x and m[3] - m[2] >= mm(2)]
            top, bottom = any(m[2] < EDGE for m in ends), any(m[3] > H - EDGE for m in ends)
            assert (top and bottom) or (top and any(m[2] > max(e[3] for e in ends) for m in inner)) \
                or (bottom and any(m[3] < min(e[2] for e in ends) for m in inner)), (where, to_mm(x))
        for y in ys:
            ends = [m for m in marks if m[0] == "h" and round(m[1], 2) == y]
            assert any(m[2] < EDGE for m in ends) and any(m[3] > W - EDGE for m in ends), (where, to_mm(y))
        shortest = min(_visible(m, W, H, MARGIN) for m in marks)
        if shortest < mm(2) - 1e-3:
            assert shortest >= mm(1) - 1e-3, (where, to_mm(shortest))
            assert any("crop marks show" in n for n in notes), (where, notes)
        checked += 1
    assert checked >= 10


def test_marks_stop_short_of_the_trims(kits):
    for sh in kits[2]:
        marks, where = sh.marks, sh.where
        xs = sorted({m[1] for m in marks if m[0] == "v"})
        ys = sorted({m[1] for m in marks if m[0] == "h"})  # pdfplumber "top": from the page top
        for kind, pos, a, b in marks:
            if kind == "v":  # runs from the top edge down to b, or from a up to the bottom edge
                if a < EDGE:
                    assert b <= ys[0] - mm(0.3) + 1e-3, (where, to_mm(pos), to_mm(b), to_mm(ys[0]))
                else:
                    assert a >= ys[-1] + mm(0.3) - 1e-3, (where, to_mm(pos))
            else:
                if a < EDGE:
                    assert b <= xs[0] - mm(0.3) + 1e-3, (where, to_mm(pos))
                else:
                    assert a >= xs[-1] + mm(0.3) - 1e-3, (where, to_mm(pos))


def test_footer_inside_the_printable_area_off_art_and_marks(kits):
    for sh in kits[2]:
        W, H, where, art, marks, footer = sh.W, sh.H, sh.where, sh.art, sh.marks, sh.footer
        assert footer, where
        for x0, top, x1, bottom in footer:
            if art[0] < (x0 + x1) / 2 < art[2] and art[1] < (top + bottom) / 2 < art[3]:
                continue  # a piece's own small text, not the footer
            assert MARGIN - 0.5 <= x0 and x1 <= W - MARGIN + 0.5, (where, "outside the printable width")
            assert MARGIN - 0.5 <= top and bottom <= H - MARGIN + 0.5, (where, "outside the printable height")
            overlap_art = min(x1, art[2]) - max(x0, art[0]) > 0.01 and min(bottom, art[3]) - max(top, art[1]) > 0.01
            assert not overlap_art, (where, "footer on the art", (x0, top, x1, bottom))
            for kind, pos, a, b in marks:
                if kind == "v":
                    hit = x0 - 0.3 < pos < x1 + 0.3 and top < b and a < bottom
                else:
                    hit = top - 0.3 < pos < bottom + 0.3 and x0 < b and a < x1
                assert not hit, (where, "footer on a crop mark", to_mm(pos))


def test_nothing_is_painted_over_a_mark(kits):
    """At 300 dpi the middle of each mark's visible part is dark: a mark drawn
    first and painted over (a footer box, a face) would read light.  The first
    sheet of every part."""
    seen = 0
    for sh in kits[2]:
        if sh.index:
            continue
        path, i, W, H = sh.path, sh.index, sh.W, sh.H
        image = pdfium.PdfDocument(str(path))[i].render(scale=300 / 72).to_pil().convert("L")
        s = 300 / 72
        for kind, pos, a, b in sh.marks:
            lim = H if kind == "v" else W
            lo, hi = max(a, MARGIN), min(b, lim - MARGIN)
            if hi - lo < mm(0.5):
                continue
            mid = (lo + hi) / 2
            x, y = (pos, mid) if kind == "v" else (mid, pos)
            px = min(image.getpixel((int(x * s) + dx, int(y * s) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            assert px < 128, (path.name, i, kind, to_mm(pos), px)
            seen += 1
    assert seen > 20


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """Every board of every kit: tiled over A4, and on one A3 sheet — each
    board part of every registered game (``build all``'s) rendered as the
    build renders it (:func:`printkit.build.render_part`: the bytes the build
    writes as ``<game>/<part>.pdf``), without the kits' other parts."""
    from printkit.build import load_game, render_part
    from printkit.registry import game_ids

    out = {}
    for name, paper in (("tiled", None), ("a3", "a3")):
        folder = tmp_path_factory.mktemp(f"boards-{name}")
        options = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), board_paper=paper)
        for game in game_ids():
            kit = load_game(game)
            for part in kit.parts(options):
                if part.name.startswith("board"):
                    (folder / game).mkdir(exist_ok=True)
                    (folder / game / f"{part.name}.pdf").write_bytes(render_part(part, options, kit.title)[0])
        out[name] = sorted(p for p in folder.glob("*/board*.pdf"))
    return out


@pytest.mark.parametrize("layout", ["tiled", "a3"])
def test_board_marks_reach_the_sheet_edge_at_every_trim_end(boards, layout):
    """A board has four trim lines, each with a mark at both of its ends:
    eight marks per board across its pages, each from the sheet edge to short of the
    trim, 2 mm or more of it inside the printable area; every page carries
    TrimBox and BleedBox around the part of the board it shows."""
    assert boards[layout]
    for path in boards[layout]:
        reader = PdfReader(path)
        with pdfplumber.open(path) as pdf:
            count = 0
            for i, page in enumerate(pdf.pages):
                W, H = page.width, page.height
                box, bleed = reader.pages[i].trimbox, reader.pages[i].bleedbox
                trim = (float(box.left), H - float(box.top), float(box.right), H - float(box.bottom))
                assert float(bleed.left) <= float(box.left) and float(bleed.top) >= float(box.top), path.name
                assert trim[2] - trim[0] > mm(20) and trim[3] - trim[1] > mm(20), (path.name, i)
                for kind, pos, a, b in _marks(page):
                    count += 1
                    assert _visible((kind, pos, a, b), W, H, MARGIN) >= mm(2) - 1e-3, (path.name, i)
                    if kind == "v":
                        assert b <= trim[1] - mm(0.3) + 1e-3 if a < EDGE else a >= trim[3] + mm(0.3) - 1e-3
                    else:
                        assert b <= trim[0] - mm(0.3) + 1e-3 if a < EDGE else a >= trim[2] + mm(0.3) - 1e-3
        assert count and count % 8 == 0, (path.name, count)  # a file may hold several boards


def test_turned_backs_carry_a_turned_footer_clear_of_marks(tmp_path):
    """With --rotate-backs the printer prints backs pages upside down, so their
    footer is drawn turned 180° (it reads upright on paper), still inside the
    printable area and clear of the crop marks."""
    options = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), rotate_backs=True)
    build(["archaeology"], options, tmp_path)
    pdf_path = tmp_path / "archaeology" / "cards.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        small = [c for c in back.chars if c["size"] < 7.5]
        assert small and all(c["matrix"][0] < 0 and c["matrix"][3] < 0 for c in small)   # turned 180°
        assert all(c["matrix"][0] > 0 for c in front.chars if c["size"] < 7.5)          # fronts upright
        W, H = back.width, back.height
        for c in small:
            assert MARGIN - 0.5 <= c["x0"] and c["x1"] <= W - MARGIN + 0.5
            assert MARGIN - 0.5 <= c["top"] and c["bottom"] <= H - MARGIN + 0.5
            for kind, pos, a, b in _marks(back):
                if kind == "v":
                    assert not (c["x0"] - 0.3 < pos < c["x1"] + 0.3 and c["top"] < b and a < c["bottom"])
                else:
                    assert not (c["top"] - 0.3 < pos < c["bottom"] + 0.3 and c["x0"] < b and a < c["x1"])


def test_marks_over_dark_bleed_keep_a_light_halo(kits):
    """Where a mark runs through the outer bleed (the Archaeology cards' dark
    brown border), the pixels just beside it are paper-light: the mark stays
    visible over dark art."""
    out, _, sheets = kits
    sh = next(s for s in sheets if s.path.name == "cards.pdf" and s.index == 0)
    scale = 300 / 72
    image = pdfium.PdfDocument(str(sh.path))[0].render(scale=scale).to_pil().convert("L")
    ys = sorted({m[1] for m in sh.marks if m[0] == "h"})
    crossing = [(pos, a, b) for kind, pos, a, b in sh.marks            # inner trim lines: bleed on both sides
                if kind == "h" and a < EDGE and b > sh.art[0] + mm(0.5) and ys[0] < pos < ys[-1]]
    assert crossing, "no mark runs through the bleed"
    for pos, _, b in crossing:
        x = (sh.art[0] + b) / 2                                   # on the bleed, beside the mark
        beside = [image.getpixel((int(x * scale), int((pos + d) * scale))) for d in (-0.45, 0.45)]
        away = image.getpixel((int(x * scale), int((pos + 2.5) * scale)))
        assert away < 160 and min(beside) > 200, (to_mm(pos), beside, away)


def test_curve_free_copy_reads_the_same_lines_rects_and_chars():
    """What :func:`_sheets` relies on: pdfplumber reads the same lines, rects
    and chars (every key of every one) from the first and last pages of a
    part's curve-free copy (conftest ``curve_free_pdf``) as from the part —
    here Archéo's tiles (fossils and rings drawn with curves, crop marks,
    footer) — and fewer curves."""
    from printkit.registry import get_game
    from printkit.render.sheets import render_set

    options = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), bleed=mm(3))
    part = next(p for p in get_game("archeo").parts(options) if p.name == "tiles")
    data, n = render_set(part.components, paper=options.paper, theme=options.theme, bleed=options.bleed)
    read = {0, 1, n - 2, n - 1}

    def objects(pdf_bytes):
        with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
            return [(pdf.pages[i].lines, pdf.pages[i].rects, pdf.pages[i].chars, len(pdf.pages[i].curves))
                    for i in sorted(read)]

    whole, copy = objects(data), objects(curve_free_pdf(data, read))
    assert all(lines and rects and chars for lines, rects, chars, _ in whole)
    assert [o[:3] for o in copy] == [o[:3] for o in whole]
    assert sum(o[3] for o in copy) < sum(o[3] for o in whole)
    # _read gives pdfplumber's lines, rects and chars of the copy, in order, with the keys
    # _sheets reads (floating-point noise only)
    ours = _read(curve_free_pdf(data, read), read)
    for i, (lines, rects, chars, _) in zip(sorted(read), whole):
        for theirs, mine, keys in ((lines, ours[i].lines, LINE_KEYS), (rects, ours[i].rects, RECT_KEYS),
                                   (chars, ours[i].chars, CHAR_KEYS)):
            assert len(theirs) == len(mine), (i, keys, len(theirs), len(mine))
            for t, m in zip(theirs, mine):
                for k in keys:
                    same = t[k] == m[k] if not isinstance(t[k], float) else abs(t[k] - m[k]) < 1e-9
                    assert same, (i, k, t[k], m[k])

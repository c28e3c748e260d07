"""Every document page's text lies inside its safe zone, as a PDF reader draws it.

tests/test_safe_zone.py measures the *pieces* on the imposed sheets; this file
measures what each game's kit holds besides them, page by page as the PDFs
give them: the rules references and the Archaeology high-score log (jinja2 +
weasyprint), the cover (page 1 of ``<game>-kit.pdf``, reportlab), the game
boards (tiled over the kit paper) and the sheets used whole (the Archéo Dig
Site, the ArchéoTREK Dig Site sheets).

What is measured (the oracle reads only the PDF, never our Python objects):
every character's box — pdfminer's ``LTChar`` box, the one pdfplumber reports
as ``x0``/``x1``/``top``/``bottom``: the advance across, the font's descent up
to descent + size — and every raster image's box, wherever it is drawn (page
content or a form XObject: the board drawing, the cover art), cut down to the
part the page's clipping paths (their bounding boxes) and the MediaBox let
print.  A character wholly clipped away is not printed and not counted: a tiled
board draws the whole board on every page and shows one window of it.

The safe zones, from the PDF's own boxes (TrimBox and BleedBox, MediaBox when
absent) and these margins:

* every page: the sheet inset by the printer margin it was built for
  (:data:`PRINTER_MARGIN_MM`, 5 mm: ``printkit.paper.PRINTER_MARGIN``, the
  ``--printer-margin`` default — "your printer's unprintable edge (3–6.35 mm
  on most)"; the cover's docstring and the classic ``base.css`` keep to it).
  A rules reference, the high-score log and the cover are whole pages (their
  TrimBox is the sheet) and declare no other safe margin, so this is theirs;
* a board page: besides, the board's trim (the page's TrimBox) inset by
  :data:`BOARD_SAFE_MM` on each edge that is cut — one the BleedBox runs past.
  An edge the BleedBox does not pass is where the page's window cuts the board
  (a seam of a tiled board: the board goes on over the next page).  3 mm is
  the safe the tiler hands a board's drawing (``printkit.tiling``: the
  engine's ``DEFAULT_SAFE`` for pieces, DESIGN.md's "a safe zone 3 mm inside
  trim keeps text"); a board declares none of its own;
* a sheet used whole: its TrimBox inset by :data:`SHEET_SAFE_MM` on all four
  edges — the sheets are pieces with the default safe (3 mm, as above).

Checked with no tolerance but :data:`EPS` (floating-point noise).

Found (session 38): the weasyprint documents set their page margins in
``base.css`` (13 mm, 14 mm at the sides) whatever ``--printer-margin`` says,
and their scale guard (50 mm and 2 in bars, "Print at 100 % (actual size).")
sits 7.04 mm above the bottom edge; at ``--printer-margin 8mm`` it ran 0.84–0.96
mm into the unprintable edge in every rules reference and the high-score log
(the covers, boards and sheets follow the printer margin already).  With the
default 5 mm every document kept inside.  The fix: the generated stylesheet
gives the printer margin (``--printer-margin``) and ``base.css`` widens the page
margins to keep the text block 1 mm and the scale guard 0.5 mm inside it.

The fast tests check the oracle on a page whose answer is known and render the
Archaeology high-score log (``base.css`` as every rules reference) at wide
printer margins; the slow ones read every document of every game from the kits
``build`` writes, in the three bundled themes on A4 and US Letter and at
:data:`WIDE_MARGIN_MM`, and render every document part at
:data:`WIDEST_MARGIN_MM`.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTImage
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFStream, list_value, resolve1
from pdfminer.utils import MATRIX_IDENTITY, apply_matrix_pt
from reportlab.pdfbase import pdfmetrics

from printkit.units import mm, to_mm

THEMES = ("classic", "inksaver", "highcontrast")
PAPERS = ("a4", "letter")
GAMES = ("archaeologia", "archaeology", "archeo", "archeotrek")
#: The printer margin (mm) of a default build: the sheet's unprintable edge.
PRINTER_MARGIN_MM = 5.0
#: The widest printer margin (mm) at which every game's kit still builds on A4: the
#: Archéo Dig Site, 194 mm wide, leaves 8 mm either side of a 210 mm sheet.
WIDE_MARGIN_MM = 8.0
#: Safe zone (mm) inside a board's trim, on its cut edges.
BOARD_SAFE_MM = 3.0
#: Safe zone (mm) inside the trim of a sheet used whole.
SHEET_SAFE_MM = 3.0
#: How far (pt) a box may pass a safe edge: floating-point noise only.
EPS = 1e-3

#: File of a kit → how its pages' safe zone is found (see the module docstring);
#: the cover, page 1 of ``<game>-kit.pdf``, is a "page".
KINDS = {
    "rules-reference.pdf": "page",
    "high-score-log.pdf": "page",
    "board.pdf": "board",
    "boards.pdf": "board",
    "dig-site.pdf": "sheet",
    "dig-site-sheets.pdf": "sheet",
}

# -- the oracle: what prints, as a PDF reader draws it -----------------------------------

_EVERYWHERE = (-math.inf, -math.inf, math.inf, math.inf)


def _meet(a, b):
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _hull(points, ctm):
    pts = [apply_matrix_pt(ctm, p) for p in points]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


class _Device(PDFPageAggregator):
    """pdfminer's page aggregator, tagging each character and image with the
    clip in force when it was drawn (set by :class:`_Interpreter`)."""

    clip = _EVERYWHERE

    def render_char(self, *args, **kwargs):
        adv = super().render_char(*args, **kwargs)
        self.cur_item._objs[-1].clip = self.clip
        return adv

    def render_image(self, name, stream):
        super().render_image(name, stream)
        self.cur_item._objs[-1].clip = self.clip


class _Interpreter(PDFPageInterpreter):
    """pdfminer's interpreter, keeping the clip (pdfminer ignores ``W``): the
    bounding box, in page space, of every clipping path and form XObject
    ``BBox`` in force, saved and restored with the graphics state (``q``/``Q``)."""

    parent_clip = _EVERYWHERE

    def subinterp(self):
        sub = self.__class__(self.rsrcmgr, self.device)
        sub.parent_clip = self.clip
        return sub

    def render_contents(self, resources, streams, ctm=MATRIX_IDENTITY):
        clip = self.parent_clip
        streams = list_value(streams)
        form = resolve1(streams[0]) if len(streams) == 1 else None
        if isinstance(form, PDFStream) and "BBox" in form:  # a form XObject draws inside its BBox
            x0, y0, x1, y1 = (float(v) for v in list_value(form["BBox"]))
            clip = _meet(clip, _hull([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], ctm))
        self.init_resources(resources)
        self.init_state(ctm)
        self.clip = clip
        self.execute(streams)

    def get_current_state(self):
        return super().get_current_state() + (self.clip,)

    def set_current_state(self, state):
        super().set_current_state(state[:3])
        self.clip = state[3]

    def do_W(self):
        points = [tuple(seg[i:i + 2]) for seg in self.curpath for i in range(1, len(seg) - 1, 2)]
        if points:
            self.clip = _meet(self.clip, _hull(points, self.ctm))

    do_W_a = do_W

    def do_TJ(self, seq):
        self.device.clip = self.clip
        super().do_TJ(seq)

    def do_Do(self, xobjid):
        self.device.clip = self.clip
        super().do_Do(xobjid)


@dataclass(frozen=True)
class Page:
    """One page as printed: ``width``/``height`` (pt, the MediaBox), ``trim``
    and ``bleed`` (x0, y0, x1, y1 in pt from the MediaBox's lower left: the
    TrimBox and BleedBox, each defaulting as the PDF spec says) and ``boxes``:
    (text or ``"image"``, size pt, visible box) of every character and image."""

    width: float
    height: float
    trim: tuple
    bleed: tuple
    boxes: tuple


def _walk(item):
    for o in getattr(item, "_objs", ()):
        if isinstance(o, (LTChar, LTImage)):
            yield o
        else:
            yield from _walk(o)


def read_pages(data: bytes, pages: set[int] | None = None) -> list[Page]:
    """The pages of the PDF ``data`` (only the 0-based ``pages`` if given), as printed."""
    rsrc = PDFResourceManager(caching=True)
    device = _Device(rsrc, laparams=None)
    interp = _Interpreter(rsrc, device)
    out = []
    for page in PDFPage.get_pages(io.BytesIO(data), pagenos=pages):
        interp.process_page(page)
        mx0, my0, mx1, my1 = (float(v) for v in page.mediabox)
        sheet = (0.0, 0.0, mx1 - mx0, my1 - my0)

        def box(name, default):
            v = resolve1(page.attrs.get(name))
            if v is None:
                return default
            x0, y0, x1, y1 = (float(resolve1(x)) for x in v)
            return (x0 - mx0, y0 - my0, x1 - mx0, y1 - my0)

        trim = box("TrimBox", box("CropBox", sheet))
        boxes = []
        for o in _walk(device.get_result()):
            seen = _meet(_meet(o.bbox, o.clip), sheet)
            text = o.get_text() if isinstance(o, LTChar) else "image"
            if seen[2] - seen[0] > 1e-6 and seen[3] - seen[1] > 1e-6 and text.strip():
                boxes.append((text, round(getattr(o, "size", 0.0), 2), seen))
        out.append(Page(sheet[2], sheet[3], trim, box("BleedBox", trim), tuple(boxes)))
    return out


def overruns(page: Page, kind: str, margin_mm: float = PRINTER_MARGIN_MM) -> list[tuple[str, float, float, str]]:
    """(character, size pt, mm past, which zone) of every box of ``page``
    passing its safe zone (module docstring) by more than :data:`EPS`;
    ``kind``: "page", "board" or "sheet"."""
    m = mm(margin_mm)
    out = []
    for text, size, (x0, y0, x1, y1) in page.boxes:
        over = max(m - x0, x1 - (page.width - m), m - y0, y1 - (page.height - m))
        if over > EPS:
            out.append((text, size, round(to_mm(over), 3), "printer margin"))
    if kind == "page":
        return out
    tx0, ty0, tx1, ty1 = page.trim
    bx0, by0, bx1, by1 = page.bleed
    safe = mm(BOARD_SAFE_MM if kind == "board" else SHEET_SAFE_MM)
    # a board's seam: an edge of the trim its bleed does not pass (the window cuts the board there)
    cut = (True,) * 4 if kind == "sheet" else (bx0 < tx0 - EPS, by0 < ty0 - EPS, bx1 > tx1 + EPS, by1 > ty1 + EPS)
    for text, size, (x0, y0, x1, y1) in page.boxes:
        if not (tx0 <= (x0 + x1) / 2 <= tx1 and ty0 <= (y0 + y1) / 2 <= ty1):
            continue  # not on the trim: the page's own furniture (header, footer), measured above
        over = max(d for d, edge in zip((tx0 + safe - x0, ty0 + safe - y0, x1 - (tx1 - safe), y1 - (ty1 - safe)), cut)
                   if edge) if any(cut) else 0.0
        if over > EPS:
            out.append((text, size, round(to_mm(over), 3), "trim safe"))
    return out


def _worst(found: list[tuple]) -> list[tuple]:
    """The worst overrun of each (document, zone), worst first."""
    best: dict[tuple, tuple] = {}
    for item in found:
        key = (item[0], item[-1])
        if key not in best or item[3] > best[key][3]:
            best[key] = item
    return sorted(best.values(), key=lambda t: -t[3])


def kit_documents(folder: Path, game: str) -> list[tuple[str, str, list[Page]]]:
    """(name, kind, pages) of every document of ``game``'s kit in ``folder``
    (``build``'s output): its cover and each file :data:`KINDS` names."""
    kit = (folder / game / f"{game}-kit.pdf").read_bytes()
    out = [(f"{game}/cover", "page", read_pages(kit, {0}))]
    for name, kind in KINDS.items():
        path = folder / game / name
        if path.exists():
            out.append((f"{game}/{name}", kind, read_pages(path.read_bytes())))
    return out


def measure(folder: Path, margin_mm: float = PRINTER_MARGIN_MM) -> tuple[list[tuple], dict[str, int]]:
    """(overruns as (document, page, character, mm, zone), pages read per document)
    of every document of every game in ``folder``."""
    found, read = [], {}
    for game in GAMES:
        for name, kind, pages in kit_documents(folder, game):
            read[name] = len(pages)
            for n, page in enumerate(pages, 1):
                found += [(name, n, ch, over, zone) for ch, _, over, zone in overruns(page, kind, margin_mm)]
    return found, read


# -- the oracle, on pages whose answer is known --------------------------------------------

def _synthetic() -> bytes:
    """One A4 page of 10 pt capitals (:func:`_font`): "I" in the middle;
    "E" 3 mm from the left edge, an image 2 × 2 mm 3 mm from the top edge; "H" 2 mm from it but outside a clip window
    (30–130 mm across), "P" 1 mm left of that window (partly clipped); a form
    XObject (BBox 40 × 20 mm at 150, 250 mm) drawing "F" inside its BBox and
    "C" beyond it; a board-like TrimBox (20–190 × 100–280 mm) whose bleed
    stops on the right (a seam), "N" 1 mm inside its cut left edge and "S"
    ending 1 mm from the seam."""
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(mm(210), mm(297)), invariant=1, initialFontName=_font(), initialFontSize=10)
    c.drawString(mm(100), mm(150), "I")
    c.drawString(mm(3), mm(120), "E")
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    c.drawImage(ImageReader(Image.new("RGB", (4, 4), (90, 60, 30))), mm(100), mm(292), mm(2), mm(2))
    c.saveState()
    p = c.beginPath()
    p.rect(mm(30), mm(30), mm(100), mm(50))
    c.clipPath(p, stroke=0, fill=0)
    c.drawString(mm(2), mm(60), "H")
    c.drawString(mm(29), mm(60), "P")
    c.restoreState()
    c.beginForm("F", lowerx=0, lowery=0, upperx=mm(40), uppery=mm(20))
    c.setFont(_font(), 10)
    c.drawString(mm(10), mm(5), "F")
    c.drawString(-mm(40), mm(5), "C")     # beyond the BBox: never printed
    c.endForm()
    c.saveState()
    c.translate(mm(150), mm(250))
    c.doForm("F")
    c.restoreState()
    c.drawString(mm(21), mm(200), "N")
    c.drawRightString(mm(189), mm(210), "S")
    c.setTrimBox((mm(20), mm(100), mm(190), mm(280)))
    c.setBleedBox((mm(17), mm(97), mm(190), mm(283)))
    c.showPage()
    c.save()
    return buf.getvalue()


def test_the_oracle_measures_what_prints():
    (page,) = read_pages(_synthetic())
    boxes = {text: box for text, _, box in page.boxes}
    assert set(boxes) == set("IEPFNS") | {"image"}, sorted(boxes)  # "H" and "C" are clipped away: never printed
    assert abs(to_mm(boxes["image"][1]) - 292) < 0.01 and abs(to_mm(boxes["image"][3]) - 294) < 0.01
    assert abs(to_mm(boxes["E"][0]) - 3) < 0.01 and abs(to_mm(boxes["P"][0]) - 30) < 0.01  # P: the part shown
    descent = -pdfmetrics.getFont(_font()).face.descent / 1000 * 10  # pt below the baseline
    assert abs(to_mm(boxes["F"][0]) - 160) < 0.01 and abs(boxes["F"][1] - (mm(255) - descent)) < 0.01
    zones = {kind: {(ch, zone) for ch, _, _, zone in overruns(page, kind)} for kind in ("page", "board", "sheet")}
    assert zones["page"] == {("E", "printer margin"), ("image", "printer margin")}, zones
    # "N": 1 mm inside the cut left edge; "S" 1 mm from the seam, where nothing is cut
    assert zones["board"] == zones["page"] | {("N", "trim safe")}, zones
    assert zones["sheet"] == zones["board"] | {("S", "trim safe")}, zones
    over = {(ch, zone): o for ch, _, o, zone in overruns(page, "sheet")}
    # each 2 mm past its safe edge: "E" and the image 3 mm from the sheet's edge (5 mm margin),
    # "N" and "S" 1 mm from the trim's (3 mm safe)
    assert all(abs(v - 2.0) < 0.01 for v in over.values()), over


def _font() -> str:
    """The classic theme's body font (a TrueType font reportlab embeds)."""
    from printkit.theme import load_theme

    return load_theme("classic").font("body")


# -- the documents of the games ---------------------------------------------------------------

#: The widest printer margin (mm) ``--printer-margin`` takes.
WIDEST_MARGIN_MM = 15.0


def _document_parts(game: str, margin_mm: float, paper: str = "a4", names=None) -> dict[str, tuple[str, bytes]]:
    """File name → (kind, PDF bytes) of ``game``'s document parts (those
    ``names`` only, if given), rendered in the classic theme on ``paper``
    with a printer margin of ``margin_mm``."""
    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper
    from printkit.registry import get_game
    from printkit.theme import load_theme

    opts = BuildOptions(paper=replace(get_paper(paper), margin=mm(margin_mm)), theme=load_theme("classic"), bleed=mm(3))
    return {f"{p.name}.pdf": (KINDS[f"{p.name}.pdf"], p.document()) for p in get_game(game).parts(opts)
            if p.document is not None and (names is None or p.name in names)}


def _overruns_of(docs: dict[str, tuple[str, bytes]], margin_mm: float) -> list[tuple]:
    return [(name, n, ch, over, zone) for name, (kind, data) in docs.items()
            for n, page in enumerate(read_pages(data), 1) for ch, _, over, zone in overruns(page, kind, margin_mm)]


@pytest.mark.parametrize("margin_mm", (WIDE_MARGIN_MM, WIDEST_MARGIN_MM))
def test_the_high_score_log_keeps_inside_a_wider_printer_margin(margin_mm):
    """The Archaeology high-score log, a flowed document (jinja2 + weasyprint,
    the classic ``base.css`` as every rules reference), at a printer margin
    of 8 mm and at the widest ``--printer-margin`` takes: every box inside it
    (before the fix its scale guard ran 0.96 mm, then 7.96 mm, into it)."""
    docs = _document_parts("archaeology", margin_mm, names={"high-score-log"})
    assert list(docs) == ["high-score-log.pdf"], list(docs)
    found = _overruns_of(docs, margin_mm)
    assert not found, f"{margin_mm} mm: text past the safe zone (document, page, char, mm, zone): {_worst(found)}"


def test_every_document_kind_is_measured():
    """Every document part of every game (a flowed page, a board) and every
    sheet used whole (uncut pieces) has its file in :data:`KINDS`, so the
    slow tests read it; counted from the games' catalogues, nothing drawn."""
    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper
    from printkit.registry import get_game
    from printkit.theme import load_theme

    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), bleed=mm(3))
    missing = []
    for game in GAMES:
        for p in get_game(game).parts(opts):
            uncut = p.components is not None and not any(c.cut for c in p.components.components)
            if (p.document is not None or uncut) and f"{p.name}.pdf" not in KINDS:
                missing.append(f"{game}/{p.name}")
    assert not missing, missing


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("theme_name", THEMES)
def test_every_document_page_lies_in_its_safe_zone(themed_kits, theme_name, paper):
    found, read = measure(themed_kits(theme_name, paper))
    assert sum(read.values()) >= 4 * 2 + 3 + 2, read  # a cover and a rules reference a game, boards, sheets
    assert not found, f"{theme_name}, {paper}: text past the safe zone (document, page, char, mm, zone): " \
                      f"{_worst(found)}"


@pytest.fixture(scope="module")
def wide_margin_kits(tmp_path_factory):
    """``build all`` (classic, bleed 3 mm) at :data:`WIDE_MARGIN_MM` on each paper."""
    from printkit.build import BuildOptions, build
    from printkit.paper import get_paper
    from printkit.theme import load_theme

    made = {}

    def get(paper: str) -> Path:
        if paper not in made:
            out = tmp_path_factory.mktemp(f"wide-{paper}")
            build(list(GAMES), BuildOptions(paper=replace(get_paper(paper), margin=mm(WIDE_MARGIN_MM)),
                                            theme=load_theme("classic"), bleed=mm(3)), out, jobs=1)
            made[paper] = out
        return made[paper]

    return get


@pytest.mark.slow  # a whole build a paper
@pytest.mark.parametrize("paper", PAPERS)
def test_every_document_page_lies_in_its_safe_zone_at_a_wide_printer_margin(wide_margin_kits, paper):
    found, read = measure(wide_margin_kits(paper), WIDE_MARGIN_MM)
    assert sum(read.values()) >= 4 * 2 + 3 + 2, read
    assert not found, f"{paper}, {WIDE_MARGIN_MM} mm: text past the safe zone (document, page, char, mm, zone): " \
                      f"{_worst(found)}"


@pytest.mark.slow  # every document of every game rendered, twice
@pytest.mark.parametrize("paper", PAPERS)
def test_every_document_part_keeps_inside_the_widest_printer_margin(paper):
    """Every document part of every game (rules references, the high-score
    log, the boards) rendered with the widest printer margin ``--printer-margin``
    takes (a whole build stops earlier: the Archéo Dig Site no longer fits)."""
    from printkit.render.documents import LAYOUT_NOTES

    found, names = [], []
    LAYOUT_NOTES.clear()
    for game in GAMES:
        docs = _document_parts(game, WIDEST_MARGIN_MM, paper)
        names += [f"{game}/{n}" for n in docs]
        found += [(f"{game}/{o[0]}",) + o[1:] for o in _overruns_of(docs, WIDEST_MARGIN_MM)]
    assert len(names) >= 7, names   # a rules reference a game, the log, three boards in two files
    # a reference the wider page margins push onto a second page says why (on Letter: two of them);
    # the tiled board's note (more pages than laid out for, "--board-paper a3 …") names the margin too
    references = [n for n in LAYOUT_NOTES if ", laid out for " in n]
    assert all("the 15 mm printer margin and the theme 'classic'" in n for n in references), "\n".join(references)
    assert all("the 15 mm printer margin" in n for n in LAYOUT_NOTES), "\n".join(LAYOUT_NOTES)
    assert not any("sets page margins" in n for n in LAYOUT_NOTES), "\n".join(LAYOUT_NOTES)  # base.css grows
    LAYOUT_NOTES.clear()
    assert not found, f"{paper}, {WIDEST_MARGIN_MM} mm: text past the safe zone (document, page, char, mm, zone): " \
                      f"{_worst(found)}"

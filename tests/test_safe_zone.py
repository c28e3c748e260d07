"""Every piece's text lies inside its safe zone, as a print shop's preflight
measures it: each character's box as a PDF reader gives it (pdfplumber's
``x0``/``x1``/``top``/``bottom``: the glyph's advance across, the font's
descent up to descent + size, not its ink) must lie inside the piece's trim
inset by the component's own ``safe`` — a rectangle, or for a round piece
the circle ``safe`` inside its cut (all four corners of the box inside it).

Measured on the imposed sheets the engine draws (``render_set``, the placements
it reports), in the three bundled themes, with no tolerance but
:data:`EPS` (the PDF's coordinates are floats: a right-aligned line ends at
the safe edge to within 10⁻⁵ pt).  Before the fix (session 37) text boxes ran
over by 0.04–0.27 mm while the ink stayed inside: the tool tiles' "digs …"
line (0.14 mm; 0.27 mm in highcontrast — a baseline 2 pt over the safe line
leaves the descent's 0.25 em below it), and in highcontrast the SONAR marker's
label (0.26 mm past the safe circle), the RAIN tile's last line (0.04 mm), the
SECRET OBJECTIVE kicker (0.09 mm over the top) and the Archéo fossil tiles'
names (0.19 mm over the top).

The first test draws the parts holding those pieces, in the bundled themes and
in a theme of wider type (the classic fonts with every advance width × 1.15,
made with fontTools): there the Archéo reference card's "HOW MANY STARS?",
drawn at 14 pt whatever its width, ran 0.13 mm past the safe zone.  The slow
test reads every other component part of every game from the kits ``build
all`` writes.
"""

from __future__ import annotations

import io
import math
import re

import pdfplumber
import pytest

from conftest import text_only_pdf
from printkit.gamekit.options import BuildOptions
from printkit.paper import get_paper
from printkit.registry import get_game
from printkit.render.sheets import render_set
from printkit.theme import load_theme
from printkit.units import mm, to_mm

THEMES = ("classic", "inksaver", "highcontrast")
GAMES = ("archaeologia", "archaeology", "archeo", "archeotrek")
#: How far (pt) a box may pass the safe edge: floating-point noise only (10⁻³ pt).
EPS = 1e-3
#: The parts drawn by the fast test: those whose pieces ran over before the fix.
TIGHT = {"archaeologia": ("pieces", "cards"), "archeo": ("tiles", "shovel-cards")}
#: How much wider the wide theme's type is than the classic theme's.
WIDER = 1.15


def _options(theme_name: str) -> BuildOptions:
    return BuildOptions(paper=get_paper("a4"), theme=load_theme(theme_name), bleed=mm(3))


@pytest.fixture(scope="module")
def wide_theme(tmp_path_factory) -> str:
    """The folder of a theme extending classic whose every font is the classic
    one with its advance widths × :data:`WIDER`."""
    from fontTools.ttLib import TTFont

    folder = tmp_path_factory.mktemp("themes") / "wider"
    folder.mkdir()
    lines = ['[theme]', 'extends = "classic"', '', '[fonts]']
    for role, src in load_theme("classic").font_files.items():
        font = TTFont(str(src))
        hmtx = font["hmtx"]
        for glyph, (adv, lsb) in list(hmtx.metrics.items()):
            hmtx.metrics[glyph] = (int(adv * WIDER), lsb)
        font["hhea"].advanceWidthMax = max(a for a, _ in hmtx.metrics.values())
        font.save(str(folder / f"wide-{role}.ttf"))
        lines.append(f'{role} = "wide-{role}.ttf"')
    (folder / "theme.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(folder)


def _pages(sheets, duplex: str = "long") -> list[tuple]:
    """Per page of the set's PDF, the placements drawn on it (a blank back: none)."""
    two_sided = duplex != "none" and any(s.backs for s in sheets)
    out = []
    for s in sheets:
        out.append(s.fronts)
        if s.backs:
            out.append(s.backs)
        elif two_sided:
            out.append(())
    return out


def _chars(data: bytes) -> list[list[tuple[str, float, float, float, float, float]]]:
    """Per page of ``data`` (a PDF), every character as pdfminer lays it out:
    (text, x0, x1, y0, y1, size), pt from the page's lower left — the very
    ``LTChar`` boxes pdfplumber reports as ``x0``/``x1``/``top``/``bottom``
    (``top`` = height − ``y1``), read with pdfminer's own page aggregator
    (no layout analysis) without pdfplumber turning each char into a dict of
    every attribute (a third of the reading time;
    test_text_only_copy_reads_the_same_chars checks they agree)."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    def walk(item):
        for o in getattr(item, "_objs", ()):
            if isinstance(o, LTChar):
                yield o
            else:
                yield from walk(o)

    rsrc = PDFResourceManager(caching=True)
    device = PDFPageAggregator(rsrc, laparams=None)
    interp = PDFPageInterpreter(rsrc, device)
    out = []
    for page in PDFPage.get_pages(io.BytesIO(data)):
        interp.process_page(page)
        out.append([(c.get_text(), c.x0, c.x1, c.y0, c.y1, c.size) for c in walk(device.get_result())])
    return out


def overruns(data: bytes, pages) -> list[tuple[str, str, float, float]]:
    """(piece, character, size pt, mm past the safe zone) of every character
    of ``data`` (a set's PDF) whose centre lies on a piece's trim and whose
    box passes that piece's safe zone by more than :data:`EPS`.  The chars are
    pdfminer's (:func:`_chars`: pdfplumber's boxes) read from ``data``'s
    text-only copy (conftest ``text_only_pdf``: the same chars, without pdfminer
    tokenizing the art; test_text_only_copy_reads_the_same_chars)."""
    out = []
    read = _chars(text_only_pdf(data))
    assert len(read) == len(pages)
    for chars, places in zip(read, pages):
        for text, x0, x1, y0, y1, size in chars:
            if not text.strip():
                continue
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            p = next((q for q in places if q.x <= cx <= q.x + q.component.width
                      and q.y <= cy <= q.y + q.component.height), None)
            if p is None:
                continue
            comp, s = p.component, p.component.safe
            x0, x1, y0, y1 = x0 - p.x, x1 - p.x, y0 - p.y, y1 - p.y
            if comp.shape == "circle":
                r = comp.width / 2
                over = max(math.hypot(x - r, y - r) for x in (x0, x1) for y in (y0, y1)) - (r - s)
            else:
                over = max(s - x0, x1 - (comp.width - s), s - y0, y1 - (comp.height - s))
            if over > EPS:
                out.append((comp.name, text, round(size, 2), round(to_mm(over), 3)))
    return out


def _worst(found) -> list:
    """The worst overrun of each kind of piece (its name less a copy's "-N"), worst first."""
    best: dict[str, tuple] = {}
    for item in found:
        kind = re.sub(r"-\d+$", "", item[0])
        if kind not in best or item[3] > best[kind][3]:
            best[kind] = item
    return sorted(best.values(), key=lambda t: -t[3])


@pytest.mark.slow  # ~3 s a theme of pdfminer parsing: the full run only, as the built kits' test
@pytest.mark.parametrize("theme_name", THEMES + ("wide",))
def test_text_of_the_tightest_pieces_lies_in_their_safe_zone(theme_name, request):
    opts = _options(request.getfixturevalue("wide_theme") if theme_name == "wide" else theme_name)
    found, drawn = [], 0
    for game_id, names in TIGHT.items():
        for part in get_game(game_id).parts(opts):
            if part.name not in names or part.components is None:
                continue
            sheets: list = []
            data, _ = render_set(part.components, paper=opts.paper, theme=opts.theme, bleed=opts.bleed,
                                 sheets_out=sheets)
            found += overruns(data, _pages(sheets))
            drawn += 1
    assert drawn == 4, drawn
    assert not found, f"{theme_name}: text past the safe zone (piece, char, pt, mm): {_worst(found)[:20]}"


@pytest.mark.parametrize("theme_name", THEMES)
def test_every_pieces_text_lies_in_its_safe_zone_in_the_built_kits(themed_kits, theme_name):
    """Every other component part of every game (the test above measures
    the :data:`TIGHT` ones, drawn the same way, in these themes), read from
    the PDFs ``build all`` wrote."""
    kits = themed_kits(theme_name)
    opts = _options(theme_name)
    found, parts = [], 0
    for game_id in GAMES:
        for part in get_game(game_id).parts(opts):
            if part.components is None or part.name in TIGHT.get(game_id, ()):
                continue
            sheets: list = []
            render_set(part.components, paper=opts.paper, theme=opts.theme, bleed=opts.bleed, sheets_out=sheets)
            found += overruns((kits / game_id / f"{part.name}.pdf").read_bytes(), _pages(sheets))
            parts += 1
    assert parts >= 10, parts
    assert not found, f"{theme_name}: text past the safe zone (piece, char, pt, mm): {_worst(found)[:20]}"


def test_text_only_copy_reads_the_same_chars():
    """What :func:`overruns` relies on: pdfplumber reads every char of a kit
    part's text-only copy (conftest ``text_only_pdf``) with every key the same as
    from the part itself — here the Archéo shovel cards (art, form XObjects, text
    rotated and not), whose copy has lost its paths — and :func:`_chars` reads
    the copy's chars with pdfplumber's text and boxes (``top`` = height − ``y1``,
    ``bottom`` = height − ``y0``; floating-point noise only)."""
    opts = _options("classic")
    part = next(p for p in get_game("archeo").parts(opts) if p.name == "shovel-cards")
    data, _ = render_set(part.components, paper=opts.paper, theme=opts.theme, bleed=opts.bleed)

    def read(pdf_bytes):
        with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
            return [(page.chars, len(page.curves) + len(page.rects) + len(page.lines)) for page in pdf.pages]

    whole, copy = read(data), read(text_only_pdf(data))
    assert sum(len(chars) for chars, _ in whole) > 500
    assert [chars for chars, _ in copy] == [chars for chars, _ in whole]
    assert sum(paths for _, paths in whole) > 0 and sum(paths for _, paths in copy) == 0
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        heights = [float(page.height) for page in pdf.pages]
    mined = _chars(text_only_pdf(data))
    assert len(mined) == len(whole)
    for (chars, _), ours, H in zip(whole, mined, heights):
        assert [c["text"] for c in chars] == [c[0] for c in ours]
        for c, (_, x0, x1, y0, y1, size) in zip(chars, ours):
            assert max(abs(c["x0"] - x0), abs(c["x1"] - x1), abs(H - c["bottom"] - y0), abs(H - c["top"] - y1),
                       abs(c["size"] - size)) < 1e-9, (c, (x0, x1, y0, y1, size))

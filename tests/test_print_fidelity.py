"""Print fidelity, measured in what the printer gets: painted pixels
(pypdfium2), page boxes and geometry (pdfplumber / pypdf) and the CLI.

* bleed: every piece's painted art reaches its bleed edge on each side
  without a neighbour (and stops at the trim where one butts), fronts and
  backs, plain and turned (``--rotate-backs``);
* TrimBox = the pieces' trim extents (read off the crop marks), BleedBox =
  the painted art;
* ``--rotate-backs``: each back lands behind its front after the printer's
  flip *and* its 180° turn (simulated on the rendered pixels), ``--back-offset``
  in the final page's frame;
* ``--scale``: every page of every PDF of a build scaled about the page
  centre, MediaBox kept, boxes and form fields moved with the content, the
  50 mm bars measuring 50 × factor mm; the CLI's forms and refusals;
* the duplex alignment page: pointers behind the scales' zeros, arrows that
  agree only when backs land the right way up, X and Y 50 mm bars.

Oracles are written here from the print rules (mirror, 180° turn, scale
about the centre), not from the engine's code.
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.cli import main
from printkit.model import Component, ComponentSet, Face
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.units import mm, to_mm

from conftest import MARK, make_deck

S = 2.0  # render scale: px per pt (144 dpi)
PX = 1.6 / S  # pt: tolerance of a pixel-measured edge (anti-aliasing, rounding)

#: Distinct piece colours (RGB 0–1): one per piece, so each piece's art can be
#: found on its own even where butted neighbours touch.
COLOURS = [(0.85, 0.1, 0.1), (0.1, 0.6, 0.1), (0.1, 0.2, 0.85), (0.9, 0.6, 0.0), (0.6, 0.1, 0.6),
           (0.0, 0.6, 0.6), (0.5, 0.3, 0.1)]
FRONT_MARK = (1.0, 0.0, 1.0)   # magenta: the front's corner marker
BACK_MARK = (0.0, 0.0, 0.0)    # black: the back's corner marker
EX = Path(__file__).resolve().parent.parent / "examples" / "deck"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def pixels(data: bytes, index: int) -> np.ndarray:
    """Page ``index`` of ``data`` rendered at :data:`S` px/pt, RGB as int16
    (rows from the top)."""
    pdf = pdfium.PdfDocument(data)
    try:
        return np.asarray(pdf[index].render(scale=S).to_pil().convert("RGB")).astype(np.int16)
    finally:
        pdf.close()


def mask_of(img: np.ndarray, rgb, tol: int = 40) -> np.ndarray:
    mask = np.ones(img.shape[:2], bool)
    for k, v in enumerate(rgb):
        mask &= np.abs(img[:, :, k] - round(v * 255)) <= tol
    return mask


def bbox_pt(mask: np.ndarray, page_h: float) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) in pt, PDF coordinates (y up), of the True pixels."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return None
    return xs.min() / S, page_h - (ys.max() + 1) / S, (xs.max() + 1) / S, page_h - ys.min() / S


def coloured_set(n: int, w_mm=63.5, h_mm=88.9, markers: tuple[str, str] | None = None,
                 quantity: int = 1) -> ComponentSet:
    """``n`` pieces (each ``quantity`` times), piece i painted COLOURS[i] on
    both sides, art to the bleed edge.  ``markers``: (front corner, back corner) of a 6 mm marker
    square 2 mm inside the trim, corners named "tl", "tr", "bl", "br"."""
    def face(key, rgb, marker, marker_rgb):
        def draw(c, box):
            c.setFillColorRGB(*rgb)
            c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
            if marker:
                side = mm(6)
                x = mm(2) if marker[1] == "l" else box.width - mm(2) - side
                y = mm(2) if marker[0] == "b" else box.height - mm(2) - side
                c.setFillColorRGB(*marker_rgb)
                c.rect(x, y, side, side, stroke=0, fill=1)
        return Face(key, draw)

    fm, bm = markers or (None, None)
    comps = tuple(Component(f"p{i}", mm(w_mm), mm(h_mm), face(f"t/f{i}", COLOURS[i], fm, FRONT_MARK),
                            face(f"t/b{i}", COLOURS[i], bm, BACK_MARK), quantity=quantity) for i in range(n))
    return ComponentSet("fidelity", "Fidelity", "card", comps)


def marks(page) -> tuple[list[float], list[float]]:
    """Trim lines read off the crop marks: x of the vertical marks, y (PDF
    coordinates) of the horizontal ones."""
    H = float(page.height)
    hair = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 1e-6]
    xs = sorted({round(ln["x0"], 3) for ln in hair if abs(ln["x0"] - ln["x1"]) < 1e-6})
    ys = sorted({round(H - ln["top"], 3) for ln in hair if abs(ln["top"] - ln["bottom"]) < 1e-6})
    return xs, ys


def mirror(box, duplex: str, rotate: bool, W: float, H: float, offset=(0.0, 0.0)):
    """Where a front's box (x0, y0, x1, y1) sits on the backs page: mirrored
    for the flip (long: x, short: y), turned 180° about the centre when the
    printer turns backs, then moved by the back offset."""
    x0, y0, x1, y1 = box
    if duplex == "long":
        x0, x1 = W - x1, W - x0
    else:
        y0, y1 = H - y1, H - y0
    if rotate:
        x0, y0, x1, y1 = W - x1, H - y1, W - x0, H - y0
    dx, dy = offset
    return x0 + dx, y0 + dy, x1 + dx, y1 + dy


def approx_box(a, b, tol=PX):
    return all(abs(u - v) <= tol for u, v in zip(a, b))


# --- bleed, TrimBox, BleedBox: fronts and backs, measured ------------------------

@pytest.fixture(scope="module", params=[
    *((n, duplex, rotate) for n in (1, 5) for duplex, rotate in
      (("long", False), ("short", False), ("long", True), ("short", True))),
    ("shared", "long", False), ("shared", "short", True)],
    ids=lambda p: f"n{p[0]}-{p[1]}{'-turned' if p[2] else ''}")
def sheet(request, theme):
    """(pieces on the first sheet, duplex, rotate_backs, PDF).  ``"shared"``:
    one large piece printed twice (one per sheet), so its faces are drawn
    once as form XObjects and placed twice — the other path to the bleed."""
    n, duplex, rotate = request.param
    cset = coloured_set(1, 150, 200, quantity=2) if n == "shared" else coloured_set(n)
    data, pages = render_set(cset, paper=get_paper("a4"), theme=theme, bleed=mm(3), duplex=duplex,
                             rotate_backs=rotate)
    assert pages == (4 if n == "shared" else 2)
    if n == "shared":
        assert "/XObject" in PdfReader(io.BytesIO(data)).pages[0]["/Resources"]
    return (1 if n == "shared" else n), duplex, rotate, data


def expected_fronts(page, n: int) -> list[tuple[float, float, float, float]]:
    """Art boxes of the fronts by the butting rule, from the crop marks: the
    trim cell in reading order, plus 3 mm bleed on each side whose
    neighbouring cell holds no piece."""
    xs, ys = marks(page)
    cols = len(xs) - 1
    tops = list(reversed(ys))  # trim lines from the top
    cells = {(i % cols, i // cols) for i in range(n)}
    out = []
    for i in range(n):
        c, r = i % cols, i // cols
        b = mm(3)
        left = 0 if (c - 1, r) in cells else b
        right = 0 if (c + 1, r) in cells else b
        top = 0 if (c, r - 1) in cells else b
        bottom = 0 if (c, r + 1) in cells else b
        out.append((xs[c] - left, tops[r + 1] - bottom, xs[c + 1] + right, tops[r] + top))
    return out


def test_front_art_reaches_every_bleed_edge_and_stops_at_butted_trims(sheet):
    """Painted pixels of each piece (its own colour) span exactly trim + bleed
    on each side without a neighbour and the trim where one butts; a single
    piece shows its bleed on all four sides."""
    n, _, _, data = sheet
    img = pixels(data, 0)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        H = float(page.height)
        want = expected_fronts(page, n)
    for i, box in enumerate(want):
        got = bbox_pt(mask_of(img, COLOURS[i]), H)
        assert got is not None and approx_box(got, box), (i, got, box)


def test_backs_show_bleed_on_their_own_outer_sides(sheet):
    """Each back's painted art is its front's, mirrored for the flip (and
    turned 180° with --rotate-backs): on a partial butted sheet the bleed
    follows the back's own open sides, not the front's."""
    n, duplex, rotate, data = sheet
    front, back = pixels(data, 0), pixels(data, 1)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        W, H = float(pdf.pages[0].width), float(pdf.pages[0].height)
    for i in range(n):
        f = bbox_pt(mask_of(front, COLOURS[i]), H)
        b = bbox_pt(mask_of(back, COLOURS[i]), H)
        assert b is not None and approx_box(b, mirror(f, duplex, rotate, W, H)), (i, b, f)


def test_trimbox_is_the_trim_extent_and_bleedbox_the_art(sheet):
    """TrimBox = outermost trim lines (crop marks) on the fronts page, the
    mirrored (turned) extent on the backs page; BleedBox = the painted art."""
    n, duplex, rotate, data = sheet
    reader = PdfReader(io.BytesIO(data))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        xs, ys = marks(pdf.pages[0])
        W, H = float(pdf.pages[0].width), float(pdf.pages[0].height)
    trim = (xs[0], ys[0], xs[-1], ys[-1])
    for index, want_trim in ((0, trim), (1, mirror(trim, duplex, rotate, W, H))):
        page = reader.pages[index]
        got_trim = tuple(float(v) for v in page.trimbox)
        assert approx_box(got_trim, want_trim, 0.01), (index, got_trim, want_trim)
        img = pixels(data, index)
        painted = np.zeros(img.shape[:2], bool)
        for rgb in COLOURS[:n]:
            painted |= mask_of(img, rgb)
        got_bleed = tuple(float(v) for v in page.bleedbox)
        assert approx_box(got_bleed, bbox_pt(painted, H)), (index, got_bleed)
        assert got_bleed != got_trim  # the bleed is real: 3 mm outside the trim


# --- --rotate-backs: positions (pdfplumber) and a simulated upside-down printer --------

def centres(page):
    """Centres (pt, PDF coordinates) of the synthetic faces' centre squares."""
    h = float(page.height)
    return sorted(((r["x0"] + r["x1"]) / 2, h - (r["top"] + r["bottom"]) / 2) for r in page.rects
                  if abs(r["width"] - MARK) < 0.01 and abs(r["height"] - MARK) < 0.01)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset_mm", [(0.0, 0.0), (1.5, -0.7)])
def test_turned_backs_sit_at_the_turned_mirror_position(theme, a4, duplex, offset_mm):
    """With --rotate-backs each back's centre (and the backs page's TrimBox)
    is the front's mirrored for the flip, turned 180° about the sheet centre,
    then moved by --back-offset in the final page's frame."""
    offset = (mm(offset_mm[0]), mm(offset_mm[1]))
    data, _ = render_set(make_deck(theme, n=5), paper=a4, theme=theme, bleed=mm(3), duplex=duplex,
                         back_offset=offset, rotate_backs=True)
    reader = PdfReader(io.BytesIO(data))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        W, H = float(pdf.pages[0].width), float(pdf.pages[0].height)
        fronts, backs = centres(pdf.pages[0]), centres(pdf.pages[1])
    assert len(fronts) == len(backs) == 5
    want = sorted((mirror((x, y, x, y), duplex, True, W, H, offset)[:2]) for x, y in fronts)
    for (ex, ey), (bx, by) in zip(want, backs):
        assert abs(ex - bx) < 0.01 and abs(ey - by) < 0.01
    front_trim = tuple(float(v) for v in reader.pages[0].trimbox)
    back_trim = tuple(float(v) for v in reader.pages[1].trimbox)
    assert approx_box(back_trim, mirror(front_trim, duplex, True, W, H, offset), 0.01)


def printed_back(img: np.ndarray, duplex: str, upside_down: bool) -> np.ndarray:
    """The back page as seen through the front: the printer's turn (180°)
    when it has the quirk, then the flip (long edge: left ↔ right; short
    edge: top ↔ bottom)."""
    if upside_down:
        img = img[::-1, ::-1]
    return img[:, ::-1] if duplex == "long" else img[::-1, :]


#: The back corner physically behind a front's top-left corner: turned over
#: left-right (long edge) it is the back's top-right; turned over top-bottom
#: (short edge) the back's bottom-left.
BEHIND_TOP_LEFT = {"long": "tr", "short": "bl"}


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("rotate", [False, True])
def test_back_markers_land_behind_front_markers(theme, a4, duplex, rotate):
    """Fronts carry a marker at their top-left corner, backs at the corner
    behind it; printed by a printer that turns backs upside down exactly
    when --rotate-backs is given, every back marker lands behind its front's
    (and the wrong printer misses them all)."""
    cset = coloured_set(5, markers=("tl", BEHIND_TOP_LEFT[duplex]))
    data, _ = render_set(cset, paper=a4, theme=theme, bleed=mm(3), duplex=duplex, rotate_backs=rotate)
    front = mask_of(pixels(data, 0), FRONT_MARK)
    back_img = pixels(data, 1)
    right = mask_of(printed_back(back_img, duplex, upside_down=rotate), BACK_MARK, tol=20)
    wrong = mask_of(printed_back(back_img, duplex, upside_down=not rotate), BACK_MARK, tol=20)
    marker_px = (mm(6) * S) ** 2
    assert front.sum() == pytest.approx(5 * marker_px, rel=0.1)
    overlap = (front & right).sum() / front.sum()
    assert overlap > 0.9, overlap
    assert (front & wrong).sum() / front.sum() < 0.1


# --- --scale: every page of every PDF of a build -------------------------------

SX, SY = 50 / 50.2, 50 / 49.9


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """archaeology (card sheets, a tiled board, a weasyprint document, cover,
    kit PDF) built plain and with --scale 50.2mm,49.9mm."""
    out = {}
    for name, extra in (("plain", []), ("scaled", ["--scale", "50.2mm,49.9mm"])):
        folder = tmp_path_factory.mktemp(name)
        r = run("build", "archaeology", "--out", folder, *extra)
        assert r.exit_code == 0, r.output
        out[name] = folder / "archaeology"
    return out


def test_default_bleed_is_3_mm(builds):
    """`printkit build` with no --bleed: every sheet of cut pieces shows 3 mm
    of bleed around its trim (BleedBox − TrimBox)."""
    seen = 0
    for path in sorted(builds["plain"].glob("*.pdf")):
        for page in PdfReader(path).pages:
            trim, bleed = page.trimbox, page.bleedbox
            if "/TrimBox" not in page or tuple(trim) == tuple(page.mediabox):
                continue
            gaps = [float(trim.left - bleed.left), float(trim.bottom - bleed.bottom),
                    float(bleed.right - trim.right), float(bleed.top - trim.top)]
            if max(gaps) > 0:
                seen += 1
                # a board tile shows the board's bleed only where the board's edge is on it
                # (0 at a seam, where the board runs on to the next page)
                shown = [round(to_mm(g), 2) for g in gaps]
                assert set(shown) <= {0.0, 3.0} and shown.count(3.0) >= 1, (path.name, gaps)
    assert seen >= 2


def _charboxes(page) -> list[tuple[float, float, float, float]]:
    """Every 5th character's box (left, bottom, right, top) in pt, PDF
    coordinates, in content order (pdfium's text layer); glyphs without
    ink (spaces: an empty box pdfium places by estimate) left out."""
    text = page.get_textpage()
    try:
        return [text.get_charbox(i) for i in range(0, text.count_chars(), 5)]
    finally:
        text.close()


def test_scale_applies_to_every_page_of_every_pdf(builds):
    """Each page of each file (sheets, board tiles, document, cover and kit
    PDF): page size kept, the characters at centre + s × (p − centre),
    TrimBox and BleedBox moved the same way."""
    files = sorted(p.name for p in builds["plain"].glob("*.pdf"))
    assert files == sorted(p.name for p in builds["scaled"].glob("*.pdf"))
    assert {"board.pdf", "cards.pdf", "high-score-log.pdf", "archaeology-kit.pdf"} <= set(files)
    for name in files:
        plain_r, scaled_r = PdfReader(builds["plain"] / name), PdfReader(builds["scaled"] / name)
        plain, scaled = pdfium.PdfDocument(builds["plain"] / name), pdfium.PdfDocument(builds["scaled"] / name)
        assert len(plain) == len(scaled) == len(plain_r.pages)
        for i in range(len(plain)):
            W, H = plain[i].get_size()
            assert scaled[i].get_size() == (W, H), (name, i)
            cx, cy = W / 2, H / 2
            before, after = _charboxes(plain[i]), _charboxes(scaled[i])
            assert len(before) == len(after), (name, i)
            for b0, b1 in zip(before, after):
                if b0[2] - b0[0] < 0.01:  # no ink (a space): pdfium only estimates where it is
                    continue
                want = (cx + SX * (b0[0] - cx), cy + SY * (b0[1] - cy), cx + SX * (b0[2] - cx), cy + SY * (b0[3] - cy))
                assert b1 == pytest.approx(want, abs=0.05), (name, i)
            for box in ("/TrimBox", "/BleedBox"):
                if box not in plain_r.pages[i]:
                    assert box not in scaled_r.pages[i]
                    continue
                b0 = [float(v) for v in plain_r.pages[i][box]]
                b1 = [float(v) for v in scaled_r.pages[i][box]]
                want = [cx + SX * (b0[0] - cx), cy + SY * (b0[1] - cy), cx + SX * (b0[2] - cx), cy + SY * (b0[3] - cy)]
                want = [max(0.0, want[0]), max(0.0, want[1]), min(W, want[2]), min(H, want[3])]
                assert b1 == pytest.approx(want, abs=0.001), (name, i, box)
        plain.close()
        scaled.close()


def test_scaled_50_mm_bars_measure_50_times_the_factor(builds):
    """The footer's 50 mm bar on every card sheet measures 50 × 50/50.2 mm."""
    with pdfplumber.open(builds["scaled"] / "cards.pdf") as pdf:
        for page in pdf.pages[:2]:  # a fronts and a backs page
            widths = [to_mm(r["width"]) for r in page.rects if r["height"] < mm(2)]
            assert any(abs(w - 50 * SX) < 0.005 for w in widths), widths
            assert not any(abs(w - 50) < 0.05 for w in widths)


def test_scale_moves_form_fields_with_the_sheet(theme, a4):
    """A fillable part's widget rectangles go through the same transform as
    the page content."""
    from printkit.build import BuildOptions, render_part
    from printkit.registry import get_game

    kit = get_game("archeotrek")
    opts = BuildOptions(paper=a4, theme=theme, players=2, fillable=True, bleed=mm(3))
    part = next(p for p in kit.parts(opts) if p.components is not None and any(
        c.fields is not None for c in p.components.components))
    plain, _ = render_part(part, opts, kit.title)
    scaled, _ = render_part(part, dataclasses.replace(opts, scale=(SX, SY)), kit.title)
    W, H = a4.width, a4.height
    for p, s in zip(PdfReader(io.BytesIO(plain)).pages, PdfReader(io.BytesIO(scaled)).pages):
        rects0 = [[float(v) for v in a.get_object()["/Rect"]] for a in p.get("/Annots") or []]
        rects1 = [[float(v) for v in a.get_object()["/Rect"]] for a in s.get("/Annots") or []]
        assert len(rects0) == len(rects1)
        for r0, r1 in zip(rects0, rects1):
            want = [W / 2 + SX * (r0[0] - W / 2), H / 2 + SY * (r0[1] - H / 2),
                    W / 2 + SX * (r0[2] - W / 2), H / 2 + SY * (r0[3] - H / 2)]
            assert r1 == pytest.approx(want, abs=0.001)
    assert any(PdfReader(io.BytesIO(scaled)).pages[i].get("/Annots") for i in range(len(PdfReader(io.BytesIO(scaled)).pages)))


def _test_bars(path) -> tuple[float, float]:
    """(X bar width, Y bar height) in mm of the duplex test's 50 mm bars."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        xbar = [r for r in page.rects if r["height"] < mm(2) and to_mm(r["width"]) > 45 and r["top"] < page.height / 2]
        ybar = [r for r in page.rects if r["width"] < mm(2) and to_mm(r["height"]) > 45]
    assert len(xbar) == 1 and len(ybar) == 1, (xbar, ybar)
    return to_mm(xbar[0]["width"]), to_mm(ybar[0]["height"])


@pytest.mark.parametrize("text,factors", [
    ("100%,100%", (1.0, 1.0)),
    ("100.4%,99.8%", (1.004, 0.998)),
    ("100.4,99.8", (1.004, 0.998)),
    ("50.2mm,49.9mm", (50 / 50.2, 50 / 49.9)),
    ("50.2 mm, 49.9MM", (50 / 50.2, 50 / 49.9)),
    ("99.6%", (0.996, 0.996)),
    ("99.6%,50.1mm", (0.996, 50 / 50.1)),
])
def test_scale_forms_measured_on_the_duplex_test(tmp_path, text, factors):
    """--scale as percent, bare percent or the measured 50 mm bar: the duplex
    test's X and Y bars measure 50 × factor mm."""
    r = run("duplex-test", "--scale", text, "--out", tmp_path)
    assert r.exit_code == 0, r.output
    x, y = _test_bars(tmp_path / "duplex-test.pdf")
    assert x == pytest.approx(50 * factors[0], abs=0.002)
    assert y == pytest.approx(50 * factors[1], abs=0.002)


@pytest.mark.parametrize("command", ["build", "deck", "duplex-test"])
@pytest.mark.parametrize("args,needle", [
    (["--scale", "abc"], "--scale"),
    (["--scale", "100%,"], "--scale"),
    (["--scale", "1,2,3"], "--scale"),
    (["--scale", "nan,100"], "--scale"),
    (["--scale", "0,100"], "--scale"),
    (["--scale", "-100%,100%"], "--scale"),
    (["--scale", "106%,100%"], "5 %"),
    (["--scale", "100%,94.9%"], "5 %"),
    (["--scale", "47mm,50mm"], "5 %"),
    (["--scale", "1.004"], "5 %"),  # 1.004 % — a factor typed as a percent
    (["--rotate-backs", "--duplex", "none"], "--rotate-backs"),
])
def test_bad_scale_and_rotate_exit_2_one_line(tmp_path, command, args, needle):
    head = {"build": ["build", "archeotrek"],
            "deck": ["deck", EX / "cards.csv", "--layout", EX / "front.toml"],
            "duplex-test": ["duplex-test"]}[command]
    r = run(*head, *args, "--out", tmp_path)
    assert r.exit_code == 2, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and needle in lines[0], r.output
    assert "Traceback" not in r.output
    assert not list(tmp_path.rglob("*.pdf"))


def test_deck_takes_rotate_backs_and_scale(tmp_path):
    """`printkit deck --rotate-backs --scale`: the backs page's text is
    turned 180°, the fronts' is not; the 50 mm bar measures 50 × 99.5 %."""
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--back", EX / "back.toml",
            "--rotate-backs", "--scale", "99.5%", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    (pdf_path,) = tmp_path.glob("*.pdf")
    with pdfplumber.open(pdf_path) as pdf:
        kinds = [(i % 2 == 1, p) for i, p in enumerate(pdf.pages)]  # every card has a back: fronts, backs, …
        assert len(kinds) % 2 == 0 and "fronts" in kinds[0][1].extract_text()
        for is_back, page in kinds:
            trim = [float(v) for v in PdfReader(pdf_path).pages[page.page_number - 1].trimbox]
            H = float(page.height)
            inside = [ch for ch in page.chars if trim[0] <= ch["x0"] <= trim[2] and trim[1] <= H - ch["top"] <= trim[3]]
            assert inside  # the cards' own text (the footer, outside the trims, reads upright)
            signs = {ch["matrix"][0] > 0 for ch in inside}
            assert signs == ({False} if is_back else {True})
            widths = [to_mm(r["width"]) for r in page.rects if r["height"] < mm(2)]
            assert any(abs(w - 50 * 0.995) < 0.005 for w in widths)


@pytest.mark.parametrize("typed,want_mm", [(["--back-offset", "1.5,-0.7"], (1.5, -0.7)),
                                           (["--back-offset=-1.25,0.5"], (-1.25, 0.5)),
                                           (["--back-offset", "-2,-1.5", "--rotate-backs"], (-2, -1.5))])
def test_back_offset_signs_survive_the_cli(tmp_path, typed, want_mm):
    """`printkit deck --back-offset X,Y` (negative values included): the
    backs page's TrimBox moves by exactly (X, Y) mm, the fronts' not at all
    (with --rotate-backs, in the turned page's frame: right/up as the PDF
    shows it)."""
    def trims(*extra):
        out = tmp_path / str(len(list(tmp_path.iterdir())))
        r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--back", EX / "back.toml",
                "--out", out, *extra)
        assert r.exit_code == 0, r.output
        (path,) = out.glob("*.pdf")
        return [[float(v) for v in page.trimbox] for page in PdfReader(path).pages[:2]]

    rotate = [a for a in typed if a == "--rotate-backs"]
    plain, moved = trims(*rotate), trims(*typed)
    assert moved[0] == pytest.approx(plain[0], abs=1e-6)
    dx, dy = (to_mm(m - p) for m, p in zip(moved[1][:2], plain[1][:2]))
    assert (dx, dy) == (pytest.approx(want_mm[0], abs=1e-3), pytest.approx(want_mm[1], abs=1e-3))


# --- the duplex alignment page --------------------------------------------------

def _duplex_test(tmp_path, duplex: str, rotate: bool) -> bytes:
    args = ["duplex-test", "--duplex", duplex, "--out", tmp_path] + (["--rotate-backs"] if rotate else [])
    r = run(*args)
    assert r.exit_code == 0, r.output
    return (tmp_path / "duplex-test.pdf").read_bytes()


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("rotate", [False, True])
def test_duplex_test_pointers_sit_behind_the_zeros(tmp_path, duplex, rotate):
    """Each scale's zero on the front (the middle of its 10 mm line) has a
    red pointer on the back exactly at its mirrored (and, with
    --rotate-backs, turned) position: a vertical one behind the X scales,
    a horizontal one behind the Y scales."""
    data = _duplex_test(tmp_path, duplex, rotate)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        front, back = pdf.pages
        W, H = float(front.width), float(front.height)

        def segs(page, length_mm, width):
            out = {"h": [], "v": []}
            for ln in page.lines:
                if abs(ln["linewidth"] - width) > 1e-3:
                    continue
                dx, dy = ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]
                mid = ((ln["x0"] + ln["x1"]) / 2, H - (ln["top"] + ln["bottom"]) / 2)
                if abs(to_mm(dx) - length_mm) < 0.01 and dy < 0.01:
                    out["h"].append(mid)
                elif abs(to_mm(dy) - length_mm) < 0.01 and dx < 0.01:
                    out["v"].append(mid)
            return out

        zeros = segs(front, 10, 0.4)
        pointers = segs(back, 14, 0.5)
    assert len(zeros["h"]) == len(zeros["v"]) == 5
    for kind, behind in (("h", "v"), ("v", "h")):  # X scale (horizontal) ↔ vertical pointer
        want = sorted(mirror((x, y, x, y), duplex, rotate, W, H)[:2] for x, y in zeros[kind])
        got = sorted(pointers[behind])
        assert len(got) == 5
        for (ex, ey), (gx, gy) in zip(want, got):
            assert abs(ex - gx) < 0.01 and abs(ey - gy) < 0.01, (kind, (ex, ey), (gx, gy))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_duplex_test_arrows_tell_an_upside_down_printer(tmp_path, duplex):
    """Held to the light, the back's red arrows lie on the front's black
    arrows pointing the same way when the printer flips as promised, and
    not when it also turns backs 180° — unless the test was printed with
    --rotate-backs, when they agree again on that printer."""
    from printkit.theme import load_theme

    theme = load_theme("classic")
    red = tuple(v for v in theme.colour("mark").rgb()) if "mark" in theme.colours else tuple(theme.colour("accent").rgb())
    ink = tuple(theme.colour("ink").rgb())

    def agreement(data: bytes, upside_down: bool) -> float:
        front, back = pixels(data, 0), pixels(data, 1)
        h, w = front.shape[:2]
        region = np.zeros((h, w), bool)  # around the arrows (their labels start 4 mm to the right)
        for fy in (0.36, 0.64):
            y = int(h * fy)
            region[y - int(mm(9) * S):y + int(mm(9) * S), int(w / 2 - mm(3) * S):int(w / 2 + mm(3) * S)] = True
        black = mask_of(front, ink, 30) & region
        seen = mask_of(printed_back(back, duplex, upside_down), red, 40) & region
        return (black & seen).sum() / max(1, (black | seen).sum())

    plain = _duplex_test(tmp_path, duplex, False)
    assert agreement(plain, upside_down=False) > 0.6
    assert agreement(plain, upside_down=True) < 0.4
    turned = _duplex_test(tmp_path, duplex, True)
    assert agreement(turned, upside_down=True) > 0.6


def test_duplex_test_reading_with_rotate_backs_is_the_back_offset():
    """Printed with --rotate-backs on a printer that turns backs 180°, a
    back shifted by s on its page shows on the front at the scale value −s
    (the correcting --back-offset), for both flips."""
    from printkit.calibration import _directions

    W, H = 595.0, 842.0
    x0, y0 = 200.0, 300.0
    for duplex in ("long", "short"):
        sx_lab, sy_lab = _directions(duplex, rotate_backs=True)
        drawn = mirror((x0, y0, x0, y0), duplex, True, W, H)[:2]  # the pointer on the (turned) back page
        for shift in ((1.5, -1.0), (-2.0, 0.5)):
            printed = (drawn[0] + mm(shift[0]), drawn[1] + mm(shift[1]))
            turned = (W - printed[0], H - printed[1])  # the printer's 180° turn
            seen = (W - turned[0], turned[1]) if duplex == "long" else (turned[0], H - turned[1])
            reading = (sx_lab * to_mm(seen[0] - x0), sy_lab * to_mm(seen[1] - y0))
            assert reading == (pytest.approx(-shift[0]), pytest.approx(-shift[1]))


def test_duplex_test_explains_rotate_backs_and_scale(tmp_path):
    text = PdfReader(io.BytesIO(_duplex_test(tmp_path, "long", False))).pages[0].extract_text()
    for needle in ("THIS WAY UP", "--rotate-backs", "--scale 50.2mm,49.9mm", "X · 50 mm", "Y · 50 mm"):
        assert needle in text, needle

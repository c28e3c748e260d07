"""The print engine, measured in the PDFs it writes (pdfplumber / pypdf)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings, strategies as st
from pypdf import PdfReader

from printkit import PrintkitError, UsageError
from printkit.imposition import impose
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.units import mm, parse_length, to_mm

from conftest import MARK, make_deck, pdf_pages

TOL_MM = 0.01


def centres(page):
    """Centres (pt, PDF coordinates, y up) of the synthetic faces' centre squares."""
    h = page.height
    out = []
    for r in page.rects:
        if abs(r["width"] - MARK) < 0.01 and abs(r["height"] - MARK) < 0.01:
            out.append(((r["x0"] + r["x1"]) / 2, h - (r["top"] + r["bottom"]) / 2))
    return sorted(out)


# --- units and paper -------------------------------------------------------

@pytest.mark.parametrize("text,expected_mm", [("3mm", 3), ("0.125in", 3.175), ("9pt", 9 * 25.4 / 72), ("1cm", 10), (" 2.5 mm", 2.5)])
def test_parse_length(text, expected_mm):
    assert to_mm(parse_length(text)) == pytest.approx(expected_mm)


@pytest.mark.parametrize("bad", ["3xm", "3", "mm", "-1mm", "", "3 m m"])
def test_parse_length_rejects(bad):
    with pytest.raises(UsageError):
        parse_length(bad)


@settings(deadline=None)
@given(st.floats(min_value=0, max_value=1000, allow_nan=False))
def test_mm_round_trip(v):
    assert to_mm(parse_length(f"{v!r}mm")) == pytest.approx(v)


@pytest.mark.parametrize("name,w,h", [("a4", 210, 297), ("letter", 215.9, 279.4), ("universal", 210, 279.4)])
def test_page_sizes_exact(theme, name, w, h):
    data, pages = render_set(make_deck(theme), paper=get_paper(name), theme=theme, bleed=mm(3))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == pages
    for page in reader.pages:
        box = page.mediabox
        assert to_mm(float(box.width)) == pytest.approx(w, abs=TOL_MM)
        assert to_mm(float(box.height)) == pytest.approx(h, abs=TOL_MM)
        # TrimBox ⊆ BleedBox ⊆ MediaBox
        t, b, m = page.trimbox, page.bleedbox, page.mediabox
        assert m.left <= b.left <= t.left and t.right <= b.right <= m.right
        assert m.bottom <= b.bottom <= t.bottom and t.top <= b.top <= m.top


def test_universal_fits_a4_and_letter():
    u = get_paper("universal")
    for other in ("a4", "letter"):
        p = get_paper(other)
        assert u.width <= p.width + 1e-9 and u.height <= p.height + 1e-9


def test_unknown_paper():
    with pytest.raises(UsageError, match="a4, letter, universal"):
        get_paper("a5")


# --- imposition and marks ----------------------------------------------------

@pytest.mark.parametrize("bleed_mm", [0, 3])
def test_crop_marks_on_trim_lines_and_outside_art(theme, a4, bleed_mm):
    deck = make_deck(theme, n=9)
    data, _ = render_set(deck, paper=a4, theme=theme, bleed=mm(bleed_mm))
    with pdf_pages(data) as pdf:
        page = pdf.pages[0]
        H = page.height
        art = [r for r in page.rects if r["width"] > 100 and r["height"] > 100]
        marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 1e-6]
        assert marks, "no crop marks"
        vx = sorted({round(ln["x0"], 3) for ln in marks if abs(ln["x0"] - ln["x1"]) < 1e-6})
        # every art rect's trim edges (art minus bleed) have a mark line
        for r in art:
            for x in (r["x0"] + mm(bleed_mm), r["x1"] - mm(bleed_mm)):
                assert any(abs(x - v) < mm(TOL_MM) for v in vx)
        # trim width measured between marks equals the card width
        widths = {round(to_mm(r["x1"] - r["x0"]) - 2 * bleed_mm, 2) for r in art}
        assert widths == {63.5}
        heights = {round(to_mm(r["bottom"] - r["top"]) - 2 * bleed_mm, 2) for r in art}
        assert heights == {88.9}
        # no mark enters a trim (the art less its bleed); a mark may cross the outer bleed
        b = mm(bleed_mm)
        for ln in marks:
            for r in art:
                tx0, tx1, ttop, tbottom = r["x0"] + b, r["x1"] - b, r["top"] + b, r["bottom"] - b
                overlap_x = min(ln["x1"], tx1) - max(ln["x0"], tx0)
                overlap_y = min(ln["bottom"], tbottom) - max(ln["top"], ttop)
                assert not (overlap_x >= 0 and overlap_y > 0.01 or overlap_x > 0.01 and overlap_y >= 0), (ln, r)
        # marks run to the sheet edge
        assert any(ln["top"] <= 0.01 for ln in marks) and any(ln["bottom"] >= H - 0.01 for ln in marks)


def test_no_bleed_cards_share_cut_lines(theme, a4):
    sheets = impose(list(make_deck(theme, n=9).components), a4, 0.0)
    s = sheets[0]
    assert (s.cols, s.rows) == (3, 3)
    xs = sorted({round(p.x, 4) for p in s.fronts})
    assert xs[1] - xs[0] == pytest.approx(mm(63.5))


@pytest.mark.parametrize("size", [(63.5, 88.9), (44, 68), (25, 25)])
def test_full_grid_centred(theme, a4, size):
    s = impose(list(make_deck(theme, n=100, w=size[0], h=size[1]).components), a4, mm(3))[0]
    x0 = min(p.art_box[0] for p in s.fronts)
    x1 = max(p.art_box[2] for p in s.fronts)
    y0 = min(p.art_box[1] for p in s.fronts)
    y1 = max(p.art_box[3] for p in s.fronts)
    assert x0 == pytest.approx(a4.width - x1) and y0 == pytest.approx(a4.height - y1)


@pytest.mark.parametrize("paper", ["a4", "universal"])
def test_poker_cards_with_bleed_butt_3_by_3(theme, paper):
    """Pieces with bleed share cut lines when that fits more: poker 3 × 3 on A4."""
    p = get_paper(paper)
    s = impose(list(make_deck(theme, n=9).components), p, mm(3))[0]
    if paper == "a4":
        assert (s.cols, s.rows, s.butted) == (3, 3, True)
    xs = sorted({round(pl.x, 3) for pl in s.fronts})
    assert to_mm(xs[1] - xs[0]) == pytest.approx(63.5)
    # outer sides keep the bleed, inner sides none: visible art never overlaps
    boxes = [pl.art_box for pl in s.fronts]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert min(a[2], b[2]) - max(a[0], b[0]) <= 1e-6 or min(a[3], b[3]) - max(a[1], b[1]) <= 1e-6
    assert min(b[0] for b in boxes) == pytest.approx(min(pl.x for pl in s.fronts) - mm(3), abs=1e-3)


def test_round_tokens_get_circle_cut_lines(theme, a4):
    deck = make_deck(theme, n=7, w=25, h=25, shape="circle")
    data, _ = render_set(deck, paper=a4, theme=theme, bleed=mm(3))
    with pdf_pages(data) as pdf:
        cuts = [c for c in pdf.pages[0].curves if abs(c["linewidth"] - 0.25) < 1e-6]
        assert len(cuts) == 7
        for c in cuts:
            assert to_mm(c["x1"] - c["x0"]) == pytest.approx(25, abs=TOL_MM)


def test_piece_too_big_is_a_clear_error(theme, a4):
    with pytest.raises(PrintkitError, match="does not fit"):
        impose(list(make_deck(theme, n=1, w=400, h=100).components), a4, 0)


# --- duplex -----------------------------------------------------------------

@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("n", [1, 5, 9])
def test_backs_centre_on_fronts(theme, a4, duplex, n):
    data, pages = render_set(make_deck(theme, n=n), paper=a4, theme=theme, bleed=mm(3), duplex=duplex)
    with pdf_pages(data) as pdf:
        assert len(pdf.pages) == pages and pages % 2 == 0
        W, H = pdf.pages[0].width, pdf.pages[0].height
        for i in range(0, pages, 2):
            fronts = centres(pdf.pages[i])
            backs = centres(pdf.pages[i + 1])
            assert len(fronts) == len(backs)
            expected = sorted((W - x, y) if duplex == "long" else (x, H - y) for x, y in fronts)
            for (ex, ey), (bx, by) in zip(expected, backs):
                assert to_mm(abs(ex - bx)) < TOL_MM and to_mm(abs(ey - by)) < TOL_MM


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_moves_only_backs(theme, a4, duplex):
    plain, _ = render_set(make_deck(theme), paper=a4, theme=theme, bleed=mm(3), duplex=duplex)
    moved, _ = render_set(make_deck(theme), paper=a4, theme=theme, bleed=mm(3), duplex=duplex,
                          back_offset=(mm(1.5), mm(-0.7)))
    with pdf_pages(plain) as p, pdf_pages(moved) as m:
        assert centres(p.pages[0]) == centres(m.pages[0])
        for (x0, y0), (x1, y1) in zip(centres(p.pages[1]), centres(m.pages[1])):
            assert to_mm(x1 - x0) == pytest.approx(1.5, abs=TOL_MM)
            assert to_mm(y1 - y0) == pytest.approx(-0.7, abs=TOL_MM)


def test_no_backs_no_backs_page(theme, a4):
    deck = make_deck(theme, backs=False)
    data, pages = render_set(deck, paper=a4, theme=theme, bleed=mm(3))
    assert pages == len(impose(list(deck.components), a4, mm(3)))


# --- scale guard, fonts, determinism ----------------------------------------

def test_scale_bars_and_print_scaling(theme, a4):
    data, _ = render_set(make_deck(theme), paper=a4, theme=theme, bleed=mm(3))
    reader = PdfReader(io.BytesIO(data))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    with pdf_pages(data) as pdf:
        for page in pdf.pages:
            text = page.extract_text()
            assert "50 mm" in text and "2 in" in text
            lengths = sorted(round(to_mm(r["width"]), 2) for r in page.rects if r["height"] < mm(2))
            assert 50.0 in lengths and 50.8 in lengths


def test_fonts_embedded_no_base14(theme, a4):
    data, _ = render_set(make_deck(theme), paper=a4, theme=theme, bleed=mm(3), game_title="Archéo – 3–18")
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            assert font["/Subtype"] != "/Type1", font["/BaseFont"]
            desc = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            desc = desc.get_object()
            assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert "Archéo – 3–18" in reader.pages[0].extract_text()


def test_deterministic(theme, a4):
    a, _ = render_set(make_deck(theme), paper=a4, theme=theme, bleed=mm(3))
    b, _ = render_set(make_deck(theme), paper=a4, theme=theme, bleed=mm(3))
    assert a == b


def test_identical_faces_drawn_once(theme, a4):
    data, _ = render_set(make_deck(theme, n=9), paper=a4, theme=theme, bleed=0)
    page = PdfReader(io.BytesIO(data)).pages[0]
    xobjects = page["/Resources"]["/XObject"]
    assert len(xobjects) == 1


# --- duplex alignment test ----------------------------------------------------

@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("shift", [(1.5, -1.0), (-2.0, 0.5)])
def test_duplex_test_reading_is_the_back_offset(duplex, shift):
    """A printer shifting backs by ``shift`` mm shows pointers at the front scale
    values that, passed as --back-offset, cancel the shift exactly."""
    from printkit.calibration import _directions

    W, H = 595.0, 842.0
    sx_lab, sy_lab = _directions(duplex)
    x0, y0 = 200.0, 300.0  # a scale's zero on the front
    back = (x0, H - y0) if duplex == "short" else (W - x0, y0)  # where the pointer is drawn
    printed = (back[0] + mm(shift[0]), back[1] + mm(shift[1]))  # where the printer puts it
    seen = (printed[0], H - printed[1]) if duplex == "short" else (W - printed[0], printed[1])
    reading = (sx_lab * to_mm(seen[0] - x0), sy_lab * to_mm(seen[1] - y0))
    assert reading == (pytest.approx(-shift[0]), pytest.approx(-shift[1]))


def test_duplex_test_pdf(theme, tmp_path):
    from click.testing import CliRunner
    from printkit.cli import main

    r = CliRunner().invoke(main, ["duplex-test", "--paper", "letter", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    reader = PdfReader(tmp_path / "duplex-test.pdf")
    assert len(reader.pages) == 2
    assert to_mm(float(reader.pages[0].mediabox.width)) == pytest.approx(215.9, abs=TOL_MM)
    assert "--back-offset X,Y" in reader.pages[0].extract_text()


@pytest.mark.parametrize("duplex,wanted", [("long", "double-sided"), ("short", "double-sided"), ("none", "single-sided")])
def test_duplex_test_says_how_to_print_it(tmp_path, duplex, wanted):
    """The sheet's first instruction and the command's line say how to print it
    as the user asked: double-sided for long/short; with ``--duplex none``
    single-sided pages glued back to back, never "double-sided" ("none edge")."""
    from click.testing import CliRunner
    from printkit.cli import main

    r = CliRunner().invoke(main, ["duplex-test", "--duplex", duplex, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    front = " ".join(PdfReader(tmp_path / "duplex-test.pdf").pages[0].extract_text().split())
    told = front + " " + r.output
    assert wanted in front and wanted in r.output, told
    if duplex == "none":
        assert "double-sided" not in told and "none edge" not in told, told
        assert "glue" in front and "glue" in r.output, told
    else:
        assert f"{duplex} edge" in front and f"{duplex} edge" in r.output, told


def test_poker_cards_3_by_3_with_eighth_inch_bleed(theme, a4):
    s = impose(list(make_deck(theme, n=9).components), a4, parse_length("0.125in"))[0]
    assert (s.cols, s.rows) == (3, 3)


def test_written_files_follow_umask(tmp_path):
    import os
    import stat

    from printkit.pdf import write_atomic

    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "x.txt", b"text")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "x.txt").stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["x.txt"]


def test_hexagon_tiles_get_hex_cut_lines(theme, a4):
    """Hex pieces (pointy-top, h = w / cos 30°) are imposed with gutters and
    get a six-sided cut line on their trim."""
    import math

    w = 40.0
    deck = make_deck(theme, n=5, w=w, h=w / math.cos(math.radians(30)), shape="hex")
    data, _ = render_set(deck, paper=a4, theme=theme, bleed=mm(3))
    with pdf_pages(data) as pdf:
        cuts = [c for c in pdf.pages[0].curves if abs(c["linewidth"] - 0.25) < 1e-6]
    assert len(cuts) == 5
    for c in cuts:
        assert len(c["pts"]) in (6, 7)  # closed path: first point may repeat
        assert to_mm(c["x1"] - c["x0"]) == pytest.approx(w, abs=TOL_MM)

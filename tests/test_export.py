"""``--format``: PNG faces, print-shop files, previews (and TTS, cut below).

Everything is measured on what is written: PNG pixel sizes and chunks
(Pillow), PDF text, page order and boxes (pdfplumber / pypdf), renderings of
the PDFs (pypdfium2).  The example deck (examples/deck: 4 rows, one back, a
card with "Café" and "Archéo – 3–18") is built once per session, twice, to
check determinism.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from conftest import text_pdf
from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "deck"
FORMATS = "pdf,png,preview,shop:tgc,shop:mpc,shop:dtc,tts,cut"
#: Shop pixel sizes as the shops publish them (poker), written here independently of the profiles.
SHOP_POKER_PX = {"shop-tgc": (825, 1125), "shop-mpc": (822, 1122)}


def _deck(out: Path, *extra: str):
    r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(DECK / "front.toml"),
                                  "--back", str(DECK / "back.toml"), "--out", str(out), *extra])
    assert r.exit_code == 0, r.output
    return r


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The example deck in every format, built twice (a, b); bleed 1/8 in so
    the PNG faces and the shop's DTC pages share one geometry."""
    a, b = tmp_path_factory.mktemp("exp-a"), tmp_path_factory.mktemp("exp-b")
    _deck(a, "--format", FORMATS, "--bleed", "0.125in")
    _deck(b, "--format", FORMATS, "--bleed", "0.125in")
    return a, b


def _rows():
    with open(DECK / "cards.csv", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if int(r["qty"]) > 0]


def test_every_format_is_deterministic(built):
    a, b = built
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert files_a == files_b
    folders = {p.parts[1] for p in files_a if len(p.parts) > 2}
    assert folders == {f.replace(":", "-") for f in FORMATS.split(",")} - {"pdf"}
    for rel in files_a:
        data_a, data_b = (a / rel).read_bytes(), (b / rel).read_bytes()
        if rel.name.endswith("-saved-object.json"):  # points at its sheets: the folder's own file:/// URI
            data_a = data_a.replace((a / rel).parent.resolve().as_uri().encode(), b"FOLDER")
            data_b = data_b.replace((b / rel).parent.resolve().as_uri().encode(), b"FOLDER")
        assert data_a == data_b, rel


def test_png_one_per_distinct_face_with_quantities(built):
    rows = _rows()
    pngs = sorted((built[0] / "finds" / "png").glob("*.png"))
    assert len(pngs) == len(rows) + 1  # every row's front, one shared back
    copies = sum(int(r["qty"]) for r in rows)
    names = [p.name for p in pngs]
    assert names[1].endswith(f"-back-x{copies}.png")  # deck order: first card's front, then its back
    fronts = [n for n in names if "-front-" in n]
    assert [int(n.rsplit("-x", 1)[1][:-4]) for n in fronts] == [int(r["qty"]) for r in rows]
    for p in pngs:
        with Image.open(p) as im:
            # 300 dpi, 63.5 × 88.9 mm + 2 × 1/8 in bleed = 2.75 × 3.75 in
            assert im.size == (825, 1125) and im.mode == "RGB"
            assert im.info.get("srgb") == 0
            assert round(im.info["dpi"][0]) == 300
            assert not {k for k in im.info if k not in ("srgb", "dpi")}  # no dates, no software text


@pytest.mark.parametrize("folder", sorted(SHOP_POKER_PX))
def test_shop_png_pixel_sizes(built, folder):
    pngs = sorted((built[0] / "finds" / folder / "finds").glob("*.png"))
    assert len(pngs) == len(_rows()) + 1
    for p in pngs:
        with Image.open(p) as im:
            assert im.size == SHOP_POKER_PX[folder]
    manifest = json.loads((built[0] / "finds" / folder / "manifest.json").read_text())
    assert manifest["decks"][0]["corner_radius_mm"] == 3.0


def test_profile_sizes_follow_their_rule():
    from printkit.export.shop import load_profile, profile_ids

    assert {"tgc", "dtc", "mpc"} <= set(profile_ids())
    tgc, mpc = load_profile("tgc"), load_profile("mpc")
    for s in tgc.sizes:  # (trim + 2 × 1/8 in) × 300
        assert s.px == (round((s.trim[0] / 72 + 0.25) * 300), round((s.trim[1] / 72 + 0.25) * 300))
    for s in mpc.sizes:  # trim × 300 + 2 × 36 px
        assert s.px == (round(s.trim[0] / 72 * 300) + 72, round(s.trim[1] / 72 * 300) + 72)


def test_every_deck_size_preset_is_one_every_shop_prints():
    """A deck declared ``size = "poker" | "bridge" | "tarot" …`` goes to every
    shop whose profile has a size of that name, within the profiles' 0.5 mm."""
    from printkit.deck import CARD_SIZES
    from printkit.export.shop import load_profile, profile_ids

    for pid in profile_ids():
        sizes = {s.name: s.trim for s in load_profile(pid).sizes}
        for name, (w, h) in CARD_SIZES.items():
            if name in sizes:
                tw, th = (v / 72 * 25.4 for v in sizes[name])
                assert abs(tw - w) <= 0.5 and abs(th - h) <= 0.5, (pid, name, (w, h), (tw, th))


def test_dtc_pdf_pages_back_front_and_boxes(built):
    rows = _rows()
    path = built[0] / "finds" / "shop-dtc" / "finds.pdf"
    with pdfplumber.open(path) as pdf:
        texts = [p.extract_text() or "" for p in pdf.pages]
        assert len(pdf.pages) == 2 * sum(int(r["qty"]) for r in rows)
        for p in pdf.pages:
            assert (p.width, p.height) == pytest.approx((198, 270))  # 2.75 × 3.75 in
    assert all(t.strip() == "FINDS" for t in texts[0::2])  # back, front, back, front …
    expected = [r["title"] for r in rows for _ in range(int(r["qty"]))]
    assert [e in t for e, t in zip(expected, texts[1::2])] == [True] * len(expected)
    from pypdf import PdfReader

    for page in PdfReader(path).pages:
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261])  # 1/8 in inside
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 198, 270])


def test_dtc_pdf_is_cmyk_pdf_x1a_with_a_press_output_intent(built):
    """What a PDF/X-1a checker looks for first (the full check, on every
    bundled kit too, is tests/test_dtc_pdfx1a.py): PDF 1.3, one GTS_PDFX
    output intent whose profile is a CMYK output (printer) profile, the
    PDF/X-1a:2001 version and conformance in the Info dictionary, Trapped
    False, and on every page TrimBox ⊆ BleedBox ⊆ MediaBox."""
    import pikepdf

    with pikepdf.open(built[0] / "finds" / "shop-dtc" / "finds.pdf") as pdf:
        assert str(pdf.pdf_version) == "1.3"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier)
        icc = intent.DestOutputProfile
        assert int(icc.N) == 4
        assert icc.read_bytes()[12:20] == b"prtrCMYK"
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2001"
        assert str(pdf.docinfo["/GTS_PDFXConformance"]) == "PDF/X-1a:2001"
        assert pdf.docinfo["/Trapped"] == pikepdf.Name("/False")
        assert str(pdf.docinfo["/ModDate"]).startswith("D:2000")
        assert pdf.Root.ViewerPreferences.PrintScaling == pikepdf.Name("/None")
        for page in pdf.pages:
            media, bleed, trim = ([float(v) for v in page.obj[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]


def test_bundled_cards_keep_text_inside_the_shops_safe_zone(tmp_path):
    """Every character on every page of the Archaeology cards' DTC PDF lies
    at least the shops' 1/8 in safe zone inside the TrimBox."""
    import pikepdf

    r = CliRunner().invoke(main, ["build", "archaeology", "--format", "shop:dtc", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    path = tmp_path / "archaeology" / "shop-dtc" / "cards.pdf"
    with pikepdf.open(path) as pdf:
        trims = [[float(v) for v in page.obj["/TrimBox"]] for page in pdf.pages]
    safe, closest = 0.125 * 72, []
    with text_pdf(path) as pdf:     # the text-only copy: the same chars, the art not parsed
        for page, (x0, y0, x1, y1) in zip(pdf.pages, trims):
            h = float(page.height)
            for ch in page.chars:
                if ch["text"].strip():
                    closest.append(min(ch["x0"] - x0, x1 - ch["x1"], (h - ch["bottom"]) - y0, y1 - (h - ch["top"])))
    assert closest and min(closest) >= safe, min(closest) / 72 * 25.4


def test_text_with_accents_survives_in_pdf_and_png(built):
    """"Café" and "Archéo – 3–18" are text in the DTC PDF; the PNG faces equal
    a rendering of those PDF pages (so the glyphs drawn are those)."""
    rows = _rows()
    n = next(i for i, r in enumerate(rows) if "é" in r["title"])
    page_no = 2 * sum(int(r["qty"]) for r in rows[:n]) + 1  # that card's first front page
    path = built[0] / "finds" / "shop-dtc" / "finds.pdf"
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[page_no].extract_text()
    assert "Café tablet" in text and "Archéo – 3–18" in text
    doc = pdfium.PdfDocument(path)
    ref = doc[page_no].render(scale=300 / 72).to_pil().convert("RGB").crop((0, 0, 825, 1125))  # ceil() adds a px
    doc.close()
    name = next(p for p in (built[0] / "finds" / "png").glob(f"finds-*-finds-{n + 1}-front-*.png"))
    # the DTC file is CMYK (PDF/X-1a) and pdfium shows CMYK without colour management: compare
    # lightness, where the glyphs are, not hue
    ref = ref.convert("L")
    for png in (name, built[0] / "finds" / "shop-tgc" / "finds" / name.name):
        with Image.open(png) as im:
            assert im.size == ref.size
            light = im.convert("L")
            diff = sum(abs(a - b) for a, b in zip(light.tobytes(), ref.tobytes())) / len(ref.tobytes())
            assert diff < 2.0, (png, diff)  # mean, of 255


def _glyph(img: Image.Image, box: tuple[float, float, float, float]):
    """The greyscale pixels of ``box`` (px: x0, top, x1, bottom) in ``img``,
    resampled to 24 × 32 and centred, for comparing one glyph across formats."""
    import numpy as np

    crop = img.convert("L").crop(tuple(round(v) for v in box)).resize((24, 32), Image.BILINEAR)
    a = np.asarray(crop, dtype=float)
    return a - a.mean()


def _similar(a, b) -> float:
    import numpy as np

    return float((a * b).sum() / (np.sqrt((a * a).sum() * (b * b).sum()) or 1.0))


def test_accented_glyphs_survive_in_every_raster_and_cut_output(built):
    """The "é" and "–" of the example card, located in the DTC page's text
    (pdfplumber, pt), are drawn the same in the mpc PNG (36 px bleed), the
    TTS sheet's slot (trim only, scaled) and the PNG face as in a rendering of
    the PDF (correlation ≥ 0.8 per glyph, where another glyph scores low);
    the cut print PDF carries both as text."""
    rows = _rows()
    n = next(i for i, r in enumerate(rows) if "é" in r["title"])
    page_no = 2 * sum(int(r["qty"]) for r in rows[:n]) + 1
    path = built[0] / "finds" / "shop-dtc" / "finds.pdf"
    bleed = 0.125 * 72
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[page_no]
        trim_w = page.width - 2 * bleed
        chars = [c for c in page.chars if c["text"] in "é–" and c["size"] >= 6]
        other = next(c for c in page.chars if c["text"] == "C")
    assert {c["text"] for c in chars} == {"é", "–"}
    doc = pdfium.PdfDocument(path)
    ref = doc[page_no].render(scale=300 / 72).to_pil().convert("RGB")
    doc.close()
    k = 300 / 72

    def box(c, scale, offset):
        return tuple(offset + (v - bleed) * scale for v in (c["x0"], c["top"], c["x1"], c["bottom"]))

    ref_box = lambda c: box(c, k, bleed * k)  # noqa: E731
    png = next((built[0] / "finds" / "png").glob(f"finds-*-finds-{n + 1}-front-*.png"))
    mpc = built[0] / "finds" / "shop-mpc" / "finds" / png.name
    meta = json.loads((built[0] / "finds" / "tts" / "finds.json").read_text(encoding="utf-8"))
    sheet = meta["sheets"][0]
    slot = sum(int(r["qty"]) for r in rows[:n])  # the card's first copy, in deck order
    with Image.open(built[0] / "finds" / "tts" / sheet["face"]) as im:
        cw, ch = im.width // sheet["cols"], im.height // sheet["rows"]
        x0, y0 = slot % sheet["cols"] * cw, slot // sheet["cols"] * ch
        tts = im.convert("RGB").crop((x0, y0, x0 + cw, y0 + ch))
    outputs = {"png": (Image.open(png), lambda c: ref_box(c)),
               "shop-mpc": (Image.open(mpc), lambda c: box(c, k, 36)),
               "tts": (tts, lambda c: box(c, cw / trim_w, 0))}
    for c in chars:
        want = _glyph(ref, ref_box(c))
        assert _similar(want, _glyph(ref, ref_box(other))) < 0.8  # the measure tells glyphs apart
        for name, (img, where) in outputs.items():
            got = _similar(want, _glyph(img, where(c)))
            assert got >= 0.8, (name, c["text"], got)
    with pdfplumber.open(built[0] / "finds" / "cut" / "finds.pdf") as pdf:
        text = "".join(p.extract_text() or "" for p in pdf.pages)
    assert "Café tablet" in text and "Archéo – 3–18" in text


def test_shop_size_mismatch_is_one_line(tmp_path):
    layout = tmp_path / "front.toml"
    layout.write_text((DECK / "front.toml").read_text().replace('size = "poker"', "width = 63\nheight = 88"))
    r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(layout),
                                  "--out", str(tmp_path / "o"), "--format", "pdf,shop:tgc"])
    assert r.exit_code == 1
    line = r.output.strip()
    assert "\n" not in line and "63 × 88 mm" in line and "poker 63.5 × 88.9 mm" in line
    assert not (tmp_path / "o").exists()


def test_unknown_format_is_usage_error(tmp_path):
    r = CliRunner().invoke(main, ["build", "archeotrek", "--format", "shop:nowhere", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "shop:tgc" in r.output and "\n" not in r.output.strip()


def test_preview_is_one_labelled_sheet_on_neutral_ground(built):
    files = list((built[0] / "finds" / "preview").iterdir())
    assert [f.name for f in files] == ["finds-preview.png"]
    with Image.open(files[0]) as im:
        assert im.info.get("srgb") == 0
        r, g, b = im.convert("RGB").getpixel((5, 5))
        assert max(r, g, b) - min(r, g, b) <= 6 and 200 < r < 250  # a neutral light grey
        assert im.width >= 1000


# ---------------------------------------------------------------- Tabletop Simulator

def _tts_check(files: dict, deck: str, cards: int, back_png: bytes | None = None):
    """Sheets of ``deck`` within 10 × 7 and 4096 px, counts summing to
    ``cards``, the last slot of every sheet holding the back image."""
    meta = json.loads(files[f"{deck}.json"])
    assert sum(s["count"] for s in meta["sheets"]) == cards == len(meta["cards"])
    for s in meta["sheets"]:
        cols, rows = s["cols"], s["rows"]
        assert 2 <= cols <= 10 and 2 <= rows <= 7 and s["count"] <= cols * rows - 1
        with Image.open(io.BytesIO(files[s["face"]])) as sheet, Image.open(io.BytesIO(files[s["back"]])) as back:
            assert sheet.width <= 4096 and sheet.height <= 4096
            assert sheet.width % cols == 0 and sheet.height % rows == 0
            cw, ch = sheet.width // cols, sheet.height // rows
            assert back.size == (cw, ch)
            last = ((cols * rows - 1) % cols * cw, (cols * rows - 1) // cols * ch)
            hidden = sheet.convert("RGB").crop((last[0], last[1], last[0] + cw, last[1] + ch))
            assert hidden.tobytes() == back.convert("RGB").tobytes()
    return meta


def test_tts_deck_sheet_grid_and_hidden_slot(built):
    folder = built[0] / "finds" / "tts"
    files = {p.name: p.read_bytes() for p in folder.iterdir()}
    meta = _tts_check(files, "finds", sum(int(r["qty"]) for r in _rows()))
    assert len(meta["sheets"]) == 1


def test_tts_splits_at_69_cards_on_a_10_by_7_grid(theme):
    from conftest import make_deck
    from printkit.export import Source
    from printkit.export.tts import export_tts
    from printkit.paper import get_paper

    cset = make_deck(theme, n=75)
    res = export_tts(Source("t", "T", [("test", "Test", cset)], [], theme, get_paper("a4"), 0.0))
    meta = _tts_check(res.files, "test", 75)
    assert [(s["cols"], s["rows"], s["count"]) for s in meta["sheets"]] == [(10, 7, 69), (4, 2, 6)]
    with Image.open(io.BytesIO(res.files["test-1.png"])) as im:
        assert im.size[0] <= 4096 and im.size[1] <= 4096 and im.size[0] >= 4000  # uses the room


# ---------------------------------------------------------------- cutting machines

PT_PER_MM = 72 / 25.4
TOL_MM = 0.1


def _svg(path: Path):
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    H = float(root.get("viewBox").split()[3])
    groups = {g.get("id"): g for g in root.findall("s:g", ns)}
    return H, groups


def _mm_boxes(group, H):
    """(x0, y0, x1, y1) in mm, PDF frame (y up), of every element of an SVG group."""
    out = []
    for el in group:
        tag = el.tag.split("}")[1]
        if tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            out.append((x, H - y - h, x + w, H - y))
        elif tag == "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            out.append((cx - r, H - cy - r, cx + r, H - cy + r))
        elif tag == "polygon":
            pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            xs, ys = [p[0] for p in pts], [H - p[1] for p in pts]
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def _pdf_mark_rects(page):
    """Black filled rectangles (the registration marks) in mm, y up."""
    H = float(page.height)
    out = []
    for r in page.rects:
        if r.get("fill") and r.get("non_stroking_color") in ((0, 0, 0), [0, 0, 0], (0,), [0]):
            out.append((r["x0"] / PT_PER_MM, (H - r["bottom"]) / PT_PER_MM,
                        r["x1"] / PT_PER_MM, (H - r["top"]) / PT_PER_MM))
    return sorted(out)


def _close(a, b):
    return all(abs(x - y) <= TOL_MM for x, y in zip(a, b))


def test_cut_svg_matches_pdf_trims_and_marks(built):
    from pypdf import PdfReader

    folder = built[0] / "finds" / "cut"
    svgs = sorted(folder.glob("finds-sheet-*.svg"))
    assert svgs
    reader = PdfReader(folder / "finds.pdf")
    with pdfplumber.open(folder / "finds.pdf") as pdf:
        page = pdf.pages[0]  # sheet 1's fronts
        H, groups = _svg(svgs[0])
        cuts = _mm_boxes(groups["cut"], H)
        assert len(cuts) == min(sum(int(r["qty"]) for r in _rows()), len(cuts)) and cuts
        # oracle 1: the PDF's TrimBox is the union of the pieces' trims
        tb = [float(v) / PT_PER_MM for v in reader.pages[0].trimbox]
        union = (min(c[0] for c in cuts), min(c[1] for c in cuts), max(c[2] for c in cuts), max(c[3] for c in cuts))
        assert _close(tb, union), (tb, union)
        # oracle 2: every trim edge has its crop marks in the PDF (lines on that x / y)
        xs = {round(ln["x0"] / PT_PER_MM, 3) for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 1e-6}
        ys = {round((float(page.height) - ln["top"]) / PT_PER_MM, 3) for ln in page.lines
              if abs(ln["top"] - ln["bottom"]) < 1e-6}
        for x0, y0, x1, y1 in cuts:
            for x in (x0, x1):
                assert min(abs(x - v) for v in xs) <= TOL_MM, x
            for y in (y0, y1):
                assert min(abs(y - v) for v in ys) <= TOL_MM, y
        # registration marks: the SVG's equal the PDF's, inside the printable area, clear of the pieces
        svg_marks = sorted(_mm_boxes(groups["registration"], H))
        pdf_marks = _pdf_mark_rects(page)
        assert len(svg_marks) == len(pdf_marks) == 5
        for a, b in zip(svg_marks, pdf_marks):
            assert _close(a, b), (a, b)
        W, Hp = float(page.width) / PT_PER_MM, float(page.height) / PT_PER_MM
        margin = 5.0  # --printer-margin default
        for x0, y0, x1, y1 in pdf_marks:
            assert margin <= x0 and x1 <= W - margin and margin <= y0 and y1 <= Hp - margin
            assert min(x0, y0, W - x1, Hp - y1) == pytest.approx(10, abs=0.01)  # about 10 mm inset
            for c in cuts:  # 3 mm bleed around each trim stays clear of every mark
                assert c[2] + 3 <= x0 or x1 <= c[0] - 3 or c[3] + 3 <= y0 or y1 <= c[1] - 3
        # a poker card's cut path has 3 mm corners
        assert {el.get("rx") for el in groups["cut"]} == {"3"}


def test_cut_sheet_files_list_in_sheet_order(theme):
    """Ten sheets or more: the SVGs' names, sorted as a file listing sorts
    them, run sheet 1 to the last (zero-padded), and the last one listed is
    the part-filled last sheet."""
    from conftest import make_deck
    from printkit.export import Source
    from printkit.export.cut import export_cut
    from printkit.paper import get_paper
    from printkit.units import mm

    res = export_cut(Source("t", "T", [("test", "Test", make_deck(theme, n=75))], [], theme,
                            get_paper("a4"), mm(3)))
    names = sorted(n for n in res.files if n.endswith(".svg"))
    numbers = [int(n.removeprefix("test-sheet-").removesuffix(".svg")) for n in names]
    assert len(names) >= 10 and numbers == list(range(1, len(names) + 1)), names
    pieces = [res.files[n].count(b"<rect") for n in names]
    assert pieces[-1] < pieces[0] and len(set(pieces[:-1])) == 1, pieces


@pytest.mark.parametrize("shape,w,h", [("circle", 25, 25), ("hex", 30, 34.641)])
def test_cut_round_and_hex_paths_match_pdf(theme, tmp_path, shape, w, h):
    from conftest import make_deck
    from printkit.export import Source
    from printkit.export.cut import export_cut
    from printkit.paper import get_paper
    from printkit.units import mm

    cset = make_deck(theme, n=3, w=w, h=h, shape=shape)
    res = export_cut(Source("t", "T", [("test", "Test", cset)], [], theme, get_paper("a4"), mm(3)))
    (tmp_path / "t.pdf").write_bytes(res.files["test.pdf"])
    (tmp_path / "t.svg").write_bytes(res.files["test-sheet-1.svg"])
    H, groups = _svg(tmp_path / "t.svg")
    cuts = sorted(_mm_boxes(groups["cut"], H))
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        page = pdf.pages[0]
        Hp = float(page.height)
        drawn = sorted((o["x0"] / PT_PER_MM, (Hp - o["bottom"]) / PT_PER_MM, o["x1"] / PT_PER_MM,
                        (Hp - o["top"]) / PT_PER_MM) for o in page.curves + page.lines
                       if o.get("stroke") and abs((o["x1"] - o["x0"]) / PT_PER_MM - w) < 0.5)
    assert len(cuts) == 3 and len(drawn) == 3
    for a, b in zip(cuts, drawn):
        assert _close(a, b), (a, b)
    assert {el.tag.split("}")[1] for el in groups["cut"]} == {"circle" if shape == "circle" else "polygon"}
    if shape == "hex":  # the polygon's corners are the drawn cut line's
        with pdfplumber.open(tmp_path / "t.pdf") as pdf:
            page = pdf.pages[0]
            hexes = [o for o in page.curves if o.get("stroke") and len(o["pts"]) >= 6]
            drawn_pts = sorted((round(x / PT_PER_MM, 2), round((Hp - y) / PT_PER_MM, 2))
                               for o in hexes for x, y in o["pts"][:6])
        svg_pts = sorted((round(x, 2), round(H - y, 2)) for el in groups["cut"]
                         for x, y in (map(float, p.split(",")) for p in el.get("points").split()))
        assert len(svg_pts) == len(drawn_pts) == 18
        for a, b in zip(svg_pts, drawn_pts):
            assert _close(a, b), (a, b)


def test_build_formats_write_only_their_folders(tmp_path):
    """``build GAME --format …`` without pdf writes no PDF kit; a rebuild
    replaces a format's folder whole (no stale file survives)."""
    out = tmp_path / "o"
    stale = out / "archeotrek" / "preview" / "old.png"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"x")
    r = CliRunner().invoke(main, ["build", "archeotrek", "--format", "preview", "--format", "cut",
                                  "--out", str(out)])
    assert r.exit_code == 0, r.output
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert not any(f.endswith("-kit.pdf") for f in files) and not stale.exists()
    assert "archeotrek/preview/archeotrek-preview.png" in files
    assert {f.split("/")[1] for f in files} == {"preview", "cut"}
    assert "dig-site-sheets" in r.output  # the note naming what cut skipped (uncut sheets)


def test_deck_corner_radius_reaches_cut_paths(tmp_path):
    layout = tmp_path / "front.toml"
    layout.write_text((DECK / "front.toml").read_text().replace('size = "poker"', 'size = "poker"\ncorner = 4.5'))
    r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(layout),
                                  "--out", str(tmp_path / "o"), "--format", "cut"])
    assert r.exit_code == 0, r.output
    H, groups = _svg(next((tmp_path / "o" / "finds" / "cut").glob("*.svg")))
    assert {el.get("rx") for el in groups["cut"]} == {"4.5"}
    bad = tmp_path / "bad.toml"
    bad.write_text((DECK / "front.toml").read_text().replace('size = "poker"', 'size = "poker"\ncorner = 40'))
    r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(bad),
                                  "--out", str(tmp_path / "o2"), "--format", "cut"])
    assert r.exit_code == 1 and "corner" in r.output and "\n" not in r.output.strip()


def test_cut_marks_move_inside_a_wide_printer_margin(theme, tmp_path):
    from dataclasses import replace

    from conftest import make_deck
    from printkit.export import Source
    from printkit.export.cut import export_cut
    from printkit.paper import get_paper
    from printkit.units import mm

    paper = replace(get_paper("letter"), margin=mm(12))
    res = export_cut(Source("t", "T", [("test", "Test", make_deck(theme, n=2))], [], theme, paper, mm(3)))
    (tmp_path / "t.pdf").write_bytes(res.files["test.pdf"])
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        page = pdf.pages[0]
        W, H = float(page.width) / PT_PER_MM, float(page.height) / PT_PER_MM
        found = _pdf_mark_rects(page)
    assert len(found) == 5
    for x0, y0, x1, y1 in found:
        assert min(x0, y0, W - x1, H - y1) >= 12.0 + 0.99  # at least 1 mm inside the printable area


def test_a_tiled_board_is_one_png_face_at_300_dpi(theme):
    """A board (a document part offering its drawing as ``faces``) is one
    PNG at 300 dpi of its trim; shop, TTS and cut leave it out."""
    import tomllib

    from printkit.build import BuildOptions, load_game
    from printkit.export import game_source
    from printkit.export.png import export_png
    from printkit.paper import get_paper

    src = game_source(load_game("archaeology"), BuildOptions(paper=get_paper("a4"), theme=theme))
    board = [p for p in src.parts if p[0] == "board"]
    assert board and "board" not in src.documents
    res = export_png(replace_parts(src, board))
    sizes = tomllib.loads((ROOT / "rules" / "archaeology.toml").read_text(encoding="utf-8"))
    flat = {k: v for t in sizes.values() if isinstance(t, dict) for k, v in t.items()}
    w, h = flat["board_width"], flat["board_height"]
    (name, data), = res.files.items()
    with Image.open(io.BytesIO(data)) as im:
        assert im.size == (round(w / 25.4 * 300), round(h / 25.4 * 300))


def replace_parts(src, parts):
    from dataclasses import replace

    return replace(src, parts=parts, documents=[])

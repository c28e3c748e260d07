"""``shop:dtc``: DriveThruCards asks for PDF/X-1a — CMYK, no transparency.

Checked with pikepdf on every DTC file of every bundled kit and the example
deck, independently of the code that writes them: every content stream
(pages and form XObjects, nested) is parsed and may set colour only with
``k``/``K`` (CMYK) or ``g``/``G`` (gray); no RGB or ICC-based RGB colour
space anywhere (resources, images); no soft mask, alpha or blend mode; every
font embedded; TrimBox and BleedBox on every page; the output intent's
profile a CMYK *output* profile (ICC header ``prtr`` / ``CMYK``);
PDF 1.3; ``GTS_PDFXVersion`` = ``PDF/X-1a:2001``; Trapped False;
``/PrintScaling /None``.  Black text is one ink (K only).  An RGB picture
in a layout arrives as CMYK; one with transparency is refused in one line.
(No veraPDF-like validator is installable here; this is the structure such a
validator checks first.)
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image

from printkit.cli import main

from conftest import export_kits_and_deck

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "deck"
COLOUR_SETTERS = {"rg", "RG", "k", "K", "g", "G", "cs", "CS", "sc", "SC", "scn", "SCN", "sh"}


def _walk(owner, found: dict, seen: set) -> None:
    for operands, op in pikepdf.parse_content_stream(owner):
        name = str(op)
        if isinstance(op, pikepdf.ContentStreamInlineImage):
            found.setdefault("inline images", 0)
            found["inline images"] += 1
        elif name in COLOUR_SETTERS:
            found.setdefault(name, []).append([v if isinstance(v, pikepdf.Name) else float(v) for v in operands])
    res = owner.get("/Resources") or {}
    for gs in (res.get("/ExtGState") or {}).values():
        found.setdefault("extgstate", []).append(gs)
    for key in ("/ColorSpace", "/Shading", "/Pattern"):
        if res.get(key):
            found.setdefault(key, []).append(res[key])
    for xobj in (res.get("/XObject") or {}).values():
        if xobj.objgen in seen and xobj.objgen != (0, 0):
            continue
        seen.add(xobj.objgen)
        if xobj.get("/Subtype") == "/Form":
            _walk(xobj, found, seen)
        else:  # kept as plain data: the file is closed after the walk
            found.setdefault("images", []).append(
                (str(xobj.get("/ColorSpace")), "/SMask" in xobj or "/Mask" in xobj,
                 pikepdf.PdfImage(xobj).as_pil_image()))


def check_pdfx1a(path: Path) -> dict:
    """Assert the PDF/X-1a structure of ``path``; return what the pages use."""
    with pikepdf.open(path) as pdf:
        assert str(pdf.pdf_version) == "1.3", path
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) and str(intent.Info)
        icc = intent.DestOutputProfile.read_bytes()
        assert icc[12:20] == b"prtrCMYK" and int(intent.DestOutputProfile.N) == 4
        info = pdf.docinfo
        assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1a:2001"
        assert str(info["/GTS_PDFXConformance"]).startswith("PDF/X-1a")
        assert info["/Trapped"] == pikepdf.Name("/False") and str(info["/Title"]).strip()
        assert str(info["/CreationDate"]) and str(info["/ModDate"])
        assert pdf.Root.ViewerPreferences.PrintScaling == pikepdf.Name("/None")
        assert "/Encrypt" not in pdf.trailer
        found: dict = {}
        seen: set = set()
        for page in pdf.pages:
            assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
            assert "/Group" not in page.obj  # no transparency group
            assert not page.obj.get("/Annots")
            _walk(page.obj, found, seen)
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                if obj.get("/Subtype") == "/Type0":
                    obj = obj.DescendantFonts[0]
                desc = obj.get("/FontDescriptor")
                assert desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), \
                    f"{path.name}: font {obj.get('/BaseFont')} not embedded"
        raw = path.read_bytes()
        assert b"/DeviceRGB" not in raw and b"/CalRGB" not in raw
    assert not {"rg", "RG", "cs", "CS", "sc", "SC", "scn", "SCN", "sh", "inline images"} & set(found), \
        sorted(set(found))
    assert "/Shading" not in found and "/Pattern" not in found
    for cs in found.get("/ColorSpace", []):
        for v in cs.values():
            assert v in ("/DeviceCMYK", "/DeviceGray"), v
    for gs in found.get("extgstate", []):
        assert float(gs.get("/ca", 1)) == 1 and float(gs.get("/CA", 1)) == 1
        assert gs.get("/SMask", pikepdf.Name("/None")) == "/None"
        assert gs.get("/BM", pikepdf.Name("/Normal")) in ("/Normal", "/Compatible")
    for cs, masked, _ in found.get("images", []):
        assert not masked
        assert cs in ("/DeviceCMYK", "/DeviceGray"), cs
    for op in ("k", "K"):
        for c, m, y, k in found.get(op, []):
            assert all(0 <= v <= 1 for v in (c, m, y, k))
    return found


@pytest.fixture(scope="session")
def dtc_files(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("dtc")
    export_kits_and_deck(out, "shop:dtc")
    files = sorted(out.glob("*/shop-dtc/*.pdf"))
    assert {p.parts[-3] for p in files} == {"archaeologia", "archaeology", "archeo", "finds"}
    return files


def test_every_dtc_file_is_cmyk_pdf_x1a(dtc_files):
    for path in dtc_files:
        found = check_pdfx1a(path)
        assert found.get("k"), f"{path.name}: no CMYK fill at all"


def test_neutral_colours_are_one_ink(tmp_path):
    """Black and greys (r = g = b) print in K alone — C = M = Y = 0, so thin
    black text has no registration fringes — and K = 1 − the grey value."""
    layout = tmp_path / "front.toml"
    layout.write_text('[card]\nname = "greys"\ntitle = "Greys"\nsize = "poker"\nbackground = "#ffffff"\n\n'
                      '[[element]]\ntype = "box"\nx = 5\ny = 5\nw = 20\nh = 20\nfill = "#000000"\n\n'
                      '[[element]]\ntype = "box"\nx = 30\ny = 5\nw = 20\nh = 20\nfill = "#808080"\n\n'
                      '[[element]]\ntype = "box"\nx = 5\ny = 40\nw = 20\nh = 20\nfill = "#b4281e"\n',
                      encoding="utf-8")
    (tmp_path / "cards.csv").write_text("title,qty\nOne,1\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["deck", str(tmp_path / "cards.csv"), "--layout", str(layout),
                                  "--out", str(tmp_path / "out"), "--format", "shop:dtc", "-q"])
    assert r.exit_code == 0, r.output
    fills = check_pdfx1a(tmp_path / "out" / "greys" / "shop-dtc" / "greys.pdf")["k"]
    assert [0.0, 0.0, 0.0, 1.0] in fills
    assert any(c == m == y == 0 and abs(k - (1 - 128 / 255)) < 0.005 for c, m, y, k in fills), fills
    # the brick red goes through the press profile: mostly magenta and yellow
    assert any(m > 0.6 and y > 0.6 and c < 0.3 for c, m, y, k in fills), fills


def _image_deck(tmp_path: Path, mode: str) -> Path:
    art = tmp_path / "art.png"
    colour = (180, 40, 30, 128) if mode == "RGBA" else (180, 40, 30)
    Image.new(mode, (60, 60), colour).save(art)
    layout = tmp_path / "front.toml"
    layout.write_text('[card]\nname = "pics"\ntitle = "Pictures"\nsize = "poker"\nbackground = "#f3e6c9"\n\n'
                      '[[element]]\ntype = "image"\nx = 10\ny = 10\nw = 40\nh = 40\nsrc = "art.png"\n',
                      encoding="utf-8")
    data = tmp_path / "cards.csv"
    data.write_text("title,qty\nOne,2\n", encoding="utf-8")
    return layout


def test_an_rgb_picture_arrives_as_cmyk(tmp_path):
    layout = _image_deck(tmp_path, "RGB")
    r = CliRunner().invoke(main, ["deck", str(tmp_path / "cards.csv"), "--layout", str(layout),
                                  "--out", str(tmp_path / "out"), "--format", "shop:dtc", "-q"])
    assert r.exit_code == 0, r.output
    found = check_pdfx1a(tmp_path / "out" / "pics" / "shop-dtc" / "pics.pdf")
    (cs, _, pil), = found["images"]
    assert cs == "/DeviceCMYK" and pil.mode == "CMYK"
    c, m, y, k = pil.getpixel((30, 30))
    assert m > 150 and y > 150 and c < 80  # a brick red: magenta and yellow, little cyan


def test_a_picture_with_transparency_is_flattened_and_said(tmp_path, monkeypatch):
    """A PNG with alpha is transparency, which PDF/X-1a cannot hold: those
    pages become one CMYK image each, at 300 dpi (the whole 2.75 × 3.75 in
    page: 825 × 1125 px), showing the half-transparent red over the card's
    cream ground; one note says so."""
    monkeypatch.delenv("PRINTKIT_PROGRESS", raising=False)
    layout = _image_deck(tmp_path, "RGBA")
    r = CliRunner().invoke(main, ["deck", str(tmp_path / "cards.csv"), "--layout", str(layout),
                                  "--out", str(tmp_path / "out"), "--format", "shop:dtc"])
    assert r.exit_code == 0, r.output
    notes = [ln for ln in r.stderr.splitlines() if ln.startswith("note:")]
    assert len(notes) == 1 and "flattened" in notes[0] and "pics.pdf" in notes[0] and "2 of 4 pages" in notes[0]
    path = tmp_path / "out" / "pics" / "shop-dtc" / "pics.pdf"
    found = check_pdfx1a(path)
    flat = [pil for cs, _, pil in found["images"] if abs(pil.width - 825) <= 1 and abs(pil.height - 1125) <= 1]
    assert len(flat) == 2 and all(p.mode == "CMYK" for p in flat)
    # the middle of the picture: red at half strength over cream — magenta and yellow, little cyan
    c, m, y, k = flat[0].getpixel((412, 500))
    assert m > 80 and y > 80 and c < 60, (c, m, y, k)
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 4


def test_without_a_press_profile_dtc_says_what_to_install(tmp_path, monkeypatch):
    from printkit.export import pdfx

    monkeypatch.setattr(pdfx, "PROFILE_PATHS", (str(tmp_path / "none.icc"),))
    pdfx.press_profile.cache_clear()
    pdfx._transform.cache_clear()
    try:
        r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(DECK / "front.toml"),
                                      "--back", str(DECK / "back.toml"), "--out", str(tmp_path / "out"),
                                      "--format", "shop:dtc"])
    finally:
        pdfx.press_profile.cache_clear()
        pdfx._transform.cache_clear()
    assert r.exit_code == 1
    (line,) = [ln for ln in r.output.splitlines() if ln.startswith("printkit:")]
    assert "CMYK press profile" in line and "libgs-common" in line
    assert not (tmp_path / "out" / "finds").exists()

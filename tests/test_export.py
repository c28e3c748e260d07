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

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "deck"
FORMATS = "pdf,png,preview,shop:tgc,shop:mpc,shop:dtc"
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
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


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
    for png in (name, built[0] / "finds" / "shop-tgc" / "finds" / name.name):
        with Image.open(png) as im:
            assert im.size == ref.size
            diff = sum(abs(a - b) for a, b in zip(im.tobytes(), ref.tobytes())) / len(ref.tobytes())
            assert diff < 2.0, (png, diff)  # mean per channel, of 255


def test_shop_size_mismatch_is_one_line(tmp_path):
    layout = tmp_path / "front.toml"
    layout.write_text((DECK / "front.toml").read_text().replace('size = "poker"', "width = 50\nheight = 70"))
    r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(layout),
                                  "--out", str(tmp_path / "o"), "--format", "pdf,shop:tgc"])
    assert r.exit_code == 1
    line = r.output.strip()
    assert "\n" not in line and "50 × 70 mm" in line and "poker 63.5 × 88.9 mm" in line
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").rglob("*.*"))


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

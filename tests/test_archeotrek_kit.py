"""The ArchéoTREK kit as a user builds it, measured in the PDFs."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from printkit.build import BuildOptions, build
from printkit.games.archeotrek.data import load_rules
from printkit.paper import get_paper
from printkit.units import mm, to_mm

from conftest import pdf_pages

PLAYERS = 3


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory, theme):
    out = tmp_path_factory.mktemp("out")
    opts = BuildOptions(paper=get_paper("a4"), theme=theme, players=PLAYERS, bleed=mm(3))
    build(["archeotrek"], opts, out)
    return out / "archeotrek"


@pytest.fixture(scope="module")
def theme():
    from printkit.theme import load_theme
    return load_theme("classic")


def test_files_written(kit_dir):
    names = sorted(p.name for p in kit_dir.iterdir())
    assert names == sorted([
        "archeotrek-kit.pdf", "bone-tokens.pdf", "dig-site-sheets.pdf",
        "rules-reference.pdf", "skeleton-tokens.pdf",
    ])


def _pages_with(pdf, needle):
    return [p for p in pdf.pages if needle in (p.extract_text() or "")]


def _cut_circles(page):
    return [c for c in page.curves if abs(c["linewidth"] - 0.25) < 1e-6]


def test_kit_token_counts_match_rules(kit_dir):
    rules = load_rules()
    with pdf_pages((kit_dir / "archeotrek-kit.pdf").read_bytes()) as pdf:
        bones = [c for p in _pages_with(pdf, "Bone tokens · sheet") if "fronts" in p.extract_text()
                 for c in _cut_circles(p)]
        skels = [c for p in _pages_with(pdf, "Skeleton tokens · sheet") if "fronts" in p.extract_text()
                 for c in _cut_circles(p)]
        sheets = _pages_with(pdf, "Dig Site sheets · sheet")
    assert len(bones) == sum(len(v) for v in rules.tokens.bones.values()) == 36
    assert len(skels) == len(rules.tokens.skeletons) == 4
    for c in bones:
        assert to_mm(c["x1"] - c["x0"]) == pytest.approx(rules.bone_diameter, abs=0.01)
    for c in skels:
        assert to_mm(c["x1"] - c["x0"]) == pytest.approx(rules.skeleton_diameter, abs=0.01)
    assert len(sheets) == PLAYERS


def test_every_bone_value_printed(kit_dir):
    rules = load_rules()
    with pdf_pages((kit_dir / "bone-tokens.pdf").read_bytes()) as pdf:
        fronts = pdf.pages[0]
        big = [ch for ch in fronts.chars if ch["size"] >= 20]
    values = sorted(int(ch["text"]) for ch in big if ch["text"].isdigit())
    expected = sorted(v for vs in rules.tokens.bones.values() for v in vs)
    assert values == expected


def test_backs_follow_fronts(kit_dir):
    with pdf_pages((kit_dir / "bone-tokens.pdf").read_bytes()) as pdf:
        texts = [p.extract_text() for p in pdf.pages]
    assert "fronts" in texts[0] and "backs" in texts[1]


def test_kit_fonts_embedded_and_text_survives(kit_dir):
    reader = PdfReader(io.BytesIO((kit_dir / "archeotrek-kit.pdf").read_bytes()))
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            if font["/Subtype"] == "/Type0":
                desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            else:
                assert font["/Subtype"] != "/Type1" or "/FontDescriptor" in font, font["/BaseFont"]
                desc = font["/FontDescriptor"].get_object()
            assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert "ArchéoTREK" in text and "about 20–30 minutes" in text  # accent and en dash (cover)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


ONE_SIDED = {"rules-reference.pdf", "dig-site-sheets.pdf"}


def test_kit_page_count_is_sum_of_parts(kit_dir):
    """Duplex kit: one-sided parts (and the cover) get a blank back per page."""
    kit = len(PdfReader(kit_dir / "archeotrek-kit.pdf").pages)
    parts = sum(len(PdfReader(p).pages) * (2 if p.name in ONE_SIDED else 1)
                for p in kit_dir.glob("*.pdf") if not p.name.endswith("-kit.pdf"))
    assert kit == parts + 2  # + the cover and its blank back


def test_player_sheets_never_share_paper(kit_dir):
    reader = PdfReader(kit_dir / "archeotrek-kit.pdf")
    texts = [p.extract_text() or "" for p in reader.pages]
    sheet_pages = [i for i, t in enumerate(texts) if "Dig Site sheets · sheet" in t]
    assert len(sheet_pages) == PLAYERS
    for i in sheet_pages:
        assert i % 2 == 0, "a player sheet must start a sheet of paper (odd page)"
        assert texts[i + 1].strip() == "", "its back must be blank"


def test_simplex_kit_has_no_blank_pages(tmp_path, theme):
    opts = BuildOptions(paper=get_paper("a4"), theme=theme, players=2, bleed=mm(3), duplex="none")
    build(["archeotrek"], opts, tmp_path)
    d = tmp_path / "archeotrek"
    kit = len(PdfReader(d / "archeotrek-kit.pdf").pages)
    parts = sum(len(PdfReader(p).pages) for p in d.glob("*.pdf") if not p.name.endswith("-kit.pdf"))
    assert kit == parts + 1


def test_two_builds_byte_identical(tmp_path, theme):
    opts = BuildOptions(paper=get_paper("universal"), theme=theme, players=2, bleed=mm(3), duplex="short")
    build(["archeotrek"], opts, tmp_path / "a")
    build(["archeotrek"], opts, tmp_path / "b")
    for f in (tmp_path / "a" / "archeotrek").glob("*.pdf"):
        assert f.read_bytes() == (tmp_path / "b" / "archeotrek" / f.name).read_bytes(), f.name


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_every_kit_page_renders_with_ink(kit_dir, tmp_path):
    subprocess.run(["pdftoppm", "-r", "20", "-gray", str(kit_dir / "archeotrek-kit.pdf"), str(tmp_path / "p")],
                   check=True)
    from PIL import Image
    pngs = sorted(tmp_path.glob("p-*.pgm"))
    assert len(pngs) == len(PdfReader(kit_dir / "archeotrek-kit.pdf").pages)
    texts = [p.extract_text() or "" for p in PdfReader(kit_dir / "archeotrek-kit.pdf").pages]
    for png, text in zip(pngs, texts):
        lo, hi = Image.open(png).getextrema()
        if text.strip():
            assert lo < 128, f"{png.name} is blank"
        else:
            assert lo == 255, f"{png.name}: a padding page must stay blank"

"""Weasyprint documents: the ArchéoTREK rules reference (kit covers: tests/test_covers.py)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printkit import PrintkitError
from printkit.games.archeotrek.data import load_rules
from printkit.games.archeotrek.documents import rules_context, rules_reference_pdf, type_context
from printkit.paper import PAPERS, get_paper
from printkit.render.documents import (
    render_document,
    render_html,
    theme_css,
)
from printkit.theme import load_theme
from printkit.units import to_mm

PAPER_NAMES = ("a4", "letter", "universal")
@pytest.fixture(scope="module")
def theme():
    return load_theme("classic")


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module")
def rules_pdfs(rules, theme):
    return {name: rules_reference_pdf(rules, theme, get_paper(name)) for name in PAPER_NAMES}


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _fonts(pdf: bytes) -> list[tuple[str, bool]]:
    """(BaseFont, embedded?) for every font of every page, descendants included."""
    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        fonts = page["/Resources"].get_object().get("/Font")
        for font in (fonts.get_object() if fonts else {}).values():
            font = font.get_object()
            descs = [font.get("/FontDescriptor")]
            for d in font.get("/DescendantFonts", []):
                descs.append(d.get_object().get("/FontDescriptor"))
            descs = [d.get_object() for d in descs if d is not None]
            embedded = any(k in d for d in descs for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            out.append((str(font["/BaseFont"]), embedded))
    return out


def _assert_page_size(pdf: bytes, name: str) -> None:
    paper = PAPERS[name]
    for page in PdfReader(io.BytesIO(pdf)).pages:
        box = page.mediabox
        assert abs(to_mm(float(box.width)) - to_mm(paper.width)) < 0.01
        assert abs(to_mm(float(box.height)) - to_mm(paper.height)) < 0.01


@pytest.mark.parametrize("name", PAPER_NAMES)
def test_rules_reference_one_exact_page(rules_pdfs, name):
    pdf = rules_pdfs[name]
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    _assert_page_size(pdf, name)


def test_only_theme_fonts_all_embedded(rules_pdfs):
    for pdf in rules_pdfs.values():
        fonts = _fonts(pdf)
        assert fonts
        for base, embedded in fonts:
            assert embedded, f"{base} not embedded"
            # Subset tag + one of the theme's @font-face faces; no system fallback,
            # no synthesised bold of the one-weight display font.
            assert base.split("+", 1)[1] in {
                "PK-Display", "PK-Body", "PK-Body-Semi-Bold", "PK-Body-Bold", "PK-Body-Italic"
            }, base


def test_deterministic(rules, theme, rules_pdfs, monkeypatch):
    # A later clock must not change a byte (fontTools stamps subset fonts with "now").
    import time

    later = time.time() + 86_400 * 400
    monkeypatch.setattr(time, "time", lambda: later)
    paper = get_paper("universal")
    assert rules_reference_pdf(rules, theme, paper) == rules_pdfs["universal"]
    for pdf in (rules_pdfs["universal"],):
        assert b"/CreationDate" not in pdf and b"/ModDate" not in pdf and b"/ID" not in pdf


def test_accents_and_dashes_survive_extraction(rules, rules_pdfs):
    text = _text(rules_pdfs["a4"])
    assert rules.tagline in text
    assert "ArchéoTREK" in text


def test_rules_numbers_come_from_data(rules, theme):
    changed = rules._replace(area_sum=13, tokens_base=2, tokens_drawn_per_circle=3)
    text = _text(rules_reference_pdf(changed, theme, get_paper("a4")))
    assert "exactly 13" in text
    flat = " ".join(text.split())
    assert "draw from the bag 3 Bone tokens for each of its circles. Keep 2," in flat
    assert "exactly 9" not in text


def test_rules_numbers_shown(rules, rules_pdfs):
    flat = " ".join(_text(rules_pdfs["a4"]).split())
    assert f"exactly {rules.area_sum}" in flat
    assert f"{rules.layout.boxes} rounds" in flat
    assert f"{sum(len(v) for v in rules.tokens.bones.values())} Bone tokens" in flat
    assert f"{len(rules.tokens.skeletons)} Skeleton tokens" in flat
    assert f"red die {min(rules.layout.dice['red'])}–{max(rules.layout.dice['red'])}" in flat
    for value in rules.tokens.skeletons.values():
        assert f"+{value}" in flat


def test_rules_context_example_is_consistent(rules):
    ctx = rules_context(rules)
    ex = ctx["example"]
    assert sum(ex["area"]) == rules.area_sum
    assert ex["tokens"] == rules.tokens_base + rules.tokens_per_zero * ex["zeros"]
    assert ex["score"] == ex["bones_total"] + ex["skeleton_value"] - ex["empty_total"]
    assert [c["boxes"] for c in ctx["choices"]] == [rules.layout.choices[k] for k in rules.choice_order]


def test_strict_undefined_and_autoescape(theme, rules):
    paper = get_paper("a4")
    with pytest.raises(PrintkitError, match="title"):
        render_html("archeotrek-rules.html.j2", {"game": "archeotrek"}, theme, paper)
    with pytest.raises(PrintkitError, match="not found"):
        render_document("nope.html.j2", {}, theme, paper)
    ctx = dict(rules_context(rules), type=type_context(theme), title="<b>x</b>")
    html = render_html("archeotrek-rules.html.j2", ctx, theme, paper)
    assert "&lt;b&gt;x&lt;/b&gt;" in html


def test_theme_css(theme):
    css = theme_css(theme, get_paper("letter"), "archeotrek")
    assert "@page { size: 215.9000mm 279.4000mm; }" in css
    assert f"--earth: {theme.hex('earth', 'archeotrek')};" in css
    assert f"--accent: {theme.hex('accent')};" in css
    for path in theme.font_files.values():
        assert path.resolve().as_uri() in css


@pytest.mark.parametrize("name", ["a4", "letter", "universal"])
def test_every_document_page_has_the_scale_bars(rules_pdfs, name):
    """The weasyprint pages carry the same 50 mm and 2 in bars as imposed sheets."""
    import pdfplumber

    from printkit.units import to_mm

    for pdf in (rules_pdfs[name],):
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            for page in doc.pages:
                bars = {round(to_mm(r["width"]), 2) for r in page.rects if to_mm(r["height"]) < 2}
                assert {50.0, 50.8} <= bars
                assert "50 mm" in page.extract_text() and "2 in" in page.extract_text()

"""Archaeology in large print (issue 24), measured in the PDFs: the rules
reference runs over two deliberate pages (and says so), the high-score log
keeps one page and every row, and the large-print card layouts keep every
glyph inside the card's safe zone with the rules' numbers printed big.
(The 8 pt / 11 pt sizes themselves: tests/test_large_print.py.)"""

from __future__ import annotations

import io

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from conftest import load_theme
from printkit.build import BuildOptions
from printkit.games.archaeology.documents import rules_reference_pdf
from printkit.games.archaeology.kit import SAFE_MM, card_components, highscore_pdf
from printkit.games.archaeology.data import load_rules
from printkit.model import FaceBox
from printkit.paper import get_paper
from printkit.units import mm


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def _pages(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_reference_is_two_deliberate_pages(rules, paper):
    """Large print: page 1 playing (setup to the end of the game), page 2
    digging and the museum — the second column starts page 2 rather than
    spilling onto it, and the masthead says so.  Classic: one page."""
    large = _pages(rules_reference_pdf(rules, load_theme("highcontrast"), get_paper(paper)))
    assert len(large) == 2
    assert "Large print: two pages" in large[0]
    assert "End of the game" in large[0] and "What you dig up" not in large[0]
    assert "resolve it (page 2)" in " ".join(large[0].split())  # page 1 points to page 2, not "right"
    assert large[1].lstrip().startswith("What you dig up")
    assert "Selling to the museum" in large[1]
    classic = _pages(rules_reference_pdf(rules, load_theme("classic"), get_paper(paper)))
    assert len(classic) == 1 and "Large print" not in classic[0]


def test_kit_contents_name_the_two_page_reference(themed_kits):
    with pdfplumber.open(themed_kits("highcontrast", "a4") / "archaeology" / "archaeology-kit.pdf") as pdf:
        assert "Rules reference (large print: 2 pages)" in pdf.pages[0].extract_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_high_score_log_keeps_one_page_and_every_row(rules, paper):
    data = highscore_pdf(rules, BuildOptions(paper=get_paper(paper), theme=load_theme("highcontrast")))
    (text,) = _pages(data)
    assert text.count("____ / ____ / ______") == 15
    assert f"${rules.treasures['talisman'].sell[-1]}" in text


def _one_of_each(rules, theme):
    """One component of every distinct card face (the 2-player thief too)."""
    seen, out = set(), []
    for comp in card_components(rules, theme):
        if comp.front.key not in seen:
            seen.add(comp.front.key)
            out.append(comp)
    return out


@pytest.mark.parametrize("theme_name", ["classic", "highcontrast"])
def test_card_text_stays_in_the_safe_zone(rules, theme_name):
    """Every glyph of every distinct card face, drawn alone on a page the
    size of the card, lies inside the safe zone (4 mm in from the trim)."""
    theme = load_theme(theme_name)
    faces = _one_of_each(rules, theme)
    buf = io.BytesIO()
    w, h = mm(rules.card_width), mm(rules.card_height)
    c = Canvas(buf, pagesize=(w, h), invariant=1, initialFontName=theme.font("body"))
    for comp in faces:
        comp.front.draw(c, FaceBox(w, h, 0.0, mm(SAFE_MM), theme))
        c.showPage()
    c.save()
    safe = mm(SAFE_MM) - 1e-3  # no tolerance: floating-point noise only (tests/test_safe_zone.py)
    out = []
    with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
        for comp, page in zip(faces, pdf.pages):
            for ch in page.chars:
                if ch["text"].strip() and not (safe <= ch["x0"] and ch["x1"] <= w - safe
                                               and safe <= ch["top"] and ch["bottom"] <= h - safe):
                    out.append((comp.name, ch["text"], round(ch["x0"], 1), round(ch["top"], 1)))
    assert not out, f"{theme_name}: glyphs outside the safe zone: {out[:12]}"


def test_large_print_rule_cards_print_their_numbers_big(rules):
    """On every thief, master thief and chest card in large print the rules'
    numbers (cost, cards taken, keys, treasures) are printed at ≥ 20 pt and
    the card's rule text, from the rules data, in full at ≥ 11 pt."""
    theme = load_theme("highcontrast")
    faces = [comp for comp in _one_of_each(rules, theme) if comp.meta["kind"] in ("thief", "master-thief", "chest")]
    want = {"thief": {f"${rules.thief_cost}", str(rules.thief_takes)},
            "master-thief": {f"${rules.master_cost}", str(rules.master_takes)}}
    want.update({c.id: {str(c.keys), str(c.treasures)} for c in rules.chests.values()})
    w, h = mm(rules.card_width), mm(rules.card_height)
    for comp in faces:
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=(w, h), invariant=1, initialFontName=theme.font("body"))
        comp.front.draw(c, FaceBox(w, h, 0.0, mm(SAFE_MM), theme))
        c.save()
        with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
            page = pdf.pages[0]
            big = {w_["text"] for w_ in page.extract_words(extra_attrs=["size"]) if w_["size"] >= 20}
            small = [ch for ch in page.chars if ch["size"] < 11 - 0.05 and ch["text"].strip()]
            text = " ".join(page.extract_text().split())
        key = comp.meta["id"] if comp.meta["kind"] == "chest" else comp.meta["kind"]
        assert want[key] <= big, (comp.name, big)
        assert not small, (comp.name, small[:3])
        rule = comp.front.text.split(": ", 1)[1].split(" [")[0]
        assert " ".join(rule.split()) in text, comp.name

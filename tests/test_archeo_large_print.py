"""Archéo in large print (issue 24), measured in the kits users get
(``themed_kits``: ``build all``, bleed 3 mm): the rules reference runs to two
deliberate pages, the reference card is printed bigger while the shovel cards
keep the poker size, every piece is still there (the counts of the rulebook,
read from the words printed on them), and no word on a round token or in a
card's number disc crosses its ring.

The glyph sizes themselves (≥ 11 pt in large print, ≥ 8 pt otherwise) are
measured by ``tests/test_large_print.py``.  Oracles are the rulebook's
numbers (Components), written here.
"""

from __future__ import annotations

import math
import re
from collections import Counter

import pdfplumber
import pytest

from conftest import page_text, text_pdf

pytestmark = pytest.mark.slow

MM = 72 / 25.4
# The rulebook, as printed (Components).
SHOVEL_CARDS = 11
WHEELBARROWS, EGGS, CRACKED_EGGS, STONE_TOKENS = 5, 1, 2, 1
SAND, DIRT, DISCOVERY = 25, 25, 4
BOARDS = ("Triceratops", "Sarcosuchus", "Ammonite", "Tyrannosaurus", "Stegosaurus")
#: A poker card (mm), and how much larger the reference card's smallest words
#: (8 pt) must print to reach 11 pt.
POKER = (63.5, 88.9)
LARGE = 11 / 8
BLEED = 3.0


def _texts(path, open_pdf=pdfplumber.open) -> list[str]:
    """Each page's text (``open_pdf``: conftest ``text_pdf`` for a sheet of
    pieces, the same text without pdfminer parsing the art)."""
    with open_pdf(path) as pdf:
        return [page_text(p) for p in pdf.pages]


def _first_text(path) -> str:
    """The text of a PDF's first page (its other pages are not parsed)."""
    with pdfplumber.open(path) as pdf:
        return page_text(pdf.pages[0])


def _fronts(path) -> str:
    return "\n".join(t for t in _texts(path, text_pdf) if "· backs" not in t)


def test_large_print_reference_is_two_deliberate_pages(themed_kits):
    """Large print: two pages, said on the masthead and in the kit's
    contents, the second beginning with "What you dig up" (the break the
    layout chose, not an overflow); every section still there.  Classic:
    one page."""
    sections = ("Setup", "Your turn", "The bottom layer", "What you dig up", "End of the dig")
    for paper in ("a4", "letter"):
        pages = _texts(themed_kits("highcontrast", paper) / "archeo" / "rules-reference.pdf")
        assert len(pages) == 2, paper
        assert "Large print: two pages" in pages[0]
        assert pages[1].lstrip().startswith("What you dig up"), pages[1][:80]
        assert all(s in "\n".join(pages) for s in sections)
        classic = _texts(themed_kits("classic", paper) / "archeo" / "rules-reference.pdf")
        assert len(classic) == 1 and "Large print" not in classic[0]
    contents = _first_text(themed_kits("highcontrast", "a4") / "archeo" / "archeo-kit.pdf")
    assert "Rules reference (large print: 2 pages)" in contents
    assert "Large print" not in _first_text(themed_kits("classic", "a4") / "archeo" / "archeo-kit.pdf")


def _body_size(path) -> float:
    """The commonest glyph size (pt) of a document: its body text."""
    with pdfplumber.open(path) as pdf:
        sizes = Counter(round(ch["size"], 1) for p in pdf.pages for ch in p.chars if ch["text"].strip())
    return sizes.most_common(1)[0][0]


def test_large_print_reference_body_grows_with_the_type_scale(themed_kits):
    """The body text is the theme's [type] scale (1.15 in highcontrast) times
    the classic body, not just lifted to 11 pt."""
    classic = _body_size(themed_kits("classic", "a4") / "archeo" / "rules-reference.pdf")
    large = _body_size(themed_kits("highcontrast", "a4") / "archeo" / "rules-reference.pdf")
    assert large >= 1.15 * classic - 0.1, (classic, large)


def _card_trims(path) -> list[tuple[float, float]]:
    """(width, height) mm of every card on the fronts pages: each card's
    ground is filled to its bleed, so its trim is that rectangle less 3 mm a
    side (only rectangles at least a card's half wide count)."""
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            if "· backs" in page_text(page):
                continue
            for o in page.curves + page.rects:
                w, h = (o["x1"] - o["x0"]) / MM, (o["bottom"] - o["top"]) / MM
                if w > POKER[0] / 2 + 2 * BLEED and h > POKER[1] / 2 + 2 * BLEED and o.get("fill"):
                    out.append((round(w - 2 * BLEED, 1), round(h - 2 * BLEED, 1)))
    return out


def _is(size, wanted, tol=0.3) -> bool:
    return abs(size[0] - wanted[0]) <= tol and abs(size[1] - wanted[1]) <= tol


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_reference_card_is_bigger_shovel_cards_keep_their_size(themed_kits, paper):
    big = (POKER[0] * LARGE, POKER[1] * LARGE)
    large = _card_trims(themed_kits("highcontrast", paper) / "archeo" / "shovel-cards.pdf")
    assert sum(_is(s, POKER) for s in large) == SHOVEL_CARDS, large
    assert sum(_is(s, big) for s in large) == 1, large  # the reference card
    classic = _card_trims(themed_kits("classic", paper) / "archeo" / "shovel-cards.pdf")
    assert sum(_is(s, POKER) for s in classic) == SHOVEL_CARDS + 1, classic
    # the reference card's texts are all there, on its own sheet side
    text = "\n".join(_texts(themed_kits("highcontrast", paper) / "archeo" / "shovel-cards.pdf", text_pdf))
    for words in ("SHOVEL CARDS", "Solo", "5 players", "HOW MANY STARS?", "right track", "10 stars"):
        assert words in text, words


def test_large_print_keeps_every_piece(themed_kits):
    """Shorter labels, same game: the rulebook's counts, read from the words
    printed on the large-print pieces."""
    kit = themed_kits("highcontrast", "a4") / "archeo"
    tiles = tokens = _fronts(kit / "tiles.pdf")  # the tokens print on the tiles' last sheet
    words = Counter(re.findall(r"(?<![0-9] )\b[A-Za-z]+", tokens))  # not a tile's "2 Stones"
    assert words["Barrow"] == WHEELBARROWS
    assert (words["Egg"], words["Cracked"], words["Stones"]) == (EGGS, CRACKED_EGGS, STONE_TOKENS)
    n = lambda s: len(re.findall(rf"(?<![0-9A-Za-z]){re.escape(s)}(?![A-Za-z])", tiles))  # noqa: E731
    kinds = n("1 Stone") + n("2 Stones") + n("1 Hammer") + n("2 Hammers") + n("Magnifier") + n("Wheelbarrow")
    assert kinds + sum(n(b) for b in BOARDS) == SAND + DIRT
    assert tiles.count("?") == DISCOVERY
    cards = _fronts(kit / "shovel-cards.pdf")
    assert len(re.findall(r"SHOVEL(?! CARDS)", cards)) == SHOVEL_CARDS


def _discs(page) -> list[tuple[float, float, float]]:
    """(x, y, r) pt of every filled circle on the page (a curve as wide as tall)."""
    out = []
    for o in page.curves:
        w, h = o["x1"] - o["x0"], o["bottom"] - o["top"]
        if w > 2 * MM and abs(w - h) < 0.05 and o.get("fill"):
            out.append(((o["x0"] + o["x1"]) / 2, (o["top"] + o["bottom"]) / 2, w / 2))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("part,only_digits", [("tiles.pdf", False), ("shovel-cards.pdf", True)])
def test_large_print_words_stay_inside_their_disc(themed_kits, paper, part, only_digits):
    """Large print: every glyph on a token face (and every digit of a shovel
    card's number) lies wholly inside the smallest filled disc around it —
    the token's ground inside its ring, the card's number disc: no 11 pt word
    crosses a ring.  (The classic tokens' labels are measured against the
    safe zone by ``test_archeo_token_labels.py``.)"""
    crossing = []
    with pdfplumber.open(themed_kits("highcontrast", paper) / "archeo" / part) as pdf:
        for i, page in enumerate(pdf.pages):
            discs = _discs(page)
            for ch in page.chars:
                if not ch["text"].strip() or (only_digits and not ch["text"].isdigit()):
                    continue
                cx, cy = (ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2
                around = [d for d in discs if math.hypot(cx - d[0], cy - d[1]) < d[2]]
                if not around:
                    continue  # a sheet footer, a word not on a disc
                x, y, r = min(around, key=lambda d: d[2])
                # the glyph's ink: its box across, cap height to baseline (descenders are rare here)
                top = ch["bottom"] - ch["size"] * 0.9
                base = ch["bottom"] - ch["size"] * 0.2
                far = max(math.hypot(px - x, py - y) for px in (ch["x0"], ch["x1"]) for py in (top, base))
                if far > r:
                    crossing.append((i + 1, ch["text"], round((far - r) / MM, 2)))
    assert not crossing, crossing[:10]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_largest_type_scale_still_two_pages(paper):
    """A theme at the largest [type] scale a theme may set (1.5): the
    reference still fits the two pages its masthead promises (its body steps
    down as far as it must, never under 11 pt)."""
    import io
    from dataclasses import replace

    from printkit.games.archeo.data import load_rules
    from printkit.games.archeo.documents import rules_reference_pdf
    from printkit.paper import get_paper
    from printkit.theme import load_theme

    theme = replace(load_theme("highcontrast"), type_scale=1.5)
    with pdfplumber.open(io.BytesIO(rules_reference_pdf(load_rules(), theme, get_paper(paper)))) as pdf:
        assert len(pdf.pages) == 2
        body = [ch["size"] for p in pdf.pages for ch in p.chars
                if ch["text"].strip() and ch["bottom"] < p.height - 13 * MM]  # the scale guard aside
    assert min(body) >= 11 - 0.05
    assert Counter(round(s, 1) for s in body).most_common(1)[0][0] >= 13.8 - 0.05  # no smaller than at 1.15

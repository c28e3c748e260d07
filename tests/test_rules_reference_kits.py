"""What players read in the kits, measured in the PDFs of one `printkit build all`
(the session fixture ``built_all``):

* every kit PDF holds a page that is the game's rules reference;
* the Archaeology thief and master thief cards, and its rules reference, say
  what the rulebook says: pay $1 / $5 (read from the rulebook text) to take 1 /
  3 treasure or key cards *of your choice*;
* the Archaeology board shows one marketplace card space per treasure the
  rulebook's setup deals face up (6), counted from the board's drawing.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pdfplumber
import pytest

from conftest import SHARED
from pdfminer.layout import LTCurve, LTFigure
import pypdfium2 as pdfium

from printkit.registry import game_ids

RULEBOOK = SHARED / "rulebooks" / "archaeology.txt"
MM = 72 / 25.4
#: A poker card (mm): what every Archaeology card space must hold.
CARD = (63.5, 88.9)


def _flat(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=None)
def _pages(path: Path) -> tuple[str, ...]:
    """Each page's text (pdfium), whitespace collapsed; read once per file."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in pdf:
            textpage = page.get_textpage()
            out.append(_flat(textpage.get_text_range()))
            textpage.close()
            page.close()
        return tuple(out)
    finally:
        pdf.close()


@pytest.fixture(scope="module")
def rulebook() -> dict:
    """The thief and master thief terms and the marketplace deal, read from the
    rulebook text (the oracle), independently of rules/archaeology.toml."""
    text = _flat(RULEBOOK.read_text(encoding="utf-8"))
    thief = re.search(r"If the card is a thief: The player may discard (\$\d+) and then steal a treasure card or "
                      r"key card of (their) choice", text)
    master = re.search(r"If the card is a master thief: The player may discard (\$\d+) and then steal (\d+) "
                       r"treasure or key cards of (their) choice", text)
    market = re.search(r"Place (\d+) treasure cards face up in the marketplace", text)
    assert thief and master and market
    return {"thief_cost": thief.group(1), "master_cost": master.group(1), "master_takes": int(master.group(2)),
            "market": int(market.group(1))}


@pytest.mark.parametrize("game", game_ids())
def test_every_kit_pdf_holds_its_rules_reference(built_all, game):
    """A page of ``<game>-kit.pdf`` is the rules reference: its text is the
    standalone ``rules-reference.pdf`` page, headed RULES REFERENCE and a Setup."""
    folder = built_all / game
    (ref,) = _pages(folder / "rules-reference.pdf")
    assert "RULESREFERENCE" in ref.replace(" ", "") and "Setup" in ref, ref[:80]  # the kicker is letter-spaced
    kit = _pages(folder / f"{game}-kit.pdf")
    assert sum(page == ref for page in kit) == 1, f"{game}: no kit page is the rules reference"


@pytest.fixture(scope="module")
def archaeology_kit(built_all) -> str:
    return " ".join(_pages(built_all / "archaeology" / "archaeology-kit.pdf"))


def test_thief_cards_say_the_rulebook_terms(archaeology_kit, rulebook):
    text = archaeology_kit
    thief = f"you may pay {rulebook['thief_cost']} to take 1 treasure or key card of your choice from any player's"
    master = (f"you may pay {rulebook['master_cost']} to take {rulebook['master_takes']} treasure or key cards "
              f"of your choice from any players' collections")
    # 9 thieves and 1 master thief (rulebook: Game Contents), each card saying it once
    assert text.count("Dug up: " + thief) == 9
    assert text.count("Dug up: " + master) == 1
    for old in ("at random", "from every other player"):
        assert old not in text


def test_thief_cards_show_the_cost_big(built_all, rulebook):
    """The cost to hire is a key number: at least 20 pt on the cards."""
    path = built_all / "archaeology" / "cards.pdf"
    thief_pages = [i for i, text in enumerate(_pages(path)) if "THIEF" in text]
    assert thief_pages
    big = set()
    with pdfplumber.open(path, pages=[i + 1 for i in thief_pages]) as pdf:
        for page in pdf.pages:
            big |= {w["text"] for w in page.extract_words(extra_attrs=["size"]) if w["size"] >= 20}
    assert {rulebook["thief_cost"], rulebook["master_cost"]} <= big


def test_rules_reference_says_the_thief_terms(built_all, rulebook):
    (ref,) = _pages(built_all / "archaeology" / "rules-reference.pdf")
    assert f"pay {rulebook['thief_cost']} to take 1 treasure or key card of your choice" in ref
    assert f"pay {rulebook['master_cost']} to take {rulebook['master_takes']} treasure or key cards of your choice" \
        in ref
    assert f"Deal {rulebook['market']} face up" in ref


def _board_objects(path: Path):
    """The board drawing of the first board page: (card-size dashed outlines
    as (x0, y0, x1, y1) pt, centres of the words "TREASURE", page words).
    Each tile page places the whole drawing (clipped to its window), so one
    page holds every space once."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        (fig,) = [o for o in page.layout if isinstance(o, LTFigure)]
        curves = []

        def walk(node):
            for o in node:
                if isinstance(o, LTFigure):
                    walk(o)
                elif isinstance(o, LTCurve):
                    curves.append(o)

        walk(fig)
        w, h = CARD[0] * MM, CARD[1] * MM
        outlines = [c.bbox for c in curves
                    if c.stroke and getattr(c, "dashing_style", None) and w <= c.width <= w + 5 * MM
                    and h <= c.height <= h + 5 * MM]
        words = page.extract_words()
        labels = [((x["x0"] + x["x1"]) / 2, page.height - (x["top"] + x["bottom"]) / 2)
                  for x in words if x["text"] == "TREASURE"]
        return outlines, labels, [x["text"] for x in words]


def test_board_shows_a_market_space_per_treasure_dealt_face_up(built_all, rulebook):
    outlines, labels, words = _board_objects(built_all / "archaeology" / "board.pdf")
    assert "MARKETPLACE" in words
    market = [o for o in outlines if any(o[0] <= x <= o[2] and o[1] <= y <= o[3] for x, y in labels)]
    assert len(market) == rulebook["market"] == 6
    # 1 dig space + 3 chest spaces + the market, each a dashed card space
    assert len(outlines) == 4 + rulebook["market"]
    # the dig and chest spaces overlap nothing: a card fits each one
    for a in outlines:
        if a in market:
            continue
        for b in outlines:
            assert a is b or a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # market cards may lie overlapped down a column (the board's tiling join needs the
    # space), each showing at least the top half of its card: its name and trade values
    for i, a in enumerate(market):
        for b in market[i + 1:]:
            if a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]:
                continue
            assert abs(a[0] - b[0]) < 1 and abs(a[3] - b[3]) >= 0.5 * (a[3] - a[1]), (a, b)


def test_archeo_rules_reference_keeps_the_rulebooks_limits(built_all):
    """The Archéo rules reference says what the rulebook's Game Play says: the
    starting player, the magnifier's dirt-or-discovery limit and its discard,
    and that a wheelbarrow is not lent."""
    rulebook = " ".join((RULEBOOK.parent / "archeo.txt").read_text(encoding="utf-8").split())
    assert "most recently dug a pit" in rulebook and "(dirt or discovery)" in rulebook
    assert "Discard the magnifier tile" in rulebook and "may not lend it" in rulebook
    text = next(t for t in _pages(built_all / "archeo" / "archeo-kit.pdf") if "Your turn" in t)
    for words in ("dug a hole last starts", "free dirt or discovery tile", "discard the magnifier",
                  "only for you"):
        assert words in text, words

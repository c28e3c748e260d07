"""Archaeology kit measured in the PDFs we write: deck counts per card type, the
2-player note, money tokens, board tiles (overlap, alignment marks that meet),
the single-sheet board and the high-score log."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.build import BuildOptions
from printkit.cli import main
from printkit.games.archaeology.board import board_draw, board_layout
from printkit.games.archaeology.components import card_components, highscore_pdf, money_components
from printkit.games.archaeology.data import load_rules
from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.tiling import CROSS, render_single, render_tiled
from printkit.units import mm


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module")
def card_text(theme, rules):
    """Text of every fronts page of the imposed deck (A4, 3 mm bleed)."""
    cset = ComponentSet("cards", "Cards", "card", card_components(rules, theme))
    data, _ = render_set(cset, paper=get_paper("a4"), theme=theme, bleed=mm(3))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        pages = [p.extract_text() or "" for p in pdf.pages]
    return "\n".join(p for p in pages if "backs" not in p.splitlines()[-1])


def _count(text: str, phrase: str) -> int:
    return len(re.findall(re.escape(phrase), text))


def test_treasure_counts_in_pdf_match_data(card_text, rules):
    for t in rules.treasures.values():
        # the name appears once per card ("PHARAOH'S MASK" is not inside "BROKEN MASK")
        assert _count(card_text, t.name.upper()) == t.count, t.id
    assert sum(_count(card_text, t.name.upper()) for t in rules.treasures.values()) == 74
    # every treasure card prints its museum row
    assert _count(card_text, "SELL TO MUSEUM") == 74


def test_other_card_counts_and_two_player_note(card_text, rules):
    master = _count(card_text, "MASTER THIEF")
    thieves = _count(card_text, "THIEF") - master
    assert (thieves, master) == (9, 1)
    assert thieves + master == 10
    assert _count(card_text, "Keep this card.") == rules.keys == 6
    for chest in rules.chests.values():
        assert _count(card_text, chest.name.upper()) == 1
    note = f"With {rules.two_player_players} players: {rules.two_player_note}"
    assert note == "With 2 players: leave this card out of the game"
    assert _count(card_text, note) == rules.two_player_remove_thieves + rules.two_player_remove_master == 2


def test_card_text_sizes_and_trade_value_is_biggest(theme, rules):
    cards = card_components(rules, theme)
    tal = next(c for c in cards if c.meta["id"] == "talisman")
    cset = ComponentSet("t", "t", "card", (tal,))
    data, _ = render_set(cset, paper=get_paper("a4"), theme=theme, bleed=mm(3))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = [ch for ch in pdf.pages[0].chars]
    sizes = [round(ch["size"], 1) for ch in chars]
    assert min(sizes) >= 7.0
    biggest = max(sizes)
    assert biggest >= 20
    assert {ch["text"] for ch in chars if round(ch["size"], 1) == biggest} == {"3"}  # the trade value


def test_money_tokens(theme, rules):
    coins = money_components(rules, theme)
    assert len(coins) == 40
    assert all(c.shape == "circle" and c.back is c.front for c in coins)
    assert {v: sum(1 for c in coins if c.meta["value"] == v) for v in (1, 5, 10)} == {1: 16, 5: 8, 10: 16}


# -- board ------------------------------------------------------------------------------


def _crosshairs(page) -> list[tuple[float, float]]:
    """Centres (PDF coordinates, origin bottom-left) of the alignment crosshairs:
    horizontal hairlines 2 × CROSS long, 0.4 pt wide."""
    out = []
    for ln in page.lines:
        if abs(ln["linewidth"] - 0.4) < 0.01 and abs(ln["x1"] - ln["x0"] - 2 * CROSS) < 0.01 and ln["top"] == ln["bottom"]:
            out.append((round((ln["x0"] + ln["x1"]) / 2, 3), round(page.height - ln["top"], 3)))
    return sorted(out)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_tiles_overlap_and_marks_meet(theme, rules, paper):
    pap = get_paper(paper)
    overlap = mm(rules.board_overlap)
    data, plan = render_tiled(board_draw(rules, theme), mm(rules.board_width), mm(rules.board_height),
                              bleed=mm(3), paper=pap, overlap=overlap, theme=theme, title="Board")
    assert len(plan.tiles) > 1
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == len(plan.tiles)
        marks = [_crosshairs(p) for p in pdf.pages]
    pairs = []
    for t in plan.tiles:
        if t.col + 1 < plan.cols:
            pairs.append((t, plan.tile(t.row, t.col + 1), "x"))
        if t.row + 1 < plan.rows:
            pairs.append((t, plan.tile(t.row + 1, t.col), "y"))
    assert pairs
    for a, b, axis in pairs:
        ma = marks[plan.tiles.index(a)]
        mb = marks[plan.tiles.index(b)]
        if axis == "x":
            # on the seam: overlap/2 inside the right edge of a, the left edge of b
            sa = [m for m in ma if abs(m[0] - (a.page_x + a.width - overlap / 2)) < 0.01]
            sb = [m for m in mb if abs(m[0] - (b.page_x + overlap / 2)) < 0.01]
            # lay b on a edge to edge: b's seam onto a's seam; the marks must coincide
            shift = (sa[0][0] - sb[0][0], 0.0)
            step = a.width - overlap
        else:
            sa = [m for m in ma if abs(m[1] - (a.page_y + overlap / 2)) < 0.01]
            sb = [m for m in mb if abs(m[1] - (b.page_y + b.height - overlap / 2)) < 0.01]
            shift = (0.0, sa[0][1] - sb[0][1])
            step = a.height - overlap
        assert len(sa) >= 2 and len(sa) == len(sb), (a.name, b.name, sa, sb)
        moved = sorted((round(x + shift[0], 2), round(y + shift[1], 2)) for x, y in sb)
        assert moved == sorted((round(x, 2), round(y, 2)) for x, y in sa)
        # the two pages share exactly the stated overlap of the drawing:
        # page b shows the drawing shifted by (window - overlap)
        assert abs(abs(shift[0] or shift[1]) - step) < 0.01
        assert abs((a.width if axis == "x" else a.height) - step - mm(12)) < 0.01


def test_board_tile_pages_fit_the_paper(theme, rules):
    data, plan = render_tiled(board_draw(rules, theme), mm(rules.board_width), mm(rules.board_height),
                              bleed=mm(3), paper=get_paper("a4"), overlap=mm(rules.board_overlap), theme=theme,
                              title="Board")
    assert len(plan.tiles) == 2  # 370 × 234 mm board + bleed + marks: 2 A4 portrait pages
    assert {(round(plan.page_width), round(plan.page_height))} == {(round(mm(210)), round(mm(297)))}
    for t in plan.tiles:
        assert t.page_x >= get_paper("a4").margin - 0.01
        assert t.page_x + t.width <= plan.page_width - get_paper("a4").margin + 0.01


def test_board_single_sheet(theme, rules):
    data = render_single(board_draw(rules, theme), mm(rules.board_width), mm(rules.board_height), bleed=mm(3),
                         paper=get_paper("a3"), theme=theme, title="Board")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        (page,) = pdf.pages
        assert (round(page.width), round(page.height)) == (round(mm(420)), round(mm(297)))
        text = page.extract_text()
    for chest in rules.chests.values():
        assert chest.name.upper() in text
    assert text.count("NOT FOUND") == 3
    assert "MARKETPLACE" in text and "DIG SPACE" in text


def test_board_spaces_hold_cards(rules):
    spaces = board_layout(rules)
    assert [s.kind for s in spaces].count("chest") == 3
    assert [s.kind for s in spaces].count("market") == rules.market_slots
    for s in spaces:
        assert s.w >= mm(rules.card_width) and s.h >= mm(rules.card_height)
        assert 0 <= s.x and s.x + s.w <= mm(rules.board_width)
        assert 0 <= s.y and s.y + s.h <= mm(rules.board_height)


def test_board_paper_option(tmp_path):
    runner = CliRunner()
    res = runner.invoke(main, ["build", "archaeology", "--board-paper", "a5", "--out", str(tmp_path)])
    assert res.exit_code == 2
    assert "--board-paper" in res.output and "a3, a2, tabloid" in res.output
    assert len(res.output.strip().splitlines()) == 1


def test_high_score_log(theme, rules):
    opts = BuildOptions(paper=get_paper("a4"), theme=theme)
    data = highscore_pdf(rules, opts)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        text = page.extract_text()
        fonts = {ch["fontname"].split("+")[-1] for ch in page.chars}
    assert text.count("____ / ____ / ______") == 15
    assert "$26" in text  # talisman full set, from the rules data
    assert {"PK-Display", "PK-Body"} <= fonts  # the theme's fonts, embedded as subsets

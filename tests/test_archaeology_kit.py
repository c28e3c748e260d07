"""Archaeology kit measured in the PDFs we write: deck counts per card type, the
2-player note, money tokens, board tiles (overlap, alignment marks that meet),
the single-sheet board, the high-score log and the three chests' own pictures."""

from __future__ import annotations

import functools
import io
import re
import shutil

import pdfplumber
import pikepdf
import pypdfium2
import pytest

from conftest import page_text, text_pdf
from pdfminer.layout import LTChar, LTCurve, LTFigure
from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.build import BuildOptions
from printkit.cli import main
from printkit.games.archaeology.board import board_draw, board_layout
from printkit.games.archaeology.kit import card_components, highscore_pdf, money_components
from printkit.games.archaeology.data import load_rules
from printkit.imposition import FOOTER
from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.tiling import CROSS, HEADER, render_single, render_tiled
from printkit.units import mm


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module")
def card_text(theme, rules):
    """Text of every fronts page of the imposed deck (A4, 3 mm bleed)."""
    cset = ComponentSet("cards", "Cards", "card", card_components(rules, theme))
    data, _ = render_set(cset, paper=get_paper("a4"), theme=theme, bleed=mm(3))
    with text_pdf(data) as pdf:     # the text-only copy: the same chars, the art not parsed
        pages = [page_text(p) for p in pdf.pages]
    return "\n".join(p for p in pages if "· backs" not in p)


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
    # the ribbon may wrap the note over two lines (8 pt minimum, no lone last word), and the
    # text extractor reads a line of two cards side by side before the next: its opening words
    assert _count(" ".join(card_text.split()), f"With {rules.two_player_players} players:") == \
        rules.two_player_remove_thieves + rules.two_player_remove_master == 2


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


def _window(page) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1), PDF coordinates: the clip rectangle the page shows
    the board through, read from the page's content stream (the first ``re``
    made a clip with ``W``/``W*``, under the ``cm`` operators before it)."""
    ops = list(pikepdf.parse_content_stream(page))
    sx, sy, tx, ty = 1.0, 1.0, 0.0, 0.0
    for op, nxt in zip(ops, ops[1:]):
        name = str(op.operator)
        if name == "cm":
            a, b, c, d, e, f = (float(v) for v in op.operands)
            assert b == c == 0, "a rotated page: not expected here"
            sx, sy, tx, ty = a * sx, d * sy, a * tx + e, d * ty + f
        elif name == "re" and str(nxt.operator) in ("W", "W*"):
            x, y, w, h = (float(v) for v in op.operands)
            x0, y0, x1, y1 = sx * x + tx, sy * y + ty, sx * (x + w) + tx, sy * (y + h) + ty
            return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
    raise AssertionError("no clip rectangle on the page")


def _artwork(page):
    """The board's drawing as placed on ``page``: the form XObject's figure
    (its bbox) and every object drawn inside it as ``(signature, bbox)``;
    tile overlays (crosshairs, labels, cut lines, header) are not in it."""
    (fig,) = [o for o in page.layout if isinstance(o, LTFigure)]
    objs = []

    def walk(node):
        for o in node:
            if isinstance(o, LTFigure):
                walk(o)
            elif isinstance(o, LTChar):
                objs.append((("char", o.get_text(), o.fontname, round(o.size, 2)), o.bbox))
            elif isinstance(o, LTCurve):  # LTRect and LTLine are curves too
                objs.append(((type(o).__name__, str(o.non_stroking_color), str(o.stroking_color),
                              o.fill, o.stroke, round(o.linewidth, 2)), o.bbox))
    walk(fig)
    return fig.bbox, objs


def _moved(objs, dx: float, dy: float):
    return [(sig, (x0 + dx, y0 + dy, x1 + dx, y1 + dy)) for sig, (x0, y0, x1, y1) in objs]


def _in(objs, box, inset: float = 0.05):
    """Objects whose bbox meets ``box`` (shrunk by ``inset`` so an object
    merely touching its edge counts on neither page)."""
    x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    return [o for o in objs if o[1][2] > x0 and o[1][0] < x1 and o[1][3] > y0 and o[1][1] < y1]


def _same(a, b, tol: float = 0.01) -> bool:
    """Same multiset of objects (signature equal, bbox within ``tol`` pt)."""
    if len(a) != len(b):
        return False
    rest = list(b)
    for sig, box in sorted(a, key=lambda o: (o[1], str(o[0]))):
        hit = next((i for i, (s2, b2) in enumerate(rest)
                    if s2 == sig and all(abs(p - q) <= tol for p, q in zip(box, b2))), None)
        if hit is None:
            return False
        rest.pop(hit)
    return True


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_tiles_overlap_and_marks_meet(theme, rules, paper):
    """Measured in the PDF: where the board's drawing sits on neighbouring
    pages, the clip window each page shows it through, and the crosshairs."""
    pap = get_paper(paper)
    assert rules.board_overlap == 12.0  # rules/archaeology.toml [sizes] board_overlap
    overlap = mm(rules.board_overlap)
    data, plan = render_tiled(board_draw(rules, theme), mm(rules.board_width), mm(rules.board_height),
                              bleed=mm(3), paper=pap, overlap=overlap, theme=theme, title="Board")
    pike = pikepdf.open(io.BytesIO(data))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        pages = [
            {"art": _artwork(p), "window": _window(pike.pages[i]), "marks": _crosshairs(p),
             "size": (float(p.width), float(p.height))}
            for i, p in enumerate(pdf.pages)
        ]
    assert len(pages) == len(plan.tiles) > 1
    # the paper's printable window: the content area inside the margins, less the
    # header band (assembly note) and the footer band (scale bars)
    w, h = pages[0]["size"]
    landscape = w > h
    box_w, box_h = (pap.box_height, pap.box_width) if landscape else (pap.box_width, pap.box_height)
    window = (box_w - 2 * pap.margin, box_h - 2 * pap.margin - FOOTER - HEADER)
    for pg in pages:
        x0, y0, x1, y1 = pg["window"]
        assert (round(x1 - x0, 2), round(y1 - y0, 2)) == (round(window[0], 2), round(window[1], 2))
    neighbours = [(plan.tiles.index(t), plan.tiles.index(plan.tile(t.row, t.col + 1)), 0)
                  for t in plan.tiles if t.col + 1 < plan.cols]
    neighbours += [(plan.tiles.index(t), plan.tiles.index(plan.tile(t.row + 1, t.col)), 1)
                   for t in plan.tiles if t.row + 1 < plan.rows]
    assert neighbours
    for ia, ib, axis in neighbours:
        a, b = pages[ia], pages[ib]
        (fa, art_a), (fb, art_b) = a["art"], b["art"]
        # the shift that lays page b's drawing onto page a's: measured, then checked
        # to make the whole drawing coincide
        dx, dy = fa[0] - fb[0], fa[1] - fb[1]
        assert _same(_moved(art_b, dx, dy), art_a)
        # (a) it is the printable window less the overlap the rules state, along the seam
        along, across = (dx, dy) if axis == 0 else (-dy, dx)  # b lies right of a, or below it
        assert abs(along - (window[axis] - overlap)) < 0.01, (paper, along, window[axis], overlap)
        assert abs(across) < 0.01
        # the overlap strips: a's right (bottom) edge and b's left (top) edge of the window
        wa, wb = a["window"], b["window"]
        if axis == 0:
            strip_a = (wa[2] - overlap, wa[1], wa[2], wa[3])
            strip_b = (wb[0], wb[1], wb[0] + overlap, wb[3])
        else:
            strip_a = (wa[0], wa[1], wa[2], wa[1] + overlap)
            strip_b = (wb[0], wb[3] - overlap, wb[2], wb[3])
        # (b) the crosshairs in the strips coincide under the same shift
        marks_a = sorted(m for m in a["marks"] if strip_a[0] <= m[0] <= strip_a[2] and strip_a[1] <= m[1] <= strip_a[3])
        marks_b = sorted(m for m in b["marks"] if strip_b[0] <= m[0] <= strip_b[2] and strip_b[1] <= m[1] <= strip_b[3])
        assert len(marks_a) >= 2
        assert [(round(x + dx, 2), round(y + dy, 2)) for x, y in marks_b] == [(round(x, 2), round(y, 2)) for x, y in marks_a]
        # (c) both strips show the same artwork: the drawing's shapes visible in a's
        # strip are those visible in b's strip, moved by the shift — and no word: the
        # strip lies in the board's gutter (issue 24)
        seen_a = _in(art_a, strip_a)
        seen_b = _moved(_in(art_b, strip_b), dx, dy)
        assert any(sig[0] != "char" for sig, _ in seen_a)
        assert not any(sig[0] == "char" for sig, _ in seen_a)
        assert _same(seen_b, seen_a)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_crosshairs_stay_off_the_board(theme, rules, paper):
    """Issue 24: no alignment mark on a play area.  Every crosshair of the
    tiled board (its whole 2 × CROSS square) lies clear of the board's art —
    the union of everything the board's drawing puts on the page, bleed
    included — on A4 and on Letter, where the spare room is least."""
    data, _ = render_tiled(board_draw(rules, theme), mm(rules.board_width), mm(rules.board_height),
                           bleed=mm(3), paper=get_paper(paper), overlap=mm(rules.board_overlap), theme=theme,
                           title="Board")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            _, objs = _artwork(page)
            x0 = min(b[0] for _, b in objs)
            y0 = min(b[1] for _, b in objs)
            x1 = max(b[2] for _, b in objs)
            y1 = max(b[3] for _, b in objs)
            marks = _crosshairs(page)
            assert len(marks) >= 2, (paper, n)
            for cx, cy in marks:
                clear = cx + CROSS <= x0 or cx - CROSS >= x1 or cy + CROSS <= y0 or cy - CROSS >= y1
                assert clear, (paper, n, (cx, cy), (x0, y0, x1, y1))


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


def test_high_score_log_columns_follow_the_largest_set(theme, tmp_path):
    """The museum table's ×1 … ×N columns are the rules' set sizes: a house
    rule whose largest set is 4 cards prints no ×5 column (the template had
    five columns written in)."""
    house = re.sub(r"sell = \[(\d+), (\d+), (\d+), (\d+), \d+\]", r"sell = [\1, \2, \3, \4]",
                   (RULES_DIR / "archaeology.toml").read_text(encoding="utf-8"))
    assert "sell = [3, 7, 12, 18]" in house  # the talisman's full set is now 4 cards
    (tmp_path / "archaeology.toml").write_text(house, encoding="utf-8")
    data = highscore_pdf(load_rules(tmp_path / "archaeology.toml"), BuildOptions(paper=get_paper("a4"), theme=theme))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        lines = pdf.pages[0].extract_text().splitlines()
    header = next(ln for ln in lines if ln.upper().startswith("MUSEUM PAYS FOR"))
    assert header.split()[3:] == ["×1", "×2", "×3", "×4", "TRADE"], header
    talisman = next(ln for ln in lines if ln.startswith("Talisman"))
    assert talisman.split()[1:] == ["$3", "$7", "$12", "$18", "3"], talisman


# -- treasure types without colour: measured on the rendered card pages -------------------

#: Art is compared at 75 dpi: about the detail a card shows at arm's length, and a
#: card pitch (180 pt) of 187.5 px, so neighbouring cards land half a pixel apart
#: and are anti-aliased differently — the control pair below sees that noise.
SYMBOL_DPI = 75
#: The art of two treasure types must differ on at least this share of the art
#: box's pixels once colour is gone (greyscale, each cut at its own mid grey,
#: :func:`colour_checks.symbol_difference`) at the best of ±2 px alignments.
#: Measured (classic, ink-saver, high contrast): two cards of one type, half a
#: pixel apart, differ on at most 1.6 % (anti-aliasing); the closest two types
#: (coin and pot shard) on 6.6 %, the whole and the broken mask on 11 %.  3.5 % is
#: over twice the noise, and of a ~95 px box some 320 px — a shape about 6 × 6 mm
#: at the card's size: a symbol, not noise.
SYMBOL_MIN = 0.035


def _treasure_cards(pdf_path, names: dict[str, str], dpi: int):
    """Every treasure card on the fronts pages of ``pdf_path``, found from its text
    alone: ``(id, page png, ribbon box, art box)`` with boxes in px (left, top,
    right, bottom).  The ribbon is the band round the type's name; the art box is
    the square between the ribbon and the card's own "SELL TO MUSEUM" label below."""
    from colour_checks import rasterise

    k = dpi / 72.0
    out = []
    with text_pdf(pdf_path) as pdf:     # text and page boxes only: the text-only copy (conftest text_pdf)
        for n, page in enumerate(pdf.pages, start=1):
            museum = page.search("SELL TO MUSEUM", regex=False)
            if not museum:  # a backs page
                continue
            found = [(tid, m) for tid, name in names.items() for m in page.search(name, regex=False)]
            png = rasterise(pdf_path, pdf_path.parent / f"page-{n}", dpi=dpi, first=n, last=n)[0]
            for tid, m in found:
                cx = (m["x0"] + m["x1"]) / 2
                below = [s for s in museum if abs((s["x0"] + s["x1"]) / 2 - cx) < 20 and s["top"] > m["bottom"]]
                label = min(below, key=lambda s: s["top"])
                top, bottom = m["bottom"] + 8, label["top"] - 10  # under the ribbon, above the museum row
                side = bottom - top
                art = (cx - side / 2, top, cx + side / 2, bottom)
                ribbon = (cx - 60, m["top"] - 2, cx + 60, m["bottom"] + 2)
                out.append((tid, png, tuple(round(v * k) for v in ribbon), tuple(round(v * k) for v in art)))
    return out


@functools.lru_cache(maxsize=16)
def _page_image(png):
    from PIL import Image

    return Image.open(png).convert("RGB")


def _art_difference(png_a, box_a, png_b, box_b, reach: int = 2) -> float:
    """:func:`colour_checks.symbol_difference` of two art boxes at their best
    alignment (box b moved by up to ``reach`` px each way)."""
    from colour_checks import symbol_difference

    a = _page_image(png_a).crop(box_a)
    img_b = _page_image(png_b)
    x, y = box_b[:2]
    return min(symbol_difference(a, img_b.crop((x + dx, y + dy, x + dx + a.width, y + dy + a.height)))
               for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
@pytest.mark.parametrize("theme_name", ["classic", "inksaver", "highcontrast"])
def test_treasure_types_tell_apart_without_colour(theme_name, rules, tmp_path):
    """Every pair of treasure types, on card sheets as the kit prints them (its
    faces, imposed by render_set; two cards of each type, the second one column
    over): their ribbons' mean colours differ by CIEDE2000 ≥ 10 in normal vision,
    greyscale and the three simulated colour-vision deficiencies — or their art
    differs in shape (:data:`SYMBOL_MIN`).  The same measures on the two cards of
    one type must say "the same" on both counts, or they would tell nothing.
    Cards are found from the PDF's text (pdfplumber), not from printkit's layout."""
    from colour_checks import MIN_DELTA_E, mean_colour, worst_delta_e
    from printkit.theme import load_theme

    theme = load_theme(theme_name)
    deck = card_components(rules, theme)
    firsts = {}
    for card in deck:
        if card.meta["kind"] == "treasure":
            firsts.setdefault(card.meta["id"], card)
    seconds = [next(c for c in deck if c.meta.get("id") == tid and c is not first) for tid, first in firsts.items()]
    cset = ComponentSet("cards", "Cards", "card", tuple(firsts.values()) + tuple(seconds))
    data, _ = render_set(cset, paper=get_paper("a4"), theme=theme, bleed=mm(3))
    pdf_path = tmp_path / "cards.pdf"
    pdf_path.write_bytes(data)
    names = {t.id: t.name.upper() for t in rules.treasures.values()}
    found = _treasure_cards(pdf_path, names, SYMBOL_DPI)
    assert sorted(c[0] for c in found) == sorted(2 * list(names))  # each name found twice, nothing else
    first, twin = {}, {}
    for card in found:
        (twin if card[0] in first else first)[card[0]] = card
    colour = {tid: mean_colour(png, ribbon) for tid, (_, png, ribbon, _) in first.items()}
    for tid, (_, png, ribbon, art) in twin.items():
        _, fpng, _, fart = first[tid]
        assert (fart[0] - art[0]) % 3 != 0 or fart[1] != art[1], "the twin should print elsewhere on the grid"
        # the control: two cards of one type pass neither test
        assert worst_delta_e(colour[tid], mean_colour(png, ribbon))[0] < MIN_DELTA_E, tid
        assert _art_difference(fpng, fart, png, art) < SYMBOL_MIN, tid
    apart = []
    ids = list(names)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            de, condition = worst_delta_e(colour[a], colour[b])
            if de >= MIN_DELTA_E:
                continue
            shape = _art_difference(first[a][1], first[a][3], first[b][1], first[b][3])
            if shape < SYMBOL_MIN:
                apart.append((a, b, round(de, 1), condition, round(shape, 3)))
    assert not apart, (f"{theme_name}: treasure pairs told apart neither by colour nor by their art "
                       f"(a, b, ΔE2000, where, art difference): {apart}")


def _chest_art_boxes(pdf_path, names: dict[str, str], dpi: int):
    """Every chest card on the fronts of ``pdf_path``, found from its text alone:
    ``(id, page png, art box)``, the box in px.  The art lies under the title and
    above the rule text ("Found! …"); where the big numbers stand beside it (the
    large-print layout: the "KEYS TO OPEN" label right of the card's middle) the
    box stops left of them, else (numbers under the art) above their digits."""
    from colour_checks import rasterise

    k = dpi / 72.0
    out = []
    with text_pdf(pdf_path) as pdf:     # text and page boxes only: the text-only copy (conftest text_pdf)
        for n, page in enumerate(pdf.pages, start=1):
            found = [(cid, m) for cid, name in names.items() for m in page.search(name, regex=False)]
            if not found:
                continue
            png = rasterise(pdf_path, pdf_path.parent / f"chests-{n}", dpi=dpi, first=n, last=n)[0]
            labels, rules_ = page.search("KEYS TO OPEN", regex=False), page.search("Found!", regex=False)
            for cid, m in found:
                cx = (m["x0"] + m["x1"]) / 2
                label = min((s for s in labels if s["top"] > m["bottom"] and abs(s["x0"] - cx) < 90),
                            key=lambda s: abs((s["x0"] + s["x1"]) / 2 - cx))
                rule = min((s for s in rules_ if s["top"] > m["bottom"] and abs(s["x0"] - cx) < 90),
                           key=lambda s: s["top"])
                x0, x1, top = cx - 80, cx + 80, m["bottom"] + 2
                if label["x0"] > cx - 10:   # numbers beside the art
                    x1, bottom = label["x0"] - 8, rule["top"] - 4
                else:                        # numbers under the art: stop above their boxes
                    digits = [ch for ch in page.chars if ch["size"] >= 20 and ch["top"] > m["bottom"]
                              and abs(ch["x0"] - cx) < 90 and ch["top"] < rule["top"]]
                    bottom = min(ch["top"] for ch in digits) - 14
                out.append((cid, png, tuple(round(v * k) for v in (x0, top, x1, bottom))))
    return out


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
@pytest.mark.parametrize("theme_name", ["classic", "inksaver", "highcontrast"])
def test_every_chest_has_its_own_picture(theme_name, rules, tmp_path):
    """Issue 24: the wood, stone and gold chests are three pictures, not one
    recoloured — on the chest cards as the kit imposes them (plus a second
    wood chest card as the control, one column over), every pair of chests'
    art differs in shape once colour is gone (:data:`SYMBOL_MIN`), and the two
    wood chest cards do not."""
    from printkit.theme import load_theme

    theme = load_theme(theme_name)
    chests = [c for c in card_components(rules, theme) if c.meta["kind"] == "chest"]
    wood = next(c for c in chests if c.meta["id"] == "wood")
    cset = ComponentSet("cards", "Cards", "card", tuple(chests) + (wood,))
    data, _ = render_set(cset, paper=get_paper("a4"), theme=theme, bleed=mm(3))
    pdf_path = tmp_path / "chests.pdf"
    pdf_path.write_bytes(data)
    names = {c.id: c.name.upper() for c in rules.chests.values()}
    found = _chest_art_boxes(pdf_path, names, SYMBOL_DPI)
    assert sorted(f[0] for f in found) == sorted([*names, "wood"])
    first = {}
    for cid, png, box in found:
        if cid in first:   # the control: one picture twice
            assert _art_difference(first[cid][0], first[cid][1], png, box) < SYMBOL_MIN
        else:
            first[cid] = (png, box)
    same = []
    ids = list(names)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            diff = _art_difference(*first[a], *first[b])
            if diff < SYMBOL_MIN:
                same.append((a, b, round(diff, 3)))
    assert not same, f"{theme_name}: chests whose pictures differ only in colour (a, b, art difference): {same}"


# -- the tiled board's join falls in a gutter (issue 24) -----------------------------------


def _built(themed_kits, paper: str, theme_name: str):
    """The archaeology folder of ``build`` (3 mm bleed, duplex long) on ``paper`` in
    ``theme_name``: the session's shared ``build all`` (conftest ``themed_kits``),
    whose archaeology folder is byte for byte the one ``build(["archaeology"], …)``
    writes with these options."""
    return themed_kits(theme_name, paper) / "archaeology"


def _cut_lines(page) -> list[float]:
    """x (PDF points) of the dashed vertical cut lines drawn over the page
    (0.6 pt, dashed, the window's full height) — where the page is cut."""
    return sorted(round(ln["x0"], 3) for ln in page.lines
                  if abs(ln["x0"] - ln["x1"]) < 0.01 and abs(ln["linewidth"] - 0.6) < 0.01 and ln.get("dash")
                  and ln["dash"][0] and ln["bottom"] - ln["top"] > page.height / 2)


@pytest.mark.slow
@pytest.mark.parametrize("theme_name", ["classic", "highcontrast"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_board_join_falls_in_a_gutter(paper, theme_name, rules, themed_kits):
    """Issue 24: "join in a gutter".  In the built board.pdf the seam is read
    from the page itself — the dashed cut line of the right-hand page; its
    distance to the page's window edge (the clip the board shows through) is
    half the glue overlap — and on both pages no glyph of the board's drawing
    and no card space (a dashed outline at least a card's size, from the
    rules' card size) comes within that half overlap of the seam: the cut and
    the glue strip cross only background art."""
    data = (_built(themed_kits, paper, theme_name) / "board.pdf").read_bytes()
    card_w, card_h = mm(rules.card_width), mm(rules.card_height)
    pike = pikepdf.open(io.BytesIO(data))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2, "the board tiles on two pages side by side"
        windows = [_window(pike.pages[i]) for i in range(2)]
        (cut,) = _cut_lines(pdf.pages[1])
        assert _cut_lines(pdf.pages[0]) == []
        half = cut - windows[1][0]  # the seam lies mid-overlap: the window edge to the cut is half of it
        assert mm(3) < half < mm(25), half
        # page A1 shows the same seam half an overlap inside its right window edge
        seams = [windows[0][2] - half, cut]
        for n, (page, seam) in enumerate(zip(pdf.pages, seams)):
            lo, hi = seam - half, seam + half
            _, objs = _artwork(page)
            chars = [(sig[1], box) for sig, box in objs if sig[0] == "char" and sig[1].strip()]
            assert len(chars) > 50, "the page shows the board's words"
            crossing = [(t, round(b[0], 1), round(b[2], 1)) for t, b in chars if b[2] > lo and b[0] < hi]
            assert not crossing, (paper, theme_name, n, round(seam, 1), crossing[:10])
            spaces = [cv for cv in page.curves + page.rects
                      if cv.get("dash") and cv["dash"][0] and cv["width"] >= card_w - 0.5 and cv["height"] >= card_h - 0.5]
            assert len(spaces) >= 4, (paper, n, len(spaces))
            hits = [(round(s["x0"], 1), round(s["x1"], 1)) for s in spaces if s["x1"] > lo and s["x0"] < hi]
            assert not hits, (paper, theme_name, n, round(seam, 1), hits)


# -- leftovers share a sheet (issue 24: "3 chests on 9 slots") -----------------------------


def _sized_words(page) -> list[tuple[str, float]]:
    """(word, smallest font size in pt of its letters) of a pdfium page, in the text
    layer's order, words split at whitespace.  On cards.pdf the same counts as
    pdfplumber's ``extract_words(extra_attrs=["size"])`` (checked on every sheet, A4
    and Letter, all three bundled themes), at a twentieth of the time (no pdfminer)."""
    import pypdfium2.raw as raw

    tp = page.get_textpage()
    out: list[tuple[str, float]] = []
    word: list[str] = []
    sizes: list[float] = []
    try:
        for k in range(tp.count_chars() + 1):
            ch = tp.get_text_range(k, 1) if k < tp.count_chars() else ""
            if ch and not ch.isspace():
                word.append(ch)
                sizes.append(raw.FPDFText_GetFontSize(tp.raw, k))
            elif word:
                out.append(("".join(word), min(sizes)))
                word, sizes = [], []
    finally:
        tp.close()
    return out


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_chests_do_not_print_alone(paper, rules, themed_kits):
    """Issue 24: leftovers that share a stock share a sheet.  Read from the
    built cards.pdf (card stock, duplex: a fronts page, then its backs
    page): on a sheet's backs page, the cards are the card backs' titles and
    the money tokens their values (a token shows its value on both sides,
    the biggest text on it, ≥ 20 pt; the cards' backs show no value).  Every card and token prints once; the
    sheet left part-empty by the cards (the three chests) also carries money
    tokens; no sheet carries 3 pieces or fewer; and the card stock takes no
    more sheets than cards and money on sheets of their own did (9 poker
    cards a sheet: ⌈93 / 9⌉ = 11, and one sheet of 40 tokens)."""
    folder = _built(themed_kits, paper, "classic")
    back_title = rules.texts["back"].upper()
    values = {f"${v}" for v in rules.money}
    sheets = []
    doc = pypdfium2.PdfDocument(str(folder / "cards.pdf"))
    try:
        assert len(doc) % 2 == 0
        for n in range(0, len(doc), 2):
            words = _sized_words(doc[n + 1])
            cards = sum(1 for w, _ in words if w == back_title)
            coins = sum(1 for w, size in words if w in values and size >= 20)
            chests = sum(1 for w, _ in _sized_words(doc[n]) if w == "CHEST")
            sheets.append((cards, coins, chests))
    finally:
        doc.close()
    n_cards = sum(t.count for t in rules.treasures.values()) + rules.thieves + rules.master_thieves + rules.keys \
        + len(rules.chests)
    assert (n_cards, sum(rules.money.values())) == (93, 40)
    assert sum(s[0] for s in sheets) == n_cards, sheets
    assert sum(s[1] for s in sheets) == 40, sheets
    assert len(sheets) <= -(-93 // 9) + 1, sheets
    for cards, coins, chests in sheets:
        assert cards + coins > 3, (paper, sheets)
        if 0 < cards < 9:  # a card sheet with free slots: the tokens take them
            assert coins > 0, (paper, sheets)
    chest_sheets = [s for s in sheets if s[2]]
    assert len(chest_sheets) == 1 and chest_sheets[0][1] > 0, (paper, sheets)


def test_card_exports_say_the_money_tokens_are_left_out(tmp_path):
    """The money tokens share cards.pdf; a card export (Tabletop Simulator)
    takes the cards and says it leaves the 40 round tokens out."""
    r = CliRunner().invoke(main, ["build", "archaeology", "--format", "tts", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    notes = [ln for ln in r.output.splitlines() if ln.startswith("note: tts: archaeology")]
    assert len(notes) == 1 and "cards (40 of its pieces)" in notes[0], r.output

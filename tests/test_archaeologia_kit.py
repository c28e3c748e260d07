"""The Archaeologia kit as a user builds it, measured in the PDFs: tiles per
stratum and kind read back as text, group icons, backs behind fronts in both
duplex flips, A4 and Letter, preflight, hostile --rules files, and the
bundled data against the rulebook's numbers (the oracle below is typed from
/work/shared/rulebooks/archaeologia.txt, not from the data)."""

from __future__ import annotations

import io
import itertools
import re
from collections import Counter

import pdfplumber
import pypdfium2
import pytest

from conftest import page_text, pdfium_page_texts, text_pdf
from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.build import BuildOptions, build
from printkit.cli import main
from printkit.games.archaeologia.kit import strata_components
from printkit.games.archaeologia.data import load_rules
from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.rules import load_toml, missing_sources
from printkit.theme import available_themes, load_theme
from printkit.units import mm

GAME = "archaeologia"
# The rulebook's numbers (I. Components; VII. Give a discovery to the museum; Collections).
RULEBOOK_TILES = {"GRASS": 18, "EARTH": 18, "ROCK": 18, "DINOSAUR": 16}
RULEBOOK_SETS = {
    "GRASS": {"PIRATES' TREASURES": 3, "CELTS' TREASURES": 4},
    "EARTH": {"THE VILLAGE": 3, "THE HUNTER'S BAG": 4},
    "ROCK": {"PLANT FOSSILS": 3, "ANIMAL FOSSILS": 4},
    "DINOSAUR": {"TYRANNOSAURUS": 3, "TRICERATOPS": 3, "PLIOSAUR": 3, "DIPLODOCUS": 3, "PTERANODON": 2,
                 "DINOSAUR EGG": 2},
}
SINGLES_PER_STRATUM = 6
DOUBLES_PER_STRATUM = 2


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.fixture(scope="module")
def kits(themed_kits):
    """The kit on A4 and on Letter (classic theme, bleed 3 mm, duplex long): the
    session's shared ``build all`` (conftest ``themed_kits``), whose archaeologia
    folder is byte for byte the one ``build(["archaeologia"], …)`` writes with
    these options."""
    return {paper: themed_kits("classic", paper) / GAME for paper in ("a4", "letter")}


def _texts(path) -> list[str]:
    """Each page's text, read by pdfium (rotated footer strips included) — for
    test_kit_holds_every_card_and_piece the same counts as pdfplumber's
    (conftest ``page_text``) on cards, pieces and boards of all three bundled
    themes, A4 and Letter, without pdfminer parsing every sheet's art."""
    return pdfium_page_texts(path)


def _front_texts(path) -> str:
    return "\n".join(t for t in _texts(path) if "· fronts" in t)


# -- counts read back from the PDF -------------------------------------------------------


def _fronts_text_and_big_glyphs(path) -> tuple[str, list[tuple[float, float]]]:
    """The text of the fronts pages (those saying "· fronts") of the PDF ``path``, one page
    after another, and the (left, top from the page top) in pt of every glyph of 20 pt or
    more on them — read by pdfium: on the tiles PDFs of all three bundled themes, A4 and
    Letter, the same counts (each group's name, SINGLE, Meteorite, the tiles' RP
    positions) as pdfplumber's text (conftest ``page_text``) and chars, without pdfminer
    parsing every sheet's art."""
    import pypdfium2.raw as raw

    texts, big = [], []
    doc = pypdfium2.PdfDocument(str(path))
    try:
        for n in range(len(doc)):
            page = doc[n]
            h = page.get_height()
            tp = page.get_textpage()
            try:
                text = tp.get_text_range()
                if "· fronts" not in text:
                    continue
                texts.append(text)
                for k in range(tp.count_chars()):
                    if raw.FPDFText_GetFontSize(tp.raw, k) >= 20 and tp.get_text_range(k, 1).strip():
                        left, _, _, top = tp.get_charbox(k, loose=True)
                        big.append((left, h - top))
            finally:
                tp.close()
    finally:
        doc.close()
    return "\n".join(texts), big


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_counts_by_stratum_and_kind_match_the_rulebook(kits, paper):
    d = kits[paper]
    for sid, name in (("grass", "GRASS"), ("earth", "EARTH"), ("rock", "ROCK"), ("dinosaur", "DINOSAUR")):
        # one pdfium pass (:func:`_fronts_text_and_big_glyphs`): the fronts' text, and their glyphs of 20 pt or more
        text, big = _fronts_text_and_big_glyphs(d / f"{sid}-tiles.pdf")
        for group, size in RULEBOOK_SETS[name].items():
            assert len(re.findall(rf"\b{re.escape(group)}\b", text)) == size, (name, group)
        singles = len(re.findall(r"\bSINGLE\b", text))
        if name != "DINOSAUR":
            # 6 singles + the 18th tile (a Meteorite single: our documented choice)
            assert singles == SINGLES_PER_STRATUM + 1, (name, singles)
            assert text.count("Meteorite") == 1
        else:
            assert singles == 0
        # every tile prints its RP as the one number of 20 pt or more (``big``, read above)
        assert len({(round(x0), round(top)) for x0, top in big if x0 - 1 > 0}) >= RULEBOOK_TILES[name] - 1
        tiles = sum(RULEBOOK_SETS[name].values()) + (0 if name == "DINOSAUR" else
                                                     SINGLES_PER_STRATUM + 1 + 2 * DOUBLES_PER_STRATUM)
        assert tiles == RULEBOOK_TILES[name]


def test_kit_holds_every_card_and_piece(kits):
    d = kits["a4"]
    cards = _front_texts(d / "cards.pdf")
    events = cards
    assert len(re.findall(r"Lasts:", events)) == 65
    assert len(re.findall(r"1 ACTION", events)) >= 1 and "AIRPLANE" in events
    objectives = cards
    assert objectives.count("REVEAL AT ONCE AND GAIN") == 10
    pieces = _front_texts(d / "pieces.pdf")
    for tool in ("SHOVEL", "PICKAXE", "BRUSH"):
        assert len(re.findall(rf"\b{tool}\b", pieces)) == 4, tool
    assert pieces.count("RAIN") >= 1
    boards = "\n".join(_texts(d / "boards.pdf"))
    assert "MONEY / TOOLS" in boards and "RENOWN" in boards and "WIN" in boards


def test_rp_of_example_d_on_the_tiles(kits):
    """Example D: ERMINE 1 RP; pottery + oil lamp 6 RP, millstone 3 RP."""
    rules = load_rules()
    theme = load_theme("classic")
    for did, rp in (("ermine", 1), ("pottery", 3), ("oil-lamp", 3), ("millstone", 3)):
        comp = next(c for c in strata_components(rules, theme, "earth") if c.meta["id"] == did)
        data, _ = render_set(ComponentSet("t", "t", "card", (comp,)), paper=get_paper("a4"), theme=theme, bleed=mm(3))
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            big = "".join(ch["text"] for ch in pdf.pages[0].chars if ch["size"] >= 20)
            small = [ch["size"] for ch in pdf.pages[0].chars]
        assert big == str(rp), did
        assert min(small) >= 7.0


# -- group icons -------------------------------------------------------------------------


def _tile_bitmaps(rules, theme, stratum):
    """{discovery id: (PIL image of the tile's top-right 12 mm square, text there)}.
    The text is pdfium's within that square (``get_text_bounded``): the same
    string pdfplumber's ``page.crop(box).chars`` gives on every tile of the four
    strata (checked, 70 tiles), without pdfminer parsing each page's fonts."""
    out = {}
    scale = 100 / 72
    for comp in strata_components(rules, theme, stratum):
        data, _ = render_set(ComponentSet("t", "t", "card", (comp,)), paper=get_paper("a4"), theme=theme, bleed=mm(3))
        x0, y0, x1, y1 = _trim(data, 0)
        pdf = pypdfium2.PdfDocument(data)
        try:
            page = pdf[0]
            H = page.get_height()
            box = (x1 - mm(12), H - y1, x1, H - y1 + mm(12))  # top-right corner, from the top left
            text = page.get_textpage().get_text_bounded(left=x1 - mm(12), bottom=y1 - mm(12), right=x1, top=y1)
            img = page.render(scale=scale).to_pil()
        finally:
            pdf.close()
        crop = img.crop(tuple(round(v * scale) for v in box))
        out[comp.meta["id"]] = (crop.tobytes(), text)
    return out


def test_every_groups_tiles_carry_the_same_icon_and_size(rules):
    theme = load_theme("classic")
    for sid in rules.strata:
        tiles = _tile_bitmaps(rules, theme, sid)
        seen = {}
        for g in rules.groups.values():
            if g.tiles[0] not in tiles:
                continue
            pixels = {tiles[t][0] for t in g.tiles}
            assert len(pixels) == 1, f"{g.id}: its tiles differ top right"
            assert {tiles[t][1] for t in g.tiles} == {str(g.size)}, g.id
            seen[g.id] = pixels.pop()
        assert len(set(seen.values())) == len(seen), f"{sid}: two groups share an icon"


# -- backs behind fronts ----------------------------------------------------------------


def _trim(data: bytes, i: int) -> tuple[float, float, float, float]:
    """The TrimBox of page ``i`` (PDF coordinates)."""
    from pypdf import PdfReader
    box = PdfReader(io.BytesIO(data)).pages[i].trimbox
    return float(box.left), float(box.bottom), float(box.right), float(box.top)


def _cells(page, w, trim):
    """Occupied grid cells of a sheet, from its TrimBox and the tiles' words:
    (TrimBox in PDF coordinates, {(col, row from bottom)})."""
    x0, y0, x1, y1 = trim
    H = float(page.height)
    cells = set()
    for wd in page.extract_words():
        cx, cy = (wd["x0"] + wd["x1"]) / 2, H - (wd["top"] + wd["bottom"]) / 2
        if x0 < cx < x1 and y0 < cy < y1:
            cells.add((int((cx - x0) // w), int((cy - y0) // w)))
    return (x0, y0, x1, y1), cells


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_tile_backs_sit_behind_their_fronts(rules, duplex):
    theme = load_theme("classic")
    paper = get_paper("a4")
    w = mm(rules.sizes["tile"])
    names = {s.name for s in rules.strata.values()}
    for sid, st in rules.strata.items():
        comps = strata_components(rules, theme, sid)
        data, pages = render_set(ComponentSet(sid, sid, "card", comps), paper=paper, theme=theme, bleed=mm(3),
                                 duplex=duplex)
        # words and page sizes only: read from the set's text-only copy (conftest text_pdf: the same
        # pages and chars, without pdfminer tokenizing the tiles' art)
        with text_pdf(data) as pdf:
            assert len(pdf.pages) == pages and pages % 2 == 0
            W, H = float(pdf.pages[0].width), float(pdf.pages[0].height)
            for i in range(0, pages, 2):
                front, back = pdf.pages[i], pdf.pages[i + 1]
                (fx0, fy0, fx1, fy1), fcells = _cells(front, w, _trim(data, i))
                (bx0, by0, bx1, by1), bcells = _cells(back, w, _trim(data, i + 1))
                cols, rows = round((fx1 - fx0) / w), round((fy1 - fy0) / w)
                if duplex == "long":  # the back's trim is the front's mirrored across the page's vertical axis
                    assert (round(bx0, 2), round(bx1, 2)) == (round(W - fx1, 2), round(W - fx0, 2))
                    mirrored = {(cols - 1 - c, r) for c, r in fcells}
                else:
                    assert (round(by0, 2), round(by1, 2)) == (round(H - fy1, 2), round(H - fy0, 2))
                    mirrored = {(c, rows - 1 - r) for c, r in fcells}
                assert fcells and bcells == mirrored, (sid, duplex, i)
                back_words = set(page_text(back).split())
                assert st.name in back_words
                assert not (names - {st.name}) & back_words, f"{sid}: another stratum's back on its sheet"


# -- data and sources -------------------------------------------------------------------


def test_bundled_data_matches_the_rulebook(rules):
    assert {s.name: s.tiles for s in rules.strata.values()} == RULEBOOK_TILES
    assert [rules.strata[s].name for s in rules.layers] == ["DINOSAUR", "ROCK", "EARTH", "GRASS"]
    assert (rules.site_rows, rules.site_cols, rules.start_coins, rules.start_rp, rules.win_rp) == (4, 4, 12, 0, 40)
    assert rules.black_market_start == {"rock": 2, "earth": 2, "grass": 2}
    assert {t.name: (t.price, t.count) for t in rules.tools.values()} == {
        "SHOVEL": (1, 4), "PICKAXE": (2, 4), "BRUSH": (3, 4)}
    assert rules.sell_back == 1
    assert {r.name: r.price for r in rules.rentals.values()} == {"AIRPLANE": 2, "TENT": 2, "WORKFORCE": 2, "SONAR": 1}
    assert (rules.event_count, len(rules.objectives), rules.rain_count) == (65, 10, 1)
    assert rules.events["airplane"].action  # the AIRPLANE card shows the footprint
    assert rules.discoveries["ermine"].rp == 1 and rules.discoveries["ermine"].kind == "single"
    assert rules.groups["the-village"].tiles == ("pottery", "oil-lamp", "millstone")
    assert sum(rules.discoveries[t].rp for t in ("pottery", "oil-lamp")) == 6 and rules.discoveries["millstone"].rp == 3
    assert sorted(d.id for d in rules.discoveries.values() if d.egg) == ["egg-a", "egg-b"]
    for d in rules.discoveries.values():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", d.id)
    # the mix is listed in the data and matches the cards
    assert sum(rules.event_mix.values()) == 65
    # objectives give RP and/or coins, some of each
    kinds = Counter((o.rp > 0, o.coins > 0) for o in rules.objectives.values())
    assert kinds[(True, False)] and kinds[(False, True)] and kinds[(True, True)]


def test_every_value_carries_its_source():
    data = load_toml(RULES_DIR / f"{GAME}.toml")
    assert missing_sources(data) == []
    for did, d in data["discoveries"].items():
        assert d["source"].startswith(("rulebook:", "assumed:")), did
    for oid, o in data["objectives"].items():
        assert "assumed:" in o["source"], oid
    # the 18th GRASS/EARTH/ROCK tile is decided, and why, in the data
    for s in ("grass", "earth", "rock"):
        src = data["discoveries"][f"meteorite-{s}"]["source"]
        assert "18th tile" in src and "assumed:" in src
    assert "Example D" in data["discoveries"]["ermine"]["source"]


def test_game_file_shape_of_the_bundled_tables(rules):
    """[discoveries], [groups], [objectives] as docs/formats/archaeologia-game.md reads them."""
    data = load_toml(RULES_DIR / f"{GAME}.toml")
    for d in data["discoveries"].values():
        assert d["stratum"] in ("grass", "earth", "rock", "dinosaur") and isinstance(d["rp"], int)
    assert all(isinstance(v, list) and all(t in data["discoveries"] for t in v) for v in data["groups"].values())
    assert all(isinstance(o["rp"], int) for o in data["objectives"].values())


# -- hostile --rules --------------------------------------------------------------------

BUNDLED = (RULES_DIR / f"{GAME}.toml").read_text(encoding="utf-8")
HOSTILE = [
    (r"^start_coins = 12$", 'start_coins = "12"', "setup.start_coins"),
    (r"^rp = 1\n(?=black_market = 1\nsource = \"rulebook: Give a discovery to the museum \(6 singles per stratum\); Example D)",
     "rp = -1\n", "discoveries.ermine.rp"),
    (r'^stratum = "earth"$', 'stratum = "lava"', "stratum"),
    (r"^tile = 46.0$", "tile = 1e9", "sizes.tile"),
    (r"^win_rp = 40\n", "", "end.win_rp"),
    (r"^\[sizes\]$", "[sizes]\ntile_size = 4", "sizes.tile_size: unknown key"),
    (r"^count = 6\naction = true", "count = 6\naction = \"yes\"", "events.airplane.action"),
    (r'^the-village = \["pottery", "oil-lamp", "millstone"\]$', 'the-village = ["pottery", "oil-lamp"]',
     "discoveries.millstone"),
    (r"^tiles = 16$", "tiles = 17", "strata.dinosaur.tiles"),
    (r"^airplane = ", "airplane = ", None),  # placeholder replaced below
]
HOSTILE = HOSTILE[:-1] + [(r"^movement = 6$", "movement = 7", "event_mix")]


@pytest.mark.parametrize("old, new, fragment", HOSTILE, ids=[h[2] for h in HOSTILE])
def test_hostile_rules_file_gives_one_line(tmp_path, old, new, fragment):
    assert re.search(old, BUNDLED, re.M), old
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / f"{GAME}.toml").write_text(re.sub(old, new, BUNDLED, count=1, flags=re.M), encoding="utf-8")
    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["build", GAME, "--rules", str(tmp_path / "rules"), "--out", str(out)])
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and fragment in lines[0] and f"{GAME}.toml" in lines[0], lines
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


# -- preflight, themes ------------------------------------------------------------------


def test_preflight_finds_nothing(kits):
    for paper in ("a4", "letter"):
        res = CliRunner().invoke(main, ["check", str(kits[paper] / f"{GAME}-kit.pdf")])
        assert res.exit_code == 0, res.output


def test_cover_and_rules_reference_are_one_page(kits):
    for paper in ("a4", "letter"):
        with pdfplumber.open(str(kits[paper] / f"{GAME}-kit.pdf")) as pdf:
            cover = page_text(pdf.pages[0])      # the cover only: the other pages are not read
        assert "What is inside" in cover and "Cutting" in cover
        with pdfplumber.open(str(kits[paper] / "rules-reference.pdf")) as pdf:
            assert len(pdf.pages) == 1


def test_every_theme_has_the_palette():
    for name in available_themes():
        theme = load_theme(name)
        if theme.games:
            assert GAME in theme.games, name


def test_inksaver_builds(tmp_path):
    build([GAME], BuildOptions(paper=get_paper("a4"), theme=load_theme("inksaver"), bleed=mm(3),
                               board_paper="a3"), tmp_path)
    assert (tmp_path / GAME / f"{GAME}-kit.pdf").stat().st_size > 0


# -- colour-blind and greyscale safety, measured on the rendered pixels ----------------------
#
# Every pair of strata (their tile backs: what a buried pile shows) and every pair of player
# colours (their money markers) must be told apart under greyscale and simulated
# deuteranomaly, protanomaly and tritanomaly: either the mean colours of the two crops differ
# by CIEDE2000 ≥ 10 under every condition, or the two are drawn differently once colour is
# gone — symbol_difference (the share of pixels whose black/white mask differs) ≥ SHAPE_MIN.
# Positions come from the PDFs: the TrimBox grid and the stratum's name word for tiles; the
# round trim lines holding a "$" for markers, cropped to their lower part where the player's
# symbol sits under the coin (clear of the plain 1.5 mm band by the cut).  Crops are cut at the PDF's exact (fractional) positions by
# resampling, so one face rendered twice gives the same crop.  Two crops of one face (two
# backs of a stratum; a marker and its copy on the back sheet) are the controls: they must
# fail both tests, or the measure would tell anything apart.

from colour_checks import CONDITIONS, MIN_DELTA_E, rasterise, symbol_difference, worst_delta_e  # noqa: E402

#: Render resolution of the safety checks: 254 dpi is 10 px a millimetre, so pieces laid
#: out on a millimetre grid land on whole pixels and one face rendered at two places gives
#: the same pixels (a 46 mm tile is 460 px, a 2.6 mm player symbol 26 px).  At 200 dpi the
#: two copies fall at different sub-pixel phases: one tile back told from itself by up to
#: 4.2 % of its crop (inksaver, highcontrast), above SHAPE_MIN — the controls failed and
#: the shape measure could not tell noise from a difference.
SAFETY_DPI = 254
#: Drawn differently: 4 % of the crop.  Measured at 254 dpi: one face rendered twice
#: differs on at most 0.07 % of its crop; another stratum's back (name, research, layers)
#: on 7 % or more; the closest pair of player symbols, circle and square, on 4.5 %
#: (inksaver) to 12 %.  The controls below keep the noise side of that in check; a
#: palette whose ground is the ink colour (the backs' words and the symbols gone) fails.
SHAPE_MIN = 0.04
#: Crop of a tile back (share of the side cut off each edge: clear of the neighbours' 3 mm bleed).
TILE_INSET = 0.12
#: Crop of a marker (shares of its diameter: left, top, right, bottom): the player symbol
#: under the coin, with a little of the ground round it.
SYMBOL_BOX = (0.38, 0.62, 0.62, 0.83)


def _mean(img) -> tuple[float, float, float]:
    import numpy as np
    return tuple(float(v) for v in np.asarray(img, dtype=float).reshape(-1, 3).mean(axis=0))


def _told_apart(a, b) -> tuple[bool, float, str, float]:
    """(distinguishable, worst ΔE, where, shape difference) of two crops."""
    de, where = worst_delta_e(_mean(a), _mean(b))
    shape = symbol_difference(a, b)
    return de >= MIN_DELTA_E or shape >= SHAPE_MIN, de, where, shape


def _crop(img, box, part, size):
    """``part`` (left, top, right, bottom as shares) of the PDF-point box ``box`` (x0, top,
    x1, bottom, top-down), resampled at its exact position to ``size`` px."""
    from PIL import Image
    k = SAFETY_DPI / 72
    x0, top, x1, bottom = box
    w, h = x1 - x0, bottom - top
    l, t, r, b = part
    return img.resize(size, Image.BICUBIC, box=((x0 + l * w) * k, (top + t * h) * k, (x0 + r * w) * k,
                                                (top + b * h) * k))


def _tile_back_boxes(data: bytes, page_no: int, side: float, word: str):
    """The grid cells (PDF points, top-down) of the back sheet ``page_no`` holding ``word``
    (found with pdfium's text search: the patterned backs are slow to parse with pdfplumber)."""
    x0, y0, _, _ = _trim(data, page_no)
    pdf = pypdfium2.PdfDocument(data)
    try:
        page = pdf[page_no]
        H = page.get_height()
        text = page.get_textpage()
        search = text.search(word, match_case=True, match_whole_word=True)
        boxes = set()
        while (hit := search.get_next()) is not None:
            first, count = hit
            left, low, _, high = text.get_charbox(first)
            right = text.get_charbox(first + count - 1)[2]
            cx, cy = (left + right) / 2, (low + high) / 2
            col, row = int((cx - x0) // side), int((cy - y0) // side)
            cell_left, cell_low = x0 + col * side, y0 + row * side
            boxes.add((cell_left, H - cell_low - side, cell_left + side, H - cell_low))
    finally:
        pdf.close()
    return sorted(boxes, key=lambda b: (b[1], b[0]))


def _marker_boxes(data: bytes, page_no: int, d: float, word: str = "$"):
    """The round trim lines (PDF points, top-down) of diameter ``d`` holding ``word`` on a page."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[page_no]
        marks = [((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2) for w in page.extract_words()
                 if w["text"] == word]
        boxes = {(c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.curves
                 if abs(c["x1"] - c["x0"] - d) < 0.5 and abs(c["bottom"] - c["top"] - d) < 0.5
                 and any(c["x0"] < x < c["x1"] and c["top"] < y < c["bottom"] for x, y in marks)}
    return sorted(boxes, key=lambda b: (b[1], b[0]))


def _page_image(data: bytes, page_no: int, tmp_path, name: str):
    from PIL import Image
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(data)
    png = rasterise(pdf, tmp_path / name, dpi=SAFETY_DPI, first=page_no + 1, last=page_no + 1)[0]
    return Image.open(png).convert("RGB")


@pytest.mark.parametrize("theme_name", ["classic", "inksaver", "highcontrast"])
def test_strata_and_player_colours_survive_colour_blindness_and_greyscale(rules, tmp_path, theme_name):
    from printkit.games.archaeologia.kit import marker_components

    assert CONDITIONS == ("greyscale", "deuteranomaly", "protanomaly", "tritanomaly")
    theme, paper = load_theme(theme_name), get_paper("a4")
    side = mm(rules.sizes["tile"])
    tile_part = (TILE_INSET, TILE_INSET, 1 - TILE_INSET, 1 - TILE_INSET)
    backs, controls = {}, []
    for sid, st in rules.strata.items():
        data, _ = render_set(ComponentSet(sid, sid, "card", strata_components(rules, theme, sid)), paper=paper,
                             theme=theme, bleed=mm(3))
        boxes = _tile_back_boxes(data, 1, side, st.name)
        assert len(boxes) >= 2, f"{sid}: its name is not found on two backs of its first back sheet"
        img = _page_image(data, 1, tmp_path, sid)
        backs[sid] = _crop(img, boxes[0], tile_part, (240, 240))
        controls.append((f"{sid} back twice", backs[sid], _crop(img, boxes[-1], tile_part, (240, 240))))
    data, _ = render_set(ComponentSet("markers", "markers", "card", marker_components(rules, theme)), paper=paper,
                         theme=theme, bleed=mm(3))
    d = mm(rules.sizes["marker"])
    front, back = _marker_boxes(data, 0, d), _marker_boxes(data, 1, d)
    assert len(front) == len(back) == len(rules.colours), (front, back)
    fimg, bimg = _page_image(data, 0, tmp_path, "m0"), _page_image(data, 1, tmp_path, "m1")
    symbols = [_crop(fimg, b, SYMBOL_BOX, (64, 42)) for b in front]
    copies = [_crop(bimg, b, SYMBOL_BOX, (64, 42)) for b in back]
    for i, sym in enumerate(symbols):  # each money marker's own copy is among the back sheet's
        twin = min(copies, key=lambda c: symbol_difference(sym, c))
        controls.append((f"money marker {i + 1} and its back", sym, twin))

    for name, a, b in controls:
        ok, de, where, shape = _told_apart(a, b)
        assert not ok, f"{theme_name}: control {name}: one face told from itself (ΔE {de:.1f}, shapes {shape:.2%})"
    bad = []
    pairs = [(f"{a}/{b} backs", backs[a], backs[b]) for a, b in itertools.combinations(backs, 2)]
    pairs += [(f"money markers {i + 1}/{j + 1}", symbols[i], symbols[j])
              for i, j in itertools.combinations(range(len(symbols)), 2)]
    for name, a, b in pairs:
        ok, de, where, shape = _told_apart(a, b)
        if not ok:
            bad.append(f"{name}: ΔE {de:.1f} ({where}), shapes differ on {shape:.2%}")
    assert not bad, f"{theme_name}: pairs neither colour- nor shape-distinct: {bad}"


def test_larger_type_never_runs_into_the_duration_ribbon_or_off_the_card(tmp_path):
    """A theme at the largest ``[type] scale`` (1.5): on every EVENT card the
    effect text ends above its "Lasts:" ribbon, and the "ACTION" label under
    the badge stays left of the card's right trim (read from the sheet's
    TrimBox: the cards fill it edge to edge)."""
    theme = tmp_path / "big"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nextends = "highcontrast"\n[type]\nscale = 1.5\n', encoding="utf-8")
    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(str(theme)), bleed=mm(3))
    build(["archaeologia"], opts, tmp_path / "out", jobs=1)
    import pikepdf

    path = tmp_path / "out" / "archaeologia" / "cards.pdf"
    with pikepdf.open(path) as doc:
        trims = [float(pg.obj["/TrimBox"][2]) for pg in doc.pages]
    checked = labels = 0
    with pdfplumber.open(path) as pdf:
        for page, trim_right in list(zip(pdf.pages, trims))[::2]:  # fronts pages
            words = page.extract_words(keep_blank_chars=False)
            for lasts in (w for w in words if w["text"] == "Lasts:"):
                above = [w for w in words if w["x1"] > lasts["x0"] - 40 and w["x0"] < lasts["x1"] + 60
                         and lasts["top"] - 60 < w["bottom"] <= lasts["top"] + 0.5 and w is not lasts]
                assert all(w["bottom"] <= lasts["top"] for w in above), [w["text"] for w in above]
                checked += 1
            for label in (w for w in words if w["text"] == "ACTION"):
                assert label["x1"] <= trim_right - mm(3) + 0.5, (label["x1"], trim_right)
                labels += 1
    assert checked >= 9 and labels >= 9


def test_the_meteorite_footnote_counts_from_the_rules(kits):
    """The rules reference's footnote on the tiles the rulebook does not list
    (the Meteorite singles, ``assumed`` in rules/archaeologia.toml) gives the
    counts of the rules data: read here from the TOML itself, per stratum
    (it was written into the template: "17 of each stratum's 18 tiles", which
    DINOSAUR's 16 tiles are not)."""
    import tomllib

    data = tomllib.loads((RULES_DIR / "archaeologia.toml").read_text(encoding="utf-8"))
    disc, groups, info = data["discoveries"], data["groups"], data["group_info"]
    kinds: dict[tuple, list[str]] = {}
    for sid, st in data["strata"].items():
        mine = {k: d for k, d in disc.items() if d["stratum"] == sid}
        meteorites = sum(d["name"] == "Meteorite" for d in mine.values())
        if not meteorites:
            continue
        singles = sum(d["kind"] == "single" and d["name"] != "Meteorite" for d in mine.values())
        doubles = sum(info[g]["kind"] == "double" for g, tiles in groups.items() if tiles[0] in mine)
        sizes = sorted({len(tiles) for g, tiles in groups.items() if tiles[0] in mine and info[g]["kind"] != "double"})
        assert meteorites == 1 and len(sizes) == 2, "the oracle below words one Meteorite and two sizes"
        kinds.setdefault((st["tiles"], singles, doubles, tuple(sizes)), []).append(st["name"])
    assert kinds, "no stratum holds a Meteorite"
    with pdfplumber.open(str(kits["a4"] / "rules-reference.pdf")) as pdf:
        text = " ".join(" ".join(page_text(p) for p in pdf.pages).split())
    for (tiles, singles, doubles, (s1, s2)), names in kinds.items():
        where = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        each = "each of " if len(names) > 1 else ""
        want = (f"The rulebook lists {tiles - 1} of the {tiles} tiles of {each}{where} ({singles} singles, "
                f"{doubles} doubles, collections of {s1} and {s2}); the {tiles}th, a Meteorite single, is our assumption.")
        assert want in text, (want, text[text.find("rulebook lists") - 20:][:300])
    assert "each stratum's" not in text

"""Archéo kit measured in the PDFs we write: piece counts from the text, the
shovel cards' two sides in duplex (long and short edge), the stars on the
boards and the egg, the dig site's layer frames, A4 and Letter, hostile
``--rules`` files, preflight.

Oracles are the rulebook's own numbers (Components, Setup, End of Game),
written here, not read from the rules data under test.
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from colour_checks import lightness
from conftest import page_text

from printkit.build import BuildOptions, build
from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.theme import load_theme
from printkit.units import mm, to_mm

ROOT = Path(__file__).resolve().parent.parent
TOL = 0.3  # mm

# The rulebook, as printed (Components, Setup step 5, Solo Mode, End of Game).
SHOVEL_CARDS = 11
SHOVELS_BY_PLAYERS = {2: 11, 3: 10, 4: 9, 5: 8}
SOLO_SHOVELS = 8
WHEELBARROWS = 5
SAND, DIRT, DISCOVERY, EARTH = 25, 25, 4, 50
BOARD_STARS, EGG_STARS, ALL_STARS = 8, 2, 10
BOARDS = ("Triceratops", "Sarcosuchus", "Ammonite", "Tyrannosaurus", "Stegosaurus")
#: The tokens' diameter (mm): they print on the tiles' last sheet, each with a
#: fine circle on its trim line, which tells them apart from the square tiles.
TOKEN_MM = 26


@pytest.fixture(scope="module")
def kits(tmp_path_factory, themed_kits):
    """The kit (classic, bleed 3 mm) on A4 duplex long — the session's shared
    ``build all`` (conftest ``themed_kits``), whose archeo folder is byte for byte
    the one ``build(["archeo"], …)`` writes with these options — and built here on
    Letter duplex short."""
    folder = tmp_path_factory.mktemp("archeo-letter")
    opts = BuildOptions(paper=get_paper("letter"), theme=load_theme("classic"), bleed=mm(3), duplex="short")
    build(["archeo"], opts, folder)
    return {"a4": themed_kits("classic", "a4") / "archeo", "letter": folder / "archeo"}


#: pdfplumber's reading of each kit file this module opens, kept for the module: a
#: file (tiles.pdf above all) is parsed once, not once per test that reads it.  The
#: kits are the read-only folders of the ``kits`` fixture; no test changes a page.
_PARSED: dict[Path, pdfplumber.PDF] = {}


@pytest.fixture(scope="module", autouse=True)
def _parsed_once():
    yield
    for pdf in _PARSED.values():
        pdf.close()
    _PARSED.clear()


@contextlib.contextmanager
def _plumbed(path):
    """``with _plumbed(path) as pdf``: pdfplumber's PDF of the kit file ``path``,
    opened (and its pages parsed) once per module; closed when the module ends."""
    key = Path(path).resolve()
    if key not in _PARSED:
        _PARSED[key] = pdfplumber.open(key)
    yield _PARSED[key]


def _pages(path):
    with _plumbed(path) as pdf:
        return [(page_text(p), p) for p in pdf.pages]


def _trim_circles(page) -> list[tuple[float, float, float]]:
    """(x, top, r) pt of each token's trim circle on ``page`` (a curve as wide
    as tall, :data:`TOKEN_MM` across)."""
    out = []
    for cv in page.curves:
        w, h = cv["x1"] - cv["x0"], cv["bottom"] - cv["top"]
        if abs(to_mm(w) - TOKEN_MM) < TOL and abs(w - h) < 0.1:
            out.append(((cv["x0"] + cv["x1"]) / 2, (cv["top"] + cv["bottom"]) / 2, w / 2))
    return out


def _on_token(obj, circles) -> bool:
    x, y = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
    return any((x - cx) ** 2 + (y - cy) ** 2 < r * r for cx, cy, r in circles)


def _fronts_text(path, pieces: str = "all") -> str:
    """The fronts pages' text: of every piece, or only of the ``"tokens"``
    (inside a token's trim circle) or of the ``"others"``."""
    texts = []
    with _plumbed(path) as pdf:
        for p in pdf.pages:
            if "· backs" in page_text(p):
                continue
            if pieces != "all":
                circles = _trim_circles(p)
                keep = (lambda o: _on_token(o, circles)) if pieces == "tokens" else \
                    (lambda o: not _on_token(o, circles))
                p = p.filter(lambda o: o["object_type"] != "char" or keep(o))
            texts.append(page_text(p))
    return "\n".join(texts)


def test_files_and_paper_sizes(kits):
    names = {"rules-reference", "dig-site", "tiles", "shovel-cards", "fossil-boards", "archeo-kit"}
    for paper, (w, h) in (("a4", (210, 297)), ("letter", (215.9, 279.4))):
        assert {p.stem for p in kits[paper].glob("*.pdf")} == names
        for name in names:
            with _plumbed(kits[paper] / f"{name}.pdf") as pdf:
                for page in pdf.pages:
                    assert to_mm(page.width) == pytest.approx(w, abs=0.1)
                    assert to_mm(page.height) == pytest.approx(h, abs=0.1)
        with _plumbed(kits[paper] / "rules-reference.pdf") as pdf:
            assert len(pdf.pages) == 1


def test_tile_counts_from_pdf(kits):
    text = _fronts_text(kits["a4"] / "tiles.pdf", "others")
    n = lambda s: len(re.findall(rf"(?<![0-9A-Z]){re.escape(s)}(?![A-Z])", text))  # noqa: E731
    stones, hammers = n("1 STONE") + n("2 STONES"), n("1 HAMMER") + n("2 HAMMERS")
    pieces = sum(n(b.upper()) for b in BOARDS)
    kinds = stones + hammers + n("MAGNIFIER") + n("WHEELBARROW") + pieces
    assert kinds == EARTH == SAND + DIRT
    assert min(stones, hammers, n("MAGNIFIER"), n("WHEELBARROW"), pieces) > 0
    assert text.count("?") == DISCOVERY
    # one tile per board slot: the pieces printed on the tiles are the board's slots
    boards = _fronts_text(kits["a4"] / "fossil-boards.pdf")
    for b in BOARDS:
        assert boards.count(b.upper()) == 1


def test_cover_counts_tiles_and_tokens_apart(kits):
    """The tokens print in tiles.pdf (on the rows the tiles leave), yet the
    cover's "What is inside" counts each kind on its own row, as the rulebook
    does: 54 tiles, 9 tokens, 12 cards (11 shovel cards and the reference card)."""
    for paper in ("a4", "letter"):
        with _plumbed(kits[paper] / "archeo-kit.pdf") as pdf:
            page = pdf.pages[0]  # "What is inside", the left column (the print plan is on the right)
            lines = [ln["text"] for ln in page.crop((0, 0, page.width * 0.45, page.height)).extract_text_lines()]
        rows = {ln.split(" ", 1)[1]: int(ln.split(" ", 1)[0]) for ln in lines if re.match(r"\d+ [A-Z]", ln)}
        tiles = next(v for k, v in rows.items() if k.startswith("Tiles"))
        tokens = next(v for k, v in rows.items() if "tokens" in k)
        cards = next(v for k, v in rows.items() if k.startswith("Shovel cards"))
        assert (tiles, tokens, cards) == (SAND + DIRT + DISCOVERY, WHEELBARROWS + 1 + 2 + 1, SHOVEL_CARDS + 1), lines
        assert lines.count("tiles.pdf") == 2, lines


def test_tokens_share_the_tiles_last_sheet(kits):
    """Issue 24, leftovers that share a stock share a sheet: the 9 tokens
    (the rulebook's 5 wheelbarrows, 1 egg, 2 cracked eggs, 1 stone token) sit
    on fronts pages of tiles.pdf that hold tiles too — no sheet of tokens alone."""
    for paper in ("a4", "letter"):
        tokens = 0
        with _plumbed(kits[paper] / "tiles.pdf") as pdf:
            for page in pdf.pages:
                circles = _trim_circles(page)
                if not circles or "· backs" in page_text(page):
                    continue
                tokens += len(circles)
                tile_words = [ch for ch in page.chars if ch["text"].isalpha() and not _on_token(ch, circles)
                              and ch["size"] >= 7.5]  # tile captions (the footer is 7 pt)
                assert tile_words, (paper, "a sheet of tokens alone")
        assert tokens == WHEELBARROWS + 1 + 2 + 1, paper


def test_tile_backs_by_layer(kits):
    """Backs pages show the layer colours: as many sand, dirt and discovery
    backs as the rulebook's tiles, measured as the colour at each back's centre."""
    import pypdfium2 as pdfium

    theme = load_theme("classic")
    want = {theme.hex(r, "archeo"): r for r in ("sand", "dirt", "discovery")}
    pdf = pdfium.PdfDocument(str(kits["a4"] / "tiles.pdf"))
    with _plumbed(kits["a4"] / "tiles.pdf") as plumb:
        seen = Counter()
        for i, page in enumerate(plumb.pages):
            if "· backs" not in page_text(page):
                continue
            image = pdf[i].render(scale=1).to_pil().convert("RGB")
            # trim lines: the crop marks' positions
            marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 1e-3]  # crop marks are hairlines
            xs = sorted({round(ln["x0"], 1) for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["top"] < mm(12)})
            ys = sorted({round(ln["top"], 1) for ln in marks if abs(ln["top"] - ln["bottom"]) < 0.01})
            cells = [(x0, x1) for x0, x1 in zip(xs, xs[1:]) if abs(to_mm(x1 - x0) - 34) < TOL]
            rows = [(y0, y1) for y0, y1 in zip(ys, ys[1:]) if abs(to_mm(y1 - y0) - 34) < TOL]
            for x0, x1 in cells:
                for y0, y1 in rows:
                    # points 5 mm in from the corners (past a neighbour's bleed): the back's ground
                    votes = Counter()
                    for fx, fy in ((0, 0), (1, 0), (0, 1), (1, 1)):
                        px = image.getpixel((int(x0 + mm(5) + fx * (x1 - x0 - mm(10))),
                                             int(y0 + mm(5) + fy * (y1 - y0 - mm(10)))))
                        dist = {h: sum(abs(int(h[k:k + 2], 16) - v) for k, v in zip((1, 3, 5), px)) for h in want}
                        best = min(dist, key=dist.get)
                        if dist[best] < 40:
                            votes[want[best]] += 1
                    if votes and votes.most_common(1)[0][1] >= 3:
                        seen[votes.most_common(1)[0][0]] += 1
    assert seen == {"sand": SAND, "dirt": DIRT, "discovery": DISCOVERY}


def test_card_and_token_counts_from_pdf(kits):
    cards = _fronts_text(kits["a4"] / "shovel-cards.pdf")
    # the word at both ends, the far one turned (extracted backwards)
    assert len(re.findall(r"SHOVEL(?! CARDS)", cards)) == len(re.findall("LEVOHS", cards)) == SHOVEL_CARDS
    # reference card: the rulebook's table, solo included (label ↔ big number on the same row)
    with _plumbed(kits["a4"] / "shovel-cards.pdf") as pdf:
        page = next(p for p in pdf.pages if "SHOVEL CARDS" in page_text(p))
        words = page.extract_words(extra_attrs=["size"])
    big = [(float(w["text"]), (w["top"] + w["bottom"]) / 2) for w in words if w["size"] >= 20 and w["text"].isdigit()]
    labels = [(words[i - 1]["text"] if w["text"] == "players" else "1", (w["top"] + w["bottom"]) / 2)
              for i, w in enumerate(words) if w["text"] in ("players", "Solo") and w["size"] < 20]
    table = {int(k): int(min(big, key=lambda b: abs(b[1] - y))[0]) for k, y in labels}
    assert table == {1: SOLO_SHOVELS, **SHOVELS_BY_PLAYERS}
    assert min(size for _, size in ((w["text"], w["size"]) for w in words)) >= 7
    tokens = _fronts_text(kits["a4"] / "tiles.pdf", "tokens")  # on the tiles' last sheet
    # WHEELBARROW breaks as WHEEL- / BARROW to fit inside the ring (test_archeo_token_labels.py)
    assert tokens.count("WHEEL-") == tokens.count("BARROW") == WHEELBARROWS
    # "CRACKED EGG" sets on two lines inside the ring (a word a line)
    assert tokens.count("CRACKED") == 2 and tokens.count("EGG") == 3 and tokens.count("STONES") == 1
    backs = "\n".join(t for t, _ in _pages(kits["a4"] / "shovel-cards.pdf") if "· backs" in t)
    assert len(re.findall("BROKEN", backs)) == len(re.findall("NEKORB", backs)) == SHOVEL_CARDS
    for words in ("right track", "good path", "Very impressive", "10 stars"):
        assert words in backs


def _card_centres(page) -> dict[str, tuple[float, float]]:
    """Card number → centre of the card, from the two copies of its number
    (upright at the top-left, turned at the bottom-right: their midpoint is
    the card's centre)."""
    found: dict[str, list[tuple[float, float]]] = {}
    for w in page.extract_words(keep_blank_chars=False, extra_attrs=["size"]):
        if abs(w["size"] - 9) < 0.01 and re.fullmatch(r"\d+", w["text"][::-1]) or (
                abs(w["size"] - 9) < 0.01 and re.fullmatch(r"\d+", w["text"])):
            text = w["text"] if w["upright"] and w["x0"] < w["x1"] else w["text"]
            found.setdefault(text, []).append(((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2))
    return found


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_shovel_card_sides_align_in_duplex(duplex):
    """Each card's broken side lands behind its own shovel side: on the backs
    page the card numbered n sits where the printer puts the back of the front
    card n (long edge: columns mirrored; short edge: rows mirrored)."""
    from printkit.games.archeo.kit import card_components
    from printkit.games.archeo.data import load_rules

    theme = load_theme("classic")
    cards = ComponentSet("c", "c", "card", card_components(load_rules(), theme))
    data, pages = render_set(cards, paper=get_paper("a4"), theme=theme, bleed=mm(3), duplex=duplex)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        W, H = float(pdf.pages[0].width), float(pdf.pages[0].height)
        matched = 0
        for i in range(0, pages, 2):
            fronts = _centres(pdf.pages[i])
            backs = _centres(pdf.pages[i + 1])
            assert set(fronts) == set(backs)
            for n, (x, y) in fronts.items():
                ex, ey = (W - x, y) if duplex == "long" else (x, H - y)
                bx, by = backs[n]
                assert to_mm(abs(ex - bx)) < TOL and to_mm(abs(ey - by)) < TOL, (n, duplex)
                matched += 1
    assert matched == SHOVEL_CARDS


def _centres(page) -> dict[str, tuple[float, float]]:
    chars = [ch for ch in page.chars if abs(ch["size"] - 9) < 0.01 and ch["text"].isdigit()]
    # group the digits of each number: characters closer than 8 pt belong together
    groups: list[list[dict]] = []
    for ch in sorted(chars, key=lambda c: (round(c["top"]), c["x0"])):
        for g in groups:
            if abs(g[-1]["top"] - ch["top"]) < 2 and abs(g[-1]["x0"] - ch["x0"]) < 8:
                g.append(ch)
                break
        else:
            groups.append([ch])
    numbers: dict[str, list[tuple[float, float]]] = {}
    for g in groups:
        turned = g[0]["matrix"][0] < 0
        digits = sorted(g, key=lambda c: c["x0"], reverse=turned)
        text = "".join(c["text"] for c in digits)
        x = sum((c["x0"] + c["x1"]) / 2 for c in g) / len(g)
        y = sum(page.height - (c["top"] + c["bottom"]) / 2 for c in g) / len(g)
        numbers.setdefault(text, []).append((x, y))
    out = {}
    for n, pts in numbers.items():
        assert len(pts) == 2, (n, pts)  # upright at one end, turned at the other
        out[n] = ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
    return out


def _stars(path, colour: str, fronts_only=True, tokens_only=False) -> int:
    """Five-pointed stars drawn in ``colour`` (closed 10-corner paths);
    ``tokens_only``: those on a token (inside its trim circle)."""
    rgb = tuple(int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    n = 0
    with _plumbed(path) as pdf:
        for page in pdf.pages:
            if fronts_only and "· backs" in page_text(page):
                continue
            circles = _trim_circles(page)
            for cv in page.curves:
                if tokens_only and not _on_token(cv, circles):
                    continue
                fill = cv.get("non_stroking_color")
                if cv.get("fill") and fill and len(fill) == 3 and all(abs(a - b) < 0.01 for a, b in zip(fill, rgb)) \
                        and len({(round(x, 1), round(y, 1)) for x, y in cv["pts"]}) == 10:
                    n += 1
    return n


def test_stars_on_boards_and_egg(kits):
    star = load_theme("classic").hex("star", "archeo")
    on_boards = _stars(kits["a4"] / "fossil-boards.pdf", star)
    on_tokens = _stars(kits["a4"] / "tiles.pdf", star, tokens_only=True)
    assert on_boards == BOARD_STARS
    assert on_tokens == EGG_STARS
    assert on_boards + on_tokens == ALL_STARS


def test_dig_site_layers_hold_the_tiles(kits):
    """The dig site's layer frames, measured: square frames whose sides are
    whole numbers of tiles (the tile side measured on tiles.pdf), each half a
    tile inside the one above; their tiles by colour are the rulebook's
    counts; every tile below lies under parts of several tiles above."""
    theme = load_theme("classic")
    with _plumbed(kits["a4"] / "tiles.pdf") as pdf:
        xs = sorted({round(l["x0"], 2) for l in pdf.pages[0].lines if abs(l["x0"] - l["x1"]) < 0.01
                     and l["top"] < mm(12)})
    tile = Counter(round(b - a, 1) for a, b in zip(xs, xs[1:])).most_common(1)[0][0]
    assert to_mm(tile) == pytest.approx(34, abs=TOL)
    with _plumbed(kits["a4"] / "dig-site.pdf") as pdf:
        rects = pdf.pages[0].rects
    frames = sorted((r for r in rects if r["width"] > 1.5 * tile and abs(r["width"] - r["height"]) < 0.5
                     and abs(r["width"] / tile - round(r["width"] / tile)) < 0.02 and r.get("fill")),
                    key=lambda r: -r["width"])
    grids = [round(r["width"] / tile) for r in frames]
    assert grids == [5, 4, 3, 2]
    for upper, lower in zip(frames, frames[1:]):
        assert lower["x0"] - upper["x0"] == pytest.approx(tile / 2, abs=0.5)
        assert lower["top"] - upper["top"] == pytest.approx(tile / 2, abs=0.5)
    hexes = ["#%02x%02x%02x" % tuple(round(v * 255) for v in r["non_stroking_color"]) for r in frames]
    sand, dirt, disc = (theme.hex(k, "archeo") for k in ("sand", "dirt", "discovery"))
    assert hexes[0] == sand and hexes[1] == dirt and hexes[3] == disc
    assert hexes[2] not in (sand, disc)  # the second dirt layer: a shade of dirt
    counts = [g * g for g in grids]
    assert counts[0] == SAND and counts[1] + counts[2] == DIRT and counts[3] == DISCOVERY

    def tiles_of(r, g):
        return [(r["x0"] + i * tile, r["top"] + j * tile) for i in range(g) for j in range(g)]

    for upper, lower, gu, gl in zip(frames, frames[1:], grids, grids[1:]):
        ups = tiles_of(upper, gu)
        for lx, ly in tiles_of(lower, gl):
            over = [(ux, uy) for ux, uy in ups if abs(ux - lx) < tile - 0.5 and abs(uy - ly) < tile - 0.5]
            assert len(over) >= 2  # a tile below is under parts of several tiles above
            assert all(abs(ux - lx) > 1 or abs(uy - ly) > 1 for ux, uy in over)  # never exactly under one
    with _plumbed(kits["a4"] / "dig-site.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    for n in (SAND, 16, 9, DISCOVERY):
        assert f"{n} tiles" in text
    assert "4 compartments" in text


def test_faces_drawn_once(kits):
    """Each distinct face is one form XObject: the tiles' fronts page holds no
    more forms than distinct faces on it."""
    from pypdf import PdfReader

    reader = PdfReader(kits["a4"] / "tiles.pdf")
    for page in reader.pages:
        forms = page["/Resources"].get("/XObject", {})
        assert len(forms) <= 25


def test_preflight_finds_nothing(kits):
    for paper in ("a4", "letter"):
        r = subprocess.run([sys.executable, "-m", "printkit", "check", *map(str, sorted(kits[paper].glob("*.pdf")))],
                           capture_output=True, text=True, cwd=ROOT, timeout=120,
                           env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert r.returncode == 0, r.stdout + r.stderr


def test_inksaver_theme_builds(tmp_path):
    opts = BuildOptions(paper=get_paper("universal"), theme=load_theme("inksaver"), bleed=mm(3), duplex="none")
    result = build(["archeo"], opts, tmp_path)
    assert len(result.files["archeo"]) == 6  # five parts (the tokens print in tiles.pdf) and the kit


# -- hostile --rules files ---------------------------------------------------------------


BUNDLED = (ROOT / "rules" / "archeo.toml").read_text(encoding="utf-8")

HOSTILE = {
    "wrong type": BUNDLED.replace("cards = 11", 'cards = "eleven"'),
    "bool count": BUNDLED.replace("tokens = 5", "tokens = true"),
    "missing key": BUNDLED.replace("egg_stars = 2\n", ""),
    "unknown key": BUNDLED.replace("[sizes]\n", "[sizes]\ntile_size = 30\n"),
    "unknown table": BUNDLED + "\n[bonus]\nx = 1\nsource = \"assumed: x\"\n",
    "star total off": BUNDLED.replace("slots = { head = 1, frill = 1,", "slots = { head = 3, frill = 1,"),
    "piece twice": BUNDLED.replace('"triceratops.body", "triceratops.tail"', '"triceratops.body", "triceratops.body"'),
    "layer not a table": BUNDLED.replace("[[layout.layers]]\nid = \"sand\"", "[[layout.layers]]\nid = 5"),
    "table for number": BUNDLED.replace("tile = 34", "tile = { mm = 34 }"),
    "huge": BUNDLED.replace("stones_1 = 5", "stones_1 = 99999999999999999"),
    "band gap": BUNDLED.replace("min = 4", "min = 5"),
    "faces sum": BUNDLED.replace("magnifier = 3", "magnifier = 4"),
    "not toml": "[game\ntitle = ",
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_rules_one_line_exit_1(tmp_path, case):
    (tmp_path / "archeo.toml").write_text(HOSTILE[case], encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "printkit", "build", "archeo", "--rules", str(tmp_path), "--out",
                        str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT, timeout=120,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 1, (case, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, (case, r.stderr)
    assert "archeo.toml" in lines[0] and "Traceback" not in r.stderr
    assert not (tmp_path / "out" / "archeo").exists()


def test_custom_slot_names_are_accepted(tmp_path):
    """A rules file may rename pieces (the game file format's own example)."""
    from printkit.games.archeo.data import load_rules

    text = BUNDLED.replace("slots = { spiral = 0, shell = 1 }", "slots = { coil = 0, shell = 1 }") \
        .replace('"ammonite.spiral"', '"ammonite.coil"')
    (tmp_path / "archeo.toml").write_text(text, encoding="utf-8")
    assert list(load_rules(tmp_path / "archeo.toml").boards["ammonite"].slots) == ["coil", "shell"]


# -- the layers tell apart without colour (measured on pixels) -----------------------------

#: Bundled themes whose layers (tile backs) must be told apart.
LAYER_THEMES = ("classic", "inksaver", "highcontrast")
LAYER_DPI = 60
#: Share of a tile back's pixels whose black-and-white mask must differ between
#: two layers whose colours do not (colour_checks.symbol_difference, after
#: lightness steps under 10 L* are flattened into the back's ground).  Measured
#: at 60 dpi: two backs of one layer differ by 0 (the same artwork); pale
#: speckles within 10 L* of their ground flatten away (0); the layers' visible
#: texture and marks move 4–60 %.  2 %, the threshold of the Bone tokens, holds.
LAYER_SYMBOL_MIN = 0.02


def _placed_forms(reader, page):
    """(form name, x, y) of every form XObject drawn on ``page``: its origin
    (the face's trim corner) under the current matrix, read from the content stream."""
    from pypdf.generic import ContentStream

    ctm, stack, out = (1, 0, 0, 1, 0, 0), [], []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"Do":
            out.append((str(operands[0]), ctm))
    return out


@pytest.fixture(scope="module")
def layer_backs(tmp_path_factory):
    """theme → {"discovery": pixels, "A": pixels, "B": pixels}: one tile back
    of each layer, cut from the rendered backs pages at its trim (inset 2 mm).
    Layers are told apart without their colour: backs drawn from the same
    form XObject are the same artwork; the two commonest artworks are the plain
    sand and dirt backs (25 tiles each, the bone hints aside), the one whose
    backs carry a "?" (pdfium's text layer: the glyph's box starts inside the
    tile's trim) is the discovery layer."""
    import shutil as _shutil

    import numpy as np
    import pypdfium2 as pdfium
    from PIL import Image
    from pypdf import PdfReader
    from pypdfium2 import raw

    from colour_checks import rasterise

    if _shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils not installed")
    from printkit.build import render_part
    from printkit.games.archeo.kit import parts

    out = {}
    side = mm(34)
    for name in LAYER_THEMES:
        folder = tmp_path_factory.mktemp(f"layers-{name}")
        opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(name), bleed=mm(3))
        tiles = next(p for p in parts(opts) if p.name == "tiles")
        pdf = folder / "tiles.pdf"
        pdf.write_bytes(render_part(tiles, opts, "Archéo", [])[0])
        reader = PdfReader(pdf)
        k = LAYER_DPI / 72
        backs: dict[str, list] = {}
        question = set()
        doc = pdfium.PdfDocument(str(pdf))
        try:
            for i, rpage in enumerate(reader.pages):
                # the page's characters as pdfium reads them (the art's forms included; pdfium's
                # text layer, not pdfplumber's: it reads a page in C, pdfplumber in Python)
                text = doc[i].get_textpage()
                try:
                    chars = [(chr(raw.FPDFText_GetUnicode(text.raw, k)), k) for k in range(text.count_chars())]
                    if "backs" not in "".join(c for c, _ in chars):  # the footer: "… · backs …"
                        continue
                    # (x, y) pt, PDF space: the left and bottom of each "?" glyph's box
                    marks = [text.get_charbox(k)[:2] for c, k in chars if c == "?"]
                finally:
                    text.close()
                png = rasterise(pdf, folder / f"p{i}", dpi=LAYER_DPI, first=i + 1, last=i + 1)[0]
                img = np.asarray(Image.open(png).convert("RGB"))
                height = float(rpage.mediabox.height)
                xobjects = rpage["/Resources"].get("/XObject", {})
                for form, (a, b, c, d, e, f) in _placed_forms(reader, rpage):
                    box = [float(v) for v in xobjects[form]["/BBox"]] if form in xobjects else None
                    if box is None or abs((box[2] - box[0]) - side - 2 * mm(3)) > 1:
                        continue  # not a tile (the tokens on the last sheet): a tile is 34 mm plus its bleed
                    # the trim square, whichever way the back is turned
                    xs, ys = (e, e + a * side + c * side), (f, f + b * side + d * side)
                    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
                    if abs((x1 - x0) - side) > 1:
                        continue
                    inset = mm(2)
                    crop = img[int((height - y1 + inset) * k):int((height - y0 - inset) * k),
                               int((x0 + inset) * k):int((x1 - inset) * k)]
                    backs.setdefault(form, []).append(crop)
                    if any(x0 < x < x1 and y0 < y < y1 for x, y in marks):
                        question.add(form)
        finally:
            doc.close()
        common = sorted((f for f in backs if f not in question), key=lambda f: -len(backs[f]))
        assert len(question) == 1 and len(backs[common[1]]) >= 20, (name, {f: len(v) for f, v in backs.items()})
        out[name] = {"discovery": backs[next(iter(question))], "A": backs[common[0]], "B": backs[common[1]]}
    return out


def _marks_differ(a, b):
    """symbol_difference of two backs as a greyscale print shows them: each
    pixel within 10 L* (MIN_DELTA_E) of its back's ground (the commonest
    lightness) flattened into it, so only marks that show are compared."""
    import numpy as np
    from PIL import Image

    from colour_checks import MIN_DELTA_E, symbol_difference

    h, w = min(len(a), len(b)), min(len(a[0]), len(b[0]))
    grey = []
    for pixels in (a, b):
        light = lightness(pixels[:h, :w])
        values, counts = np.unique(np.round(light), return_counts=True)
        ground = values[counts.argmax()]
        light[np.abs(light - ground) < MIN_DELTA_E] = ground
        grey.append(Image.fromarray(np.clip(light * 2.55, 0, 255).astype(np.uint8)))
    return symbol_difference(*grey)


def _mean(pixels):
    return tuple(float(v) for v in pixels.reshape(-1, 3).mean(axis=0))


@pytest.mark.parametrize("name", LAYER_THEMES)
def test_layers_tell_apart_without_colour(layer_backs, name):
    """Sand, dirt and discovery backs: each pair differs by CIEDE2000 ≥ 10 in
    greyscale and under simulated deuteranomaly, protanomaly and tritanomaly
    (mean colours of the backs), or by marks that survive a greyscale print."""
    from colour_checks import MIN_DELTA_E, worst_delta_e

    layers = layer_backs[name]
    bad = []
    for p, q in (("A", "B"), ("A", "discovery"), ("B", "discovery")):
        a, b = layers[p][0], layers[q][0]
        de, where = worst_delta_e(_mean(a), _mean(b))
        sym = _marks_differ(a, b)
        if de < MIN_DELTA_E and sym < LAYER_SYMBOL_MIN:
            bad.append((p, q, round(de, 1), where, round(sym, 4)))
    assert not bad, f"{name}: layers told apart by neither colour nor marks: {bad}"


@pytest.mark.parametrize("name", LAYER_THEMES)
def test_backs_of_one_layer_measure_as_alike(layer_backs, name):
    """The control: two backs of one layer fall below both thresholds."""
    from colour_checks import MIN_DELTA_E, worst_delta_e

    for layer, backs in layer_backs[name].items():
        a, b = backs[0], backs[-1]
        assert worst_delta_e(_mean(a), _mean(b))[0] < MIN_DELTA_E, layer
        assert _marks_differ(a, b) < LAYER_SYMBOL_MIN / 2, layer

"""Kit covers (issue 15): title art, players and playing time, and a print plan
whose page ranges are the real page ranges of the kit PDF.

Every game is built on A4 and Letter, duplex long and none (one ``build all`` per
combination, once per session).  The oracle reads the written files, not the
cover code: each kit page is matched to the part file holding a page with the
same text; a page with no text and no drawing is the blank back of the page
before it; a part has backs when its pages carry the engine's "· backs" label.
"""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printkit import RULES_DIR
from printkit.build import BuildOptions, build, load_game
from printkit.paper import get_paper
from printkit.registry import game_ids
from printkit.theme import load_theme
from printkit.units import mm, to_mm

GAMES = game_ids()
CONFIGS = [("a4", "long"), ("a4", "none"), ("letter", "long"), ("letter", "none")]


class _Builds(dict):
    """{(paper, duplex): output folder}: ``build all`` once per combination, when first
    asked; duplex long is the session's shared classic build (conftest ``themed_kits``)."""

    def __init__(self, factory, themed_kits):
        super().__init__()
        self.factory = factory
        self.themed_kits = themed_kits

    def __missing__(self, key):
        paper, duplex = key
        if duplex == "long":
            self[key] = self.themed_kits("classic", paper)
            return self[key]
        folder = self.factory.mktemp(f"covers-{paper}-{duplex}")
        build(["all"], BuildOptions(paper=get_paper(paper), theme=load_theme("classic"), duplex=duplex,
                                    bleed=mm(3)), folder)
        self[key] = folder
        return folder


@pytest.fixture(scope="session")
def covers_built(tmp_path_factory, themed_kits):
    return _Builds(tmp_path_factory, themed_kits)


def _page_text(page) -> str:
    """A pdfium page's text, stripped."""
    tp = page.get_textpage()
    try:
        return tp.get_text_range().strip()
    finally:
        tp.close()


def _texts(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [_page_text(doc[i]) for i in range(len(doc))]
    finally:
        doc.close()


def _blank(page) -> bool:
    """No text and nothing drawn (pdfium page)."""
    return not _page_text(page) and pdfium.raw.FPDFPage_CountObjects(page.raw) == 0


def real_ranges(folder: Path, game: str) -> tuple[list[tuple[str, int, int, bool]], int]:
    """([(part file stem, first page, last page, has backs)], kit pages) from the files."""
    kit = pdfium.PdfDocument(str(folder / game / f"{game}-kit.pdf"))
    owner: dict[str, str] = {}
    backs: dict[str, bool] = {}
    for f in sorted((folder / game).glob("*.pdf")):
        if f.name == f"{game}-kit.pdf":
            continue
        texts = _texts(f)
        backs[f.stem] = any("· backs" in t for t in texts)
        for t in texts:
            assert t, f"{f.name}: a part page with no text"
            owner.setdefault(t, f.stem)
    runs: list[list] = []
    for n in range(1, len(kit) + 1):
        page = kit[n - 1]
        if n == 1:
            runs.append(["(cover)", 1, 1])
            continue
        if _blank(page):
            runs[-1][2] = n  # the blank back of the page before
            continue
        stem = owner[_page_text(page)]
        if runs[-1][0] == stem:
            runs[-1][2] = n
        else:
            assert stem not in [r[0] for r in runs], f"{stem} appears twice in the kit"
            runs.append([stem, n, n])
    total = len(kit)
    kit.close()
    return [(s, a, b, backs.get(s, False)) for s, a, b in runs], total


_SIDES = ("double-sided", "single-sided", "fronts and backs")


def printed_plan(cover_pdf: Path) -> list[tuple[int, int, str, str]]:
    """The cover's print plan as (first, last, stock, sides), read from the PDF text
    under the "Print plan" heading."""
    page = pdfplumber.open(str(cover_pdf)).pages[0]
    words = page.extract_words()
    head = next(w for i, w in enumerate(words) if w["text"] == "Print" and words[i + 1]["text"] == "plan")
    stop = next(w for w in words if w["text"] == "PAPER")
    text = page.crop((head["x0"] - 1, head["bottom"], page.width, stop["top"] - 1)).extract_text()
    rows = []
    block: list[str] = []
    for line in text.splitlines() + ["Page"]:
        start = re.match(r"Pages? (?!numbers)", line + " ")
        if start and block and not block[0].startswith("Page"):
            block = []  # the heading
        if start and block:
            first = block[0].split(" ", 1)
            rng = next(x for x in block if re.fullmatch(r"\d+(–\d+)?", x))
            sides = next(x for x in block if x.startswith(_SIDES))
            stock = " ".join([first[1] if len(first) > 1 else ""] +
                             [x for x in block[1:] if x not in (rng, sides) and not x.startswith("Page numbers")])
            a, _, b = rng.partition("–")
            rows.append((int(a), int(b or a), " ".join(stock.split()), sides))
            block = []
        block.append(line)
    return rows


@pytest.mark.parametrize("paper,duplex", CONFIGS)
@pytest.mark.parametrize("game", GAMES)
def test_print_plan_is_the_real_page_ranges(covers_built, game, paper, duplex):
    folder = covers_built[paper, duplex]
    plan = printed_plan(folder / game / f"{game}-kit.pdf")
    parts, total = real_ranges(folder, game)
    # the plan's ranges tile the whole kit, in order
    assert plan[0][0] == 1 and plan[-1][1] == total, (plan, total)
    assert all(b[0] == a[1] + 1 for a, b in zip(plan, plan[1:])), plan
    # every real part lies inside one range, and every range boundary is a part boundary
    stocks = {p.name: p.stock for p in load_game(game).parts(
        BuildOptions(paper=get_paper(paper), theme=load_theme("classic"), duplex=duplex))}
    for stem, a, b, has_backs in parts:
        row = [r for r in plan if r[0] <= a and b <= r[1]]
        assert len(row) == 1, (stem, a, b, plan)
        first, last, stock, sides = row[0]
        if stem == "(cover)":
            assert (b == 2) == (duplex == "long")  # the cover's blank back when duplex
            continue
        assert stocks[stem].startswith(stock), (stem, stocks[stem], stock)
        if duplex == "long":
            assert sides == ("double-sided, flip on long edge" if has_backs else "single-sided (blank backs included)")
        else:
            assert sides.startswith("fronts and backs" if has_backs else "single-sided"), (stem, sides)
    edges = {a for _, a, _, _ in parts}
    assert {r[0] for r in plan} <= edges and {r[1] + 1 for r in plan} <= edges | {total + 1}
    # consecutive ranges differ (else they would have been merged)
    assert all((a[2], a[3]) != (b[2], b[3]) for a, b in zip(plan, plan[1:])), plan


@pytest.mark.parametrize("game", GAMES)
def test_cover_shows_players_and_playing_time(covers_built, game):
    data = tomllib.loads((RULES_DIR / f"{game}.toml").read_text(encoding="utf-8"))
    lo, hi = data["players"]["min"], data["players"]["max"]
    tlo, thi = data["playtime"]["min"], data["playtime"]["max"]
    assert data["playtime"]["source"].startswith(("rulebook:", "assumed:"))
    for paper in ("a4", "letter"):
        text = " ".join(_texts(covers_built[paper, "long"] / game / f"{game}-kit.pdf")[0].split())
        assert f"For {lo} to {hi} players" in text
        assert f"about {tlo}–{thi} minutes" in text
        assert data["game"]["title"] in text


@pytest.mark.parametrize("paper,duplex", CONFIGS)
def test_cover_type_and_margins(covers_built, paper, duplex):
    """One page; no character under 7 pt; nothing — text or ink — in the 5 mm edge."""
    import pypdfium2 as pdfium

    margin = mm(5)
    for game in GAMES:
        path = covers_built[paper, duplex] / game / f"{game}-kit.pdf"
        page = pdfplumber.open(str(path)).pages[0]
        assert page.chars
        small = [c["text"] for c in page.chars if c["size"] < 7 - 1e-6]
        assert not small, (game, paper, "".join(small)[:60])
        for c in page.chars:
            assert margin - 0.01 <= c["x0"] and c["x1"] <= page.width - margin + 0.01, (game, c["text"])
            assert margin - 0.01 <= c["top"] and c["bottom"] <= page.height - margin + 0.01, (game, c["text"])
        for key in ("What is inside", "Print plan", "Check the 50 mm bar", "Cutting", "50 mm", "2 in"):
            assert key in page.extract_text(), (game, key)
        # pixels: the 5 mm edge is paper white
        doc = pdfium.PdfDocument(str(path))
        scale = 72 / 72  # 72 dpi: 1 px per pt
        img = doc[0].render(scale=scale).to_pil().convert("L")
        w, h = img.size
        e = int(margin * scale) - 1
        for box in ((0, 0, w, e), (0, h - e, w, h), (0, 0, e, h), (w - e, 0, w, h)):
            assert img.crop(box).getextrema()[0] >= 250, (game, paper, box)
        doc.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cover_scale_bars(covers_built, paper):
    """The 50 mm check bar, and the footer's 50 mm and 2 in bars as on every sheet."""
    for game in GAMES:
        with pdfplumber.open(str(covers_built[paper, "long"] / game / f"{game}-kit.pdf")) as pdf:
            rects = pdf.pages[0].rects
        thin = {round(to_mm(r["width"]), 2) for r in rects if to_mm(r["height"]) < 2}
        assert {50.0, 50.8} <= thin, game
        assert any(abs(to_mm(r["width"]) - 50) < 0.01 and to_mm(r["height"]) >= 4 for r in rects), game


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_title_art_is_drawn(covers_built, paper):
    """The top of the cover (under the margin, above the title) holds many colours."""
    import pypdfium2 as pdfium

    for game in GAMES:
        path = covers_built[paper, "long"] / game / f"{game}-kit.pdf"
        doc = pdfium.PdfDocument(str(path))
        img = doc[0].render(scale=1).to_pil().convert("RGB")
        doc.close()
        w, _ = img.size
        art = img.crop((int(mm(12)), int(mm(12)), w - int(mm(12)), int(mm(45))))
        colours = art.getcolors(maxcolors=1 << 16) or []
        big = [n for n, _ in colours if n > art.size[0] * art.size[1] * 0.004]
        assert len(big) >= 5, (game, paper, len(big))


def test_cover_is_deterministic_and_needs_every_key():
    from printkit import PrintkitError
    from printkit.render.cover import cover_pdf

    theme = load_theme("classic")
    summary = [{"title": "Cards", "file": "cards.pdf", "count": 9, "pages": 2, "stock": "card", "backs": True}]
    kw = dict(title="T", tagline="t", players=(2, 4), minutes=(10, 20), paper=get_paper("universal"),
              duplex="short", theme=theme)
    assert cover_pdf(summary=summary, **kw) == cover_pdf(summary=summary, **kw)
    with pytest.raises(PrintkitError, match="lacks backs"):
        cover_pdf(summary=[{k: v for k, v in summary[0].items() if k != "backs"}], **kw)
    with pytest.raises(PrintkitError, match="duplex"):
        cover_pdf(summary=summary, **{**kw, "duplex": "sideways"})


def test_cover_lists_each_kind_a_part_holds():
    """A part printing two kinds of piece on one stock (``contents``) gets a
    row per kind on the cover, each with its own count and the one file;
    malformed ``contents`` is one clear error."""
    from printkit import PrintkitError
    from printkit.render.cover import cover_pdf

    kw = dict(title="T", tagline="t", players=(2, 4), minutes=(10, 20), paper=get_paper("a4"), duplex="long",
              theme=load_theme("classic"))
    part = {"title": "Tiles and tokens", "file": "tiles.pdf", "count": 63, "pages": 4, "stock": "card",
            "backs": True, "contents": [[54, "Tiles of three layers"], [9, "Round tokens"]]}
    def left_column(pdf: bytes) -> list[str]:  # "What is inside" (the print plan is on the right)
        page = pdfplumber.open(io.BytesIO(pdf)).pages[0]
        return [ln["text"] for ln in page.crop((0, 0, page.width * 0.45, page.height)).extract_text_lines()]

    lines = left_column(cover_pdf(summary=[part], **kw))
    assert "54 Tiles of three layers" in lines and "9 Round tokens" in lines, lines
    assert lines.count("tiles.pdf") == 2 and not any("63" in ln or "Tiles and tokens" in ln for ln in lines)
    plain = {k: v for k, v in part.items() if k != "contents"}
    lines = left_column(cover_pdf(summary=[plain], **kw))
    assert "63 Tiles and tokens" in lines
    with pytest.raises(PrintkitError, match=r"part 1: contents must be \[count, title\] pairs"):
        cover_pdf(summary=[{**part, "contents": [[54]]}], **kw)


def test_universal_cover_fits_every_game():
    """Universal paper (A4 width, Letter height): the cover is one page inside the box."""
    from printkit.render.cover import cover_pdf

    theme = load_theme("classic")
    paper = get_paper("universal")
    for game in GAMES:
        kit = load_game(game)
        opts = BuildOptions(paper=paper, theme=theme, duplex="short")
        summary = [{"title": p.title, "file": f"{p.name}.pdf", "count": p.count, "pages": 2, "stock": p.stock,
                    "backs": p.components is not None} for p in kit.parts(opts)]
        pdf = kit.cover(summary, opts)
        page = pdfplumber.open(io.BytesIO(pdf)).pages[0]
        assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
        assert min(c["size"] for c in page.chars) >= 7 - 1e-6
        assert min(c["top"] for c in page.chars) >= mm(5) and max(c["bottom"] for c in page.chars) <= page.height - mm(5)
        assert "flip on short edge" in page.extract_text()
        assert cover_pdf  # the engine renderer the games call


@pytest.mark.parametrize("game", game_ids())
def test_whole_kit_printed_duplex_puts_every_back_behind_its_front(built_all, game):
    """Printing the whole kit PDF double-sided (the default, long edge), page
    n + 1 lands on the back of page n for odd n.  Read from the pages' own
    footers: every "· backs" page is even and follows its "· fronts" page of
    the same sheet, and every other sheet page (fronts, or one-sided) is odd."""
    pdf = pdfium.PdfDocument(str(built_all / game / f"{game}-kit.pdf"))
    try:
        texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    finally:
        pdf.close()
    wrong = []
    for n, text in enumerate(texts, start=1):
        m = re.search(r"sheet (\d+)/(\d+)( · (fronts|backs|back left blank))?", text)
        if not m:
            continue
        if m.group(4) in ("backs", "back left blank"):
            front = " · fronts" if m.group(4) == "backs" else r"(?! · )"
            before = re.search(rf"sheet (\d+)/(\d+){front}", texts[n - 2]) if n > 1 else None
            if n % 2 or not before or before.group(1, 2) != m.group(1, 2):
                wrong.append((n, "backs"))
        elif n % 2 == 0:
            wrong.append((n, m.group(4) or "one-sided"))
    assert not wrong, f"{game}: pages that print on the wrong side: {wrong}"

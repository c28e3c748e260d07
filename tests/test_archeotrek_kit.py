"""The ArchéoTREK kit as a user builds it, measured in the PDFs."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest

from colour_checks import lightness
from pypdf import PdfReader

from printkit.build import BuildOptions, build
from printkit.games.archeotrek.data import load_rules
from printkit.paper import get_paper
from printkit.units import mm, to_mm

from conftest import pdf_pages, pdfium_page_texts

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
        "archeotrek-kit.pdf", "dig-site-sheets.pdf",
        "rules-reference.pdf", "tokens.pdf",
    ])


def _cut_circles(page):
    return [c for c in page.curves if abs(c["linewidth"] - 0.25) < 1e-6]


def _page_texts(path) -> list[str]:
    """Each page's text, read by pdfium: the pages test_kit_token_counts_match_rules
    picks by their footer label are those pdfplumber's ``extract_text`` picks (checked
    on the kit in all three bundled themes, A4 and Letter); only the picked pages are
    then parsed by pdfplumber, not every page of the kit."""
    return pdfium_page_texts(path)


def test_kit_token_counts_match_rules(kit_dir):
    rules = load_rules()
    texts = _page_texts(kit_dir / "archeotrek-kit.pdf")
    token_fronts = [n for n, t in enumerate(texts) if "Bone and Skeleton tokens · sheet" in t and "fronts" in t]
    sheets = [n for n, t in enumerate(texts) if "Dig Site sheets · sheet" in t]
    with pdf_pages((kit_dir / "archeotrek-kit.pdf").read_bytes()) as pdf:
        # one sheet holds both (the Skeleton tokens in the rows the Bone tokens leave): told by size
        circles = [c for n in token_fronts for c in _cut_circles(pdf.pages[n])]
        bones = [c for c in circles if abs(to_mm(c["x1"] - c["x0"]) - rules.bone_diameter) < 0.01]
        skels = [c for c in circles if abs(to_mm(c["x1"] - c["x0"]) - rules.skeleton_diameter) < 0.01]
        assert len(bones) + len(skels) == len(circles)
    assert len(bones) == sum(len(v) for v in rules.tokens.bones.values()) == 36
    assert len(skels) == len(rules.tokens.skeletons) == 4
    for c in bones:
        assert to_mm(c["x1"] - c["x0"]) == pytest.approx(rules.bone_diameter, abs=0.01)
    for c in skels:
        assert to_mm(c["x1"] - c["x0"]) == pytest.approx(rules.skeleton_diameter, abs=0.01)
    assert len(sheets) == PLAYERS


def test_every_bone_value_printed(kit_dir):
    """The big numbers of the tokens sheet: each Bone token's value, and each
    Skeleton token's bonus (+1…+4) on the rows below them."""
    rules = load_rules()
    with pdf_pages((kit_dir / "tokens.pdf").read_bytes()) as pdf:
        fronts = pdf.pages[0]
        big = [ch for ch in fronts.chars if ch["size"] >= 20]
    values = sorted(int(ch["text"]) for ch in big if ch["text"].isdigit())
    expected = sorted([v for vs in rules.tokens.bones.values() for v in vs] + list(rules.tokens.skeletons.values()))
    assert values == expected


def test_backs_follow_fronts(kit_dir):
    with pdf_pages((kit_dir / "tokens.pdf").read_bytes()) as pdf:
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


def test_two_builds_byte_identical(tmp_path, theme, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "off")  # both render: the second would be a kit cache hit
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


# -- Bone colours survive greyscale and colour blindness (measured on pixels) -------------

#: Bundled themes whose Bone colours must be told apart.
COLOUR_THEMES = ("classic", "inksaver", "highcontrast")
#: Rendering resolution of the token sheet: a 25 mm token is ~98 px across.
TOKEN_DPI = 100
#: Share of a token's pixels whose black-and-white mask must differ between two
#: Bone colours when their colours alone do not (colour_checks.symbol_difference,
#: after :func:`_symbols` flattens lightness steps under 10 L*).  Measured at
#: 100 dpi: two tokens of one colour (values masked) differ by ≤ 0.15 %; the old
#: embossed symbol without an outline gave 0.0 in all three themes (its 3–10 L*
#: step flattens away); the text-colour outline gives 3.4–4.3 %.  2 % sits
#: between them with room for anti-aliasing and other renderers.
SYMBOL_MIN = 0.02


@pytest.fixture(scope="module")
def theme_kits(themed_kits):
    """theme → the folder of its ArchéoTREK kit (A4, bleed 3 mm): the session's
    shared builds (conftest ``themed_kits``; read only).  The tests read its
    tokens.pdf and rules-reference.pdf, byte for byte the same whatever the
    number of players (checked against one player in every theme)."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils not installed")
    return {name: themed_kits(name, "a4") / "archeotrek" for name in COLOUR_THEMES}


@pytest.fixture(scope="module")
def bone_sheets(theme_kits, tmp_path_factory):
    """theme → list of (ground colour, value, RGB pixels, digit-ink mask, mean
    colour) of each Bone token on the fronts sheet, its positions read from
    the PDF: the cut circle and the value digits inside it.  Pixels outside
    the cut circle are set to the token's own colour (the commonest one)."""
    import numpy as np
    import pdfplumber
    from PIL import Image

    from colour_checks import rasterise

    out = {}
    for name, folder in theme_kits.items():
        pdf = folder / "tokens.pdf"
        png = rasterise(pdf, tmp_path_factory.mktemp(f"bones-{name}"), dpi=TOKEN_DPI, first=1, last=1)[0]
        img = np.asarray(Image.open(png).convert("RGB")).astype(np.int32)
        k = TOKEN_DPI / 72
        tokens = []
        with pdfplumber.open(pdf) as doc:
            page = doc.pages[0]
            chars = [ch for ch in page.chars if ch["size"] >= 20]
            bone = load_rules().bone_diameter
            for circle in _cut_circles(page):
                if abs(to_mm(circle["x1"] - circle["x0"]) - bone) > 0.01:
                    continue  # a Skeleton token, on the rows the Bone tokens leave
                x0, top = int(circle["x0"] * k), int(circle["top"] * k)
                n = int((circle["x1"] - circle["x0"]) * k)
                crop = img[top:top + n, x0:x0 + n].copy()
                yy, xx = np.mgrid[0:n, 0:n]
                outside = (yy - n / 2 + 0.5) ** 2 + (xx - n / 2 + 0.5) ** 2 > (n / 2 - 1) ** 2
                flat = crop[~outside] // 32
                keys, counts = np.unique(flat, axis=0, return_counts=True)
                ground = tuple(int(v) for v in keys[counts.argmax()])
                crop[outside] = crop[~outside][(flat == keys[counts.argmax()]).all(axis=1)].mean(axis=0)
                inside = [ch for ch in chars if circle["x0"] < ch["x0"] and ch["x1"] < circle["x1"]
                          and circle["top"] < ch["top"] < circle["bottom"]]
                digits = np.zeros((n, n), dtype=bool)
                for ch in inside:  # the value's own ink: its fill colour within its box, grown 2 px
                    colour = np.array(ch["non_stroking_color"][:3] if len(ch["non_stroking_color"]) >= 3
                                      else ch["non_stroking_color"] * 3, dtype=float) * 255
                    box = np.zeros((n, n), dtype=bool)
                    box[max(0, int(ch["top"] * k) - top - 2):int(ch["bottom"] * k) - top + 2,
                        max(0, int(ch["x0"] * k) - x0 - 2):int(ch["x1"] * k) - x0 + 2] = True
                    digits |= box & (np.abs(crop - colour).sum(axis=2) < 120)
                grown = digits.copy()
                for dy in (-2, -1, 0, 1, 2):
                    for dx in (-2, -1, 0, 1, 2):
                        grown |= np.roll(np.roll(digits, dy, 0), dx, 1)
                value = "".join(ch["text"] for ch in inside)
                mean = tuple(float(v) for v in crop[~outside & ~grown].mean(axis=0))
                tokens.append((ground, value, crop, grown, mean))
        out[name] = tokens
    return out


def _by_colour(tokens):
    """Ground colour → {value: (pixels, digit mask, mean colour)}: the tokens grouped by their colour."""
    groups: dict = {}
    for ground, value, crop, digits, mean in tokens:
        groups.setdefault(ground, {})[value] = (crop, digits, mean)
    return groups


def _symbols(a, b):
    """symbol_difference of two tokens as a greyscale print shows them: the
    union of both values' ink painted in each token's value colour (so two
    different values weigh the same), then every pixel whose lightness is
    within MIN_DELTA_E (10 L*) of the token's own colour flattened into it —
    a shape that differs from its ground by less than that shows no more than
    a colour that does."""
    import numpy as np
    from PIL import Image

    from colour_checks import MIN_DELTA_E, symbol_difference

    n = min(len(a[0]), len(b[0]))
    hole = a[1][:n, :n] | b[1][:n, :n]
    grey = []
    for pixels, digits, _ in (a, b):
        light = lightness(pixels[:n, :n])
        ground = light[0, 0]  # outside the cut circle: the token's own colour
        light[hole] = np.median(light[digits]) if digits.any() else ground
        light[np.abs(light - ground) < MIN_DELTA_E] = ground
        grey.append(Image.fromarray(np.clip(light * 2.55, 0, 255).astype(np.uint8)))
    return symbol_difference(*grey)


@pytest.mark.parametrize("name", COLOUR_THEMES)
def test_bone_colours_tell_apart_without_colour(bone_sheets, name):
    """Each pair of Bone colours differs by CIEDE2000 ≥ 10 in greyscale and
    under simulated deuteranomaly, protanomaly and tritanomaly, or its
    symbols differ once colour is gone (black-and-white masks, value masked)."""
    from colour_checks import MIN_DELTA_E, worst_delta_e

    rules = load_rules()
    groups = _by_colour(bone_sheets[name])
    assert len(groups) == len(rules.tokens.bones), f"{name}: {len(groups)} token colours on the sheet"
    ones = [g["1"] for g in groups.values()]
    bad = []
    for i in range(len(ones)):
        for j in range(i + 1, len(ones)):
            de, where = worst_delta_e(ones[i][2], ones[j][2])
            sym = _symbols(ones[i], ones[j])
            if de < MIN_DELTA_E and sym < SYMBOL_MIN:
                bad.append((i, j, round(de, 1), where, round(sym, 4)))
    assert not bad, f"{name}: Bone colour pairs told apart by neither colour nor symbol: {bad}"


@pytest.mark.parametrize("name", COLOUR_THEMES)
def test_same_bone_colour_tokens_measure_as_alike(bone_sheets, name):
    """The control: two tokens of one colour (values masked) fall below both
    thresholds, so the pair test above measures the symbol, not noise."""
    from colour_checks import MIN_DELTA_E, worst_delta_e

    for ground, values in _by_colour(bone_sheets[name]).items():
        assert worst_delta_e(values["1"][2], values["2"][2])[0] < MIN_DELTA_E
        assert _symbols(values["1"], values["2"]) < SYMBOL_MIN / 2, ground


def _marks(pixels):
    """A greyscale picture of ``pixels`` keeping only marks that show: every
    pixel within 10 L* (MIN_DELTA_E) of the commonest lightness flattened into it."""
    import numpy as np
    from PIL import Image

    from colour_checks import MIN_DELTA_E

    light = lightness(pixels)
    values, counts = np.unique(np.round(light), return_counts=True)
    ground = values[counts.argmax()]
    light[np.abs(light - ground) < MIN_DELTA_E] = ground
    return Image.fromarray(np.clip(light * 2.55, 0, 255).astype(np.uint8))


#: Chips (rendered at 200 dpi) are compared resampled to this many pixels a
#: side (the inside of the ring, ~2.6 mm) and told apart at CHIP_MIN: measured,
#: two orange squares differ by 0 (0–3 % at 300 dpi, anti-aliasing), different
#: symbols by 5.3 % (classic circle and diamond on dark chips) to 58 %, chips
#: with the symbols hidden (the old stylesheet) by 0.  24 px, not 40: two chips
#: a fraction of a pixel out of phase (the large-print example, 30.2 pt apart)
#: differed by 3.7 % at 40 px from anti-aliasing alone, 0.5 % at 24 px; the
#: different symbols measure the same at both (5.6 % classic, 13–15 % others).
CHIP_PX = 24
CHIP_MIN = 0.03


@pytest.mark.parametrize("name", COLOUR_THEMES)
def test_worked_example_bone_chips_show_their_symbols(theme_kits, name, tmp_path):
    """The rules reference's worked example ("Bones ⬚7 + ⬚3 + ⬚4 + ⬚5") marks
    each kept Bone with a chip of its colour: the chips of two different
    colours differ in marks that survive greyscale, two of one colour do not.
    Chips are cut from the page just left of each value (positions from the PDF's words),
    on the page that holds the example (the second in large print)."""
    import numpy as np
    import pdfplumber
    from PIL import Image

    from colour_checks import rasterise, symbol_difference

    pdf = theme_kits[name] / "rules-reference.pdf"
    dpi = 200
    k = dpi / 72
    with pdfplumber.open(pdf) as doc:
        page_no = max(n for n, page in enumerate(doc.pages) if "Worked example" in (page.extract_text() or ""))
        words = doc.pages[page_no].extract_words()
    at = max(i for i, w in enumerate(words) if w["text"] == "Bones")
    values = [w for w in words[at + 1:at + 8] if w["text"].isdigit()]
    assert [w["text"] for w in values] == ["7", "3", "4", "5"], [w["text"] for w in words[at:at + 8]]
    img = np.asarray(Image.open(rasterise(pdf, tmp_path / "rules-png", dpi=dpi)[page_no]).convert("RGB"))
    chips = []
    for w in values:  # the chip: between the word before its value and the value
        before = words[words.index(w) - 1]
        win = img[int((w["top"] - mm(2)) * k):int((w["bottom"] + mm(2)) * k), int(before["x1"] * k):int(w["x0"] * k)]
        dark = lightness(win) < 50  # the chip's ink ring
        ys, xs = np.nonzero(dark)
        y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
        dy, dx = (y1 - y0) * 0.18, (x1 - x0) * 0.18  # inside the ring: the chip's colour and its symbol
        chip = win[int(y0 + dy):int(y1 - dy), int(x0 + dx):int(x1 - dx)].astype(np.uint8)
        chips.append(_marks(np.asarray(Image.fromarray(chip).resize((CHIP_PX, CHIP_PX), Image.LANCZOS))))
    seven, three, four, five = chips  # orange, orange, blue, purple in the rules' example
    assert symbol_difference(seven, three) < CHIP_MIN, "two chips of one colour measure as different"
    for label, a, b in (("orange/blue", seven, four), ("orange/purple", seven, five), ("blue/purple", four, five)):
        assert symbol_difference(a, b) >= CHIP_MIN, f"{name}: {label} chips show no different symbol"


def test_larger_type_keeps_the_special_circles_key_inside_its_panel(tmp_path):
    """At the largest ``[type] scale`` (1.5) every caption of the Dig Site's
    Special Circles key ends at least 1 mm inside the panel around it (the
    smallest drawn rectangle holding the "Special Circles" heading)."""
    import pdfplumber

    from printkit.theme import load_theme

    theme = tmp_path / "big"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nextends = "highcontrast"\n[type]\nscale = 1.5\n', encoding="utf-8")
    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(str(theme)), bleed=mm(3))
    build(["archeotrek"], opts, tmp_path / "out", jobs=1)
    with pdfplumber.open(tmp_path / "out" / "archeotrek" / "dig-site-sheets.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        head = next(w for w in words if w["text"] == "Circles")
        panel = min((o for o in page.rects + page.curves
                     if o["x0"] < head["x0"] and o["x1"] > head["x1"] and o["top"] < head["top"] < o["bottom"]),
                    key=lambda o: (o["x1"] - o["x0"]) * (o["bottom"] - o["top"]))
        captions = [w for w in words if w["text"] == "only" and w["top"] > head["top"]]
    assert len(captions) == 3
    assert all(w["x1"] <= panel["x1"] - mm(1) for w in captions), ([w["x1"] for w in captions], panel["x1"])


# --------------------------------------------------------------------------- large print (issue 24)


@pytest.fixture(scope="module")
def large_kits(tmp_path_factory):
    """paper → the ArchéoTREK kit folder in the large-print theme (highcontrast,
    ``[type] scale`` 1.15), A4, Letter and universal (A4 wide, Letter tall), 3 players."""
    from printkit.theme import load_theme

    out = {}
    for paper in ("a4", "letter", "universal"):
        folder = tmp_path_factory.mktemp(f"large-{paper}")
        opts = BuildOptions(paper=get_paper(paper), theme=load_theme("highcontrast"), players=PLAYERS, bleed=mm(3))
        build(["archeotrek"], opts, folder, jobs=1)
        out[paper] = folder / "archeotrek"
    return out


def test_large_print_reference_is_two_deliberate_pages(kit_dir, large_kits):
    """In large print the rules reference runs over two pages on purpose —
    playing on the first, the dig and the scoring on the second — and says so
    in its masthead and in the kit's contents; the classic one stays one page."""
    import pdfplumber

    for paper, folder in large_kits.items():
        with pdfplumber.open(folder / "rules-reference.pdf") as pdf:
            assert len(pdf.pages) == 2, paper
            first, second = (" ".join((p.extract_text() or "").split()) for p in pdf.pages)
        assert "Large print: two pages" in first, paper
        assert "A round" in first and "Special Circles" in first, paper
        # the second page opens on the Digging Areas, which the first page's round points to
        assert second.startswith("Digging Areas A Digging Area is"), (paper, second[:60])
        assert "A Digging Area is" not in first and "Digging Area (page 2)" in first, paper
        assert "End of the dig" in second and "Worked example" in second, paper
        assert "Worked example" not in first and "A round" not in second, paper
        with pdfplumber.open(folder / "archeotrek-kit.pdf") as pdf:
            assert "Rules reference (large print: 2 pages)" in pdf.pages[0].extract_text(), paper
    with pdfplumber.open(kit_dir / "rules-reference.pdf") as pdf:
        assert len(pdf.pages) == 1
        assert "Large print" not in pdf.pages[0].extract_text()
    with pdfplumber.open(kit_dir / "archeotrek-kit.pdf") as pdf:
        assert "large print" not in pdf.pages[0].extract_text()


def _crossings(words, shapes) -> list:
    """Words that cross a drawn frame: they overlap the shape's box without
    lying inside it, and lie inside no smaller shape (a Special Circle's
    badge sits on the circle's rim, its letter inside the badge)."""
    def inside(w, o):
        return o["x0"] <= w["x0"] and w["x1"] <= o["x1"] and o["top"] <= w["top"] and w["bottom"] <= o["bottom"]

    def area(o):
        return (o["x1"] - o["x0"]) * (o["bottom"] - o["top"])

    out = []
    for w in words:
        for o in shapes:
            if (min(w["x1"], o["x1"]) - max(w["x0"], o["x0"]) > 0.3 and min(w["bottom"], o["bottom"]) - max(w["top"], o["top"]) > 0.3
                    and not inside(w, o) and not any(inside(w, s) and area(s) < area(o) for s in shapes)):
                out.append((w["text"], round(w["x0"]), round(w["top"])))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_large_print_sheet_keeps_every_word_inside_its_panel(kit_dir, large_kits, paper):
    """A large-print Dig Site sheet is still one sheet per player; every word
    under its header (11 pt and up) ends at least 1 mm inside one of the
    sheet's framed panels — the Dig Site, Choices, Dig, Digging Areas and the
    score — and no word crosses a drawn frame (a circle, a tab, a box to
    tick or write in).  Read from the PDF: frames are the stroked shapes from
    4 mm, panels the frames at least 40 mm wide and 20 mm tall."""
    import pdfplumber

    for folder in (large_kits[paper], kit_dir):  # the large-print sheet, and the classic A4 one
        with pdfplumber.open(folder / "dig-site-sheets.pdf") as pdf:
            assert len(pdf.pages) == PLAYERS
            page = pdf.pages[0]
            frames = [o for o in page.rects + page.curves
                      if o.get("stroke") and o["x1"] - o["x0"] >= mm(4) and o["bottom"] - o["top"] >= mm(4)]
            boxes = [o for o in frames if o["x1"] - o["x0"] >= mm(40) and o["bottom"] - o["top"] >= mm(20)]
            trim_bottom = page.trimbox[3]
            words = [w for w in page.extract_words(x_tolerance=1.5) if w["bottom"] <= trim_bottom]
        site = min(boxes, key=lambda o: o["top"])  # the topmost panel: the Dig Site
        inside = mm(1)
        loose = []
        for w in words:
            if w["bottom"] <= site["top"]:
                continue  # the header: title, name line
            if not any(o["x0"] + inside <= w["x0"] and w["x1"] <= o["x1"] - inside
                       and o["top"] + inside <= w["top"] and w["bottom"] <= o["bottom"] - inside for o in boxes):
                loose.append((w["text"], round(w["x0"]), round(w["top"])))
        assert len(boxes) >= 5, boxes
        assert not loose, f"{folder.parent.name}: words outside every panel: {loose}"
        crossing = _crossings(words, frames)
        assert not crossing, f"{folder.parent.name}: words across a frame: {crossing}"


def test_large_print_fillable_sheet_types_at_11_pt(tmp_path):
    """A large-print fillable Dig Site sheet (highcontrast, Letter) sets what
    the player types at 11 pt or more in every form field — read from each
    widget's /DA, as a PDF viewer does — and the name field starts after the
    printed "Name" label."""
    import re

    import pdfplumber
    import pikepdf

    from printkit.theme import load_theme

    opts = BuildOptions(paper=get_paper("letter"), theme=load_theme("highcontrast"), players=1, bleed=mm(3),
                        fillable=True)
    build(["archeotrek"], opts, tmp_path, jobs=1)
    path = tmp_path / "archeotrek" / "dig-site-sheets.pdf"
    small, name_x = [], None
    with pikepdf.open(path) as pdf:
        widgets = [a for a in pdf.pages[0].get("/Annots") or [] if a.get("/Subtype") == "/Widget"]
        for a in widgets:
            field = a if "/T" in a else a.get("/Parent")
            da = str(a.get("/DA") or field.get("/DA") or "")
            size = re.search(r"([\d.]+)\s+Tf", da)
            if field.get("/FT") == "/Tx":
                assert size, (str(field.get("/T")), da)
                if float(size.group(1)) < 11.0:
                    small.append((str(field.get("/T")), float(size.group(1))))
            if str(field.get("/T")).split(".")[-1] == "name":  # p1.name, or "name" under "p1"
                name_x = float(a.get("/Rect")[0])
    assert len(widgets) > 50
    assert not small, f"typed text under 11 pt: {small}"
    with pdfplumber.open(path) as pdf:
        label = next(w for w in pdf.pages[0].extract_words() if w["text"] == "Name")
    assert name_x is not None and name_x >= label["x1"] + mm(1), (name_x, label["x1"])

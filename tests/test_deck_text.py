"""printkit deck never loses text (issue 16): missing glyphs, text that does
not fit its box, CSV dialects, image formats — all through the CLI, measured
on the PDF written (pdfplumber for sizes, pypdfium2 pixels for where ink is)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.units import mm

from conftest import pdf_pages

EX = Path(__file__).resolve().parent.parent / "examples" / "deck"

SHORT = "Amphora"
LONG = "Sealed with pitch and still smelling of wine, found in the third stratum near the old well."
NOTES = ("Found by the north trench team on the second day of the dig, this jar was lifted whole and "
         "carried to the finds tent, where it was brushed, drawn, numbered and packed in straw.")
GROUND = "#fdfbf7"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def layout(folder: Path, elements: str, name: str = "front.toml") -> Path:
    return write(folder, name, f'[card]\nname = "t"\nsize = "poker"\nbackground = "{GROUND}"\n\n{elements}')


def text_el(x=5, y=5, text="{{ title }}", **keys) -> str:
    extra = "".join(f"{k} = {v!r}\n" if isinstance(v, str) else f"{k} = {v}\n" for k, v in keys.items())
    return f'[[element]]\ntype = "text"\nx = {x}\ny = {y}\ntext = "{text}"\n{extra}\n'


def out_files(folder: Path) -> list[Path]:
    return list(folder.rglob("*.pdf")) if folder.exists() else []


# -- missing glyphs --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def glyph_case(tmp_path_factory):
    d = tmp_path_factory.mktemp("glyphs")
    write(d, "cards.csv", "title,text\nAmphora,fine\nΑμφορέας,also fine\nDice,roll 🎲 twice\n")
    layout(d, text_el(font="display", size=14) + text_el(y=20, text="{{ text }}", font="body"))
    return d


def test_greek_in_the_display_font_is_an_error_naming_row_element_char_font(glyph_case):
    r = run("deck", glyph_case / "cards.csv", "--layout", glyph_case / "front.toml", "--out", glyph_case / "out")
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()  # every bad card is listed, one line each
    assert all(ln.startswith("printkit: front.toml: card ") for ln in lines) and "Traceback" not in r.output
    line = lines[0]
    assert "card 2 (CSV line 3)" in line and "element 1 (text)" in line
    assert "'Α' (U+0391)" in line and "'μ' (U+03BC)" in line
    assert "display font (FredokaOne-Regular.ttf)" in line and "--allow-missing-glyphs" in line
    assert out_files(glyph_case / "out") == []


def test_an_emoji_is_an_error_too(tmp_path):
    write(tmp_path, "cards.csv", "title,text\nDice,roll 🎲 twice\n")
    layout(tmp_path, text_el(text="{{ text }}", font="body"))
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1
    assert "card 1 (CSV line 2)" in r.output and "'🎲' (U+1F3B2)" in r.output and "SourceSansPro-Regular.ttf" in r.output
    assert out_files(tmp_path / "out") == []


def test_allow_missing_glyphs_warns_on_stderr_and_builds(glyph_case):
    out = glyph_case / "allowed"
    r = run("deck", glyph_case / "cards.csv", "--layout", glyph_case / "front.toml", "--out", out,
            "--allow-missing-glyphs")
    assert r.exit_code == 0, r.output
    warnings = r.stderr.strip().splitlines()
    assert len(warnings) == 2, r.stderr
    assert warnings[0].startswith("warning: ") and "card 2 (CSV line 3)" in warnings[0] and "U+0391" in warnings[0]
    assert "card 3 (CSV line 4)" in warnings[1] and "element 2 (text)" in warnings[1] and "U+1F3B2" in warnings[1]
    assert "warning" not in r.stdout
    with pdf_pages((out / "t.pdf").read_bytes()) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Amphora" in text and "twice" in text


# -- text that fits its box ------------------------------------------------------------------

FIT_BOX = (5, 10, 40, 12)   # x, y, w, h (mm) of the shrinking text
SAFE = 3.0                  # mm: the safe zone a text without w/h stops at


@pytest.fixture(scope="module")
def fitted(tmp_path_factory):
    """Three cards: a short title and no notes; a long title (must shrink);
    long notes in a text without w or h (must wrap inside the safe zone)."""
    d = tmp_path_factory.mktemp("fit")
    write(d, "cards.csv", f'title,notes\n{SHORT},\n"{LONG}",\n{SHORT},"{NOTES}"\n')
    x, y, w, h = FIT_BOX
    layout(d, text_el(x, y, w=w, h=h, size=12, font="body")
           + text_el(5, 30, text="{{ notes }}", size=10, font="body"))
    r = run("deck", d / "cards.csv", "--layout", d / "front.toml", "--out", d / "out", "--bleed", "0mm",
            "--duplex", "none")
    assert r.exit_code == 0, r.output
    return (d / "out" / "t.pdf").read_bytes()


def _cards(page) -> list[dict]:
    """The cards' trim rectangles (their background fills, bleed 0), in reading order."""
    from reportlab.lib.colors import HexColor

    ground = HexColor(GROUND).rgb()
    cards = [r for r in page.rects if r["non_stroking_color"] and
             all(abs(a - b) < 0.01 for a, b in zip(r["non_stroking_color"], ground))
             and abs(r["width"] - mm(63.5)) < 0.5 and abs(r["height"] - mm(88.9)) < 0.5]
    return sorted(cards, key=lambda r: (round(r["top"]), r["x0"]))


def _chars_in(page, card) -> list[dict]:
    return [c for c in page.chars if card["x0"] <= (c["x0"] + c["x1"]) / 2 <= card["x1"]
            and card["top"] <= (c["top"] + c["bottom"]) / 2 <= card["bottom"]]


def test_overflowing_text_shrinks_and_stays_in_its_box(fitted):
    import pypdfium2 as pdfium

    with pdf_pages(fitted) as pdf:
        page = pdf.pages[0]
        cards = _cards(page)
        assert len(cards) == 3
        short = {round(c["size"], 2) for c in _chars_in(page, cards[0])}
        long_sizes = {round(c["size"], 2) for c in _chars_in(page, cards[1])}
        text = "".join(c["text"] for c in _chars_in(page, cards[1]))
        card = cards[1]
    assert short == {12.0}                      # fits: printed at the size asked for
    assert len(long_sizes) == 1 and 6.0 <= long_sizes.pop() < 12.0
    assert text.replace(" ", "") == LONG.replace(" ", "")   # every word printed
    # no ink of the card outside its text box (pixels, 150 dpi)
    import numpy as np

    scale = 150 / 72
    doc = pdfium.PdfDocument(fitted)
    img = np.asarray(doc[0].render(scale=scale).to_pil().convert("L"))
    doc.close()
    x, y, w, h = FIT_BOX
    px0, py0 = int(card["x0"] * scale) + 2, int(card["top"] * scale) + 2
    region = img[py0:int(card["bottom"] * scale) - 2, px0:int(card["x1"] * scale) - 2] < 128
    bx0, by0 = int((card["x0"] + mm(x)) * scale) - 1 - px0, int((card["top"] + mm(y)) * scale) - 1 - py0
    bx1, by1 = int((card["x0"] + mm(x + w)) * scale) + 2 - px0, int((card["top"] + mm(y + h)) * scale) + 2 - py0
    assert region[by0:by1, bx0:bx1].sum() > 100      # the text is there
    region[max(by0, 0):by1, max(bx0, 0):bx1] = False
    dark_outside = int(region.sum())
    assert dark_outside == 0


def test_text_without_w_wraps_inside_the_safe_zone(fitted):
    with pdf_pages(fitted) as pdf:
        page = pdf.pages[0]
        card = _cards(page)[2]
        notes = [c for c in _chars_in(page, card) if c["top"] > card["top"] + mm(25)]
    assert {round(c["size"], 2) for c in notes} == {10.0}
    baselines = {round(c["matrix"][5], 1) for c in notes}
    assert len(baselines) >= 3                              # it wrapped
    assert max(c["x1"] for c in notes) <= card["x1"] - mm(SAFE) + 0.01
    assert min(c["x0"] for c in notes) >= card["x0"] + mm(5) - 0.01
    assert "".join(c["text"] for c in notes).replace(" ", "") == NOTES.replace(" ", "")


def test_text_that_cannot_fit_is_an_error_naming_row_and_element(tmp_path):
    write(tmp_path, "cards.csv", f'title\n{SHORT}\n"{LONG * 5}"\n')
    x, y, w, h = FIT_BOX
    layout(tmp_path, text_el(x, y, w=w, h=h, size=12))
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1
    line = r.output.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    assert "card 2 (CSV line 3), element 1 (text)" in line and "does not fit its 40 × 12 mm box even at 6 pt" in line
    assert out_files(tmp_path / "out") == []


def test_fit_error_refuses_instead_of_shrinking(tmp_path):
    write(tmp_path, "cards.csv", f'title\n{SHORT}\n"{LONG}"\n')
    x, y, w, h = FIT_BOX
    layout(tmp_path, text_el(x, y, w=w, h=h, size=12, fit="error"))
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1
    assert "card 2 (CSV line 3), element 1 (text)" in r.output and 'fit = "error"' in r.output
    assert "at 12 pt" in r.output


def test_multiline_cells_count_csv_lines(tmp_path):
    write(tmp_path, "cards.csv", 'title,notes\nA,"two\nlines"\nΩμέγα,x\n')
    layout(tmp_path, text_el(font="display"))
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1 and "card 2 (CSV line 4)" in r.output, r.output


# -- CSV dialects ----------------------------------------------------------------------------


def test_semicolon_and_tab_csvs_build_the_same_cards_as_comma(tmp_path):
    rows = [["title", "value", "kind", "colour", "text", "qty"],
            ["Amphora", "4", "Pottery", "#8a5a2b", "A jar, sealed; with pitch", "3"],
            ["Bronze mirror", "7", "Metal", "#1a9e77", "Polished once", "2"]]

    def cell(v, sep):
        return f'"{v}"' if ("," in v or ";" in v) else v

    built = {}
    for name, sep in (("comma", ","), ("semicolon", ";"), ("tab", "\t")):
        folder = tmp_path / name
        folder.mkdir()
        data = write(folder, "cards.csv", "".join(sep.join(cell(v, sep) for v in row) + "\n" for row in rows))
        r = run("deck", data, "--layout", EX / "front.toml", "--out", folder / "out")
        assert r.exit_code == 0, (name, r.output)
        built[name] = (folder / "out" / "finds.pdf").read_bytes()
    assert built["semicolon"] == built["comma"] == built["tab"]
    with pdf_pages(built["comma"]) as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("Amphora") == 3 and "A jar, sealed; with pitch" in text


@pytest.mark.parametrize("csv_text,needle", [
    ("title;title\nA;B\n", "line 1 (header): column 'title' appears twice"),
    ("title;;qty\nA;B;1\n", "line 1 (header): column 2 has no name (semicolon-separated"),
    ("name;qty\nA;1\n", "element 1's fill: 'colour' is undefined (no such column in the data); the data's columns: name"),
])
def test_header_problems_are_one_line(tmp_path, csv_text, needle):
    data = write(tmp_path, "d.csv", csv_text)
    r = run("deck", data, "--layout", EX / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1 and needle in r.output.splitlines()[0], r.output
    # the header's problems stop at once (one line); a missing column is listed per element that uses it
    lines = r.output.strip().splitlines()
    assert all(ln.startswith("printkit: ") for ln in lines)
    assert len(lines) == (1 if "header" in needle else 6)


# -- images ----------------------------------------------------------------------------------

IMAGE = '[[element]]\ntype = "image"\nx = 1\ny = 1\nw = 10\nh = 10\nsrc = "{src}"\n'


@pytest.mark.parametrize("src,body,what", [
    ("logo.svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
     "an SVG drawing"),
    ("logo.pdf", b"%PDF-1.4\n%\xe2\xe3\n", "a PDF"),
])
def test_svg_and_other_formats_are_refused_in_one_line(tmp_path, src, body, what):
    (tmp_path / src).write_bytes(body)
    write(tmp_path, "cards.csv", "title\nA\n")
    layout(tmp_path, IMAGE.format(src=src))
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1
    line = r.output.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line and "reportlab" not in line.lower()
    assert f"'{src}'" in line and what in line and "PNG, JPEG, GIF, BMP, TIFF or WebP" in line


def test_an_svg_from_the_data_names_the_card(tmp_path):
    from PIL import Image

    Image.new("RGB", (4, 4), (200, 30, 30)).save(tmp_path / "a.png")
    (tmp_path / "b.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    write(tmp_path, "cards.csv", "title,art\nA,a.png\nB,b.svg\n")
    layout(tmp_path, IMAGE.format(src="{{ art }}"))
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1
    assert "card 2 (CSV line 3), element 1 (image): cannot read image 'b.svg': it is an SVG drawing" in r.output


# -- keys ------------------------------------------------------------------------------------


def test_color_is_colour(tmp_path):
    write(tmp_path, "cards.csv", "title\nA\n")
    pdfs = []
    for key in ("colour", "color"):
        layout(tmp_path, text_el(**{key: "accent"}), name=f"{key}.toml")
        r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / f"{key}.toml", "--out", tmp_path / key)
        assert r.exit_code == 0, r.output
        pdfs.append((tmp_path / key / "t.pdf").read_bytes())
    assert pdfs[0] == pdfs[1]
    layout(tmp_path, text_el(colour="ink", color="accent"), name="both.toml")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "both.toml", "--out", tmp_path / "both")
    assert r.exit_code == 1 and "both colour and color" in r.output


@pytest.mark.parametrize("elements,needle", [
    (text_el(align="middle"), "align 'middle'; choose left, centre or right"),
    (text_el(fit="squash"), "fit 'squash'; choose shrink"),
    (text_el(size=0), "size must be a font size in pt"),
    (text_el(x=61), "x = 61 mm leaves no room before the safe zone's right edge (60.5 mm); give w"),
    ("[extra]\na = 1\n", "unknown table(s) or key(s) 'extra'"),
])
def test_bad_text_keys_are_one_line(tmp_path, elements, needle):
    write(tmp_path, "cards.csv", "title\nA\n")
    layout(tmp_path, elements)
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1 and needle in r.output, r.output


def test_unknown_card_key_is_refused(tmp_path):
    write(tmp_path, "cards.csv", "title\nA\n")
    write(tmp_path, "front.toml", '[card]\nsize = "poker"\ncolour = "ink"\n')
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1 and "[card]: unknown key(s) 'colour'" in r.output, r.output


@pytest.mark.parametrize("text,want", [
    ('title,text\nA,"x; y; z"\n', ","),
    ('title;text\nA;"x, y, z"\n', ";"),
    ("title\tqty\nA\t1\n", "\t"),
    ("title\nA\n", ","),
    ("title,text\nA,x; y; z\nB,u; v; w\n", ","),
    ('title,text\nA,"x";"y"\nB,"u";"v"\n', ","),  # the sniffer says ";", the header has none: ","
    ("a;b\n1;2\n3;4\n", ";"),
])
def test_sniffed_delimiter(text, want):
    from printkit.deck import sniff_delimiter

    assert sniff_delimiter(text) == want


def test_sniffing_a_hostile_csv_stays_fast():
    import time

    from printkit.deck import sniff_delimiter

    start = time.process_time()
    sniff_delimiter(',"' * 500_000)   # csv.Sniffer's quote search is quadratic in its sample
    assert time.process_time() - start < 2.0

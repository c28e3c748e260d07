"""printkit deck: your own cards from CSV/TOML data and a layout TOML."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit import PrintkitError
from printkit.cli import main
from printkit.deck import deck_set, load_layout, load_rows
from printkit.units import to_mm

from conftest import pdf_pages

EX = Path(__file__).resolve().parent.parent / "examples" / "deck"


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("deck")
    r = run("deck", str(EX / "cards.csv"), "--layout", str(EX / "front.toml"), "--back", str(EX / "back.toml"),
            "--out", str(out))
    assert r.exit_code == 0, r.output
    return out / "finds.pdf"


def test_qty_multiplies_and_text_survives(built):
    rows = load_rows(EX / "cards.csv")
    with pdf_pages(built.read_bytes()) as pdf:
        fronts = "\n".join(p.extract_text() for p in pdf.pages if "fronts" in p.extract_text())
    for row in rows:
        assert fronts.count(row["title"]) == row["qty"]
    assert "Archéo – 3–18" in fronts


def test_identical_cards_drawn_once(built):
    """Rows printed more than once become one form XObject each; a card printed
    once is drawn in place."""
    reader = PdfReader(built)
    xobjects = reader.pages[0]["/Resources"]["/XObject"]
    assert len(xobjects) == sum(1 for row in load_rows(EX / "cards.csv") if row["qty"] > 1)
    fronts_text = reader.pages[0].extract_text()
    assert all(row["title"] in fronts_text for row in load_rows(EX / "cards.csv"))


def test_trim_size_from_marks(built):
    with pdf_pages(built.read_bytes()) as pdf:
        page = pdf.pages[0]
        xs = sorted({round(ln["x0"], 3) for ln in page.lines
                     if abs(ln["x0"] - ln["x1"]) < 1e-6 and abs(ln["linewidth"] - 0.25) < 1e-6})
    gaps = {round(to_mm(b - a), 2) for a, b in zip(xs, xs[1:])}
    assert gaps == {63.5}


def test_toml_data_and_missing_column(tmp_path):
    data = tmp_path / "cards.toml"
    data.write_text('[[card]]\ntitle = "A"\nvalue = 1\nkind = "k"\ncolour = "#000000"\ntext = "t"\nqty = 2\n'
                    '[[card]]\ntitle = "B"\nvalue = 2\nkind = "k"\ntext = "t"\n', encoding="utf-8")
    rows = load_rows(data)
    assert [r["qty"] for r in rows] == [2, 1]
    layout = load_layout(EX / "front.toml")
    with pytest.raises(PrintkitError, match=r"card 2.*colour"):
        deck_set(layout, rows, __import__("printkit.theme", fromlist=["x"]).load_theme("classic"))


@pytest.mark.parametrize("layout,needle", [
    ('[card]\nsize = "huge"\n', "size"),
    ('[card]\nsize = "poker"\n[[element]]\ntype = "blob"\n', "type"),
    ('[card]\nsize = "poker"\n[[element]]\ntype = "text"\nx = 1\ny = 1\n', "missing text"),
    ('[card]\nsize = "poker"\n[[element]]\ntype = "text"\nx = "left"\ny = 1\ntext = "a"\n', "x 'left' is not a length"),
    ('[card]\nsize = "poker"\n[[element]]\ntype = "text"\nx = 1\ny = 1\ntext = "{{ oops"\n', "placeholder"),
    ('[card]\nsize = "poker"\n[[element]]\ntype = "box"\nx = 1\ny = 1\nw = 1\nh = 1\nfil = "#fff"\n', "unknown key"),
    ("not toml [", "invalid TOML"),
    ('[card]\nsize = "poker"\n[[element]]\ntype = "circle"\ncx = 1\ncy = 1\nr = 1\ndash = "dotted"\n', "dash"),
    ('[card]\nsize = "poker"\nbackground = "archaeology.nope"\n', "<game>.<role>"),
])
def test_bad_layouts_exit_1(tmp_path, layout, needle):
    lay = tmp_path / "layout.toml"
    lay.write_text(layout, encoding="utf-8")
    r = run("deck", str(EX / "cards.csv"), "--layout", str(lay), "--out", str(tmp_path / "out"))
    assert r.exit_code == 1, r.output
    assert needle in r.output and "Traceback" not in r.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("csv_text,needle", [
    ("title,qty\nA,lots\n", "qty"),
    ("title,qty\nA,-1\n", "qty"),
    ("title,qty\n", "no cards"),
    ("title\nA,B,C\n", "more cells"),
])
def test_bad_data_exit_1(tmp_path, csv_text, needle):
    data = tmp_path / "d.csv"
    data.write_text(csv_text, encoding="utf-8")
    r = run("deck", str(data), "--layout", str(EX / "front.toml"), "--out", str(tmp_path / "out"))
    assert r.exit_code == 1 and needle in r.output, r.output


def test_non_utf8_data(tmp_path):
    data = tmp_path / "d.csv"
    data.write_bytes(b"title\n\xff\xfe\n")
    r = run("deck", str(data), "--layout", str(EX / "front.toml"), "--out", str(tmp_path))
    assert r.exit_code == 1 and "UTF-8" in r.output


def test_back_must_match_front(tmp_path):
    back = tmp_path / "back.toml"
    back.write_text('[card]\nsize = "tarot"\n', encoding="utf-8")
    r = run("deck", str(EX / "cards.csv"), "--layout", str(EX / "front.toml"), "--back", str(back),
            "--out", str(tmp_path / "out"))
    assert r.exit_code == 1 and "make them match" in r.output, r.output


def test_file_name_from_data_is_sanitised(tmp_path):
    lay = tmp_path / "layout.toml"
    lay.write_text('[card]\nname = "../../evil/../name"\nsize = "poker"\n', encoding="utf-8")
    out = tmp_path / "out"
    r = run("deck", str(EX / "cards.csv"), "--layout", str(lay), "--out", str(out))
    assert r.exit_code == 0, r.output
    written = [p for p in tmp_path.rglob("*.pdf")]
    assert len(written) == 1 and written[0].parent == out
    assert ".." not in written[0].name and "/" not in written[0].name


def test_bundled_money_tokens_use_the_deck_layout_path():
    """Archaeology's money tokens are a `printkit deck` layout filled from rules data."""
    from printkit.games.archaeology.kit import MONEY_LAYOUT, money_components
    from printkit.games.archaeology.data import load_rules
    from printkit.theme import load_theme

    rules = load_rules()
    coins = money_components(rules, load_theme("classic"))
    assert [c.front.key for c in coins if c.meta["value"] == 1][0].startswith("deck/archaeology-money/")
    assert load_layout(MONEY_LAYOUT).width == rules.money_diameter
    assert {c.front.text for c in coins} == {f"${v}" for v in rules.money}


def test_sheet_label_names_the_deck_once(built):
    """Each page's label names the deck's title once ("Finds deck · sheet 1/2 ·
    fronts"): the deck's title was passed as both the game's and the part's,
    printing "Finds deck · Finds deck · sheet 1/2"."""
    with pdf_pages(built.read_bytes()) as pdf:
        texts = [p.extract_text() for p in pdf.pages]
    assert all("Finds deck · sheet " in t for t in texts), texts
    assert not any("Finds deck · Finds deck" in t for t in texts)

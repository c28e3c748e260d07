"""printkit deck: the build_deck() Python API, the thin CLI over it, and the
hostile inputs of issue 25.6 (empty colour cells, --bleed out of range)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit import UsageError
from printkit.build import BuildOptions
from printkit.cli import main
from printkit.deck import build_deck
from printkit.paper import get_paper
from printkit.units import mm, to_mm

from conftest import pdf_pages

EX = Path(__file__).resolve().parent.parent / "examples" / "deck"


def run(*args):
    return CliRunner().invoke(main, list(map(str, args)))


def test_build_deck_writes_the_pdf(tmp_path, theme):
    options = BuildOptions(paper=get_paper("a4"), theme=theme, bleed=mm(2), duplex="long")
    steps = []
    result = build_deck(EX / "cards.csv", EX / "front.toml", tmp_path, options, back=EX / "back.toml",
                        progress=lambda *step: steps.append(step))
    assert result.pdf == tmp_path / "finds.pdf" and result.pdf.is_file()
    reader = PdfReader(result.pdf)
    assert result.pages == len(reader.pages)
    with pdf_pages(result.pdf.read_bytes()) as pdf:
        text = "\n".join(p.extract_text() for p in pdf.pages)
    assert text.count("Amphora") == 3  # qty 3 in cards.csv
    assert result.cards == sum(int(line.rsplit(",", 1)[1]) for line in
                               (EX / "cards.csv").read_text().splitlines()[1:] if line.strip())
    assert steps[-1][1] == steps[-1][2] and steps[-1][3] == "write"


def test_cli_deck_only_parses_and_calls_build_deck(monkeypatch, tmp_path):
    """The deck command hands its parsed options to build_deck and prints what it returns."""
    import printkit.deck as deck

    seen = {}

    def fake(data, layout, out, options, **kw):
        seen.update(data=data, layout=layout, out=out, options=options, **kw)
        return deck.DeckResult(pdf=out / "x.pdf", cards=7, pages=2)

    monkeypatch.setattr(deck, "build_deck", fake)
    r = run("deck", "d.csv", "--layout", "f.toml", "--back", "b.toml", "--out", tmp_path, "--bleed", "2mm",
            "--paper", "letter", "--duplex", "short", "--back-offset", "1,-1", "--scale", "99%", "--rotate-backs")
    assert r.exit_code == 0, r.output
    assert f"{tmp_path / 'x.pdf'}  7 cards, 2 pages" in r.output
    o = seen["options"]
    assert seen["data"] == Path("d.csv") and seen["layout"] == Path("f.toml") and seen["back"] == Path("b.toml")
    assert o.paper.name == "letter" and o.duplex == "short" and o.rotate_backs
    assert round(to_mm(o.bleed), 6) == 2 and o.scale == (0.99, 0.99)
    assert (round(to_mm(o.back_offset[0]), 6), round(to_mm(o.back_offset[1]), 6)) == (1, -1)


def test_empty_colour_cell_takes_the_default(tmp_path):
    """Issue 25.6: an empty colour cell on the bundled example layout gave a
    traceback ('Unknown color None'); the icon's fill falls back to ink and
    the header box is not filled."""
    data = tmp_path / "cards.csv"
    data.write_text("title,value,kind,colour,text,qty\nAmphora,4,Pottery,,A jar.,1\n", encoding="utf-8")
    r = run("deck", data, "--layout", EX / "front.toml", "--out", tmp_path / "out", "--bleed", "0mm")
    assert r.exit_code == 0, r.output
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(tmp_path / "out" / "finds.pdf"))[0]
    img = page.render(scale=150 / 72).to_pil().convert("RGB")
    # the card sits somewhere on the sheet: find the pixels of the ink colour (#2b2118) - the trowel icon
    import numpy as np

    px = np.asarray(img).astype(int)
    ink = int((np.abs(px - np.array([0x2b, 0x21, 0x18])).max(axis=2) < 12).sum())
    assert ink > 2000  # a 26 mm icon in ink (the value's digits alone are a few hundred pixels)


@pytest.mark.parametrize("bleed", ["1e309mm", "50mm", "10.5mm"])
def test_deck_bleed_bounds_as_build(tmp_path, bleed):
    """Issue 25.6: deck took 50 mm of bleed (build refuses > 10 mm) and
    1e309mm gave a traceback: one line, exit 2, nothing written."""
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", tmp_path, "--bleed", bleed)
    assert r.exit_code == 2, r.output
    assert r.output.startswith("printkit: --bleed:") and r.output.count("\n") == 1
    assert not list(tmp_path.iterdir())
    b = run("build", "archeo", "--out", tmp_path, "--bleed", bleed)
    assert b.exit_code == 2, b.output


def test_build_deck_refuses_a_bleed_beyond_build(tmp_path, theme):
    options = BuildOptions(paper=get_paper("a4"), theme=theme, bleed=mm(10.01))
    with pytest.raises(UsageError):
        build_deck(EX / "cards.csv", EX / "front.toml", tmp_path, options)


def test_font_checks_are_remembered_across_runs(tmp_path, monkeypatch, theme):
    """Issue 26: the theme's fonts were re-checked (fontTools + a reportlab
    subset) on every run.  A font that passed is remembered in the user's
    cache folder by the SHA-256 of its bytes; an edited font is checked again."""
    import shutil

    from printkit import theme as theme_mod

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))  # the suite's shared one has seen this font
    real = theme_mod.font_problem
    calls = []
    monkeypatch.setattr(theme_mod, "font_problem", lambda data: calls.append(len(data)) or real(data))
    font = theme.font_files["display"]
    mine = tmp_path / "mine.ttf"
    shutil.copy(font, mine)
    for run_number in range(2):  # two runs: a new process starts with no in-process memory
        monkeypatch.setattr(theme_mod, "_checked_fonts", {})
        theme_mod._register_font(f"pk-test-{run_number}", mine, "test")
    assert len(calls) == 1
    assert len(list((tmp_path / "cache").rglob("*"))) >= 1
    data = bytearray(mine.read_bytes())
    data[-1] ^= 0x01  # an edited font: a different file
    mine.write_bytes(bytes(data))
    monkeypatch.setattr(theme_mod, "_checked_fonts", {})
    theme_mod._register_font("pk-test-2", mine, "test")
    assert len(calls) == 2

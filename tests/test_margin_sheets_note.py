"""A printer margin wider than the default 5 mm can leave room for fewer
pieces a sheet (3 × 3 poker cards fill a Letter sheet to 6.35 mm of its
edge): the build then says how many sheets the part takes and how many it
would at 5 mm — never a silent jump in card stock.  Measured on the written
PDFs (pages of cards.pdf, fronts and backs: two a sheet), not on the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.cli import main


def _build(tmp_path, *args, paper="letter"):
    out = tmp_path / "-".join([paper, *(a.strip("-") for a in args)])
    r = CliRunner().invoke(main, ["build", "archaeology", "--paper", paper, *args, "-q", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return r, len(PdfReader(out / "archaeology" / "cards.pdf").pages) // 2


@pytest.mark.slow
def test_a_wide_printer_margin_that_costs_sheets_says_so(tmp_path):
    wide, wide_sheets = _build(tmp_path, "--printer-margin", "6.35mm")
    plain, plain_sheets = _build(tmp_path, "--printer-margin", "5mm")
    assert wide_sheets > plain_sheets  # the case this guards
    notes = [ln for ln in wide.stderr.splitlines() if "printer margin" in ln and "sheets" in ln]
    assert len(notes) == 1, wide.stderr
    m = re.search(r"Cards and money: (\d+) sheets .*6\.35 mm printer margin.*\((\d+) with 5 mm\)", notes[0])
    assert m and (int(m[1]), int(m[2])) == (wide_sheets, plain_sheets), notes[0]
    assert not any("sheets" in ln and "5 mm)" in ln for ln in plain.stderr.splitlines()), plain.stderr


@pytest.mark.slow
def test_a_wide_margin_that_costs_nothing_adds_no_note(tmp_path):
    r, wide_sheets = _build(tmp_path, "--printer-margin", "5.5mm", paper="a4")
    _, plain_sheets = _build(tmp_path, "--printer-margin", "5mm", paper="a4")
    assert wide_sheets == plain_sheets  # the case this guards: 3 × 3 cards still fit
    assert not any("with 5 mm)" in ln for ln in r.stderr.splitlines()), r.stderr


DECK = Path(__file__).resolve().parent.parent / "examples" / "deck"


@pytest.mark.parametrize("formats", [["pdf"], ["pdf,png"]], ids=["pdf", "pdf-and-png"])
def test_a_deck_that_a_wide_margin_costs_a_sheet_says_so(tmp_path, formats):
    """The example deck (8 poker cards) fits one Letter sheet at 5 mm and takes
    two at 6.35 mm: the deck says so, as a build does (the PDF alone, and the
    PDF made beside other formats)."""
    counts = {}
    for margin in ("6.35mm", "5mm"):
        out = tmp_path / margin
        r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(DECK / "front.toml"),
                                      "--back", str(DECK / "back.toml"), "--paper", "letter", "--printer-margin",
                                      margin, "--format", *formats, "-q", "--out", str(out)])
        assert r.exit_code == 0, r.output
        counts[margin] = (len(PdfReader(out / "finds.pdf").pages) // 2, r.stderr)
    (wide, notes), (plain, plain_notes) = counts["6.35mm"], counts["5mm"]
    assert (wide, plain) == (2, 1)
    assert (f"Finds deck: {wide} sheets — the 6.35 mm printer margin leaves room for fewer pieces per US Letter sheet "
            f"({plain} with 5 mm)") in notes, notes  # "per": not "a A4 sheet"
    assert "with 5 mm)" not in plain_notes, plain_notes


@pytest.mark.slow
def test_the_note_counts_the_sheets_drawn_when_groups_fall_back_to_sheets_of_their_own():
    """At a 15 mm printer margin on Letter, Archéo's tiles leave no room for a
    sheet label beside two bands of pieces, so each group is drawn on sheets
    of its own: three sheets, where the first imposition (and 5 mm) needs
    two.  The note gives the sheets in the PDF, not the first imposition's."""
    from dataclasses import replace
    from io import BytesIO

    from printkit.build import render_part
    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper
    from printkit.registry import get_game
    from printkit.theme import load_theme
    from printkit.units import mm

    options = BuildOptions(paper=replace(get_paper("letter"), margin=mm(15)), theme=load_theme("classic"),
                           bleed=mm(3))
    part = next(p for p in get_game("archeo").parts(options) if p.name == "tiles")
    notes: list[str] = []
    data, _ = render_part(part, options, "Archéo", notes)
    sheets = len(PdfReader(BytesIO(data)).pages) // 2  # fronts and backs
    assert sheets == 3, notes  # the case this guards
    line = [n for n in notes if "printer margin leaves room" in n]
    assert len(line) == 1 and line[0].startswith("Tiles and tokens: 3 sheets") and "(2 with 5 mm)" in line[0], notes


@pytest.mark.parametrize("margin, paper, pages", [(6.35, "a4", 3), (8, "letter", 4), (5, "a4", 2), (6.35, "letter", 2)])
def test_a_board_a_wide_margin_tiles_on_more_pages_says_so(margin, paper, pages):
    """At a ¼ in (6.35 mm) printer margin the Archaeology board tiles on 3 A4
    pages, not 2, and its joins leave the river: the build says so, with the
    way out (--board-paper).  Where the pages stay as at 5 mm (Letter at
    6.35 mm), or at 5 mm itself, there is no note.  Measured on the board PDF's
    pages.  Seen failing on the old code (3 pages, no note)."""
    from dataclasses import replace
    from io import BytesIO

    from printkit.build import render_part
    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper, paper_label
    from printkit.registry import get_game
    from printkit.theme import load_theme
    from printkit.units import mm

    options = BuildOptions(paper=replace(get_paper(paper), margin=mm(margin)), theme=load_theme("classic"),
                           bleed=mm(3))
    part = next(p for p in get_game("archaeology").parts(options) if p.name == "board")
    notes: list[str] = []
    data, _ = render_part(part, options, "Archaeology", notes)
    assert len(PdfReader(BytesIO(data)).pages) == pages
    said = [n for n in notes if "printer margin leaves less of each page" in n]
    if pages > 2:
        assert said == [f"Board: {pages} {paper_label(paper)} pages, not 2 — the {margin:g} mm printer margin leaves "
                        "less of each page, so its joins fall where the board was not laid out for them; "
                        "--board-paper a3 prints it on one sheet"], notes
    else:
        assert not said, notes

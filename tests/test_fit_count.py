"""Imposition fits tight only where that saves a sheet.

A grid whose trims come within 1.3 mm of the printer margin (crop marks shown
1–2 mm, the footer moved to a side band) is taken only when it prints the
pieces on fewer sheets than the roomy grid (:func:`printkit.imposition.grid_for`
``count``); the ``deck`` command fits its whole run the same way.  Measured
in the PDFs written: page counts (a fronts page and its backs page per sheet),
and with pdfplumber the crop marks (0.25 pt hairlines from a sheet edge):
each shows at least 1 mm — 2 mm where no sheet is saved — inside the 5 mm
unprintable edge, and every glyph (footer included) lies inside it.
"""

from __future__ import annotations

import io

import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.games.archaeologia.data import load_rules
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.units import mm, to_mm

MARGIN_MM = 5.0
EX = __import__("pathlib").Path(__file__).resolve().parent.parent / "examples" / "deck"


def shortest_mark_mm(page) -> float:
    """The least length (mm) a crop mark running from a sheet edge shows inside
    the printable area (``MARGIN_MM`` from every edge)."""
    W, H, m = float(page.width), float(page.height), mm(MARGIN_MM)
    shown = []
    for ln in page.lines:
        if abs(ln["linewidth"] - 0.25) > 1e-6:
            continue
        x0, x1, top, bottom = ln["x0"], ln["x1"], ln["top"], ln["bottom"]
        if abs(x0 - x1) < 1e-6 and (top <= 0.01 or bottom >= H - 0.01):  # vertical, from the top or bottom edge
            shown.append(min(bottom, H - m) - max(top, m))
        elif abs(top - bottom) < 1e-6 and (x0 <= 0.01 or x1 >= W - 0.01):  # horizontal, from a side edge
            shown.append(min(x1, W - m) - max(x0, m))
    return to_mm(min(shown)) if shown else float("inf")  # (a back left blank has none)


def glyphs_outside_margin(page) -> list[str]:
    W, H, m = float(page.width), float(page.height), mm(MARGIN_MM)
    return [ch["text"] for ch in page.chars
            if ch["x0"] < m - 0.01 or ch["x1"] > W - m + 0.01 or ch["top"] < m - 0.01 or ch["bottom"] > H - m + 0.01]


def test_archaeologia_pieces_fit_two_sheets_of_letter():
    """13 tool/RAIN tiles, 16 markers and 4 standees, as the kit builds them: on
    Letter the tiles' tight 5 × 7 grid (one sheet either way) left the markers'
    band no room for the footer's label, so the markers went to a sheet of their
    own — 3 sheets; the roomy 5 × 6 grid takes them in a band below: 2 sheets,
    as on A4."""
    from printkit.build import BuildOptions, render_part
    from printkit.games.archaeologia.kit import parts

    for paper in ("letter", "a4", "universal"):
        options = BuildOptions(paper=get_paper(paper), theme=load_theme("classic"), bleed=mm(3))
        part = next(p for p in parts(options) if p.name == "pieces")
        notes: list[str] = []
        data, pages = render_part(part, options, load_rules().title, notes)
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            assert len(pdf.pages) == pages == 4, (paper, pages)  # 2 sheets: fronts, backs
            assert shortest_mark_mm(pdf.pages[0]) < float("inf")
            for n, page in enumerate(pdf.pages, 1):
                assert shortest_mark_mm(page) >= 2.0 - 1e-3, (paper, n)
                assert not glyphs_outside_margin(page), (paper, n)
        assert not notes, notes


def _deck(tmp_path, cards: int, paper: str):
    data = tmp_path / f"cards{cards}.csv"
    data.write_text("title,value,kind,colour,text,qty\n"
                    f"Amphora,4,Pottery,#8a5a2b,A two-handled jar.,{cards}\n", encoding="utf-8")
    out = tmp_path / f"out{cards}{paper}"
    r = CliRunner().invoke(main, ["deck", str(data), "--layout", str(EX / "front.toml"), "--back",
                                  str(EX / "back.toml"), "--paper", paper, "--out", str(out)])
    assert r.exit_code == 0, r.output
    return next(out.rglob("*.pdf")).read_bytes(), r.output


@pytest.mark.parametrize("cards,sheets,least_mark", [
    (12, 2, 2.0),   # 3 × 2 roomy: 2 sheets; the 3 × 3 tight fit would save none
    (18, 2, 1.0),   # 3 × 3 tight: 2 sheets, where 3 × 2 takes 3
    (10, 2, 2.0),   # 3 × 2 roomy
    (19, 3, 1.0),   # 3 × 3 tight (4 sheets roomy): the last sheet's one card on the same grid
])
def test_deck_fits_tight_only_to_save_a_sheet(tmp_path, cards, sheets, least_mark):
    data, _ = _deck(tmp_path, cards, "letter")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2 * sheets  # a fronts and a backs page a sheet
        cols = []
        for n, page in enumerate(pdf.pages, 1):
            assert least_mark - 1e-3 <= shortest_mark_mm(page) < float("inf"), (cards, n, shortest_mark_mm(page))
            assert not glyphs_outside_margin(page), (cards, n)
            hair = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 1e-6]
            xs = sorted({round(ln["x0"], 2) for ln in hair if abs(ln["x0"] - ln["x1"]) < 1e-6})
            tops = sorted({round(ln["top"], 2) for ln in hair if abs(ln["top"] - ln["bottom"]) < 1e-6})
            cols.append(xs[:2] + tops[:2])
        # every fronts page on one grid (the deck's, not one fitted for its own cards): the
        # first card's trim lines (left, right, top, bottom) in the same place
        firsts = cols[::2]
        assert all(f == firsts[0] for f in firsts), firsts


def test_an_uncut_sheet_needs_no_crop_mark_room(tmp_path):
    """The Archéo dig site (194 × 250 mm, used uncut: no bleed, no crop marks) on the
    universal page (210 mm wide) with an 8 mm printer margin: it fits the printable
    area exactly, and was refused (the whole build, exit 1) because the tight fit kept
    1.3 mm for crop marks it does not have.  Measured: its page is written, and its
    art and every glyph lie inside the 8 mm margin."""
    r = CliRunner().invoke(main, ["build", "archeo", "--paper", "universal", "--printer-margin", "8mm",
                                  "--out", str(tmp_path), "-q"])
    assert r.exit_code == 0, r.output
    with pdfplumber.open(tmp_path / "archeo" / "dig-site.pdf") as pdf:
        page = pdf.pages[0]
        W, H, m = float(page.width), float(page.height), mm(8)
        objs = page.rects + page.curves + page.chars
        assert objs
        for o in objs:
            assert o["x0"] >= m - 0.05 and o["x1"] <= W - m + 0.05, o.get("text", o["object_type"])
            assert o["top"] >= m - 0.05 and o["bottom"] <= H - m + 0.05, o.get("text", o["object_type"])


def test_a_piece_too_big_names_its_game_part_and_margin(tmp_path):
    r = CliRunner().invoke(main, ["build", "archeo", "--printer-margin", "15mm", "--out", str(tmp_path), "-q"])
    assert r.exit_code == 1
    lines = [ln for ln in r.output.splitlines() if "does not fit" in ln]
    assert len(lines) == 1 and "Archéo: Dig site:" in lines[0] and "15 mm printer margin" in lines[0], r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("paper, label", [("a4", "A4"), ("letter", "US Letter")])
def test_a_piece_too_big_says_the_printer_margin_it_fits(tmp_path, paper, label):
    """The error names the widest whole-mm margin that fits, and that is
    true: the build at that margin writes the dig site, one mm wider does
    not fit.  Seen failing on the old code (no margin given, "on a4 paper")."""
    import re

    def build(margin):
        return CliRunner().invoke(main, ["build", "archeo", "--paper", paper, "--printer-margin", margin,
                                         "--out", str(tmp_path / margin), "-q"])

    r = build("12mm")
    assert r.exit_code == 1, r.output
    m = re.search(rf"does not fit on {label} paper inside a 12 mm printer margin "
                  r"\(it fits inside a --printer-margin of (\d+) mm or less\)$", r.output.strip())
    assert m, r.output
    fits = int(m[1])
    assert build(f"{fits}mm").exit_code == 0 and (tmp_path / f"{fits}mm" / "archeo" / "dig-site.pdf").is_file()
    wider = build(f"{fits + 1}mm")
    assert wider.exit_code == 1 and f"{fits + 1} mm printer margin" in wider.output, wider.output


def test_every_sheet_says_its_place_in_the_stack_at_a_quarter_inch_printer_margin(tmp_path):
    """At a 6.35 mm (¼ in) printer margin the full page label ("Archaeologia ·
    EVENT, OBJECTIVE cards · sheet 1/9 · backs (duplex, flip on long edge)")
    found no room on some sheets, which then printed no label at all (the
    cards' backs; the pieces' last sheet, sent to a sheet of its own): each
    page now takes a shorter form, down to "sheet 3/9 · backs", and no note
    says a label is missing.  Read off every page with pdfplumber."""
    import re

    res = CliRunner().invoke(main, ["build", "archaeologia", "--printer-margin", "6.35mm", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "no room" not in res.output, res.output
    from conftest import text_pdf

    for name in ("cards.pdf", "pieces.pdf"):   # text only: the parts' text-only copies (conftest text_pdf)
        with text_pdf(tmp_path / "archaeologia" / name) as pdf:
            labels = [re.search(r"sheet (\d+)/(\d+)( · (fronts|backs|back left blank))?", p.extract_text() or "")
                      for p in pdf.pages]
            assert all(labels), (name, [i for i, m in enumerate(labels, 1) if not m])
            # fronts and backs alternate: page 2k-1 and 2k are sheet k
            assert [int(m.group(1)) for m in labels] == [i // 2 + 1 for i in range(len(pdf.pages))], name
    with text_pdf(tmp_path / "archaeologia" / "pieces.pdf") as pdf:
        assert len(pdf.pages) == 4  # 2 sheets, as at the default margin

"""A ``--back-offset`` moves every back by a millimetre or two; that must not
cost the backs pages their footer label ("… sheet 1/12 · backs (duplex …)",
what tells a printer which fronts page a backs page goes behind) while the
scale bars still fit: the footer's items are fitted in another order before
one is given up.  Measured in the written PDF's text and the build's notes."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.cli import main
from test_crop_marks import _sheets
from test_crop_marks import test_footer_inside_the_printable_area_off_art_and_marks as footer_clear_of_art_and_marks


@pytest.mark.slow
def test_backs_keep_their_label_and_bars_with_a_back_offset(tmp_path):
    r = CliRunner().invoke(main, ["build", "archaeology", "--back-offset", "1.5,-0.5", "-q", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "no room on the sheet for the footer" not in r.stderr, r.stderr
    with pdfplumber.open(tmp_path / "archaeology" / "cards.pdf") as pdf:
        for number, page in enumerate(pdf.pages[:4], 1):
            text = " ".join((page.extract_text() or "").split())
            sheet = (number + 1) // 2
            side = "fronts" if number % 2 else "backs (duplex, flip on long edge)"
            assert f"Cards and money · sheet {sheet}/12 · {side}" in text, (number, text[-300:])
            assert "50 mm" in text and "2 in" in text, (number, text[-300:])
    # the footer as placed now: inside the printable area, off the art and every crop mark (the
    # crop-mark suite's own check, on this build's sheets: the first two and last two pages of a part)
    sheets = _sheets(tmp_path)
    assert any("cards.pdf page 2" in sh.where for sh in sheets)
    footer_clear_of_art_and_marks((tmp_path, [], sheets))


@pytest.mark.slow
def test_turned_backs_keep_archeos_tokens_on_the_tiles_last_sheet(tmp_path):
    """With ``--rotate-backs`` the turned backs page of Archéo's last tiles
    sheet (tiles above, tokens below) has room for every footer item once
    they are fitted longest first, so the tokens stay on the rows the tiles
    leave (the README's promise) instead of moving to sheets of their own:
    the part takes as many pages as without ``--rotate-backs``."""
    pages = {}
    for args in ([], ["--rotate-backs"]):
        out = tmp_path / ("turned" if args else "plain")
        r = CliRunner().invoke(main, ["build", "archeo", *args, "-q", "--out", str(out)])
        assert r.exit_code == 0, r.output
        assert "no room on the sheet for the footer" not in r.stderr, r.stderr
        with pdfplumber.open(out / "archeo" / "tiles.pdf") as pdf:
            pages[bool(args)] = len(pdf.pages)
            last_back = " ".join((pdf.pages[-1].extract_text() or "").split())
        if args:
            label = "Tiles and tokens · sheet 2/2 · backs (duplex, flip on long edge, turned 180°)"
            assert label[::-1] in last_back or label in last_back, last_back  # upside down: read backwards
            footer_clear_of_art_and_marks((out, [], _sheets(out)))
    assert pages[True] == pages[False], pages

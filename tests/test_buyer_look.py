"""A buyer's look at the printed pieces (session 39): what a player holding the
printed kit met, each fixed and measured here on the PDF we write (pdfplumber
geometry of the characters), never on the code's own numbers.
"""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printkit.build import BuildOptions
from printkit.paper import get_paper
from printkit.theme import load_theme
from printkit.units import mm

THEMES = ("classic", "inksaver", "highcontrast")


# -- the Archaeology high-score log: room to write the winner's money ----------------------

#: Room (pt) a written amount needs right of its "$": three handwritten digits, 12 mm.
AMOUNT_ROOM = mm(12)


@pytest.fixture(scope="module")
def archaeology_rules():
    from printkit.games.archaeology.data import load_rules

    return load_rules()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("theme_name", THEMES)
def test_high_score_log_leaves_room_for_the_money_after_each_dollar(archaeology_rules, theme_name, paper):
    """Each row's "$" starts the money column under its header's "$" and has
    12 mm of blank row to its right for the amount.  Before the fix the rows'
    "$" were right-aligned: 2.6 pt from the row's end (no room to write after
    it) and 47 pt right of the column's header."""
    from printkit.games.archaeology.kit import highscore_pdf

    data = highscore_pdf(archaeology_rules, BuildOptions(paper=get_paper(paper), theme=load_theme(theme_name)))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        winner = next(w for w in words if w["text"].lower() == "winner")
        header = [c for c in page.chars if c["text"] == "$" and abs(c["top"] - winner["top"]) < 2]
        assert len(header) == 1, header
        head = header[0]
        rows = [c for c in page.chars if c["text"] == "$" and c["top"] > winner["bottom"] + 2]
        assert len(rows) >= 10, len(rows)
        row_end = max(e["x1"] for e in page.lines + page.rects if e["top"] > winner["top"])
        for c in rows:
            assert abs(c["x0"] - head["x0"]) <= 1.0, (theme_name, paper, c["x0"], head["x0"])
            assert row_end - c["x1"] >= AMOUNT_ROOM, (theme_name, paper, round(row_end - c["x1"], 1))
        # the same page's command to type stays on one line
        command = "printkit score archaeology FILE".split()
        found = [w for w in words if w["text"].rstrip(".") in command[1:] or w["text"] == command[0]]
        tops = {round(w["top"]) for w in found if w["text"].rstrip(".") in command}
        assert len(tops) == 1, (theme_name, paper, [(w["text"], round(w["top"])) for w in found])

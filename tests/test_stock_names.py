"""The paper a board prints on, as a user reads it: the build's summary line
("archaeology: the kit prints on 17 sheets: … · 2 US Letter pages, glued to …")
and the kit cover's print plan name the paper as people do — "US Letter", not
the option's value shouted ("LETTER", "UNIVERSAL") — and a board on one large
sheet is counted once ("1 A3 sheet", not "1 one A3 sheet")."""

from __future__ import annotations

import re

import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.cli import main

# what a person calls each paper (written here, not read from printkit)
CASES = [
    (["--paper", "letter"], "2 US Letter pages, glued to card or foam board", "US Letter pages, glued to card"),
    (["--paper", "universal"], "2 A4 or US Letter pages, glued to card or foam board",
     "A4 or US Letter pages, glued to card"),
    (["--board-paper", "tabloid"], "1 Tabloid sheet, glued to card or foam board", "Tabloid sheet, glued to card"),
    (["--board-paper", "a3"], "1 A3 sheet, glued to card or foam board", "A3 sheet, glued to card"),
]


@pytest.mark.slow
@pytest.mark.parametrize("args,summary,cover", CASES, ids=["letter", "universal", "tabloid", "a3"])
def test_the_board_paper_is_named_as_people_name_it(tmp_path, args, summary, cover):
    r = CliRunner().invoke(main, ["build", "archaeology", *args, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    line = next(ln for ln in r.output.splitlines() if ln.startswith("archaeology: the kit prints on"))
    assert line.endswith(" · " + summary), line
    assert not re.search(r"\b(LETTER|UNIVERSAL|TABLOID)\b|\b1 one\b", line), line
    with pdfplumber.open(tmp_path / "archaeology" / "archaeology-kit.pdf") as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
    assert cover in text, text
    assert not re.search(r"\b(LETTER|UNIVERSAL|TABLOID) (pages|sheet)|\bone (A3|TABLOID|Tabloid) sheet", text), text
    if args == ["--paper", "letter"]:  # 3 × 3 poker cards fill a Letter sheet: the note names it so too
        assert "Cards and money: the pieces fill the US Letter sheet; crop marks show" in r.stderr, r.stderr

"""A PDF deck made sheet by sheet (issue 26: peak memory ≤ 1.5 × the plain
reportlab floor at 8,700 cards).

Measured: the PDF is byte-identical to the whole-deck path (every card
checked first, then ``render_set``: what ``--format pdf,cut`` runs), so the
per-sheet imposition and form XObjects change nothing a user gets; and while
sheet ``i`` is drawn, only the cards up to that sheet have been made.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

EX = Path(__file__).resolve().parent.parent / "examples" / "deck"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("extra", [(), ("--rotate-backs", "--duplex", "short"), ("--paper", "letter", "--bleed", "0mm")])
def test_sheet_by_sheet_equals_the_whole_deck(tmp_path, extra):
    base = ["deck", EX / "cards.csv", "--layout", EX / "front.toml", "--back", EX / "back.toml", "-q", *extra]
    r = run(*base, "--out", tmp_path / "stream")
    assert r.exit_code == 0, r.output
    w = run(*base, "--out", tmp_path / "whole", "--format", "pdf,cut")
    assert w.exit_code == 0, w.output
    assert (tmp_path / "stream" / "finds.pdf").read_bytes() == (tmp_path / "whole" / "finds.pdf").read_bytes()


def test_cards_are_made_one_sheet_ahead_at_most(tmp_path, monkeypatch, theme):
    import printkit.deck as deck
    from printkit.build import BuildOptions
    from printkit.paper import get_paper
    from printkit.units import mm

    data = tmp_path / "cards.csv"
    data.write_text("title,value\n" + "".join(f"Card {i},{i % 7}\n" for i in range(60)), encoding="utf-8")
    layout = tmp_path / "front.toml"
    layout.write_text('[card]\nname = "s"\nsize = "poker"\n[[element]]\ntype = "text"\nx = 5\ny = 5\n'
                      'text = "{{ title }} {{ value }}"\n', encoding="utf-8")
    made = []
    real = deck._card
    monkeypatch.setattr(deck, "_card", lambda *a, **k: made.append(1) or real(*a, **k))
    at_sheet = []

    def progress(task, done, total, name):
        if name.startswith("sheet "):
            at_sheet.append((int(name.split()[1].split("/")[0]), len(made)))

    options = BuildOptions(paper=get_paper("a4"), theme=theme, bleed=mm(3))
    result = deck.build_deck(data, layout, tmp_path / "out", options, progress=progress)
    assert result.cards == 60 and result.pdf.is_file()
    assert [i for i, _ in at_sheet] == list(range(1, 8))  # 60 poker cards, 9 a sheet
    for i, cards in at_sheet:
        assert cards <= min(60, (i + 1) * 9), (i, cards)  # never the whole deck before its first sheets

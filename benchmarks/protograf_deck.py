"""The deck benchmark's cards with protograf (run by ``bench_deck.py`` in its own venv).

protograf finds custom fonts among the system's fonts (fontconfig) by their
full name, so ``bench_deck.py`` runs this with ``HOME`` set to a scratch
folder whose ``~/.fonts`` holds copies of the classic theme's TTF files;
protograf's font cache (``~/.protograf``) is built by the warm-up run.
Usage (from the output folder; protograf writes PDFs beside the cwd)::

    .venv-protograf/bin/python benchmarks/protograf_deck.py CARDS.csv OUT.pdf
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deck_job import BACKGROUND, BIG, CARD_H, CARD_W, INK, SMALL, TITLE  # noqa: E402

data, out = sys.argv[1], sys.argv[2]
sys.argv[1:] = ["--no-png"]  # protograf parses the command line itself

from protograf import Card, Create, Data, Deck, Save, T, text  # noqa: E402

# protograf lays the 3 × 3 grid out from the top-left margin: centre it on A4 as printkit does
Create(filename=out, paper="A4", units="mm",
       margin_left=(210 - 3 * CARD_W) / 2, margin_right=(210 - 3 * CARD_W) / 2,
       margin_top=(297 - 3 * CARD_H) / 2, margin_bottom=(297 - 3 * CARD_H) / 2)
Data(filename=data)
Deck(card_size="poker", cols=3, rows=3, fill=BACKGROUND, stroke=BACKGROUND,
     grid_marks=True, grid_marks_stroke="black", grid_marks_stroke_width=0.25, grid_marks_length=7)
pt = 25.4 / 72  # mm per pt
elements = [
    text(text=T("{{ title }}"), x=TITLE["x"], y=TITLE["y"] + TITLE["size"] * 0.8 * pt, align="left",
         font_name="Source Sans Pro Bold", font_size=TITLE["size"], stroke=INK),
    text(text=T("{{ big }}"), x=BIG["x"] + BIG["w"] / 2, y=BIG["y"] + BIG["size"] * 0.8 * pt,
         font_name="Fredoka One", font_size=BIG["size"], stroke=INK),
] + [
    text(text=T(f"{{{{ n{k} }}}}"), x=s["x"] + s["w"] / 2, y=s["y"] + s["size"] * 0.8 * pt,
         font_name="Source Sans Pro", font_size=s["size"], stroke=INK)
    for k, s in enumerate(SMALL, 1)
]
Card("*", *elements)
Save()

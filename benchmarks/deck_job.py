"""The same-job deck of issue 6: data, layout and font paths shared by every contender.

87 poker cards (63.5 × 88.9 mm), one CSV row each: a title, a big number at the
top, five small numbers at the bottom; 3 × 3 on A4, cut marks, embedded fonts
(Fredoka One for the big number, Source Sans Pro for the rest: the files the
``classic`` theme uses).  Then 870 rows, then 8,700.

``make_job(folder, rows)`` writes ``cards-<rows>.csv`` (fixed seed, every row
distinct, so no face is shared) and ``layout.toml`` (the printkit layout) into
``folder`` and returns their paths.  Run as a script to write a job for a look::

    python benchmarks/deck_job.py /tmp/deck 87
"""

from __future__ import annotations

import csv
import random
import sys
from pathlib import Path

SIZES = (87, 870, 8700)
SEED = 6  # issue 6
COLUMNS = ["title", "big", "n1", "n2", "n3", "n4", "n5"]

#: Card geometry in mm (trim), shared by the layout and the floor/protograf scripts.
CARD_W, CARD_H = 63.5, 88.9
BACKGROUND = "#f3e6c9"
INK = "#2b2118"
#: (x, y, w) in mm from the trim's top-left; sizes in pt.
TITLE = dict(x=5.0, y=5.0, w=53.5, size=12.0)
BIG = dict(x=0.0, y=18.0, w=63.5, size=54.0)
SMALL = [dict(x=4.75 + i * 11.0, y=78.0, w=10.0, size=11.0) for i in range(5)]

_WORDS = ("amphora bronze mirror tablet obsidian blade shard coin mosaic lamp fibula idol "
          "scarab dagger bead urn stele seal ring bowl comb spear helmet torc").split()

LAYOUT = f'''# issue 6 benchmark card: a title, a big number at the top, five small numbers at the bottom
[card]
name = "bench"
title = "Benchmark deck"
size = "poker"
background = "{BACKGROUND}"

[[element]]
type = "text"
x = {TITLE["x"]}
y = {TITLE["y"]}
w = {TITLE["w"]}
text = "{{{{ title }}}}"
font = "bold"
size = {TITLE["size"]}
colour = "{INK}"

[[element]]
type = "text"
x = {BIG["x"]}
y = {BIG["y"]}
w = {BIG["w"]}
text = "{{{{ big }}}}"
font = "display"
size = {BIG["size"]}
colour = "{INK}"
align = "centre"
''' + "".join(f'''
[[element]]
type = "text"
x = {s["x"]}
y = {s["y"]}
w = {s["w"]}
text = "{{{{ n{i} }}}}"
font = "body"
size = {s["size"]}
colour = "{INK}"
align = "centre"
''' for i, s in enumerate(SMALL, 1))


def rows(n: int) -> list[dict[str, str]]:
    """``n`` distinct card rows from a fixed seed."""
    rng = random.Random(SEED)
    out = []
    for i in range(n):
        title = f"{rng.choice(_WORDS).capitalize()} {rng.choice(_WORDS)} {i + 1}"
        out.append({"title": title, "big": str(rng.randint(1, 99)),
                    **{f"n{k}": str(rng.randint(0, 9)) for k in range(1, 6)}})
    return out


def font_files() -> dict[str, Path]:
    """The TTF files of the classic theme: role → path (display, body, bold)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from printkit import TEMPLATES_DIR
    from printkit.rules import load_toml
    from printkit.theme import resolve_font

    specs = load_toml(TEMPLATES_DIR / "classic" / "theme.toml")["fonts"]
    return {role: resolve_font(specs[role], TEMPLATES_DIR / "classic") for role in ("display", "body", "bold")}


def make_job(folder: Path, n: int) -> tuple[Path, Path]:
    """Write ``cards-<n>.csv`` and ``layout.toml`` into ``folder``; return both paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / f"cards-{n}.csv"
    with data.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, COLUMNS)
        writer.writeheader()
        writer.writerows(rows(n))
    layout = folder / "layout.toml"
    layout.write_text(LAYOUT, encoding="utf-8")
    return data, layout


if __name__ == "__main__":
    where = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("deck-job")
    for size in ([int(sys.argv[2])] if len(sys.argv) > 2 else SIZES):
        print(*make_job(where, size))

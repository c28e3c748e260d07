"""The floor of the deck benchmark: the same cards with plain reportlab, nothing else.

Canvas drawing only: read the CSV, register the same TTF files printkit uses
(embedded as subsets), 3 × 3 poker cards butted on A4 with a background, the
title, the big number and five small numbers, and crop marks on every trim
line from the page edge to 1.5 mm outside the grid.  No imposition engine, no
form XObjects, no preflight, no page boxes, no scale bars.  Usage::

    python benchmarks/floor_reportlab.py CARDS.csv OUT.pdf
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deck_job import BACKGROUND, BIG, CARD_H, CARD_W, INK, SMALL, TITLE, font_files  # noqa: E402


def main(data: str, out: str) -> None:
    fonts = font_files()
    for role, path in fonts.items():
        pdfmetrics.registerFont(TTFont(f"F-{role}", str(path)))
    with open(data, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))

    page_w, page_h = A4
    w, h = CARD_W * mm, CARD_H * mm
    cols, nrows = 3, 3
    x0, y0 = (page_w - cols * w) / 2, (page_h - nrows * h) / 2
    xs = [x0 + i * w for i in range(cols + 1)]
    ys = [y0 + j * h for j in range(nrows + 1)]
    gap = 1.5 * mm
    bg, ink = HexColor(BACKGROUND), HexColor(INK)

    c = Canvas(out, pagesize=A4, invariant=1, initialFontName="F-body")  # no base-14 font
    per_page = cols * nrows
    for start in range(0, len(rows), per_page):
        for i, row in enumerate(rows[start:start + per_page]):
            x = x0 + (i % cols) * w
            top = y0 + (nrows - i // cols) * h
            c.setFillColor(bg)
            c.rect(x, top - h, w, h, stroke=0, fill=1)
            c.setFillColor(ink)
            c.setFont("F-bold", TITLE["size"])
            c.drawString(x + TITLE["x"] * mm, top - TITLE["y"] * mm - TITLE["size"] * 0.8, row["title"])
            c.setFont("F-display", BIG["size"])
            c.drawCentredString(x + (BIG["x"] + BIG["w"] / 2) * mm, top - BIG["y"] * mm - BIG["size"] * 0.8, row["big"])
            c.setFont("F-body", SMALL[0]["size"])
            for k, s in enumerate(SMALL, 1):
                c.drawCentredString(x + (s["x"] + s["w"] / 2) * mm, top - s["y"] * mm - s["size"] * 0.8, row[f"n{k}"])
        c.setLineWidth(0.25)
        for x in xs:
            c.line(x, 0, x, y0 - gap)
            c.line(x, ys[-1] + gap, x, page_h)
        for y in ys:
            c.line(0, y, x0 - gap, y)
            c.line(xs[-1] + gap, y, page_w, y)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

"""``--format tts``: Tabletop Simulator deck sheets.

For every card-like part (cut, rectangular components; tokens, uncut sheets
and documents are skipped with a note) the cards are laid out, one slot per
physical card (quantities expanded, deck order), on sheets of at most
:data:`MAX_COLS` × :data:`MAX_ROWS` slots and at most :data:`MAX_PX` px on
each side.  The **last slot** of every sheet (the 70th of a 10 × 7 grid) is
left for Tabletop Simulator's hidden card and holds the back image, so a
sheet carries at most ``cols × rows − 1`` cards.  Grids are at least 2 × 2
(the importer's minimum).  Faces are trim only (no bleed), 8-bit sRGB.

Files per part, in ``<out>/<kit>/tts/``: ``<part>-<n>.png`` (face sheets),
``<part>-back.png`` (one back for the whole deck) or ``<part>-back-<n>.png``
(sheets of backs in the same grid when the cards' backs differ: "unique
backs"), and ``<part>.json`` listing each sheet's face and back files,
``cols``, ``rows`` and card ``count`` — the numbers Tabletop Simulator's
Custom Deck dialog asks for — and every card's sheet and slot.
"""

from __future__ import annotations

import json
import math

from printkit.export.kinds import Exported, Source
from printkit.export.faces import Shot, png_bytes, render_shots
from printkit.units import to_mm

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
#: A card slot is never wider than this (px): 2.5 in at 300 dpi.
MAX_CELL_W = 750
#: Colour of an empty slot.
EMPTY = (200, 200, 200)


def grid_for(n: int) -> tuple[int, int]:
    """(cols, rows) for ``n`` cards plus the hidden slot: the fewest rows
    (at least 2) of at most 10, then the fewest columns (at least 2) that
    hold them; ``n`` ≤ 69 (10 × 7 − 1)."""
    slots = n + 1
    rows = max(2, math.ceil(slots / MAX_COLS))
    cols = max(2, math.ceil(slots / rows))
    assert rows <= MAX_ROWS, n
    return cols, rows


def cell_size(width: float, height: float, cols: int, rows: int) -> tuple[int, int]:
    """(w, h) px of a slot for a ``width`` × ``height`` card so the sheet
    stays within :data:`MAX_PX` on both sides (aspect kept to a pixel)."""
    cw = min(MAX_CELL_W, MAX_PX // cols)
    ch = round(cw * height / width)
    if ch * rows > MAX_PX:
        ch = MAX_PX // rows
        cw = min(round(ch * width / height), MAX_PX // cols)
    return cw, ch


def export_tts(src: Source) -> Exported:
    """The TTS files of ``src`` (see the module docstring)."""
    from PIL import Image

    result = Exported("tts")
    skipped = []
    per_sheet = MAX_COLS * MAX_ROWS - 1
    for name, title, cset in src.parts:
        comps = [c for c in cset.components if c.cut and c.shape == "rect" and c.quantity > 0]
        if not comps:
            skipped.append(name)
            continue
        sizes = {(round(c.width, 2), round(c.height, 2)) for c in comps}
        if len(sizes) > 1:
            result.notes.append(f"tts: {src.name}/{name} mixes card sizes; each size is its own deck")
        for k, size in enumerate(sorted(sizes, key=lambda s: [(round(c.width, 2), round(c.height, 2))
                                                                for c in comps].index(s))):
            group = [c for c in comps if (round(c.width, 2), round(c.height, 2)) == size]
            deck = name if k == 0 else f"{name}-{k + 1}"
            cards = [c for c in group for _ in range(c.quantity)]
            backs = {c.back.key if c.back else None for c in group}
            unique_backs = len(backs) > 1
            chunks = [cards[i:i + per_sheet] for i in range(0, len(cards), per_sheet)]
            grids = [grid_for(len(ch)) for ch in chunks]
            # one slot size for the whole deck (the back image fits every sheet): the largest grid's
            cell = cell_size(group[0].width, group[0].height, max(g[0] for g in grids), max(g[1] for g in grids))
            cells = [cell] * len(grids)
            # render each distinct face once per cell size
            wanted: dict[tuple, Shot] = {}
            for ch, cell in zip(chunks, cells):
                for c in ch:
                    wanted.setdefault((c.front.key, cell), Shot(c, c.front, 0.0, 0.0, cell))
                    if c.back is not None:
                        wanted.setdefault((c.back.key, cell), Shot(c, c.back, 0.0, 0.0, cell))
                    elif (None, cell) not in wanted:
                        wanted[(None, cell)] = None
            keys = [k for k, s in wanted.items() if s is not None]
            imgs = dict(zip(keys, render_shots([wanted[k] for k in keys], src.theme)))

            def picture(key, cell):
                return imgs.get((key, cell)) or Image.new("RGB", cell, (255, 255, 255))

            meta = {"deck": deck, "title": title, "kit": src.name,
                    "card_mm": [round(to_mm(size[0]), 2), round(to_mm(size[1]), 2)],
                    "unique_backs": unique_backs, "hidden_slot": "last slot of each sheet (back image)",
                    "sheets": [], "cards": []}
            single_back = None
            if not unique_backs:
                key = next(iter(backs))
                single_back = f"{deck}-back.png"
                result.files[single_back] = png_bytes(picture(key, cells[0]), 300)
            for n, (ch, (cols, rows), cell) in enumerate(zip(chunks, grids, cells), 1):
                sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), EMPTY)
                back_sheet = Image.new("RGB", sheet.size, EMPTY) if unique_backs else None
                for i, c in enumerate(ch):
                    at = ((i % cols) * cell[0], (i // cols) * cell[1])
                    sheet.paste(picture(c.front.key, cell), at)
                    if back_sheet is not None:
                        back_sheet.paste(picture(c.back.key if c.back else None, cell), at)
                    meta["cards"].append({"name": c.name, "sheet": n, "slot": i + 1})
                hidden = (cols * rows - 1)
                hidden_at = ((hidden % cols) * cell[0], (hidden // cols) * cell[1])
                hidden_key = next(iter(backs)) if not unique_backs else (ch[0].back.key if ch[0].back else None)
                sheet.paste(picture(hidden_key, cell), hidden_at)
                face_file = f"{deck}-{n}.png"
                result.files[face_file] = png_bytes(sheet, 300)
                back_file = single_back
                if back_sheet is not None:
                    back_sheet.paste(picture(hidden_key, cell), hidden_at)
                    back_file = f"{deck}-back-{n}.png"
                    result.files[back_file] = png_bytes(back_sheet, 300)
                meta["sheets"].append({"face": face_file, "back": back_file, "cols": cols, "rows": rows,
                                       "count": len(ch), "card_px": list(cell)})
            result.files[f"{deck}.json"] = (json.dumps(meta, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    if skipped:
        result.notes.append(f"tts: {src.name}: {', '.join(skipped)} not card-like (tokens, round or hexagonal "
                            "pieces, uncut sheets); skipped")
    return result

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
Custom Deck dialog asks for — and every card's sheet and slot.  Cards with
no back get a plain white one (Tabletop Simulator shows a back for every
card), and one note per deck says so.

``<part>-saved-object.json`` is the deck as a Tabletop Simulator **saved
object** (the save-file format: a save whose ``ObjectStates`` holds one
``DeckCustom``, or one ``Card`` for a one-card deck), loadable from
*Objects → Saved Objects* once copied to TTS's ``Saves/Saved Objects``
folder: ``CustomDeck`` keyed by deck id (1, 2, … one per sheet) with
``FaceURL``/``BackURL`` — ``file:///`` URIs of the sheets as written, so
the object loads on the machine that built it (upload the sheets and
replace the URIs to share it) — ``NumWidth``/``NumHeight`` (the grid),
``BackIsHidden`` (the last slot) and ``UniqueBack``; ``DeckIDs`` and each
contained card's ``CardID`` = deck id × 100 + slot, slots counted from 0
in reading order; the card's name as ``Nickname``, its text as ``Description``.  The cards lie face
down; a size other than poker (63.5 × 88.9 mm) scales the object.
"""

from __future__ import annotations

import json
import math

from printkit.export.kinds import FOLDER_URI, Exported, Source
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


#: Poker card trim (pt): Tabletop Simulator's card at scale 1.
POKER = (63.5 * 72 / 25.4, 88.9 * 72 / 25.4)


def _guid(*parts) -> str:
    """A 6-hex-digit object GUID derived from ``parts`` (deterministic)."""
    import hashlib

    return hashlib.sha256("|".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def saved_object(deck: str, title: str, meta: dict, size: tuple[float, float], texts: list[str]) -> dict:
    """The Tabletop Simulator saved object of one deck (see the module
    docstring) from its ``meta`` (sheets with face/back files, cols, rows,
    count; cards with name, sheet, slot from 1), card ``size`` (pt) and
    each card's front ``texts`` (its ``Description``: TTS searches it).
    URIs are ``FOLDER_URI`` + file name: the export's folder is filled in
    when it is written (:func:`printkit.export.write_folder`)."""
    scale = {"scaleX": round(size[0] / POKER[0], 4), "scaleY": 1.0, "scaleZ": round(size[1] / POKER[1], 4)}
    custom = {}
    for n, sheet in enumerate(meta["sheets"], 1):
        custom[str(n)] = {"FaceURL": FOLDER_URI + sheet["face"], "BackURL": FOLDER_URI + sheet["back"],
                          "NumWidth": sheet["cols"], "NumHeight": sheet["rows"], "BackIsHidden": True,
                          "UniqueBack": bool(meta["unique_backs"]), "Type": 0}

    def transform(y: float = 1.0) -> dict:
        return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0, **scale}

    cards = []
    for i, card in enumerate(meta["cards"]):
        deck_id = card["sheet"]
        cards.append({"Name": "Card", "Transform": transform(), "Nickname": card["name"], "Description": texts[i],
                      "CardID": deck_id * 100 + card["slot"] - 1,
                      "CustomDeck": {str(deck_id): custom[str(deck_id)]},
                      "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
                      "Tooltip": True, "Hands": True, "SidewaysCard": False, "GUID": _guid(deck, "card", i)})
    if len(cards) == 1:
        state = cards[0]
    else:
        state = {"Name": "DeckCustom", "Transform": transform(), "Nickname": title, "Description": "",
                 "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
                 "Hands": False, "SidewaysCard": False,
                 "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards,
                 "GUID": _guid(deck, "deck")}
    return {"SaveName": "", "GameMode": "", "Date": "", "VersionNumber": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
            "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": [state]}


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
        left = sum(c.quantity for c in cset.components if c.quantity > 0) - sum(c.quantity for c in comps)
        if left:  # a part printing cards and tokens on one stock: the tokens are said, not dropped unsaid
            skipped.append(f"{name} ({left} of its pieces)")
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
            imgs: dict = {}

            def render(keys) -> None:
                """Rasterise the faces of one sheet (``keys``); earlier sheets' images are dropped
                first, so memory holds one sheet's faces, not the deck's (50,000 cards)."""
                keys = [k for k in dict.fromkeys(keys) if wanted.get(k) is not None]
                for old in [k for k in imgs if k not in set(keys)]:
                    del imgs[old]  # kept when the next sheet shows it too (a deck of few distinct cards)
                todo = [k for k in keys if k not in imgs]
                imgs.update(zip(todo, render_shots([wanted[k] for k in todo], src.theme)))

            def picture(key, cell):
                return imgs.get((key, cell)) or Image.new("RGB", cell, (255, 255, 255))

            meta = {"deck": deck, "title": title, "kit": src.name,
                    "card_mm": [round(to_mm(size[0]), 2), round(to_mm(size[1]), 2)],
                    "unique_backs": unique_backs, "hidden_slot": "last slot of each sheet (back image)",
                    "sheets": [], "cards": []}
            bare = sum(1 for c in group if c.back is None)
            if bare:  # Tabletop Simulator shows every card's back: say which one these get
                shown = f"{deck}-back.png" if not unique_backs else f"{deck}-back-<n>.png"
                some = "the cards have" if bare == len(group) else f"{bare} of its {len(group)} different cards have"
                label = src.name if deck == src.name else f"{src.name}/{deck}"
                hint = "; give the deck a back (printkit deck --back BACK.toml) to show your own" if src.strict else ""
                result.notes.append(f"tts: {label}: {some} no back, so Tabletop Simulator shows a plain "
                                    f"white back for them ({shown}){hint}")
            single_back = None
            if not unique_backs:
                key = next(iter(backs))
                single_back = f"{deck}-back.png"
                render([(key, cells[0])])
                result.files[single_back] = png_bytes(picture(key, cells[0]), 300)
            for n, (ch, (cols, rows), cell) in enumerate(zip(chunks, grids, cells), 1):
                hidden_key = next(iter(backs)) if not unique_backs else (ch[0].back.key if ch[0].back else None)
                render([(c.front.key, cell) for c in ch] + [(c.back.key, cell) for c in ch if c.back is not None]
                       + [(hidden_key, cell)])
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
                sheet.paste(picture(hidden_key, cell), hidden_at)
                face_file = f"{deck}-{n}.png"
                result.add(face_file, png_bytes(sheet, 300))
                back_file = single_back
                if back_sheet is not None:
                    back_sheet.paste(picture(hidden_key, cell), hidden_at)
                    back_file = f"{deck}-back-{n}.png"
                    result.add(back_file, png_bytes(back_sheet, 300))
                meta["sheets"].append({"face": face_file, "back": back_file, "cols": cols, "rows": rows,
                                       "count": len(ch), "card_px": list(cell)})
            result.files[f"{deck}.json"] = (json.dumps(meta, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
            saved = saved_object(deck, title, meta, size, [c.front.text for ch in chunks for c in ch])
            result.files[f"{deck}-saved-object.json"] = (json.dumps(saved, indent=2, ensure_ascii=False)
                                                         + "\n").encode("utf-8")
            result.uri_files.add(f"{deck}-saved-object.json")
    if skipped:
        result.notes.append(f"tts: {src.name}: {', '.join(skipped)} not card-like (tokens, round or hexagonal "
                            "pieces, uncut sheets); skipped")
    if not result.files:
        result.notes.append(f"tts: {src.name}: no cards; nothing written")
    return result

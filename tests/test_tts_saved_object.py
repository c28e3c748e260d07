"""``--format tts``: a Tabletop Simulator saved object beside the sheets.

Checked against TTS's save-file format as its knowledge base and the
community's typed declarations give it (``kb.tabletopsimulator.com``,
"Save File Format"; ``@typed-tabletop-simulator/declaration``): a save
whose ``ObjectStates`` holds a ``DeckCustom`` with ``CustomDeck`` keyed by
deck id (a string of the integer), each entry with ``FaceURL``,
``BackURL``, ``NumWidth``, ``NumHeight``, ``BackIsHidden``, ``UniqueBack``;
``DeckIDs`` listing every ``ContainedObjects`` card's ``CardID`` in order,
``CardID`` = deck id × 100 + the card's index on its sheet, counted from 0
in reading order.  The oracle for names and order is the example deck's
CSV (quantities expanded); the oracle for slots is the sheet image itself.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

from click.testing import CliRunner
from PIL import Image

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "deck"


def _file_of(uri: str) -> Path:
    u = urlparse(uri)
    assert u.scheme == "file" and u.netloc == "", uri
    return Path(unquote(u.path))


def _check_deck(obj: dict, folder: Path) -> dict:
    assert set(obj) >= {"SaveName", "ObjectStates"} and len(obj["ObjectStates"]) == 1
    deck = obj["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    assert {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"} <= set(deck["Transform"])
    custom = deck["CustomDeck"]
    assert custom and all(k.isdigit() and int(k) >= 1 for k in custom)
    sheets = {}
    for key, entry in custom.items():
        face, back = _file_of(entry["FaceURL"]), _file_of(entry["BackURL"])
        assert face.parent == folder and back.parent == folder and face.is_file() and back.is_file()
        assert isinstance(entry["NumWidth"], int) and isinstance(entry["NumHeight"], int)
        assert 2 <= entry["NumWidth"] <= 10 and 2 <= entry["NumHeight"] <= 7
        assert entry["BackIsHidden"] is True and isinstance(entry["UniqueBack"], bool)
        with Image.open(face) as im:
            assert im.width % entry["NumWidth"] == 0 and im.height % entry["NumHeight"] == 0
            sheets[int(key)] = (im.convert("RGB"), entry["NumWidth"], entry["NumHeight"])
        with Image.open(back) as b:
            hidden = sheets[int(key)]
            cw, ch = hidden[0].width // hidden[1], hidden[0].height // hidden[2]
            if not entry["UniqueBack"]:
                assert b.size == (cw, ch)
    cards = deck["ContainedObjects"]
    assert deck["DeckIDs"] == [c["CardID"] for c in cards]
    seen = set()
    for c in cards:
        assert c["Name"] == "Card" and isinstance(c["CardID"], int)
        deck_id, index = divmod(c["CardID"], 100)
        assert str(deck_id) in custom and c["CustomDeck"] == {str(deck_id): custom[str(deck_id)]}
        img, cols, rows = sheets[deck_id]
        assert 0 <= index < cols * rows - 1  # the last slot is the hidden card
        # the slot holds a card, not an empty slot's one flat colour
        cw, ch = img.width // cols, img.height // rows
        slot = img.crop(((index % cols) * cw, (index // cols) * ch, (index % cols + 1) * cw, (index // cols + 1) * ch))
        assert any(lo != hi for lo, hi in slot.getextrema()), (c["Nickname"], index)
        assert c["CardID"] not in seen
        seen.add(c["CardID"])
    return deck


def test_example_deck_saved_object_loads_its_sheets(tmp_path):
    r = CliRunner().invoke(main, ["deck", str(DECK / "cards.csv"), "--layout", str(DECK / "front.toml"),
                                  "--back", str(DECK / "back.toml"), "--out", str(tmp_path / "a b"),
                                  "--format", "tts", "-q"])
    assert r.exit_code == 0, r.output
    folder = (tmp_path / "a b" / "finds" / "tts").resolve()
    obj = json.loads((folder / "finds-saved-object.json").read_text(encoding="utf-8"))
    deck = _check_deck(obj, folder)
    with open(DECK / "cards.csv", encoding="utf-8") as f:
        names = [row["title"] for row in csv.DictReader(f) for _ in range(int(row["qty"]))]
    descriptions = [c["Description"] for c in deck["ContainedObjects"]]
    assert len(descriptions) == len(names)
    assert all(d.startswith(n + " ") for d, n in zip(descriptions, names)), (descriptions, names)
    # the first card is deck 1's slot 0
    assert deck["DeckIDs"][:3] == [100, 101, 102]


def test_a_long_deck_spans_two_custom_decks(theme, tmp_path):
    from conftest import make_deck
    from printkit.export import Source, write_folder
    from printkit.export.tts import export_tts
    from printkit.paper import get_paper

    cset = make_deck(theme, n=75)
    res = export_tts(Source("t", "T", [("test", "Test", cset)], [], theme, get_paper("a4"), 0.0))
    write_folder(res, tmp_path)
    folder = (tmp_path / "tts").resolve()
    deck = _check_deck(json.loads((folder / "test-saved-object.json").read_text(encoding="utf-8")), folder)
    ids = deck["DeckIDs"]
    assert ids == [100 + i for i in range(69)] + [200 + i for i in range(6)]
    assert set(deck["CustomDeck"]) == {"1", "2"}
    assert (deck["CustomDeck"]["1"]["NumWidth"], deck["CustomDeck"]["1"]["NumHeight"]) == (10, 7)

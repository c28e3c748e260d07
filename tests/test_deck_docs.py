"""docs/deck-layouts.md and the deck code agree (issue 16): every key the
code accepts is in the doc's tables and every key in the tables is accepted;
every icon on offer has a picture; colours and fonts are the theme's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit import deck

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "deck-layouts.md"


def sections() -> dict[str, list[list[str]]]:
    """Heading's first `code` word (or its text) → the rows of the tables under it
    (header and separator rows left out), each a list of cells."""
    out: dict[str, list[list[str]]] = {}
    current = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#{2,3} (.*)", line)
        if m:
            code = re.search(r"`([^`]+)`", m.group(1))
            current = code.group(1) if code else m.group(1).strip()
            out.setdefault(current, [])
            continue
        if current and line.startswith("|") and not re.match(r"\|\s*-", line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            out[current].append(cells)
    for rows in out.values():  # drop each table's header row (its first cell is plain text)
        rows[:] = [r for r in rows if r[0].startswith("`") or r[0].startswith("![")]
    return out


def keys(rows) -> dict[str, list[str]]:
    return {re.fullmatch(r"`([^`]+)`", r[0]).group(1): r for r in rows}


DOCS = sections()


def test_card_keys_round_trip():
    assert set(keys(DOCS["[card]"])) == deck.CARD_KEYS
    size_row = keys(DOCS["[card]"])["size"]
    assert all(f"`{name}`" in size_row[4] for name in deck.CARD_SIZES)


@pytest.mark.parametrize("kind", sorted(deck.ELEMENT_KEYS))
def test_element_keys_round_trip(kind):
    documented = keys(DOCS[kind])
    aliases = {a for a, k in deck.ALIASES.items() if k in deck.ELEMENT_KEYS[kind]}
    assert set(documented) == deck.ELEMENT_KEYS[kind] | aliases
    for key, (_, typ, unit, default, meaning) in documented.items():
        assert (default == "required") == (key in deck.REQUIRED[kind]), key
        if key in deck.NUMERIC or key == "dash":
            assert unit in ("mm", "pt"), (kind, key, unit)
        else:
            assert unit == "—", (kind, key, unit)
        assert meaning, key


def test_element_types_are_the_code_s():
    documented = {name for name in DOCS if name in deck.ELEMENT_KEYS or re.fullmatch(r"[a-z]+", name)}
    assert documented == set(deck.ELEMENT_KEYS)


def test_text_defaults_and_choices_match_the_code():
    text = keys(DOCS["text"])
    assert text["size"][3] == f"`{deck.TEXT_SIZE:g}`"
    assert text["min_size"][3] == f"`{deck.MIN_SIZE:g}`"
    assert text["leading"][3] == f"{deck.LEADING:g} × `size`"
    assert all(f"`{a}`" in text["align"][4] for a in deck.ALIGNS)
    assert all(f"`{f}`" in text["fit"][4] for f in deck.FITS)
    assert text["color"][4].startswith("the same key as `colour`")
    body = DOC.read_text(encoding="utf-8")
    assert f"by {deck.SHRINK_STEP:g} pt" in body and f"{deck.SAFE_MM:g} mm inside the trim" in body
    assert "PNG, JPEG, GIF, BMP, TIFF or WebP" in body and deck._image_kinds() == "PNG, JPEG, GIF, BMP, TIFF or WebP"


def test_every_icon_has_a_picture_and_a_row():
    from PIL import Image

    rows = DOCS["Icons"]
    pictured = {}
    for picture, name, _ in rows:
        m = re.fullmatch(r"!\[([^\]]+)\]\(img/icons/([^)]+)\.png\)", picture)
        assert m and m.group(1) == m.group(2) == name.strip("`"), picture
        pictured[m.group(2)] = ROOT / "docs" / "img" / "icons" / f"{m.group(2)}.png"
    assert set(pictured) == set(deck.deck_icons())
    for name, path in pictured.items():
        with Image.open(path) as im:
            assert im.format == "PNG" and min(im.size) >= 64, name


def test_colours_and_fonts_are_the_classic_theme_s():
    from printkit.theme import load_theme

    theme = load_theme("classic")
    colours = {k: r[1] for k, r in keys(DOCS["Colours"]).items() if len(r) == 3}
    assert colours == {role: f"`{value.lower()}`" for role, value in theme.colours.items()}
    palettes = {k: r[1] for k, r in keys(DOCS["Colours"]).items() if len(r) == 2}
    assert set(palettes) == set(theme.games)
    for game, palette in theme.games.items():
        documented = dict(re.findall(r"`([^`]+)` `(#[0-9a-f]{6})`", palettes[game]))
        assert documented == {role: value.lower() for role, value in palette.items()}, game
    fonts = {k: r[1] for k, r in keys(DOCS["Fonts"]).items()}
    assert fonts == {role: Path(theme.font_files[role]).name for role in theme.fonts}


def test_links_inside_the_doc_lead_somewhere():
    text = DOC.read_text(encoding="utf-8")
    anchors = {re.sub(r"[^a-z0-9 -]", "", h.lower()).strip().replace(" ", "-")
               for h in re.findall(r"^#{1,3} (.*)$", text, flags=re.M)}
    for target in re.findall(r"\]\(#([^)]+)\)", text):
        assert target in anchors, target
    for target in re.findall(r"\]\(((?!#|https?:)[^)]+)\)", text):
        assert (DOC.parent / target).is_file(), target

"""Issue 24: every label of the ArchéoTREK, Archaeology, Archéo and Archaeologia kits reads (WCAG ≥ 4.5
against its ground) and no text is hidden by
art, badges or other text drawn after it, in every bundled theme (A4 kits, and the
Archaeology board tiled on Letter) — measured on the rendered pages
(:mod:`text_checks`)."""

from __future__ import annotations

import pytest

from text_checks import hidden_glyphs, low_contrast, text_on_text

THEMES = ("classic", "inksaver", "highcontrast")
GAMES = ("archeotrek", "archaeology", "archeo", "archaeologia")


@pytest.fixture(scope="module")
def kits(themed_kits):
    """(theme, name) → PDF bytes: each game's kit PDF on A4, and the Archaeology
    board tiled on Letter (the session's shared builds, conftest ``themed_kits``)."""
    out = {}
    for name in THEMES:
        for g in GAMES:
            out[name, g] = (themed_kits(name, "a4") / g / f"{g}-kit.pdf").read_bytes()
        out[name, "archaeology-board-letter"] = (themed_kits(name, "letter") / "archaeology" / "board.pdf").read_bytes()
    return out


KITS = [*GAMES, "archaeology-board-letter"]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("kit", KITS)
def test_no_glyph_is_hidden_by_what_is_drawn_after_it(kits, theme, kit):
    hidden = hidden_glyphs(kits[theme, kit])
    assert not hidden, (f"{kit} ({theme}): glyphs hidden by later art or sharing its colour "
                        f"(page, char, share shown, x/y pt): {hidden[:15]} ({len(hidden)} in all)")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("kit", KITS)
def test_no_text_overprints_other_text(kits, theme, kit):
    clash = text_on_text(kits[theme, kit])
    assert not clash, f"{kit} ({theme}): text over text (page, chars, x/y pt): {clash[:15]} ({len(clash)} in all)"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("kit", KITS)
def test_every_label_reads_against_its_ground(kits, theme, kit):
    """Every glyph of 5 pt or more, letters as well as digits: WCAG ≥ 4.5 against
    the ground around it on the rendered page."""
    low = low_contrast(kits[theme, kit])
    assert not low, f"{kit} ({theme}): glyphs below 4.5:1 (page, char, ratio, x/y pt): {low[:15]} ({len(low)} in all)"

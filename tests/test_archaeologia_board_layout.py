"""Archaeologia's score boards and player markers as a player prints them
(session 40), measured in the built PDFs and their rendered pixels:

* a player marker's coin or laurel and its symbol stay inside the marker's
  colour disc: the last point inside the disc's edge is the disc's colour
  all the way round (before, the coin touched the edge);
* the RENOWN board's museum says what the rulebook says (RP from the top
  left of the tile; the discovery laid face up next to the board) and no
  word of the board runs into a track space;
* nothing floats between the MONEY track and the tool hut (a stray "coins"
  label did);
* house rules: a track the board cannot hold, markers wider than its
  spaces, a start off the money track or a start at or past the winning RP
  is one line naming the key (a traceback or a broken board before); a longer renown track, a smaller
  marker and a start at 5 RP give boards whose words stay inside the
  board's field and off the track, with START on the start space.
"""

from __future__ import annotations

import re

import numpy as np
import pdfplumber
import pytest
from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.cli import main
from printkit.games.archaeologia.data import load_rules
from printkit.games.archaeologia.kit import marker_components
from printkit.model import ComponentSet
from printkit.paper import get_paper
from printkit.render.sheets import render_set
from printkit.theme import load_theme
from printkit.units import mm

from colour_checks import rasterise
from test_archaeologia_kit import _marker_boxes

GAME = "archaeologia"
THEMES = ("classic", "inksaver", "highcontrast")
BUNDLED = (RULES_DIR / f"{GAME}.toml").read_text(encoding="utf-8")
PT = 72 / 25.4
DPI = 300


# -- player markers -------------------------------------------------------------------------

def _same(a, b, tol: int = 40) -> bool:
    return int(np.abs(np.asarray(a, int) - np.asarray(b, int)).max()) <= tol


@pytest.mark.parametrize("theme_name", THEMES)
def test_marker_icons_keep_inside_their_colour_disc(theme_name, tmp_path):
    """Every money and renown marker (front sheet): walking in from the cut
    along the horizontal through its centre, the pale band ends where the
    colour disc begins (its edge, measured); every pixel of the ring from
    1 pt inside that edge to the edge (less 2 px of anti-aliasing) is the
    disc's colour — no coin, laurel or symbol reaches it."""
    rules, theme = load_rules(), load_theme(theme_name)
    data, _ = render_set(ComponentSet("markers", "markers", "card", marker_components(rules, theme)),
                         paper=get_paper("a4"), theme=theme, bleed=mm(3))
    d = mm(rules.sizes["marker"])
    boxes = _marker_boxes(data, 0, d, "$") + _marker_boxes(data, 0, d, "RP")
    assert len(boxes) == 2 * len(rules.colours), boxes
    (tmp_path / "m.pdf").write_bytes(data)
    png = rasterise(tmp_path / "m.pdf", tmp_path / "m", dpi=DPI, first=1, last=1)[0]
    from PIL import Image
    img = np.asarray(Image.open(png).convert("RGB")).astype(int)
    k = DPI / 72
    bad = []
    for x0, top, x1, bottom in boxes:
        cx, cy, r = (x0 + x1) / 2 * k, (top + bottom) / 2 * k, (x1 - x0) / 2 * k
        row = int(round(cy))
        band = img[row, int(cx + r - 4)]
        edge = next(e for e in range(int(r - 4), 0, -1) if not _same(img[row, int(cx + e)], band, 10))
        disc = img[row, int(cx + edge - 3)]
        ys, xs = np.mgrid[int(cy - r):int(cy + r) + 1, int(cx - r):int(cx + r) + 1]
        dist = np.hypot(xs - cx, ys - cy)
        ring = (dist >= edge - 1 * k) & (dist <= edge - 2)
        pixels = img[ys[ring], xs[ring]]
        off = np.abs(pixels - disc).max(axis=1) > 40
        if off.any():
            bad.append((round(x0), round(top), int(off.sum())))
    assert not bad, f"{theme_name}: markers whose marks reach their disc's edge (x, top, pixels): {bad}"


# -- the boards in the bundled themes --------------------------------------------------------

def _spaces(page) -> list[tuple[float, float, float, float]]:
    """The track spaces of a board page: its square rectangles 12–25 mm a side (pt, top-down)."""
    return [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
            if abs(r["width"] - r["height"]) < 0.5 and 12 * PT <= r["width"] <= 25 * PT]


def _overlaps(w: dict, box) -> bool:
    x0, top, x1, bottom = box
    return w["x0"] < x1 - 0.5 and w["x1"] > x0 + 0.5 and w["top"] < bottom - 0.5 and w["bottom"] > top + 0.5


def _inside(w: dict, box) -> bool:
    x0, top, x1, bottom = box
    return w["x0"] >= x0 - 0.5 and w["x1"] <= x1 + 0.5 and w["top"] >= top - 0.5 and w["bottom"] <= bottom + 0.5


def _board_faults(page, spaces_expected: int) -> list:
    """Words of a board page that run into a track space without lying
    inside it, or leave the board's field (the trim less its 7 mm frame)."""
    spaces = _spaces(page)
    assert len(spaces) == spaces_expected, len(spaces)
    x0, top, x1, bottom = page.trimbox
    field = (x0 + 7 * PT, top + 7 * PT, x1 - 7 * PT, bottom - 7 * PT)
    faults = []
    for w in page.extract_words():
        if not _overlaps(w, page.trimbox):
            continue  # the sheet's footer, outside the board
        if not _inside(w, field):
            faults.append(("off the field", w["text"]))
        for s in spaces:
            if _overlaps(w, s) and not _inside(w, s):
                faults.append(("into a space", w["text"]))
    return faults


@pytest.mark.parametrize("theme_name", ("classic", "highcontrast"))
def test_renown_museum_says_the_rulebook_and_keeps_off_the_track(themed_kits, theme_name):
    """Rulebook (Give a discovery to the museum): the player gains "the
    renown points (RP) shown at the top left of the tile. It is placed face
    up next to the RENOWN board."  The board says so, and none of its words
    runs into a space of the 0–50 track."""
    with pdfplumber.open(themed_kits(theme_name, "a4") / GAME / "boards.pdf") as pdf:
        page = pdf.pages[1]
        text = " ".join(page.extract_text().split())
        assert "RENOWN" in text and "MUSEUM" in text
        assert "the RP at its top left" in text and "face up beside this board" in text, text
        assert not _board_faults(page, 51)


def test_nothing_floats_between_the_money_track_and_the_tool_hut(themed_kits):
    """MONEY/TOOLS: no word between the track's last row and the TOOL HUT's
    title line (a stray "coins" label sat there, under the track's corner)."""
    with pdfplumber.open(themed_kits("classic", "a4") / GAME / "boards.pdf") as pdf:
        page = pdf.pages[0]
        track_bottom = max(s[3] for s in _spaces(page))
        words = page.extract_words()
        hut = min(w["top"] for w in words if w["text"] == "TOOL")
        between = [w["text"] for w in words if w["top"] >= track_bottom - 0.5 and w["bottom"] <= hut - 0.5]
        assert not between, between
        assert not _board_faults(page, 51)


# -- house rules --------------------------------------------------------------------------------

def _house(tmp_path, **changes) -> tuple[object, object]:
    text = BUNDLED
    for key, value in changes.items():
        text, n = re.subn(rf"^{key} = .*$", f"{key} = {value}", text, count=1, flags=re.M)
        assert n == 1, key
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / f"{GAME}.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["build", GAME, "--rules", str(tmp_path / "rules"), "--out", str(out), "-q"])
    return res, out


@pytest.mark.parametrize("changes, key", [
    ({"renown_track_max": 71}, "sizes.renown_track_max"),    # 6 rows of 20.8 mm: 5 fit the 180 mm board
    ({"money_track_max": 52}, "sizes.money_track_max"),      # 5 rows of 17.5 mm leave no room for the tool hut
    ({"start_coins": 60}, "setup.start_coins"),              # off the 0–50 money track (a traceback before)
    ({"start_rp": 40}, "setup.start_rp"),                    # the game would start won
    ({"marker": 18.0}, "sizes.marker"),                      # 13 money spaces across 250 mm are 19.2 mm, not 19.5
    ({"board_width": 200.0}, "sizes.board_width"),           # 13 spaces of 13.8 mm for 16 mm markers
])
def test_house_rules_the_boards_cannot_show_give_one_line(tmp_path, changes, key):
    res, out = _house(tmp_path, **changes)
    assert res.exit_code == 1, res.output
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and key in lines[0] and f"{GAME}.toml" in lines[0], lines
    assert "Traceback" not in res.output
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


@pytest.mark.slow
def test_house_rule_boards_keep_their_words_in_place(tmp_path):
    """A 12 mm marker (smaller spaces: a narrower money track), a money track
    to 64, a renown track to 59 (its last row full: the museum goes under the
    track) and a start at 5 RP: every word on both boards lies inside the
    field and off the spaces (a rental's line ran off a hut as narrow as the
    track before), and START sits on the space of 5."""
    res, out = _house(tmp_path, marker=12.0, money_track_max=64, renown_track_max=59, start_rp=5)
    assert res.exit_code == 0, res.output
    with pdfplumber.open(out / GAME / "boards.pdf") as pdf:
        money, renown = pdf.pages
        assert not _board_faults(money, 65)
        assert not _board_faults(renown, 60)
        words = renown.extract_words()
        start = next(w for w in words if w["text"] == "START")
        space = next(s for s in _spaces(renown) if _inside(start, s))
        assert [w["text"] for w in words if _inside(w, space) and w is not start] == ["5"]
        assert "MUSEUM" in renown.extract_text()

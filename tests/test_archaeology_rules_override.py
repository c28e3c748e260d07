"""`printkit build archaeology --rules DIR`: a rules file is users' data.

Each bad file is the bundled ``rules/archaeology.toml`` with one value changed
(a few cases change several to reach a total): the build exits 1 with one
line naming the file, the ``table.key`` and what is allowed, and writes
nothing.  Texts the theme's fonts cannot draw are refused the same way
(:meth:`printkit.theme.Theme.missing_glyphs`).
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from printkit import RULES_DIR, PrintkitError
from printkit.cli import main
from printkit.games.archaeology.data import check_printable, load_rules, printed_texts
from printkit.theme import font_cmap

BUNDLED = (RULES_DIR / "archaeology.toml").read_text(encoding="utf-8")


def _variant(*changes: tuple[str, str]) -> str:
    """The bundled file with each ``(regex, replacement)`` applied once (the
    regex must match: a test that changes nothing would pass for nothing)."""
    text = BUNDLED
    for old, new in changes:
        assert re.search(old, text, re.M), old
        text = re.sub(old, lambda m: new, text, count=1, flags=re.M)
    assert text != BUNDLED
    return text


def _build(tmp_path, text: str):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "archaeology.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["build", "archaeology", "--rules", str(rules), "--out", str(out)])
    return res, out


TALISMAN = r'(?<=\[treasures\.talisman\]\nname = "Talisman"\n)count = 10'

BAD = [
    # counts per card type: 0–200
    ([(r"^count = 6$", "count = -3")], "keys.count = -3", "from 0 to 200"),
    ([(TALISMAN, "count = 1000000000000")], "treasures.talisman.count", "from 0 to 200"),
    ([(TALISMAN, "count = 100000")], "treasures.talisman.count = 100000", "from 0 to 200"),
    ([(TALISMAN, "count = 1.5")], "treasures.talisman.count = 1.5", "whole number"),
    ([(r"^thief = 9$", "thief = 201")], "thieves.thief = 201", "from 0 to 200"),
    ([(r"^master_thief = 1$", "master_thief = -1")], "thieves.master_thief", "from 0 to 200"),
    ([(r"^remove_thief = 1$", "remove_thief = 10")], "thieves.two_players.remove_thief = 10", "from 0 to 9"),
    ([(r"^players = 2$", "players = 7")], "thieves.two_players.players = 7", "from 2 to 4"),
    # the deck as a whole
    ([(TALISMAN, "count = 200"), (r"^count = 12\ntrade = 1$", "count = 200\ntrade = 1"),
      (r"^count = 12\ntrade = 2$", "count = 200\ntrade = 2")], "the deck would hold", "from 1 to 500"),
    # trade and sell values
    ([(r"^trade = 3\nsell = \[3, 7", "trade = 1000\nsell = [3, 7")], "treasures.talisman.trade = 1000", "from 0 to 99"),
    ([(r"^trade = 3\nsell = \[3, 7", "trade = -2\nsell = [3, 7")], "treasures.talisman.trade = -2", "from 0 to 99"),
    ([(r"^sell = \[3, 7, 12, 18, 26\]", "sell = [3, 7, 7]")], "treasures.talisman.sell", "strictly increasing"),
    ([(r"^sell = \[3, 7, 12, 18, 26\]", "sell = [3, 7, 12, 18, 26, 30]")], "treasures.talisman.sell",
     "1 to 5 whole numbers"),
    ([(r"^sell = \[3, 7, 12, 18, 26\]", "sell = [3, 7, 12, 18, 99999999999999999999]")],
     "treasures.talisman.sell", "beyond 64 bits"),
    ([(r"^sell = \[3, 7, 12, 18, 26\]", "sell = [3, 7, 12, 18, 1000]")], "treasures.talisman.sell",
     "from 1 to 999"),
    # chests
    ([(r"^treasures = 7\nkeys = 3", "treasures = 7\nkeys = 7")], "chests.gold.keys = 7", "from 0 to 6"),
    ([(r"^treasures = 7\nkeys = 3", "treasures = 0\nkeys = 3")], "chests.gold.treasures = 0", "from 1 to 30"),
    ([(r"^treasures = 7\nkeys = 3", "treasures = 1e9\nkeys = 3")], "chests.gold.treasures", "from 1 to 30"),
    # money
    ([(r"^denominations = \[1, 5, 10\]", "denominations = [1, 5, 0]")], "money.denominations = 0", "from 1 to 999"),
    ([(r"^denominations = \[1, 5, 10\]", "denominations = [1, 5, 5]")], "money.denominations", "twice"),
    ([(r"^counts = \[16, 8, 16\]", "counts = [16, 8, 100000]")], "money.counts = 100000", "from 0 to 200"),
    ([(r"^counts = \[16, 8, 16\]", "counts = [16, 8]")], "money", "differ in length"),
    ([(r"^counts = \[16, 8, 16\]", "counts = [0, 0, 0]")], "money.counts", "from 1 to 500"),
    # players
    ([(r"^default = 4", "default = 9")], "players", "min <= default <= max"),
    ([(r"^max = 4", "max = 13")], "players.max = 13", "from 1 to 12"),
    ([(r"^min = 2", "min = 0")], "players.min = 0", "from 1 to 12"),
    ([(r"^max = 4", 'max = "four"')], "players.max = 'four'", "whole number"),
    # sizes (mm)
    ([(r"^card_width = 63.5", "card_width = 5.0")], "sizes.card_width = 5.0", "from 20 to 200"),
    ([(r"^card_height = 88.9", "card_height = 1e9")], "sizes.card_height", "from 20 to 200"),
    ([(r"^card_width = 63.5", "card_width = nan")], "sizes.card_width", "from 20 to 200"),
    ([(r"^card_width = 63.5", "card_width = true")], "sizes.card_width = true", "from 20 to 200"),
    ([(r"^money_diameter = 25.0", "money_diameter = 200.0")], "sizes.money_diameter", "from 10 to 100"),
    ([(r"^board_width = 370.0", "board_width = 5000.0")], "sizes.board_width", "from 50 to 1000"),
    ([(r"^board_height = 234.0", "board_height = inf")], "sizes.board_height", "from 50 to 1000"),
    ([(r"^board_overlap = 12.0", "board_overlap = 1.0")], "sizes.board_overlap = 1.0", "from 3 to 50"),
    ([(r"^board_overlap = 12.0", "board_overlap = 60")], "sizes.board_overlap = 60", "from 3 to 50"),
    ([(r"^face_up = 6", "face_up = 40")], "market.face_up = 40", "from 1 to 8"),
    ([(r"^master_thief_cost = 5", "master_thief_cost = -5")], "thieves.hire.master_thief_cost = -5", "from 0 to 99"),
    ([(r"^thief_takes = 1", "thief_takes = 0")], "thieves.hire.thief_takes = 0", "from 1 to 10"),
    ([(r"^thief = \"Dug up: you may pay \{cost\}", 'thief = "Dug up: you may pay {gold}')], "texts.thief", "{gold}"),
    ([(r"^board_width = 370.0", "board_width = 200.0")], "sizes.board_width", "cannot hold its card spaces"),
    # text: a string of plain printable text
    ([(r'^title = "Archaeology"', 'title = ""')], "game.title", "1 to 40 characters"),
    ([(r'^title = "Archaeology"', "title = 42")], "game.title = 42", "text"),
    ([(r'^title = "Archaeology"', 'title = "Archae\\u202eology"')], "game.title", "bidirectional"),
    ([(r'^note = "leave', 'note = "\\u0007leave')], "thieves.two_players.note", "control character"),
    ([(r'^name = "Coin"', 'name = "' + "Coin" * 20 + '"')], "treasures.coin.name", "1 to 30 characters"),
    ([(r"^key = \"Keep", 'key_typo = "Keep')], "texts.key", "missing"),
    ([(r"^chest = \"Found! Put it face up on its chest space\. Instead of trading, discard \{keys\}",
       'chest = "Found! Put it on its chest space. Discard {gold}')], "texts.chest", "{gold}"),
    ([(r"^chest = \"Found! Put it face up on its chest space\.", 'chest = "Found! {')], "texts.chest", "brace"),
    ([(r'^order = \["parchment-scrap"', 'order = ["ruby"')], "treasures.order", "not a known id"),
    ([(r"^\[keys\]\ncount = 6\n", "[keys]\n")], "keys.count", "missing"),
    # glyphs the theme's fonts lack (classic: Fredoka One, Source Sans Pro)
    ([(r'^tagline = "The board edition', 'tagline = "\U0001F3FA The board edition')], "game.tagline",
     "U+1F3FA"),
    ([(r'^name = "Coin"', 'name = "מטבע"')], "treasures.coin.name", "U+05DE"),
    ([(r'^name = "Gold Chest"', 'name = "Gold Chest \U0001F511"')], "chests.gold.name", "U+1F511"),
    ([(r'^thief = "Dug up', 'thief = "\U0001F977 Dug up')], "texts.thief", "U+1F977"),
    ([(r'^back = "Archaeology"', 'back = "ארכיאולוגיה"')], "texts.back", "no glyph"),
    ([(r'^title = "Archaeology"', 'title = "Archaeology \u2603"')], "game.title", "U+2603"),
    # values the theme has no colour for
    ([(r"^denominations = \[1, 5, 10\]", "denominations = [1, 5, 20]")], "money.denominations", "money_20"),
]


@pytest.mark.parametrize("changes, where, allowed", BAD, ids=[f"{i:02d}-{c[1].split()[0]}" for i, c in enumerate(BAD)])
def test_bad_rules_value_is_one_line_exit_1_nothing_written(tmp_path, changes, where, allowed):
    res, out = _build(tmp_path, _variant(*changes))
    assert res.exit_code == 1, res.output
    lines = [ln for ln in res.output.splitlines() if ln.strip()]
    assert len(lines) == 1, res.output
    (line,) = lines
    assert "archaeology.toml" in line and where in line and allowed in line, line
    assert "Traceback" not in res.output and "malformed" not in line
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


def test_a_deck_without_treasures_is_refused(tmp_path):
    text, n = re.subn(r"^(\[treasures\.[\w-]+\]\nname = [^\n]*\n)count = \d+", r"\1count = 0", BUNDLED, flags=re.M)
    assert n == 10
    res, out = _build(tmp_path, text)
    assert res.exit_code == 1 and len(res.output.strip().splitlines()) == 1, res.output
    assert "archaeology.toml: treasures:" in res.output and "at least 1 treasure card" in res.output
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


def test_every_limit_is_inclusive(tmp_path):
    """The edges of the allowed ranges load (a range check that is off by one
    would refuse them)."""
    text = _variant(
        (r"^count = 6$", "count = 0"),                                   # no keys …
        (r"^treasures = 3\nkeys = 1", "treasures = 1\nkeys = 0"),        # … so no chest needs one
        (r"^treasures = 5\nkeys = 2", "treasures = 30\nkeys = 0"),
        (r"^treasures = 7\nkeys = 3", "treasures = 7\nkeys = 0"),
        (TALISMAN, "count = 200"),
        (r"^trade = 3\nsell = \[3, 7, 12, 18, 26\]", "trade = 99\nsell = [3, 7, 12, 18, 999]"),
        (r"^min = 2", "min = 1"), (r"^max = 4", "max = 12"), (r"^default = 4", "default = 12"),
        (r"^players = 2$", "players = 1"),
        (r"^card_width = 63.5", "card_width = 20"), (r"^board_overlap = 12.0", "board_overlap = 50"),
        (r"^board_width = 370.0", "board_width = 1000"), (r"^face_up = 6", "face_up = 8"),
        (r'^title = "Archaeology"', 'title = "Archäologie: Ärger, Öl & Straße — ×3"'),
    )
    path = tmp_path / "archaeology.toml"
    path.write_text(text, encoding="utf-8")
    r = load_rules(path)
    assert (r.keys, r.treasures["talisman"].count, r.treasures["talisman"].trade) == (0, 200, 99)
    assert (r.players_min, r.players_max, r.players_default, r.card_width, r.board_overlap) == (1, 12, 12, 20.0, 50.0)
    assert r.file == str(path)


def test_bundled_rules_print_in_every_bundled_theme():
    from printkit.theme import available_themes, load_theme

    rules = load_rules()
    for name in available_themes():
        check_printable(rules, load_theme(name))


def test_printed_texts_cover_what_the_kit_prints():
    keys = {k for k, _, _ in printed_texts(load_rules())}
    assert {"game.title", "game.tagline", "thieves.two_players.note", "treasures.pharaohs-mask.name",
            "chests.gold.name", "texts.thief", "texts.master_thief", "texts.key", "texts.chest",
            "texts.back"} <= keys


# -- Theme.missing_glyphs (generic: any game can use it) -------------------------------


def test_missing_glyphs_reads_the_font_cmap(theme):
    for role in theme.font_files:
        assert theme.missing_glyphs("Archaeology — Pharaoh’s Mask ×2 É", role) == ""
        # each missing character once, in order
        assert theme.missing_glyphs("a😀bשלום😀", role) == "😀שלום"
    # the cmap really is the file's: a character Source Sans Pro lacks and one it has
    cmap = font_cmap(theme.font_files["body"])
    assert ord("A") in cmap and 0x1F600 not in cmap
    assert font_cmap(theme.font_files["body"]) is cmap  # read once


def test_missing_glyphs_unreadable_font(tmp_path):
    bad = tmp_path / "broken.ttf"
    bad.write_bytes(b"not a font")
    with pytest.raises(PrintkitError, match="broken.ttf"):
        font_cmap(bad)

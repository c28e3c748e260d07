"""Untrusted --rules folders cannot harm (issue 10): a rules file that is not a
readable regular file is an error naming it — never a silent fallback to the
bundled rules — and keys the bundled rules do not have are errors naming the
file and the dotted key."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import RULES_DIR, PrintkitError
from printkit.cli import main
from printkit.games.archaeology import data as archaeology_data
from printkit.games.archeotrek import data as archeotrek_data
from printkit.rules import check_known_keys, key_tree, unknown_keys, user_rules_file

GAMES = ("archeotrek", "archaeology")


def _bundled(game: str) -> str:
    return (RULES_DIR / f"{game}.toml").read_text(encoding="utf-8")


def _variant(game: str, old: str, new: str) -> str:
    text = _bundled(game)
    assert re.search(old, text, re.M), old
    return re.sub(old, lambda m: new, text, count=1, flags=re.M)


def _build(tmp_path: Path, rules: Path, game: str = "all"):
    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["build", game, "--rules", str(rules), "--out", str(out)])
    return res, out


def _one_line_error(res, out: Path) -> str:
    assert res.exit_code == 1, (res.exit_code, res.output)
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()], "something was written"
    return lines[0]


# -- a rules file that is not a regular file ------------------------------------------------

NOT_A_FILE = {
    "fifo": (os.mkfifo, "pipe (FIFO)"),
    "folder": (os.mkdir, "is a folder"),
    "dev-zero": (lambda p: os.symlink("/dev/zero", p), "character device"),
    "dangling-link": (lambda p: os.symlink(p.parent / "nowhere.toml", p), "cannot read file"),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", list(NOT_A_FILE))
def test_rules_file_not_a_regular_file_is_an_error(tmp_path, game, kind):
    make, said = NOT_A_FILE[kind]
    rules = tmp_path / "rules"
    rules.mkdir()
    make(rules / f"{game}.toml")
    res, out = _build(tmp_path, rules, game)
    line = _one_line_error(res, out)
    assert f"rules/{game}.toml" in line and said in line, line


def test_one_bad_game_rules_file_stops_the_whole_build(tmp_path):
    """`build all`: archeotrek's rules are fine, archaeology's is a FIFO —
    nothing at all is written, not even archeotrek."""
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "archeotrek.toml").write_text(_bundled("archeotrek"), encoding="utf-8")
    os.mkfifo(rules / "archaeology.toml")
    res, out = _build(tmp_path, rules)
    line = _one_line_error(res, out)
    assert "rules/archaeology.toml" in line and "pipe" in line, line


def test_user_rules_file():
    assert user_rules_file("archeotrek", None) is None


def test_user_rules_file_locates_anything_at_the_name(tmp_path):
    assert user_rules_file("archeotrek", tmp_path) is None  # nothing there: the bundled rules
    os.mkfifo(tmp_path / "archeotrek.toml")
    assert user_rules_file("archeotrek", tmp_path) == tmp_path / "archeotrek.toml"
    with pytest.raises(PrintkitError, match="pipe"):
        archeotrek_data.load_rules(user_rules_file("archeotrek", tmp_path))


# -- unknown keys -------------------------------------------------------------------------

UNKNOWN = [
    ("archeotrek", r'^  \{ id = "A3", kind = "normal"', '  { id = "A3", colour = "red", kind = "normal"',
     "digsite.circles[3].colour: unknown key"),
    ("archeotrek", r"^circle_diameter = 18.0", "circle_diameter = 18.0\ncircle_diamter = 20.0",
     "digsite.circle_diamter: unknown key (did you mean 'circle_diameter'?)"),
    ("archeotrek", r"^\[dig\]", "[extra]\nx = 1\n\n[dig]", "extra: unknown key"),
    ("archeotrek", r"^bone_diameter = 25.0", "bone_diameter = 25.0\nweight = 3", "tokens.size.weight: unknown key"),
    ("archeotrek", r"^purple = 4$", "purple = 4\nblack = 5", "tokens.skeletons.black: unknown key"),
    ("archeotrek", r"^min = 1$", 'min = 1\n"odd\\u202ekey" = 2', r"players.'odd\u202ekey': unknown key"),
    ("archaeology", r"^\[chests.gold\]", "[chests.gold]\ncolour = 1", "chests.gold.colour: unknown key"),
    ("archaeology", r"^trade = 2$", "trade = 2\nvalue = 9", "treasures.coin.value: unknown key"),
    ("archaeology", r"^card_width = 63.5", "card_width = 63.5\ncard_widht = 60", "sizes.card_widht: unknown key"),
    ("archaeology", r"^\[money\]", "[texts.extra]\nx = 'y'\n\n[money]", "texts.extra: unknown key"),
    ("archaeology", r"^\[money\]", "[chests.iron]\nname = 'Iron'\n\n[money]", "chests.iron: unknown key"),
]


@pytest.mark.parametrize("game, old, new, fragment", UNKNOWN, ids=[f"{i:02d}-{u[0]}" for i, u in enumerate(UNKNOWN)])
def test_unknown_key_in_rules_file(tmp_path, game, old, new, fragment):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / f"{game}.toml").write_text(_variant(game, old, new), encoding="utf-8")
    res, out = _build(tmp_path, rules, game)
    line = _one_line_error(res, out)
    assert f"rules/{game}.toml: {fragment}" in line, line
    assert "expected one of:" in line, line


def test_keys_named_by_the_users_own_ids_are_known(tmp_path):
    """A new Bone colour, a new chest and a `source` anywhere are not unknown keys."""
    trek = _variant("archeotrek", r'^colours = \["blue", "green", "orange", "purple"\]',
                    'colours = ["blue", "green", "orange", "purple", "black"]')
    trek = trek.replace("purple = [1, 2, 3, 4, 5, 6, 7, 8, 9]\n", "purple = [1, 2, 3, 4, 5, 6, 7, 8, 9]\nblack = [1, 2]\n")
    trek = trek.replace("purple = 4\n", "purple = 4\nblack = 5\n")
    trek = trek.replace('purple = "diamond"\n', 'purple = "diamond"\nblack = "circle"\n')
    trek = trek.replace('{ id = "A1", kind = "normal", x = 13.0, y = 0.0 }',
                        '{ id = "A1", kind = "normal", x = 13.0, y = 0.0, source = "assumed: ours" }')
    (tmp_path / "archeotrek.toml").write_text(trek, encoding="utf-8")
    assert "black" in archeotrek_data.load_rules(tmp_path / "archeotrek.toml").tokens.bones

    arch = _variant("archaeology", r'^order = \["wood", "stone", "gold"\]', 'order = ["wood", "stone", "gold", "iron"]')
    arch = arch.replace("[texts]", "[chests.iron]\nname = \"Iron Chest\"\ntreasures = 2\nkeys = 1\n"
                                   "source = \"assumed: a house rule\"\n\n[texts]")
    (tmp_path / "archaeology.toml").write_text(arch, encoding="utf-8")
    assert "iron" in archaeology_data.load_rules(tmp_path / "archaeology.toml").chests


def test_bundled_rules_have_no_unknown_keys():
    for game in GAMES:
        data = __import__("tomllib").loads(_bundled(game))
        assert unknown_keys(data, key_tree(data)) == []
    archeotrek_data.load_rules()
    archaeology_data.load_rules()


def test_key_tree_engine():
    bundled = {"a": {"b": 1, "list": [{"x": 1}, {"y": 2}]}, "ids": {"one": {"v": 1}, "order": ["one"]}}
    tree = key_tree(bundled)
    user = {"a": {"b": 2, "list": [{"x": 1, "y": 1}, {"z": 3}], "c": 1, "source": "s"},
            "ids": {"two": {"v": 2, "w": 1}, "order": ["two"]}, "top": 1}
    found = unknown_keys(user, tree, ids={"ids": ["two"]})
    assert [k for k, _ in found] == ["a.list[2].z", "a.c", "ids.two.w", "top"]
    assert found[0][1] == ["x", "y"]
    # wrong kinds are the typed checker's business, not an unknown key
    assert unknown_keys({"a": 3, "ids": [1]}, tree) == []
    with pytest.raises(PrintkitError, match=r"^f.toml: a.list\[2\].z: unknown key; expected one of: x, y; "
                                            r"3 more unknown keys after it$"):
        check_known_keys(user, tree, "f.toml", ids={"ids": ["two"]})

"""--rules files are users' data: every bad value is one clear line, exit 1."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.cli import main

BUNDLED = (RULES_DIR / "archeotrek.toml").read_text(encoding="utf-8")


def _variant(old: str, new: str) -> str:
    assert re.search(old, BUNDLED, re.M), old
    return re.sub(old, lambda m: new, BUNDLED, count=1, flags=re.M)


@pytest.mark.parametrize("old,new,needle", [
    (r"^red = \[1, 2, 3, 4, 5, 6\]", "red = []", "dice"),
    (r"^bone_diameter = 25.0", "bone_diameter = 0.0", "bone_diameter"),
    (r"^blue = \[1, 2, 3, 4, 5, 6, 7, 8, 9\]", "blue = [1, 2, 9999999999]", "bones"),
    (r"^blue = \[1, 2, 3, 4, 5, 6, 7, 8, 9\]", "blue = [-4, 2]", "bones"),
    (r"^orange = 3$", "orange = 1e22", "skeletons"),
    (r"^area_sum = 9", "area_sum = 123456789012345678901234567890", "area_sum"),
    (r"^max = 8", "max = 1e20", "players"),
    (r"^max = 8", 'max = "eight"', "players"),
    (r"^default = 4", "default = 9", "min ≤ default ≤ max"),
    (r"^yellow = 5$", "yellow = 30", "boxes in all"),
    (r'^title = "Trek 12: ArchéoTREK"', 'title = "Trek\\u202e 12"', "title"),
    (r'^blue = "circle"', 'blue = "star"', "symbols"),
    (r'^title = "Trek 12: ArchéoTREK"', 'title = "Trek 12 🦴"', "no glyph"),
    (r'^tagline = .*$', 'tagline = "ארכאולוגיה"', "no glyph"),
    (r'^  \{ id = "A1", kind = "normal"', '  { id = "A1", kind = "wobbly"', "kind"),
    (r'^  \["A1", "A2"\]', '  ["A1", "Z9"]', "unknown circle"),
])
def test_bad_rules_value(tmp_path, old, new, needle):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "archeotrek.toml").write_text(_variant(old, new), encoding="utf-8")
    out = tmp_path / "out"
    r = CliRunner().invoke(main, ["build", "archeotrek", "--rules", str(rules), "--out", str(out)])
    assert r.exit_code == 1, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and needle in lines[0] and "archeotrek.toml" in lines[0], r.output
    assert not list(out.rglob("*.pdf"))

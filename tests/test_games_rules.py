"""``printkit games --rules DIR``: a designer with house rules sees the games
as that folder makes them — players, components and counts from its
``<game>.toml`` files (the bundled rules for a game it has none of, with the
note ``build`` gives) — before building anything."""

from __future__ import annotations

import shutil

from click.testing import CliRunner

from printkit import RULES_DIR
from printkit.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _block(stdout: str, game: str) -> list[str]:
    """The lines ``printkit games`` prints for ``game``: its head line, then its parts."""
    lines = stdout.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"{game}: "))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


def test_games_lists_the_counts_and_players_of_a_house_rules_folder(tmp_path):
    """House ArchéoTREK: 7 Bone tokens a colour (28 + 4 Skeletons = 32 tokens),
    1–6 players, 3 by default (3 Dig Site sheets).  ``games --rules`` lists
    exactly that; the other games, which the folder has no file for, list as
    bundled, and stderr names them in ``build``'s note.  Seen failing on the
    old code: ``No such option '--rules'``, exit 2."""
    house = tmp_path / "house"
    house.mkdir()
    text = (RULES_DIR / "archeotrek.toml").read_text(encoding="utf-8")
    for colour in ("blue", "green", "orange", "purple"):
        text = text.replace(f"{colour} = [1, 2, 3, 4, 5, 6, 7, 8, 9]", f"{colour} = [1, 2, 3, 4, 5, 6, 7]")
    text = text.replace("max = 8\ndefault = 4", "max = 6\ndefault = 3")
    (house / "archeotrek.toml").write_text(text, encoding="utf-8")

    r = run("games", "--rules", house)
    assert r.exit_code == 0, r.output
    trek = _block(r.stdout, "archeotrek")
    assert trek[0] == "archeotrek: Trek 12: ArchéoTREK (1–6 players)", trek
    assert any(ln.split()[:3] == ["tokens", "32", "×"] for ln in trek), trek
    assert any(ln.split()[:3] == ["dig-site-sheets", "3", "×"] for ln in trek), trek

    plain = run("games")
    assert plain.exit_code == 0
    assert _block(plain.stdout, "archeotrek")[0] == "archeotrek: Trek 12: ArchéoTREK (1–8 players)"
    assert _block(r.stdout, "archaeology") == _block(plain.stdout, "archaeology")
    assert f"note: --rules {house}: no archaeology.toml in it; archaeology uses the bundled rules" in r.stderr


def test_games_with_a_bad_rules_folder_is_one_line(tmp_path):
    """A folder that is not there, or a house file with a value out of range,
    is one error line naming it, exit 1 or 2 as for ``build``, no traceback."""
    r = run("games", "--rules", tmp_path / "nowhere")
    assert r.exit_code in (1, 2) and "nowhere" in r.stderr and "Traceback" not in r.output, r.output
    house = tmp_path / "house"
    house.mkdir()
    text = (RULES_DIR / "archeotrek.toml").read_text(encoding="utf-8")
    (house / "archeotrek.toml").write_text(text.replace("\narea_sum = 9\n", "\narea_sum = 0\n"), encoding="utf-8")
    r = run("games", "--rules", house)
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("printkit: ")]
    assert len(errors) == 1 and "archeotrek.toml" in errors[0] and "area_sum" in errors[0], r.stderr

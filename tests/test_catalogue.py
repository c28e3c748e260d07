"""``printkit games`` lists each kit from the game's catalogue (issue 26).

A game's ``catalogue(options)`` gives each part's name, title, stock, count and
contents from the rules data without drawing anything; ``parts(options)`` builds
the parts themselves.  The two must never drift: for every registered game
(the four bundled ones and the test plug-in) and several builds — themes
(large print changes titles), papers and ``--board-paper`` (stocks),
``--players`` (sheets per player), house rules (counts) — the catalogue's rows
are the parts' own, and each part's count is the number of pieces it really
holds.  A plug-in without a catalogue is listed from its parts.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import printkit.registry as registry
from printkit.build import BuildOptions
from printkit.cli import main
from printkit.paper import get_paper
from printkit.theme import load_theme

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = Path(__file__).resolve().parent / "plugins"
GAMES = ("archaeologia", "archaeology", "archeo", "archeotrek", "minigame")


@pytest.fixture(scope="module")
def kits():
    """Every registered game's kit, the test plug-in included (tests/plugins on the path)."""
    sys.path.insert(0, str(PLUGINS))
    registry.clear_cache()
    try:
        found = {kit.id: kit for kit in registry.all_games()}
        assert set(GAMES) <= set(found), sorted(found)
        yield found
    finally:
        sys.path.remove(str(PLUGINS))
        registry.clear_cache()


def _rows(parts) -> list[tuple]:
    return [(p.name, p.title, p.stock, p.count, p.contents) for p in parts]


def _pieces(part) -> int:
    """How many physical pieces a built part holds: its components, else the
    drawings of a board, else the one document."""
    if part.components is not None:
        return len(part.components.components)
    if part.faces is not None:
        return len(part.faces.components)
    return 1


BUILDS = {
    "classic-a4": dict(theme="classic", paper="a4"),
    "large-print-letter-a3-board": dict(theme="highcontrast", paper="letter", board_paper="a3"),
    "inksaver-players": dict(theme="inksaver", paper="a4", players="max"),
    "classic-fewest-players": dict(theme="classic", paper="letter", players="min"),
}


@pytest.mark.parametrize("build", sorted(BUILDS))
@pytest.mark.parametrize("game", GAMES)
def test_the_catalogue_lists_the_parts_the_kit_builds(kits, game, build):
    kit = kits[game]
    assert kit.catalogue is not None, f"{game} gives no catalogue"
    spec = BUILDS[build]
    players = {"max": kit.players[1], "min": kit.players[0]}.get(spec.get("players"))
    opts = BuildOptions(paper=get_paper(spec["paper"]), theme=load_theme(spec["theme"]), players=players,
                        board_paper=spec.get("board_paper"))
    built = kit.parts(opts)
    assert [p.count for p in built] == [_pieces(p) for p in built], "a part's count is the pieces it holds"
    for p in built:
        if p.contents:
            assert sum(n for n, _ in p.contents) == p.count
    assert _rows(kit.catalogue(opts)) == _rows(built)
    if spec["theme"] == "classic":  # printkit games: no theme loaded, the default theme's rows
        assert _rows(kit.catalogue(replace(opts, theme=None))) == _rows(built)


def test_the_catalogue_reads_house_rules(kits, tmp_path):
    """A --rules folder that changes counts changes the catalogue as it changes the kit."""
    text = (ROOT / "rules" / "archaeology.toml").read_text(encoding="utf-8")
    assert "\ncounts = [16, 8, 16]\n" in text and "\nthief = 9\n" in text
    (tmp_path / "archaeology.toml").write_text(
        text.replace("\ncounts = [16, 8, 16]\n", "\ncounts = [10, 8, 16]\n").replace("\nthief = 9\n", "\nthief = 7\n"),
        encoding="utf-8")
    kit = kits["archaeology"]
    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), rules_dir=tmp_path)
    rows = {p.name: p for p in kit.catalogue(replace(opts, theme=None))}
    # the money tokens print in cards.pdf, after the cards (one row, each kind counted)
    assert [n for n, _ in rows["cards"].contents] == [93 - 2, 34] and rows["cards"].count == 93 - 2 + 34
    assert _rows(kit.catalogue(opts)) == _rows(kit.parts(opts))


def test_a_game_without_a_catalogue_is_listed_from_its_parts(kits, monkeypatch):
    """A plug-in that gives no catalogue still works: ``games`` builds its parts
    under the classic theme and lists the same rows."""
    plain = replace(kits["minigame"], catalogue=None)
    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"), players=plain.players[2])
    listed = plain.listing(opts)
    assert _rows(listed) == _rows(plain.parts(opts))
    assert all(p.components is None and p.document is None and p.faces is None for p in listed)
    games = {"minigame": plain, "archeo": kits["archeo"]}  # `printkit games` asks the registry, game by game
    monkeypatch.setattr(registry, "game_ids", lambda: list(games))
    monkeypatch.setattr(registry, "get_game", games.__getitem__)
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "minigame: Minigame (2–3 players)"
    assert lines[1].split() == ["rules-reference", "1", "×", "Rules", "reference", "[plain", "paper]"]
    assert lines[2].split()[:3] == ["cards", "6", "×"]
    assert lines[3].startswith("archeo: Archéo")

"""The game registry reads the ``printkit.games`` entry points without
:mod:`importlib.metadata` (issue 26: importing it and scanning with it was a
third of ``printkit score``'s start-up), and finds exactly what it finds.

The oracle is :func:`importlib.metadata.entry_points` itself, asked about the
same ``sys.path``: the same games, values and order — so a plug-in that
declares a bundled game's id shadows it exactly when it did before (the first
distribution on the path wins), a distribution installed twice counts once,
and what the scan does not model (a zip on the path, a metadata folder named
in capitals, a malformed ``entry_points.txt``) is left to importlib.metadata.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import zipfile
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from printkit import gamefiles, registry
from printkit.gamefiles import GROUP, game_entry_points, scan_entry_points

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = Path(__file__).resolve().parent / "plugins"


def _oracle() -> list[tuple[str, str]]:
    importlib.invalidate_caches()
    return [(ep.name, ep.value) for ep in entry_points(group=GROUP)]


def _scanned() -> list[tuple[str, str]] | None:
    eps = scan_entry_points(GROUP)
    return None if eps is None else [(ep.name, ep.value) for ep in eps]


def _dist(where: Path, folder: str, text: str | None) -> Path:
    """A distribution's metadata folder ``where/folder`` with ``entry_points.txt`` = ``text``."""
    d = where / folder
    d.mkdir(parents=True)
    (d / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {folder.split('-')[0]}\nVersion: 1\n")
    if text is not None:
        (d / "entry_points.txt").write_text(text, encoding="utf-8")
    return d


@pytest.fixture
def path(monkeypatch):
    """Put folders at the front (or the back) of sys.path for one test."""
    def put(*folders: Path, front: bool = True) -> None:
        new = [str(f) for f in folders]
        monkeypatch.setattr(sys, "path", new + sys.path if front else sys.path + new)
        gamefiles.clear_cache()
    yield put
    gamefiles.clear_cache()
    registry.clear_cache()


def test_the_scan_finds_what_importlib_metadata_finds(path):
    path(PLUGINS)
    assert _scanned() == _oracle()
    ids = list(game_entry_points())
    assert {"archeotrek", "archaeology", "archaeologia", "archeo", "minigame"} <= set(ids)


@pytest.mark.parametrize("front", [True, False], ids=["plug-in first", "plug-in last"])
def test_a_plugin_shadowing_a_bundled_id_wins_where_it_did(tmp_path, path, front):
    """Declared before printkit on the path, a plug-in's ``archeotrek`` is the one
    loaded; after it, the bundled one — as importlib.metadata orders them."""
    _dist(tmp_path, "shadow_trek-1.0.dist-info",
          "# a fan's own Trek 12\n[console_scripts]\nshadow = shadow:main\n\n[printkit.games]\n"
          "  archeotrek   =  shadow.kit : GAME  \nshadowonly=shadow.kit:OTHER\n")
    path(tmp_path, front=front)
    scanned, oracle = _scanned(), _oracle()
    assert scanned == oracle
    winner = game_entry_points()["archeotrek"]
    assert winner.value == ("shadow.kit : GAME" if front else "printkit.games.archeotrek.kit:GAME")
    assert winner.module == ("shadow.kit" if front else "printkit.games.archeotrek.kit")
    assert "shadowonly" in game_entry_points()


def test_a_distribution_found_twice_counts_once(tmp_path, path):
    """Two folders holding the same distribution (names normalised as pip does):
    only the first one's entry points count, in either folder order."""
    a, b = tmp_path / "a", tmp_path / "b"
    _dist(a, "Fan_Game-2.0.dist-info", "[printkit.games]\nfan = fan_new:GAME\n")
    _dist(b, "fan.game-1.0.egg-info", "[printkit.games]\nfan = fan_old:GAME\nfan-extra = fan_old:EXTRA\n")
    _dist(b, "other-1.0.dist-info", None)  # no entry points at all
    (b / "broken-1.0.dist-info").mkdir()
    (b / "broken-1.0.dist-info" / "entry_points.txt").mkdir()  # a folder where the file should be
    for order in ((a, b), (b, a)):
        path(*order)
        assert _scanned() == _oracle()
        assert game_entry_points()["fan"].value == ("fan_new:GAME" if order[0] == a else "fan_old:GAME")


@pytest.mark.parametrize("case", ["malformed line", "capital suffix", "zip on the path"])
def test_what_the_scan_does_not_model_is_left_to_importlib_metadata(tmp_path, path, case):
    if case == "malformed line":
        _dist(tmp_path, "odd-1.0.dist-info", "[printkit.games]\noddgame = odd:GAME\n[other]\nno equals sign here\n")
        where = tmp_path
    elif case == "capital suffix":
        _dist(tmp_path, "Odd-1.0.DIST-INFO", "[printkit.games]\noddgame = odd:GAME\n")
        where = tmp_path
    else:
        where = tmp_path / "fan.zip"
        with zipfile.ZipFile(where, "w") as z:
            z.writestr("zipfan-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipfan\nVersion: 1\n")
            z.writestr("zipfan-1.0.dist-info/entry_points.txt", "[printkit.games]\nzipgame = zipfan:GAME\n")
    path(where)
    assert _scanned() is None
    if case == "malformed line":  # importlib.metadata refuses the whole listing; so does the registry
        with pytest.raises(TypeError):
            _oracle()
        with pytest.raises(TypeError):
            game_entry_points()
    else:
        assert [(ep.name, ep.value) for ep in game_entry_points().values()] == \
            [(n, v) for n, v in _oracle() if n in game_entry_points()]
        assert "zipgame" in game_entry_points() or "oddgame" in game_entry_points()


def test_an_entry_point_loads_as_importlib_metadata_loads_it(path):
    path(PLUGINS)
    ep = game_entry_points()["minigame"]
    kit = ep.load()
    assert kit.id == "minigame" and ep.module == "minigame" and ep.attr == "GAME"
    assert gamefiles.game_folder("minigame") == PLUGINS / "minigame"


def test_score_finds_a_shadowing_plugin_without_importlib_metadata(tmp_path):
    """Through the CLI: a plug-in declaring ``archeotrek`` ahead of printkit on the
    path is the game ``games`` lists and ``score`` asks — and neither loads
    importlib.metadata."""
    pkg = tmp_path / "shadowtrek"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from types import SimpleNamespace\nfrom printkit.gamekit import GameKit, Part, Scorer\n"
        "def _parts(options):\n    return [Part('sheet', 'Shadow sheet', 'paper', count=2)]\n"
        "def _scorer(rules_path=None):\n"
        "    return Scorer(load=lambda p: SimpleNamespace(valid=True, problems=[], name=p.name),\n"
        "                  validate=lambda g, partial=False: [], score=lambda g, partial=False: g,\n"
        "                  render_text=lambda g: 'shadow scored ' + g.name + '\\n', render_json=lambda g, **k: '{}')\n"
        "GAME = GameKit(id='archeotrek', title='Shadow Trek', players=(1, 2, 1), parts=_parts, catalogue=_parts,\n"
        "               scorer=_scorer)\n")
    _dist(tmp_path, "shadowtrek-1.0.dist-info", "[printkit.games]\narcheotrek = shadowtrek:GAME\n")
    game = tmp_path / "g.toml"
    game.write_text('game = "archeotrek"\n')
    probe = ("import sys, runpy\nsys.argv = ['printkit'] + sys.argv[1:]\n"
             "try:\n    runpy.run_module('printkit', run_name='__main__')\n"
             "finally:\n    print('@@', 'importlib.metadata' in sys.modules, file=sys.stderr)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    listed = subprocess.run([sys.executable, "-c", probe, "games"], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=120)
    assert "archeotrek: Shadow Trek (1–2 players)" in listed.stdout, listed.stderr
    assert "sheet" in listed.stdout and "@@ False" in listed.stderr
    scored = subprocess.run([sys.executable, "-c", probe, "score", "archeotrek", str(game)], capture_output=True,
                            text=True, env=env, cwd=tmp_path, timeout=120)
    assert scored.stdout.startswith("shadow scored"), scored.stderr
    assert "@@ False" in scored.stderr

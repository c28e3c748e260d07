"""The shape of the code (issue 23): one door for a game, no import loops.

* Every import in ``printkit/games/**`` (and in the test plug-in game) of a
  ``printkit`` module is ``printkit.gamekit`` or the game's own package — a
  game never reaches into the engine or another game.
* The module import graph of ``printkit`` — every ``import`` / ``from …
  import`` statement, at module level, inside functions and under ``if
  TYPE_CHECKING:`` alike — has no cycle, and no upward edge: the engine
  (every module outside ``printkit.games``) never imports a game, and
  ``printkit.gamekit`` never imports a game nor the build, the registry or
  the command line.

The graph is built here from the source with :mod:`ast` (not by importing),
each ``from a.b import c`` pointing at module ``a.b.c`` when that is a module,
else at ``a.b``.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "printkit"
PLUGIN = Path(__file__).resolve().parent / "plugins" / "minigame"
#: What printkit.gamekit may not import besides games: the layers above it.
ABOVE_GAMEKIT = ("printkit.build", "printkit.registry", "printkit.cli", "printkit.scoring.cli", "printkit.export")


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


@functools.cache
def _imports(path: Path, package: str) -> tuple[tuple[int, str], ...]:
    """(line, imported module or module.name) of every import statement in ``path``
    (each file parsed once per run: the sources do not change under the suite)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            found += [(node.lineno, f"{base}.{a.name}") for a in node.names]
    return tuple(found)


@functools.cache
def _graph() -> dict[str, frozenset[str]]:
    """The import graph (module -> the printkit modules it imports), read once per run."""
    mods = _modules()

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        package = m if p.name == "__init__.py" else m.rpartition(".")[0]
        for _, target in _imports(p, package):
            r = resolve(target) if target.startswith("printkit") else None
            if r and r != m:
                edges[m].add(r)
    return {m: frozenset(t) for m, t in edges.items()}


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_cycle_finder_finds_a_loop():
    # the oracle itself: a -> b -> c -> a is one cycle, d alone is none
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_in_printkit():
    edges = _graph()
    assert len(edges) > 100  # the whole package was read
    assert _cycles(edges) == []


def _game_of(module: str) -> str | None:
    """``printkit.games.<id>`` of a module inside a game, else ``None``."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["printkit", "games"] and len(parts) > 2 else None


def test_no_upward_import():
    upward = []
    for m, targets in _graph().items():
        for t in targets:
            if _game_of(t) and _game_of(t) != _game_of(m):  # engine, gamekit or another game -> a game
                upward.append(f"{m} -> {t}")
            if m.startswith("printkit.gamekit") and t.startswith(ABOVE_GAMEKIT):
                upward.append(f"{m} -> {t}")
    assert upward == []


def _game_files():
    """(the game's package, its folder, a .py file of it) for every bundled game and the plug-in."""
    games = sorted(p for p in (PKG / "games").iterdir() if (p / "__init__.py").is_file())
    assert len(games) >= 4
    for folder in games:
        for path in sorted(folder.rglob("*.py")):
            yield f"printkit.games.{folder.name}", folder, path
    for path in sorted(PLUGIN.rglob("*.py")):
        yield "minigame", PLUGIN, path


@pytest.mark.parametrize("own,folder,path", list(_game_files()),
                         ids=lambda v: v.relative_to(ROOT.parent).as_posix() if isinstance(v, Path) else "")
def test_games_import_only_gamekit(own, folder, path):
    package = ".".join([own, *path.parent.relative_to(folder).parts])
    wrong = [f"line {line}: {name}" for line, name in _imports(path, package)
             if name.startswith("printkit") and not name.startswith("printkit.gamekit")
             and not (name == own or name.startswith(own + "."))]
    assert wrong == [], f"{path.relative_to(ROOT.parent)} imports outside printkit.gamekit and its own package"


def test_gamekit_offers_each_name_once_and_every_name_resolves():
    import printkit.gamekit as gamekit

    assert sorted(gamekit.__all__) == sorted(gamekit._WHERE)
    # the TYPE_CHECKING imports (what the import graph and type checkers see) name the same things
    tree = ast.parse((PKG / "gamekit" / "__init__.py").read_text(encoding="utf-8"))
    seen = {(node.module, a.name) for block in tree.body if isinstance(block, ast.If)
            for node in ast.walk(block) if isinstance(node, ast.ImportFrom) for a in node.names}
    assert seen == {(m, n) for m, names in gamekit._EXPORTS.items() for n in names}
    for name in gamekit.__all__:
        assert getattr(gamekit, name) is not None


#: The files every bundled game has, one per role (docs/adding-a-game.md).
ROLE_FILES = ("__init__.py", "kit.py", "data.py", "art.py", "cover.py", "documents.py", "game.py", "scoring.py",
              "scorepad/__init__.py", "scorepad/scorer.js", "scorepad/ui.js", "scorepad/ui.css", "palette.toml")


@pytest.mark.parametrize("game", sorted(p.name for p in (PKG / "games").iterdir() if (p / "__init__.py").is_file()))
def test_every_game_folder_has_the_same_files_for_the_same_roles(game):
    import tomllib

    folder = PKG / "games" / game
    assert [f for f in ROLE_FILES if not (folder / f).is_file()] == []
    assert sorted(p.name for p in (folder / "templates").glob(f"{game}-*.html.j2")), "its own templates/"
    palette = tomllib.loads((folder / "palette.toml").read_text(encoding="utf-8"))
    assert list(palette) == ["games"] and list(palette["games"]) == [game] and palette["games"][game]
    # kit.py holds the contract the entry point names
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert entry["project"]["entry-points"]["printkit.games"][game] == f"printkit.games.{game}.kit:GAME"


@pytest.mark.parametrize("game", ["archeotrek", "archaeology", "archaeologia", "archeo"])
def test_every_game_gives_the_shared_codes_their_rule_text(game):
    """Every bundled game's CODES holds the scoring core's shared codes
    (scoring.problems.SHARED_CODES; Archéo, cooperative, has no [[player]]
    tables and so no player codes) first, in that order, each with a rule."""
    import importlib

    from printkit.gamekit import SHARED_CODES

    codes = importlib.import_module(f"printkit.games.{game}.game").Problem.CODES
    shared = [c for c in SHARED_CODES if game != "archeo" or c not in ("no-players", "duplicate-player")]
    assert list(codes)[: len(shared)] == shared
    assert all(codes[c][1].strip() for c in shared)
    assert codes["game-name"][1] == f'the file\'s `game` is "{game}" (absent: warning)'

"""Where a registered game's own files are: its folder, ``palette.toml`` and
``templates/``, found from its entry point without importing the game.

Every game — bundled or a fan's pip package — declares one entry point in the
group :data:`GROUP` (see :mod:`printkit.registry`).  Its package folder (the
entry point's module when that is a package, else the package holding it)
may carry:

* ``palette.toml`` — the game's colours, one ``[games.<id>]`` table of
  ``role = "#rrggbb"`` lines: the base of that game's palette under every
  theme (a theme's own ``[games.<id>]`` entries override it; see
  :func:`printkit.theme.load_theme`);
* ``templates/`` — the game's document templates (jinja2 HTML, e.g. its rules
  reference), looked up after the theme's folders, so a theme may replace one
  by giving a file of the same name (:mod:`printkit.render.documents`).

This module is part of the engine core: it imports no game and neither
:mod:`printkit.registry` nor :mod:`printkit.gamekit`.
"""

from __future__ import annotations

import importlib.util
import re
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

#: Entry-point group every game registers in.
GROUP = "printkit.games"
#: What a game id may look like: it names folders (``out/<id>/``) and files.
GAME_ID = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
#: A game's palette file and template folder, in its package folder.
PALETTE_FILE = "palette.toml"
TEMPLATES_FOLDER = "templates"


@lru_cache(maxsize=1)
def game_entry_points() -> dict[str, EntryPoint]:
    """Game id → entry point, in declaration order; the first declaration
    of an id wins and ids that are not :data:`GAME_ID` are left out."""
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        if GAME_ID.match(ep.name) and ep.name not in found:
            found[ep.name] = ep
    return found


@lru_cache(maxsize=None)
def game_folder(game_id: str) -> Path | None:
    """The package folder of the registered game ``game_id``; ``None`` for an
    unknown id, a game that is one top-level module, or a package that cannot
    be found (loading the game then reports that)."""
    ep = game_entry_points().get(game_id)
    if ep is None:
        return None
    module = ep.module
    try:
        spec = importlib.util.find_spec(module)
        if spec is not None and not spec.submodule_search_locations and "." in module:
            spec = importlib.util.find_spec(module.rpartition(".")[0])
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def palette_file(game_id: str) -> Path | None:
    """``<game folder>/palette.toml`` when it exists, else ``None``."""
    folder = game_folder(game_id)
    path = folder / PALETTE_FILE if folder else None
    return path if path is not None and path.is_file() else None


def templates_dir(game_id: str | None) -> Path | None:
    """``<game folder>/templates`` when it is a folder, else ``None``."""
    folder = game_folder(game_id) if game_id else None
    path = folder / TEMPLATES_FOLDER if folder else None
    return path if path is not None and path.is_dir() else None


def clear_cache() -> None:
    """Forget the entry points and folders found (a plug-in installed at run time)."""
    game_entry_points.cache_clear()
    game_folder.cache_clear()

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

import importlib
import importlib.util
import os
import re
import sys
from functools import lru_cache, reduce
from pathlib import Path
from typing import Any

#: Entry-point group every game registers in.
GROUP = "printkit.games"
#: What a game id may look like: it names folders (``out/<id>/``) and files.
GAME_ID = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")
#: A game's palette file and template folder, in its package folder.
PALETTE_FILE = "palette.toml"
TEMPLATES_FOLDER = "templates"


class GameEntryPoint:
    """One entry point of the group :data:`GROUP`: ``name`` (the game id),
    ``value`` (``"package.module:NAME"``), ``group``; ``module``, ``attr`` and
    ``load()`` as :class:`importlib.metadata.EntryPoint` has them."""

    __slots__ = ("name", "value", "group")
    #: :attr:`importlib.metadata.EntryPoint.pattern`: module, then ``:attr`` and ``[extras]``.
    pattern = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")

    def __init__(self, name: str, value: str, group: str = GROUP):
        self.name, self.value, self.group = name, value, group

    @property
    def module(self) -> str:
        return self.pattern.match(self.value).group("module")  # type: ignore[union-attr]

    @property
    def attr(self) -> str | None:
        return self.pattern.match(self.value).group("attr")  # type: ignore[union-attr]

    def load(self) -> Any:
        """Import the module and return the object named (raises what the import raises)."""
        match = self.pattern.match(self.value)
        module = importlib.import_module(match.group("module"))  # type: ignore[union-attr]
        return reduce(getattr, filter(None, (match.group("attr") or "").split(".")), module)  # type: ignore[union-attr]

    def __repr__(self) -> str:
        return f"GameEntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def _normalize(name: str) -> str:
    """A distribution name as :mod:`importlib.metadata` compares them (PEP 503, ``-`` as ``_``)."""
    if name.isalnum() and name.islower():  # most names: nothing to replace (and no regex to run)
        return name
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _declared(text: str, group: str) -> list[tuple[str, str]] | None:
    """(name, value) of the entry points of ``group`` in an
    ``entry_points.txt``, parsed as :mod:`importlib.metadata` parses it;
    ``None`` for a line it would refuse (``name = value`` without ``=``)."""
    out: list[tuple[str, str]] = []
    section = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section is not None:
            name, eq, value = line.partition("=")
            if not eq:
                return None
            if section == group:
                out.append((name.strip(), value.strip()))
    return out


def scan_entry_points(group: str = GROUP) -> list[GameEntryPoint] | None:
    """Every entry point of ``group``, in the order
    :func:`importlib.metadata.entry_points` gives them, read from the
    ``*.dist-info``/``*.egg-info`` folders of :data:`sys.path` without
    importing :mod:`importlib.metadata` (its import and scan are a third of
    ``printkit score``'s start-up, issue 26).

    The same distributions in the same order — each folder of ``sys.path`` in
    turn, its metadata folders grouped by normalised name as listed, the first
    distribution of each name only — and the same parsing.  ``None`` when the
    environment holds what this scan does not model (a zip file or ``.egg`` on
    the path, another finder of distributions on :data:`sys.meta_path`, a
    metadata folder whose name does not give the distribution's, an
    unreadable or malformed ``entry_points.txt``): :mod:`importlib.metadata`
    then answers (``tests/test_registry_scan.py`` compares the two)."""
    from importlib.machinery import PathFinder

    if any(getattr(f, "find_distributions", None) is not None and f is not PathFinder for f in sys.meta_path):
        return None
    seen: set[str] = set()
    found: list[GameEntryPoint] = []
    for root in sys.path:
        if not isinstance(root, str) or os.path.basename(root).lower().endswith(".egg"):
            return None
        try:
            children = os.listdir(root or ".")
        except FileNotFoundError:
            continue
        except OSError:  # a zip file on the path, an unreadable folder
            return None
        by_name: dict[str, list[str]] = {}
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                by_name.setdefault(_normalize(low.rpartition(".")[0].partition("-")[0]), []).append(child)
        for child in (c for names in by_name.values() for c in names):
            stem, ext = os.path.splitext(child)
            if ext not in (".dist-info", ".egg-info"):
                return None  # its name comes from its METADATA file
            key = _normalize(stem.partition("-")[0])
            if key in seen:
                continue
            seen.add(key)
            try:
                with open(os.path.join(root, child, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
                continue
            except (OSError, ValueError):
                return None
            pairs = _declared(text, group)
            if pairs is None:
                return None
            found += [GameEntryPoint(name, value, group) for name, value in pairs]
    return found


@lru_cache(maxsize=1)
def game_entry_points() -> dict[str, Any]:
    """Game id → entry point (:class:`GameEntryPoint`, or
    :class:`importlib.metadata.EntryPoint` where :func:`scan_entry_points`
    leaves it to that module), in declaration order; the first declaration
    of an id wins and ids that are not :data:`GAME_ID` are left out."""
    eps = scan_entry_points(GROUP)
    if eps is None:
        from importlib.metadata import entry_points

        eps = entry_points(group=GROUP)
    found: dict[str, Any] = {}
    for ep in eps:
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

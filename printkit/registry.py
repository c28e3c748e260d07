"""The game registry: every game is a plug-in found through entry points.

A game — bundled or a fan's own pip package — declares one entry point in
the group :data:`GROUP` whose object is a :class:`printkit.gamekit.GameKit`
(the game contract)::

    [project.entry-points."printkit.games"]
    mygame = "mygame.kit:GAME"

The engine never imports a game by name: ``printkit build``, ``games``,
``score``, ``validate``, ``simulate``, ``export-game`` and ``deck`` icons all
ask this module.  Games load lazily (importing one reads its rules data), in
the order the entry points are declared.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Callable

from printkit import PrintkitError, UsageError

if TYPE_CHECKING:  # pragma: no cover
    from printkit.gamekit.contract import GameKit

#: Entry-point group every game registers in.
GROUP = "printkit.games"
#: What a game id may look like: it names folders (``out/<id>/``) and files.
GAME_ID = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        if GAME_ID.match(ep.name) and ep.name not in found:  # first declaration wins
            found[ep.name] = ep
    return found


def game_ids() -> list[str]:
    """Ids of every registered game, in declaration order (bundled games first
    when printkit's own entry points are read first)."""
    return list(_entry_points())


@lru_cache(maxsize=None)
def get_game(game_id: str) -> "GameKit":
    """The :class:`~printkit.gamekit.GameKit` registered as ``game_id``.

    Raises :class:`printkit.UsageError` for an unknown id (listing the
    registered ones) and :class:`printkit.PrintkitError` (one line) when the
    plug-in cannot be imported or its object is not a game kit.
    """
    from printkit.gamekit.contract import GameKit

    eps = _entry_points()
    if game_id not in eps:
        raise UsageError(f"GAME: unknown game {game_id!r}; choose one of: {', '.join(eps) or '(none installed)'}")
    ep = eps[game_id]
    try:
        kit = ep.load()
    except PrintkitError:
        raise
    except Exception as exc:  # a fan's plug-in may fail in any way: one line, not a traceback
        raise PrintkitError(f"game plug-in {game_id!r} ({ep.value}) failed to load: "
                            f"{type(exc).__name__}: {str(exc)[:200]}") from None
    if not isinstance(kit, GameKit):
        raise PrintkitError(f"game plug-in {game_id!r} ({ep.value}) is a {type(kit).__name__}, not a GameKit")
    if kit.id != game_id:
        raise PrintkitError(f"game plug-in {game_id!r} ({ep.value}) says its id is {kit.id!r}; they must match")
    return kit


def all_games() -> list["GameKit"]:
    """Every registered game's kit, loaded (see :func:`get_game`)."""
    return [get_game(g) for g in game_ids()]


def scoring_game_ids() -> list[str]:
    """Ids of the registered games that carry a scorer."""
    return [g for g in game_ids() if get_game(g).scorer is not None]


def icons() -> dict[str, Callable[..., Any]]:
    """Every icon the registered games offer to decks: name → draw function
    ``(canvas, x, y, size, fill, detail)`` (pt, centred on x, y).  The first
    game to declare a name keeps it."""
    out: dict[str, Callable[..., Any]] = {}
    for kit in all_games():
        for name, fn in kit.icons.items():
            out.setdefault(name, fn)
    return out


def clear_cache() -> None:
    """Forget discovered games (tests that install a plug-in at run time)."""
    _entry_points.cache_clear()
    get_game.cache_clear()

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

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from printkit import PrintkitError, UsageError, gamefiles
from printkit.gamefiles import GAME_ID, GROUP, game_entry_points

if TYPE_CHECKING:  # pragma: no cover
    from printkit.gamekit.contract import GameKit

# GROUP, GAME_ID and the entry points themselves live in printkit.gamefiles (engine
# core: the theme and documents find a game's palette.toml and templates/ there).
_entry_points = game_entry_points


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
    gamefiles.clear_cache()
    get_game.cache_clear()


__all__ = ["GAME_ID", "GROUP", "all_games", "clear_cache", "game_ids", "get_game", "icons", "scoring_game_ids"]

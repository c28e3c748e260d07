"""The game registry: every game is a plug-in found through entry points.

A game — bundled or a fan's own pip package — declares one entry point in
the group :data:`GROUP` whose object is a :class:`printkit.gamekit.GameKit`
(the game contract)::

    [project.entry-points."printkit.games"]
    mygame = "mygame.kit:GAME"

The engine never imports a game by name: ``printkit build``, ``games``,
``score``, ``validate``, ``simulate``, ``export-game`` and ``deck`` icons all
ask this module.  Games load lazily (importing one reads its rules data), in
the order the entry points are declared.  The entry points are read without
:mod:`importlib.metadata` (:func:`printkit.gamefiles.scan_entry_points`: the
same distributions, order and first-declaration-wins as that module, which
answers whenever the scan meets what it does not model), so a plug-in that
declares a bundled game's id before printkit on ``sys.path`` shadows it, as
before.
"""

from __future__ import annotations

import unicodedata
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
        raise unknown_game(game_id, {g: g for g in eps})
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


def _spelling(text: str) -> str:
    """What a game's name is compared by: accents, case, spaces and
    punctuation aside (``Trek 12: ArchéoTREK`` → ``trek12archeotrek``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum())


def unknown_game(text: str, names: dict[str, str]) -> UsageError:
    """The one line of every command for a GAME ``text`` that names no game
    (exit 2): ``GAME: unknown game 'archeotrk'; choose one of: archaeologia,
    …, by id or title in any case (did you mean 'archeotrek'?)`` — the
    ids in ``names`` listed (each name, an id or a title, → its game's id,
    the ids first); the hint when ``text`` is spelt close to one of the
    names, compared as :func:`resolve_game` compares."""
    import difflib  # for the suggestion only

    from printkit.inputfiles import show

    ids = list(dict.fromkeys(names.values()))
    by_spelling = {}
    for name, gid in names.items():
        by_spelling.setdefault(_spelling(name), gid)
    close = difflib.get_close_matches(_spelling(text), list(by_spelling), n=1)
    hint = f" (did you mean {by_spelling[close[0]]!r}?)" if close else ""
    return UsageError(f"GAME: unknown game {show(text)}; choose one of: {', '.join(ids) or '(none installed)'}, "
                      f"by id or title in any case{hint}")


def resolve_game(text: str) -> str:
    """The id of the registered game ``text`` names: its id or its title, in
    any case, with or without accents and punctuation (``ARCHEOTREK``,
    ``"Trek 12: ArchéoTREK"``, ``archéo``).  The ids are tried first, so a
    plug-in's title never hides a game's id.

    Raises :class:`printkit.UsageError` (listing the registered games) when
    it names none, or when it is the title of several.
    """
    eps = game_ids()
    if text in eps:
        return text
    key = _spelling(text)
    names = {g: g for g in eps}  # every id and title, for the suggestion when nothing matches
    if not key:
        raise unknown_game(text, names)
    by_id = [g for g in eps if _spelling(g) == key]
    if len(by_id) == 1:
        return by_id[0]
    by_title = []
    for g in eps:
        try:
            title = get_game(g).title
        except PrintkitError:  # a broken plug-in is reported when it is asked for by id
            continue
        names.setdefault(title, g)
        if _spelling(title) == key:
            by_title.append(g)
    if len(by_title) == 1:
        return by_title[0]
    if by_title:
        from printkit.inputfiles import show

        raise UsageError(f"GAME: {show(text)} is the title of {', '.join(by_title)}; give the id")
    raise unknown_game(text, names)


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

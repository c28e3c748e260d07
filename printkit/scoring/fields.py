"""The file and field checks every game's game-file reader shares.

A game file is a stranger's data: these checks turn every kind of trouble
into :class:`~printkit.scoring.problems.Problem` s (never a traceback), so
one bad entry never hides another.  Each takes the game's ``Problem``
subclass (``P``) and appends to a problem list; messages quote values through
:func:`printkit.inputfiles.show` (short, escaped).

Codes used: ``game-name``, ``unknown-key``, ``missing-key``, ``wrong-type``,
``no-players``, ``duplicate-player`` — every game's ``CODES`` has them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit import PrintkitError
from printkit.inputfiles import INT64_MAX, INT64_MIN, load_json_file, load_toml_file, name_key, show, text_flaw
from printkit.messages import MAX_NAME
from printkit.scoring.problems import WARNING, Problem

#: Keys a player might write for ``[[player]]`` (a hint in the message).
_PLAYER_TYPOS = ("players", "Player")


def is_int(v: Any) -> bool:
    """A whole number (``True``/``False`` are not)."""
    return isinstance(v, int) and not isinstance(v, bool)


def is_int64(v: Any) -> bool:
    """A whole number that fits 64 bits (TOML's integer range, −2⁶³ … 2⁶³−1)."""
    return is_int(v) and INT64_MIN <= v <= INT64_MAX


def is_count(v: Any) -> bool:
    """A whole number from 0 to 2⁶³−1."""
    return is_int(v) and 0 <= v <= INT64_MAX


def type_name(v: Any) -> str:
    """The value's type in the format's words ("a whole number", "text",
    "a table", …; "a number beyond 64 bits" outside TOML's range)."""
    if is_int(v) and not is_int64(v):
        return "a number beyond 64 bits"
    return {bool: "true/false", int: "a whole number", float: "a decimal number", str: "text",
            list: "a list", dict: "a table", type(None): "no value"}.get(type(v), type(v).__name__)


def item_text(key: Any) -> str:
    """A key or id as a problem's ``item``: itself when plain, short,
    non-blank text; else its escaped, shortened :func:`show` form (always one
    printable line)."""
    if isinstance(key, str) and key.strip() and len(key) <= 40 and not text_flaw(key):
        return key
    return show(key)


def read_game_file(path: str | Path) -> Any:
    """Parsed data of a game file: JSON when the name ends in ``.json``,
    else TOML (read bounded, UTF-8, a BOM tolerated).

    Raises :class:`printkit.PrintkitError` for an unreadable file, non-UTF-8
    bytes or invalid TOML/JSON (with line and column)."""
    path = Path(path)
    return load_json_file(path) if path.suffix.lower() == ".json" else load_toml_file(path)


def require_table(data: Any, source: str) -> dict[str, Any]:
    """``data`` when it is a table; else raises :class:`printkit.PrintkitError`
    (a game file whose top level is a list or a number cannot be checked)."""
    if not isinstance(data, dict):
        raise PrintkitError(f"{source}: a game file is a table of keys, not {type_name(data)}")
    return data


def check_top(data: dict[str, Any], game_id: str, top_keys: tuple[str, ...], P: type[Problem],
              probs: list[Problem]) -> None:
    """Unknown top-level keys (``unknown-key``) and the ``game`` line
    (``game-name``: absent is a warning, another game an error)."""
    for key in data:
        if key not in top_keys:
            hint = " (did you mean [[player]]?)" if key in _PLAYER_TYPOS else ""
            probs.append(P.make("unknown-key", f"unknown top-level key {show(key)}{hint}; "
                                f"allowed: {', '.join(top_keys)}", **P.at_item(item_text(key))))
    g = data.get("game")
    if g is None:
        probs.append(P.make("game-name", f'no `game = "{game_id}"` line', severity=WARNING, **P.at_item("game")))
    elif g != game_id:
        probs.append(P.make("game-name", f"game is {show(g)}, expected {game_id!r}", **P.at_item("game")))


def player_tables(raw: Any, P: type[Problem], probs: list[Problem], *, key: str = "player") -> list[tuple[int, dict]]:
    """The ``[[player]]`` tables as (seat from 1, table).  No players is
    ``no-players``; a value that is not a list of tables, or an entry that is
    not a table, is ``wrong-type`` (that seat is skipped)."""
    if raw is None or raw == []:
        probs.append(P.make("no-players", "no [[player]] tables: nothing to score"))
        return []
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list):
        probs.append(P.make("wrong-type", f"`{key}` is {type_name(raw)}; write [[player]] tables", **P.at_item(key)))
        return []
    out = []
    for seat, entry in enumerate(raw, 1):
        if isinstance(entry, dict):
            out.append((seat, entry))
        else:
            probs.append(P.make("wrong-type", f"player {seat} is {type_name(entry)}, not a [[player]] table",
                                player=f"player {seat}"))
    return out


def player_name(raw: dict[str, Any], seat: int, P: type[Problem], probs: list[Problem]) -> tuple[str, bool]:
    """(the name shown for this player, whether it is the player's own).

    A missing name is ``missing-key``; a name that is not text, blank,
    longer than :data:`printkit.messages.MAX_NAME` or holding control,
    bidirectional or lone-surrogate characters is ``wrong-type``; such a
    player is called ``"player N"``.  A good name is returned stripped."""
    name = raw.get("name")
    pname = f"player {seat}"
    at = P.at_item("name")
    if name is None:
        probs.append(P.make("missing-key", f"player {seat} has no `name`", player=pname, **at))
    elif not isinstance(name, str) or not name_key(name):
        what = type_name(name) if not isinstance(name, str) else "empty" if not name else "blank"
        probs.append(P.make("wrong-type", f"player {seat}'s `name` is {what}; write a non-empty text",
                            player=pname, **at))
    elif len(name) > MAX_NAME:
        probs.append(P.make("wrong-type", f"player {seat}'s `name` is {len(name):,} characters long; "
                            f"write at most {MAX_NAME}", player=pname, **at))
    elif text_flaw(name):
        probs.append(P.make("wrong-type", f"player {seat}'s `name` {show(name)} holds {text_flaw(name)}; "
                            "write plain text", player=pname, **at))
    else:
        return name.strip(), True
    return pname, False


def check_keys(raw: dict[str, Any], allowed: tuple[str, ...], P: type[Problem], probs: list[Problem], *,
               where: str = "[[player]]", player: str | None = None, hints: dict[str, str] | None = None) -> None:
    """``unknown-key`` for every key of ``raw`` not in ``allowed``
    (``hints``: key → a hint appended to its message)."""
    for key in raw:
        if key not in allowed:
            hint = (hints or {}).get(key, "") if isinstance(key, str) else ""
            probs.append(P.make("unknown-key", f"unknown key {show(key)} in {where}; allowed: "
                                f"{', '.join(allowed)}{hint}", player=player, **P.at_item(item_text(key))))


class Table:
    """The players at one table: refuses a second player whose name equals
    an earlier one once case, Unicode normalisation and invisible characters
    are set aside (``duplicate-player``)."""

    def __init__(self, P: type[Problem], probs: list[Problem]):
        self.P, self.probs = P, probs
        self.seen: dict[str, tuple[int, str]] = {}

    def seat(self, name: str, seat: int, named: bool = True) -> bool:
        """Record the player at ``seat``; False (and a problem) when the
        name is taken.  Players without a name of their own (``named``
        False) are not compared."""
        if not named:
            return True
        key = name_key(name)
        first = self.seen.get(key)
        if first is None:
            self.seen[key] = (seat, name)
            return True
        fseat, fname = first
        self.probs.append(self.P.make(
            "duplicate-player",
            f"players {fseat} and {seat} are both called {show(name)}"
            + ("" if name == fname else
               f" (player {fseat} wrote {show(fname)}: the same name once case, "
               "Unicode normalisation and invisible characters are set aside)")
            + "; names must differ",
            player=name, **self.P.at_item("name")))
        return False

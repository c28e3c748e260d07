"""Problems: the one shape every game's scorer reports broken rules in.

A game subclasses :class:`Problem` once, giving its ``CODES`` table (code →
(default severity, the rule in words)) and, as extra dataclass fields, where
a problem sits in its files (circles and tokens, an event number, an item…).
The CLI renders every game's problems the same way (:meth:`Problem.__str__`)
and JSON shows the same keys in the same order (:meth:`Problem.to_dict`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar

from printkit.inputfiles import escape_display
from printkit.messages import clip

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One broken rule.

    ``code``: stable identifier (a key of the class's :attr:`CODES`);
    ``severity``: ``"error"`` (the game is invalid) or ``"warning"``;
    ``message``: what is wrong, in words; ``player``: the player's name,
    ``None`` for file-level problems.  Subclasses add location fields (with
    defaults), which :meth:`to_dict` lists between ``player`` and
    ``message``.
    """

    #: code → (default severity, the rule it enforces).  Stable: tests, docs
    #: and JSON use the codes.
    CODES: ClassVar[dict[str, tuple[str, str]]] = {}

    code: str
    severity: str
    message: str
    player: str | None = None

    @classmethod
    def make(cls, code: str, message: str, *, severity: str | None = None, **where: Any) -> "Problem":
        """A problem with ``code``'s default severity (overridable); raises
        ``KeyError`` for a code not in :attr:`CODES` (a programming error)."""
        return cls(code, severity or cls.CODES[code][0], message, **where)

    @classmethod
    def at_item(cls, item: str | None) -> dict[str, Any]:
        """``{"item": item}`` when this problem type has an ``item`` field,
        else ``{}`` — how the shared checks say which key they mean."""
        return {"item": item} if _has_item(cls) else {}

    @property
    def rule(self) -> str:
        """The rule this problem breaks, in words (from :attr:`CODES`)."""
        return self.CODES.get(self.code, ("", ""))[1]

    @property
    def is_error(self) -> bool:
        """True for an error-level problem."""
        return self.severity == ERROR

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping: code, severity, player, the subclass's
        location fields (tuples as lists), message, rule."""
        out: dict[str, Any] = {"code": self.code, "severity": self.severity, "player": self.player}
        for f in fields(self)[4:]:
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        out["message"] = self.message
        out["rule"] = self.rule
        return out

    def __str__(self) -> str:
        """One line, ``<severity> [<code>] <player>: <message> (rule: <rule>)``;
        control characters escaped so printing can neither fail nor drive the
        terminal; a long player name shortened (:func:`printkit.messages.clip`)."""
        who = f"{clip(self.player)}: " if self.player is not None else ""
        return escape_display(f"{self.severity} [{self.code}] {who}{self.message} (rule: {self.rule})")


def has_errors(problems: list[Problem]) -> bool:
    """True when any problem is an error."""
    return any(p.severity == ERROR for p in problems)


#: Codes every game's file checks use (:mod:`printkit.scoring.fields`), with
#: their default severity; a game's ``CODES`` gives each its rule text.
SHARED_CODES = ("game-name", "unknown-key", "missing-key", "wrong-type", "no-players", "duplicate-player")


def shared_codes(game: str, *, format: str, missing: str,
                 wrong_type: str = "every entry has the type the format gives",
                 players: bool = True) -> dict[str, tuple[str, str]]:
    """The ``CODES`` entries of :data:`SHARED_CODES` for ``game``, in that
    order, each an error with its rule in the same words in every game:
    ``format``: the game file format's name ("only the keys of the <format>
    format are allowed"); ``missing``: which keys a file must have;
    ``wrong_type``: the type rule; ``players``: the format has
    ``[[player]]`` tables (``no-players``, ``duplicate-player``; a
    cooperative game's file may have none)."""
    codes = {
        "game-name": (ERROR, f'the file\'s `game` is "{game}" (absent: warning)'),
        "unknown-key": (ERROR, f"only the keys of the {format} format are allowed"),
        "missing-key": (ERROR, missing),
        "wrong-type": (ERROR, wrong_type),
    }
    if players:
        codes["no-players"] = (ERROR, "a game has at least one [[player]]")
        codes["duplicate-player"] = (ERROR, "player names are unique at the table")
    return codes


@cache
def _has_item(cls: type) -> bool:
    """Whether the problem type ``cls`` has an ``item`` field (asked once
    per type: a file of 100,000 unknown keys makes as many problems)."""
    return any(f.name == "item" for f in fields(cls))

"""Reading and validating an Archaeology end-of-game file.

Format: ``docs/formats/archaeology-game.md`` — what each player holds when
the dig space runs out (money banked, treasure cards, keys), plus optional
per-treasure overrides of the bundled trade/sell table.

:func:`load_game` reads TOML (or JSON when the name ends in ``.json``) and
returns a :class:`Game` whose ``problems`` list every broken rule, each with a
stable ``code`` (:data:`CODES`), the player and the item.  Only an unreadable
file or a file that is not a table raises :class:`printkit.PrintkitError`.

Hardening (issue 7, as for ArchéoTREK): files are read through
:mod:`printkit.inputfiles` (size cap, strict JSON, deep nesting, runaway
digits); money, keys, card counts, trade values and ``sell`` entries must be
whole numbers that fit 64 bits; player names with control characters,
bidirectional overrides or lone surrogates, or with nothing visible, are
``wrong-type`` problems; names are compared by
:func:`printkit.inputfiles.name_key` (NFKC, case, invisible characters);
messages quote values through :func:`printkit.inputfiles.show` (short,
escaped) and ``Problem.item`` is always printable text.  Issue 10: a name
longer than :data:`printkit.messages.MAX_NAME` characters is a ``wrong-type``
problem, so no message repeats a huge name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit import PrintkitError
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules, Treasure, bundled_rules, check_sell
from printkit.inputfiles import INT64_MAX, load_json_file, name_key, show, text_flaw
from printkit.messages import MAX_NAME, clip
from printkit.rules import load_toml

ERROR = "error"
WARNING = "warning"

#: code → (severity, the rule it enforces).  Stable: tests, docs and JSON use them.
CODES: dict[str, tuple[str, str]] = {
    "game-name": (ERROR, 'the file\'s `game` is "archaeology" (absent: warning)'),
    "unknown-key": (ERROR, "only the keys of the end-of-game format are allowed"),
    "missing-key": (ERROR, "every player has a `name` and `money`"),
    "wrong-type": (ERROR, "every entry has the type the format gives"),
    "no-players": (ERROR, "a game has at least one [[player]]"),
    "duplicate-player": (ERROR, "player names are unique at the table"),
    "unknown-treasure": (ERROR, "treasure ids are those of the deck (parchment-scrap, coin, …)"),
    "bad-count": (ERROR, "money, keys and card counts are whole numbers >= 0"),
    "too-many-cards": (ERROR, "the table never holds more cards of a type than the deck has"),
    "too-many-keys": (ERROR, "the table never holds more keys than the deck has"),
    "bad-sell-table": (
        ERROR,
        "a `sell` table lists 1–5 whole numbers, strictly increasing per card (each card adds value)",
    ),
}

TOP_KEYS = ("game", "treasures", "player")
#: Holders named in a too-many-cards/too-many-keys message before "and N more".
MAX_NAMED = 8
PLAYER_KEYS = ("name", "money", "treasures", "keys")
OVERRIDE_KEYS = ("trade", "sell")


@dataclass(frozen=True)
class Problem:
    """One broken rule: stable ``code``, ``severity`` ("error"/"warning"),
    ``message``, the ``player`` (``None`` for file-level problems) and the
    ``item`` (treasure id, "keys", "money" or a key name) involved."""

    code: str
    severity: str
    message: str
    player: str | None = None
    item: str | None = None

    @property
    def rule(self) -> str:
        """The rule broken, in words (from :data:`CODES`)."""
        return CODES.get(self.code, ("", ""))[1]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready mapping of every field."""
        return {"code": self.code, "severity": self.severity, "player": self.player,
                "item": self.item, "message": self.message, "rule": self.rule}

    def __str__(self) -> str:
        who = f"{clip(self.player)}: " if self.player is not None else ""
        return f"{self.severity} [{self.code}] {who}{self.message} (rule: {self.rule})"


def problem(code: str, message: str, *, severity: str | None = None, **kw: Any) -> Problem:
    """A :class:`Problem` with the code's default severity (overridable)."""
    return Problem(code, severity or CODES[code][0], message, **kw)


@dataclass
class Player:
    """One archaeologist at the end: ``money`` banked ($), ``treasures``
    (id → cards held; only valid entries), ``keys`` held, ``seat`` (1-based)."""

    name: str
    money: int
    treasures: dict[str, int]
    keys: int
    seat: int


@dataclass
class Game:
    """A parsed end-of-game file: the treasure table in force (bundled,
    with the file's overrides), the deck's key count, players and problems."""

    source: str
    treasures: dict[str, Treasure]
    deck_keys: int
    players: list[Player]
    problems: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """True when no problem is an error."""
        return not any(p.severity == ERROR for p in self.problems)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_count(v: Any) -> bool:
    """A whole number >= 0 that fits 64 bits (TOML's integer range)."""
    return _is_int(v) and 0 <= v <= INT64_MAX


def _tname(v: Any) -> str:
    if _is_int(v) and v.bit_length() > 63:
        return "a number beyond 64 bits"
    return {bool: "true/false", int: "a whole number", float: "a decimal number", str: "text",
            list: "a list", dict: "a table", type(None): "no value"}.get(type(v), type(v).__name__)


def _item(key: Any) -> str:
    """A key or id as ``Problem.item``: itself when plain, short, non-blank
    text; else its escaped, shortened :func:`show` form (``''`` for an empty
    key; always one printable line)."""
    if isinstance(key, str) and key.strip() and len(key) <= 40 and not text_flaw(key):
        return key
    return show(key)


def _unknown_id(tid: Any, ids: Any) -> str:
    """``"unknown treasure id 'Coin' (did you mean coin?); ids: …"``: a hint
    when case, ``_``/spaces for ``-`` or an apostrophe are all that differ."""
    hint = ""
    if isinstance(tid, str) and len(tid) <= 40:
        near = tid.strip().casefold().replace("_", "-").replace(" ", "-").replace("'", "").replace("’", "")
        if near in ids:
            hint = f" (did you mean {near}?)"
    return f"unknown treasure id {show(tid)}{hint}; ids: {', '.join(ids)}"


def _who(holders: list[tuple[str, int]]) -> str:
    """``"Ana 2, Ben 2"`` — at most :data:`MAX_NAMED` holders, then "and N more"."""
    shown = ", ".join(f"{clip(name)} {n}" for name, n in holders[:MAX_NAMED])
    more = len(holders) - MAX_NAMED
    return shown + (f" and {more:,} more" if more > 0 else "")


def load_game(path: str | Path, rules: ArchaeologyRules | None = None) -> Game:
    """Read an end-of-game file (TOML, or JSON when it ends in ``.json``).

    Raises :class:`printkit.PrintkitError` for an unreadable file, non-UTF-8
    bytes or invalid TOML/JSON (with line and column); every other trouble is a
    :class:`Problem` on the returned game.
    """
    path = Path(path)
    if path.suffix.lower() == ".json":
        data = load_json_file(path)
    else:
        data = load_toml(path)
    return game_from_dict(data, source=str(path), rules=rules)


def game_from_dict(data: Any, *, source: str = "<game>", rules: ArchaeologyRules | None = None) -> Game:
    """Build and validate a :class:`Game` from parsed TOML/JSON data.

    ``rules``: the bundled rules by default.  Raises
    :class:`printkit.PrintkitError` only when ``data`` is not a table.
    """
    if not isinstance(data, dict):
        raise PrintkitError(f"{source}: a game file is a table of keys, not {_tname(data)}")
    rules = rules or bundled_rules()
    probs: list[Problem] = []
    for key in data:
        if key not in TOP_KEYS:
            hint = " (did you mean [[player]]?)" if key in ("players", "Player") else ""
            probs.append(problem("unknown-key", f"unknown top-level key {show(key)}{hint}; "
                                 f"allowed: {', '.join(TOP_KEYS)}", item=_item(key)))
    g = data.get("game")
    if g is None:
        probs.append(problem("game-name", f'no `game = "{GAME_ID}"` line', severity=WARNING, item="game"))
    elif g != GAME_ID:
        probs.append(problem("game-name", f"game is {show(g)}, expected {GAME_ID!r}", item="game"))
    treasures = _overrides(data.get("treasures", {}), rules, probs)
    players = _players(data.get("player"), treasures, probs)
    _table_limits(players, treasures, rules.keys, probs)
    return Game(source, treasures, rules.keys, players, probs)


def _overrides(raw: Any, rules: ArchaeologyRules, probs: list[Problem]) -> dict[str, Treasure]:
    table = dict(rules.treasures)
    if not isinstance(raw, dict):
        probs.append(problem("wrong-type", f"`treasures` is {_tname(raw)}; write [treasures.<id>] tables",
                             item="treasures"))
        return table
    for tid, ov in raw.items():
        if tid not in table:
            probs.append(problem("unknown-treasure", f"[treasures.{_item(tid)}]: {_unknown_id(tid, table)}",
                                 item=_item(tid)))
            continue
        if not isinstance(ov, dict):
            probs.append(problem("wrong-type", f"[treasures.{tid}] is {_tname(ov)}, not a table", item=tid))
            continue
        t = table[tid]
        for key, v in ov.items():
            if key not in OVERRIDE_KEYS:
                probs.append(problem("unknown-key", f"[treasures.{tid}]: unknown key {show(key)}; allowed: "
                                     f"{', '.join(OVERRIDE_KEYS)}", item=tid))
            elif key == "trade":
                if not _is_count(v):
                    probs.append(problem("bad-count", f"[treasures.{tid}] trade is {show(v)} ({_tname(v)}); "
                                         "write a whole number >= 0", item=tid))
                else:
                    t = replace(t, trade=v)
            else:
                try:
                    t = replace(t, sell=check_sell(tid, v, f"[treasures.{tid}]"))
                except PrintkitError as exc:
                    probs.append(problem("bad-sell-table", str(exc).replace(f"[treasures.{tid}]: ", f"[treasures.{tid}] ", 1),
                                         item=tid))
        table[tid] = t
    return table


def _count(v: Any, what: str, pname: str, item: str, probs: list[Problem]) -> int | None:
    if not _is_count(v):
        probs.append(problem("bad-count", f"{what} is {show(v)} ({_tname(v)}); write a whole number >= 0",
                             player=pname, item=item))
        return None
    return v


def _players(raw_players: Any, treasures: dict[str, Treasure], probs: list[Problem]) -> list[Player]:
    if raw_players is None or raw_players == []:
        probs.append(problem("no-players", "no [[player]] tables: nothing to score"))
        return []
    if isinstance(raw_players, dict):
        raw_players = [raw_players]
    if not isinstance(raw_players, list):
        probs.append(problem("wrong-type", f"`player` is {_tname(raw_players)}; write [[player]] tables", item="player"))
        return []
    players: list[Player] = []
    seen: dict[str, Player] = {}
    for seat, raw in enumerate(raw_players, 1):
        if not isinstance(raw, dict):
            probs.append(problem("wrong-type", f"player {seat} is {_tname(raw)}, not a [[player]] table",
                                 player=f"player {seat}"))
            continue
        name = raw.get("name")
        pname, named = f"player {seat}", False
        if name is None:
            probs.append(problem("missing-key", f"player {seat} has no `name`", player=pname, item="name"))
        elif not isinstance(name, str) or not name_key(name):
            what = _tname(name) if not isinstance(name, str) else "empty" if not name else "blank"
            probs.append(problem("wrong-type", f"player {seat}'s `name` is {what}; write a non-empty text",
                                 player=pname, item="name"))
        elif len(name) > MAX_NAME:
            probs.append(problem("wrong-type", f"player {seat}'s `name` is {len(name):,} characters "
                                 f"long; write at most {MAX_NAME}", player=pname, item="name"))
        elif text_flaw(name):
            probs.append(problem("wrong-type", f"player {seat}'s `name` {show(name)} holds {text_flaw(name)}; "
                                 "write plain text", player=pname, item="name"))
        else:
            pname, named = name.strip(), True
        for key in raw:
            if key not in PLAYER_KEYS:
                probs.append(problem("unknown-key", f"unknown key {show(key)} in [[player]]; allowed: "
                                     f"{', '.join(PLAYER_KEYS)}", player=pname, item=_item(key)))
        if "money" not in raw:
            probs.append(problem("missing-key", "no `money` (dollars banked; write 0 for none)",
                                 player=pname, item="money"))
            money = 0
        else:
            money = _count(raw["money"], "money", pname, "money", probs) or 0
        keys = _count(raw.get("keys", 0), "keys", pname, "keys", probs) or 0
        held: dict[str, int] = {}
        rt = raw.get("treasures", {})
        if not isinstance(rt, dict):
            probs.append(problem("wrong-type", f"`treasures` is {_tname(rt)}; write {{ talisman = 2, … }}",
                                 player=pname, item="treasures"))
            rt = {}
        for tid, n in rt.items():
            if tid not in treasures:
                probs.append(problem("unknown-treasure", _unknown_id(tid, treasures),
                                     player=pname, item=_item(tid)))
                continue
            n = _count(n, f"{tid} count", pname, tid, probs)
            if n:
                held[tid] = n
        pl = Player(pname, money, held, keys, seat)
        key = name_key(pname)
        first = seen.get(key)
        if not named:
            pass  # a bad name is already a problem; "player N" is not compared
        elif first is not None:
            probs.append(problem(
                "duplicate-player",
                f"players {first.seat} and {seat} are both called {show(pname)}"
                + ("" if pname == first.name else
                   f" (player {first.seat} wrote {show(first.name)}: the same name once case, "
                   "Unicode normalisation and invisible characters are set aside)")
                + "; names must differ",
                player=pname, item="name"))
        else:
            seen[key] = pl
        players.append(pl)
    return players


def _table_limits(players: list[Player], treasures: dict[str, Treasure], deck_keys: int,
                  probs: list[Problem]) -> None:
    for tid, t in treasures.items():
        holders = [(p.name, p.treasures[tid]) for p in players if p.treasures.get(tid)]
        total = sum(n for _, n in holders)
        if total > t.count:
            probs.append(problem("too-many-cards",
                                 f"{total:,} {tid} cards at the table ({_who(holders)}); the deck holds {t.count}",
                                 player=holders[0][0] if len(holders) == 1 else None, item=tid))
    holders = [(p.name, p.keys) for p in players if p.keys]
    total = sum(n for _, n in holders)
    if total > deck_keys:
        probs.append(problem("too-many-keys", f"{total:,} keys at the table ({_who(holders)}); the deck holds {deck_keys}",
                             player=holders[0][0] if len(holders) == 1 else None, item="keys"))

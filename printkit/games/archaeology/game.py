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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from printkit.gamekit import (
    ERROR,
    PrintkitError,
    Problem as BaseProblem,
    Table,
    check_keys,
    check_top,
    clip,
    is_count,
    item_text,
    player_name,
    player_tables,
    read_game_file,
    require_table,
    shared_codes,
    show,
    type_name,
)
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules, Treasure, bundled_rules, check_sell

#: code → (severity, the rule it enforces).  Stable: tests, docs and JSON use them.
CODES: dict[str, tuple[str, str]] = {
    **shared_codes(GAME_ID, format="end-of-game", missing="every player has a `name` and `money`"),
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
class Problem(BaseProblem):
    """One broken rule (:class:`printkit.scoring.problems.Problem`); ``item``:
    the treasure id, "keys", "money" or key name involved."""

    CODES: ClassVar[dict[str, tuple[str, str]]] = CODES

    item: str | None = None


problem = Problem.make


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
    return game_from_dict(read_game_file(path), source=str(path), rules=rules)


def game_from_dict(data: Any, *, source: str = "<game>", rules: ArchaeologyRules | None = None) -> Game:
    """Build and validate a :class:`Game` from parsed TOML/JSON data.

    ``rules``: the bundled rules by default.  Raises
    :class:`printkit.PrintkitError` only when ``data`` is not a table.
    """
    data = require_table(data, source)
    rules = rules or bundled_rules()
    probs: list[Problem] = []
    check_top(data, GAME_ID, TOP_KEYS, Problem, probs)
    treasures = _overrides(data.get("treasures", {}), rules, probs)
    players = _players(data.get("player"), treasures, probs)
    _table_limits(players, treasures, rules.keys, probs)
    return Game(source, treasures, rules.keys, players, probs)


def _overrides(raw: Any, rules: ArchaeologyRules, probs: list[Problem]) -> dict[str, Treasure]:
    table = dict(rules.treasures)
    if not isinstance(raw, dict):
        probs.append(problem("wrong-type", f"`treasures` is {type_name(raw)}; write [treasures.<id>] tables",
                             item="treasures"))
        return table
    for tid, ov in raw.items():
        if tid not in table:
            probs.append(problem("unknown-treasure", f"[treasures.{item_text(tid)}]: {_unknown_id(tid, table)}",
                                 item=item_text(tid)))
            continue
        if not isinstance(ov, dict):
            probs.append(problem("wrong-type", f"[treasures.{tid}] is {type_name(ov)}, not a table", item=tid))
            continue
        t = table[tid]
        for key, v in ov.items():
            if key not in OVERRIDE_KEYS:
                probs.append(problem("unknown-key", f"[treasures.{tid}]: unknown key {show(key)}; allowed: "
                                     f"{', '.join(OVERRIDE_KEYS)}", item=tid))
            elif key == "trade":
                if not is_count(v):
                    probs.append(problem("bad-count", f"[treasures.{tid}] trade is {show(v)} ({type_name(v)}); "
                                         "write a whole number >= 0", item=tid))
                else:
                    t = t._replace(trade=v)
            else:
                try:
                    t = t._replace(sell=check_sell(tid, v, f"[treasures.{tid}]"))
                except PrintkitError as exc:
                    probs.append(problem("bad-sell-table", str(exc).replace(f"[treasures.{tid}]: ", f"[treasures.{tid}] ", 1),
                                         item=tid))
        table[tid] = t
    return table


def _count(v: Any, what: str, pname: str, item: str, probs: list[Problem]) -> int | None:
    if not is_count(v):
        probs.append(problem("bad-count", f"{what} is {show(v)} ({type_name(v)}); write a whole number >= 0",
                             player=pname, item=item))
        return None
    return v


def _players(raw_players: Any, treasures: dict[str, Treasure], probs: list[Problem]) -> list[Player]:
    players: list[Player] = []
    table = Table(Problem, probs)
    for seat, raw in player_tables(raw_players, Problem, probs):
        pname, named = player_name(raw, seat, Problem, probs)
        check_keys(raw, PLAYER_KEYS, Problem, probs, player=pname)
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
            probs.append(problem("wrong-type", f"`treasures` is {type_name(rt)}; write {{ talisman = 2, … }}",
                                 player=pname, item="treasures"))
            rt = {}
        for tid, n in rt.items():
            if tid not in treasures:
                probs.append(problem("unknown-treasure", _unknown_id(tid, treasures),
                                     player=pname, item=item_text(tid)))
                continue
            n = _count(n, f"{tid} count", pname, tid, probs)
            if n:
                held[tid] = n
        table.seat(pname, seat, named)
        players.append(Player(pname, money, held, keys, seat))
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

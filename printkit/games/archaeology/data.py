"""Archaeology game data: the treasure deck, the other cards, money and sizes.

Loaded from ``rules/archaeology.toml`` (every value there carries its source).
Lengths are in mm, money in dollars.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from printkit import PrintkitError
from printkit.inputfiles import INT64_MAX, show
from printkit.rules import load_toml, rules_path

GAME_ID = "archaeology"


@dataclass(frozen=True)
class Treasure:
    """One treasure type.

    ``count``: cards in the deck; ``trade``: marketplace value; ``sell``:
    museum value of 1, 2, … cards up to a full set (``len(sell)`` = full-set
    size; rulebook: Selling Treasures to the Museum).
    """

    id: str
    name: str
    count: int
    trade: int
    sell: tuple[int, ...]

    @property
    def full_set(self) -> int:
        """Cards in a full set (1–5)."""
        return len(self.sell)


@dataclass(frozen=True)
class Chest:
    """A chest card: ``treasures`` it holds, ``keys`` needed to open it."""

    id: str
    name: str
    treasures: int
    keys: int


@dataclass(frozen=True)
class ArchaeologyRules:
    """Everything ``rules/archaeology.toml`` says, typed (mm, dollars)."""

    title: str
    tagline: str
    players_min: int
    players_max: int
    players_default: int
    treasures: dict[str, Treasure]
    thieves: int
    master_thieves: int
    two_player_remove_thieves: int
    two_player_remove_master: int
    two_player_players: int
    two_player_note: str
    texts: dict[str, str]
    keys: int
    chests: dict[str, Chest]
    money: dict[int, int]
    card_width: float
    card_height: float
    money_diameter: float
    board_width: float
    board_height: float
    board_overlap: float
    market_slots: int
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def treasure_count(self) -> int:
        """Treasure cards in the deck (74 in the bundled data)."""
        return sum(t.count for t in self.treasures.values())


def check_sell(tid: str, sell: object, where: str) -> tuple[int, ...]:
    """Validate a museum ``sell`` table: 1–5 whole numbers, each > 0, within
    64 bits and strictly increasing card by card.  Returns it as a tuple; raises
    :class:`printkit.PrintkitError` naming ``where`` and the treasure."""
    if (not isinstance(sell, list) or not 1 <= len(sell) <= 5
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in sell)):
        raise PrintkitError(f"{where}: treasure {tid!r}: `sell` must list 1 to 5 whole numbers, got {show(sell)}")
    if any(v > INT64_MAX for v in sell):
        raise PrintkitError(
            f"{where}: treasure {tid!r}: `sell` {show(sell)} holds a number beyond 64 bits; "
            "museum values are dollars"
        )
    if sell[0] <= 0 or any(b <= a for a, b in zip(sell, sell[1:])):
        raise PrintkitError(
            f"{where}: treasure {tid!r}: `sell` {show(sell)} is not strictly increasing per card "
            "(each card added to a set must raise its value, starting above 0)"
        )
    return tuple(sell)


def load_rules(path: Path | None = None) -> ArchaeologyRules:
    """Load Archaeology data (default: the bundled ``rules/archaeology.toml``).

    Raises :class:`printkit.PrintkitError` naming the file and the missing or
    malformed entry.
    """
    path = Path(path) if path else rules_path(GAME_ID)
    d = load_toml(path)
    try:
        tr = d["treasures"]
        treasures = {}
        for tid in tr["order"]:
            t = tr[tid]
            treasures[tid] = Treasure(tid, str(t["name"]), int(t["count"]), int(t["trade"]),
                                      check_sell(tid, t["sell"], str(path)))
        ch = d["chests"]
        chests = {cid: Chest(cid, str(ch[cid]["name"]), int(ch[cid]["treasures"]), int(ch[cid]["keys"]))
                  for cid in ch["order"]}
        m = d["money"]
        if len(m["denominations"]) != len(m["counts"]):
            raise PrintkitError(f"{path}: [money] denominations and counts differ in length")
        th = d["thieves"]
        s = d["sizes"]
        return ArchaeologyRules(
            title=str(d["game"]["title"]),
            tagline=str(d["game"]["tagline"]),
            players_min=int(d["players"]["min"]),
            players_max=int(d["players"]["max"]),
            players_default=int(d["players"]["default"]),
            treasures=treasures,
            thieves=int(th["thief"]),
            master_thieves=int(th["master_thief"]),
            two_player_remove_thieves=int(th["two_players"]["remove_thief"]),
            two_player_remove_master=int(th["two_players"]["remove_master_thief"]),
            two_player_players=int(th["two_players"]["players"]),
            two_player_note=str(th["two_players"]["note"]),
            texts={k: str(v) for k, v in d["texts"].items() if k != "source"},
            keys=int(d["keys"]["count"]),
            chests=chests,
            money={int(v): int(n) for v, n in zip(m["denominations"], m["counts"])},
            card_width=float(s["card_width"]),
            card_height=float(s["card_height"]),
            money_diameter=float(s["money_diameter"]),
            board_width=float(s["board_width"]),
            board_height=float(s["board_height"]),
            board_overlap=float(s["board_overlap"]),
            market_slots=int(s["market_slots"]),
            sources={k: d[k]["source"] for k in ("treasures", "thieves", "keys", "chests", "money", "sizes")},
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise PrintkitError(f"{path}: malformed rules data ({type(exc).__name__}: {exc})") from None


@lru_cache(maxsize=1)
def bundled_rules() -> ArchaeologyRules:
    """The bundled rules, loaded once."""
    return load_rules()

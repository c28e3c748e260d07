"""Archaeology game data: the treasure deck, the other cards, money and sizes.

Loaded from ``rules/archaeology.toml`` (every value there carries its source).
Lengths are in mm, money in dollars.
"""

import string
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from printkit.gamekit import (
    Checker,
    INT64_MAX,
    PrintkitError,
    check_printable as rules_check_printable,
    fill_fields,
    listed,
    plain_fields,
    playing_time,
    read_rules,
    rules_path,
    show,
)
from printkit.games.archaeology.art import TREASURE_ICONS

GAME_ID = "archaeology"


# The records below are NamedTuples (read-only, compared by value, changed with ``_replace``):
# a frozen dataclass compiles six methods from source at every start-up, ~4M instructions,
# ~18M for a rules object; a NamedTuple ~0.7M (issue 26).
# No ``from __future__ import annotations`` here: NamedTuple compiles each annotation
# given as a string.
class Treasure(NamedTuple):
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


class Chest(NamedTuple):
    """A chest card: ``treasures`` it holds, ``keys`` needed to open it."""

    id: str
    name: str
    treasures: int
    keys: int


class ArchaeologyRules(NamedTuple):
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
    #: Hiring a thief: dollars paid and treasure or key cards taken
    #: (rulebook: Digging for Treasure).
    thief_cost: int
    thief_takes: int
    master_cost: int
    master_takes: int
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
    #: Marketplace card spaces on the board: the treasures dealt face up at
    #: setup (``[market] face_up``; rulebook: Setting Up the Game).
    market_slots: int
    sources: dict[str, str]
    #: The rules file read (for messages); ``""`` for rules built in code.
    file: str = ""
    #: Playing time (min, max) in minutes ([playtime], as the cover prints it).
    minutes: tuple[int, int] = (0, 0)

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


#: Allowed values of the rules data (inclusive).  ``--rules`` files are users'
#: data: a negative count, a deck of 10**12 cards or a 5 km board must be one
#: clear error, not an empty kit, a run that never ends or a 66 MB PDF.
COUNT_MAX = 200                 # cards of one type, tokens of one denomination
DECK_MAX = 500                  # cards in the whole deck (about 56 sheets of 9)
MONEY_MAX = 500                 # money tokens in all
TRADE_MAX = 99                  # two digits fit the trade badge
SELL_MAX = 999                  # museum values print as "$999"
DENOMINATION_MAX = 999          # money token values
PLAYERS_RANGE = (1, 12)
CHESTS_RANGE = (1, 6)
CHEST_KEYS_RANGE = (0, 10)
CHEST_TREASURES_RANGE = (1, 30)
MARKET_SLOTS_RANGE = (1, 8)
CARD_MM = (20.0, 200.0)
MONEY_MM = (10.0, 100.0)
BOARD_MM = (50.0, 1000.0)
OVERLAP_MM = (3.0, 50.0)
#: Longest text (characters) per kind of text field.
TEXT_MAX = {"title": 40, "tagline": 120, "name": 30, "rule": 160, "back": 30, "note": 60, "id": 30}
#: Texts every rules file gives in ``[texts]`` (the card rules in short).
TEXT_KEYS = ("thief", "master_thief", "key", "chest", "back")
#: Placeholders ``[texts] chest`` may use.
CHEST_FIELDS = ("keys", "treasures")
#: Placeholders ``[texts] thief`` and ``master_thief`` may use.
THIEF_FIELDS = ("cost", "cards")
#: Dollars a thief costs, cards it takes (inclusive).
HIRE_COST_RANGE = (0, 99)
HIRE_TAKES_RANGE = (1, 10)


def load_rules(path: Path | None = None) -> ArchaeologyRules:
    """Load Archaeology data (default: the bundled ``rules/archaeology.toml``).

    Every value is type- and range-checked (``--rules`` files are users'
    data; the limits are this module's constants): raises
    :class:`printkit.PrintkitError` naming the file, the ``table.key`` and the
    allowed values for a missing, malformed or out-of-range entry, and for a
    key the bundled file does not have (:func:`printkit.rules.check_rules_keys`).  Whether the
    theme's fonts can draw the texts is :func:`check_printable`'s job.
    """
    return read_rules(GAME_ID, path, _read,  # then refuse the keys nothing reads (typos, other games' keys)
                      ids=lambda data, rules: {t: listed(data, f"{t}.order") for t in ("treasures", "chests")})


def _read(chk: Checker) -> ArchaeologyRules:
    path = chk.path
    title = chk.text("game.title", TEXT_MAX["title"])
    tagline = chk.text("game.tagline", TEXT_MAX["tagline"])
    pmin, pmax, pdef = (chk.whole(f"players.{k}", *PLAYERS_RANGE) for k in ("min", "max", "default"))
    if not pmin <= pdef <= pmax:
        raise chk.fail("players", f"needs min <= default <= max (from {PLAYERS_RANGE[0]} to {PLAYERS_RANGE[1]}), "
                                  f"got min {pmin}, default {pdef}, max {pmax}")
    # treasures
    chk.table("treasures")
    treasures: dict[str, Treasure] = {}
    for tid in chk.ids("treasures.order", 1, len(TREASURE_ICONS), tuple(TREASURE_ICONS)):
        key = f"treasures.{tid}"
        chk.table(key)
        sell = check_sell(tid, chk.get(f"{key}.sell"), f"{path}: {key}.sell")
        if sell[-1] > SELL_MAX:
            raise chk.fail(f"{key}.sell", f"values must be from 1 to {SELL_MAX} dollars", list(sell))
        treasures[tid] = Treasure(
            tid, chk.text(f"{key}.name", TEXT_MAX["name"]),
            chk.whole(f"{key}.count", 0, COUNT_MAX, what=" (cards of one type)"),
            chk.whole(f"{key}.trade", 0, TRADE_MAX, what=" (dollars)"), sell)
    n_treasures = sum(t.count for t in treasures.values())
    if n_treasures < 1:
        raise chk.fail("treasures", "the deck needs at least 1 treasure card (every count is 0)")
    # thieves and keys
    thieves = chk.whole("thieves.thief", 0, COUNT_MAX, what=" (cards)")
    masters = chk.whole("thieves.master_thief", 0, COUNT_MAX, what=" (cards)")
    two_players = chk.whole("thieves.two_players.players", pmin, pmax, what=" (the [players] range)")
    remove_thief = chk.whole("thieves.two_players.remove_thief", 0, thieves, what=" ([thieves] thief)")
    remove_master = chk.whole("thieves.two_players.remove_master_thief", 0, masters,
                              what=" ([thieves] master_thief)")
    note = chk.text("thieves.two_players.note", TEXT_MAX["note"])
    hire = [chk.whole(f"thieves.hire.{k}", *rng, what=what) for k, rng, what in (
        ("thief_cost", HIRE_COST_RANGE, " (dollars)"), ("thief_takes", HIRE_TAKES_RANGE, " (cards)"),
        ("master_thief_cost", HIRE_COST_RANGE, " (dollars)"), ("master_thief_takes", HIRE_TAKES_RANGE, " (cards)"))]
    keys = chk.whole("keys.count", 0, COUNT_MAX, what=" (cards)")
    # chests
    chests: dict[str, Chest] = {}
    for cid in chk.ids("chests.order", *CHESTS_RANGE):
        key = f"chests.{cid}"
        chk.table(key)
        chests[cid] = Chest(
            cid, chk.text(f"{key}.name", TEXT_MAX["name"]),
            chk.whole(f"{key}.treasures", CHEST_TREASURES_RANGE[0], min(CHEST_TREASURES_RANGE[1], n_treasures),
                      what=" (at most the treasure cards in the deck)"),
            chk.whole(f"{key}.keys", CHEST_KEYS_RANGE[0], min(CHEST_KEYS_RANGE[1], keys),
                      what=" (at most the [keys] count)"))
    deck = n_treasures + thieves + masters + keys + len(chests)
    if deck > DECK_MAX:
        raise chk.fail("treasures.*.count + thieves + keys.count + chests",
                       f"the deck would hold {deck:,} cards; it must hold from 1 to {DECK_MAX}")
    # texts
    texts: dict[str, str] = {}
    for k in TEXT_KEYS:
        texts[k] = chk.text(f"texts.{k}", TEXT_MAX["back" if k == "back" else "rule"])
    for k, allowed in (("chest", CHEST_FIELDS), ("thief", THIEF_FIELDS), ("master_thief", THIEF_FIELDS)):
        _check_fields(chk, k, texts[k], allowed)
    # money
    denoms = chk.get("money.denominations")
    counts = chk.get("money.counts")
    for key, v in (("money.denominations", denoms), ("money.counts", counts)):
        if not isinstance(v, list) or not 1 <= len(v) <= 10:
            raise chk.fail(key, "must list 1 to 10 whole numbers", v)
    if len(denoms) != len(counts):
        raise chk.fail("money", f"denominations and counts differ in length ({len(denoms)} and {len(counts)})")
    denoms = [chk.whole("money.denominations", 1, DENOMINATION_MAX, v, " (dollars)") for v in denoms]
    if len(set(denoms)) != len(denoms):
        raise chk.fail("money.denominations", "lists a value twice", denoms)
    counts = [chk.whole("money.counts", 0, COUNT_MAX, v, " (tokens of one value)") for v in counts]
    if not 1 <= sum(counts) <= MONEY_MAX:
        raise chk.fail("money.counts", f"{sum(counts):,} tokens in all; must be from 1 to {MONEY_MAX}", counts)
    # sizes
    return ArchaeologyRules(
        title=title,
        tagline=tagline,
        players_min=pmin,
        players_max=pmax,
        minutes=playing_time(chk), players_default=pdef,
        treasures=treasures,
        thieves=thieves,
        master_thieves=masters,
        two_player_remove_thieves=remove_thief,
        two_player_remove_master=remove_master,
        two_player_players=two_players,
        two_player_note=note,
        thief_cost=hire[0],
        thief_takes=hire[1],
        master_cost=hire[2],
        master_takes=hire[3],
        texts=texts,
        keys=keys,
        chests=chests,
        money=dict(zip(denoms, counts)),
        card_width=chk.mm("sizes.card_width", *CARD_MM),
        card_height=chk.mm("sizes.card_height", *CARD_MM),
        money_diameter=chk.mm("sizes.money_diameter", *MONEY_MM),
        board_width=chk.mm("sizes.board_width", *BOARD_MM),
        board_height=chk.mm("sizes.board_height", *BOARD_MM),
        board_overlap=chk.mm("sizes.board_overlap", *OVERLAP_MM),
        market_slots=chk.whole("market.face_up", *MARKET_SLOTS_RANGE, what=" (treasure cards face up at setup)"),
        sources={k: str(chk.data[k].get("source", "")) if isinstance(chk.data[k], dict) else ""
                 for k in ("treasures", "thieves", "keys", "chests", "money", "sizes", "market")},
        file=str(path),
    )


def _check_fields(chk: Checker, key: str, text: str, allowed: tuple[str, ...]) -> None:
    """Refuse placeholders in ``[texts] <key>`` other than ``allowed``, and
    any format spec or conversion (texts are filled with
    :func:`printkit.sandbox.fill_fields`)."""
    try:
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError as exc:
        raise chk.fail(f"texts.{key}", f"{exc}; write {{{{ and }}}} for a brace", text) from None
    if not fields <= set(allowed):
        raise chk.fail(f"texts.{key}", f"may only use the placeholders {' and '.join('{' + f + '}' for f in allowed)}, "
                                       f"not {', '.join('{' + f + '}' for f in sorted(fields - set(allowed)))}")
    bad = plain_fields(text, allowed)  # no {keys:>999999999}, {keys!r}
    if bad:
        raise chk.fail(f"texts.{key}", bad, text)


def _cards_text(n: int) -> str:
    return f"{n} treasure or key card{'s' if n != 1 else ''}"


def thief_text(rules: ArchaeologyRules, master: bool = False) -> str:
    """The thief's (or master thief's) card text as printed: ``[texts] thief``
    with ``{cost}`` = ``"$1"`` and ``{cards}`` = ``"1 treasure or key card"``
    from ``[thieves.hire]`` (rulebook: Digging for Treasure)."""
    cost, takes = (rules.master_cost, rules.master_takes) if master else (rules.thief_cost, rules.thief_takes)
    return fill_fields(rules.texts["master_thief" if master else "thief"],
                       {"cost": f"${cost}", "cards": _cards_text(takes)})


def keys_text(n: int) -> str:
    """``1`` → ``"1 key"``, ``2`` → ``"2 keys"``."""
    return f"{n} key{'s' if n != 1 else ''}"


def chest_text(rules: ArchaeologyRules, chest: Chest) -> str:
    """A chest card's text as printed: ``[texts] chest`` filled with the
    chest's ``{keys}`` and ``{treasures}``."""
    return fill_fields(rules.texts["chest"], {"keys": keys_text(chest.keys), "treasures": chest.treasures})


def printed_texts(rules: ArchaeologyRules) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every text the kit prints from the rules data: (``table.key``, the
    text as printed, the theme font roles it is drawn in).  Upper-cased
    titles are listed as printed (``ß`` prints as ``SS``)."""
    out = [
        ("game.title", rules.title, ("display", "body", "semibold")),
        ("game.title", rules.title.upper(), ("display",)),
        ("game.tagline", rules.tagline, ("italic",)),
        ("thieves.two_players.note", f"With {rules.two_player_players} players: {rules.two_player_note}", ("bold",)),
    ]
    for t in rules.treasures.values():
        out += [(f"treasures.{t.id}.name", t.name, ("semibold",)),
                (f"treasures.{t.id}.name", t.name.upper(), ("display",))]
    for c in rules.chests.values():
        out.append((f"chests.{c.id}.name", c.name.upper(), ("display",)))
    filled = {"thief": thief_text(rules), "master_thief": thief_text(rules, master=True)}
    for k, v in rules.texts.items():
        out.append((f"texts.{k}", v.upper(), ("display",)) if k == "back"
                   else (f"texts.{k}", filled.get(k, v), ("semibold",)))
    return out


def check_printable(rules: ArchaeologyRules, theme) -> None:
    """Refuse rules texts the ``theme``'s fonts cannot draw
    (:func:`printkit.rules.check_printable`), and money values without a
    theme colour.  Raises :class:`printkit.PrintkitError` naming the rules
    file, the ``table.key``, the characters and the font."""
    where = rules.file or str(rules_path(GAME_ID))
    rules_check_printable(where, printed_texts(rules), theme)
    for value in rules.money:
        try:
            theme.hex(f"money_{value}", GAME_ID)
        except PrintkitError:
            raise PrintkitError(
                f"{where}: money.denominations: the theme {theme.name!r} has no colour money_{value} for a "
                f"${value} token; use the values its [games.{GAME_ID}] palette colours "
                f"({', '.join(k[6:] for k in theme.games.get(GAME_ID, {}) if k.startswith('money_')) or 'none'})"
            ) from None


@lru_cache(maxsize=1)
def bundled_rules() -> ArchaeologyRules:
    """The bundled rules, loaded once."""
    return load_rules()

"""Reading an Archaeologia game file (``docs/formats/archaeologia-game.md``).

The file lists the game's scoring events in the order they happened — gifts
to the museum, secret objectives fulfilled, a player holding both dinosaur
eggs — and may carry its own ``[discoveries]``, ``[groups]`` and
``[objectives]`` tables, which replace the bundled ones (fan variants,
translations, tests).

:func:`load_game` reads TOML (or JSON when the name ends in ``.json``) through
the scoring core (:mod:`printkit.scoring.fields`: bounded reading, the
``game`` line, unknown keys, player tables and names) and returns a
:class:`Game` whose ``problems`` list every malformed entry, each with a
stable code (:data:`CODES`), the event number (from 1), the player and the
tiles.  The inline tables are a stranger's data: ids must be lowercase words
joined by "-" (at most 40 characters), RP whole numbers from 0 to
:data:`~printkit.games.archaeologia.data.RP_MAX`, groups 2 to
:data:`~printkit.games.archaeologia.data.GROUP_MAX` different known tiles, a
tile in one group at most.  Only an unreadable file, or one whose top level
is not a table, raises :class:`printkit.PrintkitError`.

The rules of play (one discovery per gift, complete groups, a tile given
once, the end of the game…) are checked by replaying the events:
:func:`printkit.games.archaeologia.scoring.replay`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from sys import intern  # tile ids and names as written: every game shares one string each
from typing import Any, ClassVar


from printkit.games.archaeologia.data import (
    COINS_MAX,
    GAME_ID,
    GROUP_MAX,
    ID,
    RP_MAX,
    ArchaeologiaRules,
    bundled_rules,
)
from printkit.gamekit import (
    ERROR,
    Problem as BaseProblem,
    Table,
    check_keys,
    check_top,
    is_int,
    item_text,
    name_key,
    player_name,
    player_tables,
    read_game_file,
    require_table,
    shared_codes,
    show,
    text_flaw,
    type_name,
)

#: code → (default severity, the rule it enforces).  Stable: tests, docs and JSON use them.
CODES: dict[str, tuple[str, str]] = {
    # the scoring core's shared checks
    **shared_codes(GAME_ID, format="Archaeologia game",
                   missing="every player has a `name`; discoveries a `stratum` and `rp`; objectives an `rp`; "
                           "an objective event its `by`"),
    # the inline tables
    "bad-id": (ERROR, "ids (discoveries, groups, objectives, strata) are lowercase words joined by '-', "
                      "at most 40 characters"),
    "bad-rp": (ERROR, f"rp is a whole number from 0 to {RP_MAX}"),
    "bad-group": (ERROR, f"a group lists 2 to {GROUP_MAX} different discoveries of [discoveries]; "
                         "a discovery belongs to one group at most"),
    # the table
    "player-count": (ERROR, "the number of players is within the rules' range (players.min to players.max)"),
    # the events
    "bad-event": (ERROR, "an event is exactly one of: give = { <player> = [<tiles>], … }; eggs = \"<player>\"; "
                         "objective = \"<id>\" with by = \"<player>\""),
    "unknown-player": (ERROR, "every player named in an event is a [[player]]"),
    "unknown-tile": (ERROR, "every tile id is a discovery"),
    "unknown-objective": (ERROR, "every objective id is a secret objective card"),
    "incomplete-group": (ERROR, "a multiple discovery (double, collection, dinosaur family) is given whole"),
    "mixed-discoveries": (ERROR, "one gift is exactly one discovery: a single tile or all the tiles of one group"),
    "tile-given-twice": (ERROR, "a tile is given to the museum at most once in the game"),
    "objective-twice": (ERROR, "a secret objective card is fulfilled at most once"),
    "empty-share": (ERROR, "in a pooled gift, every player listed gives at least one tile he owned"),
    "no-eggs": (ERROR, "an `eggs` event needs the dinosaur eggs among the discoveries"),
    "eggs-after-gift": (ERROR, "an egg given to the museum can no longer be held: no `eggs` event after "
                               "either egg was given"),
    "event-after-end": (ERROR, "no event after the one that ended the game"),
    "game-not-ended": (ERROR, "the game ends: a player reaches the winning RP or holds both dinosaur eggs "
                              "(warning with --partial)"),
}

TOP_KEYS = ("game", "discoveries", "groups", "objectives", "player", "event")
PLAYER_KEYS = ("name",)
DISCOVERY_KEYS = ("stratum", "rp", "egg")
OBJECTIVE_KEYS = ("rp", "coins")
EVENT_KEYS = ("give", "eggs", "objective", "by")
EVENT_KINDS = ("give", "eggs", "objective")
#: Ids named in one message before "and N more".
MAX_NAMED = 8
#: Longest id (as in the rules data).
ID_MAX = 40


@dataclass(frozen=True)
class Problem(BaseProblem):
    """One broken rule (:class:`printkit.scoring.problems.Problem`).

    ``event``: the event's number in the file, from 1 (``None`` for the
    tables and players); ``tiles``: the discovery ids involved; ``item``: the
    table entry or key involved (a group, objective or discovery id, a key).
    """

    CODES: ClassVar[dict[str, tuple[str, str]]] = CODES

    event: int | None = None
    tiles: tuple[str, ...] = ()
    item: str | None = None


problem = Problem.make


@dataclass(frozen=True)
class Tile:
    """A discovery tile: ``rp`` top left, ``egg`` for a dinosaur egg,
    ``group`` id for a tile of a multiple discovery (``None``: single);
    ``name`` as printed (the id for an inline table)."""

    id: str
    stratum: str
    rp: int
    egg: bool = False
    group: str | None = None
    name: str = ""


@dataclass(frozen=True)
class Group:
    """A multiple discovery: its ``tiles`` go to the museum together."""

    id: str
    tiles: tuple[str, ...]
    name: str = ""


@dataclass(frozen=True)
class Objective:
    """A SECRET OBJECTIVE card: the RP it gives (coins are not scored)."""

    id: str
    rp: int
    name: str = ""


@dataclass(frozen=True)
class Event:
    """One ``[[event]]``, numbered from 1.

    ``kind``: ``"give"``, ``"eggs"``, ``"objective"``, or ``None`` when the
    entry is malformed (already a problem; the replay skips it).
    ``shares``: for a gift, (player as written, tile ids) per player;
    ``player``: the egg holder or the objective's player as written.
    """

    number: int
    kind: str | None
    shares: tuple[tuple[str, tuple[str, ...]], ...] = ()
    player: str | None = None
    objective: str | None = None


@dataclass
class Player:
    """A ``[[player]]``: the name shown, ``seat`` from 1, ``named``: the
    name is the player's own (not "player N")."""

    name: str
    seat: int
    named: bool = True


class Discoveries:
    """What the replay needs of the tables in force, per tile id:
    ``tiles[id]`` = (rp, discovery, egg, size) — ``discovery`` is the tile's
    group id, or its own id for a single tile; ``size`` the tiles of that
    discovery (1 for a single tile).  ``eggs``: tiles with ``egg = true``.
    Built by :func:`discoveries_index`."""

    __slots__ = ("tiles", "eggs")

    def __init__(self, tiles: dict[str, tuple[int, str, bool, int]], eggs: int):
        self.tiles, self.eggs = tiles, eggs


def discoveries_index(tiles: dict[str, Tile], groups: dict[str, Group]) -> Discoveries:
    """The :class:`Discoveries` of ``tiles`` and ``groups``.  ``tiles`` is
    left empty (every gift then gets the replay's full check) when a
    discovery is not told by its tiles alone: a tile id that is also a group
    id, a group id ``""``, a group listing a tile twice, or a tile and a
    group that do not name each other."""
    eggs = sum(t.egg for t in tiles.values())
    if "" in groups or any(t in groups for t in tiles) or any(
            len(set(g.tiles)) != len(g.tiles) or any(t not in tiles or tiles[t].group != g.id for t in g.tiles)
            for g in groups.values()):
        return Discoveries({}, eggs)
    index = {}
    for tid, t in tiles.items():
        if t.group is None:
            index[tid] = (t.rp, tid, t.egg, 1)
        elif t.group in groups and tid in groups[t.group].tiles:
            index[tid] = (t.rp, t.group, t.egg, len(groups[t.group].tiles))
        else:
            return Discoveries({}, eggs)
    return Discoveries(index, eggs)


@dataclass
class Game:
    """A parsed game file and the tables in force.

    ``tiles``/``groups``/``objectives``: bundled, or the file's own;
    ``win_rp``, ``eggs_to_end``, ``start_rp`` and ``players_range`` come from
    the rules; ``loose``: tables the file gave in a form that could not be
    read (``unknown-*`` checks against them are skipped, to report the cause
    once); ``problems``: what reading found; ``discoveries``: ``tiles`` and
    ``groups`` indexed for the replay (:func:`discoveries_index`; the
    bundled tables' index is worked out once per rules object; ``None``:
    worked out by each replay).
    """

    source: str
    tiles: dict[str, Tile]
    groups: dict[str, Group]
    objectives: dict[str, Objective]
    players: list[Player]
    events: list[Event]
    win_rp: int
    eggs_to_end: int
    start_rp: int = 0
    players_range: tuple[int, int] = (1, 99)
    inline: frozenset[str] = frozenset()
    loose: frozenset[str] = frozenset()
    problems: list[Problem] = field(default_factory=list)
    discoveries: Discoveries | None = field(default=None, repr=False, compare=False)

    def player_for(self, written: Any) -> Player | None:
        """The ``[[player]]`` an event names (names compared as the table
        compares them: case, Unicode form and invisible characters aside).
        A replay looks names up through one :class:`Seating` instead."""
        return Seating(self.players).find(written)


class Seating:
    """The named ``[[player]]`` tables of a game, found by the name an event
    writes (:meth:`find`).  Built once per replay (a game is not changed by
    scoring it, and keeps nothing from it).  Named players have different
    names (the loader's ``duplicate-player`` check)."""

    __slots__ = ("exact", "_keys")

    def __init__(self, players: list[Player]):
        #: Name as written in the table → player (named players only).
        self.exact: dict[str, Player] = {p.name: p for p in players if p.named}
        self._keys: dict[str, Player] | None = None

    def find(self, written: Any) -> Player | None:
        """The player ``written`` names: as written in the table, else once
        case, Unicode form and invisible characters are set aside
        (:func:`printkit.gamekit.name_key`); ``None`` when no player has that
        name (or ``written`` is not text)."""
        if not isinstance(written, str):
            return None
        found = self.exact.get(written)
        if found is not None:
            return found
        if self._keys is None:
            self._keys = {}
            for p in self.exact.values():
                self._keys.setdefault(name_key(p.name), p)
        return self._keys.get(name_key(written))


def ids_text(ids: Any, limit: int = MAX_NAMED) -> str:
    """Ids joined by ", " (each printable, via :func:`item_text`); past
    ``limit``, "and N more"."""
    ids = list(ids)
    more = f" and {len(ids) - limit:,} more" if len(ids) > limit else ""
    return ", ".join(item_text(i) for i in ids[:limit]) + more


def is_id(v: Any) -> bool:
    """An id of the format: lowercase words joined by "-", at most 40 characters."""
    return isinstance(v, str) and len(v) <= ID_MAX and ID.match(v) is not None


def near_id(v: Any, ids: Any) -> str:
    """``" (did you mean oil-lamp?)"`` when case, ``_`` or spaces for ``-``
    are all that differ from a known id; else ``""``."""
    if isinstance(v, str) and len(v) <= 80:
        near = v.strip().casefold().replace("_", "-").replace(" ", "-").replace("'", "").replace("’", "")
        if near in ids and near != v:
            return f" (did you mean {near}?)"
    return ""


def load_game(path: str | Path, rules: ArchaeologiaRules | None = None) -> Game:
    """Read a game file (TOML, or JSON when the name ends in ``.json``).

    ``rules``: the rules in force (default: bundled).  Raises
    :class:`printkit.PrintkitError` for an unreadable file, non-UTF-8 bytes or
    invalid TOML/JSON (with line and column); every other trouble is a
    :class:`Problem` on the returned game.
    """
    return game_from_dict(read_game_file(path), source=str(path), rules=rules)


def game_from_dict(data: Any, *, source: str = "<game>", rules: ArchaeologiaRules | None = None) -> Game:
    """Build a :class:`Game` from parsed TOML/JSON data.

    Raises :class:`printkit.PrintkitError` only when ``data`` is not a table.
    """
    data = require_table(data, source)
    rules = rules or bundled_rules()
    probs: list[Problem] = []
    check_top(data, GAME_ID, TOP_KEYS, Problem, probs)
    loose: set[str] = set()
    if "discoveries" in data:
        tiles = _discoveries(data["discoveries"], probs, loose)
    else:
        tiles = {intern(d.id): Tile(d.id, d.stratum, d.rp, d.egg, None, d.name) for d in rules.discoveries.values()}
    if "groups" in data:
        groups = _groups(data["groups"], tiles, probs, loose)
    else:
        groups = _bundled_groups(rules, tiles, probs, "discoveries" in data)
    member = {t: g.id for g in groups.values() for t in g.tiles}
    tiles = {tid: Tile(t.id, t.stratum, t.rp, t.egg, member.get(tid), t.name) for tid, t in tiles.items()}
    if "objectives" in data:
        objectives = _objectives(data["objectives"], probs, loose)
    else:
        objectives = {o.id: Objective(o.id, o.rp, o.name) for o in rules.objectives.values()}
    players = _players(data.get("player"), (rules.players_min, rules.players_max), probs)
    events = _events(data.get("event"), probs)
    bundled = "discoveries" not in data and "groups" not in data
    return Game(source, tiles, groups, objectives, players, events, rules.win_rp, rules.eggs_to_end,
                rules.start_rp, (rules.players_min, rules.players_max),
                frozenset(k for k in ("discoveries", "groups", "objectives") if k in data), frozenset(loose), probs,
                _bundled_index(rules, tiles, groups) if bundled else discoveries_index(tiles, groups))


#: (rules, the :class:`Discoveries` of its tables) for the last rules object whose tables a game used.
_last_bundled: tuple[ArchaeologiaRules, Discoveries] | None = None


def _bundled_index(rules: ArchaeologiaRules, tiles: dict[str, Tile], groups: dict[str, Group]) -> Discoveries:
    """:func:`discoveries_index` of ``rules``' own tables (``tiles`` and
    ``groups``, built from them), worked out once per rules object."""
    global _last_bundled
    last = _last_bundled
    if last is None or last[0] is not rules:
        last = _last_bundled = (rules, discoveries_index(tiles, groups))
    return last[1]


# -- the inline tables -------------------------------------------------------------------


def _table(raw: Any, name: str, example: str, probs: list[Problem], loose: set[str]) -> dict | None:
    if isinstance(raw, dict):
        return raw
    probs.append(problem("wrong-type", f"`{name}` is {type_name(raw)}; write a [{name}] table ({example})",
                         item=name))
    loose.add(name)
    return None


def _entry_id(key: Any, table: str, probs: list[Problem]) -> str:
    """The entry's id as an item; a ``bad-id`` problem when it breaks the id rule."""
    shown = item_text(key)
    if not is_id(key):
        why = f"{len(key):,} characters long" if isinstance(key, str) and len(key) > ID_MAX else \
            "not lowercase words joined by '-'"
        probs.append(problem("bad-id", f"[{table}] id {show(key)} is {why}; write e.g. oil-lamp", item=shown))
    return key


def _rp(v: Any, where: str, item: str, probs: list[Problem]) -> int:
    if is_int(v) and 0 <= v <= RP_MAX:
        return v
    what = type_name(v) if not is_int(v) else "out of range"
    probs.append(problem("bad-rp", f"{where} rp is {show(v)} ({what}); write a whole number from 0 to {RP_MAX}",
                         item=item))
    return 0


def _discoveries(raw: Any, probs: list[Problem], loose: set[str]) -> dict[str, Tile]:
    table = _table(raw, "discoveries", 'ermine = { stratum = "earth", rp = 1 }', probs, loose)
    if table is None:
        return {}
    tiles: dict[str, Tile] = {}
    for key, entry in table.items():
        tid = _entry_id(key, "discoveries", probs)
        item = item_text(key)
        where = f"[discoveries] {item}:"
        if not isinstance(entry, dict):
            probs.append(problem("wrong-type", f"{where} is {type_name(entry)}; write "
                                 '{ stratum = "earth", rp = 1 }', item=item))
            tiles[tid] = Tile(tid, "", 0, name=tid)
            continue
        check_keys(entry, DISCOVERY_KEYS, Problem, probs, where=f"[discoveries] {item}")
        stratum = entry.get("stratum")
        if stratum is None:
            probs.append(problem("missing-key", f"{where} no `stratum` (e.g. \"earth\")", item=item))
            stratum = ""
        elif not isinstance(stratum, str):
            probs.append(problem("wrong-type", f"{where} stratum is {type_name(stratum)}; write text such as "
                                 '"earth"', item=item))
            stratum = ""
        elif not is_id(stratum):
            probs.append(problem("bad-id", f"{where} stratum {show(stratum)} is not lowercase words joined by '-'",
                                 item=item))
        if "rp" not in entry:
            probs.append(problem("missing-key", f"{where} no `rp` (the RP printed top left)", item=item))
            rp = 0
        else:
            rp = _rp(entry["rp"], where, item, probs)
        egg = entry.get("egg", False)
        if not isinstance(egg, bool):
            probs.append(problem("wrong-type", f"{where} egg is {show(egg)} ({type_name(egg)}); write true or false",
                                 item=item))
            egg = False
        tiles[tid] = Tile(tid, stratum if isinstance(stratum, str) else "", rp, egg, name=tid)
    return tiles


def _groups(raw: Any, tiles: dict[str, Tile], probs: list[Problem], loose: set[str]) -> dict[str, Group]:
    table = _table(raw, "groups", 'the-village = ["pottery", "oil-lamp", "millstone"]', probs, loose)
    if table is None:
        return {}
    groups: dict[str, Group] = {}
    owner: dict[str, str] = {}
    for key, entry in table.items():
        gid = _entry_id(key, "groups", probs)
        item = item_text(key)
        where = f"[groups] {item}:"
        if not isinstance(entry, list) or not all(isinstance(t, str) for t in entry):
            what = type_name(entry) if not isinstance(entry, list) else \
                "a list holding " + ", ".join(sorted({type_name(t) for t in entry if not isinstance(t, str)}))
            probs.append(problem("wrong-type", f"{where} is {what}; write a list of discovery ids",
                                 item=item))
            loose.add("groups")
            continue
        bad = []
        if not 2 <= len(entry) <= GROUP_MAX:
            bad.append(f"lists {len(entry):,} tile(s); a group has 2 to {GROUP_MAX}")
        twice = [t for t, k in Counter(entry).items() if k > 1]
        if twice:
            bad.append(f"lists {ids_text(twice)} twice")
        unknown = [t for t in dict.fromkeys(entry) if t not in tiles]
        if unknown and "discoveries" not in loose:
            bad.append(f"names {ids_text(unknown)}, not in [discoveries]{near_id(unknown[0], tiles)}")
        taken = [t for t in dict.fromkeys(entry) if t in owner]
        if taken:
            bad.append("; ".join(f"{item_text(t)} is already in group {item_text(owner[t])}"
                                 for t in taken[:MAX_NAMED]))
        if bad:
            probs.append(problem("bad-group", f"{where} " + "; ".join(bad), item=item,
                                 tiles=tuple(item_text(t) for t in (unknown or twice or taken)[:MAX_NAMED])))
        mine = tuple(t for t in dict.fromkeys(entry) if t in tiles and t not in owner)
        for t in mine:
            owner[t] = gid
        groups[gid] = Group(gid, mine, gid)
    return groups


def _bundled_groups(rules: ArchaeologiaRules, tiles: dict[str, Tile], probs: list[Problem],
                    inline_tiles: bool) -> dict[str, Group]:
    """The bundled groups whose tiles are all in force.  With the file's own
    [discoveries] and no [groups], a bundled group only partly among them is
    one ``bad-group`` problem (write [groups], empty for none)."""
    groups, partly = {}, []
    for g in rules.groups.values():
        have = [t for t in g.tiles if t in tiles]
        if len(have) == len(g.tiles):
            groups[g.id] = Group(g.id, g.tiles, g.name)
        elif have:
            partly.append(g.id)
    if partly and inline_tiles:
        probs.append(problem(
            "bad-group", f"[discoveries] replaces the bundled tiles but the file has no [groups]: the bundled "
            f"group(s) {ids_text(partly)} would lack tiles; write [groups] (an empty [groups] for none)",
            item="groups"))
    return groups


def _objectives(raw: Any, probs: list[Problem], loose: set[str]) -> dict[str, Objective]:
    table = _table(raw, "objectives", "the-curator = { rp = 5 }", probs, loose)
    if table is None:
        return {}
    out: dict[str, Objective] = {}
    for key, entry in table.items():
        oid = _entry_id(key, "objectives", probs)
        item = item_text(key)
        where = f"[objectives] {item}:"
        if not isinstance(entry, dict):
            probs.append(problem("wrong-type", f"{where} is {type_name(entry)}; write {{ rp = 5 }}", item=item))
            out[oid] = Objective(oid, 0, oid)
            continue
        check_keys(entry, OBJECTIVE_KEYS, Problem, probs, where=f"[objectives] {item}")
        if "rp" not in entry:
            probs.append(problem("missing-key", f"{where} no `rp` (the RP the card gives)", item=item))
            rp = 0
        else:
            rp = _rp(entry["rp"], where, item, probs)
        coins = entry.get("coins", 0)
        if not (is_int(coins) and 0 <= coins <= COINS_MAX):
            probs.append(problem("wrong-type", f"{where} coins is {show(coins)} ({type_name(coins)}); write a whole "
                                 f"number from 0 to {COINS_MAX} (coins are not scored)", item=item))
        out[oid] = Objective(oid, rp, oid)
    return out


# -- players and events ------------------------------------------------------------------


def _players(raw: Any, allowed: tuple[int, int], probs: list[Problem]) -> list[Player]:
    players: list[Player] = []
    table = Table(Problem, probs)
    seats = player_tables(raw, Problem, probs)
    for seat, entry in seats:
        pname, named = player_name(entry, seat, Problem, probs)
        check_keys(entry, PLAYER_KEYS, Problem, probs, player=pname)
        if table.seat(pname, seat, named):
            players.append(Player(pname, seat, named))
        else:
            players.append(Player(pname, seat, False))
    n = len(raw) if isinstance(raw, list) else 1 if isinstance(raw, dict) else 0
    if n and not allowed[0] <= n <= allowed[1]:
        probs.append(problem("player-count", f"{n:,} [[player]] tables; Archaeologia is played by "
                             f"{allowed[0]} to {allowed[1]} players", item="player"))
    return players


def _player_text(v: Any, what: str, number: int, probs: list[Problem]) -> str | None:
    if isinstance(v, str) and not text_flaw(v):
        return v
    flaw = f"text holding {text_flaw(v)}" if isinstance(v, str) else type_name(v)
    probs.append(problem("wrong-type", f"event {number}: {what} is {show(v)} ({flaw}); write a player's name",
                         event=number, item=what.strip("`")))
    return None


def _events(raw: Any, probs: list[Problem]) -> list[Event]:
    if raw is None:
        return []
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list):
        probs.append(problem("wrong-type", f"`event` is {type_name(raw)}; write [[event]] tables", item="event"))
        return []
    return [_event(n, entry, probs) for n, entry in enumerate(raw, 1)]


def _event(n: int, entry: Any, probs: list[Problem]) -> Event:
    if not isinstance(entry, dict):
        probs.append(problem("wrong-type", f"event {n} is {type_name(entry)}, not an [[event]] table", event=n))
        return Event(n, None)
    for key in entry:
        if key not in EVENT_KEYS:
            probs.append(problem("unknown-key", f"event {n}: unknown key {show(key)}; allowed: "
                                 f"{', '.join(EVENT_KEYS)}", event=n, item=item_text(key)))
    kinds = [k for k in EVENT_KINDS if k in entry]
    if len(kinds) != 1:
        what = "none of" if not kinds else f"{' and '.join(kinds)}: more than one of"
        probs.append(problem("bad-event", f"event {n} has {what} give, eggs, objective; an event is one of them",
                             event=n))
        return Event(n, None)
    kind = kinds[0]
    if "by" in entry and kind != "objective":
        probs.append(problem("bad-event", f"event {n}: `by` names who fulfilled an objective; a {kind} event has "
                             "no `by`", event=n, item="by"))
        return Event(n, None)
    if kind == "eggs":
        who = _player_text(entry["eggs"], "`eggs`", n, probs)
        return Event(n, "eggs" if who is not None else None, player=who)
    if kind == "objective":
        oid = entry["objective"]
        ok = True
        if not isinstance(oid, str):
            probs.append(problem("wrong-type", f"event {n}: `objective` is {show(oid)} ({type_name(oid)}); write "
                                 "an objective id such as \"the-curator\"", event=n, item="objective"))
            ok = False
        if "by" not in entry:
            probs.append(problem("missing-key", f"event {n}: an objective event names its player with `by`",
                                 event=n, item="by"))
            return Event(n, None)
        who = _player_text(entry["by"], "`by`", n, probs)
        return Event(n, "objective" if ok and who is not None else None, player=who,
                     objective=oid if ok else None)
    give = entry["give"]
    if not isinstance(give, dict):
        probs.append(problem("wrong-type", f"event {n}: `give` is {type_name(give)}; write "
                             'give = { Ana = ["ermine"] }', event=n, item="give"))
        return Event(n, None)
    if not give:
        probs.append(problem("bad-event", f"event {n}: `give` names no player and no tile; write "
                             'give = { Ana = ["ermine"] }', event=n, item="give"))
        return Event(n, None)
    ok = True
    shares = []
    for who, tiles in give.items():
        pshown = item_text(who)
        if text_flaw(who):
            probs.append(problem("wrong-type", f"event {n}: player {show(who)} holds {text_flaw(who)}; write a "
                                 "player's name", event=n, player=pshown))
            ok = False
            continue
        if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
            what = type_name(tiles) if not isinstance(tiles, list) else "a list holding " + ", ".join(
                sorted({type_name(t) for t in tiles if not isinstance(t, str)}))
            probs.append(problem("wrong-type", f"event {n}: {pshown}'s tiles are {what}; write a list of tile ids "
                                 'such as ["ermine"]', event=n, player=pshown))
            ok = False
            continue
        shares.append((intern(who), tuple(map(intern, tiles))))
    return Event(n, "give" if ok else None, shares=tuple(shares))

"""Archaeologia game data: strata, discoveries and their groups, tools, rentals,
EVENT and SECRET OBJECTIVE cards, setup and sizes.

Loaded from ``rules/archaeologia.toml`` (every value there carries its source)
by :func:`load_rules`, the one checker of that file, bundled or given with
``--rules``.  Lengths are in mm, money in coins, renown in RP.  The
``[discoveries]``, ``[groups]`` and ``[objectives]`` tables have the shape of
``docs/formats/archaeologia-game.md`` so a scorer can read them directly.
"""

import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from printkit.gamekit import (
    Checker,
    PrintkitError,
    check_printable as rules_check_printable,
    listed,
    playing_time,
    read_rules,
    rules_path,
    table_keys,
)

GAME_ID = "archaeologia"

#: Smallest type on the classic player aid (pt); a large-print theme prints the
#: whole aid :func:`aid_scale` times larger so that it becomes ≥ 11 pt.
AID_MIN_PT = 8.0


def aid_scale(theme) -> float:
    """1.0, or in a large-print theme ([type] scale above 1) the factor that
    takes the aid's smallest type (:data:`AID_MIN_PT`) to
    :data:`printkit.gamekit.LARGE_PRINT_PT`: the large-print aid is 95 × 124 mm
    times 1.375 (131 × 171 mm), fewer to a sheet, with the same layout.
    ``theme`` ``None`` (the default theme, :attr:`printkit.gamekit.GameKit.catalogue`): 1.0."""
    if not getattr(theme, "large_print", False):
        return 1.0
    from printkit.gamekit import LARGE_PRINT_PT  # a large-print theme is loaded: its module is

    return LARGE_PRINT_PT / AID_MIN_PT

#: Kinds of discovery tile (rulebook: VII. Give a discovery to the museum).
KINDS = ("single", "double", "collection", "family", "egg")
#: Kinds of group, and the tiles each holds (``None``: 2 or more).
GROUP_KINDS = {"double": 2, "collection": None, "family": None}
#: Icons a group may carry top right (drawn in :mod:`printkit.games.archaeologia.art`).
GROUP_ICONS = ("circle", "square", "triangle", "diamond", "hexagon", "star", "skull", "triskele", "hut",
               "arrowhead", "leaf", "ammonite", "tooth", "horns", "flipper", "long-neck", "wing")
#: Tools a stratum may need ("" = none): the tool tiles the kit draws.
TOOL_IDS = ("shovel", "pickaxe", "brush")
#: Rentals the tool hut offers (each has its own icon).
RENTAL_IDS = ("airplane", "tent", "workforce", "sonar")
#: Strata the kit can draw (each has its colours and emblem).
STRATUM_IDS = ("grass", "earth", "rock", "dinosaur")
#: Player colours the theme palette names.
PLAYER_COLOURS = ("blue", "orange", "green", "purple")
#: Ids: lowercase words joined by "-" (docs/formats/archaeologia-game.md).
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

#: Limits of the rules data (inclusive): a ``--rules`` file is a stranger's data.
RP_MAX = 99              # two digits fit the RP badge
COINS_MAX = 99           # two digits fit a coin
TILES_MAX = 60           # tiles of one stratum
DISCOVERIES_MAX = 200
GROUP_MAX = 8            # tiles in one group
CARD_COUNT_MAX = 30      # copies of one EVENT card
EVENTS_MAX = 150
OBJECTIVES_MAX = 30
SITE_RANGE = (2, 6)
PLAYERS_RANGE = (1, 4)   # 4 colours, 4 pawns
TRACK_RANGE = (20, 99)
#: The score boards' layout (mm; :mod:`.board` draws it): the frame, the title
#: band and the gap above a track; spaces per row; a space's play beyond its
#: marker; the room a board keeps under its track over its 25 mm footer band —
#: MONEY/TOOLS the tool hut (its title and a tool slot a tool tile tall, so
#: 45 mm plus ``tool_tile``), RENOWN the end of the game and the museum.
BOARD_FRAME, BOARD_TITLE, TRACK_GAP = 7.0, 15.0, 4.0
TRACK_COLS = {"money": 13, "renown": 12}
TRACK_PLAY = {"money": 1.5, "renown": 5.0}
UNDER_TRACK = {"money": 45.0, "renown": 43.0}


def track_side(sizes: dict[str, float], which: str) -> float:
    """A ``which`` ("money" or "renown") track space's side in mm: a row of
    :data:`TRACK_COLS` spaces across the board's field less 6 mm, at most
    the marker plus :data:`TRACK_PLAY`."""
    field = sizes["board_width"] - 2 * BOARD_FRAME - 6
    return min(field / TRACK_COLS[which], sizes["marker"] + TRACK_PLAY[which])


def track_capacity(sizes: dict[str, float], which: str) -> int:
    """The largest value a ``which`` track can run to on its board: whole
    rows of :func:`track_side` spaces between the title band and the room
    :data:`UNDER_TRACK` keeps (0 when not one row fits)."""
    room = sizes["board_height"] - BOARD_FRAME - BOARD_TITLE - TRACK_GAP - UNDER_TRACK[which]
    if which == "money":
        room -= sizes["tool_tile"]
    return max(0, int(room // track_side(sizes, which)) * TRACK_COLS[which] - 1)


def _track_max(chk: Checker, sizes: dict[str, float], which: str, least: int, what: str) -> int:
    """``sizes.<which>_track_max``: a whole number from ``least`` to what the
    board holds (:func:`track_capacity`, at most :data:`TRACK_RANGE`'s top)."""
    key = f"sizes.{which}_track_max"
    v = chk.whole(key, least, TRACK_RANGE[1], what=what)
    cap = track_capacity(sizes, which)
    if v > cap:
        side = track_side(sizes, which)
        most = f"at most {cap}" if cap >= least else f"no track from {least}"
        raise chk.fail(key, f"does not fit the {sizes['board_width']:g} × {sizes['board_height']:g} mm board "
                            f"(spaces a marker wide: {side:.1f} mm, {TRACK_COLS[which]} to a row): {most}", v)
    return v


TEXT_MAX = {"title": 40, "tagline": 140, "name": 30, "short": 24, "text": 170, "back": 24}
DURATIONS = ("now", "this turn", "until your next turn", "his next turn")
SIZES_MM = {
    "tile": (30.0, 60.0), "tool_tile": (25.0, 60.0), "card_width": (40.0, 90.0), "card_height": (60.0, 130.0),
    "marker": (12.0, 30.0), "pawn_width": (18.0, 40.0), "pawn_height": (25.0, 50.0),
    "pawn_base": (8.0, 20.0), "aid_width": (80.0, 100.0), "aid_height": (100.0, 124.0),
    "board_width": (200.0, 400.0), "board_height": (150.0, 300.0), "board_overlap": (5.0, 30.0),
}


# The records below are NamedTuples (read-only, compared by value, changed with ``_replace``):
# a frozen dataclass compiles six methods from source at every start-up, ~4M instructions,
# ~18M for a rules object; a NamedTuple ~0.7M (issue 26).
# No ``from __future__ import annotations`` here: NamedTuple compiles each annotation
# given as a string.
class Stratum(NamedTuple):
    """One layer of the site: ``tool`` id or ``""`` (none), ``cost`` in coins
    to dig one tile, ``tiles`` in the game (rulebook: VII. Dig a pile)."""

    id: str
    name: str
    research: str
    tool: str
    cost: int
    tiles: int


class Discovery(NamedTuple):
    """One strata tile: RP top left, black-market value (coins) bottom right,
    ``group`` id (``None`` for singles and eggs)."""

    id: str
    name: str
    stratum: str
    kind: str
    rp: int
    black_market: int
    egg: bool = False
    group: str | None = None


class Group(NamedTuple):
    """A multiple discovery: a double, a collection or a dinosaur family;
    ``tiles``: its discovery ids (the museum takes them all at once)."""

    id: str
    name: str
    kind: str
    icon: str
    tiles: tuple[str, ...]

    @property
    def size(self) -> int:
        """Tiles in the group (printed top right beside the icon)."""
        return len(self.tiles)


class Priced(NamedTuple):
    """A tool (``count`` tiles) or a rental (``text``, and how long it
    ``lasts``: "this turn" or "rest of the game") of the tool hut; price in coins."""

    id: str
    name: str
    price: int
    count: int = 0
    text: str = ""
    lasts: str = ""


class Action(NamedTuple):
    """Something a player may do on his turn; ``actions``: what it costs (0 = free)."""

    id: str
    name: str
    actions: int
    text: str


class Event(NamedTuple):
    """An EVENT card: ``action`` = shows the footprint (costs 1 ACTION)."""

    id: str
    name: str
    count: int
    action: bool
    duration: str
    category: str
    text: str


class Objective(NamedTuple):
    """A SECRET OBJECTIVE card: its condition and gains (RP, coins)."""

    id: str
    name: str
    condition: str
    rp: int
    coins: int


class ArchaeologiaRules(NamedTuple):
    """Everything ``rules/archaeologia.toml`` says, typed (mm, coins, RP)."""

    title: str
    tagline: str
    players_min: int
    players_max: int
    players_default: int
    colours: tuple[str, ...]
    site_rows: int
    site_cols: int
    layers: tuple[str, ...]
    black_market_start: dict[str, int]
    start_coins: int
    start_rp: int
    hand: int
    objectives_each: int
    first_sonar_piles: int
    win_rp: int
    eggs_to_end: int
    draw: int
    actions_per_turn: int
    hand_limit: int
    idle_coins: int
    actions: dict[str, Action]
    strata: dict[str, Stratum]
    tools: dict[str, Priced]
    sell_back: int
    rentals: dict[str, Priced]
    rain_count: int
    rain_text: str
    markers_per_player: int
    sonar_markers: int
    tent_markers: int
    sizes: dict[str, float]
    money_track_max: int
    renown_track_max: int
    discoveries: dict[str, Discovery]
    groups: dict[str, Group]
    events: dict[str, Event]
    event_mix: dict[str, int]
    event_back: str
    objectives: dict[str, Objective]
    objective_back: str
    sources: dict[str, str]
    #: The rules file read (for messages).
    file: str = ""
    #: Playing time (min, max) in minutes ([playtime], as the cover prints it).
    minutes: tuple[int, int] = (0, 0)

    def tiles_of(self, stratum: str) -> list[Discovery]:
        """The discoveries of ``stratum``, in data order."""
        return [d for d in self.discoveries.values() if d.stratum == stratum]

    @property
    def piles(self) -> int:
        """Piles on the site (rows × columns)."""
        return self.site_rows * self.site_cols

    @property
    def event_count(self) -> int:
        """EVENT cards in the deck."""
        return sum(e.count for e in self.events.values())


def load_rules(path: Path | None = None) -> ArchaeologiaRules:
    """Load Archaeologia data (default: the bundled ``rules/archaeologia.toml``).

    Every value is type- and range-checked (this module's limits) and the
    data must hold together (each stratum's tiles fill the site plus its
    black-market spares; groups name existing tiles of one stratum and kind;
    the EVENT mix matches the cards; ids are lowercase words joined by "-").
    Raises :class:`printkit.PrintkitError`, one line naming the file and the
    ``table.key``, for anything missing, malformed, out of range or unknown.
    """
    return read_rules(GAME_ID, path, _read, ids=_ids)


def _ids(data: dict, rules: ArchaeologiaRules) -> dict[str, list[str]]:
    """The ids each keyed table of the rules data may hold."""
    ids = {t: table_keys(data, t) for t in ("discoveries", "groups", "group_info", "objectives")}
    ids.update({t: listed(data, f"{t}.order") for t in ("actions", "strata", "tools", "rentals", "events")})
    return ids


def _id(chk: Checker, key: str, value: str) -> str:
    if not isinstance(value, str) or not ID.match(value) or len(value) > 40:
        raise chk.fail(key, "ids are lowercase words joined by '-' (up to 40 characters)", value)
    return value


def _entries(chk: Checker, table: str, lo: int, hi: int) -> list[str]:
    """The entry ids of ``table`` (its sub-tables, ``source`` aside)."""
    t = chk.table(table)
    keys = [k for k in t if k != "source"]
    if not lo <= len(keys) <= hi:
        raise chk.fail(table, f"must hold {lo} to {hi} entries, has {len(keys)}")
    for k in keys:
        _id(chk, f"{table}.{k}", k)
    return keys


def _bool(chk: Checker, key: str) -> bool:
    v = chk.get(key)
    if not isinstance(v, bool):
        raise chk.fail(key, "must be true or false", v)
    return v


def _read(chk: Checker) -> ArchaeologiaRules:
    T = TEXT_MAX
    title = chk.text("game.title", T["title"])
    tagline = chk.text("game.tagline", T["tagline"])
    pmin, pmax, pdef = (chk.whole(f"players.{k}", *PLAYERS_RANGE) for k in ("min", "max", "default"))
    if not pmin <= pdef <= pmax:
        raise chk.fail("players", f"needs min <= default <= max, got min {pmin}, default {pdef}, max {pmax}")
    colours = tuple(chk.ids("players.colours", pmax, len(PLAYER_COLOURS), PLAYER_COLOURS))

    # strata first: everything else names them
    strata: dict[str, Stratum] = {}
    for sid in chk.ids("strata.order", 1, len(STRATUM_IDS), STRATUM_IDS):
        k = f"strata.{sid}"
        chk.table(k)
        tool = chk.get(f"{k}.tool")
        if tool != "":
            chk.choice(f"{k}.tool", TOOL_IDS)
        strata[sid] = Stratum(sid, chk.text(f"{k}.name", T["short"]), chk.text(f"{k}.research", T["short"]), tool,
                              chk.whole(f"{k}.cost", 0, COINS_MAX, what=" (coins)"),
                              chk.whole(f"{k}.tiles", 1, TILES_MAX, what=" (tiles)"))
    rows = chk.whole("setup.site_rows", *SITE_RANGE)
    cols = chk.whole("setup.site_cols", *SITE_RANGE)
    layers = tuple(chk.ids("setup.layers", len(strata), len(strata), tuple(strata)))
    bm_table = chk.table("setup.black_market")
    black_market = {}
    for sid, n in bm_table.items():
        chk.choice("setup.black_market", tuple(strata), sid)
        black_market[sid] = chk.whole(f"setup.black_market.{sid}", 0, TILES_MAX, n, " (tiles)")
    for s in strata.values():
        need = rows * cols + black_market.get(s.id, 0)
        if s.tiles != need:
            raise chk.fail(f"strata.{s.id}.tiles", f"must be {need}: one per pile of the {rows} × {cols} site "
                                                  f"plus {black_market.get(s.id, 0)} for the black market", s.tiles)

    # tools and rentals
    tools = {}
    for tid in chk.ids("tools.order", 1, len(TOOL_IDS), TOOL_IDS):
        k = f"tools.{tid}"
        chk.table(k)
        tools[tid] = Priced(tid, chk.text(f"{k}.name", T["short"]), chk.whole(f"{k}.price", 0, COINS_MAX, what=" (coins)"),
                            chk.whole(f"{k}.count", 1, 12, what=" (tiles)"))
    for s in strata.values():
        if s.tool and s.tool not in tools:
            raise chk.fail(f"strata.{s.id}.tool", f"names a tool not in tools.order ({', '.join(tools)})", s.tool)
    rentals = {}
    for rid in chk.ids("rentals.order", 1, len(RENTAL_IDS), RENTAL_IDS):
        k = f"rentals.{rid}"
        chk.table(k)
        rentals[rid] = Priced(rid, chk.text(f"{k}.name", T["short"]),
                              chk.whole(f"{k}.price", 0, COINS_MAX, what=" (coins)"), text=chk.text(f"{k}.text", 60),
                              lasts=chk.choice(f"{k}.lasts", ("this turn", "rest of the game")))
    actions = {}
    for aid in chk.ids("actions.order", 1, 12, max_len=40):
        k = f"actions.{_id(chk, 'actions.order', aid)}"
        chk.table(k)
        actions[aid] = Action(aid, chk.text(f"{k}.name", T["name"]), chk.whole(f"{k}.actions", 0, 3),
                              chk.text(f"{k}.text", 100))

    # discoveries and groups
    discoveries: dict[str, Discovery] = {}
    for did in _entries(chk, "discoveries", 1, DISCOVERIES_MAX):
        k = f"discoveries.{did}"
        chk.table(k)
        kind = chk.choice(f"{k}.kind", KINDS)
        egg = _bool(chk, f"{k}.egg") if "egg" in chk.table(k) else False
        if egg != (kind == "egg"):
            raise chk.fail(f"{k}.egg", "egg = true goes with kind = \"egg\", and only with it", egg)
        discoveries[did] = Discovery(did, chk.text(f"{k}.name", T["name"]), chk.choice(f"{k}.stratum", tuple(strata)),
                                     kind, chk.whole(f"{k}.rp", 0, RP_MAX, what=" (RP)"),
                                     chk.whole(f"{k}.black_market", 0, COINS_MAX, what=" (coins)"), egg)
    for s in strata.values():
        n = sum(1 for d in discoveries.values() if d.stratum == s.id)
        if n != s.tiles:
            raise chk.fail(f"strata.{s.id}.tiles", f"says {s.tiles} tiles but [discoveries] holds {n} of that stratum")
    groups: dict[str, Group] = {}
    member: dict[str, str] = {}
    info_ids = _entries(chk, "group_info", 0, DISCOVERIES_MAX)
    for gid in _entries(chk, "groups", 0, DISCOVERIES_MAX):
        k = f"groups.{gid}"
        tiles = chk.ids(k, 2, GROUP_MAX, tuple(discoveries), max_len=40)
        if gid not in info_ids:
            raise chk.fail(f"group_info.{gid}", "missing: every group needs its name, kind and icon")
        ik = f"group_info.{gid}"
        gkind = chk.choice(f"{ik}.kind", tuple(GROUP_KINDS))
        if GROUP_KINDS[gkind] and len(tiles) != GROUP_KINDS[gkind]:
            raise chk.fail(k, f"a {gkind} holds {GROUP_KINDS[gkind]} tiles, not {len(tiles)}", tiles)
        for t in tiles:
            if t in member:
                raise chk.fail(k, f"{t!r} is already in group {member[t]!r}; a tile belongs to one group")
            member[t] = gid
            d = discoveries[t]
            if d.kind != gkind:
                raise chk.fail(f"discoveries.{t}.kind", f"must be {gkind!r} like its group {gid!r}", d.kind)
            if d.stratum != discoveries[tiles[0]].stratum:
                raise chk.fail(k, f"mixes strata ({discoveries[tiles[0]].stratum} and {d.stratum})")
        groups[gid] = Group(gid, chk.text(f"{ik}.name", T["name"]), gkind, chk.choice(f"{ik}.icon", GROUP_ICONS),
                            tuple(tiles))
    for gid in info_ids:
        if gid not in groups:
            raise chk.fail(f"group_info.{gid}", "describes a group that [groups] does not list")
    for d in discoveries.values():
        if d.kind in GROUP_KINDS and d.id not in member:
            raise chk.fail(f"discoveries.{d.id}.kind", f"a {d.kind} tile must be in a [groups] list", d.kind)
    discoveries = {did: Discovery(d.id, d.name, d.stratum, d.kind, d.rp, d.black_market, d.egg, member.get(did))
                   for did, d in discoveries.items()}
    eggs = chk.whole("end.eggs", 1, 4)
    if sum(d.egg for d in discoveries.values()) != eggs:
        raise chk.fail("end.eggs", f"is {eggs} but [discoveries] holds {sum(d.egg for d in discoveries.values())} eggs")

    # cards
    events: dict[str, Event] = {}
    for eid in chk.ids("events.order", 1, 40, max_len=40):
        k = f"events.{_id(chk, 'events.order', eid)}"
        chk.table(k)
        events[eid] = Event(eid, chk.text(f"{k}.name", T["short"]), chk.whole(f"{k}.count", 1, CARD_COUNT_MAX),
                            _bool(chk, f"{k}.action"), chk.choice(f"{k}.duration", DURATIONS),
                            chk.text(f"{k}.category", 20), chk.text(f"{k}.text", T["text"]))
    total = sum(e.count for e in events.values())
    if total > EVENTS_MAX:
        raise chk.fail("events", f"the deck would hold {total} cards; at most {EVENTS_MAX}")
    mix_table = chk.table("event_mix")
    mix = {c: chk.whole(f"event_mix.{c}", 0, EVENTS_MAX, n) for c, n in mix_table.items() if c != "source"}
    counted: dict[str, int] = {}
    for e in events.values():
        counted[e.category] = counted.get(e.category, 0) + e.count
    if counted != mix:
        raise chk.fail("event_mix", "must give the cards per category as the EVENT cards have them: "
                                    + ", ".join(f"{c} = {n}" for c, n in counted.items()))
    objectives: dict[str, Objective] = {}
    for oid in _entries(chk, "objectives", 1, OBJECTIVES_MAX):
        k = f"objectives.{oid}"
        chk.table(k)
        o = Objective(oid, chk.text(f"{k}.name", T["short"]), chk.text(f"{k}.condition", 120),
                      chk.whole(f"{k}.rp", 0, RP_MAX, what=" (RP)"), chk.whole(f"{k}.coins", 0, COINS_MAX, what=" (coins)"))
        if o.rp == o.coins == 0:
            raise chk.fail(k, "gains nothing; give rp, coins or both")
        objectives[oid] = o

    sizes = {name: chk.mm(f"sizes.{name}", *rng) for name, rng in SIZES_MM.items()}
    for which in TRACK_COLS:  # a space holds its marker with the least play (TRACK_PLAY's 1.5 mm)
        across = (sizes["board_width"] - 2 * BOARD_FRAME - 6) / TRACK_COLS[which]
        if sizes["marker"] + min(TRACK_PLAY.values()) > across:
            raise chk.fail("sizes.marker", f"needs {which} track spaces of {sizes['marker'] + min(TRACK_PLAY.values()):g} "
                                           f"mm; {TRACK_COLS[which]} across the {sizes['board_width']:g} mm board "
                                           f"(sizes.board_width) are {across:.1f} mm", sizes["marker"])
    win_rp = chk.whole("end.win_rp", 1, RP_MAX)
    money_max = _track_max(chk, sizes, "money", TRACK_RANGE[0], "")
    return ArchaeologiaRules(
        title=title, tagline=tagline, players_min=pmin, players_max=pmax, minutes=playing_time(chk), players_default=pdef, colours=colours,
        site_rows=rows, site_cols=cols, layers=layers, black_market_start=black_market,
        start_coins=chk.whole("setup.start_coins", 0, money_max, what=" (on the money track: sizes.money_track_max)"),
        start_rp=chk.whole("setup.start_rp", 0, win_rp - 1, what=" (under end.win_rp)"),
        hand=chk.whole("setup.hand", 0, 10), objectives_each=chk.whole("setup.objectives_each", 1, 3),
        first_sonar_piles=chk.whole("setup.first_sonar_piles", 0, 4),
        win_rp=win_rp, eggs_to_end=eggs,
        draw=chk.whole("turn.draw", 0, 5), actions_per_turn=chk.whole("turn.actions", 1, 9),
        hand_limit=chk.whole("turn.hand_limit", 1, 10), idle_coins=chk.whole("turn.idle_coins", 0, COINS_MAX),
        actions=actions, strata=strata, tools=tools, sell_back=chk.whole("tools.sell_back", 0, COINS_MAX),
        rentals=rentals, rain_count=chk.whole("rain.count", 1, 4), rain_text=chk.text("rain.text", T["text"]),
        markers_per_player=chk.whole("pieces.markers_per_player", 2, 2, what=" (one for money, one for renown)"),
        sonar_markers=chk.whole("pieces.sonar_markers", 0, 12), tent_markers=chk.whole("pieces.tent_markers", 0, 12),
        sizes=sizes,
        money_track_max=money_max,
        renown_track_max=_track_max(chk, sizes, "renown", max(TRACK_RANGE[0], win_rp), " (at least end.win_rp)"),
        discoveries=discoveries, groups=groups, events=events, event_mix=mix,
        event_back=chk.text("events.back", T["back"]), objectives=objectives,
        objective_back=chk.text("objective_cards.back", T["back"]),
        sources=_sources(chk.data), file=str(chk.path),
    )


def _sources(data: dict) -> dict[str, str]:
    """``table`` → its ``source`` string, for every table that has one (dotted names)."""
    out: dict[str, str] = {}

    def walk(node, name):
        if isinstance(node, dict):
            if isinstance(node.get("source"), str):
                out[name] = node["source"]
            for k, v in node.items():
                walk(v, f"{name}.{k}" if name else k)
    walk(data, "")
    return out


def printed_texts(rules: ArchaeologiaRules) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every text the kit prints from the rules data: (``table.key``, text as
    printed, the theme font roles it is drawn in)."""
    out = [("game.title", rules.title, ("display", "semibold")), ("game.title", rules.title.upper(), ("display",)),
           ("game.tagline", rules.tagline, ("italic",)),
           ("events.back", rules.event_back.upper(), ("display",)),
           ("objective_cards.back", rules.objective_back.upper(), ("display",)),
           ("rain.text", rules.rain_text, ("semibold", "body"))]
    for s in rules.strata.values():
        out += [(f"strata.{s.id}.name", s.name.upper(), ("display", "bold")),
                (f"strata.{s.id}.research", s.research, ("semibold", "italic", "body"))]
    for d in rules.discoveries.values():
        out.append((f"discoveries.{d.id}.name", d.name, ("bold", "semibold")))
    for g in rules.groups.values():
        out.append((f"group_info.{g.id}.name", g.name, ("semibold", "bold")))
    for t in (*rules.tools.values(), *rules.rentals.values()):
        table = "tools" if t.id in rules.tools else "rentals"
        out.append((f"{table}.{t.id}.name", t.name.upper(), ("display", "bold")))
        if t.text:
            out.append((f"{table}.{t.id}.text", t.text, ("semibold", "body")))
    for a in rules.actions.values():
        out += [(f"actions.{a.id}.name", a.name, ("bold",)), (f"actions.{a.id}.text", a.text, ("body",))]
    for e in rules.events.values():
        out += [(f"events.{e.id}.name", e.name.upper(), ("display",)), (f"events.{e.id}.text", e.text, ("semibold",)),
                (f"events.{e.id}.duration", e.duration, ("bold",))]
    for o in rules.objectives.values():
        out += [(f"objectives.{o.id}.name", o.name.upper(), ("display",)),
                (f"objectives.{o.id}.condition", o.condition, ("semibold",))]
    return out


def check_printable(rules: ArchaeologiaRules, theme) -> None:
    """Refuse rules texts the ``theme``'s fonts cannot draw, and player
    colours or strata its ``[games.archaeologia]`` palette lacks.  Raises
    :class:`printkit.PrintkitError` naming the rules file and the key."""
    where = rules.file or str(rules_path(GAME_ID))
    rules_check_printable(where, printed_texts(rules), theme)
    for colour in rules.colours:
        try:
            theme.hex(colour, GAME_ID)
        except PrintkitError:
            raise PrintkitError(f"{where}: players.colours: the theme {theme.name!r} has no colour {colour!r} "
                                f"in its [games.{GAME_ID}] palette") from None


@lru_cache(maxsize=1)
def bundled_rules() -> ArchaeologiaRules:
    """The bundled rules, loaded once."""
    return load_rules()

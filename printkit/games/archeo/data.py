"""Archéo game data: shovel cards, tokens, tiles and layers, fossil boards, rating.

Loaded from ``rules/archeo.toml`` (every value there carries its source) with
the one rules-data checker, :class:`printkit.rules.Checker`.  Lengths in mm.

The rulebook's totals are checked, not trusted: the faces of each back add up
to its tile count, the layers of each back hold exactly its tiles, the
discovery layer has one tile per hidden-item compartment, every fossil board
slot has exactly one piece tile, the board stars plus the egg's make the
game's total, and the rating bands cover 0 to that total without a gap.
"""

import string
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from printkit.gamekit import Checker, fill_fields, plain_fields, playing_time, read_rules, rules_path

GAME_ID = "archeo"

#: Tile faces a sand or dirt tile may carry besides fossil pieces:
#: key in ``[faces.<back>]`` → (kind, how many icons it shows).
FACE_KINDS: dict[str, tuple[str, int]] = {
    "stones_1": ("stones", 1),
    "stones_2": ("stones", 2),
    "hammers_1": ("hammers", 1),
    "hammers_2": ("hammers", 2),
    "magnifier": ("magnifier", 1),
    "wheelbarrow": ("wheelbarrow", 1),
}
#: Backs of the layers, top to bottom as the rulebook colours them.
BACKS = ("sand", "dirt", "discovery")
#: Backs whose tiles are listed face by face in ``[faces]`` (the earth tiles).
EARTH_BACKS = ("sand", "dirt")
#: Fossil boards the kit can draw (art per board id).
BOARD_IDS = ("triceratops", "sarcosuchus", "ammonite", "tyrannosaurus", "stegosaurus")

# Limits of --rules data (inclusive).
PLAYERS_RANGE = (1, 5)          # the shovel table and the solo mode cover 1 to 5
SHOVELS_RANGE = (1, 30)
COUNT_MAX = 60                  # tiles of one face, tokens of one kind
STARS_MAX = 5                   # stars on one slot
SLOTS_RANGE = (1, 4)            # slots of a board (the board is 4 tiles wide)
GRID_RANGE = (1, 5)             # tiles along a layer (5 × 34 mm fits a sheet)
TEXT_MAX = {"title": 30, "tagline": 90, "name": 16, "fact": 70, "words": 110, "id": 20}
TILE_MM = (25.0, 40.0)
CARD_MM = (50.0, 100.0)
TOKEN_MM = (18.0, 32.0)
BOARD_W_MM = (120.0, 190.0)
BOARD_H_MM = (70.0, 120.0)
SITE_W_MM = (150.0, 194.0)
SITE_H_MM = (150.0, 250.0)


# The records below are NamedTuples (read-only, compared by value, changed with ``_replace``):
# a frozen dataclass compiles six methods from source at every start-up, ~4M instructions,
# ~18M for a rules object; a NamedTuple ~0.7M (issue 26).
# No ``from __future__ import annotations`` here: NamedTuple compiles each annotation
# given as a string.
class Layer(NamedTuple):
    """One layer of the dig site, top layer first: ``grid`` × ``grid`` tiles
    with the ``back`` colour; ``inset`` (tiles) from the top layer's edge."""

    id: str
    back: str
    grid: int
    inset: float

    @property
    def tiles(self) -> int:
        return self.grid * self.grid


class Board(NamedTuple):
    """A fossil board: ``slots`` piece → stars, left to right."""

    id: str
    name: str
    slots: dict[str, int]
    fact: str

    @property
    def stars(self) -> int:
        return sum(self.slots.values())


class Band(NamedTuple):
    """A rating band of End of Game: ``lo``–``hi`` stars and its words."""

    lo: int
    hi: int
    words: str

    @property
    def label(self) -> str:
        return str(self.lo) if self.lo == self.hi else f"{self.lo}–{self.hi}"


class ArcheoRules(NamedTuple):
    """Everything ``rules/archeo.toml`` says, typed (mm for sizes)."""

    title: str
    tagline: str
    players_min: int
    players_max: int
    players_default: int
    shovel_cards: int
    shovels_per_players: dict[int, int]
    wheelbarrow_tokens: int
    wheelbarrows_per_player: int
    wheelbarrows_solo: int
    compartments: int
    eggs: int
    egg_stars: int
    cracked_eggs: int
    stone_tokens: int
    stone_token_breaks: int
    stars_total: int
    stars_boards: int
    tiles: dict[str, int]            # back → tiles
    earth_tiles: int
    earth_of: tuple[str, ...]
    layers: tuple[Layer, ...]
    faces: dict[str, dict[str, int]]  # back → face key → count
    fossils: dict[str, tuple[str, ...]]  # back → "board.piece"
    bone: dict[str, tuple[str, ...]]     # back → "board.piece" with a bone on the back
    boards: dict[str, Board]
    bands: tuple[Band, ...]
    tile: float
    card_width: float
    card_height: float
    token: float
    board_width: float
    board_height: float
    site_width: float
    site_height: float
    sources: dict[str, str]
    file: str = ""
    #: Playing time (min, max) in minutes ([playtime], as the cover prints it).
    minutes: tuple[int, int] = (0, 0)

    def band(self, stars: int) -> Band:
        """The rating band holding ``stars``."""
        return next(b for b in self.bands if b.lo <= stars <= b.hi)


#: Placeholders a rating band's words may hold, filled from ``[stars]`` and ``[hidden]``.
STAR_FIELDS = ("total", "boards", "egg")


def _star_words(chk: Checker, key: str, words: str, values: dict[str, int]) -> str:
    """A rating band's ``words`` with ``{total}`` (``[stars] total``),
    ``{boards}`` (``[stars] boards``) and ``{egg}`` (the egg's stars) filled
    in, so a house rule's star count reaches the words ("all {total} stars":
    rulebook, End of Game).  Any other placeholder, a format spec or a lone
    brace is one line naming the key (``{{`` and ``}}`` write a brace)."""
    try:
        fields = {f for _, f, _, _ in string.Formatter().parse(words) if f is not None}
    except ValueError as exc:
        raise chk.fail(key, f"{exc}; write {{{{ and }}}} for a brace", words) from None
    if not fields <= set(STAR_FIELDS):
        raise chk.fail(key, "may only use the placeholders {total}, {boards} and {egg}, not "
                            + ", ".join("{" + f + "}" for f in sorted(fields - set(STAR_FIELDS))))
    bad = plain_fields(words, STAR_FIELDS)  # no {total:>99}, {total!r}
    if bad:
        raise chk.fail(key, bad, words)
    return fill_fields(words, {k: str(v) for k, v in values.items()})


def load_rules(path: Path | None = None) -> ArcheoRules:
    """Load Archéo data (default: the bundled ``rules/archeo.toml``).

    Every value is type- and range-checked (``--rules`` files are users'
    data) and the totals checked against each other (module docstring).
    Raises :class:`printkit.PrintkitError`, one line naming the file, the
    ``table.key`` and what is allowed, for a missing, malformed, out-of-range
    or inconsistent entry and for a key the bundled file does not have.
    """
    return read_rules(GAME_ID, path, _read, ids=lambda data, rules: {
        "boards": list(rules.boards), **{f"boards.{b.id}.slots": list(b.slots) for b in rules.boards.values()}})


def _count(chk: Checker, key: str, lo: int = 0, hi: int = COUNT_MAX) -> int:
    return chk.whole(key, lo, hi)


def _read(chk: Checker) -> ArcheoRules:
    title = chk.text("game.title", TEXT_MAX["title"])
    tagline = chk.text("game.tagline", TEXT_MAX["tagline"])
    pmin, pmax, pdef = (chk.whole(f"players.{k}", *PLAYERS_RANGE) for k in ("min", "max", "default"))
    if not pmin <= pdef <= pmax:
        raise chk.fail("players", f"needs min <= default <= max, got min {pmin}, default {pdef}, max {pmax}")

    cards = chk.whole("shovels.cards", *SHOVELS_RANGE)
    table = chk.table("shovels.per_players")
    per: dict[int, int] = {}
    for n in range(pmin, pmax + 1):
        per[n] = chk.whole(f"shovels.per_players.{n}", 1, cards, what=" (at most shovels.cards)")
    extra = [k for k in table if k != "source" and (not k.isdigit() or int(k) not in per)]
    if extra:
        raise chk.fail(f"shovels.per_players.{extra[0]}", f"no such player count; the players range is {pmin}–{pmax}")

    wb = _count(chk, "wheelbarrows.tokens", 1)
    wb_each = chk.whole("wheelbarrows.per_player", 0, wb)
    wb_solo = chk.whole("wheelbarrows.solo", 0, wb)
    if wb_each * pmax > wb:
        raise chk.fail("wheelbarrows.per_player", f"{wb_each} each for {pmax} players needs more than the {wb} tokens",
                       wb_each)

    comps = chk.whole("hidden.compartments", 1, 9)
    eggs = chk.whole("hidden.egg", 0, 1, what=" (the scorer counts one egg)")
    egg_stars = chk.whole("hidden.egg_stars", 0, STARS_MAX)
    cracked = _count(chk, "hidden.cracked_eggs")
    stones = _count(chk, "hidden.stone_tokens")
    breaks = chk.whole("hidden.stone_token_breaks", 1, cards)
    if eggs + cracked + stones != comps:
        raise chk.fail("hidden", f"egg + cracked_eggs + stone_tokens = {eggs + cracked + stones}, but there are "
                                 f"{comps} compartments (one item each)")

    total = chk.whole("stars.total", 1, 99)
    on_boards = chk.whole("stars.boards", 0, total)
    if on_boards + eggs * egg_stars != total:
        raise chk.fail("stars", f"boards ({on_boards}) + the egg's stars ({eggs * egg_stars}) must make total ({total})")

    tiles = {b: _count(chk, f"tiles.{b}", 1 if b != "discovery" else 0) for b in BACKS}
    earth = chk.whole("tiles.earth.count", 0, 3 * COUNT_MAX)
    earth_of = tuple(chk.ids("tiles.earth.of", 1, len(EARTH_BACKS), EARTH_BACKS))
    if sum(tiles[b] for b in earth_of) != earth:
        raise chk.fail("tiles.earth.count", f"must equal the {' + '.join(earth_of)} tiles "
                                            f"({sum(tiles[b] for b in earth_of)})", earth)

    # layers, top first
    raw = chk.get("layout.layers")
    if not isinstance(raw, list) or not 2 <= len(raw) <= 6:
        raise chk.fail("layout.layers", "must list 2 to 6 layers ([[layout.layers]] tables)", raw)
    layers: list[Layer] = []
    top = None
    for i, entry in enumerate(raw, 1):
        key = f"layout.layers[{i}]"
        if not isinstance(entry, dict):
            raise chk.fail(key, "must be a table with id, back and grid", entry)
        lid = chk.text(f"{key}.id", TEXT_MAX["id"], entry.get("id"))
        back = chk.choice(f"{key}.back", BACKS, entry.get("back"))
        grid = chk.whole(f"{key}.grid", *GRID_RANGE, value=entry.get("grid"))
        if top is None:
            top = grid
        elif grid != layers[-1].grid - 1:
            raise chk.fail(f"{key}.grid", f"must be one less than the layer above ({layers[-1].grid}) so each layer "
                                          "lies half a tile in", grid)
        layers.append(Layer(lid, back, grid, (top - grid) / 2))
    if len({lay.id for lay in layers}) != len(layers):
        raise chk.fail("layout.layers", "two layers share an id")
    for b in BACKS:
        held = sum(lay.tiles for lay in layers if lay.back == b)
        if held != tiles[b]:
            raise chk.fail(f"tiles.{b}", f"the layers with back {b!r} hold {held} tiles", tiles[b])
    if layers[-1].back != "discovery" or layers[-1].tiles != comps:
        raise chk.fail("layout.layers", f"the bottom layer must be the discovery layer with one tile over each of "
                                        f"the {comps} compartments")

    # fossil boards
    order = chk.ids("boards.order", 1, len(BOARD_IDS), BOARD_IDS)
    boards: dict[str, Board] = {}
    for bid in order:
        key = f"boards.{bid}"
        chk.table(key)
        slots_raw = chk.table(f"{key}.slots")
        if not SLOTS_RANGE[0] <= len(slots_raw) <= SLOTS_RANGE[1]:
            raise chk.fail(f"{key}.slots", f"must hold {SLOTS_RANGE[0]} to {SLOTS_RANGE[1]} pieces", slots_raw)
        slots = {}
        for piece, stars in slots_raw.items():
            chk.text(f"{key}.slots", TEXT_MAX["id"], piece)
            slots[piece] = chk.whole(f"{key}.slots.{piece}", 0, STARS_MAX, stars)
        boards[bid] = Board(bid, chk.text(f"{key}.name", TEXT_MAX["name"]), slots,
                            chk.text(f"{key}.fact", TEXT_MAX["fact"]))
    board_stars = sum(b.stars for b in boards.values())
    if board_stars != on_boards:
        raise chk.fail("boards", f"the slots' stars add up to {board_stars}, but stars.boards is {on_boards}")

    # tile faces
    faces: dict[str, dict[str, int]] = {}
    fossils: dict[str, tuple[str, ...]] = {}
    bone: dict[str, tuple[str, ...]] = {}
    pieces = [f"{b.id}.{p}" for b in boards.values() for p in b.slots]
    placed: list[str] = []
    for back in EARTH_BACKS:
        key = f"faces.{back}"
        chk.table(key)
        faces[back] = {k: _count(chk, f"{key}.{k}") for k in FACE_KINDS}
        fossils[back] = tuple(chk.ids(f"{key}.fossils", 0, len(pieces), pieces, max_len=2 * TEXT_MAX["id"] + 1))
        bone[back] = tuple(chk.ids(f"{key}.bone", 0, len(fossils[back]), fossils[back], max_len=2 * TEXT_MAX["id"] + 1))
        placed += fossils[back]
        n = sum(faces[back].values()) + len(fossils[back])
        if n != tiles[back]:
            raise chk.fail(key, f"its faces make {n} tiles, but tiles.{back} is {tiles[back]}")
    missing = [p for p in pieces if p not in placed]
    twice = sorted({p for p in placed if placed.count(p) > 1})
    if missing or twice:
        bad = missing[0] if missing else twice[0]
        raise chk.fail("faces", f"every board slot needs exactly one piece tile; {bad!r} has "
                                f"{'none' if missing else 'two'}")

    # rating bands
    raw = chk.get("ratings.bands")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8:
        raise chk.fail("ratings.bands", "must list 1 to 8 bands ([[ratings.bands]] tables)", raw)
    bands: list[Band] = []
    nxt = 0
    for i, entry in enumerate(raw, 1):
        key = f"ratings.bands[{i}]"
        if not isinstance(entry, dict):
            raise chk.fail(key, "must be a table with min, max and words", entry)
        lo = chk.whole(f"{key}.min", nxt, nxt, entry.get("min"), " (bands follow each other from 0)")
        hi = chk.whole(f"{key}.max", lo, total, entry.get("max"))
        words = chk.text(f"{key}.words", TEXT_MAX["words"], entry.get("words"))
        bands.append(Band(lo, hi, _star_words(chk, f"{key}.words", words,
                                              {"total": total, "boards": on_boards, "egg": eggs * egg_stars})))
        nxt = hi + 1
    if nxt != total + 1:
        raise chk.fail("ratings.bands", f"the last band must end at stars.total ({total})")

    return ArcheoRules(
        title=title, tagline=tagline, players_min=pmin, players_max=pmax, minutes=playing_time(chk), players_default=pdef,
        shovel_cards=cards, shovels_per_players=per,
        wheelbarrow_tokens=wb, wheelbarrows_per_player=wb_each, wheelbarrows_solo=wb_solo,
        compartments=comps, eggs=eggs, egg_stars=egg_stars, cracked_eggs=cracked, stone_tokens=stones,
        stone_token_breaks=breaks, stars_total=total, stars_boards=on_boards,
        tiles=tiles, earth_tiles=earth, earth_of=earth_of, layers=tuple(layers),
        faces=faces, fossils=fossils, bone=bone, boards=boards, bands=tuple(bands),
        tile=chk.mm("sizes.tile", *TILE_MM),
        card_width=chk.mm("sizes.card_width", *CARD_MM),
        card_height=chk.mm("sizes.card_height", *CARD_MM),
        token=chk.mm("sizes.token", *TOKEN_MM),
        board_width=chk.mm("sizes.board_width", *BOARD_W_MM),
        board_height=chk.mm("sizes.board_height", *BOARD_H_MM),
        site_width=chk.mm("sizes.site_width", *SITE_W_MM),
        site_height=chk.mm("sizes.site_height", *SITE_H_MM),
        file=str(chk.path),
        sources={k: str(chk.data[k].get("source", "")) for k in ("faces", "boards", "layout", "tiles")
                 if isinstance(chk.data.get(k), dict)},
    )


def printed_texts(rules: ArcheoRules) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every text the kit prints from the rules data: (``table.key``, text,
    theme font roles it is drawn in)."""
    out = [("game.title", rules.title, ("display", "bold")), ("game.title", rules.title.upper(), ("display",)),
           ("game.tagline", rules.tagline, ("italic", "body"))]
    for b in rules.boards.values():
        out += [(f"boards.{b.id}.name", b.name.upper(), ("display",)), (f"boards.{b.id}.name", b.name, ("bold",)),
                (f"boards.{b.id}.fact", b.fact, ("italic", "body"))]
        out += [(f"boards.{b.id}.slots", p.upper(), ("bold", "semibold")) for p in b.slots]
    for i, band in enumerate(rules.bands, 1):
        out.append((f"ratings.bands[{i}].words", band.words, ("body", "semibold")))
    return out


def check_printable(rules: ArcheoRules, theme) -> None:
    """Refuse rules texts the theme's fonts cannot draw
    (:func:`printkit.rules.check_printable`)."""
    from printkit.gamekit import check_printable as check

    check(rules.file or str(rules_path(GAME_ID)), printed_texts(rules), theme)


@lru_cache(maxsize=1)
def bundled_rules() -> ArcheoRules:
    """The bundled rules, loaded once."""
    return load_rules()

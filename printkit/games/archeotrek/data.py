"""ArchéoTREK game data: the Dig Site layout, the token set and rule values.

Loaded from ``rules/archeotrek.toml`` (bundled defaults).  The same
:class:`Layout` and :class:`TokenSet` types describe inline layouts/tokens
given in a filled-game file (``docs/formats/archeotrek-game.md``), where
circle positions are absent.
"""

import math
import sys

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

from printkit.gamekit import Checker, playing_time, read_rules, show

#: Colour symbols the token art can draw (printkit.render.icons.SYMBOLS).
SYMBOL_NAMES = ("circle", "triangle", "square", "diamond")

CIRCLE_KINDS = ("normal", "red", "yellow", "plus")

#: Longest title and tagline (characters): what the kit cover, the Dig Site sheet's
#: header and the rules reference's masthead hold in any letters (the other games' too).
TITLE_MAX, TAGLINE_MAX = 40, 140
CHOICE_LINES = ("yellow", "red", "difference", "sum")


# The records below are NamedTuples (read-only, compared by value, changed with ``_replace``),
# but :class:`Layout`, a dataclass for its cached properties.  A frozen dataclass compiles
# six methods from source at every start-up: ~4M instructions, ~18M for a rules object;
# a NamedTuple ~0.7M (issue 26).
# No ``from __future__ import annotations`` here: NamedTuple compiles each annotation
# given as a string.
class Circle(NamedTuple):
    """One circle of a Dig Site.

    ``kind``: "normal", "red" (red die value only), "yellow" (yellow die value
    only) or "plus" (red + yellow only) — rulebook: 2. Choose your result (Special Circles).
    ``x``, ``y``: centre in mm from the site's first column/row, y downwards;
    ``None`` for layouts given without positions.
    """

    id: str
    kind: str = "normal"
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True)
class Layout:
    """A Dig Site: circles, undirected links, Choices boxes per line, dice faces."""

    circles: tuple[Circle, ...]
    links: frozenset[frozenset[str]]
    choices: dict[str, int]
    dice: dict[str, tuple[int, ...]]

    @cached_property
    def by_id(self) -> dict[str, Circle]:
        """Circle id → :class:`Circle`."""
        return {c.id: c for c in self.circles}

    @cached_property
    def neighbours(self) -> dict[str, frozenset[str]]:
        """Circle id → ids of the circles linked to it."""
        nb: dict[str, set[str]] = {c.id: set() for c in self.circles}
        for link in self.links:
            a, b = tuple(link)
            nb.setdefault(a, set()).add(b)
            nb.setdefault(b, set()).add(a)
        return {k: frozenset(v) for k, v in nb.items()}

    @property
    def boxes(self) -> int:
        """Total Choices boxes = rounds in a game."""
        return sum(self.choices.values())


class TokenSet(NamedTuple):
    """Bone token values per colour and the Skeleton token value per colour."""

    bones: dict[str, tuple[int, ...]]
    skeletons: dict[str, int]

    def bone_ids(self) -> list[str]:
        """Every Bone token as ``"<colour>-<value>"``, in bag order (colour, value)."""
        return [f"{c}-{v}" for c, values in self.bones.items() for v in values]


class ArcheoTrekRules(NamedTuple):
    """Everything ``rules/archeotrek.toml`` says, typed.

    Lengths in mm.  ``area_sum``: a Digging Area totals exactly this (rulebook:
    Dig).  ``tokens_base`` + ``tokens_per_zero`` × zeros: most Bone tokens kept
    per area (rulebook: 3. Reveal fossils).
    """

    title: str
    tagline: str
    players_min: int
    players_max: int
    players_default: int
    layout: Layout
    tokens: TokenSet
    area_sum: int
    tokens_base: int
    tokens_per_zero: int
    tokens_drawn_per_circle: int
    choice_order: tuple[str, ...]
    choice_labels: dict[str, str]
    circle_diameter: float
    symbols: dict[str, str]
    bone_diameter: float
    skeleton_diameter: float
    sources: dict[str, str]
    #: Playing time (min, max) in minutes ([playtime], as the cover prints it).
    minutes: tuple[int, int] = (0, 0)


def load_rules(path: Path | None = None) -> ArcheoTrekRules:
    """Load ArchéoTREK rules data (default: the bundled ``rules/archeotrek.toml``).

    Every value is type- and range-checked (``--rules`` files are users'
    data): raises :class:`printkit.PrintkitError` naming the file, the key and
    the allowed values for a missing, malformed or out-of-range entry.
    """
    return read_rules("archeotrek", path, _read,  # then refuse the keys nothing reads (typos)
                      ids=lambda data, rules: {f"tokens.{t}": list(rules.tokens.bones)
                                               for t in ("bones", "skeletons", "symbols")})


#: The area-letter box printed under every Dig Site circle (mm, at the rules' scale):
#: width, height, and its gap below the circle (printkit.games.archeotrek.sheet).
LETTER_BOX_W, LETTER_BOX_H, LETTER_BOX_GAP = 6.4, 5.2, 0.6


def _clash(circles: list[Circle], diameter: float) -> tuple[str, str] | None:
    """The first two circles (ids) that print over each other at
    ``diameter`` mm: centres closer than a diameter, or a circle over the
    area-letter box under another; ``None`` when none do."""
    r = diameter / 2
    for a in circles:
        bx0, bx1 = a.x - LETTER_BOX_W / 2, a.x + LETTER_BOX_W / 2
        by0 = a.y + r + LETTER_BOX_GAP
        by1 = by0 + LETTER_BOX_H
        for b in circles:
            if b is a:
                continue
            if math.hypot(a.x - b.x, a.y - b.y) < diameter - 1e-9:
                return a.id, b.id
            nx, ny = min(max(b.x, bx0), bx1), min(max(b.y, by0), by1)
            if math.hypot(b.x - nx, b.y - ny) < r - 1e-9:
                return a.id, b.id
    return None


def _refuse_overlapping_circles(chk: Checker, circles: list[Circle], diameter: float) -> None:
    """Raise :class:`printkit.PrintkitError` (one line naming
    ``digsite.circle_diameter``, two circles and the largest diameter that
    fits, to 0.5 mm) when circles of ``diameter`` mm at their ``x``, ``y``
    (mm) would print over each other or over the area-letter box under a
    neighbour (:func:`_clash`; touching circles are fine).  The sheet scales
    the whole Dig Site, so only diameter against spacing decides it."""
    clash = _clash(circles, diameter)
    if clash is None:
        return
    fits = [d / 2 for d in range(16, int(diameter * 2)) if _clash(circles, d / 2) is None]
    room = f"at most {max(fits):g} mm" if fits else "none from 8 mm fits: move the circles apart"
    raise chk.fail("digsite.circle_diameter",
                   f"circle {clash[1]} would print over circle {clash[0]} or the area-letter box under it; "
                   f"with these positions, {room}", diameter)


def _read(chk: Checker) -> ArcheoTrekRules:
    d = chk.data
    site = chk.get("digsite")
    raw_circles = chk.get("digsite.circles")
    if not isinstance(raw_circles, list) or not 1 <= len(raw_circles) <= 60:
        raise chk.fail("digsite.circles", "must be a list of 1–60 circle tables")
    circles = []
    for i, c in enumerate(raw_circles, 1):
        if not isinstance(c, dict):
            raise chk.fail("digsite.circles", f"entry {i} must be a table {{ id, kind, x, y }}")
        where = f"digsite.circles[{i}]"
        cid = chk.text(f"{where}.id", 8, c.get("id"))
        kind = c.get("kind", "normal")
        if kind not in CIRCLE_KINDS:
            raise chk.fail(f"{where}.kind", f"{show(kind)} must be one of {', '.join(CIRCLE_KINDS)}")
        x = chk.number(f"{where}.x", 0, 400, c.get("x"))
        y = chk.number(f"{where}.y", 0, 400, c.get("y"))
        circles.append(Circle(sys.intern(cid), kind, x, y))  # shared with every game's labels
    ids = [c.id for c in circles]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise chk.fail("digsite.circles", f"ids must be unique (repeated: {', '.join(dup)})")
    raw_links = chk.get("digsite.links")
    if not isinstance(raw_links, list) or not all(
            isinstance(link, list) and len(link) == 2 and all(isinstance(v, str) for v in link) for link in raw_links):
        raise chk.fail("digsite.links", "must be a list of [\"A1\", \"A2\"] pairs")
    links = frozenset(frozenset(link) for link in raw_links)
    unknown = sorted({i for link in links for i in link} - set(ids))
    if unknown:
        raise chk.fail("digsite.links", f"name unknown circle(s) {', '.join(unknown)}")
    if any(len(link) != 2 for link in links):
        raise chk.fail("digsite.links", "a link joins a circle to itself")
    order = chk.get("choices.order")
    if not isinstance(order, list) or not order or any(line not in CHOICE_LINES for line in order) \
            or len(set(order)) != len(order):
        raise chk.fail("choices.order", f"must list Choices lines from {', '.join(CHOICE_LINES)}, each once")
    choices = {line: chk.whole(f"choices.{line}", 0, 50) for line in order}
    if not 1 <= sum(choices.values()) < len(circles):
        raise chk.fail("choices", f"{sum(choices.values())} boxes in all; the rulebook wants at least one "
                                  f"and fewer than the {len(circles)} circles")
    dice = {die: chk.wholes(f"dice.{die}", 0, 20, max_len=12) for die in ("red", "yellow")}
    layout = Layout(circles=tuple(circles), links=links, choices=choices, dice=dice)
    colours = chk.get("tokens.colours")
    if not isinstance(colours, list) or not 1 <= len(colours) <= 8:
        raise chk.fail("tokens.colours", "must be a list of 1–8 colour names")
    colours = [chk.text("tokens.colours", 20, c) for c in colours]
    symbols = {c: chk.text(f"tokens.symbols.{c}", 20) for c in colours}
    bad_symbols = sorted(v for v in symbols.values() if v not in SYMBOL_NAMES)
    if bad_symbols:
        raise chk.fail("tokens.symbols", f"{', '.join(bad_symbols)}: choose from {', '.join(SYMBOL_NAMES)}")
    tokens = TokenSet(
        bones={c: chk.wholes(f"tokens.bones.{c}", 0, 99) for c in colours},
        skeletons={c: chk.whole(f"tokens.skeletons.{c}", 0, 99) for c in colours},
    )
    circle_diameter = chk.number("digsite.circle_diameter", 8, 40)
    _refuse_overlapping_circles(chk, circles, circle_diameter)
    players = tuple(chk.whole(f"players.{k}", 1, 12) for k in ("min", "max", "default"))
    if not players[0] <= players[2] <= players[1]:
        raise chk.fail("players", f"need min ≤ default ≤ max, got {players[0]}, {players[2]}, {players[1]}")
    return ArcheoTrekRules(
        title=chk.text("game.title", TITLE_MAX),
        tagline=chk.text("game.tagline", TAGLINE_MAX),
        players_min=players[0],
        players_max=players[1],
        minutes=playing_time(chk), players_default=players[2],
        layout=layout,
        tokens=tokens,
        area_sum=chk.whole("dig.area_sum", 1, 99),
        tokens_base=chk.whole("dig.tokens_per_area.base", 0, 10),
        tokens_per_zero=chk.whole("dig.tokens_per_area.per_zero", 0, 10),
        tokens_drawn_per_circle=chk.whole("dig.tokens_per_area.draw_per_circle", 0, 10),
        choice_order=tuple(order),
        choice_labels={k: chk.text(f"choices.labels.{k}", 30) for k in order},
        circle_diameter=circle_diameter,
        symbols=symbols,
        bone_diameter=chk.number("tokens.size.bone_diameter", 15, 60),
        skeleton_diameter=chk.number("tokens.size.skeleton_diameter", 15, 60),
        sources={
            "dice": str(d["dice"].get("source", "")),
            "choices": str(d["choices"].get("source", "")),
            "digsite": str(site.get("source", "")),
            "bones": str(d["tokens"]["bones"].get("source", "")),
            "skeletons": str(d["tokens"]["skeletons"].get("source", "")),
        },
    )

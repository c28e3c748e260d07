"""ArchéoTREK game data: the Dig Site layout, the token set and rule values.

Loaded from ``rules/archeotrek.toml`` (bundled defaults).  The same
:class:`Layout` and :class:`TokenSet` types describe inline layouts/tokens
given in a filled-game file (``docs/formats/archeotrek-game.md``), where
circle positions are absent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from printkit import PrintkitError
from printkit.rules import load_toml, rules_path

CIRCLE_KINDS = ("normal", "red", "yellow", "plus")
CHOICE_LINES = ("yellow", "red", "difference", "sum")


@dataclass(frozen=True)
class Circle:
    """One circle of a Dig Site.

    ``kind``: "normal", "red" (red die value only), "yellow" (yellow die value
    only) or "plus" (red + yellow only) — rulebook: Dig Site, Special Circles.
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


@dataclass(frozen=True)
class TokenSet:
    """Bone token values per colour and the Skeleton token value per colour."""

    bones: dict[str, tuple[int, ...]]
    skeletons: dict[str, int]

    def bone_ids(self) -> list[str]:
        """Every Bone token as ``"<colour>-<value>"``, in bag order (colour, value)."""
        return [f"{c}-{v}" for c, values in self.bones.items() for v in values]


@dataclass(frozen=True)
class ArcheoTrekRules:
    """Everything ``rules/archeotrek.toml`` says, typed.

    Lengths in mm.  ``area_sum``: a Digging Area totals exactly this (rulebook:
    Dig).  ``tokens_base`` + ``tokens_per_zero`` × zeros: most Bone tokens kept
    per area (rulebook: Dig).
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
    sources: dict[str, str] = field(default_factory=dict)


def _get(data: dict, dotted: str, path: Path):
    node = data
    for key in dotted.split("."):
        if not isinstance(node, dict) or key not in node:
            raise PrintkitError(f"{path}: missing [{dotted}]")
        node = node[key]
    return node


def load_rules(path: Path | None = None) -> ArcheoTrekRules:
    """Load ArchéoTREK rules data (default: the bundled ``rules/archeotrek.toml``).

    Raises :class:`printkit.PrintkitError` naming the file and the missing or
    malformed entry.
    """
    path = Path(path) if path else rules_path("archeotrek")
    d = load_toml(path)
    try:
        site = _get(d, "digsite", path)
        circles = tuple(
            Circle(str(c["id"]), str(c.get("kind", "normal")), float(c["x"]), float(c["y"]))
            for c in site["circles"]
        )
        bad = [c.id for c in circles if c.kind not in CIRCLE_KINDS]
        if bad:
            raise PrintkitError(f"{path}: unknown circle kind on {', '.join(bad)}")
        ids = [c.id for c in circles]
        if not ids or len(set(ids)) != len(ids):
            dup = sorted({i for i in ids if ids.count(i) > 1})
            raise PrintkitError(f"{path}: [digsite] needs circles with unique ids" + (f" (repeated: {', '.join(dup)})" if dup else ""))
        links = frozenset(frozenset((str(a), str(b))) for a, b in site["links"])
        unknown = sorted({i for link in links for i in link} - set(ids))
        if unknown:
            raise PrintkitError(f"{path}: [digsite] links name unknown circle(s) {', '.join(unknown)}")
        if any(len(link) != 2 for link in links):
            raise PrintkitError(f"{path}: [digsite] a link joins a circle to itself")
        ch = _get(d, "choices", path)
        order = tuple(ch["order"])
        layout = Layout(
            circles=circles,
            links=links,
            choices={line: int(ch[line]) for line in order},
            dice={die: tuple(int(v) for v in d["dice"][die]) for die in ("red", "yellow")},
        )
        tk = _get(d, "tokens", path)
        tokens = TokenSet(
            bones={c: tuple(int(v) for v in tk["bones"][c]) for c in tk["colours"]},
            skeletons={c: int(tk["skeletons"][c]) for c in tk["colours"]},
        )
        return ArcheoTrekRules(
            title=str(d["game"]["title"]),
            tagline=str(d["game"]["tagline"]),
            players_min=int(d["players"]["min"]),
            players_max=int(d["players"]["max"]),
            players_default=int(d["players"]["default"]),
            layout=layout,
            tokens=tokens,
            area_sum=int(d["dig"]["area_sum"]),
            tokens_base=int(d["dig"]["tokens_per_area"]["base"]),
            tokens_per_zero=int(d["dig"]["tokens_per_area"]["per_zero"]),
            tokens_drawn_per_circle=int(d["dig"]["tokens_per_area"]["draw_per_circle"]),
            choice_order=order,
            choice_labels={k: str(ch["labels"][k]) for k in order},
            circle_diameter=float(site["circle_diameter"]),
            symbols={c: str(tk["symbols"][c]) for c in tk["colours"]},
            bone_diameter=float(tk["size"]["bone_diameter"]),
            skeleton_diameter=float(tk["size"]["skeleton_diameter"]),
            sources={
                "dice": d["dice"]["source"],
                "choices": ch["source"],
                "digsite": site["source"],
                "bones": tk["bones"]["source"],
                "skeletons": tk["skeletons"]["source"],
            },
        )
    except KeyError as exc:
        raise PrintkitError(f"{path}: rules data is missing the key {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise PrintkitError(f"{path}: malformed rules data ({exc})") from None

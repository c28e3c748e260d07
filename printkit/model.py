"""What the engine prints: components with a front and a back face.

Units: every length here is in **points** (use :func:`printkit.units.mm`).

Drawing contract for a :class:`Face`: ``draw(canvas, box)`` is called with the
origin at the **bottom-left corner of the trim box** (for a circle: of the
trim circle's bounding square).  Art and background must run to the bleed edge,
i.e. cover ``(-box.bleed, -box.bleed)`` to ``(box.width + box.bleed,
box.height + box.bleed)``; the engine clips everything to the bleed shape, so
art never spills onto a neighbour or a crop mark.  Text belongs inside the safe
zone (``box.safe`` inside trim).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from printkit.units import mm

SHAPES = ("rect", "circle", "hex")

#: Default bleed (pt): 3 mm, art runs this far past the trim line.
DEFAULT_BLEED = mm(3)
#: Default safe zone (pt): 3 mm inside trim for text and key art.
DEFAULT_SAFE = mm(3)


@dataclass(frozen=True)
class FaceBox:
    """Geometry handed to a face's draw function (all pt).

    ``width``/``height``: trim size; ``bleed``: art overhang past trim;
    ``safe``: inset from trim that text must respect; ``theme``: the
    :class:`printkit.theme.Theme` to take every colour and font from.
    """

    width: float
    height: float
    bleed: float
    safe: float
    theme: Any
    shape: str = "rect"

    @property
    def inner(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the safe zone, in pt from the trim origin."""
        return (self.safe, self.safe, self.width - self.safe, self.height - self.safe)


DrawFn = Callable[[Any, FaceBox], None]


@dataclass(frozen=True)
class Face:
    """One printed side.

    ``key``: identity of the artwork; faces with equal keys (in one PDF) are
    drawn once as a form XObject and reused.  ``draw``: the drawing function
    (see module docstring).  ``text``: plain-text summary (for contents and tests).
    """

    key: str
    draw: DrawFn
    text: str = ""

    def scaled(self, k: float) -> Face:
        """This face drawn ``k`` times larger: the drawing gets a box, bleed
        and safe zone ``1 / k`` as large, then the canvas is scaled by ``k``
        (a large-print piece drawn with the classic layout); ``self`` when
        ``k`` is 1.  The key gains ``/x<k>`` so both sizes may share a PDF."""
        if k == 1.0:
            return self

        def draw(c, box: FaceBox) -> None:
            c.saveState()
            c.scale(k, k)
            self.draw(c, FaceBox(box.width / k, box.height / k, box.bleed / k, box.safe / k, box.theme, box.shape))
            c.restoreState()

        return Face(f"{self.key}/x{k:g}", draw, text=self.text)


@dataclass(frozen=True)
class Component:
    """A printable piece: card, tile, token or sheet.

    ``width``/``height``: trim size in pt (a circle uses width = height =
    diameter).  ``bleed``/``safe``: pt; ``None`` takes the build's bleed.
    ``quantity``: copies to print.  ``back``: ``None`` for one-sided pieces.
    ``cut``: False for pieces used uncut (player sheets): no crop marks.
    ``fields``: optional ``fields(component) -> list[FieldSpec]`` giving the
    form fields of the front (:class:`printkit.render.forms.FieldSpec`, rects
    in pt relative to the trim origin, full dotted names unique in the PDF);
    the engine adds them only in fillable builds (``render_set(fillable=True)``).
    ``corner``: corner radius of a rectangle's trim in pt, for shop and cut
    outputs (:mod:`printkit.export`); ``None`` = the default there (3 mm for a
    poker card, square otherwise).  Imposed sheets are unchanged by it.
    """

    name: str
    width: float
    height: float
    front: Face
    back: Face | None = None
    shape: str = "rect"
    quantity: int = 1
    bleed: float | None = None
    safe: float = DEFAULT_SAFE
    cut: bool = True
    fields: Callable[["Component"], list[Any]] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    corner: float | None = None

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"component {self.name}: shape {self.shape!r} not in {SHAPES}")
        if self.quantity < 0:
            raise ValueError(f"component {self.name}: negative quantity")
        if self.corner is not None and not 0 <= self.corner <= min(self.width, self.height) / 2:
            raise ValueError(f"component {self.name}: corner radius {self.corner} pt outside 0 to half the short side")


@dataclass(frozen=True)
class ComponentSet:
    """One printed file: a named group of components of the same kind.

    ``name``: file stem, e.g. ``"tokens"``; ``title``: human title for the
    cover; ``stock``: recommended paper/card stock; ``components``: in print order.
    """

    name: str
    title: str
    stock: str
    components: tuple[Component, ...]

    @property
    def count(self) -> int:
        """Number of physical pieces (quantities summed)."""
        return sum(c.quantity for c in self.components)

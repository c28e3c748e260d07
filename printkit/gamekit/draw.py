"""Drawing helpers for games: one :class:`Palette` (a game's colours under a
theme) and one :class:`Pen` (a canvas state in unit space).

Lengths are pt unless a :class:`Pen` scales them: inside ``with Pen(c, x, y,
size)`` one unit is ``size`` pt, so an icon drawn in a unit box (-0.5…0.5)
scales with its size, line widths included.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from printkit.render.icons import best_contrast, mix


class Palette:
    """Game ``game``'s colours in ``theme``: ``pal(role)`` / ``pal.c(role)``
    a reportlab colour, ``pal.hex(role)`` its ``#rrggbb`` (the game's palette
    first, then the theme's general colours; an unknown role raises
    :class:`printkit.PrintkitError`), ``pal.mix(a, b, t)`` the colour ``t``
    of the way from ``a`` to ``b``, ``pal.text_on(role)`` the theme's ink or
    paper, whichever reads better on that colour."""

    def __init__(self, theme: Any, game: str | None):
        self.theme = theme
        self.game = game

    def hex(self, role: str) -> str:
        return self.theme.hex(role, self.game)

    def c(self, role: str) -> Any:
        return self.theme.colour(role, self.game)

    __call__ = c

    def mix(self, a: str, b: str, t: float) -> Any:
        return mix(self.hex(a), self.hex(b), t)

    def text_on(self, role: str) -> Any:
        ink, paper = self.theme.hex("ink"), self.theme.hex("paper")
        return self.theme.colour("paper") if best_contrast(self.hex(role), paper, ink) == paper \
            else self.theme.colour("ink")


class Pen:
    """A canvas state in unit space.

    ``with Pen(c, x, y, size, angle) as p:`` saves the canvas state, moves the
    origin to (``x``, ``y``) pt, turns by ``angle`` degrees (counter-clockwise)
    and scales one unit to ``size`` pt; leaving the block restores the state
    (colours, line width, transform).  The methods set the style and draw in
    units, and return the pen so styles chain: ``p.fill(red).stroke(ink, 0.04)``.
    Each call maps to one reportlab call, so drawing with a pen writes the
    same PDF operators as the canvas calls it replaces.
    """

    def __init__(self, c: Any, x: float = 0.0, y: float = 0.0, size: float = 1.0, angle: float = 0.0):
        self.c, self.x, self.y, self.size, self.angle = c, x, y, size, angle

    def __enter__(self) -> "Pen":
        self.c.saveState()
        self.c.translate(self.x, self.y)
        if self.angle:
            self.c.rotate(self.angle)
        if self.size != 1.0:
            self.c.scale(self.size, self.size)
        return self

    def __exit__(self, *exc) -> None:
        self.c.restoreState()

    # -- style --------------------------------------------------------------------------
    def fill(self, colour: Any) -> "Pen":
        self.c.setFillColor(colour)
        return self

    def stroke(self, colour: Any, width: float | None = None, *, cap: int | None = None,
               join: int | None = None) -> "Pen":
        """Stroke colour, and line ``width`` (units), ``cap`` / ``join``
        (reportlab codes: 0 butt/miter, 1 round, 2 square/bevel) when given."""
        self.c.setStrokeColor(colour)
        if width is not None:
            self.c.setLineWidth(width)
        if cap is not None:
            self.c.setLineCap(cap)
        if join is not None:
            self.c.setLineJoin(join)
        return self

    # -- shapes (units) -----------------------------------------------------------------
    def circle(self, x: float, y: float, r: float, *, fill: bool = True, stroke: bool = False) -> "Pen":
        self.c.circle(x, y, r, stroke=int(stroke), fill=int(fill))
        return self

    def ellipse(self, x0: float, y0: float, x1: float, y1: float, *, fill: bool = True,
                stroke: bool = False) -> "Pen":
        self.c.ellipse(x0, y0, x1, y1, stroke=int(stroke), fill=int(fill))
        return self

    def rect(self, x: float, y: float, w: float, h: float, *, radius: float = 0.0, fill: bool = True,
             stroke: bool = False) -> "Pen":
        if radius:
            self.c.roundRect(x, y, w, h, radius, stroke=int(stroke), fill=int(fill))
        else:
            self.c.rect(x, y, w, h, stroke=int(stroke), fill=int(fill))
        return self

    def line(self, x0: float, y0: float, x1: float, y1: float) -> "Pen":
        self.c.line(x0, y0, x1, y1)
        return self

    def poly(self, points: Sequence[tuple[float, float]] | Iterable[tuple[float, float]], *, close: bool = True,
             fill: bool = True, stroke: bool = False) -> "Pen":
        """A polygon (``close``) or polyline through ``points``."""
        pts = list(points)
        p = self.c.beginPath()
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        if close:
            p.close()
        self.c.drawPath(p, stroke=int(stroke), fill=int(fill))
        return self

    def path(self) -> Any:
        """A new reportlab path (draw it with :meth:`draw`)."""
        return self.c.beginPath()

    def draw(self, path: Any, *, fill: bool = True, stroke: bool = False) -> "Pen":
        self.c.drawPath(path, stroke=int(stroke), fill=int(fill))
        return self

    def text(self, s: str, x: float, y: float, font: str, size: float, *, align: str = "centre") -> "Pen":
        """``s`` at (x, y) in ``font`` at ``size`` (units); ``align``:
        ``"left"``, ``"centre"`` or ``"right"`` of x."""
        self.c.setFont(font, size)
        {"left": self.c.drawString, "centre": self.c.drawCentredString,
         "right": self.c.drawRightString}[align](x, y, s)
        return self

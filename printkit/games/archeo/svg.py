"""A recording stand-in for the part of the reportlab canvas the Archéo icons
use, writing SVG: the rules reference (weasyprint, HTML) shows the very same
icons the cards and tiles print.

:func:`icon_svg` returns an ``<svg>`` element (text) of ``size`` CSS px for
one draw call ``draw(canvas, x, y, size)``.  Supported: save/restoreState,
translate, rotate, scale, setFillColor/setStrokeColor (reportlab colours),
setLineWidth/Cap/Join, setDash, beginPath + moveTo/lineTo/curveTo/close,
drawPath, circle, ellipse, rect, roundRect, line.  Anything else raises
``AttributeError`` (a new icon must stay inside this subset).
"""

from __future__ import annotations

import math
from typing import Any


def _hex(colour: Any) -> str:
    return "#" + colour.hexval()[2:].lower() if colour is not None else "none"


def _num(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") or "0"


class _Path:
    def __init__(self):
        self.d: list[str] = []

    def moveTo(self, x, y):
        self.d.append(f"M{_num(x)} {_num(y)}")

    def lineTo(self, x, y):
        self.d.append(f"L{_num(x)} {_num(y)}")

    def curveTo(self, x1, y1, x2, y2, x3, y3):
        self.d.append("C" + " ".join(_num(v) for v in (x1, y1, x2, y2, x3, y3)))

    def close(self):
        self.d.append("Z")


class SvgCanvas:
    """Records drawing calls as SVG elements (y up, like reportlab)."""

    def __init__(self):
        self.out: list[str] = []
        self.state = {"m": (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), "fill": None, "stroke": None, "lw": 1.0, "cap": 0,
                      "join": 0, "dash": None}
        self.stack: list[dict] = []

    # -- state
    def saveState(self):
        self.stack.append(dict(self.state))

    def restoreState(self):
        self.state = self.stack.pop()

    def _concat(self, a, b, c, d, e, f):
        A, B, C, D, E, F = self.state["m"]
        self.state["m"] = (A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E,
                           B * e + D * f + F)

    def translate(self, dx, dy):
        self._concat(1, 0, 0, 1, dx, dy)

    def scale(self, sx, sy):
        self._concat(sx, 0, 0, sy, 0, 0)

    def rotate(self, deg):
        r = math.radians(deg)
        self._concat(math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)

    def setFillColor(self, c):
        self.state["fill"] = c

    def setStrokeColor(self, c):
        self.state["stroke"] = c

    def setLineWidth(self, w):
        self.state["lw"] = w

    def setLineCap(self, cap):
        self.state["cap"] = cap

    def setLineJoin(self, join):
        self.state["join"] = join

    def setDash(self, *args):
        self.state["dash"] = args or None

    # -- shapes
    def beginPath(self):
        return _Path()

    def _emit(self, tag: str, attrs: str, fill: int, stroke: int):
        s = self.state
        m = " ".join(_num(v) for v in s["m"])
        paint = f'fill="{_hex(s["fill"]) if fill else "none"}"'
        if stroke:
            paint += (f' stroke="{_hex(s["stroke"])}" stroke-width="{_num(s["lw"])}"'
                      f' stroke-linecap="{("butt", "round", "square")[s["cap"]]}"'
                      f' stroke-linejoin="{("miter", "round", "bevel")[s["join"]]}"')
        self.out.append(f'<{tag} {attrs} {paint} transform="matrix({m})"/>')

    def drawPath(self, path, fill=0, stroke=1, **_):
        self._emit("path", f'd="{" ".join(path.d)}"', fill, stroke)

    def circle(self, x, y, r, stroke=1, fill=0):
        self._emit("circle", f'cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}"', fill, stroke)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        self._emit("ellipse", f'cx="{_num((x1 + x2) / 2)}" cy="{_num((y1 + y2) / 2)}" '
                              f'rx="{_num(abs(x2 - x1) / 2)}" ry="{_num(abs(y2 - y1) / 2)}"', fill, stroke)

    def rect(self, x, y, w, h, stroke=1, fill=0):
        self._emit("rect", f'x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"', fill, stroke)

    def roundRect(self, x, y, w, h, r, stroke=1, fill=0):
        self._emit("rect", f'x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="{_num(r)}"',
                   fill, stroke)

    def line(self, x1, y1, x2, y2):
        self._emit("line", f'x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}"', 0, 1)


def icon_svg(draw, size: float = 100.0) -> str:
    """``<svg>`` text of ``draw(canvas, x, y, size)`` centred in a ``size``
    square (viewBox units; the page sizes it with CSS)."""
    c = SvgCanvas()
    draw(c, size / 2, size / 2, size)
    body = "".join(c.out)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(size)} {_num(size)}">'
            f'<g transform="matrix(1 0 0 -1 0 {_num(size)})">{body}</g></svg>')

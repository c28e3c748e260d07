"""Reusable vector icons (shared by every game), drawn in code with reportlab.

A game's own art (ArchéoTREK's bones, skulls and trowels, …) lives in its
game's folder and reaches ``printkit deck`` through the game contract's
``icons`` (:func:`printkit.registry.icons`).

Every icon is drawn **centred** on ``(x, y)`` and fits a square of side
``size``; all lengths are in **points**.  Colours are reportlab colour objects
supplied by the caller (take them from the :class:`printkit.theme.Theme`);
icons never choose a colour or a font of their own.  Each function saves and
restores the canvas graphics state, so the caller's fill, stroke, line width
and transform are left untouched.

Raises :class:`ValueError` for a non-positive ``size`` and, in
:func:`colour_symbol`, for an unknown symbol name.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics

#: Symbol names understood by :func:`colour_symbol` (rules: ``[tokens.symbols]``).
SYMBOLS = ("circle", "triangle", "square", "diamond")


def check_size(size: float) -> None:
    """Raise :class:`ValueError` unless ``size`` (pt) is positive."""
    if not size > 0:
        raise ValueError(f"icon size must be positive, got {size!r} pt")


def _paint(c: Any, fill: Any, stroke: Any, stroke_width: float) -> tuple[int, int]:
    """Set fill/stroke colours; return the (fill, stroke) flags for drawPath."""
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(stroke_width)
        c.setLineJoin(1)
    return int(fill is not None), int(stroke is not None and stroke_width > 0)


# --------------------------------------------------------------------------- symbols


def circle_symbol(c: Any, x: float, y: float, size: float, fill: Any,
                  stroke: Any = None, stroke_width: float = 0.0) -> None:
    """A disc: the Bone colour symbol "circle".

    The four colour symbols are sized for equal visual weight inside a
    ``size`` pt square (a disc looks larger than a triangle of the same width).
    """
    check_size(size)
    c.saveState()
    f, s = _paint(c, fill, stroke, stroke_width)
    c.circle(x, y, size * 0.42, stroke=s, fill=f)
    c.restoreState()


def triangle_symbol(c: Any, x: float, y: float, size: float, fill: Any,
                    stroke: Any = None, stroke_width: float = 0.0) -> None:
    """An upward equilateral triangle, optically centred: the symbol "triangle"."""
    check_size(size)
    c.saveState()
    f, s = _paint(c, fill, stroke, stroke_width)
    half = size * 0.5
    h = size * math.sqrt(3) / 2
    # optical centre: centroid sits a third of the height above the base
    base = y - h / 3 - size * 0.02
    p = c.beginPath()
    p.moveTo(x - half, base)
    p.lineTo(x + half, base)
    p.lineTo(x, base + h)
    p.close()
    c.drawPath(p, stroke=s, fill=f)
    c.restoreState()


def square_symbol(c: Any, x: float, y: float, size: float, fill: Any,
                  stroke: Any = None, stroke_width: float = 0.0) -> None:
    """An axis-aligned square with slightly rounded corners: the symbol "square"."""
    check_size(size)
    c.saveState()
    f, s = _paint(c, fill, stroke, stroke_width)
    side = size * 0.74
    c.roundRect(x - side / 2, y - side / 2, side, side, side * 0.08, stroke=s, fill=f)
    c.restoreState()


def diamond_symbol(c: Any, x: float, y: float, size: float, fill: Any,
                   stroke: Any = None, stroke_width: float = 0.0) -> None:
    """A square standing on a corner, a little taller than wide: the symbol "diamond"."""
    check_size(size)
    c.saveState()
    f, s = _paint(c, fill, stroke, stroke_width)
    hw, hh = size * 0.40, size * 0.5
    p = c.beginPath()
    p.moveTo(x, y + hh)
    p.lineTo(x + hw, y)
    p.lineTo(x, y - hh)
    p.lineTo(x - hw, y)
    p.close()
    c.drawPath(p, stroke=s, fill=f)
    c.restoreState()


_SYMBOL_FUNCS = {
    "circle": circle_symbol,
    "triangle": triangle_symbol,
    "square": square_symbol,
    "diamond": diamond_symbol,
}


def colour_symbol(c: Any, name: str, x: float, y: float, size: float, fill: Any,
                  stroke: Any = None, stroke_width: float = 0.0) -> None:
    """Draw the colour symbol ``name`` (one of :data:`SYMBOLS`).

    Raises :class:`ValueError` for an unknown name.
    """
    try:
        func = _SYMBOL_FUNCS[name]
    except KeyError:
        raise ValueError(f"unknown colour symbol {name!r}; expected one of {', '.join(SYMBOLS)}") from None
    func(c, x, y, size, fill, stroke, stroke_width)


# --------------------------------------------------------------------------- badges


def plus_badge(c: Any, x: float, y: float, size: float, fill: Any, mark: Any,
               ring: Any = None, ring_width: float = 0.0) -> None:
    """A round badge of diameter ``size`` (pt) holding a bold "+" cross.

    ``fill``: badge colour; ``mark``: colour of the cross; ``ring``: optional
    outline colour (``ring_width`` pt).
    """
    check_size(size)
    c.saveState()
    f, s = _paint(c, fill, ring, ring_width)
    c.circle(x, y, size / 2, stroke=s, fill=f)
    c.setFillColor(mark)
    arm, bar = size * 0.30, size * 0.13
    c.rect(x - arm, y - bar / 2, arm * 2, bar, stroke=0, fill=1)
    c.rect(x - bar / 2, y - arm, bar, arm * 2, stroke=0, fill=1)
    c.restoreState()


def letter_badge(c: Any, x: float, y: float, size: float, fill: Any, text_colour: Any,
                 letter: str, font: str, ring: Any = None, ring_width: float = 0.0) -> None:
    """A round badge of diameter ``size`` (pt) with ``letter`` centred in ``font``.

    The letter is set at 0.62 × size and centred on its cap height.
    """
    check_size(size)
    c.saveState()
    f, s = _paint(c, fill, ring, ring_width)
    c.circle(x, y, size / 2, stroke=s, fill=f)
    font_size = size * 0.62
    cap = pdfmetrics.getFont(font).face.capHeight / 1000.0 or 0.7
    c.setFillColor(text_colour)
    c.setFont(font, font_size)
    c.drawCentredString(x, y - cap * font_size / 2, letter)
    c.restoreState()


_PIPS = {
    0: (),
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}


def die(c: Any, x: float, y: float, size: float, fill: Any, pips: Any,
        value: int | None = None, stroke: Any = None, stroke_width: float = 0.0) -> None:
    """A die seen face-on: a rounded square of side ``size`` (pt).

    ``value`` 1–6 draws that many pips in ``pips`` colour; ``None`` or 0 draws
    a blank face.  Other values raise :class:`ValueError`.
    """
    check_size(size)
    if value is not None and value not in _PIPS:
        raise ValueError(f"die value {value!r} has no pip pattern (0–6)")
    c.saveState()
    f, s = _paint(c, fill, stroke, stroke_width)
    c.roundRect(x - size / 2, y - size / 2, size, size, size * 0.2, stroke=s, fill=f)
    c.setFillColor(pips)
    step, pip_r = size * 0.26, size * 0.085
    for px, py in _PIPS.get(value or 0, ()):
        c.circle(x + px * step, y + py * step, pip_r, stroke=0, fill=1)
    c.restoreState()


# --------------------------------------------------------------------------- colour helpers


def _luminance(hex_colour: str) -> float:
    """WCAG relative luminance (0–1) of an sRGB hex colour (``"#rrggbb"``)."""
    h = hex_colour.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"not a #rrggbb colour: {hex_colour!r}")
    out = []
    for i in (0, 2, 4):
        v = int(h[i:i + 2], 16) / 255.0
        out.append(v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4)
    return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]


def contrast_ratio(hex_a: str, hex_b: str) -> float:
    """WCAG contrast ratio (1–21) between two ``#rrggbb`` colours.

    Raises :class:`ValueError` for a malformed colour.
    """
    la, lb = sorted((_luminance(hex_a), _luminance(hex_b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def best_contrast(background: str, *candidates: str) -> str:
    """The candidate ``#rrggbb`` colour with the highest contrast on ``background``."""
    if not candidates:
        raise ValueError("best_contrast needs at least one candidate colour")
    return max(candidates, key=lambda c: contrast_ratio(background, c))


def readable(colour: str, ground: str, towards: str, minimum: float = 4.5, steps: int = 10) -> str:
    """``colour`` (``#rrggbb``) if its WCAG contrast on ``ground`` is
    ``minimum`` or more, else the first opaque blend of it towards
    ``towards`` (in ``steps`` equal steps) that reaches it, else ``towards``
    — so a hue (a pale ink-saver tint, say) keeps its identity and darkens,
    or lightens, just enough for small text to read.  Returns ``#rrggbb``.
    Raises :class:`ValueError` for a malformed colour."""
    for k in range(steps + 1):
        c = mix(colour, towards, k / steps)
        hexed = "#%02x%02x%02x" % tuple(round(v * 255) for v in (c.red, c.green, c.blue))
        if contrast_ratio(hexed, ground) >= minimum:
            return colour if k == 0 else hexed
    return towards


def mix(hex_a: str, hex_b: str, t: float) -> Color:
    """Opaque blend of two ``#rrggbb`` colours: ``t`` = 0 gives a, 1 gives b.

    Use it instead of transparency: an opaque tint prints the same everywhere
    (form XObjects, RIPs without transparency flattening).  Raises
    :class:`ValueError` for a malformed colour or ``t`` outside 0–1.
    """
    if not 0.0 <= t <= 1.0:
        raise ValueError(f"mix amount must be within 0–1, got {t!r}")
    a, b = HexColor(_check_hex(hex_a)), HexColor(_check_hex(hex_b))
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)


def _check_hex(value: str) -> str:
    if not (isinstance(value, str) and len(value.lstrip("#")) == 6):
        raise ValueError(f"not a #rrggbb colour: {value!r}")
    return value

"""Archéo vector art, drawn in code: icons for the tile kinds, shovels, tokens
and the five fossil skeletons.

Icons are drawn **centred** on ``(x, y)`` in a square of side ``size`` (pt),
in colours of a :class:`Palette` (the theme's ``[games.archeo]`` roles).  They
use a small part of the reportlab canvas API (state, translate/rotate/scale,
colours, line width/cap/join, paths of moveTo/lineTo/curveTo/close, circle,
ellipse, rect, roundRect), so the same functions draw into a PDF page and
into :class:`printkit.games.archeo.svg.SvgCanvas` for the rules reference.
No transparency: faces become form XObjects.

Fossils (:func:`fossil`) are drawn over a strip of ``n`` square slots of side
``u`` (pt), origin at the strip's bottom-left: a board draws the whole strip
as a pale ghost, a piece tile draws the same strip shifted so that only its
slot shows — the pieces fit the board by construction.
"""

from __future__ import annotations

import math
from typing import Any

from printkit.gamekit import Palette as GamePalette
from printkit.gamekit import icons
from reportlab.lib.colors import HexColor

G = "archeo"


class Palette(GamePalette):
    """The Archéo colours from a theme (:class:`printkit.gamekit.Palette` for
    ``archeo``): ``pal.c(role)`` a reportlab colour, ``pal.hex(role)`` its
    ``#rrggbb``, ``pal.mix(a, b, t)``, ``pal.text_on(role)`` the theme's ink
    or paper, whichever reads better on that colour."""

    def __init__(self, theme: Any):
        super().__init__(theme, G)

    def readable(self, role: str, ground: str | Any, minimum: float = 4.7) -> Any:
        """``role``'s colour, blended towards the theme's ink or paper (whichever
        contrasts more with ``ground``: a role or a ``#rrggbb``) just enough that
        text in it reads on ``ground`` (WCAG ≥ ``minimum``; 4.7 keeps 4.5 after
        anti-aliasing and rounding)."""
        g = ground if isinstance(ground, str) and ground.startswith("#") else self.hex(ground)
        towards = icons.best_contrast(g, self.theme.hex("ink"), self.theme.hex("paper"))
        return HexColor(icons.readable(self.hex(role), g, towards, minimum, steps=20))


# -- small helpers -----------------------------------------------------------------------


def _begin(c, x, y, size):
    c.saveState()
    c.translate(x, y)
    c.scale(size, size)


def _path(c, pts, close=True):
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        if len(pt) == 6:
            p.curveTo(*pt)
        else:
            p.lineTo(*pt)
    if close:
        p.close()
    return p


def _shape(c, pts, fill, line, width, close=True):
    c.setFillColor(fill)
    c.setStrokeColor(line)
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.drawPath(_path(c, pts, close), fill=1 if close else 0, stroke=1)


def _capsules(c, segs, width, fill, line, lw):
    """Round-capped thick lines: first all outlines, then all fills, so joints merge."""
    c.setLineCap(1)
    for colour, extra in ((line, 2 * lw), (fill, 0.0)):
        c.setStrokeColor(colour)
        for (x1, y1, x2, y2, *w) in segs:
            c.setLineWidth((w[0] if w else width) + extra)
            p = c.beginPath()
            p.moveTo(x1, y1)
            p.lineTo(x2, y2)
            c.drawPath(p, fill=0, stroke=1)


def star_points(x, y, r, inner=0.45, points=5):
    """The 10 corners of a five-pointed star centred on (x, y), radius ``r``."""
    out = []
    for i in range(2 * points):
        a = math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * inner
        out.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return out


def star(c, x, y, r, fill, line):
    """A five-pointed star (one closed 10-corner path), radius ``r`` pt — the
    kit's star, counted by tests as such."""
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(line)
    c.setLineWidth(max(0.6, r * 0.09))
    c.setLineJoin(1)
    c.drawPath(_path(c, star_points(x, y, r)), fill=1, stroke=1)
    c.restoreState()


# -- tile kinds --------------------------------------------------------------------------


def stone(c, x, y, size, pal, shade=0):
    """A rounded grey stone with a highlight and a crack."""
    _begin(c, x, y, size)
    k = 0.06 * shade
    pts = [(-0.46, -0.12), (-0.42, 0.2, -0.2, 0.4, 0.05, 0.36), (0.3, 0.33, 0.48, 0.18, 0.47, -0.05),
           (0.46, -0.28, 0.25, -0.4, -0.02, -0.38), (-0.3, -0.37, -0.48, -0.3, -0.46, -0.12)]
    pts = [tuple(v + (k if i % 2 else 0) for i, v in enumerate(p)) for p in pts]
    _shape(c, pts, pal.c("stone"), pal.c("stone_dark"), 0.06)
    c.setFillColor(pal.mix("stone", "ground", 0.55))
    c.ellipse(-0.28, 0.08, -0.02, 0.24, fill=1, stroke=0)
    c.setStrokeColor(pal.c("stone_dark"))
    c.setLineWidth(0.045)
    c.setLineCap(1)
    c.drawPath(_path(c, [(0.12, -0.34), (0.18, -0.16), (0.1, -0.04), (0.2, 0.1)], close=False), fill=0, stroke=1)
    c.restoreState()


def hammer(c, x, y, size, pal):
    """A hammer, handle down-left, head up-right."""
    _begin(c, x, y, size)
    c.rotate(-35)
    c.setStrokeColor(pal.c("outline"))
    c.setLineWidth(0.05)
    c.setFillColor(pal.c("wood"))
    c.roundRect(-0.07, -0.48, 0.14, 0.78, 0.06, fill=1, stroke=1)
    c.setFillColor(pal.c("metal"))
    c.roundRect(-0.36, 0.2, 0.72, 0.24, 0.06, fill=1, stroke=1)
    c.setFillColor(pal.mix("metal", "ground", 0.5))
    c.roundRect(-0.3, 0.34, 0.6, 0.05, 0.02, fill=1, stroke=0)
    c.restoreState()


def magnifier(c, x, y, size, pal):
    """A magnifying glass: lens up-left, handle down-right."""
    _begin(c, x, y, size)
    c.setStrokeColor(pal.c("outline"))
    c.setLineWidth(0.05)
    c.saveState()
    c.translate(0.18, -0.18)
    c.rotate(45)
    c.setFillColor(pal.c("wood"))
    c.roundRect(-0.07, -0.3, 0.14, 0.36, 0.06, fill=1, stroke=1)
    c.restoreState()
    c.setFillColor(pal.c("lens_rim"))
    c.circle(-0.1, 0.1, 0.34, fill=1, stroke=1)
    c.setFillColor(pal.c("lens"))
    c.circle(-0.1, 0.1, 0.25, fill=1, stroke=1)
    c.setFillColor(pal.c("ground"))
    c.ellipse(-0.26, 0.12, -0.14, 0.26, fill=1, stroke=0)
    c.restoreState()


def wheelbarrow(c, x, y, size, pal):
    """A wheelbarrow: tray, wheel at the front (left), handles and a leg."""
    _begin(c, x, y, size)
    out = pal.c("outline")
    _capsules(c, [(-0.25, -0.12, 0.48, 0.1), (0.2, -0.05, 0.24, -0.3)], 0.06, pal.c("wood"), out, 0.025)
    _shape(c, [(-0.46, 0.2), (0.36, 0.2), (0.2, -0.12), (-0.28, -0.12)], pal.c("barrow"), out, 0.05)
    c.setFillColor(pal.mix("barrow", "ground", 0.45))
    c.rect(-0.38, 0.1, 0.68, 0.06, fill=1, stroke=0)
    c.setStrokeColor(out)
    c.setLineWidth(0.05)
    c.setFillColor(pal.c("metal"))
    c.circle(-0.3, -0.26, 0.16, fill=1, stroke=1)
    c.setFillColor(pal.c("ground"))
    c.circle(-0.3, -0.26, 0.05, fill=1, stroke=1)
    c.restoreState()


def bone(c, x, y, size, fill, line, angle=20):
    """A cartoon bone (the hint on a tile back)."""
    _begin(c, x, y, size)
    c.rotate(angle)
    lw = 0.045
    for colour, grow in ((line, lw), (fill, 0.0)):
        c.setFillColor(colour)
        for ex in (-0.36, 0.36):
            for ey in (-0.09, 0.09):
                c.circle(ex, ey, 0.11 + grow, fill=1, stroke=0)
        c.rect(-0.36, -0.08 - grow, 0.72, 0.16 + 2 * grow, fill=1, stroke=0)
    c.restoreState()


def _shovel_top(c, pal, out, y0):
    """Grip and shaft from ``y0`` up (unit coordinates, shovel upright)."""
    _capsules(c, [(0, y0, 0, 0.36)], 0.075, pal.c("wood"), out, 0.025)
    _shape(c, [(-0.13, 0.36), (0.13, 0.36), (0.13, 0.47), (-0.13, 0.47)], pal.c("wood"), out, 0.045)


def _shovel_bottom(c, pal, out, y1, blade):
    """Blade and shaft up to ``y1``."""
    _capsules(c, [(0, -0.12, 0, y1)], 0.075, pal.c("wood"), out, 0.025)
    pts = [(-0.17, -0.12), (0.17, -0.12), (0.17, -0.36, 0.08, -0.46, 0.0, -0.5),
           (-0.08, -0.46, -0.17, -0.36, -0.17, -0.12)]
    _shape(c, pts, pal.c(blade), out, 0.045)
    c.setFillColor(pal.mix(blade, "ground", 0.5))
    c.roundRect(-0.11, -0.3, 0.05, 0.14, 0.02, fill=1, stroke=0)


def shovel(c, x, y, size, pal, broken=False):
    """A digging shovel lying diagonally; ``broken``: the shaft snapped in
    two, the halves apart with jagged ends and a red burst at the break."""
    _begin(c, x, y, size)
    out = pal.c("outline")
    c.rotate(-40)
    if not broken:
        _shovel_top(c, pal, out, 0.0)
        _shovel_bottom(c, pal, out, 0.1, "blade")
        c.restoreState()
        return
    jag = [(-0.052, 0.0), (-0.02, 0.05), (0.0, 0.0), (0.025, 0.05), (0.052, 0.0)]
    c.scale(0.86, 0.86)
    c.saveState()
    c.translate(0.03, 0.05)
    c.rotate(-16)
    _shovel_top(c, pal, out, 0.12)
    _shape(c, [(0.052, 0.12), (-0.052, 0.12)] + [(px, py + 0.06) for px, py in jag], pal.c("wood"), out, 0.03)
    c.restoreState()
    c.saveState()
    c.translate(-0.04, -0.04)
    c.rotate(12)
    _shovel_bottom(c, pal, out, 0.0, "blade_broken")
    _shape(c, [(-0.052, -0.02)] + [(px, 0.04 - py) for px, py in jag] + [(0.052, -0.02)], pal.c("wood"), out, 0.03)
    c.restoreState()
    c.setStrokeColor(pal.c("broken"))
    c.setLineWidth(0.045)
    c.setLineCap(1)
    for a in (-35, 0, 35, 145, 180, 215):
        r0, r1 = 0.12, 0.22
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        p = c.beginPath()
        p.moveTo(r0 * ca, 0.06 + r0 * sa)
        p.lineTo(r1 * ca, 0.06 + r1 * sa)
        c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def egg(c, x, y, size, pal):
    """A whole egg with spots (the caller adds its stars)."""
    _begin(c, x, y, size)
    pts = [(0, 0.46), (0.24, 0.46, 0.36, 0.12, 0.36, -0.08), (0.36, -0.3, 0.2, -0.44, 0, -0.44),
           (-0.2, -0.44, -0.36, -0.3, -0.36, -0.08), (-0.36, 0.12, -0.24, 0.46, 0, 0.46)]
    _shape(c, pts, pal.c("egg"), pal.c("outline"), 0.04)
    c.setFillColor(pal.c("egg_spot"))
    for sx, sy, r in ((-0.2, 0.22, 0.04), (0.22, 0.14, 0.03), (-0.25, -0.22, 0.03), (0.2, -0.28, 0.04)):
        c.circle(sx, sy, r, fill=1, stroke=0)
    c.restoreState()


def cracked_egg(c, x, y, size, pal):
    """An egg broken into two shells with zigzag rims, nothing inside."""
    _begin(c, x, y, size)
    out = pal.c("outline")
    zig = [(-0.36, 0.0), (-0.24, 0.08), (-0.12, -0.02), (0.0, 0.08), (0.12, -0.02), (0.24, 0.08), (0.36, 0.0)]
    c.saveState()
    c.translate(-0.02, -0.12)
    bottom = zig[::-1] + [(-0.36, -0.1, -0.22, -0.36, 0.0, -0.36), (0.22, -0.36, 0.36, -0.1, 0.36, 0.0)]
    _shape(c, bottom[:7] + bottom[7:], pal.c("egg"), out, 0.04)
    c.restoreState()
    c.saveState()
    c.translate(0.06, 0.16)
    c.rotate(18)
    top = zig + [(0.36, 0.2, 0.22, 0.4, 0.0, 0.4), (-0.22, 0.4, -0.36, 0.2, -0.36, 0.0)]
    _shape(c, top, pal.c("egg"), out, 0.04)
    c.setFillColor(pal.c("egg_spot"))
    c.circle(-0.14, 0.24, 0.035, fill=1, stroke=0)
    c.restoreState()
    c.restoreState()


def stones(c, x, y, size, n, pal):
    """``n`` stones (1 or 2) side by side in a ``size`` square."""
    if n == 1:
        stone(c, x, y, size * 0.78, pal)
    else:
        stone(c, x - size * 0.2, y + size * 0.14, size * 0.56, pal)
        stone(c, x + size * 0.2, y - size * 0.14, size * 0.56, pal, shade=1)


def hammers(c, x, y, size, n, pal):
    """``n`` hammers (1 or 2) in a ``size`` square."""
    if n == 1:
        hammer(c, x, y, size * 0.8, pal)
    else:
        hammer(c, x - size * 0.2, y + size * 0.08, size * 0.6, pal)
        hammer(c, x + size * 0.2, y - size * 0.08, size * 0.6, pal)


#: Tile-kind icons for the rules reference: name → draw(c, x, y, size, pal).
KIND_ICONS = {
    "stones_1": lambda c, x, y, s, pal: stones(c, x, y, s, 1, pal),
    "stones_2": lambda c, x, y, s, pal: stones(c, x, y, s, 2, pal),
    "hammers_1": lambda c, x, y, s, pal: hammers(c, x, y, s, 1, pal),
    "hammers_2": lambda c, x, y, s, pal: hammers(c, x, y, s, 2, pal),
    "magnifier": lambda c, x, y, s, pal: magnifier(c, x, y, s * 0.85, pal),
    "wheelbarrow": lambda c, x, y, s, pal: wheelbarrow(c, x, y, s * 0.9, pal),
    "bone": lambda c, x, y, s, pal: bone(c, x, y, s * 0.9, pal.c("bone"), pal.c("outline")),
    "shovel": lambda c, x, y, s, pal: shovel(c, x, y, s * 0.95, pal),
    "broken": lambda c, x, y, s, pal: shovel(c, x, y, s * 0.95, pal, broken=True),
    "egg": lambda c, x, y, s, pal: egg(c, x, y, s, pal),
    "cracked": lambda c, x, y, s, pal: cracked_egg(c, x, y, s, pal),
    "stone_token": lambda c, x, y, s, pal: stones(c, x, y, s, 2, pal),
}


# -- fossils -----------------------------------------------------------------------------


class _Bones:
    """Collects capsule bones and outlined shapes of one skeleton in strip
    units (1 = one slot) and draws them outlines first."""

    def __init__(self):
        self.caps: list[tuple] = []
        self.shapes: list[list] = []
        self.under: list[list] = []
        self.dots: list[tuple] = []

    def seg(self, x1, y1, x2, y2, w=0.05):
        self.caps.append((x1, y1, x2, y2, w))

    def chain(self, pts, w=0.05):
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            self.seg(x1, y1, x2, y2, w)

    def spine(self, pts, w0, w1, n):
        """Vertebrae along a polyline: ``n`` capsules tapering from w0 to w1."""
        total = [0.0]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            total.append(total[-1] + math.hypot(x2 - x1, y2 - y1))
        length = total[-1]

        def at(d):
            for i in range(len(pts) - 1):
                if d <= total[i + 1] or i == len(pts) - 2:
                    t = (d - total[i]) / ((total[i + 1] - total[i]) or 1)
                    return (pts[i][0] + t * (pts[i + 1][0] - pts[i][0]), pts[i][1] + t * (pts[i + 1][1] - pts[i][1]))
        step = length / n
        for k in range(n):
            a, b = at(k * step + step * 0.12), at((k + 1) * step - step * 0.12)
            w = w0 + (w1 - w0) * k / max(1, n - 1)
            self.seg(*a, *b, w)

    def ribs(self, x0, x1, ytop, depth, n, w=0.035):
        for k in range(n):
            x = x0 + (x1 - x0) * k / max(1, n - 1)
            d = depth * (0.7 + 0.3 * math.sin(math.pi * (k + 0.5) / n))
            self.chain([(x, ytop), (x + 0.05, ytop - d * 0.55), (x + 0.02, ytop - d)], w)

    def leg(self, hip, knee, ankle, toe, w=0.07):
        self.chain([hip, knee, ankle], w)
        self.seg(*ankle, *toe, w * 0.7)

    def shape(self, pts, under=False):
        (self.under if under else self.shapes).append(pts)

    def hole(self, x, y, r):
        self.dots.append((x, y, r))

    def draw(self, c, u, fill, line, dark):
        c.saveState()
        c.scale(u, u)
        lw = 0.022
        for pts in self.under:
            _shape(c, pts, fill, line, 2 * lw)
        _capsules(c, self.caps, 0.05, fill, line, lw)
        for pts in self.shapes:
            _shape(c, pts, fill, line, 2 * lw)
        c.setFillColor(dark)
        for x, y, r in self.dots:
            c.circle(x, y, r, fill=1, stroke=0)
        c.restoreState()


def _triceratops(b: _Bones):
    # frill (slot 1): a fan behind the skull, with holes
    fan = [(0.92, 0.3), (1.02, 0.12), (1.3, 0.08), (1.55, 0.25), (1.68, 0.55), (1.6, 0.86), (1.34, 0.97),
           (1.06, 0.9), (0.94, 0.7)]
    b.shape(fan)
    for hx, hy in ((1.3, 0.35), (1.42, 0.6), (1.24, 0.78), (1.12, 0.52)):
        b.hole(hx, hy, 0.055)
    # head (slot 0): beak, nose horn, two brow horns, eye
    b.shape([(0.06, 0.42), (0.16, 0.58), (0.42, 0.68), (0.7, 0.7), (0.92, 0.66), (0.96, 0.4), (0.7, 0.3),
             (0.36, 0.3), (0.2, 0.34)])
    b.shape([(0.3, 0.62), (0.3, 0.86), (0.4, 0.66)])
    b.shape([(0.56, 0.68), (0.22, 0.94), (0.66, 0.72)])
    b.shape([(0.76, 0.7), (0.5, 0.97), (0.84, 0.72)])
    b.hole(0.62, 0.52, 0.06)
    b.hole(0.2, 0.44, 0.03)
    # body (slot 2): spine, ribs, legs
    b.spine([(1.66, 0.62), (2.2, 0.7), (2.95, 0.62)], 0.07, 0.07, 7)
    b.ribs(1.9, 2.75, 0.62, 0.3, 6)
    b.leg((2.0, 0.5), (2.05, 0.3), (1.98, 0.1), (1.86, 0.06), 0.07)
    b.leg((2.75, 0.55), (2.62, 0.32), (2.72, 0.1), (2.6, 0.06), 0.075)
    b.shape([(2.55, 0.5), (2.9, 0.72), (3.02, 0.5), (2.85, 0.4)])  # hip
    # tail (slot 3)
    b.spine([(3.02, 0.6), (3.4, 0.52), (3.7, 0.4), (3.94, 0.3)], 0.065, 0.03, 8)


def _sarcosuchus(b: _Bones):
    # head (slot 0): a long toothy snout
    b.shape([(0.04, 0.42), (0.06, 0.5), (0.5, 0.56), (0.78, 0.64), (0.98, 0.62), (1.02, 0.4), (0.78, 0.36),
             (0.5, 0.38), (0.06, 0.36)])
    b.hole(0.8, 0.54, 0.05)
    b.hole(0.1, 0.46, 0.025)
    for k in range(7):
        x = 0.12 + k * 0.09
        b.shape([(x, 0.38), (x + 0.025, 0.3), (x + 0.05, 0.38)])
    # body (slot 1): low spine, short legs, ribs
    b.spine([(1.02, 0.52), (1.5, 0.56), (2.02, 0.5)], 0.065, 0.06, 6)
    b.ribs(1.2, 1.85, 0.52, 0.22, 6)
    b.leg((1.2, 0.44), (1.1, 0.28), (1.16, 0.14), (1.04, 0.1), 0.06)
    b.leg((1.85, 0.44), (1.74, 0.28), (1.84, 0.14), (1.72, 0.1), 0.065)
    # tail (slot 2): long and wavy with scutes
    b.spine([(2.02, 0.5), (2.3, 0.46), (2.6, 0.52), (2.96, 0.44)], 0.06, 0.028, 9)
    for k in range(4):
        x = 2.1 + k * 0.2
        b.shape([(x, 0.55), (x + 0.06, 0.66), (x + 0.12, 0.55)])


def _ammonite(b: _Bones):
    # a spiral shell over two slots: the coil (slot 0) and the outer whorl (slot 1)
    cx, cy = 1.0, 0.5
    outer = [(cx + 0.66 * math.cos(2 * math.pi * k / 48), cy + 0.44 * math.sin(2 * math.pi * k / 48))
             for k in range(48)]
    b.shape(outer, under=True)
    b.shape([(1.5, 0.36), (1.72, 0.5), (1.5, 0.64), (1.6, 0.5)])  # the opening of the shell
    # ribs of the shell and the coil
    for k in range(14):
        a = math.pi * 2 * k / 14
        b.seg(cx + 0.24 * math.cos(a) * 1.4, cy + 0.22 * math.sin(a), cx + 0.6 * math.cos(a),
              cy + 0.4 * math.sin(a), 0.03)
    pts = []
    for k in range(60):
        t = k / 59
        a = 4 * math.pi * t
        r = 0.03 + 0.2 * t
        pts.append((cx + 1.35 * r * math.cos(a), cy + r * math.sin(a)))
    b.chain(pts, 0.04)


def _tyrannosaurus(b: _Bones):
    # head (slot 0): big skull, teeth, eye
    b.shape([(0.06, 0.5), (0.12, 0.72), (0.5, 0.84), (0.86, 0.82), (1.0, 0.68), (0.96, 0.46), (0.7, 0.42),
             (0.5, 0.28), (0.14, 0.3), (0.06, 0.38)])
    b.hole(0.72, 0.66, 0.07)
    b.hole(0.38, 0.6, 0.05)
    for k in range(5):
        x = 0.16 + k * 0.1
        b.shape([(x, 0.46), (x + 0.03, 0.38), (x + 0.06, 0.46)])
    # body (slot 1): neck, ribs, tiny arms
    b.spine([(1.0, 0.66), (1.3, 0.7), (1.98, 0.64)], 0.07, 0.075, 6)
    b.ribs(1.2, 1.8, 0.66, 0.3, 5)
    b.chain([(1.2, 0.45), (1.3, 0.33), (1.22, 0.28)], 0.04)
    # legs (slot 2): hip and two strong legs
    b.shape([(2.0, 0.52), (2.3, 0.72), (2.6, 0.7), (2.9, 0.58), (2.5, 0.5)])
    b.leg((2.45, 0.55), (2.3, 0.3), (2.42, 0.1), (2.2, 0.05), 0.09)
    b.leg((2.6, 0.52), (2.62, 0.28), (2.76, 0.09), (2.56, 0.04), 0.08)
    # tail (slot 3)
    b.spine([(2.92, 0.6), (3.3, 0.62), (3.65, 0.56), (3.95, 0.5)], 0.07, 0.03, 8)


def _stegosaurus(b: _Bones):
    # head (slot 0): small skull on a long neck
    b.shape([(0.1, 0.36), (0.16, 0.46), (0.42, 0.5), (0.56, 0.44), (0.5, 0.32), (0.2, 0.3)])
    b.hole(0.42, 0.43, 0.035)
    b.spine([(0.54, 0.4), (0.8, 0.46), (1.02, 0.52)], 0.05, 0.055, 4)
    # plates (slot 1): a row of plates over the shoulders
    b.spine([(1.02, 0.52), (1.5, 0.58), (2.0, 0.6)], 0.06, 0.065, 5)
    for k, h in enumerate((0.2, 0.3, 0.36, 0.34)):
        x = 1.08 + k * 0.23
        b.shape([(x, 0.56), (x + 0.1, 0.58 + h), (x + 0.2, 0.58)])
    b.leg((1.3, 0.5), (1.34, 0.3), (1.28, 0.1), (1.16, 0.06), 0.065)
    # body (slot 2): ribs, hip, hind leg, two last plates
    b.spine([(2.0, 0.6), (2.5, 0.62), (3.0, 0.54)], 0.065, 0.06, 5)
    b.ribs(2.05, 2.55, 0.6, 0.3, 4)
    for k, h in enumerate((0.32, 0.24)):
        x = 2.12 + k * 0.3
        b.shape([(x, 0.62), (x + 0.1, 0.64 + h), (x + 0.2, 0.62)])
    b.leg((2.72, 0.56), (2.78, 0.32), (2.7, 0.1), (2.58, 0.06), 0.08)
    # tail (slot 3): taper and four spikes
    b.spine([(3.0, 0.54), (3.4, 0.48), (3.9, 0.44)], 0.055, 0.03, 7)
    for x, dx, dy in ((3.55, -0.08, 0.28), (3.6, 0.1, 0.3), (3.75, -0.04, 0.26), (3.8, 0.12, 0.24)):
        b.shape([(x - 0.025, 0.47), (x + dx, 0.47 + dy), (x + 0.025, 0.47)])


_FOSSILS = {
    "triceratops": (_triceratops, 4),
    "sarcosuchus": (_sarcosuchus, 3),
    "ammonite": (_ammonite, 2),
    "tyrannosaurus": (_tyrannosaurus, 4),
    "stegosaurus": (_stegosaurus, 4),
}


def fossil_slots(board_id: str) -> int:
    """Slots the skeleton art of ``board_id`` is drawn over."""
    return _FOSSILS[board_id][1]


def fossil(c, board_id: str, u: float, fill, line, dark, slots: int | None = None):
    """The skeleton of ``board_id`` over a strip of square slots of side ``u``
    pt, origin at the strip's bottom-left.  When the board has a different
    number of ``slots`` than the art, the art is stretched to them."""
    make, n = _FOSSILS[board_id]
    b = _Bones()
    make(b)
    c.saveState()
    if slots and slots != n:
        c.scale(slots / n, 1)
    b.draw(c, u, fill, line, dark)
    c.restoreState()

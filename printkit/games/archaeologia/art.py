"""Archaeologia vector icons, drawn in code with reportlab.

Every icon is drawn **centred** on ``(x, y)`` inside a square of side ``size``
(pt) as ``icon(c, x, y, size, fill, ink, bg)``: ``fill`` the main colour,
``ink`` outlines and details, ``bg`` the colour behind (for cut-outs).  Icons
choose no colour of their own and use no transparency; each saves and
restores the graphics state.

* group icons (:data:`GROUP_ART`): the six split shapes of the doubles and
  the pictograms of the collections and dinosaur families;
* emblems (:data:`EMBLEMS`): a stratum's single finds, the egg, the meteorite;
* tools, rentals and the game's symbols (coin, RP laurel, ACTION footprint,
  RAIN cloud, archaeologist).
"""

from __future__ import annotations

import math
from typing import Any, Callable

from printkit.gamekit import polygon_path

Icon = Callable[..., None]


def _poly(c: Any, pts, fill: int = 1, stroke: int = 0) -> None:
    c.drawPath(polygon_path(c, pts), fill=fill, stroke=stroke)


def _at(x, y, s, pts):
    return [(x + px * s, y + py * s) for px, py in pts]


def _regular(x, y, r, n, start=90.0):
    return [(x + r * math.cos(math.radians(start + i * 360 / n)), y + r * math.sin(math.radians(start + i * 360 / n)))
            for i in range(n)]


# -- doubles: a shape split in two halves ------------------------------------------------

def _split_shape(pts_fn):
    def icon(c, x, y, size, fill, ink, bg) -> None:
        c.saveState()
        c.setFillColor(fill)
        c.setStrokeColor(ink)
        c.setLineWidth(size * 0.05)
        c.setLineJoin(1)
        _poly(c, pts_fn(x, y, size * 0.42), fill=1, stroke=1)
        c.setStrokeColor(bg)
        c.setLineWidth(size * 0.08)
        c.line(x + size * 0.06, y + size * 0.5, x - size * 0.06, y - size * 0.5)
        c.restoreState()
    return icon


def _star(x, y, r):
    out = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.radians(90 + i * 36)
        out.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return out


SPLIT = {
    "circle": _split_shape(lambda x, y, r: _regular(x, y, r, 28)),
    "square": _split_shape(lambda x, y, r: _regular(x, y, r * 1.15, 4, 45)),
    "triangle": _split_shape(lambda x, y, r: _regular(x, y - r * 0.15, r * 1.2, 3)),
    "diamond": _split_shape(lambda x, y, r: [(x, y + r * 1.15), (x + r * 0.8, y), (x, y - r * 1.15), (x - r * 0.8, y)]),
    "hexagon": _split_shape(lambda x, y, r: _regular(x, y, r * 1.05, 6, 0)),
    "star": _split_shape(lambda x, y, r: _star(x, y, r * 1.2)),
}


# -- collection and family pictograms ----------------------------------------------------

def skull(c, x, y, size, fill, ink, bg) -> None:
    """Pirates' Treasures: a skull over crossed bones."""
    s = size
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.09)
    c.setLineCap(1)
    c.line(x - s * 0.38, y - s * 0.38, x + s * 0.38, y + s * 0.02)
    c.line(x + s * 0.38, y - s * 0.38, x - s * 0.38, y + s * 0.02)
    c.setFillColor(fill)
    c.setLineWidth(s * 0.04)
    c.circle(x, y + s * 0.1, s * 0.28, fill=1, stroke=1)
    c.roundRect(x - s * 0.15, y - s * 0.22, s * 0.3, s * 0.2, s * 0.05, fill=1, stroke=1)
    c.setFillColor(ink)
    c.circle(x - s * 0.11, y + s * 0.1, s * 0.075, fill=1, stroke=0)
    c.circle(x + s * 0.11, y + s * 0.1, s * 0.075, fill=1, stroke=0)
    c.restoreState()


def triskele(c, x, y, size, fill, ink, bg) -> None:
    """Celts' Treasures: three spiral arms on a disc."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.circle(x, y, s * 0.44, fill=1, stroke=1)
    c.setLineWidth(s * 0.07)
    c.setLineCap(1)
    for k in range(3):
        a0 = math.radians(90 + k * 120)
        p = c.beginPath()
        p.moveTo(x, y)
        for i in range(1, 19):
            t = i / 18
            a = a0 + t * 4.2
            r = s * 0.34 * t
            p.lineTo(x + r * math.cos(a) + s * 0.05 * math.cos(a0), y + r * math.sin(a) + s * 0.05 * math.sin(a0))
        c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def hut(c, x, y, size, fill, ink, bg) -> None:
    """The Village: a thatched round house."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.045)
    c.setLineJoin(1)
    c.rect(x - s * 0.3, y - s * 0.4, s * 0.6, s * 0.38, fill=1, stroke=1)
    _poly(c, _at(x, y, s, [(-0.45, -0.02), (0, 0.44), (0.45, -0.02)]), fill=1, stroke=1)
    c.setFillColor(ink)
    c.roundRect(x - s * 0.08, y - s * 0.4, s * 0.16, s * 0.24, s * 0.06, fill=1, stroke=0)
    c.setLineWidth(s * 0.03)
    for i in (-1, 0, 1):
        c.line(x + i * s * 0.13, y + s * 0.06, x + i * s * 0.06, y + s * 0.3)
    c.restoreState()


def arrowhead(c, x, y, size, fill, ink, bg) -> None:
    """The Hunter's Bag: a knapped flint arrowhead."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.045)
    c.setLineJoin(1)
    _poly(c, _at(x, y, s, [(0, 0.46), (0.26, -0.1), (0.2, -0.3), (0.08, -0.2), (0.05, -0.46), (-0.05, -0.46),
                           (-0.08, -0.2), (-0.2, -0.3), (-0.26, -0.1)]), fill=1, stroke=1)
    c.setLineWidth(s * 0.025)
    for i in range(3):
        yy = y + s * (0.2 - i * 0.15)
        c.line(x - s * 0.1, yy - s * 0.05, x, yy)
        c.line(x + s * 0.1, yy - s * 0.05, x, yy)
    c.restoreState()


def leaf(c, x, y, size, fill, ink, bg) -> None:
    """Plant Fossils: a fern frond."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    p = c.beginPath()
    p.moveTo(x, y - s * 0.46)
    p.curveTo(x + s * 0.5, y - s * 0.2, x + s * 0.3, y + s * 0.3, x, y + s * 0.46)
    p.curveTo(x - s * 0.3, y + s * 0.3, x - s * 0.5, y - s * 0.2, x, y - s * 0.46)
    c.drawPath(p, fill=1, stroke=1)
    c.line(x, y - s * 0.46, x, y + s * 0.4)
    c.setLineWidth(s * 0.03)
    for i in range(5):
        yy = y - s * 0.28 + i * s * 0.14
        w = s * (0.24 - abs(i - 1.5) * 0.04)
        c.line(x, yy, x - w, yy + s * 0.1)
        c.line(x, yy, x + w, yy + s * 0.1)
    c.restoreState()


def ammonite(c, x, y, size, fill, ink, bg) -> None:
    """Animal Fossils: a ribbed spiral shell."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.circle(x, y, s * 0.44, fill=1, stroke=1)
    p = c.beginPath()
    for i in range(60):
        t = i / 59
        a = t * 5.5 * math.pi
        r = s * 0.4 * (1 - t) + s * 0.03
        px, py = x + r * math.cos(a), y + r * math.sin(a)
        p.lineTo(px, py) if i else p.moveTo(px, py)
    c.drawPath(p, fill=0, stroke=1)
    c.setLineWidth(s * 0.025)
    for i in range(12):
        a = i * math.pi / 6
        c.line(x + s * 0.27 * math.cos(a), y + s * 0.27 * math.sin(a), x + s * 0.43 * math.cos(a), y + s * 0.43 * math.sin(a))
    c.restoreState()


def tooth(c, x, y, size, fill, ink, bg) -> None:
    """Tyrannosaurus: a serrated fang."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.045)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(x - s * 0.22, y + s * 0.42)
    p.lineTo(x + s * 0.22, y + s * 0.42)
    p.curveTo(x + s * 0.24, y + s * 0.05, x + s * 0.15, y - s * 0.2, x + s * 0.05, y - s * 0.46)
    p.curveTo(x - s * 0.12, y - s * 0.25, x - s * 0.22, y, x - s * 0.22, y + s * 0.42)
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.03)
    c.line(x - s * 0.26, y + s * 0.3, x + s * 0.26, y + s * 0.3)
    c.restoreState()


def horns(c, x, y, size, fill, ink, bg) -> None:
    """Triceratops: a frilled head with three horns."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.setLineJoin(1)
    p = c.beginPath()
    p.arc(x - s * 0.44, y - s * 0.2, x + s * 0.44, y + s * 0.5, 0, 180)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    _poly(c, _at(x, y, s, [(-0.22, 0.15), (0.22, 0.15), (0.12, -0.36), (-0.12, -0.36)]), fill=1, stroke=1)
    c.setFillColor(ink)
    for bx, tip in ((-0.14, (-0.3, 0.42)), (0.14, (0.3, 0.42))):
        _poly(c, _at(x, y, s, [(bx - 0.05, 0.08), (bx + 0.05, 0.08), tip]))
    _poly(c, _at(x, y, s, [(-0.05, -0.2), (0.05, -0.2), (0, 0.0)]))
    c.restoreState()


def flipper(c, x, y, size, fill, ink, bg) -> None:
    """Pliosaur: a paddle-shaped flipper over a wave."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    p = c.beginPath()
    p.moveTo(x - s * 0.3, y + s * 0.42)
    p.curveTo(x + s * 0.05, y + s * 0.45, x + s * 0.45, y - s * 0.05, x + s * 0.3, y - s * 0.3)
    p.curveTo(x + s * 0.1, y - s * 0.1, x - s * 0.2, y + s * 0.1, x - s * 0.38, y + s * 0.3)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.05)
    c.setLineCap(1)
    w = c.beginPath()
    w.moveTo(x - s * 0.46, y - s * 0.32)
    for i in range(4):
        x0 = x - s * 0.46 + i * s * 0.23
        w.curveTo(x0 + s * 0.06, y - s * 0.22, x0 + s * 0.17, y - s * 0.22, x0 + s * 0.23, y - s * 0.32)
    c.drawPath(w, fill=0, stroke=1)
    c.restoreState()


def long_neck(c, x, y, size, fill, ink, bg) -> None:
    """Diplodocus: a long-necked sauropod silhouette."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(x - s * 0.48, y - s * 0.05)
    p.curveTo(x - s * 0.3, y + s * 0.05, x - s * 0.2, y + s * 0.12, x - s * 0.05, y + s * 0.1)
    p.curveTo(x + s * 0.1, y + s * 0.12, x + s * 0.15, y + s * 0.3, x + s * 0.3, y + s * 0.44)
    p.lineTo(x + s * 0.42, y + s * 0.4)
    p.curveTo(x + s * 0.3, y + s * 0.3, x + s * 0.25, y + s * 0.1, x + s * 0.22, y - s * 0.12)
    p.lineTo(x + s * 0.2, y - s * 0.4)
    p.lineTo(x + s * 0.1, y - s * 0.4)
    p.lineTo(x + s * 0.08, y - s * 0.2)
    p.lineTo(x - s * 0.12, y - s * 0.2)
    p.lineTo(x - s * 0.14, y - s * 0.4)
    p.lineTo(x - s * 0.24, y - s * 0.4)
    p.lineTo(x - s * 0.24, y - s * 0.12)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.restoreState()


def wing(c, x, y, size, fill, ink, bg) -> None:
    """Pteranodon: a crested head and a membrane wing."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.setLineJoin(1)
    _poly(c, _at(x, y, s, [(-0.48, 0.1), (-0.05, 0.05), (0.0, 0.2), (0.48, 0.3), (0.1, -0.05), (0.2, -0.35),
                           (-0.05, -0.1)]), fill=1, stroke=1)
    _poly(c, _at(x, y, s, [(-0.05, 0.05), (-0.2, 0.32), (-0.05, 0.2), (0.0, 0.2)]), fill=1, stroke=1)
    c.restoreState()


GROUP_ART: dict[str, Icon] = {
    **SPLIT, "skull": skull, "triskele": triskele, "hut": hut, "arrowhead": arrowhead, "leaf": leaf,
    "ammonite": ammonite, "tooth": tooth, "horns": horns, "flipper": flipper, "long-neck": long_neck, "wing": wing,
}


# -- emblems of single finds ---------------------------------------------------------------

def amphora(c, x, y, size, fill, ink, bg) -> None:
    """GRASS single: an amphora."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    p = c.beginPath()
    p.moveTo(x - s * 0.08, y + s * 0.4)
    p.lineTo(x + s * 0.08, y + s * 0.4)
    p.lineTo(x + s * 0.08, y + s * 0.25)
    p.curveTo(x + s * 0.34, y + s * 0.15, x + s * 0.3, y - s * 0.2, x, y - s * 0.46)
    p.curveTo(x - s * 0.3, y - s * 0.2, x - s * 0.34, y + s * 0.15, x - s * 0.08, y + s * 0.25)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.05)
    for sgn in (-1, 1):
        h = c.beginPath()
        h.moveTo(x + sgn * s * 0.08, y + s * 0.34)
        h.curveTo(x + sgn * s * 0.26, y + s * 0.36, x + sgn * s * 0.26, y + s * 0.2, x + sgn * s * 0.17, y + s * 0.17)
        c.drawPath(h, fill=0, stroke=1)
    c.line(x - s * 0.2, y, x + s * 0.2, y)
    c.restoreState()


def biface(c, x, y, size, fill, ink, bg) -> None:
    """EARTH single: a flint hand axe."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.setLineJoin(1)
    _poly(c, _at(x, y, s, [(0, 0.46), (0.2, 0.2), (0.28, -0.15), (0.15, -0.42), (-0.15, -0.42), (-0.28, -0.15),
                           (-0.2, 0.2)]), fill=1, stroke=1)
    c.setLineWidth(s * 0.025)
    for a, b in (((0, 0.3), (0.1, 0.05)), ((0.1, 0.05), (0.05, -0.3)), ((0, 0.3), (-0.12, 0)), ((-0.12, 0), (-0.05, -0.3))):
        c.line(x + a[0] * s, y + a[1] * s, x + b[0] * s, y + b[1] * s)
    c.restoreState()


def trilobite(c, x, y, size, fill, ink, bg) -> None:
    """ROCK single: a trilobite."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    p = c.beginPath()
    p.moveTo(x, y + s * 0.46)
    p.curveTo(x + s * 0.4, y + s * 0.44, x + s * 0.34, y - s * 0.3, x, y - s * 0.46)
    p.curveTo(x - s * 0.34, y - s * 0.3, x - s * 0.4, y + s * 0.44, x, y + s * 0.46)
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.03)
    c.line(x - s * 0.09, y + s * 0.3, x - s * 0.07, y - s * 0.42)
    c.line(x + s * 0.09, y + s * 0.3, x + s * 0.07, y - s * 0.42)
    for i in range(7):
        yy = y + s * 0.18 - i * s * 0.09
        w = s * (0.3 - i * 0.025)
        c.line(x - w, yy, x + w, yy)
    c.restoreState()


def egg(c, x, y, size, fill, ink, bg) -> None:
    """The dinosaur egg: an oval with speckles."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.045)
    c.ellipse(x - s * 0.32, y - s * 0.44, x + s * 0.32, y + s * 0.44, fill=1, stroke=1)
    c.setFillColor(ink)
    for dx, dy, r in ((-0.12, 0.18, 0.05), (0.1, 0.05, 0.06), (-0.05, -0.15, 0.04), (0.15, -0.22, 0.035),
                      (0.05, 0.28, 0.03), (-0.18, -0.05, 0.03)):
        c.circle(x + dx * s, y + dy * s, r * s, fill=1, stroke=0)
    c.restoreState()


def meteorite(c, x, y, size, fill, ink, bg) -> None:
    """The meteorite: a pitted stone with a fiery trail."""
    s = size
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineCap(1)
    for i, w in enumerate((0.07, 0.05, 0.04)):
        c.setLineWidth(s * w)
        off = (i - 1) * s * 0.12
        c.line(x + s * 0.05 + off, y + s * 0.05 - off, x + s * 0.46 + off, y + s * 0.46 - off)
    c.setFillColor(fill)
    c.setLineWidth(s * 0.045)
    _poly(c, _at(x, y, s, [(-0.3, 0.12), (-0.06, 0.2), (0.12, 0.06), (0.1, -0.22), (-0.12, -0.36), (-0.36, -0.22),
                           (-0.42, -0.02)]), fill=1, stroke=1)
    c.setFillColor(ink)
    for dx, dy, r in ((-0.2, -0.05, 0.05), (-0.05, -0.2, 0.04), (-0.02, 0.05, 0.03)):
        c.circle(x + dx * s, y + dy * s, r * s, fill=1, stroke=0)
    c.restoreState()


def footprint_dino(c, x, y, size, fill, ink, bg) -> None:
    """DINOSAUR emblem: a three-toed track."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.setLineJoin(1)
    for ang in (-35, 0, 35):
        c.saveState()
        c.translate(x, y - s * 0.1)
        c.rotate(ang)
        _poly(c, [(-s * 0.08, 0), (s * 0.08, 0), (s * 0.04, s * 0.45), (0, s * 0.52), (-s * 0.04, s * 0.45)], fill=1,
              stroke=1)
        c.restoreState()
    c.ellipse(x - s * 0.17, y - s * 0.4, x + s * 0.17, y, fill=1, stroke=1)
    c.restoreState()


EMBLEMS: dict[str, Icon] = {"grass": amphora, "earth": biface, "rock": trilobite, "dinosaur": footprint_dino,
                            "egg": egg, "meteorite": meteorite}


# -- the finds: one picture per named discovery ----------------------------------------------
#
# Each is drawn in the game's style (a ``fill`` body, ``ink`` outlines of
# ``size × 0.04`` and ink details, ``bg`` for holes and cut-outs) inside the
# square of side ``size`` centred on (x, y); :data:`FIND_ART` maps a discovery id
# to its picture.  Helpers take coordinates in units of ``size`` from the centre.

def _begin(c, fill, ink, s, width=0.04):
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * width)
    c.setLineJoin(1)
    c.setLineCap(1)


def _shape(c, x, y, s, pts, fill=1, stroke=1) -> None:
    """A closed polygon through ``pts`` (size units from the centre)."""
    _poly(c, _at(x, y, s, pts), fill=fill, stroke=stroke)


def _curve(c, x, y, s, start, segs, close=True, fill=1, stroke=1) -> None:
    """A path from ``start`` through Bézier ``segs`` ((c1, c2, end) or a single
    point for a straight line), in size units."""
    p = c.beginPath()
    p.moveTo(x + start[0] * s, y + start[1] * s)
    for seg in segs:
        if len(seg) == 3 and isinstance(seg[0], tuple):
            (a, b), (d, e), (f, g) = seg
            p.curveTo(x + a * s, y + b * s, x + d * s, y + e * s, x + f * s, y + g * s)
        else:
            p.lineTo(x + seg[0] * s, y + seg[1] * s)
    if close:
        p.close()
    c.drawPath(p, fill=fill if close else 0, stroke=stroke)


def _line(c, x, y, s, *pts) -> None:
    """An open polyline in size units."""
    _curve(c, x, y, s, pts[0], pts[1:], close=False)


def _disc(c, x, y, s, cx, cy, r, fill=1, stroke=1) -> None:
    c.circle(x + cx * s, y + cy * s, r * s, fill=fill, stroke=stroke)


def _oval(c, x, y, s, x0, y0, x1, y1, fill=1, stroke=1) -> None:
    c.ellipse(x + x0 * s, y + y0 * s, x + x1 * s, y + y1 * s, fill=fill, stroke=stroke)


def _bone(c, x, y, s, a, b, w) -> None:
    """A long bone from ``a`` to ``b`` (size units), shaft ``w`` wide, knobbed ends."""
    ax, ay = x + a[0] * s, y + a[1] * s
    bx, by = x + b[0] * s, y + b[1] * s
    ang = math.degrees(math.atan2(by - ay, bx - ax))
    ln = math.hypot(bx - ax, by - ay)
    c.saveState()
    c.translate(ax, ay)
    c.rotate(ang)
    k = w * s
    p = c.beginPath()
    p.moveTo(0, -k * 0.5)
    p.lineTo(ln, -k * 0.5)
    p.lineTo(ln, k * 0.5)
    p.lineTo(0, k * 0.5)
    p.close()
    for ex in (0, ln):
        p.circle(ex, k * 0.55, k * 0.6)
        p.circle(ex, -k * 0.55, k * 0.6)
    c.drawPath(p, fill=1, stroke=1, fillMode=1)
    c.restoreState()


def _vertebra(c, x, y, s, cx, cy, r, ang=0.0, spine=1.0) -> None:
    """A vertebra: a rounded body with a neural spine, turned ``ang`` degrees."""
    c.saveState()
    c.translate(x + cx * s, y + cy * s)
    c.rotate(ang)
    k = r * s
    _poly(c, [(-k * 0.3, k * 0.5), (-k * 0.15, k * (0.6 + spine)), (k * 0.15, k * (0.6 + spine)), (k * 0.3, k * 0.5)],
          fill=1, stroke=1)
    c.roundRect(-k * 0.6, -k * 0.55, k * 1.2, k * 1.1, k * 0.35, fill=1, stroke=1)
    c.restoreState()


def _sparks(c, x, y, s, cx, cy, r, n=5, a0=20.0, span=140.0) -> None:
    for i in range(n):
        a = math.radians(a0 + i * span / max(1, n - 1))
        c.line(x + (cx + r * 0.55 * math.cos(a)) * s, y + (cy + r * 0.55 * math.sin(a)) * s,
               x + (cx + r * math.cos(a)) * s, y + (cy + r * math.sin(a)) * s)


# GRASS ------------------------------------------------------------------------------------

def menhir(c, x, y, size, fill, ink, bg) -> None:
    """Menhir: a tall standing stone on the grass line."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (-0.2, -0.38), [((-0.24, -0.05), (-0.22, 0.3), (-0.08, 0.46)),
                                          ((0.02, 0.5), (0.16, 0.42), (0.2, 0.2)),
                                          ((0.24, -0.02), (0.2, -0.2), (0.22, -0.38))])
    c.setLineWidth(s * 0.025)
    _line(c, x, y, s, (-0.05, 0.3), (0.0, 0.15), (-0.06, 0.02))
    _line(c, x, y, s, (0.08, -0.05), (0.12, -0.2))
    c.setLineWidth(s * 0.045)
    c.line(x - s * 0.46, y - s * 0.38, x + s * 0.46, y - s * 0.38)
    for gx in (-0.38, -0.3, 0.3, 0.38):
        c.line(x + gx * s, y - s * 0.38, x + (gx - 0.03) * s, y - s * 0.3)
    c.restoreState()


def bronze_sword(c, x, y, size, fill, ink, bg) -> None:
    """Bronze sword: a leaf-shaped blade, its hilt and round pommel."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(-40)
    _curve(c, 0, 0, s, (0, 0.6), [((0.07, 0.4), (0.1, 0.0), (0.055, -0.25)), (-0.055, -0.25),
                                   ((-0.1, 0.0), (-0.07, 0.4), (0, 0.6))])
    c.line(0, s * 0.5, 0, -s * 0.2)
    c.roundRect(-s * 0.13, -s * 0.31, s * 0.26, s * 0.07, s * 0.03, fill=1, stroke=1)
    c.rect(-s * 0.035, -s * 0.48, s * 0.07, s * 0.17, fill=1, stroke=1)
    c.circle(0, -s * 0.52, s * 0.06, fill=1, stroke=1)
    c.restoreState()
    c.restoreState()


def gallo_roman_amphora(c, x, y, size, fill, ink, bg) -> None:
    """Gallo-Roman amphora: the tall two-handled wine jar with a pointed foot."""
    amphora(c, x, y, size, fill, ink, bg)


def fibula(c, x, y, size, fill, ink, bg) -> None:
    """Merovingian fibula: a bow brooch — knobbed head plate, arched bow, lozenge foot."""
    s = size
    _begin(c, fill, ink, s)
    for i in range(5):
        a = math.radians(20 + i * 35)
        _disc(c, x, y, s, 0.24 * math.cos(a), 0.18 + 0.24 * math.sin(a), 0.06)
    p = c.beginPath()
    p.arc(x - s * 0.24, y - s * 0.06, x + s * 0.24, y + s * 0.42, 0, 180)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    _shape(c, x, y, s, [(-0.07, 0.18), (0.07, 0.18), (0.05, -0.05), (-0.05, -0.05)])
    _shape(c, x, y, s, [(0, -0.02), (0.16, -0.2), (0, -0.48), (-0.16, -0.2)])
    c.setFillColor(ink)
    _disc(c, x, y, s, 0, 0.12, 0.045, stroke=0)
    _disc(c, x, y, s, 0, -0.22, 0.05, stroke=0)
    c.restoreState()


def medieval_seal(c, x, y, size, fill, ink, bg) -> None:
    """Medieval seal: a round wax seal with a cross and its hanging cord."""
    s = size
    _begin(c, fill, ink, s)
    c.setLineWidth(s * 0.05)
    _line(c, x, y, s, (-0.06, -0.18), (-0.14, -0.48))
    _line(c, x, y, s, (0.06, -0.18), (0.16, -0.46))
    c.setLineWidth(s * 0.04)
    _curve(c, x, y, s, (0.0, 0.42), [((0.26, 0.44), (0.4, 0.26), (0.36, 0.04)),
                                      ((0.34, -0.16), (0.2, -0.3), (0.0, -0.26)),
                                      ((-0.24, -0.3), (-0.38, -0.12), (-0.36, 0.06)),
                                      ((-0.38, 0.28), (-0.22, 0.42), (0.0, 0.42))])
    c.setLineWidth(s * 0.025)
    _disc(c, x, y, s, 0, 0.08, 0.24, fill=0)
    c.setLineWidth(s * 0.06)
    c.setLineCap(0)
    c.line(x, y - s * 0.06, x, y + s * 0.22)
    c.line(x - s * 0.13, y + s * 0.1, x + s * 0.13, y + s * 0.1)
    c.restoreState()


def roman_mosaic(c, x, y, size, fill, ink, bg) -> None:
    """Roman mosaic: a square panel of tesserae with a lozenge at its heart."""
    s = size
    _begin(c, fill, ink, s)
    n, side = 7, 0.84
    cell = side / n
    c.setFillColor(bg)
    _shape(c, x, y, s, [(-0.42, -0.42), (0.42, -0.42), (0.42, 0.42), (-0.42, 0.42)])
    for i in range(n):
        for j in range(n):
            di = abs(i - 3) + abs(j - 3)
            border = i in (0, n - 1) or j in (0, n - 1)
            if border or di <= 1 or di == 3:
                c.setFillColor(ink if (border and (i + j) % 2 == 0) or di == 0 else fill)
                c.rect(x + (-0.42 + i * cell + 0.01) * s, y + (-0.42 + j * cell + 0.01) * s, (cell - 0.02) * s,
                       (cell - 0.02) * s, fill=1, stroke=0)
    c.setFillColor(ink)
    c.restoreState()


def casting_mould(mirror: bool) -> Icon:
    def icon(c, x, y, size, fill, ink, bg) -> None:
        """Casting mould half: a stone block with an axe-shaped hollow and its pouring channel."""
        s = size
        c.saveState()
        c.translate(x, y)
        if mirror:
            c.scale(-1, 1)
        _begin(c, fill, ink, s)
        c.roundRect(-s * 0.3, -s * 0.44, s * 0.6, s * 0.88, s * 0.06, fill=1, stroke=1)
        c.setFillColor(bg)
        _shape(c, 0, 0, s, [(-0.06, 0.44), (0.06, 0.44), (0.06, 0.22), (0.17, 0.08), (0.2, -0.3), (0.1, -0.34),
                            (-0.14, -0.3), (-0.18, 0.08), (-0.06, 0.22)])
        c.setFillColor(ink)
        for yy in (0.3, -0.02, -0.36):
            _disc(c, 0, 0, s, 0.22 if yy != -0.02 else -0.23, yy, 0.035, stroke=0)
        c.restoreState()
        c.restoreState()
    return icon


def merovingian_sword(c, x, y, size, fill, ink, bg) -> None:
    """Merovingian sword: a long straight double-edged blade, short guard, lobed pommel."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(40)
    _shape(c, 0, 0, s, [(-0.055, -0.22), (0.055, -0.22), (0.05, 0.5), (0, 0.6), (-0.05, 0.5)])
    c.line(0, -s * 0.2, 0, s * 0.5)
    c.rect(-s * 0.12, -s * 0.28, s * 0.24, s * 0.06, fill=1, stroke=1)
    c.rect(-s * 0.035, -s * 0.46, s * 0.07, s * 0.18, fill=1, stroke=1)
    _curve(c, 0, 0, s, (-0.1, -0.46), [(0.1, -0.46), ((0.1, -0.56), (0.04, -0.58), (0, -0.53)),
                                         ((-0.04, -0.58), (-0.1, -0.56), (-0.1, -0.46))])
    c.restoreState()
    c.restoreState()


def scabbard(c, x, y, size, fill, ink, bg) -> None:
    """Merovingian scabbard: a long sheath with a mouth band, fittings and a chape."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(40)
    _curve(c, 0, 0, s, (-0.09, -0.5), [(0.09, -0.5), (0.09, 0.42), ((0.09, 0.55), (-0.09, 0.55), (-0.09, 0.42))])
    c.setFillColor(ink)
    for yy in (-0.42, -0.16, 0.12):
        c.rect(-s * 0.1, yy * s, s * 0.2, s * 0.05, fill=1, stroke=0)
    _curve(c, 0, 0, s, (-0.09, 0.36), [(0.09, 0.36), ((0.09, 0.55), (-0.09, 0.55), (-0.09, 0.36))])
    c.setLineWidth(s * 0.02)
    _line(c, 0, 0, s, (0.0, -0.1), (0.0, 0.05))
    c.restoreState()
    c.restoreState()


def doubloons(c, x, y, size, fill, ink, bg) -> None:
    """Gold doubloons: a stack of coins and one standing coin with a cross."""
    s = size
    _begin(c, fill, ink, s)
    for i in range(4):
        yy = -0.4 + i * 0.09
        _oval(c, x, y, s, -0.44, yy - 0.07, 0.04, yy + 0.07)
    _disc(c, x, y, s, 0.2, 0.12, 0.26)
    c.setLineWidth(s * 0.025)
    _disc(c, x, y, s, 0.2, 0.12, 0.2, fill=0)
    c.setLineWidth(s * 0.05)
    c.line(x + s * 0.2, y + s * 0.0, x + s * 0.2, y + s * 0.24)
    c.line(x + s * 0.08, y + s * 0.12, x + s * 0.32, y + s * 0.12)
    c.restoreState()


def pearl_necklace(c, x, y, size, fill, ink, bg) -> None:
    """Pearl necklace: a loop of pearls with a drop pendant."""
    s = size
    _begin(c, fill, ink, s, 0.03)
    for i in range(15):
        a = math.radians(200 + i * (140 / 14))
        _disc(c, x, y, s, 0.38 * math.cos(a), 0.24 + 0.62 * math.sin(a) * 0.9, 0.055)
    _curve(c, x, y, s, (0, -0.2), [((0.1, -0.3), (0.1, -0.4), (0, -0.48)),
                                   ((-0.1, -0.4), (-0.1, -0.3), (0, -0.2))])
    c.setFillColor(ink)
    _disc(c, x, y, s, 0, -0.36, 0.04, stroke=0)
    c.restoreState()


def cutlass(c, x, y, size, fill, ink, bg) -> None:
    """Cutlass: a short curved blade with a knuckle-bow guard."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (-0.18, -0.08), [((0.0, 0.1), (0.2, 0.3), (0.42, 0.46)),
                                          ((0.34, 0.24), (0.14, 0.02), (-0.1, -0.16))])
    c.setLineWidth(s * 0.055)
    _curve(c, x, y, s, (-0.14, -0.1), [((-0.02, -0.3), (-0.2, -0.46), (-0.36, -0.36)),
                                         ((-0.46, -0.28), (-0.4, -0.16), (-0.26, -0.06))], close=False, fill=0)
    c.setLineWidth(s * 0.04)
    _shape(c, x, y, s, [(-0.14, -0.1), (-0.32, -0.28), (-0.26, -0.34), (-0.08, -0.16)])
    c.restoreState()


def gold_torc(c, x, y, size, fill, ink, bg) -> None:
    """Gold torc: a twisted open neck-ring with two round terminals."""
    s = size
    _begin(c, fill, ink, s)
    p = c.beginPath()
    p.arc(x - s * 0.42, y - s * 0.36, x + s * 0.42, y + s * 0.4, -60, 300)
    p.arcTo(x - s * 0.3, y - s * 0.24, x + s * 0.3, y + s * 0.28, 240, -300)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.025)
    for i in range(14):
        a = math.radians(-40 + i * 20)
        cx, cy = 0.36 * math.cos(a), 0.02 + 0.32 * math.sin(a)
        c.line(x + (cx - 0.05 * math.cos(a - 0.5)) * s, y + (cy - 0.05 * math.sin(a - 0.5)) * s,
               x + (cx + 0.05 * math.cos(a - 0.5)) * s, y + (cy + 0.05 * math.sin(a - 0.5)) * s)
    c.setLineWidth(s * 0.04)
    for a in (-60, 240):
        r = math.radians(a)
        _disc(c, x, y, s, 0.36 * math.cos(r), 0.02 + 0.32 * math.sin(r), 0.085)
    c.restoreState()


def carnyx(c, x, y, size, fill, ink, bg) -> None:
    """Carnyx: the Celtic war trumpet — an upright tube ending in a boar's head."""
    s = size
    _begin(c, fill, ink, s)
    c.rect(x - s * 0.05, y - s * 0.48, s * 0.1, s * 0.66, fill=1, stroke=1)
    c.rect(x - s * 0.09, y - s * 0.48, s * 0.18, s * 0.05, fill=1, stroke=1)
    _curve(c, x, y, s, (-0.1, 0.14), [((-0.14, 0.36), (0.0, 0.46), (0.16, 0.46)),
                                        (0.42, 0.36), (0.24, 0.28), (0.42, 0.2), (0.16, 0.16),
                                        ((0.1, 0.1), (0.08, 0.1), (0.06, 0.12))])
    _shape(c, x, y, s, [(0.0, 0.42), (-0.06, 0.52), (0.08, 0.46)])
    c.setFillColor(ink)
    _disc(c, x, y, s, 0.12, 0.36, 0.035, stroke=0)
    _shape(c, x, y, s, [(0.28, 0.25), (0.34, 0.16), (0.22, 0.18)], stroke=0)
    c.restoreState()


def gallic_coins(c, x, y, size, fill, ink, bg) -> None:
    """Gallic coins: two gold staters, one with a wheel, one with a running horse."""
    s = size
    _begin(c, fill, ink, s)
    _disc(c, x, y, s, -0.16, 0.14, 0.28)
    _disc(c, x, y, s, 0.18, -0.16, 0.28)
    c.setLineWidth(s * 0.03)
    _disc(c, x, y, s, -0.16, 0.14, 0.14, fill=0)
    for k in range(4):
        a = math.radians(k * 45)
        c.line(x + (-0.16 - 0.14 * math.cos(a)) * s, y + (0.14 - 0.14 * math.sin(a)) * s,
               x + (-0.16 + 0.14 * math.cos(a)) * s, y + (0.14 + 0.14 * math.sin(a)) * s)
    c.setFillColor(ink)
    _oval(c, x, y, s, 0.06, -0.2, 0.28, -0.1, stroke=0)
    _shape(c, x, y, s, [(0.24, -0.12), (0.34, 0.0), (0.3, 0.02), (0.22, -0.1)], stroke=0)
    for lx, dx in ((0.09, -0.06), (0.13, 0.02), (0.22, -0.02), (0.26, 0.06)):
        c.line(x + lx * s, y - s * 0.17, x + (lx + dx) * s, y - s * 0.3)
    c.line(x + 0.07 * s, y - s * 0.14, x - 0.01 * s, y - s * 0.2)
    c.restoreState()


def silver_cauldron(c, x, y, size, fill, ink, bg) -> None:
    """Silver cauldron (Gundestrup): a round-bottomed bowl with a studded band and ring handles."""
    s = size
    _begin(c, fill, ink, s)
    for sgn in (-1, 1):
        _disc(c, x, y, s, sgn * 0.38, 0.2, 0.09, fill=0)
    _curve(c, x, y, s, (-0.42, 0.26), [(0.42, 0.26), ((0.42, -0.2), (0.2, -0.4), (0.0, -0.4)),
                                         ((-0.2, -0.4), (-0.42, -0.2), (-0.42, 0.26))])
    c.roundRect(x - s * 0.46, y + s * 0.22, s * 0.92, s * 0.09, s * 0.03, fill=1, stroke=1)
    c.setFillColor(ink)
    c.line(x - s * 0.41, y + s * 0.06, x + s * 0.41, y + s * 0.06)
    c.line(x - s * 0.38, y - s * 0.1, x + s * 0.38, y - s * 0.1)
    for i in range(7):
        _disc(c, x, y, s, -0.3 + i * 0.1, -0.02, 0.025, stroke=0)
    c.restoreState()


# EARTH ------------------------------------------------------------------------------------

def ermine(c, x, y, size, fill, ink, bg) -> None:
    """Ermine: a stoat standing up, white coat and black tail tip."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (0.3, -0.42), [((0.46, -0.3), (0.46, -0.06), (0.36, 0.0)),
                                        ((0.4, -0.14), (0.36, -0.3), (0.22, -0.36))])
    c.setFillColor(ink)
    _curve(c, x, y, s, (0.36, 0.0), [((0.44, -0.06), (0.46, -0.18), (0.44, -0.24)),
                                       ((0.4, -0.14), (0.38, -0.08), (0.33, -0.05))], stroke=0)
    c.setFillColor(fill)
    _curve(c, x, y, s, (-0.22, -0.44), [(0.26, -0.44), ((0.2, -0.1), (0.12, 0.1), (0.06, 0.2)),
                                          (-0.16, 0.2), ((-0.2, 0.0), (-0.28, -0.2), (-0.22, -0.44))])
    _curve(c, x, y, s, (-0.24, 0.2), [((-0.26, 0.42), (0.12, 0.44), (0.14, 0.24)),
                                        ((0.06, 0.14), (-0.2, 0.12), (-0.24, 0.2))])
    _disc(c, x, y, s, -0.17, 0.36, 0.05)
    _disc(c, x, y, s, 0.06, 0.38, 0.05)
    c.setFillColor(ink)
    _disc(c, x, y, s, -0.1, 0.3, 0.025, stroke=0)
    _disc(c, x, y, s, 0.02, 0.3, 0.025, stroke=0)
    _disc(c, x, y, s, -0.04, 0.23, 0.03, stroke=0)
    c.restoreState()


def venus(c, x, y, size, fill, ink, bg) -> None:
    """Venus of Willendorf: the plump stone figurine, braided head, arms over the chest."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (-0.08, -0.48), [(0.08, -0.48), ((0.2, -0.3), (0.3, -0.16), (0.28, 0.02)),
                                          ((0.3, 0.14), (0.22, 0.22), (0.1, 0.24)),
                                          (-0.1, 0.24), ((-0.22, 0.22), (-0.3, 0.14), (-0.28, 0.02)),
                                          ((-0.3, -0.16), (-0.2, -0.3), (-0.08, -0.48))])
    _disc(c, x, y, s, 0, 0.34, 0.14)
    c.setLineWidth(s * 0.025)
    for r in (0.1, 0.05):
        _disc(c, x, y, s, 0, 0.34, r, fill=0)
    for a in range(0, 360, 45):
        ra = math.radians(a)
        c.line(x + 0.1 * math.cos(ra) * s, y + (0.34 + 0.1 * math.sin(ra)) * s,
               x + 0.14 * math.cos(ra) * s, y + (0.34 + 0.14 * math.sin(ra)) * s)
    c.setLineWidth(s * 0.03)
    _disc(c, x, y, s, -0.1, 0.08, 0.1, fill=0)
    _disc(c, x, y, s, 0.1, 0.08, 0.1, fill=0)
    _line(c, x, y, s, (-0.24, 0.18), (-0.16, 0.2), (0.16, 0.2), (0.24, 0.18))
    _line(c, x, y, s, (-0.22, -0.12), (0, -0.2), (0.22, -0.12))
    c.line(x, y - s * 0.2, x, y - s * 0.46)
    c.setFillColor(ink)
    _disc(c, x, y, s, 0, -0.08, 0.02, stroke=0)
    c.restoreState()


def tautavel_skull(c, x, y, size, fill, ink, bg) -> None:
    """Tautavel Man: an early human skull in profile — low vault, heavy brow, jutting jaw."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (0.34, 0.02), [((0.4, 0.24), (0.2, 0.38), (-0.06, 0.36)),
                                        ((-0.3, 0.34), (-0.44, 0.18), (-0.44, 0.0)),
                                        ((-0.44, -0.12), (-0.36, -0.2), (-0.28, -0.22)),
                                        (-0.28, -0.38), (-0.14, -0.42), (0.12, -0.42), (0.22, -0.36),
                                        (0.24, -0.24), (0.32, -0.2), (0.3, -0.08), (0.4, -0.02)])
    c.setFillColor(bg)
    _oval(c, x, y, s, 0.1, -0.1, 0.28, 0.06)
    _shape(c, x, y, s, [(0.26, -0.1), (0.3, -0.18), (0.22, -0.2)])
    c.setFillColor(ink)
    c.setLineWidth(s * 0.025)
    for i in range(5):
        c.line(x + (0.0 + i * 0.045) * s, y - s * 0.36, x + (0.0 + i * 0.045) * s, y - s * 0.28)
    c.line(x - s * 0.02, y - s * 0.28, x + s * 0.22, y - s * 0.28)
    _line(c, x, y, s, (-0.2, -0.22), (-0.1, -0.26), (0.0, -0.28))
    _disc(c, x, y, s, -0.22, -0.06, 0.04, stroke=0)
    c.restoreState()


def rock_art(c, x, y, size, fill, ink, bg) -> None:
    """Rock art: a cave wall with a painted aurochs and a hand stencil."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (-0.46, -0.4), [(-0.44, 0.2), ((-0.4, 0.42), (0.3, 0.46), (0.46, 0.3)), (0.44, -0.4)])
    c.setFillColor(ink)
    # aurochs: body, head, horns, legs
    _oval(c, x, y, s, -0.2, -0.04, 0.3, 0.2, stroke=0)
    _curve(c, x, y, s, (-0.16, 0.16), [(-0.34, 0.18), (-0.38, 0.06), (-0.2, 0.0)], stroke=0)
    c.setLineWidth(s * 0.03)
    _line(c, x, y, s, (-0.3, 0.16), (-0.34, 0.26), (-0.26, 0.3))
    c.setLineWidth(s * 0.04)
    for lx in (-0.14, -0.06, 0.18, 0.24):
        c.line(x + lx * s, y, x + lx * s, y - s * 0.14)
    _line(c, x, y, s, (0.3, 0.12), (0.38, 0.0))
    # hand stencil lower right
    c.setLineWidth(s * 0.035)
    hx, hy = 0.18, -0.3
    c.setFillColor(bg)
    _oval(c, x, y, s, hx - 0.08, hy - 0.08, hx + 0.08, hy + 0.06)
    for dx, ln, ang in ((-0.07, 0.08, 150), (-0.04, 0.12, 100), (0.0, 0.13, 90), (0.04, 0.12, 80), (0.07, 0.1, 60)):
        ra = math.radians(ang)
        c.setLineWidth(s * 0.035)
        c.line(x + (hx + dx) * s, y + (hy + 0.04) * s, x + (hx + dx + ln * math.cos(ra)) * s,
               y + (hy + 0.04 + ln * math.sin(ra)) * s)
    c.restoreState()


def polished_axe(c, x, y, size, fill, ink, bg) -> None:
    """Polished axe: a smooth Neolithic stone blade set in a wooden haft."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(-25)
    c.roundRect(-s * 0.06, -s * 0.5, s * 0.12, s * 0.82, s * 0.05, fill=1, stroke=1)
    c.restoreState()
    c.saveState()
    c.translate(x + s * 0.08, y + s * 0.22)
    c.rotate(-115)
    _curve(c, 0, 0, s, (-0.08, -0.04), [((-0.1, 0.18), (-0.16, 0.32), (-0.02, 0.36)),
                                          ((0.12, 0.36), (0.14, 0.3), (0.12, 0.2)), (0.06, -0.04)])
    c.setLineWidth(s * 0.02)
    _line(c, 0, 0, s, (-0.04, 0.26), ((-0.02, 0.3), (0.04, 0.3), (0.07, 0.28)))
    c.restoreState()
    c.restoreState()


def mammoth_tusk(mirror: bool) -> Icon:
    def icon(c, x, y, size, fill, ink, bg) -> None:
        """Mammoth tusk: a long spiralling ivory tusk (left or right)."""
        s = size
        c.saveState()
        c.translate(x, y)
        if mirror:
            c.scale(-1, 1)
        _begin(c, fill, ink, s)
        _curve(c, 0, 0, s, (-0.36, -0.3), [((0.1, -0.5), (0.5, -0.2), (0.34, 0.44)),
                                             ((0.3, 0.1), (0.0, -0.18), (-0.3, -0.14))])
        c.setFillColor(ink)
        c.ellipse(-s * 0.4, -s * 0.31, -s * 0.28, -s * 0.12, fill=0, stroke=1)
        c.setLineWidth(s * 0.02)
        for t in (0.3, 0.5, 0.7):
            bx = -0.36 + t * 0.7
            c.line(bx * s, (-0.32 + t * 0.12 + t * t * 0.2) * s, (bx + 0.02) * s, (-0.18 + t * 0.1 + t * t * 0.2) * s)
        c.restoreState()
        c.restoreState()
    return icon


def fire_flint(c, x, y, size, fill, ink, bg) -> None:
    """Fire kit, flint: a knapped nodule throwing sparks."""
    s = size
    _begin(c, fill, ink, s)
    _shape(c, x, y, s, [(-0.4, -0.1), (-0.2, 0.12), (0.06, 0.1), (0.22, -0.08), (0.16, -0.34), (-0.12, -0.42),
                        (-0.36, -0.32)])
    c.setLineWidth(s * 0.025)
    _line(c, x, y, s, (-0.2, 0.12), (-0.14, -0.1), (0.16, -0.34))
    _line(c, x, y, s, (-0.14, -0.1), (-0.36, -0.32))
    c.setLineWidth(s * 0.04)
    _sparks(c, x, y, s, 0.12, 0.14, 0.34, n=5, a0=0, span=90)
    c.restoreState()


def fire_pyrite(c, x, y, size, fill, ink, bg) -> None:
    """Fire kit, pyrite: a cube of fool's gold striking sparks."""
    s = size
    _begin(c, fill, ink, s)
    _shape(c, x, y, s, [(-0.4, -0.38), (-0.02, -0.38), (-0.02, 0.0), (-0.4, 0.0)])
    _shape(c, x, y, s, [(-0.4, 0.0), (-0.02, 0.0), (0.14, 0.12), (-0.24, 0.12)])
    _shape(c, x, y, s, [(-0.02, -0.38), (0.14, -0.26), (0.14, 0.12), (-0.02, 0.0)])
    c.setLineWidth(s * 0.02)
    for k in (1, 2):
        yy = -0.38 + k * 0.127
        c.line(x - 0.4 * s, y + yy * s, x - 0.02 * s, y + yy * s)
    c.setLineWidth(s * 0.04)
    _sparks(c, x, y, s, 0.12, 0.18, 0.34, n=5, a0=0, span=90)
    c.restoreState()


def pottery(c, x, y, size, fill, ink, bg) -> None:
    """Pottery: a round-bellied jar with a zig-zag incised band."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (-0.2, 0.4), [(0.2, 0.4), (0.16, 0.3), ((0.46, 0.16), (0.44, -0.3), (0.16, -0.44)),
                                       (-0.16, -0.44), ((-0.44, -0.3), (-0.46, 0.16), (-0.16, 0.3))])
    c.setLineWidth(s * 0.03)
    c.line(x - s * 0.34, y + s * 0.14, x + s * 0.34, y + s * 0.14)
    c.line(x - s * 0.38, y - s * 0.06, x + s * 0.38, y - s * 0.06)
    pts = [(-0.36 + i * 0.08, 0.12 if i % 2 else -0.04) for i in range(10)]
    _line(c, x, y, s, *pts)
    c.restoreState()


def oil_lamp(c, x, y, size, fill, ink, bg) -> None:
    """Oil lamp: a closed clay lamp with a nozzle, a handle and a flame."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (0.46, 0.28), [((0.52, 0.32), (0.66, 0.22), (0.5, 0.42)), ((0.6, 0.3), (0.5, 0.12), (0.46, 0.28))]
           if False else [((0.36, 0.42), (0.28, 0.34), (0.32, 0.2)), ((0.38, 0.1), (0.5, 0.14), (0.46, 0.28))])
    c.setFillColor(fill)
    _curve(c, x, y, s, (-0.34, 0.02), [((-0.34, 0.14), (-0.1, 0.18), (0.1, 0.12)), (0.42, 0.14),
                                         ((0.5, 0.12), (0.5, 0.0), (0.42, -0.02)),
                                         ((0.2, -0.08), (0.1, -0.22), (-0.08, -0.22)),
                                         ((-0.26, -0.22), (-0.34, -0.1), (-0.34, 0.02))])
    c.setLineWidth(s * 0.05)
    _curve(c, x, y, s, (-0.32, 0.0), [((-0.5, 0.0), (-0.5, -0.16), (-0.3, -0.14))], close=False, fill=0)
    c.setFillColor(ink)
    _disc(c, x, y, s, -0.08, 0.09, 0.04, stroke=0)
    _disc(c, x, y, s, 0.4, 0.1, 0.025, stroke=0)
    c.restoreState()


def millstone(c, x, y, size, fill, ink, bg) -> None:
    """Millstone: a rotary quern — two stacked stones, the feed hole and the handle."""
    s = size
    _begin(c, fill, ink, s)
    for y0 in (-0.3, -0.06):
        c.rect(x - s * 0.42, y + y0 * s, s * 0.84, s * 0.14, fill=1, stroke=0)
        _oval(c, x, y, s, -0.42, y0 - 0.12, 0.42, y0 + 0.12, stroke=1)
        c.line(x - s * 0.42, y + y0 * s, x - s * 0.42, y + (y0 + 0.14) * s)
        c.line(x + s * 0.42, y + y0 * s, x + s * 0.42, y + (y0 + 0.14) * s)
        _oval(c, x, y, s, -0.42, y0 + 0.02, 0.42, y0 + 0.26)
    c.setFillColor(bg)
    _oval(c, x, y, s, -0.09, 0.09, 0.09, 0.15)
    c.setFillColor(fill)
    c.roundRect(x + s * 0.26, y + s * 0.12, s * 0.07, s * 0.3, s * 0.03, fill=1, stroke=1)
    c.restoreState()


def bow(c, x, y, size, fill, ink, bg) -> None:
    """Bow: a longbow drawn with its string and a nocked arrow."""
    s = size
    _begin(c, fill, ink, s)
    c.setLineWidth(s * 0.02)
    c.line(x - s * 0.2, y - s * 0.44, x - s * 0.2, y + s * 0.44)
    c.setLineWidth(s * 0.04)
    _curve(c, x, y, s, (-0.2, 0.46), [((0.3, 0.4), (0.36, -0.4), (-0.2, -0.46)),
                                        ((0.24, -0.32), (0.22, 0.32), (-0.2, 0.46))])
    c.setLineWidth(s * 0.03)
    c.line(x - s * 0.3, y, x + s * 0.38, y)
    _shape(c, x, y, s, [(0.46, 0.0), (0.36, 0.05), (0.36, -0.05)])
    _line(c, x, y, s, (-0.3, 0.0), (-0.36, 0.06))
    _line(c, x, y, s, (-0.3, 0.0), (-0.36, -0.06))
    c.restoreState()


def arrowheads(c, x, y, size, fill, ink, bg) -> None:
    """Arrowheads: three barbed flint points fanned out."""
    s = size
    _begin(c, fill, ink, s, 0.035)
    for ang, dx in ((30, -0.22), (0, 0.0), (-30, 0.22)):
        c.saveState()
        c.translate(x + dx * s, y - s * 0.2 + (0.0 if dx == 0 else -0.04) * s)
        c.rotate(ang)
        _shape(c, 0, 0, s, [(0, 0.46), (0.11, 0.08), (0.08, -0.04), (0.03, 0.02), (0.02, -0.1), (-0.02, -0.1),
                            (-0.03, 0.02), (-0.08, -0.04), (-0.11, 0.08)])
        c.restoreState()
    c.restoreState()


def spear_thrower(c, x, y, size, fill, ink, bg) -> None:
    """Spear-thrower: a carved antler throwing stick with its hook and an ibex head."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(35)
    c.roundRect(-s * 0.04, -s * 0.5, s * 0.08, s * 0.78, s * 0.03, fill=1, stroke=1)
    _curve(c, 0, 0, s, (-0.04, 0.26), [((-0.14, 0.3), (-0.16, 0.44), (-0.06, 0.46)), (0.02, 0.44),
                                         ((0.1, 0.5), (0.16, 0.44), (0.12, 0.36)), (0.06, 0.3), (0.04, 0.26)])
    c.setLineWidth(s * 0.035)
    _curve(c, 0, 0, s, (-0.06, 0.45), [((-0.18, 0.56), (-0.3, 0.5), (-0.3, 0.38))], close=False, fill=0)
    c.setFillColor(ink)
    _disc(c, 0, 0, s, 0.05, 0.4, 0.022, stroke=0)
    c.restoreState()
    c.restoreState()


def flint_knife(c, x, y, size, fill, ink, bg) -> None:
    """Flint knife: a long knapped blade bound to a wooden handle."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(-45)
    c.roundRect(-s * 0.07, -s * 0.56, s * 0.14, s * 0.34, s * 0.05, fill=1, stroke=1)
    _shape(c, 0, 0, s, [(-0.08, -0.24), (0.09, -0.24), (0.07, 0.3), (0.0, 0.56), (-0.09, 0.2)])
    c.setLineWidth(s * 0.02)
    for yy in (-0.06, 0.12, 0.3):
        _line(c, 0, 0, s, (-0.08, yy), (0.0, yy + 0.06), (0.07, yy))
    c.setLineWidth(s * 0.03)
    for yy in (-0.3, -0.36, -0.42):
        c.line(-s * 0.08, yy * s, s * 0.08, (yy + 0.04) * s)
    c.restoreState()
    c.restoreState()


# ROCK -------------------------------------------------------------------------------------

def proteroctopus(c, x, y, size, fill, ink, bg) -> None:
    """Proteroctopus: the fossil octopus — a round mantle and eight curling arms."""
    s = size
    _begin(c, fill, ink, s, 0.045)
    for k in range(8):
        a = -0.5 + k * 1.0 / 7
        px0 = a * 0.36
        sgn = 1 if a >= 0 else -1
        _curve(c, x, y, s, (px0, -0.02), [((px0 * 1.6, -0.24), (px0 * 2.4 + sgn * 0.06, -0.34),
                                             (px0 * 2.6 + sgn * 0.1, -0.46))], close=False, fill=0)
    _curve(c, x, y, s, (-0.26, 0.02), [((-0.3, 0.34), (-0.14, 0.48), (0, 0.48)), ((0.14, 0.48), (0.3, 0.34), (0.26, 0.02)),
                                         ((0.12, -0.08), (-0.12, -0.08), (-0.26, 0.02))])
    c.setFillColor(ink)
    _disc(c, x, y, s, -0.1, 0.06, 0.04, stroke=0)
    _disc(c, x, y, s, 0.1, 0.06, 0.04, stroke=0)
    c.restoreState()


def stromatolite(c, x, y, size, fill, ink, bg) -> None:
    """Stromatolite: a mound cut open to show its stacked microbial layers."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (-0.46, -0.36), [((-0.46, 0.2), (-0.24, 0.4), (0.0, 0.4)),
                                          ((0.24, 0.4), (0.46, 0.2), (0.46, -0.36))])
    c.setLineWidth(s * 0.025)
    for k in range(1, 6):
        t = k / 6
        h = 0.4 - t * 0.68
        w = 0.46 * (1 - t * 0.25)
        _curve(c, x, y, s, (-w, -0.36), [((-w, h - 0.05), (-w * 0.5, h), (0.0, h)),
                                          ((w * 0.5, h), (w, h - 0.05), (w, -0.36))], close=False, fill=0)
    c.setLineWidth(s * 0.045)
    c.line(x - s * 0.48, y - s * 0.36, x + s * 0.48, y - s * 0.36)
    c.restoreState()


def megalodon_tooth(c, x, y, size, fill, ink, bg) -> None:
    """Megalodon tooth: a huge broad triangular tooth, serrated, with its root."""
    s = size
    _begin(c, fill, ink, s)
    pts = [(-0.36, 0.26)]
    for i in range(1, 9):
        t = i / 9
        px, py = -0.36 + t * 0.36, 0.26 - t * 0.72
        pts.append((px + (0.02 if i % 2 else 0.0), py + (0.012 if i % 2 else 0.0)))
    pts.append((0.0, -0.46))
    for i in range(1, 9):
        t = i / 9
        px, py = t * 0.36, -0.46 + t * 0.72
        pts.append((px - (0.02 if i % 2 else 0.0), py + (0.012 if i % 2 else 0.0)))
    pts.append((0.36, 0.26))
    _shape(c, x, y, s, pts)
    _curve(c, x, y, s, (-0.38, 0.24), [(0.38, 0.24), ((0.44, 0.38), (0.3, 0.44), (0.2, 0.38)),
                                         ((0.1, 0.46), (-0.1, 0.46), (-0.2, 0.38)),
                                         ((-0.3, 0.44), (-0.44, 0.38), (-0.38, 0.24))])
    c.setLineWidth(s * 0.02)
    _curve(c, x, y, s, (-0.3, 0.16), [((-0.1, 0.12), (0.1, 0.12), (0.3, 0.16))], close=False, fill=0)
    c.restoreState()


def insect_in_amber(c, x, y, size, fill, ink, bg) -> None:
    """Insect in amber: a drop of amber with a winged insect caught inside."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (0.0, 0.46), [((0.2, 0.3), (0.42, 0.06), (0.4, -0.16)),
                                       ((0.38, -0.4), (0.2, -0.46), (0.0, -0.46)),
                                       ((-0.22, -0.46), (-0.4, -0.36), (-0.4, -0.12)),
                                       ((-0.4, 0.1), (-0.2, 0.3), (0.0, 0.46))])
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.025)
    for sgn in (-1, 1):
        for dy in (0.06, -0.04, -0.14):
            _line(c, x, y, s, (0.0, dy - 0.04), (sgn * 0.14, dy), (sgn * 0.2, dy - 0.08))
    c.setFillColor(bg)
    _oval(c, x, y, s, -0.26, -0.02, -0.02, 0.14)
    _oval(c, x, y, s, 0.02, -0.02, 0.26, 0.14)
    c.setFillColor(ink)
    _oval(c, x, y, s, -0.05, -0.3, 0.05, 0.06, stroke=0)
    _disc(c, x, y, s, 0, 0.11, 0.05, stroke=0)
    c.restoreState()


def sea_urchin(c, x, y, size, fill, ink, bg) -> None:
    """Fossil sea urchin: a round test seen from above with its five-petal star."""
    s = size
    _begin(c, fill, ink, s)
    _shape(c, x, y, s, [(0.44 * math.cos(math.radians(90 + i * 7.2)) * (0.97 + 0.03 * math.cos(math.radians(i * 36))),
                         0.44 * math.sin(math.radians(90 + i * 7.2)) * (0.97 + 0.03 * math.cos(math.radians(i * 36))))
                        for i in range(50)])
    c.setLineWidth(s * 0.03)
    for k in range(5):
        a = math.radians(90 + k * 72)
        c.saveState()
        c.translate(x, y)
        c.rotate(math.degrees(a) - 90)
        _curve(c, 0, 0, s, (0, 0.04), [((0.1, 0.14), (0.08, 0.3), (0, 0.36)), ((-0.08, 0.3), (-0.1, 0.14), (0, 0.04))],
               fill=0)
        c.setFillColor(ink)
        for t in (0.12, 0.2, 0.28):
            _disc(c, 0, 0, s, 0.035, t, 0.015, stroke=0)
            _disc(c, 0, 0, s, -0.035, t, 0.015, stroke=0)
        c.restoreState()
    c.setFillColor(ink)
    _disc(c, x, y, s, 0, 0, 0.04, stroke=0)
    c.restoreState()


def _fish(c, s, mirror_fill) -> None:
    """A fossil fish skeleton on its slab, centred on the origin."""
    c.line(-s * 0.26, 0, s * 0.22, 0)
    for i in range(7):
        px = -s * 0.18 + i * s * 0.06
        h = s * (0.14 - abs(i - 3) * 0.015)
        c.line(px, 0, px + s * 0.04, h)
        c.line(px, 0, px + s * 0.04, -h)
    _curve(c, 0, 0, s, (-0.26, 0.0), [((-0.32, 0.1), (-0.4, 0.08), (-0.42, 0.0)),
                                        ((-0.4, -0.08), (-0.32, -0.1), (-0.26, 0.0))], fill=mirror_fill)
    _shape(c, 0, 0, s, [(0.22, 0.0), (0.36, 0.12), (0.32, 0.0), (0.36, -0.12)], fill=mirror_fill)


def fossil_fish(counterpart: bool) -> Icon:
    def icon(c, x, y, size, fill, ink, bg) -> None:
        """Fossil fish: the slab split along the fish — the part (bones raised) or the counterpart (mirror imprint)."""
        s = size
        c.saveState()
        c.translate(x, y)
        if counterpart:
            c.scale(-1, 1)
        _begin(c, fill, ink, s)
        _shape(c, 0, 0, s, [(-0.46, -0.3), (0.42, -0.34), (0.46, 0.28), (-0.42, 0.32)])
        c.setFillColor(bg if counterpart else ink)
        c.setLineWidth(s * 0.03)
        _fish(c, s, 1)
        c.restoreState()
        c.restoreState()
    return icon


def crinoid_crown(c, x, y, size, fill, ink, bg) -> None:
    """Crinoid crown: the sea lily's cup with its feathery arms on a short stem."""
    s = size
    _begin(c, fill, ink, s)
    c.setLineWidth(s * 0.03)
    for k in range(5):
        a = math.radians(55 + k * 17.5)
        x1, y1 = 0.44 * math.cos(a), -0.04 + 0.5 * math.sin(a)
        c.line(x, y - s * 0.04, x + x1 * s, y + y1 * s)
        for t in (0.35, 0.55, 0.75):
            px, py = x1 * t, -0.04 + (y1 + 0.04) * t
            c.line(x + px * s, y + py * s, x + (px + 0.06 * math.cos(a + 0.8)) * s, y + (py + 0.06 * math.sin(a + 0.8)) * s)
            c.line(x + px * s, y + py * s, x + (px + 0.06 * math.cos(a - 0.8)) * s, y + (py + 0.06 * math.sin(a - 0.8)) * s)
    c.setLineWidth(s * 0.04)
    _curve(c, x, y, s, (-0.14, 0.0), [(0.14, 0.0), (0.06, -0.18), (-0.06, -0.18)])
    for i in range(4):
        c.rect(x - s * 0.05, y + (-0.24 - i * 0.06) * s, s * 0.1, s * 0.06, fill=1, stroke=1)
    c.restoreState()


def crinoid_stem(c, x, y, size, fill, ink, bg) -> None:
    """Crinoid stem: a column of disc-shaped ossicles and one star-shaped cross-section."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x - s * 0.12, y)
    c.rotate(-20)
    for i in range(8):
        c.roundRect(-s * 0.1, (-0.44 + i * 0.11) * s, s * 0.2, s * 0.1, s * 0.03, fill=1, stroke=1)
    c.restoreState()
    _shape(c, x, y, s, [(0.28 + 0.16 * (1 if i % 2 == 0 else 0.45) * math.cos(math.radians(90 + i * 36)),
                         0.18 + 0.16 * (1 if i % 2 == 0 else 0.45) * math.sin(math.radians(90 + i * 36))) for i in range(10)])
    c.setFillColor(ink)
    _disc(c, x, y, s, 0.28, 0.18, 0.025, stroke=0)
    c.restoreState()


def fern(c, x, y, size, fill, ink, bg) -> None:
    """Fern: a frond imprint, leaflets along a curving stalk."""
    s = size
    _begin(c, fill, ink, s, 0.035)
    c.setLineWidth(s * 0.035)
    _curve(c, x, y, s, (-0.1, -0.48), [((0.0, -0.1), (0.1, 0.2), (0.06, 0.48))], close=False, fill=0)
    for i in range(9):
        t = i / 9
        px = -0.1 + 0.2 * t - 0.05 * t * t
        py = -0.38 + 0.8 * t
        ln = 0.3 * (1 - t * 0.75)
        for sgn in (-1, 1):
            c.saveState()
            c.translate(x + px * s, y + py * s)
            c.rotate(sgn * -55 + 90)
            c.ellipse(0, -s * 0.035, ln * s, s * 0.035, fill=1, stroke=1)
            c.restoreState()
    c.restoreState()


def ginkgo_leaf(c, x, y, size, fill, ink, bg) -> None:
    """Ginkgo leaf: a notched fan with radiating veins on a long stalk."""
    s = size
    _begin(c, fill, ink, s)
    c.setLineWidth(s * 0.045)
    c.line(x, y - s * 0.12, x - s * 0.06, y - s * 0.48)
    c.setLineWidth(s * 0.04)
    _curve(c, x, y, s, (0.0, -0.12), [((0.2, -0.02), (0.46, 0.14), (0.44, 0.3)),
                                        ((0.36, 0.44), (0.12, 0.44), (0.04, 0.36)), (0.0, 0.24), (-0.04, 0.36),
                                        ((-0.12, 0.44), (-0.36, 0.44), (-0.44, 0.3)),
                                        ((-0.46, 0.14), (-0.2, -0.02), (0.0, -0.12))])
    c.setLineWidth(s * 0.018)
    for k in range(9):
        a = math.radians(25 + k * 16.25)
        c.line(x, y - s * 0.1, x + 0.38 * math.cos(a) * s, y + (-0.1 + 0.46 * math.sin(a)) * s)
    c.restoreState()


def petrified_wood(c, x, y, size, fill, ink, bg) -> None:
    """Petrified wood: a log turned to stone, its growth rings on the cut end."""
    s = size
    _begin(c, fill, ink, s)
    _curve(c, x, y, s, (-0.2, 0.36), [(0.3, 0.08), (0.12, -0.26), (-0.38, 0.02)])
    c.setLineWidth(s * 0.02)
    for d in (-0.08, 0.04):
        c.line(x + (-0.12 + d) * s, y + (0.2 + d * 0.3) * s, x + (0.26 + d) * s, y + (-0.02 + d * 0.3) * s)
    c.setLineWidth(s * 0.04)
    _oval(c, x, y, s, -0.46, -0.2, -0.12, 0.4 - 0.2)
    c.saveState()
    c.translate(x - s * 0.29, y + s * 0.01)
    c.rotate(-30)
    c.setLineWidth(s * 0.02)
    for r in (0.15, 0.1, 0.05):
        c.ellipse(-r * s * 0.9, -r * s * 1.15, r * s * 0.9, r * s * 1.15, fill=0, stroke=1)
    c.line(0, 0, s * 0.12, s * 0.04)
    c.restoreState()
    c.restoreState()


def belemnite(c, x, y, size, fill, ink, bg) -> None:
    """Belemnite: the bullet-shaped guard of an ancient squid, its chambered cone showing."""
    s = size
    _begin(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(-40)
    _curve(c, 0, 0, s, (-0.1, 0.3), [(-0.1, -0.3), ((-0.1, -0.46), (-0.02, -0.54), (0.0, -0.56)),
                                       ((0.02, -0.54), (0.1, -0.46), (0.1, -0.3)), (0.1, 0.3)])
    c.setFillColor(bg)
    _shape(c, 0, 0, s, [(-0.1, 0.3), (0.0, 0.02), (0.1, 0.3)])
    c.setLineWidth(s * 0.02)
    for t in (0.09, 0.16, 0.23):
        c.line(-s * (0.1 - (0.3 - t) * 0.35), t * s, s * (0.1 - (0.3 - t) * 0.35), t * s)
    c.line(0, -s * 0.02, 0, -s * 0.46)
    c.restoreState()
    c.restoreState()


def fossil_crab(c, x, y, size, fill, ink, bg) -> None:
    """Fossil crab: a broad carapace with two pincers and four legs a side."""
    s = size
    _begin(c, fill, ink, s)
    c.setLineWidth(s * 0.04)
    for sgn in (-1, 1):
        for k in range(4):
            y0 = -0.02 - k * 0.08
            _line(c, x, y, s, (sgn * 0.2, y0), (sgn * 0.36, y0 + 0.04), (sgn * 0.44, y0 - 0.1))
        _line(c, x, y, s, (sgn * 0.14, 0.12), (sgn * 0.26, 0.26))
        _curve(c, x, y, s, (sgn * 0.22, 0.24), [((sgn * 0.2, 0.42), (sgn * 0.36, 0.48), (sgn * 0.42, 0.4)),
                                                  (sgn * 0.34, 0.36), (sgn * 0.4, 0.3),
                                                  ((sgn * 0.36, 0.22), (sgn * 0.3, 0.2), (sgn * 0.22, 0.24))])
    _curve(c, x, y, s, (-0.28, 0.06), [((-0.26, 0.22), (0.26, 0.22), (0.28, 0.06)),
                                         ((0.26, -0.24), (-0.26, -0.24), (-0.28, 0.06))])
    c.setFillColor(ink)
    _disc(c, x, y, s, -0.08, 0.14, 0.03, stroke=0)
    _disc(c, x, y, s, 0.08, 0.14, 0.03, stroke=0)
    c.setLineWidth(s * 0.02)
    _line(c, x, y, s, (-0.12, -0.02), (0, 0.04), (0.12, -0.02))
    c.restoreState()


def fossil_starfish(c, x, y, size, fill, ink, bg) -> None:
    """Fossil starfish: five tapering arms, each with its row of plates."""
    s = size
    _begin(c, fill, ink, s)
    pts = []
    for i in range(10):
        a = math.radians(90 + i * 36)
        r = 0.46 if i % 2 == 0 else 0.16
        pts.append((r * math.cos(a), r * math.sin(a) - 0.02))
    p = c.beginPath()
    p.moveTo(x + pts[0][0] * s, y + pts[0][1] * s)
    for i in range(1, 11):
        a, b = pts[i % 10], pts[(i - 1) % 10]
        p.curveTo(x + (b[0] * 0.6 + a[0] * 0.4) * s, y + (b[1] * 0.6 + a[1] * 0.4) * s,
                  x + (b[0] * 0.4 + a[0] * 0.6) * s, y + (b[1] * 0.4 + a[1] * 0.6) * s, x + a[0] * s, y + a[1] * s)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(ink)
    for k in range(5):
        a = math.radians(90 + k * 72)
        for t in (0.12, 0.2, 0.28, 0.35):
            _disc(c, x, y, s, t * math.cos(a), t * math.sin(a) - 0.02, 0.022, stroke=0)
    c.restoreState()


# DINOSAUR ---------------------------------------------------------------------------------

def _teeth(c, x, y, s, x0, x1, yy, n, ln, down=True) -> None:
    for i in range(n):
        tx = x0 + (x1 - x0) * (i + 0.5) / n
        w = abs(x1 - x0) / n * 0.4
        d = -ln if down else ln
        _shape(c, x, y, s, [(tx - w, yy), (tx + w, yy), (tx, yy + d)])


def trex_skull(c, x, y, size, fill, ink, bg) -> None:
    """Tyrannosaurus skull: deep jaws full of dagger teeth, big openings behind the eye."""
    s = size
    _begin(c, fill, ink, s, 0.035)
    _teeth(c, x, y, s, 0.32, -0.12, -0.04, 6, 0.1)
    _teeth(c, x, y, s, 0.26, -0.1, -0.16, 5, 0.09, down=False)
    _curve(c, x, y, s, (0.44, 0.0), [((0.44, 0.14), (0.3, 0.2), (0.1, 0.3)), ((-0.1, 0.38), (-0.3, 0.36), (-0.44, 0.22)),
                                       (-0.46, 0.0), (-0.3, -0.06), (-0.2, -0.04), (0.44, -0.04)])
    _curve(c, x, y, s, (-0.32, -0.06), [(0.3, -0.16), ((0.3, -0.22), (0.0, -0.3), (-0.3, -0.3)),
                                          ((-0.4, -0.28), (-0.4, -0.12), (-0.32, -0.06))])
    c.setFillColor(bg)
    _oval(c, x, y, s, -0.3, 0.06, -0.14, 0.26)
    _curve(c, x, y, s, (-0.08, 0.04), [(0.16, 0.04), ((0.12, 0.16), (0.0, 0.2), (-0.08, 0.16))])
    _oval(c, x, y, s, 0.26, 0.06, 0.34, 0.12)
    c.setFillColor(ink)
    _disc(c, x, y, s, -0.22, 0.18, 0.03, stroke=0)
    c.restoreState()


def trex_claw(c, x, y, size, fill, ink, bg) -> None:
    """Tyrannosaurus claw: the short two-fingered hand with its hooked talons."""
    s = size
    _begin(c, fill, ink, s)
    _bone(c, x, y, s, (-0.4, 0.4), (-0.14, 0.08), 0.1)
    for dx, dy in ((0.0, 0.0), (0.12, -0.14)):
        c.saveState()
        c.translate(x + dx * s, y + dy * s)
        _curve(c, 0, 0, s, (-0.14, 0.12), [(0.02, 0.1), ((0.26, 0.06), (0.34, -0.18), (0.24, -0.4)),
                                            ((0.2, -0.2), (0.1, -0.06), (-0.1, -0.02))])
        c.setLineWidth(s * 0.02)
        c.line(-s * 0.02, s * 0.1, 0, -s * 0.02)
        c.restoreState()
    c.restoreState()


def trex_tail(c, x, y, size, fill, ink, bg) -> None:
    """Tyrannosaurus tail: a heavy arc of tail vertebrae, spines up and chevrons down, tapering."""
    s = size
    _begin(c, fill, ink, s, 0.03)
    pts = [(-0.38 + i * 0.1, 0.28 - 0.62 * (i / 8) ** 1.6) for i in range(9)]
    for i, (cx, cy) in enumerate(pts):
        r = 0.13 - i * 0.011
        c.line(x + cx * s, y + cy * s, x + (cx - 0.04) * s, y + (cy - r * 1.3) * s)
    _chain(c, x, y, s, pts, 0.13, 0.04, spine=0.9)
    c.restoreState()


def trike_skull(c, x, y, size, fill, ink, bg) -> None:
    """Triceratops skull in profile: the beak, a nose horn, two long brow horns and the frill."""
    s = size
    _begin(c, fill, ink, s, 0.035)
    _curve(c, x, y, s, (-0.1, 0.0), [((-0.1, 0.34), (0.1, 0.5), (0.4, 0.44)), ((0.48, 0.2), (0.4, 0.0), (0.26, -0.12)),
                                       (0.06, -0.1)])
    c.setFillColor(ink)
    for i in range(6):
        a = math.radians(100 - i * 24)
        _disc(c, x, y, s, 0.16 + 0.3 * math.cos(a) * 0.9, 0.12 + 0.34 * math.sin(a) * 0.9, 0.028, stroke=0)
    c.setFillColor(fill)
    _curve(c, x, y, s, (-0.46, -0.12), [((-0.4, 0.02), (-0.24, 0.12), (-0.04, 0.12)), (0.16, 0.0), (0.1, -0.24),
                                          (-0.2, -0.3), (-0.34, -0.24)])
    _shape(c, x, y, s, [(-0.36, 0.02), (-0.3, 0.06), (-0.36, 0.2)])
    _shape(c, x, y, s, [(-0.1, 0.1), (0.0, 0.12), (-0.36, 0.36)])
    _curve(c, x, y, s, (-0.46, -0.12), [(-0.5, -0.2), (-0.36, -0.26)])
    c.setFillColor(bg)
    _disc(c, x, y, s, -0.02, 0.02, 0.05)
    c.restoreState()


def trike_frill(c, x, y, size, fill, ink, bg) -> None:
    """Triceratops frill: the great bony shield with its scalloped edge."""
    s = size
    _begin(c, fill, ink, s)
    p = c.beginPath()
    n = 9
    p.moveTo(x - s * 0.46, y - s * 0.2)
    for i in range(n):
        a0 = math.radians(190 - i * (200 / n))
        a1 = math.radians(190 - (i + 1) * (200 / n))
        am = (a0 + a1) / 2
        r0, r1 = 0.44, 0.52
        p.curveTo(x + r1 * math.cos(a0 - 0.05) * s, y + (-0.16 + r1 * math.sin(a0 - 0.05) * 0.9) * s,
                  x + r1 * math.cos(am) * s, y + (-0.16 + r1 * math.sin(am) * 0.9) * s,
                  x + r0 * math.cos(a1) * s, y + (-0.16 + r0 * math.sin(a1) * 0.9) * s)
    p.curveTo(x + s * 0.3, y - s * 0.4, x - s * 0.3, y - s * 0.4, x - s * 0.46, y - s * 0.2)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.025)
    for k in range(5):
        a = math.radians(160 - k * 35)
        c.line(x, y - s * 0.22, x + 0.32 * math.cos(a) * s, y + (-0.16 + 0.3 * math.sin(a)) * s)
    c.setFillColor(ink)
    _oval(c, x, y, s, -0.1, -0.32, 0.1, -0.18, stroke=0)
    c.restoreState()


def trike_leg(c, x, y, size, fill, ink, bg) -> None:
    """Triceratops leg: a massive thigh bone over a short shin and a broad, blunt-toed foot."""
    s = size
    _begin(c, fill, ink, s)
    _bone(c, x, y, s, (-0.16, 0.4), (0.0, -0.02), 0.15)
    _bone(c, x, y, s, (0.04, -0.02), (0.04, -0.28), 0.12)
    _curve(c, x, y, s, (-0.16, -0.3), [(0.24, -0.3), ((0.3, -0.32), (0.3, -0.46), (0.2, -0.46)), (-0.2, -0.46),
                                         ((-0.28, -0.46), (-0.26, -0.32), (-0.16, -0.3))])
    c.setFillColor(ink)
    for dx in (-0.14, 0.02, 0.18):
        c.line(x + dx * s, y - s * 0.46, x + dx * s, y - s * 0.38)
    c.restoreState()


def pliosaur_skull(c, x, y, size, fill, ink, bg) -> None:
    """Pliosaur skull: a long crocodile-like snout lined with conical teeth."""
    s = size
    _begin(c, fill, ink, s, 0.035)
    _teeth(c, x, y, s, 0.44, -0.06, -0.02, 8, 0.08)
    _teeth(c, x, y, s, 0.4, -0.02, -0.08, 7, 0.07, down=False)
    _curve(c, x, y, s, (0.48, 0.0), [((0.48, 0.06), (0.3, 0.06), (0.0, 0.1)), ((-0.2, 0.24), (-0.4, 0.24), (-0.48, 0.12)),
                                       (-0.46, -0.02), (0.48, -0.02)])
    _curve(c, x, y, s, (-0.46, -0.04), [(0.44, -0.08), ((0.44, -0.14), (0.1, -0.16), (-0.1, -0.2)),
                                          ((-0.3, -0.24), (-0.48, -0.18), (-0.46, -0.04))])
    c.setFillColor(bg)
    _oval(c, x, y, s, -0.22, 0.04, -0.08, 0.16)
    _oval(c, x, y, s, -0.4, 0.02, -0.28, 0.14)
    c.restoreState()


def pliosaur_flipper(c, x, y, size, fill, ink, bg) -> None:
    """Pliosaur flipper: the paddle's arm bone and its fanned rows of finger bones."""
    s = size
    _begin(c, fill, ink, s, 0.03)
    _curve(c, x, y, s, (-0.34, 0.4), [((0.0, 0.44), (0.44, 0.0), (0.36, -0.44)),
                                        ((0.1, -0.3), (-0.3, 0.1), (-0.44, 0.3))], fill=1, stroke=1)
    _bone(c, x, y, s, (-0.4, 0.36), (-0.2, 0.18), 0.1)
    for k in range(4):
        for j in range(4):
            t = (j + 1) / 5
            bx = -0.14 + (0.36 - k * 0.1) * t + k * 0.04
            by = 0.16 - (0.5 - k * 0.06) * t - k * 0.08 + 0.04
            c.setFillColor(bg)
            c.ellipse(x + (bx - 0.035) * s, y + (by - 0.05) * s, x + (bx + 0.035) * s, y + (by + 0.05) * s, fill=1,
                      stroke=1)
    c.restoreState()


def pliosaur_vertebrae(c, x, y, size, fill, ink, bg) -> None:
    """Pliosaur vertebrae: three short, disc-like backbone centra with their spines."""
    s = size
    _begin(c, fill, ink, s)
    for i, cx in enumerate((-0.3, 0.0, 0.3)):
        _shape(c, x, y, s, [(cx - 0.04, 0.0), (cx - 0.03, 0.42), (cx + 0.05, 0.42), (cx + 0.06, 0.0)])
        _shape(c, x, y, s, [(cx - 0.12, 0.02), (cx - 0.2, 0.12), (cx + 0.2, 0.12), (cx + 0.12, 0.02)])
        _oval(c, x, y, s, cx - 0.13, -0.44, cx + 0.13, 0.06)
        c.setFillColor(bg)
        _oval(c, x, y, s, cx - 0.06, -0.26, cx + 0.06, -0.12)
        c.setFillColor(fill)
    c.restoreState()


def diplo_skull(c, x, y, size, fill, ink, bg) -> None:
    """Diplodocus skull: long and low, pencil teeth at the front, the nostril high above the eye."""
    s = size
    _begin(c, fill, ink, s, 0.035)
    for i in range(6):
        tx = 0.22 + i * 0.035
        c.rect(x + tx * s, y - s * 0.16, s * 0.02, s * 0.12, fill=1, stroke=1)
    _curve(c, x, y, s, (0.42, -0.02), [((0.44, 0.06), (0.3, 0.1), (0.0, 0.16)), ((-0.2, 0.3), (-0.4, 0.24), (-0.44, 0.06)),
                                         (-0.34, -0.16), (0.1, -0.04)])
    _curve(c, x, y, s, (-0.3, -0.16), [(0.1, -0.08), (0.42, -0.06), ((0.42, -0.16), (0.2, -0.2), (0.0, -0.24)),
                                         (-0.3, -0.24)])
    c.setFillColor(bg)
    _oval(c, x, y, s, -0.3, 0.02, -0.16, 0.16)
    _oval(c, x, y, s, -0.1, 0.12, 0.02, 0.22)
    _shape(c, x, y, s, [(0.02, 0.02), (0.18, 0.04), (0.06, 0.1)])
    c.restoreState()


def _chain(c, x, y, s, pts, r0, r1, spine=0.8) -> None:
    n = len(pts)
    for i, (cx, cy) in enumerate(pts):
        nx, ny = pts[min(i + 1, n - 1)]
        px, py = pts[max(i - 1, 0)]
        ang = math.degrees(math.atan2(ny - py, nx - px))
        _vertebra(c, x, y, s, cx, cy, r0 + (r1 - r0) * i / max(1, n - 1), ang, spine)


def diplo_neck(c, x, y, size, fill, ink, bg) -> None:
    """Diplodocus neck: a long rising arc of elongated neck vertebrae."""
    s = size
    _begin(c, fill, ink, s, 0.03)
    pts = [(-0.4 + i * 0.1, -0.36 + 0.7 * (1 - math.cos(i / 8 * math.pi / 2)) + i * 0.02) for i in range(9)]
    n = len(pts)
    for i, (cx, cy) in enumerate(pts):
        nx, ny = pts[min(i + 1, n - 1)]
        px, py = pts[max(i - 1, 0)]
        ang = math.degrees(math.atan2(ny - py, nx - px))
        c.saveState()
        c.translate(x + cx * s, y + cy * s)
        c.rotate(ang)
        k = s * (0.085 - i * 0.004)
        c.roundRect(-k * 0.8, -k * 0.4, k * 1.6, k * 0.8, k * 0.3, fill=1, stroke=1)
        _poly(c, [(-k * 0.3, k * 0.35), (0, k * 0.85), (k * 0.3, k * 0.35)], fill=1, stroke=1)
        c.restoreState()
    c.restoreState()


def diplo_tail(c, x, y, size, fill, ink, bg) -> None:
    """Diplodocus tail: a long whiplash of vertebrae shrinking to a thin tip."""
    s = size
    _begin(c, fill, ink, s, 0.025)
    pts = []
    for i in range(13):
        t = i / 12
        pts.append((-0.38 + t * 0.82, 0.3 - t * 0.56 + 0.2 * math.sin(t * math.pi * 1.4)))
    _chain(c, x, y, s, pts, 0.11, 0.035, spine=0.6)
    c.restoreState()


def ptera_skull(c, x, y, size, fill, ink, bg) -> None:
    """Pteranodon skull: a long toothless beak and a crest sweeping back."""
    s = size
    _begin(c, fill, ink, s, 0.035)
    _curve(c, x, y, s, (0.48, -0.14), [(0.0, 0.04), (-0.18, 0.1), (-0.48, 0.36), (-0.24, 0.04),
                                         ((-0.2, -0.06), (-0.1, -0.12), (0.0, -0.1))])
    _shape(c, x, y, s, [(0.46, -0.16), (0.0, -0.1), (-0.06, -0.14), (0.0, -0.16)])
    c.setFillColor(bg)
    _oval(c, x, y, s, -0.16, -0.04, -0.06, 0.06)
    c.setLineWidth(s * 0.02)
    c.line(x + s * 0.0, y - s * 0.06, x + s * 0.3, y - s * 0.12)
    c.restoreState()


def ptera_wing(c, x, y, size, fill, ink, bg) -> None:
    """Pteranodon wing: the membrane stretched on the arm and the long fourth finger."""
    s = size
    _begin(c, fill, ink, s, 0.03)
    _curve(c, x, y, s, (-0.44, -0.2), [(-0.2, 0.0), (0.06, 0.06), (0.46, 0.38),
                                         ((0.2, 0.0), (0.0, -0.3), (-0.44, -0.34))])
    _bone(c, x, y, s, (-0.44, -0.2), (-0.2, 0.0), 0.06)
    _bone(c, x, y, s, (-0.2, 0.0), (0.06, 0.06), 0.05)
    _bone(c, x, y, s, (0.06, 0.06), (0.24, 0.2), 0.035)
    _bone(c, x, y, s, (0.24, 0.2), (0.44, 0.36), 0.03)
    c.setLineWidth(s * 0.025)
    for dx, dy in ((0.04, 0.16), (0.0, 0.2), (0.1, 0.16)):
        c.line(x + 0.06 * s, y + 0.06 * s, x + (0.06 + dx) * s, y + (0.06 + dy) * s)
    c.restoreState()


def meteorite_find(c, x, y, size, fill, ink, bg) -> None:
    """Meteorite (a single in every stratum but DINOSAUR)."""
    meteorite(c, x, y, size, fill, ink, bg)


#: The picture of each discovery id (meteorites and eggs share theirs: they are
#: the same find in each stratum).
FIND_ART: dict[str, Icon] = {
    "menhir": menhir, "bronze-sword": bronze_sword, "gallo-roman-amphora": gallo_roman_amphora,
    "merovingian-fibula": fibula, "medieval-seal": medieval_seal, "roman-mosaic": roman_mosaic,
    "casting-mould-a": casting_mould(False), "casting-mould-b": casting_mould(True),
    "merovingian-sword": merovingian_sword, "merovingian-scabbard": scabbard,
    "gold-doubloons": doubloons, "pearl-necklace": pearl_necklace, "cutlass": cutlass,
    "gold-torc": gold_torc, "carnyx": carnyx, "gallic-coins": gallic_coins, "silver-cauldron": silver_cauldron,
    "ermine": ermine, "venus-of-willendorf": venus, "tautavel-man": tautavel_skull, "rock-art": rock_art,
    "polished-axe": polished_axe, "biface": biface, "mammoth-tusk-a": mammoth_tusk(False),
    "mammoth-tusk-b": mammoth_tusk(True), "fire-flint": fire_flint, "fire-pyrite": fire_pyrite,
    "pottery": pottery, "oil-lamp": oil_lamp, "millstone": millstone, "bow": bow, "arrowheads": arrowheads,
    "spear-thrower": spear_thrower, "flint-knife": flint_knife,
    "proteroctopus": proteroctopus, "stromatolite": stromatolite, "trilobite": trilobite,
    "megalodon-tooth": megalodon_tooth, "insect-in-amber": insect_in_amber, "sea-urchin": sea_urchin,
    "fossil-fish-part": fossil_fish(False), "fossil-fish-counterpart": fossil_fish(True),
    "crinoid-crown": crinoid_crown, "crinoid-stem": crinoid_stem, "fern": fern, "ginkgo-leaf": ginkgo_leaf,
    "petrified-wood": petrified_wood, "ammonite": ammonite, "belemnite": belemnite, "fossil-crab": fossil_crab,
    "fossil-starfish": fossil_starfish,
    "tyrannosaurus-skull": trex_skull, "tyrannosaurus-claw": trex_claw, "tyrannosaurus-tail": trex_tail,
    "triceratops-skull": trike_skull, "triceratops-frill": trike_frill, "triceratops-leg": trike_leg,
    "pliosaur-skull": pliosaur_skull, "pliosaur-flipper": pliosaur_flipper, "pliosaur-vertebrae": pliosaur_vertebrae,
    "diplodocus-skull": diplo_skull, "diplodocus-neck": diplo_neck, "diplodocus-tail": diplo_tail,
    "pteranodon-skull": ptera_skull, "pteranodon-wing": ptera_wing,
}


def find_art(discovery_id: str, stratum: str, is_egg: bool = False) -> Icon:
    """The picture of the discovery ``discovery_id`` of ``stratum``: its own
    from :data:`FIND_ART`, the egg for an egg, the meteorite for
    ``meteorite-*``; a discovery a rules file adds without a picture of its
    own gets its stratum's emblem (:data:`EMBLEMS`), else the meteorite."""
    if is_egg:
        return egg
    if discovery_id.startswith("meteorite"):
        return meteorite
    return FIND_ART.get(discovery_id) or EMBLEMS.get(stratum, meteorite)


# -- tools, rentals, symbols -------------------------------------------------------------

def shovel(c, x, y, size, fill, ink, bg) -> None:
    """The SHOVEL."""
    s = size
    c.saveState()
    c.translate(x, y)
    c.rotate(-35)
    c.setFillColor(ink)
    c.rect(-s * 0.035, -s * 0.05, s * 0.07, s * 0.45, fill=1, stroke=0)
    c.roundRect(-s * 0.12, s * 0.38, s * 0.24, s * 0.08, s * 0.03, fill=1, stroke=0)
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    p = c.beginPath()
    p.moveTo(-s * 0.16, -s * 0.05)
    p.lineTo(s * 0.16, -s * 0.05)
    p.lineTo(s * 0.15, -s * 0.32)
    p.curveTo(s * 0.1, -s * 0.42, -s * 0.1, -s * 0.42, -s * 0.15, -s * 0.32)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.restoreState()


def pickaxe(c, x, y, size, fill, ink, bg) -> None:
    """The PICKAXE."""
    s = size
    c.saveState()
    c.translate(x, y)
    c.rotate(-30)
    c.setFillColor(ink)
    c.rect(-s * 0.035, -s * 0.46, s * 0.07, s * 0.78, fill=1, stroke=0)
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    p = c.beginPath()
    p.moveTo(-s * 0.46, s * 0.12)
    p.curveTo(-s * 0.2, s * 0.36, s * 0.2, s * 0.36, s * 0.46, s * 0.12)
    p.curveTo(s * 0.2, s * 0.26, -s * 0.2, s * 0.26, -s * 0.46, s * 0.12)
    c.drawPath(p, fill=1, stroke=1)
    c.restoreState()


def brush(c, x, y, size, fill, ink, bg) -> None:
    """The BRUSH."""
    s = size
    c.saveState()
    c.translate(x, y)
    c.rotate(-35)
    c.setFillColor(ink)
    c.roundRect(-s * 0.05, -s * 0.02, s * 0.1, s * 0.48, s * 0.04, fill=1, stroke=0)
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.rect(-s * 0.09, -s * 0.12, s * 0.18, s * 0.12, fill=1, stroke=1)
    p = c.beginPath()
    p.moveTo(-s * 0.1, -s * 0.12)
    p.lineTo(s * 0.1, -s * 0.12)
    p.lineTo(s * 0.16, -s * 0.46)
    p.lineTo(-s * 0.16, -s * 0.46)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.02)
    for i in (-2, -1, 0, 1, 2):
        c.line(i * s * 0.04, -s * 0.14, i * s * 0.06, -s * 0.44)
    c.restoreState()


def airplane(c, x, y, size, fill, ink, bg) -> None:
    """The AIRPLANE: a biplane seen from above."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.setLineJoin(1)
    c.roundRect(x - s * 0.46, y + s * 0.02, s * 0.92, s * 0.18, s * 0.06, fill=1, stroke=1)
    c.roundRect(x - s * 0.07, y - s * 0.44, s * 0.14, s * 0.82, s * 0.06, fill=1, stroke=1)
    c.roundRect(x - s * 0.22, y - s * 0.44, s * 0.44, s * 0.1, s * 0.04, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(x - s * 0.16, y + s * 0.4, s * 0.32, s * 0.04, fill=1, stroke=0)
    c.restoreState()


def tent(c, x, y, size, fill, ink, bg) -> None:
    """The TENT."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.045)
    c.setLineJoin(1)
    _poly(c, _at(x, y, s, [(-0.46, -0.34), (0, 0.38), (0.46, -0.34)]), fill=1, stroke=1)
    c.setFillColor(ink)
    _poly(c, _at(x, y, s, [(-0.12, -0.34), (0, -0.02), (0.12, -0.34)]))
    c.line(x - s * 0.5, y - s * 0.34, x + s * 0.5, y - s * 0.34)
    c.restoreState()


def workforce(c, x, y, size, fill, ink, bg) -> None:
    """The WORKFORCE: two workers side by side."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    for dx, k in ((-0.17, 0.9), (0.17, 1.0)):
        cx = x + dx * s
        c.circle(cx, y + s * 0.22 * k, s * 0.12 * k, fill=1, stroke=1)
        p = c.beginPath()
        p.moveTo(cx - s * 0.18 * k, y - s * 0.42)
        p.lineTo(cx - s * 0.18 * k, y - s * 0.05)
        p.curveTo(cx - s * 0.18 * k, y + s * 0.07, cx + s * 0.18 * k, y + s * 0.07, cx + s * 0.18 * k, y - s * 0.05)
        p.lineTo(cx + s * 0.18 * k, y - s * 0.42)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    c.restoreState()


def sonar(c, x, y, size, fill, ink, bg) -> None:
    """The SONAR: a probe sending waves into the ground."""
    s = size
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.05)
    c.setLineCap(1)
    for r in (0.16, 0.3, 0.44):
        p = c.beginPath()
        p.arc(x - r * s, y + s * 0.2 - r * s, x + r * s, y + s * 0.2 + r * s, 215, 110)
        c.drawPath(p, fill=0, stroke=1)
    c.setFillColor(fill)
    c.setLineWidth(s * 0.04)
    c.circle(x, y + s * 0.2, s * 0.09, fill=1, stroke=1)
    c.line(x, y + s * 0.29, x, y + s * 0.46)
    c.restoreState()


TOOL_ART: dict[str, Icon] = {"shovel": shovel, "pickaxe": pickaxe, "brush": brush}
RENTAL_ART: dict[str, Icon] = {"airplane": airplane, "tent": tent, "workforce": workforce, "sonar": sonar}


def coin(c, x, y, size, fill, ink, bg) -> None:
    """A coin: disc, ring (the black-market value sits on it)."""
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(size * 0.06)
    c.circle(x, y, size * 0.47, fill=1, stroke=1)  # the rim is a stroke: no solid ink disc under the gold
    c.setStrokeColor(ink)
    c.setLineWidth(size * 0.03)
    c.circle(x, y, size * 0.37, fill=0, stroke=1)
    c.restoreState()


def laurel(c, x, y, size, fill, ink, bg) -> None:
    """The renown badge: a disc held by two laurel branches (the RP sits on the disc)."""
    s = size
    c.saveState()
    c.setFillColor(ink)
    for side in (-1, 1):
        for i in range(5):
            a = math.radians(-115 + i * 32) if side < 0 else math.radians(-65 - i * 32)
            lx, ly = x + s * 0.4 * math.cos(a), y + s * 0.4 * math.sin(a)
            c.saveState()
            c.translate(lx, ly)
            c.rotate(math.degrees(a) + (90 if side < 0 else -90) - side * 35)
            c.ellipse(-s * 0.05, -s * 0.11, s * 0.05, s * 0.11, fill=1, stroke=0)
            c.restoreState()
    c.setFillColor(fill)
    c.circle(x, y, s * 0.34, fill=1, stroke=0)
    c.restoreState()


def footprint(c, x, y, size, fill, ink, bg) -> None:
    """The ACTION symbol: a bare footprint (sole and toes)."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(x - s * 0.02, y - s * 0.46)
    p.curveTo(x + s * 0.2, y - s * 0.46, x + s * 0.2, y - s * 0.1, x + s * 0.16, y + s * 0.12)
    p.curveTo(x + s * 0.12, y + s * 0.26, x - s * 0.2, y + s * 0.24, x - s * 0.18, y + s * 0.04)
    p.curveTo(x - s * 0.16, y - s * 0.12, x - s * 0.24, y - s * 0.46, x - s * 0.02, y - s * 0.46)
    c.drawPath(p, fill=1, stroke=0)
    for dx, dy, r in ((-0.13, 0.33, 0.075), (-0.02, 0.38, 0.065), (0.07, 0.36, 0.055), (0.14, 0.31, 0.045),
                      (0.19, 0.24, 0.04)):
        c.circle(x + dx * s, y + dy * s, r * s, fill=1, stroke=0)
    c.restoreState()


def cloud(c, x, y, size, fill, ink, bg) -> None:
    """The RAIN: a cloud with falling drops."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    for dx, dy, r in ((-0.22, 0.12, 0.17), (0.02, 0.24, 0.22), (0.24, 0.1, 0.16)):
        c.circle(x + dx * s, y + dy * s, r * s, fill=1, stroke=1)
    c.roundRect(x - s * 0.4, y - s * 0.06, s * 0.8, s * 0.2, s * 0.1, fill=1, stroke=1)
    c.setFillColor(fill)
    c.rect(x - s * 0.3, y + s * 0.03, s * 0.6, s * 0.14, fill=1, stroke=0)
    c.setLineWidth(s * 0.05)
    c.setLineCap(1)
    for i in range(4):
        bx = x - s * 0.27 + i * s * 0.18
        c.line(bx, y - s * 0.16, bx - s * 0.06, y - s * 0.34)
    c.restoreState()


def archaeologist(c, x, y, size, fill, ink, bg) -> None:
    """The ARCHAEOLOGIST: a figure in a wide-brimmed hat, front view."""
    s = size
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.025)
    c.setLineJoin(1)
    # body and legs
    p = c.beginPath()
    p.moveTo(x - s * 0.2, y - s * 0.48)
    p.lineTo(x - s * 0.22, y + s * 0.05)
    p.curveTo(x - s * 0.22, y + s * 0.14, x - s * 0.1, y + s * 0.16, x, y + s * 0.16)
    p.curveTo(x + s * 0.1, y + s * 0.16, x + s * 0.22, y + s * 0.14, x + s * 0.22, y + s * 0.05)
    p.lineTo(x + s * 0.2, y - s * 0.48)
    p.lineTo(x + s * 0.03, y - s * 0.48)
    p.lineTo(x, y - s * 0.2)
    p.lineTo(x - s * 0.03, y - s * 0.48)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(x - s * 0.21, y - s * 0.14, s * 0.42, s * 0.04, fill=1, stroke=0)  # belt
    c.setFillColor(bg)
    c.circle(x, y + s * 0.27, s * 0.1, fill=1, stroke=1)  # face
    c.setFillColor(ink)
    c.ellipse(x - s * 0.22, y + s * 0.31, x + s * 0.22, y + s * 0.37, fill=1, stroke=0)  # brim
    c.roundRect(x - s * 0.11, y + s * 0.33, s * 0.22, s * 0.14, s * 0.04, fill=1, stroke=0)  # crown
    c.restoreState()


#: Icons offered to ``printkit deck`` layouts (contract ``icons``).
DECK_ICONS: dict[str, Icon] = {f"archaeologia-{k}": v for k, v in {
    **GROUP_ART, **EMBLEMS, **TOOL_ART, **RENTAL_ART, "coin": coin, "laurel": laurel, "footprint": footprint,
    "rain": cloud, "archaeologist": archaeologist}.items()}


# -- EVENT and SECRET OBJECTIVE pictures ---------------------------------------------------
# One picture per card, in the icons' style: a ``fill`` shape outlined in ``ink`` at
# about 4 % of the size, details in ``ink``, cut-outs in ``bg``.

def _card_pen(c, fill, ink, s, width: float = 0.045) -> None:
    """:func:`_begin` with the cards' slightly heavier outline (4.5 % of the size)."""
    _begin(c, fill, ink, s, width)


def sun(c, x, y, size, fill, ink, bg) -> None:
    """CLEAR SKIES: a sun with rays, a last wisp of cloud leaving bottom right."""
    s = size
    _card_pen(c, fill, ink, s)
    for i in range(12):
        a = math.radians(i * 30)
        r0, r1 = s * 0.27, s * (0.44 if i % 2 == 0 else 0.38)
        c.line(x - s * 0.06 + r0 * math.cos(a), y + s * 0.06 + r0 * math.sin(a),
               x - s * 0.06 + r1 * math.cos(a), y + s * 0.06 + r1 * math.sin(a))
    c.circle(x - s * 0.06, y + s * 0.06, s * 0.21, fill=1, stroke=1)
    c.setFillColor(bg)
    c.roundRect(x + s * 0.08, y - s * 0.44, s * 0.38, s * 0.13, s * 0.065, fill=1, stroke=1)
    c.restoreState()


def magnifier(c, x, y, size, fill, ink, bg) -> None:
    """GROUND SURVEY: a magnifying glass over the layers of a pile."""
    s = size
    _card_pen(c, fill, ink, s)
    bands = [(-0.46, -0.2), (-0.2, 0.02), (0.02, 0.22)]
    for k, (y0, y1) in enumerate(bands):
        c.setFillColor(ink if k == 0 else (fill if k == 1 else bg))
        c.rect(x - s * 0.46, y + y0 * s, s * 0.72, (y1 - y0) * s, fill=1, stroke=1)
    c.setFillColor(bg)
    c.setLineWidth(s * 0.07)
    c.line(x + s * 0.2, y - s * 0.02, x + s * 0.44, y - s * 0.3)
    c.setLineWidth(s * 0.05)
    c.circle(x + s * 0.06, y + s * 0.16, s * 0.2, fill=1, stroke=1)
    c.setStrokeColor(fill)
    c.setLineWidth(s * 0.03)
    p = c.beginPath()
    p.arc(x - s * 0.07, y + s * 0.03, x + s * 0.19, y + s * 0.29, 110, 70)
    c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def money_bag(c, x, y, size, fill, ink, bg) -> None:
    """SPONSOR: a patron's money bag, tied, with a coin in front."""
    s = size
    _card_pen(c, fill, ink, s)
    p = c.beginPath()
    p.moveTo(x - s * 0.1, y + s * 0.22)
    p.curveTo(x - s * 0.42, y + s * 0.05, x - s * 0.42, y - s * 0.44, x - s * 0.02, y - s * 0.44)
    p.curveTo(x + s * 0.38, y - s * 0.44, x + s * 0.38, y + s * 0.05, x + s * 0.1, y + s * 0.22)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    _poly(c, _at(x, y, s, [(-0.1, 0.22), (-0.2, 0.42), (0, 0.34), (0.2, 0.42), (0.1, 0.22)]), fill=1, stroke=1)
    c.setLineWidth(s * 0.06)
    c.line(x - s * 0.13, y + s * 0.22, x + s * 0.13, y + s * 0.22)
    c.setLineWidth(s * 0.04)
    c.setFillColor(bg)
    c.circle(x + s * 0.24, y - s * 0.26, s * 0.17, fill=1, stroke=1)
    c.circle(x + s * 0.24, y - s * 0.26, s * 0.1, fill=0, stroke=1)
    c.restoreState()


def volunteers(c, x, y, size, fill, ink, bg) -> None:
    """VOLUNTEERS: three helpers, the middle one raising a hand."""
    s = size
    _card_pen(c, fill, ink, s, 0.04)
    for dx, k in ((-0.3, 0.8), (0.3, 0.8), (0.0, 1.0)):
        cx, base = x + dx * s, y - s * 0.44
        top = base + s * 0.46 * k
        if dx == 0:
            c.setLineWidth(s * 0.07)
            c.line(cx + s * 0.12, top - s * 0.06, cx + s * 0.26, top + s * 0.3)
            c.setLineWidth(s * 0.04)
        p = c.beginPath()
        p.moveTo(cx - s * 0.15 * k, base)
        p.lineTo(cx - s * 0.15 * k, top - s * 0.08 * k)
        p.curveTo(cx - s * 0.15 * k, top + s * 0.02, cx + s * 0.15 * k, top + s * 0.02, cx + s * 0.15 * k, top - s * 0.08 * k)
        p.lineTo(cx + s * 0.15 * k, base)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
        c.setFillColor(bg)
        c.circle(cx, top + s * 0.13 * k, s * 0.1 * k, fill=1, stroke=1)
        c.setFillColor(fill)
    c.restoreState()


def sparkle(c, x, y, r, ink) -> None:
    """A four-pointed glint of radius ``r`` (pt) in ``ink``."""
    c.setFillColor(ink)
    _poly(c, [(x, y + r), (x + r * 0.22, y + r * 0.22), (x + r, y), (x + r * 0.22, y - r * 0.22), (x, y - r),
              (x - r * 0.22, y - r * 0.22), (x - r, y), (x - r * 0.22, y + r * 0.22)])


def lucky_dig(c, x, y, size, fill, ink, bg) -> None:
    """LUCKY STRIKE: a shovel in a mound that glints with a find."""
    s = size
    _card_pen(c, fill, ink, s)
    p = c.beginPath()
    p.moveTo(x - s * 0.46, y - s * 0.42)
    p.curveTo(x - s * 0.3, y - s * 0.1, x + s * 0.3, y - s * 0.1, x + s * 0.46, y - s * 0.42)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    shovel(c, x - s * 0.08, y + s * 0.12, s * 0.7, bg, ink, bg)
    sparkle(c, x + s * 0.28, y + s * 0.26, s * 0.16, ink)
    sparkle(c, x + s * 0.1, y - s * 0.3, s * 0.09, ink)
    c.restoreState()


def toolbox(c, x, y, size, fill, ink, bg) -> None:
    """BORROWED TOOLS: an open toolbox with the three tools' handles sticking out."""
    s = size
    _card_pen(c, fill, ink, s)
    c.setFillColor(ink)
    for ang, dx in ((18, -0.14), (0, 0.02), (-18, 0.18)):
        c.saveState()
        c.translate(x + dx * s, y)
        c.rotate(ang)
        c.roundRect(-s * 0.035, 0, s * 0.07, s * 0.42, s * 0.03, fill=1, stroke=0)
        c.restoreState()
    c.setFillColor(bg)
    c.roundRect(x - s * 0.35, y + s * 0.34, s * 0.2, s * 0.1, s * 0.04, fill=1, stroke=1)  # pickaxe head
    c.setFillColor(fill)
    c.roundRect(x - s * 0.46, y - s * 0.4, s * 0.92, s * 0.46, s * 0.05, fill=1, stroke=1)
    c.line(x - s * 0.46, y - s * 0.1, x + s * 0.46, y - s * 0.1)
    c.setFillColor(ink)
    c.roundRect(x - s * 0.1, y - s * 0.16, s * 0.2, s * 0.1, s * 0.03, fill=1, stroke=0)
    c.restoreState()


def market_stall(c, x, y, size, fill, ink, bg) -> None:
    """MARKET CONTACT: a black-market stall under a striped awning."""
    s = size
    _card_pen(c, fill, ink, s)
    c.setFillColor(bg)
    c.rect(x - s * 0.4, y - s * 0.44, s * 0.8, s * 0.42, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(x - s * 0.46, y - s * 0.2, s * 0.92, s * 0.07, fill=1, stroke=0)  # counter
    for dx in (-0.22, 0.02, 0.22):
        c.setFillColor(fill)
        c.circle(x + dx * s, y - s * 0.06, s * 0.07, fill=1, stroke=1)
    n = 5
    for i in range(n):
        x0 = x - s * 0.46 + i * s * 0.92 / n
        c.setFillColor(fill if i % 2 == 0 else bg)
        p = c.beginPath()
        p.moveTo(x0, y + s * 0.12)
        p.lineTo(x0 + s * 0.06, y + s * 0.42)
        p.lineTo(x0 + s * 0.92 / n + s * 0.0, y + s * 0.42)
        p.lineTo(x0 + s * 0.92 / n, y + s * 0.12)
        p.arcTo(x0, y + s * 0.04, x0 + s * 0.92 / n, y + s * 0.2, 0, -180)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    c.restoreState()


def price_tag(c, x, y, size, fill, ink, bg) -> None:
    """TOOL SALE: a price tag on its string, a per-cent sign on it."""
    s = size
    _card_pen(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(-30)
    _poly(c, [(-s * 0.44, 0), (-s * 0.24, s * 0.2), (s * 0.42, s * 0.2), (s * 0.42, -s * 0.2), (-s * 0.24, -s * 0.2)],
          fill=1, stroke=1)
    c.setFillColor(bg)
    c.circle(-s * 0.24, 0, s * 0.055, fill=1, stroke=1)
    c.setFillColor(ink)
    c.circle(s * 0.02, s * 0.08, s * 0.05, fill=1, stroke=0)
    c.circle(s * 0.24, -s * 0.08, s * 0.05, fill=1, stroke=0)
    c.setLineWidth(s * 0.045)
    c.line(s * 0.0, -s * 0.12, s * 0.26, s * 0.12)
    c.restoreState()
    p = c.beginPath()
    p.moveTo(x - s * 0.21, y + s * 0.12)
    p.curveTo(x - s * 0.3, y + s * 0.35, x - s * 0.1, y + s * 0.44, x + s * 0.02, y + s * 0.46)
    c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def key(c, x, y, size, fill, ink, bg) -> None:
    """FREE RENTAL: a key (the equipment is yours for the turn)."""
    s = size
    _card_pen(c, fill, ink, s)
    c.saveState()
    c.translate(x, y)
    c.rotate(35)
    c.rect(-s * 0.1, -s * 0.05, s * 0.56, s * 0.1, fill=1, stroke=1)
    _poly(c, [(s * 0.3, -s * 0.05), (s * 0.3, -s * 0.2), (s * 0.38, -s * 0.2), (s * 0.38, -s * 0.12),
              (s * 0.44, -s * 0.12), (s * 0.44, -s * 0.05)], fill=1, stroke=1)
    c.circle(-s * 0.24, 0, s * 0.19, fill=1, stroke=1)
    c.setFillColor(bg)
    c.circle(-s * 0.28, 0, s * 0.07, fill=1, stroke=1)
    c.restoreState()
    c.restoreState()


def placard(c, x, y, size, fill, ink, bg) -> None:
    """STRIKE: a protest placard crossing out the ACTION footprint."""
    s = size
    _card_pen(c, fill, ink, s)
    c.setFillColor(ink)
    c.rect(x - s * 0.035, y - s * 0.46, s * 0.07, s * 0.5, fill=1, stroke=0)
    c.setFillColor(fill)
    c.roundRect(x - s * 0.4, y - s * 0.06, s * 0.8, s * 0.5, s * 0.04, fill=1, stroke=1)
    footprint(c, x, y + s * 0.19, s * 0.42, ink, ink, bg)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.06)
    c.line(x - s * 0.22, y + s * 0.0, x + s * 0.22, y + s * 0.38)
    c.restoreState()


def detour_sign(c, x, y, size, fill, ink, bg) -> None:
    """DETOUR: a diamond road sign with a bent arrow."""
    s = size
    _card_pen(c, fill, ink, s)
    _poly(c, [(x, y + s * 0.46), (x + s * 0.46, y), (x, y - s * 0.46), (x - s * 0.46, y)], fill=1, stroke=1)
    c.setLineWidth(s * 0.07)
    p = c.beginPath()
    p.moveTo(x - s * 0.08, y - s * 0.26)
    p.lineTo(x - s * 0.08, y - s * 0.02)
    p.curveTo(x - s * 0.08, y + s * 0.08, x - s * 0.02, y + s * 0.1, x + s * 0.06, y + s * 0.1)
    c.drawPath(p, fill=0, stroke=1)
    c.setFillColor(ink)
    _poly(c, [(x + s * 0.04, y + s * 0.2), (x + s * 0.2, y + s * 0.1), (x + s * 0.04, y + s * 0.0)])
    c.restoreState()


def broken_shovel(c, x, y, size, fill, ink, bg) -> None:
    """BROKEN HANDLE: a shovel whose handle has snapped, the top half falling away."""
    s = size
    _card_pen(c, fill, ink, s)
    c.saveState()  # the blade and the stump of the handle, lower left
    c.translate(x - s * 0.14, y - s * 0.1)
    c.rotate(-35)
    p = c.beginPath()
    p.moveTo(-s * 0.17, -s * 0.05)
    p.lineTo(s * 0.17, -s * 0.05)
    p.lineTo(s * 0.16, -s * 0.33)
    p.curveTo(s * 0.1, -s * 0.44, -s * 0.1, -s * 0.44, -s * 0.16, -s * 0.33)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(ink)
    _poly(c, [(-s * 0.045, -s * 0.05), (s * 0.045, -s * 0.05), (s * 0.045, s * 0.2), (s * 0.01, s * 0.14),
              (-s * 0.02, s * 0.22), (-s * 0.045, s * 0.17)])
    c.restoreState()
    c.saveState()  # the top half with its grip, upper right, tilted the other way
    c.translate(x + s * 0.2, y + s * 0.08)
    c.rotate(-10)
    c.setFillColor(ink)
    _poly(c, [(-s * 0.045, -s * 0.08), (-s * 0.01, -s * 0.14), (s * 0.02, -s * 0.07), (s * 0.045, -s * 0.12),
              (s * 0.045, s * 0.24), (-s * 0.045, s * 0.24)])
    c.roundRect(-s * 0.13, s * 0.22, s * 0.26, s * 0.09, s * 0.03, fill=1, stroke=0)
    c.restoreState()
    c.setLineWidth(s * 0.03)
    for a in (150, 195, 240):  # the snap
        r = math.radians(a)
        cx, cy = x + s * 0.08, y + s * 0.02
        c.line(cx + s * 0.08 * math.cos(r), cy + s * 0.08 * math.sin(r), cx + s * 0.16 * math.cos(r),
               cy + s * 0.16 * math.sin(r))
    c.restoreState()


def stamp(c, x, y, size, fill, ink, bg) -> None:
    """CUSTOMS CHECK: a rubber stamp over its square mark."""
    s = size
    _card_pen(c, fill, ink, s)
    c.setFillColor(bg)
    c.rect(x - s * 0.4, y - s * 0.46, s * 0.8, s * 0.18, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(x - s * 0.3, y - s * 0.4, s * 0.6, s * 0.06, fill=1, stroke=0)
    c.setFillColor(fill)
    c.rect(x - s * 0.32, y - s * 0.22, s * 0.64, s * 0.12, fill=1, stroke=1)
    c.rect(x - s * 0.24, y - s * 0.1, s * 0.48, s * 0.08, fill=1, stroke=1)
    c.rect(x - s * 0.06, y - s * 0.02, s * 0.12, s * 0.26, fill=1, stroke=1)
    c.circle(x, y + s * 0.32, s * 0.13, fill=1, stroke=1)
    c.restoreState()


def mask(c, x, y, size, fill, ink, bg) -> None:
    """LOOTER: a burglar's eye mask over a swag bag."""
    s = size
    _card_pen(c, fill, ink, s)
    c.setFillColor(bg)
    p = c.beginPath()
    p.moveTo(x + s * 0.06, y + s * 0.02)
    p.curveTo(x - s * 0.3, y - s * 0.02, x - s * 0.34, y - s * 0.44, x + s * 0.06, y - s * 0.44)
    p.curveTo(x + s * 0.44, y - s * 0.44, x + s * 0.42, y - s * 0.02, x + s * 0.06, y + s * 0.02)
    c.drawPath(p, fill=1, stroke=1)
    _poly(c, _at(x, y, s, [(0.06, 0.0), (-0.06, 0.1), (0.18, 0.1)]), fill=1, stroke=1)  # the bag's tied neck
    c.setFillColor(fill)
    p = c.beginPath()
    p.moveTo(x - s * 0.46, y + s * 0.26)
    p.curveTo(x - s * 0.3, y + s * 0.42, x - s * 0.1, y + s * 0.36, x, y + s * 0.32)
    p.curveTo(x + s * 0.1, y + s * 0.36, x + s * 0.3, y + s * 0.42, x + s * 0.46, y + s * 0.26)
    p.curveTo(x + s * 0.4, y + s * 0.08, x + s * 0.1, y + s * 0.1, x, y + s * 0.16)
    p.curveTo(x - s * 0.1, y + s * 0.1, x - s * 0.4, y + s * 0.08, x - s * 0.46, y + s * 0.26)
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(bg)
    c.ellipse(x - s * 0.3, y + s * 0.2, x - s * 0.1, y + s * 0.3, fill=1, stroke=1)
    c.ellipse(x + s * 0.1, y + s * 0.2, x + s * 0.3, y + s * 0.3, fill=1, stroke=1)
    c.restoreState()


def treasure_map(c, x, y, size, fill, ink, bg) -> None:
    """NEW LEAD: a treasure map, a dotted trail to its cross."""
    s = size
    _card_pen(c, fill, ink, s)
    p = c.beginPath()
    p.moveTo(x - s * 0.42, y + s * 0.32)
    p.lineTo(x - s * 0.14, y + s * 0.4)
    p.lineTo(x + s * 0.14, y + s * 0.32)
    p.lineTo(x + s * 0.42, y + s * 0.4)
    p.lineTo(x + s * 0.42, y - s * 0.32)
    p.lineTo(x + s * 0.14, y - s * 0.4)
    p.lineTo(x - s * 0.14, y - s * 0.32)
    p.lineTo(x - s * 0.42, y - s * 0.4)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setLineWidth(s * 0.02)
    c.line(x - s * 0.14, y + s * 0.4, x - s * 0.14, y - s * 0.32)
    c.line(x + s * 0.14, y + s * 0.32, x + s * 0.14, y - s * 0.4)
    c.setFillColor(ink)
    for i in range(7):
        t = i / 6
        px = x - s * 0.3 + t * s * 0.44
        py = y - s * 0.22 + math.sin(t * math.pi * 1.5) * s * 0.16 + t * s * 0.2
        c.circle(px, py, s * 0.025, fill=1, stroke=0)
    c.setLineWidth(s * 0.06)
    c.line(x + s * 0.18, y + s * 0.1, x + s * 0.32, y + s * 0.24)
    c.line(x + s * 0.32, y + s * 0.1, x + s * 0.18, y + s * 0.24)
    c.restoreState()


def museum(c, x, y, size, fill, ink, bg) -> None:
    """THE CURATOR: a museum's columned front."""
    s = size
    _card_pen(c, fill, ink, s)
    _poly(c, _at(x, y, s, [(-0.46, 0.2), (0, 0.44), (0.46, 0.2)]), fill=1, stroke=1)
    c.rect(x - s * 0.42, y + s * 0.12, s * 0.84, s * 0.08, fill=1, stroke=1)
    for i in range(4):
        cx = x - s * 0.3 + i * s * 0.2
        c.rect(cx - s * 0.05, y - s * 0.3, s * 0.1, s * 0.42, fill=1, stroke=1)
    c.rect(x - s * 0.44, y - s * 0.38, s * 0.88, s * 0.08, fill=1, stroke=1)
    c.rect(x - s * 0.48, y - s * 0.46, s * 0.96, s * 0.08, fill=1, stroke=1)
    c.setFillColor(ink)
    c.circle(x, y + s * 0.29, s * 0.05, fill=1, stroke=0)
    c.restoreState()


def dino_skull(c, x, y, size, fill, ink, bg) -> None:
    """THE PALAEONTOLOGIST: a tyrannosaur's skull in profile."""
    s = size
    _card_pen(c, fill, ink, s)
    p = c.beginPath()
    p.moveTo(x - s * 0.44, y + s * 0.14)
    p.curveTo(x - s * 0.4, y + s * 0.38, x - s * 0.1, y + s * 0.4, x + s * 0.12, y + s * 0.28)
    p.lineTo(x + s * 0.46, y + s * 0.1)
    p.lineTo(x + s * 0.44, y - s * 0.02)
    p.lineTo(x - s * 0.04, y - s * 0.04)
    p.lineTo(x - s * 0.2, y - s * 0.16)
    p.lineTo(x - s * 0.4, y - s * 0.1)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    j = c.beginPath()  # lower jaw
    j.moveTo(x - s * 0.3, y - s * 0.16)
    j.lineTo(x + s * 0.38, y - s * 0.12)
    j.lineTo(x + s * 0.34, y - s * 0.24)
    j.curveTo(x + s * 0.1, y - s * 0.3, x - s * 0.2, y - s * 0.36, x - s * 0.36, y - s * 0.28)
    j.close()
    c.drawPath(j, fill=1, stroke=1)
    c.setFillColor(bg)
    for tx in (0.02, 0.12, 0.22, 0.32):
        _poly(c, _at(x, y, s, [(tx - 0.03, -0.035), (tx + 0.03, -0.035), (tx, -0.11)]), fill=1, stroke=1)
    c.ellipse(x - s * 0.3, y + s * 0.08, x - s * 0.12, y + s * 0.26, fill=1, stroke=1)  # eye socket
    c.ellipse(x - s * 0.04, y + s * 0.06, x + s * 0.12, y + s * 0.16, fill=1, stroke=1)  # nasal opening
    c.restoreState()


def strata_block(c, x, y, size, fill, ink, bg) -> None:
    """THE STRATIGRAPHER: a cut through four layers with a probe going down."""
    s = size
    _card_pen(c, fill, ink, s)
    tones = (bg, fill, bg, ink)
    for k in range(4):
        y1 = y + s * (0.34 - k * 0.2)
        y0 = y1 - s * 0.2
        c.setFillColor(tones[k])
        p = c.beginPath()
        p.moveTo(x - s * 0.44, y0 + s * 0.03)
        p.curveTo(x - s * 0.15, y0 + s * 0.07, x + s * 0.15, y0 - s * 0.03, x + s * 0.44, y0 + s * 0.01)
        p.lineTo(x + s * 0.44, y1 + (s * 0.01 if k else 0))
        p.curveTo(x + s * 0.15, y1 - s * 0.03 if k else y1, x - s * 0.15, y1 + s * 0.07 if k else y1,
                  x - s * 0.44, y1 + (s * 0.03 if k else 0))
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.07)
    c.line(x + s * 0.16, y + s * 0.46, x + s * 0.16, y - s * 0.16)
    c.setFillColor(ink)
    _poly(c, _at(x, y, s, [(0.06, -0.12), (0.26, -0.12), (0.16, -0.3)]))
    c.restoreState()


def coin_stack(c, x, y, size, fill, ink, bg) -> None:
    """THE BANKER: three stacks of coins."""
    s = size
    _card_pen(c, fill, ink, s, 0.035)
    for dx, n in ((-0.28, 3), (0.28, 4), (0.0, 6)):
        for i in range(n):
            cy = y - s * 0.38 + i * s * 0.12
            c.rect(x + (dx - 0.17) * s, cy, s * 0.34, s * 0.1, fill=1, stroke=1)
        top = y - s * 0.38 + n * s * 0.12
        c.ellipse(x + (dx - 0.17) * s, top - s * 0.06, x + (dx + 0.17) * s, top + s * 0.04, fill=1, stroke=1)
    c.restoreState()


def tool_fan(c, x, y, size, fill, ink, bg) -> None:
    """THE OUTFITTER: the SHOVEL, the PICKAXE and the BRUSH fanned out together."""
    s = size
    c.saveState()
    pickaxe(c, x, y + s * 0.04, s * 0.8, fill, ink, bg)
    shovel(c, x - s * 0.2, y - s * 0.04, s * 0.72, fill, ink, bg)
    c.saveState()
    c.translate(x + s * 0.22, y - s * 0.04)
    c.scale(-1, 1)
    brush(c, 0, 0, s * 0.72, fill, ink, bg)
    c.restoreState()
    c.restoreState()


def scales(c, x, y, size, fill, ink, bg) -> None:
    """THE DEALER: a balance, a coin on one pan, a find on the other."""
    s = size
    _card_pen(c, fill, ink, s)
    c.setFillColor(ink)
    c.rect(x - s * 0.035, y - s * 0.38, s * 0.07, s * 0.74, fill=1, stroke=0)
    c.roundRect(x - s * 0.2, y - s * 0.46, s * 0.4, s * 0.1, s * 0.03, fill=1, stroke=0)
    c.setLineWidth(s * 0.05)
    c.line(x - s * 0.4, y + s * 0.3, x + s * 0.4, y + s * 0.3)
    c.circle(x, y + s * 0.38, s * 0.05, fill=1, stroke=0)
    for sgn in (-1, 1):
        px = x + sgn * s * 0.3
        c.setLineWidth(s * 0.025)
        c.line(x + sgn * s * 0.4, y + s * 0.3, px - s * 0.15, y - s * 0.06)
        c.line(x + sgn * s * 0.4, y + s * 0.3, px + s * 0.15, y - s * 0.06)
        c.setLineWidth(s * 0.04)
        c.setFillColor(fill)
        p = c.beginPath()
        p.arc(px - s * 0.17, y - s * 0.18, px + s * 0.17, y + s * 0.06, 180, 180)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    coin(c, x - s * 0.3, y + s * 0.02, s * 0.16, fill, ink, bg)
    c.setLineWidth(s * 0.03)
    _poly(c, _at(x, y, s, [(0.3, 0.12), (0.38, -0.05), (0.22, -0.05)]), fill=1, stroke=1)
    c.restoreState()


def gift(c, x, y, size, fill, ink, bg) -> None:
    """THE BENEFACTOR: a gift box tied with a ribbon and bow."""
    s = size
    _card_pen(c, fill, ink, s)
    c.rect(x - s * 0.36, y - s * 0.44, s * 0.72, s * 0.5, fill=1, stroke=1)
    c.rect(x - s * 0.42, y + s * 0.06, s * 0.84, s * 0.14, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(x - s * 0.06, y - s * 0.44, s * 0.12, s * 0.64, fill=1, stroke=0)
    c.setFillColor(bg)
    for sgn in (-1, 1):
        p = c.beginPath()
        p.moveTo(x, y + s * 0.2)
        p.curveTo(x + sgn * s * 0.1, y + s * 0.46, x + sgn * s * 0.34, y + s * 0.42, x + sgn * s * 0.22, y + s * 0.26)
        p.close()
        c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(ink)
    c.circle(x, y + s * 0.21, s * 0.05, fill=1, stroke=0)
    c.restoreState()


def handshake(c, x, y, size, fill, ink, bg) -> None:
    """THE PARTNER: two hands shaking, cuffs from either side, the fingers of
    the right hand wrapped over the left."""
    s = size
    _card_pen(c, fill, ink, s, 0.035)
    c.setFillColor(ink)  # cuffs
    _poly(c, _at(x, y, s, [(-0.5, -0.02), (-0.36, -0.22), (-0.26, -0.12), (-0.4, 0.08)]))
    _poly(c, _at(x, y, s, [(0.5, -0.02), (0.36, -0.22), (0.26, -0.12), (0.4, 0.08)]))
    c.setFillColor(fill)
    c.roundRect(x - s * 0.34, y - s * 0.16, s * 0.5, s * 0.18, s * 0.08, fill=1, stroke=1)  # left hand, below
    c.roundRect(x - s * 0.06, y + s * 0.0, s * 0.14, s * 0.1, s * 0.05, fill=1, stroke=1)  # its thumb on top
    c.roundRect(x - s * 0.12, y - s * 0.04, s * 0.44, s * 0.18, s * 0.08, fill=1, stroke=1)  # right hand, over it
    for i in range(4):  # its fingers, wrapping down over the left hand
        fx = x - s * 0.2 + i * s * 0.075
        c.roundRect(fx, y - s * 0.2 + i * s * 0.015, s * 0.075, s * 0.22, s * 0.035, fill=1, stroke=1)
    c.restoreState()


def flight_path(c, x, y, size, fill, ink, bg) -> None:
    """THE AVIATOR: an airplane on a dashed flight path down to a dug pile."""
    s = size
    _card_pen(c, fill, ink, s, 0.035)
    c.setDash(s * 0.05, s * 0.05)
    p = c.beginPath()
    p.moveTo(x - s * 0.2, y + s * 0.2)
    p.curveTo(x - s * 0.46, y + s * 0.0, x - s * 0.34, y - s * 0.3, x - s * 0.06, y - s * 0.26)
    c.drawPath(p, fill=0, stroke=1)
    c.setDash()
    c.rect(x - s * 0.04, y - s * 0.46, s * 0.46, s * 0.1, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(x - s * 0.04, y - s * 0.36, s * 0.46, s * 0.08, fill=1, stroke=0)
    c.saveState()
    c.translate(x + s * 0.12, y + s * 0.22)
    c.rotate(-30)
    airplane(c, 0, 0, s * 0.5, fill, ink, bg)
    c.restoreState()
    shovel(c, x + s * 0.3, y - s * 0.12, s * 0.36, fill, ink, bg)
    c.restoreState()


def bone(c, x, y, size, fill, ink, bg) -> None:
    """THE FIRST BONES: a dinosaur bone half out of the ground."""
    s = size
    _card_pen(c, fill, ink, s)
    c.setFillColor(ink)
    c.rect(x - s * 0.46, y - s * 0.46, s * 0.92, s * 0.2, fill=1, stroke=0)
    c.setFillColor(fill)
    c.saveState()
    c.translate(x, y + s * 0.02)
    c.rotate(35)
    c.rect(-s * 0.32, -s * 0.06, s * 0.64, s * 0.12, fill=1, stroke=0)
    for ex in (-0.32, 0.32):
        for ey in (-0.08, 0.08):
            c.circle(ex * s, ey * s, s * 0.1, fill=1, stroke=1)
    c.rect(-s * 0.32, -s * 0.06, s * 0.64, s * 0.12, fill=1, stroke=0)
    c.line(-s * 0.3, s * 0.06, s * 0.3, s * 0.06)
    c.line(-s * 0.3, -s * 0.06, s * 0.3, -s * 0.06)
    c.restoreState()
    brush(c, x + s * 0.3, y - s * 0.08, s * 0.4, bg, ink, bg)
    c.restoreState()


#: One picture per EVENT card id (the kit's own cards, ``rules/archaeologia.toml``).
EVENT_ART: dict[str, Icon] = {
    "airplane": airplane, "rain": cloud, "clear-skies": sun, "ground-survey": magnifier, "sponsor": money_bag,
    "volunteers": volunteers, "lucky-strike": lucky_dig, "borrowed-tools": toolbox, "market-contact": market_stall,
    "tool-sale": price_tag, "free-rental": key, "strike": placard, "detour": detour_sign,
    "broken-handle": broken_shovel, "customs-check": stamp, "looter": mask, "new-lead": treasure_map,
}

#: One picture per SECRET OBJECTIVE card id.
OBJECTIVE_ART: dict[str, Icon] = {
    "the-curator": museum, "the-palaeontologist": dino_skull, "the-stratigrapher": strata_block,
    "the-banker": coin_stack, "the-outfitter": tool_fan, "the-dealer": scales, "the-benefactor": gift,
    "the-partner": handshake, "the-aviator": flight_path, "the-first-bones": bone,
}

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

from printkit.marks import polygon_path

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
    c.setFillColor(ink)
    c.circle(x, y, size * 0.5, fill=1, stroke=0)
    c.setFillColor(fill)
    c.circle(x, y, size * 0.44, fill=1, stroke=0)
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

def _begin(c, fill, ink, s, width: float = 0.045) -> None:
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * width)
    c.setLineJoin(1)
    c.setLineCap(1)


def sun(c, x, y, size, fill, ink, bg) -> None:
    """CLEAR SKIES: a sun with rays, a last wisp of cloud leaving bottom right."""
    s = size
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s, 0.04)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s, 0.035)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s)
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
    _begin(c, fill, ink, s, 0.035)
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
    _begin(c, fill, ink, s, 0.035)
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
    _begin(c, fill, ink, s)
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

"""Archaeology vector icons, drawn in code with reportlab.

Every icon is drawn **centred** on ``(x, y)`` inside a square of side ``size``
(pt).  Colours are reportlab colours handed in by the caller (from the theme);
icons choose no colour of their own and use no transparency (faces become form
XObjects, which lose alpha).  Each icon saves and restores the graphics state.
"""

from __future__ import annotations

import math
from typing import Any, Callable


def polygon_path(c, pts):
    """:func:`printkit.gamekit.polygon_path`, imported when first drawn: the rules
    data reads :data:`TREASURE_ICONS` without loading the engine's sheet code."""
    from printkit.gamekit import polygon_path as path

    return path(c, pts)


def _poly(c: Any, pts, fill: int = 1, stroke: int = 0) -> None:
    c.drawPath(polygon_path(c, pts), fill=fill, stroke=stroke)


def _crack(c: Any, x: float, y: float, size: float, bg: Any, width: float = 0.06) -> None:
    """A jagged vertical crack in the background colour (a "broken" treasure)."""
    c.setStrokeColor(bg)
    c.setLineWidth(size * width)
    c.setLineJoin(0)
    p = c.beginPath()
    pts = [(0.02, 0.55), (-0.06, 0.3), (0.07, 0.1), (-0.05, -0.12), (0.06, -0.32), (-0.02, -0.55)]
    p.moveTo(x + pts[0][0] * size, y + pts[0][1] * size)
    for dx, dy in pts[1:]:
        p.lineTo(x + dx * size, y + dy * size)
    c.drawPath(p, fill=0, stroke=1)


def scroll(c, x, y, size, fill, ink, bg) -> None:
    """A parchment scrap: a sheet with rolled ends and text lines, torn corner."""
    c.saveState()
    w, h = size * 0.62, size * 0.78
    c.setFillColor(fill)
    _poly(c, [(x - w / 2, y - h / 2), (x + w / 2 - size * 0.12, y - h / 2), (x + w / 2, y - h / 2 + size * 0.1),
              (x + w / 2 - size * 0.04, y - h / 2 + size * 0.2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)])
    for yy in (y + h / 2, y - h / 2):
        c.setFillColor(ink)
        c.roundRect(x - w / 2 - size * 0.06, yy - size * 0.055, w * 0.9 + size * 0.06, size * 0.11, size * 0.05,
                    fill=1, stroke=0)
    c.setStrokeColor(ink)
    c.setLineWidth(size * 0.025)
    for i in range(4):
        yy = y + h * 0.28 - i * h * 0.17
        c.line(x - w * 0.35, yy, x + w * (0.3 if i % 2 else 0.15), yy)
    c.restoreState()


def coin(c, x, y, size, fill, ink, bg) -> None:
    """An old coin: disc, inner ring and a sun mark."""
    c.saveState()
    r = size * 0.44
    c.setFillColor(ink)
    c.circle(x, y, r, fill=1, stroke=0)
    c.setFillColor(fill)
    c.circle(x, y, r * 0.9, fill=1, stroke=0)
    c.setStrokeColor(ink)
    c.setLineWidth(size * 0.025)
    c.circle(x, y, r * 0.72, fill=0, stroke=1)
    c.setFillColor(ink)
    c.circle(x, y, r * 0.22, fill=1, stroke=0)
    c.setLineWidth(size * 0.035)
    for i in range(8):
        a = i * math.pi / 4
        c.line(x + math.cos(a) * r * 0.32, y + math.sin(a) * r * 0.32,
               x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.55)
    c.restoreState()


def pot_shard(c, x, y, size, fill, ink, bg) -> None:
    """A pottery fragment: a wedge broken from a pot's rim, the thick rim along
    its top, a pointed jagged break below and painted bands."""
    c.saveState()
    s = size
    c.translate(x, y)
    c.rotate(-14)
    x = y = 0.0
    pts = [(-0.46, 0.2), (-0.16, 0.34), (0.2, 0.34), (0.46, 0.16),  # the rim, curving with the pot
           (0.34, 0.02), (0.4, -0.14), (0.18, -0.18), (0.16, -0.42),  # a jagged break below
           (-0.04, -0.3), (-0.2, -0.4), (-0.24, -0.16), (-0.4, -0.06)]
    c.setFillColor(ink)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.06)
    c.setLineJoin(1)
    _poly(c, [(x + px * s, y + py * s) for px, py in pts], fill=1, stroke=1)
    c.setFillColor(fill)
    _poly(c, [(x + px * s, y + py * s) for px, py in pts])
    c.saveState()
    p = c.beginPath()
    p.moveTo(x + pts[0][0] * s, y + pts[0][1] * s)
    for px, py in pts[1:]:
        p.lineTo(x + px * s, y + py * s)
    p.close()
    c.clipPath(p, stroke=0, fill=0)
    # the rim: a thick band along the top; two painted bands below it
    c.setFillColor(ink)
    rim = c.beginPath()
    rim.moveTo(x - 0.5 * s, y + 0.14 * s)
    rim.curveTo(x - 0.2 * s, y + 0.28 * s, x + 0.2 * s, y + 0.28 * s, x + 0.5 * s, y + 0.1 * s)
    rim.lineTo(x + 0.5 * s, y + 0.5 * s)
    rim.lineTo(x - 0.5 * s, y + 0.5 * s)
    rim.close()
    c.drawPath(rim, fill=1, stroke=0)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.045)
    for off in (0.02, -0.12):
        q = c.beginPath()
        q.moveTo(x - 0.5 * s, y + (off - 0.05) * s)
        q.curveTo(x - 0.2 * s, y + (off + 0.08) * s, x + 0.2 * s, y + (off + 0.08) * s,
                  x + 0.5 * s, y + (off - 0.06) * s)
        c.drawPath(q, fill=0, stroke=1)
    c.restoreState()
    c.restoreState()


def ring(c, x, y, size, fill, ink, bg) -> None:
    """A ring with a faceted gem."""
    c.saveState()
    cy = y - size * 0.1
    c.setStrokeColor(ink)
    c.setLineWidth(size * 0.13)
    c.circle(x, cy, size * 0.3, fill=0, stroke=1)
    c.setStrokeColor(fill)
    c.setLineWidth(size * 0.07)
    c.circle(x, cy, size * 0.3, fill=0, stroke=1)
    gy = cy + size * 0.34
    gem = [(x - size * 0.17, gy), (x - size * 0.1, gy + size * 0.12), (x + size * 0.1, gy + size * 0.12),
           (x + size * 0.17, gy), (x, gy - size * 0.12)]
    c.setFillColor(ink)
    _poly(c, gem)
    c.setFillColor(bg)
    _poly(c, [(x - size * 0.08, gy + size * 0.06), (x + size * 0.08, gy + size * 0.06), (x, gy - size * 0.04)])
    c.restoreState()


def talisman(c, x, y, size, fill, ink, bg) -> None:
    """An ankh amulet on a cord."""
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(size * 0.11)
    c.setLineCap(1)
    c.ellipse(x - size * 0.14, y + size * 0.05, x + size * 0.14, y + size * 0.45, fill=0, stroke=1)
    c.line(x, y + size * 0.05, x, y - size * 0.45)
    c.line(x - size * 0.28, y - size * 0.02, x + size * 0.28, y - size * 0.02)
    c.setStrokeColor(fill)
    c.setLineWidth(size * 0.05)
    c.ellipse(x - size * 0.14, y + size * 0.05, x + size * 0.14, y + size * 0.45, fill=0, stroke=1)
    c.line(x, y + size * 0.05, x, y - size * 0.43)
    c.line(x - size * 0.26, y - size * 0.02, x + size * 0.26, y - size * 0.02)
    c.restoreState()


def tablet(c, x, y, size, fill, ink, bg, broken: bool = True) -> None:
    """A stone tablet with glyph rows; cracked when ``broken``."""
    c.saveState()
    w, h = size * 0.62, size * 0.84
    c.setFillColor(ink)
    c.roundRect(x - w / 2 - size * 0.03, y - h / 2 - size * 0.03, w + size * 0.06, h + size * 0.06, size * 0.1,
                fill=1, stroke=0)
    c.setFillColor(fill)
    c.roundRect(x - w / 2, y - h / 2, w, h, size * 0.08, fill=1, stroke=0)
    c.setFillColor(ink)
    for row in range(4):
        yy = y + h * 0.3 - row * h * 0.2
        for col in range(3):
            xx = x - w * 0.27 + col * w * 0.27
            if (row + col) % 3 == 0:
                c.circle(xx, yy, size * 0.035, fill=1, stroke=0)
            elif (row + col) % 3 == 1:
                c.rect(xx - size * 0.04, yy - size * 0.012, size * 0.08, size * 0.024, fill=1, stroke=0)
            else:
                _poly(c, [(xx - size * 0.04, yy - size * 0.03), (xx + size * 0.04, yy - size * 0.03), (xx, yy + size * 0.04)])
    if broken:
        _crack(c, x, y, size, bg)
    c.restoreState()


def statue(c, x, y, size, fill, ink, bg) -> None:
    """A seated cat statue (Bastet) on a plinth, with a collar and eyes."""
    c.saveState()
    s = size
    c.setFillColor(ink)
    c.rect(x - 0.32 * s, y - 0.5 * s, 0.64 * s, 0.1 * s, fill=1, stroke=0)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.035)
    c.setFillColor(fill)
    # tail curling round the front
    tail = c.beginPath()
    tail.moveTo(x + 0.16 * s, y - 0.38 * s)
    tail.curveTo(x + 0.38 * s, y - 0.36 * s, x + 0.34 * s, y - 0.1 * s, x + 0.26 * s, y - 0.04 * s)
    c.drawPath(tail, fill=0, stroke=1)
    body = c.beginPath()
    body.moveTo(x - 0.2 * s, y - 0.4 * s)
    body.curveTo(x - 0.24 * s, y - 0.1 * s, x - 0.14 * s, y + 0.08 * s, x - 0.1 * s, y + 0.12 * s)
    body.lineTo(x + 0.1 * s, y + 0.12 * s)
    body.curveTo(x + 0.14 * s, y + 0.08 * s, x + 0.24 * s, y - 0.1 * s, x + 0.2 * s, y - 0.4 * s)
    body.close()
    c.drawPath(body, fill=1, stroke=1)
    # head with ears
    _poly(c, [(x - 0.15 * s, y + 0.25 * s), (x - 0.13 * s, y + 0.47 * s), (x - 0.03 * s, y + 0.33 * s)], fill=1, stroke=1)
    _poly(c, [(x + 0.15 * s, y + 0.25 * s), (x + 0.13 * s, y + 0.47 * s), (x + 0.03 * s, y + 0.33 * s)], fill=1, stroke=1)
    c.circle(x, y + 0.24 * s, 0.14 * s, fill=1, stroke=1)
    c.setFillColor(ink)
    for dx in (-0.055, 0.055):
        c.ellipse(x + dx * s - 0.025 * s, y + 0.24 * s, x + dx * s + 0.025 * s, y + 0.29 * s, fill=1, stroke=0)
    c.setFillColor(bg)
    c.setStrokeColor(ink)
    c.roundRect(x - 0.12 * s, y + 0.06 * s, 0.24 * s, 0.06 * s, 0.03 * s, fill=1, stroke=1)
    c.restoreState()


def pharaoh_mask(c, x, y, size, fill, ink, bg, broken: bool = False) -> None:
    """A pharaoh's mask: striped nemes headdress around a face; cracked when ``broken``."""
    c.saveState()
    s = size
    nemes = [(x - 0.45 * s, y - 0.42 * s), (x - 0.3 * s, y + 0.3 * s), (x, y + 0.48 * s),
             (x + 0.3 * s, y + 0.3 * s), (x + 0.45 * s, y - 0.42 * s)]
    c.setFillColor(ink)
    _poly(c, nemes)
    c.saveState()
    c.clipPath(polygon_path(c, nemes), stroke=0, fill=0)
    c.setFillColor(fill)
    for i in range(-6, 7, 2):
        c.rect(x + i * 0.07 * s, y - 0.5 * s, 0.07 * s, s, fill=1, stroke=0)
    c.restoreState()
    c.setFillColor(bg)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.035)
    c.ellipse(x - 0.2 * s, y - 0.3 * s, x + 0.2 * s, y + 0.25 * s, fill=1, stroke=1)
    c.setFillColor(ink)
    for dx in (-0.09, 0.09):
        c.ellipse(x + dx * s - 0.055 * s, y + 0.02 * s, x + dx * s + 0.055 * s, y + 0.075 * s, fill=1, stroke=0)
    c.rect(x - 0.045 * s, y - 0.45 * s, 0.09 * s, 0.16 * s, fill=1, stroke=0)  # beard
    c.line(x - 0.07 * s, y - 0.16 * s, x + 0.07 * s, y - 0.16 * s)
    if broken:
        _crack(c, x, y, size, bg, 0.07)
    c.restoreState()


def cup(c, x, y, size, fill, ink, bg, broken: bool = True) -> None:
    """A goblet; cracked when ``broken``."""
    c.saveState()
    s = size
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.05)
    bowl = c.beginPath()
    bowl.moveTo(x - 0.32 * s, y + 0.42 * s)
    bowl.lineTo(x + 0.32 * s, y + 0.42 * s)
    bowl.curveTo(x + 0.32 * s, y + 0.05 * s, x + 0.15 * s, y - 0.05 * s, x + 0.05 * s, y - 0.08 * s)
    bowl.lineTo(x + 0.05 * s, y - 0.32 * s)
    bowl.lineTo(x + 0.22 * s, y - 0.45 * s)
    bowl.lineTo(x - 0.22 * s, y - 0.45 * s)
    bowl.lineTo(x - 0.05 * s, y - 0.32 * s)
    bowl.lineTo(x - 0.05 * s, y - 0.08 * s)
    bowl.curveTo(x - 0.15 * s, y - 0.05 * s, x - 0.32 * s, y + 0.05 * s, x - 0.32 * s, y + 0.42 * s)
    bowl.close()
    c.drawPath(bowl, fill=1, stroke=1)
    c.setFillColor(ink)
    c.rect(x - 0.3 * s, y + 0.22 * s, 0.6 * s, 0.06 * s, fill=1, stroke=0)
    if broken:
        _crack(c, x, y, size, bg)
    c.restoreState()


def broken_mask(c, x, y, size, fill, ink, bg) -> None:
    """A broken pharaoh's mask: its right side broken off along a jagged edge
    (painted over in ``bg``, with the edge in ``ink``), a crack through the
    rest — so it reads apart from the whole mask without its colour."""
    pharaoh_mask(c, x, y, size, fill, ink, bg, broken=True)
    c.saveState()
    s = size
    edge = [(0.12, 0.5), (0.16, 0.3), (0.08, 0.16), (0.2, 0.02), (0.13, -0.14), (0.24, -0.3), (0.2, -0.52)]
    gone = [(x + dx * s, y + dy * s) for dx, dy in edge] + [(x + 0.55 * s, y - 0.52 * s), (x + 0.55 * s, y + 0.5 * s)]
    # the headdress, a little enlarged: remove only what the mask covered, seams included
    nemes = [(x + 1.04 * dx * s, y + 1.04 * dy * s) for dx, dy in
             ((-0.45, -0.42), (-0.3, 0.3), (0, 0.48), (0.3, 0.3), (0.45, -0.42))]
    c.saveState()
    c.clipPath(polygon_path(c, nemes), stroke=0, fill=0)
    c.setFillColor(bg)
    _poly(c, gone)
    c.restoreState()
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.035)
    c.setLineJoin(0)
    p = c.beginPath()
    p.moveTo(x + edge[1][0] * s, y + edge[1][1] * s)
    for dx, dy in edge[2:-1]:
        p.lineTo(x + dx * s, y + dy * s)
    c.drawPath(p, fill=0, stroke=1)
    c.restoreState()


def thief(c, x, y, size, fill, ink, bg, crown: bool = False, line=None) -> None:
    """A hooded thief with an eye mask; ``crown`` adds the master thief's crown.
    ``line``: a colour to outline the silhouette with (line art)."""
    c.saveState()
    s = size

    def silhouette(fill_on: int, stroke_on: int) -> None:
        body = c.beginPath()
        body.moveTo(x - 0.42 * s, y - 0.5 * s)
        body.curveTo(x - 0.4 * s, y - 0.1 * s, x - 0.2 * s, y - 0.05 * s, x, y - 0.05 * s)
        body.curveTo(x + 0.2 * s, y - 0.05 * s, x + 0.4 * s, y - 0.1 * s, x + 0.42 * s, y - 0.5 * s)
        body.close()
        c.drawPath(body, fill=fill_on, stroke=stroke_on)
        c.circle(x, y + 0.15 * s, 0.25 * s, fill=fill_on, stroke=stroke_on)
        # hood brim and hat
        c.rect(x - 0.34 * s, y + 0.26 * s, 0.68 * s, 0.06 * s, fill=fill_on, stroke=stroke_on)
        c.roundRect(x - 0.2 * s, y + 0.26 * s, 0.4 * s, 0.2 * s, 0.05 * s, fill=fill_on, stroke=stroke_on)

    if line is not None:  # a thick stroke under the fill leaves an outline round the whole figure
        c.setStrokeColor(line)
        c.setLineWidth(s * 0.04)
        c.setLineJoin(1)
        silhouette(0, 1)
    c.setFillColor(fill)
    silhouette(1, 0)
    # eye mask band
    c.setFillColor(ink)
    c.roundRect(x - 0.27 * s, y + 0.1 * s, 0.54 * s, 0.11 * s, 0.05 * s, fill=1, stroke=0)
    c.setFillColor(bg)
    for dx in (-0.1, 0.1):
        c.ellipse(x + dx * s - 0.05 * s, y + 0.13 * s, x + dx * s + 0.05 * s, y + 0.18 * s, fill=1, stroke=0)
    if crown:
        c.setFillColor(bg)
        if line is not None:
            c.setStrokeColor(line)
            c.setLineWidth(s * 0.02)
        _poly(c, [(x - 0.2 * s, y + 0.44 * s), (x - 0.2 * s, y + 0.56 * s), (x - 0.1 * s, y + 0.5 * s),
                  (x, y + 0.6 * s), (x + 0.1 * s, y + 0.5 * s), (x + 0.2 * s, y + 0.56 * s), (x + 0.2 * s, y + 0.44 * s)],
              stroke=int(line is not None))
    c.restoreState()


def key(c, x, y, size, fill, ink, bg, line=None) -> None:
    """An old key, diagonal (``ink`` the key, ``fill`` the bow's ring);
    ``line``: a colour to outline the key with (line art)."""
    c.saveState()
    c.translate(x, y)
    c.rotate(45)
    s = size

    def shape(fill_on: int, stroke_on: int) -> None:
        c.circle(-0.3 * s, 0, 0.2 * s, fill=fill_on, stroke=stroke_on)
        c.rect(-0.15 * s, -0.05 * s, 0.63 * s, 0.1 * s, fill=fill_on, stroke=stroke_on)
        c.rect(0.3 * s, -0.2 * s, 0.07 * s, 0.18 * s, fill=fill_on, stroke=stroke_on)
        c.rect(0.42 * s, -0.2 * s, 0.07 * s, 0.18 * s, fill=fill_on, stroke=stroke_on)

    if line is not None:
        c.setStrokeColor(line)
        c.setLineWidth(s * 0.035)
        c.setLineJoin(1)
        shape(0, 1)
    c.setFillColor(ink)
    shape(1, 0)
    c.setFillColor(fill)
    c.circle(-0.3 * s, 0, 0.13 * s, fill=1, stroke=0)
    c.setFillColor(bg)
    c.circle(-0.3 * s, 0, 0.06 * s, fill=1, stroke=0)
    if line is not None:
        c.setLineWidth(s * 0.017)
        c.circle(-0.3 * s, 0, 0.13 * s, fill=0, stroke=1)
    c.restoreState()


def chest(c, x, y, size, fill, ink, bg, metal=None) -> None:
    """A treasure chest with a domed lid, bands and a lock (any chest without
    a picture of its own in :data:`CHEST_ICONS`; ``metal`` is not used)."""
    c.saveState()
    s = size
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    c.setFillColor(fill)
    c.rect(x - 0.45 * s, y - 0.35 * s, 0.9 * s, 0.45 * s, fill=1, stroke=1)
    lid = c.beginPath()
    lid.moveTo(x - 0.45 * s, y + 0.1 * s)
    lid.curveTo(x - 0.45 * s, y + 0.42 * s, x + 0.45 * s, y + 0.42 * s, x + 0.45 * s, y + 0.1 * s)
    lid.close()
    c.drawPath(lid, fill=1, stroke=1)
    c.setFillColor(ink)
    for dx in (-0.3, 0.3):
        c.rect(x + dx * s - 0.04 * s, y - 0.35 * s, 0.08 * s, 0.68 * s, fill=1, stroke=0)
    c.roundRect(x - 0.09 * s, y - 0.08 * s, 0.18 * s, 0.22 * s, 0.03 * s, fill=1, stroke=0)
    c.setFillColor(bg)
    c.circle(x, y + 0.05 * s, 0.035 * s, fill=1, stroke=0)
    c.rect(x - 0.015 * s, y - 0.04 * s, 0.03 * s, 0.08 * s, fill=1, stroke=0)
    c.restoreState()


def _keyhole(c, x: float, y: float, s: float, colour: Any) -> None:
    """A keyhole (round top, slot below) centred on (x, y), ``s`` the icon size."""
    c.setFillColor(colour)
    c.circle(x, y + 0.02 * s, 0.028 * s, fill=1, stroke=0)
    _poly(c, [(x - 0.012 * s, y + 0.02 * s), (x + 0.012 * s, y + 0.02 * s), (x + 0.024 * s, y - 0.05 * s),
              (x - 0.024 * s, y - 0.05 * s)])


def wood_chest(c, x, y, size, fill, ink, bg, metal=None) -> None:
    """The wood chest: a plank box with a flat lid, staggered plank joints,
    two iron straps riveted over lid and body, a hasp with a keyhole
    (``metal``: straps and hasp, default ``ink``)."""
    metal = ink if metal is None else metal
    c.saveState()
    s = size
    c.setStrokeColor(ink)
    c.setLineJoin(1)
    c.setLineWidth(s * 0.035)
    c.setFillColor(fill)
    c.rect(x - 0.44 * s, y - 0.34 * s, 0.88 * s, 0.40 * s, fill=1, stroke=1)   # body
    c.rect(x - 0.47 * s, y + 0.06 * s, 0.94 * s, 0.22 * s, fill=1, stroke=1)   # flat lid, overhanging
    c.setLineWidth(s * 0.018)
    for v, u0, u1 in ((-0.21, -0.44, 0.44), (-0.08, -0.44, 0.44), (0.17, -0.47, 0.47)):  # plank seams
        c.line(x + u0 * s, y + v * s, x + u1 * s, y + v * s)
    for u, v0, v1 in ((-0.13, -0.34, -0.21), (0.15, -0.21, -0.08), (-0.19, -0.08, 0.06), (0.12, 0.06, 0.17),
                      (-0.16, 0.17, 0.28)):  # butt joints, staggered like real planking
        c.line(x + u * s, y + v0 * s, x + u * s, y + v1 * s)
    c.setLineWidth(s * 0.03)
    c.setFillColor(metal)
    for u in (-0.3, 0.3):
        c.rect(x + (u - 0.045) * s, y - 0.34 * s, 0.09 * s, 0.62 * s, fill=1, stroke=1)
    c.setFillColor(bg)
    for u in (-0.3, 0.3):
        for v in (-0.27, -0.14, 0.0, 0.13, 0.23):
            c.circle(x + u * s, y + v * s, 0.018 * s, fill=1, stroke=0)
    c.setFillColor(metal)
    c.roundRect(x - 0.07 * s, y - 0.09 * s, 0.14 * s, 0.23 * s, 0.025 * s, fill=1, stroke=1)  # the hasp
    _keyhole(c, x, y - 0.01 * s, s, ink)
    c.restoreState()


def stone_chest(c, x, y, size, fill, ink, bg, metal=None) -> None:
    """The stone chest: a carved coffer on a plinth, a gabled lid with a
    winged sun, fluted side panels and a round lock plate (``metal``, default
    ``ink``) in a recessed panel — no planks, no straps."""
    metal = ink if metal is None else metal
    c.saveState()
    s = size
    c.setStrokeColor(ink)
    c.setLineJoin(1)
    c.setLineWidth(s * 0.035)
    c.setFillColor(fill)

    def pts(*uv):
        return [(x + u * s, y + v * s) for u, v in uv]

    c.rect(x - 0.48 * s, y - 0.42 * s, 0.96 * s, 0.09 * s, fill=1, stroke=1)                  # plinth
    _poly(c, pts((-0.41, -0.33), (0.41, -0.33), (0.44, 0.08), (-0.44, 0.08)), stroke=1)      # tapered body
    _poly(c, pts((-0.48, 0.08), (0.48, 0.08), (0.48, 0.15), (0.3, 0.31), (-0.3, 0.31), (-0.48, 0.15)), stroke=1)
    c.setLineWidth(s * 0.018)
    c.line(x - 0.48 * s, y + 0.15 * s, x + 0.48 * s, y + 0.15 * s)                          # the lid's eaves
    c.rect(x - 0.34 * s, y - 0.27 * s, 0.68 * s, 0.29 * s, fill=0, stroke=1)                # recessed panel
    for u in (-0.27, -0.21, -0.15, 0.15, 0.21, 0.27):                                        # fluting
        c.line(x + u * s, y - 0.22 * s, x + u * s, y - 0.03 * s)
    for k in (-1, 1):                                                                         # the sun's wings
        for dv, reach in ((0.02, 0.25), (-0.01, 0.2), (-0.04, 0.15)):
            p = c.beginPath()
            p.moveTo(x + k * 0.07 * s, y + (0.23 + dv) * s)
            p.curveTo(x + k * 0.13 * s, y + (0.26 + dv) * s, x + k * (reach - 0.04) * s, y + (0.25 + dv) * s,
                      x + k * reach * s, y + (0.21 + dv) * s)
            c.drawPath(p, fill=0, stroke=1)
    c.setLineWidth(s * 0.025)
    c.setFillColor(metal)
    c.circle(x, y + 0.23 * s, 0.05 * s, fill=1, stroke=1)                                    # sun disc
    c.circle(x, y - 0.125 * s, 0.075 * s, fill=1, stroke=1)                                  # lock plate
    _keyhole(c, x, y - 0.125 * s, s, ink)
    c.restoreState()


def gold_chest(c, x, y, size, fill, ink, bg, metal=None) -> None:
    """The gold chest: a high domed lid, ball feet, metal bands (``metal``,
    default ``ink``) round the body and over the dome, rows of studs (in
    ``fill``) and a shield-shaped lock plate."""
    metal = ink if metal is None else metal
    c.saveState()
    s = size
    c.setStrokeColor(ink)
    c.setLineJoin(1)
    c.setLineWidth(s * 0.03)
    c.setFillColor(metal)
    for u in (-0.35, 0.35):
        c.circle(x + u * s, y - 0.37 * s, 0.055 * s, fill=1, stroke=1)                       # ball feet
    c.setFillColor(fill)
    c.rect(x - 0.44 * s, y - 0.34 * s, 0.88 * s, 0.39 * s, fill=1, stroke=1)                # body

    def dome():
        p = c.beginPath()
        p.moveTo(x - 0.44 * s, y + 0.05 * s)
        p.curveTo(x - 0.44 * s, y + 0.52 * s, x + 0.44 * s, y + 0.52 * s, x + 0.44 * s, y + 0.05 * s)
        p.close()
        return p

    c.drawPath(dome(), fill=1, stroke=1)
    c.saveState()
    c.clipPath(dome(), stroke=0, fill=0)
    c.setFillColor(metal)
    c.rect(x - 0.055 * s, y, 0.11 * s, 0.5 * s, fill=1, stroke=1)                            # band over the dome
    c.restoreState()
    c.drawPath(dome(), fill=0, stroke=1)
    c.setFillColor(metal)
    for v in (-0.34, -0.03):                                                                  # body bands
        c.rect(x - 0.44 * s, y + v * s, 0.88 * s, 0.075 * s, fill=1, stroke=1)
    for u in (-0.44, 0.37):                                                                   # corner bands
        c.rect(x + u * s, y - 0.34 * s, 0.07 * s, 0.39 * s, fill=1, stroke=1)
    c.setFillColor(fill)   # studs gleam in the chest's own colour on the bands
    for k in range(9):                                                                        # studs
        u = -0.32 + k * 0.08
        if abs(u) > 0.1:   # the lock plate hides the middle ones
            c.circle(x + u * s, y + 0.0075 * s, 0.017 * s, fill=1, stroke=0)
        c.circle(x + u * s, y - 0.3025 * s, 0.017 * s, fill=1, stroke=0)
    for v in (0.12, 0.2, 0.28, 0.35):
        c.circle(x, y + v * s, 0.017 * s, fill=1, stroke=0)
    c.setFillColor(metal)
    _poly(c, [(x - 0.085 * s, y + 0.06 * s), (x + 0.085 * s, y + 0.06 * s), (x + 0.085 * s, y - 0.1 * s),
              (x, y - 0.18 * s), (x - 0.085 * s, y - 0.1 * s)], stroke=1)                    # shield lock plate
    _keyhole(c, x, y - 0.03 * s, s, ink)
    c.restoreState()


#: chest id → its picture ``(c, x, y, size, fill, ink, bg, metal=None)``; a chest
#: a user's rules add draws :func:`chest`.
CHEST_ICONS: dict[str, Callable[..., None]] = {"wood": wood_chest, "stone": stone_chest, "gold": gold_chest}


def museum(c, x, y, size, fill, ink, bg, line=None) -> None:
    """A museum facade: pediment, four columns, steps (``fill`` the building);
    ``line``: a colour to outline each part with (line art)."""
    c.saveState()
    s = size
    c.setFillColor(fill)
    st = int(line is not None)
    if line is not None:
        c.setStrokeColor(line)
        c.setLineWidth(max(0.5, s * 0.02))
        c.setLineJoin(1)
    _poly(c, [(x - 0.5 * s, y + 0.22 * s), (x, y + 0.48 * s), (x + 0.5 * s, y + 0.22 * s)], stroke=st)
    c.rect(x - 0.45 * s, y - 0.4 * s, 0.9 * s, 0.09 * s, fill=1, stroke=st)
    c.rect(x - 0.5 * s, y - 0.5 * s, s, 0.09 * s, fill=1, stroke=st)
    c.rect(x - 0.45 * s, y + 0.13 * s, 0.9 * s, 0.07 * s, fill=1, stroke=st)
    for i in range(4):
        cx = x - 0.33 * s + i * 0.22 * s
        c.rect(cx - 0.05 * s, y - 0.3 * s, 0.1 * s, 0.42 * s, fill=1, stroke=st)
    c.restoreState()


def shovel(c, x, y, size, fill, ink, bg) -> None:
    """A digging trowel, diagonal."""
    c.saveState()
    c.translate(x, y)
    c.rotate(-40)
    s = size
    c.setFillColor(ink)
    c.roundRect(-0.06 * s, 0.05 * s, 0.12 * s, 0.42 * s, 0.05 * s, fill=1, stroke=0)
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(s * 0.04)
    _poly(c, [(-0.2 * s, 0.05 * s), (0.2 * s, 0.05 * s), (0.16 * s, -0.3 * s), (0, -0.5 * s), (-0.16 * s, -0.3 * s)],
          fill=1, stroke=1)
    c.restoreState()


#: treasure id → icon drawing function ``(c, x, y, size, fill, ink, bg)``.
TREASURE_ICONS: dict[str, Callable[..., None]] = {
    "parchment-scrap": scroll,
    "coin": coin,
    "pot-shard": pot_shard,
    "ring": ring,
    "talisman": talisman,
    "broken-tablet": tablet,
    "statue": statue,
    "pharaohs-mask": pharaoh_mask,
    "broken-cup": cup,
    "broken-mask": broken_mask,
}

"""Archéo's title art for the kit cover: the four-layer dig site.

Tiles stacked in their layers — the discovery layer at the bottom, two dirt
layers, the sand layer on top — each tile overlapping two below, a few
turned over to show a stone, a hammer, a magnifier and a fossil piece; a
skeleton on its fossil-board strip, the egg, stars, a shovel and a
wheelbarrow — drawn with the game's own art (:mod:`printkit.games.archeo.art`)
in the theme's ``[games.archeo]`` palette.  Deterministic.
"""

from __future__ import annotations

from printkit.games.archeo import art

G = "archeo"


def title_art(c, x: float, y: float, w: float, h: float, theme) -> None:
    """Draw the art into the box (``x``, ``y``, ``w``, ``h``) in pt."""
    pal = art.Palette(theme)
    c.saveState()
    c.translate(x, y)
    c.setFillColor(pal.c("shovel_ground"))  # sky
    c.rect(0, 0, w, h, stroke=0, fill=1)
    # the dig site's rim, then the layers from the bottom up, each offset by half a tile
    t = min(h * 0.2, w * 0.075)
    rim_x, rim_w, rim_y = w * 0.03, w * 0.56, h * 0.06
    c.setFillColor(pal.c("rim"))
    c.roundRect(rim_x, rim_y, rim_w, h * 0.72, t * 0.25, stroke=0, fill=1)
    layers = (("discovery", "discovery_light", 0.0), ("dirt", "dirt_dark", 0.5), ("dirt", "dirt_dark", 0.0),
              ("sand", "sand_dark", 0.5))
    for k, (role, edge, shift) in enumerate(layers):
        y0 = rim_y + t * 0.2 + k * t * 0.62
        n = int((rim_w - t * 0.4) // (t * 1.04)) - (1 if shift else 0)
        for i in range(n):
            tx = rim_x + t * 0.2 + (i + shift) * t * 1.04
            c.setFillColor(pal.c(edge))
            c.roundRect(tx, y0 - t * 0.06, t, t, t * 0.14, stroke=0, fill=1)
            c.setFillColor(pal.c(role))
            c.roundRect(tx, y0, t, t, t * 0.14, stroke=0, fill=1)
    # tiles turned over beside the site: stone, hammer, magnifier, wheelbarrow
    faces = ((art.stone, "stone"), (art.hammer, "hammer"), (art.magnifier, "magnifier"),
             (art.wheelbarrow, "wheelbarrow"))
    for i, (draw, _) in enumerate(faces):
        fx, fy = w * 0.66 + (i % 2) * t * 1.25, h * 0.18 + (i // 2) * t * 1.25
        c.setFillColor(pal.c("sand_dark"))
        c.roundRect(fx, fy - t * 0.06, t, t, t * 0.14, stroke=0, fill=1)
        c.setFillColor(pal.c("ground"))
        c.roundRect(fx, fy, t, t, t * 0.14, stroke=0, fill=1)
        if draw is art.stone:
            draw(c, fx + t / 2, fy + t / 2, t * 0.7, pal)
        else:
            draw(c, fx + t / 2, fy + t / 2, t * 0.75, pal)
    # a fossil on its strip of slots, above the tiles
    u = min(h * 0.2, w * 0.07)
    c.saveState()
    c.translate(w * 0.62, h * 0.6)
    c.setFillColor(pal.c("rock"))
    c.roundRect(-u * 0.1, -u * 0.1, 4 * u + u * 0.2, u * 1.2, u * 0.15, stroke=0, fill=1)
    art.fossil(c, "triceratops", u, pal.c("bone"), pal.c("bone_line"), pal.c("outline"))
    c.restoreState()
    # the egg and the stars it is worth; the shovel
    art.egg(c, w * 0.935, h * 0.3, min(h * 0.3, w * 0.09), pal)
    for i in range(3):
        art.star(c, w * (0.87 + 0.045 * i), h * 0.86 - (i % 2) * h * 0.05, min(h * 0.06, w * 0.02),
                 pal.c("star"), pal.c("star_line"))
    art.shovel(c, w * 0.57, h * 0.72, min(h * 0.55, w * 0.2), pal)
    c.restoreState()

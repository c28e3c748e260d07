"""Archaeologia's title art for the kit cover: a cut through the site.

The four strata in section — GRASS, EARTH, ROCK, DINOSAUR, each in its own
colour (``<stratum>_back``, with the stratum's pattern where the palette gives
it one, as on the tile backs; its label in the stratum's light colour or the
frame colour, whichever reads better on it) — with finds buried in each (a
triskele and an amphora, an arrowhead and a biface, an ammonite and a
trilobite, a skull, an egg and a footprint), and the archaeologist with the
three tools on the surface — drawn with the game's own icons (:mod:`printkit.games.archaeologia.art`) in the theme's
``[games.archaeologia]`` palette.  Deterministic.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from printkit.games.archaeologia import art
from printkit.games.archaeologia.tiles import PATTERNS
from printkit.gamekit import best_contrast, icons

G = "archaeologia"

#: Strata from the surface down: (band role, light role, finds).
_STRATA = (
    ("grass", "grass_light", (art.triskele, art.amphora)),
    ("earth", "earth_light", (art.arrowhead, art.biface, art.hut)),
    ("rock", "rock_light", (art.ammonite, art.trilobite, art.leaf)),
    ("dinosaur", "dinosaur_light", (art.skull, art.egg, art.footprint_dino)),
)


def title_art(c, x: float, y: float, w: float, h: float, theme) -> None:
    """Draw the art into the box (``x``, ``y``, ``w``, ``h``) in pt."""
    col = lambda role: theme.colour(role, G)  # noqa: E731
    ink = col("frame")
    c.saveState()
    c.translate(x, y)
    c.setFillColor(col("ground"))  # sky
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.setFillColor(col("gold"))
    c.circle(w * 0.9, h * 0.86, h * 0.07, stroke=0, fill=1)
    surface = h * 0.7
    band = surface / len(_STRATA)
    for k, (role, light, finds) in enumerate(_STRATA):
        top = surface - k * band
        p = c.beginPath()  # each stratum's top edge undulates a little
        p.moveTo(0, 0)
        p.lineTo(0, top)
        for i in range(1, 13):
            p.lineTo(w * i / 12, top + (band * 0.08 if (i + k) % 2 else -band * 0.05) * (1 if k else 0.6))
        p.lineTo(w, 0)
        p.close()
        back, pattern = theme.hex(f"{role}_back", G), theme.hex(f"{role}_pattern", G)
        c.setFillColor(HexColor(back))
        c.drawPath(p, stroke=0, fill=1)
        if pattern.lower() != back.lower():  # the stratum's own pattern, as on its tile backs
            c.saveState()
            c.clipPath(p, stroke=0, fill=0)
            c.setStrokeColor(HexColor(pattern))
            c.setFillColor(HexColor(pattern))
            c.setLineWidth(0.7)
            c.setLineCap(1)
            PATTERNS[role](c, w, top + band * 0.1, 14.0)
            c.restoreState()
            c.setStrokeColor(HexColor(pattern))
            c.setLineWidth(1.2)
            c.drawPath(p, stroke=1, fill=0)
        size = band * 0.66
        for i, icon in enumerate(finds):
            fx = w * (0.16 + 0.27 * i + 0.09 * (k % 2))
            fy = top - band * 0.52
            c.setFillColor(col(light))
            c.circle(fx, fy, size * 0.62, stroke=0, fill=1)
            icon(c, fx, fy, size, col(role), ink, col(light))
    # labels of the strata on the right, in the game's words
    size = max(7.0, band * 0.3)
    c.setFont(theme.font("display"), size)
    for k, (role, light, _) in enumerate(_STRATA):
        back = theme.hex(f"{role}_back", G)
        y = surface - k * band - band * 0.62
        if theme.hex(f"{role}_pattern", G).lower() != back.lower():  # a clear patch under the word
            lw = c.stringWidth(role.upper(), theme.font("display"), size)
            c.setFillColor(HexColor(back))
            c.roundRect(w * 0.975 - lw - size * 0.4, y - size * 0.3, lw + size * 0.8, size * 1.15, size * 0.25,
                        stroke=0, fill=1)
        word = best_contrast(back, theme.hex(light, G), theme.hex("frame", G))
        lighter = icons.contrast_ratio(word, "#000000") > icons.contrast_ratio(back, "#000000")
        c.setFillColor(HexColor(icons.readable(word, back, "#ffffff" if lighter else "#000000", 4.5, steps=20)))
        c.drawRightString(w * 0.975, y, role.upper())
    # the archaeologist and the three tools on the surface
    s = min(h * 0.28, w * 0.12)
    art.archaeologist(c, w * 0.2, surface + s * 0.48, s, col("renown"), ink, col("ground"))
    art.shovel(c, w * 0.34, surface + s * 0.42, s * 0.8, col("tool"), ink, col("ground"))
    art.pickaxe(c, w * 0.46, surface + s * 0.42, s * 0.8, col("tool"), ink, col("ground"))
    art.brush(c, w * 0.58, surface + s * 0.42, s * 0.8, col("tool"), ink, col("ground"))
    art.coin(c, w * 0.72, surface + s * 0.4, s * 0.6, col("gold"), col("gold_dark"), col("ground"))
    art.laurel(c, w * 0.8, surface + s * 0.42, s * 0.7, col("renown"), ink, col("ground"))
    c.restoreState()

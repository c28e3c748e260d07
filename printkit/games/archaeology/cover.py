"""Archaeology's title art for the kit cover: the dig by the pyramids.

A papyrus sky over sand dunes and pyramids, the six face-up treasures of the
marketplace in lapis-framed medallions, the gold chest with its key, and a
thief slipping away at the edge — drawn with the game's own icons
(:mod:`printkit.games.archaeology.art`) in the theme's ``[games.archaeology]``
palette.  Deterministic.  Line-art themes (``outline`` set, see
:func:`printkit.games.archaeology.cards.line_art`) get the same picture as
outlines round pale fills.
"""

from __future__ import annotations

from printkit.games.archaeology import art
from printkit.games.archaeology.cards import line_art
from printkit.gamekit import mix

G = "archaeology"
#: How far the picture's hues are blended towards ``cover_wash`` when the
#: theme sets it (ink-saver: the cover page has 10 % ink in classic, so the
#: picture may take only a few per cent).
WASH = 0.7

#: The marketplace medallions: (icon, treasure type colour role).
_TREASURES = (
    (art.scroll, "parchment-scrap"), (art.coin, "coin"), (art.pot_shard, "pot-shard"),
    (art.ring, "ring"), (art.statue, "statue"), (lambda c, x, y, s, f, i, b: art.pharaoh_mask(c, x, y, s, f, i, b),
                                                  "pharaohs-mask"),
)


def title_art(c, x: float, y: float, w: float, h: float, theme) -> None:
    """Draw the art into the box (``x``, ``y``, ``w``, ``h``) in pt."""
    col = lambda role: theme.colour(role, G)  # noqa: E731
    lines = line_art(theme)
    ink, bg = col("cover_line"), col("ground")
    stroke = int(lines)
    hue = col
    if "cover_wash" in theme.games.get(G, {}):
        # (ink-saver) every hue of the picture a pale tint of itself
        hue = lambda role: mix(theme.hex(role, G), theme.hex("cover_wash", G), WASH)  # noqa: E731
    c.saveState()
    c.translate(x, y)
    c.setFillColor(col("ground"))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    if lines:
        c.setStrokeColor(ink)
        c.setLineWidth(0.8)
        c.setLineJoin(1)
    # a low sun and the pyramids on the horizon
    c.setFillColor(col("cover_gold"))
    c.circle(w * 0.83, h * 0.72, h * 0.13, stroke=stroke, fill=1)
    shade = col("ground_dark") if lines else col("gold_dark")
    for px, pw, ph, role in ((0.70, 0.30, 0.46, "ground_dark"), (0.88, 0.22, 0.34, "sand"),
                             (0.12, 0.26, 0.40, "ground_dark"), (0.28, 0.16, 0.26, "sand")):
        p = c.beginPath()
        p.moveTo(w * (px - pw / 2), h * 0.3)
        p.lineTo(w * px, h * (0.3 + ph))
        p.lineTo(w * (px + pw / 2), h * 0.3)
        p.close()
        c.setFillColor(col("ground") if lines else col(role))
        c.drawPath(p, stroke=stroke, fill=1)
        c.setFillColor(shade)
        q = c.beginPath()  # the shaded face
        q.moveTo(w * px, h * (0.3 + ph))
        q.lineTo(w * (px + pw / 2), h * 0.3)
        q.lineTo(w * (px + pw * 0.12), h * 0.3)
        q.close()
        c.drawPath(q, stroke=stroke, fill=1)
    # dunes
    c.setFillColor(col("ground") if lines else col("sand"))
    p = c.beginPath()
    p.moveTo(0, 0)
    p.lineTo(0, h * 0.33)
    p.curveTo(w * 0.25, h * 0.42, w * 0.45, h * 0.24, w * 0.7, h * 0.32)
    p.curveTo(w * 0.85, h * 0.37, w * 0.95, h * 0.3, w, h * 0.33)
    p.lineTo(w, 0)
    p.close()
    c.drawPath(p, stroke=stroke, fill=1)
    # the marketplace: six treasures in lapis medallions along an arc
    n = len(_TREASURES)
    r = min(h * 0.14, w * 0.045)
    for i, (icon, role) in enumerate(_TREASURES):
        cx = w * (0.1 + 0.8 * i / (n - 1))
        cy = h * (0.62 + 0.1 * (1 - ((i - (n - 1) / 2) / ((n - 1) / 2)) ** 2))
        c.setFillColor(col("badge"))
        c.circle(cx, cy, r * 1.18, stroke=stroke, fill=1)
        c.setFillColor(col("badge_ring"))
        c.circle(cx, cy, r * 1.06, stroke=0, fill=1)
        c.setFillColor(bg)
        c.circle(cx, cy, r * 0.96, stroke=0, fill=1)
        icon(c, cx, cy, r * 1.45, hue(role), ink, bg)
    # the gold chest and its key in the sand, a thief at the edge
    line = ink if lines else None
    thief_fill = mix(theme.hex("thief", G), theme.hex("ground", G), 0.9) if lines else col("thief")
    art.chest(c, w * 0.5, h * 0.2, min(h * 0.36, w * 0.16), col("cover_gold"), ink, col("sand"))
    art.key(c, w * 0.65, h * 0.14, min(h * 0.22, w * 0.1), hue("gold_dark"), ink, col("sand"))
    art.shovel(c, w * 0.33, h * 0.2, min(h * 0.34, w * 0.14), col("cover_gold") if lines else col("wood"), ink,
               col("sand"))
    art.thief(c, w * 0.92, h * 0.2, min(h * 0.36, w * 0.15), thief_fill,
              ink if lines else col("thief_light"), col("sand"), line=line)
    art.museum(c, w * 0.08, h * 0.2, min(h * 0.32, w * 0.13), bg if lines else col("earth"),
               col("gold"), col("sand"), line=line)
    c.restoreState()

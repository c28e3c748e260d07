"""ArchéoTREK's title art for the kit cover: a dig site seen from above.

Sand ground cut by a trench of earth strata, the Dig Site's numbered circles
linked like on the sheet, Bone tokens in the four colours, a skull and a
trowel — drawn with the game's own icons (:mod:`printkit.games.archeotrek.art`)
in the theme's ``[games.archeotrek]`` palette.  Deterministic (no randomness).
"""

from __future__ import annotations

from printkit.games.archeotrek.art import bone, skull, trowel

G = "archeotrek"


def title_art(c, x: float, y: float, w: float, h: float, theme) -> None:
    """Draw the art into the box (``x``, ``y``, ``w``, ``h``) in pt."""
    col = lambda role: theme.colour(role, G)  # noqa: E731
    c.saveState()
    c.translate(x, y)
    # sand ground with a darker band of earth strata at the bottom
    c.setFillColor(col("ground"))
    c.rect(0, 0, w, h, stroke=0, fill=1)
    for i, (role, frac) in enumerate((("ground_dark", 0.34), ("stratum", 0.22), ("stratum_dark", 0.10))):
        c.setFillColor(col(role))
        p = c.beginPath()
        top = h * frac
        p.moveTo(0, 0)
        p.lineTo(0, top)
        for k in range(1, 9):
            p.lineTo(w * k / 8, top + (h * 0.025 if (k + i) % 2 else -h * 0.02))
        p.lineTo(w, 0)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    # the Dig Site: a chain of numbered circles across the sand
    r = min(h * 0.085, w * 0.035)
    pts = [(0.08, 0.62), (0.16, 0.76), (0.25, 0.64), (0.34, 0.78), (0.43, 0.66), (0.52, 0.8), (0.61, 0.68),
           (0.70, 0.82), (0.79, 0.70), (0.88, 0.84)]
    c.setStrokeColor(col("trail"))
    c.setLineWidth(max(1.2, r * 0.12))
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        c.line(ax * w, ay * h, bx * w, by * h)
    rings = ("trail", "trail", "red", "trail", "yellow", "trail", "plus", "trail", "trail", "red")
    values = (3, 7, 0, 12, 5, 9, 1, 4, 11, 6)
    c.setFont(theme.font("display"), r * 1.05)
    for (px, py), ring, v in zip(pts, rings, values):
        c.setFillColor(col("circle_fill"))
        c.setStrokeColor(col(ring))
        c.setLineWidth(max(1.2, r * 0.16))
        c.circle(px * w, py * h, r, stroke=1, fill=1)
        c.setFillColor(col("earth_dark"))
        c.drawCentredString(px * w, py * h - r * 0.36, str(v))
    # Bone tokens: discs in the four colours with a bone on each
    token = min(h * 0.2, w * 0.09)
    spots = [(0.12, 0.25, "blue", -18), (0.27, 0.17, "orange", 12), (0.41, 0.28, "green", 28),
             (0.83, 0.22, "purple", -30), (0.95, 0.46, "blue", 40), (0.04, 0.86, "green", 5)]
    for fx, fy, colour, angle in spots:
        cx, cy = fx * w, fy * h
        c.setFillColor(col("token_back"))
        c.circle(cx + token * 0.04, cy - token * 0.05, token / 2, stroke=0, fill=1)
        c.setFillColor(col(colour))
        c.circle(cx, cy, token / 2, stroke=0, fill=1)
        bone(c, cx, cy, token * 0.78, col("circle_fill"), angle=angle)
    # a skull half out of the earth and the trowel that found it
    sk = min(h * 0.3, w * 0.14)
    skull(c, w * 0.62, h * 0.24, sk, col("circle_fill"), col("earth_dark"), stroke=col("skeleton_ring"),
          stroke_width=max(1.0, sk * 0.03))
    trowel(c, w * 0.72, h * 0.38, min(h * 0.55, w * 0.25), col("trowel"), col("stratum"), angle=-140)
    c.restoreState()

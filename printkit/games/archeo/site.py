"""The paper dig site: the box's four layers as nested frames on one sheet.

The top layer's frame is ``grid`` × ``grid`` tiles (``rules.tile`` mm each);
every layer below lies half a tile inside the one above (the pyramid of
``rules.layers``), so each of its tiles is covered by parts of four tiles
above.  Each frame is filled in its layer's colour, edged, and carries a tick
across its edge at every seam between its tiles, so tiles are laid on the
frame, not guessed.  The bottom (discovery) layer shows the compartments that
hide the egg, cracked-egg and stone tokens.  Below the pit a legend shows the
layers side on (how they overlap), their tile counts and how to set up.

:func:`site_geometry` gives the frames (pt, origin at the sheet's
bottom-left); :func:`site_face` draws the sheet (uncut, no bleed).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.gamekit import LARGE_PRINT_PT, Face, FaceBox, PrintkitError, fit_stepped, mm
from printkit.games.archeo.art import Palette
from printkit.games.archeo.data import ArcheoRules

#: Smallest size (pt) of the dig site's heading (title · DIG SITE), at least large print's 11 pt.
TITLE_LEAST = 12.0

#: Display names of the layer backs.
BACK_NAMES = {"sand": "Sand", "dirt": "Dirt", "discovery": "Discovery"}
TITLE_H = mm(20)
LEGEND_H = mm(52)
#: The legend's text (pt); 11 pt, the least a large-print theme ([type] scale above 1) prints.
LEGEND_PT = 10.5


@dataclass(frozen=True)
class Frame:
    """One layer's frame: (x, y) bottom-left, ``side`` (pt), ``grid`` tiles along it."""

    layer: str
    back: str
    grid: int
    x: float
    y: float
    side: float


def site_geometry(rules: ArcheoRules, width: float, height: float) -> tuple[float, list[Frame]]:
    """(tile side in pt, frames top layer first) on a ``width`` × ``height``
    pt sheet.  Raises :class:`printkit.PrintkitError` when the pit and its
    legend do not fit."""
    t = mm(rules.tile)
    top = rules.layers[0].grid
    pit = top * t
    if pit + mm(10) > width or pit + TITLE_H + LEGEND_H + mm(6) > height:
        raise PrintkitError(f"{rules.file or 'rules/archeo.toml'}: sizes.tile: a {top} × {top} layer of "
                            f"{rules.tile:g} mm tiles does not fit a {width / mm(1):.0f} × {height / mm(1):.0f} mm "
                            "dig site with its legend")
    x0 = (width - pit) / 2
    y0 = height - TITLE_H - pit - mm(3)
    frames = [Frame(lay.id, lay.back, lay.grid, x0 + lay.inset * t, y0 + lay.inset * t, lay.grid * t)
              for lay in rules.layers]
    return t, frames


def _fill_role(frame: Frame, index: int, frames: list[Frame]) -> tuple[str, str | None, float]:
    """(palette role, darker role to mix in, amount) for a frame's colour:
    a second layer of the same back is a shade darker."""
    same = [f for f in frames[:index] if f.back == frame.back]
    return frame.back, (f"{frame.back}_dark" if frame.back != "discovery" else "discovery_light"), 0.35 * len(same)


def site_face(theme, rules: ArcheoRules, width: float, height: float) -> Face:
    """The dig site sheet (``width`` × ``height`` pt, printed uncut)."""
    pal = Palette(theme)
    t, frames = site_geometry(rules, width, height)
    ink = theme.colour("ink")

    def colour(i):
        role, dark, amount = _fill_role(frames[i], i, frames)
        return pal.mix(role, dark, amount) if amount else pal.c(role)

    def draw(c, box: FaceBox) -> None:
        W, H = box.width, box.height
        c.setFillColor(pal.c("ground"))
        c.rect(0, 0, W, H, fill=1, stroke=0)
        display = theme.font("display")
        heading = f"{rules.title.upper()} · DIG SITE"
        # 24 pt; a house rules' long title smaller, to stay on the sheet (30 W's: 13.5 pt)
        c.setFont(display, fit_stepped(heading, display, 24, W - 2 * mm(10), TITLE_LEAST))
        c.setFillColor(pal.c("dirt_dark"))
        c.drawCentredString(W / 2, H - mm(13), heading)
        top = frames[0]
        c.setFillColor(pal.c("rim"))
        c.roundRect(top.x - mm(4), top.y - mm(4), top.side + mm(8), top.side + mm(8), mm(4), fill=1, stroke=0)
        for i, f in enumerate(frames):
            c.setFillColor(colour(i))
            c.setStrokeColor(pal.c("outline"))
            c.setLineWidth(1.2)
            c.rect(f.x, f.y, f.side, f.side, fill=1, stroke=1)
        # seam ticks across every frame's edge
        c.setLineWidth(1.6)
        c.setLineCap(0)
        for i, f in enumerate(frames):
            c.setStrokeColor(pal.c("outline") if i == 0 else pal.text_on(f.back))
            inner_out = mm(2.6)
            for j in range(1, f.grid):
                p = f.x + j * t
                q = f.y + j * t
                for x1, y1, x2, y2 in ((p, f.y - inner_out, p, f.y + inner_out),
                                       (p, f.y + f.side - inner_out, p, f.y + f.side + inner_out),
                                       (f.x - inner_out, q, f.x + inner_out, q),
                                       (f.x + f.side - inner_out, q, f.x + f.side + inner_out, q)):
                    c.line(x1, y1, x2, y2)
        # compartments under the bottom layer
        bottom = frames[-1]
        for a in range(bottom.grid):
            for b in range(bottom.grid):
                cx, cy = bottom.x + (a + 0.5) * t, bottom.y + (b + 0.5) * t
                c.setFillColor(pal.mix("discovery", "discovery_light", 0.3))
                c.setStrokeColor(pal.c("discovery_light"))
                c.setLineWidth(1)
                c.setDash(3, 2)
                c.circle(cx, cy, mm(rules.token / 2 + 1.5), fill=1, stroke=1)
                c.setDash()
                c.setFont(display, 20)
                mixed = pal.mix("discovery", "discovery_light", 0.3)
                c.setFillColor(pal.readable("discovery_light", "#%02x%02x%02x" % tuple(
                    round(v * 255) for v in (mixed.red, mixed.green, mixed.blue))))
                c.drawCentredString(cx, cy - 7, "?")
        # layer badges in each band's top-left corner
        for i, f in enumerate(frames):
            bx = f.x + (t / 4 if i < len(frames) - 1 else f.side / 2)
            by = f.y + f.side - (t / 4 if i < len(frames) - 1 else f.side / 2)
            c.setFillColor(pal.c("ground"))
            c.setStrokeColor(pal.c("outline"))
            c.setLineWidth(1)
            c.circle(bx, by, mm(4), fill=1, stroke=1)
            c.setFont(display, 16)
            c.setFillColor(ink)
            c.drawCentredString(bx, by - 5.6, str(i + 1))
        _legend(c, theme, pal, rules, frames, colour, W, top.y - mm(8))

    return Face(f"archeo/{theme.name}/dig-site", draw, text="dig site")


def _legend(c, theme, pal, rules, frames, colour, W, ytop) -> None:
    """Side view of the layers (left), counts per layer (middle), setup (right)."""
    ink = theme.colour("ink")
    display, bold, body, semi = (theme.font(r) for r in ("display", "bold", "body", "semibold"))
    size = LARGE_PRINT_PT if theme.large_print else LEGEND_PT
    x0 = mm(10)
    c.setFont(display, 13)
    c.setFillColor(pal.c("dirt_dark"))
    c.drawString(x0, ytop - mm(5), "THE LAYERS, SIDE ON")
    w = mm(7.2)
    h = mm(4.2)
    row = mm(6.4)
    y = ytop - mm(13)
    top_grid = frames[0].grid
    for i, f in enumerate(frames):
        yy = y - i * row
        inset = (top_grid - f.grid) / 2 * w
        for k in range(f.grid):
            c.setFillColor(colour(i))
            c.setStrokeColor(pal.c("outline"))
            c.setLineWidth(0.8)
            c.rect(x0 + inset + k * w, yy, w, h, fill=1, stroke=1)
        c.setFont(display, 12)
        c.setFillColor(ink)
        c.drawString(x0 + top_grid * w + mm(4), yy + 1, str(i + 1))
        c.setFont(bold, size)
        c.drawString(x0 + top_grid * w + mm(9), yy + 1, f"{BACK_NAMES[f.back]}")
        c.setFont(body, size)
        c.drawString(x0 + top_grid * w + mm(31), yy + 1, f"{f.grid * f.grid} tiles")
    # the compartments under the bottom layer
    yy = y - len(frames) * row + mm(1)
    bottom = frames[-1]
    inset = (top_grid - bottom.grid) / 2 * w
    for k in range(bottom.grid):
        c.setFillColor(pal.mix("discovery", "discovery_light", 0.3))
        c.circle(x0 + inset + (k + 0.5) * w, yy + h / 2, h / 2, fill=1, stroke=0)
    c.setFont(body, size)
    c.setFillColor(ink)
    hidden = rules.eggs + rules.cracked_eggs + rules.stone_tokens
    c.drawString(x0 + top_grid * w + mm(9), yy + 1, f"{rules.compartments} compartments: {hidden} hidden items")
    # setup and the rule of the dig
    tx = mm(112)
    c.setFont(display, 13)
    c.setFillColor(pal.c("dirt_dark"))
    c.drawString(tx, ytop - mm(5), "SET UP FROM THE BOTTOM")
    lines = [
        (bold, "1. Hide the tokens"), (body, "   face down, one in each compartment."),
        (bold, f"2. Lay layer {len(frames)}, then {', '.join(str(n) for n in range(len(frames) - 1, 0, -1))}"),
        (body, "   face down, each tile on its frame."),
        (bold, "Dig only free tiles:"), (body, "no part of a free tile lies under"),
        (body, "a tile of a higher layer."),
    ]
    yy = ytop - mm(11)
    for font, text in lines:
        c.setFont(font, size)
        c.setFillColor(ink)
        c.drawString(tx, yy, text)
        yy -= mm(4.6)

"""Archaeologia tiles and tokens (reportlab, drawn per the Face contract).

Each function returns a :class:`printkit.model.Face`: ``draw(canvas, box)``
with the origin at the trim's bottom-left corner, lengths in pt, background
run to the bleed edge, text inside ``box.safe``.  Colours and fonts come from
the theme's ``[games.archaeologia]`` palette (text on a coloured fill takes
whichever of ink and paper reads better on it, so pale ink-saver tints stay
readable); numbers from :class:`~printkit.games.archaeologia.data.ArchaeologiaRules`.

* strata tile fronts: RP top left (the biggest number), the group icon and
  size top right, the find in the middle, its name, the group (or "single")
  bottom left and the black-market value on a coin bottom right;
* strata tile backs ("buried side"): the stratum's name, research, tool and
  its place in the four layers — the same for every tile of a stratum;
* tool tiles and the RAIN tile; round markers (money and renown per player
  colour, SONAR, TENT); fold-over archaeologist standees.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from printkit.gamekit import (
    Face,
    FaceBox,
    best_contrast,
    colour_symbol,
    fit_stepped,
    glyph_box,
    icons,
    least_that_fits,
    mm,
    wrap_lines,
)
from printkit.games.archaeologia import art
from printkit.games.archaeologia.data import GAME_ID, ArchaeologiaRules, Discovery

G = GAME_ID
#: RP size (pt): the biggest text on a strata tile.
RP_PT = 24
#: Player-colour symbols (colour-blind safe: each colour also has a shape).
PLAYER_SYMBOLS = {"blue": "circle", "orange": "triangle", "green": "square", "purple": "diamond"}


def col(theme, role):
    """A palette colour of this game (falls back to the theme's general colours)."""
    return theme.colour(role, G)


def on(theme, role: str):
    """Text colour for text on the fill ``role``: ink or the game's ground, whichever contrasts more."""
    return HexColor(best_contrast(theme.hex(role, G), theme.hex("ink"), theme.hex("ground", G)))


def readable(theme, role: str, ground: str = "ground"):
    """The colour of ``role`` for small text on ``ground``: itself where its WCAG
    contrast there is 4.6 or more (WCAG's 4.5 and a margin for the rasteriser's
    anti-aliasing), else mixed toward ink just enough to reach it (pale
    ink-saver tints keep their hue and become readable)."""
    return HexColor(icons.readable(theme.hex(role, G), theme.hex(ground, G), theme.hex("ink"), 4.6, steps=20))


def fill_bleed(c, box: FaceBox, colour) -> None:
    """Paint the whole face, bleed included."""
    c.setFillColor(colour)
    c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, fill=1, stroke=0)


def text(c, s: str, x: float, y: float, font: str, size: float, colour, align: str = "centre") -> None:
    """One line of text at baseline ``y``."""
    c.setFont(font, size)
    c.setFillColor(colour)
    {"centre": c.drawCentredString, "left": c.drawString, "right": c.drawRightString}[align](x, y, s)


def fit(c, s: str, font: str, size: float, width: float, minimum: float = 7.0) -> float:
    """Largest size ≤ ``size`` (≥ ``minimum``) at which ``s`` fits ``width`` pt,
    in steps of 0.25 pt (:func:`printkit.gamekit.fit_stepped`)."""
    return fit_stepped(s, font, size, width, minimum, step=0.25)


def wrapped(c, s: str, cx: float, top: float, width: float, font: str, size: float, colour, leading=None,
            max_lines: int = 9, align: str = "centre") -> float:
    """Wrapped text from ``top`` down, centred on ``cx`` (``align="left"``:
    starting at ``cx``), in the lines of :func:`~printkit.gamekit.wrap_lines`
    (no lone last word); returns the last baseline."""
    leading = leading or size * 1.2
    lines = wrap_lines(s, font, size, width)[:max_lines]
    y = top - size
    for line in lines:
        text(c, line, cx, y, font, size, colour, align)
        y -= leading
    return y + leading


def frame(c, box: FaceBox, colour, inset: float, width: float = 1.4, radius: float = 5.0) -> None:
    """A rounded frame line ``inset`` pt inside the trim."""
    c.setStrokeColor(colour)
    c.setLineWidth(width)
    c.roundRect(inset, inset, box.width - 2 * inset, box.height - 2 * inset, radius, fill=0, stroke=1)


def rp_badge(c, theme, x: float, y: float, r: float, value: int, size: float = RP_PT) -> None:
    """The renown badge: laurel and disc in the renown colour, the RP on it."""
    art.laurel(c, x, y, 2 * r, col(theme, "renown"), col(theme, "renown"), col(theme, "ground"))
    text(c, str(value), x, y - size * 0.36, theme.font("display"), size, on(theme, "renown"))


def coin_badge(c, theme, x: float, y: float, r: float, value: int, size: float = 12) -> None:
    """A gold coin with ``value`` on it (black-market values, prices)."""
    art.coin(c, x, y, 2 * r, col(theme, "gold"), col(theme, "gold_dark"), col(theme, "ground"))
    text(c, str(value), x, y - size * 0.36, theme.font("display"), size, on(theme, "gold"))


def kind_label(rules: ArchaeologiaRules, d: Discovery) -> str:
    """What the tile is, as printed bottom left: the group's name, "SINGLE" or "EGG"."""
    if d.group:
        return rules.groups[d.group].name.upper()
    return "DINOSAUR EGG" if d.egg else "SINGLE"


#: Body type (pt) on tiles, tokens and standees before ``[type] scale``:
#: 9.6 pt (classic ≥ 8 pt; highcontrast's scale 1.15 makes it 11 pt).
BODY_PT = 9.6
#: The black-market value on its coin (pt): the tile's second number.
COIN_PT = 14


def body(theme, size: float = BODY_PT) -> float:
    """Body type size (pt) in ``theme``: ``size`` times ``[type] scale``."""
    return theme.small(size)


def body_floor(theme) -> float:
    """Smallest body type (pt) a label may shrink to: 8 pt, or no shrinking
    at all in a large-print theme (``[type] scale`` above 1)."""
    return body(theme) if theme.large_print else 8.0


def lines_of(c, s: str, font: str, size: float, width: float) -> list[str]:
    """``s`` wrapped to ``width`` pt at ``size`` (a word wider than the width keeps its line)."""
    return wrap_lines(s, font, size, width) or [s]


def size_badge(c, theme, x: float, y: float, r: float, hue) -> None:
    """The disc under a group's size (top right of a tile): ground with an
    ink ring — no solid ink disc, so ink-saver and large print stay light."""
    c.setFillColor(col(theme, "ground"))
    c.setStrokeColor(theme.colour("ink"))
    c.setLineWidth(1.2)
    c.circle(x, y, r, fill=1, stroke=1)


#: A strata tile's badges (pt, not scaled with the tile): the RP laurel's radius, the group
#: badge's side and the black-market coin's radius; the group size's disc hangs 10.5 pt
#: under the badge.
_TILE_LAUREL_R, _TILE_BADGE, _TILE_COIN_R = 17.0, 28.0, 11.0


def _tile_text(rules: ArchaeologiaRules, theme, d: Discovery, w: float, s: float):
    """A strata tile's bottom texts on a ``w`` pt tile with safe zone ``s``:
    (name size, leading, label size, label lines, name lines, the name's
    lowest baseline, the top of its highest line), pt, y up."""
    size = body(theme)
    lead = size * 1.15
    label = kind_label(rules, d)
    lfont = theme.font("semibold")
    lwidth = w - 2 * s - 2 * _TILE_COIN_R - 4
    lsize = fit(None, label, lfont, size, lwidth, minimum=body_floor(theme))
    lab = lines_of(None, label, lfont, lsize, lwidth)[:2]
    names = lines_of(None, d.name, theme.font("bold"), size, w - 2 * s - 4)[:2]
    base = max(s + 2 * _TILE_COIN_R, s + 3 + len(lab) * lead - lead + size * 0.75) + 6
    return size, lead, lsize, lab, names, base, base + (len(names) - 1) * lead + size * 0.75


def tile_room_problem(rules: ArchaeologiaRules, theme, safe_mm: float) -> str | None:
    """``None``, or why the rules' strata tiles (``sizes.tile`` mm square,
    safe zone ``safe_mm``) cannot print every tile in ``theme``: a name
    line wider than the tile, or the name rising within 3 pt of the badges
    above it (its laurel, badge and coin are set in points: at 30 mm the
    names ran over them) — with the smallest tile, to 1 mm up to 60, that
    holds them.  (A one-word label wider than the room beside the coin —
    TYRANNOSAURUS in large print on a tile under 46 mm, or at the bundled
    size in a theme of [type] scale 1.5 — is not refused: a bundled rules
    file must build in every theme.)"""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def fault(t_mm: float) -> str | None:
        w, s = mm(t_mm), mm(safe_mm)
        top_badges = min(w - s - _TILE_LAUREL_R + 1 - _TILE_LAUREL_R, w - s - _TILE_BADGE - 2 - 8.5)
        for d in rules.discoveries.values():
            size, _, _, _, names, _, name_top = _tile_text(rules, theme, d, w, s)
            if any(stringWidth(x, theme.font("bold"), size) > w - 2 * s - 4 for x in names) or name_top + 3 > top_badges:
                return d.name
        return None

    tile = rules.sizes["tile"]
    name = fault(tile)
    if name is None:
        return None
    room = least_that_fits(lambda t: fault(t) is None, tile, 60, 1, "size")
    return (f"sizes.tile = {tile:g}: too small for the tile {name!r} in the theme {theme.name!r} (its name would "
            f"run into its badges or past its edge); {room}")


def tile_front(rules: ArchaeologiaRules, theme, d: Discovery) -> Face:
    """A strata tile's front (see module doc).  Every text is drawn after all
    the art, so no picture or badge covers a letter; sizes: RP 24 pt, the
    black-market value :data:`COIN_PT`, the group size 12 pt, name and label
    :func:`body`."""
    group = rules.groups.get(d.group) if d.group else None

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        hue, light = col(theme, d.stratum), col(theme, f"{d.stratum}_light")
        ink = theme.colour("ink")
        ground = col(theme, "ground")
        fill_bleed(c, box, light)
        c.setFillColor(ground)
        c.roundRect(s * 0.55, s * 0.55, w - 1.1 * s, h - 1.1 * s, 5, fill=1, stroke=0)
        frame(c, box, hue, s * 0.55, 1.6)
        texts = []  # drawn last: (string, x, baseline, font, size, colour, align)
        # top left: RP on the laurel
        r = _TILE_LAUREL_R
        rx, ry = s + r - 2, h - s - r + 1
        art.laurel(c, rx, ry, 2 * r, col(theme, "renown"), col(theme, "renown"), ground)
        texts.append((str(d.rp), rx, ry - RP_PT * 0.36, theme.font("display"), RP_PT, on(theme, "renown"), "centre"))
        # top right: group icon and size (or the egg)
        bs = _TILE_BADGE
        bx, by = w - s - bs, h - s - bs
        if group or d.egg:
            c.setFillColor(hue)
            c.roundRect(bx, by, bs, bs, 4, fill=1, stroke=0)
            icon = art.GROUP_ART[group.icon] if group else art.egg
            icon(c, bx + bs / 2, by + bs / 2, bs * 0.78, ground, ink, hue)
            if group:
                size_badge(c, theme, bx + bs / 2, by - 2, 8.5, hue)
                texts.append((str(group.size), bx + bs / 2, by - 6.3, theme.font("display"), 12, ink, "centre"))
        # bottom right: the black-market coin; bottom left: what the tile is
        cr = _TILE_COIN_R
        cx, cy = w - s - cr + 1, s + cr - 1
        art.coin(c, cx, cy, 2 * cr, col(theme, "gold"), col(theme, "gold_dark"), ground)
        texts.append((str(d.black_market), cx, cy - COIN_PT * 0.36, theme.font("display"), COIN_PT, on(theme, "gold"),
                      "centre"))
        size, lead, lsize, lab, names, base, name_top = _tile_text(rules, theme, d, w, s)
        lfont, font = theme.font("semibold"), theme.font("bold")
        for i, line in enumerate(reversed(lab)):
            texts.append((line, s + 1, s + 3 + i * lead, lfont, lsize, readable(theme, d.stratum), "left"))
        # the name, above the bottom row
        for i, line in enumerate(reversed(names)):
            texts.append((line, w / 2, base + i * lead, font, size, ink, "centre"))
        # middle: the find, between the name and the top edge (it may rise between the badges)
        room_bottom, room_top = name_top + 3, h - s - 1
        pic = min(room_top - room_bottom, w - 2 * s - 2 * r - bs - 2, 56.0)
        py = (room_bottom + room_top) / 2
        c.setFillColor(light)
        c.circle(w / 2, py, pic * 0.52, fill=1, stroke=0)
        art.find_art(d.id, d.stratum, d.egg)(c, w / 2, py, pic * 0.95, hue if group or d.egg else col(theme, "ground_dark"),
                                             ink, light)
        for t in texts:
            text(c, *t)

    key = f"{G}/tile/{d.id}/{d.rp}/{d.black_market}/{d.group}/{d.name}"
    return Face(key, draw, text=f"{d.name}: {d.stratum} {d.kind} {d.rp} RP, black market {d.black_market}")


def _tufts(c, w: float, h: float, step: float) -> None:
    """GRASS: rows of three-blade tufts."""
    for j, y in enumerate(_steps(-step, h + step, step * 0.8)):
        for x in _steps(-step + (step / 2 if j % 2 else 0), w + step, step):
            for dx, top in ((-2.2, 3.5), (0, 5.0), (2.2, 3.5)):
                c.line(x, y, x + dx, y + top)


def _dots(c, w: float, h: float, step: float) -> None:
    """EARTH: a staggered field of dots."""
    for j, y in enumerate(_steps(-step, h + step, step * 0.6)):
        for x in _steps(-step + (step / 2 if j % 2 else 0), w + step, step * 0.7):
            c.circle(x, y, 1.1, fill=1, stroke=0)


def _blocks(c, w: float, h: float, step: float) -> None:
    """ROCK: courses of blocks (a stone wall)."""
    rows = _steps(-step, h + step, step * 0.7)
    for y in rows:
        c.line(-step, y, w + step, y)
    for j, y in enumerate(rows):
        for x in _steps(-step + (step / 2 if j % 2 else 0), w + step, step):
            c.line(x, y, x, y + step * 0.7)


def _bones(c, w: float, h: float, step: float) -> None:
    """DINOSAUR: scattered little bones (a shaft with knobbed ends), tilted."""
    for j, y in enumerate(_steps(-step, h + step, step * 0.8)):
        for i, x in enumerate(_steps(-step + (step / 2 if j % 2 else 0), w + step, step)):
            c.saveState()
            c.translate(x, y)
            c.rotate(35 if (i + j) % 2 else -35)
            c.line(-3.2, 0, 3.2, 0)
            for ex in (-3.6, 3.6):
                c.circle(ex, 1.0, 1.0, fill=1, stroke=0)
                c.circle(ex, -1.0, 1.0, fill=1, stroke=0)
            c.restoreState()


def _steps(start: float, stop: float, step: float) -> list[float]:
    out, v = [], start
    while v <= stop:
        out.append(v)
        v += step
    return out


#: Each stratum's pattern on its backs (drawn when the palette's ``<stratum>_pattern``
#: differs from ``<stratum>_back``): the strata are told apart without colour.
PATTERNS = {"grass": _tufts, "earth": _dots, "rock": _blocks, "dinosaur": _bones}


def tile_back(rules: ArchaeologiaRules, theme, stratum: str) -> Face:
    """The buried side of every tile of ``stratum``: its name and research,
    the tool it needs, and where it lies among the layers (bottom first).
    The back is filled with ``<stratum>_back``; soil lines run across it in
    whichever of the stratum's light and band colours shows more on it, or —
    when the palette gives the stratum a pattern colour of its own — the
    stratum's pattern (:data:`PATTERNS`) does instead."""
    st = rules.strata[stratum]

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        back_hex = theme.hex(f"{stratum}_back", G)
        back = HexColor(back_hex)
        fg = on(theme, f"{stratum}_back")
        fill_bleed(c, box, back)
        pattern_hex = theme.hex(f"{stratum}_pattern", G)
        pattern = PATTERNS.get(stratum) if pattern_hex.lower() != back_hex.lower() else None
        c.saveState()
        if pattern:
            c.setStrokeColor(HexColor(pattern_hex))
            c.setFillColor(HexColor(pattern_hex))
            c.setLineWidth(0.7)
            c.setLineCap(1)
            pattern(c, w, h, 14.0)
        else:
            # soil bands across the tile
            c.setStrokeColor(HexColor(best_contrast(back_hex, theme.hex(f"{stratum}_light", G),
                                                    theme.hex(stratum, G))))
            c.setLineWidth(0.8)
            for k in range(-1, 9):
                y0 = k * (h / 7)
                p = c.beginPath()
                p.moveTo(-box.bleed, y0)
                p.curveTo(w * 0.3, y0 + 6, w * 0.6, y0 - 5, w + box.bleed, y0 + 3)
                c.drawPath(p, fill=0, stroke=1)
        c.restoreState()
        # the name panel: the back colour, darkened just enough (toward ink) for its text to read at 4.5:1
        panel_hex = back_hex
        if max(icons.contrast_ratio(back_hex, theme.hex("ink")), icons.contrast_ratio(back_hex, theme.hex("ground", G))) < 4.5:
            panel_hex = icons.readable(back_hex, theme.hex("ground", G), theme.hex("ink"), 4.5, steps=20)
        panel = HexColor(panel_hex)
        pfg = HexColor(best_contrast(panel_hex, theme.hex("ink"), theme.hex("ground", G)))
        c.setFillColor(panel)
        c.roundRect(s, h * 0.36, w - 2 * s, h * 0.4, 5, fill=1, stroke=0)
        name = st.name.upper()
        size = fit(c, name, theme.font("display"), 20, w - 2 * s - 6)
        text(c, name, w / 2, h * 0.56, theme.font("display"), size, pfg)
        text(c, st.research, w / 2, h * 0.44, theme.font("italic"), body(theme), pfg)
        # layer gauge (bottom layer lowest), this stratum filled
        gx, gw, gh = s + 2, 14.0, 4.0
        if pattern:
            c.setFillColor(back)
            c.rect(gx - 1.5, s + 0.5, gw + 3, len(rules.layers) * (gh + 2) + 1, fill=1, stroke=0)
        for i, layer in enumerate(rules.layers):
            y = s + 2 + i * (gh + 2)
            c.setFillColor(fg if layer == stratum else back)
            c.setStrokeColor(fg)
            c.setLineWidth(0.6)
            c.rect(gx, y, gw, gh, fill=1, stroke=1)
        # tool needed, bottom right
        tool = rules.tools.get(st.tool)
        if tool:
            if pattern:
                c.setFillColor(back)
                c.circle(w - s - 10, s + 11, 12, fill=1, stroke=0)
            art.TOOL_ART[tool.id](c, w - s - 10, s + 11, 20, col(theme, f"{stratum}_light"), fg, back)

    return Face(f"{G}/back/{stratum}/{st.name}/{st.research}/{st.tool}/{'-'.join(rules.layers)}", draw,
                text=f"{st.name} back")


def tool_face(rules: ArchaeologiaRules, theme, tool_id: str) -> Face:
    """A tool tile (the same on both sides): the price on a coin top left
    (20 pt, the number a player needs), the sell-back value top right, the
    tool in the middle, its name and the stratum it digs at the bottom.  Texts
    are drawn after the art; body type :func:`body`."""
    tool = rules.tools[tool_id]
    digs = [s for s in rules.strata.values() if s.tool == tool_id]

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        ink = theme.colour("ink")
        ground = col(theme, "ground")
        fill_bleed(c, box, col(theme, "tool"))
        c.setFillColor(ground)
        c.roundRect(s * 0.6, s * 0.6, w - 1.2 * s, h - 1.2 * s, 5, fill=1, stroke=0)
        texts = []
        size = body(theme)
        # the bottom line's glyph boxes (not only its ink) stay above the safe zone's floor
        y = s + 2
        if digs:
            dig = "digs " + " & ".join(st.name for st in digs)
            dsize = fit(c, dig, theme.font("semibold"), size, w - 2 * s - 2, minimum=size * 0.9)
            y = s + max(2.0, glyph_box(theme.font("semibold"), dsize)[0])
            texts.append((dig, w / 2, y, theme.font("semibold"), dsize, ink, "centre"))
            y += dsize * 1.2
        name = tool.name.upper()
        nsize = fit(c, name, theme.font("display"), 14, w - 2 * s - 4, minimum=11)
        y = max(y, s + glyph_box(theme.font("display"), nsize)[0] - 1)
        texts.append((name, w / 2, y + 1, theme.font("display"), nsize, ink, "centre"))
        pic_bottom = y + nsize * 0.8 + 4
        cr = 14.0
        art.coin(c, s + cr, h - s - cr, 2 * cr, col(theme, "gold"), col(theme, "gold_dark"), ground)
        texts.append((str(tool.price), s + cr, h - s - cr - 20 * 0.36, theme.font("display"), 20, on(theme, "gold"),
                      "centre"))
        sell = f"sell {rules.sell_back}"
        texts.append((sell, w - s, h - s - size, theme.font("semibold"), size, readable(theme, "muted"), "right"))
        pic = min(h - s - pic_bottom, 52.0)
        art.TOOL_ART[tool_id](c, w / 2, pic_bottom + pic / 2, pic, col(theme, "gold"), ink, ground)
        for t in texts:
            text(c, *t)

    return Face(f"{G}/tool/{tool_id}/{tool.name}/{tool.price}/{rules.sell_back}", draw,
                text=f"{tool.name} {tool.price} coins")


def rain_face(rules: ArchaeologiaRules, theme) -> Face:
    """The RAIN tile (both sides): the cloud, its name and what it does
    (body type :func:`body`, drawn after the cloud) on the rain colour,
    framed by the tool tiles' band (it shares their sheet and cut lines)."""

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        fill_bleed(c, box, col(theme, "tool"))  # the tool tiles' band: the sheet's neighbours share its colour
        c.setFillColor(col(theme, "rain"))
        c.roundRect(s * 0.6, s * 0.6, w - 1.2 * s, h - 1.2 * s, 5, fill=1, stroke=0)
        fg = on(theme, "rain")
        size = body(theme)
        rule = "No digging, no SONAR on this pile."
        lines = lines_of(c, rule, theme.font("semibold"), size, w - 2 * s)
        lead = size * 1.15
        # the last line's baseline (top - 1 - size - (n - 1) lead) keeps its glyph boxes above the safe zone
        top = s + max(2 + len(lines) * lead, glyph_box(theme.font("semibold"), size)[0] + 1 + size
                      + (len(lines) - 1) * lead)
        art.cloud(c, w / 2, (top + 22 + h - s) / 2, min(h - s - top - 22, 44), col(theme, "ground"), fg,
                  col(theme, "rain"))
        text(c, "RAIN", w / 2, top + 4, theme.font("display"), 16, fg)
        wrapped(c, rule, w / 2, top - 1, w - 2 * s, theme.font("semibold"), size, fg, leading=lead)

    return Face(f"{G}/rain", draw, text="RAIN")


#: Round tokens keep decoration this far (pt) from their cut circle: only a
#: plain band, pale enough for the cut line to show, lies there (the tokens'
#: 1.5 mm safe zone).
ROUND_CLEAR = mm(1.5)


def band_colour(theme, role: str):
    """The plain outer band of a round token: ``role`` mixed three parts in ten
    with the game's ground (still its colour, light enough for a cut line)."""
    return icons.mix(theme.hex(role, G), theme.hex("ground", G), 0.7)


def marker_face(rules: ArchaeologiaRules, theme, colour: str, track: str) -> Face:
    """A round player marker (both sides): a plain band of the player's colour,
    pale, within :data:`ROUND_CLEAR` of the cut; inside it a disc of the full
    colour holding, on a ground-coloured badge in its upper part, a coin ($,
    the MONEY track) or a laurel (RP, RENOWN), and the player's symbol below.
    Every mark keeps 1 pt or more inside the disc (sizes in proportion to its
    radius).  Label :func:`body` (11 pt in highcontrast) on its badge."""

    def draw(c, box: FaceBox) -> None:
        w = box.width
        r = w / 2
        disc = r - ROUND_CLEAR
        fill_bleed(c, box, band_colour(theme, colour))
        c.setFillColor(col(theme, colour))
        c.circle(r, r, disc, fill=1, stroke=0)
        size = body(theme)
        cy = r + 0.32 * disc
        # the badge: the icon on the ground colour reads on every player colour
        c.setFillColor(col(theme, "ground"))
        c.circle(r, cy, 0.6 * disc, fill=1, stroke=0)
        if track == "money":
            art.coin(c, r, cy, 1.1 * disc, col(theme, "gold"), col(theme, "gold_dark"), col(theme, "ground"))
            label, role = "$", "gold"
        else:  # the laurel's own disc holds "RP" (14 pt across; 11 pt capitals are 13.9 pt wide)
            art.laurel(c, r, cy, 1.12 * disc, col(theme, "renown"), col(theme, "renown"), col(theme, "ground"))
            label, role = "RP", "renown"
        colour_symbol(c, PLAYER_SYMBOLS[colour], r, r - 0.61 * disc, 0.44 * disc, theme.colour("ink"),
                      col(theme, "ground"), 0.8)
        text(c, label, r, cy - size * 0.36, theme.font("display"), size, on(theme, role))

    return Face(f"{G}/marker/{colour}/{track}", draw, text=f"{colour} {track} marker")


def round_label(s: str, font: str, size: float, least: float, r: float, safe: float, low: float,
                ceiling: float) -> tuple[str, float, float]:
    """Where a one-line label centred across a round token goes, so that
    its glyph boxes (:func:`printkit.gamekit.glyph_box`, as a print shop's
    preflight boxes them) lie inside the safe circle — radius ``r - safe``
    about the token's centre (``r``, ``r``) — and under ``ceiling``: at
    baseline ``low`` when it fits there, else raised just enough (its box's
    top at most ``ceiling``), else ``size`` lowered in 0.25 pt steps down to
    ``least``, else the same again in title case (shorter than capitals).
    All pt, from the trim's bottom-left corner.  Returns (text, size,
    baseline); when nothing fits, the title-case label at ``least`` on
    ``low`` (over the safe zone: the layout's tests say so)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    radius = r - safe
    for t in dict.fromkeys((s, s.title())):
        at = size
        while True:
            half = stringWidth(t, font, at) / 2
            below, above = glyph_box(font, at)
            if half < radius:
                reach = (radius * radius - half * half) ** 0.5  # how far up or down the box's corners may go
                base = max(low, r - reach + below)
                if base + above <= min(ceiling, r + reach):
                    return t, at, base
            if at <= least:
                break
            at = max(least, at - 0.25)
    return t, at, low


def round_token_face(rules: ArchaeologiaRules, theme, what: str) -> Face:
    """A SONAR or TENT marker (both sides): a plain band of the tool colour,
    pale, within :data:`ROUND_CLEAR` of the cut, the icon above and the name
    across the middle (:func:`body`, drawn after the icon), its glyph boxes
    inside the marker's safe circle (``box.safe`` in from the cut; raised
    toward the icon, smaller or in title case where it would not fit:
    :func:`round_label`)."""
    icon = art.RENTAL_ART[what]
    label = rules.rentals[what].name.upper() if what in rules.rentals else what.upper()

    def draw(c, box: FaceBox) -> None:
        w = box.width
        r = w / 2
        fill_bleed(c, box, band_colour(theme, "tool"))
        c.setFillColor(col(theme, "ground"))
        c.circle(r, r, r - ROUND_CLEAR, fill=1, stroke=0)
        size = body(theme)
        icon_y, icon_size = r + 8.5, 10
        icon(c, r, icon_y, icon_size, col(theme, "rain" if what == "sonar" else "gold"), theme.colour("ink"),
             col(theme, "ground"))
        # the label may rise until its box reaches 0.4 of the icon's size under the icon's centre
        # (the icons' ink stops lower than that: the TENT's ground line, 0.36 of its size)
        shown, at, base = round_label(label, theme.font("bold"), size, body_floor(theme), r, box.safe,
                                      r - size * 0.36 - 2, icon_y - 0.4 * icon_size)
        text(c, shown, r, base, theme.font("bold"), at, theme.colour("ink"))

    return Face(f"{G}/token/{what}/{label}", draw, text=f"{label} marker")


def pawn_face(rules: ArchaeologiaRules, theme, colour: str) -> Face:
    """A fold-over archaeologist standee (one-sided): base tab, figure upside
    down, fold, figure upright, base tab.  Each of the three dashed fold lines
    is labelled "fold" (:func:`body`); the coloured tabs stop :data:`STANDEE_CLEAR`
    short of the cut, so standees of different colours never butt."""
    base_mm = rules.sizes["pawn_base"]
    fig_mm = rules.sizes["pawn_height"]

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        base, fig = mm(base_mm), mm(fig_mm)
        hue = col(theme, colour)
        ink = theme.colour("ink")
        fill_bleed(c, box, col(theme, "ground"))
        k = STANDEE_CLEAR
        for y0 in (0, h - base):
            c.setFillColor(hue)
            c.roundRect(k, y0 + (k if y0 == 0 else 0), w - 2 * k, base - k, 3, fill=1, stroke=0)
        for y0, flip in ((base, True), (base + fig, False)):
            c.saveState()
            if flip:
                c.translate(w / 2, y0 + fig / 2)
                c.rotate(180)
                c.translate(-w / 2, -(y0 + fig / 2))
            art.archaeologist(c, w / 2, y0 + fig * 0.52, fig * 0.86, hue, ink, col(theme, "ground"))
            colour_symbol(c, PLAYER_SYMBOLS[colour], w * 0.16, y0 + fig * 0.1, 9, ink)
            c.restoreState()
        c.setStrokeColor(ink)
        c.setLineWidth(0.5)
        c.setDash(3, 2)
        folds = (base, base + fig, base + 2 * fig)
        for y in folds:
            c.line(0, y, w, y)
        c.setDash()
        size = body(theme)
        fg = readable(theme, "muted")
        # each label on the figure side of its fold, right-aligned clear of the figure
        for y, above in zip(folds, (True, True, False)):
            text(c, "fold", w - box.safe, y + 2 if above else y - size * 0.8 - 2, theme.font("semibold"), size, fg,
                 "right")

    return Face(f"{G}/pawn/{colour}/{base_mm}/{fig_mm}", draw, text=f"{colour} archaeologist")


#: How far (pt) a standee's coloured base tabs stop short of its cut lines.
STANDEE_CLEAR = mm(2.0)

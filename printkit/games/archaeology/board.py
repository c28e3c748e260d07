"""The Archaeology board: dig space, marketplace and three chest spaces.

:func:`board_draw` returns a drawing function following the Face contract
(origin at the trim's bottom-left, pt, art to the bleed edge) for a board of
``rules.board_width`` × ``rules.board_height`` mm.  Card spaces are the card
size plus 3 mm so a card sits inside its outline.  Each chest space is a card
space reading "not found yet" (the chest card covers it when it is dug up)
beside a panel with the chest's keys and treasures from the rules data.

:func:`board_layout` gives the spaces' rectangles (pt) for tests.
Raises :class:`printkit.PrintkitError` when the board is too small for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit import PrintkitError
from printkit.games.archaeology import art
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules
from printkit.model import FaceBox
from printkit.units import mm

G = GAME_ID
FRAME = mm(6)
GAP = mm(5)
TAB_H = mm(8)
INFO_W = mm(42)


@dataclass(frozen=True)
class Space:
    """A card space: ``kind`` ("dig", "market", "chest"), an id and its
    rectangle (x, y, w, h) in pt from the board's trim origin."""

    kind: str
    id: str
    x: float
    y: float
    w: float
    h: float


def board_layout(rules: ArchaeologyRules) -> list[Space]:
    """Every card space of the board, top row (dig, marketplace) then bottom
    row (chests, in rules order).  Raises :class:`printkit.PrintkitError`
    when they do not fit the board."""
    W, H = mm(rules.board_width), mm(rules.board_height)
    sw, sh = mm(rules.card_width + 3), mm(rules.card_height + 3)
    pad = mm(2)
    title_h = mm(13)
    inner_h = H - 2 * FRAME - title_h
    row_h = sh + 2 * pad
    spare = inner_h - 2 * row_h - 2 * TAB_H
    need_w_top = FRAME * 2 + (sw + 2 * pad) + GAP + rules.market_slots * (sw + pad) + pad
    need_w_bottom = FRAME * 2 + len(rules.chests) * (sw + INFO_W + 3 * pad) + (len(rules.chests) - 1) * GAP
    if spare < 0 or max(need_w_top, need_w_bottom) > W:
        raise PrintkitError(
            f"{rules.file or 'rules/archaeology.toml'}: sizes.board_width, board_height: a {rules.board_width:g} × "
            f"{rules.board_height:g} mm board cannot hold "
            f"its card spaces (needs {max(need_w_top, need_w_bottom) / mm(1):.0f} mm wide, "
            f"{(H - spare) / mm(1):.0f} mm tall)"
        )
    spaces: list[Space] = []
    # top row: centred horizontally
    x = (W - need_w_top) / 2 + FRAME
    top_y = FRAME + row_h + TAB_H + spare / 2 + pad
    spaces.append(Space("dig", "dig", x + pad, top_y, sw, sh))
    x += sw + 2 * pad + GAP
    for i in range(rules.market_slots):
        spaces.append(Space("market", f"market-{i + 1}", x + pad + i * (sw + pad), top_y, sw, sh))
    x = (W - need_w_bottom) / 2 + FRAME
    bottom_y = FRAME + pad + spare / 4
    for cid in rules.chests:
        spaces.append(Space("chest", cid, x + pad, bottom_y, sw, sh))
        x += sw + INFO_W + 3 * pad + GAP
    return spaces


def _text(c, text, x, y, font, size, colour, align="centre"):
    c.setFont(font, size)
    c.setFillColor(colour)
    {"centre": c.drawCentredString, "left": c.drawString, "right": c.drawRightString}[align](x, y, text)


def _tab(c, theme, text, x0, x1, y, fill, fg) -> None:
    """A label tab centred on the top edge of a panel."""
    font = theme.font("display")
    w = c.stringWidth(text, font, 13) + mm(8)
    cx = (x0 + x1) / 2
    c.setFillColor(fill)
    c.roundRect(cx - w / 2, y - TAB_H / 2, w, TAB_H, mm(2), fill=1, stroke=0)
    _text(c, text, cx, y - 4.5, font, 13, fg)


def _slot(c, theme, s: Space, fill, outline) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(outline)
    c.setLineWidth(1.2)
    c.setDash(5, 3)
    c.roundRect(s.x, s.y, s.w, s.h, mm(3), fill=1, stroke=1)
    c.setDash()


def board_draw(rules: ArchaeologyRules, theme):
    """The board's drawing function ``draw(canvas, box)`` (see module doc)."""
    spaces = board_layout(rules)

    def col(role):
        return theme.colour(role, G)

    def draw(c, box: FaceBox) -> None:
        W, H, b = box.width, box.height, box.bleed
        ink = theme.colour("ink")
        ground, sand, earth, gold = col("ground"), col("sand"), col("earth"), col("gold")
        # frame to the bleed edge, papyrus field inside
        c.setFillColor(earth)
        c.rect(-b, -b, W + 2 * b, H + 2 * b, fill=1, stroke=0)
        c.setFillColor(ground)
        c.roundRect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, mm(4), fill=1, stroke=0)
        # desert strata across the field (opaque tints)
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, mm(4))
        c.clipPath(clip, stroke=0, fill=0)
        c.setFillColor(sand)
        for k in range(6):
            y0 = FRAME + k * mm(38)
            p = c.beginPath()
            p.moveTo(0, y0)
            p.curveTo(W * 0.3, y0 + mm(8), W * 0.6, y0 - mm(6), W, y0 + mm(4))
            p.lineTo(W, y0 + mm(14))
            p.curveTo(W * 0.6, y0 + mm(4), W * 0.3, y0 + mm(18), 0, y0 + mm(10))
            p.close()
            c.drawPath(p, fill=1, stroke=0)
        c.restoreState()
        c.setStrokeColor(gold)
        c.setLineWidth(1.5)
        c.roundRect(FRAME + mm(1.5), FRAME + mm(1.5), W - 2 * FRAME - mm(3), H - 2 * FRAME - mm(3), mm(3),
                    fill=0, stroke=1)
        # title banner
        title = rules.title.upper()
        tw = c.stringWidth(title, theme.font("display"), 30) + mm(24)
        ty = H - FRAME - mm(12.5)
        c.setFillColor(earth)
        c.roundRect(W / 2 - tw / 2, ty, tw, mm(11.5), mm(3), fill=1, stroke=0)
        _text(c, title, W / 2, ty + mm(2.6), theme.font("display"), 30, gold)
        art.pharaoh_mask(c, W / 2 - tw / 2 - mm(9), ty + mm(5.75), mm(12), gold, ink, ground)
        art.pharaoh_mask(c, W / 2 + tw / 2 + mm(9), ty + mm(5.75), mm(12), gold, ink, ground)

        pad = mm(2)
        dig = [s for s in spaces if s.kind == "dig"]
        market = [s for s in spaces if s.kind == "market"]
        chests = [s for s in spaces if s.kind == "chest"]
        # panels
        c.setStrokeColor(earth)
        c.setLineWidth(1.4)
        for group in (dig, market):
            x0 = group[0].x - pad
            x1 = group[-1].x + group[-1].w + pad
            y0 = group[0].y - pad
            y1 = group[0].y + group[0].h + pad
            c.setFillColor(col("ground_dark"))
            c.roundRect(x0, y0, x1 - x0, y1 - y0, mm(3), fill=1, stroke=1)
        _tab(c, theme, "DIG SPACE", dig[0].x - pad, dig[0].x + dig[0].w + pad, dig[0].y + dig[0].h + pad, earth, gold)
        _tab(c, theme, "MARKETPLACE", market[0].x - pad, market[-1].x + market[-1].w + pad,
             market[0].y + market[0].h + pad, earth, gold)
        for s in dig:
            _slot(c, theme, s, ground, earth)
            art.shovel(c, s.x + s.w / 2, s.y + s.h * 0.58, mm(30), gold, ink, ground)
            _text(c, "Treasure deck", s.x + s.w / 2, s.y + s.h * 0.3, theme.font("bold"), 10, ink)
            _text(c, "face down: draw here", s.x + s.w / 2, s.y + s.h * 0.3 - 12, theme.font("body"), 8,
                  theme.colour("muted"))
        for s in market:
            _slot(c, theme, s, ground, earth)
            art.museum(c, s.x + s.w / 2, s.y + s.h * 0.55, mm(16), col("ground_dark"), ink, ground)
            _text(c, "face up", s.x + s.w / 2, s.y + s.h * 0.3, theme.font("semibold"), 8, theme.colour("muted"))
        mk = market[-1]
        _text(c, "Trade cards of equal total trade value", (market[0].x + mk.x + mk.w) / 2, market[0].y - pad - mm(4.2),
              theme.font("semibold"), 8.5, ink)
        # chest spaces
        for s, chest in zip(chests, rules.chests.values()):
            role = {"wood": "wood", "stone": "stone", "gold": "gold_dark"}.get(chest.id, "earth")
            hue = col(role)
            x0, y0 = s.x - pad, s.y - pad
            x1, y1 = s.x + s.w + INFO_W + 2 * pad, s.y + s.h + pad
            c.setFillColor(col("ground_dark"))
            c.setStrokeColor(hue)
            c.setLineWidth(1.8)
            c.roundRect(x0, y0, x1 - x0, y1 - y0, mm(3), fill=1, stroke=1)
            _tab(c, theme, chest.name.upper(), x0, x1, y1, hue, ground)
            _slot(c, theme, s, ground, hue)
            art.chest(c, s.x + s.w / 2, s.y + s.h * 0.6, mm(30), col("ground_dark"), col("ground_dark"), ground)
            _text(c, "NOT FOUND", s.x + s.w / 2, s.y + s.h * 0.32, theme.font("display"), 14, hue)
            _text(c, "cover with the chest", s.x + s.w / 2, s.y + s.h * 0.32 - 12, theme.font("body"), 8,
                  theme.colour("muted"))
            _text(c, "card when it is dug up", s.x + s.w / 2, s.y + s.h * 0.32 - 22, theme.font("body"), 8,
                  theme.colour("muted"))
            ix = s.x + s.w + pad + INFO_W / 2
            for k, (value, label, icon) in enumerate((
                (chest.keys, "KEY" if chest.keys == 1 else "KEYS", "key"),
                (chest.treasures, "TREASURES", "cards"),
            )):
                cy = s.y + s.h * (0.72 - 0.42 * k)
                c.setFillColor(ground)
                c.roundRect(ix - INFO_W / 2 + pad, cy - mm(14), INFO_W - 2 * pad, mm(30), mm(2), fill=1, stroke=0)
                if icon == "key":
                    art.key(c, ix - mm(8), cy + mm(4), mm(12), gold, ink, ground)
                else:
                    c.setFillColor(earth)
                    c.roundRect(ix - mm(11), cy - mm(1), mm(6), mm(9), 1.5, fill=1, stroke=0)
                    c.setFillColor(gold)
                    c.roundRect(ix - mm(13), cy - mm(2), mm(6), mm(9), 1.5, fill=1, stroke=0)
                _text(c, str(value), ix + mm(7), cy - mm(1), theme.font("display"), 28, ink)
                _text(c, label, ix, cy - mm(10), theme.font("bold"), 8, theme.colour("muted"))

    return draw

"""The Archaeology board: dig space, three chest spaces and the marketplace.

:func:`board_draw` returns a drawing function following the Face contract
(origin at the trim's bottom-left, pt, art to the bleed edge) for a board of
``rules.board_width`` × ``rules.board_height`` mm.  Card spaces are the card
size plus 2 mm so a card sits inside its outline.  On the left, in two rows:
the dig space, then one space per chest, each reading "not found" with the
chest's keys and treasures from the rules data (the treasures lie face down on
it from setup; the chest card goes on top when it is dug up).  On the right,
the marketplace: one card space per treasure dealt face up at setup
(``rules.market_slots``, rulebook: Setting Up the Game), in two rows.

:func:`board_layout` gives the spaces' rectangles (pt) for tests.
Raises :class:`printkit.PrintkitError` when the board is too small for them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.gamekit import FaceBox, PrintkitError, icons, mm
from reportlab.lib.colors import HexColor

from printkit.games.archaeology import art
from printkit.games.archaeology.cards import CHEST_ROLES, line_art, readable, text_on
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules, keys_text

G = GAME_ID
FRAME = mm(6)
GAP = mm(5)
TAB_H = mm(8)
PAD = mm(2)
TITLE_H = mm(13)
#: Space under the marketplace for its trading rule (pt).
NOTE_H = mm(6)
#: Rows of card spaces on each side of the board.
ROWS = 2


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
    """Every card space of the board: the dig space, the chests (rules
    order), then the marketplace (left to right, top row first).  Raises
    :class:`printkit.PrintkitError` when they do not fit the board."""
    W, H = mm(rules.board_width), mm(rules.board_height)
    sw, sh = mm(rules.card_width + 2), mm(rules.card_height + 2)
    left_cols = math.ceil((1 + len(rules.chests)) / ROWS)
    market_cols = math.ceil(rules.market_slots / ROWS)
    market_rows = min(ROWS, rules.market_slots)
    cell_w, cell_h = sw + 2 * PAD, sh + 2 * PAD
    left_w = left_cols * cell_w + (left_cols - 1) * GAP
    market_w = market_cols * (sw + PAD) + PAD
    need_w = 2 * FRAME + left_w + GAP + market_w
    left_h = ROWS * (TAB_H / 2 + cell_h) + (ROWS - 1) * mm(1)
    market_h = TAB_H / 2 + market_rows * (sh + PAD) + PAD + NOTE_H
    need_h = 2 * FRAME + TITLE_H + max(left_h, market_h)
    if need_w > W or need_h > H:
        raise PrintkitError(
            f"{rules.file or 'rules/archaeology.toml'}: sizes.board_width, board_height: a {rules.board_width:g} × "
            f"{rules.board_height:g} mm board cannot hold its card spaces (needs {need_w / mm(1):.0f} mm wide, "
            f"{need_h / mm(1):.0f} mm tall)"
        )
    x0 = (W - need_w) / 2 + FRAME
    top = H - FRAME - TITLE_H - (H - need_h) / 2  # the top of the spaces' area
    spaces: list[Space] = []
    ids = [("dig", "dig")] + [("chest", cid) for cid in rules.chests]
    for k, (kind, sid) in enumerate(ids):
        row, col = divmod(k, left_cols)
        x = x0 + col * (cell_w + GAP) + PAD
        y = top - TAB_H / 2 - row * (cell_h + TAB_H / 2 + mm(1)) - PAD - sh
        spaces.append(Space(kind, sid, x, y, sw, sh))
    mx0 = x0 + left_w + GAP
    for i in range(rules.market_slots):
        row, col = divmod(i, market_cols)
        x = mx0 + PAD + col * (sw + PAD)
        y = top - TAB_H / 2 - PAD - sh - row * (sh + PAD)
        spaces.append(Space("market", f"market-{i + 1}", x, y, sw, sh))
    return spaces


def _text(c, text, x, y, font, size, colour, align="centre"):
    c.setFont(font, size)
    c.setFillColor(colour)
    {"centre": c.drawCentredString, "left": c.drawString, "right": c.drawRightString}[align](x, y, text)


def _tab(c, theme, text, x0, x1, y, fill, fg, line=None) -> None:
    """A label tab centred on the top edge of a panel (outlined in ``line`` if given)."""
    font = theme.font("display")
    w = c.stringWidth(text, font, 13) + mm(8)
    cx = (x0 + x1) / 2
    c.setFillColor(fill)
    if line is not None:
        c.setStrokeColor(line)
        c.setLineWidth(1.4)
    c.roundRect(cx - w / 2, y - TAB_H / 2, w, TAB_H, mm(2), fill=1, stroke=int(line is not None))
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

    def hexc(role):
        return theme.hex(role, G)

    def draw(c, box: FaceBox) -> None:
        W, H, b = box.width, box.height, box.bleed
        ink = theme.colour("ink")
        small = theme.small  # small type: labels and notes (big numbers and titles keep their size)
        legible = theme.legible  # small type a player reads: ≥ 11 pt in a large-print theme
        lines = line_art(theme)
        outline = col("outline") if lines else None
        ground, sand, earth, gold = col("ground"), col("sand"), col("earth"), col("gold")
        banner = col("banner")
        # the banner's and the tabs' text: gold on lapis (classic), else lapis or ink, whichever reads
        banner_fg = text_on(theme, hexc("banner"), hexc("gold"), hexc("earth"))
        # frame to the bleed edge, papyrus field inside
        c.setFillColor(col("board_frame"))
        c.rect(-b, -b, W + 2 * b, H + 2 * b, fill=1, stroke=0)
        c.setFillColor(ground)
        if lines:
            c.setStrokeColor(outline)
            c.setLineWidth(2.0)
        c.roundRect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, mm(4), fill=1, stroke=int(lines))
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
        # 26 pt: the capitals sit 2.5 mm clear of the banner's edges
        tw = c.stringWidth(title, theme.font("display"), 26) + mm(24)
        ty = H - FRAME - mm(12.5)
        c.setFillColor(banner)
        if lines:
            c.setStrokeColor(outline)
            c.setLineWidth(1.4)
        c.roundRect(W / 2 - tw / 2, ty, tw, mm(11.5), mm(3), fill=1, stroke=int(lines))
        _text(c, title, W / 2, ty + mm(2.6), theme.font("display"), 26, banner_fg)
        art.pharaoh_mask(c, W / 2 - tw / 2 - mm(9), ty + mm(5.75), mm(12), gold, ink, ground)
        art.pharaoh_mask(c, W / 2 + tw / 2 + mm(9), ty + mm(5.75), mm(12), gold, ink, ground)

        pad = PAD
        dig = [s for s in spaces if s.kind == "dig"]
        market = [s for s in spaces if s.kind == "market"]
        chests = [s for s in spaces if s.kind == "chest"]
        muted = theme.colour("muted")
        # the marketplace: one panel round every space
        c.setStrokeColor(earth)
        c.setLineWidth(1.4)
        mx0 = min(s.x for s in market) - pad
        mx1 = max(s.x + s.w for s in market) + pad
        my0 = min(s.y for s in market) - pad
        my1 = max(s.y + s.h for s in market) + pad
        c.setFillColor(col("ground_dark"))
        c.roundRect(mx0, my0, mx1 - mx0, my1 - my0, mm(3), fill=1, stroke=1)
        _tab(c, theme, "MARKETPLACE", mx0, mx1, my1, banner, banner_fg, outline)
        for s in market:
            _slot(c, theme, s, ground, earth)
            art.coin(c, s.x + s.w / 2, s.y + s.h * 0.6, mm(22), col("ground_dark"), col("ground_dark"), ground)
            _text(c, "TREASURE", s.x + s.w / 2, s.y + s.h * 0.34, theme.font("display"), 12, earth)
            _text(c, "face up", s.x + s.w / 2, s.y + s.h * 0.34 - small(12), theme.font("semibold"), legible(8), muted)
        _text(c, "Swap treasures for market treasures of equal or lower total trade value. No change.",
              (mx0 + mx1) / 2, my0 - mm(4.2), theme.font("semibold"), legible(8.5), ink)
        # the dig space
        for s in dig:
            x0, y0, x1, y1 = s.x - pad, s.y - pad, s.x + s.w + pad, s.y + s.h + pad
            c.setFillColor(col("ground_dark"))
            c.setStrokeColor(earth)
            c.setLineWidth(1.4)
            c.roundRect(x0, y0, x1 - x0, y1 - y0, mm(3), fill=1, stroke=1)
            _tab(c, theme, "DIG SPACE", x0, x1, y1, banner, banner_fg, outline)
            _slot(c, theme, s, ground, earth)
            art.shovel(c, s.x + s.w / 2, s.y + s.h * 0.6, mm(30), gold, ink, ground)
            tx, ty = s.x + s.w / 2, s.y + s.h * 0.3
            _text(c, "The deck", tx, ty, theme.font("bold"), small(10), ink)
            _text(c, "face down: dig the top card", tx, ty - small(12), theme.font("body"), legible(8), muted)
            _text(c, "at the end of your turn", tx, ty - small(22), theme.font("body"), legible(8), muted)
        # chest spaces: treasures face down from setup, the chest card on top once found
        for s, chest in zip(chests, rules.chests.values()):
            role = CHEST_ROLES.get(chest.id, "key")
            hue = col(role)
            tab_hex = hexc(f"{role}_ground")
            if not lines:   # darkened just enough for the papyrus name (stone, gold: 3.5:1 alone)
                tab_hex = icons.readable(tab_hex, hexc("ground"), theme.hex("ink"), 4.7, steps=20)
            # classic: a tab in the chest's colour with papyrus text; line art: its pale ground, outlined
            tab_fg = readable(hexc(role), tab_hex, theme.hex("ink")) if lines else ground
            x0, y0, x1, y1 = s.x - pad, s.y - pad, s.x + s.w + pad, s.y + s.h + pad
            c.setFillColor(col("ground_dark"))
            c.setStrokeColor(hue)
            c.setLineWidth(1.8)
            c.roundRect(x0, y0, x1 - x0, y1 - y0, mm(3), fill=1, stroke=1)
            _tab(c, theme, chest.name.upper(), x0, x1, y1, HexColor(tab_hex), tab_fg, hue if lines else None)
            _slot(c, theme, s, ground, hue)
            cx = s.x + s.w / 2
            art.CHEST_ICONS.get(chest.id, art.chest)(c, cx, s.y + s.h * 0.8, mm(20), col("ground_dark"),
                                                      col("ground_dark"), ground, col("ground_dark"))
            _text(c, "NOT FOUND", cx, s.y + s.h * 0.62, theme.font("display"), 14,
                  readable(hexc(role), hexc("ground_dark"), theme.hex("ink"), 4.7))
            ty = s.y + s.h * 0.62
            how = ["its treasures lie here face down;", "the chest card goes on top when dug up"]
            step = small(9)
            if theme.large_print:  # rewrapped: at 11 pt the second line all but fills the space
                how = [how[0], "the chest card goes on top", "when dug up"]
                step = legible(8) * 1.2  # leading of the rewrapped lines
            for k, line in enumerate(how):
                _text(c, line, cx, ty - (small(11) + k * step), theme.font("body"), legible(8), muted)
            bw = (s.w - 3 * pad) / 2
            for k, (value, label, icon) in enumerate((
                (chest.keys, keys_text(chest.keys).split(" ", 1)[1].upper(), "key"),
                (chest.treasures, "TREASURES", "cards"),
            )):
                bx = s.x + pad + k * (bw + pad)
                by = s.y + pad
                bh = mm(24)
                c.setFillColor(col("ground_dark"))
                c.roundRect(bx, by, bw, bh, mm(2), fill=1, stroke=0)
                ix = bx + bw / 2
                iy = by + mm(14)
                if icon == "key":
                    art.key(c, ix - mm(6), iy + mm(1), mm(10), gold, ink, col("ground_dark"))
                else:
                    c.setFillColor(earth)
                    c.roundRect(ix - mm(9), iy - mm(2.5), mm(5), mm(7.5), 1.5, fill=1, stroke=0)
                    c.setFillColor(gold)
                    c.roundRect(ix - mm(11), iy - mm(3.5), mm(5), mm(7.5), 1.5, fill=1, stroke=0)
                _text(c, str(value), ix + mm(5), iy - mm(3.5), theme.font("display"), 26, ink)
                _text(c, label, ix, by + mm(2.5), theme.font("bold"), legible(8), muted)

    return draw

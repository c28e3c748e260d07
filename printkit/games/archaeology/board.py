"""The Archaeology board: dig space, chest spaces and the marketplace on the
two banks of a river.

:func:`board_draw` returns a drawing function following the Face contract
(origin at the trim's bottom-left, pt, art to the bleed edge) for a board of
``rules.board_width`` × ``rules.board_height`` mm.  Card spaces are the card
size plus 2 mm so a card sits inside its outline.

Tiled on A4 or Letter pages (:func:`printkit.tiling.plan_tiles`), the board
is cut and glued along its seams; :func:`seam_band` asks the tiler where
they fall (both papers, the build's default bleeds and printer margin) and
the layout keeps that band — each seam, half the glue overlap either side,
and :data:`SEAM_CLEAR` more — free of every card space and word: a river
runs down it, background art only (issue 24: "join in a gutter").

* West bank: the title banner over the dig space and one space per chest,
  in two rows; each chest space reads "not found" with the chest's keys and
  treasures from the rules data (the treasures lie face down on it from
  setup; the chest card goes on top when it is dug up).
* East bank: the marketplace, one card space per treasure dealt face up at
  setup (``rules.market_slots``, rulebook: Setting Up the Game) in two
  columns; each card lies over the foot of the one above it (the rows are
  :attr:`BoardPlan.step` apart), so the trade values and names in every
  card's top corners stay in view — six flat card spaces and the seam's
  gutter do not both fit a 370 mm board tiled on two pages.

:func:`board_layout` gives the spaces' rectangles (pt) for tests,
:func:`board_plan` the whole plan (river, banks).
Raises :class:`printkit.PrintkitError` when the board is too small for them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.gamekit import FaceBox, PrintkitError, fit_lines, icons, mm
from reportlab.lib.colors import HexColor
from reportlab.lib.utils import simpleSplit

from printkit.games.archaeology import art
from printkit.games.archaeology.cards import CHEST_ROLES, line_art, readable, text_on
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules, keys_text

G = GAME_ID
FRAME = mm(6)
GAP = mm(5)
TAB_H = mm(8)
PAD = mm(2)
TITLE_H = mm(13)
#: Room (pt) between the board's inner edge and the card spaces' panels.
INSET = mm(4)
#: Clear room (pt) kept beyond each side of a seam's glue overlap.
SEAM_CLEAR = mm(4)
#: Least height (pt) of a market card's top left in view when the next card
#: lies over its foot: its trade values and name.
TUCK_MIN = mm(30)
#: Least width (pt) of the river, and the bank (pt) between it and the spaces' panels.
RIVER_MIN, BANK = mm(12), mm(3)
#: Rows of card spaces on the west bank.
ROWS = 2
#: Columns of the marketplace (its cards overlap down each column).
MARKET_COLS = 2
#: The papers (and the build's defaults: bleeds in mm, printer margin) whose
#: seams the layout keeps clear: ``printkit build`` tiles the board on these.
SEAM_PAPERS = ("a4", "letter")
SEAM_BLEEDS = (0.0, 3.0)


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


@dataclass(frozen=True)
class BoardPlan:
    """The board's layout, pt from its trim origin.

    ``spaces``: every card space (:func:`board_layout`); ``band``: (x0, x1)
    the seams' keep-clear band (:func:`seam_band`), ``None`` when the board
    fits one page; ``river``: (x0, x1) of the river between the banks;
    ``west``: (x0, x1) of the west bank's spaces; ``market``: (x0, y0, x1, y1)
    of the marketplace panel; ``step``: distance between the tops of two
    market cards in one column (< the space height: they overlap).
    """

    spaces: tuple[Space, ...]
    band: tuple[float, float] | None
    river: tuple[float, float]
    west: tuple[float, float]
    market: tuple[float, float, float, float]
    step: float
    title_y: float


def seam_band(rules: ArchaeologyRules) -> tuple[float, float] | None:
    """(x0, x1) in pt: the vertical band the board keeps free of card spaces
    and text — every vertical seam :func:`printkit.tiling.plan_tiles` gives
    the board on :data:`SEAM_PAPERS` (bleeds :data:`SEAM_BLEEDS`, the papers'
    own printer margin), widened by half the rules' ``board_overlap`` (the
    glue strip) and :data:`SEAM_CLEAR` either side; ``None`` when every
    paper holds the board on one page."""
    from printkit.gamekit import get_paper, plan_tiles

    W, H, overlap = mm(rules.board_width), mm(rules.board_height), mm(rules.board_overlap)
    xs = [x for name in SEAM_PAPERS for b in SEAM_BLEEDS
          for x in plan_tiles(W, H, mm(b), get_paper(name), overlap).seams_x]
    if not xs:
        return None
    half = overlap / 2 + SEAM_CLEAR
    return min(xs) - half, max(xs) + half


def _too_small(rules: ArchaeologyRules, why: str) -> PrintkitError:
    return PrintkitError(
        f"{rules.file or 'rules/archaeology.toml'}: sizes.board_width, board_height: a {rules.board_width:g} × "
        f"{rules.board_height:g} mm board cannot hold its card spaces ({why})"
    )


def board_plan(rules: ArchaeologyRules) -> BoardPlan:
    """The board's layout (see :class:`BoardPlan`).  Raises
    :class:`printkit.PrintkitError` when the spaces do not fit the board or
    cannot keep clear of the tiling seams."""
    W, H = mm(rules.board_width), mm(rules.board_height)
    sw, sh = mm(rules.card_width + 2), mm(rules.card_height + 2)
    left_cols = math.ceil((1 + len(rules.chests)) / ROWS)
    cell_w, cell_h = sw + 2 * PAD, sh + 2 * PAD
    west_w = left_cols * cell_w + (left_cols - 1) * GAP
    m_cols = min(MARKET_COLS, rules.market_slots)
    m_rows = math.ceil(rules.market_slots / m_cols)
    market_w = max(west_w, m_cols * sw + (m_cols + 1) * PAD + (m_cols - 1) * GAP)
    left_h = ROWS * (TAB_H / 2 + cell_h) + (ROWS - 1) * mm(1)
    need_h = 2 * FRAME + TITLE_H + left_h
    # the banks sit symmetric about the seams' band (the board's centre when it fits one page)
    band = seam_band(rules)
    centre = (band[0] + band[1]) / 2 if band else W / 2
    wx0 = FRAME + INSET
    wx1 = wx0 + west_w
    mx0 = 2 * centre - wx1
    mx1 = mx0 + market_w
    eps = 1e-6
    if mx0 - wx1 < RIVER_MIN + 2 * BANK - eps:  # the river needs its room between the banks
        mx0 = wx1 + RIVER_MIN + 2 * BANK
        mx1 = mx0 + market_w
    if mx1 + FRAME + INSET > W + eps or need_h > H + eps:
        raise _too_small(rules, f"needs {(mx1 + FRAME + INSET) / mm(1):.0f} mm wide, {need_h / mm(1):.0f} mm tall")
    if band and (wx1 > band[0] + eps or mx0 < band[1] - eps):
        raise _too_small(rules, f"the tiling seam's gutter, {band[0] / mm(1):.0f}–{band[1] / mm(1):.0f} mm from "
                                f"the left, would cross them")
    top = H - FRAME - TITLE_H - (H - need_h) / 2  # the top of the west bank's spaces
    spaces: list[Space] = []
    ids = [("dig", "dig")] + [("chest", cid) for cid in rules.chests]
    for k, (kind, sid) in enumerate(ids):
        row, col = divmod(k, left_cols)
        x = wx0 + col * (cell_w + GAP) + PAD
        y = top - TAB_H / 2 - row * (cell_h + TAB_H / 2 + mm(1)) - PAD - sh
        spaces.append(Space(kind, sid, x, y, sw, sh))
    # the marketplace: its tab level with the title banner, its foot level with the west bank's
    title_y = H - FRAME - mm(12.5)
    my1 = title_y + mm(5.75)
    my0 = top - left_h
    note_h = _NOTE_LINES * mm(5)
    room = (my1 - my0) - TAB_H / 2 - 2 * PAD - note_h - sh
    step = min(sh + PAD, room / (m_rows - 1)) if m_rows > 1 else sh + PAD
    if step < TUCK_MIN:
        raise _too_small(rules, f"the marketplace's {rules.market_slots} cards would show less than "
                                f"{TUCK_MIN / mm(1):.0f} mm of each")
    gap = (market_w - 2 * PAD - m_cols * sw) / max(1, m_cols - 1) if m_cols > 1 else 0.0
    cx0 = mx0 + (market_w - m_cols * sw - (m_cols - 1) * gap) / 2
    for i in range(rules.market_slots):
        row, col = divmod(i, m_cols)
        x = cx0 + col * (sw + gap)
        y = my1 - TAB_H / 2 - PAD - sh - row * step
        spaces.append(Space("market", f"market-{i + 1}", x, y, sw, sh))
    river = (wx1 + BANK, mx0 - BANK)
    return BoardPlan(tuple(spaces), band, river, (wx0, wx1), (mx0, my0, mx1, my1), step, title_y)


#: Lines kept for the marketplace's trading rule under its cards.
_NOTE_LINES = 2


def board_layout(rules: ArchaeologyRules) -> list[Space]:
    """Every card space of the board: the dig space, the chests (rules
    order), then the marketplace (left to right, top row first; a row lies
    over the foot of the row above).  Raises :class:`printkit.PrintkitError`
    when they do not fit the board (see :func:`board_plan`)."""
    return list(board_plan(rules).spaces)


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


def _fit_size(c, text: str, font: str, size: float, width: float, least: float) -> float:
    """The largest size ≤ ``size`` (pt, whole steps, ≥ ``least``) at which ``text`` fits ``width`` pt."""
    while size > least and c.stringWidth(text, font, size) > width:
        size -= 1
    return size


def _balanced(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` wrapped within ``width`` pt in as few lines as fit, the lines
    as even as that many allow (no lone last word)."""
    lines = simpleSplit(text, font, size, width)
    while width > 20:
        tighter = simpleSplit(text, font, size, width - 4)
        if len(tighter) != len(lines):
            break
        lines, width = tighter, width - 4
    return lines


def _river(c, theme, plan: BoardPlan, W: float, H: float, lines: bool) -> None:
    """The river between the banks, the board's full height (the caller clips
    to the field): water with wavy banks, ripples, reeds on both banks and a
    felucca — background art only, no text: the tiling seams' gutter."""
    x0, x1 = plan.river
    water = theme.colour("river", G)
    ripple = theme.colour("river_line", G)
    reed = theme.colour("reed", G)
    bank = theme.colour("outline", G) if lines else theme.colour("gold_dark", G)
    wave, n = mm(2), 12

    def edge(p, x, down: bool) -> None:
        ys = [H * k / n for k in range(n + 1)]
        if down:
            ys = ys[::-1]
        for a, b in zip(ys, ys[1:]):
            sign = 1 if round(a / (H / n)) % 2 else -1
            p.curveTo(x + sign * wave, a + (b - a) / 3, x + sign * wave, a + 2 * (b - a) / 3, x, b)

    p = c.beginPath()
    p.moveTo(x0, 0)
    edge(p, x0, False)
    p.lineTo(x1, H)
    edge(p, x1, True)
    p.close()
    c.setFillColor(water)
    c.drawPath(p, fill=1, stroke=0)
    # the banks' lines
    c.setStrokeColor(bank)
    c.setLineWidth(1.2)
    for x, down in ((x0, False), (x1, True)):
        q = c.beginPath()
        q.moveTo(x, H if down else 0)
        edge(q, x, down)
        c.drawPath(q, fill=0, stroke=1)
    # ripples: short arcs staggered down the water
    c.setStrokeColor(ripple)
    c.setLineWidth(1.0)
    cx, w = (x0 + x1) / 2, x1 - x0
    for k in range(14):
        y = H * (k + 0.5) / 14
        for dx in ((-0.22, 0.18) if k % 2 else (-0.05, 0.3)):
            u = cx + dx * w
            q = c.beginPath()
            q.moveTo(u - mm(4), y)
            q.curveTo(u - mm(2), y + mm(1.4), u, y + mm(1.4), u + mm(2), y)
            q.curveTo(u + mm(3), y - mm(0.9), u + mm(4), y - mm(0.9), u + mm(5), y)
            c.drawPath(q, fill=0, stroke=1)
    # reeds (papyrus): stalks with fanned heads, in clumps on both banks
    c.setLineWidth(1.1)
    for k, (x, side) in enumerate(((x0, 1), (x1, -1), (x0, 1), (x1, -1))):
        y = H * (0.12 + 0.24 * k)
        for j in range(3):
            sx = x + side * mm(2 + 2.2 * j)
            hgt = mm(13 + 4 * ((j + k) % 2))
            c.setStrokeColor(reed)
            c.line(sx, y, sx + side * mm(0.8), y + hgt)
            c.setFillColor(reed)
            c.wedge(sx + side * mm(0.8) - mm(3), y + hgt - mm(3), sx + side * mm(0.8) + mm(3),
                    y + hgt + mm(3), 45, 90, fill=1, stroke=0)
    # a felucca on the water, sailing north
    # in the wider stretch of water beside the seams' band (whole on one page), its sail
    # towards mid-river, and above mid-height (clear of the seam labels)
    k, by, side = 1.2, H * 0.73, 1
    bx = cx
    if plan.band:
        west, east = plan.band[0] - x0, x1 - plan.band[1]
        bx, side = ((x0 + plan.band[0]) / 2, 1) if west >= east else ((plan.band[1] + x1) / 2, -1)
    c.setFillColor(theme.colour("wood", G) if not lines else water)
    c.setStrokeColor(bank)
    c.setLineWidth(1.0)
    hull = c.beginPath()
    hull.moveTo(bx - mm(3 * k), by - mm(9 * k))
    hull.curveTo(bx - mm(4.5 * k), by - mm(2 * k), bx - mm(4.5 * k), by + mm(4 * k), bx, by + mm(11 * k))
    hull.curveTo(bx + mm(4.5 * k), by + mm(4 * k), bx + mm(4.5 * k), by - mm(2 * k), bx + mm(3 * k), by - mm(9 * k))
    hull.close()
    c.drawPath(hull, fill=1, stroke=int(lines))
    c.setFillColor(theme.colour("ground", G))
    sail = c.beginPath()
    sail.moveTo(bx + side * mm(0.5 * k), by + mm(8 * k))
    sail.lineTo(bx + side * mm(9 * k), by - mm(5 * k))
    sail.lineTo(bx + side * mm(0.5 * k), by - mm(6 * k))
    sail.close()
    c.drawPath(sail, fill=1, stroke=1)


def board_draw(rules: ArchaeologyRules, theme):
    """The board's drawing function ``draw(canvas, box)`` (see module doc)."""
    plan = board_plan(rules)
    spaces = plan.spaces

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
        _river(c, theme, plan, W, H, lines)
        c.restoreState()
        c.setStrokeColor(gold)
        c.setLineWidth(1.5)
        c.roundRect(FRAME + mm(1.5), FRAME + mm(1.5), W - 2 * FRAME - mm(3), H - 2 * FRAME - mm(3), mm(3),
                    fill=0, stroke=1)
        # title banner
        # title banner over the west bank, wholly on one side of the seams' gutter
        title = rules.title.upper()
        wx0, wx1 = plan.west
        tcx = (wx0 + wx1) / 2
        masks = mm(30)  # a pharaoh's mask either side of the banner
        # 26 pt (smaller only for a long title): the capitals sit 2.5 mm clear of the banner's edges
        tsize = _fit_size(c, title, theme.font("display"), 26, wx1 - wx0 - mm(24) - masks, 14)
        tlines = [title]
        if c.stringWidth(title, theme.font("display"), tsize) > wx1 - wx0 - mm(24):
            # a house rules' long title (40 W's): two lines in the banner, 12 pt down to 11
            tsize, tlines = fit_lines(title, theme.font("display"), 12, wx1 - wx0 - mm(24), 11)
        tw = max(c.stringWidth(t, theme.font("display"), tsize) for t in tlines) + mm(24)
        ty = plan.title_y
        c.setFillColor(banner)
        if lines:
            c.setStrokeColor(outline)
            c.setLineWidth(1.4)
        c.roundRect(tcx - tw / 2, ty, tw, mm(11.5), mm(3), fill=1, stroke=int(lines))
        if len(tlines) == 1:
            _text(c, title, tcx, ty + mm(5.75) - tsize * 0.36, theme.font("display"), tsize, banner_fg)
        else:  # the block of two lines (cap top to last baseline) centred on the banner
            for i, t in enumerate(tlines):
                _text(c, t, tcx, ty + mm(5.75) + tsize * 0.19 - i * tsize * 1.1, theme.font("display"), tsize,
                      banner_fg)
        if tw + masks <= wx1 - wx0 + 1e-6:
            art.pharaoh_mask(c, tcx - tw / 2 - mm(9), ty + mm(5.75), mm(12), gold, ink, ground)
            art.pharaoh_mask(c, tcx + tw / 2 + mm(9), ty + mm(5.75), mm(12), gold, ink, ground)

        pad = PAD
        dig = [s for s in spaces if s.kind == "dig"]
        market = [s for s in spaces if s.kind == "market"]
        chests = [s for s in spaces if s.kind == "chest"]
        muted = theme.colour("muted")
        # the marketplace: one panel round its two columns; each card lies over the foot of
        # the one above, so every card's top (trade values, name) stays in view
        mx0, my0, mx1, my1 = plan.market
        c.setStrokeColor(earth)
        c.setLineWidth(1.4)
        c.setFillColor(col("ground_dark"))
        c.roundRect(mx0, my0, mx1 - mx0, my1 - my0, mm(3), fill=1, stroke=1)
        _tab(c, theme, "MARKETPLACE", mx0, mx1, my1, banner, banner_fg, outline)
        shown = min(plan.step, market[0].h)  # the height of a card left in view above the next
        last_row = max(s.y for s in market) if len(market) <= MARKET_COLS else min(s.y for s in market)
        for s in market:  # top row first: each later row drawn over the foot of the one above
            _slot(c, theme, s, ground, earth)
            top = s.y + s.h
            cx = s.x + s.w / 2
            size = min(mm(20), shown * 0.4)
            art.coin(c, cx, top - shown * 0.32, size, col("ground_dark"), col("ground_dark"), ground)
            ty = top - shown * 0.68
            _text(c, "TREASURE", cx, ty, theme.font("display"), 12, earth)
            _text(c, "face up", cx, ty - small(12), theme.font("semibold"), legible(8), muted)
            if s.y == last_row and len(market) > MARKET_COLS:  # the foot of the last row: how the cards lie
                how = _balanced("Lay each card over the foot of the one above: every trade value and name "
                                "stays in view.", theme.font("body"), legible(8), s.w - 2 * pad - mm(2))
                lead = legible(8) * 1.2
                y = s.y + (s.h - shown) / 2 + (len(how) - 1) * lead / 2 - legible(8) * 0.35
                for line in how:
                    _text(c, line, cx, y, theme.font("body"), legible(8), muted)
                    y -= lead
        note = "Swap treasures for market treasures of equal or lower total trade value. No change."
        note_pt = legible(8.5)
        note_lines = _balanced(note, theme.font("semibold"), note_pt, mx1 - mx0 - 2 * pad - mm(2))
        foot = min(s.y for s in market)
        lead = note_pt * 1.2
        y = (my0 + foot) / 2 + (len(note_lines) - 1) * lead / 2 - note_pt * 0.35
        for line in note_lines:
            _text(c, line, (mx0 + mx1) / 2, y, theme.font("semibold"), note_pt, ink)
            y -= lead
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

"""Archaeology card and money-token faces (reportlab, drawn per the Face contract).

Each function returns a :class:`printkit.model.Face`: ``draw(canvas, box)``
with the origin at the trim's bottom-left corner, lengths in pt, background
run to the bleed edge, text inside ``box.safe``.  Every colour and font comes
from the theme's ``[games.archaeology]`` palette; every number from
:class:`~printkit.games.archaeology.data.ArchaeologyRules`.  Text is ≥ 7 pt;
the number a player needs most (a treasure's trade value, a chest's keys and
treasures, a coin's value) is ≥ 20 pt.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor

from printkit.games.archaeology import art
from printkit.gamekit import Face, FaceBox, contrast_ratio, fit_lines, fit_stepped, icons, mix, wrap_lines
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules, Chest, Treasure, chest_text, thief_text

G = GAME_ID
#: Trade value size (pt): the biggest text on a treasure card.
TRADE_PT = 26
TEXT_PT = 8.5
#: Smallest size (pt) of a rule card's rule, and the least height (pt) of its picture, when a
#: house rules' long rule text needs the room (the bundled rules print at TEXT_PT).
RULE_LEAST_PT, ART_LEAST_PT = 6.5, 24.0
#: Large print (a theme with ``[type] scale`` above 1): the treasure card's museum
#: row and its cells (pt), taller than classic (60, 36) for 11 pt labels.
LARGE_ROW_H, LARGE_CELL_H = 70.0, 44.0
#: Large print: the rule cards' column of big numbers (pt) — wide enough for the
#: longest label ("CARDS TO TAKE") at 11 pt — and the largest height of one number box.
LARGE_NUMBERS_W, LARGE_NUMBER_H = 86.0, 46.0


#: WCAG contrast text must reach on its ground (normal-size text), with a
#: little margin for the rendered anti-aliasing.
READABLE = 4.6


def _col(theme, role):
    return theme.colour(role, G)


def _hex(theme, role) -> str:
    return theme.hex(role, G)


def line_art(theme) -> bool:
    """The theme asks for line art (``outline`` set in ``[games.archaeology]``:
    ink-saver, high contrast): shapes on pale or white grounds get outlines in
    that colour, and a card's identity colour moves from its ground to its
    lines and title."""
    return "outline" in theme.games.get(G, {})


def readable(colour: str, ground: str, towards: str, minimum: float = READABLE):
    """``colour`` (hex) if it reads on ``ground`` (WCAG ≥ ``minimum``), else
    the first blend of it towards ``towards`` (hex, tenths) that does — so a
    hue keeps its identity but darkens (or lightens) just enough to read."""
    return HexColor(icons.readable(colour, ground, towards, minimum, steps=10))


def text_on(theme, ground: str, *preferred: str, minimum: float = READABLE):
    """The first of ``preferred`` (hex) that reads on ``ground``, else the
    theme's ink or white, whichever contrasts more."""
    for h in preferred:
        if contrast_ratio(h, ground) >= minimum:
            return HexColor(h)
    return HexColor(icons.best_contrast(ground, theme.hex("ink"), "#ffffff"))


def _frame(theme, default):
    """The card frame (the bleed area around the panel): the theme's
    ``frame`` role for this game when it sets one (ink-saver: white), else
    ``default`` (the card type's own colour)."""
    if "frame" in theme.games.get("archaeology", {}):
        return _col(theme, "frame")
    return default


def _fill_bleed(c, box: FaceBox, colour) -> None:
    c.setFillColor(colour)
    c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, fill=1, stroke=0)


def _panel(c, box: FaceBox, inset: float, fill, radius: float = 8.0):
    x0, y0, x1, y1 = inset, inset, box.width - inset, box.height - inset
    c.setFillColor(fill)
    c.roundRect(x0, y0, x1 - x0, y1 - y0, radius, fill=1, stroke=0)
    return x0, y0, x1, y1


def _centred_text(c, text: str, x: float, y: float, font: str, size: float, colour) -> None:
    c.setFont(font, size)
    c.setFillColor(colour)
    c.drawCentredString(x, y, text)


def _fit(c, text: str, font: str, size: float, width: float, minimum: float = 8.0) -> float:
    """Largest size ≤ ``size`` (≥ ``minimum``) at which ``text`` fits ``width`` pt,
    in steps of 0.5 pt (:func:`printkit.gamekit.fit_stepped`)."""
    return fit_stepped(text, font, size, width, minimum)


def _wrapped(c, text: str, x0: float, x1: float, top: float, font: str, size: float, colour,
             leading: float | None = None) -> float:
    """Centred, wrapped text from ``top`` down (:func:`~printkit.gamekit.wrap_lines`:
    no lone last word); returns the baseline of the last line."""
    leading = leading or size * 1.22
    lines = wrap_lines(text, font, size, x1 - x0)
    c.setFont(font, size)
    c.setFillColor(colour)
    y = top - size
    for line in lines:
        c.drawCentredString((x0 + x1) / 2, y, line)
        y -= leading
    return y + leading


def _badge(c, theme, x: float, y: float, r: float, value: int) -> None:
    """The trade-value badge: a ``badge`` disc (lapis) in a ``badge_ring``
    (gold), the value in the display font in a colour that reads on the disc."""
    c.setFillColor(_col(theme, "badge_ring"))
    c.circle(x, y, r, fill=1, stroke=0)
    c.setFillColor(_col(theme, "badge"))
    c.circle(x, y, r * 0.84, fill=1, stroke=0)
    if line_art(theme):
        c.setStrokeColor(_col(theme, "outline"))
        c.setLineWidth(1.0)
        c.circle(x, y, r, fill=0, stroke=1)
    fg = text_on(theme, _hex(theme, "badge"), _hex(theme, "ground"), _hex(theme, "earth"))
    _centred_text(c, str(value), x, y - TRADE_PT * 0.35, theme.font("display"), TRADE_PT, fg)


def treasure_face(rules: ArchaeologyRules, theme, t: Treasure) -> Face:
    """A treasure card front: trade value in both top corners, the type's art,
    its rarity ("12 in the deck") and the "Sell to Museum" row (×1 … full set).
    Line-art themes (:func:`line_art`) outline the panel in the type's hue and
    the museum row, its cells and the badges in ``outline``."""

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        lines = line_art(theme)
        hue = _col(theme, t.id)
        ink = theme.colour("ink")
        ground = _col(theme, "ground")
        ground_hex = _hex(theme, "ground")
        small = theme.legible  # small type: ≥ 11 pt in a large-print theme
        large = theme.large_print
        _fill_bleed(c, box, _frame(theme, hue))
        x0, y0, x1, y1 = _panel(c, box, box.safe * 0.75, ground)
        if lines:
            c.setStrokeColor(hue)
            c.setLineWidth(2.0)
            c.roundRect(x0, y0, x1 - x0, y1 - y0, 8.0, fill=0, stroke=1)
        # top corners: trade value
        r = 19.0
        pad = box.safe + 1.5
        for bx in (pad + r, w - pad - r):
            _badge(c, theme, bx, h - pad - r, r, t.trade)
        for bx in (pad + r, w - pad - r):
            # large print: 1 pt lower, clear of the badge (4 pt above the ribbon)
            _centred_text(c, "TRADE", bx, h - pad - 2 * r - (10 if large else 9), theme.font("bold"), small(8),
                          theme.colour("muted"))
        # rarity between the badges, in the type's hue darkened until it reads
        cx = w / 2
        _centred_text(c, str(t.count), cx, h - pad - 22, theme.font("display"), 14,
                      readable(_hex(theme, t.id), ground_hex, theme.hex("ink")))
        # large print: 2 pt lower, clear of the count
        _centred_text(c, "in the deck", cx, h - pad - (34 if large else 32), theme.font("semibold"), small(8),
                      theme.colour("muted"))
        # title ribbon
        band_y = h - pad - 2 * r - 34
        # classic: papyrus title on the hue, darkened just enough that the title reads
        # (WCAG ≥ 4.5: the light gold of COIN and PARCHMENT SCRAP alone gives 2.7–2.9)
        c.setFillColor(hue if lines else readable(_hex(theme, t.id), ground_hex, theme.hex("ink")))
        c.rect(x0, band_y, x1 - x0, 20, fill=1, stroke=0)
        size = _fit(c, t.name.upper(), theme.font("display"), 13, x1 - x0 - 12, small(8) if large else 8.0)
        name_fg = text_on(theme, _hex(theme, t.id), ground_hex) if lines else ground
        _centred_text(c, t.name.upper(), cx, band_y + 10 - size * 0.36, theme.font("display"), size, name_fg)
        # museum row
        row_h = LARGE_ROW_H if large else 60.0
        rx0, rx1 = x0 + 4, x1 - 4
        ry0 = y0 + 4
        row_hex = _hex(theme, "museum_ground")
        c.setFillColor(HexColor(row_hex))
        if lines:
            c.setStrokeColor(_col(theme, "outline"))
            c.setLineWidth(1.0)
        c.roundRect(rx0, ry0, rx1 - rx0, row_h, 5, fill=1, stroke=int(lines))
        head_y = ry0 + row_h - 13
        label = "SELL TO MUSEUM"
        lsize = max(8.0, small(7.5))  # 8 pt classic, ≥ 11 in large print
        lw = c.stringWidth(label, theme.font("bold"), lsize)
        label_fg = text_on(theme, row_hex, _hex(theme, "gold"))
        art.museum(c, cx - lw / 2 - 8, head_y + 4, 10, label_fg, ink, ground)
        _centred_text(c, label, cx + 6, head_y + 1.5, theme.font("bold"), lsize, label_fg)
        n = t.full_set
        gap = 3.0
        bw = (rx1 - rx0 - 8 - gap * (n - 1)) / n
        bh = LARGE_CELL_H if large else 36.0
        for i, value in enumerate(t.sell):
            bx = rx0 + 4 + i * (bw + gap)
            by = ry0 + 5
            full = i == n - 1
            cell_hex = _hex(theme, "highlight") if full else ground_hex
            c.setFillColor(HexColor(cell_hex))
            if lines:
                c.setStrokeColor(_col(theme, "outline"))
                c.setLineWidth(0.8)
            c.roundRect(bx, by, bw, bh, 3, fill=1, stroke=int(lines))
            fg = text_on(theme, cell_hex, theme.hex("ink"))
            top = f"×{i + 1}"
            if full and c.stringWidth(top + " FULL", theme.font("bold"), small(8)) <= bw - 3:
                top += " FULL"     # only where it fits at full size
            tsize = _fit(c, top, theme.font("bold"), small(8), bw - 3, small(8) if large else 8.0)
            # large print: the label's caps 3 pt under the cell's top, the value 17 pt
            _centred_text(c, top, bx + bw / 2, by + bh - (tsize * 0.72 + 3 if large else 9.5), theme.font("bold"),
                          tsize, fg)
            vsize = (_fit(c, f"${value}", theme.font("display"), 17, bw - 5, small(8)) if large  # 2.5 pt each side
                     else _fit(c, f"${value}", theme.font("display"), 15, bw - 3, 9))
            _centred_text(c, f"${value}", bx + bw / 2, by + (8 if large else 6), theme.font("display"), vsize, fg)
        # art between ribbon and museum row
        top_art, bottom_art = band_y - 4, ry0 + row_h + 4
        ay = (top_art + bottom_art) / 2
        size_art = min(top_art - bottom_art, 92)
        c.setFillColor(_col(theme, "sand"))
        c.circle(cx, ay, size_art * 0.5, fill=1, stroke=0)
        art.TREASURE_ICONS[t.id](c, cx, ay, size_art * 0.72, hue, ink, _col(theme, "sand"))

    return Face(f"archaeology/treasure/{t.id}/{t.trade}/{'-'.join(map(str, t.sell))}/{t.count}", draw,
                text=f"{t.name} trade {t.trade} ({t.count} in the deck) sell {'/'.join(map(str, t.sell))}")


#: A rule card's big-number icons: centre (pt from the number's centre) and half width (pt);
#: :func:`_rule_card` draws each icon from these.
NUMBER_ICONS = {"key": (-15.0, 10.0), "money": (-18.0, 8.0), "card": (-17.5, 7.5)}
#: Least room (pt) between a big number's icon and its value.
NUMBER_GAP = 4.0


def _rule_card(rules: ArchaeologyRules, theme, key: str, title: str, hue_role: str, icon, rule: str,
               note: str | None = None, numbers: list[tuple[str, int | str, str]] | None = None) -> Face:
    """Shared layout of thief, master thief, key and chest cards: title, big
    art, optional big numbers (``(label, value, icon)``, icon ``"key"``,
    ``"money"`` or a card stack), the rule in short on a papyrus panel, and
    an optional note ribbon.  ``hue_role`` is the card's identity colour; the
    card is printed on ``<hue_role>_ground``.  Classic: the ground is the hue,
    with gold lines and papyrus title.  Line art (:func:`line_art`): a white
    or pale ground, the hue on the frame and panel outlines and in the title."""

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        lines = line_art(theme)
        bg_hex = _hex(theme, f"{hue_role}_ground")
        if not lines:
            # classic: darkened just enough for the papyrus title (stone, gold chests: 3.5:1 alone)
            bg_hex = icons.readable(bg_hex, _hex(theme, "ground"), theme.hex("ink"), 4.7, steps=20)
        hue_hex = _hex(theme, hue_role)
        bg = HexColor(bg_hex)
        ground = _col(theme, "ground")
        ink = theme.colour("ink")
        small = theme.legible  # small type: ≥ 11 pt in a large-print theme
        large = theme.large_print
        _fill_bleed(c, box, bg)
        line = readable(hue_hex, bg_hex, theme.hex("ink"), 3.0) if lines else _col(theme, "card_line")
        c.setStrokeColor(line)
        c.setLineWidth(2.0 if lines else 1.2)
        i = box.safe * 0.75
        c.roundRect(i, i, w - 2 * i, h - 2 * i, 8, fill=0, stroke=1)
        fg = readable(hue_hex, bg_hex, theme.hex("ink")) if lines else ground
        size = _fit(c, title, theme.font("display"), 20, w - 2 * box.safe - 8)
        # large print: the title 4 pt higher (its caps still inside the safe zone), for the room below
        _centred_text(c, title, w / 2, h - box.safe - (22 if large else 26), theme.font("display"), size, fg)

        def panel(x, y, pw, ph, radius, fill):
            c.setFillColor(fill)
            if lines:
                c.setStrokeColor(line)
                c.setLineWidth(0.8)
            c.roundRect(x, y, pw, ph, radius, fill=1, stroke=int(lines))

        def number(cx, bottom, label, value, sym, label_pt, room):
            """A big number: its icon, the value (24 pt) and the label under them,
            drawn for a box ``room`` pt wide, ``bottom`` up, centred on ``cx``.
            A value too wide to sit beside the icon as drawn (``$88``, a house
            rule's cost) is drawn with the icon as one group centred in the box,
            ``NUMBER_GAP`` pt apart, lowered from 24 pt until the group fits
            ``room`` less 4 pt a side (never below 8 pt)."""
            text, font = str(value), theme.font("display")
            centre, half = NUMBER_ICONS.get(sym, NUMBER_ICONS["card"])  # the icon's centre (from cx) and half width
            size, at, dx = 24.0, cx + 10, 0.0
            wide = c.stringWidth(text, font, size)
            if at - wide / 2 - (cx + centre + half) < NUMBER_GAP or at + wide / 2 > cx + room / 2 - 4:
                size = _fit(c, text, font, size, room - 8 - 2 * half - NUMBER_GAP)
                wide = c.stringWidth(text, font, size)
                left = cx - (2 * half + NUMBER_GAP + wide) / 2
                dx = left + half - (cx + centre)  # the icon moves with the group
                at = left + 2 * half + NUMBER_GAP + wide / 2
            ix = cx + centre + dx  # the icon's centre
            if sym == "key":
                art.key(c, ix, bottom + 26, 20, _col(theme, "gold"), ink, ground)
            elif sym == "money":
                c.setFillColor(_col(theme, "gold"))
                c.circle(ix, bottom + 25, half, fill=1, stroke=0)
                c.setFillColor(_col(theme, "gold_dark"))
                c.circle(ix, bottom + 25, 5.5, fill=1, stroke=0)
            else:  # two cards 11 pt wide, the back one 3 pt right of the front
                c.setFillColor(_col(theme, "earth"))
                c.roundRect(ix - 3.5, bottom + 17, 11, 16, 2, fill=1, stroke=0)
                c.setFillColor(_col(theme, "gold"))
                c.roundRect(ix - 6.5, bottom + 15, 11, 16, 2, fill=1, stroke=0)
            _centred_text(c, text, at, bottom + 16 + (24 - size) * 0.35, font, size, ink)
            _centred_text(c, label, cx, bottom + 5, theme.font("bold"), label_pt, theme.colour("muted"))

        if large:
            _large_print_body(c, box, theme, rule, note, numbers, icon, panel, number, fg, bg, line if lines else None)
            return
        # rule panel
        text_pt = small(TEXT_PT)
        px0, px1 = box.safe + 4, w - box.safe - 4
        lines_of_rule = wrap_lines(rule, theme.font("semibold"), text_pt, px1 - px0 - 10)
        panel_h = len(lines_of_rule) * text_pt * 1.22 + 12
        # the note ribbon: one line at its size, else two (never below 8 pt)
        note_pt = small(8)
        note_lines = (wrap_lines(note, theme.font("bold"), note_pt, px1 - px0 - 6)
                      if note and c.stringWidth(note, theme.font("bold"), note_pt) > px1 - px0 - 6 else
                      [note] if note else [])
        note_h = 18 if len(note_lines) <= 1 else 8 + note_pt * 1.15 * len(note_lines)
        py0 = box.safe + 4 + (note_h + 4 if note else 0)
        # a house rules' long rule: smaller (down to RULE_LEAST_PT) rather than up over the title
        room = h - box.safe - 34 - py0 - 4 - (48 if numbers else 0) - ART_LEAST_PT
        while panel_h > room and text_pt > RULE_LEAST_PT:
            text_pt -= 0.25
            lines_of_rule = wrap_lines(rule, theme.font("semibold"), text_pt, px1 - px0 - 10)
            panel_h = len(lines_of_rule) * text_pt * 1.22 + 12
        panel(px0, py0, px1 - px0, panel_h, 5, ground)
        _wrapped(c, rule, px0 + 5, px1 - 5, py0 + panel_h - 5, theme.font("semibold"), text_pt, ink)
        if note:
            _note_ribbon(c, box, theme, px0, px1, note_lines, note_pt, note_h, panel)
        top = h - box.safe - 34
        bottom = py0 + panel_h + 4
        if numbers:
            nb_h = 44
            n = len(numbers)
            cw = (px1 - px0) / n
            for k, (label, value, sym) in enumerate(numbers):
                cx = px0 + cw * (k + 0.5)
                panel(cx - cw / 2 + 3, bottom, cw - 6, nb_h, 5, ground)
                number(cx, bottom, label, value, sym, _fit(c, label, theme.font("bold"), small(8), cw - 10), cw - 6)
            bottom += nb_h + 4
        size_art = min(top - bottom, 100)
        icon(c, w / 2, (top + bottom) / 2, size_art, fg, bg, line if lines else None)

    return Face(key, draw, text=f"{title}: {rule}" + (f" [{note}]" if note else ""))


def _note_ribbon(c, box: FaceBox, theme, px0: float, px1: float, lines: list[str], size: float, height: float,
                 panel) -> None:
    """A rule card's note ribbon at its foot: a ``highlight`` panel from
    ``px0`` to ``px1`` (pt), ``height`` pt tall, 2 pt above the safe line,
    holding ``lines`` centred in bold at ``size`` pt (leading 1.15) in the
    colour that reads on it.  ``panel``: the card's own panel helper."""
    hex_ = _hex(theme, "highlight")
    panel(px0, box.safe + 2, px1 - px0, height, 4, HexColor(hex_))
    fg = text_on(theme, hex_, theme.hex("ink"))
    y = box.safe + 2 + height / 2 + (len(lines) - 1) * size * 1.15 / 2 - size * 0.35
    for line in lines:
        _centred_text(c, line, box.width / 2, y, theme.font("bold"), size, fg)
        y -= size * 1.15


def _large_print_body(c, box: FaceBox, theme, rule: str, note: str | None, numbers, icon, panel, number,
                      fg, bg, line) -> None:
    """The large-print body of a rule card (a theme with ``[type] scale``
    above 1), under its title: the note ribbon at the foot, the rule above
    it, both at :meth:`~printkit.theme.Theme.legible` 11 pt or more; between
    the rule and the title the big numbers stacked in a column on the right
    (label at ≥ 11 pt, one line) and the art on the left, as large as the
    room left allows.  ``panel``, ``number``: the card's own drawing helpers."""
    w, h = box.width, box.height
    ground, ink = _col(theme, "ground"), theme.colour("ink")
    px0, px1 = box.safe + 4, w - box.safe - 4
    text_pt = theme.legible(TEXT_PT)
    lead = text_pt * 1.18  # leading of the rule text
    rule_lines = wrap_lines(rule, theme.font("semibold"), text_pt, px1 - px0 - 8)
    panel_h = len(rule_lines) * lead + 10
    y0 = box.safe + 4
    if note:
        note_pt = theme.legible(8)
        note_lines = wrap_lines(note, theme.font("bold"), note_pt, px1 - px0 - 6)
        note_h = 8 + note_pt * 1.15 * len(note_lines)
        _note_ribbon(c, box, theme, px0, px1, note_lines, note_pt, note_h, panel)
        y0 += note_h + 4
    panel(px0, y0, px1 - px0, panel_h, 5, ground)
    c.setFont(theme.font("semibold"), text_pt)
    c.setFillColor(ink)
    y = y0 + panel_h - 5 - text_pt
    for text_line in rule_lines:
        c.drawCentredString(w / 2, y, text_line)
        y -= lead
    bottom, top = y0 + panel_h + 4, h - box.safe - 28
    art_x0, art_x1 = px0, px1
    if numbers:
        gap = 4.0
        nbh = min(LARGE_NUMBER_H, (top - bottom - gap * (len(numbers) - 1)) / len(numbers))
        nx0 = px1 - LARGE_NUMBERS_W
        cx = nx0 + LARGE_NUMBERS_W / 2
        y = (top + bottom) / 2 + (len(numbers) * nbh + (len(numbers) - 1) * gap) / 2
        for label, value, sym in numbers:
            y -= nbh
            panel(nx0, y, LARGE_NUMBERS_W, nbh, 5, ground)
            label_pt = _fit(c, label, theme.font("bold"), theme.legible(8), LARGE_NUMBERS_W - 8, theme.legible(8))
            number(cx, y + (nbh - 39) / 2, label, value, sym, label_pt,  # content 4–35 pt over the box's foot
                   LARGE_NUMBERS_W)
            y -= gap
        art_x1 = nx0 - gap
    size_art = min(top - bottom, art_x1 - art_x0, 100)
    icon(c, (art_x0 + art_x1) / 2, (top + bottom) / 2, size_art, fg, bg, line)


def thief_face(rules: ArchaeologyRules, theme, *, master: bool = False, two_player_note: bool = False) -> Face:
    """A thief (or the master thief) card; ``two_player_note`` adds the
    "With 2 players: leave this card out" ribbon (rulebook: Setting Up the Game)."""
    note = None
    if two_player_note:
        note = f"With {rules.two_player_players} players: {rules.two_player_note}"
    title = "MASTER THIEF" if master else "THIEF"
    rule = thief_text(rules, master)
    hue_role = "master" if master else "thief"

    def icon(c, x, y, size, fg, bg, line):
        # classic: a papyrus silhouette on the dark card; line art: a pale tint of the hue, outlined
        fill = mix(_hex(theme, hue_role), _hex(theme, f"{hue_role}_ground"), 0.8) if line else fg
        art.thief(c, x, y, size, fill, theme.colour("ink"), _col(theme, "gold"), crown=master, line=line)

    cost, takes = (rules.master_cost, rules.master_takes) if master else (rules.thief_cost, rules.thief_takes)
    numbers = [("PAY TO HIRE", f"${cost}", "money"), ("CARDS TO TAKE", takes, "card")]
    key = f"archaeology/{'master' if master else 'thief'}/{'2p' if note else 'all'}/{cost}/{takes}"
    return _rule_card(rules, theme, key, title, hue_role, icon, rule, note, numbers=numbers)


def key_face(rules: ArchaeologyRules, theme) -> Face:
    """A key card."""

    def icon(c, x, y, size, fg, bg, line):
        art.key(c, x, y, size, _col(theme, "earth_dark"), _col(theme, "gold"), bg, line=line)

    return _rule_card(rules, theme, "archaeology/key", "KEY", "key", icon, rules.texts["key"])


#: chest id → its identity colour role (the card is printed on ``<role>_ground``).
CHEST_ROLES = {"wood": "wood", "stone": "stone", "gold": "gold_chest"}


def chest_face(rules: ArchaeologyRules, theme, chest: Chest) -> Face:
    """A chest card: its own picture (:data:`art.CHEST_ICONS`: a plank-and-strap
    wood chest, a carved stone coffer, a domed, studded gold chest), keys
    needed and treasures held as big numbers, the rule."""
    role = CHEST_ROLES.get(chest.id, "key")
    rule = chest_text(rules, chest)

    picture = art.CHEST_ICONS.get(chest.id, art.chest)  # each chest its own picture

    # classic: sand chests with gold fittings, the gold chest gold with darker bands
    fill_role, metal_role = ("gold", "gold_dark") if chest.id == "gold" else ("sand", "gold")

    def icon(c, x, y, size, fg, bg, line):
        # line art: the chest in a pale tint of its own colour (wood, stone, gold); fittings in gold
        if line:
            fill, metal = mix(_hex(theme, role), _hex(theme, f"{role}_ground"), 0.7), _col(theme, "gold")
        else:
            fill, metal = _col(theme, fill_role), _col(theme, metal_role)
        picture(c, x, y, size, fill, theme.colour("ink"), bg, metal)

    numbers = [("KEYS TO OPEN", chest.keys, "key"), ("TREASURES", chest.treasures, "card")]
    return _rule_card(rules, theme, f"archaeology/chest/{chest.id}/{chest.keys}/{chest.treasures}",
                      chest.name.upper(), role, icon, rule, numbers=numbers)


def back_face(rules: ArchaeologyRules, theme) -> Face:
    """The common card back: ``back_ground`` (lapis), ``back_line`` (gold)
    frames and diamond bands, pyramids under a sun on a ``back_pattern`` disc,
    the title.  Line art (:func:`line_art`): the same design drawn as outlines
    in ``back_line`` on a white ground, the sun and the tallest pyramid filled
    with ``back_light`` like the others."""

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        lines = line_art(theme)
        ground_hex = _hex(theme, "back_ground")
        _fill_bleed(c, box, HexColor(ground_hex))
        gold = _col(theme, "back_line")
        light = _col(theme, "back_light")
        pattern = _col(theme, "back_pattern")
        strong = gold if not lines else light  # fill of the sun and the tallest pyramid
        stroke = int(lines)
        c.setStrokeColor(gold)
        c.setLineWidth(1.5)
        i = box.safe * 0.75
        c.roundRect(i, i, w - 2 * i, h - 2 * i, 8, fill=0, stroke=1)
        c.setLineWidth(0.6)
        c.roundRect(i + 4, i + 4, w - 2 * i - 8, h - 2 * i - 8, 6, fill=0, stroke=1)
        c.setLineWidth(1.0)
        c.setLineJoin(1)
        # diamond pattern band top and bottom (outlined diamonds round solid ones in line art)
        for yy in (h - i - 30, i + 10):
            for k in range(9):
                x = i + 12 + k * (w - 2 * i - 24) / 8
                c.saveState()
                c.translate(x, yy + 10)
                c.rotate(45)
                c.setFillColor(gold)
                if lines:
                    c.rect(-4, -4, 8, 8, fill=0, stroke=1)
                    c.rect(-1.6, -1.6, 3.2, 3.2, fill=1, stroke=0)
                else:
                    c.rect(-4, -4, 8, 8, fill=1, stroke=0)
                c.restoreState()
        cx, cy = w / 2, h / 2 + 10
        c.setFillColor(pattern)
        c.circle(cx, cy, 62, fill=1, stroke=stroke)
        c.setFillColor(strong)
        c.circle(cx, cy + 22, 16, fill=1, stroke=stroke)
        if lines:  # sun rays, then the scene inside the roundel: pyramids on the horizon, dunes below
            for k in range(12):
                a = k * math.pi / 6
                c.line(cx + math.cos(a) * 20, cy + 22 + math.sin(a) * 20,
                       cx + math.cos(a) * 26, cy + 22 + math.sin(a) * 26)
            c.saveState()
            disc = c.beginPath()
            disc.circle(cx, cy, 62)
            c.clipPath(disc, stroke=0, fill=0)
        # three pyramids (half-base = height) spanning the arch's 124 pt, centred: none reaches the frame
        for px, ph, colour in ((cx - 24, 38, light), (cx + 8, 54, strong), (cx + 36, 26, light)):
            p = c.beginPath()
            p.moveTo(px - ph, cy - 30)
            p.lineTo(px + ph, cy - 30)
            p.lineTo(px, cy - 30 + ph)
            p.close()
            c.setFillColor(colour)
            c.drawPath(p, fill=1, stroke=stroke)
        c.setFillColor(pattern)
        if lines:
            c.rect(cx - 62, cy - 62, 124, 32, fill=1, stroke=0)
            c.line(cx - 62, cy - 30, cx + 62, cy - 30)  # the horizon
            for dy, phase in ((-40, 0), (-50, 1), (-58, 0)):
                q = c.beginPath()
                q.moveTo(cx - 62, cy + dy)
                for k in range(4):
                    x0 = cx - 62 + k * 31
                    up = 3 if (k + phase) % 2 else -3
                    q.curveTo(x0 + 10, cy + dy + up, x0 + 21, cy + dy + up, x0 + 31, cy + dy)
                c.drawPath(q, fill=0, stroke=1)
            c.restoreState()
            c.circle(cx, cy, 62, fill=0, stroke=1)
        else:
            c.rect(cx - 62, cy - 62, 124, 32, fill=1, stroke=0)
        title = rules.texts["back"].upper()
        size = _fit(c, title, theme.font("display"), 20, w - 2 * box.safe - 10)
        shown = [title]
        if c.stringWidth(title, theme.font("display"), size) > w - 2 * box.safe - 10:
            # a house rules' long back text: two lines, 13 pt down to 8, centred where the one line sits
            size, shown = fit_lines(title, theme.font("display"), 13, w - 2 * box.safe - 10, 8)
        for i, line in enumerate(shown):
            _centred_text(c, line, cx, cy - 90 + ((len(shown) - 1) / 2 - i) * size * 1.1, theme.font("display"),
                          size, readable(_hex(theme, "back_line"), ground_hex, theme.hex("ink"), 3.0) if lines
                          else gold)

    return Face("archaeology/back", draw, text="card back")

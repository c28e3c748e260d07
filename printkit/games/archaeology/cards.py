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


from reportlab.lib.utils import simpleSplit

from printkit.games.archaeology import art
from printkit.games.archaeology.data import GAME_ID, ArchaeologyRules, Chest, Treasure, chest_text, thief_text
from printkit.model import Face, FaceBox

G = GAME_ID
#: Trade value size (pt): the biggest text on a treasure card.
TRADE_PT = 26
TEXT_PT = 8.5


def _col(theme, role):
    return theme.colour(role, G)


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


def _fit(c, text: str, font: str, size: float, width: float, minimum: float = 7.0) -> float:
    """Largest size ≤ ``size`` (≥ ``minimum``) at which ``text`` fits ``width`` pt."""
    while size > minimum and c.stringWidth(text, font, size) > width:
        size -= 0.5
    return size


def _wrapped(c, text: str, x0: float, x1: float, top: float, font: str, size: float, colour,
             leading: float | None = None) -> float:
    """Centred, wrapped text from ``top`` down; returns the baseline of the last line."""
    leading = leading or size * 1.22
    lines = simpleSplit(text, font, size, x1 - x0)
    c.setFont(font, size)
    c.setFillColor(colour)
    y = top - size
    for line in lines:
        c.drawCentredString((x0 + x1) / 2, y, line)
        y -= leading
    return y + leading


def _badge(c, theme, x: float, y: float, r: float, value: int) -> None:
    """The trade-value badge: lapis disc, gold ring, the value in the display font."""
    c.setFillColor(_col(theme, "gold"))
    c.circle(x, y, r, fill=1, stroke=0)
    c.setFillColor(_col(theme, "earth"))
    c.circle(x, y, r * 0.84, fill=1, stroke=0)
    _centred_text(c, str(value), x, y - TRADE_PT * 0.35, theme.font("display"), TRADE_PT, _col(theme, "ground"))


def treasure_face(rules: ArchaeologyRules, theme, t: Treasure) -> Face:
    """A treasure card front: trade value in both top corners, the type's art,
    its rarity ("12 in the deck") and the "Sell to Museum" row (×1 … full set)."""

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        hue = _col(theme, t.id)
        ink = theme.colour("ink")
        ground = _col(theme, "ground")
        _fill_bleed(c, box, _frame(theme, hue))
        x0, y0, x1, y1 = _panel(c, box, box.safe * 0.75, ground)
        # top corners: trade value
        r = 19.0
        pad = box.safe + 1.5
        for bx in (pad + r, w - pad - r):
            _badge(c, theme, bx, h - pad - r, r, t.trade)
        _centred_text(c, "TRADE", pad + r, h - pad - 2 * r - 9, theme.font("bold"), 7, theme.colour("muted"))
        _centred_text(c, "TRADE", w - pad - r, h - pad - 2 * r - 9, theme.font("bold"), 7, theme.colour("muted"))
        # rarity between the badges
        cx = w / 2
        _centred_text(c, str(t.count), cx, h - pad - 22, theme.font("display"), 14, hue)
        _centred_text(c, "in the deck", cx, h - pad - 32, theme.font("semibold"), 7, theme.colour("muted"))
        # title ribbon
        band_y = h - pad - 2 * r - 34
        c.setFillColor(hue)
        c.rect(x0, band_y, x1 - x0, 20, fill=1, stroke=0)
        size = _fit(c, t.name.upper(), theme.font("display"), 13, x1 - x0 - 12)
        _centred_text(c, t.name.upper(), cx, band_y + 10 - size * 0.36, theme.font("display"), size, ground)
        # museum row
        row_h = 60.0
        rx0, rx1 = x0 + 4, x1 - 4
        ry0 = y0 + 4
        c.setFillColor(_col(theme, "earth"))
        c.roundRect(rx0, ry0, rx1 - rx0, row_h, 5, fill=1, stroke=0)
        head_y = ry0 + row_h - 13
        label = "SELL TO MUSEUM"
        lw = c.stringWidth(label, theme.font("bold"), 7.5)
        art.museum(c, cx - lw / 2 - 8, head_y + 4, 10, _col(theme, "gold"), ink, ground)
        _centred_text(c, label, cx + 6, head_y + 1.5, theme.font("bold"), 7.5, _col(theme, "gold"))
        n = t.full_set
        gap = 3.0
        bw = (rx1 - rx0 - 8 - gap * (n - 1)) / n
        bh = 36.0
        for i, value in enumerate(t.sell):
            bx = rx0 + 4 + i * (bw + gap)
            by = ry0 + 5
            full = i == n - 1
            c.setFillColor(_col(theme, "gold") if full else ground)
            c.roundRect(bx, by, bw, bh, 3, fill=1, stroke=0)
            top = f"×{i + 1}" + (" FULL" if full and bw > 26 else "")
            tsize = _fit(c, top, theme.font("bold"), 7.5, bw - 3)
            _centred_text(c, top, bx + bw / 2, by + bh - 9.5, theme.font("bold"), tsize, ink)
            vsize = _fit(c, f"${value}", theme.font("display"), 15, bw - 3, 9)
            _centred_text(c, f"${value}", bx + bw / 2, by + 6, theme.font("display"), vsize, ink)
        # art between ribbon and museum row
        top_art, bottom_art = band_y - 4, ry0 + row_h + 4
        ay = (top_art + bottom_art) / 2
        size_art = min(top_art - bottom_art, 92)
        c.setFillColor(_col(theme, "sand"))
        c.circle(cx, ay, size_art * 0.5, fill=1, stroke=0)
        art.TREASURE_ICONS[t.id](c, cx, ay, size_art * 0.72, hue, ink, _col(theme, "sand"))

    return Face(f"archaeology/treasure/{t.id}/{t.trade}/{'-'.join(map(str, t.sell))}/{t.count}", draw,
                text=f"{t.name} trade {t.trade} ({t.count} in the deck) sell {'/'.join(map(str, t.sell))}")


def _rule_card(rules: ArchaeologyRules, theme, key: str, title: str, bg_role: str, icon, rule: str,
               note: str | None = None, numbers: list[tuple[str, int | str, str]] | None = None,
               light_text: bool = True) -> Face:
    """Shared layout of thief, master thief, key and chest cards: title, big
    art, optional big numbers (``(label, value, icon)``, icon ``"key"``,
    ``"money"`` or a card stack), the rule in short on a papyrus panel, and
    an optional note ribbon."""

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        bg = _col(theme, bg_role)
        ground = _col(theme, "ground")
        ink = theme.colour("ink")
        _fill_bleed(c, box, bg)
        c.setStrokeColor(_col(theme, "gold"))
        c.setLineWidth(1.2)
        i = box.safe * 0.75
        c.roundRect(i, i, w - 2 * i, h - 2 * i, 8, fill=0, stroke=1)
        fg = ground if light_text else ink
        size = _fit(c, title, theme.font("display"), 20, w - 2 * box.safe - 8)
        _centred_text(c, title, w / 2, h - box.safe - 26, theme.font("display"), size, fg)
        # rule panel
        px0, px1 = box.safe + 4, w - box.safe - 4
        lines = simpleSplit(rule, theme.font("semibold"), TEXT_PT, px1 - px0 - 10)
        panel_h = len(lines) * TEXT_PT * 1.22 + 12
        py0 = box.safe + 4 + (22 if note else 0)
        c.setFillColor(ground)
        c.roundRect(px0, py0, px1 - px0, panel_h, 5, fill=1, stroke=0)
        _wrapped(c, rule, px0 + 5, px1 - 5, py0 + panel_h - 5, theme.font("semibold"), TEXT_PT, ink)
        if note:
            c.setFillColor(_col(theme, "gold"))
            c.roundRect(px0, box.safe + 2, px1 - px0, 18, 4, fill=1, stroke=0)
            nsize = _fit(c, note, theme.font("bold"), 8, px1 - px0 - 6)
            _centred_text(c, note, w / 2, box.safe + 2 + 9 - nsize * 0.35, theme.font("bold"), nsize, ink)
        top = h - box.safe - 34
        bottom = py0 + panel_h + 4
        if numbers:
            nb_h = 44
            n = len(numbers)
            cw = (px1 - px0) / n
            for k, (label, value, sym) in enumerate(numbers):
                cx = px0 + cw * (k + 0.5)
                c.setFillColor(ground)
                c.roundRect(cx - cw / 2 + 3, bottom, cw - 6, nb_h, 5, fill=1, stroke=0)
                if sym == "key":
                    art.key(c, cx - 15, bottom + 26, 20, _col(theme, "gold"), ink, ground)
                elif sym == "money":
                    c.setFillColor(_col(theme, "gold"))
                    c.circle(cx - 18, bottom + 25, 8, fill=1, stroke=0)
                    c.setFillColor(_col(theme, "gold_dark"))
                    c.circle(cx - 18, bottom + 25, 5.5, fill=1, stroke=0)
                else:
                    c.setFillColor(_col(theme, "earth"))
                    c.roundRect(cx - 21, bottom + 17, 11, 16, 2, fill=1, stroke=0)
                    c.setFillColor(_col(theme, "gold"))
                    c.roundRect(cx - 24, bottom + 15, 11, 16, 2, fill=1, stroke=0)
                _centred_text(c, str(value), cx + 10, bottom + 16, theme.font("display"), 24, ink)
                _centred_text(c, label, cx, bottom + 5, theme.font("bold"), 7, theme.colour("muted"))
            bottom += nb_h + 4
        size_art = min(top - bottom, 100)
        icon(c, w / 2, (top + bottom) / 2, size_art, fg, bg)

    return Face(key, draw, text=f"{title}: {rule}" + (f" [{note}]" if note else ""))


def thief_face(rules: ArchaeologyRules, theme, *, master: bool = False, two_player_note: bool = False) -> Face:
    """A thief (or the master thief) card; ``two_player_note`` adds the
    "With 2 players: leave this card out" ribbon (rulebook: Setting Up the Game)."""
    note = None
    if two_player_note:
        note = f"With {rules.two_player_players} players: {rules.two_player_note}"
    title = "MASTER THIEF" if master else "THIEF"
    rule = thief_text(rules, master)

    def icon(c, x, y, size, fg, bg):
        art.thief(c, x, y, size, fg, theme.colour("ink"), _col(theme, "gold"), crown=master)

    cost, takes = (rules.master_cost, rules.master_takes) if master else (rules.thief_cost, rules.thief_takes)
    numbers = [("PAY TO HIRE", f"${cost}", "money"), ("CARDS TO TAKE", takes, "card")]
    key = f"archaeology/{'master' if master else 'thief'}/{'2p' if note else 'all'}/{cost}/{takes}"
    return _rule_card(rules, theme, key, title, "master" if master else "thief", icon, rule, note, numbers=numbers)


def key_face(rules: ArchaeologyRules, theme) -> Face:
    """A key card."""

    def icon(c, x, y, size, fg, bg):
        art.key(c, x, y, size, _col(theme, "earth_dark"), _col(theme, "gold"), bg)

    return _rule_card(rules, theme, "archaeology/key", "KEY", "earth", icon, rules.texts["key"])


def chest_face(rules: ArchaeologyRules, theme, chest: Chest) -> Face:
    """A chest card: keys needed and treasures held as big numbers, the rule."""
    role = {"wood": "wood", "stone": "stone", "gold": "gold_dark"}.get(chest.id, "earth")
    rule = chest_text(rules, chest)

    def icon(c, x, y, size, fg, bg):
        art.chest(c, x, y, size, _col(theme, "sand"), theme.colour("ink"), bg)

    numbers = [("KEYS TO OPEN", chest.keys, "key"), ("TREASURES", chest.treasures, "card")]
    return _rule_card(rules, theme, f"archaeology/chest/{chest.id}/{chest.keys}/{chest.treasures}",
                      chest.name.upper(), role, icon, rule, numbers=numbers)


def back_face(rules: ArchaeologyRules, theme) -> Face:
    """The common card back: lapis, gold frame, pyramids under a sun, the title."""

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        _fill_bleed(c, box, _col(theme, "earth"))
        gold = _col(theme, "gold")
        c.setStrokeColor(gold)
        c.setLineWidth(1.5)
        i = box.safe * 0.75
        c.roundRect(i, i, w - 2 * i, h - 2 * i, 8, fill=0, stroke=1)
        c.setLineWidth(0.6)
        c.roundRect(i + 4, i + 4, w - 2 * i - 8, h - 2 * i - 8, 6, fill=0, stroke=1)
        # diamond pattern band top and bottom
        c.setFillColor(_col(theme, "earth_dark"))
        for yy in (h - i - 30, i + 10):
            for k in range(9):
                x = i + 12 + k * (w - 2 * i - 24) / 8
                c.saveState()
                c.translate(x, yy + 10)
                c.rotate(45)
                c.setFillColor(gold)
                c.rect(-4, -4, 8, 8, fill=1, stroke=0)
                c.restoreState()
        cx, cy = w / 2, h / 2 + 10
        c.setFillColor(_col(theme, "earth_dark"))
        c.circle(cx, cy, 62, fill=1, stroke=0)
        c.setFillColor(gold)
        c.circle(cx, cy + 22, 16, fill=1, stroke=0)
        sand = _col(theme, "sand")
        for px, ph, colour in ((cx - 22, 46, sand), (cx + 20, 62, gold), (cx + 48, 30, sand)):
            p = c.beginPath()
            p.moveTo(px - ph, cy - 30)
            p.lineTo(px + ph, cy - 30)
            p.lineTo(px, cy - 30 + ph)
            p.close()
            c.setFillColor(colour)
            c.drawPath(p, fill=1, stroke=0)
        c.setFillColor(_col(theme, "earth_dark"))
        c.rect(cx - 62, cy - 62, 124, 32, fill=1, stroke=0)
        title = rules.texts["back"].upper()
        size = _fit(c, title, theme.font("display"), 20, w - 2 * box.safe - 10)
        _centred_text(c, title, cx, cy - 90, theme.font("display"), size, gold)

    return Face("archaeology/back", draw, text="card back")


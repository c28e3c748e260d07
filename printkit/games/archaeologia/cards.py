"""Archaeologia cards (reportlab, per the Face contract): EVENT and SECRET
OBJECTIVE cards with their backs, and the duplex player aid.

EVENT card: the name on a band, the ACTION footprint badge top right (or
"FREE"), the effect, and how long it lasts on a ribbon at the bottom.
SECRET OBJECTIVE card: the name, the condition, and the gains as big numbers
(RP on the renown badge, coins on a coin).  Player aid front: the turn and
every action with its cost; back: strata (research, tool, cost), the tool
hut, the sets and the end of the game.  All numbers from the rules data;
text ≥ 7 pt.
"""

from __future__ import annotations

from dataclasses import replace

from reportlab.lib.colors import HexColor

from printkit.gamekit import (
    LARGE_PRINT_PT,
    Component,
    Face,
    FaceBox,
    fit_lines,
    glyph_box,
    icons,
    least_that_fits,
    mix,
    mm,
    wrap_lines,
)
from printkit.games.archaeologia import art
from printkit.games.archaeologia.data import (
    AID_MIN_PT,
    GAME_ID,
    ArchaeologiaRules,
    aid_scale,
    Event,
    Objective,
)
from printkit.games.archaeologia.tiles import (
    coin_badge,
    col,
    fill_bleed,
    fit,
    frame,
    on,
    readable,
    rp_badge,
    text,
    wrapped,
)

G = GAME_ID
BODY_PT = 9.6
#: Smallest body text on a card (pt): classic prints at least 8 pt.
MIN_BODY_PT = 8.0


#: Smallest size (pt) of the game's title on a card back before it takes more lines
#: (large print: LARGE_PRINT_PT).
TITLE_LEAST = 7.0


#: Largest size (pt) of the player aid's title on two lines: they fill the band one line of
#: 16 pt takes above "PLAYER AID" and stay in the safe zone.
AID_TITLE_TWO_LINES = 8.5


def back_title(rules: ArchaeologiaRules, theme, w: float, s: float) -> tuple[float, list[str]]:
    """The game's title on an EVENT or OBJECTIVE card back ``w`` pt wide
    with safe zone ``s`` pt: (size in pt, lines), capitals, at the card's
    9 pt (:func:`body_size`), smaller down to :data:`TITLE_LEAST` (large
    print: ``LARGE_PRINT_PT``), then on up to three lines (a house rules'
    long title).  More lines than three: it does not fit (:func:`title_problem`)."""
    least = LARGE_PRINT_PT if theme.large_print else TITLE_LEAST
    return fit_lines(rules.title.upper(), theme.font("display"), body_size(theme, 9.0), w - 2 * s - 8, least,
                     max_lines=3)


def aid_title(rules: ArchaeologiaRules, theme, w: float, s: float) -> tuple[float, list[str]]:
    """The game's title at the top of the player aid's front (``w`` pt wide,
    safe zone ``s`` pt): 16 pt on one line, smaller down to
    ``AID_MIN_PT``, the aid's smallest type (a large-print aid is drawn so
    and enlarged to 11 pt), else two lines at :data:`AID_TITLE_TWO_LINES` or
    smaller.  More than two lines: it does not fit (:func:`title_problem`)."""
    least = AID_MIN_PT
    font, width = theme.font("display"), w - 2 * s - 6
    size, lines = fit_lines(rules.title.upper(), font, 16, width, least, max_lines=1)
    if len(lines) > 1:
        size, lines = fit_lines(rules.title.upper(), font, max(least, AID_TITLE_TWO_LINES), width, least)
    return size, lines


def title_problem(rules: ArchaeologiaRules, theme, card: tuple[float, float, float],
                  aid: tuple[float, float, float]) -> str | None:
    """Where the game's title does not fit in ``theme`` (``card`` and
    ``aid``: width, height and safe zone in pt of a card back and the player
    aid, as drawn): ``"the player aid's title band"`` or ``"a card back"``,
    or ``None``."""
    aid_theme = replace(theme, type_scale=1.0) if theme.large_print else theme  # as aid_components draws it
    if len(aid_title(rules, aid_theme, aid[0], aid[2])[1]) > 2:
        return "the player aid's title band"
    if len(back_title(rules, theme, card[0], card[2])[1]) > 3:
        return "a card back"
    return None


def body_size(theme, base: float = BODY_PT) -> float:
    """Card body text (pt): ``base`` times the theme's type scale, and at
    least :data:`LARGE_PRINT_PT` in a large-print theme (scale > 1)."""
    size = theme.small(base)
    return max(size, LARGE_PRINT_PT) if theme.large_print else size


def _card_base(c, box: FaceBox, theme, role: str) -> None:
    w, h, s = box.width, box.height, box.safe
    fill_bleed(c, box, col(theme, role))
    c.setFillColor(col(theme, "ground"))
    c.roundRect(s * 0.7, s * 0.7, w - 1.4 * s, h - 1.4 * s, 6, fill=1, stroke=0)


#: Smallest radius (pt) of the picture medallion of an EVENT or SECRET OBJECTIVE card (its
#: ring is 2.5 pt in, its picture 4 pt): a house rules' shorter card with less room is
#: refused (:func:`card_room_problem`; at 4 pt or less the drawing itself failed).  The
#: bundled cards in a theme of [type] scale 1.5 leave THE CURATOR 5.75 pt.
ART_LEAST_R = 5.0


def _event_art(theme, e: Event, w: float, h: float, s: float) -> tuple[float, float, float, float]:
    """An EVENT card's body size, picture radius and centre height, and the
    top of its effect text (pt, y up) on a ``w`` × ``h`` pt card with safe
    zone ``s``: the text above the duration ribbon (smaller, down to
    ``MIN_BODY_PT``, when long), the picture in what is left under the
    ACTION label."""
    small = body_size(theme, 8.0)
    by = h - s - 30 + 11
    art_top = by - 19 - small - 4  # below the "ACTION" label
    ribbon_top = s + 2 + small + 8
    body = body_size(theme)
    width = w - 2 * s - 8
    lines = wrap_lines(e.text, theme.font("semibold"), body, width)
    while body > MIN_BODY_PT and len(lines) * body * 1.18 > art_top - ribbon_top - 4 - 56:
        body -= 0.25
        lines = wrap_lines(e.text, theme.font("semibold"), body, width)
    text_top = max(ribbon_top + 4 + len(lines) * body * 1.18, h * 0.4)
    return body, min(38.0, (art_top - text_top - 6) / 2), (art_top + text_top) / 2, text_top


def _objective_art(theme, o: Objective, w: float, h: float, s: float) -> tuple[float, float, float]:
    """A SECRET OBJECTIVE card's picture radius and centre height and the top
    of its condition (pt, y up), on a ``w`` × ``h`` pt card with safe zone
    ``s``: between the rule under the name and the condition above the
    gains panel."""
    label = body_size(theme, 8.0)
    rule_y = h - s - 12 - label - 15 - 7
    unit = body_size(theme, 8.5)
    badge_y = s + 2 + 4 + unit + 3 + 15.0 * 1.05
    head_pt = fit(None, "REVEAL AT ONCE AND GAIN", theme.font("bold"), label, w - 2 * s - 12)
    panel_y1 = badge_y + 15.0 * 1.05 + 5 + head_pt + 4
    body = body_size(theme)
    lines = wrap_lines(o.condition, theme.font("semibold"), body, w - 2 * s - 10)
    text_top = panel_y1 + 5 + len(lines) * body * 1.2
    return min(38.0, (rule_y - 5 - text_top - 4) / 2), (rule_y - 5 + text_top) / 2 + 1, text_top


def card_room_problem(rules: ArchaeologiaRules, theme) -> str | None:
    """``None``, or why the rules' cards (``sizes.card_width`` ×
    ``card_height`` mm, safe zone 3.5 mm) leave an EVENT or SECRET OBJECTIVE
    card's picture a radius under :data:`ART_LEAST_R` pt in ``theme`` — its
    name band, text and panels are set in points and do not shrink with the
    card (a 60 mm card left a negative radius: a traceback) — with the
    shortest card height, to 0.5 mm up to the 130 mm the rules accept, that
    holds them all."""
    def smallest(h_mm: float) -> tuple[float, str]:
        w, h, s = mm(rules.sizes["card_width"]), mm(h_mm), mm(3.5)
        radii = [(_event_art(theme, e, w, h, s)[1], e.name) for e in rules.events.values()]
        radii += [(_objective_art(theme, o, w, h, s)[0], o.name) for o in rules.objectives.values()]
        return min(radii)

    r, name = smallest(rules.sizes["card_height"])
    if r >= ART_LEAST_R:
        return None
    room = least_that_fits(lambda h: smallest(h)[0] >= ART_LEAST_R, rules.sizes["card_height"], 130, 0.5, "height")
    return (f"sizes.card_height = {rules.sizes['card_height']:g}: too short for the card {name!r} in the theme "
            f"{theme.name!r} (its picture would be under {ART_LEAST_R * 2 / mm(1):.1f} mm across, between its "
            f"name and its text); with sizes.card_width {rules.sizes['card_width']:g}, {room}")


def event_face(rules: ArchaeologiaRules, theme, e: Event) -> Face:
    """An EVENT card front (see module doc)."""

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        ink = theme.colour("ink")
        _card_base(c, box, theme, "event")
        # name band
        band_y = h - s - 30
        c.setFillColor(col(theme, "event"))
        c.rect(s * 0.7, band_y, w - 1.4 * s, 22, fill=1, stroke=0)
        name = e.name.upper()
        size = fit(c, name, theme.font("display"), 14, w - 2 * s - 40)
        text(c, name, s + 4, band_y + 11 - size * 0.36, theme.font("display"), size, on(theme, "event"), "left")
        # cost badge top right, over the band
        bx, by = w - s - 16, band_y + 11
        if e.action:
            c.setFillColor(ink)
            c.circle(bx, by, 17, fill=1, stroke=0)
            art.footprint(c, bx, by + 1, 24, col(theme, "ground"), ink, ink)
        else:
            c.setFillColor(col(theme, "ground"))
            c.setStrokeColor(ink)
            c.setLineWidth(1.2)
            c.circle(bx, by, 17, fill=1, stroke=1)
            free = body_size(theme, 8.5)
            text(c, "FREE", bx, by - free * 0.36, theme.font("bold"), free, ink)
        label = "1 ACTION" if e.action else "no ACTION"  # under the badge, right-aligned to the safe zone
        small = body_size(theme, 8.0)
        text(c, label, w - s - 1, by - 19 - small, theme.font("bold"), small, theme.colour("muted"), "right")
        # duration ribbon
        rib_h = small + 8
        c.setFillColor(col(theme, "ground_dark"))
        c.roundRect(s + 2, s + 2, w - 2 * s - 4, rib_h, 3, fill=1, stroke=0)
        lasts = f"Lasts: {e.duration}"
        text(c, lasts, w / 2, s + 2 + rib_h / 2 - small * 0.35, theme.font("bold"),
             fit(c, lasts, theme.font("bold"), small, w - 2 * s - 8), ink)
        # effect text above the ribbon (from a fixed line where it is short); the art fills what is left
        body, r, cy, text_top = _event_art(theme, e, w, h, s)
        width = w - 2 * s - 8
        c.setFillColor(mix(theme.hex("ground", G), theme.hex("event", G), 0.18))
        c.circle(w / 2, cy, r, fill=1, stroke=0)
        icon = art.EVENT_ART.get(e.id) or (art.coin if e.category == "economy" else art.arrowhead)
        icon(c, w / 2, cy, r * 1.45, col(theme, "gold"), ink, col(theme, "ground"))
        wrapped(c, e.text, w / 2, text_top, width, theme.font("semibold"), body, ink, leading=body * 1.18)

    return Face(f"{G}/event/{e.id}/{e.name}/{e.action}/{e.duration}/{e.text}", draw,
                text=f"{e.name} ({'1 ACTION' if e.action else 'free'}, {e.duration}): {e.text}")


def objective_face(rules: ArchaeologiaRules, theme, o: Objective) -> Face:
    """A SECRET OBJECTIVE card front (see module doc): the name under its
    kicker, the card's own picture in a laurel medallion, the condition, and
    the gains on a panel at the bottom, each unit word under its badge."""

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        ink = theme.colour("ink")
        hue = col(theme, "objective")
        _card_base(c, box, theme, "objective")
        frame_in = s * 0.7 + 3  # the frame line, 0.6 pt wide, this far inside the trim
        frame(c, box, hue, frame_in, 0.6, 4)
        label = body_size(theme, 8.0)
        kicker = "SECRET OBJECTIVE"
        kicker_pt = fit(c, kicker, theme.font("bold"), label, w - 2 * s - 8)
        # 8 pt under the safe zone's top, and its glyph boxes 1.5 pt clear under the frame line
        kicker_y = h - max(s + 8.0, frame_in + 0.3 + 1.5 + glyph_box(theme.font("bold"), kicker_pt)[1])
        text(c, kicker, w / 2, kicker_y, theme.font("bold"), kicker_pt, readable(theme, "objective"))
        name = o.name.upper()
        size = fit(c, name, theme.font("display"), 15, w - 2 * s - 8)
        name_y = h - s - 12 - label - 15
        text(c, name, w / 2, name_y, theme.font("display"), size, readable(theme, "objective"))
        rule_y = name_y - 7
        c.setStrokeColor(hue)
        c.setLineWidth(0.8)
        c.line(s + 12, rule_y, w - s - 12, rule_y)
        # gains panel at the bottom
        gains = [("rp", o.rp)] if o.rp else []
        gains += [("coins", o.coins)] if o.coins else []
        unit = body_size(theme, 8.5)
        panel_y0 = s + 2
        badge_r = 15.0
        badge_y = panel_y0 + 4 + unit + 3 + badge_r * 1.05
        head = "REVEAL AT ONCE AND GAIN"
        head_pt = fit(c, head, theme.font("bold"), label, w - 2 * s - 12)
        panel_y1 = badge_y + badge_r * 1.05 + 5 + head_pt + 4
        panel = "#" + mix(theme.hex("ground", G), theme.hex("objective", G), 0.12).hexval()[2:]
        c.setFillColor(HexColor(panel))

        def on_panel(role: str):  # the role's colour, darkened toward ink until it reads 4.5:1 on the panel
            return HexColor(icons.readable(theme.hex(role, G), panel, theme.hex("ink"), 4.5, steps=20))

        c.roundRect(s + 2, panel_y0, w - 2 * s - 4, panel_y1 - panel_y0, 5, fill=1, stroke=0)
        text(c, head, w / 2, panel_y1 - 4 - head_pt * 0.8, theme.font("bold"), head_pt, on_panel("objective"))
        n = len(gains)
        for i, (kind, value) in enumerate(gains):
            gx = w / 2 + (i - (n - 1) / 2) * 58
            if kind == "rp":
                rp_badge(c, theme, gx, badge_y, badge_r, value, 20)
                text(c, "RP", gx, panel_y0 + 5, theme.font("bold"), unit, on_panel("renown"))
            else:
                coin_badge(c, theme, gx, badge_y, badge_r, value, 20)
                text(c, "coins", gx, panel_y0 + 5, theme.font("bold"), unit, on_panel("gold_dark"))
        if n == 2:
            text(c, "+", w / 2, badge_y - 7, theme.font("display"), 18, ink)
        # the condition above the panel, the picture between it and the name
        body = body_size(theme)
        width = w - 2 * s - 10
        r, cy, text_top = _objective_art(theme, o, w, h, s)
        c.setFillColor(mix(theme.hex("ground", G), theme.hex("objective", G), 0.16))
        c.circle(w / 2, cy, r, fill=1, stroke=0)
        c.setStrokeColor(hue)
        c.setLineWidth(1.0)
        c.circle(w / 2, cy, r - 2.5, fill=0, stroke=1)
        icon = art.OBJECTIVE_ART.get(o.id) or art.laurel
        icon(c, w / 2, cy, (r - 4) * 1.5, col(theme, "gold"), ink, col(theme, "ground"))
        wrapped(c, o.condition, w / 2, text_top, width, theme.font("semibold"), body, ink, leading=body * 1.2)

    gains = " + ".join(x for x in (f"{o.rp} RP" if o.rp else "", f"{o.coins} coins" if o.coins else "") if x)
    return Face(f"{G}/objective/{o.id}/{o.name}/{o.rp}/{o.coins}/{o.condition}", draw,
                text=f"{o.name}: {o.condition} → {gains}")


def card_back(rules: ArchaeologiaRules, theme, which: str) -> Face:
    """The EVENT (``which="event"``) or SECRET OBJECTIVE (``"objective"``) back."""
    label = (rules.event_back if which == "event" else rules.objective_back).upper()

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        hue = col(theme, which)
        fg = on(theme, which)
        fill_bleed(c, box, hue)
        frame(c, box, fg, s * 0.8, 1.2, 7)
        frame(c, box, fg, s * 0.8 + 4, 0.5, 5)
        c.setStrokeColor(mix(theme.hex(which, G), theme.hex("ground", G), 0.25))
        c.setLineWidth(1.0)
        for k in range(1, 9):  # strata lines
            y = h * k / 9
            p = c.beginPath()
            p.moveTo(s * 0.8 + 4, y)
            p.curveTo(w * 0.35, y + 7, w * 0.6, y - 6, w - s * 0.8 - 4, y + 2)
            c.drawPath(p, fill=0, stroke=1)
        c.setFillColor(hue)
        c.circle(w / 2, h * 0.58, 40, fill=1, stroke=0)
        icon = art.footprint if which == "event" else art.laurel
        c.setFillColor(fg)
        c.circle(w / 2, h * 0.58, 36, fill=1, stroke=0)
        icon(c, w / 2, h * 0.58, 50, hue, hue, fg)
        words = label.split()
        lines = [label] if len(words) == 1 else [" ".join(words[:-1]), words[-1]]
        for i, line in enumerate(lines):
            size = fit(c, line, theme.font("display"), 20, w - 2 * s - 12)
            text(c, line, w / 2, h * 0.3 - i * 22, theme.font("display"), size, fg)
        tsize, tlines = back_title(rules, theme, w, s)
        for i, line in enumerate(tlines):
            text(c, line, w / 2, s + 12 + (len(tlines) - 1 - i) * tsize * 1.1, theme.font("display"), tsize, fg)

    return Face(f"{G}/back/{which}/{label}/{rules.title}", draw, text=f"{label} back")


def event_components(rules: ArchaeologiaRules, theme) -> tuple[Component, ...]:
    """Every EVENT card (``count`` copies of each, data order), one back."""
    w, h = mm(rules.sizes["card_width"]), mm(rules.sizes["card_height"])
    back = card_back(rules, theme, "event")
    return tuple(Component(f"event-{e.id}-{i + 1}", w, h, event_face(rules, theme, e), back, safe=mm(3.5),
                           meta={"kind": "event", "id": e.id, "action": e.action})
                 for e in rules.events.values() for i in range(e.count))


def objective_components(rules: ArchaeologiaRules, theme) -> tuple[Component, ...]:
    """The SECRET OBJECTIVE cards (one each), one back."""
    w, h = mm(rules.sizes["card_width"]), mm(rules.sizes["card_height"])
    back = card_back(rules, theme, "objective")
    return tuple(Component(f"objective-{o.id}", w, h, objective_face(rules, theme, o), back, safe=mm(3.5),
                           meta={"kind": "objective", "id": o.id}) for o in rules.objectives.values())


# -- player aid ------------------------------------------------------------------------------

def _heading(c, theme, s: str, x: float, y: float, width: float) -> None:
    c.setFillColor(col(theme, "heading"))
    c.roundRect(x, y - 4, width, 15, 3, fill=1, stroke=0)
    text(c, s, x + 5, y, theme.font("display"), 10, on(theme, "heading"), "left")


def _cost(c, theme, x: float, y: float, actions: int) -> None:
    """The cost chip of an action: footprints or FREE."""
    ink = theme.colour("ink")
    if actions:
        c.setFillColor(ink)
        c.circle(x, y + 3, 7, fill=1, stroke=0)
        art.footprint(c, x, y + 3, 10, col(theme, "ground"), ink, ink)
        if actions > 1:
            text(c, f"×{actions}", x + 9, y, theme.font("bold"), 8, ink, "left")
    else:
        text(c, "FREE", x, y, theme.font("bold"), 8, readable(theme, "grass"))


def aid_front(rules: ArchaeologiaRules, theme) -> Face:
    """Player aid, front: the turn and every action with what it costs."""

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        ink = theme.colour("ink")
        fill_bleed(c, box, col(theme, "border"))
        c.setFillColor(col(theme, "ground"))
        c.roundRect(s * 0.6, s * 0.6, w - 1.2 * s, h - 1.2 * s, 6, fill=1, stroke=0)
        x0, x1 = s + 3, w - s - 3
        tsize, tlines = aid_title(rules, theme, w, s)  # two lines grow up from the one line's baseline
        for i, line in enumerate(tlines):
            text(c, line, w / 2, h - s - 16 + (len(tlines) - 1 - i) * tsize * 1.05, theme.font("display"), tsize,
                 readable(theme, "earth"))
        text(c, "PLAYER AID", w / 2, h - s - 27, theme.font("bold"), 8, theme.colour("muted"))
        y = h - s - 48
        _heading(c, theme, "YOUR TURN", x0, y, x1 - x0)
        steps = [(str(rules.draw), f"Draw {rules.draw} EVENT card."),
                 (str(rules.actions_per_turn), f"Perform up to {rules.actions_per_turn} ACTIONS, in any order."),
                 (str(rules.hand_limit), f"End: discard down to {rules.hand_limit} cards in hand.")]
        y -= 18
        for n, (big, line) in enumerate(steps, 1):
            c.setFillColor(col(theme, "heading"))
            c.circle(x0 + 7, y + 3, 7, fill=1, stroke=0)
            text(c, str(n), x0 + 7, y, theme.font("display"), 9, on(theme, "heading"))
            text(c, line, x0 + 18, y, theme.font("body"), fit(c, line, theme.font("body"), theme.small(8.5), x1 - x0 - 18),
                 ink, "left")
            y -= 13
        c.setFillColor(col(theme, "gold"))
        c.roundRect(x0, y - 6, x1 - x0, 16, 3, fill=1, stroke=0)
        idle = f"No ACTION used this turn: gain {rules.idle_coins} coins."
        text(c, idle, w / 2, y - 1, theme.font("bold"), fit(c, idle, theme.font("bold"), 8.5, x1 - x0 - 6),
             on(theme, "gold"))
        y -= 22
        _heading(c, theme, "ACTIONS", x0, y, x1 - x0)
        y -= 16
        # the actions' texts at the theme's small size where the card has the room, else as designed
        def drop(size: float) -> float:
            return sum(2 + size + (len(wrap_lines(a.text, theme.font("body"), size, x1 - x0 - 20)) - 1) * size * 9.2 / 8
                       + 11 for a in rules.actions.values())
        body = theme.small(8) if drop(theme.small(8)) <= y - s + 10 else 8
        for a in rules.actions.values():
            _cost(c, theme, x0 + 8, y, a.actions)
            text(c, a.name, x0 + 20 + (8 if a.actions > 1 else 0), y, theme.font("bold"), 8.5, ink, "left")
            y = wrapped(c, a.text, x0 + 20, y - 2, x1 - x0 - 20, theme.font("body"), body, ink,
                        leading=body * 9.2 / 8, align="left") - 11

    return Face(f"{G}/aid/front/{hash_rules(rules)}", draw, text="player aid front")


def aid_back(rules: ArchaeologiaRules, theme) -> Face:
    """Player aid, back: strata table, tool hut, sets, end of the game."""

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        ink = theme.colour("ink")
        fill_bleed(c, box, col(theme, "border"))
        c.setFillColor(col(theme, "ground"))
        c.roundRect(s * 0.6, s * 0.6, w - 1.2 * s, h - 1.2 * s, 6, fill=1, stroke=0)
        x0, x1 = s + 3, w - s - 3
        y = h - s - 14
        _heading(c, theme, "DIGGING", x0, y, x1 - x0)
        y -= 15
        cols = (x0 + 2, x0 + 62, x0 + 122, x1 - 2)
        for label, x, al in (("STRATUM", cols[0], "left"), ("RESEARCH", cols[1], "left"), ("TOOL", cols[2], "left"),
                             ("COST", cols[3], "right")):
            text(c, label, x, y, theme.font("bold"), 8, theme.colour("muted"), al)
        y -= 13
        for st in rules.strata.values():
            c.setFillColor(col(theme, f"{st.id}_light"))
            c.rect(x0, y - 4, x1 - x0, 13, fill=1, stroke=0)
            c.setFillColor(col(theme, st.id))
            c.rect(x0, y - 4, 3, 13, fill=1, stroke=0)
            text(c, st.name, cols[0] + 3, y, theme.font("bold"), 8, ink, "left")
            text(c, st.research, cols[1], y, theme.font("body"), 8, ink, "left")
            tool = rules.tools[st.tool].name if st.tool else "none"
            text(c, tool, cols[2], y, theme.font("body"), 8, ink, "left")
            text(c, f"{st.cost} coin" if st.cost == 1 else (f"{st.cost} coins" if st.cost else "free"), cols[3], y,
                 theme.font("bold"), 8, ink, "right")
            y -= 14
        y -= 8
        _heading(c, theme, "TOOL HUT", x0, y, x1 - x0)
        y -= 15
        tools = " · ".join(f"{t.name} {t.price}" for t in rules.tools.values())
        text(c, f"Buy: {tools}", x0 + 2, y, theme.font("body"), fit(c, f"Buy: {tools}", theme.font("body"), 8, x1 - x0 - 4),
             ink, "left")
        y -= 11
        text(c, f"One of each, kept all game; sell one back for {rules.sell_back}.", x0 + 2, y, theme.font("body"), 8,
             ink, "left")
        y -= 11
        for lasts in ("this turn", "rest of the game"):
            rent = " · ".join(f"{r.name} {r.price}" for r in rules.rentals.values() if r.lasts == lasts)
            if rent:
                line = f"Rent for {'the ' if lasts != 'this turn' else ''}{lasts}: {rent}"
                text(c, line, x0 + 2, y, theme.font("body"), fit(c, line, theme.font("body"), 8, x1 - x0 - 4, 8), ink,
                     "left")
                y -= 11
        y += 11
        y -= 17
        _heading(c, theme, "SETS FOR THE MUSEUM", x0, y, x1 - x0)
        y -= 14
        for sid, st in rules.strata.items():
            groups = [g for g in rules.groups.values() if rules.discoveries[g.tiles[0]].stratum == sid
                      and g.kind != "double"]
            line = ", ".join(f"{g.name} ({g.size})" for g in groups)
            if not line:
                continue
            text(c, st.name, x0 + 2, y, theme.font("bold"), 8, readable(theme, sid), "left")
            y = wrapped(c, line, x0 + 50, y + 7.5, x1 - x0 - 50, theme.font("body"), theme.small(8), ink,
                        leading=theme.small(9.4), align="left") - 11
        doubles = sum(1 for g in rules.groups.values() if g.kind == "double")
        y = wrapped(c, f"Singles go alone; the {doubles} doubles and every set only whole: match the icon (rulebook: "
                    "collections top right, dinosaurs bottom right; our tiles: top right).",
                    w / 2, y + 7, x1 - x0 - 4, theme.font("italic"), 8, ink, leading=9.4) - 16
        _heading(c, theme, "END OF THE GAME", x0, y, x1 - x0)
        y -= 15
        wrapped(c, f"Reach {rules.win_rp} RP first and win — or when one player holds both dinosaur eggs, "
                   "the most RP wins.", w / 2, y + 8, x1 - x0 - 4, theme.font("body"), theme.small(8), ink,
                leading=theme.small(9.5))

    return Face(f"{G}/aid/back/{hash_rules(rules)}", draw, text="player aid back")


def hash_rules(rules: ArchaeologiaRules) -> str:
    """A short stable key of the rules data the aid prints (faces with equal keys are drawn once)."""
    import hashlib
    parts = [rules.title, rules.draw, rules.actions_per_turn, rules.hand_limit, rules.idle_coins, rules.sell_back,
             rules.win_rp, [(a.name, a.actions, a.text) for a in rules.actions.values()],
             [(s.name, s.research, s.tool, s.cost) for s in rules.strata.values()],
             [(t.name, t.price) for t in (*rules.tools.values(), *rules.rentals.values())],
             [(g.name, g.size, g.kind) for g in rules.groups.values()]]
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:12]


def aid_components(rules: ArchaeologiaRules, theme) -> tuple[Component, ...]:
    """One player aid card per player (``players.max``), front and back: 95 ×
    124 mm (``sizes.aid_*``), or :func:`aid_scale` times that in a
    large-print theme (drawn with the classic sizes, then enlarged)."""
    k = aid_scale(theme)
    drawn_with = replace(theme, type_scale=1.0) if k != 1.0 else theme
    w, h = mm(rules.sizes["aid_width"]) * k, mm(rules.sizes["aid_height"]) * k
    front = aid_front(rules, drawn_with).scaled(k)
    back = aid_back(rules, drawn_with).scaled(k)
    return tuple(Component(f"player-aid-{i + 1}", w, h, front, back, safe=mm(3) * k, meta={"kind": "aid"})
                 for i in range(rules.players_max))

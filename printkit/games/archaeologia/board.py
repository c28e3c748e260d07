"""The two Archaeologia score boards, drawn per the Face contract and printed
by :mod:`printkit.tiling`: each on one kit sheet when it fits (A4 landscape at
its true size, Letter at 98 %: :func:`sheet_scale`), on one large sheet with
``--board-paper``, else tiled over the kit paper (glue overlaps, crosshairs).

* MONEY/TOOLS: the money track from 0 to ``sizes.money_track_max`` (start
  space marked) and the tool hut: each tool with its price and the stratum it
  digs, the sell-back price, each rental with its price and effect;
* RENOWN: the renown track from 0 to ``sizes.renown_track_max`` with the
  winning space (``end.win_rp``) marked, and where the museum's discoveries go.

Tracks run in rows that turn back at each end (a snake), every space a
marker wide.  :func:`track_cells` gives each space's rectangle (pt) for tests.
"""

from __future__ import annotations

from printkit.gamekit import (
    LARGE_PRINT_PT,
    BuildOptions,
    FaceBox,
    get_paper,
    mm,
    render_single,
    render_tiled,
    sheet_fit,
    wrap_lines,
)
from printkit.games.archaeologia import art
from printkit.games.archaeologia.data import (
    BOARD_FRAME,
    BOARD_TITLE,
    GAME_ID,
    TRACK_COLS,
    TRACK_GAP,
    ArchaeologiaRules,
    track_side,
)
from printkit.games.archaeologia.tiles import (
    coin_badge,
    col,
    fit,
    on,
    readable,
    text,
    wrapped,
)

G = GAME_ID
FRAME = mm(BOARD_FRAME)
TITLE_H = mm(BOARD_TITLE)


def track_cells(rules: ArchaeologiaRules, which: str) -> list[tuple[int, float, float, float]]:
    """(value, x, y, side) of every track space, pt from the board's trim
    origin, value 0 first.  ``which``: "money" or "renown".  The rules'
    loader keeps a track within what its board holds (:func:`.data.track_capacity`)."""
    W, H = mm(rules.sizes["board_width"]), mm(rules.sizes["board_height"])
    n = (rules.money_track_max if which == "money" else rules.renown_track_max) + 1
    cols = TRACK_COLS[which]
    side = mm(track_side(rules.sizes, which))
    x0 = (W - cols * side) / 2
    top = H - FRAME - TITLE_H - mm(TRACK_GAP)
    out = []
    for v in range(n):
        r, k = divmod(v, cols)
        cidx = k if r % 2 == 0 else cols - 1 - k
        out.append((v, x0 + cidx * side, top - (r + 1) * side, side))
    return out


#: Smallest type on a board (pt, as printed): 8 pt, 11 pt in a large-print theme.
MIN_PT = 8.0


def _pt(theme, base: float, k: float = 1.0) -> float:
    """Board type of designed size ``base`` (pt): ``base`` times the theme's
    type scale, raised so that printed at scale ``k`` it is at least
    :data:`MIN_PT` (:data:`LARGE_PRINT_PT` in a large-print theme)."""
    least = (LARGE_PRINT_PT if theme.large_print else MIN_PT) / k
    return max(theme.small(base), least)


def _title(c, theme, W: float, H: float, title: str) -> None:
    font = theme.font("display")
    tw = c.stringWidth(title, font, 28) + mm(20)
    ty = H - FRAME - mm(13)
    c.setFillColor(col(theme, "heading"))
    c.roundRect(W / 2 - tw / 2, ty, tw, mm(12), mm(3), fill=1, stroke=0)
    text(c, title, W / 2, ty + mm(3.2), font, 28, on(theme, "heading"))


def _ground(c, box: FaceBox, theme) -> None:
    W, H, b = box.width, box.height, box.bleed
    c.setFillColor(col(theme, "border"))
    c.rect(-b, -b, W + 2 * b, H + 2 * b, fill=1, stroke=0)
    c.setFillColor(col(theme, "ground"))
    c.roundRect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, mm(4), fill=1, stroke=0)
    # strata bands along the bottom of the field
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, mm(4))
    c.clipPath(clip, stroke=0, fill=0)
    for k, role in enumerate(("dinosaur_light", "rock_light", "earth_light", "grass_light")):
        y0 = FRAME + k * mm(4)
        c.setFillColor(col(theme, role))
        p = c.beginPath()
        p.moveTo(0, y0)
        p.curveTo(W * 0.3, y0 + mm(2), W * 0.6, y0 - mm(1.5), W, y0 + mm(1))
        p.lineTo(W, y0 + mm(5))
        p.curveTo(W * 0.6, y0 + mm(2.5), W * 0.3, y0 + mm(6), 0, y0 + mm(4))
        p.close()
        c.drawPath(p, fill=1, stroke=0)
    c.restoreState()


def _track(c, theme, cells, special: dict[int, str], k: float = 1.0) -> None:
    ink = theme.colour("ink")
    c.setStrokeColor(col(theme, "earth"))
    c.setLineWidth(1.0)
    for v, x, y, s in cells:
        role = special.get(v)
        c.setFillColor(col(theme, role) if role else (col(theme, "ground_dark") if v % 5 == 0 else col(theme, "ground")))
        c.rect(x, y, s, s, fill=1, stroke=1)
        big = role == "gold"
        size = 20 if big else (13 if v % 5 == 0 else _pt(theme, 10, k))
        fg = on(theme, role) if role else ink
        text(c, str(v), x + s / 2, y + s / 2 - size * 0.36, theme.font("display"), size, fg)


def money_draw(rules: ArchaeologiaRules, theme, k: float = 1.0):
    """Drawing of the MONEY/TOOLS board (Face contract); ``k``: the scale it
    will be printed at (its type stays ≥ :func:`_pt`'s least as printed).
    A large-print theme gives each rental its name and how long it lasts
    (its effect is on the player aid and the reference)."""
    cells = track_cells(rules, "money")

    def draw(c, box: FaceBox) -> None:
        W, H = box.width, box.height
        ink = theme.colour("ink")
        _ground(c, box, theme)
        _title(c, theme, W, H, "MONEY / TOOLS")
        _track(c, theme, cells, {rules.start_coins: "gold"}, k)
        _, sx, sy, ss = cells[rules.start_coins]
        lab = _pt(theme, 7, k)
        text(c, "START", sx + ss / 2, sy + ss - 2 - lab, theme.font("bold"), lab, on(theme, "gold"))
        bottom = min(y for _, _, y, _ in cells)
        # tool hut: as wide as the track, wider (up to the field) when a rental's line needs it
        hut_top = bottom - mm(7)
        hut_bottom = FRAME + mm(18)
        slot = min(mm(rules.sizes["tool_tile"]) + mm(2), hut_top - hut_bottom - mm(13))
        x0, x1 = cells[0][1], cells[0][1] + TRACK_COLS["money"] * cells[0][3]
        # a rental's line: from 21 mm into its row (3 tool slots and 2 mm in) to 6 mm short of the hut's edge
        room = x1 - x0 - 3 * (slot + mm(3)) - mm(33)
        need = max((c.stringWidth(f"{r.name}  {r.lasts}", theme.font("bold"), _pt(theme, 9, k)) if theme.large_print
                    else c.stringWidth(r.text, theme.font("body"), _pt(theme, 8, k))) for r in rules.rentals.values())
        widen = min(max(0.0, need - room) / 2, x0 - FRAME - mm(3))
        x0, x1 = x0 - widen, x1 + widen
        c.setFillColor(col(theme, "ground_dark"))
        c.setStrokeColor(col(theme, "earth"))
        c.setLineWidth(1.2)
        c.roundRect(x0, hut_bottom, x1 - x0, hut_top - hut_bottom, mm(3), fill=1, stroke=1)
        text(c, "TOOL HUT", x0 + mm(4), hut_top - mm(6), theme.font("display"), 14, readable(theme, "earth", "ground_dark"),
             "left")
        buy = f"Buy: one of each, kept all game · sell one back for {rules.sell_back}"
        text(c, buy, x0 + mm(33), hut_top - mm(6), theme.font("semibold"), _pt(theme, 8.5, k), ink, "left")
        ty = hut_bottom + mm(4)
        for i, t in enumerate(rules.tools.values()):
            tx = x0 + mm(4) + i * (slot + mm(3))
            c.setFillColor(col(theme, "ground"))
            c.setDash(4, 3)
            c.roundRect(tx, ty, slot, slot, mm(2), fill=1, stroke=1)
            c.setDash()
            art.TOOL_ART[t.id](c, tx + slot / 2, ty + slot * 0.55, slot * 0.5, col(theme, "ground_dark"), col(theme, "earth"),
                               col(theme, "ground"))
            coin_badge(c, theme, tx + mm(6), ty + slot - mm(6), mm(4.5), t.price, 20)
            digs = [s.name for s in rules.strata.values() if s.tool == t.id]
            text(c, t.name, tx + slot / 2, ty + mm(2.5) + _pt(theme, 8, k), theme.font("bold"), _pt(theme, 9, k), ink)
            if digs:
                dig = "digs " + " & ".join(digs)
                text(c, dig, tx + slot / 2, ty + mm(2), theme.font("semibold"),
                     fit(c, dig, theme.font("semibold"), _pt(theme, 8, k), slot - mm(2), _pt(theme, 8, k)),
                     theme.colour("muted"))
        # rentals
        rx0 = x0 + mm(4) + 3 * (slot + mm(3)) + mm(2)
        text(c, "RENTALS", rx0, hut_top - mm(13), theme.font("bold"), _pt(theme, 8, k),
             readable(theme, "earth", "ground_dark"), "left")
        n = len(rules.rentals)
        rh = (hut_top - mm(16) - ty) / n
        for i, r in enumerate(rules.rentals.values()):
            ry = hut_top - mm(16) - (i + 1) * rh
            c.setFillColor(col(theme, "ground"))
            c.roundRect(rx0, ry + 1, x1 - mm(4) - rx0, rh - 2, mm(1.5), fill=1, stroke=0)
            art.RENTAL_ART[r.id](c, rx0 + mm(6), ry + rh / 2, rh * 0.7, col(theme, "gold"), ink, col(theme, "ground"))
            coin_badge(c, theme, rx0 + mm(15), ry + rh / 2, min(mm(4), rh * 0.42), r.price, 13)
            room = x1 - mm(6) - rx0 - mm(21)
            if theme.large_print:  # large print: the name and how long it lasts, on one line
                size = _pt(theme, 9, k)
                text(c, r.name, rx0 + mm(21), ry + rh / 2 - size * 0.36, theme.font("bold"), size, ink, "left")
                nw = c.stringWidth(r.name + "  ", theme.font("bold"), size)
                text(c, r.lasts, rx0 + mm(21) + nw, ry + rh / 2 - size * 0.36, theme.font("body"), size, ink, "left")
                continue
            text(c, r.name, rx0 + mm(21), ry + rh / 2 + 1, theme.font("bold"), _pt(theme, 9, k), ink, "left")
            text(c, r.text, rx0 + mm(21), ry + rh / 2 - 8, theme.font("body"),
                 fit(c, r.text, theme.font("body"), _pt(theme, 8, k), room, _pt(theme, 8, k)), ink, "left")
        note = (f"Start at {rules.start_coins} coins. Used no ACTION this turn? Gain {rules.idle_coins} coins. "
                f"The black market's discoveries lie face up beside this board.")
        text(c, note, W / 2, FRAME + mm(10), theme.font("semibold"), fit(c, note, theme.font("semibold"), _pt(theme, 9, k),
                                                                         W - 2 * FRAME - mm(8), _pt(theme, 8, k)), ink)

    return draw


#: What the museum does (rulebook: Give a discovery to the museum), on the RENOWN board.
MUSEUM_TEXT = ("Give a discovery: gain the RP at its top left, then lay it face up beside this board. "
               "A multiple discovery only when complete.")


def _free_run(cells, x0: float, x1: float) -> tuple[float, float] | None:
    """(left, width) in pt of the track's empty end — the last row's spaces
    left unused, less a 3 mm gap from the last space — when 80 mm or wider,
    else ``None``.  ``x0``/``x1``: the track's left and right edges."""
    bottom = min(y for _, _, y, _ in cells)
    row = [(x, s) for _, x, y, s in cells if y == bottom]
    left, right = min(x for x, _ in row), max(x + s for x, s in row)
    run = max((right + mm(3), x1 - right - mm(3)), (x0, left - x0 - mm(3)), key=lambda r: r[1])
    return run if run[1] >= mm(80) else None


def _museum(c, theme, x: float, y: float, w: float, h: float, k: float) -> None:
    """The museum panel at (x, y), ``w`` × ``h`` pt: its building, MUSEUM,
    and :data:`MUSEUM_TEXT` wrapped beside them, centred in height."""
    ink = theme.colour("ink")
    c.setStrokeColor(col(theme, "renown"))
    c.setFillColor(col(theme, "renown_light"))
    c.setLineWidth(1.2)
    c.roundRect(x, y, w, h, mm(3), fill=1, stroke=1)
    head = readable(theme, "renown", "renown_light")
    icon = min(h - mm(4), mm(12))
    art.museum(c, x + mm(3) + icon / 2, y + h / 2, icon, col(theme, "renown_light"), head, col(theme, "renown_light"))
    font = theme.font("display")
    hx = x + mm(5) + icon
    text(c, "MUSEUM", hx, y + h / 2 - 14 * 0.36, font, 14, head, "left")
    tx = hx + c.stringWidth("MUSEUM", font, 14) + mm(4)
    size = _pt(theme, 9, k)
    lead = size * 1.2
    lines = wrap_lines(MUSEUM_TEXT, theme.font("body"), size, x + w - mm(3) - tx)
    base = y + h / 2 + (len(lines) - 1) * lead / 2 - size * 0.36  # the lines' middle on the panel's
    for i, line in enumerate(lines):
        text(c, line, tx, base - i * lead, theme.font("body"), size, ink, "left")


def renown_draw(rules: ArchaeologiaRules, theme, k: float = 1.0):
    """Drawing of the RENOWN board (Face contract); ``k`` as for :func:`money_draw`."""
    cells = track_cells(rules, "renown")

    def draw(c, box: FaceBox) -> None:
        W, H = box.width, box.height
        ink = theme.colour("ink")
        _ground(c, box, theme)
        _title(c, theme, W, H, "RENOWN")
        _track(c, theme, cells, {rules.win_rp: "gold", rules.start_rp: "renown"}, k)
        lab = _pt(theme, 7, k)
        _, wx, wy, ws = cells[rules.win_rp]
        text(c, "WIN", wx + ws / 2, wy + ws - 2 - lab, theme.font("bold"), lab, on(theme, "gold"))
        _, sx, sy, ss = cells[rules.start_rp]
        text(c, "START", sx + ss / 2, sy + ss - 2 - lab, theme.font("bold"), lab, on(theme, "renown"))
        bottom = min(y for _, _, y, _ in cells)
        x0, x1 = cells[0][1], cells[0][1] + TRACK_COLS["renown"] * cells[0][3]
        slot = _free_run(cells, x0, x1)
        if slot is not None:  # the museum in the track's empty end; the end of the game below, full width
            end_w = x1 - x0 - mm(4)
            _museum(c, theme, slot[0], bottom + mm(2), slot[1], cells[0][3] - mm(4), k)
        else:  # a full last row: the end of the game and the museum side by side under the track
            mx = (x0 + x1) / 2
            end_w = mx - x0 - mm(6)
            _museum(c, theme, mx, FRAME + mm(19), x1 - mx, bottom - mm(3) - FRAME - mm(19), k)
        msg = (f"The first to reach {rules.win_rp} RP is the greatest archaeologist of his time. "
               f"When one player holds both dinosaur eggs, the game ends at once: the most RP wins.")
        size = _pt(theme, 10, k)
        wrapped(c, msg, x0 + mm(2), bottom - mm(6), end_w, theme.font("semibold"), size, ink, leading=size * 1.25,
                align="left")

    return draw


#: Smallest print scale at which a board still goes on one kit sheet instead of
#: being tiled: every track space then still takes its marker (a space is the
#: marker plus 1.5 mm or more, so at 95 % it keeps 0.6 mm) and a tool slot its tile.
MIN_SHEET_SCALE = 0.95


def sheet_scale(rules: ArchaeologiaRules, options: BuildOptions) -> float | None:
    """The scale (1.0 = true size) at which a board prints on one kit
    sheet (``options.paper``) with its bleed and crop marks, or ``None``
    when even :data:`MIN_SHEET_SCALE` does not fit and it is tiled.

    A 270 × 180 mm board fits A4 landscape at its true size (13.5 mm
    from the long sides, 15 mm from the short: bleed, marks and footer
    fit outside the trim).  Letter (279.4 mm) leaves 4.7 mm beside the
    270 mm trim, inside a 5 mm printer margin: the board is printed at
    the largest scale in steps of 0.5 % that fits instead (97 %).
    """
    w, h = mm(rules.sizes["board_width"]), mm(rules.sizes["board_height"])
    k = 1.0
    while k >= MIN_SHEET_SCALE - 1e-9:
        if sheet_fit(w * k, h * k, options.bleed, options.paper) is not None:
            return round(k, 3)
        k -= 0.005
    return None


def _scaled(draw, k: float):
    """``draw`` printed at ``k`` × its size (the FaceBox handed in is the scaled one)."""
    if k == 1.0:
        return draw

    def scaled(c, box: FaceBox) -> None:
        c.saveState()
        c.scale(k, k)
        draw(c, FaceBox(box.width / k, box.height / k, box.bleed / k, box.safe / k, box.theme, box.shape))
        c.restoreState()

    return scaled


def board_pdf(rules: ArchaeologiaRules, options: BuildOptions, which: str) -> bytes:
    """One board as PDF bytes: on one ``options.board_paper`` sheet when
    given; else on one kit sheet (``options.paper``) at the scale of
    :func:`sheet_scale`, named in the page label when below 100 %; else
    tiled over the kit paper with the rules' overlap.  ``which``: "money" or "renown"."""
    drawing = money_draw if which == "money" else renown_draw
    draw = drawing(rules, options.theme)
    w, h = mm(rules.sizes["board_width"]), mm(rules.sizes["board_height"])
    title = f"{rules.title} · {'MONEY/TOOLS' if which == 'money' else 'RENOWN'} board"
    if options.board_paper:
        return render_single(draw, w, h, bleed=options.bleed, paper=get_paper(options.board_paper),
                             theme=options.theme, title=title)
    k = sheet_scale(rules, options)
    if k is not None:
        if k < 1.0:
            title += f" · printed at {k * 100:g} % to fit {options.paper.name.capitalize()}"
        return render_single(_scaled(drawing(rules, options.theme, k), k), w * k, h * k, bleed=options.bleed, paper=options.paper,
                             theme=options.theme, title=title)
    data, _ = render_tiled(draw, w, h, bleed=options.bleed, paper=options.paper,
                           overlap=mm(rules.sizes["board_overlap"]), theme=options.theme, title=title)
    return data


def boards_pdf(rules: ArchaeologiaRules, options: BuildOptions) -> bytes:
    """Both boards in one PDF: MONEY/TOOLS first, then RENOWN (see :func:`board_pdf`)."""
    from printkit.gamekit import assemble

    return assemble([board_pdf(rules, options, "money"), board_pdf(rules, options, "renown")],
                    title=f"{rules.title} · boards", duplex="none")

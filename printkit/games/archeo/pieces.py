"""Archéo faces: shovel cards, the reference card, tiles, tokens, fossil boards.

Every function returns :class:`printkit.model.Face` objects following the
engine's drawing contract (origin at the trim's bottom-left, pt, background
to the bleed edge, text inside ``box.safe``).  Colours come from the theme's
``[games.archeo]`` palette (:class:`printkit.games.archeo.art.Palette`), every
count and star from the :class:`~printkit.games.archeo.data.ArcheoRules`.

Face keys are equal exactly when the artwork is, so the engine draws each
distinct face once (a form XObject) however many pieces carry it:
``archeo/<theme>/tile/<back>/<face>``, ``…/tile-back/<back>[/bone]``,
``…/shovel/<n>``, ``…/broken/<n>``, ``…/token/<kind>``, ``…/token-back``.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from printkit.gamekit import LARGE_PRINT_PT, Face, FaceBox, contrast_ratio, fit_size, glyph_box, mm, wrap_lines
from printkit.games.archeo import art
from printkit.games.archeo.art import Palette
from printkit.games.archeo.data import FACE_KINDS, ArcheoRules, Board

G = "archeo"

#: Tile face key → caption printed on the face (upper case).
CAPTIONS = {"stones_1": "1 STONE", "stones_2": "2 STONES", "hammers_1": "1 HAMMER", "hammers_2": "2 HAMMERS",
            "magnifier": "MAGNIFIER", "wheelbarrow": "WHEELBARROW"}
#: Tile face kind → palette role of its frame ring.
KIND_RING = {"stones": "stone_ring", "hammers": "broken", "magnifier": "lens_rim", "wheelbarrow": "barrow"}

#: Least size (pt) of any text a player reads in the classic layout, and in a
#: large-print theme ([type] scale above 1).
LEAST_PT = 8.0




def _least(theme) -> float:
    return LARGE_PRINT_PT if theme.large_print else LEAST_PT


def _small(theme, size: float) -> float:
    """Small type (pt): ``size`` times the type scale, at least
    :data:`LARGE_PRINT_PT` in large print."""
    return max(theme.small(size), LARGE_PRINT_PT) if theme.large_print else theme.small(size)


def _label(theme, text: str) -> str:
    """A small label as printed: capitals, or title case in large print."""
    return text.title() if theme.large_print else text.upper()


def _fill(c, box: FaceBox, colour) -> None:
    c.setFillColor(colour)
    c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)


def fit(text: str, font: str, wanted: float, width: float, least: float = 8.0) -> float:
    """Font size ≤ ``wanted`` (never below ``least``, 8 pt: the classic body minimum) at which
    ``text`` fits ``width`` pt (:func:`printkit.render.text.fit_size`)."""
    return fit_size(text, font, wanted, width, least)


def _text(c, text, x, y, font, size, colour, align="centre") -> None:
    c.setFont(font, size)
    c.setFillColor(colour)
    {"centre": c.drawCentredString, "left": c.drawString, "right": c.drawRightString}[align](x, y, text)


def _pill(c, text, x, y, font, size, fill, colour, pad: float = 1.1) -> None:
    """``text`` centred on (x, baseline y) on a rounded pill of ``fill``,
    ``pad`` ems wider than the text."""
    w = pdfmetrics.stringWidth(text, font, size) + size * pad
    h = size * 1.35
    c.setFillColor(fill)
    c.roundRect(x - w / 2, y - size * 0.38, w, h, h / 2, fill=1, stroke=0)
    _text(c, text, x, y, font, size, colour)


def _speckles(c, w, h, b, colours, n, seed, size) -> None:
    """A fixed scatter of pebbles over the face and its bleed (golden-ratio
    sequence: the same on every tile of a back)."""
    phi = 0.6180339887
    for i in range(n):
        u = (seed + i * phi) % 1.0
        v = (seed * 0.37 + i * 0.7548776662) % 1.0
        r = size * (0.6 + 0.5 * ((i * 7) % 5) / 4)
        c.setFillColor(colours[i % len(colours)])
        c.ellipse(-b + u * (w + 2 * b) - r, -b + v * (h + 2 * b) - r * 0.7,
                  -b + u * (w + 2 * b) + r, -b + v * (h + 2 * b) + r * 0.7, fill=1, stroke=0)


# -- tiles -------------------------------------------------------------------------------


def tile_back(theme, back: str, bone: bool = False) -> Face:
    """The back of a ``back`` tile ("sand", "dirt", "discovery"), with the
    bone hint when ``bone``: the layer colour to the bleed and its texture."""
    pal = Palette(theme)

    def draw(c, box: FaceBox) -> None:
        w, h, b = box.width, box.height, box.bleed
        if back == "sand":
            _fill(c, box, pal.c("sand"))
            _speckles(c, w, h, b, [pal.c("sand_dark"), pal.mix("sand", "ground", 0.5)], 34, 0.21, w * 0.018)
        elif back == "dirt":
            _fill(c, box, pal.c("dirt"))
            _speckles(c, w, h, b, [pal.c("dirt_dark"), pal.mix("dirt", "ground", 0.3)], 22, 0.53, w * 0.03)
        else:
            _fill(c, box, pal.c("discovery"))
            c.setStrokeColor(pal.c("discovery_light"))
            c.setLineWidth(w * 0.03)
            c.circle(w / 2, h / 2, w * 0.3, fill=0, stroke=1)
            _text(c, "?", w / 2, h / 2 - w * 0.13, theme.font("display"), w * 0.4,
                  pal.readable("discovery_light", "discovery"))
        if bone:
            art.bone(c, w / 2, h / 2, w * 0.78, pal.c("bone"), pal.c("outline"))

    key = f"{G}/{theme.name}/tile-back/{back}" + ("/bone" if bone else "")
    return Face(key, draw, text=f"{back} tile back" + (" with a bone" if bone else ""))


def kind_face(theme, face_key: str) -> Face:
    """The face of a stone, hammer, magnifier or wheelbarrow tile
    (``face_key`` of :data:`~printkit.games.archeo.data.FACE_KINDS`): the
    icon large on cream in a ring of the kind's colour, a caption below."""
    pal = Palette(theme)
    kind, n = FACE_KINDS[face_key]

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        _fill(c, box, pal.c("ground"))
        c.setStrokeColor(pal.c(KIND_RING[kind]))
        c.setLineWidth(w * 0.045)
        c.roundRect(box.safe * 0.7, box.safe * 0.7, w - 1.4 * box.safe, h - 1.4 * box.safe, w * 0.08,
                    fill=0, stroke=1)
        cy = h * 0.56
        size = w * 0.66
        if kind == "stones":
            art.stones(c, w / 2, cy, size, n, pal)
        elif kind == "hammers":
            art.hammers(c, w / 2, cy, size, n, pal)
        elif kind == "magnifier":
            art.magnifier(c, w / 2, cy, size * 0.9, pal)
        else:
            art.wheelbarrow(c, w / 2, cy, size, pal)
        caption = _label(theme, CAPTIONS[face_key])
        font = theme.font("bold")
        _text(c, caption, w / 2, box.safe + mm(1.4), font,
              fit(caption, font, _small(theme, 8), w - 2 * box.safe - mm(2), _least(theme)), theme.colour("ink"))

    return Face(f"{G}/{theme.name}/tile/{face_key}", draw, text=CAPTIONS[face_key])


def fossil_face(theme, rules: ArcheoRules, board: Board, piece: str) -> Face:
    """The face of a fossil piece tile: the part of ``board``'s skeleton that
    fills slot ``piece`` (the same art the board shows, in full colour), the
    board's name at the top, the piece's name and its stars at the bottom."""
    pal = Palette(theme)
    k = list(board.slots).index(piece)
    n = len(board.slots)
    stars = board.slots[piece]

    def draw(c, box: FaceBox) -> None:
        w, h = box.width, box.height
        _fill(c, box, pal.c("rock"))
        _speckles(c, w, h, box.bleed, [pal.mix("rock", "dirt", 0.25)], 14, 0.77, w * 0.02)
        c.saveState()
        c.translate(-k * w, 0)
        art.fossil(c, board.id, w, pal.c("bone"), pal.c("bone_line"), pal.c("outline"), slots=n)
        c.restoreState()
        s = box.safe
        font = theme.font("bold")
        name, label = _label(theme, board.name), _label(theme, piece)
        if theme.large_print:
            # the longest name ("Tyrannosaurus") takes the safe zone's width at 11 pt on a slim
            # pill; its glyph boxes (the font's descent + 1 em, taller than its capitals) end at
            # the safe zone's top
            room = w - 2 * s - mm(0.8)
            size = fit(name, font, _small(theme, 8), room, LARGE_PRINT_PT)
            pad = min(1.1, (room + mm(0.8) - pdfmetrics.stringWidth(name, font, size)) / size)  # pill ≤ the safe zone
            _pill(c, name, w / 2, h - s - glyph_box(font, size)[1], font, size, pal.c("rock"), pal.c("bone_line"),
                  pad=pad)
            size = fit(label, font, _small(theme, 8), w - 2 * s - mm(3), LARGE_PRINT_PT)
            _pill(c, label, w / 2, s + max(mm(1.2), glyph_box(font, size)[0]), font, size, pal.c("rock"),
                  theme.colour("ink"))
        else:
            _pill(c, name, w / 2, h - s - mm(2.6), font, fit(name, font, theme.small(8), w - 2 * s - mm(3)),
                  pal.c("rock"), pal.c("bone_line"))
            _pill(c, label, w / 2, s + mm(1.2), font, fit(label, font, theme.small(8), w - 2 * s - mm(3)),
                  pal.c("rock"), theme.colour("ink"))
        r = mm(2.3)
        for i in range(stars):
            art.star(c, w - s - r - i * 2.1 * r, s + mm(7.6), r, pal.c("star"), pal.c("star_line"))

    return Face(f"{G}/{theme.name}/tile/fossil/{board.id}/{piece}", draw,
                text=f"{board.name} {piece} ({stars} stars)")


def discovery_face(theme) -> Face:
    """The face of a discovery tile (a lid over a compartment: lifted, not
    turned): the same art as its back."""
    back = tile_back(theme, "discovery")
    return Face(f"{G}/{theme.name}/tile/discovery", back.draw, text="discovery tile")


# -- shovel cards ------------------------------------------------------------------------


def _card_frame(c, box: FaceBox, pal: Palette, ground: str, ring: str) -> None:
    _fill(c, box, pal.c(ground))
    c.setStrokeColor(pal.c(ring))
    c.setLineWidth(mm(1.2))
    inset = box.safe * 0.55
    c.roundRect(inset, inset, box.width - 2 * inset, box.height - 2 * inset, mm(3.5), fill=0, stroke=1)


def _both_ways(c, box: FaceBox, draw_half) -> None:
    """Call ``draw_half(c, box)`` upright and turned 180° about the card's
    centre: the face reads the same from either side of the table."""
    draw_half(c, box)
    c.saveState()
    c.translate(box.width, box.height)
    c.rotate(180)
    draw_half(c, box)
    c.restoreState()


#: The card number in the shovel card's corner disc (pt); :data:`LARGE_PRINT_PT` in large print.
NUMBER_PT = 9.0


def shovel_face(theme, number: int, of: int, broken: bool) -> Face:
    """One side of shovel card ``number`` (1-based, of ``of``): the shovel
    (``broken`` False) or the broken side.  Point-symmetric layout: the word
    and the card number read upright from both ends, the shovel lies across
    the middle; the same number on both sides ties the two faces to one card."""
    pal = Palette(theme)
    word = "BROKEN" if broken else "SHOVEL"
    ground, ring = ("broken_ground", "broken") if broken else ("shovel_ground", "blade")

    def half(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        font = theme.font("display")
        _text(c, word, w / 2, h - s - mm(8.5), font, fit(word, font, 20, w - 2 * s - mm(14), 14),
              pal.readable("broken_word" if broken else "shovel_word", ground))
        k = LARGE_PRINT_PT / NUMBER_PT if theme.large_print else 1  # the disc grows with the number
        r = mm(3.2) * k
        cx, cy = s + r + mm(0.6), h - s - r - mm(0.6)
        c.setFillColor(pal.c(ring))
        c.circle(cx, cy, r, fill=1, stroke=0)
        _text(c, str(number), cx, cy - 3.2 * k, theme.font("bold"), NUMBER_PT * k, pal.text_on(ring))

    def draw(c, box: FaceBox) -> None:
        _card_frame(c, box, pal, ground, ring)
        _both_ways(c, box, half)
        art.shovel(c, box.width / 2, box.height / 2, box.width * 0.86, pal, broken=broken)

    side = "broken" if broken else "shovel"
    return Face(f"{G}/{theme.name}/{side}/{number}", draw, text=f"shovel card {number}/{of} {side} side")


#: The reference card's smallest text (pt): the rating words on its back.
REFERENCE_MIN_PT = 8.0


def reference_scale(theme) -> float:
    """1, or in large print the factor (11 / 8 = 1.375) that takes the
    reference card's smallest text (:data:`REFERENCE_MIN_PT`) to
    :data:`LARGE_PRINT_PT`: the card is drawn in its classic layout and printed that
    much larger (a 63.5 × 88.9 mm card becomes 87 × 122 mm), as a player aid
    may be; the shovel cards keep their size."""
    return LARGE_PRINT_PT / REFERENCE_MIN_PT if theme.large_print else 1.0



def reference_front(theme, rules: ArcheoRules) -> Face:
    """The reference card's front: shovel cards by player count (the rulebook
    table, solo included), the number of cards the biggest thing per row."""
    pal = Palette(theme)

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        _card_frame(c, box, pal, "ground", "dirt")
        head = "SHOVEL CARDS"  # 15 pt, or as wide as the safe zone (a wider font)
        _text(c, head, w / 2, h - s - mm(7), theme.font("display"), fit(head, theme.font("display"), 15, w - 2 * s),
              pal.c("dirt_dark"))
        _text(c, "to place around the dig site", w / 2, h - s - mm(11.5), theme.font("semibold"), theme.small(8),
              theme.colour("muted"))
        rows = list(rules.shovels_per_players.items())
        top, bottom = h - s - mm(15), s + mm(3)
        step = (top - bottom) / len(rows)
        for i, (players, cards) in enumerate(rows):
            y = top - (i + 0.5) * step
            if i % 2 == 0:
                c.setFillColor(pal.mix("sand", "ground", 0.55))
                c.roundRect(s + mm(1.5), y - step / 2 + 1, w - 2 * s - mm(3), step - 2, mm(2), fill=1, stroke=0)
            label = "Solo" if players == 1 else f"{players} players"
            _text(c, label, s + mm(4), y + (1.5 if players == 1 else -3.5), theme.font("bold"), 11,
                  theme.colour("ink"), "left")
            if players == 1:
                _text(c, f"+ {rules.wheelbarrows_solo} wheelbarrows", s + mm(4), y - 8, theme.font("semibold"),
                      theme.small(8),
                      theme.colour("muted"), "left")
            art.shovel(c, w - s - mm(21), y, mm(7.5), pal)
            _text(c, str(cards), w - s - mm(5), y - 7.5, theme.font("display"), 22, pal.c("dirt_dark"), "right")

    return Face(f"{G}/{theme.name}/reference/front", draw, text="reference card: shovel cards per player count")


def reference_back(theme, rules: ArcheoRules) -> Face:
    """The reference card's back: the rating bands of End of Game with their words."""
    pal = Palette(theme)
    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        _card_frame(c, box, pal, "ground", "star_line")
        head = "HOW MANY STARS?"  # 14 pt, or as wide as the safe zone (a wider font)
        _text(c, head, w / 2, h - s - mm(7), theme.font("display"), fit(head, theme.font("display"), 14, w - 2 * s),
              pal.c("dirt_dark"))
        top, bottom = h - s - mm(10), s + mm(1.5)
        step = (top - bottom) / len(rules.bands)
        font = theme.font("semibold")
        for i, band in enumerate(rules.bands):
            yt = top - i * step
            c.setFillColor(pal.mix("star", "ground", 0.45))
            c.roundRect(s + mm(0.8), yt - step / 2 - mm(4.6), mm(11.5), mm(9.2), mm(2.5), fill=1, stroke=0)
            size = fit(band.label, theme.font("display"), 20, mm(10.5), 14)
            _text(c, band.label, s + mm(6.55), yt - step / 2 - size * 0.36, theme.font("display"), size,
                  theme.colour("ink"))
            lines = wrap_lines(band.words, font, 8, w - 2 * s - mm(15.5))
            y = yt - step / 2 + (len(lines) - 1) * 4.6 - 2.6
            for line in lines:
                _text(c, line, s + mm(14), y, font, 8, theme.colour("ink"), "left")
                y -= 9.2

    return Face(f"{G}/{theme.name}/reference/back", draw, text="reference card: rating")


# -- tokens ------------------------------------------------------------------------------


#: No decorative ring nearer a round token's cut than this (pt): a 3 mm band of
#: plain ground, so a cut a little off shows nothing lopsided and the sheet's
#: dark cut line reads on it.
RIM_CLEAR = mm(3.3)
#: Width (pt) of a token's coloured ring, inside that band.
TOKEN_RING = mm(1.2)


def _token_frame(c, box: FaceBox, pal: Palette, ring, inside) -> float:
    """Paper-light ground to the bleed, a ``ring`` band :data:`TOKEN_RING` wide
    starting :data:`RIM_CLEAR` inside the cut, ``inside`` within it.  Returns
    the radius (pt) inside the ring."""
    r = box.width / 2
    _fill(c, box, pal.c("ground"))
    c.setFillColor(ring)
    c.circle(r, r, r - RIM_CLEAR, fill=1, stroke=0)
    c.setFillColor(inside)
    c.circle(r, r, r - RIM_CLEAR - TOKEN_RING, fill=1, stroke=0)
    return r - RIM_CLEAR - TOKEN_RING


#: Token captions in large print: at 11 pt a 26 mm token's face (17 mm inside
#: its ring) holds one short word under the art, the word the art makes plain.
LARGE_TOKEN_WORDS = {"wheelbarrow": "Barrow", "egg": "Egg", "cracked": "Cracked", "stone": "Stones"}


#: A soft hyphen: where a token caption's word may break, printed as "-" at the end of its line.
SHY = "\u00ad"
#: Token kind → caption (classic layout, upper case); a word too wide for the token's face
#: breaks at its soft hyphen (:func:`caption_lines`).
TOKEN_CAPTIONS = {"wheelbarrow": f"WHEEL{SHY}BARROW", "egg": "EGG", "cracked": "CRACKED EGG", "stone": "STONES"}


def caption_lines(caption: str, font: str, size: float, inner: float) -> list[str]:
    """The lines of a token ``caption`` at ``size`` pt under the art of a face
    ``inner`` pt in radius (inside its ring): one line when it fits 1.7 ×
    ``inner`` (the chord just under the centre), else a word a line, a word
    wider than 1.4 × ``inner`` (the chord further down) broken at its soft
    hyphen (:data:`SHY`) as "WHEEL-" / "BARROW"."""
    whole = caption.replace(SHY, "")
    if pdfmetrics.stringWidth(whole, font, size) <= inner * 1.7:
        return [whole]
    lines = []
    for word in caption.split():
        if SHY in word and pdfmetrics.stringWidth(word.replace(SHY, ""), font, size) > inner * 1.4:
            head, tail = word.split(SHY, 1)
            lines += [head + "-", tail.replace(SHY, "")]
        else:
            lines.append(word.replace(SHY, ""))
    return lines


def token_face(theme, rules: ArcheoRules, kind: str) -> Face:
    """A round token's face: ``kind`` "wheelbarrow", "egg" (with its stars),
    "cracked" or "stone" (the stone token); in large print the caption is
    one 11 pt word (:data:`LARGE_TOKEN_WORDS`)."""
    pal = Palette(theme)
    captions = TOKEN_CAPTIONS
    ring = {"wheelbarrow": "barrow", "egg": "star_line", "cracked": "egg_spot", "stone": "stone_dark"}[kind]
    large = theme.large_print

    def draw(c, box: FaceBox) -> None:
        w = box.width
        r = w / 2
        inner = _token_frame(c, box, pal, pal.c(ring), pal.c("ground"))
        # large print: the art a little smaller, the 11 pt word just under the centre, where
        # the face is wide enough for it
        cy = r + inner * (0.47 if large else 0.4)
        size = inner * (0.74 if large else 0.85)
        if kind == "wheelbarrow":
            art.wheelbarrow(c, r, cy, size, pal)
        elif kind == "egg":
            art.egg(c, r, cy, size * 1.05, pal)
            n = rules.egg_stars
            for i in range(n):
                art.star(c, r + (i - (n - 1) / 2) * size * 0.33, cy - size * 0.05, size * 0.16, pal.c("star"),
                         pal.c("star_line"))
        elif kind == "cracked":
            art.cracked_egg(c, r, cy, size, pal)
        else:
            art.stones(c, r, cy, size, rules.stone_token_breaks if rules.stone_token_breaks <= 2 else 2, pal)
        font = theme.font("bold")
        if large:
            _text(c, LARGE_TOKEN_WORDS[kind], r, r - inner * 0.3, font, LARGE_PRINT_PT, theme.colour("ink"))
            return
        lines = caption_lines(captions[kind], font, theme.small(8), inner)
        size_pt = min(fit(ln, font, theme.small(8), inner * (1.7 if len(lines) == 1 else 1.4)) for ln in lines)
        y = r - inner * (0.36 if len(lines) == 1 else 0.3)
        for ln in lines:
            _text(c, ln, r, y, font, size_pt, theme.colour("ink"))
            y -= size_pt * 1.05

    return Face(f"{G}/{theme.name}/token/{kind}", draw, text=f"{captions[kind].replace(SHY, '').lower()} token")


def token_back(theme) -> Face:
    """The one back of the egg, cracked-egg and stone tokens (they are hidden at random)."""
    pal = Palette(theme)

    def draw(c, box: FaceBox) -> None:
        w = box.width
        back = pal.hex("token_back")
        # the "?" ring and speckles: the light discovery colour where it shows, else ink or paper
        mark = pal.c("discovery_light") if contrast_ratio(pal.hex("discovery_light"), back) >= 3 \
            else pal.text_on("token_back")
        inner = _token_frame(c, box, pal, mark, pal.c("token_back"))
        c.saveState()
        clip = c.beginPath()
        clip.circle(w / 2, w / 2, inner)
        c.clipPath(clip, stroke=0, fill=0)
        _speckles(c, w, w, box.bleed, [mark], 16, 0.31, w * 0.02)
        c.restoreState()
        c.setStrokeColor(mark)
        c.setLineWidth(w * 0.035)
        c.circle(w / 2, w / 2, w * 0.3, fill=0, stroke=1)
        _text(c, "?", w / 2, w / 2 - w * 0.14, theme.font("display"), w * 0.42, pal.text_on("token_back"))

    return Face(f"{G}/{theme.name}/token-back", draw, text="hidden token back")


# -- fossil boards -----------------------------------------------------------------------


def board_slots(rules: ArcheoRules, board: Board, width: float, height: float) -> list[tuple[str, float, float, float]]:
    """(piece, x, y, side) of each slot of ``board`` on a ``width`` ×
    ``height`` pt board: tile-size squares plus 2 mm, centred in a row."""
    side = mm(rules.tile + 2)
    gap = mm(2)
    n = len(board.slots)
    x0 = (width - n * side - (n - 1) * gap) / 2
    y = height * 0.5 - side * 0.5 - mm(2)
    return [(p, x0 + i * (side + gap), y, side) for i, p in enumerate(board.slots)]


def board_face(theme, rules: ArcheoRules, board: Board) -> Face:
    """A fossil board: the name, one slot per piece with the pale skeleton in
    it (the piece tile covers it exactly), the slot's stars above it and the
    piece's name below; the fossil's fact at the bottom."""
    pal = Palette(theme)

    def draw(c, box: FaceBox) -> None:
        w, h, s = box.width, box.height, box.safe
        _fill(c, box, pal.c("dirt"))
        _speckles(c, w, h, box.bleed, [pal.c("dirt_dark")], 60, 0.11, mm(0.7))
        c.setFillColor(pal.c("ground"))
        c.roundRect(s * 0.6, s * 0.6, w - 1.2 * s, h - 1.2 * s, mm(4), fill=1, stroke=0)
        _text(c, board.name.upper(), w / 2, h - s - mm(8.5), theme.font("display"),
              fit(board.name.upper(), theme.font("display"), 22, w - 2 * s - mm(10), 14), pal.c("dirt_dark"))
        tile = mm(rules.tile)
        for i, (piece, x, y, side) in enumerate(board_slots(rules, board, w, h)):
            c.setFillColor(pal.c("slot"))
            c.setStrokeColor(pal.c("ghost_line"))
            c.setLineWidth(1)
            c.setDash(4, 2.5)
            c.roundRect(x, y, side, side, mm(1.5), fill=1, stroke=1)
            c.setDash()
            c.saveState()
            p = c.beginPath()
            p.rect(x + mm(1), y + mm(1), tile, tile)
            c.clipPath(p, stroke=0, fill=0)
            c.translate(x + mm(1) - i * tile, y + mm(1))
            art.fossil(c, board.id, tile, pal.c("ghost"), pal.c("ghost_line"), pal.c("ghost_line"),
                       slots=len(board.slots))
            c.restoreState()
            stars = board.slots[piece]
            r = mm(3)
            for k in range(stars):
                art.star(c, x + side / 2 + (k - (stars - 1) / 2) * 2.3 * r, y + side + mm(4.2), r,
                         pal.c("star"), pal.c("star_line"))
            label = _label(theme, piece)
            _text(c, label, x + side / 2, y - mm(4.6), theme.font("bold"),
                  fit(label, theme.font("bold"), _small(theme, 9), side - mm(2), _least(theme)), theme.colour("ink"))
        _text(c, board.fact, w / 2, s + mm(1.8), theme.font("italic"),
              fit(board.fact, theme.font("italic"), _small(theme, 9), w - 2 * s - mm(6), _least(theme)),
              theme.colour("muted"))

    return Face(f"{G}/{theme.name}/board/{board.id}", draw, text=f"{board.name} board ({board.stars} stars)")

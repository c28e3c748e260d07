"""ArchéoTREK Bone and Skeleton tokens: round faces drawn in code.

Each function returns a :class:`printkit.model.Face` for a **round** component
whose trim diameter comes from the rules (``bone_diameter`` /
``skeleton_diameter``, mm; the engine passes them to ``draw`` in points).
The draw functions paint the colour to the bleed edge (the engine clips to the
bleed circle) and keep every text and key mark inside the safe circle
(trim radius − ``box.safe``).  Colours and fonts come from the ``theme``
argument (``theme.colour(role, "archeotrek")``, ``theme.font(role)``); every
printed number comes from the rules.

Face keys are unique per artwork and identical for identical artwork:
``archeotrek/bone/<colour>/<value>``, ``archeotrek/bone/back``,
``archeotrek/skeleton/<colour>/<value>``, ``archeotrek/skeleton/back`` (each
prefixed by the theme name), so the engine draws each artwork once.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.pdfbase import pdfmetrics

from printkit.gamekit import (
    LARGE_PRINT_PT,
    Face,
    FaceBox,
    PrintkitError,
    fit_size,
    icons,
    least_that_fits,
    mm,
)
from printkit.games.archeotrek import art
from printkit.games.archeotrek.data import ArcheoTrekRules

GAME = "archeotrek"


#: Largest size (pt) of a token's key number; it shrinks only to fit the safe circle.
BONE_VALUE_PT = 40.0
SKELETON_VALUE_PT = 30.0

# digits that read as another digit when the token is turned upside down
_TURNABLE = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


#: A Skeleton token's front, in fractions of its content radius (y up from the
#: centre): the pit's width, height and centre, the value's and the word's
#: heights; large print (the word at 11 pt) moves the value up and the pit smaller.
_SKELETON_LAYOUT = {"pit_w": 1.36, "pit_h": 0.58, "pit_y": 0.58, "num_y": -0.12, "word_y": -0.70}
_SKELETON_LARGE = {"pit_w": 1.26, "pit_h": 0.42, "pit_y": 0.68, "num_y": 0.04, "word_y": -0.66}
#: Width across of :func:`~printkit.games.archeotrek.art.skeleton` over its length (elbows, outline).
SKELETON_ASPECT = 0.42
#: Outline (pt) of the skeleton's bones: thinner than the symbols', the bones are fine.
SKELETON_LINE_PT = 0.35

#: No decorative ring nearer the cut than this (pt): a 3 mm clear band, so a
#: cutting error never shows as a lopsided rim.
RIM_CLEAR = mm(3.3)
#: Width (pt) of the Skeleton tokens' dark ring.
SKELETON_RING = mm(1.6)


def _ambiguous_upside_down(text: str) -> bool:
    """True when ``text`` turned 180° reads as a different number (6 ↔ 9, 16 ↔ 91…)."""
    if not text or any(ch not in _TURNABLE for ch in text):
        return False
    return "".join(_TURNABLE[ch] for ch in reversed(text)) != text


def _cap(font: str) -> float:
    """Cap height of ``font`` as a fraction of its size."""
    return (pdfmetrics.getFont(font).face.capHeight or 700) / 1000.0


def _check_colour(rules: ArcheoTrekRules, colour: str) -> None:
    if colour not in rules.tokens.bones:
        raise PrintkitError(
            f"ArchéoTREK token colour {colour!r} is not in the rules; "
            f"choose one of: {', '.join(rules.tokens.bones)}"
        )


def _ink_on(theme: Any, role: str) -> Any:
    """Theme colour ("paper" or "ink") that reads best on the game colour ``role``."""
    bg = theme.hex(role, GAME)
    best = icons.best_contrast(bg, theme.hex("paper"), theme.hex("ink"))
    return theme.colour("paper") if best == theme.hex("paper") else theme.colour("ink")


def _shade_hex(theme: Any, role: str) -> str:
    """Hex of the other one of "paper"/"ink": mixed into the game colour
    ``role``, it deepens the contrast with the text drawn with :func:`_ink_on`."""
    ink = _ink_on(theme, role)
    return theme.hex("ink") if ink == theme.colour("paper") else theme.hex("paper")


#: Width (pt) of the text-colour outline round the big symbol on a Bone token.
SYMBOL_LINE_PT = 0.9


def _fill_bleed(c: Any, box: FaceBox, colour: Any) -> None:
    c.setFillColor(colour)
    c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed,
           stroke=0, fill=1)





def _centred_number(c: Any, text: str, font: str, size: float, x: float, y: float,
                    colour: Any, underline: bool) -> None:
    """``text`` centred on (x, y) by its cap height; a dot after it for 6/9."""
    cap = _cap(font) * size
    c.setFillColor(colour)
    c.setFont(font, size)
    c.drawCentredString(x, y - cap / 2, text)
    if underline:  # a full stop after 6 and 9, as on pool balls: reads either way up
        w = pdfmetrics.stringWidth(text, font, size)
        dot = size * 0.065
        c.circle(x + w / 2 + dot * 1.9, y - cap / 2 + dot, dot, stroke=0, fill=1)


#: A token's safe zone (pt from its cut): the kit's Bone and Skeleton components give it.
TOKEN_SAFE = mm(3)
#: Smallest size (pt) of a token's value: a smaller token is refused (:func:`token_size_problem`).
VALUE_LEAST_PT = 20.0
#: Tallest a value may stand (its cap height), over the radius it is fitted to: a Bone's
#: value stays on its symbol, a Skeleton's between its pit and its word (the bundled
#: 25 and 32 mm tokens stay under both, at 40 and 30 pt).
_BONE_CAP_MAX, _SKELETON_CAP_MAX = 1.12, 0.76


def bone_value_size(theme: Any, text: str, r_safe: float) -> float:
    """Size (pt) of a Bone token's value ``text`` for a safe circle of radius
    ``r_safe`` pt: :data:`BONE_VALUE_PT`, smaller when wider than 1.4 × ``r_safe``
    or when its cap height would pass :data:`_BONE_CAP_MAX` × ``r_safe`` (a small
    house-rules token)."""
    font = theme.font("display")
    return min(fit_size(text, font, BONE_VALUE_PT, r_safe * 1.4), r_safe * _BONE_CAP_MAX / _cap(font))


def skeleton_content_radius(r_trim: float) -> float:
    """The layout radius (pt) of a Skeleton token's face inside its frame, for a trim radius in pt."""
    return (r_trim - RIM_CLEAR - SKELETON_RING) * 0.96


def skeleton_value_size(theme: Any, text: str, r: float) -> float:
    """Size (pt) of a Skeleton token's "+value" for a content radius ``r`` pt:
    :data:`SKELETON_VALUE_PT`, smaller when wider than 1.25 × ``r``, taller (cap
    height) than :data:`_SKELETON_CAP_MAX` × ``r``, or when it would come
    within 1 pt of the caps of the word under it (:func:`skeleton_word_size`;
    all three bind only on a token smaller than the bundled 32 mm)."""
    font = theme.font("display")
    lay = _SKELETON_LARGE if theme.large_print else _SKELETON_LAYOUT
    wfont = theme.font("semibold" if theme.large_print else "bold")
    # room for half the value's cap height between its centre line and 1 pt above the word's caps
    room = (lay["num_y"] - lay["word_y"]) * r - _cap(wfont) * skeleton_word_size(theme, r) - 1.0
    return min(fit_size(text, font, SKELETON_VALUE_PT, r * 1.25), r * _SKELETON_CAP_MAX / _cap(font),
               2 * room / _cap(font))


def skeleton_word_size(theme: Any, r: float) -> float:
    """Size (pt) of the word under a Skeleton token's value for a content radius
    ``r`` pt: fitted to 1.3 × ``r`` (large print: 1.45 × ``r``, never below
    :data:`LARGE_PRINT_PT`, so it may be wider)."""
    if theme.large_print:
        return max(LARGE_PRINT_PT, fit_size("Skeleton", theme.font("semibold"), theme.small(8.0), r * 1.45))
    return fit_size("SKELETON", theme.font("bold"), theme.small(8.0), r * 1.3)


def token_size_problem(rules: ArcheoTrekRules, theme: Any) -> tuple[str, str] | None:
    """(key, message: "<key> = <mm>: why") when the rules' token diameters cannot hold what the tokens
    print in ``theme``: a value under :data:`VALUE_LEAST_PT` pt (the largest
    value of the rules, the way :func:`bone_value_size` and
    :func:`skeleton_value_size` fit it), or a large-print word "Skeleton"
    wider than its room; ``why`` gives the smallest diameter (mm, to 0.5)
    that holds them, up to the 60 mm the rules accept.  ``None``: they fit."""
    def bone_ok(d_mm: float) -> bool:
        r_safe = mm(d_mm) / 2 - TOKEN_SAFE
        return r_safe > 0 and all(bone_value_size(theme, str(v), r_safe) >= VALUE_LEAST_PT
                                  for vs in rules.tokens.bones.values() for v in vs)

    def skeleton_ok(d_mm: float) -> bool:
        r = skeleton_content_radius(mm(d_mm) / 2)
        if r <= 0 or any(skeleton_value_size(theme, f"+{v}", r) < VALUE_LEAST_PT
                         for v in rules.tokens.skeletons.values()):
            return False
        word = ("Skeleton", "semibold") if theme.large_print else ("SKELETON", "bold")
        width = pdfmetrics.stringWidth(word[0], theme.font(word[1]), skeleton_word_size(theme, r))
        return width <= r * (1.45 if theme.large_print else 1.3) + 0.01

    for key, d, ok, what in (("tokens.size.bone_diameter", rules.bone_diameter, bone_ok,
                              f"a Bone token's value at {VALUE_LEAST_PT:g} pt or more"),
                             ("tokens.size.skeleton_diameter", rules.skeleton_diameter, skeleton_ok,
                              f"a Skeleton token's value at {VALUE_LEAST_PT:g} pt or more"
                              + (" and its word at 11 pt" if theme.large_print else ""))):
        if ok(d):
            continue
        room = least_that_fits(ok, d, 60, 0.5, "diameter")
        return key, f"{key} = {d:g}: too small to print {what} in the theme {theme.name!r}; {room}"
    return None


def bone_face(rules: ArcheoTrekRules, theme: Any, colour: str, value: int) -> Face:
    """Front of the Bone token of ``colour`` worth ``value``.

    Round, trim diameter ``rules.bone_diameter`` mm.  The colour fills the face
    to the bleed; the value is the biggest thing on it (display font, up to
    :data:`BONE_VALUE_PT` pt, never below 20 pt), with the colour's symbol above
    it and a bone below, all in ink or paper — whichever contrasts better with
    the colour.  6 and 9 get a full stop after them so they read either way up.

    Raises :class:`printkit.PrintkitError` for a colour or value not in the rules.
    """
    _check_colour(rules, colour)
    if value not in rules.tokens.bones[colour]:
        raise PrintkitError(
            f"ArchéoTREK has no {colour} Bone worth {value!r}; "
            f"values: {', '.join(map(str, rules.tokens.bones[colour]))}"
        )
    symbol = rules.symbols[colour]
    text = str(value)

    def draw(c: Any, box: FaceBox) -> None:
        fill = theme.colour(colour, GAME)
        ink = _ink_on(theme, colour)
        shade = _shade_hex(theme, colour)
        cx, cy = box.width / 2, box.height / 2
        r_trim = min(box.width, box.height) / 2
        r_safe = r_trim - box.safe
        c.saveState()
        _fill_bleed(c, box, fill)
        # engraved ring RIM_CLEAR inside the cut: frames the face without showing a
        # cutting error, as a ring near the trim line would
        c.setStrokeColor(icons.mix(theme.hex(colour, GAME), shade, 0.45))
        c.setLineWidth(0.6)
        c.circle(cx, cy, r_trim - RIM_CLEAR, stroke=1, fill=0)
        # the colour's symbol, large and embossed (a shade away from the text
        # colour) behind the value, outlined in the text colour: the emboss
        # alone vanishes on pale tints and in greyscale, the outline reads in
        # any theme, to colour-blind players and from across the table
        icons.colour_symbol(c, symbol, cx, cy + r_safe * 0.10, r_safe * 1.95,
                            icons.mix(theme.hex(colour, GAME), shade, 0.35), ink, SYMBOL_LINE_PT)
        font = theme.font("display")
        size = bone_value_size(theme, text, r_safe)
        num_y = cy + r_safe * 0.12
        _centred_number(c, text, font, size, cx, num_y, ink, _ambiguous_upside_down(text))
        art.bone(c, cx, cy - r_safe * 0.70, r_safe * 0.66, ink)
        c.restoreState()

    return Face(
        key=f"{theme.name}/{GAME}/bone/{colour}/{value}",
        draw=draw,
        text=f"Bone {colour} {value} ({symbol})",
    )


def bone_back(rules: ArcheoTrekRules, theme: Any) -> Face:
    """Back shared by every Bone token (round, ``rules.bone_diameter`` mm).

    Identical for all colours and values, so drawing from the bag reveals
    nothing: a light band from the bleed to :data:`RIM_CLEAR` inside the cut, then
    the token-back colour with a scatter of soil and a bone.
    """

    def draw(c: Any, box: FaceBox) -> None:
        cx, cy = box.width / 2, box.height / 2
        r_safe = min(box.width, box.height) / 2 - box.safe
        c.saveState()
        # the light band of the Skeleton tokens: the dark cut line shows on it
        _fill_bleed(c, box, theme.colour("circle_fill", GAME))
        c.setFillColor(theme.colour("token_back", GAME))
        c.circle(cx, cy, min(box.width, box.height) / 2 - RIM_CLEAR, stroke=0, fill=1)
        _soil_dots(c, cx, cy, r_safe * 0.95, theme.colour("earth_dark", GAME))
        art.bone(c, cx, cy, r_safe * 1.6, theme.colour("ground", GAME),
                   theme.colour("earth_dark", GAME), 0.8, angle=35)
        c.restoreState()

    return Face(key=f"{theme.name}/{GAME}/bone/back", draw=draw, text="Bone token back")


def _soil_dots(c: Any, cx: float, cy: float, radius: float, colour: Any) -> None:
    """A fixed, even scatter of small pebbles inside ``radius`` (a golden-angle spiral)."""
    c.setFillColor(colour)
    n = 34
    for i in range(n):
        rr = radius * math.sqrt((i + 0.5) / n)
        a = i * 2.399963
        c.circle(cx + rr * math.cos(a), cy + rr * math.sin(a), radius * (0.018 + 0.012 * (i % 3)),
                 stroke=0, fill=1)


def _skeleton_frame(c: Any, theme: Any, box: FaceBox, cx: float, cy: float, r_trim: float) -> float:
    """A Skeleton token's frame: the paper-light ``circle_fill`` from the bleed to
    :data:`RIM_CLEAR` inside the cut (so the sheet's dark cut line shows against it
    and a cutting error shows no ring), then the dark ``skeleton_ring`` band,
    :data:`SKELETON_RING` wide.  Returns the radius (pt) inside the band."""
    _fill_bleed(c, box, theme.colour("circle_fill", GAME))
    c.setFillColor(theme.colour("skeleton_ring", GAME))
    c.circle(cx, cy, r_trim - RIM_CLEAR, stroke=0, fill=1)
    return r_trim - RIM_CLEAR - SKELETON_RING


def skeleton_face(rules: ArcheoTrekRules, theme: Any, colour: str, value: int) -> Face:
    """Front of the Skeleton token of ``colour`` (round, ``rules.skeleton_diameter`` mm).

    A light band from the bleed to :data:`RIM_CLEAR` inside the cut (the cut line
    reads on it), a dark skeleton ring, the colour inside it; on top a whole
    skeleton lying in a burial pit (:func:`~printkit.games.archeotrek.art.skeleton`,
    bone-white with ink outlines, the pit a shade deeper than the colour), then
    "+value" (the biggest thing on the face, display font, up to
    :data:`SKELETON_VALUE_PT` pt, never below 20 pt) between two of the colour's
    symbols, and the word "Skeleton" (at least :data:`LARGE_PRINT_PT` pt in a
    large-print theme).

    Raises :class:`printkit.PrintkitError` when ``colour`` is not in the rules
    or ``value`` is not that colour's Skeleton value.
    """
    _check_colour(rules, colour)
    if rules.tokens.skeletons.get(colour) != value:
        raise PrintkitError(
            f"ArchéoTREK's {colour} Skeleton is worth {rules.tokens.skeletons.get(colour)}, not {value!r}"
        )
    symbol = rules.symbols[colour]
    text = f"+{value}"
    large = theme.large_print

    def draw(c: Any, box: FaceBox) -> None:
        fill = theme.colour(colour, GAME)
        ink = _ink_on(theme, colour)
        shade = _shade_hex(theme, colour)
        cx, cy = box.width / 2, box.height / 2
        r_trim = min(box.width, box.height) / 2
        c.saveState()
        r_in = _skeleton_frame(c, theme, box, cx, cy, r_trim)
        c.setFillColor(fill)
        c.circle(cx, cy, r_in, stroke=0, fill=1)
        r = skeleton_content_radius(r_trim)      # the layout radius of the face's content
        lay = _SKELETON_LARGE if large else _SKELETON_LAYOUT
        # the burial: a pit a shade deeper than the colour, outlined in the text colour
        # (the Bone tokens' embossed symbol), and the whole skeleton lying in it
        pit = icons.mix(theme.hex(colour, GAME), shade, 0.35)
        pw, ph, py = lay["pit_w"] * r, lay["pit_h"] * r, cy + lay["pit_y"] * r
        c.setFillColor(pit)
        c.setStrokeColor(ink)
        c.setLineWidth(SYMBOL_LINE_PT)
        c.roundRect(cx - pw / 2, py - ph / 2, pw, ph, ph / 2, stroke=1, fill=1)
        length = min(pw * 0.90, ph * 0.84 / SKELETON_ASPECT)
        art.skeleton(c, cx, py, length, theme.colour("circle_fill", GAME), pit, theme.colour("ink"), SKELETON_LINE_PT)
        font = theme.font("display")
        size = skeleton_value_size(theme, text, r)
        num_y = cy + lay["num_y"] * r
        _centred_number(c, text, font, size, cx, num_y, ink, False)
        for side in (-1, 1):  # the colour's symbol on both sides of the value
            icons.colour_symbol(c, symbol, cx + side * r * 0.80, num_y, r * 0.26, ink)
        # large print: the word at LARGE_PRINT_PT, in capitals and lower case (narrower)
        word = "Skeleton" if large else "SKELETON"
        wfont = theme.font("semibold" if large else "bold")
        wsize = skeleton_word_size(theme, r)
        c.setFillColor(ink)
        c.setFont(wfont, wsize)
        c.drawCentredString(cx, cy + lay["word_y"] * r, word)
        c.restoreState()

    return Face(
        key=f"{theme.name}/{GAME}/skeleton/{colour}/{value}",
        draw=draw,
        text=f"Skeleton {colour} +{value} ({symbol})",
    )


def skeleton_back(rules: ArcheoTrekRules, theme: Any) -> Face:
    """Back shared by every Skeleton token (round, ``rules.skeleton_diameter`` mm):
    the light band and dark ring of the fronts, the token-back colour with a scatter of
    soil and a whole skeleton lying across it (turned as the Bone tokens' back bone)."""

    def draw(c: Any, box: FaceBox) -> None:
        cx, cy = box.width / 2, box.height / 2
        back = theme.colour("token_back", GAME)
        c.saveState()
        r_in = _skeleton_frame(c, theme, box, cx, cy, min(box.width, box.height) / 2)
        c.setFillColor(back)
        c.circle(cx, cy, r_in, stroke=0, fill=1)
        _soil_dots(c, cx, cy, r_in * 0.95, theme.colour("earth_dark", GAME))
        art.skeleton(c, cx, cy, r_in * 1.8, theme.colour("ground", GAME), back,
                     theme.colour("earth_dark", GAME), 0.6, angle=35)
        c.restoreState()

    return Face(key=f"{theme.name}/{GAME}/skeleton/back", draw=draw, text="Skeleton token back")

"""The Archéo rules reference (weasyprint), in our own words: one page, two in
a large-print theme.

Every number the page shows (players, shovel cards per player count, tiles,
stars, hidden items, rating bands) comes from the
:class:`~printkit.games.archeo.data.ArcheoRules` passed in, never from the
template; the icons are the kit's own art (:mod:`printkit.games.archeo.art`)
recorded as SVG (:mod:`printkit.games.archeo.svg`) in the theme's palette.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from printkit.gamekit import LARGE_PRINT_PT, Paper, Theme, game_context, render_fitted
from printkit.games.archeo import art
from printkit.games.archeo.art import Palette
from printkit.games.archeo.data import GAME_ID, ArcheoRules
from printkit.games.archeo.svg import icon_svg

TEMPLATE = "archeo-rules.html.j2"


def _icons(pal: Palette) -> dict[str, Markup]:
    def fossil_icon(c, x, y, s):
        c.saveState()
        c.translate(x - s / 2, y - s / 2)
        art.fossil(c, "tyrannosaurus", s, pal.c("bone"), pal.c("bone_line"), pal.c("outline"))
        c.restoreState()

    def star_icon(c, x, y, s):
        art.star(c, x, y, s * 0.45, pal.c("star"), pal.c("star_line"))

    draws = {name: (lambda f: lambda c, x, y, s: f(c, x, y, s, pal))(f) for name, f in art.KIND_ICONS.items()}
    draws.update({"fossil": fossil_icon, "star": star_icon})
    return {name: Markup(icon_svg(d)) for name, d in draws.items()}


def rules_context(rules: ArcheoRules, theme: Theme) -> dict[str, Any]:
    """The template context of the rules reference, built from ``rules``."""
    per = rules.shovels_per_players
    return {
        **game_context(GAME_ID, rules),
        "shovels": [{"players": n, "cards": k} for n, k in per.items() if n > 1],
        "solo": {"cards": per.get(1), "wheelbarrows": rules.wheelbarrows_solo} if 1 in per else None,
        "shovel_cards": rules.shovel_cards,
        "wheelbarrows_each": rules.wheelbarrows_per_player,
        "layers": [{"n": i + 1, "back": lay.back, "tiles": lay.tiles} for i, lay in enumerate(rules.layers)],
        "layer_count": len(rules.layers),
        "compartments": rules.compartments,
        "egg_stars": rules.egg_stars,
        "cracked_eggs": rules.cracked_eggs,
        "stone_breaks": rules.stone_token_breaks,
        "bone_tiles": sum(len(v) for v in rules.bone.values()),
        "stars_total": rules.stars_total,
        "stars_boards": rules.stars_boards,
        "boards": [{"name": b.name, "stars": b.stars, "pieces": len(b.slots)} for b in rules.boards.values()],
        "bands": [{"label": b.label, "words": b.words} for b in rules.bands],
        "icons": _icons(Palette(theme)),
    }


#: Body text of the reference (pt) in the classic layout; a large-print theme
#: ([type] scale above 1) gets it times the scale, and every smaller text
#: (kicker, tagline, facts, table heads) at least :data:`LARGE_PRINT_PT`.
BODY_PT = 12.0
#: The classic size (pt) of the facts and tagline, the largest of the small texts.
SMALL_PT = 10.5


def type_context(theme: Theme) -> dict[str, Any]:
    """Font sizes (pt) of the reference for ``theme``: ``large`` (True in a
    large-print theme, whose reference runs over two pages, as its masthead
    says), ``body_pt`` (12 pt times the type scale there) and ``small_pt``
    (the kicker, tagline, facts and table heads: ≥ 11 pt there).  The classic
    layout (``large`` False) sets its sizes in the template."""
    large = theme.large_print
    return {"large": large, "body_pt": round(BODY_PT * theme.type_scale, 2),
            "small_pt": round(max(LARGE_PRINT_PT, SMALL_PT * theme.type_scale), 2)}


def rules_reference_pdf(rules: ArcheoRules, theme: Theme, paper: Paper) -> bytes:
    """The Archéo rules reference as PDF bytes (``paper`` size, the theme's
    fonts and the game's palette): one page, two in a large-print theme (see
    :func:`type_context`).  Raises :class:`printkit.PrintkitError` for a
    template error."""
    kind = type_context(theme)
    return render_fitted(TEMPLATE, {**rules_context(rules, theme), "type": kind}, theme, paper,
                         pages=2 if kind["large"] else 1)

"""Archaeologia's one-page rules reference (jinja2 + weasyprint), in our own words.

Every number the page shows (site size, layers, spares for the black market,
starting coins, tools and rentals with prices, strata costs, sets and their
sizes, the winning RP, the card counts) comes from the
:class:`~printkit.games.archaeologia.data.ArchaeologiaRules` passed in.
"""

from __future__ import annotations

from typing import Any

from printkit.gamekit import LARGE_PRINT_PT, Paper, Theme, game_context, render_fitted
from printkit.games.archaeologia.data import GAME_ID, ArchaeologiaRules

TEMPLATE = "archaeologia-rules.html.j2"


def rules_context(rules: ArchaeologiaRules) -> dict[str, Any]:
    """The template context of the rules reference, built from ``rules``."""
    strata = []
    for st in rules.strata.values():
        groups = [g for g in rules.groups.values() if rules.discoveries[g.tiles[0]].stratum == st.id]
        strata.append({
            "id": st.id, "name": st.name, "research": st.research, "cost": st.cost, "tiles": st.tiles,
            "tool": rules.tools[st.tool].name if st.tool else "",
            "singles": sum(1 for d in rules.tiles_of(st.id) if d.kind == "single" and not d.id.startswith("meteorite")),
            "meteorites": sum(1 for d in rules.tiles_of(st.id) if d.id.startswith("meteorite")),
            "eggs": sum(1 for d in rules.tiles_of(st.id) if d.egg),
            "doubles": [g.name for g in groups if g.kind == "double"],
            "sets": [{"name": g.name, "size": g.size, "kind": g.kind} for g in groups if g.kind != "double"],
            "spare": rules.black_market_start.get(st.id, 0),
        })
    bottom_up = [rules.strata[s].name for s in rules.layers]
    return {
        **game_context(GAME_ID, rules),
        "rows": rules.site_rows, "cols": rules.site_cols, "piles": rules.piles,
        "layers": bottom_up, "strata": strata,
        "start_coins": rules.start_coins, "start_rp": rules.start_rp, "hand": rules.hand,
        "objectives_each": rules.objectives_each, "first_sonar": rules.first_sonar_piles,
        "draw": rules.draw, "actions": rules.actions_per_turn, "hand_limit": rules.hand_limit,
        "idle_coins": rules.idle_coins, "win_rp": rules.win_rp, "eggs": rules.eggs_to_end,
        "tools": [{"name": t.name, "price": t.price} for t in rules.tools.values()], "sell_back": rules.sell_back,
        "rentals": [{"name": r.name, "price": r.price, "text": r.text, "lasts": r.lasts} for r in rules.rentals.values()],
        "events": rules.event_count, "event_footprints": sum(e.count for e in rules.events.values() if e.action),
        "objectives": len(rules.objectives), "tiles": len(rules.discoveries),
    }


#: Body text of the reference (pt): the classic size, and the least a large-print
#: theme ([type] scale above 1) gets.
BODY_PT = 9.4


def type_context(theme: Theme) -> dict[str, Any]:
    """Font sizes (pt) of the reference for ``theme``: ``body`` (9.4 pt,
    ≥ 11 pt in a large-print theme), ``small`` (tables, tags: ≥ 8 pt, ≥ 11 pt
    large) and ``large`` (True in a large-print theme: the reference then
    runs over two pages, as its masthead says)."""
    large = theme.large_print
    body = max(LARGE_PRINT_PT, BODY_PT * theme.type_scale) if large else BODY_PT
    small = max(LARGE_PRINT_PT, 8.8 * theme.type_scale) if large else 8.8
    return {"large": large, "body_pt": round(body, 2), "small_pt": round(small, 2), "tag_pt": round(small if large else 8.0, 2)}


def rules_reference_pdf(rules: ArchaeologiaRules, theme: Theme, paper: Paper) -> bytes:
    """The rules reference as PDF bytes (``paper`` size, theme fonts and the
    game's palette): one page, two in a large-print theme (see
    :func:`type_context`).  Raises :class:`printkit.PrintkitError` for a
    template error."""
    kind = type_context(theme)
    return render_fitted(TEMPLATE, {**rules_context(rules), "type": kind}, theme, paper, pages=2 if kind["large"] else 1)

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
        "layers": bottom_up, "strata": strata, "meteorite_notes": meteorite_notes(strata),
        "start_coins": rules.start_coins, "start_rp": rules.start_rp, "hand": rules.hand,
        "objectives_each": rules.objectives_each, "first_sonar": rules.first_sonar_piles,
        "draw": rules.draw, "actions": rules.actions_per_turn, "hand_limit": rules.hand_limit,
        "idle_coins": rules.idle_coins, "win_rp": rules.win_rp, "eggs": rules.eggs_to_end,
        "tools": [{"name": t.name, "price": t.price} for t in rules.tools.values()], "sell_back": rules.sell_back,
        "rentals": [{"name": r.name, "price": r.price, "text": r.text, "lasts": r.lasts} for r in rules.rentals.values()],
        "events": rules.event_count, "event_footprints": sum(e.count for e in rules.events.values() if e.action),
        "objectives": len(rules.objectives), "tiles": len(rules.discoveries),
    }


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, …, 21st, …"""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _and(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def meteorite_notes(strata: list[dict[str, Any]]) -> list[str]:
    """The reference's footnote lines on the Meteorite singles (the tiles the
    rulebook does not list: ``rules/archaeologia.toml``, ``assumed``), one
    per kind of stratum holding them, every number counted from ``strata``
    (:func:`rules_context`'s rows): "The rulebook lists 17 of the 18 tiles of
    each of GRASS, EARTH and ROCK (6 singles, 2 doubles, collections of 3 and 4);
    the 18th, a Meteorite single, is our assumption."  Empty when no stratum
    holds one."""
    kinds: dict[tuple, list[str]] = {}
    for s in strata:
        if s["meteorites"]:
            sizes = tuple(sorted({g["size"] for g in s["sets"]}))
            kinds.setdefault((s["tiles"], s["meteorites"], s["singles"], len(s["doubles"]), sizes), []).append(s["name"])
    notes = []
    for (tiles, meteorites, singles, doubles, sizes), names in kinds.items():
        listed = tiles - meteorites
        what = [f"{singles} single{'s' if singles != 1 else ''}"] if singles else []
        if doubles:
            what.append(f"{doubles} double{'s' if doubles != 1 else ''}")
        if sizes:
            what.append(f"collection{'s' if len(sizes) > 1 else ''} of {_and([str(n) for n in sizes])}")
        where = f"the {tiles} tiles of " + ("each of " if len(names) > 1 else "") + _and(names)
        rest = (f"the {_ordinal(tiles)}, a Meteorite single, is" if meteorites == 1
                else f"the other {meteorites}, Meteorite singles, are")
        notes.append(f"The rulebook lists {listed} of {where}" + (f" ({', '.join(what)})" if what else "")
                     + f"; {rest} our assumption.")
    return notes


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

"""The Archaeology one-page rules reference (weasyprint), in our own words.

Every number the page shows (players, cards per type, the 2-player cards left
out, the treasures dealt to the marketplace and the chests, keys per chest,
what a thief and the master thief cost and take, money tokens, trade and
museum values, the worked examples' sums) comes from the
:class:`~printkit.games.archaeology.data.ArchaeologyRules` passed in, never
from the template (``templates/<theme>/archaeology-rules.html.j2``).
The rules it restates are those of ``rulebook: Setting Up the Game`` to
``Finishing the Game`` (archaeology.txt).
"""

from __future__ import annotations

from typing import Any

from printkit.gamekit import LARGE_PRINT_PT, Paper, Theme, game_context, render_fitted
from printkit.games.archaeology.data import (
    GAME_ID,
    ArchaeologyRules,
    Treasure,
    chest_text,
    keys_text,
    thief_text,
)
from printkit.games.archaeology.scoring import museum_value

TEMPLATE = "archaeology-rules.html.j2"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _by_trade(rules: ArchaeologyRules) -> list[Treasure]:
    """Treasures with a trade value above 0, cheapest first (deck order breaks ties)."""
    return sorted((t for t in rules.treasures.values() if t.trade > 0), key=lambda t: t.trade)


def _trade_example(rules: ArchaeologyRules) -> dict[str, Any] | None:
    """A marketplace swap in the rulebook's pattern (two cheap cards and a
    dearer one given for a dear card and a cheap one of the same total), or
    ``None`` when the rules' trade values allow none."""
    cheap = _by_trade(rules)
    if len(cheap) < 2:
        return None
    low = cheap[0]
    for give2 in (t for t in cheap if t.trade > low.trade):
        total = 2 * low.trade + give2.trade
        for take in sorted(cheap, key=lambda t: -t.trade):  # dearest first, deck order among equals
            rest = total - take.trade
            if take.id in (low.id, give2.id) or rest <= 0 or take.trade <= give2.trade:
                continue
            for take2 in cheap:
                if take2.trade == rest and take2.id not in (take.id, low.id, give2.id):
                    return {
                        "give": [{"n": 2, "name": low.name, "trade": low.trade},
                                 {"n": 1, "name": give2.name, "trade": give2.trade}],
                        "take": [{"n": 1, "name": take.name, "trade": take.trade},
                                 {"n": 1, "name": take2.name, "trade": take2.trade}],
                        "total": total,
                    }
    return None


def _sale_example(rules: ArchaeologyRules) -> dict[str, Any]:
    """Selling the biggest full set plus one more card of that type: the
    rulebook's "6 talismans" sale, from the rules' own values."""
    t = max(rules.treasures.values(), key=lambda t: (t.full_set, t.sell[-1]))
    n = t.full_set + 1
    return {"name": t.name, "n": n, "full": t.full_set, "full_value": t.sell[-1], "rest_value": t.sell[0],
            "total": museum_value(n, t.sell)}


def _removed(rules: ArchaeologyRules) -> str:
    """The cards a 2-player game leaves out, in words ("the master thief and
    1 thief"); ``""`` when none."""
    parts = []
    m, t = rules.two_player_remove_master, rules.two_player_remove_thieves
    if m:
        parts.append("the master thief" if m == 1 == rules.master_thieves else f"{m} master thie{'f' if m == 1 else 'ves'}")
    if t:
        parts.append(f"{t} thie{'f' if t == 1 else 'ves'}")
    return " and ".join(parts)


def rules_context(rules: ArchaeologyRules) -> dict[str, Any]:
    """The template context of the rules reference, built from ``rules``."""
    chests = [{"name": c.name, "key_count": c.keys, "keys_text": keys_text(c.keys), "treasures": c.treasures}
              for c in rules.chests.values()]
    treasures = [{"name": t.name, "count": t.count, "trade": t.trade, "sell": list(t.sell), "full": t.full_set}
                 for t in rules.treasures.values()]
    deck = rules.treasure_count + rules.thieves + rules.master_thieves + rules.keys + len(rules.chests)
    dealt = rules.market_slots + sum(c.treasures for c in rules.chests.values())
    return {
        **game_context(GAME_ID, rules),
        "two_players": rules.two_player_players,
        "remove": _removed(rules),
        "treasure_count": rules.treasure_count,
        "market": rules.market_slots,
        "chests": chests,
        "dig_pile": deck - dealt,
        "dig_pile_two": deck - dealt - rules.two_player_remove_thieves - rules.two_player_remove_master,
        "deck": deck,
        "thieves": rules.thieves,
        "master_thieves": rules.master_thieves,
        "keys": rules.keys,
        "thief": {"cost": rules.thief_cost, "takes": _plural(rules.thief_takes, "treasure or key card"),
                  "text": thief_text(rules)},
        "master": {"cost": rules.master_cost, "takes": _plural(rules.master_takes, "treasure or key card"),
                   "n": rules.master_takes, "text": thief_text(rules, master=True)},
        "chest_texts": [chest_text(rules, c) for c in rules.chests.values()],
        "money": [{"value": v, "count": n} for v, n in rules.money.items()],
        "money_count": sum(rules.money.values()),
        "treasures": treasures,
        "max_set": max(t.full_set for t in rules.treasures.values()),
        "trade_example": _trade_example(rules),
        "sale_example": _sale_example(rules),
    }




def type_context(theme: Theme) -> dict[str, Any]:
    """Font sizes of the game's documents for ``theme``: ``large`` (True in
    a large-print theme, :attr:`printkit.theme.Theme.large_print`) and, then,
    ``body_pt`` — the least size of any text (pt, ≥ 11: the classic 9.4 pt
    body times ``[type] scale``, at least :data:`LARGE_PRINT_PT`).  Classic
    sizes are the templates' own; in large print the rules reference runs
    over two pages (its masthead says so) and the high-score log stays one."""
    large = theme.large_print
    return {"large": large, "body_pt": round(theme.legible(9.4, LARGE_PRINT_PT), 2) if large else 9.4}


def rules_reference_pdf(rules: ArchaeologyRules, theme: Theme, paper: Paper) -> bytes:
    """The Archaeology rules reference as PDF bytes: ``paper.width`` ×
    ``paper.height`` pt, the theme's fonts and the game's palette, tightened
    (:func:`printkit.render.documents.render_fitted`) to one page on A4,
    Letter and universal paper — two pages in a large-print theme (playing;
    digging and the museum: see :func:`type_context`).  Raises
    :class:`printkit.PrintkitError` for a template error."""
    kind = type_context(theme)
    return render_fitted(TEMPLATE, {**rules_context(rules), "type": kind}, theme, paper,
                         pages=2 if kind["large"] else 1)

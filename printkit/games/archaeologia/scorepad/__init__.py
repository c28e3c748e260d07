"""Archaeologia's score pad: its JavaScript scorer (``scorer.js``, the replay of
``game.py``/``scoring.py``), the game's events entered in order — gifts to the museum
(one discovery each, pooled or not), secret objectives fulfilled, both dinosaur eggs held
(``ui.js``) — and :func:`rules_data` from the ``rules(...)`` loader, so ``--rules`` house
rules apply to the page as to ``printkit score``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.games.archaeologia.data import COINS_MAX, GROUP_MAX, RP_MAX, ArchaeologiaRules, load_rules
from printkit.games.archaeologia.game import CODES

HERE = Path(__file__).parent


def rules_data(rules: ArchaeologiaRules) -> dict[str, Any]:
    """JSON-ready rules for the page: ``discoveries`` ``[[id, {name, stratum, rp, egg}]…]``,
    ``groups`` ``[[id, {name, tiles}]…]``, ``objectives`` ``[[id, {name, rp}]…]`` (rules
    order), the RP to win, eggs to end, start RP, players range, limits and problem codes."""
    return {
        "discoveries": [[d.id, {"name": d.name, "stratum": d.stratum, "rp": d.rp, "egg": d.egg}]
                        for d in rules.discoveries.values()],
        "groups": [[g.id, {"name": g.name, "tiles": list(g.tiles)}] for g in rules.groups.values()],
        "objectives": [[o.id, {"name": o.name, "rp": o.rp}] for o in rules.objectives.values()],
        "win_rp": rules.win_rp, "eggs_to_end": rules.eggs_to_end, "start_rp": rules.start_rp,
        "players_min": rules.players_min, "players_max": rules.players_max,
        "rp_max": RP_MAX, "coins_max": COINS_MAX, "group_max": GROUP_MAX,
        "codes": {k: list(v) for k, v in CODES.items()},
        "players": [rules.players_min, rules.players_max, rules.players_default],
    }


def pad(rules_path: Path | None = None):
    """The :class:`printkit.scorepad.PadSpec` of Archaeologia (bundled rules or a
    ``--rules`` file; raises :class:`printkit.PrintkitError` for bad rules data)."""
    from printkit.gamekit import form_pad

    rules = load_rules(rules_path)
    return form_pad("archaeologia", rules.title, rules_data(rules), HERE)

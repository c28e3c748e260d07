"""Archéo's score pad: its JavaScript scorer (``scorer.js``, the rules of
``game.py``/``scoring.py``), one form for the whole table (Archéo is cooperative: players
at the table, shovel cards broken, how the game ended, the egg, the pieces placed on each
fossil board; ``ui.js``) and :func:`rules_data` from the ``rules(...)`` loader, so
``--rules`` house rules apply to the page as to ``printkit score``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.games.archeo.data import STARS_MAX, ArcheoRules, load_rules
from printkit.games.archeo.game import CODES

HERE = Path(__file__).parent


def rules_data(rules: ArcheoRules) -> dict[str, Any]:
    """JSON-ready rules for the page: fossil ``boards`` as ``[[id, {name, slots: [[piece,
    stars]…]}]…]``, the egg, players range, shovel cards per player count (keys as text),
    the rating ``bands`` of End of Game, the most stars on a slot and the problem codes."""
    return {
        "boards": [[b.id, {"name": b.name, "slots": [[p, s] for p, s in b.slots.items()]}] for b in rules.boards.values()],
        "eggs": rules.eggs,
        "egg_stars": rules.egg_stars,
        "players_min": rules.players_min,
        "players_max": rules.players_max,
        "shovels": {str(k): v for k, v in rules.shovels_per_players.items()},
        "bands": [{"lo": b.lo, "hi": b.hi, "words": b.words} for b in rules.bands],
        "stars_max": STARS_MAX,
        "codes": {k: list(v) for k, v in CODES.items()},
        "players": [rules.players_min, rules.players_max, rules.players_default],
    }


def pad(rules_path: Path | None = None):
    """The :class:`printkit.scorepad.PadSpec` of Archéo (bundled rules or a ``--rules``
    file; raises :class:`printkit.PrintkitError` for bad rules data)."""
    from printkit.gamekit import form_pad

    rules = load_rules(rules_path)
    return form_pad("archeo", rules.title, rules_data(rules), HERE)

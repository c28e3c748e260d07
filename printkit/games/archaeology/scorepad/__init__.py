"""Archaeology's score pad: its JavaScript scorer (``scorer.js``, the rules of
``game.py``/``scoring.py``), a form per player (money banked, keys, cards of each treasure
still held; ``ui.js``) and :func:`rules_data` — the treasure table and the deck's keys from
the ``rules(...)`` loader, so ``--rules`` house rules apply to the page as to ``printkit score``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.games.archaeology.data import ArchaeologyRules, load_rules
from printkit.games.archaeology.game import CODES

HERE = Path(__file__).parent


def rules_data(rules: ArchaeologyRules) -> dict[str, Any]:
    """JSON-ready rules for the page: ``treasures`` as ``[[id, {name, count, trade, sell}]…]``
    (deck order), ``keys`` in the deck, the problem ``codes``, ``players`` (min, max, default)."""
    return {
        "treasures": [[t.id, {"name": t.name, "count": t.count, "trade": t.trade, "sell": list(t.sell)}]
                      for t in rules.treasures.values()],
        "keys": rules.keys,
        "codes": {k: list(v) for k, v in CODES.items()},
        "players": [rules.players_min, rules.players_max, rules.players_default],
    }


def pad(rules_path: Path | None = None):
    """The :class:`printkit.scorepad.PadSpec` of Archaeology (bundled rules or a ``--rules``
    file; raises :class:`printkit.PrintkitError` for bad rules data)."""
    from printkit.gamekit import form_pad

    rules = load_rules(rules_path)
    return form_pad("archaeology", rules.title, rules_data(rules), HERE)

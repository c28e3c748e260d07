"""ArchéoTREK's score pad: its JavaScript scorer and input UI, and the rules data they run on.

:func:`pad` is the game's :attr:`printkit.build.GameKit.scorepad`: it gives the engine
(:mod:`printkit.scorepad`) the scorer (``scorer.js``, the rules of
``validate.py``/``scoring.py`` in JavaScript), the Dig Site UI (``ui.js``, ``ui.css``) and
:func:`rules_data` — the layout (circle ids, kinds, positions in mm, links), Choices boxes,
dice, token set and the Dig rules, all taken from the ``rules(...)`` loader so ``--rules``
house rules apply to the page exactly as to ``printkit score``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.games.archeotrek.data import ArcheoTrekRules, Layout, TokenSet, load_rules
from printkit.games.archeotrek.validate import CODES

HERE = Path(__file__).parent


def rules_data(rules: ArcheoTrekRules, layout: Layout | None = None, tokens: TokenSet | None = None) -> dict[str, Any]:
    """The rules the JavaScript scorer and UI run on, as JSON-ready data.

    ``layout`` / ``tokens``: a game file's own ``[layout]`` / ``[tokens]`` (default: the
    rules').  Circle ``x``/``y`` are mm from the first column/row (``None`` for a layout
    given without positions); ``links`` sorted pairs; ``tokens.bones`` a list of
    ``[colour, [values…]]`` in the token set's colour order."""
    lay = layout or rules.layout
    tok = tokens or rules.tokens
    return {
        "layout": {
            "circles": [{"id": c.id, "kind": c.kind, "x": c.x, "y": c.y} for c in lay.circles],
            "links": sorted(sorted(p) for p in lay.links),
            "choices": dict(lay.choices),
            "dice": {k: list(v) for k, v in lay.dice.items()},
        },
        "tokens": {"bones": [[c, list(v)] for c, v in tok.bones.items()], "skeletons": dict(tok.skeletons)},
        "area_sum": rules.area_sum,
        "tokens_base": rules.tokens_base,
        "tokens_per_zero": rules.tokens_per_zero,
        "choice_labels": dict(rules.choice_labels),
        "symbols": dict(rules.symbols),
        "circle_diameter": rules.circle_diameter,
        "codes": {k: list(v) for k, v in CODES.items()},
        "players": [rules.players_min, rules.players_max, rules.players_default],
    }


def pad(rules_path: Path | None = None):
    """The :class:`printkit.scorepad.PadSpec` of ArchéoTREK under the bundled rules or a
    ``--rules`` file (raises :class:`printkit.PrintkitError` for bad rules data)."""
    from printkit.gamekit import PadSpec

    rules = load_rules(rules_path)
    return PadSpec(
        game_id="archeotrek", title=rules.title, rules=rules_data(rules),
        scripts=(HERE / "scorer.js", HERE / "ui.js"), styles=(HERE / "ui.css",),
        vector_rules=lambda game: rules_data(rules, game.layout, game.tokens),
    )

"""The score pad: one self-contained, offline HTML page per game (issue 18).

``printkit scorepad GAME`` writes a page that scores a game at the table: no server, no
network, opened from ``file://`` on a phone.  The engine (this package) builds the page
shell — theme colours and fonts, players, state kept in ``localStorage``, undo, TOML
import/export, the live problem list and the final scores — from sandboxed jinja2
templates; each game supplies, through :attr:`printkit.build.GameKit.scorepad`, a
:class:`PadSpec`: its JavaScript scorer (the same rules, problem codes and wording as its
Python scorer — ``tests/test_scorepad_parity.py`` runs both over every test game file),
its input UI and its rules data as JSON.  This package names no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).parent
#: The engine's JavaScript: shared checks (``core.js``), TOML reader/writer (``toml.js``),
#: the page's state, undo and rendering (``pad.js``).
CORE_JS = HERE / "core.js"
TOML_JS = HERE / "toml.js"
PAD_JS = HERE / "pad.js"
#: Largest page ``scorepad`` writes (bytes), fonts included (issue 18: ≤ 1 MB).
MAX_PAGE = 1_000_000


@dataclass(frozen=True)
class PadSpec:
    """What one game gives the score pad.

    ``game_id``/``title``: as the kit; ``rules``: JSON-ready rules data embedded in the
    page (the game's ``rules(...)`` loader output, so ``--rules`` applies); ``scripts``:
    the game's JavaScript files (its scorer registers ``PK.games[<id>].score(data, rules,
    opts)``, its UI ``PK.ui[<id>]``); ``styles``: its CSS files; ``vector_rules(game)``:
    the rules data for one loaded game file (its own layout/token set, if it has them) —
    what the parity test hands the JavaScript scorer."""

    game_id: str
    title: str
    rules: dict[str, Any]
    scripts: tuple[Path, ...]
    styles: tuple[Path, ...] = ()
    vector_rules: Callable[[Any], dict[str, Any]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def form_pad(game_id: str, title: str, rules: dict[str, Any], folder: Path) -> PadSpec:
    """The :class:`PadSpec` of a game whose pad is ``folder``'s ``scorer.js``,
    ``ui.js`` and ``ui.css``, with the same ``rules`` data for every game file."""
    return PadSpec(game_id=game_id, title=title, rules=rules,
                   scripts=(folder / "scorer.js", folder / "ui.js"), styles=(folder / "ui.css",),
                   vector_rules=lambda game: rules)


def encode(value: Any, depth: int = 0) -> Any:
    """A parsed game file (TOML/JSON) as the JSON the JavaScript scorers read.

    Tables become ``{"$t": "table", "k": [[key, value], …]}`` (key order kept), whole
    numbers beyond ±(2⁵³−1) ``{"$t": "int", "s": digits}``, decimal numbers
    ``{"$t": "float", "r": repr}``, dates and times ``{"$t": "dt", "r": repr, "name": type}``;
    text, true/false, lists and small whole numbers stay themselves.  Below 12 levels of
    nesting a non-empty list or table becomes ``[0]`` / a one-key table: no check looks
    that deep (messages show 3 levels), and a hostile 10,000-level file stays cheap."""
    if depth > 12 and isinstance(value, (list, tuple, dict)):
        return ([0] if value else []) if not isinstance(value, dict) else (
            {"$t": "table", "k": [["k", 0]]} if value else {"$t": "table", "k": []})
    if isinstance(value, bool) or isinstance(value, str) or value is None:
        return value
    if isinstance(value, int):
        return value if abs(value) <= 2**53 - 1 else {"$t": "int", "s": str(value)}
    if isinstance(value, float):
        r = repr(value)
        return {"$t": "float", "r": r}
    if isinstance(value, (datetime, date, time)):
        return {"$t": "dt", "r": repr(value), "name": type(value).__name__}
    if isinstance(value, dict):
        return {"$t": "table", "k": [[k, encode(v, depth + 1)] for k, v in value.items()]}
    if isinstance(value, (list, tuple)):
        return [encode(v, depth + 1) for v in value]
    return {"$t": "dt", "r": repr(value), "name": type(value).__name__}



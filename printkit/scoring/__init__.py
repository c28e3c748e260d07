"""The scoring core: what every game's scorer gives the generic commands.

A game's contract (:class:`printkit.build.GameKit`) may carry ``scorer``, a
function ``scorer(rules_path: Path | None) -> Scorer`` (``None`` = the
bundled rules; a path = a ``--rules`` file).  The commands ``score``,
``validate``, ``simulate`` and ``export-game`` (:mod:`printkit.scoring.cli`)
work through it and name no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from printkit import PrintkitError


class NoSheets(PrintkitError):
    """PDFs handed to a :class:`Scorer`'s ``load_pdfs`` or ``export_pdfs``
    that hold none of the game's sheets (a token sheet or rules reference of
    the same kit, a sheet printed without ``--fillable``).

    Raised once every other file was read (an unreadable or damaged file is
    reported first, as it comes): ``paths`` lists each such file as it was
    passed in, ``sheets`` says what the game looked for in its own words
    ("Dig Site sheets"), ``hint`` how to get them (may be empty), and
    ``str(exc)`` is the one-line error when no file held a sheet.  ``score``,
    ``validate`` and ``export-game`` then read the other files again without
    them, with a note per skipped file on stderr (``skipped <file>: no
    <sheets>``); they fail only when no file holds a sheet.
    """

    def __init__(self, message: str, *, paths: list[Path], sheets: str, hint: str = ""):
        super().__init__(message)
        self.paths, self.sheets, self.hint = list(paths), sheets, hint


@dataclass(frozen=True)
class Scorer:
    """One game's scoring functions.

    ``load(path) -> game``; ``validate(game, partial) -> list[Problem]``;
    ``score(game, partial) -> result`` with ``result.valid`` and
    ``result.problems``; ``render_text(result) -> str``;
    ``render_json(result, max_problems=None) -> str`` (``max_problems``: keep
    only the first problems, with ``problems_total`` / ``problems_omitted``);
    ``simulate(players, seed) -> str`` (a
    filled-game file) or ``None``; ``default_players``;
    ``load_pdfs(paths) -> game`` and ``export_pdfs(paths) -> str`` (a
    filled-game file) read filled fillable-PDF sheets, ``None`` when the game
    has none; both raise :class:`NoSheets` naming every path that holds
    none of the game's sheets (the commands then call them again without those).

    Help texts (the generic commands' ``--help`` lists every registered
    game with them): ``reports`` — what ``score`` prints, e.g. "money
    banked, museum sales, total and rank"; ``partial`` — what ``--partial``
    turns from an error into a warning (``None``: the option changes
    nothing for this game); ``example`` — a game file path for the help's
    example lines.
    """

    load: Callable[[Path], Any]
    validate: Callable[..., list]
    score: Callable[..., Any]
    render_text: Callable[[Any], str]
    render_json: Callable[..., str]
    simulate: Callable[[int, int], str] | None = None
    default_players: int = 4
    players_range: tuple[int, int] | None = None
    load_pdfs: Callable[[list[Path]], Any] | None = None
    export_pdfs: Callable[[list[Path]], str] | None = None
    reports: str = ""
    partial: str | None = None
    example: str = ""


def omitted_counts(problems: list, max_problems: int | None) -> dict[str, int]:
    """``{"problems_total": N, "problems_omitted": M}`` for a JSON report
    whose ``problems`` list was cut to ``max_problems``; ``{}`` when it was
    not cut (``max_problems`` is ``None``)."""
    if max_problems is None:
        return {}
    total = len(problems)
    return {"problems_total": total, "problems_omitted": max(total - max_problems, 0)}

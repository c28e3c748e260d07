"""One report shape for every game's result: text and JSON.

A game's result has ``source``, ``valid``, ``problems``, ``players`` (in
rank order, each with ``rank``) and ``winners``.  The JSON envelope is
``{"game", "source", "valid", <head…>, "winners", "players", <tail…>,
"problems"[, "problems_total", "problems_omitted"]}``; the text report is a
title line, a block per player and a winner line; an invalid result renders
as its problems, one line each.
"""

from __future__ import annotations

from typing import Any

from printkit.inputfiles import escape_display
from printkit.scoring import omitted_counts


def problem_lines(problems: list, source: str) -> str:
    """One line per problem: ``<source>: <severity> [<code>] <player>: <message> (rule: …)``."""
    return "\n".join(f"{source}: {p}" for p in problems)


def report_dict(game_id: str, result: Any, players: list[dict[str, Any]], *,
                head: dict[str, Any] | None = None, tail: dict[str, Any] | None = None,
                max_problems: int | None = None) -> dict[str, Any]:
    """The JSON-ready report.  ``players``: one dict per player (rank order);
    ``head``/``tail``: game-specific keys before ``winners`` / after
    ``players``; ``max_problems``: keep only the first problems and add
    ``problems_total`` / ``problems_omitted`` (``None`` keeps all)."""
    return {
        "game": game_id, "source": result.source, "valid": result.valid, **(head or {}),
        "winners": result.winners, "players": players, **(tail or {}),
        "problems": [p.to_dict() for p in result.problems[:max_problems]],
    } | omitted_counts(result.problems, max_problems)


def to_json(data: dict[str, Any]) -> str:
    """Indented JSON, UTF-8 text (not ASCII-escaped), keys in the given order."""
    import json  # loaded for --json only (start-up of score, issue 26)

    return json.dumps(data, indent=2, ensure_ascii=False)


def winner_line(winners: list[str], best: str) -> str:
    """``"Winner: Ana with 12 points"``, ``"Shared win: Ana, Ben with …"``, or
    ``"No players."``; ``best`` is the winning total as printed."""
    if not winners:
        return "No players."
    if len(winners) == 1:
        return f"Winner: {winners[0]} with {best}"
    return f"Shared win: {', '.join(winners)} with {best}"


def text_report(title: str, result: Any, blocks: list[list[str]], footer: list[str]) -> str:
    """The text report: ``<title> — <source>``, a blank line, each player's
    block followed by a blank line, then ``footer`` lines.  An invalid result
    renders as :func:`problem_lines`."""
    if not result.valid:
        return problem_lines(result.problems, result.source)
    lines = [f"{title} — {escape_display(result.source)}", ""]
    for block in blocks:
        lines += block + [""]
    return "\n".join(lines + footer)

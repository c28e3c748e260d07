"""ArchéoTREK documents rendered through weasyprint: the one-page rules
reference (two pages in large print).

Every number the page shows (dice faces, the Digging Area total, boxes per
Choices line, token counts and values, Skeleton values) comes from the
:class:`~printkit.games.archeotrek.data.ArcheoTrekRules` passed in, never from
the template.
"""

from __future__ import annotations

from typing import Any

from printkit.gamekit import (
    LARGE_PRINT_PT,
    Paper,
    PrintkitError,
    Theme,
    game_context,
    render_fitted,
)
from printkit.games.archeotrek.data import ArcheoTrekRules

GAME_ID = "archeotrek"
TEMPLATE = "archeotrek-rules.html.j2"

#: Choices line id → how the rules reference explains it (our words).
OPERATIONS: dict[str, str] = {
    "yellow": "the yellow die",
    "red": "the red die",
    "difference": "the larger die minus the smaller",
    "sum": "red + yellow",
}


def _values_text(values: tuple[int, ...] | list[int]) -> str:
    """``(1, 2, 3, 4)`` → ``"1–4"``; non-contiguous values → ``"1, 3, 7"``."""
    vals = sorted(values)
    if not vals:
        return "—"
    if len(vals) > 2 and vals == list(range(vals[0], vals[-1] + 1)):
        return f"{vals[0]}–{vals[-1]}"
    return ", ".join(str(v) for v in vals)


def _operate(line: str, red: int, yellow: int) -> int:
    if line == "red":
        return red
    if line == "yellow":
        return yellow
    if line == "difference":
        return abs(red - yellow)
    if line == "sum":
        return red + yellow
    raise PrintkitError(f"archeotrek: unknown Choices line {line!r}")


def _pick(values: tuple[int, ...] | list[int], index: int) -> int:
    vals = sorted(values)
    return vals[min(index, len(vals) - 1)]


def rules_context(rules: ArcheoTrekRules) -> dict[str, Any]:
    """The template context of the rules reference, built from ``rules``.

    Raises :class:`printkit.PrintkitError` for a Choices line the page cannot
    explain (not one of yellow, red, difference, sum).
    """
    red_faces = rules.layout.dice["red"]
    yellow_faces = rules.layout.dice["yellow"]
    choices = []
    for line in rules.choice_order:
        if line not in OPERATIONS:
            raise PrintkitError(f"archeotrek: unknown Choices line {line!r}")
        results = sorted({_operate(line, r, y) for r in red_faces for y in yellow_faces})
        choices.append({
            "id": line,
            "label": rules.choice_labels[line],
            "boxes": rules.layout.choices[line],
            "explain": OPERATIONS[line],
            "range": _values_text(results),
        })
    colours = list(rules.tokens.bones)
    bones = [
        {"colour": c, "count": len(v), "range": _values_text(v), "symbol": rules.symbols.get(c, "circle"),
         "skeleton": rules.tokens.skeletons[c]}
        for c, v in rules.tokens.bones.items()
    ]
    kinds = [c.kind for c in rules.layout.circles]

    # Worked example: one roll, one Digging Area, one final score.
    ex_red, ex_yellow = _pick(red_faces, 4), _pick(yellow_faces, 2)
    ex_results = [
        {"label": c["label"], "id": c["id"], "value": _operate(c["id"], ex_red, ex_yellow)} for c in choices
    ]
    half = rules.area_sum // 2
    area = [half, 0, rules.area_sum - half]
    ex_tokens = rules.tokens_base + rules.tokens_per_zero * area.count(0)
    # Bones kept over a game: two of the Skeleton's colour plus two others.
    sk_colour = colours[min(2, len(colours) - 1)]
    others = [c for c in colours if c != sk_colour] or [sk_colour]
    kept = [
        (sk_colour, _pick(rules.tokens.bones[sk_colour], 6)),
        (sk_colour, _pick(rules.tokens.bones[sk_colour], 2)),
        (others[0], _pick(rules.tokens.bones[others[0]], 3)),
        (others[-1], _pick(rules.tokens.bones[others[-1]], 4)),
    ]
    empty = [ex_results[-1]["value"], ex_results[0]["value"]]
    bones_total = sum(v for _, v in kept)
    skeleton_value = rules.tokens.skeletons[sk_colour]
    example = {
        "red": ex_red,
        "yellow": ex_yellow,
        "results": ex_results,
        "area": area,
        "zeros": area.count(0),
        "tokens": ex_tokens,
        "drawn": rules.tokens_drawn_per_circle * len(area),
        "kept": [{"colour": c, "value": v, "symbol": rules.symbols.get(c, "circle")} for c, v in kept],
        "bones_total": bones_total,
        "skeleton_colour": sk_colour,
        "skeleton_value": skeleton_value,
        "empty": empty,
        "empty_total": sum(empty),
        "score": bones_total + skeleton_value - sum(empty),
    }
    return {
        **game_context(GAME_ID, rules),
        "dice": {
            "red": {"faces": _values_text(red_faces), "min": min(red_faces), "max": max(red_faces)},
            "yellow": {"faces": _values_text(yellow_faces), "min": min(yellow_faces), "max": max(yellow_faces)},
        },
        "area_sum": rules.area_sum,
        "tokens_base": rules.tokens_base,
        "tokens_per_zero": rules.tokens_per_zero,
        "tokens_drawn": rules.tokens_drawn_per_circle,
        "choices": choices,
        "rounds": rules.layout.boxes,
        "circles": len(rules.layout.circles),
        "special": {k: kinds.count(k) for k in ("red", "yellow", "plus")},
        "bone_count": sum(b["count"] for b in bones),
        "bone_colours": len(bones),
        "bones": bones,
        "skeleton_count": len(rules.tokens.skeletons),
        "example": example,
    }






def type_context(theme: Theme) -> dict[str, Any]:
    """Font sizes (pt) of the reference for ``theme``: ``large`` (True in a
    large-print theme: every text at least :data:`LARGE_PRINT_PT`, and the
    reference deliberately runs over two pages — playing, then scoring — as
    its masthead says) and ``body_pt`` (in large print every text below it —
    running text, lists, tables, small heads, step numbers — is set at it:
    10 pt × ``[type] scale``, at least 11 pt).  In any other theme ``large``
    is False and the template keeps its designed sizes."""
    large = theme.large_print
    body = max(LARGE_PRINT_PT, 10.0 * theme.type_scale) if large else 10.0
    return {"large": large, "body_pt": round(body, 2)}


def rules_reference_pdf(rules: ArcheoTrekRules, theme: Theme, paper: Paper) -> bytes:
    """The ArchéoTREK rules reference as PDF bytes: one page, two in a
    large-print theme (see :func:`type_context`).

    ``rules``: from :func:`~printkit.games.archeotrek.data.load_rules` (every
    number on the page comes from it).  The page is ``paper.width`` ×
    ``paper.height`` pt, in the theme's fonts and the game's palette.
    Raises :class:`printkit.PrintkitError` for rules data the page cannot
    explain or a template error.
    """
    kind = type_context(theme)
    return render_fitted(TEMPLATE, {**rules_context(rules), "type": kind}, theme, paper, pages=2 if kind["large"] else 1)

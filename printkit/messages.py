"""Bounded messages: untrusted values shortened, problem lists capped.

A game file, a filled PDF or a PDF to check comes from a stranger; what we
print about it must stay readable whatever it holds (issue 10):

* :func:`clip` shortens a text shown in a message — a name, a label, a token,
  an exception's text — to at most ``limit`` characters, ending
  ``… (N characters)`` when it cut; short texts are returned unchanged, so
  ordinary messages read exactly as before;
* :data:`MAX_SHOWN` problems at most are printed by ``printkit score`` and
  ``printkit validate``; :func:`capped_lines` gives those lines and one
  ``… and N more problem(s)`` line (exit codes and summaries count them all).
"""

from __future__ import annotations

from typing import Iterable

#: Most problems printed by ``score``/``validate`` (and kept in ``score --json``).
MAX_SHOWN = 200
#: Default length of a value shown in a message (characters).
CLIP = 80
#: Longest player name accepted (characters; the printed name line holds about
#: 40, the fillable field 40).  Longer is a ``wrong-type`` problem, so a
#: million-character name is never repeated on every problem line.
MAX_NAME = 200


def clip(text: object, limit: int = CLIP) -> str:
    """``text`` (as ``str``) when at most ``limit`` characters, else its start
    and ``… (N characters)``; the result is at most ``limit + 30`` long."""
    s = text if isinstance(text, str) else str(text)
    if len(s) <= limit:
        return s
    return f"{s[:max(limit - 24, 8)]}… ({len(s):,} characters)"


def more_line(n: int) -> str:
    """``… and N more problem(s)`` (N with thousands separators)."""
    return f"… and {n:,} more problem(s)"


def capped_lines(lines: Iterable[str], total: int, limit: int = MAX_SHOWN) -> list[str]:
    """The first ``limit`` of ``lines`` and, when ``total`` exceeds ``limit``,
    one :func:`more_line` for the rest."""
    out = []
    for i, line in enumerate(lines):
        if i >= limit:
            break
        out.append(line)
    if total > limit:
        out.append(more_line(total - limit))
    return out

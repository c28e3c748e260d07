"""Plain ``{name}`` fields in rules texts: checked and filled without
``str.format``'s widths, conversions, attributes or indexes.

Kept apart from :mod:`printkit.sandbox` (jinja2) so that loading a game's rules
to score it imports nothing of the print stack (:mod:`printkit.lazy`).
"""

from __future__ import annotations

import string
from typing import Any, Mapping

from printkit import PrintkitError
from printkit.inputfiles import escape_display


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[: limit - 20] + "…" + text[-19:]
    return escape_display(text)



def plain_fields(text: str, allowed: tuple[str, ...] | frozenset[str]) -> str | None:
    """Why ``text`` is not a plain ``str.format`` text over ``allowed`` names,
    or ``None``.  Only ``{name}`` with ``name`` in ``allowed`` is accepted
    (``{{``/``}}`` are literal braces): no positional ``{}``, no format spec
    (``{keys:>99}``), conversion (``{keys!r}``), attribute or index."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        return f"{exc}; write {{{{ and }}}} for a brace"
    for _, field, spec, conversion in parsed:
        if field is None:
            continue
        if field not in allowed:
            return (f"may only use the placeholders {', '.join('{' + a + '}' for a in allowed)}, "
                    f"not {{{_short(field, 40)}}}")
        if spec or conversion:
            shown = field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            return f"{{{_short(shown, 40)}}}: placeholders take no format spec or conversion; write {{{field}}}"
    return None


def fill_fields(text: str, values: Mapping[str, Any]) -> str:
    """``text`` with each ``{name}`` replaced by ``str(values[name])`` and
    ``{{``/``}}`` by a brace, without ``str.format``'s widths, conversions,
    attributes or indexes.  Raises :class:`printkit.PrintkitError` for a text
    :func:`plain_fields` refuses."""
    why = plain_fields(text, tuple(values))
    if why is not None:
        raise PrintkitError(why)
    out = []
    for literal, field, _, _ in string.Formatter().parse(text):
        out.append(literal)
        if field is not None:
            out.append(str(values[field]))
    return "".join(out)

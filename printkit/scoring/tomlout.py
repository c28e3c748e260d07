"""Writing game files as TOML, in the layout the format documents show.

``tomli-w`` writes every nested table as a ``[section]``; the game formats
(``docs/formats/``) show players' small tables inline
(``circles = { A1 = 3, … }``), which keeps a simulated or exported game
readable and diffable, so this small writer stays ours.
"""

from __future__ import annotations

import json
import re
from typing import Any

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else _str(k)


#: Characters written as ``\\uXXXX`` escapes besides those ``json.dumps``
#: escapes (C0 controls): DEL and the C1 controls (U+009B is a terminal's
#: CSI), the line and paragraph separators and the bidi overrides and
#: isolates (they reorder what an editor shows: "Trojan Source").  A value
#: read from a stranger's PDF keeps them, visible, for validate to report.
_ESCAPE = re.compile("[\x7f-\x9f\u2028-\u202e\u2066-\u2069]")
#: A lone surrogate (TOML cannot hold one, not even escaped): written as U+FFFD.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _str(s: str) -> str:
    text = json.dumps(s, ensure_ascii=False)
    text = _ESCAPE.sub(lambda m: f"\\u{ord(m.group()):04X}", text)
    return _SURROGATE.sub("\\\\uFFFD", text)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{_key(str(k))} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dumps_toml(data: dict[str, Any], comment: str | None = None) -> str:
    """TOML text for ``data`` (keys in insertion order; deterministic).

    Top-level tables become ``[table]`` headers with inline values; lists of
    tables elsewhere become ``[[array]]`` (nested: ``[[player.area]]``); other
    dicts are inline tables.  ``comment``: lines written first as ``# …``.
    Raises ``TypeError`` for a value TOML cannot hold (``None``, objects).
    """
    lines: list[str] = []
    if comment:
        lines.extend(f"# {c}" if c else "#" for c in comment.splitlines())

    def body(d: dict[str, Any], prefix: str, top: bool, inline: bool = False) -> None:
        later = []
        for k, v in d.items():
            if (top and isinstance(v, dict)) or (not inline and _is_table_array(v)):
                later.append((k, v))
            else:
                lines.append(f"{_key(str(k))} = {_value(v)}")
        for k, v in later:
            name = f"{prefix}{_key(str(k))}"
            if isinstance(v, dict):
                lines.extend(["", f"[{name}]"])
                body(v, name + ".", False, inline=True)
            else:
                for item in v:
                    lines.extend(["", f"[[{name}]]"])
                    body(item, name + ".", False)

    body(data, "", True)
    return "\n".join(lines) + "\n"

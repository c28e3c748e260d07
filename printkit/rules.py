"""Loading game data (``rules/<game>.toml``) with provenance.

Every table in a rules file that holds a number carries a ``source`` string:
``"rulebook: <section>"``, ``"outside the rulebook: …"`` or ``"assumed: <reason>"``.
:func:`missing_sources` finds the tables that break that convention.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit import RULES_DIR
from printkit.inputfiles import load_toml_file


def rules_path(game: str, rules_dir: Path | None = None) -> Path:
    """Path of ``<rules_dir>/<game>.toml`` (default: the bundled ``rules/``)."""
    return Path(rules_dir or RULES_DIR) / f"{game}.toml"


def load_toml(path: Path) -> dict[str, Any]:
    """Read a TOML file (UTF-8, a BOM tolerated, CRLF fine).

    Raises :class:`printkit.PrintkitError` naming the file and the parser's
    line/column for a missing file, a folder, a file over
    :data:`printkit.inputfiles.MAX_BYTES`, undecodable bytes or invalid TOML
    (see :mod:`printkit.inputfiles`).
    """
    return load_toml_file(path)


def missing_sources(data: dict[str, Any], where: str = "") -> list[str]:
    """Dotted names of tables holding a number (directly, or in a list of
    numbers) but neither their own ``source`` nor an ancestor's.

    Tables inside arrays (e.g. the Dig Site's circles) inherit the source of
    the table that holds the array.
    """
    found: list[str] = []

    def has_number(value: Any) -> bool:
        if isinstance(value, bool):
            return False
        if isinstance(value, (int, float)):
            return True
        if isinstance(value, list):
            return any(has_number(v) for v in value)
        return False

    def walk(table: dict[str, Any], name: str, sourced: bool) -> None:
        sourced = sourced or isinstance(table.get("source"), str)
        numbers = [k for k, v in table.items() if has_number(v)]
        if numbers and not sourced:
            found.append(name or "<top>")
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value, f"{name}.{key}" if name else key, sourced)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, dict):
                        walk(item, f"{name}.{key}[]" if name else key, sourced)

    walk(data, where, False)
    return found

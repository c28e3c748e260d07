"""Lengths with units.

Internally every length is a float in **PDF points** (1 pt = 1/72 in); mm is the
unit users and rules data speak.  ``parse_length("3mm")`` → 8.5039… pt.
"""

from __future__ import annotations

import re

from printkit import UsageError

PT_PER_IN = 72.0
PT_PER_MM = PT_PER_IN / 25.4

_UNITS = {"mm": PT_PER_MM, "cm": 10 * PT_PER_MM, "in": PT_PER_IN, "pt": 1.0}
_LENGTH = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(mm|cm|in|pt)\s*$")


def mm(value: float) -> float:
    """Convert millimetres to points."""
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    """Convert points to millimetres."""
    return points / PT_PER_MM


def parse_length(text: str | float | int, *, what: str = "length") -> float:
    """Parse ``"3mm"``, ``"0.125in"``, ``"9pt"`` or ``"1cm"`` into points.

    A bare number (int/float, not a string) is taken as millimetres, the unit of
    rules data.  Raises :class:`printkit.UsageError` naming ``what`` for text
    without a known unit ("3xm", "3") or a negative length.
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        value = float(text) * PT_PER_MM
    else:
        m = _LENGTH.match(str(text))
        if not m:
            raise UsageError(
                f"{what}: {text!r} is not a length; use a number with a unit: "
                "mm, cm, in or pt (e.g. 3mm, 0.125in, 9pt)"
            )
        value = float(m.group(1)) * _UNITS[m.group(2)]
    if value < 0:
        raise UsageError(f"{what}: {text!r} must not be negative")
    return value

"""Type that fits: sizes for text that must stay inside its box (every game)."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics


def fit_size(text: str, font: str, wanted: float, width: float, least: float = 0.0) -> float:
    """The font size (pt) for ``text`` in the registered ``font``: ``wanted``
    if the line is at most ``width`` pt wide there, else the size at which it
    is exactly ``width`` wide (a line's width grows in proportion to its
    size), never below ``least``.  Empty or zero-width text gets ``wanted``."""
    unit = pdfmetrics.stringWidth(text, font, 1.0)
    return max(least, min(wanted, width / unit)) if unit else wanted

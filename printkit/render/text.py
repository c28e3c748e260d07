"""Type that fits: sizes for text that must stay inside its box (every game).

One family, three ways to fit (sizes in pt, widths in pt, fonts registered
with reportlab):

* :func:`fit_size` — exact: the size at which one line is exactly as wide as
  its box (or the wanted size when it already fits);
* :func:`fit_stepped` — stepped: the wanted size lowered by ``step`` until the
  line fits (sizes stay on a grid, e.g. halves of a point);
* :func:`fit_wrapped` — wrapped: the wanted size lowered by ``step`` until the
  text, wrapped at ``width`` (reportlab's ``simpleSplit``), takes at most
  ``max_lines`` lines and/or at most ``max_height`` pt.

Games reach them through :mod:`printkit.gamekit.text`.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics


def fit_size(text: str, font: str, wanted: float, width: float, least: float = 0.0) -> float:
    """The font size (pt) for ``text`` in the registered ``font``: ``wanted``
    if the line is at most ``width`` pt wide there, else the size at which it
    is exactly ``width`` wide (a line's width grows in proportion to its
    size), never below ``least``.  Empty or zero-width text gets ``wanted``."""
    unit = pdfmetrics.stringWidth(text, font, 1.0)
    return max(least, min(wanted, width / unit)) if unit else wanted


def fit_stepped(text: str, font: str, wanted: float, width: float, least: float = 7.0,
                step: float = 0.5) -> float:
    """``wanted`` lowered by ``step`` pt while ``text`` is wider than ``width``
    pt in ``font`` and the size is still above ``least``: the first size of
    ``wanted, wanted - step, …`` at which the line fits, or the first at or
    below ``least`` (which may be a little under ``least`` when ``step`` does
    not divide ``wanted - least``)."""
    size = wanted
    while size > least and pdfmetrics.stringWidth(text, font, size) > width:
        size -= step
    return size


def fit_wrapped(text: str, font: str, wanted: float, width: float, *, least: float = 7.0, step: float = 0.25,
                max_lines: int | None = None, max_height: float | None = None, leading: float = 1.18,
                clamp: bool = False) -> float:
    """``wanted`` lowered by ``step`` pt while ``text`` wrapped at ``width`` pt
    (reportlab ``simpleSplit``) takes more than ``max_lines`` lines, or more
    than ``max_height`` pt at ``leading`` × size per line, and the size is
    still above ``least``.  ``clamp``: never step below ``least`` (else the
    last step may end a little under it, as :func:`fit_stepped`)."""
    from reportlab.lib.utils import simpleSplit

    def too_big(size: float) -> bool:
        lines = len(simpleSplit(text, font, size, width))
        return ((max_lines is not None and lines > max_lines)
                or (max_height is not None and lines * size * leading > max_height))

    size = wanted
    while size > least and too_big(size):
        size = max(least, size - step) if clamp else size - step
    return size

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

And how a wrapped block breaks: :func:`wrap_lines` — ``simpleSplit``'s lines,
rebalanced so a block of two or more lines does not end on a lone word.

And where a line's box lies: :func:`glyph_box` — how far below and above its
baseline a PDF reader (and a print shop's preflight) boxes a line's glyphs,
so text placed by it stays inside a safe zone whatever the font's ink does.

Games reach them through :mod:`printkit.gamekit.text`.
"""

from __future__ import annotations

import re

from reportlab.pdfbase import pdfmetrics


def fit_size(text: str, font: str, wanted: float, width: float, least: float = 0.0) -> float:
    """The font size (pt) for ``text`` in the registered ``font``: ``wanted``
    if the line is at most ``width`` pt wide there, else the size at which it
    is exactly ``width`` wide (a line's width grows in proportion to its
    size), never below ``least``.  Empty or zero-width text gets ``wanted``."""
    unit = pdfmetrics.stringWidth(text, font, 1.0)
    return max(least, min(wanted, width / unit)) if unit else wanted


def glyph_box(font: str, size: float) -> tuple[float, float]:
    """(below, above): how far (pt, both ≥ 0 for the usual fonts) the glyph
    boxes of a line of the registered ``font`` at ``size`` pt reach below and
    above its baseline, as PDF readers box them (pdfminer/pdfplumber, preflight
    tools): from the font's descent (the PDF's FontDescriptor ``Descent``,
    negative) up to that descent plus ``size`` — whatever the glyphs' ink
    does (capitals have no ink below the baseline, yet their boxes reach
    ``below`` under it).  A line whose box must stay inside a safe zone sits
    on a baseline ``below`` over its floor and ``above`` under its ceiling;
    its width is ``pdfmetrics.stringWidth`` (the PDF's glyph widths)."""
    descent = pdfmetrics.getAscentDescent(font, size)[1]
    return -descent, size + descent


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


#: A bare count or amount ("3", "$5"): it keeps the word after it on its line.
_COUNT = re.compile(r"\$?\d+")
#: A count in brackets after a name ("Diplodocus (3),"): it stays on its name's line.
_BRACKETED_COUNT = re.compile(r"\(\d+\)[.,;:]?")


def _glued(word: str, following: str) -> bool:
    """Whether ``word`` and the word ``following`` it are one unit of a
    wrapped line: a bare count and its noun ("3 keys"), a name and its
    count in brackets ("Diplodocus (3),")."""
    return _COUNT.fullmatch(word) is not None or _BRACKETED_COUNT.fullmatch(following) is not None


def _split(paragraph: str, font: str, size: float, width: float) -> list[str]:
    """``paragraph`` (no ``\\n``) broken at spaces into lines at most ``width``
    pt wide, first fit as reportlab's ``simpleSplit`` — except that a bare
    count or amount (:data:`_COUNT`) and the word after it go on one line
    whenever the two fit together on one, and so do a name and the count in
    brackets after it (:data:`_BRACKETED_COUNT`, "Diplodocus (3)").  A word
    wider than ``width`` keeps a line of its own."""
    words = paragraph.split()
    units: list[str] = []
    i = 0
    while i < len(words):
        pair = " ".join(words[i:i + 2])
        if i + 1 < len(words) and _glued(words[i], words[i + 1]) and pdfmetrics.stringWidth(pair, font, size) <= width:
            units.append(pair)
            i += 2
        else:
            units.append(words[i])
            i += 1
    space = pdfmetrics.stringWidth(" ", font, size)
    lines: list[str] = []
    line: list[str] = []
    used = -space
    for unit in units:
        w = pdfmetrics.stringWidth(unit, font, size)
        if line and used + space + w > width:
            lines.append(" ".join(line))
            line, used = [], -space
        line.append(unit)
        used += space + w
    if line:
        lines.append(" ".join(line))
    return lines


def wrap_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines at most ``width`` pt wide in the registered ``font``
    at ``size`` pt, broken at spaces, each ``\\n`` a new paragraph, a word
    wider than ``width`` alone on its line — first fit, as reportlab's
    ``simpleSplit``, with two exceptions:

    * a bare count or amount ("3", "$5") is not left at the end of a line:
      it goes down with the word after it ("take 1 / treasure" → "take /
      1 treasure") whenever the two fit on one line, and a count in brackets
      does not start one: it stays with the name before it ("Diplodocus /
      (3)" → "/ Diplodocus (3)");
    * a paragraph of two or more lines whose last line would be a single word
      (or a count with its word, "3 coins.") is wrapped at the narrowest
      width that still gives it the same number of lines (found by bisection
      to 0.01 pt) — the words move down, the block is as tall and no line is
      wider than ``width``.  When that narrower wrap still ends that way (a
      last word wider than the other lines can give up), the first-fit lines
      are kept."""
    def lone(line: str) -> bool:  # one word, or one count with its word, or one name with its count
        words = line.split()
        return len(words) == 1 or (len(words) == 2 and _glued(*words))

    out: list[str] = []
    for paragraph in text.split("\n"):
        lines = _split(paragraph, font, size, width)
        if len(lines) >= 2 and lone(lines[-1]):
            lo, hi = 0.0, width
            while hi - lo > 0.01:
                mid = (lo + hi) / 2
                if len(_split(paragraph, font, size, mid)) <= len(lines):
                    hi = mid
                else:
                    lo = mid
            balanced = _split(paragraph, font, size, hi)
            if len(balanced) == len(lines) and not lone(balanced[-1]):
                lines = balanced
        out.extend(lines)
    return out


def hard_wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines at most ``width`` pt wide (:func:`wrap_lines`), a
    word wider than ``width`` broken between its letters — for a title
    that must stay inside its band whatever letters it holds."""
    out: list[str] = []
    for line in wrap_lines(text, font, size, width):
        while pdfmetrics.stringWidth(line, font, size) > width and len(line) > 1:
            n = len(line) - 1
            while n > 1 and pdfmetrics.stringWidth(line[:n], font, size) > width:
                n -= 1
            out.append(line[:n])
            line = line[n:].lstrip()
        out.append(line)
    return out


def fit_lines(text: str, font: str, wanted: float, width: float, least: float,
              max_lines: int = 2, step: float = 0.5) -> tuple[float, list[str]]:
    """A title fitted to a band ``width`` pt wide: (size in pt, lines).  One
    line at ``wanted`` pt or less, on a grid of ``step``, down to ``least``;
    when it is wider even then, two lines (:func:`hard_wrap`), then three, up
    to ``max_lines``, each time at the largest size from ``wanted`` down to
    ``least`` that gives that many.  Past ``max_lines`` at ``least``: the
    lines at ``least`` (more than ``max_lines``; the caller decides)."""
    for n in range(1, max_lines + 1):
        size = wanted
        while size >= least - 1e-9:
            lines = [text] if n == 1 else hard_wrap(text, font, size, width)
            if len(lines) <= n and all(pdfmetrics.stringWidth(ln, font, size) <= width for ln in lines):
                return size, lines
            size -= step
    return least, hard_wrap(text, font, least, width)


def text_lines(c, font: str, size: float, lines) -> str | None:
    """The PDF operators drawing ``lines`` — ``(x, y, text)`` baselines in pt
    — in the registered TrueType ``font`` at ``size`` pt, as one text object
    (``BT … ET``), each line placed by its own text matrix; ``None`` for a
    font that is not a TrueType font reportlab subsets (draw it with
    ``canvas.drawString``).

    The same glyphs as ``canvas.drawString`` (reportlab's subsets, codes and
    escaping, :meth:`TTFont.splitString`) without its text object per line
    (``BT … Tf … TL … T* ET`` for each): a deck card's texts are most of its
    drawing.  The caller appends the string to the page (:func:`put`); fill
    colour and the graphics state are the canvas's."""
    face = pdfmetrics.getFont(font)
    if not getattr(face, "_dynamicFont", False):
        return None
    from reportlab.lib.rl_accel import escapePDF, fp_str

    doc = c._doc
    ops = ["BT"]
    current = -1
    tf = f"{fp_str(size)} Tf"
    for x, y, text in lines:
        ops.append(f"1 0 0 1 {fp_str(x, y)} Tm")
        for subset, chunk in face.splitString(text, doc):
            if subset != current:
                ops.append(f"{face.getSubsetInternalName(subset, doc)} {tf}")
                current = subset
            ops.append(f"({escapePDF(chunk)}) Tj")
    ops.append("ET")
    return " ".join(ops)


def put(c, operators: str) -> None:
    """Append ``operators`` to the page ``c`` (a reportlab canvas) is drawing,
    as ``canvas.drawText`` appends a text object's."""
    c._code.append(operators)

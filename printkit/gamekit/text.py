"""Type that fits, for games: one family of fitting rules (exact, stepped,
wrapped), the same the engine's cover and decks use.

* :func:`fit_size` (exact), :func:`fit_stepped` (on a grid of ``step`` pt),
  :func:`fit_wrapped` (a wrapped block within lines or a height) — all sizes
  and widths in pt, fonts registered with reportlab (``theme.font(role)``);
* :func:`fit_lines` — a title in a band: one line, smaller, then two or
  more (:func:`hard_wrap` breaks a word wider than the band);
* :func:`wrap_lines` — a block's lines, never ending on a lone word where
  the same number of lines allows it;
* :func:`glyph_box` — how far a line's glyph boxes reach below and above its
  baseline (pt), to keep text inside a safe zone as a PDF reader measures it.

See :mod:`printkit.render.text` for the rules of each.
"""

from printkit.render.text import fit_lines, fit_size, fit_stepped, fit_wrapped, glyph_box, hard_wrap, wrap_lines

__all__ = ["fit_lines", "fit_size", "fit_stepped", "fit_wrapped", "glyph_box", "hard_wrap", "wrap_lines"]

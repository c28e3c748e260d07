"""A kit's cover page, drawn with reportlab: title art, what is inside, the print plan.

The cover is page 1 of ``<game>-kit.pdf``.  It is drawn for one game by
:func:`cover_pdf` from plain data (the engine names no game):

* the game's **title art** — a function ``art(canvas, x, y, w, h, theme)``
  the game draws in code into the box (x, y, w, h) in pt (see
  :attr:`printkit.build.GameKit.title_art`), clipped to that box;
* the title, the tagline and one line in plain words: players and playing
  time (numbers from the game's rules data);
* **What is inside**: each part's pieces, name and file;
* the **print plan**: the page ranges of the kit PDF per paper stock and
  sidedness (:func:`print_plan`), consecutive parts on the same stock and
  sides merged into one range;
* the printer settings (paper, two-sided printing, 100 % scale), the
  50 mm check bar, how to cut, and the usual footer (scale bars, page
  label).

Everything sits inside the paper's box and its 5 mm printer margin
(:attr:`printkit.paper.Paper.content`); no text is smaller than
:data:`MIN_TEXT` pt.  Output is deterministic (reportlab ``invariant=1``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit import PrintkitError
from printkit.marks import draw_footer_plan, footer_items, plan_footer
from printkit.paper import Paper
from printkit.pdf import DUPLEX_HINT
from printkit.render.icons import mix
from printkit.render.text import hard_wrap
from printkit.units import mm

#: Smallest type on the cover (pt).
MIN_TEXT = 7.0

#: Stock of the cover page itself (it prints like a rules page).
COVER_STOCK = "plain paper (80 g/m²)"

#: Paper name → what the cover calls it.
PAPER_LABELS: dict[str, tuple[str, str]] = {
    "a4": ("A4", "210 × 297 mm"),
    "letter": ("US Letter", "8.5 × 11 in"),
    "universal": ("A4 or US Letter", "pages of 210 × 279.4 mm fit either sheet unscaled"),
}

#: Duplex setting → (short value, the printing sentence) as the cover shows them.
DUPLEX_TEXT: dict[str, tuple[str, str]] = {
    "long": ("Double-sided, long edge",
             "Print the whole file double-sided, flip on long edge. One-sided parts come with a blank back "
             "after each page, so nothing ends up on the back of another part."),
    "short": ("Double-sided, short edge",
              "Print the whole file double-sided, flip on short edge. One-sided parts come with a blank back "
              "after each page, so nothing ends up on the back of another part."),
    "none": ("Single-sided",
             "Print single-sided. Each backs page follows its fronts page: glue them back to back "
             "(or re-feed the sheet) before cutting."),
}

_SUFFIXES = (", duplex", ", one-sided", " duplex", " one-sided")


@dataclass(frozen=True)
class CoverPart:
    """One file of the kit as the cover lists it.

    ``pages``: pages it takes in the kit PDF (blank backs included);
    ``backs``: its pieces have printed backs (fronts and backs pages);
    ``stock``: the paper or card to print it on; ``count``: pieces;
    ``contents``: (count, title) of each kind of piece the file holds, when
    more than one (the cover lists a row for each); empty: (count, title).
    """

    title: str
    file: str
    count: int
    pages: int
    stock: str
    backs: bool
    contents: tuple[tuple[int, str], ...] = ()

    @property
    def rows(self) -> tuple[tuple[int, str], ...]:
        """(count, title) rows the cover's "What is inside" lists for this file."""
        return self.contents or ((self.count, self.title),)


@dataclass(frozen=True)
class PlanRow:
    """A range of kit pages printed the same way: pages ``first``–``last``
    (1-based, inclusive) on ``stock``, ``sides`` in words."""

    first: int
    last: int
    stock: str
    sides: str

    @property
    def pages(self) -> str:
        """"Page 3" or "Pages 3–16"."""
        return f"Page {self.first}" if self.first == self.last else f"Pages {self.first}–{self.last}"


def short_stock(stock: str) -> str:
    """``stock`` without a trailing ", duplex" or ", one-sided" (the plan
    says the sides itself)."""
    text = stock.strip()
    changed = True
    while changed:
        changed = False
        for suffix in _SUFFIXES:
            if text.endswith(suffix):
                text, changed = text[: -len(suffix)].rstrip(" ,"), True
    return text


def sides_text(backs: bool, duplex: str) -> str:
    """How a range prints, in words: double-sided with the flip edge, or
    single-sided (blank backs included when the kit is duplex), or fronts
    and backs pages to glue (``duplex`` "none")."""
    if duplex in ("long", "short"):
        return f"double-sided, flip on {duplex} edge" if backs else "single-sided (blank backs included)"
    return "fronts and backs pages: glue back to back" if backs else "single-sided"


def cover_pages(duplex: str) -> int:
    """Pages the cover takes in the kit: 1, or 2 with its blank back when
    the kit prints duplex (:func:`printkit.pdf.assemble` pads one-sided
    parts, the cover among them)."""
    return 2 if duplex in ("long", "short") else 1


def print_plan(parts: Iterable[CoverPart], duplex: str) -> list[PlanRow]:
    """The kit's page ranges per stock and sidedness, cover first.

    Rule: the kit PDF is the cover (:func:`cover_pages`) then each part's
    ``pages`` in order; consecutive parts with the same short stock
    (:func:`short_stock`) and the same sides (:func:`sides_text`) make one
    row.  The rows tile pages 1 to the kit's last page.
    """
    rows: list[PlanRow] = []
    page = 1
    items = [(cover_pages(duplex), COVER_STOCK, False)] + [(p.pages, p.stock, p.backs) for p in parts]
    for pages, stock, backs in items:
        if pages <= 0:
            continue
        stock, sides = short_stock(stock), sides_text(backs, duplex)
        last = page + pages - 1
        if rows and rows[-1].stock == stock and rows[-1].sides == sides:
            rows[-1] = PlanRow(rows[-1].first, last, stock, sides)
        else:
            rows.append(PlanRow(page, last, stock, sides))
        page = last + 1
    return rows


def parts_from_summary(summary: Iterable[Mapping[str, Any]]) -> list[CoverPart]:
    """:class:`CoverPart`\\ s from the build's summary mappings (keys
    ``title``, ``file``, ``count``, ``pages``, ``stock``, ``backs``; optional
    ``contents``: [count, title] pairs).  Raises
    :class:`printkit.PrintkitError` naming a missing key or a malformed
    ``contents``."""
    needed = ("title", "file", "count", "pages", "stock", "backs")
    out = []
    for i, part in enumerate(summary):
        missing = [k for k in needed if k not in part]
        if missing:
            raise PrintkitError(f"cover: part {i + 1} lacks {', '.join(missing)}")
        contents = part.get("contents") or ()
        try:
            rows = tuple((int(n), str(t)) for n, t in contents)
        except (TypeError, ValueError):
            raise PrintkitError(f"cover: part {i + 1}: contents must be [count, title] pairs") from None
        out.append(CoverPart(str(part["title"]), str(part["file"]), int(part["count"]), int(part["pages"]),
                             str(part["stock"]), bool(part["backs"]), rows))
    return out


def facts_line(players: tuple[int, int], minutes: tuple[int, int]) -> str:
    """Players and playing time in plain words: "For 2 to 4 players ·
    about 30–45 minutes a game" ("For 1 player", "about 20 minutes")."""
    lo, hi = players
    who = (f"For {lo} player" + ("s" if lo > 1 else "")) if lo == hi else f"For {lo} to {hi} players"
    tlo, thi = minutes
    time = f"about {tlo} minutes" if tlo == thi else f"about {tlo}–{thi} minutes"
    return f"{who} · {time} a game"


# -- drawing ----------------------------------------------------------------------------

class _Style:
    def __init__(self, theme, game: str | None, accent_role: str | None):
        self.theme = theme
        self.ink = theme.hex("ink")
        self.muted = theme.hex("muted")
        self.paper = theme.hex("paper")
        strong = theme.hex("accent")
        if accent_role:
            try:
                strong = theme.hex(accent_role, game)
            except PrintkitError:
                pass
        self.strong = strong
        self.tint = mix(strong, self.paper, 0.9)
        self.rule = mix(strong, self.paper, 0.55)
        self.display = theme.font("display")
        self.body = theme.font("body")
        self.bold = theme.font("bold")
        self.semi = theme.font("semibold")
        self.italic = theme.font("italic")


def _lines(text: str, font: str, size: float, width: float) -> list[str]:
    return simpleSplit(text, font, size, width) or [""]


def _para(c, text: str, x: float, top: float, width: float, font: str, size: float, colour,
          leading: float | None = None) -> float:
    """Draw wrapped ``text`` with its first baseline ``size`` below ``top``;
    return the y below the last line."""
    leading = leading or size * 1.22
    c.setFillColor(colour)
    c.setFont(font, size)
    y = top - size
    for line in _lines(text, font, size, width):
        c.drawString(x, y, line)
        y -= leading
    return y + leading - size * 0.3


def _para_height(text: str, font: str, size: float, width: float, leading: float | None = None) -> float:
    leading = leading or size * 1.22
    n = len(_lines(text, font, size, width))
    return size + (n - 1) * leading + size * 0.3


def _heading(c, st: _Style, text: str, x: float, top: float, width: float) -> float:
    c.setFillColor(st.strong)
    c.setFont(st.display, 13)
    c.drawString(x, top - 12, text)
    c.setStrokeColor(st.rule)
    c.setLineWidth(0.8)
    c.line(x, top - 16, x + width, top - 16)
    return top - 20


def _string_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font, size)


#: Smallest size of the cover's title (pt): a title of the longest any bundled game's rules
#: accept (40 characters) fits the narrowest cover (A4's) on one line at it, even in W's.
TITLE_LEAST = 13.0


def _fit_size(text: str, font: str, wanted: float, least: float, width: float) -> float:
    """``wanted`` lowered in 0.5 pt steps until ``text`` fits ``width`` (:func:`printkit.render.text.fit_stepped`)."""
    from printkit.render.text import fit_stepped

    return fit_stepped(text, font, wanted, width, least)


class _Layout:
    """Sizes of the cover's blocks at one tightness step (0 loose … 2 tight)."""

    def __init__(self, step: int):
        self.gap = (mm(5), mm(3.6), mm(2.6))[step]
        self.row = (mm(7.2), mm(6.2), mm(5.4))[step]     # what-is-inside row
        self.plan = (mm(10.5), mm(9.2), mm(8.2))[step]   # print-plan row (at least)
        self.small = (8.6, 8.0, 7.4)[step]
        self.text = (9.4, 8.8, 8.0)[step]


def _inside_height(parts: list[CoverPart], lay: _Layout) -> float:
    return 20 + sum(len(p.rows) for p in parts) * lay.row


def _plan_heights(rows: list[PlanRow], st: _Style, lay: _Layout, width: float) -> list[float]:
    text_w = width - mm(27)
    out = []
    for r in rows:
        h = _para_height(r.stock, st.semi, lay.text, text_w) + _para_height(r.sides, st.body, lay.small, text_w)
        out.append(max(lay.plan, h + mm(2.4)))
    return out


def draw_cover(c, *, title: str, tagline: str, players: tuple[int, int], minutes: tuple[int, int],
               parts: list[CoverPart], paper: Paper, duplex: str, theme, game: str | None = None,
               art: Callable[..., None] | None = None, accent_role: str | None = None) -> None:
    """Draw the cover on ``c`` (one page of ``paper``; see :func:`cover_pdf`)."""
    st = _Style(theme, game, accent_role)
    W, H = paper.width, paper.height
    x0, y0, x1, y1 = paper.content          # inside the 5 mm printer margin
    pad = mm(4)                              # text sits a little further in
    left, right = x0 + pad, x1 - pad
    width = right - left
    rows = print_plan(parts, duplex)
    duplex_value, duplex_sentence = DUPLEX_TEXT[duplex]
    paper_name, paper_note = PAPER_LABELS.get(paper.name, (paper.name.upper(), ""))
    footer_top = y0 + mm(6)                  # the footer band below (scale bars, label)
    col_gap = mm(6)
    left_w = (width - col_gap) * 0.44
    right_w = width - col_gap - left_w
    settings = [("Paper", paper_name, (paper_note + ". " if paper_note else "") + "Card only where the plan says so."),
                ("Two-sided printing", duplex_value, duplex_sentence),
                ("Scale", "100 %", "Choose \u201cActual size\u201d; never \u201cFit to page\u201d or \u201cShrink to fit\u201d.")]
    cutting = ("Cut along the crop marks, the hairlines at the sheet edges: long lines across the whole sheet "
               "first, then the pieces apart. Round tokens carry a fine circle on their trim line. Art runs a "
               "little past the trim (bleed), so a cut slightly off the line shows no white edge.")
    check = ("Measure the bar with a ruler, or the 50 mm bar at the foot of any sheet. Not 50 mm? "
             "Fix the scale setting and print again before you cut anything.")
    # The bar's "50 mm" label sits between the bar's end and the text: a wide display font
    # gets a smaller label (down to 8 pt), then pushes the text right, never into it.
    label_x = left + mm(52.5)
    label_size = _fit_size("50 mm", st.display, 11, 8, mm(12.1))
    text_x = max(left + mm(66), label_x + _string_width("50 mm", st.display, label_size) + mm(1.4))
    text_w = right - mm(2) - text_x

    # The title on one line, 34 pt down to TITLE_LEAST; the tagline on one line from 12 pt
    # down to MIN_TEXT + 1, else on two at that size (a house rules' long title or tagline).
    size = _fit_size(title, st.display, 34, TITLE_LEAST, width)
    tsize = _fit_size(tagline, st.italic, 12, MIN_TEXT + 1, width)
    tag_lines = [tagline] if _string_width(tagline, st.italic, tsize) <= width else \
        hard_wrap(tagline, st.italic, tsize, width)
    tag_h = 16 + (len(tag_lines) - 1) * tsize * 1.2

    def below_art(lay: _Layout) -> float:
        title_h = 47 + tag_h + 16
        cols = max(_inside_height(parts, lay), 20 + sum(_plan_heights(rows, st, lay, right_w)) + mm(1)
                   + _para_height(_plan_note(duplex), st.italic, lay.small, right_w))
        panel_w = (width - 2 * mm(4)) / 3
        set_h = 12 + 20 + max(_para_height(t, st.body, lay.small, panel_w) for _, _, t in settings)
        check_h = mm(4) + 16 + max(mm(8), _para_height(check, st.body, lay.small, text_w)) + mm(3)
        cut_h = 20 + _para_height(cutting, st.body, lay.small, width)
        return title_h + cols + set_h + check_h + cut_h + 5 * lay.gap

    avail = (y1 - footer_top)
    for step in range(3):
        lay = _Layout(step)
        art_h = avail - below_art(lay)
        if art_h >= mm(52):
            break
    art_h = max(mm(40), min(art_h, mm(88)))
    slack = avail - below_art(lay) - art_h   # leftover height: spread between the blocks
    extra = max(0.0, slack) / 6

    # -- title art --------------------------------------------------------------------
    top = y1
    ax, ay, aw = x0, top - art_h, x1 - x0
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(ax, ay, aw, art_h, mm(3))
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColor(st.tint)
    c.rect(ax, ay, aw, art_h, stroke=0, fill=1)
    if art is not None:
        art(c, ax, ay, aw, art_h, theme)
    c.restoreState()
    c.setStrokeColor(st.strong)
    c.setLineWidth(1.2)
    c.roundRect(ax, ay, aw, art_h, mm(3), stroke=1, fill=0)
    top = ay - lay.gap - extra

    # -- title, tagline, players and time ------------------------------------------------
    kicker = "PRINT-AND-PLAY KIT"
    c.setFillColor(st.muted)
    c.setFont(st.bold, 8)
    c.drawString(left, top - 8, kicker)
    c.setFillColor(st.strong)
    c.setFont(st.display, size)
    c.drawString(left, top - 8 - 4 - size * 0.8, title)
    top -= 47  # the title's descenders clear the tagline
    c.setFillColor(st.ink)
    c.setFont(st.italic, tsize)
    for i, line in enumerate(tag_lines):
        c.drawString(left, top - 12 - i * tsize * 1.2, line)
    top -= tag_h
    c.setFillColor(st.strong)
    c.setFont(st.semi, 12)
    c.drawString(left, top - 12, facts_line(players, minutes))
    top -= 16 + lay.gap + extra

    # -- what is inside | print plan ----------------------------------------------------
    col_top = top
    y = _heading(c, st, "What is inside", left, col_top, left_w)
    for p, (count, name) in ((p, row) for p in parts for row in p.rows):  # a row per kind, each naming its file
        c.setFillColor(st.strong)
        c.setFont(st.display, 13)
        c.drawRightString(left + mm(11), y - 12, f"{count}")
        tx = left + mm(13.5)
        tw = left_w - mm(13.5)
        nsize = _fit_size(name, st.semi, lay.text, MIN_TEXT, tw)
        c.setFillColor(st.ink)
        c.setFont(st.semi, nsize)
        c.drawString(tx, y - nsize, name)
        fsize = _fit_size(p.file, st.body, lay.small - 0.6, MIN_TEXT, tw)
        c.setFillColor(st.muted)
        c.setFont(st.body, max(MIN_TEXT, fsize))
        c.drawString(tx, y - nsize - 1.5 - fsize, p.file)
        y -= lay.row
    left_bottom = y

    px = left + left_w + col_gap
    y = _heading(c, st, "Print plan", px, col_top, right_w)
    heights = _plan_heights(rows, st, lay, right_w)
    for r, h in zip(rows, heights):
        c.setFillColor(st.tint)
        c.roundRect(px, y - h + mm(0.8), right_w, h - mm(1.2), mm(1.5), stroke=0, fill=1)
        # the range: a small "Pages" over the big numbers
        word = "Page" if r.first == r.last else "Pages"
        nums = f"{r.first}" if r.first == r.last else f"{r.first}–{r.last}"
        c.setFillColor(st.muted)
        c.setFont(st.bold, MIN_TEXT)
        c.drawString(px + mm(2), y - mm(1.2) - MIN_TEXT, word)
        nsize = _fit_size(nums, st.display, 20, 12, mm(23))
        c.setFillColor(st.strong)
        c.setFont(st.display, nsize)
        c.drawString(px + mm(2), y - mm(1.2) - MIN_TEXT - 1 - nsize * 0.8, nums)
        tx, tw = px + mm(26), right_w - mm(27)
        yy = _para(c, r.stock, tx, y - mm(1.4), tw, st.semi, lay.text, st.ink)
        _para(c, r.sides, tx, yy - 0.5, tw, st.body, lay.small, st.ink)
        y -= h
    y -= mm(1)
    y = _para(c, _plan_note(duplex), px, y, right_w, st.italic, lay.small, st.muted)
    top = min(left_bottom, y) - lay.gap - extra

    # -- printer settings -------------------------------------------------------------
    panel_gap = mm(4)
    panel_w = (width - 2 * panel_gap) / 3
    bottom = top
    for i, (label, value, text) in enumerate(settings):
        px = left + i * (panel_w + panel_gap)
        c.setFillColor(st.muted)
        c.setFont(st.bold, 8)
        c.drawString(px, top - 8, label.upper())
        vsize = _fit_size(value, st.display, 14, 9, panel_w)
        c.setFillColor(st.strong)
        c.setFont(st.display, vsize)
        c.drawString(px, top - 12 - vsize * 0.9, value)
        bottom = min(bottom, _para(c, text, px, top - 32, panel_w, st.body, lay.small, st.ink))
    top = bottom - lay.gap - extra

    # -- the 50 mm check -----------------------------------------------------------------
    box_h = mm(4) + 16 + max(mm(8), _para_height(check, st.body, lay.small, text_w)) + mm(3)
    c.setFillColor(st.tint)
    c.setStrokeColor(st.strong)
    c.setLineWidth(1)
    c.roundRect(left - mm(2), top - box_h, width + mm(4), box_h, mm(2), stroke=1, fill=1)
    c.setFillColor(st.strong)
    c.setFont(st.display, 13)
    c.drawString(left + mm(1), top - mm(2.5) - 12, "Check the 50 mm bar before cutting")
    bar_y = top - box_h + mm(3)
    c.setFillColor(theme.colour("ink"))
    c.rect(left + mm(1), bar_y + mm(1.5), mm(50), mm(5), stroke=0, fill=1)
    _para(c, check, text_x, top - mm(2.5) - 16, text_w, st.body, lay.small, st.ink)
    c.setFillColor(st.strong)
    c.setFont(st.display, label_size)
    c.drawString(label_x, bar_y + mm(2.4), "50 mm")
    top = top - box_h - lay.gap - extra

    # -- cutting -------------------------------------------------------------------------
    c.setFillColor(st.strong)
    c.setFont(st.display, 13)
    c.drawString(left, top - 12, "Cutting")
    _para(c, cutting, left, top - 18, width, st.body, lay.small, st.ink)

    # -- footer: scale bars and label, as on every sheet ------------------------------------
    plan = plan_footer(footer_items(c, theme, f"{title} · print-and-play kit · cover"), W, H, paper.margin,
                       art=(x0, footer_top, x1, y1), marks=False)
    draw_footer_plan(c, theme, plan, W, H)


def _plan_note(duplex: str) -> str:
    return "Page numbers are those of this kit PDF; each part is also a PDF file of its own."


def cover_pdf(*, title: str, tagline: str, players: tuple[int, int], minutes: tuple[int, int],
              summary: Iterable[Mapping[str, Any]], paper: Paper, duplex: str, theme,
              game: str | None = None, art: Callable[..., None] | None = None,
              accent_role: str | None = None) -> bytes:
    """A kit's one-page cover as PDF bytes (``paper.width`` × ``paper.height`` pt).

    ``summary``: one mapping per part of the kit, in print order (see
    :func:`parts_from_summary`; ``pages`` counted as in the kit, blank backs
    included).  ``players``, ``minutes``: (min, max) as the rules data gives
    them.  ``duplex``: "long", "short" or "none".  ``game``: the palette to
    look ``accent_role`` up in (headings, numbers; default the theme's
    ``accent``).  ``art(canvas, x, y, w, h, theme)``: the game's title art
    drawn into that box (pt), clipped to it.  Deterministic.

    Raises :class:`printkit.PrintkitError` for an unknown duplex setting or
    a part missing a key.
    """
    if duplex not in DUPLEX_TEXT:
        raise PrintkitError(f"duplex: unknown setting {duplex!r}; choose one of: {', '.join(DUPLEX_TEXT)}")
    parts = parts_from_summary(summary)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(paper.width, paper.height), invariant=1,
               initialFontName=theme.font("body"), initialFontSize=9)
    c.setTitle(f"{title} — print-and-play kit")
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setSubject("Cover")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", DUPLEX_HINT["none"].lstrip("/"))
    draw_cover(c, title=title, tagline=tagline, players=players, minutes=minutes, parts=parts, paper=paper,
               duplex=duplex, theme=theme, game=game, art=art, accent_role=accent_role)
    c.showPage()
    c.save()
    return buf.getvalue()


__all__ = ["CoverPart", "PlanRow", "cover_pdf", "draw_cover", "print_plan", "facts_line", "short_stock",
           "sides_text", "cover_pages", "PAPER_LABELS", "DUPLEX_TEXT", "MIN_TEXT"]

"""Your own decks: cards from a data file (CSV or TOML) and a layout TOML.

The full reference — every element type and key with its unit and default,
the ``[card]`` keys, icon names with a picture of each, colours, fonts, CSV
rules, the fit rules and output naming — is ``docs/deck-layouts.md``
(``tests/test_deck_docs.py`` checks it against :data:`CARD_KEYS`,
:data:`ELEMENT_KEYS`, :data:`ALIASES` and :func:`deck_icons`).  In short:

A **layout** (TOML) describes one card face; lengths in **mm** measured from
the trim box's **top-left** corner (x right, y down), font sizes in **pt**::

    [card]
    name = "monsters"            # output file stem: <out>/monsters.pdf
    title = "Monster deck"
    size = "poker"               # or width = 63.5, height = 88.9 (mm)
    background = "{{ colour }}"  # a theme colour role or #rrggbb; runs to the bleed
    corner = 3                   # optional: trim corner radius (mm) for --format cut and shops

    [[element]]
    type = "text"                # text | box | circle | image | icon
    x = 5
    y = 6
    w = 53.5                     # box width; default: to the safe zone's right edge
    h = 12                       # box height; default: to the safe zone's bottom edge
    text = "{{ title }}"
    font = "display"             # theme font role: display, body, bold, semibold, italic
    size = 14
    colour = "ink"               # (``color`` is the same key)
    align = "left"               # left | centre | right, inside the box
    fit = "shrink"               # shrink (down to min_size, default 6 pt) | error

**Text never goes missing.**  Text wraps inside its box; text that does not
fit shrinks in 0.5 pt steps down to ``min_size`` (``fit = "shrink"``) or is
an error (``fit = "error"``); a character the font has no glyph for is an
error naming the card, element, character and font (a warning with
``allow_missing_glyphs``).  Errors name the file, the card (and CSV line),
the element and the key: :class:`printkit.PrintkitError` (exit 1).

Strings may hold jinja2 placeholders (``{{ field }}``) filled from each data
row: plain ``{{ field }}`` directly, anything else (filters, blocks,
expressions) in printkit's template sandbox (:mod:`printkit.sandbox`: no
access to Python internals, budgets on time, loop steps and string sizes).
An ``image`` ``src`` is a PNG, JPEG, GIF, BMP, TIFF or WebP file inside the
layout's folder (no absolute path, no ``..`` or symlink leading out; SVG and
other formats are refused).  CSV data may be separated by commas, semicolons
or tabs (sniffed).  A ``qty`` column prints a row that many times.  A card
placed more than once (its ``qty``, a layout without placeholders, a row equal
to an earlier one) is drawn once as a form XObject from its first known repeat.
"""

from __future__ import annotations

import csv
import hashlib
import io
import keyword
import math
import re
from collections import Counter
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from printkit import PrintkitError, fontfiles, interrupt
from printkit.model import Component, ComponentSet, Face
from printkit.inputfiles import (MAX_IMAGE_PIXELS, decode_text, eight_bit_grey, escape_display, image_decode_problem,
                                 image_size_problem, read_bytes, show)
from printkit.messages import MAX_NAME, clip
from printkit.rules import load_toml
from printkit.units import mm, to_mm

#: Trim sizes in mm (print conventions).
CARD_SIZES = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini-euro": (44.0, 68.0),
    "tarot": (69.85, 120.65),  # 2.75 × 4.75 in, the size the print shops (shop:tgc, dtc, mpc) make
}

#: Keys of the layout's ``[card]`` table.
CARD_KEYS = {"name", "title", "size", "width", "height", "shape", "background", "corner"}

ELEMENT_KEYS = {
    "text": {"x", "y", "w", "h", "text", "font", "size", "colour", "align", "leading", "fit", "min_size"},
    "box": {"x", "y", "w", "h", "fill", "stroke", "stroke_width", "radius", "dash"},
    "circle": {"cx", "cy", "r", "fill", "stroke", "stroke_width", "dash"},
    "image": {"x", "y", "w", "h", "src"},
    "icon": {"name", "cx", "cy", "size", "fill", "detail"},
}
REQUIRED = {
    "text": {"x", "y", "text"},
    "box": {"x", "y", "w", "h"},
    "circle": {"cx", "cy", "r"},
    "image": {"x", "y", "w", "h", "src"},
    "icon": {"name", "cx", "cy", "size"},
}
#: Keys holding a colour; an empty value (an empty data cell) means the key's default.
COLOUR_KEYS = frozenset({"colour", "fill", "stroke", "detail"})
NUMERIC = {"x", "y", "w", "h", "size", "stroke_width", "radius", "cx", "cy", "r", "leading", "min_size"}
#: Numeric keys in pt (the rest are mm; a text's ``size`` is pt, an icon's mm).
PT_KEYS = frozenset({"leading", "min_size", "stroke_width"})
#: Other spellings a layout may use: alias → the key it stands for (same element types).
ALIASES = {"color": "colour"}
#: ``align`` values (``center`` is ``centre``).
ALIGNS = ("left", "centre", "center", "right")
#: ``fit`` values: ``shrink`` lowers the size until the text fits, ``error`` refuses.
FITS = ("shrink", "error")
#: Default and floor of ``min_size`` (pt): the smallest size ``fit = "shrink"`` goes to.
MIN_SIZE = 6.0
MIN_SIZE_FLOOR = 1.0
#: Size step (pt) of ``fit = "shrink"``.
SHRINK_STEP = 0.5
#: Default text size (pt) and line spacing (× size).
TEXT_SIZE = 9.0
LEADING = 1.2
#: Safe zone (mm) inside the trim: a text box without ``w``/``h`` runs to its edge.
SAFE_MM = 3.0
#: Column names people give the copies column that printkit reads only as ``qty``
#: (after :func:`placeholder_name`): a data file with one and no ``qty`` gets a warning.
#: ``count`` is the word a designer's spreadsheet (and the bundled rules' ``count`` keys) uses.
COPIES_LIKE = frozenset({"quantity", "quantities", "copies", "copy", "count", "counts", "amount",
                         "number_of_copies", "no_of_copies", "how_many",
                         "qté", "quantité", "anzahl", "cantidad"})
#: Image formats an ``image`` may be (Pillow's format names); reportlab draws them via Pillow.
IMAGE_FORMATS = ("PNG", "JPEG", "GIF", "BMP", "TIFF", "WEBP")
#: Delimiters a CSV may use (sniffed from its start).
CSV_DELIMITERS = ",;\t"
#: Characters of a CSV's start the sniffer looks at: a header and a few rows.
#: csv.Sniffer's quote search takes time growing with the square of the
#: sample on hostile text (4 kB of ``,"`` take ~0.7 s, 2 kB ~0.25 s).
SNIFF_CHARS = 2048


@lru_cache(maxsize=1)
def deck_icons() -> dict:
    """Icons a layout's ``icon`` element may name: the engine's shared set
    (``plus`` and the colour symbols ``circle``, ``triangle``, ``square``,
    ``diamond``) and every registered game's own (``bone``, ``skull``,
    ``trowel`` from ArchéoTREK, …): name → ``(canvas, x, y, size, fill, detail)``."""
    from printkit import registry
    from printkit.render import icons

    shared = {"plus": lambda c, x, y, size, fill, detail: icons.plus_badge(c, x, y, size, fill, detail)}
    shared.update({s: (lambda c, x, y, size, fill, detail, _s=s: icons.colour_symbol(c, _s, x, y, size, fill))
                   for s in icons.SYMBOLS})
    return {**registry.icons(), **shared}
MAX_QTY = 10_000
#: Most cards one deck may print (quantities summed): 50,000 poker cards are
#: ~5,600 A4 sheets, far past any real deck; the cap keeps a hostile data
#: file from running for hours.
MAX_CARDS = 50_000
MAX_DATA_BYTES = 32 * 1024 * 1024  # a CSV of many thousand cards fits easily
#: Most elements a deck lays out: its rows (each card checked and drawn) times its layouts'
#: elements — 50,000 cards of 40 elements.  The card cap alone left the layout unbounded:
#: 3,000 text elements (a 225 kB layout) on 700 rows were 2.1 million texts, ~30 s of CPU.
MAX_ELEMENT_DRAWS = 2_000_000
#: Most characters a deck's texts are wrapped over, every try at a size counted (~0.27 µs
#: each: ~27 s of CPU): 50,000 cards of 40 thirty-character texts are 60 million.  The element
#: budget alone let long texts through: one card of 19,000-character texts in 2,000
#: elements shrunk to min_size = 1 took 2 minutes (a 2 MB layout, half an hour).
MAX_TEXT_WRAPPED = 100_000_000
#: Characters still to wrap in this deck build ([n]; ``None`` outside :func:`build_deck`: unbounded).
_WRAP_LEFT: ContextVar[list[int] | None] = ContextVar("printkit_deck_wrap_left", default=None)


class _WrapBudget(BaseException):
    """The deck's texts passed :data:`MAX_TEXT_WRAPPED` (a BaseException:
    no card's own problem list may swallow it; :func:`build_deck` says so)."""


def _spend_wrap(chars: int) -> None:
    """Count ``chars`` characters wrapped against the build's budget (:data:`_WRAP_LEFT`)."""
    left = _WRAP_LEFT.get()
    if left is not None:
        left[0] -= chars
        if left[0] < 0:
            raise _WrapBudget()


#: Most columns a deck's data may have (a card uses a few dozen at most).
MAX_COLUMNS = 1000
#: Most cells (rows × columns) a deck's data may hold: 50,000 cards of 40
#: columns; bounds the memory rows take (a 389 KB CSV of 5,000 × 45,000
#: empty cells needed over 4 GB).
MAX_CELLS = 2_000_000
#: Most rows a deck's data may hold, blank ones included: twice the cards a deck prints.
#: Rows are read before their quantities are summed, and blank ones are skipped: two million
#: one-cell rows (a 4 MB CSV) took 55 s and 540 MB, 30 MB of blank lines 25 s, to be refused.
MAX_ROWS = 2 * MAX_CARDS
#: Longest cell (characters): far more than a card can print.
MAX_CELL_CHARS = 20_000
#: Most bytes a spreadsheet (.xlsx, .ods: a ZIP file) may unpack to.
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
#: …and an ``.ods``, which odfpy reads into a whole document tree (many times its size).
MAX_UNPACKED_ODS = 48 * 1024 * 1024
#: Most parts (ZIP members) a spreadsheet may hold: a workbook has a dozen, a few hundred with
#: pictures; each is opened and read by every check (250,000 empty parts took 11 s).
MAX_ZIP_MEMBERS = 10_000
#: Most XML tags (``<`` counted on the unpacked bytes of its ``.xml``/``.rels`` parts) an
#: ``.xlsx`` may hold: an empty element costs openpyxl ~400 bytes and ~20 µs (4 MB of
#: ``<xf/>`` took 16 s and 390 MB), so a few kB could unpack to gigabytes and minutes.
#: A cell takes 4–8 tags: some 150,000 cells, thousands of cards.
MAX_XML_TAGS = 1_000_000
#: …and an ``.ods``: odfpy keeps every element (~900 bytes, ~30 µs each).
MAX_XML_TAGS_ODS = 500_000
#: Most bytes the XML parts of a spreadsheet may unpack to (pictures and other parts count
#: only towards :data:`MAX_UNPACKED_BYTES`): openpyxl reads the shared strings whole, so
#: 192 MB of them (240,000 strings of 800 characters, under the tag cap) took 280 MB.
#: Twice the CSV cap (:data:`MAX_DATA_BYTES`): the same cards' text and its markup.
MAX_XML_BYTES = 2 * MAX_DATA_BYTES
#: Most bytes between two ``<`` of a spreadsheet's XML: a cell's text (at most
#: :data:`MAX_CELL_CHARS` characters, 10 bytes each as ``&#1114111;``) or a tag's attributes.
#: One 200 MB shared string (878 kB on disk) took 450 MB before the cell cap refused it.
MAX_XML_RUN = 2 * 1024 * 1024
#: Rows of an ``.xlsx`` sheet (the format's, as Excel's: 1,048,576).
MAX_XLSX_ROWS = 1_048_576
#: Formula cells with no saved result named one by one; the rest are counted in one line.
MAX_FORMULA_WARNINGS = 20


#: Rows between two progress reports while the cards are checked.
PROGRESS_ROWS = 500


class DeckErrors(PrintkitError):
    """Several problems at once: ``lines`` (one per problem, or per kind of
    problem on many cards — see :class:`Problems` —, at most
    :data:`printkit.messages.MAX_SHOWN`, then ``… and N more problem(s)``)
    and ``total`` (every problem).  ``str()`` is the first line and the count,
    so a caller that shows one line still says how many there are.  ``more``:
    the problems the lines leave out (default: ``total`` less one a line)."""

    def __init__(self, lines: list[str], total: int | None = None, more: int | None = None):
        from printkit.messages import capped_lines, more_line

        total = len(lines) if total is None else total
        self.total = total
        if more is None:
            self.lines = capped_lines(lines, total)
        else:
            self.lines = list(lines) + ([more_line(more)] if more else [])
        rest = f" (and {total - 1:,} more problem(s))" if total > 1 else ""
        super().__init__(f"{lines[0]}{rest}")


#: Where a problem line names its card (``front.toml: card 4 (CSV line 5), …``)
#: or a data line or row (``d.csv: line 3 has …``): what :class:`Problems` merges by.
_PLACE = re.compile(r"(?P<pre>[^\n]*?: )(?:card (?P<card>\d+)(?: \((?P<unit>CSV line|row|JSON line) (?P<at>\d+)\))?"
                    r"|(?P<lunit>line|row) (?P<line>\d+))(?P<post>[,: ][^\n]*)")
#: What a problem's kind ignores: quoted values, code points and numbers (not an element's number).
_VALUES = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|U\+[0-9A-F]{4,6}|(?<!element )(?<![\w.])\d[\d,.]*")
#: A list of masked values (``# (#), # (#) and # more``): one value, whatever its length.
_RUNS = re.compile(r"#(?:[ (),#]|and )*#")
#: Cards or lines named in one merged line, as ranges, before ``…``.
MERGED_RANGES = 12


def _ranges(numbers: list[int]) -> str:
    """``3–7, 9, 12–14`` (at most :data:`MERGED_RANGES` ranges, then ``…`` and the last)."""
    out: list[str] = []
    start = prev = numbers[0]
    for n in numbers[1:] + [None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(f"{start}" if start == prev else f"{start}–{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out[:MERGED_RANGES]) + (f", …, {out[-1]}" if len(out) > MERGED_RANGES else "")


class _Kind:
    """Problems of one kind (:class:`Problems`): the first one's line, and
    the cards (or lines) with their data lines."""

    __slots__ = ("first", "match", "places", "same")

    def __init__(self, first: str, match):
        self.first, self.match, self.places, self.same = first, match, [], True

    def line(self) -> str:
        if len(self.places) == 1:
            return self.first
        m = self.match
        first = self.places[0][0]
        nums = sorted({p for p, _ in self.places if p != first})
        if not nums:  # the same problem twice on one card: said once
            return self.first
        ats = sorted({a for p, a in self.places if a is not None and p != first})
        if m.group("card") is not None:
            what = "card" if len(nums) == 1 else "cards"
            where = f"{what} {_ranges(nums)}" + (f" ({m.group('unit')}{'s' * (len(ats) > 1)} {_ranges(ats)})"
                                                  if ats else "")
        else:
            where = f"{m.group('lunit')}{'s' * (len(nums) > 1)} {_ranges(nums)}"
        how = "the same" if self.same else "alike"
        return f"{self.first} — {how} on {len(nums):,} more: {where}"


class Problems:
    """Collects the problems of a deck (errors of many rows and cells):
    :meth:`add` a :class:`printkit.PrintkitError` (a :class:`DeckErrors`
    adds each of its lines), :meth:`check` raises :class:`DeckErrors` when
    any were added, every problem counted.  Problems of one kind on many
    cards (or data lines) are one line naming them: the same message but
    for the card, its quoted values, code points and numbers (a list of
    them counting as one) —
    ``front.toml: card 2 (CSV line 3), element 1 (text): … — the same on
    479 more: cards 3–481 (CSV lines 4–482)`` (``alike`` when their values
    differ: the first card's message is shown).  Keeps the first
    :data:`printkit.messages.MAX_SHOWN` lines and counts the rest."""

    def __init__(self):
        from printkit.messages import MAX_SHOWN

        self.kinds: dict[object, _Kind | str] = {}
        self.total = 0
        self.hidden = 0
        self._limit = MAX_SHOWN

    @property
    def lines(self) -> list[str]:
        return [k if isinstance(k, str) else k.line() for k in self.kinds.values()]

    def add(self, exc: PrintkitError) -> None:
        if isinstance(exc, DeckErrors):
            lines, total = [ln for ln in exc.lines if not ln.startswith("… and ")], exc.total
        else:
            lines, total = [str(exc)], 1
        for line in lines:
            self._add_line(line)
        self.hidden += max(0, total - len(lines))
        self.total += total

    def _add_line(self, line: str) -> None:
        m = _PLACE.fullmatch(line)
        if m is None:
            key: object = ("line", len(self.kinds))
        else:
            key = (m.group("pre"), m.group("card") is None, m.group("unit"), m.group("lunit"),
                   _RUNS.sub("#", _VALUES.sub("#", m.group("post"))))
        kind = self.kinds.get(key)
        if kind is None:
            if len(self.kinds) >= self._limit:
                self.hidden += 1
                return
            kind = self.kinds[key] = line if m is None else _Kind(line, m)
        if m is not None:
            number = int(m.group("card") or m.group("line"))
            at = m.group("at")
            kind.places.append((number, int(at) if at else None))
            if m.group("post") != kind.match.group("post"):
                kind.same = False

    def check(self) -> None:
        if self.total:
            raise DeckErrors(self.lines, self.total, more=self.hidden)


def merged_lines(lines, kind: str = "warning") -> list[str]:
    """``lines`` (warnings of many cards) merged as :class:`Problems` merges
    problems — one line per kind, naming the cards — the first
    :data:`printkit.messages.MAX_SHOWN`, then ``… and N more <kind>(s)``."""
    merged = Problems()
    for line in lines:
        merged._add_line(line)
        merged.total += 1
    return merged.lines + ([f"… and {merged.hidden:,} more {kind}(s)"] if merged.hidden else [])


@dataclass(frozen=True)
class Layout:
    """A parsed layout: ``width``/``height`` in mm, ``elements`` as dicts with
    compiled jinja2 templates for string values (key ``"_templates"``)."""

    path: Path
    name: str
    title: str
    width: float
    height: float
    shape: str
    background: Any
    elements: tuple[dict, ...]
    #: corner radius of the trim in mm for shop and cut outputs (``[card] corner``); None = default
    corner: float | None = None
    #: SHA-1 of the layout's TOML content: part of every face key (see :func:`layout_face`)
    digest: str = ""


#: Wall-clock seconds all sandboxed placeholders of one layout may take together.
DECK_TEMPLATE_SECONDS = 60.0


def _env():
    """The sandboxed jinja2 environment for a layout's non-plain placeholders."""
    from printkit import sandbox

    return sandbox.environment(autoescape=False, keep_trailing_newline=False,
                               total_seconds=DECK_TEMPLATE_SECONDS)


_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
#: Names jinja2 reads as literals, operators or globals: such templates go to jinja2.
_JINJA_NAMES = frozenset("true false none True False None and or not in is if else "
                         "range dict lipsum cycler joiner namespace loop self".split())


class _Fill:
    """A template of literal text and ``{{ name }}`` placeholders only, filled
    without jinja2 (importing and running jinja2 is most of a deck's
    per-card cost): the same output (``str`` of each value) and, for a
    missing name, the same :class:`jinja2.UndefinedError` message."""

    __slots__ = ("parts", "tail")

    def __init__(self, parts: tuple[tuple[str, str], ...], tail: str):
        self.parts, self.tail = parts, tail

    @classmethod
    def parse(cls, text: str) -> "_Fill | None":
        """A :class:`_Fill` for ``text``, or None when jinja2 must handle it
        (blocks, comments, filters, expressions, any other brace, CR or a
        trailing newline, which jinja2 normalises)."""
        parts, pos = [], 0
        for m in _PLACEHOLDER.finditer(text):
            name = m.group(1)
            if name in _JINJA_NAMES or keyword.iskeyword(name):
                return None
            parts.append((text[pos:m.start()], name))
            pos = m.end()
        literal = _PLACEHOLDER.sub("", text)
        if "{" in literal or "}" in literal or "\r" in text or text.endswith("\n"):
            return None
        return cls(tuple(parts), text[pos:])

    def fill(self, row: dict) -> str:
        """The text for ``row``; raises :class:`_Missing` naming a missing name."""
        if not self.parts:
            return self.tail
        out = []
        for literal, name in self.parts:
            try:
                value = row[name]
            except KeyError:
                raise _Missing(f"{show(name)} is undefined") from None  # shortened: a name may be 100 kB
            out.append(literal)
            out.append(str(value))
        out.append(self.tail)
        return "".join(out)

    def render(self, *args, **row) -> str:
        """As jinja2's ``Template.render``."""
        try:
            return self.fill(dict(*args, **row))
        except _Missing as exc:
            from jinja2 import UndefinedError

            raise UndefinedError(exc.message) from None


class _Missing(Exception):
    """A placeholder names no column; ``message`` as jinja2's."""

    @property
    def message(self) -> str:
        return self.args[0]


def _compile(env, text: str, where: str):
    fill = _Fill.parse(text)
    if fill is not None:
        return fill if fill.parts else fill.tail  # constant text stays a plain str
    from printkit import sandbox

    if callable(env):
        env = env()
    try:
        return sandbox.compile_string(env, text, where)
    except sandbox.TemplateError as exc:
        shown = text if len(text) <= 60 else text[:40] + "…"
        spaced = next((m.group(1).strip() for m in re.finditer(r"\{\{\s*([^{}|()\[\]\"'+*/%=<>!~]{1,100}?)\s*\}\}", text)
                       if " " in m.group(1).strip() and placeholder_name(m.group(1))), None)
        hint = (f"; a column whose name has spaces is written in lower case with _: "
                f"{{{{ {placeholder_name(spaced)} }}}} for {show(spaced)}") if spaced else ""
        raise PrintkitError(f"{where}: bad placeholder in {shown!r} ({exc.reason}){hint}") from None


def _element(path: Path, i: int, el: Any, env) -> dict:
    """Element ``i`` (from 1) of the layout at ``path``, checked and with its
    strings compiled; raises :class:`printkit.PrintkitError` naming it (a
    :class:`DeckErrors` of every bad key, one line each)."""
    where = f"{path}: element {i}"
    if not isinstance(el, dict):
        raise PrintkitError(f"{where}: must be a table")
    kind = el.get("type")
    if kind not in ELEMENT_KEYS:
        raise PrintkitError(f"{where}: type {show(kind)}; choose one of: {', '.join(ELEMENT_KEYS)}")
    for alias, key in ALIASES.items():
        if alias in el and key in ELEMENT_KEYS[kind]:
            if key in el:
                raise PrintkitError(f"{where} ({kind}): both {key} and {alias} (the same key); keep one")
            el = {(key if k == alias else k): v for k, v in el.items()}
    unknown = set(el) - ELEMENT_KEYS[kind] - {"type"}
    if unknown:
        raise PrintkitError(f"{where} ({kind}): unknown key(s) {clip(', '.join(sorted(map(show, unknown))), 200)}; "
                            f"allowed: {', '.join(sorted(ELEMENT_KEYS[kind]))}")
    missing = REQUIRED[kind] - set(el)
    if missing:
        raise PrintkitError(f"{where} ({kind}): missing {', '.join(sorted(missing))}")
    out: dict[str, Any] = {"type": kind}
    errors: list[str] = []  # every bad key of the element, one line each
    for key, value in el.items():
        if key == "type":
            continue
        try:
            _element_key(out, where, kind, key, value, env)
        except PrintkitError as exc:
            errors.append(str(exc))
    if kind == "image" and not errors:
        src = el["src"]
        if "{{" not in str(src):
            full = image_path(path.parent, str(src), f"{where} (image)")
            if not full.is_file():
                raise PrintkitError(f"{where} (image): src {src!r} {_not_a_file(full)}")
            _image_reader(full, str(src), f"{where} (image)")  # the format is checked now, before any card
    font = el.get("font")
    if kind == "text" and not errors and isinstance(font, str) and "{" not in font and fontfiles.is_font_file(font.strip()):
        font_file(path.parent, font.strip(), f"{where} (text)")  # found now: one line, not one a card
    if errors:
        raise DeckErrors(errors)
    return out


def _element_key(out: dict, where: str, kind: str, key: str, value: Any, env) -> None:
    """Check ``key`` = ``value`` of a layout element and put it in ``out``
    (numbers as floats in mm or pt, strings compiled); raises
    :class:`printkit.PrintkitError` naming the element and key."""
    if key == "dash":
        if (not isinstance(value, list) or not 1 <= len(value) <= 4 or any(
                isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 100 for v in value)):
            raise PrintkitError(f"{where} ({kind}): dash must be a list of 1–4 lengths in pt, e.g. [0, 5]")
        if not any(value):  # a PDF dash array must not be all zero (ISO 32000-1, 8.4.3.6): viewers differ on it
            raise PrintkitError(f"{where} ({kind}): dash {show(value)} is all zero (a dash of no length and no "
                                "gap); give a gap, e.g. [0, 5] for dots")
        out[key] = tuple(float(v) for v in value)
    elif key in NUMERIC:
        pt_key = key in PT_KEYS or (kind == "text" and key == "size")
        if isinstance(value, str):  # a length with its unit: "1in", "25.4mm", "2cm", "9pt"
            from printkit import UsageError
            from printkit.units import parse_length

            text, sign = value.strip(), 1
            if text.startswith("-"):
                text, sign = text[1:], -1
            try:
                value = sign * parse_length(text, what=key)
            except UsageError:
                raise PrintkitError(f"{where} ({kind}): {key} {show(value)} is not a length; give a number "
                                    f"({'pt' if pt_key else 'mm'}) or one with a unit: 1in, 25.4mm, 2cm, 9pt") from None
            value = value if pt_key else to_mm(value)
            if not math.isfinite(value):
                value = float("inf")  # refused just below
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise PrintkitError(f"{where} ({kind}): {key} must be a number (mm, or pt for size), got {value!r}")
        if not -1000 <= value <= 1000:
            raise PrintkitError(f"{where} ({kind}): {key} = {value!r} is out of range; give a number from "
                                f"-1000 to 1000 ({'pt' if pt_key else 'mm'})")
        if kind == "text" and key in ("size", "min_size") and not MIN_SIZE_FLOOR <= value <= 1000:
            raise PrintkitError(f"{where} ({kind}): {key} must be a font size in pt "
                                f"({MIN_SIZE_FLOOR:g}–1000), got {value!r}")
        out[key] = float(value)
    elif key == "align" and value not in ALIGNS and "{" not in str(value):
        raise PrintkitError(f"{where} ({kind}): align {show(value)}; choose left, centre or right "
                            "(inside the box from x, w mm wide)")
    elif key == "fit" and value not in FITS and "{" not in str(value):
        raise PrintkitError(f"{where} ({kind}): fit {show(value)}; choose shrink (down to min_size) "
                            "or error")
    else:
        if key == "font" and isinstance(value, str) and value.strip().lower() in THEME_ROLES:
            value = value.strip().lower()  # a theme role in any case: "Bold", "DISPLAY"
        out[key] = _compile(env, str(value), f"{where} ({kind}) {key}")


#: ``[card] size = "63.5mm x 88.9mm"`` (``x``, ``X`` or ``×`` between the two lengths).
_SIZE_PAIR = re.compile(r"\s*(\S+?)\s*[x×X]\s*(\S+)\s*")


def _card_length(path: Path, key: str, value: Any, given: Any = None) -> float:
    """A ``[card]`` length in mm: a number (mm) or a length with its unit
    (``"63mm"``, ``"6.35cm"``, ``"2.5in"``, ``"180pt"``), as every length
    of a layout may be.  Raises :class:`printkit.PrintkitError` naming the
    layout and key for anything else (``given``: the value as written, for
    ``size``)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        from printkit import UsageError
        from printkit.units import parse_length

        try:
            out = to_mm(parse_length(value, what=key))
        except UsageError:
            out = None
        if out is not None and math.isfinite(out):
            return out
    if value is None and key in ("width", "height"):
        raise PrintkitError(f"{path}: [card] needs size = \"poker\"… or width and height (mm, or with a unit: "
                            "\"63mm\", \"2.5in\", \"180pt\"; 5–400 mm)")
    raise PrintkitError(f"{path}: [card] {key} {show(value if given is None else given)} is not a length; give mm "
                        "(63.5) or a length with its unit: \"63.5mm\", \"6.35cm\", \"2.5in\", \"180pt\"")


def _on_the_card(path: Path, i: int, el: dict, width: float, height: float) -> None:
    """Refuse element ``i`` of a ``width`` × ``height`` mm card when its box
    (``x``/``y``/``w``/``h``; a circle's or icon's square about ``cx``/``cy``;
    a text without ``w``/``h`` running to the safe zone) lies wholly outside
    the trim: nothing of it would be on the cut card (``x = 500`` for
    ``5.00``, a length in the wrong unit).  Raises :class:`printkit.PrintkitError`
    naming the element, its box and the card, in mm."""
    kind = el["type"]
    if kind in ("circle", "icon"):
        half = el["r"] if kind == "circle" else el["size"] / 2
        x0, y0, x1, y1 = el["cx"] - half, el["cy"] - half, el["cx"] + half, el["cy"] + half
    else:
        x0, y0 = el["x"], el["y"]
        x1 = x0 + el["w"] if "w" in el else max(x0, width - SAFE_MM)
        y1 = y0 + el["h"] if "h" in el else max(y0, height - SAFE_MM)
    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    if x1 <= 0 or x0 >= width or y1 <= 0 or y0 >= height:
        raise PrintkitError(f"{path}: element {i} ({kind}): lies wholly outside the {width:g} × {height:g} mm card "
                            f"(x {x0:g} to {x1:g} mm, y {y0:g} to {y1:g} mm), so nothing of it would print; "
                            "positions are mm from the trim's top-left corner")


def load_layout(path: Path) -> Layout:
    """Read and check a layout TOML (see module docstring).

    Raises :class:`printkit.PrintkitError` naming the file, element number and
    key for unknown types or keys, missing keys, non-numeric lengths, or a
    card size that is neither a known name nor width/height in mm.
    """
    path = Path(path)
    data = load_toml(path)
    card = data.get("card")
    if not isinstance(card, dict):
        raise PrintkitError(f"{path}: needs a [card] table (name, size or width/height)")
    stray = set(data) - {"card", "element"}
    if stray:
        raise PrintkitError(f"{path}: unknown table(s) or key(s) {', '.join(sorted(map(show, stray)))}; "
                            "a layout holds [card] and [[element]] tables (see docs/deck-layouts.md)")
    unknown = set(card) - CARD_KEYS
    if unknown:
        raise PrintkitError(f"{path}: [card]: unknown key(s) {', '.join(sorted(map(show, unknown)))}; "
                            f"allowed: {', '.join(sorted(CARD_KEYS))}")
    name = str(card.get("name") or path.stem)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "deck"
    size = card.get("size")
    if size is not None:
        both = _SIZE_PAIR.fullmatch(size) if isinstance(size, str) else None
        if both is not None:  # size = "2.5in x 3.5in": a width and a height with their units
            width = _card_length(path, "size", both.group(1), size)
            height = _card_length(path, "size", both.group(2), size)
        elif not isinstance(size, str) or size.strip().lower() not in CARD_SIZES:
            raise PrintkitError(f"{path}: [card] size {show(size)}; choose one of: {', '.join(CARD_SIZES)}, or give "
                                "the width and height: size = \"2.5in x 3.5in\", or width/height (mm, or "
                                "with a unit: \"63mm\", \"2.5in\", \"180pt\")")
        else:
            width, height = CARD_SIZES[size.strip().lower()]  # any case: "Poker", "TAROT"
    else:
        width, height = (_card_length(path, key, card.get(key)) for key in ("width", "height"))
    if not all(5 <= v <= 400 for v in (width, height)):
        raise PrintkitError(f"{path}: [card] {width:g} × {height:g} mm; a card's width and height are 5–400 mm")
    shape = card.get("shape", "rect")
    if shape not in ("rect", "circle", "hex"):
        raise PrintkitError(f"{path}: [card] shape {show(shape)}; choose rect, circle or hex")
    corner = card.get("corner")
    if isinstance(corner, str):
        corner = _card_length(path, "corner", corner)
    if corner is not None and (isinstance(corner, bool) or not isinstance(corner, (int, float))
                               or not 0 <= corner <= min(width, height) / 2 or shape != "rect"):
        raise PrintkitError(f"{path}: [card] corner must be a radius in mm from 0 to "
                            f"{min(width, height) / 2:g} on a rect card, got {show(corner)}")
    env = lru_cache(maxsize=None)(_env)  # jinja2 only when a template needs it
    background = _compile(env, str(card["background"]), f"{path}: [card] background") if "background" in card else None
    elements = []
    raw = data.get("element", [])
    if not isinstance(raw, list):
        raise PrintkitError(f"{path}: [[element]] must be an array of tables")
    problems = Problems()
    for i, el in enumerate(raw, 1):
        try:
            elements.append(_element(path, i, el, env))
            _on_the_card(path, i, elements[-1], float(width), float(height))
        except PrintkitError as exc:
            problems.add(exc)
    problems.check()
    title = str(card.get("title") or name)
    if len(title) > MAX_NAME:  # printed in notes, footers and the PDF's title: one line, not a page of text
        raise PrintkitError(f"{path}: [card] title {show(title)}: at most {MAX_NAME} characters")
    return Layout(path, safe, title, float(width), float(height), shape, background,
                  tuple(elements), None if corner is None else float(corner),
                  hashlib.sha1(repr(data).encode("utf-8")).hexdigest())


class Row(dict):
    """One card's data (field → value) and ``line``: the line or row it
    starts on (``None`` for TOML data), for messages, which call it ``unit``:
    ``CSV line`` (CSV), ``row`` (a spreadsheet's), ``JSON line``."""

    __slots__ = ("line", "bad", "unit")

    def __init__(self, *args, line: int | None = None, bad: str | None = None, unit: str = "CSV line", **kw):
        super().__init__(*args, **kw)
        self.line = line
        self.unit = unit
        #: why this row cannot be a card (it then prints nothing; the message is listed with the others)
        self.bad = bad


def sniff_delimiter(text: str) -> str:
    """The delimiter of CSV ``text``: comma, semicolon or tab.

    :class:`csv.Sniffer` reads the first :data:`SNIFF_CHARS` characters (cut
    at a line end).  The header line decides — the one of the three found
    most often in it, a comma on a tie — when the sniffer cannot tell (one
    column, a single row) or names a delimiter the header lacks while it
    holds another (cells full of ``;`` in a comma file).  Only the delimiter
    is taken from the sniffer: quotes stay ``"``.
    """
    sample = text[:SNIFF_CHARS]
    if len(text) > SNIFF_CHARS and "\n" in sample:
        sample = sample[:sample.rindex("\n") + 1]
    header = sample.split("\n", 1)[0]
    counts = {d: header.count(d) for d in CSV_DELIMITERS}
    by_header = "," if counts[","] == max(counts.values()) else max(counts, key=counts.get)
    try:
        sniffed = csv.Sniffer().sniff(sample, delimiters=CSV_DELIMITERS).delimiter
    except csv.Error:
        return by_header
    # a delimiter the header does not hold, while it holds another, is the sniffer misled by the cells
    return sniffed if sniffed in CSV_DELIMITERS and (counts[sniffed] or not counts[by_header]) else by_header


def _grid_rows(name: str, header: list, body, problems: "Problems", unit: str = "line",
               how: str = "") -> list[Row]:
    """Rows of a table: ``header`` (the first line's cells) and ``body``, an
    iterable of ``(line, cells)``.  Header names are stripped; an empty or
    repeated name, more than :data:`MAX_COLUMNS` columns, more than
    :data:`MAX_ROWS` rows (a text file's blank lines included), more than
    :data:`MAX_CELLS` cells in all and a cell over :data:`MAX_CELL_CHARS`
    characters are refused; a row with more cells than the header is a
    problem (added to ``problems``, the row skipped), a shorter one is
    padded with ``""``; empty rows are skipped.  ``unit`` names a line in
    messages (``line``, ``row``), ``how`` says how cells are separated."""
    header = ["" if cell is None else str(cell).strip() for cell in header]
    while header and not header[-1] and how != "" and not how.endswith("-separated"):
        header.pop()  # a spreadsheet's empty columns after the last named one
    if not header or not any(header):
        raise PrintkitError(f"{name}: no header {unit}; the first {unit} names the columns, e.g. title,text,qty")
    if len(header) > MAX_COLUMNS:
        raise PrintkitError(f"{name}: {unit} 1 (header) has {len(header):,} columns; a deck's data has at most "
                            f"{MAX_COLUMNS:,}")
    hint = f" ({how}; a trailing {how.removesuffix('-separated')} adds an empty column)" if how.endswith("-separated") else ""
    for n, cell in enumerate(header, 1):
        if not cell:
            raise PrintkitError(f"{name}: {unit} 1 (header): column {n} has no name{hint}")
    twice = sorted(col for col, k in Counter(header).items() if k > 1)
    if twice:
        raise PrintkitError(f"{name}: {unit} 1 (header): column {show(twice[0])} appears twice; "
                            "name each column once")
    rows: list[Row] = []
    width, cells_in_all = len(header), 0
    label = "CSV line" if unit == "line" else unit  # how a card's messages name its place (row_label)
    extra = f"; {how}" if how else ""
    count = 0
    for line, cells in body:
        blank = not cells or all(c == "" for c in cells)
        # a text file's blank lines count (each is read: 30 MB of them took 25 s); a
        # spreadsheet's empty rows do not (its reader skips gaps at C speed: a card on row 1,000,000)
        if not blank or unit == "line":
            count += 1
            if count > MAX_ROWS:
                raise PrintkitError(f"{name}: more than {MAX_ROWS:,} rows (by {unit} {line:,}); a deck's data holds at "
                                    f"most {MAX_ROWS:,} (a deck prints at most {MAX_CARDS:,} cards)")
        if blank:
            continue
        bad = None
        if len(cells) > width:
            if any(c != "" for c in cells[width:]):
                bad = (f"{name}: {unit} {line} has {len(cells)} cells but the header {width} "
                       f"(more cells than the header{extra})")
            cells = cells[:width]
        cells_in_all += width
        if cells_in_all > MAX_CELLS:
            raise PrintkitError(f"{name}: more than {MAX_CELLS:,} cells ({width:,} columns × {len(rows) + 1:,} rows "
                                f"by {unit} {line}); a deck's data holds at most {MAX_CELLS:,}")
        long = next((i for i, c in enumerate(cells) if len(c) > MAX_CELL_CHARS), None)
        if long is not None and bad is None:
            chars = len(cells[long])  # an .ods cell is read no further than one past the cap: "more than"
            bad = (f"{name}: {unit} {line}, column {show(header[long])}: "
                   f"{'more than ' + format(MAX_CELL_CHARS, ',') if chars == MAX_CELL_CHARS + 1 else format(chars, ',')} "
                   f"characters; a cell holds at most {MAX_CELL_CHARS:,}")
        if bad is not None:
            rows.append(Row(line=line, bad=bad, unit=label))  # keeps the card numbers of the rows after it
            continue
        if len(cells) < width:
            cells = list(cells) + [""] * (width - len(cells))
        rows.append(Row(zip(header, cells), line=line, unit=label))
    return rows


def _csv_rows(path: Path, text: str, problems: "Problems") -> list[Row]:
    """Rows of CSV ``text`` (see :func:`load_rows`), each with its start line."""
    name = escape_display(str(path))
    delimiter = sniff_delimiter(text)
    shown = {",": "comma", ";": "semicolon", "\t": "tab"}[delimiter]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)

    def body():
        start = reader.line_num + 1
        for cells in reader:
            line, start = start, reader.line_num + 1
            yield line, cells

    try:
        header = next(reader, None)
        return _grid_rows(name, header or [], body(), problems, "line", f"{shown}-separated")
    except csv.Error as exc:
        raise PrintkitError(f"{name}: invalid CSV at line {reader.line_num} ({_one_line(exc)})") from None


#: Deepest nesting a JSON data file may have (a card is an object in the list: 2).
MAX_JSON_DEPTH = 64


def _json_kind(value) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(value), "a number")


def _json_rows(path: Path) -> list[Row]:
    """Rows of a JSON data file: a list of objects, one per card, each key a
    column (``[{"title": "Amphora", "qty": 2}, …]``).  Values keep their
    type as TOML's do (text, whole and decimal numbers, ``true``/``false``);
    ``null`` is an empty cell.  Each row knows the line its object starts on
    (``JSON line 12``).  An item that is not an object, a value that is a
    list or an object, an empty key or a text over :data:`MAX_CELL_CHARS`
    is a problem of its row (the row then prints nothing; listed with the
    others).  Bounded like CSV: :data:`MAX_DATA_BYTES`, :data:`MAX_COLUMNS`
    distinct keys, :data:`MAX_CELLS` values, nesting at most
    :data:`MAX_JSON_DEPTH` deep (checked before parsing).  Raises
    :class:`printkit.PrintkitError` (one line: the file, and the line and
    column of bad JSON) otherwise."""
    import json

    name = escape_display(str(path))
    text = decode_text(read_bytes(path, max_bytes=MAX_DATA_BYTES, kind="data"), path)
    _check_json_depth(text, name)

    def refuse_constant(word):
        raise ValueError(f"{word} is not a JSON number")

    from printkit.inputfiles import _DuplicateKey, _LongNumber, _int, _pairs, parse_json

    decoder = json.JSONDecoder(parse_constant=refuse_constant, object_pairs_hook=_pairs, parse_int=_int)
    ws = re.compile(r"[ \t\n\r]*")
    pos = ws.match(text, 0).end()
    if not text.startswith("[", pos):
        try:
            top = _json_kind(decoder.decode(text))
        except (ValueError, RecursionError):
            top = "not a list"
        raise PrintkitError(f"{name}: expected a list of objects, one per card ([{{\"title\": \"Amphora\", "
                            f"\"qty\": 2}}, …]); this file holds {top}")
    pos, line, counted = ws.match(text, pos + 1).end(), 1, 0
    rows: list[Row] = []
    columns: set[str] = set()
    values = 0

    def where(at: int, column: bool = True) -> tuple[int, int]:
        """The line (counted on from the last call: linear in all) and, for a message only, the column."""
        nonlocal line, counted
        if at > counted:
            line += text.count("\n", counted, at)
            counted = at
        return line, (at - (text.rfind("\n", 0, at) + 1) + 1) if column else 0

    try:
        while not text.startswith("]", pos):
            if pos >= len(text):
                raise PrintkitError(f"{name}: invalid JSON: the list of cards is not closed (no ']' at the end)")
            if rows:
                if not text.startswith(",", pos):
                    ln, col = where(pos)
                    raise PrintkitError(f"{name}: invalid JSON at line {ln}, column {col} (expected ',' or ']' "
                                        "after a card)")
                pos = ws.match(text, pos + 1).end()
            start = pos
            item, pos = decoder.raw_decode(text, pos)
            pos = ws.match(text, pos).end()
            ln, _ = where(start, column=False)
            n = len(rows) + 1
            at = f"{name}: card {n} (JSON line {ln})"
            if not isinstance(item, dict):
                rows.append(Row(line=ln, unit="JSON line", bad=f"{at}: {_json_kind(item)}; each card is an "
                                                               "object of column names and values"))
                continue
            bad = None
            for key, value in item.items():
                if not key.strip():
                    bad = f"{at}: a key with no name; name every column"
                elif isinstance(value, (dict, list)):
                    bad = (f"{at}, column {show(key)}: {_json_kind(value)}; a card's value is text, a number "
                           "or true/false")
                elif isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                    bad = f"{at}, column {show(key)}: {len(value):,} characters; a cell holds at most {MAX_CELL_CHARS:,}"
                if bad:
                    break
            values += len(item)
            if values > MAX_CELLS:
                raise PrintkitError(f"{name}: more than {MAX_CELLS:,} values by card {n} (JSON line {ln}); a deck's "
                                    f"data holds at most {MAX_CELLS:,}")
            columns.update(k.strip() for k in item)
            if len(columns) > MAX_COLUMNS:
                raise PrintkitError(f"{name}: more than {MAX_COLUMNS:,} different keys by card {n} (JSON line {ln}); "
                                    f"a deck's data has at most {MAX_COLUMNS:,} columns")
            if bad:
                rows.append(Row(line=ln, unit="JSON line", bad=bad))
                continue
            rows.append(Row(((k.strip(), "" if v is None else v) for k, v in item.items()), line=ln, unit="JSON line"))
        rest = ws.match(text, pos + 1).end()
        if rest != len(text):
            ln, col = where(rest)
            raise PrintkitError(f"{name}: invalid JSON at line {ln}, column {col} (more after the list's ']')")
        if "\\u" in text and re.search(r"\\u[dD][89a-fA-F]", text):
            parse_json(text, name)  # a lone surrogate escape (not a character): its one line
    except (_DuplicateKey, _LongNumber):
        parse_json(text, name)  # the strict reader's own line: the key written twice, the runaway number
        raise PrintkitError(f"{name}: invalid JSON") from None
    except json.JSONDecodeError as exc:
        raise PrintkitError(f"{name}: invalid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg})") from None
    except ValueError as exc:  # NaN, Infinity
        ln, col = where(pos)
        raise PrintkitError(f"{name}: invalid JSON in the card at line {ln} ({_one_line(exc)})") from None
    return rows


def _check_json_depth(text: str, name: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_JSON_DEPTH` (Python's
    parser recurses once per level: 100,000 ``[`` end in a RecursionError),
    counting brackets outside strings (:func:`printkit.inputfiles.nested_past`)."""
    from printkit.inputfiles import nested_past

    at = nested_past(text, MAX_JSON_DEPTH)
    if at is not None:
        line = text.count("\n", 0, at) + 1
        raise PrintkitError(f"{name}: JSON nested more than {MAX_JSON_DEPTH} deep at line {line}; a card is "
                            "an object in one list")

def _cell_text(value) -> str:
    """A spreadsheet cell as text: whole numbers without ``.0``, dates as
    ISO text, empty cells ``""``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


#: How an XML part may begin (after spaces and NULs): a tag, or a UTF-8/UTF-16 byte order mark.
_XML_STARTS = (b"<", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
#: A document type declaration (``<!DOCTYPE``), in UTF-8 or UTF-16 (either byte order): its internal
#: subset is where an XML file declares entities — expansion bombs, outside files.  No spreadsheet
#: program writes one (an SVG picture may carry a plain one: allowed, see :func:`_internal_subset`).
_DOCTYPE = re.compile(rb"<\x00{0,3}!\x00{0,3}D\x00{0,3}O\x00{0,3}C\x00{0,3}T\x00{0,3}Y\x00{0,3}P\x00{0,3}E")
#: The encodings an XML part may declare: UTF-8 or UTF-16 (ECMA-376 Part 2, ODF 1.2), and the
#: ASCII-compatible ones the checks above can read.
_XML_ENCODINGS = {"utf-8", "utf8", "utf-16", "utf16", "utf-16le", "utf-16be", "us-ascii", "ascii",
                  "iso-8859-1", "latin-1", "latin1"}
_ENCODING_DECL = re.compile(rb"\s*<\?xml\s[^>]*?encoding\s*=\s*[\"']([^\"'>]{0,40})[\"']")


#: Within a document type declaration: a quoted literal (which may hold ``>`` or ``[``), a quote
#: left open, the internal subset's ``[`` or the declaration's end ``>``.
_DECL_TOKEN = re.compile(r'"[^"]*"|\'[^\']*\'|["\'\[>]')


def _internal_subset(after: str) -> bool:
    """Whether the text ``after`` a ``<!DOCTYPE`` (characters, decoded)
    opens an internal subset (``[``, where entities are declared) before the
    declaration ends, quoted literals passed over (or does not show its end,
    or leaves a quote open): a plain ``<!DOCTYPE svg PUBLIC "…" "…">`` (an
    SVG picture) declares nothing a parser here reads."""
    for m in _DECL_TOKEN.finditer(after):
        if m.group() == ">":
            return False
        if len(m.group()) == 1:  # "[", or a quote with no end in sight
            return True
    return True


def _after_doctype(buf: bytes, m: re.Match, ahead: bytes) -> str:
    """Up to 4,096 bytes after the ``<!DOCTYPE`` match ``m`` in ``buf``
    (then ``ahead``) as characters: a match holding NULs is UTF-16, little-
    endian when its ``<`` is at an even offset (``buf`` starts at one), so
    a character whose bytes hold a ``>`` is not read as one."""
    after = (buf[m.end():m.end() + 4096] + ahead)[:4096]
    if b"\x00" not in m.group():
        return after.decode("latin-1")
    if m.start() % 2 == 0:  # little-endian: the E's high byte (a NUL) comes first
        return after[1:].decode("utf-16-le", "replace")
    return after.decode("utf-16-be", "replace")


def _xml_part(name: str, head: bytes) -> bool:
    """Whether the ZIP member ``name``, starting with ``head``, is (or may
    be read as) XML: by its name, or by its first bytes — a reader opens a
    part by the name the package's relationships give, whatever it ends in."""
    return name.lower().endswith((".xml", ".rels")) or head[:64].lstrip(b" \t\r\n\x00").startswith(_XML_STARTS)


#: An XML element ``<f>`` (a formula), with or without a namespace prefix.
_FORMULA_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f[\s/>]")


def _check_zip(path: Path, data: bytes, what: str, limit: int = 0, tags: int = 0) -> bool:
    """Refuse a spreadsheet (a ZIP file) that is not one, whose members
    unpack to more than ``limit`` bytes (default :data:`MAX_UNPACKED_BYTES`;
    a ZIP bomb), or whose XML parts unpack to more than
    :data:`MAX_XML_BYTES`, hold more than :data:`MAX_XML_RUN` bytes between
    two tags (one huge cell: openpyxl reads shared strings whole), or hold
    more than ``tags`` tags (default
    :data:`MAX_XML_TAGS`; ``<`` counted while unpacking, before any XML
    parser runs: millions of empty elements in a few kB), a document type
    declaration with an internal subset (``<!DOCTYPE x [ … ]>``: entities,
    whatever the XML library would make of them) or an encoding other than
    UTF-8/UTF-16.  Every member whose name
    or first bytes say XML is checked (:func:`_xml_part`), whatever its name
    ends in.

    Returns whether an XML part may hold a formula, found in the same one
    unpacking, chunk by chunk: an ``<f>`` tag (``<x:f>``; one cut by a
    chunk's end included), or a part in UTF-16 (its tags are not searched:
    assumed to hold one)."""
    limit = limit or MAX_UNPACKED_BYTES
    tags = tags or MAX_XML_TAGS
    import zipfile

    shown = escape_display(str(path))
    if data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):  # an OLE2 compound file, not a ZIP
        raise PrintkitError(f"{shown}: is a password-protected Office file or an old .xls, not a {what} file; "
                            "save it without a password as .xlsx, .ods or CSV")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
            if len(infos) > MAX_ZIP_MEMBERS:
                raise PrintkitError(f"{shown}: holds {len(infos):,} parts; a {what} file of card data holds at "
                                    f"most {MAX_ZIP_MEMBERS:,}")
            locked = next((info for info in infos if info.flag_bits & 0x1), None)
            if locked is not None:
                raise PrintkitError(f"{shown}: {show(locked.filename)} is encrypted (a password-protected ZIP); "
                                    "save the spreadsheet without a password")
            unpacked = sum(info.file_size for info in infos)
            if unpacked > limit:
                raise PrintkitError(f"{shown}: unpacks to {unpacked:,} bytes; a {what} file of "
                                    f"card data unpacks to at most {limit:,}")
            seen = 0
            xml_bytes = 0
            formulas = False
            for info in infos:
                with zf.open(info) as fh:
                    chunk = fh.read(1 << 20)
                    if not _xml_part(info.filename, chunk):
                        continue
                    run = 0  # bytes since the last "<" (a text or a tag's attributes, so far)
                    if b"\x00" in chunk[:64] or chunk.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16
                        formulas = True
                    declared = _ENCODING_DECL.match(chunk[:400].lstrip(b"\xef\xbb\xbf\xff\xfe").replace(b"\x00", b""))
                    if declared and declared.group(1).decode("latin-1").strip().lower() not in _XML_ENCODINGS:
                        raise PrintkitError(
                            f"{shown}: {show(info.filename)} declares the encoding "
                            f"{show(declared.group(1).decode('latin-1'))}; a {what} file's XML is UTF-8 or UTF-16 "
                            "(save it again from the spreadsheet program)")
                    tail = b""
                    while chunk:
                        xml_bytes += len(chunk)
                        if xml_bytes > MAX_XML_BYTES:
                            raise PrintkitError(
                                f"{shown}: its XML unpacks to more than {MAX_XML_BYTES:,} bytes (reached in "
                                f"{show(info.filename)}); a {what} file of card data holds at most "
                                f"{MAX_XML_BYTES:,} (fewer rows, or save it as CSV)")
                        first = chunk.find(b"<")  # runs inside a chunk are shorter than MAX_XML_RUN
                        run = run + len(chunk) if first < 0 else max(run + first, len(chunk) - chunk.rfind(b"<") - 1)
                        if run > MAX_XML_RUN:
                            raise PrintkitError(
                                f"{shown}: {show(info.filename)} holds more than {MAX_XML_RUN:,} bytes between two "
                                f"tags (a cell of card data holds at most {MAX_CELL_CHARS:,} characters); not read")
                        if first >= 0:
                            run = len(chunk) - chunk.rfind(b"<") - 1
                        seen += chunk.count(b"<")
                        if seen > tags:
                            raise PrintkitError(
                                f"{shown}: more than {tags:,} XML tags (reached in "
                                f"{show(info.filename)}); a {what} file of card data holds at most {tags:,} "
                                "(fewer rows, or save it as CSV)")
                        ahead = b""  # bytes read past the chunk to see a declaration's end: the next chunk's start
                        if b"!" in chunk or b"!" in tail:  # a "<!" may end the last read
                            buf = tail + chunk
                            for m in _DOCTYPE.finditer(buf):
                                if len(buf) - m.end() < 4096 and not ahead:
                                    ahead = fh.read(4096)
                                if _internal_subset(_after_doctype(buf, m, ahead)):
                                    raise PrintkitError(
                                        f"{shown}: {show(info.filename)} declares entities (<!DOCTYPE … [ … ]>), "
                                        "which spreadsheet programs never write (entity bombs, outside files); "
                                        "not read")
                        if not formulas and _FORMULA_TAG.search(tail + chunk):
                            formulas = True
                        tail = chunk[-64:]  # a declaration or a tag cut by the chunk's end
                        chunk = ahead + fh.read(1 << 20)
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError, RuntimeError) as exc:
        raise PrintkitError(f"{shown}: not a {what} file ({_one_line(exc)})") from None
    return formulas


def _open_xlsx(data: bytes, name: str, *, data_only: bool):
    """openpyxl's read-only workbook of ``data`` (``data_only``: the values a
    formula cell saved, else the formulas' text); links are not read."""
    import warnings

    from openpyxl import load_workbook

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles and extensions it skips
            return load_workbook(io.BytesIO(data), read_only=True, data_only=data_only, keep_links=False)
    except Exception as exc:  # openpyxl raises many types for a damaged file
        raise PrintkitError(f"{name}: cannot read this .xlsx file ({_one_line(exc)})") from None


def _xlsx_rows_of(ws):
    """The rows of ``ws`` as tuples of values, up to one past the caps."""
    return ws.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1, max_row=MAX_XLSX_ROWS + 1)


def _formula_cells(data: bytes, name: str, any_formula: bool) -> set[tuple[int, int]]:
    """(row, column) numbers, from 1, of the formula cells of the first
    worksheet (a second read, formulas as text) — empty, and not read, when
    no XML part holds a formula (``any_formula`` false: :func:`_check_zip`'s
    answer)."""
    if not any_formula:
        return set()
    from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

    wb = _open_xlsx(data, name, data_only=False)
    try:
        found: set[tuple[int, int]] = set()
        empty = None
        for n, cells in enumerate(_xlsx_rows_of(wb.worksheets[0]) if wb.worksheets else (), 1):
            if cells is empty or cells.count(None) == len(cells):
                empty = cells
                continue
            for i, v in enumerate(cells, 1):
                if isinstance(v, (ArrayFormula, DataTableFormula)) or isinstance(v, str) and v[:1] == "=":
                    found.add((n, i))
        return found
    except Exception as exc:
        raise PrintkitError(f"{name}: cannot read this .xlsx file ({_one_line(exc)})") from None
    finally:
        wb.close()


class _Unsaved:
    """The warnings for a sheet's formula cells that saved no result (they
    read as empty): the first :data:`MAX_FORMULA_WARNINGS` named cell by
    cell, the rest counted per column in one last line (:meth:`close`)."""

    def __init__(self, where: str, warnings: list[str]):
        self.where, self.warnings = where, warnings
        self.said = 0
        self.more: dict[str, int] = {}  # past the first ones: cells per column

    def add(self, n: int, i: int, name) -> None:
        """Formula cell of row ``n``, column ``i`` (from 1), under the header ``name`` (row 1: ``None``)."""
        from openpyxl.utils import get_column_letter

        column = f" {show(str(name).strip())}" if n > 1 and name is not None else ""
        if self.said >= MAX_FORMULA_WARNINGS:
            key = get_column_letter(i) + column
            self.more[key] = self.more.get(key, 0) + 1
            return
        self.said += 1
        named = f" (column{column})" if column else ""
        self.warnings.append(f"{self.where}: cell {get_column_letter(i)}{n}{named} holds a formula with no saved "
                             "result, read as empty; open the file in a spreadsheet program and save it")

    def close(self) -> None:
        if self.more:
            columns = ", ".join(f"{column}: {k:,}" for column, k in self.more.items())
            self.warnings.append(f"{self.where}: {sum(self.more.values()):,} more formula cells with no saved result "
                                 f"(columns {columns}), read as empty; open the file in a spreadsheet program and "
                                 "save it")


def _zip_kind(data: bytes) -> str | None:
    """Which spreadsheet the ZIP ``data`` is by its contents (checked by
    :func:`_check_zip` first): ``".ods"`` (an OpenDocument ``mimetype``),
    ``".xlsx"`` (Office Open XML's ``[Content_Types].xml``), else ``None``."""
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
        if "mimetype" in names and zf.getinfo("mimetype").file_size < 200:
            if zf.read("mimetype").strip().startswith(b"application/vnd.oasis.opendocument.spreadsheet"):
                return ".ods"
        if "[Content_Types].xml" in names:
            return ".xlsx"
    return None


#: OpenDocument files that are no spreadsheet, by their mimetype's kind: what to call them.
_ODF_OTHER = {"text": "an OpenDocument text document (.odt)", "presentation": "an OpenDocument presentation (.odp)",
              "graphics": "an OpenDocument drawing (.odg)", "chart": "an OpenDocument chart (.odc)",
              "image": "an OpenDocument image (.odi)", "formula": "an OpenDocument formula (.odf)"}


def _other_document(data: bytes) -> str | None:
    """What the ZIP ``data`` (checked by :func:`_check_zip` first) is when it
    is an office document but no spreadsheet — an OpenDocument text, a Word
    document, … (``"an OpenDocument text document (.odt)"``) — else ``None``."""
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
        if "mimetype" in names and zf.getinfo("mimetype").file_size < 200:
            mime = zf.read("mimetype").strip().decode("ascii", "replace")
            prefix = "application/vnd.oasis.opendocument."
            if mime.startswith(prefix) and not mime.startswith(prefix + "spreadsheet"):
                return _ODF_OTHER.get(mime[len(prefix):].split("-")[0], f"an OpenDocument file ({show(mime)})")
        if "[Content_Types].xml" in names and not any(n.startswith("xl/") for n in names):
            if any(n.startswith("word/") for n in names):
                return "a Word document (.docx)"
            if any(n.startswith("ppt/") for n in names):
                return "a PowerPoint presentation (.pptx)"
    return None


def _not_a_spreadsheet(path: Path, data: bytes) -> None:
    """Raise :class:`printkit.PrintkitError` (one line saying what it is)
    when the ZIP ``data`` is an office document but no spreadsheet
    (:func:`_other_document`): odfpy failed on an .odt named .ods with an
    AttributeError traceback."""
    other = _other_document(data)
    if other is not None:
        raise PrintkitError(f"{escape_display(str(path))}: is {other}, not a spreadsheet; printkit reads card data "
                            "from .xlsx, .ods, CSV, JSON or TOML (copy its table into a spreadsheet and save that)")


def _ods_encrypted(data: bytes) -> bool:
    """Whether the .ods ``data`` is password-protected: its manifest gives
    encryption data for its parts (ODF 1.2 Part 3, 4.8.1)."""
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        try:
            info = zf.getinfo("META-INF/manifest.xml")
        except KeyError:
            return False
        with zf.open(info) as fh:
            return b"encryption-data" in fh.read(1 << 20)


def _wrong_extension(path: Path, kind: str) -> PrintkitError:
    what = {".ods": "an OpenDocument spreadsheet (.ods)", ".xlsx": "an Excel spreadsheet (.xlsx)"}[kind]
    return PrintkitError(f"{escape_display(str(path))}: is {what}, not {path.suffix or 'a file without extension'}; "
                         f"rename it to {path.stem}{kind}")


def _xlsx_rows(path: Path, problems: "Problems", warnings: list[str] | None = None) -> list[Row]:
    """Rows of the first worksheet of an ``.xlsx`` file (openpyxl, read-only:
    formulas are not evaluated, a formula cell gives the value the
    spreadsheet saved; external links are not read).  A formula cell with no
    saved value (a file written by a program that does not compute formulas)
    reads as empty, with a line in ``warnings`` naming the cell."""
    data = read_bytes(path, max_bytes=MAX_DATA_BYTES, kind="data")
    any_formula = _check_zip(path, data, "spreadsheet (.xlsx)")
    if _zip_kind(data) == ".ods":
        raise _wrong_extension(path, ".ods")
    _not_a_spreadsheet(path, data)
    name = escape_display(str(path))
    formulas = _formula_cells(data, name, any_formula) if warnings is not None else set()
    wb = _open_xlsx(data, name, data_only=True)
    try:
        ws = wb.worksheets[0] if wb.worksheets else None
        if ws is None:
            raise PrintkitError(f"{name}: no worksheet")
        # openpyxl yields an empty row for each missing one (a row numbered 1,000,000 after row 1: a
        # million rows of MAX_COLUMNS + 1 Nones, all one tuple object): that tuple, once found empty
        # at C speed, is known again by identity (a million missing rows read in well under a
        # second), and a row past the format's last one is refused (max_row: openpyxl stops there).
        it = _xlsx_rows_of(ws)
        where = f"{name} (sheet {show(ws.title)})"

        said = _Unsaved(where, warnings) if formulas else None

        def unsaved(n: int, cells: tuple, width: int) -> None:
            """A warning per formula cell of row ``n`` that saved no value."""
            for i, v in enumerate(cells[:width], 1):
                if v is None and (n, i) in formulas:
                    said.add(n, i, header[i - 1] if n > 1 else None)

        def body():
            empty = None  # the last row found all None (openpyxl's filler for missing rows)
            for n, cells in enumerate(it, 2):
                if n > MAX_XLSX_ROWS:
                    raise PrintkitError(f"{name}: a row past row {MAX_XLSX_ROWS:,}, the last an .xlsx sheet "
                                        "has; save the cards in the sheet's first rows")
                if cells is empty:
                    yield n, []
                elif cells.count(None) == len(cells):
                    empty = cells
                    yield n, []
                else:
                    if formulas:
                        unsaved(n, cells, width)
                    yield n, [_cell_text(v) for v in cells]

        try:
            header = next(it, None) or ()
            # the named columns (a formula past them is in no card)
            width = max((i for i, v in enumerate(header, 1) if v is not None), default=0)
            if formulas:
                unsaved(1, header, len(header))
            rows = _grid_rows(where, list(header), body(), problems, "row", "spreadsheet")
            if said is not None:
                said.close()
            return rows
        except PrintkitError:
            raise
        except Exception as exc:
            raise PrintkitError(f"{name}: cannot read this .xlsx file ({_one_line(exc)})") from None
    finally:
        wb.close()


_ODF_TEXT_NS = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_ODF_TABLE_NS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"


def _odf_elements(root, name: str):
    """``root`` and every element below it named ``table:<name>``, in
    document order: odfpy's ``getElementsByType`` without its recursion
    (elements nested 50,000 deep, a few kB zipped, were a RecursionError)."""
    want = (_ODF_TABLE_NS, name)
    stack = [root]
    while stack:
        el = stack.pop()
        if getattr(el, "qname", None) == want:
            yield el
        stack.extend(reversed([c for c in getattr(el, "childNodes", ()) if getattr(c, "nodeType", None) == 1]))


def _odf_cell_text(cell, limit: int, where: str) -> str:
    """The text of the .ods ``cell`` as odfpy's ``teletype.extractText``
    gives it (``<text:s text:c="N"/>``: N spaces, a tab, a line break), read
    without recursion and no further than ``limit`` + 1 characters: a 1.6 kB
    file's ``text:c="1000000000"`` made a billion spaces before the cell cap
    said no.  A ``text:c`` that is not a whole number is one line
    (:class:`printkit.PrintkitError` starting ``where``)."""
    out: list[str] = []
    size = 0
    stack = [iter(cell.childNodes)]
    while stack and size <= limit:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            continue
        kind = getattr(child, "nodeType", None)
        if kind == 3:  # text
            piece = child.data
        elif kind != 1:
            continue
        elif child.qname == (_ODF_TEXT_NS, "s"):
            raw = child.getAttribute("c") or "1"
            if not (raw.isascii() and raw.isdigit() and len(raw) <= 12):
                raise PrintkitError(f"{where}: text:s text:c {show(raw)} (a number of spaces) is not a whole number; "
                                    "save the file again from the spreadsheet program")
            piece = " " * min(int(raw), limit + 1 - size)
        elif child.qname == (_ODF_TEXT_NS, "tab"):
            piece = "\t"
        elif child.qname == (_ODF_TEXT_NS, "line-break"):
            piece = "\n"
        else:
            stack.append(iter(child.childNodes))
            continue
        piece = piece[:limit + 1 - size]
        out.append(piece)
        size += len(piece)
    return "".join(out)


def _ods_rows(path: Path, problems: "Problems", warnings: list[str] | None = None) -> list[Row]:
    """Rows of the first table of an ``.ods`` file (odfpy): cell text as
    shown, repeated rows and columns expanded up to the caps; formulas are
    not evaluated (a formula cell gives the value the spreadsheet saved).
    A formula cell with no saved value (no ``office:value-type``: a file
    written by a program that computes no formulas) reads as empty, with a
    line in ``warnings`` naming the cell, as for an ``.xlsx``."""
    data = read_bytes(path, max_bytes=MAX_DATA_BYTES, kind="data")
    _check_zip(path, data, "spreadsheet (.ods)", MAX_UNPACKED_ODS, MAX_XML_TAGS_ODS)  # odfpy keeps the whole tree
    if _zip_kind(data) == ".xlsx":
        raise _wrong_extension(path, ".xlsx")
    _not_a_spreadsheet(path, data)
    if _ods_encrypted(data):
        raise PrintkitError(f"{escape_display(str(path))}: is password-protected (its content is encrypted); "
                            "save the spreadsheet without a password")
    from odf import opendocument

    name = escape_display(str(path))
    try:
        doc = opendocument.load(io.BytesIO(data))
    except Exception as exc:  # odfpy raises many types for a damaged file
        raise PrintkitError(f"{name}: cannot read this .ods file ({_one_line(exc)})") from None
    # odfpy takes the body's first child as the spreadsheet, a line break before it included: its first element
    top = next((el for el in getattr(doc.body, "childNodes", ()) if hasattr(el, "getElementsByType")), None)
    sheet = next(_odf_elements(top, "table"), None) if top is not None else None
    if sheet is None:
        raise PrintkitError(f"{name}: no table")
    budget = [MAX_CELLS + MAX_COLUMNS]
    at = [0]  # the row being read, for messages

    def repeat_of(el, attr: str, label: str) -> int:
        """A repeat count: a positive whole number (ODF's positiveInteger), else one line."""
        raw = el.getAttribute(attr)
        if not raw:
            return 1
        text = raw.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 12 and int(text) >= 1):
            raise PrintkitError(f"{name}: row {at[0]}: table:{label} {show(raw)} is not a whole number of 1 or "
                                "more; save the file again from the spreadsheet program")
        return int(text)

    unsaved: list[int] = []  # columns (from 1) of the row just read whose formula saved no value

    def cells_of(tr) -> list[str]:
        out: list[str] = []
        unsaved.clear()
        for tc in tr.childNodes:
            if tc.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            repeat = repeat_of(tc, "numbercolumnsrepeated", "number-columns-repeated")
            text = _odf_cell_text(tc, MAX_CELL_CHARS, f"{name}: row {at[0]}") if tc.childNodes else ""
            kind = tc.getAttribute("valuetype")
            if not text:
                text = tc.getAttribute("value") if kind in ("float", "percentage", "currency") else ""
            start = len(out)
            for _ in range(min(repeat, MAX_COLUMNS + 1 - len(out))):
                out.append(text)
            if warnings is not None and not text and not kind and tc.getAttribute("formula"):
                unsaved.extend(range(start + 1, len(out) + 1))
            if len(out) > MAX_COLUMNS:
                break
        while out and out[-1] == "":
            out.pop()
        return out

    where = f"{name} (table {show(sheet.getAttribute('name'))})"
    said = _Unsaved(where, warnings) if warnings is not None else None
    header: list[str] = []

    def lines():
        n = 0
        for tr in _odf_elements(sheet, "table-row"):
            at[0] = n + 1
            repeat = repeat_of(tr, "numberrowsrepeated", "number-rows-repeated")
            cells = cells_of(tr)
            for _ in range(repeat if cells else 1):  # repeated empty rows (to the sheet's end) count once
                n += 1
                for i in unsaved:  # (a formula cell past the named columns is in no card)
                    if n == 1 or i <= len(header):
                        said.add(n, i, header[i - 1] if n > 1 else None)
                budget[0] -= max(1, len(cells))
                if budget[0] < 0:
                    raise PrintkitError(f"{name}: more than {MAX_CELLS:,} cells; a deck's data holds at most "
                                        f"{MAX_CELLS:,}")
                yield n, cells

    it = lines()
    first = next(it, None)
    header[:] = first[1] if first else []
    rows = _grid_rows(where, list(header), it, problems, "row", "spreadsheet")
    if said is not None:
        said.close()
    return rows


def placeholder_name(column: str) -> str:
    """The name a layout's placeholder reaches ``column`` by: the column's
    name in lower case with every run of characters other than letters,
    digits and ``_`` made one ``_`` (none at either end): ``Card Title`` →
    ``card_title``, ``Cost (gold)`` → ``cost_gold``, ``Title`` → ``title``.
    ``""`` when that is no placeholder name (it would start with a digit)."""
    name = re.sub(r"\W+", "_", column).strip("_").lower()
    return name if name.isidentifier() else ""


def _add_placeholder_names(path: Path, rows: list[Row]) -> None:
    """Give every column whose :func:`placeholder_name` differs from its own
    name that name too, in every row (``{{ card_title }}`` for ``Card
    Title``; the column keeps its own name).  Two columns reaching the same
    name (``Card Title`` and ``card_title``, ``Title`` and ``title``) are one
    :class:`printkit.PrintkitError` naming both."""
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    extra: dict[str, str] = {}
    owner = {name: name for name in columns}
    for column in columns:
        alias = placeholder_name(column)
        if not alias or alias == column:
            continue
        other = owner.get(alias)
        if other is not None and other != column:
            raise PrintkitError(f"{escape_display(str(path))}: columns {show(other)} and {show(column)} are both "
                                f"{{{{ {alias} }}}} in a layout (a placeholder names a column in lower case, spaces "
                                "and punctuation as _); rename one of them")
        owner[alias] = column
        extra[column] = alias
    if not extra:
        return
    for row in rows:
        for column, alias in extra.items():
            if column in row:
                row[alias] = row[column]


def load_rows(path: Path, problems: "Problems | None" = None, warnings: list[str] | None = None) -> list[Row]:
    """Read card data: CSV (header row; UTF-8, BOM tolerated; comma,
    semicolon or tab separated, sniffed by :func:`sniff_delimiter`), TOML
    (``[[card]]``), or the first sheet of an ``.xlsx`` / ``.ods``
    spreadsheet (header row; the values the spreadsheet saved: formulas are
    not evaluated, external links not followed).

    Each row is a :class:`Row` of field → value (header names stripped of
    spaces; a short row's missing cells are ``""``); a ``qty`` field
    (whole number ≥ 0, default 1) is kept as ``qty``.  Reads are bounded:
    :data:`MAX_DATA_BYTES` per file, :data:`MAX_COLUMNS` columns,
    :data:`MAX_CELLS` cells, :data:`MAX_CELL_CHARS` characters a cell,
    :data:`MAX_CARDS` cards.  ``warnings``, when given, receives a line per
    ``.xlsx`` / ``.ods`` formula cell that saved no value (it reads as empty;
    past :data:`MAX_FORMULA_WARNINGS`, one line counting the rest).

    A bad ``qty`` or a row with more cells than the header is a problem of
    its row: with ``problems`` (a :class:`Problems`) it is added there and
    the row kept with qty 0 (so card numbers stay), without it every such
    problem is raised at the end as :class:`DeckErrors`.  Raises
    :class:`printkit.PrintkitError` for an empty or unreadable file, bad
    bytes, a header with an empty or repeated column name, or past a cap.
    """
    path = Path(path)
    own = problems is None
    problems = Problems() if own else problems
    suffix = path.suffix.lower()
    if suffix == ".toml":
        data = load_toml(path)
        rows = data.get("card")
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise PrintkitError(f"{path}: needs [[card]] tables, one per card")
        if sum(len(r) for r in rows) > MAX_CELLS:
            raise PrintkitError(f"{path}: more than {MAX_CELLS:,} values in the [[card]] tables; a deck's data "
                                f"holds at most {MAX_CELLS:,}")
        rows = [Row(r) for r in rows]
    elif suffix in (".xlsx", ".xlsm"):
        rows = _xlsx_rows(path, problems, warnings)
    elif suffix == ".ods":
        rows = _ods_rows(path, problems, warnings)
    elif suffix in (".xls", ".numbers", ".fods"):
        raise PrintkitError(f"{escape_display(str(path))}: printkit reads card data from CSV, TOML, .xlsx or .ods; "
                            f"save this spreadsheet as .xlsx, .ods or CSV")
    elif suffix == ".json":
        rows = _json_rows(path)
    elif suffix in (".yaml", ".yml", ".xml"):  # not CSV: read as CSV they give a problem per line
        raise PrintkitError(f"{escape_display(str(path))}: printkit reads card data from CSV, JSON, TOML "
                            f"([[card]] tables), .xlsx or .ods, not {suffix[1:].upper()}; save the cards in one of those")
    else:
        raw = read_bytes(path, max_bytes=MAX_DATA_BYTES, kind="data")
        if raw.startswith(b"PK\x03\x04"):  # a ZIP: a spreadsheet saved under another name?
            _check_zip(path, raw, "spreadsheet")
            kind = _zip_kind(raw)
            if kind is not None:
                raise _wrong_extension(path, kind)
            _not_a_spreadsheet(path, raw)
        rows = _csv_rows(path, decode_text(raw, path), problems)  # read once: the bytes above
    if not rows and not problems.total:
        raise PrintkitError(f"{path}: no cards")
    _add_placeholder_names(path, rows)
    if warnings is not None and rows and not any("qty" in row for row in rows):
        like = next((c for c in rows[0] if placeholder_name(c) in COPIES_LIKE), None)
        if like is not None:  # a copies column under another name: every row would print once, silently
            warnings.append(f"{escape_display(str(path))}: no qty column, so every row prints once; the column "
                            f"{show(like)} is not read as copies (name it qty for that)")
    for n, row in enumerate(rows, 1):
        if row.bad is not None:
            problems.add(PrintkitError(row.bad))
            row["qty"] = 0
            continue
        qty = row.get("qty", 1)
        at = f"card {n}" + (f" ({row.unit} {row.line})" if row.line else "")
        try:
            if isinstance(qty, float) and qty.is_integer():  # JSON's or TOML's 2.0
                qty = int(qty)
            qty = int(str(qty).strip() or "1")
            if not 0 <= qty <= MAX_QTY:
                problems.add(PrintkitError(f"{path}: {at}: qty {qty} outside 0–{MAX_QTY}"))
                qty = 0
        except ValueError:
            problems.add(PrintkitError(f"{path}: {at}: qty {show(row.get('qty'))} is not a whole number"))
            qty = 0
        row["qty"] = qty
    if own:
        problems.check()
    total = sum(row["qty"] for row in rows)
    if total > MAX_CARDS:
        raise PrintkitError(f"{escape_display(str(path))}: {total:,} cards in all (qty summed over {len(rows):,} rows); "
                            f"a deck prints at most {MAX_CARDS:,}")
    return rows


def _columns(row: dict, said: str = "") -> str:
    """``; the data's columns: a, b, …`` (``qty`` left out) for a missing-column
    message: each column by its placeholder name, its own name after it when
    they differ (``card_title ('Card Title')``), and ``did you mean …?`` for the
    closest to the name the message ``said`` is undefined."""
    aliases = {placeholder_name(k): k for k in row if placeholder_name(k) not in ("", k)}
    names = [k for k in row if k != "qty" and k not in aliases.values()] or list(row)
    shown = [f"{k} ({show(aliases[k])})" if k in aliases else str(k) for k in names]
    text = ", ".join(shown[:12]) + (f", … ({len(names)} in all)" if len(names) > 12 else "")
    hint = ""
    missing = re.search(r"'([^']{1,100})' is undefined", said)
    if missing:
        import difflib

        close = difflib.get_close_matches(missing.group(1), [str(k) for k in names], n=1, cutoff=0.6)
        hint = f"; did you mean {{{{ {close[0]} }}}}?" if close else ""
    return f"; the data's columns: {clip(text, 160)}{hint}"


def _render(template, row: dict, where: str) -> str:
    if type(template) is str:
        return template
    if type(template) is _Fill:
        try:
            return template.fill(row)
        except _Missing as exc:
            raise PrintkitError(f"{where}: {exc.message} (no such column in the data){_columns(row, exc.message)}") from None
    from printkit import sandbox

    try:
        return sandbox.render(template, row, where)
    except sandbox.TemplateError as exc:
        if exc.kind == "undefined":
            raise PrintkitError(f"{where}: {clip(exc.reason, 200)} (no such column in the data)"
                                f"{_columns(row, exc.reason)}") from None
        raise PrintkitError(f"{where}: {exc.reason}") from None


def resolve(layout: Layout, row: dict, where: str, problems: list[str] | None = None) -> list[dict | None]:
    """The layout's elements with every placeholder filled from ``row``
    (constant values are copied as they are).  With ``problems`` (a list),
    each element's error is appended to it and that element is ``None``;
    without, the first error is raised (:class:`printkit.PrintkitError`)."""
    out: list[dict | None] = []
    for i, el in enumerate(layout.elements, 1):
        done = dict(el)
        try:
            for key, value in el.items():
                if type(value) is _Fill:
                    try:
                        done[key] = value.fill(row)
                    except _Missing as exc:
                        raise PrintkitError(f"{where}, element {i}'s {key}: {exc.message} (no such column in the "
                                            f"data){_columns(row, exc.message)}") from None
                elif hasattr(value, "render"):
                    done[key] = _render(value, row, f"{where}, element {i}'s {key}")
                if key in COLOUR_KEYS and not done[key].strip():
                    del done[key]  # an empty colour cell: the key's default (ink, paper; no fill or outline)
        except PrintkitError as exc:
            if problems is None:
                raise
            problems.append(str(exc))
            done = None
        out.append(done)
    return out


_COLOURS: dict[tuple[int, str], tuple[Any, Any]] = {}


def font_file(base: Path, spec: str, where: str) -> Path:
    """The font file ``spec`` of a text (``"fonts/Title.otf"``), relative to
    the layout's folder ``base`` (:func:`image_path`).  Raises
    :class:`printkit.PrintkitError` naming ``where`` when it is absolute,
    leads outside ``base``, or is not a regular file there."""
    path = image_path(base, spec, where, "font file")
    if not path.is_file():
        raise PrintkitError(f"{where}: font file {show(spec)} {_not_a_file(path)}")
    return path


def image_path(base: Path, src: str, where: str, what: str = "image") -> Path:
    """The file ``src`` (relative to the layout's folder ``base``), symlinks
    and ``..`` resolved.  Raises :class:`printkit.PrintkitError` naming
    ``where`` and ``what`` (``"image"``, ``"font file"``) when ``src`` is
    absolute or leads outside ``base``."""
    text = str(src)
    rel = Path(text)
    if not text.strip() or rel.is_absolute() or "\0" in text:
        raise PrintkitError(f"{where}: {what} {show(src)} must be a file name relative to the layout's folder")
    root = Path(base).resolve()
    full = (root / rel).resolve()
    if full != root and root not in full.parents:
        raise PrintkitError(f"{where}: {what} {show(src)} leads outside the layout's folder ({root})")
    return full


#: Images read for drawing: resolved path → ((size, mtime), ImageReader, pixels), the most
#: recently used last; together at most :data:`MAX_CACHED_PIXELS` (the newest always kept).
_IMAGES: dict[Path, tuple[tuple[int, int], Any, int]] = {}
#: Pixels (width × height) the readers kept in :data:`_IMAGES` may hold together: a reader
#: that drew keeps its picture decoded twice (Pillow's and reportlab's copies).  Eight kept
#: whatever their size: nine 40-megapixel PNGs of 38 kB, used by the cards in turn, took
#: 760 MB and decoded every picture twice a card (checked, then drawn).
MAX_CACHED_PIXELS = MAX_IMAGE_PIXELS
#: Pictures refused in this deck build: (path, SHA-256 of its bytes) → the tail of the error line
#: (after ``where: ``); ``None`` outside :func:`build_deck`.  A damaged picture named by every
#: card was decoded again on every card to be refused (30 ms to seconds a card).
_DECK_IMAGES: ContextVar[dict | None] = ContextVar("printkit_deck_images", default=None)
#: SHA-256 of image bytes that passed the size and decode checks (a few thousand): a picture
#: read again for another card is not decoded again just to be checked.
_CHECKED_IMAGES: dict[bytes, None] = {}


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return escape_display(text if len(text) <= 160 else text[:140] + "…")


#: reportlab's "identity=[ImageReader@0x7f…] " in front of Pillow's message.
_READER_ID = re.compile(r"identity=\[[^\]]*\]\s*")


def _image_reader(path: Path, src: str, where: str):
    """An ``ImageReader`` over the bytes of ``path``, read with
    :func:`printkit.inputfiles.read_bytes` (regular file, image size cap);
    kept for the next card while the file is unchanged.  A picture refused
    once in a deck build is refused at once on the next cards."""
    try:
        st = path.stat()
        stamp = (st.st_size, st.st_mtime_ns)
    except OSError:
        stamp = (-1, -1)
    hit = _IMAGES.pop(path, None)
    if hit is not None and hit[0] == stamp:
        _IMAGES[path] = hit  # the most recently used, last
        return hit[1]
    data = read_bytes(path, kind="image")
    digest = hashlib.sha256(data).digest()
    failed = _DECK_IMAGES.get()
    if failed is not None and (str(path), digest) in failed:  # refused on an earlier card: at once
        raise PrintkitError(f"{where}: {failed[str(path), digest]}")
    try:
        return _new_image_reader(path, data, digest, stamp, src, where)
    except PrintkitError as exc:
        if failed is not None:
            line = str(exc)
            failed[str(path), digest] = line[len(where) + 2:] if line.startswith(f"{where}: ") else line
        raise


def _new_image_reader(path: Path, data: bytes, digest: bytes, stamp: tuple[int, int], src: str, where: str):
    """:func:`_image_reader` of image bytes not kept: checked (once per
    content), read, and kept for the next cards."""
    from reportlab.lib.utils import ImageReader

    if digest not in _CHECKED_IMAGES:
        too_big = image_size_problem(data)  # from the header, before Pillow decodes a pixel
        if too_big:
            raise PrintkitError(f"{where}: image {show(src)} is {too_big}")
        _check_image_format(data, src, where)
        damaged = image_decode_problem(data)  # also where weasyprint (imported) lets Pillow draw a cut picture
        if damaged:
            raise PrintkitError(f"{where}: cannot read image {show(src)}: it is {damaged}")
        if len(_CHECKED_IMAGES) >= 4096:
            _CHECKED_IMAGES.pop(next(iter(_CHECKED_IMAGES)))
        _CHECKED_IMAGES[digest] = None
    try:
        grey = eight_bit_grey(data)  # a 16-bit grey printed white through reportlab
        reader = ImageReader(io.BytesIO(data if grey is None else grey))
        w, h = reader.getSize()
    except Exception as exc:  # Pillow raises many types for bad images
        why = _READER_ID.sub("", _one_line(exc))  # reportlab names its reader by memory address
        raise PrintkitError(f"{where}: cannot read image {show(src)} ({why})") from None
    pixels = max(1, int(w) * int(h))
    kept = sum(entry[2] for entry in _IMAGES.values())
    while _IMAGES and kept + pixels > MAX_CACHED_PIXELS:  # the least recently used go first
        kept -= _IMAGES.pop(next(iter(_IMAGES)))[2]
    _IMAGES[path] = (stamp, reader, pixels)
    return reader


def _image_kinds() -> str:
    names = {"JPEG": "JPEG", "WEBP": "WebP"}
    shown = [names.get(f, f) for f in IMAGE_FORMATS]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def _check_image_format(data: bytes, src: str, where: str) -> str:
    """The Pillow format name of image bytes ``data`` when it is one of
    :data:`IMAGE_FORMATS`.  Raises :class:`printkit.PrintkitError` naming
    ``where`` and the file ``src``, what the file is (SVG, PDF, another
    format, not an image) and the formats printkit draws."""
    head = data[:1024].lstrip()
    if head[:1] == b"<" and (b"<svg" in data[:8192].lower() or head[:5].lower() == b"<?xml"):
        what = "an SVG drawing"
    elif head.startswith(b"%PDF"):
        what = "a PDF"
    else:
        from PIL import Image

        try:
            with Image.open(io.BytesIO(data)) as im:
                fmt = im.format
        except Image.DecompressionBombError as exc:
            raise PrintkitError(f"{where}: cannot read image {show(src)} ({_one_line(exc)})") from None
        except Exception:  # Pillow raises many types for bytes it does not know
            fmt = None
        if fmt in IMAGE_FORMATS:
            return fmt
        what = f"a {fmt} image" if fmt else "not an image printkit knows"
    raise PrintkitError(f"{where}: cannot read image {show(src)}: it is {what}; an image must be a "
                        f"{_image_kinds()} file (export vector art as PNG at 300 dpi)")


def _colour(theme, value: str | None, where: str):
    """reportlab colour of ``value`` (``#rrggbb`` or a theme role), parsed
    once per theme and value."""
    hit = _COLOURS.get((id(theme), value))
    if hit is not None and hit[0] is theme:
        return hit[1]
    colour = _parse_colour(theme, value, where if isinstance(where, str) else where())
    if colour is not None:
        _COLOURS[(id(theme), value)] = (theme, colour)  # keeps the theme: its id stays unique
    return colour


def _split(text: str, font: str, size: float, width: float) -> list[str]:
    """``simpleSplit(text, font, size, width)``, measuring only when needed:
    a line of one word stays whole whatever its width, and a line well
    inside ``width`` is one line (reportlab's widths add up, no kerning)."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if "\n" not in text:
        words = text.split()
        if len(words) <= 1:
            return words
        line = " ".join(words)
        if stringWidth(line, font, size) <= width - 1e-6:
            return [line]
    return simpleSplit(text, font, size, width)


def _parse_colour(theme, value: str | None, where: str):
    from reportlab.lib.colors import HexColor

    if value is None or value == "":
        return None
    value = value.strip()
    if value.startswith("#"):
        try:
            return HexColor(value)
        except ValueError:
            raise PrintkitError(f"{where}: colour {show(value)} is not #rrggbb") from None
    game, _, role = value.rpartition(".")
    try:
        return HexColor(theme.hex(role, game or None) if not game or role in theme.games.get(game, {})
                        else theme.hex(value))
    except PrintkitError:
        from printkit.theme import named_colours

        named = named_colours().get(value.lower())
        if named is not None:
            return HexColor(named)
        raise PrintkitError(f"{where}: colour {show(value)} is neither #rrggbb, a theme colour "
                            f"({', '.join(sorted(theme.colours))}, or <game>.<role> from a game "
                            f"palette of the theme) nor a CSS colour name (red, navy, …)") from None


@dataclass(frozen=True, slots=True)
class FittedText:
    """A text element laid out in its box: reportlab ``font``, ``size`` and
    ``leading`` (pt, after any shrinking), the ``lines`` to draw, the box
    (``x``, ``y`` from the trim's top-left, ``width``, ``height``; pt) and
    ``align``."""

    font: str
    size: float
    leading: float
    lines: tuple
    x: float
    y: float
    width: float
    height: float
    align: str
    #: marked-up text only: each line's width (pt); its ``lines`` are then
    #: tuples of pieces ``(font, text, x)`` / ``("icon", name, x)``
    widths: tuple[float, ...] | None = None
    #: plain text: each line's width (pt) in ``font`` at ``size``
    advances: tuple[float, ...] | None = None


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pt where word
    breaks allow (a word wider than ``width`` keeps a line of its own): each
    ``\n``-separated paragraph split by :func:`_split`; empty paragraphs stay
    as empty lines (trailing ones are dropped)."""
    lines: list[str] = []
    for para in text.rstrip("\n").split("\n"):
        lines.extend(_split(para, font, size, width) or [""])
    return lines if any(lines) else []


def text_height(lines: int, size: float, leading: float) -> float:
    """Height (pt) of ``lines`` lines of text: from the top of the box (the
    first baseline sits 0.8 × ``size`` below it) to 0.2 × ``size`` under the
    last baseline; 0 for no lines."""
    return size + (lines - 1) * leading if lines else 0.0


#: Texts up to this many characters have their fitting remembered (decks repeat texts).
_CACHED_TEXT = 2000


@lru_cache(maxsize=4096)
def _shrink(text: str, font: str, size: float, leading: float | None, width: float, height: float,
            floor: float, shrink: bool) -> tuple[bool, float, float, tuple[str, ...], float, float, tuple[float, ...]]:
    """``(fits, size, leading, lines, widest, tall, advances)`` of ``text`` in reportlab
    ``font`` in a ``width`` × ``height`` pt box (see :func:`fit_text`): at
    ``size``, else — when ``shrink`` — the largest of ``size - k ×``
    :data:`SHRINK_STEP` (and ``floor`` itself) that fits, found by binary
    search over ``k`` (text that fits at a size fits at every smaller one),
    so ``size = 1000, min_size = 1`` takes about 12 tries, not 2,000; the
    try at ``floor`` when nothing fits."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    ratio = leading / size if leading is not None else LEADING

    def attempt(k: int) -> tuple[bool, float, float, tuple[str, ...], float, float, tuple[float, ...]]:
        current = max(floor, size - k * SHRINK_STEP)
        lead = leading if k == 0 and leading is not None else current * ratio
        _spend_wrap(len(text))
        lines = tuple(wrap(text, font, current, width))
        advances = tuple(stringWidth(line, font, current) for line in lines)
        widest = max(advances, default=0.0)
        tall = text_height(len(lines), current, lead)
        return widest <= width + 1e-6 and tall <= height + 1e-6, current, lead, lines, widest, tall, advances

    return _search(attempt, size, floor, shrink)


def _search(attempt, size: float, floor: float, shrink: bool):
    """The first of ``attempt(k)`` (k = 0, 1, …: the size ``size - k ×``
    :data:`SHRINK_STEP`, never below ``floor``) whose result fits (its
    first item true), by binary search; ``attempt(0)`` when not ``shrink``,
    the try at ``floor`` when nothing fits."""
    first = attempt(0)
    if first[0] or not shrink or size <= floor:
        return first
    last_k = math.ceil((size - floor) / SHRINK_STEP - 1e-9)  # the step that reaches floor
    best = attempt(last_k)
    if not best[0]:
        return best
    lo, hi = 0, last_k  # attempt(lo) does not fit, attempt(hi) fits
    while hi - lo > 1:
        mid = (lo + hi) // 2
        tried = attempt(mid)
        if tried[0]:
            hi, best = mid, tried
        else:
            lo = mid
    return best


#: Inline markup in text: ``**bold**``, ``*italic*``, ``:icon-name:``; a
#: backslash keeps the next ``*``, ``:`` or ``\`` as it is.
_MARKUP = re.compile(r"\\([*:\\])|\*\*(.+?)\*\*|\*(.+?)\*|:([a-z][a-z0-9_-]*):")
#: An inline icon's advance (× the font size) and its drawn size (× the font size).
ICON_ADVANCE = 1.1
ICON_SIZE = 0.95


def icon_name(name: str) -> str | None:
    """The :func:`deck_icons` name ``name`` stands for: itself, or the one
    icon whose name ends in ``-<name>`` (``coin`` → ``archaeologia-coin``);
    None when there is none or several."""
    icons = deck_icons()
    if name in icons:
        return name
    ends = [k for k in icons if k.endswith("-" + name)]
    return ends[0] if len(ends) == 1 else None


def _icon_hint(name: str) -> str:
    """``" (did you mean 'trowel'?)"`` for an icon name close to ``name`` (a
    typo: ``trowl``), compared with every full name and every short one
    :func:`icon_name` accepts; ``""`` when none is close."""
    import difflib

    icons = list(deck_icons())
    short = [k.rsplit("-", 1)[-1] for k in icons if "-" in k]
    names = icons + [s for s in short if icon_name(s) is not None and s not in icons]
    close = difflib.get_close_matches(name.strip(), names, n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


def has_markup(text: str) -> bool:
    """Whether ``text`` uses inline markup (see :data:`_MARKUP`)."""
    return ("*" in text or "\\" in text or ":" in text) and _MARKUP.search(text) is not None


def parse_markup(text: str, role: str, fonts, at: str) -> tuple[tuple[str, str], ...]:
    """``text`` as runs ``(role, text)`` — ``role`` a theme font role, or
    ``"icon"`` with the icon's name: ``**bold**`` in the ``bold`` role,
    ``*italic*`` in ``italic`` (the element's own ``role`` when the theme
    lacks one), ``:name:`` an icon of :func:`deck_icons`.  Raises
    :class:`printkit.PrintkitError` naming ``at`` for an unknown icon."""
    runs: list[tuple[str, str]] = []

    def add(r: str, t: str) -> None:
        if t:
            if runs and runs[-1][0] == r and r != "icon":
                runs[-1] = (r, runs[-1][1] + t)
            else:
                runs.append((r, t))

    pos = 0
    for m in _MARKUP.finditer(text):
        add(role, text[pos:m.start()])
        pos = m.end()
        literal, bold, italic, icon = m.groups()
        if literal is not None:
            add(role, literal)
        elif bold is not None:
            add("bold" if "bold" in fonts else role, bold)
        elif italic is not None:
            add("italic" if "italic" in fonts else role, italic)
        else:
            icon = icon_name(icon)
            if icon is None:
                icon = m.group(4)
                raise PrintkitError(f"{at}: inline icon {show(':' + icon + ':')}{_icon_hint(icon)}; choose one of: "
                                    f"{', '.join(deck_icons())} (write \\: for a colon)")
            runs.append(("icon", icon))
    add(role, text[pos:])
    return tuple(runs)


def _rich_words(runs, fonts: dict) -> list:
    """Paragraphs of words of pieces: ``[[[(font, text) | ("icon", name), …], …], …]``
    (``fonts``: role → reportlab font name)."""
    paras: list = [[]]
    word: list = []

    def end_word():
        nonlocal word
        if word:
            paras[-1].append(word)
            word = []

    for role, text in runs:
        if role == "icon":
            word.append(("icon", text))
            continue
        font = fonts[role]
        for part in re.split(r"(\n| +)", text):
            if not part:
                continue
            if part == "\n":
                end_word()
                paras.append([])
            elif part.startswith(" "):
                end_word()
            else:
                word.append((font, part))
    end_word()
    return paras


@lru_cache(maxsize=1024)
def _shrink_rich(runs: tuple, fonts: tuple, base_font: str, size: float, leading: float | None, width: float,
                 height: float, floor: float, shrink: bool):
    """As :func:`_shrink` for marked-up text: ``runs`` from
    :func:`parse_markup`, ``fonts`` the (role, reportlab font) pairs; lines
    are tuples of pieces ``(font, text, x)`` or ``("icon", name, x)`` with
    ``x`` (pt) from the line's start, and the line's width."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    ratio = leading / size if leading is not None else LEADING
    paras = _rich_words(runs, dict(fonts))

    def piece_w(piece, current):
        return current * ICON_ADVANCE if piece[0] == "icon" else stringWidth(piece[1], piece[0], current)

    chars = sum(len(text) for _, text in runs)

    def attempt(k: int):
        current = max(floor, size - k * SHRINK_STEP)
        lead = leading if k == 0 and leading is not None else current * ratio
        _spend_wrap(chars)
        space = 0.0
        lines: list = []
        widest = 0.0
        for para in paras:
            line: list = []
            x = 0.0
            for word in para:
                ww = sum(piece_w(p, current) for p in word)
                if line:  # a space in the font of the text before it (as drawn)
                    space = stringWidth(" ", line[-1][0] if line[-1][0] != "icon" else base_font, current)
                if line and x + space + ww > width + 1e-6:
                    lines.append((tuple(line), x))
                    widest = max(widest, x)
                    line, x = [], 0.0
                gap = bool(line)
                if gap:
                    x += space
                for p in word:
                    prev = line[-1] if line else None
                    if prev is not None and prev[0] == p[0] != "icon":  # one string per run (text stays searchable)
                        line[-1] = (prev[0], prev[1] + (" " if gap else "") + p[1], prev[2])
                    elif gap and prev is not None and prev[0] != "icon":
                        line[-1] = (prev[0], prev[1] + " ", prev[2])
                        line.append((p[0], p[1], x))
                    else:
                        line.append((p[0], p[1], x))
                    gap = False
                    x += piece_w(p, current)
            lines.append((tuple(line), x))
            widest = max(widest, x)
        while lines and not lines[-1][0]:
            lines.pop()
        tall = text_height(len(lines), current, lead)
        return widest <= width + 1e-6 and tall <= height + 1e-6, current, lead, tuple(lines), widest, tall

    return _search(attempt, size, floor, shrink)


@dataclass(frozen=True)
class CustomFont:
    """A font a layout names by file or installed name: the reportlab
    ``name`` it is registered as, a ``label`` for messages, the ``chars``
    it maps."""

    name: str
    label: str
    chars: frozenset


#: (layout folder, font spec) → :class:`CustomFont`, for this process.
_CUSTOM: dict[tuple[str, str], CustomFont] = {}
#: Font file suffixes a layout's ``font`` may name (:mod:`printkit.fontfiles`).
FONT_FILES = fontfiles.FONT_FILES


#: Most fonts a deck's layouts may name besides the theme's roles (files and installed fonts, a
#: ``font`` with a placeholder naming one per card): each is read, checked and looked up once.
MAX_DECK_FONTS = 64
#: Fonts named so far in this deck build: (layout folder, spec) → the tail of its error line
#: (after ``at: ``) when it failed, else ``None``; ``None`` outside :func:`build_deck`.  A
#: font name with a typo was looked up again on every card (fontconfig twice): 300 cards
#: took 7 s to say so, 50,000 about 20 minutes; 50 names made up per card 3.5 s.
_DECK_FONTS: ContextVar[dict | None] = ContextVar("printkit_deck_fonts", default=None)


def font_name(theme, spec: str, base: Path | None, at: str) -> str:
    """The reportlab font name of a text's ``font``: a theme role
    (``body``…), a ``.ttf``/``.otf`` file in the layout's folder ``base``
    (or below it), or the name of a font installed on this computer (as
    fontconfig's ``fc-match`` finds it; its family or full name must match).
    OpenType fonts with PostScript (CFF) outlines are converted to TrueType
    outlines (fontTools' cu2qu) for reportlab to embed; every font passes
    :func:`printkit.theme.font_problem`.  Raises
    :class:`printkit.PrintkitError` naming ``at``."""
    if spec in theme.fonts:
        return theme.font(spec)
    key = (str(base), spec)
    seen = _DECK_FONTS.get()
    if seen is not None:
        if seen.get(key) is not None:  # failed before, on another card: the same line, at once
            raise PrintkitError(f"{at}: {seen[key]}")
        if key not in seen and len(seen) >= MAX_DECK_FONTS:
            raise PrintkitError(f"{at}: font {show(spec)}: the layouts name more than {MAX_DECK_FONTS} fonts "
                                "besides the theme's roles (a font chosen per card?); a deck uses a few")
    hit = _CUSTOM.get(key)
    if hit is None:
        try:
            hit = _CUSTOM[key] = _load_custom_font(spec, base, at)
        except PrintkitError as exc:
            if seen is not None:
                line = str(exc)
                seen[key] = line[len(at) + 2:] if line.startswith(f"{at}: ") else line
            raise
    if seen is not None:
        seen.setdefault(key, None)
    return hit.name


def _load_custom_font(spec: str, base: Path | None, at: str) -> CustomFont:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from printkit.theme import _font_problem_cached

    spec = str(spec).strip()
    if fontfiles.is_font_file(spec):
        if base is None:
            raise PrintkitError(f"{at}: font {show(spec)}: a font file needs a layout folder")
        path = font_file(base, spec, at)
        label = path.name
    else:
        path = fontfiles.installed_font(spec, at, f"a theme role ({', '.join(THEME_ROLES)}), a .ttf/.otf file "
                                                  "next to the layout")
        label = show(spec)
    data = read_bytes(path, kind="font")
    digest = hashlib.sha256(data).hexdigest()
    data = fontfiles.truetype_bytes(data, label, at)
    problem = _font_problem_cached(hashlib.sha256(data).digest(), data)  # one font under many names: checked once
    if problem:
        raise PrintkitError(f"{at}: font {label} is {problem}")
    name = f"deck-{digest[:16]}"
    try:
        pdfmetrics.getFont(name)
    except KeyError:
        stream = io.BytesIO(data)
        stream.name = label
        try:
            pdfmetrics.registerFont(TTFont(name, stream))
        except Exception as exc:  # reportlab's TTFError and friends
            raise PrintkitError(f"{at}: font {label}: reportlab cannot use it ({_one_line(exc)})") from None
    from fontTools.ttLib import TTFont as FTFont

    with FTFont(io.BytesIO(data), lazy=True) as ft:
        chars = frozenset(map(chr, ft.getBestCmap() or {}))
    return CustomFont(name, label, chars)


#: Theme font roles named in messages.
THEME_ROLES = ("display", "body", "bold", "semibold", "italic")


def _not_a_file(path: Path) -> str:
    """Why the file a layout names cannot be read, for its error line: it is
    not there, or it is a folder, pipe or device (never opened: a pipe would
    block)."""
    return "is not a regular file" if path.exists() else "not found next to the layout"


@lru_cache(maxsize=4096)
def _pt(length_mm: float) -> float:
    """:func:`printkit.units.mm`, one float object per length (every card's
    boxes share them: 8,700 cards made 260,000 equal floats)."""
    return mm(length_mm)


def fit_text(el: dict, theme, card_w: float, card_h: float, at: str, base: Path | None = None) -> FittedText:
    """Lay out the resolved text element ``el`` (mm/pt keys as in the
    layout) on a ``card_w`` × ``card_h`` mm card.

    The box is ``x, y, w, h`` (mm); without ``w`` it runs to the safe zone's
    right edge (``card_w - SAFE_MM``), without ``h`` to its bottom edge.
    The text wraps inside ``w``; when a line is wider than ``w`` or the lines
    are taller than ``h`` (:func:`text_height`), ``fit = "shrink"`` lowers
    the size (and ``leading`` with it) by :data:`SHRINK_STEP` down to
    ``min_size`` (default :data:`MIN_SIZE`), ``fit = "error"`` refuses at
    once.  Raises :class:`printkit.PrintkitError` naming ``at`` for an
    unknown font role, align or fit, a box of no size, or text that does not
    fit.
    """
    role = el.get("font", "body")
    font = font_name(theme, role, base, at)
    align = el.get("align", "left")
    if align not in ALIGNS:
        raise PrintkitError(f"{at}: align {show(align)}; choose left, centre or right (inside the box from x, w mm wide)")
    fit = el.get("fit", "shrink")
    if fit not in FITS:
        raise PrintkitError(f"{at}: fit {show(fit)}; choose shrink (down to min_size) or error")
    x, y = el["x"], el["y"]
    w = el["w"] if "w" in el else card_w - SAFE_MM - x
    h = el["h"] if "h" in el else card_h - SAFE_MM - y
    if w <= 0:
        raise PrintkitError(f"{at}: x = {x:g} mm leaves no room before the safe zone's right edge "
                            f"({card_w - SAFE_MM:g} mm); give w" if "w" not in el else f"{at}: w must be more than 0 mm")
    if h <= 0:
        raise PrintkitError(f"{at}: y = {y:g} mm leaves no room above the safe zone's bottom edge "
                            f"({card_h - SAFE_MM:g} mm); give h" if "h" not in el else f"{at}: h must be more than 0 mm")
    size = el.get("size", TEXT_SIZE)
    width, height = _pt(w), _pt(h)
    floor = min(el.get("min_size", MIN_SIZE), size)
    text = el["text"]
    if has_markup(text):
        runs = parse_markup(text, role, theme.fonts, at)
        fonts = tuple((r, font_name(theme, r, base, at)) for r in sorted({r for r, _ in runs if r != "icon"} | {role}))
        ok, current, leading, lines, widest, tall = _shrink_rich(
            runs, fonts, font, size, el.get("leading"), width, height, floor, fit == "shrink")
        if ok:
            return FittedText(font, current, leading, tuple(ln for ln, _ in lines), _pt(x), _pt(y), width, height,
                              align, tuple(w for _, w in lines))
    else:
        args = (text, font, size, el.get("leading"), width, height, floor, fit == "shrink")
        ok, current, leading, lines, widest, tall, advances = (_shrink(*args) if len(text) <= _CACHED_TEXT
                                                               else _shrink.__wrapped__(*args))
        if ok:
            return FittedText(font, current, leading, lines, _pt(x), _pt(y), width, height, align,
                              advances=advances)
    why = (f"a word is {to_mm(widest):.1f} mm wide" if widest > width + 1e-6
           else f"{len(lines)} lines need {to_mm(tall):.1f} mm")
    shown = clip(" ".join(text.split()), 40)
    if fit == "error":
        raise PrintkitError(f"{at}: text {show(shown)} does not fit its {w:g} × {h:g} mm box at {size:g} pt "
                            f"({why}; fit = \"error\"); shorten it, enlarge w/h, or use fit = \"shrink\"")
    raise PrintkitError(f"{at}: text {show(shown)} does not fit its {w:g} × {h:g} mm box even at {current:g} pt "
                        f"({why}); shorten it, enlarge w/h, or lower min_size (now {floor:g} pt)")


def _draw_element(c, H: float, el: dict, theme, base: Path, at: str) -> None:
    """Draw a resolved box, circle, image or icon element on a face ``H`` pt
    high (origin at the trim's bottom-left; layout y grows downwards)."""
    kind = el["type"]
    if kind in ("box", "circle"):
        fill = _colour(theme, el.get("fill"), at)
        stroke = _colour(theme, el.get("stroke"), at)
        c.saveState()
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(el.get("stroke_width", 0.5))
            if "dash" in el:  # [0, gap] with round caps draws a ring of dots
                c.setDash(list(el["dash"]))
                c.setLineCap(1)
        flags = dict(stroke=int(stroke is not None), fill=int(fill is not None))
        if kind == "box":
            x, y, w, h = mm(el["x"]), H - mm(el["y"]) - mm(el["h"]), mm(el["w"]), mm(el["h"])
            if el.get("radius"):
                c.roundRect(x, y, w, h, mm(el["radius"]), **flags)
            else:
                c.rect(x, y, w, h, **flags)
        else:
            c.circle(mm(el["cx"]), H - mm(el["cy"]), mm(el["r"]), **flags)
        c.restoreState()
    elif kind == "image":
        src = image_path(base, el["src"], at)
        if not src.is_file():
            raise PrintkitError(f"{at}: image {show(el['src'])} {_not_a_file(src)}")
        reader = _image_reader(src, el["src"], at)
        try:
            c.drawImage(reader, mm(el["x"]), H - mm(el["y"]) - mm(el["h"]), mm(el["w"]), mm(el["h"]),
                        preserveAspectRatio=True, anchor="c", mask="auto")
        except Exception as exc:  # reportlab/Pillow raise many types for bad images
            raise PrintkitError(f"{at}: cannot read image {show(el['src'])} "
                                f"({_READER_ID.sub('', _one_line(exc))})") from None
    elif kind == "icon":
        name = el["name"].strip()
        fill = _colour(theme, el.get("fill", "ink"), at)
        detail = _colour(theme, el.get("detail", "paper"), at)
        x, y, size = mm(el["cx"]), H - mm(el["cy"]), mm(el["size"])
        full = icon_name(name)  # as inline: `coin` stands for `archaeologia-coin`
        if full is None:
            raise PrintkitError(f"{at}: icon {name!r}{_icon_hint(name)}; choose one of: {', '.join(deck_icons())}")
        draw_icon = deck_icons()[full]
        draw_icon(c, x, y, size, fill, detail)


def _draw_rich(c, t: "FittedText", top: float, colour, paper) -> None:
    """Draw the marked-up lines of ``t`` (text pieces in their fonts, icons
    in the text's ``colour`` with ``paper`` details) from ``top`` (pt)."""
    draw_icon = deck_icons()
    for n, (line, line_w) in enumerate(zip(t.lines, t.widths)):
        y = top - t.size * 0.8 - n * t.leading
        x0 = t.x + (0 if t.align == "left" else (t.width - line_w) if t.align == "right" else (t.width - line_w) / 2)
        for font, text, x in line:
            if font == "icon":
                cx = x0 + x + t.size * ICON_ADVANCE / 2
                c.saveState()
                draw_icon[text](c, cx, y + t.size * 0.32, t.size * ICON_SIZE, colour, paper)
                c.restoreState()
            else:
                c.setFont(font, t.size)
                c.setFillColor(colour)
                c.drawString(x0 + x, y, text)


#: (font file, text) pairs whose every character the font has (checked once).
_COVERED: set[tuple[Path, str]] = set()


@lru_cache(maxsize=64)
def _font_chars(path: Path) -> frozenset[str]:
    """The characters the font file at ``path`` maps (its cmap, as
    :func:`printkit.theme.font_cmap` reads it), as one-character strings."""
    from printkit.theme import font_cmap

    return frozenset(map(chr, font_cmap(path)))


def _check_glyphs(el: dict, i: int, theme, where: str, allow_missing_glyphs: bool,
                  warnings: list[str] | None, plain: bool = False, base: Path | None = None) -> None:
    """Check text element ``el`` (number ``i``) against its font's character
    map (:func:`printkit.rules.check_printable`), each marked-up run in
    its own font unless ``plain``; raise, or with ``allow_missing_glyphs``
    append a warning.  A (font file, text) pair
    that passed is remembered in :data:`_COVERED`."""
    from printkit.rules import check_printable

    role = el.get("font", "body")
    text = el["text"]
    if not plain and has_markup(text):
        for run_role, run_text in parse_markup(text, role, theme.fonts, where):
            if run_role != "icon":
                _check_glyphs({"font": run_role, "text": run_text}, i, theme, where, allow_missing_glyphs, warnings,
                              plain=True, base=base)
        return
    if role not in theme.fonts:  # a font file or an installed font (see font_name)
        custom = _CUSTOM[(str(base), role)]
        missing = "".join(dict.fromkeys(ch for ch in text if ch not in custom.chars))
        if not missing:
            return
        chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        message = f"{where}: element {i} (text): the font {custom.label} has no glyph for {chars}{more}"
        if not allow_missing_glyphs:
            raise PrintkitError(f"{message}; write text that font can draw, or pass --allow-missing-glyphs to "
                                "print it with blanks")
        if warnings is not None:
            warnings.append(f"{message}; printed as a blank")
        return
    if _font_chars(theme.font_files[role]).issuperset(text):
        return  # the common case, tested at C speed
    known = (theme.font_files[role], text)
    if known in _COVERED:
        return
    try:
        check_printable(where, [(f"element {i} (text)", el["text"], [role])], theme)
    except PrintkitError as exc:
        if not allow_missing_glyphs:
            raise PrintkitError(f"{exc}, or pass --allow-missing-glyphs to print it with blanks") from None
        if warnings is not None:
            warnings.append(f"{exc.args[0].removesuffix('; write text that font can draw')}; printed as a blank")
        return
    if len(el["text"]) <= _CACHED_TEXT:
        if len(_COVERED) >= 8192:
            _COVERED.clear()
        _COVERED.add(known)


def row_label(layout: Layout, row: dict, n: int) -> str:
    """``front.toml: card 3 (CSV line 4)``: how messages name a card (a
    spreadsheet's ``row 4``, JSON's ``JSON line 12``)."""
    line = getattr(row, "line", None)
    return f"{layout.path.name}: card {n}" + (f" ({getattr(row, 'unit', 'CSV line')} {line})" if line else "")


class _Plan:
    """A layout made ready to fill many rows (:func:`layout_face`): per
    element, the keys holding placeholders; and the elements already checked
    (fitted, colours parsed, glyphs found, images read) by the values their
    placeholders took, so a card repeating a value (a cost, a type, a number)
    is not laid out again.  Checking an element depends on those values
    alone (the layout and theme are fixed), so a remembered result is exact;
    a value that failed, or printed with missing-glyph warnings, is checked
    again on each card (its message names the card)."""

    __slots__ = ("layout", "theme", "base", "templated", "constant", "memo", "prefix")

    #: Most elements remembered per layout (forgotten all at once beyond it: a deck of distinct
    #: titles would hold them all, while repeated values come back within a few cards).
    MEMO = 4096

    def __init__(self, layout: Layout, theme):
        self.layout, self.theme = layout, theme
        self.base = layout.path.parent
        self.templated = tuple(tuple(k for k, v in el.items() if _is_template(v)) for el in layout.elements)
        #: every card of this layout is the same face
        self.constant = not any(self.templated) and not _is_template(layout.background)
        self.memo: dict[tuple, tuple | None] = {}
        self.prefix = f"deck/{layout.name}/"


def _is_template(value) -> bool:
    return type(value) is _Fill or (type(value) is not str and hasattr(value, "render"))


#: Plans of the layouts in use: (layout, theme) → :class:`_Plan` (a few at a time).
_PLANS: dict[tuple[int, int], _Plan] = {}


def _plan(layout: Layout, theme) -> _Plan:
    plan = _PLANS.get((id(layout), id(theme)))
    if plan is None or plan.layout is not layout or plan.theme is not theme:
        if len(_PLANS) >= 16:
            _PLANS.clear()
        plan = _PLANS[(id(layout), id(theme))] = _Plan(layout, theme)
    return plan


def _resolved(el: dict, keys: tuple, values: tuple) -> dict:
    """``el`` with ``keys`` set to ``values`` and empty colours dropped (as :func:`resolve`)."""
    done = dict(el)
    for key, value in zip(keys, values):
        done[key] = value
    for key in COLOUR_KEYS.intersection(done):
        if not done[key].strip():
            del done[key]  # an empty colour cell: the key's default (ink, paper; no fill or outline)
    return done


def _check_element(plan: _Plan, i: int, done: dict, where: str, allow_missing_glyphs: bool,
                   warnings: list[str] | None) -> tuple:
    """Check resolved element ``i`` (from 1) of the card ``where`` and make
    what drawing needs: ``("text", FittedText, colour, text)`` or ``(kind,
    element)``.  Raises :class:`printkit.PrintkitError` naming the card and
    the element: a :class:`DeckErrors` of every check that fails (each
    colour key, then the text's font, fit and markup)."""
    theme, layout = plan.theme, plan.layout
    kind = done["type"]
    at = f"{where}, element {i} ({kind})"
    errors: list[str] = []
    for key_name in ("colour", "fill", "stroke", "detail"):
        if key_name in done:
            try:
                _colour(theme, done[key_name], at)
            except PrintkitError as exc:
                errors.append(str(exc))
    if kind == "text":
        try:
            fitted = fit_text(done, theme, layout.width, layout.height, at, plan.base)
            _check_glyphs(done, i, theme, where, allow_missing_glyphs, warnings, base=plan.base)
        except PrintkitError as exc:
            errors.append(str(exc))
    if errors:
        raise DeckErrors(errors)
    if kind == "text":
        return ("text", fitted, _colour(theme, done.get("colour", "ink"), at), done["text"])
    if kind == "image":
        src = image_path(plan.base, done["src"], at)
        if not src.is_file():
            raise PrintkitError(f"{at}: image {show(done['src'])} {_not_a_file(src)}")
        _image_reader(src, done["src"], at)
    return (kind, done)


def _card(plan: _Plan, row: dict, where: str, allow_missing_glyphs: bool, warnings: list[str] | None):
    """One card of ``plan``'s layout filled from ``row``, checked: ``(key,
    background, items)`` — the face key, the background colour (or None) and
    per element what :func:`_draw_card` draws.  Raises :class:`DeckErrors`
    listing every problem of the card (placeholders first, then the
    background, then each element's checks, as :func:`resolve` and
    :func:`layout_face` always listed them)."""
    layout, theme = plan.layout, plan.theme
    problems: list[str] = []
    filled: list = []
    for i, (el, keys) in enumerate(zip(layout.elements, plan.templated), 1):
        if not keys:
            filled.append(())
            continue
        values = []
        try:
            for key in keys:
                value = el[key]
                if type(value) is _Fill:
                    try:
                        values.append(value.fill(row))
                    except _Missing as exc:
                        raise PrintkitError(f"{where}, element {i}'s {key}: {exc.message} (no such column in the "
                                            f"data){_columns(row, exc.message)}") from None
                else:
                    values.append(_render(value, row, f"{where}, element {i}'s {key}"))
        except PrintkitError as exc:
            problems.append(str(exc))
            filled.append(None)
            continue
        filled.append(tuple(values))
    background = None
    if layout.background:
        try:
            background = _render(layout.background, row, f"{where}, [card] background")
            if background:
                background = (background, _colour(theme, background, f"{where}, [card] background"))
        except PrintkitError as exc:
            problems.append(str(exc))
    memo = plan.memo
    items = []
    for i, (el, keys, values) in enumerate(zip(layout.elements, plan.templated, filled), 1):
        if values is None:
            continue
        hit = memo.get((i, values))
        if hit is None:
            said: list[str] = []
            try:
                hit = _check_element(plan, i, _resolved(el, keys, values), where, allow_missing_glyphs, said)
            except DeckErrors as exc:
                problems.extend(exc.lines)
                continue
            except PrintkitError as exc:
                problems.append(str(exc))
                continue
            if said:  # printed with blanks: the warning names this card, so it is said for each
                if warnings is not None:
                    warnings.extend(said)
            else:
                if len(memo) >= _Plan.MEMO:
                    memo.clear()
                memo[(i, values)] = hit
        items.append(hit)
    if problems:
        raise DeckErrors(problems)
    shown = background[0] if background else None
    # the filled values name the face: equal values, equal face (the layout's own content included,
    # so a front and a back of one name never share a key)
    key = plan.prefix + hashlib.sha1(repr((layout.digest, shown, filled)).encode("utf-8")).hexdigest()[:20]
    return key, (background[1] if background else None), tuple(items)


def _draw_card(c, box, background, items: tuple, theme, base: Path, where: str) -> None:
    """Draw a card made by :func:`_card` (origin at the trim's bottom-left,
    pt; layout y grows downwards from the top).  Plain text lines go out as
    one text object per element (:func:`printkit.render.text.text_lines`),
    remembered per canvas for the next card showing the same text."""
    from printkit.render.text import put, text_lines

    H = box.height
    if background is not None:
        c.setFillColor(background)
        c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, H + 2 * box.bleed, stroke=0, fill=1)
    ops = getattr(c, "_printkit_text_ops", None)
    if ops is None or ops[0] is not c._doc:
        ops = c._printkit_text_ops = (c._doc, {})
    ops = ops[1]
    pen = None  # the fill colour last set on this face: texts in a row set it only when it changes
    for n, item in enumerate(items):
        if item[0] != "text":
            pen = None  # a shape, image or icon may leave another colour behind
            _draw_element(c, H, item[1], theme, base, f"{where}, element {n + 1} ({item[0]})")
            continue
        t, colour = item[1], item[2]
        if colour is not pen:
            c.setFillColor(colour)
            pen = colour
        if t.widths is not None:
            _draw_rich(c, t, H - t.y, colour, _colour(theme, "paper", f"{where}, element {n + 1} (text)"))
            pen = None
            continue
        op = ops.get((t, H))
        if op is None:
            x, top, width, size = t.x, H - t.y, t.width, t.size
            advances = t.advances
            if advances is None:
                from reportlab.pdfbase.pdfmetrics import stringWidth

                advances = [stringWidth(line, t.font, size) for line in t.lines]
            lines = []
            for k, (line, advance) in enumerate(zip(t.lines, advances)):
                y = top - size * 0.8 - k * t.leading
                lx = x if t.align == "left" else x + width - advance if t.align == "right" else x + width / 2 - 0.5 * advance
                lines.append((lx, y, line))
            op = text_lines(c, t.font, size, lines)
            if op is None:  # not a TrueType font: reportlab draws it
                c.setFont(t.font, size)
                for lx, y, line in lines:
                    c.drawString(lx, y, line)
                continue
            if len(ops) >= 4096:
                ops.clear()
            ops[(t, H)] = op
        put(c, op)


def layout_face(layout: Layout, row: dict, theme, where: str, *, allow_missing_glyphs: bool = False,
                warnings: list[str] | None = None, seen: dict[str, Face] | None = None) -> Face:
    """One face of ``layout`` filled from ``row`` (a dict of field → value).

    Every text is fitted to its box (:func:`fit_text`) and checked against
    its font's character map (:func:`printkit.rules.check_printable`), and
    every image file's format is checked, before anything is drawn.  A
    missing glyph is an error, or — with ``allow_missing_glyphs`` — a line
    appended to ``warnings`` (the character prints as a blank).  An element
    whose placeholders took values already checked on an earlier card is
    not checked again (:class:`_Plan`).

    The face key hashes the layout and the filled values, so equal rows
    share one drawing; ``seen`` (key → face, filled here) hands back a face
    already made.  Raises :class:`DeckErrors` (a
    :class:`printkit.PrintkitError`) naming ``where`` and each bad element:
    a placeholder with no matching field, an unknown colour or font, a
    missing glyph, text that does not fit, or an image that cannot be drawn.
    """
    plan = _plan(layout, theme)
    key, background, items = _card(plan, row, where, allow_missing_glyphs, warnings)
    if seen is not None and key in seen:
        return seen[key]
    text = " ".join(item[3] for item in items if item[0] == "text")

    def draw(c, box, _b=background, _i=items):
        _draw_card(c, box, _b, _i, theme, plan.base, where)

    face = Face(key, draw, text)
    if seen is not None:
        seen[key] = face
    return face


def deck_set(layout: Layout, rows: list[dict], theme, back: Layout | None = None, *,
             allow_missing_glyphs: bool = False, warnings: list[str] | None = None,
             progress=None, problems: "Problems | None" = None) -> ComponentSet:
    """Components for every row × qty: fronts from ``layout``, backs from ``back``.

    Every row is checked, and every problem of every row (each bad element:
    a missing column, an unknown colour, text that does not fit, a missing
    glyph, a bad image) is collected: :class:`DeckErrors` lists them all
    (one line each, the first :data:`printkit.messages.MAX_SHOWN`) after
    the last row.  With ``allow_missing_glyphs`` a missing glyph is a line
    in ``warnings`` instead; ``problems`` (a :class:`Problems`) may hold the
    data's own problems, listed first.  ``progress(done, total)`` hears of the rows
    checked (every :data:`PROGRESS_ROWS` rows and the last); a stop request
    (:mod:`printkit.interrupt`) is obeyed between rows.
    """

    if back is not None and (back.width, back.height, back.shape) != (layout.width, layout.height, layout.shape):
        raise PrintkitError(
            f"{back.path}: the back is {back.width:g} × {back.height:g} mm ({back.shape}) but the front "
            f"{layout.path.name} is {layout.width:g} × {layout.height:g} mm ({layout.shape}); make them match"
        )
    comps = []
    problems = Problems() if problems is None else problems  # the data's problems found so far come first
    seen: dict[str, Face] = {}  # an identical face (a back without placeholders) is checked once
    opts = dict(allow_missing_glyphs=allow_missing_glyphs, warnings=warnings, seen=seen)
    total = len(rows)
    for n, row in enumerate(rows, 1):
        interrupt.checkpoint()
        if progress is not None and (n % PROGRESS_ROWS == 0 or n == total):
            progress(n, total)
        if row["qty"] == 0:
            continue
        front = back_face = None
        try:
            front = layout_face(layout, row, theme, row_label(layout, row, n), **opts)
        except PrintkitError as exc:
            problems.add(exc)
        if back is not None:
            try:
                back_face = layout_face(back, row, theme, row_label(back, row, n), **opts)
            except PrintkitError as exc:
                problems.add(exc)
        if problems.total:
            continue  # keep checking, build nothing
        comps.append(Component(
            f"{layout.name}-{n}", mm(layout.width), mm(layout.height), front, back_face,
            shape=layout.shape, quantity=row["qty"], meta={"row": n},
            corner=None if layout.corner is None else mm(layout.corner),
        ))
    problems.check()
    if not comps:
        raise PrintkitError(f"{layout.path}: every card has qty 0")
    return ComponentSet(layout.name, layout.title, "card", tuple(comps))


#: Largest bleed (mm) a deck takes: the same bound as ``printkit build``.
MAX_BLEED_MM = 10.0


@dataclass
class DeckResult:
    """What :func:`build_deck` wrote: ``pdf`` (the deck's PDF, or None when
    no ``pdf`` format was asked for), ``cards`` (qty summed), ``pages``;
    ``folders``: per export folder written, ``(folder, files written,
    notes)``; ``export_notes``: every export's notes, each once (a format
    that took nothing writes no folder but keeps its notes);
    ``notes`` (imposition notes) and ``warnings`` (the data's formula cells
    with no saved value, read as empty; missing glyphs printed as
    blanks), one line each."""

    pdf: Path | None = None
    cards: int = 0
    pages: int = 0
    folders: list = None  # type: ignore[assignment]
    export_notes: list = None  # type: ignore[assignment]
    notes: list = None  # type: ignore[assignment]
    warnings: list = None  # type: ignore[assignment]

    def __post_init__(self):
        self.folders = [] if self.folders is None else self.folders
        self.export_notes = [] if self.export_notes is None else self.export_notes
        self.notes = [] if self.notes is None else self.notes
        self.warnings = [] if self.warnings is None else self.warnings


def check_bleed(bleed: float) -> None:
    """Refuse a bleed (pt) that is not a finite length from 0 to
    :data:`MAX_BLEED_MM`: :class:`printkit.UsageError` (exit 2)."""
    import math

    from printkit import UsageError

    if not math.isfinite(bleed) or not 0 <= bleed <= mm(MAX_BLEED_MM) + 1e-9:
        shown = f"{to_mm(bleed):g} mm" if math.isfinite(bleed) else "not a finite length"
        raise UsageError(f"--bleed: {shown} is more than {MAX_BLEED_MM:g} mm" if math.isfinite(bleed)
                         else f"--bleed: {shown}; give 0–{MAX_BLEED_MM:g} mm")


def build_deck(data: Path, layout: Path, out: Path, options, *, back: Path | None = None,
               formats: list[str] | tuple[str, ...] = ("pdf",), allow_missing_glyphs: bool = False,
               progress=None, warn=None, quiet: bool = False) -> DeckResult:
    """Build a deck: cards from ``data`` (CSV, TOML, .xlsx or .ods rows) on
    the ``layout`` TOML (and ``back``), written to ``out/<name>.pdf`` and,
    for each other format in ``formats`` (:func:`printkit.export.parse_formats`
    names), to ``out/<name>/<format>/``.

    ``options`` is a :class:`printkit.build.BuildOptions` (paper with its
    printer margin, theme, duplex, ``back_offset`` and ``bleed`` in pt,
    ``rotate_backs``, ``scale``; players, fillable, board paper and rules
    are not used by decks).  A PDF-only deck is made sheet by sheet
    (:func:`_stream_pdf`: each sheet's cards checked, drawn and let go, so
    memory stays flat); with other formats every card is checked first
    (:func:`deck_set`).  ``progress(task, done, total, name)`` is called per
    sheet drawn and for the preflight and the write (task ``name``), and per
    500 cards checked (task ``"<name> cards"``) while the cards are checked
    without drawing (other formats, or after a first problem); ``warn(lines)``
    gets the missing-glyph warnings (with ``allow_missing_glyphs``) once every
    card is checked, before the preflight and any write.

    Every input is checked before anything is written; the PDF is
    preflighted and written whole (atomic).  Raises
    :class:`printkit.UsageError` (exit 2) for a bleed beyond
    :data:`MAX_BLEED_MM` or a bad output folder, and
    :class:`DeckErrors` (a :class:`printkit.PrintkitError`, exit 1) listing
    every bad row, cell and element of the data and layouts (one line each),
    or :class:`printkit.PrintkitError` for the preflight's findings.  A stop
    request (:mod:`printkit.interrupt`) is obeyed between cards and sheets:
    ``KeyboardInterrupt``, nothing written.  Once the inputs are read, the
    deck holds ``out``'s lock (:func:`printkit.build.out_folder`): it waits
    for another printkit run writing into ``out`` (a note on stderr unless
    ``quiet``), so the PDF and the export folders are all one run's.
    """
    from printkit import UsageError

    fmts = list(formats)
    check_bleed(options.bleed)
    problems = Problems()  # the layouts' and the data's problems, all at once

    def attempt(read, path):
        try:
            return read(path)
        except UsageError:
            raise
        except PrintkitError as exc:
            problems.add(exc)
            return None

    front = attempt(load_layout, layout)
    back_layout = attempt(load_layout, back) if back else None
    read_warnings: list[str] = []  # the data's (formula cells with no saved value)
    rows = attempt(lambda path: load_rows(path, problems, read_warnings), data)
    if front is None or rows is None or (back and back_layout is None):
        problems.check()
    elements = len(front.elements) + (len(back_layout.elements) if back_layout is not None else 0)
    if len(rows) * elements > MAX_ELEMENT_DRAWS:  # refused before any card is laid out
        raise PrintkitError(
            f"{escape_display(str(front.path))}: {elements:,} elements × {len(rows):,} cards of "
            f"{escape_display(str(data))} = {len(rows) * elements:,} elements to lay out; a deck lays out at most "
            f"{MAX_ELEMENT_DRAWS:,} (fewer elements in the layout, or fewer rows)")
    held = [rows]  # the rows' only reference goes to _build_deck, which lets them go as cards are made
    del rows
    budget = _WRAP_LEFT.set([MAX_TEXT_WRAPPED])
    fonts = _DECK_FONTS.set({})
    images = _DECK_IMAGES.set({})
    try:
        return _build_deck(front, back_layout, held.pop(), read_warnings, problems, data, out, options, fmts,
                           allow_missing_glyphs, progress, warn, quiet)
    except _WrapBudget:
        raise PrintkitError(
            f"{escape_display(str(front.path))}: its texts on the cards of {escape_display(str(data))} need more "
            f"than {MAX_TEXT_WRAPPED:,} characters wrapped (long texts in many text elements, shrunk step by step "
            "to min_size); a deck wraps at most that: shorter texts, fewer text elements or rows") from None
    finally:
        _WRAP_LEFT.reset(budget)
        _DECK_FONTS.reset(fonts)
        _DECK_IMAGES.reset(images)


def _build_deck(front, back_layout, rows, read_warnings, problems, data, out, options, fmts, allow_missing_glyphs,
                progress, warn, quiet) -> DeckResult:
    """:func:`build_deck` once its layouts and data are read and within the budgets."""
    from printkit import interrupt
    from printkit.build import out_folder
    from printkit.pdf import scale_pdf, unique_subset_tags, write_output
    from printkit.render.sheets import render_set

    with out_folder(out, quiet=quiet):  # an error or a stop leaves no new empty folder
        result = DeckResult(warnings=read_warnings)

        def checked(done: int, total: int) -> None:
            if progress is not None:
                progress(f"{front.name} cards", done, total, f"card {done}/{total}")

        target = out / f"{front.name}.pdf"
        sheets = 0  # the deck's steps: its sheets, then the preflight and the write

        def step(done: int, total: int, name: str, stop: bool = True) -> None:
            if progress is not None:
                progress(front.name, done, total, name)
            if stop:
                interrupt.checkpoint()

        def drawn(i: int, n: int) -> None:
            nonlocal sheets
            sheets = n
            step(i, n + 2, f"sheet {i}/{n}")

        exported = []
        if fmts == ["pdf"]:  # sheet by sheet: each sheet's cards checked, drawn and let go
            pdf, result.pages, result.cards = _stream_pdf(
                front, back_layout, rows, options, problems=problems, notes=result.notes,
                allow_missing_glyphs=allow_missing_glyphs, warnings=result.warnings, checked=checked, drawn=drawn)
            del rows
            if warn is not None and result.warnings:
                warn(list(result.warnings))
        else:
            cset = deck_set(front, rows, options.theme, back_layout, allow_missing_glyphs=allow_missing_glyphs,
                            warnings=result.warnings, progress=checked, problems=problems)
            del rows
            if warn is not None and result.warnings:
                warn(list(result.warnings))
            interrupt.checkpoint()
            from printkit.export import Source, export_all

            # every format rendered before anything is written
            src = Source(front.name, front.title, [(front.name, front.title, cset)], [], options.theme, options.paper,
                         options.bleed, options.duplex, strict=True, back_offset=options.back_offset,
                         rotate_backs=options.rotate_backs, scale=options.scale)
            exported = export_all(src, fmts, progress=None if progress is None else
                                  lambda task, done, total, name: progress(f"{task} exports", done, total, name))
            result.cards = cset.count
            if "pdf" in fmts:
                laid: list = []
                pdf, result.pages = render_set(cset, paper=options.paper, theme=options.theme, bleed=options.bleed,
                                               duplex=options.duplex, back_offset=options.back_offset,
                                               game_title=front.title, notes=result.notes,
                                               rotate_backs=options.rotate_backs, progress=drawn, sheets_out=laid)
                from printkit.build import imposed_sheets, margin_note

                result.notes += margin_note(front.title, options.paper, len(laid),
                                            imposed_sheets(list(cset.components), options))
            del cset  # every card's resolved elements: free them before the preflight parses the PDF
        if "pdf" in fmts:
            pdf = unique_subset_tags(scale_pdf(pdf, options.scale))
            _refuse_findings(pdf, target.name)
            step(sheets + 1, sheets + 2, "preflight")
            write_output(target, pdf, stdout=False)
            step(sheets + 2, sheets + 2, "write", stop=False)  # written: too late to stop
            result.pdf = target
        if exported:
            from printkit.export import unique_notes, write_all

            kit_dir = out / front.name
            notes_of = {res.folder: list(res.notes) for res in exported}
            for folder, n in write_all([(kit_dir, res) for res in exported], progress):
                result.folders.append((folder, n, notes_of[folder.name]))
            result.export_notes = unique_notes(n for res in exported for n in res.notes)
        return result


def _stream_pdf(front: Layout, back: Layout | None, rows: list[dict], options, *, problems: Problems,
                notes: list[str], allow_missing_glyphs: bool, warnings: list[str], checked, drawn
                ) -> tuple[bytes, int, int]:
    """The deck's PDF, sheet by sheet: (PDF bytes, pages, cards).

    The cards of one sheet are checked (as :func:`deck_set` checks them),
    imposed (:func:`printkit.imposition.impose`: a deck is one group of
    equal pieces, so each sheet is imposed on its own exactly as the whole
    deck would be) and drawn; then they are let go, so memory does not grow
    with the deck.  A face placed more than once — a row's copies (``qty``),
    a layout without placeholders (every card the same), a face equal to an
    earlier card's — is drawn once as a form XObject, from the first copy
    known to repeat.  After the first problem no sheet is drawn, but every
    row is still checked (``checked(done, total)`` hears of them every
    :data:`PROGRESS_ROWS` rows) and :class:`DeckErrors` lists them all.
    ``drawn(i, n)``: sheet ``i`` of ``n`` is drawn.  A stop request
    (:mod:`printkit.interrupt`) is obeyed between cards.  ``rows`` is
    consumed: each row is let go (set to ``None``) once its card is made."""
    from printkit.imposition import grid_for, impose
    from printkit.render.sheets import draw_sheets, sheet_notes

    theme, paper = options.theme, options.paper
    if back is not None and (back.width, back.height, back.shape) != (front.width, front.height, front.shape):
        raise PrintkitError(
            f"{back.path}: the back is {back.width:g} × {back.height:g} mm ({back.shape}) but the front "
            f"{front.path.name} is {front.width:g} × {front.height:g} mm ({front.shape}); make them match"
        )
    cards = sum(row["qty"] for row in rows)
    if not cards:
        problems.check()
        raise PrintkitError(f"{front.path}: every card has qty 0")
    width, height = mm(front.width), mm(front.height)
    grid = grid_for(width, height, options.bleed, paper, allow_butt=front.shape == "rect", count=cards)
    per_sheet = grid.cols * grid.rows
    count = -(-cards // per_sheet)
    corner = None if front.corner is None else mm(front.corner)
    plans = [_plan(front, theme)] + ([_plan(back, theme)] if back is not None else [])
    every_card_alike = {plan.layout.path: plan.constant and cards > 1 for plan in plans}
    seen: set[str] = set()  # face keys placed so far …
    repeated: set[str] = set()  # … and those placed more than once: drawn as form XObjects

    def impose_sheet(pieces: list[Component]):
        return impose(pieces, paper, options.bleed, options.duplex, options.back_offset, options.rotate_backs,
                      fit_count=cards)

    def sheets():
        pieces: list[Component] = []
        total = len(rows)
        for n, row in enumerate(rows, 1):
            interrupt.checkpoint()
            if problems.total and (n % PROGRESS_ROWS == 0 or n == total):
                checked(n, total)
            rows[n - 1] = None  # let the row go once its card is made: memory stays flat
            qty = row["qty"]
            if qty == 0:
                continue
            faces = []
            for plan in plans:
                where = row_label(plan.layout, row, n)
                try:
                    key, background, items = _card(plan, row, where, allow_missing_glyphs, warnings)
                except PrintkitError as exc:
                    problems.add(exc)
                    continue
                faces.append(Face(key, _card_drawing(plan, background, items, where),
                                  " ".join(item[3] for item in items if item[0] == "text")))
            if problems.total:
                continue  # keep checking, draw nothing more
            for face, plan in zip(faces, plans):
                if qty > 1 or face.key in seen or every_card_alike[plan.layout.path]:
                    repeated.add(face.key)
                seen.add(face.key)
            comp = Component(f"{front.name}-{n}", width, height, faces[0], faces[1] if back is not None else None,
                             shape=front.shape, meta={"row": n}, corner=corner)
            for _ in range(qty):
                pieces.append(comp)
                if len(pieces) == per_sheet:
                    yield from impose_sheet(pieces)
                    pieces = []
        if pieces and not problems.total:
            yield from impose_sheet(pieces)
        problems.check()  # raised here, the canvas is dropped: nothing was written

    pdf, pages, short_marks, missing = draw_sheets(
        sheets(), count, title=front.title, paper=paper, theme=theme, duplex=options.duplex,
        two_sided=back is not None, shared=lambda name, face: face.key in repeated, game_title=front.title,
        rotate_backs=options.rotate_backs, progress=drawn)
    sheet_notes(notes, front.title, paper, short_marks, missing)
    if notes is not None:
        from printkit.build import margin_note

        def sheets_at(p) -> int:
            g = grid_for(width, height, options.bleed, p, allow_butt=front.shape == "rect", count=cards)
            return -(-cards // (g.cols * g.rows))

        notes += margin_note(front.title, paper, count, sheets_at)
    return pdf, pages, cards


def _card_drawing(plan: _Plan, background, items: tuple, where: str):
    def draw(c, box):
        _draw_card(c, box, background, items, plan.theme, plan.base, where)

    return draw


def _refuse_findings(pdf: bytes, name: str) -> None:
    """Preflight ``pdf`` before it is written; raise listing every finding."""
    from printkit.preflight import preflight

    findings = preflight(pdf, source=name, ours=True)
    if findings:
        raise PrintkitError("preflight failed, nothing written:\n  " + "\n  ".join(map(str, findings)))

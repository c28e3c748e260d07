"""Your own decks: cards from a data file (CSV or TOML) and a layout TOML.

A **layout** (TOML) describes one card face; lengths in **mm** measured from
the trim box's **top-left** corner (x right, y down), font sizes in **pt**::

    [card]
    name = "monsters"            # output file stem
    title = "Monster deck"
    size = "poker"               # or width = 63.5, height = 88.9 (mm)
    background = "{{ colour }}"  # a theme colour role or #rrggbb; runs to the bleed
    corner = 3                   # optional: trim corner radius (mm) for --format cut and shops

    [[element]]
    type = "text"                # text | box | circle | image | icon
    x = 5
    y = 6
    w = 53.5                     # optional: wrap/align inside this width
    text = "{{ title }}"
    font = "display"             # theme font role: display, body, bold, semibold, italic
    size = 14
    colour = "ink"
    align = "left"               # left | centre | right

Strings may hold jinja2 placeholders (``{{ field }}``) filled from each data
row: plain ``{{ field }}`` directly, anything else (filters, blocks,
expressions) in printkit's template sandbox (:mod:`printkit.sandbox`: no
access to Python internals, budgets on time, loop steps and string sizes).
An ``image`` ``src`` is a file inside the layout's folder (no absolute path,
no ``..`` or symlink leading out).  A ``qty`` column prints a row that many times.  Identical cards are
drawn once (form XObjects).  Errors name the file, the row or element and the
key: :class:`printkit.PrintkitError` (exit 1).
"""

from __future__ import annotations

import csv
import hashlib
import io
import keyword
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from printkit import PrintkitError
from printkit.model import Component, ComponentSet, Face
from printkit.inputfiles import escape_display, read_bytes, read_text, show
from printkit.rules import load_toml
from printkit.units import mm

#: Trim sizes in mm (print conventions).
CARD_SIZES = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini-euro": (44.0, 68.0),
    "tarot": (70.0, 120.0),
}

ELEMENT_KEYS = {
    "text": {"x", "y", "w", "text", "font", "size", "colour", "align", "leading"},
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
NUMERIC = {"x", "y", "w", "h", "size", "stroke_width", "radius", "cx", "cy", "r", "leading"}


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
                raise _Missing(f"{name!r} is undefined") from None
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
        raise PrintkitError(f"{where}: bad placeholder in {shown!r} ({exc.reason})") from None


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
    name = str(card.get("name") or path.stem)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "deck"
    size = card.get("size")
    if size is not None:
        if size not in CARD_SIZES:
            raise PrintkitError(f"{path}: [card] size {size!r}; choose one of: {', '.join(CARD_SIZES)} (or width/height in mm)")
        width, height = CARD_SIZES[size]
    else:
        width, height = card.get("width"), card.get("height")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 5 <= v <= 400 for v in (width, height)):
            raise PrintkitError(f"{path}: [card] needs size = \"poker\"… or width and height in mm (5–400)")
    shape = card.get("shape", "rect")
    if shape not in ("rect", "circle", "hex"):
        raise PrintkitError(f"{path}: [card] shape {shape!r}; choose rect, circle or hex")
    corner = card.get("corner")
    if corner is not None and (isinstance(corner, bool) or not isinstance(corner, (int, float))
                               or not 0 <= corner <= min(width, height) / 2 or shape != "rect"):
        raise PrintkitError(f"{path}: [card] corner must be a radius in mm from 0 to "
                            f"{min(width, height) / 2:g} on a rect card, got {corner!r}")
    env = lru_cache(maxsize=None)(_env)  # jinja2 only when a template needs it
    background = _compile(env, str(card["background"]), f"{path}: [card] background") if "background" in card else None
    elements = []
    raw = data.get("element", [])
    if not isinstance(raw, list):
        raise PrintkitError(f"{path}: [[element]] must be an array of tables")
    for i, el in enumerate(raw, 1):
        where = f"{path}: element {i}"
        if not isinstance(el, dict):
            raise PrintkitError(f"{where}: must be a table")
        kind = el.get("type")
        if kind not in ELEMENT_KEYS:
            raise PrintkitError(f"{where}: type {kind!r}; choose one of: {', '.join(ELEMENT_KEYS)}")
        unknown = set(el) - ELEMENT_KEYS[kind] - {"type"}
        if unknown:
            raise PrintkitError(f"{where} ({kind}): unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(ELEMENT_KEYS[kind]))}")
        missing = REQUIRED[kind] - set(el)
        if missing:
            raise PrintkitError(f"{where} ({kind}): missing {', '.join(sorted(missing))}")
        out: dict[str, Any] = {"type": kind}
        for key, value in el.items():
            if key == "type":
                continue
            if key == "dash":
                if (not isinstance(value, list) or not 1 <= len(value) <= 4 or any(
                        isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 100 for v in value)):
                    raise PrintkitError(f"{where} ({kind}): dash must be a list of 1–4 lengths in pt, e.g. [0, 5]")
                out[key] = tuple(float(v) for v in value)
            elif key in NUMERIC:
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not -1000 <= value <= 1000:
                    raise PrintkitError(f"{where} ({kind}): {key} must be a number (mm, or pt for size), got {value!r}")
                out[key] = float(value)
            else:
                out[key] = _compile(env, str(value), f"{where} ({kind}) {key}")
        if kind == "image":
            src = el["src"]
            if "{{" not in str(src) and not image_path(path.parent, str(src), f"{where} (image)").is_file():
                raise PrintkitError(f"{where} (image): src {src!r} not found next to the layout")
        elements.append(out)
    return Layout(path, safe, str(card.get("title") or name), float(width), float(height), shape, background,
                  tuple(elements), None if corner is None else float(corner))


def load_rows(path: Path) -> list[dict[str, Any]]:
    """Read card data: CSV (header row; UTF-8, BOM tolerated) or TOML (``[[card]]``).

    Each row is a dict of field → value; a ``qty`` field (whole number ≥ 0,
    default 1) is kept as ``qty``.  Raises :class:`printkit.PrintkitError`
    naming the file and row for a bad ``qty``, an empty file, or bad bytes.
    """
    path = Path(path)
    if path.suffix.lower() == ".toml":
        data = load_toml(path)
        rows = data.get("card")
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise PrintkitError(f"{path}: needs [[card]] tables, one per card")
        rows = [dict(r) for r in rows]
    else:
        text = read_text(path, max_bytes=MAX_DATA_BYTES)
        try:
            reader = csv.DictReader(io.StringIO(text))
            rows = [dict(r) for r in reader]
        except csv.Error as exc:
            raise PrintkitError(f"{path}: invalid CSV ({exc})") from None
        for n, row in enumerate(rows, 2):
            if None in row:
                raise PrintkitError(f"{path}: row {n} has more cells than the header")
    if not rows:
        raise PrintkitError(f"{path}: no cards")
    for n, row in enumerate(rows, 1):
        qty = row.get("qty", 1)
        try:
            qty = int(str(qty).strip() or "1")
        except ValueError:
            raise PrintkitError(f"{path}: card {n}: qty {row.get('qty')!r} is not a whole number") from None
        if not 0 <= qty <= MAX_QTY:
            raise PrintkitError(f"{path}: card {n}: qty {qty} outside 0–{MAX_QTY}")
        row["qty"] = qty
    total = sum(row["qty"] for row in rows)
    if total > MAX_CARDS:
        raise PrintkitError(f"{escape_display(str(path))}: {total:,} cards in all (qty summed over {len(rows):,} rows); "
                            f"a deck prints at most {MAX_CARDS:,}")
    return rows


def _render(template, row: dict, where: str) -> str:
    if type(template) is str:
        return template
    if type(template) is _Fill:
        try:
            return template.fill(row)
        except _Missing as exc:
            raise PrintkitError(f"{where}: {exc.message} (no such column in the data)") from None
    from printkit import sandbox

    try:
        return sandbox.render(template, row, where)
    except sandbox.TemplateError as exc:
        if exc.kind == "undefined":
            raise PrintkitError(f"{where}: {exc.reason} (no such column in the data)") from None
        raise PrintkitError(f"{where}: {exc.reason}") from None


def resolve(layout: Layout, row: dict, where: str) -> list[dict]:
    """The layout's elements with every placeholder filled from ``row``
    (constant values are copied as they are)."""
    out = []
    for i, el in enumerate(layout.elements, 1):
        done = dict(el)
        for key, value in el.items():
            if type(value) is _Fill:
                try:
                    done[key] = value.fill(row)
                except _Missing as exc:
                    raise PrintkitError(f"{where}, element {i} {key}: {exc.message} (no such column in the data)") from None
            elif hasattr(value, "render"):
                done[key] = _render(value, row, f"{where}, element {i} {key}")
        out.append(done)
    return out


_COLOURS: dict[tuple[int, str], tuple[Any, Any]] = {}


def image_path(base: Path, src: str, where: str) -> Path:
    """The file ``src`` (relative to the layout's folder ``base``), symlinks
    and ``..`` resolved.  Raises :class:`printkit.PrintkitError` naming
    ``where`` when ``src`` is absolute or leads outside ``base``."""
    text = str(src)
    rel = Path(text)
    if not text.strip() or rel.is_absolute() or "\0" in text:
        raise PrintkitError(f"{where}: image {show(src)} must be a file name relative to the layout's folder")
    root = Path(base).resolve()
    full = (root / rel).resolve()
    if full != root and root not in full.parents:
        raise PrintkitError(f"{where}: image {show(src)} leads outside the layout's folder ({root})")
    return full


#: Images read for drawing: resolved path → ((size, mtime), ImageReader); a few at a time.
_IMAGES: dict[Path, tuple[tuple[int, int], Any]] = {}


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return escape_display(text if len(text) <= 160 else text[:140] + "…")


def _image_reader(path: Path, src: str, where: str):
    """An ``ImageReader`` over the bytes of ``path``, read with
    :func:`printkit.inputfiles.read_bytes` (regular file, image size cap);
    kept for the next card while the file is unchanged."""
    from reportlab.lib.utils import ImageReader

    try:
        st = path.stat()
        stamp = (st.st_size, st.st_mtime_ns)
    except OSError:
        stamp = (-1, -1)
    hit = _IMAGES.get(path)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    data = read_bytes(path, kind="image")
    try:
        reader = ImageReader(io.BytesIO(data))
    except Exception as exc:  # Pillow raises many types for bad images
        raise PrintkitError(f"{where}: cannot read image {show(src)} ({_one_line(exc)})") from None
    if len(_IMAGES) >= 8:
        _IMAGES.pop(next(iter(_IMAGES)))
    _IMAGES[path] = (stamp, reader)
    return reader


def _colour(theme, value: str | None, where: str):
    """reportlab colour of ``value`` (``#rrggbb`` or a theme role), parsed
    once per theme and value."""
    hit = _COLOURS.get((id(theme), value))
    if hit is not None and hit[0] is theme:
        return hit[1]
    colour = _parse_colour(theme, value, where)
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
            raise PrintkitError(f"{where}: colour {value!r} is not #rrggbb") from None
    game, _, role = value.rpartition(".")
    try:
        return HexColor(theme.hex(role, game or None) if not game or role in theme.games.get(game, {})
                        else theme.hex(value))
    except PrintkitError:
        raise PrintkitError(f"{where}: colour {value!r} is neither #rrggbb nor a theme colour "
                            f"({', '.join(sorted(theme.colours))}, or <game>.<role> from a game "
                            f"palette of the theme)") from None


def draw_elements(c, box, elements: list[dict], background: str | None, theme, base: Path, where: str) -> None:
    """Draw resolved ``elements`` on a face (reportlab canvas, origin at the
    trim box's bottom-left, pt).  Layout y grows downwards from the top."""
    H = box.height
    if background:
        c.setFillColor(_colour(theme, background, f"{where} background"))
        c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, H + 2 * box.bleed, stroke=0, fill=1)
    for i, el in enumerate(elements, 1):
        at = f"{where}, element {i} ({el['type']})"
        kind = el["type"]
        if kind == "text":
            role = el.get("font", "body")
            if role not in theme.fonts:
                raise PrintkitError(f"{at}: font {role!r}; choose one of: {', '.join(theme.fonts)}")
            font, size = theme.font(role), el.get("size", 9.0)
            c.setFont(font, size)
            c.setFillColor(_colour(theme, el.get("colour", "ink"), at))
            x, top = mm(el["x"]), H - mm(el["y"])
            width = mm(el["w"]) if "w" in el else None
            lines = _split(el["text"], font, size, width) if width else el["text"].split("\n")
            leading = el.get("leading", size * 1.2)
            align = el.get("align", "left")
            if align not in ("left", "centre", "center", "right"):
                raise PrintkitError(f"{at}: align {align!r}; choose left, centre or right")
            for n, line in enumerate(lines):
                y = top - size * 0.8 - n * leading
                if align == "left" or width is None:
                    c.drawString(x, y, line)
                elif align == "right":
                    c.drawRightString(x + width, y, line)
                else:
                    c.drawCentredString(x + width / 2, y, line)
        elif kind in ("box", "circle"):
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
                raise PrintkitError(f"{at}: image {show(el['src'])} not found next to the layout")
            reader = _image_reader(src, el["src"], at)
            try:
                c.drawImage(reader, mm(el["x"]), H - mm(el["y"]) - mm(el["h"]), mm(el["w"]), mm(el["h"]),
                            preserveAspectRatio=True, anchor="c", mask="auto")
            except Exception as exc:  # reportlab/Pillow raise many types for bad images
                raise PrintkitError(f"{at}: cannot read image {show(el['src'])} ({_one_line(exc)})") from None
        elif kind == "icon":
            name = el["name"].strip()
            fill = _colour(theme, el.get("fill", "ink"), at)
            detail = _colour(theme, el.get("detail", "paper"), at)
            x, y, size = mm(el["cx"]), H - mm(el["cy"]), mm(el["size"])
            draw_icon = deck_icons().get(name)
            if draw_icon is None:
                raise PrintkitError(f"{at}: icon {name!r}; choose one of: {', '.join(deck_icons())}")
            draw_icon(c, x, y, size, fill, detail)


def layout_face(layout: Layout, row: dict, theme, where: str) -> Face:
    """One face of ``layout`` filled from ``row`` (a dict of field → value).

    The face key hashes the filled elements, so equal rows share one drawing.
    Raises :class:`printkit.PrintkitError` naming ``where`` for a placeholder
    with no matching field.
    """
    elements = resolve(layout, row, where)
    background = _render(layout.background, row, f"{where}, [card] background") if layout.background else None
    # check colours and fonts now, so errors name the row before any drawing
    # repr is exact and stable here: elements are dicts built in layout order of str/float/tuple
    key_src = repr((background, elements))
    key = f"deck/{layout.name}/" + hashlib.sha1(key_src.encode("utf-8")).hexdigest()[:20]
    text = " ".join(el["text"] for el in elements if el["type"] == "text")

    def draw(c, box, _e=elements, _b=background):
        draw_elements(c, box, _e, _b, theme, layout.path.parent, where)

    return Face(key, draw, text)


def deck_set(layout: Layout, rows: list[dict], theme, back: Layout | None = None) -> ComponentSet:
    """Components for every row × qty: fronts from ``layout``, backs from ``back``.

    Raises :class:`printkit.PrintkitError` naming the row for a placeholder
    with no matching column.
    """
    if back is not None and (back.width, back.height, back.shape) != (layout.width, layout.height, layout.shape):
        raise PrintkitError(
            f"{back.path}: the back is {back.width:g} × {back.height:g} mm ({back.shape}) but the front "
            f"{layout.path.name} is {layout.width:g} × {layout.height:g} mm ({layout.shape}); make them match"
        )
    comps = []
    for n, row in enumerate(rows, 1):
        if row["qty"] == 0:
            continue
        where = f"{layout.path.name}: card {n}"
        front = layout_face(layout, row, theme, where)
        back_face = layout_face(back, row, theme, f"{back.path.name}: card {n}") if back else None
        comps.append(Component(
            f"{layout.name}-{n}", mm(layout.width), mm(layout.height), front, back_face,
            shape=layout.shape, quantity=row["qty"], meta={"row": n},
            corner=None if layout.corner is None else mm(layout.corner),
        ))
    if not comps:
        raise PrintkitError(f"{layout.path}: every card has qty 0")
    return ComponentSet(layout.name, layout.title, "card", tuple(comps))

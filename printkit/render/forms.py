"""AcroForm fields over rendered pages: fill on screen, print like the paper version.

The engine knows no game: a component lists :class:`FieldSpec` s (rects relative
to its trim origin, see :attr:`printkit.model.Component.fields`), the renderer
moves them to page coordinates and :func:`add_fields` writes them into the PDF
after reportlab has saved it.

What the fields look like, and why:

* **Font**: every text field uses the theme's body font, embedded **in full**
  (not subset, so a viewer can type any character it covers) as a TrueType
  font with ``/WinAnsiEncoding`` (Windows-1252: Latin-1 plus – — € Ž š Œ …).
  It is the only font in ``/AcroForm /DR``; no base-14 font is referenced
  (reportlab's ``acroForm`` only knows base-14 fonts, so fields are built here
  with pikepdf).
* **Appearances**: every widget carries ``/AP /N``: an empty ``/Tx BMC EMC``
  stream for a text field, ``/Off`` (empty) and ``/Yes`` (a vector tick, no
  ZapfDingbats) for a checkbox, so viewers that never regenerate appearances
  (pdftoppm, print drivers, browsers) show the right thing.
  ``/NeedAppearances`` is not set.  :func:`fill_fields` fills values and
  writes matching appearances with the same font.
* **Printing**: ``/F 4`` (print) on every widget, nothing hidden, no ``/MK``
  border or background colours: the sheet art already draws the boxes, so an
  empty fillable page prints exactly like the non-fillable one.
* **Names**: dotted full names become a real field hierarchy
  (``p1`` → ``circle`` → ``B3``: non-terminal parents with ``/Kids``, partial
  ``/T`` without dots); each terminal field is merged with its widget and
  also carries its full name as ``/TM`` (the standard export name), so tools
  that copy pages without the hierarchy (pypdf ``add_page`` drops ``/Parent``
  and ``/AcroForm``) leave every widget identifiable.

Lengths in points.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from printkit import PrintkitError

KINDS = ("text", "checkbox")
ALIGN = {"left": 0, "centre": 1, "right": 2}
#: Widget annotation flag: print.
PRINT_FLAG = 4
#: Name of the field font in ``/AcroForm /DR /Font``.
FONT_RESOURCE = "PKFieldFont"
#: Text field flags: do not spell check (bit 23), do not scroll (bit 24).
_TX_FLAGS = (1 << 22) | (1 << 23)
#: State name of a ticked checkbox written by :func:`add_fields` (viewers may write others).
ON_STATE = "Yes"

_PARTIAL = re.compile(r"[^.\s]+")


@dataclass(frozen=True)
class FieldSpec:
    """One form field.

    ``name``: full dotted name, e.g. ``"p1.circle.B3"`` (parts: no dots, no
    spaces); ``kind``: "text" or "checkbox"; ``rect``: ``(x, y, w, h)`` pt
    relative to the component's trim origin (:func:`add_fields` takes them
    moved to page coordinates, see :meth:`moved`); ``font_size``: pt of the
    typed text; ``max_length``: characters a text field accepts (``None``:
    unlimited); ``align``: "left", "centre" or "right"; ``tooltip``: what a
    viewer shows on hover (``/TU``).
    """

    name: str
    kind: str
    rect: tuple[float, float, float, float]
    font_size: float = 10.0
    max_length: int | None = None
    align: str = "left"
    tooltip: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"field {self.name}: kind {self.kind!r} not in {KINDS}")
        if self.align not in ALIGN:
            raise ValueError(f"field {self.name}: align {self.align!r} not in {tuple(ALIGN)}")
        parts = self.name.split(".")
        if not all(_PARTIAL.fullmatch(p) for p in parts):
            raise ValueError(f"field name {self.name!r}: parts must be non-empty, without dots or spaces")
        if self.rect[2] <= 0 or self.rect[3] <= 0:
            raise ValueError(f"field {self.name}: empty rect {self.rect}")

    def moved(self, dx: float, dy: float) -> "FieldSpec":
        """This field with its rect moved by (``dx``, ``dy``) pt."""
        x, y, w, h = self.rect
        return replace(self, rect=(x + dx, y + dy, w, h))


# --------------------------------------------------------------------------- font


@dataclass(frozen=True)
class FieldFont:
    """Metrics of the field font (1/1000 em): widths per WinAnsi code."""

    data: bytes = field(repr=False)
    ps_name: str
    widths: tuple[float, ...]        # codes 32..255
    bbox: tuple[float, float, float, float]
    ascent: float
    descent: float
    cap_height: float
    italic_angle: float

    def encode(self, text: str, field: str = "") -> bytes:
        """``text`` in Windows-1252; raises :class:`printkit.PrintkitError`
        naming the field and the first character the font encoding cannot hold."""
        try:
            return text.encode("cp1252")
        except UnicodeEncodeError as exc:
            ch = text[exc.start]
            raise PrintkitError(
                f"field {field or '?'}: {ch!r} (U+{ord(ch):04X}) cannot be written in this form's font "
                "(Windows-1252 / WinAnsi: Latin letters, accents, – — € Ž š Œ); "
                "use a transliteration"
            ) from None

    def width(self, data: bytes, size: float) -> float:
        """Advance width in pt of encoded ``data`` at ``size`` pt."""
        return sum(self.widths[b - 32] if b >= 32 else 0.0 for b in data) * size / 1000.0


def field_font(path: Path) -> FieldFont:
    """Metrics and bytes of the TrueType font file at ``path``."""
    from printkit.inputfiles import read_bytes

    return font_from_bytes(read_bytes(path, kind="font"), str(path))


@lru_cache(maxsize=8)
def font_from_bytes(data: bytes, label: str = "field font") -> FieldFont:
    """Read the metrics of a TrueType font (fontTools)."""
    from fontTools.ttLib import TTFont

    try:
        ft = TTFont(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001 - any parse failure is a bad font file
        raise PrintkitError(f"{label}: not a readable TrueType font ({exc})") from None
    if "glyf" not in ft:
        raise PrintkitError(f"{label}: needs TrueType outlines (glyf), not CFF")
    upm = ft["head"].unitsPerEm
    scale = 1000.0 / upm
    cmap = ft.getBestCmap()
    hmtx = ft["hmtx"]
    widths = []
    for code in range(32, 256):
        ch = bytes([code]).decode("cp1252", errors="ignore")
        glyph = cmap.get(ord(ch)) if ch else None
        widths.append(round(hmtx[glyph][0] * scale, 1) if glyph else 0.0)
    head, os2 = ft["head"], ft["OS/2"]
    return FieldFont(
        data=data,
        ps_name=(ft["name"].getDebugName(6) or "PrintkitFieldFont").replace(" ", ""),
        widths=tuple(widths),
        bbox=tuple(round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)),
        ascent=round(os2.sTypoAscender * scale),
        descent=round(os2.sTypoDescender * scale),
        cap_height=round((getattr(os2, "sCapHeight", 0) or 700 * upm / 1000) * scale),
        italic_angle=float(ft["post"].italicAngle),
    )


def _font_dict(pdf: pikepdf.Pdf, font: FieldFont) -> pikepdf.Object:
    data = font.data
    file2 = pikepdf.Stream(pdf, data)
    file2.Length1 = len(data)
    desc = Dictionary(
        Type=Name.FontDescriptor, FontName=Name("/" + font.ps_name), Flags=32,
        FontBBox=Array(list(font.bbox)), ItalicAngle=font.italic_angle, Ascent=font.ascent,
        Descent=font.descent, CapHeight=font.cap_height, StemV=80, FontFile2=pdf.make_indirect(file2),
    )
    return pdf.make_indirect(Dictionary(
        Type=Name.Font, Subtype=Name.TrueType, BaseFont=Name("/" + font.ps_name),
        FirstChar=32, LastChar=255, Widths=Array(list(font.widths)),
        Encoding=Name.WinAnsiEncoding, FontDescriptor=pdf.make_indirect(desc),
    ))


# --------------------------------------------------------------------------- appearances


def _fmt(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return s if s not in ("-0", "") else "0"


def _pdf_string(data: bytes) -> bytes:
    return b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)").replace(
        b"\r", b"\\r").replace(b"\n", b"\\n") + b")"


def _colour_op(rgb: tuple[float, float, float], stroke: bool) -> str:
    return " ".join(_fmt(c) for c in rgb) + (" RG" if stroke else " rg")


def _da(size: float, rgb: tuple[float, float, float]) -> str:
    return f"/{FONT_RESOURCE} {_fmt(size)} Tf {_colour_op(rgb, False)}"


def text_appearance(font: FieldFont, spec: FieldSpec, value: str, rgb: tuple[float, float, float]) -> bytes:
    """Content of a text field's normal appearance showing ``value``: one
    line, cap height centred vertically, aligned as ``spec.align`` with a
    2 pt inset; shrunk (down to 60 %) when it would not fit the width."""
    _, _, w, h = spec.rect
    if not value:
        return b"/Tx BMC\nEMC\n"
    data = font.encode(value, spec.name)
    size = spec.font_size
    pad = 2.0
    tw = font.width(data, size)
    if tw > w - 2 * pad:
        size = max(size * 0.6, size * (w - 2 * pad) / tw)
        tw = font.width(data, size)
    x = {"left": pad, "centre": (w - tw) / 2, "right": w - pad - tw}[spec.align]
    y = (h - font.cap_height * size / 1000.0) / 2
    body = (
        f"/Tx BMC\nq\n0 0 {_fmt(w)} {_fmt(h)} re W n\nBT\n{_da(size, rgb)}\n{_fmt(x)} {_fmt(y)} Td\n"
    ).encode("ascii") + _pdf_string(data) + b" Tj\nET\nQ\nEMC\n"
    return body


def tick_appearance(w: float, h: float, rgb: tuple[float, float, float]) -> bytes:
    """A ticked checkbox: a hand-drawn-looking tick stroked in vector."""
    s = min(w, h)
    lw = max(1.0, s * 0.11)
    ox, oy = (w - s) / 2, (h - s) / 2
    pts = [(0.22, 0.52), (0.42, 0.28), (0.80, 0.76)]
    p = [(ox + s * a, oy + s * b) for a, b in pts]
    return (
        f"q\n{_colour_op(rgb, True)}\n{_fmt(lw)} w 1 J 1 j\n"
        f"{_fmt(p[0][0])} {_fmt(p[0][1])} m {_fmt(p[1][0])} {_fmt(p[1][1])} l "
        f"{_fmt(p[2][0])} {_fmt(p[2][1])} l S\nQ\n"
    ).encode("ascii")


def _xobject(pdf: pikepdf.Pdf, content: bytes, w: float, h: float, resources) -> pikepdf.Object:
    st = pikepdf.Stream(pdf, content)
    st.Type = Name.XObject
    st.Subtype = Name.Form
    st.BBox = Array([0, 0, w, h])
    if resources is not None:
        st.Resources = resources
    return pdf.make_indirect(st)


# --------------------------------------------------------------------------- writing


def _hex_rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def add_fields(
    pdf_bytes: bytes,
    pages: Mapping[int, Iterable[FieldSpec]],
    *,
    font_file: Path,
    colour: str = "#000000",
) -> bytes:
    """Add form fields to the PDF ``pdf_bytes``; return the new PDF.

    ``pages``: 0-based page index → fields with rects in **page**
    coordinates.  ``font_file``: the TrueType font for typed text (embedded in
    full, WinAnsi); ``colour``: sRGB hex of typed text and ticks.  Raises
    :class:`ValueError` for a page index out of range or a full name used twice
    (or both as a field and as a parent of fields), :class:`printkit.PrintkitError`
    for a font whose licence forbids typing into it (preview & print only:
    :func:`printkit.fontfiles.editing_problem`).  Deterministic: equal
    inputs give equal bytes.
    """
    font = field_font(Path(font_file))
    from printkit.fontfiles import editing_problem

    forbidden = editing_problem(font.data)
    if forbidden:
        raise PrintkitError(f"--fillable: the form fields' font (the theme's body font) {Path(font_file).name} "
                            f"is {forbidden}")
    rgb = _hex_rgb(colour)
    specs = [(i, s) for i, ss in sorted(pages.items()) for s in ss]
    if not specs:
        return pdf_bytes
    names = [s.name for _, s in specs]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError(f"form fields named twice: {', '.join(dup[:5])}")
    prefixes = {".".join(n.split(".")[:k]) for n in names for k in range(1, n.count(".") + 1)}
    clash = sorted(prefixes & set(names))
    if clash:
        raise ValueError(f"form field names used as both field and parent: {', '.join(clash[:5])}")

    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    n_pages = len(pdf.pages)
    font_ref = _font_dict(pdf, font)
    dr = Dictionary(Font=Dictionary({"/" + FONT_RESOURCE: font_ref}))
    res = pdf.make_indirect(Dictionary(Font=Dictionary({"/" + FONT_RESOURCE: font_ref})))
    tick_cache: dict[tuple[float, float], pikepdf.Object] = {}
    off_cache: dict[tuple[float, float], pikepdf.Object] = {}

    parents: dict[str, pikepdf.Object] = {}
    top: list[pikepdf.Object] = []

    def parent_of(full: str) -> pikepdf.Object | None:
        if "." not in full:
            return None
        pname, _, part = full.rpartition(".")
        if pname in parents:
            return parents[pname]
        grand = parent_of(pname)
        node = pdf.make_indirect(Dictionary(T=String(pname.rpartition(".")[2]), Kids=Array()))
        if grand is None:
            top.append(node)
        else:
            node.Parent = grand
            grand.Kids.append(node)
        parents[pname] = node
        return node

    for page_i, spec in specs:
        if not 0 <= page_i < n_pages:
            raise ValueError(f"field {spec.name}: page {page_i} not in 0..{n_pages - 1}")
        page = pdf.pages[page_i]
        x, y, w, h = spec.rect
        size_key = (round(w, 3), round(h, 3))
        widget = Dictionary(
            Type=Name.Annot, Subtype=Name.Widget, F=PRINT_FLAG,
            Rect=Array([x, y, x + w, y + h]), T=String(spec.name.rpartition(".")[2]), TM=String(spec.name),
            P=page.obj, Border=Array([0, 0, 0]),
        )
        if spec.tooltip:
            widget.TU = String(spec.tooltip)
        if spec.kind == "text":
            widget.FT = Name.Tx
            widget.Ff = _TX_FLAGS
            widget.DA = String(_da(spec.font_size, rgb))
            widget.Q = ALIGN[spec.align]
            widget.V = String("")
            if spec.max_length:
                widget.MaxLen = spec.max_length
            # one stream per widget: fillers (pypdf, viewers) rewrite it in place
            widget.AP = Dictionary(N=_xobject(pdf, b"/Tx BMC\nEMC\n", w, h, res))
        else:
            widget.FT = Name.Btn
            widget.Ff = 0
            widget.V = Name.Off
            widget.AS = Name.Off
            if size_key not in tick_cache:
                tick_cache[size_key] = _xobject(pdf, tick_appearance(w, h, rgb), w, h, None)
                off_cache[size_key] = _xobject(pdf, b"", w, h, None)
            widget.AP = Dictionary(N=Dictionary({"/" + ON_STATE: tick_cache[size_key], "/Off": off_cache[size_key]}))
        ref = pdf.make_indirect(widget)
        parent = parent_of(spec.name)
        if parent is None:
            top.append(ref)
        else:
            ref.Parent = parent
            parent.Kids.append(ref)
        if "/Annots" not in page.obj:
            page.obj.Annots = pdf.make_indirect(Array())
        page.obj.Annots.append(ref)

    acro = pdf.Root.get("/AcroForm")
    if acro is None:
        pdf.Root.AcroForm = pdf.make_indirect(Dictionary(Fields=Array(), DR=dr, DA=String(_da(0, rgb))))
        acro = pdf.Root.AcroForm
    for node in top:
        acro.Fields.append(node)
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.preserve)
    return out.getvalue()


# --------------------------------------------------------------------------- filling


def fill_fields(pdf_bytes: bytes, values: Mapping[str, str | bool], *, colour: str | None = None) -> bytes:
    """Fill fields of a PDF made by :func:`add_fields` and write their appearances.

    ``values``: full field name → text (text fields) or bool (checkboxes).
    Appearances use the form's own font (``/DR``), so a viewer that never
    regenerates appearances shows the values.  Raises
    :class:`printkit.PrintkitError` for an unknown field name, a character the
    font's encoding cannot hold (naming field and character) or text longer
    than the field's ``/MaxLen``.  ``colour`` (hex) overrides the colour in
    each field's ``/DA``.
    """
    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    acro = pdf.Root.get("/AcroForm")
    if acro is None:
        raise PrintkitError("this PDF has no form fields")
    try:
        font_ref = acro.DR.Font["/" + FONT_RESOURCE]
    except (AttributeError, KeyError):
        raise PrintkitError(f"this PDF's form has no /{FONT_RESOURCE} font (not made by printkit)") from None
    font = font_from_bytes(bytes(font_ref.FontDescriptor.FontFile2.read_bytes()))
    res = pdf.make_indirect(Dictionary(Font=Dictionary({"/" + FONT_RESOURCE: font_ref})))
    found: dict[str, pikepdf.Object] = {}

    def walk(node, prefix: str) -> None:
        name = prefix + str(node.T) if "/T" in node else prefix.rstrip(".")
        if "/Kids" in node:
            for k in node.Kids:
                walk(k, name + ".")
        else:
            found[name] = node

    for f in acro.Fields:
        walk(f, "")
    unknown = sorted(set(values) - set(found))
    if unknown:
        raise PrintkitError(f"no form field named {', '.join(unknown[:5])}")
    for name, value in values.items():
        w = found[name]
        x0, y0, x1, y1 = (float(v) for v in w.Rect)
        if w.FT == Name.Btn:
            on = [k for k in w.AP.N.keys() if k != "/Off"]
            state = Name(on[0]) if value and on else Name.Off
            w.V = state
            w.AS = state
            continue
        text = str(value)
        if "/MaxLen" in w and len(text) > int(w.MaxLen):
            raise PrintkitError(f"field {name}: {text!r} is longer than {int(w.MaxLen)} characters")
        size, rgb = _parse_da(str(w.DA))
        if colour is not None:
            rgb = _hex_rgb(colour)
        spec = FieldSpec(name, "text", (0, 0, x1 - x0, y1 - y0), size,
                         align={0: "left", 1: "centre", 2: "right"}.get(int(w.get("/Q", 0)), "left"))
        w.V = String(text)
        w.AP = Dictionary(N=_xobject(pdf, text_appearance(font, spec, text, rgb), x1 - x0, y1 - y0, res))
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()


def _parse_da(da: str) -> tuple[float, tuple[float, float, float]]:
    m = re.search(r"([\d.]+)\s+Tf", da)
    size = float(m.group(1)) if m else 10.0
    c = re.search(r"([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+rg", da)
    rgb = tuple(float(v) for v in c.groups()) if c else (0.0, 0.0, 0.0)
    return (size or 10.0), rgb  # type: ignore[return-value]


__all__ = ["FieldSpec", "FieldFont", "add_fields", "fill_fields", "field_font", "text_appearance",
           "tick_appearance", "ON_STATE", "PRINT_FLAG", "FONT_RESOURCE"]

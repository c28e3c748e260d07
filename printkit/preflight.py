"""Preflight: the checks a print shop runs before accepting a PDF.

:func:`preflight` opens a PDF with pypdf and with pikepdf (qpdf) and reports

* ``open``: the file does not open cleanly, is encrypted, or qpdf finds damage;
* ``font-not-embedded``: a font (in a page, a form XObject or the AcroForm's
  /DR) without an embedded font program — base-14 fonts included;
* ``page-boxes``: TrimBox ⊄ BleedBox or BleedBox ⊄ MediaBox;
* ``colour-mix``: with ``pdfx=True``, DeviceRGB and DeviceCMYK both used;
* ``field-not-printed``: a form widget without the print flag, or hidden;
* ``malformed``: an object the checks cannot read — a page box that is not
  four finite numbers, an ``/Annots`` that is not an array, a Type0 font
  without ``/DescendantFonts``, a font or ``/Resources /Font`` that is not a
  dictionary, …: one finding naming the page and the object, and the other
  checks go on.

Every ``printkit build`` runs it on what it wrote and fails loudly on a finding.

Untrusted PDFs (issue 10): a path is read with
:func:`printkit.inputfiles.read_bytes` (``kind="pdf"``: regular files only, at
most 64 MB; a FIFO or ``/dev/zero`` is an ``open`` finding at once); a damaged
file never raises — every page's checks are guarded, so one bad object gives
one finding; names and exception texts in findings are shortened and
escaped, so each finding is one bounded line.
"""

from __future__ import annotations

import hashlib
import io
import os
import math
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pikepdf

from printkit import PrintkitError
from printkit.inputfiles import escape_display, pdf_count_problem, read_bytes
from printkit.messages import clip

TOL = 0.01  # pt


@dataclass(frozen=True)
class Finding:
    """One preflight problem: ``code`` (above), 1-based ``page`` (0 = whole file), message."""

    source: str
    code: str
    page: int
    message: str

    def __str__(self) -> str:
        """One line (control characters escaped, a long source shortened)."""
        where = f"page {self.page}: " if self.page else ""
        return escape_display(f"{clip(self.source, 160)}: {where}[{self.code}] {self.message}")


class _Malformed(Exception):
    """An object the checks cannot read; the text says what is wrong with it."""


#: The object types the checks read: pikepdf's, and pypdf's once :func:`_with_pypdf` has
#: run (pypdf is imported only by the two-parser preflight: 0.1 s and 17 MB of start-up).
_DICTS: tuple = (pikepdf.Dictionary, pikepdf.Stream)
_ARRAYS: tuple = (pikepdf.Array,)
_NAMES: tuple = (pikepdf.Name,)
_INDIRECT: tuple = ()


def _with_pypdf() -> None:
    """Let the checks read pypdf's objects too (imports ``pypdf.generic``)."""
    global _DICTS, _ARRAYS, _NAMES, _INDIRECT
    if _INDIRECT:
        return
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

    _DICTS = (DictionaryObject, pikepdf.Dictionary, pikepdf.Stream)
    _ARRAYS = (ArrayObject, pikepdf.Array)
    _NAMES = (NameObject, pikepdf.Name)
    _INDIRECT = (IndirectObject,)


def _deref(obj):
    """``obj`` with a pypdf indirect reference resolved (pikepdf resolves its own)."""
    seen = 0
    while isinstance(obj, _INDIRECT) and seen < 32:
        obj = obj.get_object()
        seen += 1
    return obj


def _is_dict(obj) -> bool:
    return isinstance(obj, _DICTS)


def _is_array(obj) -> bool:
    return isinstance(obj, _ARRAYS)


def _is_number(obj) -> bool:
    return isinstance(obj, (int, float, Decimal)) and not isinstance(obj, bool)


def _kind(obj) -> str:
    """What a PDF object is, in words (for a finding)."""
    if obj is None:
        return "missing"
    if isinstance(obj, bool):
        return "a boolean"
    if _is_number(obj):
        return "a number"
    if isinstance(obj, _NAMES):
        return "a name"
    if isinstance(obj, (str, bytes, pikepdf.String)):
        return "a string"
    if _is_array(obj):
        return f"an array of {len(obj):,} value(s)"
    if _is_dict(obj):
        return "a dictionary"
    return type(obj).__name__


def _text(obj, limit: int = 80) -> str:
    """A PDF name or string as shown in a finding: shortened, one line."""
    return escape_display(clip(str(obj), limit))


#: Page boxes, and whether a page inherits them from its /Pages parents.
_BOXES = (("/MediaBox", True), ("/CropBox", True), ("/BleedBox", False), ("/TrimBox", False))


def _box(page, name: str, inherited: bool) -> tuple[float, float, float, float] | None:
    """The page's ``name`` box as four numbers, ``None`` when absent; raises
    :class:`_Malformed` when it is not an array of four finite numbers."""
    node, raw, depth = page, None, 0
    while _is_dict(node) and depth < 64:
        raw = _deref(node.get(name))
        if raw is not None or not inherited:
            break
        node = _deref(node.get("/Parent"))
        depth += 1
    if raw is None:
        return None
    if not _is_array(raw):
        raise _Malformed(f"{name} is {_kind(raw)}, not an array of four numbers")
    if len(raw) != 4:
        raise _Malformed(f"{name} is {_kind(raw)}, not four numbers")
    values = [_deref(v) for v in raw]
    bad = [v for v in values if not _is_number(v)]
    if bad:
        raise _Malformed(f"{name} holds {_kind(bad[0])} where a number belongs")
    box = tuple(float(v) for v in values)
    if not all(math.isfinite(v) for v in box):
        raise _Malformed(f"{name} holds a number that is not finite")
    return box


def _page_boxes(page) -> tuple[tuple, tuple, tuple]:
    """(MediaBox, BleedBox, TrimBox) with the PDF defaults (BleedBox and
    TrimBox default to the CropBox, the CropBox to the MediaBox)."""
    boxes = {name: _box(page, name, inherited) for name, inherited in _BOXES}
    media = boxes["/MediaBox"]
    if media is None:
        raise _Malformed("/MediaBox is missing (the page has no size)")
    crop = boxes["/CropBox"] or media
    return media, boxes["/BleedBox"] or crop, boxes["/TrimBox"] or crop


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - TOL and inner[1] >= outer[1] - TOL
            and inner[2] <= outer[2] + TOL and inner[3] <= outer[3] + TOL)


def _fonts_in(resources, seen: set, out: list, bad: list[str]) -> None:
    """Collect the font dicts of a /Resources dict (pypdf objects), and of
    the form XObjects it uses, nested or not (walked with a stack: a chain of
    thousands of forms cannot exhaust Python's recursion)."""
    stack = [resources]
    while stack:
        res = _deref(stack.pop())
        if res is None:
            continue
        if not _is_dict(res):
            bad.append(f"/Resources is {_kind(res)}, not a dictionary")
            continue
        fonts = _deref(res.get("/Font"))
        if fonts is not None and not _is_dict(fonts):
            bad.append(f"/Resources /Font is {_kind(fonts)}, not a dictionary")
        elif fonts is not None:
            for ref in fonts.values():
                key = ref.idnum if hasattr(ref, "idnum") else ("d", len(seen))
                if key not in seen:
                    seen.add(key)
                    out.append(_deref(ref))
        xobjects = _deref(res.get("/XObject"))
        if _is_dict(xobjects):
            for ref in xobjects.values():
                xo = _deref(ref)
                key = ("x", ref.idnum if hasattr(ref, "idnum") else len(seen))
                if _is_dict(xo) and xo.get("/Subtype") == "/Form" and key not in seen:
                    seen.add(key)
                    stack.append(xo.get("/Resources"))


def _fonts_in_q(resources, seen: set, out: list, bad: list[str]) -> None:
    """:func:`_fonts_in` over pikepdf objects: qpdf has parsed every object
    already, so walking thousands of form XObjects costs milliseconds where
    pypdf would parse each one again."""
    import pikepdf

    stack = [resources]
    while stack:
        res = stack.pop()
        if res is None or not isinstance(res, pikepdf.Dictionary):
            continue  # qpdf already warns about (and repairs) a page's bad /Resources
        fonts = res.get("/Font")
        if fonts is not None and not isinstance(fonts, pikepdf.Dictionary):
            bad.append(f"/Resources /Font is {_kind(fonts)}, not a dictionary")
        elif fonts is not None:
            for ref in fonts.values():
                indirect = isinstance(ref, pikepdf.Object) and ref.is_indirect
                key = ref.objgen if indirect else ("d", len(seen))
                if key not in seen:
                    seen.add(key)
                    out.append(ref)
        xobjects = res.get("/XObject")
        if isinstance(xobjects, pikepdf.Dictionary):
            for xo in xobjects.values():
                indirect = isinstance(xo, pikepdf.Object) and xo.is_indirect
                key = ("x", xo.objgen if indirect else len(seen))
                if key not in seen and isinstance(xo, pikepdf.Stream) and xo.get("/Subtype") == "/Form":
                    seen.add(key)
                    stack.append(xo.get("/Resources"))


def _font_name(font) -> str:
    """The font's /BaseFont as shown in a finding (shortened, escaped)."""
    font = _deref(font)
    if not _is_dict(font):
        return "?"
    name = font.get("/BaseFont")
    return "(no /BaseFont)" if name is None else _text(name)


def _embedded(font) -> bool:
    """True when ``font`` carries its font program (Type3 fonts are drawn
    with PDF operators); raises :class:`_Malformed` for a font the check
    cannot read (not a dictionary, a Type0 font without a descendant, …)."""
    font = _deref(font)
    if not _is_dict(font):
        raise _Malformed(f"is {_kind(font)}, not a font dictionary")
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        kids = _deref(font.get("/DescendantFonts"))
        if kids is None:
            raise _Malformed("is a Type0 font without /DescendantFonts")
        if not _is_array(kids) or len(kids) < 1:
            raise _Malformed(f"is a Type0 font whose /DescendantFonts is {_kind(kids)}, not an array of one font")
        font = _deref(kids[0])
        if not _is_dict(font):
            raise _Malformed(f"is a Type0 font whose descendant font is {_kind(font)}, not a dictionary")
    desc = font.get("/FontDescriptor")
    if desc is None:
        return False
    desc = _deref(desc)
    if not _is_dict(desc):
        raise _Malformed(f"has a /FontDescriptor that is {_kind(desc)}, not a dictionary")
    return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _font_findings(source: str, page: int, fonts: list, label: str = "font") -> list[Finding]:
    out = []
    for font in fonts:
        try:
            if not _embedded(font):
                out.append(Finding(source, "font-not-embedded", page, f"{label} {_font_name(font)} is not embedded"))
        except _Malformed as exc:
            out.append(Finding(source, "malformed", page, f"{label} {_font_name(font)} {exc}"))
        except Exception as exc:  # noqa: BLE001 - any other damage: one finding, never a traceback
            out.append(Finding(source, "malformed", page, f"{label} {_font_name(font)} cannot be read ({_why(exc)})"))
    return out


def _why(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {_text(exc, 160)}"


def _field_name(annot) -> str:
    name = annot.get("/T")
    if not name:
        parent = _deref(annot.get("/Parent"))
        name = parent.get("/T", "?") if _is_dict(parent) else "?"
    return _text(name)


def _annot_findings(source: str, number: int, page) -> list[Finding]:
    """``field-not-printed`` for widgets that do not print; ``malformed`` for
    an /Annots that is not an array, or entries that are not annotations."""
    out: list[Finding] = []
    annots = _deref(page.get("/Annots"))
    if annots is None:
        return out
    if not _is_array(annots):
        return [Finding(source, "malformed", number, f"/Annots is {_kind(annots)}, not an array of annotations")]
    for i, ref in enumerate(annots, 1):
        annot = _deref(ref)
        if not _is_dict(annot):
            out.append(Finding(source, "malformed", number,
                               f"annotation {i:,} of /Annots is {_kind(annot)}, not a dictionary"))
            continue
        if annot.get("/Subtype") != "/Widget":
            continue
        name = _field_name(annot)
        raw = _deref(annot.get("/F", 0))
        if not isinstance(raw, int) or isinstance(raw, bool):
            out.append(Finding(source, "malformed", number,
                               f"form field {name}: /F is {_kind(raw)}, not an integer of flags"))
            continue
        flags = int(raw)
        if not flags & 4 or flags & 2:
            out.append(Finding(source, "field-not-printed", number, f"form field {name} does not print"))
    return out


def _colour_ops(pdf_page) -> set[str]:
    import pikepdf

    kinds = set()
    for operands, op in pikepdf.parse_content_stream(pdf_page):
        name = str(op)
        if name in ("rg", "RG"):
            kinds.add("rgb")
        elif name in ("k", "K"):
            kinds.add("cmyk")
    return kinds


#: Most bytes the Flate streams of one PDF may inflate to (all streams together):
#: a kit of ours inflates to a few MB; a "zip bomb" of 1 MB → 1 GB is refused
#: before qpdf decodes it.
MAX_INFLATED = 256 * 1024 * 1024


def inflation_problem(qpdf, limit: int | None = None) -> str | None:
    """Why the FlateDecode streams of ``qpdf`` (an open pikepdf ``Pdf``)
    would inflate past ``limit`` bytes (default :data:`MAX_INFLATED`), or ``None``.  Inflates in 1 MiB
    steps and discards the output, so memory stays small and the check stops
    as soon as the total passes ``limit``."""
    import zlib

    import pikepdf

    limit = MAX_INFLATED if limit is None else limit
    total = 0
    for obj in qpdf.objects:
        if not isinstance(obj, pikepdf.Stream):
            continue
        filters = obj.get("/Filter")
        first = filters[0] if isinstance(filters, pikepdf.Array) and len(filters) else filters
        if first != pikepdf.Name.FlateDecode:
            continue
        try:
            pending = obj.read_raw_bytes()
        except pikepdf.PdfError:
            continue  # unreadable: qpdf's own check reports it
        inflater = zlib.decompressobj()
        try:
            while pending:
                total += len(inflater.decompress(pending, 1 << 20))
                pending = inflater.unconsumed_tail
                if total > limit:
                    return (f"its compressed streams inflate to more than {limit // (1 << 20)} MB "
                            f"(object {obj.objgen[0]}): a decompression bomb, not checked further")
        except zlib.error:
            continue  # corrupt data: qpdf's own check reports it
    return None


def syntax_problems(qpdf) -> list[str]:
    """``qpdf --check`` on an open pikepdf ``Pdf``: document structures, every
    stream decoded, every page's content stream parsed; the problems as text.

    The same steps as :meth:`pikepdf.Pdf.check_pdf_syntax`, except that page
    contents are parsed by :func:`pikepdf.parse_content_stream` in C++ instead
    of a Python callback per token (about a third faster on a page of cards).
    Falls back to ``check_pdf_syntax`` for linearized files or a pikepdf
    without the internal steps.
    """
    import pikepdf

    steps = ("_check_document_structures", "_decode_all_streams_and_discard")
    if qpdf.is_linearized or not all(hasattr(qpdf, name) for name in steps):
        return qpdf.check_pdf_syntax()
    problems: list[str] = []

    def collect_warnings():
        problems.extend("WARNING: " + w for w in qpdf.get_warnings())

    qpdf._check_document_structures()
    if len(qpdf.pages) == 0:
        collect_warnings()
        problems.append("ERROR: file does not contain any pages")
    qpdf._decode_all_streams_and_discard(None)
    for number, page in enumerate(qpdf.pages, 1):
        try:
            pikepdf.parse_content_stream(page)
        except pikepdf.PdfError as exc:
            collect_warnings()
            problems.append(f"ERROR: page {number}: {exc}")
    collect_warnings()
    return problems


def preflight(data: bytes | Path, *, source: str | None = None, pdfx: bool = False,
              ours: bool = False) -> list[Finding]:
    """Check a PDF (bytes or a path); return the findings (empty when clean).

    ``ours``: ``data`` is a PDF printkit's own writer just made (reportlab's
    canvas, then pikepdf), checked before it is written.  It is then parsed
    once, by qpdf, not also by pypdf (whose second opinion is for PDFs from
    elsewhere, and whose import alone costs ``printkit deck`` 0.1 s): the same
    checks — qpdf's structure check, every stream decoded, every page's and
    form XObject's content stream tokenized (qpdf's own C++ scan, no Python
    object per operator), fonts embedded, page boxes nested, widgets printed —
    and the same :class:`Finding` codes; the decompression-bomb bound is left
    out (we compressed every stream ourselves).  A PDF that passes is one
    ``printkit check`` passes (``tests/test_preflight_ours.py``).
    """
    if ours and isinstance(data, bytes):
        return _preflight_ours(data, source=source or "<pdf>", pdfx=pdfx)
    from printkit.pdf import quiet_pypdf

    with quiet_pypdf():
        return _preflight(data, source=source, pdfx=pdfx)


_FINGERPRINT: list[bytes] = []


def _fingerprint() -> bytes:
    """What the preflight's verdict depends on besides the PDF: this
    module's source and the versions of printkit, pikepdf and pypdf."""
    if not _FINGERPRINT:
        from importlib.metadata import PackageNotFoundError, version

        h = hashlib.sha256(b"printkit preflight verdict 1\n")
        try:
            h.update(Path(__file__).read_bytes())
        except OSError:  # pragma: no cover - no source: nothing to remember by
            h.update(os.urandom(16))
        for pkg in ("printkit", "pikepdf", "pypdf"):
            try:
                h.update(f"{pkg}={version(pkg)}\n".encode())
            except PackageNotFoundError:  # pragma: no cover
                h.update(f"{pkg}=?\n".encode())
        _FINGERPRINT.append(h.digest())
    return _FINGERPRINT[0]


def preflight_remembered(data: bytes, *, source: str) -> list[Finding]:
    """:func:`preflight` of ``data`` (PDF bytes), unless these very bytes
    were found clean before by this same preflight (:func:`_fingerprint`:
    its source and libraries), as remembered in the document cache
    (:func:`printkit.render.doccache.remembered`; off with the cache): a
    repeat build checks only the PDFs that changed.  Only a clean verdict
    is remembered — a PDF with findings is checked every time."""
    from printkit.render import doccache

    key = hashlib.sha256(_fingerprint() + hashlib.sha256(data).digest()).hexdigest()
    if doccache.remembered(key):
        return []
    found = preflight(data, source=source)
    if not found:
        doccache.remember(key)
    return found


#: qpdf names an in-memory file by its Python repr; drop it (not deterministic, no use).
_STREAM_REPR = re.compile(r"(?:stream )?<_io\.BytesIO object at 0x[0-9a-fA-F]+>(?:, |: )?")


def _preflight_ours(data: bytes, *, source: str, pdfx: bool) -> list[Finding]:
    """:func:`preflight` with ``ours``: one qpdf parse (see there)."""
    found: list[Finding] = []
    said: list[Finding] = []  # qpdf's own findings, listed first (as :func:`_preflight` does)

    def qpdf_said(problems) -> None:
        said.extend(Finding(source, "open", 0, f"qpdf: {clip(_STREAM_REPR.sub('', p), 300)}") for p in problems)

    try:
        with pikepdf.Pdf.open(io.BytesIO(data)) as qpdf:
            if not hasattr(qpdf, "_check_document_structures") or not hasattr(qpdf, "_decode_all_streams_and_discard"):
                qpdf_said(syntax_problems(qpdf))  # a pikepdf without the steps: its whole check
            else:
                qpdf._check_document_structures()
                qpdf._decode_all_streams_and_discard(None)
            pages = list(qpdf.pages)
            if not pages:
                found.append(Finding(source, "open", 0, "qpdf: ERROR: file does not contain any pages"))
            seen: set = set()
            for number, page in enumerate(pages, 1):
                fonts: list = []
                bad: list[str] = []
                try:
                    _fonts_in_q(page.obj.get("/Resources"), seen, fonts, bad)
                except Exception as exc:  # noqa: BLE001 - one finding, the other pages still checked
                    bad.append(f"fonts cannot be read ({_why(exc)})")
                found.extend(_page_findings(source, number, page.obj, fonts, bad, seen))
            acro = qpdf.Root.get("/AcroForm")
            if acro is not None:
                fonts, bad = [], []
                if not isinstance(acro, pikepdf.Dictionary):
                    bad.append(f"is {_kind(acro)}, not a dictionary")
                else:
                    _fonts_in_q(acro.get("/DR"), seen, fonts, bad)
                found.extend(Finding(source, "malformed", 0, f"/AcroForm: {why}") for why in bad)
                found.extend(_font_findings(source, 0, fonts, "form font"))
            if pdfx:
                kinds = set()
                for page in pages:
                    kinds |= _colour_ops(page)
                if kinds == {"rgb", "cmyk"}:
                    found.append(Finding(source, "colour-mix", 0, "DeviceRGB and DeviceCMYK both used in a PDF/X file"))
            # last, as it edits the (unsaved) copy: qpdf tokenizes every content stream of every
            # page and of the form XObjects they use, in C++, warning about any bad token
            for page in pages:
                page.remove_unreferenced_resources()
            qpdf_said(f"WARNING: {w}" for w in qpdf.get_warnings())
    except Exception as exc:  # noqa: BLE001 - qpdf's errors (damage it cannot recover from): one finding
        said.append(Finding(source, "open", 0, f"qpdf cannot open it ({clip(_STREAM_REPR.sub('', _why(exc)), 300)})"))
    return said + found


def _preflight(data: bytes | Path, *, source: str | None, pdfx: bool) -> list[Finding]:
    import pikepdf
    from pypdf import PdfReader

    _with_pypdf()

    if isinstance(data, (str, Path)):
        source = source or str(data)
        try:
            data = read_bytes(data, kind="pdf")
        except PrintkitError as exc:
            why = str(exc)
            for prefix in (f"{escape_display(str(source))}: ", f"{source}: "):
                why = why.removeprefix(prefix)
            return [Finding(source, "open", 0, why)]
    source = source or "<pdf>"
    if b"%PDF-" not in data[:1024]:  # readers look for the header in the first 1,024 bytes
        kind = "an empty file" if not data else "not a PDF file"
        return [Finding(source, "open", 0, f"{kind} (no %PDF- header in its first 1,024 bytes)")]
    too_many = pdf_count_problem(data)  # before pypdf and qpdf walk every object or cross-reference section
    if too_many:
        return [Finding(source, "open", 0, too_many)]
    found: list[Finding] = []
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            return [Finding(source, "open", 0, "encrypted PDF: remove the password first")]
        pages = list(reader.pages)
    except Exception as exc:  # pypdf raises many types on damaged files
        return [Finding(source, "open", 0, f"pypdf cannot open it ({_why(exc)})")]
    page_fonts: list[list] | None = None  # per page, from qpdf's objects (fast); None: walk with pypdf
    page_bad: list[list[str]] = [[] for _ in pages]
    form_fonts: list = []
    form_bad: list[str] = []
    try:
        with pikepdf.Pdf.open(io.BytesIO(data)) as qpdf:
            bomb = inflation_problem(qpdf)
            if bomb:
                return [Finding(source, "open", 0, bomb)]
            for problem in syntax_problems(qpdf):
                found.append(Finding(source, "open", 0, f"qpdf: {clip(_STREAM_REPR.sub('', problem), 300)}"))
            if len(qpdf.pages) == len(pages):
                seen_q: set = set()
                page_fonts = []
                for number, page in enumerate(qpdf.pages):
                    page_fonts.append([])
                    try:
                        _fonts_in_q(page.obj.get("/Resources"), seen_q, page_fonts[-1], page_bad[number])
                    except Exception as exc:  # noqa: BLE001 - one finding, the other pages still checked
                        page_bad[number].append(f"fonts cannot be read ({_why(exc)})")
                acro_q = qpdf.Root.get("/AcroForm")
                if isinstance(acro_q, pikepdf.Dictionary):
                    dr = acro_q.get("/DR")
                    if dr is not None and not isinstance(dr, pikepdf.Dictionary):
                        form_bad.append(f"/DR is {_kind(dr)}, not a dictionary")
                    try:
                        _fonts_in_q(dr, seen_q, form_fonts, form_bad)
                    except Exception as exc:  # noqa: BLE001
                        form_bad.append(f"/DR fonts cannot be read ({_why(exc)})")
            if pdfx:
                kinds = set()
                for page in qpdf.pages:
                    try:
                        kinds |= _colour_ops(page)
                    except Exception:  # noqa: BLE001 - unparsable content: already a qpdf finding
                        continue
                if kinds == {"rgb", "cmyk"}:
                    found.append(Finding(source, "colour-mix", 0, "DeviceRGB and DeviceCMYK both used in a PDF/X file"))
    except Exception as exc:
        found.append(Finding(source, "open", 0, f"qpdf cannot open it ({_why(exc)})"))
        return found

    seen: set = set()
    for number, page in enumerate(pages, 1):
        found.extend(_page_findings(source, number, page, None if page_fonts is None else page_fonts[number - 1],
                                    page_bad[number - 1], seen))
    try:
        root = _deref(reader.trailer["/Root"])
        acro = _deref(root.get("/AcroForm")) if _is_dict(root) else None
        if acro is not None and not _is_dict(acro):
            found.append(Finding(source, "malformed", 0, f"/AcroForm is {_kind(acro)}, not a dictionary"))
        elif acro is not None:
            fonts = form_fonts
            if page_fonts is None:
                _fonts_in(acro.get("/DR"), seen, fonts, form_bad)
            found.extend(Finding(source, "malformed", 0, f"/AcroForm: {why}") for why in form_bad)
            found.extend(_font_findings(source, 0, fonts, "form font"))
    except Exception as exc:  # noqa: BLE001 - a damaged catalogue: one finding
        found.append(Finding(source, "malformed", 0, f"/AcroForm cannot be read ({_why(exc)})"))
    return found


def _page_findings(source: str, number: int, page, page_fonts: list | None, bad: list[str],
                   seen: set) -> list[Finding]:
    """Fonts, page boxes and form fields of one page (a pypdf or pikepdf page
    dictionary); ``page_fonts``: its fonts when already collected, else they
    are walked with pypdf.  A malformed object is a ``malformed`` finding
    naming it, never an exception."""
    out: list[Finding] = []
    try:
        fonts: list = []
        if page_fonts is not None:
            fonts = page_fonts
        else:
            _fonts_in(page.get("/Resources"), seen, fonts, bad)
        out.extend(Finding(source, "malformed", number, why) for why in bad)
        out.extend(_font_findings(source, number, fonts))
    except Exception as exc:  # noqa: BLE001
        out.append(Finding(source, "malformed", number, f"fonts cannot be read ({_why(exc)})"))
    try:
        media, bleed, trim = _page_boxes(page)
        if not _inside(bleed, media) or not _inside(trim, bleed):
            out.append(Finding(source, "page-boxes", number,
                               f"TrimBox {list(trim)} ⊆ BleedBox {list(bleed)} "
                               f"⊆ MediaBox {list(media)} does not hold"))
    except _Malformed as exc:
        out.append(Finding(source, "malformed", number, str(exc)))
    except Exception as exc:  # noqa: BLE001
        out.append(Finding(source, "malformed", number, f"page boxes cannot be read ({_why(exc)})"))
    try:
        out.extend(_annot_findings(source, number, page))
    except Exception as exc:  # noqa: BLE001
        out.append(Finding(source, "malformed", number, f"/Annots cannot be read ({_why(exc)})"))
    return out

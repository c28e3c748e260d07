"""Preflight: the checks a print shop runs before accepting a PDF.

:func:`preflight` opens a PDF with pypdf and with pikepdf (qpdf) and reports

* ``open``: the file does not open cleanly, is encrypted, or qpdf finds damage;
* ``font-not-embedded``: a font (in a page, a form XObject or the AcroForm's
  /DR) without an embedded font program — base-14 fonts included;
* ``page-boxes``: TrimBox ⊄ BleedBox or BleedBox ⊄ MediaBox;
* ``colour-mix``: with ``pdfx=True``, DeviceRGB and DeviceCMYK both used;
* ``field-not-printed``: a form widget without the print flag, or hidden.

Every ``printkit build`` runs it on what it wrote and fails loudly on a finding.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

TOL = 0.01  # pt


@dataclass(frozen=True)
class Finding:
    """One preflight problem: ``code`` (above), 1-based ``page`` (0 = whole file), message."""

    source: str
    code: str
    page: int
    message: str

    def __str__(self) -> str:
        where = f"page {self.page}: " if self.page else ""
        return f"{self.source}: {where}[{self.code}] {self.message}"


def _inside(inner, outer) -> bool:
    return (float(inner.left) >= float(outer.left) - TOL and float(inner.bottom) >= float(outer.bottom) - TOL
            and float(inner.right) <= float(outer.right) + TOL and float(inner.top) <= float(outer.top) + TOL)


def _fonts_in(resources, seen: set, out: list) -> None:
    """Collect (name, font dict) from a /Resources dict, recursing into form XObjects."""
    if resources is None:
        return
    resources = resources.get_object()
    for name, ref in (resources.get("/Font") or {}).items():
        key = id(ref.get_object()) if not hasattr(ref, "idnum") else ref.idnum
        if key not in seen:
            seen.add(key)
            out.append(ref.get_object())
    for ref in (resources.get("/XObject") or {}).values():
        xo = ref.get_object()
        key = ref.idnum if hasattr(ref, "idnum") else id(xo)
        if xo.get("/Subtype") == "/Form" and ("x", key) not in seen:
            seen.add(("x", key))
            _fonts_in(xo.get("/Resources"), seen, out)


def _fonts_in_q(resources, seen: set, out: list) -> None:
    """:func:`_fonts_in` over pikepdf objects: qpdf has parsed every object
    already, so walking thousands of form XObjects costs milliseconds where
    pypdf would parse each one again."""
    import pikepdf

    if resources is None or not isinstance(resources, pikepdf.Dictionary):
        return
    fonts = resources.get("/Font")
    if isinstance(fonts, pikepdf.Dictionary):
        for ref in fonts.values():
            key = ref.objgen if ref.is_indirect else ("d", len(seen))
            if key not in seen:
                seen.add(key)
                out.append(ref)
    xobjects = resources.get("/XObject")
    if isinstance(xobjects, pikepdf.Dictionary):
        for xo in xobjects.values():
            key = ("x", xo.objgen if xo.is_indirect else len(seen))
            if key not in seen and isinstance(xo, pikepdf.Stream) and xo.get("/Subtype") == "/Form":
                seen.add(key)
                _fonts_in_q(xo.get("/Resources"), seen, out)


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0]
        font = font.get_object() if hasattr(font, "get_object") else font
    desc = font.get("/FontDescriptor")
    if desc is None:
        return False
    desc = desc.get_object() if hasattr(desc, "get_object") else desc
    return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


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


def preflight(data: bytes | Path, *, source: str | None = None, pdfx: bool = False) -> list[Finding]:
    """Check a PDF (bytes or a path); return the findings (empty when clean)."""
    from printkit.pdf import quiet_pypdf

    with quiet_pypdf():
        return _preflight(data, source=source, pdfx=pdfx)


def _preflight(data: bytes | Path, *, source: str | None, pdfx: bool) -> list[Finding]:
    import pikepdf
    from pypdf import PdfReader

    if isinstance(data, (str, Path)):
        source = source or str(data)
        try:
            data = Path(data).read_bytes()
        except OSError as exc:
            return [Finding(source, "open", 0, f"cannot read ({exc.strerror or exc})")]
    source = source or "<pdf>"
    found: list[Finding] = []
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            return [Finding(source, "open", 0, "encrypted PDF: remove the password first")]
        pages = list(reader.pages)
    except Exception as exc:  # pypdf raises many types on damaged files
        return [Finding(source, "open", 0, f"pypdf cannot open it ({type(exc).__name__}: {exc})")]
    page_fonts: list[list] | None = None  # per page, from qpdf's objects (fast); None: walk with pypdf
    form_fonts: list = []
    try:
        with pikepdf.Pdf.open(io.BytesIO(data)) as qpdf:
            for problem in syntax_problems(qpdf):
                found.append(Finding(source, "open", 0, f"qpdf: {problem}"))
            if len(qpdf.pages) == len(pages):
                seen_q: set = set()
                page_fonts = []
                for page in qpdf.pages:
                    page_fonts.append([])
                    _fonts_in_q(page.obj.get("/Resources"), seen_q, page_fonts[-1])
                acro_q = qpdf.Root.get("/AcroForm")
                if isinstance(acro_q, pikepdf.Dictionary):
                    _fonts_in_q(acro_q.get("/DR"), seen_q, form_fonts)
            if pdfx:
                kinds = set()
                for page in qpdf.pages:
                    kinds |= _colour_ops(page)
                if kinds == {"rgb", "cmyk"}:
                    found.append(Finding(source, "colour-mix", 0, "DeviceRGB and DeviceCMYK both used in a PDF/X file"))
    except Exception as exc:
        found.append(Finding(source, "open", 0, f"qpdf cannot open it ({type(exc).__name__}: {exc})"))
        return found

    seen: set = set()
    for number, page in enumerate(pages, 1):
        fonts: list = []
        if page_fonts is not None:
            fonts = page_fonts[number - 1]
        else:
            _fonts_in(page.get("/Resources"), seen, fonts)
        for font in fonts:
            if not _embedded(font):
                found.append(Finding(source, "font-not-embedded", number, f"font {font.get('/BaseFont')} is not embedded"))
        media, bleed, trim = page.mediabox, page.bleedbox, page.trimbox
        if not _inside(bleed, media) or not _inside(trim, bleed):
            found.append(Finding(source, "page-boxes", number,
                                 f"TrimBox {list(map(float, trim))} ⊆ BleedBox {list(map(float, bleed))} "
                                 f"⊆ MediaBox {list(map(float, media))} does not hold"))
        for ref in page.get("/Annots") or []:
            annot = ref.get_object()
            if annot.get("/Subtype") != "/Widget":
                continue
            flags = int(annot.get("/F", 0))
            name = annot.get("/T") or (annot.get("/Parent") or {}).get("/T", "?")
            if not flags & 4 or flags & 2:
                found.append(Finding(source, "field-not-printed", number, f"form field {name} does not print"))
    root = reader.trailer["/Root"]
    acro = root.get("/AcroForm")
    if acro is not None:
        fonts = form_fonts
        if page_fonts is None:
            _fonts_in(acro.get_object().get("/DR"), seen, fonts)
        for font in fonts:
            if not _embedded(font):
                found.append(Finding(source, "font-not-embedded", 0, f"form font {font.get('/BaseFont')} is not embedded"))
    return found

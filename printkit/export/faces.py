"""Faces as pictures: the distinct faces of a component set, each drawn alone
on its own PDF page and rasterised to an exact pixel size.

Lengths in **points** unless named ``_px`` (pixels) or ``_mm``.

A face is drawn by its :class:`printkit.model.Face` function exactly as on an
imposed sheet — same :class:`printkit.model.FaceBox`, same clip to the bleed
shape — but on a page of its own, trim plus bleed, with no marks.  The page is
then rendered with pdfium (``pypdfium2``) to a bitmap of exactly the pixel
size asked for, so a 2.75 × 3.75 in page at 300 dpi is 825 × 1125 px, never
826 from a rounding.  Output images are 8-bit sRGB and carry no date or
software text (see :func:`png_bytes`), so rebuilding gives the same bytes.
"""

from __future__ import annotations

import io
import re
import zlib
from dataclasses import dataclass

from printkit.model import Component, ComponentSet, Face, FaceBox
from printkit.render.sheets import clip_shape
from printkit.units import mm

#: Pixels per inch of every full-size picture (PNG faces, shop files).
DPI = 300


def px(length_pt: float, dpi: float = DPI) -> int:
    """Pixels covering ``length_pt`` at ``dpi``, rounded to the nearest pixel."""
    return int(round(length_pt * dpi / 72.0 + 1e-9))


@dataclass(frozen=True)
class FaceItem:
    """One distinct face of a component set, in deck order.

    ``component``: the first component showing it (its trim size and shape
    are the face's); ``side``: ``"front"`` or ``"back"``; ``quantity``:
    physical copies printed with this face on that side (component
    quantities summed); ``index``: 1-based position in deck order.
    """

    component: Component
    face: Face
    side: str
    quantity: int
    index: int

    @property
    def key(self) -> tuple:
        """Identity of the picture: artwork key, trim size and shape."""
        c = self.component
        return (self.face.key, round(c.width, 3), round(c.height, 3), c.shape)


def slug(text: str) -> str:
    """``text`` as a file-name piece: lower case, ``a-z 0-9 -`` only."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "face"


def distinct_faces(cset: ComponentSet) -> list[FaceItem]:
    """Every distinct face of ``cset`` once, in deck order: walking the
    components in print order, a component's front then its back, each face
    listed where it first appears.  Components with quantity 0 are skipped."""
    order: list[tuple] = []
    first: dict[tuple, tuple[Component, Face, str]] = {}
    counts: dict[tuple, int] = {}
    for comp in cset.components:
        if comp.quantity <= 0:
            continue
        for side, face in (("front", comp.front), ("back", comp.back)):
            if face is None:
                continue
            key = (face.key, round(comp.width, 3), round(comp.height, 3), comp.shape, side)
            if key not in first:
                first[key] = (comp, face, side)
                order.append(key)
                counts[key] = 0
            counts[key] += comp.quantity
    return [FaceItem(*first[k], counts[k], i) for i, k in enumerate(order, 1)]


def file_stem(part: str, item: FaceItem) -> str:
    """``<part>-<nnn>-<component>-<side>-x<quantity>``: deck order first, the
    number of copies to print last (e.g. ``cards-094-chest-1-back-x93``)."""
    return f"{slug(part)}-{item.index:03d}-{slug(item.component.name)}-{item.side}-x{item.quantity}"


def draw_face(c, comp: Component, face: Face, bleed: float, theme) -> None:
    """Draw ``face`` of ``comp`` with its trim origin at the canvas origin,
    clipped to its bleed shape (``bleed`` pt past the trim)."""
    c.saveState()
    clip_shape(c, comp.shape, comp.width, comp.height, bleed)
    face.draw(c, FaceBox(comp.width, comp.height, bleed, comp.safe, theme, comp.shape))
    c.restoreState()


@dataclass(frozen=True)
class Shot:
    """One picture to take: ``face`` of ``component`` on a page of trim plus
    ``bleed_x``/``bleed_y`` pt per side, rendered at ``size_px`` (w, h)."""

    component: Component
    face: Face
    bleed_x: float
    bleed_y: float
    size_px: tuple[int, int]

    @property
    def page(self) -> tuple[float, float]:
        c = self.component
        return c.width + 2 * self.bleed_x, c.height + 2 * self.bleed_y


def shot_at(comp: Component, face: Face, bleed: float, dpi: float = DPI) -> Shot:
    """A :class:`Shot` of ``face`` with ``bleed`` pt per side at ``dpi``: the
    pixel size is the page's rounded, and the page is then made exactly that
    many pixels at ``dpi`` (the bleed absorbs the < ½ px difference)."""
    w_px, h_px = px(comp.width + 2 * bleed, dpi), px(comp.height + 2 * bleed, dpi)
    bx = (w_px * 72.0 / dpi - comp.width) / 2
    by = (h_px * 72.0 / dpi - comp.height) / 2
    return Shot(comp, face, bx, by, (w_px, h_px))


def faces_pdf(shots: list[Shot], theme, title: str = "faces") -> bytes:
    """One PDF page per shot, sized trim plus its bleed, the face drawn with
    its trim origin at (bleed_x, bleed_y).  Deterministic (``invariant=1``)."""
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, initialFontName=theme.font("body"), initialFontSize=9)
    c.setTitle(title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    for s in shots:
        c.setPageSize(s.page)
        c.saveState()
        c.translate(s.bleed_x, s.bleed_y)
        draw_face(c, s.component, s.face, max(s.bleed_x, s.bleed_y), theme)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()


def rasterise(pdf: bytes, sizes: list[tuple[int, int]], *, alpha: bool = False):
    """Render page ``i`` of ``pdf`` to a PIL image of exactly ``sizes[i]``
    pixels (the page stretched to fill it).  RGB on white, or RGBA on a
    transparent ground with ``alpha``.  A list; see :func:`iter_rasterise`."""
    return list(iter_rasterise(pdf, sizes, alpha=alpha))


def iter_rasterise(pdf: bytes, sizes: list[tuple[int, int]], *, alpha: bool = False):
    """As :func:`rasterise`, one image at a time (a generator): only the
    image being used is in memory (1,500 poker faces at 300 dpi are 4 GB of
    pixels), and a stop request (:mod:`printkit.interrupt`) is obeyed
    before each page is rendered."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from printkit import interrupt

    doc = pdfium.PdfDocument(pdf)
    try:
        for i, (w, h) in enumerate(sizes):
            interrupt.checkpoint()
            page = doc[i]
            fmt = raw.FPDFBitmap_BGRA if alpha else raw.FPDFBitmap_BGR
            bitmap = pdfium.PdfBitmap.new_native(w, h, fmt, rev_byteorder=True)
            bitmap.fill_rect((255, 255, 255, 0) if alpha else (255, 255, 255, 255), 0, 0, w, h)
            raw.FPDF_RenderPageBitmap(bitmap, page, 0, 0, w, h, 0,
                                      raw.FPDF_ANNOT | raw.FPDF_REVERSE_BYTE_ORDER)
            img = bitmap.to_pil()
            done = img.convert("RGBA" if alpha else "RGB").copy()
            page.close()
            del img, bitmap
            yield done
    finally:
        doc.close()


def render_shots(shots: list[Shot], theme, *, alpha: bool = False):
    """The PIL images of ``shots`` (see :func:`faces_pdf`, :func:`rasterise`)."""
    if not shots:
        return []
    return rasterise(faces_pdf(shots, theme), [s.size_px for s in shots], alpha=alpha)


def iter_shots(shots: list[Shot], theme, *, alpha: bool = False):
    """As :func:`render_shots`, one image at a time (:func:`iter_rasterise`)."""
    if not shots:
        return iter(())
    return iter_rasterise(faces_pdf(shots, theme), [s.size_px for s in shots], alpha=alpha)


def _chunk(kind: bytes, data: bytes) -> bytes:
    import struct

    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(img, dpi: float = DPI) -> bytes:
    """``img`` as PNG bytes: 8-bit RGB(A), an ``sRGB`` chunk (perceptual),
    ``pHYs`` for ``dpi``, and nothing else — no date, no software text — so
    the same image always gives the same bytes."""
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add(b"sRGB", b"\x00")
    buf = io.BytesIO()
    img.save(buf, format="PNG", pnginfo=info, dpi=(dpi, dpi), optimize=False, compress_level=6)
    return buf.getvalue()


def poker_like(comp: Component) -> bool:
    """True for a rectangular 63.5 × 88.9 mm (2.5 × 3.5 in) or 63 × 88 mm card."""
    w, h = sorted((comp.width, comp.height))
    return comp.shape == "rect" and any(abs(w - mm(a)) < mm(0.6) and abs(h - mm(b)) < mm(0.6)
                                        for a, b in ((63.5, 88.9), (63.0, 88.0)))


#: Corner radius (pt) a poker card gets in shop and cut outputs when it sets none.
POKER_CORNER = mm(3)


def corner_radius(comp: Component) -> float:
    """The corner radius (pt) of ``comp``'s trim in shop and cut outputs: its
    own ``corner`` when set, else 3 mm for a poker-size card, else 0 (square
    corners; circles and hexes have none)."""
    if comp.shape != "rect":
        return 0.0
    own = getattr(comp, "corner", None)
    if own is not None:
        return float(own)
    return POKER_CORNER if poker_like(comp) else 0.0

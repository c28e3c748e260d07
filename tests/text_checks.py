"""Measures of the text a player gets, read from a PDF's pages (no printkit code):

* :func:`hidden_glyphs` — glyphs covered by art, badges or other text drawn after
  them.  Each page is rendered three times by pdfium: as printed (F), with every
  text object removed from every content stream, form XObjects included (G, pikepdf),
  and with only the text (T: paths end unpainted, images and shadings dropped,
  clipping kept).  A glyph's ink is T's dark pixels in its glyph box; the glyph shows
  where F differs from G there.  A glyph whose ink shows on less than
  :data:`SHOWN` of its pixels is hidden (a later fill over it, or text the same
  colour as what lies under it).
* :func:`text_on_text` — two lines of text (baselines apart) running into each other.
"""

from __future__ import annotations

import ctypes
import hashlib
import io

import numpy as np

#: Path-painting operators: T replaces them with ``n`` (clipping paths still clip).
PAINT = {"f", "F", "f*", "S", "s", "B", "B*", "b", "b*"}
#: A glyph's ink must show on at least this share of its pixels.
SHOWN = 0.6
DPI = 100


#: (SHA-1 of a PDF, keep) → :func:`_variant`'s result: the three variants of a PDF are made
#: together, once, for :func:`hidden_glyphs` and :func:`low_contrast` of the same kit (a few MB
#: each; the oldest dropped past :data:`_KEEP`).
_VARIANTS: dict[tuple[bytes, str], bytes] = {}
_KEEP = 64
#: Every ``keep`` :func:`_variant` makes.
KEEPS = ("art", "text", "text-unclipped")


def _variant(pdf_bytes: bytes, keep: str) -> bytes:
    """The PDF with only its text (``keep="text"``; ``"text-unclipped"``: no
    clipping either) or without it (``"art"``).  Made once per PDF in a
    process, all three ``keep`` at once (:data:`_VARIANTS`)."""
    digest = hashlib.sha1(pdf_bytes).digest()
    if (digest, keep) not in _VARIANTS:
        while len(_VARIANTS) > _KEEP - len(KEEPS):
            del _VARIANTS[next(iter(_VARIANTS))]
        parsed: dict = {}   # each content stream parsed once for the three variants
        for k in KEEPS:
            _VARIANTS[digest, k] = _make_variant(pdf_bytes, k, parsed)
    return _VARIANTS[digest, keep]


def _make_variant(pdf_bytes: bytes, keep: str, parsed: dict | None = None) -> bytes:
    """:func:`_variant`'s PDF for ``keep``; ``parsed``: the content streams'
    instructions by (page number or form XObject object id) — the same PDF's,
    as an earlier call read them — filled in as streams are read."""
    import pikepdf

    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    seen: set = set()
    parsed = {} if parsed is None else parsed

    paint_none = pikepdf.ContentStreamInstruction([], pikepdf.Operator("n"))
    black = pikepdf.ContentStreamInstruction([0], pikepdf.Operator("g"))     # every glyph black on white
    text_only, unclipped = keep != "art", keep == "text-unclipped"
    dropped = {"sh", "cs", *(("W", "W*") if unclipped else ())}
    fills = {"rg", "g", "k", "sc", "scn"}

    def rewrite(key, stream, resources) -> bytes:
        out, in_text = [], False
        xobjects = resources.get("/XObject") if resources is not None else None
        images: dict[str, bool] = {}

        def image(name) -> bool:
            if name not in images:
                xo = xobjects.get(name) if xobjects is not None else None
                images[name] = xo is not None and xo.get("/Subtype") == "/Image"
            return images[name]

        if key not in parsed:
            parsed[key] = [(str(inst.operator), inst) for inst in pikepdf.parse_content_stream(stream)]
        for o, inst in parsed[key]:
            if o == "BT":
                in_text = True
            if not text_only:
                if not in_text:
                    out.append(inst)
            elif o in dropped:
                pass
            elif o in PAINT:
                out.append(paint_none)
            elif o == "Do" and xobjects is not None and inst.operands and image(inst.operands[0]):
                pass
            elif o in fills:
                out.append(black)
            else:
                out.append(inst)
            if o == "ET":
                in_text = False
        return pikepdf.unparse_content_stream(out)

    def forms(resources) -> None:
        xobjects = resources.get("/XObject") if resources is not None else None
        for name in list(xobjects.keys()) if xobjects else []:
            xo = xobjects[name]
            if xo.get("/Subtype") == "/Form" and xo.objgen not in seen:
                seen.add(xo.objgen)
                res = xo.get("/Resources")
                xo.write(rewrite(("form", xo.objgen), xo, res))
                if keep == "text-unclipped":    # a form's BBox clips too
                    xo.BBox = pikepdf.Array([-1e5, -1e5, 1e5, 1e5])
                forms(res)

    for number, page in enumerate(pdf.pages):
        res = page.obj.get("/Resources")
        page.obj.Contents = pdf.make_stream(rewrite(("page", number), page.obj, res))
        forms(res)
    buf = io.BytesIO()
    pdf.save(buf)
    return buf.getvalue()


def _rgb(page, scale: float) -> np.ndarray:
    """The page rendered by pdfium: H×W×3 uint8, sRGB (the bitmap's own bytes, RGB order)."""
    bitmap = page.render(scale=scale, rev_byteorder=True)
    try:
        return np.array(bitmap.to_numpy()[:, :, :3])
    finally:
        bitmap.close()


#: SHA-1 of a PDF → each page's (height pt, :func:`_chars`): read once for
#: :func:`hidden_glyphs` and :func:`text_on_text` of the same kit.
_PAGES: dict[bytes, list] = {}


def _pages(pdf_bytes: bytes, doc=None) -> list[tuple[float, list]]:
    """(height pt, :func:`_chars`) of every page of ``pdf_bytes`` (``doc``: that
    PDF already open in pdfium), read once per PDF in a process."""
    import pypdfium2 as pdfium

    key = hashlib.sha1(pdf_bytes).digest()
    if key not in _PAGES:
        while len(_PAGES) >= _KEEP:
            del _PAGES[next(iter(_PAGES))]
        own = doc is None
        doc = pdfium.PdfDocument(pdf_bytes) if own else doc
        try:
            _PAGES[key] = [(doc[n].get_height(), _chars(doc[n])) for n in range(len(doc))]
        finally:
            if own:
                doc.close()
    return _PAGES[key]


def _chars(page):
    """(char, glyph box (l, b, r, t) pt, baseline y pt, font size pt, angle rad, fill colour
    (r, g, b) 0–255 or None when pdfium has none or it is fully transparent) of a pdfium page."""
    import pypdfium2.raw as raw

    tp = page.get_textpage()
    out = []
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    try:
        for k in range(tp.count_chars()):
            ch = tp.get_text_range(k, 1)
            if not ch.strip():
                continue
            x, y = ctypes.c_double(), ctypes.c_double()
            raw.FPDFText_GetCharOrigin(tp.raw, k, x, y)
            angle = round(raw.FPDFText_GetCharAngle(tp.raw, k), 3) % round(2 * 3.141592653589793, 3)
            fill = ((r.value, g.value, b.value) if raw.FPDFText_GetFillColor(tp.raw, k, r, g, b, a) and a.value
                    else None)
            out.append((ch, tp.get_charbox(k), y.value, raw.FPDFText_GetFontSize(tp.raw, k), angle, fill))
    finally:
        tp.close()
    return out


def hidden_glyphs(pdf_bytes: bytes, dpi: int = DPI) -> list[tuple[int, str, float, tuple[int, int]]]:
    """Every hidden glyph: (page 1-based, char, share of its ink shown, (x, y) pt from top left)."""
    import pypdfium2 as pdfium

    scale = dpi / 72
    docs = [pdfium.PdfDocument(b) for b in (pdf_bytes, _variant(pdf_bytes, "art"), _variant(pdf_bytes, "text"))]
    out = []
    try:
        for n, (h, chars) in enumerate(_pages(pdf_bytes, docs[0])):
            if not chars:
                continue      # no glyph to judge on this page (a backs page): nothing to render
            f, g, t = (_rgb(d[n], scale) for d in docs)
            # a channel differing by more than 24 (|f − g| in uint8, no overflow); a channel under 128
            diff = np.maximum(f, g) - np.minimum(f, g)
            shows = (diff[:, :, 0] > 24) | (diff[:, :, 1] > 24) | (diff[:, :, 2] > 24)
            ink = (t[:, :, 0] < 128) | (t[:, :, 1] < 128) | (t[:, :, 2] < 128)
            shown_ink = shows & ink
            for ch, (left, bottom, right, top), *_ in chars:
                x0, x1 = max(0, int(left * scale)), int(right * scale) + 1
                y0, y1 = max(0, int((h - top) * scale)), int((h - bottom) * scale) + 1
                m = np.count_nonzero(ink[y0:y1, x0:x1])
                if m < 4:
                    continue      # clipped away (a tiled board's other pages) or too small to judge
                shown = float(np.count_nonzero(shown_ink[y0:y1, x0:x1]) / m)
                if shown < SHOWN:
                    out.append((n + 1, ch, round(shown, 2), (round(left), round(h - top))))
    finally:
        for d in docs:
            d.close()
    return out


def text_on_text(pdf_bytes: bytes) -> list[tuple[int, str, tuple[int, int]]]:
    """Glyphs of two texts that run into each other: two upright glyphs whose
    glyph boxes overlap by more than 0.3 pt across and up the page, on baselines
    more than 0.3 × size apart (two lines) or by more than 0.45 of the narrower
    glyph's width (two texts on one line; kerned neighbours overlap less; the
    letters of a ligature, which share one glyph box, are one glyph).  Returns (page, the two chars, (x, y)
    pt from top left)."""
    out = []
    for n, (h, page_chars) in enumerate(_pages(pdf_bytes)):
        chars = sorted((c for c in page_chars if c[4] == 0), key=lambda c: c[1][0])
        for i, (c1, (l1, b1, r1, t1), o1, s1, *_) in enumerate(chars):
            for c2, (l2, b2, r2, t2), o2, s2, *_ in chars[i + 1:]:
                if l2 >= r1 - 0.3:
                    break
                across, up = min(r1, r2) - max(l1, l2), min(t1, t2) - max(b1, b2)
                if across <= 0.3 or up <= 0.3:
                    continue
                if max(abs(l1 - l2), abs(r1 - r2), abs(b1 - b2), abs(t1 - t2)) < 0.5:
                    continue      # the letters of one ligature glyph (ff, ft, tt) share its box
                if abs(o1 - o2) > 0.3 * min(s1, s2) or across > 0.45 * min(r1 - l1, r2 - l2):
                    out.append((n + 1, c1 + c2, (round(l1), round(h - t1))))
    return out


def low_contrast(pdf_bytes: bytes, minimum: float = 4.5, dpi: int = 144) -> list[tuple[int, str, float, tuple[int, int]]]:
    """Glyphs (5 pt or more) whose fill colour, against the ground around the
    glyph read from the rendered page, has a WCAG contrast below ``minimum``:
    (page, char, ratio, (x, y) pt from top left).  The ground is the commonest
    colour (8 levels a channel) among the glyph box's pixels, padded by a fifth of
    the size, that lie far from the glyph's fill (:mod:`colour_checks`).  A glyph
    a clipping path cuts (a tiled board's page edge) is left out: part of its
    ground lies outside the clip."""
    import pypdfium2 as pdfium
    from colour_checks import contrast, ground as colour_ground

    scale = dpi / 72
    doc = pdfium.PdfDocument(pdf_bytes)
    texts = [pdfium.PdfDocument(_variant(pdf_bytes, k)) for k in ("text", "text-unclipped")]
    out = []
    ratios: dict[tuple, float | None] = {}     # (fill, ground pixels) → contrast ratio, this PDF's
    try:
        for n, (h, chars) in enumerate(_pages(pdf_bytes, doc)):
            # glyphs of 5 pt or more with a fill colour (:func:`_chars`), in the text layer's order
            glyphs = [(ch, box, size, fill) for ch, box, _, size, _, fill in chars if size >= 5 and fill is not None]
            if not glyphs:
                continue
            img = _rgb(doc[n], scale)
            ink, whole = (np.asarray(t[n].render(scale=scale).to_pil().convert("L")) < 128 for t in texts)
            for ch, (left, bottom, right, top), size, (r, g, b) in glyphs:
                gx0, gx1 = max(0, int(left * scale)), max(0, int(right * scale) + 1)
                gy0, gy1 = max(0, int((h - top) * scale)), max(0, int((h - bottom) * scale) + 1)
                if np.count_nonzero(ink[gy0:gy1, gx0:gx1]) < 0.9 * np.count_nonzero(whole[gy0:gy1, gx0:gx1]):
                    continue      # cut by a clip (a tiled board's page edge): its ground is not all there
                pad = max(2, int(0.2 * size * scale))
                x0, x1 = max(0, int(left * scale) - pad), max(0, int(right * scale) + 1 + pad)
                y0, y1 = max(0, int((h - top) * scale) - pad), max(0, int((h - bottom) * scale) + 1 + pad)
                fill = np.array([r, g, b])
                region = img[y0:y1, x0:x1]
                # the same glyph ground (fill, pixels) met again — a card's label repeated
                # across a sheet — is the same ratio: worked out once (pure functions)
                key = (r, g, b, region.shape, region.tobytes())
                if key not in ratios:
                    ground = colour_ground(region, fill)
                    ratios[key] = None if ground is None else contrast(fill.astype(float), ground)
                ratio = ratios[key]
                if ratio is None:
                    continue
                if ratio < minimum:
                    out.append((n + 1, ch, round(ratio, 2), (round(left), round(h - top))))
    finally:
        doc.close()
        for t in texts:
            t.close()
    return out

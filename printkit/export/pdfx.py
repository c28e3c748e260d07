"""PDF/X-1a:2001 for print shops: CMYK only, no transparency, one press profile.

DriveThruCards (``shop:dtc``) asks for PDF/X-1a.  :func:`to_pdfx1a` turns a
PDF drawn in sRGB by reportlab (every page with TrimBox and BleedBox, fonts
embedded) into one:

* every colour set in a content stream (pages and form XObjects, nested) with
  ``rg``/``RG`` becomes ``k``/``K``: a neutral (r = g = b) to black ink only
  (K = 1 − value, so black text prints in one ink, without registration
  trouble), any other colour through LittleCMS (Pillow's ``ImageCms``) from
  sRGB to the press profile, relative colorimetric with black-point
  compensation; ``g``/``G`` (DeviceGray) and ``k``/``K`` stay as they are;
* RGB images (``/DeviceRGB`` or ICC-based with three components, Flate or
  DCT) are converted pixel by pixel the same way and stored as
  ``/DeviceCMYK``, Flate-compressed;
* a page holding what PDF/X-1a cannot — transparency (a picture's alpha,
  an ``ExtGState`` with alpha < 1, a blend mode or soft mask), shadings and
  patterns, inline images, other colour spaces (``cs``/``sc``) — is
  flattened: rendered by pdfium at 300 dpi on white, as the print shows it,
  and replaced by that one image in CMYK (its text is then pixels; the
  caller says which pages, in a note);
* the file is marked: PDF 1.3, ``/OutputIntents`` with ``/S /GTS_PDFX``
  and the press profile embedded as ``DestOutputProfile``, the Info
  dictionary's ``GTS_PDFXVersion`` and ``GTS_PDFXConformance``
  (``PDF/X-1a:2001``), ``Trapped /False``, fixed dates, and
  ``/ViewerPreferences /PrintScaling /None``; no object streams.

The press profile (:func:`press_profile`) is ghostscript's "Artifex CMYK
SWOP Profile" (``default_cmyk.icc``, ICC v2, output class, for SWOP-coated
offset printing), read from the system where Debian's ``libgs-common``
(ghostscript) installs it — printkit does not ship it (it is under
ghostscript's AGPL); without it ``shop:dtc`` stops with one line saying what
to install.  The shop's own RIP converts to its press from this
characterised CMYK; printkit does not check against a validator (veraPDF
and the like), only the structure above (``tests/test_export.py``).
"""

from __future__ import annotations

import io
import zlib
from functools import lru_cache
from pathlib import Path

from printkit import PrintkitError

#: Where the press profile is looked for, in order (Debian's libgs-common; other layouts of ghostscript).
PROFILE_PATHS = (
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/iccprofiles/default_cmyk.icc",
)
#: Largest profile read (bytes): the real one is 187 KB.
PROFILE_LIMIT = 4 * 1024 * 1024
VERSION = "PDF/X-1a:2001"
_PDF_DATE = "D:20000101000000+00'00'"


@lru_cache(maxsize=1)
def press_profile() -> tuple[bytes, str]:
    """(ICC bytes, description) of the CMYK press profile; raises
    :class:`printkit.PrintkitError` when none is installed or it is not a
    CMYK output profile."""
    from PIL import ImageCms

    for where in PROFILE_PATHS:
        path = Path(where)
        try:
            with open(path, "rb") as fh:
                data = fh.read(PROFILE_LIMIT + 1)
        except OSError:
            continue
        if len(data) > PROFILE_LIMIT or data[16:20] != b"CMYK" or data[12:16] != b"prtr":
            continue
        try:
            desc = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data))).strip()
        except (OSError, ImageCms.PyCMSError):
            continue
        return data, desc or "CMYK press profile"
    raise PrintkitError("shop:dtc: PDF/X-1a needs a CMYK press profile and none is installed: install "
                        "ghostscript's profiles (Debian/Ubuntu: apt install libgs-common; it provides "
                        f"{PROFILE_PATHS[0]})")


@lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms

    icc, _ = press_profile()
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(icc)), "RGB", "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@lru_cache(maxsize=4096)
def rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """One sRGB colour (components 0–1) as CMYK (0–1) for the press: a
    neutral to black ink only, any other through the press profile."""
    clamp = [min(1.0, max(0.0, v)) for v in (r, g, b)]
    if clamp[0] == clamp[1] == clamp[2]:
        return (0.0, 0.0, 0.0, round(1.0 - clamp[0], 4))
    from PIL import Image, ImageCms

    px = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in clamp))
    c, m, y, k = ImageCms.applyTransform(px, _transform()).getpixel((0, 0))
    return tuple(round(v / 255, 4) for v in (c, m, y, k))


def _refuse(where: str, what: str) -> PrintkitError:
    return PrintkitError(f"{where}: the art uses {what}, which PDF/X-1a (CMYK, no transparency) cannot hold; "
                         "use shop:tgc or shop:mpc (PNG), or change the art")


_COLOUR_OPS = {"cs", "CS", "sc", "SC", "scn", "SCN", "sh", "BI", "ID", "EI"}


def _convert_stream(pdf, stream_obj, where: str, dry: bool = False):
    """The content stream ``stream_obj`` (a page or form) with rg/RG turned
    into k/K; raises for colour operators PDF/X-1a cannot take here
    (``dry``: only that check)."""
    import pikepdf

    out = []
    for operands, op in pikepdf.parse_content_stream(stream_obj):
        name = str(op)
        if name in ("rg", "RG") and not dry:
            cmyk = rgb_to_cmyk(*(float(v) for v in operands))
            out.append(pikepdf.ContentStreamInstruction([*cmyk], pikepdf.Operator("k" if name == "rg" else "K")))
            continue
        if name in _COLOUR_OPS or isinstance(op, pikepdf.ContentStreamInlineImage):
            raise _refuse(where, {"sh": "a shading", "BI": "an inline image"}.get(name, f"a colour space ({name})"))
        if not dry:
            out.append(pikepdf.ContentStreamInstruction(operands, op))
    return None if dry else pikepdf.unparse_content_stream(out)


def _convert_image(pdf, image, where: str, dry: bool = False) -> None:
    import pikepdf
    from PIL import ImageCms

    if "/SMask" in image or "/Mask" in image or image.get("/ImageMask", False):
        raise _refuse(where, "an image with transparency (an alpha channel or mask)")
    cs = image.get("/ColorSpace")
    base = cs
    if isinstance(cs, pikepdf.Array) and len(cs) and cs[0] == "/ICCBased":
        base = pikepdf.Name("/DeviceRGB") if int(cs[1].get("/N", 0)) == 3 else \
            pikepdf.Name("/DeviceCMYK") if int(cs[1].get("/N", 0)) == 4 else pikepdf.Name("/DeviceGray")
    if base in ("/DeviceGray", "/DeviceCMYK"):
        if base != cs and not dry:
            image.ColorSpace = base
        return
    if base != "/DeviceRGB":
        raise _refuse(where, f"an image in colour space {cs}")
    if dry:
        return
    pil = pikepdf.PdfImage(image).as_pil_image().convert("RGB")
    cmyk = ImageCms.applyTransform(pil, _transform())
    image.write(zlib.compress(cmyk.tobytes(), 9), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    image.BitsPerComponent = 8
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


def _convert_resources(pdf, owner, where: str, seen: set, dry: bool = False) -> None:
    """Convert ``owner``'s (a page or form) content and everything its
    resources draw: forms (recursively), images; refuse transparency
    (``dry``: only check, change nothing)."""
    import pikepdf

    res = owner.get("/Resources")
    if res is not None:
        for _name, gs in (res.get("/ExtGState") or {}).items():
            ca = [float(gs[k]) for k in ("/ca", "/CA") if k in gs]
            if any(v < 1 for v in ca) or gs.get("/SMask", pikepdf.Name("/None")) != "/None" or \
                    gs.get("/BM", pikepdf.Name.Normal) not in ("/Normal", "/Compatible"):
                raise _refuse(where, "transparency (alpha, a soft mask or a blend mode)")
        if res.get("/Shading") or res.get("/Pattern"):
            raise _refuse(where, "a shading or pattern")
        for _name, xobj in (res.get("/XObject") or {}).items():
            key = xobj.objgen
            if key in seen and key != (0, 0):
                continue
            seen.add(key)
            if xobj.get("/Subtype") == "/Form":
                if "/Group" in xobj and not dry:
                    del xobj["/Group"]  # a transparency group: none is left to group
                _convert_resources(pdf, xobj, where, seen, dry)
                converted = _convert_stream(pdf, xobj, where, dry)
                if not dry:
                    xobj.write(converted)
            elif xobj.get("/Subtype") == "/Image":
                _convert_image(pdf, xobj, where, dry)


def to_pdfx1a(data: bytes, title: str, where: str) -> tuple[bytes, list[int]]:
    """``data`` (a reportlab PDF in sRGB; every page with TrimBox and
    BleedBox, fonts embedded) as PDF/X-1a:2001 (see the module docstring),
    and the numbers (from 1) of the pages that had to be flattened: a page
    holding what PDF/X-1a cannot (transparency, a shading, another colour
    space) becomes one CMYK image of itself at :data:`FLAT_DPI`
    (:func:`_flatten`).  Raises :class:`printkit.PrintkitError` (one line)
    when no press profile is installed.  Deterministic: the same input gives
    the same bytes."""
    import pikepdf

    from printkit.pdf import retag_subsets

    icc, desc = press_profile()
    flat: list[int] = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        seen: set = set()
        for n, page in enumerate(pdf.pages):
            obj = page.obj
            try:  # first a dry run: what PDF/X-1a cannot hold is flattened, the page as one image
                _convert_resources(pdf, obj, where, set(), dry=True)
                _convert_stream(pdf, obj, where, dry=True)
            except PrintkitError:
                _flatten(pdf, page, data, n)
                flat.append(n + 1)
                continue
            if "/Group" in obj:
                del obj["/Group"]
            _convert_resources(pdf, obj, where, seen)
            obj.Contents = pdf.make_stream(_convert_stream(pdf, obj, where))
        profile = pikepdf.Stream(pdf, icc)
        profile["/N"] = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String("Custom"),
            OutputCondition=pikepdf.String(f"{desc} (SWOP, coated offset)"),
            RegistryName=pikepdf.String("http://www.color.org"), Info=pikepdf.String(desc),
            DestOutputProfile=pdf.make_indirect(profile))
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        prefs = pdf.Root.get("/ViewerPreferences") or pikepdf.Dictionary()
        prefs.PrintScaling = pikepdf.Name("/None")
        pdf.Root.ViewerPreferences = prefs
        if "/Metadata" in pdf.Root:
            del pdf.Root["/Metadata"]  # PDF 1.3: the Info dictionary carries the PDF/X keys
        retag_subsets(pdf)
        info = pdf.docinfo
        info["/Title"] = pikepdf.String(title)
        info["/Trapped"] = pikepdf.Name("/False")
        info["/CreationDate"] = info["/ModDate"] = pikepdf.String(_PDF_DATE)
        info["/GTS_PDFXVersion"] = pikepdf.String(VERSION)
        info["/GTS_PDFXConformance"] = pikepdf.String(VERSION)
        out = io.BytesIO()
        pdf.remove_unreferenced_resources()
        pdf.save(out, force_version="1.3", object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 deterministic_id=True, compress_streams=True)
    return out.getvalue(), flat


#: Resolution (dpi) of a page flattened for PDF/X-1a: the shops' print resolution.
FLAT_DPI = 300


def _flatten(pdf, page, data: bytes, index: int) -> None:
    """Replace ``page`` (index ``index`` of ``data``) by one CMYK image of
    itself: rendered by pdfium at :data:`FLAT_DPI` on white (what the
    transparency shows on paper), converted to the press profile."""
    import pikepdf
    import pypdfium2 as pdfium
    from PIL import ImageCms

    doc = pdfium.PdfDocument(data)
    try:
        src = doc[index]
        w, h = src.get_size()
        rgb = src.render(scale=FLAT_DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    cmyk = ImageCms.applyTransform(rgb, _transform())
    image = pikepdf.Stream(pdf, zlib.compress(cmyk.tobytes(), 9))
    image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    image.Width, image.Height = cmyk.width, cmyk.height
    image.ColorSpace, image.BitsPerComponent = pikepdf.Name.DeviceCMYK, 8
    image.Filter = pikepdf.Name.FlateDecode
    obj = page.obj
    if "/Group" in obj:
        del obj["/Group"]
    obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Flat=pdf.make_indirect(image)))
    obj.Contents = pdf.make_stream(f"q {w:.4f} 0 0 {h:.4f} 0 0 cm /Flat Do Q".encode("ascii"))

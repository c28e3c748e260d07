"""Font files for themes and deck layouts: one place that finds a font and
makes it one reportlab can embed.

A theme's ``[fonts]`` role and a deck layout's text ``font`` may name

* a font **file**, ``.ttf`` or ``.otf`` (:data:`FONT_FILES`; where it is
  looked for is the caller's: the theme's folders, the layout's folder);
* an **installed font** by its family, full or PostScript name
  (``"DejaVu Serif"``), found with fontconfig's ``fc-match``
  (:func:`installed_font`).

An OpenType font with PostScript (CFF) outlines (``OTTO``), which reportlab
cannot embed, is converted to TrueType outlines with fontTools' cu2qu
(:func:`cff_to_truetype`, within 1 font unit; a font bomb is stopped by
:func:`_budget_charstrings`) and the copy kept in the cache folder
``fonts-truetype``; :func:`truetype_file` gives a theme the copy as a file
under the font's own name (weasyprint, Pillow and the score pad read fonts
by path).  Errors are
:class:`printkit.PrintkitError`, one line starting with the caller's ``at``.
"""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache
from pathlib import Path

from printkit import PrintkitError, interrupt
from printkit.inputfiles import escape_display, show

#: Font file suffixes a theme or a layout may name as a file.
FONT_FILES = (".ttf", ".otf")
#: Longest installed font name looked up (characters).
MAX_FONT_NAME = 200


def is_font_file(spec: str) -> bool:
    """``spec`` names a font file (ends in ``.ttf``/``.otf``, any case), not an installed font."""
    return str(spec).strip().lower().endswith(FONT_FILES)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return escape_display(text if len(text) <= 160 else text[:140] + "…")


def installed_font(name: str, at: str, other: str = "a .ttf/.otf file") -> Path:
    """The file of the installed font called ``name`` (fontconfig's
    ``fc-match``; its family, full name or PostScript name must be ``name``,
    any case).  ``other`` says what else the caller's key may be, for the
    error, which names the closest installed family.  Raises
    :class:`printkit.PrintkitError` starting ``<at>: font '<name>'`` (``font
    '<name>'`` when ``at`` is empty: the caller adds where)."""
    import shutil
    import subprocess

    at = f"{at}: font" if at else "font"

    if not name or any(ch in name for ch in ":=\n\0") or len(name) > MAX_FONT_NAME:
        raise PrintkitError(f"{at} {show(name)}: not {other} or an installed font's name")
    fc = shutil.which("fc-match")
    if fc is None:
        raise PrintkitError(f"{at} {show(name)} is not {other}, and fonts by name need fontconfig "
                            "(fc-match); name the font file instead")
    try:
        # "--": a name starting with "-" is a name, never an option ("-f<text>" printed any text as the file)
        out = subprocess.run([fc, "--format=%{file}\n%{family}\n%{fullname}\n%{postscriptname}", "--", name],
                             capture_output=True, timeout=20, text=True, errors="replace").stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise PrintkitError(f"{at} {show(name)}: fc-match failed ({_one_line(exc)})") from None
    lines = out.split("\n")
    file = lines[0] if lines else ""
    key = name.strip().casefold()
    names = {n.strip().casefold() for line in lines[1:4] for n in line.split(",") if n.strip()}
    if file and key in names:
        return Path(file)
    # fc-match matches families only: "DejaVu Serif Bold" (a full name) or "DejaVuSerif-Bold" (a PostScript
    # name) is looked up in every installed font's names; the closest name found is offered otherwise
    fonts = _installed_fonts(fc)
    exact = sorted(f for f, found in fonts if key in found)
    if exact:
        return Path(exact[0])
    import difflib

    spelled = {folded: n for _, found in fonts for folded, n in found.items()}  # as each font spells it
    close = difflib.get_close_matches(key, sorted(spelled), n=1, cutoff=0.6)
    shown = {n.casefold(): n for line in lines[1:2] for n in line.split(",")}
    closest = close[0] if close else (lines[1].split(",")[0] if len(lines) > 1 and lines[1] else "none")
    raise PrintkitError(f"{at} {show(name)} is not {other} or an installed font "
                        f"(closest installed: {show(spelled.get(closest) or shown.get(closest, closest))})")


@lru_cache(maxsize=4)
def _installed_fonts(fc: str) -> list[tuple[str, dict[str, str]]]:
    """Every installed font (``fc-list`` beside ``fc-match``): its file and
    its family, full and PostScript names (case-folded → as spelt); listed
    once per process (each name not found by ``fc-match`` looks here)."""
    import subprocess

    lister = str(Path(fc).with_name("fc-list"))
    try:
        out = subprocess.run([lister, "--format=%{file}\t%{family}\t%{fullname}\t%{postscriptname}\n"],
                             capture_output=True, timeout=20, text=True, errors="replace").stdout
    except (OSError, subprocess.SubprocessError):
        return []
    fonts = []
    for line in out[:4_000_000].splitlines():
        file, *names = line.split("\t")
        found = {n.strip().casefold(): n.strip() for field in names for n in field.split(",") if n.strip()}
        if file and found:
            fonts.append((file, found))
    return fonts


#: OS/2 ``fsType`` bits (the OpenType specification's "embedding licensing
#: rights"): what a font's licence lets a document embed of it.
FS_RESTRICTED = 0x0002  # restricted licence embedding: not at all, without the owner's permission
FS_PREVIEW_PRINT = 0x0004  # preview & print: embedded, the document read-only
FS_EDITABLE = 0x0008  # editable embedding
FS_NO_SUBSETTING = 0x0100  # embedded whole only
FS_BITMAP_ONLY = 0x0200  # only the font's bitmaps, never its outlines

_USE_INSTEAD = ("use a font whose licence allows embedding (fsType 0, preview & print or editable), such as "
                "an OFL font, or ask its foundry for an embeddable licence")


def fs_type(data: bytes) -> int | None:
    """The OS/2 table's ``fsType`` of the font ``data`` (bytes 8–9, read raw:
    a broken OS/2 table is the font checks' business), or ``None`` for data
    fontTools cannot open as a font or a font without the field (old Mac
    fonts: no restriction stated)."""
    try:
        from fontTools.ttLib import TTFont as FTFont

        with FTFont(io.BytesIO(data), lazy=True) as font:
            raw = font.reader["OS/2"] if "OS/2" in font.reader else b""
    except Exception:  # noqa: BLE001 - not a font fontTools reads: the font checks say why
        return None
    return int.from_bytes(raw[8:10], "big") if len(raw) >= 10 else None


def licence_problem(data: bytes) -> str | None:
    """Why the licence of the font ``data`` forbids what printkit does with
    it — embed its outlines, subset, in a PDF (reportlab, weasyprint) and in
    a score pad's HTML — or ``None``.  Read from :func:`fs_type`:
    restricted licence embedding (``0x0002`` with neither ``0x0004``
    preview & print nor ``0x0008`` editable set: the least restrictive bit
    set counts, as the specification says), bitmap embedding only
    (``0x0200``) and no subsetting (``0x0100``) are refused.  The answer
    completes ``"<file> is …"``."""
    fs = fs_type(data)
    if fs is None:
        return None
    if fs & FS_RESTRICTED and not fs & (FS_PREVIEW_PRINT | FS_EDITABLE):
        return (f"a font whose licence forbids embedding it in a PDF (OS/2 fsType 0x{fs:04X}: restricted "
                f"licence embedding), and printkit embeds every font it prints with; {_USE_INSTEAD}")
    if fs & FS_BITMAP_ONLY:
        return (f"a font whose licence allows embedding only its bitmaps in a PDF (OS/2 fsType 0x{fs:04X}: "
                f"bitmap embedding only), not the outlines printkit embeds; {_USE_INSTEAD}")
    if fs & FS_NO_SUBSETTING:
        return (f"a font whose licence forbids embedding a subset of it in a PDF (OS/2 fsType 0x{fs:04X}: no "
                f"subsetting), and printkit embeds the glyphs it prints as a subset; {_USE_INSTEAD}")
    return None


def editing_problem(data: bytes) -> str | None:
    """Why the licence of the font ``data`` forbids typing into a form field
    in it — a fillable sheet embeds the font whole so a viewer can type any
    Latin character, which edits the document — or ``None``.  Only
    installable (``fsType`` 0, less its subsetting and bitmap bits) and
    editable (``0x0008``) fonts may; preview & print (``0x0004``) allows a
    read-only document only (Acrobat refuses such fonts for form fields
    too).  Fonts :func:`licence_problem` refuses give its line.  The answer
    completes ``"<file> is …"``."""
    forbidden = licence_problem(data)
    if forbidden:
        return forbidden
    fs = fs_type(data) or 0
    if fs & (FS_RESTRICTED | FS_PREVIEW_PRINT) and not fs & FS_EDITABLE:
        return (f"a font whose licence allows embedding it for preview and print only (OS/2 fsType 0x{fs:04X}), "
                "so the document must stay read-only, and a fillable sheet's fields are typed into in it; use a "
                "theme whose body font allows editable embedding (fsType 0 or editable), or build without --fillable")
    return None


def truetype_bytes(data: bytes, label: str, at: str) -> bytes:
    """``data`` as a font reportlab can embed: a CFF OpenType font (``OTTO``)
    converted (:func:`cff_to_truetype`), anything else as it is (checked
    after by :func:`printkit.theme.font_problem`)."""
    if data[:4] != b"OTTO":
        return data
    return cff_to_truetype(data, hashlib.sha256(data).hexdigest(), label, at)


#: Converted theme fonts of this process: their folder (made on first use, removed at exit).
_SCRATCH: list[Path] = []


def truetype_file(path: Path, data: bytes, label: str, at: str) -> tuple[Path, bytes]:
    """The file and bytes of the font ``data`` read from ``path`` as a
    TrueType font: ``path`` itself, or for a CFF OpenType font its converted
    copy (:func:`cff_to_truetype`, cached), written under the font's own file
    name — so messages still name ``MyFont.otf`` — in a private temporary
    folder (mode 0700) removed when the process ends."""
    if data[:4] != b"OTTO":
        return path, data
    digest = hashlib.sha256(data).hexdigest()
    result = cff_to_truetype(data, digest, label, at)
    if not _SCRATCH:
        import atexit
        import shutil
        import tempfile

        _SCRATCH.append(Path(tempfile.mkdtemp(prefix="printkit-fonts-")))  # mode 0700
        atexit.register(shutil.rmtree, _SCRATCH[0], True)
    out = _SCRATCH[0] / digest / path.name
    if not out.is_file():
        out.parent.mkdir(exist_ok=True)
        out.write_bytes(result)
    return out, result


#: Most TrueType copies of .otf fonts kept in the cache (:func:`cff_to_truetype`).
TRUETYPE_CACHE_ENTRIES = 32


def cff_to_truetype(data: bytes, digest: str, label: str, at: str) -> bytes:
    """The OpenType/CFF font ``data`` with TrueType (quadratic) outlines, so
    reportlab can embed it (fontTools: cu2qu, max error 1 unit); kept in the
    cache folder ``fonts-truetype`` by the source's SHA-256 ``digest``
    (:mod:`printkit.caches`: off with ``PRINTKIT_CACHE=off``; an entry is read
    only when it is a regular file of the user's own, in a folder no one else
    can write, within the font size cap; the font is checked after either way).
    At most :data:`TRUETYPE_CACHE_ENTRIES` copies are kept, the least recently
    written removed first.  A font whose licence forbids embedding
    (:func:`licence_problem`) is refused first, never converted."""
    from printkit.caches import cache_folder, prune, read_entry, write_entry
    from printkit.inputfiles import MAX_SIZES

    forbidden = licence_problem(data)  # before any copy is made (or kept in the cache)
    if forbidden:
        raise PrintkitError(f"{at}: font {label} is {forbidden}")
    folder = cache_folder("fonts-truetype")
    name = f"{digest}.ttf"
    cached = read_entry(folder / name, MAX_SIZES["font"]) if folder is not None else None
    if cached:
        return cached
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FTFont, newTable

    try:
        font = FTFont(io.BytesIO(data))
        if "CFF " not in font:
            raise ValueError("no CFF table (CFF2 variable fonts are not supported)")
        order = font.getGlyphOrder()
        glyph_set = font.getGlyphSet()
        _budget_charstrings(glyph_set.charStrings, order, len(data))
        glyphs = {}
        for gname in order:
            interrupt.checkpoint()  # a big font converts for a while: a stop request ends it between glyphs
            pen = TTGlyphPen(glyph_set)
            glyph_set[gname].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
            glyphs[gname] = pen.glyph()
        font["loca"] = newTable("loca")
        font["glyf"] = glyf = newTable("glyf")
        glyf.glyphOrder = order
        glyf.glyphs = glyphs
        del font["CFF "]
        if "VORG" in font:
            del font["VORG"]
        glyf.compile(font)
        hmtx = font["hmtx"]
        for gname, glyph in glyf.glyphs.items():
            if hasattr(glyph, "xMin"):
                hmtx[gname] = (hmtx[gname][0], glyph.xMin)
        maxp = font["maxp"] = newTable("maxp")
        maxp.tableVersion = 0x00010000
        for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                     "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
            setattr(maxp, attr, 1 if attr == "maxZones" else 0)
        post = font["post"]
        post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
        font.sfntVersion = "\x00\x01\x00\x00"
        out = io.BytesIO()
        font.save(out)
        result = out.getvalue()
    except Exception as exc:  # fontTools raises many kinds on odd or hostile fonts
        raise PrintkitError(f"{at}: font {label}: cannot convert its PostScript outlines to TrueType "
                            f"({_one_line(exc)})") from None
    if folder is not None and len(result) <= MAX_SIZES["font"]:
        write_entry(folder, name, result)
        prune(folder, ".ttf", TRUETYPE_CACHE_ENTRIES, TRUETYPE_CACHE_ENTRIES * MAX_SIZES["font"])
    return result


#: Charstring bytes a CFF font's glyphs may take to draw, subroutine calls
#: included, per byte of the font (plus :data:`CHARSTRING_WORK_BASE`): a
#: subroutine may call others, so a 780-byte font whose subroutines each call
#: the next ten times drew 10⁸ segments — the conversion ran for hours
#: and its memory kept growing.  Real fonts draw in one or two bytes per byte
#: of font (the URW base-35 .otf fonts: 0.9–1.8; subroutines only share
#: repeated pieces).
CHARSTRING_WORK_PER_BYTE = 20
CHARSTRING_WORK_BASE = 100_000


class CharstringBomb(ValueError):
    """A CFF font's glyphs take more than their budget to draw (see
    :data:`CHARSTRING_WORK_PER_BYTE`)."""


def _budget_charstrings(charstrings, order, font_bytes: int) -> None:
    """Make every glyph of ``charstrings`` (fontTools ``CharStrings``) draw
    through an outline extractor that counts the charstring bytes it runs —
    each subroutine call counts its subroutine again — and raises
    :class:`CharstringBomb` past ``CHARSTRING_WORK_BASE +
    CHARSTRING_WORK_PER_BYTE × font_bytes`` for the whole font."""
    from fontTools.misc.psCharStrings import T2OutlineExtractor

    limit = CHARSTRING_WORK_BASE + CHARSTRING_WORK_PER_BYTE * font_bytes
    spent = [0]

    class Budgeted(T2OutlineExtractor):
        def execute(self, charString, **kw):
            code = charString.bytecode if charString.bytecode is not None else charString.program
            spent[0] += 1 + len(code or ())
            if spent[0] > limit:
                raise CharstringBomb(f"its glyphs take more than {limit:,} charstring bytes to draw (subroutines "
                                     "calling subroutines over and over: a font bomb, not converted)")
            return super().execute(charString, **kw)

    for gname in order:
        charstrings[gname].outlineExtractor = Budgeted

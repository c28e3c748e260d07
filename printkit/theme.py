"""Themes: one object holding every colour and font a renderer uses.

A theme is a folder holding a ``theme.toml`` (and, optionally, HTML
templates and fonts): bundled ones in ``templates/<name>/``, a user's in
``./themes/<name>/`` or the config folder's ``themes/<name>/``, or any folder
named by path (:func:`find_theme`).  Renderers never name a colour or a font
file themselves: they ask the theme, so a new theme (ink-saver,
colour-blind-safe) changes no renderer.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath, PureWindowsPath

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit import FONTS_DIR, TEMPLATES_DIR, PrintkitError, UsageError
from printkit.fontfiles import installed_font, is_font_file, licence_problem, truetype_file
from printkit.inputfiles import escape_display, read_bytes, show, text_flaw
from printkit.rules import load_toml

FONT_ROLES = ("display", "body", "bold", "semibold", "italic")
#: What each font role draws (``printkit new-theme`` writes these as comments).
FONT_ROLE_USES = {
    "display": "big numbers, titles and headings (the number a player needs most)",
    "body": "running text: card texts, rules, labels (400 weight)",
    "bold": "emphasis, values and small headings (700 weight)",
    "semibold": "sub-headings and labels between body and bold (600 weight)",
    "italic": "flavour text and notes (400 italic)",
}

#: Keys of a theme's ``[theme]`` table: text each.
THEME_KEYS = {
    "name": "a short name (text of 1 to 60 characters)",
    "description": "one line of text (1 to 500 characters)",
    "extends": "the name of the theme this one starts from, found like --theme NAME (letters, digits, - and _)",
}
#: ``[type]`` keys (``printkit new-theme`` writes these as comments).
TYPE_KEYS = {
    "scale": ("how much larger small type is drawn: card texts, labels and rules text (a number from "
              "1.0, the designed sizes, to 1.5); big numbers and titles keep their size"),
}
#: The range of ``[type] scale``.
TYPE_SCALE_RANGE = (1.0, 1.5)
#: Top-level tables of a theme.toml.
SECTIONS = ("theme", "fonts", "colours", "games", "type")
#: A theme name (``--theme``, ``extends``): one plain folder name, no path.
THEME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
#: A colour role: it becomes a CSS variable ``--<role>`` in documents.
COLOUR_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
#: Colours are ``#rrggbb``: CSS takes ``#rgb`` too, but reportlab's HexColor
#: reads ``#abc`` as ``#000abc`` — so only the six-digit form is accepted.
HEX_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
#: A top-level package name only: finding ``a.b`` would import (run) ``a``.
_PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")
_EXPECT_FONT = ("expected a .ttf/.otf file name inside the theme folder or fonts/ (no '..', no absolute path), "
                "package:<python package>/<file>, or an installed font's name")


def theme_name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a theme name (``--theme``, ``extends``), or ``None``."""
    if not isinstance(name, str):
        return f"{show(name)} is not text"
    if not THEME_NAME.fullmatch(name):
        return f"{show(name)} is not a plain theme name"
    return None


def font_spec_problem(spec: object) -> str | None:
    """Why ``spec`` is not an acceptable font spec, or ``None``: text, and a
    relative path that stays inside the folder it is looked up in (no ``..``,
    no absolute path, no drive, no backslash), or ``package:<package>/<file>``
    with the same rule for ``<file>``."""
    if not isinstance(spec, str):
        return f"{show(spec)} is not text"
    if not spec or len(spec) > 200:
        return f"{show(spec)} must be 1 to 200 characters"
    flaw = text_flaw(spec)
    if flaw:
        return f"{show(spec)} holds {flaw}"
    rel = spec
    if spec.startswith("package:"):
        pkg, slash, rel = spec[len("package:"):].partition("/")
        if not slash or not _PACKAGE.fullmatch(pkg):
            return f"{show(spec)} is not package:<python package>/<file>"
    if not rel or "\\" in rel or "\x00" in rel or PurePosixPath(rel).is_absolute() or PureWindowsPath(rel).drive:
        return f"{show(spec)} is an absolute or malformed path"
    if any(part == ".." for part in rel.split("/")):
        return f"{show(spec)} uses '..' to leave its folder"
    return None


def _inside(path: Path, folder: Path) -> bool:
    """``path`` (links followed) lies inside ``folder``."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def resolve_font(spec: str, theme_dir: Path, parents: tuple[Path, ...] = ()) -> Path:
    """Turn a theme font spec into a file path.

    ``"package:font_lato/Lato-Bold.ttf"`` → that file inside the installed
    package's ``files/`` folder (or the package folder itself); anything else
    is looked up in the theme's folder, then in ``parents`` (the folders of
    the themes it extends), then in the repository's ``fonts/``; a spec
    found in none that is no ``.ttf``/``.otf`` file name and holds no ``/``
    is an installed font's name (``"DejaVu Serif"``,
    :func:`printkit.fontfiles.installed_font`: fontconfig).
    Specs leaving their folder (``..``, absolute paths; for the theme and
    package folders also links pointing outside) are refused.  Raises
    :class:`printkit.PrintkitError` (what is wrong; what is expected, without
    the theme file, which :func:`load_theme` adds) when the font is not found.
    """
    problem = font_spec_problem(spec)
    if problem:
        raise PrintkitError(f"{problem}; {_EXPECT_FONT}")
    if spec.startswith("package:"):
        pkg, _, name = spec[len("package:"):].partition("/")
        try:
            found = importlib.util.find_spec(pkg)
        except (ImportError, ValueError):
            found = None
        if found is None or not found.submodule_search_locations:
            raise PrintkitError(
                f"{show(spec)}: Python package {pkg!r} is not installed; install it (pip install "
                f"{pkg.replace('_', '-')}) or name a font file in the theme folder or fonts/"
            )
        for loc in found.submodule_search_locations:
            for candidate in (Path(loc) / "files" / name, Path(loc) / name):
                if candidate.is_file() and _inside(candidate, Path(loc)):
                    return candidate
        raise PrintkitError(f"{show(spec)}: {escape_display(name)} not found in package {pkg}; "
                            "expected a font file the package installs")
    for folder in (theme_dir, *parents):
        candidate = folder / spec
        if candidate.exists() or candidate.is_symlink():
            if not _inside(candidate, folder):
                raise PrintkitError(f"{show(spec)}: a link leading outside the theme folder; "
                                    "expected a font file inside the theme folder")
            return candidate
    candidate = FONTS_DIR / spec
    if candidate.exists() or candidate.is_symlink():
        return candidate
    if not is_font_file(spec) and "/" not in spec:  # "DejaVu Serif": a font installed on this computer
        return installed_font(spec, "", "a font file in the theme folder or fonts/")
    raise PrintkitError(f"{show(spec)} not found in {escape_display(str(theme_dir))} or "
                        f"{escape_display(str(FONTS_DIR))}; {_EXPECT_FONT}")


#: Tables reportlab reads from a TrueType font.
_TTF_TABLES = ("head", "hhea", "maxp", "hmtx", "cmap", "name", "post", "loca", "glyf")


def font_problem(data: bytes) -> str | None:
    """Why the bytes ``data`` are not a font printkit can embed, or ``None``.

    It must be one TrueType font (outlines in a ``glyf`` table): fontTools
    reads the tables reportlab uses, the character map must map characters to
    glyphs, and reportlab must parse and subset it.  A CFF-based OpenType
    font (``OTTO``), a collection (``.ttc``) and web fonts (WOFF) are refused
    with a line saying so, as reportlab cannot embed them; so is a font whose
    licence forbids embedding it, embedding its outlines or a subset of it
    (OS/2 ``fsType``: :func:`printkit.fontfiles.licence_problem`).
    """
    from fontTools.ttLib import TTFont as FTFont

    tag = data[:4]
    if tag == b"OTTO":
        return ("an OpenType font with PostScript (CFF) outlines, which reportlab cannot embed; "
                "expected a TrueType font (glyf outlines): use the .ttf version of the font")
    if tag == b"ttcf":
        return "a font collection (.ttc); expected a single TrueType font (.ttf)"
    if tag in (b"wOFF", b"wOF2"):
        return "a web font (WOFF); expected a TrueType font (.ttf)"
    if tag not in (b"\x00\x01\x00\x00", b"true"):
        return "not a TrueType/OpenType font (no font header); expected a .ttf font file"
    try:
        with FTFont(io.BytesIO(data), lazy=True) as font:
            missing = [t for t in _TTF_TABLES if t not in font]
            if missing:
                what = "no TrueType outlines (glyf)" if "glyf" in missing else f"no {', '.join(missing)} table"
                return f"a font with {what}; expected a complete TrueType font (.ttf)"
            for t in _TTF_TABLES:
                font[t]
            cmap = font.getBestCmap() or {}
            glyphs = font["maxp"].numGlyphs
            names = font["name"]
            if not any(names.getName(i, 3, 1, 0x409) or names.getName(i, 1, 0, 0) for i in (6, 4, 1)):
                # reportlab looks a PDF font name up there (and trips over its own missing setting without one)
                return ("a font with no PostScript, full or family name (name table IDs 6, 4, 1 in English); "
                        "expected a complete TrueType font (.ttf)")
            if font.reader.tables["glyf"].length < max(font["loca"].locations or [0]):
                return "a truncated TrueType font (glyph data cut short); expected a complete .ttf file"
    except Exception as exc:  # fontTools raises many kinds on hostile bytes: one line, never a traceback
        return f"a broken or truncated font ({type(exc).__name__}: {show(str(exc))}); expected a complete .ttf file"
    if not cmap or glyphs < 2:
        return "a font with no characters mapped to glyphs (empty cmap); expected a text font"
    forbidden = licence_problem(data)
    if forbidden:
        return forbidden
    if len(cmap) > MAX_CMAP_CHARS:
        return (f"a font mapping {len(cmap):,} code points, more than Unicode has characters (at most "
                f"{MAX_CMAP_CHARS:,}: a fallback font or a forged one); expected a text font")
    try:
        from reportlab.pdfbase.ttfonts import TTFontFile

        ttf = TTFontFile(io.BytesIO(data))
        ttf.makeSubset(sorted(cmap)[:4096])
    except Exception as exc:  # reportlab: TTFError, struct.error, IndexError, …
        return f"a font reportlab cannot embed ({type(exc).__name__}: {show(str(exc))}); expected a TrueType font (.ttf)"
    bad = _PDF_NAME_FLAW.search(ttf.name)
    if bad:  # reportlab refuses spaces and delimiters but writes these into /BaseFont as they are
        return (f"a font whose PostScript name (name table) {show(ttf.name.decode('latin-1'))} holds "
                f"{'#' if bad.group() == b'#' else f'the byte 0x{bad.group()[0]:02X}'}, which a PDF font "
                "name cannot (the PDF would be damaged); expected a font with a plain PostScript name")
    return _freetype_problem(data, cmap)


#: Most code points a font's character map may map: Unicode 15.1 assigns
#: 149,813 characters.  A 13 MB font mapping all 1.1 million code points to
#: one glyph took a build 28 s and 460 MB (reportlab reads, weasyprint
#: subsets and compresses every mapping, in every document).
MAX_CMAP_CHARS = 150_000

#: Bytes a PostScript font name may not hold in a PDF (reportlab writes it into
#: ``/BaseFont`` unescaped): controls, and ``#`` (a PDF name's escape).
_PDF_NAME_FLAW = re.compile(rb"[\x00-\x20#\x7f-\xff]")


def _freetype_problem(data: bytes, cmap: dict[int, str]) -> str | None:
    """Why FreeType (Pillow's text, for PNG faces and previews) cannot load
    every mapped glyph of the font ``data``, or ``None``: a composite glyph
    that refers to itself (directly or through others) or nests too deep is
    refused here, once, instead of failing mid-render."""
    try:
        from PIL import ImageFont

        font = ImageFont.truetype(io.BytesIO(data), 12, layout_engine=ImageFont.Layout.BASIC)
    except ImportError:  # pragma: no cover - Pillow without FreeType: nothing draws text with it either
        return None
    except OSError as exc:
        return f"a font FreeType cannot open ({show(str(exc))}); expected a TrueType font (.ttf)"
    chars = [chr(c) for c in sorted(cmap) if not 0xD800 <= c <= 0xDFFF and c >= 0x20]
    for i in range(0, len(chars), 512):
        chunk = "".join(chars[i:i + 512])
        try:
            font.getlength(chunk)
        except OSError as exc:  # FreeType: "invalid composite glyph", "invalid outline", …
            bad = next((c for c in chunk if _glyph_fails(font, c)), None)
            where = f" (the glyph of U+{ord(bad):04X})" if bad else ""
            return (f"a font with glyphs FreeType cannot load{where}: {show(str(exc))}, e.g. a composite glyph "
                    "made of itself; expected a valid TrueType font (.ttf)")
    return None


def _glyph_fails(font, char: str) -> bool:
    try:
        font.getlength(char)
    except OSError:
        return True
    return False


_checked_fonts: dict[bytes, str | None] = {}

#: Version of the font check: a change to :func:`font_problem` bumps it, so
#: fonts passed by an older check are checked again.
FONT_CHECK_VERSION = 4


def font_cache_dir() -> Path | None:
    """Where fonts that passed :func:`font_problem` are remembered across
    runs: the cache folder ``fonts-ok-v<N>`` (:func:`printkit.caches.cache_folder`:
    under ``$PRINTKIT_CACHE_DIR`` or the user's cache folder, a real folder of
    the user's own that no one else can write), one empty file per font named
    by the SHA-256 of its bytes.  ``None`` when the caches are off
    (``PRINTKIT_CACHE=off``) or the folder is not safe to use."""
    from printkit.caches import cache_folder

    return cache_folder(f"fonts-ok-v{FONT_CHECK_VERSION}")


def _font_problem_cached(digest: bytes, data: bytes) -> str | None:
    """:func:`font_problem`, once per distinct font: in a process (themes
    share fonts) and across runs for fonts that passed (the theme's fonts
    were re-checked on every run: 0.14 s of each ``printkit deck``).  The
    cache is keyed by the SHA-256 of the font's bytes, so an edited or
    replaced file is checked again; a problem is never cached.  A marker
    counts only when it is a regular file of the user's own in a safe folder
    (:func:`printkit.caches.read_entry`); a cache that cannot be read or
    written is skipped silently."""
    if digest in _checked_fonts:
        return _checked_fonts[digest]
    from printkit.caches import read_entry, write_entry

    folder = font_cache_dir()
    known = folder is not None and read_entry(folder / digest.hex(), 0) is not None
    problem = None if known else font_problem(data)
    _checked_fonts[digest] = problem
    if problem is None and not known and folder is not None:
        write_entry(folder, digest.hex(), b"")
    return problem


#: Theme fonts read and checked but not handed to reportlab yet: reportlab
#: name → (bytes, file, label).  :func:`ensure_font` registers one when it is
#: first used (reportlab parses a font's tables on registration, about 30 M
#: instructions each: a deck drawn in three of a theme's five fonts skips two).
_PENDING: dict[str, tuple[bytes, Path, str]] = {}


def _truetype(file: Path, label: str) -> tuple[Path, bytes]:
    """Read the theme font ``file`` (bounded: a font-sized regular file) as
    TrueType: an OpenType font with PostScript (CFF) outlines is converted
    (:func:`printkit.fontfiles.truetype_file`: the file and bytes of its
    TrueType copy).  ``label``: ``"<theme.toml>: [fonts] <role>"``."""
    try:
        data = read_bytes(file, kind="font")
    except PrintkitError as exc:
        raise PrintkitError(f"{label}: {exc}") from None
    return truetype_file(file, data, file.name, label)


def _register_font(font_name: str, file: Path, label: str, data: bytes | None = None) -> None:
    """Read ``file`` (bounded: a font-sized regular file; or take its bytes
    ``data``), check it is a TrueType font reportlab can embed, and name it
    ``font_name``: registered with reportlab on first use
    (:func:`ensure_font`).  ``label``: ``"<theme.toml>: [fonts] <role>"``
    for messages."""
    if data is None:
        try:
            data = read_bytes(file, kind="font")
        except PrintkitError as exc:
            raise PrintkitError(f"{label}: {exc}") from None
    problem = _font_problem_cached(hashlib.sha256(data).digest(), data)
    if problem:
        raise PrintkitError(f"{label}: {escape_display(str(file))} is {problem}")
    _PENDING[font_name] = (data, file, label)


def ensure_font(font_name: str) -> str:
    """``font_name``, registered with reportlab if it is a theme font not
    registered yet.  Raises :class:`printkit.PrintkitError` (naming the
    theme.toml and role) when reportlab cannot use it."""
    pending = _PENDING.get(font_name)
    if pending is None:
        return font_name
    data, file, label = pending
    stream = io.BytesIO(data)
    stream.name = str(file)  # reportlab names the font file by it, as when it opens the path itself
    try:
        font = TTFont(font_name, stream)
        pdfmetrics.registerFont(font)
    except Exception as exc:  # reportlab's TTFError and friends
        raise PrintkitError(f"{label}: {escape_display(str(file))}: reportlab cannot use this font "
                            f"({type(exc).__name__}: {show(str(exc))}); expected a TrueType font (.ttf)") from None
    del _PENDING[font_name]
    return font_name


def _font_file(font_name: str) -> str | None:
    """The file a registered or pending font was read from (as a string)."""
    pending = _PENDING.get(font_name)
    if pending is not None:
        return str(pending[1])
    return getattr(pdfmetrics.getFont(font_name).face, "filename", None)


#: The least size (pt) of text a player reads in a large-print theme (issue 24).
LARGE_PRINT_PT = 11.0


@dataclass(frozen=True)
class Theme:
    """Colours (sRGB hex) and fonts (registered reportlab names) of one theme.

    ``fonts``: role ("display", "body", "bold", "semibold", "italic") →
    reportlab font name, registered and embedded (subset) on first use.
    ``font_files``: role → TTF path (for weasyprint's @font-face).
    ``colours``: general roles (ink, muted, paper, cut, accent).
    ``games``: game id → role → hex, one coherent palette per game.
    ``search_path``: template folders, this theme's first, then its parents'.
    ``type_scale``: ``[type] scale``, the factor small type is drawn at
    (:meth:`small`), 1.0 to 1.5.
    """

    name: str
    directory: Path
    fonts: dict[str, str]
    font_files: dict[str, Path]
    colours: dict[str, str]
    games: dict[str, dict[str, str]]
    search_path: tuple[Path, ...] = ()
    type_scale: float = 1.0

    def small(self, size: float) -> float:
        """``size`` (pt) of small type — card texts, labels, rules text —
        times ``[type] scale``; renderers call it where their layout has the
        room.  Big numbers and titles are drawn at their designed size."""
        return size * self.type_scale

    @property
    def large_print(self) -> bool:
        """True for a large-print theme (``[type] scale`` above 1)."""
        return self.type_scale > 1

    def legible(self, size: float, least: float = LARGE_PRINT_PT) -> float:
        """``size`` (pt) of text a player reads: :meth:`small` of it, and in
        a large-print theme (:attr:`large_print`) never under ``least`` pt
        (issue 24: 11 pt as printed)."""
        return max(least, self.small(size)) if self.large_print else self.small(size)

    def font(self, role: str) -> str:
        """Registered reportlab font name for ``role`` (registered now when
        this is its first use, :func:`ensure_font`)."""
        return ensure_font(self.fonts[role])

    def hex(self, role: str, game: str | None = None) -> str:
        """Hex colour of ``role``, looked up in ``game``'s palette first."""
        if game and role in self.games.get(game, {}):
            return self.games[game][role]
        try:
            return self.colours[role]
        except KeyError:
            raise PrintkitError(
                f"theme {self.name!r}: no colour {role!r}" + (f" for game {game!r}" if game else "")
            ) from None

    def colour(self, role: str, game: str | None = None):
        """reportlab colour object of ``role`` (see :meth:`hex`)."""
        return HexColor(self.hex(role, game))

    def missing_glyphs(self, text: str, role: str) -> str:
        """The characters of ``text`` that the ``role`` font cannot draw (no
        entry in its cmap), each once, in order of first appearance; ``""``
        when the font has them all.  reportlab would print such characters as
        blank boxes.  Games call this on user text (``--rules`` data) before
        drawing it; the cmaps are read once per font file (fontTools).
        """
        cmap = font_cmap(self.font_files[role])
        missing = dict.fromkeys(ch for ch in text if ord(ch) not in cmap)
        return "".join(missing)


#: The least WCAG 2 contrast ratio text needs on its ground (level AA, body text).
TEXT_CONTRAST = 4.5
#: The general colour roles printed as text on the theme's ``paper``.
TEXT_ROLES = ("ink", "muted", "accent")


def contrast_notes(theme: Theme) -> list[str]:
    """One line per text colour of ``theme`` (:data:`TEXT_ROLES`) whose WCAG
    contrast ratio on its ``paper`` colour is under :data:`TEXT_CONTRAST`
    (a shared theme's ``ink = "#eeeeee"`` prints text few can read): the
    build says so, and builds.  Colours that are not ``#rrggbb`` are left to
    the theme's own checks."""
    from printkit.render.icons import contrast_ratio

    notes = []
    paper = theme.colours.get("paper")
    for role in TEXT_ROLES:
        colour = theme.colours.get(role)
        try:
            ratio = contrast_ratio(colour, paper) if colour and paper else None
        except ValueError:
            ratio = None
        if ratio is not None and ratio < TEXT_CONTRAST:
            notes.append(f"theme {theme.name!r}: {role} {colour} on the paper colour {paper} has a contrast of "
                         f"{int(ratio * 10) / 10:g}:1, under the {TEXT_CONTRAST:g}:1 text needs to read "
                         f"(WCAG); make {role} darker (or paper lighter) in [colours]")
    return notes


@lru_cache(maxsize=None)
def font_cmap(path: Path) -> frozenset[int]:
    """Code points mapped by the font file at ``path`` (its best Unicode cmap,
    read with fontTools from a bounded read; cached per path, and across runs
    in the user's cache folder by the SHA-256 of the font's bytes, so a run
    whose fonts were read before does not import fontTools: 0.1 G
    instructions of every ``printkit deck``).  Raises
    :class:`printkit.PrintkitError` for a file fontTools cannot read."""
    data = read_bytes(path, kind="font")
    digest = hashlib.sha256(data).hexdigest()
    cached = _cached_cmap(digest)
    if cached is not None:
        return cached
    from fontTools.ttLib import TTFont as FTFont

    try:
        with FTFont(io.BytesIO(data), lazy=True) as font:
            cmap = frozenset(font.getBestCmap() or {})
    except Exception as exc:  # fontTools raises many kinds on hostile bytes
        raise PrintkitError(
            f"font {escape_display(str(path))}: cannot read its character map ({type(exc).__name__}: {show(str(exc))})"
        ) from None
    _store_cmap(digest, cmap)
    return cmap


#: Most code points a cached character map may hold (Unicode has 1.1 million).
_MAX_CMAP = 0x110000


def _cmap_folder() -> Path | None:
    """The cache folder of fonts' character maps (:func:`printkit.caches.cache_folder`)."""
    from printkit.caches import cache_folder

    return cache_folder(f"font-cmaps-v{FONT_CHECK_VERSION}")


def _cached_cmap(digest: str) -> frozenset[int] | None:
    """The character map remembered for the font of SHA-256 ``digest``
    (code points as 4-byte little-endian integers, ascending), or ``None``
    when there is none or it is not such a list (it is then read again).
    The read is bounded (:func:`printkit.caches.read_entry`)."""
    from array import array

    from printkit.caches import read_entry

    folder = _cmap_folder()
    raw = read_entry(folder / digest, 4 * _MAX_CMAP) if folder is not None else None
    if not raw or len(raw) % 4:
        return None
    codes = array("I")
    if codes.itemsize != 4:  # pragma: no cover - every platform printkit runs on
        return None
    codes.frombytes(raw)
    if sys.byteorder != "little":  # pragma: no cover
        codes.byteswap()
    if codes[-1] >= _MAX_CMAP or any(a >= b for a, b in zip(codes, codes[1:])):
        return None
    return frozenset(codes)


def _store_cmap(digest: str, cmap: frozenset[int]) -> None:
    """Remember ``cmap`` for :func:`_cached_cmap` (atomic; silently skipped
    when the cache folder cannot be written)."""
    from array import array

    from printkit.caches import write_entry

    codes = array("I", sorted(cmap))
    if not codes or codes.itemsize != 4:
        return
    if sys.byteorder != "little":  # pragma: no cover
        codes.byteswap()
    folder = _cmap_folder()
    if folder is not None:
        write_entry(folder, digest, codes.tobytes())


def available_themes() -> list[str]:
    """Names of themes bundled in ``templates/`` (folders with a theme.toml)."""
    return sorted(p.parent.name for p in TEMPLATES_DIR.glob("*/theme.toml"))


# -- finding themes -----------------------------------------------------------------------

#: Where a theme comes from, as ``printkit themes`` says it: a user's
#: ``./themes/<name>`` folder, the user's config folder, the bundled
#: ``templates/``, or a folder named by path (``--theme ./x``, or a folder of
#: the current directory named like the theme).
SOURCES = ("./themes", "config", "bundled", "path")


@dataclass(frozen=True)
class FoundTheme:
    """One theme folder found: ``name`` (its folder name), ``folder`` (absolute,
    links followed), ``source`` (one of :data:`SOURCES`)."""

    name: str
    folder: Path
    source: str


def config_themes_dir() -> Path:
    """The user's theme folder: ``platformdirs.user_config_path("printkit") /
    "themes"`` (Linux: ``$XDG_CONFIG_HOME/printkit/themes``, by default
    ``~/.config/printkit/themes``; macOS: ``~/Library/Application
    Support/printkit/themes``; Windows: ``%LOCALAPPDATA%\\printkit\\printkit\\themes``)."""
    import platformdirs

    return Path(platformdirs.user_config_path("printkit")) / "themes"


def theme_places() -> tuple[tuple[str, Path], ...]:
    """``(source, folder)`` pairs a theme *name* is looked up in, in order:
    ``./themes`` (of the current directory), the user's config folder
    (:func:`config_themes_dir`), then the bundled ``templates/``."""
    return (("./themes", Path.cwd() / "themes"), ("config", config_themes_dir()), ("bundled", TEMPLATES_DIR))


def _has_toml(folder: Path) -> bool:
    """``folder`` holds an entry named theme.toml (whatever it is: a FIFO or a
    dangling link is reported when the theme is read, not skipped)."""
    toml = folder / "theme.toml"
    try:
        return toml.exists() or toml.is_symlink()
    except OSError:  # unreadable folder, name too long
        return False


def _real(folder: Path) -> Path:
    try:
        return folder.resolve()
    except (OSError, RuntimeError):
        return folder.absolute()


def theme_candidates(name: str, places: tuple[tuple[str, Path], ...] | None = None) -> list[FoundTheme]:
    """Every folder holding a theme called ``name`` (a plain theme name), in
    search order (:func:`theme_places`): the first one is the theme
    ``--theme name`` uses, the others it shadows."""
    found = []
    for source, base in places or theme_places():
        folder = base / name
        if _has_toml(folder):
            found.append(FoundTheme(name, _real(folder), source))
    return found


def looks_like_path(arg: str) -> bool:
    """``--theme`` ``arg`` names a folder by path: it holds a path separator
    or starts with ``.`` or ``~`` (``./mine``, ``../x``, ``/abs``, ``~/t``)."""
    seps = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return any(s in arg for s in seps) or arg.startswith((".", "~"))


def find_theme(arg: str) -> FoundTheme:
    """The theme folder ``--theme arg`` means.

    * a path (:func:`looks_like_path`) → that folder, which must hold a theme.toml;
    * a plain name → the first of ``./themes/<name>/``, the config folder's
      ``themes/<name>/`` and the bundled ``templates/<name>/``
      (:func:`theme_places`) holding a theme.toml; failing those, a folder
      ``<name>`` of the current directory holding one.

    Raises :class:`printkit.UsageError` (exit 2), one line: for a path, the
    folder it names and that it holds no theme.toml; for a name, where it
    was looked for and every theme found (:func:`list_themes`).
    """
    if not isinstance(arg, str) or not arg or "\0" in arg or len(arg) > 4096:
        raise UsageError(f"--theme: {show(arg)} is not a theme name or folder")
    if looks_like_path(arg):
        try:
            folder = Path(arg).expanduser()
        except RuntimeError:  # ~user of no known user
            folder = Path(arg)
        if not _has_toml(folder):
            try:
                what = "a folder without a theme.toml" if folder.is_dir() else "not a folder"
            except OSError:
                what = "not a folder"
            raise UsageError(f"--theme: {show(arg)} ({escape_display(str(folder.absolute()))}) is {what}; "
                             "expected a theme folder holding a theme.toml, or a theme name (see 'printkit themes')")
        folder = _real(folder)
        return FoundTheme(folder.name, folder, "path")
    problem = theme_name_problem(arg)
    if problem is None:
        found = theme_candidates(arg)
        if found:
            return found[0]
    if _has_toml(Path(arg)):
        folder = _real(Path(arg))
        return FoundTheme(folder.name, folder, "path")
    names = ", ".join(dict.fromkeys(t.name for t in list_themes())) or "none"
    if problem:
        raise UsageError(f"--theme: {show(arg)} is neither a theme name (letters, digits, - and _) nor a folder "
                         f"holding a theme.toml; themes: {names}")
    looked = ", ".join(escape_display(str(base / arg)) for _, base in theme_places())
    raise UsageError(f"--theme: unknown theme {show(arg)}: no theme.toml in {looked} or ./{arg}; "
                     f"choose one of: {names} (printkit themes lists where each is)")


def list_themes() -> list[FoundTheme]:
    """Every theme found, in lookup order: those of ``./themes``, of the config
    folder and the bundled ones (:func:`theme_places`), each place sorted by
    name, then folders of the current directory holding a theme.toml
    (source ``"path"``).  A name found twice is listed twice: the first one
    is the one ``--theme NAME`` uses (see :func:`shadowing`)."""
    out = []
    for source, base in theme_places():
        try:
            subs = sorted(p for p in base.iterdir() if p.is_dir())
        except OSError:  # the folder is absent or unreadable
            continue
        out += [FoundTheme(p.name, _real(p), source) for p in subs
                if theme_name_problem(p.name) is None and _has_toml(p)]
    try:
        here = sorted(p for p in Path.cwd().iterdir() if p.is_dir() and p.name != "themes")
    except OSError:
        here = []
    out += [FoundTheme(p.name, _real(p), "path") for p in here if theme_name_problem(p.name) is None and _has_toml(p)]
    seen = set()
    unique = []
    for t in out:  # ./themes may be the config folder, or the bundled one (run from the repository)
        if t.folder not in seen:
            seen.add(t.folder)
            unique.append(t)
    return unique


def shadowing(themes: list[FoundTheme]) -> dict[Path, FoundTheme]:
    """For each theme of :func:`list_themes` that ``--theme NAME`` does not
    reach because an earlier one has its name: its folder → the one used."""
    first: dict[str, FoundTheme] = {}
    out = {}
    for t in themes:
        if t.name in first:
            out[t.folder] = first[t.name]
        else:
            first[t.name] = t
    return out


def _fail(path: Path, section: str, key: str | None, why: str) -> PrintkitError:
    """``"<file>: [section] key: what is wrong; what is expected"``."""
    where = f"[{section}]" + (f" {_key(key)}" if key is not None else "")
    return PrintkitError(f"{escape_display(str(path))}: {where}: {why}")


def _key(key: str) -> str:
    return key if COLOUR_NAME.fullmatch(key) else show(key)


def _text(path: Path, section: str, key: str, value: object, longest: int, expected: str) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise _fail(path, section, key, f"{show(value)} is not valid; expected {expected}")
    flaw = text_flaw(value)
    if flaw:
        raise _fail(path, section, key, f"{show(value)} holds {flaw}; expected {expected}")


def _colours(path: Path, section: str, table: object) -> None:
    if not isinstance(table, dict):
        raise _fail(path, section, None, f"{show(table)} is not a table; expected a [{section}] table of "
                                         "colour = \"#rrggbb\" lines")
    for key, value in table.items():
        if not COLOUR_NAME.fullmatch(key):
            raise _fail(path, section, key, "is not a colour name; expected letters, digits, - and _ "
                                            "(up to 40, it becomes a CSS variable)")
        if not isinstance(value, str) or not HEX_COLOUR.fullmatch(value):
            offer = _hex_for(value) if isinstance(value, str) else None
            raise _fail(path, section, key, f"{show(value)} is not a colour; expected \"#rrggbb\" "
                                            "(six hex digits, e.g. \"#2b2118\")"
                                            + (f": write \"{offer}\"" if offer else ""))


@lru_cache(maxsize=1)
def named_colours() -> dict[str, str]:
    """The CSS colour names (``red``, ``navy``, ``rebeccapurple``, … 150 of
    them, lower case) → ``#rrggbb``, from reportlab's table (what a deck
    layout's colour may name; a theme colour role of the same name wins
    there: ``ink``, ``paper``…)."""
    from reportlab.lib import colors

    return {name: "#" + colour.hexval()[2:].rjust(6, "0") for name, colour in colors.getAllNamedColors().items()
            if name.isalpha() and name.islower() and name != "transparent"}


def _hex_for(value: str) -> str | None:
    """The ``#rrggbb`` a colour a theme may not hold was meant as, or ``None``:
    a CSS colour name in any case (``"navy"`` → ``"#000080"``, as deck layouts
    read it), CSS's three-digit ``"#abc"`` (→ ``"#aabbcc"``), six hex digits
    without the ``#``, or a valid colour with spaces round it."""
    text = value.strip()
    if len(text) > 40:
        return None
    digits = text[1:] if text.startswith("#") else text
    if re.fullmatch(r"[0-9A-Fa-f]{6}", digits):
        return "#" + digits.lower()
    if text.startswith("#") and re.fullmatch(r"[0-9A-Fa-f]{3}", digits):
        return "#" + "".join(c * 2 for c in digits.lower())
    return named_colours().get(text.lower())


def validate_theme_data(data: dict, path: Path) -> None:
    """Check one theme.toml's own data (before ``extends`` merging): known
    sections, ``[theme]`` texts and a plain ``extends`` name, ``[fonts]``
    roles with safe specs, ``[colours]`` and ``[games.<game>]`` tables of
    ``#rrggbb`` colours for bundled games.  Raises
    :class:`printkit.PrintkitError`: ``"<file>: [section] key: what is wrong;
    what is expected"`` (values shortened with :func:`printkit.inputfiles.show`)."""
    from printkit.gamefiles import GAME_ID

    for section, value in data.items():
        if section not in SECTIONS:
            raise _fail(path, _key(section), None, "unknown section; expected [theme], [fonts], [colours] "
                                                   "and [games.<game>] tables")
        if not isinstance(value, dict):
            raise _fail(path, section, None, f"{show(value)} is not a table; expected a [{section}] table")
    for key, value in data.get("theme", {}).items():
        if key not in THEME_KEYS:
            raise _fail(path, "theme", key, f"unknown key; expected {', '.join(THEME_KEYS)}")
        if key == "extends":
            problem = theme_name_problem(value)
            if problem:
                raise _fail(path, "theme", key, f"{problem}; expected {THEME_KEYS[key]}")
        else:
            _text(path, "theme", key, value, 60 if key == "name" else 500, THEME_KEYS[key])
    for key, value in data.get("fonts", {}).items():
        if key not in FONT_ROLES:
            raise _fail(path, "fonts", key, f"unknown font role; expected {', '.join(FONT_ROLES)}")
        problem = font_spec_problem(value)
        if problem:
            raise _fail(path, "fonts", key, f"{problem}; {_EXPECT_FONT}")
    _colours(path, "colours", data.get("colours", {}))
    for key, value in data.get("type", {}).items():
        low, high = TYPE_SCALE_RANGE
        if key not in TYPE_KEYS:
            raise _fail(path, "type", key, f"unknown key; expected {', '.join(TYPE_KEYS)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise _fail(path, "type", key, f"{show(value)} is not valid; expected a number from {low} to {high}")
    for game, palette in data.get("games", {}).items():
        if not GAME_ID.fullmatch(game):  # any game id: a theme may colour a plug-in game too
            raise _fail(path, f"games.{_key(game)}", None, "not a game id; expected [games.<game>] with a "
                                                            "lower-case game id such as the ones `printkit games` lists")
        _colours(path, f"games.{game}", palette)


#: The theme every chain ends at: a theme without ``extends`` takes the fonts,
#: colours, game palettes and templates it lacks from it (so every theme
#: renders every game).
BASE_THEME = "classic"


#: Most themes one ``extends`` chain may hold (the theme itself included).
MAX_EXTENDS = 32


def theme_folder(name: str) -> Path:
    """The folder ``--theme name`` means (:func:`find_theme`)."""
    return find_theme(name).folder


def _parent(name: str, child: FoundTheme, chain: tuple[FoundTheme, ...], explicit: bool) -> FoundTheme | None:
    """The theme ``child`` extends: the first theme called ``name`` in the
    lookup order other than ``child`` itself (so ``./themes/classic`` saying
    ``extends = "classic"`` extends the one it shadows).  A bundled theme
    extends bundled themes only: no user folder changes a bundled theme.  For
    the implicit :data:`BASE_THEME` parent, themes already in ``chain`` are
    skipped (``None``: ``child`` is the root)."""
    places = (("bundled", TEMPLATES_DIR),) if child.source == "bundled" else theme_places()
    chained = {t.folder for t in chain}
    for cand in theme_candidates(name, places):
        if cand.folder != child.folder and (explicit or cand.folder not in chained):
            return cand
    return None


def game_palette(game: str) -> dict[str, str]:
    """The palette game ``game`` ships (``palette.toml`` in its folder, see
    :mod:`printkit.gamefiles`): role → ``#rrggbb``; ``{}`` when it has none.
    The file holds one ``[games.<game>]`` table and nothing else.  Raises
    :class:`printkit.PrintkitError` (one line naming the file, table and key)
    for anything else."""
    from printkit.gamefiles import palette_file

    path = palette_file(game)
    if path is None:
        return {}
    data = load_toml(path)
    extra = [k for k in data if k != "games"] + [f"games.{_key(g)}" for g in data.get("games", {}) if g != game]
    if extra or not isinstance(data.get("games"), dict) or game not in data["games"]:
        raise _fail(path, extra[0] if extra else f"games.{game}", None,
                    f"a game's palette file holds one [games.{game}] table of colour = \"#rrggbb\" lines "
                    "and nothing else")
    _colours(path, f"games.{game}", data["games"][game])
    return dict(data["games"][game])


def _on_game_palettes(own: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The root theme's palettes: every registered game's own palette
    (:func:`game_palette`, in registration order), each overridden by the
    theme's ``[games.<game>]`` entries; then the theme's palettes of games
    not registered."""
    from printkit.gamefiles import game_entry_points

    games = {g: game_palette(g) for g in game_entry_points()}
    for g, palette in own.items():
        games.setdefault(g, {}).update(palette)
    return {g: p for g, p in games.items() if p}


def own_theme_toml(folder: Path) -> Path:
    """``folder/theme.toml``; raises :class:`printkit.PrintkitError` when it is
    a link leading out of ``folder`` (a theme reads no file outside its
    folders).  A link to a device or FIFO is left to the reader, which says
    what it is."""
    path = folder / "theme.toml"
    if path.is_symlink() and path.is_file() and not _inside(path, folder):
        raise PrintkitError(f"{escape_display(str(path))}: a link leading outside the theme folder; "
                            "expected the theme's own theme.toml inside its folder")
    return path


def _theme_data(theme: FoundTheme, chain: tuple[FoundTheme, ...] = ()) -> tuple[dict, tuple[Path, ...]]:
    """Merged theme data of ``theme`` and its ``extends`` chain, child last
    wins; plus the template search path (child folder first).  ``extends``
    names a theme found like ``--theme NAME`` (:func:`_parent`); without it a
    theme extends :data:`BASE_THEME`.  Every theme.toml of the chain is checked
    (:func:`validate_theme_data`); a theme.toml that is a link leading out of
    its folder, or a chain of more than :data:`MAX_EXTENDS` themes, raises
    :class:`printkit.PrintkitError`.  ``"_font_files"`` in the result: font role
    → the theme.toml that names its font (for messages)."""
    path = own_theme_toml(theme.folder)
    if len(chain) >= MAX_EXTENDS:
        raise PrintkitError(f"{escape_display(str(path))}: theme 'extends' chain is longer than {MAX_EXTENDS} "
                            f"themes (from {chain[0].name}); a theme extends a few others at most")
    data = load_toml(path)
    validate_theme_data(data, path)
    data["_font_files"] = dict.fromkeys(data.get("fonts", {}), path)
    chain = chain + (theme,)
    named = data.get("theme", {}).get("extends")
    parent = _parent(named or BASE_THEME, theme, chain, explicit=named is not None)
    if parent is None:
        if named is not None:
            names = ", ".join(dict.fromkeys(t.name for t in list_themes() if t.folder != theme.folder))
            raise _fail(path, "theme", "extends", f"{show(named)}: no such theme; expected one of: {names}")
        data["games"] = _on_game_palettes(data.get("games", {}))
        return data, (theme.folder,)
    if parent.folder in {t.folder for t in chain}:
        loop = " → ".join(t.name for t in chain + (parent,))
        raise PrintkitError(f"{escape_display(str(path))}: theme 'extends' loops ({loop})")
    base, dirs = _theme_data(parent, chain)
    merged = {k: dict(v) if isinstance(v, dict) else v for k, v in base.items()}
    for section in ("fonts", "colours", "type"):
        merged.setdefault(section, {}).update(data.get(section, {}))
    games = {g: dict(v) for g, v in base.get("games", {}).items()}
    for g, palette in data.get("games", {}).items():
        games.setdefault(g, {}).update(palette)
    merged["games"] = games
    merged["theme"] = data.get("theme", {})
    merged["_font_files"] = {**base["_font_files"], **data["_font_files"]}
    return merged, (theme.folder,) + dirs


def load_theme(name: str = "classic") -> Theme:
    """Find theme ``name`` (a name or a folder path, :func:`find_theme`), load
    its theme.toml and its chain's and register its fonts with reportlab.

    A theme may say ``extends = "<theme>"`` in its ``[theme]`` table (default:
    :data:`BASE_THEME`): it then overrides only the fonts, colours and
    palette entries it names; everything else — a whole ``[games.<id>]``
    palette included — and its templates come from the parent.  Raises
    :class:`printkit.UsageError` for a theme that is not found (one line
    saying where it was looked for), and :class:`printkit.PrintkitError` for
    a malformed theme, an ``extends`` loop, a missing font or a font file
    that is not a TrueType font reportlab can embed (one line naming the
    theme.toml, the section and key).  Loaded themes are cached per folder
    and lookup places (``load_theme.cache_clear()`` empties the cache).
    """
    return _load_theme(find_theme(name), theme_places())


@lru_cache(maxsize=None)
def _load_theme(found: FoundTheme, places: tuple) -> Theme:
    """:func:`load_theme` of a found theme (``places``: the cache key's lookup places)."""
    name = found.name
    data, search = _theme_data(found)
    directory = search[0]
    fonts: dict[str, str] = {}
    files: dict[str, Path] = {}
    for role in FONT_ROLES:
        if role not in data.get("fonts", {}):
            raise _fail(directory / "theme.toml", "fonts", role,
                        f"missing; expected a font for each of {', '.join(FONT_ROLES)} (here or in the theme it extends)")
    for role in FONT_ROLES:
        spec = data["fonts"][role]
        path = data["_font_files"][role]  # the theme.toml naming this font (this theme's or a parent's)
        try:
            file = resolve_font(spec, directory, search[1:])
        except PrintkitError as exc:
            raise _fail(path, "fonts", role, str(exc)) from None
        label = f"{escape_display(str(path))}: [fonts] {role}"
        file, font_data = _truetype(file, label)  # an .otf with PostScript outlines: its TrueType copy
        font_name = f"PK-{re.sub(r'[^A-Za-z0-9_-]', '_', name)}-{role}"
        registered = [*pdfmetrics.getRegisteredFontNames(), *_PENDING]
        if font_name in registered and _font_file(font_name) != str(file):
            # another theme of the same name was loaded before (tests, long-lived callers)
            font_name = f"{font_name}-{len(registered)}"
        if font_name not in registered:
            _register_font(font_name, file, label, font_data)
        fonts[role] = font_name
        files[role] = file
    games = {k: dict(v) for k, v in data.get("games", {}).items()}
    scale = float(data.get("type", {}).get("scale", 1.0))
    return Theme(name, directory, fonts, files, dict(data.get("colours", {})), games, search, scale)


load_theme.cache_clear = _load_theme.cache_clear  # type: ignore[attr-defined]

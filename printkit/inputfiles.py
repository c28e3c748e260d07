"""Reading untrusted input files: one clear error line, never a traceback.

Every game file, layout file and rules/theme TOML goes through :func:`read_text`
and :func:`parse_toml` / :func:`parse_json`.  What they refuse (each a
:class:`printkit.PrintkitError` naming the file, and line/column where the
parser knows it):

* a missing or unreadable file, a folder;
* more than :data:`MAX_BYTES` (a game file is a few kB; this also stops
  ``/dev/zero`` and friends from filling memory — at most ``MAX_BYTES + 1``
  bytes are ever read);
* bytes that are not UTF-8 (a BOM is fine, CRLF line ends are fine);
* invalid TOML/JSON, nesting deeper than the parser's stack allows, a number
  literal longer than Python converts (4,300 digits);
* JSON only: a key twice in one object (TOML already refuses that; ``json``
  would silently keep the last one), and ``\\uD800``-style escapes that are lone
  surrogates, not characters.

Whole numbers that parse but do not fit 64 bits are left to the game's
parser, which reports them where they are (player, circle).  ``NaN`` and
``Infinity`` in JSON parse as decimals and are reported as wrong types.

Helpers for messages: :func:`show` (a short, escaped ``repr`` of any value,
safe for huge and deeply nested data), :func:`text_flaw` (why a string is not
printable plain text), :func:`escape_display` (control characters made
visible before printing), :func:`name_key` (what two player names are
compared by).
"""

from __future__ import annotations

import errno
import io
import math
import os
import re
import reprlib
import stat
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit import PrintkitError

if TYPE_CHECKING:  # annotations only: json loads for JSON input (start-up, issue 26)
    import json

#: Largest input file read, in bytes (2 MiB; a 4-player game file is ~3 kB).
MAX_BYTES = 2 * 1024 * 1024
#: Python refuses to convert longer digit strings to int (sys.get_int_max_str_digits).
MAX_DIGITS = 4300
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1

# C0/C1 control characters, the line and paragraph separators (they break a line like a
# newline), bidirectional embeddings/overrides/isolates, lone surrogates.
_FLAW = re.compile("[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n:,} bytes"


#: Size caps per kind of file a user hands us (bytes); see :func:`read_bytes`.
MAX_SIZES: dict[str, int] = {
    "file": MAX_BYTES,            # game files, layouts, theme.toml, --rules files
    "data": 32 * 1024 * 1024,     # deck data (CSV/TOML): many thousand cards
    "pdf": 64 * 1024 * 1024,      # filled sheets, PDFs to preflight
    "font": 32 * 1024 * 1024,     # TrueType/OpenType files (a CJK font is ~20 MB)
    "image": 32 * 1024 * 1024,    # PNG/JPEG/SVG on a card
    "template": 1024 * 1024,      # a theme's HTML/CSS template
}

_KIND_OF_FILE = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(mode: int) -> str | None:
    for test, what in _KIND_OF_FILE:
        if test(mode):
            return what
    return None if stat.S_ISREG(mode) else "not a regular file"


def read_bytes(path: str | Path, *, max_bytes: int | None = None, kind: str = "file", follow: bool = True) -> bytes:
    """The bytes of the regular file ``path``, read in one bounded call.

    ``kind`` picks the size cap from :data:`MAX_SIZES` unless ``max_bytes`` is
    given.  The file is opened non-blocking and checked with ``fstat`` before a
    byte is read, so a FIFO, a device (``/dev/zero``), a socket or a folder is
    refused at once instead of hanging or filling memory; at most
    ``max_bytes + 1`` bytes are ever read.  ``follow=False`` refuses a
    symbolic link (``O_NOFOLLOW``) instead of reading what it points to.  Raises
    :class:`printkit.PrintkitError` (one line naming the file) for anything
    that is not a readable regular file within the cap.
    """
    path = Path(path)
    cap = MAX_SIZES.get(kind, MAX_BYTES) if max_bytes is None else max_bytes
    try:
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(path, flags if follow else flags | getattr(os, "O_NOFOLLOW", 0))
    except IsADirectoryError:
        raise PrintkitError(f"{_label(path)}: is a folder, not a file") from None
    except OSError as exc:  # missing, unreadable, name too long, …
        if not follow and exc.errno == errno.ELOOP:
            raise PrintkitError(f"{_label(path)}: is a link; expected a file of its own") from None
        raise PrintkitError(f"{_label(path)}: cannot read file ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        what = _not_regular(st.st_mode)
        if what is not None:
            noun = "a file" if what == "a folder" else "a regular file"
            raise PrintkitError(f"{_label(path)}: is {what}, not {noun}")
        if st.st_size > cap:
            raise _too_big(path, cap, kind)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            raw = fh.read(cap + 1)
    except OSError as exc:
        raise PrintkitError(f"{_label(path)}: cannot read file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > cap:  # grew while we read, or st_size lied (procfs)
        raise _too_big(path, cap, kind)
    return raw


#: Most pages of a filled PDF read for its form fields (a kit is ~20 pages).
MAX_FORM_PAGES = 500
#: Most objects a filled PDF may hold (a fillable kit has ~1,200); counted on the raw bytes
#: before any parser runs (pypdf checks every object of the cross-reference table on open).
MAX_PDF_OBJECTS = 50_000
#: Most form widgets read over all the PDFs of one command: a filled sheet has about a hundred,
#: a kit of the largest table under a thousand.  396,000 widgets took 279 s and 2.2 GB.
MAX_FORM_WIDGETS = 2_000
#: Most revisions (the first save and its incremental updates) a PDF handed to us may hold:
#: a viewer adds one per save.  pypdf and qpdf read every cross-reference section of the
#: chain: 300,000 empty updates (30 MB) kept ``score`` 34 s and ``check`` 27 s.
MAX_PDF_REVISIONS = 1_000


def pdf_object_estimate(data: bytes) -> int:
    """How many objects the PDF bytes ``data`` hold, estimated without
    parsing (C-speed scans, under a second for 64 MB): the larger of the
    ``endobj`` keywords and the largest ``/Size`` a trailer or
    cross-reference stream declares."""
    sizes = [int(m) for m in re.findall(rb"/Size\s+(\d{1,12})", data)]
    return max(data.count(b"endobj"), max(sizes, default=0))


def pdf_revision_estimate(data: bytes) -> int:
    """How many revisions (a first save and its incremental updates) the
    PDF bytes ``data`` hold, estimated without parsing (C-speed counts of
    keywords, which unlike names cannot be spelt with ``#`` escapes): the
    most of the ``startxref`` keywords, the ``trailer`` keywords and the
    cross-reference sections (``xref`` keywords not part of a
    ``startxref``).  ``/Prev`` keys are not counted: bookmarks chain to each
    other with them too.  (Revisions saved as cross-reference streams are
    objects, bounded by :data:`MAX_PDF_OBJECTS` where sheets are read.)"""
    ends = data.count(b"startxref")
    return max(ends, data.count(b"trailer"), data.count(b"xref") - ends)


def pdf_count_problem(data: bytes, kind: str = "PDF") -> str | None:
    """Why the PDF bytes ``data`` are not to be parsed, or ``None``: more
    objects than :data:`MAX_PDF_OBJECTS` (:func:`pdf_object_estimate`), or
    more revisions than :data:`MAX_PDF_REVISIONS`
    (:func:`pdf_revision_estimate`) — found on the raw bytes, before pypdf
    or qpdf walks every object or cross-reference section.  The bound every
    PDF handed to printkit is held to (``printkit check``, a game's filled
    sheets); ``kind`` names what a reader was given (``"filled sheet"``)."""
    objects = pdf_object_estimate(data)
    if objects > MAX_PDF_OBJECTS:  # 396,000 form widgets took pypdf minutes
        return (f"about {objects:,} PDF objects; a kit has a few thousand "
                f"(at most {MAX_PDF_OBJECTS:,} are read)")
    revisions = pdf_revision_estimate(data)
    if revisions > MAX_PDF_REVISIONS:
        return (f"about {revisions:,} revisions (incremental updates); a {kind} saved by a viewer has a few "
                f"(at most {MAX_PDF_REVISIONS:,} are read)")
    return None


#: Most pixels (width × height) an image handed to us may have: 40 megapixels, more than an A2
#: poster at 300 dpi (35 Mpx).  Pillow's own guard only warns up to 89 Mpx and stops at 179 Mpx;
#: a 20 KB PNG of 13,000 × 13,000 px would take 1.8 GB to decode.
MAX_IMAGE_PIXELS = 40_000_000
#: Most frames (pages) an image handed to us may have: a card or a document prints the first.
#: Every frame is decoded to check the picture whole, some 90 µs each however small: a 5 MB
#: GIF of 200,000 one-pixel frames (0.2 megapixels in all) took 20 s to be checked.
MAX_IMAGE_FRAMES = 1_000


def image_size_problem(data: bytes) -> str | None:
    """Why the image bytes ``data`` are too large to decode, or ``None``:
    width × height (read from the header alone: nothing is decoded) above
    :data:`MAX_IMAGE_PIXELS`, or an animation/multi-page image whose frames
    add up to more or number more than :data:`MAX_IMAGE_FRAMES`.  Bytes
    Pillow does not recognise, and SVG, give ``None`` (their readers report
    them)."""
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # we say it ourselves, once
            with Image.open(io.BytesIO(data)) as im:  # lazy: the header only
                w, h = im.size
                frames = max(1, int(getattr(im, "n_frames", 1) or 1))
    except Image.DecompressionBombError as exc:
        return f"{exc}".split(",")[0]
    except Exception:  # noqa: BLE001 - not an image Pillow knows: the caller's reader says what it is
        return None
    if frames > MAX_IMAGE_FRAMES:
        return (f"an animation or multi-page image of {frames:,} frames; an image may have at most "
                f"{MAX_IMAGE_FRAMES:,} (a card or page prints the first): save its first frame as a PNG")
    total = w * h * frames
    if total > MAX_IMAGE_PIXELS:
        what = f"{w:,} × {h:,} px" + (f" in {frames:,} frames" if frames > 1 else "")
        return (f"{what} ({total / 1e6:,.0f} megapixels); an image may have at most "
                f"{MAX_IMAGE_PIXELS / 1e6:.0f} megapixels (300 dpi covers A2 in 35): scale it down")
    return None


def image_decode_problem(data: bytes) -> str | None:
    """Why the raster image bytes ``data`` do not decode whole, or ``None``
    (they do, or Pillow does not know them: the caller's reader says so).
    Decoded with Pillow's ``LOAD_TRUNCATED_IMAGES`` off for the call:
    weasyprint turns it on for the whole process when imported, after which
    a picture cut short (a broken download) drew as a grey smear with no
    word.  Call it after :func:`image_size_problem`; SVG gives ``None``."""
    from PIL import Image, ImageFile

    try:
        im = Image.open(io.BytesIO(data))
    except Exception:  # noqa: BLE001 - not a raster image Pillow knows
        return None
    was = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        with im:
            for frame in range(max(1, int(getattr(im, "n_frames", 1) or 1))):
                im.seek(frame)
                im.load()
    except Exception as exc:  # noqa: BLE001 - Pillow raises OSError, SyntaxError, ValueError… on bad data
        why = " ".join(str(exc).split()) or type(exc).__name__
        return f"a damaged image ({why[:120]})"
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = was
    return None


def eight_bit_grey(data: bytes) -> bytes | None:
    """The image bytes ``data`` as an 8-bit greyscale PNG when they hold a
    greyscale image of more than 8 bits a channel (Pillow's modes ``I;16…``,
    ``I``, ``F``: a 16-bit PNG from a scanner, or an editor's "16-bit
    precision"), else ``None`` (draw ``data`` as it is).  reportlab clips
    such tones (a 16-bit grey of 40,000, 61 %, printed white) and weasyprint
    drew them black.  ``I`` and ``I;16`` are read as 16-bit (÷ 256); ``F``
    as 0–1 when its values are (× 255), else as 0–255.  Call it after
    :func:`image_size_problem` (it decodes the pixels); bytes Pillow cannot
    open give ``None`` (their reader reports them)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            mode = im.mode
            if not (mode.startswith("I") or mode == "F"):
                return None
            im.load()
            if mode == "F":
                top = im.getextrema()[1]
                scaled = im.point(lambda v: v * 255.0) if top <= 1.0 else im
            else:
                scaled = im.convert("I").point(lambda v: v * (1 / 256))
            out = io.BytesIO()
            scaled.convert("L").save(out, "PNG")
            return out.getvalue()
    except Exception:  # noqa: BLE001 - not an image Pillow can decode: the caller's reader says what it is
        return None


def _too_big(path: Path, cap: int, kind: str) -> PrintkitError:
    hint = "an input file is a few kB (is this the right file?)" if kind == "file" else f"the limit for a {kind} file"
    return PrintkitError(f"{_label(path)}: file is larger than {_size(cap)}; {hint}")


def _label(path: Path) -> str:
    """A path as shown in a message: shortened and escaped (one line, bounded)."""
    text = str(path)
    if len(text) > 200:
        text = text[:120] + "…" + text[-60:]
    return escape_display(text)


def shown_path(path: Path) -> str:
    """``path`` quoted for a message, shortened and escaped (:func:`_label`)."""
    return f"'{_label(path)}'"


def why_not_a_folder(out: Path) -> str | None:
    """Why ``out`` cannot be a folder, naming the part of it in the way: a
    file, a pipe, device or socket, a symbolic link to nothing, a loop of
    links — or ``None`` (nothing in the way that this can tell)."""
    for part in (*reversed(out.parents), out):
        if part == Path(part.anchor) or part.name in ("", ".", ".."):
            continue
        try:
            st = os.stat(part)
        except FileNotFoundError:
            if os.path.islink(part):
                return f"{shown_path(part)} is a symbolic link to {shown_path(Path(os.readlink(part)))}, which does not exist"
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return f"{shown_path(part)} is a loop of symbolic links"
            return None
        if not stat.S_ISDIR(st.st_mode):
            return f"{shown_path(part)} is {'a file' if stat.S_ISREG(st.st_mode) else 'a pipe, device or socket'}, not a folder"
    return None


def read_text(path: str | Path, *, max_bytes: int | None = None, kind: str = "file") -> str:
    """The UTF-8 text of ``path`` (BOM dropped), read with :func:`read_bytes`
    (regular files only, bounded).  Raises :class:`printkit.PrintkitError`
    for what :func:`read_bytes` refuses and for undecodable bytes."""
    path = Path(path)
    return decode_text(read_bytes(path, max_bytes=max_bytes, kind=kind), path)


def decode_text(raw: bytes, path: Path) -> str:
    """``raw`` (the bytes read from ``path``) as UTF-8 text, BOM dropped;
    :class:`printkit.PrintkitError` naming the first bad byte's offset,
    line and column otherwise."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise PrintkitError(
            f"{_label(path)}: not UTF-8 text (bad byte 0x{raw[exc.start]:02x} at offset {exc.start}, "
            f"line {line}, column {col}); save the file as UTF-8"
        ) from None


def _line_col(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line}, column {col}"


def _long_number(text: str, label: str, fmt: str) -> PrintkitError:
    m = re.search(r"\d[\d_]{%d,}" % MAX_DIGITS, text)
    where = f" ({_line_col(text, m.start())})" if m else ""
    digits = len(m.group().replace("_", "")) if m else MAX_DIGITS + 1
    return PrintkitError(
        f"{label}: invalid {fmt}: a number with {digits:,} digits{where}; "
        f"numbers have at most {MAX_DIGITS:,} digits"
    )


#: The end of the nesting and dotted-key errors: true of every file printkit reads
#: (game files, rules, themes, layouts, deck data), not of game files only.
_FEW_LEVELS = "printkit's files nest only a few levels deep"


def nested_past(text: str, limit: int) -> int | None:
    """The offset in TOML or JSON ``text`` of the bracket (``[`` or ``{``)
    that opens level ``limit + 1``, or ``None``: brackets counted outside
    strings (one linear scan; best effort on text that does not parse)."""
    depth = 0
    for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|[\[{]|[\]}]', text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > limit:
                return m.start()
        elif ch in "]}":
            depth -= 1
    return None


def _deep(text: str, label: str, fmt: str) -> PrintkitError:
    """Nesting too deep for the parser: point at where brackets pile up
    (:func:`nested_past` 100 levels; only used on this error)."""
    pos = nested_past(text, 100)
    where = f" (past 100 levels at {_line_col(text, pos)})" if pos is not None else ""
    return PrintkitError(
        f"{label}: invalid {fmt}: nested too deeply{where}; {_FEW_LEVELS}"
    )


#: Most parts of one dotted key or table name (``[a.b.c]``: three); a game file uses two or three.
#: Python's TOML parser takes time quadratic in them: a 1.8 MB line ``a.a.a…a = 1`` ran for hours.
MAX_KEY_PARTS = 100
#: Most dots joining key parts in one file (bare numbers' dots counted too).  Each may make a
#: table: 2 MB of ``k1.a.a…a = 1`` lines made about a million, and took 700 MB to parse.
MAX_KEY_DOTS = 100_000
_KEY_TOKEN = re.compile(r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""(?:"{1,2}(?!"))?|\'\'\'[\s\S]*?\'\'\'(?:\'{1,2}(?!\'))?'
                        r'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[A-Za-z0-9_-]+|[ \t]+|[\s\S]')


def _long_key(text: str) -> str | None:
    """Where ``text`` has a run of more than :data:`MAX_KEY_PARTS`
    dot-separated key parts (bare or quoted), or more than
    :data:`MAX_KEY_DOTS` dots joining parts in all, in words, or ``None``.
    Only a text with that many dots, or a line holding more than
    :data:`MAX_KEY_PARTS`, is looked at, token by token (linear); strings
    (multi-line ones included) and comments hold no keys."""
    dots = text.count(".")
    if dots < MAX_KEY_PARTS or dots <= MAX_KEY_DOTS and not any(
            line.count(".") >= MAX_KEY_PARTS for line in text.split("\n")):  # 101 parts need 100 dots
        return None
    n, parts, dot, joined = 1, 0, False, 0
    for m in _KEY_TOKEN.finditer(text):
        tok = m.group()
        if tok[0] in " \t#":
            continue
        if tok == ".":
            dot = parts > 0
            if not dot:
                parts = 0
            continue
        if tok.startswith(('"""', "'''")):  # a multi-line string: a value, its lines are text
            n += tok.count("\n")
            parts, dot = 0, False
        elif tok[0] in "\"'" or tok[0].isalnum() or tok[0] in "_-":
            joined += dot
            parts = parts + 1 if dot else 1
            dot = False
            if parts > MAX_KEY_PARTS:
                return f"a key of more than {MAX_KEY_PARTS} dotted parts (line {n})"
            if joined > MAX_KEY_DOTS:
                return f"more than {MAX_KEY_DOTS:,} dotted key parts (reached at line {n:,})"
        else:
            n += tok == "\n"
            parts, dot = 0, False
    return None


def parse_toml(text: str, label: str) -> dict[str, Any]:
    """Parse TOML ``text``; ``label`` (usually the path) names it in errors.
    A key or table name of more than :data:`MAX_KEY_PARTS` dotted parts, or
    a text of more than :data:`MAX_KEY_DOTS` dotted key parts in all, is
    refused before the parser runs."""
    import tomllib  # here, not at start-up: --help and cached rules need no parser (issue 26)

    flaw = _long_key(text)
    if flaw is not None:
        raise PrintkitError(f"{label}: invalid TOML: {flaw}; {_FEW_LEVELS}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PrintkitError(f"{label}: invalid TOML: {exc}") from None
    except RecursionError:
        raise _deep(text, label, "TOML") from None
    except ValueError:  # int() refusing a digit string longer than MAX_DIGITS
        raise _long_number(text, label, "TOML") from None


class _DuplicateKey(Exception):
    pass


class _LongNumber(Exception):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d = dict(pairs)
    if len(d) != len(pairs):
        raise _DuplicateKey
    return d


def _int(s: str) -> int:
    if len(s) > MAX_DIGITS:
        raise _LongNumber
    return int(s)


def _locate_duplicate(text: str) -> json.JSONDecodeError | None:
    """Re-parse with the pure-Python scanner to find the object holding a
    duplicate key (only run once a duplicate is known to exist)."""
    import json.decoder
    import json.scanner

    dec = json.JSONDecoder(parse_int=_int)

    def parse_object(s_and_end, strict, scan_once, object_hook, object_pairs_hook, memo=None):
        s, end = s_and_end

        def hook(pairs):
            seen = set()
            for k, _ in pairs:
                if k in seen:
                    raise json.JSONDecodeError(f"key {show(k)} appears twice", s, end - 1)
                seen.add(k)
            return dict(pairs)

        return json.decoder.JSONObject(s_and_end, strict, scan_once, object_hook, hook, memo)

    dec.parse_object = parse_object
    dec.scan_once = json.scanner.py_make_scanner(dec)
    try:
        dec.decode(text)
    except json.JSONDecodeError as exc:
        return exc
    except (RecursionError, _LongNumber):
        return None
    return None


def _lone_surrogate(data: Any) -> tuple[str, str] | None:
    """(path, character) of the first string holding a lone surrogate."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        v, where = stack.pop()
        if isinstance(v, str):
            m = re.search("[\ud800-\udfff]", v)
            if m:
                return where or "top level", f"\\u{ord(m.group()):04x}"
        elif isinstance(v, dict):
            for k, x in v.items():
                m = re.search("[\ud800-\udfff]", k)
                if m:
                    return f"{where}.{show(k)}".lstrip("."), f"\\u{ord(m.group()):04x}"
                stack.append((x, f"{where}.{k}".lstrip(".")))
        elif isinstance(v, list):
            stack.extend((x, f"{where}[{i}]") for i, x in enumerate(v))
    return None


def parse_json(text: str, label: str) -> Any:
    """Parse JSON ``text`` strictly enough for data files: no duplicate keys,
    no lone surrogates, no runaway digits or nesting."""
    import json  # loaded for JSON input only (a TOML game file never needs it: start-up, issue 26)

    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise PrintkitError(
            f"{label}: invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise _deep(text, label, "JSON") from None
    except _LongNumber:
        raise _long_number(text, label, "JSON") from None
    except _DuplicateKey:
        exc = _locate_duplicate(text)
        if exc is None:
            raise PrintkitError(f"{label}: invalid JSON: a key appears twice in one object") from None
        raise PrintkitError(
            f"{label}: invalid JSON: {exc.msg} in the object starting at line {exc.lineno}, "
            f"column {exc.colno}; write each key once (JSON readers silently keep only the last)"
        ) from None
    if "\\u" in text and re.search(r"\\u[dD][89a-fA-F]", text):  # high (D800–DBFF) or low (DC00–DFFF)
        bad = _lone_surrogate(data)
        if bad is not None:
            raise PrintkitError(
                f"{label}: invalid JSON: text at {bad[0]} holds {bad[1]}, a lone surrogate "
                "escape that is not a Unicode character"
            )
    return data


def load_toml_file(path: str | Path, *, max_bytes: int | None = None) -> dict[str, Any]:
    """:func:`read_text` + :func:`parse_toml`."""
    return parse_toml(read_text(path, max_bytes=max_bytes), str(path))


def load_json_file(path: str | Path, *, max_bytes: int | None = None) -> Any:
    """:func:`read_text` + :func:`parse_json`."""
    return parse_json(read_text(path, max_bytes=max_bytes), str(path))


# -- messages ----------------------------------------------------------------------------


class _Short(reprlib.Repr):
    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 40
        self.maxother = 40
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 5

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 64:
            digits = int(x.bit_length() * math.log10(2)) + 1
            return f"{'-' if x < 0 else ''}<a number of about {digits:,} digits>"
        return repr(x)

    def repr_NoneType(self, x: None, level: int) -> str:  # noqa: N802 - reprlib's naming
        return "null"

    def repr_bool(self, x: bool, level: int) -> str:
        return "true" if x else "false"

    def repr_str(self, x: str, level: int) -> str:
        if len(x) > self.maxstring:
            return repr(x[: self.maxstring - 10]) + f"… ({len(x):,} characters)"
        return repr(x)

    # TOML's own spelling for what tomllib gives: a table, a date or a time as the user typed it
    def repr_dict(self, x: dict, level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{…}"
        items = [f"{k if isinstance(k, str) and k.isidentifier() and len(k) <= self.maxstring else self.repr1(k, level - 1)} = "
                 f"{self.repr1(v, level - 1)}" for k, v in list(x.items())[: self.maxdict]]
        return "{ " + ", ".join(items) + (", …" if len(x) > self.maxdict else "") + " }"

    def repr_date(self, x: Any, level: int) -> str:
        return x.isoformat()

    repr_datetime = repr_time = repr_date


_SHORT = _Short()


def show(value: Any) -> str:
    """A short ``repr`` for messages: long text, big numbers, long lists and
    deep nesting abbreviated; control characters escaped; never raises."""
    try:
        return _SHORT.repr(value)
    except Exception:  # pragma: no cover - a hostile __repr__ from an API caller
        return f"<{type(value).__name__}>"


def text_flaw(s: str) -> str | None:
    """Why ``s`` is not plain printable text, or ``None``: a control
    character, a line or paragraph separator (U+2028/U+2029: a line break
    inside one report line), a bidirectional override/isolate (they reorder
    what is shown) or a lone surrogate (not a character)."""
    m = _FLAW.search(s)
    if m is None:
        return None
    c = ord(m.group())
    if 0xD800 <= c <= 0xDFFF:
        kind = "a lone surrogate"
    elif c >= 0x202A:
        kind = "a bidirectional control character"
    elif c >= 0x2028:
        kind = "a line or paragraph separator"
    else:
        kind = "a control character"
    return f"{kind} (U+{c:04X})"


def all_plain(strings: Any) -> bool:
    """True when every item of ``strings`` is a ``str`` without a
    :func:`text_flaw` (one regex pass over them all: the fast path)."""
    try:
        return _FLAW.search("".join(strings)) is None
    except TypeError:
        return False


def escape_display(s: str) -> str:
    """``s`` with control characters, bidi overrides and lone surrogates
    written as ``\\xNN`` / ``\\uNNNN`` so printing can neither fail nor drive
    the terminal."""
    if _FLAW.search(s) is None:
        return s
    return _FLAW.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}",
        s,
    )


def blank_flaws(s: str) -> str:
    """``s`` with every character :func:`text_flaw` names (control
    characters, line and paragraph separators, bidi controls, lone
    surrogates) replaced by a space: safe to write as one line."""
    return _FLAW.sub(" ", s)


def name_key(name: str) -> str:
    """What two player names are compared by: NFKC-normalised (``Ｎｏａ`` is
    ``Noa``, ``Zoe`` + combining diaeresis is ``Zoë``), case-folded, invisible
    format characters (zero-width space/joiner, bidi marks) dropped, runs of
    whitespace collapsed.  Empty for a blank or invisible-only name."""
    s = unicodedata.normalize("NFKC", name)
    if not s.isascii():
        s = "".join(ch for ch in s if unicodedata.category(ch) != "Cf")
    return " ".join(s.casefold().split())

"""A cache of rendered documents: the weasyprint PDFs of rules references
and logs, reused by the next build instead of laid out again.

A document is looked up by a SHA-256 key of everything that makes its bytes:
the HTML the template rendered (the template, its context and the theme's CSS:
palette, font names, type scale, paper size), the page limit asked for, and
the versions of printkit, weasyprint, pydyf and fontTools.  Each entry also
lists every file the layout read (the theme's CSS, images and fonts) with its
SHA-256; the entry is used only when every one of them is unchanged.

Where: ``<user cache dir>/printkit/documents/`` (:func:`platformdirs.user_cache_dir`),
or ``$PRINTKIT_CACHE_DIR``; ``PRINTKIT_CACHE=off`` turns the cache off.

Bounded: at most :data:`MAX_ENTRIES` entries and :data:`MAX_BYTES` in all
(the least recently used go first), :data:`MAX_ENTRY` per entry.

The same folder keeps the preflight's clean verdicts (:func:`remembered`,
:func:`remember`): ``<key>.clean`` files, the key a SHA-256 of a PDF's bytes
and of the preflight itself (:func:`printkit.preflight.preflight_remembered`),
at most :data:`MAX_VERDICTS`; a repeat build preflights only what changed.

A hostile or damaged cache never changes an output.  The folder is used only
when it is a real folder (not a link) owned by the user and writable by no one
else; an entry only when it is a regular file (not a link) owned by the user,
within :data:`MAX_ENTRY`, with our header, whose PDF bytes hash to the SHA-256
the header records, start with ``%PDF-`` and end with ``%%EOF``, and whose
listed files are unchanged.  Anything else is a miss: the document is rendered
again and the entry replaced (atomically: written beside it, then renamed).
Reading or writing the cache never fails a build.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from pathlib import Path
from typing import Iterable

from printkit import PrintkitError
from printkit.caches import cache_folder, prune, read_entry, write_entry
from printkit.inputfiles import MAX_SIZES, read_bytes

#: First line of every entry.
MAGIC = b"printkit-document-cache 4\n"  # 3: documents with a page size not the paper's are refused, never kept;
# 4: nor those laying text out in an installed font whose licence forbids embedding it
#: Largest entry read or written (bytes).
MAX_ENTRY = 16 * 1024 * 1024
#: Most entries kept, and most bytes in all.
MAX_ENTRIES = 256
MAX_BYTES = 96 * 1024 * 1024
_SUFFIX = ".pdfcache"

_HEX64 = re.compile(r"[0-9a-f]{64}")

_HASHES: dict[tuple, str] = {}  # (path, size, mtime_ns, inode) → sha256, for this process


def cache_dir() -> Path | None:
    """The cache folder, ``None`` when the cache is off or the folder is not
    safe to use (see the module docstring); created (mode 0700) if absent."""
    return cache_folder("documents", env_root=True)


def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    out = []
    for pkg in ("printkit", "weasyprint", "pydyf", "fonttools"):
        try:
            out.append(f"{pkg}={version(pkg)}")
        except PackageNotFoundError:  # pragma: no cover
            out.append(f"{pkg}=?")
    return " ".join(out)


_VERSIONS: list[str] = []


def prime() -> None:
    """Look up the libraries' versions now (``importlib.metadata``, about
    40 ms with its imports), once per process: a build calls this before it
    forks its workers, so they share the answer instead of each looking."""
    if not _VERSIONS:
        _VERSIONS.append(_versions())


def document_key(html: str, max_pages: int | None, extra: str = "") -> str:
    """The SHA-256 (hex) naming a document: its HTML, ``max_pages``, ``extra``
    (e.g. the template's label) and the libraries' versions."""
    prime()
    h = hashlib.sha256(MAGIC)
    for part in (_VERSIONS[0], str(max_pages), extra, html):
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


#: Largest file :func:`file_hash` reads: the largest a theme's font or image may be.
MAX_LISTED = max(MAX_SIZES["font"], MAX_SIZES["image"], MAX_SIZES["template"])


def file_hash(path: str) -> str | None:
    """SHA-256 of the file at ``path`` (memoised per size, time and inode),
    ``None`` when it cannot be read: missing, not a regular file (a FIFO is
    never opened for a blocking read, a device never read), or larger than
    :data:`MAX_LISTED` (:func:`printkit.inputfiles.read_bytes`)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    memo = (path, st.st_size, st.st_mtime_ns, st.st_ino)
    hit = _HASHES.get(memo)
    if hit is None:
        try:
            hit = hashlib.sha256(read_bytes(path, max_bytes=MAX_LISTED)).hexdigest()
        except PrintkitError:
            return None
        _HASHES[memo] = hit
    return hit


def _read_entry(path: Path) -> bytes | None:
    return read_entry(path, MAX_ENTRY)


def lookup(key: str) -> tuple[bool, bytes | None, float | None]:
    """``(True, pdf, narrow)`` for a verified entry (``pdf`` is ``None`` when
    the document was longer than its page limit; ``narrow``: as given to
    :func:`store`), else ``(False, None, None)``; a bad entry is removed."""
    folder = cache_dir()
    if folder is None:
        return False, None, None
    path = folder / f"{key}{_SUFFIX}"
    data = _read_entry(path)
    if data is None:
        return False, None, None
    ok, pdf, narrow = _verify(data)
    if not ok:
        try:
            os.unlink(path)
        except OSError:
            pass
        return False, None, None
    try:
        os.utime(path)  # recently used: pruned last
    except OSError:
        pass
    return True, pdf, narrow


def _verify(data: bytes) -> tuple[bool, bytes | None, float | None]:
    bad = False, None, None
    if not data.startswith(MAGIC):
        return bad
    end = data.find(b"\n", len(MAGIC))
    if end < 0 or end - len(MAGIC) > 1024 * 1024:
        return bad
    try:
        head = json.loads(data[len(MAGIC):end].decode("utf-8"))
        digest, files, none, narrow = head["sha256"], head["files"], head["none"], head["narrow"]
        if not (isinstance(digest, str) and isinstance(files, list) and isinstance(none, bool)):
            return bad
        # a theme's margin may be negative (-5 mm: noted like any inside the printer margin)
        if narrow is not None and not (isinstance(narrow, (int, float)) and -100_000 < narrow < 1000):
            return bad
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return bad
    payload = data[end + 1:]
    if hashlib.sha256(payload).hexdigest() != digest:
        return bad
    if none:
        if payload:
            return bad
    elif not (payload.startswith(b"%PDF-") and payload.rstrip().endswith(b"%%EOF")):
        return bad
    for item in files:
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            return bad
        if file_hash(item[0]) != item[1]:
            return bad
    return True, None if none else payload, narrow


def store(key: str, pdf: bytes | None, files: Iterable[str], narrow: float | None = None) -> None:
    """Keep ``pdf`` (``None``: longer than its page limit) under ``key``,
    with the SHA-256 of every file in ``files`` and ``narrow`` (the layout's
    page margin inside the printer margin, mm, or ``None``:
    :func:`printkit.render.documents.render_document`), so that a hit gives
    the same note as the layout did; then prune the folder to its bounds.
    Never raises."""
    folder = cache_dir()
    if folder is None:
        return
    payload = pdf or b""
    listed = []
    for f in sorted(set(files)):
        digest = file_hash(f)
        if digest is None:
            return  # a file that cannot be read again cannot be checked: do not cache
        listed.append([f, digest])
    head = json.dumps({"sha256": hashlib.sha256(payload).hexdigest(), "files": listed, "none": pdf is None,
                       "narrow": narrow},
                      separators=(",", ":")).encode("utf-8")
    data = MAGIC + head + b"\n" + payload
    if len(data) > MAX_ENTRY:
        return
    if not write_entry(folder, f"{key}{_SUFFIX}", data):
        return
    _prune(folder)


def _prune(folder: Path) -> None:
    prune(folder, _SUFFIX, MAX_ENTRIES, MAX_BYTES)


#: A PDF found clean by the preflight: ``<key>.clean`` holds this line and the key.
_CLEAN_MAGIC = b"printkit-clean 1\n"
_CLEAN_SUFFIX = ".clean"
#: Most verdicts kept (each a few dozen bytes); the oldest go first.
MAX_VERDICTS = 4096
_VERDICTS_PRUNED: list[bool] = []


def remembered(key: str) -> bool:
    """Whether the verdict ``key`` (a SHA-256, hex) was stored by
    :func:`remember` and is intact: a regular file owned by the user whose
    content names that key.  Anything else is a miss.  Never raises."""
    folder = cache_dir()
    if folder is None or not _HEX64.fullmatch(key):
        return False
    data = _read_entry(folder / f"{key}{_CLEAN_SUFFIX}")
    return data == _CLEAN_MAGIC + key.encode("ascii")


def remember(key: str) -> None:
    """Store the verdict ``key`` (a SHA-256, hex), atomically; the first
    store of a process prunes the verdicts to :data:`MAX_VERDICTS`, the
    least recently written first.  Never raises."""
    folder = cache_dir()
    if folder is None or not _HEX64.fullmatch(key):
        return
    if not write_entry(folder, f"{key}{_CLEAN_SUFFIX}", _CLEAN_MAGIC + key.encode("ascii")):
        return
    if not _VERDICTS_PRUNED:
        _VERDICTS_PRUNED.append(True)
        prune(folder, _CLEAN_SUFFIX, MAX_VERDICTS, 1 << 62)


def warm() -> bool:
    """Whether the cache holds any entry: a build then leaves weasyprint to
    be imported by the process that meets a document not in the cache,
    instead of importing it up front (0.6 s) for documents it will not lay out."""
    folder = cache_dir()
    if folder is None:
        return False
    try:
        with os.scandir(folder) as it:
            return any(e.name.endswith(_SUFFIX) and not e.name.startswith(".tmp-") for e in it)
    except OSError:
        return False

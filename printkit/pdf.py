"""PDF assembly and safe writing.

* :func:`assemble` concatenates part PDFs into one kit PDF with pypdf, keeping
  page boxes, form XObjects and AcroForm fields (``append`` keeps /AcroForm),
  and sets the viewer preferences every printed sheet needs
  (``/PrintScaling /None`` and the duplex hint).
* :func:`write_atomic` writes bytes to a temporary file beside the target and
  renames it into place, so a file appears whole or not at all;
  :func:`write_output` does the same for a file the user asked for and turns
  a failed write (disk full, I/O error, read-only file system) into one line
  (:func:`cannot_write`).
* :func:`scale_pdf` applies the ``--scale`` correction to every page of a
  PDF (content, TrimBox/BleedBox/ArtBox and annotation rectangles; the page
  size is kept).
* :func:`unique_subset_tags` gives every embedded font subset a tag of its
  own (``ABCDEF+Name``), derived from its font program: reportlab names
  every first subset ``AAAAAA+``, so one file held several different fonts
  under one tag.
* Output is deterministic: no dates, a document ID derived from the content.
"""

from __future__ import annotations

import hashlib
import io
import logging
import math
import os
import re
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from printkit import PrintkitError

if TYPE_CHECKING:  # pypdf is imported where it is used: a deck draws its sheets before it loads
    from pypdf import PdfWriter
    from pypdf.generic import FloatObject

DUPLEX_HINT = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "none": "/Simplex"}


def assemble(parts: list[bytes], *, title: str, duplex: str = "long",
             one_sided: list[bool] | None = None) -> bytes:
    """Concatenate ``parts`` (PDF bytes, in print order) into one PDF.

    ``one_sided[i]`` marks a part whose pages have no printed back (a rules
    page, player sheets, board tiles): when printing duplex ("long"/"short")
    each of its pages is followed by a blank page, so no two of them share a
    sheet of paper and every part starts on a front.  Sets the title,
    ``/PrintScaling /None``, the duplex hint and a content-derived document
    ID, so equal inputs give byte-identical output.
    """
    return assemble_counted(parts, title=title, duplex=duplex, one_sided=one_sided)[0]


def assemble_counted(parts: list[bytes], *, title: str, duplex: str = "long",
                     one_sided: list[bool] | None = None) -> tuple[bytes, int]:
    """:func:`assemble`, and the number of pages of the result (blank backs
    included), so the caller need not parse the PDF again to count them."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for i, part in enumerate(parts):
        reader = PdfReader(io.BytesIO(part))
        pad = duplex in ("long", "short") and one_sided is not None and one_sided[i]
        if not pad:
            writer.append(reader)
            continue
        for n in range(len(reader.pages)):
            writer.append(reader, pages=[n])
            box = reader.pages[n].mediabox
            writer.add_blank_page(float(box.width), float(box.height))
    finish(writer, title=title, duplex=duplex, seed=b"".join(parts))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(writer.pages)


def finish(writer: PdfWriter, *, title: str, duplex: str, seed: bytes) -> None:
    """Set metadata, viewer preferences and an /ID derived from ``seed`` (the
    content's bytes) on ``writer``."""
    from pypdf.generic import ArrayObject, ByteStringObject, NameObject

    writer.add_metadata({"/Title": title, "/Creator": "printkit", "/Producer": "printkit (reportlab, weasyprint, pypdf)"})
    prefs = writer.create_viewer_preferences()
    prefs[NameObject("/PrintScaling")] = NameObject("/None")
    prefs[NameObject("/Duplex")] = NameObject(DUPLEX_HINT.get(duplex, "/Simplex"))
    digest = hashlib.md5(title.encode("utf-8") + seed).digest()
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])


_SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")
_FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def _subset_tag(program: bytes, salt: int = 0) -> str:
    """Six capital letters from the SHA-256 of a font program (ISO 32000-1,
    9.6.4: a subset's tag is six upper-case letters, then ``+``)."""
    n = int.from_bytes(hashlib.sha256(program + (b"#%d" % salt if salt else b"")).digest()[:8], "big")
    letters = []
    for _ in range(6):
        n, r = divmod(n, 26)
        letters.append(chr(65 + r))
    return "".join(letters)


def retag_subsets(pdf) -> bool:
    """Rename, in an open :class:`pikepdf.Pdf`, every font whose ``BaseFont``
    carries a subset tag (``XXXXXX+``) to a tag derived from its embedded
    font program (:func:`_subset_tag`): the font dict's ``BaseFont``, a
    Type 0 font's descendant and the descriptor's ``FontName`` alike.  The
    same program keeps one tag; two programs never share one (a clash of
    hashes is salted away).  Fonts without an embedded program are left
    alone.  Returns whether anything changed."""
    import pikepdf

    def program(font) -> bytes | None:
        if font.get("/Subtype") == "/Type0":
            kids = font.get("/DescendantFonts")
            font = kids[0] if kids is not None and len(kids) else None
            if font is None:
                return None
        desc = font.get("/FontDescriptor")
        if not isinstance(desc, pikepdf.Dictionary):
            return None
        for key in _FONT_FILES:
            stream = desc.get(key)
            if isinstance(stream, pikepdf.Stream):
                try:
                    return stream.read_bytes()
                except pikepdf.PdfError:
                    return stream.read_raw_bytes()
        return None

    fonts = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and "/BaseFont" in obj:
            name = str(obj.BaseFont)[1:]
            if _SUBSET_TAG.match(name):
                data = program(obj)
                if data is not None:
                    fonts.append((obj, name, data))
    tags: dict[bytes, str] = {}
    owner: dict[str, bytes] = {}
    for _, _, data in sorted(fonts, key=lambda f: hashlib.sha256(f[2]).digest()):
        if data in tags:
            continue
        salt, tag = 0, _subset_tag(data)
        while tag in owner:
            salt += 1
            tag = _subset_tag(data, salt)
        tags[data], owner[tag] = tag, data
    changed = False
    for font, name, data in fonts:
        new = tags[data] + name[6:]
        if new != name:
            font.BaseFont = pikepdf.Name("/" + new)
            changed = True
        desc = font.get("/FontDescriptor")
        if isinstance(desc, pikepdf.Dictionary) and "/FontName" in desc and _SUBSET_TAG.match(str(desc.FontName)[1:]):
            desc.FontName = pikepdf.Name("/" + tags[data] + str(desc.FontName)[7:])
    return changed


def unique_subset_tags(data: bytes) -> bytes:
    """``data`` (PDF bytes) with :func:`retag_subsets` applied; unchanged
    bytes when no tag changes.  Deterministic: the document ID is derived
    from the content."""
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        if not retag_subsets(pdf):
            return data
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True)
    return out.getvalue()


#: Largest ``--scale`` correction accepted, as a fraction (±5 %).
SCALE_LIMIT = 0.05


def scale_pdf(data: bytes, scale: tuple[float, float]) -> bytes:
    """``data`` (PDF bytes) with every page's content scaled by ``scale`` =
    (sx, sy) about the page centre; ``(1, 1)`` returns ``data`` unchanged.

    The rule (``--scale``): a printer that prints ``p`` times too long on an
    axis is sent the page at ``1/p`` there, so every printed length — the
    50 mm bars included — comes out true; ``back_offset`` and all other
    geometry are in true mm, before the scale.  The MediaBox (paper) and
    CropBox stay; TrimBox, BleedBox and ArtBox go through the same transform
    (kept inside the MediaBox), as do annotation ``/Rect``s (form fields,
    links) and ``/QuadPoints``.  The content streams are wrapped, not
    rewritten: a ``q … cm`` stream before them and ``Q`` after.  Raises
    :class:`printkit.PrintkitError` for a factor outside 1 ± :data:`SCALE_LIMIT`.
    Deterministic: the document ID derives from ``data`` and ``scale``.
    """
    sx, sy = scale
    if sx == 1 and sy == 1:
        return data
    if not all(math.isfinite(v) and abs(v - 1) <= SCALE_LIMIT + 1e-9 for v in (sx, sy)):
        raise PrintkitError(f"scale {sx:g},{sy:g} is beyond ±{SCALE_LIMIT:.0%}")
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, ByteStringObject, DecodedStreamObject, NameObject, RectangleObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        media = page.mediabox
        x0, y0, x1, y1 = (float(v) for v in (media.left, media.bottom, media.right, media.top))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        tx, ty = cx - sx * cx, cy - sy * cy

        def point(x: float, y: float) -> tuple[float, float]:
            return sx * x + tx, sy * y + ty

        def stream(text: str):
            st = DecodedStreamObject()
            st.set_data(text.encode("ascii"))
            return writer._add_object(st)

        contents = page.get("/Contents")
        if contents is not None:
            old = contents.get_object()
            parts = list(old) if isinstance(old, ArrayObject) else [contents]
            page[NameObject("/Contents")] = ArrayObject(
                [stream(f"q {_num(sx)} 0 0 {_num(sy)} {_num(tx)} {_num(ty)} cm\n"), *parts, stream("\nQ\n")])
        for name in ("/TrimBox", "/BleedBox", "/ArtBox"):
            if name in page:
                bx0, by0, bx1, by1 = (float(v) for v in page[name].get_object())
                (ax, ay), (bx, by) = point(bx0, by0), point(bx1, by1)
                page[NameObject(name)] = RectangleObject([
                    _num_obj(max(x0, min(ax, bx))), _num_obj(max(y0, min(ay, by))),
                    _num_obj(min(x1, max(ax, bx))), _num_obj(min(y1, max(ay, by)))])
        for ref in page.get("/Annots") or []:
            annot = ref.get_object()
            if "/Rect" in annot:
                rx0, ry0, rx1, ry1 = (float(v) for v in annot["/Rect"])
                (ax, ay), (bx, by) = point(rx0, ry0), point(rx1, ry1)
                annot[NameObject("/Rect")] = RectangleObject(
                    [_num_obj(v) for v in (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))])
            if "/QuadPoints" in annot:
                q = [float(v) for v in annot["/QuadPoints"]]
                annot[NameObject("/QuadPoints")] = ArrayObject(
                    [_num_obj(v) for i in range(0, len(q) - 1, 2) for v in point(q[i], q[i + 1])])
    digest = hashlib.md5(data + f"scale {sx!r},{sy!r}".encode("ascii")).digest()
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _num(v: float) -> str:
    """A PDF number: up to 6 decimals, no exponent, no trailing zeros."""
    text = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _num_obj(v: float) -> FloatObject:
    from pypdf.generic import FloatObject

    return FloatObject(_num(v))


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and an atomic rename.

    Raises ``OSError`` when the folder is not writable or a write fails
    (``ENOSPC``, ``EIO``, ``EROFS`` …); the target is then left untouched and
    no temporary ``.part`` file remains.  The temporary file is named
    ``.part-<pid>.<host>-<name>.<random>.part`` (:func:`debris_prefix`), so a
    run killed outright leaves one that :func:`sweep_stale` recognises.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=debris_prefix("part", path.name[:40] + "."), suffix=".part", dir=path.parent)
    try:
        try:
            os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; outputs get the usual rw-r--r--
            fh = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            raise
        with fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:  # already gone, or the file system refuses even that: keep the first error
            pass
        raise


def cannot_write(path: Path | str, exc: OSError) -> PrintkitError:
    """The one line for a failed write: ``<file>: cannot write (No space left
    on device); earlier outputs are intact``."""
    import errno

    from printkit.inputfiles import _label, why_not_a_folder

    why = None
    if exc.errno == errno.EEXIST:  # a folder to make, and something else there (a file, a dangling link)
        why = why_not_a_folder(Path(path))
    elif exc.errno in (errno.ENOTDIR, errno.ENOENT, errno.ELOOP):  # something in the way above it?
        why = why_not_a_folder(Path(path).parent)
    return PrintkitError(f"{_label(Path(path))}: cannot write ({why or exc.strerror or exc}); earlier outputs are intact")


def refuse_linked_folder(folder: Path) -> None:
    """Raise :func:`cannot_write`'s kind of line when ``folder`` — a
    folder printkit makes inside ``--out`` for a game's or a deck's files
    (``OUT/<game>``) — is a symbolic link to a folder: the files would land
    wherever it leads, outside the folder the user named.  (``--out`` itself
    may be a link: the user named it.  A dangling or looping link is left to
    the ``mkdir`` that follows, which :func:`cannot_write` explains.)"""
    from printkit.inputfiles import escape_display, shown_path

    if os.path.islink(folder) and os.path.isdir(folder):
        raise PrintkitError(
            f"{escape_display(str(folder))}: cannot write ({shown_path(folder)} is a symbolic link to "
            f"{shown_path(Path(os.readlink(folder)))}; printkit writes only into folders of its own "
            "under --out: remove the link, or give the folder it leads to as --out); earlier outputs are intact")


#: Most entries of an output folder looked at for a killed run's debris.
STALE_SCAN_ENTRIES = 1_000
#: What printkit names its temporary entries in an output folder (:func:`debris_prefix`).
_DEBRIS = re.compile(r"\.(staging|old|part)-(\d+)\.([0-9a-f]{8})-")


def _host_tag() -> str:
    import socket
    import zlib

    return f"{zlib.crc32(socket.gethostname().encode('utf-8', 'replace')):08x}"


def debris_prefix(kind: str, tag: str = "") -> str:
    """The start of the name of a temporary entry printkit makes in an
    output folder: ``.<kind>-<pid>.<host>-<tag>`` — ``staging`` (a folder
    of new outputs, :func:`staging_folder`), ``old`` (an export folder
    moved aside, :func:`printkit.export.write_folder`) or ``part`` (a file
    being written, :func:`write_atomic`).  The pid and host are what
    :func:`sweep_stale` needs to tell, later, that its process is gone."""
    return f".{kind}-{os.getpid()}.{_host_tag()}-{tag}"


def staging_folder(parent: Path, tag: str = "") -> Path:
    """A new private folder in ``parent`` to write outputs into before they
    are renamed into place, named ``.staging-<pid>.<host>-[<tag>-]<random>``
    (:func:`debris_prefix`).  Raises ``OSError`` as :func:`tempfile.mkdtemp`."""
    return Path(tempfile.mkdtemp(prefix=debris_prefix("staging", tag + "-" if tag else ""), dir=parent))


def sweep_stale(folder: Path) -> None:
    """Remove what a run of this machine killed before it could clean up
    (``kill -9``, a power cut) left in ``folder``: the staging and moved-aside
    folders and the ``.part`` files (:func:`debris_prefix`) whose process no
    longer exists.  A live process's, another machine's (a shared folder)
    and any other name are left, as is a name of one kind on an entry of
    the other (a file named like a folder); at most
    :data:`STALE_SCAN_ENTRIES` entries are looked at; errors are ignored (a
    sweep never stops a run)."""
    import shutil

    host = _host_tag()
    try:
        with os.scandir(folder) as entries:
            for n, entry in enumerate(entries):
                if n >= STALE_SCAN_ENTRIES:
                    break
                m = _DEBRIS.match(entry.name)
                if m is None or m.group(3) != host:
                    continue
                pid = int(m.group(2))
                if pid == os.getpid() or _alive(pid):
                    continue
                try:
                    if m.group(1) == "part":
                        if entry.name.endswith(".part") and entry.is_file(follow_symlinks=False):
                            os.unlink(entry.path)
                    elif entry.is_dir(follow_symlinks=False):
                        shutil.rmtree(entry.path, ignore_errors=True)
                except OSError:  # gone meanwhile, or not ours to remove: the next entry
                    pass
    except OSError:
        pass


def _alive(pid: int) -> bool:
    """Process ``pid`` exists (another user's counts: EPERM)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # EPERM: another user's; a pid out of range: leave it be
        return True
    return True


def make_folders(folder: Path, made: list[Path]) -> None:
    """Create ``folder`` and its missing parents, inserting each one this
    call's own ``mkdir`` made at the front of ``made`` (so it ends deepest
    first; a folder another process made meanwhile is not counted).  Raises
    ``OSError`` as ``os.mkdir`` does; ``made`` then holds what was made
    before (for :func:`remove_made`)."""
    missing = []  # outermost last
    for step in (folder, *folder.parents):
        if os.path.lexists(step):
            break
        missing.append(step)
    for step in reversed(missing):
        try:
            os.mkdir(step)
        except FileExistsError:  # there already (another process, or a name like a/..): not ours
            continue
        made.insert(0, step)


def remove_made(made: list[Path]) -> None:
    """Remove the folders of ``made`` (deepest first, as :func:`make_folders`
    lists them) that are still empty; anything written to is kept (and with
    it the folders above it)."""
    for folder in made:
        remove_if_made(folder, True)


def remove_if_made(folder: Path, made: bool) -> None:
    """Remove ``folder`` when ``made`` (the caller's run created it) and it
    is still empty: a write that failed (disk full) or was stopped leaves no
    empty folder behind; anything in it, or a folder that was there before,
    is kept."""
    if not made:
        return
    try:
        os.rmdir(folder)
    except OSError:  # written to meanwhile (another run), or gone: keep it
        pass


def write_output(path: Path, data: bytes, *, stdout: bool = True) -> None:
    """:func:`write_atomic` for a file the user asked for: a failed write
    raises :func:`cannot_write` (a :class:`printkit.PrintkitError`, exit 1).

    A target that exists but is not a regular file (``-o /dev/full``, a FIFO,
    a folder) or is a symbolic link (``-o /dev/stdout``, ``-o link``) is
    refused (:class:`printkit.UsageError`, nothing written): renaming over it
    would replace the device, pipe or link itself.  ``stdout``: the command
    takes ``-o -`` for standard output (its to handle), and the refusal says
    so; else (a file the command names inside ``--out``) it says to remove
    what is in the way or give another ``--out``.  A killed run's debris in
    the target's folder is swept first (:func:`sweep_stale`).  The write
    holds the folder's lock (:func:`printkit.outlock.folder_lock`): it waits
    for another printkit run writing into that folder to finish (a note on
    stderr), raising :class:`printkit.PrintkitError` if that takes longer
    than ``PRINTKIT_LOCK_WAIT`` allows and ``KeyboardInterrupt`` on a stop
    while waiting; nothing is written then.  The folders made for the file
    are removed again when they stay empty (``-o new/walk/../x``'s
    ``new/walk``; every one of them after a write that failed)."""
    import stat

    from printkit import UsageError
    from printkit.inputfiles import escape_display

    try:
        mode = os.lstat(path).st_mode
    except OSError:
        mode = None  # absent (the usual case), or unreachable: write_atomic reports it
    shown = escape_display(str(path))
    if stdout:
        link_fix, odd_fix = "give the name of the file itself, or - for standard output", \
            "give the name of a file to write, or - for standard output"
    else:
        link_fix = odd_fix = f"remove it, or give another --out folder than {escape_display(str(path.parent))}"
    if mode is not None and stat.S_ISLNK(mode):
        raise UsageError(f"{shown}: is a link; nothing written ({link_fix})")
    if mode is not None and not stat.S_ISREG(mode):
        raise UsageError(f"{shown}: exists and is not a regular file (a device, pipe or folder); {odd_fix}")
    from printkit.outlock import folder_lock

    folder = Path(path).parent
    made: list[Path] = []  # folders made for the file (deepest first): removed again while empty

    locked = False
    try:
        make_folders(folder, made)
        with folder_lock(folder, remake=lambda: make_folders(folder, made)):
            locked = True
            try:
                sweep_stale(folder)  # a killed run's .part file
                write_atomic(path, data)
            finally:  # while still the only writer: a folder made only to walk through (new/walk/../x),
                remove_made(made)  # or for a write that failed (deepest first)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    finally:
        if not locked:  # waited too long, stopped while waiting, or failed making them
            remove_made(made)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def page_count(data: bytes) -> int:
    """Number of pages of a PDF given as bytes."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


@contextmanager
def quiet_pypdf():
    """Silence pypdf's recovery warnings while reading users' PDFs: problems
    become one clear line or problem codes, not log noise."""
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL + 10)
    try:
        yield
    finally:
        log.setLevel(level)

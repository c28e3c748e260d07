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
* Output is deterministic: no dates, a document ID derived from the content.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ByteStringObject, NameObject

from printkit import PrintkitError

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
    return out.getvalue()


def finish(writer: PdfWriter, *, title: str, duplex: str, seed: bytes) -> None:
    """Set metadata, viewer preferences and an /ID derived from ``seed`` (the
    content's bytes) on ``writer``."""
    writer.add_metadata({"/Title": title, "/Creator": "printkit", "/Producer": "printkit (reportlab, weasyprint, pypdf)"})
    prefs = writer.create_viewer_preferences()
    prefs[NameObject("/PrintScaling")] = NameObject("/None")
    prefs[NameObject("/Duplex")] = NameObject(DUPLEX_HINT.get(duplex, "/Simplex"))
    digest = hashlib.md5(title.encode("utf-8") + seed).digest()
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and an atomic rename.

    Raises ``OSError`` when the folder is not writable or a write fails
    (``ENOSPC``, ``EIO``, ``EROFS`` …); the target is then left untouched and
    no temporary ``.part`` file remains.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
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
    return PrintkitError(f"{path}: cannot write ({exc.strerror or exc}); earlier outputs are intact")


def write_output(path: Path, data: bytes) -> None:
    """:func:`write_atomic` for a file the user asked for: a failed write
    raises :func:`cannot_write` (a :class:`printkit.PrintkitError`, exit 1).

    A target that exists but is not a regular file (``-o /dev/full``, a FIFO,
    a folder) is refused (:class:`printkit.UsageError`): renaming over it
    would replace the device or pipe itself."""
    import stat

    from printkit import UsageError

    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None  # absent (the usual case), or unreachable: write_atomic reports it
    if mode is not None and not stat.S_ISREG(mode):
        raise UsageError(f"{path}: exists and is not a regular file (a device, pipe or folder); "
                         "give the name of a file to write")
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise cannot_write(path, exc) from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def page_count(data: bytes) -> int:
    """Number of pages of a PDF given as bytes."""
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

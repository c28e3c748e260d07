"""What the exporters exchange: a kit's :class:`Source` and one format's
:class:`Exported` files (see :mod:`printkit.export`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.model import ComponentSet


@dataclass(frozen=True)
class Source:
    """What one kit offers the exporters.

    ``name``: the kit's folder name (a game id or a deck's name); ``title``;
    ``parts``: (part name, part title, :class:`ComponentSet`) for every part
    made of components, in print order; ``documents``: names of the parts
    that are documents (no faces); ``theme``; ``paper``
    (:class:`printkit.paper.Paper`), ``bleed`` (pt) and ``duplex``: the
    build's, used by ``cut`` for its sheets; ``strict``: a profile
    mismatch is an error instead of a note (``printkit deck``: the deck is
    the whole point).
    """

    name: str
    title: str
    parts: list[tuple[str, str, ComponentSet]]
    documents: list[str]
    theme: Any
    paper: Any
    bleed: float
    duplex: str = "long"
    strict: bool = False
    #: the build's printer corrections, used by ``cut``'s print PDF only (backs
    #: offset/turned as in the kit; ``scale`` applied last, so the print measures true)
    back_offset: tuple[float, float] = (0.0, 0.0)
    rotate_backs: bool = False
    scale: tuple[float, float] = (1.0, 1.0)


#: Stands, in a file listed in :attr:`Exported.uri_files`, for the
#: ``file:///`` URI (with a trailing ``/``) of the folder it is written to.
FOLDER_URI = "@@printkit-folder-uri@@/"
#: Bytes an :class:`Exported` keeps in memory; past it, :meth:`Exported.add`
#: spools each file to a temporary file (1,500 face PNGs, a TTS deck of
#: 50,000 cards: gigabytes).
SPOOL_AFTER = 64 * 1024 * 1024


@dataclass
class Exported:
    """One format's output for one kit: ``files`` (relative path → bytes,
    or the :class:`pathlib.Path` of a spooled temporary file holding them;
    see :meth:`add`), ``notes`` (one line each); ``uri_files``: files in which
    :data:`FOLDER_URI` is replaced by the written folder's ``file:///`` URI
    (a Tabletop Simulator object pointing at its sheets)."""

    folder: str
    files: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    uri_files: set[str] = field(default_factory=set)
    _held: int = field(default=0, repr=False)
    _spool: Any = field(default=None, repr=False)

    def add(self, rel: str, data: bytes) -> None:
        """File ``rel`` holds ``data``: kept in memory until
        :data:`SPOOL_AFTER` bytes are held, then written to a temporary
        folder (removed when this result is dropped or the process ends)
        and kept as its path, so a big export holds one image at a time."""
        if self._held + len(data) <= SPOOL_AFTER:
            self._held += len(data)
            self.files[rel] = data
            return
        import tempfile
        from pathlib import Path

        if self._spool is None:
            self._spool = tempfile.TemporaryDirectory(prefix="printkit-spool-")
        path = Path(self._spool.name) / f"{len(self.files)}.part"
        path.write_bytes(data)
        self.files[rel] = path

    def data(self, rel: str) -> bytes:
        """The bytes of file ``rel`` (read back when spooled)."""
        value = self.files[rel]
        return value if isinstance(value, (bytes, bytearray)) else value.read_bytes()

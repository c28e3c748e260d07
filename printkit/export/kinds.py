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


@dataclass
class Exported:
    """One format's output for one kit: ``files`` (relative path → bytes),
    ``notes`` (one line each)."""

    folder: str
    files: dict[str, bytes] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

"""The options of one build (:class:`BuildOptions`) and the output files a
game's kit declares (:class:`Part`): the halves of the game contract
(:mod:`printkit.gamekit.contract`) that building and listing kits use and
scoring a game does not, so ``printkit score`` never creates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from printkit.rules import user_rules_file

if TYPE_CHECKING:  # annotations only
    from printkit.model import ComponentSet
    from printkit.paper import Paper


@dataclass(frozen=True)
class BuildOptions:
    """Options of one build.

    ``bleed`` and ``back_offset`` in pt; ``players``: Dig Site sheets etc.;
    ``duplex``: "long", "short" or "none"; ``fillable``: add AcroForm fields;
    ``board_paper``: a large paper name (:data:`printkit.gamekit.contract.BOARD_PAPERS`) to print a
    game board on one sheet, ``None`` to tile it over ``paper``;
    ``rules_dir``: a folder of ``<game>.toml`` files overriding the bundled rules;
    ``rotate_backs``: turn every backs page 180° (printers that print backs
    upside down, see :mod:`printkit.imposition`); ``scale``: (sx, sy)
    correction applied to every page of every PDF written (see
    :func:`printkit.pdf.scale_pdf`), ``(1.0, 1.0)`` = none.
    """

    paper: Paper
    theme: object
    players: int | None = None
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 0.0
    fillable: bool = False
    board_paper: str | None = None
    rules_dir: Path | None = None
    rotate_backs: bool = False
    scale: tuple[float, float] = (1.0, 1.0)

    def rules_file(self, game: str) -> Path | None:
        """``<rules_dir>/<game>.toml`` when the user gave ``--rules DIR`` and
        anything sits at that name (a folder, pipe or device there is then
        refused when read, never skipped); ``None`` means the bundled rules
        (see :func:`printkit.rules.user_rules_file`)."""
        return user_rules_file(game, self.rules_dir)


@dataclass(frozen=True)
class Part:
    """One output file of a kit.

    Either ``components`` (imposed by the engine) or ``document`` (a function
    returning PDF bytes, e.g. a weasyprint page).  ``count``: physical pieces
    (for the cover); ``stock``: the paper or card to print it on.
    ``contents``: (count, title) of each kind of piece when the part prints
    more than one kind on one stock (the next kind takes the rows the last
    sheet of the one before leaves, :func:`printkit.imposition.impose`): the
    cover lists a row for each, all in this file; ``count`` is then their
    sum.  Empty: one row, (``count``, ``title``).
    ``faces``: optional, for a ``document`` that is one big drawing (a tiled
    board): the drawing as uncut components, so ``--format png`` and
    ``preview`` can show it (:mod:`printkit.export`); the PDFs ignore it.

    A part with neither ``components`` nor ``document`` is a catalogue row
    (:attr:`GameKit.catalogue`): what the part is, not how it is drawn.
    """

    name: str
    title: str
    stock: str
    components: ComponentSet | None = None
    document: Callable[[], bytes] | None = None
    count: int = 0
    faces: ComponentSet | None = None
    contents: tuple[tuple[int, str], ...] = ()

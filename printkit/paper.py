"""Paper sizes and the printable area used for imposition.

All sizes in points (see :mod:`printkit.units`).  ``universal`` is a page of
210 × 279.4 mm (A4 width, Letter height): it fits inside both A4 and US Letter,
so one PDF prints unscaled on either.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit import UsageError
from printkit.units import mm


#: The printer margin (unprintable edge) kits are laid out for unless ``--printer-margin`` says
#: otherwise, pt: most home printers need 3–6.35 mm.
PRINTER_MARGIN = mm(5)


@dataclass(frozen=True)
class Paper:
    """A sheet of paper.

    ``width``/``height``: the page (MediaBox) in pt, portrait.
    ``box_width``/``box_height``: the area layouts must fit in, in pt, centred on
    the page (equal to the page except for ``universal``).
    ``margin``: the unprintable edge a home printer needs, in pt, inside the box.
    """

    name: str
    width: float
    height: float
    box_width: float
    box_height: float
    margin: float = PRINTER_MARGIN

    @property
    def content(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in pt of the area inside the box and its margins."""
        x0 = (self.width - self.box_width) / 2 + self.margin
        y0 = (self.height - self.box_height) / 2 + self.margin
        return (x0, y0, self.width - x0, self.height - y0)

    @property
    def wide_margin(self) -> bool:
        """Whether ``margin`` is wider than the :data:`PRINTER_MARGIN` (5 mm)
        the kits are laid out for: the notes that say what a wider
        ``--printer-margin`` costs (more sheets, more board pages, a longer
        rules reference) are given only then."""
        return self.margin > PRINTER_MARGIN + 1e-6

    def at_default_margin(self) -> "Paper":
        """This paper with the default :data:`PRINTER_MARGIN` (5 mm), to
        compare a wider margin's result with."""
        return replace(self, margin=PRINTER_MARGIN)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", mm(210), mm(297), mm(210), mm(297)),
    "letter": Paper("letter", mm(215.9), mm(279.4), mm(215.9), mm(279.4)),
    "universal": Paper("universal", mm(210), mm(279.4), mm(210), mm(279.4)),
}

#: Large papers for single-sheet boards (pt, portrait).
LARGE_PAPERS: dict[str, Paper] = {
    "a3": Paper("a3", mm(297), mm(420), mm(297), mm(420)),
    "a2": Paper("a2", mm(420), mm(594), mm(420), mm(594)),
    "tabloid": Paper("tabloid", mm(279.4), mm(431.8), mm(279.4), mm(431.8)),
}


#: What people call each paper (kit papers and large papers), as the cover's print plan
#: and the build's summary write it: "2 US Letter pages, glued to card".
PAPER_NAMES: dict[str, str] = {
    "a4": "A4", "letter": "US Letter", "universal": "A4 or US Letter",
    "a3": "A3", "a2": "A2", "tabloid": "Tabloid",
}


def paper_label(name: str) -> str:
    """What people call the paper ``name`` (``"letter"`` → ``"US Letter"``);
    an unknown name is returned as given."""
    return PAPER_NAMES.get(name.lower(), name)


def get_paper(name: str) -> Paper:
    """Return the paper called ``name`` (case-insensitive).

    Raises :class:`printkit.UsageError` listing the allowed names.
    """
    key = name.lower()
    paper = PAPERS.get(key) or LARGE_PAPERS.get(key)
    if paper is None:
        raise UsageError(
            f"--paper: unknown paper {name!r}; choose one of: {', '.join(PAPERS)}"
        )
    return paper

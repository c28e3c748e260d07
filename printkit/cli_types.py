"""Shared click parameter types of the printing commands (``build``,
``duplex-test``, ``deck``): paper, duplex, length, offset, scale, players.

Each type converts the text the user typed into the value the engine takes —
a paper name, a duplex mode, a length in pt, an (x, y) offset in pt, (sx, sy)
scale factors, a player count — or raises :class:`printkit.UsageError`
(one line ``--option: what is wrong; what is expected``, exit 2 through
:class:`printkit.cli.main`).  Choices also feed shell completion.  Importing
this module loads no print stack (reportlab, pypdf…): the engine modules are
imported when a value is converted.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import click

from printkit import UsageError
from printkit.units import parse_length

#: How --scale may be written.
SCALE_FORM = "X,Y as percent (99.6%, or a bare 99.6) or as the 50 mm bar's measured length (50.2mm)"


def _name(param: click.Parameter | None, fallback: str) -> str:
    """The option as typed (``--bleed``) for messages."""
    return param.opts[0] if param is not None and param.opts else fallback


class _Choice(click.ParamType):
    """One of a set of lower-case names (case-insensitive), completed by the shell."""

    what = "value"

    def choices(self) -> tuple[str, ...]:  # pragma: no cover - overridden
        raise NotImplementedError

    def convert(self, value: Any, param, ctx) -> str:
        text = str(value)
        if text.lower() not in self.choices():
            raise UsageError(self.message(_name(param, f"--{self.name}"), text))
        return text.lower()

    def message(self, opt: str, text: str) -> str:
        return f"{opt}: unknown {self.what} {text!r}; choose one of: {', '.join(self.choices())}"

    def shell_complete(self, ctx, param, incomplete: str):
        from click.shell_completion import CompletionItem  # tab completion only

        return [CompletionItem(c) for c in self.choices() if c.startswith(incomplete.lower())]

    def get_metavar(self, param, ctx=None) -> str:  # click 8.1 and 8.2 signatures
        return "|".join(self.choices())


class PaperType(_Choice):
    """A paper name: the kit papers (``a4``, ``letter``, ``universal``;
    :data:`printkit.paper.PAPERS`) or, with ``board=True``, the large papers
    a board may print on (:data:`printkit.gamekit.contract.BOARD_PAPERS`)."""

    name = "paper"
    what = "paper"

    def __init__(self, board: bool = False):
        self.board = board

    def choices(self) -> tuple[str, ...]:
        if self.board:
            from printkit.gamekit.contract import BOARD_PAPERS

            return tuple(BOARD_PAPERS)
        from printkit.paper import PAPERS

        return tuple(PAPERS)


class DuplexType(_Choice):
    """A duplex mode of :data:`printkit.imposition.DUPLEX_MODES` (``long``,
    ``short``, ``none``), or only those in ``allowed``."""

    name = "duplex"

    def __init__(self, allowed: tuple[str, ...] | None = None):
        self.allowed = allowed

    def choices(self) -> tuple[str, ...]:
        from printkit.imposition import DUPLEX_MODES

        return tuple(m for m in DUPLEX_MODES if self.allowed is None or m in self.allowed)

    def message(self, opt: str, text: str) -> str:
        return f"{opt}: {text!r}; choose one of: {', '.join(self.choices())}"


class LengthType(click.ParamType):
    """A length with its unit (``3mm``, ``0.125in``, ``9pt``, ``1cm``) →
    pt (:func:`printkit.units.parse_length`; negative lengths refused), at
    most ``most_mm`` mm and, when ``least_mm`` is given, at least that."""

    name = "length"

    def __init__(self, most_mm: float | None = None, least_mm: float | None = None):
        self.most_mm, self.least_mm = most_mm, least_mm

    def convert(self, value: Any, param, ctx) -> float:
        if isinstance(value, float):
            return value
        opt = _name(param, "length")
        pt = parse_length(str(value), what=opt)
        most = parse_length(self.most_mm) if self.most_mm is not None else math.inf
        if self.least_mm is not None and not parse_length(self.least_mm) <= pt <= most:
            raise UsageError(f"{opt}: {value} is outside {self.least_mm:g}–{self.most_mm:g} mm")
        if pt > most:
            raise UsageError(f"{opt}: {value} is more than {self.most_mm:g} mm")
        return pt

    def get_metavar(self, param, ctx=None) -> str:
        return "LEN"


class OffsetType(click.ParamType):
    """``X,Y`` in mm (e.g. ``1.5,-0.5``), each within ±``most`` mm → (x, y) in pt."""

    name = "offset"

    def __init__(self, most: float = 20.0):
        self.most = most

    def convert(self, value: Any, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        opt, text = _name(param, "--back-offset"), str(value)
        try:
            x, y = (float(v) for v in text.split(","))
        except ValueError:
            raise UsageError(f"{opt}: {text!r} is not X,Y in mm (e.g. 1.5,-0.5)") from None
        if not (math.isfinite(x) and math.isfinite(y)):
            raise UsageError(f"{opt}: {text!r} is not X,Y in mm (e.g. 1.5,-0.5)")
        if max(abs(x), abs(y)) > self.most:
            raise UsageError(f"{opt}: {text!r} is more than {self.most:g} mm; measure again with the duplex test")
        return (parse_length(f"{abs(x)}mm") * (1 if x >= 0 else -1),
                parse_length(f"{abs(y)}mm") * (1 if y >= 0 else -1))

    def get_metavar(self, param, ctx=None) -> str:
        return "X,Y"


class ScaleType(click.ParamType):
    """``--scale``: one value (both axes) or X,Y, each a percent to print at
    (``99.6%`` or ``99.6``) or the measured length of a 50 mm bar printed at
    100 % (``50.2mm`` → print at 50/50.2) → (sx, sy) factors, each within
    :data:`printkit.pdf.SCALE_LIMIT` of 1."""

    name = "scale"

    def convert(self, value: Any, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        from printkit.pdf import SCALE_LIMIT

        opt, text = _name(param, "--scale"), str(value)
        items = text.split(",")
        if len(items) not in (1, 2):
            raise UsageError(f"{opt}: {text!r} is not {SCALE_FORM}")
        factors = [self._factor(item, text, opt) for item in items]
        sx, sy = factors if len(factors) == 2 else factors * 2
        for f in (sx, sy):
            if abs(f - 1) > SCALE_LIMIT + 1e-9:
                raise UsageError(f"{opt}: {text!r} means printing at {f * 100:.4g} %, a correction beyond "
                                 f"±{SCALE_LIMIT * 100:g} %; measure the 50 mm bars again on a page printed at 100 %")
        return sx, sy

    @staticmethod
    def _factor(item: str, text: str, opt: str) -> float:
        v = item.strip().lower()
        measured = v.endswith("mm")
        v = v[:-2] if measured else v[:-1] if v.endswith("%") else v
        try:
            n = float(v)
        except ValueError:
            raise UsageError(f"{opt}: {text!r} is not {SCALE_FORM}") from None
        if not math.isfinite(n) or n <= 0:
            raise UsageError(f"{opt}: {text!r} is not {SCALE_FORM}")
        return 50.0 / n if measured else n / 100.0

    def get_metavar(self, param, ctx=None) -> str:
        return "X,Y"


class PlayersType(click.ParamType):
    """A player count: a whole number of at least 1 (each game then checks
    its own range, :meth:`printkit.gamekit.GameKit.range_for`)."""

    name = "players"

    def convert(self, value: Any, param, ctx) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            try:
                n = int(str(value).strip())
            except ValueError:
                raise UsageError(f"{_name(param, '--players')}: {str(value)!r} is not a whole number") from None
        if n < 1:
            raise UsageError(f"{_name(param, '--players')}: {n} is not a player count (1 or more)")
        return n

    def get_metavar(self, param, ctx=None) -> str:
        return "N"


class OutputFileType(click.Path):
    """``-o FILE`` of ``simulate``, ``export-game`` and ``scorepad``: a
    file's name (a :class:`pathlib.Path`; ``-`` is standard output, the
    command's to handle).  A name ending in ``/`` names a folder — the slash
    was dropped and a *file* of the folder's name written — and an empty name
    names nothing: both :class:`printkit.UsageError` (exit 2)."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param, ctx) -> Any:
        text = os.fspath(value) if isinstance(value, os.PathLike) else str(value)
        opt = _name(param, "--output")
        if not text.strip():
            raise UsageError(f"{opt}: an empty name; give the name of a file to write, or - for standard output")
        if text.endswith(("/", os.sep)):
            from printkit.inputfiles import show

            raise UsageError(f"{opt}: {show(text)} ends in {text[-1]}, so it names a folder; give the name of "
                             "a file to write (in that folder: add the file's name after the slash)")
        return super().convert(value, param, ctx)


OUTPUT_FILE = OutputFileType()
PAPER = PaperType()
BOARD_PAPER = PaperType(board=True)
DUPLEX = DuplexType()
LENGTH = LengthType()
#: --bleed: up to 10 mm.
BLEED = LengthType(most_mm=10)
#: --printer-margin: the printer's unprintable edge, 0–15 mm.
PRINTER_MARGIN = LengthType(most_mm=15, least_mm=0)
OFFSET = OffsetType()
SCALE = ScaleType()
PLAYERS = PlayersType()

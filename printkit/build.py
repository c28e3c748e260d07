"""Build kits: render every part of a game, assemble the kit PDF, write safely.

``build(["archeotrek"], options)`` writes ``<out>/<game>/<part>.pdf`` for each
part and ``<out>/<game>/<game>-kit.pdf`` (cover first, then the parts in print
order).  Files are rendered into a staging folder inside ``out`` and renamed
into place only when the whole game has rendered, so a failed build leaves no
partial PDF and the previous outputs intact.
"""

from __future__ import annotations

import importlib
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from printkit import PrintkitError, UsageError, interrupt
from printkit.imposition import DUPLEX_MODES
from printkit.model import ComponentSet
from printkit.paper import Paper
from printkit.pdf import assemble, cannot_write, page_count, write_atomic
from printkit.render.sheets import render_set

#: Large papers a board can be printed on in one sheet (``--board-paper``).
BOARD_PAPERS = ("a3", "a2", "tabloid")

#: Bundled games: id → module providing ``GAME`` (a :class:`GameKit`).
GAMES = {
    "archeotrek": "printkit.games.archeotrek.components",
    "archaeology": "printkit.games.archaeology.components",
}


@dataclass(frozen=True)
class BuildOptions:
    """Options of one build.

    ``bleed`` and ``back_offset`` in pt; ``players``: Dig Site sheets etc.;
    ``duplex``: "long", "short" or "none"; ``fillable``: add AcroForm fields;
    ``board_paper``: a large paper name (:data:`BOARD_PAPERS`) to print a
    game board on one sheet, ``None`` to tile it over ``paper``;
    ``rules_dir``: a folder of ``<game>.toml`` files overriding the bundled rules.
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

    def rules_file(self, game: str) -> Path | None:
        """``<rules_dir>/<game>.toml`` when the user gave ``--rules DIR`` and it
        holds a file for ``game``; ``None`` means the bundled rules."""
        if self.rules_dir is None:
            return None
        path = Path(self.rules_dir) / f"{game}.toml"
        return path if path.is_file() else None


@dataclass(frozen=True)
class Part:
    """One output file of a kit.

    Either ``components`` (imposed by the engine) or ``document`` (a function
    returning PDF bytes, e.g. a weasyprint page).  ``count``: physical pieces
    (for the cover); ``stock``: the paper or card to print it on.
    """

    name: str
    title: str
    stock: str
    components: ComponentSet | None = None
    document: Callable[[], bytes] | None = None
    count: int = 0


@dataclass(frozen=True)
class GameKit:
    """What a game contributes: its identity and a function listing its parts."""

    id: str
    title: str
    tagline: str
    parts: Callable[[BuildOptions], list[Part]]
    players: tuple[int, int, int] = (1, 8, 4)  # min, max, default (bundled rules)
    cover: Callable[..., bytes] | None = None
    #: (min, max, default) players under the build's rules (``--rules`` may change them).
    player_range: Callable[[BuildOptions], tuple[int, int, int]] | None = None


@dataclass
class Written:
    """Summary of one written file: path, pages, pieces."""

    path: Path
    pages: int
    pieces: int = 0


@dataclass
class BuildResult:
    """Everything a build wrote, per game."""

    files: dict[str, list[Written]] = field(default_factory=dict)


def load_game(game_id: str) -> GameKit:
    """Return the :class:`GameKit` of a bundled game.

    Raises :class:`printkit.UsageError` listing the bundled games.
    """
    if game_id not in GAMES:
        raise UsageError(f"GAME: unknown game {game_id!r}; choose one of: {', '.join(GAMES)}, all")
    return importlib.import_module(GAMES[game_id]).GAME


def check_out_dir(out: Path) -> None:
    """Make sure ``out`` exists (created if needed) and is writable.

    Raises :class:`printkit.UsageError` naming the folder otherwise.
    """
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        raise UsageError(f"--out: cannot write to {str(out)!r} ({exc.strerror or exc})") from None


def render_part(part: Part, options: BuildOptions, game_title: str) -> tuple[bytes, int]:
    """Render one part to (PDF bytes, page count)."""
    if part.components is not None:
        return render_set(
            part.components, paper=options.paper, theme=options.theme, bleed=options.bleed,
            duplex=options.duplex, back_offset=options.back_offset, game_title=game_title,
            fillable=options.fillable,
        )
    data = part.document()
    return data, page_count(data)


def build_game(kit: GameKit, options: BuildOptions, out: Path, progress: Callable[[str], None] | None = None) -> list[Written]:
    """Render all parts of ``kit`` and write them under ``out/<game>/``.

    Returns the written files (the kit PDF last).  Raises
    :class:`printkit.PrintkitError` on bad data; nothing is written then.
    A write that fails (disk full, I/O error, read-only file system) raises
    :func:`printkit.pdf.cannot_write` naming the file: the staging folder is
    removed and the previous outputs of the game are left as they were.
    """
    if options.duplex not in DUPLEX_MODES:
        raise UsageError(f"--duplex: {options.duplex!r}; choose one of: {', '.join(DUPLEX_MODES)}")
    parts = kit.parts(options)
    rendered: list[tuple[Part, bytes, int]] = []
    for part in parts:
        interrupt.checkpoint()
        if progress:
            progress(part.name)
        data, pages = render_part(part, options, kit.title)
        rendered.append((part, data, pages))
    pdfs = [data for _, data, _ in rendered]
    one_sided = [not (p.components is not None and any(c.back is not None for c in p.components.components))
                 for p, _, _ in rendered]
    padded = options.duplex in ("long", "short")
    if kit.cover is not None:
        summary = [  # pages as in the kit: one-sided pages get a blank back when duplex
            {"title": p.title, "file": f"{p.name}.pdf", "count": p.count,
             "pages": n * (2 if padded and single else 1), "stock": p.stock}
            for (p, _, n), single in zip(rendered, one_sided)
        ]
        pdfs.insert(0, kit.cover(summary, options))
        one_sided.insert(0, True)
    kit_pdf = assemble(pdfs, title=f"{kit.title} — print-and-play kit", duplex=options.duplex,
                       one_sided=one_sided)
    _preflight_all([(f"{p.name}.pdf", data) for p, data, _ in rendered] + [(f"{kit.id}-kit.pdf", kit_pdf)], kit.id)

    interrupt.checkpoint()
    game_dir = out / kit.id
    target: Path = game_dir  # what is being written, for the message
    try:
        game_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=game_dir))
    except OSError as exc:
        raise cannot_write(target, exc) from None
    try:
        written: list[Written] = []
        for part, data, pages in rendered:
            target = game_dir / f"{part.name}.pdf"
            write_atomic(staging / target.name, data)
            written.append(Written(target, pages, part.count))
        target = game_dir / f"{kit.id}-kit.pdf"
        write_atomic(staging / target.name, kit_pdf)
        written.append(Written(target, page_count(kit_pdf)))
        for w in written:
            target = w.path
            os.replace(staging / w.path.name, w.path)
    except OSError as exc:
        raise cannot_write(target, exc) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return written


def _preflight_all(files: list[tuple[str, bytes]], game: str) -> None:
    """Run :func:`printkit.preflight.preflight` on every output before it is
    written; raise :class:`printkit.PrintkitError` listing the findings."""
    from printkit.preflight import preflight

    findings = [f for name, data in files for f in preflight(data, source=f"{game}/{name}")]
    if findings:
        raise PrintkitError("preflight failed, nothing written:\n  " + "\n  ".join(map(str, findings)))


def build(game_ids: list[str], options: BuildOptions, out: Path, progress=None) -> BuildResult:
    """Build every game in ``game_ids`` (``["all"]`` = every bundled game)."""
    ids = list(GAMES) if game_ids == ["all"] else game_ids
    kits = [load_game(g) for g in ids]
    check_out_dir(out)
    result = BuildResult()
    for kit in kits:
        lo, hi, _ = kit.player_range(options) if kit.player_range else kit.players
        if options.players is not None and not lo <= options.players <= hi:
            raise UsageError(f"--players: {options.players} is outside {lo}–{hi} for {kit.id}")
        result.files[kit.id] = build_game(kit, options, out, progress)
    return result


__all__ = ["BuildOptions", "GameKit", "Part", "build", "build_game", "load_game", "GAMES", "PrintkitError"]

"""Build kits: render every part of a game, assemble the kit PDF, write safely.

``build(["archeotrek"], options)`` writes ``<out>/<game>/<part>.pdf`` for each
part and ``<out>/<game>/<game>-kit.pdf`` (cover first, then the parts in print
order).  Files are rendered into a staging folder inside ``out`` and renamed
into place only when the whole game has rendered, so a failed build leaves no
partial PDF and the previous outputs intact.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import shutil
import signal
import time
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from printkit import PrintkitError, UsageError, interrupt
from printkit.imposition import DUPLEX_MODES
from printkit.model import ComponentSet
from printkit.paper import Paper
from printkit.pdf import assemble, cannot_write, page_count, scale_pdf, unique_subset_tags, write_atomic
from printkit.render.sheets import render_set
from printkit.rules import user_rules_file

#: Large papers a board can be printed on in one sheet (``--board-paper``).
BOARD_PAPERS = ("a3", "a2", "tabloid")

#: Build options a game may or may not use: name → (option as typed, is it set?).
#: A game lists the ones it uses in :attr:`GameKit.options`; any other that is
#: set gets a one-line note in the build summary.
OPTIONAL_OPTIONS: dict[str, tuple[str, Callable[["BuildOptions"], bool]]] = {
    "fillable": ("--fillable", lambda o: o.fillable),
    "board_paper": ("--board-paper", lambda o: o.board_paper is not None),
}


@dataclass(frozen=True)
class BuildOptions:
    """Options of one build.

    ``bleed`` and ``back_offset`` in pt; ``players``: Dig Site sheets etc.;
    ``duplex``: "long", "short" or "none"; ``fillable``: add AcroForm fields;
    ``board_paper``: a large paper name (:data:`BOARD_PAPERS`) to print a
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
    ``faces``: optional, for a ``document`` that is one big drawing (a tiled
    board): the drawing as uncut components, so ``--format png`` and
    ``preview`` can show it (:mod:`printkit.export`); the PDFs ignore it.
    """

    name: str
    title: str
    stock: str
    components: ComponentSet | None = None
    document: Callable[[], bytes] | None = None
    count: int = 0
    faces: ComponentSet | None = None


@dataclass(frozen=True)
class GameKit:
    """The game contract: everything the engine and the CLI know of one game.

    A game's package exposes one of these and registers it in the
    ``printkit.games`` entry-point group (see :mod:`printkit.registry` and
    ``docs/adding-a-game.md``).

    ``id``: lower-case name (``out/<id>/``, the CLI's GAME); ``title``,
    ``tagline``: as the cover shows them; ``parts(options) -> [Part]``: what
    the kit prints, in print order; ``players``: (min, max, default) under the
    bundled rules; ``cover(summary, options) -> PDF bytes`` (optional; each
    summary mapping has ``title``, ``file``, ``count``, ``pages`` — as in the
    kit, blank backs included —, ``stock`` and ``backs``: printed backs?);
    ``player_range(options)``: (min, max, default) under the build's rules
    (``--rules`` may change them; default: ``players``); ``rules(path|None)``:
    loads the game's rules data (``None`` = bundled), raising
    :class:`printkit.PrintkitError` for bad data; ``options``: names in
    :data:`OPTIONAL_OPTIONS` this game uses (``"fillable"``,
    ``"board_paper"``); ``scorer(rules_path|None) -> Scorer`` (optional, see
    :class:`printkit.scoring.Scorer`); ``icons``: name → draw function
    ``(canvas, x, y, size, fill, detail)`` offered to ``printkit deck``
    layouts; ``title_art(canvas, x, y, w, h, theme)`` (optional): the game's
    title art in that box (pt), drawn on the cover.
    """

    id: str
    title: str
    tagline: str
    parts: Callable[[BuildOptions], list[Part]]
    players: tuple[int, int, int] = (1, 8, 4)  # min, max, default (bundled rules)
    cover: Callable[..., bytes] | None = None
    #: (min, max, default) players under the build's rules (``--rules`` may change them).
    player_range: Callable[[BuildOptions], tuple[int, int, int]] | None = None
    rules: Callable[[Path | None], object] | None = None
    options: frozenset[str] = frozenset()
    scorer: Callable[..., object] | None = None
    #: ``scorepad(rules_path | None) -> printkit.scorepad.PadSpec``: the game's in-browser
    #: score pad (its JavaScript scorer, input UI and rules data); ``None``: no pad.
    scorepad: Callable[..., object] | None = None
    icons: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    #: The game's title art, drawn in code: ``title_art(canvas, x, y, w, h, theme)``
    #: fills the box (x, y, w, h) in pt (the cover clips to it; see :mod:`printkit.render.cover`).
    title_art: Callable[..., None] | None = None

    def range_for(self, options: BuildOptions) -> tuple[int, int, int]:
        """(min, max, default) players under ``options``' rules."""
        return self.player_range(options) if self.player_range else self.players

    def notes(self, options: BuildOptions) -> list[str]:
        """One line per option set in ``options`` that this game does not use."""
        return [f"{typed} does not apply to {self.id}; ignored"
                for name, (typed, is_set) in OPTIONAL_OPTIONS.items()
                if is_set(options) and name not in self.options]


@dataclass
class Written:
    """Summary of one written file: path, pages, pieces."""

    path: Path
    pages: int
    pieces: int = 0


@dataclass(frozen=True)
class Step:
    """A build's progress, as :func:`build` (and :func:`render_game`) report
    it to their ``progress`` callback, always in the building process (with
    ``jobs`` > 1 too, as the workers' parts come back): a game starts
    (``done`` 0, ``name`` ``""``), then each of its ``total`` steps is
    reported once finished — every part (``name``: its file name,
    ``"<part>.pdf"``), then the cover and kit PDF (``name``:
    ``"<game>-kit.pdf"``, ``done`` = ``total``).  Games are reported one
    after the other, in build order."""

    game: str
    name: str
    done: int
    total: int


@dataclass
class BuildResult:
    """Everything a build wrote, per game."""

    files: dict[str, list[Written]] = field(default_factory=dict)
    #: One line per option that did not apply to a game (see :meth:`GameKit.notes`).
    notes: list[str] = field(default_factory=list)


def load_game(game_id: str) -> GameKit:
    """Return the :class:`GameKit` registered as ``game_id`` (see
    :func:`printkit.registry.get_game`).

    Raises :class:`printkit.UsageError` listing the registered games.
    """
    from printkit.registry import get_game

    return get_game(game_id)


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


def render_part(part: Part, options: BuildOptions, game_title: str,
                notes: list[str] | None = None) -> tuple[bytes, int]:
    """Render one part to (PDF bytes, page count), ``options.scale`` applied;
    ``notes`` receives the imposition's remarks (crop marks shortened on a
    full sheet, …)."""
    if part.components is not None:
        data, pages = render_set(
            part.components, paper=options.paper, theme=options.theme, bleed=options.bleed,
            duplex=options.duplex, back_offset=options.back_offset, game_title=game_title,
            fillable=options.fillable, rotate_backs=options.rotate_backs, notes=notes,
        )
        return unique_subset_tags(scale_pdf(data, options.scale)), pages
    data = unique_subset_tags(scale_pdf(part.document(), options.scale))
    return data, page_count(data)


@dataclass
class RenderedGame:
    """A game's kit rendered in memory, ready to write: ``parts`` as
    (file stem, pieces, PDF bytes, pages), then the assembled kit PDF.
    Plain data, so a worker process can hand it back (:func:`build`)."""

    game: str
    parts: list[tuple[str, int, bytes, int]]
    kit_pdf: bytes
    notes: list[str] = field(default_factory=list)


def _check_duplex(options: BuildOptions) -> None:
    if options.duplex not in DUPLEX_MODES:
        raise UsageError(f"--duplex: {options.duplex!r}; choose one of: {', '.join(DUPLEX_MODES)}")
    if options.rotate_backs and options.duplex == "none":
        raise UsageError("--rotate-backs: needs --duplex long or short (with none the backs are glued by hand)")


def _render_checked(kit: GameKit, part: Part, options: BuildOptions) -> tuple[bytes, int, list[str]]:
    """One part rendered and preflighted: (PDF bytes, pages, notes)."""
    notes: list[str] = []
    data, pages = render_part(part, options, kit.title, notes)
    _preflight_all([(f"{part.name}.pdf", data)], kit.id)
    return data, pages, [f"{kit.id}: {n}" for n in notes]


def _finish_game(kit: GameKit, options: BuildOptions, parts: list[Part],
                 rendered: list[tuple[bytes, int, list[str]]]) -> RenderedGame:
    """The cover and the assembled, preflighted kit PDF of ``parts``
    (rendered as (bytes, pages) in the same order)."""
    pdfs = [data for data, _, _ in rendered]
    one_sided = [not (p.components is not None and any(c.back is not None for c in p.components.components))
                 for p in parts]
    padded = options.duplex in ("long", "short")
    if kit.cover is not None:
        summary = [  # pages as in the kit: one-sided pages get a blank back when duplex
            {"title": p.title, "file": f"{p.name}.pdf", "count": p.count,
             "pages": n * (2 if padded and single else 1), "stock": p.stock, "backs": not single}
            for p, (_, n, _), single in zip(parts, rendered, one_sided)
        ]
        pdfs.insert(0, unique_subset_tags(scale_pdf(kit.cover(summary, options), options.scale)))
        one_sided.insert(0, True)
    kit_pdf = assemble(pdfs, title=f"{kit.title} — print-and-play kit", duplex=options.duplex,
                       one_sided=one_sided)
    _preflight_all([(f"{kit.id}-kit.pdf", kit_pdf)], kit.id)
    return RenderedGame(kit.id, [(p.name, p.count, data, pages) for p, (data, pages, _) in zip(parts, rendered)],
                        kit_pdf, [n for _, _, notes in rendered for n in notes])


def render_game(kit: GameKit, options: BuildOptions, progress: Callable[[Step], None] | None = None) -> RenderedGame:
    """Render every part of ``kit``, the cover and the assembled kit PDF,
    and preflight them all — nothing is written; ``progress`` receives a
    :class:`Step` as the game starts and as each part and the kit are done.
    Raises :class:`printkit.PrintkitError` on bad data or a preflight finding."""
    _check_duplex(options)
    parts = kit.parts(options)
    report = progress or (lambda step: None)
    report(Step(kit.id, "", 0, len(parts) + 1))
    rendered: list[tuple[bytes, int, list[str]]] = []
    for i, part in enumerate(parts, 1):
        interrupt.checkpoint()
        rendered.append(_render_checked(kit, part, options))
        report(Step(kit.id, f"{part.name}.pdf", i, len(parts) + 1))
    game = _finish_game(kit, options, parts, rendered)
    report(Step(kit.id, f"{kit.id}-kit.pdf", len(parts) + 1, len(parts) + 1))
    return game


def write_game(game: RenderedGame, out: Path) -> list[Written]:
    """Write a rendered game under ``out/<game>/``, all files or none: they
    are staged in a temporary folder and moved into place at the end.

    Returns the written files (the kit PDF last).  A write that fails (disk
    full, I/O error, read-only file system) raises
    :func:`printkit.pdf.cannot_write` naming the file: the staging folder is
    removed and the previous outputs of the game are left as they were.
    """
    interrupt.checkpoint()
    game_dir = out / game.game
    target: Path = game_dir  # what is being written, for the message
    try:
        game_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=game_dir))
    except OSError as exc:
        raise cannot_write(target, exc) from None
    try:
        written: list[Written] = []
        for name, count, data, pages in game.parts:
            target = game_dir / f"{name}.pdf"
            write_atomic(staging / target.name, data)
            written.append(Written(target, pages, count))
        target = game_dir / f"{game.game}-kit.pdf"
        write_atomic(staging / target.name, game.kit_pdf)
        written.append(Written(target, page_count(game.kit_pdf)))
        for w in written:
            target = w.path
            os.replace(staging / w.path.name, w.path)
    except OSError as exc:
        raise cannot_write(target, exc) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return written


def build_game(kit: GameKit, options: BuildOptions, out: Path, progress: Callable[[Step], None] | None = None) -> list[Written]:
    """Render all parts of ``kit`` and write them under ``out/<game>/``
    (:func:`render_game`, then :func:`write_game`).

    Returns the written files (the kit PDF last).  Raises
    :class:`printkit.PrintkitError` on bad data; nothing is written then.
    """
    return write_game(render_game(kit, options, progress), out)


def _preflight_all(files: list[tuple[str, bytes]], game: str) -> None:
    """Run :func:`printkit.preflight.preflight` on every output before it is
    written; raise :class:`printkit.PrintkitError` listing the findings."""
    from printkit.preflight import preflight

    findings = [f for name, data in files for f in preflight(data, source=f"{game}/{name}")]
    if findings:
        raise PrintkitError("preflight failed, nothing written:\n  " + "\n  ".join(map(str, findings)))


def check_options(kits: list[GameKit], options: BuildOptions) -> None:
    """Check the options against every game before anything is written.

    Every game's rules (``--rules`` files) are read and checked here, so a
    bad file for one game writes nothing for any.  Raises
    :class:`printkit.PrintkitError` for bad rules data and
    :class:`printkit.UsageError` (exit 2) naming every game whose player
    range (under ``options``' rules) excludes ``options.players``.
    """
    bad = []
    for kit in kits:
        lo, hi, _ = kit.range_for(options)
        if options.players is not None and not lo <= options.players <= hi:
            bad.append(f"{kit.id} ({lo}–{hi})")
    if bad:
        raise UsageError(f"--players: {options.players} is outside the player range of {', '.join(bad)}; "
                         "nothing written")


def default_jobs() -> int:
    """Worker processes :func:`build` uses by default: the CPUs this
    process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def build(game_ids: list[str], options: BuildOptions, out: Path, progress: Callable[[Step], None] | None = None,
          jobs: int | None = None) -> BuildResult:
    """Build every game in ``game_ids`` (``["all"]`` = every registered game).

    Every option is checked against every game first (:func:`check_options`),
    so a bad combination writes nothing.  With several games and ``jobs`` > 1
    (default :func:`default_jobs`), games render in parallel worker
    processes (POSIX fork); this process writes each game, in order, as soon
    as it and the games before it are ready — the same files, byte for byte,
    as one process would write, and on a failure the same games written
    (those before the failing one).  ``progress`` receives a :class:`Step`
    per game started and per part and kit done, in this process, in game
    order.  Returns what was written, with a note per option a game does
    not use.
    """
    from printkit.registry import game_ids as registered

    ids = registered() if game_ids == ["all"] else game_ids
    kits = [load_game(g) for g in ids]
    check_options(kits, options)
    check_out_dir(out)
    result = BuildResult()
    for kit in kits:
        result.notes += kit.notes(options)
    jobs = min(len(kits), jobs or default_jobs())
    if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
        rendered = _render_parallel(kits, options, jobs, progress)
    else:
        rendered = (render_game(kit, options, progress) for kit in kits)
    try:
        for kit, game in zip(kits, rendered):
            result.files[kit.id] = write_game(game, out)
            result.notes += game.notes
    finally:
        rendered.close()  # ends the workers at once when a write failed
    return result


#: What forked workers render: (kit, options, parts) per game, set just
#: before the pool forks; tasks name a game and a part by index.
_JOBS: list[tuple[GameKit, BuildOptions, list[Part]]] = []


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _worker_init() -> None:
    """A worker leaves stopping to the parent: Ctrl-C (sent to the whole
    process group) is the parent's to handle, and SIGTERM (the parent's
    ``terminate``) ends the worker at once.  The worker was forked with both
    signals blocked (:func:`_render_parallel`), so none reaches it while it
    still holds the parent's handler; they are let in once its own are set."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


def _start_pool(jobs: int):
    """A fork pool of ``jobs`` workers (:func:`_worker_init`).

    It forks with SIGINT/SIGTERM blocked: a worker inherits the mask (and so
    do the pool's helper threads, which fork any replacement), so a stop
    signal — ``terminate``'s SIGTERM included — waits until the worker has
    its own handlers instead of running this process's handler in a
    half-started worker (a traceback on stderr).  This process gets any
    signal that arrived meanwhile once the mask is restored."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        return multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_init)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _part_job(g: int, j: int) -> tuple[bytes, int, list[str]]:
    kit, options, parts = _JOBS[g]
    return _render_checked(kit, parts[j], options)


def _finish_job(g: int, rendered: list[tuple[bytes, int, list[str]]]) -> RenderedGame:
    kit, options, parts = _JOBS[g]
    return _finish_game(kit, options, parts, rendered)


def _preload_documents() -> None:
    """Import weasyprint once, before the workers fork: they share its
    pages instead of each importing it (0.6 s of parsing C declarations and
    its memory, per worker).  A failure here is left for the worker that
    renders a document to report."""
    try:
        importlib.import_module("weasyprint")
    except Exception:  # pragma: no cover - missing pango: reported where a document is rendered
        pass


def _cost(part: Part) -> float:
    """A rough rendering cost, to start the slow parts first: a weasyprint
    document costs about as much as a hundred drawn pieces."""
    return 100.0 if part.document is not None else float(part.count or 1)


def _render_parallel(kits: list[GameKit], options: BuildOptions, jobs: int, progress):
    """Yield each kit's :class:`RenderedGame` in order, rendered by ``jobs``
    forked workers.

    Every kit's parts are listed first (bad rules data fails here, before
    any work), then each part is a task (slowest first, so the workers stay
    busy to the end); a game's cover and kit PDF are a task once its parts
    are done.  ``progress`` (:class:`Step`) hears of the game being waited
    for: its start, then its parts as they come back, then its kit.  A stop
    request (Ctrl-C, SIGTERM) ends the workers and raises
    ``KeyboardInterrupt``; a worker's error is raised here.
    """
    _check_duplex(options)
    failed: dict[int, PrintkitError] = {}  # raised when the games before it are written
    _JOBS.clear()
    for g, kit in enumerate(kits):
        try:
            parts = kit.parts(options)
        except PrintkitError as exc:
            failed[g], parts = exc, []
        _JOBS.append((kit, options, parts))
    tasks = sorted(((g, j) for g, (_, _, parts) in enumerate(_JOBS) for j in range(len(parts))),
                   key=lambda t: -_cost(_JOBS[t[0]][2][t[1]]))
    if any(kit.cover is not None for kit in kits) or any(part.document for _, _, parts in _JOBS for part in parts):
        _preload_documents()
    report = progress or (lambda step: None)
    interrupt.checkpoint()
    pool = _start_pool(jobs)
    try:
        pending = {t: pool.apply_async(_part_job, t) for t in tasks}
        finishing: dict[int, Any] = {}

        def parts_of(h: int) -> list:
            return [pending[h, j] for j in range(len(_JOBS[h][2]))]

        for g in range(len(kits)):
            if g in failed:
                raise failed[g]
            total, reported = len(_JOBS[g][2]) + 1, set()
            report(Step(kits[g].id, "", 0, total))
            while True:
                interrupt.checkpoint()
                for j, r in enumerate(parts_of(g)):  # this game's failure is raised now, a later game's in its turn
                    if r.ready() and not r.successful():
                        r.get()
                    if r.ready() and j not in reported:
                        reported.add(j)
                        report(Step(kits[g].id, f"{_JOBS[g][2][j].name}.pdf", len(reported), total))
                for h in range(g, len(kits)):  # finish every game whose parts are all ready
                    if h not in finishing and h not in failed and all(r.ready() and r.successful()
                                                                      for r in parts_of(h)):
                        finishing[h] = pool.apply_async(_finish_job, (h, [r.get() for r in parts_of(h)]))
                if g in finishing and finishing[g].ready():
                    break
                time.sleep(0.005)
            game = finishing[g].get()
            report(Step(kits[g].id, f"{kits[g].id}-kit.pdf", total, total))
            yield game
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        _JOBS.clear()


__all__ = ["BuildOptions", "GameKit", "Part", "Step", "build", "build_game", "check_options", "load_game", "PrintkitError"]

"""Build kits: render every part of a game, assemble the kit PDF, write safely.

``build(["archeotrek"], options)`` writes ``<out>/<game>/<part>.pdf`` for each
part and ``<out>/<game>/<game>-kit.pdf`` (cover first, then the parts in print
order).  Files are rendered into a staging folder inside ``out`` and renamed
into place only when the whole game has rendered, so a failed build leaves no
partial PDF and the previous outputs intact.
"""

from __future__ import annotations

import errno
import gc
import os
import shutil
import signal
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from printkit import PrintkitError, UsageError, interrupt
# The game contract lives in printkit.gamekit.contract; its names stay importable from here.
from printkit.gamekit.contract import BOARD_PAPERS, OPTIONAL_OPTIONS, GameKit, kits_notes
from printkit.gamekit.options import BuildOptions, Part
from printkit.imposition import DUPLEX_MODES
from printkit.inputfiles import shown_path, why_not_a_folder
from printkit.pdf import make_folders, remove_made
from printkit.units import to_mm


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
    #: One line per option set that some games do not use, naming them, then the
    #: imposition's and documents' remarks (see :func:`printkit.gamekit.contract.kits_notes`).
    notes: list[str] = field(default_factory=list)
    #: Per game: the sheets its kit PDF prints on, per stock (:func:`paper_used`).
    sheets: dict[str, dict[str, int]] = field(default_factory=dict)


def load_game(game_id: str) -> GameKit:
    """Return the :class:`GameKit` registered as ``game_id`` (see
    :func:`printkit.registry.get_game`).

    Raises :class:`printkit.UsageError` listing the registered games.
    """
    from printkit.registry import get_game

    return get_game(game_id)


def check_out_dir(out: Path) -> list[Path]:
    """Make sure ``out`` exists (created if needed) and is writable.

    Returns the folders this call created, deepest first (see
    :func:`out_folder`): only those its own ``mkdir`` made — a folder
    another process made meanwhile is not counted.  Raises
    :class:`printkit.UsageError` naming the folder otherwise (a file, a
    dangling or looping symbolic link, an unwritable or read-only place in
    the way); the folders it made before failing are removed again.
    """
    made: list[Path] = []
    try:
        make_folders(out, made)
        if not out.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        remove_made(made)
        why = why_not_a_folder(out)
        if why is not None and why.startswith(shown_path(out) + " "):  # the folder itself: say it once
            raise UsageError(f"--out: {why}") from None
        raise UsageError(f"--out: cannot write to {shown_path(out)} ({why or exc.strerror or exc})") from None
    except BaseException:  # a stop (Ctrl-C) between two folders: none of them stays
        remove_made(made)
        raise
    return made


@contextmanager
def out_folder(out: Path, *, quiet: bool = False):
    """:func:`check_out_dir` around a run, holding ``out``'s lock
    (:func:`printkit.outlock.folder_lock`): the run waits for another
    printkit run writing into ``out`` to finish (one note on stderr unless
    ``quiet``), so the folder ends up holding one whole run's files, never
    two runs' mixed.  On the way out (an error or a stop included) the
    folders it created are removed again while still empty
    (:func:`printkit.pdf.remove_made`, before the lock is let go), so a run that writes
    nothing leaves nothing behind, and nothing that was there before is
    ever removed.  Raises :class:`printkit.UsageError` for an unusable
    ``out`` (:func:`check_out_dir`) and what :func:`~printkit.outlock.folder_lock`
    raises (waited too long: :class:`printkit.PrintkitError`; a stop while
    waiting: ``KeyboardInterrupt``)."""
    from printkit.outlock import folder_lock

    made = check_out_dir(out)
    locked = False
    try:
        # the run waited for may remove ``out`` (it made it, and wrote nothing): made again here
        with folder_lock(out, quiet=quiet, remake=lambda: made.extend(check_out_dir(out))):
            locked = True
            try:
                yield
            finally:
                remove_made(made)  # while still the only writer
    finally:
        if not locked:  # waited too long, or stopped while waiting
            remove_made(made)


def render_part(part: Part, options: BuildOptions, game_title: str,
                notes: list[str] | None = None) -> tuple[bytes, int]:
    """Render one part to (PDF bytes, page count), ``options.scale`` applied;
    ``notes`` receives the imposition's remarks (crop marks shortened on a
    full sheet, …) and a line for a document longer than it was laid out for
    (:data:`printkit.render.documents.LAYOUT_NOTES`).  Raises
    :class:`printkit.imposition.DoesNotFit` naming the game and part when a
    piece does not fit the paper inside its printer margin."""
    from printkit.pdf import page_count, scale_pdf, unique_subset_tags
    from printkit.render.sheets import render_set

    if part.components is not None:
        from printkit.imposition import DoesNotFit

        drawn: list = []
        try:
            data, pages = render_set(
                part.components, paper=options.paper, theme=options.theme, bleed=options.bleed,
                duplex=options.duplex, back_offset=options.back_offset, game_title=game_title,
                fillable=options.fillable, rotate_backs=options.rotate_backs, notes=notes, sheets_out=drawn,
            )
        except DoesNotFit as exc:  # which part, of which game
            raise DoesNotFit(f"{game_title}: {part.components.title}: {exc}") from None
        if notes is not None:
            notes.extend(margin_note(part.components.title, options.paper, len(drawn),
                                     imposed_sheets(list(part.components.components), options)))
        return unique_subset_tags(scale_pdf(data, options.scale)), pages
    from printkit.render import documents

    documents.LAYOUT_NOTES.clear()
    data = unique_subset_tags(scale_pdf(part.document(), options.scale))
    if notes is not None:  # a document its theme pushed past its pages: never silently
        notes.extend(f"{part.title}: {line}" for line in documents.LAYOUT_NOTES)
    documents.LAYOUT_NOTES.clear()
    return data, page_count(data)


def margin_note(title: str, paper, wide: int, sheets_at: Callable[[Any], int]) -> list[str]:
    """One note when the printer margin of ``paper`` (``--printer-margin``),
    wider than the default :data:`printkit.paper.PRINTER_MARGIN` (5 mm), leaves room for fewer pieces per sheet, so
    ``title``'s pieces take more sheets: how many, and how many at 5 mm
    (never a silent rise in card stock).  ``wide``: the sheets the pieces
    were drawn on (on ``paper``); ``sheets_at(paper)``: the sheets they take
    on a paper, asked of the same paper at 5 mm.  Empty otherwise."""
    from printkit.paper import PRINTER_MARGIN, paper_label

    if not paper.wide_margin:
        return []
    plain = sheets_at(paper.at_default_margin())
    if wide <= plain:
        return []
    return [f"{title}: {wide} sheets — the {to_mm(paper.margin):g} mm printer margin leaves room "
            f"for fewer pieces per {paper_label(paper.name)} sheet ({plain} with {to_mm(PRINTER_MARGIN):g} mm)"]


def imposed_sheets(components: list, options: BuildOptions) -> Callable[[Any], int]:
    """``sheets_at`` for :func:`margin_note`: the sheets ``components`` take
    on a paper under ``options`` (:func:`printkit.imposition.impose`)."""
    from printkit.imposition import impose

    return lambda paper: len(impose(components, paper, options.bleed, options.duplex, options.back_offset,
                                    options.rotate_backs))


@dataclass
class RenderedGame:
    """A game's kit rendered in memory, ready to write: ``parts`` as
    (file stem, pieces, PDF bytes, pages), then the assembled kit PDF.
    Plain data, so a worker process can hand it back (:func:`build`)."""

    game: str
    parts: list[tuple[str, int, bytes, int]]
    kit_pdf: bytes
    notes: list[str] = field(default_factory=list)
    #: Sheets of paper or card the kit PDF prints on, per stock (:func:`paper_used`).
    sheets: dict[str, int] = field(default_factory=dict)
    #: Pages of ``kit_pdf`` (``None``: count them when writing).
    kit_pages: int | None = None
    #: The cover's PDF as preflighted (``None``: the game has no cover), kept
    #: with the kit in the kit cache (:mod:`printkit.kitcache`).
    cover: bytes | None = None


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
    """The cover (preflighted) and the kit PDF assembled from it and
    ``parts`` (rendered and preflighted as (bytes, pages) in the same order)."""
    from printkit.pdf import assemble_counted, scale_pdf, unique_subset_tags

    pdfs = [data for data, _, _ in rendered]
    one_sided = [not (p.components is not None and any(c.back is not None for c in p.components.components))
                 for p in parts]
    padded = options.duplex in ("long", "short")
    if kit.cover is not None:
        summary = [  # pages as in the kit: one-sided pages get a blank back when duplex
            {"title": p.title, "file": f"{p.name}.pdf", "count": p.count,
             "pages": n * (2 if padded and single else 1), "stock": p.stock, "backs": not single,
             **({"contents": [list(row) for row in p.contents]} if p.contents else {})}
            for p, (_, n, _), single in zip(parts, rendered, one_sided)
        ]
        cover = unique_subset_tags(scale_pdf(kit.cover(summary, options), options.scale))
        _preflight_all([("cover.pdf", cover)], kit.id)  # the one page of the kit not checked as a part
        pdfs.insert(0, cover)
        one_sided.insert(0, True)
    # The kit is the preflighted parts and cover, page for page (pypdf copies each page with its
    # boxes, fonts and form fields; blank backs are plain pages): it is not checked again.
    kit_pdf, kit_pages = assemble_counted(pdfs, title=f"{kit.title} — print-and-play kit", duplex=options.duplex,
                                          one_sided=one_sided)
    return RenderedGame(kit.id, [(p.name, p.count, data, pages) for p, (data, pages, _) in zip(parts, rendered)],
                        kit_pdf, [n for _, _, notes in rendered for n in notes],
                        paper_used([(p.stock, n, not single) for p, (_, n, _), single
                                    in zip(parts, rendered, one_sided[1 if kit.cover is not None else 0:])],
                                   options.duplex, cover=kit.cover is not None), kit_pages,
                        pdfs[0] if kit.cover is not None else None)


def paper_used(parts: list[tuple[str, int, bool]], duplex: str, *, cover: bool = True) -> dict[str, int]:
    """Sheets the kit prints on, per stock (:func:`printkit.render.cover.short_stock`),
    in order of first use: ``parts`` as (stock, pages, printed backs?).  A part
    with backs printed duplex (``long``/``short``) takes a sheet per two pages;
    any other page takes a sheet of its own (``none``: fronts and backs are
    glued).  ``cover``: the kit starts with a cover on plain paper."""
    from printkit.render.cover import COVER_STOCK, short_stock

    sheets: dict[str, int] = {}
    for stock, pages, backs in ([(COVER_STOCK, 1, False)] if cover else []) + parts:
        n = pages // 2 if backs and duplex in ("long", "short") else pages
        sheets[short_stock(stock)] = sheets.get(short_stock(stock), 0) + n
    return sheets


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

    Returns the written files (the kit PDF last); a signal during the final
    renames is acted on once they are all done.  A write that fails (disk
    full, I/O error, read-only file system) raises
    :func:`printkit.pdf.cannot_write` naming the file: the staging folder is
    removed and the previous outputs of the game are left as they were.
    A symbolic link at ``out/<game>`` is refused the same way (nothing
    written): the files would land wherever it leads, outside the folder the
    user named (``--out`` itself may be a link: the user named it).  A
    failed write (or a stop) removes ``out/<game>`` again when this call made
    it and it is still empty (:func:`printkit.pdf.remove_if_made`).
    """
    from printkit.pdf import (cannot_write, page_count, refuse_linked_folder, remove_if_made, staging_folder,
                              sweep_stale, write_atomic)

    interrupt.checkpoint()
    game_dir = out / game.game
    target: Path = game_dir  # what is being written, for the message
    refuse_linked_folder(game_dir)
    made = not os.path.lexists(game_dir)
    done = False
    try:
        game_dir.mkdir(parents=True, exist_ok=True)
        sweep_stale(game_dir)  # a killed run's leftovers
        staging = staging_folder(game_dir)
    except OSError as exc:
        remove_if_made(game_dir, made)
        raise cannot_write(target, exc) from None
    except BaseException:
        remove_if_made(game_dir, made)
        raise
    try:
        written: list[Written] = []
        for name, count, data, pages in game.parts:
            target = game_dir / f"{name}.pdf"
            write_atomic(staging / target.name, data)
            written.append(Written(target, pages, count))
        target = game_dir / f"{game.game}-kit.pdf"
        write_atomic(staging / target.name, game.kit_pdf)
        written.append(Written(target, game.kit_pages if game.kit_pages is not None else page_count(game.kit_pdf)))
        with interrupt.held():  # a second Ctrl-C waits for the last rename: one kit, never half old, half new
            for w in written:
                target = w.path
                os.replace(staging / w.path.name, w.path)
        done = True
    except OSError as exc:
        raise cannot_write(target, exc) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if not done:
            remove_if_made(game_dir, made)
    return written


def build_game(kit: GameKit, options: BuildOptions, out: Path, progress: Callable[[Step], None] | None = None) -> list[Written]:
    """Render all parts of ``kit`` and write them under ``out/<game>/``
    (:func:`render_game`, then :func:`write_game`).

    Returns the written files (the kit PDF last).  Raises
    :class:`printkit.PrintkitError` on bad data; nothing is written then.
    The write holds ``out``'s lock (:func:`out_folder`: it waits for another
    printkit run writing there, a note on stderr).
    """
    game = render_game(kit, options, progress)
    with out_folder(out):
        return write_game(game, out)


def _preflight_all(files: list[tuple[str, bytes]], game: str) -> None:
    """Run :func:`printkit.preflight.preflight` on every output before it is
    written — bytes found clean by the same preflight in an earlier build are
    not checked again (:func:`printkit.preflight.preflight_remembered`) —;
    raise :class:`printkit.PrintkitError` listing the findings."""
    from printkit.preflight import preflight_remembered

    findings = [f for name, data in files for f in preflight_remembered(data, source=f"{game}/{name}")]
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
          jobs: int | None = None, *, quiet: bool = False) -> BuildResult:
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
    not use.  A game built before from the very same inputs is written
    from the kit cache (:mod:`printkit.kitcache`: the same bytes, the same
    progress steps and notes) without rendering; each game rendered is
    stored there.  The whole build holds ``out``'s lock (:func:`out_folder`):
    it first waits for another printkit run writing into ``out`` (a note on
    stderr unless ``quiet``).
    """
    from printkit.registry import game_ids as registered

    ids = registered() if game_ids == ["all"] else game_ids
    kits = [load_game(g) for g in ids]
    check_options(kits, options)
    with out_folder(out, quiet=quiet):  # a failure or a stop leaves no new empty folder
        result = BuildResult(notes=kits_notes(kits, options))
        from printkit import kitcache

        # A kit built before from the very same inputs (printkit.kitcache) is written from the
        # cache; only the others are rendered.
        keys = kitcache.kit_keys(kits, options)
        stored = [kitcache.lookup(key) for key in keys]
        missing = [kit for kit, hit in zip(kits, stored) if hit is None]
        jobs = min(len(missing), jobs or default_jobs())

        with fewer_collections():
            made = None
            if jobs > 1:
                import multiprocessing  # here: a deck, which builds no kit, does not load it

                if "fork" in multiprocessing.get_all_start_methods():
                    made = _render_parallel(missing, options, jobs, progress)
            if made is None:
                made = (render_game(kit, options, progress) for kit in missing)

            def games():
                for kit, key, hit in zip(kits, keys, stored):
                    if hit is not None:
                        yield _from_cache(kit, hit, progress)
                        continue
                    game = next(made)
                    kitcache.store(key, kitcache.CachedKit(game.parts, game.cover, game.kit_pdf, game.kit_pages,
                                                           game.notes, game.sheets))
                    yield game

            rendered = games()
            try:
                for kit, game in zip(kits, rendered):
                    result.files[kit.id] = write_game(game, out)
                    result.sheets[kit.id] = game.sheets
                    result.notes += game.notes
            finally:
                rendered.close()
                made.close()  # ends the workers at once when a write failed
        return result


def _from_cache(kit: GameKit, hit, progress: Callable[[Step], None] | None) -> RenderedGame:
    """The :class:`RenderedGame` of a kit found in the kit cache
    (:class:`printkit.kitcache.CachedKit`): the bytes a render of the same
    inputs made and the preflight found clean; ``progress`` hears of the
    game, each part and the kit as a render reports them."""
    interrupt.checkpoint()
    report = progress or (lambda step: None)
    total = len(hit.parts) + 1
    report(Step(kit.id, "", 0, total))
    for i, (name, _, _, _) in enumerate(hit.parts, 1):
        report(Step(kit.id, f"{name}.pdf", i, total))
    report(Step(kit.id, f"{kit.id}-kit.pdf", total, total))
    return RenderedGame(kit.id, hit.parts, hit.kit_pdf, list(hit.notes), dict(hit.sheets), hit.kit_pages, hit.cover)


#: Allocations between two collections of Python's youngest generation while
#: a build renders (Python's default: 700).
GC_THRESHOLD = 10_000


@contextmanager
def fewer_collections():
    """Run the block with the cyclic garbage collector's first threshold at
    :data:`GC_THRESHOLD` (the others as they were), then put it back.

    A build allocates millions of short-lived objects (layout boxes, PDF
    objects, drawing operators), nearly all freed by reference counting;
    at Python's default of 700 the collector ran about 680 times in a
    four-game build and took 11 % of its CPU time (0.46 s of 4.2 s), at
    10,000 about 90 times and 0.2 s, with the same peak memory (cycles
    are still collected, in fewer, larger passes).  Forked workers inherit
    the setting.  Nothing rendered depends on when a collection runs."""
    previous = gc.get_threshold()
    gc.set_threshold(max(previous[0], GC_THRESHOLD), *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


#: What forked workers render: (kit, options, parts) per game, set just
#: before the pool forks; tasks name a game and a part by index.
_JOBS: list[tuple[GameKit, BuildOptions, list[Part]]] = []


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
#: Seconds between two looks at a stop request while the workers render.
_STOP_POLL = 0.1


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
    import multiprocessing

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


#: Modules every worker needs, imported once before the workers fork so they
#: share them instead of each importing them again (pypdf alone, with the
#: ``cryptography`` it loads, is about 0.3 s of CPU per process).
_WORKER_MODULES = ("pypdf", "pypdf.generic", "pypdf.filters", "pikepdf", "printkit.pdf", "printkit.preflight",
                   "printkit.render.sheets", "printkit.render.cover")


def _preload(documents: bool) -> None:
    """Import what the workers will need once, before they fork
    (:data:`_WORKER_MODULES`; with ``documents``, weasyprint too): they share
    those pages instead of each importing them.  Weasyprint (0.6 s of parsing
    C declarations and its memory, per worker) is left out when the document
    cache holds entries (:func:`printkit.render.doccache.warm`): a repeat
    build lays out no document, and a worker that meets one not in the cache
    imports weasyprint itself.  A failure here is left for the worker that
    needs the module to report."""
    import importlib

    for name in _WORKER_MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # pragma: no cover - reported by the worker that uses it
            pass
    if not documents:
        return
    from printkit.render import doccache

    doccache.prime()  # the library versions in every document's cache key
    if doccache.warm():
        return
    try:
        from printkit.render.documents import _weasyprint

        _weasyprint()  # without the compiler probes (render.documents._import_weasyprint_quickly)
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
    _preload(any(kit.cover is not None for kit in kits) or any(part.document for _, _, parts in _JOBS for part in parts))
    report = progress or (lambda step: None)
    interrupt.checkpoint()
    # The objects alive now (modules, kits, fonts) are never garbage: kept out of every
    # collection, the workers' collector neither walks them nor writes to their pages, so
    # those pages stay shared with this process instead of being copied into each worker.
    gc.freeze()
    try:
        pool = _start_pool(jobs)
    finally:
        gc.unfreeze()
    woken = threading.Event()  # set as any task ends: the loop below sleeps until then

    def wake(_result=None) -> None:
        woken.set()

    def submit(func, args):
        return pool.apply_async(func, args, callback=wake, error_callback=wake)

    try:
        pending = {t: submit(_part_job, t) for t in tasks}
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
                woken.clear()  # before looking: a task ending from here on wakes the wait below
                for j, r in enumerate(parts_of(g)):  # this game's failure is raised now, a later game's in its turn
                    if r.ready() and not r.successful():
                        r.get()
                    if r.ready() and j not in reported:
                        reported.add(j)
                        report(Step(kits[g].id, f"{_JOBS[g][2][j].name}.pdf", len(reported), total))
                for h in range(g, len(kits)):  # finish every game whose parts are all ready
                    if h not in finishing and h not in failed and all(r.ready() and r.successful()
                                                                      for r in parts_of(h)):
                        finishing[h] = submit(_finish_job, (h, [r.get() for r in parts_of(h)]))
                if g in finishing and finishing[g].ready():
                    break
                # Sleep until a task ends; the timeout bounds how long a stop request (a
                # signal only sets a flag, see printkit.interrupt) waits to be seen.
                woken.wait(_STOP_POLL)
            game = finishing[g].get()
            report(Step(kits[g].id, f"{kits[g].id}-kit.pdf", total, total))
            yield game
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        _JOBS.clear()


__all__ = ["BOARD_PAPERS", "OPTIONAL_OPTIONS", "BuildOptions", "GameKit", "Part", "Step", "build", "build_game", "check_options", "load_game", "PrintkitError"]

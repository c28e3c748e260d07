"""printkit's command line: thin click commands over the Python API.

Exit codes: 0 success, 1 invalid input (bad data, invalid game file) or a
failed write (disk full, I/O error, read-only file system: earlier outputs
are left intact), 2 usage (unknown game, bad option value, unwritable --out).
Errors are one clear line on stderr, never a traceback.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from pathlib import Path

import click

from printkit import PrintkitError, UsageError, interrupt
from printkit.inputfiles import escape_display
from printkit.cli_types import (
    BLEED,
    BOARD_PAPER,
    DUPLEX,
    OFFSET,
    PAPER,
    PLAYERS,
    PRINTER_MARGIN,
    SCALE,
)
from printkit.units import mm, parse_length, to_mm


#: A write that failed for lack of room or a broken device, not for bad input.
_WRITE_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EROFS, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}


def _write_failed(exc: OSError) -> None:
    """One line for a write the system refused (standard output included:
    ``printkit score … > /dev/full``), exit 1."""
    where = exc.filename or "standard output"
    if exc.filename is None:  # stdout: drop what is still buffered so the exit flush cannot fail again
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):  # no real file descriptor (a test runner)
            pass
    try:
        click.echo(f"printkit: {escape_display(str(where))}: cannot write ({exc.strerror or exc}); "
                   "earlier outputs are intact", err=True)
    except OSError:
        pass
    sys.exit(1)


class _ClosedStdout(io.RawIOBase):
    """Standard output for a printkit started with it closed (``printkit … >&-``,
    so ``sys.stdout`` is ``None``): every write fails, so what a command
    prints is one line and exit 1 (:func:`_write_failed`), not a traceback nor
    a result printed nowhere with exit 0.  ``lossy``: standard error closed
    (``2>&-``) — every write is dropped instead: a build's notes and progress
    going nowhere do not stop it (its outputs and exit code are its own)."""

    def __init__(self, lossy: bool = False) -> None:
        super().__init__()
        self.lossy = lossy

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        if not len(data) or self.lossy:
            return len(data)
        raise OSError(errno.EBADF, "it is closed")


def _closed_stdout(lossy: bool = False):
    """A text stream over :class:`_ClosedStdout` (click finds its binary side too)."""
    return io.TextIOWrapper(_ClosedStdout(lossy), encoding="utf-8", write_through=True)


class _PatientStdout(io.RawIOBase):
    """Standard output left non-blocking (O_NONBLOCK) by whoever started
    printkit: Python's writers then keep what the pipe takes at once and drop
    the rest without an error (64 kB of a 150 kB score pad, exit 0).  This raw
    writer waits for room instead (0.1 s at a time, a stop request honoured).
    ``lossy`` (standard error): a write the system refuses — a full device
    (``2>/dev/full``), a closed pipe, an I/O error, a descriptor not open for
    writing — is dropped, not raised: notes and progress that cannot be shown
    do not stop the command, whose exit code stays its own."""

    def __init__(self, fd: int, lossy: bool = False) -> None:
        super().__init__()
        self._fd = fd
        self.lossy = lossy

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data) -> int:
        while True:
            try:
                return os.write(self._fd, data)
            except BlockingIOError:
                interrupt.wait_ready(self._fd, write=True)
            except OSError:
                if not self.lossy:
                    raise
                return len(data)


def _patient_stdout(stream=None, lossy: bool = False):
    """A text stream like ``stream`` (default ``sys.stdout``) over
    :class:`_PatientStdout` when it is non-blocking — or, ``lossy``
    (standard error), always — else ``None`` (nothing to change)."""
    stream = sys.stdout if stream is None else stream
    try:
        import fcntl

        fd = stream.fileno()
        if not lossy and not fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_NONBLOCK:
            return None
    except Exception:  # noqa: BLE001 - no fcntl, no descriptor (a test runner's capture): as it is
        return None
    try:
        stream.flush()
    except (OSError, ValueError):
        if not lossy:
            return None
    return io.TextIOWrapper(io.BufferedWriter(_PatientStdout(fd, lossy)), encoding=stream.encoding,
                            errors=stream.errors, line_buffering=stream.line_buffering or lossy,
                            write_through=lossy)


def _keep_closed(fd: int) -> None:
    """Put ``/dev/null`` on the descriptor ``fd`` (1 or 2) when printkit was
    started with it closed (``>&-``, ``2>&-``): else the next file opened
    (an output PDF) would get that number, and whatever a library writes to
    standard output or error (GLib's and fontconfig's warnings) would land
    in it."""
    try:
        os.fstat(fd)
        return  # open (maybe by a file of this process): left alone
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
    except OSError:
        pass


def _stdout_unwritable() -> bool:
    """Standard output cannot be written at all: closed at start
    (:func:`_closed_stdout`) or a descriptor opened for reading only
    (``printkit … 1<file``, every write EBADF)."""
    if isinstance(getattr(sys.stdout, "buffer", None), _ClosedStdout):
        return True
    try:
        import fcntl

        return fcntl.fcntl(sys.stdout.fileno(), fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY
    except Exception:  # noqa: BLE001 - no fcntl, no descriptor (a test runner): not known to be unwritable
        return False


def _is_output_encoding(exc: UnicodeEncodeError) -> bool:
    """``exc`` came from writing to standard output or error (its codec is theirs)."""
    import codecs

    def norm(name):
        try:
            return codecs.lookup(name).name
        except (LookupError, TypeError):
            return None

    codec = norm(exc.encoding)
    return codec is not None and codec in {norm(getattr(s, "encoding", None)) for s in (sys.stdout, sys.stderr)}


def _interrupted() -> None:
    click.echo("printkit: interrupted; earlier outputs are intact, nothing partial was written", err=True)
    sys.exit(130)


#: Latest SOURCE_DATE_EPOCH accepted: 9999-12-31T23:59:59Z (PDF dates have four-digit years).
MAX_EPOCH = 253402300799


def check_source_date_epoch() -> None:
    """``SOURCE_DATE_EPOCH`` (reproducible builds: the date written into
    outputs), when set, must be a whole number of seconds since 1970-01-01
    UTC, 0 to :data:`MAX_EPOCH`; raises :class:`printkit.UsageError` (exit 2)
    otherwise, before any library reads it (reportlab and fontTools fail
    with a traceback on ``abc`` or ``1e20``)."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value is None or value == "":
        return
    ok = value.isascii() and value.isdigit() and len(value) <= 12 and int(value) <= MAX_EPOCH
    if not ok:
        from printkit.inputfiles import show

        raise UsageError(f"SOURCE_DATE_EPOCH: {show(value)} is not a whole number of seconds since "
                         f"1970-01-01 UTC (0 to {MAX_EPOCH}); set it to one, e.g. $(date +%s), or unset it")


def _encoding_failed(exc: UnicodeEncodeError) -> None:
    """One line when standard output's encoding (PYTHONIOENCODING, the
    locale) cannot write a character printkit prints, exit 1; nothing is
    written in its place (a game file with a changed name would be wrong)."""
    bad = exc.object[exc.start:exc.end] if isinstance(exc.object, str) else "?"
    code = " ".join(f"U+{ord(c):04X}" for c in bad[:3])
    enc = getattr(sys.stdout, "encoding", None) or exc.encoding
    try:
        sys.stderr.write(f"printkit: standard output is {enc} and cannot write {code}; set "
                         "PYTHONIOENCODING=utf-8 (or a UTF-8 locale), or write to a file with -o\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    sys.exit(1)


def _safe_stderr() -> None:
    """Messages on stderr never fail for their characters: what its encoding
    cannot write is shown as ``\\uXXXX`` (file names, player names)."""
    try:
        sys.stderr.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError, OSError):  # not a TextIOWrapper (a test runner's capture)
        pass


class PrintkitCLI(click.Group):
    """A click group that turns errors into one line and the right exit code."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        previous = interrupt.install()
        _safe_stderr()
        closed = sys.stdout is None  # started with standard output closed (>&-)
        before, before_err = sys.stdout, sys.stderr
        if closed:
            _keep_closed(1)
            sys.stdout = _closed_stdout()
        else:
            sys.stdout = _patient_stdout() or sys.stdout  # non-blocking: wait for room, drop nothing
        if sys.stderr is None:  # started with standard error closed (2>&-): notes go nowhere, the run goes on
            _keep_closed(2)
            sys.stderr = _closed_stdout(lossy=True)
        else:  # a full or broken standard error (2>/dev/full) drops what it cannot take
            sys.stderr = _patient_stdout(sys.stderr, lossy=True) or sys.stderr
        try:
            return self._run(args, prog_name, complete_var, **extra)
        finally:
            interrupt.restore(previous)
            for stream, was in ((sys.stdout, before), (sys.stderr, before_err)):
                if stream is not was and stream is not None:
                    try:
                        stream.flush()
                    except (OSError, ValueError):
                        pass
            sys.stdout, sys.stderr = before, before_err

    def _run(self, args, prog_name, complete_var, **extra):
        try:
            check_source_date_epoch()
            rv = super().main(args, prog_name or "printkit", complete_var, standalone_mode=False, **extra)
            if interrupt.requested():  # the stop came after the last checkpoint: the work is done and written
                click.echo("printkit: interrupted as the command finished; everything it reported above was "
                           "written whole", err=True)
                sys.exit(130)
            sys.stdout.flush()  # a full disk behind stdout is reported here, not at exit
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except click.UsageError as exc:
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
            click.echo(f"printkit: {exc.format_message()}{hint}", err=True)
            sys.exit(2)
        except UsageError as exc:
            click.echo(f"printkit: {exc}", err=True)
            sys.exit(2)
        except PrintkitError as exc:
            click.echo(f"printkit: {escape_display(str(exc))}", err=True)  # one line, always
            sys.exit(1)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except (click.exceptions.Abort, KeyboardInterrupt):
            _interrupted()
        except OSError as exc:
            if exc.errno not in _WRITE_ERRNOS and not (exc.errno == errno.EBADF and _stdout_unwritable()):
                raise
            _write_failed(exc)
        except UnicodeEncodeError as exc:
            if not _is_output_encoding(exc):
                raise
            _encoding_failed(exc)
        except Exception:
            if interrupt.requested():  # a second signal broke a library mid-way: still a clean stop
                _interrupted()
            raise
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=PrintkitCLI, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit")
def main() -> None:
    """Print-and-play kits and scorers for archaeology-themed tabletop games.

    \b
    printkit games                     list the bundled games and their components
    printkit build all                 write every kit to output/
    printkit build archeotrek --paper letter --players 5 --duplex short
    printkit themes                    list the themes --theme finds, and where
    printkit new-theme mine            write themes/mine/ to edit; --theme mine
    """


@main.command()
@click.option("--rules", "rules_dir", default=None, type=click.Path(path_type=Path),
              help="Folder of <game>.toml files (house rules): list the games as they make them.")
def games(rules_dir: Path | None = None) -> None:
    """List the registered games (bundled and plug-ins), their components and counts
    (under --rules DIR: the players, components and counts of DIR's rules files)."""
    from dataclasses import replace

    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper
    from printkit.registry import game_ids, get_game
    from printkit.rules import bundled_rules_note, check_rules_dir

    check_rules_dir(rules_dir)
    classic = []  # the default theme, loaded only for a plug-in without a catalogue (it builds its parts)
    failed = 0
    for game_id in game_ids():  # the registry's games, in its order: a broken plug-in is its own line
        try:
            kit = get_game(game_id)
            if kit.catalogue is None and not classic:
                from printkit.theme import load_theme

                classic.append(load_theme("classic"))
            opts = BuildOptions(paper=get_paper("a4"), theme=classic[0] if kit.catalogue is None else None,
                                players=kit.players[2], rules_dir=rules_dir)
            title, (lo, hi, default) = kit.title, kit.players
            house = rules_dir is not None and bundled_rules_note(kit.id, rules_dir) is None
            if house:  # the house file's title and player range, its default count of player sheets
                lo, hi, default = kit.range_for(opts)
                if kit.rules is not None:
                    title = getattr(kit.rules(opts.rules_file(kit.id)), "title", title)
                opts = replace(opts, players=default)
            head = f"{kit.id}: {title} ({lo}–{hi} players)"
            rows = kit.listing(opts)
        except PrintkitError as exc:
            failed += 1
            click.echo(f"printkit: {escape_display(str(exc))}", err=True)
            continue
        click.echo(head)
        for part in rows:
            count = f"{part.count} × " if part.count else ""
            click.echo(f"  {part.name:<20} {count}{part.title}  [{part.stock}]")
        note = bundled_rules_note(kit.id, rules_dir)
        if note:
            click.echo(f"note: {note}", err=True)
    if failed:
        sys.exit(1)


def _refuse_findings(pdf: bytes, name: str) -> None:
    """Preflight ``pdf`` before it is written; raise listing every finding."""
    from printkit.preflight import preflight

    findings = preflight(pdf, source=name)
    if findings:
        raise PrintkitError("preflight failed, nothing written:\n  " + "\n  ".join(map(str, findings)))


def _back_offset(text) -> tuple[float, float]:
    """``--back-offset`` X,Y in mm → (x, y) pt (:data:`printkit.cli_types.OFFSET`)."""
    return OFFSET.convert(text, None, None)


def _scale(text) -> tuple[float, float]:
    """``--scale`` → (sx, sy) factors (:data:`printkit.cli_types.SCALE`)."""
    return SCALE.convert(text, None, None)


def _scale_note(scale: tuple[float, float], rotate_backs: bool) -> str:
    """The summary's words for the printer corrections (empty when none)."""
    out = ", backs turned 180°" if rotate_backs else ""
    if scale != (1.0, 1.0):
        out += f", scale {scale[0] * 100:.2f} % × {scale[1] * 100:.2f} %"
    return out


def _check_rotate(rotate_backs: bool, duplex: str) -> None:
    if rotate_backs and duplex == "none":
        raise UsageError("--rotate-backs: needs --duplex long or short (with none the backs are glued by hand)")


_ROTATE_HELP = "Turn every backs page 180° (printers that print backs upside down; see duplex-test)."
_SCALE_HELP = ("X,Y: print at X % across, Y % up (e.g. 99.6%,100.2%) or give the 50 mm bars' measured "
               "lengths (e.g. 50.2mm,49.9mm).")


_QUIET_TAIL = (" still show on stderr, the --format exports' notes do not (errors always do). "
               "Without it, progress goes to stderr: a bar on a terminal, one line per step otherwise.")
_QUIET_HELP = ("Show no progress and no list of what was written; the PDFs' notes (and options a game "
               "ignores)" + _QUIET_TAIL)
_DECK_QUIET_HELP = "Show no progress and no list of what was written; the PDF's notes" + _QUIET_TAIL


_FORMAT = click.option(
    "--format", "formats", multiple=True, metavar="FORMAT",
    help="pdf (default), png, tts, cut, preview or shop:tgc / shop:dtc / shop:mpc; repeat or comma-separate "
         "for several (see README, 'Every way out').")


def _printer_margin_option(also: str = ""):
    return click.option(
        "--printer-margin", type=PRINTER_MARGIN, default="5mm", show_default=True,
        help=f"Your printer's unprintable edge (3–6.35 mm on most): crop marks and footers{also} stay inside it.")


_PRINTER_MARGIN = _printer_margin_option()
#: build's: its documents keep their text inside the margin too (templates/classic/base.css)
_BUILD_PRINTER_MARGIN = _printer_margin_option(
    ", and the text of the cover, rules pages and boards (a rules page's margins widen),")


_SCALE = click.option("--scale", "scale", type=SCALE, default="100%,100%", show_default=True, help=_SCALE_HELP)


_THEME = click.option(
    "--theme", "theme_name", default="classic", show_default=True, metavar="NAME|PATH",
    help="A theme name, looked for in ./themes/NAME, your config folder's themes/NAME, then the bundled "
         "themes (see 'printkit themes'); or the path of a theme folder (holding a theme.toml).")


def _with_margin(paper_name: str, margin: float | str):
    """The paper called ``paper_name`` with ``--printer-margin`` ``margin``
    (pt, or the text typed: 0–15 mm, see :data:`printkit.cli_types.PRINTER_MARGIN`);
    :class:`printkit.UsageError` otherwise."""
    from dataclasses import replace

    from printkit.paper import get_paper

    margin = PRINTER_MARGIN.convert(margin, None, None) if isinstance(margin, str) else margin
    return replace(get_paper(paper_name), margin=margin)


def complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion of a GAME argument: the registered game ids (and
    ``all`` for ``build``) that start with what is typed.  Only the entry
    points are read, no game is imported, so a Tab press stays quick."""
    from click.shell_completion import CompletionItem

    from printkit.registry import game_ids

    ids = game_ids() + (["all"] if ctx.command.name == "build" else [])
    return [CompletionItem(g) for g in ids if g.startswith(incomplete)]


@main.command()
@click.argument("game", shell_complete=complete_game)
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="a4, letter or universal (fits both).")
@click.option("--players", type=PLAYERS, default=None,
              help="Player sheets to print, in a game whose kit has one per player (default: its rules'); "
                   "other games print their usual kit, with a note.")
@click.option("--duplex", type=DUPLEX, default="long", show_default=True, help="long, short or none (single-sided).")
@click.option("--back-offset", type=OFFSET, default="0,0", show_default=True,
              help="X,Y in mm: move backs right/up to match your printer.")
@click.option("--bleed", type=BLEED, default="3mm", show_default=True, help="Bleed length, e.g. 3mm, 0.125in, 0mm.")
@_THEME
@click.option("--fillable", is_flag=True, help="Add form fields to player sheets (fill on screen).")
@click.option("--rules", "rules_dir", default=None, type=click.Path(path_type=Path),
              help="Folder of <game>.toml files overriding the bundled rules data.")
@click.option("--board-paper", type=BOARD_PAPER, default=None, help="a3, a2 or tabloid: print a game board on one large sheet "
              "(default: tiled over --paper pages).")
@click.option("--out", default="output", show_default=True, type=click.Path(file_okay=False, path_type=Path),
              help="Output folder; PDFs go to OUT/<game>/.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=None,
              help="Games rendered at once with 'all' (default: one per CPU). Same files either way.")
@_BUILD_PRINTER_MARGIN
@click.option("--rotate-backs", is_flag=True, help=_ROTATE_HELP)
@_SCALE
@click.option("--quiet", "-q", is_flag=True, help=_QUIET_HELP)
@_FORMAT
def build(game, paper, players, duplex, back_offset, bleed, theme_name, fillable, board_paper, out,
          rules_dir=None, jobs=None, printer_margin=mm(5), rotate_backs=False, scale=(1.0, 1.0),
          quiet=False, formats=()) -> None:
    """Build the print-and-play kit of GAME (or 'all').

    Writes OUT/<game>/<component>.pdf and OUT/<game>/<game>-kit.pdf, then
    lists them on stdout; progress (per game, part by part) goes to stderr.
    Other formats go to OUT/<game>/<format>/.
    """
    from printkit.build import BuildOptions, load_game
    from printkit.theme import load_theme

    from printkit.export import parse_formats

    fmts = parse_formats(formats)
    if game.lower() == "all":
        game = "all"
    else:
        from printkit.registry import resolve_game

        game = resolve_game(game)  # an id or a title, any case
        load_game(game)
    _check_rotate(rotate_backs, duplex)
    options = BuildOptions(
        paper=_with_margin(paper, printer_margin), theme=load_theme(theme_name), players=players, duplex=duplex,
        back_offset=back_offset, bleed=bleed, fillable=fillable, board_paper=board_paper, rules_dir=rules_dir,
        rotate_backs=rotate_backs, scale=scale,
    )
    from printkit.rules import check_rules_dir

    check_rules_dir(rules_dir)
    if fmts == ["pdf"]:
        result = _build_pdfs(game, options, out, jobs, quiet)
    elif "pdf" not in fmts:
        _build_exports(game, options, out, fmts, quiet)
        return
    else:  # the exports, then the PDFs: one hold of --out for both, so no other run writes in between
        from printkit.build import check_options, out_folder
        from printkit.registry import all_games

        check_options(all_games() if game == "all" else [load_game(game)], options)
        with out_folder(out, quiet=quiet):
            _build_exports(game, options, out, fmts, quiet)
            result = _build_pdfs(game, options, out, jobs, quiet)
    total = 0
    for gid, files in result.files.items():
        for w in files:
            if not quiet:
                click.echo(f"{w.path}  {w.pages} page{'s' if w.pages != 1 else ''}")
            total += 1
        if not quiet and result.sheets.get(gid):
            click.echo(f"{gid}: the kit prints on {_sheets_text(result.sheets[gid])}")
    _report_notes(result.notes)
    if not quiet:
        click.echo(f"{total} PDFs written ({paper}, duplex {duplex}, bleed {to_mm(options.bleed):g} mm"
                   f"{_scale_note(options.scale, rotate_backs)})")


def _build_pdfs(game: str, options, out: Path, jobs: int | None, quiet: bool):
    """The PDFs of ``build`` (:func:`printkit.build.build`), progress on
    stderr (none when ``quiet``); the :class:`printkit.build.BuildResult`."""
    from printkit.build import build as run_build
    from printkit.progress import Progress

    with Progress(quiet) as progress:
        return run_build([game] if game != "all" else ["all"], options, out, jobs=jobs, quiet=quiet,
                         progress=lambda s: progress.step(s.game, s.done, s.total, s.name))


def _sheets_text(sheets: dict[str, int]) -> str:
    """"24 sheets: 2 plain paper (80 g/m²) · 22 card 250–300 g/m²"."""
    n = sum(sheets.values())
    return f"{n} sheet{'s' if n != 1 else ''}: " + " · ".join(f"{k} {stock}" for stock, k in sheets.items())


def _build_exports(game: str, options, out: Path, fmts: list[str], quiet: bool = False) -> None:
    """The non-PDF formats of ``build`` (:mod:`printkit.export`): every game
    and format rendered first, then written, progress on stderr as for the
    PDFs (per game, format by format, then the writing); one line per folder
    written on stdout, then the notes on stderr, each once.  ``quiet``: only
    errors."""
    from printkit.build import check_options, load_game, out_folder
    from printkit.export import export_games
    from printkit.progress import Progress
    from printkit.registry import all_games

    kits = all_games() if game == "all" else [load_game(game)]
    check_options(kits, options)
    with out_folder(out, quiet=quiet), Progress(quiet) as progress:  # a format that takes nothing writes nothing
        written, notes = export_games(kits, options, out, fmts, progress=progress.step)
    if "pdf" not in fmts:  # else the PDF build says which options a game ignores, as here
        from printkit.gamekit.contract import kits_notes

        _report_notes(kits_notes(kits, options))
    _report_exports(written, notes, quiet)


def _report_exports(written: list, notes: list[str], quiet: bool) -> None:
    """One stdout line per written export folder, then the exports' notes
    (:func:`_report_notes`); nothing when ``quiet``."""
    if not quiet:
        for folder, n in written:
            click.echo(f"{folder}/  {n} file{'s' if n != 1 else ''}")
        _report_notes(notes)


def _report_notes(notes: list[str]) -> None:
    """Each note once, in order, on stderr (stdout keeps the list of files
    written, so it can be piped)."""
    for note in dict.fromkeys(notes):
        click.echo(f"note: {note}", err=True)


@main.command()
@click.argument("data", type=click.Path(dir_okay=False, readable=False, path_type=Path))
@click.option("--layout", "layout_path", required=True, type=click.Path(dir_okay=False, readable=False, path_type=Path),
              help="Layout TOML of the card front.")
@click.option("--back", "back_path", default=None, type=click.Path(dir_okay=False, readable=False, path_type=Path),
              help="Layout TOML of the card back (placeholders allowed).")
@click.option("--paper", default="a4", show_default=True, metavar="a4|letter|universal", help="a4, letter or universal.")
@click.option("--duplex", default="long", show_default=True, metavar="long|short|none", help="long, short or none.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y", help="X,Y in mm: move backs right/up.")
@click.option("--bleed", default="3mm", show_default=True, metavar="LEN", help="Bleed length, e.g. 3mm, 0mm.")
@_THEME
@click.option("--out", default="output", show_default=True, type=click.Path(file_okay=False, path_type=Path),
              help="Output folder; the deck's PDF goes there.")
@_PRINTER_MARGIN
@click.option("--rotate-backs", is_flag=True, help=_ROTATE_HELP)
@click.option("--scale", "scale", default="100%,100%", show_default=True, metavar="X,Y", help=_SCALE_HELP)
@click.option("--quiet", "-q", is_flag=True,
              help=_DECK_QUIET_HELP)
@click.option("--allow-missing-glyphs", is_flag=True,
              help="Print text with characters its font lacks (as blanks) and warn, instead of refusing.")
@_FORMAT
def deck(data, layout_path, back_path, paper, duplex, back_offset, bleed, theme_name, out,
         printer_margin="5mm", rotate_backs=False, scale="100%,100%", quiet=False,
         allow_missing_glyphs=False, formats=()) -> None:
    """Build your own deck: DATA (rows of a CSV, JSON, TOML, .xlsx or .ods file; a qty column) on a LAYOUT.

    \b
    printkit deck examples/deck/cards.csv --layout examples/deck/front.toml --back examples/deck/back.toml
    """
    from printkit.build import BuildOptions
    from printkit.deck import DeckErrors, build_deck
    from printkit.export import parse_formats
    from printkit.imposition import DUPLEX_MODES
    from printkit.paper import PAPERS
    from printkit.progress import Progress
    from printkit.theme import load_theme

    fmts = parse_formats(formats)
    if paper.lower() not in PAPERS:
        raise UsageError(f"--paper: unknown paper {paper!r}; choose one of: {', '.join(PAPERS)}")
    if duplex not in DUPLEX_MODES:
        raise UsageError(f"--duplex: {duplex!r}; choose one of: {', '.join(DUPLEX_MODES)}")
    _check_rotate(rotate_backs, duplex)
    options = BuildOptions(paper=_with_margin(paper, printer_margin), theme=load_theme(theme_name), duplex=duplex,
                           back_offset=_back_offset(back_offset), bleed=parse_length(bleed, what="--bleed"),
                           rotate_backs=rotate_backs, scale=_scale(scale))

    def warn(lines: list[str]) -> None:
        from printkit.deck import merged_lines

        for line in merged_lines(lines):  # one line per kind of warning, naming its cards
            click.echo(line if line.startswith("… and ") else f"warning: {line}", err=True)

    try:
        with Progress(quiet) as progress:
            result = build_deck(data, layout_path, out, options, back=back_path, formats=fmts,
                                allow_missing_glyphs=allow_missing_glyphs, warn=warn, quiet=quiet,
                                progress=lambda task, done, total, name: progress.step(task, done, total, name,
                                                                                       minor=True))
    except DeckErrors as exc:  # every bad row, cell and element: one line each
        for line in exc.lines:
            click.echo(f"printkit: {escape_display(line)}", err=True)
        sys.exit(1)
    if result.pdf is not None:
        if not quiet:
            click.echo(f"{result.pdf}  {result.cards} card{'s' if result.cards != 1 else ''}, "
                       f"{result.pages} page{'s' if result.pages != 1 else ''}")
        _report_notes(result.notes)
    _report_exports([(folder, n) for folder, n, _ in result.folders], result.export_notes, quiet)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, readable=False, path_type=Path))
@click.option("--pdfx", is_flag=True, help="Also refuse RGB and CMYK mixed (PDF/X).")
def check(files, pdfx) -> int:
    """Preflight PDFs: open cleanly, fonts embedded, page boxes nested, fields print.

    Exit 0 when every file passes, 1 otherwise (each finding on its own line;
    at most 200 per file, then "… and N more finding(s)").
    """
    from printkit.messages import MAX_SHOWN
    from printkit.preflight import preflight

    bad = 0
    for path in files:
        findings = preflight(path, pdfx=pdfx)
        for f in findings[:MAX_SHOWN]:
            click.echo(str(f))
        if len(findings) > MAX_SHOWN:
            click.echo(f"{escape_display(str(path))}: … and {len(findings) - MAX_SHOWN:,} more finding(s)")
        if findings:
            bad += 1
        else:
            click.echo(f"{path}: ok")
    if bad:
        click.echo(f"{bad} of {len(files)} file(s) failed preflight", err=True)
    return 1 if bad else 0


@main.command("duplex-test")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="a4, letter or universal.")
@click.option("--duplex", type=DUPLEX, default="long", show_default=True,
              help="long or short: the setting you print with (none: glued back to back).")
@click.option("--out", default="output", show_default=True, type=click.Path(file_okay=False, path_type=Path),
              help="Output folder; the sheet goes to OUT/duplex-test.pdf.")
@_PRINTER_MARGIN
@click.option("--rotate-backs", is_flag=True,
              help="Turn the back page 180°, as a build with --rotate-backs does (print the test again "
                   "with it when the back's red arrows point against the front's black ones).")
@_SCALE
@_THEME
def duplex_test(paper, duplex, out, printer_margin=mm(5), rotate_backs=False, scale=(1.0, 1.0),
                theme_name="classic") -> None:
    """Write OUT/duplex-test.pdf: print it double-sided, read --back-offset X,Y,
    --rotate-backs and --scale off it."""
    from printkit.build import out_folder
    from printkit.calibration import duplex_test_pdf
    from printkit.pdf import scale_pdf, unique_subset_tags, write_output
    from printkit.theme import load_theme

    _check_rotate(rotate_backs, duplex)
    factors = scale
    theme = load_theme(theme_name)
    with out_folder(out):
        target = out / "duplex-test.pdf"
        pdf = duplex_test_pdf(_with_margin(paper, printer_margin), theme, duplex,
                              rotate_backs=rotate_backs)
        pdf = unique_subset_tags(scale_pdf(pdf, factors))
        _refuse_findings(pdf, target.name)
        write_output(target, pdf, stdout=False)
        how = (f"print double-sided ({duplex} edge)" if duplex in ("long", "short")
               else "print single-sided, glue the pages back to back")
        click.echo(f"{target}  2 pages — {how}, hold against the light")


@main.command("themes")
def themes_cmd() -> None:
    """List every theme --theme finds: name, where it comes from (./themes,
    config, bundled, or a folder here), its folder, what it extends, and
    which one a name reaches when two share it."""
    from printkit.themefiles import theme_lines

    for line in theme_lines():
        click.echo(line)


@main.command("new-theme")
@click.argument("name")
@click.option("--from", "source", default="classic", show_default=True, metavar="NAME",
              help="The theme to start from (its values are written, and the new theme extends it).")
@click.option("--dir", "parent", default="themes", show_default=True, metavar="DIR",
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write NAME/ into (e.g. your config folder's themes/, see 'printkit themes').")
@click.option("--copy-templates", is_flag=True, help="Also copy every template (HTML, CSS) to edit.")
def new_theme_cmd(name, source, parent, copy_templates) -> None:
    """Write a theme folder to edit, DIR/NAME (default themes/NAME): a
    theme.toml with every font and colour of --from, each key commented.

    \b
    printkit new-theme mine && printkit build all --theme mine
    """
    from printkit.themefiles import new_theme

    from printkit.theme import find_theme

    folder = new_theme(name, source, parent, copy_templates=copy_templates)
    try:
        use = name if find_theme(name).folder == folder.resolve() else folder
    except PrintkitError:
        use = folder
    if copy_templates:
        n = sum(1 for f in folder.iterdir() if f.name != "theme.toml")
        click.echo(f"{folder}/theme.toml and {n} template{'s' if n != 1 else ''} (HTML, CSS) written; edit them, "
                   f"then: printkit build all --theme {use}")
    else:
        click.echo(f"{folder}/theme.toml written; edit it, then: printkit build all --theme {use}")


# scoring commands
from printkit.scoring.cli import export_game, score, scorepad, simulate, validate  # noqa: E402

main.add_command(score)
main.add_command(validate)
main.add_command(export_game)
main.add_command(simulate)
main.add_command(scorepad)

"""Click commands ``score``, ``validate``, ``export-game`` and ``simulate`` for filled games.

Each takes the game id first: any registered game whose contract carries a
scorer (:attr:`printkit.build.GameKit.scorer`, see :mod:`printkit.registry`);
``--rules DIR`` scores under house rules, as ``build`` prints them.  Exit codes: 0 valid (warnings
allowed), 1 invalid input (problems printed) or unreadable file, 2 usage.

``score`` and ``validate`` take one game file (TOML/JSON) or one or more
filled fillable-PDF sheets (``*.pdf``: one per player, or a kit holding all
players); ``export-game`` writes the sheets of PDFs as a game file.  A PDF
holding none of the game's sheets (``*.pdf`` in a build's output folder
takes the token sheets too) is skipped with a note on stderr; the command
fails only when no PDF holds one.

Bounded output (issue 10): at most :data:`printkit.messages.MAX_SHOWN` (200)
problems are printed, then one line ``… and N more problem(s)``; the exit
code and ``validate``'s summary line count every problem.  ``score --json``
keeps the same first 200 in ``problems`` and adds ``problems_total`` (all of
them) and ``problems_omitted`` (how many were left out), so a hostile file
cannot make the JSON grow without bound either; the Python API
(``render_json(result)``) still returns every problem.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import click

from printkit import PrintkitError, UsageError, interrupt
from printkit.cli_types import OUTPUT_FILE
from printkit.inputfiles import escape_display, show
from printkit.messages import MAX_SHOWN, capped_lines, clip
from printkit.scoring import NoSheets, Scorer

#: ``-h`` as well as ``--help`` on each command even when it is invoked on its own (click
#: caches a command's help option the first time it is asked for, from the context then).
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


class _GameUsage(UsageError, click.ClickException):
    """A GAME that names no game: the printkit CLI prints it as every
    command's line (``printkit: GAME: unknown game …``, exit 2); a scoring
    command invoked on its own (an API caller's click runner) gets it from
    click, exit 2 as well."""

    exit_code = 2

    def __init__(self, message: str):
        click.ClickException.__init__(self, message)


class _GameChoice(click.ParamType):
    """GAME: any registered game, by id or title in any case (``ARCHEOTREK``,
    ``"Trek 12: ArchéoTREK"``; :func:`printkit.registry.resolve_game`),
    converted to its id (checked when the command runs, so the CLI starts
    without importing a game)."""

    name = "game"

    def convert(self, value, param, ctx):
        """The game's id; an unknown game raises :class:`printkit.UsageError`
        in the words every command uses (:func:`printkit.registry.unknown_game`)."""
        from printkit.registry import resolve_game

        try:
            return resolve_game(value)
        except UsageError as exc:
            raise _GameUsage(str(exc)) from None

    def shell_complete(self, ctx, param, incomplete):
        """Tab completion: the registered game ids starting with ``incomplete``."""
        from click.shell_completion import CompletionItem

        from printkit.registry import game_ids

        return [CompletionItem(g) for g in game_ids() if g.startswith(incomplete)]


GAME = _GameChoice()


def _scorers() -> list[tuple[str, Scorer]]:
    """(game id, bundled-rules scorer) of every registered game that scores."""
    from printkit.registry import all_games

    return [(kit.id, kit.scorer(None)) for kit in all_games() if kit.scorer is not None]


class _GamesCommand(click.Command):
    """A command whose help ends with a "Games" section and examples built
    from the registered games when the help is shown (a plug-in game
    appears there as soon as it is installed)."""

    def __init__(self, *args: Any, rows: Callable[[str, Scorer], str | None],
                 example: Callable[[str, Scorer], str | None], **kw: Any):
        super().__init__(*args, **kw)
        self.rows, self.example = rows, example

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        try:
            scorers = _scorers()
        except PrintkitError:  # pragma: no cover - a broken plug-in must not break --help
            scorers = []
        rows = [(gid, row) for gid, sc in scorers if (row := self.rows(gid, sc)) is not None]
        if rows:
            with formatter.section("Games"):
                formatter.write_dl(rows)
        examples = [line for gid, sc in scorers if (line := self.example(gid, sc))]
        if examples:
            with formatter.section("Examples"):
                for line in "\n".join(examples).splitlines():  # never re-wrapped mid-name
                    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")
        super().format_epilog(ctx, formatter)


def _partial_row(gid: str, sc: Scorer) -> str:
    return f"--partial: {sc.partial}" if sc.partial else "--partial changes nothing"


def _scorer(game: str, rules_dir: Path | None) -> Scorer:
    """The :class:`Scorer` of ``game`` under ``--rules DIR`` (bundled rules when
    absent; a DIR without ``<game>.toml`` is a note on stderr saying so).
    Raises :class:`printkit.UsageError` for a game without one."""
    from printkit.registry import get_game
    from printkit.rules import bundled_rules_note, check_rules_dir, user_rules_file

    kit = get_game(game)
    if kit.scorer is None:
        raise UsageError(f"GAME: {game} has no scorer")
    check_rules_dir(rules_dir)
    note = bundled_rules_note(kit.id, rules_dir)
    if note:
        click.echo(f"note: {note}", err=True)
    return kit.scorer(user_rules_file(game, rules_dir) if rules_dir is not None else None)


_RULES = click.option("--rules", "rules_dir", default=None, type=click.Path(path_type=Path),
                      help="Folder of <game>.toml files (house rules), as for build.")


def _is_stdout(output: Path | None) -> bool:
    """``-o -`` (or no ``-o``) means standard output."""
    return output is None or str(output) == "-"


def _emit(text: str, output: Path | None) -> None:
    """Write ``text`` to ``output`` (whole, via a temporary file; never
    replacing a link or a device, see :func:`printkit.pdf.write_output`) or to
    standard output (no ``-o``, or ``-o -``)."""
    if _is_stdout(output):
        click.echo(text, nl=False)
        return
    from printkit.pdf import write_output

    write_output(output, text.encode("utf-8"))  # a failed write: one line, exit 1


def _fail(exc: PrintkitError) -> None:
    click.echo(f"printkit: {escape_display(str(exc))}", err=True)
    sys.exit(2 if isinstance(exc, UsageError) else 1)


def _problem_lines(problems: list, source: str) -> str:
    """One line per problem, at most :data:`MAX_SHOWN` of them, then
    ``… and N more problem(s)``."""
    return "\n".join(capped_lines((f"{source}: {p}" for p in problems), len(problems)))


def _label(text: str) -> str:
    """A file name as shown in problem lines: control characters escaped so
    each problem stays one line, and shortened (many or long file names)."""
    return escape_display(clip(text, 160))


def _is_pdf(path: Path) -> bool:
    return path.suffix.lower() == ".pdf"


def _read_pdfs(read: Callable[[list[Path]], Any], files: tuple[Path, ...]) -> tuple[Any, list[Path]]:
    """``read(files)`` — a scorer's ``load_pdfs`` or ``export_pdfs`` — over
    the PDFs that hold the game's sheets, and those PDFs.

    PDFs holding none (the game raises :class:`printkit.scoring.NoSheets`
    naming them: the kit's token sheets, its rules reference) are left out
    and named on stderr, ``skipped tokens.pdf: no Dig Site sheets``,
    once the others are read — so ``printkit score archeotrek *.pdf`` works
    in a build's output folder.  When no PDF holds any, one error line
    (exit 1); any other error is raised as it comes.
    """
    files = list(files)
    try:
        return read(files), files
    except NoSheets as exc:
        if not set(exc.paths) <= set(files):  # pragma: no cover - a game naming other files: its error stands
            raise
        left = [f for f in files if f not in exc.paths]
        if not left and len(files) == 1:
            raise
        if not left:
            hint = f" ({exc.hint})" if exc.hint else ""
            raise PrintkitError(f"{_label(', '.join(map(str, files)))}: no {exc.sheets} in any of these "
                                f"{len(files)} PDFs{hint}") from None
        skipped, sheets = [f for f in files if f in exc.paths], exc.sheets
    out = read(left)
    for path in skipped:
        click.echo(f"skipped {_label(str(path))}: no {sheets}", err=True)
    return out, left


#: How a game read from standard input (FILE ``-``) is named in messages.
STDIN_LABEL = "<stdin>"
#: The bytes read from standard input in this process (read once).
_STDIN_READ: list[bytes] = []


def _read_stdin() -> bytes:
    """Standard input, bounded like a game file (:data:`printkit.inputfiles.MAX_BYTES`):
    at most one byte more than the cap is ever read."""
    from printkit.inputfiles import MAX_SIZES

    cap = MAX_SIZES["file"]
    if sys.stdin is None:  # started with standard input closed (<&-)
        raise PrintkitError(f"{STDIN_LABEL}: standard input is closed; pipe a game file in "
                            "(printkit simulate GAME | printkit score GAME -)")
    stream = getattr(sys.stdin, "buffer", None)
    try:
        if stream is None:  # pragma: no cover - a test runner's text-only stdin
            data = sys.stdin.read(cap + 1).encode("utf-8", "surrogateescape")
        else:
            chunks, size = [], 0
            while size <= cap:
                try:
                    chunk = stream.read(cap + 1 - size)
                except BlockingIOError:
                    chunk = None
                if chunk is None:  # non-blocking (O_NONBLOCK left by whoever started us): nothing yet, not the end
                    interrupt.wait_ready(stream)
                    continue
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            data = b"".join(chunks)
    except OSError as exc:  # opened for writing only (0>file), a folder, a device that fails
        raise PrintkitError(f"{STDIN_LABEL}: cannot read standard input ({exc.strerror or exc})") from None
    if len(data) > cap:
        raise PrintkitError(f"{STDIN_LABEL}: more than {cap // (1024 * 1024)} MB; a game file is smaller")
    if not data.strip():
        raise PrintkitError(f"{STDIN_LABEL}: empty; pipe a game file in (printkit simulate GAME | printkit score GAME -)")
    return data


def _load_stdin(s: Scorer, data: bytes | None = None) -> Any:
    """The game file on standard input (TOML, or JSON when it starts with
    ``{``), read by the scorer's own loader from a private temporary file;
    messages name it ``<stdin>``, never the temporary file.  ``data``: the
    bytes read already (standard input is read once), else it is read now."""
    import tempfile

    if data is None:
        data = _read_stdin()
    if data.lstrip()[:5] == b"%PDF-":  # filled sheets are read from their files (one or more, by name)
        raise PrintkitError(f"{STDIN_LABEL}: is a PDF; give filled PDF sheets by their file names "
                            "(printkit score GAME sheet.pdf …), standard input takes a TOML or JSON game file")
    _STDIN_READ[:] = [data]
    suffix = ".json" if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{") else ".toml"
    with tempfile.TemporaryDirectory(prefix="printkit-stdin-") as tmp:
        path = Path(tmp) / f"stdin{suffix}"
        path.write_bytes(data)
        try:
            loaded = s.load(path)
        except PrintkitError as exc:
            raise type(exc)(str(exc).replace(str(path), STDIN_LABEL)) from None
    if getattr(loaded, "source", None) == str(path):
        try:
            loaded.source = STDIN_LABEL
        except (AttributeError, TypeError):  # pragma: no cover - a frozen game object
            pass
    return loaded


def _load(s: Scorer, game: str, files: tuple[Path, ...]) -> tuple[Any, str]:
    """The game in ``files`` and the label naming them in messages: one
    TOML/JSON file (``-``: standard input, bounded like a file), or one or
    more filled PDF sheets (PDFs holding none of the game's sheets skipped,
    see :func:`_read_pdfs`)."""
    files = tuple(files)
    if files == (Path("-"),):
        return _load_stdin(s), STDIN_LABEL
    if Path("-") in files:
        raise UsageError("FILE: '-' (standard input) is one game file; give it alone")
    if files and all(_is_pdf(f) for f in files):
        if s.load_pdfs is None:
            raise UsageError(f"FILE: {game} has no fillable PDF sheets; give its game file")
        loaded, read = _read_pdfs(s.load_pdfs, files)
        return loaded, _label(", ".join(str(f) for f in read))
    if len(files) == 1:
        return s.load(files[0]), _label(str(files[0]))
    raise UsageError(
        "FILE: give one game file (TOML/JSON), or one or more filled PDF sheets (*.pdf); "
        f"got {_label(', '.join(str(f) for f in files))}"
    )


def _other_game(game: str, files: tuple[Path, ...], loaded: Any, problems: list) -> str | None:
    """One line when the file's ``game`` names another registered game
    (``printkit score archeotrek archaeology.toml``) instead of that game's
    problems with a file it was never meant to read; else ``None``."""
    if not any(getattr(p, "code", None) == "game-name" and p.severity == "error" for p in problems):
        return None
    from printkit.registry import get_game, resolve_game
    from printkit.scoring.fields import read_game_file

    from printkit.inputfiles import parse_json, parse_toml

    if len(files) != 1 or _is_pdf(files[0]):
        return None
    try:
        if files[0] == Path("-"):
            text = _STDIN_READ[0].decode("utf-8-sig") if _STDIN_READ else ""
            data = parse_json(text, STDIN_LABEL) if text.lstrip().startswith("{") else parse_toml(text, STDIN_LABEL)
        else:
            data = read_game_file(files[0])
    except (PrintkitError, UnicodeDecodeError):
        return None
    named = data.get("game") if isinstance(data, dict) else None
    if not isinstance(named, str):
        return None
    try:
        other = resolve_game(named)
    except UsageError:
        return None
    if other == game:
        return None
    where = STDIN_LABEL if files[0] == Path("-") else _label(str(files[0]))
    again = "-" if files[0] == Path("-") else where
    return (f"{where}: a game of {get_game(other).title} (game = {show(named)}), not of {get_game(game).title}; "
            f"score it with: printkit score {other} {again}")


#: Largest file :func:`_reads_as_other` reads again as each other game: a table of
#: eight players is a few kB, and a bigger file is not read three more times.
_OTHER_GAME_BYTES = 64 * 1024


def _reads_as_other(game: str, files: tuple[Path, ...], problems: list, rules_dir: Path | None,
                    partial: bool) -> str | None:
    """One line when a game file with no ``game`` line, full of errors for
    ``game``, is read with no error by exactly one other registered game (its
    own rules, or its ``<game>.toml`` under ``--rules``): the file was meant
    for that one.  Else ``None`` (then the problems are printed as usual),
    and for a file past :data:`_OTHER_GAME_BYTES` without trying.  Standard input
    (FILE ``-``) is read again from the bytes kept when it was read
    (:func:`_load_stdin`), and the line says to pipe it to that game."""
    if len(files) != 1 or _is_pdf(files[0]):
        return None
    if not any(getattr(p, "code", None) == "game-name" and p.severity != "error" for p in problems):
        return None  # the file names a game (an error when not this one): _other_game speaks for it
    stdin = files[0] == Path("-")
    try:
        size = len(_STDIN_READ[0]) if stdin else files[0].stat().st_size
    except (OSError, IndexError):
        return None
    if size > _OTHER_GAME_BYTES:
        return None
    from printkit.registry import get_game, scoring_game_ids
    from printkit.rules import user_rules_file

    fits = []
    for other in scoring_game_ids():
        if other == game:
            continue
        try:
            s = get_game(other).scorer(user_rules_file(other, rules_dir))
            found = s.validate(_load_stdin(s, _STDIN_READ[0]) if stdin else s.load(files[0]), partial=partial)
        except PrintkitError:
            continue
        if not any(p.severity == "error" for p in found):
            fits.append(other)
    if len(fits) != 1:
        return None
    where = STDIN_LABEL if stdin else _label(str(files[0]))
    return (f"{where}: no `game` line, and it reads as a game of {get_game(fits[0]).title} with no error, "
            f"not of {get_game(game).title}; score it with: printkit score {fits[0]} {'-' if stdin else where}")


def _scorer_and_game(game: str, files: tuple[Path, ...], rules_dir: Path | None) -> tuple[Scorer, Any, str]:
    """The game's scorer, the game read from ``files`` and their label; a
    bad file or option ends the command (one line, exit 1 or 2)."""
    try:
        s = _scorer(game, rules_dir)
        return (s, *_load(s, game, files))
    except PrintkitError as exc:
        _fail(exc)
        raise  # pragma: no cover - _fail exits


@click.command("score", cls=_GamesCommand, context_settings=HELP_OPTIONS,
               rows=lambda gid, sc: f"{sc.reports}; {_partial_row(gid, sc)}" if sc.reports else _partial_row(gid, sc),
               example=lambda gid, sc: "\n".join(
                   ([f"printkit score {gid} {sc.example}"] if sc.example else [])
                   + ([f"printkit score {gid} ana.pdf ben.pdf"] if sc.load_pdfs else [])) or None)
@click.argument("game", type=GAME, metavar="GAME")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, readable=False, path_type=Path),
                metavar="FILE...")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON data.")
@click.option(
    "--partial", is_flag=True,
    help="The game is unfinished: the rules a finished game must meet are warnings (per game: see Games).",
)
@_RULES
def score(game: str, files: tuple[Path, ...], as_json: bool, partial: bool, rules_dir: Path | None = None) -> None:
    """Score the filled game FILE (TOML, or JSON if it ends in .json), or
    filled fillable-PDF sheets (one per player, or one kit PDF).

    Prints each player's score as the game counts it (see Games below) and
    the winner.  Exit 0 valid, 1 invalid input (problems printed), 2 usage.
    """
    interrupt.immediate()  # reads and prints: the first Ctrl-C stops at once
    s, loaded, label = _scorer_and_game(game, files, rules_dir)
    try:
        result = s.score(loaded, partial=partial)
    except PrintkitError as exc:
        _fail(exc)
        return
    # people get the one line; JSON keeps every problem for programs, the game-name first
    other = None if result.valid else (_other_game(game, files, loaded, result.problems)
                                       or _reads_as_other(game, files, result.problems, rules_dir, partial))
    if other is not None and not as_json:
        click.echo(f"printkit: {other}", err=True)
        sys.exit(1)
    if other is not None:
        result.problems.sort(key=lambda p: getattr(p, "code", None) != "game-name")  # stable
    if as_json:
        click.echo(s.render_json(result, max_problems=MAX_SHOWN))
    elif result.valid:
        click.echo(s.render_text(result))
        if result.problems:
            click.echo(_problem_lines(result.problems, label), err=True)
    else:
        click.echo(_problem_lines(result.problems, label), err=True)
        _hint_house_rules(game, files, rules_dir)
    sys.exit(0 if result.valid else 1)


@click.command("validate", cls=_GamesCommand, context_settings=HELP_OPTIONS, rows=_partial_row,
               example=lambda gid, sc: f"printkit validate {gid} {sc.example}" if sc.example else None)
@click.argument("game", type=GAME, metavar="GAME")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, readable=False, path_type=Path),
                metavar="FILE...")
@click.option(
    "--partial", is_flag=True,
    help="The game is unfinished: the rules a finished game must meet are warnings (per game: see Games).",
)
@_RULES
def validate(game: str, files: tuple[Path, ...], partial: bool, rules_dir: Path | None = None) -> None:
    """Check the filled game FILE (or filled PDF sheets) against every rule; list all problems.

    Exit 0 when there is no error (warnings are printed), 1 otherwise, 2 usage.
    """
    interrupt.immediate()  # reads and prints: the first Ctrl-C stops at once
    s, loaded, label = _scorer_and_game(game, files, rules_dir)
    try:
        problems = s.validate(loaded, partial=partial)
    except PrintkitError as exc:
        _fail(exc)
        return
    errs = [p for p in problems if p.severity == "error"]
    other = errs and (_other_game(game, files, loaded, errs)
                      or _reads_as_other(game, files, problems, rules_dir, partial))
    if other:
        click.echo(f"printkit: {other}", err=True)
        sys.exit(1)
    if problems:
        click.echo(_problem_lines(problems, label))
    n_warn = len(problems) - len(errs)
    click.echo(
        f"{label}: {'invalid' if errs else 'valid'} ({len(errs)} error(s), {n_warn} warning(s))"
    )
    if errs:
        _hint_house_rules(game, files, rules_dir)
    sys.exit(1 if errs else 0)


@click.command("export-game", cls=_GamesCommand, context_settings=HELP_OPTIONS,
               rows=lambda gid, sc: "filled PDF sheets → game file" if sc.export_pdfs else None,
               example=lambda gid, sc: f"printkit export-game {gid} *.pdf > game.toml" if sc.export_pdfs else None)
@click.argument("game", type=GAME, metavar="GAME")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, readable=False, path_type=Path),
                metavar="PDF...")
@click.option(
    "--output", "-o", type=OUTPUT_FILE, default=None,
    help="Write the game file here instead of standard output (- is standard output; a link or device is refused).",
)
@_RULES
def export_game(game: str, files: tuple[Path, ...], output: Path | None, rules_dir: Path | None = None) -> None:
    """Write filled PDF sheets as a game file (TOML): fix a typo, then score it.

    The values are written as read, mistakes included (they are reported by
    validate and score).  Exit 0 written, 1 unreadable PDF, 2 usage.
    """
    interrupt.immediate()  # reads and prints: the first Ctrl-C stops at once
    s = _scorer(game, rules_dir)
    try:
        if s.export_pdfs is None:
            raise UsageError(f"GAME: {game} has no fillable PDF sheets")
        bad = [str(f) for f in files if not _is_pdf(f)]
        if bad:
            raise UsageError(f"PDF: export-game reads filled PDF sheets, not {', '.join(bad)}")
        text, _ = _read_pdfs(s.export_pdfs, files)
        _emit(text, output)
    except PrintkitError as exc:
        _fail(exc)


@click.command("simulate", cls=_GamesCommand, context_settings=HELP_OPTIONS,
               rows=lambda gid, sc: (f"{sc.players_range[0]}–{sc.players_range[1]} players, default "
                                     f"{sc.default_players}" if sc.players_range else f"default {sc.default_players} players")
               if sc.simulate else None,
               example=lambda gid, sc: f"printkit simulate {gid} --seed 7 > game.toml" if sc.simulate else None)
@click.argument("game", type=GAME, metavar="GAME")
@click.option("--players", type=int, default=None, help="Players at the table (default: the game's).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Random seed: the same seed plays the same game (default: a fresh one, printed on stderr).")
@click.option(
    "--output", "-o", type=OUTPUT_FILE, default=None,
    help="Write the game file here instead of standard output (- is standard output; a link or device is refused).",
)
@_RULES
def simulate(game: str, players: int | None, seed: int, output: Path | None, rules_dir: Path | None = None) -> None:
    """Play a whole random game (bundled rules, or --rules); print the filled game (TOML)."""
    interrupt.immediate()  # reads and prints: the first Ctrl-C stops at once
    s = _scorer(game, rules_dir)
    if s.simulate is None:  # pragma: no cover - every registered game simulates today
        click.echo(f"printkit: no simulator for {game}", err=True)
        sys.exit(2)
    if players is not None and s.players_range and not s.players_range[0] <= players <= s.players_range[1]:
        _fail(UsageError(f"--players: {players} is outside {s.players_range[0]}–{s.players_range[1]} for {game}"))
    drawn = seed is None
    if drawn:
        import secrets

        seed = secrets.randbelow(10**9)
    try:
        text = s.simulate(players if players is not None else s.default_players, seed)
        _emit(_house_rules_header(game, rules_dir) + text, output)
    except PrintkitError as exc:
        _fail(exc)
    if drawn:  # once the game is written: an error stays the only line
        click.echo(f"seed {seed} (repeat this game with --seed {seed})", err=True)


#: How a game file simulated under ``--rules DIR`` starts (:func:`_house_rules_header`).
HOUSE_RULES_MARK = "# Played under the house rules of --rules "


def _hint_house_rules(game: str, files: tuple[Path, ...], rules_dir: Path | None) -> None:
    """On stderr, after the problems of a game scored without ``--rules``
    whose file starts with :data:`HOUSE_RULES_MARK` (simulated under house
    rules): one ``hint:`` line giving that first line's command, so a table
    that played a variant learns why its file broke the bundled rules.  Reads
    at most the first 4 kB of one plain file (or of standard input, already
    read); nothing for PDFs, several files or ``--rules`` given."""
    if rules_dir is not None or len(files) != 1 or _is_pdf(files[0]):
        return
    try:
        if files[0] == Path("-"):
            head = _STDIN_READ[0][:4096] if _STDIN_READ else b""
        elif files[0].is_file():
            with open(files[0], "rb") as fh:
                head = fh.read(4096)
        else:
            return
    except OSError:
        return
    first = head.decode("utf-8", "replace").lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
    if first.startswith(HOUSE_RULES_MARK) and f"`printkit score {game} --rules " in first:
        folder = first[len(HOUSE_RULES_MARK):].rsplit(": score it under them", 1)[0]
        where = STDIN_LABEL if files[0] == Path("-") else _label(str(files[0]))
        click.echo(f"hint: {where} says it was played under house rules "
                   f"(its first line): give them with --rules {escape_display(folder)}", err=True)


def _house_rules_header(game: str, rules_dir: Path | None) -> str:
    """The comment a game simulated under ``--rules DIR`` starts with, when DIR
    holds ``<game>.toml`` (else ``""``): the file scores under those rules only
    (under the bundled ones its house values are errors, one per area and line),
    so it says which command scores it: ``printkit score <game> --rules DIR FILE``.
    One line of TOML comment whatever the folder's name (control characters
    escaped, the path quoted for the shell)."""
    from printkit.rules import user_rules_file

    if rules_dir is None or user_rules_file(game, rules_dir) is None:
        return ""
    import shlex

    folder = escape_display(shlex.quote(str(rules_dir)))
    return (f"{HOUSE_RULES_MARK}{folder}: score it under them, "
            f"`printkit score {game} --rules {folder} FILE`\n")


@click.command("scorepad", context_settings=HELP_OPTIONS)
@click.argument("game", type=GAME, metavar="GAME")
@click.option("--output", "-o", type=OUTPUT_FILE, default=None,
              help="The HTML file to write (default: <GAME>-scorepad.html in the current folder; - for standard output).")
@_RULES
@click.option("--theme", "theme_name", default="classic", show_default=True, metavar="NAME|PATH",
              help="A theme name, found as build's --theme finds it (./themes/NAME, your config folder's "
                   "themes/NAME, then the bundled themes; see 'printkit themes'), or a theme folder (with "
                   "theme.toml): the page's colours and fonts.")
def scorepad(game: str, output: Path | None, rules_dir: Path | None = None, theme_name: str = "classic") -> None:
    """Write GAME's score pad: one offline HTML page (≤ 1 MB, no network) that scores a
    game at the table on a phone — live rule checks with the problem codes of validate,
    final scores and winner, TOML export/import, state kept in the browser, undo.

    Exit 0 written, 1 bad rules/theme data or a failed write, 2 usage.
    """
    from printkit.rules import bundled_rules_note
    from printkit.scorepad.page import scorepad_page

    try:
        data = scorepad_page(game, rules_dir, theme_name)
        note = bundled_rules_note(game, rules_dir) if rules_dir is not None and rules_dir.is_dir() else None
        if note:
            click.echo(f"note: {note}", err=True)
        interrupt.checkpoint()  # a stop asked for while the page was made: nothing is written
        if output is not None and str(output) == "-":  # the page itself on standard output, nothing else
            click.get_binary_stream("stdout").write(data)
            return
        target = output if output is not None else Path(f"{game}-scorepad.html")
        from printkit.pdf import write_output

        write_output(target, data)
    except PrintkitError as exc:
        _fail(exc)
        return
    click.echo(f"wrote {target} ({len(data):,} bytes)")

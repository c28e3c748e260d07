"""Round seven of hostile input, aimed at what is newest: the output-folder
lock, standard input for ``score``/``validate``, spreadsheets and deck
layouts, a theme's ``@page`` rules (and the note on page margins inside the
printer margin), the score pads and ``--rules`` TOML — each measured on what a
user gets: the exit code, one error line, the pages and files written.

Sections:

1. a theme's ``base.css`` with an ``@page`` margin of ``1e308mm``: weasyprint
   computed NaN and the build ended in a ``ValueError`` traceback;
2. a theme's ``base.css`` with ``@page { size: 10000mm }``: the A4 kit held
   two 10 m × 10 m rules pages, said nothing, and its cover still counted
   them as A4 plain paper (``size: 1e30mm`` failed the preflight with a line
   about a PDF of no pages), and an ``@page`` ``bleed``/``marks`` grew the
   PDF page past the paper (``bleed: 1e308mm``: a page box of NaN);
3. a font named ``-h`` (a layout's text or a theme's role): fc-match read it as
   an option, and the line offered its usage text as the closest font;
4. ``score``/``validate GAME -`` given another game's file without its ``game``
   line: a file by name got one line naming the game it fits, standard input
   every problem of the wrong format;
5. standard output closed (``>&-``) or open for reading only (``1<file``):
   tracebacks (AttributeError, RuntimeError, OSError EBADF), or for ``score``
   exit 0 with the result printed nowhere;
6. an OpenDocument text given as card data (named .ods: an AttributeError
   traceback), and a real .ods whose XML has a line break before its
   spreadsheet (another AttributeError traceback);
7. an .ods cell of ``<text:s text:c="1000000000"/>`` (a billion spaces from a
   1.6 kB file: 2 GB made before the cell cap), ``text:c="abc"`` (ValueError),
   spans nested 50,000 deep (RecursionError): odfpy's text extraction;
8. ``-o pads/`` (scorepad, simulate, export-game) wrote a FILE called ``pads``;
   ``-o ""`` was refused as ``.``; ``-o new/walk/../pad.html`` left ``new/walk``
   behind, empty, and a write that failed left the folders made for it;
9. a theme's negative @page margin: noted, but the document cache refused the
   entry it had just written, so every build laid the document out again;
10. a non-blocking standard input (O_NONBLOCK left by the parent): ``score -``
    took "no data yet" for the end ('<stdin>: empty', or a game cut short);
    and a non-blocking standard output got 64 kB of a 150 kB score pad, exit 0;
11. a deck layout of 3,000 elements on 700 cards: 2.1 million texts laid out
    (the card cap bounds cards, nothing bounded elements × cards), and one card
    of 19,000-character texts in 2,000 elements took minutes (nothing bounded
    the characters wrapped).

Held this round, not pinned here: PRINTKIT_LOCK_WAIT's odd values (nan, inf,
-1, 1e400, 0x10, full-width digits: one usage line), --out a file, a FIFO or
a link, a held folder at PRINTKIT_LOCK_WAIT=0; standard input empty, binary,
invalid UTF-8, 50 MB, a directory, JSON with NaN, duplicate keys or 100,000
digits; every number of every rules file replaced by 0, -1, 1.5, nan, inf,
10**20 and 10**6 (simulate, score, the score pad: one line each); rules TOML
nested 100,000 deep, with BOMs, UTF-16, duplicate keys, a FIFO, a folder or
/dev/zero in place; deck layouts' lengths, colours and units (897 variants:
1e308mm, nanmm, "1in1in", full-width digits, …); inline icons 19,000
characters long; .xlsx cells of every type with odd values (dates, errors,
1e999, bad references, shared-string indexes out of range); a cell of 200 M
characters; jinja2 markup in card data (never run); theme colours injecting
into the score pad; rules names with controls, bidi, NUL and emoji.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_checks import invoke as run, one_line as _one_line

from printkit import PrintkitError

ROOT = Path(__file__).resolve().parent.parent


# 1–2. a theme's @page rules ---------------------------------------------------------------------------

@pytest.fixture
def page_theme(tmp_path, monkeypatch, cache_root):
    """``make(css)``: themes/odd in ``tmp_path`` (``new-theme --copy-templates``)
    with ``@page { <css> }`` appended to its base.css; its folder."""
    monkeypatch.chdir(tmp_path)
    made = run("new-theme", "odd", "--copy-templates")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "themes" / "odd"

    def make(css: str) -> Path:
        sheet = folder / "base.css"
        sheet.write_text(sheet.read_text(encoding="utf-8") + f"\n@page {{ {css} }}\n", encoding="utf-8")
        return folder
    return make


def _high_score_log(theme_dir: Path, paper: str = "a4") -> bytes:
    """The Archaeology high-score log (a one-page theme document) in ``theme_dir``."""
    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper
    from printkit.registry import get_game
    from printkit.theme import load_theme

    opts = BuildOptions(paper=get_paper(paper), theme=load_theme(str(theme_dir)))
    (part,) = [p for p in get_game("archaeology").parts(opts) if p.name == "high-score-log"]
    return part.document()


def _page_sizes_mm(pdf: bytes) -> list[tuple[float, float]]:
    import io

    from pypdf import PdfReader

    return [(round(float(p.mediabox.width) * 25.4 / 72), round(float(p.mediabox.height) * 25.4 / 72))
            for p in PdfReader(io.BytesIO(pdf)).pages]


def test_a_page_margin_out_of_range_is_one_line_naming_the_template(page_theme):
    """``margin: 1e308mm``: weasyprint's line breaking divided by an infinite
    width and raised ``ValueError: cannot convert float NaN to integer``."""
    folder = page_theme("margin: 1e308mm;")
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "archaeology-highscores.html.j2" in line and str(folder) in line, line
    assert "could not lay out" in line and "stylesheet" in line, line
    assert "\n" not in line


@pytest.mark.parametrize("size, shown", [("10000mm", "10000 × 10000 mm"), ("1e30mm 1e30mm", "more than"),
                                         ("297mm 210mm", "297 × 210 mm"),
                                         ("A4; bleed: 20mm", "250 × 337 mm (its @page bleed included)"),
                                         ("A4; marks: crop", "214.2 × 301.2 mm"),
                                         ("A4; bleed: 1e308mm", "more than 100 m")])
def test_a_theme_page_size_other_than_the_paper_is_refused(page_theme, size, shown):
    """A theme's stylesheet may not set the page size: ``--paper`` does.
    ``size: 10000mm`` wrote 10 m pages into an A4 kit without a word; a
    landscape A4 page would print cut off; an @page ``bleed`` (or ``marks``,
    which bring a bleed of their own) grew the PDF page past the paper, and
    ``bleed: 1e308mm`` wrote a page box of ``[-inf -inf nan nan]``."""
    folder = page_theme(f"size: {size};")
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "archaeology-highscores.html.j2" in line and shown in line, line
    assert "210 × 297 mm" in line and "--paper" in line and "size" in line, line


def test_a_theme_page_size_equal_to_the_paper_is_fine(page_theme):
    """Positive control: ``size: A4`` (what --paper a4 sets anyway) and a
    margin rule of its own build the A4 page."""
    folder = page_theme("size: A4; margin: 16mm;")
    assert _page_sizes_mm(_high_score_log(folder)) == [(210, 297)]


def test_a_page_size_refused_by_the_cli_is_one_line_exit_1(page_theme):
    """Through the CLI: exit 1, one line, nothing written."""
    page_theme("size: 10000mm;")
    result = run("build", "archaeology", "--theme", "odd", "--out", "out", "--quiet")
    line = _one_line(result.output)
    assert result.exit_code == 1, result.output
    assert "10000 × 10000 mm" in line, line
    assert not list(Path("out").rglob("*.pdf"))


# 3. a font name that fc-match took for an option --------------------------------------------------------

@pytest.mark.skipif(__import__("shutil").which("fc-match") is None, reason="needs fontconfig's fc-match")
@pytest.mark.parametrize("name", ["-h", "-f/etc/passwd", "--sort"])
def test_a_font_name_starting_with_a_dash_is_looked_up_as_a_name(name):
    """A layout's or theme's ``font = "-h"`` was passed to fc-match as an
    option: the line offered fc-match's usage text as the closest installed
    font ('List best font matching [pattern]'), and ``-f<text>`` made fc-match
    print any text as the font's file.  The name is now looked up as a name:
    refused, the closest offered a real installed family."""
    import subprocess

    from printkit.fontfiles import installed_font

    families = subprocess.run(["fc-list", "--format=%{family}\n"], capture_output=True, text=True).stdout
    installed = {f.strip() for line in families.splitlines() for f in line.split(",") if f.strip()}
    with pytest.raises(PrintkitError) as caught:
        installed_font(name, "layout.toml")
    line = str(caught.value)
    closest = re.search(r"closest installed: '(.*)'\)$", line)
    assert closest and closest.group(1) in installed, line


# 4. standard input: a game file of another game without its `game` line ------------------------------

def _score_stdin(game: str, data: bytes, command: str = "score"):
    """``printkit COMMAND GAME -`` in a child, ``data`` on its standard input."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "printkit", command, game, "-"], input=data,
                          capture_output=True, timeout=120, cwd=ROOT)


@pytest.mark.parametrize("command", ["score", "validate"])
def test_a_game_of_another_game_piped_in_without_its_game_line_is_one_line(command):
    """``sed '/^game/d' archaeology.toml | printkit score archeotrek -``: a
    file by name got one line ('no `game` line, and it reads as a game of
    Archaeology with no error …'), the same bytes piped in some thirty
    problem lines, every key of the other game's format 'unknown'."""
    text = (ROOT / "examples/archaeology/finished-3-players.toml").read_text(encoding="utf-8")
    assert 'game = "archaeology"\n' in text
    r = _score_stdin("archeotrek", text.replace('game = "archaeology"\n', "").encode(), command)
    assert r.returncode == 1 and r.stdout == b"", r.stdout.decode()[:500]
    assert r.stderr.decode().strip().splitlines() == [
        "printkit: <stdin>: no `game` line, and it reads as a game of Archaeology with no error, not of "
        "Trek 12: ArchéoTREK; score it with: printkit score archaeology -"], r.stderr.decode()[:2000]


def test_a_broken_game_piped_in_keeps_its_problems():
    """Positive control: broken for every game (a name misspelt), the problems as usual."""
    text = (ROOT / "examples/archaeology/finished-3-players.toml").read_text(encoding="utf-8")
    broken = text.replace('game = "archaeology"\n', "").replace("name = ", "nom = ", 1)
    r = _score_stdin("archeotrek", broken.encode())
    assert r.returncode == 1 and b"reads as a game of" not in r.stderr
    assert b"unknown-key" in r.stdout + r.stderr


# 5. standard output closed, or open for reading only -----------------------------------------------

COMMANDS_TO_STDOUT = {
    "simulate": ["simulate", "archeotrek", "--seed", "7"],
    "score": ["score", "archeotrek", "examples/archeotrek/finished-4-players.toml"],
    "scorepad": ["scorepad", "archeo", "-o", "-"],
}


def _with_stdout(argv: list[str], stdout):
    """``printkit ARGV`` in a child whose standard output is ``stdout`` (a
    file object), or closed (``None``: as ``printkit … >&-`` starts it)."""
    import os
    import subprocess
    import sys

    args = [sys.executable, "-m", "printkit", *argv]
    if stdout is None:
        return subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, timeout=120,
                              preexec_fn=lambda: os.close(1))
    return subprocess.run(args, stdout=stdout, stderr=subprocess.PIPE, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("command", sorted(COMMANDS_TO_STDOUT))
def test_standard_output_closed_is_one_line_exit_1(command):
    """``printkit simulate GAME >&-`` (sys.stdout is None) ended in an
    AttributeError traceback, ``scorepad -o - >&-`` in a RuntimeError one,
    and ``score`` exited 0 having printed nothing anywhere."""
    r = _with_stdout(COMMANDS_TO_STDOUT[command], None)
    err = r.stderr.decode()
    assert "Traceback" not in err, err[-1500:]
    assert r.returncode == 1, err
    assert err.strip().splitlines()[-1] == ("printkit: standard output: cannot write (it is closed); "
                                            "earlier outputs are intact"), err


@pytest.mark.parametrize("command", sorted(COMMANDS_TO_STDOUT))
def test_standard_output_open_for_reading_only_is_one_line_exit_1(command, tmp_path):
    """``printkit score … 1<file``: every write is EBADF, which was a traceback."""
    (tmp_path / "ro").write_text("x")
    with open(tmp_path / "ro", "rb") as ro:
        r = _with_stdout(COMMANDS_TO_STDOUT[command], ro)
    err = r.stderr.decode()
    assert "Traceback" not in err, err[-1500:]
    assert r.returncode == 1, err
    assert err.strip().splitlines()[-1] == ("printkit: standard output: cannot write (Bad file descriptor); "
                                            "earlier outputs are intact"), err


# 6. an OpenDocument that is no spreadsheet; a spreadsheet whose body starts with a line break ----------

DECK_LAYOUT = '[card]\nsize = "poker"\n[[element]]\ntype = "text"\nx = 3\ny = 3\nw = 50\ntext = "{{ title }}"\nsize = 9\n'


def _deck(tmp_path: Path, data: Path):
    layout = tmp_path / "layout.toml"
    layout.write_text(DECK_LAYOUT, encoding="utf-8")
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out", "-q")
    assert "Traceback" not in r.output, r.output
    return r


def _odt(path: Path) -> Path:
    """An OpenDocument text (odfpy) holding one paragraph, saved as ``path``."""
    from odf.opendocument import OpenDocumentText
    from odf.text import P

    doc = OpenDocumentText()
    doc.text.addElement(P(text="Amphora, 4"))
    doc.save(str(path.with_suffix(".made")))
    path.with_suffix(".made").rename(path)
    return path


@pytest.mark.parametrize("named", ["cards.ods", "cards.xlsx", "cards.csv"])
def test_a_text_document_given_as_card_data_says_what_it_is(tmp_path, named):
    """An .odt saved as (or renamed to) .ods: odfpy found no spreadsheet and
    the deck ended in ``AttributeError: 'OpenDocument' object has no
    attribute 'spreadsheet'``; named .xlsx it was "There is no item named
    '[Content_Types].xml' in the archive", named .csv "not UTF-8 text"."""
    r = _deck(tmp_path, _odt(tmp_path / named))
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert f"{named}: is an OpenDocument text document (.odt), not a spreadsheet" in line, line
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_an_ods_whose_body_starts_with_a_line_break_is_read(tmp_path):
    """A spreadsheet's content.xml with a line break between <office:body>
    and <office:spreadsheet> (XML written pretty-printed): odfpy took the
    line break for the spreadsheet, and the deck ended in
    ``AttributeError: 'Text' object has no attribute 'getElementsByType'``."""
    from test_hostile_round3 import _ods_with

    _ods_with(tmp_path / "cards.ods", lambda xml: xml.replace(b"<office:body>", b"<office:body>\n  ", 1))
    r = _deck(tmp_path, tmp_path / "cards.ods")
    assert r.exit_code == 0, r.output
    from conftest import pdf_pages

    with pdf_pages((tmp_path / "out" / "layout.pdf").read_bytes()) as pdf:
        assert "Amphora" in "".join(p.extract_text() for p in pdf.pages)


# 7. an .ods cell's spaces and nesting: odfpy's text extraction unbounded ----------------------------------

def _ods_title(path: Path, inner: bytes) -> Path:
    """A two-row .ods whose card's title cell is ``Amphora`` followed by ``inner`` (XML)."""
    from test_hostile_round3 import _ods_with

    _ods_with(path, lambda xml: xml.replace(b"<text:p>Amphora</text:p>", b"<text:p>Amphora" + inner + b"</text:p>", 1))
    return path


@pytest.mark.parametrize("count", ["abc", "-5", "1.5", "9" * 30])
def test_an_ods_space_count_that_is_not_a_whole_number_is_one_line(tmp_path, count):
    """``<text:s text:c="abc"/>`` (c spaces, ODF 19.763: a whole number) ended
    in a ValueError traceback from odfpy's teletype, 30 nines in a MemoryError one."""
    r = _deck(tmp_path, _ods_title(tmp_path / "cards.ods", f'<text:s text:c="{count}"/>'.encode()))
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "cards.ods" in line and "row 2" in line and "text:c" in line, line


@pytest.mark.parametrize("inner", [b'<text:s text:c="1000000000"/>', b'<text:s text:c="20000"/>' * 50_000],
                         ids=["one-billion-spaces", "fifty-thousand-runs"])
def test_an_ods_cell_of_a_billion_spaces_is_refused_without_making_them(tmp_path, inner):
    """A 1.6 kB .ods whose cell holds ``<text:s text:c="1000000000"/>``: odfpy
    made the billion spaces (2 GB, 6 s) before the cell cap said no.  Now the
    cell is read up to the cap: one line, and little memory."""
    import tracemalloc

    path = _ods_title(tmp_path / "cards.ods", inner)
    tracemalloc.start()
    try:
        r = _deck(tmp_path, path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "row 2, column 'title': more than 20,000 characters; a cell holds at most 20,000" in line, line
    assert peak < 150 * 1024 * 1024, f"{peak / 2**20:.0f} MB"


def test_an_ods_cell_nested_fifty_thousand_spans_deep_is_read(tmp_path):
    """Spans nested 50,000 deep (70 kB of XML, 4 kB zipped): odfpy's
    getElementsByType and extractText recurse per level — a RecursionError
    traceback.  printkit walks the tree without recursion: the card is read."""
    inner = b"<text:span>" * 50_000 + b"x" + b"</text:span>" * 50_000
    r = _deck(tmp_path, _ods_title(tmp_path / "cards.ods", inner))
    assert r.exit_code == 0, r.output
    from conftest import pdf_pages

    with pdf_pages((tmp_path / "out" / "layout.pdf").read_bytes()) as pdf:
        assert "Amphorax" in "".join(p.extract_text() for p in pdf.pages)


def test_an_ods_cell_with_spaces_tabs_and_line_breaks_reads_as_before(tmp_path):
    """Positive control: ``<text:s text:c="3"/>``, ``<text:s/>``, a tab and a
    line break inside spans read as the spreadsheet shows them."""
    from printkit.deck import load_rows

    inner = b'<text:s text:c="3"/>b<text:span>c<text:s/>d<text:tab/>e<text:line-break/>f</text:span>'
    rows = load_rows(_ods_title(tmp_path / "cards.ods", inner), None, [])
    assert rows[0]["title"] == "Amphora   bc d\te\nf"


# 8. -o FILE: a name ending in a slash, an empty name, folders made to walk through -------------------------

@pytest.mark.parametrize("argv", [["scorepad", "archeo"], ["simulate", "archeotrek", "--seed", "1"]])
def test_an_output_name_ending_in_a_slash_is_refused(tmp_path, monkeypatch, argv):
    """``scorepad GAME -o pads/``: the slash was dropped and a FILE called
    ``pads`` written — the user named a folder.  Now exit 2, one line, and
    nothing written."""
    monkeypatch.chdir(tmp_path)
    r = run(*argv, "-o", "pads/")
    assert r.exit_code == 2, r.output
    line = _one_line(r.stderr)
    assert "'pads/'" in line and "folder" in line, line
    assert list(tmp_path.iterdir()) == []


def test_an_empty_output_name_is_refused_by_that_name(tmp_path, monkeypatch):
    """``-o ""`` was refused as ``.: exists and is not a regular file``."""
    monkeypatch.chdir(tmp_path)
    r = run("scorepad", "archeo", "-o", "")
    assert r.exit_code == 2, r.output
    assert "empty" in _one_line(r.stderr)


def test_folders_made_only_to_walk_through_are_removed_after_an_output_file(tmp_path, monkeypatch):
    """``-o new/walk/../pad.html``: ``new/walk`` was made to reach ``new`` and
    left behind, empty (``--out`` removes such folders, round four); the file
    itself is written."""
    monkeypatch.chdir(tmp_path)
    r = run("scorepad", "archeo", "-o", "new/walk/../pad.html")
    assert r.exit_code == 0, r.output
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == ["new", "new/pad.html"]


def test_folders_made_for_an_output_file_that_cannot_be_written_are_removed(tmp_path, monkeypatch):
    """The disk fills as the pad is written: ``fresh/sub`` made for it stays
    behind, empty (the same rule as a kit's folders, round six)."""
    import errno

    import printkit.pdf as pdf

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pdf, "write_atomic", full)
    r = run("scorepad", "archeo", "-o", "fresh/sub/pad.html")
    assert r.exit_code == 1, r.output
    assert "No space left" in _one_line(r.stderr)
    assert list(tmp_path.iterdir()) == []


# 9. a negative page margin and the document cache ---------------------------------------------------------

def test_a_negative_page_margin_is_noted_and_cached_like_any_other(page_theme, monkeypatch):
    """``@page { margin: -5mm }``: noted (inside the printer margin) — but the
    document cache wrote an entry with that margin and then refused it as
    damaged (it took margins of 0 to 1000 mm only), so every build laid the
    document out again and rewrote the entry.  A second build now comes from
    the cache with the same note."""
    import printkit.render.documents as documents

    folder = page_theme("margin: -5mm;")
    documents.LAYOUT_NOTES.clear()
    try:
        first = _high_score_log(folder)
        notes = [n for n in documents.LAYOUT_NOTES if "sets page margins of -5 mm" in n]
        assert len(notes) == 1, documents.LAYOUT_NOTES
        documents.LAYOUT_NOTES.clear()

        def refuse():
            raise AssertionError("weasyprint was asked to lay out the document again")
        monkeypatch.setattr(documents, "_weasyprint", refuse)
        assert _high_score_log(folder) == first
        assert documents.LAYOUT_NOTES == notes
    finally:
        documents.LAYOUT_NOTES.clear()


# 10. a non-blocking standard input ---------------------------------------------------------------------

def test_a_non_blocking_standard_input_is_read_to_its_end():
    """Whoever starts printkit may leave standard input non-blocking
    (O_NONBLOCK on the pipe: Node's child_process, some CI runners): a read
    with nothing there yet returned None, which ``score GAME -`` took for the
    end — '<stdin>: empty' before the game was written, or a game cut where
    the writer paused.  The game written in two parts after a pause is
    scored whole."""
    import fcntl
    import os
    import subprocess
    import sys
    import time

    data = (ROOT / "examples/archeotrek/finished-4-players.toml").read_bytes()
    r, w = os.pipe()
    fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_NONBLOCK)
    child = subprocess.Popen([sys.executable, "-m", "printkit", "score", "archeotrek", "-"], stdin=r,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    os.close(r)
    try:
        time.sleep(0.4)
        os.write(w, data[:300])
        time.sleep(0.3)
        os.write(w, data[300:])
    except BrokenPipeError:  # it stopped reading already (the defect)
        pass
    finally:
        os.close(w)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err.decode()
    assert b"Traceback" not in err
    expected = subprocess.run([sys.executable, "-m", "printkit", "score", "archeotrek",
                               "examples/archeotrek/finished-4-players.toml"], capture_output=True, cwd=ROOT)
    assert out.replace(b"<stdin>", b"") == expected.stdout.replace(b"examples/archeotrek/finished-4-players.toml", b"")


def test_a_non_blocking_standard_output_gets_the_whole_score_pad():
    """``scorepad GAME -o -`` into a pipe left non-blocking by the parent,
    read a moment later: Python's writer took the 64 kB the pipe held and
    dropped the rest of the 150 kB page, exit 0 — a page cut short, said to
    be written.  printkit now waits for room: the whole page, byte for byte."""
    import fcntl
    import os
    import subprocess
    import sys
    import threading
    import time

    expected = subprocess.run([sys.executable, "-m", "printkit", "scorepad", "archeo", "-o", "-"],
                              capture_output=True, cwd=ROOT, timeout=120).stdout
    assert len(expected) > 100_000
    r, w = os.pipe()
    fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
    child = subprocess.Popen([sys.executable, "-m", "printkit", "scorepad", "archeo", "-o", "-"], stdout=w,
                             stderr=subprocess.PIPE, cwd=ROOT)
    os.close(w)
    err = []
    reader = threading.Thread(target=lambda: err.append(child.stderr.read()))
    reader.start()
    time.sleep(1.5)  # the pipe fills while nobody reads
    chunks = []
    while chunk := os.read(r, 1 << 16):
        chunks.append(chunk)
    os.close(r)
    child.wait(timeout=120)
    reader.join()
    assert child.returncode == 0, err
    assert b"".join(chunks) == expected


# 11. many elements on many cards -----------------------------------------------------------------------

def _text_layout(path: Path, elements: int) -> Path:
    one = '[[element]]\ntype = "text"\nx = 3\ny = 3\nw = 50\ntext = "{{ title }}"\nsize = 9\n'
    path.write_text('[card]\nsize = "poker"\n' + one * elements, encoding="utf-8")
    return path


def _titles(path: Path, rows: int) -> Path:
    path.write_text("title\n" + "".join(f"T{i}\n" for i in range(rows)), encoding="utf-8")
    return path


def test_a_layout_of_thousands_of_elements_on_thousands_of_cards_is_refused_before_the_work(tmp_path):
    """MAX_CARDS (50,000) "keeps a hostile data file from running for hours",
    but a layout's elements were not counted: 3,000 text elements (a 225 kB
    layout) on 700 rows of a 5 kB CSV are 2.1 million texts laid out, about
    30 s of CPU (on 50,000 rows, hours).  Refused at once, one line."""
    import time

    start = time.process_time()
    r = run("deck", _titles(tmp_path / "cards.csv", 700), "--layout", _text_layout(tmp_path / "many.toml", 3000),
            "--out", tmp_path / "out", "-q")
    spent = time.process_time() - start
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "700 cards" in line and "3,000 elements" in line and "2,000,000" in line, line
    assert spent < 10, spent
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_the_element_budget_counts_cards_times_elements(tmp_path, monkeypatch):
    """At the budget a deck builds; one element more is refused."""
    import printkit.deck as deck

    monkeypatch.setattr(deck, "MAX_ELEMENT_DRAWS", 400, raising=False)
    data = _titles(tmp_path / "cards.csv", 20)
    ok = run("deck", data, "--layout", _text_layout(tmp_path / "twenty.toml", 20), "--out", tmp_path / "out", "-q")
    assert ok.exit_code == 0, ok.output
    r = run("deck", data, "--layout", _text_layout(tmp_path / "more.toml", 21), "--out", tmp_path / "out2", "-q")
    assert r.exit_code == 1, r.output
    assert "21 elements" in _one_line(r.output)


def _long_text_deck(tmp_path: Path, elements: int, chars: int) -> tuple[Path, Path]:
    words = " ".join(f"w{i:04d}" for i in range(chars // 6 + 1))[:chars]
    data = tmp_path / "long.csv"
    data.write_text(f'title,text\nA,"{words}"\n', encoding="utf-8")
    one = '[[element]]\ntype = "text"\nx = 3\ny = {y}\nw = 50\nh = 60\ntext = "{{{{ text }}}}"\nsize = 9\nmin_size = 1\n'
    layout = tmp_path / f"l{elements}.toml"
    layout.write_text('[card]\nsize = "poker"\n' + "".join(one.format(y=3 + i % 5) for i in range(elements)),
                      encoding="utf-8")
    return data, layout


def test_long_texts_on_many_elements_stop_at_the_wrapping_budget(tmp_path, monkeypatch):
    """The element budget counts elements, not their text: one card of
    19,000-character texts in 2,000 elements (min_size = 1: each shrunk step
    by step) took some 0.06 s an element — 2 minutes, 30 minutes for a 2 MB
    layout.  Every character wrapped now counts against a budget
    (MAX_TEXT_WRAPPED; lowered here): past it, one line, nothing written."""
    import printkit.deck as deck

    monkeypatch.setattr(deck, "MAX_TEXT_WRAPPED", 200_000, raising=False)
    data, layout = _long_text_deck(tmp_path, 40, 3000)
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "200,000 characters" in line and "l40.toml" in line, line
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))
    small_data, small = _long_text_deck(tmp_path, 2, 3000)  # well within it: built
    ok = run("deck", small_data, "--layout", small, "--out", tmp_path / "out2", "-q")
    assert ok.exit_code == 0, ok.output

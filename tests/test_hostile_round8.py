"""Round eight of hostile input: what a stranger's theme, deck or card data
can make printkit do, measured on what a user gets (the exit code, one error
line, the files written, the memory a refusal takes).

Sections:

1. font licences: a font whose OS/2 ``fsType`` forbids embedding it
   (``0x0002`` restricted licence embedding), its outlines (``0x0200``
   bitmap embedding only) or a subset of it (``0x0100`` no subsetting) was
   embedded, subset, in every PDF without a word — named by a theme's
   ``[fonts]``, a deck layout by file (``.ttf``, or ``.otf`` converted to
   TrueType first) or by installed name, or loaded by a theme's CSS with
   ``@font-face``; and an installed font a theme's CSS names by family (or
   pango falls back to), which passed no font check at all; and
   ``--fillable`` sheets, whose fields are typed into in the theme's body
   font (embedded whole), with a font licensed for preview & print only
   (``0x0004``: the document must stay read-only);
2. standard error unwritable: ``printkit build … 2>/dev/full`` stopped with
   exit 1 and no files (the first progress line failed: ENOSPC), and with
   ``2>&-`` the progress lines went to standard output, into the list of
   files written (``print(file=None)``);
3. spreadsheet memory: an ``.xlsx`` whose shared strings unpack to 200 MB
   (878 kB on disk) took 450 MB before it was refused — openpyxl reads the
   shared strings whole, and only the total unpacked size (256 MB) was
   bounded: now its XML is bounded (64 MB) and so is the text between two
   tags (2 MB), both counted while unpacking, before openpyxl runs;
4. deck pictures: nine 20-megapixel PNGs (87 kB each) used by the cards in
   turn took 413 MB — eight decoded pictures kept whatever their size, each
   twice (Pillow's and reportlab's copies), and every card decoded its
   picture twice (checked, then drawn); now the pictures kept hold at most
   40 megapixels together and a picture's bytes are checked once; and a
   damaged picture named by every card was decoded again on every card to
   be refused (100 cards of a cut 20-megapixel PNG: 3.3 s, now 0.6 s);
5. deck fonts by name and per card: a font name with a typo was looked up
   (fontconfig, twice) again on every card — 300 cards took 7 s to say so,
   50,000 about 20 minutes — and a ``font = "{{ f }}"`` could name a new
   font on every card (each looked up, read and checked: one font under 30
   names was checked 30 times); now a failed font fails at once on the next
   cards, a deck names at most 64 fonts besides the theme's, and a font's
   bytes are checked once;
6. a theme stylesheet's ``data:`` URLs: a font (or picture) in one went to
   weasyprint unchecked — a WOFF2 font (which unpacks without limit: a
   600 kB one took 3.2 GB), a font whose licence forbids embedding, a
   picture past the pixel cap; now decoded and held to the checks of the
   theme's files;
7. an SVG picture of one ``<path>`` of 1.5 million segments (13 MB): one
   shape under the 20,000-shape budget, it took 24 s and 626 MB to draw;
   now the outline data drawn per document is bounded too; and so are an
   SVG's text (one 2-million-character ``<text>``, 2 MB: 2.9 GB before the
   layout's time limit), its elements, counted before weasyprint parses it
   (a million empty ``<g/>``, 4 MB: 27 s and 2.1 GB before the drawing
   budget refused it), and a document's elements (a template loop writing
   400,000 ``<g/>`` into an inline ``<svg>``: 87 s and 3.9 GB);
8. a theme picture weasyprint cannot parse (an SVG cut short, a gzipped
   ``.svgz``) was left out of the document with no word, exit 0;
9. a GIF of 200,000 one-pixel frames (5 MB, 0.2 megapixels in all) took 20 s
   to be checked, every frame decoded, to print its first: at most 1,000
   frames now.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_checks import invoke as run, one_line as _one_line

from printkit import PrintkitError

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "deck"


# 1. font licences -------------------------------------------------------------------------------------

def _source_sans() -> Path:
    """The bundled theme's body font (an OFL font installed by pip; fsType 0)."""
    import importlib.util

    spec = importlib.util.find_spec("font_source_sans_pro")
    return Path(list(spec.submodule_search_locations)[0]) / "files" / "SourceSansPro-Regular.ttf"


def _with_fs_type(data: bytes, fs_type: int) -> bytes:
    """The font ``data`` with its OS/2 ``fsType`` set to ``fs_type`` (fontTools)."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data))
    font["OS/2"].fsType = fs_type
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _font(path: Path, fs_type: int) -> Path:
    path.write_bytes(_with_fs_type(_source_sans().read_bytes(), fs_type))
    return path


def _box_otf(fs_type: int) -> bytes:
    """A tiny OpenType font with CFF (PostScript) outlines ('A' a box), its fsType ``fs_type``."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    order = [".notdef", "space", "A"]
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({32: "space", 65: "A"})
    strings = {}
    for g in order:
        pen = T2CharStringPen(600, None)
        if g != "space":
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((550, 700))
            pen.lineTo((550, 0))
            pen.closePath()
        strings[g] = pen.getCharString()
    fb.setupCFF("BoxLicence-Regular", {"FullName": "Box Licence"}, strings, {})
    fb.setupHorizontalMetrics({g: (600, 50) for g in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Box Licence", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, fsType=fs_type)
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


REFUSED = [(0x0002, "restricted licence embedding"), (0x0102, "restricted licence embedding"),
           (0x0200, "bitmap embedding only"), (0x0204, "bitmap embedding only"),
           (0x0100, "no subsetting"), (0x0108, "no subsetting")]
#: Preview & print, editable, installable; restricted beside a wider right (the least restrictive counts).
ALLOWED = [0x0000, 0x0004, 0x0008, 0x0006, 0x000A, 0x000C]


@pytest.mark.parametrize("fs_type, why", REFUSED)
def test_the_font_check_refuses_a_font_whose_licence_forbids_what_a_pdf_does(fs_type, why):
    from printkit.theme import font_problem

    problem = font_problem(_with_fs_type(_source_sans().read_bytes(), fs_type))
    assert problem and "licence" in problem and why in problem and f"0x{fs_type:04X}" in problem, problem


@pytest.mark.parametrize("fs_type", ALLOWED)
def test_the_font_check_passes_a_font_whose_licence_allows_embedding(fs_type):
    from printkit.theme import font_problem

    assert font_problem(_with_fs_type(_source_sans().read_bytes(), fs_type)) is None


def _theme(tmp_path: Path, font: str) -> Path:
    folder = tmp_path / "licensed"
    folder.mkdir()
    (folder / "theme.toml").write_text(f'[theme]\nname = "licensed"\n\n[fonts]\nbody = "{font}"\n', encoding="utf-8")
    return folder


def _nothing_written(out: Path) -> bool:
    return not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


@pytest.mark.parametrize("fs_type, why", [(0x0002, "restricted licence embedding"), (0x0200, "bitmap embedding only")])
def test_a_theme_font_whose_licence_forbids_embedding_is_one_line(tmp_path, cache_root, fs_type, why):
    """A theme's ``[fonts] body`` whose licence forbids embedding: the kit
    embedded it, subset, without a word.  Now one line naming the theme file,
    the role and the font file, exit 1, nothing written."""
    theme = _theme(tmp_path, "Secret.ttf")
    _font(theme / "Secret.ttf", fs_type)
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out)
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "theme.toml" in line and "[fonts] body" in line and "Secret.ttf" in line, line
    assert "licence" in line and why in line, line
    assert _nothing_written(out)


def test_a_theme_otf_whose_licence_forbids_embedding_is_refused_before_conversion(tmp_path, cache_root):
    """An ``.otf`` (PostScript outlines) is converted to TrueType and the copy
    kept in the cache: a restricted one is refused first, no copy made."""
    theme = _theme(tmp_path, "Secret.otf")
    (theme / "Secret.otf").write_bytes(_box_otf(0x0002))
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--theme", theme, "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "Secret.otf" in line and "[fonts] body" in line and "restricted licence embedding" in line, line
    assert not list(cache_root.rglob("*.ttf")), list(cache_root.rglob("*"))
    assert _nothing_written(tmp_path / "out")


FONT_LAYOUT = ('[card]\nname = "f"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nw = 50\n'
               'text = "{{ t }}"\nfont = "FONT"\nsize = 30\n')


def _font_deck(tmp_path: Path, font: str):
    layout = tmp_path / "front.toml"
    layout.write_text(FONT_LAYOUT.replace("FONT", font), encoding="utf-8")
    data = tmp_path / "d.csv"
    data.write_text("t\nAAA\n", encoding="utf-8")
    return run("deck", data, "--layout", layout, "--out", tmp_path / "out", "--bleed", "0mm")


@pytest.mark.parametrize("name, fs_type", [("secret.ttf", 0x0002), ("nosub.ttf", 0x0100), ("secret.otf", 0x0002)])
def test_a_deck_font_file_whose_licence_forbids_embedding_is_one_line(tmp_path, cache_root, name, fs_type):
    if name.endswith(".otf"):
        (tmp_path / name).write_bytes(_box_otf(fs_type))
    else:
        _font(tmp_path / name, fs_type)
    r = _font_deck(tmp_path, name)
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "front.toml" in line and name in line and "licence" in line, line
    assert _nothing_written(tmp_path / "out")
    assert not list(cache_root.rglob("*.ttf"))  # an .otf: never converted


def test_a_deck_font_whose_licence_allows_print_embedding_still_prints(tmp_path, cache_root):
    """Positive control: preview & print embedding (0x0004) is what a PDF does."""
    _font(tmp_path / "print.ttf", 0x0004)
    r = _font_deck(tmp_path, "print.ttf")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "out" / "f.pdf").read_bytes()[:5] == b"%PDF-"


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """``install(name, data)``: a font installed for fontconfig (``FONTCONFIG_FILE``
    naming a configuration of one font folder of the test's own)."""
    if not (Path("/usr/bin/fc-match").exists() or any(
            (Path(p) / "fc-match").exists() for p in os.environ.get("PATH", "").split(os.pathsep))):
        pytest.skip("fontconfig's fc-match is not installed")
    folder = tmp_path / "fonts-installed"
    folder.mkdir()
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?>\n<fontconfig><dir>{folder}</dir>'
                    f'<cachedir>{tmp_path / "fc-cache"}</cachedir></fontconfig>\n', encoding="utf-8")
    monkeypatch.setenv("FONTCONFIG_FILE", str(conf))

    def install(name: str, data: bytes) -> None:
        (folder / name).write_bytes(data)
    return install


def test_an_installed_font_whose_licence_forbids_embedding_is_one_line(tmp_path, cache_root, installed):
    """A deck's ``font = "Source Sans Pro"`` found by fontconfig: the installed
    font's licence forbids embedding, so one line naming it, exit 1."""
    installed("SourceSansPro-Regular.ttf", _with_fs_type(_source_sans().read_bytes(), 0x0002))
    r = _font_deck(tmp_path, "Source Sans Pro")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "front.toml" in line and "Source Sans Pro" in line and "restricted licence embedding" in line, line
    assert _nothing_written(tmp_path / "out")


def test_a_theme_font_by_installed_name_whose_licence_forbids_embedding_is_one_line(tmp_path, cache_root, installed):
    """A theme's ``[fonts] body = "Source Sans Pro"`` found by fontconfig, restricted: one line, exit 1."""
    installed("SourceSansPro-Regular.ttf", _with_fs_type(_source_sans().read_bytes(), 0x0002))
    theme = _theme(tmp_path, "Source Sans Pro")
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--theme", theme, "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "theme.toml" in line and "[fonts] body" in line and "SourceSansPro-Regular.ttf" in line, line
    assert "restricted licence embedding" in line, line
    assert _nothing_written(tmp_path / "out")


def _high_score_log(theme_dir: Path) -> bytes:
    """The Archaeology high-score log (a one-page theme document) in ``theme_dir``."""
    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper
    from printkit.registry import get_game
    from printkit.theme import load_theme

    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(str(theme_dir)))
    (part,) = [p for p in get_game("archaeology").parts(opts) if p.name == "high-score-log"]
    return part.document()


def test_a_font_face_in_a_theme_stylesheet_whose_licence_forbids_embedding_is_refused(tmp_path, cache_root,
                                                                                     monkeypatch):
    """A theme's ``base.css`` loading a restricted font with ``@font-face``:
    weasyprint embedded it.  Now the document is one error naming the font."""
    monkeypatch.chdir(tmp_path)
    made = run("new-theme", "css", "--copy-templates")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "themes" / "css"
    _font(folder / "secret.ttf", 0x0002)
    sheet = folder / "base.css"
    sheet.write_text(sheet.read_text(encoding="utf-8") + '\n@font-face { font-family: "Secret"; src: url(secret.ttf); }'
                     '\nbody, h1, h2, p, td { font-family: "Secret"; }\n', encoding="utf-8")
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "secret.ttf" in line and "restricted licence embedding" in line and "\n" not in line, line


LOG_IN_A_CHILD = """
import sys
from printkit import PrintkitError
from printkit.gamekit.options import BuildOptions
from printkit.paper import get_paper
from printkit.registry import get_game
from printkit.theme import load_theme

opts = BuildOptions(paper=get_paper("a4"), theme=load_theme(sys.argv[1]))
(part,) = [p for p in get_game("archaeology").parts(opts) if p.name == "high-score-log"]
try:
    pdf = part.document()
except PrintkitError as exc:
    print("refused:", exc)
else:
    print("written:", len(pdf))
"""


@pytest.mark.parametrize("fs_type, verdict", [(0x0002, "refused"),
                                              pytest.param(0x0004, "written", marks=pytest.mark.slow)])
def test_an_installed_font_a_theme_stylesheet_names_is_held_to_its_licence(tmp_path, cache_root, installed,
                                                                           monkeypatch, fs_type, verdict):
    """A theme's ``base.css`` naming an installed font by family (no
    ``@font-face``): pango found it through fontconfig and weasyprint embedded
    it, past every font check.  Now a font whose licence forbids embedding is
    one error naming it; one that allows print embedding is used (control).
    In a child process: fontconfig reads ``FONTCONFIG_FILE`` once per process."""
    monkeypatch.chdir(tmp_path)
    made = run("new-theme", "css", "--copy-templates")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "themes" / "css"
    installed("SourceSansPro-Regular.ttf", _with_fs_type(_source_sans().read_bytes(), fs_type))
    sheet = folder / "base.css"
    sheet.write_text(sheet.read_text(encoding="utf-8") + '\nbody, h1, h2, h3, p, td, th, li '
                     '{ font-family: "Source Sans Pro" !important; }\n', encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", LOG_IN_A_CHILD, str(folder)], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert r.stdout.startswith(verdict), r.stdout
    if verdict == "refused":
        line = r.stdout.strip()
        assert "archaeology-highscores" in line and "'Source Sans Pro'" in line, line
        assert "restricted licence embedding" in line and "\n" not in line, line


@pytest.mark.parametrize("fs_type, refused", [(0x0004, True), (0x0006, True), (0x0000, False), (0x0008, False),
                                              (0x000C, False), (0x0002, True)])
def test_typing_into_a_font_is_allowed_by_installable_and_editable_licences_only(fs_type, refused):
    from printkit.fontfiles import editing_problem

    problem = editing_problem(_with_fs_type(_source_sans().read_bytes(), fs_type))
    assert bool(problem) is refused, problem
    assert not problem or "licence" in problem


def test_fillable_sheets_in_a_preview_and_print_font_are_one_line(tmp_path, cache_root):
    """``build archeotrek --fillable`` in a theme whose body font is licensed
    for preview & print only: the fields were typed into in it (embedded
    whole), editing a document its licence says must stay read-only.  Now one
    line naming --fillable and the font, exit 1, nothing written."""
    theme = _theme(tmp_path, "Print.ttf")
    _font(theme / "Print.ttf", 0x0004)
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--fillable", "--theme", theme, "--out", out)
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "--fillable" in line and "Print.ttf" in line and "preview and print only" in line, line
    assert _nothing_written(out)


# 2. standard error unwritable ----------------------------------------------------------------------------

def _cli(args, stderr, tmp_path: Path, close_stderr: bool = False):
    """``printkit ARGS`` in a child, its standard error ``stderr`` (a file
    object or ``subprocess`` constant), or closed (``2>&-``); progress on."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PRINTKIT_PROGRESS="lines", PRINTKIT_CACHE_DIR=str(tmp_path / "pkc"))
    cmd = [sys.executable, "-m", "printkit", *map(str, args)]
    if close_stderr:
        cmd = ["sh", "-c", 'exec "$0" "$@" 2>&-', *cmd]
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env, cwd=tmp_path, timeout=120)


def _pdfs(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.pdf") if p.read_bytes()[:5] == b"%PDF-") if folder.exists() else []


@pytest.mark.slow  # a kit built in a child (4 s); the deck tests below hold the same in the default run
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_build_whose_standard_error_is_full_still_writes_its_kit(tmp_path):
    """``printkit build archeotrek 2>/dev/full``: the progress line could not be
    written (ENOSPC) and the build stopped, exit 1, nothing written.  Notes
    that go nowhere do not stop a build: the kit is written, exit 0."""
    with open("/dev/full", "w") as full:
        r = _cli(["build", "archeotrek", "--players", "1", "--out", tmp_path / "out"], full, tmp_path)
    assert r.returncode == 0, r.stdout
    assert _pdfs(tmp_path / "out") == ["archeotrek-kit.pdf", "dig-site-sheets.pdf", "rules-reference.pdf",
                                       "tokens.pdf"]
    assert "archeotrek-kit.pdf" in r.stdout


@pytest.mark.parametrize("how", ["closed", "full", "broken pipe"])
def test_a_deck_whose_standard_error_cannot_be_written_still_writes_its_deck(tmp_path, how):
    """The same for ``printkit deck`` with standard error closed (``2>&-``: the
    progress lines went to standard output, among the files written), full, or
    a pipe nobody reads (EPIPE)."""
    if how == "full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    args = ["deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", tmp_path / "out"]
    if how == "closed":
        r = _cli(args, None, tmp_path, close_stderr=True)
    elif how == "full":
        with open("/dev/full", "w") as full:
            r = _cli(args, full, tmp_path)
    else:
        read, write = os.pipe()
        os.close(read)
        try:
            r = _cli(args, write, tmp_path)
        finally:
            os.close(write)
    assert r.returncode == 0, r.stdout
    assert _pdfs(tmp_path / "out") == ["finds.pdf"]
    assert r.stdout.splitlines() and all("finds.pdf" in line for line in r.stdout.splitlines()), r.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_bad_data_with_standard_error_full_still_exits_1(tmp_path):
    """Control: the exit code is the command's — bad card data is exit 1,
    nothing written, its error line lost with the rest of standard error."""
    bad = tmp_path / "bad.csv"
    bad.write_text("title,qty\nAmphora,lots\n", encoding="utf-8")
    with open("/dev/full", "w") as full:
        r = _cli(["deck", bad, "--layout", EX / "front.toml", "--out", tmp_path / "out"], full, tmp_path)
    assert r.returncode == 1 and r.stdout == "", r.stdout
    assert _pdfs(tmp_path / "out") == []


# 3. spreadsheet memory -----------------------------------------------------------------------------------

SST = b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'


def _xlsx_with_shared_strings(path: Path, pieces, count: int) -> None:
    """A one-card .xlsx openpyxl wrote, plus ``xl/sharedStrings.xml`` (declared
    in its content types): ``SST``, then ``pieces`` written ``count`` times,
    streamed into the ZIP (deflate level 1: a few hundred kB on disk)."""
    import zipfile

    import openpyxl

    wb = openpyxl.Workbook()
    for row in (["title", "value", "qty"], ["Amphora", 3, 1]):
        wb.active.append(row)
    raw = io.BytesIO()
    wb.save(raw)
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                                    b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
            dst.writestr(info.filename, data)
        with dst.open("xl/sharedStrings.xml", "w", force_zip64=True) as member:
            member.write(SST + (b"<si><t>" if pieces[:1] != b"<" else b""))
            for _ in range(count):
                member.write(pieces)
            member.write((b"</t></si>" if pieces[:1] != b"<" else b"") + b"</sst>")


def _peak_kb(*args, cwd: Path) -> tuple[int, str, int]:
    """``printkit ARGS`` in a child: exit code, standard error and its peak
    resident memory in kB (``VmHWM``, the child's own since its exec)."""
    code = ("import re, runpy, sys\nsys.argv = ['printkit'] + sys.argv[1:]\n"
            "try:\n    runpy.run_module('printkit', run_name='__main__')\nfinally:\n"
            "    hwm = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)\n"
            "    sys.stderr.write('\\nMAXRSS=%s\\n' % hwm)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PRINTKIT_CACHE_DIR=str(cwd / "pkc"))
    r = subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True, cwd=cwd,
                       env=env, timeout=120)
    err, _, rss = r.stderr.rpartition("MAXRSS=")
    return r.returncode, err, int(rss)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (VmHWM)")
@pytest.mark.parametrize("shape", ["one 200 MB string", "240,000 strings of 800 characters"])
def test_an_xlsx_whose_shared_strings_unpack_to_200_mb_is_refused_in_little_memory(tmp_path, shape):
    """One 200 MB shared string took 450 MB, 192 MB of short ones 280 MB, before
    anything refused them (openpyxl reads the shared strings whole; the one
    string was in no cell, so nothing refused it at all).  Now one line naming
    the file and part, exit 1, in well under 100 MB."""
    data = tmp_path / "cards.xlsx"
    if shape.startswith("one"):  # an unclosed <si><t>, then 200 MB of "A"
        _xlsx_with_shared_strings(data, b"A" * (1 << 20), 200)
        said = "between two tags"
    else:
        _xlsx_with_shared_strings(data, b"<si><t>" + b"A" * 800 + b"</t></si>", 240_000)
        said = "XML unpacks to more than"
    assert data.stat().st_size < 2_000_000
    code, err, rss_kb = _peak_kb("deck", data, "--layout", EX / "front.toml", "--out", tmp_path / "out", "-q",
                                 cwd=tmp_path)
    assert code == 1, err
    line = _one_line(err)
    assert data.name in line and "xl/sharedStrings.xml" in line and said in line, line
    assert rss_kb < 100_000, rss_kb
    assert _pdfs(tmp_path / "out") == []


def test_an_xlsx_of_long_texts_under_the_caps_is_still_read(tmp_path):
    """Control: 400 shared strings of 19,000 characters (7.6 MB, a cell each
    just under the cell cap) are read."""
    from printkit.deck import load_rows

    data = tmp_path / "long.xlsx"
    _xlsx_with_shared_strings(data, b"<si><t>" + b"B" * 19_000 + b"</t></si>", 400)
    rows = load_rows(data)
    assert [r["title"] for r in rows] == ["Amphora"]


# 4. deck pictures -------------------------------------------------------------------------------------------

@pytest.mark.slow  # 18 cards of 20-megapixel pictures in a child: 3–7 s
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (VmHWM)")
def test_large_pictures_used_in_turn_are_not_all_kept_decoded(tmp_path):
    """Nine 20-megapixel pictures, card after card in turn (18 cards): 413 MB
    before, 178 MB now (the PDF the same bytes)."""
    from PIL import Image

    for i in range(9):
        Image.new("L", (5000, 4000), i * 20).save(tmp_path / f"img{i}.png", compress_level=1)
    (tmp_path / "cards.csv").write_text("n,src\n" + "".join(f"{k},img{k % 9}.png\n" for k in range(18)),
                                        encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "pics"\nsize = "poker"\n\n[[element]]\ntype = "image"\n'
                                         'x = 0\ny = 0\nw = 63.5\nh = 88.9\nsrc = "{{ src }}"\n\n[[element]]\n'
                                         'type = "text"\nx = 5\ny = 5\ntext = "{{ n }}"\n', encoding="utf-8")
    code, err, rss_kb = _peak_kb("deck", "cards.csv", "--layout", "front.toml", "--out", "out", "-q", cwd=tmp_path)
    assert code == 0, err
    assert _pdfs(tmp_path / "out") == ["pics.pdf"]
    assert rss_kb < 280_000, rss_kb


def test_a_damaged_picture_on_every_card_is_decoded_once(tmp_path, monkeypatch):
    from PIL import Image

    import printkit.deck

    noise = Image.effect_noise((300, 300), 64)
    buf = io.BytesIO()
    noise.save(buf, "PNG")
    (tmp_path / "cut.png").write_bytes(buf.getvalue()[:-400])  # a broken download
    (tmp_path / "cards.csv").write_text("n,img\n" + "".join(f"{k},cut.png\n" for k in range(200)), encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "pics"\nsize = "poker"\n\n[[element]]\ntype = "image"\n'
                                         'x = 0\ny = 0\nw = 63.5\nh = 88.9\nsrc = "{{ img }}"\n\n[[element]]\n'
                                         'type = "text"\nx = 5\ny = 5\ntext = "{{ n }}"\n', encoding="utf-8")
    decoded: list[int] = []
    real = printkit.deck.image_decode_problem
    monkeypatch.setattr(printkit.deck, "image_decode_problem", lambda data: decoded.append(1) or real(data))
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "cut.png" in line and "damaged" in line and "199 more" in line, line
    assert len(decoded) == 1, len(decoded)
    assert _nothing_written(tmp_path / "out")


# 5. deck fonts by name and per card ---------------------------------------------------------------------

PER_CARD_FONT = ('[card]\nname = "f"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nw = 50\n'
                 'text = "{{ n }}"\nfont = "{{ f }}"\nsize = 12\n')


def _per_card_deck(tmp_path: Path, fonts: list[str]):
    layout = tmp_path / "front.toml"
    layout.write_text(PER_CARD_FONT, encoding="utf-8")
    data = tmp_path / "d.csv"
    data.write_text("n,f\n" + "".join(f"{k},{f}\n" for k, f in enumerate(fonts)), encoding="utf-8")
    return run("deck", data, "--layout", layout, "--out", tmp_path / "out", "--bleed", "0mm")


@pytest.fixture
def lookups(monkeypatch):
    """The installed-font names looked up (fontconfig) from now on."""
    from printkit import fontfiles

    asked: list[str] = []
    real = fontfiles.installed_font

    def counted(name, *args, **kw):
        asked.append(name)
        return real(name, *args, **kw)
    monkeypatch.setattr(fontfiles, "installed_font", counted)
    return asked


def test_a_misspelt_font_name_on_many_cards_is_looked_up_once(tmp_path, lookups):
    r = _per_card_deck(tmp_path, ["Nofont Serif"] * 300)
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "'Nofont Serif'" in line and "the same on 299 more" in line, line
    assert lookups == ["Nofont Serif"]
    assert _nothing_written(tmp_path / "out")


def test_a_deck_naming_a_new_font_on_every_card_stops_at_64(tmp_path, lookups):
    r = _per_card_deck(tmp_path, [f"Nofont {k}" for k in range(300)])
    assert r.exit_code == 1, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 2 and "Traceback" not in r.output, r.output
    assert "'Nofont 64'" in lines[1] and "more than 64 fonts" in lines[1] and "alike on 235 more" in lines[1], lines
    assert len(lookups) == 64
    assert _nothing_written(tmp_path / "out")


def test_one_font_under_many_names_is_checked_once(tmp_path, cache_root, monkeypatch):
    """Thirty copies of one font file, one per card: printed, the font's
    bytes checked once (they were checked per name).  Control: two fonts."""
    import uuid

    from fontTools.ttLib import TTFont

    import printkit.theme

    font = TTFont(_source_sans())
    font["name"].setName(f"Copy {uuid.uuid4().hex}", 3, 3, 1, 0x409)  # bytes no earlier check remembers
    out = io.BytesIO()
    font.save(out)
    for k in range(30):
        (tmp_path / f"f{k}.ttf").write_bytes(out.getvalue())
    checked: list[int] = []
    real = printkit.theme.font_problem
    monkeypatch.setattr(printkit.theme, "font_problem", lambda data: checked.append(len(data)) or real(data))
    r = _per_card_deck(tmp_path, [f"f{k}.ttf" for k in range(30)] + ["body"])
    assert r.exit_code == 0, r.output
    assert checked.count(len(out.getvalue())) == 1, checked  # (the theme's own fonts are checked too)
    from pypdf import PdfReader

    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "f.pdf").pages).split()
    assert {str(k) for k in range(31)} <= set(text), text  # every card printed


# 6. a theme stylesheet's data: URLs ------------------------------------------------------------------------

def _data_url_theme(tmp_path: Path, monkeypatch, mime: str, data: bytes, css: str) -> Path:
    import base64

    monkeypatch.chdir(tmp_path)
    made = run("new-theme", "durl", "--copy-templates")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "themes" / "durl"
    sheet = folder / "base.css"
    url = f"data:{mime};base64,{base64.b64encode(data).decode()}"
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n" + css.replace("URL", url) + "\n", encoding="utf-8")
    return folder


FACE = '@font-face { font-family: "Inline"; src: url(URL); } body, h1, h2, p, td { font-family: "Inline"; }'


def _woff2(data: bytes) -> bytes:
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data))
    font.flavor = "woff2"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@pytest.mark.parametrize("what, mime, make, said", [
    ("woff2", "font/woff2", lambda: _woff2(_box_otf(0)), "web font (WOFF)"),
    ("restricted", "font/ttf", lambda: _with_fs_type(_source_sans().read_bytes(), 0x0002), "restricted licence"),
])
def test_a_font_in_a_data_url_is_held_to_the_theme_font_checks(tmp_path, cache_root, monkeypatch, what, mime, make,
                                                                said):
    folder = _data_url_theme(tmp_path, monkeypatch, mime, make(), FACE)
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "data:" in line and "in a data: URL" in line and said in line and "\n" not in line, line


def test_a_picture_in_a_data_url_past_the_pixel_cap_is_refused(tmp_path, cache_root, monkeypatch):
    from PIL import Image

    big = io.BytesIO()
    Image.new("L", (8000, 6000)).save(big, "PNG")  # 48 megapixels in 47 kB
    folder = _data_url_theme(tmp_path, monkeypatch, "image/png", big.getvalue(),
                             "body { background-image: url(URL); }")
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "image in a data: URL" in line and "megapixels" in line, line


def test_a_font_in_a_data_url_that_passes_is_used(tmp_path, cache_root, monkeypatch):
    """Control: an embeddable TrueType font in a data: URL lays the document out."""
    folder = _data_url_theme(tmp_path, monkeypatch, "font/ttf", _source_sans().read_bytes(), FACE)
    assert _high_score_log(folder)[:5] == b"%PDF-"


# 7. SVG outlines ---------------------------------------------------------------------------------------------

def _svg_theme(tmp_path: Path, monkeypatch, segments: int = 0, body: str = "") -> Path:
    """themes/svg: its base.css draws ``lines.svg`` (one path of ``segments``
    segments, or ``body``) behind every document's text."""
    monkeypatch.chdir(tmp_path)
    made = run("new-theme", "svg", "--copy-templates")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "themes" / "svg"
    d = "M0 0 " + " ".join(f"L{k % 1000} {(k * 7) % 1000}" for k in range(segments))
    body = body or f'<path d="{d}" stroke="black" fill="none"/>'
    (folder / "lines.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" '
                                      f'viewBox="0 0 1000 1000">{body}</svg>', encoding="utf-8")
    sheet = folder / "base.css"
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\nbody { background-image: url(lines.svg); "
                     "background-size: 50mm 50mm; background-repeat: no-repeat; }\n", encoding="utf-8")
    return folder


def test_an_svg_path_of_a_quarter_million_segments_is_refused_at_once(tmp_path, cache_root, monkeypatch):
    folder = _svg_theme(tmp_path, monkeypatch, 250_000)
    assert (folder / "lines.svg").stat().st_size < 3_000_000
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "lines.svg" in line and "2,000,000 characters of outlines" in line and "\n" not in line, line


def test_an_svg_path_of_a_few_thousand_segments_is_drawn(tmp_path, cache_root, monkeypatch):
    """Control: 5,000 segments draw (the page's ink covers the picture's corner)."""
    folder = _svg_theme(tmp_path, monkeypatch, 5_000)
    pdf = _high_score_log(folder)
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(pdf)[0]
    image = page.render(scale=1).to_pil().convert("L")
    plain = _high_score_log_plain(tmp_path)
    base = pdfium.PdfDocument(plain)[0].render(scale=1).to_pil().convert("L")
    assert image.tobytes() != base.tobytes()  # the lines changed the page


def _high_score_log_plain(tmp_path: Path) -> bytes:
    from printkit.gamekit.options import BuildOptions
    from printkit.paper import get_paper
    from printkit.registry import get_game
    from printkit.theme import load_theme

    opts = BuildOptions(paper=get_paper("a4"), theme=load_theme("classic"))
    (part,) = [p for p in get_game("archaeology").parts(opts) if p.name == "high-score-log"]
    return part.document()


@pytest.mark.parametrize("body, said", [
    ('<text x="0" y="50" font-size="10">' + "word " * 6_000 + "</text>", "20,000 characters of text"),
    ("<g/>" * 50_000, "SVG picture of about 50,001 elements"),
], ids=["text", "elements"])
def test_an_svg_of_long_text_or_many_elements_is_refused_at_once(tmp_path, cache_root, monkeypatch, body, said):
    folder = _svg_theme(tmp_path, monkeypatch, body=body)
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "lines.svg" in line and said in line and "\n" not in line, line


def test_a_document_of_too_many_elements_is_refused_before_layout(tmp_path, cache_root, monkeypatch):
    """A template loop writing 12,000 elements into an inline <svg> (refused before weasyprint parses it)."""
    monkeypatch.chdir(tmp_path)
    made = run("new-theme", "many", "--copy-templates")
    assert made.exit_code == 0, made.output
    folder = tmp_path / "themes" / "many"
    layout = folder / "_layout.html.j2"
    text = layout.read_text(encoding="utf-8")
    at = text.index(">", text.index("<body")) + 1
    layout.write_text(text[:at] + '<svg width="10" height="10">{% for i in range(3000) %}<g/><g/><g/><g/>{% endfor %}</svg>'
                      + text[at:], encoding="utf-8")
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert "archaeology-highscores" in line and "more than 10,000 elements" in line, line


# 8. a picture weasyprint leaves out -------------------------------------------------------------------------

@pytest.mark.parametrize("name, data, said", [
    ("cut.svg", b'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="50"', "unclosed token"),
    ("art.svgz", None, "not well-formed"),
], ids=["cut svg", "svgz"])
def test_a_picture_weasyprint_cannot_parse_is_one_line_not_left_out(tmp_path, cache_root, monkeypatch, name, data,
                                                                    said):
    import gzip

    folder = _svg_theme(tmp_path, monkeypatch, segments=10)
    if data is None:
        data = gzip.compress((folder / "lines.svg").read_bytes())
    (folder / name).write_bytes(data)
    sheet = folder / "base.css"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("url(lines.svg)", f"url({name})"), encoding="utf-8")
    with pytest.raises(PrintkitError) as caught:
        _high_score_log(folder)
    line = str(caught.value)
    assert name in line and "cannot be drawn" in line and said in line and "\n" not in line, line


# 9. pictures of many frames ---------------------------------------------------------------------------------

def _gif_of_frames(n: int) -> bytes:
    """A GIF of ``n`` one-pixel frames (frame blocks repeated: a few bytes each)."""
    from PIL import Image

    buf = io.BytesIO()
    first, second = Image.new("P", (1, 1), 0), Image.new("P", (1, 1), 1)
    first.save(buf, "GIF", save_all=True, append_images=[second], duration=10, loop=0, disposal=1)
    data = buf.getvalue()
    block = data[data.rfind(b"!\xf9"):-1]
    return data[:-1] + block * (n - 1) + b";"


def test_a_picture_of_thousands_of_frames_is_refused_before_they_are_decoded(tmp_path):
    (tmp_path / "anim.gif").write_bytes(_gif_of_frames(5_000))
    (tmp_path / "cards.csv").write_text("n\n1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "pics"\nsize = "poker"\n\n[[element]]\ntype = "image"\n'
                                         'x = 0\ny = 0\nw = 63.5\nh = 88.9\nsrc = "anim.gif"\n', encoding="utf-8")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "anim.gif" in line and "5,000 frames" in line and "at most 1,000" in line, line
    assert _nothing_written(tmp_path / "out")


def test_a_short_animation_still_prints_its_first_frame(tmp_path):
    """Control: a GIF of 20 frames prints (its first frame)."""
    (tmp_path / "anim.gif").write_bytes(_gif_of_frames(20))
    (tmp_path / "cards.csv").write_text("n\n1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "pics"\nsize = "poker"\n\n[[element]]\ntype = "image"\n'
                                         'x = 0\ny = 0\nw = 63.5\nh = 88.9\nsrc = "anim.gif"\n', encoding="utf-8")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    assert _pdfs(tmp_path / "out") == ["pics.pdf"]

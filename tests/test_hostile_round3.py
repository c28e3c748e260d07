"""Round three of hostile input (after issue 26's caches, deck data formats and
fonts): each case measured on what a user gets — the CLI's exit code, its one
error line, the files written — through a child process, so no in-process
memo hides a cache."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_checks import one_line as _one_line

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "deck"


#: Address space of a child (bytes): a regression that reads without end fails instead of swapping.
AS_LIMIT = 4 * 1024**3


def _limits() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (AS_LIMIT, AS_LIMIT))


def _run(*args, env=None, cwd=None, timeout=300):
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=e,
                          cwd=cwd, timeout=timeout, preexec_fn=_limits)



def _cache_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """Both places a cache may live, inside the test's folder."""
    return {"XDG_CACHE_HOME": str(tmp_path / "xdg"), "PRINTKIT_CACHE_DIR": str(tmp_path / "pkcache"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path), **extra}


def _files_under(*folders: Path) -> list[Path]:
    return [p for f in folders if f.exists() for p in f.rglob("*") if not p.is_dir()]


# ---------------------------------------------------------------- 1. fonts remembered as checked


@pytest.mark.slow  # builds a kit
def test_a_font_check_remembered_in_a_folder_others_can_write_is_not_trusted(tmp_path):
    """The "fonts-ok" markers (a font that passed the check is not checked
    again) are trusted only in a cache folder of the user's own that no one
    else can write: a marker planted in a world-writable folder must not let a
    font with a composite glyph made of itself reach FreeType (a traceback)."""
    from test_hostile_round2 import _cyclic_font

    from printkit.theme import FONT_CHECK_VERSION

    theme = tmp_path / "cyc"
    theme.mkdir()
    _cyclic_font(theme / "cyclic.ttf")
    (theme / "theme.toml").write_text('[theme]\nname = "cyc"\nextends = "classic"\n[fonts]\ndisplay = "cyclic.ttf"\n')
    digest = hashlib.sha256((theme / "cyclic.ttf").read_bytes()).hexdigest()
    for root in (tmp_path / "xdg" / "printkit", tmp_path / "pkcache"):  # wherever the markers are looked for
        folder = root / f"fonts-ok-v{FONT_CHECK_VERSION}"
        folder.mkdir(parents=True)
        (folder / digest).touch()
        folder.chmod(0o777)  # anyone may write here
    r = _run("build", "archeotrek", "--players", "1", "--theme", str(theme), "--out", str(tmp_path / "out"),
             "--format", "preview", cwd=tmp_path, env=_cache_env(tmp_path))
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "cyclic.ttf" in line and "[fonts] display" in line and "composite" in line, line


def test_caches_off_keeps_no_font_check(tmp_path):
    """PRINTKIT_CACHE=off: a deck in the bundled theme writes nothing to any cache folder."""
    env = _cache_env(tmp_path, PRINTKIT_CACHE="off")
    r = _run("deck", str(EX / "cards.csv"), "--layout", str(EX / "front.toml"), "--out", str(tmp_path / "out"),
             "-q", env=env)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out" / "finds.pdf").is_file()
    assert _files_under(tmp_path / "xdg", tmp_path / "pkcache") == []


# ---------------------------------------------------------------- 2. .otf fonts converted to TrueType, remembered


FONT_LAYOUT = ('[card]\nname = "f"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nw = 50\n'
               'text = "{{ t }}"\nfont = "box.otf"\nsize = 30\n')


def _otf_deck(tmp_path: Path) -> tuple[Path, Path, str]:
    """A deck whose layout names an .otf (CFF outlines) next to it; its SHA-256."""
    from test_deck_errors import _box_otf

    deck = tmp_path / "deck"
    deck.mkdir()
    _box_otf(deck / "box.otf")
    (deck / "front.toml").write_text(FONT_LAYOUT)
    (deck / "d.csv").write_text("t\nABBA\n")
    return deck / "d.csv", deck / "front.toml", hashlib.sha256((deck / "box.otf").read_bytes()).hexdigest()


def test_a_converted_font_planted_in_the_cache_is_not_used(tmp_path):
    """The TrueType copy of an .otf is kept in the cache: an entry that is a
    link (to a file that is no font), or a file in a folder anyone may write,
    is not read — the font is converted again and the deck builds."""
    data, layout, digest = _otf_deck(tmp_path)
    junk = tmp_path / "junk"
    junk.write_bytes(b"not a font at all\n" * 10)
    for how in ("link", "world-writable folder"):
        for root in (tmp_path / "xdg" / "printkit", tmp_path / "pkcache"):  # wherever the entry is looked for
            folder = root / "fonts-truetype"
            folder.mkdir(parents=True, exist_ok=True)
            entry = folder / f"{digest}.ttf"
            entry.unlink(missing_ok=True)
            if how == "link":
                folder.chmod(0o700)
                entry.symlink_to(junk)
            else:
                entry.write_bytes(junk.read_bytes())
                folder.chmod(0o777)
        out = tmp_path / f"out-{how[:4]}"
        r = _run("deck", str(data), "--layout", str(layout), "--out", str(out), "-q", "--bleed", "0mm",
                 env=_cache_env(tmp_path))
        assert r.returncode == 0, (how, r.stderr)
        assert (out / "f.pdf").read_bytes().startswith(b"%PDF-")
        assert junk.read_bytes() == b"not a font at all\n" * 10  # the link's target was not written through


def test_caches_off_keeps_no_converted_font(tmp_path):
    """PRINTKIT_CACHE=off: the TrueType copy of an .otf is not kept anywhere."""
    data, layout, digest = _otf_deck(tmp_path)
    r = _run("deck", str(data), "--layout", str(layout), "--out", str(tmp_path / "out"), "-q", "--bleed", "0mm",
             env=_cache_env(tmp_path, PRINTKIT_CACHE="off"))
    assert r.returncode == 0, r.stderr
    assert [p for p in _files_under(tmp_path / "xdg", tmp_path / "pkcache") if digest in p.name] == []


def test_converted_fonts_kept_in_the_cache_are_pruned(tmp_path):
    """The cache keeps a bounded number of TrueType copies: with the folder
    already full of older copies, converting one more removes the oldest and
    keeps the new one (and a user's own file in the folder is left alone)."""
    from printkit.fontfiles import TRUETYPE_CACHE_ENTRIES

    data, layout, digest = _otf_deck(tmp_path)
    folder = tmp_path / "pkcache" / "fonts-truetype"
    folder.mkdir(parents=True)
    folder.chmod(0o700)
    old = [folder / f"{n:064x}.ttf" for n in range(TRUETYPE_CACHE_ENTRIES + 5)]
    for n, path in enumerate(old):
        path.write_bytes(b"old copy")
        os.utime(path, ns=(10**18 + n, 10**18 + n))
    mine = folder / "notes.ttf"
    mine.write_bytes(b"a user's file")
    r = _run("deck", str(data), "--layout", str(layout), "--out", str(tmp_path / "out"), "-q", "--bleed", "0mm",
             env=_cache_env(tmp_path))
    assert r.returncode == 0, r.stderr
    kept = sorted(p.name for p in folder.glob("*.ttf") if p != mine)
    assert len(kept) == TRUETYPE_CACHE_ENTRIES
    assert f"{digest}.ttf" in kept
    assert old[0].name not in kept and old[-1].name in kept
    assert mine.read_bytes() == b"a user's file"


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_an_image_that_is_a_pipe_or_folder_is_named_so(tmp_path, kind):
    """A layout's image that is a pipe or a folder is one line saying it is
    not a regular file (not "not found": it is there), and the pipe is
    never opened (the build would block)."""
    deck = tmp_path / "deck"
    deck.mkdir()
    art = deck / "art.png"
    os.mkfifo(art) if kind == "fifo" else art.mkdir()
    (deck / "front.toml").write_text('[card]\nname = "f"\nsize = "poker"\n\n[[element]]\ntype = "image"\n'
                                     'x = 5\ny = 5\nw = 20\nh = 20\nsrc = "art.png"\n')
    (deck / "d.csv").write_text("t\nA\n")
    r = _run("deck", str(deck / "d.csv"), "--layout", str(deck / "front.toml"), "--out", str(tmp_path / "out"),
             "-q", timeout=60)
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "art.png" in line and "is not a regular file" in line, line
    assert not (tmp_path / "out").exists() or _files_under(tmp_path / "out") == []


# ---------------------------------------------------------------- 3. the document cache's listed files


@pytest.mark.slow  # builds a kit twice
@pytest.mark.parametrize("swap", ["fifo", "dev-zero link"])
def test_a_theme_image_swapped_for_a_pipe_after_a_build_is_one_line(tmp_path, swap):
    """A document cache entry lists the theme files its layout read; the next
    build checks them before reusing it.  When the theme's image has become a
    FIFO (or a link to /dev/zero) since, the check must neither block on the
    pipe forever nor read the device without end: the entry is a miss and the
    layout's own bounded read says what is wrong, in one line."""
    from PIL import Image

    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "pic"\nextends = "classic"\n')
    (theme / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><style>{{ theme_css }}</style></head>'
        '<body><h1>Rules</h1><img src="pic.png"></body></html>')
    Image.new("RGB", (4, 4), "red").save(theme / "pic.png")
    env = _cache_env(tmp_path)
    first = _run("build", "archeotrek", "--players", "1", "--theme", str(theme), "--out", str(tmp_path / "out1"),
                 "-q", env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert any(b"pic.png" in p.read_bytes() for p in (tmp_path / "pkcache").glob("*.pdfcache"))  # listed
    (theme / "pic.png").unlink()
    if swap == "fifo":
        os.mkfifo(theme / "pic.png")
    else:
        (theme / "pic.png").symlink_to("/dev/zero")
    r = _run("build", "archeotrek", "--players", "1", "--theme", str(theme), "--out", str(tmp_path / "out2"),
             "-q", env=env, cwd=tmp_path, timeout=240)  # a guard: a blocked child is killed, and the test fails
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "pic.png" in line or "/dev/zero" in line, line
    assert not list((tmp_path / "out2").rglob("*.pdf")) if (tmp_path / "out2").exists() else True


# ---------------------------------------------------------------- 4. spreadsheets dense with XML elements


def _run_measured(*args, env=None, cwd=None):
    """The CLI in a child whose peak resident memory (kB) is printed last on
    stderr: the process's own high-water mark (``VmHWM``, counted from its
    ``exec``), not ``ru_maxrss``, which a child forked for ``preexec_fn``
    inherits from the test process (hundreds of MB in a worker that built kits)."""
    code = ("import re, runpy, sys\nsys.argv = ['printkit'] + sys.argv[1:]\n"
            "try:\n    runpy.run_module('printkit', run_name='__main__')\nfinally:\n"
            "    hwm = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)\n"
            "    sys.stderr.write('\\nMAXRSS=%s\\n' % hwm)\n")
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    e.update(env or {})
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, env=e,
                       timeout=600, preexec_fn=_limits)
    err, _, rss = r.stderr.rpartition("MAXRSS=")
    return r.returncode, err, int(rss)


def _dense_spreadsheet(path: Path, kind: str, elements: int) -> None:
    """A small spreadsheet of card data whose XML holds ``elements`` empty
    elements more: in .xlsx style records (parsed whole by openpyxl) or cells
    of one row, in .ods cells (odfpy builds the whole document tree)."""
    import zipfile

    import openpyxl

    header, row = ["title", "value", "kind", "colour", "text"], ["Amphora", "4", "Pottery", "#8a5a2b", "x"]
    if kind == "ods":
        _ods_with(path, lambda d: d.replace(  # the .ods of section 6, one row of empty cells more
            b"</table:table>", b"<table:table-row>" + b"<table:table-cell/>" * elements
            + b"</table:table-row></table:table>", 1))
        return
    wb = openpyxl.Workbook()
    for cells in (header, row):
        wb.active.append(cells)
    wb.save(path.with_suffix(".base"))
    if kind == "xlsx-styles":
        member, edit = "xl/styles.xml", lambda d: d.replace(
            b"<cellXfs", b'<cellStyleXfs count="1">' + b"<xf/>" * elements + b"</cellStyleXfs><cellXfs", 1)
    else:
        member, edit = "xl/worksheets/sheet1.xml", lambda d: d.replace(
            b"</sheetData>", b"<row>" + b"<c/>" * elements + b"</row></sheetData>", 1)
    with zipfile.ZipFile(path.with_suffix(".base")) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            dst.writestr(info, edit(data) if info.filename == member else data)
    path.with_suffix(".base").unlink()


@pytest.mark.parametrize("kind, elements", [("xlsx-styles", 1_100_000), ("xlsx-row", 1_100_000),
                                            ("ods", 600_000)])
def test_a_spreadsheet_dense_with_xml_elements_is_refused_before_parsing(tmp_path, kind, elements):
    """A spreadsheet is a ZIP of XML: a few kB unpack to millions of empty
    elements, each costing openpyxl or odfpy hundreds of bytes and tens of
    microseconds (4 MB of ``<xf/>`` took 16 s and 390 MB).  Its XML tags are
    counted on the unpacked bytes before a parser runs: past the cap it is one
    line naming the file and the part, exit 1, in little memory."""
    data = tmp_path / ("cards.ods" if kind == "ods" else "cards.xlsx")
    _dense_spreadsheet(data, kind, elements)
    assert data.stat().st_size < 200_000  # small on disk
    code, err, rss_kb = _run_measured("deck", str(data), "--layout", str(EX / "front.toml"),
                                      "--out", str(tmp_path / "out"), "-q", env=_cache_env(tmp_path))
    assert code == 1, err
    line = _one_line(err)
    assert data.name in line and "XML" in line and ("content.xml" in line or "xl/" in line), line
    assert rss_kb < 250_000, rss_kb  # parsed, 1.1 million elements take 400–500 MB
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_a_spreadsheet_of_a_few_thousand_cards_is_still_read(tmp_path):
    """Positive control for the tag cap: 3,000 rows of 8 columns (.xlsx and .ods) are read."""
    import openpyxl

    from printkit.deck import load_rows

    header = ["title", "value", "kind", "colour", "text", "a", "b", "qty"]
    rows = [[f"Find {n}", str(n % 10), "Pottery", "#8a5a2b", f"Text {n}", "x", "y", "1"] for n in range(3000)]
    wb = openpyxl.Workbook()
    for cells in [header, *rows]:
        wb.active.append(cells)
    wb.save(tmp_path / "big.xlsx")
    # the .ods: section 6's, its table's rows replaced by these (the XML a spreadsheet program
    # writes for string cells; written here, not cell by cell through odfpy's tree)
    table = "".join("<table:table-row>" + "".join(f'<table:table-cell office:value-type="string"><text:p>{c}'
                                                  "</text:p></table:table-cell>" for c in cells)
                    + "</table:table-row>" for cells in [header, *rows]).encode()
    _ods_with(tmp_path / "big.ods", lambda d: d[:d.index(b"<table:table-row")] + table + d[d.index(b"</table:table>"):])
    for name in ("big.xlsx", "big.ods"):
        got = load_rows(tmp_path / name)
        assert len(got) == 3000 and got[-1]["title"] == "Find 2999", name


# ---------------------------------------------------------------- 5. deck data in a format printkit does not read


def test_json_card_data_is_read_as_a_list_of_cards(tmp_path):
    """Card data saved as JSON (a list of objects) is read as JSON — not as
    CSV, which gave a line per JSON line about cells and columns."""
    data = tmp_path / "cards.json"
    data.write_text('[\n{"title": "Amphora", "value": 4, "kind": "Pottery", "colour": "#8a5a2b", "text": "A jar."},\n'
                    '{"title": "Mirror", "value": 7, "kind": "Metal", "colour": "#1a9e77", "text": "Green."}\n]\n')
    r = _run("deck", str(data), "--layout", str(EX / "front.toml"), "--out", str(tmp_path / "out"), "-q",
             env=_cache_env(tmp_path))
    assert r.returncode == 0, r.stderr
    assert len(list((tmp_path / "out").rglob("*.pdf"))) == 1


def test_yaml_card_data_is_one_line_not_read_as_csv(tmp_path):
    data = tmp_path / "cards.yaml"
    data.write_text("- title: Amphora\n  value: 4\n- title: Mirror\n  value: 7\n")
    r = _run("deck", str(data), "--layout", str(EX / "front.toml"), "--out", str(tmp_path / "out"), "-q",
             env=_cache_env(tmp_path))
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "cards.yaml" in line and "CSV" in line and "JSON" in line and "TOML" in line, line
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


# ---------------------------------------------------------------- 6. .ods repeat counts


def _ods_with(path: Path, edit) -> None:
    """A two-row .ods of card data whose content.xml is passed through ``edit``."""
    import zipfile

    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc, table = OpenDocumentSpreadsheet(), Table(name="S")
    for cells in (["title", "value", "kind", "colour", "text"], ["Amphora", "4", "Pottery", "#8a5a2b", "x"]):
        tr = TableRow()
        for c in cells:
            tc = TableCell()
            tc.addElement(P(text=c))
            tr.addElement(tc)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    base = path.with_suffix(".base")
    doc.save(str(base))
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            dst.writestr(info.filename, edit(data) if info.filename == "content.xml" else data)
    base.unlink()


def _second_row(attr: str):
    def edit(xml: bytes) -> bytes:
        at = xml.find(b"<table:table-row", xml.find(b"<table:table-row") + 1)
        return xml[:at] + b"<table:table-row " + attr.encode() + xml[at + len(b"<table:table-row"):]
    return edit


def _first_cell(attr: str):
    return lambda xml: xml.replace(b"<table:table-cell", b"<table:table-cell " + attr.encode(), 1)


@pytest.mark.parametrize("edit, value", [
    (_first_cell('table:number-columns-repeated="x"'), "'x'"),
    (_first_cell('table:number-columns-repeated="1.5"'), "'1.5'"),
    (_first_cell('table:number-columns-repeated="-5"'), "'-5'"),
    (_first_cell('table:number-columns-repeated="' + "9" * 5000 + '"'), "characters"),
    (_second_row('table:number-rows-repeated="abc"'), "'abc'"),
    (_second_row('table:number-rows-repeated="-3"'), "'-3'"),
])
def test_an_ods_repeat_count_that_is_not_a_positive_whole_number_is_one_line(tmp_path, edit, value):
    """number-columns-repeated / number-rows-repeated are positive whole
    numbers (ODF 1.2, 19.675/19.677): anything else is one line naming the
    file and the attribute — not a ValueError traceback, not a column or a
    row silently dropped."""
    data = tmp_path / "cards.ods"
    _ods_with(data, edit)
    r = _run("deck", str(data), "--layout", str(EX / "front.toml"), "--out", str(tmp_path / "out"), "-q",
             env=_cache_env(tmp_path))
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "cards.ods" in line and "repeated" in line and value in line, line


# ---------------------------------------------------------------- 7. .xlsx rows far down the sheet


def _cpu_limited() -> None:
    import resource

    _limits()
    resource.setrlimit(resource.RLIMIT_CPU, (30, 30))  # CPU seconds, not wall time: a loaded machine does not count


def _xlsx_with_second_row_at(path: Path, row: int) -> None:
    """A two-row .xlsx whose second row is numbered ``row`` (the rows between are missing, as Excel writes)."""
    import re
    import zipfile

    import openpyxl

    wb = openpyxl.Workbook()
    for cells in (["title", "value", "kind", "colour", "text"], ["Amphora", "4", "Pottery", "#8a5a2b", "x"]):
        wb.active.append(cells)
    base = path.with_suffix(".base")
    wb.save(base)
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = re.sub(rb'<dimension ref="[^"]*"/>', b"", data)
                data = data.replace(b'<row r="2"', b'<row r="%d"' % row)
                data = re.sub(rb'r="([A-E])2"', lambda m: b'r="%s%d"' % (m.group(1), row), data)
            dst.writestr(info.filename, data)
    base.unlink()


@pytest.mark.parametrize("row, code", [(1_000_000, 0), (1_048_577, 1), (3_000_000_000, 1)])
def test_an_xlsx_row_far_down_the_sheet_is_read_in_bounded_work(tmp_path, row, code):
    """openpyxl yields an empty row for every missing one before a row far
    down the sheet, each as wide as the columns asked for (1,001): a 9 kB file
    whose second row is row 1,000,000 took minutes of CPU.  Empty rows are now
    skipped at C speed; a row past the format's last (1,048,576) is one line.
    The child may use 30 CPU seconds (RLIMIT_CPU; the fixed read takes about 5)."""
    data = tmp_path / "cards.xlsx"
    _xlsx_with_second_row_at(data, row)
    e = dict(os.environ, PYTHONPATH=str(ROOT), **_cache_env(tmp_path))
    r = subprocess.run([sys.executable, "-m", "printkit", "deck", str(data), "--layout", str(EX / "front.toml"),
                        "--out", str(tmp_path / "out"), "-q"], capture_output=True, text=True, env=e,
                       timeout=900, preexec_fn=_cpu_limited)
    assert r.returncode == code, (r.returncode, r.stderr[-2000:])
    if code == 0:
        assert (tmp_path / "out" / "finds.pdf").read_bytes().startswith(b"%PDF-")
    else:
        line = _one_line(r.stderr)
        assert "cards.xlsx" in line and "1,048,576" in line, line


# ---------------------------------------------------------------- 8. pruning removes only the cache's own entries


def test_pruning_the_rules_cache_removes_only_its_own_entries(tmp_path):
    """PRINTKIT_CACHE_DIR may name a folder that already holds files: the
    rules cache (``<dir>/rules/``, entries ``<crc32>-<length>.json``) keeps at
    most 64 entries, and pruning must remove only entries it wrote — never a
    user's own ``notes.json`` that happens to sit there."""
    rules = tmp_path / "pkcache" / "rules"
    rules.mkdir(parents=True, mode=0o700)
    (tmp_path / "pkcache").chmod(0o700)
    mine = [rules / f"level-{n:02d}.json" for n in range(70)]
    for n, path in enumerate(mine):
        path.write_text('{"mine": %d}\n' % n)
        os.utime(path, ns=(n * 10**9, n * 10**9))  # older than anything the run writes
    r = _run("games", env=_cache_env(tmp_path), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    import re

    assert any(re.fullmatch(r"[0-9a-f]{8}-[0-9]+\.json", p.name) for p in rules.iterdir())  # the run did store
    assert [p.name for p in mine if not p.exists()] == []

"""Round four of hostile input, after the --out folder clean-up
(``build.out_folder``), the spreadsheet formula warnings and ``score GAME -``:
what a stranger's path, file or pipe does, measured on what a user gets —
the exit code, one error line, the files and folders left behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


from cli_checks import invoke as run, one_line as _one_line

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "deck"




def _tree(folder: Path) -> list[str]:
    """Every path under ``folder`` (links not followed), relative, sorted."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def _bad_deck(tmp_path: Path) -> Path:
    """Card data refused for a bad qty: the deck writes nothing."""
    data = tmp_path / "bad.csv"
    data.write_text("title,qty\nA,lots\n", encoding="utf-8")
    return data


# ---------------------------------------------------------------- 1. --out paths


def test_a_refused_out_path_leaves_none_of_the_folders_it_made(tmp_path, monkeypatch):
    """--out fresh/sub/<a name too long>/deeper: fresh and fresh/sub are made
    before the long name fails; the refusal (exit 2, one line) takes them
    away again — nothing is left in the folder the user ran in."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "before").mkdir()
    long_name = "x" * 300
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", f"fresh/sub/{long_name}/deeper")
    assert r.exit_code == 2, r.output
    line = _one_line(r.output)
    assert line.startswith("printkit: --out: cannot write to 'fresh/sub/") and "File name too long" in line, line
    assert len(line) < 300, line  # the path shortened, not 300 x's
    assert _tree(tmp_path) == ["before"]


def test_out_through_dot_dot_leaves_no_stray_folder(tmp_path, monkeypatch):
    """--out nowhere/../deck: 'nowhere' is made only to walk through; it is
    removed whether the deck is written (into ./deck) or refused."""
    monkeypatch.chdir(tmp_path)
    r = run("deck", _bad_deck(tmp_path), "--layout", EX / "front.toml", "--out", "nowhere/../deck")
    assert r.exit_code == 1, r.output
    assert _tree(tmp_path) == ["bad.csv"]
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", "nowhere/../deck", "-q")
    assert r.exit_code == 0, r.output
    assert _tree(tmp_path) == ["bad.csv", "deck", "deck/finds.pdf"]


@pytest.mark.parametrize("out,needle", [
    ("dangling", "--out: 'dangling' is a symbolic link to 'nowhere', which does not exist"),
    ("dangling/sub", "'dangling' is a symbolic link to 'nowhere', which does not exist"),
    ("loop1", "--out: 'loop1' is a loop of symbolic links"),
    ("loop1/sub", "'loop1' is a loop of symbolic links"),
    ("afile/sub", "'afile' is a file, not a folder"),
])
def test_an_out_path_through_a_bad_link_or_a_file_is_one_clear_line(tmp_path, monkeypatch, out, needle):
    """A dangling link, a loop of links, a file in the way: exit 2, one line
    saying which part is in the way and why (not "File exists"); nothing is
    made, the link's missing target included."""
    monkeypatch.chdir(tmp_path)
    os.symlink("nowhere", "dangling")
    os.symlink("loop2", "loop1")
    os.symlink("loop1", "loop2")
    Path("afile").write_text("mine\n")
    before = _tree(tmp_path)
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", out)
    assert r.exit_code == 2, r.output
    assert needle in _one_line(r.output), r.output
    assert _tree(tmp_path) == before and Path("afile").read_text() == "mine\n"


def test_an_out_link_to_a_folder_writes_into_it_and_keeps_the_link(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("real").mkdir()
    os.symlink("real", "link")
    r = run("deck", _bad_deck(tmp_path), "--layout", EX / "front.toml", "--out", "link")
    assert r.exit_code == 1 and Path("link").is_symlink() and Path("real").is_dir()  # neither removed
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", "link", "-q")
    assert r.exit_code == 0, r.output
    assert Path("link").is_symlink() and _tree(Path("real")) == ["finds.pdf"]


def test_a_folder_another_process_makes_meanwhile_is_not_removed(tmp_path, monkeypatch):
    """Between printkit finding --out missing and making it, another process
    makes it: it is not printkit's, so a run that writes nothing must leave
    it (and what it holds) alone."""
    out = tmp_path / "shared" / "out"
    real_mkdir = os.mkdir

    def raced(path, *args, **kw):
        if Path(path) in (out, out.parent) and not os.path.lexists(path):
            real_mkdir(path)  # the other process, just before us
        return real_mkdir(path, *args, **kw)

    monkeypatch.setattr(os, "mkdir", raced)
    r = run("deck", _bad_deck(tmp_path), "--layout", EX / "front.toml", "--out", out)
    assert r.exit_code == 1, r.output
    assert out.is_dir(), "a folder printkit did not make was removed"


# ---------------------------------------------------------------- 2. spreadsheet data


LAYOUT = '''[card]
name = "t"
size = "poker"

[[element]]
type = "text"
x = 5
y = 5
w = 50
h = 60
text = "{{ title }} {{ value }}"
size = 8
'''


def _xlsx(tmp_path: Path, name: str, edit=None, rename: str | None = None, rows=None) -> Path:
    """An .xlsx openpyxl wrote (a header and one card), its sheet's XML
    passed through ``edit`` (bytes → bytes) and, with ``rename``, stored
    under that part name (the workbook's links and content types follow)."""
    import zipfile

    from openpyxl import Workbook

    wb = Workbook()
    for row in rows or [("title", "value", "qty"), ("Amphora", 3, 1)]:
        wb.active.append(row)
    raw = tmp_path / f"raw-{name}"
    wb.save(raw)
    path = tmp_path / name
    sheet = "xl/worksheets/sheet1.xml"
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data, member = src.read(info), info.filename
            if member == sheet:
                data = edit(data) if edit else data
                member = rename or member
            elif rename:
                data = data.replace(b"/" + sheet.encode(), b"/" + rename.encode())
            dst.writestr(member, data)
    return path


def _deck(tmp_path: Path, data: Path):
    layout = tmp_path / "layout.toml"
    layout.write_text(LAYOUT, encoding="utf-8")
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out", "-q")
    assert "Traceback" not in r.output, r.output
    return r


def _cell(xml: bytes, cell: bytes) -> bytes:
    """The sheet XML with the card's A2 cell replaced by ``cell``."""
    old = b'<c r="A2" t="inlineStr"><is><t>Amphora</t></is></c>'
    assert old in xml, xml
    return xml.replace(old, cell)


#: The entities of a "billion laughs": ten &a; in each &b;, … (10**9 'A's from &j;).
LAUGHS = b'<!ENTITY a "AAAAAAAAAA">' + b"".join(
    b'<!ENTITY %c "%s">' % (98 + i, b"&%c;" % (97 + i) * 10) for i in range(9))


@pytest.mark.parametrize("label,edit", [
    ("external entity", lambda x: b'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY xxe SYSTEM '
                                  b'"file:///etc/passwd">]>' + _cell(x, b'<c r="A2" t="inlineStr"><is><t>&xxe;</t></is></c>')),
    ("billion laughs", lambda x: b"<!DOCTYPE worksheet [" + LAUGHS + b"]>"
                                 + _cell(x, b'<c r="A2" t="inlineStr"><is><t>&j;</t></is></c>')),
    ("billion laughs in UTF-16", lambda x: ('<?xml version="1.0" encoding="UTF-16"?>'
                                            + (b"<!DOCTYPE worksheet [" + LAUGHS + b"]>").decode()
                                            + _cell(x, b'<c r="A2" t="inlineStr"><is><t>&j;</t></is></c>').decode()
                                            ).encode("utf-16")),
    ("a formula hidden in an entity", lambda x: b'<!DOCTYPE worksheet [<!ENTITY e "&#60;f>1+1&#60;/f>">]>'
                                                + _cell(x, b'<c r="A2">&e;</c>')),
])
def test_a_sheet_declaring_entities_is_refused_before_any_xml_parser(tmp_path, label, edit):
    """A <!DOCTYPE> in a spreadsheet's XML (external entities pointing at
    /etc/passwd, a billion laughs, markup hidden from the formula check in
    an entity) is refused by printkit's own scan before any parser runs, so
    it does not hang on whether defusedxml (not a declared dependency) sits
    behind openpyxl: without it the hidden formula printed blank in silence.
    One line naming the part, exit 1, nothing written, nothing of
    /etc/passwd anywhere."""
    r = _deck(tmp_path, _xlsx(tmp_path, "cards.xlsx", edit))
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "'xl/worksheets/sheet1.xml' declares entities (<!DOCTYPE … [ … ]>)" in line, line
    assert "root:" not in r.output and not (tmp_path / "out").exists()


def test_an_xml_part_declaring_an_encoding_the_checks_cannot_read_is_refused(tmp_path):
    """An EBCDIC (cp037) sheet: expat would read its markup, printkit's byte
    scans (tags, <!DOCTYPE, <f>) could not — refused, one line."""
    def ebcdic(xml: bytes) -> bytes:
        body = xml.decode().split("?>", 1)[-1]
        return b'<?xml version="1.0" encoding="cp037"?>' + body.encode("cp037")

    r = _deck(tmp_path, _xlsx(tmp_path, "cards.xlsx", ebcdic))
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "'xl/worksheets/sheet1.xml' declares the encoding 'cp037'" in line and "UTF-8 or UTF-16" in line, line


def test_a_sheet_stored_under_another_name_is_still_counted(tmp_path):
    """The tag cap counted only parts named .xml or .rels; openpyxl opens
    the sheet by the name the workbook's links give: a 160 kB file whose
    sheet (3 million cells) is 'sheet1.dat' took 22 s and 2 GB.  It is
    counted like any XML part now — and a small one so named still reads."""
    bomb = _xlsx(tmp_path, "bomb.xlsx", lambda x: x.replace(b'<row r="2">', b'<row r="2">' + b'<c r="A2"><v>1</v></c>'
                                                           * 1_000_000), rename="xl/worksheets/sheet1.dat")
    assert bomb.stat().st_size < 200_000
    r = _deck(tmp_path, bomb)
    assert r.exit_code == 1, r.output
    assert "more than 1,000,000 XML tags (reached in 'xl/worksheets/sheet1.dat')" in _one_line(r.output)
    ok = _xlsx(tmp_path, "ok.xlsx", rename="xl/worksheets/sheet1.dat")
    r = _deck(tmp_path, ok)
    assert r.exit_code == 0 and (tmp_path / "out" / "t.pdf").exists(), r.output


def test_a_utf16_sheet_with_an_unsaved_formula_warns(tmp_path):
    """The formula check searched the bytes for <f> in UTF-8 only: a UTF-16
    sheet's formula cell printed blank in silence."""
    def utf16(xml: bytes) -> bytes:
        xml = xml.replace(b'<c r="B2" t="n"><v>3</v></c>', b'<c r="B2"><f>1+1</f></c>')
        return ('<?xml version="1.0" encoding="UTF-16"?>' + xml.decode()).encode("utf-16")

    r = _deck(tmp_path, _xlsx(tmp_path, "cards.xlsx", utf16))
    assert r.exit_code == 0, r.output
    assert "cell B2 (column 'value') holds a formula with no saved result" in r.stderr, r.stderr


def test_thousands_of_unsaved_formulas_are_summed_up(tmp_path):
    """5,000 formula cells with no saved result: the first 20 named, then
    one line counting the rest per column — not 5,000 lines (nor 200 and
    '… and 4,800 more problem(s)')."""
    from printkit.deck import MAX_FORMULA_WARNINGS

    rows = [("title", "value", "qty")] + [(f'="c{i}"', "=1+1", 0) for i in range(2500)] + [("Amphora", 3, 1)]
    r = _deck(tmp_path, _xlsx(tmp_path, "cards.xlsx", rows=rows))
    assert r.exit_code == 0, r.output
    warned = [ln for ln in r.stderr.splitlines() if ln.startswith("warning:")]
    assert len(warned) == MAX_FORMULA_WARNINGS + 1, r.stderr
    assert "cell A2 (column 'title') holds a formula with no saved result" in warned[0]
    assert warned[-1].endswith("4,980 more formula cells with no saved result (columns A 'title': 2,490, "
                               "B 'value': 2,490), read as empty; open the file in a spreadsheet program and save it")
    assert "more problem" not in r.stderr


# ---------------------------------------------------------------- 3. score GAME - (standard input)


def _score_stdin(stdin, *extra, timeout=120):
    """``printkit score archeotrek -`` in a child process; ``stdin`` is
    bytes piped in, or a file object / ``None`` (closed) handed as fd 0."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    args = [sys.executable, "-m", "printkit", "score", "archeotrek", "-", *extra]
    if isinstance(stdin, bytes):
        return subprocess.run(args, input=stdin, capture_output=True, env=env, timeout=timeout)
    if stdin is None:  # standard input closed, as `printkit score GAME - <&-` starts it
        return subprocess.run(args, capture_output=True, env=env, timeout=timeout,
                              preexec_fn=lambda: os.close(0), stdin=subprocess.DEVNULL)
    return subprocess.run(args, stdin=stdin, capture_output=True, env=env, timeout=timeout)


def test_standard_input_closed_or_write_only_is_one_line(tmp_path):
    """`score GAME - <&-` (sys.stdin is None) and `0>file` (a descriptor
    opened for writing: EBADF on read) were tracebacks."""
    r = _score_stdin(None)
    assert r.returncode == 1, r.stderr
    assert _one_line(r.stderr.decode()) == ("printkit: <stdin>: standard input is closed; pipe a game file in "
                                            "(printkit simulate GAME | printkit score GAME -)")
    with open(tmp_path / "wo", "wb") as wo:
        r = _score_stdin(wo)
    assert r.returncode == 1, r.stderr
    assert _one_line(r.stderr.decode()) == "printkit: <stdin>: cannot read standard input (Bad file descriptor)"


@pytest.mark.parametrize("stdin,needle", [
    (b"", "<stdin>: empty; pipe a game file in"),
    (b"\xff\xfe\x00garbage" * 1000, "<stdin>: not UTF-8 text"),
    (b"a" * (3 * 1024 * 1024), "<stdin>: more than 2 MB; a game file is smaller"),
    (b"x = " + b"[" * 5000 + b"]" * 5000, "<stdin>: invalid TOML: nested too deeply"),
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "<stdin>: is a PDF; give filled PDF sheets by their file names"),
], ids=["empty", "binary", "huge", "nested", "pdf"])
def test_empty_binary_huge_or_nested_standard_input_is_one_line(stdin, needle):
    """(All but the PDF held before this round; pinned.)  A PDF piped in was
    'not UTF-8 text (bad byte 0xe2 …)'."""
    r = _score_stdin(stdin)
    assert r.returncode == 1 and needle in _one_line(r.stderr.decode()), r.stderr


@pytest.mark.parametrize("text", [
    "a" + ".a" * 900_000 + " = 1\n",           # Python's TOML parser: time quadratic in the parts (hours)
    '"a"' + '."a"' * 300_000 + " = 1\n",
    "[a" + ".a" * 900_000 + "]\n",             # a 900,000-deep table
    "x = {a" + ".a" * 900_000 + " = 1}\n",
], ids=["dotted-key", "quoted-dotted-key", "table", "inline-table"])
def test_a_toml_bomb_of_dotted_keys_is_refused_before_parsing(text):
    """A 1.8 MB line ``a.a.a…a = 1`` kept ``score GAME -`` busy for hours
    (tomllib's dotted keys cost time quadratic in their parts); a key or
    table name of more than 100 parts is one line now.  (The timeout only
    stops a regression from hanging the suite.)"""
    r = _score_stdin(text.encode())
    assert r.returncode == 1, r.stderr
    assert _one_line(r.stderr.decode()) == ("printkit: <stdin>: invalid TOML: a key of more than 100 dotted parts "
                                            "(line 1); printkit's files nest only a few levels deep")


def test_the_dotted_key_cap_counts_key_parts_only():
    """101 parts are refused, 100 parse; dots inside strings, comments'
    text and numbers are not key parts."""
    from printkit import PrintkitError
    from printkit.inputfiles import MAX_KEY_PARTS, parse_toml

    key = ".".join(["a"] * MAX_KEY_PARTS)
    assert parse_toml(f"ok = 1\n{key} = 1\n", "t") is not None
    with pytest.raises(PrintkitError, match=r"^t: invalid TOML: a key of more than 100 dotted parts \(line 2\)"):
        parse_toml(f"ok = 1\n{key}.a = 1\n", "t")
    with pytest.raises(PrintkitError, match=r"line 1\)"):
        parse_toml(f"[{key}.'b']\n", "t")
    dots = "x." * 500
    data = parse_toml(f'text = "{dots}"\nlit = \'{dots}\'\nnums = [{", ".join(["1.5"] * 300)}]\n# {dots}\n', "t")
    assert data["text"] == dots and len(data["nums"]) == 300


@pytest.mark.parametrize("quote", ['"""', "'''"])
def test_dots_in_a_multi_line_string_are_not_key_parts(quote):
    """A line of a multi-line string is text, not keys: a valid file whose
    \"\"\"…\"\"\" text holds a line of 150 dotted words (a path, a version
    list) was refused as 'a key of more than 100 dotted parts'; a real
    dotted key after the string is still counted."""
    from printkit import PrintkitError
    from printkit.inputfiles import parse_toml

    chain = ".".join(["a"] * 150)
    for text in (f"x = {quote}\n{chain}\n{quote}\n", f"x = {quote}{chain}\n{chain}{quote}\n",
                 f"x = {quote}it's \"a\" {chain}\n{quote}\n"):
        assert parse_toml(text, "t")["x"].strip().endswith(chain)
    with pytest.raises(PrintkitError, match=r"line 4\)"):
        parse_toml(f"x = {quote}\n{chain}\n{quote}\n{chain} = 1\n", "t")


def test_a_toml_file_of_too_many_dotted_key_parts_is_refused_before_parsing():
    """2 MB of ``k1.a.a.a = 1`` lines (each dot may make a table) took 12 s and
    270 MB to validate, and ``k1.a.a…a`` keys of 100 parts 20 s and 750 MB;
    past 100,000 dotted key parts in all, the file is one line, unparsed."""
    text = "".join(f"k{i}.a.a.a = 1\n" for i in range(120_000))
    r = _score_stdin(text.encode())
    assert r.returncode == 1, r.stderr
    assert _one_line(r.stderr.decode()) == ("printkit: <stdin>: invalid TOML: more than 100,000 dotted key parts "
                                            "(reached at line 33,334); printkit's files nest only a few levels deep")


def test_the_key_dots_cap_counts_the_dots_joining_parts(monkeypatch):
    """At the cap (1,000 here) a file parses, one more dot joining key parts
    is refused; dots inside strings and comments are not counted."""
    from printkit import PrintkitError, inputfiles
    from printkit.inputfiles import parse_toml

    monkeypatch.setattr(inputfiles, "MAX_KEY_DOTS", 1000)
    at_cap = "".join(f"k{i}.a.b = 1\n" for i in range(500))  # 2 dots each
    noise = f'text = "{"x." * 2000}"\n# {"y." * 2000}\n'
    assert len(parse_toml(noise + at_cap, "t")) == 501
    with pytest.raises(PrintkitError, match=r"^t: invalid TOML: more than 1,000 dotted key parts "
                                            r"\(reached at line 503\)"):
        parse_toml(noise + at_cap + "last.one = 1\n", "t")


def test_an_ods_formula_with_no_saved_result_warns_like_an_xlsx_one(tmp_path):
    """An .ods formula cell without a saved value (no office:value-type: a
    file from a program that computes nothing) printed blank in silence;
    it warns now as an .xlsx one does, a saved result prints without a word,
    and 3,000 of them (a repeated row) are summed up in one line."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    from printkit.deck import MAX_FORMULA_WARNINGS

    def text(v):
        cell = TableCell(valuetype="string")
        cell.addElement(P(text=v))
        return cell

    def sheet(path: Path, repeat: int = 1) -> Path:
        doc = OpenDocumentSpreadsheet()
        t = Table(name="Cards")
        for cells, attrs in (([text("title"), text("value"), text("qty")], {}),
                             ([text("Amphora"), TableCell(formula="of:=1+1"), TableCell(valuetype="float", value="1"),
                               TableCell(formula="of:=9")], {"numberrowsrepeated": repeat} if repeat > 1 else {}),
                             ([text("Saved"), TableCell(formula="of:=2+2", valuetype="float", value="31337"),
                               TableCell(valuetype="float", value="1")], {})):
            tr = TableRow(**attrs)
            for cell in cells:
                tr.addElement(cell)
            t.addElement(tr)
        doc.spreadsheet.addElement(t)
        doc.save(str(path))
        return path

    r = _deck(tmp_path, sheet(tmp_path / "cards.ods"))
    assert r.exit_code == 0, r.output
    warned = [ln for ln in r.stderr.splitlines() if ln.startswith("warning:")]
    assert warned == [f"warning: {tmp_path / 'cards.ods'} (table 'Cards'): cell B2 (column 'value') holds a formula "
                      "with no saved result, read as empty; open the file in a spreadsheet program and save it"], r.stderr
    from conftest import pdf_pages

    with pdf_pages((tmp_path / "out" / "t.pdf").read_bytes()) as pdf:
        assert "31337" in "".join(p.extract_text() for p in pdf.pages)  # the saved result, no warning for it
    r = _deck(tmp_path, sheet(tmp_path / "many.ods", repeat=3000))
    assert r.exit_code == 0, r.output
    warned = [ln for ln in r.stderr.splitlines() if ln.startswith("warning:")]
    assert len(warned) == MAX_FORMULA_WARNINGS + 1, r.stderr
    assert "cell B21 (column 'value')" in warned[-2]
    assert warned[-1].endswith("2,980 more formula cells with no saved result (columns B 'value': 2,980), read as "
                               "empty; open the file in a spreadsheet program and save it"), warned[-1]


@pytest.mark.parametrize("made,named,needle", [
    (".ods", "cards.xlsx", "cards.xlsx: is an OpenDocument spreadsheet (.ods), not .xlsx; rename it to cards.ods"),
    (".xlsx", "cards.ods", "cards.ods: is an Excel spreadsheet (.xlsx), not .ods; rename it to cards.xlsx"),
    (".xlsx", "cards.csv", "cards.csv: is an Excel spreadsheet (.xlsx), not .csv; rename it to cards.xlsx"),
    (".xlsx", "cards", "cards: is an Excel spreadsheet (.xlsx), not a file without extension; rename it to cards.xlsx"),
])
def test_a_spreadsheet_saved_under_the_wrong_extension_says_which_it_is(tmp_path, made, named, needle):
    """Was: "cannot read this .xlsx file ("There is no item named
    '[Content_Types].xml' in the archive")" or "not UTF-8 text (bad byte
    0xf9 …)" for an .xlsx named .csv."""
    if made == ".ods":
        from odf.opendocument import OpenDocumentSpreadsheet
        from odf.table import Table

        doc = OpenDocumentSpreadsheet()
        doc.spreadsheet.addElement(Table(name="Cards"))
        doc.save(str(tmp_path / "made.ods"))
        src = tmp_path / "made.ods"
    else:
        src = _xlsx(tmp_path, "made.xlsx")
    src.rename(tmp_path / named)
    r = _deck(tmp_path, tmp_path / named)
    assert r.exit_code == 1, r.output
    assert _one_line(r.output).endswith(needle), r.output


def test_an_ods_declaring_entities_is_refused_before_odfpy(tmp_path):
    """The same scan guards .ods data: content.xml with an external entity
    pointing at /etc/passwd is one line naming the part (was odfpy's or
    defusedxml's exception text, depending on what is installed)."""
    import zipfile

    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    t = Table(name="Cards")
    for values in (("title", "qty"), ("Amphora", "1")):
        tr = TableRow()
        for v in values:
            cell = TableCell(valuetype="string")
            cell.addElement(P(text=v))
            tr.addElement(cell)
        t.addElement(tr)
    doc.spreadsheet.addElement(t)
    doc.save(str(tmp_path / "raw.ods"))
    with zipfile.ZipFile(tmp_path / "raw.ods") as src, zipfile.ZipFile(tmp_path / "cards.ods", "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "content.xml":
                data = data.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', 1)
                data = data.replace(b"<text:p>Amphora</text:p>", b"<text:p>&xxe;</text:p>")
            dst.writestr(info, data)
    r = _deck(tmp_path, tmp_path / "cards.ods")
    assert r.exit_code == 1, r.output
    assert "'content.xml' declares entities (<!DOCTYPE … [ … ]>)" in _one_line(r.output), r.output
    assert "root:" not in r.output and not (tmp_path / "out").exists()


def test_a_stop_while_the_out_folders_are_made_leaves_none(tmp_path, monkeypatch):
    """Ctrl-C after printkit made --out's folders but before the run began
    (here: while it checks the folder is writable) takes them away too."""
    import tempfile

    def stop(*args, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(tempfile, "TemporaryFile", stop)
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", tmp_path / "new" / "out")
    assert r.exit_code != 0
    assert _tree(tmp_path) == []


def test_a_pipe_in_the_out_path_is_named_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo")
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", "fifo/sub")
    assert r.exit_code == 2, r.output
    assert "'fifo' is a pipe, device or socket, not a folder" in _one_line(r.output)


def _encrypted_flag(data: bytes) -> bytes:
    """ZIP bytes with every member marked encrypted (general purpose flag bit 0)."""
    import struct

    out = bytearray(data)
    for magic, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        i = out.find(magic)
        while i >= 0:
            struct.pack_into("<H", out, i + at, struct.unpack_from("<H", out, i + at)[0] | 1)
            i = out.find(magic, i + 4)
    return bytes(out)


@pytest.mark.parametrize("name", ["cards.xlsx", "cards.ods", "cards.csv"])
def test_a_spreadsheet_with_encrypted_zip_members_is_one_line(tmp_path, name):
    """A ZIP whose members are encrypted made zipfile raise RuntimeError
    (password required): a traceback from the ZIP checks, whatever the
    extension."""
    path = tmp_path / name
    path.write_bytes(_encrypted_flag(_xlsx(tmp_path, "plain.xlsx").read_bytes()))
    r = _deck(tmp_path, path)
    assert r.exit_code == 1, r.output
    assert "is encrypted (a password-protected ZIP); save the spreadsheet without a password" in _one_line(r.output)


def test_password_protected_office_files_say_so(tmp_path):
    """Excel saves a password-protected .xlsx as an OLE2 compound file (was:
    "not a zip file"); LibreOffice keeps the ZIP and encrypts the parts, the
    manifest saying how (was odfpy's parse error of the encrypted bytes)."""
    import zipfile

    ole = tmp_path / "locked.xlsx"
    ole.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4096))
    r = _deck(tmp_path, ole)
    assert r.exit_code == 1
    assert "is a password-protected Office file or an old .xls" in _one_line(r.output), r.output

    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table

    doc = OpenDocumentSpreadsheet()
    doc.spreadsheet.addElement(Table(name="Cards"))
    doc.save(str(tmp_path / "raw.ods"))
    entry = b'<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    with zipfile.ZipFile(tmp_path / "raw.ods") as src, zipfile.ZipFile(tmp_path / "locked.ods", "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "META-INF/manifest.xml":
                assert entry in data, data
                data = data.replace(entry, entry[:-2] + b'><manifest:encryption-data manifest:checksum-type="SHA1/1K" '
                                                       b'manifest:checksum="AAAA"/></manifest:file-entry>')
            elif info.filename == "content.xml":
                data = bytes(range(256)) * 16  # what encrypted content looks like
            dst.writestr(info, data)
    r = _deck(tmp_path, tmp_path / "locked.ods")
    assert r.exit_code == 1
    assert _one_line(r.output).endswith("locked.ods: is password-protected (its content is encrypted); save the "
                                        "spreadsheet without a password"), r.output


def test_a_spreadsheet_of_a_quarter_million_empty_parts_is_refused_at_once(tmp_path):
    """Every check opens every part: 250,000 empty ones (a 25 MB file, under
    the data cap) took 11 s and 220 MB to read as a one-card deck.  One part
    past the cap is refused, one line."""
    import zipfile

    from printkit.deck import MAX_ZIP_MEMBERS

    src = _xlsx(tmp_path, "plain.xlsx")
    path = tmp_path / "cards.xlsx"
    with zipfile.ZipFile(src) as s, zipfile.ZipFile(path, "w") as d:
        for info in s.infolist():
            d.writestr(info, s.read(info))
        for k in range(MAX_ZIP_MEMBERS):
            d.writestr(f"x/{k}.xml", b"")
        parts = len(s.infolist()) + MAX_ZIP_MEMBERS
    r = _deck(tmp_path, path)
    assert r.exit_code == 1, r.output
    assert _one_line(r.output).endswith(f"cards.xlsx: holds {parts:,} parts; a spreadsheet (.xlsx) "
                                        f"file of card data holds at most {MAX_ZIP_MEMBERS:,}"), r.output


@pytest.mark.parametrize("in_the_way,needle", [
    ("dangling", "'out/finds' is a symbolic link to 'nowhere', which does not exist"),
    ("file", "'out/finds' is a file, not a folder"),
])
def test_a_link_or_file_where_an_export_folder_goes_is_named(tmp_path, monkeypatch, in_the_way, needle):
    """--format png writes OUT/<deck>/png/: a dangling link or a file named
    <deck> in OUT was 'cannot write (File exists)'; the line says what is in
    the way, and it is left as it was."""
    monkeypatch.chdir(tmp_path)
    Path("out").mkdir()
    if in_the_way == "dangling":
        os.symlink("nowhere", "out/finds")
    else:
        Path("out/finds").write_text("mine\n")
    r = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", "out", "--format", "png", "-q")
    assert r.exit_code == 1, r.output
    assert _one_line(r.output) == f"printkit: out/finds: cannot write ({needle}); earlier outputs are intact"
    assert _tree(tmp_path / "out") == ["finds"] and not Path("nowhere").exists()


@pytest.mark.parametrize("edit", [
    lambda x: x[: len(x) // 2],                 # truncated mid-tag
    lambda x: b"\x00\x01not xml at all" * 10,
    lambda x: b"",
    lambda x: x.replace(b"</sheetData>", b""),  # an element never closed
], ids=["truncated", "not-xml", "empty", "unclosed"])
def test_a_broken_sheet_is_one_line(tmp_path, edit):
    """(Held before this round; pinned.) A sheet whose XML is cut short, not
    XML or empty: exit 1, "cannot read this .xlsx file (…)", nothing written."""
    r = _deck(tmp_path, _xlsx(tmp_path, "cards.xlsx", edit))
    assert r.exit_code == 1, r.output
    assert "cards.xlsx: cannot read this .xlsx file (" in _one_line(r.output), r.output
    assert not (tmp_path / "out").exists()


def test_a_plain_doctype_passes_and_a_subset_anywhere_is_found(tmp_path):
    """Only a <!DOCTYPE with an internal subset (where entities live) is
    refused: an SVG picture's plain <!DOCTYPE svg PUBLIC …> in the file reads
    fine; a plain one in a comment does not hide a real one after it; a
    subset starting in the next 1 MiB read is still seen."""
    import zipfile

    from printkit import PrintkitError
    from printkit.deck import _check_zip

    svg = (b'<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
           b'"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>')
    src = _xlsx(tmp_path, "plain.xlsx")
    with zipfile.ZipFile(src) as s, zipfile.ZipFile(tmp_path / "cards.xlsx", "w") as d:
        for info in s.infolist():
            d.writestr(info, s.read(info))
        d.writestr("xl/media/image1.svg", svg)
    r = _deck(tmp_path, tmp_path / "cards.xlsx")
    assert r.exit_code == 0, r.output

    def zipped(xml: bytes) -> bytes:
        path = tmp_path / "t.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("xl/worksheets/sheet1.xml", xml)
        return path.read_bytes()

    hidden = b'<!-- <!DOCTYPE x PUBLIC "a" "b"> --><!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>'
    cut = b"<!DOCTYPE x" + b" " * ((1 << 20) - len(b"<!DOCTYPE x") - 10) + b' \n \n   [<!ENTITY e "boom">]><x>&e;</x>'
    for xml in (hidden, cut, hidden.decode().encode("utf-16")):
        with pytest.raises(PrintkitError, match="declares entities"):
            _check_zip(tmp_path / "t.xlsx", zipped(xml), "spreadsheet (.xlsx)")
    _check_zip(tmp_path / "t.xlsx", zipped(svg), "spreadsheet (.xlsx)")  # no error
    plain_cut = b" " * ((1 << 20) - 15) + b'<!DOCTYPE x PUBLIC "a" "b"><x/>'  # its end in the next read
    _check_zip(tmp_path / "t.xlsx", zipped(plain_cut), "spreadsheet (.xlsx)")  # its end read ahead: no error


def test_a_doctype_end_is_found_outside_quotes_and_in_utf16_as_characters(tmp_path):
    """A '>' inside a quoted SYSTEM literal (valid XML) hid the internal
    subset after it, and so did a UTF-16 name character whose bytes hold a
    '>' (U+4E3E, bytes 3E 4E): both were let through and Python's XML
    parser expanded the entity; a '[' inside a quoted literal refused a
    plain declaration."""
    import xml.etree.ElementTree as ET
    import zipfile

    from printkit import PrintkitError
    from printkit.deck import _check_zip

    def zipped(xml: bytes) -> bytes:
        path = tmp_path / "t.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("xl/worksheets/sheet1.xml", xml)
        return path.read_bytes()

    quoted = '<?xml version="1.0"?><!DOCTYPE x SYSTEM "a>b" [<!ENTITY e "boom">]><x>&e;</x>'
    wide = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE \u4e3e [<!ENTITY e "boom">]><\u4e3e>&e;</\u4e3e>'
    for xml in (quoted.encode(), quoted.replace('"', "'").encode(), wide.encode("utf-16"),
                ("\ufeff" + wide).encode("utf-16-be"), wide.encode("utf-16-le")):
        assert ET.fromstring(xml).text == "boom"  # an entity a parser expands
        with pytest.raises(PrintkitError, match="declares entities"):
            _check_zip(tmp_path / "t.xlsx", zipped(xml), "spreadsheet (.xlsx)")
    plain = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE \u4e3e PUBLIC "-//A//B" "s[1].dtd"><\u4e3e/>'
    for data in (b'<?xml version="1.0"?><!DOCTYPE x SYSTEM "a[b].dtd"><x/>', plain.encode("utf-16"),
                 ("\ufeff" + plain).encode("utf-16-be")):
        _check_zip(tmp_path / "t.xlsx", zipped(data), "spreadsheet (.xlsx)")  # plain: no error


def test_a_doctype_cut_after_its_bang_by_a_read_is_still_seen(tmp_path):
    """A '<!' ending one 1 MiB read, 'DOCTYPE x' and 1 MiB of spaces the
    next (no '!' in it), the subset in the third: the next read was not
    searched (it held no '!'), so the declaration went unseen and Python's
    XML parser expanded the entity."""
    import xml.etree.ElementTree as ET
    import zipfile

    from printkit import PrintkitError
    from printkit.deck import _check_zip

    head = b'<?xml version="1.0"?>'
    xml = (head + b" " * ((1 << 20) - len(head) - 2) + b"<!DOCTYPE x" + b" " * (1 << 20)
           + b'[<!ENTITY e "boom">]><x>&e;</x>')
    assert ET.fromstring(xml).text == "boom"
    path = tmp_path / "t.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", xml)
    with pytest.raises(PrintkitError, match="declares entities"):
        _check_zip(tmp_path / "t.xlsx", path.read_bytes(), "spreadsheet (.xlsx)")

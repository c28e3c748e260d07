"""Issue 10: ``printkit check`` on hostile PDFs — malformed objects are
findings (one line each, naming the page and the object), never a
traceback; exit 1.  The PDFs are built here with pikepdf."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from pikepdf import Array, Dictionary, Name, String

from printkit.cli import main
from printkit.preflight import preflight
from test_floods import run_process

pytestmark = [pytest.mark.bad_pdfs,
              pytest.mark.filterwarnings("ignore::pikepdf.exceptions.PageCopyWarning")]  # widgets without /AcroForm, on purpose


def _pdf(edit=None, pages: int = 1) -> bytes:
    pdf = pikepdf.new()
    for _ in range(pages):
        pdf.add_blank_page(page_size=(200, 200))
    if edit is not None:
        edit(pdf)
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def _font(**kw) -> Dictionary:
    return Dictionary(Type=Name.Font, **kw)


def _set_page(key, value, page: int = 0):
    def edit(pdf):
        pdf.pages[page].obj[key] = value
    return edit


def _fonts(*fonts):
    def edit(pdf):
        pdf.pages[0].obj.Resources = Dictionary(Font=Dictionary({f"/F{i}": f for i, f in enumerate(fonts)}))
    return edit


def _root(key, value):
    def edit(pdf):
        pdf.Root[key] = value
    return edit


def _annots(*annots):
    def edit(pdf):
        pdf.pages[0].obj.Annots = Array(list(annots))
    return edit


#: name → (edit, the malformed finding expected: (page, message)).
CASES = {
    "mediabox-string": (_set_page("/MediaBox", Array([0, 0, String("x"), 5])),
                        (1, "/MediaBox holds a string where a number belongs")),
    "mediabox-two": (_set_page("/MediaBox", Array([0, 0])), (1, "/MediaBox is an array of 2 value(s), not four numbers")),
    "trimbox-name": (_set_page("/TrimBox", Name("/Foo")), (1, "/TrimBox is a name, not an array of four numbers")),
    "bleedbox-dict": (_set_page("/BleedBox", Dictionary()), (1, "/BleedBox is a dictionary, not an array of four numbers")),
    "annots-integer": (_set_page("/Annots", 5), (1, "/Annots is a number, not an array of annotations")),
    "annots-dict": (_set_page("/Annots", Dictionary(Subtype=Name.Widget)),
                    (1, "/Annots is a dictionary, not an array of annotations")),
    "annot-entry-integer": (_annots(7), (1, "annotation 1 of /Annots is a number, not a dictionary")),
    "widget-flags-string": (_annots(Dictionary(Subtype=Name.Widget, F=String("x"), T=String("f"))),
                            (1, "form field f: /F is a string, not an integer of flags")),
    "type0-no-descendants": (_fonts(_font(Subtype=Name.Type0, BaseFont=Name("/X"))),
                             (1, "font /X is a Type0 font without /DescendantFonts")),
    "type0-empty-descendants": (_fonts(_font(Subtype=Name.Type0, BaseFont=Name("/X"), DescendantFonts=Array([]))),
                                (1, "font /X is a Type0 font whose /DescendantFonts is an array of 0 value(s), "
                                    "not an array of one font")),
    "type0-integer-descendant": (_fonts(_font(Subtype=Name.Type0, BaseFont=Name("/X"), DescendantFonts=Array([3]))),
                                 (1, "font /X is a Type0 font whose descendant font is a number, not a dictionary")),
    "font-integer": (_fonts(5), (1, "font ? is a number, not a font dictionary")),
    "font-descriptor-integer": (_fonts(_font(Subtype=Name.TrueType, BaseFont=Name("/Y"), FontDescriptor=4)),
                                (1, "font /Y has a /FontDescriptor that is a number, not a dictionary")),
    "fonts-integer": (_set_page("/Resources", Dictionary(Font=9)), (1, "/Resources /Font is a number, not a dictionary")),
    "acroform-integer": (_root("/AcroForm", 5), (0, "/AcroForm is a number, not a dictionary")),
    "acroform-dr-integer": (_root("/AcroForm", Dictionary(DR=5)), (0, "/AcroForm: /DR is a number, not a dictionary")),
    "acroform-type0": (_root("/AcroForm", Dictionary(DR=Dictionary(Font=Dictionary(F=_font(Subtype=Name.Type0))))),
                       (0, "form font (no /BaseFont) is a Type0 font without /DescendantFonts")),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_object_is_one_finding(case):
    edit, expected = CASES[case]
    findings = preflight(_pdf(edit), source="x.pdf")
    malformed = [(f.page, f.message) for f in findings if f.code == "malformed"]
    assert malformed == [expected], [str(f) for f in findings]


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_command_exits_1_with_one_line_per_finding(tmp_path, case):
    edit, (page, message) = CASES[case]
    path = tmp_path / f"{case}.pdf"
    path.write_bytes(_pdf(edit))
    r = CliRunner().invoke(main, ["check", str(path)])
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == 1
    where = f"page {page}: " if page else ""
    assert f"{path}: {where}[malformed] {message}" in r.stdout.splitlines()
    assert r.stderr == "1 of 1 file(s) failed preflight\n"


@pytest.mark.parametrize("content, said", [
    (b"", "an empty file"),
    (b"hello\n", "not a PDF file"),
    (b"PK\x03\x04" + bytes(2000) + b"%PDF-1.7\n", "not a PDF file"),  # a header past where readers look
], ids=["empty", "text", "header-too-late"])
def test_a_file_that_is_no_pdf_is_said_so_in_one_line(tmp_path, content, said):
    path = tmp_path / "x.pdf"
    path.write_bytes(content)
    r = CliRunner().invoke(main, ["check", str(path)])
    assert r.exit_code == 1
    assert r.stdout == f"{path}: [open] {said} (no %PDF- header in its first 1,024 bytes)\n"


def test_a_header_after_some_junk_still_opens():
    findings = preflight(b"junk before the header\n" + _pdf(), source="x.pdf")
    assert [f for f in findings if f.code == "open"] == []


def test_one_bad_page_does_not_hide_the_others():
    def edit(pdf):
        pdf.pages[0].obj.MediaBox = Array([0, 0])
        pdf.pages[1].obj.Annots = 5
        pdf.pages[2].obj.TrimBox = Array([0, 0, 300, 300])  # outside the MediaBox: the usual finding
    findings = preflight(_pdf(edit, pages=3))
    got = [(f.code, f.page) for f in findings if f.code != "open"]
    assert got == [("malformed", 1), ("malformed", 2), ("page-boxes", 3)]


def test_long_names_and_control_characters_are_shortened_and_escaped():
    name = "N" * 100_000 + "\n[fake] line"
    findings = preflight(_pdf(_annots(Dictionary(Subtype=Name.Widget, F=0, T=String(name)))), source="x.pdf")
    lines = [str(f) for f in findings]
    assert len(lines) == 1 and len(lines[0]) < 300 and "\n" not in lines[0]
    assert "(100,012 characters) does not print" in lines[0]


def test_findings_capped_at_two_hundred_per_file(tmp_path):
    widgets = [Dictionary(Subtype=Name.Widget, F=0, T=String(f"f{i}")) for i in range(300)]
    path = tmp_path / "many.pdf"
    path.write_bytes(_pdf(_annots(*widgets)))
    r = CliRunner().invoke(main, ["check", str(path)])
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert len(lines) == 201
    assert all("[field-not-printed]" in line for line in lines[:200])
    assert lines[-1] == f"{path}: … and 100 more finding(s)"


def test_fifo_and_dev_zero_are_open_findings(tmp_path):
    # in a child process (tests/test_floods.py: run_process): a regression fails, it cannot hang
    fifo = tmp_path / "fifo.pdf"
    os.mkfifo(fifo)
    zero = tmp_path / "x.pdf"
    zero.symlink_to("/dev/zero")
    r = run_process("check", str(fifo), str(zero), str(tmp_path / "missing.pdf"))
    assert r.returncode == 1
    assert r.stdout.splitlines()[:2] == [
        f"{fifo}: [open] is a pipe (FIFO), not a regular file",
        f"{zero}: [open] is a character device, not a regular file",
    ]
    assert r.stderr == "3 of 3 file(s) failed preflight\n"


def test_qpdf_messages_do_not_name_python_objects():
    findings = preflight(_pdf(_set_page("/MediaBox", Array([0, 0]))))
    assert all("BytesIO" not in f.message for f in findings)


def test_clean_pdf_still_passes(tmp_path):
    path = Path(tmp_path / "ok.pdf")
    path.write_bytes(_pdf())
    assert preflight(path) == []


def test_control_characters_in_a_file_name_stay_on_one_line(tmp_path):
    path = tmp_path / "x\n[open] fake.pdf"
    path.write_bytes(_pdf(_set_page("/Annots", 5)))
    r = CliRunner().invoke(main, ["check", str(path)])
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [str(path).replace("\n", "\\x0a")] * len(lines)


def test_a_decompression_bomb_is_one_finding_before_qpdf_decodes_it(tmp_path):
    """Page content that inflates past the limit: one 'open' finding naming
    the bomb (measured with a small limit so the test stays fast)."""
    import io
    import zlib

    import pikepdf

    from printkit import preflight as pf

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    pdf.pages[0].Contents = pdf.make_stream(zlib.compress(b"%" + b" " * (3 << 20), 9), Filter=pikepdf.Name.FlateDecode)
    buf = io.BytesIO()
    pdf.save(buf, compress_streams=False)
    with pikepdf.open(io.BytesIO(buf.getvalue())) as opened:
        assert pf.inflation_problem(opened, limit=2 << 20) is not None
        assert pf.inflation_problem(opened, limit=8 << 20) is None
    old = pf.MAX_INFLATED
    pf.MAX_INFLATED = 2 << 20
    try:
        findings = pf.preflight(buf.getvalue(), source="bomb.pdf")
    finally:
        pf.MAX_INFLATED = old
    assert [f.code for f in findings] == ["open"] and "decompression bomb" in str(findings[0])

"""printkit check: the preflight catches what a print shop would refuse."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from pypdf import PdfWriter
from reportlab.pdfgen.canvas import Canvas

pytestmark = pytest.mark.bad_pdfs  # these tests build invalid PDFs on purpose

from printkit.cli import main
from printkit.preflight import preflight


def _helvetica_pdf() -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    c.setFont("Helvetica", 12)
    c.drawString(100, 100, "base-14 font, not embedded")
    c.showPage()
    c.save()
    return buf.getvalue()


def _bad_boxes_pdf() -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1, trimBox=(0, 0, 300, 300), bleedBox=(0, 0, 150, 150))
    c.showPage()
    c.save()
    return buf.getvalue()


def _encrypted_pdf() -> bytes:
    w = PdfWriter()
    w.add_blank_page(100, 100)
    w.encrypt("secret")
    out = io.BytesIO()
    w.write(out)
    return out.getvalue()


def test_base14_font_found():
    codes = {f.code for f in preflight(_helvetica_pdf())}
    assert "font-not-embedded" in codes


def test_page_boxes_found():
    assert "page-boxes" in {f.code for f in preflight(_bad_boxes_pdf())}


def test_encrypted_and_damaged():
    assert [f.code for f in preflight(_encrypted_pdf())] == ["open"]
    truncated = _helvetica_pdf()[:300]
    assert {f.code for f in preflight(truncated)} == {"open"}
    assert [f.code for f in preflight(b"not a pdf at all")] == ["open"]


def test_check_cli(tmp_path):
    r = CliRunner().invoke(main, ["build", "archeotrek", "--players", "1", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    kit = tmp_path / "archeotrek" / "archeotrek-kit.pdf"
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(_helvetica_pdf())
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    r = CliRunner().invoke(main, ["check", str(kit)])
    assert r.exit_code == 0 and "ok" in r.output
    r = CliRunner().invoke(main, ["check", str(kit), str(bad)])
    assert r.exit_code == 1 and "font-not-embedded" in r.output
    # check only reads: no file written, changed or removed
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_every_built_pdf_passes(tmp_path, duplex):
    r = CliRunner().invoke(main, ["build", "all", "--players", "2", "--duplex", duplex, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    pdfs = sorted(tmp_path.rglob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert preflight(pdf) == [], pdf


def _pdf_with_content(content: bytes) -> bytes:
    import pikepdf

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(100, 100))
    pdf.pages[0].Contents = pdf.make_stream(content)
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


@pytest.mark.parametrize("content", [
    b"0 0 m 10 10 l S",          # fine
    b"BT (unterminated Tj ET",   # broken string
    b"0 0 m 10 10 l S ]",        # stray bracket
    b"<< /A 1 >> >> BI",         # broken dictionary / inline image
    b"",                         # empty page
])
def test_syntax_check_agrees_with_qpdf_check(content):
    """Our faster syntax check finds exactly what pikepdf's check_pdf_syntax finds."""
    import pikepdf

    from printkit.preflight import syntax_problems

    data = _pdf_with_content(content)
    with pikepdf.Pdf.open(io.BytesIO(data)) as a, pikepdf.Pdf.open(io.BytesIO(data)) as b:
        assert syntax_problems(a) == b.check_pdf_syntax()

"""Preflight finds fonts inside (nested) form XObjects and in the AcroForm's /DR."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.preflight import preflight

pytestmark = pytest.mark.bad_pdfs  # these tests build invalid PDFs on purpose


def _form_pdf(font: str) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1)
    c.beginForm("inner")
    c.setFont(font, 9)
    c.drawString(0, 0, "inside a form")
    c.endForm()
    c.beginForm("outer")
    c.doForm("inner")
    c.endForm()
    c.doForm("outer")
    c.showPage()
    c.doForm("outer")  # second page: the same font is reported once, on page 1
    c.showPage()
    c.save()
    return buf.getvalue()


def test_font_in_nested_form_xobject():
    findings = preflight(_form_pdf("Times-Roman"))
    # reportlab's initial font (Helvetica) on the page, Times-Roman only inside the forms
    assert [(f.code, f.page, f.message) for f in findings] == [
        ("font-not-embedded", 1, "font /Helvetica is not embedded"),
        ("font-not-embedded", 1, "font /Times-Roman is not embedded"),
    ]


def test_acroform_dr_font():
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DictionaryObject, NameObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_form_pdf("Times-Roman"))))
    helv = writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
        NameObject("/BaseFont"): NameObject("/Helvetica")}))
    writer._root_object[NameObject("/AcroForm")] = DictionaryObject({
        NameObject("/Fields"): writer._add_object(DictionaryObject()),
        NameObject("/DR"): DictionaryObject({NameObject("/Font"): DictionaryObject({NameObject("/Helv"): helv})}),
    })
    out = io.BytesIO()
    writer.write(out)
    codes = [(f.code, f.page, f.message) for f in preflight(out.getvalue())]
    assert ("font-not-embedded", 0, "form font /Helvetica is not embedded") in codes

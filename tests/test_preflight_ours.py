"""Preflight of printkit's own PDFs with one parser (issue 26).

``preflight(data, ours=True)`` checks a PDF printkit's writer just made with
qpdf alone (``printkit deck`` no longer imports pypdf for it).  It must find
what the two-parser check (``printkit check``) finds on the same damage, and
nothing on a clean deck.  The damage is made with pikepdf on a real deck PDF;
the oracle is the finding codes and pages the full check reports.
"""

from __future__ import annotations

import ast

import io
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.preflight import preflight

EX = Path(__file__).resolve().parent.parent / "examples" / "deck"


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory) -> bytes:
    out = tmp_path_factory.mktemp("ours")
    r = CliRunner().invoke(main, ["deck", str(EX / "cards.csv"), "--layout", str(EX / "front.toml"), "--back",
                                  str(EX / "back.toml"), "--out", str(out), "-q"])
    assert r.exit_code == 0, r.output
    return (out / "finds.pdf").read_bytes()


def _damaged(data: bytes, harm) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        harm(pdf)
        buf = io.BytesIO()
        pdf.save(buf)
    return buf.getvalue()


def _unembed(pdf):
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor" and "/FontFile2" in obj:
            del obj["/FontFile2"]
            return


def _boxes(pdf):
    pdf.pages[0].TrimBox = pikepdf.Array([0, 0, 9999, 10])


def _content(pdf):
    pdf.pages[1].Contents = pdf.make_stream(b"q BT <ZZ> Tj ET ] Q")


def _not_number(pdf):
    pdf.pages[-1].BleedBox = pikepdf.Array([0, 0, pikepdf.String("x"), 10])


def _base14(pdf):
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    pdf.pages[0].Resources.Font[pikepdf.Name("/FH")] = font


def _codes(findings) -> set[tuple[str, int]]:
    return {(f.code, f.page) for f in findings}


def test_a_clean_deck_passes(deck_pdf):
    assert preflight(deck_pdf, ours=True) == []


@pytest.mark.parametrize("harm", [_unembed, _boxes, _content, _not_number, _base14])
def test_finds_what_the_full_check_finds(deck_pdf, harm):
    bad = _damaged(deck_pdf, harm)
    full = preflight(bad)
    ours = preflight(bad, ours=True)
    assert full, "the damage must be a finding for printkit check"
    assert _codes(ours) == _codes(full), (ours, full)


def test_a_file_qpdf_cannot_open_is_one_finding():
    (finding,) = preflight(b"%PDF-1.4\nnot a pdf at all", ours=True)
    assert finding.code == "open" and "qpdf" in finding.message


def test_the_deck_loads_no_pypdf(tmp_path, cache_root):
    """The deck's preflight runs on qpdf alone: pypdf is never imported; once
    the fonts' character maps are remembered (a first run, in a cache folder
    of this test's own), fontTools is not imported either."""
    probe = (
        "import sys, runpy\n"
        f"sys.argv = ['printkit', 'deck', {str(EX / 'cards.csv')!r}, '--layout', {str(EX / 'front.toml')!r}, "
        f"'--out', {str(tmp_path)!r}, '-q']\n"
        "try:\n    runpy.run_module('printkit', run_name='__main__')\nexcept SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(sorted(m for m in ('pypdf', 'pikepdf', 'fontTools') if m in sys.modules))\n"
    )
    loaded = []
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr[-2000:]
        loaded.append(ast.literal_eval(out.stdout.strip().splitlines()[-1]))
    assert "pypdf" not in loaded[0] and loaded[1] == ["pikepdf"]
    assert (tmp_path / "finds.pdf").is_file()

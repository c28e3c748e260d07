"""Every PDF printkit writes asks viewers to print at actual size
(``/PrintScaling /None``) and says how it is meant to be printed (``/Duplex``):
kit PDFs, every part (reportlab sheets and weasyprint documents alike), decks
and the duplex test page."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "deck"


def _prefs(path: Path) -> dict:
    prefs = PdfReader(path).trailer["/Root"].get("/ViewerPreferences")
    return dict(prefs.get_object()) if prefs is not None else {}


def test_every_written_pdf_prints_at_actual_size(tmp_path, built_all):
    run = CliRunner().invoke
    assert run(main, ["deck", str(EXAMPLES / "cards.csv"), "--layout", str(EXAMPLES / "front.toml"),
                      "--back", str(EXAMPLES / "back.toml"), "--out", str(tmp_path / "deck")]).exit_code == 0
    assert run(main, ["duplex-test", "--out", str(tmp_path / "dt")]).exit_code == 0
    pdfs = sorted(built_all.rglob("*.pdf")) + sorted(tmp_path.rglob("*.pdf"))
    assert len(pdfs) >= 6
    for pdf in pdfs:
        prefs = _prefs(pdf)
        assert prefs.get("/PrintScaling") == "/None", pdf
        assert prefs.get("/Duplex") in ("/Simplex", "/DuplexFlipLongEdge", "/DuplexFlipShortEdge"), pdf


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_covers_and_documents_fit_one_page_on_every_paper(paper):
    """A4, Letter and universal fit alike: each kit's cover, rules reference
    and high-score log is one page (the longest part lists to fit)."""
    from printkit.build import BuildOptions
    from printkit.paper import get_paper
    from printkit.pdf import page_count
    from printkit.registry import all_games
    from printkit.theme import load_theme

    opts = BuildOptions(paper=get_paper(paper), theme=load_theme("classic"))
    for kit in all_games():
        parts = kit.parts(opts)
        summary = [{"title": p.title, "file": f"{p.name}.pdf", "count": p.count, "pages": 12, "stock": p.stock,
                    "backs": p.components is not None}
                   for p in parts]
        assert page_count(kit.cover(summary, opts)) == 1, (kit.id, "cover")
        for p in parts:
            if p.document is not None and p.name in ("rules-reference", "high-score-log"):
                data = p.document()
                assert page_count(data) == 1, (kit.id, p.name)
                _inside_printable_area(data, f"{kit.id} {p.name}")


def _inside_printable_area(data: bytes, where: str, margin_mm: float = 6.0) -> None:
    """Every character and filled rectangle (the scale bars) of a document page
    lies at least ``margin_mm`` from the sheet edges (a 5 mm printer margin
    and 1 mm to spare)."""
    import io

    import pdfplumber

    from printkit.units import mm

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            W, H = page.width, page.height
            things = list(page.chars) + [r for r in page.rects if r.get("fill") and r["width"] < W * 0.9]
            for t in things:
                assert t["x0"] >= mm(margin_mm) and t["x1"] <= W - mm(margin_mm), (where, t.get("text"))
                assert t["top"] >= mm(margin_mm) and t["bottom"] <= H - mm(margin_mm), (where, t.get("text"))

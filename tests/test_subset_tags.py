"""Font subset tags: one tag per font program in every PDF printkit writes.

A subset font is named ``ABCDEF+Name`` (ISO 32000-1, 9.6.4); the tag tells
a viewer or RIP that two fonts are the same subset.  reportlab names every
first subset ``AAAAAA+``, so a kit PDF carried up to five different fonts
(and different subsets of one font from different parts) under one tag —
a RIP that caches fonts by name prints the wrong glyphs.

Measured with pikepdf on every PDF of ``build all`` (parts, cover, kit),
its cut and DriveThruCards exports, the example deck (PDF, cut, DTC) and
the duplex test: every tag is six capitals and names one font program
(SHA-256 of the embedded stream); the same program in two font
dictionaries may share its tag.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "examples" / "deck"
TAG = re.compile(r"^[A-Z]{6}\+")


@pytest.fixture(scope="session")
def every_pdf(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("subset-tags")
    for args in (["build", "all", "--format", "pdf,cut,shop:dtc"],
                 ["deck", str(DECK / "cards.csv"), "--layout", str(DECK / "front.toml"), "--back",
                  str(DECK / "back.toml"), "--format", "pdf,cut,shop:dtc"],
                 ["duplex-test"]):
        r = CliRunner().invoke(main, [*args, "--out", str(out), "-q"] if args[0] != "duplex-test"
                               else [*args, "--out", str(out)])
        assert r.exit_code == 0, r.output
    pdfs = sorted(out.rglob("*.pdf"))
    names = {p.name for p in pdfs}
    assert {"archeo-kit.pdf", "archaeologia-kit.pdf", "rules-reference.pdf", "finds.pdf", "duplex-test.pdf"} <= names
    assert any(p.parent.name == "cut" for p in pdfs) and any(p.parent.name == "shop-dtc" for p in pdfs)
    return pdfs


def _programs(pdf: pikepdf.Pdf) -> dict[str, set[str]]:
    """tag → SHA-256 of every embedded font program named with it."""
    out: dict[str, set[str]] = defaultdict(set)
    for obj in pdf.objects:
        if not (isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font"):
            continue
        desc = obj.get("/FontDescriptor")
        if desc is None:
            continue
        for key in ("/FontFile", "/FontFile2", "/FontFile3"):
            if key in desc:
                name = str(obj.BaseFont)[1:]
                assert TAG.match(name), name
                assert str(desc.FontName)[1:] == name, (name, str(desc.FontName))
                out[name[:6]].add(hashlib.sha256(desc[key].read_bytes()).hexdigest())
    return out


def test_every_subset_tag_names_one_font_program(every_pdf):
    checked = 0
    for path in every_pdf:
        with pikepdf.open(path) as pdf:
            progs = _programs(pdf)
        clashes = {tag: len(v) for tag, v in progs.items() if len(v) > 1}
        assert not clashes, f"{path.relative_to(path.parents[2])}: tags shared by different fonts {clashes}"
        checked += bool(progs)
    assert checked >= 40


def test_the_kit_pdf_names_its_different_fonts_apart(every_pdf):
    """archeo-kit.pdf: five fonts (Fredoka One and four Source Sans Pro
    styles) plus the rules reference's, each its own tag."""
    kit = next(p for p in every_pdf if p.name == "archeo-kit.pdf")
    with pikepdf.open(kit) as pdf:
        progs = _programs(pdf)
        names = {str(o.BaseFont)[1:] for o in pdf.objects
                 if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font" and "/BaseFont" in o}
    families = {n[7:] for n in names if TAG.match(n)}
    assert {"FredokaOne-Regular", "SourceSansPro-Bold", "SourceSansPro-Regular"} <= families
    assert len(progs) >= len(families)  # at least one tag per font (a font's different subsets get more)

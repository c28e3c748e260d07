"""A theme with a wide font (issue 26): the cover's "50 mm" label stays clear
of the text beside it, and a rules reference that no longer fits its page is
a note in the build, never silent.  The wide font is made here: the theme's
own display/body fonts with every advance width × 1.6 (fontTools), so the test
needs no system font.  Measured in the PDFs users get (pdfplumber)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

from printkit.theme import load_theme
from printkit.units import mm

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _widened(src: Path, dst: Path, factor: float = 1.6) -> None:
    from fontTools.ttLib import TTFont

    font = TTFont(str(src))
    hmtx = font["hmtx"]
    for glyph, (adv, lsb) in list(hmtx.metrics.items()):
        hmtx.metrics[glyph] = (int(adv * factor), lsb)
    font["hhea"].advanceWidthMax = max(a for a, _ in hmtx.metrics.values())
    font.save(str(dst))


@pytest.fixture(scope="module")
def wide_theme(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("themes") / "wide"
    folder.mkdir()
    classic = load_theme("classic")
    _widened(classic.font_files["display"], folder / "WideDisplay.ttf")
    _widened(classic.font_files["body"], folder / "WideBody.ttf")
    (folder / "theme.toml").write_text('[theme]\nextends = "classic"\n\n[fonts]\ndisplay = "WideDisplay.ttf"\n'
                                       'body = "WideBody.ttf"\n', encoding="utf-8")
    return folder


def _build(game: str, theme: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printkit", "build", game, "--theme", str(theme), "-q",
                           "--out", str(out), "-j", "1"], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_the_50mm_label_stays_clear_of_the_text(wide_theme, tmp_path):
    r = _build("archeotrek", wide_theme, tmp_path)
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(tmp_path / "archeotrek" / "archeotrek-kit.pdf") as pdf:
        page = pdf.pages[0]
        chars = page.chars
        # (the PDF names the fonts by their own names: the widened copies keep them)
        # the check box's heading "Check the 50 mm bar before cutting" (display font, the largest
        # type in the box), then the label and the text below it
        heading = [c for c in chars if "FredokaOne" in c["fontname"] and round(c["size"]) == 13]
        lines: dict[float, str] = {}
        for c in heading:
            lines[round(c["top"], 1)] = lines.get(round(c["top"], 1), "") + c["text"]
        top = next(t for t, text in lines.items() if text.startswith("Check the 50"))
        head_bottom = max(c["bottom"] for c in heading if round(c["top"], 1) == top)
        box = [c for c in chars if head_bottom < c["top"] < head_bottom + 45 and c["text"].strip()]
        label = [c for c in box if "FredokaOne" in c["fontname"]]
        text = [c for c in box if "SourceSansPro-Regular" in c["fontname"]]
        assert "".join(c["text"] for c in label).replace(" ", "") == "50mm"
        assert text, "the check's text"
        lx0, lx1 = min(c["x0"] for c in label), max(c["x1"] for c in label)
        ltop, lbot = min(c["top"] for c in label), max(c["bottom"] for c in label)
        for c in text:  # no character of the text within 1 mm of the label's box
            clear = c["x0"] >= lx1 + mm(1) or c["x1"] <= lx0 - mm(1) or c["top"] >= lbot or c["bottom"] <= ltop
            assert clear, (c["text"], c["x0"], lx1)
        assert max(c["x1"] for c in text) <= page.width - mm(5)  # and it still ends inside the margin


def test_a_rules_reference_pushed_past_its_page_is_a_note(wide_theme, tmp_path):
    r = _build("archeo", wide_theme, tmp_path)
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(tmp_path / "archeo" / "rules-reference.pdf") as pdf:
        pages = len(pdf.pages)
    assert pages > 1, "the wide font does push the reference past one page"
    notes = [line for line in r.stderr.splitlines() if line.startswith("note: ")]
    assert any(f"{pages} pages, laid out for 1" in n and "archeo" in n for n in notes), r.stderr

"""printkit.gamekit's own helpers, measured on what they produce: the one
rules reader, the fit family (widths measured in the PDF they draw), the Pen
(the same PDF as the canvas calls it stands for), the Palette, and
glyph_box (where a PDF reader boxes a line's glyphs)."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit import PrintkitError
from printkit.gamekit import Palette, Pen, fit_size, fit_stepped, fit_wrapped, glyph_box, read_rules

ROOT = Path(__file__).resolve().parent.parent
FONT = ""  # set per test from the classic theme (_font)


def test_read_rules_turns_a_reader_crash_into_one_line(tmp_path):
    path = tmp_path / "archeotrek.toml"
    path.write_text((ROOT / "rules" / "archeotrek.toml").read_text(encoding="utf-8"), encoding="utf-8")

    def read(chk):
        return chk.data["nope"]["deeper"]  # KeyError inside a game's reader

    with pytest.raises(PrintkitError) as err:
        read_rules("archeotrek", path, read)
    assert str(err.value).startswith(f"{path}: malformed rules data (KeyError") and "\n" not in str(err.value)


def test_read_rules_refuses_keys_nothing_reads_but_the_ids_it_is_told(tmp_path):
    from printkit.games.archeotrek.data import load_rules

    text = (ROOT / "rules" / "archeotrek.toml").read_text(encoding="utf-8")
    path = tmp_path / "archeotrek.toml"
    path.write_text(text + "\n[dice_typo]\nred = 1\n", encoding="utf-8")
    with pytest.raises(PrintkitError, match="dice_typo"):
        load_rules(path)
    assert load_rules(ROOT / "rules" / "archeotrek.toml").title  # the bundled file: every key known


def _line_width(text: str, font: str, size: float) -> float:
    """The drawn width (pt) of ``text`` at ``size``, measured by pdfplumber in a PDF."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(2000, 200), invariant=1, initialFontName=font)
    c.setFont(font, size)
    c.drawString(10, 100, text)
    c.save()
    with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
        chars = pdf.pages[0].chars
    return max(ch["x1"] for ch in chars) - min(ch["x0"] for ch in chars)


TEXT = "The Pharaoh's Mask, sold to the museum"


@pytest.fixture(autouse=True)
def _font(theme):
    global FONT
    FONT = theme.font("body")  # the classic theme's embedded Source Sans Pro


@pytest.mark.parametrize("width", [120.0, 200.0, 400.0])
def test_fit_stepped_is_the_largest_step_that_fits(width):
    size = fit_stepped(TEXT, FONT, 14.0, width, least=4.0, step=0.5)
    assert (14.0 - size) % 0.5 == 0  # on the grid of steps down from the wanted size
    assert _line_width(TEXT, FONT, size) <= width + 0.01
    if size < 14.0:
        assert _line_width(TEXT, FONT, size + 0.5) > width  # one step up no longer fits


@pytest.mark.parametrize("role", ["body", "display", "bold"])
@pytest.mark.parametrize("size", [7.0, 11.04, 20.0])
def test_glyph_box_is_where_a_pdf_reader_boxes_the_line(theme, role, size):
    """A line drawn on baseline 100 is boxed by pdfplumber from 100 - below
    to 100 + above, every character, capitals too (their ink stops higher)."""
    font = theme.font(role)
    below, above = glyph_box(font, size)
    assert below > 0 and above > 0 and below + above == pytest.approx(size)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(600, 200), invariant=1, initialFontName=font)
    c.setFont(font, size)
    c.drawString(10, 100, "SONAR digs Ag")
    c.save()
    with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
        page = pdf.pages[0]
        boxes = {(round(page.height - ch["bottom"], 4), round(page.height - ch["top"], 4)) for ch in page.chars}
    assert boxes == {(round(100 - below, 4), round(100 + above, 4))}


def test_fit_size_is_exact_and_respects_least():
    size = fit_size(TEXT, FONT, 30.0, 200.0)
    assert _line_width(TEXT, FONT, size) == pytest.approx(200.0, abs=0.05)
    assert fit_size(TEXT, FONT, 30.0, 10.0, least=7.0) == 7.0
    assert fit_size(TEXT, FONT, 9.0, 1000.0) == 9.0


def test_fit_wrapped_fits_its_lines_and_height():
    from reportlab.lib.utils import simpleSplit

    long = " ".join([TEXT] * 4)
    size = fit_wrapped(long, FONT, 16.0, 150.0, least=5.0, step=0.5, max_lines=5)
    lines = simpleSplit(long, FONT, size, 150.0)
    assert len(lines) <= 5 and all(_line_width(t, FONT, size) <= 150.01 for t in lines)
    assert len(simpleSplit(long, FONT, size + 0.5, 150.0)) > 5
    tall = fit_wrapped(long, FONT, 16.0, 150.0, least=5.0, step=0.25, max_height=60.0, leading=1.2)
    assert len(simpleSplit(long, FONT, tall, 150.0)) * tall * 1.2 <= 60.0
    clamped = fit_wrapped(long, FONT, 16.0, 20.0, least=7.0, step=0.75, max_lines=1, clamp=True)
    assert clamped == 7.0  # never below least when clamped


def _pdf(draw, font: str) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1, initialFontName=font)
    draw(c)
    c.save()
    return buf.getvalue()


def test_pen_writes_the_same_pdf_as_the_canvas_calls_it_stands_for(theme):
    from reportlab.lib.colors import HexColor

    red, ink = HexColor("#c0392b"), HexColor("#2b2118")

    def by_hand(c):
        c.saveState()
        c.translate(100, 80)
        c.rotate(30)
        c.scale(40, 40)
        c.setFillColor(red)
        c.setStrokeColor(ink)
        c.setLineWidth(0.05)
        c.circle(0, 0, 0.5, stroke=1, fill=1)
        p = c.beginPath()
        p.moveTo(-0.5, -0.5)
        p.lineTo(0.5, -0.5)
        p.lineTo(0, 0.5)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.restoreState()
        c.rect(5, 5, 10, 10, stroke=0, fill=1)

    def with_pen(c):
        with Pen(c, 100, 80, 40, angle=30) as pen:
            pen.fill(red).stroke(ink, 0.05).circle(0, 0, 0.5, stroke=True)
            pen.poly([(-0.5, -0.5), (0.5, -0.5), (0, 0.5)])
        c.rect(5, 5, 10, 10, stroke=0, fill=1)  # the state (fill colour, transform) was restored

    assert _pdf(with_pen, theme.font("body")) == _pdf(by_hand, theme.font("body"))


def test_palette_reads_the_game_palette_then_the_theme(theme):
    pal = Palette(theme, "archeotrek")
    assert pal.hex("ground") == theme.games["archeotrek"]["ground"]
    assert pal.hex("ink") == theme.colours["ink"]  # not in the game's palette: the theme's colour
    assert pal("red") == theme.colour("red", "archeotrek")
    assert pal.text_on("plus") in (theme.colour("paper"), theme.colour("ink"))
    with pytest.raises(PrintkitError):
        pal.hex("no-such-role")


def test_a_game_template_comes_from_its_folder_unless_the_theme_gives_one(tmp_path):
    """render_html looks a template up in the theme's folders, then the game's
    templates/ (printkit/games/<id>/templates): a theme replaces a game's
    template by giving a file of the same name."""
    from printkit.paper import get_paper
    from printkit.render.documents import render_html
    from printkit.theme import load_theme

    context = {"game": "archeotrek", "title": "T"}
    theme = tmp_path / "mine"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nextends = "classic"\n', encoding="utf-8")
    (theme / "archeotrek-rules.html.j2").write_text("<p>mine: {{ title }}</p>", encoding="utf-8")
    load_theme.cache_clear()
    assert render_html("archeotrek-rules.html.j2", context, load_theme(str(theme)), get_paper("a4")) == "<p>mine: T</p>"
    (theme / "archeotrek-rules.html.j2").unlink()
    with pytest.raises(PrintkitError, match="printkit/games/archeotrek/templates"):
        render_html("nope.html.j2", context, load_theme(str(theme)), get_paper("a4"))
    with pytest.raises(PrintkitError, match="games/archeotrek/templates/archeotrek-rules.html.j2, line"):  # the game's own
        render_html("archeotrek-rules.html.j2", context, load_theme(str(theme)), get_paper("a4"))

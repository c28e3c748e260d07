"""Round five of hostile input, aimed at surfaces earlier rounds attacked
less: theme fonts whose name table or character map lies and web fonts that
unpack to gigabytes; filled PDF sheets whose form values are no text or
inflate to tens of MB, and the game file export-game writes from them; a
deck's .otf font whose subroutines multiply; SVG, 16-bit, truncated and
swapped pictures; theme documents that @import themselves, ask for a
thousand pages or nest thousands deep; a dash a PDF may not hold; 100 kB
names in error lines.  Each case is measured on what a user gets — the exit
code, one error line, the files written, the pixels printed."""

from __future__ import annotations

import functools

import importlib.util
import tomllib
from pathlib import Path

import pytest


from cli_checks import invoke as run, one_line as _one_line




def _source_sans() -> Path:
    loc = importlib.util.find_spec("font_source_sans_pro").submodule_search_locations[0]
    return next(Path(loc).rglob("SourceSansPro-Regular.ttf"))


# ---------------------------------------------------------------- 1. theme fonts whose name table lies


def _renamed_font(path: Path, name: str | None) -> None:
    """Source Sans Pro with its family, full and PostScript names set to
    ``name`` (Windows records; Mac records to its Mac Roman part) — or with
    no name records at all (``None``)."""
    from fontTools.ttLib import TTFont

    font = TTFont(_source_sans())
    if name is None:
        font["name"].names = []
    else:
        for rec in font["name"].names:
            if rec.nameID in (1, 4, 6):
                rec.string = name if rec.platformID == 3 else name.encode("mac_roman", "replace").decode("mac_roman")
    font.save(path)


def _font_theme(tmp_path: Path, name: str | None) -> Path:
    theme = tmp_path / "liar"
    theme.mkdir()
    _renamed_font(theme / "liar.ttf", name)
    (theme / "theme.toml").write_text('[theme]\nname = "liar"\nextends = "classic"\n[fonts]\nbody = "liar.ttf"\n')
    return theme


@pytest.mark.parametrize("name,needle", [
    ("Evil\nName", "0x0A"),          # a line break in /BaseFont: qpdf called the PDF damaged
    ("Evil#Name", "holds #"),        # '#' starts an escape in a PDF name
    ("Evil\x00Name", "0x00"),
])
def test_a_font_whose_postscript_name_breaks_a_pdf_name_is_refused_naming_it(tmp_path, name, needle):
    """reportlab refuses spaces and delimiters in a font's PostScript name but
    writes controls and '#' into ``/BaseFont`` as they are: the build then
    failed its own preflight with a line that named neither the theme nor the
    font, its qpdf warnings run together with ``\\x0a``."""
    theme = _font_theme(tmp_path, name)
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "liar.ttf" in line and "[fonts] body" in line and "PostScript name" in line and needle in line, line
    assert "preflight" not in line
    assert not list(out.rglob("*.pdf")) if out.exists() else True


def test_a_font_with_no_name_records_says_so(tmp_path):
    """No PostScript, full or family name: reportlab tripped over a setting
    it lacks (``AttributeError: module 'reportlab.rl_config' has no …``)."""
    theme = _font_theme(tmp_path, None)
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", tmp_path / "out", "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "liar.ttf" in line and "no PostScript, full or family name" in line, line
    assert "AttributeError" not in line and "rl_config" not in line


def test_a_font_mapping_more_code_points_than_unicode_has_is_refused(tmp_path):
    """A font whose character map sends every code point to one glyph: at
    1.1 million (13 MB) a build took 28 s and 460 MB — reportlab reads,
    weasyprint subsets and compresses every mapping in every document.
    160,000 here (2 MB), just past the 150,000 a font may map (Unicode 15.1
    assigns 149,813 characters)."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._c_m_a_p import cmap_format_12

    theme = tmp_path / "wide"
    theme.mkdir()
    font = TTFont(_source_sans())
    table = cmap_format_12(12)
    table.platformID, table.platEncID, table.language = 3, 10, 0
    glyph = font.getGlyphOrder()[5]
    table.cmap = {c: glyph for c in range(0x20, 0x20 + 160_000) if not 0xD800 <= c <= 0xDFFF}
    font["cmap"].tables = [table]
    font.save(theme / "wide.ttf")
    (theme / "theme.toml").write_text('[theme]\nname = "wide"\nextends = "classic"\n[fonts]\nbody = "wide.ttf"\n')
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "wide.ttf" in line and "[fonts] body" in line and "code points" in line and "150,000" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


# ---------------------------------------------------------------- 2. filled sheets: values that are no text, or huge


@pytest.fixture(scope="module")
def filled_sheet(tmp_path_factory) -> bytes:
    """One fillable Dig Site sheet, as ``build --fillable`` writes it."""
    out = tmp_path_factory.mktemp("kit")
    r = run("build", "archeotrek", "--fillable", "--players", "1", "--out", out, "-q")
    assert r.exit_code == 0, r.output
    return (out / "archeotrek" / "dig-site-sheets.pdf").read_bytes()


def _forged(filled: bytes, path: Path, field: str, value, *, object_streams: bool = False) -> Path:
    """``filled`` with the widget ``field`` (its /T, e.g. ``"name"`` or the
    circle ``"A1"``) given the /V ``value`` (a callable gets the widget and
    returns it)."""
    import io

    import pikepdf

    pdf = pikepdf.open(io.BytesIO(filled))
    widget = next(a for a in pdf.pages[0].obj.Annots if str(a.get("/T")) == field)
    widget.V = value(widget) if callable(value) else value
    mode = pikepdf.ObjectStreamMode.generate if object_streams else pikepdf.ObjectStreamMode.preserve
    pdf.save(path, object_stream_mode=mode)
    return path


def _chain() -> object:
    import pikepdf

    top = pikepdf.Dictionary()
    node = top
    for _ in range(50):
        node.K = pikepdf.Dictionary()
        node = node.K
    return top


@pytest.mark.parametrize("label,value,kind", [
    ("dictionary", lambda w: _chain(), "a dictionary"),
    ("itself", lambda w: w, "a dictionary"),  # the widget's own dictionary: its repr held object addresses
    ("array", lambda w: __import__("pikepdf").Array([1, 2, 3]), "an array"),
])
@pytest.mark.parametrize("command", ["export-game", "score", "validate"])
def test_a_field_value_that_is_no_text_is_one_line_naming_the_field(tmp_path, filled_sheet, label, value, kind,
                                                                    command):
    """A text field's /V that is a dictionary or array was turned into its
    Python repr — ``{'/AP': {'/N': IndirectObject(130, 0, 140220501789776)}…``
    — and written into the exported game file (a memory address: not even
    the same bytes twice) and the score's problem lines."""
    pdf = _forged(filled_sheet, tmp_path / "forged.pdf", "A1", value)
    r = run(command, "archeotrek", pdf)
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "forged.pdf" in line and "p1.circle.A1" in line and kind in line, line
    assert "IndirectObject" not in r.output and "{'/" not in r.output


def test_a_field_value_written_as_a_text_stream_is_read(tmp_path, filled_sheet):
    """A text field's value may be a text string or a text stream (PDF
    32000-1, 12.7.4.3): a stream is read as its text, not refused."""
    import io

    import pikepdf

    pdf = pikepdf.open(io.BytesIO(filled_sheet))
    annots = pdf.pages[0].obj.Annots
    name = next(a for a in annots if str(a.get("/T")) == "name")
    circle = next(a for a in annots if str(a.get("/T")) == "A1" and str(a.Parent.get("/T")) == "circle")
    name.V = pdf.make_stream(b"\xfe\xff" + "Zoë".encode("utf-16-be"))
    circle.V = pdf.make_stream(b"7")
    pdf.save(tmp_path / "streams.pdf")
    r = run("export-game", "archeotrek", tmp_path / "streams.pdf")
    assert r.exit_code == 0, r.output
    player = tomllib.loads(r.output)["player"][0]
    assert player["name"] == "Zoë" and player["circles"] == {"A1": 7}


def test_a_value_inflating_to_tens_of_mb_is_refused_before_pypdf_parses_it(tmp_path, filled_sheet):
    """A 20 MB name compressed into an object stream (a few kB of file):
    pypdf's own cap is 75 MB, and it parsed such a string byte by byte — a
    275 kB sheet took 10 s and 1.4 GB.  Streams of a sheet are now capped at
    8 MB while it is read."""
    import pikepdf

    pdf = _forged(filled_sheet, tmp_path / "bomb.pdf", "name", pikepdf.String("Z" * (20 << 20)), object_streams=True)
    assert pdf.stat().st_size < 400_000
    for command in ("export-game", "score"):
        r = run(command, "archeotrek", pdf)
        assert r.exit_code == 1, r.output
        line = _one_line(r.output)
        assert "bomb.pdf" in line and "8 MB" in line and "decompression bomb" in line, line


def test_a_sheet_that_is_merely_filled_still_exports(tmp_path, filled_sheet):
    import pikepdf

    pdf = _forged(filled_sheet, tmp_path / "ana.pdf", "name", pikepdf.String("Ana"), object_streams=True)
    r = run("export-game", "archeotrek", pdf)
    assert r.exit_code == 0, r.output
    assert tomllib.loads(r.output)["player"][0]["name"] == "Ana"


# ---------------------------------------------------------------- 3. export-game writes no raw control character


def test_exported_names_keep_c1_controls_and_bidi_characters_escaped(tmp_path, filled_sheet):
    """A name holding U+009B (a terminal's 8-bit CSI), a line separator and
    a bidi isolate was written into the TOML as raw characters: printed to a
    terminal (export-game's default output) or shown in an editor they act
    instead of showing.  They are now ``\\uXXXX`` escapes — the same value
    read back, which validate reports."""
    import pikepdf

    name = "Ana\u009b31m\u2028x\u2066y\u202e\x7f"
    pdf = _forged(filled_sheet, tmp_path / "ctl.pdf", "name",
                  pikepdf.String(b"\xfe\xff" + name.encode("utf-16-be")))
    r = run("export-game", "archeotrek", pdf)
    assert r.exit_code == 0, r.output
    for ch in "\u009b\u2028\u2066\u202e\x7f":
        assert ch not in r.output, repr(ch)
    assert "\\u009B" in r.output and "\\u2028" in r.output
    assert tomllib.loads(r.output)["player"][0]["name"] == name  # the value itself, escaped
    game = tmp_path / "game.toml"
    game.write_text(r.output, encoding="utf-8")
    v = run("validate", "archeotrek", game)
    assert v.exit_code == 1 and "U+009B" in v.output, v.output


# ---------------------------------------------------------------- 4. a deck font whose outlines are a subroutine bomb


def _subroutine_bomb(path: Path, depth: int, fanout: int) -> None:
    """A CFF (.otf) font of under 1 kB whose glyph "A" calls subroutine 0,
    which calls subroutine 1 ``fanout`` times, … down to ``depth``, the last
    drawing one segment: ``fanout ** depth`` segments to draw."""
    from fontTools.cffLib import SubrsIndex
    from fontTools.fontBuilder import FontBuilder
    from fontTools.misc.psCharStrings import T2CharString

    bias = 107  # a CFF's subroutine numbers are written minus 107 below 1,240 subroutines
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    fb.setupCFF("Bomb", {"FullName": "Bomb"}, {
        ".notdef": T2CharString(program=[500, "endchar"]),
        "A": T2CharString(program=[500, 0, 0, "rmoveto", 0 - bias, "callsubr", "endchar"]),
    }, {})
    cff = fb.font["CFF "].cff
    top = cff.topDictIndex[0]
    subrs = SubrsIndex()
    for i in range(depth):
        subrs.append(T2CharString(program=[i + 1 - bias, "callsubr"] * fanout + ["return"],
                                  private=top.Private, globalSubrs=cff.GlobalSubrs))
    subrs.append(T2CharString(program=[0, 0, "rlineto", "return"], private=top.Private, globalSubrs=cff.GlobalSubrs))
    top.Private.Subrs = subrs
    for cs in top.CharStrings.values():
        cs.private = top.Private
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Bomb", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.font.recalcBBoxes = False
    fb.save(path)


def test_a_deck_font_whose_subroutines_multiply_is_refused_before_it_is_drawn(tmp_path):
    """A deck's .otf font is converted to TrueType outlines by drawing every
    glyph.  Subroutines calling subroutines make a font of under 1 kB draw
    10⁶ segments here (8 s and 260 MB, then fontTools' "unsigned short is
    greater than maximum") — or 10⁸ with two more levels, which ran for
    hours, memory growing.  The drawing now has a budget of charstring bytes
    per byte of font, and the line says what the font is."""
    _subroutine_bomb(tmp_path / "bomb.otf", depth=6, fanout=10)
    assert (tmp_path / "bomb.otf").stat().st_size < 1_000
    (tmp_path / "cards.csv").write_text("title,qty\nA,1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "d"\nsize = "poker"\n[[element]]\ntype = "text"\n'
                                         'x = 5\ny = 5\ntext = "{{ title }}"\nfont = "bomb.otf"\n', encoding="utf-8")
    out = tmp_path / "out"
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "bomb.otf" in line and "CSV line 2" in line, line
    assert "subroutines calling subroutines" in line and "a font bomb" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_a_real_otf_font_still_converts_within_the_budget(tmp_path):
    """The budget leaves real CFF fonts alone (a URW base-35 font if the
    machine has one; else the small font of the test above, four segments)."""
    import glob

    real = sorted(glob.glob("/usr/share/fonts/opentype/urw-base35/*.otf"))
    font = tmp_path / "f.otf"
    if real:
        font.write_bytes(Path(real[0]).read_bytes())
    else:
        _subroutine_bomb(font, depth=2, fanout=2)
    (tmp_path / "cards.csv").write_text("title,qty\nA,1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "d"\nsize = "poker"\n[[element]]\ntype = "text"\n'
                                         'x = 5\ny = 5\ntext = "{{ title }}"\nfont = "f.otf"\n', encoding="utf-8")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out", "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 0, r.output
    assert (tmp_path / "out" / "d.pdf").stat().st_size > 0


# ---------------------------------------------------------------- 5. an SVG picture in a theme that multiplies itself


def _use_bomb(levels: int, fanout: int = 10) -> str:
    """An SVG of about 2 kB whose ``<use>`` elements each repeat the level
    below ``fanout`` times: ``fanout ** levels`` squares to draw."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>',
             '<g id="l0"><rect width="1" height="1"/></g>']
    for i in range(1, levels + 1):
        parts.append(f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * fanout + "</g>")
    parts.append(f'</defs><use href="#l{levels}"/></svg>')
    return "".join(parts)


def _document_theme(tmp_path: Path, body: str, svg: str | None = None) -> Path:
    """A theme "pics" extending classic whose ArchéoTREK rules reference is an
    HTML page of ``body`` (and ``pic.svg`` holding ``svg``, when given)."""
    theme = tmp_path / "pics"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "pics"\nextends = "classic"\n')
    if svg is not None:
        (theme / "pic.svg").write_text(svg)
    (theme / "archeotrek-rules.html.j2").write_text(
        f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>{body}</body></html>')
    return theme


@pytest.mark.parametrize("where", ["img", "inline"])
def test_an_svg_bomb_in_a_theme_document_is_one_line_at_once(tmp_path, monkeypatch, where):
    """10⁹ squares from 2 kB: weasyprint drew until the 120 s layout limit
    stopped it — two minutes of CPU per document for one error line.  Now
    SVG drawing has a budget of nodes per document, and since weasyprint's
    ``SVGImage.draw`` swallows any exception (leaving the picture out), the
    budget is checked once weasyprint is done.  The layout limit is lowered
    to 30 s here only so that the code without the budget fails in
    bounded time; the budget stops the bomb long before."""
    from printkit.render import documents

    monkeypatch.setattr(documents, "LAYOUT_SECONDS", 30.0)
    bomb = _use_bomb(9)
    assert len(bomb) < 2_500
    body = '<img src="pic.svg" style="width:50mm">' if where == "img" else bomb
    theme = _document_theme(tmp_path, body, bomb if where == "img" else None)
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "archeotrek-rules.html.j2" in line and "SVG bomb" in line and "shapes" in line, line
    if where == "img":
        assert "pic.svg" in line
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_an_svg_picture_using_its_parts_a_few_times_is_drawn(tmp_path):
    """The budget leaves ordinary pictures alone: a red square ``<use>``d
    100 times (10 × 10) is drawn — the page holds red pixels."""
    import subprocess

    red = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>'
           '<g id="l0"><rect width="10" height="10" fill="#ff0000"/></g>'
           '<g id="l1">' + "".join(f'<use href="#l0" x="{10 * i}"/>' for i in range(10)) + '</g>'
           '</defs>' + "".join(f'<use href="#l1" y="{10 * j}"/>' for j in range(10)) + '</svg>')
    theme = _document_theme(tmp_path, '<img src="pic.svg" style="width:80mm">', red)
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 0, r.output
    png = tmp_path / "page"
    subprocess.run(["pdftoppm", "-png", "-r", "20", "-f", "1", "-l", "1",
                    str(out / "archeotrek" / "rules-reference.pdf"), str(png)], check=True)
    from PIL import Image

    im = Image.open(next(tmp_path.glob("page*.png"))).convert("RGB")
    px = im.load()
    reds = sum(1 for x in range(im.width) for y in range(im.height)
               if px[x, y][0] > 200 and px[x, y][1] < 60 and px[x, y][2] < 60)
    assert reds > 500, reds  # 80 mm square at 20 dpi: about 63 × 63 px


# ---------------------------------------------------------------- 6. 16-bit grey pictures; a picture read again at write time


def _grey16(path: Path, value: int = 40_000) -> None:
    """A 50 × 50 px 16-bit greyscale PNG of one tone (40,000 of 65,535:
    61 % — 156 of 255 in 8 bits), as a scanner or an editor's "16-bit
    precision" writes it."""
    import numpy as np
    from PIL import Image

    Image.fromarray(np.full((50, 50), value, dtype=np.uint16)).save(path)


def _page_tones(pdf: Path, tmp_path: Path) -> dict[int, int]:
    """Grey tone → pixel count of the PDF's first page at 20 dpi."""
    import subprocess

    from PIL import Image

    stem = tmp_path / f"tones-{pdf.stem}"
    subprocess.run(["pdftoppm", "-png", "-r", "20", "-f", "1", "-l", "1", str(pdf), str(stem)], check=True)
    im = Image.open(next(tmp_path.glob(f"{stem.name}*.png"))).convert("L")
    return {tone: n for n, tone in im.getcolors()}


def _near(tones: dict[int, int], tone: int, tol: int = 4) -> int:
    return sum(n for t, n in tones.items() if abs(t - tone) <= tol)


def test_a_16_bit_grey_picture_on_a_card_prints_grey(tmp_path):
    """reportlab clips a 16-bit grey to 8 bits: 61 % grey printed white."""
    _grey16(tmp_path / "grey.png")
    (tmp_path / "cards.csv").write_text("title,qty\nA,1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "d"\nsize = "poker"\n[[element]]\ntype = "image"\n'
                                         'x = 5\ny = 5\nw = 50\nh = 50\nsrc = "grey.png"\n', encoding="utf-8")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out", "-q",
            "--duplex", "none", env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 0, r.output
    tones = _page_tones(tmp_path / "out" / "d.pdf", tmp_path)
    assert _near(tones, 156) > 1_000, sorted(tones.items(), key=lambda kv: -kv[1])[:4]  # 50 mm at 20 dpi: 39 × 39 px


def test_a_16_bit_grey_picture_in_a_theme_document_prints_grey(tmp_path):
    """weasyprint drew the same picture black."""
    theme = _document_theme(tmp_path, '<img src="grey.png" style="width:80mm">')
    _grey16(theme / "grey.png")
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q", "-j", "1",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 0, r.output
    tones = _page_tones(out / "archeotrek" / "rules-reference.pdf", tmp_path)
    assert _near(tones, 156) > 2_000, sorted(tones.items(), key=lambda kv: -kv[1])[:4]  # 80 mm: 63 × 63 px
    assert tones.get(0, 0) < 200


def test_a_theme_picture_swapped_before_the_pdf_is_written_is_not_read_again(tmp_path, monkeypatch):
    """weasyprint keeps a PNG fetched from a file: URL by its path and reads
    that file again, unchecked and unbounded, when it writes the PDF.  A
    picture replaced meanwhile by a link to a file outside the theme (here a
    red PNG; it could be any file, or a huge one) went into the PDF.  Only
    the bytes the theme's fetcher read and checked may."""
    import weasyprint.document
    from PIL import Image

    theme = _document_theme(tmp_path, '<img src="pic.png" style="width:80mm">')
    Image.new("L", (50, 50), 156).save(theme / "pic.png")
    outside = tmp_path / "outside.png"
    Image.new("RGB", (50, 50), (255, 0, 0)).save(outside)
    real_write = weasyprint.document.Document.write_pdf

    def swap_then_write(self, *args, **kwargs):
        pic = theme / "pic.png"
        if not pic.is_symlink():
            pic.unlink()
            pic.symlink_to(outside)
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(weasyprint.document.Document, "write_pdf", swap_then_write)
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q", "-j", "1",
            env={"PRINTKIT_CACHE": "off"})
    assert (theme / "pic.png").is_symlink()  # the swap happened
    assert r.exit_code == 0, r.output
    tones = _page_tones(out / "archeotrek" / "rules-reference.pdf", tmp_path)
    assert _near(tones, 156) > 2_000, sorted(tones.items(), key=lambda kv: -kv[1])[:4]
    assert _near(tones, 76, 6) < 200  # pure red is grey 76: the file outside the theme is not in the PDF


def _cut_png(path: Path) -> None:
    """The first half of a PNG of noise (a broken download)."""
    import random

    from PIL import Image

    whole = path.with_name("whole.png")
    Image.frombytes("RGB", (50, 50), random.Random(5).randbytes(7_500)).save(whole)  # noise: no run-length
    data = whole.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def test_a_truncated_card_picture_is_one_line_naming_no_memory_address(tmp_path):
    """weasyprint, once imported (by a build in the same process, or here by
    the test suite), turns on Pillow's ``LOAD_TRUNCATED_IMAGES`` for the
    whole process: the cut picture was drawn as a smear, no word said.  In a
    process without weasyprint reportlab's message began
    "identity=[ImageReader@0x7f…]"."""
    import weasyprint  # noqa: F401 - as in a build, or any program using both

    _cut_png(tmp_path / "cut.png")
    (tmp_path / "cards.csv").write_text("title,qty\nA,1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "d"\nsize = "poker"\n[[element]]\ntype = "image"\n'
                                         'x = 5\ny = 5\nw = 50\nh = 50\nsrc = "cut.png"\n', encoding="utf-8")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "cut.png" in line and "truncated" in line, line
    assert "0x" not in line and "identity" not in line, line


def test_a_truncated_picture_in_a_theme_document_is_one_line(tmp_path):
    """weasyprint loads a cut picture as far as it goes and draws it."""
    theme = _document_theme(tmp_path, '<img src="cut.png" style="width:80mm">')
    _cut_png(theme / "cut.png")
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q", "-j", "1",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "cut.png" in line and "damaged image" in line and "truncated" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


# ---------------------------------------------------------------- 7. a layout's dash that a PDF may not hold


@pytest.mark.parametrize("dash", ["[0, 0]", "[0]", "[0.0, 0, 0]"])
def test_an_all_zero_dash_is_one_line(tmp_path, dash):
    """ISO 32000-1 (8.4.3.6): a dash array's numbers are "nonnegative and
    not all zero".  ``dash = [0, 0]`` was written into the PDF as it is (no
    check caught it: qpdf does not look), for each viewer to draw its own way."""
    (tmp_path / "cards.csv").write_text("title,qty\nA,1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "d"\nsize = "poker"\n[[element]]\ntype = "box"\n'
                                         f'x = 5\ny = 5\nw = 10\nh = 10\nstroke = "ink"\ndash = {dash}\n',
                                         encoding="utf-8")
    out = tmp_path / "out"
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", out, "-q")
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "front.toml" in line and "element 1 (box)" in line and "dash" in line and "all zero" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_a_dotted_dash_still_draws(tmp_path):
    """A dash with a gap (dots, with the round caps the deck sets) is fine."""
    (tmp_path / "cards.csv").write_text("title,qty\nA,1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "d"\nsize = "poker"\n[[element]]\ntype = "box"\n'
                                         'x = 5\ny = 5\nw = 10\nh = 10\nstroke = "ink"\ndash = [0, 5]\n',
                                         encoding="utf-8")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out", "-q")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "out" / "d.pdf").stat().st_size > 0


# ---------------------------------------------------------------- 8. a 100 kB key or placeholder name: the error line stays short


_LONG = "k" * 100_000


def _max_line(text: str) -> int:
    return max((len(ln) for ln in text.splitlines()), default=0)


@pytest.mark.parametrize("game", ["archeotrek", "archaeology"])
def test_a_100_kb_unknown_key_in_house_rules_is_a_short_line(tmp_path, game):
    """A bare key of 100,000 characters was printed whole: a 100 kB error line."""
    from printkit import RULES_DIR

    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / f"{game}.toml").write_text((RULES_DIR / f"{game}.toml").read_text(encoding="utf-8")
                                        + f'\n["{_LONG}"]\nx = 1\n', encoding="utf-8")
    r = run("build", game, "--rules", rules, "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1, r.output[:300]
    line = _one_line(r.output)
    assert len(line) < 1_000 and "100,000 characters" in line and "unknown key" in line, line[:300]


@pytest.mark.parametrize("layout", [
    '[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "A"\n{long} = 1\n',       # an unknown element key
    '[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "{{{{ {long} }}}}"\n',    # a placeholder naming no column
    '[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "{{{{ {long}|upper }}}}"\n',  # the same, through the sandbox
])
def test_a_100_kb_name_in_a_deck_layout_is_a_short_line(tmp_path, layout):
    (tmp_path / "cards.csv").write_text("title,qty\nA,1\n", encoding="utf-8")
    (tmp_path / "front.toml").write_text('[card]\nname = "d"\nsize = "poker"\n' + layout.format(long=_LONG),
                                         encoding="utf-8")
    r = run("deck", tmp_path / "cards.csv", "--layout", tmp_path / "front.toml", "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1, r.output[:300]
    line = _one_line(r.output)
    assert len(line) < 1_000 and "front.toml" in line, line[:300]


# ---------------------------------------------------------------- 9. a web font in a theme's CSS that unpacks to gigabytes


def _woff2_bomb(path: Path, zero_mib: int) -> None:
    """Source Sans Pro as WOFF2 with its Brotli stream swapped for one that
    unpacks to ``zero_mib`` MiB of zeros (the header's sizes left as they
    were: fontTools decompresses first and compares after), written to ``path``."""
    path.write_bytes(_woff2_bomb_bytes(zero_mib))


@functools.cache
def _woff2_bomb_bytes(zero_mib: int) -> bytes:
    """:func:`_woff2_bomb`'s bytes, made once per module (the same bytes each time)."""
    import io
    import struct

    import brotli
    from fontTools.ttLib import TTFont

    font = TTFont(_source_sans())
    font.flavor = "woff2"
    buf = io.BytesIO()
    font.save(buf)
    data = buf.getvalue()
    compressed = struct.unpack(">I", data[20:24])[0]
    start = next(s for s in range(48, 400) if _brotli_ok(data[s:s + compressed]))
    packer = brotli.Compressor(quality=1)
    chunk = bytes(1 << 20)
    bomb = b"".join([packer.process(chunk) for _ in range(zero_mib)] + [packer.finish()])
    out = data[:start] + bomb
    return out[:8] + struct.pack(">I", len(out)) + out[12:20] + struct.pack(">I", len(bomb)) + out[24:]


def _brotli_ok(chunk: bytes) -> bool:
    import brotli

    try:
        brotli.decompress(chunk)
    except brotli.error:
        return False
    return True


@pytest.mark.parametrize("name", ["bomb.woff2", "bomb.png"])  # weasyprint sniffs a font by content, not name
def test_a_woff2_bomb_in_a_theme_stylesheet_is_refused_before_it_is_unpacked(tmp_path, name):
    """A theme's CSS may load fonts with ``@font-face``; weasyprint unpacks
    WOFF2 with fontTools, whose ``brotli.decompress`` has no limit: a 600 kB
    file unpacked to 3.2 GB (3.4 GB of memory, 17 s), then, the font being
    unusable, the build carried on without a word (exit 0).  Every font a
    document fetches now passes the theme font check first (TrueType only).
    The bomb here unpacks to 256 MiB, so the code without the check fails
    without taking the machine's memory."""
    theme = tmp_path / "webfont"
    theme.mkdir()
    _woff2_bomb(theme / name, 256)
    assert (theme / name).stat().st_size < 200_000
    (theme / "theme.toml").write_text('[theme]\nname = "webfont"\nextends = "classic"\n')
    (theme / "base.css").write_text(f'@font-face {{ font-family: "Evil"; src: url({name}); }}\n'
                                    'body { font-family: "Evil"; }\n')
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert name in line and "web font" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


# ---------------------------------------------------------------- 10. stylesheets importing each other


def test_stylesheets_importing_each_other_are_one_line_at_once(tmp_path, monkeypatch):
    """weasyprint follows ``@import`` without noticing a loop: two 60-byte
    stylesheets importing each other three times over kept it busy until the
    120 s layout limit — per document.  A document may now fetch at most
    500 files.  (The layout limit is lowered to 30 s here only so that the
    code without the cap fails in bounded time.)"""
    from printkit.render import documents

    monkeypatch.setattr(documents, "LAYOUT_SECONDS", 30.0)
    theme = tmp_path / "loop"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "loop"\nextends = "classic"\n')
    (theme / "a.css").write_text("@import url(b.css);\n" * 3)
    (theme / "b.css").write_text("@import url(a.css);\n" * 3 + "body { color: #800; }\n")
    (theme / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="a.css"></head>'
        '<body>x</body></html>')
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "archeotrek-rules.html.j2" in line and "500 files" in line and "@imports itself" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_a_stylesheet_imported_twice_is_fine(tmp_path):
    """Importing the same sheet from two places (no loop) is ordinary CSS."""
    theme = tmp_path / "twice"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "twice"\nextends = "classic"\n')
    (theme / "c.css").write_text("body { color: #800; }\n")
    (theme / "a.css").write_text("@import url(c.css);\n")
    (theme / "b.css").write_text("@import url(c.css);\n")
    (theme / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="a.css">'
        '<link rel="stylesheet" href="b.css"></head><body>x</body></html>')
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", tmp_path / "out", "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 0, r.output


# ---------------------------------------------------------------- 11. a template that asks for thousands of pages


def test_a_document_of_a_thousand_pages_is_one_line_at_once(tmp_path, monkeypatch):
    """A 200-byte theme template whose loop puts a page break after each of
    1,000 paragraphs was laid out whole (a 1,000-page "rules reference");
    30,000 breaks ran to the 120 s layout limit, 700 MB later.  weasyprint
    may now lay out 200 pages per document (repaginations counting).  The
    layout limit is lowered to 30 s only to bound the code without the cap."""
    from printkit.render import documents

    monkeypatch.setattr(documents, "LAYOUT_SECONDS", 30.0)
    theme = tmp_path / "pages"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "pages"\nextends = "classic"\n')
    (theme / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><style>p { break-after: page }</style></head>'
        '<body>{% for i in range(1000) %}<p>x</p>{% endfor %}</body></html>')
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "archeotrek-rules.html.j2" in line and "more than 200 pages" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


# ---------------------------------------------------------------- 12. elements nested thousands deep


def test_html_nested_thousands_deep_is_one_line_not_a_traceback(tmp_path, monkeypatch):
    """weasyprint lays boxes out recursively: a theme template whose loop
    opens 2,000 elements inside each other ended in a RecursionError
    traceback (40,000 took 35 s to get there).  The rendered HTML's nesting
    is now checked before weasyprint (at most 100), and a RecursionError
    from weasyprint is one line too."""
    from printkit.render import documents

    monkeypatch.setattr(documents, "LAYOUT_SECONDS", 30.0)
    theme = tmp_path / "deep"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "deep"\nextends = "classic"\n')
    (theme / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head>'
        '<body>{% for i in range(1000) %}<div><span>{% endfor %}x</body></html>')
    out = tmp_path / "out"
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", out, "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    line = _one_line(r.output)
    assert "archeotrek-rules.html.j2" in line and "nested more than 100 deep" in line, line
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_a_long_list_and_unclosed_paragraphs_do_not_count_as_nesting(tmp_path):
    """Elements whose end tag HTML lets one leave out (``<li>``, ``<p>``,
    table cells) do not nest when left open: 150 of them pass."""
    theme = tmp_path / "flat"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "flat"\nextends = "classic"\n')
    (theme / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><style>body { font-size: 4pt }</style></head><body>'
        '<ul>{% for i in range(150) %}<li>item {{ i }}{% endfor %}</ul>'
        '{% for i in range(50) %}<p>text {{ i }}{% endfor %}</body></html>')
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", tmp_path / "out", "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 0, r.output

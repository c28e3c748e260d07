"""Untrusted themes cannot harm (issue 10): every bad theme.toml value and
every bad font file is one line naming the theme file and the key, exit 1 —
never a traceback, never a 2 GB read, never a file outside the theme."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import printkit.theme as theme_mod
from printkit import TEMPLATES_DIR, PrintkitError
from printkit.cli import main
from printkit.theme import font_problem, load_theme

NAME = "hostile"
EXTENDS = '[theme]\nextends = "classic"\n'


@pytest.fixture
def templates(tmp_path, monkeypatch):
    """A templates/ folder holding a copy of classic and an empty ``hostile``
    theme folder; the theme cache is cleared before and after."""
    tdir = tmp_path / "templates"
    shutil.copytree(TEMPLATES_DIR / "classic", tdir / "classic")
    (tdir / NAME).mkdir()
    monkeypatch.setattr(theme_mod, "TEMPLATES_DIR", tdir)
    load_theme.cache_clear()
    yield tdir
    load_theme.cache_clear()


def _build(tmp_path: Path, *extra: str):
    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["build", "archeotrek", "--theme", NAME, "--out", str(out), *extra])
    return res, out


def _one_line_error(res, out: Path, code: int = 1) -> str:
    assert res.exit_code == code, (res.exit_code, res.output)
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))
    return lines[0]


# (theme.toml text, fragments the one error line must hold)
BAD_TOML = [
    (EXTENDS + '[colours]\nink = "red"\n', ["[colours] ink", "'red'", "#rrggbb"]),
    (EXTENDS + '[type]\nscale = 9\n', ["[type] scale", "9 is not valid", "from 1.0 to 1.5"]),
    (EXTENDS + '[type]\nscale = "big"\n', ["[type] scale", "'big'", "a number"]),
    (EXTENDS + '[type]\nscale = true\n', ["[type] scale", "true is not valid", "a number"]),
    (EXTENDS + '[type]\nsize = 1.2\n', ["[type] size", "unknown key", "scale"]),
    ('type = 3\n' + EXTENDS, ["[type]", "not a table"]),
    (EXTENDS + '[colours]\nink = "#12"\n', ["[colours] ink", "'#12'", "#rrggbb"]),
    (EXTENDS + '[colours]\nink = "#abc"\n', ["[colours] ink", "'#abc'", "six hex digits"]),
    (EXTENDS + '[colours]\nink = "#2b2118; background: url(x)"\n', ["[colours] ink", "not a colour"]),
    (EXTENDS + '[colours]\nink = 3\n', ["[colours] ink", "3 is not a colour"]),
    (EXTENDS + '[colours]\n"a;b" = "#000000"\n', ["[colours] 'a;b'", "not a colour name"]),
    ('colours = "x"\n' + EXTENDS, ["[colours]", "not a table"]),
    ('fonts = "x"\n' + EXTENDS, ["[fonts]", "'x' is not a table"]),
    ("theme = 3\n", ["[theme]", "3 is not a table"]),
    (EXTENDS + "[games]\narcheotrek = 3\n", ["[games.archeotrek]", "3 is not a table"]),
    ("games = 3\n" + EXTENDS, ["[games]", "not a table"]),
    (EXTENDS + '[games."No Game"]\nink = "#000000"\n', ["[games.'No Game']", "not a game id"]),
    (EXTENDS + '[games.archeotrek]\nground = "sand"\n', ["[games.archeotrek] ground", "'sand'", "#rrggbb"]),
    (EXTENDS + '[extra]\nx = 1\n', ["[extra]", "unknown section"]),
    ('[theme]\nextends = "../classic"\n', ["[theme] extends", "'../classic'", "not a plain theme name"]),
    ('[theme]\nextends = "/tmp"\n', ["[theme] extends", "not a plain theme name"]),
    ("[theme]\nextends = 3\n", ["[theme] extends", "3 is not text"]),
    ('[theme]\nextends = "nosuch"\n', ["[theme] extends", "no such theme"]),
    (EXTENDS + 'colour = "x"\n', ["[theme] colour", "unknown key"]),
    (EXTENDS + 'description = "a\\u001b[31mred"\n', ["[theme] description", "control character"]),
    (EXTENDS + "name = ''\n", ["[theme] name", "not valid"]),
    (EXTENDS + '[fonts]\nheading = "x.ttf"\n', ["[fonts] heading", "unknown font role"]),
    (EXTENDS + '[fonts]\nbody = "../../../../../../etc/passwd"\n', ["[fonts] body", "'..'"]),
    (EXTENDS + '[fonts]\nbody = "/etc/passwd"\n', ["[fonts] body", "absolute"]),
    (EXTENDS + '[fonts]\nbody = "package:../x/y.ttf"\n', ["[fonts] body", "package:<python package>/<file>"]),
    (EXTENDS + '[fonts]\nbody = "package:os/../../etc/passwd"\n', ["[fonts] body", "'..'"]),
    # finding a dotted name imports (runs) its parent package: only top-level names
    (EXTENDS + '[fonts]\nbody = "package:antigravity.x/f.ttf"\n', ["[fonts] body", "package:<python package>/<file>"]),
    (EXTENDS + '[fonts]\nbody = "package:no_such_font_pkg/x.ttf"\n', ["[fonts] body", "not installed"]),
    (EXTENDS + "[fonts]\nbody = 3\n", ["[fonts] body", "3 is not text"]),
    (EXTENDS + '[fonts]\nbody = "missing.ttf"\n', ["[fonts] body", "not found"]),
    # no extends: the theme starts from classic, so only the font it names is looked for
    ('[theme]\nname = "x"\n[fonts]\ndisplay = "a.ttf"\n', ["[fonts] display", "'a.ttf' not found"]),
    (EXTENDS + '[colours]\nink = "' + "#" * 100_000 + '"\n', ["[colours] ink", "100,000 characters"]),
]


#: (a colour as a designer types it, the "#rrggbb" the error line must offer to write instead)
ALMOST_COLOURS = [
    ("navy", '"#000080"'),         # a CSS colour name, as deck layouts accept
    ("Red", '"#ff0000"'),          # any case
    ("#abc", '"#aabbcc"'),         # CSS's three-digit form
    ("2b2118", '"#2b2118"'),       # the # left out
    ("#2B2118 ", '"#2b2118"'),     # upper case hex is fine; a stray space is not
]


@pytest.mark.parametrize("value, offer", ALMOST_COLOURS, ids=[v for v, _ in ALMOST_COLOURS])
def test_a_colour_almost_right_is_one_line_saying_what_to_write(templates, tmp_path, value, offer):
    """A designer editing theme.toml writes ``ink = "navy"`` (deck layouts take
    CSS names), ``"#abc"`` or ``"2b2118"``: still one line, exit 1, nothing
    written, but the line says the exact value to write instead
    (``write "#000080"``).  Seen failing on the old code: the line only said
    ``expected "#rrggbb"``."""
    (templates / NAME / "theme.toml").write_text(EXTENDS + f'[colours]\nink = "{value}"\n', encoding="utf-8")
    res, out = _build(tmp_path)
    line = _one_line_error(res, out)
    assert "[colours] ink" in line and f"write {offer}" in line, line


@pytest.mark.parametrize("text, fragments", BAD_TOML, ids=[f"{i:02d}" for i in range(len(BAD_TOML))])
def test_bad_theme_toml_is_one_line_exit_1(templates, tmp_path, text, fragments):
    (templates / NAME / "theme.toml").write_text(text, encoding="utf-8")
    res, out = _build(tmp_path)
    line = _one_line_error(res, out)
    assert f"{NAME}/theme.toml: " in line, line
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    assert len(line) < 600, line  # values are shortened


def test_extends_names_the_parent_file_for_its_errors(templates, tmp_path):
    """A bad parent is reported against the parent's own theme.toml."""
    (templates / "parent").mkdir()
    (templates / "parent" / "theme.toml").write_text(EXTENDS + '[colours]\nink = "red"\n', encoding="utf-8")
    (templates / NAME / "theme.toml").write_text('[theme]\nextends = "parent"\n', encoding="utf-8")
    line = _one_line_error(*_build(tmp_path))
    assert "parent/theme.toml: [colours] ink" in line, line


@pytest.mark.parametrize("name", ["/etc", "classic/../nope", "a b", "./nope"])
def test_theme_option_is_a_bundled_name_or_a_theme_folder(templates, tmp_path, name):
    res = CliRunner().invoke(main, ["build", "archeotrek", "--theme", name, "--out", str(tmp_path / "out")])
    line = _one_line_error(res, tmp_path / "out", code=2)
    assert "--theme" in line and "theme.toml" in line and repr(name) in line, line


def test_theme_option_takes_a_folder_path(tmp_path, monkeypatch):
    theme = tmp_path / "mine"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nextends = "classic"\n[colours]\nink = "#102030"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for given in ("./mine", str(theme)):
        res = CliRunner().invoke(main, ["build", "archeotrek", "--players", "1", "--theme", given,
                                        "--out", str(tmp_path / "out")])
        assert res.exit_code == 0, res.output


def test_bundled_themes_pass(templates):
    for name in ("classic", "inksaver"):
        if not (templates / name).exists():
            shutil.copytree(TEMPLATES_DIR / name, templates / name)
        theme_mod.validate_theme_data(theme_mod.load_toml(templates / name / "theme.toml"),
                                      templates / name / "theme.toml")
        assert load_theme(name).hex("ink").startswith("#")


# -- font files ---------------------------------------------------------------------------


def _glyph_font(*, cff: bool = False, cmap: bool = True) -> bytes:
    """A tiny real font (glyph 'A'), TrueType or CFF-flavoured OpenType."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    names = [".notdef", "A"]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({0x41: "A"} if cmap else {})
    if cff:
        pen = T2CharStringPen(600, None)
    else:
        pen = TTGlyphPen(None)
    pen.moveTo((0, 0))
    pen.lineTo((500, 0))
    pen.lineTo((500, 500))
    pen.closePath()
    if cff:
        cs = pen.getCharString()
        fb.setupCFF("Hostile-Regular", {"FullName": "Hostile"}, {n: cs for n in names}, {})
    else:
        glyph = pen.glyph()
        fb.setupGlyf({n: glyph for n in names})
    fb.setupHorizontalMetrics({n: (600, 0) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Hostile", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    buf = io.BytesIO()
    fb.save(buf)
    return buf.getvalue()


def _font_theme(templates: Path, file_name: str = "body.ttf") -> Path:
    (templates / NAME / "theme.toml").write_text(EXTENDS + f'[fonts]\nbody = "{file_name}"\n', encoding="utf-8")
    return templates / NAME / file_name


def _real_font() -> bytes:
    return load_theme("classic").font_files["body"].read_bytes()


def test_text_file_named_ttf(templates, tmp_path):
    _font_theme(templates).write_text("this is not a font\n", encoding="utf-8")
    line = _one_line_error(*_build(tmp_path))
    assert "[fonts] body" in line and "body.ttf" in line and "not a TrueType/OpenType font" in line, line


@pytest.mark.parametrize("keep", [3, 100, 1000, 50_000])
def test_truncated_font(templates, tmp_path, keep):
    _font_theme(templates).write_bytes(_real_font()[:keep])
    line = _one_line_error(*_build(tmp_path))
    assert "[fonts] body" in line and "body.ttf" in line, line
    assert "truncated" in line or "not a TrueType" in line, line


def test_huge_sparse_font_refused_by_its_size(templates, tmp_path):
    font = _font_theme(templates)
    with open(font, "wb") as fh:
        fh.write(_real_font()[:4096])
    os.truncate(font, 3 * 1024**3)
    line = _one_line_error(*_build(tmp_path))  # "larger than": refused by its size, none of its 3 GB read
    assert "[fonts] body" in line and "body.ttf" in line and "larger than" in line, line


def test_cff_opentype_font_is_converted_and_checked_like_any_font(templates, tmp_path):
    """An .otf with PostScript (CFF) outlines is converted to TrueType (it was
    refused): this one maps only 'A', so the build stops at the first text it
    cannot draw, naming the font by the file the theme gives."""
    _font_theme(templates, "body.otf").write_bytes(_glyph_font(cff=True))
    line = _one_line_error(*_build(tmp_path))
    assert "body font (body.otf) has no glyph for" in line, line
    assert "PostScript" not in line, line


def test_broken_cff_font_is_one_line(templates, tmp_path):
    _font_theme(templates, "body.otf").write_bytes(b"OTTO" + b"\0" * 200)
    line = _one_line_error(*_build(tmp_path))
    assert "[fonts] body" in line and "body.otf" in line, line


def test_font_without_character_map(templates, tmp_path):
    _font_theme(templates).write_bytes(_glyph_font(cmap=False))
    line = _one_line_error(*_build(tmp_path))
    assert "[fonts] body" in line and "no characters mapped" in line, line


def test_font_fifo_device_and_folder(templates, tmp_path, monkeypatch):
    """In the theme folder or in fonts/: never read, never hanging."""
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    monkeypatch.setattr(theme_mod, "FONTS_DIR", fonts)
    _font_theme(templates)
    for make, what in ((os.mkfifo, "pipe"), (lambda p: os.symlink("/dev/zero", p), "character device"),
                       (os.mkdir, "folder")):
        for font in (templates / NAME / "body.ttf", fonts / "body.ttf"):
            make(font)
            line = _one_line_error(*_build(tmp_path))
            # a theme's links may not leave its folder
            said = "outside the theme folder" if font.is_symlink() and font.parent != fonts else what
            assert "[fonts] body" in line and "body.ttf" in line and said in line, (said, line)
            font.rmdir() if font.is_dir() and not font.is_symlink() else font.unlink()
            load_theme.cache_clear()


def test_font_link_out_of_the_theme_folder(templates, tmp_path):
    outside = tmp_path / "elsewhere.ttf"
    outside.write_bytes(_real_font())
    os.symlink(outside, _font_theme(templates))
    line = _one_line_error(*_build(tmp_path))
    assert "[fonts] body" in line and "outside the theme folder" in line, line


def test_a_good_font_of_the_theme_is_used(templates):
    """Positive control: a real TrueType font in the theme folder passes every check."""
    _font_theme(templates).write_bytes(_glyph_font())
    theme = load_theme(NAME)
    assert theme.font_files["body"] == templates / NAME / "body.ttf"
    assert theme.missing_glyphs("AB", "body") == "B"
    assert theme.hex("ink") == load_theme("classic").hex("ink")


def test_font_problem_unit():
    assert font_problem(_glyph_font()) is None
    assert "CFF" in font_problem(_glyph_font(cff=True))
    assert "collection" in font_problem(b"ttcf" + bytes(100))
    assert "web font" in font_problem(b"wOFF" + bytes(100))
    assert "truncated" in font_problem(_glyph_font()[:300])


def test_font_cmap_reads_bounded(tmp_path):
    big = tmp_path / "big.ttf"
    with open(big, "wb"):
        pass
    os.truncate(big, 3 * 1024**3)
    with pytest.raises(PrintkitError, match="larger than"):
        theme_mod.font_cmap(big)


def test_a_cached_character_map_is_used_only_when_sound(tmp_path, monkeypatch):
    """A font's character map is remembered in the cache folder; an entry too
    large, a link, or not an ascending list is not used: the font is read again
    and the right map comes back."""
    import hashlib

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path / "cache"))
    font = tmp_path / "glyphs.ttf"
    data = _glyph_font()
    font.write_bytes(data)
    right = theme_mod.font_cmap.__wrapped__(font)
    folder = tmp_path / "cache" / f"font-cmaps-v{theme_mod.FONT_CHECK_VERSION}"
    entry = folder / hashlib.sha256(data).hexdigest()
    assert entry.is_file() and theme_mod.font_cmap.__wrapped__(font) == right
    forged = (tmp_path / "forged")
    forged.write_bytes(b"".join(n.to_bytes(4, "little") for n in (1, 2, 3)))  # a sound map, not this font's
    for bad in ("huge", "link", "unsorted"):
        entry.unlink()
        if bad == "huge":
            entry.write_bytes(b"".join(n.to_bytes(4, "little") for n in range(0x110001)))  # sound, too long
        elif bad == "link":
            entry.symlink_to(forged)
        else:
            entry.write_bytes(b"".join(n.to_bytes(4, "little") for n in (66, 65)))
        assert theme_mod.font_cmap.__wrapped__(font) == right, bad


def test_reportlab_registration_error_is_one_line(templates, tmp_path, monkeypatch):
    """Whatever reportlab raises when it registers a font becomes one line.
    A theme font is registered when first drawn with (issue 26), so the font
    here is a complete one: the build reaches its drawing."""
    from reportlab.pdfbase.ttfonts import TTFError

    real = theme_mod.TTFont

    def refuse(name, stream):
        if not stream.name.endswith("body.ttf"):
            return real(name, stream)
        raise TTFError(f"TTF file {stream.name!r}: something reportlab dislikes\nsecond line")

    _font_theme(templates).write_bytes(_real_font())
    monkeypatch.setattr(theme_mod, "TTFont", refuse)
    line = _one_line_error(*_build(tmp_path))
    assert "[fonts] body" in line and "reportlab cannot use this font" in line and "TTFError" in line, line


@pytest.mark.parametrize("make, said", [(os.mkfifo, "pipe"), (lambda p: os.symlink("/dev/zero", p), "character device")])
def test_theme_toml_that_is_not_a_file(templates, tmp_path, make, said):
    make(templates / NAME / "theme.toml")
    line = _one_line_error(*_build(tmp_path))
    assert f"{NAME}/theme.toml" in line and said in line, line

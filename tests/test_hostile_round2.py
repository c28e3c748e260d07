"""Issue 25, round two of hostile input: every case measured on what a user
gets (the written files, the CLI's exit code and stderr)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import PrintkitError
from printkit.cli import main

from cli_checks import one_line as _one_line

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"



def _run(*args, env=None, timeout=300, **kw):
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=e,
                          timeout=timeout, **kw)


# ---------------------------------------------------------------- 1. cut SVG: escaped, unique ids


def test_cut_svg_escapes_names_and_keeps_ids_unique(theme):
    from conftest import make_deck
    from printkit.export import Source
    from printkit.export.cut import export_cut
    from printkit.paper import get_paper
    from printkit.units import mm

    cset = make_deck(theme, n=4)
    evil = '"/><script>alert(1)</script><x a="'
    names = [evil, "mydeck-1", "mydeck-1", "registration"]
    cset = replace(cset, components=tuple(replace(c, name=n) for c, n in zip(cset.components, names)))
    res = export_cut(Source("t", "T", [("test", "Test", cset)], [], theme, get_paper("a4"), mm(3)))
    text = res.files["test-sheet-1.svg"].decode("utf-8")
    root = ET.fromstring(text)  # well-formed XML: the name closed no tag
    assert not list(root.iter(f"{SVG}script")) and "<script" not in text
    tags = {el.tag.split("}")[1] for el in root.iter()}
    assert tags == {"svg", "g", "rect"}, tags
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids)) == 2 + 4, ids  # two groups, four pieces, no id twice
    cut = next(g for g in root.findall(f"{SVG}g") if g.get("id") == "cut")
    assert len(cut) == 4


# ---------------------------------------------------------------- 10. JSON lone low surrogates


@pytest.mark.parametrize("escape", ["\\udc00", "\\uDFFF", "\\ud800", "\\udbff"])
def test_parse_json_refuses_every_lone_surrogate(escape):
    from printkit.inputfiles import parse_json

    with pytest.raises(PrintkitError, match="lone surrogate"):
        parse_json('{"players": [{"name": "A%sB"}]}' % escape, "g.json")
    assert parse_json('{"name": "\\ud83c\\udfb2"}', "g.json") == {"name": "\U0001F3B2"}  # a pair is a character


# ---------------------------------------------------------------- 2. new-theme and theme.toml links


def _theme_env(tmp_path):
    return {"XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}


def test_new_theme_copies_no_link_and_no_odd_name(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root-only secret\n")
    secret.chmod(0o600)
    base = tmp_path / "themes" / "base"
    base.mkdir(parents=True)
    (base / "theme.toml").write_text('[theme]\nname = "base"\nextends = "classic"\n')
    os.symlink(secret, base / "leak.html.j2")  # a link out of the theme folder
    (base / "own.css").write_text("p { color: red }\n")
    injected = 'z\n[games.archeotrek]\nink = "#ff0000"\n#.css'  # a name that writes TOML into the comment block
    (base / injected).write_text("x")
    r = _run("new-theme", "mine", "--from", "base", "--copy-templates", cwd=tmp_path, env=_theme_env(tmp_path))
    assert r.returncode == 0, r.stderr
    mine = tmp_path / "themes" / "mine"
    assert (mine / "own.css").read_text() == "p { color: red }\n"
    assert not (mine / "leak.html.j2").exists()
    assert all("secret" not in p.read_text(errors="replace") for p in mine.iterdir())
    assert not (mine / injected).exists()
    import tomllib

    data = tomllib.loads((mine / "theme.toml").read_text())
    assert "ink" not in data.get("games", {}).get("archeotrek", {}) or \
        data["games"]["archeotrek"]["ink"] != "#ff0000"
    assert not any(ln.startswith("[games.archeotrek]\nink") for ln in (mine / "theme.toml").read_text().split("\n#"))
    assert '"#ff0000"' not in (mine / "theme.toml").read_text()


def test_theme_toml_linking_out_of_its_folder_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.toml"
    outside.write_text('[theme]\nname = "x"\n')
    folder = tmp_path / "themes" / "sneaky"
    folder.mkdir(parents=True)
    os.symlink(outside, folder / "theme.toml")
    r = _run("build", "archeotrek", "--theme", str(folder), "--out", str(tmp_path / "out"), cwd=tmp_path,
             env=_theme_env(tmp_path))
    assert r.returncode in (1, 2), r.stderr
    line = _one_line(r.stderr)
    assert "theme.toml" in line and "outside" in line
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_theme_extends_chain_of_1500_is_one_line(tmp_path):
    themes = tmp_path / "themes"
    for i in range(1500):
        (themes / f"t{i}").mkdir(parents=True)
        parent = f't{i + 1}' if i < 1499 else "classic"
        (themes / f"t{i}" / "theme.toml").write_text(f'[theme]\nname = "t{i}"\nextends = "{parent}"\n')
    r = _run("build", "archeotrek", "--theme", "t0", "--out", str(tmp_path / "out"), cwd=tmp_path,
             env=_theme_env(tmp_path))
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "extends" in line and "chain" in line


# ---------------------------------------------------------------- 6. PDFs with encryption pypdf cannot open


def _encrypted_pdf(path: Path, encrypt: bytes) -> None:
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>", encrypt]
    out, offsets = bytearray(b"%PDF-1.7\n"), []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{off:010d} 00000 n \n".encode() for off in offsets)
    ident = b"<00112233445566778899aabbccddeeff>"
    out += (f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R /Encrypt 4 0 R /ID [".encode() + ident + b" " + ident
            + f"] >>\nstartxref\n{xref}\n%%EOF\n".encode())
    path.write_bytes(bytes(out))


ENCRYPTIONS = {
    "custom-handler": b"<< /Filter /Custom /V 1 /R 2 /O <00> /U <00> /P -4 >>",
    "version-9": b"<< /Filter /Standard /V 9 /R 9 /O <00> /U <00> /P -4 /Length 128 >>",
    "unknown-crypt-filter": b"<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /Foo /AuthEvent "
                            b"/DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF /O <00> /U <00> /P -4 >>",
    "public-key": b"<< /Filter /Adobe.PubSec /SubFilter /adbe.pkcs7.s5 /V 4 /R 4 /Recipients [<00>] >>",
}


@pytest.mark.parametrize("command", ["score", "validate", "export-game"])
@pytest.mark.parametrize("kind", list(ENCRYPTIONS))
def test_pdf_with_unsupported_encryption_is_one_line(tmp_path, command, kind):
    pdf = tmp_path / f"{kind}.pdf"
    _encrypted_pdf(pdf, ENCRYPTIONS[kind])
    r = CliRunner().invoke(main, [command, "archeotrek", str(pdf)])
    assert r.exit_code == 1, (r.output, r.exception)
    line = _one_line(r.output)
    assert pdf.name in line and "encrypted" in line


# ---------------------------------------------------------------- 3. -o: standard output, links, devices


@pytest.mark.parametrize("argv", [["simulate", "archeotrek", "--seed", "1"], ["scorepad", "archeotrek"]])
def test_output_link_is_never_replaced(tmp_path, argv):
    real = tmp_path / "real.txt"
    real.write_text("mine\n")
    link = tmp_path / "link"
    os.symlink(real, link)
    stdout_link = tmp_path / "stdout"  # what /dev/stdout is: a link, here to a regular file as when stdout is redirected
    os.symlink(real, stdout_link)
    for target in (link, stdout_link):
        r = _run(*argv, "-o", str(target), cwd=tmp_path)
        assert r.returncode == 2, r.stderr
        line = _one_line(r.stderr)
        assert "link" in line and "nothing written" in line
        assert target.is_symlink() and os.readlink(target) == str(real)
    assert real.read_text() == "mine\n"


def test_output_dash_is_standard_output(tmp_path):
    r = _run("simulate", "archeotrek", "--seed", "1", "-o", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("game = ") or 'game = "archeotrek"' in r.stdout
    r2 = _run("scorepad", "archeotrek", "-o", "-", cwd=tmp_path)
    assert r2.returncode == 0, r2.stderr
    assert r2.stdout.lstrip().lower().startswith("<!doctype html") and r2.stdout.rstrip().endswith("</html>")
    assert not (tmp_path / "-").exists() and list(tmp_path.iterdir()) == []



# ---------------------------------------------------------------- 6. the environment: SOURCE_DATE_EPOCH, encodings


@pytest.mark.parametrize("value", ["abc", "1e20", "99999999999999999999", "-5", "12.5"])
def test_bad_source_date_epoch_is_one_usage_line(tmp_path, value):
    r = _run("build", "archeotrek", "--players", "1", "--out", str(tmp_path / "out"), env={"SOURCE_DATE_EPOCH": value})
    assert r.returncode == 2, r.stderr
    line = _one_line(r.stderr)
    assert "SOURCE_DATE_EPOCH" in line and value in line
    assert not (tmp_path / "out").exists()


def test_good_source_date_epoch_still_builds(tmp_path):
    r = _run("duplex-test", "--out", str(tmp_path), env={"SOURCE_DATE_EPOCH": "1700000000"})
    assert r.returncode == 0, r.stderr
    assert b"/CreationDate (D:20231114" in (tmp_path / "duplex-test.pdf").read_bytes()


def test_output_encoding_that_cannot_write_a_character_is_one_line():
    r = _run("games", env={"PYTHONIOENCODING": "latin-1"})
    assert r.returncode == 1
    line = _one_line(r.stderr)
    assert "PYTHONIOENCODING" in line and "U+" in line
    ok = _run("games", env={"PYTHONIOENCODING": "utf-8"})
    assert ok.returncode == 0 and "–" in ok.stdout


# ---------------------------------------------------------------- 6. fonts and titles in --format preview


def _cyclic_font(path: Path) -> None:
    """Source Sans Pro with A → B → A and C → C composite glyphs (written
    without fontTools' bounds pass, which would refuse the loop)."""
    import importlib.util

    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

    loc = importlib.util.find_spec("font_source_sans_pro").submodule_search_locations[0]
    font = TTFont(next(Path(loc).rglob("SourceSansPro-Regular.ttf")), recalcBBoxes=False)
    cmap, glyf = font.getBestCmap(), font["glyf"]

    def composite(name, ref):
        g = Glyph()
        g.numberOfContours = -1
        c = GlyphComponent()
        c.glyphName, c.x, c.y, c.flags = ref, 0, 0, 0x1 | 0x2
        g.components = [c]
        g.xMin = g.yMin = 0
        g.xMax = g.yMax = 100
        glyf[name] = g

    composite(cmap[ord("A")], cmap[ord("B")])
    composite(cmap[ord("B")], cmap[ord("A")])
    composite(cmap[ord("C")], cmap[ord("C")])
    font.save(path)


def test_font_with_cyclic_composite_glyphs_is_one_line(tmp_path):
    theme = tmp_path / "cyc"
    theme.mkdir()
    _cyclic_font(theme / "cyclic.ttf")
    (theme / "theme.toml").write_text('[theme]\nname = "cyc"\nextends = "classic"\n[fonts]\ndisplay = "cyclic.ttf"\n')
    r = _run("build", "archeotrek", "--players", "1", "--theme", str(theme), "--out", str(tmp_path / "out"),
             "--format", "preview", cwd=tmp_path, env=_theme_env(tmp_path))
    assert r.returncode == 1, r.stderr
    line = _one_line(r.stderr)
    assert "cyclic.ttf" in line and "[fonts] display" in line and "composite" in line
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.png"))


def test_huge_layout_title_in_preview_is_shortened(tmp_path):
    import shutil

    from PIL import Image

    deck = tmp_path / "deck"
    shutil.copytree(ROOT / "examples" / "deck", deck)
    front = deck / "front.toml"
    # the longest title a layout may give (200 characters; longer is refused: round 6), wider than the preview
    front.write_text(front.read_text().replace('title = "Finds deck"', 'title = "' + "W " * 100 + '"'))
    r = _run("deck", str(deck / "cards.csv"), "--layout", str(front), "--out", str(tmp_path / "out"),
             "--format", "preview")
    assert r.returncode == 0, r.stderr
    with Image.open(tmp_path / "out" / "finds" / "preview" / "finds-preview.png") as im:
        assert im.width == 1800 and im.height < 2000
        ink = im.convert("L").crop((0, 40, 1800, 90))  # the title's line: drawn, and inside the sheet
        box = ink.point(lambda v: 255 if v < 100 else 0).getbbox()  # where the title's ink is
        assert box is not None and box[0] >= 40 and box[2] <= 1760, box


# ---------------------------------------------------------------- 5. pixels of a user's image are bounded


def _big_png(path: Path, side: int = 13_000) -> None:
    """A 1-bit PNG of ``side`` × ``side`` px: a few kB on disk, 1.8 GB once Pillow decodes it to RGB."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    row = b"\x00" + b"\x00" * ((side + 7) // 8)
    comp = zlib.compressobj(9)
    idat = b"".join(comp.compress(row) for _ in range(side)) + comp.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0))
                     + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def _run_measured(*args, cwd=None, env=None) -> tuple[int, str, float]:
    """(exit code, stderr, peak resident memory in MB) of the CLI in a child:
    round 3's measure, the child's own high-water mark from its ``exec``
    (``ru_maxrss`` carries the forking worker's over ``exec``)."""
    from test_hostile_round3 import _run_measured as measured

    code, err, rss_kb = measured(*args, cwd=cwd, env=env)
    return code, err, rss_kb / 1024


def test_deck_image_of_13000_squared_pixels_is_refused_before_decoding(tmp_path):
    import shutil

    deck = tmp_path / "deck"
    shutil.copytree(ROOT / "examples" / "deck", deck)
    _big_png(deck / "big.png")
    front = deck / "front.toml"
    front.write_text(front.read_text() + '\n[[element]]\ntype = "image"\nx = 1\ny = 20\nw = 20\nh = 20\n'
                                         'src = "big.png"\n')
    code, err, rss_mb = _run_measured("deck", str(deck / "cards.csv"), "--layout", str(front),
                                      "--out", str(tmp_path / "out"))
    assert code == 1, err
    line = _one_line(err)
    assert "big.png" in line and "13,000 × 13,000" in line and "megapixels" in line
    assert rss_mb < 600  # decoding it would take 1.8 GB (measured: ~200 MB without decoding)
    assert not (tmp_path / "out" / "finds.pdf").exists()


def test_theme_document_image_is_bounded_too(tmp_path):
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "theme.toml").write_text('[theme]\nname = "big"\nextends = "classic"\n')
    _big_png(folder / "big.png")
    (folder / "archeotrek-rules.html.j2").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><img src="big.png"></body></html>')
    code, err, rss_mb = _run_measured("build", "archeotrek", "--players", "1", "--theme", str(folder),
                                      "--out", str(tmp_path / "out"), env=_theme_env(tmp_path))
    assert code == 1, err[-3000:]
    line = _one_line(err)
    assert "big.png" in line and "megapixels" in line
    assert rss_mb < 1000


# ---------------------------------------------------------------- 7. export folders: concurrent writers, a second signal


def _exported(folder: str, text: str):
    from printkit.export import Exported

    res = Exported(folder)
    res.files["a.txt"] = text.encode()
    res.files["sub/b.txt"] = text.encode()
    return res


def test_export_folder_survives_another_writer_moving_it_first(tmp_path, monkeypatch):
    """Two exports to one --out: the other writer moves the old folder aside
    just before we do (the old code's os.replace then raised FileNotFoundError)."""
    import tempfile

    from printkit.export import write_folder

    write_folder(_exported("png", "old"), tmp_path)
    real_mkdtemp = tempfile.mkdtemp
    moved = []

    def racing_mkdtemp(*a, **kw):
        made = real_mkdtemp(*a, **kw)
        if str(kw.get("prefix", "")).startswith(".old-") and not moved:  # the other writer is quicker
            other = real_mkdtemp(prefix=".other-", dir=tmp_path)
            os.replace(tmp_path / "png", Path(other) / "x")
            moved.append(other)
        return made

    monkeypatch.setattr(tempfile, "mkdtemp", racing_mkdtemp)
    write_folder(_exported("png", "new"), tmp_path)
    assert moved
    assert (tmp_path / "png" / "a.txt").read_text() == "new" and (tmp_path / "png" / "sub" / "b.txt").read_text() == "new"
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith((".old-", ".staging-"))]


def test_export_folder_survives_another_writer_landing_between_our_renames(tmp_path, monkeypatch):
    from printkit.export import write_folder

    write_folder(_exported("png", "old"), tmp_path)
    real_replace = os.replace
    landed = []

    def racing_replace(src, dst, *a, **kw):
        real_replace(src, dst, *a, **kw)
        if Path(src) == tmp_path / "png" and not landed:  # ours moved aside; theirs lands now
            (tmp_path / "png").mkdir()
            (tmp_path / "png" / "theirs.txt").write_text("theirs")
            landed.append(True)

    monkeypatch.setattr(os, "replace", racing_replace)
    write_folder(_exported("png", "new"), tmp_path)
    assert landed and sorted(p.name for p in (tmp_path / "png").iterdir()) == ["a.txt", "sub"]


def test_second_signal_between_the_renames_loses_no_folder(tmp_path, monkeypatch):
    """Two real SIGINTs arrive right after the old folder is moved aside: the
    stop is acted on once the new folder is in place (the old code deleted both)."""
    from printkit import interrupt
    from printkit.export import write_folder

    write_folder(_exported("png", "old"), tmp_path)
    real_replace = os.replace
    sent = []

    def replace_then_signal(src, dst, *a, **kw):
        real_replace(src, dst, *a, **kw)
        if Path(src) == tmp_path / "png" and not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C (asks to stop) …
            os.kill(os.getpid(), signal.SIGINT)  # … and again (stop at once)
            for _ in range(1000):  # give Python every chance to run the handler here
                pass

    previous = interrupt.install()
    try:
        monkeypatch.setattr(os, "replace", replace_then_signal)
        with pytest.raises(KeyboardInterrupt):
            write_folder(_exported("png", "new"), tmp_path)
    finally:
        interrupt.restore(previous)
        interrupt._state["signal"] = 0
    assert sent
    assert (tmp_path / "png" / "a.txt").read_text() == "new"
    assert not [p.name for p in tmp_path.iterdir() if p.name != "png"]


# ---------------------------------------------------------------- 7. signals: read-only commands, the score pad

GAME = ROOT / "examples" / "archeotrek" / "finished-4-players.toml"


@pytest.mark.parametrize("command,step", [("validate", "validate"), ("score", "score"), ("validate", "load")])
def test_first_ctrl_c_stops_validate_and_score_at_once(monkeypatch, command, step):
    """A real SIGINT arrives while the game is read or checked: the command
    stops right there (the work after the signal never runs), says so, exit 130."""
    import dataclasses

    import printkit.scoring.cli as scli

    real = scli._scorer
    after_signal = []

    def slow_scorer(game, rules_dir):
        s = real(game, rules_dir)
        inner = getattr(s, step)

        def step_with_ctrl_c(*a, **kw):
            os.kill(os.getpid(), signal.SIGINT)  # the user's first Ctrl-C, in the middle of the work
            for _ in range(10_000):  # more work: Python runs the handler within it
                pass
            after_signal.append(step)
            return inner(*a, **kw)

        return dataclasses.replace(s, **{step: step_with_ctrl_c})

    monkeypatch.setattr(scli, "_scorer", slow_scorer)
    r = CliRunner().invoke(main, [command, "archeotrek", str(GAME)])
    assert r.exit_code == 130, r.output
    assert after_signal == [], "the work went on after Ctrl-C"
    assert "interrupted" in _one_line(r.output)


def test_scorepad_stopped_before_the_write_writes_nothing(tmp_path, monkeypatch):
    import printkit.scorepad.page as page

    real = page.scorepad_page

    def page_then_sigterm(*a, **kw):
        data = real(*a, **kw)
        os.kill(os.getpid(), signal.SIGTERM)  # arrives once the page is made, before it is written
        return data

    monkeypatch.setattr(page, "scorepad_page", page_then_sigterm)
    out = tmp_path / "pad.html"
    r = CliRunner().invoke(main, ["scorepad", "archeotrek", "-o", str(out)])
    assert r.exit_code == 130, r.output
    assert not out.exists() and list(tmp_path.iterdir()) == []
    assert "nothing partial was written" in _one_line(r.output)


def test_scorepad_stopped_after_the_write_says_it_was_written(tmp_path, monkeypatch):
    import printkit.pdf as pdf

    real = pdf.write_output

    def write_then_sigterm(path, data):
        real(path, data)
        os.kill(os.getpid(), signal.SIGTERM)  # arrives just after the page is written

    monkeypatch.setattr(pdf, "write_output", write_then_sigterm)
    out = tmp_path / "pad.html"
    r = CliRunner().invoke(main, ["scorepad", "archeotrek", "-o", str(out)])
    assert r.exit_code == 130, r.output
    assert out.read_bytes().rstrip().endswith(b"</html>")
    assert f"wrote {out}" in r.output
    last = r.output.strip().splitlines()[-1]
    assert "interrupted" in last and "nothing" not in last and "written" in last


# ---------------------------------------------------------------- 8. form widgets: capped before the parser walks them


def _widgets_pdf(path: Path, n: int, per_page: int) -> None:
    import pikepdf
    from pikepdf import Array, Dictionary, Name, String

    pdf = pikepdf.new()
    done = 0
    while done < n:
        pdf.add_blank_page(page_size=(595, 842))
        widgets = Array()
        for _ in range(min(per_page, n - done)):
            widgets.append(pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Widget, FT=Name.Tx,
                                                        T=String(f"p1.circle.X{done}"), Rect=Array([9, 9, 20, 20]))))
            done += 1
        pdf.pages[-1].obj.Annots = widgets
    pdf.save(path)


def _count_parsed_dictionaries(monkeypatch) -> list[int]:
    """How many PDF dictionaries pypdf parses from here on (the work a file costs)."""
    from pypdf.generic import DictionaryObject

    count = [0]
    real = DictionaryObject.read_from_stream

    def counted(*a, **kw):
        count[0] += 1
        return real(*a, **kw)

    monkeypatch.setattr(DictionaryObject, "read_from_stream", staticmethod(counted))
    return count


@pytest.mark.parametrize("widgets,per_page,says", [(60_000, 1_000, "PDF objects"), (3_000, 1_000, "form widgets")])
def test_many_form_widgets_are_refused_before_the_work(tmp_path, monkeypatch, widgets, per_page, says):
    from printkit.inputfiles import MAX_FORM_WIDGETS

    pdf = tmp_path / "many.pdf"
    _widgets_pdf(pdf, widgets, per_page)
    parsed = _count_parsed_dictionaries(monkeypatch)
    for command in ("score", "validate", "export-game"):
        parsed[0] = 0
        r = CliRunner().invoke(main, [command, "archeotrek", str(pdf)])
        assert r.exit_code == 1, r.output
        line = _one_line(r.output)
        assert "many.pdf" in line and says in line
        assert parsed[0] <= MAX_FORM_WIDGETS + per_page, parsed[0]  # not one per widget of the file


def test_a_filled_kit_is_still_read(tmp_path):
    r = CliRunner().invoke(main, ["build", "archeotrek", "--fillable", "--players", "8", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    kit = tmp_path / "archeotrek" / "archeotrek-kit.pdf"
    r = CliRunner().invoke(main, ["validate", "archeotrek", str(kit)])
    assert "nothing to score" in r.output and "widgets" not in r.output and "objects" not in r.output


@pytest.mark.bad_pdfs  # its stand-in parts are bare reportlab pages (Helvetica, not embedded)
def test_second_signal_during_the_kit_renames_leaves_one_whole_kit(tmp_path, monkeypatch):
    """Two SIGINTs right after the first kit PDF is renamed into place: every
    PDF of the game is then the new build's (the old code stopped with some
    files new and the rest old)."""
    from printkit import interrupt
    from printkit.build import RenderedGame, write_game

    def game(tag: bytes):
        from reportlab.pdfgen import canvas
        import io

        def pdf(text):
            buf = io.BytesIO()
            c = canvas.Canvas(buf, invariant=1)
            c.drawString(72, 72, text)
            c.showPage()
            c.save()
            return buf.getvalue()

        parts = [(name, None, pdf(f"{name} {tag.decode()}"), 1) for name in ("a", "b", "c")]
        return RenderedGame("g", parts, pdf(f"kit {tag.decode()}"), [])

    write_game(game(b"old"), tmp_path)
    old = {p.name: p.read_bytes() for p in (tmp_path / "g").iterdir()}
    real_replace = os.replace
    sent = []

    def replace_then_signal(src, dst, *a, **kw):
        real_replace(src, dst, *a, **kw)
        if Path(dst).parent == tmp_path / "g" and not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):
                pass

    new = game(b"new")
    previous = interrupt.install()
    try:
        monkeypatch.setattr(os, "replace", replace_then_signal)
        with pytest.raises(KeyboardInterrupt):
            write_game(new, tmp_path)
    finally:
        interrupt.restore(previous)
        interrupt._state["signal"] = 0
    got = {p.name: p.read_bytes() for p in (tmp_path / "g").iterdir()}
    assert sent and set(got) == set(old)
    assert all(got[n] != old[n] for n in got), "some files are still the old build's"


def test_themes_listing_reads_no_theme_toml_outside_its_folder(tmp_path):
    outside = tmp_path / "elsewhere.toml"
    outside.write_text('[theme]\nname = "x"\ndescription = "SECRET-DESCRIPTION"\n')
    folder = tmp_path / "themes" / "sneaky"
    folder.mkdir(parents=True)
    os.symlink(outside, folder / "theme.toml")
    r = _run("themes", cwd=tmp_path, env=_theme_env(tmp_path))
    assert r.returncode == 0, r.stderr
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("sneaky"))
    assert "SECRET-DESCRIPTION" not in r.stdout and "outside" in line

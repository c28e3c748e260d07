"""A designer's pass: what a board-game designer re-theming a game or making
a deck met, each fixed and checked here by what the user gets (CLI output,
PDF text and geometry, rendered pixels).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args, cwd=None, pythonpath=(), env=None):
    full = dict(os.environ, **(env or {}))
    paths = [str(ROOT), *map(str, pythonpath), full.get("PYTHONPATH", "")]
    full["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True,
                          env=full, cwd=cwd, timeout=300)


# --- printkit games: through the registry, a broken plug-in is its own line ------------------

def _broken_plugin(folder: Path) -> Path:
    (folder / "badgame").mkdir(parents=True)
    (folder / "badgame" / "__init__.py").write_text('raise RuntimeError("boom")\n')
    info = folder / "badgame-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: badgame\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[printkit.games]\nbadgame = badgame:GAME\n")
    return folder


def test_games_lists_every_registered_game_even_beside_a_broken_plugin(tmp_path):
    res = _run("games", pythonpath=[_broken_plugin(tmp_path)])
    assert res.returncode == 1
    listed = [line.split(":")[0] for line in res.stdout.splitlines() if not line.startswith(" ")]
    assert listed == ["archaeologia", "archaeology", "archeo", "archeotrek"]
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and "badgame" in err[0] and "boom" in err[0] and "Traceback" not in res.stderr


def test_games_asks_the_registry_for_its_games(monkeypatch, capsys):
    from click.testing import CliRunner

    from printkit import registry
    from printkit.cli import main

    monkeypatch.setattr(registry, "game_ids", lambda: ["archeo"])
    out = CliRunner().invoke(main, ["games"]).output
    assert out.splitlines()[0].startswith("archeo: ") and "archeotrek" not in out


# --- --rules FILE: name the folder to give instead ------------------------------------------

@pytest.mark.parametrize("command", [["build", "archeo"], ["score", "archeo", "game.toml"],
                                     ["validate", "archeo", "game.toml"], ["scorepad", "archeo"]])
def test_rules_given_a_file_names_the_folder_that_holds_it(tmp_path, command):
    house = tmp_path / "house"
    house.mkdir()
    (house / "archeo.toml").write_bytes((ROOT / "rules" / "archeo.toml").read_bytes())
    where = {"build": ["--out", "out"], "scorepad": ["-o", "pad.html"]}.get(command[0], [])
    res = _run(*command, "--rules", "house/archeo.toml", *where, cwd=tmp_path)
    err = res.stderr.strip().splitlines()
    assert res.returncode == 2 and len(err) == 1, res.stderr
    assert "is a file" in err[0] and "folder that holds the rules files" in err[0] and err[0].endswith("--rules house")
    assert not (tmp_path / "out").exists() and not (tmp_path / "pad.html").exists()


# --- decks: [card] sizes with units ---------------------------------------------------------

def _deck(tmp_path, layout: str, data: str, data_name="cards.csv", *extra):
    from click.testing import CliRunner

    from printkit.cli import main

    (tmp_path / "front.toml").write_text(layout, encoding="utf-8")
    (tmp_path / data_name).write_text(data, encoding="utf-8")
    return CliRunner().invoke(main, ["deck", str(tmp_path / data_name), "--layout", str(tmp_path / "front.toml"),
                                     "--out", str(tmp_path / "out"), "--quiet", *extra])


def _trim_gaps(pdf_path):
    """The card sizes (mm) the crop marks of a deck's first page mark out, across and down."""
    from conftest import pdf_pages
    from printkit.units import to_mm

    with pdf_pages(pdf_path.read_bytes()) as pdf:
        lines = [ln for ln in pdf.pages[0].lines if abs(ln["linewidth"] - 0.25) < 1e-6]
    xs = sorted({round(ln["x0"], 3) for ln in lines if abs(ln["x0"] - ln["x1"]) < 1e-6})
    ys = sorted({round(ln["top"], 3) for ln in lines if abs(ln["top"] - ln["bottom"]) < 1e-6})
    gap = lambda v: {round(to_mm(b - a), 2) for a, b in zip(v, v[1:])}  # noqa: E731
    return gap(xs), gap(ys)


@pytest.mark.parametrize("card, across, down", [
    ('width = "2.5in"\nheight = "3.5in"', 63.5, 88.9),
    ('width = "180pt"\nheight = "88.9mm"', 63.5, 88.9),
    ('width = "63mm"\nheight = "8.8cm"', 63.0, 88.0),
    ('size = "2.5in x 3.5in"', 63.5, 88.9),
])
def test_card_size_takes_lengths_with_units(tmp_path, card, across, down):
    layout = f'[card]\nname = "u"\n{card}\ncorner = "0.125in"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "{{{{ title }}}}"\n'
    res = _deck(tmp_path, layout, "title\nA\nB\n")
    assert res.exit_code == 0, res.output
    xs, ys = _trim_gaps(tmp_path / "out" / "u.pdf")
    assert across in xs and down in ys


def test_card_size_not_a_length_is_one_line(tmp_path):
    res = _deck(tmp_path, '[card]\nwidth = "2.5 inches"\nheight = 88\n', "title\nA\n")
    assert res.exit_code == 1
    line = res.output.strip()
    assert "\n" not in line and "width" in line and "'2.5 inches'" in line and "2.5in" in line


# --- decks: JSON data -----------------------------------------------------------------------

_TITLE_LAYOUT = ('[card]\nname = "j"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\n'
                 'font = "display"\ntext = "{{ title }} {{ value }}"\n')


def test_json_data_prints_one_card_per_object(tmp_path):
    from conftest import pdf_pages

    data = ('[\n  {"title": "Amphora", "value": 4, "qty": 2},\n  {"title": "Mirror", "value": 7.5},\n'
            '  {"title": "Coin", "value": null}\n]\n')
    res = _deck(tmp_path, _TITLE_LAYOUT, data, "cards.json")
    assert res.exit_code == 0, res.output
    with pdf_pages((tmp_path / "out" / "j.pdf").read_bytes()) as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("Amphora 4") == 2 and "Mirror 7.5" in text and "Coin" in text and "None" not in text


def test_json_row_problems_are_listed_at_once_with_file_and_line(tmp_path):
    data = ('[\n  {"title": "Amphora", "value": 4},\n  {"title": ["x"], "value": 1},\n  5,\n'
            '  {"title": "Κρατήρ", "value": 2, "qty": "two"}\n]\n')
    res = _deck(tmp_path, _TITLE_LAYOUT, data, "cards.json")
    assert res.exit_code == 1
    lines = res.output.strip().splitlines()
    assert all(ln.startswith("printkit: ") for ln in lines) and "Traceback" not in res.output
    assert any("cards.json: card 2 (JSON line 3), column 'title': a list" in ln for ln in lines), lines
    assert any("cards.json: card 3 (JSON line 4): a number" in ln for ln in lines), lines
    assert any("card 4 (JSON line 5): qty 'two'" in ln for ln in lines), lines
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("data, says", [
    ('{"cards": []}', "expected a list of objects"),
    ('[{"title": "A"} {"title": "B"}]', "line 1, column 17"),
    ('[{"title": "A"}', "not closed"),
    ('[{"title": "A", "title": "B"}]', "appears twice"),
    ('[{"title": NaN}]', "NaN"),
    ('[' * 100_000, "nested more than 64"),
    ('[{"title": "A"}] trailing', "more after the list"),
], ids=["object", "no-comma", "open", "twice", "nan", "deep", "trailing"])
def test_bad_json_data_is_one_line(tmp_path, data, says):
    res = _deck(tmp_path, _TITLE_LAYOUT, data, "cards.json")
    assert res.exit_code == 1
    line = res.output.strip()
    assert "\n" not in line and "cards.json" in line and says in line, line


def test_json_data_is_read_bounded(tmp_path, monkeypatch):
    from printkit import deck

    monkeypatch.setattr(deck, "MAX_DATA_BYTES", 1000)
    (tmp_path / "big.json").write_text("[" + ",".join(['{"title": "A"}'] * 200) + "]")
    with pytest.raises(deck.PrintkitError, match="big.json"):
        deck.load_rows(tmp_path / "big.json")


def test_spreadsheet_rows_are_called_rows_not_csv_lines(tmp_path):
    import openpyxl

    wb = openpyxl.Workbook()
    for row in (["title", "value"], ["Amphora", 1], ["Κρατήρ", 2]):
        wb.active.append(row)
    wb.save(tmp_path / "cards.xlsx")
    (tmp_path / "front.toml").write_text(_TITLE_LAYOUT)
    from click.testing import CliRunner

    from printkit.cli import main

    res = CliRunner().invoke(main, ["deck", str(tmp_path / "cards.xlsx"), "--layout", str(tmp_path / "front.toml"),
                                    "--out", str(tmp_path / "out"), "-q"])
    assert res.exit_code == 1 and "card 2 (row 3)" in res.output and "CSV" not in res.output, res.output


# --- decks: column names with spaces --------------------------------------------------------

def test_a_column_with_spaces_is_reachable_in_lower_case_with_underscores(tmp_path):
    from conftest import pdf_pages

    layout = ('[card]\nname = "s"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\n'
              'text = "{{ card_title }} / {{ cost_gold }} / {{ Kind }} / {{ kind }}"\n')
    res = _deck(tmp_path, layout, "Card Title,Cost (gold),Kind\nAmphora,3,Pottery\n")
    assert res.exit_code == 0, res.output
    with pdf_pages((tmp_path / "out" / "s.pdf").read_bytes()) as pdf:
        assert "Amphora / 3 / Pottery / Pottery" in pdf.pages[0].extract_text()


def test_two_columns_reaching_one_placeholder_name_is_one_error(tmp_path):
    layout = '[card]\nname = "s"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "{{ card_title }}"\n'
    res = _deck(tmp_path, layout, "Card Title,card_title\nAmphora,Jar\nMirror,Glass\n")
    assert res.exit_code == 1
    line = res.output.strip()
    assert "\n" not in line and "'Card Title'" in line and "'card_title'" in line and "{{ card_title }}" in line
    assert not (tmp_path / "out").exists()


def test_the_column_name_rule_is_documented():
    text = (ROOT / "docs" / "deck-layouts.md").read_text(encoding="utf-8")
    assert "`Card Title` is\n`{{ card_title }}`" in text


# --- decks: one kind of problem on many rows is one line ------------------------------------

def test_problems_of_one_kind_on_many_rows_are_one_line_each_kind_still_listed(tmp_path):
    words = ["Κρατήρ", "Ζεύς", "Ωμέγα"]
    rows = "".join(f"{words[i % 3]} {i},{'nocolour' if i % 2 else '#112233'}\n" for i in range(500))
    layout = ('[card]\nname = "m"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nfont = "display"\n'
              'text = "{{ title }}"\n\n[[element]]\ntype = "box"\nx = 1\ny = 1\nw = 5\nh = 5\nfill = "{{ colour }}"\n'
              '\n[[element]]\ntype = "text"\nx = 5\ny = 40\ntext = "{{ nope }}"\n')
    res = _deck(tmp_path, layout, "title,colour\n" + rows + "a,b,c\n")
    assert res.exit_code == 1
    lines = res.output.strip().splitlines()
    assert len(lines) == 4, lines
    assert all(ln.startswith("printkit: ") for ln in lines)
    extra, missing, glyphs, colour = lines
    assert "line 502 has 3 cells" in extra
    assert "card 1 (CSV line 2), element 3's text: 'nope' is undefined" in missing
    assert missing.endswith("— the same on 499 more: cards 2–500 (CSV lines 3–501)")
    assert "card 1 (CSV line 2): element 1 (text)" in glyphs and "has no glyph for 'Κ'" in glyphs
    assert glyphs.endswith("— alike on 499 more: cards 2–500 (CSV lines 3–501)")
    assert "card 2 (CSV line 3), element 2 (box): colour 'nocolour'" in colour
    assert "the same on 249 more: cards 4, 6, 8," in colour and colour.endswith(", …, 500 (CSV lines 5, 7, 9, "
                                                                              "11, 13, 15, 17, 19, 21, 23, 25, 27, …, 501)")
    assert not (tmp_path / "out").exists()


# --- decks: a TTS export of cards with no backs says which back TTS shows --------------------

EX = ROOT / "examples" / "deck"


def test_tts_export_without_backs_notes_the_back_tts_shows_once(tmp_path):
    from PIL import Image

    res = _run("deck", str(EX / "cards.csv"), "--layout", str(EX / "front.toml"), "--format", "tts,pdf",
               "--out", str(tmp_path / "out"))
    assert res.returncode == 0, res.stderr
    notes = [ln for ln in res.stderr.splitlines() if ln.startswith("note: tts")]
    assert len(notes) == 1, res.stderr
    assert "no back" in notes[0] and "finds-back.png" in notes[0] and "white" in notes[0] and "--back" in notes[0]
    back = Image.open(tmp_path / "out" / "finds" / "tts" / "finds-back.png").convert("RGB")
    assert back.getextrema() == ((255, 255), (255, 255), (255, 255))  # what the note says: plain white

    res = _run("deck", str(EX / "cards.csv"), "--layout", str(EX / "front.toml"), "--back", str(EX / "back.toml"),
               "--format", "tts", "--out", str(tmp_path / "out2"))
    assert res.returncode == 0 and "note: tts" not in res.stderr, res.stderr


# --- Archaeology: a house rule's two-digit cost beside the coin --------------------------------

def _big_numbers_clear_of_their_icons(pdf_path) -> int:
    """Check every big "$NN" of a rule card on the cards PDF: the gold coin to
    its left ends 2 pt or more before the "$" starts, and the value ends
    inside its panel.
    Returns how many were checked."""
    import pdfplumber

    checked = 0
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            chars = [ch for ch in page.chars if ch["size"] > 12]
            for i, ch in enumerate(chars):
                if ch["text"] != "$":
                    continue
                run = [ch]
                for c in chars[i + 1:i + 4]:  # the value's digits, each right after the one before
                    if not (c["text"].isdigit() and abs(c["top"] - ch["top"]) < 1 and abs(c["x0"] - run[-1]["x1"]) < 1):
                        break
                    run.append(c)
                right = max(c["x1"] for c in run)
                near = [cv for cv in page.curves if cv["bottom"] > ch["top"] and cv["top"] < ch["bottom"]]
                coins = [cv for cv in near if 10 < cv["x1"] - cv["x0"] < 20 and cv["x1"] < right and cv["x0"] < ch["x0"]]
                panels = [cv for cv in page.curves if cv["x0"] < ch["x0"] and cv["x1"] > ch["x1"]
                          and cv["top"] < ch["top"] and cv["bottom"] > ch["bottom"]]
                if not coins:
                    continue  # a treasure's museum price: no coin beside it
                assert panels, (page.page_number, ch["x0"])
                coin = max(coins, key=lambda cv: cv["x1"])
                panel = min(panels, key=lambda cv: cv["x1"] - cv["x0"])
                # at least 2 pt of ground between them (the "$" touched the coin at 0.5 pt and less)
                assert ch["x0"] - coin["x1"] >= 2, (page.page_number, coin["x1"], ch["x0"], "".join(c["text"] for c in run))
                assert right <= panel["x1"] - 2, (page.page_number, right, panel["x1"])
                checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["classic", "highcontrast"])
def test_archaeology_thief_cost_of_a_house_rule_clears_the_coin(tmp_path, theme):
    rules = (ROOT / "rules" / "archaeology.toml").read_text(encoding="utf-8")
    rules = rules.replace("\nthief_cost = 1\n", "\nthief_cost = 88\n").replace("\nmaster_thief_cost = 5\n",
                                                                              "\nmaster_thief_cost = 99\n")
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "archaeology.toml").write_text(rules, encoding="utf-8")
    res = _run("build", "archaeology", "--rules", str(tmp_path / "house"), "--theme", theme,
               "--out", str(tmp_path / "out"), "-q")
    assert res.returncode == 0, res.stderr
    assert _big_numbers_clear_of_their_icons(tmp_path / "out" / "archaeology" / "cards.pdf") >= 10  # 9 thieves, 1 master thief


# --- themes: fonts as .otf files or by installed name, found by the deck's own code ---------

def _cff_copy(src: Path, out: Path, family: str = "Otf Copy") -> None:
    """``src`` (a TrueType font) redrawn as an OpenType font with PostScript (CFF) outlines."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    tt = TTFont(src)
    order, glyphs = tt.getGlyphOrder(), tt.getGlyphSet()
    strings = {}
    for g in order:
        pen = T2CharStringPen(glyphs[g].width, glyphs)
        glyphs[g].draw(pen)
        strings[g] = pen.getCharString()
    fb = FontBuilder(tt["head"].unitsPerEm, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(tt.getBestCmap())
    fb.setupCFF(family.replace(" ", "") + "-Regular", {"FullName": family}, strings, {})
    fb.setupHorizontalMetrics({g: tt["hmtx"][g] for g in order})
    fb.setupHorizontalHeader(ascent=tt["hhea"].ascent, descent=tt["hhea"].descent)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    os2 = tt["OS/2"]
    fb.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
                usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent)
    fb.setupPost()
    fb.save(str(out))


def _installed(family: str) -> bool:
    import shutil

    if shutil.which("fc-match") is None:
        return False
    out = subprocess.run(["fc-match", "--format=%{family}", family], capture_output=True, text=True).stdout
    return family in out.split(",")


def _font_theme(tmp_path, fonts: str) -> Path:
    from printkit.theme import load_theme

    folder = tmp_path / "mine"
    folder.mkdir()
    _cff_copy(load_theme("classic").font_files["display"], folder / "Display.otf")
    assert (folder / "Display.otf").read_bytes()[:4] == b"OTTO"
    (folder / "theme.toml").write_text('[theme]\nextends = "classic"\n\n[fonts]\n' + fonts, encoding="utf-8")
    return folder


def _embedded_families(pdf_path) -> set[str]:
    """The family names (name table) of the fonts embedded in a PDF — what it prints in, whatever it calls them."""
    import io

    from fontTools.ttLib import TTFont
    from pypdf import PdfReader

    out = set()
    for page in PdfReader(pdf_path).pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            data = desc.get_object()["/FontFile2"].get_object().get_data()
            out.add(TTFont(io.BytesIO(data))["name"].getDebugName(1))
    return out


def test_a_theme_font_as_an_otf_file_prints_in_a_deck(tmp_path):
    theme = _font_theme(tmp_path, 'display = "Display.otf"\n')
    layout = ('[card]\nname = "o"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nfont = "display"\n'
              'size = 20\ntext = "{{ title }}"\n')
    res = _deck(tmp_path, layout, "title\nAmphora\n", "cards.csv", "--theme", str(theme))
    assert res.exit_code == 0, res.output
    from conftest import pdf_pages

    with pdf_pages((tmp_path / "out" / "o.pdf").read_bytes()) as pdf:
        big = [c for c in pdf.pages[0].chars if c["size"] > 19]
    assert "".join(c["text"] for c in big) == "Amphora" and all("Otf-Copy" in c["fontname"] for c in big)


@pytest.mark.slow
def test_a_theme_with_an_otf_and_an_installed_font_builds_a_kit(tmp_path):
    if not _installed("DejaVu Serif"):
        pytest.skip("needs fontconfig and the DejaVu Serif font")
    theme = _font_theme(tmp_path, 'display = "Display.otf"\nbody = "DejaVu Serif"\n')
    res = _run("build", "archeo", "--theme", str(theme), "--out", str(tmp_path / "out"), "-q",
               env={"PRINTKIT_CACHE": "off"})
    assert res.returncode == 0, res.stderr
    # the rules reference (weasyprint) and the cards (reportlab) print in both fonts
    for name in ("rules-reference.pdf", "archeo-kit.pdf"):
        families = _embedded_families(tmp_path / "out" / "archeo" / name)
        assert {"Otf Copy", "DejaVu Serif"} <= families, (name, families)


@pytest.mark.parametrize("fonts, says", [
    ('body = "No Such Font 123"\n', "font 'No Such Font 123' is not a font file in the theme folder or fonts/ or "
                                    "an installed font"),
    ('body = "broken.otf"\n', "broken.otf: cannot convert its PostScript outlines"),
])
def test_a_bad_theme_font_is_one_line(tmp_path, fonts, says):
    theme = _font_theme(tmp_path, fonts)
    (theme / "broken.otf").write_bytes(b"OTTO" + bytes(60))
    res = _run("build", "archeo", "--theme", str(theme), "--out", str(tmp_path / "out"), "-q")
    assert res.returncode == 1
    line = res.stderr.strip()
    assert "\n" not in line and "theme.toml: [fonts] body: " in line and says in line, line
    assert not (tmp_path / "out").exists()


def test_font_finding_lives_in_one_engine_module():
    """Themes and decks find fonts (fc-match) and convert .otf outlines through printkit.fontfiles."""
    import printkit.deck
    import printkit.fontfiles
    import printkit.theme

    for module in (printkit.deck, printkit.theme):
        src = Path(module.__file__).read_text(encoding="utf-8")
        assert "fc-match --format" not in src and "Cu2QuPen" not in src and "fontfiles" in src, module.__name__
    src = Path(printkit.fontfiles.__file__).read_text(encoding="utf-8")
    assert "Cu2QuPen" in src and '"--format=' in src


# --- docs/adding-a-game.md: its pyproject.toml makes an installable plug-in --------------------

def _doc_pyproject() -> str:
    import re

    text = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", text, re.S)
    return next(b for b in blocks if b.startswith("# pyproject.toml of your package"))


def _install_like_pip(pkg: Path, site: Path) -> None:
    """Install ``pkg`` into the folder ``site`` as pip would: a wheel built
    from its pyproject.toml (setuptools, no network), unpacked; where this
    setuptools cannot build wheels (no ``wheel`` package), the files its
    checked configuration names, copied, and a dist-info with its entry points."""
    import importlib.util
    import zipfile

    import setuptools

    can_wheel = importlib.util.find_spec("wheel") is not None or tuple(
        int(p) for p in setuptools.__version__.split(".")[:2]) >= (70, 1)
    if can_wheel:
        res = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q",
                              "-w", str(site.parent / "wheels"), str(pkg)], capture_output=True, text=True,
                             timeout=300, cwd=pkg)
        assert res.returncode == 0, res.stderr
        (wheel,) = (site.parent / "wheels").glob("*.whl")
        zipfile.ZipFile(wheel).extractall(site)
        return
    import shutil

    from setuptools.config.pyprojecttoml import read_configuration

    conf = read_configuration(pkg / "pyproject.toml")  # raises for a pyproject pip would refuse
    project, tool = conf["project"], conf["tool"]["setuptools"]
    for name in tool["packages"]:
        for path in (pkg / name).rglob("*"):
            rel = path.relative_to(pkg / name)
            wanted = path.suffix == ".py" or any(rel.match(g) for g in tool.get("package-data", {}).get(name, []))
            if path.is_file() and wanted:
                (site / name / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(path, site / name / rel)
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    eps = "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items())
                  for group, entries in project["entry-points"].items())
    (info / "entry_points.txt").write_text(eps)


@pytest.mark.slow
def test_the_adding_a_game_pyproject_installs_a_plugin_that_lists_and_builds(tmp_path):
    import shutil

    pkg = tmp_path / "printkit-minigame"
    shutil.copytree(ROOT / "tests" / "plugins" / "minigame", pkg / "minigame",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (pkg / "pyproject.toml").write_text(_doc_pyproject(), encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    _install_like_pip(pkg, site)
    assert (site / "minigame" / "rules.toml").is_file() and (site / "minigame" / "templates").is_dir()
    listed = _run("games", pythonpath=[site], cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "minigame: Minigame" in listed.stdout and "Number cards" in listed.stdout
    built = _run("build", "minigame", "--out", str(tmp_path / "out"), "-q", pythonpath=[site], cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert {p.name for p in (tmp_path / "out" / "minigame").iterdir()} >= {"cards.pdf", "rules-reference.pdf"}


@pytest.mark.parametrize("name", ["DejaVu Serif Bold", "DejaVuSerif-Bold", "dejavu serif bold"])
def test_an_installed_font_by_its_full_or_postscript_name(tmp_path, name):
    """fc-match matches families only: "DejaVu Serif Bold" (the bold's full
    name) fell back to DejaVu Sans and was refused; now every installed
    font's full and PostScript names are looked at too."""
    if not _installed("DejaVu Serif"):
        pytest.skip("needs fontconfig and the DejaVu Serif font")
    from conftest import pdf_pages

    layout = (f'[card]\nname = "n"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nfont = "{name}"\n'
              'size = 20\ntext = "{{ title }}"\n')
    res = _deck(tmp_path, layout, "title\nAmphora\n")
    assert res.exit_code == 0, res.output
    with pdf_pages((tmp_path / "out" / "n.pdf").read_bytes()) as pdf:
        fonts = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars if c["size"] > 19}
    assert fonts == {"DejaVuSerif-Bold"}, fonts


def test_a_misspelt_installed_font_offers_the_closest_name(tmp_path):
    if not _installed("DejaVu Serif"):
        pytest.skip("needs fontconfig and the DejaVu Serif font")
    theme = _font_theme(tmp_path, 'display = "DejaVu Serf"\n')
    res = _run("build", "archeo", "--theme", str(theme), "--out", str(tmp_path / "out"), "-q")
    line = res.stderr.strip()
    assert res.returncode == 1 and "\n" not in line and "(closest installed: 'DejaVu Serif')" in line, line


# --- decks: card size names and font roles in any case ----------------------------------------

def test_size_names_and_font_roles_in_any_case(tmp_path):
    from conftest import pdf_pages
    from printkit.theme import load_theme

    layout = ('[card]\nname = "c"\nsize = "Poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nfont = "Bold"\n'
              'size = 20\ntext = "{{ title }}"\n')
    res = _deck(tmp_path, layout, "title\nRope\n")
    assert res.exit_code == 0, res.output
    xs, ys = _trim_gaps(tmp_path / "out" / "c.pdf")
    assert 63.5 in xs and 88.9 in ys
    bold = Path(load_theme("classic").font_files["bold"]).stem
    with pdf_pages((tmp_path / "out" / "c.pdf").read_bytes()) as pdf:
        fonts = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars if c["size"] > 19}
    assert fonts == {bold}, fonts


def test_a_misspelt_placeholder_lists_the_placeholder_names_and_the_closest(tmp_path):
    layout = '[card]\nname = "s"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "{{ card_tilte }}"\n'
    res = _deck(tmp_path, layout, "Card Title,Cost\nAmphora,3\nMirror,4\n")
    assert res.exit_code == 1
    line = res.output.strip()
    assert "\n" not in line, line
    assert "the data's columns: card_title ('Card Title'), cost ('Cost'); did you mean {{ card_title }}?" in line, line


def test_missing_glyph_warnings_on_many_cards_are_one_line(tmp_path):
    rows = "".join(f"Κρατήρ {i}\n" for i in range(300))
    layout = '[card]\nname = "g"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nfont = "display"\ntext = "{{ title }}"\n'
    res = _deck(tmp_path, layout, "title\n" + rows, "cards.csv", "--allow-missing-glyphs")
    assert res.exit_code == 0, res.output
    warnings = [ln for ln in res.output.splitlines() if ln.startswith("warning: ")]
    assert len(warnings) == 1, res.output[-500:]
    assert "card 1 (CSV line 2)" in warnings[0] and "printed as a blank" in warnings[0]
    assert warnings[0].endswith("— the same on 299 more: cards 2–300 (CSV lines 3–301)")


def test_json_qty_written_as_a_decimal_whole_number(tmp_path):
    from conftest import pdf_pages

    res = _deck(tmp_path, _TITLE_LAYOUT, '[{"title": "Amphora", "value": 1, "qty": 3.0}]', "cards.json")
    assert res.exit_code == 0, res.output
    with pdf_pages((tmp_path / "out" / "j.pdf").read_bytes()) as pdf:
        assert pdf.pages[0].extract_text().count("Amphora 1") == 3


@pytest.mark.slow
def test_a_big_json_file_on_one_line_reads_in_linear_time(tmp_path):
    """20 MB of cards on one line (what json.dumps writes): the line/column
    bookkeeping scanned back to the file's start for every card — 58 s; 4 s now."""
    import json
    import time

    from printkit.deck import load_rows

    rows = [{"title": f"Amphora {i}", "text": "x" * 300, "qty": 0} for i in range(60_000)]
    (tmp_path / "big.json").write_text(json.dumps(rows))
    start = time.monotonic()
    assert len(load_rows(tmp_path / "big.json")) == 60_000
    assert time.monotonic() - start < 30


def test_a_placeholder_written_with_the_spaces_of_its_column_says_how_to_write_it(tmp_path):
    layout = '[card]\nname = "s"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "{{ Card Title }}"\n'
    res = _deck(tmp_path, layout, "Card Title\nAmphora\n")
    assert res.exit_code == 1
    line = res.output.strip()
    assert "\n" not in line and line.endswith("written in lower case with _: {{ card_title }} for 'Card Title'"), line


def test_deck_help_names_json_data():
    from click.testing import CliRunner

    from printkit.cli import main

    assert "CSV, JSON, TOML" in CliRunner().invoke(main, ["deck", "--help"]).output


@pytest.mark.parametrize("font,said", [
    ("fonts/missing.ttf", "font file 'fonts/missing.ttf' not found next to the layout"),
    ("/etc/x.ttf", "font file '/etc/x.ttf' must be a file name relative to the layout's folder"),
    ("../x.otf", "font file '../x.otf' leads outside the layout's folder"),
])
def test_a_missing_font_file_is_one_line_about_the_layout_not_one_per_card(tmp_path, font, said):
    """A text's font file that is not there does not depend on the card: the
    layout is refused before any card is drawn, in one line naming the layout
    and the element ("front.toml: element 1 (text): font file … not found next
    to the layout"), exit 1, nothing written; a key filled from the data keeps
    its card ("element 1's text").  Seen failing on the old code ("card 1 (CSV
    line 2), element 1 (text): font file … — the same on 2 more: cards 2–3";
    "image '/etc/x.ttf' must be …")."""
    layout = ('[card]\nname = "m"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\n'
              f'font = "{font}"\ntext = "{{{{ title }}}}"\n')
    res = _deck(tmp_path, layout, "title\nA\nB\nC\n")
    assert res.exit_code == 1, res.output
    assert res.output.strip().splitlines() == [f"printkit: {tmp_path / 'front.toml'}: element 1 (text): {said}"
                                               + (f" ({tmp_path})" if "leads outside" in said else "")], res.output
    assert not (tmp_path / "out").exists()

"""printkit deck, hostile and clumsy data (issues 25.4, 25.5, 26): every
problem listed at once, a text fit in O(log) tries that obeys a stop
request, capped columns and cells, and spreadsheet data (.xlsx, .ods)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit import deck
from printkit.cli import main

from conftest import pdf_pages

EX = Path(__file__).resolve().parent.parent / "examples" / "deck"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


LAYOUT = '''[card]
name = "t"
size = "poker"

[[element]]
type = "text"
x = 5
y = 5
w = 50
h = 10
text = "{{ title }}"
size = 12
fit = "error"

[[element]]
type = "box"
x = 5
y = 30
w = 20
h = 20
fill = "{{ colour }}"
'''


def test_every_bad_row_and_cell_is_listed_at_once(tmp_path):
    """Like the scorers: each problem one line (bad qty, a row wider than the
    header, text too long with fit = "error", an unknown colour), exit 1, nothing written."""
    data = write(tmp_path, "d.csv", "title,colour,qty\n"
                 "Fine,#112233,x\n"          # card 1: bad qty
                 "Fine,#112233,1,extra\n"    # line 3: more cells than the header
                 + "Long " * 40 + ",#112233,1\n"   # card 3: does not fit
                 "Fine,notacolour,1\n"       # card 4: unknown colour
                 "Fine,#445566,2\n")         # card 5: fine
    layout = write(tmp_path, "front.toml", LAYOUT)
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert all(ln.startswith("printkit: ") for ln in lines), lines
    assert len(lines) == 4, lines
    assert "card 1 (CSV line 2): qty 'x' is not a whole number" in lines[0]
    assert "line 3 has 4 cells but the header 3" in lines[1]
    assert "card 3 (CSV line 4), element 1 (text)" in lines[2] and "does not fit" in lines[2]
    assert "card 4 (CSV line 5), element 2 (box)" in lines[3] and "'notacolour'" in lines[3]
    assert not (tmp_path / "out").exists()


def test_every_bad_layout_element_is_listed_at_once(tmp_path):
    layout = write(tmp_path, "front.toml", '[card]\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 1\n\n'
                   '[[element]]\ntype = "box"\nx = 1\ny = 1\nw = 1\nh = 1\nfill = "#000000"\nshine = 1\n\n'
                   '[[element]]\ntype = "dragon"\n')
    r = run("deck", EX / "cards.csv", "--layout", layout, "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert [ln.split(": element ")[1][:1] for ln in lines] == ["1", "2", "3"], lines


def test_every_bad_key_of_one_element_is_listed_at_once(tmp_path):
    """Within one element too: x and y both out of range (said as a range,
    not "must be a number"); on a card, a bad colour and an unknown font of
    the same text element, and a bad fill of another — one line each."""
    layout = write(tmp_path, "front.toml", '[card]\nsize = "poker"\n\n[[element]]\ntype = "text"\ntext = "b"\n'
                   'x = 1e308\ny = -1e308\nw = 10\nh = 10\nsize = 99999999999999999999999\n')
    r = run("deck", EX / "cards.csv", "--layout", layout, "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 3, lines
    for line, key in zip(lines, ("x = 1e+308", "y = -1e+308", "size = 99999999999999999999999")):
        assert f"element 1 (text): {key} is out of range" in line and "must be a number" not in line, line
    layout = write(tmp_path, "front.toml", '[card]\nsize = "poker"\n\n[[element]]\ntype = "text"\ntext = "{{ title }}"\n'
                   'x = 5\ny = 5\nw = 50\nh = 20\ncolour = "reddish"\nfont = "No Such Font"\n\n'
                   '[[element]]\ntype = "box"\nx = 5\ny = 30\nw = 20\nh = 20\nfill = "notacolour"\n')
    data = write(tmp_path, "d.csv", "title,qty\nHello,1\n")
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 3, lines
    assert "element 1 (text): colour 'reddish'" in lines[0]
    assert "element 1 (text): font 'No Such Font'" in lines[1]
    assert "element 2 (box): colour 'notacolour'" in lines[2]
    assert not (tmp_path / "out").exists()


def test_one_problem_on_many_cards_is_one_line_naming_them(tmp_path):
    data = write(tmp_path, "d.csv", "title,colour\n" + "Fine,nocolour\n" * 500)
    layout = write(tmp_path, "front.toml", LAYOUT)
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("printkit: front.toml: card 1 (CSV line 2), element 2 (box): colour 'nocolour'")
    assert lines[0].endswith(" — the same on 499 more: cards 2–500 (CSV lines 3–501)")


def test_many_kinds_of_problem_are_capped_with_a_count(tmp_path):
    data = write(tmp_path, "d.csv", "title\nA\nB\n")
    layout = write(tmp_path, "front.toml", '[card]\nsize = "poker"\n' + "".join(
        f'[[element]]\ntype = "text"\nx = 5\ny = 5\ntext = "{{{{ missing_{i} }}}}"\n' for i in range(250)))
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 201 and lines[-1] == "printkit: … and 100 more problem(s)", lines[-3:]
    assert all(ln.endswith("— the same on 1 more: card 2 (CSV line 3)") for ln in lines[:200])


# -- the text fit: O(log) tries, and a stop request obeyed between cards ---------------------


def test_fit_from_1000_pt_to_1_pt_takes_logarithmic_tries(monkeypatch, theme):
    """Issue 25.4: size = 1000, min_size = 1 wrapped the text ~2,000 times per card."""
    calls = []
    real = deck.wrap
    monkeypatch.setattr(deck, "wrap", lambda *a: calls.append(a[2]) or real(*a))
    deck._shrink.cache_clear()
    text = "A two-handled jar sealed with pitch and still smelling of wine " * 3
    el = {"type": "text", "x": 5.0, "y": 5.0, "w": 50.0, "h": 30.0, "text": text, "size": 1000.0, "min_size": 1.0}
    fitted = deck.fit_text(el, theme, 63.5, 88.9, "test")
    assert len(calls) <= 14, len(calls)  # log2(2000) + 2
    # the size found is the largest on the 0.5 pt grid that fits: 0.5 pt more does not
    assert fitted.size < 1000
    bigger = dict(el, size=fitted.size + 0.5, min_size=fitted.size + 0.5, fit="error")
    with pytest.raises(deck.PrintkitError):
        deck.fit_text(bigger, theme, 63.5, 88.9, "test")


def test_first_sigint_stops_the_card_checks(tmp_path):
    """Issue 25.4: the first Ctrl-C during the cards' fitting was ignored.
    The stop is measured by what the process did: exit 130, the interruption
    message, no progress past the sheets it was making (a PDF deck checks and
    draws its cards sheet by sheet, issue 26), nothing written."""
    rows = 30_000
    words = "amphora bronze mirror tablet obsidian blade shard coin mosaic lamp".split()
    data = tmp_path / "d.csv"
    data.write_text("title\n" + "".join(f"{' '.join(words[(i + k) % 10] for k in range(60))} {i}\n"
                                        for i in range(rows)), encoding="utf-8")
    layout = write(tmp_path, "front.toml", '[card]\nname = "t"\nsize = "poker"\n\n[[element]]\ntype = "text"\n'
                   'x = 5\ny = 5\nw = 50\nh = 30\ntext = "{{ title }}"\nsize = 1000\nmin_size = 1\n')
    env = dict(os.environ, PRINTKIT_PROGRESS="lines")
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "deck", str(data), "--layout", str(layout),
                             "--out", str(tmp_path / "out")], stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=env, text=True)
    seen = []
    for line in proc.stderr:  # wait until it is checking (and drawing) cards
        seen.append(line)
        if "t: sheet 1/" in line:
            break
    proc.send_signal(signal.SIGINT)
    rest = proc.stderr.read()
    proc.wait(timeout=300)  # a hang guard only
    assert proc.returncode == 130, (seen, rest)
    assert "interrupted" in rest and "Traceback" not in rest
    progress = [ln for ln in seen + rest.splitlines() if " done (" in ln]
    sheets = -(-rows // 9)
    assert progress and all(ln.startswith("t: sheet ") for ln in progress), progress
    assert f"sheet {sheets}/{sheets}" not in rest and "preflight" not in rest  # it stopped before the last sheet
    assert not (tmp_path / "out").exists()  # not even the --out folder the run made


# -- bounded data ----------------------------------------------------------------------------


def _limited(cmd, mb):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (mb * 2**20, mb * 2**20))
    return subprocess.run(cmd, capture_output=True, text=True, preexec_fn=limit, timeout=600)


def test_a_wide_sparse_csv_is_refused_in_bounded_memory(tmp_path):
    """Issue 25.5: 5,000 columns × 45,000 rows in 389 KB exhausted 4 GB.  Here
    it runs under a 1.5 GB address-space limit and ends in one line, exit 1."""
    data = tmp_path / "wide.csv"
    header = ",".join(f"c{i}" for i in range(5000))
    data.write_text(header + "\n" + "\n".join("x" for _ in range(45000)) + "\n", encoding="utf-8")
    r = _limited([sys.executable, "-m", "printkit", "deck", str(data), "--layout", str(EX / "front.toml"),
                  "--out", str(tmp_path / "out")], 1536)
    assert r.returncode == 1, r.stderr[-2000:]
    assert r.stderr.count("\n") == 1 and "5,000 columns" in r.stderr and "at most 1,000" in r.stderr


def test_too_many_cells_is_refused_in_bounded_memory(tmp_path):
    data = tmp_path / "many.csv"
    header = ",".join(f"c{i}" for i in range(999))
    data.write_text(header + "\n" + "x\n" * 45000, encoding="utf-8")
    r = _limited([sys.executable, "-m", "printkit", "deck", str(data), "--layout", str(EX / "front.toml"),
                  "--out", str(tmp_path / "out")], 1536)
    assert r.returncode == 1, r.stderr[-2000:]
    assert r.stderr.count("\n") == 1 and "more than 2,000,000 cells" in r.stderr


def test_a_huge_cell_is_a_problem_of_its_row(tmp_path):
    data = write(tmp_path, "d.csv", "title,colour\n" + "x" * 30000 + ",#000000\n")
    r = run("deck", data, "--layout", write(tmp_path, "front.toml", LAYOUT), "--out", tmp_path / "out")
    assert r.exit_code == 1 and "line 2, column 'title': 30,000 characters" in r.output, r.output


# -- spreadsheets --------------------------------------------------------------------------


ROWS = [("title", "value", "kind", "colour", "text", "qty"),
        ("Amphora", 4, "Pottery", "#8a5a2b", "A jar.", 2),
        ("Bronze mirror", 7.0, "Metal", "#1a9e77", "Green with age.", 1)]


def _built_text(tmp_path, data):
    r = run("deck", data, "--layout", EX / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    with pdf_pages((tmp_path / "out" / "finds.pdf").read_bytes()) as pdf:
        return "\n".join(p.extract_text() for p in pdf.pages), r


def test_xlsx_data(tmp_path):
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    for row in ROWS:
        ws.append(row)
    ws.append(("Formula", "=1+1", "Trap", "#000000", "=HYPERLINK(\"http://example.invalid\")", 1))
    ws["H4"] = "=2+2"  # past the named columns: in no card
    wb.save(tmp_path / "cards.xlsx")
    text, r = _built_text(tmp_path, tmp_path / "cards.xlsx")
    assert text.count("Amphora") == 2 and text.count("Bronze mirror") == 1 and "7.0" not in text
    assert "Formula" in text and "=1+1" not in text and "example.invalid" not in text  # never evaluated
    assert "4 cards" in r.output
    # openpyxl saves formulas without their results: each such cell of a card is said, not printed blank
    # in silence
    warned = [ln for ln in r.stderr.splitlines() if ln.startswith("warning:")]
    assert len(warned) == 2, r.stderr
    assert "cell B4 (column 'value') holds a formula with no saved result" in warned[0]
    assert "cell E4 (column 'text')" in warned[1] and "save it" in warned[1]


def test_xlsx_formulas_with_saved_results_print_them(tmp_path):
    """A spreadsheet program saves each formula's result (<v> beside <f>):
    that value is printed, the formula never evaluated, and nothing is said."""
    import zipfile

    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    for row in ROWS:
        ws.append(row)
    ws.append(("Formula", "=1+1", "Trap", "#000000", "Sum", 1))
    wb.save(tmp_path / "raw.xlsx")
    with zipfile.ZipFile(tmp_path / "raw.xlsx") as src, zipfile.ZipFile(tmp_path / "cards.xlsx", "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                assert b"<f>1+1</f><v></v>" in data or b"<f>1+1</f><v/>" in data or b"<f>1+1</f></c>" in data, data
                data = data.replace(b"<f>1+1</f><v></v>", b"<f>1+1</f>").replace(b"<f>1+1</f><v/>", b"<f>1+1</f>")
                data = data.replace(b"<f>1+1</f>", b"<f>1+1</f><v>31337</v>")
            dst.writestr(info, data)
    text, r = _built_text(tmp_path, tmp_path / "cards.xlsx")
    assert "31337" in text and "warning" not in r.stderr, r.stderr


@pytest.mark.parametrize("shift", [-6, -3, -2, -1, 0, 1])
def test_a_formula_tag_cut_by_the_read_chunk_is_found(shift):
    """_check_zip reads each sheet 1 MiB at a time and says whether it saw a
    formula: an <f> (or <x:f>) whose bytes straddle a chunk's end is found
    all the same (the tail of one chunk is searched with the next); <fx> and
    <font> are not formulas."""
    import io
    import zipfile

    def xlsx(tag: bytes) -> bytes:
        head = b"<worksheet><sheetData><row><c>"
        pad = b" " * ((1 << 20) + shift - len(head))  # the tag starts `shift` bytes from the chunk's end
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.writestr("xl/worksheets/sheet1.xml", head + pad + tag + b"1+1</f></c></row></sheetData></worksheet>")
        return buf.getvalue()

    def has_formulas(tag: bytes) -> bool:
        return deck._check_zip(Path("t.xlsx"), xlsx(tag), "spreadsheet (.xlsx)")

    assert has_formulas(b"<f>")
    assert has_formulas(b"<x:f >")
    assert not has_formulas(b"<fx>") and not has_formulas(b"<font>")


def test_ods_data(tmp_path):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    t = Table(name="Cards")
    for row in ROWS:
        tr = TableRow()
        for v in row:
            kw = {"valuetype": "float", "value": v} if isinstance(v, (int, float)) else {"valuetype": "string"}
            tc = TableCell(**kw)
            tc.addElement(P(text=str(int(v)) if isinstance(v, (int, float)) else v))
            tr.addElement(tc)
        t.addElement(tr)
    t.addElement(TableRow(numberrowsrepeated=1048000))  # an empty sheet's tail, as LibreOffice writes it
    doc.spreadsheet.addElement(t)
    doc.save(str(tmp_path / "cards.ods"))
    text, r = _built_text(tmp_path, tmp_path / "cards.ods")
    assert text.count("Amphora") == 2 and text.count("Bronze mirror") == 1 and "3 cards" in r.output


def test_a_zip_bomb_spreadsheet_is_refused(tmp_path):
    import zipfile

    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("xl/worksheets/sheet1.xml", b"\0" * (300 * 2**20))
    r = run("deck", path, "--layout", EX / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1 and "unpacks to" in r.output and r.output.count("\n") == 1, r.output


def test_an_old_xls_is_one_line(tmp_path):
    path = write(tmp_path, "cards.xls", "not really")
    r = run("deck", path, "--layout", EX / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1 and "save this spreadsheet as .xlsx, .ods or CSV" in r.output


# -- named colours and units in layouts ------------------------------------------------------


def test_named_colours_and_units(tmp_path):
    """Issue 26: ``red`` and ``1in`` in a layout; measured on the PDF (the box's
    place and size, its fill colour)."""
    layout = write(tmp_path, "front.toml", '[card]\nname = "t"\nsize = "poker"\n\n'
                   '[[element]]\ntype = "box"\nx = "1in"\ny = "2cm"\nw = "36pt"\nh = 10\nfill = "{{ c }}"\n\n'
                   '[[element]]\ntype = "text"\nx = 5\ny = 50\ntext = "{{ t }}"\nsize = "0.25in"\ncolour = "Navy"\n')
    data = write(tmp_path, "d.csv", "c,t\nred,Hello\n")
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out", "--bleed", "0mm")
    assert r.exit_code == 0, r.output
    with pdf_pages((tmp_path / "out" / "t.pdf").read_bytes()) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if c["text"] == "H"]
        rects = [rc for rc in page.rects if rc["non_stroking_color"] in ((1, 0, 0), [1, 0, 0], (1.0, 0.0, 0.0))]
        trim = min((ln["x0"] for ln in page.lines), default=None)
    assert len(rects) == 1, page.rects
    box = rects[0]
    assert abs(box["width"] - 36) < 0.01 and abs(box["height"] - 10 * 72 / 25.4) < 0.01
    assert chars and abs(chars[0]["size"] - 18) < 0.01  # 0.25 in = 18 pt
    assert tuple(chars[0]["non_stroking_color"]) == pytest.approx((0, 0, 128 / 255), abs=0.01)
    assert trim is not None


@pytest.mark.parametrize("value,needle", [('"1furlong"', "is not a length"), ('"1e999in"', "is out of range"),
                                          ('"chartreusy"', "CSS colour name")])
def test_bad_units_and_colours_are_one_line(tmp_path, value, needle):
    key = "fill" if "chart" in value else "x"
    layout = write(tmp_path, "front.toml", '[card]\nname = "t"\nsize = "poker"\n\n[[element]]\ntype = "box"\n'
                   + (f"x = {value}\n" if key == "x" else "x = 1\n") + 'y = 1\nw = 5\nh = 5\n'
                   + (f"fill = {value}\n" if key == "fill" else ""))
    r = run("deck", EX / "cards.csv", "--layout", layout, "--out", tmp_path / "out")
    lines = r.output.strip().splitlines()  # a layout problem: one line; a card's: one line for the four cards
    assert r.exit_code == 1 and all(needle in ln and ln.startswith("printkit: ") for ln in lines), r.output
    assert len(lines) == 1 and (key == "x" or "the same on 3 more: cards 2–4" in lines[0])


# -- inline markup: **bold**, *italic*, :icon: -----------------------------------------------


RICH = '''[card]
name = "rich"
size = "poker"
background = "#ffffff"

[[element]]
type = "text"
x = 5
y = 5
w = 53.5
h = 40
text = "{{ text }}"
size = 14
'''


def test_bold_italic_and_inline_icons(tmp_path):
    """Issue 26: ``**bold**`` prints in the theme's bold font, ``*italic*`` in
    its italic, ``:coin:`` draws the icon inline (ink in the gap it takes),
    ``\\*`` keeps a star; measured on the PDF's characters and pixels."""
    layout = write(tmp_path, "front.toml", RICH)
    data = write(tmp_path, "d.csv", 'text\n"Pay 3 :coin: now **Bold** *Slant* \\*x"\n')
    r = run("deck", data, "--layout", layout, "--out", tmp_path / "out", "--bleed", "0mm")
    assert r.exit_code == 0, r.output
    pdf_bytes = (tmp_path / "out" / "rich.pdf").read_bytes()
    with pdf_pages(pdf_bytes) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if c["size"] > 13]
    text = "".join(c["text"] for c in chars)
    assert text.replace(" ", "") == "Pay3nowBoldSlant*x", text
    font_of = {c["text"]: c["fontname"] for c in chars}
    assert "Bold" in font_of["B"] and "It" in font_of["S"] and "Regular" in font_of["P"]
    three = next(c for c in chars if c["text"] == "3")
    now = next(c for c in chars if c["text"] == "n")
    gap = now["x0"] - three["x1"]
    assert gap > 14 * 1.1  # the icon's advance plus two spaces
    import numpy as np
    import pypdfium2 as pdfium

    scale = 4
    img = np.asarray(pdfium.PdfDocument(pdf_bytes)[0].render(scale=scale).to_pil().convert("L"))
    top, bottom = int(three["top"] * scale), int(three["bottom"] * scale)
    between = img[top:bottom, int(three["x1"] * scale) + 2:int(now["x0"] * scale) - 2]
    assert (between < 128).sum() > 200  # the coin is drawn there


def test_an_unknown_inline_icon_is_one_line_and_a_colon_can_be_escaped(tmp_path):
    layout = write(tmp_path, "front.toml", RICH)
    r = run("deck", write(tmp_path, "d.csv", 'text\n"Pay :dragon: now"\n'), "--layout", layout,
            "--out", tmp_path / "out")
    assert r.exit_code == 1 and "inline icon ':dragon:'" in r.output and r.output.count("\n") == 1, r.output
    r = run("deck", write(tmp_path, "d.csv", 'text\n"Ratio a\\:b\\:c"\n'), "--layout", layout,
            "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    with pdf_pages((tmp_path / "out" / "rich.pdf").read_bytes()) as pdf:
        assert "Ratio a:b:c" in pdf.pages[0].extract_text()



ICON = '''[card]
name = "ic"
size = "poker"
background = "#ffffff"

[[element]]
type = "icon"
name = "{{ icon }}"
cx = 31.75
cy = 44.45
size = 30
'''


def test_an_icon_element_takes_the_short_names_inline_icons_take(tmp_path):
    """``name = "coin"`` draws ``archaeologia-coin`` as ``:coin:`` does inline
    (docs/deck-layouts.md: one icon ends in ``-coin``): the card's middle is
    inked, exactly as with the full name.  Seen failing on the old code:
    ``icon 'coin'; choose one of: …``, exit 1."""
    import numpy as np
    import pypdfium2 as pdfium

    layout = write(tmp_path, "front.toml", ICON)
    pixels = []
    for name in ("coin", "archaeologia-coin"):
        r = run("deck", write(tmp_path, "d.csv", f"icon\n{name}\n"), "--layout", layout,
                "--out", tmp_path / name, "--bleed", "0mm", "-q")
        assert r.exit_code == 0, r.output
        page = pdfium.PdfDocument((tmp_path / name / "ic.pdf").read_bytes())[0]
        pixels.append(np.asarray(page.render(scale=1).to_pil().convert("L")))
    assert (pixels[0] < 128).sum() > 200  # the coin is drawn
    assert np.array_equal(pixels[0], pixels[1])


@pytest.mark.parametrize("text, said", [
    ('icon\ntrowl\n', "icon 'trowl' (did you mean 'trowel'?); choose one of: "),
    ('icon\narchaeologia-shovl\n', "icon 'archaeologia-shovl' (did you mean 'archaeologia-shovel'?); choose one of: "),
])
def test_a_mistyped_icon_name_is_one_line_suggesting_the_icon(tmp_path, text, said):
    """A typo'd icon name (element or inline) is one line that names the
    closest icon before listing them all; a name near none lists only.
    Seen failing on the old code (no suggestion)."""
    r = run("deck", write(tmp_path, "d.csv", text), "--layout", write(tmp_path, "front.toml", ICON),
            "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1 and said in r.output and r.output.count("\n") == 1, r.output
    r = run("deck", write(tmp_path, "d.csv", 'text\n"Pay :coyn: now"\n'),
            "--layout", write(tmp_path, "rich.toml", RICH), "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1 and "inline icon ':coyn:' (did you mean 'coin'?); choose one of: " in r.output, r.output
    r = run("deck", write(tmp_path, "d.csv", "icon\nzzq\n"), "--layout", write(tmp_path, "front.toml", ICON),
            "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1 and "icon 'zzq'; choose one of: " in r.output, r.output



@pytest.mark.parametrize("change, said", [
    (("x = 5\n", "x = 500\n"), "element 2 (text): lies wholly outside the 63.5 × 88.9 mm card (x 500 to 540 mm"),
    (("cx = 52\n", "cx = -10\n"), "element 3 (circle): lies wholly outside the 63.5 × 88.9 mm card (x -16.5 to -3.5 mm"),
    (("cx = 31.75\n", 'cx = "4in"\n'), "element 5 (icon): lies wholly outside the 63.5 × 88.9 mm card (x 88.6 to 114.6 mm"),
])
def test_an_element_wholly_off_the_card_is_refused_not_lost(tmp_path, change, said):
    """An element placed wholly outside the trim (``x = 500`` meant as 5.00,
    a length in the wrong unit) prints nothing; it is one line naming the
    element, its box and the card, exit 1, nothing written — not a deck with
    its titles silently missing.  Seen failing on the old code: exit 0, the
    example deck's titles absent from the PDF."""
    text = (EX / "front.toml").read_text(encoding="utf-8")
    assert change[0] in text
    layout = write(tmp_path, "front.toml", text.replace(change[0], change[1], 1))
    r = run("deck", EX / "cards.csv", "--layout", layout, "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1 and said in r.output and "Traceback" not in r.output, r.output
    assert all(ln.startswith("printkit: ") for ln in r.output.splitlines()), r.output
    assert not (tmp_path / "out" / "finds.pdf").exists()



@pytest.mark.parametrize("column", ["quantity", "Copies", "Count", "count", "Amount", "Number of copies"])
def test_a_copies_column_not_named_qty_is_a_warning(tmp_path, column):
    """A data file whose copies column is called ``quantity`` (or ``Copies``)
    and has no ``qty`` prints every row once: the deck says so on stderr,
    naming the file and the column (the cards still print: exit 0, 4 cards).
    With ``qty`` there is no such warning.  Seen failing on the old code
    (silence: 4 cards where the user counted 8).  ``Count`` — the word a
    designer's spreadsheet (and the bundled rules' ``count`` keys) uses — and
    ``Amount`` / ``Number of copies`` likewise; seen failing before they were
    added (exit 0, no warning)."""
    text = (EX / "cards.csv").read_text(encoding="utf-8")
    data = write(tmp_path, "d.csv", text.replace(",qty\n", f",{column}\n", 1))
    r = run("deck", data, "--layout", EX / "front.toml", "--out", tmp_path / "out", "-q")
    assert r.exit_code == 0, r.output
    assert len(PdfReader(tmp_path / "out" / "finds.pdf").pages) == 1  # 4 cards, one sheet
    said = f"warning: {data}: no qty column, so every row prints once; the column '{column}' is not read as copies"
    assert said in r.stderr and r.stderr.count("\n") == 1, r.stderr
    plain = run("deck", EX / "cards.csv", "--layout", EX / "front.toml", "--out", tmp_path / "out2", "-q")
    assert plain.exit_code == 0 and "qty" not in plain.stderr, plain.stderr


# -- fonts by file (.ttf, .otf with PostScript outlines) and by installed name ---------------


def _box_otf(path: Path) -> None:
    """A tiny OpenType font with CFF (PostScript) outlines: 'A' and 'B' are solid boxes."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    order = [".notdef", "space", "A", "B"]
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({32: "space", 65: "A", 66: "B"})
    strings = {}
    for g in order:
        pen = T2CharStringPen(600, None)
        if g in ("A", "B", ".notdef"):
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((550, 700))
            pen.lineTo((550, 0))
            pen.closePath()
        strings[g] = pen.getCharString()
    fb.setupCFF("BoxTest-Regular", {"FullName": "Box Test"}, strings, {})
    fb.setupHorizontalMetrics({g: (600, 50) for g in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Box Test", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(str(path))


FONT_LAYOUT = '[card]\nname = "f"\nsize = "poker"\n\n[[element]]\ntype = "text"\nx = 5\ny = 5\nw = 50\ntext = "{{ t }}"\nfont = "{font}"\nsize = 30\n'


def test_an_otf_font_next_to_the_layout(tmp_path):
    """Issue 26: fonts as .otf (PostScript outlines, which reportlab cannot
    embed: converted to TrueType outlines) — the PDF embeds it and the boxes print."""
    _box_otf(tmp_path / "box.otf")
    assert (tmp_path / "box.otf").read_bytes()[:4] == b"OTTO"
    layout = write(tmp_path, "front.toml", FONT_LAYOUT.replace("{font}", "box.otf"))
    r = run("deck", write(tmp_path, "d.csv", "t\nABBA\n"), "--layout", layout, "--out", tmp_path / "out",
            "--bleed", "0mm")
    assert r.exit_code == 0, r.output
    pdf_bytes = (tmp_path / "out" / "f.pdf").read_bytes()
    with pdf_pages(pdf_bytes) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["size"] > 29]
    assert "".join(c["text"] for c in chars) == "ABBA" and "Box-Test" in chars[0]["fontname"]
    import numpy as np
    import pypdfium2 as pdfium

    img = np.asarray(pdfium.PdfDocument(pdf_bytes)[0].render(scale=2).to_pil().convert("L"))
    a = chars[0]
    glyph = img[int(a["top"] * 2) + 4:int(a["bottom"] * 2) - 4, int(a["x0"] * 2) + 4:int(a["x1"] * 2) - 4]
    assert (glyph < 128).mean() > 0.5  # the solid box is drawn, not a blank
    # a character the font lacks is the usual one-line glyph error naming the font file
    r = run("deck", write(tmp_path, "d.csv", "t\nABC\n"), "--layout", layout, "--out", tmp_path / "out2")
    assert r.exit_code == 1 and "the font box.otf has no glyph for 'C' (U+0043)" in r.output, r.output


def test_a_font_by_its_installed_name(tmp_path):
    import shutil
    import subprocess

    if shutil.which("fc-list") is None:  # no fontconfig: one clear line, exit 1
        layout = write(tmp_path, "front.toml", FONT_LAYOUT.replace("{font}", "DejaVu Sans"))
        r = run("deck", write(tmp_path, "d.csv", "t\nAB\n"), "--layout", layout, "--out", tmp_path / "out")
        assert r.exit_code == 1 and "fc-match" in r.output
        return
    listed = subprocess.run(["fc-list", ":fontformat=TrueType", "family", "file"], capture_output=True,
                            text=True).stdout.splitlines()
    family = next(line.split(":", 1)[1].split(",")[0].strip() for line in sorted(listed) if ".ttf" in line)
    layout = write(tmp_path, "front.toml", FONT_LAYOUT.replace("{font}", family))
    r = run("deck", write(tmp_path, "d.csv", "t\nAB\n"), "--layout", layout, "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    with pdf_pages((tmp_path / "out" / "f.pdf").read_bytes()) as pdf:
        names = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars if c["size"] > 29}
    assert names and not any("SourceSans" in n or "Fredoka" in n for n in names), names
    bad = write(tmp_path, "front.toml", FONT_LAYOUT.replace("{font}", "No Such Font Family 123"))
    r = run("deck", write(tmp_path, "d.csv", "t\nAB\n"), "--layout", bad, "--out", tmp_path / "out3")
    assert r.exit_code == 1 and "is not a theme role" in r.output and r.output.count("\n") == 1, r.output


def test_an_ods_that_unpacks_past_its_cap_is_refused(tmp_path):
    """odfpy reads the whole document into memory: an .ods is capped lower than an .xlsx."""
    import zipfile

    from printkit import deck as deck_mod

    path = tmp_path / "big.ods"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("content.xml", b" " * (deck_mod.MAX_UNPACKED_ODS + 1))
    r = run("deck", path, "--layout", EX / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1 and "unpacks to" in r.output and r.output.count("\n") == 1, r.output

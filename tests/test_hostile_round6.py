"""Round six of hostile input: links a stranger's folder holds, numbers
of things a parser walks before any cap (folders, PDF revisions), keys
nothing read, full disks and names too long — each measured on what a user
gets: the exit code, one error line, the files written and where they went.

Sections:

1. a link inside --out where a game's folder goes (``OUT/<game>`` → a folder
   elsewhere): the kit was written through it, outside the folder named;
2. a --rules folder whose ``<game>.toml`` is a link leading out of the folder
   (a downloaded house-rules folder reading the user's other files);
3. a theme folder of thousands of empty folders: the kit cache listed every
   one of them at every build (the cap counted files only);
4. a PDF of hundreds of thousands of incremental updates (``score``,
   ``export-game``, ``check``): 30 MB of empty revisions, each a few bytes,
   kept pypdf reading cross-reference sections for half a minute (and a
   PDF of 1,500 bookmarks, chained by /Prev as sections are, is one revision);
   and ``check`` walked a PDF of more objects than ``score`` reads;
5. a --rules file whose ``[game] id`` names another game (or is no text):
   the one key of a rules file nothing read, so anything was accepted;
6. a disk that fills up while a kit, an export folder or a new theme is
   written: the folders made for it stayed behind, empty (and --out with them);
7. names too long for the file system: ``--rules`` and ``new-theme --dir``
   ended in an OSError traceback (``Path.is_dir``/``exists`` raise
   ENAMETOOLONG), and a failed write printed a 5,000-character path whole;
8. a theme template including a missing 5,000-character name: the line
   quoted it whole;
9. a game file whose ``game`` line pads another game's id with thousands of
   spaces: the line saying which game it is of quoted the value whole;
10. values of thousands of characters: a table key in a game file (the
    shared quoting wrote identifier keys whole) and a deck layout's size,
    shape, corner, type, colours and title, quoted or printed whole;
11. deck data of hundreds of thousands of rows: every row was read (blank
    ones skipped uncounted) before the card cap said no — a 4 MB CSV took
    55 s and 540 MB;
12. a link where a deck's or the duplex test's PDF goes inside --out: refused,
    but the line advised "- for standard output", which those commands do not take;
13. a build killed outright (``kill -9``) left its hidden ``.staging-*`` folder,
    a kit's worth of PDFs, and nothing ever removed it; a killed deck its
    ``.part`` file, a killed export its moved-aside ``.old-*`` folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli_checks import invoke as run, one_line as _one_line
from test_hostile_round5 import _forged, filled_sheet  # noqa: F401 - a fixture: one fillable Dig Site sheet

ROOT = Path(__file__).resolve().parent.parent




def _tree(folder: Path) -> list[str]:
    """Every path under ``folder`` (links not followed), relative, sorted."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ---------------------------------------------------------------- 1. a link where a game's folder goes


def test_a_link_inside_out_where_a_game_folder_goes_is_not_written_through(tmp_path, monkeypatch):
    """--out out, and out/archeotrek a link to a folder elsewhere: the kit's
    four PDFs were written into that folder (exit 0), outside the folder the
    user named.  Refused with one line naming the link; the folder it points
    to and the link stay as they were."""
    monkeypatch.chdir(tmp_path)
    Path("out").mkdir()
    Path("elsewhere").mkdir()
    Path("elsewhere/mine.txt").write_text("mine\n")
    os.symlink("../elsewhere", "out/archeotrek")
    r = run("build", "archeotrek", "--players", "1", "--out", "out", "-q")
    assert r.exit_code == 1, r.output
    assert _one_line(r.output) == (
        "printkit: out/archeotrek: cannot write ('out/archeotrek' is a symbolic link to '../elsewhere'; "
        "printkit writes only into folders of its own under --out: remove the link, "
        "or give the folder it leads to as --out); earlier outputs are intact")
    assert _tree(tmp_path / "elsewhere") == ["mine.txt"]
    assert _tree(tmp_path / "out") == ["archeotrek"] and Path("out/archeotrek").is_symlink()


def test_a_real_game_folder_and_an_out_link_are_still_written(tmp_path, monkeypatch):
    """The refusal is for a link *inside* --out: --out itself may be a link
    (the user named it), and a game folder that is a real folder is written."""
    monkeypatch.chdir(tmp_path)
    Path("real/archeotrek").mkdir(parents=True)
    os.symlink("real", "out")
    r = run("build", "archeotrek", "--players", "1", "--out", "out", "-q")
    assert r.exit_code == 0, r.output
    assert "archeotrek/archeotrek-kit.pdf" in _tree(tmp_path / "real") and Path("out").is_symlink()


def test_a_link_inside_out_where_a_deck_export_folder_goes_is_not_written_through(tmp_path, monkeypatch):
    """deck --format png writes OUT/<deck>/png/: with OUT/finds a link to a
    folder elsewhere, the pictures were written into that folder.  Refused
    with the same line; nothing is written anywhere."""
    monkeypatch.chdir(tmp_path)
    Path("out").mkdir()
    Path("elsewhere").mkdir()
    os.symlink("../elsewhere", "out/finds")
    ex = ROOT / "examples" / "deck"
    r = run("deck", ex / "cards.csv", "--layout", ex / "front.toml", "--out", "out", "--format", "png", "-q")
    assert r.exit_code == 1, r.output
    assert _one_line(r.output).startswith(
        "printkit: out/finds: cannot write ('out/finds' is a symbolic link to '../elsewhere'; "), r.output
    assert _tree(tmp_path / "elsewhere") == [] and _tree(tmp_path / "out") == ["finds"]


# ---------------------------------------------------------------- 2. a --rules file that is a link out of its folder


def _linked_rules(tmp_path: Path, target: Path) -> Path:
    folder = tmp_path / "house"
    folder.mkdir()
    os.symlink(target, folder / "archeotrek.toml")
    return folder


@pytest.mark.parametrize("argv", [
    ["simulate", "archeotrek", "--seed", "1"],
    ["score", "archeotrek", ROOT / "examples" / "archeotrek" / "finished-4-players.toml"],
])
def test_a_rules_file_linking_out_of_its_folder_is_refused(tmp_path, argv):
    """A downloaded house-rules folder whose archeotrek.toml is a link to a
    file elsewhere (here a valid rules file, so the read succeeded): its
    data was read and played (exit 0), though the user named only the
    folder — a theme.toml or font linking out of its theme folder is refused.
    One line naming the file, exit 1."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "rules.toml").write_bytes((ROOT / "rules" / "archeotrek.toml").read_bytes())
    folder = _linked_rules(tmp_path, elsewhere / "rules.toml")
    r = run(*argv, "--rules", folder)
    assert r.exit_code == 1, r.output
    assert _one_line(r.output) == (f"printkit: {folder}/archeotrek.toml: a link leading outside the --rules folder; "
                                   "expected the folder's own archeotrek.toml"), r.output


def test_a_rules_file_linking_inside_its_folder_and_a_linked_folder_are_read(tmp_path):
    """A link to another file of the same folder (archeotrek.toml →
    variant-2.toml) and a --rules folder that is itself a link are read."""
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "variant-2.toml").write_bytes((ROOT / "rules" / "archeotrek.toml").read_bytes())
    os.symlink("variant-2.toml", folder / "archeotrek.toml")
    os.symlink("house", tmp_path / "linked")
    for where in (folder, tmp_path / "linked"):
        r = run("simulate", "archeotrek", "--seed", "1", "--rules", where)
        assert r.exit_code == 0, r.output
        assert 'game = "archeotrek"' in r.output


# ---------------------------------------------------------------- 3. a theme folder of many empty folders


def test_a_theme_folder_of_more_folders_than_the_cap_is_not_walked_to_the_end(tmp_path, monkeypatch, cache_root):
    """The kit cache hashes every file of a theme's folder, at most
    MAX_TREE_FILES of them; folders were not counted, so a theme holding a
    million empty folders was listed to the end at every build (100,000:
    1.5 s, each folder one more listing).  Folders count towards the cap:
    past it the theme is not hashed — the kit is built, not cached — and the
    listing stops there."""
    import printkit.kitcache as kitcache

    theme = tmp_path / "many"
    theme.mkdir()
    for i in range(kitcache.MAX_TREE_FILES + 100):
        (theme / f"d{i:05}").mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "many"\nextends = "classic"\n')
    listed = []
    real_scandir = os.scandir

    def counting(path="."):
        listed.append(str(path))
        return real_scandir(path)

    monkeypatch.setattr(kitcache.os, "scandir", counting)
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", tmp_path / "out", "-q")
    assert r.exit_code == 0, r.output
    in_theme = [p for p in listed if p.startswith(str(theme))]
    assert len(in_theme) <= kitcache.MAX_TREE_FILES + 1, len(in_theme)
    kits = cache_root / "kits"
    assert not kits.exists() or not [p for p in kits.iterdir() if p.name.endswith(".kitcache")]


# ---------------------------------------------------------------- 4. a PDF of many incremental updates


def _updated(pdf: bytes, path: Path, updates: int, *, each_ended: bool = True) -> Path:
    """``pdf`` with ``updates`` empty incremental updates appended (what a
    viewer adds at each save, less the changed objects): each a
    cross-reference section and trailer whose /Prev leads to the one before,
    ended by its own ``startxref`` — or (``each_ended`` false) only the last
    one is, which readers accept as well."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    root, size = reader.trailer.raw_get("/Root").idnum, reader.trailer["/Size"]
    last = int(pdf.rsplit(b"startxref", 1)[1].split()[0])
    out = bytearray(pdf)
    for n in range(updates):
        here = len(out)
        out += b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size %d /Root %d 0 R /Prev %d >>\n" % (size, root, last)
        if each_ended or n == updates - 1:
            out += b"startxref\n%d\n%%%%EOF\n" % here
        last = here
    path.write_bytes(bytes(out))
    return path


@pytest.mark.parametrize("each_ended", [True, False], ids=["each-ended", "one-startxref"])
@pytest.mark.parametrize("command", ["score", "export-game", "check"])
def test_a_pdf_of_tens_of_thousands_of_revisions_is_one_line_before_it_is_parsed(tmp_path, filled_sheet, command,
                                                                                  each_ended):
    """A filled sheet followed by 20,000 empty incremental updates (2 MB;
    300,000 in 30 MB took ``score`` 34 s and ``check`` 27 s, the 64 MB a PDF
    may have about twice that): refused from the raw bytes, before pypdf or
    qpdf reads a cross-reference section — a sheet a viewer saved has a
    few revisions."""
    from printkit.inputfiles import MAX_PDF_REVISIONS

    sheet = _updated(filled_sheet, tmp_path / "sheet.pdf", 20_000, each_ended=each_ended)
    argv = ["check", sheet] if command == "check" else [command, "archeotrek", sheet]
    r = run(*argv)
    assert r.exit_code == 1, r.output
    if command == "check":
        assert r.output.splitlines()[0] == (f"{sheet}: [open] about 20,001 revisions (incremental updates); a PDF "
                                            f"saved by a viewer has a few (at most {MAX_PDF_REVISIONS:,} are read)")
    else:
        assert _one_line(r.output) == (f"printkit: {sheet}: about 20,001 revisions (incremental updates); a filled "
                                       f"sheet saved by a viewer has a few (at most {MAX_PDF_REVISIONS:,} are read): "
                                       "give the filled sheets only")


def test_a_sheet_saved_a_few_times_is_still_read(tmp_path, filled_sheet):
    """A sheet with a name written, then fifty more saves: still exported
    (the name read), and the check finds nothing about revisions."""
    import pikepdf

    named = _forged(filled_sheet, tmp_path / "named.pdf", "name", pikepdf.String("Ana")).read_bytes()
    sheet = _updated(named, tmp_path / "sheet.pdf", 50)
    r = run("export-game", "archeotrek", sheet)
    assert r.exit_code == 0, r.output
    assert 'name = "Ana"' in r.output
    r = run("check", sheet)
    assert "revisions" not in r.output, r.output


def test_a_pdf_of_many_bookmarks_is_not_taken_for_many_revisions(tmp_path):
    """Bookmarks (outline items) chain to each other with /Prev, as
    cross-reference sections do: 1,500 of them in one save are one revision,
    not 1,500 (the first estimate counted /Prev keys and refused the file)."""
    import warnings

    from pypdf import PdfWriter

    w = PdfWriter()
    w.add_blank_page(200, 200)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for i in range(1500):
            w.add_outline_item(title=f"Chapter {i}", page_number=0)
    pdf = tmp_path / "book.pdf"
    w.write(pdf)
    assert pdf.read_bytes().count(b"/Prev") >= 1499
    r = run("check", pdf)
    assert "revisions" not in r.output, r.output


def _many_objects(path: Path, n: int) -> Path:
    """A clean one-page PDF holding ``n`` more objects (each a number, all
    listed in one array the catalog points to): ``n + 5`` in its /Size."""
    out = bytearray(b"%PDF-1.7\n")
    offsets: list[int] = []

    def obj(body: bytes) -> None:
        offsets.append(len(out))
        out.extend(b"%d 0 obj\n%s\nendobj\n" % (len(offsets), body))

    obj(b"<< /Type /Catalog /Pages 2 0 R /Extra 4 0 R >>")
    obj(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    obj(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> >>")
    obj(b"[" + b" ".join(b"%d 0 R" % i for i in range(5, 5 + n)) + b"]")
    for i in range(n):
        obj(b"%d" % i)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(offsets) + 1, xref)
    path.write_bytes(bytes(out))
    return path


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_pdf_of_more_objects_than_the_cap_is_one_line_in_check_as_in_score(tmp_path, command):
    """A PDF of 60,000 tiny objects (3 MB): ``check`` walked them all with
    pypdf and qpdf and passed it, while ``score`` refused it unparsed; now
    both refuse it from the raw bytes with the same words.  The same PDF with
    a few objects fewer than the cap still passes ``check``."""
    from printkit.inputfiles import MAX_PDF_OBJECTS

    n = MAX_PDF_OBJECTS + 10_000
    pdf = _many_objects(tmp_path / "many.pdf", n)
    says = f"about {n + 5:,} PDF objects; a kit has a few thousand (at most {MAX_PDF_OBJECTS:,} are read)"
    if command == "check":
        r = run("check", pdf)
        assert r.exit_code == 1, r.output
        assert r.output.splitlines() == [f"{pdf}: [open] {says}", "1 of 1 file(s) failed preflight"]
        under = _many_objects(tmp_path / "under.pdf", MAX_PDF_OBJECTS - 10)
        r = run("check", under)
        assert (r.exit_code, r.output) == (0, f"{under}: ok\n")
    else:
        r = run("score", "archeotrek", pdf)
        assert r.exit_code == 1, r.output
        assert _one_line(r.output) == f"printkit: {pdf}: {says}: give the filled sheets only"


# ---------------------------------------------------------------- 5. [game] id of a --rules file


@pytest.mark.parametrize("value,shown", [
    ('"archaeology"', "'archaeology'"),
    ('"archeotrek\\u0000"', "'archeotrek\\x00'"),
    ("7", "7"),
])
def test_a_rules_file_naming_another_game_is_one_line(tmp_path, value, shown):
    """house/archeotrek.toml whose [game] id is "archaeology" (a file saved
    for another game, or under the wrong name), a control character or a
    number: every other key of a --rules file is checked, this one was read
    by nothing and any value played on silently (exit 0)."""
    folder = tmp_path / "house"
    folder.mkdir()
    text = (ROOT / "rules" / "archeotrek.toml").read_text(encoding="utf-8")
    assert text.count('id = "archeotrek"') == 1
    (folder / "archeotrek.toml").write_text(text.replace('id = "archeotrek"', f"id = {value}"), encoding="utf-8")
    for argv in (["simulate", "archeotrek", "--seed", "1"],
                 ["score", "archeotrek", ROOT / "examples" / "archeotrek" / "finished-4-players.toml"]):
        r = run(*argv, "--rules", folder)
        assert r.exit_code == 1, r.output
        assert _one_line(r.output) == (f"printkit: {folder}/archeotrek.toml: game.id = {shown}: must be 'archeotrek', "
                                       "the game this file's name (archeotrek.toml) gives its rules to"), r.output


# ---------------------------------------------------------------- 6. a full disk: no empty folder left behind


def _disk_full(*args, **kwargs):
    import errno

    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_kit_the_disk_cannot_hold_leaves_no_empty_folder(tmp_path, monkeypatch):
    """The disk fills up as the kit's first PDF is written (seen on a 300 kB
    tmpfs): one line, and neither out/archeotrek, made for the kit, nor out
    stays behind — a run that writes nothing leaves nothing."""
    import printkit.pdf

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(printkit.pdf, "write_atomic", _disk_full)
    r = run("build", "archeotrek", "--players", "1", "--out", "out", "-q")
    assert r.exit_code == 1, r.output
    assert _one_line(r.output).endswith(": cannot write (No space left on device); earlier outputs are intact")
    assert _tree(tmp_path) == []


def test_a_kit_folder_that_was_there_is_kept_when_the_disk_is_full(tmp_path, monkeypatch):
    """Only a folder the run made is taken away: out/archeotrek that was
    there before (empty) stays."""
    import printkit.pdf

    monkeypatch.chdir(tmp_path)
    Path("out/archeotrek").mkdir(parents=True)
    monkeypatch.setattr(printkit.pdf, "write_atomic", _disk_full)
    r = run("build", "archeotrek", "--players", "1", "--out", "out", "-q")
    assert r.exit_code == 1, r.output
    assert _tree(tmp_path) == ["out", "out/archeotrek"]


def test_an_export_the_disk_cannot_hold_leaves_no_empty_folder(tmp_path, monkeypatch):
    """deck --format png: the disk is full when the staging folder is made
    inside out/finds (seen on a 300 kB tmpfs while the pictures were
    written): one line, and out/finds and out are gone again."""
    import tempfile

    monkeypatch.chdir(tmp_path)
    real = tempfile.mkdtemp

    def mkdtemp(*args, prefix=None, dir=None, **kwargs):
        if dir is not None and Path(dir).parent.name == "out":
            _disk_full()
        return real(*args, prefix=prefix, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkdtemp", mkdtemp)
    ex = ROOT / "examples" / "deck"
    r = run("deck", ex / "cards.csv", "--layout", ex / "front.toml", "--out", "out", "--format", "png", "-q")
    assert r.exit_code == 1, r.output
    assert _one_line(r.output) == ("printkit: out/finds: cannot write (No space left on device); "
                                   "earlier outputs are intact"), r.output
    assert _tree(tmp_path) == []


def test_a_new_theme_the_disk_cannot_hold_leaves_no_empty_folder(tmp_path, monkeypatch):
    """new-theme mine --dir fresh/themes on a full disk (the folder to
    write it in cannot be made inside fresh/themes): one line, and the
    folders made for it, fresh/themes and fresh, are gone again."""
    import tempfile

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "mkdtemp", _disk_full)
    r = run("new-theme", "mine", "--dir", "fresh/themes", env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert r.exit_code == 2, r.output
    assert _one_line(r.output) == ("printkit: new-theme: --dir: cannot write to 'fresh/themes' "
                                   "(No space left on device)"), r.output
    assert _tree(tmp_path) == []


# ---------------------------------------------------------------- 7. names too long for the file system


LONG = "a" * 300  # one name past the 255 bytes a file system allows


@pytest.mark.parametrize("argv", [
    ["simulate", "archeotrek"],
    ["score", "archeotrek", ROOT / "examples" / "archeotrek" / "finished-4-players.toml"],
    ["validate", "archeotrek", ROOT / "examples" / "archeotrek" / "finished-4-players.toml"],
    ["export-game", "archeotrek", "sheet.pdf"],
    ["scorepad", "archeotrek", "-o", "pad.html"],
    ["build", "archeotrek", "--players", "1", "--out", "out"],
], ids=lambda a: a[0])
def test_a_rules_folder_name_too_long_is_one_usage_line(tmp_path, monkeypatch, argv):
    """--rules <a 300-character name>: Path.is_dir() raised ENAMETOOLONG —
    an OSError traceback in every command taking --rules.  One usage line,
    the name shortened; nothing written."""
    monkeypatch.chdir(tmp_path)
    r = run(*argv, "--rules", LONG)
    assert r.exit_code == 2, r.output
    line = _one_line(r.output)
    assert line.startswith("printkit: --rules: 'aaaa") and line.endswith(
        "' cannot be a folder (File name too long); give the folder of the rules files (<game>.toml)"), line
    assert len(line) < 300, line
    assert _tree(tmp_path) == []


def test_a_new_theme_dir_name_too_long_is_one_usage_line(tmp_path, monkeypatch):
    """new-theme mine --dir <a 300-character name>: Path.exists() raised
    ENAMETOOLONG (a traceback).  One usage line, shortened; nothing made."""
    monkeypatch.chdir(tmp_path)
    r = run("new-theme", "mine", "--dir", LONG, env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert r.exit_code == 2, r.output
    line = _one_line(r.output)
    assert line.startswith("printkit: new-theme: --dir: cannot write to 'aaaa") and "File name too long" in line, line
    assert len(line) < 300, line
    assert _tree(tmp_path) == []


def test_a_failed_write_to_a_very_long_path_is_a_short_line(tmp_path, monkeypatch):
    """scorepad -o <a 5,000-character path that cannot exist>: the line
    printed the path whole (5,379 characters); it is shortened as every
    other message's paths are."""
    monkeypatch.chdir(tmp_path)
    target = "/".join(["b" * 200] * 25) + ".html"
    r = run("scorepad", "archeotrek", "-o", target)
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert line.endswith(": cannot write (No such file or directory); earlier outputs are intact") or \
        "cannot write (File name too long)" in line, line
    assert len(line) < 400, line


# ---------------------------------------------------------------- 8. a theme template including a 5,000-character name


def test_a_template_including_a_huge_missing_name_is_a_short_line(tmp_path):
    """A theme's rules template ``{% include "<5,000 a's>.html" %}`` (no
    such file): the line quoted the name whole, 5,113 characters; it is
    shortened as every quoted value is."""
    theme = tmp_path / "inc"
    theme.mkdir()
    (theme / "theme.toml").write_text('[theme]\nname = "inc"\nextends = "classic"\n')
    (theme / "archeotrek-rules.html.j2").write_text('{% include "' + "a" * 5000 + '.html" %}')
    r = run("build", "archeotrek", "--players", "1", "--theme", theme, "--out", tmp_path / "out", "-q",
            env={"PRINTKIT_CACHE": "off"})
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert line.startswith("printkit: template 'aaaa") and "not found in" in line, line
    assert len(line) < 400, len(line)
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- 9. a game file naming another game with padding


def test_a_game_line_padded_to_thousands_of_characters_is_quoted_short(tmp_path):
    """``game = "<3,000 spaces>archeotrek<3,000 spaces>"`` scored as archeo:
    the title lookup ignores the spaces, so the line says which game the
    file is of — and quoted the value whole, 6,139 characters."""
    game = tmp_path / "g.toml"
    game.write_text('game = "' + " " * 3000 + "archeotrek" + " " * 3000 + '"\n', encoding="utf-8")
    r = run("score", "archeo", game)
    assert r.exit_code == 1, r.output
    line = _one_line(r.output)
    assert "a game of Trek 12: ArchéoTREK (game = '" in line and "(6,010 characters)" in line, line
    assert line.endswith(f"score it with: printkit score archeotrek {game}") and len(line) < 400, len(line)



# ---------------------------------------------------------------- 10. values of thousands of characters, quoted short


BIG = "Z" * 5000


def test_a_table_with_a_huge_key_where_a_number_goes_is_quoted_short(tmp_path):
    """A game file's circle holding an inline table ``{ ZZZ…(5,000) = 1 }``:
    the shared quoting (``show``) wrote a key that is a plain identifier as
    it is, whatever its length — a 5,165-character problem line."""
    text = (ROOT / "examples" / "archeotrek" / "finished-4-players.toml").read_text(encoding="utf-8")
    game = tmp_path / "g.toml"
    game.write_text(text.replace("B5 = ", f"B5 = {{ {BIG} = 1 }}, X9 = ", 1), encoding="utf-8")
    r = run("score", "archeotrek", game)
    assert r.exit_code == 1, r.output
    lines = [ln for ln in r.output.splitlines() if "circle B5 holds" in ln]
    assert lines and all(len(ln) < 300 for ln in lines), [len(ln) for ln in r.output.splitlines()]
    assert "(5,000 characters)" in lines[0], lines[0]


@pytest.mark.parametrize("key,value", [
    ("size", BIG),
    ("shape", BIG),
    ("corner", BIG),
    ("title", BIG),
    ("background", "#" + BIG),
    ("element.type", BIG),
    ("element.fill", "#" + BIG),
], ids=["size", "shape", "corner", "title", "background", "element-type", "element-fill"])
def test_a_layout_value_of_thousands_of_characters_is_quoted_short(tmp_path, key, value):
    """A deck layout's [card] size/shape/corner, an element's type or a
    colour of 5,000 characters was quoted whole in its error line (5,000+
    characters); a 5,000-character [card] title printed whole in a note.
    The value is quoted short; a title past 200 characters is refused."""
    import tomllib

    from printkit.gamekit import dumps_toml

    ex = ROOT / "examples" / "deck"
    layout = tmp_path / "front.toml"
    data = tomllib.loads((ex / "front.toml").read_text(encoding="utf-8"))
    table, _, name = key.rpartition(".")
    if table == "element":  # the first element that has the key (every one has a type)
        next(el for el in data["element"] if name in el)[name] = value
    else:
        data["card"][name] = value
    text = dumps_toml(data)
    layout.write_text(text, encoding="utf-8")
    r = run("deck", ex / "cards.csv", "--layout", layout, "--out", tmp_path / "out", "-q")
    assert r.exit_code == 1, r.output
    lines = [ln for ln in r.output.splitlines() if ln.strip()]  # a colour: one line per card that uses it
    assert lines and "Traceback" not in r.output, r.output
    assert all(len(ln) < 400 for ln in lines), [len(ln) for ln in lines]
    assert "characters)" in lines[0] or "at most" in lines[0], lines[0]
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- 11. deck data of hundreds of thousands of rows


@pytest.mark.parametrize("row", ["a\n", "\n", ",\n"], ids=["one-cell", "blank", "empty-cells"])
def test_deck_data_of_more_rows_than_a_deck_can_print_stops_reading_at_the_cap(tmp_path, row):
    """A 4 MB CSV of two million one-cell rows read every row into memory
    (55 s, 540 MB) before saying a deck prints at most 50,000 cards; 30 MB of
    blank lines were read to the end (25 s) to say "no cards" — neither
    counted towards a cap (blank rows are skipped, the cells cap counts
    non-empty ones).  Reading stops past MAX_ROWS rows, blank ones included
    (150,000 rows here)."""
    from printkit.deck import MAX_CARDS, MAX_ROWS

    assert MAX_ROWS >= MAX_CARDS
    data = tmp_path / "rows.csv"
    data.write_text("title\n" + row * 150_000, encoding="utf-8")
    r = run("deck", data, "--layout", ROOT / "examples" / "deck" / "front.toml", "--out", tmp_path / "out")
    assert r.exit_code == 1, r.output
    assert _one_line(r.output) == (f"printkit: {data}: more than {MAX_ROWS:,} rows (by line {MAX_ROWS + 2:,}); "
                                   f"a deck's data holds at most {MAX_ROWS:,} (a deck prints at most "
                                   f"{MAX_CARDS:,} cards)"), r.output
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- 12. a link where a PDF inside --out goes


@pytest.mark.parametrize("command", ["deck", "duplex-test"])
def test_a_link_where_a_pdf_inside_out_goes_says_what_to_do_for_that_command(tmp_path, monkeypatch, command):
    """``OUT/finds.pdf`` (a deck) or ``OUT/duplex-test.pdf`` a link: refused,
    nothing written through it — and the line says to remove it or give
    another --out, not "- for standard output" (advice for ``-o`` files of
    score and scorepad, which these commands do not take)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "precious.pdf").write_bytes(b"mine")
    name = "finds.pdf" if command == "deck" else "duplex-test.pdf"
    (tmp_path / "out" / name).symlink_to(tmp_path / "precious.pdf")
    ex = ROOT / "examples" / "deck"
    args = (["deck", ex / "cards.csv", "--layout", ex / "front.toml", "-q"] if command == "deck" else ["duplex-test"])
    r = run(*args, "--out", "out")
    assert r.exit_code == 2, r.output
    line = _one_line(r.output)
    assert line.endswith("is a link; nothing written (remove it, or give another --out folder than out)"), line
    assert "standard output" not in line
    assert (tmp_path / "precious.pdf").read_bytes() == b"mine" and (tmp_path / "out" / name).is_symlink()


# ---------------------------------------------------------------- 13. a killed build's staging folder


def test_a_killed_runs_staging_folder_is_swept_by_the_next_build(tmp_path):
    """A build killed with SIGKILL while writing leaves ``out/<game>/.staging-…``
    (real: the build's first write into its staging folder never ends, and the
    child is killed once the folder is there — a build left to finish would
    remove it before a busy machine's poll saw it).  The next build into that
    folder removes it — and leaves a live process's staging folder, another
    machine's (a shared folder) and other hidden names alone."""
    from printkit.pdf import _host_tag

    out = tmp_path / "out"
    game = out / "archeotrek"
    pid = _killed_mid_write(_HANG_WRITE, ["build", "archeotrek", "--out", out, "-q"],
                            lambda: game.is_dir() and any(game.glob(".staging-*")))
    live = game / f".staging-{os.getppid()}.{_host_tag()}-abc"  # the process that started pytest: alive
    other_host = game / f".staging-{pid}.00000000-abc"  # the dead pid, but on another machine
    keep = game / ".staging-mine"  # not a name printkit makes
    for folder in (live, other_host, keep):
        folder.mkdir()
    r = run("build", "archeotrek", "--out", out, "-q")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in game.glob(".staging-*")) == sorted([live.name, other_host.name, keep.name])
    assert (game / "archeotrek-kit.pdf").read_bytes().startswith(b"%PDF-")


#: Python run in a child before ``printkit ARGS``: the write it is killed in never ends.
_HANG_WRITE = "import os, time; os.fsync = lambda fd: time.sleep(600)"  # a .part file open, not yet renamed
_HANG_SWAP = ("import os, shutil, time; real = shutil.rmtree; "  # an export's old folder moved aside, not yet removed
              "shutil.rmtree = lambda p, *a, **k: time.sleep(600) if os.path.basename(p).startswith('.old-') "
              "else real(p, *a, **k)")


def _killed_mid_write(hang: str, args: list, caught) -> int:
    """Run ``printkit ARGS`` in a child whose write ``hang`` stops, SIGKILL it
    as soon as ``caught()`` is true (its debris is on disk); its pid."""
    import signal
    import subprocess
    import sys
    import time

    env = dict(os.environ, PYTHONPATH=str(ROOT), PRINTKIT_CACHE="off")
    code = f"{hang}\nimport sys\nfrom printkit.cli import main\nmain(sys.argv[1:], prog_name='printkit')"
    child = subprocess.Popen([sys.executable, "-c", code, *map(str, args)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and child.poll() is None and not caught():
        time.sleep(0.01)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert caught(), "the run was not caught while writing"
    return child.pid


def test_a_killed_runs_part_file_and_old_export_folder_are_swept_by_the_next_run(tmp_path):
    """A deck run killed with SIGKILL while its PDF is being written leaves
    ``out/.…part``; one killed between moving the old export folder aside and
    removing it leaves ``out/<deck>/.old-…`` (a whole export).  The next deck
    run into that folder removes both — and leaves a live process's, another
    machine's, and names printkit does not make."""
    from printkit.pdf import _host_tag

    ex = ROOT / "examples" / "deck"
    out = tmp_path / "out"
    deck = ["deck", ex / "cards.csv", "--layout", ex / "front.toml", "--out", out, "-q"]
    pid = _killed_mid_write(_HANG_WRITE, deck, lambda: out.is_dir() and any(out.glob(".*.part")))
    assert run(*deck, "--format", "png").exit_code == 0  # an export folder to replace
    pid2 = _killed_mid_write(_HANG_SWAP, [*deck, "--format", "png"], lambda: any((out / "finds").glob(".old-*")))
    assert pid2 != pid
    me, host = os.getpid(), _host_tag()
    kept = {out: [f".part-{os.getppid()}.{host}-finds.pdf.abcdefgh.part",  # the process that started pytest: alive
                  f".part-{pid}.00000000-finds.pdf.abcdefgh.part",  # the dead pid, on another machine
                  "notes.part", ".notes.txt.abcdefgh.part"],  # not names printkit makes
            out / "finds": [f".old-{me}.{host}-png-abcdefgh",  # this test's own process (the run's own)
                            f".old-{pid2}.00000000-png-abcdefgh", ".old-mine"]}
    for folder, names in kept.items():
        for name in names:
            (folder / name).mkdir() if ".old-" in name else (folder / name).write_bytes(b"mine")
    r = run(*deck, "--format", "pdf,png")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in out.iterdir()) == sorted(kept[out] + ["finds", "finds.pdf"])
    assert sorted(p.name for p in (out / "finds").iterdir()) == sorted(kept[out / "finds"] + ["png"])
    assert (out / "finds.pdf").read_bytes().startswith(b"%PDF-")

"""Themes you can share and find (issue 16): ``--theme NAME|PATH`` looks in
./themes, the user's config folder and the bundled themes, in that order;
``printkit themes`` says where each comes from; ``printkit new-theme``
writes a folder that builds every game; a theme lacking a game's palette
takes its parent's (in the end classic's)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner

import printkit.theme as theme_mod
from printkit import TEMPLATES_DIR, UsageError
from printkit.build import BuildOptions, render_part
from printkit.cli import main
from printkit.paper import get_paper
from printkit.registry import all_games
from printkit.theme import FONT_ROLES, SECTIONS, THEME_KEYS, TYPE_KEYS, load_theme
from printkit.units import mm

CLASSIC = tomllib.loads((TEMPLATES_DIR / "classic" / "theme.toml").read_text(encoding="utf-8"))
# The classic palettes: each game's own palette.toml (printkit/games/<game>/), under the theme's [games.*].
_PALETTES: dict = {}
for _file in sorted((Path(__file__).resolve().parent.parent / "printkit" / "games").glob("*/palette.toml")):
    for _game, _roles in tomllib.loads(_file.read_text(encoding="utf-8"))["games"].items():
        _PALETTES[_game] = {**_roles, **CLASSIC.get("games", {}).get(_game, {})}
CLASSIC["games"] = {**CLASSIC.get("games", {}), **_PALETTES}


def _theme(folder: Path, ink: str, extra: str = "") -> Path:
    """A user theme: no ``extends`` (so it starts from classic), its own ink."""
    folder.mkdir(parents=True)
    (folder / "theme.toml").write_text(f'[theme]\ndescription = "test theme"\n[colours]\nink = "{ink}"\n{extra}',
                                       encoding="utf-8")
    return folder


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh current folder and config folder (``$XDG_CONFIG_HOME``, what
    platformdirs reads on Linux); returns (cwd, config themes folder)."""
    cwd, config = tmp_path / "work", tmp_path / "config"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    if sys.platform != "linux":  # other systems do not read XDG_CONFIG_HOME
        import platformdirs

        monkeypatch.setattr(platformdirs, "user_config_path", lambda app: config / app)
    load_theme.cache_clear()
    yield cwd, config / "printkit" / "themes"
    load_theme.cache_clear()


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_config_folder_is_platformdirs(home):
    _, config = home
    assert theme_mod.config_themes_dir() == config
    assert [src for src, _ in theme_mod.theme_places()] == ["./themes", "config", "bundled"]


def test_relative_path(home):
    cwd, _ = home
    _theme(cwd / "designs" / "mine", "#102030")
    assert load_theme("./designs/mine").hex("ink") == "#102030"
    assert load_theme("designs/mine").hex("ink") == "#102030"
    assert load_theme(str(cwd / "designs" / "mine")).hex("ink") == "#102030"
    # a plain name found nowhere else: the folder of that name here
    _theme(cwd / "here", "#203040")
    assert load_theme("here").hex("ink") == "#203040"


def test_name_in_dot_themes_and_config(home):
    cwd, config = home
    _theme(cwd / "themes" / "local", "#111111")
    _theme(config / "shared", "#222222")
    assert load_theme("local").hex("ink") == "#111111"
    assert load_theme("shared").hex("ink") == "#222222"
    assert load_theme("shared").directory == (config / "shared").resolve()


def test_precedence(home):
    """./themes, then config, then bundled, then a folder of that name here."""
    cwd, config = home
    for folder, ink in ((cwd / "mine", "#000004"), (config / "mine", "#000003"), (cwd / "themes" / "mine", "#000001")):
        _theme(folder, ink)
    order = []
    for remove in (cwd / "themes" / "mine", config / "mine", None):
        load_theme.cache_clear()
        order.append(load_theme("mine").hex("ink"))
        if remove is not None:
            (remove / "theme.toml").unlink()
    assert order == ["#000001", "#000003", "#000004"]
    # a user's classic shadows the bundled one, and extends the one it shadows
    _theme(config / "classic", "#000005")
    load_theme.cache_clear()
    mine = load_theme("classic")
    assert mine.hex("ink") == "#000005" and mine.directory == (config / "classic").resolve()
    assert mine.search_path[-1] == (TEMPLATES_DIR / "classic").resolve()
    assert mine.hex("ground", "archeotrek") == CLASSIC["games"]["archeotrek"]["ground"]
    # a bundled theme's extends stays bundled: inksaver is not changed by the user's classic
    assert load_theme("inksaver").hex("ink") == CLASSIC["colours"]["ink"]


def test_unknown_name_is_one_line_exit_2(home):
    cwd, config = home
    _theme(cwd / "themes" / "mine", "#101010")
    res = _run("build", "archeotrek", "--theme", "nosuch", "--out", str(cwd / "out"))
    assert res.exit_code == 2, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.output, res.stderr
    line = lines[0]
    for said in ("unknown theme 'nosuch'", str(cwd / "themes" / "nosuch"), str(config / "nosuch"),
                 "classic", "inksaver", "mine"):
        assert said in line, (said, line)
    assert not (cwd / "out").exists()


def test_user_themes_are_checked_like_bundled_ones(home):
    cwd, config = home
    for folder in (cwd / "themes" / "bad", config / "bad2"):
        folder.mkdir(parents=True)
        (folder / "theme.toml").write_text('[colours]\nink = "red"\n', encoding="utf-8")
    for name, folder in (("bad", cwd / "themes" / "bad"), ("bad2", config / "bad2")):
        res = _run("duplex-test", "--theme", name, "--out", str(cwd / "out"))
        assert res.exit_code == 1, res.output
        assert res.stderr.count("\n") == 1 and f"{folder}/theme.toml: [colours] ink" in res.stderr, res.stderr


def test_duplex_test_takes_a_theme(home):
    """What a user gets: the duplex test's red calibration lines in the
    theme's ``mark`` colour (read back from the PDF's drawing colours)."""
    import pdfplumber

    cwd, _ = home
    _theme(cwd / "themes" / "mine", "#101010", 'mark = "#00a0ff"\n')
    res = _run("duplex-test", "--theme", "mine", "--out", str(cwd / "out"))
    assert res.exit_code == 0, res.output
    with pdfplumber.open(cwd / "out" / "duplex-test.pdf") as pdf:
        page = pdf.pages[1]
        colours = {tuple(round(v, 3) for v in (o.get("stroking_color") or ())) for o in page.lines + page.rects}
    assert (0.0, round(0xa0 / 255, 3), 1.0) in colours, colours


def test_themes_listing(home):
    cwd, config = home
    _theme(cwd / "themes" / "classic", "#000001")
    _theme(cwd / "themes" / "mine", "#000002")
    _theme(config / "mine", "#000003")
    _theme(config / "travel", "#000004")
    res = _run("themes")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert str(cwd / "themes") in lines[0] and str(config) in lines[0] and str(TEMPLATES_DIR) in lines[0]
    rows = {(ln.split()[0], ln.split()[1]): ln for ln in lines[1:]}
    assert set(rows) == {("classic", "./themes"), ("mine", "./themes"), ("mine", "config"), ("travel", "config"),
                         ("classic", "bundled"), ("highcontrast", "bundled"), ("inksaver", "bundled")}, lines
    order = [key for key in rows]
    assert order.index(("mine", "./themes")) < order.index(("mine", "config"))  # lookup order
    assert "[shadows bundled classic]" in rows[("classic", "./themes")]
    assert "[shadowed by ./themes classic" in rows[("classic", "bundled")]
    assert "[shadows config mine]" in rows[("mine", "./themes")]
    assert f"[shadowed by ./themes mine: use --theme {(config / 'mine').resolve()}]" in rows[("mine", "config")]
    assert "shadow" not in rows[("travel", "config")] and "shadow" not in rows[("inksaver", "bundled")]
    assert "extends classic" in rows[("inksaver", "bundled")] and "test theme" in rows[("travel", "config")]


# -- new-theme ---------------------------------------------------------------------------------


def _pixels(pdf: bytes) -> bytes:
    doc = pypdfium2.PdfDocument(pdf)
    try:
        return doc[0].render(scale=0.4).to_pil().convert("RGB").tobytes()
    finally:
        doc.close()


@pytest.fixture
def made(home):
    cwd, _ = home
    res = _run("new-theme", "mine")
    assert res.exit_code == 0, res.output
    assert "--theme mine" in res.output
    return cwd / "themes" / "mine"


def test_new_theme_builds_every_game_like_its_source(made):
    """One imposed part of every game (and one document) rendered with the
    written theme looks exactly like classic's: page 1 compared in pixels.
    (Every part is rendered through the same theme lookups; one per game
    keeps this test to a few seconds.)"""
    mine, classic = load_theme("mine"), load_theme("classic")
    assert mine.directory == made.resolve() and mine.fonts != classic.fonts  # its own registered fonts
    kits = all_games()
    assert {"archeotrek", "archaeology", "archaeologia", "archeo"} <= {k.id for k in kits}
    compared = 0
    for kit in kits:
        got = {}
        for theme in (mine, classic):
            opts = BuildOptions(paper=get_paper("a4"), theme=theme, bleed=mm(3), duplex="none")
            parts = kit.parts(opts)
            chosen = [p for p in parts if p.components is not None][:1]
            if kit.id == "archaeology":  # one weasyprint document: the templates are found through extends
                chosen += [p for p in parts if p.name == "high-score-log"]
            got[theme.name] = [(p.name, _pixels(render_part(p, opts, kit.title)[0])) for p in chosen]
        assert got["mine"] == got["classic"], kit.id
        compared += len(got["mine"])
    assert compared == len(kits) + 1


def test_new_theme_comments_every_key(made):
    text = (made / "theme.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert set(data) <= set(SECTIONS)
    assert set(data["theme"]) == set(THEME_KEYS) and data["theme"]["extends"] == "classic"
    assert set(data["fonts"]) == set(FONT_ROLES)
    assert data["colours"] == CLASSIC["colours"] and data["games"] == CLASSIC["games"]
    table, keys = None, 0
    for line in text.splitlines():
        if m := re.match(r"\[([^\]]+)\]$", line):
            table = m.group(1)
        elif "=" in line and not line.startswith("#"):
            key, _, rest = line.partition("=")
            comment = rest.partition("  # ")[2]
            assert len(comment) >= 12, (table, line)
            if table == "fonts":
                assert "ttf" in comment and "package:" in comment, line
            elif table in ("colours",) or table.startswith("games."):
                assert comment.endswith('"#rrggbb"'), line
                # every colour of classic says what it colours (a comment in templates/classic/theme.toml)
                assert not comment.startswith("colour role"), f"templates/classic/theme.toml: [{table}] {line}"
            keys += 1
    n_colours = len(CLASSIC["colours"]) + sum(map(len, CLASSIC["games"].values()))
    assert keys == len(THEME_KEYS) + len(FONT_ROLES) + len(TYPE_KEYS) + n_colours
    assert data["type"] == {"scale": 1.0}
    for template in ("base.css", "_layout.html.j2", "archeotrek-rules.html.j2"):  # how to override templates
        assert re.search(rf"^#\s+{re.escape(template)}\s", text, re.M), template


def test_new_theme_refuses_an_existing_folder(made, home):
    before = (made / "theme.toml").read_bytes()
    (made / "note.txt").write_text("mine", encoding="utf-8")
    res = _run("new-theme", "mine", "--from", "inksaver")
    assert res.exit_code == 2 and res.stderr.count("\n") == 1 and "already exists" in res.stderr, res.output
    assert (made / "theme.toml").read_bytes() == before and sorted(p.name for p in made.iterdir()) == ["note.txt", "theme.toml"]
    for bad in ("../x", "a b", ""):
        res = _run("new-theme", bad)
        assert res.exit_code == 2 and res.stderr.count("\n") == 1, (bad, res.output)
    (made.parent / "afile").write_text("", encoding="utf-8")
    res = _run("new-theme", "other", "--dir", str(made.parent / "afile" / "sub"))
    assert res.exit_code == 2 and res.stderr.count("\n") == 1 and "cannot write to" in res.stderr, res.output
    assert sorted(p.name for p in made.parent.iterdir()) == ["afile", "mine"]  # nothing half-written
    res = _run("new-theme", "other", "--from", "no-such-theme")
    assert res.exit_code == 2 and res.stderr.count("\n") == 1 and "--from: unknown theme" in res.stderr, res.output
    assert "--theme" not in res.stderr


def test_new_theme_dir_and_copies(home):
    cwd, config = home
    res = _run("new-theme", "travel", "--from", "inksaver", "--dir", str(config), "--copy-templates")
    assert res.exit_code == 0, res.output
    folder = config / "travel"
    assert "--theme travel" in res.output  # the config folder is searched by name
    games = Path(__file__).resolve().parent.parent / "printkit" / "games"
    assert {p.name for p in folder.iterdir()} == ({p.name for p in (TEMPLATES_DIR / "classic").iterdir()}
                                                  | {p.name for p in games.glob("*/templates/*.j2")})
    # the line says the templates were written too, counted (it said only "theme.toml written")
    n = len(list(folder.iterdir())) - 1
    assert f"{folder}/theme.toml and {n} templates (HTML, CSS) written; edit them" in res.output, res.output
    travel, ink = load_theme("travel"), load_theme("inksaver")
    assert travel.search_path[0] == folder.resolve() and travel.games == ink.games and travel.colours == ink.colours
    # a key's own comment in the game's palette wins over a comment block heading inksaver's table
    written, table = {}, None
    for line in (folder / "theme.toml").read_text(encoding="utf-8").splitlines():
        table = line[1:-1] if line.startswith("[") else table
        if table == "games.archaeologia" and "=" in line and not line.startswith("#"):
            written[line.split()[0]] = line.partition("  # ")[2]
    table, checked = None, 0
    for line in (games / "archaeologia" / "palette.toml").read_text(encoding="utf-8").splitlines():
        table = line[1:-1] if line.startswith("[") else table
        m = re.match(r'(\S+) = "#[0-9a-f]{6}"\s+# (.+)$', line)
        if table == "games.archaeologia" and m:
            assert written[m.group(1)].startswith(m.group(2).rstrip(".")), (line, written[m.group(1)])
            checked += 1
    assert checked >= 5


# -- fallback palettes ------------------------------------------------------------------------


def test_missing_palette_falls_back_to_parent(home):
    """A theme without [games.archeo] and with half an archeotrek palette:
    the rest is classic's (no extends) or its parent's, then classic's."""
    cwd, _ = home
    _theme(cwd / "themes" / "half", CLASSIC["colours"]["ink"], '[games.archeotrek]\nground = "#fefefe"\n')
    (cwd / "themes" / "kid").mkdir()
    (cwd / "themes" / "kid" / "theme.toml").write_text('[theme]\nextends = "inksaver"\n[games.archeo]\nstar = "#ff0000"\n',
                                                       encoding="utf-8")
    half, kid, ink = load_theme("half"), load_theme("kid"), load_theme("inksaver")
    assert half.hex("ground", "archeotrek") == "#fefefe"
    assert half.hex("earth", "archeotrek") == CLASSIC["games"]["archeotrek"]["earth"]
    for game, palette in CLASSIC["games"].items():
        if game != "archeotrek":
            assert half.games[game] == palette, game
        for role in palette:
            assert kid.hex(role, game) == ("#ff0000" if (game, role) == ("archeo", "star") else ink.hex(role, game))
    # what a user gets: an archeo part drawn with "half" is drawn exactly like classic's
    kit = next(k for k in all_games() if k.id == "archeo")
    pix = []
    for theme in (half, load_theme("classic")):
        opts = BuildOptions(paper=get_paper("a4"), theme=theme, bleed=mm(3), duplex="none")
        part = next(p for p in kit.parts(opts) if p.name == "tiles")  # the tiles and, on their last sheet, the tokens
        pix.append(_pixels(render_part(part, opts, kit.title)[0]))
    assert pix[0] == pix[1]


def test_extends_a_user_theme_and_loops(home):
    cwd, config = home
    _theme(config / "base", "#123456")
    (cwd / "themes" / "child").mkdir(parents=True)
    (cwd / "themes" / "child" / "theme.toml").write_text('[theme]\nextends = "base"\n', encoding="utf-8")
    assert load_theme("child").hex("ink") == "#123456"
    (config / "base" / "theme.toml").write_text('[theme]\nextends = "child"\n', encoding="utf-8")
    load_theme.cache_clear()
    res = _run("duplex-test", "--theme", "child", "--out", str(cwd / "out"))
    assert res.exit_code == 1 and "loops (child → base → child)" in res.stderr, res.output


def test_theme_name_problems_are_usage_errors(home):
    for bad in ("a b", "x" * 5000, "classic\0"):
        with pytest.raises(UsageError):
            load_theme(bad)


def test_templates_of_a_named_theme_run_sandboxed(home):
    """A theme found by name (./themes) is untrusted like any other: its
    template cannot reach Python internals."""
    from printkit import PrintkitError
    from printkit.render.documents import render_document

    cwd, _ = home
    folder = _theme(cwd / "themes" / "stranger", CLASSIC["colours"]["ink"])
    (folder / "t.html.j2").write_text("{{ cycler.__init__.__globals__.os.popen('id').read() }}", encoding="utf-8")
    with pytest.raises(PrintkitError, match="t.html.j2, line 1.*not allowed"):
        render_document("t.html.j2", {}, load_theme("stranger"), get_paper("a4"))


def test_theme_comments_are_copied_as_plain_one_line_text(tmp_path):
    """A comment a stranger's theme gives a key is written back into a new
    theme: control characters, line/paragraph separators and bidi controls
    become spaces, so the comment stays one plain line."""
    from printkit.themefiles import key_comments

    theme = tmp_path / "theme.toml"
    theme.write_text('[colours]\nink = "#2b2118"  # main\x1b[31m text\u2028[fonts]\u202e here\n', encoding="utf-8")
    said = key_comments([theme])[("colours", "ink")]
    assert said == "main [31m text [fonts]  here"

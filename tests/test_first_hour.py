"""A player's first hour at the command line (issue 15): progress on long
work, scoring a whole output folder of PDFs, help examples that are never
re-wrapped, shell completion — all through the CLI."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import click._termui_impl
import pytest
from click.testing import CliRunner

import printkit.build
import printkit.progress
import printkit.registry
from printkit import PrintkitError
from printkit.build import GameKit, Part
from printkit.cli import main

from conftest import make_deck
from test_fillable import field_values, pypdf_fill

ROOT = Path(__file__).resolve().parent.parent
STEP_LINE = re.compile(r"^(?P<game>[a-z][a-z0-9_-]*): (?P<name>\S+) done \((?P<done>\d+)/(?P<total>\d+)\)$")


def run(*args, env=None):
    """The CLI in-process, with the progress a user gets (the suite's
    ``PRINTKIT_PROGRESS=none``, see conftest.py, unset)."""
    return CliRunner().invoke(main, list(args), env={"PRINTKIT_PROGRESS": None, **(env or {})})


# ----------------------------------------------------------------- tiny games (fast builds)


def _tiny(gid: str, sizes: tuple[int, ...]) -> GameKit:
    """A game of synthetic decks, one part per size (cards per part)."""
    def parts(options):
        return [Part(f"deck-{i}", f"Deck {i}", "card", components=make_deck(options.theme, n), count=n)
                for i, n in enumerate(sizes, 1)]
    return GameKit(id=gid, title=f"Tiny {gid}", tagline="", parts=parts)


def _broken(options):
    raise PrintkitError("tiny-c: the second part cannot be drawn")


TINY = {"tiny-a": _tiny("tiny-a", (2, 3, 1)), "tiny-b": _tiny("tiny-b", (1, 2)),
        "tiny-c": GameKit(id="tiny-c", title="Tiny C", tagline="", parts=lambda options: [
            Part("deck-1", "Deck 1", "card", components=make_deck(options.theme, 1), count=1),
            Part("broken", "Broken", "paper", document=lambda: _broken(options))])}


@pytest.fixture
def tiny_games(monkeypatch):
    """``all`` = the two tiny games (the real registry is left alone)."""
    monkeypatch.setattr(printkit.registry, "game_ids", lambda: ["tiny-a", "tiny-b"])
    monkeypatch.setattr(printkit.registry, "resolve_game", lambda text: text)  # tiny-c too, by its id
    monkeypatch.setattr(printkit.build, "load_game", lambda gid: TINY[gid])


def _step_lines(stderr: str) -> list[tuple[str, str, int, int]]:
    return [(m["game"], m["name"], int(m["done"]), int(m["total"]))
            for m in map(STEP_LINE.match, stderr.splitlines()) if m]


# ----------------------------------------------------------------- progress


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_lines_per_game_and_part_when_not_a_terminal(tiny_games, tmp_path, jobs):
    """Not a terminal (CliRunner's stderr): one line per game started and per
    part and kit done, on stderr, reported in the parent in game order — with
    one process and with forked workers alike; stdout keeps the file list."""
    r = run("build", "all", "--out", str(tmp_path), "--jobs", jobs)
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert lines[0] == "tiny-a: started, 4 steps"
    steps = _step_lines(r.stderr)
    assert len(steps) + 2 == len(lines)                       # nothing else on stderr
    for gid in ("tiny-a", "tiny-b"):
        mine = [s for s in steps if s[0] == gid]
        written = sorted(p.name for p in (tmp_path / gid).glob("*.pdf"))
        # every written file is announced once, the kit last, counting up to the total
        assert sorted(name for _, name, _, _ in mine) == written
        assert mine[-1][1] == f"{gid}-kit.pdf"
        assert [d for _, _, d, _ in mine] == list(range(1, len(written) + 1))
        assert {t for _, _, _, t in mine} == {len(written)}
    assert lines.index("tiny-b: started, 3 steps") == 1 + 4  # the games one after the other
    assert "7 PDFs written" in r.stdout and "done" not in r.stdout


def test_quiet_shows_no_progress_and_no_file_list(tiny_games, tmp_path):
    r = run("build", "all", "--out", str(tmp_path), "-q", "--fillable")
    assert r.exit_code == 0, r.output
    assert r.stdout == ""  # the file list and the total go
    # the notes stay, on stderr (they may ask for something); no progress
    # one line per option, naming every game that ignores it
    assert r.stderr.splitlines() == ["note: --fillable does not apply to tiny-a, tiny-b; ignored"]
    assert len(list(tmp_path.rglob("*.pdf"))) == 7


def test_a_progress_bar_on_a_terminal(tiny_games, tmp_path, monkeypatch):
    """stderr a terminal (faked in-process for printkit and for click's bar):
    click's progress bar per game, redrawn in place, ended before the
    summary; no plain lines."""
    monkeypatch.setattr(printkit.progress, "on_terminal", lambda stream: True)
    monkeypatch.setattr(click._termui_impl, "isatty", lambda stream: True)
    r = run("build", "all", "--out", str(tmp_path), "--jobs", "1", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    assert not _step_lines(r.stderr) and "started" not in r.stderr
    frames = [f for f in re.split(r"[\r\n]", r.stderr) if f.strip("\x1b[?25lh ")]
    bars = [re.search(r"(tiny-[ab]) +\[([#-]+)\] +(\d)/(\d)", f) for f in frames]
    assert all(bars), frames
    drawn = [(m[1], int(m[3]), int(m[4])) for m in bars]
    assert drawn[0] == ("tiny-a", 0, 4) and ("tiny-a", 4, 4) in drawn and drawn[-1] == ("tiny-b", 3, 3)
    full = [m[2] for m in bars if m[3] == m[4]]
    assert full and all(set(b) == {"#"} for b in full)       # a finished bar is all filled
    assert r.stderr.count("\n") == 2                          # each bar ended by one new line


def test_an_error_after_progress_is_still_one_line_the_last(tiny_games, tmp_path):
    """Not a terminal: the steps done so far, then the one error line; the
    finished part is not written (all files of a game or none)."""
    r = run("build", "tiny-c", "--out", str(tmp_path))
    assert r.exit_code == 1, r.output
    assert r.stderr.splitlines() == ["tiny-c: started, 3 steps", "tiny-c: deck-1.pdf done (1/3)",
                                     "printkit: tiny-c: the second part cannot be drawn"]
    assert r.stdout == "" and not list(tmp_path.rglob("*.pdf"))


@pytest.mark.parametrize("setting,terminal,expect", [("none", False, "nothing"), ("lines", True, "lines"),
                                                     ("sideways", False, "lines")])
def test_printkit_progress_overrides_the_choice(tiny_games, tmp_path, monkeypatch, setting, terminal, expect):
    """PRINTKIT_PROGRESS=none: no progress but the file list; =lines: plain
    lines even on a terminal; anything else: the usual choice."""
    monkeypatch.setattr(printkit.progress, "on_terminal", lambda stream: terminal)
    r = run("build", "tiny-b", "--out", str(tmp_path), env={"PRINTKIT_PROGRESS": setting})
    assert r.exit_code == 0, r.output
    assert "3 PDFs written" in r.stdout
    if expect == "nothing":
        assert r.stderr == ""
    else:
        assert r.stderr.splitlines()[0] == "tiny-b: started, 3 steps" and len(_step_lines(r.stderr)) == 3


def test_deck_progress_lines_and_quiet(tmp_path):
    deck = ROOT / "examples" / "deck"
    args = ["deck", str(deck / "cards.csv"), "--layout", str(deck / "front.toml"), "--back", str(deck / "back.toml"),
            "--out", str(tmp_path)]
    r = run(*args)
    assert r.exit_code == 0, r.output
    steps = _step_lines(r.stderr)
    assert [name for _, name, _, _ in steps][-2:] == ["preflight", "write"]
    assert re.search(r"^finds: sheet 1/\d+ done \(1/\d+\)$", r.stderr, flags=re.M), r.stderr
    assert steps[-1][2] == steps[-1][3]
    q = run(*args, "--quiet")
    assert q.exit_code == 0 and q.output == ""


def test_progress_uses_no_deprecated_click_api(tmp_path):
    """A real ``printkit deck`` with progress lines, DeprecationWarnings raised in
    printkit's own modules made errors: none is raised.  click 8.5 deprecates
    ``click.get_text_stream`` (every run warned, e.g. 333 warnings in a test run)
    and click 9 removes it, when every command showing progress would stop with
    an AttributeError; printkit's dependency is ``click>=8.1``, unbounded."""
    deck = ROOT / "examples" / "deck"
    script = ("import sys, warnings\n"
              "warnings.filterwarnings('error', category=DeprecationWarning, module=r'printkit(\\.|$)')\n"
              "from printkit.cli import main\n"
              "main(sys.argv[1:])\n")
    env = dict(os.environ, PRINTKIT_PROGRESS="lines",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    p = subprocess.run([sys.executable, "-c", script, "deck", str(deck / "cards.csv"), "--layout", str(deck / "front.toml"),
                        "--back", str(deck / "back.toml"), "--out", str(tmp_path)],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Warning" not in p.stderr and re.search(r"^finds: write done", p.stderr, flags=re.M), p.stderr


# ----------------------------------------------------------------- score a whole output folder


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """``printkit build archeotrek --fillable --players 2`` (progress checked
    here too, once), then the players fill dig-site-sheets.pdf."""
    from printkit.games.archeotrek.simulate import simulate

    out = tmp_path_factory.mktemp("fillable")
    r = run("build", "archeotrek", "--fillable", "--players", "2", "--out", str(out))
    assert r.exit_code == 0, r.output
    game_dir = out / "archeotrek"
    steps = _step_lines(r.stderr)
    assert r.stderr.splitlines()[0] == f"archeotrek: started, {len(steps)} steps"
    assert sorted(name for _, name, _, _ in steps) == sorted(p.name for p in game_dir.glob("*.pdf"))
    game = simulate(2, 21)
    values = {}
    for i, pl in enumerate(game["player"], 1):
        values.update(field_values(pl, f"p{i}"))
    sheets = game_dir / "dig-site-sheets.pdf"
    sheets.write_bytes(pypdf_fill(sheets.read_bytes(), values))
    (out / "game.toml").write_text(run("simulate", "archeotrek", "--players", "2", "--seed", "21").stdout,
                                   encoding="utf-8")
    return game_dir


def _pdfs(folder: Path) -> list[str]:
    return sorted(str(p) for p in folder.glob("*.pdf"))  # what the shell makes of *.pdf


def _without_source(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "source"}


def test_score_every_pdf_of_an_output_folder(folder):
    pdfs = _pdfs(folder)
    assert {Path(p).name for p in pdfs} >= {"tokens.pdf", "archeotrek-kit.pdf"}
    r = run("score", "archeotrek", "--json", *pdfs)
    assert r.exit_code == 0, r.output
    expected = run("score", "archeotrek", "--json", str(folder.parent / "game.toml"))
    assert expected.exit_code == 0, expected.output
    got = json.loads(r.stdout)
    assert _without_source(got) == _without_source(json.loads(expected.stdout))
    assert len(got["players"]) == 2
    # one note per PDF without Dig Site sheets, on stderr; the kit (sheets left empty) is read silently
    assert sorted(r.stderr.splitlines()) == [f"skipped {folder / n}: no Dig Site sheets"
                                             for n in ("rules-reference.pdf", "tokens.pdf")]


def test_validate_and_export_game_skip_the_same_pdfs(folder):
    v = run("validate", "archeotrek", *_pdfs(folder))
    assert v.exit_code == 0, v.output
    assert v.stderr.count("skipped ") == 2 and v.stdout.strip().endswith("valid (0 error(s), 0 warning(s))")
    e = run("export-game", "archeotrek", *_pdfs(folder))
    assert e.exit_code == 0, e.output
    assert tomllib.loads(e.stdout)["player"] == tomllib.loads((folder.parent / "game.toml").read_text())["player"]


def test_no_pdf_with_sheets_is_one_error_line(folder):
    plain = [str(folder / n) for n in ("rules-reference.pdf", "tokens.pdf")]
    for cmd in ("score", "validate", "export-game"):
        r = run(cmd, "archeotrek", *plain)
        assert r.exit_code == 1, r.output
        assert r.stdout == "" and len(r.stderr.splitlines()) == 1, r.stderr
        assert "no Dig Site sheets in any of these 2 PDFs" in r.stderr and "--fillable" in r.stderr


# ----------------------------------------------------------------- help examples


def _help(*args, columns: int) -> str:
    """``--help`` on a terminal ``columns`` wide (CliRunner fixes COLUMNS at
    80, so the width is given to click as the terminal's)."""
    r = CliRunner().invoke(main, [*args, "--help"], terminal_width=columns)
    assert r.exit_code == 0, r.output
    return r.stdout


def _example_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("printkit ")]


@pytest.mark.parametrize("cmd", [(), ("score",), ("validate",), ("export-game",), ("simulate",), ("deck",)])
@pytest.mark.parametrize("columns", [80, 60])
def test_help_examples_are_never_rewrapped(cmd, columns):
    """Each example is one whole command line at any width: the lines are
    the ones printed on a 300-column terminal, and each names an existing
    file (a line cut mid-name would not)."""
    wide = _example_lines(_help(*cmd, columns=300))
    assert wide
    assert _example_lines(_help(*cmd, columns=columns)) == wide
    if cmd in (("score",), ("validate",)):
        section = _help(*cmd, columns=columns).split("Examples:")[1]
        assert [ln.strip() for ln in section.strip().splitlines()] == wide  # no continuation lines
        for line in wide:
            assert (ROOT / line.split()[-1]).is_file() or line.endswith(".pdf"), line


def test_score_help_at_60_columns_in_a_real_process():
    """The same through COLUMNS, as a narrow terminal sets it."""
    env = dict(os.environ, COLUMNS="60", PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    p = subprocess.run([sys.executable, "-m", "printkit", "score", "--help"], capture_output=True, text=True,
                       env=env, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    assert max(map(len, p.stdout.split("Examples:")[0].splitlines())) <= 60   # the prose is wrapped to 60
    assert _example_lines(p.stdout) == _example_lines(_help("score", columns=300))


# ----------------------------------------------------------------- shell completion


def _registered() -> list[str]:
    """The games pyproject.toml registers (the oracle for completion)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["project"]["entry-points"]["printkit.games"])


@pytest.mark.parametrize("shell,needle", [("bash", "complete -o nosort -F _printkit_completion printkit"),
                                          ("zsh", "#compdef printkit"),
                                          ("fish", "complete --no-files --command printkit")])
def test_completion_scripts_are_produced(shell, needle):
    r = CliRunner().invoke(main, [], prog_name="printkit", env={"_PRINTKIT_COMPLETE": f"{shell}_source"})
    assert r.exit_code == 0 and needle in r.stdout, r.output


@pytest.mark.parametrize("words,cword,expected", [
    ("printkit build ar", 2, lambda ids: [g for g in ids if g.startswith("ar")]),
    ("printkit build ", 2, lambda ids: ids + ["all"]),  # "all" after the games
    ("printkit score archeo", 2, lambda ids: [g for g in ids if g.startswith("archeo")]),
])
def test_completing_a_game_offers_the_game_ids(words, cword, expected):
    env = {"_PRINTKIT_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    r = CliRunner().invoke(main, [], prog_name="printkit", env=env)
    assert r.exit_code == 0, r.output
    offered = [line.split(",", 1)[1] for line in r.stdout.splitlines()]
    want = expected(sorted(_registered()))
    assert offered and sorted(offered) == sorted(want)
    if "all" in want:
        assert offered[-1] == "all"


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_really_completes_build_ar(tmp_path):
    """The script a user puts in ~/.bashrc, run by bash itself, with a
    ``printkit`` on PATH: Tab after ``printkit build ar`` offers the games."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    exe = bin_dir / "printkit"
    exe.write_text(f"#!/bin/sh\nexec {sys.executable} -m printkit \"$@\"\n", encoding="utf-8")
    exe.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    script = ('eval "$(_PRINTKIT_COMPLETE=bash_source printkit)"; COMP_WORDS=(printkit build ar); COMP_CWORD=2; '
              '_printkit_completion printkit; printf "%s\\n" "${COMPREPLY[@]}"')
    p = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert p.returncode == 0, p.stderr
    assert sorted(p.stdout.split()) == sorted(g for g in _registered() if g.startswith("ar"))

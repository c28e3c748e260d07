"""GAME by title or any case, a game file of another game in one line, and
``score -`` reading standard input (issue 26, first hour).  Each command runs
as a user runs it: the ``printkit`` module in a new interpreter."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TREK = "examples/archeotrek/finished-4-players.toml"
ARCHAEOLOGY = "examples/archaeology/finished-3-players.toml"


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printkit", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=120)


@functools.cache
def _run_once(*args: str) -> subprocess.CompletedProcess:
    """:func:`run` of ``printkit ARGS``, once per module: the reference the cases compare with."""
    return run(*args)


@pytest.mark.parametrize("name", ["ARCHEOTREK", "ArchéoTREK", "Trek 12: ArchéoTREK", "trek 12 archeotrek"])
def test_game_by_title_or_any_case_scores_like_its_id(name):
    by_id = _run_once("score", "archeotrek", TREK)
    by_name = run("score", name, TREK)
    assert by_id.returncode == 0 and by_name.returncode == 0, by_name.stderr
    assert by_name.stdout == by_id.stdout


@pytest.mark.slow
def test_validate_and_build_take_a_title_too(tmp_path):
    v = run("validate", "Archéo", "examples/archeo/finished-3-players.toml")
    assert v.returncode == 0 and b"valid" in v.stdout
    b = run("build", "ARCHEOTREK", "-q", "--out", str(tmp_path))
    assert b.returncode == 0, b.stderr
    assert (tmp_path / "archeotrek" / "archeotrek-kit.pdf").is_file()  # the id names the folder, not the spelling


def test_an_unknown_game_is_one_usage_line():
    r = run("score", "monopoly", TREK)
    assert r.returncode == 2 and r.stdout == b""
    lines = r.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "'monopoly'" in lines[0] and "archeotrek" in lines[0]


#: Every command that takes a GAME, with what follows it (a file that is there).
GAME_COMMANDS = {"build": [], "score": [TREK], "validate": [TREK], "export-game": ["README.md"],
                 "simulate": [], "scorepad": ["-o", "-"]}
_CHOOSE = "; choose one of: archaeologia, archaeology, archeo, archeotrek, by id or title in any case"


@pytest.mark.parametrize("command", sorted(GAME_COMMANDS))
@pytest.mark.parametrize("name,hint", [("monopoly", ""), ("archeotrk", " (did you mean 'archeotrek'?)"),
                                       ("Trek 12: Archéo", " (did you mean 'archeotrek'?)"),
                                       ("ARCHEOLOGY", " (did you mean 'archaeology'?)")])
def test_every_command_words_an_unknown_game_the_same_way(command, name, hint):
    """``build`` said "unknown game 'foo'; choose one of …", the others click's
    "Invalid value for 'GAME': 'foo' is not one of …": now every command
    says the first, in one line, exit 2 — with the closest game's id when a
    name is near one (an id or a title, any case)."""
    r = run(command, name, *GAME_COMMANDS[command])
    assert (r.returncode, r.stdout) == (2, b""), r.stderr
    assert r.stderr.decode().splitlines() == [f"printkit: GAME: unknown game {name!r}{_CHOOSE}{hint}"]


@functools.cache
def _by_id(*args: str) -> bytes:
    """The stdout of ``printkit ARGS`` (the game given by its id), run once per module."""
    return run(*args).stdout


@pytest.mark.parametrize("name", ["ARCHEOTREK", "Trek 12: ArchéoTREK"])
def test_simulate_and_scorepad_take_a_title_or_any_case_too(name):
    assert run("simulate", name, "--seed", "3").stdout == _by_id("simulate", "archeotrek", "--seed", "3") != b""
    assert run("scorepad", name, "-o", "-").stdout == _by_id("scorepad", "archeotrek", "-o", "-") != b""


@pytest.mark.parametrize("command", ["score", "validate"])
def test_a_file_of_another_game_is_one_line_naming_it(command):
    r = run(command, "archeotrek", ARCHAEOLOGY)
    assert r.returncode == 1 and r.stdout == b""
    lines = r.stderr.decode().strip().splitlines()
    assert len(lines) == 1, lines  # not 19 problems with a file never meant for this game
    assert "Archaeology" in lines[0] and f"printkit score archaeology {ARCHAEOLOGY}" in lines[0]


@pytest.mark.parametrize("game,other", [("archeotrek", ARCHAEOLOGY), ("archeo", TREK)])
def test_json_of_another_games_file_puts_the_game_name_first(game, other):
    """--json keeps every problem for programs, the wrong `game` first (Archéo
    checks its keys before the name: an ArchéoTREK file's [[player]] came first)."""
    import json

    r = run("score", game, other, "--json")
    assert r.returncode == 1
    problems = json.loads(r.stdout)["problems"]
    assert problems[0]["code"] == "game-name" and len(problems) > 1, problems[:3]


def test_a_wrong_game_line_naming_no_game_keeps_every_problem(tmp_path):
    f = tmp_path / "g.toml"
    f.write_text((ROOT / TREK).read_text(encoding="utf-8").replace('game = "archeotrek"', 'game = "chess"'),
                 encoding="utf-8")
    r = run("score", "archeotrek", str(f))
    assert r.returncode == 1 and b"game-name" in r.stderr and b"chess" in r.stderr


def test_score_reads_a_piped_game_from_stdin():
    game = run("simulate", "archeotrek", "--seed", "7")
    assert game.returncode == 0
    piped = run("score", "archeotrek", "-", stdin=game.stdout)
    assert piped.returncode == 0, piped.stderr
    assert b"Winner" in piped.stdout
    valid = run("validate", "archeotrek", "-", stdin=game.stdout)
    assert valid.returncode == 0 and b"<stdin>: valid" in valid.stdout
    other = run("score", "archeotrek", "-", stdin=(ROOT / ARCHAEOLOGY).read_bytes())
    assert other.returncode == 1 and b"printkit score archaeology -" in other.stderr


def test_stdin_is_bounded_like_a_file_and_errors_name_it():
    huge = run("score", "archeotrek", "-", stdin=b"#" * (3 * 1024 * 1024))
    assert huge.returncode == 1 and len(huge.stderr.strip().splitlines()) == 1 and b"<stdin>" in huge.stderr
    empty = run("score", "archeotrek", "-", stdin=b"")
    assert empty.returncode == 1 and b"<stdin>: empty" in empty.stderr
    bad = run("score", "archeotrek", "-", stdin=b'game = "archeotrek"\nx =\n')
    assert bad.returncode == 1 and bad.stderr.startswith(b"printkit: <stdin>: invalid TOML")
    assert b"/tmp" not in bad.stderr and b"stdin.toml" not in bad.stderr
    mixed = run("score", "archeotrek", "-", TREK, stdin=b"")
    assert mixed.returncode == 2


EXAMPLES = {gid: f"examples/{gid}/finished-{n}-players.toml"
            for gid, n in [("archaeologia", 3), ("archaeology", 3), ("archeo", 3), ("archeotrek", 4)]}
TITLES = {"archaeologia": "Archaeologia", "archaeology": "Archaeology", "archeo": "Archéo",
          "archeotrek": "Trek 12: ArchéoTREK"}


def _without_game_line(gid: str, tmp_path: Path) -> Path:
    text = (ROOT / EXAMPLES[gid]).read_text(encoding="utf-8")
    assert f'game = "{gid}"\n' in text
    f = tmp_path / f"{gid}-no-game-line.toml"
    f.write_text(text.replace(f'game = "{gid}"\n', ""), encoding="utf-8")
    return f


@pytest.mark.parametrize("meant", sorted(EXAMPLES))
def test_a_file_with_no_game_line_scored_as_another_game_names_the_one_it_fits(meant, tmp_path):
    """Typed without its `game` line and handed to the wrong game: one line
    naming the game that reads it with no error, for each other game."""
    from click.testing import CliRunner

    from printkit.cli import main

    f = _without_game_line(meant, tmp_path)
    for game in sorted(set(EXAMPLES) - {meant}):
        r = CliRunner().invoke(main, ["score", game, str(f)])
        assert r.exit_code == 1 and r.stdout == "", (game, r.output)
        lines = r.stderr.strip().splitlines()
        assert lines == [f"printkit: {f}: no `game` line, and it reads as a game of {TITLES[meant]} with no "
                         f"error, not of {TITLES[game]}; score it with: printkit score {meant} {f}"], (game, lines)
    ok = CliRunner().invoke(main, ["score", meant, str(f)])  # its own game: scored, the warning kept
    assert ok.exit_code == 0 and str(f) in ok.stdout and "game-name" in ok.stderr


def test_validate_names_the_game_too_and_a_broken_file_keeps_its_problems(tmp_path):
    f = _without_game_line("archaeology", tmp_path)
    r = run("validate", "archeotrek", str(f))
    assert r.returncode == 1 and r.stdout == b""
    assert r.stderr.decode().strip().splitlines() == [
        f"printkit: {f}: no `game` line, and it reads as a game of Archaeology with no error, not of "
        f"Trek 12: ArchéoTREK; score it with: printkit score archaeology {f}"]
    # broken for every game (a player's name misspelt): no guess, the problems as usual
    text = f.read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("name = ", "nom = ", 1), encoding="utf-8")
    b = run("validate", "archeotrek", str(broken))
    assert b.returncode == 1 and b"no `game` line, and it reads as" not in b.stderr
    assert b"unknown-key" in b.stdout or b"unknown-key" in b.stderr


def test_a_file_past_64_kb_is_not_read_again_as_every_other_game(tmp_path):
    """The guess reads the file once more per other game: only for a file of
    at most 64 kB (a table of eight players is a few kB).  The same game
    padded past that with a comment gets its problems as usual, at once."""
    from click.testing import CliRunner

    from printkit.cli import main

    f = _without_game_line("archaeology", tmp_path)
    text = f.read_text(encoding="utf-8")
    for size, guessed in ((64 * 1024, True), (64 * 1024 + 1, False)):
        padded = tmp_path / f"padded-{size}.toml"
        padded.write_text(text + "#" * (size - len(text.encode()) - 1) + "\n", encoding="utf-8")
        assert padded.stat().st_size == size
        r = CliRunner().invoke(main, ["score", "archeotrek", str(padded)])
        assert r.exit_code == 1
        assert ("reads as a game of Archaeology" in r.stderr) is guessed, (size, r.stderr)
        assert ("unknown-key" in r.output) is not guessed
